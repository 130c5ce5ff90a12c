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
 * only at its last tile (CUB writes the rest reversed from the end instead). */
#ifndef GPUSCAN_SELECT_CUH
#define GPUSCAN_SELECT_CUH

/* The operator of a DEFINE that moves elements without combining them: its identity only pads a
 * tile's last loads (never kept). */
#define GPUSCAN_OP_gpuscan_move_IDENTITY(name, T) (T())
#define GPUSCAN_OP_gpuscan_move_COMBINE(T, a, b) ((void)(a), (b))

/* The count layer Q: the elements kept before a tile, handed from tile to tile. */
#define GPUSCAN_COUNT_LAYER_(Q)                                                                     \
    GPUSCAN_ELEMENT_(Q, count, size_t, add, 0)                                                      \
    GPUSCAN_LOAD_STAGE_(Q, size_t, size_t, Q##_as_is, 1, 0)                                         \
    GPUSCAN_BYTES_(Q, size_t, add)                                                                  \
    GPUSCAN_WARP_(Q, size_t)                                                                        \
    GPUSCAN_BLOCK_PRIMITIVES_(Q, size_t)                                                            \
    GPUSCAN_TILE_STATE_(Q, size_t)                                                                  \
    GPUSCAN_LOOKBACK_(Q, size_t)

/* How a tile's thread marks its items (bit j: item j of its run, element base + q + j, is kept;
 * none past valid): from the flag array (block.cuh: P_flags_read, P_flags_mark) or by the user's
 * predicate keep(x, i).  The flags in registers while the items load take a larger register
 * budget (GPUSCAN_SELECT_THREADS_PER_SM). */
#define GPUSCAN_SELECT_MARK_FLAGGED_(P, T, keep)                                                    \
    enum { P##_FLAGGED_ = 1 };                                                                      \
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
    }
#define GPUSCAN_SELECT_MARK_IF_(P, T, keep)                                                         \
    enum { P##_FLAGGED_ = 0 };                                                                      \
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
        const unsigned q = threadIdx.x * GPUSCAN_CO_ITEMS(T);                                       \
        unsigned kept = 0u;                                                                         \
        (void)io, (void)run;                                                                        \
        if (q + GPUSCAN_CO_ITEMS(T) <= valid) /* (a whole run: no bound to test an item) */         \
            _Pragma("unroll") for (unsigned j = 0; j < GPUSCAN_CO_ITEMS(T); ++j)                    \
                kept |= (unsigned)(bool)keep(items[j], base + q + j) << j;                          \
        else                                                                                        \
            _Pragma("unroll") for (unsigned j = 0; j < GPUSCAN_CO_ITEMS(T); ++j)                    \
                if (q + j < valid && keep(items[j], base + q + j)) kept |= 1u << j;                 \
        return kept;                                                                                \
    }

/* The selection's steps for the skeleton (FAM = select), in the coarsened tile shape of T. */
#define GPUSCAN_SELECT_FAMILY_(P, T, MARK, keep)                                                    \
    typedef struct P##_select_io {                                                                  \
        const T *in;                                                                                \
        const unsigned char *flags; /* (flagged) */                                                 \
        T *selected, *rejected;     /* rejected: NULL but for partition */                          \
        size_t *count;                                                                              \
    } P##_select_io;                                                                                \
    static_assert(GPUSCAN_CO_ITEMS(T) <= 32, "gpuscan: a selection marks a thread's items in 32 bits: " \
                                             "GPUSCAN_CO_ITEMS(T) may not pass 32");               \
    typedef struct P##_select_part {                                                                \
        T items[GPUSCAN_CO_ITEMS(T)];                                                               \
        unsigned kept;       /* bit j: item j is kept */                                            \
        int partition;       /* the rest goes out too */                                            \
        size_t before, tile; /* kept in the tile before this thread's items; in the tile */         \
    } P##_select_part;                                                                              \
    MARK(P, T, keep)                                                                                \
    static __device__ __forceinline__ void P##_select_prefetch(const P##_select_io *io, size_t n, unsigned tile, \
                                                               gpuscan_pace_ pace)                  \
    {                                                                                               \
        if (gpuscan_held_back_(pace, tile)) return;                                                 \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                          \
        if (base >= n) return;                                                                      \
        gpuscan_prefetch_l2_(io->in + base, (size_t)valid * sizeof(T));                             \
        if (io->flags != NULL) gpuscan_prefetch_l2_(io->flags + base, valid);                       \
    }                                                                                               \
    static __device__ __forceinline__ void P##_select_load(const P##_select_io *io, size_t n, unsigned tile, \
                                                           P##_select_part *part)                   \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                          \
        P##_select_flag_run run;                                                                    \
        P##_select_flags(io, base, valid, &run);                                                    \
        if (GPUSCAN_VECTOR_OK_(T, ITEMS)) /* 16-byte vectors through the warp's stage, not an        \
                                           * element at a time through the padded buffer */        \
            P##_CO_load_hinted_direct(io->in, base, base, valid, part->items, P##_CO_buffer(), 0);  \
        else                                                                                        \
            P##_CO_load_hinted(io->in, base, valid, part->items, P##_CO_buffer(), 0);               \
        part->kept = P##_select_mark(io, &run, part->items, base, valid);                           \
        part->partition = io->rejected != NULL;                                                     \
    }                                                                                               \
    /* The block scan of the threads' counts: the tile's count kept. */                             \
    static __device__ __forceinline__ size_t P##_select_aggregate(P##_select_part *part, size_t *before) \
    {                                                                                               \
        size_t excl, total;                                                                         \
        P##_count_block_scan_values((size_t)__popc(part->kept), GPUSCAN_CO_THREADS(T), &excl, &total); \
        part->before = *before = threadIdx.x > 0 ? excl : 0u;                                      \
        part->tile = total;                                                                         \
        return total;                                                                               \
    }                                                                                               \
    /* Before the prefix: the kept items in order to the buffer's front, the rest (partition) in     \
     * order after them (past valid: never read).  (The block scan's barrier put every warp past its \
     * loads' use of the buffer.)  Slots padded a word every 32 (GPUSCAN_PAD_): a thread's run of    \
     * consecutive ranks spans 128 bytes for 4- to 16-byte types, so unpadded a warp's j-th items all \
     * met in one bank (int32: 32-way) wherever most are kept, or rejected and partitioned.  One     \
     * store a kept or partitioned item, its place chosen without a branch. */                       \
    static __device__ __forceinline__ void P##_select_hold(P##_select_part *part)                   \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        T *buf = P##_CO_buffer();                                                                   \
        const unsigned q = threadIdx.x * ITEMS, tile_kept = (unsigned)part->tile;                   \
        unsigned rank = (unsigned)part->before;                                                     \
        if (part->partition)                                                                        \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                const unsigned kept = part->kept >> j & 1u, at = kept ? rank : tile_kept + (q + j - rank); \
                buf[GPUSCAN_PAD_(at)] = part->items[j];                                             \
                rank += kept;                                                                       \
            }                                                                                       \
        else /* (the rest's places not worked out: half the instructions an item) */                \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                const unsigned kept = part->kept >> j & 1u;                                         \
                if (kept) buf[GPUSCAN_PAD_(rank)] = part->items[j];                                 \
                rank += kept;                                                                       \
            }                                                                                       \
    }                                                                                               \
    static __device__ __forceinline__ int P##_select_seeded(const P##_select_io *io) { return (void)io, 0; } \
    static __device__ __forceinline__ size_t P##_select_seed(const P##_select_io *io) { return (void)io, 0u; } \
    /* After it (the broadcast's barrier: every gather is in): the runs out, coalesced; the last     \
     * tile writes the count. */                                                                    \
    static __device__ __forceinline__ void P##_select_consume(const P##_select_io *io, size_t n, unsigned tile, \
                                                              P##_select_part *part, size_t prefix,  \
                                                              int has_prefix, size_t before, size_t aggregate) \
    {                                                                                               \
        const T *buf = P##_CO_buffer();                                                             \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                          \
        (void)part, (void)before;                                                                   \
        if (!has_prefix) prefix = 0u;                                                               \
        /* (unrolled: a few slots read at once; one at a time each store waited for its read) */   \
        _Pragma("unroll 4") for (unsigned i = threadIdx.x; i < aggregate; i += GPUSCAN_CO_THREADS(T)) \
            io->selected[prefix + i] = buf[GPUSCAN_PAD_(i)];                                        \
        if (io->rejected != NULL)                                                                   \
            _Pragma("unroll 4") for (unsigned i = (unsigned)aggregate + threadIdx.x; i < valid;     \
                                     i += GPUSCAN_CO_THREADS(T))                                    \
                io->rejected[base - prefix + (i - aggregate)] = buf[GPUSCAN_PAD_(i)];               \
        if (threadIdx.x == 0 && tile == gridDim.x - 1) *io->count = prefix + aggregate;             \
    }                                                                                               \
    GPUSCAN_SINGLE_PASS_KERNELS_(P, P##_count, size_t, select, GPUSCAN_CO_THREADS(T),               \
                                 GPUSCAN_MAX_(1, GPUSCAN_SELECT_THREADS_PER_SM(T, P##_FLAGGED_) / GPUSCAN_CO_THREADS(T)), \
                                 0, 0, 1)

/* The device code of a selection of T: T's element layer (to load its tiles), the count layer,
 * the steps and the kernels. */
#define GPUSCAN_SELECT_DEVICE_CODE_(P, name, T, MARK, keep)                                         \
    GPUSCAN_ELEMENT_(P, name, T, gpuscan_move, 0) GPUSCAN_BREAK_                                   \
    GPUSCAN_LOAD_STAGE_(P, T, T, P##_as_is, 1, 0) GPUSCAN_BREAK_                                    \
    GPUSCAN_BYTES_(P, T, gpuscan_move) GPUSCAN_BREAK_                                              \
    GPUSCAN_TILE_LOAD_(P, T, CO) GPUSCAN_BREAK_                                                     \
    GPUSCAN_TILE_FLAGS_(P, T, CO) GPUSCAN_BREAK_                                                    \
    GPUSCAN_COUNT_LAYER_(P##_count) GPUSCAN_BREAK_                                                  \
    GPUSCAN_SELECT_FAMILY_(P, T, MARK, keep) GPUSCAN_BREAK_

/* ---- the host side: checks, plan and launch as functions over the descriptor ----------------- */
typedef struct gpuscan_select_desc_ {
    size_t elem_size, elem_align;
    gpuscan_pass_ pass;
} gpuscan_select_desc_;
/* One call: the data and the io the kernels take (P_select_io, typed by the DEFINE). */
typedef struct gpuscan_select_call_ {
    const void *in, *flags;
    void *selected, *rejected;
    size_t *count;
    size_t n;
    int flagged;
    const void *io;
} gpuscan_select_call_;
/* d_count is written even for n = 0; the selected may be the input (in place: a tile writes only
 * where it and the tiles before it have read), nothing else overlaps. */
static inline gpuscan_status gpuscan_select_check_(const gpuscan_select_desc_ *d, const gpuscan_select_call_ *c)
{
    const size_t bytes = c->n * d->elem_size;
    if (c->count == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if ((uintptr_t)c->count % __alignof__(size_t) != 0) return GPUSCAN_ERROR_MISALIGNED;
    if (c->n == 0) return GPUSCAN_SUCCESS;
    if (c->in == NULL || c->selected == NULL || (c->flagged && c->flags == NULL)) return GPUSCAN_ERROR_NULL_POINTER;
    if ((uintptr_t)c->in % d->elem_align != 0 || (uintptr_t)c->selected % d->elem_align != 0 ||
        (uintptr_t)c->rejected % d->elem_align != 0)
        return GPUSCAN_ERROR_MISALIGNED;
    if (c->n > (SIZE_MAX / 2) / d->elem_size) return GPUSCAN_ERROR_TOO_LARGE;
    if ((c->in != c->selected && gpuscan_inside_(c->in, bytes, c->selected, bytes)) ||
        gpuscan_inside_(c->rejected, bytes, c->in, bytes) || gpuscan_inside_(c->rejected, bytes, c->selected, bytes) ||
        (c->flagged && (gpuscan_inside_(c->flags, c->n, c->selected, bytes) ||
                        gpuscan_inside_(c->flags, c->n, c->rejected, bytes))))
        return GPUSCAN_ERROR_OVERLAP;
    for (int k = 0; k < 4; ++k) {
        const void *range = k == 0 ? c->in : k == 1 ? c->selected : k == 2 ? (const void *)c->rejected : c->flags;
        if (gpuscan_inside_(c->count, sizeof(size_t), range, k == 3 ? c->n : bytes)) return GPUSCAN_ERROR_OVERLAP;
    }
    return GPUSCAN_SUCCESS;
}
/* The call as the single pass takes it (host.cuh): the memory an _ex workspace must keep apart
 * from, and d_count, which an empty selection still writes. */
static inline gpuscan_pass_call_ gpuscan_select_pass_call_(const gpuscan_select_desc_ *d, const gpuscan_select_call_ *c)
{
    const size_t bytes = c->n * d->elem_size;
    gpuscan_pass_call_ p = {(void *)c->io, c->n, sizeof(size_t), c->count, 5,
                            {c->in, c->flags, c->selected, c->rejected, c->count},
                            {bytes, c->flagged ? c->n : 0u, bytes, bytes, sizeof(size_t)}, 0, NULL};
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
#define GPUSCAN_SELECT_DESC_(P, T)                                                                  \
    static gpuscan_select_desc_ P##_desc __attribute__((unused)) = {                               \
        sizeof(T), __alignof__(T),                                                                  \
        {(const void *)P##_select_pass, NULL /* (no fold, no domino) */,                           \
         (const void *)P##_select_pass_clears, GPUSCAN_CO_THREADS(T), GPUSCAN_TILE_(CO, T),         \
         GPUSCAN_TILE_(CO, T) * (unsigned)sizeof(T), GPUSCAN_STATE_BYTES_(size_t),                  \
         GPUSCAN_SLOT_BYTES_(size_t), 0, {0}, {0}, {0}, 0u}};
#define GPUSCAN_SELECT_CALL_(P, T, KIND)                                                            \
    static gpuscan_select_call_ P##_call_(P##_select_io *io, const T *in, const unsigned char *flags, T *selected, \
                                          T *rejected, size_t *count, size_t n)                     \
    {                                                                                               \
        const gpuscan_select_call_ c = {in, flags, selected, rejected, count, n, GPUSCAN_FLAGGED_##KIND, io}; \
        io->in = in, io->flags = flags, io->selected = selected, io->rejected = rejected, io->count = count; \
        return c;                                                                                   \
    }
#define GPUSCAN_SELECT_FORMS_flagged(SCOPE, P, T)                                                   \
    SCOPE gpuscan_status P##_select_flagged(const T *d_in, const unsigned char *d_flags, T *d_out,  \
                                            size_t *d_count, size_t n, cudaStream_t stream)         \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, d_out, NULL, d_count, n);      \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_flagged(const T *d_in, const unsigned char *d_flags, T *d_selected, \
                                               T *d_rejected, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;                         \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, d_selected, d_rejected, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_select_flagged_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, \
                                               const unsigned char *d_flags, T *d_out, size_t *d_count, \
                                               size_t n, cudaStream_t stream)                       \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, d_out, NULL, d_count, n);      \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_flagged_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, \
                                                  const unsigned char *d_flags, T *d_selected, T *d_rejected, \
                                                  size_t *d_count, size_t n, cudaStream_t stream)   \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (d_workspace != NULL && n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;  \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, d_flags, d_selected, d_rejected, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
#define GPUSCAN_SELECT_FORMS_if(SCOPE, P, T)                                                        \
    SCOPE gpuscan_status P##_select_if(const T *d_in, T *d_out, size_t *d_count, size_t n, cudaStream_t stream) \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, d_out, NULL, d_count, n);         \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_if(const T *d_in, T *d_selected, T *d_rejected, size_t *d_count, \
                                          size_t n, cudaStream_t stream)                            \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;                         \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, d_selected, d_rejected, d_count, n); \
        return gpuscan_select_simple_(&P##_desc, &c, stream);                                       \
    }                                                                                               \
    SCOPE gpuscan_status P##_select_if_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_out, \
                                          size_t *d_count, size_t n, cudaStream_t stream)           \
    {                                                                                               \
        P##_select_io io;                                                                           \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, d_out, NULL, d_count, n);         \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }                                                                                               \
    SCOPE gpuscan_status P##_partition_if_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in,  \
                                             T *d_selected, T *d_rejected, size_t *d_count, size_t n, \
                                             cudaStream_t stream)                                   \
    {                                                                                               \
        P##_select_io io;                                                                           \
        if (d_workspace != NULL && n > 0 && d_rejected == NULL) return GPUSCAN_ERROR_NULL_POINTER;  \
        const gpuscan_select_call_ c = P##_call_(&io, d_in, NULL, d_selected, d_rejected, d_count, n); \
        return gpuscan_select_ex_(&P##_desc, d_workspace, workspace_bytes, &c, stream);             \
    }
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
    static_assert(std::is_convertible<decltype(keep(*(const T *)0, (size_t)0)), bool>::value,      \
                  "gpuscan: the predicate '" #keep "' of " #name " must take (" #T " x, size_t i) "  \
                  "and return bool: static __host__ __device__ bool " #keep "(" #T ", size_t)");
#define GPUSCAN_SELECT_ASSEMBLE_(SCOPE, P, name, T, KIND, MARK, keep)                               \
    GPUSCAN_SELECT_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, T, KIND, MARK, keep)
#define GPUSCAN_SELECT_ASSEMBLE_AT_(id, SCOPE, P, name, T, KIND, MARK, keep)                        \
    GPUSCAN_CHECK_SELECT_(P, name, T) GPUSCAN_BREAK_                                                \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    GPUSCAN_SELECT_DEVICE_CODE_(P, name, T, MARK, keep)                                             \
    GPUSCAN_SELECT_DESC_(P, T)                                                                      \
    GPUSCAN_SELECT_CALL_(P, T, KIND)                                                                \
    GPUSCAN_SELECT_FORMS_##KIND(SCOPE, P, T) GPUSCAN_BREAK_                                         \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    GPUSCAN_USING_SELECT_##KIND(P)

#endif /* GPUSCAN_SELECT_CUH */
