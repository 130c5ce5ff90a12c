/* compact.cu - stream compaction: the elements that pass a test, packed to the front of a new
 * array in their order.  Three steps: a 0/1 flag per element, the flags' exclusive scan (where
 * each kept element goes, and how many are kept), a scatter.
 *   compact [seed] */
#include <stdio.h>
#include <stdlib.h>
#include "gpuscan.cuh"
#include "example_check.h"

/* uint8 flags read as uint32: a quarter of the bytes of int flags, and the running count does
 * not wrap at 255 as a uint8 scan would.  uint32 offsets count up to 2^32 - 1 kept elements. */
GPUSCAN_DEFINE_CONVERT(flags, uint8_t, uint32_t, add)

static __host__ __device__ int keep(int x) { return x > 0; } /* the test: any predicate */

static __global__ void flag_kernel(const int *in, uint8_t *flags, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) flags[i] = (uint8_t)keep(in[i]);
}

/* pos[i] counts the kept elements before i, which is exactly where element i goes. */
static __global__ void scatter_kernel(const int *in, const uint8_t *flags, const uint32_t *pos, int *out, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n && flags[i]) out[pos[i]] = in[i];
}

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 23;
    uint64_t seed = example_seed(argc, argv), rng = seed;
    int *h_in = (int *)malloc(n * sizeof(int)), *h_ref = (int *)malloc(n * sizeof(int));
    int *h_out = (int *)malloc(n * sizeof(int));
    if (!h_in || !h_ref || !h_out) { fprintf(stderr, "compact: out of host memory\n"); return 1; }
    for (size_t i = 0; i < n; ++i) h_in[i] = (int32_t)(uint32_t)next_random(&rng);

    int *d_in, *d_out;
    uint8_t *d_flags;
    uint32_t *d_pos, *d_kept;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_flags, n));
    CUDA_CHECK(cudaMalloc(&d_pos, (n + 1) * sizeof(uint32_t))); /* n + 1: the last one is the count */
    CUDA_CHECK(cudaMalloc(&d_kept, sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
    /* poisoned, so that anything the scan or the scatter fails to write shows */
    CUDA_CHECK(cudaMemset(d_out, 0xFF, n * sizeof(int)));
    CUDA_CHECK(cudaMemset(d_pos, 0xFF, (n + 1) * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_kept, 0xFF, sizeof(uint32_t)));

    unsigned blocks = (unsigned)((n + 255) / 256);
    flag_kernel<<<blocks, 256>>>(d_in, d_flags, n);
    CUDA_CHECK(cudaGetLastError());
    /* offsets: the exclusive scan as n + 1 values, d_pos[n] == *d_kept the count, so the flags
     * need no padding element for the total */
    SCAN_CHECK(gpuscan_flags_add_offsets(d_flags, d_pos, n, 0u, d_kept, 0));
    scatter_kernel<<<blocks, 256>>>(d_in, d_flags, d_pos, d_out, n);
    CUDA_CHECK(cudaGetLastError());
    uint32_t kept;
    CUDA_CHECK(cudaMemcpy(&kept, d_kept, sizeof kept, cudaMemcpyDeviceToHost)); /* waits for all three */
    CUDA_CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

    size_t ref_kept = 0;
    for (size_t i = 0; i < n; ++i)
        if (keep(h_in[i])) h_ref[ref_kept++] = h_in[i];
    int ok = kept == ref_kept;
    if (!ok) fprintf(stderr, "compact: kept %u, expected %zu (seed %llu)\n", kept, ref_kept, (unsigned long long)seed);
    for (size_t i = 0; ok && i < n; ++i) {
        int want = i < ref_kept ? h_ref[i] : -1; /* past the count: still the poison */
        if (h_out[i] != want) {
            fprintf(stderr, "compact: out[%zu] = %d, expected %d (seed %llu)\n", i, h_out[i], want,
                    (unsigned long long)seed);
            ok = 0;
        }
    }

    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_flags));
    CUDA_CHECK(cudaFree(d_pos));
    CUDA_CHECK(cudaFree(d_kept));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scans' kept workspace (else the next scan reuses it) */
    free(h_in);
    free(h_ref);
    free(h_out);
    if (!ok) return 1;
    printf("compact: ok (%zu of %zu kept, seed %llu)\n", ref_kept, n, (unsigned long long)seed);
    return 0;
}
