/* gpuscan/host.cuh - the host layer: argument checks, workspace plans, launches.
 *
 * The checks and plans are plain functions of sizes and pointers (no CUDA calls), shared by
 * every instantiation and tested on machines without a GPU.  GPUSCAN_HOST_(SCOPE, P, T) then
 * defines the typed entry points that the user calls. */
#ifndef GPUSCAN_HOST_CUH
#define GPUSCAN_HOST_CUH

#include <stdint.h>

#define GPUSCAN_MAX_LEVELS_ 24
#define GPUSCAN_ALIGN_UP_(x) (((x) + (size_t)255) & ~(size_t)255)

/* Where each piece of a scan's workspace lives, in bytes from its start. */
typedef struct gpuscan_plan_ {
    size_t bytes;     /* workspace size needed */
    size_t num_tiles; /* tiles of the input */
    /* hierarchical: the tile aggregates of level k (k = 1..levels) scanned in place */
    int levels;
    size_t level_len[GPUSCAN_MAX_LEVELS_ + 1];
    size_t level_off[GPUSCAN_MAX_LEVELS_ + 1];
    /* single pass: tile counter, then one state word per tile (per unit for reduce-ahead;
     * zeroed together), value slots; reduce-then-scan: a slot per block (units: the most blocks) */
    size_t counter_off, flags_off, slots_off[2], state_bytes;
    size_t units; /* tiles (domino, look-back) or units of tiles (reduce-ahead) with a state */
    size_t ahead; /* reduce-ahead: units reduced ahead of the scan */
    /* reduce-ahead on the ring (ring.cuh): its units (of their own size), and the states laid
     * out: enough for either kernel */
    size_t ring_units, state_units;
    size_t seed_off; /* reduce-ahead: where unit 0's reduce leaves a seed read from memory */
    int cluster; /* look-back as one thread-block cluster: no workspace (grid.cuh) */
} gpuscan_plan_;

static inline size_t gpuscan_ceil_div_(size_t a, size_t b) { return a / b + (a % b != 0); }

static inline int gpuscan_valid_grid_(gpuscan_grid g) { return (unsigned)g < (unsigned)GPUSCAN_GRID_COUNT_; }
static inline int gpuscan_valid_block_(gpuscan_block b) { return (unsigned)b < (unsigned)GPUSCAN_BLOCK_COUNT_; }

/* AUTO's choices, with the coarsened block scan (but see gpuscan_resolve_block_): reduce-ahead for
 * large inputs of types up to 16 bytes, where it beats the look-back (thresholds by element size
 * in tuning.cuh: the look-back, launched as a programmatic dependent and with its states kept
 * between a stream's simple forms, stays faster longer for types of 4 bytes and more; larger
 * types keep the look-back); below that decoupled look-back, except
 * for 1-byte types from GPUSCAN_AUTO_HIERARCHICAL_MIN_N_1BYTE elements, where hierarchical is
 * faster (look-back's rate of tiles, not memory, limits small tiles).  Reduce-ahead's lookahead
 * must stay in L2 next to the output passing through: only on devices with
 * GPUSCAN_AUTO_AHEAD_MIN_L2 of L2.  kept: the scan's states are kept between calls (the simple
 * forms' own workspace), so its look-back clears none and stays the faster a little longer for
 * 4- to 7-byte types - but not where the deterministic mode fixes the order (the scan_desc's
 * fixed_order: gpuscan_scan_prepare_ passes kept 0 then), where the simple and `_ex` forms must
 * associate alike (and there the ring is the faster from the lower threshold anyway:
 * docs/design.md, Determinism).  docs/algorithms.md (AUTO) has the whole rule. */
static inline int gpuscan_auto_wants_ahead_(size_t elem_size, size_t n, int kept)
{
    return elem_size <= 16 && n * elem_size >= (elem_size == 1   ? GPUSCAN_AUTO_AHEAD_MIN_BYTES_1BYTE
                                                : elem_size < 4  ? GPUSCAN_AUTO_AHEAD_MIN_BYTES_2BYTE
                                                : elem_size >= 8 ? GPUSCAN_AUTO_AHEAD_MIN_BYTES_WIDE
                                                : kept           ? GPUSCAN_AUTO_AHEAD_MIN_BYTES_KEPT
                                                                 : GPUSCAN_AUTO_AHEAD_MIN_BYTES);
}
/* The device decides too.  Reduce-ahead's two-read kernel scans 8-byte elements on SMs that also
 * reduce the units streaming in: where memory brings an SM more bytes a second than they keep up
 * with (GPUSCAN_AUTO_AHEAD_WIDE_MAX_GBS_PER_SM), the look-back, which reads once, is the faster -
 * but not the ring, which reads once too (docs/algorithms.md, AUTO).  Peak bandwidth from the
 * memory clock and bus width, over the SMs; ring: this scan would run on the ring. */
static inline int gpuscan_ahead_suits_(size_t l2_bytes, int sms, double peak_gbs, size_t elem_size, int ring)
{
    if (l2_bytes < GPUSCAN_AUTO_AHEAD_MIN_L2) return 0;
    return elem_size < 8 || ring || (sms > 0 && peak_gbs / sms <= GPUSCAN_AUTO_AHEAD_WIDE_MAX_GBS_PER_SM);
}
/* The element size by which the two-read kernel's suitability is judged (gpuscan_ahead_suits_,
 * ring 0), where the ring would run but cannot read the input (not 16-byte aligned): 4- to 7-byte
 * types read as they are follow the 8-byte types' rule there - on the H200 the look-back took
 * 0.90-0.92 of the two-read kernel's time for int32 and float data one element past 16 bytes at
 * 2^26-2^30 (h200_e29ab7f+lb_2026-11-30_unaligned_lookback.txt); narrower types and typed inputs
 * keep it (not measured). */
static inline size_t gpuscan_off_ring_judged_size_(size_t elem_size, size_t in_size, int ring_runs)
{
    return ring_runs && in_size == elem_size && elem_size >= 4 && elem_size < 8 ? 8 : elem_size;
}
/* Whether AUTO may take reduce-ahead, from whether the device suits it on the ring and off it
 * (gpuscan_ahead_suits_), whether this scan's size and type would run on the ring, and whether the
 * input is 16-byte aligned (the ring's bulk copies need it; a size query passes 1).  Where the
 * answer hangs on the alignment, *room_for_both asks the workspace plan for the look-back's room
 * too, so that a size query made without pointers fits whatever pointer comes. */
static inline int gpuscan_auto_ahead_ok_(int suits_on_ring, int suits_off_ring, int ring_runs, int aligned,
                                         int *room_for_both)
{
    *room_for_both = ring_runs && suits_on_ring && !suits_off_ring;
    return ring_runs && aligned ? suits_on_ring : suits_off_ring;
}
/* AUTO's grid for n elements of elem_size bytes; ahead_ok: the current device suits reduce-ahead
 * for this size of element (gpuscan_ahead_suits_); kept: as for gpuscan_auto_wants_ahead_.
 * Reduce-then-scan runs only when asked for (docs/algorithms.md says why). */
static inline gpuscan_grid gpuscan_resolve_grid_(gpuscan_grid g, size_t elem_size, size_t n, int ahead_ok,
                                                 int kept)
{
    if (g != GPUSCAN_GRID_AUTO) return g;
    if (ahead_ok && gpuscan_auto_wants_ahead_(elem_size, n, kept)) return GPUSCAN_GRID_REDUCE_AHEAD;
    if (elem_size == 1 && n >= GPUSCAN_AUTO_HIERARCHICAL_MIN_N_1BYTE) return GPUSCAN_GRID_HIERARCHICAL;
    return GPUSCAN_GRID_LOOKBACK;
}
/* AUTO's block scan: the coarsened one, except for a scan that fits in one tile of the warp-shuffle
 * Kogge-Stone scan (one element a thread; `ksw_tile` elements) of a type of at most
 * GPUSCAN_AUTO_KSW_MAX_ELEM_BYTES: that single block finishes sooner than a coarsened tile mostly
 * of padding. */
static inline gpuscan_block gpuscan_resolve_block_(gpuscan_block b, size_t elem_size, size_t n, size_t ksw_tile)
{
    if (b != GPUSCAN_BLOCK_AUTO) return b;
    return elem_size <= GPUSCAN_AUTO_KSW_MAX_ELEM_BYTES && n <= ksw_tile ? GPUSCAN_BLOCK_KOGGE_STONE_WARP
                                                                         : GPUSCAN_BLOCK_COARSENED;
}

/* Lays out the workspace of a scan of n elements in tiles of `tile` elements of elem_size
 * bytes; a tile's state word takes state_bytes, a published value slot_bytes (0: the value
 * lives in the state word).  A scan of one tile needs no workspace. */
static inline gpuscan_status gpuscan_plan_scan_(gpuscan_plan_ *plan, size_t n, gpuscan_grid grid,
                                                size_t tile, size_t elem_size, size_t state_bytes,
                                                size_t slot_bytes, size_t ring_unit)
{
    size_t off = 0, len = n;
    memset(plan, 0, sizeof *plan);
    plan->num_tiles = gpuscan_ceil_div_(n, tile);
    if (plan->num_tiles > (size_t)INT32_MAX) return GPUSCAN_ERROR_TOO_LARGE; /* gridDim.x limit */
    if (plan->num_tiles <= 1) return GPUSCAN_SUCCESS;
    switch (grid) {
    case GPUSCAN_GRID_HIERARCHICAL:
        while (gpuscan_ceil_div_(len, tile) > 1) {
            if (plan->levels == GPUSCAN_MAX_LEVELS_) return GPUSCAN_ERROR_TOO_LARGE;
            len = gpuscan_ceil_div_(len, tile);
            plan->levels++;
            plan->level_len[plan->levels] = len;
            plan->level_off[plan->levels] = off;
            off += GPUSCAN_ALIGN_UP_(len * elem_size);
        }
        break;
    case GPUSCAN_GRID_DOMINO:
    case GPUSCAN_GRID_LOOKBACK:
    case GPUSCAN_GRID_REDUCE_AHEAD:
        plan->units = plan->num_tiles;
        if (grid == GPUSCAN_GRID_REDUCE_AHEAD) { /* two work items (blocks) per unit */
            size_t per_unit = gpuscan_ahead_tiles_(tile * elem_size, elem_size);
            plan->units = gpuscan_ceil_div_(plan->num_tiles, per_unit);
            if (plan->units > (size_t)INT32_MAX / 2) return GPUSCAN_ERROR_TOO_LARGE;
            plan->ahead = GPUSCAN_AHEAD_BYTES / (per_unit * tile * elem_size);
            plan->ahead = plan->ahead < 1 ? 1 : plan->ahead > plan->units ? plan->units : plan->ahead;
            if (ring_unit > 0) { /* ring_unit elements a unit there (0: T never takes it) */
                plan->ring_units = gpuscan_ceil_div_(n, ring_unit);
                if (plan->ring_units > (size_t)INT32_MAX / 2) return GPUSCAN_ERROR_TOO_LARGE;
            }
        }
        plan->state_units = plan->units > plan->ring_units ? plan->units : plan->ring_units;
        plan->counter_off = 0;
        plan->flags_off = 256;
        off = GPUSCAN_ALIGN_UP_(plan->flags_off + plan->state_units * state_bytes);
        plan->state_bytes = state_bytes;
        plan->slots_off[0] = off;
        off += GPUSCAN_ALIGN_UP_(plan->state_units * slot_bytes);
        if (grid != GPUSCAN_GRID_DOMINO) { /* aggregates and prefixes in separate slots */
            plan->slots_off[1] = off;
            off += GPUSCAN_ALIGN_UP_(plan->state_units * slot_bytes);
        }
        if (grid == GPUSCAN_GRID_REDUCE_AHEAD) {
            plan->seed_off = off;
            off += GPUSCAN_ALIGN_UP_(elem_size);
        }
        break;
    case GPUSCAN_GRID_REDUCE_THEN_SCAN: /* nothing to clear: every slot is written before it is read */
        plan->units = plan->num_tiles < GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS ? plan->num_tiles : GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS;
        off = GPUSCAN_ALIGN_UP_(plan->units * 4u * gpuscan_ceil_div_(elem_size, 4));
        break;
    default: return GPUSCAN_ERROR_INVALID_ALGORITHM;
    }
    plan->bytes = off;
    return GPUSCAN_SUCCESS;
}

