/* gpuscan/segment.cuh - segmented scans on the single-pass skeleton (grid.cuh).
 *
 * A segmented scan restarts at every head: a byte array beside the input, not 0 where a segment
 * starts (element 0 always starts one); or the segments' starts, CSR offsets (int32 or int64); or
 * - the rows form, a batch of rows of one length, the last axis of an array - every `row`
 * elements, the heads worked out from the index; or - a scan by key - keys beside the input, a
 * head wherever the key differs from the one before (block.cuh: P_keys_read).  Inclusive: element
 * i gets the fold of its segment up to i; exclusive: the init in front of the fold of its segment
 * before i (a head gets the init).  A reduction by key writes each segment's first key and fold
 * instead, in order, and the number of segments.  Any T and operator, non-commuting ones
 * included: the segments never reorder operands.
 *
 * A family of the skeleton: what tiles hand on is a pair (the fold since the last head, whether a
 * head was seen - a reduction: how many), the pair layer P_pair, combined by the segmented operator
 *     (a, ha) (x) (b, hb) = hb ? (b, 1) : (a (x) b, ha)
 * which is associative whenever (x) is, so the look-back (and the deterministic mode's fixed
 * order) work on it unchanged, and a segment of any length is shared by as many tiles as it spans.
 * A tile loads its items (the coarsened shape of T) and its heads (block.cuh: P_flags_read, as a
 * flagged selection reads its flags), scans each thread's run restarting at its heads, scans the
 * threads' pairs in the block, and after its prefix comes folds that prefix into the elements
 * before its first head only; the exclusive form then shifts each element's value one place,
 * with the init in front.  Each element, head and key is read once (keys compared one by one, and
 * the key before a warp's run, twice) and each output written once.  A reverse scan is the same
 * over the mirrored sequence (the reverse scans' tiles and operands, element.cuh), whose heads
 * are the input's segment ends (P_mirrored_heads). */
#ifndef GPUSCAN_SEGMENT_CUH
#define GPUSCAN_SEGMENT_CUH

/* Start s of a segment, from int32 or int64 offsets (a negative one, which the API rules out, reads
 * as past any n: never a read out of bounds). */
static __device__ __forceinline__ __attribute__((unused)) size_t gpuscan_offset_at_(const void *offsets, unsigned bytes, size_t s)
{
    return bytes == 8u ? (size_t)((const long long *)offsets)[s] : (size_t)(long long)((const int *)offsets)[s];
}
/* Segment s's length, its start to *b: from its start to the next one's (the last one's: to n),
 * both at most n; out of order (a start past the next): none. */
static __device__ __forceinline__ __attribute__((unused)) size_t gpuscan_segment_span_(const void *offsets, unsigned bytes,
                                                                                      size_t n_segments, size_t n,
                                                                                      size_t s, size_t *b)
{
    size_t lo = gpuscan_offset_at_(offsets, bytes, s);
    size_t hi = s + 1u < n_segments ? gpuscan_offset_at_(offsets, bytes, s + 1u) : n;
    lo = lo < n ? lo : n, hi = hi < n ? hi : n;
    *b = lo;
    return hi > lo ? hi - lo : 0u;
}
/* The first segment whose start is `key` or more (n_segments: none), the same in every lane of the
 * warp that calls it: 32 starts a look, a few rounds where a thread's binary search took one a
 * load of up to 30. */
static __device__ __forceinline__ __attribute__((unused)) size_t gpuscan_offsets_first_from_(const void *offsets, unsigned bytes,
                                                                                            size_t n_segments, size_t key)
{
    const unsigned lane = threadIdx.x & 31u;
    size_t lo = 0, hi = n_segments; /* the answer is in [lo, hi]; hi: none before it */
    while (hi - lo > 32u) {
        const size_t step = (hi - lo + 31u) / 32u, probe = lo + (lane + 1u) * step - 1u;
        const unsigned at = __ballot_sync(0xffffffffu, probe >= hi || gpuscan_offset_at_(offsets, bytes, probe) >= key);
        const unsigned l = __ffs(at) - 1u; /* (lane 31's probe is hi - 1 or past: at != 0 but where
                                            * that start is below the key too) */
        if (at == 0u) return hi;
        const size_t p = lo + (l + 1u) * step - 1u;
        lo = l == 0u ? lo : lo + l * step;
        hi = p < hi ? p : hi;
    }
    const unsigned at = __ballot_sync(0xffffffffu, lo + lane < hi && gpuscan_offset_at_(offsets, bytes, lo + lane) >= key);
    return at != 0u ? lo + (__ffs(at) - 1u) : hi;
}

/* The heads of n elements from the starts of n_segments segments, as bits (bit i % 32 of word
 * i / 32: element i starts one; the words zeroed before): each lane GROUP starts a round, their
 * loads in flight together; the lanes whose starts share a word OR them together and one of them
 * writes it (sorted starts of one element each: a write a warp, not 32) - whatever the offsets'
 * order, every start below n marked (tuning.cuh: GPUSCAN_OFFSET_BITS_*). */
static_assert(GPUSCAN_OFFSET_BITS_THREADS % 32u == 0 && GPUSCAN_OFFSET_BITS_THREADS <= 1024u &&
                  GPUSCAN_OFFSET_BITS_GROUP >= 1u && GPUSCAN_OFFSET_BITS_MAX_BLOCKS >= 1u,
              "gpuscan: GPUSCAN_OFFSET_BITS_THREADS is whole warps, at most 1024; GROUP and MAX_BLOCKS at least 1");
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_offset_bits_(const void *offsets, unsigned bytes,
                                                                                   size_t n_segments, size_t n,
                                                                                   unsigned *bits)
{
    enum { GROUP = GPUSCAN_OFFSET_BITS_GROUP, WARPS = GPUSCAN_OFFSET_BITS_THREADS / 32u };
    const unsigned lane = threadIdx.x & 31u;
    for (size_t first = ((size_t)blockIdx.x * WARPS + threadIdx.x / 32u) * 32u * GROUP; first < n_segments;
         first += (size_t)gridDim.x * WARPS * 32u * GROUP) {
        size_t at[GROUP];
#pragma unroll
        for (unsigned k = 0; k < GROUP; ++k) {
            const size_t s = first + k * 32u + lane;
            at[k] = s < n_segments ? gpuscan_offset_at_(offsets, bytes, s) : n; /* (negative: past n) */
        }
#pragma unroll
        for (unsigned k = 0; k < GROUP; ++k) {
            const int in = at[k] < n;
            const unsigned long long w = in ? at[k] / 32u : ~0ull;
            const unsigned bit = in ? 1u << (at[k] % 32u) : 0u;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800 /* (no __reduce_or_sync: a lane at a time) */
            if (in) atomicOr(&bits[w], bit);
#else
            const unsigned same = __match_any_sync(0xffffffffu, w);
            const unsigned word = __reduce_or_sync(same, bit);
            if (in && lane == (unsigned)__ffs(same) - 1u) atomicOr(&bits[w], word);
#endif
        }
    }
}
#define GPUSCAN_OFFSET_BITS_KERNEL_(P)                                                              \
    static __global__ void __launch_bounds__(GPUSCAN_OFFSET_BITS_THREADS) P##_offset_bits(          \
        const void *offsets, unsigned offset_bytes, size_t n_segments, size_t n, unsigned *bits)   \
    {                                                                                               \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                     \
        gpuscan_offset_bits_(offsets, offset_bytes, n_segments, n, bits);                           \
    }

/* The pair layer Q of the element layer P: what a tile hands on.  COUNTS (0 or 1; a reduction):
 * the pair counts the heads seen, which number each segment's result, (a, ca) (x) (b, cb) = cb ?
 * (b, ca + cb) : (a (x) b, ca) - as associative; else `head` is 0 or 1.  The count is two 32-bit
 * halves, not a size_t: a 4-byte T's pair is then 12 bytes, packed with its state in one word
 * (grid.cuh: GPUSCAN_PACKED_); at 16 it took the slots' look-back, 0.35-0.56 of a copy. */
