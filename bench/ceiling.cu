/* bench/ceiling.cu - what a kernel on the SMs can move, beside the device-to-device copy: the
 * ceilings a scan's loads and stores can reach, each way of moving bytes the scans use or could.
 *
 *   ceiling [--csv FILE] [--min-log2 26] [--max-log2 30]     (n: 4-byte elements; bytes = 4n)
 *
 *   memcpy     cudaMemcpyAsync device to device (what docs/performance.md calls copy)
 *   ldst       16-byte loads and stores from registers, 4 loads in flight a thread, streamed
 *   ldst8      the same, 8 in flight
 *   tma_st     bulk asynchronous copies into shared memory (mbarrier), then 16-byte stores from
 *              registers (the ring's way: cp.async.bulk in, st.global out)
 *   tma_tma    bulk copies in, and bulk copies out of shared memory (cp.async.bulk ... bulk_group)
 *   *_rev      the same back to front: ldst's vectors, the bulk kernels' chunks in descending order
 *              (a reverse scan's order)
 *   ldst_pf    ldst with a 256-byte L2 prefetch hint on the loads (ld.global.nc...L2::256B)
 *   ldst_wb    ldst with plain (write-back) stores instead of streamed ones
 *   widen      uint8 -> int32 (n bytes read, 4n written): 4-byte loads, 16-byte stores
 *   widen2     float -> double (4n read, 8n written): 8-byte loads, 16-byte stores
 *   twiden(2)  the same widenings with bulk copies in and 16-byte stores out (the typed ring's way)
 *   twiden(2)_b  bulk copies in and out, widened between two shared stages
 *   read       reads only: 16-byte loads, 8 in flight, folded by xor (a word a block written)
 *   write      writes only: 16-byte streamed stores of a pattern
 *   memset     cudaMemsetAsync of the output
 * read and write give a model of a mix: r bytes read and w written take at least r/R + w/W (the
 * memory's bus turns between them), checked against memcpy, printed for each mix above.
 * Medians of CUDA-event timings after warm-up; inputs random; every copy checked. */
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include "gpuscan.cuh"
#include "bench_common.h"

/* Widening: each thread reads K elements of TIn (one small vector) and writes them as one 16-byte
 * vector of T: coalesced on both sides. */
template <class TIn, class T, class V, int U>
__global__ void __launch_bounds__(256) k_widen(const TIn *in, T *out, size_t n)
{
    enum { K = 16 / sizeof(T) };
    static_assert(sizeof(V) == K * sizeof(TIn), "one V holds K inputs");
    bench_stream_copy<U>((const V *)in, n / K, [&](size_t i, V raw) {
        TIn x[K];
        T y[K];
        memcpy(x, &raw, sizeof x);
#pragma unroll
        for (int k = 0; k < K; ++k) y[k] = (T)x[k];
        uint4 w;
        memcpy(&w, y, 16);
        __stcs((uint4 *)out + i, w);
    });
}

__global__ void __launch_bounds__(256) k_read(const uint4 *in, size_t vecs, unsigned *sink)
{
    unsigned acc = 0;
    bench_stream_copy<8>(in, vecs, [&](size_t, uint4 x) { acc ^= x.x ^ x.y ^ x.z ^ x.w; });
    for (int off = 16; off > 0; off >>= 1) acc ^= __shfl_xor_sync(0xffffffffu, acc, off);
    if ((threadIdx.x & 31u) == 0) atomicXor(sink + blockIdx.x, acc);
}
__global__ void __launch_bounds__(256) k_write(uint4 *out, size_t vecs)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < vecs; v += stride) {
        const unsigned x = (unsigned)v;
        __stcs(out + v, make_uint4(x, x + 1, x + 2, x + 3));
    }
}

/* ldst's copy with one change each: REV visits the vectors back to front, PF loads with a 256-byte
 * L2 prefetch hint, WB stores without the streaming hint. */
enum { AS_REV = 1, AS_PF = 2, AS_WB = 3 };
static __device__ __forceinline__ uint4 load_prefetching(const uint4 *p)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    uint4 r;
    asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p));
    return r;
#else
    return __ldcs(p); /* no prefetch sizes before sm_80 */
