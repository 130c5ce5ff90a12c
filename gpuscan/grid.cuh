/* gpuscan/grid.cuh - the grid layer: how the tiles of one array learn what came before them.
 *
 * The tile states and the look-back over them, the single-pass skeleton (claim, load, block
 * scan, tile prefix, consume: every single-pass family's kernels, the scan's and the selection's),
 * and for each block algorithm TAG the scan's kernels, which differ only in how a tile gets its
 * prefix (the combination of all earlier tiles, with the seed in front where there is one):
 *   P_TAG_tiles          scans each tile; writes the final result when there is one tile, else the
 *                        tile-local scan and each tile's aggregate (hierarchical, pass 1)
 *   P_TAG_fixup          combines the scanned aggregates into the tiles (hierarchical, pass 3)
 *   P_TAG_scan_pass      the skeleton's scan: a tile's prefix from the decoupled look-back over
 *                        predecessors (Merrill & Garland; its first wave paced, P_pace)
 *   P_TAG_scan_pass_via  the same pass, the prefix from the domino (waits for the left neighbour's
 *                        running prefix, StreamScan) or, where the tiles all run at once, from the
 *                        fold (every earlier aggregate: P_fold_prefix)
 *   P_TAG_scan_pass_clears  the look-back of a caller's workspace, its states cleared in its own
 *                        launch, its claim counter in a counter slot (below)
 *   P_TAG_cluster        a grid of one thread-block cluster: a tile's prefix from the blocks before
 *                        it through distributed shared memory (P_cluster_prefix)
 *   P_TAG_ahead          reduce-ahead: reduces run ahead of the scans through L2 (ring.cuh: its ring)
 *   P_TAG_reduce_then_scan  each block reduces its run of tiles, a grid-wide barrier, then each
 *                        scans its run again with the fold of the runs before it
 * Single-pass kernels take tiles in the order blocks claim them (an atomic counter), not
 * blockIdx (but where all blocks are resident at once: a cooperative launch, a cluster), so a
 * tile only ever waits for tiles already claimed by running blocks. */
#ifndef GPUSCAN_GRID_CUH
#define GPUSCAN_GRID_CUH

/* Tile states in the single-pass state arrays. */
#define GPUSCAN_STATE_EMPTY 0u     /* nothing published yet */
#define GPUSCAN_STATE_AGGREGATE 1u /* the tile's own aggregate is published */
#define GPUSCAN_STATE_PREFIX 2u    /* the inclusive prefix (all tiles up to this one) is published */

/* A single-pass scan's claim counter and tile states, and the round they are in.  Zeroed memory is
 * round 0.  Clearing them takes a launch of its own, which a small or mid-sized scan pays in full,
 * so a workspace the simple forms keep for a stream (memory.cuh) is cleared once and then used
 * round after round: a state word carries its round beside its status, a word of an earlier round
 * reads as EMPTY, and the counter counts on from the `claimed` claims of the earlier rounds.  Only
 * the host knows what a workspace held before (host.cuh: gpuscan_rounds_next_). */
typedef struct gpuscan_states_ {
    void *words;
    unsigned round, claimed;
    unsigned published; /* the earlier rounds' count on the word after the counter (P_fold_prefix) */
    unsigned self_clear; /* not cleared: the kernel clears them itself (see P_TAG_single_pass) */
    unsigned counter_slot; /* not cleared: the scan clears them, its counter in counter slot - 1 ... */
    unsigned clear_chunks; /* ... as many chunks of GPUSCAN_CLEAR_CHUNK_WORDS_ (host.cuh) ... */
    unsigned clear_first; /* ... taken first by the tiles from this one on */
} gpuscan_states_;
#define GPUSCAN_STATE_ROUNDS_ (1u << 30) /* rounds a 32-bit state word tells apart */
static __host__ __device__ __forceinline__ __attribute__((unused)) gpuscan_states_ gpuscan_states_cleared_(void *words)
{
    gpuscan_states_ s = {words, 0u, 0u, 0u, 0u, 0u, 0u, 0u};
    return s;
}
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_state_word_(gpuscan_states_ s, unsigned status)
{
    return s.round << 2 | status;
}
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_state_status_(gpuscan_states_ s, unsigned word)
{
    return word >> 2 == s.round ? word & 3u : GPUSCAN_STATE_EMPTY;
}

/* The next tile index, in the order blocks reach this point. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_next_tile_(unsigned *counter)
{
    __shared__ unsigned tile;
    if (threadIdx.x == 0) tile = atomicAdd(counter, 1u);
    __syncthreads();
    return tile;
}

/* Publication protocol.  A value of at most 12 bytes travels with its status in one word (the
 * status in the first 4 bytes, the value after it): 8 bytes for values of up to 4 bytes, 16
 * bytes otherwise.  The word is written and read as one access (st/ld.relaxed.gpu of a .u64 or
 * a .b128, both single accesses on sm_70 and later), so a reader sees either nothing or the
 * status together with its value, and no fence is needed.  A larger value goes to a slot
 * first; the 32-bit status is then stored with release semantics and loaded with acquire
 * semantics, which orders the slot write before the status and the slot read after it. */
#define GPUSCAN_PACKED_(T) (sizeof(T) <= 12)
#define GPUSCAN_STATE_BYTES_(T) (sizeof(T) <= 4 ? 8u : GPUSCAN_PACKED_(T) ? 16u : 4u)
#define GPUSCAN_SLOT_BYTES_(T) (GPUSCAN_PACKED_(T) ? 0u : 4u * GPUSCAN_WORDS_(T))

static __device__ __forceinline__ __attribute__((unused)) void gpuscan_store_release_u32_(unsigned *p, unsigned v)
{
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_load_acquire_u32_(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
/* One packed state word of `bytes` (8 or 16; 4: a status alone) as four 32-bit words w[0..3],
 * relaxed, gpu scope. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_store_word_(void *p, const unsigned *w, unsigned bytes)
{
    unsigned long long lo = ((unsigned long long)w[1] << 32) | w[0], hi = ((unsigned long long)w[3] << 32) | w[2];
    if (bytes == 4u)
        asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(w[0]) : "memory");
    else if (bytes == 8u)
        asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(lo) : "memory");
    else
        asm volatile("{ .reg .b128 t; mov.b128 t, {%1, %2}; st.relaxed.gpu.global.b128 [%0], t; }"
                     ::"l"(p), "l"(lo), "l"(hi) : "memory");
}
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_load_word_(const void *p, unsigned *w, unsigned bytes)
{
    unsigned long long lo, hi = 0;
    if (bytes == 8u)
        asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(lo) : "l"(p) : "memory");
    else
        asm volatile("{ .reg .b128 t; ld.relaxed.gpu.global.b128 t, [%2]; mov.b128 {%0, %1}, t; }"
                     : "=l"(lo), "=l"(hi) : "l"(p) : "memory");
    w[0] = (unsigned)lo, w[1] = (unsigned)(lo >> 32), w[2] = (unsigned)hi, w[3] = (unsigned)(hi >> 32);
}

/* Claim slots: a single-pass scan of several waves whose states hold anything (a caller's workspace)
 * clears them in its own launch (P_TAG_single_pass_clears; host.cuh takes the slot for the call).
 * Its claim counter cannot be in that workspace, so it is a slot of memory the library owns - zero
 * when the module loads, zeroed again by each scan's last tile - one a stream the library caches
 * (memory.cuh: the entry's index), so no two scans use one at once: a scan's blocks claim only after
 * the work before them on the stream has completed (griddepcontrol.wait).  The states are cleared
 * in chunks that blocks take from a second counter: each of a run of the first wave's tiles takes
 * one, and a tile that finds them not all cleared when it needs them takes what is left itself, so
 * the scan needs no more blocks at once than a look-back does (one).  Words of a slot: the claim
 * counter; a cache line on (every tile reads it: apart, its reads do not queue behind the claims),
 * the count of chunks cleared and the chunks taken. */
#define GPUSCAN_COUNTER_SLOTS_ 32
#define GPUSCAN_CHUNKS_CLEARED_ 32
#define GPUSCAN_CHUNKS_TAKEN_ 33
static __device__ unsigned gpuscan_counter_slots_[GPUSCAN_COUNTER_SLOTS_][64];
#define GPUSCAN_COUNTER_OF_(CLEARS, states, counter) ((CLEARS) ? gpuscan_counter_slots_[(states).counter_slot - 1] : (counter))
/* A chunk of states: 4 words a thread of the block (many small chunks: the first tiles claimed
 * clear them side by side, and the count is complete sooner); a test sets fewer words. */
#ifdef GPUSCAN_TEST_CLEAR_CHUNK_WORDS
#define GPUSCAN_CLEAR_CHUNK_WORDS_(threads) ((unsigned)GPUSCAN_TEST_CLEAR_CHUNK_WORDS)
#else
#define GPUSCAN_CLEAR_CHUNK_WORDS_(threads) (4u * (threads))
#endif
/* Clears chunk c of the states: `threads` threads, this one `rank` of them (the caller fences). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_clear_chunk_(gpuscan_states_ s, unsigned c, unsigned rank,
                                                                  unsigned threads, unsigned state_bytes)
{
    const size_t words = (size_t)gridDim.x * state_bytes / 4u, first = (size_t)c * GPUSCAN_CLEAR_CHUNK_WORDS_(blockDim.x);
    const size_t end = words - first < GPUSCAN_CLEAR_CHUNK_WORDS_(blockDim.x) ? words : first + GPUSCAN_CLEAR_CHUNK_WORDS_(blockDim.x);
    for (size_t i = first + rank; i < end; i += threads) ((unsigned *)s.words)[i] = 0u;
}
/* A tile of the run from clear_first (host.cuh: the first paced ones, which wait anyway, else the
 * first claimed) takes a chunk and clears it with the whole block, before anything else. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_take_clear_chunk_(gpuscan_states_ s, unsigned tile, unsigned *slot,
                                                            unsigned state_bytes)
{
    __shared__ unsigned taken;
    if (tile < s.clear_first || tile - s.clear_first >= s.clear_chunks) return;
    if (threadIdx.x == 0) taken = atomicAdd(slot + GPUSCAN_CHUNKS_TAKEN_, 1u);
    __syncthreads();
    if (taken >= s.clear_chunks) return; /* (all taken by tiles that found them missing) */
    gpuscan_clear_chunk_(s, taken, threadIdx.x, blockDim.x, state_bytes);
    __syncthreads();
    if (threadIdx.x == 0) { /* (the block's stores, ordered by the barrier, before the count) */
        __threadfence();
        atomicAdd(slot + GPUSCAN_CHUNKS_CLEARED_, 1u);
    }
}
/* Until every chunk is cleared, by one warp (before it reads or writes a state): while chunks are
 * left to take, it takes and clears them itself; then its first lane waits for the count, the
 * others behind it (so that once the first lane has published, no lane of the tile reads the count
 * again: the last tile zeroes it). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_cleared_wait_warp_(gpuscan_states_ s, unsigned *slot,
                                                                        unsigned state_bytes)
{
    const unsigned lane = threadIdx.x & 31u;
    unsigned open = lane == 0 && gpuscan_load_acquire_u32_(slot + GPUSCAN_CHUNKS_CLEARED_) >= s.clear_chunks;
    if (__shfl_sync(0xffffffffu, open, 0)) return;
    for (;;) {
        unsigned c = lane == 0 ? atomicAdd(slot + GPUSCAN_CHUNKS_TAKEN_, 1u) : 0u;
        c = __shfl_sync(0xffffffffu, c, 0);
        if (c >= s.clear_chunks) break;
        gpuscan_clear_chunk_(s, c, lane, 32u, state_bytes);
        __threadfence();
        __syncwarp();
        if (lane == 0) atomicAdd(slot + GPUSCAN_CHUNKS_CLEARED_, 1u);
    }
    if (lane == 0)
        while (gpuscan_load_acquire_u32_(slot + GPUSCAN_CHUNKS_CLEARED_) < s.clear_chunks) __nanosleep(64);
    __syncwarp();
}
/* The last tile, at its end, zeroes the slot for the next scan: every claim is made, and every tile
 * has published (the last one's look-back waited for them all), each after its last use of the
 * other words. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_counter_slot_zero_(unsigned *slot)
{
    slot[0] = 0u;
    slot[GPUSCAN_CHUNKS_CLEARED_] = 0u;
    slot[GPUSCAN_CHUNKS_TAKEN_] = 0u;
}

/* A tile's state of state_bytes back to EMPTY (round 0), as a clearing of the states would leave it. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_forget_state_(gpuscan_states_ s, size_t tile,
                                                                                     unsigned state_bytes)
{
    const unsigned zero[4] = {0u, 0u, 0u, 0u};
    gpuscan_store_word_((char *)s.words + tile * state_bytes, zero, state_bytes);
}
#define GPUSCAN_TILE_STATE_(P, T)                                                                                  \
    /* Publishes `status` and value v for `tile` (`slots`: where a large value goes). */                           \
    static __device__ __forceinline__ __attribute__((unused)) void P##_publish(gpuscan_states_ states, unsigned *slots, size_t tile,       \
                                                       unsigned status, T v)                                       \
    {                                                                                                              \
        if (GPUSCAN_PACKED_(T)) {                                                                                  \
            unsigned w[4] = {gpuscan_state_word_(states, status), 0u, 0u, 0u};                                     \
            memcpy(w + 1, &v, GPUSCAN_PACKED_(T) ? sizeof(T) : 0);                                                 \
            gpuscan_store_word_((char *)states.words + tile * GPUSCAN_STATE_BYTES_(T), w, GPUSCAN_STATE_BYTES_(T));\
        } else {                                                                                                   \
            P##_slot_store(slots + tile * GPUSCAN_WORDS_(T), v);                                                   \
            gpuscan_store_release_u32_((unsigned *)states.words + tile, gpuscan_state_word_(states, status));      \
        }                                                                                                          \
    }                                                                                                              \
    /* One look at `tile`'s state in two halves: the load of its word(s) (raw: nothing waits for    \
     * them, so several tiles' loads are in flight at once), then its status (possibly EMPTY) and,  \
     * if published, its value. */                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) void P##_peek_load(gpuscan_states_ states, size_t tile, \
                                                                                  unsigned w[4])    \
    {                                                                                                              \
        if (GPUSCAN_PACKED_(T))                                                                                    \
            gpuscan_load_word_((const char *)states.words + tile * GPUSCAN_STATE_BYTES_(T), w,                     \
                               GPUSCAN_STATE_BYTES_(T));                                                           \
        else                                                                                                       \
            w[0] = gpuscan_load_acquire_u32_((const unsigned *)states.words + tile);                               \
    }                                                                                                              \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_peek_read(gpuscan_states_ states, const unsigned *agg_slots, \
                                                             const unsigned *prefix_slots, size_t tile,            \
                                                             const unsigned w[4], T *v)                            \
    {                                                                                                              \
        const unsigned status = gpuscan_state_status_(states, w[0]);                                               \
        if (GPUSCAN_PACKED_(T))                                                                                    \
            memcpy(v, w + 1, GPUSCAN_PACKED_(T) ? sizeof(T) : 0);                                                  \
        else if (status != GPUSCAN_STATE_EMPTY)                                                                    \
            *v = P##_slot_load((status == GPUSCAN_STATE_PREFIX ? prefix_slots : agg_slots) + tile * GPUSCAN_WORDS_(T)); \
        return status;                                                                                             \
    }                                                                                                              \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_peek(gpuscan_states_ states, const unsigned *agg_slots,         \
                                                        const unsigned *prefix_slots, size_t tile, T *v)           \
    {                                                                                                              \
        unsigned w[4];                                                                                             \
        P##_peek_load(states, tile, w);                                                                            \
        return P##_peek_read(states, agg_slots, prefix_slots, tile, w, v);                                         \
    }                                                                                                              \
    /* Sets `tile`'s state to EMPTY (round 0), as a clearing of the states would have. */          \
    static __device__ __forceinline__ __attribute__((unused)) void P##_forget(gpuscan_states_ states, size_t tile) \
    {                                                                                              \
        gpuscan_forget_state_(states, tile, GPUSCAN_STATE_BYTES_(T));                              \
    }                                                                                              \
    /* Waits until `tile` has published something; returns its status, its value in *v. */                         \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_await(gpuscan_states_ states, const unsigned *agg_slots,        \
                                                         const unsigned *prefix_slots, size_t tile, T *v)          \
    {                                                                                                              \
        unsigned status;                                                                                           \
        while ((status = P##_peek(states, agg_slots, prefix_slots, tile, v)) == GPUSCAN_STATE_EMPTY) {             \
        }                                                                                                          \
        return status;                                                                                             \
    }

/* The ends of a scan, shared by every kernel: what comes before element 0 and where the total
 * goes.  A seeded scan (every exclusive one, and an inclusive one given an initial value) has a
 * seed: a value, or one read from device memory (chained scans).  The total (the seed, then every
 * element) goes to up to two places: out[n] for offsets, and the caller's pointer.
 * The seed's cell may be the total's (a carry kept in one place from call to call), so it is read
 * by one thread only - in the block that folds it into the first published value (tile 0's
 * prefix, the first aggregate handed on), before that is published - and every other thread that
 * needs the seed gets it from that one (a shuffle, a block broadcast, P_ahead's stash, the ring's
 * shared copy).  The total is written by the block that learns it last, after that read. */
#define GPUSCAN_SCAN_ENDS_(P, T)                                                                    \
    typedef struct P##_ends {                                                                       \
        T init;             /* the seed, where init_ptr is NULL */                                  \
        const T *init_ptr;  /* the seed in device memory, or NULL */                                \
        T *total[2];        /* where the total goes (NULL: nowhere) */                              \
        int exclusive;      /* element i gets the fold of elements before it */                     \
        int seeded;         /* the seed goes in front (always, when exclusive) */                   \
    } P##_ends;                                                                                     \
    /* A scan's data, as the single-pass kernels take it. */                                        \
    typedef struct P##_scan_io {                                                                    \
        const P##_in_t *in;                                                                         \
        P##_out_t *out;                                                                             \
        P##_ends ends;                                                                              \
    } P##_scan_io;                                                                                  \
    static __host__ __device__ __forceinline__ __attribute__((unused)) P##_ends P##_no_ends(void)                           \
    {                                                                                               \
        P##_ends e;                                                                                 \
        memset(&e, 0, sizeof e);                                                                    \
        e.init = P##_identity();                                                                    \
        return e;                                                                                   \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) T P##_seed(const P##_ends *e)                                 \
    {                                                                                               \
        if (e->init_ptr == NULL) return e->init;                                                    \
        T v;                                                                                        \
        memcpy(&v, e->init_ptr, sizeof v);                                                          \
        return v;                                                                                   \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) void P##_put_total(const P##_ends *e, T total)                \
    {                                                                                               \
        if (e->total[0] != NULL) *e->total[0] = total;                                              \
        if (e->total[1] != NULL) *e->total[1] = total;                                              \
    }                                                                                               \
    /* The total of an empty scan: the seed, or the identity. */                                    \
    static __global__ void P##_ends_only(P##_ends ends)                                             \
    {                                                                                               \
        P##_put_total(&ends, ends.seeded ? P##_seed(&ends) : P##_identity());                       \
    }

