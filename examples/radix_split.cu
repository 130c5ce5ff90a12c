/* radix_split.cu - one step of a radix sort: a stable partition of keys by one bit, zeros first.
 * One exclusive scan of the bit flags places every key: a key with the bit set goes after all
 * the zeros, as many places in as there are ones before it; a key without it goes as many places
 * in as there are zeros before it (its index minus the ones before it).  A sort of 32-bit keys
 * repeats this for bits 0..31; each step must be stable, or the order of the bits below is lost.
 *   radix_split [seed] */
#include <stdio.h>
#include <stdlib.h>
#include "gpuscan.cuh"
#include "example_check.h"

GPUSCAN_DEFINE_CONVERT(bits, uint8_t, uint32_t, add) /* 1-byte flags, counted in uint32 */

static __global__ void bit_kernel(const uint32_t *keys, uint8_t *flags, size_t n, unsigned bit)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) flags[i] = (uint8_t)((keys[i] >> bit) & 1u);
}

/* Moves each key with its value (a sort's payload; here its index, which shows the stability).
 * ones_before[n] is the number of ones: the kernel reads it, the host never waits for it. */
static __global__ void split_kernel(const uint32_t *keys, const uint32_t *vals, const uint8_t *flags,
                                    const uint32_t *ones_before, uint32_t *out_keys, uint32_t *out_vals, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    size_t zeros_total = n - ones_before[n];
    size_t pos = flags[i] ? zeros_total + ones_before[i] : i - ones_before[i];
    out_keys[pos] = keys[i];
    out_vals[pos] = vals[i];
}

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 23;
    uint64_t seed = example_seed(argc, argv), rng = seed;
    const unsigned bit = (unsigned)(next_random(&rng) % 32);
    size_t bytes = n * sizeof(uint32_t);
    uint32_t *h_keys = (uint32_t *)malloc(bytes), *h_vals = (uint32_t *)malloc(bytes);
    uint32_t *h_out_keys = (uint32_t *)malloc(bytes), *h_out_vals = (uint32_t *)malloc(bytes);
    if (!h_keys || !h_vals || !h_out_keys || !h_out_vals) { fprintf(stderr, "radix_split: out of host memory\n"); return 1; }
    for (size_t i = 0; i < n; ++i) {
        h_keys[i] = (uint32_t)next_random(&rng);
        h_vals[i] = (uint32_t)i;
    }

    uint32_t *d_keys, *d_vals, *d_ones, *d_out_keys, *d_out_vals;
    uint8_t *d_flags;
    CUDA_CHECK(cudaMalloc(&d_keys, bytes));
    CUDA_CHECK(cudaMalloc(&d_vals, bytes));
    CUDA_CHECK(cudaMalloc(&d_flags, n));
    CUDA_CHECK(cudaMalloc(&d_ones, (n + 1) * sizeof(uint32_t))); /* n + 1: the last is the count */
    CUDA_CHECK(cudaMalloc(&d_out_keys, bytes));
    CUDA_CHECK(cudaMalloc(&d_out_vals, bytes));
    CUDA_CHECK(cudaMemcpy(d_keys, h_keys, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals, h_vals, bytes, cudaMemcpyHostToDevice));
    /* poisoned: a missed write shows */
    CUDA_CHECK(cudaMemset(d_ones, 0xFF, (n + 1) * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_out_keys, 0xFF, bytes));
    CUDA_CHECK(cudaMemset(d_out_vals, 0xFF, bytes));

    unsigned blocks = (unsigned)((n + 255) / 256);
    bit_kernel<<<blocks, 256>>>(d_keys, d_flags, n, bit);
    CUDA_CHECK(cudaGetLastError());
    SCAN_CHECK(gpuscan_bits_add_offsets(d_flags, d_ones, n, 0u, NULL, 0)); /* no separate total */
    split_kernel<<<blocks, 256>>>(d_keys, d_vals, d_flags, d_ones, d_out_keys, d_out_vals, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(h_out_keys, d_out_keys, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_out_vals, d_out_vals, bytes, cudaMemcpyDeviceToHost));

    /* The CPU's stable partition: the zeros in order, then the ones in order. */
    int ok = 1;
    size_t at = 0;
    for (unsigned pass = 0; pass < 2; ++pass)
        for (size_t i = 0; ok && i < n; ++i) {
            if (((h_keys[i] >> bit) & 1u) != pass) continue;
            if (h_out_keys[at] != h_keys[i] || h_out_vals[at] != h_vals[i]) {
                fprintf(stderr, "radix_split: out[%zu] = (%#x, %u), expected (%#x, %u) (bit %u, seed %llu)\n", at,
                        h_out_keys[at], h_out_vals[at], h_keys[i], h_vals[i], bit, (unsigned long long)seed);
                ok = 0;
            }
            ++at;
        }

    CUDA_CHECK(cudaFree(d_keys));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_flags));
    CUDA_CHECK(cudaFree(d_ones));
    CUDA_CHECK(cudaFree(d_out_keys));
    CUDA_CHECK(cudaFree(d_out_vals));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scan's kept workspace (else the next scan reuses it) */
    free(h_keys);
    free(h_vals);
    free(h_out_keys);
    free(h_out_vals);
    if (!ok) return 1;
    printf("radix_split: ok (%zu keys split by bit %u, seed %llu)\n", n, bit, (unsigned long long)seed);
    return 0;
}
