/* tests/test_custom_ops.cu - user-defined types and non-commutative operators through every
 * algorithm: affine-map composition, running argmax with ties, 2x2 matrix products, a 3-byte
 * struct, a 12-byte affine map with a step count (the largest value packed with its tile
 * status) and a 40-byte struct. */
#include "ring_shape.h" /* (only the gpu_ring_* suites set it) */
#include "gpuscan.cuh"
#include "scan_suite.cuh"
#include "custom_ops.h"

static void gen_argmax(argmax_t *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) { /* few distinct values: many ties */
        uint64_t r = rng_next(rng);
        x[i].value = (float)(r % 1000) - 500.0f;
        x[i].index = (int)(r >> 40);
    }
}
static void gen_mat2(mat2 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i)
        for (int k = 0; k < 4; ++k) x[i].m[k] = (uint32_t)rng_next(rng);
}
static void gen_rgb(rgb *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i].r = (uint8_t)r; x[i].g = (uint8_t)(r >> 8); x[i].b = (uint8_t)(r >> 16);
    }
}
static void gen_affine3(affine3 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i].a = (uint32_t)r | 1u;
        x[i].b = (uint32_t)(r >> 32);
        x[i].steps = (uint32_t)rng_next(rng);
    }
}
static void gen_vec10(vec10 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i)
        for (int k = 0; k < 10; ++k) x[i].v[k] = (int32_t)rng_next(rng);
}
#define OPC_compose OPC_ADD
#define OPC_argmax OPC_ADD
#define OPC_matmul OPC_ADD
#define OPC_rgbadd OPC_ADD
#define OPC_compose3 OPC_ADD
#define OPC_vadd OPC_ADD

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