/* Elements from `base` on, at most `most`, of n. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_run_length_(size_t n, size_t base, unsigned most)
{
    return n - base < (size_t)most ? (unsigned)(n - base) : most;
}
/* Asks L2 for the 128-byte lines holding `bytes` from p, a line a thread: a hint that changes no
 * value a load returns (L2 is where the GPU's writes meet), so it may come before a kernel's wait
 * for the work before it. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_prefetch_l2_(const void *p, size_t bytes)
{
    if (!__isGlobal(p)) return;
    const size_t skew = (size_t)((uintptr_t)p & 127u);
    const char *line = (const char *)p - skew;
    for (size_t o = (size_t)threadIdx.x * 128u; o < bytes + skew; o += (size_t)blockDim.x * 128u)
        asm volatile("prefetch.global.L2 [%0];" ::"l"(line + o));
}
/* Tile geometry common to all kernels of one block algorithm. */
#define GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid)                                          \
    const size_t base = (size_t)(tile) * GPUSCAN_TILE_(TAG, T);                                     \
    const unsigned valid = gpuscan_run_length_(n, base, GPUSCAN_TILE_(TAG, T))
/* The same, REV: of the mirrored sequence (a reverse scan), whose tile `tile` is the input's
 * tile K - 1 - tile of K (read back to front: the reader's REV). */
#define GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, REV)                                 \
    const size_t base = (size_t)((REV) ? ((n) + GPUSCAN_TILE_(TAG, T) - 1) / GPUSCAN_TILE_(TAG, T)   \
                                             - 1 - (size_t)(tile)                                   \
                                       : (size_t)(tile)) * GPUSCAN_TILE_(TAG, T);                   \
    const unsigned valid = gpuscan_run_length_(n, base, GPUSCAN_TILE_(TAG, T))

/* Decoupled look-back by one warp, over windows of 32 predecessors (lane 31 the nearest).  Each
 * lane waits until its tile has published something; the nearest lane holding an inclusive
 * prefix starts the fold.  Without one the search moves a window to the left, and each window is
 * combined by a shuffle tree: fast, but associated by where the prefix was found, i.e. by timing,
 * so floating-point results may differ from run to run.
 *
 * Determinism (GPUSCAN_DETERMINISTIC=1, for operators that do not associate exactly: P_FIXED_ORDER_,
 * element.cuh): the tiles are taken in groups of 32 (tiles 32g .. 32g + 31), and every prefix is
 * one fixed expression of the aggregates a(t), whatever a look-back finds published.  With A(g)
 * the fold of all before group g, B(g) = A(g) (x) a(32g) (what the group's first tile publishes,
 * its inclusive prefix) and R(g, k) = a(32g + 1) (x) ... (x) a(32g + k) combined in Kogge-Stone's
 * shape (P_group_rest):
 *     A(g + 1) = B(g) (x) R(g, 31),   P(32g) = A(g),   P(32g + k) = B(g) (x) R(g, k - 1) (k > 0)
 * (R(g, 0): nothing).  Only a group's first tile publishes its inclusive prefix (the others keep
 * their aggregates, which the look-backs of later groups fold: P_publishes_prefix); a tile reads its
 * group's tiles before it, and where B(g) is not out yet walks back group by group to one whose
 * B is, then folds A forward.  A group's tiles wait for no one later in it, the walk combines each
 * group as a tree (five shuffle steps, as the default's window) and the fold forward costs two
 * combines a group walked, publishing each B it passes for the group's first tile (P_lend_prefix:
 * the same bits that tile will publish), so that later look-backs stop there: the association
 * never depends on timing.  The ring's producer claims units a few at a time, and a claim's later
 * units take the prefix of the unit before without a look-back; there the groups are of 32 claims,
 * a(c) is the left fold of claim c's units (read from their states) and B(g) is published by the
 * last unit of the group's first claim (ring.cuh, P_ring_claim_prefix). */
#ifndef GPUSCAN_DETERMINISTIC
#define GPUSCAN_DETERMINISTIC 0
#endif
/* Groups a deterministic look-back holds in its lanes while walking back; past them it waits for
 * the deepest one's first tile (test hook: a low value makes the unit tests reach that wait). */
#ifndef GPUSCAN_TEST_GROUPS_HELD
#define GPUSCAN_TEST_GROUPS_HELD 32
#endif
/* Units a claim of a deterministic look-back has at most (its states are read at once: the ring's
 * GPUSCAN_RING_CLAIM is held to it there). */
