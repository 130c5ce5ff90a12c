/* reverse.cu - suffix scans: a question about what comes after each position.  Here prices, one a
 * day: the highest price from each day on (inclusive), the highest strictly after it (exclusive:
 * the best day to sell what was bought that day), and the highest of all (reduce).  A reverse
 * scan reads the array back to front itself: no flipped copy.
 *   reverse [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include "gpuscan.cuh"
#include "example_check.h"

/* gpuscan_i32_max_reverse_inclusive / _reverse_exclusive / _reverse_reduce (no _offsets: the
 * total of a suffix scan belongs before out[0], which is out[0] itself for the inclusive scan) */
GPUSCAN_DEFINE_REVERSE(i32, int32_t, max)

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 23;
    uint64_t seed = example_seed(argc, argv), rng = seed;
    size_t bytes = n * sizeof(int32_t);
    int32_t *h_price = (int32_t *)malloc(bytes), *h_from = (int32_t *)malloc(bytes), *h_after = (int32_t *)malloc(bytes);
    if (!h_price || !h_from || !h_after) { fprintf(stderr, "reverse: out of host memory\n"); return 1; }
    int32_t price = 100000; /* a random walk: steps of -5..+5 */
    for (size_t i = 0; i < n; ++i) {
        price += (int32_t)(next_random(&rng) % 11) - 5;
        h_price[i] = price;
    }

    int32_t *d_price, *d_from, *d_after, *d_highest, highest;
    CUDA_CHECK(cudaMalloc(&d_price, bytes));
    CUDA_CHECK(cudaMalloc(&d_from, bytes));
    CUDA_CHECK(cudaMalloc(&d_after, bytes));
    CUDA_CHECK(cudaMalloc(&d_highest, sizeof(int32_t)));
    CUDA_CHECK(cudaMemcpy(d_price, h_price, bytes, cudaMemcpyHostToDevice));
    /* poisoned: a missed write shows */
    CUDA_CHECK(cudaMemset(d_from, 0xFF, bytes));
    CUDA_CHECK(cudaMemset(d_after, 0xFF, bytes));
    CUDA_CHECK(cudaMemset(d_highest, 0xFF, sizeof(int32_t)));

    SCAN_CHECK(gpuscan_i32_max_reverse_inclusive(d_price, d_from, n, 0));
    /* exclusive: out[n-1] = init, here INT_MIN - nothing to sell on after the last day */
    SCAN_CHECK(gpuscan_i32_max_reverse_exclusive(d_price, d_after, n, INT_MIN, 0));
    SCAN_CHECK(gpuscan_i32_max_reverse_reduce(d_price, d_highest, n, 0));
    CUDA_CHECK(cudaMemcpy(h_from, d_from, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_after, d_after, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&highest, d_highest, sizeof highest, cudaMemcpyDeviceToHost));

    /* The CPU walks back from the last day; on the way, the best single trade (buy, sell later). */
    int ok = 1;
    int32_t after = INT_MIN, gain = 0;
    for (size_t i = n; ok && i-- > 0;) {
        int32_t from = h_price[i] > after ? h_price[i] : after;
        if (h_from[i] != from || h_after[i] != after) {
            fprintf(stderr, "reverse: day %zu: from %d after %d, expected %d and %d (seed %llu)\n", i, h_from[i],
                    h_after[i], from, after, (unsigned long long)seed);
            ok = 0;
        }
        if (after != INT_MIN && after - h_price[i] > gain) gain = after - h_price[i];
        after = from;
    }
    if (ok && highest != after) {
        fprintf(stderr, "reverse: reduce %d, expected %d (seed %llu)\n", highest, after, (unsigned long long)seed);
        ok = 0;
    }

    CUDA_CHECK(cudaFree(d_price));
    CUDA_CHECK(cudaFree(d_from));
    CUDA_CHECK(cudaFree(d_after));
    CUDA_CHECK(cudaFree(d_highest));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scans' kept workspace (else the next scan reuses it) */
    free(h_price);
    free(h_from);
    free(h_after);
    if (!ok) return 1;
    printf("reverse: ok (%zu days, highest %d, best trade +%d, seed %llu)\n", n, highest, gain, (unsigned long long)seed);
    return 0;
}
