// bench/launch_probe.cu - what one launch costs when timed alone (events around one call) and on
// the host: a plain launch, a thread-block cluster launched with cudaLaunchKernelEx, a kernel with
// __cluster_dims__, and a memset before a launch.  Not built by CMake (a one-off probe; bench/NOTES.md
// step 15):  nvcc -O2 -std=c++17 -arch=sm_90 bench/launch_probe.cu -o launch_probe && ./launch_probe
#include <cstdio>
#include <vector>
#include <algorithm>
#include <chrono>
#include <cuda_runtime.h>
__global__ void k_plain(int *p) { if (threadIdx.x == 0) p[blockIdx.x] += 1; }
__global__ void k_ex(int *p) { if (threadIdx.x == 0) p[blockIdx.x] += 1; }
__global__ void __cluster_dims__(4, 1, 1) k_dims(int *p) { if (threadIdx.x == 0) p[blockIdx.x] += 1; }
__global__ void __cluster_dims__(16, 1, 1) k_dims16(int *p) { if (threadIdx.x == 0) p[blockIdx.x] += 1; }
template <class F> void run(const char *name, F f) {
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    std::vector<double> ev, host;
    for (int i = 0; i < 20; ++i) f();
    cudaDeviceSynchronize();
    for (int i = 0; i < 300; ++i) {
        cudaEventRecord(a);
        auto t0 = std::chrono::steady_clock::now();
        f();
        auto t1 = std::chrono::steady_clock::now();
        cudaEventRecord(b); cudaEventSynchronize(b);
        float ms; cudaEventElapsedTime(&ms, a, b);
        ev.push_back(ms * 1000); host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    std::sort(ev.begin(), ev.end()); std::sort(host.begin(), host.end());
    printf("%-34s events median %6.2f us   host launch call median %6.2f us  err=%s\n", name, ev[150], host[150], cudaGetErrorString(cudaGetLastError()));
}
int main() {
    int *p; cudaMalloc(&p, 64 * sizeof(int));
    cudaFuncSetAttribute(k_ex, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    cudaFuncSetAttribute(k_dims16, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    run("plain <<<4,256>>>", [&] { k_plain<<<4, 256>>>(p); });
    run("plain <<<16,256>>>", [&] { k_plain<<<16, 256>>>(p); });
    for (int c : {2, 4, 16}) {
        char name[64]; snprintf(name, 64, "cudaLaunchKernelEx cluster %d", c);
        run(name, [&] {
            cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at = {};
            cfg.gridDim = dim3(c); cfg.blockDim = dim3(256);
            at.id = cudaLaunchAttributeClusterDimension; at.val.clusterDim.x = c; at.val.clusterDim.y = 1; at.val.clusterDim.z = 1;
            cfg.attrs = &at; cfg.numAttrs = 1;
            cudaLaunchKernelEx(&cfg, k_ex, p);
        });
    }
    run("cudaLaunchKernelEx no attrs 4", [&] { cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(4); cfg.blockDim = dim3(256); cudaLaunchKernelEx(&cfg, k_plain, p); });
    run("__cluster_dims__(4) <<<4,256>>>", [&] { k_dims<<<4, 256>>>(p); });
    run("__cluster_dims__(16) <<<16,256>>>", [&] { k_dims16<<<16, 256>>>(p); });
    run("memset 256B + plain <<<4>>>", [&] { cudaMemsetAsync(p, 0, 256); k_plain<<<4, 256>>>(p); });
    return 0;
}
