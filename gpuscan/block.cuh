/* gpuscan/block.cuh - the block layer: one thread block scans one tile.
 *
 * Every block algorithm TAG (KS, KSW, BK, CO) is described by three numbers, all compile-time
 * functions of T:  GPUSCAN_<TAG>_THREADS(T)  threads per block,
 *                  GPUSCAN_<TAG>_ITEMS(T)    items per thread (a tile is THREADS * ITEMS),
 *                  GPUSCAN_<TAG>_SCRATCH(T)  shared-memory elements its scan needs,
 * and by one function, P_<TAG>_scan_tile(items, scratch, &before) -> tile aggregate, which turns
 * the thread's items (blocked: thread t holds tile elements t*ITEMS ... t*ITEMS+ITEMS-1) into
 * the tile-local inclusive scan and gives the thread's exclusive prefix in `before`.
 * Loading and storing tiles is shared by all algorithms (P_<TAG>_load / P_<TAG>_store): warp w
 * owns the contiguous run [w*32*ITEMS, (w+1)*32*ITEMS) of the tile, reads and writes it striped
 * (coalesced; 16-byte vectors where the type and alignment allow) and transposes it to blocked
 * order through its own part of one shared buffer, with __syncwarp only.  A scan that uses the
 * buffer across warps (Kogge-Stone, Brent-Kung) brackets that use with __syncthreads.  A warp's
 * part is not the same for every path (the transposes pad it, the direct paths do not), so a
 * block barrier separates a tile's load from its store: every block scan has one. */
#ifndef GPUSCAN_BLOCK_CUH
#define GPUSCAN_BLOCK_CUH

#define GPUSCAN_MAX_(a, b) ((a) > (b) ? (a) : (b))
/* A shared-memory index with one padding element per 32, so blocked reads do not conflict. */
#define GPUSCAN_PAD_(i) ((i) + ((i) >> 5))
/* Element j (a constant) of a run of RUN elements that starts at x, a multiple of RUN, given px =
 * GPUSCAN_PAD_(x): where RUN divides 32 or is a multiple of it, px + j + j / 32 - an offset in the
 * instruction, not three instructions an element (the compiler cannot see that x + j does not
 * wrap); else GPUSCAN_PAD_(x + j). */
#define GPUSCAN_PAD_IN_RUN_(x, px, j, RUN)                                                          \
    (32u % (RUN) == 0u || (RUN) % 32u == 0u ? (px) + (j) + ((j) >> 5) : GPUSCAN_PAD_((x) + (j)))
/* A lane's 16-byte vectors of a warp's striped run at wseg (a multiple of 32), in tile order: vector
 * c holds the VEC elements (VEC divides 32) from v0 + 32 VEC c, v0 = GPUSCAN_VECTOR_RUN_(...) (REV:
 * mirrored, from v0 - 32 VEC c); element j of it (in tile order) is at GPUSCAN_PAD_IN_VECTOR_(...),
 * pv0 = GPUSCAN_PAD_(v0), since PAD(v0 + 32 VEC c + j) = PAD(v0) + 33 VEC c + j. */
#define GPUSCAN_VECTOR_RUN_(REV, TILE, VEC, wseg, lane)                                             \
    ((REV) ? (TILE) - (VEC) - (wseg) - (lane) * (VEC) : (wseg) + (lane) * (VEC))
#define GPUSCAN_PAD_IN_VECTOR_(REV, pv0, VEC, c, j)                                                 \
    ((REV) ? (pv0) - 33u * (VEC) * (c) + (j) : (pv0) + 33u * (VEC) * (c) + (j))
/* Largest power-of-two thread count <= max (and >= 32) whose tile buffer fits
 * GPUSCAN_TILE_BUFFER_BYTES (tuning.cuh). */
#define GPUSCAN_FITS_(threads, bpt) ((size_t)(threads) * (bpt) * 33u / 32u <= GPUSCAN_TILE_BUFFER_BYTES)
#define GPUSCAN_FIT_THREADS_(bpt, max)                                                              \
    (GPUSCAN_FITS_(max, bpt) ? (max) : GPUSCAN_FITS_((max) / 2, bpt) ? (max) / 2                    \
     : GPUSCAN_FITS_((max) / 4, bpt) ? (max) / 4 : GPUSCAN_FITS_((max) / 8, bpt) ? (max) / 8        \
     : GPUSCAN_FITS_((max) / 16, bpt) ? (max) / 16 : 32)

/* ---- the block algorithms' shapes ------------------------------------------------------------ */
/* Kogge-Stone in shared memory: one item per thread, two buffers of THREADS (read one, write
 * the other, so no thread overwrites a value another still has to read in the same step). */
#define GPUSCAN_KS_THREADS(T) GPUSCAN_FIT_THREADS_(2 * sizeof(T), 1024)
#define GPUSCAN_KS_ITEMS(T) 1
#define GPUSCAN_KS_SCRATCH(T) (2 * GPUSCAN_KS_THREADS(T))
/* Kogge-Stone on warp shuffles: one item per thread, scan of the warp totals by one warp. */
#define GPUSCAN_KSW_THREADS(T) GPUSCAN_FIT_THREADS_(sizeof(T), 1024)
#define GPUSCAN_KSW_ITEMS(T) 1
#define GPUSCAN_KSW_SCRATCH(T) 0
/* Brent-Kung: two items per thread, the tree runs in a shared array of the whole tile. */
#define GPUSCAN_BK_THREADS(T) GPUSCAN_FIT_THREADS_(2 * sizeof(T), 512)
#define GPUSCAN_BK_ITEMS(T) 2
#define GPUSCAN_BK_SCRATCH(T) (2 * GPUSCAN_BK_THREADS(T))
/* Coarsened three-phase: each thread owns a run of ITEMS consecutive elements (GPUSCAN_CO_ITEMS,
 * GPUSCAN_CO_MAX_THREADS in tuning.cuh): enough bytes a thread to keep the loads in flight, few
 * enough registers for several blocks an SM. */
#define GPUSCAN_CO_THREADS(T) GPUSCAN_FIT_THREADS_(GPUSCAN_CO_ITEMS(T) * sizeof(T), GPUSCAN_CO_MAX_THREADS)
#define GPUSCAN_CO_SCRATCH(T) 0
/* The coarsened tile of a selection that holds keys beside its values (unique by key): fewer items
 * a thread (GPUSCAN_KV_ITEMS, tuning.cuh), so that both fit its registers. */
#define GPUSCAN_KV_THREADS(T) GPUSCAN_FIT_THREADS_(GPUSCAN_KV_ITEMS(T) * sizeof(T), GPUSCAN_CO_MAX_THREADS)
#define GPUSCAN_KV_SCRATCH(T) 0

