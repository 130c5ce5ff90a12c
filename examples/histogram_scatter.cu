/* histogram_scatter.cu - counts to offsets at scale: one step of an LSD radix sort, by an 8-bit
 * digit (256 buckets).  The keys are cut into tiles; each tile counts its digits, written
 * digit-major (counts[digit * tiles + tile]), so one exclusive scan of all the counts gives every
 * (digit, tile) the first place of its keys: all keys of smaller digits come before it, then the
 * same digit's keys of earlier tiles.  Each tile then sorts its keys stably by digit in shared
 * memory and writes each digit's run from its place: a stable step, as a sort of 32-bit keys needs
 * for each of its four digits.
 *   histogram_scatter [seed] */
#include <stdio.h>
#include <stdlib.h>
#include "gpuscan.cuh"
#include "example_check.h"

GPUSCAN_DEFINE_NAMED(u32, uint32_t, add) /* uint32_t is a typedef: NAMED gives a short name */

#define BUCKETS 256          /* one 8-bit digit */
#define BLOCK 256            /* = BUCKETS: thread d owns digit d's count and its running place */
#define WARPS (BLOCK / 32)
#define TILE 4096            /* keys a tile, one block a tile: its keys and values staged are 32 KB */
#define ITEMS (TILE / BLOCK) /* 16 rounds of BLOCK keys, a key and a value a round in each thread */
#define REPS 10              /* timed passes, after one warm-up */

static __global__ void histogram_kernel(const uint32_t *keys, uint32_t *counts, size_t n, unsigned tiles,
                                        unsigned shift)
{
    __shared__ uint32_t hist[BUCKETS];
    size_t begin = (size_t)blockIdx.x * TILE, end = begin + TILE < n ? begin + TILE : n;
    hist[threadIdx.x] = 0;
    __syncthreads();
    for (size_t i = begin + threadIdx.x; i < end; i += BLOCK) atomicAdd(&hist[(keys[i] >> shift) & 0xFF], 1u);
    __syncthreads();
    counts[(size_t)threadIdx.x * tiles + blockIdx.x] = hist[threadIdx.x];
}

/* The block's exclusive scan of one value a thread: shuffles within each warp, then the totals of
 * the warps before.  Called once a block, so warp_total needs no second barrier. */
static __device__ uint32_t block_exclusive_scan(uint32_t v, uint32_t *warp_total)
{
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    uint32_t x = v;
    for (unsigned d = 1; d < 32; d *= 2) {
        uint32_t y = __shfl_up_sync(0xFFFFFFFFu, x, d);
        if (lane >= d) x += y;
    }
    if (lane == 31) warp_total[warp] = x;
    __syncthreads();
    for (unsigned w = 0; w < warp; ++w) x += warp_total[w];
    return x - v;
}

/* One block a tile, in three phases, so that global memory sees only coalesced loads and stores.
 * 1. Load: thread t holds the tile's keys and values r * BLOCK + t, r = 0..ITEMS-1, all in flight.
 * 2. Rank, on registers and shared memory only: each round's key goes into the stage (the tile
 *    stably sorted by digit) at its digit's next place, plus the same digit's keys of earlier warps
 *    this round, plus those of earlier lanes in its warp.
 * 3. Write the stage out in order: element i, of digit d, goes to d's place for this tile plus
 *    (i - d's start in the stage).  A digit's run (about 16 keys a tile) is consecutive places
 *    there, so consecutive threads write consecutive words. */
