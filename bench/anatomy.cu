/* bench/anatomy.cu - where the time of a large look-back scan goes (docs/design.md).
 *
 *   anatomy [log2 n for 4/8-byte types, default 28] [clocks]
 *
 * For a few (type, operator) pairs, at one large n, times kernels built from the library's own
 * layers, each adding one stage of the single-pass scan, side by side with cudaMemcpy and CUB:
 *   copy        cudaMemcpyAsync device to device (the ceiling)
 *   vcopy       a grid-stride 16-byte copy kernel (what a plain kernel reaches)
 *   tile_io     one tile per block: the coarsened load, stage and emit (no scan)
 *   tile_scan   + the block scan of the tile (no prefix from other tiles: wrong results)
 *   claim_scan  + the dynamic tile index (atomic counter) and the block broadcast
 *   lookback    the library's look-back scan (GPUSCAN_GRID_LOOKBACK, coarsened)
 *   cub         cub::DeviceScan
 *   ahead       the library's reduce-ahead scan (GPUSCAN_GRID_REDUCE_AHEAD, coarsened)
 * Medians of CUDA-event timings; fractions of copy.
 * With "clocks": one look-back scan per type whose blocks read clock64() between the stages and
 * count the look-back's windows and the state reads that found a predecessor not yet published;
 * prints their distributions over the tiles, and (Little's law) how many blocks were loading and
 * how many waiting for their prefix on average, and a timeline (%globaltimer) by eighths of the
 * tiles.  Its look-back is a counted copy of the library's default one: update it with the
 * library's. */
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cub/cub.cuh>
#include <cuda/functional>
#include "gpuscan.cuh"
#include "bench_common.h"


GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(i32, int32_t, max)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, add)
GPUSCAN_DEFINE_NAMED(f32, float, add)

__global__ void vcopy(const uint4 *in, uint4 *out, size_t n16)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x)
        __stcs(out + i, __ldcs(in + i));
}

/* The stages, from the library's pieces (STAGE 0: I/O only, 1: + tile scan, 2: + claim). */
#define ANATOMY_KERNEL_(P, T)                                                                      \
    using namespace P##_internal; /* the DEFINE's code below its public functions */               \
    template <int STAGE> __global__ void __launch_bounds__(GPUSCAN_CO_THREADS(T))                  \
    P##_stage_kernel(const T *in, T *out, size_t n, unsigned *counter)                             \
    {                                                                                              \
        T items[GPUSCAN_CO_ITEMS(T)];                                                              \
        T *buf = P##_CO_buffer();                                                                  \
        const unsigned tile = STAGE >= 2 ? gpuscan_next_tile_(counter) : blockIdx.x;               \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                         \
        P##_CO_load(in, base, valid, items, buf);                                                  \
        T before = P##_identity(), prefix = P##_identity();                                        \
        int has_prefix = 0;                                                                        \
        if (STAGE >= 1) P##_CO_scan_tile(items, buf, &before);                                     \
        P##_CO_stage(items, buf);                                                                  \
        if (STAGE >= 2) prefix = P##_block_broadcast(prefix, &has_prefix);                         \
        P##_CO_emit(out, base, valid, items, prefix, has_prefix, 0, before, buf);                  \
    }
ANATOMY_KERNEL_(gpuscan_i32_add, int32_t)
ANATOMY_KERNEL_(gpuscan_i32_max, int32_t)
ANATOMY_KERNEL_(gpuscan_i64_add, int64_t)
ANATOMY_KERNEL_(gpuscan_u8_add, uint8_t)
ANATOMY_KERNEL_(gpuscan_f32_add, float)

template <class F> static double time_us(F fn, int reps = 15)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    std::vector<float> t(reps);
    for (int r = -3; r < reps; ++r) {
        CK(cudaEventRecord(a));
        fn();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        if (r >= 0) CK(cudaEventElapsedTime(&t[r], a, b));
    }
    CK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    return t[reps / 2] * 1000.0;
}

__global__ void fill(uint32_t *p, size_t words, uint32_t mask)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = i * 0x9E3779B97F4A7C15ull + 12345;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        p[i] = (uint32_t)(z ^ (z >> 31)) & mask;
    }
}