#define GPUSCAN_TILE_(TAG, T) (GPUSCAN_##TAG##_THREADS(T) * GPUSCAN_##TAG##_ITEMS(T))
#define GPUSCAN_TILE_BUFFER_(TAG, T)                                                                \
    GPUSCAN_MAX_(GPUSCAN_PAD_(GPUSCAN_TILE_(TAG, T)), GPUSCAN_##TAG##_SCRATCH(T))

/* ---- block-wide primitives on one value per thread ------------------------------------------- */
/* The ring (ring.cuh): reduce-ahead reading its input once, on sm_90 (for the types
 * GPUSCAN_RING_FOR picks).  0 builds no ring kernel. */
#ifndef GPUSCAN_RING
#define GPUSCAN_RING 1
#endif
/* A barrier of the block's first nthreads threads: the whole block, except in the ring kernel,
 * whose other warps go on with their own work meanwhile (named barrier 1 there). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_group_sync_(int nthreads)
{
#if GPUSCAN_RING
    __barrier_sync_count(1, (unsigned)nthreads);
#else
    (void)nthreads;
    __syncthreads();
#endif
}
#define GPUSCAN_BLOCK_PRIMITIVES_(P, T)                                                             \
    static __device__ __forceinline__ __attribute__((unused)) T *P##_warp_totals(void)                                      \
    {                                                                                               \
        __shared__ __align__(16) unsigned char raw[32 * sizeof(T)];                                 \
        return (T *)raw;                                                                            \
    }                                                                                               \
    /* Thread 0's value and flag, handed to every thread (one barrier; once per block). */          \
    static __device__ __forceinline__ __attribute__((unused)) T P##_block_broadcast(T v, int *flag)                         \
    {                                                                                               \
        __shared__ __align__(16) unsigned char raw[sizeof(T)];                                      \
        __shared__ int shared_flag;                                                                 \
        if (threadIdx.x == 0) {                                                                     \
            memcpy(raw, &v, sizeof(T));                                                             \
            shared_flag = *flag;                                                                    \
        }                                                                                           \
        __syncthreads();                                                                            \
        memcpy(&v, raw, sizeof(T));                                                                 \
        *flag = shared_flag;                                                                        \
        return v;                                                                                   \
    }                                                                                               \
    /* Scan of one value per thread in thread order (nthreads a multiple of 32).  Returns the       \
     * inclusive value; *excl gets the exclusive one (meaningless in thread 0), *total the sum      \
     * of the block, in every thread.  One barrier: every warp scans the warp totals itself.        \
     * Two calls must be separated by a barrier of the block (the warp totals are reused). */       \
    static __device__ __forceinline__ __attribute__((unused)) T P##_block_scan_values(T v, int nthreads, T *excl, T *total) \
    {                                                                                               \
        T *warp_tot = P##_warp_totals();                                                            \
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = nthreads >> 5;         \
        T inc = P##_warp_inclusive(v, lane);                                                        \
        T ex = P##_shfl_up(inc, 1);                                                                 \
        if (lane == 31) warp_tot[warp] = inc;                                                       \
        gpuscan_group_sync_(nthreads);                                                              \
        T scanned = P##_warp_inclusive(warp_tot[lane < nwarps ? lane : nwarps - 1], lane);          \
        *total = P##_shfl_idx(scanned, nwarps - 1);                                                 \
        T before = P##_shfl_idx(scanned, warp > 0 ? warp - 1 : 0);                                  \
        if (warp > 0) {                                                                             \
            ex = (lane == 0) ? before : P##_combine(before, ex);                                    \
            inc = P##_combine(before, inc);                                                         \
        }                                                                                           \
        *excl = ex;                                                                                 \
        return inc;                                                                                 \
    }                                                                                               \
    /* Reduction of the warps' totals (each in its lane 0) in warp order; valid in thread 0. */    \
    static __device__ __forceinline__ __attribute__((unused)) T P##_block_reduce_warps(T v, int nthreads)                   \
    {                                                                                               \
        T *warp_tot = P##_warp_totals();                                                            \
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = nthreads >> 5;         \
        if (lane == 0) warp_tot[warp] = v;                                                          \
        __syncthreads();                                                                            \
        if (warp == 0) v = P##_warp_reduce(warp_tot[lane < nwarps ? lane : 0], lane, nwarps);       \
        __syncthreads();                                                                            \
        return v;                                                                                   \
    }                                                                                               \
    /* Reduction of one value per thread in thread order; the result is valid in thread 0. */       \
    static __device__ __forceinline__ __attribute__((unused)) T P##_block_reduce_values(T v, int nthreads)                  \
    {                                                                                               \
        return P##_block_reduce_warps(P##_warp_reduce(v, threadIdx.x & 31, 32), nthreads);          \
    }

/* ---- tile load/store, shared by every block algorithm ---------------------------------------- */
/* 16-byte vector accesses for a warp's run: T must divide 16 bytes and a thread's run must be a
 * whole number of vectors; the pointer's alignment is checked at run time. */
#define GPUSCAN_VECTOR_OK_(T, ITEMS) (16u % sizeof(T) == 0u && ((ITEMS) * sizeof(T)) % 16u == 0u)
#define GPUSCAN_VECTOR_ELEMS_(T, ITEMS) (GPUSCAN_VECTOR_OK_(T, ITEMS) ? 16u / sizeof(T) : 1u)
#define GPUSCAN_ALIGNED16_(p) ((((uintptr_t)(p)) & 15u) == 0u)
/* Bytes [at, at + 16) of the 32 bytes lo, hi (at < 16): 16 bytes of a run that starts `at` bytes
 * into a 16-byte word, from the two aligned words it spans - so that data at any address moves as
 * aligned 16-byte vectors, shifted in registers. */
static __device__ __forceinline__ __attribute__((unused)) uint4 gpuscan_bytes_at_(uint4 lo, uint4 hi, unsigned at)
{
    const unsigned w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
    const unsigned word = at >> 2, shift = (at & 3u) * 8u;
    unsigned u[5];
    _Pragma("unroll") for (unsigned k = 0; k < 5u; ++k)
        u[k] = word == 0u ? w[k] : word == 1u ? w[k + 1u] : word == 2u ? w[k + 2u] : w[k + 3u];
    return make_uint4(__funnelshift_r(u[0], u[1], shift), __funnelshift_r(u[1], u[2], shift),
                      __funnelshift_r(u[2], u[3], shift), __funnelshift_r(u[3], u[4], shift));
}
/* Bytes [0, count) of the 16-byte word at p (count < 16), the rest 0, read as count's bits - 8, 4,
 * 2 and 1 bytes, each naturally aligned - so that nothing past them is read. */
static __device__ __forceinline__ __attribute__((unused)) uint4 gpuscan_word_head_(const uint4 *p, unsigned count)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned long long low = 0ull, high = 0ull, v;
    unsigned at = 0u;
    if (count & 8u) low = *(const unsigned long long *)b, at = 8u;
    if (count & 4u) {
        v = *(const unsigned *)(b + at);
        if (at) high |= v; else low |= v;
        at += 4u;
    }
    if (count & 2u) {
        v = (unsigned long long)*(const unsigned short *)(b + at) << (8u * (at & 7u));
        if (at & 8u) high |= v; else low |= v;
        at += 2u;
    }
    if (count & 1u) {
        v = (unsigned long long)b[at] << (8u * (at & 7u));
        if (at & 8u) high |= v; else low |= v;
    }
    return make_uint4((unsigned)low, (unsigned)(low >> 32), (unsigned)high, (unsigned)(high >> 32));
}
/* Direct I/O: types up to GPUSCAN_DIRECT_IO_MAX_BYTES (1-byte ones) skip the shared-memory
 * transpose - byte-wide shared accesses cost more than it saves - and so do 2-byte integers packed
 * two to a word (bytes.cuh), whose transposes cost more instructions than their runs; other 2-byte
 * types are faster with the transpose.  Each thread owns its run as 16-byte vectors, and where the
 * warp's whole run is valid the warp moves its runs through its own part of the tile buffer:
 *   loads   the warp reads its runs coalesced, 16 bytes a lane, into the buffer, and each thread
 *           takes its own run from there; vector p of thread o's run sits at o * R + (p ^
 *           swizzle(o)) (R vectors a run), so that neither side meets in a bank;
 *   stores  consecutive lanes write 16 consecutive bytes, so that each store fills whole 32-byte
 *           sectors (a thread's 32-byte run stored as two halves sends L2 every sector twice, and
 *           L2 is what the 1-byte kernels are bound by).
 * Each block algorithm's limit has a name of its own (TAG: the shape); the ring's scanners, which
 * read their runs from shared memory, set theirs in ring.cuh. */
#define GPUSCAN_KS_DIRECT_BYTES GPUSCAN_DIRECT_IO_MAX_BYTES
#define GPUSCAN_KSW_DIRECT_BYTES GPUSCAN_DIRECT_IO_MAX_BYTES
#define GPUSCAN_BK_DIRECT_BYTES GPUSCAN_DIRECT_IO_MAX_BYTES
#define GPUSCAN_CO_DIRECT_BYTES GPUSCAN_DIRECT_IO_MAX_BYTES
#define GPUSCAN_KV_DIRECT_BYTES GPUSCAN_DIRECT_IO_MAX_BYTES
/* Whether a warp's staged run leaves by one bulk copy (sm_90) instead of its lanes' 16-byte stores
 * (the ring's scanners of some types: ring.cuh). */
