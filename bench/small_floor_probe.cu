// bench/small_floor_probe.cu - what a scan of 2^12-2^16 int32 can cost alone at the least (issue 21
// item 4's small n: the simple forms at <= 0.6 x CUB's time).  Each call timed alone as bench/forms
// times it (events around one call on a stream of its own, then a synchronization; the median of 200
// after 20 warm-ups; inputs rotated over 64 copies), beside the library's simple form and CUB (temp
// kept):
//   kcopy    one block of 256 threads a tile of 4096 (16 int32 a thread, 4 x int4): load, store;
//   tiles    the same, each tile scanned on its own (a block scan, no prefix between tiles): what a
//            block scan adds to a copy;
//   handover one thread-block cluster of all the tiles: each block's sum goes to every later block
//            through distributed shared memory, a cluster barrier, the prefix added, stored - no
//            block scan: what the least hand-over between SMs adds to a copy;
//   lean     the block scan, then that hand-over, the items kept in registers and stored from
//            them: a whole scan (checked).
// Not built by CMake (a one-off probe, bench/NOTES.md step 61):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I. bench/small_floor_probe.cu -o small_floor_probe
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cooperative_groups.h>
#include <cub/cub.cuh>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
namespace cg = cooperative_groups;

enum { THREADS = 256, ITEMS = 16, TILE = THREADS * ITEMS, WARPS = THREADS / 32 };

__device__ __forceinline__ void load16(const int *in, int *v)
{
    const int4 *p = (const int4 *)in + (size_t)blockIdx.x * (TILE / 4) + threadIdx.x * 4;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        const int4 q = __ldg(p + j);
        v[4 * j] = q.x, v[4 * j + 1] = q.y, v[4 * j + 2] = q.z, v[4 * j + 3] = q.w;
    }
}
__device__ __forceinline__ void store16(int *out, const int *v)
{
    int4 *p = (int4 *)out + (size_t)blockIdx.x * (TILE / 4) + threadIdx.x * 4;
#pragma unroll
    for (int j = 0; j < 4; ++j) p[j] = make_int4(v[4 * j], v[4 * j + 1], v[4 * j + 2], v[4 * j + 3]);
}
/* the thread's sum's exclusive prefix in the block; *total: the block's sum */
__device__ __forceinline__ int block_exclusive(int x, int *total)
{
    __shared__ int warp_sums[WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int inc = x;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const int y = __shfl_up_sync(~0u, inc, d);
        if (lane >= d) inc += y;
    }
    if (lane == 31) warp_sums[warp] = inc;
    __syncthreads();
    int before = 0, all = 0;
#pragma unroll
    for (int w = 0; w < WARPS; ++w) {
        const int s = warp_sums[w];
        before += w < warp ? s : 0;
        all += s;
    }
    *total = all;
    return before + inc - x;
}

__global__ void __launch_bounds__(THREADS) k_copy(const int *in, int *out)
{
    int v[ITEMS];
    load16(in, v);
    store16(out, v);
}
__global__ void __launch_bounds__(THREADS) k_tiles(const int *in, int *out)
{
    int v[ITEMS], sum = 0, total;
    load16(in, v);
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) sum += v[i];
    int run = block_exclusive(sum, &total);
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) run += v[i], v[i] = run;
    store16(out, v);
}
/* one cluster of gridDim.x blocks: block r's sum to slot r of every later block */
template <bool SCAN> __global__ void __launch_bounds__(THREADS) k_cluster(const int *in, int *out)
{
    __shared__ int slots[16];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank(), blocks = cluster.num_blocks();
    asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory"); /* this block has started */
    int v[ITEMS], sum = 0, total;
    load16(in, v);
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) sum += v[i];
    int run = 0;
    if (SCAN) {
        run = block_exclusive(sum, &total);
    } else { /* the block's sum only */
        __shared__ int warp_sums[WARPS];
        int s = sum;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(~0u, s, d);
        if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = s;
        __syncthreads();
        total = 0;
#pragma unroll
        for (int w = 0; w < WARPS; ++w) total += warp_sums[w];
    }
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory"); /* every block has started */
    if (threadIdx.x > rank && threadIdx.x < blocks) cluster.map_shared_rank(slots, threadIdx.x)[rank] = total;
    cluster.sync(); /* every sum written */
    int prefix = 0;
    for (unsigned r = 0; r < rank; ++r) prefix += slots[r];
    run += prefix;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
        if (SCAN) run += v[i], v[i] = run;
        else v[i] += prefix;
    }
    store16(out, v);
}

