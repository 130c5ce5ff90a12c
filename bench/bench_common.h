/* bench/bench_common.h - what the benchmark programs share. */
#ifndef GPUSCAN_BENCH_COMMON_H
#define GPUSCAN_BENCH_COMMON_H
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <vector>
#include <algorithm>

/* Every CUDA call is checked; a failure ends the program with its location. */
#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));      \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

/* Copies of 256 MiB for about `copies` x 80 us (H100), so that clocks and memory are up before the
 * first measured row. */
static inline void bench_warm_up(int copies)
{
    void *a, *b;
    const size_t bytes = (size_t)256 << 20;
    CK(cudaMalloc(&a, bytes));
    CK(cudaMalloc(&b, bytes));
    for (int i = 0; i < copies; ++i) CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    CK(cudaFree(a));
    CK(cudaFree(b));
}

/* A benchmark's start: device 0's properties, the CSV (`csv_path` NULL: none) with its header line,
 * and the title line (the device's name first). */
static inline FILE *bench_start(const char *csv_path, const char *csv_header, const char *title, cudaDeviceProp *prop)
{
    CK(cudaGetDeviceProperties(prop, 0));
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv) fprintf(csv, "%s\n", csv_header);
    printf("%s: %s\n", prop->name, title);
    return csv;
}

static inline double bench_median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
/* us a call of fn(r) (r counts the calls: it picks an input copy), on stream s after 20 warm-up
 * calls: alone, events around one call, the median of 200; back to back, events around 20 calls,
 * per call, the median of 15. */
template <class F> static double bench_timed(F fn, cudaStream_t s, bool b2b)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    int r = 0;
    for (int w = 0; w < 20; ++w) fn(r++);
    CK(cudaStreamSynchronize(s));
    std::vector<double> ev;
    const int reps = b2b ? 15 : 200, calls = b2b ? 20 : 1;
    for (int i = 0; i < reps; ++i) {
        float ms;
        CK(cudaEventRecord(a, s));
        for (int c = 0; c < calls; ++c) fn(r++);
        CK(cudaEventRecord(b, s));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        ev.push_back(ms * 1e3 / calls);
    }
    CK(cudaGetLastError());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return bench_median(ev);
}

#ifdef CUB_VERSION /* (where the program included CUB first) */
/* us a call of CUB's DeviceScan::InclusiveSum (its temporary storage kept, allocated before the
 * timing) over inputs rotating as bench_timed's calls count, alone or back to back. */
template <class T>
static double bench_cub_inclusive_sum(const std::vector<T *> &in, const std::vector<T *> &out, size_t n, cudaStream_t s,
                                      bool b2b)
{
    size_t bytes = 0;
    void *temp;
    CK(cub::DeviceScan::InclusiveSum(nullptr, bytes, in[0], out[0], (int)n, s));
    CK(cudaMalloc(&temp, bytes));
    const double t = bench_timed([&](int r) {
        size_t b = bytes;
        CK(cub::DeviceScan::InclusiveSum(temp, b, in[r % in.size()], out[r % out.size()], (int)n, s));
    }, s, b2b);
    CK(cudaFree(temp));
    return t;
}
#endif

#ifdef __CUDACC__
/* A global timeline (%globaltimer, ns: one clock for all SMs) of a clocked scan's tiles: when each
 * claimed, had loaded, knew its prefix and was done. */
struct Stamps { unsigned long long claim, loaded, prefix, done; };
static __device__ __forceinline__ unsigned long long global_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}
/* The timeline of one clocked scan (`what`: its name, or ""), in us from the first claim: per eighth
 * of the tiles (in tile order), the median claim, and the median and latest moment their loads ended,
 * their prefix was known and they ended. */
static inline void bench_timeline(const char *what, const Stamps *dst, size_t tiles)
{
    std::vector<Stamps> h(tiles);
    CK(cudaMemcpy(h.data(), dst, tiles * sizeof(Stamps), cudaMemcpyDeviceToHost));
    unsigned long long t0 = ~0ull;
    for (auto &s : h) t0 = std::min(t0, s.claim);
    auto us = [&](unsigned long long t) { return (t - t0) / 1000.0; };
    printf("  %s%stimeline (us from the first claim): tiles | claim p50 | loaded p50 max | prefix p50 max | done p50 max\n",
           what, *what ? " " : "");
    const size_t parts = tiles >= 8 ? 8 : 1;
    for (size_t p = 0; p < parts; ++p) {
        size_t a = tiles * p / parts, b = tiles * (p + 1) / parts;
        std::vector<double> c, l, x, d;
        for (size_t t = a; t < b; ++t)
            c.push_back(us(h[t].claim)), l.push_back(us(h[t].loaded)), x.push_back(us(h[t].prefix)),
                d.push_back(us(h[t].done));
        for (auto *v : {&c, &l, &x, &d}) std::sort(v->begin(), v->end());
        size_t m = c.size() / 2;
        printf("    %6zu-%-6zu | %6.2f | %6.2f %6.2f | %6.2f %6.2f | %6.2f %6.2f\n", a, b - 1, c[m], l[m],
               l.back(), x[m], x.back(), d[m], d.back());
    }
}

/* A copy on the SMs: each thread takes vectors v, v + stride, ... of `vecs` (stride: the grid's
 * threads), U loads in flight before their stores; V the vector read (16 bytes for a plain copy,
 * fewer for a widening one), `put(i, x)` writes vector i's value.  Loads and stores stream. */
template <int U, class V, class Put> __device__ void bench_stream_copy(const V *in, size_t vecs, Put put)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < vecs; v += stride * U) {
        V raw[U];
#pragma unroll
        for (int u = 0; u < U; ++u)
            if (v + u * stride < vecs) raw[u] = __ldcs(in + v + u * stride);
#pragma unroll
        for (int u = 0; u < U; ++u)
            if (v + u * stride < vecs) put(v + u * stride, raw[u]);
    }
}
/* n elements of T copied as 16-byte vectors (the tail element by element). */
template <class T, int U = 4> __global__ void __launch_bounds__(256) bench_copy_kernel(const T *in, T *out, size_t n)
{
    enum { K = 16 / sizeof(T) };
    bench_stream_copy<U>((const uint4 *)in, n / K, [&](size_t i, uint4 x) { __stcs((uint4 *)out + i, x); });
    if (blockIdx.x == 0 && threadIdx.x < n % K) out[n / K * K + threadIdx.x] = in[n / K * K + threadIdx.x];
}
#endif

#endif