/* Reduce: blocks of the first pass and the tiles each one takes. */
static inline size_t gpuscan_reduce_blocks_(size_t n, size_t tile, size_t *tiles_per_block)
{
    size_t tiles = gpuscan_ceil_div_(n, tile);
    size_t blocks = tiles < GPUSCAN_REDUCE_MAX_BLOCKS ? tiles : GPUSCAN_REDUCE_MAX_BLOCKS;
    *tiles_per_block = blocks ? gpuscan_ceil_div_(tiles, blocks) : 0;
    return blocks ? gpuscan_ceil_div_(tiles, *tiles_per_block) : 0;
}

/* Checks of the data pointers (not made for a workspace-size query): n elements of in_size bytes
 * read, n of out_size written; in place only where the two sizes are one. */
static inline gpuscan_status gpuscan_check_io_typed_(const void *in, size_t in_size, size_t in_align,
                                                     const void *out, size_t out_size, size_t out_align,
                                                     size_t n)
{
    uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;
    const size_t larger = in_size > out_size ? in_size : out_size;
    if (n == 0) return GPUSCAN_SUCCESS;
    if (in == NULL || out == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    if (a % in_align != 0 || b % out_align != 0) return GPUSCAN_ERROR_MISALIGNED;
    if (n > (SIZE_MAX / 2) / larger) return GPUSCAN_ERROR_TOO_LARGE;
    if ((a != b || in_size != out_size) && a < b + n * out_size && b < a + n * in_size) return GPUSCAN_ERROR_OVERLAP;
    return GPUSCAN_SUCCESS;
}
static inline gpuscan_status gpuscan_check_io_(const void *in, const void *out, size_t n,
                                               size_t elem_size, size_t elem_align)
{
    return gpuscan_check_io_typed_(in, elem_size, elem_align, out, elem_size, elem_align, n);
}

/* Checks of a scan's ends (host.cuh's P_ends_of_): out holds n + offsets elements; the seed
 * (d_init) and the total (d_total) are single elements outside the input and the output, one
 * cell or apart. */
static inline int gpuscan_inside_(const void *p, size_t bytes, const void *range, size_t range_bytes)
{
    uintptr_t a = (uintptr_t)p, r = (uintptr_t)range;
    return p != NULL && range != NULL && bytes > 0 && range_bytes > 0 && a < r + range_bytes && r < a + bytes;
}
static inline gpuscan_status gpuscan_check_ends_typed_(const void *in, size_t in_size, const void *out, size_t n,
                                                       int offsets, const void *d_init, const void *d_total,
                                                       size_t elem_size, size_t elem_align)
{
    const size_t out_n = n + (offsets ? 1u : 0u);
    if (offsets && out == NULL) return GPUSCAN_ERROR_NULL_POINTER; /* out[n] is written even for n == 0 */
    if ((uintptr_t)d_init % elem_align != 0 || (uintptr_t)d_total % elem_align != 0) return GPUSCAN_ERROR_MISALIGNED;
    if (offsets && (uintptr_t)out % elem_align != 0) return GPUSCAN_ERROR_MISALIGNED; /* n = 0 too */
    if (offsets && n > 0 && (in != out || in_size != elem_size) && gpuscan_inside_(in, n * in_size, out, out_n * elem_size))
        return GPUSCAN_ERROR_OVERLAP;
    /* one cell may be both; partly shared (a T of more bytes than its alignment), not */
    if (d_init != d_total && gpuscan_inside_(d_init, elem_size, d_total, elem_size)) return GPUSCAN_ERROR_OVERLAP;
    for (int k = 0; k < 2; ++k) {
        const void *p = k == 0 ? d_init : d_total;
        if (p != NULL && (gpuscan_inside_(p, elem_size, in, n * in_size) ||
                          gpuscan_inside_(p, elem_size, out, out_n * elem_size)))
            return GPUSCAN_ERROR_OVERLAP;
    }
    return GPUSCAN_SUCCESS;
}
static inline gpuscan_status gpuscan_check_ends_(const void *in, const void *out, size_t n, int offsets,
                                                 const void *d_init, const void *d_total, size_t elem_size,
                                                 size_t elem_align)
{
    return gpuscan_check_ends_typed_(in, elem_size, out, n, offsets, d_init, d_total, elem_size, elem_align);
}

static inline gpuscan_status gpuscan_check_choice_(gpuscan_kind kind, gpuscan_grid grid, gpuscan_block block)
{
    if ((unsigned)kind > (unsigned)GPUSCAN_EXCLUSIVE) return GPUSCAN_ERROR_INVALID_ALGORITHM;
    if (!gpuscan_valid_grid_(grid) || !gpuscan_valid_block_(block)) return GPUSCAN_ERROR_INVALID_ALGORITHM;
    return GPUSCAN_SUCCESS;
}

/* Size query / size check common to every _ex entry point. */
static inline gpuscan_status gpuscan_check_workspace_(const void *d_workspace, size_t *workspace_bytes,
                                                      size_t needed, int *query_only)
{
    needed = needed > 0 ? needed : 1;
    *query_only = (d_workspace == NULL);
    if (*query_only) {
        *workspace_bytes = needed;
        return GPUSCAN_SUCCESS;
    }
    if (*workspace_bytes < needed) {
        *workspace_bytes = needed;
        return GPUSCAN_ERROR_WORKSPACE_TOO_SMALL;
    }
    return GPUSCAN_SUCCESS;
}

/* A caller's workspace, where a call uses `bytes` of it: 16-byte aligned (its tile states and
 * counters are up to 16 bytes wide) and apart from each of the call's `count` ranges (it is
 * cleared before they are all read). */
static inline gpuscan_status gpuscan_check_workspace_apart_(const void *d_workspace, size_t bytes, int count,
                                                            const void *const *ranges, const size_t *range_bytes)
{
    if (bytes == 0) return GPUSCAN_SUCCESS;
    if ((uintptr_t)d_workspace % 16u != 0) return GPUSCAN_ERROR_MISALIGNED;
    for (int k = 0; k < count; ++k)
        if (gpuscan_inside_(d_workspace, bytes, ranges[k], range_bytes[k])) return GPUSCAN_ERROR_OVERLAP;
    return GPUSCAN_SUCCESS;
}

#define GPUSCAN_TRY_(expr)                                                                          \
    do {                                                                                            \
        gpuscan_status try_status_ = (expr);                                                        \
        if (try_status_ != GPUSCAN_SUCCESS) return try_status_;                                     \
    } while (0)
#include "memory.cuh"
/* Every launch is followed by a check of the launch error. */
#define GPUSCAN_LAUNCH_SHARED_(kernel, blocks, threads, shared_bytes, stream, ...)                  \
    do {                                                                                            \
        kernel<<<(unsigned)(blocks), (threads), (shared_bytes), (stream)>>>(__VA_ARGS__);           \
        GPUSCAN_TRY_(gpuscan_from_cuda_(cudaGetLastError()));                                       \
    } while (0)
#define GPUSCAN_LAUNCH_(kernel, blocks, threads, stream, ...)                                       \
    GPUSCAN_LAUNCH_SHARED_(kernel, blocks, threads, 0, stream, __VA_ARGS__)

/* Answers about the current device are kept per device, for this many devices. */
#define GPUSCAN_DEVICE_CACHE_ 16
/* The current device's L2, SMs and peak memory bandwidth, asked once per device (all 0 where
 * there is no device or an answer failed). */
typedef struct gpuscan_device_ {
    int known, sms, l2;
    double peak_gbs;
} gpuscan_device_;
static inline gpuscan_device_ gpuscan_device_info_(void)
{
    static gpuscan_device_ cache[GPUSCAN_DEVICE_CACHE_];
    gpuscan_device_ d = {0, 0, 0, 0.0};
    int dev = 0, khz = 0, bits = 0;
    if (gpuscan_current_device_(&dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return d;
    }
    if (dev < GPUSCAN_DEVICE_CACHE_ && cache[dev].known) d = cache[dev];
    else {
        if (cudaDeviceGetAttribute(&d.l2, cudaDevAttrL2CacheSize, dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, dev) != cudaSuccess) {
            (void)cudaGetLastError();
            d.l2 = 0; /* unknown: no reduce-ahead */
        }
        d.peak_gbs = 2.0 * khz * 1e3 * (bits / 8) / 1e9; /* double data rate */
        d.known = 1;
        if (dev < GPUSCAN_DEVICE_CACHE_) cache[dev] = d;
    }
    return d;
}
/* Whether the current device suits reduce-ahead for elements of elem_size bytes, on the ring or
 * not (no device: no). */
static inline int gpuscan_device_suits_ahead_(size_t elem_size, int ring)
{
    const gpuscan_device_ d = gpuscan_device_info_();
    return gpuscan_ahead_suits_((size_t)d.l2, d.sms, d.peak_gbs, elem_size, ring);
}
/* Whether a typed input's ring takes its multi-block kernel (ring.cuh, P_ring_multi) on a device of
 * `sms` SMs and peak_gbs of memory bandwidth: where memory brings an SM more than one block's
 * scanners keep up with.  GPUSCAN_TEST_RING_MULTI (test hook): -1 the device decides, 0 never,
 * 1 always. */
#ifndef GPUSCAN_TEST_RING_MULTI
#define GPUSCAN_TEST_RING_MULTI -1
#endif
static inline int gpuscan_ring_multi_suits_(int sms, double peak_gbs)
{
    if (GPUSCAN_TEST_RING_MULTI >= 0) return GPUSCAN_TEST_RING_MULTI;
    return sms > 0 && peak_gbs / sms > GPUSCAN_RING_TYPED_MULTI_MIN_GBS_PER_SM;
}
/* ... on the current device. */
static inline int gpuscan_device_suits_ring_multi_(void)
{
    const gpuscan_device_ d = gpuscan_device_info_();
    return gpuscan_ring_multi_suits_(d.sms, d.peak_gbs);
}
/* The most tiles a one-cluster scan (GPUSCAN_CLUSTER_MAX_TILES) may take with `kernel` on the
 * current device: 0 where the device cannot launch clusters or the kernel was not built for
 * sm_90 or later (its cluster code would trap).  Found once per device and kept in cache[]
 * (entry + 1; a kernel's cache is its own, so the answers do not mix). */
static inline int gpuscan_cluster_tiles_(const void *kernel, int threads, int *cache)
{
    int dev = 0, ok = 0, limit = 0;
    struct cudaFuncAttributes attr;
    if (GPUSCAN_CLUSTER_MAX_TILES < 2 || gpuscan_current_device_(&dev) != cudaSuccess) return 0;
    if (dev < GPUSCAN_DEVICE_CACHE_ && cache[dev] > 0) return cache[dev] - 1;
    if (cudaDeviceGetAttribute(&ok, cudaDevAttrClusterLaunch, dev) == cudaSuccess && ok &&
        cudaFuncGetAttributes(&attr, kernel) == cudaSuccess && attr.binaryVersion >= 90 && attr.ptxVersion >= 90) {
        cudaLaunchConfig_t config = cudaLaunchConfig_t(); /* dim3 members: no memset */
        config.gridDim = dim3(GPUSCAN_CLUSTER_MAX_TILES);
        config.blockDim = dim3((unsigned)threads);
        limit = 8; /* the portable cluster size */
        if (cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) == cudaSuccess &&
            cudaOccupancyMaxPotentialClusterSize(&ok, kernel, &config) == cudaSuccess && ok > limit)
            limit = ok;
    }
    (void)cudaGetLastError(); /* a query that failed above only means: no clusters */
    limit = limit < GPUSCAN_CLUSTER_MAX_TILES ? limit : GPUSCAN_CLUSTER_MAX_TILES;
    if (dev < GPUSCAN_DEVICE_CACHE_) cache[dev] = limit + 1;
    return limit;
}
/* A launch of `blocks` blocks of `threads` on `stream`, with room for one attribute. */
static inline void gpuscan_launch_config_(cudaLaunchConfig_t *config, cudaLaunchAttribute *attr, unsigned blocks,
                                          unsigned threads, cudaStream_t stream)
{
    *config = cudaLaunchConfig_t(); /* zeroed, dim3s (1,1,1): its dim3 members forbid a memset */
    *attr = cudaLaunchAttribute();
    config->gridDim = dim3(blocks);
    config->blockDim = dim3(threads);
    config->stream = stream;
    config->attrs = attr;
}
/* ... that may start before the kernel ahead of it on the stream has completed, with `dependent`
 * (programmatic dependent launch; the kernel waits in gpuscan_wait_prerequisites_). */
static inline void gpuscan_dependent_config_(cudaLaunchConfig_t *config, cudaLaunchAttribute *attr, unsigned blocks,
                                             unsigned threads, int dependent, cudaStream_t stream)
{
    gpuscan_launch_config_(config, attr, blocks, threads, stream);
    attr->id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr->val.programmaticStreamSerializationAllowed = 1;
    config->numAttrs = dependent ? 1 : 0;
}
/* ... as one cluster (attrs: room for two). */
static inline void gpuscan_cluster_config_(cudaLaunchConfig_t *config, cudaLaunchAttribute *attrs, unsigned blocks,
                                           unsigned threads, int dependent, cudaStream_t stream)
{
    gpuscan_dependent_config_(config, attrs + 1, blocks, threads, dependent, stream);
    attrs[0] = cudaLaunchAttribute();
    attrs[0].id = cudaLaunchAttributeClusterDimension;
    attrs[0].val.clusterDim.x = blocks;
    attrs[0].val.clusterDim.y = 1;
    attrs[0].val.clusterDim.z = 1;
    config->attrs = attrs;
    config->numAttrs += 1;
}
/* ... as one cooperative launch (every block resident at once), which takes all of the SM's
 * unified L1/shared memory as shared memory, so that the occupancy's blocks fit - for this launch
 * only: a kernel's own carveout set so made its other launches slower (attrs: room for three). */
static inline void gpuscan_all_resident_config_(cudaLaunchConfig_t *config, cudaLaunchAttribute *attrs, unsigned blocks,
                                                unsigned threads, int dependent, cudaStream_t stream)
{
    gpuscan_dependent_config_(config, attrs + 2, blocks, threads, dependent, stream);
    attrs[0] = cudaLaunchAttribute();
    attrs[0].id = cudaLaunchAttributeCooperative;
    attrs[0].val.cooperative = 1;
    attrs[1] = cudaLaunchAttribute();
#if CUDART_VERSION >= 13000 /* else GPUSCAN_SELF_CLEAR is off: no such launch */
    attrs[1].id = cudaLaunchAttributePreferredSharedMemoryCarveout;
    attrs[1].val.sharedMemCarveout = (unsigned)cudaSharedmemCarveoutMaxShared;
#endif
    config->attrs = attrs;
    config->numAttrs += 2;
}
/* Whether `kernel` can be launched as a programmatic dependent (grid.cuh): the device is sm_90 or
 * later and `kernel` was built for it (so that it holds the wait).  Found once per device and kept
 * in cache[] (entry + 1). */
static inline int gpuscan_pdl_supported_(const void *kernel, int *cache)
{
    int dev = 0, major = 0, ok;
    struct cudaFuncAttributes attr;
    if (gpuscan_current_device_(&dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (dev < GPUSCAN_DEVICE_CACHE_ && cache[dev] > 0) return cache[dev] - 1;
    ok = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) == cudaSuccess && major >= 9 &&
         cudaFuncGetAttributes(&attr, kernel) == cudaSuccess && attr.binaryVersion >= 90;
    (void)cudaGetLastError(); /* a query that failed above only means: no */
    if (dev < GPUSCAN_DEVICE_CACHE_) cache[dev] = ok + 1;
    return ok;
}
/* A look-back's first-wave pace (grid.cuh: P_pace) for `tiles` tiles of tile_bytes bytes of input:
 * a window of as many tiles as the device's peak bandwidth reads in GPUSCAN_PACE_NS (what keeps the
 * memory busy scales with its bandwidth), over the first `resident` tiles.  Only where there are
 * more tiles than resident blocks: a scan of one wave has no later tiles waiting for the slots its
 * first wave frees, and paced it was slower back to back.  None either where the window is under
 * two tiles, or nothing is known of the device.  The test hook GPUSCAN_TEST_PACE_TILES sets the
 * window and paces a scan of one wave too. */
static inline gpuscan_pace_ gpuscan_no_pace_(void)
{
    gpuscan_pace_ pace = {0u, 0u};
    return pace;
}
static inline gpuscan_pace_ gpuscan_pace_of_(size_t tiles, size_t tile_bytes, double peak_gbs, int resident)
{
    gpuscan_pace_ pace = gpuscan_no_pace_();
#ifdef GPUSCAN_TEST_PACE_TILES
    const double window = GPUSCAN_TEST_PACE_TILES;
    const int one_wave = 0;
    (void)peak_gbs, (void)tile_bytes;
#else
    const double window = tile_bytes ? peak_gbs * GPUSCAN_PACE_NS / (double)tile_bytes : 0.0;
    const int one_wave = tiles <= (size_t)resident;
#endif
    if (window < 2.0 || window >= (double)tiles || resident <= 0 || one_wave) return pace;
    pace.window = (unsigned)window;
    pace.below = (unsigned)resident;
    return pace;
}
/* The blocks of `kernel` (`threads` each, static shared memory only) resident at once on the
 * current device; 0 where unknown.  Found once per device and kept in cache[] (entry + 1). */
static inline int gpuscan_resident_blocks_(const void *kernel, int threads, int *cache)
{
    int dev = 0, per_sm = 0, blocks = 0;
    if (gpuscan_current_device_(&dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (dev < GPUSCAN_DEVICE_CACHE_ && cache[dev] > 0) return cache[dev] - 1;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0) == cudaSuccess)
        blocks = per_sm * gpuscan_device_info_().sms;
    (void)cudaGetLastError(); /* a query that failed only means: unknown */
    if (dev < GPUSCAN_DEVICE_CACHE_) cache[dev] = blocks + 1;
    return blocks;
}
/* Whether a single-pass scan's states are cleared by a kernel (the scan its programmatic dependent)
 * rather than a memset: from GPUSCAN_PDL_MIN_TILES tiles (0 turns it off), where the device and
 * kernel support dependents (gpuscan_pdl_supported_).  From 512 tiles on the overlap saves the gap between the two launches; below, where a
 * small scan's time is mostly the host's launch calls, a kernel's launch costs the host more than
 * a memset's.  (A reduction's second launch has no such choice: it is one launch either way.) */
static inline int gpuscan_clears_by_kernel_(size_t tiles, int pdl_supported)
{
    return GPUSCAN_PDL_MIN_TILES != 0 && tiles >= GPUSCAN_PDL_MIN_TILES && pdl_supported;
}
/* The blocks of `kernel` (`threads` each) resident at once on the current device, where it can
 * launch them all as one cooperative launch (every block resident at once); 0 where it cannot.
 * Found once per device and kept in cache[] (entry + 1). */
static inline int gpuscan_all_resident_blocks_(const void *kernel, int threads, int *cache)
{
    int dev = 0, ok = 0;
    if (gpuscan_current_device_(&dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (dev < GPUSCAN_DEVICE_CACHE_ && cache[dev] > 0) return cache[dev] - 1;
    if (cudaDeviceGetAttribute(&ok, cudaDevAttrCooperativeLaunch, dev) == cudaSuccess && ok)
        return gpuscan_resident_blocks_(kernel, threads, cache);
    (void)cudaGetLastError(); /* a query that failed above only means: no */
    if (dev < GPUSCAN_DEVICE_CACHE_) cache[dev] = 1;
    return 0;
}
/* Whether a cooperative launch failed for its size alone (then cleared, not left as the last
 * error): the device counts its SMs, but may run this context on fewer (MPS, green contexts), and
 * such a launch is refused rather than queued.  The caller then launches another way. */
static inline int gpuscan_cooperative_refused_(cudaError_t e)
{
    if (e != cudaErrorCooperativeLaunchTooLarge) return 0;
    (void)cudaGetLastError();
    return 1;
}
/* ... for reduce-then-scan's kernel, which asks for all of the SM's unified L1/shared memory as
 * shared memory first, so that its launch fits as many blocks as the occupancy said (a smaller
 * carveout would fail the cooperative launch). */
static inline int gpuscan_cooperative_blocks_(const void *kernel, int threads, int *cache)
{
    int dev = 0;
    if (gpuscan_current_device_(&dev) == cudaSuccess && !(dev < GPUSCAN_DEVICE_CACHE_ && cache[dev] > 0) &&
        cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared) !=
            cudaSuccess)
        return (void)cudaGetLastError(), 0;
    (void)cudaGetLastError();
    return gpuscan_all_resident_blocks_(kernel, threads, cache);
}
/* ... launched cooperatively (every block resident at once: grid.cuh's barrier). */
static inline void gpuscan_cooperative_config_(cudaLaunchConfig_t *config, cudaLaunchAttribute *attr, unsigned blocks,
                                               unsigned threads, cudaStream_t stream)
{
    gpuscan_launch_config_(config, attr, blocks, threads, stream);
    attr->id = cudaLaunchAttributeCooperative;
    attr->val.cooperative = 1;
    config->numAttrs = 1;
}
/* Clears a single-pass scan's counter and tile states (`bytes`, a multiple of 4) on `stream`: a
 * memset, or with `dependent` the clearing kernel, itself a programmatic dependent of the kernel
 * before it, which lets the scan's launch go ahead (a block of 256 threads per 16 KiB, at most
 * GPUSCAN_CLEAR_MAX_BLOCKS; the states of a look-back over 2^30 int32 take 2 MiB). */
static inline gpuscan_status gpuscan_clear_states_launch_(void *ws, size_t bytes, int dependent, cudaStream_t stream)
{
    if (!dependent) return gpuscan_from_cuda_(cudaMemsetAsync(ws, 0, bytes, stream));
    const size_t words = bytes / 4, blocks = words / 4096 + 1;
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attr;
    gpuscan_dependent_config_(&config, &attr, (unsigned)(blocks < GPUSCAN_CLEAR_MAX_BLOCKS ? blocks : GPUSCAN_CLEAR_MAX_BLOCKS),
                              256, 1, stream);
    return gpuscan_from_cuda_(cudaLaunchKernelEx(&config, gpuscan_clear_states_, (unsigned *)ws, words));
}

/* A look-back's states of a caller's workspace that the clearing kernel would clear: cleared by the
 * scan itself, in its one launch, where `stream` has a counter slot for the call (grid.cuh; timed
 * alone, a second launch waits for the host's call), in chunks that the first paced tiles take
 * first (they wait anyway), else the first claimed.  *dev: the slot's device (the entry goes back
 * after the launch). */
static inline void gpuscan_clear_in_launch_(gpuscan_states_ *states, size_t tiles, unsigned state_bytes, unsigned threads,
                                         gpuscan_pace_ pace, cudaStream_t stream, int *dev)
{
    (void)threads; /* (a test sets the chunk's words alone) */
    states->counter_slot = gpuscan_counter_slot_take_(stream, dev);
    if (!states->counter_slot) return;
    states->clear_chunks = (unsigned)gpuscan_ceil_div_(tiles * state_bytes / 4u, GPUSCAN_CLEAR_CHUNK_WORDS_(threads));
    states->clear_first = pace.window;
}
/* Rounds of a kept workspace's states (grid.cuh) before they are cleared again: the most a state
 * word tells apart; a test sets fewer to reach the clearing that the last one brings. */
#ifndef GPUSCAN_TEST_STATE_ROUNDS
#define GPUSCAN_TEST_STATE_ROUNDS GPUSCAN_STATE_ROUNDS_
#endif
/* The states a single-pass launch uses: the next round of a kept workspace (`rounds`; NULL: a
 * workspace used once, the caller's or a pool's) whose first `bytes` hold states of one `layout`
 * (gpuscan_pass_run_) - returns 1: nothing to clear - else round 0, to be cleared first. */
static inline int gpuscan_rounds_next_(const gpuscan_rounds_ *rounds, size_t bytes, unsigned layout,
                                       void *words, gpuscan_states_ *states)
{
    *states = gpuscan_states_cleared_(words);
    if (rounds == NULL || rounds->clean < bytes || rounds->layout != layout ||
        rounds->next >= (unsigned)GPUSCAN_TEST_STATE_ROUNDS)
        return 0;
    states->round = rounds->next;
    states->claimed = rounds->claimed;
    states->published = rounds->published;
    return 1;
}
/* A kept workspace's clean bytes end at `at` where a call wrote past it what is no state: a value
 * slot or a family's own workspace (a tile's first segment, a bit an element) - a word of which,
 * read as a later, larger call's state, could name that call's round (a segmented reduction by
 * offsets got a wrong sum so, its tiles' first segments read as states). */
static inline void gpuscan_rounds_forget_from_(gpuscan_rounds_ *rounds, size_t at)
{
    if (rounds != NULL && rounds->clean > at) rounds->clean = at;
}
/* After a launch in `states` (their first `bytes`) that made `claims` claims and counted
 * `published` publications (a fold's): the workspace is kept so for the next; slots (value slots
 * after the states) end the clean bytes at these. */
static inline void gpuscan_rounds_keep_(gpuscan_rounds_ *rounds, size_t bytes, unsigned layout,
                                        const gpuscan_states_ *states, size_t claims, size_t published, int slots)
{
    if (rounds == NULL) return;
    if (states->round == 0) { /* just cleared: these bytes, this layout */
        rounds->clean = bytes;
        rounds->layout = layout;
    }
    if (slots) gpuscan_rounds_forget_from_(rounds, bytes);
    rounds->next = states->round + 1;
    rounds->claimed = states->claimed + (unsigned)claims;
    rounds->published = states->published + (unsigned)published;
    rounds->kept = 1;
}

/* Slots of unit_bytes per block when blocks_per_sm blocks share an SM's per_sm bytes of shared
 * memory (each also holds `reserved` and its static `static_bytes`; at most optin in all): a
 * multiple of `multiple` (GPUSCAN_RING_SLOT_MULTIPLE_), at most GPUSCAN_RING_MAX_SLOTS; 0 below 2. */
static inline long gpuscan_ring_slots_(long per_sm, int blocks_per_sm, long reserved, long static_bytes, long optin,
                                       long unit_bytes, long multiple)
{
    long room = per_sm / blocks_per_sm - reserved - static_bytes;
    if (room > optin - static_bytes) room = optin - static_bytes;
    long slots = room > 0 ? room / unit_bytes : 0;
    slots = slots < GPUSCAN_RING_MAX_SLOTS ? slots : GPUSCAN_RING_MAX_SLOTS;
    slots -= slots % multiple; /* each slot always meets the same warps */
    return slots >= 2 ? slots : 0;
}
/* a >= b, where b may be a constant 0 (a function: no "pointless comparison" warning then) */
static inline int gpuscan_at_least_(size_t a, size_t b) { return a >= b; }
/* How the ring (ring.cuh) runs `kernel` on the current device: slots of unit_bytes in each
 * block's dynamic shared memory, and how many blocks are resident at once; no slots where it
 * cannot run (no sm_90 code in the kernel, too little shared memory).  Found once per device. */
typedef struct gpuscan_ring_shape_ {
    int slots, blocks, multi; /* multi: the multi-block kernel */
} gpuscan_ring_shape_;
static inline gpuscan_ring_shape_ gpuscan_ring_shape_of_(const void *kernel, int threads, size_t unit_bytes,
                                                         int blocks_per_sm, int multiple, gpuscan_ring_shape_ *cache)
{
    gpuscan_ring_shape_ shape = {0, 0, 0};
    int dev = 0, sms = 0, per_sm = 0, reserved = 0, optin = 0, active = 0;
    struct cudaFuncAttributes attr;
    if (gpuscan_current_device_(&dev) != cudaSuccess) return shape;
    if (dev < GPUSCAN_DEVICE_CACHE_ && cache[dev].blocks != 0) return cache[dev];
    if (cudaFuncGetAttributes(&attr, kernel) == cudaSuccess && attr.binaryVersion >= 90 && attr.ptxVersion >= 90 &&
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess &&
        cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev) == cudaSuccess &&
        cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dev) == cudaSuccess &&
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) == cudaSuccess) {
        const long slots = gpuscan_ring_slots_(per_sm, blocks_per_sm, reserved, (long)attr.sharedSizeBytes, optin,
                                               (long)unit_bytes, multiple);
        /* all of the SM's unified L1/shared memory as shared memory: else the driver may pick a
         * smaller carveout at launch and fit fewer blocks than asked for here */
        if (slots > 0 &&
            cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 cudaSharedmemCarveoutMaxShared) == cudaSuccess &&
            cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)(slots * unit_bytes)) ==
                cudaSuccess &&
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, kernel, threads, (size_t)slots * unit_bytes) ==
                cudaSuccess &&
            active > 0) {
            shape.slots = (int)slots;
            shape.blocks = active * sms;
        }
    }
    (void)cudaGetLastError(); /* a query that failed above only means: no ring */
    if (dev < GPUSCAN_DEVICE_CACHE_) {
        cache[dev] = shape;
        if (shape.blocks == 0) cache[dev].blocks = -1; /* known: no ring */
    }
    return shape;
}

