/* tests/test_scan_type.cu - the GPU suite for one element type, chosen at compile time:
 *   -DTEST_NAME=i32 -DTEST_T=int32_t -DTEST_CLASS_INT     (every operator)
 *   -DTEST_NAME=f32 -DTEST_T=float   -DTEST_CLASS_REAL    (add, mul, min, max)
 * CMake builds one executable per built-in type from this file (tests/CMakeLists.txt). */
#include "ring_shape.h" /* (only the gpu_ring_* suites set it) */
#include "gpuscan.cuh"
#include "scan_suite.cuh"

#define F_IDENTITY(v) (v)
#define F_HALF(v) __double2half(v)
#define F_BF16(v) __double2bfloat16(v)
#ifndef TEST_FROM_DOUBLE
#define TEST_FROM_DOUBLE F_IDENTITY
#endif
#ifndef TEST_TELESCOPE
#define TEST_TELESCOPE 0
#endif
/* float sums: |out - ref| <= tol * sum|x|, tol = 64 eps log2-ish headroom (docs/api.md) */
#ifndef TEST_ADD_TOL
#define TEST_ADD_TOL 0
#endif

#define SUITE_NAME_(a) #a
#define SUITE_NAME(a) SUITE_NAME_(a)

#define INSTANTIATE(name, T, op, GEN, TOL)                                                          \
    GPUSCAN_DEFINE_NAMED(name, T, op)                                                               \
    SCAN_SUITE_TOL(name, T, op, GEN, TOL)
#define SUITE_CALL_(name, op) suite_##name##_##op(&rng, max_random)
#define SUITE_CALL(name, op) SUITE_CALL_(name, op)
#define GEN_OF_(name) gen_##name
#define GEN_OF(name) GEN_OF_(name)

/* GEN_* and GPUSCAN_DEFINE_NAMED paste their name argument: expand TEST_NAME first */
#define GEN_INTEGER_X(name, T) GEN_INTEGER(name, T)
#define GEN_REAL_X(name, T, F, TEL) GEN_REAL(name, T, F, TEL)
#if defined(TEST_CLASS_INT)
GEN_INTEGER_X(TEST_NAME, TEST_T)
#else
GEN_REAL_X(TEST_NAME, TEST_T, TEST_FROM_DOUBLE, TEST_TELESCOPE)
#endif

#define INSTANTIATE_X(name, T, op, tol) INSTANTIATE(name, T, op, GEN_OF(name), tol)
INSTANTIATE_X(TEST_NAME, TEST_T, add, TEST_ADD_TOL)
INSTANTIATE_X(TEST_NAME, TEST_T, mul, 0)
INSTANTIATE_X(TEST_NAME, TEST_T, min, 0)
INSTANTIATE_X(TEST_NAME, TEST_T, max, 0)
#if defined(TEST_CLASS_INT)
INSTANTIATE_X(TEST_NAME, TEST_T, and, 0)
INSTANTIATE_X(TEST_NAME, TEST_T, or, 0)
INSTANTIATE_X(TEST_NAME, TEST_T, xor, 0)
#endif

int main(void)
{
    const char *suite = "gpu_" SUITE_NAME(TEST_NAME);
    require_gpu(suite);
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 24);
    SUITE_CALL(TEST_NAME, add);
    SUITE_CALL(TEST_NAME, mul);
    SUITE_CALL(TEST_NAME, min);
    SUITE_CALL(TEST_NAME, max);
#if defined(TEST_CLASS_INT)
    SUITE_CALL(TEST_NAME, and);
    SUITE_CALL(TEST_NAME, or);
    SUITE_CALL(TEST_NAME, xor);
#endif
    return test_finish(suite);
}
