/* tests/test_typed.cu - typed scans (GPUSCAN_DEFINE_CONVERT / GPUSCAN_DEFINE_TRANSFORM): the input
 * is TIn, the scan and its output T.  For each definition, every size of the type suites' list,
 * inclusive and exclusive on every grid x block combination and AUTO, input pointers 1-15 elements
 * off 16-byte alignment, the simple forms, offsets and chained scans, reductions; poisoned
 * outputs with a guard zone; against a sequential CPU fold of fn(x_i, i) with the library's own
 * operator (bit for bit, or for floating sums against a double reference with a tolerance).
 * A typed scan runs in place only into a type as wide as its input (checked); otherwise, and for
 * any partial overlap, it fails with GPUSCAN_ERROR_OVERLAP (checked). */
#include "ring_shape.h" /* (only the gpu_ring_typed suite sets it) */
#include "gpuscan.cuh"
#include "test_lib.h"

/* ---- the definitions under test ------------------------------------------------------------
 * Three of them compile the textbook matrix (every block scan under every grid strategy): a
 * conversion of bytes, a transform of a non-commuting operator and one into a narrower type; the
 * others what AUTO runs (GPUSCAN_EVERY_ALGORITHM, read at each DEFINE), and their suites expect
 * the textbook combinations refused.  The type suites run the matrix for every type and operator;
 * the exhaustive tier (gpu_typed_all) and the ring suites compile it for all thirteen
 * (TEST_EVERY_DEFINE 1). */
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM TEST_MATRIX_
/* flags and small integers summed into wider ones (accumulation in the output type) */
GPUSCAN_DEFINE_CONVERT(u8_i32, uint8_t, int32_t, add)
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM TEST_AUTO_
GPUSCAN_DEFINE_CONVERT(u8_i64, uint8_t, int64_t, add)
GPUSCAN_DEFINE_CONVERT(u8_i16, uint8_t, int16_t, add) /* on the ring: 40 input bytes a thread */
GPUSCAN_DEFINE_CONVERT(i8_i32, int8_t, int32_t, add)
GPUSCAN_DEFINE_CONVERT(i16_i32, int16_t, int32_t, max)
GPUSCAN_DEFINE_CONVERT(bool_size, bool, size_t, add)
GPUSCAN_DEFINE_CONVERT(f32_f64, float, double, add)
GPUSCAN_DEFINE_CONVERT(half_f32, __half, float, add)
/* transforms that read the index: squares, a (value, index) pair for a running argmax, and an
 * affine map made of the element and its index (a non-commutative operator) */
static __host__ __device__ double square_plus_index(float x, size_t i) { return (double)x * x + (double)(i & 3u); }
GPUSCAN_DEFINE_TRANSFORM(sq, float, double, add, square_plus_index)
static __host__ __device__ argmax_t value_at(float x, size_t i)
{
    argmax_t r;
    r.value = x;
    r.index = (int)i;
    return r;
}
GPUSCAN_DEFINE_TRANSFORM(vi, float, argmax_t, argmax, value_at)
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM TEST_MATRIX_
static __host__ __device__ affine affine_at(uint32_t x, size_t i)
{
    affine f;
    f.a = x | 1u;
    f.b = (uint32_t)i * 2654435761u;
    return f;
}
GPUSCAN_DEFINE_TRANSFORM(aff, uint32_t, affine, compose, affine_at)
/* a transform into a smaller type: the value's low byte, counted with a wrapping uint8 add */
static __host__ __device__ uint8_t low_byte(uint64_t x, size_t i) { return (uint8_t)(x + i); }
GPUSCAN_DEFINE_TRANSFORM(lo8, uint64_t, uint8_t, add, low_byte)
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM TEST_AUTO_
/* a transform into the same type (the ring's slots of a typed input as wide as T) */
static __host__ __device__ uint32_t xor_index(uint32_t x, size_t i) { return x ^ (uint32_t)i; }
GPUSCAN_DEFINE_TRANSFORM(xi, uint32_t, uint32_t, add, xor_index)

/* ---- inputs (test_lib.h's generators: flags, bool, floats in [-1, 1], small halves, any bits) ---- */
GEN_INTEGER(i8, int8_t)
GEN_INTEGER(i16, int16_t)
GEN_INTEGER(u32, uint32_t)
GEN_INTEGER(u64, uint64_t)

