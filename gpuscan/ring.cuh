/* gpuscan/ring.cuh - reduce-ahead that reads its input once (sm_90): a ring of units in shared
 * memory, filled by bulk asynchronous copies, worked on by warps with one job each.
 *
 * Reduce-ahead (grid.cuh) reads every unit twice - once to publish its aggregate early, once
 * to scan it - and the second read, though it hits L2, makes L2 the limit.  Here a persistent
 * block keeps each unit it claims in a slot of a ring in shared memory, from the one read to the
 * write of its scan:
 *   producer (one thread)  claims the next unit (atomic counter), copies it into a free slot
 *                          (cp.async.bulk; the copy's completion is counted on the slot's
 *                          `full` mbarrier)
 *   reducers (warps)       reduce a landed unit from shared memory and publish its aggregate:
 *                          at once, whatever else the block is doing (what successors wait on
 *                          is the time from claim to aggregate)
 *   look-back (warps)      find the unit's exclusive prefix (decoupled look-back over unit
 *                          states) and publish its inclusive one
 *   scanners (warps of a   scan the unit's tiles from shared memory after its prefix, write
 *   coarsened block scan)  them out and hand the slot back to the producer
 * Each hand-over is an mbarrier per slot; the scanners synchronize among themselves with a named
 * barrier (block.cuh's gpuscan_group_sync_), never with __syncthreads.  Deadlock-free: a claimed
 * unit's aggregate needs only its own copy, and the producer claims only into a free slot.  The
 * scanners are threads 0 .. GPUSCAN_RING_THREADS(T)-1, running the block layer's coarsened scan
 * unchanged in a shape of its own (TAG RING).  The protocol is checked as a model under random
 * interleavings by tests/ring_protocol.py.
 * On other architectures the helpers trap; the host uses the ring only where it can run. */
#ifndef GPUSCAN_RING_CUH
#define GPUSCAN_RING_CUH

/* GPUSCAN_RING (block.cuh) 1 (the default): reduce-ahead with the coarsened block scan takes the
 * ring for the types GPUSCAN_RING_FOR picks, where it can run; 0: no ring kernel is built. */
/* The types whose reduce-ahead runs on the ring: 4- and 8-byte ones, where it beats the second
 * read, and 1- and 2-byte ones where GPUSCAN_RING_SMALL_OP says. */
#ifndef GPUSCAN_RING_FOR
#define GPUSCAN_RING_FOR(T) (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8)
#endif
/* ... and the operators: GPUSCAN_RING_OP(op) is nonzero where op takes the ring - by default every
 * built-in operator (gpuscan_ops.h), not custom ones (not measured). */
/* (GPUSCAN_PROBE_, bytes.cuh: 1 where the token's macro below is defined) */
#define GPUSCAN_RING_BUILTIN_add_ ~, 1
#define GPUSCAN_RING_BUILTIN_mul_ ~, 1
#define GPUSCAN_RING_BUILTIN_and_ ~, 1
#define GPUSCAN_RING_BUILTIN_or_ ~, 1
#define GPUSCAN_RING_BUILTIN_xor_ ~, 1
#define GPUSCAN_RING_BUILTIN_min_ ~, 1
#define GPUSCAN_RING_BUILTIN_max_ ~, 1
#ifndef GPUSCAN_RING_OP
#define GPUSCAN_RING_OP(op) GPUSCAN_PROBE_(GPUSCAN_RING_BUILTIN_##op##_)
#endif
/* ... and of those, for 1- and 2-byte types: add, max and min of the integer types that go packed
 * into words (bytes.cuh): they beat two reads there.  Element by element (other types, other
 * operators), 1- and 2-byte types were slower on it in every shape tried, so they keep two reads;
 * and/or/xor are not measured. */
