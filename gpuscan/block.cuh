/* gpuscan/block.cuh - the block layer: one thread block scans one tile.
 *
 * Every block algorithm TAG (KS, KSW, BK, CO) is described by three numbers, all compile-time
 * functions of T:  GPUSCAN_<TAG>_THREADS(T)  threads per block,
 *                  GPUSCAN_<TAG>_ITEMS(T)    items per thread (a tile is THREADS * ITEMS),
 *                  GPUSCAN_<TAG>_SCRATCH(T)  shared-memory elements its scan needs,
 * and by one function, P_<TAG>_scan_tile(items, scratch) -> tile aggregate, which turns the
 * thread's items (blocked: thread t holds tile elements t*ITEMS ... t*ITEMS+ITEMS-1) into the
 * tile-local inclusive scan.  Loading and storing tiles is shared by all algorithms
 * (P_<TAG>_load / P_<TAG>_store): global memory is read and written striped (coalesced) and
 * transposed to blocked order through one shared buffer, which the scan may use as scratch. */
#ifndef GPUSCAN_BLOCK_CUH
#define GPUSCAN_BLOCK_CUH

#define GPUSCAN_MAX_(a, b) ((a) > (b) ? (a) : (b))
/* A shared-memory index with one padding element per 32, so blocked reads do not conflict. */
#define GPUSCAN_PAD_(i) ((i) + ((i) >> 5))
/* Largest power-of-two thread count <= max (and >= 32) whose tile buffer fits in 32 KiB. */
#define GPUSCAN_FITS_(threads, bpt) ((size_t)(threads) * (bpt) * 33u / 32u <= 32768u)
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
/* Coarsened three-phase: each thread owns a run of ITEMS (about 64 bytes of data). */
#define GPUSCAN_CO_ITEMS(T)                                                                         \
    (sizeof(T) <= 2 ? 32 : sizeof(T) <= 4 ? 16 : sizeof(T) <= 8 ? 8 : sizeof(T) <= 16 ? 4          \
     : sizeof(T) <= 32 ? 2 : 1)
#define GPUSCAN_CO_THREADS(T) GPUSCAN_FIT_THREADS_(GPUSCAN_CO_ITEMS(T) * sizeof(T), 256)
#define GPUSCAN_CO_SCRATCH(T) 0

#define GPUSCAN_TILE_(TAG, T) (GPUSCAN_##TAG##_THREADS(T) * GPUSCAN_##TAG##_ITEMS(T))
#define GPUSCAN_TILE_BUFFER_(TAG, T)                                                                \
    GPUSCAN_MAX_(GPUSCAN_PAD_(GPUSCAN_TILE_(TAG, T)), GPUSCAN_##TAG##_SCRATCH(T))

/* ---- block-wide primitives on one value per thread ------------------------------------------- */
#define GPUSCAN_BLOCK_PRIMITIVES_(P, T)                                                             \
    static __device__ __forceinline__ T *P##_warp_totals(void)                                      \
    {                                                                                               \
        __shared__ __align__(16) unsigned char raw[32 * sizeof(T)];                                 \
        return (T *)raw;                                                                            \
    }                                                                                               \
    /* Thread 0's value and flag, handed to every thread. */                                        \
    static __device__ __forceinline__ T P##_block_broadcast(T v, int *flag)                         \
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
        __syncthreads();                                                                            \
        return v;                                                                                   \
    }                                                                                               \
    /* Scan of one value per thread in thread order (nthreads a multiple of 32).  Returns the       \
     * inclusive value; *excl gets the exclusive one (meaningless in thread 0), *total the sum      \
     * of the block, in every thread. */                                                            \
    static __device__ __forceinline__ T P##_block_scan_values(T v, int nthreads, T *excl, T *total) \
    {                                                                                               \
        T *warp_tot = P##_warp_totals();                                                            \
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = nthreads >> 5;         \
        T inc = P##_warp_inclusive(v, lane);                                                        \
        T ex = P##_shfl_up(inc, 1);                                                                 \
        if (lane == 31) warp_tot[warp] = inc;                                                       \
        __syncthreads();                                                                            \
        if (warp == 0) {                                                                            \
            T t = P##_warp_inclusive(warp_tot[lane < nwarps ? lane : nwarps - 1], lane);            \
            if (lane < nwarps) warp_tot[lane] = t;                                                  \
        }                                                                                           \
        __syncthreads();                                                                            \
        if (warp > 0) {                                                                             \
            T before = warp_tot[warp - 1];                                                          \
            ex = (lane == 0) ? before : P##_combine(before, ex);                                    \
            inc = P##_combine(before, inc);                                                         \
        }                                                                                           \
        *excl = ex;                                                                                 \
        *total = warp_tot[nwarps - 1];                                                              \
        __syncthreads(); /* warp_tot is reused by the next call */                                  \
        return inc;                                                                                 \
    }                                                                                               \
    /* Reduction of one value per thread in thread order; the result is valid in thread 0. */       \
    static __device__ __forceinline__ T P##_block_reduce_values(T v, int nthreads)                  \
    {                                                                                               \
        T *warp_tot = P##_warp_totals();                                                            \
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = nthreads >> 5;         \
        v = P##_warp_reduce(v, lane, 32);                                                           \
        if (lane == 0) warp_tot[warp] = v;                                                          \
        __syncthreads();                                                                            \
        if (warp == 0) v = P##_warp_reduce(warp_tot[lane < nwarps ? lane : 0], lane, nwarps);       \
        __syncthreads();                                                                            \
        return v;                                                                                   \
    }

