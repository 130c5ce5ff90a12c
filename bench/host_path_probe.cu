// bench/host_path_probe.cu - where a simple form's host time goes (issue 21 item 4; bench/NOTES.md step 65).
// Timed alone, a call's time includes the host's until its launch reaches the GPU, so what the simple
// form spends on the host above its one launch is paid alone in full.  Host ns a call (200 calls
// issued without waiting, median of 9 batches; the GPU queues them): the simple form; its launch path
// alone (a plan made once, its own kept workspace and rounds); the same kernel launched bare with the
// library's config (cudaLaunchKernelEx, the programmatic attribute); and the runtime queries a call
// makes.  Not built by CMake (a one-off probe):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I. bench/host_path_probe.cu -o host_path_probe
// (against headers older than gpuscan_current_device_: -DHOST_PATH_BEFORE_CURRENT_DEVICE -I<them> first)
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <chrono>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)

static double now_ns()
{
    return (double)std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}
template <class F> static double ns_a_call(F fn, cudaStream_t s, int calls = 200)
{
    std::vector<double> v;
    for (int rep = 0; rep < 9; ++rep) {
        CK(cudaStreamSynchronize(s));
        const double t0 = now_ns();
        for (int c = 0; c < calls; ++c) fn(c);
        v.push_back((now_ns() - t0) / calls);
    }
    CK(cudaStreamSynchronize(s));
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

#define HOST_CASE_(P, T, label, lg)                                                                            \
    do {                                                                                                       \
        const size_t n = (size_t)1 << (lg);                                                                    \
        T *in, *out;                                                                                           \
        CK(cudaMalloc(&in, n * sizeof(T)));                                                                    \
        CK(cudaMalloc(&out, n * sizeof(T)));                                                                   \
        CK(cudaMemset(in, 1, n * sizeof(T)));                                                                  \
        gpuscan_plan_ plan;                                                                                    \
        gpuscan_grid grid = GPUSCAN_GRID_AUTO;                                                                 \
        gpuscan_block block = GPUSCAN_BLOCK_AUTO;                                                              \
        P##_ends ends;                                                                                         \
        if (P##_ends_of_(&ends, in, out, n, GPUSCAN_INCLUSIVE, P##_identity(), NULL, NULL, 0) ||               \
            P##_scan_prepare_(&plan, &grid, &block, GPUSCAN_INCLUSIVE, n, in, 1)) exit(1);                      \
        char *ws = NULL;                                                                                       \
        if (plan.bytes) {                                                                                      \
            CK(cudaMalloc(&ws, plan.bytes));                                                                   \
            CK(cudaMemset(ws, 0, plan.bytes));                                                                 \
        }                                                                                                      \
        gpuscan_rounds_ rounds = gpuscan_rounds_();                                                            \
        const double full = ns_a_call([&](int) {                                                               \
            if (P##_inclusive(in, out, n, s) != GPUSCAN_SUCCESS) exit(1);                                      \
        }, s);                                                                                                 \
        const double prep = ns_a_call([&](int) {                                                               \
            gpuscan_plan_ p2;                                                                                  \
            gpuscan_grid g2 = GPUSCAN_GRID_AUTO;                                                               \
            gpuscan_block b2 = GPUSCAN_BLOCK_AUTO;                                                             \
            P##_ends e2;                                                                                       \
            if (P##_check_io_(in, out, n) || P##_ends_of_(&e2, in, out, n, GPUSCAN_INCLUSIVE, P##_identity(),  \
                                                          NULL, NULL, 0) ||                                    \
                P##_scan_prepare_(&p2, &g2, &b2, GPUSCAN_INCLUSIVE, n, in, 1)) exit(1);                        \
        }, s, 2000);                                                                                           \
        const double alloc = plan.bytes ? ns_a_call([&](int) {                                                 \
            gpuscan_ws_ w;                                                                                     \
            if (gpuscan_workspace_alloc_(&w, plan.bytes, s) || gpuscan_workspace_free_(&w, s)) exit(1);        \
        }, s, 2000) : 0.0;                                                                                     \
        const double path = ns_a_call([&](int) {                                                               \
            if (P##_scan_launch_(&plan, grid, block, ws, &rounds, in, out, n, &ends, s)) exit(1);              \
        }, s);                                                                                                 \
        double bare = 0.0;                                                                                     \
        if (grid == GPUSCAN_GRID_LOOKBACK && !plan.cluster && plan.num_tiles > 1) {                            \
            const int dep = P##_CO_single_pass_dependent();                                                    \
            bare = ns_a_call([&](int) {                                                                        \
                gpuscan_states_ st;                                                                            \
                const size_t bytes = plan.flags_off + plan.state_units * plan.state_bytes;                     \
                (void)gpuscan_rounds_next_(&rounds, bytes, (unsigned)plan.state_bytes, ws + plan.flags_off, &st); \
                cudaLaunchConfig_t config;                                                                     \
                cudaLaunchAttribute attr;                                                                      \
                gpuscan_dependent_config_(&config, &attr, (unsigned)plan.num_tiles,                            \
                                          GPUSCAN_CO_THREADS(T), dep, s);                                      \
                CK(P##_CO_single_pass_launch(&config, &plan, ws, in, out, n, st, GPUSCAN_VIA_LOOKBACK,         \
                                             gpuscan_no_pace_(), &ends));                                      \
                gpuscan_rounds_keep_(&rounds, bytes, (unsigned)plan.state_bytes, &st, plan.num_tiles, 0);      \
            }, s);                                                                                             \
        }                                                                                                      \
        printf("%-8s 2^%-2d %-10s tiles %6zu | full %6.0f | prepare %5.0f alloc+free %5.0f launch path %6.0f |"  \
               " bare launch %6.0f | full - bare %5.0f\n", label, lg,                                          \
               grid == GPUSCAN_GRID_LOOKBACK ? (plan.cluster ? "cluster" : plan.num_tiles == 1 ? "one tile"     \
                                                                                             : "look-back")    \
                                             : "other", plan.num_tiles, full, prep, alloc, path, bare,         \
               bare > 0 ? full - bare : 0.0);                                                                  \
        CK(cudaFree(in));                                                                                      \
        CK(cudaFree(out));                                                                                     \
        if (ws) CK(cudaFree(ws));                                                                              \
    } while (0)

int main()
{
    cudaStream_t s = bench_probe_stream("host ns a call (200 issued without waiting, median of 9)");
    {
        int dev, cache[16] = {0}, cache2[16] = {0}, cache3[16] = {0};
        cudaStreamCaptureStatus cs;
        const void *k = (const void *)gpuscan_i32_add_CO_single_pass;
        printf("queries: cudaGetDevice %.0f, the library's current device %.0f, cudaStreamIsCapturing %.0f, "
               "device_info %.0f, pdl_supported %.0f, resident_blocks %.0f, cluster_tiles %.0f\n",
               ns_a_call([&](int) { (void)cudaGetDevice(&dev); }, s, 20000),
#ifndef HOST_PATH_BEFORE_CURRENT_DEVICE /* (built against headers without it) */
               ns_a_call([&](int) { (void)gpuscan_current_device_(&dev); }, s, 20000),
#else
               0.0,
#endif
               ns_a_call([&](int) { (void)cudaStreamIsCapturing(s, &cs); }, s, 20000),
               ns_a_call([&](int) { (void)gpuscan_device_info_(); }, s, 20000),
               ns_a_call([&](int) { (void)gpuscan_pdl_supported_(k, cache); }, s, 20000),
               ns_a_call([&](int) { (void)gpuscan_resident_blocks_(k, GPUSCAN_CO_THREADS(int32_t), cache2); }, s, 20000),
               ns_a_call([&](int) {
                   (void)gpuscan_cluster_tiles_((const void *)gpuscan_i32_add_CO_cluster, GPUSCAN_CO_THREADS(int32_t),
                                                cache3);
               }, s, 20000));
    }
    for (int round = 0; round < 2; ++round) {
        for (int lg : {12, 14, 18, 20, 22}) HOST_CASE_(gpuscan_i32_add, int32_t, "i32.add", lg);
        for (int lg : {14, 18, 20, 22}) HOST_CASE_(gpuscan_i64_add, int64_t, "i64.add", lg);
    }
    return 0;
}
