/* gpuscan/grid.cuh - the grid layer: how the tiles of one array learn what came before them.
 *
 * For each block algorithm TAG, GPUSCAN_GRID_KERNELS_(P, T, TAG) defines the kernels of every
 * grid strategy; they differ only in how a tile gets its prefix (the combination of all earlier
 * tiles, with `init` in front for exclusive scans), all load, scan and store tiles the same way:
 *   P_TAG_tiles     scans each tile; writes the final result when there is one tile, else the
 *                   tile-local scan and each tile's aggregate (hierarchical, pass 1)
 *   P_TAG_fixup     combines the scanned aggregates into the tiles (hierarchical, pass 3)
 *   P_TAG_domino    single pass: waits for the left neighbour's running prefix (StreamScan)
 *   P_TAG_lookback  single pass: decoupled look-back over predecessors (Merrill & Garland)
 * Single-pass kernels take tiles in the order blocks start (an atomic counter), never blockIdx,
 * so a tile only ever waits for tiles whose blocks are already running: no deadlock. */
#ifndef GPUSCAN_GRID_CUH
#define GPUSCAN_GRID_CUH

/* Tile states in the single-pass state arrays (zeroed before each launch). */
#define GPUSCAN_STATE_EMPTY 0u     /* nothing published yet */
#define GPUSCAN_STATE_AGGREGATE 1u /* the tile's own aggregate is published */
#define GPUSCAN_STATE_PREFIX 2u    /* the inclusive prefix (all tiles up to this one) is published */

/* The next tile index, in the order blocks reach this point. */
static __device__ __forceinline__ unsigned gpuscan_next_tile_(unsigned *counter)
{
    __shared__ unsigned tile;
    if (threadIdx.x == 0) tile = atomicAdd(counter, 1u);
    __syncthreads();
    return tile;
}

/* Publication protocol.  A value of at most 4 bytes travels with its status in one 64-bit word
 * (status in the low half), written and read as one access, so no fence is needed.  A larger
 * value goes to a slot first; the 32-bit status is then stored with release semantics and
 * loaded with acquire semantics, which orders the slot write before the status and the slot
 * read after it (cheaper than the sequentially consistent __threadfence()). */
#define GPUSCAN_PACKED_(T) (sizeof(T) <= 4)
#define GPUSCAN_STATE_BYTES_(T) (GPUSCAN_PACKED_(T) ? 8u : 4u)
#define GPUSCAN_SLOT_BYTES_(T) (GPUSCAN_PACKED_(T) ? 0u : 4u * GPUSCAN_WORDS_(T))