#define GPUSCAN_GROUP_CLAIM_MOST_ 4
/* The unit that holds group g's B: the last of the group's first claim of `claim` units. */
static __device__ __forceinline__ __attribute__((unused)) size_t gpuscan_group_anchor_(size_t g, unsigned claim)
{
    return (g * 32u + 1u) * claim - 1u;
}
#define GPUSCAN_LOOKBACK_WINDOW_(P, T)                                                                      \
    /* Lane l: the state of tile nearest-31+l, once published (tiles before 0 count as                         \
     * aggregates and are never folded: tile 0 always publishes a prefix).  Returns the ballot                 \
     * of lanes holding an inclusive prefix. */                                                                \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_window(long long nearest, gpuscan_states_ states,           \
                                                          const unsigned *agg_slots,                           \
                                                          const unsigned *prefix_slots, T *v)                  \
    {                                                                                                          \
        const long long j = nearest - 31 + (threadIdx.x & 31);                                                 \
        unsigned status = GPUSCAN_STATE_AGGREGATE;                                                             \
        if (j >= 0) {                                                                                          \
            do {                                                                                               \
                status = P##_peek(states, agg_slots, prefix_slots, (size_t)j, v);                              \
            } while (status == GPUSCAN_STATE_EMPTY);                                                           \
        }                                                                                                      \
        return __ballot_sync(0xffffffffu, status == GPUSCAN_STATE_PREFIX);                                     \
    }                                                                                                          \
    /* The deterministic mode's: lane l below `count` the states of claim first + l's `claim` units        \
     * (units (first + l) * claim ...; a tile is a claim of one), once published, folded left into *v         \
     * (the others keep *v).  A lane reads all its states before it waits on any (a claim's units in one     \
     * round trip), then waits on those it found unpublished, alone.  Returns whether lane 0's last unit      \
     * holds an inclusive prefix, B, which is then lane 0's *v. */                                             \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_group_window(size_t first, unsigned count,                 \
                                                                unsigned claim, gpuscan_states_ states,        \
                                                                const unsigned *agg_slots,                     \
                                                                const unsigned *prefix_slots, T *v)            \
    {                                                                                                          \
        enum { MOST = GPUSCAN_GROUP_CLAIM_MOST_ };                                                             \
        unsigned status = GPUSCAN_STATE_AGGREGATE;                                                             \
        if ((threadIdx.x & 31u) < count) {                                                                     \
            const size_t unit = (first + (threadIdx.x & 31u)) * claim;                                         \
            if (claim == 1u) { /* (look-back kernels: one state; arrays spilled large types) */                \
                T x;                                                                                           \
                do {                                                                                           \
                    status = P##_peek(states, agg_slots, prefix_slots, unit, &x);                              \
                } while (status == GPUSCAN_STATE_EMPTY);                                                       \
                *v = x;                                                                                        \
            } else {                                                                                           \
                unsigned got[MOST];                                                                            \
                T x[MOST];                                                                                     \
                _Pragma("unroll") for (unsigned j = 0; j < MOST; ++j) if (j < claim) {                        \
                    x[j] = *v;                                                                                 \
                    got[j] = P##_peek(states, agg_slots, prefix_slots, unit + j, &x[j]);                       \
                }                                                                                              \
                _Pragma("unroll") for (unsigned j = 0; j < MOST; ++j) if (j < claim) {                        \
                    while (got[j] == GPUSCAN_STATE_EMPTY)                                                      \
                        got[j] = P##_peek(states, agg_slots, prefix_slots, unit + j, &x[j]);                   \
                    *v = j == 0 || got[j] == GPUSCAN_STATE_PREFIX ? x[j] : P##_combine(*v, x[j]);              \
                    status = got[j];                                                                           \
                }                                                                                              \
            }                                                                                                  \
        }                                                                                                      \
        return __ballot_sync(0xffffffffu, status == GPUSCAN_STATE_PREFIX) & 1u;                                \
    }                                                                                                          \
    /* Lane k gets R(g, k + 1): lanes 1 .. k + 1 of a group's window, Kogge-Stone's fixed shape. */           \
    static __device__ __forceinline__ __attribute__((unused)) T P##_group_rest(T v, int lane)                  \
    {                                                                                                          \
        return P##_warp_inclusive(P##_shfl_down(v, 1), lane);                                                  \
    }                                                                                                          \
    /* R(g, k - 1) in every lane (k >= 2; else lane 0's, unused): v lane l's value a(32g + l). */              \
    static __device__ __forceinline__ __attribute__((unused)) T P##_group_rest_to(T v, int lane, unsigned k)   \
    {                                                                                                          \
        return P##_shfl_idx(P##_group_rest(v, lane), k >= 2 ? (int)k - 2 : 0);                                 \
    }                                                                                                          \
    /* Whether a look-back publishes `unit`'s inclusive prefix (in claims of `claim` units):                   \
     * deterministic, a group's anchor only. */                                                                \
    static __device__ __forceinline__ __attribute__((unused)) int P##_publishes_prefix(size_t unit, unsigned claim) \
    {                                                                                                          \
        return !P##_FIXED_ORDER_ || unit == gpuscan_group_anchor_(unit / claim / 32u, claim);                  \
    }                                                                                                          \
    /* B of a group a look-back walked past, published for its first claim's last unit (which will        \
     * publish the same bits): later look-backs find it there instead of walking the same way again. */     \
    static __device__ __forceinline__ __attribute__((unused)) void P##_lend_prefix(gpuscan_states_ states,     \
                                                               unsigned *prefix_slots, size_t unit, T b)       \
    {                                                                                                          \
        if ((threadIdx.x & 31u) == 0) P##_publish(states, prefix_slots, unit, GPUSCAN_STATE_PREFIX, b);        \
    }                                                                                                          \
    enum { P##_GROUPED_PREFIXES_ = P##_FIXED_ORDER_ }; /* (the unit tests' expectations) */
#define GPUSCAN_LOOKBACK_FOLD_(P, T)                                                                        \
    /* The deterministic mode's exclusive prefix of claim c > 0 of `claim` units, in every lane (above;      \
     * the look-back kernels' claims are tiles, one unit each). */                                             \
    static __device__ __forceinline__ __attribute__((unused)) T P##_group_lookback(size_t c, unsigned claim,   \
                                                           gpuscan_states_ states,                             \
                                                           const unsigned *agg_slots,                          \
                                                           unsigned *prefix_slots, T fill)                     \
    {                                                                                                          \
        static_assert(GPUSCAN_TEST_GROUPS_HELD >= 1 && GPUSCAN_TEST_GROUPS_HELD <= 32,                         \
                      "gpuscan: GPUSCAN_TEST_GROUPS_HELD is 1 to 32 (the lanes that hold the groups)");        \
        const int lane = threadIdx.x & 31;                                                                     \
        const size_t g = c / 32u;                                                                              \
        const unsigned k = c % 32u;                                                                            \
        T v = fill;                                                                                            \
        const unsigned anchored = P##_group_window(g * 32u, k, claim, states, agg_slots, prefix_slots, &v);    \
        const T rest = P##_group_rest_to(v, lane, k), first = P##_shfl_idx(v, 0);                              \
        T acc = first; /* (group 0: B(0) either way, its fold starting from unit 0's inclusive prefix) */      \
        if (k == 0 || (!anchored && g > 0)) { /* A(g): back to a group whose B is out, then forward */         \
            T held_first = fill, held_rest = fill; /* lane d: group g - 1 - d's a(32m), R(m, 31) */            \
            int depth = 0;                                                                                     \
            for (size_t m = g - 1;; --m) { /* (g > 0 here) */                                                  \
                T w = fill;                                                                                    \
                if (depth == GPUSCAN_TEST_GROUPS_HELD) { /* the deepest group held: its own B */               \
                    while (P##_peek(states, agg_slots, prefix_slots, gpuscan_group_anchor_(m + 1, claim), &w) != \
                           GPUSCAN_STATE_PREFIX) {                                                             \
                    }                                                                                          \
                    acc = P##_combine(w, P##_shfl_idx(held_rest, --depth));                                    \
                    break;                                                                                     \
                }                                                                                              \
                const unsigned got = P##_group_window(m * 32u, 32u, claim, states, agg_slots, prefix_slots, &w); \
                const T w_rest = P##_group_rest_to(w, lane, 32u), w_first = P##_shfl_idx(w, 0);                \
                if (got || m == 0) {                                                                           \
                    acc = P##_combine(w_first, w_rest);                                                        \
                    break;                                                                                     \
                }                                                                                              \
                if (lane == depth) held_first = w_first, held_rest = w_rest;                                   \
                ++depth;                                                                                       \
            }                                                                                                  \
            for (int d = depth - 1; d >= 0; --d) { /* A(m + 1) = B(m) (x) R(m, 31), B(m) = A(m) (x) a(32m) */  \
                acc = P##_combine(acc, P##_shfl_idx(held_first, d));                                           \
                P##_lend_prefix(states, prefix_slots, gpuscan_group_anchor_(g - 1 - d, claim), acc);           \
                acc = P##_combine(acc, P##_shfl_idx(held_rest, d));                                            \
            }                                                                                                  \
            if (k == 0) return acc;                                                                            \
            acc = P##_combine(acc, first); /* B(g) */                                                          \
            P##_lend_prefix(states, prefix_slots, gpuscan_group_anchor_(g, claim), acc);                       \
        }                                                                                                      \
        return k >= 2 ? P##_combine(acc, rest) : acc;                                                          \
    }                                                                                                          \
    /* The exclusive prefix of `tile` > 0 in lane 0 (init included: it is in tile 0's prefix). */              \
    static __device__ __forceinline__ __attribute__((unused)) T P##_lookback(unsigned tile, gpuscan_states_ states,                    \
                                                     const unsigned *agg_slots,                                \
                                                     unsigned *prefix_slots, T fill)                           \
    {                                                                                                          \
        if (P##_FIXED_ORDER_) return P##_group_lookback(tile, 1u, states, agg_slots, prefix_slots, fill);      \
        const int lane = threadIdx.x & 31;                                                                     \
        long long nearest = (long long)tile - 1;                                                               \
        T v = fill, acc = fill;                                                                                \
        int has_acc = 0;                                                                                       \
        unsigned prefixes;                                                                                     \
        while ((prefixes = P##_window(nearest, states, agg_slots, prefix_slots, &v)) == 0u) {                  \
            T part = P##_shfl_idx(P##_warp_reduce(v, lane, 32), 0); /* fold the window in now, as a tree */    \
            acc = has_acc ? P##_combine(part, acc) : part;                                                     \
            has_acc = 1;                                                                                       \
            nearest -= 32;                                                                                     \
        }                                                                                                      \
        T part = P##_shfl_idx(P##_warp_reduce(v, lane, 32), 31 - __clz(prefixes));                             \
        return has_acc ? P##_combine(part, acc) : part;                                                        \
    }
#define GPUSCAN_TILE_PREFIX_(P, T)                                                                          \
    /* How a single-pass tile learns its exclusive prefix, and publishes its inclusive one:                    \
     * look-back (warp 0; the aggregate is published first so successors can use it at once)                   \
     * or domino (thread 0 waits for the left neighbour).  The prefix is returned in thread 0;                 \
     * *has_prefix tells whether there is one (not for tile 0 of an unseeded scan; `init`: the                 \
     * seed, read by tile 0 only). */                                                                          \
    static __device__ __forceinline__ __attribute__((unused)) T P##_tile_prefix(int lookback, unsigned tile, T aggregate,              \
                                                        gpuscan_states_ states, unsigned *agg_slots,           \
                                                        unsigned *prefix_slots, int seeded,                    \
                                                        T init, int *has_prefix)                               \
    {                                                                                                          \
        T prefix = init;                                                                                       \
        *has_prefix = seeded;                                                                                  \
        if (threadIdx.x >= 32) return prefix;                                                                  \
        if (tile > 0 && lookback) {                                                                            \
            if (threadIdx.x == 0) P##_publish(states, agg_slots, tile, GPUSCAN_STATE_AGGREGATE, aggregate);    \
            prefix = P##_lookback(tile, states, agg_slots, prefix_slots, aggregate);                           \
            *has_prefix = 1;                                                                                   \
        } else if (tile > 0 && threadIdx.x == 0) {                                                             \
            P##_await(states, prefix_slots, prefix_slots, tile - 1, &prefix);                                  \
            *has_prefix = 1;                                                                                   \
        }                                                                                                      \
        if (threadIdx.x == 0 && (!lookback || P##_publishes_prefix(tile, 1u)))                                \
            P##_publish(states, prefix_slots, tile, GPUSCAN_STATE_PREFIX,                                      \
                        *has_prefix ? P##_combine(prefix, aggregate) : aggregate);                             \
        return prefix;                                                                                         \
    }
/* Pacing a look-back's first wave.  The blocks resident at once claim their tiles together and
 * would load them together, landing in no particular order; a tile's prefix waits for the last of
 * its predecessors to land, so stores start late and the first wave holds its slots long.  So a
 * tile of the first wave (below `below`, the blocks resident at once) at least `window` tiles in
 * loads only once the tile `window` before it has published its aggregate: about `window` tiles'
 * loads in flight (enough to keep the memory busy: host.cuh, gpuscan_pace_of_), landing in order.
 * Later tiles are claimed as earlier ones finish, in order already.  window 0: no pacing. */
typedef struct gpuscan_pace_ {
    unsigned window, below;
} gpuscan_pace_;
#define GPUSCAN_PACE_STAGE_(P, T)                                                                   \
    static __device__ __forceinline__ __attribute__((unused)) void P##_pace(unsigned tile, gpuscan_pace_ pace,              \
                                                    gpuscan_states_ states, const unsigned *agg_slots,\
                                                    const unsigned *prefix_slots, unsigned *slot) \
    {                                                                                               \
        if (pace.window == 0 || tile < pace.window || tile >= pace.below) return;                   \
        if (slot != NULL && threadIdx.x < 32) gpuscan_cleared_wait_warp_(states, slot, GPUSCAN_STATE_BYTES_(T)); \
        if (threadIdx.x == 0) {                                                                     \
            T ignored;                                                                              \
            P##_await(states, agg_slots, prefix_slots, tile - pace.window, &ignored);               \
        }                                                                                           \
        __syncthreads();                                                                            \
    }
/* The fold: a look-back scan whose tiles all run at once (host.cuh: P_TAG_folds).  There a tile
 * waits for its slowest predecessor's loads whatever it does, and the look-back adds, after that,
 * the chain of inclusive prefixes that its windows walk back to.  Here
 * thread 0 publishes the tile's aggregate (tile 0's after the seed), counts it on `published`
 * (the word after the claim counter, counted on from the earlier rounds' `states.published`) and
 * waits until as many tiles have published as come up to this one - one word, so the waiting
 * costs L2 little - and then the whole block reads every earlier tile's aggregate at once,
 * GPUSCAN_FOLD_READS a thread (again where one is not yet there), and folds them in a fixed order
 * that is not the tiles' own (the same every run): commuting operators only (P_FOLDS_).  The
 * prefix in thread 0, as P_tile_prefix gives it. */
#define GPUSCAN_FOLD_PREFIX_(P, T)                                                                  \
    /* (not behind a typed load stage: its kernel spilled with the fold beside the look-back) */    \
    enum { P##_FOLDS_ = P##_COMMUTES_ && P##_LOAD_COPIES_ && sizeof(T) <= GPUSCAN_FOLD_MAX_BYTES };  \
    /* The deterministic mode's fold: the expression a look-back gives (P_group_lookback), so that     \
     * whether a device runs the tiles all at once does not change a bit.  v[k]: tile threadIdx.x +   \
     * k * blockDim.x's aggregate (the identity from `tile` on), so each warp holds a group in each    \
     * k.  The warps lay out the left fold's operands in order - R(0, 31), a(32), R(1, 31), a(64),     \
     * ... - and thread 0 folds them onto B(0) (its loads run ahead of the combines).  The prefix in   \
     * thread 0. */                                                                                   \
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold_groups(unsigned tile,      \
                                                                                const T *v)         \
    {                                                                                               \
        enum { GROUPS = GPUSCAN_FOLD_READS * 1024u / 32u };                                         \
        __shared__ __align__(16) unsigned char mem[(2 * GROUPS + 1) * sizeof(T)];                   \
        T *chain = (T *)mem, *own_rest = chain + 2 * GROUPS; /* chain[0]: B(0) */                   \
        const int lane = threadIdx.x & 31;                                                          \
        const unsigned g = tile / 32u, q = tile % 32u;                                              \
        _Pragma("unroll") for (unsigned k = 0; k < GPUSCAN_FOLD_READS; ++k) {                       \
            const unsigned j = threadIdx.x - lane + k * blockDim.x, m = j / 32u; /* (the warp's) */ \
            if (j < tile) {                                                                         \
                const T r = P##_group_rest(v[k], lane); /* lane l: R(m, l + 1) */                   \
                if (lane == 0) chain[2 * m] = v[k];                                                 \
                if (m < g && lane == 30) chain[2 * m + 1] = r;                                      \
                if (m == g && lane + 2 == (int)q) *own_rest = r;                                    \
            }                                                                                       \
        }                                                                                           \
        __syncthreads();                                                                            \
        T acc = chain[0];                                                                           \
        if (threadIdx.x == 0 && tile > 0) {                                                         \
            /* A(g) = B(0) (x) R(0, 31) (x) a(32) ... (x) R(g - 1, 31), then (x) a(32g) = B(g) */   \
            const unsigned operands = g > 0 ? 2 * g - 1 + (q > 0) : 0;                              \
            _Pragma("unroll 8") for (unsigned i = 1; i <= operands; ++i) acc = P##_combine(acc, chain[i]); \
            if (q >= 2) acc = P##_combine(acc, *own_rest);                                          \
        }                                                                                           \
        return acc;                                                                                 \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold_prefix(unsigned tile, T aggregate, gpuscan_states_ states, \
                                                        const unsigned *agg_slots, unsigned *published, \
                                                        int seeded, T seed, int *has_prefix)        \
    {                                                                                               \
        T v[GPUSCAN_FOLD_READS], acc;                                                               \
        unsigned pending = 0u;                                                                      \
        if (threadIdx.x == 0) {                                                                     \
            P##_publish(states, (unsigned *)agg_slots, tile, GPUSCAN_STATE_AGGREGATE,               \
                        tile == 0 && seeded ? P##_combine(seed, aggregate) : aggregate);            \
            __threadfence();                                                                        \
            atomicAdd(published, 1u);                                                               \
            while (gpuscan_load_acquire_u32_(published) - states.published <= tile) __nanosleep(32); \
        }                                                                                           \
        __syncthreads();                                                                            \
        _Pragma("unroll") for (unsigned k = 0; k < GPUSCAN_FOLD_READS; ++k) { /* all loads at once */ \
            const unsigned j = threadIdx.x + k * blockDim.x;                                        \
            v[k] = P##_identity();                                                                  \
            if (j < tile && P##_peek(states, agg_slots, agg_slots, j, &v[k]) == GPUSCAN_STATE_EMPTY) \
                pending |= 1u << k;                                                                 \
        }                                                                                           \
        while (pending) {                                                                           \
            __nanosleep(128);                                                                       \
            _Pragma("unroll") for (unsigned k = 0; k < GPUSCAN_FOLD_READS; ++k)                     \
                if ((pending >> k & 1u) && P##_peek(states, agg_slots, agg_slots, threadIdx.x + k * blockDim.x, \
                                                    &v[k]) != GPUSCAN_STATE_EMPTY)                  \
                    pending &= ~(1u << k);                                                          \
        }                                                                                           \
        if (P##_FIXED_ORDER_) {                                                                     \
            acc = P##_fold_groups(tile, v);                                                         \
        } else {                                                                                    \
            acc = v[0];                                                                             \
            _Pragma("unroll") for (unsigned k = 1; k < GPUSCAN_FOLD_READS; ++k) acc = P##_combine(acc, v[k]); \
            acc = P##_block_reduce_values(acc, (int)blockDim.x);                                    \
        }                                                                                           \
        *has_prefix = seeded || tile > 0;                                                           \
        return tile > 0 ? acc : seed;                                                               \
    }
/* The look-back, the fold, the single-pass tiles' prefix and the first wave's pace. */
#define GPUSCAN_LOOKBACK_(P, T)                                                                     \
    GPUSCAN_LOOKBACK_WINDOW_(P, T)                                                                  \
    GPUSCAN_LOOKBACK_FOLD_(P, T)                                                                    \
    GPUSCAN_FOLD_PREFIX_(P, T)                                                                      \
    GPUSCAN_TILE_PREFIX_(P, T)                                                                      \
    GPUSCAN_PACE_STAGE_(P, T)

/* ---- mbarriers (sm_90): the ring's hand-overs (ring.cuh) ------------------------------------ */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GPUSCAN_ASYNC_COPY_ 1
#else
#define GPUSCAN_ASYNC_COPY_ 0
#endif
/* The body of a helper that is one PTX instruction with no operands on sm_90, a trap elsewhere. */
#if GPUSCAN_ASYNC_COPY_
#define GPUSCAN_SM90_ASM_(text) asm volatile(text ::: "memory")
#else
#define GPUSCAN_SM90_ASM_(text) __trap()
#endif
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_shared_addr_(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_mbar_init_(unsigned long long *bar, unsigned count)
{
#if GPUSCAN_ASYNC_COPY_
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(gpuscan_shared_addr_(bar)), "r"(count) : "memory");
#else
    (void)bar, (void)count;
    __trap();
#endif
}
/* Makes this thread's mbarrier initializations visible to the asynchronous copies. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_mbar_init_fence_(void)
{
    GPUSCAN_SM90_ASM_("fence.mbarrier_init.release.cluster;");
}
/* One arrival (release: this thread's writes before it are seen by whoever waits). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_mbar_arrive_(unsigned long long *bar)
{
#if GPUSCAN_ASYNC_COPY_
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(gpuscan_shared_addr_(bar)) : "memory");
#else
    (void)bar;
    __trap();
#endif
}
/* Waits until the phase of parity `parity` has completed (acquire at CTA scope). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_mbar_wait_(unsigned long long *bar, unsigned parity)
{
#if GPUSCAN_ASYNC_COPY_
    const unsigned b = gpuscan_shared_addr_(bar);
    unsigned done;
    do {
        asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                     : "=r"(done) : "r"(b), "r"(parity) : "memory");
    } while (!done);
#else
    (void)bar, (void)parity;
    __trap();
#endif
}
/* Programmatic dependent launch (sm_90; host.cuh: gpuscan_pdl_supported_).  A single-pass scan's tile
 * states are cleared before it claims its first tile.  With enough tiles the host clears them
 * with a kernel that lets the scan's launch go ahead at once (launch_dependents), and the scan
 * waits for that kernel's completion, its writes visible, only just before its claim: the
 * scan's blocks are dispatched while the states are cleared, not after.  Every scan of one pass
 * (single-pass, one cluster, one tile) and a reduction of one block are launched so and wait
 * first, whatever runs before them; once all their blocks run (have claimed), they let the next
 * one go ahead in turn, so that calls back to back are dispatched into the slots the one before
 * frees as it ends (a reduction of many blocks: only its fold is a dependent, of its first pass).
 * A kernel launched without the attribute does not wait. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_wait_prerequisites_(void)
{
#if GPUSCAN_ASYNC_COPY_
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
/* Lets the kernel launched behind this one as its programmatic dependent start (it waits for
 * this one's completion where it needs its results). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_let_dependents_launch_(void)
{
#if GPUSCAN_ASYNC_COPY_
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
/* Test hook: GPUSCAN_TEST_EMPTY_KERNELS 1 compiles the kernels that do a scan's work with empty
 * bodies, for a suite that launches none of them (host_checks: the host layer; gpu_units: the
 * layers in kernels of its own), three quarters of whose compile time would be theirs. */
#ifndef GPUSCAN_TEST_EMPTY_KERNELS
#define GPUSCAN_TEST_EMPTY_KERNELS 0
#endif
/* Clears `words` 32-bit words from p: a single-pass scan's counter and tile states - once the
 * work before it (a scan that used them) is done: it is launched as a dependent too. */
static __global__ void gpuscan_clear_states_(unsigned *p, size_t words)
{
    gpuscan_let_dependents_launch_();
    gpuscan_wait_prerequisites_();
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x)
        p[i] = 0u;
}
/* Thread-block clusters (sm_90).  A scan of at most GPUSCAN_CLUSTER_MAX_TILES tiles runs as one
 * cluster (P_TAG_cluster): the tiles' aggregates go through distributed shared memory, so it needs
 * no tile states in global memory, no memset before it and one launch (the small-n path of the
 * look-back; 0 turns it off).  The host uses it only where the device launches clusters and
 * the kernel was built for sm_90 or later; elsewhere these helpers trap. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_cluster_arrive_(void)
{
    GPUSCAN_SM90_ASM_("barrier.cluster.arrive.relaxed.aligned;");
}
/* Arrival with release: this thread's writes before it are seen by every thread after its wait. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_cluster_arrive_release_(void)
{
    GPUSCAN_SM90_ASM_("barrier.cluster.arrive.release.aligned;");
}
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_cluster_wait_(void)
{
    GPUSCAN_SM90_ASM_("barrier.cluster.wait.acquire.aligned;");
}
/* The address of `p` (this block's shared memory) in block `rank` of the cluster. */
static __device__ __forceinline__ __attribute__((unused)) void *gpuscan_cluster_map_(void *p, unsigned rank)
{
#if GPUSCAN_ASYNC_COPY_
    void *q;
    asm volatile("mapa.u64 %0, %1, %2;" : "=l"(q) : "l"(p), "r"(rank));
    return q;
#else
    (void)rank;
    __trap();
    return p;
#endif
}
#define GPUSCAN_CLUSTER_PREFIX_(P, T)                                                                 \
    /* A one-cluster scan's hand-over: in block r, a slot for the aggregate of each block before r. */\
    static __device__ __forceinline__ __attribute__((unused)) T *P##_cluster_slots(void)                                      \
    {                                                                                                 \
        enum { SLOTS = GPUSCAN_MAX_(GPUSCAN_CLUSTER_MAX_TILES, 1) };                                  \
        __shared__ __align__(16) unsigned char slots[SLOTS * sizeof(T)];                              \
        return (T *)slots;                                                                            \
    }                                                                                                 \
    /* The prefix of block `tile`'s tile, in every thread.  The block arrived at the cluster barrier  \
     * when it started; its wait here (every block has started, so its shared memory may be written)  \
     * hides behind the tile's loads and scan.  Thread j writes this block's aggregate into slot      \
     * `tile` of every later block j (block 0 of a seeded scan: the seed and its aggregate); after a  \
     * whole barrier every write has landed, no block writes into another any more (each may exit),   \
     * and each thread folds slots 0..tile-1 in order (`seed`: the seed, read by block 0).  The      \
     * deterministic mode's: each warp combines them as a look-back of its group 0 would (grid.cuh:    \
     * B(0) (x) R(0, tile - 1)), so that a device without clusters gets the same bits. */             \
    static __device__ __forceinline__ __attribute__((unused)) T P##_cluster_prefix(unsigned tile, T aggregate, int seeded,    \
                                                           T seed, int *has_prefix)                   \
    {                                                                                                 \
        static_assert(!P##_FIXED_ORDER_ || GPUSCAN_CLUSTER_MAX_TILES <= 32,                           \
                      "gpuscan: GPUSCAN_CLUSTER_MAX_TILES is at most 32 in the deterministic mode");  \
        gpuscan_cluster_wait_();                                                                      \
        if (threadIdx.x > tile && threadIdx.x < gridDim.x)                                            \
            *(T *)gpuscan_cluster_map_(P##_cluster_slots() + tile, threadIdx.x) =                     \
                tile == 0 && seeded ? P##_combine(seed, aggregate) : aggregate;                       \
        gpuscan_cluster_arrive_release_();                                                            \
        gpuscan_cluster_wait_();                                                                      \
        *has_prefix = seeded || tile > 0;                                                             \
        if (tile == 0) return seed;                                                                   \
        const T *slots = P##_cluster_slots();                                                         \
        if (P##_FIXED_ORDER_) {                                                                       \
            const int lane = threadIdx.x & 31;                                                        \
            const T v = slots[(unsigned)lane < tile ? lane : 0];                                      \
            const T first = P##_shfl_idx(v, 0),                                                       \
                    rest = P##_shfl_idx(P##_group_rest(v, lane), tile >= 2 ? (int)tile - 2 : 0);      \
            return tile >= 2 ? P##_combine(first, rest) : first;                                      \
        }                                                                                             \
        T prefix = slots[0];                                                                          \
        for (unsigned r = 1; r < tile; ++r) prefix = P##_combine(prefix, slots[r]);                   \
        return prefix;                                                                                \
    }

/* Single-pass blocks spend about half their life waiting in the look-back, holding their
 * registers, so the more of them fit on an SM the more keep loading meanwhile: the single-pass
 * kernels ask the compiler (__launch_bounds__) for registers that let
 * GPUSCAN_SINGLE_PASS_THREADS_PER_SM threads reside per SM (tuning.cuh; fewer for types over 8
 * bytes, whose items need more registers). */
#define GPUSCAN_SINGLE_PASS_MIN_BLOCKS_(TAG, T)                                                     \
    GPUSCAN_MAX_(1, GPUSCAN_SINGLE_PASS_THREADS_PER_SM(T) / GPUSCAN_##TAG##_THREADS(T))

/* How a single-pass tile gets its prefix: from its left neighbour (domino), by decoupled
 * look-back, or by a fold of every earlier tile's aggregate. */
#define GPUSCAN_VIA_DOMINO 0
#define GPUSCAN_VIA_LOOKBACK 1
#define GPUSCAN_VIA_FOLD 2 /* the look-back's tiles all at once: P_fold_prefix */

/* Reduce-ahead (GPUSCAN_GRID_REDUCE_AHEAD).  The look-back's tiles spend most of their time
 * waiting for predecessors that are still loading.  Here one kernel takes
 * two kinds of work item from the counter: "reduce unit u" (read it, publish its aggregate, exit)
 * and "scan unit u" (look back over aggregates published long ago, publish the inclusive prefix,
 * then read the unit again, scan and write it).  Reduces run GPUSCAN_AHEAD_BYTES of input ahead of
 * scans, so that the second read hits L2 and DRAM still sees n reads and n writes.  A unit is
 * GPUSCAN_AHEAD_UNIT_BYTES of tiles (whole tiles, at least one): the lookahead must fit in L2 beside
 * the output passing through, a unit must be large enough that its look-back is cheap. */
/* Reduce-ahead's blocks wait little, so they need fewer of them resident than the look-back
 * (registers for GPUSCAN_AHEAD_THREADS_PER_SM threads an SM). */
/* Scan items stage their unit's tiles in shared memory (see P_TAG_ahead), as many as fit next to
 * the tile buffer under the 48 KiB of static shared memory of a block. */
#define GPUSCAN_AHEAD_UNIT_TILES_(TAG, T)                                                           \
    GPUSCAN_MAX_(1, GPUSCAN_AHEAD_UNIT_BYTES(sizeof(T)) / (GPUSCAN_TILE_(TAG, T) * sizeof(T)))
/* Room for the stage and the tile buffer: the rest of the 48 KiB holds the block's other static
 * shared variables, which a debug build (-G) keeps apart function by function, so it leaves more. */
#ifdef __CUDACC_DEBUG__
#define GPUSCAN_AHEAD_STAGE_ROOM_ 40960u
#else
#define GPUSCAN_AHEAD_STAGE_ROOM_ 45056u
#endif
#define GPUSCAN_AHEAD_STAGE_FITS_(TAG, T, tiles)                                                    \
    ((tiles) * GPUSCAN_TILE_(TAG, T) * sizeof(T) + GPUSCAN_TILE_BUFFER_(TAG, T) * sizeof(T) <= GPUSCAN_AHEAD_STAGE_ROOM_)
#define GPUSCAN_AHEAD_MIN_BLOCKS_(TAG, T) GPUSCAN_MAX_(1, GPUSCAN_AHEAD_THREADS_PER_SM(T) / GPUSCAN_##TAG##_THREADS(T))
/* Tiles per unit for tiles of tile_bytes of elements of elem_size bytes. */
static __host__ __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_ahead_tiles_(size_t tile_bytes, size_t elem_size)
{
    const size_t unit = GPUSCAN_AHEAD_UNIT_BYTES(elem_size);
    return tile_bytes >= unit ? 1u : (unsigned)(unit / tile_bytes);
}
/* Work item w of a reduce-ahead scan of `units` units, `ahead` units ahead: the first `ahead`
 * items reduce units 0..ahead-1, then pairs (reduce u + ahead, scan u), then the last scans.  So
 * every unit is reduced before it is scanned, and scanned in order. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_ahead_item_(unsigned w, unsigned units, unsigned ahead,
                                                               int *reduce)
{
    const unsigned pairs = units - ahead;
    if (w < ahead) {
        *reduce = 1;
        return w;
    }
    w -= ahead;
    if (w < 2u * pairs) {
        *reduce = !(w & 1u);
        return (w & 1u) ? w >> 1 : ahead + (w >> 1);
    }
    *reduce = 0;
    return pairs + (w - 2u * pairs);
}

/* The kernels.  A single-pass block takes one tile from the counter when it starts (a tile it
 * could not start at once would hold back every successor waiting for its aggregate); a tile
 * only waits for tiles taken earlier, by blocks already running, so no deadlock is possible. */
#define GPUSCAN_TILES_KERNEL_(P, T, TAG)                                                                       \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                              \
    P##_##TAG##_tiles(const P##_in_t *in, const T *up, T *out, size_t n, T *tile_aggregates,          \
                      P##_ends ends)                                                                  \
    {                                                                                                 \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                       \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                            \
        T *buf = P##_##TAG##_buffer();                                                                \
        const int own = GPUSCAN_FIXUP_BUILT_(T) && P##_OWN_AS_IS_ && up != NULL; /* an upper level: T as is */ \
        gpuscan_wait_prerequisites_(); /* a scan of one tile: a dependent of the kernel before it */  \
        gpuscan_let_dependents_launch_();                                                             \
        GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, blockIdx.x, n, base, valid, P##_REVERSED_ && !own);          \
        if (own)                                                                                      \
            P##_##TAG##_load_raw(up, base, valid, items, buf);                                        \
        else                                                                                          \
            P##_##TAG##_load(in, base, valid, items, buf);                                            \
        T before, aggregate = P##_##TAG##_scan_tile(items, buf, &before);                             \
        if (blockIdx.x == 0) { /* tile 0 is final now; the seed goes on in its aggregate */           \
            int seeded = ends.seeded;                                                                 \
            T seed = ends.init;                                                                       \
            if (seeded && ends.init_ptr != NULL) {                                                    \
                if (threadIdx.x == 0) seed = P##_seed(&ends);                                         \
                seed = P##_block_broadcast(seed, &seeded);                                            \
            }                                                                                         \
            P##_##TAG##_store_own(own, out, base, valid, items, seed, ends.seeded, ends.exclusive,    \
                                  before, buf);                                                       \
            if (ends.seeded) aggregate = P##_combine(seed, aggregate);                                \
            if (threadIdx.x == 0 && tile_aggregates != NULL) tile_aggregates[0] = aggregate;          \
            if (threadIdx.x == 0 && tile_aggregates == NULL) P##_put_total(&ends, aggregate);         \
        } else {                                                                                      \
            P##_##TAG##_store_own(own, out, base, valid, items, ends.init, 0, 0, before, buf);        \
            if (threadIdx.x == 0) tile_aggregates[blockIdx.x] = aggregate;                            \
        }                                                                                             \
    }
#define GPUSCAN_FIXUP_KERNEL_(P, T, TAG)                                                              \
    /* Tile 0 is final since P_tiles, so block 0 only writes the total.  own: an upper level. */     \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                              \
    P##_##TAG##_fixup(T *out, size_t n, const T *scanned_aggregates, P##_ends ends, int own)          \
    {                                                                                                 \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                            \
        if (!GPUSCAN_FIXUP_BUILT_(T) || GPUSCAN_TEST_EMPTY_KERNELS) return; /* (not compiled) */     \
        T *buf = P##_##TAG##_buffer();                                                                \
        if (blockIdx.x == 0) {                                                                        \
            if (threadIdx.x == 0) P##_put_total(&ends, scanned_aggregates[gridDim.x - 1]);            \
            return;                                                                                   \
        }                                                                                             \
        GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, blockIdx.x, n, base, valid, P##_REVERSED_ && !own);          \
        const T prefix = scanned_aggregates[blockIdx.x - 1]; /* the seed included */                  \
        if (P##_REVERSED_ && !own)                                                                    \
            P##_##TAG##_load_out(out, base, valid, items, buf);                                       \
        else                                                                                          \
            P##_##TAG##_load_raw(out, base, valid, items, buf);                                       \
        T before = ends.exclusive ? P##_##TAG##_previous(items, buf) : prefix;                        \
        P##_##TAG##_store_own(own, out, base, valid, items, prefix, 1, ends.exclusive, before, buf);  \
    }
/* A single-pass block's tile is known only once claimed, after the wait for the work before it;
 * the tile of the block's own index is claimed by it or a block beside it soon after.  So that
 * tile's input is asked of L2 first: the wait, the claim and the loads' own requests overlap the
 * memory's latency, and more of the input is in flight than the SMs' loads alone hold.  Not the
 * tiles that a first wave's pace holds back (their loads are to land in order). */
static __device__ __forceinline__ __attribute__((unused)) int gpuscan_held_back_(gpuscan_pace_ pace, unsigned tile)
{
    return pace.window != 0 && tile >= pace.window && tile < pace.below;
}
#define GPUSCAN_PREFETCH_STAGE_(P, T, TAG)                                                          \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_prefetch_tile(const P##_in_t *in, size_t n, unsigned tile, \
                                                                      gpuscan_pace_ pace)           \
    {                                                                                               \
        if (gpuscan_held_back_(pace, tile)) return;                                                 \
        GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                      \
        if (base < n) gpuscan_prefetch_l2_(in + base, (size_t)valid * sizeof(P##_in_t));            \
    }
/* A grid-wide barrier, for kernels whose blocks are all resident at once (a cooperative launch),
 * in two halves (every thread of the block calls each; the token matters in thread 0): what the
 * block does between them overlaps the wait for the other blocks.  Its word is the one the driver
 * gives each cooperative launch: the grid workspace's second word, at the address in %envreg1
 * (high) and %envreg2 (low) - the ABI cooperative_groups' this_grid() reads - whose low 31 bits are
 * 0 between barriers.  Each block adds 1 but block 0, which adds 2^31 - (blocks - 1): the top bit
 * flips as the last block arrives.  Written here, not taken from <cooperative_groups.h>: that
 * header (its <cuda/atomic>) cost every translation unit 3 s of compiling. */
static __device__ __forceinline__ unsigned *gpuscan_grid_word_(void)
{
    unsigned high, low;
    asm("mov.u32 %0, %%envreg1;" : "=r"(high));
    asm("mov.u32 %0, %%envreg2;" : "=r"(low));
    return (unsigned *)(((unsigned long long)high << 32) | low) + 1;
}
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_grid_arrive_(void)
{
    unsigned before = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned add = blockIdx.x == 0 ? 0x80000000u - (gridDim.x - 1u) : 1u;
        asm volatile("atom.add.release.gpu.u32 %0, [%1], %2;"
                     : "=r"(before) : "l"(gpuscan_grid_word_()), "r"(add) : "memory");
    }
    return before;
}
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_grid_wait_(unsigned token)
{
    if (threadIdx.x == 0) {
        const unsigned *word = gpuscan_grid_word_();
        unsigned now;
        do asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(now) : "l"(word) : "memory");
        while (((now ^ token) & 0x80000000u) == 0u);
    }
    __syncthreads();
}
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_grid_barrier_(void)
{
    gpuscan_grid_wait_(gpuscan_grid_arrive_());
}
/* ---- the single-pass skeleton ------------------------------------------------------------------
 * Every single-pass kernel is one flow: claim a tile, load it, scan it in the block, learn its
 * prefix from the tiles before it, consume it (write what the tile owes).  What surrounds the flow
 * is written here once: the wait for the work before it (a clearing) and the go-ahead to the next
 * launch, the L2 prefetch, the first wave's pace, the states' rounds and clearing (self-clear,
 * counter slots).  A family - the scan, the selection - brings its steps, P_<FAM>_...:
 *   _io                     the kernel's data: inputs, outputs, where the totals go
 *   _part                   a thread's part of the tile between the steps
 *   _prefetch(&io, n, tile, pace)   asks L2 for the tile's input (a hint)
 *   _load(&io, n, tile, &part)      reads the tile
 *   _aggregate(&part, &before)      its block scan: the tile's aggregate, a value of S (what tiles
 *                                   hand on), and the thread's exclusive prefix in the tile
 *   _hold(&part)                    frees registers while the prefix comes
 *   _seeded(&io), _seed(&io)        whether tile 0 has a seed, and the seed (read once, thread 0)
 *   _consume(&io, n, tile, &part, prefix, has_prefix, before, aggregate)   the tile's outputs; the
 *                                   last tile's also the totals
 * Q names S's element layer (tile states, look-back, block broadcast); FOLDS: the fold may give
 * the prefix (commuting, small S).  A block takes one tile from the counter when it starts (a tile
 * it could not start at once would hold back every successor), so a tile only waits for tiles
 * taken earlier, by blocks already running: no deadlock is possible.
 *
 * The states (grid.cuh, top): where they were not cleared before the launch (states.self_clear: a
 * workspace of any contents) the kernel runs as one cooperative launch, every tile resident at
 * once: block b takes tile b, clears its state and arrives at a grid-wide barrier before its loads,
 * and waits there only before it reads another tile's state - one launch instead of a clearing and
 * a scan.  With CLEARS the states are a caller's too, cleared in chunks by the kernel itself, and
 * the claim counter is a counter slot's (above). */
/* The claim: this block's tile, with the clearing of the states it owes started. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_claim_tile_(gpuscan_states_ states, unsigned *counter, unsigned *claim_counter,
                                                               int clears, unsigned state_bytes, unsigned *token)
{
    if (states.self_clear) { /* (and tile 0 the fold's count: the claim counter goes unused) */
        const unsigned tile = blockIdx.x;
        if (threadIdx.x == 0) gpuscan_forget_state_(states, tile, state_bytes);
        if (threadIdx.x == 0 && tile == 0) counter[1] = 0u;
        *token = gpuscan_grid_arrive_();
        return tile;
    }
    const unsigned tile = gpuscan_next_tile_(claim_counter) - states.claimed;
    if (clears) gpuscan_take_clear_chunk_(states, tile, claim_counter, state_bytes);
    return tile;
}
/* Before a tile reads another's state: every state it may read is cleared. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_states_ready_(gpuscan_states_ states, unsigned token, unsigned *slot,
                                                             int clears, unsigned state_bytes)
{
    if (states.self_clear) gpuscan_grid_wait_(token);
    else if (clears && threadIdx.x < 32) gpuscan_cleared_wait_warp_(states, slot, state_bytes);
}
#define GPUSCAN_SINGLE_PASS_AS_(P, Q, S, FAM, THREADS, MIN_BLOCKS, FOLDS, name, VIA, CLEARS, BUILT) \
    static __global__ void __attribute__((unused)) __launch_bounds__(THREADS, MIN_BLOCKS)           \
    name(P##_##FAM##_io io, size_t n, unsigned *counter, gpuscan_states_ states, unsigned *agg_slots,\
         unsigned *prefix_slots, int via_arg, gpuscan_pace_ pace)                                   \
    {                                                                                               \
        const int via = VIA;                                                                        \
        if (!(BUILT) || GPUSCAN_TEST_EMPTY_KERNELS) return; /* (not compiled: the descriptor names no such kernel) */ \
        unsigned *const claim_counter = GPUSCAN_COUNTER_OF_(CLEARS, states, counter);                          \
        P##_##FAM##_part part;                                                                      \
        unsigned token = 0u; /* the grid barrier's (self-clear) */                                  \
        int has_prefix;                                                                             \
        (void)via_arg;                                                                              \
        P##_##FAM##_prefetch(&io, n, blockIdx.x, pace); /* before the wait: a hint only */          \
        gpuscan_wait_prerequisites_(); /* until the work before it (a clearing) is done */          \
        const unsigned tile = gpuscan_claim_tile_(states, counter, claim_counter, CLEARS, GPUSCAN_STATE_BYTES_(S), &token); \
        gpuscan_let_dependents_launch_(); /* a launch behind it may take the slots it frees */      \
        if (via == GPUSCAN_VIA_LOOKBACK)                                                            \
            Q##_pace(tile, pace, states, agg_slots, prefix_slots, CLEARS ? claim_counter : NULL);          \
        P##_##FAM##_load(&io, n, tile, &part);                                                      \
        S before, aggregate = P##_##FAM##_aggregate(&part, &before);                                \
        P##_##FAM##_hold(&part);                                                                    \
        gpuscan_states_ready_(states, token, claim_counter, CLEARS, GPUSCAN_STATE_BYTES_(S));              \
        const int seeded = P##_##FAM##_seeded(&io);                                                 \
        S seed = Q##_identity(); /* used by warp 0 only */                                          \
        if (tile == 0 && seeded && threadIdx.x < 32)                                                \
            seed = Q##_shfl_idx(threadIdx.x == 0 ? P##_##FAM##_seed(&io) : seed, 0);                \
        S prefix = (FOLDS) && via == GPUSCAN_VIA_FOLD                                               \
                       ? Q##_fold_prefix(tile, aggregate, states, agg_slots, counter + 1, seeded, seed, \
                                         &has_prefix)                                               \
                       : Q##_tile_prefix(via == GPUSCAN_VIA_LOOKBACK, tile, aggregate, states,      \
                                         agg_slots, prefix_slots, seeded, seed, &has_prefix);       \
        prefix = Q##_block_broadcast(prefix, &has_prefix);                                          \
        P##_##FAM##_consume(&io, n, tile, &part, prefix, has_prefix, before, aggregate);            \
        if (CLEARS && threadIdx.x == 0 && tile == gridDim.x - 1) gpuscan_counter_slot_zero_(claim_counter);  \
    }
