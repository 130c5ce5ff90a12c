/* examples/nccl_scan.cu - one int32 scan across every GPU of the machine (gpuscan_nccl.cuh), one
 * thread a GPU, and what it costs:
 *
 *   nccl_scan [log2 n a GPU = 28] [log2 n in all = 31]
 *
 * weak scaling: n a GPU (int32; int64 at half the n) on 1, 2, 4, ... GPUs against the scan of the
 * same shard on one GPU alone, after the parts of it on one GPU (the reduce of the shard, the scan);
 * strong scaling: n in all split evenly; the floor: one element a GPU (the all-gather and the
 * launches).  Times: CUDA events around each call on each rank, the median of each rank, the
 * slowest rank's.  Each run checks the last rank's last element against the reductions of the shards.
 * Run with NCCL_NVLS_ENABLE=0 where the machine asks for NVLink multicast to stay off. */
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <thread>
#include <vector>
#include "gpuscan_nccl.cuh"

GPUSCAN_DEFINE_NCCL(i32, int32_t, add)
GPUSCAN_DEFINE_NCCL(i64, int64_t, add)

/* The calls measured, by element type: S::across (the scan across ranks), S::scan and S::reduce
 * (on one GPU). */
#define CALLS(S, P, type, label)                                                                    \
    struct S {                                                                                      \
        typedef type T;                                                                             \
        static const char *name() { return label; }                                                 \
        static gpuscan_status across(const T *i, T *o, size_t n, ncclComm_t c, cudaStream_t s)      \
        {                                                                                           \
            return gpuscan_##P##_add_nccl_inclusive(i, o, n, c, s);                                 \
        }                                                                                           \
        static gpuscan_status scan(const T *i, T *o, size_t n, cudaStream_t s)                      \
        {                                                                                           \
            return gpuscan_##P##_add_inclusive(i, o, n, s);                                         \
        }                                                                                           \
        static gpuscan_status reduce(const T *i, T *o, size_t n, cudaStream_t s)                    \
        {                                                                                           \
            return gpuscan_##P##_add_reduce(i, o, n, s);                                            \
        }                                                                                           \
    };
CALLS(I32, i32, int32_t, "int32")
CALLS(I64, i64, int64_t, "int64")

#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));             \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

template <class T> static __global__ void fill(T *p, size_t n, uint64_t seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = (seed + i) * 0x9E3779B97F4A7C15ull;
        p[i] = (T)((z ^ (z >> 31)) & 0xFFFF); /* small, random, never all zero */
    }
}

/* Median microseconds of `reps` calls of f on one stream (events around each, after 3 warm-ups). */
template <class F> static double median_us(F f, cudaStream_t s, int reps)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    std::vector<float> t;
    for (int r = 0; r < reps + 3; ++r) {
        CK(cudaEventRecord(a, s));
        f();
        CK(cudaEventRecord(b, s));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 3) t.push_back(ms);
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    std::sort(t.begin(), t.end());
    return 1e3 * t[t.size() / 2];
}

/* One scan of `per` elements on each of `k` GPUs: the slowest rank's median; *ok: the check. */
template <class O> static double across(int k, size_t per, int reps, int *ok)
{
    typedef typename O::T T;
    std::vector<ncclComm_t> comms(k);
    std::vector<int> devs(k);
    for (int r = 0; r < k; ++r) devs[r] = r;
    if (ncclCommInitAll(comms.data(), k, devs.data()) != ncclSuccess) {
        fprintf(stderr, "ncclCommInitAll(%d) failed\n", k);
        exit(1);
    }
    std::vector<double> us(k);
    std::vector<T> last(k), shard_sum(k);
    std::vector<int> good(k, 1);
    std::vector<std::thread> th;
    for (int r = 0; r < k; ++r)
        th.emplace_back([&, r] {
            CK(cudaSetDevice(r));
            cudaStream_t s;
            CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
            T *in, *out, *sum;
            CK(cudaMalloc(&in, per * sizeof(T)));
            CK(cudaMalloc(&out, per * sizeof(T)));
            CK(cudaMalloc(&sum, sizeof(T)));
            fill<<<1024, 256>>>(in, per, 77 + (uint64_t)r * per);
            CK(cudaDeviceSynchronize());
            gpuscan_status st = GPUSCAN_SUCCESS;
            us[r] = median_us([&] { st = O::across(in, out, per, comms[r], s); }, s, reps);
            if (st != GPUSCAN_SUCCESS) {
                fprintf(stderr, "rank %d: %s\n", r, gpuscan_nccl_status_string(st));
                good[r] = 0;
            }
            CK(cudaStreamSynchronize(s));
            if (O::reduce(in, sum, per, s) != GPUSCAN_SUCCESS) exit(1);
            CK(cudaMemcpyAsync(&last[r], out + per - 1, sizeof(T), cudaMemcpyDeviceToHost, s));
            CK(cudaMemcpyAsync(&shard_sum[r], sum, sizeof(T), cudaMemcpyDeviceToHost, s));
            CK(cudaStreamSynchronize(s));
            CK(cudaFree(in));
            CK(cudaFree(out));
            CK(cudaFree(sum));
            CK(cudaStreamDestroy(s));
        });
    for (auto &t : th) t.join();
    for (auto c : comms) ncclCommDestroy(c);
    uint64_t total = 0; /* wraps as the scan does */
    for (int r = 0; r < k; ++r) total += (uint64_t)shard_sum[r];
    *ok = (T)total == last[k - 1];
    for (int r = 0; r < k; ++r) *ok &= good[r];
    return *std::max_element(us.begin(), us.end());
}

