/* chunked_stream.cu - a long sequence scanned chunk by chunk as it arrives (here: copied from the
 * host a chunk at a time), the running total carried from chunk to chunk in device memory.  The
 * chunks' scans together are one scan of the whole, the device holds one chunk at a time, and
 * the host queues everything without waiting between chunks.
 *   chunked_stream [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuscan.cuh"
#include "example_check.h"

GPUSCAN_DEFINE_NAMED(i64, int64_t, add)

int main(int argc, char **argv)
{
    require_gpu();
    const size_t chunk = (size_t)1 << 20, n = 8 * chunk - 12345; /* the last chunk is shorter */
    uint64_t seed = example_seed(argc, argv), rng = seed;
    int64_t *h_in, *h_out, total;
    /* pinned host memory: copies from it are truly asynchronous, so the host runs ahead */
    CUDA_CHECK(cudaMallocHost(&h_in, n * sizeof(int64_t)));
    CUDA_CHECK(cudaMallocHost(&h_out, n * sizeof(int64_t)));
    for (size_t i = 0; i < n; ++i) h_in[i] = (int64_t)(next_random(&rng) >> 32) - ((int64_t)1 << 31);
    memset(h_out, 0xFF, n * sizeof(int64_t));

    int64_t *d_in, *d_out, *d_carry;
    cudaStream_t stream;
    CUDA_CHECK(cudaMalloc(&d_in, chunk * sizeof(int64_t)));
    CUDA_CHECK(cudaMalloc(&d_out, chunk * sizeof(int64_t)));
    CUDA_CHECK(cudaMalloc(&d_carry, sizeof(int64_t))); /* the running total: one cell, in and out */
    CUDA_CHECK(cudaMemset(d_carry, 0xFF, sizeof(int64_t)));
    CUDA_CHECK(cudaStreamCreate(&stream));

    /* One stream orders it all: chunk k's copy waits for chunk k-1's scan to have read d_in, and
     * each scan reads the carry the one before it wrote.  (Two buffers and two streams would
     * overlap one chunk's copy with another's scan; the scans must then still run in order.) */
    for (size_t off = 0; off < n; off += chunk) {
        size_t len = n - off < chunk ? n - off : chunk;
        CUDA_CHECK(cudaMemcpyAsync(d_in, h_in + off, len * sizeof(int64_t), cudaMemcpyHostToDevice, stream));
        CUDA_CHECK(cudaMemsetAsync(d_out, 0xFF, len * sizeof(int64_t), stream)); /* poison: a missed write shows */
        /* the first chunk has no seed (NULL, not the poisoned cell); each writes its total into d_carry */
        SCAN_CHECK(gpuscan_i64_add_inclusive_chained(d_in, d_out, len, off == 0 ? NULL : d_carry, d_carry, stream));
        CUDA_CHECK(cudaMemcpyAsync(h_out + off, d_out, len * sizeof(int64_t), cudaMemcpyDeviceToHost, stream));
    }
    CUDA_CHECK(cudaMemcpyAsync(&total, d_carry, sizeof total, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));

    int ok = 1;
    int64_t sum = 0;
    for (size_t i = 0; ok && i < n; ++i) {
        sum += h_in[i];
        if (h_out[i] != sum) {
            fprintf(stderr, "chunked_stream: out[%zu] (chunk %zu) = %lld, expected %lld (seed %llu)\n", i, i / chunk,
                    (long long)h_out[i], (long long)sum, (unsigned long long)seed);
            ok = 0;
        }
    }
    if (ok && total != sum) {
        fprintf(stderr, "chunked_stream: carry %lld, expected %lld (seed %llu)\n", (long long)total, (long long)sum,
                (unsigned long long)seed);
        ok = 0;
    }

    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_carry));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scans' kept workspace (else the next scan reuses it) */
    CUDA_CHECK(cudaFreeHost(h_in));
    CUDA_CHECK(cudaFreeHost(h_out));
    if (!ok) return 1;
    printf("chunked_stream: ok (%zu elements in %zu chunks, seed %llu)\n", n, (n + chunk - 1) / chunk,
           (unsigned long long)seed);
    return 0;
}