/* A family's three single-pass kernels: P_FAM_pass (the look-back: its way to the prefix a
 * constant, as a choice at run time beside the domino's and the fold's code left the compiler a
 * worse schedule of the look-back's own path), P_FAM_pass_via (the domino and the fold; VIA_BUILT:
 * compiled, an empty body else) and P_FAM_pass_clears (the look-back of a caller's workspace:
 * beside the others' code, its waits made their scans slower back to back). */
#define GPUSCAN_SINGLE_PASS_KERNELS_(P, Q, S, FAM, THREADS, MIN_BLOCKS, FOLDS, VIA_BUILT, CLEARS_BUILT) \
    GPUSCAN_SINGLE_PASS_AS_(P, Q, S, FAM, THREADS, MIN_BLOCKS, FOLDS, P##_##FAM##_pass,             \
                            GPUSCAN_VIA_LOOKBACK, 0, 1)                                             \
    GPUSCAN_SINGLE_PASS_AS_(P, Q, S, FAM, THREADS, MIN_BLOCKS, FOLDS, P##_##FAM##_pass_via, via_arg, 0, \
                            VIA_BUILT)                                                              \
    GPUSCAN_SINGLE_PASS_AS_(P, Q, S, FAM, THREADS, MIN_BLOCKS, FOLDS, P##_##FAM##_pass_clears,      \
                            GPUSCAN_VIA_LOOKBACK, 1, CLEARS_BUILT)

