/* gpuscan/tuning.cuh - the knobs that only tune: sizes, counts and thresholds, with their defaults.
 *
 * Each can be set before including gpuscan.cuh (-D or #define); none changes what a scan computes,
 * only its speed and the resources a kernel takes (floating-point results round as the tile shape
 * groups them, as with any tree order).  Why each mechanism is as it is: the layer that uses it (named
 * below); how each default was found: docs/design.md.  Switches that turn a mechanism on or off
 * stay beside it in its layer, and test hooks are named GPUSCAN_TEST_*. */
#ifndef GPUSCAN_TUNING_CUH
#define GPUSCAN_TUNING_CUH

/* ---- block.cuh: the coarsened block scan and tile I/O ------------------------------------------ */
/* Items a thread of the coarsened block scan owns (a run of consecutive elements). */
#ifndef GPUSCAN_CO_ITEMS
#define GPUSCAN_CO_ITEMS(T)                                                                         \
    (sizeof(T) <= 4 ? 32 : sizeof(T) <= 8 ? 16 : sizeof(T) <= 16 ? 8 : sizeof(T) <= 32 ? 2 : 1)
#endif
/* ... and of unique by key, which holds a tile's keys beside its values (block.cuh: the KV tile):
 * int32 at 2^22-2^28, 16 items a thread at 1,024 threads an SM (12 bytes spilled) took 0.82-0.90
 * of 32 items' time at 768 (44 bytes spilled) for runs of 1 and 16, 0.88-1.02 for runs of 1,024 -
 * where the other selections took up to 1.48x their time at 16 items. */
#ifndef GPUSCAN_KV_ITEMS
#define GPUSCAN_KV_ITEMS(T) (GPUSCAN_CO_ITEMS(T) < 16 ? GPUSCAN_CO_ITEMS(T) : 16)
#endif
/* Its threads at most (fewer where the tile buffer would pass GPUSCAN_TILE_BUFFER_BYTES). */
#ifndef GPUSCAN_CO_MAX_THREADS
#define GPUSCAN_CO_MAX_THREADS 256
#endif
/* The most bytes of static shared memory a tile buffer takes (its padding included; the block's
 * other shared variables share the 48 KiB a block may hold statically). */
#ifndef GPUSCAN_TILE_BUFFER_BYTES
#define GPUSCAN_TILE_BUFFER_BYTES 32768u
#endif
/* Types up to this size read and write each thread's own run, without the transpose. */
#ifndef GPUSCAN_DIRECT_IO_MAX_BYTES
#define GPUSCAN_DIRECT_IO_MAX_BYTES 1u
#endif
/* Reduce-ahead reduces whole units of types up to this size as read (0: never). */
#ifndef GPUSCAN_REDUCE_AS_READ_MAX_BYTES
#define GPUSCAN_REDUCE_AS_READ_MAX_BYTES 2u
#endif
/* The most 16-byte reads a thread keeps in flight in such a reduction. */
#ifndef GPUSCAN_SPAN_READS
#define GPUSCAN_SPAN_READS 8u
#endif

/* ---- grid.cuh: single-pass kernels, clusters, reduce-ahead -------------------------------------- */
/* A look-back of at most this many tiles runs as one thread-block cluster (0: never). */
#ifndef GPUSCAN_CLUSTER_MAX_TILES
#define GPUSCAN_CLUSTER_MAX_TILES 16
#endif
/* Threads a single-pass kernel's register budget lets reside on an SM (__launch_bounds__). */
#ifndef GPUSCAN_SINGLE_PASS_THREADS_PER_SM
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800 /* Turing holds at most 1024 threads per SM */
#define GPUSCAN_SINGLE_PASS_THREADS_PER_SM(T) 1024
#else
#define GPUSCAN_SINGLE_PASS_THREADS_PER_SM(T) (sizeof(T) > 8 ? 1024 : 1280)
#endif
#endif
/* ... and a selection's (select.cuh), by what marks its kept elements (MARK): 0 a predicate; 1 a
 * flag array held beside the items while both load, which spilled at the look-back's budget, or
 * the neighbours compared (unique, run-length encoding: at 2^28 int32 with every element kept,
 * 7 % and 3 % faster at 1024 than at 1280); 2 two predicates and two counts (a three-way
 * partition: 56 bytes spilled at 1024); 3 keys beside the values (unique by key, in its KV tile:
 * 104 bytes spilled at 1,536, 12 at 1,024; at 768, 7-18 % slower than at 1,024). */