/* ---- tile load/store, shared by every block algorithm ---------------------------------------- */
#define GPUSCAN_TILE_IO_(P, T, TAG)                                                                             \
    static __device__ __forceinline__ T *P##_##TAG##_buffer(void)                                               \
    {                                                                                                           \
        __shared__ __align__(16) unsigned char raw[GPUSCAN_TILE_BUFFER_(TAG, T) * sizeof(T)];                   \
        return (T *)raw;                                                                                        \
    }                                                                                                           \
    /* Reads elements [base, base + valid) into blocked items; the rest of the tile gets the                    \
     * identity.  With more than one item per thread it ends with a barrier (buffer free again). */             \
    static __device__ __forceinline__ void P##_##TAG##_load(const T *in, size_t base,                           \
                                                            unsigned valid, T *items, T *buf)                   \
    {                                                                                                           \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                        \
        const unsigned t = threadIdx.x;                                                                         \
        if (ITEMS == 1) { /* striped and blocked orders are the same */                                         \
            items[0] = (t < valid) ? in[base + t] : P##_identity();                                             \
        } else {                                                                                                \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                            \
                unsigned i = j * THREADS + t;                                                                   \
                buf[GPUSCAN_PAD_(i)] = (i < valid) ? in[base + i] : P##_identity();                             \
            }                                                                                                   \
            __syncthreads();                                                                                    \
            _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) items[j] = buf[GPUSCAN_PAD_(t * ITEMS + j)]; \
            __syncthreads();                                                                                    \
        }                                                                                                       \
    }                                                                                                           \
    /* Writes the tile from its local inclusive scan in blocked items.  Inclusive: element i gets               \
     * prefix (x) local[i] (prefix only if has_prefix).  Exclusive (has_prefix must be set):                    \
     * element 0 gets prefix, element i gets prefix (x) local[i-1].  Ends with a barrier. */                    \
    static __device__ __forceinline__ void P##_##TAG##_store(T *out, size_t base, unsigned valid,               \
                                                             const T *items, T prefix,                          \
                                                             int has_prefix, int exclusive, T *buf)             \
    {                                                                                                           \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T) };                        \
        const unsigned t = threadIdx.x;                                                                         \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) buf[GPUSCAN_PAD_(t * ITEMS + j)] = items[j];     \
        __syncthreads();                                                                                        \
        _Pragma("unroll") for (unsigned j = 0; j < ITEMS; ++j) {                                                \
            unsigned i = j * THREADS + t;                                                                       \
            if (i < valid) {                                                                                    \
                T v;                                                                                            \
                if (exclusive)                                                                                  \
                    v = (i == 0) ? prefix : P##_combine(prefix, buf[GPUSCAN_PAD_(i - 1)]);                      \
                else                                                                                            \
                    v = has_prefix ? P##_combine(prefix, buf[GPUSCAN_PAD_(i)]) : buf[GPUSCAN_PAD_(i)];          \
                out[base + i] = v;                                                                              \
            }                                                                                                   \
        }                                                                                                       \
        __syncthreads();                                                                                        \
    }

