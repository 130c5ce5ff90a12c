/* bench/bench_common.h - what the benchmark programs share. */
#ifndef GPUSCAN_BENCH_COMMON_H
#define GPUSCAN_BENCH_COMMON_H
#include <cstdio>
#include <cstdlib>

/* Every CUDA call is checked; a failure ends the program with its location. */
#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));      \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

/* Copies of 256 MiB for about `copies` x 80 us (H100), so that clocks and memory are up before the
 * first measured row. */
static inline void bench_warm_up(int copies)
{
    void *a, *b;
    const size_t bytes = (size_t)256 << 20;
    CK(cudaMalloc(&a, bytes));
    CK(cudaMalloc(&b, bytes));
    for (int i = 0; i < copies; ++i) CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    CK(cudaFree(a));
    CK(cudaFree(b));
}

#endif