#define GPUSCAN_KS_BULK_STORES(P, T) 0
#define GPUSCAN_KSW_BULK_STORES(P, T) 0
#define GPUSCAN_BK_BULK_STORES(P, T) 0
#define GPUSCAN_CO_BULK_STORES(P, T) 0
#define GPUSCAN_KV_BULK_STORES(P, T) 0
#define GPUSCAN_DIRECT_IO_(P, T, TAG)                                                               \
    ((sizeof(T) <= GPUSCAN_##TAG##_DIRECT_BYTES || P##_packs(GPUSCAN_##TAG##_ITEMS(T))) &&          \
     GPUSCAN_VECTOR_OK_(T, GPUSCAN_##TAG##_ITEMS(T)))
/* (the swizzle an exclusive or where R is a power of two; else a rotation, which stays within
 * the owner's R slots where an exclusive or would not: a tile of 24 items of 4 bytes, R = 6) */
#define GPUSCAN_STAGE_SLOT_(owner, p, R)                                                            \
    ((owner) * (R) + (((R) & ((R) - 1u)) == 0u                                                      \
                          ? (p) ^ ((R) >= 8 ? (owner) & 7u : ((owner) * (R) / 8u) & ((R) - 1u))     \
                          : ((p) + (owner)) % (R)))

/* Vector c of a thread's run (v; i: its first element's index) into its items - REV: mirrored,
 * the run's last element the thread's first item. */
#define GPUSCAN_READ_VECTOR_(VECTOR, REV, T, items, ITEMS, VEC, c, v, i)                            \
    do {                                                                                            \
        if (REV) {                                                                                  \
            T part_[VEC];                                                                           \
            VECTOR(part_, v, i);                                                                    \
            _Pragma("unroll") for (unsigned k_ = 0; k_ < VEC; ++k_)                                 \
                (items)[(ITEMS) - 1u - (c) * (VEC) - k_] = part_[k_];                               \
        } else {                                                                                    \
            VECTOR((items) + (c) * (VEC), v, i);                                                    \
        }                                                                                           \
    } while (0)
/* `bytes` (a constant) from `src` into `dst` in the widest words that divide them (src aligned to
 * that width): a thread's run of a narrow input whose size is no multiple of 16 bytes. */
#define GPUSCAN_READ_WORDS_(dst, src, bytes)                                                        \
    do {                                                                                            \
        enum { B_ = (bytes), W_ = B_ % 8u == 0u ? 8u : B_ % 4u == 0u ? 4u : B_ % 2u == 0u ? 2u : 1u }; \
        typedef typename std::conditional<W_ == 8u, unsigned long long,                             \
                typename std::conditional<W_ == 4u, unsigned,                                       \
                typename std::conditional<W_ == 2u, unsigned short, unsigned char>::type>::type>::type word_; \
        word_ w_[B_ / W_];                                                                          \
        const word_ *s_ = (const word_ *)(const void *)(src);                                       \
        _Pragma("unroll") for (unsigned c_ = 0; c_ < B_ / W_; ++c_) w_[c_] = s_[c_];                \
        memcpy((dst), w_, B_);                                                                      \
    } while (0)
/* Reads elements [base, base + valid) of `in` (TI) into blocked items of T, each through STAGE(x,
 * i) (VECTOR: 16 bytes at a time; i: the index in `in`); the rest of the tile gets the identity.
 * Warp-local: no block barrier.  The reads stream (evict first from L2) unless `keep`, for a tile
 * that will be read again soon.  COPIES: the stage is the identity (TI is T).  REV: the tile is
 * read mirrored - item i of the tile is element TILE - 1 - i from base, elements past valid the
 * identity (a reverse scan's first tile leads with them); warp w reads the elements of warp
 * NW - 1 - w's place, coalesced, into its own part of the buffer, so the reader stays warp-local. */
#define GPUSCAN_TILE_READER_DIRECT_(P, T, TAG, fname, TI, STAGE, VECTOR, REV)                       \
    /* the direct path: runs of TI as raw vectors (T's own choice, or an input narrower than T).    \
     * REV: a thread's items are the elements of its mirrored place (q), in reverse; a warp's run   \
     * is warp NW - 1 - w's place, lane l taking lane 31 - l's part of it. */                       \
    static __device__ __forceinline__ __attribute__((unused)) void fname##_direct(                \
        const TI *in, size_t base, size_t at, unsigned valid, T *items, T *buf, int keep)         \
    {                                                                                             \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), VEC = GPUSCAN_VECTOR_ELEMS_(TI, ITEMS),          \
               TILE = GPUSCAN_##TAG##_THREADS(T) * ITEMS };                                       \
        const unsigned t = threadIdx.x, lane = t & 31u, seg = (t >> 5) * 32u * ITEMS;             \
        const unsigned wseg = REV ? TILE - 32u * ITEMS - seg : seg, q = REV ? TILE - ITEMS - t * ITEMS : t * ITEMS; \
        if (buf != NULL && wseg + 32u * ITEMS <= valid && __isGlobal(in)) {                       \
            /* the warp's whole run, read coalesced and handed to its threads through the buffer; \
             * not 16-byte aligned (`mis` bytes past): the aligned vectors that hold it, each     \
             * thread's shifted from its own and the next (owner 31's next: one vector more) */   \
            enum { R = ITEMS / VEC };                                                             \
            const unsigned owner = REV ? 31u - lane : lane;                                       \
            const unsigned mis = (unsigned)((uintptr_t)(in + base + wseg) & 15u);                 \
            const uint4 *src = (const uint4 *)((const char *)(in + base + wseg) - mis);           \
            uint4 *stage = (uint4 *)(buf + seg), past = make_uint4(0u, 0u, 0u, 0u);               \
            _Pragma("unroll") for (unsigned c = 0; c < R; ++c) {                                  \
                const unsigned g = c * 32u + lane;                                                \
                stage[GPUSCAN_STAGE_SLOT_(g / R, g % R, R)] = keep ? src[g] : __ldcs(src + g);    \
            }                                                                                     \
            if (mis != 0u && owner == 31u) /* (the word past the run, unless it reaches past the   \
                                            * tile: then its bytes of the run alone, so that nothing \
                                            * past the input's end is read - memcheck) */           \
                past = wseg + 32u * ITEMS + 16u / sizeof(TI) <= valid                            \
                           ? (keep ? src[32u * R] : __ldcs(src + 32u * R))                        \
                           : gpuscan_word_head_(src + 32u * R, mis);                              \
            __syncwarp();                                                                         \
            if (mis == 0u) {                                                                      \
                _Pragma("unroll") for (unsigned c = 0; c < R; ++c) {                              \
                    const uint4 v = stage[GPUSCAN_STAGE_SLOT_(owner, c, R)];                      \
                    GPUSCAN_READ_VECTOR_(VECTOR, REV, T, items, ITEMS, VEC, c, v,                 \
                                         at + wseg + owner * ITEMS + c * VEC);                    \
                }                                                                                 \
            } else {                                                                              \
                uint4 v = stage[GPUSCAN_STAGE_SLOT_(owner, 0u, R)];                               \
                _Pragma("unroll") for (unsigned c = 0; c < R; ++c) {                              \
                    const uint4 next = c + 1u < R     ? stage[GPUSCAN_STAGE_SLOT_(owner, c + 1u, R)] \
                                       : owner < 31u ? stage[GPUSCAN_STAGE_SLOT_(owner + 1u, 0u, R)] \
                                                     : past;                                      \
                    const uint4 x = gpuscan_bytes_at_(v, next, mis);                              \
                    v = next;                                                                     \
                    GPUSCAN_READ_VECTOR_(VECTOR, REV, T, items, ITEMS, VEC, c, x,                 \
                                         at + wseg + owner * ITEMS + c * VEC);                    \
                }                                                                                 \
            }                                                                                     \
            __syncwarp();                                                                         \
            return;                                                                               \
        }                                                                                         \
        const uint4 *src = (const uint4 *)(in + base + (REV ? (size_t)q : (size_t)t * ITEMS));    \
        if (q + ITEMS <= valid && GPUSCAN_VECTOR_OK_(TI, ITEMS) && GPUSCAN_ALIGNED16_(in)) {      \
            _Pragma("unroll") for (unsigned c = 0; c < ITEMS / VEC; ++c)                          \
                GPUSCAN_READ_VECTOR_(VECTOR, REV, T, items, ITEMS, VEC, c, src[c], at + q + c * VEC);   \
        } else if (q + ITEMS <= valid && GPUSCAN_ALIGNED16_(in)) { /* whole words, not vectors */ \
            TI raw[ITEMS];                                                                        \
            GPUSCAN_READ_WORDS_(raw, in + base + q, ITEMS * sizeof(TI));                          \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                              \
                const unsigned k = REV ? ITEMS - 1u - j : j;                                      \
                items[j] = STAGE(raw[k], at + q + k);                                             \
            }                                                                                     \
        } else {                                                                                  \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                              \
                const unsigned k = REV ? ITEMS - 1u - j : j;                                      \
                items[j] = q + k < valid ? STAGE(in[base + q + k], at + q + k) : P##_identity();   \
            }                                                                                     \
        }                                                                                         \
    }
#define GPUSCAN_TILE_READER_(P, T, TAG, fname, TI, STAGE, VECTOR, COPIES, REV)                      \
    GPUSCAN_TILE_READER_DIRECT_(P, T, TAG, fname, TI, STAGE, VECTOR, REV)                         \
    /* (not every shape reads both the input and its own arrays) */                                  \
    /* (at: the index of element base, for the stage; the ring's slots are not the input) */        \
    static __device__ __forceinline__ __attribute__((unused)) void fname##_at(                        \
        const TI *in, size_t base, size_t at, unsigned valid, T *items, T *buf, int keep)             \
    {                                                                                                 \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T),                \
               VEC = GPUSCAN_VECTOR_ELEMS_(TI, ITEMS), TILE = THREADS * ITEMS };                      \
        const unsigned t = threadIdx.x, lane = t & 31u, seg = (t >> 5) * 32u * ITEMS;                 \
        if (ITEMS == 1) { /* striped and blocked orders are the same */                               \
            const unsigned p = REV ? THREADS - 1u - t : t;                                            \
            items[0] = (p < valid) ? STAGE(in[base + p], at + p) : P##_identity();                    \
            return;                                                                                   \
        }                                                                                             \
        /* direct: T's own choice where the stage copies; an input narrower than T always (its runs   \
         * move as raw vectors, converted in registers).  Past valid: the identity. */                \
        if (COPIES ? GPUSCAN_DIRECT_IO_(P, T, TAG) /* (global input at any address: see _direct) */  \
                   : sizeof(TI) < sizeof(T) && (GPUSCAN_VECTOR_OK_(TI, ITEMS) ? __isGlobal(in) ||     \
                                                GPUSCAN_ALIGNED16_(in) : !__isGlobal(in) &&          \
                                                GPUSCAN_ALIGNED16_(in))) {                            \
            fname##_direct(in, base, at, valid, items, buf, keep);                                \
            return;                                                                               \
        }                                                                                             \
        const unsigned wseg = REV ? TILE - 32u * ITEMS - seg : seg; /* the place the warp reads */  \
        if (GPUSCAN_VECTOR_OK_(TI, ITEMS) && wseg + 32u * ITEMS <= valid && GPUSCAN_ALIGNED16_(in)) { \
            const uint4 *src = (const uint4 *)(in + base + wseg); /* the warp's whole run is valid */ \
            const unsigned pv0 = GPUSCAN_PAD_(GPUSCAN_VECTOR_RUN_(REV, TILE, VEC, wseg, lane));       \
            _Pragma("unroll") for (unsigned c = 0; c < ITEMS / VEC; ++c) {                            \
                uint4 v = keep ? src[c * 32u + lane] : __ldcs(src + c * 32u + lane);                  \
                T part[VEC];                                                                          \
                VECTOR(part, v, at + wseg + (c * 32u + lane) * VEC);                                  \
                _Pragma("unroll") for (unsigned k = 0; k < VEC; ++k)                                  \
                    buf[GPUSCAN_PAD_IN_VECTOR_(REV, pv0, VEC, c, REV ? VEC - 1u - k : k)] = part[k];  \
            }                                                                                         \
        } else { /* misaligned, or a grid's last tile: every read in flight at once */                \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                  \
                const unsigned i = seg + j * 32u + lane; /* the item's place in the tile */          \
                const unsigned p = REV ? wseg + j * 32u + lane : i; /* the place read */              \
                buf[GPUSCAN_PAD_(REV ? TILE - 1u - p : i)] =                                          \
                    (p < valid) ? STAGE(in[base + p], at + p) : P##_identity();                       \
            }                                                                                         \
        }                                                                                             \
        __syncwarp();                                                                                 \
        const unsigned x = seg + lane * ITEMS, px = GPUSCAN_PAD_(x);                                  \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) items[j] = buf[GPUSCAN_PAD_IN_RUN_(x, px, j, ITEMS)]; \
        __syncwarp();                                                                                 \
    }                                                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) void fname(const TI *in, size_t base,   \
                                                                         unsigned valid, T *items,    \
                                                                         T *buf, int keep)            \
    {                                                                                                 \
        fname##_at(in, base, base, valid, items, buf, keep);                                          \
    }
