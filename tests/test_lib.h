/* tests/test_lib.h - the helper library of the gpuscan tests: every suite includes it (after any
 * setting of the library's own macros, ring_shape.h, GPUSCAN_DETERMINISTIC, ...).  C style, as the
 * library: macros that generate static functions for one type or operator.
 *
 *   test_common.h   CHECK_CUDA, EXPECT and the tally, test_finish, require_gpu, the seeded RNG
 *   custom_ops.h    the custom types and operators, and their generators (gen_affine, ...)
 *   here:
 *   TEST_INTERNAL(P, name)       a DEFINE's name below the public API (its namespace P_internal)
 *   TEST_ELEMENT(tname, T, TO_DOUBLE)
 *                                text_<tname>(s, room, &v): a value as hex words (and a number)
 *                                diff_<tname>(got, want, n): elements unlike, bit for bit
 *                                diff_tol_<tname>(got, want, dref, dabs, n, tol): the same, or for
 *                                tol > 0, |got - dref| > tol * dabs; both leave the first mismatch
 *                                (index, got, want, two neighbours each side) in the note that the
 *                                next EXPECT prints if it fails
 *   TEST_REFERENCE(rname, T, COMBINE, IDENTITY, TO_DOUBLE)  (TEST_REFERENCE_OF(P, T, TO_DOUBLE):
 *   TEST_REFERENCE_STAGED(rname, TIn, T, STAGE, COMBINE, IDENTITY, TO_DOUBLE)  with P's operator)
 *                                ref_<rname>(x, n, flags, init, out, dref, dabs): the CPU scan -
 *                                REF_EXCLUSIVE, REF_SEEDED, REF_REVERSE, REF_TOTAL (out[n]) - and
 *                                its total as the value; out NULL: the reduction only
 *   OPC_*, GEN_INTEGER, GEN_RANGE, GEN_REAL, GEN_SPREAD, gen_flags, gen_bool, gen_small_half,
 *   gen_unit_float               generators gen_<name>(x, n, opc, rng)
 *   POISON_BYTE, GUARD_ELEMS, poison(), guard_intact(), before_intact(), offset_off16(),
 *   refusal, expect_statuses(), expect_count_left()   bad arguments' statuses, a count unwritten
 *   poison_states, poison_workspace(),
 *   workspace_for(), COPY_CHECKED_      outputs poisoned (0xFF: -1, NaN) and their guard zones;
 *                                workspaces filled with words that read as published states
 *   combo_t, k_combos, N_COMBOS, make_sizes, SUITE_SIZES_, family_sizes   the grid x block
 *                                combinations and the size lists of the suites
 *   combo_not_compiled, test_refusals_seen   the combinations a DEFINE of AUTO's kernels refuses
 *   test_wait_ns(), test_busy    a device-side wait (the unit tests' delays, a stream kept busy)
 *   test_enter_green_context()   a context of fewer SMs than the device, made current
 *   kept_entry_of(s)             a stream's kept workspace (its rounds: the round the next call takes) */
#ifndef GPUSCAN_TEST_LIB_H
#define GPUSCAN_TEST_LIB_H
#include <cudaTypedefs.h>

#include "gpuscan.cuh"
#include "test_common.h"
#include "custom_ops.h"

/* ---- names below the public API ------------------------------------------------------------
 * A DEFINE's internals (tile functions, the ring's choice, a CONVERT's conversion) live in its
 * namespace P_internal where the header has one (gpuscan.cuh: GPUSCAN_SPACE_OPEN_). */
#ifdef GPUSCAN_SPACE_OPEN_
#define TEST_IN_(P) P##_internal::
#define TEST_USING_INTERNAL(P) using namespace P##_internal;
#else
#define TEST_IN_(P)
#define TEST_USING_INTERNAL(P)
#endif
#define TEST_INTERNAL(P, name) TEST_IN_(P) P##_##name

/* ---- elements: text and comparison ----------------------------------------------------------- */
#define TEST_NO_DOUBLE(x) 0.0 /* a type with no number to compare with a tolerance */
#define TEST_TO_DOUBLE(x) ((double)(x))
#define TEST_HALF_TO_DOUBLE(x) ((double)__half2float(x))
#define TEST_BF16_TO_DOUBLE(x) ((double)__bfloat162float(x))

/* A value of `size` bytes as hex (32-bit words where size is a multiple of 4, else bytes), and
 * where `number`, d after it. */