/* ---- the descriptor: what the host layer knows of one DEFINE -----------------------------------
 * A DEFINE emits its kernels and one descriptor that names them and the shapes they were built
 * for; every decision and launch below is a plain function over it, compiled once per translation
 * unit (tests/test_host.cu drives them with made-up descriptors).  A kernel is NULL where the
 * DEFINE did not compile it (GPUSCAN_EVERY_ALGORITHM: gpuscan.cuh).  What was found of a kernel on
 * each device (may it be a programmatic dependent, how many of its blocks are resident...) is kept
 * beside it, entry + 1 (0: not asked yet). */
typedef int gpuscan_device_cache_[GPUSCAN_DEVICE_CACHE_];
/* A family's single-pass kernels (grid.cuh: the skeleton) and their shape. */
typedef struct gpuscan_pass_ {
    const void *lookback, *via, *clears; /* P_FAM_pass, _pass_via, _pass_clears */
    unsigned threads, tile;              /* threads a block, elements a tile */
    unsigned tile_in_bytes;              /* bytes of input a tile reads (the pace's window) */
    unsigned state_bytes, slot_bytes;    /* a tile's state, a value's slot (0: in the state) */
    int folds;                           /* the fold may give a prefix (grid.cuh: P_FOLDS_) */
    gpuscan_device_cache_ pdl, self_clear, resident;
    unsigned word_bytes;                 /* a state word's where a tile has several (axis.cuh), else 0 */
} gpuscan_pass_;
/* A block algorithm's scan kernels (grid.cuh). */
typedef struct gpuscan_scan_kernels_ {
    const void *tiles, *fixup, *cluster, *ahead, *reduce_then_scan;
    gpuscan_pass_ pass;
    gpuscan_device_cache_ pdl_tiles, pdl_cluster, cluster_tiles, reduce_then_scan_blocks;
} gpuscan_scan_kernels_;
/* The ring (ring.cuh): its kernels (multi: the multi-block one of a typed input, else NULL). */
typedef struct gpuscan_ring_kernels_ {
    const void *one, *multi;
    int takes;                           /* T, the operator and the input suit it (NULL kernels: no) */
    unsigned threads, unit_bytes, claim, blocks_per_sm, multi_blocks, slot_multiple;
    gpuscan_ring_shape_ shape[2][GPUSCAN_DEVICE_CACHE_];
} gpuscan_ring_kernels_;
/* One DEFINE's scans and reductions. */
typedef struct gpuscan_scan_desc_ {
    size_t elem_size, elem_align, in_size, in_align; /* T, and the type read */
    unsigned state_bytes, slot_bytes;    /* of T (grid.cuh) */
    size_t ring_plan_unit;               /* the ring's unit, elements (0: never on the ring) */
    int fixed_order;                     /* the deterministic mode's order applies (P_FIXED_ORDER_) */
    gpuscan_scan_kernels_ block[GPUSCAN_BLOCK_COUNT_]; /* by gpuscan_block ([AUTO] unused) */
    gpuscan_ring_kernels_ ring;
    const void *reduce_tiles, *ends_only;
    unsigned reduce_threads, reduce_tile;
    gpuscan_device_cache_ pdl_reduce;
} gpuscan_scan_desc_;
/* One scan call: the data, the ends as given (checked here), and the kernels' arguments, typed by
 * the DEFINE: io (P_scan_io: in, out, ends; the single-pass kernels'), ends and no_ends (P_ends:
 * the call's, and none, for the hierarchy's upper levels). */
