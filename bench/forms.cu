/* bench/forms.cu - what users call: the simple forms (gpuscan_<t>_<op>_inclusive, _reduce) beside
 * the _ex forms (workspace kept by the caller), CUB (temporary storage kept), Thrust, and a
 * device-to-device copy of the same bytes (a scan's ceiling), all in one run.
 *
 *   forms [--csv FILE] [--quick] [--min-log2 10] [--max-log2 30] [--cases i32.add,u8.add,i16.add,...]
 *         [--offset K]   (inputs and outputs K elements past a 16-byte boundary: unaligned data)
 *
 * Each call is timed three ways, medians throughout:
 *   event_us  CUDA events around one call, then a synchronization (the call alone);
 *   wall_us   the host's clock around the call and a stream synchronization: what a program
 *             that waits for each result sees, host-side work included;
 *   batch_us  per call of a batch of calls queued back to back (events around the batch).
 * Inputs are random; below 256 MiB the runs rotate over copies so that L2 does not hold them.
 * Every gpuscan result is compared with CUB's. */
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include <cub/cub.cuh>
#include <cuda/functional>
#include <thrust/execution_policy.h>
#include <thrust/iterator/reverse_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform_scan.h>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)
GPUSCAN_DEFINE_NAMED(f32, float, add)
GPUSCAN_DEFINE_NAMED(f64, double, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, add)
GPUSCAN_DEFINE_NAMED(i16, int16_t, add)
/* typed scans: flags into int32 offsets, float into double, a fused transform (squares) */
GPUSCAN_DEFINE_CONVERT(u8i32, uint8_t, int32_t, add)
GPUSCAN_DEFINE_CONVERT(f32f64, float, double, add)
static __host__ __device__ double square_of(float x, size_t) { return (double)x * x; }
GPUSCAN_DEFINE_TRANSFORM(f32sq, float, double, add, square_of)
/* reverse (suffix) scans */
GPUSCAN_DEFINE_REVERSE(i32, int32_t, add)
GPUSCAN_DEFINE_REVERSE(i64, int64_t, add)

static FILE *g_csv;
static bool g_quick;
static std::string g_head; /* device,driver,commit,date */

struct Times { double event_us, wall_us, batch_us; };
struct Row { std::string key, impl; int lg; Times t; bool ok; };
static std::vector<Row> g_rows;

/* fn(r) for the r-th call (r picks the input copy). */
template <class F> static Times measure(F fn, cudaStream_t s)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int w = 0; w < 3; ++w) fn(w);
    CK(cudaStreamSynchronize(s));
    float ms = 0;
    CK(cudaEventRecord(a, s));
    fn(0);
    CK(cudaEventRecord(b, s));
    CK(cudaEventSynchronize(b));
    CK(cudaEventElapsedTime(&ms, a, b));
    int reps = ms > 0 ? (int)(20.0 / ms) : 100;
    reps = std::max(5, std::min(g_quick ? 25 : 100, reps));
    std::vector<double> ev(reps), wall(reps), batch;
    for (int r = 0; r < reps; ++r) {
        CK(cudaEventRecord(a, s));
        fn(r);
        CK(cudaEventRecord(b, s));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        ev[r] = ms * 1e3;
    }
    for (int r = 0; r < reps; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        fn(r);
        CK(cudaStreamSynchronize(s));
        wall[r] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    }
    const int calls = (int)std::max(4.0, std::min(256.0, 2000.0 / std::max(1.0, bench_median(ev))));
    for (int k = 0; k < (g_quick ? 3 : 5); ++k) {
        CK(cudaEventRecord(a, s));
        for (int r = 0; r < calls; ++r) fn(r);
        CK(cudaEventRecord(b, s));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        batch.push_back(ms * 1e3 / calls);
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return {bench_median(ev), bench_median(wall), bench_median(batch)};
}

static void record(const std::string &key, const char *what, const char *impl, int lg, size_t elem, Times t, bool ok)
{
    g_rows.push_back({key + (what[0] == 'r' ? ".reduce" : ""), impl, lg, t, ok});
    if (g_csv)
        fprintf(g_csv, "%s,%s,%s,%s,%zu,%zu,%.3f,%.3f,%.3f,%s\n", g_head.c_str(), key.c_str(), what, impl,
                (size_t)1 << lg, elem, t.event_us, t.wall_us, t.batch_us, ok ? "ok" : "MISMATCH");
    printf("%-8s %-6s %-6s n=2^%-2d  alone %9.2f us  waited-for %9.2f us  back-to-back %9.2f us  %s\n", key.c_str(),
           what, impl, lg, t.event_us, t.wall_us, t.batch_us, ok ? "ok" : "MISMATCH");
    fflush(stdout);
}

__global__ void fill_random(uint32_t *p, size_t words, uint64_t seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = seed + i * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        p[i] = (uint32_t)(z ^ (z >> 31));
    }
}
__global__ void fill_unit(float *p, size_t n, uint64_t seed) /* [0, 1): sums stay finite */
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = (float)((seed + i * 2654435761u) % 1000003) / 1000003.0f;
}
template <class T> static void fill(T *d, size_t n, uint64_t seed)
{
    if constexpr (std::is_same<T, float>::value) fill_unit<<<1024, 256>>>(d, n, seed);
    else fill_random<<<1024, 256>>>((uint32_t *)d, (n * sizeof(T) + 3) / 4, seed);
    CK(cudaGetLastError());
}
/* 1-byte outputs leave a tail that fill_random may write past n: allocate whole words */
static size_t alloc_bytes(size_t bytes) { return (bytes + 3) & ~(size_t)3; }