static __attribute__((unused)) void test_text_(char *s, size_t room, const void *v, size_t size, int number,
                                               double d)
{
    const unsigned char *b = (const unsigned char *)v;
    size_t k = 0;
    s[0] = 0;
    for (size_t i = 0; i < size && k + 12 < room; i += size % 4 == 0 ? 4 : 1) {
        if (size % 4 == 0) {
            uint32_t w;
            memcpy(&w, b + i, 4);
            k += (size_t)snprintf(s + k, room - k, "%s%08x", i ? " " : "0x", w);
        } else {
            k += (size_t)snprintf(s + k, room - k, "%s%02x", i ? "" : "0x", b[i]);
        }
    }
    if (number && k + 30 < room) snprintf(s + k, room - k, " (%.9g)", d);
}

#define TEST_ELEMENT(tname, T, TO_DOUBLE)                                                           \
    static __attribute__((unused)) void text_##tname(char *s, size_t room, const T *v)              \
    {                                                                                               \
        const int number = strcmp(#TO_DOUBLE, "TEST_NO_DOUBLE") != 0;                              \
        test_text_(s, room, v, sizeof(T), number, number ? (double)TO_DOUBLE(*v) : 0.0);            \
    }                                                                                               \
    static inline int same_##tname(const T *got, const T *want, const double *dref,                 \
                                   const double *dabs, size_t i, double tol)                        \
    {                                                                                               \
        if (tol > 0) return fabs((double)TO_DOUBLE(got[i]) - dref[i]) <= tol * dabs[i] + 1e-300;    \
        return memcmp(&got[i], &want[i], sizeof(T)) == 0;                                           \
    }                                                                                               \
    static __attribute__((unused)) size_t diff_tol_##tname(const T *got, const T *want,             \
                                                           const double *dref, const double *dabs,  \
                                                           size_t n, double tol)                    \
    {                                                                                               \
        size_t bad = 0, first = 0;                                                                  \
        for (size_t i = 0; i < n; ++i)                                                              \
            if (!same_##tname(got, want, dref, dabs, i, tol) && bad++ == 0) first = i;              \
        if (bad == 0) return 0;                                                                     \
        size_t k = (size_t)snprintf(g_note, sizeof g_note, "  %zu of %zu wrong, the first at %zu (* wrong):\n", \
                                    bad, n, first);                                                 \
        for (size_t i = first >= 2 ? first - 2 : 0; i < n && i <= first + 2 && k < sizeof g_note; ++i) { \
            char a[192], b[192];                                                                    \
            text_##tname(a, sizeof a, &got[i]);                                                     \
            text_##tname(b, sizeof b, &want[i]);                                                    \
            k += (size_t)snprintf(g_note + k, sizeof g_note - k, "   %c [%zu] got %s, want %s", \
                                  same_##tname(got, want, dref, dabs, i, tol) ? ' ' : '*', i, a, b); \
            if (tol > 0 && k < sizeof g_note)                                                       \
                k += (size_t)snprintf(g_note + k, sizeof g_note - k, " (in double %.17g, +-%g)",     \
                                      dref[i], tol * dabs[i]);                                      \
            if (k < sizeof g_note) k += (size_t)snprintf(g_note + k, sizeof g_note - k, "\n");      \
        }                                                                                           \
        return bad;                                                                                 \
    }                                                                                               \
    static __attribute__((unused)) size_t diff_##tname(const T *got, const T *want, size_t n)       \
    {                                                                                               \
        return diff_tol_##tname(got, want, NULL, NULL, n, 0.0);                                     \
    }

/* ---- the CPU reference ------------------------------------------------------------------------
 * ref_<rname>(x, n, flags, init, out, dref, dabs) scans x[0 .. n) of TIn, each element through
 * STAGE(x[i], i) (a typed DEFINE's transform; TEST_AS_IS: none), with COMBINE in the operator's own
 * order, into out[0 .. n) of T, and returns the total.  flags:
 *   REF_EXCLUSIVE  out[i]: the fold of the elements before i, init in front (seeded)
 *   REF_SEEDED     init in front of an inclusive scan too (else out[0] is x[0] as it is)
 *   REF_REVERSE    a suffix scan: out[i] folds x[i] (x) ... (x) x[n-1] (exclusive: from x[i+1];
 *                  out[n-1] = init), the seed on the right; the total x[0] (x) ... (x) seed
 *   REF_TOTAL      out[n] gets the total too (out has n + 1 places)
 * The total: the seed and every element (unseeded and n = 0: IDENTITY).  out may be NULL (only the
 * total), or x itself (TIn as T).  dref/dabs (NULL: none): the same sums in double by TO_DOUBLE and
 * the sums of magnitudes, the scale of a floating sum's tolerance. */
#define REF_INCLUSIVE 0
#define REF_EXCLUSIVE 1
#define REF_SEEDED 2
#define REF_REVERSE 4
#define REF_TOTAL 8
#define TEST_AS_IS(x, i) (x)
#define TEST_REFERENCE_STAGED(rname, TIn, T, STAGE, COMBINE, IDENTITY, TO_DOUBLE)                   \
    static __attribute__((unused)) T ref_##rname(const TIn *x, size_t n, int flags, T init, T *out, \
                                                 double *dref, double *dabs)                        \
    {                                                                                               \
        const int exclusive = flags & REF_EXCLUSIVE, reverse = flags & REF_REVERSE;                 \
        int has = exclusive || (flags & REF_SEEDED);                                                \
        T acc = has ? init : (IDENTITY);                                                            \
        double dacc = has ? (double)TO_DOUBLE(init) : 0.0, aacc = fabs(dacc);                       \
        for (size_t k = 0; k < n; ++k) {                                                            \
            const size_t i = reverse ? n - 1 - k : k;                                               \
            const T v = STAGE(x[i], i); /* (read first: out may be x) */                            \
            if (exclusive && out != NULL) out[i] = acc;                                             \
            if (exclusive && dref != NULL) dref[i] = dacc, dabs[i] = aacc;                          \
            acc = !has ? v : reverse ? COMBINE(v, acc) : COMBINE(acc, v);                           \
            has = 1;                                                                                \
            if (dref != NULL) dacc += (double)TO_DOUBLE(v), aacc += fabs((double)TO_DOUBLE(v));     \
            if (!exclusive && out != NULL) out[i] = acc;                                            \
            if (!exclusive && dref != NULL) dref[i] = dacc, dabs[i] = aacc;                         \
        }                                                                                           \
        if ((flags & REF_TOTAL) && out != NULL) out[n] = acc;                                       \
        if ((flags & REF_TOTAL) && dref != NULL) dref[n] = dacc, dabs[n] = aacc;                    \
        return acc;                                                                                 \
    }
#define TEST_REFERENCE(rname, T, COMBINE, IDENTITY, TO_DOUBLE)                                      \
    TEST_REFERENCE_STAGED(rname, T, T, TEST_AS_IS, COMBINE, IDENTITY, TO_DOUBLE)
/* The reference of a DEFINE's prefix P (its public combine and identity): ref_P. */
#define TEST_REFERENCE_OF(P, T, TO_DOUBLE) TEST_REFERENCE(P, T, P##_combine, P##_identity(), TO_DOUBLE)

/* ---- generators: gen_<name>(x, n, opc, rng) ---------------------------------------------------
 * opc: the operator's kind (OPC_<op>), for data that keeps its prefixes interesting. */
enum { OPC_ADD, OPC_MUL, OPC_MINMAX, OPC_AND, OPC_OR, OPC_XOR };
#define OPC_add OPC_ADD
#define OPC_mul OPC_MUL
#define OPC_min OPC_MINMAX
#define OPC_max OPC_MINMAX
#define OPC_and OPC_AND
#define OPC_or OPC_OR
#define OPC_xor OPC_XOR

/* Integers: full-range random bits; odd numbers for mul (products never collapse to 0); mostly
 * ones for and, mostly zeros for or (so the prefixes stay interesting for a while). */
#define GEN_INTEGER(name, T)                                                                                \
    static __attribute__((unused)) void gen_##name(T *x, size_t n, int opc, uint64_t *rng)                  \
    {                                                                                                       \
        for (size_t i = 0; i < n; ++i) {                                                                    \
            uint64_t r = rng_next(rng);                                                                     \
            if (opc == OPC_MUL) r |= 1;                                                                     \
            if (opc == OPC_AND) r = (r % 97 == 0) ? ~((uint64_t)1 << (r % (8 * sizeof(T)))) : ~(uint64_t)0; \
            if (opc == OPC_OR) r = (r % 97 == 0) ? ((uint64_t)1 << (r % (8 * sizeof(T)))) : 0;              \
            memcpy(&x[i], &r, sizeof(T));                                                                   \
        }                                                                                                   \
    }
/* Integers uniform in [lo, hi] (small ones: sums of many that a reader can follow). */
#define GEN_RANGE(name, T, lo, hi)                                                                  \
    static __attribute__((unused)) void gen_##name(T *x, size_t n, int opc, uint64_t *rng)          \
    {                                                                                               \
        (void)opc;                                                                                  \
        for (size_t i = 0; i < n; ++i)                                                              \
            x[i] = (T)((long long)(rng_next(rng) % (uint64_t)((hi) - (lo) + 1)) + (long long)(lo)); \
    }

/* Floating types, made from doubles by FROM_DOUBLE.  add: uniform in [-1, 1] (compared with a
 * tolerance), or, with TELESCOPE, x_i = s_i - s_(i-1) for random s_i in [-8, 8], so that every
 * partial sum of any contiguous range is a small integer, exact even in half/bf16, in any
 * order; mul: +-1 (exact); min/max: uniform in [-1000, 1000], with a NaN of a random payload
 * once in about 2^21 elements (min/max propagate NaN and keep the last one's payload: every
 * algorithm must agree on where the NaNs start and which one shows), and stretches of 4096
 * zeros of either sign, one stretch in eight and, in half of the inputs, the first two (min/max
 * keep the earlier of -0 and +0: the sign of the first zero shows until a larger value comes),
 * and of zeros with tiny values (1e-40: subnormal in float), one in eight.  The ring's float
 * reducer folds such units again with the operator (GPUSCAN_RING_FAST_MINMAX_). */
static __attribute__((unused)) double gen_real_nan(uint64_t *rng)
{
    uint64_t bits = 0x7ff8000000000000ull | (rng_next(rng) & 0x8007ffffffffffffull);
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}
static __attribute__((unused)) double gen_real_tiny(uint64_t *rng, int subnormals)
{
    uint64_t r = rng_next(rng);
    double v = subnormals && (r & 6) == 0 ? 1e-40 : 0.0;
    return (r & 1) ? -v : v;
}
#define GEN_REAL(name, T, FROM_DOUBLE, TELESCOPE)                                                   \
    static __attribute__((unused)) void gen_##name(T *x, size_t n, int opc, uint64_t *rng)          \
    {                                                                                               \
        long prev = 0;                                                                              \
        const uint64_t salt = rng_next(rng);                                                        \
        const int tiny_start = (int)(salt >> 63);                                                   \
        for (size_t i = 0; i < n; ++i) {                                                            \
            double v;                                                                               \
            if (opc == OPC_ADD && TELESCOPE) {                                                      \
                long s = (long)(rng_next(rng) % 17) - 8;                                            \
                v = (double)(s - prev);                                                             \
                prev = s;                                                                           \
            } else if (opc == OPC_ADD) {                                                            \
                v = 2.0 * rng_uniform(rng) - 1.0;                                                   \
            } else if (opc == OPC_MUL) {                                                            \
                v = (rng_next(rng) & 1) ? 1.0 : -1.0;                                               \
            } else {                                                                                \
                const uint64_t stretch = ((i >> 12) + salt) % 8;                                    \
                if ((tiny_start && i < 8192) || stretch < 2)                                        \
                    v = gen_real_tiny(rng, stretch == 1 && i >= 8192);                              \
                else                                                                                \
                    v = 2000.0 * rng_uniform(rng) - 1000.0;                                         \
                if (rng_next(rng) % (1u << 21) == 0) v = gen_real_nan(rng);                         \
            }                                                                                       \
            x[i] = FROM_DOUBLE(v);                                                                  \
        }                                                                                           \
    }
/* +-u * 2^e, u uniform in [0.5, 1), e uniform in [-12, 12]: values over many binades, so that
 * any change of association changes the bits of a sum. */
#define GEN_SPREAD(name, T)                                                                         \
    static __attribute__((unused)) void gen_##name(T *x, size_t n, int opc, uint64_t *rng)          \
    {                                                                                               \
        (void)opc;                                                                                  \
        for (size_t i = 0; i < n; ++i) {                                                            \
            double u = 0.5 + 0.5 * rng_uniform(rng);                                                \
            int e = (int)(rng_next(rng) % 25) - 12;                                                 \
            x[i] = (T)((rng_next(rng) & 1 ? u : -u) * ldexp(1.0, e));                               \
        }                                                                                           \
    }
/* Flags: mostly 0/1, now and then any byte. */
static __attribute__((unused)) void gen_flags(uint8_t *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i] = (r & 0xf00) == 0 ? (uint8_t)(r >> 32) : (uint8_t)(r & 1);
    }
}
/* bool: true one time in four. */
static __attribute__((unused)) void gen_bool(bool *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) x[i] = (rng_next(rng) & 3) == 0;
}
/* half: small integers in [-3, 3] (their sums are exact in any order). */
static __attribute__((unused)) void gen_small_half(__half *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) x[i] = __float2half((float)((long)(rng_next(rng) % 7) - 3));
}
/* float: uniform in [-1, 1]. */
static __attribute__((unused)) void gen_unit_float(float *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) x[i] = (float)(2.0 * rng_uniform(rng) - 1.0);
}