#ifndef GPUSCAN_SELECT_THREADS_PER_SM
#define GPUSCAN_SELECT_THREADS_PER_SM(T, mark)                                                      \
    ((mark) == 2 ? 768 : (mark) == 1 || (mark) == 3 ? 1024 : GPUSCAN_SINGLE_PASS_THREADS_PER_SM(T))
#endif
/* ... and a segmented scan's (segment.cuh), which reads its heads as a flagged selection reads its
 * flags; whether it holds a tile's items in the tile buffer while the prefix comes (else in
 * registers, where some types spill). */
#ifndef GPUSCAN_SEGMENT_THREADS_PER_SM
#define GPUSCAN_SEGMENT_THREADS_PER_SM(T) GPUSCAN_SELECT_THREADS_PER_SM(T, 1)
#endif
#ifndef GPUSCAN_SEGMENT_HOLDS_IN_BUFFER
/* (4-byte integers' items do not spill in registers, 0.975-0.996 of the time at 2^24-2^28; float's
 * spilled 96 bytes there, 24 staged) */
#define GPUSCAN_SEGMENT_HOLDS_IN_BUFFER(T) (sizeof(T) != 4 || !std::is_integral<T>::value)
#endif
/* A segmented reduction of rows by a commuting operator (segment.cuh: P_rows_fold): each piece of
 * a row - the whole row, or a chunk of a long one - is folded by a group of lanes (a power of two,
 * at most a warp) with at least LANE_BYTES of it a lane; a row is cut into chunks of at least
 * CHUNK_BYTES, at most MAX_CHUNKS of them, until there are PIECES pieces in all (a second launch
 * then folds each row's chunks); at most MAX_BLOCKS blocks of THREADS take the pieces in turn. */
#ifndef GPUSCAN_ROWS_FOLD_THREADS
#define GPUSCAN_ROWS_FOLD_THREADS 256u
#endif
#ifndef GPUSCAN_ROWS_FOLD_LANE_BYTES
#define GPUSCAN_ROWS_FOLD_LANE_BYTES 64u
#endif
#ifndef GPUSCAN_ROWS_FOLD_CHUNK_BYTES
#define GPUSCAN_ROWS_FOLD_CHUNK_BYTES 16384u
#endif
#ifndef GPUSCAN_ROWS_FOLD_MAX_CHUNKS
#define GPUSCAN_ROWS_FOLD_MAX_CHUNKS 4096u
#endif
#ifndef GPUSCAN_ROWS_FOLD_PIECES
#define GPUSCAN_ROWS_FOLD_PIECES 65536u
#endif
#ifndef GPUSCAN_ROWS_FOLD_MAX_BLOCKS
#define GPUSCAN_ROWS_FOLD_MAX_BLOCKS 1048576u
#endif
/* A segmented reduction by offsets of a commuting operator (segment.cuh: P_offsets_fold) takes the
 * rows' knobs - groups by the segments' mean length, chunks for segments longer than one - and
 * hands a segment on from its group to the whole warp where it passes GROUP_BYTES a lane.  Where
 * the mean is under SHORT_BYTES, a lane takes SHORT_SEGMENTS segments instead, those of up to
 * twice SHORT_BYTES itself (8 bytes of each a round, an element of each loaded before any folds),
 * the longer ones the warp, those longer than a chunk the chunks (1 to 32 segments a lane; twice
 * SHORT_BYTES at most CHUNK_BYTES).  64 bytes, not 32: a lane keeps int32 segments of up to 32
 * (a mix of 40 % of 18 took 3x the vector way's time at 32), and segments of 8 go short (0.82-0.89
 * of its time from 2^26, 1.18x at 2^24; docs/design.md, Segmented scans). */
#ifndef GPUSCAN_OFFSETS_FOLD_GROUP_BYTES
#define GPUSCAN_OFFSETS_FOLD_GROUP_BYTES 512u
#endif
#ifndef GPUSCAN_OFFSETS_FOLD_SHORT_BYTES
#define GPUSCAN_OFFSETS_FOLD_SHORT_BYTES 64u
#endif
#ifndef GPUSCAN_OFFSETS_FOLD_SHORT_SEGMENTS
#define GPUSCAN_OFFSETS_FOLD_SHORT_SEGMENTS 4u
#endif
/* A pass by offsets whose n / n_segments (rounded down) is at most MAX_MEAN, of MIN_SEGMENTS
 * segments or more, marks its heads as bits before it (segment.cuh: P_offset_bits), each of THREADS
 * a block reading GROUP starts a round (their loads in flight together), at most MAX_BLOCKS blocks
 * taking them in turn; longer segments' tiles read their starts after their items (MAX_MEAN 0:
 * never).  The bits save each tile a second round trip, worth more the more segments there are,
 * and cost a launch and a memset more: fewer segments lost up to 1.47x (docs/design.md, Segmented
 * scans). */
