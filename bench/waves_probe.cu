// bench/waves_probe.cu - where a look-back of several waves spends its time over a copy (issue 21
// item 4 at 2^23-2^24; bench/NOTES.md step 66).  One kernel skeleton from the library's layers
// (prefetch, claim, pace, coarsened load and block scan, stage, prefix, emit), the prefix swapped:
//   none    no prefix (wrong results): what claim, load, block scan and store cost;
//   count   a tile waits until as many tiles as come up to it have loaded (wrong results): the
//           least wait for the slowest predecessor;
//   cnt-s   count with the tile stored before the wait (wrong results): the block holds its slot
//           as long, its stores go out at once - which of the two the wait costs;
//   lb      the library's look-back, as the library launches it (prefetch, first-wave pace, PDL);
//   lb-np   the same without the pace;
//   lb-w    lb whose looks after the first read WIDE windows at once;
//   lib     the library's own single-pass kernel, launched as lb is (not clocked);
//   lb+E/S/C lb with one of the library kernel's run-time choices, off at run time: exclusive
//           (E), seeded (S), the self-clearing barrier (C) - which of them costs the library's
//           kernel its time over lb (not clocked); lb+all: the three, and the look-back itself a
//           run-time choice (the domino's wait beside it), as in the library's kernel;
//   via     the library's P_CO_single_pass_via (the domino's and the fold's kernel) made to look
//           back: the look-back's kernel as it was before a7e222b, the way to the prefix chosen at
//           run time (not clocked).  (9fb8fa3's version of this probe also had a copy of that kernel
//           with one run-time choice made constant at a time: the results file's section 5.)
// Beside them: cudaMemcpyAsync and an SM copy kernel of the same bytes, the library's simple form
// and CUB (temp kept), alone and back to back (bench_timed).  Then, of each skeleton, the tiles'
// timeline and its steady rate: tiles done a us between the 25th and 75th percentile tile, beside
// the copy kernel's tiles a us over its whole call.
// Not built by CMake (a one-off probe):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I. bench/waves_probe.cu -o waves_probe
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

enum { MODE_NONE = 0, MODE_COUNT = 1, MODE_LB = 2, MODE_LB_NOPACE = 3, MODE_LB_WIDE = 4, MODE_LIB = 5,
       MODE_LB_E = 6, MODE_LB_S = 7, MODE_LB_C = 8, MODE_LB_ALL = 9, MODE_LIB_VIA = 10, MODE_COUNT_S = 11, MODES = 12,
       WIDE = 4 };
static const char *mode_name[MODES] = {"none", "count", "lb", "lb-np", "lb-w", "lib", "lb+E", "lb+S", "lb+C", "lb+all",
                                       "via", "cnt-s"};

/* lb-w: the library's look-back's first window, and where it holds no inclusive prefix, looks of
 * WIDE windows at once (every lane's WIDE peeks issued first), folded nearest first. */
#define WIDE_LOOKBACK_(P, T)                                                                       \
    static __device__ __forceinline__ T P##_lookback_wide(unsigned tile, gpuscan_states_ states)   \
    {                                                                                              \
        const int lane = threadIdx.x & 31;                                                         \
        long long nearest = (long long)tile - 1;                                                   \
        T v = P##_identity(), acc;                                                                 \
        unsigned prefixes = P##_window(nearest, states, NULL, NULL, &v);                           \
        if (prefixes) return P##_shfl_idx(P##_warp_reduce(v, lane, 32), 31 - __clz(prefixes));    \
        acc = P##_shfl_idx(P##_warp_reduce(v, lane, 32), 0);                                       \
        for (;;) {                                                                                 \
            nearest -= 32;                                                                         \
            T w[WIDE];                                                                             \
            unsigned st[WIDE];                                                                     \
            _Pragma("unroll") for (int k = 0; k < WIDE; ++k) {                                     \
                const long long j = nearest - 31 - 32 * k + lane;                                  \
                w[k] = P##_identity(), st[k] = GPUSCAN_STATE_AGGREGATE;                            \
                if (j >= 0) st[k] = P##_peek(states, NULL, NULL, (size_t)j, &w[k]);                \
            }                                                                                      \
            _Pragma("unroll") for (int k = 0; k < WIDE; ++k) {                                     \
                const long long j = nearest - 31 - 32 * k + lane;                                  \
                for (unsigned spin = 0; st[k] == GPUSCAN_STATE_EMPTY; ++spin) { /* a probe: no hang */ \
                    if (spin > (1u << 22)) __trap();                                               \
                    st[k] = P##_peek(states, NULL, NULL, (size_t)j, &w[k]);                        \
                }                                                                                  \
                const unsigned b = __ballot_sync(0xffffffffu, st[k] == GPUSCAN_STATE_PREFIX);      \
                const T part = P##_shfl_idx(P##_warp_reduce(w[k], lane, 32), b ? 31 - __clz(b) : 0); \
                acc = P##_combine(part, acc);                                                      \
                if (b) return acc;                                                                 \
            }                                                                                      \
            nearest -= 32 * (WIDE - 1);                                                            \
        }                                                                                          \
    }