typedef struct gpuscan_scan_call_ {
    const void *in;
    void *out;
    size_t n;
    gpuscan_kind kind;
    const void *d_init;
    void *d_total;
    int offsets;
    const void *io, *ends, *no_ends;
} gpuscan_scan_call_;

/* The status of an algorithm the DEFINE did not compile (a kernel it needs is NULL). */
#define GPUSCAN_COMPILED_(kernel)                                                                   \
    do {                                                                                            \
        if ((kernel) == NULL) return GPUSCAN_ERROR_NOT_COMPILED;                                    \
    } while (0)
/* A launch of `kernel` (its arguments' addresses in args) and its error. */
static inline gpuscan_status gpuscan_launch_(const cudaLaunchConfig_t *config, const void *kernel, void **args)
{
    return gpuscan_from_cuda_(cudaLaunchKernelExC(config, kernel, args));
}
static inline gpuscan_status gpuscan_launch_plain_(const void *kernel, size_t blocks, unsigned threads, void **args,
                                                   cudaStream_t stream)
{
    return gpuscan_from_cuda_(cudaLaunchKernel(kernel, dim3((unsigned)blocks), dim3(threads), args, 0, stream));
}

/* ---- the single pass, any family ------------------------------------------------------------- */
/* Whether a single-pass scan of `tiles` tiles whose states are not cleared clears them itself
 * (grid.cuh): where the device launches that many of its blocks cooperatively. */
static inline int gpuscan_pass_self_clears_(gpuscan_pass_ *k, size_t tiles)
{
    return GPUSCAN_SELF_CLEAR && tiles <= (size_t)gpuscan_all_resident_blocks_(k->lookback, (int)k->threads, k->self_clear);
}
/* Whether a look-back of `tiles` tiles, `resident` blocks of it at once, takes its prefixes by the
 * fold (grid.cuh: P_fold_prefix): where they all run at once and the block's reads cover them (more,
 * each reading all before it, would cost more than the chain). */
