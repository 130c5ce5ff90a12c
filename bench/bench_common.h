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

#endif