WIDE_LOOKBACK_(gpuscan_i32_add, int32_t)
WIDE_LOOKBACK_(gpuscan_i64_add, int64_t)

#define WAVES_KERNEL_(P, T)                                                                        \
    template <int MODE, int CLOCK>                                                                 \
    __global__ void __launch_bounds__(GPUSCAN_CO_THREADS(T), GPUSCAN_SINGLE_PASS_MIN_BLOCKS_(CO, T)) \
    P##_waves(const T *in, T *out, size_t n, unsigned *counter, gpuscan_states_ states,           \
              gpuscan_pace_ pace, Stamps *st, int rt)                                              \
    {                                                                                              \
        T items[GPUSCAN_CO_ITEMS(T)];                                                              \
        T *buf = P##_CO_buffer();                                                                  \
        const int all = MODE == MODE_LB_ALL;                                                       \
        const int exclusive = MODE == MODE_LB_E || all ? rt & 1 : 0;                               \
        const int seeded = MODE == MODE_LB_S || all ? rt >> 1 & 1 : 0;                             \
        const int self_clear = MODE == MODE_LB_C || all ? rt >> 2 & 1 : 0;                         \
        const int lookback = all ? !(rt >> 3 & 1) : 1;                                             \
        unsigned cleared = 0u;                                                                     \
        P##_CO_prefetch_tile(in, n, blockIdx.x, pace);                                             \
        gpuscan_wait_prerequisites_();                                                             \
        const unsigned tile = self_clear ? blockIdx.x : gpuscan_next_tile_(counter) - states.claimed; \
        if (self_clear) {                                                                          \
            if (threadIdx.x == 0) P##_forget(states, tile);                                        \
            cleared = gpuscan_grid_arrive_();                                                      \
        }                                                                                          \
        gpuscan_let_dependents_launch_();                                                          \
        const unsigned long long g0 = CLOCK ? global_ns() : 0;                                     \
        P##_pace(tile, pace, states, NULL, NULL);                                                  \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                         \
        P##_CO_load(in, base, valid, items, buf);                                                  \
        T before, aggregate = P##_CO_scan_tile(items, buf, &before);                               \
        P##_CO_stage(items, buf);                                                                  \
        if (self_clear) gpuscan_grid_wait_(cleared);                                               \
        const unsigned long long g1 = CLOCK ? global_ns() : 0;                                     \
        T prefix = P##_identity();                                                                 \
        int has_prefix = 0;                                                                        \
        if (MODE == MODE_LB || MODE == MODE_LB_NOPACE || (MODE >= MODE_LB_E && MODE <= MODE_LB_ALL)) \
            prefix = P##_tile_prefix(lookback, tile, aggregate, states, NULL, NULL, seeded, prefix, &has_prefix); \
        if (MODE == MODE_LB_WIDE && threadIdx.x < 32) {                                            \
            if (threadIdx.x == 0 && tile > 0) /* (tile 0 publishes its prefix only) */            \
                P##_publish(states, NULL, tile, GPUSCAN_STATE_AGGREGATE, aggregate);               \
            if (tile > 0) prefix = P##_lookback_wide(tile, states), has_prefix = 1;                \
            if (threadIdx.x == 0)                                                                  \
                P##_publish(states, NULL, tile, GPUSCAN_STATE_PREFIX, has_prefix ? P##_combine(prefix, aggregate) : aggregate); \
        }                                                                                          \
        if (MODE == MODE_COUNT) {                                                                  \
            if (threadIdx.x == 0) { /* the pace waits on published aggregates: publish one */      \
                P##_publish(states, NULL, tile, GPUSCAN_STATE_AGGREGATE, aggregate);               \
                __threadfence();                                                                   \
                bench_count_and_wait(counter + 1, states.claimed + tile + 1, 32);                  \
            }                                                                                      \
        }                                                                                          \
        if (MODE == MODE_COUNT_S) {                                                                \
            P##_CO_emit(out, base, valid, items, prefix, 0, exclusive, before, buf);               \
            if (threadIdx.x == 0) {                                                                \
                P##_publish(states, NULL, tile, GPUSCAN_STATE_AGGREGATE, aggregate);               \
                __threadfence();                                                                   \
                bench_count_and_wait(counter + 1, states.claimed + tile + 1, 32);                  \
            }                                                                                      \
        }                                                                                          \
        if (MODE != MODE_NONE) prefix = P##_block_broadcast(prefix, &has_prefix);                  \
        const unsigned long long g2 = CLOCK ? global_ns() : 0;                                     \
        if (MODE != MODE_COUNT_S) P##_CO_emit(out, base, valid, items, prefix, has_prefix, exclusive, before, buf); \
        if (CLOCK && threadIdx.x == 0) st[tile] = Stamps{g0, g1, g2, global_ns()};                 \
    }
