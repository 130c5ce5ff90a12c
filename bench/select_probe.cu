/* bench/select_probe.cu - an experiment, not library code (docs/design.md, Stream compaction;
 * bench/results/h200_9e46153+variants_2026-11-29_select_prefix.txt, parts 3 and 4): select_if
 * (int32, x < threshold) four ways beside the library's select_if and CUB, each checked against
 * CUB's output:
 *   pipe   persistent blocks that keep two tiles: the next loaded, counted and held (its count
 *          published) while the last waits for its prefix
 *   spec   the same with a warp of their own looking back meanwhile (named barriers)
 *   ring   one block an SM, RS_SLOTS tiles in shared memory filled by bulk copies; warps that claim,
 *          count, look back (RS_COUNTERS, RS_LOOKERS) and rank and write
 *   ring2  the ring with data slots freed early: at most RS_KMAX kept elements gathered into one of
 *          RS_META meta slots by the counting warp (by ballots: not yet run)
 * Built: nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda -I. bench/select_probe.cu
 * Run: [RING_ONLY=1] select_probe [min log2] [max log2] (sizes multiples of 4,096; RING_ONLY skips
 * pipe and spec). */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>
#include "gpuscan.cuh"

#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));              \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

static __device__ int g_threshold;
static int h_threshold;
static __host__ __device__ bool below_threshold(int x, size_t i)
{
    (void)i;
#ifdef __CUDA_ARCH__
    return x < g_threshold;
#else
    return x < h_threshold;
#endif
}
GPUSCAN_DEFINE_SELECT_IF(below, int, below_threshold)
struct Below {
    int t;
    __host__ __device__ bool operator()(int x) const { return x < t; }
};
#define QF(name) gpuscan_below_internal::gpuscan_below_count_##name

enum { THREADS = 128, ITEMS = 32, TILE = THREADS * ITEMS, VECS = ITEMS / 4, WARPS = THREADS / 32 };
#define PAD(i) ((i) + ((i) >> 5))
#ifndef PIPE_BLOCKS_PER_SM
#define PIPE_BLOCKS_PER_SM 6
#endif

static __device__ __forceinline__ unsigned claim(unsigned *counter)
{
    __shared__ unsigned t;
    __syncthreads(); /* every thread has read the last claim */
    if (threadIdx.x == 0) t = atomicAdd(counter, 1u);
    __syncthreads();
    return t;
}
/* Warp w's part of tile t: 8 16-byte vectors a lane, vector c at w*256 + c*32 + lane. */
static __device__ __forceinline__ void load_tile(const int *in, size_t n, unsigned t, int4 raw[VECS])
{
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const size_t base = (size_t)t * TILE;
    if (base + TILE <= n) {
        const int4 *src = (const int4 *)(in + base);
#pragma unroll
        for (int c = 0; c < VECS; ++c) raw[c] = __ldcs(src + w * 256 + c * 32 + lane);
    } else {
#pragma unroll
        for (int c = 0; c < VECS; ++c) {
            const size_t e = base + 4u * (w * 256 + c * 32 + lane);
            raw[c].x = e + 0 < n ? in[e + 0] : 0;
            raw[c].y = e + 1 < n ? in[e + 1] : 0;
            raw[c].z = e + 2 < n ? in[e + 2] : 0;
            raw[c].w = e + 3 < n ? in[e + 3] : 0;
        }
    }
}
/* Marks, ranks and holds tile t's kept elements in buf (in order); returns the count kept (every
 * thread) and publishes it. */
static __device__ __forceinline__ unsigned hold_tile(const int4 raw[VECS], size_t n, unsigned t, int *buf,
                                                     gpuscan_states_ states, unsigned *agg_slots,
                                                     unsigned *prefix_slots)
{
    __shared__ unsigned warp_tot[WARPS];
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const size_t base = (size_t)t * TILE;
    unsigned m[VECS], at[VECS], running = 0;
#pragma unroll
    for (int c = 0; c < VECS; ++c) {
        const size_t e = base + 4u * (w * 256 + c * 32 + lane);
        const int v[4] = {raw[c].x, raw[c].y, raw[c].z, raw[c].w};
        unsigned mk = 0;
#pragma unroll
        for (int k = 0; k < 4; ++k) mk |= (unsigned)(e + k < n && below_threshold(v[k], e + k)) << k;
        m[c] = mk;
        const unsigned cnt = __popc(mk);
        unsigned incl = cnt;
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            const unsigned y = __shfl_up_sync(0xffffffffu, incl, off);
            if (lane >= (unsigned)off) incl += y;
        }
        at[c] = running + incl - cnt;
        running += __shfl_sync(0xffffffffu, incl, 31);
    }
    if (lane == 0) warp_tot[w] = running;
    __syncthreads();
    unsigned before = 0, total = 0;
#pragma unroll
    for (unsigned k = 0; k < WARPS; ++k) {
        before += k < w ? warp_tot[k] : 0u;
        total += warp_tot[k];
    }
#pragma unroll
    for (int c = 0; c < VECS; ++c) {
        const int v[4] = {raw[c].x, raw[c].y, raw[c].z, raw[c].w};
        unsigned r = before + at[c];
#pragma unroll
        for (int k = 0; k < 4; ++k)
            if (m[c] >> k & 1u) {
                buf[PAD(r)] = v[k];
                ++r;
            }
    }
    if (threadIdx.x == 0)
        QF(publish)(states, t > 0 ? agg_slots : prefix_slots, t, t > 0 ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX,
                    (size_t)total);
    return total;
}

