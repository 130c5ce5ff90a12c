/* running_argmax.cu - the largest value so far and where it was: a scan of (value, index) pairs
 * with an operator of its own.  On a tie the earlier pair wins, so the operator does not commute;
 * a scan keeps the order, so that is enough.  The pairs are never stored: a transform makes each
 * one from a float and its index as the scan reads it.
 *   running_argmax [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "gpuscan.cuh"
#include "example_check.h"

typedef struct { float value; int index; } argmax_t;

/* a is the earlier part: b replaces it only if strictly larger.  (NaN values would break
 * associativity: keep them out, or order them explicitly here.) */
static __host__ __device__ argmax_t pick(argmax_t a, argmax_t b) { return a.value < b.value ? b : a; }
/* the identity: lower than any value, at no index */
static __host__ __device__ argmax_t nothing_yet(void)
{
    argmax_t r = {-HUGE_VALF, -1};
    return r;
}
#define GPUSCAN_OP_argmax_IDENTITY(name, T) nothing_yet()
#define GPUSCAN_OP_argmax_COMBINE(T, a, b) pick(a, b)

/* Each float with its index, as the scan loads it. */
static __host__ __device__ argmax_t at(float x, size_t i)
{
    argmax_t r = {x, (int)i};
    return r;
}
GPUSCAN_DEFINE_TRANSFORM(best, float, argmax_t, argmax, at) /* gpuscan_best_argmax_...: float in */

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 22; /* int indices: up to 2^31 - 1 */
    uint64_t seed = example_seed(argc, argv), rng = seed;
    float *h_x = (float *)malloc(n * sizeof(float));
    argmax_t *h_best = (argmax_t *)malloc(n * sizeof(argmax_t));
    if (!h_x || !h_best) { fprintf(stderr, "running_argmax: out of host memory\n"); return 1; }
    /* a random walk of steps -1, 0, +1: it comes back to its highest level often, so ties, and
     * which of them wins, matter (its values are whole numbers, exact in float) */
    float walk = 0.0f;
    for (size_t i = 0; i < n; ++i) {
        walk += (float)((int)(next_random(&rng) % 3) - 1);
        h_x[i] = walk;
    }

    float *d_x;
    argmax_t *d_best, *d_total, total;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_best, n * sizeof(argmax_t)));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof(argmax_t)));
    CUDA_CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_best, 0xFF, n * sizeof(argmax_t))); /* poisoned: a missed write shows */
    CUDA_CHECK(cudaMemset(d_total, 0xFF, sizeof(argmax_t)));

    SCAN_CHECK(gpuscan_best_argmax_inclusive(d_x, d_best, n, 0));
    SCAN_CHECK(gpuscan_best_argmax_reduce(d_x, d_total, n, 0)); /* the whole array's: the last of the scan */
    CUDA_CHECK(cudaMemcpy(h_best, d_best, n * sizeof(argmax_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));

    int ok = 1;
    argmax_t ref = nothing_yet();
    for (size_t i = 0; ok && i < n; ++i) {
        if (h_x[i] > ref.value) ref = at(h_x[i], i); /* the loop a CPU would run */
        if (h_best[i].value != ref.value || h_best[i].index != ref.index) {
            fprintf(stderr, "running_argmax: best[%zu] = (%g at %d), expected (%g at %d) (seed %llu)\n", i,
                    h_best[i].value, h_best[i].index, ref.value, ref.index, (unsigned long long)seed);
            ok = 0;
        }
    }
    if (ok && (total.value != ref.value || total.index != ref.index)) {
        fprintf(stderr, "running_argmax: reduce = (%g at %d), expected (%g at %d) (seed %llu)\n", total.value,
                total.index, ref.value, ref.index, (unsigned long long)seed);
        ok = 0;
    }

    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_best));
    CUDA_CHECK(cudaFree(d_total));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scans' kept workspace (else the next scan reuses it) */
    free(h_x);
    free(h_best);
    if (!ok) return 1;
    printf("running_argmax: ok (%zu values, highest %g first at %d, seed %llu)\n", n, ref.value, ref.index,
           (unsigned long long)seed);
    return 0;
}