#endif
}
template <int AS> __global__ void __launch_bounds__(256) k_copy_as(const uint4 *in, uint4 *out, size_t vecs)
{
    enum { U = 4 };
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < vecs; v += stride * U) {
        uint4 raw[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t i = v + u * stride, j = AS == AS_REV ? vecs - 1 - i : i;
            if (i < vecs) raw[u] = AS == AS_PF ? load_prefetching(in + j) : __ldcs(in + j);
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const size_t i = v + u * stride, j = AS == AS_REV ? vecs - 1 - i : i;
            if (i >= vecs) continue;
            if (AS == AS_WB) out[j] = raw[u];
            else __stcs(out + j, raw[u]);
        }
    }
}

/* A bulk copy of `bytes` from shared to global memory, in the thread's current bulk group (sm_90;
 * a trap elsewhere - the host runs these kernels only there). */
static __device__ __forceinline__ void bulk_store(void *dst, const void *src, unsigned bytes)
{
#if GPUSCAN_ASYNC_COPY_
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst),
                 "r"(gpuscan_shared_addr_(src)), "r"(bytes) : "memory");
#else
    (void)dst, (void)src, (void)bytes;
    __trap();
#endif
}

#define STAGES 4
#define CHUNK 16384u
/* Bulk copies: one thread keeps STAGES chunks of CHUNK bytes in flight into shared memory; with
 * BULK_OUT it writes each landed chunk out by a bulk copy too, else the block stores it from
 * registers (16-byte vectors) and a block barrier hands the stage back.  REV: chunks in
 * descending order. */
template <int BULK_OUT, int REV> __global__ void __launch_bounds__(512) k_tma(const char *in, char *out, size_t chunks)
{
    extern __shared__ uint4 stage[];
    __shared__ unsigned long long full[STAGES];
    const size_t first = blockIdx.x, step = gridDim.x;
    const size_t mine = first < chunks ? (chunks - first + step - 1) / step : 0;
    auto at = [&](size_t k) { const size_t c = first + k * step; return (REV ? chunks - 1 - c : c) * CHUNK; };
    if (threadIdx.x < STAGES) gpuscan_mbar_init_(&full[threadIdx.x], 1), gpuscan_mbar_init_fence_();
    __syncthreads();
    char *st = (char *)stage;
    if (threadIdx.x == 0)
        for (size_t k = 0; k < mine && k < STAGES; ++k) gpuscan_bulk_load_(st + k * CHUNK, in + at(k), CHUNK, &full[k]);
    for (size_t k = 0; k < mine; ++k) {
        const unsigned s = (unsigned)(k % STAGES);
        char *dst = out + at(k);
        if (BULK_OUT) {
            if (threadIdx.x != 0) break;
            gpuscan_mbar_wait_(&full[s], (unsigned)(k / STAGES) & 1u);
            bulk_store(dst, st + s * CHUNK, CHUNK);
            GPUSCAN_SM90_ASM_("cp.async.bulk.commit_group;");
            if (k >= 1 && k - 1 + STAGES < mine) { /* the store before has left its stage */
                GPUSCAN_SM90_ASM_("cp.async.bulk.wait_group.read 1;");
                const unsigned p = (unsigned)((k - 1) % STAGES);
                gpuscan_bulk_load_(st + p * CHUNK, in + at(k - 1 + STAGES), CHUNK, &full[p]);
            }
        } else {
            gpuscan_mbar_wait_(&full[s], (unsigned)(k / STAGES) & 1u);
            const uint4 *src = (const uint4 *)(st + s * CHUNK);
            for (unsigned i = threadIdx.x; i < CHUNK / 16; i += blockDim.x) __stcs((uint4 *)dst + i, src[i]);
            __syncthreads();
            if (threadIdx.x == 0 && k + STAGES < mine)
                gpuscan_bulk_load_(st + s * CHUNK, in + at(k + STAGES), CHUNK, &full[s]);
        }
    }
    if (BULK_OUT && threadIdx.x == 0) GPUSCAN_SM90_ASM_("cp.async.bulk.wait_group 0;");
}

/* Widening with bulk copies in: STAGES chunks of CIN input bytes in flight, each landed chunk
 * widened by the block into 16-byte vectors of T - stored from registers, or (BULK_OUT) into one of
 * two output stages that a bulk copy writes out. */
