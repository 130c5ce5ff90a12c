/* recurrence.cu - a linear recurrence x_i = a_i * x_(i-1) + b_i, which looks sequential, as one
 * scan: each step is the map x -> a_i * x + b_i, and maps compose associatively, so the scan of
 * the maps gives at i the map from x_(-1) to x_i.  The composition does not commute (which map
 * runs first matters); a scan keeps the order, so a custom operator is all it takes.
 *   recurrence [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "gpuscan.cuh"
#include "example_check.h"

typedef struct { double a, b; } affine; /* x -> a * x + b */

/* f, then g: g(f(x)) = g.a * (f.a * x + f.b) + g.b.  The operator's first argument is the earlier
 * part of the sequence. */
static __host__ __device__ affine then(affine f, affine g)
{
    affine r = {g.a * f.a, g.a * f.b + g.b};
    return r;
}
static __host__ __device__ affine identity_map(void)
{
    affine r = {1.0, 0.0};
    return r;
}
#define GPUSCAN_OP_compose_IDENTITY(name, T) identity_map()
#define GPUSCAN_OP_compose_COMBINE(T, f, g) then(f, g)
GPUSCAN_DEFINE(affine, compose) /* gpuscan_affine_compose_inclusive(...) */

/* The composed maps applied to the start value. */
static __global__ void apply_kernel(const affine *maps, double x_start, double *x, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) x[i] = maps[i].a * x_start + maps[i].b;
}

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 22;
    const double x_start = 1.0; /* x_(-1) */
    uint64_t seed = example_seed(argc, argv), rng = seed;
    affine *h_maps = (affine *)malloc(n * sizeof(affine));
    double *h_x = (double *)malloc(n * sizeof(double));
    if (!h_maps || !h_x) { fprintf(stderr, "recurrence: out of host memory\n"); return 1; }
    /* a leaky accumulator: a in [0.9, 1) forgets slowly, b in [-1, 1) is the input */
    for (size_t i = 0; i < n; ++i) {
        h_maps[i].a = 0.9 + 0.1 * next_uniform(&rng);
        h_maps[i].b = 2.0 * next_uniform(&rng) - 1.0;
    }

    affine *d_maps, *d_composed;
    double *d_x;
    CUDA_CHECK(cudaMalloc(&d_maps, n * sizeof(affine)));
    CUDA_CHECK(cudaMalloc(&d_composed, n * sizeof(affine)));
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(double)));
    CUDA_CHECK(cudaMemcpy(d_maps, h_maps, n * sizeof(affine), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_composed, 0xFF, n * sizeof(affine))); /* poisoned (NaN): a missed write shows */
    CUDA_CHECK(cudaMemset(d_x, 0xFF, n * sizeof(double)));

    SCAN_CHECK(gpuscan_affine_compose_inclusive(d_maps, d_composed, n, 0));
    apply_kernel<<<(unsigned)((n + 255) / 256), 256>>>(d_composed, x_start, d_x, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(h_x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost));

    /* The sequential loop.  The scan groups the products differently, so the two differ by
     * rounding: |a| < 1 damps old errors, and 1e-9 is far above that and far below a wrong order. */
    int ok = 1;
    double x = x_start, worst = 0.0;
    for (size_t i = 0; ok && i < n; ++i) {
        x = h_maps[i].a * x + h_maps[i].b;
        double err = fabs(h_x[i] - x);
        worst = err > worst ? err : worst;
        if (!(err <= 1e-9 * (1.0 + fabs(x)))) { /* (NaN fails too) */
            fprintf(stderr, "recurrence: x[%zu] = %.17g, expected %.17g (seed %llu)\n", i, h_x[i], x,
                    (unsigned long long)seed);
            ok = 0;
        }
    }

    CUDA_CHECK(cudaFree(d_maps));
    CUDA_CHECK(cudaFree(d_composed));
    CUDA_CHECK(cudaFree(d_x));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scan's kept workspace (else the next scan reuses it) */
    free(h_maps);
    free(h_x);
    if (!ok) return 1;
    printf("recurrence: ok (%zu steps, largest difference %.1e, seed %llu)\n", n, worst, (unsigned long long)seed);
    return 0;
}