/* A sum's input: n elements and a seed from generator gen_<name> on the host (h_in, init), the
 * elements copied to a new device buffer d_in beside a new output d_out of as many (the caller
 * frees both). */
#define TEST_ADD_INPUT(name, T, h_in, init, d_in, d_out, n, rng)                                    \
    do {                                                                                            \
        gen_##name(h_in, n, OPC_ADD, rng);                                                          \
        gen_##name(&(init), 1, OPC_ADD, rng);                                                       \
        CHECK_CUDA(cudaMalloc(&(d_in), (n) * sizeof(T)));                                           \
        CHECK_CUDA(cudaMalloc(&(d_out), (n) * sizeof(T)));                                          \
        CHECK_CUDA(cudaMemcpy(d_in, h_in, (n) * sizeof(T), cudaMemcpyHostToDevice));                \
    } while (0)

/* ---- poison and guards ------------------------------------------------------------------------
 * An output is filled with POISON_BYTE before a call (-1 for integers, NaN for floating types),
 * GUARD_ELEMS elements past its end too: whatever a call did not write reads as poison after it. */
#define GUARD_ELEMS 64
#define POISON_BYTE 0xFF
static __attribute__((unused)) void poison(void *d, size_t bytes, cudaStream_t stream)
{
    CHECK_CUDA(cudaMemsetAsync(d, POISON_BYTE, bytes, stream));
}
/* Whether bytes [0, bytes) of a host copy still hold the poison. */
static __attribute__((unused)) int guard_intact(const void *h, size_t bytes)
{
    const unsigned char *g = (const unsigned char *)h;
    for (size_t i = 0; i < bytes; ++i)
        if (g[i] != POISON_BYTE) return 0;
    return 1;
}
/* Bad arguments: each call's status against the one wanted (family: the message's prefix); and a
 * count that the refused calls were to leave as it was. */