#define GPUSCAN_TILE_LOAD_(P, T, TAG)                                                           \
    static __device__ __forceinline__ __attribute__((unused)) T *P##_##TAG##_buffer(void)                                                     \
    {                                                                                                                 \
        __shared__ __align__(16) unsigned char raw[GPUSCAN_TILE_BUFFER_(TAG, T) * sizeof(T)];                         \
        return (T *)raw;                                                                                              \
    }                                                                                                                 \
    /* the input through the load stage; the scan's own T arrays (upper levels, fixups) as is */   \
    GPUSCAN_TILE_READER_(P, T, TAG, P##_##TAG##_load_hinted, P##_in_t, P##_load_stage,            \
                         P##_load_vector, P##_LOAD_COPIES_, P##_REVERSED_)                        \
    GPUSCAN_TILE_READER_(P, T, TAG, P##_##TAG##_raw_hinted, T, P##_as_is, P##_raw_vector, 1, 0)   \
    /* the scan's output read back in its order (the hierarchy's fix-up of the first level) */    \
    GPUSCAN_TILE_READER_(P, T, TAG, P##_##TAG##_out_hinted, T, P##_as_is, P##_raw_vector, 1,      \
                         P##_REVERSED_)
#define GPUSCAN_TILE_STAGE_(P, T, TAG)                                                          \
    /* Storing a tile takes two steps, so that a kernel can drop its items from registers while                       \
     * it waits for the tile's prefix: stage (blocked items to the warp's part of the buffer)                         \
     * and emit (striped, coalesced writes of the final values).  Inclusive: element i gets                           \
     * prefix (x) local[i] (prefix only if has_prefix).  Exclusive (has_prefix must be set):                          \
     * element 0 gets prefix, element i gets prefix (x) local[i-1]; `before` is the thread's                          \
     * exclusive prefix within the tile (from scan_tile).  Both warp-local. */                                        \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_stage_to(const T *items, T *buf)                               \
    {                                                                                                                 \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                                                                    \
        const unsigned lane = threadIdx.x & 31u, seg = (threadIdx.x >> 5) * 32u * ITEMS;                              \
        const unsigned x = seg + lane * ITEMS, px = GPUSCAN_PAD_(x);                                                  \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) buf[GPUSCAN_PAD_IN_RUN_(x, px, j, ITEMS)] = items[j];  \
        __syncwarp();                                                                                                 \
    }                                                                                                                 \
    /* Staging is skipped where emit will write from registers (one item per thread; direct I/O). */                  \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_stage(const T *items, T *buf)                                  \
    {                                                                                                                 \
        if (GPUSCAN_##TAG##_ITEMS(T) == 1 || GPUSCAN_DIRECT_IO_(P, T, TAG)) return;                                     \
        P##_##TAG##_stage_to(items, buf);                                                                             \
    }                                                                                                                 \
    /* The final value of tile element e (of the warp run starting at seg) from the staged scan; pe and              \
     * pe_before: the padded places of e and of e - 1 (read only where exclusive and e != seg). */                    \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_final_at(const T *buf, unsigned e, unsigned pe,  \
                                                             unsigned pe_before, unsigned seg, T prefix,              \
                                                             int has_prefix, int exclusive, T run_before)             \
    {                                                                                                                 \
        if (exclusive) {                                                                                              \
            if (e != seg) return P##_combine(prefix, buf[pe_before]);                                                 \
            return seg == 0 ? prefix : P##_combine(prefix, run_before);                                               \
        }                                                                                                             \
        return has_prefix ? P##_combine(prefix, buf[pe]) : buf[pe];                                                   \
    }                                                                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_final(const T *buf, unsigned e, unsigned seg, T prefix,           \
                                                          int has_prefix, int exclusive, T run_before)                \
    {                                                                                                                 \
        return P##_##TAG##_final_at(buf, e, GPUSCAN_PAD_(e), GPUSCAN_PAD_(e - 1u), seg, prefix, has_prefix, exclusive, \
                                    run_before);                                                                      \
    }
/* A warp's staged run - R 16-byte vectors a lane at `stage`, in output order - to dst: by one bulk
 * copy (BULK; ring.cuh), else by its lanes' 16-byte stores, consecutive lanes consecutive vectors. */
#define GPUSCAN_WARP_RUN_OUT_(BULK, dst, stage, R, lane)                                            \
    do {                                                                                            \
        if (BULK) {                                                                                 \
            gpuscan_bulk_store_warp_(dst, stage, 32u * (R) * 16u, lane);                            \
        } else {                                                                                    \
            __syncwarp();                                                                           \
            _Pragma("unroll") for (unsigned c_ = 0; c_ < (R); ++c_)                                 \
                __stcs((dst) + c_ * 32u + (lane), (stage)[c_ * 32u + (lane)]);                      \
            __syncwarp();                                                                           \
        }                                                                                           \
    } while (0)
/* Writes a staged tile (see stage above) to `out`, REV: mirrored (as the reader reads it). */
#define GPUSCAN_TILE_WRITE_DIRECT_(P, T, TAG, fname, REV)                                                            \
    /* A tile written straight from registers (direct I/O types; REV: mirrored, as the reader reads it). */          \
    static __device__ __forceinline__ __attribute__((unused)) void fname##_direct(                                    \
        P##_out_t *out, size_t base, unsigned valid, const T *items, T prefix, int has_prefix, int exclusive,         \
        T before, T *buf)                                                                                             \
    {                                                                                                                 \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), VEC = GPUSCAN_VECTOR_ELEMS_(T, ITEMS),                               \
               TILE = GPUSCAN_##TAG##_THREADS(T) * ITEMS };                                                           \
        const unsigned t = threadIdx.x, lane = t & 31u, seg = (t >> 5) * 32u * ITEMS;                                 \
        const unsigned wseg = REV ? TILE - 32u * ITEMS - seg : seg, q = REV ? TILE - ITEMS - t * ITEMS : t * ITEMS;   \
        T v[ITEMS];                                                                                                   \
        if (P##_packs(ITEMS)) { /* items packed into words (bytes.cuh) */                                             \
            if (exclusive) P##_bytes_shift(v, items, ITEMS, t == 0 ? P##_identity() : before);                        \
            else memcpy(v, items, sizeof v);                                                                          \
            if (exclusive || has_prefix) P##_bytes_combine(v, ITEMS, prefix);                                         \
        } else {                                                                                                      \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                                  \
                if (exclusive)                                                                                        \
                    v[j] = j > 0   ? P##_combine(prefix, items[j - 1])                                                \
                           : t == 0 ? prefix                                                                          \
                                    : P##_combine(prefix, before);                                                    \
                else                                                                                                  \
                    v[j] = has_prefix ? P##_combine(prefix, items[j]) : items[j];                                     \
            }                                                                                                         \
        }                                                                                                             \
        if (REV) { /* the thread's place in the input's order */                                                      \
            _Pragma("unroll") for (unsigned j = 0; 2u * j + 1u < ITEMS; ++j) {                                              \
                const T x = v[j];                                                                                     \
                v[j] = v[ITEMS - 1u - j], v[ITEMS - 1u - j] = x;                                                      \
            }                                                                                                         \
        }                                                                                                             \
        if (buf != NULL && wseg + 32u * ITEMS <= valid && GPUSCAN_ALIGNED16_(out)) {                                  \
            /* the warp's whole run is valid: through its part of the buffer (see above) */                           \
            const unsigned owner = REV ? 31u - lane : lane;                                                           \
            uint4 *stage = (uint4 *)(buf + seg), *dst = (uint4 *)(out + base + wseg);                                 \
            if (GPUSCAN_##TAG##_BULK_STORES(P, T)) gpuscan_bulk_stores_read_(lane); /* the last one has left */   \
            _Pragma("unroll") for (unsigned c = 0; c < ITEMS / VEC; ++c) {                                            \
                uint4 w;                                                                                              \
                P##_store_vector(&w, v + c * VEC, base + wseg + owner * ITEMS + c * VEC);                             \
                stage[owner * (ITEMS / VEC) + c] = w;                                                                 \
            }                                                                                                         \
            GPUSCAN_WARP_RUN_OUT_(GPUSCAN_##TAG##_BULK_STORES(P, T), dst, stage, ITEMS / VEC, lane);                  \
        } else if (buf != NULL && wseg + 32u * ITEMS <= valid) {                                                      \
            /* the same, to an address `mis` bytes past 16: the aligned words inside the run as 16-byte                \
             * vectors, each shifted from the two staged ones it spans; the partial words at its ends                 \
             * (shared with the runs beside it) byte by byte */                                                       \
            enum { R = ITEMS / VEC };                                                                                 \
            const unsigned owner = REV ? 31u - lane : lane;                                                           \
            const unsigned mis = (unsigned)((uintptr_t)(out + base + wseg) & 15u);                                    \
            uint4 *stage = (uint4 *)(buf + seg), *dst = (uint4 *)((char *)(out + base + wseg) - mis);                 \
            if (GPUSCAN_##TAG##_BULK_STORES(P, T)) gpuscan_bulk_stores_read_(lane);                                   \
            _Pragma("unroll") for (unsigned c = 0; c < R; ++c) {                                                      \
                uint4 w;                                                                                              \
                P##_store_vector(&w, v + c * VEC, base + wseg + owner * ITEMS + c * VEC);                             \
                stage[owner * R + c] = w;                                                                             \
            }                                                                                                         \
            __syncwarp();                                                                                             \
            _Pragma("unroll") for (unsigned c = 0; c < R; ++c) {                                                      \
                const unsigned g = c * 32u + lane;                                                                    \
                if (g > 0u) __stcs(dst + g, gpuscan_bytes_at_(stage[g - 1u], stage[g], 16u - mis));                  \
            }                                                                                                         \
            const unsigned char *bytes = (const unsigned char *)stage;                                                \
            unsigned char *to = (unsigned char *)dst;                                                                 \
            if (lane < 16u - mis) to[mis + lane] = bytes[lane];                                                       \
            else if (lane >= 16u && lane < 16u + mis) to[32u * R * 16u + lane - 16u] = bytes[32u * R * 16u - mis + lane - 16u]; \
            __syncwarp();                                                                                             \
        } else if (q + ITEMS <= valid && GPUSCAN_ALIGNED16_(out)) {                                                   \
            uint4 *dst = (uint4 *)(out + base + (REV ? (size_t)q : (size_t)t * ITEMS));                               \
            _Pragma("unroll") for (unsigned c = 0; c < ITEMS / VEC; ++c) {                                            \
                uint4 w;                                                                                              \
                P##_store_vector(&w, v + c * VEC, base + q + c * VEC);                                                \
                dst[c] = w;                                                                                           \
            }                                                                                                         \
        } else {                                                                                                      \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j)                                                    \
                if (q + j < valid) out[base + q + j] = P##_store_stage(v[j], base + q + j);                           \
        }                                                                                                             \
    }
#define GPUSCAN_TILE_WRITER_(P, T, TAG, fname, REV)                                                 \
    GPUSCAN_TILE_WRITE_DIRECT_(P, T, TAG, fname, REV)                                               \
    static __device__ __forceinline__ __attribute__((unused)) void fname(P##_out_t *out, size_t base, unsigned valid,                      \
                                                            const T *items, T prefix, int has_prefix,                 \
                                                            int exclusive, T before, T *buf)                          \
    {                                                                                                                 \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T),                                \
               VEC = GPUSCAN_VECTOR_ELEMS_(T, ITEMS), TILE = THREADS * ITEMS };                                       \
        const unsigned t = threadIdx.x, lane = t & 31u, seg = (t >> 5) * 32u * ITEMS;                                 \
        if (ITEMS == 1) { /* element t: its own item; its left neighbour's is `before` */                             \
            T v = items[0];                                                                                           \
            if (exclusive) v = (t == 0) ? prefix : P##_combine(prefix, before);                                       \
            else if (has_prefix) v = P##_combine(prefix, v);                                                          \
            const unsigned p = REV ? THREADS - 1u - t : t;                                                            \
            if (p < valid) out[base + p] = P##_store_stage(v, base + p);                                              \
            return;                                                                                                   \
        }                                                                                                             \
        if (GPUSCAN_DIRECT_IO_(P, T, TAG)) {                                                                          \
            fname##_direct(out, base, valid, items, prefix, has_prefix, exclusive, before, buf);                      \
            return;                                                                                                   \
        }                                                                                                             \
        const T run_before = P##_shfl_idx(before, 0); /* exclusive prefix of the warp's run */                        \
        const unsigned wseg = REV ? TILE - 32u * ITEMS - seg : seg; /* the place the warp writes */                   \
        if (GPUSCAN_VECTOR_OK_(T, ITEMS) && wseg + 32u * ITEMS <= valid && GPUSCAN_ALIGNED16_(out)) {                 \
            uint4 *dst = (uint4 *)(out + base + wseg);                                                                \
            /* (the element before a vector's first: a padding word further back where it starts a row of 32) */     \
            const unsigned v0 = GPUSCAN_VECTOR_RUN_(REV, TILE, VEC, wseg, lane), pv0 = GPUSCAN_PAD_(v0);              \
            const unsigned cross = (v0 & 31u) == 0u ? 2u : 1u;                                                        \
            _Pragma("unroll") for (unsigned c = 0; c < ITEMS / VEC; ++c) {                                            \
                T part[VEC];                                                                                          \
                uint4 v;                                                                                              \
                _Pragma("unroll") for (unsigned k = 0; k < VEC; ++k) {                                                \
                    const unsigned p = wseg + (c * 32u + lane) * VEC + k, j = REV ? VEC - 1u - k : k;                 \
                    const unsigned pe = GPUSCAN_PAD_IN_VECTOR_(REV, pv0, VEC, c, j);                                  \
                    part[k] = P##_##TAG##_final_at(buf, REV ? TILE - 1u - p : p, pe, j > 0u ? pe - 1u : pe - cross,  \
                                                   seg, prefix, has_prefix, exclusive, run_before);                   \
                }                                                                                                     \
                P##_store_vector(&v, part, base + wseg + (c * 32u + lane) * VEC);                                     \
                __stcs(dst + c * 32u + lane, v);                                                                      \
            }                                                                                                         \
        } else { /* a partial or misaligned run: a loop (stores do not wait, so unrolling it buys little              \
                  * and cost most of a kernel's size) */                                                                  \
            _Pragma("unroll 1") for (unsigned j = 0; j < ITEMS; ++j) {                                                \
                const unsigned i = seg + j * 32u + lane; /* REV: the place written is p, item TILE - 1 - p */         \
                const unsigned p = REV ? wseg + j * 32u + lane : i;                                                   \
                if (p < valid)                                                                                        \
                    out[base + p] = P##_store_stage(P##_##TAG##_final(buf, REV ? TILE - 1u - p : i, seg, prefix,      \
                                                                      has_prefix, exclusive, run_before),             \
                                                    base + p);                                                        \
            }                                                                                                         \
        }                                                                                                             \
        __syncwarp();                                                                                                 \
    }