#define GPUSCAN_PAIR_HIGH_0
#define GPUSCAN_PAIR_HIGH_1 unsigned head_hi; /* (the count's high half) */
#define GPUSCAN_PAIR_HEADS_0(p) (size_t)(p).head
#define GPUSCAN_PAIR_HEADS_1(p) ((size_t)(p).head_hi << 32 | (p).head)
#define GPUSCAN_PAIR_PUT_HEADS_0(p, c) (void)((p).head = (unsigned)(c))
#define GPUSCAN_PAIR_PUT_HEADS_1(p, c) (void)((p).head = (unsigned)(c), (p).head_hi = (unsigned)((size_t)(c) >> 32))
#define GPUSCAN_SEGMENT_LAYER_(Q, P, T, COUNTS)                                                     \
    typedef struct Q##_t {                                                                          \
        T v;           /* the fold since the last head (or since the start) */                      \
        unsigned head; /* heads seen (or 1) */                                                      \
        GPUSCAN_PAIR_HIGH_##COUNTS                                                                  \
    } Q##_t;                                                                                        \
    enum { Q##_COMMUTES_ = 0, Q##_FIXED_ORDER_ = P##_FIXED_ORDER_, Q##_LOAD_COPIES_ = 1 };          \
    static __host__ __device__ __forceinline__ __attribute__((unused)) size_t Q##_heads(Q##_t p)    \
    {                                                                                               \
        return GPUSCAN_PAIR_HEADS_##COUNTS(p);                                                      \
    }                                                                                               \
    static __host__ __device__ __forceinline__ __attribute__((unused)) Q##_t Q##_combine(Q##_t a, Q##_t b) \
    {                                                                                               \
        if (Q##_heads(b) != 0) {                                                                    \
            if (COUNTS) {                                                                           \
                const size_t heads = Q##_heads(a) + Q##_heads(b); /* (once: the put writes b) */    \
                GPUSCAN_PAIR_PUT_HEADS_##COUNTS(b, heads);                                          \
            }                                                                                       \
            return b;                                                                               \
        }                                                                                           \
        a.v = P##_combine(a.v, b.v);                                                                \
        return a;                                                                                   \
    }                                                                                               \
    static __host__ __device__ __forceinline__ __attribute__((unused)) Q##_t Q##_identity(void)     \
    {                                                                                               \
        Q##_t e;                                                                                    \
        memset(&e, 0, sizeof e); /* (the padding too: pairs go through shuffles and slots) */       \
        e.v = P##_identity();                                                                       \
        return e;                                                                                   \
    }                                                                                               \
    GPUSCAN_MOVES_(Q, Q##_t)                                                                        \
    GPUSCAN_WARP_(Q, Q##_t)                                                                         \
    GPUSCAN_BLOCK_PRIMITIVES_(Q, Q##_t)                                                             \
    GPUSCAN_TILE_STATE_(Q, Q##_t)                                                                   \
    GPUSCAN_LOOKBACK_(Q, Q##_t)

/* The segmented scan's steps for the skeleton (FAM = segment), in the coarsened tile shape of T;
 * KEYED: the heads come from keys of K (a scan by key; else from head bytes, offsets or rows);
 * REDUCE: each segment's fold, not the scan, is written - by key (and its first key) or by head
 * bytes at the segment's number (the pair counts the heads), by rows or offsets at its index. */
#define GPUSCAN_SEGMENT_FAMILY_(P, T, K, KEYED, REDUCE)                                             \
    typedef struct P##_segment_io {                                                                 \
        const P##_in_t *in;         /* (a typed DEFINE's TIn) */                                    \
        const K *keys;              /* (KEYED) */                                                   \
        const unsigned char *heads; /* or NULL: the offsets' heads, or one every `row` elements */  \
        const void *offsets;        /* the segments' starts (offset_bytes each), or NULL */         \
        const size_t *starts;       /* tile t's segments: starts[t] .. starts[t + 1] - 1 (not with bits) */ \
        const unsigned *bits;       /* (offsets) bit i % 32 of word i / 32: element i starts one */ \
        size_t n_segments;                                                                          \
        unsigned offset_bytes;                                                                      \
        size_t row;                                                                                 \
        T *out;                                                                                     \
        T init;        /* (exclusive) */                                                            \
        int exclusive;                                                                              \
        K *keys_out;   /* (REDUCE, KEYED) each segment's first key; its fold to out */              \
        size_t *count; /* (REDUCE, by key or head bytes) the segments */                            \
    } P##_segment_io;                                                                               \
    static_assert(GPUSCAN_CO_ITEMS(T) <= 32, "gpuscan: a segmented scan marks a thread's heads in 32 " \
                                             "bits: GPUSCAN_CO_ITEMS(T) may not pass 32");          \
    /* whether a tile's items wait in the tile buffer for the prefix (tuning.cuh; a reduction's     \
     * always: in registers its int32 kernel spilled 68 bytes, 16 so) */                             \
    enum { P##_HOLDS_ = GPUSCAN_SEGMENT_HOLDS_IN_BUFFER(T) || (REDUCE) };                           \
    typedef struct P##_segment_part {                                                               \
        T items[GPUSCAN_CO_ITEMS(T)];                                                               \
        unsigned heads; /* bit j: item j starts a segment */                                        \
        unsigned open;  /* bit j: no head in the tile up to item j (the tile's prefix applies) */   \
    } P##_segment_part;                                                                             \
    static __device__ __forceinline__ void P##_segment_prefetch(const P##_segment_io *io, size_t n, unsigned tile, \
                                                                gpuscan_pace_ pace)                 \
    {                                                                                               \
        GPUSCAN_TILE_BOUNDS_DIR_(CO, T, tile, n, base, valid, P##_REVERSED_);                       \
        P##_CO_prefetch_tile(io->in, n, tile, pace);                                                \
        if (KEYED && !gpuscan_held_back_(pace, tile) && base < n)                                   \
            gpuscan_prefetch_l2_(io->keys + base, (size_t)valid * sizeof(K));                       \
        else if (io->heads != NULL && !gpuscan_held_back_(pace, tile) && base < n)                  \
            gpuscan_prefetch_l2_(io->heads + base, valid);                                          \
    }                                                                                               \
    /* Rows: bit j where element base + q + j (q: a thread's run) starts a row (one remainder a     \
     * thread, then a bit every `row` items). */                                                    \
    static __device__ __forceinline__ unsigned P##_row_heads(size_t base, unsigned q, unsigned valid, size_t row) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        const size_t r = (base + q) % row;                                                          \
        unsigned marked = 0u;                                                                       \
        for (size_t j = r == 0 ? 0 : row - r; j < ITEMS; j += row) marked |= 1u << j;               \
        return gpuscan_run_bits_(marked, q, valid, ITEMS);                                          \
    }                                                                                               \
    /* Offsets, short segments (io->bits): a thread's heads from the bits P_offset_bits marked -    \
     * one coalesced word a thread (two where its run crosses a word), read before the items as     \
     * head bytes are.  Reading a tile's offsets after its items, a second round trip a tile, took  \
     * segments of 1 (8 bytes an element) 1.3x the time.  A reverse scan's then go to the flag      \
     * buffer (P_offset_heads), where P_mirrored_heads reads them. */                               \
    static __device__ __forceinline__ unsigned P##_offset_bits_heads(const P##_segment_io *io, size_t base, unsigned valid) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        const unsigned q = threadIdx.x * ITEMS;                                                     \
        if (q >= valid) return 0u;                                                                  \
        const size_t w = (base + q) / 32u; /* (base: a multiple of 32, a tile being whole warps' runs) */ \
        const unsigned shift = q % 32u;                                                             \
        unsigned h = io->bits[w] >> shift;                                                          \
        if (shift + ITEMS > 32u && q + (32u - shift) < valid) h |= io->bits[w + 1u] << (32u - shift); \
        return gpuscan_run_bits_(ITEMS < 32 ? h & ((1u << (ITEMS % 32u)) - 1u) : h, q, valid, ITEMS); \
    }                                                                                               \
    /* Offsets, longer segments: the tile's heads marked in the flag buffer from its segments'      \
     * starts (the search of P_tile_starts), then read as the flags' bits; with bits (above), those \
     * of a reverse scan to the flag buffer. */                                                     \
    static __device__ __forceinline__ unsigned P##_offset_heads(const P##_segment_io *io, unsigned tile, size_t base, \
                                                                unsigned valid, unsigned bits)      \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        unsigned char *fbuf = P##_flag_buffer();                                                    \
        if (io->bits != NULL) {                                                                     \
            if (P##_REVERSED_) {                                                                    \
                _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j)                              \
                    fbuf[threadIdx.x * ITEMS + j] = (unsigned char)(bits >> j & 1u);                \
                __syncthreads();                                                                    \
            }                                                                                       \
            return bits;                                                                            \
        }                                                                                           \
        const size_t first = io->starts[tile], end = io->starts[tile + 1];                          \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) fbuf[threadIdx.x * ITEMS + j] = 0;   \
        __syncthreads();                                                                            \
        for (size_t s = first + threadIdx.x; s < end; s += GPUSCAN_CO_THREADS(T)) {                 \
            const size_t o = gpuscan_offset_at_(io->offsets, io->offset_bytes, s);                  \
            if (o >= base && o - base < valid) fbuf[o - base] = 1;                                  \
        }                                                                                           \
        __syncthreads();                                                                            \
        return P##_flags_bits(valid);                                                               \
    }                                                                                               \
    /* Whether the element after a whole tile, the first of the next, starts a segment (thread 0's, \
     * for a reverse scan; read before the items' loads, so that its round trip overlaps theirs). */ \
    static __device__ __forceinline__ int P##_next_starts(const P##_segment_io *io, size_t n, size_t base, \
                                                          unsigned valid)                           \
    {                                                                                               \
        const size_t after = base + valid;                                                          \
        if (!P##_REVERSED_ || threadIdx.x != 0 || after >= n) return 0;                             \
        if (KEYED) return !P##_same_key(io->keys[after - 1u], io->keys[after]);                     \
        if (io->heads != NULL) return io->heads[after] != 0;                                        \
        if (io->offsets != NULL && io->bits != NULL) return io->bits[after / 32u] >> (after % 32u) & 1u; \
        if (io->offsets != NULL) { /* the next tile's first segment's start, if any */             \
            const size_t s = io->starts[base / GPUSCAN_TILE_(CO, T) + 1u];                          \
            return s < io->n_segments && gpuscan_offset_at_(io->offsets, io->offset_bytes, s) == after; \
        }                                                                                           \
        return after % io->row == 0;                                                                \
    }                                                                                               \
    /* A reverse scan's heads: the mirrored tile's item i is the input's element base + TILE - 1 - i, \
     * which starts a segment of the mirrored sequence where it ends one of the input's - where the \
     * next element starts one, or there is none.  So a thread's bits are the input's heads of its   \
     * mirrored run (the flag buffer, filled by the load, or rows), one place on, in mirrored order; \
     * next: P_next_starts. */                                                                      \
    static __device__ __forceinline__ unsigned P##_mirrored_heads(const P##_segment_io *io, size_t n, size_t base, \
                                                                  unsigned valid, int next)         \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T), TILE = GPUSCAN_TILE_(CO, T) };                          \
        const unsigned lo = TILE - (threadIdx.x + 1u) * ITEMS; /* the input's run, from the tile's start */ \
        const unsigned last = lo + ITEMS < valid ? lo + ITEMS : valid; /* the element after it */   \
        const unsigned char *fbuf = P##_flag_buffer();                                              \
        const size_t after = base + last; /* (the input's index) */                                 \
        int starts; /* whether element `after` starts a segment (or is past the end) */            \
        if (io->heads == NULL && io->offsets == NULL && !KEYED)                                     \
            return lo >= valid ? 0u : __brev((P##_row_heads(base, lo, valid, io->row) >> 1) |       \
                                             (unsigned)(after == n || after % io->row == 0) << (last - lo - 1u)) \
                                      >> (32u - ITEMS);                                             \
        if (KEYED || io->offsets == NULL) /* (the flag buffer is filled a warp at a time; the offsets' \
                                           * marking ended with a barrier) */                       \
            __syncthreads();                                                                        \
        if (lo >= valid) return 0u;                                                                 \
        starts = last < valid ? fbuf[last] != 0 : after == n || next;                               \
        return __brev((P##_flags_bits_at(lo, valid) >> 1) | (unsigned)starts << (last - lo - 1u)) >> (32u - ITEMS); \
    }                                                                                               \
    static __device__ __forceinline__ void P##_segment_load(const P##_segment_io *io, size_t n, unsigned tile, \
                                                            P##_segment_part *part)                 \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        GPUSCAN_TILE_BOUNDS_DIR_(CO, T, tile, n, base, valid, P##_REVERSED_);                       \
        P##_flag_run run;                                                                           \
        const int next = P##_next_starts(io, n, base, valid);                                       \
        if (KEYED) { /* (compared before the items load: both in flight spilled, 1.16-1.23x the time) */ \
            P##_key_run kr;                                                                         \
            P##_keys_read(io->keys, base, valid, &kr);                                              \
            part->heads = P##_keys_mark(io->keys, &kr, base, valid);                                \
        } else if (io->heads != NULL)                                                               \
            P##_flags_read(io->heads, base, valid, &run);                                           \
        else if (io->bits != NULL)                                                                  \
            part->heads = P##_offset_bits_heads(io, base, valid);                                   \
        if (P##_LOAD_COPIES_ && GPUSCAN_VECTOR_OK_(T, ITEMS)) /* (typed: the reader's own choice) */ \
            P##_CO_load_hinted_direct(io->in, base, base, valid, part->items, P##_CO_buffer(), 0);  \
        else                                                                                        \
            P##_CO_load_hinted(io->in, base, valid, part->items, P##_CO_buffer(), 0);               \
        /* (element 0 starts a segment whatever its byte) */                                        \
        if (KEYED) (void)run;                                                                       \
        else if (io->heads != NULL) part->heads = P##_flags_mark(io->heads, &run, base, valid);     \
        else if (io->offsets != NULL) /* (the input's tile) */                                      \
            part->heads = P##_offset_heads(io, P##_REVERSED_ ? (unsigned)(base / GPUSCAN_TILE_(CO, T)) : tile, base, \
                                           valid, part->heads);                                     \
        else part->heads = P##_row_heads(base, threadIdx.x * ITEMS, valid, io->row);                \
        if (P##_REVERSED_) part->heads = P##_mirrored_heads(io, n, base, valid, next);              \
        else part->heads |= (unsigned)(base == 0 && threadIdx.x == 0);                              \
    }                                                                                               \
    /* Each run scanned from its heads, the runs' pairs scanned in the block, and each run's items  \
     * before its first head given the runs' before them: the tile's segmented scan, its pair. */   \
    static __device__ __forceinline__ P##_pair_t P##_segment_aggregate(P##_segment_part *part, P##_pair_t *before) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        const unsigned h = part->heads;                                                             \
        const unsigned lead = h ? (h & (0u - h)) - 1u : ~0u; /* bit j: no head in the run up to j */ \
        P##_pair_t mine, excl, total;                                                               \
        _Pragma("unroll") for (unsigned j = 1; j < ITEMS; ++j)                                      \
            if (!(h >> j & 1u)) part->items[j] = P##_combine(part->items[j - 1], part->items[j]);   \
        mine = P##_pair_identity();                                                                 \
        mine.v = part->items[ITEMS - 1];                                                            \
        mine.head = REDUCE ? __popc(h) : h != 0u;                                                   \
        P##_pair_block_scan_values(mine, GPUSCAN_CO_THREADS(T), &excl, &total);                     \
        if (threadIdx.x == 0) excl = P##_pair_identity();                                           \
        else                                                                                        \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j)                                  \
                if (lead >> j & 1u) part->items[j] = P##_combine(excl.v, part->items[j]);           \
        part->open = P##_pair_heads(excl) != 0 ? 0u : lead;                                         \
        *before = excl;                                                                             \
        return total;                                                                               \
    }                                                                                               \
    /* The items to the tile buffer while the prefix comes (P_HOLDS_), each thread's run where it   \
     * reads it back. */                                                                            \
    static __device__ __forceinline__ void P##_segment_hold(P##_segment_part *part)                 \
    {                                                                                               \
        if (P##_HOLDS_) P##_CO_stage_to(part->items, P##_CO_buffer());                              \
    }                                                                                               \
    static __device__ __forceinline__ int P##_segment_seeded(const P##_segment_io *io) { return (void)io, 0; } \
    static __device__ __forceinline__ P##_pair_t P##_segment_seed(const P##_segment_io *io)         \
    {                                                                                               \
        return (void)io, P##_pair_identity();                                                       \
    }                                                                                               \
    /* A reduction's writes, by key or by head bytes: where item j ends its segment (the next       \
     * element is a head, or there is none) its fold goes to out, where it starts one (by key) its  \
     * key to keys_out, each at the segment's number (heads before the tile, before the run, and    \
     * the run's own up to j).  A tile's results are consecutive: they meet in the tile buffer      \
     * first and leave coalesced (one thread a result, written where its run held it, was 32       \
     * stores a warp to 32 sectors); keys wider than T, which do not fit it, go directly.  The      \
     * count from the last tile. */                                                                 \
    static __device__ __forceinline__ void P##_segment_ends(const P##_segment_io *io, size_t n, size_t base, \
                                                            unsigned valid, const P##_segment_part *part, \
                                                            size_t tile_before, size_t run_before,  \
                                                            size_t tile_heads)                      \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T), THREADS = GPUSCAN_CO_THREADS(T),                        \
               KEYS_STAGE = sizeof(K) <= sizeof(T) };                                               \
        const unsigned q = threadIdx.x * ITEMS, h = part->heads;                                    \
        const unsigned char *fbuf = P##_flag_buffer();                                              \
        T *buf = P##_CO_buffer();                                                                   \
        K *kbuf = (K *)(void *)buf;                                                                 \
        /* results [lo, hi): the segment open at the tile's start, if any, to the last one that ends \
         * in it; result lo + k (k < TILE) waits at GPUSCAN_PAD_(k) (a warp's lanes, a run apart,   \
         * in 32 banks: unpadded, segments of 1 met in one, 0.26 of a copy at 2^28) */              \
        const size_t last_i = base + valid - 1u;                                                    \
        const int opens = base > 0 && fbuf[0] == 0,                                                 \
                  tail = last_i + 1u == n || (KEYED ? !P##_same_key(io->keys[last_i], io->keys[last_i + 1u]) \
                                                    : io->heads[last_i + 1u] != 0);                 \
        const size_t lo = tile_before - (size_t)opens, hi = tile_before + tile_heads - (tail ? 0u : 1u); \
        /* bit j: item j ends its segment (the next element: the run's, the next run's in the flag   \
         * buffer, or the next tile's); runs with no end or no head skip their loops (long segments: \
         * most) */                                                                                 \
        const unsigned nrun = q >= valid ? 0u : valid - q < ITEMS ? valid - q : (unsigned)ITEMS;    \
        unsigned ends = 0u;                                                                         \
        if (nrun > 0u) {                                                                            \
            const int next = q + nrun < valid ? fbuf[q + nrun] != 0 : tail;                         \
            ends = ((h >> 1) & ((1u << (nrun - 1u)) - 1u)) | ((unsigned)next << (nrun - 1u));       \
        }                                                                                           \
        const size_t first_at = tile_before + run_before - 1u;                                      \
        __syncthreads(); /* (every thread has read its items back from the buffer) */               \
        if (ends != 0u)                                                                             \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j)                                  \
                if (ends >> j & 1u)                                                                 \
                    buf[GPUSCAN_PAD_(first_at + __popc(h & ((1u << j << 1) - 1u)) - lo)] = part->items[j]; \
        __syncthreads();                                                                            \
        for (size_t k = threadIdx.x; k < hi - lo; k += THREADS) io->out[lo + k] = buf[GPUSCAN_PAD_(k)]; \
        /* each run's first key, read again: where the tile's runs are short, coalesced, each to its \
         * number from its thread's bits and count of heads (in the flag buffer, read by now), as   \
         * unique by key's (select.cuh); else at each head from its thread's run (lanes a run apart: \
         * int32's warp load met 32 lines, runs of 1 1.2x).  Staged in the tile buffer where they fit */ \
        const int dense = KEYED && KEYS_STAGE && ITEMS >= 8u && (size_t)tile_heads * GPUSCAN_KEYS_REREAD_RUN >= valid; \
        if (KEYED && KEYS_STAGE) __syncthreads(); /* (the values' results have left the buffer) */  \
        if (dense) {                                                                                \
            unsigned *runs = (unsigned *)(void *)P##_flag_buffer(); /* counts, then bits, a thread each */ \
            runs[threadIdx.x] = (unsigned)run_before, runs[THREADS + threadIdx.x] = h;              \
            __syncthreads();                                                                        \
            for (unsigned i = threadIdx.x, rank; i < valid; i += THREADS)                           \
                if (gpuscan_marked_rank_(runs, THREADS, ITEMS, i, &rank)) kbuf[GPUSCAN_PAD_(rank)] = io->keys[base + i]; \
        } else if (KEYED && h != 0u) /* (h: no bits past valid) */                                  \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                if (!(h >> j & 1u)) continue;                                                       \
                const K key = io->keys[base + q + j];                                               \
                const size_t at = first_at + __popc(h & ((1u << j << 1) - 1u));                     \
                if (KEYS_STAGE) kbuf[GPUSCAN_PAD_(at - tile_before)] = key;                         \
                else io->keys_out[at] = key;                                                        \
            }                                                                                       \
        if (KEYED && KEYS_STAGE) {                                                                  \
            __syncthreads();                                                                        \
            for (size_t k = threadIdx.x; k < tile_heads; k += THREADS)                              \
                io->keys_out[tile_before + k] = kbuf[GPUSCAN_PAD_(k)];                              \
        }                                                                                           \
        if (last_i + 1u == n && threadIdx.x == 0) *io->count = tile_before + tile_heads;            \
    }                                                                                               \
    /* A reduction by rows or by offsets, whose segments' bounds are known (no count): each segment   \
     * that ends (its last element + 1) in [base, base + TILE) - the last tile: or past the end -    \
     * gets its fold at its index, read where the items wait in the tile buffer (after the          \
     * prefix's broadcast barrier), the prefix in front where the segment began before the tile;    \
     * one that ends at base: the prefix itself; an empty one: the identity. */                     \
    static __device__ __forceinline__ void P##_bounded_ends(const P##_segment_io *io, size_t n, unsigned tile, \
                                                            size_t base, unsigned valid, P##_pair_t prefix, \
                                                            int has_prefix)                         \
    {                                                                                               \
        enum { TILE = GPUSCAN_TILE_(CO, T), THREADS = GPUSCAN_CO_THREADS(T) };                      \
        const T *buf = P##_CO_buffer();                                                             \
        const int last = base + valid == n;                                                         \
        const size_t r = io->row;                                                                   \
        /* segments s + 1 in [first, end): a start (offsets: the search's) in the tile's range */   \
        size_t first = io->offsets != NULL ? io->starts[tile] : (base + r - 1u) / r;                \
        size_t end = io->offsets != NULL ? (last ? io->n_segments + 1u : io->starts[tile + 1])      \
                                         : (last ? n / r + 1u : (base + TILE + r - 1u) / r);        \
        first = first > 0 ? first - 1u : 0, end = end > 0 ? end - 1u : 0;                           \
        for (size_t s = first + threadIdx.x; s < end; s += THREADS) {                               \
            size_t b = s * r, e = b + r;                                                            \
            if (io->offsets != NULL) {                                                              \
                b = gpuscan_offset_at_(io->offsets, io->offset_bytes, s);                           \
                e = s + 1u < io->n_segments ? gpuscan_offset_at_(io->offsets, io->offset_bytes, s + 1u) : n; \
                e = e < n ? e : n;                                                                  \
            }                                                                                       \
            T v = P##_identity();                                                                   \
            if (b < e && e - 1u < base) v = prefix.v;                                               \
            else if (b < e && e - 1u - base < valid) { /* (offsets out of order: the identity) */   \
                v = buf[GPUSCAN_PAD_(e - 1u - base)];                                               \
                if (b < base && has_prefix) v = P##_combine(prefix.v, v);                           \
            }                                                                                       \
            io->out[s] = v;                                                                         \
        }                                                                                           \
    }                                                                                               \
    /* The prefix into the elements before the tile's first head; exclusive: each element the init  \
     * (x) the value of the one before it, a head the init. */                                      \
    static __device__ __forceinline__ void P##_segment_consume(const P##_segment_io *io, size_t n, unsigned tile, \
                                                               P##_segment_part *part, P##_pair_t prefix, \
                                                               int has_prefix, P##_pair_t before,   \
                                                               P##_pair_t aggregate)                \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        GPUSCAN_TILE_BOUNDS_DIR_(CO, T, tile, n, base, valid, P##_REVERSED_);                       \
        if (REDUCE && !KEYED && io->heads == NULL) {                                                \
            P##_bounded_ends(io, n, tile, base, valid, prefix, has_prefix);                         \
            return;                                                                                 \
        }                                                                                           \
        const unsigned open = has_prefix ? part->open : 0u;                                         \
        const unsigned x = threadIdx.x * ITEMS, px = GPUSCAN_PAD_(x);                               \
        const T *buf = P##_CO_buffer();                                                             \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                    \
            if (P##_HOLDS_) part->items[j] = buf[GPUSCAN_PAD_IN_RUN_(x, px, j, ITEMS)];             \
            if (open >> j & 1u) part->items[j] = P##_combine(prefix.v, part->items[j]);             \
        }                                                                                           \
        /* (a direct writer's warp stages its run unpadded, over the end of the warp before's       \
         * padded run: every warp has read its items back first) */                                 \
        if (P##_HOLDS_ && GPUSCAN_DIRECT_IO_(P, T, CO)) __syncthreads();                            \
        if (REDUCE) {                                                                               \
            P##_segment_ends(io, n, base, valid, part, P##_pair_heads(prefix), P##_pair_heads(before), \
                             P##_pair_heads(aggregate));                                            \
            return;                                                                                 \
        }                                                                                           \
        if (io->exclusive) {                                                                        \
            /* the value of the element before the run: the tile's prefix, or the run before's */   \
            const T last = threadIdx.x == 0 ? prefix.v                                              \
                           : has_prefix && P##_pair_heads(before) == 0 ? P##_combine(prefix.v, before.v) : before.v; \
            const unsigned h = part->heads;                                                         \
            _Pragma("unroll") for (unsigned j = ITEMS - 1; j > 0; --j)                              \
                part->items[j] = (h >> j & 1u) ? io->init : P##_combine(io->init, part->items[j - 1]); \
            part->items[0] = (h & 1u) ? io->init : P##_combine(io->init, last);                     \
        }                                                                                           \
        P##_CO_store(io->out, base, valid, part->items, part->items[0], 0, 0, part->items[0], P##_CO_buffer()); \
    }                                                                                               \
    GPUSCAN_SINGLE_PASS_KERNELS_(P, P##_pair, P##_pair_t, segment, GPUSCAN_CO_THREADS(T),           \
                                 GPUSCAN_MAX_(1, GPUSCAN_SEGMENT_THREADS_PER_SM(T) / GPUSCAN_CO_THREADS(T)), 0, 0, 1)

