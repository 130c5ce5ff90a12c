/* examples/nccl_scan.cu - one int32 scan across every GPU of the machine (gpuscan_nccl.cuh), one
 * thread a GPU, and what it costs:
 *
 *   nccl_scan [log2 n a GPU = 28] [log2 n in all = 31]
 *
 * weak scaling: n a GPU on 1, 2, 4, ... GPUs against the scan of the same shard on one GPU alone;
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

#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));             \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

static __global__ void fill(int32_t *p, size_t n, uint64_t seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = (seed + i) * 0x9E3779B97F4A7C15ull;
        p[i] = (int32_t)((z ^ (z >> 31)) & 0xFFFF); /* small, random, never all zero */
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
static double across(int k, size_t per, int reps, int *ok)
{
    std::vector<ncclComm_t> comms(k);
    std::vector<int> devs(k);
    for (int r = 0; r < k; ++r) devs[r] = r;
    if (ncclCommInitAll(comms.data(), k, devs.data()) != ncclSuccess) {
        fprintf(stderr, "ncclCommInitAll(%d) failed\n", k);
        exit(1);
    }
    std::vector<double> us(k);
    std::vector<int32_t> last(k), shard_sum(k);
    std::vector<std::thread> th;
    for (int r = 0; r < k; ++r)
        th.emplace_back([&, r] {
            CK(cudaSetDevice(r));
            cudaStream_t s;
            CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
            int32_t *in, *out, *sum;
            CK(cudaMalloc(&in, per * sizeof(int32_t)));
            CK(cudaMalloc(&out, per * sizeof(int32_t)));
            CK(cudaMalloc(&sum, sizeof(int32_t)));
            fill<<<1024, 256>>>(in, per, 77 + (uint64_t)r * per);
            CK(cudaDeviceSynchronize());
            gpuscan_status st = GPUSCAN_SUCCESS;
            us[r] = median_us([&] { st = gpuscan_i32_add_nccl_inclusive(in, out, per, comms[r], s); }, s, reps);
            if (st != GPUSCAN_SUCCESS) fprintf(stderr, "rank %d: %s\n", r, gpuscan_nccl_status_string(st));
            CK(cudaStreamSynchronize(s));
            if (gpuscan_i32_add_reduce(in, sum, per, s) != GPUSCAN_SUCCESS) exit(1);
            CK(cudaMemcpyAsync(&last[r], out + per - 1, sizeof(int32_t), cudaMemcpyDeviceToHost, s));
            CK(cudaMemcpyAsync(&shard_sum[r], sum, sizeof(int32_t), cudaMemcpyDeviceToHost, s));
            CK(cudaStreamSynchronize(s));
            CK(cudaFree(in));
            CK(cudaFree(out));
            CK(cudaFree(sum));
            CK(cudaStreamDestroy(s));
        });
    for (auto &t : th) t.join();
    for (auto c : comms) ncclCommDestroy(c);
    uint32_t total = 0;
    for (int r = 0; r < k; ++r) total += (uint32_t)shard_sum[r];
    *ok = (int32_t)total == last[k - 1];
    return *std::max_element(us.begin(), us.end());
}

/* The same shard scanned on GPU 0 alone (the single-GPU scan weak scaling is measured against). */
static double alone(size_t per)
{
    CK(cudaSetDevice(0));
    int32_t *in, *out;
    CK(cudaMalloc(&in, per * sizeof(int32_t)));
    CK(cudaMalloc(&out, per * sizeof(int32_t)));
    fill<<<1024, 256>>>(in, per, 77);
    CK(cudaDeviceSynchronize());
    double us = median_us([&] { gpuscan_i32_add_inclusive(in, out, per, 0); }, 0, 20);
    CK(cudaFree(in));
    CK(cudaFree(out));
    return us;
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
    printf("%-8s %5s %14s %12s %12s %9s %s\n", "scaling", "GPUs", "n a GPU", "us", "1 GPU us", "ratio", "check");
    const size_t per = (size_t)1 << weak_lg;
    const double one = alone(per);
    for (int k : ks) {
        double us = across(k, per, 20, &ok);
        printf("%-8s %5d %14zu %12.1f %12.1f %9.3f %s\n", "weak", k, per, us, one, us / one, ok ? "ok" : "WRONG");
    }
    const size_t all = (size_t)1 << strong_lg;
    const double whole = alone(all);
    for (int k : ks) {
        double us = across(k, all / (size_t)k, 10, &ok);
        printf("%-8s %5d %14zu %12.1f %12.1f %9.3f %s (efficiency: 1 GPU's time / (k x this))\n", "strong", k,
               all / (size_t)k, us, whole, whole / (k * us), ok ? "ok" : "WRONG");
    }
    for (int k : ks) {
        double us = across(k, 1, 50, &ok);
        printf("%-8s %5d %14d %12.1f %12s %9s %s\n", "floor", k, 1, us, "-", "-", ok ? "ok" : "WRONG");
    }
    return 0;
}