typedef struct {
    const char *what;
    gpuscan_status got, want;
} refusal;
static __attribute__((unused)) void expect_statuses(const refusal *c, size_t count, const char *family)
{
    for (size_t k = 0; k < count; ++k)
        EXPECT(c[k].got == c[k].want, "%s%s: %s (want %s)", family, c[k].what, gpuscan_status_string(c[k].got),
               gpuscan_status_string(c[k].want));
}
static __attribute__((unused)) void expect_count_left(const size_t *d_count, size_t was)
{
    size_t count = 0;
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(count == was, "a refused call wrote the count");
}
/* Whether the `bytes` (at most 256) from device address d - the allocation's start, before an
 * output placed past it - still hold the poison. */
static __attribute__((unused)) int before_intact(const void *d, size_t bytes)
{
    unsigned char h[256];
    if (bytes > sizeof h) return 0;
    CHECK_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    return guard_intact(h, bytes);
}
/* Pointers off 16-byte alignment: the k-th of a cycle of offsets, in elements of `elem` bytes, that
 * reaches every one from 1 to an element short of 16 bytes (1 for elements of 8 bytes and more). */
static __attribute__((unused)) size_t offset_off16(size_t elem, size_t k)
{
    const size_t span = 16 / elem > 1 ? 16 / elem - 1 : 1;
    return 1 + k % span;
}
/* A call's output back to the host: the elements checked and the guard zone past them, not the
 * whole buffer (pageable copies of the largest size after every call were most of a suite's time). */