static __global__ void __launch_bounds__(THREADS, PIPE_BLOCKS_PER_SM)
pipe_select(const int *in, int *out, size_t *count, size_t n, unsigned tiles, unsigned *counter,
            gpuscan_states_ states, unsigned *agg_slots, unsigned *prefix_slots)
{
    __shared__ int bufs[2][PAD(TILE)];
    __shared__ size_t shared_prefix;
    int4 raw[VECS];
    unsigned t = claim(counter), cur = 0;
    if (t >= tiles) return;
    load_tile(in, n, t, raw);
    unsigned agg = hold_tile(raw, n, t, bufs[0], states, agg_slots, prefix_slots);
    for (;;) {
        const unsigned t2 = claim(counter); /* (its barrier: the hold of t is complete) */
        unsigned agg2 = 0;
        if (t2 < tiles) { /* the next tile counted and held first: its aggregate goes out now */
            load_tile(in, n, t2, raw);
            agg2 = hold_tile(raw, n, t2, bufs[cur ^ 1], states, agg_slots, prefix_slots);
        }
        if (threadIdx.x < 32) {
            size_t prefix = 0;
            if (t > 0) {
                prefix = QF(lookback)(t, states, agg_slots, prefix_slots, (size_t)agg);
                if (threadIdx.x == 0) QF(publish)(states, prefix_slots, t, GPUSCAN_STATE_PREFIX, prefix + agg);
            }
            if (threadIdx.x == 0) shared_prefix = prefix;
        }
        __syncthreads();
        const size_t prefix = shared_prefix;
        const int *buf = bufs[cur];
#pragma unroll 4
        for (unsigned i = threadIdx.x; i < agg; i += THREADS) out[prefix + i] = buf[PAD(i)];
        if (threadIdx.x == 0 && t == tiles - 1) *count = prefix + agg;
        if (t2 >= tiles) return;
        t = t2, agg = agg2, cur ^= 1;
    }
}


/* Warp-specialized: warp 0 looks back, warps 1..4 (the workers, 128 threads) claim, load, hold
 * and write out.  Slot s of two: the workers hold tile k in slot k % 2, publish its aggregate, arrive
 * at FULL(s); warp 0 syncs there, looks back, leaves the prefix in the slot and arrives at PREFIX(s);
 * the workers, having held tile k + 1 meanwhile, sync at PREFIX(s) and write tile k out.  Named
 * barriers: 1 the workers among themselves, 2 + s FULL, 4 + s PREFIX. */
#ifndef SPEC_BLOCKS_PER_SM
#define SPEC_BLOCKS_PER_SM 5
#endif
static __device__ __forceinline__ void bar_sync(unsigned id, unsigned count)
{
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}
static __device__ __forceinline__ void bar_arrive(unsigned id, unsigned count)
{
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory");
}
#define END_TILE 0xffffffffu
/* hold_tile for the workers (threads 32..159): their own barrier and warp totals */
static __device__ __forceinline__ unsigned hold_tile_w(const int4 raw[VECS], size_t n, unsigned t, int *buf,
                                                       gpuscan_states_ states, unsigned *agg_slots,
                                                       unsigned *prefix_slots, unsigned *warp_tot)
{
    const unsigned lane = threadIdx.x & 31, w = (threadIdx.x >> 5) - 1;
    const size_t base = (size_t)t * TILE;
    unsigned m[VECS], at[VECS], running = 0;
#pragma unroll
    for (int c = 0; c < VECS; ++c) {
        const size_t e = base + 4u * (w * 256 + c * 32 + lane);
        const int v[4] = {raw[c].x, raw[c].y, raw[c].z, raw[c].w};
        unsigned mk = 0;
#pragma unroll
        for (int k = 0; k < 4; ++k) mk |= (unsigned)(e + k < n && below_threshold(v[k], e + k)) << k;
        m[c] = mk;
        const unsigned cnt = __popc(mk);
        unsigned incl = cnt;
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            const unsigned y = __shfl_up_sync(0xffffffffu, incl, off);
            if (lane >= (unsigned)off) incl += y;
        }
        at[c] = running + incl - cnt;
        running += __shfl_sync(0xffffffffu, incl, 31);
    }
    if (lane == 0) warp_tot[w] = running;
    bar_sync(1, THREADS);
    unsigned before = 0, total = 0;
#pragma unroll
    for (unsigned k = 0; k < WARPS; ++k) {
        before += k < w ? warp_tot[k] : 0u;
        total += warp_tot[k];
    }