/* The scan's steps for the skeleton, block algorithm TAG (FAM = TAG_scan): load and scan the tile,
 * stage its items while the prefix comes, emit them after it. */
#define GPUSCAN_SCAN_FAMILY_(P, T, TAG)                                                             \
    typedef P##_scan_io P##_##TAG##_scan_io;                                                        \
    typedef struct P##_##TAG##_scan_part {                                                          \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                          \
        T *buf;                                                                                     \
    } P##_##TAG##_scan_part;                                                                        \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_scan_prefetch(const P##_scan_io *io, size_t n, \
                                                                     unsigned tile, gpuscan_pace_ pace) \
    {                                                                                               \
        P##_##TAG##_prefetch_tile(io->in, n, tile, pace);                                           \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_scan_load(const P##_scan_io *io, size_t n,   \
                                                                 unsigned tile, P##_##TAG##_scan_part *part) \
    {                                                                                               \
        GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                      \
        part->buf = P##_##TAG##_buffer();                                                           \
        P##_##TAG##_load(io->in, base, valid, part->items, part->buf);                              \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_scan_aggregate(P##_##TAG##_scan_part *part, T *before) \
    {                                                                                               \
        return P##_##TAG##_scan_tile(part->items, part->buf, before);                               \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_scan_hold(P##_##TAG##_scan_part *part)      \
    {                                                                                               \
        P##_##TAG##_stage(part->items, part->buf);                                                  \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) int P##_##TAG##_scan_seeded(const P##_scan_io *io) { return io->ends.seeded; } \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_scan_seed(const P##_scan_io *io) { return P##_seed(&io->ends); } \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_scan_consume(const P##_scan_io *io, size_t n, unsigned tile, \
                                                                    P##_##TAG##_scan_part *part, T prefix, \
                                                                    int has_prefix, T before, T aggregate) \
    {                                                                                               \
        GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                      \
        P##_##TAG##_emit(io->out, base, valid, part->items, prefix, has_prefix, io->ends.exclusive,  \
                         before, part->buf);                                                        \
        if (threadIdx.x == 0 && tile == gridDim.x - 1)                                              \
            P##_put_total(&io->ends, has_prefix ? P##_combine(prefix, aggregate) : aggregate);      \
    }                                                                                               \
    GPUSCAN_SINGLE_PASS_KERNELS_(P, P, T, TAG##_scan, GPUSCAN_##TAG##_THREADS(T),                   \
                                 GPUSCAN_SINGLE_PASS_MIN_BLOCKS_(TAG, T), P##_FOLDS_,               \
                                 GPUSCAN_EVERY_ALGORITHM || P##_FOLDS_, GPUSCAN_##TAG##_SHORTCUTS)

/* The look-back's launch shortcuts - a few tiles as one thread-block cluster (below), a caller's
 * states cleared in the scan's own launch (P_TAG_scan_pass_clears) - are built for the block AUTO
 * runs, the coarsened one; the textbook blocks (GPUSCAN_EVERY_ALGORITHM) run every grid strategy
 * without them, their kernels empty and left out of the descriptor (host.cuh): 12 % of such a
 * DEFINE's code. */
#define GPUSCAN_KS_SHORTCUTS 0
#define GPUSCAN_KSW_SHORTCUTS 0
#define GPUSCAN_BK_SHORTCUTS 0
#define GPUSCAN_CO_SHORTCUTS 1
/* A scan of a few tiles as one thread-block cluster (the whole grid; host.cuh P_TAG_one_cluster):
 * block b scans tile b and takes its prefix from the blocks before it through distributed shared
 * memory (P_cluster_prefix) - the one-tile kernel's load, scan and store with that hand-over
 * between scan and store, the items kept in registers across it. */
#define GPUSCAN_CLUSTER_KERNEL_(P, T, TAG)                                                            \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                              \
    P##_##TAG##_cluster(const P##_in_t *in, T *out, size_t n, P##_ends ends)                          \
    {                                                                                                 \
        if (GPUSCAN_TEST_EMPTY_KERNELS || !GPUSCAN_##TAG##_SHORTCUTS) return;                         \
        T items[GPUSCAN_##TAG##_ITEMS(T)];                                                            \
        T *buf = P##_##TAG##_buffer();                                                                \
        const unsigned tile = blockIdx.x;                                                             \
        gpuscan_wait_prerequisites_();                                                                \
        gpuscan_cluster_arrive_(); /* this block has started: the others may write into it */         \
        gpuscan_let_dependents_launch_();                                                             \
        GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                        \
        P##_##TAG##_load(in, base, valid, items, buf);                                                \
        T before, aggregate = P##_##TAG##_scan_tile(items, buf, &before);                             \
        int has_prefix;                                                                               \
        const T seed = tile == 0 && ends.seeded ? P##_seed(&ends) : ends.init;                        \
        const T prefix = P##_cluster_prefix(tile, aggregate, ends.seeded, seed, &has_prefix);         \
        P##_##TAG##_store(out, base, valid, items, prefix, has_prefix, ends.exclusive, before, buf);  \
        if (threadIdx.x == 0 && tile == gridDim.x - 1)                                                \
            P##_put_total(&ends, has_prefix ? P##_combine(prefix, aggregate) : aggregate);            \
    }
/* One tile of a run that a block scans in order (reduce-ahead's units, reduce-then-scan's runs): the
 * block scan, the store after the running prefix, the prefix carried on to the next tile, and a
 * barrier before the buffer and the block scan's shared memory are used again. */
#define GPUSCAN_SCAN_IN_RUN_(P, T, TAG)                                                               \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_scan_in_run(T *out, size_t base, unsigned valid, \
                                                                  T *items, T *buf, T *prefix,        \
                                                                  int *has_prefix, int exclusive)     \
    {                                                                                                 \
        T before, aggregate = P##_##TAG##_scan_tile(items, buf, &before);                             \
        P##_##TAG##_store(out, base, valid, items, *prefix, *has_prefix, exclusive, before, buf);    \
        *prefix = *has_prefix ? P##_combine(*prefix, aggregate) : aggregate;                          \
        *has_prefix = 1;                                                                              \
        __syncthreads();                                                                              \
    }
#define GPUSCAN_AHEAD_ITEMS_(P, T, TAG)                                                               \
    /* A reduce item: the unit's aggregate, published (unit 0: its inclusive prefix, the seed         \
     * read and folded in by thread 0, and left in the stash for unit 0's scan item).  Small types:   \
     * a full unit reduced as read (GPUSCAN_REDUCE_AS_READ_MAX_BYTES: for them the transpose costs    \
     * more than the shuffles); in the deterministic mode an input not 16-byte aligned too, read by   \
     * elements, so that its aggregate is associated as the aligned input's. */                       \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_ahead_reduce(                                  \
        const P##_in_t *in, size_t n, unsigned unit, unsigned first, unsigned last, unsigned per_unit,\
        gpuscan_states_ states, unsigned *agg_slots, unsigned *prefix_slots, unsigned *seed_stash,    \
        const P##_ends *ends, T *buf)                                                                 \
    {                                                                                                 \
        enum { TILE = GPUSCAN_TILE_(TAG, T) };                                                        \
        const int seeds = unit == 0 && ends->seeded;                                                  \
        const T seed = seeds && threadIdx.x == 0 ? P##_seed(ends) : ends->init; /* (thread 0's) */    \
        T acc = seed;                                                                                 \
        if (last - first == per_unit && (size_t)last * TILE <= n &&                                   \
            sizeof(P##_in_t) <= GPUSCAN_REDUCE_AS_READ_MAX_BYTES &&                                   \
            (P##_FIXED_ORDER_ ? P##_##TAG##_span_shape_ok(per_unit)                                   \
                              : P##_##TAG##_span_ok(in, per_unit))) { /* a full unit, at once */      \
            acc = P##_##TAG##_reduce_span(in, (size_t)first * TILE, per_unit, 1);                     \
            if (seeds) acc = P##_combine(seed, acc);                                                  \
        } else {                                                                                      \
            _Pragma("unroll 1") for (unsigned tile = first; tile < last; ++tile) {                    \
                GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                \
                T v = P##_##TAG##_reduce(in, base, valid, buf, 1);                                    \
                acc = (tile == first && !seeds) ? v : P##_combine(acc, v);                            \
            }                                                                                         \
        }                                                                                             \
        if (threadIdx.x == 0) {                                                                       \
            if (seeds && ends->init_ptr != NULL) { /* for unit 0's scan, before the publish */        \
                P##_slot_store(seed_stash, seed);                                                     \
                __threadfence();                                                                      \
            }                                                                                         \
            P##_publish(states, unit > 0 ? agg_slots : prefix_slots, unit,                            \
                        unit > 0 ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX, acc);              \
        }                                                                                             \
    }
#define GPUSCAN_AHEAD_PREFIX_(P, T, TAG)                                                            \
    /* A scan item's prefix, in thread 0 (warp 0 looks back while the other warps load); lane 0       \
     * first waits until its own unit's reduce has published, i.e. has read its input, before any    \
     * of the unit is written (in-place scans). */                                                    \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_ahead_prefix(unsigned unit, gpuscan_states_ states,\
                                                                 unsigned *agg_slots,                 \
                                                                 unsigned *prefix_slots,              \
                                                                 const unsigned *seed_stash,          \
                                                                 const P##_ends *ends,                \
                                                                 int *has_prefix)                     \
    {                                                                                                 \
        T prefix = ends->init;                                                                        \
        *has_prefix = ends->seeded;                                                                   \
        if (threadIdx.x >= 32) return prefix;                                                         \
        T own = ends->init;                                                                           \
        unsigned status = GPUSCAN_STATE_EMPTY;                                                        \
        if (threadIdx.x == 0) status = P##_peek(states, agg_slots, prefix_slots, unit, &own);         \
        if (unit > 0) {                                                                               \
            prefix = P##_lookback(unit, states, agg_slots, prefix_slots, ends->init);                 \
            *has_prefix = 1;                                                                          \
        }                                                                                             \
        if (threadIdx.x == 0) {                                                                       \
            while (status == GPUSCAN_STATE_EMPTY)                                                     \
                status = P##_peek(states, agg_slots, prefix_slots, unit, &own);                       \
            if (unit > 0) { /* (deterministic: a look-back may have lent it already, P_lend_prefix) */ \
                if (P##_publishes_prefix(unit, 1u) && !(P##_FIXED_ORDER_ && status == GPUSCAN_STATE_PREFIX))      \
                    P##_publish(states, prefix_slots, unit, GPUSCAN_STATE_PREFIX, P##_combine(prefix, own)); \
            } else if (ends->seeded && ends->init_ptr != NULL) { /* the seed unit 0's reduce read */  \
                __threadfence();                                                                      \
                prefix = P##_slot_load(seed_stash);                                                   \
            }                                                                                         \
        }                                                                                             \
        return prefix;                                                                                \
    }
/* Reduce-ahead: launched with 2 * units blocks, one work item each (gpuscan_ahead_item_). */
#define GPUSCAN_AHEAD_KERNEL_(P, T, TAG)                                                              \
    GPUSCAN_AHEAD_ITEMS_(P, T, TAG)                                                                   \
    GPUSCAN_AHEAD_PREFIX_(P, T, TAG)                                                                  \
    static __global__ void                                                                            \
    __launch_bounds__(GPUSCAN_##TAG##_THREADS(T), GPUSCAN_AHEAD_MIN_BLOCKS_(TAG, T))                  \
    P##_##TAG##_ahead(const P##_in_t *in, T *out, size_t n, unsigned *counter, gpuscan_states_ states,\
                      unsigned *agg_slots, unsigned *prefix_slots, unsigned units, unsigned ahead,    \
                      unsigned *seed_stash, P##_ends ends)                                            \
    {                                                                                                 \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                       \
        /* Units of several tiles (1- and 2-byte types): the last STAGE_TILES tiles of the unit (as   \
         * many as fit in shared memory) are copied to shared memory first, all reads at once, and    \
         * read from there: the unit's reads are in flight together instead of one tile after the     \
         * other (cp.async copies, which would overlap the look-back, were slower for uint8). */     \
        enum { TILE = GPUSCAN_TILE_(TAG, T), UNIT_TILES = GPUSCAN_AHEAD_UNIT_TILES_(TAG, T),          \
               STAGE_TILES = UNIT_TILES < 2 || GPUSCAN_##TAG##_ITEMS(T) < 2 ||                        \
                                     !GPUSCAN_VECTOR_OK_(T, GPUSCAN_##TAG##_ITEMS(T)) ? 0             \
                             : GPUSCAN_AHEAD_STAGE_FITS_(TAG, T, UNIT_TILES) ? UNIT_TILES             \
                             : UNIT_TILES - 1 };                                                      \
        __shared__ uint4 stage[STAGE_TILES ? STAGE_TILES * TILE * sizeof(T) / 16 : 1];                \
        T *buf = P##_##TAG##_buffer();                                                                \
        int reduce, has_prefix;                                                                       \
        const unsigned unit = gpuscan_ahead_item_(gpuscan_next_tile_(counter) - states.claimed, units,\
                                                  ahead, &reduce);                                    \
        const unsigned per_unit = gpuscan_ahead_tiles_(TILE * sizeof(T), sizeof(T)),                  \
                       tiles = (unsigned)((n + TILE - 1) / TILE), first = unit * per_unit,            \
                       last = first + per_unit < tiles ? first + per_unit : tiles;                    \
        if (reduce) {                                                                                 \
            P##_##TAG##_ahead_reduce(in, n, unit, first, last, per_unit, states, agg_slots,           \
                                     prefix_slots, seed_stash, &ends, buf);                           \
            return;                                                                                   \
        }                                                                                             \
        const unsigned stage_first = last - STAGE_TILES;                                              \
        const int staged = STAGE_TILES > 0 && last - first == per_unit && (size_t)last * TILE <= n && \
                           P##_LOAD_COPIES_ && P##_##TAG##_span_ok(in, STAGE_TILES);                  \
        if (staged) P##_##TAG##_stage_span(in, (size_t)stage_first * TILE, STAGE_TILES, stage);      \
        T prefix = P##_##TAG##_ahead_prefix(unit, states, agg_slots, prefix_slots, seed_stash, &ends, \
                                            &has_prefix);                                             \
        _Pragma("unroll 1") for (unsigned tile = first; tile < last; ++tile) {                        \
            T items[GPUSCAN_##TAG##_ITEMS(T)];                                                        \
            GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                    \
            if (staged && tile >= stage_first) {                                                      \
                if (tile == stage_first) __syncthreads();                                             \
                P##_##TAG##_load_hinted((const P##_in_t *)stage, base - (size_t)stage_first * TILE, valid,   \
                                        items, buf, 1); /* keep: plain loads, valid for shared */     \
            } else {                                                                                  \
                P##_##TAG##_load(in, base, valid, items, buf);                                        \
            }                                                                                         \
            if (tile == first) prefix = P##_block_broadcast(prefix, &has_prefix);                     \
            P##_##TAG##_scan_in_run(out, base, valid, items, buf, &prefix, &has_prefix, ends.exclusive); \
        }                                                                                             \
        if (threadIdx.x == 0 && unit == units - 1) P##_put_total(&ends, prefix);                      \
    }
/* Reduce-then-scan in one cooperative launch (GPUSCAN_GRID_REDUCE_THEN_SCAN).  Block b takes a run
 * of whole tiles, reduces it - reading it into L2 and keeping it there - and leaves the run's
 * aggregate in its slot; after a grid-wide barrier it folds the slots of the runs before its own
 * (the seed is in run 0's) and scans its run again, read from L2.  There are no tile states, so
 * nothing is cleared before the launch (one launch where the look-back needs two), no block waits
 * on another but at the barrier, and the combines happen in a fixed order whatever the timing.
 * A cooperative launch has every block resident at once, so the barrier cannot deadlock. */
#define GPUSCAN_RUN_PREFIX_(P, T)                                                                   \
    /* The fold of slots [0, count) in order, by the whole block, in thread 0.  Every block reads   \
     * the same few lines at once, so the reads go out as whole chunks: warp w takes a run of      \
     * 32-slot chunks, its lanes read a chunk side by side (one request), up to 8 chunks in flight; \
     * each chunk folds across the warp in lane order, the warps' folds in warp order. */          \
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold_slots(const unsigned *slots, unsigned count,       \
                                                       unsigned threads)                            \
    {                                                                                               \
        enum { BATCH = 8 };                                                                         \
        const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5, warps = threads >> 5;     \
        const unsigned chunks = (count + 31u) / 32u, per = (chunks + warps - 1u) / warps;           \
        const unsigned from = warp * per, to = from + per < chunks ? from + per : chunks;           \
        T acc = P##_identity();                                                                     \
        for (unsigned c = from; c < to; c += BATCH) {                                               \
            T v[BATCH];                                                                             \
            _Pragma("unroll") for (unsigned k = 0; k < BATCH; ++k) {                                \
                const unsigned i = (c + k) * 32u + lane;                                            \
                v[k] = c + k < to && i < count ? P##_slot_load(slots + (size_t)i * GPUSCAN_WORDS_(T)) \
                                               : P##_identity();                                    \
            }                                                                                       \
            _Pragma("unroll") for (unsigned k = 0; k < BATCH; ++k)                                  \
                if (c + k < to) /* the chunk's fold, in lane 0 */                                   \
                    acc = P##_combine(acc, P##_warp_reduce(v[k], (int)lane, 32));                   \
        }                                                                                           \
        return P##_block_reduce_warps(acc, (int)threads);                                           \
    }
#define GPUSCAN_REDUCE_THEN_SCAN_KERNEL_(P, T, TAG)                                                            \
    static __global__ void                                                                            \
    __launch_bounds__(GPUSCAN_##TAG##_THREADS(T), GPUSCAN_SINGLE_PASS_MIN_BLOCKS_(TAG, T))            \
    P##_##TAG##_reduce_then_scan(const P##_in_t *in, T *out, size_t n, unsigned *slots, unsigned per_block,    \
                        P##_ends ends)                                                                \
    {                                                                                                 \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                       \
        enum { TILE = GPUSCAN_TILE_(TAG, T) };                                                        \
        T *buf = P##_##TAG##_buffer();                                                                \
        const unsigned tiles = (unsigned)((n + TILE - 1) / TILE), first = blockIdx.x * per_block,     \
                       last = first + per_block < tiles ? first + per_block : tiles;                  \
        T prefix = ends.init, acc = ends.init;                                                        \
        _Pragma("unroll 1") for (unsigned tile = first; tile < last; ++tile) { /* reduce, kept */     \
            GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                    \
            T v = P##_##TAG##_reduce(in, base, valid, buf, 1);                                        \
            acc = tile == first ? v : P##_combine(acc, v);                                            \
        }                                                                                             \
        if (threadIdx.x == 0) {                                                                       \
            if (blockIdx.x == 0 && ends.seeded) acc = P##_combine(prefix = P##_seed(&ends), acc);     \
            P##_slot_store(slots + (size_t)blockIdx.x * GPUSCAN_WORDS_(T), acc);                      \
        }                                                                                             \
        gpuscan_grid_barrier_();                                                                      \
        int has_prefix = blockIdx.x > 0 || ends.seeded;                                               \
        if (blockIdx.x > 0) {                                                                         \
            const T folded = P##_fold_slots(slots, blockIdx.x, GPUSCAN_##TAG##_THREADS(T));           \
            if (threadIdx.x == 0) prefix = folded;                                                    \
        }                                                                                             \
        _Pragma("unroll 1") for (unsigned tile = first; tile < last; ++tile) { /* scan, from L2 */    \
            T items[GPUSCAN_##TAG##_ITEMS(T)];                                                        \
            GPUSCAN_TILE_BOUNDS_DIR_(TAG, T, tile, n, base, valid, P##_REVERSED_);                    \
            P##_##TAG##_load(in, base, valid, items, buf);                                            \
            if (tile == first) prefix = P##_block_broadcast(prefix, &has_prefix);                     \
            P##_##TAG##_scan_in_run(out, base, valid, items, buf, &prefix, &has_prefix, ends.exclusive); \
        }                                                                                             \
        if (threadIdx.x == 0 && blockIdx.x == gridDim.x - 1) P##_put_total(&ends, prefix);            \
    }
/* What AUTO runs of the hierarchy past one tile: the fix-up of 1-byte types (the rest compile it
 * with GPUSCAN_EVERY_ALGORITHM only). */
#define GPUSCAN_FIXUP_BUILT_(T) (GPUSCAN_EVERY_ALGORITHM || sizeof(T) == 1)
/* The kernels of every grid strategy AUTO runs, with the block algorithm TAG: a tile's scan (one
 * tile; hierarchical's first level), the fix-up, the single-pass family (look-back, domino, fold),
 * one cluster and reduce-ahead.  Reduce-then-scan, which AUTO never takes, is a kernel apart. */
#define GPUSCAN_GRID_KERNELS_(P, T, TAG)                                                            \
    GPUSCAN_PREFETCH_STAGE_(P, T, TAG)                                                              \
    GPUSCAN_TILES_KERNEL_(P, T, TAG)                                                                \
    GPUSCAN_FIXUP_KERNEL_(P, T, TAG)                                                                \
    GPUSCAN_SCAN_FAMILY_(P, T, TAG)                                                                 \
    GPUSCAN_CLUSTER_KERNEL_(P, T, TAG)                                                              \
    GPUSCAN_SCAN_IN_RUN_(P, T, TAG)                                                                 \
    GPUSCAN_AHEAD_KERNEL_(P, T, TAG)

/* Device-wide reduction: block b folds tiles [b * tiles_per_block, ...) into partials[b]; a
 * second launch with one block folds the partials.  A commuting operator (element.cuh) lets each
 * thread fold any elements it likes: 16-byte loads in memory order, many in flight, one block
 * reduction at the end.  Any other operator keeps the order (the coarsened tile loads, a block
 * reduction a tile), so every associative operator works. */
#define GPUSCAN_REDUCE_FOLDS_(P, T)                                                             \
    /* the fold of one 16-byte vector of inputs, element i the first (only where P_in_t divides 16) */\
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold_vector(uint4 v, size_t i)                          \
    {                                                                                               \
        enum { K = 16 / sizeof(P##_in_t) > 0 ? 16 / sizeof(P##_in_t) : 1 };                         \
        T part[K];                                                                                  \
        P##_load_vector(part, v, i);                                                                \
        return P##_fold(part, K);                                                                   \
    }                                                                                               \
    /* A thread's fold of the 16-byte vectors of in[begin, begin + words * VEC) it takes (vectors     \
     * t, t + THREADS, ...), onto acc; by_elements: each vector read element by element (an input   \
     * not 16-byte aligned), a constant at each call, so that the aligned loop stays as it was. */  \
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold_vectors(const P##_in_t *in, size_t begin,          \
                                                         size_t words, int by_elements, T acc)       \
    {                                                                                               \
        enum { THREADS = GPUSCAN_CO_THREADS(T), U = GPUSCAN_REDUCE_LOADS,                          \
               VEC = 16 % sizeof(P##_in_t) == 0 ? 16 / sizeof(P##_in_t) : 1 };                      \
        const uint4 *v = (const uint4 *)(in + begin);                                               \
        size_t w = threadIdx.x;                                                                     \
        for (; w + (U - 1) * THREADS < words; w += U * THREADS) {                                   \
            uint4 r[U];                                                                             \
            _Pragma("unroll") for (int k = 0; k < U; ++k)                                           \
                r[k] = by_elements ? P##_vector_of_elements(in + begin + (w + k * THREADS) * VEC)  \
                                   : __ldcs(v + w + k * THREADS);                                   \
            _Pragma("unroll") for (int k = 0; k < U; ++k)                                           \
                acc = P##_combine(acc, P##_fold_vector(r[k], begin + (w + k * THREADS) * VEC));     \
        }                                                                                           \
        for (; w < words; w += THREADS)                                                             \
            acc = P##_combine(acc, P##_fold_vector(by_elements ? P##_vector_of_elements(in + begin + w * VEC) \
                                                               : __ldcs(v + w),                     \
                                                   begin + w * VEC));                               \
        return acc;                                                                                 \
    }                                                                                               \
    /* the fold of in[begin, end) (through the load stage) in any order, in every thread */         \
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold_unordered(const P##_in_t *in, size_t begin,        \
                                                           size_t end)                              \
    {                                                                                               \
        enum { THREADS = GPUSCAN_CO_THREADS(T), VEC = 16 % sizeof(P##_in_t) == 0 ? 16 / sizeof(P##_in_t) : 1 }; \
        T acc = P##_identity();                                                                     \
        size_t i = begin + threadIdx.x;                                                             \
        /* (deterministic: an input not 16-byte aligned read as the same vectors, element by        \
         * element, so that it is associated as an aligned one) */                                  \
        if (VEC > 1 && (GPUSCAN_ALIGNED16_(in + begin) || P##_FIXED_ORDER_)) {                      \
            const size_t words = (end - begin) / VEC;                                               \
            acc = GPUSCAN_ALIGNED16_(in + begin) ? P##_fold_vectors(in, begin, words, 0, acc)       \
                                                 : P##_fold_vectors(in, begin, words, 1, acc);      \
            i = begin + words * VEC + threadIdx.x;                                                  \
        }                                                                                           \
        for (; i < end; i += THREADS) acc = P##_combine(acc, P##_load_stage(in[i], i));             \
        return P##_block_reduce_values(acc, THREADS);                                               \
    }
#define GPUSCAN_REDUCE_KERNEL_(P, T)                                                            \
    GPUSCAN_REDUCE_FOLDS_(P, T)                                                                 \
    /* up: the partials of a first launch (the scan's own T, read as is where the stage is not the  \
     * identity); else in */                                                                        \
    static __global__ void __launch_bounds__(GPUSCAN_CO_THREADS(T))                                 \
    P##_reduce_tiles(const P##_in_t *in, const T *up, size_t n, unsigned tiles_per_block,           \
                     T *partials)                                                                   \
    {                                                                                               \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                     \
        enum { TILE = GPUSCAN_TILE_(CO, T), ITEMS = GPUSCAN_CO_ITEMS(T) };                          \
        const size_t first = (size_t)blockIdx.x * tiles_per_block;                                  \
        const size_t tiles = (n + TILE - 1) / TILE;                                                 \
        const size_t last = first + tiles_per_block < tiles ? first + tiles_per_block : tiles;      \
        const int raw = P##_OWN_AS_IS_ && up != NULL;                                               \
        T acc = P##_identity();                                                                     \
        /* a first pass lets the fold of its partials go ahead, a reduction of one block the next      \
         * call; a fold lets nothing go ahead early (back to back that was slower) */                    \
        if (gridDim.x > 1 || up == NULL) gpuscan_let_dependents_launch_();                          \
        gpuscan_wait_prerequisites_(); /* the kernel before it (the fold: for the partials) */      \
        if (P##_COMMUTES_ && !raw) {                                                                \
            acc = P##_fold_unordered(in, first * TILE, last * TILE < n ? last * TILE : n);          \
        } else {                                                                                    \
            T *buf = P##_CO_buffer();                                                               \
            for (size_t tile = first; tile < last; ++tile) { /* in the scan's order */              \
                GPUSCAN_TILE_BOUNDS_DIR_(CO, T, tile, n, base, valid, P##_REVERSED_ && !raw);       \
                T v;                                                                                \
                if (raw) {                                                                          \
                    T items[ITEMS];                                                                 \
                    P##_CO_load_raw(up, base, valid, items, buf);                                   \
                    v = P##_block_reduce_values(P##_fold(items, ITEMS), GPUSCAN_CO_THREADS(T));     \
                } else {                                                                            \
                    v = P##_CO_reduce(in, base, valid, buf, 0);                                     \
                }                                                                                   \
                acc = (tile == first) ? v : P##_combine(acc, v);                                    \
            }                                                                                       \
        }                                                                                           \
        if (threadIdx.x == 0) partials[blockIdx.x] = acc;                                           \
    }

#endif /* GPUSCAN_GRID_CUH */
