/* tests/test_large.cu - large inputs (64-bit indexing, millions of tiles, several hierarchy
 * levels), every grid strategy, both kinds, and the reduce: float at 2^27, int32 past 2^31
 * elements (8 GiB), int64 past 2^31 elements (16 GiB; AUTO takes the ring there), uint8 past
 * 2^32 elements (4 GiB).  The uint8 look-back with Kogge-Stone
 * tiles of 1024 elements launches over 4 million blocks, far more than the GPU holds at once. */
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(f32, float, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, add)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)
GEN_INTEGER(i32, int32_t)
GEN_INTEGER(i64, int64_t)
GEN_INTEGER(u8, uint8_t)
GEN_REAL(f32, float, (float), 0)
/* the CPU references and comparisons (test_lib.h) */
TEST_REFERENCE_OF(gpuscan_i32_add, int32_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_i64_add, int64_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_u8_add, uint8_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_f32_add, float, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_i32_add, int32_t, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_i64_add, int64_t, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_u8_add, uint8_t, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_f32_add, float, TEST_TO_DOUBLE)

/* One large case: n elements, the given combos, inclusive and exclusive. */
#define LARGE_CASE(name, T, n_, TOL, combos, ncombos)                                                     \
    do {                                                                                                  \
        const size_t n = (n_);                                                                            \
        size_t free_b = 0, total_b = 0;                                                                   \
        CHECK_CUDA(cudaMemGetInfo(&free_b, &total_b));                                                    \
        if (free_b < 2 * n * sizeof(T) + (n * sizeof(T)) / 8 + ((size_t)256 << 20)) {                     \
            printf("  %s n=%zu: not enough device memory, skipped\n", #name, n);                          \
            break;                                                                                        \
        }                                                                                                 \
        T *h_in = (T *)malloc(n * sizeof(T)), *h_out = (T *)malloc(n * sizeof(T));                        \
        T *h_ref = (T *)malloc(n * sizeof(T)), *d_in, *d_out, init;                                       \
        double *dref = TOL > 0 ? (double *)malloc(n * sizeof(double)) : NULL;                             \
        double *dabs = TOL > 0 ? (double *)malloc(n * sizeof(double)) : NULL;                             \
        TEST_ADD_INPUT(name, T, h_in, init, d_in, d_out, n, &rng);                                        \
        for (int kind = 0; kind < 2; ++kind) {                                                            \
            ref_gpuscan_##name##_add(h_in, n, kind, init, h_ref, dref, dabs);                             \
            for (int c = 0; c < (ncombos); ++c) {                                                         \
                size_t bytes = 0;                                                                         \
                gpuscan_status st = gpuscan_##name##_add_scan_ex(NULL, &bytes, NULL, NULL, n,             \
                    (gpuscan_kind)kind, init, combos[c].grid, combos[c].block, 0);                        \
                poison(d_out, n * sizeof(T), 0);                                                          \
                st = gpuscan_##name##_add_scan_ex(workspace_for(bytes), &bytes, d_in, d_out, n,           \
                    (gpuscan_kind)kind, init, combos[c].grid, combos[c].block, 0);                        \
                EXPECT(st == GPUSCAN_SUCCESS, "%s: %s", #name, gpuscan_status_string(st));                \
                CHECK_CUDA(cudaGetLastError());                                                           \
                CHECK_CUDA(cudaDeviceSynchronize());                                                      \
                CHECK_CUDA(cudaMemcpy(h_out, d_out, n * sizeof(T), cudaMemcpyDeviceToHost));              \
                const size_t bad = diff_tol_gpuscan_##name##_add(h_out, h_ref, dref, dabs, n, TOL);       \
                EXPECT(bad == 0, "%s add %s n=%zu grid=%s block=%s: %zu wrong",                           \
                       #name, kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(combos[c].grid),     \
                       gpuscan_block_name(combos[c].block), bad);                                         \
                printf("  %-4s add %-9s n=%zu %-12s %-16s %s\n", #name, kind ? "exclusive" : "inclusive", \
                       n, gpuscan_grid_name(combos[c].grid), gpuscan_block_name(combos[c].block),         \
                       bad ? "MISMATCH" : "ok");                                                          \
                fflush(stdout);                                                                           \
            }                                                                                             \
        }                                                                                                 \
        { /* reduce: the last inclusive prefix */                                                         \
            T total, got;                                                                                 \
            ref_gpuscan_##name##_add(h_in, n, REF_INCLUSIVE, init, h_ref, dref, dabs);                    \
            total = h_ref[n - 1];                                                                         \
            size_t bytes = 0;                                                                             \
            gpuscan_##name##_add_reduce_ex(NULL, &bytes, NULL, NULL, n, 0);                               \
            gpuscan_status st = gpuscan_##name##_add_reduce_ex(workspace_for(bytes), &bytes, d_in,        \
                                                               d_out, n, 0);                              \
            EXPECT(st == GPUSCAN_SUCCESS, "%s reduce: %s", #name, gpuscan_status_string(st));             \
            CHECK_CUDA(cudaMemcpy(&got, d_out, sizeof(T), cudaMemcpyDeviceToHost));                       \
            size_t bad = diff_tol_gpuscan_##name##_add(&got, &total, dref ? dref + n - 1 : NULL,          \
                                                       dabs ? dabs + n - 1 : NULL, 1, TOL);               \
            EXPECT(bad == 0, "%s reduce n=%zu wrong", #name, n);                                          \
            printf("  %-4s reduce n=%zu %s\n", #name, n, bad ? "MISMATCH" : "ok");                        \
        }                                                                                                 \
        CHECK_CUDA(cudaFree(d_in));                                                                       \
        CHECK_CUDA(cudaFree(d_out));                                                                      \
        free(h_in); free(h_out); free(h_ref); free(dref); free(dabs);                                     \
    } while (0)

int main(void)
{
    require_gpu("gpu_large");
    uint64_t rng = test_seed();
    static const combo_t all_grids[] = {
        {GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO},
        {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_KOGGE_STONE},
        {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_COARSENED},
        {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_COARSENED},
        {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED},
        {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_BRENT_KUNG},
        {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED},
    };
    static const combo_t ring_grids[] = { /* the ones that take the ring for 8-byte types */
        {GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO},
        {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED},
    };
    LARGE_CASE(f32, float, ((size_t)1 << 27) + 3, 1e-4, all_grids, 2);
    LARGE_CASE(i32, int32_t, ((size_t)1 << 31) + 7, 0, all_grids, 7);
    LARGE_CASE(i64, int64_t, ((size_t)1 << 31) + 5, 0, ring_grids, 2);
    LARGE_CASE(u8, uint8_t, ((size_t)1 << 32) + ((size_t)1 << 20) + 9, 0, all_grids, 7);
    return test_finish("gpu_large");
}
