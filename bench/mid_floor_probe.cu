// bench/mid_floor_probe.cu - does a one-wave scan wait for its prefix mechanism or for its loads?
// (issue 21 item 4, mid n; bench/NOTES.md step 63).  One kernel skeleton from the library's layers
// (claim, the coarsened load and block scan, stage, a prefix, emit), three ways to the prefix:
//   none     no prefix between tiles (wrong results): what claim, load, block scan and store cost;
//   lookback the library's look-back (P_tile_prefix), tile states of a round (no clearing);
//   fold     each tile publishes its aggregate, then its whole block reads the aggregates of every
//            tile before it at once (a thread up to 8, all loads issued together, re-read while
//            empty) and reduces them: no chain of prefixes, the least wait a tile's data allow.
// Beside them: cudaMemcpyAsync of the same bytes, the library's simple form and CUB (temp kept).
// Each timed alone (events around one call on a stream of its own, median of 200 after 20
// warm-ups) and back to back (20 calls between events, median of 15), inputs rotated over copies
// that together pass L2; then one timeline (%globaltimer) of lookback and fold at the largest n.
// Not built by CMake (a one-off probe):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I. bench/mid_floor_probe.cu -o mid_floor_probe
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)

enum { MODE_NONE = 0, MODE_LOOKBACK = 1, MODE_FOLD = 2, MODE_FOLD_SLEEP = 3, MODE_COUNT = 4, MODE_GATED_FOLD = 5, MODE_LOOKBACK_PREFETCH = 6, FOLD_K = 8 };