#define ANATOMY_CASE_(P, T, label, cubop)                                                          \
    do {                                                                                           \
        enum { TILE = GPUSCAN_TILE_(CO, T), THREADS = GPUSCAN_CO_THREADS(T) };                     \
        const size_t bytes = n * sizeof(T), tiles = (n + TILE - 1) / TILE;                         \
        T *in, *out;                                                                               \
        void *ws = nullptr;                                                                        \
        size_t ws_bytes = 0, cub_bytes = 0;                                                        \
        CK(cudaMalloc(&in, bytes));                                                                \
        CK(cudaMalloc(&out, bytes));                                                               \
        fill<<<1024, 256>>>((uint32_t *)in, bytes / 4, 0x0f0f0f0fu);                               \
        CK(P##_scan_ex(NULL, &ws_bytes, in, out, n, GPUSCAN_INCLUSIVE, P##_identity(),             \
                       GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0) == GPUSCAN_SUCCESS       \
               ? cudaSuccess : cudaErrorUnknown);                                                  \
        CK(cub::DeviceScan::InclusiveScan(nullptr, cub_bytes, in, out, cubop, n));                 \
        CK(cudaMalloc(&ws, std::max(ws_bytes, cub_bytes)));                                        \
        unsigned *counter = (unsigned *)ws;                                                        \
        double t[8];                                                                               \
        t[0] = time_us([&] { CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); });    \
        t[1] = time_us([&] { vcopy<<<132 * 16, 256>>>((const uint4 *)in, (uint4 *)out, bytes / 16); }); \
        t[2] = time_us([&] { P##_stage_kernel<0><<<tiles, THREADS>>>(in, out, n, counter); });     \
        t[3] = time_us([&] { P##_stage_kernel<1><<<tiles, THREADS>>>(in, out, n, counter); });     \
        t[4] = time_us([&] {                                                                       \
            CK(cudaMemsetAsync(counter, 0, 4));                                                    \
            P##_stage_kernel<2><<<tiles, THREADS>>>(in, out, n, counter);                          \
        });                                                                                        \
        t[5] = time_us([&] {                                                                       \
            size_t b = ws_bytes;                                                                   \
            P##_scan_ex(ws, &b, in, out, n, GPUSCAN_INCLUSIVE, P##_identity(),                     \
                        GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);                        \
        });                                                                                        \
        t[6] = time_us([&] {                                                                       \
            size_t b = cub_bytes;                                                                  \
            CK(cub::DeviceScan::InclusiveScan(ws, b, in, out, cubop, n));                          \
        });                                                                                        \
        t[7] = time_us([&] {                                                                       \
            size_t b = ws_bytes;                                                                   \
            P##_scan_ex(ws, &b, in, out, n, GPUSCAN_INCLUSIVE, P##_identity(),                     \
                        GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED, 0);                    \
        });                                                                                        \
        printf("%-8s n=2^%-2d tile=%-5d thr=%-4d |", label, (int)log2((double)n), (int)TILE,       \
               (int)THREADS);                                                                      \
        for (int k = 0; k < 8; ++k) printf(" %7.1f", t[k]);                                        \
        printf("  |");                                                                             \
        for (int k = 1; k < 8; ++k) printf(" %5.3f", t[0] / t[k]);                                 \
        printf("\n");                                                                              \
        CK(cudaFree(in));                                                                          \
        CK(cudaFree(out));                                                                         \
        CK(cudaFree(ws));                                                                          \
    } while (0)


/* The look-back scan with clocks: per tile, the cycles from claim to loaded-and-scanned, the
 * look-back, the broadcast wait, the emit; windows read and state loads that found EMPTY.  The
 * look-back below is the library's default one, counted (this tool only). */
struct Clocks { unsigned load, lookback, bcast, emit, windows, empty_spins; };
#define INSTRUMENTED_(P, T)                                                                        \
    using namespace P##_internal; /* the DEFINE's code below its public functions */               \
    static __device__ T P##_lookback_counted(unsigned tile, gpuscan_states_ states, T fill,        \
                                             unsigned *windows, unsigned *spins)                   \
    {                                                                                              \
        const int lane = threadIdx.x & 31;                                                         \
        long long nearest = (long long)tile - 1;                                                   \
        T v = fill, acc = fill;                                                                    \
        int has_acc = 0;                                                                           \
        unsigned prefixes;                                                                         \
        *windows = 0, *spins = 0;                                                                  \
        for (;;) {                                                                                 \
            const long long j = nearest - 31 + lane;                                               \
            unsigned status = GPUSCAN_STATE_AGGREGATE, s = 0;                                      \
            if (j >= 0) {                                                                          \
                while ((status = P##_peek(states, NULL, NULL, (size_t)j, &v)) == GPUSCAN_STATE_EMPTY) \
                    ++s;                                                                           \
            }                                                                                      \
            prefixes = __ballot_sync(0xffffffffu, status == GPUSCAN_STATE_PREFIX);                 \
            for (int o = 16; o > 0; o >>= 1) s = max(s, __shfl_xor_sync(0xffffffffu, s, o));       \
            *spins += s, ++*windows;                                                               \
            if (prefixes) break;                                                                   \
            T part = P##_shfl_idx(P##_warp_reduce(v, lane, 32), 0);                                \
            acc = has_acc ? P##_combine(part, acc) : part;                                         \
            has_acc = 1;                                                                           \
            nearest -= 32;                                                                         \
        }                                                                                          \
        T part = P##_shfl_idx(P##_warp_reduce(v, lane, 32), 31 - __clz(prefixes));                 \
        return has_acc ? P##_combine(part, acc) : part;                                            \
    }                                                                                              \
    __global__ void __launch_bounds__(GPUSCAN_CO_THREADS(T), GPUSCAN_SINGLE_PASS_MIN_BLOCKS_(CO, T)) \
    P##_clocked(const T *in, T *out, size_t n, unsigned *counter, void *words, Clocks *clk,        \
                Stamps *st)                                                                        \
    {                                                                                              \
        const gpuscan_states_ states = gpuscan_states_cleared_(words);                             \
        T items[GPUSCAN_CO_ITEMS(T)];                                                              \
        T *buf = P##_CO_buffer();                                                                  \
        long long c0 = clock64();                                                                  \
        const unsigned tile = gpuscan_next_tile_(counter);                                         \
        const unsigned long long g0 = global_ns();                                                 \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                         \
        P##_CO_load(in, base, valid, items, buf);                                                  \
        T before, aggregate = P##_CO_scan_tile(items, buf, &before);                               \
        P##_CO_stage(items, buf);                                                                  \
        long long c1 = clock64();                                                                  \
        const unsigned long long g1 = global_ns();                                                 \
        unsigned windows = 0, spins = 0;                                                           \
        T prefix = P##_identity();                                                                 \
        int has_prefix = 0;                                                                        \
        if (threadIdx.x < 32) {                                                                    \
            if (tile > 0) {                                                                        \
                if (threadIdx.x == 0)                                                              \
                    P##_publish(states, NULL, tile, GPUSCAN_STATE_AGGREGATE, aggregate);           \
                prefix = P##_lookback_counted(tile, states, aggregate, &windows, &spins);          \
                has_prefix = 1;                                                                    \
            }                                                                                      \
            if (threadIdx.x == 0)                                                                  \
                P##_publish(states, NULL, tile, GPUSCAN_STATE_PREFIX,                              \
                            has_prefix ? P##_combine(prefix, aggregate) : aggregate);              \
        }                                                                                          \
        long long c2 = clock64();                                                                  \
        const unsigned long long g2 = global_ns();                                                 \
        prefix = P##_block_broadcast(prefix, &has_prefix);                                         \
        long long c3 = clock64();                                                                  \
        P##_CO_emit(out, base, valid, items, prefix, has_prefix, 0, before, buf);                  \
        long long c4 = clock64();                                                                  \
        if (threadIdx.x == 0) {                                                                    \
            clk[tile] = Clocks{(unsigned)(c1 - c0), (unsigned)(c2 - c1), (unsigned)(c3 - c2),      \
                               (unsigned)(c4 - c3), windows, spins};                               \
            st[tile] = Stamps{g0, g1, g2, global_ns()};                                            \
        }                                                                                          \
    }
INSTRUMENTED_(gpuscan_i32_add, int32_t)
INSTRUMENTED_(gpuscan_i64_add, int64_t)
INSTRUMENTED_(gpuscan_u8_add, uint8_t)

static void pct(const char *what, std::vector<unsigned> v, double scale)
{
    std::sort(v.begin(), v.end());
    size_t m = v.size();
    printf("  %-12s p10 %8.2f  p50 %8.2f  p90 %8.2f  p99 %8.2f  mean %8.2f\n", what, v[m / 10] * scale,
           v[m / 2] * scale, v[m * 9 / 10] * scale, v[m * 99 / 100] * scale,
           std::accumulate(v.begin(), v.end(), 0.0) / m * scale);
}
#define CLOCKED_CASE_(P, T, label, n_)                                                                       \
    do {                                                                                                     \
        enum { TILE = GPUSCAN_TILE_(CO, T), THREADS = GPUSCAN_CO_THREADS(T) };                               \
        const size_t n = (n_), tiles = (n + TILE - 1) / TILE, sb = GPUSCAN_STATE_BYTES_(T);                  \
        T *in, *out;                                                                                         \
        char *ws;                                                                                            \
        Clocks *clk;                                                                                         \
        Stamps *st;                                                                                          \
        CK(cudaMalloc(&in, n * sizeof(T)));                                                                  \
        CK(cudaMalloc(&out, n * sizeof(T)));                                                                 \
        CK(cudaMalloc(&ws, 256 + tiles * sb));                                                               \
        CK(cudaMalloc(&clk, tiles * sizeof(Clocks)));                                                        \
        CK(cudaMalloc(&st, tiles * sizeof(Stamps)));                                                         \
        fill<<<1024, 256>>>((uint32_t *)in, n * sizeof(T) / 4, 0x0f0f0f0fu);                                 \
        float ms = 0;                                                                                        \
        cudaEvent_t a, b;                                                                                    \
        CK(cudaEventCreate(&a));                                                                             \
        CK(cudaEventCreate(&b));                                                                             \
        for (int r = 0; r < 3; ++r) {                                                                        \
            CK(cudaMemsetAsync(ws, 0, 256 + tiles * sb));                                                    \
            CK(cudaEventRecord(a));                                                                          \
            P##_clocked<<<tiles, THREADS>>>(in, out, n, (unsigned *)ws, ws + 256, clk, st);                  \
            CK(cudaEventRecord(b));                                                                          \
            CK(cudaEventSynchronize(b));                                                                     \
            CK(cudaGetLastError());                                                                          \
            CK(cudaEventElapsedTime(&ms, a, b));                                                             \
        }                                                                                                    \
        std::vector<Clocks> h(tiles);                                                                        \
        CK(cudaMemcpy(h.data(), clk, tiles * sizeof(Clocks), cudaMemcpyDeviceToHost));                       \
        std::vector<unsigned> f[6];                                                                          \
        for (size_t t = 1; t < tiles; ++t) {                                                                 \
            f[0].push_back(h[t].load), f[1].push_back(h[t].lookback), f[2].push_back(h[t].bcast);            \
            f[3].push_back(h[t].emit), f[4].push_back(h[t].windows), f[5].push_back(h[t].empty_spins);       \
        }                                                                                                    \
        printf("%s n=%zu: %.1f us, %.1f tiles/us (us per stage, per tile)\n", label, (size_t)n,              \
               ms * 1000, tiles / (ms * 1000));                                                              \
        const double us = 1.0 / clock_mhz;                                                                   \
        pct("load+scan", f[0], us); pct("lookback", f[1], us); pct("bcast wait", f[2], us);                  \
        pct("emit", f[3], us); pct("windows", f[4], 1.0); pct("empty spins", f[5], 1.0);                     \
        std::vector<unsigned> rtt;                                                                           \
        for (size_t t = 1; t < tiles; ++t)                                                                   \
            if (h[t].windows + h[t].empty_spins > 0)                                                         \
                rtt.push_back(h[t].lookback / (h[t].windows + h[t].empty_spins));                            \
        if (!rtt.empty()) pct("us per poll", rtt, us);                                                       \
        double lsum = 0, wsum = 0;                                                                           \
        for (size_t t = 1; t < tiles; ++t) lsum += h[t].load, wsum += h[t].lookback + h[t].bcast;            \
        printf("  blocks loading (mean) %.0f, waiting for the prefix %.0f\n",                                \
               lsum / tiles * us * tiles / (ms * 1000), wsum / tiles * us * tiles / (ms * 1000));            \
        bench_timeline("", st, tiles);                                                                                 \
        CK(cudaFree(in)); CK(cudaFree(out)); CK(cudaFree(ws)); CK(cudaFree(clk)); CK(cudaFree(st));          \
    } while (0)

int main(int argc, char **argv)
{
    int lg = argc > 1 ? atoi(argv[1]) : 28;
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int clock_khz = 0;
    CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    const double clock_mhz = clock_khz / 1000.0;
    if (argc > 2 && strcmp(argv[2], "clocks") == 0) {
        CLOCKED_CASE_(gpuscan_i32_add, int32_t, "i32.add", (size_t)1 << lg);
        CLOCKED_CASE_(gpuscan_i64_add, int64_t, "i64.add", (size_t)1 << lg);
        CLOCKED_CASE_(gpuscan_u8_add, uint8_t, "u8.add", (size_t)1 << (lg + 2));
        return 0;
    }
    printf("anatomy on %s: median us, then fraction of copy\n", p.name);
    printf("%-37s |    copy   vcopy tile_io tilescn claimsc lookbck     cub   ahead  |"
           " vcopy tl_io tl_sc cl_sc lkbck   cub ahead\n", "case");
    size_t n = (size_t)1 << lg;
    ANATOMY_CASE_(gpuscan_i32_add, int32_t, "i32.add", cuda::std::plus<int32_t>());
    ANATOMY_CASE_(gpuscan_i32_max, int32_t, "i32.max", cuda::maximum<int32_t>());
    ANATOMY_CASE_(gpuscan_f32_add, float, "f32.add", cuda::std::plus<float>());
    ANATOMY_CASE_(gpuscan_i64_add, int64_t, "i64.add", cuda::std::plus<int64_t>());
    n = (size_t)1 << (lg + 2);
    ANATOMY_CASE_(gpuscan_u8_add, uint8_t, "u8.add", cuda::std::plus<uint8_t>());
    return 0;
}
