/* tests/test_stress.cu - many randomized scans queued back-to-back without synchronizing, on one
 * stream and on four streams at once (each run with its own input, output and workspace), then
 * all checked against the CPU: random n (log-uniform up to 2^22), random grid x block (every
 * combination; single-pass ones most often), inclusive/exclusive, in place or not, a
 * commutative (int32 add) and a non-commutative (affine composition) operator. */
#include "gpuscan.cuh"
#include "scan_suite.cuh"
#include "custom_ops.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE(affine, compose)
GEN_INTEGER(i32, int32_t)
SUITE_REFERENCE_(gpuscan_i32_add, int32_t, SUITE_NO_DOUBLE)
SUITE_COMPARE_(gpuscan_i32_add, int32_t, 0, SUITE_NO_DOUBLE)
SUITE_REFERENCE_(gpuscan_affine_compose, affine, SUITE_NO_DOUBLE)
SUITE_COMPARE_(gpuscan_affine_compose, affine, 0, SUITE_NO_DOUBLE)

typedef struct {
    size_t n;
    int kind, in_place;
    combo_t cb;
    void *h_in, *d_in, *d_out, *ws;
    size_t ws_bytes;
    char init[sizeof(affine)];
} run_t;

/* One batch: `count` runs of (name, T, op) spread round-robin over `nstreams` streams, all queued
 * before any synchronization, then verified. */
#define STRESS_BATCH(name, T, op, GEN, count, nstreams)                                             \
    do {                                                                                            \
        cudaStream_t streams[4];                                                                    \
        run_t *runs = (run_t *)calloc((count), sizeof(run_t));                                      \
        for (int s = 0; s < (nstreams); ++s) CHECK_CUDA(cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking)); \
        for (int r = 0; r < (count); ++r) {                                                         \
            run_t *R = &runs[r];                                                                    \
            R->n = (size_t)exp2(22.0 * rng_uniform(&rng)) + 1;                                      \
            R->kind = (int)(rng_next(&rng) & 1);                                                    \
            R->in_place = (rng_next(&rng) % 4) == 0;                                                \
            /* single-pass strategies 3 times out of 4 */                                           \
            R->cb = k_combos[(rng_next(&rng) % 4) ? 5 + rng_next(&rng) % 8 : rng_next(&rng) % 5];   \
            R->h_in = malloc(R->n * sizeof(T));                                                     \
            GEN((T *)R->h_in, R->n, OPC_ADD, &rng);                                                 \
            T init_v;                                                                               \
            GEN(&init_v, 1, OPC_ADD, &rng);                                                         \
            memcpy(R->init, &init_v, sizeof(T));                                                    \
            CHECK_CUDA(cudaMalloc(&R->d_in, R->n * sizeof(T)));                                     \
            CHECK_CUDA(cudaMalloc(&R->d_out, R->n * sizeof(T)));                                    \
            gpuscan_##name##_##op##_scan_ex(NULL, &R->ws_bytes, NULL, NULL, R->n, (gpuscan_kind)R->kind, \
                                            init_v, R->cb.grid, R->cb.block, 0);                    \
            CHECK_CUDA(cudaMalloc(&R->ws, R->ws_bytes));                                            \
        }                                                                                           \
        CHECK_CUDA(cudaDeviceSynchronize()); /* all allocations done: now queue without syncs */    \
        for (int r = 0; r < (count); ++r) {                                                         \
            run_t *R = &runs[r];                                                                    \
            cudaStream_t st = streams[r % (nstreams)];                                              \
            T init_v;                                                                               \
            memcpy(&init_v, R->init, sizeof(T));                                                    \
            CHECK_CUDA(cudaMemcpyAsync(R->d_in, R->h_in, R->n * sizeof(T), cudaMemcpyHostToDevice, st)); \
            if (R->in_place) CHECK_CUDA(cudaMemcpyAsync(R->d_out, R->d_in, R->n * sizeof(T), cudaMemcpyDeviceToDevice, st)); \
            gpuscan_status stt = gpuscan_##name##_##op##_scan_ex(R->ws, &R->ws_bytes,               \
                (const T *)(R->in_place ? R->d_out : R->d_in), (T *)R->d_out, R->n, (gpuscan_kind)R->kind, \
                init_v, R->cb.grid, R->cb.block, st);                                               \
            EXPECT(stt == GPUSCAN_SUCCESS, "stress run %d: %s", r, gpuscan_status_string(stt));     \
        }                                                                                           \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        long bad_runs = 0;                                                                          \
        for (int r = 0; r < (count); ++r) {                                                         \
            run_t *R = &runs[r];                                                                    \
            T *ref = (T *)malloc(R->n * sizeof(T)), *out = (T *)malloc(R->n * sizeof(T));           \
            T init_v;                                                                               \
            memcpy(&init_v, R->init, sizeof(T));                                                    \
            ref_gpuscan_##name##_##op((const T *)R->h_in, ref, R->n, R->kind, init_v, NULL, NULL);  \
            CHECK_CUDA(cudaMemcpy(out, R->d_out, R->n * sizeof(T), cudaMemcpyDeviceToHost));        \
            size_t first = 0, bad = cmp_gpuscan_##name##_##op(out, ref, NULL, NULL, R->n, &first);  \
            bad_runs += bad != 0;                                                                   \
            EXPECT(bad == 0, "stress %s_%s n=%zu %s grid=%s block=%s%s: %zu mismatches at %zu",    \
                   #name, #op, R->n, R->kind ? "exclusive" : "inclusive", gpuscan_grid_name(R->cb.grid), \
                   gpuscan_block_name(R->cb.block), R->in_place ? " in-place" : "", bad, first);    \
            free(ref); free(out); free(R->h_in);                                                    \
            CHECK_CUDA(cudaFree(R->d_in)); CHECK_CUDA(cudaFree(R->d_out)); CHECK_CUDA(cudaFree(R->ws)); \
        }                                                                                           \
        for (int s = 0; s < (nstreams); ++s) CHECK_CUDA(cudaStreamDestroy(streams[s]));             \
        printf("  %-7s %-7s %d runs on %d stream(s): %ld wrong\n", #name, #op, (count), (nstreams), bad_runs); \
        fflush(stdout);                                                                             \
        free(runs);                                                                                 \
    } while (0)

int main(void)
{
    require_gpu("gpu_stress");
    uint64_t rng = test_seed();
    const int batches = getenv("GPUSCAN_STRESS_BATCHES") ? atoi(getenv("GPUSCAN_STRESS_BATCHES")) : 5;
    for (int b = 0; b < batches; ++b) {
        STRESS_BATCH(i32, int32_t, add, gen_i32, 200, 1);
        STRESS_BATCH(i32, int32_t, add, gen_i32, 200, 4);
        STRESS_BATCH(affine, affine, compose, gen_affine, 100, 4);
    }
    return test_finish("gpu_stress");
}