#define GPUSCAN_TILE_EMIT_(P, T, TAG)                                                               \
    GPUSCAN_TILE_WRITER_(P, T, TAG, P##_##TAG##_emit, P##_REVERSED_)                                \
    GPUSCAN_TILE_WRITER_(P, T, TAG, P##_##TAG##_emit_fwd, 0)                                        \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_store(P##_out_t *out, size_t base, unsigned valid,            \
                                                             const T *items, T prefix, int has_prefix,                \
                                                             int exclusive, T before, T *buf)                         \
    {                                                                                                                 \
        P##_##TAG##_stage(items, buf);                                                                                \
        P##_##TAG##_emit(out, base, valid, items, prefix, has_prefix, exclusive, before, buf);                        \
    }                                                                                                                 \
    /* A store to the scan's own array (own: an upper level of the hierarchy), in its order. */                      \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_store_own(int own, P##_out_t *out, size_t base,                \
                                                                 unsigned valid, const T *items, T prefix,            \
                                                                 int has_prefix, int exclusive, T before, T *buf)     \
    {                                                                                                                 \
        P##_##TAG##_stage(items, buf);                                                                                \
        if (P##_REVERSED_ && own)                                                                                     \
            P##_##TAG##_emit_fwd(out, base, valid, items, prefix, has_prefix, exclusive, before, buf);                \
        else                                                                                                          \
            P##_##TAG##_emit(out, base, valid, items, prefix, has_prefix, exclusive, before, buf);                    \
    }
/* Tile I/O of the block algorithm TAG: load, stage, emit (store = stage + emit). */
#define GPUSCAN_TILE_IO_(P, T, TAG)                                                                 \
    GPUSCAN_TILE_LOAD_(P, T, TAG)                                                                   \
    GPUSCAN_TILE_STAGE_(P, T, TAG)                                                                  \
    GPUSCAN_TILE_EMIT_(P, T, TAG)

/* The tile reads only the grid kernels use: a plain load, spans of whole tiles (staged or
 * reduced as read), a tile's reduction and the previous thread's item. */
#define GPUSCAN_TILE_SPANS_(P, T, TAG)                                                                                \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_load(const P##_in_t *in, size_t base, unsigned valid,         \
                                                            T *items, T *buf)                                         \
    {                                                                                                                 \
        P##_##TAG##_load_hinted(in, base, valid, items, buf, 0);                                                      \
    }                                                                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_load_raw(const T *in, size_t base, unsigned valid, T *items,   \
                                                                T *buf)                                               \
    {                                                                                                                 \
        P##_##TAG##_raw_hinted(in, base, valid, items, buf, 0);                                                       \
    }                                                                                                                 \
    /* The scan's output read back (the first level's fix-up; mirrored for a reverse scan). */                         \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_load_out(const T *in, size_t base, unsigned valid, T *items,   \
                                                                T *buf)                                               \
    {                                                                                                                 \
        P##_##TAG##_out_hinted(in, base, valid, items, buf, 0);                                                       \
    }                                                                                                                 \
    /* Whether `tiles` full tiles can be read as one span (16-byte vectors of the type read, at most                  \
     * GPUSCAN_SPAN_READS a thread, in the input's order), where `in` is 16-byte aligned (span_ok): by                \
     * P_<TAG>_reduce_span and (where the load stage copies: it keeps raw input) P_<TAG>_stage_span. */               \
    static __device__ __forceinline__ __attribute__((unused)) int P##_##TAG##_span_shape_ok(unsigned tiles)           \
    {                                                                                                                 \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), VEC = GPUSCAN_VECTOR_ELEMS_(P##_in_t, ITEMS) };                      \
        return !P##_REVERSED_ && ITEMS > 1 && GPUSCAN_VECTOR_OK_(P##_in_t, ITEMS) &&                                  \
               tiles * ITEMS / VEC <= GPUSCAN_SPAN_READS;                                                             \
    }                                                                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) int P##_##TAG##_span_ok(const P##_in_t *in, unsigned tiles)                     \
    {                                                                                                                 \
        return P##_##TAG##_span_shape_ok(tiles) && GPUSCAN_ALIGNED16_(in);                                            \
    }                                                                                                                 \
    /* Copies `tiles` full tiles from element `base` to shared memory `stage` (in order; thread t                     \
     * moves vectors t, t + THREADS, ...) with all of the thread's reads in flight at once; a                         \
     * barrier must follow before the block reads `stage`. */                                                         \
    static __device__ __forceinline__ __attribute__((unused)) void P##_##TAG##_stage_span(const P##_in_t *in, size_t base, unsigned tiles,    \
                                                                  uint4 *stage)                                       \
    {                                                                                                                 \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T),                                \
               VEC = GPUSCAN_VECTOR_ELEMS_(T, ITEMS) };                                                               \
        const uint4 *src = (const uint4 *)(in + base) + threadIdx.x;                                                  \
        uint4 raw[GPUSCAN_SPAN_READS];                                                                                \
        _Pragma("unroll") for (unsigned c = 0; c < GPUSCAN_SPAN_READS; ++c)                                           \
            if (c < tiles * ITEMS / VEC) raw[c] = src[c * THREADS];                                                   \
        _Pragma("unroll") for (unsigned c = 0; c < GPUSCAN_SPAN_READS; ++c)                                           \
            if (c < tiles * ITEMS / VEC) stage[threadIdx.x + c * THREADS] = raw[c];                                   \
    }