WAVES_KERNEL_(gpuscan_i32_add, int32_t)
WAVES_KERNEL_(gpuscan_i64_add, int64_t)


/* Of one clocked run: p50 of loaded-claim, prefix-loaded, done-prefix over the tiles, and the
 * steady rate (tiles a us between the 25th and 75th percentile tile's end). */
static void waves_summary(const char *what, const Stamps *dst, size_t tiles, double copy_rate)
{
    std::vector<Stamps> h(tiles);
    CK(cudaMemcpy(h.data(), dst, tiles * sizeof(Stamps), cudaMemcpyDeviceToHost));
    std::vector<double> load, wait, store, done;
    unsigned long long t0 = ~0ull;
    for (auto &s : h) t0 = std::min(t0, s.claim);
    for (auto &s : h) {
        load.push_back((s.loaded - s.claim) / 1e3), wait.push_back((s.prefix - s.loaded) / 1e3);
        store.push_back((s.done - s.prefix) / 1e3), done.push_back((s.done - t0) / 1e3);
    }
    std::sort(done.begin(), done.end());
    const size_t a = tiles / 4, b = tiles * 3 / 4;
    const double rate = (double)(b - a) / (done[b] - done[a]);
    printf("  %-6s us p50: claim->loaded %5.2f, loaded->prefix %5.2f, prefix->done %5.2f | first done %6.2f, "
           "last %6.2f | steady %6.1f tiles/us (the copy kernel, whole call: %.1f)\n",
           what, bench_median(load), bench_median(wait), bench_median(store), done[0], done.back(), rate,
           copy_rate);
}

