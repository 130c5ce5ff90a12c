/* gpuscan/segment.cuh - segmented scans on the single-pass skeleton (grid.cuh).
 *
 * A segmented scan restarts at every head: a byte array beside the input, not 0 where a segment
 * starts (element 0 always starts one), or - the rows form, a batch of rows of one length, the
 * last axis of an array - every `row` elements, the heads worked out from the index.  Inclusive: element i gets the fold of its segment up to
 * i; exclusive: the init in front of the fold of its segment before i (a head gets the init).
 * Any T and operator, non-commuting ones included: the segments never reorder operands.
 *
 * A family of the skeleton: what tiles hand on is a pair (the fold since the last head, whether a
 * head was seen), the pair layer P_pair, combined by the segmented operator
 *     (a, ha) (x) (b, hb) = hb ? (b, 1) : (a (x) b, ha)
 * which is associative whenever (x) is, so the look-back (and the deterministic mode's fixed
 * order) work on it unchanged, and a segment of any length is shared by as many tiles as it spans.
 * A tile loads its items (the coarsened shape of T) and its heads (block.cuh: P_flags_read, as a
 * flagged selection reads its flags), scans each thread's run restarting at its heads, scans the
 * threads' pairs in the block, and after its prefix comes folds that prefix into the elements
 * before its first head only; the exclusive form then shifts each element's value one place,
 * with the init in front.  Each element and head is read once and each output written once. */
#ifndef GPUSCAN_SEGMENT_CUH
#define GPUSCAN_SEGMENT_CUH

