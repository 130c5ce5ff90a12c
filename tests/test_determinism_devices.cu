/* tests/test_determinism_devices.cu - in the deterministic mode a scan's bits are a function of n
 * and the (type, op): the SMs a context runs on and the GPU of a machine change none of them.
 *
 * What AUTO runs for a size follows the device - the fold where all tiles fit at once, one cluster
 * where clusters launch, the ring's persistent blocks one or two an SM - and a context of fewer SMs
 * (a green context; MPS alike) changes all three.  Every (type, op) below, at sizes on both sides of
 * each of AUTO's boundaries (the one-tile scan, one cluster, the fold, the look-back's waves, the
 * ring and the two-read reduce-ahead), runs first on the whole of device 0, where each result is
 * checked against the CPU (a double reference for the sums; so the suite cannot pass on garbage),
 * then in green contexts of 8, 16 and 33 SMs (as the driver rounds them) and on every other device
 * of the machine; each of its results - the simple inclusive and exclusive scans, the `_ex`
 * inclusive scan and the reduction - must match the first run's bit for bit.  The simple and `_ex`
 * forms must also match each other (the same association whichever form is called).
 * (type, op): float and double add, half and bfloat16 add, and a float custom operator that
 * rounds (log-add-exp: log(e^a + e^b), the operator of a log-space cumsum).  Values spread over
 * many binades, so that any change of association shows in the bits.
 * An input one element past a 16-byte boundary must give the aligned input's bits too, scans and
 * reductions, except where the aligned input runs on the ring (4- and 8-byte built-in types from
 * reduce-ahead's threshold, sm_90: the ring's bulk copies need the alignment, and its units and
 * block scan are not the two-read kernel's): there the count that differ is reported.
 * Skipped without a GPU; the green contexts skipped (reported) where the driver has none. */
#ifndef GPUSCAN_DETERMINISTIC
#define GPUSCAN_DETERMINISTIC 1
#endif
#include <vector>
#include "gpuscan.cuh"
#include "test_lib.h"

/* log(e^a + e^b), the identity -inf: associative, commuting (not declared so: it takes the paths a
 * custom operator takes), and rounding differently in every association. */
static __host__ __device__ inline float logadd(float a, float b)
{
    if (a == -INFINITY) return b;
    if (b == -INFINITY) return a;
    return fmaxf(a, b) + log1pf(expf(-fabsf(a - b)));
}
#define GPUSCAN_OP_logadd_IDENTITY(name, T) (-INFINITY)
#define GPUSCAN_OP_logadd_COMBINE(T, a, b) logadd(a, b)

GPUSCAN_DEFINE_NAMED(f32, float, add)
GPUSCAN_DEFINE_NAMED(f64, double, add)
GPUSCAN_DEFINE_NAMED(h16, __half, add)
GPUSCAN_DEFINE_NAMED(b16, __nv_bfloat16, add)
GPUSCAN_DEFINE_NAMED(lse, float, logadd)
TEST_REFERENCE_OF(gpuscan_f32_add, float, TEST_TO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_f64_add, double, TEST_TO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_h16_add, __half, TEST_HALF_TO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_b16_add, __nv_bfloat16, TEST_BF16_TO_DOUBLE)
TEST_ELEMENT(gpuscan_f32_add, float, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_f64_add, double, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_h16_add, __half, TEST_HALF_TO_DOUBLE)
TEST_ELEMENT(gpuscan_b16_add, __nv_bfloat16, TEST_BF16_TO_DOUBLE)
TEST_ELEMENT(gpuscan_lse_logadd, float, TEST_TO_DOUBLE)
GEN_SPREAD(f32, float)
GEN_SPREAD(f64, double)
/* +-u * 2^e, u in [0.5, 1), e in [-8, 0]: no half sum of the sizes below leaves half's range */
#define GEN_SPREAD_SMALL(name, T, FROM_FLOAT)                                                       \
    static void gen_##name(T *x, size_t n, int opc, uint64_t *rng)                                  \
    {                                                                                               \
        (void)opc;                                                                                  \
        for (size_t i = 0; i < n; ++i) {                                                            \
            const float u = (float)(0.5 + 0.5 * rng_uniform(rng));                                  \
            x[i] = FROM_FLOAT((rng_next(rng) & 1 ? u : -u) * ldexpf(1.0f, (int)(rng_next(rng) % 9) - 8)); \
        }                                                                                           \
    }
