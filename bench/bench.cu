/* bench/bench.cu - gpuscan against cub::DeviceScan and a device-to-device copy of the same bytes
 * (n read + n written: the physical ceiling of a scan), all measured in one run of one binary.
 *
 *   bench [--csv FILE] [--quick] [--types i32.add,u8.add,...] [--min-log2 10] [--max-log2 30] [--step 2]
 *
 * For every element type, operator, size (2^10 ... 2^30, as memory allows) and algorithm
 * (every grid x block combination, AUTO, CUB, copy): median time of many runs (CUDA events,
 * three warm-ups), GB/s counting bytes read + written, and ratios to copy and to CUB.  Copy,
 * CUB and AUTO are also timed back to back (batch_us: launch latency hidden, see
 * time_batch_us).  Inputs are random; below 256 MiB the runs rotate over several input/output
 * buffers so that the timings are not L2 hits.  Every gpuscan result is compared with CUB's on
 * the device. */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <string>
#include <algorithm>
#include <ctime>
#include <cub/cub.cuh>
#include <cuda/functional>
#define GPUSCAN_EVERY_ALGORITHM 1 /* every algorithm, measured */
#include "gpuscan.cuh"
#include "bench_common.h"


/* A 16-byte struct with component-wise add / max / min. */
struct vec4i { int32_t v[4]; };
static __host__ __device__ inline vec4i v4_add(vec4i a, vec4i b) { for (int i = 0; i < 4; ++i) a.v[i] += b.v[i]; return a; }
static __host__ __device__ inline vec4i v4_max(vec4i a, vec4i b) { for (int i = 0; i < 4; ++i) a.v[i] = a.v[i] < b.v[i] ? b.v[i] : a.v[i]; return a; }
static __host__ __device__ inline vec4i v4_min(vec4i a, vec4i b) { for (int i = 0; i < 4; ++i) a.v[i] = b.v[i] < a.v[i] ? b.v[i] : a.v[i]; return a; }
static __host__ __device__ inline vec4i v4_fill(int32_t x) { vec4i r; for (int i = 0; i < 4; ++i) r.v[i] = x; return r; }
#define GPUSCAN_OP_vadd_IDENTITY(name, T) v4_fill(0)
#define GPUSCAN_OP_vadd_COMBINE(T, a, b) v4_add(a, b)
#define GPUSCAN_OP_vmax_IDENTITY(name, T) v4_fill(INT32_MIN)
#define GPUSCAN_OP_vmax_COMBINE(T, a, b) v4_max(a, b)
#define GPUSCAN_OP_vmin_IDENTITY(name, T) v4_fill(INT32_MAX)
#define GPUSCAN_OP_vmin_COMBINE(T, a, b) v4_min(a, b)
struct V4Add { __host__ __device__ vec4i operator()(vec4i a, vec4i b) const { return v4_add(a, b); } };
struct V4Max { __host__ __device__ vec4i operator()(vec4i a, vec4i b) const { return v4_max(a, b); } };
struct V4Min { __host__ __device__ vec4i operator()(vec4i a, vec4i b) const { return v4_min(a, b); } };

/* ---- one benchmark context ----------------------------------------------------------------- */
static std::string g_device, g_commit, g_date;
static FILE *g_csv = nullptr;
static bool g_quick = false;
static int g_max_log2 = 30, g_min_log2 = 10, g_step = 2;

/* us: isolated calls (time_us); batch_us: back to back (time_batch_us; copy, CUB and AUTO, with
 * --quick every algorithm timed, else < 0). */
struct Row { std::string type, op, algo; size_t n; double us, gbs, of_copy, of_cub; const char *check; double batch_us; };
static std::vector<Row> g_rows;

static double median(std::vector<float> &t) { std::sort(t.begin(), t.end()); return t[t.size() / 2]; }

/* Times fn(rep) with events: three warm-ups, then enough runs for about 30 ms (5..200). */
template <class F> static double time_us(F fn)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    float probe = 0;
    for (int w = 0; w < 3; ++w) {
        CK(cudaEventRecord(a));
        fn(w);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&probe, a, b));
    }
    int reps = probe > 0 ? (int)(30.0f / probe) : 200;
    reps = std::max(5, std::min(g_quick ? 30 : 200, reps));
    std::vector<float> t(reps);
    for (int r = 0; r < reps; ++r) {
        CK(cudaEventRecord(a));
        fn(r);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&t[r], a, b));
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return median(t) * 1000.0;
}