#define GPUSCAN_TILE_REDUCE_(P, T, TAG)                                                                               \
    /* The reduction, in thread 0, of `tiles` full tiles from element `base`, without the transpose                   \
     * (only where span_ok): warp w reads its 1/nwarps of the span as 16-byte vectors, all reads                      \
     * issued at once; the 32 vectors of one read are a contiguous run in lane order, so each read                    \
     * is reduced across the warp and the reads' totals are combined in order. */                                     \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_reduce_span(const P##_in_t *in, size_t base, unsigned tiles,     \
                                                                int keep)                                             \
    {                                                                                                                 \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T),                                \
               VEC = GPUSCAN_VECTOR_ELEMS_(P##_in_t, ITEMS) };                                                        \
        const unsigned lane = threadIdx.x & 31u, reads = tiles * ITEMS / VEC;                                         \
        const size_t first = base + (size_t)(threadIdx.x >> 5) * 32u * ITEMS * tiles; /* the warp's part */          \
        const uint4 *src = (const uint4 *)(in + first);                                                               \
        uint4 raw[GPUSCAN_SPAN_READS];                                                                                \
        if (P##_FIXED_ORDER_ && !GPUSCAN_ALIGNED16_(in)) { /* the same vectors, element by element */                 \
            _Pragma("unroll") for (unsigned c = 0; c < GPUSCAN_SPAN_READS; ++c)                                       \
                if (c < reads) raw[c] = P##_vector_of_elements(in + first + (size_t)(c * 32u + lane) * VEC);          \
        } else {                                                                                                      \
            _Pragma("unroll") for (unsigned c = 0; c < GPUSCAN_SPAN_READS; ++c)                                       \
                if (c < reads) raw[c] = keep ? src[c * 32u + lane] : __ldcs(src + c * 32u + lane);                    \
        }                                                                                                             \
        if (P##_LOAD_COPIES_ && P##_packs(VEC)) { /* packed words (bytes.cuh) commute: one fold a lane */            \
            P##_words_fold f = P##_words_start();                                                                     \
            _Pragma("unroll") for (unsigned c = 0; c < GPUSCAN_SPAN_READS; ++c)                                       \
                if (c < reads) P##_words_add_vector(&f, raw[c]);                                                      \
            return P##_block_reduce_warps(P##_warp_reduce(P##_words_result(f), (int)lane, 32), THREADS);              \
        }                                                                                                             \
        T acc = P##_identity();                                                                                       \
        _Pragma("unroll") for (unsigned c = 0; c < GPUSCAN_SPAN_READS; ++c) {                                         \
            if (c < reads) {                                                                                          \
                T part[VEC];                                                                                          \
                P##_load_vector(part, raw[c], first + (size_t)(c * 32u + lane) * VEC);                                \
                T x = P##_warp_reduce(P##_fold(part, VEC), (int)lane, 32);                                            \
                acc = c == 0 ? x : P##_combine(acc, x);                                                               \
            }                                                                                                         \
        }                                                                                                             \
        return P##_block_reduce_warps(acc, THREADS);                                                                  \
    }                                                                                                                 \
    /* The reduction of elements [base, base + valid) in order, in thread 0 (block barriers). */                      \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_reduce(const P##_in_t *in, size_t base, unsigned valid, T *buf,   \
                                                           int keep)                                                  \
    {                                                                                                                 \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                                                                    \
        T items[ITEMS];                                                                                               \
        P##_##TAG##_load_hinted(in, base, valid, items, buf, keep);                                                   \
        return P##_block_reduce_values(P##_fold(items, ITEMS), GPUSCAN_##TAG##_THREADS(T));                           \
    }                                                                                                                 \
    /* The previous thread's last item (the exclusive prefix of a tile scanned in an earlier                          \
     * pass), through the buffer; two block barriers. */                                                              \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_previous(const T *items, T *buf)                                  \
    {                                                                                                                 \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                                                                    \
        __syncthreads();                                                                                              \
        buf[threadIdx.x] = items[ITEMS - 1];                                                                          \
        __syncthreads();                                                                                              \
        T prev = buf[threadIdx.x > 0 ? threadIdx.x - 1 : 0];                                                          \
        __syncthreads();                                                                                              \
        return prev;                                                                                                  \
    }
#define GPUSCAN_TILE_READS_(P, T, TAG)                                                              \
    GPUSCAN_TILE_SPANS_(P, T, TAG)                                                                  \
    GPUSCAN_TILE_REDUCE_(P, T, TAG)

/* ---- the block algorithms (seed 000, sections 11.2-11.5) --------------------------------------
 * Each P_<TAG>_scan_tile(items, scratch, &before) leaves the tile-local inclusive scan in items,
 * the thread's exclusive prefix in before (not in thread 0) and returns the tile aggregate in
 * every thread. */

/* Kogge-Stone, shared memory, double buffered: log2(THREADS) steps, each thread combining the
 * value `off` places to its left; the buffers swap roles every step. */
#define GPUSCAN_KS_SCAN_TILE_(P, T)                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) T P##_KS_scan_tile(T *items, T *scratch, T *before)           \
    {                                                                                               \
        enum { THREADS = GPUSCAN_KS_THREADS(T) };                                                   \
        const int t = threadIdx.x;                                                                  \
        T *src = scratch, *dst = scratch + THREADS;                                                 \
        __syncthreads(); /* the buffer may still be in use by other warps */                        \
        src[t] = items[0];                                                                          \
        __syncthreads();                                                                            \
        _Pragma("unroll") for (int off = 1; off < THREADS; off <<= 1) {                             \
            T v = src[t];                                                                           \
            if (t >= off) v = P##_combine(src[t - off], v);                                         \
            dst[t] = v;                                                                             \
            __syncthreads();                                                                        \
            T *swap = src; src = dst; dst = swap;                                                   \
        }                                                                                           \
        items[0] = src[t];                                                                          \
        *before = src[t > 0 ? t - 1 : 0];                                                           \
        T aggregate = src[THREADS - 1];                                                             \
        __syncthreads();                                                                            \
        return aggregate;                                                                           \
    }