#ifndef GPUSCAN_OFFSET_BITS_MAX_MEAN
#define GPUSCAN_OFFSET_BITS_MAX_MEAN 3u
#endif
#ifndef GPUSCAN_OFFSET_BITS_MIN_SEGMENTS
#define GPUSCAN_OFFSET_BITS_MIN_SEGMENTS ((size_t)1 << 22)
#endif
#ifndef GPUSCAN_OFFSET_BITS_THREADS
#define GPUSCAN_OFFSET_BITS_THREADS 256u
#endif
#ifndef GPUSCAN_OFFSET_BITS_GROUP
#define GPUSCAN_OFFSET_BITS_GROUP 4u
#endif
#ifndef GPUSCAN_OFFSET_BITS_MAX_BLOCKS
#define GPUSCAN_OFFSET_BITS_MAX_BLOCKS 65536u
#endif
/* 16-byte words of keys a lane holds while a scan by key's keys load (block.cuh): keys wider than
 * that a tile (8-byte keys beside 4-byte values) compare element by element, not spill. */
#ifndef GPUSCAN_KEY_VECTORS_MAX
#define GPUSCAN_KEY_VECTORS_MAX 8u
#endif
/* A reduction by key stages each run's first key, read again: a tile whose runs average at most
 * this many elements reads its keys coalesced, each ranked from its thread's bits (runs of 1 0.82x
 * the time, of 2 0.96x, of 4 1.11x, of 8 1.18x), a tile of longer runs at each head from its
 * thread's run (segment.cuh, P_segment_ends); items of at most 16 bytes and keys no wider than
 * them only (else always at the heads); 0: never coalesced. */
#ifndef GPUSCAN_KEYS_REREAD_RUN
#define GPUSCAN_KEYS_REREAD_RUN 2u
#endif
/* A look-back whose tiles all run at once folds every earlier tile's aggregate instead (grid.cuh:
 * P_fold_prefix) where a block's threads reading this many each cover them ... */
#ifndef GPUSCAN_FOLD_READS
#define GPUSCAN_FOLD_READS 4u
#endif
/* ... from this many tiles ... */
#ifndef GPUSCAN_FOLD_MIN_TILES
#define GPUSCAN_FOLD_MIN_TILES 128u
#endif
/* ... for commuting operators on types of at most this many bytes (0: never). */
#ifndef GPUSCAN_FOLD_MAX_BYTES
#define GPUSCAN_FOLD_MAX_BYTES 4u
#endif
/* How far reduce-ahead's reduces run ahead of its scans (must fit in L2 beside the output). */
#ifndef GPUSCAN_AHEAD_BYTES
#define GPUSCAN_AHEAD_BYTES ((size_t)8 << 20)
#endif
/* Reduce-ahead's unit of work, in bytes of whole tiles (at least one tile). */
#ifndef GPUSCAN_AHEAD_UNIT_BYTES
#define GPUSCAN_AHEAD_UNIT_BYTES(elem_size) ((elem_size) <= 2 ? 32768u : 16384u)
#endif
/* Threads reduce-ahead's register budget lets reside on an SM. */
#ifndef GPUSCAN_AHEAD_THREADS_PER_SM
#define GPUSCAN_AHEAD_THREADS_PER_SM(T) 1024
#endif

/* How long the device's peak memory bandwidth would take to read the loads a look-back's first
 * wave keeps in flight while it is paced (grid.cuh: P_pace; nanoseconds; 0: no pacing). */
#ifndef GPUSCAN_PACE_NS
#define GPUSCAN_PACE_NS 2500u
#endif

/* ---- host.cuh: AUTO's thresholds (the rule: docs/algorithms.md, AUTO) ----------------------------- */
/* Reduce-ahead from this many bytes of input, for types of 4 to 7 bytes (below it the look-back,
 * its tile states cleared before it, is the faster) ... */
#ifndef GPUSCAN_AUTO_AHEAD_MIN_BYTES
#define GPUSCAN_AUTO_AHEAD_MIN_BYTES ((size_t)128 << 20)
#endif
/* ... or this many where the scan's states are kept between calls (the simple forms; not where
 * the deterministic mode fixes the order, where both forms must associate alike) ... */
