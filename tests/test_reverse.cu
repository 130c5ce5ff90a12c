/* tests/test_reverse.cu - reverse (suffix) scans (GPUSCAN_DEFINE_REVERSE): for each definition,
 * every size of the type suites' list, inclusive and exclusive on every grid x block combination
 * and AUTO, pointers 1-15 elements off 16-byte alignment (input and output by different amounts),
 * the simple forms, chained scans (a seed on the right, the total out; a sequence scanned chunk by
 * chunk from its end), reductions (a reverse DEFINE has no offsets); poisoned outputs with a guard
 * zone; against the CPU reference's fold from the end (test_lib.h: REF_REVERSE) with the
 * operator's own order: out[i] = in[i] (x) (in[i+1] (x) ...).  Non-commutative
 * operators (affine maps, float min/max's -0/NaN rules) show any operand swapped. */
#include "ring_shape.h" /* (only the gpu_ring_reverse suite sets it) */
#include "gpuscan.cuh"
#include "test_lib.h"

/* The reference's operator in its own order, from the operator's macros (gpuscan_ops.h,
 * custom_ops.h): forward_<name>_<op>_combine and _identity (no forward DEFINE: its kernels would
 * be half this file's compile time). */
#define REVERSE_PAIR(name, T, op)                                                                   \
    GPUSCAN_DEFINE_REVERSE(name, T, op)                                                             \
    static T forward_##name##_##op##_combine(T a, T b) { return GPUSCAN_OP_##op##_COMBINE(T, a, b); } \
    static T forward_##name##_##op##_identity(void) { return GPUSCAN_OP_##op##_IDENTITY(name, T); }
/* int32 add, uint8 add (packed into words) and affine maps (an operator that does not commute)
 * compile the textbook matrix, mirrored; the others what AUTO runs (GPUSCAN_EVERY_ALGORITHM, read
 * at each DEFINE), and their suites expect the textbook combinations refused.  The exhaustive
 * tier (gpu_reverse_all) and the ring suite compile it for all six (TEST_EVERY_DEFINE 1). */
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM TEST_MATRIX_
REVERSE_PAIR(i32, int32_t, add)
REVERSE_PAIR(u8, uint8_t, add)
REVERSE_PAIR(aff, affine, compose)
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM TEST_AUTO_
REVERSE_PAIR(i64, int64_t, max)
REVERSE_PAIR(f32, float, max)
REVERSE_PAIR(m2, mat2, matmul)

GEN_INTEGER(i32, int32_t)
GEN_INTEGER(u8, uint8_t)
GEN_INTEGER(i64, int64_t)
#define F32_OF(x) ((float)(x))
GEN_REAL(f32, float, F32_OF, 0)
#define gen_aff gen_affine
#define gen_m2 gen_mat2

/* ref_<name>_<op>(x, n, REF_REVERSE | ..., init, out, NULL, NULL): the
 * operator in its own order folded from the end; ref[n]: the total (REF_TOTAL). */
