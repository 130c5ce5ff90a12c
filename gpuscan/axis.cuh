/* gpuscan/axis.cuh - scans along one axis of an array: a batch of independent scans.
 *
 * The array is seen as (outer, length, inner) - every axis of a contiguous N-D array is one such
 * view, and so is a 2-D array with a row pitch - and each of its outer x inner sequences is scanned
 * along `length` on its own (a cumsum along a dimension):
 *     element (o, l, i) at o * outer_stride + l * length_stride + i
 * The sequences are columns: a flattened column f = o * inner + i starts at column_start(f) and
 * steps by length_stride.  A tile is `rows` consecutive steps of `cols` consecutive columns (a
 * rectangle: coalesced along i, or along the axis where inner is 1), read into shared memory
 * whole, so a tile of a short axis holds many sequences and a tile of a long one part of a few.
 * Each column of a tile is cut into `chunks` runs of rows, one a thread; the runs' folds are
 * scanned across the chunks of their column, and each column's prefix comes from the tiles above
 * it by its own decoupled look-back (grid.cuh's states and rounds, a state a column: a tile hands
 * on `cols` values, not one, which is why this is not the one-aggregate skeleton).  Tiles are
 * claimed row of tiles by row of tiles, so a tile waits only for tiles already claimed.  Each
 * element is read once and written once; an axis that fits one row of tiles reads and writes no
 * state.  Any T and operator, non-commuting ones included: a column's values combine in axis
 * order.  The last axis of packed rows goes to the segmented scans' rows form (below), and a short
 * axis (at most GPUSCAN_AXIS_SHORT_LENGTH) of many columns to a thread a column (P_axis_columns). */
#ifndef GPUSCAN_AXIS_CUH
#define GPUSCAN_AXIS_CUH

/* A call's tile geometry (host-made: gpuscan_axis_geometry_of_). */
typedef struct gpuscan_axis_geometry_ {
    size_t outer, length, inner;           /* the view */
    size_t length_stride, outer_stride;    /* in elements, made explicit */
    size_t columns;                        /* outer * inner sequences */
    size_t col_tiles, row_tiles;           /* tiles across the columns, and along the axis */
    unsigned cols, rows;                   /* a tile's columns and rows */
    unsigned chunks, chunk_rows;           /* runs of rows a column (a thread each), rows a run */
    int reverse;                           /* scanned from the axis' end */
} gpuscan_axis_geometry_;

/* Where a tile's element (row, col) lies in shared memory: a word of padding every 32, so that the
 * threads of a warp walking down their runs of rows (a run length apart) meet in different banks. */
#define GPUSCAN_AXIS_AT_(row, col, cols) ((row) * (cols) + (col) + ((row) * (cols) + (col)) / 32u)
/* A load of `bytes` (a multiple of `unit`: 4, 8 or 16, both addresses aligned to it) from global
 * to shared memory that holds no register and does not wait (cp.async): a tile's loads all in
 * flight at once, which registers held GPUSCAN_AXIS_UNROLL at a time (0.4-0.6 of a copy). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define GPUSCAN_AXIS_ASYNC_UNIT_(T) 0u /* (cp.async: sm_80 on) */
#else
#define GPUSCAN_AXIS_ASYNC_UNIT_(T)                                                                 \
    (sizeof(T) % 16u == 0 && __alignof__(T) >= 16u ? 16u                                            \
     : sizeof(T) % 8u == 0 && __alignof__(T) >= 8u ? 8u                                             \
     : sizeof(T) % 4u == 0 && __alignof__(T) >= 4u ? 4u                                             \
                                                   : 0u)
#endif
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_axis_async_(void *dst, const void *src, unsigned bytes,
                                                                                    unsigned unit)
{
    const unsigned to = gpuscan_shared_addr_(dst);
    for (unsigned k = 0; k < bytes; k += unit) {
        if (unit == 16u)
            asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(to + k), "l"((const char *)src + k) : "memory");
        else if (unit == 8u)
            asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(to + k), "l"((const char *)src + k) : "memory");
        else
            asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(to + k), "l"((const char *)src + k) : "memory");
    }
}
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_axis_async_wait_(void)
{
    asm volatile("cp.async.commit_group;\n\tcp.async.wait_group 0;" ::: "memory");
}
/* The geometry of a view (v's strides 0: packed), for tiles of at most `elements` elements and
 * `threads` threads: along the axis (inner 1) a column a tile where the axis is long enough, else
 * a column a thread (at most `threads` of them) where it is; rows to fill the tile, and columns
 * to fill it where the axis is short.  Returns TOO_LARGE where the view, its bytes or its tiles
 * cannot be indexed, OVERLAP where the view's sequences overlap one another. */