#ifndef GPUSCAN_AUTO_AHEAD_MIN_BYTES_KEPT
#define GPUSCAN_AUTO_AHEAD_MIN_BYTES_KEPT ((size_t)256 << 20)
#endif
/* ... of 2- and 3-byte types ... */
#ifndef GPUSCAN_AUTO_AHEAD_MIN_BYTES_2BYTE
#define GPUSCAN_AUTO_AHEAD_MIN_BYTES_2BYTE ((size_t)32 << 20)
#endif
/* ... of 1-byte types ... */
#ifndef GPUSCAN_AUTO_AHEAD_MIN_BYTES_1BYTE
#define GPUSCAN_AUTO_AHEAD_MIN_BYTES_1BYTE ((size_t)16 << 20)
#endif
/* ... and of types of 8 to 16 bytes. */
#ifndef GPUSCAN_AUTO_AHEAD_MIN_BYTES_WIDE
#define GPUSCAN_AUTO_AHEAD_MIN_BYTES_WIDE ((size_t)128 << 20)
#endif
/* Below reduce-ahead, 1-byte types take the hierarchical scan from this many elements. */
#ifndef GPUSCAN_AUTO_HIERARCHICAL_MIN_N_1BYTE
#define GPUSCAN_AUTO_HIERARCHICAL_MIN_N_1BYTE ((size_t)1 << 22)
#endif
/* Reduce-ahead only on devices with this much L2 (its lookahead stays there). */
#ifndef GPUSCAN_AUTO_AHEAD_MIN_L2
#define GPUSCAN_AUTO_AHEAD_MIN_L2 (4 * GPUSCAN_AHEAD_BYTES)
#endif
/* 8-byte types off the ring take reduce-ahead only where the device's peak memory bandwidth an
 * SM is at most this (GB/s). */
#ifndef GPUSCAN_AUTO_AHEAD_WIDE_MAX_GBS_PER_SM
#define GPUSCAN_AUTO_AHEAD_WIDE_MAX_GBS_PER_SM 30.0
#endif
/* A scan of one Kogge-Stone-on-shuffles tile, of types up to this size, takes that block scan. */
#ifndef GPUSCAN_AUTO_KSW_MAX_ELEM_BYTES
#define GPUSCAN_AUTO_KSW_MAX_ELEM_BYTES 8u
#endif
/* From this many tiles a single-pass scan's states, where they must be cleared (grid.cuh: rounds),
 * are cleared by a kernel it is launched behind as a programmatic dependent; below, by a memset
 * (0: never). */
#ifndef GPUSCAN_PDL_MIN_TILES
#define GPUSCAN_PDL_MIN_TILES 512
#endif
/* A single-pass scan whose states must be cleared, are not kept between calls (the `_ex` forms: the
 * caller's workspace) and would be cleared by a memset (below GPUSCAN_PDL_MIN_TILES) clears them
 * itself where all its tiles run at once: one cooperative launch, no memset before it (grid.cuh,
 * P_TAG_single_pass; 0: never).  CUDA 13 or later: the launch sets its own shared-memory carveout. */
#ifndef GPUSCAN_SELF_CLEAR
#define GPUSCAN_SELF_CLEAR (CUDART_VERSION >= 13000)
#endif

/* ---- host.cuh, grid.cuh: reductions, clearing ------------------------------------------------------ */
/* The reduce's first pass uses at most this many blocks (each takes a run of tiles). */
#ifndef GPUSCAN_REDUCE_MAX_BLOCKS
#define GPUSCAN_REDUCE_MAX_BLOCKS 1024u
#endif
/* 16-byte loads a thread of the reduce keeps in flight. */
#ifndef GPUSCAN_REDUCE_LOADS
#define GPUSCAN_REDUCE_LOADS 8
#endif
/* Reduce-then-scan's blocks at most (each takes a run of tiles; a workspace slot each). */
#ifndef GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS
#define GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS 4096u
#endif
/* The clearing kernel's blocks at most (256 threads, 16 KiB of states each). */
#ifndef GPUSCAN_CLEAR_MAX_BLOCKS
#define GPUSCAN_CLEAR_MAX_BLOCKS 264
#endif