#pragma unroll
    for (int c = 0; c < VECS; ++c) {
        const int v[4] = {raw[c].x, raw[c].y, raw[c].z, raw[c].w};
        unsigned r = before + at[c];
#pragma unroll
        for (int k = 0; k < 4; ++k)
            if (m[c] >> k & 1u) {
                buf[PAD(r)] = v[k];
                ++r;
            }
    }
    if (threadIdx.x == 32)
        QF(publish)(states, t > 0 ? agg_slots : prefix_slots, t, t > 0 ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX,
                    (size_t)total);
    return total;
}
static __device__ __forceinline__ void load_tile_w(const int *in, size_t n, unsigned t, int4 raw[VECS])
{
    const unsigned lane = threadIdx.x & 31, w = (threadIdx.x >> 5) - 1;
    const size_t base = (size_t)t * TILE;
    if (base + TILE <= n) {
        const int4 *src = (const int4 *)(in + base);
#pragma unroll
        for (int c = 0; c < VECS; ++c) raw[c] = __ldcs(src + w * 256 + c * 32 + lane);
    } else {
#pragma unroll
        for (int c = 0; c < VECS; ++c) {
            const size_t e = base + 4u * (w * 256 + c * 32 + lane);
            raw[c].x = e + 0 < n ? in[e + 0] : 0;
            raw[c].y = e + 1 < n ? in[e + 1] : 0;
            raw[c].z = e + 2 < n ? in[e + 2] : 0;
            raw[c].w = e + 3 < n ? in[e + 3] : 0;
        }
    }
}
static __global__ void __launch_bounds__(THREADS + 32, SPEC_BLOCKS_PER_SM)
spec_select(const int *in, int *out, size_t *count, size_t n, unsigned tiles, unsigned *counter,
            gpuscan_states_ states, unsigned *agg_slots, unsigned *prefix_slots)
{
    __shared__ int bufs[2][PAD(TILE)];
    __shared__ unsigned slot_tile[2], slot_agg[2], claimed, warp_tot[WARPS];
    __shared__ size_t slot_prefix[2];
    if (threadIdx.x < 32) { /* the look-back warp */
        for (unsigned k = 0;; ++k) {
            const unsigned s = k & 1u;
            bar_sync(2 + s, THREADS + 32);
            const unsigned t = slot_tile[s], agg = slot_agg[s];
            if (t == END_TILE) return;
            size_t prefix = 0;
            if (t > 0) {
                prefix = QF(lookback)(t, states, agg_slots, prefix_slots, (size_t)agg);
                if (threadIdx.x == 0) QF(publish)(states, prefix_slots, t, GPUSCAN_STATE_PREFIX, prefix + agg);
            }
            if (threadIdx.x == 0) slot_prefix[s] = prefix;
            bar_arrive(4 + s, THREADS + 32);
        }
    }
    int4 raw[VECS];
    for (unsigned k = 0;; ++k) {
        const unsigned s = k & 1u;
        bar_sync(1, THREADS); /* the last write-out from slot s is done; claimed is free */
        if (threadIdx.x == 32) claimed = atomicAdd(counter, 1u);
        bar_sync(1, THREADS);
        const unsigned t = claimed;
        unsigned agg = 0;
        if (t < tiles) {
            load_tile_w(in, n, t, raw);
            agg = hold_tile_w(raw, n, t, bufs[s], states, agg_slots, prefix_slots, warp_tot);
        }
        if (threadIdx.x == 32) {
            slot_tile[s] = t < tiles ? t : END_TILE;
            slot_agg[s] = agg;
        }
        bar_arrive(2 + s, THREADS + 32); /* (the hold's stores before it) */
        if (k > 0) { /* tile k - 1 out, once its prefix is known */
            const unsigned p = s ^ 1u;
            bar_sync(4 + p, THREADS + 32);
            const unsigned tp = slot_tile[p], ap = slot_agg[p];
            const size_t prefix = slot_prefix[p];
            const int *buf = bufs[p];
#pragma unroll 4
            for (unsigned i = threadIdx.x - 32; i < ap; i += THREADS) out[prefix + i] = buf[PAD(i)];
            if (threadIdx.x == 32 && tp == tiles - 1) *count = prefix + ap;
        }
        if (t >= tiles) return;
    }
}


/* A ring: one block an SM keeps RS_SLOTS tiles in shared memory, filled by bulk copies.  Warp 0
 * (lane 0) claims tiles into free slots and starts their copies; warps 1-2 count a landed tile's
 * kept elements and publish the count (every other turn each); warps 3-6 look back (every fourth
 * turn each); warps 7-10 rank and write the kept elements out and free the slot. */