/* The pair layer Q of the element layer P: what a tile hands on. */
#define GPUSCAN_SEGMENT_LAYER_(Q, P, T)                                                             \
    typedef struct Q##_t {                                                                          \
        T v;           /* the fold since the last head (or since the start) */                      \
        unsigned head; /* a head was seen */                                                        \
    } Q##_t;                                                                                        \
    enum { Q##_COMMUTES_ = 0, Q##_FIXED_ORDER_ = P##_FIXED_ORDER_, Q##_LOAD_COPIES_ = 1 };          \
    static __host__ __device__ __forceinline__ __attribute__((unused)) Q##_t Q##_combine(Q##_t a, Q##_t b) \
    {                                                                                               \
        if (b.head) return b;                                                                       \
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
    GPUSCAN_SHUFFLE_(Q, Q##_t, shfl_up, __shfl_up_sync)                                             \
    GPUSCAN_SHUFFLE_(Q, Q##_t, shfl_down, __shfl_down_sync)                                         \
    GPUSCAN_SHUFFLE_(Q, Q##_t, shfl_idx, __shfl_sync)                                               \
    GPUSCAN_SLOTS_(Q, Q##_t)                                                                        \
    GPUSCAN_WARP_(Q, Q##_t)                                                                         \
    GPUSCAN_BLOCK_PRIMITIVES_(Q, Q##_t)                                                             \
    GPUSCAN_TILE_STATE_(Q, Q##_t)                                                                   \
    GPUSCAN_LOOKBACK_(Q, Q##_t)

/* The segmented scan's steps for the skeleton (FAM = segment), in the coarsened tile shape of T. */
#define GPUSCAN_SEGMENT_FAMILY_(P, T)                                                               \
    typedef struct P##_segment_io {                                                                 \
        const T *in;                                                                                \
        const unsigned char *heads; /* or NULL: a head every `row` elements */                     \
        size_t row;                                                                                 \
        T *out;                                                                                     \
        T init;        /* (exclusive) */                                                            \
        int exclusive;                                                                              \
    } P##_segment_io;                                                                               \
    typedef struct P##_segment_part {                                                               \
        T items[GPUSCAN_CO_ITEMS(T)];                                                               \
        unsigned heads; /* bit j: item j starts a segment */                                        \
        unsigned open;  /* bit j: no head in the tile up to item j (the tile's prefix applies) */   \
    } P##_segment_part;                                                                             \
    static __device__ __forceinline__ void P##_segment_prefetch(const P##_segment_io *io, size_t n, unsigned tile, \
                                                                gpuscan_pace_ pace)                 \
    {                                                                                               \
        if (pace.window != 0 && tile >= pace.window && tile < pace.below) return;                   \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                          \
        if (base >= n) return;                                                                      \
        gpuscan_prefetch_l2_(io->in + base, (size_t)valid * sizeof(T));                             \
        if (io->heads != NULL) gpuscan_prefetch_l2_(io->heads + base, valid);                       \
    }                                                                                               \
    /* Rows: bit j where element base + q + j (q: the thread's run) starts a row (one remainder a   \
     * thread, then a bit every `row` items). */                                                    \
    static __device__ __forceinline__ unsigned P##_row_heads(size_t base, unsigned valid, size_t row) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        const unsigned q = threadIdx.x * ITEMS;                                                     \
        const size_t r = (base + q) % row;                                                          \
        unsigned marked = 0u;                                                                       \
        for (size_t j = r == 0 ? 0 : row - r; j < ITEMS; j += row) marked |= 1u << j;               \
        return q >= valid ? 0u : valid - q >= ITEMS ? marked : marked & ((1u << (valid - q)) - 1u); \
    }                                                                                               \
    static __device__ __forceinline__ void P##_segment_load(const P##_segment_io *io, size_t n, unsigned tile, \
                                                            P##_segment_part *part)                 \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                          \
        P##_flag_run run;                                                                           \
        if (io->heads != NULL) P##_flags_read(io->heads, base, valid, &run);                        \
        if (GPUSCAN_VECTOR_OK_(T, ITEMS))                                                           \
            P##_CO_load_hinted_direct(io->in, base, base, valid, part->items, P##_CO_buffer(), 0);  \
        else                                                                                        \
            P##_CO_load_hinted(io->in, base, valid, part->items, P##_CO_buffer(), 0);               \
        /* (element 0 starts a segment whatever its byte) */                                        \
        part->heads = io->heads != NULL ? P##_flags_mark(io->heads, &run, base, valid) | (unsigned)(base == 0 && threadIdx.x == 0) \
                                        : P##_row_heads(base, valid, io->row);                      \
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
        mine.head = h != 0u;                                                                        \
        P##_pair_block_scan_values(mine, GPUSCAN_CO_THREADS(T), &excl, &total);                     \
        if (threadIdx.x == 0) excl = P##_pair_identity();                                           \
        else                                                                                        \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j)                                  \
                if (lead >> j & 1u) part->items[j] = P##_combine(excl.v, part->items[j]);           \
        part->open = excl.head ? 0u : lead;                                                         \
        *before = excl;                                                                             \
        return total;                                                                               \
    }                                                                                               \
    /* The items to the tile buffer while the prefix comes (tuning.cuh), each thread's run where   \
     * it reads it back. */                                                                         \
    static __device__ __forceinline__ void P##_segment_hold(P##_segment_part *part)                 \
    {                                                                                               \
        if (GPUSCAN_SEGMENT_HOLDS_IN_BUFFER(T)) P##_CO_stage_to(part->items, P##_CO_buffer());     \
    }                                                                                               \
    static __device__ __forceinline__ int P##_segment_seeded(const P##_segment_io *io) { return (void)io, 0; } \
    static __device__ __forceinline__ P##_pair_t P##_segment_seed(const P##_segment_io *io)        \
    {                                                                                               \
        return (void)io, P##_pair_identity();                                                       \
    }                                                                                               \
    /* The prefix into the elements before the tile's first head; exclusive: each element the init \
     * (x) the value of the one before it, a head the init. */                                      \
    static __device__ __forceinline__ void P##_segment_consume(const P##_segment_io *io, size_t n, unsigned tile, \
                                                               P##_segment_part *part, P##_pair_t prefix, \
                                                               int has_prefix, P##_pair_t before,   \
                                                               P##_pair_t aggregate)                \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                       \
        GPUSCAN_TILE_BOUNDS_(CO, T, tile, n, base, valid);                                          \
        const unsigned open = has_prefix ? part->open : 0u;                                         \
        const unsigned x = threadIdx.x * ITEMS, px = GPUSCAN_PAD_(x);                                \
        const T *buf = P##_CO_buffer();                                                             \
        (void)aggregate;                                                                            \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                    \
            if (GPUSCAN_SEGMENT_HOLDS_IN_BUFFER(T)) part->items[j] = buf[GPUSCAN_PAD_IN_RUN_(x, px, j, ITEMS)]; \
            if (open >> j & 1u) part->items[j] = P##_combine(prefix.v, part->items[j]);             \
        }                                                                                           \
        /* (a direct writer's warp stages its run unpadded, over the end of the warp before's         \
         * padded run: every warp has read its items back first) */                                 \
        if (GPUSCAN_SEGMENT_HOLDS_IN_BUFFER(T) && GPUSCAN_DIRECT_IO_(P, T, CO)) __syncthreads();    \
        if (io->exclusive) {                                                                        \
            /* the value of the element before the run: the tile's prefix, or the run before's */   \
            const T last = threadIdx.x == 0 ? prefix.v                                              \
                           : has_prefix && !before.head ? P##_combine(prefix.v, before.v) : before.v; \
            const unsigned h = part->heads;                                                         \
            _Pragma("unroll") for (unsigned j = ITEMS - 1; j > 0; --j)                              \
                part->items[j] = (h >> j & 1u) ? io->init : P##_combine(io->init, part->items[j - 1]); \
            part->items[0] = (h & 1u) ? io->init : P##_combine(io->init, last);                     \
        }                                                                                           \
        P##_CO_store(io->out, base, valid, part->items, part->items[0], 0, 0, part->items[0], P##_CO_buffer()); \
    }                                                                                               \
    GPUSCAN_SINGLE_PASS_KERNELS_(P, P##_pair, P##_pair_t, segment, GPUSCAN_CO_THREADS(T),           \
                                 GPUSCAN_MAX_(1, GPUSCAN_SEGMENT_THREADS_PER_SM(T) / GPUSCAN_CO_THREADS(T)), 0, 0, 1)

/* The device code of a segmented scan of (T, op): T's element layer and tile I/O, the heads'
 * reader, the pair layer, the steps and the kernels. */
#define GPUSCAN_SEGMENT_DEVICE_CODE_(P, name, T, op)                                                \
    GPUSCAN_ELEMENT_(P, name, T, op, 0) GPUSCAN_BREAK_                                              \
    GPUSCAN_LOAD_STAGE_(P, T, T, P##_as_is, 1, 0) GPUSCAN_BREAK_                                    \
    GPUSCAN_BYTES_(P, T, op) GPUSCAN_BREAK_                                                         \
    GPUSCAN_TILE_IO_(P, T, CO) GPUSCAN_BREAK_                                                       \
    GPUSCAN_TILE_FLAGS_(P, T, CO) GPUSCAN_BREAK_                                                    \
    GPUSCAN_SEGMENT_LAYER_(P##_pair, P, T) GPUSCAN_BREAK_                                           \
    GPUSCAN_SEGMENT_FAMILY_(P, T) GPUSCAN_BREAK_

/* ---- the host side: checks, then the single pass's call (host.cuh) ---------------------------- */
typedef struct gpuscan_segment_desc_ {
    size_t elem_size, elem_align, pair_size;
    gpuscan_pass_ pass;
} gpuscan_segment_desc_;
typedef struct gpuscan_segment_call_ {
    const void *in, *heads; /* heads NULL: a head every `row` elements (the rows form) */
    void *out;
    size_t n, row;
    gpuscan_kind kind;
    const void *io;
} gpuscan_segment_call_;
/* In place (out == in) is allowed: a tile reads all of its input before it writes; the heads may
 * not lie inside the output, which later tiles' heads would be overwritten by. */
static inline gpuscan_status gpuscan_segment_check_(const gpuscan_segment_desc_ *d, const gpuscan_segment_call_ *c)
{
    const size_t bytes = c->n * d->elem_size;
    if ((unsigned)c->kind > (unsigned)GPUSCAN_EXCLUSIVE) return GPUSCAN_ERROR_INVALID_ALGORITHM;
    if (c->n == 0) return GPUSCAN_SUCCESS;
    if (c->in == NULL || (c->row == 0 && c->heads == NULL) || c->out == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if ((uintptr_t)c->in % d->elem_align != 0 || (uintptr_t)c->out % d->elem_align != 0)
        return GPUSCAN_ERROR_MISALIGNED;
    if (c->n > (SIZE_MAX / 2) / d->elem_size) return GPUSCAN_ERROR_TOO_LARGE;
    if ((c->in != c->out && gpuscan_inside_(c->in, bytes, c->out, bytes)) || gpuscan_inside_(c->heads, c->n, c->out, bytes))
        return GPUSCAN_ERROR_OVERLAP;
    return GPUSCAN_SUCCESS;
}
static inline gpuscan_status gpuscan_segment_run_(gpuscan_segment_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                                  const gpuscan_segment_call_ *c, int ex, cudaStream_t stream)
{
    const size_t bytes = c->n * d->elem_size;
    const gpuscan_pass_call_ p = {c->io, c->n, d->pair_size, NULL, 3, {c->in, c->heads, c->out},
                                  {bytes, c->heads != NULL ? c->n : 0u, bytes}};
    const gpuscan_status checked = gpuscan_segment_check_(d, c);
    return ex ? gpuscan_pass_call_ex_(&d->pass, d_workspace, workspace_bytes, &p, checked, stream)
              : gpuscan_pass_call_simple_(&d->pass, &p, checked, stream);
}

/* The descriptor and the typed functions (SCOPE: their linkage). */
#define GPUSCAN_SEGMENT_DESC_(P, T)                                                                 \
    static gpuscan_segment_desc_ P##_desc __attribute__((unused)) = {                              \
        sizeof(T), __alignof__(T), sizeof(P##_pair_t),                                              \
        {(const void *)P##_segment_pass, NULL /* (no fold, no domino) */,                          \
         (const void *)P##_segment_pass_clears, GPUSCAN_CO_THREADS(T), GPUSCAN_TILE_(CO, T),        \
         GPUSCAN_TILE_(CO, T) * (unsigned)(sizeof(T) + 1u), GPUSCAN_STATE_BYTES_(P##_pair_t),      \
         GPUSCAN_SLOT_BYTES_(P##_pair_t), 0, {0}, {0}, {0}}};
#define GPUSCAN_SEGMENT_FORMS_(SCOPE, P, T)                                                         \
    /* (row: 0 for the heads' forms) */                                                             \
    static gpuscan_segment_call_ P##_call_(P##_segment_io *io, const T *in, const unsigned char *heads, T *out, \
                                           size_t n, size_t row, gpuscan_kind kind, T init)         \
    {                                                                                               \
        const gpuscan_segment_call_ c = {in, heads, out, n, row, kind, io};                         \
        io->in = in, io->heads = row == 0 ? heads : NULL, io->row = row, io->out = out, io->init = init; \
        io->exclusive = kind == GPUSCAN_EXCLUSIVE;                                                  \
        return c;                                                                                   \
    }                                                                                               \
    SCOPE gpuscan_status P##_inclusive(const T *d_in, const unsigned char *d_heads, T *d_out, size_t n, \
                                       cudaStream_t stream)                                         \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, GPUSCAN_INCLUSIVE, P##_identity()); \
        return gpuscan_segment_run_(&P##_desc, NULL, NULL, &c, 0, stream);                          \
    }                                                                                               \
    SCOPE gpuscan_status P##_exclusive(const T *d_in, const unsigned char *d_heads, T *d_out, size_t n, \
                                       T init, cudaStream_t stream)                                 \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, GPUSCAN_EXCLUSIVE, init); \
        return gpuscan_segment_run_(&P##_desc, NULL, NULL, &c, 0, stream);                          \
    }                                                                                               \
    SCOPE gpuscan_status P##_scan_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in,     \
                                     const unsigned char *d_heads, T *d_out, size_t n, gpuscan_kind kind, \
                                     T init, cudaStream_t stream)                                   \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, d_heads, d_out, n, 0, kind, init);        \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, 1, stream);       \
    }                                                                                               \
    /* Rows: `rows` rows of `length` elements one after another, each scanned on its own. */        \
    static gpuscan_status P##_rows_run_(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_out, \
                                        size_t rows, size_t length, gpuscan_kind kind, T init, int ex, \
                                        cudaStream_t stream)                                        \
    {                                                                                               \
        P##_segment_io io;                                                                          \
        size_t n;                                                                                   \
        if (__builtin_mul_overflow(rows, length, &n)) return GPUSCAN_ERROR_TOO_LARGE;              \
        const gpuscan_segment_call_ c = P##_call_(&io, d_in, NULL, d_out, n, n == 0 ? 1 : length, kind, init); \
        return gpuscan_segment_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, stream);      \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_inclusive(const T *d_in, T *d_out, size_t rows, size_t length, cudaStream_t stream) \
    {                                                                                               \
        return P##_rows_run_(NULL, NULL, d_in, d_out, rows, length, GPUSCAN_INCLUSIVE, P##_identity(), 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_exclusive(const T *d_in, T *d_out, size_t rows, size_t length, T init, \
                                            cudaStream_t stream)                                    \
    {                                                                                               \
        return P##_rows_run_(NULL, NULL, d_in, d_out, rows, length, GPUSCAN_EXCLUSIVE, init, 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_rows_scan_ex(void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_out, \
                                          size_t rows, size_t length, gpuscan_kind kind, T init,    \
                                          cudaStream_t stream)                                      \
    {                                                                                               \
        return P##_rows_run_(d_workspace, workspace_bytes, d_in, d_out, rows, length, kind, init, 1, stream); \
    }