static inline int gpuscan_pass_folds_(const gpuscan_pass_ *k, size_t tiles, int resident)
{
    return k->folds && k->via != NULL && tiles >= GPUSCAN_FOLD_MIN_TILES &&
           tiles <= (size_t)GPUSCAN_FOLD_READS * k->threads && tiles <= (size_t)resident;
}
/* The single-pass kernel over plan's tiles, its states and slots in ws, as config says. */
static inline cudaError_t gpuscan_pass_launch_(const gpuscan_pass_ *k, const cudaLaunchConfig_t *config,
                                               const gpuscan_plan_ *plan, char *ws, const void *io, size_t n,
                                               gpuscan_states_ states, int via, gpuscan_pace_ pace)
{
    unsigned *counter = (unsigned *)(ws + plan->counter_off), *agg = (unsigned *)(ws + plan->slots_off[0]);
    unsigned *prefix = via != GPUSCAN_VIA_DOMINO ? (unsigned *)(ws + plan->slots_off[1]) : agg;
    void *args[] = {(void *)io, &n, &counter, &states, &agg, &prefix, &via, &pace};
    const void *kernel = states.counter_slot ? k->clears : via == GPUSCAN_VIA_LOOKBACK ? k->lookback : k->via;
    return cudaLaunchKernelExC(config, kernel, args);
}
/* The states' layout, which a kept workspace's rounds must keep: a tile's bytes, and where a tile
 * has several words (axis.cuh), a word's - a value word of another layout read as a status could
 * read as this round's. */
static inline unsigned gpuscan_states_layout_(const gpuscan_pass_ *k, const gpuscan_plan_ *plan)
{
    return (unsigned)plan->state_bytes | k->word_bytes << 24;
}
/* A domino or look-back scan (lookback) of plan's tiles by the single-pass kernel, behind whatever
 * clearing its states need: none where a kept workspace's rounds go on; else by itself (where all
 * its tiles run at once, or, for a look-back, where the stream has a counter slot), a memset or a
 * clearing kernel. */
static inline gpuscan_status gpuscan_pass_run_(gpuscan_pass_ *k, const gpuscan_plan_ *plan, int lookback, char *ws,
                                               gpuscan_rounds_ *rounds, const void *io, size_t n, cudaStream_t stream)
{
    const size_t bytes = plan->flags_off + plan->state_units * plan->state_bytes;
    const unsigned layout = gpuscan_states_layout_(k, plan);
    gpuscan_states_ states;
    const int reuse = gpuscan_rounds_next_(rounds, bytes, layout, ws + plan->flags_off, &states);
    const int dependent = gpuscan_pdl_supported_(k->lookback, k->pdl);
    const int clear_kernel = !reuse && gpuscan_clears_by_kernel_(plan->num_tiles, dependent);
    /* states of unknown contents (no rounds kept there) that a memset would clear: cleared by the
     * scan itself, where all its tiles run at once (a cooperative launch is no programmatic
     * dependent: behind a clearing kernel that is one, a scan back to back is the faster) */
    states.self_clear = !reuse && rounds == NULL && !clear_kernel && gpuscan_pass_self_clears_(k, plan->num_tiles);
    const int resident = lookback ? gpuscan_resident_blocks_(k->lookback, (int)k->threads, k->resident) : 0;
    const int fold = lookback && gpuscan_pass_folds_(k, plan->num_tiles, resident);
    const int via = fold ? GPUSCAN_VIA_FOLD : lookback ? GPUSCAN_VIA_LOOKBACK : GPUSCAN_VIA_DOMINO;
    const gpuscan_pace_ pace = lookback ? gpuscan_pace_of_(plan->num_tiles, k->tile_in_bytes,
                                                           gpuscan_device_info_().peak_gbs, resident)
                                        : gpuscan_no_pace_();
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attrs[3];
    int slot_dev = 0; /* ... and a look-back's that a kernel would clear: by the scan itself, in its counter slot */
    if (clear_kernel && rounds == NULL && via == GPUSCAN_VIA_LOOKBACK && k->clears != NULL)
        gpuscan_clear_in_launch_(&states, plan->num_tiles, k->state_bytes, k->threads, pace, stream, &slot_dev);
    if (states.self_clear) { /* unless the device refuses that many blocks at once: a memset, as below */
        gpuscan_all_resident_config_(&config, attrs, (unsigned)plan->num_tiles, k->threads, dependent, stream);
        const cudaError_t e = gpuscan_pass_launch_(k, &config, plan, ws, io, n, states, via, gpuscan_no_pace_());
        if (!gpuscan_cooperative_refused_(e)) return gpuscan_from_cuda_(e);
        states.self_clear = 0;
    }
    if (!reuse && !states.counter_slot) GPUSCAN_TRY_(gpuscan_clear_states_launch_(ws, bytes, clear_kernel, stream));
    gpuscan_dependent_config_(&config, attrs, (unsigned)plan->num_tiles, k->threads, dependent, stream);
    const cudaError_t launched = gpuscan_pass_launch_(k, &config, plan, ws, io, n, states, via, pace);
    if (states.counter_slot) gpuscan_cache_entry_give_(slot_dev, (int)states.counter_slot - 1);
    GPUSCAN_TRY_(gpuscan_from_cuda_(launched));
    gpuscan_rounds_keep_(rounds, bytes, layout, &states, plan->num_tiles, fold ? plan->num_tiles : 0, k->slot_bytes != 0);
    return GPUSCAN_SUCCESS;
}

/* ---- the scan's grid strategies -------------------------------------------------------------- */
/* Hierarchical: down the levels (each level's tile aggregates the next one's input, read as the
 * scan's own T: `up`), then the fix-ups back up. */
static inline gpuscan_status gpuscan_hierarchical_run_(const gpuscan_scan_kernels_ *k, const gpuscan_plan_ *plan, char *ws,
                                                       const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    const void *src = c->in, *up = NULL;
    void *dst = c->out;
    size_t len = c->n;
    for (int level = 1; level <= plan->levels + 1; ++level) {
        void *aggs = level <= plan->levels ? (void *)(ws + plan->level_off[level]) : NULL;
        void *args[] = {&src, &up, &dst, &len, &aggs, (void *)(level == 1 ? c->ends : c->no_ends)};
        GPUSCAN_TRY_(gpuscan_launch_plain_(k->tiles, gpuscan_ceil_div_(len, k->pass.tile), k->pass.threads, args, stream));
        if (aggs == NULL) break;
        src = up = dst = aggs;
        len = plan->level_len[level];
    }
    for (int level = plan->levels; level >= 1; --level) {
        void *below = level > 1 ? (void *)(ws + plan->level_off[level - 1]) : c->out;
        size_t below_len = level > 1 ? plan->level_len[level - 1] : c->n;
        const void *scanned = ws + plan->level_off[level];
        int own = level > 1;
        void *args[] = {&below, &below_len, &scanned, (void *)(level == 1 ? c->ends : c->no_ends), &own};
        GPUSCAN_TRY_(gpuscan_launch_plain_(k->fixup, gpuscan_ceil_div_(below_len, k->pass.tile), k->pass.threads, args,
                                           stream));
    }
    return GPUSCAN_SUCCESS;
}
/* Reduce-then-scan (grid.cuh): runs of whole tiles, as many blocks as are resident at once, one
 * cooperative launch; GPUSCAN_ERROR_UNSUPPORTED where the device cannot launch one, and half the
 * blocks (and so on) where it refuses that many (a context of fewer SMs). */
static inline gpuscan_status gpuscan_reduce_then_scan_run_(gpuscan_scan_kernels_ *k, const gpuscan_plan_ *plan, char *ws,
                                                  const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    int dev;
    const cudaError_t found = gpuscan_current_device_(&dev); /* no device: that error, not UNSUPPORTED */
    if (found != cudaSuccess) return gpuscan_from_cuda_(found);
    size_t blocks = (size_t)gpuscan_cooperative_blocks_(k->reduce_then_scan, (int)k->pass.threads, k->reduce_then_scan_blocks);
    if (blocks == 0) return GPUSCAN_ERROR_UNSUPPORTED;
    blocks = blocks < plan->units ? blocks : plan->units;
    for (;;) {
        unsigned per_block = (unsigned)gpuscan_ceil_div_(plan->num_tiles, blocks);
        unsigned *slots = (unsigned *)(ws + plan->slots_off[0]);
        void *args[] = {(void *)&c->in, (void *)&c->out, (void *)&c->n, &slots, &per_block, (void *)c->ends};
        cudaLaunchConfig_t config;
        cudaLaunchAttribute attr;
        gpuscan_cooperative_config_(&config, &attr, (unsigned)gpuscan_ceil_div_(plan->num_tiles, per_block),
                                    k->pass.threads, stream);
        const cudaError_t e = cudaLaunchKernelExC(&config, k->reduce_then_scan, args);
        if (blocks == 1 || !gpuscan_cooperative_refused_(e)) return gpuscan_from_cuda_(e);
        blocks /= 2; /* the device refused that many at once */
    }
}
/* Whether a look-back of `tiles` runs as one thread-block cluster here (grid.cuh; no device query
 * for large scans). */
static inline int gpuscan_one_cluster_(gpuscan_scan_kernels_ *k, size_t tiles)
{
    return k->cluster != NULL && tiles > 1 && tiles <= GPUSCAN_CLUSTER_MAX_TILES &&
           tiles <= (size_t)gpuscan_cluster_tiles_(k->cluster, (int)k->pass.threads, k->cluster_tiles);
}
/* Scans of one launch and no workspace: one tile, or a few as one cluster; each the programmatic
 * dependent of the kernel before it where the device and kernel can be, as the single pass is. */
static inline gpuscan_status gpuscan_one_tile_run_(gpuscan_scan_kernels_ *k, const gpuscan_scan_call_ *c,
                                                   cudaStream_t stream)
{
    const void *up = NULL;
    void *aggs = NULL;
    void *args[] = {(void *)&c->in, &up, (void *)&c->out, (void *)&c->n, &aggs, (void *)c->ends};
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attr;
    gpuscan_dependent_config_(&config, &attr, 1, k->pass.threads, gpuscan_pdl_supported_(k->tiles, k->pdl_tiles), stream);
    return gpuscan_launch_(&config, k->tiles, args);
}
static inline gpuscan_status gpuscan_one_cluster_run_(gpuscan_scan_kernels_ *k, size_t tiles, const gpuscan_scan_call_ *c,
                                                      cudaStream_t stream)
{
    void *args[] = {(void *)&c->in, (void *)&c->out, (void *)&c->n, (void *)c->ends};
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attrs[2];
    gpuscan_cluster_config_(&config, attrs, (unsigned)tiles, k->pass.threads,
                            gpuscan_pdl_supported_(k->cluster, k->pdl_cluster), stream);
    return gpuscan_launch_(&config, k->cluster, args);
}
/* The ring (ring.cuh) on the current device: the multi-block kernel for a typed input where the
 * device suits it (gpuscan_ring_multi_suits_); no slots where it cannot run there. */
