/* alloc_offsets.cu - counts to offsets, for an allocation: each of n items needs count[i] slots of
 * one shared array (a variable-size output per item: neighbours, matches, generated particles).
 * The exclusive scan of the counts is where each item's slots start, its total how many slots to
 * allocate; then every item fills its own slots, with no atomics and in item order.
 *   alloc_offsets [seed] */
#include <stdio.h>
#include <stdlib.h>
#include "gpuscan.cuh"
#include "example_check.h"

GPUSCAN_DEFINE_NAMED(u32, uint32_t, add) /* uint32_t is a typedef: NAMED gives a short name */

/* What an item writes: who it is and which of its slots, so that the check can tell them apart. */
static __host__ __device__ uint32_t slot_value(size_t item, uint32_t k) { return (uint32_t)(item << 4) | k; }

/* One thread an item; an item of many slots would rather take a warp. */
static __global__ void fill_kernel(const uint32_t *count, const uint32_t *start, uint32_t *slots, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    for (uint32_t k = 0; k < count[i]; ++k) slots[start[i] + k] = slot_value(i, k);
}

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 21; /* items; counts 0..16, so about 2^24 slots */
    uint64_t seed = example_seed(argc, argv), rng = seed;
    uint32_t *h_count = (uint32_t *)malloc(n * sizeof(uint32_t));
    uint32_t *h_start = (uint32_t *)malloc((n + 1) * sizeof(uint32_t));
    if (!h_count || !h_start) { fprintf(stderr, "alloc_offsets: out of host memory\n"); return 1; }
    size_t ref_total = 0;
    for (size_t i = 0; i < n; ++i) {
        h_count[i] = (uint32_t)(next_random(&rng) % 17);
        ref_total += h_count[i];
    }

    uint32_t *d_count, *d_start, *d_total, *d_slots, total;
    CUDA_CHECK(cudaMalloc(&d_count, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_start, (n + 1) * sizeof(uint32_t))); /* n + 1: the last is the total */
    CUDA_CHECK(cudaMalloc(&d_total, sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_count, h_count, n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_start, 0xFF, (n + 1) * sizeof(uint32_t))); /* poisoned: a missed write shows */
    CUDA_CHECK(cudaMemset(d_total, 0xFF, sizeof(uint32_t)));

    SCAN_CHECK(gpuscan_u32_add_offsets(d_count, d_start, n, 0u, d_total, 0));
    /* The one wait: the host needs the total to allocate.  (A kernel that only reads the total
     * finds it in d_start[n] without one.) */
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
    if (total != ref_total) { /* (and do not allocate what a wrong total says) */
        fprintf(stderr, "alloc_offsets: total %u, expected %zu (seed %llu)\n", total, ref_total, (unsigned long long)seed);
        return 1;
    }
    CUDA_CHECK(cudaMalloc(&d_slots, total * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_slots, 0xFF, total * sizeof(uint32_t)));
    fill_kernel<<<(unsigned)((n + 255) / 256), 256>>>(d_count, d_start, d_slots, n);
    CUDA_CHECK(cudaGetLastError());

    uint32_t *h_slots = (uint32_t *)malloc(total * sizeof(uint32_t));
    if (!h_slots) { fprintf(stderr, "alloc_offsets: out of host memory\n"); return 1; }
    CUDA_CHECK(cudaMemcpy(h_start, d_start, (n + 1) * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_slots, d_slots, total * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    /* The items' slots tile [0, total) in item order, so walking the items checks every slot. */
    int ok = h_start[n] == total;
    size_t at = 0; /* where item i's slots start */
    for (size_t i = 0; ok && i < n; at += h_count[i++]) {
        ok = h_start[i] == at;
        for (uint32_t k = 0; ok && k < h_count[i]; ++k) ok = h_slots[at + k] == slot_value(i, k);
        if (!ok)
            fprintf(stderr, "alloc_offsets: item %zu: start %u (expected %zu) or a slot wrong (seed %llu)\n", i,
                    h_start[i], at, (unsigned long long)seed);
    }
    if (h_start[n] != total) fprintf(stderr, "alloc_offsets: start[n] = %u, expected %u\n", h_start[n], total);

    CUDA_CHECK(cudaFree(d_count));
    CUDA_CHECK(cudaFree(d_start));
    CUDA_CHECK(cudaFree(d_total));
    CUDA_CHECK(cudaFree(d_slots));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scan's kept workspace (else the next scan reuses it) */
    free(h_count);
    free(h_start);
    free(h_slots);
    if (!ok) return 1;
    printf("alloc_offsets: ok (%zu items, %u slots, seed %llu)\n", n, total, (unsigned long long)seed);
    return 0;
}
