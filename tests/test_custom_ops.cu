/* tests/test_custom_ops.cu - user-defined types and non-commutative operators through every
 * algorithm: affine-map composition, running argmax with ties, 2x2 matrix products, a 3-byte
 * struct, a 12-byte affine map with a step count (the largest value packed with its tile
 * status) and a 40-byte struct. */
#include "ring_shape.h" /* (only the gpu_ring_* suites set it) */
#include "gpuscan.cuh"
#include "scan_suite.cuh"

/* the types, operators and generators: custom_ops.h (through scan_suite.cuh's test_lib.h) */
GPUSCAN_DEFINE(affine, compose)
SCAN_SUITE(affine, affine, compose, gen_affine)
GPUSCAN_DEFINE_NAMED(argmax, argmax_t, argmax)
SCAN_SUITE(argmax, argmax_t, argmax, gen_argmax)
GPUSCAN_DEFINE(mat2, matmul)
SCAN_SUITE(mat2, mat2, matmul, gen_mat2)
GPUSCAN_DEFINE(rgb, rgbadd)
SCAN_SUITE(rgb, rgb, rgbadd, gen_rgb)
GPUSCAN_DEFINE(affine3, compose3)
SCAN_SUITE(affine3, affine3, compose3, gen_affine3)
GPUSCAN_DEFINE(vec10, vadd)
SCAN_SUITE(vec10, vec10, vadd, gen_vec10)

int main(void)
{
    require_gpu("gpu_custom_ops");
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 22);
    suite_affine_compose(&rng, max_random);
    suite_argmax_argmax(&rng, max_random);
    suite_mat2_matmul(&rng, max_random);
    suite_rgb_rgbadd(&rng, max_random);
    suite_affine3_compose3(&rng, max_random);
    suite_vec10_vadd(&rng, max_random);
    return test_finish("gpu_custom_ops");
}