#define PROBE_KERNEL_(P, T)                                                                        \
    template <int MODE, int CLOCK>                                                                 \
    __global__ void __launch_bounds__(GPUSCAN_CO_THREADS(T), GPUSCAN_SINGLE_PASS_MIN_BLOCKS_(CO, T)) \
    P##_probe(const T *in, T *out, size_t n, unsigned *counter, gpuscan_states_ states, Stamps *st) \
    {                                                                                              \
        enum { THREADS = GPUSCAN_CO_THREADS(T) };                                                  \
        T items[GPUSCAN_CO_ITEMS(T)];                                                              \
        T *buf = P##_CO_buffer();                                                                  \
        if (MODE == MODE_LOOKBACK_PREFETCH) {                                                      \
            const gpuscan_pace_ no_pace = {0u, 0u};                                                \
            P##_CO_prefetch_tile(in, n, blockIdx.x, no_pace);                                      \
        }                                                                                          \
        const unsigned tile = gpuscan_next_tile_(counter) - states.claimed;                        \
        const unsigned long long g0 = CLOCK ? global_ns() : 0;                                     \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                         \
        P##_CO_load(in, base, valid, items, buf);                                                  \
        T before, aggregate = P##_CO_scan_tile(items, buf, &before);                               \
        P##_CO_stage(items, buf);                                                                  \
        const unsigned long long g1 = CLOCK ? global_ns() : 0;                                     \
        T prefix = P##_identity();                                                                 \
        int has_prefix = 0;                                                                        \
        if (MODE == MODE_LOOKBACK || MODE == MODE_LOOKBACK_PREFETCH) {                                                               \
            prefix = P##_tile_prefix(1, tile, aggregate, states, NULL, NULL, 0, prefix, &has_prefix); \
        } else if (MODE == MODE_FOLD || MODE == MODE_FOLD_SLEEP || MODE == MODE_GATED_FOLD) {         \
            if (threadIdx.x == 0) P##_publish(states, NULL, tile, GPUSCAN_STATE_AGGREGATE, aggregate); \
            if (MODE == MODE_GATED_FOLD) { /* first until as many tiles have published as come before */ \
                if (threadIdx.x == 0) {                                                            \
                    __threadfence();                                                               \
                    atomicAdd(counter + 1, 1u);                                                    \
                    while (gpuscan_load_acquire_u32_(counter + 1) < states.claimed + tile + 1) __nanosleep(32); \
                }                                                                                  \
                __syncthreads();                                                                   \
            }                                                                                      \
            T v[FOLD_K], acc = P##_identity();                                                     \
            unsigned status[FOLD_K], pending = 0;                                                  \
            _Pragma("unroll") for (int k = 0; k < FOLD_K; ++k) { /* every load issued first */     \
                const unsigned j = threadIdx.x + k * THREADS;                                      \
                v[k] = P##_identity(), status[k] = GPUSCAN_STATE_AGGREGATE;                        \
                if (j < tile) status[k] = P##_peek(states, NULL, NULL, j, &v[k]);                  \
            }                                                                                      \
            _Pragma("unroll") for (int k = 0; k < FOLD_K; ++k) {                                   \
                if (status[k] == GPUSCAN_STATE_EMPTY) pending |= 1u << k;                          \
                else acc = P##_combine(acc, v[k]);                                                 \
            }                                                                                      \
            while (pending) { /* what was not yet published, again */                              \
                if (MODE != MODE_FOLD) __nanosleep(128);                                     \
                _Pragma("unroll") for (int k = 0; k < FOLD_K; ++k) {                               \
                    T x;                                                                           \
                    if ((pending >> k & 1u) &&                                                     \
                        P##_peek(states, NULL, NULL, threadIdx.x + k * THREADS, &x) != GPUSCAN_STATE_EMPTY) \
                        pending &= ~(1u << k), acc = P##_combine(acc, x);                          \
                }                                                                                  \
            }                                                                                      \
            prefix = P##_block_reduce_values(acc, THREADS);                                        \
            has_prefix = tile > 0;                                                                 \
        }                                                                                          \
        if (MODE == MODE_COUNT) { /* a floor: wait until tile+1 tiles have loaded (wrong results) */ \
            __syncthreads();                                                                       \
            if (threadIdx.x == 0) bench_count_and_wait(counter + 1, states.claimed + tile + 1, 64); \
        }                                                                                          \
        if (MODE != MODE_NONE) prefix = P##_block_broadcast(prefix, &has_prefix);                  \
        const unsigned long long g2 = CLOCK ? global_ns() : 0;                                     \
        P##_CO_emit(out, base, valid, items, prefix, has_prefix, 0, before, buf);                  \
        if (CLOCK && threadIdx.x == 0) st[tile] = Stamps{g0, g1, g2, global_ns()};                 \
    }
PROBE_KERNEL_(gpuscan_i32_add, int32_t)
PROBE_KERNEL_(gpuscan_i64_add, int64_t)

#include <chrono>
static double host_us()
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
#define PROBE_CASE_(P, T, label, lg, show_timeline)                                                          \
    do {                                                                                                     \
        enum { TILE = GPUSCAN_TILE_(CO, T), THREADS = GPUSCAN_CO_THREADS(T) };                               \
        const size_t n = (size_t)1 << (lg), bytes = n * sizeof(T), tiles = (n + TILE - 1) / TILE;           \
        if (tiles > (size_t)FOLD_K * THREADS) { printf("%s 2^%d: too many tiles for the fold\n", label, lg); break; } \
        BENCH_PROBE_CASE_(T, n, tiles, GPUSCAN_STATE_BYTES_(T));                                             \
        unsigned epoch = 0;                                                                                  \
        auto launch = [&](auto kernel, int r) {                                                              \
            ++epoch;                                                                                         \
            gpuscan_states_ s_ = gpuscan_states_cleared_(ws + 256);                                          \
            s_.round = epoch, s_.claimed = (unsigned)((epoch - 1) * tiles);                                  \
            kernel<<<(unsigned)tiles, THREADS, 0, s>>>(in[r % copies], out[r % copies], n, (unsigned *)ws, s_, st); \
        };                                                                                                   \
        auto launch_pdl = [&](auto kernel, int r) { /* as the library launches: the PDL attribute */         \
            ++epoch;                                                                                         \
            gpuscan_states_ s_ = gpuscan_states_cleared_(ws + 256);                                          \
            s_.round = epoch, s_.claimed = (unsigned)((epoch - 1) * tiles);                                  \
            bench_pdl_launch(kernel, (unsigned)tiles, THREADS, s, (const T *)in[r % copies], out[r % copies], n, \
                             (unsigned *)ws, s_, st);                                                       \
        };                                                                                                   \
        auto fresh = [&]() { CK(cudaMemset(ws, 0, ws_bytes)); epoch = 0; };                                 \
        double t[2][12];                                                                                      \
        for (int b2b = 0; b2b < 2; ++b2b) {                                                                  \
            t[b2b][0] = bench_timed([&](int r) { CK(cudaMemcpyAsync(out[r % copies], in[r % copies], bytes,        \
                                                             cudaMemcpyDeviceToDevice, s)); }, s, b2b);       \
            fresh();                                                                                         \
            t[b2b][1] = bench_timed([&](int r) { launch(P##_probe<MODE_NONE, 0>, r); }, s, b2b);                   \
            fresh();                                                                                         \
            t[b2b][2] = bench_timed([&](int r) { launch(P##_probe<MODE_LOOKBACK, 0>, r); }, s, b2b);               \
            fresh();                                                                                         \
            t[b2b][3] = bench_timed([&](int r) { launch(P##_probe<MODE_FOLD, 0>, r); }, s, b2b);                   \
            fresh();                                                                                         \
            t[b2b][7] = bench_timed([&](int r) { launch(P##_probe<MODE_FOLD_SLEEP, 0>, r); }, s, b2b);             \
            fresh();                                                                                         \
            t[b2b][9] = bench_timed([&](int r) { launch(P##_probe<MODE_GATED_FOLD, 0>, r); }, s, b2b);             \
            fresh();                                                                                         \
            t[b2b][11] = bench_timed([&](int r) { launch_pdl(P##_probe<MODE_LOOKBACK_PREFETCH, 0>, r); }, s, b2b); \
            fresh();                                                                                         \
            t[b2b][10] = bench_timed([&](int r) { launch_pdl(P##_probe<MODE_LOOKBACK, 0>, r); }, s, b2b);          \
            fresh();                                                                                         \
            t[b2b][8] = bench_timed([&](int r) { launch(P##_probe<MODE_COUNT, 0>, r); }, s, b2b);                  \
            t[b2b][4] = bench_timed([&](int r) {                                                                   \
                if (P##_inclusive(in[r % copies], out[r % copies], n, s) != GPUSCAN_SUCCESS) exit(1);        \
            }, s, b2b);                                                                                      \
            t[b2b][5] = bench_cub_inclusive_sum(in, out, n, s, b2b);                                         \
            t[b2b][6] = std::max(t[b2b][5] / 1.3, t[b2b][0] / 0.9);                                          \
        }                                                                                                    \
        /* correctness of lookback and fold (out[0] from a fresh call each) */                               \
        const char *ok[4] = {"ok", "ok", "ok", "ok"};                                                              \
        for (int m = 0; m < 4; ++m) {                                                                        \
            fresh();                                                                                         \
            CK(cudaMemset(out[0], 0xff, bytes));                                                             \
            launch(m == 0 ? P##_probe<MODE_LOOKBACK, 0> : m == 1 ? P##_probe<MODE_FOLD, 0> : m == 2 ? P##_probe<MODE_FOLD_SLEEP, 0> : P##_probe<MODE_GATED_FOLD, 0>, 0); \
            std::vector<T> got(n);                                                                           \
            CK(cudaMemcpy(got.data(), out[0], bytes, cudaMemcpyDeviceToHost));                               \
            T acc = 0;                                                                                       \
            for (size_t i = 0; i < n; ++i) { acc += h[i]; if (got[i] != acc) { ok[m] = "WRONG"; break; } }    \
        }                                                                                                    \
        for (int b2b = 0; b2b < 2; ++b2b)                                                                    \
            printf("%-8s 2^%-2d %-5s | %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f | %5.3f %5.3f %5.3f | %s %s %s %s\n", \
                   label, lg, b2b ? "b2b" : "alone", t[b2b][0], t[b2b][1], t[b2b][8], t[b2b][2], t[b2b][10], \
                   t[b2b][11], t[b2b][3], t[b2b][7], t[b2b][9], t[b2b][4], t[b2b][5], t[b2b][6], t[b2b][6] / t[b2b][2], \
                   t[b2b][6] / t[b2b][9], t[b2b][6] / t[b2b][4], ok[0], ok[1], ok[2], ok[3]);                                                                            \
        { /* host time a call: 100 issued without waiting (the GPU keeps up or queues) */                   \
            double hs[2];                                                                                    \
            for (int m = 0; m < 2; ++m) {                                                                    \
                fresh();                                                                                     \
                CK(cudaStreamSynchronize(s));                                                                \
                std::vector<double> v;                                                                       \
                for (int rep = 0; rep < 7; ++rep) {                                                          \
                    const double t0 = host_us();                                                             \
                    for (int c = 0; c < 100; ++c) {                                                          \
                        if (m == 0) launch_pdl(P##_probe<MODE_LOOKBACK, 0>, c);                              \
                        else if (P##_inclusive(in[c % copies], out[c % copies], n, s) != GPUSCAN_SUCCESS) exit(1); \
                    }                                                                                        \
                    v.push_back((host_us() - t0) / 100);                                                     \
                    CK(cudaStreamSynchronize(s));                                                            \
                }                                                                                            \
                hs[m] = bench_median(v);                                                                           \
            }                                                                                                \
            printf("%-8s 2^%-2d host us a call: cudaLaunchKernelEx %.2f, library simple form %.2f\n", label, lg, hs[0], hs[1]); \
        }                                                                                                    \
        if (show_timeline) {                                                                                 \
            for (int m = 0; m < 3; ++m) {                                                                    \
                fresh();                                                                                     \
                for (int r = 0; r < 5; ++r) {                                                                \
                    launch(m == 0 ? P##_probe<MODE_LOOKBACK, 1> : m == 1 ? P##_probe<MODE_GATED_FOLD, 1>      \
                                                                         : P##_probe<MODE_COUNT, 1>, r);     \
                    CK(cudaStreamSynchronize(s));                                                            \
                }                                                                                            \
                bench_timeline(m == 0 ? "lookback" : m == 1 ? "gated fold" : "count", st, tiles);                  \
            }                                                                                                \
        }                                                                                                    \
    } while (0)

int main(int argc, char **argv)
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int drv = 0;
    CK(cudaDriverGetVersion(&drv));
    printf("%s, driver API %d; us a call (alone: median of 200; b2b: 20 calls between events, median of 15)\n", p.name, drv);
    printf("bound = what issue 21 item 4 allows: the larger of CUB / 1.3 and copy / 0.9\n");
    printf("%-8s %-4s %-5s | %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s | %5s %5s %5s | checked: lookback fold fold+sleep gated\n", "case", "n", "mode",
           "copy", "none", "count", "lookbk", "lb+pdl", "+prefe", "fold", "fold+s", "gated", "simple", "CUB", "bound", "lb", "gated", "simpl");
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    { /* host ns a call of the pieces of a simple form's host path */
        auto ns = [](auto fn) {
            std::vector<double> v;
            for (int rep = 0; rep < 7; ++rep) {
                const double t0 = host_us();
                for (int i = 0; i < 10000; ++i) fn();
                v.push_back((host_us() - t0) * 1000.0 / 10000);
            }
            return bench_median(v);
        };
        int dev;
        cudaStreamCaptureStatus cs;
        int pdl_cache[16] = {0}, res_cache[16] = {0};
        printf("host ns a call: cudaGetDevice %.0f, cudaStreamIsCapturing %.0f, cudaGetLastError %.0f, "
               "workspace alloc+free (cached) %.0f, device_info %.0f, pdl_supported %.0f, resident_blocks %.0f\n",
               ns([&] { (void)cudaGetDevice(&dev); }), ns([&] { (void)cudaStreamIsCapturing(s, &cs); }),
               ns([&] { (void)cudaGetLastError(); }),
               ns([&] {
                   gpuscan_ws_ w;
                   if (gpuscan_workspace_alloc_(&w, 8192, s) != GPUSCAN_SUCCESS) exit(1);
                   (void)gpuscan_workspace_free_(&w, s);
               }),
               ns([&] { (void)gpuscan_device_info_(); }),
               ns([&] { (void)gpuscan_pdl_supported_((const void *)gpuscan_i32_add_probe<0, 0>, pdl_cache); }),
               ns([&] { (void)gpuscan_resident_blocks_((const void *)gpuscan_i32_add_probe<0, 0>, 128, res_cache); }));
        CK(cudaStreamSynchronize(s));
    }
    const int rounds = argc > 1 ? atoi(argv[1]) : 1;
    for (int r = 0; r < rounds; ++r) {
        PROBE_CASE_(gpuscan_i32_add, int32_t, "i32.add", 20, false);
        PROBE_CASE_(gpuscan_i32_add, int32_t, "i32.add", 21, false);
        PROBE_CASE_(gpuscan_i32_add, int32_t, "i32.add", 22, r == rounds - 1);
        PROBE_CASE_(gpuscan_i64_add, int64_t, "i64.add", 20, false);
        PROBE_CASE_(gpuscan_i64_add, int64_t, "i64.add", 21, r == rounds - 1);
    }
    return 0;
}