static inline gpuscan_status gpuscan_axis_geometry_of_(const gpuscan_axis *v, size_t elem_size, unsigned elements,
                                                       unsigned threads, gpuscan_axis_geometry_ *g)
{
    memset(g, 0, sizeof *g);
    g->outer = v->outer, g->length = v->length, g->inner = v->inner, g->reverse = v->reverse != 0;
    if (v->outer == 0 || v->length == 0 || v->inner == 0) return GPUSCAN_SUCCESS; /* (nothing to scan) */
    if (v->inner > SIZE_MAX / 4 / v->outer || v->length > SIZE_MAX / 4 / (v->outer * v->inner))
        return GPUSCAN_ERROR_TOO_LARGE;
    g->length_stride = v->length_stride != 0 ? v->length_stride : v->inner;
    if (v->length > 1 && g->length_stride < v->inner) return GPUSCAN_ERROR_OVERLAP;
    if (v->length - 1 > (SIZE_MAX / 4 - v->inner) / g->length_stride) return GPUSCAN_ERROR_TOO_LARGE;
    const size_t span = (v->length - 1) * g->length_stride + v->inner; /* one outer index's elements */
    g->outer_stride = v->outer_stride != 0 ? v->outer_stride : span;
    if (v->outer > 1 && g->outer_stride < span) return GPUSCAN_ERROR_OVERLAP;
    if (v->outer - 1 > (SIZE_MAX / 4 - span) / g->outer_stride) return GPUSCAN_ERROR_TOO_LARGE;
    if ((v->outer - 1) * g->outer_stride + span > (SIZE_MAX / 2) / elem_size) return GPUSCAN_ERROR_TOO_LARGE; /* (bytes) */
    g->columns = v->outer * v->inner;
    /* (along the axis, a column a tile; else a column a thread) */
    const size_t preferred = v->inner == 1 ? 1u : g->columns < threads ? g->columns : threads;
    size_t rows = v->length < elements / preferred ? v->length : elements / preferred;
    rows = rows > 0 ? rows : 1u;
    size_t cols = elements / rows;
    cols = cols < g->columns ? cols : g->columns;
    g->rows = (unsigned)rows, g->cols = (unsigned)cols;
    g->chunks = cols >= threads ? 1u : threads / (unsigned)cols;
    g->chunks = g->chunks < g->rows ? g->chunks : g->rows;
    g->chunk_rows = (g->rows + g->chunks - 1u) / g->chunks;
    g->col_tiles = (g->columns + cols - 1u) / cols;
    g->row_tiles = (v->length + rows - 1u) / rows;
    if (g->row_tiles > (size_t)INT32_MAX / g->col_tiles) return GPUSCAN_ERROR_TOO_LARGE;
    return GPUSCAN_SUCCESS;
}
/* The bytes from a view's first element to past its last. */
static inline size_t gpuscan_axis_extent_(const gpuscan_axis_geometry_ *g, size_t elem_size)
{
    if (g->columns == 0 || g->length == 0) return 0;
    return ((g->outer - 1) * g->outer_stride + (g->length - 1) * g->length_stride + g->inner) * elem_size;
}

/* The blocks of P_axis_columns for a view: GPUSCAN_AXIS_SHORT_COLS columns a thread. */
static inline size_t gpuscan_axis_short_blocks_(const gpuscan_axis_geometry_ *g, size_t elem_size, unsigned threads)
{
    return gpuscan_ceil_div_(g->columns, (size_t)threads * GPUSCAN_AXIS_SHORT_COLS(elem_size));
}
/* Whether a view's axis is short enough to be scanned a thread a column (P_axis_columns), its
 * columns many enough: a warp's loads on consecutive columns (along the last axis, on rows side by
 * side: their lines shared through L1; rows of 2, 0.60 of a copy on tiles, 0.74 so) - and not more
 * than a grid's blocks take. */
static inline int gpuscan_axis_is_short_(const gpuscan_axis_geometry_ *g, size_t elem_size, unsigned threads)
{
    return g->length <= GPUSCAN_AXIS_SHORT_LENGTH && elem_size <= GPUSCAN_AXIS_SHORT_MAX_BYTES &&
           g->columns >= GPUSCAN_AXIS_SHORT_MIN_COLUMNS && gpuscan_axis_short_blocks_(g, elem_size, threads) <= (size_t)INT32_MAX;
}

/* Moves a tile between memory and buf (load: 1, from the input mem of TM, through the load stage;
 * 0: to the output; a function each, for their memories' types).  The tile's lines along its contiguous dimension (i where inner > 1, else the
 * axis), of `fast` elements, a thread an element of each: where they are at most a block wide, each
 * thread keeps its place in the line and walks `per` lines a step; else it walks the line, a block
 * width a step, line after line.  Addresses and shared places step by constants (no division an
 * element), and GPUSCAN_AXIS_UNROLL elements a thread are in flight at once (loads of T itself by
 * cp.async: all of them). */
