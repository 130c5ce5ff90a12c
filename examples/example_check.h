/* example_check.h - the few lines the self-checking examples share: stop at the first failed CUDA
 * or gpuscan call (saying which and why), skip where there is no GPU (exit 77: ctest reports the
 * example as skipped, not failed), and fresh random numbers whose seed can be given back. */
#ifndef GPUSCAN_EXAMPLE_CHECK_H
#define GPUSCAN_EXAMPLE_CHECK_H
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#include <cuda_runtime.h>
#include "gpuscan/api.h"

#define CUDA_CHECK(call)                                                                            \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));  \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)
#define SCAN_CHECK(call)                                                                            \
    do {                                                                                            \
        gpuscan_status s_ = (call);                                                                 \
        if (s_ != GPUSCAN_SUCCESS) {                                                                \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, gpuscan_status_string(s_)); \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

static inline void require_gpu(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        printf("SKIPPED: no CUDA device\n");
        exit(77);
    }
}

/* The seed: argv[1] to repeat a run, else the clock (each run checks new data). */
static inline uint64_t example_seed(int argc, char **argv)
{
    return argc > 1 ? strtoull(argv[1], NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
}

/* splitmix64: one 64-bit random number a call. */
static inline uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* uniform in [0, 1) */
static inline double next_uniform(uint64_t *state) { return (double)(next_random(state) >> 11) / 9007199254740992.0; }

#endif /* GPUSCAN_EXAMPLE_CHECK_H */