/* A copy kernel on the SMs of the same bytes (bench_common.h; bench/ceiling has more ways of
 * moving them), as many blocks of 256 as are resident. */
template <class T> static void kernel_copy_on(const T *in, T *out, size_t n, cudaStream_t st)
{
    static int blocks = 0;
    if (!blocks) {
        int sms = 0, per = 0;
        CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, bench_copy_kernel<T>, 256, 0));
        blocks = sms * per;
    }
    bench_copy_kernel<T><<<blocks, 256, 0, st>>>(in, out, n);
    CK(cudaGetLastError());
}

template <class T> __global__ void count_bad(const T *a, const T *b, size_t n, double tol, unsigned long long *bad)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const double x = (double)a[i], y = (double)b[i];
        if (tol > 0 ? fabs(x - y) > tol * (fabs(x) + fabs(y) + 1.0) : a[i] != b[i]) atomicAdd(bad, 1ull);
    }
}
template <class T> static bool same(const T *a, const T *b, size_t n, double tol)
{
    unsigned long long *d, h = 0;
    CK(cudaMalloc(&d, sizeof *d));
    CK(cudaMemset(d, 0, sizeof *d));
    count_bad<T><<<1024, 256>>>(a, b, n, tol, d);
    CK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    return h == 0;
}

/* The stream every case runs on (non-blocking; created in main). */
static cudaStream_t s;

/* --offset: where the inputs and outputs start, in elements past their allocation. */
static size_t g_offset;
/* Inputs (random) and outputs of 2^lg + extra elements, as many copies as fill 256 MiB (so that
 * repeated calls do not find their input in L2), where `factor` times the bytes and 2 GiB fit in
 * free memory; false where they do not.  Each starts g_offset elements into its allocation (free
 * it with release). */
template <class T> static void release(T *p) { CK(cudaFree(p - g_offset)); }
template <class T>
static bool inputs(int lg, int factor, size_t extra, std::vector<T *> &in, std::vector<T *> &out)
{
    const size_t n = (size_t)1 << lg, bytes = n * sizeof(T);
    size_t free_b, total_b;
    CK(cudaMemGetInfo(&free_b, &total_b));
    if (factor * bytes + ((size_t)2 << 30) > free_b) return false;
    const int copies = bytes >= ((size_t)256 << 20) ? 1 : (int)std::min<size_t>(64, ((size_t)256 << 20) / bytes);
    in.assign(copies, nullptr);
    out.assign(copies, nullptr);
    for (int c = 0; c < copies; ++c) {
        CK(cudaMalloc(&in[c], alloc_bytes(bytes + (extra + g_offset) * sizeof(T))));
        CK(cudaMalloc(&out[c], alloc_bytes(bytes + (extra + g_offset) * sizeof(T))));
        fill(in[c], n + g_offset, 977ull * (c + 1) + lg); /* (from the allocation: fill writes words) */
        in[c] += g_offset, out[c] += g_offset;
    }
    return true;
}

/* gpuscan's _ex (its workspace `ws` kept; the caller frees it) and simple inclusive scans of in[]
 * into out[] (n elements of T out), each checked against ref. */
