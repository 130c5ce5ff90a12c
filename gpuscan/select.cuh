/* gpuscan/select.cuh - stream compaction on the single-pass skeleton (grid.cuh).
 *
 * select keeps the elements a flag or a predicate keeps, in order, and writes how many it kept to
 * device memory; partition writes them to one output and the rest, in order too, to another.  A
 * family of the skeleton: what tiles hand on is the count kept before them (a size_t, added: the
 * count layer P_count, the element layer of size_t).  A tile loads its elements (the coarsened
 * shape of T) and marks the kept ones; the block scans the threads' counts; before its prefix
 * comes, the tile gathers its kept elements in order - and, partitioning, the rest after them -
 * into shared memory, so that once the prefix is known its outputs leave as contiguous runs.  Each
 * element is read once and each output written once; no kernel or host code of its own but these
 * steps and the descriptor's few lines.
 *
 * Why two outputs for partition: one array holding the kept elements and then the rest, both in
 * order, needs the total kept before any of the rest can be placed, and a single pass learns it
 * only at its last tile (CUB writes the rest reversed from the end instead).
 *
 * Its other kinds (KIND below), each a mark and what its consume step writes: a three-way
 * partition (two predicates: the first part, the second, the rest), unique (an element kept where
 * it differs from the one before), unique by key (where its key differs; the values kept, the
 * keys beside them), run-length encoding (unique, and each run's length) and non-trivial runs (of
 * the runs of two or more, where each starts and its length). */
#ifndef GPUSCAN_SELECT_CUH
#define GPUSCAN_SELECT_CUH

/* The operator of a DEFINE that moves elements without combining them: its identity only pads a
 * tile's last loads (never kept). */
#define GPUSCAN_OP_gpuscan_move_IDENTITY(name, T) (std::remove_cv<T>::type()) /* (T: any type-name, "unsigned char" too) */
#define GPUSCAN_OP_gpuscan_move_COMBINE(T, a, b) ((void)(a), (b))

/* What tiles hand on (CARRY): the count kept before a tile (count); or - a run-length encoding -
 * that and where the last kept element before it is (runs: each run's length is the distance from
 * its first element to the next run's, and the next run may start tiles later; non_trivial: the
 * same of the runs of two or more, whose lengths their ends write); or - a three-way partition -
 * the counts of the first and the second part (split).  The layer P_CARRY (the element layer of
 * its type: its tile states and look-back) and, over P_carry_t, P_carry_scan(kept, second, at,
 * base, threads, &excl, &total) (the block's: a thread's bits of the first part, of the second, its
 * run from element at, the tile's from base), P_kept_of(c) (the first part's count), P_last_of(c)
 * and P_second_of(c). */