#define GPUSCAN_RING_PACKED_add_ ~, 1
#define GPUSCAN_RING_PACKED_max_ ~, 1
#define GPUSCAN_RING_PACKED_min_ ~, 1
#ifndef GPUSCAN_RING_SMALL_OP
#define GPUSCAN_RING_SMALL_OP(op, T)                                                                \
    (GPUSCAN_PACKED_INT_(T) != 0 && GPUSCAN_PROBE_(GPUSCAN_RING_PACKED_##op##_))
#endif
/* Whether (T, op) takes the ring: all of the above. */
#define GPUSCAN_RING_TAKES(op, T)                                                                   \
    (GPUSCAN_RING_FOR(T) && GPUSCAN_RING_OP(op) && (sizeof(T) > 2 || GPUSCAN_RING_SMALL_OP(op, T)))
/* Operators that cost several instructions a combine: min / max of a floating type (the NaN test)
 * and mul of 8-byte integers.  A single reducing warp cannot keep up with them, so they get two -
 * except float max/min, whose reducer folds quickly (below). */
#define GPUSCAN_RING_MINMAX_max_ ~, 1 /* (1 max, 2 min) */
#define GPUSCAN_RING_MINMAX_min_ ~, 2
#define GPUSCAN_RING_MUL_mul_ ~, 1
#define GPUSCAN_RING_HEAVY_OF_(minmax, mul, floating, size)                                         \
    (((minmax) && (floating)) || ((mul) && !(floating) && (size) == 8))
#define GPUSCAN_RING_HEAVY(op, T)                                                                   \
    GPUSCAN_RING_HEAVY_OF_(GPUSCAN_PROBE_(GPUSCAN_RING_MINMAX_##op##_),                             \
                           GPUSCAN_PROBE_(GPUSCAN_RING_MUL_##op##_), GPUSCAN_FLOATING_(T), sizeof(T))
/* float max/min: the reducer folds a unit with max.NaN / min.NaN, one instruction an element in
 * any order, where the operator's NaN test and ordered select take three in order.  That fold is
 * the operator's own result, bit for bit, unless it is a NaN (the operator keeps the last NaN
 * met, with its payload), a zero (the operator keeps the earlier of -0 and +0) or subnormal
 * (which flush-to-zero builds compare as zero): then the warp folds the unit again with the
 * operator.  So one reducing warp keeps up, as for the light operators.  1 max, 2 min, 0 elsewhere. */
#define GPUSCAN_RING_FAST_MINMAX_(op, T)                                                            \
    (std::is_same<T, float>::value ? GPUSCAN_PROBE_(GPUSCAN_RING_MINMAX_##op##_) : 0)
/* ... from GPUSCAN_RING_MIN_BYTES of input: below, the ring's fill and drain outweigh the read it
 * saves. */
/* Warps that reduce, and that look back (GPUSCAN_RING_REDUCERS, GPUSCAN_RING_LOOKERS); powers of
 * two.  Warp k of a kind takes the slots k, k + count, ...: the ring's slot count is a multiple
 * of both, so each slot always meets the same warp, which waits for the slot's phases in order
 * (an mbarrier's parity wait cannot tell a phase from the one two before it).  One of each, one
 * block an SM, for the light operators (more warps or blocks leave fewer slots, which is
 * slower); two reducers for the heavy operators above without a quick fold. */
/* The kernel of prefix P uses P_RING_REDUCERS_ (GPUSCAN_RING_CHOICE_) for the reducers' count,
 * and is empty unless P_RING_TAKES_. */
#define GPUSCAN_RING_SLOT_MULTIPLE_(P, T) GPUSCAN_MAX_(P##_RING_REDUCERS_, GPUSCAN_RING_LOOKERS(T))
/* Whether one (T, op) takes the ring, and its reducers' count
 * (gpuscan.cuh assembles it before the device code; none without a ring kernel). */
#if GPUSCAN_RING
/* (COPIES: the load stage is the identity; the ring moves raw input bytes) */
/* A typed input (TIn, read through the load stage) takes it where TIn is no wider than T and
 * divides 16 bytes (a slot of T's unit holds its unit of TIn) and op commutes (its reducers fold
 * TIn's vectors in any order); a reverse scan where op commutes (its slots lie in the input's
 * order). */
#define GPUSCAN_RING_CHOICE_(P, TIn, T, op, COPIES, REV)                                            \
    enum { P##_RING_REDUCERS_ = (COPIES) ? GPUSCAN_RING_REDUCERS(op, T) : GPUSCAN_RING_TYPED_REDUCERS, \
           P##_RING_CLAIM_ = (COPIES) ? GPUSCAN_RING_CLAIM(T) : GPUSCAN_RING_TYPED_CLAIM,              \
           P##_RING_UNIT_ = GPUSCAN_RING_UNIT_(T, sizeof(TIn)), /* elements; its slot holds TIn */   \
           P##_RING_TAKES_ = GPUSCAN_RING_TAKES(op, T) && (!(REV) || GPUSCAN_COMMUTES_(op, T)) &&   \
                             ((COPIES) || (sizeof(TIn) <= sizeof(T) && 16u % sizeof(TIn) == 0u &&   \
                                           GPUSCAN_COMMUTES_(op, T))),                              \
           P##_RING_FAST_ = (COPIES) ? GPUSCAN_RING_FAST_MINMAX_(op, T) : 0,                        \
           P##_RING_MULTI_ = !(COPIES) && GPUSCAN_RING_TYPED_BLOCKS_PER_SM > 1                     \
                                 ? GPUSCAN_RING_TYPED_BLOCKS_PER_SM : 0 };
#else
#define GPUSCAN_RING_CHOICE_(P, TIn, T, op, COPIES, REV)
#endif
/* Units the producer claims at once (GPUSCAN_RING_CLAIM, GPUSCAN_RING_TYPED_CLAIM for typed inputs:
 * one atomic; into as many free slots).
 * The look-back warp finds the prefix of each further unit of a claim from the unit before (its
 * own result), with no look-back over other blocks' units: half the look-backs at 2, where the look-back is what
 * the ring waits on.  More than 2 is slower: a claim waits for that many free slots. */
/* Blocks per SM: GPUSCAN_RING_BLOCKS_PER_SM (they share its shared memory: the ring takes what the
 * block leaves).  A typed input's scanners convert and scan more elements per byte moved than a
 * plain type's, and one block's scanning warps, which wait for each other at every tile, hide too
 * little latency where memory is fast: there a typed input takes a second kernel, P_ring_multi,
 * built for GPUSCAN_RING_TYPED_BLOCKS_PER_SM blocks an SM (P_RING_MULTI_; 0: not built), whose
 * blocks scan other units meanwhile.  Where memory is slower it loses to one block (each block has
 * half the slots), and launched one block an SM it loses to its registers, capped for two: so both
 * kernels are built, and the host picks (host.cuh). */
/* ... as the kernel's __launch_bounds__ asks for them: one where the ring does not run (before sm_90,
 * whose SMs may hold fewer threads than two blocks have). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define GPUSCAN_RING_LAUNCH_BLOCKS_(blocks) 1
#else
#define GPUSCAN_RING_LAUNCH_BLOCKS_(blocks) GPUSCAN_MAX_(1, blocks)
#endif
#define GPUSCAN_RING_MAX_SLOTS 16
/* Test hook: at most this many blocks (0: as many as are resident; the ring suites take a few, so
 * that each block goes round its ring many times). */
#ifndef GPUSCAN_TEST_RING_MAX_BLOCKS
#define GPUSCAN_TEST_RING_MAX_BLOCKS 0
#endif
/* The scanners' block scan: coarsened, with a shape of its own (block.cuh's TAG RING;
 * GPUSCAN_RING_ITEMS, GPUSCAN_RING_MAX_THREADS).  1-, 2-, 4- and
 * 8-byte types: five 16-byte vectors a thread (256 threads), read straight from the slot (direct
 * I/O below) - an odd count, so that the 8 lanes of a quarter warp, whose runs lie 5 vectors
 * apart, meet in no bank (with 4 or 6, or 1- and 2-byte types' former 32-byte runs, the reads and
 * the staged stores conflict 2-5 ways and the scanners fall behind where memory is fast). */
#define GPUSCAN_RING_THREADS(T) GPUSCAN_FIT_THREADS_(GPUSCAN_RING_ITEMS(T) * sizeof(T), GPUSCAN_RING_MAX_THREADS)
#define GPUSCAN_RING_SCRATCH(T) 0
/* The scanners read their runs straight from the slot (no transpose through the tile buffer) and
 * store them through their warp's part of it (block.cuh's direct I/O), for types up to this size. */
#define GPUSCAN_RING_DIRECT_BYTES 8u
/* ... and, for 4- and 8-byte types read as they are, a warp's staged run leaves by one bulk copy
 * (block.cuh; sm_90, where the ring runs).  Typed inputs, whose units write several tiles, and
 * 1-byte types were slower that way (measured with 1-byte runs of 32 bytes a thread). */
#define GPUSCAN_RING_BULK_STORES(P, T) (GPUSCAN_ASYNC_COPY_ && sizeof(T) >= 4 && P##_LOAD_COPIES_)
#define GPUSCAN_RING_SCAN_TILE_(P, T) GPUSCAN_COARSENED_SCAN_TILE_(P, T, RING)
#define GPUSCAN_RING_END_ 0xffffffffu /* a slot's unit when the counter has run out */
/* A reducing lane's next GPUSCAN_RING_READS vectors of its run `mine`, from vector g: the k-th
 * read at step k ^ swizzle (lane & 7), so that the 8 lanes of a quarter warp, whose runs are a
 * multiple of 128 bytes apart, read different banks (P_ring_reduce). */
static __device__ __forceinline__ void gpuscan_ring_read_group_(uint4 raw[GPUSCAN_RING_READS],
                                                                const uint4 *mine, unsigned g,
                                                                unsigned swizzle)
{
#pragma unroll
    for (unsigned k = 0; k < GPUSCAN_RING_READS; ++k) raw[k] = mine[g + (k ^ swizzle)];
}
/* max.NaN / min.NaN of two floats (GPUSCAN_RING_FAST_MINMAX_; the ring runs on sm_90 only). */
static __device__ __forceinline__ float gpuscan_minmax_nan_f32_(int is_max, float a, float b)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    float r;
    if (is_max) asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    else asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
#else
    return a != a ? a : b != b ? b : is_max ? fmaxf(a, b) : fminf(a, b);
#endif
}
/* The max (is_max) or min of a unit of floats by gpuscan_minmax_nan_f32_, in any order: lane l
 * folds its run of `run` vectors at `mine` (read as the reducer reads them, `swizzle` spreading
 * the lanes over the banks) into four chains, then the warp combines the lanes'; every lane gets
 * the result. */
static __device__ __forceinline__ float gpuscan_ring_fold_f32_(const uint4 *mine, unsigned run,
                                                               unsigned swizzle, int is_max)
{
    float acc[4];
#pragma unroll
    for (int c = 0; c < 4; ++c) acc[c] = is_max ? -INFINITY : INFINITY;
#pragma unroll 1
    for (unsigned g = 0; g < run; g += GPUSCAN_RING_READS) {
        uint4 raw[GPUSCAN_RING_READS];
        gpuscan_ring_read_group_(raw, mine, g, swizzle);
#pragma unroll
        for (unsigned k = 0; k < GPUSCAN_RING_READS; ++k) {
            acc[0] = gpuscan_minmax_nan_f32_(is_max, acc[0], __uint_as_float(raw[k].x));
            acc[1] = gpuscan_minmax_nan_f32_(is_max, acc[1], __uint_as_float(raw[k].y));
            acc[2] = gpuscan_minmax_nan_f32_(is_max, acc[2], __uint_as_float(raw[k].z));
            acc[3] = gpuscan_minmax_nan_f32_(is_max, acc[3], __uint_as_float(raw[k].w));
        }
    }
    float r = gpuscan_minmax_nan_f32_(is_max, gpuscan_minmax_nan_f32_(is_max, acc[0], acc[1]),
                                      gpuscan_minmax_nan_f32_(is_max, acc[2], acc[3]));
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        r = gpuscan_minmax_nan_f32_(is_max, r, __shfl_xor_sync(0xffffffffu, r, off));
    return r;
}
/* Types the ring takes: whole 16-byte vectors, coarsened tiles of more than one item, units of
 * whole reads of a reducing warp (32 lanes x READS vectors; always so unless the tile or unit
 * macros were made smaller). */
#define GPUSCAN_RING_OK_(T)                                                                         \
    (16u % sizeof(T) == 0u && GPUSCAN_RING_ITEMS(T) > 1 &&                                          \
     GPUSCAN_VECTOR_OK_(T, GPUSCAN_RING_ITEMS(T)) &&                                                \
     GPUSCAN_RING_UNIT_(T, sizeof(T)) * sizeof(T) % (32u * 16u * GPUSCAN_RING_READS) == 0u)
/* A warp's bulk store: `bytes` (a multiple of 16) of its part of shared memory at src to dst
 * (16-byte aligned), issued by lane 0 once every lane's writes to src are visible to the copy. */
static __device__ __forceinline__ void gpuscan_bulk_store_warp_(void *dst, const void *src, unsigned bytes,
                                                                unsigned lane)
{
#if GPUSCAN_ASYNC_COPY_
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncwarp();
    if (lane == 0) {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst),
                     "r"(gpuscan_shared_addr_(src)), "r"(bytes) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }
#else
    (void)dst, (void)src, (void)bytes, (void)lane;
    __trap();
#endif
}
/* Before a warp writes its part of shared memory again: its bulk stores have read it. */
static __device__ __forceinline__ void gpuscan_bulk_stores_read_(unsigned lane)
{
    if (lane == 0) GPUSCAN_SM90_ASM_("cp.async.bulk.wait_group.read 0;");
    __syncwarp();
}
/* ... and before the block exits: they are done. */
static __device__ __forceinline__ void gpuscan_bulk_stores_done_(void)
{
    GPUSCAN_SM90_ASM_("cp.async.bulk.wait_group 0;");
}
#define GPUSCAN_RING_WARPS_(P, T)                                                                   \
    (GPUSCAN_RING_THREADS(T) / 32 + 1 + P##_RING_REDUCERS_ + GPUSCAN_RING_LOOKERS(T))

/* Copies `bytes` (a multiple of 16; both addresses 16-byte aligned) from global to shared
 * memory; the arrival announces them and the copy's completion counts them off on `bar`. */
static __device__ __forceinline__ void gpuscan_bulk_load_(void *dst, const void *src, unsigned bytes,
                                                          unsigned long long *bar)
{
#if GPUSCAN_ASYNC_COPY_
    const unsigned b = gpuscan_shared_addr_(bar);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes) : "memory");
    if (bytes > 0)
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                     ::"r"(gpuscan_shared_addr_(dst)), "l"(src), "r"(bytes), "r"(b) : "memory");
#else
    (void)dst, (void)src, (void)bytes, (void)bar;
    __trap();
#endif
}

/* The ring's hand-over state in shared memory (the kernel's arrays; here so that each role's
 * function sees them): per slot, the unit in it and four mbarriers - full (its copy has
 * landed), reduced (its aggregate is published), ready (its prefix is known), empty (scanned:
 * free again) - and the prefix handed to the scanners. */
typedef struct gpuscan_ring_ {
    unsigned long long *full, *reduced, *ready, *empty;
    unsigned *unit_of;
    int *has_prefix_of;
    uint4 *data; /* slots units */
    unsigned slots, slots_inv; /* slots_inv: gpuscan_ring_inverse_(slots) */
} gpuscan_ring_;
/* ceil(2^32 / slots) (slots >= 2), for gpuscan_ring_slot_. */
static __device__ __forceinline__ unsigned gpuscan_ring_inverse_(unsigned slots) { return 0xffffffffu / slots + 1u; }
/* Turn i's slot, i % slots, and its lap, i / slots, by a multiply: slots is known only at launch,
 * and a division there cost every scanning warp about 25 instructions a tile, 9 % of a uint8 scan's
 * (ncu, H200, 2^30).  The product's quotient is exact or one too large. */
static __device__ __forceinline__ unsigned gpuscan_ring_slot_(const gpuscan_ring_ *r, unsigned i, unsigned *lap)
{
    unsigned q = __umulhi(i, r->slots_inv), s = i - q * r->slots;
    if ((int)s < 0) --q, s += r->slots;
    if (lap) *lap = q;
    return s;
}
/* The unit in the slot of a warp's turn *i (that slot in *slot), once `bar` of that slot has
 * completed the turn's phase.  Past the last unit the producer fills `multiple` turns in a row
 * (GPUSCAN_RING_SLOT_MULTIPLE_) with GPUSCAN_RING_END_.  A reducer or look-back warp (`count` of
 * its kind; turns *i, *i + count, ...) passes each of its END turns on to `next` (lane 0) -
 * every turn of the next stage must get its END, or a warp there would wait forever - and gets
 * END after the last of them; the scanners (next NULL) get END at the first.  END: the warp's
 * role is over. */
static __device__ __forceinline__ unsigned gpuscan_ring_take_(const gpuscan_ring_ *r, unsigned long long *bar,
                                                              unsigned long long *next, unsigned *i, unsigned count,
                                                              unsigned multiple, unsigned *slot)
{
    for (unsigned ends = 1;; ++ends, *i += count) {
        unsigned lap;
        const unsigned s = *slot = gpuscan_ring_slot_(r, *i, &lap);
        gpuscan_mbar_wait_(&bar[s], lap & 1u);
        const unsigned u = r->unit_of[s];
        if (u != GPUSCAN_RING_END_ || next == NULL) return u;
        if ((threadIdx.x & 31u) == 0) gpuscan_mbar_arrive_(&next[s]);
        if (ends == multiple / count) return u;
    }
}
/* A unit on the ring: whole tiles, GPUSCAN_RING_UNIT_BYTES of the input (its slot holds the input
 * type, IN bytes an element) or one tile where a tile is larger (every type read as it is:
 * 20 KiB).  Smaller units leave the look-back too much to do, larger ones too few slots; a
 * narrower input (uint8 -> int32) takes more tiles a unit, in a slot no larger.  The host lays
 * out states for the ring's units as well as for reduce-ahead's (GPUSCAN_RING_PLAN_UNIT_: 0 where
 * T never takes the ring). */
#define GPUSCAN_RING_UNIT_TILES_(T, IN) GPUSCAN_MAX_(1, GPUSCAN_RING_UNIT_BYTES / (GPUSCAN_TILE_(RING, T) * (IN)))
#define GPUSCAN_RING_UNIT_(T, IN) (GPUSCAN_RING_UNIT_TILES_(T, IN) * GPUSCAN_TILE_(RING, T))
#define GPUSCAN_RING_PLAN_UNIT_(T, IN)                                                              \
    (GPUSCAN_RING && GPUSCAN_RING_FOR(T) && GPUSCAN_RING_OK_(T) ? (size_t)GPUSCAN_RING_UNIT_(T, IN) : (size_t)0)

/* The ring kernel of one T (coarsened tiles; see the top of this file), one function a role. */
#if !GPUSCAN_RING
#define GPUSCAN_RING_KERNEL_(P, T)
#else
#define GPUSCAN_RING_SLOTS_(P, T)                                                               \
    GPUSCAN_BLOCK_SCAN_ONLY_(P, T, RING)                                                            \
    /* (REV: in 32 bits, else the mirrored reader's address made the compiler redo the slot's      \
     * index with a 64-bit division every unit; the forward kernels run faster as they were) */     \
    static __device__ __forceinline__ T *P##_ring_slot(const gpuscan_ring_ *r, unsigned s)          \
    {                                                                                               \
        enum { VECTORS = P##_RING_UNIT_ * sizeof(P##_in_t) / 16 };                                  \
        return (T *)(r->data + (P##_REVERSED_ ? (size_t)(s * (unsigned)VECTORS)                      \
                                              : (size_t)s * VECTORS));                              \
    }                                                                                               \
    /* The input's unit that the scan's unit u of `units` holds (REV: mirrored, the scan's unit 0   \
     * the input's last, partial one). */                                                           \
    static __device__ __forceinline__ unsigned P##_ring_input_unit(unsigned u, unsigned units)      \
    {                                                                                               \
        return P##_REVERSED_ ? units - 1u - u : u;                                                  \
    }                                                                                               \
    /* Two operands in the order `swap` says (swap: b (x) a). */                                    \
    static __device__ __forceinline__ T P##_ring_combine_ordered(T a, T b, int swap)                \
    {                                                                                               \
        const T lo = swap ? b : a, hi = swap ? a : b;                                               \
        return P##_combine(lo, hi);                                                                 \
    }
#define GPUSCAN_RING_REDUCE_(P, T)                                                                  \
    /* The reduction, in lane 0, of a unit's first `vectors` 16-byte vectors in shared memory       \
     * (a multiple of 32 x GROUP), by one warp.  Lane l folds its own run of vectors/32 vectors     \
     * in order, GROUP at a time; then the warp combines the lanes' results, once.  The 8 lanes     \
     * of a quarter warp would all read the same banks (their runs are a multiple of 128 bytes      \
     * apart), so lane l reads a group's k-th vector at step k ^ (l & 7), one bank group a          \
     * lane, and the tree over the group's folds swaps the operands that the XOR swapped.  A        \
     * third of the instructions of a warp reduction a read: one reducing                          \
     * warp has to keep up with a whole block. */                                                   \
    static __device__ __forceinline__ T P##_ring_reduce(const uint4 *data, unsigned vectors)        \
    {                                                                                               \
        enum { VEC = sizeof(T) <= 16 ? 16 / sizeof(T) : 1, GROUP = GPUSCAN_RING_READS };           \
        const unsigned lane = threadIdx.x & 31u, swizzle = lane & (GROUP - 1u);                     \
        const unsigned run = vectors / 32u;                                                         \
        const uint4 *mine = data + lane * run;                                                      \
        if (P##_RING_FAST_) { /* float max/min (GPUSCAN_RING_FAST_MINMAX_): exact where normal */   \
            const float r = gpuscan_ring_fold_f32_(mine, run, swizzle, P##_RING_FAST_ == 1);        \
            if (fabsf(r) >= FLT_MIN) {                                                              \
                T t;                                                                                \
                memcpy(&t, &r, sizeof(T) < sizeof r ? sizeof(T) : sizeof r);                        \
                return t;                                                                           \
            }                                                                                       \
        }                                                                                           \
        if (P##_packs(VEC)) { /* packed words (bytes.cuh) commute: one fold a lane, any order */    \
            P##_words_fold f = P##_words_start();                                                   \
            _Pragma("unroll 1") for (unsigned g = 0; g < run; g += GROUP) {                         \
                uint4 raw[GROUP];                                                                   \
                gpuscan_ring_read_group_(raw, mine, g, swizzle);                                    \
                _Pragma("unroll") for (unsigned k = 0; k < GROUP; ++k)                              \
                    P##_words_add_vector(&f, raw[k]);                                               \
            }                                                                                       \
            return P##_warp_reduce(P##_words_result(f), (int)lane, 32);                             \
        }                                                                                           \
        T acc = P##_identity();                                                                     \
        _Pragma("unroll 1") for (unsigned g = 0; g < run; g += GROUP) {                             \
            uint4 raw[GROUP];                                                                       \
            gpuscan_ring_read_group_(raw, mine, g, swizzle);                                        \
            T f[GROUP];                                                                             \
            _Pragma("unroll") for (unsigned k = 0; k < GROUP; ++k) {                                \
                T part[VEC];                                                                        \
                memcpy(part, &raw[k], sizeof part < 16 ? sizeof part : 16);                         \
                f[k] = P##_fold(part, VEC);                                                         \
            }                                                                                       \
            /* level w pairs f[k] and f[k + w], swapped where bit w of the swizzle is set */        \
            _Pragma("unroll") for (unsigned w = 1; w < GROUP; w <<= 1)                              \
                _Pragma("unroll") for (unsigned k = 0; k < GROUP; k += 2 * w)                       \
                    f[k] = P##_ring_combine_ordered(f[k], f[k + w], (swizzle & w) != 0);            \
            acc = g == 0 ? f[0] : P##_combine(acc, f[0]);                                           \
        }                                                                                           \
        return P##_warp_reduce(acc, (int)lane, 32);                                                 \
    }
#define GPUSCAN_RING_REDUCE_TYPED_(P, T)                                                         \
    /* The reduction, in every lane, of a slot's `valid` elements of a typed input through the      \
     * load stage (`first`: the first one's index), by one warp: 16-byte vectors striped over the   \
     * lanes, GROUP reads in flight, the last partial vector one element a lane.  Any order: only   \
     * commutative operators take the ring with a typed input (GPUSCAN_RING_CHOICE_). */           \
    static __device__ __forceinline__ __attribute__((unused)) T P##_ring_reduce_typed(              \
        const uint4 *data, unsigned valid, size_t first)                                            \
    {                                                                                               \
        enum { VEC = 16 / sizeof(P##_in_t) > 0 ? 16 / sizeof(P##_in_t) : 1,                         \
               GROUP = GPUSCAN_RING_READS };                                                       \
        const unsigned lane = threadIdx.x & 31u, whole = valid / VEC;                               \
        T acc = P##_identity();                                                                     \
        _Pragma("unroll 1") for (unsigned g = 0; g < whole; g += 32u * GROUP) {                     \
            uint4 raw[GROUP];                                                                       \
            _Pragma("unroll") for (unsigned k = 0; k < GROUP; ++k)                                  \
                if (g + k * 32u + lane < whole) raw[k] = data[g + k * 32u + lane];                  \
            _Pragma("unroll") for (unsigned k = 0; k < GROUP; ++k) {                                \
                const unsigned v = g + k * 32u + lane;                                              \
                if (v < whole) {                                                                    \
                    T part[VEC];                                                                    \
                    P##_load_vector(part, raw[k], first + (size_t)v * VEC);                         \
                    acc = P##_combine(acc, P##_fold(part, VEC));                                    \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
        const P##_in_t *elems = (const P##_in_t *)(const void *)data;                               \
        for (unsigned e = whole * VEC + lane; e < valid; e += 32u)                                  \
            acc = P##_combine(acc, P##_load_stage(elems[e], first + e));                            \
        return P##_warp_reduce(acc, (int)lane, 32);                                                 \
    }
#define GPUSCAN_RING_PRODUCER_REDUCERS_(P, T)                                                   \
    /* Producer (one thread): claims units into free slots - CLAIM at a time, once that many        \
     * slots are free, so that a claimed unit's aggregate is still one copy away - and starts       \
     * their copies, then fills GPUSCAN_RING_SLOT_MULTIPLE_ turns with END. */                      \
    static __device__ __forceinline__ void P##_ring_produce(const gpuscan_ring_ *r,                 \
                                                            const P##_in_t *in,                     \
                                                            size_t n, unsigned *counter,            \
                                                            unsigned units)                         \
    {                                                                                               \
        enum { UNIT = P##_RING_UNIT_, CLAIM = P##_RING_CLAIM_ };                                    \
        unsigned ends = 0, exhausted = 0, next = 0, left = 0;                                       \
        for (unsigned i = 0; ends < GPUSCAN_RING_SLOT_MULTIPLE_(P, T); ++i) {                       \
            unsigned lap;                                                                           \
            const unsigned s = gpuscan_ring_slot_(r, i, &lap);                                      \
            gpuscan_mbar_wait_(&r->empty[s], (lap & 1u) ^ 1u);                                      \
            unsigned u = GPUSCAN_RING_END_;                                                         \
            if (!exhausted) {                                                                       \
                if (CLAIM > 1 && left == 0) {                                                       \
                    for (unsigned j = i + 1, jlap; j < i + CLAIM; ++j) {                            \
                        const unsigned js = gpuscan_ring_slot_(r, j, &jlap);                        \
                        gpuscan_mbar_wait_(&r->empty[js], (jlap & 1u) ^ 1u);                        \
                    }                                                                               \
                    next = atomicAdd(counter, (unsigned)CLAIM), left = CLAIM;                       \
                }                                                                                   \
                u = CLAIM > 1 ? (--left, next++) : atomicAdd(counter, 1u);                          \
                if (u >= units) u = GPUSCAN_RING_END_, exhausted = 1;                               \
            }                                                                                       \
            r->unit_of[s] = u;                                                                      \
            if (u == GPUSCAN_RING_END_) {                                                           \
                ++ends;                                                                             \
                gpuscan_mbar_arrive_(&r->full[s]);                                                  \
                continue;                                                                           \
            }                                                                                       \
            const size_t base = (size_t)P##_ring_input_unit(u, units) * UNIT;                       \
            const unsigned valid = gpuscan_run_length_(n, base, UNIT);                              \
            const unsigned bulk = valid * (unsigned)sizeof(P##_in_t) & ~15u; /* the rest: by hand */\
            P##_in_t *slot = (P##_in_t *)(void *)P##_ring_slot(r, s);                               \
            for (unsigned e = bulk / sizeof(P##_in_t); e < valid; ++e) slot[e] = in[base + e];      \
            gpuscan_bulk_load_(slot, in + base, bulk, &r->full[s]);                                 \
        }                                                                                           \
    }
#define GPUSCAN_RING_REDUCERS_(P, T)                                                                \
    /* Reducer warp k: reduces the units of slots k, k + REDUCERS, ... as they land, publishes      \
     * their aggregates (unit 0: its inclusive prefix, after the seed, which it reads and leaves    \
     * in prefix_of for the look-back warp - unit 0's slot holds no earlier unit's prefix) and      \
     * leaves them in agg_of. */                                                                    \
    static __device__ __forceinline__ void P##_ring_reduce_units(const gpuscan_ring_ *r,            \
                                                                 unsigned k, size_t n,              \
                                                                 gpuscan_states_ states,            \
                                                                 unsigned *agg_slots,               \
                                                                 unsigned *prefix_slots, T *agg_of, \
                                                                 T *prefix_of, unsigned units,      \
                                                                 const P##_ends *ends)              \
    {                                                                                               \
        enum { UNIT = P##_RING_UNIT_,                                                               \
               PER_READ = 32u * GPUSCAN_RING_READS * 16u / sizeof(T) };                            \
        const unsigned lane = threadIdx.x & 31u;                                                    \
        for (unsigned i = k;; i += P##_RING_REDUCERS_) {                                            \
            unsigned s;                                                                             \
            const unsigned u = gpuscan_ring_take_(r, r->full, r->reduced, &i,                       \
                                                  P##_RING_REDUCERS_,                               \
                                                  GPUSCAN_RING_SLOT_MULTIPLE_(P, T), &s);           \
            if (u == GPUSCAN_RING_END_) return;                                                     \
            const size_t first = (size_t)P##_ring_input_unit(u, units) * UNIT;                      \
            const unsigned valid = gpuscan_run_length_(n, first, UNIT);                             \
            T *slot = P##_ring_slot(r, s);                                                          \
            T acc;                                                                                  \
            if (P##_LOAD_COPIES_) {                                                                 \
                /* a partial unit: the identity up to the next whole read of the warp */            \
                const unsigned reach = (valid + PER_READ - 1) / PER_READ * PER_READ;                \
                for (unsigned e = valid + lane; e < reach; e += 32) slot[e] = P##_identity();       \
                __syncwarp();                                                                       \
                acc = P##_ring_reduce((const uint4 *)slot, reach * (unsigned)sizeof(T) / 16u);      \
            } else {                                                                                \
                acc = P##_ring_reduce_typed((const uint4 *)slot, valid, first);                     \
            }                                                                                       \
            if (lane == 0) {                                                                        \
                if (u == 0 && ends->seeded) {                                                       \
                    prefix_of[s] = P##_seed(ends);                                                  \
                    acc = P##_combine(prefix_of[s], acc);                                           \
                }                                                                                   \
                P##_publish(states, u > 0 ? agg_slots : prefix_slots, u,                            \
                            u > 0 ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX, acc);           \
                agg_of[s] = acc;                                                                    \
                gpuscan_mbar_arrive_(&r->reduced[s]);                                               \
            }                                                                                       \
        }                                                                                           \
    }
#define GPUSCAN_RING_LOOKERS_SCANNERS_(P, T)                                                    \
    /* Deterministic (grid.cuh: groups of 32 claims of CLAIM units): the exclusive prefix of unit   \
     * u > 0.  A claim's first unit looks back over claims; a later one takes the inclusive prefix  \
     * of the unit before, where this warp had it, or else folds its claim's earlier units from    \
     * the claim's prefix (unit 0's claim: from unit 0's inclusive prefix, the seed's).  *claim_at  \
     * and *claim_agg carry the claim's prefix and the fold of its units so far (own included      \
     * after the call), for the B the last unit of a group's first claim publishes. */             \
    static __device__ __forceinline__ T P##_ring_claim_prefix(unsigned u, unsigned last,            \
                                                              T last_inclusive, T own,              \
                                                              T *claim_at, T *claim_agg,            \
                                                              gpuscan_states_ states,               \
                                                              unsigned *agg_slots,                  \
                                                              unsigned *prefix_slots, T fill)       \
    {                                                                                               \
        enum { C = P##_RING_CLAIM_ };                                                               \
        static_assert(!P##_FIXED_ORDER_ || C <= GPUSCAN_GROUP_CLAIM_MOST_,                          \
                      "gpuscan: GPUSCAN_RING_CLAIM (_TYPED_CLAIM) is at most 4 when deterministic");  \
        const unsigned q = u % C;                                                                   \
        const size_t c = u / C, first = c * C;                                                      \
        T prefix;                                                                                   \
        if (q == 0) {                                                                               \
            prefix = *claim_at = P##_group_lookback(c, C, states, agg_slots, prefix_slots, fill);   \
            *claim_agg = own;                                                                       \
            return prefix;                                                                          \
        }                                                                                           \
        if (u == last + 1) {                                                                        \
            prefix = last_inclusive;                                                                \
        } else {                                                                                    \
            T a;                                                                                    \
            P##_await(states, agg_slots, prefix_slots, first, &a);                                  \
            *claim_at = c > 0 ? P##_group_lookback(c, C, states, agg_slots, prefix_slots, fill) : a; \
            *claim_agg = a;                                                                         \
            prefix = c > 0 ? P##_combine(*claim_at, a) : a;                                         \
            for (unsigned j = 1; j < q; ++j) {                                                      \
                P##_await(states, agg_slots, prefix_slots, first + j, &a);                          \
                prefix = P##_combine(prefix, a);                                                    \
                *claim_agg = P##_combine(*claim_agg, a);                                            \
            }                                                                                       \
        }                                                                                           \
        *claim_agg = P##_combine(*claim_agg, own);                                                  \
        return prefix;                                                                              \
    }                                                                                               \
    /* Look-back warp k: finds the exclusive prefixes of the units of slots k, k + LOOKERS, ...,    \
     * publishes their inclusive ones and hands the prefixes to the scanners (prefix_of).  A unit   \
     * right after the warp's last one (claimed with it: GPUSCAN_RING_CLAIM) takes that one's       \
     * inclusive prefix (unit 0's: its aggregate, the seed included) without a look-back. */        \
    static __device__ __forceinline__ void P##_ring_look_back(const gpuscan_ring_ *r, unsigned k,   \
                                                              gpuscan_states_ states,               \
                                                              unsigned *agg_slots,                  \
                                                              unsigned *prefix_slots,               \
                                                              const T *agg_of, T *prefix_of,        \
                                                              const P##_ends *ends)                 \
    {                                                                                               \
        unsigned last = GPUSCAN_RING_END_;                                                          \
        T last_inclusive = ends->init, claim_at = ends->init, claim_agg = ends->init;               \
        for (unsigned i = k;; i += GPUSCAN_RING_LOOKERS(T)) {                                       \
            unsigned s;                                                                             \
            const unsigned u = gpuscan_ring_take_(r, r->reduced, r->ready, &i,                      \
                                                  GPUSCAN_RING_LOOKERS(T),                          \
                                                  GPUSCAN_RING_SLOT_MULTIPLE_(P, T), &s);           \
            if (u == GPUSCAN_RING_END_) return;                                                     \
            T prefix = u == 0 && ends->seeded ? prefix_of[s] : ends->init;                          \
            if (u > 0) {                                                                            \
                const T own = agg_of[s];                                                            \
                if (P##_FIXED_ORDER_ && P##_RING_CLAIM_ > 1) {                                      \
                    prefix = P##_ring_claim_prefix(u, last, last_inclusive, own, &claim_at,         \
                                                   &claim_agg, states, agg_slots, prefix_slots,     \
                                                   ends->init);                                     \
                    if ((threadIdx.x & 31u) == 0 && P##_publishes_prefix(u, P##_RING_CLAIM_))       \
                        P##_publish(states, prefix_slots, u, GPUSCAN_STATE_PREFIX,                  \
                                    u < P##_RING_CLAIM_ ? P##_combine(prefix, own)                  \
                                                        : P##_combine(claim_at, claim_agg));        \
                } else {                                                                            \
                    prefix = P##_RING_CLAIM_ > 1 && u == last + 1                                   \
                                 ? last_inclusive                                                   \
                                 : P##_lookback(u, states, agg_slots, prefix_slots, ends->init);    \
                    if ((threadIdx.x & 31u) == 0 && P##_publishes_prefix(u, 1u))                    \
                        P##_publish(states, prefix_slots, u, GPUSCAN_STATE_PREFIX,                  \
                                    P##_combine(prefix, own));                                      \
                }                                                                                   \
            }                                                                                       \
            if (P##_RING_CLAIM_ > 1)                                                                \
                last = u, last_inclusive = u > 0 ? P##_combine(prefix, agg_of[s]) : agg_of[s];      \
            if ((threadIdx.x & 31u) == 0) {                                                         \
                prefix_of[s] = prefix;                                                              \
                r->has_prefix_of[s] = u > 0 || ends->seeded;                                        \
                gpuscan_mbar_arrive_(&r->ready[s]);                                                 \
            }                                                                                       \
        }                                                                                           \
    }
#define GPUSCAN_RING_SCANNERS_(P, T)                                                                \
    /* Scanners (threads 0..THREADS-1): scan each unit's tiles from its slot after its prefix, in   \
     * slot order, write them out and free the slot once its last tile is read; the last unit's     \
     * inclusive prefix is the total. */                                                            \
    static __device__ __forceinline__ void P##_ring_scan_units(const gpuscan_ring_ *r, T *out,      \
                                                               size_t n, const T *prefix_of,        \
                                                               unsigned units,                      \
                                                               const P##_ends *ends)                \
    {                                                                                               \
        enum { THREADS = GPUSCAN_RING_THREADS(T), TILE = GPUSCAN_TILE_(RING, T),                    \
               UNIT_TILES = P##_RING_UNIT_ / TILE };                                                \
        T *buf = P##_RING_buffer(); /* direct I/O stores through it too (block.cuh) */              \
        for (unsigned i = 0;; ++i) {                                                                \
            unsigned s;                                                                             \
            const unsigned u = gpuscan_ring_take_(r, r->ready, NULL, &i, 1, 1, &s);                 \
            if (u == GPUSCAN_RING_END_) {                                                           \
                if (GPUSCAN_RING_BULK_STORES(P, T)) gpuscan_bulk_stores_done_(); /* before exit */  \
                return;                                                                             \
            }                                                                                       \
            T prefix = prefix_of[s];                                                                \
            int has_prefix = r->has_prefix_of[s];                                                   \
            const T *slot = P##_ring_slot(r, s);                                                    \
            _Pragma("unroll 1") for (unsigned t = 0; t < UNIT_TILES; ++t) {                         \
                /* the slot's tile j (REV: from its last; the tiles past n, whose mirrored place    \
                 * is the first unit's lead of identities, skipped) */                              \
                const unsigned j = P##_REVERSED_ ? UNIT_TILES - 1u - t : t;                         \
                const size_t base = (size_t)P##_ring_input_unit(u, units) * P##_RING_UNIT_ +        \
                                    (size_t)j * TILE;                                               \
                if (base >= n) {                                                                    \
                    if (P##_REVERSED_) continue;                                                    \
                    break;                                                                          \
                }                                                                                   \
                const unsigned valid = gpuscan_run_length_(n, base, TILE);                          \
                T items[GPUSCAN_RING_ITEMS(T)];                                                     \
                P##_RING_load_hinted_at((const P##_in_t *)(const void *)slot, (size_t)j * TILE, base, \
                                  valid, items, buf, 1); /* (the input as read) */                  \
                if (t == UNIT_TILES - 1 || (!P##_REVERSED_ && base + TILE >= n)) { /* slot done */  \
                    __syncwarp();                                                                   \
                    if ((threadIdx.x & 31u) == 0) gpuscan_mbar_arrive_(&r->empty[s]);               \
                }                                                                                   \
                T before, aggregate = P##_RING_scan_tile(items, buf, &before);                      \
                P##_RING_store(out, base, valid, items, prefix, has_prefix, ends->exclusive,        \
                               before, buf);                                                        \
                prefix = has_prefix ? P##_combine(prefix, aggregate) : aggregate;                   \
                has_prefix = 1;                                                                     \
                gpuscan_group_sync_(THREADS); /* the warp totals are reused */                      \
            }                                                                                       \
            if (threadIdx.x == 0 && u == units - 1) P##_put_total(ends, prefix);                    \
        }                                                                                           \
    }
#define GPUSCAN_RING_ENTRY_(P, T, NAME, BLOCKS)                                                 \
    /* The kernel NAME, for BLOCKS blocks an SM (0: not built): warps 0..THREADS/32-1 scan, then    \
     * the producer's, the reducers', the look-back warps'.  `slots` units fit in its dynamic       \
     * shared memory.  Its states are cleared before every launch (round 0, grid.cuh): at the     \
     * ring's sizes a clearing launch costs nothing one can measure. */                             \
    static __global__ void                                                                          \
    __launch_bounds__(32 * GPUSCAN_RING_WARPS_(P, T), GPUSCAN_RING_LAUNCH_BLOCKS_(BLOCKS))          \
    NAME(const P##_in_t *in, T *out, size_t n, unsigned *counter, void *states,                     \
             unsigned *agg_slots,                                                                   \
             unsigned *prefix_slots, unsigned units, unsigned slots, P##_ends ends)                 \
    {                                                                                               \
        if (GPUSCAN_TEST_EMPTY_KERNELS) return;                                                     \
        enum { SCAN_WARPS = GPUSCAN_RING_THREADS(T) / 32, PRODUCER = SCAN_WARPS,                    \
               REDUCER0 = PRODUCER + 1, LOOKER0 = REDUCER0 + P##_RING_REDUCERS_ };                  \
        extern __shared__ uint4 ring_data[];                                                        \
        __shared__ unsigned long long full[GPUSCAN_RING_MAX_SLOTS], reduced[GPUSCAN_RING_MAX_SLOTS],\
            ready[GPUSCAN_RING_MAX_SLOTS], empty[GPUSCAN_RING_MAX_SLOTS];                           \
        __shared__ unsigned unit_of[GPUSCAN_RING_MAX_SLOTS];                                        \
        __shared__ int has_prefix_of[GPUSCAN_RING_MAX_SLOTS];                                       \
        __shared__ __align__(16) unsigned char agg_raw[GPUSCAN_RING_MAX_SLOTS * sizeof(T)],         \
            prefix_raw[GPUSCAN_RING_MAX_SLOTS * sizeof(T)];                                         \
        const gpuscan_ring_ r = {full,      reduced, ready, empty, unit_of, has_prefix_of,          \
                                 ring_data, slots,   gpuscan_ring_inverse_(slots)};                 \
        const unsigned warp = threadIdx.x >> 5;                                                     \
        if (!P##_RING_TAKES_ || (BLOCKS) == 0) return; /* not built where the host never runs it */ \
        if (threadIdx.x < slots) {                                                                  \
            gpuscan_mbar_init_(&full[threadIdx.x], 1);                                              \
            gpuscan_mbar_init_(&reduced[threadIdx.x], 1);                                           \
            gpuscan_mbar_init_(&ready[threadIdx.x], 1);                                             \
            gpuscan_mbar_init_(&empty[threadIdx.x], SCAN_WARPS);                                    \
            gpuscan_mbar_init_fence_();                                                             \
        }                                                                                           \
        __syncthreads(); /* the last block-wide barrier: from here on each role has its own */      \
        if (warp < SCAN_WARPS)                                                                      \
            P##_ring_scan_units(&r, out, n, (const T *)prefix_raw, units, &ends);                   \
        else if (warp == PRODUCER) {                                                                \
            if ((threadIdx.x & 31u) == 0) P##_ring_produce(&r, in, n, counter, units);              \
        } else if (warp < LOOKER0)                                                                  \
            P##_ring_reduce_units(&r, warp - REDUCER0, n, gpuscan_states_cleared_(states),          \
                                  agg_slots, prefix_slots, (T *)agg_raw, (T *)prefix_raw, units,    \
                                  &ends);                                                           \
        else                                                                                        \
            P##_ring_look_back(&r, warp - LOOKER0, gpuscan_states_cleared_(states), agg_slots,      \
                               prefix_slots, (const T *)agg_raw, (T *)prefix_raw, &ends);           \
    }
#define GPUSCAN_RING_KERNEL_(P, T)                                                                  \
    GPUSCAN_RING_SLOTS_(P, T)                                                                       \
    GPUSCAN_RING_REDUCE_(P, T)                                                                      \
    GPUSCAN_RING_REDUCE_TYPED_(P, T)                                                                \
    GPUSCAN_RING_PRODUCER_REDUCERS_(P, T)                                                           \
    GPUSCAN_RING_REDUCERS_(P, T)                                                                    \
    GPUSCAN_RING_LOOKERS_SCANNERS_(P, T)                                                            \
    GPUSCAN_RING_SCANNERS_(P, T)                                                                    \
    GPUSCAN_RING_ENTRY_(P, T, P##_ring, GPUSCAN_RING_BLOCKS_PER_SM(T))                              \
    GPUSCAN_RING_ENTRY_(P, T, P##_ring_multi, P##_RING_MULTI_)
#endif /* GPUSCAN_RING */

#endif /* GPUSCAN_RING_CUH */