/* Times fn(rep) called back to back: the per-call time of batches of calls (median of 5, 3 with
 * --quick), each batch about 2 ms.  Unlike time_us, the host's launch latency is hidden behind
 * the GPU's work (as in a pipeline of calls, and as nvbench's batch mode measures), so the
 * figure is what each call costs the GPU, launch gaps included. */
template <class F> static double time_batch_us(F fn, double isolated_us)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    const int calls = (int)std::max(4.0, std::min(256.0, 2000.0 / isolated_us)), batches = g_quick ? 3 : 5;
    for (int r = 0; r < calls; ++r) fn(r); /* warm-up batch */
    std::vector<float> t(batches);
    for (int k = 0; k < batches; ++k) {
        CK(cudaEventRecord(a));
        for (int r = 0; r < calls; ++r) fn(r);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&t[k], a, b));
        t[k] /= calls;
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return median(t) * 1000.0;
}

/* Mismatches between two device arrays (exact, or relative tolerance for floating types). */
template <class T> __global__ void count_mismatch(const T *a, const T *b, size_t n, double tol, unsigned long long *bad)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        bool ok = true; /* bytewise equality */
        const unsigned char *x8 = (const unsigned char *)&a[i], *y8 = (const unsigned char *)&b[i];
        for (unsigned k = 0; k < sizeof(T); ++k) ok = ok && x8[k] == y8[k];
        if constexpr (std::is_arithmetic<T>::value) {
            if (tol > 0) {
                double x = (double)a[i], y = (double)b[i];
                ok = fabs(x - y) <= tol * (fabs(x) + fabs(y) + 1.0);
            }
        }
        if (!ok) atomicAdd(bad, 1ull);
    }
}
template <class T> static unsigned long long mismatches(const T *a, const T *b, size_t n, double tol)
{
    static unsigned long long *d_bad = nullptr;
    if (!d_bad) CK(cudaMalloc(&d_bad, sizeof *d_bad));
    CK(cudaMemset(d_bad, 0, sizeof *d_bad));
    count_mismatch<T><<<1024, 256>>>(a, b, n, tol, d_bad);
    CK(cudaGetLastError());
    unsigned long long h;
    CK(cudaMemcpy(&h, d_bad, sizeof h, cudaMemcpyDeviceToHost));
    return h;
}

__global__ void fill_random(uint32_t *p, size_t words, uint64_t seed, uint32_t mask)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = seed + i * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        p[i] = (uint32_t)(z ^ (z >> 31)) & mask;
    }
}
/* Floats in [0, 1) so sums stay finite. */
__global__ void fill_unit_float(float *p, size_t n, uint64_t seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = (float)((seed + i * 2654435761u) % 1000003) / 1000003.0f;
}
__global__ void fill_unit_double(double *p, size_t n, uint64_t seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = (double)((seed + i * 2654435761u) % 1000003) / 1000003.0;
}
template <class T> static void fill(T *d, size_t n, uint64_t seed)
{
    if constexpr (std::is_same<T, float>::value) fill_unit_float<<<1024, 256>>>(d, n, seed);
    else if constexpr (std::is_same<T, double>::value) fill_unit_double<<<1024, 256>>>(d, n, seed);
    else fill_random<<<1024, 256>>>((uint32_t *)d, n * sizeof(T) / 4 + (n * sizeof(T) % 4 != 0), seed, 0xFFFFFFFFu);
    CK(cudaGetLastError());
}

struct Buffers { std::vector<void *> in, out; size_t n; };