/* Kogge-Stone over warp shuffles (registers only) plus one warp scanning the warp totals. */
#define GPUSCAN_KSW_SCAN_TILE_(P, T)                                                                \
    static __device__ __forceinline__ __attribute__((unused)) T P##_KSW_scan_tile(T *items, T *scratch, T *before)          \
    {                                                                                               \
        T aggregate;                                                                                \
        (void)scratch;                                                                              \
        items[0] = P##_block_scan_values(items[0], GPUSCAN_KSW_THREADS(T), before, &aggregate);     \
        return aggregate;                                                                           \
    }

/* Brent-Kung: an up-sweep builds partial sums at the nodes of a balanced tree (2N-2-log N ops in
 * all), a down-sweep pushes them to the elements in between.  Thread t works on index
 * (t+1)*2*stride-1, so active threads are contiguous and whole warps retire together. */
#define GPUSCAN_BK_SCAN_TILE_(P, T)                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) T P##_BK_scan_tile(T *items, T *xy, T *before)                \
    {                                                                                               \
        enum { THREADS = GPUSCAN_BK_THREADS(T), SECTION = 2 * GPUSCAN_BK_THREADS(T) };              \
        const int t = threadIdx.x;                                                                  \
        __syncthreads(); /* the buffer may still be in use by other warps */                        \
        xy[2 * t] = items[0];                                                                       \
        xy[2 * t + 1] = items[1];                                                                   \
        for (int stride = 1; stride <= THREADS; stride <<= 1) {                                     \
            __syncthreads();                                                                        \
            int i = (t + 1) * 2 * stride - 1;                                                       \
            if (i < SECTION) xy[i] = P##_combine(xy[i - stride], xy[i]);                            \
        }                                                                                           \
        for (int stride = THREADS / 2; stride > 0; stride >>= 1) {                                  \
            __syncthreads();                                                                        \
            int i = (t + 1) * 2 * stride - 1;                                                       \
            if (i + stride < SECTION) xy[i + stride] = P##_combine(xy[i], xy[i + stride]);          \
        }                                                                                           \
        __syncthreads();                                                                            \
        items[0] = xy[2 * t];                                                                       \
        items[1] = xy[2 * t + 1];                                                                   \
        *before = xy[t > 0 ? 2 * t - 1 : 0];                                                        \
        T aggregate = xy[SECTION - 1];                                                              \
        __syncthreads();                                                                            \
        return aggregate;                                                                           \
    }

/* Coarsened three-phase: (1) each thread scans its own run of ITEMS sequentially, (2) the block
 * scans the run totals, (3) each thread combines the total of all earlier runs into its run.
 * 1-byte integers with a built-in operator (bytes.cuh) go four to a word: (1) only folds the
 * run, (3) scans it after the earlier runs' total.  Any coarsened shape TAG: the block scan CO,
 * and the ring's scanners (ring.cuh), which have a shape of their own. */
#define GPUSCAN_COARSENED_SCAN_TILE_(P, T, TAG)                                                           \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##TAG##_scan_tile(T *items, T *scratch, T *before)            \
    {                                                                                                     \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), THREADS = GPUSCAN_##TAG##_THREADS(T) };                  \
        T aggregate;                                                                                      \
        (void)scratch;                                                                                    \
        if (P##_packs(ITEMS)) {                                                                           \
            P##_block_scan_values(P##_fold(items, ITEMS), THREADS, before, &aggregate);                   \
            P##_bytes_scan(items, ITEMS, threadIdx.x > 0 ? *before : P##_identity());                    \
            return aggregate;                                                                             \
        }                                                                                                 \
        _Pragma("unroll") for (int j = 1; j < ITEMS; ++j) items[j] = P##_combine(items[j - 1], items[j]); \
        P##_block_scan_values(items[ITEMS - 1], THREADS, before, &aggregate);                             \
        if (threadIdx.x > 0) {                                                                            \
            _Pragma("unroll") for (int j = 0; j < ITEMS; ++j) items[j] = P##_combine(*before, items[j]);  \
        }                                                                                                 \
        return aggregate;                                                                                 \
    }
#define GPUSCAN_CO_SCAN_TILE_(P, T) GPUSCAN_COARSENED_SCAN_TILE_(P, T, CO)

/* Bits of a thread's run of `items` from tile place q: none at or past valid. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_run_bits_(unsigned bits, unsigned q, unsigned valid,
                                                                                     unsigned items)
{
    return q >= valid ? 0u : valid - q >= items ? bits : bits & ((1u << (valid - q)) - 1u);
}
/* Tile element i, where thread t's run of `items` has its marked bits at runs[threads + t] and the
 * count marked before it at runs[t]: whether i is marked, and its number among the marked (rank). */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_marked_rank_(const unsigned *runs, unsigned threads,
                                                                                    unsigned items, unsigned i,
                                                                                    unsigned *rank)
{
    const unsigned t = i / items, bits = runs[threads + t];
    if (!(bits >> (i % items) & 1u)) return 0u;
    *rank = runs[t] + __popc(bits & ((1u << (i % items)) - 1u));
    return 1u;
}
/* count (1, 2, 4, 8 or 16) flag bytes at dst (aligned to count) from bits: byte j is bit j. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_put_flags_(unsigned char *dst, unsigned bits,
                                                                                  unsigned count)
{
    unsigned w[4];
    _Pragma("unroll") for (unsigned g = 0; g < 4u; ++g) w[g] = ((bits >> (4u * g)) & 15u) * 0x00204081u & 0x01010101u;
    if (count == 16u) *(uint4 *)(void *)dst = make_uint4(w[0], w[1], w[2], w[3]);
    else if (count == 8u) *(uint2 *)(void *)dst = make_uint2(w[0], w[1]);
    else if (count == 4u) *(unsigned *)(void *)dst = w[0];
    else if (count == 2u) *(unsigned short *)(void *)dst = (unsigned short)w[0];
    else *dst = (unsigned char)(bits & 1u);
}
/* A flag a tile element (one byte each: select's keep flags, a segmented scan's heads), read beside
 * the tile's items: P_flags_read before the items' loads, so that both are in flight at once (read
 * after them, they added a second wait for memory to every tile), and as the items are -
 * coalesced 16-byte words a warp - then turned into each thread's run through shared memory
 * (P_flags_mark: bit j, element base + q + j of the thread's run q, none past valid).  Each thread
 * reading its own run (lanes 32 bytes apart) had kept select_flagged at 0.40-0.55 of a copy. */
#define GPUSCAN_TILE_FLAGS_(P, T, TAG)                                                              \
    typedef struct P##_flag_run {                                                                   \
        uint4 v[(2u * GPUSCAN_##TAG##_ITEMS(T) + 31u) / 32u]; /* the warp's flags, striped */      \
        int whole;                                  /* the warp's run is whole and aligned */     \
    } P##_flag_run;                                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) unsigned char *P##_flag_buffer(void) \
    {                                                                                               \
        __shared__ __align__(16) unsigned char raw[GPUSCAN_##TAG##_THREADS(T) * GPUSCAN_##TAG##_ITEMS(T)]; \
        return raw;                                                                                 \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) void P##_flags_read(const unsigned char *flags, size_t base, \
                                                                 unsigned valid, P##_flag_run *run) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), WORDS = 2u * ITEMS /* the warp's, 16 bytes each */ }; \
        const unsigned lane = threadIdx.x & 31u, seg = (threadIdx.x >> 5) * 32u * ITEMS;            \
        const uint4 *src = (const uint4 *)(const void *)(flags + base + seg);                       \
        run->whole = seg + 32u * ITEMS <= valid && ((uintptr_t)src & 15u) == 0;                     \
        if (run->whole)                                                                             \
            _Pragma("unroll") for (unsigned c = 0; c < (WORDS + 31u) / 32u; ++c)                    \
                if (c * 32u + lane < WORDS) run->v[c] = src[c * 32u + lane];                        \
    }                                                                                               \
    /* The run of flags from q (a multiple of ITEMS) in the buffer, as bits (none past valid). */  \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_flags_bits_at(unsigned q, unsigned valid) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                                                  \
        const unsigned char *fbuf = P##_flag_buffer();                                              \
        unsigned marked = 0u;                                                                       \
        if (ITEMS % 4u == 0) /* four flags a word: a byte each of the compare's mask, summed */     \
            _Pragma("unroll") for (unsigned c = 0; 4u * c + 3u < ITEMS; ++c) {                      \
                const unsigned m = __vcmpne4(((const unsigned *)(const void *)(fbuf + q))[c], 0u) & 0x08040201u; \
                marked |= (m * 0x01010101u >> 24) << (4u * c);                                      \
            }                                                                                       \
        else                                                                                        \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) marked |= (unsigned)(fbuf[q + j] != 0) << j; \
        return gpuscan_run_bits_(marked, q, valid, ITEMS);                                          \
    }                                                                                               \
    /* The thread's own run. */                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_flags_bits(unsigned valid) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                                                  \
        return P##_flags_bits_at((threadIdx.x >> 5) * 32u * ITEMS + (threadIdx.x & 31u) * ITEMS, valid); \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_flags_mark(const unsigned char *flags,           \
                                                                 const P##_flag_run *run, size_t base, \
                                                                 unsigned valid)                    \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), WORDS = 2u * ITEMS };                              \
        const unsigned lane = threadIdx.x & 31u, seg = (threadIdx.x >> 5) * 32u * ITEMS;            \
        unsigned char *fbuf = P##_flag_buffer();                                                    \
        if (run->whole)                                                                             \
            _Pragma("unroll") for (unsigned c = 0; c < (WORDS + 31u) / 32u; ++c) {                  \
                if (c * 32u + lane < WORDS) ((uint4 *)(void *)(fbuf + seg))[c * 32u + lane] = run->v[c]; \
            }                                                                                       \
        else /* a grid's last tile, or flags at an address not 16-byte aligned: bytes, every read   \
              * in flight at once (a loop of them waited for each, every tile of such an array) */   \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                const unsigned p = seg + j * 32u + lane;                                            \
                fbuf[p] = p < valid ? flags[base + p] : 0;                                          \
            }                                                                                       \
        __syncwarp();                                                                               \
        return P##_flags_bits(valid);                                                               \
    }

