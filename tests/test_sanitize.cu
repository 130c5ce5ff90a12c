/* tests/test_sanitize.cu - a small suite for the compute-sanitizer runs (tests/CMakeLists.txt:
 * memcheck, racecheck, synccheck, initcheck): every grid x block combination, both kinds, in
 * place, the reduce and the simple forms, for a 4-byte, a 1-byte, an 8-byte floating and a
 * non-commutative struct type, at edge sizes and each tile -1/0/+1 and 2 tiles + 1 up to
 * GPUSCAN_TEST_MAX_RANDOM elements (default 9,000: the tools slow kernels down a lot); and uint8
 * off 16 bytes in allocations that end where the data does. */
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

/* uint8 at every offset 1-15 past 16 bytes, in and out allocated to the byte (n + offset), at sizes
 * whose last warp's run ends at n: the shifted 16-byte reads of narrow data (block.cuh) must not
 * leave the allocation (memcheck reports a read past its end). */
static void exact_ends(uint64_t *rng)
{
    const size_t sizes[] = {1024, 4096, 8192, 8192 + 1024, 3 * 8192};
    const gpuscan_grid grids[] = {GPUSCAN_GRID_AUTO, GPUSCAN_GRID_LOOKBACK, GPUSCAN_GRID_REDUCE_AHEAD};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        const size_t n = sizes[s];
        uint8_t *h_in = (uint8_t *)malloc(n), *h_out = (uint8_t *)malloc(n);
        for (size_t off = 1; off < 16; ++off) {
            const size_t off_out = 16 - off;
            uint8_t *d_in, *d_out;
            CHECK_CUDA(cudaMalloc(&d_in, n + off));
            CHECK_CUDA(cudaMalloc(&d_out, n + off_out));
            for (size_t i = 0; i < n; ++i) h_in[i] = (uint8_t)rng_next(rng);
            CHECK_CUDA(cudaMemcpy(d_in + off, h_in, n, cudaMemcpyHostToDevice));
            for (int g = 0; g < 3; ++g) {
                size_t bytes = 0;
                EXPECT(gpuscan_u8_max_scan_ex(NULL, &bytes, NULL, NULL, n, GPUSCAN_INCLUSIVE, 0, grids[g],
                                              GPUSCAN_BLOCK_COARSENED, 0) == GPUSCAN_SUCCESS, "exact ends: size query");
                const gpuscan_status st = gpuscan_u8_max_scan_ex(workspace_for(bytes), &bytes, d_in + off, d_out + off_out,
                                                                 n, GPUSCAN_INCLUSIVE, 0, grids[g],
                                                                 GPUSCAN_BLOCK_COARSENED, 0);
                CHECK_CUDA(cudaDeviceSynchronize());
                CHECK_CUDA(cudaMemcpy(h_out, d_out + off_out, n, cudaMemcpyDeviceToHost));
                size_t bad = 0;
                uint8_t m = 0;
                for (size_t i = 0; i < n; ++i) m = h_in[i] > m ? h_in[i] : m, bad += h_out[i] != m;
                EXPECT(st == GPUSCAN_SUCCESS && bad == 0, "exact ends: n=%zu in +%zu out +%zu grid %s: %s, %zu wrong", n,
                       off, off_out, gpuscan_grid_name(grids[g]), gpuscan_status_string(st), bad);
            }
            CHECK_CUDA(cudaFree(d_in));
            CHECK_CUDA(cudaFree(d_out));
        }
        free(h_in);
        free(h_out);
    }
}

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
    exact_ends(&rng);
    CHECK_CUDA(cudaFree(g_ws)); /* nothing left for memcheck's leak check: */
    EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release the simple forms' memory");
    CHECK_CUDA(cudaDeviceSynchronize());
    return test_finish("gpu_sanitize");
}