static inline gpuscan_ring_shape_ gpuscan_ring_shape_here_(gpuscan_ring_kernels_ *r)
{
    const int multi = r->multi != NULL && gpuscan_device_suits_ring_multi_();
    gpuscan_ring_shape_ shape = gpuscan_ring_shape_of_(multi ? r->multi : r->one, (int)r->threads, r->unit_bytes,
                                                       multi ? (int)r->multi_blocks : (int)r->blocks_per_sm,
                                                       (int)r->slot_multiple, r->shape[multi]);
    if (shape.slots < (int)(r->claim > 2 ? r->claim : 2)) shape.slots = 0;
    shape.multi = multi;
    return shape;
}
/* Whether T, the operator and n elements suit the ring (no device query). */
static inline int gpuscan_ring_fits_(const gpuscan_scan_desc_ *d, size_t n)
{
    /* 1-byte inputs, and 2-byte ones read into a wider T (plain int16 pays from the lower bound) */
    const int narrow = d->in_size == 1 || (d->in_size == 2 && d->elem_size > 2);
    return d->ring.takes &&
           gpuscan_at_least_(n * d->elem_size, narrow ? GPUSCAN_RING_MIN_BYTES_NARROW : GPUSCAN_RING_MIN_BYTES);
}
/* Whether reduce-ahead of n elements (16-byte aligned) runs on the ring here. */
static inline int gpuscan_ring_runs_(gpuscan_scan_desc_ *d, size_t n)
{
    return gpuscan_ring_fits_(d, n) && gpuscan_ring_shape_here_(&d->ring).slots > 0;
}
/* A reduce-ahead scan (its states zeroed) on the ring where the input's alignment, n and the device
 * allow; *ran tells whether it did. */
static inline gpuscan_status gpuscan_ring_run_(gpuscan_scan_desc_ *d, int *ran, const gpuscan_plan_ *plan, char *ws,
                                               const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    if (plan->ring_units == 0 || !GPUSCAN_ALIGNED16_(c->in) || !gpuscan_ring_fits_(d, c->n)) return GPUSCAN_SUCCESS;
    const gpuscan_ring_shape_ shape = gpuscan_ring_shape_here_(&d->ring);
    if (shape.slots == 0) return GPUSCAN_SUCCESS;
    size_t blocks = plan->ring_units < (size_t)shape.blocks ? plan->ring_units : (size_t)shape.blocks;
    if (GPUSCAN_TEST_RING_MAX_BLOCKS > 0 && blocks > GPUSCAN_TEST_RING_MAX_BLOCKS) blocks = GPUSCAN_TEST_RING_MAX_BLOCKS;
    *ran = 1;
    unsigned *counter = (unsigned *)(ws + plan->counter_off), *agg = (unsigned *)(ws + plan->slots_off[0]);
    unsigned *prefix = (unsigned *)(ws + plan->slots_off[1]), units = (unsigned)plan->ring_units;
    unsigned slots = (unsigned)shape.slots;
    void *states = ws + plan->flags_off;
    void *args[] = {(void *)&c->in, (void *)&c->out, (void *)&c->n, &counter, &states, &agg, &prefix, &units, &slots,
                    (void *)c->ends};
    return gpuscan_from_cuda_(cudaLaunchKernel(shape.multi ? d->ring.multi : d->ring.one, dim3((unsigned)blocks),
                                               dim3(d->ring.threads), args, (size_t)slots * d->ring.unit_bytes,
                                               stream));
}
/* Reduce-ahead (grid.cuh): on the ring where it runs (the coarsened block scan's), else the two-read
 * kernel. */
static inline gpuscan_status gpuscan_ahead_run_(gpuscan_scan_desc_ *d, gpuscan_block block, const gpuscan_plan_ *plan,
                                                char *ws, const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    gpuscan_scan_kernels_ *k = &d->block[block];
    int ran = 0;
    GPUSCAN_TRY_(gpuscan_clear_states_launch_(ws, plan->flags_off + plan->state_units * plan->state_bytes, 0, stream));
    if (block == GPUSCAN_BLOCK_COARSENED) GPUSCAN_TRY_(gpuscan_ring_run_(d, &ran, plan, ws, c, stream));
    if (ran) return GPUSCAN_SUCCESS;
    unsigned *counter = (unsigned *)(ws + plan->counter_off), *agg = (unsigned *)(ws + plan->slots_off[0]);
    unsigned *prefix = (unsigned *)(ws + plan->slots_off[1]), *seed = (unsigned *)(ws + plan->seed_off);
    unsigned units = (unsigned)plan->units, ahead = (unsigned)plan->ahead;
    gpuscan_states_ states = gpuscan_states_cleared_(ws + plan->flags_off);
    void *args[] = {(void *)&c->in, (void *)&c->out, (void *)&c->n, &counter, &states, &agg, &prefix, &units, &ahead,
                    &seed, (void *)c->ends};
    return gpuscan_launch_plain_(k->ahead, 2 * plan->units, k->pass.threads, args, stream);
}
/* Whether the kernels a scan of this plan takes were compiled. */
static inline gpuscan_status gpuscan_compiled_(const gpuscan_scan_kernels_ *k, gpuscan_grid grid, const gpuscan_plan_ *plan)
{
    GPUSCAN_COMPILED_(k->tiles);
    if (plan->num_tiles <= 1) return GPUSCAN_SUCCESS;
    switch (grid) {
    case GPUSCAN_GRID_HIERARCHICAL: GPUSCAN_COMPILED_(k->fixup); break;
    case GPUSCAN_GRID_DOMINO: GPUSCAN_COMPILED_(k->pass.via); break;
    case GPUSCAN_GRID_LOOKBACK: GPUSCAN_COMPILED_(k->pass.lookback); break;
    case GPUSCAN_GRID_REDUCE_AHEAD: GPUSCAN_COMPILED_(k->ahead); break;
    case GPUSCAN_GRID_REDUCE_THEN_SCAN: GPUSCAN_COMPILED_(k->reduce_then_scan); break;
    default: return GPUSCAN_ERROR_INVALID_ALGORITHM;
    }
    return GPUSCAN_SUCCESS;
}
/* One scan with the block algorithm and grid strategy of its plan (workspace checked). */
static inline gpuscan_status gpuscan_scan_run_(gpuscan_scan_desc_ *d, const gpuscan_plan_ *plan, gpuscan_grid grid,
                                               gpuscan_block block, char *ws, gpuscan_rounds_ *rounds,
                                               const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    gpuscan_scan_kernels_ *k = &d->block[block];
    if (plan->num_tiles == 1) return gpuscan_one_tile_run_(k, c, stream);
    switch (grid) {
    case GPUSCAN_GRID_HIERARCHICAL: return gpuscan_hierarchical_run_(k, plan, ws, c, stream);
    case GPUSCAN_GRID_DOMINO:
    case GPUSCAN_GRID_LOOKBACK:
        if (grid == GPUSCAN_GRID_LOOKBACK && plan->cluster) return gpuscan_one_cluster_run_(k, plan->num_tiles, c, stream);
        return gpuscan_pass_run_(&k->pass, plan, grid == GPUSCAN_GRID_LOOKBACK, ws, rounds, c->io, c->n, stream);
    case GPUSCAN_GRID_REDUCE_AHEAD: return gpuscan_ahead_run_(d, block, plan, ws, c, stream);
    case GPUSCAN_GRID_REDUCE_THEN_SCAN: return gpuscan_reduce_then_scan_run_(k, plan, ws, c, stream);
    default: return GPUSCAN_ERROR_INVALID_ALGORITHM;
    }
}

/* ---- a scan's checks, plan and launch -------------------------------------------------------- */
static inline gpuscan_status gpuscan_check_call_io_(const gpuscan_scan_desc_ *d, const void *in, const void *out, size_t n)
{
    return gpuscan_check_io_typed_(in, d->in_size, d->in_align, out, d->elem_size, d->elem_align, n);
}
/* The ends' pointers: the seed (d_init) and the places of the total (d_total; out[n] with offsets)
 * lie outside the data, except that the total may go where the seed comes from. */
static inline gpuscan_status gpuscan_check_call_ends_(const gpuscan_scan_desc_ *d, const gpuscan_scan_call_ *c)
{
    return gpuscan_check_ends_typed_(c->in, d->in_size, c->out, c->n, c->offsets, c->d_init, c->d_total, d->elem_size,
                                     d->elem_align);
}
/* Checks the choices, resolves AUTO and lays out the workspace of a scan of n elements.  d_in: the
 * input, or NULL (a size query); kept: the simple forms' own workspace, whose states are kept
 * between calls (gpuscan_auto_wants_ahead_). */
static inline gpuscan_status gpuscan_scan_prepare_(gpuscan_scan_desc_ *d, gpuscan_plan_ *plan, gpuscan_grid *grid,
                                                   gpuscan_block *block, gpuscan_kind kind, size_t n, const void *d_in,
                                                   int kept)
{
    int ahead_ok = 0, room_for_both = 0;
    kept = kept && !d->fixed_order; /* (gpuscan_auto_wants_ahead_) */
    GPUSCAN_TRY_(gpuscan_check_choice_(kind, *grid, *block));
    if (*grid == GPUSCAN_GRID_AUTO && gpuscan_auto_wants_ahead_(d->elem_size, n, kept)) { /* the device is asked only then */
        const int ring_runs = gpuscan_ring_runs_(d, n);
        const size_t judged = gpuscan_off_ring_judged_size_(d->elem_size, d->in_size, ring_runs);
        ahead_ok = gpuscan_auto_ahead_ok_(gpuscan_device_suits_ahead_(d->elem_size, 1), gpuscan_device_suits_ahead_(judged, 0),
                                          ring_runs, d_in == NULL || GPUSCAN_ALIGNED16_(d_in), &room_for_both);
    }
    *grid = gpuscan_resolve_grid_(*grid, d->elem_size, n, ahead_ok, kept);
    *block = gpuscan_resolve_block_(*block, d->elem_size, n, d->block[GPUSCAN_BLOCK_KOGGE_STONE_WARP].pass.tile);
    gpuscan_scan_kernels_ *k = &d->block[*block];
    GPUSCAN_TRY_(gpuscan_plan_scan_(plan, n, *grid, k->pass.tile, d->elem_size, d->state_bytes, d->slot_bytes,
                                    d->ring_plan_unit));
    if (room_for_both) { /* the look-back an unaligned input takes instead */
        gpuscan_plan_ other;
        GPUSCAN_TRY_(gpuscan_plan_scan_(&other, n, GPUSCAN_GRID_LOOKBACK, k->pass.tile, d->elem_size, d->state_bytes,
                                        d->slot_bytes, 0));
        plan->bytes = other.bytes > plan->bytes ? other.bytes : plan->bytes;
    }
    GPUSCAN_TRY_(gpuscan_compiled_(k, *grid, plan));
    if (*grid == GPUSCAN_GRID_LOOKBACK && gpuscan_one_cluster_(k, plan->num_tiles)) { /* no workspace */
        plan->cluster = 1;
        plan->bytes = 0;
    }
    return GPUSCAN_SUCCESS;
}
static inline gpuscan_status gpuscan_scan_launch_(gpuscan_scan_desc_ *d, const gpuscan_plan_ *plan, gpuscan_grid grid,
                                                  gpuscan_block block, void *ws, gpuscan_rounds_ *rounds,
                                                  const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    if (c->n == 0) { /* only the total, if anyone wants it */
        if (c->offsets || c->d_total != NULL) {
            void *args[] = {(void *)c->ends};
            GPUSCAN_TRY_(gpuscan_launch_plain_(d->ends_only, 1, 1, args, stream));
        }
        return GPUSCAN_SUCCESS;
    }
    return gpuscan_scan_run_(d, plan, grid, block, (char *)ws, rounds, c, stream); /* (data checked by the caller) */
}

/* Runs `launch` (an expression using `ws` and `rounds`, what its states held: NULL where unknown)
 * with `bytes` of workspace from the simple forms' pool (memory.cuh); no allocation when 0. */
#define GPUSCAN_WITH_ALLOCATED_(bytes, stream, launch)                                              \
    do {                                                                                            \
        gpuscan_ws_ ws_;                                                                            \
        gpuscan_status status_, free_status_;                                                       \
        GPUSCAN_TRY_(gpuscan_workspace_alloc_(&ws_, (bytes), (stream)));                            \
        void *ws = ws_.ptr;                                                                         \
        gpuscan_rounds_ *rounds __attribute__((unused)) = ws_.rounds;                               \
        status_ = (launch);                                                                         \
        free_status_ = gpuscan_workspace_free_(&ws_, (stream));                                     \
        return status_ != GPUSCAN_SUCCESS ? status_ : free_status_;                                 \
    } while (0)