/* A head for each element whose key differs from the one before it (a scan by key's segments):
 * the tile's keys read as flags are, coalesced 16-byte words a warp (P_keys_read, before the items'
 * loads are issued: P_keys_mark compares them, leaving the heads in the flag buffer, and frees
 * their registers for the items), each word's first key compared with the word before's last (a
 * shuffle; the warp's first with the key before its run).  Keys that do not divide 16 bytes or
 * would take a lane more than GPUSCAN_KEY_VECTORS_MAX words (tuning.cuh), a warp's run past the
 * tile's valid elements, or keys at an address not 16-byte aligned compare element by element
 * (each key read twice, the second from L1).  SAME(a, b): the keys are equal. */
#define GPUSCAN_TILE_KEYS_(P, T, TAG, K, SAME)                                                      \
    enum { P##_KEYS_AS_WORDS_ = GPUSCAN_VECTOR_OK_(K, 32u * GPUSCAN_##TAG##_ITEMS(T)) &&            \
                                GPUSCAN_##TAG##_ITEMS(T) * sizeof(K) <= 16u * GPUSCAN_KEY_VECTORS_MAX, \
           P##_KEY_WORDS_ = P##_KEYS_AS_WORDS_ ? 2u * GPUSCAN_##TAG##_ITEMS(T) * (unsigned)sizeof(K) : 32u /* the warp's */ }; \
    typedef struct P##_key_run {                                                                    \
        uint4 v[(P##_KEY_WORDS_ + 31u) / 32u]; /* the warp's keys, striped */                      \
        K before; /* the key before the warp's run (its own first at element 0) */                  \
        int whole;                                                                                  \
    } P##_key_run;                                                                                  \
    static __device__ __forceinline__ __attribute__((unused)) bool P##_same_key(K a, K b) { return SAME(a, b); } \
    static __device__ __forceinline__ __attribute__((unused)) K P##_key_shfl(K k, unsigned lane)    \
    {                                                                                               \
        unsigned w[(sizeof(K) + 3u) / 4u] = {0};                                                    \
        memcpy(w, &k, sizeof(K));                                                                   \
        _Pragma("unroll") for (unsigned i = 0; i < (sizeof(K) + 3u) / 4u; ++i) w[i] = __shfl_sync(0xffffffffu, w[i], lane); \
        memcpy(&k, w, sizeof(K));                                                                   \
        return k;                                                                                   \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) void P##_keys_read(const K *keys, size_t base, \
                                                                                 unsigned valid, P##_key_run *run) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), WORDS = P##_KEY_WORDS_ };                          \
        const unsigned lane = threadIdx.x & 31u, seg = (threadIdx.x >> 5) * 32u * ITEMS;            \
        const uint4 *src = (const uint4 *)(const void *)(keys + base + seg);                        \
        run->whole = P##_KEYS_AS_WORDS_ && seg + 32u * ITEMS <= valid && ((uintptr_t)src & 15u) == 0; \
        if (run->whole) {                                                                           \
            run->before = keys[base + seg - (base + seg > 0 ? 1u : 0u)];                            \
            _Pragma("unroll") for (unsigned c = 0; c < (WORDS + 31u) / 32u; ++c)                    \
                if (c * 32u + lane < WORDS) run->v[c] = src[c * 32u + lane];                        \
        }                                                                                           \
    }                                                                                               \
    /* The heads in the flag buffer, then the thread's run of them as bits (P_flags_bits). */      \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_keys_mark(const K *keys, P##_key_run *run, \
                                                                                     size_t base, unsigned valid) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), WORDS = P##_KEY_WORDS_,                            \
               KPW = P##_KEYS_AS_WORDS_ ? 16u / (unsigned)sizeof(K) : 1u /* keys a word */ };       \
        const unsigned lane = threadIdx.x & 31u, seg = (threadIdx.x >> 5) * 32u * ITEMS;            \
        unsigned char *fbuf = P##_flag_buffer();                                                    \
        if (P##_KEYS_AS_WORDS_ && run->whole) {                                                     \
            K carry = run->before;                                                                  \
            _Pragma("unroll") for (unsigned c = 0; c < (WORDS + 31u) / 32u; ++c) {                  \
                K k[KPW];                                                                           \
                memcpy(k, &run->v[c], sizeof k); /* (lanes past WORDS: never compared) */           \
                const K up = P##_key_shfl(k[KPW - 1u], (lane + 31u) & 31u);                         \
                const K last = lane == 0 ? carry : up;                                              \
                if (c * 32u + lane < WORDS) { /* (the user's SAME sees loaded keys only) */         \
                    unsigned bits = (unsigned)!SAME(last, k[0]);                                    \
                    _Pragma("unroll") for (unsigned j = 1; j < KPW; ++j) bits |= (unsigned)!SAME(k[j - 1u], k[j]) << j; \
                    gpuscan_put_flags_(fbuf + seg + (c * 32u + lane) * KPW, bits, KPW);             \
                }                                                                                   \
                carry = P##_key_shfl(k[KPW - 1u], 31u);                                             \
            }                                                                                       \
        } else                                                                                      \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                \
                const unsigned p = seg + j * 32u + lane;                                            \
                fbuf[p] = p < valid && (base + p == 0 || !SAME(keys[base + p - 1u], keys[base + p])); \
            }                                                                                       \
        __syncwarp();                                                                               \
        return P##_flags_bits(valid);                                                               \
    }                                                                                               \
    /* The keys as P_keys_read read them, copied to `keys` to be written out, so that unique by key \
     * need not read them again: the lane's words, its ITEMS keys, where the warp's words fill its  \
     * lanes (keys[k]: word k / (16 / sizeof K), key k % that) - in a full tile whose keys were     \
     * read as words, so that every warp's are held or none (1 where held, 0 otherwise). */         \
    static __device__ __forceinline__ __attribute__((unused)) int P##_keys_hold(const P##_key_run *run, \
                                                                                unsigned valid, K *keys) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), WORDS = P##_KEY_WORDS_ };                          \
        if (!P##_KEYS_AS_WORDS_ || WORDS % 32u != 0u || valid != GPUSCAN_TILE_(TAG, T) || !run->whole) \
            return 0;                                                                               \
        static_assert(!P##_KEYS_AS_WORDS_ || WORDS % 32u != 0u || sizeof run->v >= ITEMS * sizeof(K), \
                      "gpuscan: a lane's key words hold its ITEMS keys");                           \
        memcpy(keys, run->v, ITEMS * sizeof(K));                                                    \
        return 1;                                                                                   \
    }                                                                                               \
    /* The tile element of held key k (P_keys_hold): the lane's word k / (16 / sizeof K) of the     \
     * warp's, its key k % that. */                                                                 \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_held_key_element(unsigned k) \
    {                                                                                               \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), KPW = P##_KEYS_AS_WORDS_ ? 16u / (unsigned)sizeof(K) : 1u }; \
        const unsigned lane = threadIdx.x & 31u, seg = (threadIdx.x >> 5) * 32u * ITEMS;            \
        return seg + ((k / KPW) * 32u + lane) * KPW + k % KPW;                                      \
    }

/* Everything a block algorithm needs: its tile I/O, the grid kernels' other reads and its scan. */
#define GPUSCAN_BLOCK_ALGORITHM_(P, T, TAG)                                                         \
    GPUSCAN_TILE_IO_(P, T, TAG)                                                                     \
    GPUSCAN_TILE_READS_(P, T, TAG)                                                                  \
    GPUSCAN_##TAG##_SCAN_TILE_(P, T)
/* ... of one that only scans tiles (the ring's scanners, ring.cuh). */
#define GPUSCAN_BLOCK_SCAN_ONLY_(P, T, TAG)                                                         \
    GPUSCAN_TILE_IO_(P, T, TAG)                                                                     \
    GPUSCAN_##TAG##_SCAN_TILE_(P, T)

#endif /* GPUSCAN_BLOCK_CUH */