#define COPY_CHECKED_(h, d, count) \
    CHECK_CUDA(cudaMemcpy((h), (d), ((count) + GUARD_ELEMS) * sizeof *(h), cudaMemcpyDeviceToHost))

/* Words that read as tile states of round 0 holding a published inclusive prefix (status 2,
 * value 2; a claim counter at 2): a scan that trusted a workspace's contents would go wrong. */
static __global__ void poison_states(unsigned *p, size_t words)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x)
        p[i] = 2u;
}
static __attribute__((unused)) void poison_workspace(void *ws, size_t bytes, cudaStream_t stream)
{
    poison_states<<<256, 256, 0, stream>>>((unsigned *)ws, bytes / 4);
    CHECK_CUDA(cudaGetLastError());
}
/* Growing device workspace shared by all suites of one program, poisoned for every call: the
 * `_ex` forms take a workspace of any contents. */
static void *g_ws = NULL;
static size_t g_ws_bytes = 0;
static __attribute__((unused)) void *workspace_for(size_t bytes)
{
    if (bytes > g_ws_bytes) {
        if (g_ws) CHECK_CUDA(cudaFree(g_ws));
        CHECK_CUDA(cudaMalloc(&g_ws, bytes));
        g_ws_bytes = bytes;
    }
    poison_workspace(g_ws, g_ws_bytes, 0);
    CHECK_CUDA(cudaDeviceSynchronize()); /* done before a scan on any stream starts */
    return g_ws;
}
/* A reduction of nothing through P's simple and _ex forms (P: a DEFINE's prefix; d_in may be any
 * pointer) writes P's identity, as CUB writes its initial value: the cell d_out poisoned with the
 * identity's complement (all ones is some operators' identity), compared by same(&got, &identity). */