#ifndef RS_SLOTS
#define RS_SLOTS 12
#endif
#ifndef RS_COUNTERS
#define RS_COUNTERS 2
#endif
#ifndef RS_LOOKERS
#define RS_LOOKERS 4
#endif
enum { RS_WRITERS = 4, RS_THREADS = 32 * (1 + RS_COUNTERS + RS_LOOKERS + RS_WRITERS) };
static __global__ void __launch_bounds__(RS_THREADS, 1)
ring_select(const int *in, int *out, size_t *count, size_t n, unsigned tiles, unsigned *counter,
            gpuscan_states_ states, unsigned *agg_slots, unsigned *prefix_slots)
{
    extern __shared__ __align__(128) int4 ring_mem[];
    __shared__ unsigned long long full[RS_SLOTS], counted[RS_SLOTS], ready[RS_SLOTS], empty[RS_SLOTS];
    __shared__ unsigned tile_of[RS_SLOTS], agg_of[RS_SLOTS], wtot[2][RS_WRITERS];
    __shared__ size_t prefix_of[RS_SLOTS];
    if (threadIdx.x < RS_SLOTS) {
        gpuscan_mbar_init_(&full[threadIdx.x], 1);
        gpuscan_mbar_init_(&counted[threadIdx.x], 1);
        gpuscan_mbar_init_(&ready[threadIdx.x], 1);
        gpuscan_mbar_init_(&empty[threadIdx.x], 1);
    }
    if (threadIdx.x == 0) gpuscan_mbar_init_fence_();
    __syncthreads();
    const unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (warp == 0) { /* the producer */
        if (lane != 0) return;
        unsigned ends = 0, exhausted = 0;
        for (unsigned i = 0; ends < RS_LOOKERS; ++i) {
            const unsigned s = i % RS_SLOTS;
            gpuscan_mbar_wait_(&empty[s], ((i / RS_SLOTS) & 1u) ^ 1u);
            unsigned t = END_TILE;
            if (!exhausted) {
                t = atomicAdd(counter, 1u);
                if (t >= tiles) t = END_TILE, exhausted = 1;
            }
            tile_of[s] = t;
            if (t == END_TILE) {
                ++ends;
                gpuscan_mbar_arrive_(&full[s]);
                continue;
            }
            gpuscan_bulk_load_(ring_mem + (size_t)s * (TILE / 4), in + (size_t)t * TILE, TILE * 4u, &full[s]);
        }
        return;
    }
    if (warp <= RS_COUNTERS) { /* counters */
        unsigned ends = 0; /* the producer ends with RS_LOOKERS turns of END: each looker's */
        for (unsigned i = warp - 1;; i += RS_COUNTERS) {
            const unsigned s = i % RS_SLOTS;
            gpuscan_mbar_wait_(&full[s], (i / RS_SLOTS) & 1u);
            const unsigned t = tile_of[s];
            if (t == END_TILE) {
                if (lane == 0) gpuscan_mbar_arrive_(&counted[s]);
                if (++ends == RS_LOOKERS / RS_COUNTERS) return;
                continue;
            }
            const int4 *d = ring_mem + (size_t)s * (TILE / 4);
            const size_t base = (size_t)t * TILE;
            unsigned cnt = 0;
#pragma unroll 8
            for (unsigned j = 0; j < TILE / 128; ++j) {
                const int4 v = d[j * 32 + lane];
                const size_t e = base + 4u * (j * 32 + lane);
                cnt += below_threshold(v.x, e) + below_threshold(v.y, e + 1) + below_threshold(v.z, e + 2) +
                       below_threshold(v.w, e + 3);
            }
#pragma unroll
            for (int off = 16; off > 0; off >>= 1) cnt += __shfl_xor_sync(0xffffffffu, cnt, off);
            if (lane == 0) {
                agg_of[s] = cnt;
                QF(publish)(states, t > 0 ? agg_slots : prefix_slots, t,
                            t > 0 ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX, (size_t)cnt);
                gpuscan_mbar_arrive_(&counted[s]);
            }
        }
    }
    if (warp <= RS_COUNTERS + RS_LOOKERS) { /* look-back */
        for (unsigned i = warp - 1 - RS_COUNTERS;; i += RS_LOOKERS) {
            const unsigned s = i % RS_SLOTS;
            gpuscan_mbar_wait_(&counted[s], (i / RS_SLOTS) & 1u);
            const unsigned t = tile_of[s];
            if (t == END_TILE) {
                if (lane == 0) gpuscan_mbar_arrive_(&ready[s]);
                return;
            }
            const unsigned agg = agg_of[s];
            size_t prefix = 0;
            if (t > 0) {
                prefix = QF(lookback)(t, states, agg_slots, prefix_slots, (size_t)agg);
                if (lane == 0) QF(publish)(states, prefix_slots, t, GPUSCAN_STATE_PREFIX, prefix + agg);
            }
            if (lane == 0) {
                prefix_of[s] = prefix;
                gpuscan_mbar_arrive_(&ready[s]);
            }
        }
    }
    /* writers */
    const unsigned w = warp - 1 - RS_COUNTERS - RS_LOOKERS, first = 32 * (1 + RS_COUNTERS + RS_LOOKERS);
    for (unsigned i = 0;; ++i) {
        const unsigned s = i % RS_SLOTS;
        gpuscan_mbar_wait_(&ready[s], (i / RS_SLOTS) & 1u);
        const unsigned t = tile_of[s];
        if (t == END_TILE) return;
        const size_t prefix = prefix_of[s], base = (size_t)t * TILE;
        const unsigned agg = agg_of[s];
        const int4 *d = ring_mem + (size_t)s * (TILE / 4);
        int4 raw[VECS];
#pragma unroll
        for (int c = 0; c < VECS; ++c) raw[c] = d[w * 256 + c * 32 + lane];
        unsigned m[VECS], at[VECS], running = 0;
#pragma unroll
        for (int c = 0; c < VECS; ++c) {
            const size_t e = base + 4u * (w * 256 + c * 32 + lane);
            const unsigned mk = (unsigned)below_threshold(raw[c].x, e) | (unsigned)below_threshold(raw[c].y, e + 1) << 1 |
                                (unsigned)below_threshold(raw[c].z, e + 2) << 2 | (unsigned)below_threshold(raw[c].w, e + 3) << 3;
            m[c] = mk;
            const unsigned cnt = __popc(mk);
            unsigned incl = cnt;
#pragma unroll
            for (int off = 1; off < 32; off <<= 1) {
                const unsigned y = __shfl_up_sync(0xffffffffu, incl, off);
                if (lane >= (unsigned)off) incl += y;
            }
            at[c] = running + incl - cnt;
            running += __shfl_sync(0xffffffffu, incl, 31);
        }
        if (lane == 0) wtot[i & 1u][w] = running;
        bar_sync(1, 32 * RS_WRITERS); /* every writer has read the slot and left its total */
        if (threadIdx.x == first) gpuscan_mbar_arrive_(&empty[s]);
        unsigned before = 0;
#pragma unroll
        for (unsigned k = 0; k < RS_WRITERS; ++k) before += k < w ? wtot[i & 1u][k] : 0u;
#pragma unroll
        for (int c = 0; c < VECS; ++c) {
            const int v[4] = {raw[c].x, raw[c].y, raw[c].z, raw[c].w};
            size_t r = prefix + before + at[c];
#pragma unroll
            for (int k = 0; k < 4; ++k)
                if (m[c] >> k & 1u) {
                    out[r] = v[k];
                    ++r;
                }
        }
        if (threadIdx.x == first && t == tiles - 1) *count = prefix + agg;
    }
}


