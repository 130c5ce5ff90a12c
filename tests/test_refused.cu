/* tests/test_refused.cu - cooperative launches refused for their size.  A context may run on fewer
 * SMs than its device has (a green context here; MPS alike), and a cooperative launch of more
 * blocks than that context holds at once is refused, not queued.  In a green context of a few SMs:
 *   - the context is checked to refuse a cooperative launch the device as a whole would take (else
 *     nothing below is tested, and the suite fails);
 *   - `_ex` look-back and domino scans of 17-511 tiles, which clear their own tile states in one
 *     cooperative launch where the device holds all their blocks at once (host.cuh), clear them
 *     with a memset instead;
 *   - reduce-then-scan, launched with as many blocks as the device holds, retries with half as many;
 *   - the ring and reduce-ahead (AUTO at 64 and 128 MiB), whose grids are sized by the device's SMs,
 *     finish: their units are claimed, so blocks that wait for slots hold nothing up;
 *   - the simple forms beside them; every result checked against the CPU, outputs poisoned first.
 * Skipped where the driver has no green contexts. */
#include <vector>
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
TEST_REFERENCE_OF(gpuscan_i32_add, int32_t, TEST_NO_DOUBLE)
TEST_ELEMENT(i32, int32_t, TEST_TO_DOUBLE)
GEN_RANGE(small_i32, int32_t, -1000, 1000)

__global__ void touch(int *p)
{
    if (threadIdx.x == 0) atomicAdd(p, 1);
}

/* wrong elements of d_out against the scan of h (exclusive: from 7; the first in the note) */
static size_t wrong(const int32_t *h, const int32_t *d_out, size_t n, int exclusive)
{
    std::vector<int32_t> got(n), want(n);
    CHECK_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(int32_t), cudaMemcpyDeviceToHost));
    ref_gpuscan_i32_add(h, n, exclusive ? REF_EXCLUSIVE : REF_INCLUSIVE, 7, want.data(), NULL, NULL);
    return diff_i32(got.data(), want.data(), n);
}

int main(void)
{
    require_gpu("gpu_refused");
    const unsigned green_sms = test_enter_green_context(0, 8);
    if (green_sms == 0) {
        printf("SKIPPED gpu_refused: no green contexts on this driver\n");
        return TEST_SKIP_CODE;
    }
    int device_sms = 0, per_sm = 0, *d_count;
    CHECK_CUDA(cudaDeviceGetAttribute(&device_sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, touch, 256, 0));
    printf("a green context of %u SMs; the device reports %d SMs, %d blocks an SM\n", green_sms, device_sms,
           per_sm);
    cudaStream_t stream;
    CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    CHECK_CUDA(cudaMalloc(&d_count, sizeof(int)));
    {
        void *args[] = {&d_count};
        const cudaError_t e = cudaLaunchCooperativeKernel((const void *)touch, dim3((unsigned)(device_sms * per_sm)),
                                                          dim3(256), args, 0, stream);
        EXPECT(e == cudaErrorCooperativeLaunchTooLarge,
               "the context takes a cooperative launch of the whole device (%s): nothing here is tested",
               cudaGetErrorString(e));
        (void)cudaGetLastError();
    }

    uint64_t rng = test_seed();
    const size_t cap = (size_t)1 << 25;
    std::vector<int32_t> h(cap);
    gen_small_i32(h.data(), cap, OPC_ADD, &rng);
    int32_t *d_in, *d_out;
    CHECK_CUDA(cudaMalloc(&d_in, cap * sizeof(int32_t)));
    CHECK_CUDA(cudaMalloc(&d_out, cap * sizeof(int32_t)));
    CHECK_CUDA(cudaMemcpy(d_in, h.data(), cap * sizeof(int32_t), cudaMemcpyHostToDevice));
    size_t ws_bytes = 0;
    for (gpuscan_grid grid : {GPUSCAN_GRID_LOOKBACK, GPUSCAN_GRID_DOMINO, GPUSCAN_GRID_REDUCE_THEN_SCAN,
                              GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_GRID_AUTO}) {
        size_t b = 0;
        EXPECT(gpuscan_i32_add_scan_ex(NULL, &b, NULL, NULL, cap, GPUSCAN_INCLUSIVE, 0, grid, GPUSCAN_BLOCK_AUTO,
                                       stream) == GPUSCAN_SUCCESS,
               "size query");
        ws_bytes = b > ws_bytes ? b : ws_bytes;
    }
    void *ws;
    CHECK_CUDA(cudaMalloc(&ws, ws_bytes * 2));

    /* 4096-element tiles (int32, coarsened): 1 one tile, 5 and 16 one cluster, 33 all resident in
     * the context, 257 and 500 not; 2^22 a clearing kernel; 2^24 and 2^25 the ring and reduce-ahead
     * under AUTO */
    const size_t sizes[] = {(size_t)1 << 12,         ((size_t)1 << 14) + 1, ((size_t)1 << 16) - 3,
                            ((size_t)1 << 17) + 5,   ((size_t)1 << 20) + 123, 500 * 4096 - 9,
                            (size_t)1 << 22,         ((size_t)1 << 24) + 1, cap};
    const gpuscan_grid grids[] = {GPUSCAN_GRID_LOOKBACK, GPUSCAN_GRID_DOMINO, GPUSCAN_GRID_REDUCE_THEN_SCAN,
                                  GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_GRID_AUTO};
    for (size_t n : sizes)
        for (gpuscan_grid grid : grids)
            for (int exclusive = 0; exclusive < 2; ++exclusive) {
                if (n > ((size_t)1 << 22) && grid != GPUSCAN_GRID_AUTO && grid != GPUSCAN_GRID_REDUCE_AHEAD)
                    continue;
                size_t bytes = ws_bytes * 2;
                CHECK_CUDA(cudaMemsetAsync(ws, 0x5a, bytes, stream));
                CHECK_CUDA(cudaMemsetAsync(d_out, 0xab, n * sizeof(int32_t), stream));
                const gpuscan_status st = gpuscan_i32_add_scan_ex(
                    ws, &bytes, d_in, d_out, n, exclusive ? GPUSCAN_EXCLUSIVE : GPUSCAN_INCLUSIVE, 7, grid,
                    GPUSCAN_BLOCK_AUTO, stream);
                EXPECT(st == GPUSCAN_SUCCESS, "_scan_ex %s n=%zu: %s", gpuscan_grid_name(grid), n,
                       gpuscan_status_string(st));
                CHECK_CUDA(cudaStreamSynchronize(stream));
                const size_t bad = st == GPUSCAN_SUCCESS ? wrong(h.data(), d_out, n, exclusive) : n;
                EXPECT(bad == 0, "_scan_ex %s %s n=%zu: %zu wrong", gpuscan_grid_name(grid),
                       exclusive ? "exclusive" : "inclusive", n, bad);
            }
    for (size_t n : sizes) {
        CHECK_CUDA(cudaMemsetAsync(d_out, 0xab, n * sizeof(int32_t), stream));
        const gpuscan_status st = gpuscan_i32_add_inclusive(d_in, d_out, n, stream);
        EXPECT(st == GPUSCAN_SUCCESS, "_inclusive n=%zu: %s", n, gpuscan_status_string(st));
        CHECK_CUDA(cudaStreamSynchronize(stream));
        const size_t bad = wrong(h.data(), d_out, n, 0);
        EXPECT(bad == 0, "_inclusive n=%zu: %zu wrong", n, bad);
    }
    CHECK_CUDA(cudaFree(ws));
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_count));
    CHECK_CUDA(cudaStreamDestroy(stream));
    EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release");
    return test_finish("gpu_refused");
}