#define GPUSCAN_COUNT_LAYER_(Q)                                                                     \
    GPUSCAN_ELEMENT_(Q, count, size_t, add, 0)                                                      \
    GPUSCAN_LOAD_STAGE_(Q, size_t, size_t, Q##_as_is, 1, 0)                                         \
    GPUSCAN_BYTES_(Q, size_t, add)                                                                  \
    GPUSCAN_WARP_(Q, size_t)                                                                        \
    GPUSCAN_BLOCK_PRIMITIVES_(Q, size_t)                                                            \
    GPUSCAN_TILE_STATE_(Q, size_t)                                                                  \
    GPUSCAN_LOOKBACK_(Q, size_t)
#define GPUSCAN_SELECT_CARRY_count(P)                                                               \
    GPUSCAN_COUNT_LAYER_(P##_count)                                                                 \
    typedef size_t P##_carry_t;                                                                     \
    enum { P##_RUNS_ = 0, P##_SPLIT_ = 0, P##_NON_TRIVIAL_ = 0 };                                   \
    static __device__ __forceinline__ size_t P##_carry_of(unsigned kept, unsigned second, size_t at) \
    {                                                                                               \
        return (void)second, (void)at, (size_t)__popc(kept);                                        \
    }                                                                                               \
    static __device__ __forceinline__ void P##_carry_scan(unsigned kept, unsigned second, size_t at, size_t base, \
                                                          int threads, size_t *excl, size_t *total) \
    {                                                                                               \
        (void)base, P##_count_block_scan_values(P##_carry_of(kept, second, at), threads, excl, total); \
    }                                                                                               \
    static __device__ __forceinline__ size_t P##_kept_of(size_t c) { return c; }                    \
    static __device__ __forceinline__ size_t P##_last_of(size_t c) { return (void)c, 0u; }          \
    static __device__ __forceinline__ size_t P##_second_of(size_t c) { return (void)c, 0u; }
/* Two numbers of 48 bits in 12 bytes (n < 2^48), so that they travel with a tile's status in one
 * 16-byte word (grid.cuh: GPUSCAN_PACKED_; 16 bytes went through a slot and a fence: a run-length
 * encoding took 2x unique's time where long runs leave little else); combined as runs (counts
 * added, the later place kept: element 0 is always kept, so place 0 doubles as "none yet") or
 * split (both counts added). */
typedef struct gpuscan_two48_ {
    unsigned lo[2], hi; /* hi: the high 16 bits of the first, then of the second */
} gpuscan_two48_;
#define GPUSCAN_TWO48_MAX_ (((size_t)1 << 48) - 1u)
static __host__ __device__ __forceinline__ gpuscan_two48_ gpuscan_two48_of_(size_t a, size_t b)
{
    gpuscan_two48_ c = {{(unsigned)a, (unsigned)b}, (unsigned)(a >> 32 & 0xffffu) | (unsigned)(b >> 32) << 16};
    return c;
}
static __host__ __device__ __forceinline__ size_t gpuscan_two48_first_(gpuscan_two48_ c)
{
    return (size_t)c.lo[0] | (size_t)(c.hi & 0xffffu) << 32;
}
static __host__ __device__ __forceinline__ size_t gpuscan_two48_second_(gpuscan_two48_ c)
{
    return (size_t)c.lo[1] | (size_t)(c.hi >> 16) << 32;
}
static __host__ __device__ __forceinline__ gpuscan_two48_ gpuscan_runs_add_(gpuscan_two48_ a, gpuscan_two48_ b)
{
    const size_t la = gpuscan_two48_second_(a), lb = gpuscan_two48_second_(b);
    return gpuscan_two48_of_(gpuscan_two48_first_(a) + gpuscan_two48_first_(b), la > lb ? la : lb);
}
static __host__ __device__ __forceinline__ gpuscan_two48_ gpuscan_split_add_(gpuscan_two48_ a, gpuscan_two48_ b)
{
    return gpuscan_two48_of_(gpuscan_two48_first_(a) + gpuscan_two48_first_(b),
                             gpuscan_two48_second_(a) + gpuscan_two48_second_(b));
}
#define GPUSCAN_OP_gpuscan_runs_IDENTITY(name, T) (gpuscan_two48_{{0u, 0u}, 0u})
#define GPUSCAN_OP_gpuscan_runs_COMBINE(T, a, b) gpuscan_runs_add_(a, b)
#define GPUSCAN_OP_gpuscan_split_IDENTITY(name, T) (gpuscan_two48_{{0u, 0u}, 0u})
#define GPUSCAN_OP_gpuscan_split_COMBINE(T, a, b) gpuscan_split_add_(a, b)
#define GPUSCAN_TWO48_LAYER_(P, Q, op)                                                              \
    GPUSCAN_ELEMENT_(Q, op, gpuscan_two48_, op, 0)                                                  \
    GPUSCAN_LOAD_STAGE_(Q, gpuscan_two48_, gpuscan_two48_, Q##_as_is, 1, 0)                         \
    GPUSCAN_BYTES_(Q, gpuscan_two48_, op)                                                           \
    GPUSCAN_WARP_(Q, gpuscan_two48_)                                                                \
    GPUSCAN_BLOCK_PRIMITIVES_(Q, gpuscan_two48_)                                                    \
    GPUSCAN_TILE_STATE_(Q, gpuscan_two48_)                                                          \
    GPUSCAN_LOOKBACK_(Q, gpuscan_two48_)                                                            \
    typedef gpuscan_two48_ P##_carry_t;                                                             \
    static __device__ __forceinline__ size_t P##_kept_of(gpuscan_two48_ c) { return gpuscan_two48_first_(c); }
/* (RUNS: a run-length encoding's, each run's first element kept; NON_TRIVIAL: each run of two or
 * more's first element kept, its length written at its last.)  In the block the pair is one 32-bit
 * word, the count above the last place in the tile (a tile below 65536 elements): its scan a
 * shuffle and three operations a step, where the 12-byte pair's took three shuffles and its
 * unpacking. */
#define GPUSCAN_OP_gpuscan_tile_places_IDENTITY(name, T) 0u
#define GPUSCAN_OP_gpuscan_tile_places_COMBINE(T, a, b) gpuscan_tile_places_add_(a, b)
static __host__ __device__ __forceinline__ unsigned gpuscan_tile_places_add_(unsigned a, unsigned b)
{
    return ((a & 0xffff0000u) + (b & 0xffff0000u)) | ((a & 0xffffu) > (b & 0xffffu) ? a & 0xffffu : b & 0xffffu);
}
#define GPUSCAN_SELECT_CARRY_PLACES_(P, Q, RUNS, NON_TRIVIAL)                                       \
    GPUSCAN_TWO48_LAYER_(P, Q, gpuscan_runs)                                                        \
    GPUSCAN_ELEMENT_(P##_tile_places, tile_places, unsigned, gpuscan_tile_places, 0)                \
    GPUSCAN_LOAD_STAGE_(P##_tile_places, unsigned, unsigned, P##_tile_places_as_is, 1, 0)           \
    GPUSCAN_BYTES_(P##_tile_places, unsigned, gpuscan_tile_places)                                  \
    GPUSCAN_WARP_(P##_tile_places, unsigned)                                                        \
    GPUSCAN_BLOCK_PRIMITIVES_(P##_tile_places, unsigned)                                            \
    enum { P##_RUNS_ = RUNS, P##_SPLIT_ = 0, P##_NON_TRIVIAL_ = NON_TRIVIAL };                      \
    static __device__ __forceinline__ void P##_carry_scan(unsigned kept, unsigned second, size_t at, size_t base, \
                                                          int threads, gpuscan_two48_ *excl, gpuscan_two48_ *total) \
    {                                                                                               \
        unsigned e, t;                                                                              \
        (void)second;                                                                               \
        P##_tile_places_block_scan_values(                                                          \
            kept != 0u ? (unsigned)__popc(kept) << 16 | (unsigned)(at - base + 31u - __clz(kept)) : 0u, threads, &e, &t); \
        *excl = gpuscan_two48_of_(e >> 16, 0u); /* (a thread's last place before: never used) */    \
        *total = gpuscan_two48_of_(t >> 16, t >> 16 != 0u ? base + (t & 0xffffu) : 0u);             \
    }                                                                                               \
    static __device__ __forceinline__ size_t P##_last_of(gpuscan_two48_ c) { return gpuscan_two48_second_(c); } \
    static __device__ __forceinline__ size_t P##_second_of(gpuscan_two48_ c) { return (void)c, 0u; }
#define GPUSCAN_SELECT_CARRY_runs(P) GPUSCAN_SELECT_CARRY_PLACES_(P, P##_runs, 1, 0)
#define GPUSCAN_SELECT_CARRY_non_trivial(P) GPUSCAN_SELECT_CARRY_PLACES_(P, P##_non_trivial, 0, 1)
#define GPUSCAN_SELECT_CARRY_split(P)                                                               \
    GPUSCAN_TWO48_LAYER_(P, P##_split, gpuscan_split)                                               \
    enum { P##_RUNS_ = 0, P##_SPLIT_ = 1, P##_NON_TRIVIAL_ = 0 };                                   \
    static __device__ __forceinline__ gpuscan_two48_ P##_carry_of(unsigned kept, unsigned second, size_t at) \
    {                                                                                               \
        return (void)at, gpuscan_two48_of_((size_t)__popc(kept), (size_t)__popc(second));           \
    }                                                                                               \
    static __device__ __forceinline__ size_t P##_last_of(gpuscan_two48_ c) { return (void)c, 0u; }  \
    static __device__ __forceinline__ size_t P##_second_of(gpuscan_two48_ c) { return gpuscan_two48_second_(c); } \
    static __device__ __forceinline__ void P##_carry_scan(unsigned kept, unsigned second, size_t at, size_t base, \
                                                          int threads, gpuscan_two48_ *excl, gpuscan_two48_ *total) \
    {                                                                                               \
        (void)base, P##_split_block_scan_values(P##_carry_of(kept, second, at), threads, excl, total); \
    }

/* A three-way partition's second part: bit j where item j is not in the first part and
 * P_second_keep(x, i) takes it (else none). */
#define GPUSCAN_SELECT_SECOND_NONE_(P, T)                                                           \
    static __device__ __forceinline__ unsigned P##_select_second(const P##_select_flag_run *run, const T *items, \
                                                                 size_t base, unsigned valid, unsigned kept) \
    {                                                                                               \
        return (void)run, (void)items, (void)base, (void)valid, (void)kept, 0u;                     \
    }
#define GPUSCAN_SELECT_SECOND_BY_(P, T)                                                             \
    static __device__ __forceinline__ unsigned P##_select_second(const P##_select_flag_run *run, const T *items, \
                                                                 size_t base, unsigned valid, unsigned kept) \
    {                                                                                               \
        const unsigned q = threadIdx.x * P##_ITEMS_;                                                \
        unsigned second = 0u;                                                                       \
        (void)run;                                                                                  \
        _Pragma("unroll") for (unsigned j = 0; j < P##_ITEMS_; ++j)                                 \
            if (q + j < valid && !(kept >> j & 1u) && P##_second_keep(items[j], base + q + j)) second |= 1u << j; \
        return second;                                                                              \
    }
/* (two predicates and two counts: at the look-back's budget 208 bytes spilled, at 1024 56) */
#define GPUSCAN_SELECT_MARK_THREE_(P, T, keep) GPUSCAN_SELECT_MARK_KEEP_(P, T, keep, 2) GPUSCAN_SELECT_SECOND_BY_(P, T)

/* How a tile's thread marks its items (bit j: item j of its run, element base + q + j, is kept;
 * none past valid): from the flag array (block.cuh: P_flags_read, P_flags_mark) or by the user's
 * predicate keep(x, i).  The flags in registers while the items load take a larger register
 * budget (GPUSCAN_SELECT_THREADS_PER_SM). */
#define GPUSCAN_SELECT_MARK_FLAGGED_(P, T, keep)                                                    \
    enum { P##_MARK_ = 1 };                                                                         \
    typedef P##_flag_run P##_select_flag_run;                                                       \
    static __device__ __forceinline__ void P##_select_flags(const P##_select_io *io, size_t base, unsigned valid, \
                                                            P##_select_flag_run *run)               \
    {                                                                                               \
        P##_flags_read(io->flags, base, valid, run);                                                \
    }                                                                                               \
    static __device__ __forceinline__ unsigned P##_select_mark(const P##_select_io *io, const P##_select_flag_run *run, \
                                                               const T *items, size_t base, unsigned valid) \
    {                                                                                               \
        (void)items;                                                                                \
        return P##_flags_mark(io->flags, run, base, valid);                                         \
    }                                                                                               \
    GPUSCAN_SELECT_SECOND_NONE_(P, T)
#define GPUSCAN_SELECT_MARK_IF_(P, T, keep) GPUSCAN_SELECT_MARK_KEEP_(P, T, keep, 0) GPUSCAN_SELECT_SECOND_NONE_(P, T)
/* (MARK: the register budget's, GPUSCAN_SELECT_THREADS_PER_SM) */
#define GPUSCAN_SELECT_MARK_KEEP_(P, T, keep, MARK)                                                 \
    enum { P##_MARK_ = MARK };                                                                      \
    typedef struct P##_select_flag_run {                                                            \
        char none;                                                                                  \
    } P##_select_flag_run;                                                                          \
    static __device__ __forceinline__ void P##_select_flags(const P##_select_io *io, size_t base, unsigned valid, \
                                                            P##_select_flag_run *run)               \
    {                                                                                               \
        (void)io, (void)base, (void)valid, (void)run;                                               \
    }                                                                                               \
    static __device__ __forceinline__ unsigned P##_select_mark(const P##_select_io *io, const P##_select_flag_run *run, \
                                                               const T *items, size_t base, unsigned valid) \
    {                                                                                               \
        const unsigned q = threadIdx.x * P##_ITEMS_;                                                \
        unsigned kept = 0u;                                                                         \
        (void)io, (void)run;                                                                        \
        if (q + P##_ITEMS_ <= valid) /* (a whole run: no bound to test an item) */                  \
            _Pragma("unroll") for (unsigned j = 0; j < P##_ITEMS_; ++j)                             \
                kept |= (unsigned)(bool)keep(items[j], base + q + j) << j;                          \
        else                                                                                        \
            _Pragma("unroll") for (unsigned j = 0; j < P##_ITEMS_; ++j)                             \
                if (q + j < valid && keep(items[j], base + q + j)) kept |= 1u << j;                 \
        return kept;                                                                                \
    }

/* unique: element i is kept where it differs from element i - 1 (P_same, the DEFINE's equality;
 * element 0 always), compared in registers - the item before a thread's run is the last
 * of the lane before's (a shuffle), or for a warp's first lane read before the items load. */
#define GPUSCAN_SELECT_MARK_UNIQUE_(P, T, keep)                                                     \
    enum { P##_MARK_ = 1 };                                                                         \
    typedef struct P##_select_flag_run {                                                            \
        T before; /* (lane 0: the element before the warp's run) */                                 \
    } P##_select_flag_run;                                                                          \
    static __device__ __forceinline__ void P##_select_flags(const P##_select_io *io, size_t base, unsigned valid, \
                                                            P##_select_flag_run *run)               \
    {                                                                                               \
        const unsigned q = threadIdx.x * P##_ITEMS_;                                                \
        if ((threadIdx.x & 31u) == 0 && base + q > 0 && q < valid) run->before = io->in[base + q - 1u]; \
    }                                                                                               \
    static __device__ __forceinline__ unsigned P##_select_mark(const P##_select_io *io, const P##_select_flag_run *run, \
                                                               const T *items, size_t base, unsigned valid) \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_ };                                                                \
        const unsigned q = threadIdx.x * ITEMS;                                                     \
        const T up = P##_shfl_up(items[ITEMS - 1u], 1);                                             \
        unsigned kept = 0u;                                                                         \
        (void)io;                                                                                   \
        if (q < valid) /* (the user's equality sees loaded elements only) */                        \
            kept = base + q == 0 || !P##_same((threadIdx.x & 31u) == 0 ? run->before : up, items[0]); \
        _Pragma("unroll") for (unsigned j = 1; j < ITEMS; ++j)                                      \
            if (q + j < valid && !P##_same(items[j - 1u], items[j])) kept |= 1u << j;               \
        return kept;                                                                                \
    }                                                                                               \
    GPUSCAN_SELECT_SECOND_NONE_(P, T)
/* non-trivial runs: element i is kept where a run of two or more starts (a head - it differs from
 * element i - 1 - whose next is none); the second bits mark where one ends (no head, and its next
 * a head or past the end).  One comparison an item, as unique's: whether the item after a thread's
 * run is a head is the next lane's first bit (past the loaded items every place counts as a head),
 * or for a warp's last lane a comparison with the element after its run, read from memory. */
#define GPUSCAN_SELECT_MARK_NON_TRIVIAL_(P, T, keep)                                                \
    enum { P##_MARK_ = 1 };                                                                         \
    typedef struct P##_select_flag_run {                                                            \
        T before, after; /* (lane 0: the element before the warp's run; lane 31: the one after) */  \
        unsigned ends;                                                                              \
    } P##_select_flag_run;                                                                          \
    static __device__ __forceinline__ void P##_select_flags(const P##_select_io *io, size_t base, unsigned valid, \
                                                            P##_select_flag_run *run)               \
    {                                                                                               \
        const unsigned q = threadIdx.x * P##_ITEMS_, lane = threadIdx.x & 31u;                      \
        const size_t next = base + q + P##_ITEMS_;                                                  \
        if (lane == 0 && base + q > 0 && q < valid) run->before = io->in[base + q - 1u];            \
        if (lane == 31u && next < io->n && q < valid) run->after = io->in[next];                    \
    }                                                                                               \
    static __device__ __forceinline__ unsigned P##_select_mark(const P##_select_io *io, P##_select_flag_run *run, \
                                                               const T *items, size_t base, unsigned valid) \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_ };                                                                \
        const unsigned q = threadIdx.x * ITEMS, lane = threadIdx.x & 31u;                           \
        const unsigned loaded = q >= valid ? 0u : valid - q >= ITEMS ? ~0u >> (32u - ITEMS) : (1u << (valid - q)) - 1u; \
        const T up = P##_shfl_up(items[ITEMS - 1u], 1);                                             \
        unsigned heads = 0u;                                                                        \
        if (q < valid) /* (the user's equality sees loaded elements only) */                        \
            heads = base + q == 0 || !P##_same(lane == 0 ? run->before : up, items[0]);             \
        _Pragma("unroll") for (unsigned j = 1; j < ITEMS; ++j)                                      \
            if (q + j < valid && !P##_same(items[j - 1u], items[j])) heads |= 1u << j;              \
        const unsigned bounds = heads | ~loaded; /* bit j: a run ends before item j */              \
        unsigned next_head = __shfl_down_sync(~0u, bounds, 1) & 1u;                                 \
        if (lane == 31u)                                                                            \
            next_head = !(loaded >> (ITEMS - 1u) & 1u) || base + q + ITEMS >= io->n ||              \
                        !P##_same(items[ITEMS - 1u], run->after);                                   \
        const unsigned ends_after = /* bit j: item j ends its run */                                \
            (bounds >> 1 & ((1u << (ITEMS - 1u)) - 1u)) | next_head << (ITEMS - 1u);                \
        run->ends = ~heads & ends_after & loaded;                                                   \
        return heads & ~ends_after & loaded;                                                        \
    }                                                                                               \
    static __device__ __forceinline__ unsigned P##_select_second(const P##_select_flag_run *run, const T *items, \
                                                                 size_t base, unsigned valid, unsigned kept) \
    {                                                                                               \
        return (void)items, (void)base, (void)valid, (void)kept, run->ends;                         \
    }
/* unique by key: the items are the values; element i is kept where its key differs from key i - 1
 * (block.cuh: P_keys_read, P_keys_mark; element 0 always). */
#define GPUSCAN_SELECT_MARK_BY_KEY_(P, T, keep)                                                     \
    enum { P##_MARK_ = 3 };                                                                         \
    typedef P##_key_run P##_select_flag_run;                                                        \
    static __device__ __forceinline__ void P##_select_flags(const P##_select_io *io, size_t base, unsigned valid, \
                                                            P##_select_flag_run *run)               \
    {                                                                                               \
        P##_keys_read(io->keys, base, valid, run);                                                  \
    }                                                                                               \
    static __device__ __forceinline__ unsigned P##_select_mark(const P##_select_io *io, P##_select_flag_run *run, \
                                                               const T *items, size_t base, unsigned valid) \
    {                                                                                               \
        (void)items;                                                                                \
        return P##_keys_mark(io->keys, run, base, valid) | (unsigned)(base == 0 && threadIdx.x == 0); \
    }                                                                                               \
    GPUSCAN_SELECT_SECOND_NONE_(P, T)

/* The selection's steps for the skeleton (FAM = select), in the tile shape TAG of T (block.cuh:
 * the coarsened scan's, CO, or unique by key's, KV; P_ITEMS_ items a thread).  K: a
 * unique by key's keys (KEYED: their first of each run go to keys_out beside the values); L: a
 * run-length encoding's lengths (CARRY runs), or non-trivial runs' offsets and lengths
 * (non_trivial). */
#define GPUSCAN_SELECT_FAMILY_(P, T, K, L, MARK, keep, CARRY, KEYED, TAG)                           \
    enum { P##_ITEMS_ = GPUSCAN_##TAG##_ITEMS(T), P##_THREADS_ = GPUSCAN_##TAG##_THREADS(T),        \
           P##_TILE_ = GPUSCAN_TILE_(TAG, T) };                                                     \
    typedef struct P##_select_io {                                                                  \
        const T *in;                                                                                \
        const unsigned char *flags; /* (flagged) */                                                 \
        const K *keys;              /* (KEYED) */                                                   \
        T *selected, *rejected;     /* rejected: NULL but for partition (three-way: may be NULL) */  \
        T *second;                  /* (split) the second part */                                   \
        K *keys_out;                /* (KEYED) */                                                   \
        L *lengths;                 /* (runs, non-trivial runs) */                                  \
        L *offsets;                 /* (non-trivial runs) where each starts */                      \
        size_t *count;                                                                              \
        size_t n;                                                                                   \
    } P##_select_io;                                                                                \
    static_assert(P##_ITEMS_ <= 32, "gpuscan: a selection marks a thread's items in 32 bits: "      \
                                    "GPUSCAN_CO_ITEMS(T) (unique by key: GPUSCAN_KV_ITEMS(T)) may not pass 32"); \
    enum { P##_KEYS_STAGE_ = sizeof(K) <= sizeof(T) /* a unique by key's kept keys meet in the tile buffer */ }; \
    typedef struct P##_select_part {                                                                \
        T items[P##_ITEMS_];                                                                        \
        unsigned kept;       /* bit j: item j is kept (three-way: in the first part) */             \
        unsigned second;     /* bit j: item j goes to the second part (split) or ends a run */      \
        int partition;       /* the rest goes out too */                                            \
        size_t at;           /* the thread's run's first element */                                 \
        const K *keys;       /* (KEYED) the tile's keys, valid of them */                           \
        unsigned valid;                                                                             \
        K got[(KEYED) ? P##_ITEMS_ : 1]; /* (KEYED) the keys held, or kept ones read again */       \
        int held;            /* (KEYED) got holds the keys the mark read instead (P_keys_hold) */   \
        unsigned loaded;     /* (read again) bit k: got[k], element threadIdx.x + k THREADS, is kept */ \
        size_t before, tile; /* kept in the tile before this thread's items; in the tile */         \
        size_t before2, tile2; /* (split) the same of the second part */                            \
    } P##_select_part;                                                                              \
    /* where a tile's kept elements' places in it (runs) wait for the prefix, as the items do in the \
     * tile buffer - non-trivial runs', whose items stay in registers, in the tile buffer itself    \
     * once the block scan's barrier has put the loads past it (8.25 KB less a block of int32) */   \
    static __device__ __forceinline__ unsigned short *P##_place_buffer(void)                        \
    {                                                                                               \
        static_assert(P##_TILE_ <= 65536u, "gpuscan: a tile's places are 16 bits");                 \
        enum { IN_TILE = P##_NON_TRIVIAL_ && sizeof(T) >= sizeof(unsigned short) };                 \
        __shared__ unsigned short raw[(P##_RUNS_ || P##_NON_TRIVIAL_) && !IN_TILE ? GPUSCAN_TILE_BUFFER_(TAG, T) : 1u]; \
        return IN_TILE ? (unsigned short *)(void *)P##_##TAG##_buffer() : raw;                      \
    }                                                                                               \
    MARK(P, T, keep)                                                                                \
    static __device__ __forceinline__ void P##_select_prefetch(const P##_select_io *io, size_t n, unsigned tile, \
                                                               gpuscan_pace_ pace)                  \
    {                                                                                               \
        if (gpuscan_held_back_(pace, tile)) return;                                                 \
        GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid);                                         \
        if (base >= n) return;                                                                      \
        gpuscan_prefetch_l2_(io->in + base, (size_t)valid * sizeof(T));                             \
        if (io->flags != NULL) gpuscan_prefetch_l2_(io->flags + base, valid);                       \
        if (KEYED) gpuscan_prefetch_l2_(io->keys + base, (size_t)valid * sizeof(K));                \
    }                                                                                               \
    static __device__ __forceinline__ void P##_select_load(const P##_select_io *io, size_t n, unsigned tile, \
                                                           P##_select_part *part)                   \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_ };                                                                \
        GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid);                                         \
        P##_select_flag_run run;                                                                    \
        P##_select_flags(io, base, valid, &run);                                                    \
        if (GPUSCAN_VECTOR_OK_(T, ITEMS)) /* 16-byte vectors through the warp's stage, not an       \
                                           * element at a time through the padded buffer */         \
            P##_##TAG##_load_hinted_direct(io->in, base, base, valid, part->items, P##_##TAG##_buffer(), 0);  \
        else                                                                                        \
            P##_##TAG##_load_hinted(io->in, base, valid, part->items, P##_##TAG##_buffer(), 0);     \
        part->kept = P##_select_mark(io, &run, part->items, base, valid);                           \
        /* (KEYED: the run is the keys' P_key_run) */                                               \
        part->held = KEYED && P##_keys_hold((const P##_key_run *)(const void *)&run, valid, part->got); \
        part->second = P##_select_second(&run, part->items, base, valid, part->kept);               \
        part->partition = io->rejected != NULL || P##_SPLIT_;                                       \
        part->at = base + threadIdx.x * ITEMS;                                                      \
        part->keys = KEYED ? io->keys + base : NULL, part->valid = valid;                           \
    }                                                                                               \
    /* The block scan of the threads' counts (and last kept places): the tile's. */                 \
    static __device__ __forceinline__ P##_carry_t P##_select_aggregate(P##_select_part *part, P##_carry_t *before) \
    {                                                                                               \
        static_assert(!(P##_RUNS_ || P##_NON_TRIVIAL_) || P##_TILE_ < 65536u,                       \
                      "gpuscan: a tile's count and last place share 32 bits");                      \
        P##_carry_t excl, total;                                                                    \
        P##_carry_scan(part->kept, part->second, part->at, part->at - threadIdx.x * P##_ITEMS_,     \
                       P##_THREADS_, &excl, &total);                                                \
        if (threadIdx.x == 0) excl = P##_##CARRY##_identity();                                      \
        part->before = P##_kept_of(excl), part->before2 = P##_second_of(excl);                      \
        part->tile = P##_kept_of(total), part->tile2 = P##_second_of(total);                        \
        *before = excl;                                                                             \
        return total;                                                                               \
    }                                                                                               \
    /* A unique by key's kept keys: in a whole tile whose keys the mark read as words that fill     \
     * each lane (P_keys_hold), those registers go out - 0.85-0.98 of the time of reading the keys  \
     * again at 2^22-2^28 for runs of 16 and 1,024, 0.97-1.02 for runs of 1 (docs/design.md);       \
     * otherwise read again (from L1 or L2), coalesced and all at once, in the hold, so that they   \
     * arrive while the prefix comes (not in place: select.cuh's checks).  Either way gathered in   \
     * the tile buffer once the values have left it and written coalesced (keys wider than the      \
     * values, which do not fit it, go out directly). Each element's rank: its thread's count       \
     * before it and bits kept.  At 2^28 int32 with every element kept: each thread reading its own \
     * run again, 32 sectors a warp's load, 0.55 of a copy; the keys held from before the prefix in \
     * a buffer of their own, fewer blocks an SM, 0.40-0.50; read again coalesced, 0.66 (in the     \
     * hold or after the prefix, the same), in the KV tile (16 items a thread, 1,024 threads an SM) \
     * 0.77, held in registers 0.76. */                                                             \
    static __device__ __forceinline__ unsigned *P##_key_ranks(void)                                 \
    {                                                                                               \
        __shared__ unsigned raw[2u * P##_THREADS_]; /* each thread's count before, bits kept */     \
        return raw;                                                                                 \
    }                                                                                               \
    static __device__ __forceinline__ void P##_keys_read_again(P##_select_part *part)               \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_, THREADS = P##_THREADS_ };                                        \
        unsigned *ranks = P##_key_ranks();                                                          \
        ranks[threadIdx.x] = (unsigned)part->before, ranks[THREADS + threadIdx.x] = part->kept;     \
        __syncthreads();                                                                            \
        part->loaded = 0u;                                                                          \
        if (part->held) return; /* (the mark's key words are in got) */                             \
        _Pragma("unroll") for (unsigned k = 0; k < ITEMS; ++k) {                                    \
            const unsigned i = threadIdx.x + k * THREADS;                                           \
            if (i < part->valid && (ranks[THREADS + i / ITEMS] >> (i % ITEMS) & 1u))                \
                part->got[k] = part->keys[i], part->loaded |= 1u << k;                              \
        }                                                                                           \
    }                                                                                               \
    /* Kept key i of the tile (got[k]) to its place: the buffer, or out. */                         \
    static __device__ __forceinline__ void P##_key_put(const P##_select_io *io, const unsigned *ranks, K *kbuf, \
                                                       size_t first, unsigned i, K key)             \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_, THREADS = P##_THREADS_ };                                        \
        unsigned rank;                                                                              \
        if (!gpuscan_marked_rank_(ranks, THREADS, ITEMS, i, &rank)) return;                         \
        if (P##_KEYS_STAGE_) kbuf[GPUSCAN_PAD_(rank)] = key;                                        \
        else io->keys_out[first + rank] = key;                                                      \
    }                                                                                               \
    static __device__ __forceinline__ void P##_keys_out(const P##_select_io *io, const P##_select_part *part, \
                                                        size_t first)                               \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_, THREADS = P##_THREADS_ };                                        \
        const unsigned *ranks = P##_key_ranks();                                                    \
        K *kbuf = (K *)(void *)P##_##TAG##_buffer();                                                \
        if (P##_KEYS_STAGE_) __syncthreads(); /* (every value has left the buffer) */               \
        if (part->held) { /* got[k]: the mark's key words' (P_held_key_element) */                  \
            _Pragma("unroll") for (unsigned k = 0; k < ITEMS; ++k)                                  \
                P##_key_put(io, ranks, kbuf, first, P##_held_key_element(k), part->got[k]);        \
        } else { /* got[k]: element threadIdx.x + k THREADS, where read */                          \
            _Pragma("unroll") for (unsigned k = 0; k < ITEMS; ++k)                                  \
                if (part->loaded >> k & 1u) P##_key_put(io, ranks, kbuf, first, threadIdx.x + k * THREADS, part->got[k]); \
        }                                                                                           \
        if (!P##_KEYS_STAGE_) return;                                                               \
        __syncthreads();                                                                            \
        _Pragma("unroll 4") for (unsigned i = threadIdx.x; i < (unsigned)part->tile; i += THREADS)  \
            io->keys_out[first + i] = kbuf[GPUSCAN_PAD_(i)];                                        \
    }                                                                                               \
    /* Before the prefix: the kept items in order to the buffer's front, the rest (partition) in    \
     * order after them (past valid: never read).  (The block scan's barrier put every warp past its \
     * loads' use of the buffer.)  Slots padded a word every 32 (GPUSCAN_PAD_): a thread's run of   \
     * consecutive ranks spans 128 bytes for 4- to 16-byte types, so unpadded a warp's j-th items all \
     * met in one bank (int32: 32-way) wherever most are kept, or rejected and partitioned.  One    \
     * store a kept or partitioned item, its place chosen without a branch.  Beside a kept item: its \
     * place in the tile (runs); a unique by key's keys read again where not held. */               \
    static __device__ __forceinline__ void P##_select_hold(P##_select_part *part)                   \
    {                                                                                               \
        enum { ITEMS = P##_ITEMS_ };                                                                \
        T *buf = P##_##TAG##_buffer();                                                              \
        unsigned short *pbuf = P##_place_buffer();                                                  \
        const unsigned q = threadIdx.x * ITEMS, tile_kept = (unsigned)part->tile;                   \
        const unsigned tile_parts = tile_kept + (unsigned)part->tile2; /* (split: both parts') */   \
        unsigned rank = (unsigned)part->before, rank2 = (unsigned)part->before2;                    \
        if (part->partition) /* the first part, the second (split), the rest */                     \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                const unsigned kept = part->kept >> j & 1u, second = part->second >> j & 1u;        \
                const unsigned at = kept ? rank : second ? tile_kept + rank2 : tile_parts + (q + j - rank - rank2); \
                buf[GPUSCAN_PAD_(at)] = part->items[j];                                             \
                rank += kept, rank2 += second;                                                      \
            }                                                                                       \
        else /* (the rest's places not worked out: half the instructions an item) */                \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                const unsigned kept = part->kept >> j & 1u;                                         \
                if (kept) {                                                                         \
                    if (!P##_NON_TRIVIAL_) buf[GPUSCAN_PAD_(rank)] = part->items[j];                \
                    if (P##_RUNS_ || P##_NON_TRIVIAL_) pbuf[GPUSCAN_PAD_(rank)] = (unsigned short)(q + j); \
                }                                                                                   \
                rank += kept;                                                                       \
            }                                                                                       \
        if (KEYED) P##_keys_read_again(part);                                                       \
    }                                                                                               \
    /* Non-trivial runs: each start's place out, coalesced; each end's thread writes its run's      \
     * length (at most one a run of two or more, so few and close together), its start the last     \
     * before it - in the tile (its rank) or before it (the prefix's last place). */                \
    static __device__ __forceinline__ void P##_non_trivial_out(const P##_select_io *io, const P##_select_part *part, \
                                                               size_t first, size_t last, size_t base) \
    {                                                                                               \
        const unsigned short *pbuf = P##_place_buffer();                                            \
        _Pragma("unroll 4") for (unsigned i = threadIdx.x; i < (unsigned)part->tile; i += P##_THREADS_) \
            io->offsets[first + i] = (L)(base + pbuf[GPUSCAN_PAD_(i)]);                             \
        for (unsigned ends = part->second; ends != 0u; ends &= ends - 1u) {                         \
            const unsigned j = __ffs(ends) - 1u;                                                    \
            const unsigned starts = (unsigned)part->before + __popc(part->kept & ((1u << j) - 1u)); \
            const size_t start = starts > 0u ? base + pbuf[GPUSCAN_PAD_(starts - 1u)] : last;       \
            io->lengths[first + starts - 1u] = (L)(part->at + j + 1u - start);                      \
        }                                                                                           \
    }                                                                                               \
    static __device__ __forceinline__ int P##_select_seeded(const P##_select_io *io) { return (void)io, 0; } \
    static __device__ __forceinline__ P##_carry_t P##_select_seed(const P##_select_io *io)          \
    {                                                                                               \
        return (void)io, P##_##CARRY##_identity();                                                  \
    }                                                                                               \
    /* After it (the broadcast's barrier: every gather is in): the runs out, coalesced; the last    \
     * tile writes the count.  A run-length encoding's run r gets its length where the next run     \
     * starts (r + 1, the tile's kept element or the next tile's first), the last run's from n;     \
     * non-trivial runs' where they end (P_non_trivial_out). */                                     \
    static __device__ __forceinline__ void P##_select_consume(const P##_select_io *io, size_t n, unsigned tile, \
                                                              P##_select_part *part, P##_carry_t prefix, \
                                                              int has_prefix, P##_carry_t before,   \
                                                              P##_carry_t aggregate)                \
    {                                                                                               \
        const T *buf = P##_##TAG##_buffer();                                                        \
        const unsigned short *pbuf = P##_place_buffer();                                            \
        GPUSCAN_TILE_BOUNDS_(TAG, T, tile, n, base, valid);                                         \
        const size_t first = has_prefix ? P##_kept_of(prefix) : 0u, last = has_prefix ? P##_last_of(prefix) : 0u; \
        const unsigned kept = (unsigned)part->tile;                                                 \
        (void)before, (void)aggregate;                                                              \
        /* (unrolled: a few slots read at once; one at a time each store waited for its read) */    \
        if (!P##_NON_TRIVIAL_)                                                                      \
            _Pragma("unroll 4") for (unsigned i = threadIdx.x; i < kept; i += P##_THREADS_)         \
                io->selected[first + i] = buf[GPUSCAN_PAD_(i)];                                     \
        if (KEYED) P##_keys_out(io, part, first);                                                   \
        if (P##_RUNS_)                                                                              \
            _Pragma("unroll 4") for (unsigned i = threadIdx.x; i < kept; i += P##_THREADS_)         \
                if (first + i > 0u)                                                                 \
                    io->lengths[first + i - 1u] = (L)(base + pbuf[GPUSCAN_PAD_(i)] -                \
                                                      (i > 0u ? base + pbuf[GPUSCAN_PAD_(i - 1u)] : last)); \
        if (P##_NON_TRIVIAL_) P##_non_trivial_out(io, part, first, last, base);                     \
        const size_t first2 = has_prefix ? P##_second_of(prefix) : 0u;                              \
        const unsigned parts = kept + (unsigned)part->tile2;                                        \
        if (P##_SPLIT_)                                                                             \
            _Pragma("unroll 4") for (unsigned i = threadIdx.x; i < (unsigned)part->tile2; i += P##_THREADS_) \
                io->second[first2 + i] = buf[GPUSCAN_PAD_(kept + i)];                               \
        if (io->rejected != NULL)                                                                   \
            _Pragma("unroll 4") for (unsigned i = parts + threadIdx.x; i < valid; i += P##_THREADS_) \
                io->rejected[base - first - first2 + (i - parts)] = buf[GPUSCAN_PAD_(i)];           \
        if (threadIdx.x == 0 && tile == gridDim.x - 1) {                                            \
            *io->count = first + kept;                                                              \
            if (P##_SPLIT_) io->count[1] = first2 + part->tile2;                                    \
            if (P##_RUNS_) io->lengths[first + kept - 1u] = (L)(n - (kept > 0u ? base + pbuf[GPUSCAN_PAD_(kept - 1u)] : last)); \
        }                                                                                           \
    }                                                                                               \
    GPUSCAN_SINGLE_PASS_KERNELS_(P, P##_##CARRY, P##_carry_t, select, P##_THREADS_,                 \
                                 GPUSCAN_MAX_(1, GPUSCAN_SELECT_THREADS_PER_SM(T, P##_MARK_) / P##_THREADS_), \
                                 0, 0, 1)

/* The device code of a selection of T: T's element layer (to load its tiles), the carry's layer,
 * the keys' reader (K, SAME: a unique by key's; else never read), the steps and
 * the kernels. */
#define GPUSCAN_SELECT_DEVICE_CODE_(P, name, T, K, SAME, L, MARK, keep, CARRY, KEYED, TAG)          \
    GPUSCAN_ELEMENT_(P, name, T, gpuscan_move, 0) GPUSCAN_BREAK_                                    \
    GPUSCAN_LOAD_STAGE_(P, T, T, P##_as_is, 1, 0) GPUSCAN_BREAK_                                    \
    GPUSCAN_BYTES_(P, T, gpuscan_move) GPUSCAN_BREAK_                                               \
    GPUSCAN_TILE_LOAD_(P, T, TAG) GPUSCAN_BREAK_                                                    \
    GPUSCAN_TILE_FLAGS_(P, T, TAG) GPUSCAN_BREAK_                                                   \
    GPUSCAN_TILE_KEYS_(P, T, TAG, K, SAME) GPUSCAN_BREAK_                                           \
    GPUSCAN_SELECT_CARRY_##CARRY(P) GPUSCAN_BREAK_                                                  \
    GPUSCAN_SELECT_FAMILY_(P, T, K, L, MARK, keep, CARRY, KEYED, TAG) GPUSCAN_BREAK_

/* ---- the host side: checks, plan and launch as functions over the descriptor ----------------- */
typedef struct gpuscan_select_desc_ {
    size_t elem_size, elem_align;
    size_t key_size, key_align; /* a unique by key's keys, else 0 */
    size_t length_size;         /* the lengths, non-trivial runs' offsets too (an integer), else 0 */
    int offsets;                /* non-trivial runs: offsets of L for the selected elements */
    size_t length_max;          /* ... and the most elements they take (the largest L holds) */
    size_t carry_size;          /* of what tiles hand on (P_carry_t) */
    size_t counts;              /* the size_t counts written: 1, or a three-way partition's 2 */
    gpuscan_pass_ pass;
} gpuscan_select_desc_;
/* One call: the data and the io the kernels take (P_select_io, typed by the DEFINE). */
typedef struct gpuscan_select_call_ {
    const void *in, *flags, *keys;
    void *selected, *rejected, *keys_out, *lengths, *offsets, *second;
    size_t *count;
    size_t n;
    int flagged;
    const void *io;
} gpuscan_select_call_;
/* The call's memory: read (in, flags, keys), then written (selected, rejected, keys_out, lengths,
 * offsets, second, count); bytes of each. */
enum { GPUSCAN_SELECT_READ_ = 3, GPUSCAN_SELECT_RANGES_ = 10 };
static_assert(GPUSCAN_SELECT_RANGES_ <= sizeof(gpuscan_pass_call_::range) / sizeof(void *),
              "gpuscan: the pass call holds fewer ranges than a selection checks");
static inline void gpuscan_select_ranges_(const gpuscan_select_desc_ *d, const gpuscan_select_call_ *c,
                                          const void **range, size_t *bytes)
{
    const void *r[GPUSCAN_SELECT_RANGES_] = {c->in, c->flags, c->keys, c->selected, c->rejected, c->keys_out,
                                             c->lengths, c->offsets, c->second, c->count};
    const size_t runs = d->offsets ? c->n / 2u : c->n; /* (at most n / 2 non-trivial runs) */
    const size_t b[GPUSCAN_SELECT_RANGES_] = {c->n * d->elem_size, c->flagged ? c->n : 0u, c->n * d->key_size,
                                              c->n * d->elem_size, c->n * d->elem_size, c->n * d->key_size,
                                              runs * d->length_size, d->offsets ? runs * d->length_size : 0u,
                                              c->n * d->elem_size, d->counts * sizeof(size_t)};
    memcpy(range, r, sizeof r), memcpy(bytes, b, sizeof b);
}
/* d_count is written even for n = 0.  In place: the selected may be the input of a selection, a
 * partition, unique (by key: the values), a run-length encoding (a tile writes only where it and
 * the tiles before it have read - each item in registers before the block scan's barrier - and,
 * unique, the element before a tile only where all before it are kept, so with itself); nothing
 * else overlaps: not the kept keys the keys (a unique by key's tile may read its kept keys again,
 * into registers that only its consume step uses, still in flight when its aggregate is out), nor
 * a three-way partition's first part the input (not tested). */
static inline gpuscan_status gpuscan_select_check_(const gpuscan_select_desc_ *d, const gpuscan_select_call_ *c)
{
    const void *range[GPUSCAN_SELECT_RANGES_];
    size_t bytes[GPUSCAN_SELECT_RANGES_];
    if (c->count == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if ((uintptr_t)c->count % __alignof__(size_t) != 0) return GPUSCAN_ERROR_MISALIGNED;
    if (c->n == 0) return GPUSCAN_SUCCESS;
    if (c->in == NULL || (d->offsets ? c->offsets : c->selected) == NULL || (c->flagged && c->flags == NULL) ||
        (d->key_size != 0 && (c->keys == NULL || c->keys_out == NULL)) || (d->length_size != 0 && c->lengths == NULL) ||
        (d->counts == 2 && c->second == NULL))
        return GPUSCAN_ERROR_NULL_POINTER;
    if ((uintptr_t)c->in % d->elem_align != 0 || (uintptr_t)c->selected % d->elem_align != 0 ||
        (uintptr_t)c->rejected % d->elem_align != 0 || (uintptr_t)c->second % d->elem_align != 0 ||
        (d->key_size != 0 && ((uintptr_t)c->keys % d->key_align != 0 || (uintptr_t)c->keys_out % d->key_align != 0)) ||
        (d->length_size != 0 && ((uintptr_t)c->lengths % d->length_size != 0 || (uintptr_t)c->offsets % d->length_size != 0)))
        return GPUSCAN_ERROR_MISALIGNED;
    if (c->n > (SIZE_MAX / 2) / d->elem_size || (d->key_size != 0 && c->n > (SIZE_MAX / 2) / d->key_size) ||
        (d->length_size != 0 && (c->n > (SIZE_MAX / 2) / d->length_size || c->n > d->length_max)) ||
        (d->counts == 2 && c->n > GPUSCAN_TWO48_MAX_))
        return GPUSCAN_ERROR_TOO_LARGE;
    gpuscan_select_ranges_(d, c, range, bytes);
    for (int w = GPUSCAN_SELECT_READ_; w < GPUSCAN_SELECT_RANGES_; ++w)
        for (int k = 0; k < w; ++k) {
            const int in_place = k == 0 && w == 3 && d->counts == 1; /* selected: in (select, unique) */
            if (gpuscan_inside_(range[w], bytes[w], range[k], bytes[k]) && !(in_place && range[w] == range[k]))
                return GPUSCAN_ERROR_OVERLAP;
        }
    return GPUSCAN_SUCCESS;
}
/* The call as the single pass takes it (host.cuh): the memory an _ex workspace must keep apart
 * from, and the counts, which an empty selection still writes. */
static inline gpuscan_pass_call_ gpuscan_select_pass_call_(const gpuscan_select_desc_ *d, const gpuscan_select_call_ *c)
{
    gpuscan_pass_call_ p = {(void *)c->io, c->n, d->carry_size, c->count, GPUSCAN_SELECT_RANGES_, {0}, {0}, 0, NULL,
                            d->counts * sizeof(size_t)};
    gpuscan_select_ranges_(d, c, p.range, p.range_bytes);
    return p;
}
static inline gpuscan_status gpuscan_select_ex_(gpuscan_select_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                                const gpuscan_select_call_ *c, cudaStream_t stream)
{
    const gpuscan_pass_call_ p = gpuscan_select_pass_call_(d, c);
    return gpuscan_pass_call_ex_(&d->pass, d_workspace, workspace_bytes, &p, gpuscan_select_check_(d, c), stream);
}
static inline gpuscan_status gpuscan_select_simple_(gpuscan_select_desc_ *d, const gpuscan_select_call_ *c,
                                                    cudaStream_t stream)
{
    const gpuscan_pass_call_ p = gpuscan_select_pass_call_(d, c);
    return gpuscan_pass_call_simple_(&d->pass, &p, gpuscan_select_check_(d, c), stream);
}

/* The descriptor and the typed functions of a selection (KIND flagged: the flag array's; if: the
 * predicate's). */
#define GPUSCAN_SELECT_DESC_(P, T, K, L, KEYED)                                                     \
    static gpuscan_select_desc_ P##_desc __attribute__((unused)) = {                                \
        sizeof(T), __alignof__(T), (KEYED) ? sizeof(K) : 0u, (KEYED) ? __alignof__(K) : 1u,         \
        P##_RUNS_ || P##_NON_TRIVIAL_ ? sizeof(L) : 0u, P##_NON_TRIVIAL_,                           \
        /* (runs and lengths past 2^48 - 1: not carried) */                                         \
        (size_t)std::numeric_limits<L>::max() < GPUSCAN_TWO48_MAX_ ? (size_t)std::numeric_limits<L>::max() \
                                                                  : GPUSCAN_TWO48_MAX_,             \
        sizeof(P##_carry_t), P##_SPLIT_ ? 2u : 1u,                                                  \
        {(const void *)P##_select_pass, NULL /* (no fold, no domino) */,                            \
         (const void *)P##_select_pass_clears, P##_THREADS_, P##_TILE_,                             \
         P##_TILE_ * (unsigned)(sizeof(T) + ((KEYED) ? sizeof(K) : 0u)),                            \
         GPUSCAN_STATE_BYTES_(P##_carry_t), GPUSCAN_SLOT_BYTES_(P##_carry_t), 0, {0}, {0}, {0}, 0u}};
#define GPUSCAN_SELECT_CALL_(P, T, K, L, KIND)                                                      \
    static gpuscan_select_call_ P##_call_(P##_select_io *io, const T *in, const unsigned char *flags, const K *keys, \
                                          T *selected, T *rejected, K *keys_out, L *lengths, L *offsets, \
                                          T *second, size_t *count, size_t n)                       \
    {                                                                                               \
        const gpuscan_select_call_ c = {in,      flags,   keys,   selected, rejected, keys_out,     \
                                        lengths, offsets, second, count,    n,        GPUSCAN_FLAGGED_##KIND, io}; \
        io->in = in, io->flags = flags, io->keys = keys, io->selected = selected, io->rejected = rejected; \
        io->keys_out = keys_out, io->lengths = lengths, io->offsets = offsets, io->second = second;  \
        io->count = count, io->n = n;                                                               \
        return c;                                                                                   \
    }
#define GPUSCAN_SELECT_FORMS_flagged(SCOPE, P, T, K, L)                                             \
    SCOPE gpuscan_status P##_select_flagged(const T *d_in, const unsigned char *d_flags, T *d_out,  \
                                            size_t *d_count, size_t n, cudaStream_t stream)         \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, NULL, d_out, NULL, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_flagged(const T *d_in, const unsigned char *d_flags, T *d_selected, \
                                               T *d_rejected, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;                         \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, NULL, d_selected, d_rejected, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_select_flagged_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, \
                                               const unsigned char *d_flags, T *d_out, size_t *d_count, \
                                               size_t n, cudaStream_t stream)                       \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, NULL, d_out, NULL, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_flagged_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, \
                                                  const unsigned char *d_flags, T *d_selected, T *d_rejected, \
                                                  size_t *d_count, size_t n, cudaStream_t stream)   \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (d_workspace != NULL && n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;  \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, NULL, d_selected, d_rejected, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
#define GPUSCAN_SELECT_FORMS_if(SCOPE, P, T, K, L)                                                  \
    SCOPE gpuscan_status P##_select_if(const T *d_in, T *d_out, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_out, NULL, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_if(const T *d_in, T *d_selected, T *d_rejected, size_t *d_count, \
                                          size_t n, cudaStream_t stream)                            \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;                         \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_selected, d_rejected, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_select_if_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_out, \
                                          size_t *d_count, size_t n, cudaStream_t stream)           \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_out, NULL, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_if_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in,  \
                                             T *d_selected, T *d_rejected, size_t *d_count, size_t n, \
                                             cudaStream_t stream)                                   \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (d_workspace != NULL && n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;  \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_selected, d_rejected, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
/* unique: gpuscan_<name>_unique(in, out, d_count, n, stream) and _ex (P gpuscan_<name>_unique). */
#define GPUSCAN_SELECT_FORMS_unique(SCOPE, P, T, K, L)                                              \
    SCOPE gpuscan_status P(const T *d_in, T *d_out, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_out, NULL, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_out, \
                                size_t *d_count, size_t n, cudaStream_t stream)                     \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_out, NULL, NULL, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
/* unique by key: gpuscan_<name>_unique_by_key(keys, values, keys_out, values_out, d_count, n,
 * stream) and _ex; T the values. */
#define GPUSCAN_SELECT_FORMS_by_key(SCOPE, P, T, K, L)                                              \
    SCOPE gpuscan_status P(const K *d_keys, const T *d_values, K *d_keys_out, T *d_values_out, size_t *d_count, \
                           size_t n, cudaStream_t stream)                                           \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c =                                                              \
            P##_call_(&io, d_values, NULL, d_keys, d_values_out, NULL, d_keys_out, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const K *d_keys, const T *d_values, \
                                K *d_keys_out, T *d_values_out, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c =                                                              \
            P##_call_(&io, d_values, NULL, d_keys, d_values_out, NULL, d_keys_out, NULL, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
/* run-length encoding: gpuscan_<name>_run_length_encode(in, unique, lengths, d_count, n, stream)
 * and _ex. */
#define GPUSCAN_SELECT_FORMS_runs(SCOPE, P, T, K, L)                                                \
    SCOPE gpuscan_status P(const T *d_in, T *d_unique, L *d_lengths, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_unique, NULL, NULL, d_lengths, NULL, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_unique, \
                                L *d_lengths, size_t *d_count, size_t n, cudaStream_t stream)       \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, NULL, d_unique, NULL, NULL, d_lengths, NULL, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
/* non-trivial runs: gpuscan_<name>_non_trivial_runs(in, offsets, lengths, d_count, n, stream) and
 * _ex. */
#define GPUSCAN_SELECT_FORMS_non_trivial(SCOPE, P, T, K, L)                                         \
    SCOPE gpuscan_status P(const T *d_in, L *d_offsets, L *d_lengths, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c =                                                              \
            P##_call_(&io, d_in, NULL, NULL, NULL, NULL, NULL, d_lengths, d_offsets, NULL, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, L *d_offsets, \
                                L *d_lengths, size_t *d_count, size_t n, cudaStream_t stream)       \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c =                                                              \
            P##_call_(&io, d_in, NULL, NULL, NULL, NULL, NULL, d_lengths, d_offsets, NULL, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
/* three-way partition: gpuscan_<name>_three_way_partition(in, first, second, rest, d_counts, n,
 * stream) and _ex; d_counts: two size_t, the first part's count and the second's; rest may be NULL
 * (the rest not written). */
#define GPUSCAN_SELECT_FORMS_three(SCOPE, P, T, K, L)                                               \
    SCOPE gpuscan_status P(const T *d_in, T *d_first, T *d_second, T *d_rest, size_t *d_counts, size_t n, \
                           cudaStream_t stream)                                                     \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c =                                                              \
            P##_call_(&io, d_in, NULL, NULL, d_first, d_rest, NULL, NULL, NULL, d_second, d_counts, n);   \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_first, T *d_second, \
                                T *d_rest, size_t *d_counts, size_t n, cudaStream_t stream)         \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c =                                                              \
            P##_call_(&io, d_in, NULL, NULL, d_first, d_rest, NULL, NULL, NULL, d_second, d_counts, n);   \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
/* Each KIND's mark, carry and keys, and whether a flag array is required (GPUSCAN_FLAGGED_). */
#define GPUSCAN_SELECT_MARK_OF_flagged GPUSCAN_SELECT_MARK_FLAGGED_
#define GPUSCAN_SELECT_MARK_OF_if GPUSCAN_SELECT_MARK_IF_
#define GPUSCAN_SELECT_MARK_OF_unique GPUSCAN_SELECT_MARK_UNIQUE_
#define GPUSCAN_SELECT_MARK_OF_by_key GPUSCAN_SELECT_MARK_BY_KEY_
#define GPUSCAN_SELECT_MARK_OF_runs GPUSCAN_SELECT_MARK_UNIQUE_
#define GPUSCAN_SELECT_MARK_OF_three GPUSCAN_SELECT_MARK_THREE_
#define GPUSCAN_SELECT_MARK_OF_non_trivial GPUSCAN_SELECT_MARK_NON_TRIVIAL_
#define GPUSCAN_SELECT_CARRY_OF_flagged count
#define GPUSCAN_SELECT_CARRY_OF_if count
#define GPUSCAN_SELECT_CARRY_OF_unique count
#define GPUSCAN_SELECT_CARRY_OF_by_key count
#define GPUSCAN_SELECT_CARRY_OF_runs runs
#define GPUSCAN_SELECT_CARRY_OF_three split
#define GPUSCAN_SELECT_CARRY_OF_non_trivial non_trivial
/* (the tile's shape, block.cuh: unique by key's holds the keys beside the values) */
#define GPUSCAN_SELECT_TILE_OF_flagged CO
#define GPUSCAN_SELECT_TILE_OF_if CO
#define GPUSCAN_SELECT_TILE_OF_unique CO
#define GPUSCAN_SELECT_TILE_OF_by_key KV
#define GPUSCAN_SELECT_TILE_OF_runs CO
#define GPUSCAN_SELECT_TILE_OF_three CO
#define GPUSCAN_SELECT_TILE_OF_non_trivial CO
#define GPUSCAN_SELECT_KEYED_flagged 0
#define GPUSCAN_SELECT_KEYED_if 0
#define GPUSCAN_SELECT_KEYED_unique 0
#define GPUSCAN_SELECT_KEYED_by_key 1
#define GPUSCAN_SELECT_KEYED_runs 0
#define GPUSCAN_SELECT_KEYED_three 0
#define GPUSCAN_SELECT_KEYED_non_trivial 0
#define GPUSCAN_FLAGGED_unique 0
#define GPUSCAN_FLAGGED_by_key 0
#define GPUSCAN_FLAGGED_runs 0
#define GPUSCAN_FLAGGED_three 0
#define GPUSCAN_FLAGGED_non_trivial 0
#define GPUSCAN_USING_SELECT_unique(P)                                                              \
    using P##_internal::P;                                                                          \
    using P##_internal::P##_ex;
#define GPUSCAN_USING_SELECT_by_key(P) GPUSCAN_USING_SELECT_unique(P)
#define GPUSCAN_USING_SELECT_runs(P) GPUSCAN_USING_SELECT_unique(P)
#define GPUSCAN_USING_SELECT_three(P) GPUSCAN_USING_SELECT_unique(P)
#define GPUSCAN_USING_SELECT_non_trivial(P) GPUSCAN_USING_SELECT_unique(P)
/* A three-way partition's second predicate (fn), as the family calls it; the other kinds have none. */
#define GPUSCAN_SELECT_SECOND_KEEP_three(P, T, fn)                                                  \
    static __device__ __forceinline__ bool P##_second_keep(T x, size_t i) { return fn(x, i); }
#define GPUSCAN_SELECT_SECOND_KEEP_flagged(P, T, fn)
#define GPUSCAN_SELECT_SECOND_KEEP_if(P, T, fn)
#define GPUSCAN_SELECT_SECOND_KEEP_unique(P, T, fn)
#define GPUSCAN_SELECT_SECOND_KEEP_by_key(P, T, fn)
#define GPUSCAN_SELECT_SECOND_KEEP_runs(P, T, fn)
#define GPUSCAN_SELECT_SECOND_KEEP_non_trivial(P, T, fn)
#define GPUSCAN_FLAGGED_flagged 1 /* the flag array is required */
#define GPUSCAN_FLAGGED_if 0
#define GPUSCAN_USING_SELECT_flagged(P)                                                             \
    using P##_internal::P##_select_flagged;                                                         \
    using P##_internal::P##_partition_flagged;                                                      \
    using P##_internal::P##_select_flagged_ex;                                                      \
    using P##_internal::P##_partition_flagged_ex;
#define GPUSCAN_USING_SELECT_if(P)                                                                  \
    using P##_internal::P##_select_if;                                                              \
    using P##_internal::P##_partition_if;                                                           \
    using P##_internal::P##_select_if_ex;                                                           \
    using P##_internal::P##_partition_if_ex;

/* A selection's checks, its namespace (gpuscan.cuh: the shell of every DEFINE), code and functions. */
#define GPUSCAN_CHECK_SELECT_(P, name, T)                                                           \
    GPUSCAN_CHECK_NAME_(name, "give the selection a name of one token")                             \
    GPUSCAN_BREAK_                                                                                  \
    enum P##_DEFINE_appears_twice_in_this_file {};                                                  \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(std::is_trivially_copyable<T>::value,                                             \
                  "gpuscan: " #T " must be trivially copyable (gpuscan moves elements as bytes): "  \
                  "no user copy constructor, assignment or destructor, no virtual functions");      \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(__alignof__(T) <= 16, "gpuscan: " #T " is aligned to more than 16 bytes; gpuscan moves " \
                                        "elements in pieces of at most 16 bytes");
#define GPUSCAN_CHECK_KEEP_(name, T, keep)                                                          \
    static_assert(std::is_convertible<decltype(keep(*(const T *)0, (size_t)0)), bool>::value,       \
                  "gpuscan: the predicate '" #keep "' of " #name " must take (" #T " x, size_t i) "  \
                  "and return bool: static __host__ __device__ bool " #keep "(" #T ", size_t)");
/* (the KIND's lookups expanded before they are pasted) */
#define GPUSCAN_SELECT_DEVICE_CODE_OF_(...) GPUSCAN_SELECT_DEVICE_CODE_(__VA_ARGS__)
/* The equality of what unique compares (K: the elements, or by key the keys): == (EQ), the user's
 * fn (FN), or none compared (NONE: select and partition). */
#define GPUSCAN_SELECT_SAME_EQ(fn, a, b) ((a) == (b))
#define GPUSCAN_SELECT_SAME_FN(fn, a, b) fn(a, b)
#define GPUSCAN_SELECT_SAME_NONE(fn, a, b) ((a) == (b))
#define GPUSCAN_CHECK_SELECT_SAME_EQ(name, K, fn)                                                   \
    static_assert(std::is_scalar<K>::value, "gpuscan: " #name " compares its " #K " with ==, which a " \
                  "struct does not have: give an equality, the DEFINE's _EQUAL form with "          \
                  "static __host__ __device__ bool same(" #K " a, " #K " b)");
#define GPUSCAN_CHECK_SELECT_SAME_FN(name, K, fn)                                                   \
    static_assert(std::is_invocable_r<bool, decltype(&fn), const K &, const K &>::value,            \
                  "gpuscan: the equality '" #fn "' of " #name " must take (" #K " a, " #K " b) and " \
                  "return bool: static __host__ __device__ bool " #fn "(" #K ", " #K ")");
#define GPUSCAN_CHECK_SELECT_SAME_NONE(name, K, fn)
/* The user's functions named on the host too (P_refers_, never called): called from device code
 * only, a predicate or an equality was "defined but not used" to the host compiler, an error under
 * -Werror (the decltype of the DEFINE's signature check names it, but nvcc's host code printed a
 * second predicate of the same type as the first). */
#define GPUSCAN_SELECT_REFERS_flagged(keep, fn)
#define GPUSCAN_SELECT_REFERS_if(keep, fn) (void)keep;
#define GPUSCAN_SELECT_REFERS_unique(keep, fn)
#define GPUSCAN_SELECT_REFERS_by_key(keep, fn)
#define GPUSCAN_SELECT_REFERS_runs(keep, fn)
#define GPUSCAN_SELECT_REFERS_non_trivial(keep, fn)
#define GPUSCAN_SELECT_REFERS_three(keep, fn) (void)keep, (void)fn;
#define GPUSCAN_SELECT_REFERS_EQ(fn)
#define GPUSCAN_SELECT_REFERS_FN(fn) (void)fn;
#define GPUSCAN_SELECT_REFERS_NONE(fn)
/* KIND: flagged, if (keep: the predicate), unique, by_key (K the keys, T the values), runs (L the
 * lengths), non_trivial (L the offsets and lengths), three (keep and fn: the first part's predicate
 * and the second's); SAME, fn: the equality of K (unique, runs, non_trivial: K is T; NONE: none). */
#define GPUSCAN_SELECT_ASSEMBLE_(SCOPE, P, name, T, K, L, KIND, keep, SAME, fn)                     \
    GPUSCAN_SELECT_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, T, K, L, KIND, keep, SAME, fn)
#define GPUSCAN_SELECT_ASSEMBLE_AT_(id, SCOPE, P, name, T, K, L, KIND, keep, SAME, fn)              \
    GPUSCAN_CHECK_SELECT_(P, name, T) GPUSCAN_BREAK_                                                \
    GPUSCAN_CHECK_SELECT_SAME_##SAME(name, K, fn) GPUSCAN_BREAK_                                    \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    static __device__ __forceinline__ __attribute__((unused)) bool P##_same(K a, K b)               \
    {                                                                                               \
        return GPUSCAN_SELECT_SAME_##SAME(fn, a, b);                                                \
    }                                                                                               \
    GPUSCAN_SELECT_SECOND_KEEP_##KIND(P, T, fn)                                                     \
    static inline __attribute__((unused)) void P##_refers_(void)                                    \
    {                                                                                               \
        GPUSCAN_SELECT_REFERS_##KIND(keep, fn) GPUSCAN_SELECT_REFERS_##SAME(fn)                     \
    }                                                                                               \
    GPUSCAN_SELECT_DEVICE_CODE_OF_(P, name, T, K, P##_same, L, GPUSCAN_SELECT_MARK_OF_##KIND, keep, \
                                   GPUSCAN_SELECT_CARRY_OF_##KIND, GPUSCAN_SELECT_KEYED_##KIND,     \
                                   GPUSCAN_SELECT_TILE_OF_##KIND)                                   \
    GPUSCAN_SELECT_DESC_(P, T, K, L, GPUSCAN_SELECT_KEYED_##KIND)                                   \
    GPUSCAN_SELECT_CALL_(P, T, K, L, KIND)                                                          \
    GPUSCAN_SELECT_FORMS_##KIND(SCOPE, P, T, K, L) GPUSCAN_BREAK_                                   \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    GPUSCAN_USING_SELECT_##KIND(P)

#endif /* GPUSCAN_SELECT_CUH */