#define REVERSE_REFERENCE_(name, T, op)                                                             \
    TEST_ELEMENT(name##_##op, T, TEST_NO_DOUBLE)                                                    \
    TEST_REFERENCE(name##_##op, T, forward_##name##_##op##_combine, forward_##name##_##op##_identity(), \
                   TEST_NO_DOUBLE)
#define REF_FLAGS_(kind, seeded) (REF_REVERSE | REF_TOTAL | ((kind) ? REF_EXCLUSIVE : 0) | ((seeded) ? REF_SEEDED : 0))

#define REVERSE_CHECK_(name, T, op, what, count)                                                            \
    do {                                                                                            \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        COPY_CHECKED_(h_out, d_out, (count));                                                       \
        const size_t bad = diff_##name##_##op(h_out, h_ref, (count));                               \
        EXPECT(st == GPUSCAN_SUCCESS && bad == 0, "%s_%s reverse %s n=%zu %s grid=%s block=%s: %s, %zu wrong", \
               #name, #op, what, n, kind ? "exclusive" : "inclusive", gpuscan_grid_name(cb.grid),   \
               gpuscan_block_name(cb.block), gpuscan_status_string(st), bad);                       \
        EXPECT(guard_intact(h_out + (count), GUARD_ELEMS * sizeof(T)),                              \
               "%s_%s reverse %s n=%zu: wrote past the end", #name, #op, what, n);                  \
    } while (0)

#define REVERSE_SUITE(name, T, op, OPC, EVERY)                                                                      \
    REVERSE_REFERENCE_(name, T, op)                                                                                 \
    static void suite_##name##_##op(uint64_t *rng, size_t max_random)                                               \
    {                                                                                                               \
        SUITE_SIZES_(T, rng, max_random);                                                                           \
        const size_t cap = maxn + 1 + GUARD_ELEMS;                                                                  \
        T *h_in = (T *)malloc(cap * sizeof(T)), *h_out = (T *)malloc(cap * sizeof(T));                              \
        T *h_ref = (T *)malloc(cap * sizeof(T)), *d_in_raw, *d_out_raw, *d_cell, *d_in, *d_out;                     \
        CHECK_CUDA(cudaMalloc(&d_in_raw, (cap + 16) * sizeof(T)));                                                  \
        CHECK_CUDA(cudaMalloc(&d_out_raw, (cap + 16) * sizeof(T)));                                                 \
        CHECK_CUDA(cudaMalloc(&d_cell, sizeof(T)));                                                                 \
        long refused = 0;                                                                                           \
        const int builds = TEST_BUILDS_(gpuscan_##name##_##op##_reverse, T);                                        \
        for (int s = 0; s < nsizes; ++s) {                                                                          \
            const size_t n = sizes[s];                                                                              \
            gen_##name(h_in, n > 0 ? n : 1, OPC, rng);                                                              \
            for (int off = 0; off < 2; ++off) { /* off: both pointers past 16 bytes, by different amounts */       \
                d_in = d_in_raw + (off ? offset_off16(sizeof(T), (size_t)s * 7) : 0);                               \
                d_out = d_out_raw + (off ? offset_off16(sizeof(T), (size_t)s * 4 + 2) : 0);                         \
                CHECK_CUDA(cudaMemcpy(d_in, h_in, n * sizeof(T), cudaMemcpyHostToDevice));                          \
                for (int kind = 0; kind < 2; ++kind) {                                                              \
                    const T init = kind ? h_in[n / 2] : forward_##name##_##op##_identity();                         \
                    ref_##name##_##op(h_in, n, REF_FLAGS_(kind, kind), init, h_ref, NULL, NULL);                    \
                    for (int c = 0; c < N_COMBOS; c += off ? 4 : 1) {                                               \
                        const combo_t cb = k_combos[c];                                                             \
                        size_t bytes = 0;                                                                           \
                        gpuscan_status st = gpuscan_##name##_##op##_reverse_scan_ex(                                \
                            NULL, &bytes, NULL, NULL, n, (gpuscan_kind)kind, init, cb.grid, cb.block, 0);           \
                        if (combo_not_compiled(EVERY, builds, cb, st, &refused)) continue;                                  \
                        CHECK_CUDA(cudaMemset(d_out_raw, POISON_BYTE, (cap + 16) * sizeof(T)));                     \
                        if (st == GPUSCAN_SUCCESS)                                                                  \
                            st = gpuscan_##name##_##op##_reverse_scan_ex(workspace_for(bytes), &bytes, d_in, d_out, \
                                                                         n, (gpuscan_kind)kind, init, cb.grid,      \
                                                                         cb.block, 0);                              \
                        REVERSE_CHECK_(name, T, op, off ? "scan_ex (pointers off 16 bytes)" : "scan_ex", n);                     \
                        EXPECT(before_intact(d_out_raw, (size_t)(d_out - d_out_raw) * sizeof(T)),                   \
                               "%s_%s reverse n=%zu: wrote before the start", #name, #op, n);                       \
                    }                                                                                               \
                    const combo_t cb = k_combos[0];                                                                 \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                    \
                    gpuscan_status st = kind ? gpuscan_##name##_##op##_reverse_exclusive(d_in, d_out, n, init, 0)   \
                                             : gpuscan_##name##_##op##_reverse_inclusive(d_in, d_out, n, 0);        \
                    REVERSE_CHECK_(name, T, op, "simple", n);                                                                    \
                    /* in place (same pointers) */                                                                  \
                    CHECK_CUDA(cudaMemcpy(d_out, h_in, n * sizeof(T), cudaMemcpyHostToDevice));                     \
                    st = kind ? gpuscan_##name##_##op##_reverse_exclusive(d_out, d_out, n, init, 0)                 \
                              : gpuscan_##name##_##op##_reverse_inclusive(d_out, d_out, n, 0);                      \
                    {                                                                                               \
                        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
                        CHECK_CUDA(cudaMemcpy(h_out, d_out, n * sizeof(T), cudaMemcpyDeviceToHost));                \
                        const size_t bad = diff_##name##_##op(h_out, h_ref, n);                                     \
                        EXPECT(st == GPUSCAN_SUCCESS && bad == 0, "%s_%s reverse in place n=%zu: %s, %zu wrong",    \
                               #name, #op, n, gpuscan_status_string(st), bad);                                      \
                    }                                                                                               \
                    /* chained: the seed on the right (a cell that also takes the total), on AUTO and one        */ \
                    /* other combination a size                                                                  */ \
                    ref_##name##_##op(h_in, n, REF_FLAGS_(kind, 1), init, h_ref, NULL, NULL);                       \
                    for (int j = 0; j < 2; ++j) {                                                                   \
                        const combo_t ce = k_combos[j == 0 ? 0 : 1 + (s + 3 * off + kind) % (N_COMBOS - 1)];        \
                        size_t bytes = 0;                                                                           \
                        T h_total;                                                                                  \
                        CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                \
                        CHECK_CUDA(cudaMemcpy(d_cell, &init, sizeof(T), cudaMemcpyHostToDevice));                   \
                        st = gpuscan_##name##_##op##_reverse_scan_chained_ex(NULL, &bytes, NULL, NULL, n,           \
                                                                             (gpuscan_kind)kind, NULL, NULL,        \
                                                                             ce.grid, ce.block, 0);                 \
                        if (combo_not_compiled(EVERY, builds, ce, st, &refused)) continue;                                  \
                        if (st == GPUSCAN_SUCCESS)                                                                  \
                            st = gpuscan_##name##_##op##_reverse_scan_chained_ex(                                   \
                                workspace_for(bytes), &bytes, d_in, d_out, n, (gpuscan_kind)kind, d_cell, d_cell,   \
                                ce.grid, ce.block, 0);                                                              \
                        {                                                                                           \
                            const combo_t cb = ce;                                                                  \
                            REVERSE_CHECK_(name, T, op, "chained_ex", n);                                                        \
                        }                                                                                           \
                        CHECK_CUDA(cudaMemcpy(&h_total, d_cell, sizeof(T), cudaMemcpyDeviceToHost));                \
                        EXPECT(diff_##name##_##op(&h_total, &h_ref[n], 1) == 0, "%s_%s reverse chained n=%zu: the total",\
                               #name, #op, n);                                                                      \
                    }                                                                                               \
                }                                                                                                   \
                /* a sequence scanned chunk by chunk from its end, the carry in one cell */                        \
                {                                                                                                   \
                    const combo_t cb = k_combos[0];                                                                 \
                    const int kind = 0;                                                                             \
                    ref_##name##_##op(h_in, n, REF_FLAGS_(0, 0), forward_##name##_##op##_identity(), h_ref, NULL, NULL);\
                    const size_t cut1 = n / 3, cut2 = n - n / 5;                                                    \
                    gpuscan_status st = GPUSCAN_SUCCESS;                                                            \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                    \
                    for (int part = 0; part < 3; ++part) {                                                          \
                        const size_t a = part == 0 ? cut2 : part == 1 ? cut1 : 0;                                   \
                        const size_t b = part == 0 ? n : part == 1 ? cut2 : cut1;                                   \
                        gpuscan_status s2 = gpuscan_##name##_##op##_reverse_inclusive_chained(                      \
                            d_in + a, d_out + a, b - a, part == 0 ? NULL : d_cell, d_cell, 0);                      \
                        if (s2 != GPUSCAN_SUCCESS) st = s2;                                                         \
                    }                                                                                               \
                    REVERSE_CHECK_(name, T, op, "in three chunks from the end", n);                                              \
                }                                                                                                   \
                /* reductions: in[0] (x) ... (x) in[n-1] in the operator's order; of nothing, the identity */       \
                if (n > 0) {                                                                                        \
                    ref_##name##_##op(h_in, n, REF_FLAGS_(0, 0), forward_##name##_##op##_identity(), h_ref, NULL, NULL);\
                    size_t bytes = 0;                                                                               \
                    gpuscan_status st = gpuscan_##name##_##op##_reverse_reduce_ex(NULL, &bytes, NULL, NULL, n, 0);  \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, sizeof(T)));                                          \
                    if (st == GPUSCAN_SUCCESS)                                                                      \
                        st = gpuscan_##name##_##op##_reverse_reduce_ex(workspace_for(bytes), &bytes, d_in, d_out,   \
                                                                       n, 0);                                       \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                            \
                    CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                        \
                    EXPECT(st == GPUSCAN_SUCCESS && diff_##name##_##op(h_out, &h_ref[0], 1) == 0,                   \
                           "%s_%s reverse reduce_ex n=%zu: %s", #name, #op, n, gpuscan_status_string(st));          \
                } else {                                                                                            \
                    EXPECT_EMPTY_REDUCE(gpuscan_##name##_##op##_reverse, T, d_in, d_out,                            \
                                        [](const T *a, const T *b) { return diff_##name##_##op(a, b, 1) == 0; });   \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
        test_refusals_seen(name##_##op##_reverse, EVERY, refused);                                                  \
        printf("  %-5s %-7s reverse %d sizes (max %zu): %ld passed, %ld failed so far\n", #name, #op, nsizes,      \
               maxn, g_passed, g_failed);                                                                           \
        fflush(stdout);                                                                                             \
        CHECK_CUDA(cudaFree(d_in_raw));                                                                             \
        CHECK_CUDA(cudaFree(d_out_raw));                                                                            \
        CHECK_CUDA(cudaFree(d_cell));                                                                               \
        free(h_in); free(h_out); free(h_ref);                                                                       \
    }

REVERSE_SUITE(i32, int32_t, add, OPC_ADD, TEST_MATRIX_)
REVERSE_SUITE(u8, uint8_t, add, OPC_ADD, TEST_MATRIX_)
REVERSE_SUITE(i64, int64_t, max, OPC_MINMAX, TEST_AUTO_)
REVERSE_SUITE(f32, float, max, OPC_MINMAX, TEST_AUTO_)
REVERSE_SUITE(aff, affine, compose, 0, TEST_MATRIX_)
REVERSE_SUITE(m2, mat2, matmul, 0, TEST_AUTO_)

int main(void)
{
    const char *suite = "gpu_reverse";
    require_gpu(suite);
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 24);
    suite_i32_add(&rng, max_random);
    suite_u8_add(&rng, max_random);
    suite_i64_max(&rng, max_random);
    suite_f32_max(&rng, max_random);
    suite_aff_compose(&rng, max_random);
    suite_m2_matmul(&rng, max_random);
#ifdef TEST_RING_EVERY_TYPE
    /* the ring suite: the commutative operators' reverse scans ran on the ring, the others could not */
#define RUNS_(P) gpuscan_ring_runs_(&TEST_INTERNAL(P, desc), 1u << 20) /* (below the public API) */
    EXPECT(RUNS_(gpuscan_i32_add_reverse) && RUNS_(gpuscan_u8_add_reverse) && RUNS_(gpuscan_i64_max_reverse),
           "reverse scans of add/int max did not take the ring");
    EXPECT(!RUNS_(gpuscan_f32_max_reverse) && !RUNS_(gpuscan_aff_compose_reverse),
           "a reverse scan of a non-commutative operator took the ring");
#endif
    return test_finish(suite);
}