GEN_SPREAD_SMALL(h16, __half, __float2half)
GEN_SPREAD_SMALL(b16, __nv_bfloat16, __float2bfloat16)
static void gen_lse(float *x, size_t n, int opc, uint64_t *rng) /* uniform in [-8, 8] */
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) x[i] = (float)(16.0 * rng_uniform(rng) - 8.0);
}
/* Checks a log-add-exp scan (inclusive, or exclusive from init) against one in double. */
static size_t wrong_lse(const float *x, const float *got, size_t n, int exclusive, float init, double tol)
{
    double acc = exclusive ? (double)init : -INFINITY;
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        const double before = acc, v = x[i];
        acc = acc == -INFINITY ? v : fmax(acc, v) + log1p(exp(-fabs(acc - v)));
        const double want = exclusive ? before : acc;
        if (!(fabs((double)got[i] - want) <= tol * (1.0 + fabs(want))) && bad++ == 0)
            snprintf(g_note, sizeof g_note, "  [%zu] got %.9g, want %.17g\n", i, (double)got[i], want);
    }
    return bad;
}
#define TOL_f32 1e-4
#define TOL_f64 1e-12
#define TOL_h16 1e-2
#define TOL_b16 5e-2
#define TOL_lse 1e-5

/* A run's fingerprint: a 64-bit hash of each result (FNV-1a over 8-byte words). */
enum { INCLUSIVE, EXCLUSIVE, EX_INCLUSIVE, REDUCE, MISALIGNED, MISALIGNED_REDUCE, RESULTS };
static const char *const k_result_name[RESULTS] = {"inclusive", "exclusive", "_ex inclusive", "reduce",
                                                   "inclusive of an input 1 element past 16 bytes",
                                                   "reduce of an input 1 element past 16 bytes"};
static uint64_t hash_bytes(const void *p, size_t bytes)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull;
    size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 1099511628211ull;
    }
    for (; i < bytes; ++i) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}
typedef struct {
    const char *type;
    size_t n;
    uint64_t hash[RESULTS];
} fingerprint;
#define MAX_CASES 64
static fingerprint g_first[MAX_CASES]; /* device 0, all of it */
static int g_cases;
static long g_compared, g_ring_sized, g_ring_misaligned_differ;

/* One (type, op) at size n in the current context: its results' fingerprints, compared with the
 * first context's (first: recorded, and checked against the CPU).  The input is the same in every
 * context: generated from a seed of the case's own.  RING: (type, op) takes the ring (sm_90). */