static __global__ void __launch_bounds__(BLOCK, 4) /* 64 registers at most: 4 blocks an SM (70 gives 3) */
scatter_kernel(const uint32_t *keys, const uint32_t *vals, const uint32_t *offsets, uint32_t *out_keys,
               uint32_t *out_vals, size_t n, unsigned tiles, unsigned shift)
{
    __shared__ uint32_t stage_key[TILE], stage_val[TILE]; /* 32 KB */
    /* this round: how many of warp w's keys have digit d; where in the stage the first goes (16 bits,
     * as a count is at most 32 and a place under TILE, keep the block under 48 KB) */
    __shared__ uint16_t count[WARPS][BUCKETS], place[WARPS][BUCKETS];
    __shared__ uint32_t gap[BUCKETS], warp_total[WARPS]; /* gap: d's place for this tile less its stage start */
    const unsigned tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const size_t begin = (size_t)blockIdx.x * TILE;
    const unsigned size = n - begin < TILE ? (unsigned)(n - begin) : TILE; /* the last tile may be short */
    uint32_t key[ITEMS], val[ITEMS];
#pragma unroll
    for (unsigned r = 0; r < ITEMS; ++r) {
        unsigned i = r * BLOCK + tid;
        key[r] = i < size ? keys[begin + i] : 0;
        val[r] = i < size ? vals[begin + i] : 0;
    }
    /* Digit tid's count in this tile is read, not recounted (16 more shared atomics a thread): the
     * scan is exclusive, so it is the next offset less this one (the last one's next is the total):
     * the word after the one read anyway, and no counts array to pass. */
    const uint32_t *mine = offsets + (size_t)tid * tiles + blockIdx.x; /* digit tid's, this tile's */
    uint32_t next = block_exclusive_scan(mine[1] - mine[0], warp_total); /* digit tid's next place in the stage */
    gap[tid] = mine[0] - next;
    for (unsigned w = 0; w < WARPS; ++w) count[w][tid] = 0;
    __syncthreads();
#pragma unroll
    for (unsigned r = 0; r < ITEMS; ++r) {
        int valid = r * BLOCK + tid < size;
        unsigned digit = valid ? (key[r] >> shift) & 0xFF : BUCKETS; /* past the end: a group of its own */
        unsigned peers = __match_any_sync(0xFFFFFFFFu, digit);      /* the lanes with this digit */
        unsigned rank = __popc(peers & ((1u << lane) - 1));         /* how many of them come before me */
        if (valid && rank == 0) count[warp][digit] = (uint16_t)__popc(peers);
        __syncthreads(); /* every warp's counts are in */
        for (unsigned w = 0; w < WARPS; ++w) { /* the column pass: thread tid, digit tid, warps in order */
            place[w][tid] = (uint16_t)next;
            next += count[w][tid];
            count[w][tid] = 0; /* ready for the next round's warps (after the barrier below) */
        }
        __syncthreads(); /* every place is out; the next round's first barrier keeps them until read */
        if (valid) {
            unsigned s = place[warp][digit] + rank;
            stage_key[s] = key[r];
            stage_val[s] = val[r];
        }
    }
    __syncthreads(); /* the stage is full */
    for (unsigned i = tid; i < size; i += BLOCK) {
        uint32_t k = stage_key[i], p = gap[(k >> shift) & 0xFF] + i;
        out_keys[p] = k;
        out_vals[p] = stage_val[i];
    }
}

/* The three steps: histogram, scan (n_counts + 1 offsets, the last the total), scatter. */
static void radix_step(const uint32_t *d_keys, const uint32_t *d_vals, uint32_t *d_counts, uint32_t *d_offsets,
                       uint32_t *d_out_keys, uint32_t *d_out_vals, size_t n, unsigned tiles, unsigned shift)
{
    histogram_kernel<<<tiles, BLOCK>>>(d_keys, d_counts, n, tiles, shift);
    CUDA_CHECK(cudaGetLastError());
    SCAN_CHECK(gpuscan_u32_add_offsets(d_counts, d_offsets, (size_t)BUCKETS * tiles, 0u, NULL, 0));
    scatter_kernel<<<tiles, BLOCK>>>(d_keys, d_vals, d_offsets, d_out_keys, d_out_vals, n, tiles, shift);
    CUDA_CHECK(cudaGetLastError());
}