/* The same shard on GPU 0 alone: the scan weak scaling is measured against (*reduce_us: the
 * reduction of it, the part the scan across GPUs adds). */
template <class O> static double alone(size_t per, double *reduce_us)
{
    typedef typename O::T T;
    CK(cudaSetDevice(0));
    T *in, *out;
    CK(cudaMalloc(&in, per * sizeof(T)));
    CK(cudaMalloc(&out, per * sizeof(T)));
    fill<<<1024, 256>>>(in, per, 77);
    CK(cudaDeviceSynchronize());
    double us = median_us([&] { O::scan(in, out, per, 0); }, 0, 20);
    if (reduce_us) *reduce_us = median_us([&] { O::reduce(in, out, per, 0); }, 0, 20);
    CK(cudaFree(in));
    CK(cudaFree(out));
    return us;
}

static const char *verdict(int ok) { return ok ? "ok" : "WRONG"; }

/* Weak scaling: `per` a GPU on each k against the shard alone; first the parts on one GPU. */
template <class O> static void weak(const std::vector<int> &ks, size_t per)
{
    int ok;
    double red;
    const double one = alone<O>(per, &red);
    printf("%-8s %-6s %5d %14zu %12.1f %12.1f %9.3f %s (the reduce of the shard alone; ratio: (reduce + scan) / scan, the design's bound without the exchange)\n",
           "parts", O::name(), 1, per, red, one, (red + one) / one, "-");
    for (int k : ks) {
        double us = across<O>(k, per, 20, &ok);
        printf("%-8s %-6s %5d %14zu %12.1f %12.1f %9.3f %s\n", "weak", O::name(), k, per, us, one, us / one, verdict(ok));
    }
}

int main(int argc, char **argv)
{
    const int weak_lg = argc > 1 ? atoi(argv[1]) : 28, strong_lg = argc > 2 ? atoi(argv[2]) : 31;
    int gpus = 0, ok;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        printf("nccl_scan: no CUDA device\n");
        return 0;
    }
    std::vector<int> ks;
    for (int k = 1; k <= gpus; k *= 2) ks.push_back(k);
    if (ks.back() != gpus) ks.push_back(gpus);
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("%d x %s; times: the slowest rank's median (us)\n", gpus, prop.name);
    printf("%-8s %-6s %5s %14s %12s %12s %9s %s\n", "scaling", "type", "GPUs", "n a GPU", "us", "1 GPU us", "ratio", "check");
    weak<I32>(ks, (size_t)1 << weak_lg);
    weak<I64>(ks, (size_t)1 << (weak_lg - 1));
    const size_t all = (size_t)1 << strong_lg;
    const double whole = alone<I32>(all, NULL);
    for (int k : ks) {
        double us = across<I32>(k, all / (size_t)k, 10, &ok);
        printf("%-8s %-6s %5d %14zu %12.1f %12.1f %9.3f %s (efficiency: 1 GPU's time / (k x this))\n", "strong", "int32",
               k, all / (size_t)k, us, whole, whole / (k * us), verdict(ok));
    }
    for (int k : ks) {
        double us = across<I32>(k, 1, 50, &ok);
        printf("%-8s %-6s %5d %14d %12.1f %12s %9s %s\n", "floor", "int32", k, 1, us, "-", "-", verdict(ok));
    }
    return 0;
}