/* ring2: the ring with its data slots freed early.  A tile's bookkeeping lives in one of RS_META
 * meta slots (its tile, count, prefix, and its kept elements when at most RS_KMAX), its input in
 * one of RS_SLOTS data slots.  A counting warp that finds at most RS_KMAX kept gathers them (in
 * order) into the meta slot and frees the data slot at once - the next copy starts while this tile
 * waits for its prefix; otherwise the writers free it after reading it.  The producer claims once a
 * data slot and a meta slot are free. */
#ifndef RS_META
#define RS_META 24
#endif
#ifndef RS_KMAX
#define RS_KMAX 256
#endif
static __global__ void __launch_bounds__(RS_THREADS, 1)
ring2_select(const int *in, int *out, size_t *count, size_t n, unsigned tiles, unsigned *counter,
             gpuscan_states_ states, unsigned *agg_slots, unsigned *prefix_slots)
{
    extern __shared__ __align__(128) int4 ring_mem[]; /* RS_SLOTS tiles, then RS_META x RS_KMAX ints */
    int *kept_mem = (int *)(ring_mem + (size_t)RS_SLOTS * (TILE / 4));
    __shared__ unsigned long long full[RS_SLOTS], empty[RS_SLOTS], counted[RS_META], ready[RS_META], done[RS_META];
    __shared__ unsigned tile_of[RS_META], agg_of[RS_META], data_of[RS_META], wtot[2][RS_WRITERS];
    __shared__ size_t prefix_of[RS_META];
    if (threadIdx.x < RS_SLOTS) {
        gpuscan_mbar_init_(&full[threadIdx.x], 1);
        gpuscan_mbar_init_(&empty[threadIdx.x], 1);
    }
    if (threadIdx.x < RS_META) {
        gpuscan_mbar_init_(&counted[threadIdx.x], 1);
        gpuscan_mbar_init_(&ready[threadIdx.x], 1);
        gpuscan_mbar_init_(&done[threadIdx.x], 1);
    }
    if (threadIdx.x == 0) gpuscan_mbar_init_fence_();
    __syncthreads();
    const unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (warp == 0) { /* the producer: turn i takes data slot i % RS_SLOTS and meta slot i % RS_META */
        if (lane != 0) return;
        unsigned ends = 0, exhausted = 0;
        for (unsigned i = 0; ends < RS_LOOKERS; ++i) {
            const unsigned s = i % RS_SLOTS, m = i % RS_META;
            gpuscan_mbar_wait_(&empty[s], ((i / RS_SLOTS) & 1u) ^ 1u);
            gpuscan_mbar_wait_(&done[m], ((i / RS_META) & 1u) ^ 1u);
            unsigned t = END_TILE;
            if (!exhausted) {
                t = atomicAdd(counter, 1u);
                if (t >= tiles) t = END_TILE, exhausted = 1;
            }
            tile_of[m] = t;
            data_of[m] = s;
            if (t == END_TILE) {
                ++ends;
                gpuscan_mbar_arrive_(&full[s]);
                gpuscan_mbar_arrive_(&empty[s]); /* (no data: the slot stays free) */
                continue;
            }
            gpuscan_bulk_load_(ring_mem + (size_t)s * (TILE / 4), in + (size_t)t * TILE, TILE * 4u, &full[s]);
        }
        return;
    }
    if (warp <= RS_COUNTERS) { /* counters */
        unsigned ends = 0;
        for (unsigned i = warp - 1;; i += RS_COUNTERS) {
            const unsigned s = i % RS_SLOTS, m = i % RS_META;
            gpuscan_mbar_wait_(&full[s], (i / RS_SLOTS) & 1u);
            const unsigned t = tile_of[m];
            if (t == END_TILE) {
                if (lane == 0) gpuscan_mbar_arrive_(&counted[m]);
                if (++ends == RS_LOOKERS / RS_COUNTERS) return;
                continue;
            }
            const int4 *d = ring_mem + (size_t)s * (TILE / 4);
            const size_t base = (size_t)t * TILE;
            unsigned cnt = 0;
#pragma unroll 8
            for (unsigned j = 0; j < TILE / 128; ++j) {
                const int4 v = d[j * 32 + lane];
                const size_t e = base + 4u * (j * 32 + lane);
                cnt += below_threshold(v.x, e) + below_threshold(v.y, e + 1) + below_threshold(v.z, e + 2) +
                       below_threshold(v.w, e + 3);
            }
#pragma unroll
            for (int off = 16; off > 0; off >>= 1) cnt += __shfl_xor_sync(0xffffffffu, cnt, off);
            if (lane == 0) {
                agg_of[m] = cnt;
                QF(publish)(states, t > 0 ? agg_slots : prefix_slots, t,
                            t > 0 ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX, (size_t)cnt);
            }
            if (cnt <= RS_KMAX) { /* gather the few kept into the meta slot; the data slot is free */
                const unsigned kb = gpuscan_shared_addr_(kept_mem + (size_t)m * RS_KMAX), below = (1u << lane) - 1u;
                unsigned run = 0;
                for (unsigned j = 0; j < TILE / 128 && run < cnt; ++j) {
                    const int4 v = d[j * 32 + lane];
                    const size_t e = base + 4u * (j * 32 + lane);
                    const int x[4] = {v.x, v.y, v.z, v.w};
                    unsigned mk = 0, b[4], before = 0, total = 0;
#pragma unroll
                    for (int k = 0; k < 4; ++k) mk |= (unsigned)below_threshold(x[k], e + k) << k;
#pragma unroll
                    for (int k = 0; k < 4; ++k) {
                        b[k] = __ballot_sync(0xffffffffu, mk >> k & 1u);
                        before += __popc(b[k] & below);
                        total += __popc(b[k]);
                    }
                    unsigned r = run + before;
#pragma unroll
                    for (int k = 0; k < 4; ++k) /* (st.shared: the predicate's reads are not reloaded) */
                        if (mk >> k & 1u) {
                            asm volatile("st.shared.s32 [%0], %1;" ::"r"(kb + 4u * r), "r"(x[k]));
                            ++r;
                        }
                    run += total;
                }
                __syncwarp();
                if (lane == 0) gpuscan_mbar_arrive_(&empty[s]);
            }
            __syncwarp();
            if (lane == 0) gpuscan_mbar_arrive_(&counted[m]);
        }
    }
    if (warp <= RS_COUNTERS + RS_LOOKERS) { /* look-back */
        for (unsigned i = warp - 1 - RS_COUNTERS;; i += RS_LOOKERS) {
            const unsigned m = i % RS_META;
            gpuscan_mbar_wait_(&counted[m], (i / RS_META) & 1u);
            const unsigned t = tile_of[m];
            if (t == END_TILE) {
                if (lane == 0) gpuscan_mbar_arrive_(&ready[m]);
                return;
            }
            const unsigned agg = agg_of[m];
            size_t prefix = 0;
            if (t > 0) {
                prefix = QF(lookback)(t, states, agg_slots, prefix_slots, (size_t)agg);
                if (lane == 0) QF(publish)(states, prefix_slots, t, GPUSCAN_STATE_PREFIX, prefix + agg);
            }
            if (lane == 0) {
                prefix_of[m] = prefix;
                gpuscan_mbar_arrive_(&ready[m]);
            }
        }
    }
    /* writers */
    const unsigned w = warp - 1 - RS_COUNTERS - RS_LOOKERS, first = 32 * (1 + RS_COUNTERS + RS_LOOKERS);
    for (unsigned i = 0;; ++i) {
        const unsigned m = i % RS_META;
        gpuscan_mbar_wait_(&ready[m], (i / RS_META) & 1u);
        const unsigned t = tile_of[m];
        if (t == END_TILE) return;
        const size_t prefix = prefix_of[m], base = (size_t)t * TILE;
        const unsigned agg = agg_of[m], s = data_of[m];
        if (agg <= RS_KMAX) { /* from the meta slot */
            const int *kb = kept_mem + (size_t)m * RS_KMAX;
            for (unsigned k = threadIdx.x - first; k < agg; k += 32 * RS_WRITERS) out[prefix + k] = kb[k];
            bar_sync(1, 32 * RS_WRITERS);
            if (threadIdx.x == first) gpuscan_mbar_arrive_(&done[m]);
        } else {
            const int4 *d = ring_mem + (size_t)s * (TILE / 4);
            int4 raw[VECS];
#pragma unroll
            for (int c = 0; c < VECS; ++c) raw[c] = d[w * 256 + c * 32 + lane];
            unsigned mm[VECS], at[VECS], running = 0;
#pragma unroll
            for (int c = 0; c < VECS; ++c) {
                const size_t e = base + 4u * (w * 256 + c * 32 + lane);
                const unsigned mk = (unsigned)below_threshold(raw[c].x, e) | (unsigned)below_threshold(raw[c].y, e + 1) << 1 |
                                    (unsigned)below_threshold(raw[c].z, e + 2) << 2 | (unsigned)below_threshold(raw[c].w, e + 3) << 3;
                mm[c] = mk;
                const unsigned cnt = __popc(mk);
                unsigned incl = cnt;
#pragma unroll
                for (int off = 1; off < 32; off <<= 1) {
                    const unsigned y = __shfl_up_sync(0xffffffffu, incl, off);
                    if (lane >= (unsigned)off) incl += y;
                }
                at[c] = running + incl - cnt;
                running += __shfl_sync(0xffffffffu, incl, 31);
            }
            if (lane == 0) wtot[i & 1u][w] = running;
            bar_sync(1, 32 * RS_WRITERS);
            if (threadIdx.x == first) {
                gpuscan_mbar_arrive_(&empty[s]);
                gpuscan_mbar_arrive_(&done[m]);
            }
            unsigned before = 0;
#pragma unroll
            for (unsigned k = 0; k < RS_WRITERS; ++k) before += k < w ? wtot[i & 1u][k] : 0u;
#pragma unroll
            for (int c = 0; c < VECS; ++c) {
                const int v[4] = {raw[c].x, raw[c].y, raw[c].z, raw[c].w};
                size_t r = prefix + before + at[c];
#pragma unroll
                for (int k = 0; k < 4; ++k)
                    if (mm[c] >> k & 1u) {
                        out[r] = v[k];
                        ++r;
                    }
            }
        }
        if (threadIdx.x == first && t == tiles - 1) *count = prefix + agg;
    }
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
template <class F> static double timed(F fn, bool b2b, int reps)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int w = 0; w < 5; ++w) fn();
    CK(cudaDeviceSynchronize());
    std::vector<double> t;
    const int calls = b2b ? 20 : 1, rounds = b2b ? (reps / 4 > 3 ? reps / 4 : 3) : reps;
    for (int r = 0; r < rounds; ++r) {
        float ms;
        CK(cudaEventRecord(a, 0));
        for (int c = 0; c < calls; ++c) fn();
        CK(cudaEventRecord(b, 0));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1e3 / calls);
    }
    CK(cudaGetLastError());
    return median(t);
}