/* ---- a single-pass family's call (select.cuh, segment.cuh): one look-back pass -------------- */
typedef struct gpuscan_pass_call_ {
    void *io;                  /* the family's P_FAM_io */
    size_t n;
    size_t value_bytes;        /* of what tiles hand on (the plan's element) */
    size_t *zero_when_empty;   /* a count that n = 0 still writes (0), or NULL */
    int ranges;                /* the call's memory, which an _ex workspace keeps apart from */
    const void *range[10];
    size_t range_bytes[10];
    /* workspace of the family's own after the pass's, and what runs before the pass (given it and
     * the io to point at it), or 0 and NULL */
    size_t extra_bytes;
    gpuscan_status (*before)(void *io, size_t n, void *extra, cudaStream_t stream);
    size_t zero_bytes; /* of zero_when_empty (0: one size_t) */
} gpuscan_pass_call_;
/* The look-back's workspace; one tile has a counter and states too (it is the single pass's). */
static inline gpuscan_status gpuscan_pass_plan_(const gpuscan_pass_ *k, gpuscan_plan_ *plan, size_t n, size_t value_bytes)
{
    GPUSCAN_TRY_(gpuscan_plan_scan_(plan, n > k->tile ? n : (size_t)k->tile + 1, GPUSCAN_GRID_LOOKBACK, k->tile,
                                    value_bytes, k->state_bytes, k->slot_bytes, 0));
    plan->num_tiles = gpuscan_ceil_div_(n, k->tile);
    return GPUSCAN_SUCCESS;
}
/* The call's whole workspace: the pass's, then the family's own (16-byte aligned). */
static inline size_t gpuscan_pass_call_bytes_(const gpuscan_plan_ *plan, const gpuscan_pass_call_ *c)
{
    return c->extra_bytes == 0 ? plan->bytes : (plan->bytes + 15u) / 16u * 16u + c->extra_bytes;
}
static inline gpuscan_status gpuscan_pass_call_launch_(gpuscan_pass_ *k, const gpuscan_plan_ *plan, void *ws,
                                                       gpuscan_rounds_ *rounds, const gpuscan_pass_call_ *c,
                                                       cudaStream_t stream)
{
    if (c->n == 0)
        return c->zero_when_empty == NULL ? GPUSCAN_SUCCESS
                                          : gpuscan_from_cuda_(cudaMemsetAsync(c->zero_when_empty, 0,
                                                                               c->zero_bytes ? c->zero_bytes : sizeof(size_t),
                                                                               stream));
    const size_t at = (plan->bytes + 15u) / 16u * 16u; /* the family's own workspace: past this call's states */
    if (c->extra_bytes != 0) gpuscan_rounds_forget_from_(rounds, at);
    if (c->before != NULL) GPUSCAN_TRY_(c->before(c->io, c->n, (char *)ws + at, stream));
    return gpuscan_pass_run_(k, plan, 1, (char *)ws, rounds, c->io, c->n, stream);
}
/* `checked`: the family's checks of the call, reported after a size query (CUB's convention). */
static inline gpuscan_status gpuscan_pass_call_ex_(gpuscan_pass_ *k, void *d_workspace, size_t *workspace_bytes,
                                                   const gpuscan_pass_call_ *c, gpuscan_status checked,
                                                   cudaStream_t stream)
{
    gpuscan_plan_ plan;
    int query_only;
    if (workspace_bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    GPUSCAN_TRY_(gpuscan_pass_plan_(k, &plan, c->n, c->value_bytes));
    const size_t bytes = gpuscan_pass_call_bytes_(&plan, c);
    GPUSCAN_TRY_(gpuscan_check_workspace_(d_workspace, workspace_bytes, bytes, &query_only));
    if (query_only) return GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(checked);
    GPUSCAN_TRY_(gpuscan_check_workspace_apart_(d_workspace, bytes, c->ranges, c->range, c->range_bytes));
    return gpuscan_pass_call_launch_(k, &plan, d_workspace, NULL, c, stream);
}
static inline gpuscan_status gpuscan_pass_call_simple_(gpuscan_pass_ *k, const gpuscan_pass_call_ *c,
                                                       gpuscan_status checked, cudaStream_t stream)
{
    gpuscan_plan_ plan;
    GPUSCAN_TRY_(checked);
    GPUSCAN_TRY_(gpuscan_pass_plan_(k, &plan, c->n, c->value_bytes));
    if (c->n == 0) return gpuscan_pass_call_launch_(k, &plan, NULL, NULL, c, stream);
    GPUSCAN_WITH_ALLOCATED_(gpuscan_pass_call_bytes_(&plan, c), stream, gpuscan_pass_call_launch_(k, &plan, ws, rounds, c, stream));
}
/* An _ex scan: the caller's workspace, CUB's convention (d_workspace NULL: the size needed, at
 * least 1 byte, and nothing else - not even the data pointers are checked). */
static inline gpuscan_status gpuscan_scan_ex_(gpuscan_scan_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                              const gpuscan_scan_call_ *c, gpuscan_grid grid, gpuscan_block block,
                                              cudaStream_t stream)
{
    gpuscan_plan_ plan;
    int query_only;
    if (workspace_bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    GPUSCAN_TRY_(gpuscan_scan_prepare_(d, &plan, &grid, &block, c->kind, c->n, c->in, 0));
    GPUSCAN_TRY_(gpuscan_check_workspace_(d_workspace, workspace_bytes, plan.bytes, &query_only));
    if (query_only) return GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(gpuscan_check_call_io_(d, c->in, c->out, c->n));
    GPUSCAN_TRY_(gpuscan_check_call_ends_(d, c));
    const void *ranges[] = {c->in, c->out, c->d_init, c->d_total};
    const size_t range_bytes[] = {c->n * d->in_size, (c->n + (c->offsets ? 1u : 0u)) * d->elem_size, d->elem_size,
                                  d->elem_size};
    GPUSCAN_TRY_(gpuscan_check_workspace_apart_(d_workspace, plan.bytes, 4, ranges, range_bytes));
    return gpuscan_scan_launch_(d, &plan, grid, block, d_workspace, NULL, c, stream);
}
/* A simple scan: AUTO, the library's workspace; arguments checked before any allocation. */
static inline gpuscan_status gpuscan_scan_simple_(gpuscan_scan_desc_ *d, const gpuscan_scan_call_ *c, cudaStream_t stream)
{
    gpuscan_plan_ plan;
    gpuscan_grid grid = GPUSCAN_GRID_AUTO;
    gpuscan_block block = GPUSCAN_BLOCK_AUTO;
    GPUSCAN_TRY_(gpuscan_check_call_io_(d, c->in, c->out, c->n));
    GPUSCAN_TRY_(gpuscan_check_call_ends_(d, c));
    GPUSCAN_TRY_(gpuscan_scan_prepare_(d, &plan, &grid, &block, c->kind, c->n, c->in, 1));
    if (c->n == 0) return gpuscan_scan_launch_(d, &plan, grid, block, NULL, NULL, c, stream);
    GPUSCAN_WITH_ALLOCATED_(plan.bytes, stream, gpuscan_scan_launch_(d, &plan, grid, block, ws, rounds, c, stream));
}

/* ---- reductions ------------------------------------------------------------------------------- */
static inline size_t gpuscan_reduce_workspace_(const gpuscan_scan_desc_ *d, size_t n)
{
    size_t per_block, blocks = gpuscan_reduce_blocks_(n, d->reduce_tile, &per_block);
    return blocks > 1 ? blocks * d->elem_size : 0;
}
/* Whether n elements have no more tiles than a reduction indexes (as a scan: gridDim.x). */
static inline gpuscan_status gpuscan_reduce_size_(const gpuscan_scan_desc_ *d, size_t n)
{
    return gpuscan_ceil_div_(n, d->reduce_tile) > (size_t)INT32_MAX ? GPUSCAN_ERROR_TOO_LARGE : GPUSCAN_SUCCESS;
}
/* A reduction's data: n elements read; the result a cell apart from them, or in[0] itself where it
 * is of the input's width (read before the result is written).  n = 0: the result (the identity)
 * where there is one. */
static inline gpuscan_status gpuscan_reduce_check_(const gpuscan_scan_desc_ *d, const void *in, const void *result,
                                                   size_t n)
{
    GPUSCAN_TRY_(gpuscan_check_call_io_(d, in, result, n ? 1 : 0));
    if (n == 0) return (uintptr_t)result % d->elem_align ? GPUSCAN_ERROR_MISALIGNED : GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(gpuscan_check_io_(in, in, n, d->in_size, d->in_align));
    GPUSCAN_TRY_(gpuscan_reduce_size_(d, n));
    if (!(result == in && d->in_size == d->elem_size) && gpuscan_inside_(result, d->elem_size, in, n * d->in_size))
        return GPUSCAN_ERROR_OVERLAP;
    return GPUSCAN_SUCCESS;
}
/* Block b folds its run of tiles into partials[b]; a second launch of one block folds the partials
 * (read as the scan's own T: `up`).  A reduction of one block, and the fold of partials, is the
 * programmatic dependent of the kernel before it where the device can be (it waits for that one:
 * the fold for the partials); a first pass of many blocks is launched plainly (as a dependent it
 * ran slower back to back).  n = 0: one block of no tiles writes the identity (as CUB's
 * reductions write their initial value), unless there is no result to write. */
static inline gpuscan_status gpuscan_reduce_launch_(gpuscan_scan_desc_ *d, void *ws, const void *in, void *result, size_t n,
                                                    cudaStream_t stream)
{
    size_t per_block, blocks = gpuscan_reduce_blocks_(n, d->reduce_tile, &per_block);
    if (n == 0 && result == NULL) return GPUSCAN_SUCCESS;
    if (n == 0) blocks = 1;
    const int dependent = gpuscan_pdl_supported_(d->reduce_tiles, d->pdl_reduce);
    const void *up = NULL;
    unsigned tiles_per_block = (unsigned)per_block;
    void *partials = blocks == 1 ? result : ws;
    void *args[] = {(void *)&in, &up, &n, &tiles_per_block, &partials};
    cudaLaunchConfig_t config;
    cudaLaunchAttribute attr;
    gpuscan_dependent_config_(&config, &attr, (unsigned)blocks, d->reduce_threads, dependent && blocks == 1, stream);
    GPUSCAN_TRY_(gpuscan_launch_(&config, d->reduce_tiles, args));
    if (blocks == 1) return GPUSCAN_SUCCESS;
    const void *fold_in = ws; /* read as `in` where the stage copies, else as is through `up` */
    size_t fold_n = blocks;
    unsigned fold_tiles = (unsigned)gpuscan_ceil_div_(blocks, d->reduce_tile);
    void *fold_args[] = {&fold_in, &fold_in, &fold_n, &fold_tiles, &result};
    gpuscan_dependent_config_(&config, &attr, 1, d->reduce_threads, dependent, stream);
    return gpuscan_launch_(&config, d->reduce_tiles, fold_args);
}
static inline gpuscan_status gpuscan_reduce_ex_(gpuscan_scan_desc_ *d, void *d_workspace, size_t *workspace_bytes,
                                                const void *in, void *result, size_t n, cudaStream_t stream)
{
    int query_only;
    if (workspace_bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    GPUSCAN_TRY_(gpuscan_reduce_size_(d, n));
    const size_t used = gpuscan_reduce_workspace_(d, n);
    GPUSCAN_TRY_(gpuscan_check_workspace_(d_workspace, workspace_bytes, used, &query_only));
    if (query_only) return GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(gpuscan_reduce_check_(d, in, result, n));
    const void *ranges[] = {in, result};
    const size_t range_bytes[] = {n * d->in_size, d->elem_size};
    GPUSCAN_TRY_(gpuscan_check_workspace_apart_(d_workspace, used, 2, ranges, range_bytes));
    return gpuscan_reduce_launch_(d, d_workspace, in, result, n, stream);
}
static inline gpuscan_status gpuscan_reduce_simple_(gpuscan_scan_desc_ *d, const void *in, void *result, size_t n,
                                                    cudaStream_t stream)
{
    GPUSCAN_TRY_(gpuscan_reduce_check_(d, in, result, n));
    if (n == 0) return gpuscan_reduce_launch_(d, NULL, in, result, 0, stream); /* (no workspace) */
    GPUSCAN_WITH_ALLOCATED_(gpuscan_reduce_workspace_(d, n), stream, gpuscan_reduce_launch_(d, ws, in, result, n, stream));
}

/* ---- what a DEFINE emits: its descriptor and the typed functions ------------------------------- */
/* A block algorithm's kernels in the descriptor; BUILT(kernel) is the kernel, or NULL where the
 * DEFINE does not compile it (gpuscan.cuh). */
#define GPUSCAN_SCAN_KERNELS_DESC_(P, T, TAG, TILES, BUILT, RTS)                                \
    {TILES(P##_##TAG##_tiles),                                                                      \
     GPUSCAN_FIXUP_BUILT_(T) ? BUILT(P##_##TAG##_fixup) : (const void *)NULL,                       \
     GPUSCAN_##TAG##_SHORTCUTS ? BUILT(P##_##TAG##_cluster) : (const void *)NULL,                   \
     BUILT(P##_##TAG##_ahead),                                                                      \
     RTS(P##_##TAG##_reduce_then_scan),                                                                  \
     {BUILT(P##_##TAG##_scan_pass),                                                                 \
      GPUSCAN_EVERY_ALGORITHM || P##_FOLDS_ ? BUILT(P##_##TAG##_scan_pass_via) : (const void *)NULL,   \
      GPUSCAN_##TAG##_SHORTCUTS ? BUILT(P##_##TAG##_scan_pass_clears) : (const void *)NULL,         \
      GPUSCAN_##TAG##_THREADS(T), GPUSCAN_TILE_(TAG, T), GPUSCAN_TILE_(TAG, T) * (unsigned)sizeof(P##_in_t), \
      GPUSCAN_STATE_BYTES_(T), GPUSCAN_SLOT_BYTES_(T), P##_FOLDS_, {0}, {0}, {0}, 0u},              \
     {0}, {0}, {0}, {0}}
#if GPUSCAN_RING
#define GPUSCAN_RING_DESC_(P, T)                                                                    \
    {(const void *)P##_ring, P##_RING_MULTI_ ? (const void *)P##_ring_multi : NULL,                 \
     P##_RING_TAKES_ && GPUSCAN_RING_OK_(T), 32u * GPUSCAN_RING_WARPS_(P, T),                       \
     (unsigned)(P##_RING_UNIT_ * sizeof(P##_in_t)), (unsigned)P##_RING_CLAIM_,                      \
     (unsigned)GPUSCAN_RING_BLOCKS_PER_SM(T), (unsigned)P##_RING_MULTI_,                            \
     (unsigned)GPUSCAN_RING_SLOT_MULTIPLE_(P, T), {{{0, 0, 0}}}}
#else
#define GPUSCAN_RING_DESC_(P, T) {NULL, NULL, 0, 0, 0, 0, 0, 0, 0, {{{0, 0, 0}}}}
#endif
#define GPUSCAN_SCAN_DESC_(P, T)                                                                    \
    static gpuscan_scan_desc_ P##_desc __attribute__((unused)) = {                                 \
        sizeof(T), __alignof__(T), sizeof(P##_in_t), __alignof__(P##_in_t),                        \
        GPUSCAN_STATE_BYTES_(T), GPUSCAN_SLOT_BYTES_(T), GPUSCAN_RING_PLAN_UNIT_(T, sizeof(P##_in_t)), \
        P##_FIXED_ORDER_,                                                                           \
        {{NULL, NULL, NULL, NULL, NULL, {NULL, NULL, NULL, 0, 0, 0, 0, 0, 0, {0}, {0}, {0}, 0u}, {0}, {0}, {0}, {0}}, \
         GPUSCAN_SCAN_KERNELS_DESC_(P, T, KS, GPUSCAN_IF_EVERY_, GPUSCAN_IF_EVERY_, GPUSCAN_IF_EVERY_), \
         GPUSCAN_SCAN_KERNELS_DESC_(P, T, KSW, GPUSCAN_BUILT_, GPUSCAN_IF_EVERY_, GPUSCAN_IF_EVERY_),\
         GPUSCAN_SCAN_KERNELS_DESC_(P, T, BK, GPUSCAN_IF_EVERY_, GPUSCAN_IF_EVERY_, GPUSCAN_IF_EVERY_), \
         GPUSCAN_SCAN_KERNELS_DESC_(P, T, CO, GPUSCAN_BUILT_, GPUSCAN_BUILT_, GPUSCAN_IF_EVERY_)},  \
        GPUSCAN_RING_DESC_(P, T),                                                                   \
        (const void *)P##_reduce_tiles, (const void *)P##_ends_only,                               \
        GPUSCAN_CO_THREADS(T), GPUSCAN_TILE_(CO, T), {0}};
#define GPUSCAN_BUILT_(kernel) ((const void *)(kernel))

/* The typed functions: each builds the call's typed parts and calls the layer above.  The ends
 * (grid.cuh): d_init, the seed in device memory (NULL: `init` for exclusive scans, none for
 * inclusive ones), and the places of the total (d_total; out[n] with `offsets`). */
#define GPUSCAN_SCAN_CALL_(P, T)                                                                    \
    static gpuscan_scan_call_ P##_call_(P##_scan_io *io, P##_ends *none, const P##_in_t *in, T *out, size_t n, \
                                        gpuscan_kind kind, T init, const T *d_init, T *d_total, int offsets) \
    {                                                                                               \
        const gpuscan_scan_call_ c = {in, out, n, kind, d_init, d_total, offsets, io, &io->ends, none};   \
        io->in = in;                                                                                \
        io->out = out;                                                                              \
        io->ends = *none = P##_no_ends();                                                           \
        io->ends.exclusive = kind == GPUSCAN_EXCLUSIVE;                                             \
        io->ends.seeded = io->ends.exclusive || d_init != NULL;                                     \
        io->ends.init = init;                                                                       \
        io->ends.init_ptr = d_init;                                                                 \
        io->ends.total[0] = offsets && out != NULL ? out + n : NULL;                                \
        io->ends.total[1] = d_total;                                                                \
        return c;                                                                                   \
    }
/* One typed function: FORM's signature, the call it makes. */
#define GPUSCAN_SCAN_FORM_(SCOPE, P, T, name, params, ...)                                          \
    SCOPE gpuscan_status P##_##name params                                                          \
    {                                                                                               \
        P##_scan_io io;                                                                             \
        P##_ends none;                                                                              \
        __VA_ARGS__;                                                                                \
    }
#define GPUSCAN_SCAN_FORMS_(SCOPE, P, T)                                                            \
    GPUSCAN_SCAN_CALL_(P, T)                                                                        \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, inclusive, (const P##_in_t *d_in, T *d_out, size_t n, cudaStream_t stream), \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, GPUSCAN_INCLUSIVE, P##_identity(), \
                                               NULL, NULL, 0);                                      \
        return gpuscan_scan_simple_(&P##_desc, &c, stream))                                        \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, exclusive,                                                      \
                       (const P##_in_t *d_in, T *d_out, size_t n, T init, cudaStream_t stream),     \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, GPUSCAN_EXCLUSIVE, init, NULL, NULL, 0); \
        return gpuscan_scan_simple_(&P##_desc, &c, stream))                                        \
    /* chained: the seed from d_carry_in (NULL: none, or the identity for exclusive scans), the     \
     * total to d_carry_out (NULL: nowhere) */                                                      \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, inclusive_chained,                                              \
                       (const P##_in_t *d_in, T *d_out, size_t n, const T *d_carry_in, T *d_carry_out, \
                        cudaStream_t stream),                                                       \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, GPUSCAN_INCLUSIVE, P##_identity(), \
                                               d_carry_in, d_carry_out, 0);                         \
        return gpuscan_scan_simple_(&P##_desc, &c, stream))                                        \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, exclusive_chained,                                              \
                       (const P##_in_t *d_in, T *d_out, size_t n, const T *d_carry_in, T *d_carry_out, \
                        cudaStream_t stream),                                                       \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, GPUSCAN_EXCLUSIVE, P##_identity(), \
                                               d_carry_in, d_carry_out, 0);                         \
        return gpuscan_scan_simple_(&P##_desc, &c, stream))                                        \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, scan_ex,                                                        \
                       (void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, size_t n, \
                        gpuscan_kind kind, T init, gpuscan_grid grid, gpuscan_block block, cudaStream_t stream), \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, kind, init, NULL, NULL, 0); \
        return gpuscan_scan_ex_(&P##_desc, d_workspace, workspace_bytes, &c, grid, block, stream))  \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, scan_chained_ex,                                                \
                       (void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, size_t n, \
                        gpuscan_kind kind, const T *d_init, T *d_total, gpuscan_grid grid, gpuscan_block block, \
                        cudaStream_t stream),                                                       \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, kind, P##_identity(), d_init, d_total, 0); \
        return gpuscan_scan_ex_(&P##_desc, d_workspace, workspace_bytes, &c, grid, block, stream))  \
    SCOPE gpuscan_status P##_reduce(const P##_in_t *d_in, T *d_result, size_t n, cudaStream_t stream) \
    {                                                                                               \
        return gpuscan_reduce_simple_(&P##_desc, d_in, d_result, n, stream);                        \
    }                                                                                               \
    SCOPE gpuscan_status P##_reduce_ex(void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, \
                                       T *d_result, size_t n, cudaStream_t stream)                  \
    {                                                                                               \
        return gpuscan_reduce_ex_(&P##_desc, d_workspace, workspace_bytes, d_in, d_result, n, stream); \
    }
/* The offsets (n + 1 values, the total last): not a reverse scan's (REV 1), whose total would lead. */
#define GPUSCAN_OFFSETS_FORMS_0(SCOPE, P, T)                                                        \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, offsets,                                                        \
                       (const P##_in_t *d_in, T *d_out, size_t n, T init, T *d_total, cudaStream_t stream), \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, GPUSCAN_EXCLUSIVE, init, NULL, d_total, 1); \
        return gpuscan_scan_simple_(&P##_desc, &c, stream))                                        \
    GPUSCAN_SCAN_FORM_(SCOPE, P, T, offsets_ex,                                                     \
                       (void *d_workspace, size_t *workspace_bytes, const P##_in_t *d_in, T *d_out, size_t n, \
                        T init, T *d_total, gpuscan_grid grid, gpuscan_block block, cudaStream_t stream), \
        const gpuscan_scan_call_ c = P##_call_(&io, &none, d_in, d_out, n, GPUSCAN_EXCLUSIVE, init, NULL, d_total, 1); \
        return gpuscan_scan_ex_(&P##_desc, d_workspace, workspace_bytes, &c, grid, block, stream))
#define GPUSCAN_OFFSETS_FORMS_1(SCOPE, P, T)

#define GPUSCAN_HOST_(SCOPE, P, T, REV)                                                             \
    GPUSCAN_SCAN_DESC_(P, T)                                                                        \
    GPUSCAN_SCAN_FORMS_(SCOPE, P, T)                                                                \
    GPUSCAN_OFFSETS_FORMS_##REV(SCOPE, P, T)

#endif /* GPUSCAN_HOST_CUH */