/* What runs before a pass by offsets (P_offsets_before_): the offsets' search (P_tile_starts) or,
 * where the segments are short and many, their heads as bits (P_offset_bits; a reduction's: both). */
#define GPUSCAN_SEGMENT_STARTS_(P, T)                                                               \
    /* starts[t], t <= tiles: the first segment s whose start is in tile t or later (of n_segments), \
     * a warp a tile */                                                                             \
    static __global__ void __launch_bounds__(256) P##_tile_starts(const void *offsets, unsigned offset_bytes, \
                                                                  size_t n_segments, size_t tiles, size_t *starts) \
    {                                                                                               \
        const size_t t = ((size_t)blockIdx.x * 256u + threadIdx.x) / 32u;                           \
        if (GPUSCAN_TEST_EMPTY_KERNELS || t > tiles) return;                                        \
        const size_t s = gpuscan_offsets_first_from_(offsets, offset_bytes, n_segments, t * GPUSCAN_TILE_(CO, T)); \
        if ((threadIdx.x & 31u) == 0u) starts[t] = s;                                               \
    }                                                                                               \
    GPUSCAN_OFFSET_BITS_KERNEL_(P)

/* The device code of a segmented scan of (T, op): T's element layer and tile I/O, the heads'
 * reader (KEYED: from keys of K, SAME their equality; a DEFINE with head bytes has K unsigned char
 * and never reads keys), the pair layer, the steps and the kernels.  REV: a reverse scan's, over
 * the mirrored sequence (element.cuh: the operands swapped, tiles read and written back to front). */
