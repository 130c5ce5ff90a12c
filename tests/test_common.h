/* tests/test_common.h - helpers shared by the gpuscan tests: CUDA checks, a seeded RNG, the
 * GPU-present check (exit code 77 = skipped for ctest), and the pass/fail tally.  The rest of the
 * helper library (references, generators, poison, custom operators) is test_lib.h. */
#ifndef GPUSCAN_TEST_COMMON_H
#define GPUSCAN_TEST_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <time.h>
#include <cuda_runtime.h>

#define TEST_SKIP_CODE 77

/* The tally (atomic: some suites check from several host threads). */
static long g_passed = 0, g_failed = 0;
/* A note that the next EXPECT prints under its message if it fails, and then clears either way:
 * test_lib.h's diff_* leave the first mismatch there (index, values, neighbours).  One a thread. */
static thread_local char g_note[4096];

#define CHECK_CUDA(expr)                                                                            \
    do {                                                                                            \
        cudaError_t e_ = (expr);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: CUDA error %s in %s\n", __FILE__, __LINE__,                     \
                    cudaGetErrorString(e_), #expr);                                                 \
            exit(2);                                                                                \
        }                                                                                           \
    } while (0)

/* One checked expectation; prints only failures (and at most 50 of them), each with the note. */
#define EXPECT(cond, ...)                                                                           \
    do {                                                                                            \
        if (cond) {                                                                                 \
            __atomic_add_fetch(&g_passed, 1, __ATOMIC_RELAXED);                                     \
        } else if (__atomic_fetch_add(&g_failed, 1, __ATOMIC_RELAXED) < 50) {                       \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                    \
            fprintf(stderr, __VA_ARGS__);                                                           \
            fprintf(stderr, "\n%s", g_note);                                                        \
        }                                                                                           \
        g_note[0] = 0;                                                                              \
    } while (0)

/* splitmix64: fresh, reproducible random data (the seed is printed). */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double rng_uniform(uint64_t *s) { return (double)(rng_next(s) >> 11) * (1.0 / 9007199254740992.0); }

static uint64_t test_seed(void)
{
    const char *env = getenv("GPUSCAN_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("seed %llu (set GPUSCAN_TEST_SEED to repeat)\n", (unsigned long long)seed);
    return seed;
}

/* The largest random size a suite scans: GPUSCAN_TEST_MAX_RANDOM (each tier sets it:
 * tests/CMakeLists.txt), else the suite's own `fallback`. */
static size_t test_max_random(size_t fallback)
{
    const char *env = getenv("GPUSCAN_TEST_MAX_RANDOM");
    return env ? (size_t)strtoull(env, NULL, 0) : fallback;
}

/* Exits with the skip code when there is no usable GPU. */
static void require_gpu(const char *suite)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        printf("SKIPPED %s: no CUDA device (%s)\n", suite, e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
        exit(TEST_SKIP_CODE);
    }
    cudaDeviceProp p;
    CHECK_CUDA(cudaGetDeviceProperties(&p, 0));
    printf("%s on %s (sm_%d%d, %d SMs)\n", suite, p.name, p.major, p.minor, p.multiProcessorCount);
}

/* A suite whose checks never ran fails: that is a broken test, not a pass. */
static int test_finish(const char *suite)
{
    printf("%s: %ld passed, %ld failed\n", suite, g_passed, g_failed);
    if (g_passed + g_failed == 0) {
        fprintf(stderr, "FAIL %s: no check ran\n", suite);
        return 1;
    }
    return g_failed ? 1 : 0;
}

#endif