#define EXPECT_EMPTY_REDUCE(P, T, d_in, d_out, same)                                                \
    do {                                                                                            \
        const T id_ = P##_identity();                                                               \
        T fill_ = id_, got_;                                                                        \
        for (size_t b_ = 0; b_ < sizeof(T); ++b_) ((unsigned char *)&fill_)[b_] ^= 0xffu;           \
        for (int ex_ = 0; ex_ < 2; ++ex_) {                                                         \
            size_t bytes_ = 0;                                                                      \
            gpuscan_status st_;                                                                     \
            CHECK_CUDA(cudaMemcpy((d_out), &fill_, sizeof(T), cudaMemcpyHostToDevice));             \
            if (ex_) {                                                                              \
                st_ = P##_reduce_ex(NULL, &bytes_, NULL, NULL, 0, 0);                               \
                if (st_ == GPUSCAN_SUCCESS)                                                         \
                    st_ = P##_reduce_ex(workspace_for(bytes_), &bytes_, (d_in), (d_out), 0, 0);     \
            } else {                                                                                \
                st_ = P##_reduce((d_in), (d_out), 0, 0);                                            \
            }                                                                                       \
            CHECK_CUDA(cudaDeviceSynchronize());                                                    \
            CHECK_CUDA(cudaMemcpy(&got_, (d_out), sizeof(T), cudaMemcpyDeviceToHost));             \
            EXPECT(st_ == GPUSCAN_SUCCESS && same(&got_, &id_), "%s%s n=0: %s, or not the identity", \
                   #P, ex_ ? "_reduce_ex" : "_reduce", gpuscan_status_string(st_));                 \
        }                                                                                           \
    } while (0)

/* ---- the suites' grid x block combinations and sizes ------------------------------------------ */
typedef struct {
    gpuscan_grid grid;
    gpuscan_block block;
} combo_t;
static const combo_t k_combos[] = {
    {GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO},
    {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_COARSENED},
};
#define N_COMBOS ((int)(sizeof k_combos / sizeof k_combos[0]))
/* Suites that compile the textbook matrix for some DEFINEs only (GPUSCAN_EVERY_ALGORITHM, read at
 * each DEFINE, redefined to TEST_MATRIX_ before those and TEST_AUTO_ before the others); their
 * exhaustive tier's programs set TEST_EVERY_DEFINE 1: the matrix for all. */
#ifndef TEST_EVERY_DEFINE
#define TEST_EVERY_DEFINE 0
#endif
#define TEST_MATRIX_ 1                 /* (a DEFINE of the textbook matrix) */
#define TEST_AUTO_ TEST_EVERY_DEFINE   /* (one of AUTO's kernels, here) */
/* A combination that a DEFINE of AUTO's kernels alone (GPUSCAN_EVERY_ALGORITHM 0 where it stood,
 * `every` 0) refuses with GPUSCAN_ERROR_NOT_COMPILED: a textbook block (Kogge-Stone on shuffles
 * runs where the scan fits its one tile), reduce-then-scan, hierarchical but for 1-byte T (its
 * fix-up), the domino but where the DEFINE folds (P_FOLDS_: TEST_BUILDS_); the look-back and
 * reduce-ahead on the coarsened block always run.  A suite counts the refusals of each DEFINE and
 * expects some of AUTO's kernels alone, none of the matrix (test_refusals_seen). */
#define TEST_BUILDS_(P, T) ((sizeof(T) == 1 ? 1 : 0) | (TEST_INTERNAL(P, FOLDS_) ? 2 : 0))
static __attribute__((unused)) int combo_not_compiled(int every, int builds, combo_t cb, gpuscan_status st,
                                                      long *refused)
{
    const int textbook = cb.grid == GPUSCAN_GRID_REDUCE_THEN_SCAN ||
                         (cb.grid == GPUSCAN_GRID_HIERARCHICAL && !(builds & 1)) ||
                         (cb.grid == GPUSCAN_GRID_DOMINO && !(builds & 2)) ||
                         (cb.block != GPUSCAN_BLOCK_AUTO && cb.block != GPUSCAN_BLOCK_COARSENED);
    if (st != GPUSCAN_ERROR_NOT_COMPILED) return 0;
    ++*refused;
    return !every && textbook;
}
/* A DEFINE of AUTO's kernels refused the textbook combinations; one of the whole matrix none. */
#define test_refusals_seen(P, every, refused)                                                       \
    EXPECT((every) ? (refused) == 0 : (refused) > 0, "%s: %ld textbook combinations refused (%s)", #P, \
           (long)(refused), (every) ? "the whole matrix was compiled" : "AUTO's kernels alone")

/* The size list for element type T: edges, each block algorithm's tile -1/0/+1 and 2 tiles + 1,
 * two reduce-ahead units (`unit` elements) and a part of a third, one tile^2 + 1 (three
 * hierarchy levels), random sizes up to 2^24.  Returns the count.  max_random up to 2^20
 * (GPUSCAN_TEST_MAX_RANDOM; the sanitizer runs) keeps only the sizes up to it, with one random
 * size under it, and the reduce-ahead size (its whole-unit paths). */
static __attribute__((unused)) int make_sizes(size_t *sizes, const size_t *tiles, int ntiles, size_t unit,
                                              uint64_t *rng, size_t max_random)
{
    static const size_t fixed[] = {0, 1, 2, 31, 32, 33, 1023, 1024, 1025};
    int k = 0;
    if (max_random == 0) max_random = 1;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i) sizes[k++] = fixed[i];
    size_t smallest = tiles[0];
    for (int t = 0; t < ntiles; ++t) {
        sizes[k++] = tiles[t] - 1;
        sizes[k++] = tiles[t];
        sizes[k++] = tiles[t] + 1;
        sizes[k++] = 2 * tiles[t] + 1;
        if (tiles[t] < smallest) smallest = tiles[t];
    }
    if (max_random <= ((size_t)1 << 20)) { /* (the random sizes below need max_random > 2^20) */
        int kept = 0;
        for (int i = 0; i < k; ++i)
            if (sizes[i] <= max_random) sizes[kept++] = sizes[i];
        sizes[kept++] = 1 + rng_next(rng) % max_random;
        sizes[kept++] = 2 * unit + tiles[ntiles - 1] + 1;
        return kept;
    }
    sizes[k++] = 2 * unit + tiles[ntiles - 1] + 1;
    sizes[k++] = smallest * smallest + 1;
    sizes[k++] = 1000 + rng_next(rng) % (1u << 18);
    sizes[k++] = (1u << 20) + rng_next(rng) % (max_random - (1u << 20));
    sizes[k++] = max_random - rng_next(rng) % 1000;
    return k;
}
#define SUITE_TILES_(T, tiles)                                                                      \
    size_t tiles[4] = {GPUSCAN_TILE_(KS, T), GPUSCAN_TILE_(KSW, T), GPUSCAN_TILE_(BK, T), GPUSCAN_TILE_(CO, T)}