#define FORMS_GPUSCAN_INCLUSIVE_(name, T, TOL)                                                      \
    size_t ws_bytes = 0;                                                                            \
    gpuscan_##name##_add_scan_ex(NULL, &ws_bytes, NULL, NULL, n, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO, \
                                 GPUSCAN_BLOCK_AUTO, s);                                            \
    void *ws;                                                                                       \
    CK(cudaMalloc(&ws, ws_bytes));                                                                  \
    auto ex = [&](int r) { (void)gpuscan_##name##_add_scan_ex(ws, &ws_bytes, in[r % copies], out[r % copies], n, \
                               GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); };  \
    CK(cudaMemsetAsync(out[0], 0xFF, n * sizeof(T), s));                                            \
    ex(0);                                                                                          \
    CK(cudaStreamSynchronize(s));                                                                   \
    record(key, "scan", "ex", lg, sizeof(T), measure(ex, s), same(out[0], ref, n, TOL));            \
    auto simple = [&](int r) { (void)gpuscan_##name##_add_inclusive(in[r % copies], out[r % copies], n, s); }; \
    CK(cudaMemsetAsync(out[0], 0xFF, n * sizeof(T), s));                                            \
    simple(0);                                                                                      \
    CK(cudaStreamSynchronize(s));                                                                   \
    record(key, "scan", "simple", lg, sizeof(T), measure(simple, s), same(out[0], ref, n, TOL));

/* Scans (and, with reduce, reductions) of one type with add: every implementation at every size. */
#define FORMS_CASE(name, T, TOL)                                                                    \
    static void case_##name(int min_lg, int max_lg, bool reduce)                                    \
    {                                                                                               \
        for (int lg = min_lg; lg <= max_lg; lg += 2) {                                              \
            const size_t n = (size_t)1 << lg, bytes = n * sizeof(T);                                \
            std::vector<T *> in, out;                                                               \
            if (!inputs(lg, 3, 0, in, out)) break;                                                  \
            const int copies = (int)in.size();                                                      \
            T *ref, *res, *res_ref;                                                                 \
            CK(cudaMalloc(&ref, alloc_bytes(bytes)));                                               \
            CK(cudaMalloc(&res, 64 * sizeof(T)));                                                   \
            CK(cudaMalloc(&res_ref, sizeof(T)));                                                    \
            const std::string key = #name ".add";                                                   \
            auto copy = [&](int r) { CK(cudaMemcpyAsync(out[r % copies], in[r % copies], bytes, cudaMemcpyDeviceToDevice, s)); }; \
            record(key, "scan", "copy", lg, sizeof(T), measure(copy, s), true);                     \
            auto kcopy = [&](int r) { kernel_copy_on<T>(in[r % copies], out[r % copies], n, s); };  \
            if (g_offset == 0) /* (its 16-byte vectors need the alignment) */                        \
                record(key, "scan", "kcopy", lg, sizeof(T), measure(kcopy, s), same(out[0], in[0], n, 0)); \
            size_t cub_bytes = 0;                                                                   \
            CK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, in[0], ref, (int64_t)n, s));       \
            void *cub_ws;                                                                           \
            CK(cudaMalloc(&cub_ws, cub_bytes));                                                     \
            CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes, in[0], ref, (int64_t)n, s));        \
            auto cub = [&](int r) { CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes, in[r % copies], out[r % copies], (int64_t)n, s)); }; \
            record(key, "scan", "cub", lg, sizeof(T), measure(cub, s), true);                       \
            CK(cudaFree(cub_ws));                                                                   \
            auto thr = [&](int r) { thrust::inclusive_scan(thrust::cuda::par.on(s), in[r % copies], in[r % copies] + n, out[r % copies]); }; \
            record(key, "scan", "thrust", lg, sizeof(T), measure(thr, s), true);                    \
            FORMS_GPUSCAN_INCLUSIVE_(name, T, TOL)                                                  \
            if (reduce) {                                                                           \
                size_t rb = 0;                                                                      \
                CK(cub::DeviceReduce::Sum(nullptr, rb, in[0], res_ref, (int64_t)n, s));             \
                void *rws;                                                                          \
                CK(cudaMalloc(&rws, rb));                                                           \
                CK(cub::DeviceReduce::Sum(rws, rb, in[0], res_ref, (int64_t)n, s));                 \
                auto rcub = [&](int r) { CK(cub::DeviceReduce::Sum(rws, rb, in[r % copies], res + r % 64, (int64_t)n, s)); }; \
                record(key, "reduce", "cub", lg, sizeof(T), measure(rcub, s), true);                \
                CK(cudaFree(rws));                                                                  \
                /* thrust::reduce returns the sum to the host: its times include that copy */      \
                auto rthr = [&](int r) { volatile T v = thrust::reduce(thrust::cuda::par.on(s), in[r % copies], in[r % copies] + n, (T)0); (void)v; }; \
                record(key, "reduce", "thrust", lg, sizeof(T), measure(rthr, s), true);             \
                size_t xb = 0;                                                                      \
                gpuscan_##name##_add_reduce_ex(NULL, &xb, NULL, NULL, n, s);                        \
                void *xws;                                                                          \
                CK(cudaMalloc(&xws, xb));                                                           \
                auto rex = [&](int r) { (void)gpuscan_##name##_add_reduce_ex(xws, &xb, in[r % copies], res + r % 64, n, s); }; \
                rex(0);                                                                             \
                CK(cudaStreamSynchronize(s));                                                       \
                record(key, "reduce", "ex", lg, sizeof(T), measure(rex, s), same(res, res_ref, 1, TOL)); \
                CK(cudaFree(xws));                                                                  \
                auto rsim = [&](int r) { (void)gpuscan_##name##_add_reduce(in[r % copies], res + r % 64, n, s); }; \
                rsim(0);                                                                            \
                CK(cudaStreamSynchronize(s));                                                       \
                record(key, "reduce", "simple", lg, sizeof(T), measure(rsim, s), same(res, res_ref, 1, TOL)); \
            }                                                                                       \
            CK(cudaFree(ws));                                                                       \
            for (int c = 0; c < copies; ++c) { release(in[c]); release(out[c]); }                 \
            CK(cudaFree(ref));                                                                      \
            CK(cudaFree(res));                                                                      \
            CK(cudaFree(res_ref));                                                                  \
        }                                                                                           \
    }
FORMS_CASE(i32, int32_t, 0)
FORMS_CASE(i64, int64_t, 0)
FORMS_CASE(f32, float, 1e-3)
FORMS_CASE(f64, double, 1e-9)
FORMS_CASE(u8, uint8_t, 0)
FORMS_CASE(i16, int16_t, 0)

/* The ends of a scan (add): offsets (the exclusive scan as n + 1 values, the total also to a
 * cell) against CUB's ExclusiveSum of an input padded to n + 1, and the chained exclusive scan
 * (seed read from a device cell, total written to one) against CUB's ExclusiveScan with the seed
 * as a FutureValue (which writes no total); beside copy and gpuscan's plain exclusive scan. */