#define GPUSCAN_SEGMENT_DEVICE_CODE_(P, name, TIn, T, op, FN, COPIES, K, SAME, KEYED, REDUCE, REV)  \
    static_assert(!((REDUCE) && (REV)), "gpuscan: a reduction has no reverse form (its ends are the " \
                  "forward family's)");                                                             \
    GPUSCAN_ELEMENT_(P, name, T, op, REV) GPUSCAN_BREAK_                                            \
    GPUSCAN_LOAD_STAGE_(P, TIn, T, FN, COPIES, REV) GPUSCAN_BREAK_                                  \
    GPUSCAN_BYTES_(P, T, op) GPUSCAN_BREAK_                                                         \
    GPUSCAN_TILE_IO_(P, T, CO) GPUSCAN_BREAK_                                                       \
    GPUSCAN_TILE_FLAGS_(P, T, CO) GPUSCAN_BREAK_                                                    \
    GPUSCAN_TILE_KEYS_(P, T, CO, K, SAME) GPUSCAN_BREAK_                                            \
    GPUSCAN_PREFETCH_STAGE_(P, T, CO) GPUSCAN_BREAK_                                                \
    GPUSCAN_SEGMENT_LAYER_(P##_pair, P, T, REDUCE) GPUSCAN_BREAK_                                   \
    GPUSCAN_SEGMENT_FAMILY_(P, T, K, KEYED, REDUCE) GPUSCAN_BREAK_
static __device__ __forceinline__ __attribute__((unused)) bool gpuscan_same_byte_(unsigned char a, unsigned char b)
{
    return a == b;
}

/* ---- the host side: checks, then the single pass's call (host.cuh) ---------------------------- */
typedef struct gpuscan_segment_desc_ {
    size_t elem_size, elem_align, pair_size;
    size_t in_size, in_align;   /* the input's type: T, or a typed DEFINE's TIn */
    size_t key_size, key_align; /* a scan by key's, else 0 */
    int reduces;                /* a reduction: a value a segment (by key: and its key) to out */
    gpuscan_pass_ pass;
    const void *identities;     /* (a reduction's) P_identities: empty segments of no elements */
    const void *rows_fold;      /* (a reduction's, a commuting operator's) P_rows_fold, or NULL */
    const void *offsets_fold[2]; /* (likewise) a kernel a way (GPUSCAN_OFFSETS_*): P_offsets_fold_short
                                  * and P_offsets_fold, or NULL */
    gpuscan_device_cache_ pdl_fold; /* (the folds' second launches as programmatic dependents, per
                                     * device: both folds' kernels are of one build, one answer) */
} gpuscan_segment_desc_;
typedef struct gpuscan_segment_call_ {
    const void *in, *heads; /* heads NULL: the keys', the offsets' or a head every `row` elements */
    const void *keys;       /* a scan by key's */
    void *keys_out;         /* (a reduction's) */
    size_t *count;          /* (a reduction's) */
    const void *offsets;    /* n_segments starts of offset_bytes (4 or 8) each, or NULL */
    size_t n_segments;
    unsigned offset_bytes;
    void *out;
    size_t n, row;
    gpuscan_kind kind;
    const void *io;
    int bounded;     /* a reduction by rows or offsets: a value a segment at its index, no count */
    size_t segments; /* (bounded) how many: out's length */
} gpuscan_segment_call_;
/* In place (out == in) is allowed: a tile reads all of its input before it writes, and writes (a
 * reduction: at indices below its end) only once every earlier tile has loaded - but not for a
 * reduction by offsets, whose empty segments may be numbered past their elements; the heads, keys
 * and offsets may not lie inside the output, whose stores would overwrite later tiles' ones, nor a
 * reduction's keys_out over its keys (read again at the consume step) or its count over anything. */
static inline gpuscan_status gpuscan_segment_check_(const gpuscan_segment_desc_ *d, const gpuscan_segment_call_ *c)
{
    const size_t bytes = c->n * d->in_size, out_bytes = c->bounded ? c->segments * d->elem_size : c->n * d->elem_size;
    if ((unsigned)c->kind > (unsigned)GPUSCAN_EXCLUSIVE) return GPUSCAN_ERROR_INVALID_ALGORITHM;
    if (d->reduces && !c->bounded && c->count == NULL) return GPUSCAN_ERROR_NULL_POINTER; /* (n = 0 writes it too) */
    if (c->bounded && c->segments > (SIZE_MAX / 2) / d->elem_size) return GPUSCAN_ERROR_TOO_LARGE;
    if (c->n == 0 && !(c->bounded && c->segments > 0)) return GPUSCAN_SUCCESS; /* (else: identities written) */
    if ((c->n > 0 && c->in == NULL) || c->out == NULL || (d->key_size != 0 && c->keys == NULL) ||
        (d->key_size == 0 && c->heads == NULL && c->row == 0 && c->offset_bytes == 0) ||
        (c->offset_bytes != 0 && c->n_segments > 0 && c->offsets == NULL))
        return GPUSCAN_ERROR_NULL_POINTER;
    if (d->reduces && d->key_size != 0 && c->keys_out == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if (d->key_size != 0 && (uintptr_t)c->keys % d->key_align != 0) return GPUSCAN_ERROR_MISALIGNED;
    if (d->reduces && ((d->key_size != 0 && (uintptr_t)c->keys_out % d->key_align != 0) ||
                       (uintptr_t)c->count % __alignof__(size_t) != 0))
        return GPUSCAN_ERROR_MISALIGNED;
    if (c->offset_bytes != 0 && (uintptr_t)c->offsets % c->offset_bytes != 0) return GPUSCAN_ERROR_MISALIGNED;
    if ((uintptr_t)c->in % d->in_align != 0 || (uintptr_t)c->out % d->elem_align != 0)
        return GPUSCAN_ERROR_MISALIGNED;
    if (c->n > (SIZE_MAX / 2) / d->elem_size || c->n > (SIZE_MAX / 2) / d->in_size || c->n > (SIZE_MAX / 2) / (d->key_size + 1u) ||
        c->n_segments > (SIZE_MAX / 2) / 8u)
        return GPUSCAN_ERROR_TOO_LARGE;
    if (((c->in != c->out || d->in_size != d->elem_size || (c->bounded && c->offset_bytes != 0)) &&
         gpuscan_inside_(c->in, bytes, c->out, out_bytes)) ||
        gpuscan_inside_(c->heads, c->n, c->out, out_bytes) || gpuscan_inside_(c->keys, c->n * d->key_size, c->out, out_bytes) ||
        gpuscan_inside_(c->offsets, c->n_segments * c->offset_bytes, c->out, out_bytes))
        return GPUSCAN_ERROR_OVERLAP;
    if (d->reduces) { /* each output apart from every input and from the other outputs */
        const size_t kb = c->n * d->key_size;
        const void *read[3] = {c->in, c->keys, c->heads}, *written[2] = {c->keys_out, c->count};
        const size_t read_bytes[3] = {bytes, kb, c->heads != NULL ? c->n : 0u}, written_bytes[2] = {kb, sizeof(size_t)};
        for (int w = 0; w < 2; ++w) {
            for (int r = 0; r < 3; ++r)
                if (gpuscan_inside_(written[w], written_bytes[w], read[r], read_bytes[r])) return GPUSCAN_ERROR_OVERLAP;
            if (gpuscan_inside_(written[w], written_bytes[w], c->out, out_bytes)) return GPUSCAN_ERROR_OVERLAP;
        }
        if (gpuscan_inside_(c->keys_out, kb, c->count, sizeof(size_t))) return GPUSCAN_ERROR_OVERLAP;
    }
    return GPUSCAN_SUCCESS;
}
/* (test hook: the count bound the host applies - a suite takes the bits at any count in some cases) */
#ifndef GPUSCAN_TEST_OFFSET_BITS_MIN_SEGMENTS
#define GPUSCAN_TEST_OFFSET_BITS_MIN_SEGMENTS GPUSCAN_OFFSET_BITS_MIN_SEGMENTS
#endif
/* Whether a pass by offsets takes the heads as bits (P_offset_bits), where the segments are short
 * and many (n / n_segments, rounded down, at most GPUSCAN_OFFSET_BITS_MAX_MEAN - 0: never -, and
 * GPUSCAN_OFFSET_BITS_MIN_SEGMENTS or more) and its tiles of `tile` elements start at whole bit
 * words, rather than each tile reading its segments' starts;
 * and its workspace after the pass's: the tiles' first segments (P_tile_starts), then the bits
 * (each part whole 16-byte vectors).  The size depends on n_segments: an _ex workspace is for a
 * query's n and n_segments. */
static inline int gpuscan_offsets_as_bits_(size_t n, size_t n_segments, size_t tile)
{
    return GPUSCAN_OFFSET_BITS_MAX_MEAN > 0 && tile % 32u == 0 && n_segments > 0 &&
           n_segments >= GPUSCAN_TEST_OFFSET_BITS_MIN_SEGMENTS && n / n_segments <= GPUSCAN_OFFSET_BITS_MAX_MEAN;
}
static inline size_t gpuscan_offsets_starts_bytes_(size_t n, size_t tile)
{
    return (gpuscan_ceil_div_(n, tile) + 2u) / 2u * 2u * sizeof(size_t);
}
static inline size_t gpuscan_offsets_bits_bytes_(size_t n) { return gpuscan_ceil_div_(n, 128u) * 16u; }
static inline size_t gpuscan_offsets_extra_bytes_(size_t n, size_t n_segments, size_t tile)
{
    return gpuscan_offsets_starts_bytes_(n, tile) + (gpuscan_offsets_as_bits_(n, n_segments, tile) ? gpuscan_offsets_bits_bytes_(n) : 0u);
}
/* before: what runs before the pass by offsets (P_offsets_before_), its workspace after the pass's,
 * or NULL. */
static inline gpuscan_status gpuscan_segment_run_(gpuscan_segment_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                                  const gpuscan_segment_call_ *c, int ex,
                                                  gpuscan_status (*before)(void *, size_t, void *, cudaStream_t),
                                                  cudaStream_t stream)
{
    const size_t bytes = c->n * d->in_size, out_bytes = c->bounded ? c->segments * d->elem_size : c->n * d->elem_size;
    const gpuscan_pass_call_ p = {(void *)c->io, c->n, d->pair_size, c->count, d->reduces ? 7 : 5,
                                  {c->in, c->heads, c->out, c->offsets, c->keys, c->keys_out, c->count},
                                  {bytes, c->heads != NULL ? c->n : 0u, out_bytes, c->n_segments * c->offset_bytes,
                                   c->keys != NULL ? c->n * d->key_size : 0u, c->n * d->key_size, sizeof(size_t)},
                                  c->offset_bytes != 0 ? gpuscan_offsets_extra_bytes_(c->n, c->n_segments, d->pass.tile) : 0u,
                                  c->offset_bytes != 0 ? before : NULL, 0u};
    if ((unsigned)c->kind > (unsigned)GPUSCAN_EXCLUSIVE) return GPUSCAN_ERROR_INVALID_ALGORITHM; /* (a query too) */
    const gpuscan_status checked = gpuscan_segment_check_(d, c);
    GPUSCAN_TRY_(ex ? gpuscan_pass_call_ex_(&d->pass, d_workspace, workspace_bytes, &p, checked, stream)
                    : gpuscan_pass_call_simple_(&d->pass, &p, checked, stream));
    if (c->bounded && c->n == 0 && c->segments > 0 && !(ex && d_workspace == NULL)) { /* (not a size query) */
        const size_t blocks = gpuscan_ceil_div_(c->segments, 256u);
        void *args[] = {(void *)&c->out, (void *)&c->segments};
        return gpuscan_launch_plain_(d->identities, blocks < 4096u ? blocks : 4096u, 256u, args, stream);
    }
    return GPUSCAN_SUCCESS;
}

/* A reduction of rows by a commuting operator, as a reduction rather than a segmented scan: no
 * tile states, no look-back, no heads - each piece of a row (the row, or a chunk of a long one)
 * folded by a group of lanes from 16-byte loads, then, where a row has several chunks, their folds
 * by a second launch.  The shape follows from the rows, their length and the element's size
 * alone, never the device, so that a call folds in the same order on every GPU (and run). */
typedef struct gpuscan_rows_shape_ {
    size_t chunk, chunks;           /* a piece's elements (the last of a row: what is left); a row's pieces */
    unsigned group_log2, fold_log2; /* the lanes folding a piece, and a row's chunks (the second launch) */
} gpuscan_rows_shape_;
static inline unsigned gpuscan_rows_group_log2_(size_t bytes)
{
    unsigned g = 0;
    while (g < 5u && ((size_t)2u << g) * GPUSCAN_ROWS_FOLD_LANE_BYTES <= bytes) ++g;
    return g;
}
static inline gpuscan_rows_shape_ gpuscan_rows_shape_of_(size_t rows, size_t length, size_t in_size, size_t elem_size)
{
    gpuscan_rows_shape_ s;
    size_t chunks = 1;
    if (rows < GPUSCAN_ROWS_FOLD_PIECES) { /* too few: long rows, cut into chunks */
        const size_t by_count = gpuscan_ceil_div_(GPUSCAN_ROWS_FOLD_PIECES, rows);
        const size_t per_chunk = GPUSCAN_ROWS_FOLD_CHUNK_BYTES / in_size, by_size = length / (per_chunk > 0 ? per_chunk : 1);
        chunks = by_count < by_size ? by_count : by_size;
        chunks = chunks < GPUSCAN_ROWS_FOLD_MAX_CHUNKS ? chunks : GPUSCAN_ROWS_FOLD_MAX_CHUNKS;
        chunks = chunks > 0 ? chunks : 1;
    }
    /* (a chunk of whole 16-byte words: the pieces of an aligned row stay aligned) */
    s.chunk = gpuscan_ceil_div_(gpuscan_ceil_div_(length, chunks), 16u) * 16u;
    s.chunks = gpuscan_ceil_div_(length, s.chunk);
    s.group_log2 = gpuscan_rows_group_log2_((s.chunk < length ? s.chunk : length) * in_size);
    s.fold_log2 = gpuscan_rows_group_log2_(s.chunks * elem_size);
    return s;
}
static inline gpuscan_status gpuscan_rows_fold_launch_(gpuscan_segment_desc_ *d, void *ws, const gpuscan_segment_call_ *c,
                                                       const gpuscan_rows_shape_ *s, cudaStream_t stream)
{
    const size_t rows = c->segments, length = c->row, one = 1;
    const size_t pieces = rows * s->chunks;
    const void *in = c->in, *none = NULL, *up = ws;
    void *out = s->chunks > 1 ? ws : c->out;
    unsigned g = s->group_log2;
    size_t per_block = GPUSCAN_ROWS_FOLD_THREADS >> g, blocks = gpuscan_ceil_div_(pieces, per_block);
    void *args[] = {(void *)&in, (void *)&none, (void *)&rows, (void *)&length, (void *)&s->chunk,
                    (void *)&s->chunks, &g, &out};
    GPUSCAN_TRY_(gpuscan_launch_plain_(d->rows_fold, blocks < GPUSCAN_ROWS_FOLD_MAX_BLOCKS ? blocks : GPUSCAN_ROWS_FOLD_MAX_BLOCKS,
                                       GPUSCAN_ROWS_FOLD_THREADS, args, stream));
    if (s->chunks == 1) return GPUSCAN_SUCCESS;
    /* the second launch: each row's chunks' folds, a piece of `chunks` partials; the first one's
     * programmatic dependent (as a reduction's fold: the first launch is not one, which cost 4,096
     * rows of 4,096 1.2x the time back to back and a row of 2^26 1.3x) */
    out = c->out, g = s->fold_log2, per_block = GPUSCAN_ROWS_FOLD_THREADS >> g, blocks = gpuscan_ceil_div_(rows, per_block);
    void *fold_args[] = {(void *)&none, (void *)&up, (void *)&rows, (void *)&s->chunks, (void *)&s->chunks,
                         (void *)&one, &g, &out};
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attr;
    gpuscan_dependent_config_(&config, &attr, (unsigned)(blocks < GPUSCAN_ROWS_FOLD_MAX_BLOCKS ? blocks : GPUSCAN_ROWS_FOLD_MAX_BLOCKS),
                              GPUSCAN_ROWS_FOLD_THREADS, gpuscan_pdl_supported_(d->rows_fold, d->pdl_fold), stream);
    return gpuscan_launch_(&config, d->rows_fold, fold_args);
}
/* A reduction by offsets of a commuting operator as a fold (P_offsets_fold): segments to lanes or
 * groups of lanes by their mean length (the way: tuning.cuh); those longer than a chunk, in chunks
 * of at least CHUNK_BYTES and at most MAX_CHUNKS of them, whose parts (the one a chunk continues,
 * the one that starts in it, and that one's number) wait in the workspace for the second launch.
 * The shape follows from n, the segments' count and the sizes alone (as the rows'). */
#define GPUSCAN_OFFSETS_SHORT 0  /* SHORT_SEGMENTS segments a lane */
#define GPUSCAN_OFFSETS_VECTOR 1 /* a group of lanes a segment, 16-byte loads */
typedef struct gpuscan_offsets_shape_ {
    size_t chunk, chunks; /* a chunk's elements, and the chunks (1: no segment can be longer) */
    unsigned way;         /* GPUSCAN_OFFSETS_* */
    unsigned group_log2;  /* the lanes folding a segment (SHORT: 0) */
} gpuscan_offsets_shape_;
static inline gpuscan_offsets_shape_ gpuscan_offsets_shape_of_(size_t n, size_t n_segments, size_t in_size)
{
    gpuscan_offsets_shape_ s;
    const size_t least = GPUSCAN_ROWS_FOLD_CHUNK_BYTES / in_size, by_count = gpuscan_ceil_div_(n, GPUSCAN_ROWS_FOLD_MAX_CHUNKS);
    const size_t mean = n / (n_segments > 0 ? n_segments : 1u) * in_size; /* bytes */
    s.chunk = gpuscan_ceil_div_(least > by_count ? least : by_count, 16u) * 16u;
    s.chunks = gpuscan_ceil_div_(n, s.chunk);
    s.way = mean < GPUSCAN_OFFSETS_FOLD_SHORT_BYTES ? GPUSCAN_OFFSETS_SHORT : GPUSCAN_OFFSETS_VECTOR;
    s.group_log2 = s.way == GPUSCAN_OFFSETS_SHORT ? 0u : gpuscan_rows_group_log2_(mean);
    return s;
}
/* the second launch's parts (T, two a chunk) and the long segments' numbers (size_t, one a chunk) */
static inline size_t gpuscan_offsets_parts_bytes_(const gpuscan_offsets_shape_ *s, size_t elem_size)
{
    return s->chunks > 1 ? gpuscan_ceil_div_(2u * s->chunks * elem_size, 16u) * 16u : 0u;
}
static inline gpuscan_status gpuscan_offsets_fold_launch_(gpuscan_segment_desc_ *d, void *ws, const gpuscan_segment_call_ *c,
                                                          const gpuscan_offsets_shape_ *s, cudaStream_t stream)
{
    const size_t warps = GPUSCAN_ROWS_FOLD_THREADS / 32u;
    const size_t per_warp = s->way == GPUSCAN_OFFSETS_SHORT ? 32u * GPUSCAN_OFFSETS_FOLD_SHORT_SEGMENTS : (size_t)32u >> s->group_log2;
    const size_t segment_blocks = gpuscan_ceil_div_(gpuscan_ceil_div_(c->n_segments, per_warp), warps);
    unsigned chunk_blocks = s->chunks > 1 ? (unsigned)gpuscan_ceil_div_(s->chunks, warps) : 0u;
    int partials = 0;
    void *parts = ws, *longs = (char *)ws + gpuscan_offsets_parts_bytes_(s, d->elem_size);
    const void *kernel = d->offsets_fold[s->way];
    void *args[] = {(void *)&c->in, (void *)&c->offsets, (void *)&c->offset_bytes, (void *)&c->n_segments,
                    (void *)&c->n, (void *)&s->chunk, (void *)&s->chunks, (void *)&s->group_log2, &chunk_blocks, &partials, (void *)&c->out, &parts, &longs};
    GPUSCAN_TRY_(gpuscan_launch_plain_(kernel, chunk_blocks + (segment_blocks < GPUSCAN_ROWS_FOLD_MAX_BLOCKS ? segment_blocks : GPUSCAN_ROWS_FOLD_MAX_BLOCKS),
                                       GPUSCAN_ROWS_FOLD_THREADS, args, stream));
    if (chunk_blocks == 0) return GPUSCAN_SUCCESS;
    /* the long segments from their parts: the first launch's programmatic dependent */
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attr;
    partials = 1;
    gpuscan_dependent_config_(&config, &attr, chunk_blocks, GPUSCAN_ROWS_FOLD_THREADS,
                              gpuscan_pdl_supported_(d->offsets_fold[GPUSCAN_OFFSETS_VECTOR], d->pdl_fold), stream);
    return gpuscan_launch_(&config, d->offsets_fold[GPUSCAN_OFFSETS_VECTOR], args); /* (its partials) */
}
/* Whether a bounded reduction takes a fold: a commuting operator's, some elements; by rows not in
 * place (a piece's result lands where other pieces' elements may not have been read yet; by
 * offsets the check refuses it anyway). */
static inline int gpuscan_fold_shape_suits_(const gpuscan_segment_desc_ *d, const gpuscan_segment_call_ *c)
{
    return c->bounded && c->n > 0 && (c->offset_bytes == 0 ? d->rows_fold != NULL : d->offsets_fold[GPUSCAN_OFFSETS_VECTOR] != NULL && c->n_segments > 0);
}
static inline int gpuscan_fold_suits_(const gpuscan_segment_desc_ *d, const gpuscan_segment_call_ *c)
{
    return gpuscan_fold_shape_suits_(d, c) && (c->offset_bytes != 0 || c->in != (const void *)c->out);
}
/* A reduction by rows or offsets: the fold where it suits, else the pass (before: what runs before
 * it by offsets, P_offsets_before_).  A size query answers for both, so that it need not be given the call's pointers
 * (nor whether it runs in place). */
static inline gpuscan_status gpuscan_fold_run_(gpuscan_segment_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                               const gpuscan_segment_call_ *c, int ex, size_t pass_bytes,
                                               cudaStream_t stream);
static inline gpuscan_status gpuscan_bounded_reduce_run_(gpuscan_segment_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                                         const gpuscan_segment_call_ *c, int ex,
                                                         gpuscan_status (*before)(void *, size_t, void *, cudaStream_t),
                                                         cudaStream_t stream)
{
    size_t pass_bytes = 0, fold_bytes = 0;
    if (ex && workspace_bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if (!gpuscan_fold_suits_(d, c) && !(ex && d_workspace == NULL && gpuscan_fold_shape_suits_(d, c)))
        return gpuscan_segment_run_(d, d_workspace, workspace_bytes, c, ex, before, stream);
    if (ex) GPUSCAN_TRY_(gpuscan_segment_run_(d, NULL, &pass_bytes, c, 1, before, stream));
    if (d_workspace != NULL || !ex) return gpuscan_fold_run_(d, d_workspace, workspace_bytes, c, ex, pass_bytes, stream);
    GPUSCAN_TRY_(gpuscan_fold_run_(d, NULL, &fold_bytes, c, 1, 0, stream));
    *workspace_bytes = pass_bytes > fold_bytes ? pass_bytes : fold_bytes;
    return GPUSCAN_SUCCESS;
}
static inline gpuscan_status gpuscan_fold_launch_(gpuscan_segment_desc_ *d, void *ws, const gpuscan_segment_call_ *c,
                                                  const gpuscan_rows_shape_ *rs, const gpuscan_offsets_shape_ *os,
                                                  cudaStream_t stream)
{
    return c->offset_bytes != 0 ? gpuscan_offsets_fold_launch_(d, ws, c, os, stream) : gpuscan_rows_fold_launch_(d, ws, c, rs, stream);
}
/* pass_bytes: the pass's workspace (an _ex call's), which is kept apart from the call's ranges as
 * the fold's is (as much of it as the caller gives): a call is refused alike whichever way it
 * takes. */
static inline gpuscan_status gpuscan_fold_run_(gpuscan_segment_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                               const gpuscan_segment_call_ *c, int ex, size_t pass_bytes,
                                               cudaStream_t stream)
{
    const int by_offsets = c->offset_bytes != 0;
    gpuscan_rows_shape_ rs;
    gpuscan_offsets_shape_ os;
    memset(&rs, 0, sizeof rs), memset(&os, 0, sizeof os);
    if (by_offsets) os = gpuscan_offsets_shape_of_(c->n, c->n_segments, d->in_size);
    else rs = gpuscan_rows_shape_of_(c->segments, c->row, d->in_size, d->elem_size);
    const size_t bytes = by_offsets ? gpuscan_offsets_parts_bytes_(&os, d->elem_size) + (os.chunks > 1 ? os.chunks * sizeof(size_t) : 0u)
                         : rs.chunks > 1 ? c->segments * rs.chunks * d->elem_size : 0u;
    if (ex) {
        int query_only;
        if (workspace_bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
        GPUSCAN_TRY_(gpuscan_check_workspace_(d_workspace, workspace_bytes, bytes, &query_only));
        if (query_only) return GPUSCAN_SUCCESS;
    }
    GPUSCAN_TRY_(gpuscan_segment_check_(d, c));
    if (!ex) GPUSCAN_WITH_ALLOCATED_(bytes, stream, gpuscan_fold_launch_(d, ws, c, &rs, &os, stream));
    const void *ranges[] = {c->in, c->out, c->offsets};
    const size_t range_bytes[] = {c->n * d->in_size, c->segments * d->elem_size, c->n_segments * c->offset_bytes};
    size_t apart = bytes > pass_bytes ? bytes : pass_bytes;
    apart = apart < *workspace_bytes ? apart : *workspace_bytes;
    GPUSCAN_TRY_(gpuscan_check_workspace_apart_(d_workspace, apart, 3, ranges, range_bytes));
    return gpuscan_fold_launch_(d, d_workspace, c, &rs, &os, stream);
}

/* A reduction's values of segments with no elements at all (n = 0): the identity each. */
#define GPUSCAN_SEGMENT_IDENTITIES_0(P, T)
#define GPUSCAN_SEGMENT_IDENTITIES_1(P, T)                                                          \
    static __global__ void __launch_bounds__(256) P##_identities(T *out, size_t count)              \
    {                                                                                               \
        for (size_t i = (size_t)blockIdx.x * 256u + threadIdx.x; i < count; i += (size_t)gridDim.x * 256u) \
            out[i] = P##_identity();                                                                \
    }
#define GPUSCAN_SEGMENT_IDENTITIES_AT_0(P) NULL
#define GPUSCAN_SEGMENT_IDENTITIES_AT_1(P) (const void *)P##_identities
/* The fold of src[begin, end) (TI, each through STAGE(x, i); VECTOR: 16 bytes of them into items)
 * by lane `member` of a group of G, in any order: a 16-byte word at a time where the elements
 * divide one (those before the first boundary, and after the last, one by one) - so which
 * elements are folded together follows the input's address mod 16 too. */
#define GPUSCAN_PIECE_FOLD_(P, T, fname, TI, STAGE, VECTOR)                                         \
    /* R (at most U) words, w, w + G, ..., all loaded before any is folded (first: word 0's element) */ \
    static __device__ __forceinline__ T fname##_words(T acc, const uint4 *v, size_t w, unsigned G, size_t first, \
                                                      int R)                                        \
    {                                                                                               \
        enum { VEC = 16 % sizeof(TI) == 0 ? 16 / sizeof(TI) : 1, U = GPUSCAN_REDUCE_LOADS };        \
        uint4 r[U];                                                                                 \
        _Pragma("unroll") for (int k = 0; k < U; ++k) if (k < R) r[k] = __ldcs(v + w + (size_t)k * G); \
        _Pragma("unroll") for (int k = 0; k < U; ++k) if (k < R) {                                  \
            T part[VEC];                                                                            \
            VECTOR(part, r[k], first + (w + (size_t)k * G) * VEC);                                  \
            acc = P##_combine(acc, P##_fold(part, VEC));                                            \
        }                                                                                           \
        return acc;                                                                                 \
    }                                                                                               \
    static __device__ __forceinline__ T fname(const TI *src, size_t begin, size_t end, unsigned member, \
                                              unsigned G)                                           \
    {                                                                                               \
        enum { VEC = 16 % sizeof(TI) == 0 ? 16 / sizeof(TI) : 1, U = GPUSCAN_REDUCE_LOADS };        \
        T acc = P##_identity();                                                                     \
        size_t i = begin;                                                                           \
        const unsigned lead = (16u - (unsigned)((uintptr_t)(src + begin) & 15u)) & 15u; /* bytes */ \
        if (VEC > 1 && lead % sizeof(TI) == 0 && end - begin >= lead / sizeof(TI) + VEC) {          \
            const size_t first = begin + lead / sizeof(TI), words = (end - first) / VEC;            \
            const uint4 *v = (const uint4 *)(const void *)(src + first);                            \
            for (size_t j = begin + member; j < first; j += G) acc = P##_combine(acc, STAGE(src[j], j)); \
            size_t w = member;                                                                      \
            for (; w + (size_t)(U - 1) * G < words; w += (size_t)U * G) acc = fname##_words(acc, v, w, G, first, U); \
            /* the rest, under U words a lane, in rounds of U/2, U/4, ... 2 words, then one by one     \
             * (one by one, a lane's 4 words of a 64-byte segment were 4 trips to memory: segments of   \
             * 16 int32 took 2.4x the time at 2^28) */                                              \
            _Pragma("unroll") for (int R = U / 2; R >= 2; R /= 2)                                   \
                if (w + (size_t)(R - 1) * G < words) acc = fname##_words(acc, v, w, G, first, R), w += (size_t)R * G; \
            for (; w < words; w += G) acc = fname##_words(acc, v, w, G, first, 1);                  \
            i = first + words * VEC;                                                                \
        }                                                                                           \
        for (i += member; i < end; i += G) acc = P##_combine(acc, STAGE(src[i], i));                \
        return acc;                                                                                 \
    }
/* A reduction's fold of rows (host: gpuscan_fold_run_), compiled for a commuting operator
 * only.  Piece p of `pieces` (row p / chunks, its chunk p % chunks: elements [c * chunk, ...) of
 * it) is folded by the p-th group of 2^group_log2 lanes (at most a warp), each lane its share,
 * then the group's lanes by shuffles to its first, which writes out[p].  `up`: the pieces are the
 * scan's own T (a second launch over the first's partials), else the input through the load
 * stage.  A warp's groups go round the pieces together, so that every lane takes part in its
 * shuffles. */
#define GPUSCAN_SEGMENT_ROWS_FOLD_0(P, T)
#define GPUSCAN_SEGMENT_ROWS_FOLD_1(P, T)                                                          \
    GPUSCAN_PIECE_FOLD_(P, T, P##_piece_fold, P##_in_t, P##_load_stage, P##_load_vector)            \
    GPUSCAN_PIECE_FOLD_(P, T, P##_partials_fold, T, P##_as_is, P##_raw_vector)                      \
    /* the folds of G lanes (a power of two, at most 32) into the first of them, by shuffles: every  \
     * lane of the warp takes part (lanes above a group's first fold in the next group's: unused) */ \
    static __device__ __forceinline__ T P##_lanes_fold(T acc, unsigned G)                           \
    {                                                                                               \
        for (unsigned off = G >> 1; off > 0u; off >>= 1) acc = P##_combine(acc, P##_shfl_down(acc, (int)off)); \
        return acc;                                                                                 \
    }                                                                                               \
    static __global__ void __launch_bounds__(GPUSCAN_ROWS_FOLD_THREADS)                             \
    P##_rows_fold(const P##_in_t *in, const T *up, size_t rows, size_t length, size_t chunk, size_t chunks, \
                  unsigned group_log2, T *out)                                                      \
    {                                                                                               \
        static_assert(GPUSCAN_ROWS_FOLD_THREADS % 32u == 0 && GPUSCAN_ROWS_FOLD_THREADS <= 1024u,  \
                      "gpuscan: GPUSCAN_ROWS_FOLD_THREADS is whole warps, at most 1024");          \
        if (GPUSCAN_TEST_EMPTY_KERNELS || !P##_COMMUTES_) return;                                   \
        enum { WARPS = GPUSCAN_ROWS_FOLD_THREADS / 32 };                                            \
        gpuscan_let_dependents_launch_(); /* (a launch behind it starts its blocks as these end) */  \
        gpuscan_wait_prerequisites_();    /* the kernel before it: its input, or its partials */    \
        const unsigned G = 1u << group_log2, lane = threadIdx.x & 31u, member = lane & (G - 1u);    \
        const size_t pieces = rows * chunks, per_warp = 32u >> group_log2;                          \
        const size_t stride = (size_t)gridDim.x * WARPS * per_warp;                                 \
        for (size_t first = ((size_t)blockIdx.x * WARPS + threadIdx.x / 32u) * per_warp; first < pieces; \
             first += stride) {                                                                     \
            const size_t p = first + (lane >> group_log2);                                          \
            T acc = P##_identity();                                                                 \
            if (p < pieces) {                                                                       \
                /* (short rows are a piece each: no 64-bit division, a hundred instructions) */      \
                const size_t row = chunks == 1 ? p : p / chunks, begin = row * length + (p - row * chunks) * chunk; \
                const size_t end = begin + chunk < (row + 1) * length ? begin + chunk : (row + 1) * length; \
                acc = up != NULL ? P##_partials_fold(up, begin, end, member, G)                     \
                                 : P##_piece_fold(in, begin, end, member, G);                       \
            }                                                                                       \
            acc = P##_lanes_fold(acc, G);                                                           \
            if (p < pieces && member == 0u) out[p] = acc;                                           \
        }                                                                                           \
    }
#define GPUSCAN_SEGMENT_ROWS_FOLD_AT_0(P) NULL
#define GPUSCAN_SEGMENT_ROWS_FOLD_AT_1(P) (P##_COMMUTES_ ? (const void *)P##_rows_fold : NULL)
/* A reduction's fold by offsets (host: gpuscan_fold_run_), compiled for a commuting operator only
 * and beside the rows' fold (whose piece folds it takes).  The segments go to groups of
 * 2^group_log2 lanes, as rows do, or where their mean is short SHORT_SEGMENTS to a lane (its own
 * kernel, P_offsets_fold_short); a segment too long for its group or lane (past GROUP_BYTES a
 * lane; twice SHORT_BYTES) to its whole warp after; a long one (longer than a chunk) in chunks of
 * the elements: chunk k's warp folds the parts of the two long segments it may meet, the one it
 * continues and the one that starts in it, and a second launch (`partials`) then folds each long
 * segment's parts, in the chunks' order.  (A warp's segments of up to a chunk each it folds one after the other: 32 such
 * side by side among short ones, in groups of one lane, keep one warp busy for 32 chunks.) */
#define GPUSCAN_SEGMENT_OFFSETS_FOLD_0(P, T)
#define GPUSCAN_SEGMENT_OFFSETS_FOLD_1(P, T)                                                        \
    /* the fold of in[begin, end) by lane `lane` of a warp: an element a load, the lanes side by    \
     * side, every load of a round in flight together */                                            \
    static __device__ __forceinline__ T P##_strided_fold(const P##_in_t *in, size_t begin, size_t end, unsigned lane) \
    {                                                                                               \
        enum { U = GPUSCAN_REDUCE_LOADS };                                                          \
        T acc = P##_identity();                                                                     \
        size_t j = begin + lane, left = j < end ? ((end - j - 1u) >> 5) + 1u : 0u; /* (its elements) */ \
        for (; left > 0u; left = left > (size_t)U ? left - U : 0u)                                  \
            _Pragma("unroll") for (int k = 0; k < U; ++k, j += 32u)                                 \
                acc = P##_combine(acc, (size_t)k < left ? P##_load_stage(in[j], j) : P##_identity()); \
        return acc;                                                                                 \
    }                                                                                               \
    /* the fold of in[b, b + len) by a whole warp, to its lane 0 (strided: an element a load, else  \
     * 16-byte loads) */                                                                            \
    static __device__ __forceinline__ T P##_warp_fold(const P##_in_t *in, size_t b, size_t len, int strided) \
    {                                                                                               \
        const unsigned lane = threadIdx.x & 31u;                                                    \
        return P##_lanes_fold(strided ? P##_strided_fold(in, b, b + len, lane) : P##_piece_fold(in, b, b + len, lane, 32u), \
                              32u);                                                                 \
    }                                                                                               \
    /* the segments s0 + l of the lanes l in `wide`, one after another, each by the warp, an element \
     * a load; their spans read again (from L1: a lane's held across the folds cost registers) */   \
    static __device__ __forceinline__ void P##_offsets_wide(const P##_in_t *in, const void *offsets, unsigned ob, \
                                                            size_t n_segments, size_t n, unsigned wide, size_t s0, T *out) \
    {                                                                                               \
        for (; wide != 0u; wide &= wide - 1u) {                                                     \
            const size_t s = s0 + (unsigned)(__ffs(wide) - 1);                                      \
            size_t b = 0;                                                                           \
            const size_t len = gpuscan_segment_span_(offsets, ob, n_segments, n, s, &b);            \
            const T v = P##_warp_fold(in, b, len, 1);                                               \
            if ((threadIdx.x & 31u) == 0u) out[s] = v;                                              \
        }                                                                                           \
    }                                                                                               \
    /* warp `warp` of `warps`, segments of a short mean length: K of them a lane (lane l's k-th:    \
     * first + 32k + l), each of up to twice SHORT_BYTES kept by its lane and folded W elements (8 \
     * bytes) a round, an element of each of the K loaded before any is folded; the longer ones  \
     * after, by the warp, an element a load (the 16-byte loads' registers would be this kernel's;  \
     * those longer than a chunk: the chunks') */                                                   \
    static __device__ __forceinline__ void P##_offsets_short(const P##_in_t *in, const void *offsets, unsigned ob, \
                                                             size_t n_segments, size_t n, size_t chunk, size_t warp, \
                                                             size_t warps, T *out)                  \
    {                                                                                               \
        enum { K = GPUSCAN_OFFSETS_FOLD_SHORT_SEGMENTS, W = sizeof(P##_in_t) >= 8u ? 1 : 8 / sizeof(P##_in_t) }; \
        static_assert(K >= 1 && K <= 32 && 2u * GPUSCAN_OFFSETS_FOLD_SHORT_BYTES <= GPUSCAN_ROWS_FOLD_CHUNK_BYTES, \
                      "gpuscan: GPUSCAN_OFFSETS_FOLD_SHORT_SEGMENTS is 1 to 32, and twice "          \
                      "GPUSCAN_OFFSETS_FOLD_SHORT_BYTES at most GPUSCAN_ROWS_FOLD_CHUNK_BYTES (a segment " \
                      "a lane keeps is no chunks')");                                                \
        const size_t lane = threadIdx.x & 31u, most_kept = 2u * GPUSCAN_OFFSETS_FOLD_SHORT_BYTES / sizeof(P##_in_t) + 1u; \
        for (size_t first = warp * 32u * K; first < n_segments; first += warps * 32u * K) {        \
            size_t b[K];                                                                            \
            unsigned kept[K], rounds = 0, wides = 0u, some = 0u; /* (kept: a segment's length + 1 where \
                            * its lane keeps it, else 0; lane k's wides: the k-th segments for the warp, too \
                            * long to keep and no longer than a chunk (a bit a lane), some: the k with any) */ \
            T acc[K];                                                                               \
            /* the starts, and each one's end from the next lane (lane 31's: the next start after) */ \
            _Pragma("unroll") for (int k = 0; k < K; ++k) {                                         \
                const size_t s = first + (size_t)k * 32u + lane;                                    \
                b[k] = s < n_segments ? gpuscan_offset_at_(offsets, ob, s) : n;                     \
                b[k] = b[k] < n ? b[k] : n;                                                         \
            }                                                                                       \
            size_t after = first + 32u * K < n_segments ? gpuscan_offset_at_(offsets, ob, first + 32u * K) : n; \
            after = after < n ? after : n;                                                          \
            _Pragma("unroll") for (int k = 0; k < K; ++k) {                                         \
                const size_t next = k + 1 < K ? b[k + 1 < K ? k + 1 : k] : after,                   \
                             up = __shfl_down_sync(0xffffffffu, (unsigned long long)b[k], 1),       \
                             from_first = __shfl_sync(0xffffffffu, (unsigned long long)next, 0);    \
                const size_t e = lane < 31u ? up : from_first, len = e > b[k] ? e - b[k] : 0u;      \
                kept[k] = len < most_kept ? (unsigned)len + 1u : 0u;                                \
                const unsigned wide = __ballot_sync(0xffffffffu, len >= most_kept && len <= chunk); \
                wides = lane == (size_t)k ? wide : wides;                                           \
                some |= wide != 0u ? 1u << k : 0u;                                                  \
                rounds = kept[k] > rounds + 1u ? kept[k] - 1u : rounds;                             \
                acc[k] = P##_identity();                                                            \
            }                                                                                       \
            /* (an element of each of the K loaded before any is folded: folded as loaded, int32 took \
             * 34 registers and segments of 1 to 8 1.01-1.12x the time; a round's K x W loads first, \
             * uint8 took 78 registers) */                                                          \
            for (unsigned r = 0; r < rounds; r += W)                                                \
                _Pragma("unroll") for (int w = 0; w < W; ++w) {                                     \
                    const unsigned i = r + (unsigned)w;                                             \
                    P##_in_t x[K];                                                                  \
                    _Pragma("unroll") for (int k = 0; k < K; ++k) if (i + 1u < kept[k]) x[k] = in[b[k] + i]; \
                    _Pragma("unroll") for (int k = 0; k < K; ++k)                                   \
                        acc[k] = P##_combine(acc[k], i + 1u < kept[k] ? P##_load_stage(x[k], b[k] + i) : P##_identity()); \
                }                                                                                   \
            _Pragma("unroll") for (int k = 0; k < K; ++k) {                                         \
                const size_t s = first + (size_t)k * 32u + lane;                                    \
                if (s < n_segments && kept[k] > 0u) out[s] = acc[k];                                \
            }                                                                                       \
            /* the rare long ones */                                                                \
            for (; some != 0u; some &= some - 1u) {                                                 \
                const int k = __ffs(some) - 1;                                                      \
                P##_offsets_wide(in, offsets, ob, n_segments, n, __shfl_sync(0xffffffffu, wides, k), \
                                 first + (size_t)k * 32u, out);                                     \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    /* warp `warp` of `warps`: its groups' segments, then the ones too long for a group */          \
    static __device__ __forceinline__ void P##_offsets_segments(const P##_in_t *in, const void *offsets, unsigned ob, \
                                                                size_t n_segments, size_t n, size_t chunk, \
                                                                unsigned group_log2, size_t warp, size_t warps, T *out) \
    {                                                                                               \
        const unsigned G = 1u << group_log2, lane = threadIdx.x & 31u, member = lane & (G - 1u);    \
        const size_t per_warp = 32u >> group_log2, group_bytes = (size_t)G * GPUSCAN_OFFSETS_FOLD_GROUP_BYTES; \
        for (size_t first = warp * per_warp; first < n_segments; first += warps * per_warp) {       \
            const size_t s = first + (lane >> group_log2);                                          \
            size_t b = 0, len = 0;                                                                  \
            if (s < n_segments) len = gpuscan_segment_span_(offsets, ob, n_segments, n, s, &b);     \
            const int own = s < n_segments && len <= chunk && (G == 32u || len * sizeof(P##_in_t) <= group_bytes); \
            T acc = own ? P##_piece_fold(in, b, b + len, member, G) : P##_identity();               \
            acc = P##_lanes_fold(acc, G);                                                           \
            if (own && member == 0u) out[s] = acc;                                                  \
            unsigned wide = __ballot_sync(0xffffffffu, s < n_segments && member == 0u && !own && len <= chunk); \
            while (wide != 0u) {                                                                    \
                const int l = __ffs(wide) - 1;                                                      \
                wide &= wide - 1u;                                                                  \
                const size_t wb = __shfl_sync(0xffffffffu, (unsigned long long)b, l),               \
                             wl = __shfl_sync(0xffffffffu, (unsigned long long)len, l),             \
                             ws = __shfl_sync(0xffffffffu, (unsigned long long)s, l);               \
                const T v = P##_warp_fold(in, wb, wl, 0);                                           \
                if (lane == 0u) out[ws] = v;                                                        \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    /* chunk k's parts of long segments: of the one that began before it, to parts[k]; of the one  \
     * that starts in it (and goes on past it), to parts[chunks + k], its number to longs[k] (none: \
     * SIZE_MAX) - every chunk's three written, so that nothing need be cleared */                  \
    static __device__ __forceinline__ void P##_offsets_chunk(const P##_in_t *in, const void *offsets, unsigned ob, \
                                                             size_t n_segments, size_t n, size_t chunk, size_t chunks, \
                                                             size_t k, int strided, T *parts, size_t *longs) \
    {                                                                                               \
        const size_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;                          \
        size_t b = 0, len = 0, starting = SIZE_MAX;                                                 \
        T before = P##_identity(), starts = P##_identity();                                         \
        size_t s = gpuscan_offsets_first_from_(offsets, ob, n_segments, lo + 1u); /* (s - 1: lo's) */ \
        if (s > 0 && (len = gpuscan_segment_span_(offsets, ob, n_segments, n, s - 1u, &b)) > chunk && b < lo && \
            b + len > lo)                                                                           \
            before = P##_warp_fold(in, lo, (b + len < hi ? b + len : hi) - lo, strided);            \
        if (hi < n && (s = gpuscan_offsets_first_from_(offsets, ob, n_segments, hi + 1u)) > 0 &&    \
            (len = gpuscan_segment_span_(offsets, ob, n_segments, n, s - 1u, &b)) > chunk && b >= lo && b < hi && \
            b + len > hi) {                                                                         \
            starting = s - 1u;                                                                      \
            starts = P##_warp_fold(in, b, hi - b, strided);                                         \
        }                                                                                           \
        if ((threadIdx.x & 31u) == 0u) parts[k] = before, parts[chunks + k] = starts, longs[k] = starting; \
    }                                                                                               \
    /* the long segment that starts in chunk k: its part there, then its parts in the chunks after  \
     * up to the one of its last element */                                                         \
    static __device__ __forceinline__ void P##_offsets_partials(const void *offsets, unsigned ob, size_t n_segments, \
                                                                size_t n, size_t chunk, size_t chunks, size_t k, \
                                                                const T *parts, const size_t *longs, T *out) \
    {                                                                                               \
        const size_t s = longs[k];                                                                  \
        size_t b = 0, len, last;                                                                    \
        if (s >= n_segments) return;                                                                \
        len = gpuscan_segment_span_(offsets, ob, n_segments, n, s, &b);                             \
        last = len > 0 ? (b + len - 1u) / chunk : k;                                                \
        last = last < chunks ? last : chunks - 1u;                                                  \
        T acc = last > k ? P##_partials_fold(parts, k + 1u, last + 1u, threadIdx.x & 31u, 32u) : P##_identity(); \
        acc = P##_lanes_fold(acc, 32u);                                                             \
        if ((threadIdx.x & 31u) == 0u) out[s] = P##_combine(parts[chunks + k], acc);                \
    }                                                                                               \
    GPUSCAN_OFFSETS_FOLD_KERNEL_(P, T, P##_offsets_fold, GPUSCAN_OFFSETS_VECTOR)                    \
    GPUSCAN_OFFSETS_FOLD_KERNEL_(P, T, P##_offsets_fold_short, GPUSCAN_OFFSETS_SHORT)
/* The first launch: blocks below chunk_blocks the chunks, the others the segments, by way WAY; the
 * second (partials), its dependent: the long segments (the VECTOR kernel's).  A kernel a way: in
 * one kernel the 16-byte loads' registers (44 for int32) were the short way's too, whose own
 * (an element a load, its chunks' and long segments' too) need fewer. */
#define GPUSCAN_OFFSETS_FOLD_KERNEL_(P, T, name, WAY)                                               \
    static __global__ void __launch_bounds__(GPUSCAN_ROWS_FOLD_THREADS)                             \
    name(const P##_in_t *in, const void *offsets, unsigned offset_bytes, size_t n_segments, size_t n, \
         size_t chunk, size_t chunks, unsigned group_log2, unsigned chunk_blocks, int partials, T *out, \
         T *parts, size_t *longs)                                                                   \
    {                                                                                               \
        if (GPUSCAN_TEST_EMPTY_KERNELS || !P##_COMMUTES_) return;                                   \
        enum { WARPS = GPUSCAN_ROWS_FOLD_THREADS / 32, STRIDED = (WAY) == GPUSCAN_OFFSETS_SHORT };    \
        gpuscan_let_dependents_launch_();                                                           \
        gpuscan_wait_prerequisites_(); /* (the second launch: until the chunks' parts are written) */ \
        const size_t warp = threadIdx.x / 32u;                                                      \
        if (partials || blockIdx.x < chunk_blocks) {                                                \
            const size_t blocks = partials ? gridDim.x : chunk_blocks;                              \
            for (size_t k = blockIdx.x * (size_t)WARPS + warp; k < chunks; k += blocks * WARPS)     \
                if ((WAY) == GPUSCAN_OFFSETS_VECTOR && partials)                                    \
                    P##_offsets_partials(offsets, offset_bytes, n_segments, n, chunk, chunks, k, parts, longs, out); \
                else P##_offsets_chunk(in, offsets, offset_bytes, n_segments, n, chunk, chunks, k, STRIDED, parts, longs); \
            return;                                                                                 \
        }                                                                                           \
        const size_t own = (blockIdx.x - chunk_blocks) * (size_t)WARPS + warp, warps = (gridDim.x - chunk_blocks) * (size_t)WARPS; \
        if ((WAY) == GPUSCAN_OFFSETS_SHORT) P##_offsets_short(in, offsets, offset_bytes, n_segments, n, chunk, own, warps, out); \
        else P##_offsets_segments(in, offsets, offset_bytes, n_segments, n, chunk, group_log2, own, warps, out); \
    }
#define GPUSCAN_SEGMENT_OFFSETS_FOLD_AT_0(P) {NULL, NULL}
#define GPUSCAN_SEGMENT_OFFSETS_FOLD_AT_1(P)                                                        \
    {P##_COMMUTES_ ? (const void *)P##_offsets_fold_short : NULL, P##_COMMUTES_ ? (const void *)P##_offsets_fold : NULL}

/* The descriptor and the typed functions (SCOPE: their linkage). */
#define GPUSCAN_SEGMENT_DESC_(P, T, K, KEYED, REDUCE, BOUNDED)                                      \
    GPUSCAN_SEGMENT_IDENTITIES_##BOUNDED(P, T)                                                      \
    GPUSCAN_SEGMENT_ROWS_FOLD_##BOUNDED(P, T)                                                       \
    GPUSCAN_SEGMENT_OFFSETS_FOLD_##BOUNDED(P, T)                                                    \
    static gpuscan_segment_desc_ P##_desc __attribute__((unused)) = {                               \
        sizeof(T), __alignof__(T), sizeof(P##_pair_t), sizeof(P##_in_t), __alignof__(P##_in_t),     \
        (KEYED) ? sizeof(K) : 0u, __alignof__(K), REDUCE,                                           \
        {(const void *)P##_segment_pass, NULL /* (no fold, no domino) */,                           \
         (const void *)P##_segment_pass_clears, GPUSCAN_CO_THREADS(T), GPUSCAN_TILE_(CO, T),        \
         GPUSCAN_TILE_(CO, T) * (unsigned)(sizeof(P##_in_t) + ((KEYED) ? sizeof(K) : 1u)),          \
         GPUSCAN_STATE_BYTES_(P##_pair_t), GPUSCAN_SLOT_BYTES_(P##_pair_t), 0, {0}, {0}, {0}, 0u},  \
        GPUSCAN_SEGMENT_IDENTITIES_AT_##BOUNDED(P), GPUSCAN_SEGMENT_ROWS_FOLD_AT_##BOUNDED(P),       \
        GPUSCAN_SEGMENT_OFFSETS_FOLD_AT_##BOUNDED(P), {0}};                                         \
    /* A call's io: every source and output NULL but these (each form sets its own). */             \
    static P##_segment_io P##_io_(const P##_in_t *in, T *out, gpuscan_kind kind, T init)            \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        memset(&io, 0, sizeof io);                                                                  \
        io.in = in, io.out = out, io.init = init, io.exclusive = kind == GPUSCAN_EXCLUSIVE;         \
        return io;                                                                                  \
    }
/* What a segmented DEFINE's forms share: a call by head bytes or rows (row 0: the heads'), and one
 * by offsets, whose tiles' first segments (P_tile_starts) or, short and many segments, heads as bits
 * (P_offset_bits) go to `starts` and `bits` before the pass.  A reduction's (P_desc.reduces) by rows or offsets is bounded: a value a segment.  (An axis
 * DEFINE takes the rows' alone: axis.cuh.) */
#define GPUSCAN_SEGMENT_RUNS_(P, T) GPUSCAN_SEGMENT_ROWS_RUN_(P, T) GPUSCAN_SEGMENT_OFFSETS_RUN_(P, T)
#define GPUSCAN_SEGMENT_ROWS_RUN_(P, T)                                                             \
    static gpuscan_segment_call_ P##_call_(P##_segment_io *io, const P##_in_t *in, const unsigned char *heads, T *out, \
                                           size_t n, size_t row, gpuscan_kind kind, T init)         \
    {                                                                                               \
        const gpuscan_segment_call_ c = {in, heads, NULL, NULL, NULL, NULL, 0, 0u, out, n, row, kind, io, 0, 0}; \
        *io = P##_io_(in, out, kind, init);                                                         \
        io->heads = row == 0 ? heads : NULL, io->row = row;                                         \
        return c;                                                                                   \
    }                                                                                               \
    /* Rows: `rows` rows of `length` elements one after another, each on its own. */               \
    static gpuscan_status P##_rows_run_(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, \
                                        size_t rows, size_t length, gpuscan_kind kind, T init, int ex, \
                                        cudaStream_t stream)                                        \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        size_t n;                                                                                   \
        if (length != 0 && rows > SIZE_MAX / length) return GPUSCAN_ERROR_TOO_LARGE;                \
        n = rows * length;                                                                          \
        gpuscan_segment_call_ c = P##_call_(&io, d_in, NULL, d_out, n, n == 0 ? 1 : length, kind, init); \
        c.bounded = P##_desc.reduces, c.segments = P##_desc.reduces ? rows : 0u;                    \
        if (P##_desc.reduces) return gpuscan_bounded_reduce_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, NULL, stream); \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, NULL, stream); \
    }
#define GPUSCAN_SEGMENT_OFFSETS_RUN_(P, T)                                                          \
    /* The search (a reduction's always: its consume step reads starts) or the bits, into the       \
     * workspace gpuscan_offsets_extra_bytes_ lays out. */                                          \
    static gpuscan_status P##_offsets_before_(void *io_, size_t n, void *extra, cudaStream_t stream) \
    {                                                                                               \
        P##_segment_io *io = (P##_segment_io *)io_;                                                 \
        const size_t tiles = gpuscan_ceil_div_(n, GPUSCAN_TILE_(CO, T));                            \
        const int as_bits = gpuscan_offsets_as_bits_(n, io->n_segments, GPUSCAN_TILE_(CO, T));      \
        void *starts = extra, *bits = (char *)extra + gpuscan_offsets_starts_bytes_(n, GPUSCAN_TILE_(CO, T)); \
        io->starts = (const size_t *)starts, io->bits = as_bits ? (const unsigned *)bits : NULL;    \
        if (!as_bits || P##_desc.reduces) {                                                         \
            void *args[] = {(void *)&io->offsets, &io->offset_bytes, &io->n_segments, (void *)&tiles, &starts}; \
            GPUSCAN_TRY_(gpuscan_launch_plain_((const void *)P##_tile_starts, gpuscan_ceil_div_(tiles + 1, 8u), 256u, \
                                               args, stream));                                      \
        }                                                                                           \
        if (!as_bits) return GPUSCAN_SUCCESS;                                                       \
        const size_t blocks = gpuscan_ceil_div_(io->n_segments, GPUSCAN_OFFSET_BITS_THREADS * GPUSCAN_OFFSET_BITS_GROUP); \
        void *args[] = {(void *)&io->offsets, &io->offset_bytes, &io->n_segments, &n, &bits};       \
        GPUSCAN_TRY_(gpuscan_from_cuda_(cudaMemsetAsync(bits, 0, gpuscan_offsets_bits_bytes_(n), stream))); \
        return gpuscan_launch_plain_((const void *)P##_offset_bits,                                 \
                                     blocks < GPUSCAN_OFFSET_BITS_MAX_BLOCKS ? blocks : GPUSCAN_OFFSET_BITS_MAX_BLOCKS, \
                                     GPUSCAN_OFFSET_BITS_THREADS, args, stream);                    \
    }                                                                                               \
    static gpuscan_status P##_offsets_run_(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in,  \
                                           const void *d_offsets, unsigned offset_bytes, size_t n_segments, \
                                           T *d_out, size_t n, gpuscan_kind kind, T init, int ex,   \
                                           cudaStream_t stream)                                     \
    {                                                                                               \
        P##_segment_io io; /* (a scan with no starts: one segment, a row of all n) */               \
        gpuscan_segment_call_ c = P##_call_(&io, d_in, NULL, d_out, n, n_segments == 0 ? SIZE_MAX : 0, kind, init); \
        if (n_segments > 0) {                                                                       \
            c.offsets = io.offsets = d_offsets, c.n_segments = io.n_segments = n_segments;          \
            c.offset_bytes = io.offset_bytes = offset_bytes;                                        \
        }                                                                                           \
        if (!P##_desc.reduces)                                                                      \
            return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, P##_offsets_before_, stream); \
        c.bounded = 1, c.segments = n_segments, c.n = n_segments == 0 ? 0u : n; /* (no segments: nothing to read or write) */ \
        return gpuscan_bounded_reduce_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, P##_offsets_before_, stream); \
    }
/* The scans' forms: by head bytes, rows and offsets (int64 and int32), each inclusive, exclusive
 * and _scan_ex. */
#define GPUSCAN_SEGMENT_FORMS_0(SCOPE, P, T)                                                        \
    SCOPE gpuscan_status P##_inclusive(const P##_in_t *d_in, const unsigned char *d_heads, T *d_out, size_t n, \
                                       cudaStream_t stream)                                         \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, GPUSCAN_INCLUSIVE, P##_identity()); \
        return gpuscan_segment_run_(&P##_desc, NULL, NULL, &c, 0, NULL, stream);                    \
    }                                                                                               \
    SCOPE gpuscan_status P##_exclusive(const P##_in_t *d_in, const unsigned char *d_heads, T *d_out, size_t n, \
                                       T init, cudaStream_t stream)                                 \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, GPUSCAN_EXCLUSIVE, init); \
        return gpuscan_segment_run_(&P##_desc, NULL, NULL, &c, 0, NULL, stream);                    \
    }                                                                                               \
    SCOPE gpuscan_status P##_scan_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in,     \
                                     const unsigned char *d_heads, T *d_out, size_t n, gpuscan_kind kind, \
                                     T init, cudaStream_t stream)                                   \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, kind, init);     \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, 1, NULL, stream);  \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_inclusive(const P##_in_t *d_in, T *d_out, size_t rows, size_t length, cudaStream_t stream) \
    {                                                                                               \
        return P##_rows_run_(NULL, NULL, d_in, d_out, rows, length, GPUSCAN_INCLUSIVE, P##_identity(), 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_exclusive(const P##_in_t *d_in, T *d_out, size_t rows, size_t length, T init, \
                                            cudaStream_t stream)                                    \
    {                                                                                               \
        return P##_rows_run_(NULL, NULL, d_in, d_out, rows, length, GPUSCAN_EXCLUSIVE, init, 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_scan_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, \
                                          size_t rows, size_t length, gpuscan_kind kind, T init,    \
                                          cudaStream_t stream)                                      \
    {                                                                                               \
        return P##_rows_run_(d_workspace, workspace_bytes, d_in, d_out, rows, length, kind, init, 1, stream); \
    }                                                                                               \
    GPUSCAN_SEGMENT_OFFSETS_FORMS_0(SCOPE, P, T, offsets, long long)                                \
    GPUSCAN_SEGMENT_OFFSETS_FORMS_0(SCOPE, P, T, offsets32, int)
/* The offsets' three scan forms for offsets of type OT (FORM: their name, offsets or offsets32). */
#define GPUSCAN_SEGMENT_OFFSETS_FORMS_0(SCOPE, P, T, FORM, OT)                                      \
    SCOPE gpuscan_status P##_##FORM##_inclusive(const P##_in_t *d_in, const OT *d_offsets, size_t n_segments, \
                                                T *d_out, size_t n, cudaStream_t stream)            \
    {                                                                                               \
        return P##_offsets_run_(NULL, NULL, d_in, d_offsets, (unsigned)sizeof(OT), n_segments, d_out, n, GPUSCAN_INCLUSIVE, \
                                P##_identity(), 0, stream);                                         \
    }                                                                                               \
    SCOPE gpuscan_status P##_##FORM##_exclusive(const P##_in_t *d_in, const OT *d_offsets, size_t n_segments, \
                                                T *d_out, size_t n, T init, cudaStream_t stream)    \
    {                                                                                               \
        return P##_offsets_run_(NULL, NULL, d_in, d_offsets, (unsigned)sizeof(OT), n_segments, d_out, n, GPUSCAN_EXCLUSIVE, \
                                init, 0, stream);                                                   \
    }                                                                                               \
    SCOPE gpuscan_status P##_##FORM##_scan_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, \
                                              const OT *d_offsets, size_t n_segments, T *d_out, size_t n, \
                                              gpuscan_kind kind, T init, cudaStream_t stream)       \
    {                                                                                               \
        return P##_offsets_run_(d_workspace, workspace_bytes, d_in, d_offsets, (unsigned)sizeof(OT), n_segments, d_out, n, \
                                kind, init, 1, stream);                                             \
    }
/* The reductions' forms: by head bytes (numbered, and their count), rows and offsets (a value a
 * segment, empty ones the identity), each also _ex. */
#define GPUSCAN_SEGMENT_FORMS_1(SCOPE, P, T)                                                        \
    static gpuscan_status P##_heads_run_(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, \
                                         const unsigned char *d_heads, T *d_out, size_t *d_count, size_t n, \
                                         int ex, cudaStream_t stream)                               \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, GPUSCAN_INCLUSIVE, P##_identity()); \
        c.count = io.count = d_count;                                                               \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, NULL, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P(const P##_in_t *d_in, const unsigned char *d_heads, T *d_out, size_t *d_count, size_t n, \
                           cudaStream_t stream)                                                     \
    {                                                                                               \
        return P##_heads_run_(NULL, NULL, d_in, d_heads, d_out, d_count, n, 0, stream);             \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in,   \
                                const unsigned char *d_heads, T *d_out, size_t *d_count, size_t n,  \
                                cudaStream_t stream)                                                \
    {                                                                                               \
        return P##_heads_run_(d_workspace, workspace_bytes, d_in, d_heads, d_out, d_count, n, 1, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows(const P##_in_t *d_in, T *d_out, size_t rows, size_t length, cudaStream_t stream) \
    {                                                                                               \
        return P##_rows_run_(NULL, NULL, d_in, d_out, rows, length, GPUSCAN_INCLUSIVE, P##_identity(), 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, \
                                     size_t rows, size_t length, cudaStream_t stream)               \
    {                                                                                               \
        return P##_rows_run_(d_workspace, workspace_bytes, d_in, d_out, rows, length, GPUSCAN_INCLUSIVE, \
                             P##_identity(), 1, stream);                                            \
    }                                                                                               \
    GPUSCAN_SEGMENT_OFFSETS_FORMS_1(SCOPE, P, T, offsets, long long)                                \
    GPUSCAN_SEGMENT_OFFSETS_FORMS_1(SCOPE, P, T, offsets32, int)
#define GPUSCAN_SEGMENT_OFFSETS_FORMS_1(SCOPE, P, T, FORM, OT)                                      \
    SCOPE gpuscan_status P##_##FORM(const P##_in_t *d_in, const OT *d_offsets, size_t n_segments, T *d_out, size_t n, \
                                    cudaStream_t stream)                                            \
    {                                                                                               \
        return P##_offsets_run_(NULL, NULL, d_in, d_offsets, (unsigned)sizeof(OT), n_segments, d_out, n, GPUSCAN_INCLUSIVE, \
                                P##_identity(), 0, stream);                                         \
    }                                                                                               \
    SCOPE gpuscan_status P##_##FORM##_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in,  \
                                         const OT *d_offsets, size_t n_segments, T *d_out, size_t n, \
                                         cudaStream_t stream)                                       \
    {                                                                                               \
        return P##_offsets_run_(d_workspace, workspace_bytes, d_in, d_offsets, (unsigned)sizeof(OT), n_segments, d_out, n, \
                                GPUSCAN_INCLUSIVE, P##_identity(), 1, stream);                      \
    }

/* A segmented DEFINE (REDUCE 0: the scans, P gpuscan_<name>_<op>_segmented, or with REV the
 * reverse ones, P gpuscan_<name>_<op>_reverse_segmented; 1: the reductions, P
 * gpuscan_<name>_<op>_segmented_reduce): the scan's checks (element.cuh), its own namespace and
 * sentinel, apart from a plain DEFINE of the same pair.  KIND: PLAIN (TIn is T), or a typed one's
 * TRANSFORM (fn, the user's) or CONVERSION (its own P_convert), as the scans' (gpuscan.cuh). */
#define GPUSCAN_SEGMENT_ASSEMBLE_(SCOPE, P, name, TIn, T, op, fn, KIND, REDUCE, REV)                \
    GPUSCAN_SEGMENT_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, TIn, T, op, fn, KIND, REDUCE, REV)
#define GPUSCAN_SEGMENT_ASSEMBLE_AT_(id, SCOPE, P, name, TIn, T, op, fn, KIND, REDUCE, REV)         \
    GPUSCAN_CHECK_##KIND##_(name, TIn, T, fn) GPUSCAN_BREAK_                                        \
    GPUSCAN_CHECK_DEFINE_(P, name, T, op) GPUSCAN_BREAK_                                            \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    GPUSCAN_##KIND##_FN_(P, TIn, T)                                                                 \
    GPUSCAN_SEGMENT_DEVICE_CODE_(P, name, TIn, T, op, GPUSCAN_SEGMENT_FN_##KIND(P, fn),             \
                                 GPUSCAN_SEGMENT_COPIES_##KIND, unsigned char, gpuscan_same_byte_, 0, REDUCE, REV) \
    GPUSCAN_SEGMENT_STARTS_(P, T)                                                                   \
    GPUSCAN_SEGMENT_DESC_(P, T, unsigned char, 0, REDUCE, REDUCE)                                   \
    GPUSCAN_SEGMENT_RUNS_(P, T) GPUSCAN_BREAK_                                                      \
    GPUSCAN_SEGMENT_FORMS_##REDUCE(SCOPE, P, T) GPUSCAN_BREAK_                                      \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    GPUSCAN_USING_SEGMENT_FORMS_##REDUCE(P)
/* A segmented DEFINE's load stage by its KIND: the input as it is, the user's transform or the
 * DEFINE's own conversion (GPUSCAN_CONVERSION_FN_), and whether it copies (COPIES). */
#define GPUSCAN_CHECK_PLAIN_(name, TIn, T, fn)
#define GPUSCAN_PLAIN_FN_ GPUSCAN_NONE_
#define GPUSCAN_SEGMENT_FN_PLAIN(P, fn) P##_as_is
#define GPUSCAN_SEGMENT_FN_TRANSFORM(P, fn) fn
#define GPUSCAN_SEGMENT_FN_CONVERSION(P, fn) P##_convert
#define GPUSCAN_SEGMENT_COPIES_PLAIN 1
#define GPUSCAN_SEGMENT_COPIES_TRANSFORM 0
#define GPUSCAN_SEGMENT_COPIES_CONVERSION 0
#define GPUSCAN_USING_SEGMENT_FORMS_0(P)                                                            \
    using P##_internal::P##_inclusive;                                                              \
    using P##_internal::P##_exclusive;                                                              \
    using P##_internal::P##_scan_ex;                                                                \
    using P##_internal::P##_rows_inclusive;                                                         \
    using P##_internal::P##_rows_exclusive;                                                         \
    using P##_internal::P##_rows_scan_ex;                                                           \
    using P##_internal::P##_offsets_inclusive;                                                      \
    using P##_internal::P##_offsets_exclusive;                                                      \
    using P##_internal::P##_offsets_scan_ex;                                                        \
    using P##_internal::P##_offsets32_inclusive;                                                    \
    using P##_internal::P##_offsets32_exclusive;                                                    \
    using P##_internal::P##_offsets32_scan_ex;
#define GPUSCAN_USING_SEGMENT_FORMS_1(P)                                                            \
    using P##_internal::P;                                                                          \
    using P##_internal::P##_ex;                                                                     \
    using P##_internal::P##_rows;                                                                   \
    using P##_internal::P##_rows_ex;                                                                \
    using P##_internal::P##_offsets;                                                                \
    using P##_internal::P##_offsets_ex;                                                             \
    using P##_internal::P##_offsets32;                                                              \
    using P##_internal::P##_offsets32_ex;

/* Scans by key: a segment is a run of equal adjacent keys (SAME(fn, a, b): whether keys a and b
 * are equal, == or the user's fn); the functions take the keys first, as CUB's do. */
#define GPUSCAN_SEGMENT_KEY_FORMS_0(SCOPE, P, K, T)                                                 \
    static gpuscan_status P##_run_(void *d_workspace, size_t *workspace_bytes, const K *keys, const P##_in_t *in, T *out, \
                                   size_t n, gpuscan_kind kind, T init, int ex, cudaStream_t stream) \
    {                                                                                               \
        P##_segment_io io = P##_io_(in, out, kind, init);                                           \
        const gpuscan_segment_call_ c = {in, NULL, keys, NULL, NULL, NULL, 0, 0u, out, n, 0, kind, &io, 0, 0}; \
        io.keys = keys;                                                                             \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, NULL, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_inclusive(const K *d_keys, const P##_in_t *d_in, T *d_out, size_t n, cudaStream_t stream) \
    {                                                                                               \
        return P##_run_(NULL, NULL, d_keys, d_in, d_out, n, GPUSCAN_INCLUSIVE, P##_identity(), 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_exclusive(const K *d_keys, const P##_in_t *d_in, T *d_out, size_t n, T init,  \
                                       cudaStream_t stream)                                         \
    {                                                                                               \
        return P##_run_(NULL, NULL, d_keys, d_in, d_out, n, GPUSCAN_EXCLUSIVE, init, 0, stream);    \
    }                                                                                               \
    SCOPE gpuscan_status P##_scan_ex(void *d_workspace, size_t *workspace_bytes, const K *d_keys, const P##_in_t *d_in, \
                                     T *d_out, size_t n, gpuscan_kind kind, T init, cudaStream_t stream) \
    {                                                                                               \
        return P##_run_(d_workspace, workspace_bytes, d_keys, d_in, d_out, n, kind, init, 1, stream); \
    }
/* Reductions by key: each run of equal keys' first key to keys_out and its fold to out, in order,
 * and how many runs to *d_count (device memory). */
#define GPUSCAN_SEGMENT_KEY_FORMS_1(SCOPE, P, K, T)                                                 \
    static gpuscan_status P##_run_(void *d_workspace, size_t *workspace_bytes, const K *keys, const P##_in_t *in, \
                                   K *keys_out, T *out, size_t *count, size_t n, int ex, cudaStream_t stream) \
    {                                                                                               \
        P##_segment_io io = P##_io_(in, out, GPUSCAN_INCLUSIVE, P##_identity());                    \
        const gpuscan_segment_call_ c = {in, NULL, keys, keys_out, count, NULL, 0, 0u, out, n, 0, GPUSCAN_INCLUSIVE, &io, \
                                         0, 0}; \
        io.keys = keys, io.keys_out = keys_out, io.count = count;                                   \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, NULL, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P(const K *d_keys, const P##_in_t *d_in, K *d_keys_out, T *d_out, size_t *d_count, size_t n, \
                           cudaStream_t stream)                                                     \
    {                                                                                               \
        return P##_run_(NULL, NULL, d_keys, d_in, d_keys_out, d_out, d_count, n, 0, stream);        \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const K *d_keys, const P##_in_t *d_in, \
                                K *d_keys_out, T *d_out, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        return P##_run_(d_workspace, workspace_bytes, d_keys, d_in, d_keys_out, d_out, d_count, n, 1, stream); \
    }
#define GPUSCAN_KEYS_EQ_(fn, a, b) ((a) == (b))
#define GPUSCAN_KEYS_EQ_TYPED_(fn, a, b) ((a) == (b))
#define GPUSCAN_KEYS_FN_(fn, a, b) fn(a, b)
#define GPUSCAN_CHECK_KEYS_EQ_(name, K, T, op, fn)                                                  \
    static_assert(std::is_scalar<K>::value, "gpuscan: the keys of " #name " (" #K ") are compared with ==, " \
                  "which a struct does not have: give an equality, the DEFINE's _EQUAL form (" #name \
                  ", " #K ", " #T ", " #op ", same)");
/* (a typed DEFINE's arguments: TIn too, and fn for a transform) */
#define GPUSCAN_CHECK_KEYS_EQ_TYPED_(name, K, T, op, fn)                                            \
    static_assert(std::is_scalar<K>::value, "gpuscan: the keys of " #name " (" #K ") are compared with ==, " \
                  "which a struct does not have: give an equality, the typed DEFINE's _EQUAL form (its " \
                  "arguments and then same)");
#define GPUSCAN_CHECK_KEYS_FN_(name, K, T, op, fn)                                                  \
    static_assert(std::is_invocable_r<bool, decltype(&fn), const K &, const K &>::value,            \
                  "gpuscan: the key equality '" #fn "' of " #name " must take (" #K " a, " #K " b) and " \
                  "return bool: static __host__ __device__ bool " #fn "(" #K ", " #K ")");
/* A by-key DEFINE (SAME: GPUSCAN_KEYS_EQ_, _EQ_TYPED_ or _FN_, fn the user's equality; REDUCE 0: the
 * scans, P gpuscan_<name>_<op>_by_key, or with REV the reverse ones, P
 * gpuscan_<name>_<op>_reverse_by_key; 1: the reduction, P gpuscan_<name>_<op>_reduce_by_key).
 * KIND: PLAIN (TIn is T), or a typed one's TRANSFORM (tfn, the user's) or CONVERSION, as the
 * segmented DEFINEs'. */
#define GPUSCAN_SEGMENT_KEY_ASSEMBLE_(SCOPE, P, name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV) \
    GPUSCAN_SEGMENT_KEY_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV)
#define GPUSCAN_SEGMENT_KEY_ASSEMBLE_AT_(id, SCOPE, P, name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV) \
    GPUSCAN_CHECK_##KIND##_(name, TIn, T, tfn) GPUSCAN_BREAK_                                       \
    GPUSCAN_CHECK_##SAME(name, K, T, op, fn) GPUSCAN_BREAK_                                         \
    GPUSCAN_CHECK_DEFINE_(P, name, T, op) GPUSCAN_BREAK_                                            \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    GPUSCAN_##KIND##_FN_(P, TIn, T)                                                                 \
    static __device__ __forceinline__ bool P##_same(K a, K b) { return GPUSCAN_##SAME(fn, a, b); }  \
    GPUSCAN_SEGMENT_DEVICE_CODE_(P, name, TIn, T, op, GPUSCAN_SEGMENT_FN_##KIND(P, tfn),            \
                                 GPUSCAN_SEGMENT_COPIES_##KIND, K, P##_same, 1, REDUCE, REV)        \
    GPUSCAN_SEGMENT_DESC_(P, T, K, 1, REDUCE, 0)                                                    \
    GPUSCAN_SEGMENT_KEY_FORMS_##REDUCE(SCOPE, P, K, T) GPUSCAN_BREAK_                               \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    GPUSCAN_USING_KEY_FORMS_##REDUCE(P)
#define GPUSCAN_USING_KEY_FORMS_0(P)                                                                \
    using P##_internal::P##_inclusive;                                                              \
    using P##_internal::P##_exclusive;                                                              \
    using P##_internal::P##_scan_ex;
#define GPUSCAN_USING_KEY_FORMS_1(P)                                                                \
    using P##_internal::P;                                                                          \
    using P##_internal::P##_ex;

#endif /* GPUSCAN_SEGMENT_CUH */