/* A single-pass family's sizes (select, unique, segmented; tile: its tile): 0, 1, 2, 31-33, a tile
 * and its neighbours, 3 tiles + 17, 128 tiles + 5 - those up to cap - and 4 random ones up to
 * max_random and cap; returns how many (at most 15). */
static __attribute__((unused)) int family_sizes(size_t *sizes, size_t tile, size_t max_random, size_t cap, uint64_t *rng)
{
    const size_t fixed[] = {0, 1, 2, 31, 32, 33, tile - 1, tile, tile + 1, 3 * tile + 17, 128 * tile + 5};
    int count = 0;
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; ++k)
        if (fixed[k] <= cap) sizes[count++] = fixed[k];
    for (int k = 0; k < 4; ++k) sizes[count++] = 1 + (size_t)(rng_next(rng) % (max_random < cap ? max_random : cap));
    return count;
}
/* A suite's sizes for T (make_sizes around every block algorithm's tile and reduce-ahead's unit)
 * and the largest of them: declares sizes, nsizes and maxn. */
#define SUITE_SIZES_(T, rng, max_random)                                                            \
    SUITE_TILES_(T, tiles);                                                                         \
    size_t sizes[40];                                                                               \
    int nsizes = make_sizes(sizes, tiles, 4, GPUSCAN_AHEAD_UNIT_BYTES(sizeof(T)) / sizeof(T), rng, max_random); \
    size_t maxn = 0;                                                                                \
    for (int s = 0; s < nsizes; ++s) maxn = sizes[s] > maxn ? sizes[s] : maxn