#define ENDS_CASE(name, T)                                                                          \
    static void case_ends_##name(int min_lg, int max_lg, bool)                                      \
    {                                                                                               \
        for (int lg = min_lg; lg <= max_lg; lg += 2) {                                              \
            const size_t n = (size_t)1 << lg, bytes = n * sizeof(T);                                \
            std::vector<T *> in, out;                                                               \
            if (!inputs(lg, 4, 1, in, out)) break; /* one more element: CUB's padding, out[n] */    \
            const int copies = (int)in.size();                                                      \
            for (int c = 0; c < copies; ++c) CK(cudaMemset(in[c] + n, 0, sizeof(T)));              \
            T *ref, *cells, seed = (T)12345;                                                        \
            CK(cudaMalloc(&ref, alloc_bytes(bytes + sizeof(T))));                                   \
            CK(cudaMalloc(&cells, 4 * sizeof(T)));                                                  \
            CK(cudaMemcpy(cells, &seed, sizeof(T), cudaMemcpyHostToDevice));                        \
            const std::string key = #name ".ends";                                                  \
            auto copy = [&](int r) { CK(cudaMemcpyAsync(out[r % copies], in[r % copies], bytes, cudaMemcpyDeviceToDevice, s)); }; \
            record(key, "scan", "copy", lg, sizeof(T), measure(copy, s), true);                     \
            size_t ws_bytes = 0, cub_bytes = 0, b2 = 0;                                             \
            gpuscan_##name##_add_offsets_ex(NULL, &ws_bytes, NULL, NULL, n, 0, NULL, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); \
            void *ws, *cub_ws;                                                                      \
            CK(cudaMalloc(&ws, ws_bytes));                                                          \
            auto plain = [&](int r) { (void)gpuscan_##name##_add_scan_ex(ws, &ws_bytes, in[r % copies], out[r % copies], n, \
                                          GPUSCAN_EXCLUSIVE, 0, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); }; \
            record(key, "scan", "ex_plain", lg, sizeof(T), measure(plain, s), true);                \
            CK(cub::DeviceScan::ExclusiveSum(nullptr, cub_bytes, in[0], ref, (int64_t)n + 1, s));   \
            CK(cub::DeviceScan::ExclusiveScan(nullptr, b2, in[0], ref, cuda::std::plus<T>(), cub::FutureValue<T>(cells), (int64_t)n, s)); \
            cub_bytes = std::max(cub_bytes, b2);                                                    \
            CK(cudaMalloc(&cub_ws, cub_bytes));                                                     \
            CK(cub::DeviceScan::ExclusiveSum(cub_ws, cub_bytes, in[0], ref, (int64_t)n + 1, s));    \
            auto cub_off = [&](int r) { CK(cub::DeviceScan::ExclusiveSum(cub_ws, cub_bytes, in[r % copies], out[r % copies], (int64_t)n + 1, s)); }; \
            record(key, "scan", "cub_offsets", lg, sizeof(T), measure(cub_off, s), true);          \
            auto ex_off = [&](int r) { (void)gpuscan_##name##_add_offsets_ex(ws, &ws_bytes, in[r % copies], out[r % copies], n, 0, \
                                           cells + 1, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); }; \
            CK(cudaMemsetAsync(out[0], 0xFF, bytes + sizeof(T), s));                                \
            ex_off(0);                                                                              \
            CK(cudaStreamSynchronize(s));                                                           \
            record(key, "scan", "ex_offsets", lg, sizeof(T), measure(ex_off, s), same(out[0], ref, n + 1, 0) && same(cells + 1, ref + n, 1, 0)); \
            auto si_off = [&](int r) { (void)gpuscan_##name##_add_offsets(in[r % copies], out[r % copies], n, 0, cells + 1, s); }; \
            CK(cudaMemsetAsync(out[0], 0xFF, bytes + sizeof(T), s));                                \
            si_off(0);                                                                              \
            CK(cudaStreamSynchronize(s));                                                           \
            record(key, "scan", "simple_offsets", lg, sizeof(T), measure(si_off, s), same(out[0], ref, n + 1, 0)); \
            CK(cub::DeviceScan::ExclusiveScan(cub_ws, cub_bytes, in[0], ref, cuda::std::plus<T>(), cub::FutureValue<T>(cells), (int64_t)n, s)); \
            auto cub_ch = [&](int r) { CK(cub::DeviceScan::ExclusiveScan(cub_ws, cub_bytes, in[r % copies], out[r % copies], cuda::std::plus<T>(), \
                                           cub::FutureValue<T>(cells), (int64_t)n, s)); };         \
            record(key, "scan", "cub_chained", lg, sizeof(T), measure(cub_ch, s), true);           \
            auto ex_ch = [&](int r) { (void)gpuscan_##name##_add_scan_chained_ex(ws, &ws_bytes, in[r % copies], out[r % copies], n, \
                                          GPUSCAN_EXCLUSIVE, cells, cells + 2, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); }; \
            CK(cudaMemsetAsync(out[0], 0xFF, bytes, s));                                            \
            ex_ch(0);                                                                               \
            CK(cudaStreamSynchronize(s));                                                           \
            record(key, "scan", "ex_chained", lg, sizeof(T), measure(ex_ch, s), same(out[0], ref, n, 0)); \
            auto si_ch = [&](int r) { (void)gpuscan_##name##_add_exclusive_chained(in[r % copies], out[r % copies], n, cells, cells + 2, s); }; \
            CK(cudaMemsetAsync(out[0], 0xFF, bytes, s));                                            \
            si_ch(0);                                                                               \
            CK(cudaStreamSynchronize(s));                                                           \
            record(key, "scan", "simple_chained", lg, sizeof(T), measure(si_ch, s), same(out[0], ref, n, 0)); \
            CK(cudaFree(ws));                                                                       \
            CK(cudaFree(cub_ws));                                                                   \
            for (int c = 0; c < copies; ++c) { release(in[c]); release(out[c]); }                 \
            CK(cudaFree(ref));                                                                      \
            CK(cudaFree(cells));                                                                    \
        }                                                                                           \
    }