int main(int argc, char **argv)
{
    const int min_log2 = argc > 1 ? atoi(argv[1]) : 20, max_log2 = argc > 2 ? atoi(argv[2]) : 28;
    const size_t nmax = (size_t)1 << max_log2;
    int *d_in, *d_out, *d_cub_out, *d_cub_count, *h = (int *)malloc(nmax * sizeof(int));
    size_t *d_count;
    CK(cudaMalloc(&d_in, nmax * 4));
    CK(cudaMalloc(&d_out, nmax * 4 + 64));
    CK(cudaMalloc(&d_cub_out, nmax * 4));
    CK(cudaMalloc(&d_cub_count, sizeof(int)));
    CK(cudaMalloc(&d_count, sizeof(size_t)));
    uint64_t z = 88172645463325252ull;
    for (size_t i = 0; i < nmax; ++i) z ^= z << 13, z ^= z >> 7, z ^= z << 17, h[i] = (int)(z % 1000000);
    CK(cudaMemcpy(d_in, h, nmax * 4, cudaMemcpyHostToDevice));
    int sms = 0, per_sm = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CK(cudaFuncSetAttribute(pipe_select, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pipe_select, THREADS, 0));
    int spec_per_sm = 0;
    CK(cudaFuncSetAttribute(spec_select, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&spec_per_sm, spec_select, THREADS + 32, 0));
    printf("spec_select: %d blocks an SM of %d threads\n", spec_per_sm, THREADS + 32);
    const int ring_smem = RS_SLOTS * TILE * 4;
    CK(cudaFuncSetAttribute(ring_select, cudaFuncAttributeMaxDynamicSharedMemorySize, ring_smem));
    int ring_per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&ring_per_sm, ring_select, RS_THREADS, ring_smem));
    printf("ring_select: %d blocks an SM of %d threads, %d slots\n", ring_per_sm, RS_THREADS, RS_SLOTS);
    const int ring2_smem = RS_SLOTS * TILE * 4 + RS_META * RS_KMAX * 4;
    CK(cudaFuncSetAttribute(ring2_select, cudaFuncAttributeMaxDynamicSharedMemorySize, ring2_smem));
    int ring2_per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&ring2_per_sm, ring2_select, RS_THREADS, ring2_smem));
    printf("ring2_select: %d blocks an SM, %d data slots, %d meta slots of %d kept\n", ring2_per_sm, RS_SLOTS, RS_META,
           RS_KMAX);
    const size_t ws_tiles = nmax / TILE + 1, state_bytes = GPUSCAN_STATE_BYTES_(size_t);
    void *ws, *cub_ws = NULL, *copy_src, *copy_dst;
    CK(cudaMalloc(&ws, 256 + ws_tiles * state_bytes * 3 + 4096));
    CK(cudaMalloc(&copy_src, nmax * 4));
    CK(cudaMalloc(&copy_dst, nmax * 4));
    size_t cub_bytes = 0;
    printf("pipe_select: %d blocks an SM of %d threads (%d SMs)\n", per_sm, THREADS, sms);
    printf("%-6s %5s %-13s %9s %9s %9s %9s %9s %9s %9s %7s %7s %7s %7s %8s %8s %8s\n", "n", "kept", "form", "pipe", "spec",
           "ring", "ring2", "gpuscan", "CUB", "copy", "pipe/gs", "spec/gs", "ring/gs", "ring2/gs", "ring cpy", "ring2 cpy",
           "gs cpy");
    int bad = 0;
    for (int lg = min_log2; lg <= max_log2; lg += (lg < 20 ? 1 : 2)) {
        const size_t n = (size_t)1 << lg;
        const unsigned tiles = (unsigned)((n + TILE - 1) / TILE);
        const int reps = n >= ((size_t)1 << 28) ? 21 : 51;
        for (int pct : {1, 50, 99}) {
            h_threshold = pct * 10000;
            CK(cudaMemcpyToSymbol(g_threshold, &h_threshold, sizeof h_threshold));
            const Below below = {h_threshold};
            size_t need = 0, kept = 0;
            for (size_t i = 0; i < n; ++i) kept += h[i] < h_threshold;
            CK(cub::DeviceSelect::If(NULL, need, d_in, d_cub_out, d_cub_count, (int64_t)n, below));
            if (need > cub_bytes) {
                if (cub_ws) CK(cudaFree(cub_ws));
                CK(cudaMalloc(&cub_ws, need));
                cub_bytes = need;
            }
            char *w = (char *)ws;
            unsigned *counter = (unsigned *)w;
            const size_t states_off = 256, agg_off = states_off + ((tiles * state_bytes + 255) & ~(size_t)255),
                         pre_off = agg_off + ((tiles * 16 + 255) & ~(size_t)255);
            const size_t clear_bytes = states_off + tiles * state_bytes;
            gpuscan_states_ states = gpuscan_states_cleared_(w + states_off);
            const unsigned blocks = getenv("PIPE_BLOCKS") ? (unsigned)atoi(getenv("PIPE_BLOCKS"))
                                                          : (unsigned)std::min<size_t>(tiles, (size_t)per_sm * sms);
            auto pipe = [&]() {
                CK(cudaMemsetAsync(ws, 0, clear_bytes, 0));
                pipe_select<<<blocks, THREADS>>>(d_in, d_out, d_count, n, tiles, counter, states,
                                                 (unsigned *)(w + agg_off), (unsigned *)(w + pre_off));
            };
            const unsigned spec_blocks = (unsigned)std::min<size_t>(tiles, (size_t)spec_per_sm * sms);
            auto spec = [&]() {
                CK(cudaMemsetAsync(ws, 0, clear_bytes, 0));
                spec_select<<<spec_blocks, THREADS + 32>>>(d_in, d_out, d_count, n, tiles, counter, states,
                                                           (unsigned *)(w + agg_off), (unsigned *)(w + pre_off));
            };
            const unsigned ring_blocks = (unsigned)std::min<size_t>(tiles, (size_t)ring_per_sm * sms);
            auto ring = [&]() {
                CK(cudaMemsetAsync(ws, 0, clear_bytes, 0));
                ring_select<<<ring_blocks, RS_THREADS, ring_smem>>>(d_in, d_out, d_count, n, tiles, counter, states,
                                                                    (unsigned *)(w + agg_off), (unsigned *)(w + pre_off));
            };
            const unsigned ring2_blocks = (unsigned)std::min<size_t>(tiles, (size_t)ring2_per_sm * sms);
            auto ring2 = [&]() {
                CK(cudaMemsetAsync(ws, 0, clear_bytes, 0));
                ring2_select<<<ring2_blocks, RS_THREADS, ring2_smem>>>(d_in, d_out, d_count, n, tiles, counter, states,
                                                                       (unsigned *)(w + agg_off), (unsigned *)(w + pre_off));
            };
            auto lib = [&]() {
                if (gpuscan_below_select_if(d_in, d_out, d_count, n, 0) != GPUSCAN_SUCCESS) exit(2);
            };
            auto cub_ = [&]() {
                size_t b = cub_bytes;
                CK(cub::DeviceSelect::If(cub_ws, b, d_in, d_cub_out, d_cub_count, (int64_t)n, below));
            };
            const size_t half = (n * 4 + kept * 4) / 2;
            auto copy = [&]() { CK(cudaMemcpyAsync(copy_dst, copy_src, half, cudaMemcpyDeviceToDevice, 0)); };
            /* check */
            for (int which = 0; which < 4; ++which) {
            CK(cudaMemset(d_out, 0xff, n * 4));
            if (which == 3) ring2(); else if (which == 2) ring(); else if (which) spec(); else pipe();
            cub_();
            CK(cudaDeviceSynchronize());
            size_t cnt = 0;
            int ccnt = 0;
            CK(cudaMemcpy(&cnt, d_count, sizeof cnt, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(&ccnt, d_cub_count, sizeof ccnt, cudaMemcpyDeviceToHost));
            int *a = (int *)malloc(kept * 4 + 4), *b = (int *)malloc(kept * 4 + 4);
            CK(cudaMemcpy(a, d_out, kept * 4, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(b, d_cub_out, kept * 4, cudaMemcpyDeviceToHost));
            if (cnt != kept || (size_t)ccnt != kept || memcmp(a, b, kept * 4) != 0) {
                size_t i0 = 0;
                while (i0 < kept && a[i0] == b[i0]) ++i0;
                size_t nd = 0;
                for (size_t i = 0; i < kept; ++i) nd += a[i] != b[i];
                printf("MISMATCH(%s) n=%zu %d%%: count %zu, want %zu; first at %zu of %zu (%d vs %d), %zu differ\n", which == 3 ? "ring2" : which == 2 ? "ring" : which ? "spec" : "pipe", n, pct,
                       cnt, kept, i0, kept, i0 < kept ? a[i0] : 0, i0 < kept ? b[i0] : 0, nd);
                if (getenv("PIPE_DEBUG")) {
                    std::vector<size_t> idx;
                    for (size_t i = 0; i < n; ++i) if (h[i] < h_threshold) idx.push_back(i);
                    for (size_t i = 0; i < kept && i < 64; ++i) {
                        size_t where = 0;
                        while (where < n && h[where] != a[i]) ++where;
                        printf("  out[%zu] = %d (input %zu), want input %zu%s\n", i, a[i], where, idx[i], a[i] != b[i] ? " X" : "");
                    }
                }
                ++bad;
            }
            free(a), free(b);
            }
            for (int b2b = 0; b2b < 2; ++b2b) {
                const bool quick = getenv("RING_ONLY") != NULL;
                const double tp = quick ? 0 : timed(pipe, b2b, reps), ts = quick ? 0 : timed(spec, b2b, reps),
                             tr = timed(ring, b2b, reps), t2 = timed(ring2, b2b, reps), tl = timed(lib, b2b, reps),
                             tc = timed(cub_, b2b, reps), tk = timed(copy, b2b, reps);
                printf("2^%-4d %4d%% %-13s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %7.3f %7.3f %7.3f %7.3f %8.3f %8.3f %8.3f\n",
                       lg, pct, b2b ? "back to back" : "alone", tp, ts, tr, t2, tl, tc, tk, tp / tl, ts / tl, tr / tl, t2 / tl,
                       tk / tr, tk / t2, tk / tl);
            }
        }
    }
    printf("%s\n", bad ? "MISMATCHES" : "every result matched CUB's");
    return bad != 0;
}