/* ---- time on the device -------------------------------------------------------------------- */
static __device__ __forceinline__ unsigned long long test_globaltimer_(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
/* Busy-waits about `ns` nanoseconds (the calling threads only). */
static __device__ __attribute__((unused)) void test_wait_ns(unsigned long long ns)
{
    const unsigned long long t0 = test_globaltimer_();
    while (test_globaltimer_() - t0 < ns) {
    }
}
/* Every thread busy-waits about `ns` nanoseconds: a stream kept busy, part of the GPU held. */
static __global__ void test_busy(unsigned long long ns) { test_wait_ns(ns); }

/* ---- green contexts: fewer SMs than the device -------------------------------------------------
 * The driver's calls are found through the runtime (no link to libcuda: a suite must load where
 * there is no driver, and skip).  A green context shares its device's memory with the primary
 * context, so buffers allocated before it serve inside it. */
#define TEST_DRIVER_FN_(name, type)                                                                 \
    type name = NULL;                                                                               \
    {                                                                                               \
        cudaDriverEntryPointQueryResult q_;                                                         \
        if (cudaGetDriverEntryPointByVersion(#name, (void **)&name, 12040, cudaEnableDefault, &q_) != \
                cudaSuccess ||                                                                      \
            q_ != cudaDriverEntryPointSuccess)                                                      \
            return 0;                                                                               \
    }
#define TEST_CHECK_CU_(expr)                                                                        \
    do {                                                                                            \
        CUresult r_ = (expr);                                                                       \
        if (r_ != CUDA_SUCCESS) {                                                                   \
            fprintf(stderr, "%s:%d: CUDA driver error %d in %s\n", __FILE__, __LINE__, (int)r_, #expr); \
            exit(2);                                                                                \
        }                                                                                           \
    } while (0)
/* Makes a green context of at least `min_sms` SMs of `device` current (the driver rounds the count
 * up to its granularity); its SMs, or 0 where the driver has none. */
static __attribute__((unused)) unsigned test_enter_green_context(int device, unsigned min_sms)
{
    TEST_DRIVER_FN_(cuDeviceGet, PFN_cuDeviceGet_v2000)
    TEST_DRIVER_FN_(cuDeviceGetDevResource, PFN_cuDeviceGetDevResource_v12040)
    TEST_DRIVER_FN_(cuDevSmResourceSplitByCount, PFN_cuDevSmResourceSplitByCount_v12040)
    TEST_DRIVER_FN_(cuDevResourceGenerateDesc, PFN_cuDevResourceGenerateDesc_v12040)
    TEST_DRIVER_FN_(cuGreenCtxCreate, PFN_cuGreenCtxCreate_v12040)
    TEST_DRIVER_FN_(cuCtxFromGreenCtx, PFN_cuCtxFromGreenCtx_v12040)
    TEST_DRIVER_FN_(cuCtxSetCurrent, PFN_cuCtxSetCurrent_v4000)
    CUdevice dev;
    CUdevResource all, part, rest;
    unsigned groups = 1;
    TEST_CHECK_CU_(cuDeviceGet(&dev, device));
    if (cuDeviceGetDevResource(dev, &all, CU_DEV_RESOURCE_TYPE_SM) != CUDA_SUCCESS ||
        cuDevSmResourceSplitByCount(&part, &groups, &all, &rest, 0, min_sms) != CUDA_SUCCESS || groups != 1)
        return 0;
    CUdevResourceDesc desc;
    CUgreenCtx green;
    CUcontext ctx;
    TEST_CHECK_CU_(cuDevResourceGenerateDesc(&desc, &part, 1));
    TEST_CHECK_CU_(cuGreenCtxCreate(&green, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM));
    TEST_CHECK_CU_(cuCtxFromGreenCtx(&ctx, green));
    TEST_CHECK_CU_(cuCtxSetCurrent(ctx));
    return part.sm.smCount;
}

/* The workspace the simple forms keep for stream s on device 0 (memory.cuh: its cache entry; NULL:
 * none): its rounds say which round the next single-pass call on it takes. */
static __attribute__((unused)) const gpuscan_cached_ws_ *kept_entry_of(cudaStream_t s)
{
    const gpuscan_cached_ws_ *row = gpuscan_pool_table_of_program_()->cache[0];
    for (int i = 0; i < GPUSCAN_CACHED_STREAMS_; ++i)
        if (row[i].taken && row[i].stream == s) return &row[i];
    return NULL;
}

#endif /* GPUSCAN_TEST_LIB_H */