ENDS_CASE(i32, int32_t)
ENDS_CASE(i64, int64_t)

static const Row *find(const std::string &key, const char *impl, int lg);
/* Typed scans (TIn in, T out): copy moves the same bytes (n TIn read + n T written, as a copy of
 * half of them), CUB's InclusiveSum and Thrust's transform_inclusive_scan read the input through
 * a transform iterator of the same conversion. */
struct ConvertTo32 { __host__ __device__ int32_t operator()(uint8_t x) const { return x; } };
struct ConvertTo64 { __host__ __device__ double operator()(float x) const { return x; } };
struct SquareTo64 { __host__ __device__ double operator()(float x) const { return (double)x * x; } };
__global__ void fill_flags(uint8_t *p, size_t n, uint64_t seed) /* 0/1, about one in three set */
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = ((seed + i * 0x9E3779B97F4A7C15ull) >> 40) % 3 == 0;
}
#define TYPED_CASE(name, TIn, T, Functor, TOL)                                                      \
    static void case_typed_##name(int min_lg, int max_lg, bool)                                     \
    {                                                                                               \
        for (int lg = min_lg; lg <= max_lg; lg += 2) {                                              \
            const size_t n = (size_t)1 << lg, moved = n * (sizeof(TIn) + sizeof(T));                \
            std::vector<TIn *> in, ign;                                                             \
            if (!inputs(lg, 2 + (int)(3 * sizeof(T) / sizeof(TIn)), 0, in, ign)) break;             \
            const int copies = (int)in.size();                                                      \
            for (int c = 0; c < copies; ++c) {                                                      \
                release(ign[c]);                                                                    \
                if (std::is_same<TIn, uint8_t>::value) fill_flags<<<1024, 256>>>((uint8_t *)in[c], n, 31ull * c + lg); \
            }                                                                                       \
            std::vector<T *> out(copies);                                                           \
            for (int c = 0; c < copies; ++c) { /* (at the offset, as inputs() places them) */      \
                CK(cudaMalloc(&out[c], alloc_bytes((n + g_offset) * sizeof(T))));                   \
                out[c] += g_offset;                                                                 \
            }                                                                                       \
            T *ref;                                                                                 \
            CK(cudaMalloc(&ref, alloc_bytes(n * sizeof(T))));                                       \
            const std::string key = #name ".typed";                                                 \
            std::vector<char *> src(copies); /* the copy's sources: as many bytes as it writes */   \
            for (int c = 0; c < copies; ++c) CK(cudaMalloc(&src[c], moved / 2));                   \
            auto copy = [&](int r) { CK(cudaMemcpyAsync((char *)out[r % copies], src[r % copies], moved / 2, \
                                                        cudaMemcpyDeviceToDevice, s)); };           \
            record(key, "scan", "copy", lg, sizeof(T), measure(copy, s), true);                     \
            for (int c = 0; c < copies; ++c) CK(cudaFree(src[c]));                                  \
            size_t cub_bytes = 0;                                                                   \
            auto it0 = thrust::make_transform_iterator(in[0], Functor());                           \
            CK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, it0, ref, (int64_t)n, s));         \
            void *cub_ws;                                                                           \
            CK(cudaMalloc(&cub_ws, cub_bytes));                                                     \
            CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes, it0, ref, (int64_t)n, s));          \
            auto cub = [&](int r) { CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes,             \
                           thrust::make_transform_iterator(in[r % copies], Functor()), out[r % copies], (int64_t)n, s)); }; \
            record(key, "scan", "cub", lg, sizeof(T), measure(cub, s), true);                       \
            CK(cudaFree(cub_ws));                                                                   \
            auto thr = [&](int r) { thrust::transform_inclusive_scan(thrust::cuda::par.on(s), in[r % copies], \
                                        in[r % copies] + n, out[r % copies], Functor(), cuda::std::plus<T>()); }; \
            record(key, "scan", "thrust", lg, sizeof(T), measure(thr, s), true);                    \
            FORMS_GPUSCAN_INCLUSIVE_(name, T, TOL)                                                  \
            CK(cudaFree(ws));                                                                       \
            for (int c = 0; c < copies; ++c) { release(in[c]); release(out[c]); }                 \
            CK(cudaFree(ref));                                                                      \
        }                                                                                           \
    }
TYPED_CASE(u8i32, uint8_t, int32_t, ConvertTo32, 0)
TYPED_CASE(f32f64, float, double, ConvertTo64, 1e-9)
TYPED_CASE(f32sq, float, double, SquareTo64, 1e-9)