template <class F> static double alone(F fn, cudaStream_t s) { return bench_timed(fn, s, false); }

int main()
{
    cudaStream_t s = bench_probe_stream("int32, one call alone (events, median of 200); us");
    CK(cudaFuncSetAttribute(k_cluster<true>, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    CK(cudaFuncSetAttribute(k_cluster<false>, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    printf("%-6s %7s %7s %7s %7s %7s %8s %7s %7s | %s\n", "n", "kcopy", "tiles", "handovr", "lean", "gpuscan",
           "CUB", "0.6xCUB", "lean ok", "lean / 0.6xCUB");
    for (int lg = 12; lg <= 16; ++lg) {
        const size_t n = (size_t)1 << lg, bytes = n * 4;
        const int copies = 64;
        std::vector<int *> in(copies), out(copies);
        std::vector<int> h(n);
        for (size_t i = 0; i < n; ++i) h[i] = (int)((i * 2654435761u) % 2001) - 1000;
        for (int c = 0; c < copies; ++c) {
            CK(cudaMalloc(&in[c], bytes));
            CK(cudaMalloc(&out[c], bytes));
            CK(cudaMemcpy(in[c], h.data(), bytes, cudaMemcpyHostToDevice));
        }
        const unsigned tiles = (unsigned)(n / TILE);
        auto cluster_launch = [&](auto kernel, int r) {
            cudaLaunchConfig_t cfg = {};
            cudaLaunchAttribute at = {};
            cfg.gridDim = dim3(tiles), cfg.blockDim = dim3(THREADS), cfg.stream = s;
            at.id = cudaLaunchAttributeClusterDimension;
            at.val.clusterDim.x = tiles, at.val.clusterDim.y = 1, at.val.clusterDim.z = 1;
            cfg.attrs = &at, cfg.numAttrs = 1;
            CK(cudaLaunchKernelEx(&cfg, kernel, (const int *)in[r % copies], out[r % copies]));
        };
        size_t cub_bytes = 0;
        CK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, in[0], out[0], (int)n, s));
        void *cub_ws;
        CK(cudaMalloc(&cub_ws, cub_bytes));
        const double t_copy = alone([&](int r) { k_copy<<<tiles, THREADS, 0, s>>>(in[r % copies], out[r % copies]); }, s);
        const double t_tiles = alone([&](int r) { k_tiles<<<tiles, THREADS, 0, s>>>(in[r % copies], out[r % copies]); }, s);
        const double t_hand = alone([&](int r) { cluster_launch(k_cluster<false>, r); }, s);
        const double t_lean = alone([&](int r) { cluster_launch(k_cluster<true>, r); }, s);
        std::vector<int> got(n);
        CK(cudaMemcpy(got.data(), out[0], bytes, cudaMemcpyDeviceToHost));
        int acc = 0;
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) acc += h[i], bad += got[i] != acc;
        const double t_lib = alone([&](int r) {
            if (gpuscan_i32_add_inclusive(in[r % copies], out[r % copies], n, s) != GPUSCAN_SUCCESS) exit(1);
        }, s);
        const double t_cub = alone([&](int r) {
            CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes, in[r % copies], out[r % copies], (int)n, s));
        }, s);
        printf("2^%-4d %7.2f %7.2f %7.2f %7.2f %7.2f %8.2f %7.2f %7s | %.3f\n", lg, t_copy, t_tiles, t_hand, t_lean,
               t_lib, t_cub, 0.6 * t_cub, bad ? "WRONG" : "ok", 0.6 * t_cub / t_lean);
        for (int c = 0; c < copies; ++c) {
            CK(cudaFree(in[c]));
            CK(cudaFree(out[c]));
        }
        CK(cudaFree(cub_ws));
    }
    return 0;
}