/* A segmented DEFINE: the scan's checks (element.cuh), its own namespace and sentinel (P is
 * gpuscan_<name>_<op>_segmented, apart from a plain DEFINE of the same pair). */
#define GPUSCAN_SEGMENT_ASSEMBLE_(SCOPE, P, name, T, op)                                            \
    GPUSCAN_SEGMENT_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, T, op)
#define GPUSCAN_SEGMENT_ASSEMBLE_AT_(id, SCOPE, P, name, T, op)                                     \
    GPUSCAN_CHECK_DEFINE_(P, name, T, op) GPUSCAN_BREAK_                                            \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    GPUSCAN_SEGMENT_DEVICE_CODE_(P, name, T, op)                                                    \
    GPUSCAN_SEGMENT_DESC_(P, T)                                                                     \
    GPUSCAN_SEGMENT_FORMS_(SCOPE, P, T) GPUSCAN_BREAK_                                              \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    using P##_internal::P##_inclusive;                                                              \
    using P##_internal::P##_exclusive;                                                              \
    using P##_internal::P##_scan_ex;                                                                \
    using P##_internal::P##_rows_inclusive;                                                         \
    using P##_internal::P##_rows_exclusive;                                                         \
    using P##_internal::P##_rows_scan_ex;

#endif /* GPUSCAN_SEGMENT_CUH */