static __device__ __forceinline__ void gpuscan_store_release_u32_(unsigned *p, unsigned v)
{
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ unsigned gpuscan_load_acquire_u32_(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ void gpuscan_store_relaxed_u64_(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ unsigned long long gpuscan_load_relaxed_u64_(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}

#define GPUSCAN_TILE_STATE_(P, T)                                                                                  \
    /* Publishes `status` and value v for `tile` (`slots`: where a large value goes). */                           \
    static __device__ __forceinline__ void P##_publish(void *states, unsigned *slots, size_t tile,                 \
                                                       unsigned status, T v)                                       \
    {                                                                                                              \
        if (GPUSCAN_PACKED_(T)) {                                                                                  \
            unsigned bits = 0u;                                                                                    \
            memcpy(&bits, &v, sizeof(T) <= 4 ? sizeof(T) : 4);                                                     \
            gpuscan_store_relaxed_u64_((unsigned long long *)states + tile,                                        \
                                       ((unsigned long long)bits << 32) | status);                                 \
        } else {                                                                                                   \
            P##_slot_store(slots + tile * GPUSCAN_WORDS_(T), v);                                                   \
            gpuscan_store_release_u32_((unsigned *)states + tile, status);                                         \
        }                                                                                                          \
    }                                                                                                              \
    /* One look at `tile`'s state: its status (possibly EMPTY) and, if published, its value. */                    \
    static __device__ __forceinline__ unsigned P##_peek(const void *states, const unsigned *agg_slots,             \
                                                        const unsigned *prefix_slots, size_t tile, T *v)           \
    {                                                                                                              \
        unsigned status;                                                                                           \
        if (GPUSCAN_PACKED_(T)) {                                                                                  \
            unsigned long long w = gpuscan_load_relaxed_u64_((const unsigned long long *)states + tile);           \
            unsigned bits = (unsigned)(w >> 32);                                                                   \
            memcpy(v, &bits, sizeof(T) <= 4 ? sizeof(T) : 4);                                                      \
            status = (unsigned)w;                                                                                  \
        } else {                                                                                                   \
            status = gpuscan_load_acquire_u32_((const unsigned *)states + tile);                                   \
            if (status != GPUSCAN_STATE_EMPTY)                                                                     \
                *v = P##_slot_load((status == GPUSCAN_STATE_PREFIX ? prefix_slots : agg_slots) +                   \
                                   tile * GPUSCAN_WORDS_(T));                                                      \
        }                                                                                                          \
        return status;                                                                                             \
    }                                                                                                              \
    /* Waits until `tile` has published something; returns its status, its value in *v. */                         \
    static __device__ __forceinline__ unsigned P##_await(const void *states, const unsigned *agg_slots,            \
                                                         const unsigned *prefix_slots, size_t tile, T *v)          \
    {                                                                                                              \
        unsigned status;                                                                                           \
        if (GPUSCAN_PACKED_(T)) {                                                                                  \
            unsigned long long w;                                                                                  \
            do {                                                                                                   \
                w = gpuscan_load_relaxed_u64_((const unsigned long long *)states + tile);                          \
            } while ((unsigned)w == GPUSCAN_STATE_EMPTY);                                                          \
            unsigned bits = (unsigned)(w >> 32);                                                                   \
            memcpy(v, &bits, sizeof(T) <= 4 ? sizeof(T) : 4);                                                      \
            status = (unsigned)w;                                                                                  \
        } else {                                                                                                   \
            while ((status = gpuscan_load_acquire_u32_((const unsigned *)states + tile)) == GPUSCAN_STATE_EMPTY) { \
            }                                                                                                      \
            *v = P##_slot_load((status == GPUSCAN_STATE_PREFIX ? prefix_slots : agg_slots) +                       \
                               tile * GPUSCAN_WORDS_(T));                                                          \
        }                                                                                                          \
        return status;                                                                                             \
    }

/* Tile geometry common to all kernels of one block algorithm. */
#define GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid)                                          \
    const size_t base = (size_t)(tile) * GPUSCAN_TILE_(TAG, T);                                     \
    const unsigned valid = (unsigned)((n) - base < (size_t)GPUSCAN_TILE_(TAG, T)                    \
                                          ? (n) - base : (size_t)GPUSCAN_TILE_(TAG, T))

/* Decoupled look-back by one warp over a window of 32 * GPUSCAN_LOOKBACK_SPAN predecessors:
 * lane l inspects SPAN consecutive tiles (lane 31 the nearest ones), issuing all its loads
 * before waiting on any.  Each lane waits until its tiles have published something and folds
 * them in order from its nearest inclusive prefix (or all of them); the nearest lane holding a
 * prefix ends the search and the lanes from it to lane 31 are reduced in order.  Otherwise the
 * window's aggregates are folded in and it moves left.  Tile 0 always publishes a prefix, so
 * the search ends.  Returns the exclusive prefix of `tile` (init
 * included) in every lane. */