#define DEVICES_CASE(name, op, T, RING, n_, first, where)                                           \
    do {                                                                                            \
        const size_t n = (n_);                                                                      \
        const int c = cases++;                                                                      \
        uint64_t rng = seed + 7919u * (uint64_t)c;                                                  \
        std::vector<T> h_in(n + 1), h_out(n);                                                       \
        T init, *d_in, *d_in_off, *d_out, *d_result;                                                \
        gen_##name(h_in.data(), n, OPC_ADD, &rng);                                                  \
        gen_##name(&init, 1, OPC_ADD, &rng);                                                        \
        CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(T)));                                               \
        CHECK_CUDA(cudaMalloc(&d_in_off, (n + 1) * sizeof(T)));                                     \
        CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(T)));                                              \
        CHECK_CUDA(cudaMalloc(&d_result, sizeof(T)));                                               \
        CHECK_CUDA(cudaMemcpy(d_in, h_in.data(), n * sizeof(T), cudaMemcpyHostToDevice));           \
        CHECK_CUDA(cudaMemcpy(d_in_off + 1, h_in.data(), n * sizeof(T), cudaMemcpyHostToDevice));   \
        fingerprint f = {#name, n, {0}};                                                            \
        for (int r = 0; r < RESULTS; ++r) {                                                         \
            poison(d_out, n * sizeof(T), 0);                                                        \
            poison(d_result, sizeof(T), 0);                                                         \
            gpuscan_status st = GPUSCAN_SUCCESS;                                                    \
            if (r == INCLUSIVE) st = gpuscan_##name##_##op##_inclusive(d_in, d_out, n, 0);          \
            if (r == EXCLUSIVE) st = gpuscan_##name##_##op##_exclusive(d_in, d_out, n, init, 0);    \
            if (r == EX_INCLUSIVE) {                                                                \
                size_t bytes = 0;                                                                   \
                st = gpuscan_##name##_##op##_scan_ex(NULL, &bytes, d_in, d_out, n, GPUSCAN_INCLUSIVE, init, \
                                                     GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 0);     \
                void *ws = workspace_for(bytes);                                                    \
                if (st == GPUSCAN_SUCCESS)                                                          \
                    st = gpuscan_##name##_##op##_scan_ex(ws, &bytes, d_in, d_out, n, GPUSCAN_INCLUSIVE, init, \
                                                         GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 0); \
            }                                                                                       \
            if (r == REDUCE) st = gpuscan_##name##_##op##_reduce(d_in, d_result, n, 0);             \
            if (r == MISALIGNED) st = gpuscan_##name##_##op##_inclusive(d_in_off + 1, d_out, n, 0); \
            if (r == MISALIGNED_REDUCE) st = gpuscan_##name##_##op##_reduce(d_in_off + 1, d_result, n, 0); \
            EXPECT(st == GPUSCAN_SUCCESS, "%s %s n=%zu %s: %s", where, #name, n, k_result_name[r],  \
                   gpuscan_status_string(st));                                                      \
            CHECK_CUDA(cudaDeviceSynchronize());                                                    \
            const int one = r == REDUCE || r == MISALIGNED_REDUCE;                                  \
            const size_t count = one ? 1 : n;                                                       \
            CHECK_CUDA(cudaMemcpy(h_out.data(), one ? d_result : d_out, count * sizeof(T),          \
                                  cudaMemcpyDeviceToHost));                                         \
            f.hash[r] = hash_bytes(h_out.data(), count * sizeof(T));                                \
            if (first && r <= EXCLUSIVE) CHECK_AGAINST_CPU_##name(r == EXCLUSIVE);                  \
            if (first && r == REDUCE) CHECK_REDUCE_##name();                                        \
        }                                                                                           \
        EXPECT(f.hash[EX_INCLUSIVE] == f.hash[INCLUSIVE], "%s %s n=%zu: the `_ex` form's bits are not the simple form's", \
               where, #name, n);                                                                    \
        EXPECT(f.hash[MISALIGNED_REDUCE] == f.hash[REDUCE], "%s %s n=%zu: an input 1 element past 16 bytes " \
               "reduces to other bits", where, #name, n);                                           \
        const int ring_sized = (RING) && ring_runs &&                                               \
                               n * sizeof(T) >= (sizeof(T) >= 8 ? GPUSCAN_AUTO_AHEAD_MIN_BYTES_WIDE \
                                                                : GPUSCAN_AUTO_AHEAD_MIN_BYTES);    \
        EXPECT(ring_sized || f.hash[MISALIGNED] == f.hash[INCLUSIVE], "%s %s n=%zu: an input 1 element past " \
               "16 bytes scans to other bits", where, #name, n);                                    \
        if (first) {                                                                                \
            g_first[c] = f;                                                                         \
            g_ring_sized += ring_sized;                                                             \
            g_ring_misaligned_differ += ring_sized && f.hash[MISALIGNED] != f.hash[INCLUSIVE];      \
        } else {                                                                                    \
            for (int r = 0; r < RESULTS; ++r) {                                                     \
                EXPECT(f.hash[r] == g_first[c].hash[r], "%s %s n=%zu %s: not the whole device 0's bits", \
                       where, #name, n, k_result_name[r]);                                          \
                ++g_compared;                                                                       \
            }                                                                                       \
        }                                                                                           \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        CHECK_CUDA(cudaFree(d_in_off));                                                             \
        CHECK_CUDA(cudaFree(d_out));                                                                \
        CHECK_CUDA(cudaFree(d_result));                                                             \
    } while (0)
/* The first run's checks against the CPU (h_out holds the result r). */
#define CHECK_SUM_(name, T, P, exclusive)                                                           \
    do {                                                                                            \
        std::vector<T> want(n);                                                                     \
        std::vector<double> dref(n), dabs(n);                                                       \
        ref_##P(h_in.data(), n, (exclusive) ? REF_EXCLUSIVE : REF_INCLUSIVE, init, want.data(), dref.data(), \
                dabs.data());                                                                       \
        const size_t bad = diff_tol_##P(h_out.data(), want.data(), dref.data(), dabs.data(), n, TOL_##name); \
        EXPECT(bad == 0, "%s n=%zu %s: %zu wrong", #name, n, (exclusive) ? "exclusive" : "inclusive", bad); \
    } while (0)
#define CHECK_AGAINST_CPU_f32(x) CHECK_SUM_(f32, float, gpuscan_f32_add, x)
#define CHECK_AGAINST_CPU_f64(x) CHECK_SUM_(f64, double, gpuscan_f64_add, x)
#define CHECK_AGAINST_CPU_h16(x) CHECK_SUM_(h16, __half, gpuscan_h16_add, x)
#define CHECK_AGAINST_CPU_b16(x) CHECK_SUM_(b16, __nv_bfloat16, gpuscan_b16_add, x)
#define CHECK_AGAINST_CPU_lse(x)                                                                    \
    EXPECT(wrong_lse(h_in.data(), h_out.data(), n, (x), init, TOL_lse) == 0, "lse n=%zu %s: wrong", n, \
           (x) ? "exclusive" : "inclusive")
/* the reduction against the inclusive scan's last element, within the sum's tolerance */
#define CHECK_REDUCE_SUM_(name, P, TO_DOUBLE)                                                       \
    do {                                                                                            \
        std::vector<double> dref(n), dabs(n);                                                       \
        ref_##P(h_in.data(), n, REF_INCLUSIVE, init, NULL, dref.data(), dabs.data());               \
        EXPECT(fabs((double)TO_DOUBLE(h_out[0]) - dref[n - 1]) <= TOL_##name * dabs[n - 1], "%s n=%zu reduce: %.17g, want %.17g", \
               #name, n, (double)TO_DOUBLE(h_out[0]), dref[n - 1]);                                 \
    } while (0)
#define CHECK_REDUCE_f32() CHECK_REDUCE_SUM_(f32, gpuscan_f32_add, TEST_TO_DOUBLE)
#define CHECK_REDUCE_f64() CHECK_REDUCE_SUM_(f64, gpuscan_f64_add, TEST_TO_DOUBLE)
#define CHECK_REDUCE_h16() CHECK_REDUCE_SUM_(h16, gpuscan_h16_add, TEST_HALF_TO_DOUBLE)
#define CHECK_REDUCE_b16() CHECK_REDUCE_SUM_(b16, gpuscan_b16_add, TEST_BF16_TO_DOUBLE)
#define CHECK_REDUCE_lse()                                                                          \
    do {                                                                                            \
        const float last = h_out[0];                                                                \
        double acc = -INFINITY;                                                                     \
        for (size_t i = 0; i < n; ++i)                                                              \
            acc = acc == -INFINITY ? h_in[i] : fmax(acc, (double)h_in[i]) + log1p(exp(-fabs(acc - h_in[i]))); \
        EXPECT(fabs(last - acc) <= TOL_lse * (1.0 + fabs(acc)), "lse n=%zu reduce: %.9g, want %.17g", n, \
               (double)last, acc);                                                                  \
    } while (0)

/* Every case once in the current context (`first`: the whole of device 0). */
static void run_cases(uint64_t seed, int first, const char *where)
{
    int cases = 0, major = 0;
    CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    const int ring_runs = major >= 9 && GPUSCAN_RING;
    const size_t t32 = GPUSCAN_TILE_(CO, float), t64 = GPUSCAN_TILE_(CO, double), t16 = GPUSCAN_TILE_(CO, __half);
    /* a part of a tile, one cluster, just past it, the fold (128 tiles on), one wave of the
     * look-back past the fold's reach, several waves, the ring's sizes and the form-dependent band
     * below them (4-byte types: 128-256 MiB), the two-read reduce-ahead (custom operators, halves) */
    const size_t f32_sizes[] = {1000, 3 * t32 + 5, 16 * t32 + 1, 200 * t32 + 7, 600 * t32,
                                ((size_t)1 << 22) + 3, ((size_t)1 << 24) + 1, ((size_t)1 << 25) + 1,
                                ((size_t)1 << 26) + 5};
    const size_t f64_sizes[] = {1000, 3 * t64 + 5, 16 * t64 + 1, 200 * t64 + 7, 600 * t64,
                                ((size_t)1 << 22) + 3, ((size_t)1 << 24) + 1, ((size_t)1 << 25) + 3};
    const size_t h16_sizes[] = {1000, 3 * t16 + 5, 16 * t16 + 1, 200 * t16 + 7, ((size_t)1 << 22) + 3,
                                ((size_t)1 << 24) + 1, ((size_t)1 << 26) + 1};
    const size_t lse_sizes[] = {1000, 3 * t32 + 5, 16 * t32 + 1, 200 * t32 + 7, ((size_t)1 << 22) + 3,
                                ((size_t)1 << 25) + 1};
    for (size_t s = 0; s < sizeof f32_sizes / sizeof f32_sizes[0]; ++s) DEVICES_CASE(f32, add, float, 1, f32_sizes[s], first, where);
    for (size_t s = 0; s < sizeof f64_sizes / sizeof f64_sizes[0]; ++s) DEVICES_CASE(f64, add, double, 1, f64_sizes[s], first, where);
    for (size_t s = 0; s < sizeof h16_sizes / sizeof h16_sizes[0]; ++s) {
        DEVICES_CASE(h16, add, __half, 0, h16_sizes[s], first, where);
        DEVICES_CASE(b16, add, __nv_bfloat16, 0, h16_sizes[s], first, where);
    }
    for (size_t s = 0; s < sizeof lse_sizes / sizeof lse_sizes[0]; ++s) DEVICES_CASE(lse, logadd, float, 0, lse_sizes[s], first, where);
    if (first) g_cases = cases;
    EXPECT(cases == g_cases && cases <= MAX_CASES, "%s: %d cases, the first run had %d", where, cases, g_cases);
    printf("  %s: %d cases x %d results%s\n", where, cases, RESULTS, first ? ", checked against the CPU" : ", compared");
    fflush(stdout);
}

int main(void)
{
    require_gpu("gpu_determinism_devices");
    const uint64_t seed = test_seed();
    int devices = 0, sms = 0;
    char where[96];
    CHECK_CUDA(cudaGetDeviceCount(&devices));
    CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    snprintf(where, sizeof where, "device 0 (%d SMs)", sms);
    run_cases(seed, 1, where);
    for (int d = 1; d < devices; ++d) { /* the machine's other GPUs */
        CHECK_CUDA(cudaFree(g_ws)); /* (the suites' workspace is the current device's) */
        g_ws = NULL, g_ws_bytes = 0;
        CHECK_CUDA(cudaSetDevice(d));
        CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d));
        snprintf(where, sizeof where, "device %d (%d SMs)", d, sms);
        run_cases(seed, 0, where);
    }
    CHECK_CUDA(cudaFree(g_ws));
    g_ws = NULL, g_ws_bytes = 0;
    CHECK_CUDA(cudaSetDevice(0));
    const unsigned wanted[] = {8, 16, 33};
    int contexts = 0;
    for (int k = 0; k < 3; ++k) { /* (each replaces the one before as current) */
        const unsigned got = test_enter_green_context(0, wanted[k]);
        if (got == 0) break;
        snprintf(where, sizeof where, "device 0, a green context of %u SMs", got);
        run_cases(seed, 0, where);
        ++contexts;
    }
    if (contexts == 0) printf("  (no green contexts on this driver: the SM counts were not compared)\n");
    if (g_compared == 0) { /* one GPU and no green contexts: nothing to compare with */
        printf("SKIPPED gpu_determinism_devices: one GPU and no green contexts\n");
        return TEST_SKIP_CODE;
    }
    printf("determinism across devices: %ld results compared with the whole device 0's, %d GPUs, %d green "
           "contexts; inputs 1 element past 16 bytes gave the aligned bits in every case but %ld of the %ld "
           "the ring takes (not promised there)\n",
           g_compared, devices, contexts, g_ring_misaligned_differ, g_ring_sized);
    return test_finish("gpu_determinism_devices");
}