/* ---- ring.cuh: reduce-ahead reading its input once (sm_90) -------------------------------------- */
/* 16-byte reads a reducing lane keeps in flight (at most 8). */
#ifndef GPUSCAN_RING_READS
#define GPUSCAN_RING_READS 8u
#endif
/* Reduce-ahead runs on the ring from this many bytes (n elements of the scan's type), from
 * GPUSCAN_RING_MIN_BYTES_NARROW where the input has 1-byte elements or 2-byte ones read into a
 * wider T (their ring pays only at larger sizes; plain int16 add takes it from 2^25). */
#ifndef GPUSCAN_RING_MIN_BYTES
#define GPUSCAN_RING_MIN_BYTES ((size_t)64 << 20)
#endif
#ifndef GPUSCAN_RING_MIN_BYTES_NARROW
#define GPUSCAN_RING_MIN_BYTES_NARROW ((size_t)256 << 20)
#endif
/* Warps that reduce landed units, a block (a power of two). */
#ifndef GPUSCAN_RING_REDUCERS
#define GPUSCAN_RING_REDUCERS(op, T)                                                                \
    (GPUSCAN_RING_HEAVY(op, T) && GPUSCAN_RING_FAST_MINMAX_(op, T) == 0 ? 2 : 1)
#endif
/* ... for a typed input: each element goes through the load stage (a conversion, the user's
 * transform) in the reducers too. */
#ifndef GPUSCAN_RING_TYPED_REDUCERS
#define GPUSCAN_RING_TYPED_REDUCERS 2
#endif
/* Warps that look back, a block (a power of two). */
#ifndef GPUSCAN_RING_LOOKERS
#define GPUSCAN_RING_LOOKERS(T) 1
#endif
/* Units the producer claims with one atomic. */
#ifndef GPUSCAN_RING_CLAIM
#define GPUSCAN_RING_CLAIM(T) 2
#endif
/* ... for a typed input, whose units span several tiles (GPUSCAN_RING_UNIT_BYTES of the input):
 * fewer look-backs to save, and a claim of two waits for two free slots of them. */
#ifndef GPUSCAN_RING_TYPED_CLAIM
#define GPUSCAN_RING_TYPED_CLAIM 1
#endif
/* Ring blocks an SM (they share its shared memory). */
#ifndef GPUSCAN_RING_BLOCKS_PER_SM
#define GPUSCAN_RING_BLOCKS_PER_SM(T) 1
#endif
/* ... for a typed input on a device with more than GPUSCAN_RING_TYPED_MULTI_MIN_GBS_PER_SM of peak
 * memory bandwidth an SM (1: one kernel for all devices). */
#ifndef GPUSCAN_RING_TYPED_BLOCKS_PER_SM
#define GPUSCAN_RING_TYPED_BLOCKS_PER_SM 2
#endif
#ifndef GPUSCAN_RING_TYPED_MULTI_MIN_GBS_PER_SM
#define GPUSCAN_RING_TYPED_MULTI_MIN_GBS_PER_SM 30.0
#endif
/* Items a scanning thread owns: 80 bytes for 1-, 2-, 4- and 8-byte types, an odd number of 16-byte
 * vectors (no bank conflicts).  Bytes and halves had 32 (4-way conflicts; each tile's fixed work
 * over fewer bytes): 80, with the ring's slot multiply, took uint8 add at 2^30 from 0.76 to 0.85
 * of memcpy on an H200 (0.77 with the multiply alone), int16 from 0.83 to 0.89; 112 and 144 were
 * slower (docs/design.md, The ring). */
#ifndef GPUSCAN_RING_ITEMS
#define GPUSCAN_RING_ITEMS(T)                                                                       \
    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 ? 80 / (int)sizeof(T)     \
     : GPUSCAN_CO_ITEMS(T) > 1                                            ? GPUSCAN_CO_ITEMS(T) / 2 \
                                                                          : 1)
#endif
/* Scanning threads a block at most. */
#ifndef GPUSCAN_RING_MAX_THREADS
#define GPUSCAN_RING_MAX_THREADS 512
#endif
/* The ring's unit: whole tiles of at least this many bytes of the input (a typed input narrower
 * than T takes several of T's tiles a unit). */
#ifndef GPUSCAN_RING_UNIT_BYTES
#define GPUSCAN_RING_UNIT_BYTES 20480u
#endif

/* Scans along an axis (axis.cuh): threads a block; a tile's bytes at most; elements a thread moves
 * at once (loads in flight together).  A tile's elements: at most GPUSCAN_AXIS_TILE_BYTES, and with
 * the runs' folds and prefixes (two of T a thread) within the 48 KB of static shared memory. */