#ifndef GPUSCAN_LOOKBACK_SPAN
#define GPUSCAN_LOOKBACK_SPAN 1 /* 4 measured slower on an H100 (bench/NOTES.md, step 4) */
#endif
#define GPUSCAN_LOOKBACK_(P, T)                                                                          \
    static __device__ __forceinline__ T P##_lookback(unsigned tile, const void *states,                  \
                                                     const unsigned *agg_slots,                          \
                                                     const unsigned *prefix_slots, T fill)               \
    {                                                                                                    \
        enum { SPAN = GPUSCAN_LOOKBACK_SPAN };                                                           \
        const int lane = threadIdx.x & 31;                                                               \
        long long nearest = (long long)tile - 1;                                                         \
        T acc = fill;                                                                                    \
        int have = 0;                                                                                    \
        for (;;) {                                                                                       \
            const long long first_j = nearest - (32 * SPAN - 1) + (long long)lane * SPAN;                \
            unsigned state[SPAN];                                                                        \
            T v[SPAN];                                                                                   \
            _Pragma("unroll") for (int k = 0; k < SPAN; ++k) {                                           \
                v[k] = fill;                                                                             \
                state[k] = first_j + k >= 0                                                              \
                               ? P##_peek(states, agg_slots, prefix_slots, (size_t)(first_j + k), &v[k]) \
                               : GPUSCAN_STATE_AGGREGATE; /* before tile 0: never reached */             \
            }                                                                                            \
            _Pragma("unroll") for (int k = 0; k < SPAN; ++k)                                             \
                while (state[k] == GPUSCAN_STATE_EMPTY)                                                  \
                    state[k] = P##_peek(states, agg_slots, prefix_slots, (size_t)(first_j + k), &v[k]);  \
            /* fold this lane's tiles, from its nearest prefix if it has one */                          \
            T mine = v[SPAN - 1];                                                                        \
            int lane_prefix = first_j + SPAN - 1 >= 0 && state[SPAN - 1] == GPUSCAN_STATE_PREFIX;        \
            _Pragma("unroll") for (int k = SPAN - 2; k >= 0; --k) {                                      \
                if (!lane_prefix && first_j + k >= 0) {                                                  \
                    mine = P##_combine(v[k], mine);                                                      \
                    lane_prefix = state[k] == GPUSCAN_STATE_PREFIX;                                      \
                }                                                                                        \
            }                                                                                            \
            unsigned prefixes = __ballot_sync(0xffffffffu, lane_prefix);                                 \
            int from = prefixes ? 31 - __clz(prefixes) : 0;                                              \
            T part = P##_shfl_idx(P##_warp_reduce(mine, lane, 32), from);                                \
            acc = have ? P##_combine(part, acc) : part;                                                  \
            have = 1;                                                                                    \
            if (prefixes) return acc;                                                                    \
            nearest -= 32 * SPAN;                                                                        \
        }                                                                                                \
    }

#define GPUSCAN_GRID_KERNELS_(P, T, TAG)                                                                           \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                                           \
    P##_##TAG##_tiles(const T *in, T *out, size_t n, T *tile_aggregates, int exclusive, T init)                    \
    {                                                                                                              \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                                         \
        T *buf = P##_##TAG##_buffer();                                                                             \
        GPUSCAN_TILE_BOUNDS_(TAG, T, blockIdx.x, n, base, valid);                                                  \
        P##_##TAG##_load(in, base, valid, items, buf);                                                             \
        T before, aggregate = P##_##TAG##_scan_tile(items, buf, &before);                                          \
        if (tile_aggregates == NULL) { /* the only tile: final result */                                           \
            P##_##TAG##_store(out, base, valid, items, init, exclusive, exclusive, before, buf);                   \
        } else {                                                                                                   \
            P##_##TAG##_store(out, base, valid, items, init, 0, 0, before, buf);                                   \
            if (threadIdx.x == 0) tile_aggregates[blockIdx.x] = aggregate;                                         \
        }                                                                                                          \
    }                                                                                                              \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                                           \
    P##_##TAG##_fixup(T *out, size_t n, const T *scanned_aggregates, int exclusive, T init)                        \
    {                                                                                                              \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                                         \
        T *buf = P##_##TAG##_buffer();                                                                             \
        if (blockIdx.x == 0 && !exclusive) return; /* tile 0 of an inclusive scan is final */                      \
        GPUSCAN_TILE_BOUNDS_(TAG, T, blockIdx.x, n, base, valid);                                                  \
        T prefix = init;                                                                                           \
        if (blockIdx.x > 0) {                                                                                      \
            prefix = scanned_aggregates[blockIdx.x - 1];                                                           \
            if (exclusive) prefix = P##_combine(init, prefix);                                                     \
        }                                                                                                          \
        P##_##TAG##_load(out, base, valid, items, buf);                                                            \
        T before = exclusive ? P##_##TAG##_previous(items, buf) : prefix;                                          \
        P##_##TAG##_store(out, base, valid, items, prefix, 1, exclusive, before, buf);                             \
    }                                                                                                              \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                                           \
    P##_##TAG##_domino(const T *in, T *out, size_t n, unsigned *counter, void *states,                             \
                       unsigned *carry_slots, int exclusive, T init)                                               \
    {                                                                                                              \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                                         \
        T *buf = P##_##TAG##_buffer();                                                                             \
        const unsigned tile = gpuscan_next_tile_(counter);                                                         \
        GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid);                                                        \
        P##_##TAG##_load(in, base, valid, items, buf);                                                             \
        T before, aggregate = P##_##TAG##_scan_tile(items, buf, &before);                                          \
        T prefix = init;                                                                                           \
        int has_prefix = exclusive;                                                                                \
        P##_##TAG##_stage(items, buf); /* frees the items' registers while we wait */                              \
        if (threadIdx.x == 0) {                                                                                    \
            if (tile > 0) { /* adjacent synchronization: wait for the left neighbour only */                       \
                P##_await(states, carry_slots, carry_slots, tile - 1, &prefix);                                    \
                has_prefix = 1;                                                                                    \
            }                                                                                                      \
            P##_publish(states, carry_slots, tile, GPUSCAN_STATE_PREFIX,                                           \
                        has_prefix ? P##_combine(prefix, aggregate) : aggregate);                                  \
        }                                                                                                          \
        prefix = P##_block_broadcast(prefix, &has_prefix);                                                         \
        P##_##TAG##_emit(out, base, valid, items, prefix, has_prefix, exclusive, before, buf);                     \
    }                                                                                                              \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                                           \
    P##_##TAG##_lookback(const T *in, T *out, size_t n, unsigned *counter, void *states,                           \
                         unsigned *agg_slots, unsigned *prefix_slots, int exclusive, T init)                       \
    {                                                                                                              \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                                         \
        T *buf = P##_##TAG##_buffer();                                                                             \
        const unsigned tile = gpuscan_next_tile_(counter);                                                         \
        GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid);                                                        \
        P##_##TAG##_load(in, base, valid, items, buf);                                                             \
        T before, aggregate = P##_##TAG##_scan_tile(items, buf, &before);                                          \
        T prefix = init;                                                                                           \
        int has_prefix = exclusive;                                                                                \
        P##_##TAG##_stage(items, buf); /* frees the items' registers while we look back */                         \
        if (threadIdx.x < 32) {                                                                                    \
            if (tile == 0) {                                                                                       \
                if (threadIdx.x == 0)                                                                              \
                    P##_publish(states, prefix_slots, 0, GPUSCAN_STATE_PREFIX,                                     \
                                exclusive ? P##_combine(init, aggregate) : aggregate);                             \
            } else {                                                                                               \
                if (threadIdx.x == 0) /* let successors use our aggregate right away */                            \
                    P##_publish(states, agg_slots, tile, GPUSCAN_STATE_AGGREGATE, aggregate);                      \
                prefix = P##_lookback(tile, states, agg_slots, prefix_slots, aggregate);                           \
                has_prefix = 1;                                                                                    \
                if (threadIdx.x == 0)                                                                              \
                    P##_publish(states, prefix_slots, tile, GPUSCAN_STATE_PREFIX, P##_combine(prefix, aggregate)); \
            }                                                                                                      \
        }                                                                                                          \
        prefix = P##_block_broadcast(prefix, &has_prefix);                                                         \
        P##_##TAG##_emit(out, base, valid, items, prefix, has_prefix, exclusive, before, buf);                     \
    }