/* The reference (test_lib.h): T's fold of fn(x_i, i) (P_load_stage's host twin: the DEFINE's
 * transform) with the library's own operator; the double sums for the floating ones. */
#define TYPED_REFERENCE_(P, TIn, T, fn, TO_DOUBLE)                                                  \
    TEST_ELEMENT(P, T, TO_DOUBLE)                                                                   \
    TEST_REFERENCE_STAGED(P, TIn, T, fn, P##_combine, P##_identity(), TO_DOUBLE)

/* One call's check: out[0 .. count) against ref, and the guard zone past it. */
#define TYPED_CHECK_(P, T, what, count)                                                             \
    do {                                                                                            \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        COPY_CHECKED_(h_out, d_out, (count));                                                       \
        const size_t bad = diff_tol_##P(h_out, h_ref, dref, dabs, (count), tol);                    \
        EXPECT(st == GPUSCAN_SUCCESS && bad == 0, "%s %s n=%zu %s grid=%s block=%s: %s, %zu wrong", \
               #P, what, n, kind ? "exclusive" : "inclusive", gpuscan_grid_name(cb.grid),           \
               gpuscan_block_name(cb.block), gpuscan_status_string(st), bad);                       \
        EXPECT(guard_intact(h_out + (count), GUARD_ELEMS * sizeof(T)),                              \
               "%s %s n=%zu: wrote past the end", #P, what, n);                                     \
    } while (0)

#define TYPED_SUITE(name, TIn, T, op, fn, GEN, TOL, TO_DOUBLE, EVERY)                                               \
    TYPED_REFERENCE_(gpuscan_##name##_##op, TIn, T, fn, TO_DOUBLE)                                                  \
    static void suite_##name(uint64_t *rng, size_t max_random)                                                      \
    {                                                                                                               \
        SUITE_SIZES_(T, rng, max_random);                                                                           \
        const double tol = TOL;                                                                                     \
        const size_t cap = maxn + 1 + GUARD_ELEMS;                                                                  \
        TIn *h_in = (TIn *)malloc(cap * sizeof(TIn)), *d_in, *d_in_raw;                                             \
        T *h_out = (T *)malloc(cap * sizeof(T)), *h_ref = (T *)malloc(cap * sizeof(T)), *d_out, *d_cell;            \
        double *dref = (double *)malloc(cap * sizeof(double)), *dabs = (double *)malloc(cap * sizeof(double));      \
        CHECK_CUDA(cudaMalloc(&d_in_raw, (cap + 16) * sizeof(TIn))); /* from d_in_raw + 1-15: off 16 bytes */     \
        CHECK_CUDA(cudaMalloc(&d_out, cap * sizeof(T)));                                                            \
        CHECK_CUDA(cudaMalloc(&d_cell, sizeof(T)));                                                                 \
        long refused = 0;                                                                                           \
        const int builds = TEST_BUILDS_(gpuscan_##name##_##op, T);                                                  \
        for (int s = 0; s < nsizes; ++s) {                                                                          \
            const size_t n = sizes[s];                                                                              \
            GEN(h_in, n > 0 ? n : 1, OPC_ADD, rng);                                                                 \
            for (int off = 0; off < 2; ++off) {                                                                     \
                d_in = d_in_raw + (off ? offset_off16(sizeof(TIn), (size_t)s * 2) : 0); /* over the sizes */        \
                CHECK_CUDA(cudaMemcpy(d_in, h_in, n * sizeof(TIn), cudaMemcpyHostToDevice));                        \
                for (int kind = 0; kind < 2; ++kind) {                                                              \
                    T init = kind ? fn(h_in[n / 2], (size_t)s) : gpuscan_##name##_##op##_identity();                \
                    ref_gpuscan_##name##_##op(h_in, n, kind | REF_TOTAL, init, h_ref, dref, dabs);                  \
                    /* every combination (the offset input: every fourth) through _scan_ex */                     \
                    for (int c = 0; c < N_COMBOS; c += off ? 4 : 1) {                                               \
                        const combo_t cb = k_combos[c];                                                             \
                        size_t bytes = 0;                                                                           \
                        gpuscan_status st = gpuscan_##name##_##op##_scan_ex(NULL, &bytes, NULL, NULL, n,            \
                                                                            (gpuscan_kind)kind, init, cb.grid,      \
                                                                            cb.block, 0);                           \
                        if (combo_not_compiled(EVERY, builds, cb, st, &refused)) continue;                                  \
                        CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                \
                        if (st == GPUSCAN_SUCCESS)                                                                  \
                            st = gpuscan_##name##_##op##_scan_ex(workspace_for(bytes), &bytes, d_in, d_out, n,      \
                                                                 (gpuscan_kind)kind, init, cb.grid, cb.block, 0);   \
                        TYPED_CHECK_(gpuscan_##name##_##op, T, off ? "scan_ex (input off 16 bytes)" : "scan_ex", n);\
                    }                                                                                               \
                    /* the simple form */                                                                           \
                    const combo_t cb = k_combos[0];                                                                 \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                    \
                    gpuscan_status st = kind ? gpuscan_##name##_##op##_exclusive(d_in, d_out, n, init, 0)           \
                                             : gpuscan_##name##_##op##_inclusive(d_in, d_out, n, 0);                \
                    TYPED_CHECK_(gpuscan_##name##_##op, T, "simple", n);                                               \
                    /* the ends: offsets (n + 1 values, the total to the cell too) and a chained scan with   */    \
                    /* seed and total in one cell, on AUTO and one other combination a size                  */    \
                    T h_total;                                                                                      \
                    ref_gpuscan_##name##_##op(h_in, n, kind | REF_SEEDED | REF_TOTAL, init, h_ref, dref, dabs);     \
                    for (int j = 0; j < 2; ++j) {                                                                   \
                        const combo_t ce = k_combos[j == 0 ? 0 : 1 + (s + 3 * off + kind) % (N_COMBOS - 1)];        \
                        size_t bytes = 0;                                                                           \
                        CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                \
                        CHECK_CUDA(cudaMemcpy(d_cell, &init, sizeof(T), cudaMemcpyHostToDevice));                   \
                        if (kind) {                                                                                 \
                            st = gpuscan_##name##_##op##_offsets_ex(NULL, &bytes, NULL, NULL, n, init, NULL,        \
                                                                    ce.grid, ce.block, 0);                          \
                            if (combo_not_compiled(EVERY, builds, ce, st, &refused)) continue;                              \
                            if (st == GPUSCAN_SUCCESS)                                                              \
                                st = gpuscan_##name##_##op##_offsets_ex(workspace_for(bytes), &bytes, d_in, d_out,  \
                                                                        n, init, d_cell, ce.grid, ce.block, 0);     \
                        } else {                                                                                    \
                            st = gpuscan_##name##_##op##_scan_chained_ex(NULL, &bytes, NULL, NULL, n,               \
                                                                         GPUSCAN_INCLUSIVE, NULL, NULL, ce.grid,    \
                                                                         ce.block, 0);                              \
                            if (combo_not_compiled(EVERY, builds, ce, st, &refused)) continue;                              \
                            if (st == GPUSCAN_SUCCESS)                                                              \
                                st = gpuscan_##name##_##op##_scan_chained_ex(workspace_for(bytes), &bytes, d_in,    \
                                                                             d_out, n, GPUSCAN_INCLUSIVE, d_cell,   \
                                                                             d_cell, ce.grid, ce.block, 0);         \
                        }                                                                                           \
                        TYPED_CHECK_(gpuscan_##name##_##op, T, kind ? "offsets_ex" : "chained_ex", n + kind);          \
                        CHECK_CUDA(cudaMemcpy(&h_total, d_cell, sizeof(T), cudaMemcpyDeviceToHost));                \
                        EXPECT(diff_tol_gpuscan_##name##_##op(&h_total, h_ref + n, dref + n, dabs + n, 1, tol) == 0,\
                               "%s_%s n=%zu: the total in the cell", #name, #op, n);                                \
                    }                                                                                               \
                }                                                                                                   \
                /* reductions: the inclusive scan's last value; of nothing, the identity */                         \
                if (n > 0) {                                                                                        \
                    const combo_t cb = k_combos[0];                                                                 \
                    const int kind = 0;                                                                             \
                    ref_gpuscan_##name##_##op(h_in, n, REF_INCLUSIVE, gpuscan_##name##_##op##_identity(), h_ref,    \
                                              dref, dabs);                                                          \
                    size_t bytes = 0;                                                                               \
                    gpuscan_status st = gpuscan_##name##_##op##_reduce_ex(NULL, &bytes, NULL, NULL, n, 0);          \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                    \
                    if (st == GPUSCAN_SUCCESS)                                                                      \
                        st = gpuscan_##name##_##op##_reduce_ex(workspace_for(bytes), &bytes, d_in, d_out, n, 0);    \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                            \
                    CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                        \
                    EXPECT(st == GPUSCAN_SUCCESS && diff_tol_gpuscan_##name##_##op(h_out, h_ref + n - 1,            \
                                                                                   dref + n - 1, dabs + n - 1, 1,   \
                                                                                   tol) == 0,                       \
                           "%s_%s reduce_ex n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                  \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                    \
                    st = gpuscan_##name##_##op##_reduce(d_in, d_out, n, 0);                                         \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                            \
                    CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                        \
                    EXPECT(st == GPUSCAN_SUCCESS && diff_tol_gpuscan_##name##_##op(h_out, h_ref + n - 1,            \
                                                                                   dref + n - 1, dabs + n - 1, 1,   \
                                                                                   tol) == 0,                       \
                           "%s_%s reduce n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                     \
                    (void)cb; (void)kind;                                                                           \
                } else {                                                                                            \
                    EXPECT_EMPTY_REDUCE(gpuscan_##name##_##op, T, d_in, d_out, [](const T *a, const T *b) {         \
                        return diff_tol_gpuscan_##name##_##op(a, b, NULL, NULL, 1, 0.0) == 0;                       \
                    });                                                                                             \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
        /* in place only from a type into one as wide (then checked), never overlapping */                         \
        {                                                                                                           \
            const size_t m = maxn < 1000 ? maxn : 1000;                                                             \
            GEN(h_in, m, OPC_ADD, rng);                                                                                      \
            CHECK_CUDA(cudaMemcpy(d_out, h_in, m * sizeof(TIn), cudaMemcpyHostToDevice));                           \
            gpuscan_status st = gpuscan_##name##_##op##_inclusive((const TIn *)(void *)d_out, d_out, m, 0);         \
            if (sizeof(TIn) != sizeof(T)) {                                                                         \
                EXPECT(st == GPUSCAN_ERROR_OVERLAP, "%s_%s in place from %s into %s: %s", #name, #op, #TIn, #T,     \
                       gpuscan_status_string(st));                                                                  \
            } else {                                                                                                \
                CHECK_CUDA(cudaDeviceSynchronize());                                                                \
                CHECK_CUDA(cudaMemcpy(h_out, d_out, m * sizeof(T), cudaMemcpyDeviceToHost));                        \
                ref_gpuscan_##name##_##op(h_in, m, REF_INCLUSIVE, gpuscan_##name##_##op##_identity(), h_ref, dref,  \
                                          dabs);                                                                    \
                EXPECT(st == GPUSCAN_SUCCESS && diff_tol_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, m, tol) == 0, \
                       "%s_%s in place (as wide): %s", #name, #op, gpuscan_status_string(st));                      \
            }                                                                                                       \
            st = gpuscan_##name##_##op##_inclusive((const TIn *)(void *)((char *)d_out + 16), d_out, 1000, 0);         \
            EXPECT(st == GPUSCAN_ERROR_OVERLAP, "%s_%s overlapping: %s", #name, #op, gpuscan_status_string(st));    \
        }                                                                                                           \
        test_refusals_seen(gpuscan_##name##_##op, EVERY, refused);                                                  \
        CHECK_CUDA(cudaDeviceSynchronize());                                                                        \
        printf("  %-10s %-7s %d sizes (max %zu): %ld passed, %ld failed so far\n", #name, #op, nsizes, maxn,       \
               g_passed, g_failed);                                                                                 \
        fflush(stdout);                                                                                             \
        CHECK_CUDA(cudaFree(d_in_raw));                                                                             \
        CHECK_CUDA(cudaFree(d_out));                                                                                \
        CHECK_CUDA(cudaFree(d_cell));                                                                               \
        free(h_in); free(h_out); free(h_ref); free(dref); free(dabs);                                               \
    }

/* (a CONVERT's conversion is below the public API: TEST_INTERNAL) */
#define CONVERSION_OF(name, op) TEST_INTERNAL(gpuscan_##name##_##op, convert)
TYPED_SUITE(u8_i32, uint8_t, int32_t, add, CONVERSION_OF(u8_i32, add), gen_flags, 0, TEST_NO_DOUBLE, TEST_MATRIX_)
TYPED_SUITE(u8_i64, uint8_t, int64_t, add, CONVERSION_OF(u8_i64, add), gen_flags, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(u8_i16, uint8_t, int16_t, add, CONVERSION_OF(u8_i16, add), gen_flags, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(i8_i32, int8_t, int32_t, add, CONVERSION_OF(i8_i32, add), gen_i8, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(i16_i32, int16_t, int32_t, max, CONVERSION_OF(i16_i32, max), gen_i16, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(bool_size, bool, size_t, add, CONVERSION_OF(bool_size, add), gen_bool, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(f32_f64, float, double, add, CONVERSION_OF(f32_f64, add), gen_unit_float, 1e-12, TEST_TO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(half_f32, __half, float, add, CONVERSION_OF(half_f32, add), gen_small_half, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(sq, float, double, add, square_plus_index, gen_unit_float, 1e-12, TEST_TO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(vi, float, argmax_t, argmax, value_at, gen_unit_float, 0, TEST_NO_DOUBLE, TEST_AUTO_)
TYPED_SUITE(aff, uint32_t, affine, compose, affine_at, gen_u32, 0, TEST_NO_DOUBLE, TEST_MATRIX_)
TYPED_SUITE(lo8, uint64_t, uint8_t, add, low_byte, gen_u64, 0, TEST_NO_DOUBLE, TEST_MATRIX_)
TYPED_SUITE(xi, uint32_t, uint32_t, add, xor_index, gen_u32, 0, TEST_NO_DOUBLE, TEST_AUTO_)

int main(void)
{
    const char *suite = "gpu_typed";
    require_gpu(suite);
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 24);
    suite_u8_i32(&rng, max_random);
    suite_u8_i64(&rng, max_random);
    suite_u8_i16(&rng, max_random);
    suite_i8_i32(&rng, max_random);
    suite_i16_i32(&rng, max_random);
    suite_bool_size(&rng, max_random);
    suite_f32_f64(&rng, max_random);
    suite_half_f32(&rng, max_random);
    suite_sq(&rng, max_random);
    suite_vi(&rng, max_random);
    suite_aff(&rng, max_random);
    suite_lo8(&rng, max_random);
    suite_xi(&rng, max_random);
#ifdef TEST_RING_EVERY_TYPE
    /* the ring suite: inputs no wider than T with commutative operators took the ring, the others
     * could not */
#define RUNS_(P) gpuscan_ring_runs_(&TEST_INTERNAL(P, desc), 1u << 20) /* (below the public API) */
    EXPECT(RUNS_(gpuscan_u8_i32_add) && RUNS_(gpuscan_u8_i16_add) && RUNS_(gpuscan_bool_size_add) &&
               RUNS_(gpuscan_i16_i32_max) &&
               RUNS_(gpuscan_half_f32_add) && RUNS_(gpuscan_sq_add) && RUNS_(gpuscan_xi_add),
           "typed scans of add/int max did not take the ring");
    EXPECT(!RUNS_(gpuscan_vi_argmax) && !RUNS_(gpuscan_aff_compose) && !RUNS_(gpuscan_lo8_add),
           "a typed scan of a non-commutative operator or a wider input took the ring");
#if GPUSCAN_TEST_RING_MULTI >= 0
#define MULTI_(P) gpuscan_ring_shape_here_(&TEST_INTERNAL(P, desc).ring).multi
    EXPECT(MULTI_(gpuscan_u8_i32_add) == GPUSCAN_TEST_RING_MULTI && MULTI_(gpuscan_sq_add) == GPUSCAN_TEST_RING_MULTI,
           "the typed ring ran another kernel than the suite asked for (GPUSCAN_TEST_RING_MULTI)");
#endif
#endif
    return test_finish(suite);
}
