/* tests/test_values.h - one random value of each type the segmented and axis suites scan (beside
 * the helper library, tests/test_lib.h, which those suites include first): small integers where
 * the type is a number (sums of doubles stay exact), random bits where the operator wraps, and the
 * custom types' own generators (custom_ops.h) one value at a time. */
#ifndef GPUSCAN_TEST_VALUES_H
#define GPUSCAN_TEST_VALUES_H
#include "custom_ops.h"

static __attribute__((unused)) int value_i32(uint64_t *rng) { return (int)(rng_next(rng) % 2001) - 1000; }
static __attribute__((unused)) uint8_t value_u8(uint64_t *rng) { return (uint8_t)rng_next(rng); }
static __attribute__((unused)) int16_t value_i16(uint64_t *rng) { return (int16_t)rng_next(rng); }
static __attribute__((unused)) int64_t value_i64(uint64_t *rng) { return (int64_t)rng_next(rng); }
static __attribute__((unused)) float value_f32(uint64_t *rng) { return (float)(rng_uniform(rng) * 2.0 - 0.5); }
static __attribute__((unused)) double value_f64(uint64_t *rng) { return (double)((int64_t)(rng_next(rng) % 20001) - 10000); }
#define TEST_VALUE_OF_(T)                                                                           \
    static __attribute__((unused)) T value_##T(uint64_t *rng)                                       \
    {                                                                                               \
        T x;                                                                                        \
        gen_##T(&x, 1, 0, rng);                                                                     \
        return x;                                                                                   \
    }
TEST_VALUE_OF_(affine)
TEST_VALUE_OF_(mat2)
TEST_VALUE_OF_(rgb)
TEST_VALUE_OF_(vec10)

/* The CPU references' pieces (element-wise suites: segmented, axis): as is, to double, the
 * magnitude of a value (float's tolerance), wrapping sums of narrow integers, min and max, and a
 * typed DEFINE's stage (x, i) - its conversion or none. */
#define AS_IS_(x) (x)
#define TO_DOUBLE_(x) ((double)(x))
#define ABS_NONE_(x) (x)
#define ABS_DOUBLE_(x) fabs(x)
#define MAG_NONE_(a, b) (a) /* (exact types: no magnitude) */
#define ADD_(a, b) ((a) + (b))
#define ADD8_(a, b) ((uint8_t)((a) + (b)))                                   /* (wraps) */
#define ADD16_(a, b) ((int16_t)(uint16_t)((uint16_t)(a) + (uint16_t)(b)))    /* (wraps) */
#define ADD64_(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define MIN_(a, b) ((b) < (a) ? (b) : (a))
#define MAX_(a, b) ((a) < (b) ? (b) : (a))
#define STAGE_AS_IS_(x, i) (x)
#define STAGE_TO_INT_(x, i) ((int)(x))

#endif