/* Reverse (suffix) inclusive scans beside the forward scan of the same build, copy and CUB's
 * InclusiveSum through reverse iterators (reads and writes back to front). */
#define REVERSE_CASE(name, T)                                                                       \
    static void case_reverse_##name(int min_lg, int max_lg, bool)                                   \
    {                                                                                               \
        for (int lg = min_lg; lg <= max_lg; lg += 2) {                                              \
            const size_t n = (size_t)1 << lg, bytes = n * sizeof(T);                                \
            std::vector<T *> in, out;                                                               \
            if (!inputs(lg, 3, 0, in, out)) break;                                                  \
            const int copies = (int)in.size();                                                      \
            T *ref;                                                                                 \
            CK(cudaMalloc(&ref, alloc_bytes(bytes)));                                               \
            const std::string key = #name ".rev";                                                   \
            auto copy = [&](int r) { CK(cudaMemcpyAsync(out[r % copies], in[r % copies], bytes, cudaMemcpyDeviceToDevice, s)); }; \
            record(key, "scan", "copy", lg, sizeof(T), measure(copy, s), true);                     \
            size_t cub_bytes = 0;                                                                   \
            auto rin = [&](int c) { return thrust::make_reverse_iterator(in[c] + n); };             \
            auto rout = [&](T *o) { return thrust::make_reverse_iterator(o + n); };                 \
            CK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, rin(0), rout(ref), (int64_t)n, s)); \
            void *cub_ws;                                                                           \
            CK(cudaMalloc(&cub_ws, cub_bytes));                                                     \
            CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes, rin(0), rout(ref), (int64_t)n, s)); \
            auto cub = [&](int r) { CK(cub::DeviceScan::InclusiveSum(cub_ws, cub_bytes, rin(r % copies), \
                                                                    rout(out[r % copies]), (int64_t)n, s)); }; \
            record(key, "scan", "cub", lg, sizeof(T), measure(cub, s), true);                       \
            CK(cudaFree(cub_ws));                                                                   \
            size_t ws_bytes = 0;                                                                    \
            gpuscan_##name##_add_scan_ex(NULL, &ws_bytes, NULL, NULL, n, GPUSCAN_INCLUSIVE, 0,      \
                                         GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s);                 \
            size_t rev_bytes = 0;                                                                   \
            gpuscan_##name##_add_reverse_scan_ex(NULL, &rev_bytes, NULL, NULL, n, GPUSCAN_INCLUSIVE, 0, \
                                                 GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s);         \
            void *ws;                                                                               \
            ws_bytes = std::max(ws_bytes, rev_bytes);                                               \
            CK(cudaMalloc(&ws, ws_bytes));                                                          \
            auto fwd = [&](int r) { (void)gpuscan_##name##_add_scan_ex(ws, &ws_bytes, in[r % copies], out[r % copies], n, \
                                        GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); }; \
            record(key, "scan", "forward_ex", lg, sizeof(T), measure(fwd, s), true);                \
            auto ex = [&](int r) { (void)gpuscan_##name##_add_reverse_scan_ex(ws, &ws_bytes, in[r % copies], \
                                       out[r % copies], n, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, s); }; \
            CK(cudaMemsetAsync(out[0], 0xFF, bytes, s));                                            \
            ex(0);                                                                                  \
            CK(cudaStreamSynchronize(s));                                                           \
            record(key, "scan", "ex", lg, sizeof(T), measure(ex, s), same(out[0], ref, n, 0));      \
            auto simple = [&](int r) { (void)gpuscan_##name##_add_reverse_inclusive(in[r % copies], out[r % copies], n, s); }; \
            CK(cudaMemsetAsync(out[0], 0xFF, bytes, s));                                            \
            simple(0);                                                                              \
            CK(cudaStreamSynchronize(s));                                                           \
            record(key, "scan", "simple", lg, sizeof(T), measure(simple, s), same(out[0], ref, n, 0)); \
            CK(cudaFree(ws));                                                                       \
            for (int c = 0; c < copies; ++c) { release(in[c]); release(out[c]); }                 \
            CK(cudaFree(ref));                                                                      \
        }                                                                                           \
    }
REVERSE_CASE(i32, int32_t)
REVERSE_CASE(i64, int64_t)

/* A table of five timings a case and size: copy, CUB, a third (Thrust, or the forward scan), _ex
 * and simple; ratios: copy over _ex, CUB over simple, the third over simple (or, third_over_ex, over
 * _ex). */