template <class TIn, class T, unsigned CIN, int BULK_OUT>
__global__ void __launch_bounds__(512) k_tma_widen(const TIn *in, T *out, size_t chunks)
{
    enum { E = CIN / sizeof(TIn), COUT = E * sizeof(T), K = 16 / sizeof(T) };
    extern __shared__ uint4 stage[];
    __shared__ unsigned long long full[STAGES];
    const size_t first = blockIdx.x, step = gridDim.x;
    const size_t mine = first < chunks ? (chunks - first + step - 1) / step : 0;
    char *sin = (char *)stage, *sout = sin + STAGES * CIN;
    if (threadIdx.x < STAGES) gpuscan_mbar_init_(&full[threadIdx.x], 1), gpuscan_mbar_init_fence_();
    __syncthreads();
    if (threadIdx.x == 0)
        for (size_t k = 0; k < mine && k < STAGES; ++k)
            gpuscan_bulk_load_(sin + k * CIN, in + (first + k * step) * E, CIN, &full[k]);
    for (size_t k = 0; k < mine; ++k) {
        const unsigned s = (unsigned)(k % STAGES);
        const TIn *src = (const TIn *)(sin + s * CIN);
        T *dst = out + (first + k * step) * E;
        uint4 *o = (uint4 *)(sout + (k & 1u) * COUT);
        if (BULK_OUT) {
            if (threadIdx.x == 0 && k >= 2) GPUSCAN_SM90_ASM_("cp.async.bulk.wait_group.read 1;");
            __syncthreads(); /* the store of chunk k - 2 has left this output stage */
        }
        gpuscan_mbar_wait_(&full[s], (unsigned)(k / STAGES) & 1u);
        for (unsigned v = threadIdx.x; v < COUT / 16; v += blockDim.x) {
            TIn x[K];
            T y[K];
            memcpy(x, src + v * K, sizeof x);
#pragma unroll
            for (int j = 0; j < K; ++j) y[j] = (T)x[j];
            uint4 w;
            memcpy(&w, y, 16);
            if (BULK_OUT) o[v] = w;
            else __stcs((uint4 *)dst + v, w);
        }
        if (BULK_OUT) GPUSCAN_SM90_ASM_("fence.proxy.async.shared::cta;"); /* seen by the bulk copy */
        __syncthreads();
        if (threadIdx.x == 0) {
            if (BULK_OUT) {
                bulk_store(dst, o, COUT);
                GPUSCAN_SM90_ASM_("cp.async.bulk.commit_group;");
            }
            if (k + STAGES < mine) gpuscan_bulk_load_(sin + s * CIN, in + (first + (k + STAGES) * step) * E, CIN, &full[s]);
        }
    }
    if (BULK_OUT && threadIdx.x == 0) GPUSCAN_SM90_ASM_("cp.async.bulk.wait_group 0;");
}

__global__ void fill_random(uint32_t *p, size_t words, uint64_t seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = seed + i * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        p[i] = (uint32_t)(z ^ (z >> 29));
    }
}
template <class F> static double median_us(F fn)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int w = 0; w < 3; ++w) fn();
    std::vector<double> t;
    for (int r = 0; r < 21; ++r) {
        float ms;
        CK(cudaEventRecord(a));
        fn();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1e3);
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}
template <class K> static int resident(K kernel, int threads, size_t smem)
{
    int sms = 0, per = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, threads, smem));
    return sms * std::max(per, 1);
}

/* A widening copy of n elements TIn -> T by `launch` (in, out: device buffers), checked on the host,
 * as a row. */