#define WAVES_CASE_(P, T, label, lg)                                                                         \
    do {                                                                                                     \
        enum { TILE = GPUSCAN_TILE_(CO, T), THREADS = GPUSCAN_CO_THREADS(T) };                               \
        const size_t n = (size_t)1 << (lg), bytes = n * sizeof(T), tiles = (n + TILE - 1) / TILE;           \
        BENCH_PROBE_CASE_(T, n, tiles, GPUSCAN_STATE_BYTES_(T));                                             \
        int per_sm = 0;                                                                                      \
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, P##_waves<MODE_LB, 0>, THREADS, 0));       \
        const int resident = per_sm * sms;                                                                   \
        const gpuscan_pace_ paced = gpuscan_pace_of_(tiles, TILE * sizeof(T), gpuscan_device_info_().peak_gbs, resident); \
        unsigned epoch = 0;                                                                                  \
        auto next_states = [&]() { /* the next round of the states: no clearing between calls */           \
            gpuscan_states_ s_ = gpuscan_states_cleared_(ws + 256);                                          \
            ++epoch, s_.round = epoch, s_.claimed = (unsigned)((epoch - 1) * tiles);                         \
            return s_;                                                                                       \
        };                                                                                                   \
        auto pdl = [&](auto kernel, auto... args) { bench_pdl_launch(kernel, (unsigned)tiles, THREADS, s, args...); }; \
        auto launch = [&](auto kernel, int r, gpuscan_pace_ pace) {                                          \
            pdl(kernel, (const T *)in[r % copies], out[r % copies], n, (unsigned *)ws, next_states(), pace, st, 0); \
        };                                                                                                   \
        auto launch_lib = [&](auto kernel, int r) { /* the library's kernel, its states as lb's, slots unused */ \
            pdl(kernel, (const T *)in[r % copies], out[r % copies], n, (unsigned *)ws, next_states(), (unsigned *)NULL, \
                (unsigned *)NULL, (int)GPUSCAN_VIA_LOOKBACK, paced, P##_no_ends());                          \
        };                                                                                                   \
        auto fresh = [&]() { CK(cudaMemset(ws, 0, ws_bytes)); epoch = 0; };                                 \
        auto mode_run = [&](int m, int clock, int r) {                                                       \
            const gpuscan_pace_ none = {0u, 0u};                                                             \
            if (m == MODE_NONE) launch(clock ? P##_waves<MODE_NONE, 1> : P##_waves<MODE_NONE, 0>, r, none);  \
            if (m == MODE_COUNT) launch(clock ? P##_waves<MODE_COUNT, 1> : P##_waves<MODE_COUNT, 0>, r, paced); \
            if (m == MODE_COUNT_S) launch(clock ? P##_waves<MODE_COUNT_S, 1> : P##_waves<MODE_COUNT_S, 0>, r, paced); \
            if (m == MODE_LB) launch(clock ? P##_waves<MODE_LB, 1> : P##_waves<MODE_LB, 0>, r, paced);       \
            if (m == MODE_LB_NOPACE) launch(clock ? P##_waves<MODE_LB, 1> : P##_waves<MODE_LB, 0>, r, none); \
            if (m == MODE_LB_WIDE) launch(clock ? P##_waves<MODE_LB_WIDE, 1> : P##_waves<MODE_LB_WIDE, 0>, r, paced); \
            if (m == MODE_LIB) launch_lib(P##_CO_single_pass, r);                                            \
            if (m == MODE_LIB_VIA) launch_lib(P##_CO_single_pass_via, r);                                    \
            if (m == MODE_LB_E) launch(P##_waves<MODE_LB_E, 0>, r, paced);                                   \
            if (m == MODE_LB_S) launch(P##_waves<MODE_LB_S, 0>, r, paced);                                   \
            if (m == MODE_LB_C) launch(P##_waves<MODE_LB_C, 0>, r, paced);                                   \
            if (m == MODE_LB_ALL) launch(P##_waves<MODE_LB_ALL, 0>, r, paced);                               \
        };                                                                                                   \
        double t[2][4 + MODES];                                                                              \
        for (int b2b = 0; b2b < 2; ++b2b) {                                                                  \
            t[b2b][0] = bench_timed([&](int r) { CK(cudaMemcpyAsync(out[r % copies], in[r % copies], bytes,  \
                                                                   cudaMemcpyDeviceToDevice, s)); }, s, b2b); \
            t[b2b][1] = bench_timed([&](int r) {                                                             \
                bench_copy_kernel<T><<<sms * 8, 256, 0, s>>>(in[r % copies], out[r % copies], n); }, s, b2b); \
            for (int m = 0; m < MODES; ++m) {                                                                \
                fresh();                                                                                     \
                t[b2b][4 + m] = bench_timed([&](int r) { mode_run(m, 0, r); }, s, b2b);                      \
            }                                                                                                \
            t[b2b][2] = bench_timed([&](int r) {                                                             \
                if (P##_inclusive(in[r % copies], out[r % copies], n, s) != GPUSCAN_SUCCESS) exit(1);        \
            }, s, b2b);                                                                                      \
            t[b2b][3] = bench_cub_inclusive_sum(in, out, n, s, b2b);                                         \
        }                                                                                                    \
        const char *ok[3] = {"ok", "ok", "ok"}; /* the look-back skeletons' results, the library kernel's */  \
        for (int m = 0; m < 3; ++m) {                                                                        \
            fresh();                                                                                         \
            CK(cudaMemset(out[0], 0xff, bytes));                                                             \
            mode_run(m == 0 ? MODE_LB : m == 1 ? MODE_LB_WIDE : MODE_LIB, 0, 0);                             \
            std::vector<T> got(n);                                                                           \
            CK(cudaMemcpy(got.data(), out[0], bytes, cudaMemcpyDeviceToHost));                               \
            T acc = 0;                                                                                       \
            for (size_t i = 0; i < n; ++i) { acc += h[i]; if (got[i] != acc) { ok[m] = "WRONG"; break; } }   \
        }                                                                                                    \
        for (int b2b = 0; b2b < 2; ++b2b) {                                                                  \
            const double bound = std::max(t[b2b][3] / 1.3, t[b2b][0] / 0.9);                                 \
            printf("%-8s 2^%-2d %-5s | %6.1f %6.1f |", label, lg, b2b ? "b2b" : "alone", t[b2b][0], t[b2b][1]); \
            for (int m = 0; m < MODES; ++m) printf(" %6.1f", t[b2b][4 + m]);                                 \
            printf(" | %6.1f %6.1f | %6.1f | lb %s, lb-w %s, lib %s | %d tiles, %d resident, pace %u below %u\n", \
                   t[b2b][2], t[b2b][3], bound, ok[0], ok[1], ok[2], (int)tiles, resident, paced.window, paced.below); \
        }                                                                                                    \
        const double copy_rate = (double)tiles / t[0][1];                                                    \
        for (int m : {MODE_NONE, MODE_COUNT, MODE_COUNT_S, MODE_LB, MODE_LB_NOPACE, MODE_LB_WIDE}) {          \
            fresh();                                                                                         \
            for (int r = 0; r < 5; ++r) { mode_run(m, 1, r); CK(cudaStreamSynchronize(s)); }                 \
            waves_summary(mode_name[m], st, tiles, copy_rate);                                               \
            if (m == MODE_COUNT || m == MODE_LB || m == MODE_LB_WIDE) bench_timeline(mode_name[m], st, tiles); \
        }                                                                                                    \
    } while (0)

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    cudaStream_t s = bench_probe_stream("us a call (alone: median of 200; b2b: 20 calls between events, median of 15)");
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    printf("bound = what issue 21 item 4 allows: the larger of CUB / 1.3 and copy / 0.9\n");
    printf("%-8s %-4s %-5s | %6s %6s |", "case", "n", "timed", "copy", "kcopy");
    for (int m = 0; m < MODES; ++m) printf(" %6s", mode_name[m]);
    printf(" | %6s %6s | %6s |\n", "simple", "CUB", "bound");
    bench_warm_up(20);
    const int rounds = argc > 1 ? atoi(argv[1]) : 1;
    for (int r = 0; r < rounds; ++r) {
        WAVES_CASE_(gpuscan_i32_add, int32_t, "i32.add", 20);
        WAVES_CASE_(gpuscan_i32_add, int32_t, "i32.add", 21);
        WAVES_CASE_(gpuscan_i32_add, int32_t, "i32.add", 22);
        WAVES_CASE_(gpuscan_i32_add, int32_t, "i32.add", 23);
        WAVES_CASE_(gpuscan_i32_add, int32_t, "i32.add", 24);
        WAVES_CASE_(gpuscan_i64_add, int64_t, "i64.add", 22);
        WAVES_CASE_(gpuscan_i64_add, int64_t, "i64.add", 23);
    }
    return 0;
}
