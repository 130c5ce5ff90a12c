/* bench/bench_common.h - what the benchmark programs share. */
#ifndef GPUSCAN_BENCH_COMMON_H
#define GPUSCAN_BENCH_COMMON_H
#include <cstdio>
#include <cstdlib>

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

#ifdef __CUDACC__
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