/* ---- the benchmark of one (type, op) --------------------------------------------------------- */
#define BENCH_OP(name, T, op, CUBOP, TOL)                                                           \
    static void bench_##name##_##op(void)                                                           \
    {                                                                                               \
        typedef T E;                                                                                \
        for (int lg = g_min_log2; lg <= g_max_log2; lg += g_step) {                                              \
            size_t n = (size_t)1 << lg;                                                             \
            if (sizeof(E) == 1 && lg == 30) n = (size_t)1 << 30;                                    \
            size_t bytes = n * sizeof(E), free_b, total_b;                                          \
            CK(cudaMemGetInfo(&free_b, &total_b));                                                  \
            if (3 * bytes + ((size_t)1 << 30) > free_b) break;                                      \
            int copies = bytes >= ((size_t)256 << 20) ? 1 : (int)std::min<size_t>(64, ((size_t)256 << 20) / bytes); \
            std::vector<E *> in(copies), out(copies);                                               \
            for (int c = 0; c < copies; ++c) {                                                      \
                CK(cudaMalloc(&in[c], bytes));                                                      \
                CK(cudaMalloc(&out[c], bytes));                                                     \
                fill(in[c], n, 1234567ull * (c + 1) + lg);                                          \
            }                                                                                       \
            E *ref;                                                                                 \
            CK(cudaMalloc(&ref, bytes));                                                            \
            /* copy: the ceiling */                                                                 \
            auto copy_fn = [&](int r) {                                                             \
                CK(cudaMemcpyAsync(out[r % copies], in[r % copies], bytes, cudaMemcpyDeviceToDevice)); };  \
            double copy_us = time_us(copy_fn), copy_batch = time_batch_us(copy_fn, copy_us);        \
            /* CUB */                                                                               \
            size_t cub_bytes = 0;                                                                   \
            CK(cub::DeviceScan::InclusiveScan(nullptr, cub_bytes, in[0], ref, CUBOP, (int64_t)n));  \
            void *cub_ws;                                                                           \
            CK(cudaMalloc(&cub_ws, cub_bytes));                                                     \
            CK(cub::DeviceScan::InclusiveScan(cub_ws, cub_bytes, in[0], ref, CUBOP, (int64_t)n));   \
            auto cub_fn = [&](int r) {                                                              \
                CK(cub::DeviceScan::InclusiveScan(cub_ws, cub_bytes, in[r % copies], out[r % copies], CUBOP, (int64_t)n)); }; \
            double cub_us = time_us(cub_fn), cub_batch = time_batch_us(cub_fn, cub_us);             \
            CK(cudaFree(cub_ws));                                                                   \
            record(#name, #op, "copy", n, copy_us, bytes, copy_us, cub_us, "-", copy_batch);        \
            record(#name, #op, "cub", n, cub_us, bytes, copy_us, cub_us, "-", cub_batch);           \
            for (int g = 0; g < GPUSCAN_GRID_COUNT_; ++g)                                           \
                for (int b = 0; b < GPUSCAN_BLOCK_COUNT_; ++b) {                                    \
                    if ((g == 0) != (b == 0)) continue;                                             \
                    if (g_quick && g != 0 && b != GPUSCAN_BLOCK_COARSENED) continue;                \
                    /* the domino chain costs ~1 us per tile: skip where a run would take > 20 ms */ \
                    if (g == GPUSCAN_GRID_DOMINO && n > (size_t)20000 * 1024) continue;             \
                    size_t ws_bytes = 0;                                                            \
                    gpuscan_##name##_##op##_scan_ex(NULL, &ws_bytes, NULL, NULL, n, GPUSCAN_INCLUSIVE, \
                        gpuscan_##name##_##op##_identity(), (gpuscan_grid)g, (gpuscan_block)b, 0);  \
                    void *ws;                                                                       \
                    CK(cudaMalloc(&ws, ws_bytes));                                                  \
                    CK(cudaMemset(out[0], 0xFF, bytes));                                            \
                    gpuscan_status st = gpuscan_##name##_##op##_scan_ex(ws, &ws_bytes, in[0], out[0], n, \
                        GPUSCAN_INCLUSIVE, gpuscan_##name##_##op##_identity(), (gpuscan_grid)g, (gpuscan_block)b, 0); \
                    CK(cudaDeviceSynchronize());                                                    \
                    unsigned long long bad = st == GPUSCAN_SUCCESS ? mismatches(out[0], ref, n, TOL) : n; \
                    auto run_fn = [&](int r) {                                                      \
                        gpuscan_##name##_##op##_scan_ex(ws, &ws_bytes, in[r % copies], out[r % copies], n, \
                            GPUSCAN_INCLUSIVE, gpuscan_##name##_##op##_identity(), (gpuscan_grid)g, (gpuscan_block)b, 0); }; \
                    double us = time_us(run_fn), batch = g == 0 || g_quick ? time_batch_us(run_fn, us) : -1.0; \
                    CK(cudaGetLastError());                                                         \
                    CK(cudaFree(ws));                                                               \
                    std::string algo = g == 0 ? std::string("gpuscan:auto")                         \
                        : std::string("gpuscan:") + gpuscan_grid_name((gpuscan_grid)g) + "/" + gpuscan_block_name((gpuscan_block)b); \
                    record(#name, #op, algo.c_str(), n, us, bytes, copy_us, cub_us, bad ? "MISMATCH" : "ok", batch); \
                }                                                                                   \
            for (int c = 0; c < copies; ++c) { CK(cudaFree(in[c])); CK(cudaFree(out[c])); }        \
            CK(cudaFree(ref));                                                                      \
        }                                                                                           \
    }

static void record(const char *type, const char *op, const char *algo, size_t n, double us, size_t bytes,
                   double copy_us, double cub_us, const char *check, double batch_us)
{
    Row r{type, op, algo, n, us, 2.0 * bytes / us / 1e3, copy_us / us, cub_us / us, check, batch_us};
    g_rows.push_back(r);
    if (g_csv) {
        char batch[32] = "";
        if (batch_us > 0) snprintf(batch, sizeof batch, "%.3f", batch_us);
        fprintf(g_csv, "%s,%s,%s,%s,%s,%s,%zu,%zu,%.3f,%.1f,%.4f,%.4f,%s,%s\n", g_device.c_str(), g_commit.c_str(),
                g_date.c_str(), type, op, algo, n, bytes / n, us, r.gbs, r.of_copy, r.of_cub, check, batch);
        fflush(g_csv);
    }
    printf("%-5s %-4s n=2^%-2d %-36s %10.2f us %8.1f GB/s  copy x%.3f  cub x%.3f  %s", type, op,
           (int)(63 - __builtin_clzll(n)), algo, us, r.gbs, r.of_copy, r.of_cub, check);
    if (batch_us > 0) printf("  back-to-back %.2f us", batch_us);
    printf("\n");
    fflush(stdout);
}

GPUSCAN_DEFINE_NAMED(i8, int8_t, add)
GPUSCAN_DEFINE_NAMED(i8, int8_t, max)
GPUSCAN_DEFINE_NAMED(i8, int8_t, min)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, max)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, min)
GPUSCAN_DEFINE_NAMED(i16, int16_t, add)
GPUSCAN_DEFINE_NAMED(i16, int16_t, max)
GPUSCAN_DEFINE_NAMED(i16, int16_t, min)
GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(i32, int32_t, max)
GPUSCAN_DEFINE_NAMED(i32, int32_t, min)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)
GPUSCAN_DEFINE_NAMED(i64, int64_t, max)
GPUSCAN_DEFINE_NAMED(i64, int64_t, min)
GPUSCAN_DEFINE_NAMED(f32, float, add)
GPUSCAN_DEFINE_NAMED(f32, float, max)
GPUSCAN_DEFINE_NAMED(f32, float, min)
GPUSCAN_DEFINE_NAMED(f64, double, add)
GPUSCAN_DEFINE_NAMED(f64, double, max)
GPUSCAN_DEFINE_NAMED(f64, double, min)
GPUSCAN_DEFINE_NAMED(u32, uint32_t, mul)
GPUSCAN_DEFINE_NAMED(u64, uint64_t, mul)
GPUSCAN_DEFINE_NAMED(v4i, vec4i, vadd)
GPUSCAN_DEFINE_NAMED(v4i, vec4i, vmax)

BENCH_OP(i8, int8_t, add, cuda::std::plus<>{}, 0)
BENCH_OP(i8, int8_t, max, cuda::maximum<>{}, 0)
BENCH_OP(i8, int8_t, min, cuda::minimum<>{}, 0)
BENCH_OP(u8, uint8_t, add, cuda::std::plus<>{}, 0)
BENCH_OP(u8, uint8_t, max, cuda::maximum<>{}, 0)
BENCH_OP(u8, uint8_t, min, cuda::minimum<>{}, 0)
BENCH_OP(i16, int16_t, add, cuda::std::plus<>{}, 0)
BENCH_OP(i16, int16_t, max, cuda::maximum<>{}, 0)
BENCH_OP(i16, int16_t, min, cuda::minimum<>{}, 0)
BENCH_OP(i32, int32_t, add, cuda::std::plus<>{}, 0)
BENCH_OP(i32, int32_t, max, cuda::maximum<>{}, 0)
BENCH_OP(i32, int32_t, min, cuda::minimum<>{}, 0)
BENCH_OP(i64, int64_t, add, cuda::std::plus<>{}, 0)
BENCH_OP(i64, int64_t, max, cuda::maximum<>{}, 0)
BENCH_OP(i64, int64_t, min, cuda::minimum<>{}, 0)
BENCH_OP(f32, float, add, cuda::std::plus<>{}, 1e-3)
BENCH_OP(f32, float, max, cuda::maximum<>{}, 0)
BENCH_OP(f32, float, min, cuda::minimum<>{}, 0)
BENCH_OP(f64, double, add, cuda::std::plus<>{}, 1e-9)
BENCH_OP(f64, double, max, cuda::maximum<>{}, 0)
BENCH_OP(f64, double, min, cuda::minimum<>{}, 0)
BENCH_OP(u32, uint32_t, mul, cuda::std::multiplies<>{}, 0)
BENCH_OP(u64, uint64_t, mul, cuda::std::multiplies<>{}, 0)
BENCH_OP(v4i, vec4i, vadd, V4Add{}, 0)
BENCH_OP(v4i, vec4i, vmax, V4Max{}, 0)

struct Case { const char *key; void (*fn)(void); };
static const Case k_cases[] = {
    {"i32.add", bench_i32_add}, {"i32.max", bench_i32_max}, {"i64.add", bench_i64_add},
    {"u8.add", bench_u8_add},   {"f32.add", bench_f32_add}, {"i32.min", bench_i32_min},
    {"i64.max", bench_i64_max}, {"u8.max", bench_u8_max},   {"i8.add", bench_i8_add},
    {"i16.add", bench_i16_add}, {"f32.max", bench_f32_max}, {"f64.add", bench_f64_add},
    {"v4i.vadd", bench_v4i_vadd}, {"v4i.vmax", bench_v4i_vmax}, {"u32.mul", bench_u32_mul},
    {"u64.mul", bench_u64_mul},
    /* the rest of issue 3's type x operator matrix (add/max/min) */
    {"i8.max", bench_i8_max},   {"i8.min", bench_i8_min},   {"u8.min", bench_u8_min},
    {"i16.max", bench_i16_max}, {"i16.min", bench_i16_min}, {"i64.min", bench_i64_min},
    {"f32.min", bench_f32_min}, {"f64.max", bench_f64_max}, {"f64.min", bench_f64_min},
};

/* The summary asked for in issue 3: AUTO vs CUB vs copy at a few sizes. */
static void print_summary(void)
{
    static const char *keys[][2] = {{"i32", "add"}, {"i32", "max"}, {"i64", "add"}, {"u8", "add"}, {"f32", "add"}};
    printf("\n==== summary: gpuscan AUTO vs CUB vs copy (median us; ratios: >1 means faster than CUB) ====\n");
    printf("%-8s %-6s %9s %9s %9s %8s %8s %8s | back to back: %7s %7s %7s %8s\n", "type.op", "n", "copy us", "cub us",
           "auto us", "auto/cp", "cub/cp", "vs cub", "copy", "cub", "auto", "vs cub");
    for (auto &k : keys)
        for (int lg : {10, 16, 20, 24, 28}) {
            const Row *c = nullptr, *u = nullptr, *a = nullptr;
            for (auto &r : g_rows)
                if (r.type == k[0] && r.op == k[1] && r.n == ((size_t)1 << lg)) {
                    if (r.algo == "copy") c = &r;
                    if (r.algo == "cub") u = &r;
                    if (r.algo == "gpuscan:auto") a = &r;
                }
            if (!c || !u || !a) continue;
            printf("%-3s.%-4s 2^%-4d %9.2f %9.2f %9.2f %8.3f %8.3f %7.2fx %s | %21.2f %7.2f %7.2f %7.2fx\n", k[0], k[1], lg,
                   c->us, u->us, a->us, a->of_copy, u->of_copy, a->of_cub, a->check, c->batch_us, u->batch_us,
                   a->batch_us, u->batch_us / a->batch_us);
        }
}

int main(int argc, char **argv)
{
    const char *csv = nullptr, *types = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--quick")) g_quick = true;
        else if (!strcmp(argv[i], "--types") && i + 1 < argc) types = argv[++i];
        else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) g_max_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc) g_min_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--step") && i + 1 < argc) g_step = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 2;
    }
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) { printf("bench: no CUDA device\n"); return 1; }
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int drv = 0;
    cudaDriverGetVersion(&drv);
    g_device = p.name;
    const char *commit = getenv("GPUSCAN_COMMIT");
    g_commit = commit ? commit : "unknown";
    char date[32];
    time_t now = time(nullptr);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    g_date = date;
    printf("bench on %s (driver %d, %d SMs, L2 %d MiB), commit %s, %s\n", p.name, drv, p.multiProcessorCount,
           p.l2CacheSize >> 20, g_commit.c_str(), date);
    bench_warm_up(2000);
    if (csv) {
        g_csv = fopen(csv, "w");
        fprintf(g_csv, "device,commit,date,type,op,algo,n,elem_bytes,median_us,gbps,ratio_copy,ratio_cub,check,batch_us\n");
    }
    for (auto &c : k_cases)
        if (!types || strstr(types, c.key)) c.fn();
    print_summary();
    if (g_csv) fclose(g_csv);
    return 0;
}