/* Device-wide reduction: block b reduces a contiguous run of tiles in order (thread runs, then
 * a shuffle tree per warp, then one warp over the warp totals) and writes one partial; a
 * second launch with one block reduces the partials.  Order is kept, so any associative
 * operator works.  Uses the coarsened algorithm's tile loads. */
#define GPUSCAN_REDUCE_KERNEL_(P, T)                                                                \
    static __global__ void __launch_bounds__(GPUSCAN_CO_THREADS(T))                                 \
    P##_reduce_tiles(const T *in, size_t n, unsigned tiles_per_block, T *partials)                  \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T), TILE = GPUSCAN_TILE_(CO, T) };                          \
        T items[ITEMS];                                                                             \
        T *buf = P##_CO_buffer();                                                                   \
        const size_t first = (size_t)blockIdx.x * tiles_per_block;                                  \
        const size_t tiles = (n + TILE - 1) / TILE;                                                 \
        const size_t last = first + tiles_per_block < tiles ? first + tiles_per_block : tiles;      \
        T acc = P##_identity();                                                                     \
        for (size_t tile = first; tile < last; ++tile) {                                            \
            GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                      \
            P##_CO_load(in, base, valid, items, buf);                                               \
            T v = items[0];                                                                         \
            _Pragma("unroll") for (int j = 1; j < ITEMS; ++j) v = P##_combine(v, items[j]);         \
            v = P##_block_reduce_values(v, GPUSCAN_CO_THREADS(T));                                  \
            acc = (tile == first) ? v : P##_combine(acc, v);                                        \
        }                                                                                           \
        if (threadIdx.x == 0) partials[blockIdx.x] = acc;                                           \
    }

#endif /* GPUSCAN_GRID_CUH */