/* ---- the block algorithms (seed 000, sections 11.2-11.5) --------------------------------------
 * Each P_<TAG>_scan_tile(items, scratch) leaves the tile-local inclusive scan in items and
 * returns the tile aggregate in every thread; it ends with a barrier. */

/* Kogge-Stone, shared memory, double buffered: log2(THREADS) steps, each thread combining the
 * value `off` places to its left; the buffers swap roles every step. */
#define GPUSCAN_KS_SCAN_TILE_(P, T)                                                                 \
    static __device__ __forceinline__ T P##_KS_scan_tile(T *items, T *scratch)                      \
    {                                                                                               \
        enum { THREADS = GPUSCAN_KS_THREADS(T) };                                                   \
        const int t = threadIdx.x;                                                                  \
        T *src = scratch, *dst = scratch + THREADS;                                                 \
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
        T aggregate = src[THREADS - 1];                                                             \
        __syncthreads();                                                                            \
        return aggregate;                                                                           \
    }

/* Kogge-Stone over warp shuffles (registers only) plus one warp scanning the warp totals. */
#define GPUSCAN_KSW_SCAN_TILE_(P, T)                                                                \
    static __device__ __forceinline__ T P##_KSW_scan_tile(T *items, T *scratch)                     \
    {                                                                                               \
        T excl, aggregate;                                                                          \
        (void)scratch;                                                                              \
        items[0] = P##_block_scan_values(items[0], GPUSCAN_KSW_THREADS(T), &excl, &aggregate);      \
        return aggregate;                                                                           \
    }

/* Brent-Kung: an up-sweep builds partial sums at the nodes of a balanced tree (2N-2-log N ops in
 * all), a down-sweep pushes them to the elements in between.  Thread t works on index
 * (t+1)*2*stride-1, so active threads are contiguous and whole warps retire together. */
#define GPUSCAN_BK_SCAN_TILE_(P, T)                                                                 \
    static __device__ __forceinline__ T P##_BK_scan_tile(T *items, T *xy)                           \
    {                                                                                               \
        enum { THREADS = GPUSCAN_BK_THREADS(T), SECTION = 2 * GPUSCAN_BK_THREADS(T) };              \
        const int t = threadIdx.x;                                                                  \
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
        T aggregate = xy[SECTION - 1];                                                              \
        __syncthreads();                                                                            \
        return aggregate;                                                                           \
    }

/* Coarsened three-phase: (1) each thread scans its own run of ITEMS sequentially, (2) the block
 * scans the run totals, (3) each thread combines the total of all earlier runs into its run. */
#define GPUSCAN_CO_SCAN_TILE_(P, T)                                                                       \
    static __device__ __forceinline__ T P##_CO_scan_tile(T *items, T *scratch)                            \
    {                                                                                                     \
        enum { ITEMS = GPUSCAN_CO_ITEMS(T) };                                                             \
        T before, aggregate;                                                                              \
        (void)scratch;                                                                                    \
        _Pragma("unroll") for (int j = 1; j < ITEMS; ++j) items[j] = P##_combine(items[j - 1], items[j]); \
        P##_block_scan_values(items[ITEMS - 1], GPUSCAN_CO_THREADS(T), &before, &aggregate);              \
        if (threadIdx.x > 0) {                                                                            \
            _Pragma("unroll") for (int j = 0; j < ITEMS; ++j) items[j] = P##_combine(before, items[j]);   \
        }                                                                                                 \
        return aggregate;                                                                                 \
    }

/* Everything a block algorithm needs: its tile I/O and its scan. */
#define GPUSCAN_BLOCK_ALGORITHM_(P, T, TAG)                                                         \
    GPUSCAN_TILE_IO_(P, T, TAG)                                                                     \
    GPUSCAN_##TAG##_SCAN_TILE_(P, T)

#endif /* GPUSCAN_BLOCK_CUH */