template <class TIn, class T, class Row, class Launch>
static void widen_row(const char *name, const char *in, char *out, size_t n, Row row, Launch launch)
{
    CK(cudaMemset(out, 0, n * sizeof(T)));
    launch();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<TIn> hi(n);
    std::vector<T> ho(n);
    CK(cudaMemcpy(hi.data(), in, n * sizeof(TIn), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ho.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (size_t i = 0; i < n; ++i) ok &= ho[i] == (T)hi[i] || (hi[i] != hi[i] && ho[i] != ho[i]);
    row(name, n * (sizeof(TIn) + sizeof(T)), median_us(launch), ok);
}
/* The widenings of TIn -> T: 16-byte stores from registers after small loads (V: K inputs), and
 * (sm_90) bulk copies in of chunks of CIN bytes, stores or bulk copies out. */
template <class TIn, class T, class V, unsigned CIN, class Row>
static void widen_rows(const char *name, bool bulk, const char *in, char *out, size_t n, Row row)
{
    const TIn *x = (const TIn *)in;
    T *y = (T *)out;
    const int g = resident(k_widen<TIn, T, V, 8>, 256, 0);
    widen_row<TIn, T>(name, in, out, n, row, [&] { k_widen<TIn, T, V, 8><<<g, 256>>>(x, y, n); });
    if (!bulk) return;
    enum { E = CIN / sizeof(TIn) };
    const size_t smem_st = STAGES * CIN, smem_b = smem_st + 2 * E * sizeof(T);
    CK(cudaFuncSetAttribute(k_tma_widen<TIn, T, CIN, 0>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem_st));
    CK(cudaFuncSetAttribute(k_tma_widen<TIn, T, CIN, 1>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem_b));
    const int gs = resident(k_tma_widen<TIn, T, CIN, 0>, 512, smem_st);
    const int gb = resident(k_tma_widen<TIn, T, CIN, 1>, 512, smem_b);
    std::string t = std::string("t") + name, tb = t + "_b";
    widen_row<TIn, T>(t.c_str(), in, out, n, row, [&] { k_tma_widen<TIn, T, CIN, 0><<<gs, 512, smem_st>>>(x, y, n / E); });
    widen_row<TIn, T>(tb.c_str(), in, out, n, row, [&] { k_tma_widen<TIn, T, CIN, 1><<<gb, 512, smem_b>>>(x, y, n / E); });
}

int main(int argc, char **argv)
{
    const char *csv = nullptr;
    int min_lg = 26, max_lg = 30;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc) min_lg = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_lg = atoi(argv[++i]);
    }
    cudaDeviceProp p;
    int drv = 0;
    CK(cudaGetDeviceProperties(&p, 0));
    CK(cudaDriverGetVersion(&drv));
    const char *commit = getenv("GPUSCAN_COMMIT");
    char date[32];
    time_t now = time(nullptr);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    FILE *f = csv ? fopen(csv, "w") : nullptr;
    if (f) fprintf(f, "device,driver,commit,date,impl,n,bytes_moved,event_us,of_memcpy\n");
    printf("ceiling on %s (driver %d), commit %s, %s\n", p.name, drv, commit ? commit : "unknown", date);
    bench_warm_up(500);
    const size_t smem = STAGES * CHUNK;
    CK(cudaFuncSetAttribute(k_tma<0, 0>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(k_tma<1, 0>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(k_tma<0, 1>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(k_tma<1, 1>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    printf("%-8s %-5s | %10s %10s | %8s %9s\n", "impl", "n", "us", "GB/s", "of cpy", "check");
    for (int lg = min_lg; lg <= max_lg; lg += 2) {
        const size_t n = (size_t)1 << lg, bytes = 4 * n;
        char *in, *out;
        CK(cudaMalloc(&in, 2 * bytes));
        CK(cudaMalloc(&out, 2 * bytes));
        fill_random<<<1024, 256>>>((uint32_t *)in, 2 * bytes / 4, 12345 + lg);
        CK(cudaGetLastError());
        double base = 0; /* memcpy's GB/s */
        auto row = [&](const char *impl, size_t moved, double us, bool ok) {
            const double gbs = moved / us / 1e3;
            if (!base) base = gbs;
            printf("%-8s 2^%-3d | %10.2f %10.1f | %8.3f %9s\n", impl, lg, us, gbs, gbs / base, ok ? "ok" : "MISMATCH");
            if (f) fprintf(f, "%s,%d,%s,%s,%s,%zu,%zu,%.3f,%.4f\n", p.name, drv, commit ? commit : "unknown", date, impl, n, moved, us, gbs / base);
        };
        auto same = [&](size_t b) {
            std::vector<char> h1(b), h2(b);
            CK(cudaMemcpy(h1.data(), in, b, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(h2.data(), out, b, cudaMemcpyDeviceToHost));
            return memcmp(h1.data(), h2.data(), b) == 0;
        };
        row("memcpy", 2 * bytes, median_us([&] { CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); }), true);
        const size_t vecs = bytes / 16;
        auto check_copy = [&](auto fn) { CK(cudaMemset(out, 0, bytes)); fn(); CK(cudaDeviceSynchronize()); return same(bytes); };
        {
            const int g = resident(bench_copy_kernel<uint32_t, 4>, 256, 0);
            auto fn = [&] { bench_copy_kernel<uint32_t, 4><<<g, 256>>>((const uint32_t *)in, (uint32_t *)out, bytes / 4); };
            bool ok = check_copy(fn);
            row("ldst", 2 * bytes, median_us(fn), ok);
        }
        {
            const int g = resident(bench_copy_kernel<uint32_t, 8>, 256, 0);
            auto fn = [&] { bench_copy_kernel<uint32_t, 8><<<g, 256>>>((const uint32_t *)in, (uint32_t *)out, bytes / 4); };
            bool ok = check_copy(fn);
            row("ldst8", 2 * bytes, median_us(fn), ok);
        }
        /* ldst with one change (back to front; prefetch hint; write-back stores) */
        auto copy_as = [&](const char *impl, auto kernel) {
            const int g = resident(kernel, 256, 0);
            auto fn = [&] { kernel<<<g, 256>>>((const uint4 *)in, (uint4 *)out, vecs); };
            bool ok = check_copy(fn);
            row(impl, 2 * bytes, median_us(fn), ok);
        };
        copy_as("ldst_rev", k_copy_as<AS_REV>);
        copy_as("ldst_pf", k_copy_as<AS_PF>);
        copy_as("ldst_wb", k_copy_as<AS_WB>);
        if (p.major >= 9) { /* bulk copies: sm_90 */
            auto tma = [&](const char *impl, auto kernel, int threads) {
                const int g = resident(kernel, threads, smem);
                auto fn = [&] { kernel<<<g, threads, smem>>>(in, out, bytes / CHUNK); };
                bool ok = check_copy(fn);
                row(impl, 2 * bytes, median_us(fn), ok);
            };
            tma("tma_st", k_tma<0, 0>, 512);
            tma("tma_tma", k_tma<1, 0>, 32);
            tma("tma_st_rev", k_tma<0, 1>, 512);
            tma("tma_tma_rev", k_tma<1, 1>, 32);
        }
        widen_rows<uint8_t, int32_t, uint32_t, 4096>("widen", p.major >= 9, in, out, bytes / 4, row);
        widen_rows<float, double, uint2, 8192>("widen2", p.major >= 9, in, out, bytes / 8, row);
        double read_gbs = 0, write_gbs = 0, memcpy_gbs = base;
        {
            unsigned *sink;
            const int g = resident(k_read, 256, 0);
            CK(cudaMalloc(&sink, g * sizeof(unsigned)));
            CK(cudaMemset(sink, 0, g * sizeof(unsigned)));
            auto fn = [&] { k_read<<<g, 256>>>((const uint4 *)in, vecs, sink); };
            const double us = median_us(fn);
            read_gbs = bytes / us / 1e3;
            row("read", bytes, us, true);
            CK(cudaFree(sink));
        }
        {
            const int g = resident(k_write, 256, 0);
            auto fn = [&] { k_write<<<g, 256>>>((uint4 *)out, vecs); };
            fn();
            CK(cudaDeviceSynchronize());
            std::vector<uint32_t> h(16);
            CK(cudaMemcpy(h.data(), out + bytes - 64, 64, cudaMemcpyDeviceToHost));
            const double us = median_us(fn);
            write_gbs = bytes / us / 1e3;
            row("write", bytes, us, h[15] == (uint32_t)(vecs - 1) + 3);
        }
        row("memset", bytes, median_us([&] { CK(cudaMemsetAsync(out, 0x5a, bytes)); }), true);
        /* the model: r/R + w/W, as a share of memcpy's rate for the same bytes */
        for (int mix = 0; mix < 3; ++mix) {
            const double r = 1, w = mix == 0 ? 1 : mix == 1 ? 4 : 2;
            const double gbs = (r + w) / (r / read_gbs + w / write_gbs);
            printf("model    2^%-3d | read:write 1:%.0f  %8.1f GB/s  %8.3f of memcpy (%s)\n", lg, w, gbs,
                   gbs / memcpy_gbs, mix == 0 ? "copy" : mix == 1 ? "uint8 -> int32" : "float -> double");
        }
        CK(cudaFree(in));
        CK(cudaFree(out));
    }
    printf("(GB/s: bytes read + written over time; of cpy: the row's GB/s over memcpy's.)\n");
    if (f) fclose(f);
    return 0;
}