#ifndef GPUSCAN_AXIS_THREADS
#define GPUSCAN_AXIS_THREADS 128u
#endif
#ifndef GPUSCAN_AXIS_TILE_BYTES
#define GPUSCAN_AXIS_TILE_BYTES 32768u
#endif
/* (128 threads and 6 blocks an SM, against 256 and 4: a sixth more tiles in flight while others wait
 * for their look-back; along outer axes 0.62-0.64 -> 0.67-0.72 of a copy, with the window below) */
#ifndef GPUSCAN_AXIS_MIN_BLOCKS /* (blocks an SM at least, the registers' budget) */
#define GPUSCAN_AXIS_MIN_BLOCKS 6
#endif
/* A tile of at most this many columns looks back a warp a column (else a thread a column): with 2
 * columns (2^20 x 2 along axis 0) 0.43 -> 0.56 of a copy, with 1 0.50 -> 0.53, with 8 0.63 -> 0.52. */
#ifndef GPUSCAN_AXIS_WARP_LOOKBACK_COLS
#define GPUSCAN_AXIS_WARP_LOOKBACK_COLS 2u
#endif
/* The last axis of packed rows at least this long goes to the segmented scans' rows form
 * (axis.cuh: gpuscan_axis_is_rows_); not in a debug build (-G), which keeps the rows form's static
 * shared variables beside the axis kernel's, past the 48 KiB. */
#ifndef GPUSCAN_AXIS_ROWS_MIN_LENGTH
#define GPUSCAN_AXIS_ROWS_MIN_LENGTH 8u
#endif
#if GPUSCAN_AXIS_WARP_LOOKBACK_COLS > GPUSCAN_AXIS_THREADS / 32
#error "gpuscan: GPUSCAN_AXIS_WARP_LOOKBACK_COLS is at most the warps of a block (GPUSCAN_AXIS_THREADS / 32)"
#endif
/* Rows of tiles a thread's look-back up its column reads at once (axis.cuh: P_axis_prefix): 8
 * spills at 64 registers. */
#ifndef GPUSCAN_AXIS_LOOKBACK_WINDOW
#define GPUSCAN_AXIS_LOOKBACK_WINDOW(T) (sizeof(T) <= 8u ? 4u : 1u)
#endif
/* A short axis (at most this long) across at least GPUSCAN_AXIS_SHORT_MIN_COLUMNS columns, of
 * elements of at most GPUSCAN_AXIS_SHORT_MAX_BYTES, is scanned a thread a column (axis.cuh:
 * P_axis_columns), GPUSCAN_AXIS_SHORT_COLS(bytes) columns a thread (of elements of `bytes`). */
#ifndef GPUSCAN_AXIS_SHORT_LENGTH
#define GPUSCAN_AXIS_SHORT_LENGTH 8u
#endif
#ifndef GPUSCAN_AXIS_SHORT_MIN_COLUMNS
#define GPUSCAN_AXIS_SHORT_MIN_COLUMNS 4096u
#endif
#define GPUSCAN_AXIS_SHORT_MAX_BYTES 16u /* (an element's: a thread's axis of wider ones spills) */
#define GPUSCAN_AXIS_SHORT_COLS(bytes) ((bytes) <= 4u ? 4u : (bytes) <= 8u ? 2u : 1u)
#if GPUSCAN_AXIS_SHORT_LENGTH < 1 || GPUSCAN_AXIS_SHORT_LENGTH > 32
#error "gpuscan: GPUSCAN_AXIS_SHORT_LENGTH is 1 to 32 (a thread holds the whole axis in registers)"
#endif
#ifndef GPUSCAN_AXIS_UNROLL /* (8 spilled at 4 blocks) */
#define GPUSCAN_AXIS_UNROLL(T) 4u
#endif
#define GPUSCAN_AXIS_ROOM_ ((long)(48 * 1024 - 512) - (long)GPUSCAN_AXIS_THREADS)
#define GPUSCAN_AXIS_ELEMENTS(T)                                                                    \
    ((long)(GPUSCAN_AXIS_TILE_BYTES / sizeof(T)) <                                                   \
             (GPUSCAN_AXIS_ROOM_ / (long)sizeof(T) - 2L * (long)GPUSCAN_AXIS_THREADS) * 32L / 33L     \
         ? (long)(GPUSCAN_AXIS_TILE_BYTES / sizeof(T))                                               \
         : (GPUSCAN_AXIS_ROOM_ / (long)sizeof(T) - 2L * (long)GPUSCAN_AXIS_THREADS) * 32L / 33L)

#endif /* GPUSCAN_TUNING_CUH */