int main(int argc, char **argv)
{
    require_gpu();
    const size_t n = (size_t)1 << 26;
    uint64_t seed = example_seed(argc, argv), rng = seed;
    const unsigned shift = 8 * (unsigned)(next_random(&rng) % 4);
    const unsigned tiles = (unsigned)((n + TILE - 1) / TILE);
    const size_t n_counts = (size_t)BUCKETS * tiles, bytes = n * sizeof(uint32_t);
    uint32_t *h_keys = (uint32_t *)malloc(bytes), *h_vals = (uint32_t *)malloc(bytes);
    uint32_t *h_out_keys = (uint32_t *)malloc(bytes), *h_out_vals = (uint32_t *)malloc(bytes);
    if (!h_keys || !h_vals || !h_out_keys || !h_out_vals) {
        fprintf(stderr, "histogram_scatter: out of host memory\n");
        return 1;
    }
    for (size_t i = 0; i < n; ++i) {
        h_keys[i] = (uint32_t)next_random(&rng);
        h_vals[i] = (uint32_t)i;
    }

    uint32_t *d_keys, *d_vals, *d_counts, *d_offsets, *d_out_keys, *d_out_vals, total;
    CUDA_CHECK(cudaMalloc(&d_keys, bytes));
    CUDA_CHECK(cudaMalloc(&d_vals, bytes));
    CUDA_CHECK(cudaMalloc(&d_counts, n_counts * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_offsets, (n_counts + 1) * sizeof(uint32_t))); /* + 1: the last is the total */
    CUDA_CHECK(cudaMalloc(&d_out_keys, bytes));
    CUDA_CHECK(cudaMalloc(&d_out_vals, bytes));
    CUDA_CHECK(cudaMemcpy(d_keys, h_keys, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals, h_vals, bytes, cudaMemcpyHostToDevice));
    /* poisoned: a missed write shows */
    CUDA_CHECK(cudaMemset(d_counts, 0xFF, n_counts * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_offsets, 0xFF, (n_counts + 1) * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_out_keys, 0xFF, bytes));
    CUDA_CHECK(cudaMemset(d_out_vals, 0xFF, bytes));

    /* The warm-up pass is the one checked (later passes write the same); then the timed ones. */
    radix_step(d_keys, d_vals, d_counts, d_offsets, d_out_keys, d_out_vals, n, tiles, shift);
    CUDA_CHECK(cudaMemcpy(&total, d_offsets + n_counts, sizeof total, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_out_keys, d_out_keys, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_out_vals, d_out_vals, bytes, cudaMemcpyDeviceToHost));
    cudaEvent_t start, stop;
    float step_ms, scan_ms, copy_ms;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start, 0));
    for (int r = 0; r < REPS; ++r)
        radix_step(d_keys, d_vals, d_counts, d_offsets, d_out_keys, d_out_vals, n, tiles, shift);
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&step_ms, start, stop));
    CUDA_CHECK(cudaEventRecord(start, 0));
    for (int r = 0; r < REPS; ++r) SCAN_CHECK(gpuscan_u32_add_offsets(d_counts, d_offsets, n_counts, 0u, NULL, 0));
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&scan_ms, start, stop));
    /* What the memory can do: a plain copy of keys and values onto the (checked) outputs; r = -1 warms up. */
    for (int r = -1; r < REPS; ++r) {
        if (r == 0) CUDA_CHECK(cudaEventRecord(start, 0));
        CUDA_CHECK(cudaMemcpyAsync(d_out_keys, d_keys, bytes, cudaMemcpyDeviceToDevice, 0));
        CUDA_CHECK(cudaMemcpyAsync(d_out_vals, d_vals, bytes, cudaMemcpyDeviceToDevice, 0));
    }
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&copy_ms, start, stop));

    /* The CPU's stable counting sort by the digit: each bucket's start, then the keys in order.
     * The buckets tile [0, n), so walking the keys checks every place. */
    int ok = total == n;
    if (!ok) /* (and do not trust the places of a wrong total) */
        fprintf(stderr, "histogram_scatter: total %u, expected %zu (seed %llu)\n", total, n,
                (unsigned long long)seed);
    size_t bucket_at[BUCKETS] = {0}, sum = 0;
    for (size_t i = 0; i < n; ++i) ++bucket_at[(h_keys[i] >> shift) & 0xFF];
    for (unsigned d = 0; d < BUCKETS; ++d) {
        size_t c = bucket_at[d];
        bucket_at[d] = sum;
        sum += c;
    }
    for (size_t i = 0; ok && i < n; ++i) {
        unsigned d = (h_keys[i] >> shift) & 0xFF;
        size_t at = bucket_at[d]++;
        if (h_out_keys[at] != h_keys[i] || h_out_vals[at] != h_vals[i]) {
            fprintf(stderr, "histogram_scatter: out[%zu] = (%#x, %u), expected (%#x, %u) (digit %u, shift %u, "
                    "seed %llu)\n", at, h_out_keys[at], h_out_vals[at], h_keys[i], h_vals[i], d, shift,
                    (unsigned long long)seed);
            ok = 0;
        }
    }

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_keys));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_counts));
    CUDA_CHECK(cudaFree(d_offsets));
    CUDA_CHECK(cudaFree(d_out_keys));
    CUDA_CHECK(cudaFree(d_out_vals));
    SCAN_CHECK(gpuscan_release_memory(-1)); /* the scan's kept workspace (else the next scan reuses it) */
    free(h_keys);
    free(h_vals);
    free(h_out_keys);
    free(h_out_vals);
    if (!ok) return 1;
    /* Moved: the keys read twice (histogram, scatter), the values once, both written once: 20 bytes a
     * key.  The counts (4 bytes a (digit, tile), written, scanned, read: about 5% more) are left out.
     * The copy moves 16 (reads 8, writes 8): "of a copy" is copy_us * 20 / 16 over step_us, the steps
     * against a copy of as many bytes (1: as fast). */
    double step_us = 1000.0 * step_ms / REPS, scan_us = 1000.0 * scan_ms / REPS, copy_us = 1000.0 * copy_ms / REPS;
    printf("histogram_scatter: ok (%zu keys by the digit at bit %u, seed %llu; the three steps %.1f us, the scan "
           "of %zu counts alone %.1f us; %.0f GB/s of keys and values, 20 bytes a key, %.2f of a copy (keys and "
           "values copied in %.1f us); means of %d)\n", n, shift, (unsigned long long)seed, step_us, n_counts,
           scan_us, 20.0 * n / (step_us * 1e3), copy_us * 20 / 16 / step_us, copy_us, REPS);
    return 0;
}
