/* tests/test_sanitize.cu - a small suite for the compute-sanitizer runs (tests/CMakeLists.txt:
 * memcheck, racecheck, synccheck, initcheck): every grid x block combination, both kinds, in
 * place, the reduce and the simple forms, for a 4-byte, a 1-byte, an 8-byte floating and a
 * non-commutative struct type, at edge sizes and each tile -1/0/+1 and 2 tiles + 1 up to
 * GPUSCAN_TEST_MAX_RANDOM elements (default 9,000: the tools slow kernels down a lot). */
#include "gpuscan.cuh"
#include "scan_suite.cuh"

GEN_INTEGER(i32, int32_t)
GEN_INTEGER(u8, uint8_t)
GEN_REAL(f64, double, (double), 0)
GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, max)
GPUSCAN_DEFINE_NAMED(f64, double, add)
GPUSCAN_DEFINE(affine, compose)
SCAN_SUITE(i32, int32_t, add, gen_i32)
SCAN_SUITE(u8, uint8_t, max, gen_u8)
SCAN_SUITE_TOL(f64, double, add, gen_f64, 1e-12)
SCAN_SUITE(affine, affine, compose, gen_affine)

int main(int argc, char **argv)
{
    require_gpu("gpu_sanitize");
    if (argc > 1 && strcmp(argv[1], "--probe") == 0) return 0; /* a GPU is there (tests/sanitize.sh) */
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random(9000);
    suite_i32_add(&rng, max_random);
    suite_u8_max(&rng, max_random);
    suite_f64_add(&rng, max_random);
    suite_affine_compose(&rng, max_random);
    CHECK_CUDA(cudaFree(g_ws)); /* nothing left for memcheck's leak check: */
    EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release the simple forms' memory");
    CHECK_CUDA(cudaDeviceSynchronize());
    return test_finish("gpu_sanitize");
}