#define GPUSCAN_AXIS_MOVER_(P, T, fname, TM)                                                        \
    static __device__ __forceinline__ void fname(const gpuscan_axis_geometry_ *g, TM *mem, T *buf, size_t f0, size_t l0, \
                                                 unsigned cv, unsigned rv, int load)                \
    {                                                                                               \
        enum { U = GPUSCAN_AXIS_UNROLL(T), THREADS = GPUSCAN_AXIS_THREADS,                          \
               ASYNC = P##_LOAD_COPIES_ ? GPUSCAN_AXIS_ASYNC_UNIT_(T) : 0u };               \
        const int along_axis = g->inner == 1u;                                                      \
        const unsigned fast = along_axis ? rv : cv, slow = along_axis ? cv : rv, t = threadIdx.x;   \
        const long long row_step = g->reverse ? -(long long)g->length_stride : (long long)g->length_stride; \
        TM *const first = mem + (g->reverse ? g->length - 1u - l0 : l0) * g->length_stride; /* (row 0) */ \
        /* memory's step along the slow dimension, and buf's along each */                          \
        const long long slow_mem = along_axis ? (long long)g->outer_stride : row_step;              \
        const unsigned fast_buf = along_axis ? g->cols : 1u, slow_buf = along_axis ? 1u : g->cols;  \
        T v[U];                                                                                     \
        if (fast <= THREADS) {                                                                      \
            const unsigned per = THREADS / fast, a = t % fast;                                      \
            if (t >= per * fast) return;                                                            \
            unsigned b = t / fast, at = a * fast_buf + b * slow_buf;                                \
            const size_t line = along_axis ? (f0 + b) * g->outer_stride                             \
                                           : (f0 + a) / g->inner * g->outer_stride + (f0 + a) % g->inner; \
            TM *p = first + line + (along_axis ? (long long)a * row_step : (long long)b * row_step); \
            const long long step = (long long)per * slow_mem;                                       \
            const unsigned at_step = per * slow_buf;                                                \
            for (; b < slow; b += U * per, p += U * step, at += U * at_step) {                      \
                _Pragma("unroll") for (unsigned u = 0; u < U; ++u) {                                \
                    const unsigned x = at + u * at_step;                                            \
                    if (b + u * per < slow) {                                                       \
                        if (load && ASYNC) gpuscan_axis_async_(buf + x + x / 32u, p + u * step, sizeof(T), ASYNC); \
                        else if (load) v[u] = P##_axis_get(p + u * step, mem);                      \
                        else v[u] = buf[x + x / 32u];                                               \
                    }                                                                               \
                }                                                                                   \
                if (load && ASYNC) continue;                                                      \
                _Pragma("unroll") for (unsigned u = 0; u < U; ++u) {                                \
                    const unsigned x = at + u * at_step;                                            \
                    if (b + u * per < slow) {                                                       \
                        if (load) buf[x + x / 32u] = v[u];                                          \
                        else P##_axis_put(p + u * step, v[u]);                                      \
                    }                                                                               \
                }                                                                                   \
            }                                                                                       \
            return;                                                                                 \
        }                                                                                           \
        /* a line wider than the block: U places of it at once, each line (a slow step) in turn;    \
         * across i, a place's column start by steps of a block (o, i: no division a step) */       \
        const size_t f = f0 + t;                                                                    \
        size_t o = along_axis ? 0u : f / g->inner, i = along_axis ? 0u : f % g->inner;              \
        const size_t o_step = along_axis ? 0u : THREADS / g->inner, i_step = along_axis ? 0u : THREADS % g->inner; \
        for (unsigned a = t; a < fast; a += U * THREADS) {                                          \
            long long start[U];                                                                     \
            _Pragma("unroll") for (unsigned u = 0; u < U; ++u) {                                    \
                start[u] = along_axis ? (long long)(a + u * THREADS) * row_step : (long long)(o * g->outer_stride + i); \
                if (!along_axis) {                                                                  \
                    i += i_step, o += o_step;                                                       \
                    if (i >= g->inner) i -= g->inner, ++o;                                          \
                }                                                                                   \
            }                                                                                       \
            for (unsigned b = 0; b < slow; ++b) {                                                   \
                TM *const p = first + (along_axis ? (long long)(f0 + b) * (long long)g->outer_stride \
                                                 : (long long)b * row_step);                        \
                _Pragma("unroll") for (unsigned u = 0; u < U; ++u) {                                \
                    const unsigned x = (a + u * THREADS) * fast_buf + b * slow_buf;                 \
                    if (a + u * THREADS < fast) {                                                   \
                        if (load && ASYNC) gpuscan_axis_async_(buf + x + x / 32u, p + start[u], sizeof(T), ASYNC); \
                        else if (load) v[u] = P##_axis_get(p + start[u], mem);                      \
                        else v[u] = buf[x + x / 32u];                                               \
                    }                                                                               \
                }                                                                                   \
                if (load && ASYNC) continue;                                                      \
                _Pragma("unroll") for (unsigned u = 0; u < U; ++u) {                                \
                    const unsigned x = (a + u * THREADS) * fast_buf + b * slow_buf;                 \
                    if (a + u * THREADS < fast) {                                                   \
                        if (load) buf[x + x / 32u] = v[u];                                          \
                        else P##_axis_put(p + start[u], v[u]);                                      \
                    }                                                                               \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    }

/* The kernel of (T, op).  A tile, after its claim: the load; each thread's run
 * of rows folded; the folds scanned down each column (chunks > 1); each column's prefix (its own
 * look-back, P_axis_prefix); each run scanned with its prefix in front; the store. */
#define GPUSCAN_AXIS_KERNEL_(P, T)                                                                  \
    static_assert(GPUSCAN_AXIS_ELEMENTS(T) >= 1, "gpuscan: an axis scan's element type is at most 188 " \
                  "bytes (its tile and its runs' folds live in shared memory)");                    \
    enum { P##_AXIS_ELEMENTS_ = GPUSCAN_AXIS_ELEMENTS(T) > 0 ? GPUSCAN_AXIS_ELEMENTS(T) : 1 };      \
    typedef struct P##_axis_io {                                                                    \
        const P##_in_t *in; /* (a typed DEFINE's TIn) */                                            \
        T *out;                                                                                     \
        gpuscan_axis_geometry_ g;                                                                   \
        T init;                                                                                     \
        int exclusive;  /* element l gets the fold of those before it, init in front */            \
        int seeded;     /* init goes in front (exclusive) */                                        \
    } P##_axis_io;                                                                                  \
    /* An element read from the input, through the load stage (i: its index there), and one       \
     * written to the output; the other overloads are the other mover's, never called. */           \
    static __device__ __forceinline__ T P##_axis_get(const P##_in_t *p, const P##_in_t *in)         \
    {                                                                                               \
        return P##_load_stage(*p, (size_t)(p - in));                                                \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) T P##_axis_get(T *p, T *in) { return (void)in, *p; } \
    static __device__ __forceinline__ void P##_axis_put(T *p, T v) { *p = v; }                      \
    static __device__ __forceinline__ __attribute__((unused)) void P##_axis_put(const P##_in_t *p, T v) { (void)p, (void)v; } \
    GPUSCAN_AXIS_MOVER_(P, T, P##_axis_load_lines, const P##_in_t)                                  \
    GPUSCAN_AXIS_MOVER_(P, T, P##_axis_store_lines, T)                                              \
    static __device__ __forceinline__ void P##_axis_load(const gpuscan_axis_geometry_ *g, const P##_in_t *in, T *buf, \
                                                         size_t f0, size_t l0, unsigned cv, unsigned rv) \
    {                                                                                               \
        P##_axis_load_lines(g, in, buf, f0, l0, cv, rv, 1);                                         \
        if (P##_LOAD_COPIES_ && GPUSCAN_AXIS_ASYNC_UNIT_(T)) gpuscan_axis_async_wait_();            \
    }                                                                                               \
    /* The fold of rows [from, to) of column c. */                                                  \
    static __device__ __forceinline__ T P##_axis_fold(const T *buf, unsigned c, unsigned cols, unsigned from, \
                                                      unsigned to)                                  \
    {                                                                                               \
        T v = buf[GPUSCAN_AXIS_AT_(from, c, cols)];                                                 \
        _Pragma("unroll 4") for (unsigned r = from + 1u; r < to; ++r) v = P##_combine(v, buf[GPUSCAN_AXIS_AT_(r, c, cols)]); \
        return v;                                                                                   \
    }                                                                                               \
    /* Rows [from, to) of column c scanned in place, `carry` (if has) in front. */                  \
    static __device__ __forceinline__ void P##_axis_scan_run(T *buf, unsigned c, unsigned cols, unsigned from, \
                                                             unsigned to, T carry, int has, int exclusive) \
    {                                                                                               \
        _Pragma("unroll 4") for (unsigned r = from; r < to; ++r) {                                  \
            const unsigned at = GPUSCAN_AXIS_AT_(r, c, cols);                                       \
            const T x = buf[at];                                                                    \
            if (exclusive) /* (has: the seed is in front of every column) */                        \
                buf[at] = carry, carry = P##_combine(carry, x);                                     \
            else                                                                                    \
                carry = has ? P##_combine(carry, x) : x, has = 1, buf[at] = carry;                  \
        }                                                                                           \
    }                                                                                               \
    /* Column c's prefix in tile `tile` (row of tiles ly): the fold of every element above the tile \
     * in its column, the seed in front; *has 0 where there is none (the first row of tiles,        \
     * unseeded).  Publishes the column's aggregate, then looks back up the column until a         \
     * published prefix, GPUSCAN_AXIS_LOOKBACK_WINDOW rows of tiles a look (their loads in flight   \
     * together: a look is a round trip to L2, under a full memory system a microsecond), then      \
     * publishes its own - but in the last row of tiles, which nothing reads.  The fixed order       \
     * (P_FIXED_ORDER_) waits for the prefix of the row of tiles above. */                          \
    static __device__ __forceinline__ T P##_axis_prefix(const P##_axis_io *io, gpuscan_states_ states, \
                                                         unsigned *agg_slots, unsigned *prefix_slots, size_t tile, \
                                                         size_t ly, unsigned c, T aggregate, int *has) \
    {                                                                                               \
        enum { W = P##_FIXED_ORDER_ ? 1 : GPUSCAN_AXIS_LOOKBACK_WINDOW(T) };                        \
        static_assert(GPUSCAN_AXIS_LOOKBACK_WINDOW(T) >= 1, "gpuscan: GPUSCAN_AXIS_LOOKBACK_WINDOW is at least 1"); \
        const gpuscan_axis_geometry_ *g = &io->g;                                                   \
        const size_t at = tile * g->cols + c, step = g->col_tiles * g->cols;                        \
        const int last = ly + 1u == g->row_tiles;                                                   \
        T run = io->init;                                                                           \
        *has = io->seeded;                                                                          \
        if (ly > 0) {                                                                               \
            if (!last && !P##_FIXED_ORDER_)                                                         \
                P##_publish(states, agg_slots, at, GPUSCAN_STATE_AGGREGATE, aggregate);             \
            *has = 0;                                                                               \
            int found = 0; /* (rows of tiles up - 1 down to up - W a look; row 0 has a prefix) */  \
            for (size_t up = ly, near = at - step; !found; up -= W, near -= W * step) {           \
                unsigned words[W][4];                                                               \
                _Pragma("unroll") for (unsigned u = 0; u < W; ++u) if (u < up)                      \
                    P##_peek_load(states, near - u * step, words[u]);                               \
                _Pragma("unroll") for (unsigned u = 0; u < W; ++u) if (u < up && !found) {          \
                    T v;                                                                            \
                    unsigned status = P##_peek_read(states, agg_slots, prefix_slots, near - u * step, words[u], &v); \
                    while (status == GPUSCAN_STATE_EMPTY || (P##_FIXED_ORDER_ && status != GPUSCAN_STATE_PREFIX)) \
                        status = P##_peek(states, agg_slots, prefix_slots, near - u * step, &v);    \
                    run = *has ? P##_combine(v, run) : v, *has = 1;                                 \
                    found = status == GPUSCAN_STATE_PREFIX;                                         \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
        if (!last) P##_publish(states, prefix_slots, at, GPUSCAN_STATE_PREFIX, *has ? P##_combine(run, aggregate) : aggregate); \
        return run;                                                                                 \
    }                                                                                               \
    /* The same by a whole warp (every lane gets the prefix; where a tile has a few columns, the   \
     * look-back of each is then its whole latency): lane l reads the state of row of tiles         \
     * nearest - 31 + l, and the window folds from the nearest published prefix on (as grid.cuh's  \
     * P_lookback); a window of aggregates only is folded and the next one read. */                 \
    static __device__ __forceinline__ T P##_axis_warp_prefix(const P##_axis_io *io, gpuscan_states_ states, \
                                                             unsigned *agg_slots, unsigned *prefix_slots, \
                                                             size_t tile, size_t ly, unsigned c, T aggregate, int *has) \
    {                                                                                               \
        const gpuscan_axis_geometry_ *g = &io->g;                                                   \
        const int lane = (int)(threadIdx.x & 31u);                                                  \
        if (P##_FIXED_ORDER_) { /* (the prefix before: one step, lane 0) */                         \
            T run = io->init;                                                                       \
            if (lane == 0) run = P##_axis_prefix(io, states, agg_slots, prefix_slots, tile, ly, c, aggregate, has); \
            *has = __shfl_sync(0xffffffffu, *has, 0);                                               \
            return P##_shfl_idx(run, 0);                                                            \
        }                                                                                           \
        const size_t at = tile * g->cols + c, cx = tile - ly * g->col_tiles;                        \
        const int last = ly + 1u == g->row_tiles;                                                   \
        T run = io->init;                                                                           \
        *has = io->seeded;                                                                          \
        if (ly > 0) {                                                                               \
            if (!last && lane == 0) P##_publish(states, agg_slots, at, GPUSCAN_STATE_AGGREGATE, aggregate); \
            int has_acc = 0;                                                                        \
            T acc = io->init;                                                                       \
            for (long long nearest = (long long)ly - 1;; nearest -= 32) {                           \
                const long long j = nearest - 31 + lane;                                            \
                unsigned status = GPUSCAN_STATE_AGGREGATE;                                          \
                T v = P##_identity(); /* (rows of tiles before 0: never folded, row 0 publishes a prefix) */ \
                if (j >= 0)                                                                         \
                    while ((status = P##_peek(states, agg_slots, prefix_slots, ((size_t)j * g->col_tiles + cx) * g->cols + c, \
                                              &v)) == GPUSCAN_STATE_EMPTY) {                        \
                    }                                                                               \
                const unsigned prefixes = __ballot_sync(0xffffffffu, status == GPUSCAN_STATE_PREFIX); \
                const T folded = P##_warp_reduce(v, lane, 32);                                      \
                const T part = P##_shfl_idx(folded, prefixes == 0u ? 0 : 31 - __clz(prefixes));    \
                acc = has_acc ? P##_combine(part, acc) : part, has_acc = 1;                         \
                if (prefixes != 0u) break;                                                          \
            }                                                                                       \
            run = acc, *has = 1;                                                                    \
        }                                                                                           \
        if (!last && lane == 0)                                                                     \
            P##_publish(states, prefix_slots, at, GPUSCAN_STATE_PREFIX, *has ? P##_combine(run, aggregate) : aggregate); \
        return run;                                                                                 \
    }                                                                                               \
    /* A short axis across many columns (gpuscan_axis_is_short_): each thread scans COLS columns a   \
     * block apart (a warp's lanes on consecutive ones), its axis whole in registers - every load    \
     * of a thread in flight at once, no shared memory, no look-back.  (A tile of such an axis is a  \
     * few rows of thousands of columns: 2 x 2^24 along axis 0 0.57 of a copy there, 0.77 so; 8 x    \
     * 2^22 0.79 -> 0.94.) */                                                                       \
    static __global__ void __launch_bounds__(GPUSCAN_AXIS_THREADS) P##_axis_columns(P##_axis_io io)  \
    {                                                                                                \
        enum { COLS = GPUSCAN_AXIS_SHORT_COLS(sizeof(T)), LENGTH = GPUSCAN_AXIS_SHORT_LENGTH };      \
        const gpuscan_axis_geometry_ *g = &io.g;                                                     \
        const size_t first = (size_t)blockIdx.x * GPUSCAN_AXIS_THREADS * COLS + threadIdx.x;         \
        const long long step = g->reverse ? -(long long)g->length_stride : (long long)g->length_stride; \
        const size_t top = g->reverse ? (g->length - 1u) * g->length_stride : 0u;                    \
        size_t at[COLS];                                                                             \
        T x[LENGTH][COLS];                                                                           \
        if (GPUSCAN_TEST_EMPTY_KERNELS || sizeof(T) > GPUSCAN_AXIS_SHORT_MAX_BYTES) return; /* (never launched) */ \
        gpuscan_wait_prerequisites_();                                                               \
        _Pragma("unroll") for (unsigned k = 0; k < COLS; ++k) {                                      \
            const size_t f = first + k * GPUSCAN_AXIS_THREADS, o = f / g->inner;                     \
            at[k] = o * g->outer_stride + (f - o * g->inner) + top;                                  \
        }                                                                                            \
        _Pragma("unroll") for (unsigned l = 0; l < LENGTH; ++l) if (l < g->length)                   \
            _Pragma("unroll") for (unsigned k = 0; k < COLS; ++k)                                    \
                if (first + k * GPUSCAN_AXIS_THREADS < g->columns)                                  \
                    x[l][k] = P##_axis_get(io.in + at[k] + (long long)l * step, io.in);             \
        gpuscan_let_dependents_launch_();                                                            \
        _Pragma("unroll") for (unsigned k = 0; k < COLS; ++k) {                                      \
            if (first + k * GPUSCAN_AXIS_THREADS >= g->columns) break;                               \
            T carry = io.init;                                                                       \
            int has = io.seeded;                                                                     \
            _Pragma("unroll") for (unsigned l = 0; l < LENGTH; ++l) if (l < g->length) {             \
                const T v = x[l][k];                                                                 \
                if (io.exclusive)                                                                    \
                    io.out[at[k] + (long long)l * step] = carry, carry = P##_combine(carry, v);      \
                else                                                                                 \
                    carry = has ? P##_combine(carry, v) : v, has = 1, io.out[at[k] + (long long)l * step] = carry; \
            }                                                                                        \
        }                                                                                            \
    }                                                                                                \
    /* The pass: the single-pass kernels' arguments (host.cuh: gpuscan_pass_launch_); where the axis \
     * fits one row of tiles (no states), block b takes tile b. */                                  \
    static __global__ void __launch_bounds__(GPUSCAN_AXIS_THREADS, GPUSCAN_AXIS_MIN_BLOCKS) P##_axis_pass(                  \
        P##_axis_io io, size_t n, unsigned *counter, gpuscan_states_ states, unsigned *agg_slots,   \
        unsigned *prefix_slots, int via, gpuscan_pace_ pace)                                        \
    {                                                                                               \
        __shared__ T buf[P##_AXIS_ELEMENTS_ + P##_AXIS_ELEMENTS_ / 32u];                            \
        __shared__ T folds[GPUSCAN_AXIS_THREADS];     /* each run's fold, then scanned (chunks > 1) */ \
        __shared__ T prefix[GPUSCAN_AXIS_THREADS];    /* each column's prefix (chunks > 1) */       \
        __shared__ unsigned char has_prefix[GPUSCAN_AXIS_THREADS];                                      \
        const gpuscan_axis_geometry_ *g = &io.g;                                                    \
        const unsigned t = threadIdx.x;                                                             \
        unsigned tile, token = 0u;                                                                  \
        (void)n, (void)via, (void)pace;                                                             \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                     \
        gpuscan_wait_prerequisites_(); /* until the work before it (a clearing) is done */          \
        if (g->row_tiles == 1u) tile = blockIdx.x;                                                  \
        else if (states.self_clear) { /* (grid.cuh: every tile resident, each clears its states) */ \
            tile = blockIdx.x;                                                                      \
            for (unsigned c = t; c < g->cols; c += GPUSCAN_AXIS_THREADS)                            \
                gpuscan_forget_state_(states, (size_t)tile * g->cols + c, GPUSCAN_STATE_BYTES_(T)); \
            __threadfence();                                                                        \
            __syncthreads();                                                                        \
            token = gpuscan_grid_arrive_();                                                         \
        } else                                                                                      \
            tile = gpuscan_next_tile_(counter) - states.claimed;                                    \
        gpuscan_let_dependents_launch_();                                                           \
        const size_t ly = tile / g->col_tiles, f0 = (tile - ly * g->col_tiles) * g->cols, l0 = ly * g->rows; \
        const unsigned cv = (unsigned)(g->columns - f0 < g->cols ? g->columns - f0 : g->cols);       \
        const unsigned rv = (unsigned)(g->length - l0 < g->rows ? g->length - l0 : g->rows);         \
        P##_axis_load(g, io.in, buf, f0, l0, cv, rv);                                               \
        __syncthreads();                                                                            \
        if (states.self_clear && g->row_tiles > 1u) gpuscan_grid_wait_(token);                      \
        if (g->chunks == 1u) { /* a column a thread (or several), all of its rows */                \
            for (unsigned c = t; c < cv; c += GPUSCAN_AXIS_THREADS) {                               \
                int has = io.seeded;                                                                \
                T carry = g->row_tiles > 1u ? P##_axis_prefix(&io, states, agg_slots, prefix_slots, tile, ly, c, \
                                                              P##_axis_fold(buf, c, g->cols, 0u, rv), &has) \
                                            : io.init;                                              \
                P##_axis_scan_run(buf, c, g->cols, 0u, rv, carry, has, io.exclusive);               \
            }                                                                                       \
        } else { /* chunks runs a column, a thread each: t = chunk * cols + c */                    \
            const unsigned k = t / g->cols, c = t - k * g->cols, from = k * g->chunk_rows;          \
            const unsigned to = from + g->chunk_rows < rv ? from + g->chunk_rows : rv;              \
            const int mine = k < g->chunks && c < cv; /* (a run past rv folds nothing) */           \
            if (k < g->chunks) folds[t] = mine && from < to ? P##_axis_fold(buf, c, g->cols, from, to) : P##_identity(); \
            __syncthreads();                                                                        \
            for (unsigned d = 1u; d < g->chunks; d <<= 1) { /* each column's folds, scanned */      \
                T v = P##_identity();                                                               \
                if (k < g->chunks) v = k >= d ? P##_combine(folds[t - d * g->cols], folds[t]) : folds[t]; \
                __syncthreads();                                                                    \
                if (k < g->chunks) folds[t] = v;                                                    \
                __syncthreads();                                                                    \
            }                                                                                       \
            const unsigned by_warps = cv <= GPUSCAN_AXIS_WARP_LOOKBACK_COLS;                      \
            const unsigned col = by_warps ? t / 32u : t; /* (a few columns: a warp's look-back each) */ \
            if (col < cv) {                                                                         \
                int has = io.seeded;                                                                \
                const T aggregate = folds[(rv - 1u) / g->chunk_rows * g->cols + col];               \
                T p = io.init;                                                                      \
                if (g->row_tiles > 1u)                                                              \
                    p = by_warps ? P##_axis_warp_prefix(&io, states, agg_slots, prefix_slots, tile, ly, col, aggregate, &has) \
                                 : P##_axis_prefix(&io, states, agg_slots, prefix_slots, tile, ly, col, aggregate, &has); \
                if (!by_warps || (t & 31u) == 0u) prefix[col] = p, has_prefix[col] = (unsigned char)has; \
            }                                                                                       \
            __syncthreads();                                                                        \
            if (mine && from < to) {                                                                \
                int has = has_prefix[c];                                                            \
                T carry = prefix[c];                                                                \
                if (k > 0u) {                                                                       \
                    const T above = folds[t - g->cols];                                             \
                    carry = has ? P##_combine(carry, above) : above, has = 1;                       \
                }                                                                                   \
                P##_axis_scan_run(buf, c, g->cols, from, to, carry, has, io.exclusive);             \
            }                                                                                       \
        }                                                                                           \
        __syncthreads();                                                                            \
        P##_axis_store_lines(g, io.out, buf, f0, l0, cv, rv, 0);                                    \
    }

/* ---- the host side ---------------------------------------------------------------------------- */
typedef struct gpuscan_axis_desc_ {
    const void *columns; /* P_axis_columns: short axes */
    size_t elem_size, elem_align;
    size_t in_size, in_align; /* the input's type: T, or a typed DEFINE's TIn */
    unsigned elements; /* a tile's at most (GPUSCAN_AXIS_ELEMENTS) */
    gpuscan_pass_ pass; /* its state and slot bytes a column's (a call's: a tile's, cols of them) */
} gpuscan_axis_desc_;
/* An axis scan: `io` (P_axis_io) holds g, made from the view by gpuscan_axis_run_. */
typedef struct gpuscan_axis_call_ {
    const void *in;
    void *out;
    gpuscan_axis view;
    gpuscan_kind kind;
    void *io;
    gpuscan_axis_geometry_ *g;
} gpuscan_axis_call_;
/* In place (out == in) is allowed where the input's type is as wide as T: a tile reads all of its
 * elements before it writes them, and no other tile reads them; an output that overlaps the input
 * otherwise is not. */
static inline gpuscan_status gpuscan_axis_check_(const gpuscan_axis_desc_ *d, const gpuscan_axis_call_ *c,
                                                 gpuscan_status geometry)
{
    if ((unsigned)c->kind > (unsigned)GPUSCAN_EXCLUSIVE) return GPUSCAN_ERROR_INVALID_ALGORITHM;
    GPUSCAN_TRY_(geometry);
    const size_t bytes = gpuscan_axis_extent_(c->g, d->elem_size), in_bytes = gpuscan_axis_extent_(c->g, d->in_size);
    if (bytes == 0) return GPUSCAN_SUCCESS;
    if (c->in == NULL || c->out == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if ((uintptr_t)c->in % d->in_align != 0 || (uintptr_t)c->out % d->elem_align != 0) return GPUSCAN_ERROR_MISALIGNED;
    if ((c->in != c->out || d->in_size != d->elem_size) && gpuscan_inside_(c->in, in_bytes, c->out, bytes))
        return GPUSCAN_ERROR_OVERLAP;
    return GPUSCAN_SUCCESS;
}
/* One pass: where the axis takes several rows of tiles, the single pass's call (host.cuh) over a
 * tile's states of `cols` columns (its kept workspace's rounds, clearing and caches as any
 * family's); else the kernel alone, no workspace. */
static inline gpuscan_status gpuscan_axis_run_(gpuscan_axis_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                               const gpuscan_axis_call_ *c, int ex, cudaStream_t stream)
{
    if ((unsigned)c->kind > (unsigned)GPUSCAN_EXCLUSIVE) return GPUSCAN_ERROR_INVALID_ALGORITHM; /* (a query too) */
    const size_t widest = d->in_size > d->elem_size ? d->in_size : d->elem_size; /* (bytes that must index) */
    const gpuscan_status geometry = gpuscan_axis_geometry_of_(&c->view, widest, d->elements, d->pass.threads, c->g);
    const gpuscan_status checked = gpuscan_axis_check_(d, c, geometry);
    const gpuscan_axis_geometry_ *g = c->g;
    const size_t tiles = geometry == GPUSCAN_SUCCESS ? g->row_tiles * g->col_tiles : 0u;
    const size_t bytes = gpuscan_axis_extent_(g, d->elem_size), in_bytes = gpuscan_axis_extent_(g, d->in_size);
    const int short_axis = geometry == GPUSCAN_SUCCESS && gpuscan_axis_is_short_(g, d->elem_size, d->pass.threads);
    if (tiles <= 1u || g->row_tiles <= 1u || short_axis) { /* (no look-back: no workspace) */
        int query_only = 0;
        if (ex && workspace_bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
        if (ex) GPUSCAN_TRY_(gpuscan_check_workspace_(d_workspace, workspace_bytes, 1u, &query_only));
        if (query_only) return GPUSCAN_SUCCESS;
        GPUSCAN_TRY_(checked);
        if (tiles == 0u) return GPUSCAN_SUCCESS;
        if (short_axis) {
            void *args[] = {c->io};
            return gpuscan_launch_plain_(d->columns, gpuscan_axis_short_blocks_(g, d->elem_size, d->pass.threads),
                                         d->pass.threads, args, stream);
        }
        gpuscan_states_ states = gpuscan_states_cleared_(NULL);
        unsigned *none = NULL;
        size_t n = 0;
        int via = GPUSCAN_VIA_LOOKBACK;
        gpuscan_pace_ pace = gpuscan_no_pace_();
        void *args[] = {c->io, &n, &none, &states, &none, &none, &via, &pace};
        return gpuscan_launch_plain_(d->pass.lookback, tiles, d->pass.threads, args, stream);
    }
    gpuscan_pass_ k = d->pass; /* (a tile's states: a column's times cols) */
    k.word_bytes = k.state_bytes, k.state_bytes *= g->cols, k.slot_bytes *= g->cols;
    const gpuscan_pass_call_ p = {c->io, tiles, d->elem_size, NULL, 2, {c->in, c->out}, {in_bytes, bytes}, 0u, NULL, 0u};
    const gpuscan_status status = ex ? gpuscan_pass_call_ex_(&k, d_workspace, workspace_bytes, &p, checked, stream)
                                     : gpuscan_pass_call_simple_(&k, &p, checked, stream);
    memcpy(d->pass.pdl, k.pdl, sizeof k.pdl); /* (what the call learnt of the device) */
    memcpy(d->pass.self_clear, k.self_clear, sizeof k.self_clear);
    memcpy(d->pass.resident, k.resident, sizeof k.resident);
    return status;
}

/* The last axis of packed rows by the segmented scans' rows form (below): its code, compiled in an
 * axis DEFINE as P_last, and the call (P_run_'s) - but in a debug build (tuning.cuh). */
#ifdef __CUDACC_DEBUG__
#define GPUSCAN_AXIS_ROWS_FORM_ 0
#else
#define GPUSCAN_AXIS_ROWS_FORM_ 1
#endif
#define GPUSCAN_AXIS_ROWS_CODE_0(P, name, TIn, T, op, fn, KIND)
#define GPUSCAN_AXIS_ROWS_CODE_1(P, name, TIn, T, op, fn, KIND)                                     \
    GPUSCAN_SEGMENT_DEVICE_CODE_(P##_last, name, TIn, T, op, GPUSCAN_AXIS_LAST_FN_##KIND(P, fn),    \
                                 GPUSCAN_SEGMENT_COPIES_##KIND, unsigned char, gpuscan_same_byte_, 0, 0, 0) \
    GPUSCAN_BREAK_                                                                                  \
    GPUSCAN_SEGMENT_DESC_(P##_last, T, unsigned char, 0, 0, 0)                                      \
    GPUSCAN_SEGMENT_ROWS_RUN_(P##_last, T) GPUSCAN_BREAK_
#define GPUSCAN_AXIS_TO_ROWS_0(P)
#define GPUSCAN_AXIS_TO_ROWS_1(P)                                                                   \
    if (gpuscan_axis_is_rows_(view))                                                                \
        return P##_last_rows_run_(d_workspace, workspace_bytes, d_in, d_out, view->outer, view->length, kind, init, \
                                  ex, stream);
/* Whether a view is the last axis of packed rows, forward, long enough for the segmented scans'
 * rows form (segment.cuh), whose tiles of registers and warp scans run there at 0.75-0.79 of a copy
 * where these tiles ran at 0.53-0.67 (rows of 8 to 2^26); rows of 2 ran faster here (0.63 against
 * 0.57). */
static inline int gpuscan_axis_is_rows_(const gpuscan_axis *v)
{
    return v->inner == 1 && !v->reverse && v->length >= GPUSCAN_AXIS_ROWS_MIN_LENGTH &&
           (v->length_stride == 0 || v->length_stride == 1) && (v->outer_stride == 0 || v->outer_stride == v->length);
}
/* The rows form's load stage, by the DEFINE's KIND (its own namespace's as_is; a typed DEFINE's
 * function). */
#define GPUSCAN_AXIS_LAST_FN_PLAIN(P, fn) P##_last_as_is
#define GPUSCAN_AXIS_LAST_FN_TRANSFORM(P, fn) fn
#define GPUSCAN_AXIS_LAST_FN_CONVERSION(P, fn) P##_convert
/* The descriptor and the typed functions (SCOPE: their linkage). */
#define GPUSCAN_AXIS_DESC_(P, T)                                                                    \
    static gpuscan_axis_desc_ P##_desc __attribute__((unused)) = {                                  \
        (const void *)P##_axis_columns, sizeof(T), __alignof__(T), sizeof(P##_in_t), __alignof__(P##_in_t), \
        (unsigned)P##_AXIS_ELEMENTS_,                                                               \
        {(const void *)P##_axis_pass, NULL, NULL /* (no fold, no domino, no counter slots) */,      \
         GPUSCAN_AXIS_THREADS, 1u /* (a tile a unit of the plan) */,                                \
         (unsigned)(P##_AXIS_ELEMENTS_ * sizeof(P##_in_t)), GPUSCAN_STATE_BYTES_(T), GPUSCAN_SLOT_BYTES_(T), 0, \
         {0}, {0}, {0}, 0u}};                                                                       \
    static gpuscan_status P##_run_(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, \
                                   const gpuscan_axis *view, gpuscan_kind kind, T init, int ex, cudaStream_t stream) \
    {                                                                                               \
        P##_axis_io io;                                                                             \
        memset(&io, 0, sizeof io);                                                                  \
        io.in = d_in, io.out = d_out, io.init = init;                                               \
        io.exclusive = io.seeded = kind == GPUSCAN_EXCLUSIVE;                                       \
        if (view == NULL) return GPUSCAN_ERROR_NULL_POINTER;                                        \
        GPUSCAN_CAT_(GPUSCAN_AXIS_TO_ROWS_, GPUSCAN_AXIS_ROWS_FORM_)(P)                         \
        const gpuscan_axis_call_ c = {d_in, d_out, *view, kind, &io, &io.g};                        \
        return gpuscan_axis_run_(&P##_desc, d_workspace, workspace_bytes, &c, ex, stream);          \
    }
#define GPUSCAN_AXIS_FORMS_(SCOPE, P, T)                                                            \
    SCOPE gpuscan_status P##_inclusive(const P##_in_t *d_in, T *d_out, size_t outer, size_t length, size_t inner, \
                                       cudaStream_t stream)                                         \
    {                                                                                               \
        const gpuscan_axis view = {outer, length, inner, 0, 0, 0};                                  \
        return P##_run_(NULL, NULL, d_in, d_out, &view, GPUSCAN_INCLUSIVE, P##_identity(), 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_exclusive(const P##_in_t *d_in, T *d_out, size_t outer, size_t length, size_t inner, \
                                       T init, cudaStream_t stream)                                 \
    {                                                                                               \
        const gpuscan_axis view = {outer, length, inner, 0, 0, 0};                                  \
        return P##_run_(NULL, NULL, d_in, d_out, &view, GPUSCAN_EXCLUSIVE, init, 0, stream);        \
    }                                                                                               \
    SCOPE gpuscan_status P##_view_inclusive(const P##_in_t *d_in, T *d_out, const gpuscan_axis *view, \
                                            cudaStream_t stream)                                    \
    {                                                                                               \
        return P##_run_(NULL, NULL, d_in, d_out, view, GPUSCAN_INCLUSIVE, P##_identity(), 0, stream); \
    }                                                                                               \
    SCOPE gpuscan_status P##_view_exclusive(const P##_in_t *d_in, T *d_out, const gpuscan_axis *view, T init, \
                                            cudaStream_t stream)                                    \
    {                                                                                               \
        return P##_run_(NULL, NULL, d_in, d_out, view, GPUSCAN_EXCLUSIVE, init, 0, stream);         \
    }                                                                                               \
    SCOPE gpuscan_status P##_scan_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, \
                                     const gpuscan_axis *view, gpuscan_kind kind, T init, cudaStream_t stream) \
    {                                                                                               \
        return P##_run_(d_workspace, workspace_bytes, d_in, d_out, view, kind, init, 1, stream);    \
    }

/* An axis DEFINE (P gpuscan_<name>_<op>_axis): the scan's checks (element.cuh), its own namespace
 * and sentinel, apart from a plain DEFINE of the same pair.  KIND: PLAIN (TIn is T), or a typed
 * one's TRANSFORM (fn, the user's) or CONVERSION, as the segmented DEFINEs'. */
#define GPUSCAN_AXIS_ASSEMBLE_(SCOPE, P, name, TIn, T, op, fn, KIND)                                \
    GPUSCAN_AXIS_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, TIn, T, op, fn, KIND)
#define GPUSCAN_AXIS_ASSEMBLE_AT_(id, SCOPE, P, name, TIn, T, op, fn, KIND)                         \
    GPUSCAN_CHECK_##KIND##_(name, TIn, T, fn) GPUSCAN_BREAK_                                        \
    GPUSCAN_CHECK_DEFINE_(P, name, T, op) GPUSCAN_BREAK_                                            \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    GPUSCAN_##KIND##_FN_(P, TIn, T)                                                                 \
    GPUSCAN_ELEMENT_(P, name, T, op, 0) GPUSCAN_BREAK_                                              \
    GPUSCAN_LOAD_STAGE_(P, TIn, T, GPUSCAN_SEGMENT_FN_##KIND(P, fn), GPUSCAN_SEGMENT_COPIES_##KIND, 0) GPUSCAN_BREAK_ \
    GPUSCAN_WARP_(P, T) GPUSCAN_BREAK_                                                              \
    GPUSCAN_TILE_STATE_(P, T) GPUSCAN_BREAK_                                                        \
    GPUSCAN_AXIS_KERNEL_(P, T) GPUSCAN_BREAK_                                                       \
    GPUSCAN_CAT_(GPUSCAN_AXIS_ROWS_CODE_, GPUSCAN_AXIS_ROWS_FORM_)(P, name, TIn, T, op, fn, KIND)   \
    GPUSCAN_AXIS_DESC_(P, T) GPUSCAN_BREAK_                                                         \
    GPUSCAN_AXIS_FORMS_(SCOPE, P, T) GPUSCAN_BREAK_                                                 \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    using P##_internal::P##_inclusive;                                                              \
    using P##_internal::P##_exclusive;                                                              \
    using P##_internal::P##_view_inclusive;                                                         \
    using P##_internal::P##_view_exclusive;                                                         \
    using P##_internal::P##_scan_ex;

#endif /* GPUSCAN_AXIS_CUH */