static void summary_five(const char *title, std::initializer_list<const char *> keys, const char *third,
                         const char *third_ratio, bool third_over_ex, const char *footnote, int max_lg)
{
    bool any = false;
    for (const char *k : keys)
        for (int lg = 10; lg <= max_lg; ++lg) {
            const Row *cp = find(k, "copy", lg), *cu = find(k, "cub", lg), *th = find(k, third, lg),
                      *ex = find(k, "ex", lg), *si = find(k, "simple", lg);
            if (!cp || !cu || !th || !ex || !si) continue;
            if (!any)
                printf("\n==== %s (median us) ====\n%-13s %-5s | %8s %8s %8s %8s %8s | %7s %7s %7s\n", title, "case", "n",
                       "copy", "cub", third, "ex", "simple", "ex/cp", "cub/sim", third_ratio);
            any = true;
            printf("%-13s 2^%-3d | %8.2f %8.2f %8.2f %8.2f %8.2f | %7.3f %6.2fx %7.3f %s\n", k, lg, cp->t.event_us,
                   cu->t.event_us, th->t.event_us, ex->t.event_us, si->t.event_us, cp->t.event_us / ex->t.event_us,
                   cu->t.event_us / si->t.event_us, th->t.event_us / (third_over_ex ? ex : si)->t.event_us,
                   ex->ok && si->ok ? "ok" : "MISMATCH");
        }
    if (any) printf("%s\n", footnote);
}
static void summary_typed(int max_lg)
{
    summary_five("typed scans (TIn in, T out) vs CUB and Thrust through a transform iterator",
                 {"u8i32.typed", "f32f64.typed", "f32sq.typed"}, "thrust", "thr/sim", false,
                 "(copy: a device-to-device copy of n*(sizeof(TIn) + sizeof(T))/2 bytes, the same bytes moved; ex/cp: copy's\n"
                 " time over _ex's; cub/sim, thr/sim: CUB's and Thrust's time over the simple form's.)", max_lg);
}
static void summary_reverse(int max_lg)
{
    summary_five("reverse (suffix) inclusive scans vs the forward scan, CUB through reverse iterators and copy",
                 {"i32.rev", "i64.rev"}, "forward_ex", "fwd/ex", true,
                 "(fwd/ex: the forward scan's time over the reverse one's (1: as fast); cub/sim: CUB's time over the\n"
                 " simple form's.)", max_lg);
}

static const Row *find(const std::string &key, const char *impl, int lg)
{
    for (auto &r : g_rows)
        if (r.key == key && r.impl == impl && r.lg == lg) return &r;
    return nullptr;
}

/* The ends' table: offsets and chained scans beside their CUB equivalents, copy and the plain
 * exclusive scan. */
static void summary_ends(int max_lg)
{
    bool any = false;
    for (const char *k : {"i32.ends", "i64.ends"})
        for (int lg : {10, 14, 18, 22, 26, 28, 30}) {
            if (lg > max_lg) continue;
            const Row *cp = find(k, "copy", lg), *pl = find(k, "ex_plain", lg), *co = find(k, "cub_offsets", lg),
                      *eo = find(k, "ex_offsets", lg), *so = find(k, "simple_offsets", lg), *cc = find(k, "cub_chained", lg),
                      *ec = find(k, "ex_chained", lg), *sc = find(k, "simple_chained", lg);
            if (!cp || !pl || !co || !eo || !so || !cc || !ec || !sc) continue;
            if (!any)
                printf("\n==== offsets (n + 1 values and the total) and chained exclusive scans vs CUB (median us) ====\n"
                       "%-9s %-5s | %8s %8s | %8s %8s %8s | %8s %8s %8s | %7s %7s %7s %7s\n", "case", "n", "copy", "plain",
                       "cub off", "ex off", "sim off", "cub ch", "ex ch", "sim ch", "off/cp", "cub/off", "cub/ch", "off/pl");
            any = true;
            printf("%-9s 2^%-3d | %8.2f %8.2f | %8.2f %8.2f %8.2f | %8.2f %8.2f %8.2f | %7.3f %6.2fx %6.2fx %7.3f %s\n", k, lg,
                   cp->t.event_us, pl->t.event_us, co->t.event_us, eo->t.event_us, so->t.event_us, cc->t.event_us,
                   ec->t.event_us, sc->t.event_us, cp->t.event_us / eo->t.event_us, co->t.event_us / so->t.event_us,
                   cc->t.event_us / sc->t.event_us, pl->t.event_us / eo->t.event_us,
                   eo->ok && so->ok && ec->ok && sc->ok ? "ok" : "MISMATCH");
        }
    if (any)
        printf("(off: offsets, ch: chained exclusive; plain: gpuscan's exclusive _ex of the same n; cub/off, cub/ch: CUB's\n"
               " time over the simple form's; off/pl: the plain scan's time over offsets_ex's (1: the ends cost nothing).)\n");
}

/* The ceilings: the device-to-device copy beside a copy kernel on the SMs of the same bytes (kcopy),
 * and _ex against both. */
static void summary_ceiling(int max_lg)
{
    bool any = false;
    for (const char *k : {"i32.add", "i64.add", "f32.add", "f64.add", "u8.add", "i16.add"})
        for (int lg = 10; lg <= max_lg; ++lg) {
            const Row *cp = find(k, "copy", lg), *kc = find(k, "kcopy", lg), *ex = find(k, "ex", lg);
            if (!cp || !kc || !ex) continue;
            if (!any)
                printf("\n==== ceilings: the copy and a copy kernel of the same bytes (median us) ====\n"
                       "%-13s %-5s | %8s %8s %8s | %7s %7s %7s\n", "case", "n", "copy", "kernel", "ex", "ker/cp", "ex/cp", "ex/ker");
            any = true;
            printf("%-13s 2^%-3d | %8.2f %8.2f %8.2f | %7.3f %7.3f %7.3f\n", k, lg, cp->t.event_us, kc->t.event_us,
                   ex->t.event_us, cp->t.event_us / kc->t.event_us, cp->t.event_us / ex->t.event_us,
                   kc->t.event_us / ex->t.event_us);
        }
    if (any)
        printf("(kernel: a copy kernel on the SMs, 16-byte vectors, streamed; ker/cp: copy's time over its; the typed\n"
               " scans' mixes of reads and writes: bench/ceiling.)\n");
}

/* The table docs/performance.md opens with: per case and size, the median time of each
 * implementation (alone, then waited for), and how the forms users call compare. */
static void summary(int max_lg)
{
    printf("\n==== what users call: gpuscan simple and _ex forms vs CUB, Thrust and copy (median us) ====\n");
    printf("%-14s %-5s | %8s %8s %8s %8s %8s | %7s %7s %7s | %8s %8s %8s\n", "case", "n", "copy", "cub", "thrust",
           "ex", "simple", "ex/cp", "cub/sim", "sim/ex", "b2b cub", "b2b ex", "b2b sim");
    const char *keys[] = {"i32.add", "i64.add", "f32.add", "f64.add", "u8.add", "i16.add", "i32.add.reduce"};
    for (const char *k : keys)
        for (int lg : {10, 14, 18, 22, 26, 28, 30}) {
            if (lg == 28 && find(k, "simple", 30)) continue; /* the largest of 2^28 / 2^30 */
            if (lg > max_lg) continue;
            const std::string base = std::string(k).substr(0, 7);
            const Row *cp = find(base, "copy", lg), *cu = find(k, "cub", lg), *th = find(k, "thrust", lg),
                      *ex = find(k, "ex", lg), *si = find(k, "simple", lg);
            if (!cp || !cu || !ex || !si) continue;
            printf("%-14s 2^%-3d | %8.2f %8.2f %8.2f %8.2f %8.2f | %7.3f %6.2fx %7.3f | %8.2f %8.2f %8.2f %s\n", k, lg,
                   cp->t.event_us, cu->t.event_us, th ? th->t.event_us : -1.0, ex->t.event_us, si->t.event_us,
                   cp->t.event_us / ex->t.event_us, cu->t.event_us / si->t.event_us, si->t.event_us / ex->t.event_us,
                   cu->t.batch_us, ex->t.batch_us, si->t.batch_us, ex->ok && si->ok ? "ok" : "MISMATCH");
        }
    printf("(alone: CUDA events around one call, then a synchronization; ex/cp: copy's time over _ex's; cub/sim: CUB's\n"
           " time over the simple form's (>1: gpuscan faster); sim/ex: simple over _ex; b2b: back to back, per call.\n"
           " Reduce rows: copy is that of the scan (n read + n written), Thrust's includes its copy of the result to the host.)\n");
}

int main(int argc, char **argv)
{
    const char *csv = nullptr, *cases = nullptr;
    int min_lg = 10, max_lg = 30;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--quick")) g_quick = true;
        else if (!strcmp(argv[i], "--offset") && i + 1 < argc) g_offset = (size_t)atol(argv[++i]);
        else if (!strcmp(argv[i], "--cases") && i + 1 < argc) cases = argv[++i];
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc) min_lg = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_lg = atoi(argv[++i]);
    }
    int count = 0, drv = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) { printf("forms: no CUDA device\n"); return 1; }
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    CK(cudaDriverGetVersion(&drv));
    const char *commit = getenv("GPUSCAN_COMMIT");
    char date[32], head[256];
    time_t now = time(nullptr);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    snprintf(head, sizeof head, "%s,%d,%s,%s", p.name, drv, commit ? commit : "unknown", date);
    g_head = head;
    printf("forms on %s (driver %d, %d SMs, L2 %d MiB), commit %s, %s\n", p.name, drv, p.multiProcessorCount,
           p.l2CacheSize >> 20, commit ? commit : "unknown", date);
    if (g_offset) printf("inputs and outputs %zu element(s) into their allocations (no copy kernel)\n", g_offset);
    bench_warm_up(1000);
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    if (csv) {
        g_csv = fopen(csv, "w");
        fprintf(g_csv, "device,driver,commit,date,case,what,impl,n,elem_bytes,event_us,wall_us,batch_us,check\n");
    }
    struct { const char *key; void (*fn)(int, int, bool); bool reduce; } k[] = {
        {"i32.add", case_i32, true}, {"i64.add", case_i64, true}, {"f32.add", case_f32, true},
        {"f64.add", case_f64, true}, {"u8.add", case_u8, true}, {"i16.add", case_i16, true},
        {"i32.ends", case_ends_i32, false}, {"i64.ends", case_ends_i64, false},
        {"u8i32.typed", case_typed_u8i32, false}, {"f32f64.typed", case_typed_f32f64, false},
        {"f32sq.typed", case_typed_f32sq, false},
        {"i32.rev", case_reverse_i32, false}, {"i64.rev", case_reverse_i64, false}};
    for (auto &c : k)
        if (!cases || strstr(cases, c.key)) c.fn(min_lg, max_lg, c.reduce);
    summary(max_lg);
    summary_ends(max_lg);
    summary_typed(max_lg);
    summary_reverse(max_lg);
    summary_ceiling(max_lg);
    if (g_csv) fclose(g_csv);
    return 0;
}
