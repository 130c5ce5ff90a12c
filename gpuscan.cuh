/* gpuscan.cuh - header-only CUDA C prefix scans and reductions for any type and operator.
 *
 *   #include "gpuscan.cuh"
 *   GPUSCAN_DEFINE(int, add)                           // gpuscan_int_add_inclusive(...) etc.
 *   GPUSCAN_DEFINE_NAMED(u64, unsigned long long, max) // gpuscan_u64_max_inclusive(...) etc.
 *
 * Layers (each in gpuscan/, each a set of small macros over the prefix P = gpuscan_<name>_<op>):
 *   tuning.cuh   the knobs that only tune (sizes, counts, thresholds), with their defaults
 *   element.cuh  the operator, shuffles and global slots of one T
 *   bytes.cuh    1-byte integers four to a word, for the built-in operators
 *   warp.cuh     warp scan / reduce on shuffles
 *   block.cuh    block primitives, tile load/store, the block scan algorithms
 *   grid.cuh     the single-pass skeleton; hierarchical, domino, look-back, reduce-ahead and
 *                reduce-then-scan kernels; the reduce kernel
 *   ring.cuh     reduce-ahead reading its input once: a ring of async copies (sm_90)
 *   host.cuh     argument checks, workspace plans, AUTO and launches as functions over a
 *                DEFINE's descriptor; the descriptor and the public functions it emits
 *   memory.cuh   (from host.cuh) the simple forms' workspace: a pool per device, kept per stream
 *   select.cuh   stream compaction (select, partition, three-way partition, unique, unique by
 *                key, run-length encoding, non-trivial runs): a family of the single-pass skeleton
 * docs/api.md documents the public surface, docs/algorithms.md the algorithms. */
#ifndef GPUSCAN_CUH
#define GPUSCAN_CUH

#ifndef __CUDACC__
#error "gpuscan.cuh is CUDA code: include it in a .cu file that nvcc compiles; C and C++ files that call its functions include gpuscan_c.h (docs/api.md, C callers)"
#endif

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "gpuscan/api.h"
#include "gpuscan_ops.h"
#include "gpuscan/tuning.cuh"
#include "gpuscan/element.cuh"
#include "gpuscan/bytes.cuh"
#include "gpuscan/warp.cuh"
#include "gpuscan/block.cuh"
#include "gpuscan/grid.cuh"
#include "gpuscan/ring.cuh"
#include "gpuscan/host.cuh"
#include "gpuscan/select.cuh"
#include "gpuscan/segment.cuh"
#include "gpuscan/axis.cuh"

#define GPUSCAN_VERSION_MAJOR 0
#define GPUSCAN_VERSION_MINOR 1

/* What a DEFINE compiles.  By default the kernels AUTO can run: the coarsened block scan under
 * every grid strategy but reduce-then-scan, and the one-tile scan of Kogge-Stone on shuffles (a
 * scan of at most one such tile).  The textbook matrix - every block scan (Kogge-Stone, its warp
 * form, Brent-Kung, coarsened) under every grid strategy (hierarchical, domino, look-back,
 * reduce-ahead, reduce-then-scan) - with `#define GPUSCAN_EVERY_ALGORITHM 1` before including
 * gpuscan.cuh: an `_ex` call for an algorithm not compiled returns GPUSCAN_ERROR_NOT_COMPILED.
 * Each DEFINE reads the macro where it stands, so a file may redefine it (0 or 1) between its
 * DEFINEs: the textbook matrix for one (type, op), AUTO's kernels for the others. */
#ifndef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM 0
#endif
#define GPUSCAN_EVERY_TAG_(P, T, TAG)                                                               \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, TAG) GPUSCAN_BREAK_                                              \
    GPUSCAN_GRID_KERNELS_(P, T, TAG) GPUSCAN_BREAK_                                                 \
    GPUSCAN_REDUCE_THEN_SCAN_KERNEL_(P, T, TAG) GPUSCAN_BREAK_
#define GPUSCAN_ALGORITHMS_(P, T) GPUSCAN_CAT_(GPUSCAN_EVERY_ALGORITHM_IS_, GPUSCAN_EVERY_ALGORITHM)(P, T)
#define GPUSCAN_EVERY_ALGORITHM_IS_1(P, T)                                                          \
    GPUSCAN_EVERY_TAG_(P, T, KS)                                                                    \
    GPUSCAN_EVERY_TAG_(P, T, KSW)                                                                   \
    GPUSCAN_EVERY_TAG_(P, T, BK)                                                                    \
    GPUSCAN_EVERY_TAG_(P, T, CO)
#define GPUSCAN_EVERY_ALGORITHM_IS_0(P, T)                                                          \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, KSW) GPUSCAN_BREAK_                                              \
    GPUSCAN_TILES_KERNEL_(P, T, KSW) GPUSCAN_BREAK_                                                 \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, CO) GPUSCAN_BREAK_                                               \
    GPUSCAN_GRID_KERNELS_(P, T, CO) GPUSCAN_BREAK_
/* (the first error where the value is neither: the DEFINE pastes it) */
#define GPUSCAN_CHECK_EVERY_ALGORITHM_                                                              \
    static_assert((GPUSCAN_XSTR_(GPUSCAN_EVERY_ALGORITHM)[0] == '0' ||                              \
                   GPUSCAN_XSTR_(GPUSCAN_EVERY_ALGORITHM)[0] == '1') &&                             \
                      GPUSCAN_XSTR_(GPUSCAN_EVERY_ALGORITHM)[1] == '\0',                            \
                  "gpuscan: GPUSCAN_EVERY_ALGORITHM is 0 or 1 where a DEFINE reads it");
/* a kernel of the textbook matrix in the descriptor: itself, or NULL where it was not compiled */
#define GPUSCAN_IF_EVERY_(kernel) GPUSCAN_CAT_(GPUSCAN_IF_EVERY_IS_, GPUSCAN_EVERY_ALGORITHM)(kernel)
#define GPUSCAN_IF_EVERY_IS_1(kernel) ((const void *)(kernel))
#define GPUSCAN_IF_EVERY_IS_0(kernel) NULL

/* The device code of one (T, op) reading TIn through FN (COPIES: FN is the identity on T), in
 * the input's order or mirrored (REV: a reverse scan). */
#define GPUSCAN_DEVICE_CODE_(P, name, TIn, T, op, FN, COPIES, REV)                                  \
    GPUSCAN_ELEMENT_(P, name, T, op, REV) GPUSCAN_BREAK_                                            \
    GPUSCAN_LOAD_STAGE_(P, TIn, T, FN, COPIES, REV) GPUSCAN_BREAK_                                  \
    GPUSCAN_BYTES_(P, T, op) GPUSCAN_BREAK_                                                         \
    GPUSCAN_WARP_(P, T) GPUSCAN_BREAK_                                                              \
    GPUSCAN_BLOCK_PRIMITIVES_(P, T) GPUSCAN_BREAK_                                                  \
    GPUSCAN_TILE_STATE_(P, T) GPUSCAN_BREAK_                                                        \
    GPUSCAN_SCAN_ENDS_(P, T) GPUSCAN_BREAK_                                                         \
    GPUSCAN_LOOKBACK_(P, T) GPUSCAN_BREAK_                                                          \
    GPUSCAN_RUN_PREFIX_(P, T) GPUSCAN_BREAK_                                                        \
    GPUSCAN_CLUSTER_PREFIX_(P, T) GPUSCAN_BREAK_                                                    \
    GPUSCAN_ALGORITHMS_(P, T)                                                                       \
    GPUSCAN_RING_KERNEL_(P, T) GPUSCAN_BREAK_                                                       \
    GPUSCAN_REDUCE_KERNEL_(P, T) GPUSCAN_BREAK_

/* ---- the shell of every DEFINE ---------------------------------------------------------------
 * A misuse fails at the DEFINE line with a first error that names it, and the errors after it fit
 * a screen:
 *   - the checks come first, at file scope (element.cuh: GPUSCAN_CHECK_DEFINE_), and a type name
 *     of several words that starts with a keyword (unsigned long) stops there: pasted into every
 *     identifier it would break each one;
 *   - the code goes into a namespace of its own, a new one for each DEFINE (__COUNTER__), and the
 *     public functions reach the file by using-declarations: a DEFINE repeated in one file fails
 *     at its sentinel (and makes its calls ambiguous) instead of at each of its definitions.  The
 *     namespace is also P_internal, for tests below the public API. */
#define GPUSCAN_SPACE_OPEN_(P, id) namespace P##_space_##id {
#define GPUSCAN_SPACE_CLOSE_(P, id) } namespace P##_internal = P##_space_##id;
/* the public functions of every DEFINE, and the offsets (not a reverse scan's: REV 1) */
#define GPUSCAN_USING_(P, REV)                                                                      \
    using P##_internal::P##_combine;                                                                \
    using P##_internal::P##_identity;                                                               \
    using P##_internal::P##_inclusive;                                                              \
    using P##_internal::P##_exclusive;                                                              \
    using P##_internal::P##_reduce;                                                                 \
    using P##_internal::P##_inclusive_chained;                                                      \
    using P##_internal::P##_exclusive_chained;                                                      \
    using P##_internal::P##_scan_ex;                                                                \
    using P##_internal::P##_scan_chained_ex;                                                        \
    using P##_internal::P##_reduce_ex;                                                              \
    GPUSCAN_USING_OFFSETS_##REV(P)
#define GPUSCAN_USING_OFFSETS_0(P)                                                                  \
    using P##_internal::P##_offsets;                                                                \
    using P##_internal::P##_offsets_ex;
#define GPUSCAN_USING_OFFSETS_1(P)

/* Everything for one (name, TIn, T, op, FN), with the public functions' linkage SCOPE; BEFORE and
 * AFTER: more code in the DEFINE's namespace (a typed DEFINE's conversion, the NCCL functions),
 * each a macro of (P, TIn, T) or GPUSCAN_NONE_. */
#define GPUSCAN_NONE_(P, TIn, T)
#define GPUSCAN_ASSEMBLE_(SCOPE, P, name, TIn, T, op, FN, COPIES, REV, BEFORE, AFTER)               \
    GPUSCAN_ASSEMBLE_AT_(__COUNTER__, SCOPE, P, name, TIn, T, op, FN, COPIES, REV, BEFORE, AFTER)
#define GPUSCAN_ASSEMBLE_AT_(id, SCOPE, P, name, TIn, T, op, FN, COPIES, REV, BEFORE, AFTER)         \
    GPUSCAN_CHECK_DEFINE_(P, name, T, op) GPUSCAN_BREAK_                                            \
    GPUSCAN_CHECK_EVERY_ALGORITHM_ GPUSCAN_BREAK_                                                   \
    GPUSCAN_SPACE_OPEN_(P, id)                                                                      \
    BEFORE(P, TIn, T)                                                                               \
    GPUSCAN_RING_CHOICE_(P, TIn, T, op, COPIES, REV)                                                \
    GPUSCAN_DEVICE_CODE_(P, name, TIn, T, op, FN, COPIES, REV)                                      \
    GPUSCAN_HOST_(SCOPE, P, T, REV) GPUSCAN_BREAK_                                                  \
    AFTER(P, TIn, T)                                                                                \
    GPUSCAN_SPACE_CLOSE_(P, id)                                                                     \
    GPUSCAN_USING_(P, REV)

/* A type name of several words that starts with one of these keywords (GPUSCAN_SEVERAL_WORDS_: 1) gets
 * the checks alone, whose first one names the fix. */
#define GPUSCAN_KEYWORD_unsigned ~, 1,
#define GPUSCAN_KEYWORD_signed ~, 1,
#define GPUSCAN_KEYWORD_long ~, 1,
#define GPUSCAN_KEYWORD_short ~, 1,
#define GPUSCAN_KEYWORD_struct ~, 1,
#define GPUSCAN_KEYWORD_union ~, 1,
#define GPUSCAN_KEYWORD_enum ~, 1,
#define GPUSCAN_KEYWORD_const ~, 1,
#define GPUSCAN_KEYWORD_volatile ~, 1,
#define GPUSCAN_AFTER_KEYWORD_unsigned
#define GPUSCAN_AFTER_KEYWORD_signed
#define GPUSCAN_AFTER_KEYWORD_long
#define GPUSCAN_AFTER_KEYWORD_short
#define GPUSCAN_AFTER_KEYWORD_struct
#define GPUSCAN_AFTER_KEYWORD_union
#define GPUSCAN_AFTER_KEYWORD_enum
#define GPUSCAN_AFTER_KEYWORD_const
#define GPUSCAN_AFTER_KEYWORD_volatile
#define GPUSCAN_EMPTY_() ~, 1
#define GPUSCAN_IS_EMPTY_(...) GPUSCAN_PROBE_(GPUSCAN_EMPTY_ __VA_ARGS__ ())
#define GPUSCAN_CAT_(a, b) GPUSCAN_CAT_AT_(a, b)
#define GPUSCAN_CAT_AT_(a, b) a##b
/* 1 where name starts with a keyword and has more after it */
#define GPUSCAN_SEVERAL_WORDS_OF_(kw, empty) GPUSCAN_SEVERAL_WORDS_OF_AT_(kw, empty)
#define GPUSCAN_SEVERAL_WORDS_OF_AT_(kw, empty) GPUSCAN_SEVERAL_WORDS_##kw##empty##_
#define GPUSCAN_SEVERAL_WORDS_00_ 0
#define GPUSCAN_SEVERAL_WORDS_01_ 0
#define GPUSCAN_SEVERAL_WORDS_10_ 1
#define GPUSCAN_SEVERAL_WORDS_11_ 0
#define GPUSCAN_SEVERAL_WORDS_(name)                                                                        \
    GPUSCAN_SEVERAL_WORDS_OF_(GPUSCAN_PROBE_(GPUSCAN_KEYWORD_##name),                                       \
                      GPUSCAN_IS_EMPTY_(GPUSCAN_AFTER_KEYWORD_##name))
/* Runs ASSEMBLE(args), or only the name's check (FIX: what to write instead) for a name of several
 * words. */
#define GPUSCAN_IF_ONE_WORD_(name, FIX, ASSEMBLE, args)                                             \
    GPUSCAN_CAT_(GPUSCAN_IF_ONE_WORD_, GPUSCAN_SEVERAL_WORDS_(name))(name, FIX, ASSEMBLE, args)
#define GPUSCAN_IF_ONE_WORD_0(name, FIX, ASSEMBLE, args) ASSEMBLE args
#define GPUSCAN_IF_ONE_WORD_1(name, FIX, ASSEMBLE, args) GPUSCAN_CHECK_NAME_(name, FIX)

/* A plain DEFINE reads T as it is. */
#define GPUSCAN_ASSEMBLE_PLAIN_(SCOPE, P, name, T, op, AFTER)                                       \
    GPUSCAN_ASSEMBLE_(SCOPE, P, name, T, T, op, P##_as_is, 1, 0, GPUSCAN_NONE_, AFTER)
/* A typed DEFINE reads TIn through fn(x, i): the user's TRANSFORM, or its own CONVERSION (T)x
 * (the check first, so that a misuse's first error line names it). */
#define GPUSCAN_ASSEMBLE_TYPED_(SCOPE, P, name, TIn, T, op, fn, KIND)                               \
    GPUSCAN_CHECK_##KIND##_(name, TIn, T, fn)                                                       \
    GPUSCAN_ASSEMBLE_(SCOPE, P, name, TIn, T, op, fn, 0, 0, GPUSCAN_##KIND##_FN_, GPUSCAN_NONE_)
#define GPUSCAN_TRANSFORM_FN_ GPUSCAN_NONE_ /* the user's, outside */

/* Public functions local to this translation unit (like klib's KHASH_INIT).  A type whose name
 * is not one token gets a name: GPUSCAN_DEFINE_NAMED(u64, unsigned long long, add). */
#define GPUSCAN_DEFINE_NAMED(name, T, op)                                                           \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_ASSEMBLE_PLAIN_,                                      \
                         (static __attribute__((unused)), gpuscan_##name##_##op, name, T, op,       \
                          GPUSCAN_NONE_))
#define GPUSCAN_DEFINE(T, op) GPUSCAN_DEFINE_NAMED(T, T, op)

/* Public functions with C linkage, to be called from other files - plain C too - that see
 * GPUSCAN_DECLARE(name, T, op) (gpuscan_c.h).  Define each (name, op) once per program. */
#define GPUSCAN_DEFINE_EXPORT(name, T, op)                                                          \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_DEFINE_EXPORT_AS_, (name, T, op))
#define GPUSCAN_DEFINE_EXPORT_AS_(name, T, op)                                                      \
    GPUSCAN_DECLARE(name, T, op)                                                                    \
    GPUSCAN_ASSEMBLE_PLAIN_(GPUSCAN_EXTERN_C, gpuscan_##name##_##op, name, T, op, GPUSCAN_NONE_)

/* Typed scans: the input is TIn, the scan, its output and the reduction are T (the accumulator).
 *   GPUSCAN_DEFINE_CONVERT(u8_i32, uint8_t, int32_t, add)    each element converted: (T)x
 *   GPUSCAN_DEFINE_TRANSFORM(sq, float, double, add, square)  each element through the user's
 *       static __host__ __device__ double square(float x, size_t i) (i: its index in the input),
 *       fused into the scan's loads: f(x) is never written to memory.
 * The functions are those of GPUSCAN_DEFINE, gpuscan_<name>_<op>_..., with `const TIn *` inputs;
 * input and output may not overlap, except in place where TIn and T are as wide. */
#define GPUSCAN_DEFINE_TRANSFORM(name, TIn, T, op, fn)                                              \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_ASSEMBLE_TYPED_,                                      \
                         (static __attribute__((unused)), gpuscan_##name##_##op, name, TIn, T, op,  \
                          fn, TRANSFORM))
#define GPUSCAN_DEFINE_CONVERT(name, TIn, T, op)                                                    \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_ASSEMBLE_TYPED_,                                      \
                         (static __attribute__((unused)), gpuscan_##name##_##op, name, TIn, T, op,  \
                          gpuscan_##name##_##op##_convert, CONVERSION))
/* The same with C linkage (GPUSCAN_DECLARE_TYPED(name, TIn, T, op) in other files). */
#define GPUSCAN_DEFINE_TRANSFORM_EXPORT(name, TIn, T, op, fn)                                       \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_DEFINE_TYPED_EXPORT_AS_, (name, TIn, T, op, fn,       \
                                                                        TRANSFORM))
#define GPUSCAN_DEFINE_CONVERT_EXPORT(name, TIn, T, op)                                             \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_DEFINE_TYPED_EXPORT_AS_,                              \
                         (name, TIn, T, op, gpuscan_##name##_##op##_convert, CONVERSION))
#define GPUSCAN_DEFINE_TYPED_EXPORT_AS_(name, TIn, T, op, fn, KIND)                                 \
    GPUSCAN_DECLARE_TYPED(name, TIn, T, op)                                                         \
    GPUSCAN_ASSEMBLE_TYPED_(GPUSCAN_EXTERN_C, gpuscan_##name##_##op, name, TIn, T, op, fn, KIND)

/* Reverse (suffix) scans: GPUSCAN_DEFINE_REVERSE(int, int, add) defines gpuscan_int_add_reverse_...
 * (inclusive: out[i] = in[i] (x) ... (x) in[n-1], the operator's order kept; exclusive: out[n-1] =
 * init, out[i] = in[i+1] (x) ... (x) in[n-1] (x) init; chained: the seed on the right, the total
 * in[0] (x) ... (x) seed).  Every function of a DEFINE but the offsets. */
#define GPUSCAN_DEFINE_REVERSE(name, T, op)                                                         \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_ASSEMBLE_,                                            \
                         (static __attribute__((unused)), gpuscan_##name##_##op##_reverse, name, T, \
                          T, op, gpuscan_##name##_##op##_reverse_as_is, 1, 1, GPUSCAN_NONE_,        \
                          GPUSCAN_NONE_))

/* Segmented scans (gpuscan/segment.cuh): GPUSCAN_DEFINE_SEGMENTED(int, int, add) defines
 *   gpuscan_<name>_<op>_segmented_inclusive(in, heads, out, n, stream)
 *   gpuscan_<name>_<op>_segmented_exclusive(in, heads, out, n, init, stream)
 *   gpuscan_<name>_<op>_segmented_scan_ex(d_ws, &ws_bytes, in, heads, out, n, kind, init, stream)
 * heads: one byte an element, not 0 where a segment starts (element 0 always starts one); each
 * segment is scanned on its own (exclusive: a head gets init).  And rows of one length, one after
 * another (the last axis of an array), each scanned on its own:
 *   gpuscan_<name>_<op>_segmented_rows_inclusive(in, out, rows, length, stream)
 *   gpuscan_<name>_<op>_segmented_rows_exclusive(in, out, rows, length, init, stream)
 *   gpuscan_<name>_<op>_segmented_rows_scan_ex(d_ws, &ws_bytes, in, out, rows, length, kind, init, stream)
 * And segments given by CSR offsets (int64; _offsets32_: int32), of which the first n_segments,
 * their starts, are read:
 *   gpuscan_<name>_<op>_segmented_offsets_inclusive(in, offsets, n_segments, out, n, stream)
 *   gpuscan_<name>_<op>_segmented_offsets_exclusive(in, offsets, n_segments, out, n, init, stream)
 *   gpuscan_<name>_<op>_segmented_offsets_scan_ex(d_ws, &ws_bytes, in, offsets, n_segments, out, n, kind,
 *                                                 init, stream) */
#define GPUSCAN_DEFINE_SEGMENTED(name, T, op) GPUSCAN_SEGMENTED_DEFINE_(name, T, T, op, ~, PLAIN, 0, 0)
/* The same with C linkage (GPUSCAN_DECLARE_SEGMENTED(name, T, op) in other files). */
#define GPUSCAN_DEFINE_SEGMENTED_EXPORT(name, T, op) GPUSCAN_SEGMENTED_EXPORT_(name, T, T, op, ~, PLAIN, 0, 0)
/* Typed segmented scans: the input TIn, the scan and its output T, each element converted, (T)x,
 * or through the user's fn(x, i) (i: its index), fused into the loads, as the typed scans'
 * (GPUSCAN_DEFINE_CONVERT, _TRANSFORM).  The functions above with `const TIn *` inputs; in place
 * only where TIn and T are as wide.  C linkage: _EXPORT (GPUSCAN_DECLARE_SEGMENTED_TYPED(name,
 * TIn, T, op) in other files). */
#define GPUSCAN_DEFINE_SEGMENTED_CONVERT(name, TIn, T, op)                                          \
    GPUSCAN_SEGMENTED_DEFINE_(name, TIn, T, op, ~, CONVERSION, 0, 0)
#define GPUSCAN_DEFINE_SEGMENTED_TRANSFORM(name, TIn, T, op, fn)                                    \
    GPUSCAN_SEGMENTED_DEFINE_(name, TIn, T, op, fn, TRANSFORM, 0, 0)
#define GPUSCAN_DEFINE_SEGMENTED_CONVERT_EXPORT(name, TIn, T, op)                                   \
    GPUSCAN_SEGMENTED_EXPORT_(name, TIn, T, op, ~, CONVERSION, 0, 0)
#define GPUSCAN_DEFINE_SEGMENTED_TRANSFORM_EXPORT(name, TIn, T, op, fn)                             \
    GPUSCAN_SEGMENTED_EXPORT_(name, TIn, T, op, fn, TRANSFORM, 0, 0)

/* Segmented reductions: GPUSCAN_DEFINE_SEGMENTED_REDUCE(name, T, op) defines
 *   gpuscan_<name>_<op>_segmented_reduce(in, heads, out, d_count, n, stream)
 *       each segment's fold (heads as the scans': element 0 always starts one) to out, in order;
 *       how many segments to *d_count (device memory)
 *   gpuscan_<name>_<op>_segmented_reduce_rows(in, out, rows, length, stream)
 *       each row's fold to out[row]: a reduction along the last axis
 *   gpuscan_<name>_<op>_segmented_reduce_offsets(in, offsets, n_segments, out, n, stream)
 *       segment s (from offsets[s] to offsets[s + 1], the last to n; int64, _offsets32: int32) to
 *       out[s], an empty one the identity
 * each also _ex (d_ws, &ws_bytes, ...: a caller's workspace). */
#define GPUSCAN_DEFINE_SEGMENTED_REDUCE(name, T, op) GPUSCAN_SEGMENTED_DEFINE_(name, T, T, op, ~, PLAIN, 1, 0)
/* The same with C linkage (GPUSCAN_DECLARE_SEGMENTED_REDUCE(name, T, op) in other files). */
#define GPUSCAN_DEFINE_SEGMENTED_REDUCE_EXPORT(name, T, op) GPUSCAN_SEGMENTED_EXPORT_(name, T, T, op, ~, PLAIN, 1, 0)
/* Typed segmented reductions (as the typed segmented scans: TIn in, each segment's fold in T). */
#define GPUSCAN_DEFINE_SEGMENTED_REDUCE_CONVERT(name, TIn, T, op)                                   \
    GPUSCAN_SEGMENTED_DEFINE_(name, TIn, T, op, ~, CONVERSION, 1, 0)
#define GPUSCAN_DEFINE_SEGMENTED_REDUCE_TRANSFORM(name, TIn, T, op, fn)                             \
    GPUSCAN_SEGMENTED_DEFINE_(name, TIn, T, op, fn, TRANSFORM, 1, 0)
#define GPUSCAN_DEFINE_SEGMENTED_REDUCE_CONVERT_EXPORT(name, TIn, T, op)                            \
    GPUSCAN_SEGMENTED_EXPORT_(name, TIn, T, op, ~, CONVERSION, 1, 0)
#define GPUSCAN_DEFINE_SEGMENTED_REDUCE_TRANSFORM_EXPORT(name, TIn, T, op, fn)                      \
    GPUSCAN_SEGMENTED_EXPORT_(name, TIn, T, op, fn, TRANSFORM, 1, 0)

/* Reverse (suffix) segmented scans: GPUSCAN_DEFINE_REVERSE_SEGMENTED(name, T, op) defines the
 * functions of GPUSCAN_DEFINE_SEGMENTED named gpuscan_<name>_<op>_reverse_segmented_... (by heads,
 * rows and offsets), each segment scanned from its end: inclusive out[i] = in[i] (x) ... (x) in[e]
 * (e: the segment's last element; the operator's order kept), exclusive out[e] = init, out[i] =
 * in[i+1] (x) ... (x) in[e] (x) init.  The segments are the same as the forward scans' (heads
 * start them). */
#define GPUSCAN_DEFINE_REVERSE_SEGMENTED(name, T, op) GPUSCAN_SEGMENTED_DEFINE_(name, T, T, op, ~, PLAIN, 0, 1)
/* The same with C linkage (GPUSCAN_DECLARE_REVERSE_SEGMENTED(name, T, op) in other files). */
#define GPUSCAN_DEFINE_REVERSE_SEGMENTED_EXPORT(name, T, op) GPUSCAN_SEGMENTED_EXPORT_(name, T, T, op, ~, PLAIN, 0, 1)

/* The segmented DEFINEs (REDUCE: 0 the scans, 1 the reductions; REV: 1 the reverse scans), each
 * with its prefix and, exported, its declarations. */
#define GPUSCAN_SEGMENTED_P_00(name, op) gpuscan_##name##_##op##_segmented
#define GPUSCAN_SEGMENTED_P_10(name, op) gpuscan_##name##_##op##_segmented_reduce
#define GPUSCAN_SEGMENTED_P_01(name, op) gpuscan_##name##_##op##_reverse_segmented
#define GPUSCAN_SEGMENTED_DECLARE_00(name, TIn, T, op) GPUSCAN_DECLARE_SEGMENTED_TYPED(name, TIn, T, op)
#define GPUSCAN_SEGMENTED_DECLARE_10(name, TIn, T, op) GPUSCAN_DECLARE_SEGMENTED_REDUCE_TYPED(name, TIn, T, op)
#define GPUSCAN_SEGMENTED_DECLARE_01(name, TIn, T, op) GPUSCAN_DECLARE_REVERSE_SEGMENTED(name, T, op)
#define GPUSCAN_SEGMENTED_DEFINE_(name, TIn, T, op, fn, KIND, REDUCE, REV)                          \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_SEGMENT_ASSEMBLE_,             \
                         (static __attribute__((unused)), GPUSCAN_SEGMENTED_P_##REDUCE##REV(name, op), name, TIn, \
                          T, op, fn, KIND, REDUCE, REV))
#define GPUSCAN_SEGMENTED_EXPORT_(name, TIn, T, op, fn, KIND, REDUCE, REV)                          \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_SEGMENTED_EXPORT_AS_,           \
                         (name, TIn, T, op, fn, KIND, REDUCE, REV))
#define GPUSCAN_SEGMENTED_EXPORT_AS_(name, TIn, T, op, fn, KIND, REDUCE, REV)                       \
    GPUSCAN_SEGMENTED_DECLARE_##REDUCE##REV(name, TIn, T, op)                                       \
    GPUSCAN_SEGMENT_ASSEMBLE_(GPUSCAN_EXTERN_C, GPUSCAN_SEGMENTED_P_##REDUCE##REV(name, op), name, TIn, T, op, fn, \
                              KIND, REDUCE, REV)

/* Scans along an axis (gpuscan/axis.cuh): GPUSCAN_DEFINE_AXIS(name, T, op) defines
 *   gpuscan_<name>_<op>_axis_inclusive(in, out, outer, length, inner, stream)
 *   gpuscan_<name>_<op>_axis_exclusive(in, out, outer, length, inner, init, stream)
 * each of the outer x inner sequences of a contiguous array of shape (outer, length, inner)
 * scanned along length (a cumsum along one dimension; exclusive: each sequence starts at init);
 * and for any view (gpuscan_axis: strides such as a row pitch, reverse)
 *   gpuscan_<name>_<op>_axis_view_inclusive(in, out, &view, stream)
 *   gpuscan_<name>_<op>_axis_view_exclusive(in, out, &view, init, stream)
 *   gpuscan_<name>_<op>_axis_scan_ex(d_ws, &ws_bytes, in, out, &view, kind, init, stream) */
#define GPUSCAN_DEFINE_AXIS(name, T, op) GPUSCAN_AXIS_DEFINE_(name, T, T, op, ~, PLAIN)
/* The same with C linkage (GPUSCAN_DECLARE_AXIS(name, T, op) in other files). */
#define GPUSCAN_DEFINE_AXIS_EXPORT(name, T, op) GPUSCAN_AXIS_EXPORT_(name, T, T, op, ~, PLAIN)
/* Typed axis scans: the input TIn, the scan and its output T, each element converted, (T)x, or
 * through the user's fn(x, i) (i: its index in the input, from d_in), fused into the loads, as the
 * typed scans' (GPUSCAN_DEFINE_CONVERT, _TRANSFORM): an integral image of bytes in int32, say.
 * The functions above with `const TIn *` inputs; in place only where TIn and T are as wide.  C
 * linkage: _EXPORT (GPUSCAN_DECLARE_AXIS_TYPED(name, TIn, T, op) in other files). */
#define GPUSCAN_DEFINE_AXIS_CONVERT(name, TIn, T, op) GPUSCAN_AXIS_DEFINE_(name, TIn, T, op, ~, CONVERSION)
#define GPUSCAN_DEFINE_AXIS_TRANSFORM(name, TIn, T, op, fn) GPUSCAN_AXIS_DEFINE_(name, TIn, T, op, fn, TRANSFORM)
#define GPUSCAN_DEFINE_AXIS_CONVERT_EXPORT(name, TIn, T, op) GPUSCAN_AXIS_EXPORT_(name, TIn, T, op, ~, CONVERSION)
#define GPUSCAN_DEFINE_AXIS_TRANSFORM_EXPORT(name, TIn, T, op, fn)                                  \
    GPUSCAN_AXIS_EXPORT_(name, TIn, T, op, fn, TRANSFORM)
#define GPUSCAN_AXIS_DEFINE_(name, TIn, T, op, fn, KIND)                                            \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_AXIS_ASSEMBLE_,                \
                         (static __attribute__((unused)), gpuscan_##name##_##op##_axis, name, TIn, T, op, fn, KIND))
#define GPUSCAN_AXIS_EXPORT_(name, TIn, T, op, fn, KIND)                                            \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_AXIS_EXPORT_AS_, (name, TIn, T, op, fn, KIND))
#define GPUSCAN_AXIS_EXPORT_AS_(name, TIn, T, op, fn, KIND)                                         \
    GPUSCAN_DECLARE_AXIS_TYPED(name, TIn, T, op)                                                    \
    GPUSCAN_AXIS_ASSEMBLE_(GPUSCAN_EXTERN_C, gpuscan_##name##_##op##_axis, name, TIn, T, op, fn, KIND)

/* Scans by key (gpuscan/segment.cuh): a segment is a run of equal adjacent keys.
 * GPUSCAN_DEFINE_SCAN_BY_KEY(name, K, T, op) (keys compared with ==) and
 * GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(name, K, T, op, same) (by the user's
 * static __host__ __device__ bool same(K a, K b)) define
 *   gpuscan_<name>_<op>_by_key_inclusive(keys, in, out, n, stream)
 *   gpuscan_<name>_<op>_by_key_exclusive(keys, in, out, n, init, stream)
 *   gpuscan_<name>_<op>_by_key_scan_ex(d_ws, &ws_bytes, keys, in, out, n, kind, init, stream) */
#define GPUSCAN_DEFINE_SCAN_BY_KEY(name, K, T, op) GPUSCAN_BY_KEY_DEFINE_(name, K, T, T, op, KEYS_EQ_, ~, ~, PLAIN, 0, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(name, K, T, op, same)                                      \
    GPUSCAN_BY_KEY_DEFINE_(name, K, T, T, op, KEYS_FN_, same, ~, PLAIN, 0, 0)
/* The same with C linkage (GPUSCAN_DECLARE_SCAN_BY_KEY(name, K, T, op) in other files). */
#define GPUSCAN_DEFINE_SCAN_BY_KEY_EXPORT(name, K, T, op) GPUSCAN_BY_KEY_EXPORT_(name, K, T, T, op, KEYS_EQ_, ~, ~, PLAIN, 0, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL_EXPORT(name, K, T, op, same)                               \
    GPUSCAN_BY_KEY_EXPORT_(name, K, T, T, op, KEYS_FN_, same, ~, PLAIN, 0, 0)

/* Reductions by key: GPUSCAN_DEFINE_REDUCE_BY_KEY(name, K, T, op) (keys compared with ==) and
 * GPUSCAN_DEFINE_REDUCE_BY_KEY_EQUAL(name, K, T, op, same) define
 *   gpuscan_<name>_<op>_reduce_by_key(keys, in, keys_out, out, d_count, n, stream)
 *   gpuscan_<name>_<op>_reduce_by_key_ex(d_ws, &ws_bytes, keys, in, keys_out, out, d_count, n, stream)
 * each run of equal adjacent keys: its first key to keys_out, the fold of its values to out, in
 * order; the number of runs to *d_count (device memory). */
#define GPUSCAN_DEFINE_REDUCE_BY_KEY(name, K, T, op) GPUSCAN_BY_KEY_DEFINE_(name, K, T, T, op, KEYS_EQ_, ~, ~, PLAIN, 1, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_EQUAL(name, K, T, op, same)                                    \
    GPUSCAN_BY_KEY_DEFINE_(name, K, T, T, op, KEYS_FN_, same, ~, PLAIN, 1, 0)
/* The same with C linkage (GPUSCAN_DECLARE_REDUCE_BY_KEY(name, K, T, op) in other files). */
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_EXPORT(name, K, T, op) GPUSCAN_BY_KEY_EXPORT_(name, K, T, T, op, KEYS_EQ_, ~, ~, PLAIN, 1, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_EQUAL_EXPORT(name, K, T, op, same)                             \
    GPUSCAN_BY_KEY_EXPORT_(name, K, T, T, op, KEYS_FN_, same, ~, PLAIN, 1, 0)

/* Typed scans and reductions by key: the values TIn, each converted, (T)x, or through the user's
 * fn(x, i) (i: its index), fused into the loads, as the typed scans' (GPUSCAN_DEFINE_CONVERT,
 * _TRANSFORM); the scan, its output and the folds T.  The functions of GPUSCAN_DEFINE_SCAN_BY_KEY and
 * _REDUCE_BY_KEY with `const TIn *` values; keys compared with ==, or by the user's
 * static __host__ __device__ bool same(K a, K b) in the _EQUAL forms (its last argument); in place
 * only where TIn and T are as wide.  C linkage: _EXPORT (GPUSCAN_DECLARE_SCAN_BY_KEY_TYPED(name, K,
 * TIn, T, op), _REDUCE_BY_KEY_TYPED in other files). */
#define GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT(name, K, TIn, T, op)                                     \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, ~, CONVERSION, 0, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_TRANSFORM(name, K, TIn, T, op, fn)                               \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, fn, TRANSFORM, 0, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_CONVERT(name, K, TIn, T, op)                                   \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, ~, CONVERSION, 1, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_TRANSFORM(name, K, TIn, T, op, fn)                             \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, fn, TRANSFORM, 1, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT_EXPORT(name, K, TIn, T, op)                              \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, ~, CONVERSION, 0, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_TRANSFORM_EXPORT(name, K, TIn, T, op, fn)                        \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, fn, TRANSFORM, 0, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_CONVERT_EXPORT(name, K, TIn, T, op)                            \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, ~, CONVERSION, 1, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_TRANSFORM_EXPORT(name, K, TIn, T, op, fn)                      \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_EQ_TYPED_, ~, fn, TRANSFORM, 1, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT_EQUAL(name, K, TIn, T, op, same)                         \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_FN_, same, ~, CONVERSION, 0, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_TRANSFORM_EQUAL(name, K, TIn, T, op, fn, same)                   \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_FN_, same, fn, TRANSFORM, 0, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_CONVERT_EQUAL(name, K, TIn, T, op, same)                       \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_FN_, same, ~, CONVERSION, 1, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_TRANSFORM_EQUAL(name, K, TIn, T, op, fn, same)                 \
    GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, KEYS_FN_, same, fn, TRANSFORM, 1, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT_EQUAL_EXPORT(name, K, TIn, T, op, same)                  \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_FN_, same, ~, CONVERSION, 0, 0)
#define GPUSCAN_DEFINE_SCAN_BY_KEY_TRANSFORM_EQUAL_EXPORT(name, K, TIn, T, op, fn, same)            \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_FN_, same, fn, TRANSFORM, 0, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_CONVERT_EQUAL_EXPORT(name, K, TIn, T, op, same)                \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_FN_, same, ~, CONVERSION, 1, 0)
#define GPUSCAN_DEFINE_REDUCE_BY_KEY_TRANSFORM_EQUAL_EXPORT(name, K, TIn, T, op, fn, same)          \
    GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, KEYS_FN_, same, fn, TRANSFORM, 1, 0)

/* Reverse (suffix) scans by key: GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(name, K, T, op) and
 * GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EQUAL(name, K, T, op, same) define
 * gpuscan_<name>_<op>_reverse_by_key_inclusive, _exclusive and _scan_ex, the arguments of the scans
 * by key, each run of equal keys scanned from its end as GPUSCAN_DEFINE_REVERSE_SEGMENTED's. */
#define GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(name, K, T, op) GPUSCAN_BY_KEY_DEFINE_(name, K, T, T, op, KEYS_EQ_, ~, ~, PLAIN, 0, 1)
#define GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EQUAL(name, K, T, op, same)                              \
    GPUSCAN_BY_KEY_DEFINE_(name, K, T, T, op, KEYS_FN_, same, ~, PLAIN, 0, 1)
/* The same with C linkage (GPUSCAN_DECLARE_REVERSE_SCAN_BY_KEY(name, K, T, op) in other files). */
#define GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EXPORT(name, K, T, op)                                   \
    GPUSCAN_BY_KEY_EXPORT_(name, K, T, T, op, KEYS_EQ_, ~, ~, PLAIN, 0, 1)
#define GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EQUAL_EXPORT(name, K, T, op, same)                       \
    GPUSCAN_BY_KEY_EXPORT_(name, K, T, T, op, KEYS_FN_, same, ~, PLAIN, 0, 1)

/* The by-key DEFINEs (SAME: == or the user's fn; REDUCE: 0 the scans, 1 the reduction; REV: 1 the
 * reverse scans), each with its prefix and, exported, its declarations. */
#define GPUSCAN_BY_KEY_P_00(name, op) gpuscan_##name##_##op##_by_key
#define GPUSCAN_BY_KEY_P_10(name, op) gpuscan_##name##_##op##_reduce_by_key
#define GPUSCAN_BY_KEY_P_01(name, op) gpuscan_##name##_##op##_reverse_by_key
#define GPUSCAN_BY_KEY_DECLARE_00(name, K, TIn, T, op) GPUSCAN_DECLARE_SCAN_BY_KEY_TYPED(name, K, TIn, T, op)
#define GPUSCAN_BY_KEY_DECLARE_10(name, K, TIn, T, op) GPUSCAN_DECLARE_REDUCE_BY_KEY_TYPED(name, K, TIn, T, op)
#define GPUSCAN_BY_KEY_DECLARE_01(name, K, TIn, T, op) GPUSCAN_DECLARE_REVERSE_SCAN_BY_KEY(name, K, T, op)
/* (SAME, fn: the keys' equality; tfn, KIND: the input's transform, as GPUSCAN_SEGMENTED_DEFINE_'s) */
#define GPUSCAN_BY_KEY_DEFINE_(name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV)               \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_SEGMENT_KEY_ASSEMBLE_,         \
                         (static __attribute__((unused)), GPUSCAN_BY_KEY_P_##REDUCE##REV(name, op), name, K, TIn, \
                          T, op, SAME, fn, tfn, KIND, REDUCE, REV))
#define GPUSCAN_BY_KEY_EXPORT_(name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV)               \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_BY_KEY_EXPORT_AS_,             \
                         (name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV))
#define GPUSCAN_BY_KEY_EXPORT_AS_(name, K, TIn, T, op, SAME, fn, tfn, KIND, REDUCE, REV)            \
    GPUSCAN_BY_KEY_DECLARE_##REDUCE##REV(name, K, TIn, T, op)                                       \
    GPUSCAN_SEGMENT_KEY_ASSEMBLE_(GPUSCAN_EXTERN_C, GPUSCAN_BY_KEY_P_##REDUCE##REV(name, op), name, K, TIn, T, \
                                  op, SAME, fn, tfn, KIND, REDUCE, REV)

/* Stream compaction (gpuscan/select.cuh): GPUSCAN_DEFINE_SELECT(name, T) defines
 *   gpuscan_<name>_select_flagged(in, flags, out, d_count, n, stream)     the elements whose flag
 *       (one byte each) is not 0, in order, to out; how many to *d_count (device memory)
 *   gpuscan_<name>_partition_flagged(in, flags, selected, rejected, d_count, n, stream)  those to
 *       selected and the rest, in order, to rejected
 * and GPUSCAN_DEFINE_SELECT_IF(name, T, keep) the same by the user's predicate
 *   static __host__ __device__ bool keep(T x, size_t i)     (i: x's index in the input)
 * as gpuscan_<name>_select_if(in, out, d_count, n, stream) and _partition_if(in, selected,
 * rejected, d_count, n, stream); every function also as _ex (a caller's workspace). */
#define GPUSCAN_DEFINE_SELECT(name, T)                                                              \
    GPUSCAN_IF_ONE_WORD_(name, "name the selection with one word", GPUSCAN_SELECT_ASSEMBLE_,       \
                         (static __attribute__((unused)), gpuscan_##name, name, T, unsigned char,   \
                          size_t, flagged, ~, NONE, ~))
#define GPUSCAN_DEFINE_SELECT_IF(name, T, keep)                                                     \
    GPUSCAN_IF_ONE_WORD_(name, "name the selection with one word", GPUSCAN_DEFINE_SELECT_IF_AS_,   \
                         (static __attribute__((unused)), name, T, keep))
#define GPUSCAN_DEFINE_SELECT_IF_AS_(SCOPE, name, T, keep)                                          \
    GPUSCAN_CHECK_KEEP_(name, T, keep)                                                              \
    GPUSCAN_SELECT_ASSEMBLE_(SCOPE, gpuscan_##name, name, T, unsigned char, size_t, if, keep, NONE, ~)
/* The same with C linkage (GPUSCAN_DECLARE_SELECT(name, T), GPUSCAN_DECLARE_SELECT_IF(name, T)). */
#define GPUSCAN_DEFINE_SELECT_EXPORT(name, T)                                                       \
    GPUSCAN_IF_ONE_WORD_(name, "name the selection with one word", GPUSCAN_DEFINE_SELECT_EXPORT_AS_, (name, T))
#define GPUSCAN_DEFINE_SELECT_EXPORT_AS_(name, T)                                                   \
    GPUSCAN_DECLARE_SELECT(name, T)                                                                 \
    GPUSCAN_SELECT_ASSEMBLE_(GPUSCAN_EXTERN_C, gpuscan_##name, name, T, unsigned char, size_t, flagged, ~, \
                             NONE, ~)
#define GPUSCAN_DEFINE_SELECT_IF_EXPORT(name, T, keep)                                              \
    GPUSCAN_IF_ONE_WORD_(name, "name the selection with one word", GPUSCAN_DEFINE_SELECT_IF_EXPORT_AS_, \
                         (name, T, keep))
#define GPUSCAN_DEFINE_SELECT_IF_EXPORT_AS_(name, T, keep)                                          \
    GPUSCAN_DECLARE_SELECT_IF(name, T)                                                              \
    GPUSCAN_DEFINE_SELECT_IF_AS_(GPUSCAN_EXTERN_C, name, T, keep)

/* Unique and run-length encoding (gpuscan/select.cuh), of runs of equal adjacent elements:
 * GPUSCAN_DEFINE_UNIQUE(name, T) (compared with ==) and GPUSCAN_DEFINE_UNIQUE_EQUAL(name, T, same)
 * (by the user's static __host__ __device__ bool same(T a, T b)) define
 *   gpuscan_<name>_unique(in, out, d_count, n, stream)    each run's first element, in order, to
 *       out; how many runs to *d_count (device memory)
 * GPUSCAN_DEFINE_UNIQUE_BY_KEY(name, K, V) (and _EQUAL(name, K, V, same): same over K)
 *   gpuscan_<name>_unique_by_key(keys, values, keys_out, values_out, d_count, n, stream)   each run
 *       of equal keys' first key and its value
 * GPUSCAN_DEFINE_RUN_LENGTH(name, T, L) (and _EQUAL(name, T, L, same); L an integer type)
 *   gpuscan_<name>_run_length_encode(in, unique, lengths, d_count, n, stream)   each run's first
 *       element to unique and its length to lengths
 * GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(name, T, L) (and _EQUAL(name, T, L, same))
 *   gpuscan_<name>_non_trivial_runs(in, offsets, lengths, d_count, n, stream)   of the runs of two
 *       or more, in order: where each starts to offsets, its length to lengths (at most n / 2)
 * each also as _ex (a caller's workspace); _EXPORT forms for C (gpuscan/api.h: GPUSCAN_DECLARE_UNIQUE,
 * _UNIQUE_BY_KEY, _RUN_LENGTH, _NON_TRIVIAL_RUNS). */
#define GPUSCAN_DEFINE_UNIQUE(name, T) GPUSCAN_UNIQUE_DEFINE_(name, unique, T, T, size_t, unique, EQ, ~)
#define GPUSCAN_DEFINE_UNIQUE_EQUAL(name, T, same) GPUSCAN_UNIQUE_DEFINE_(name, unique, T, T, size_t, unique, FN, same)
#define GPUSCAN_DEFINE_UNIQUE_BY_KEY(name, K, V)                                                    \
    GPUSCAN_UNIQUE_DEFINE_(name, unique_by_key, V, K, size_t, by_key, EQ, ~)
#define GPUSCAN_DEFINE_UNIQUE_BY_KEY_EQUAL(name, K, V, same)                                        \
    GPUSCAN_UNIQUE_DEFINE_(name, unique_by_key, V, K, size_t, by_key, FN, same)
#define GPUSCAN_DEFINE_RUN_LENGTH(name, T, L)                                                       \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_DEFINE_(name, run_length_encode, T, T, L, runs, EQ, ~)
#define GPUSCAN_DEFINE_RUN_LENGTH_EQUAL(name, T, L, same)                                           \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_DEFINE_(name, run_length_encode, T, T, L, runs, FN, same)
#define GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(name, T, L)                                                 \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_DEFINE_(name, non_trivial_runs, T, T, L, non_trivial, EQ, ~)
#define GPUSCAN_DEFINE_NON_TRIVIAL_RUNS_EQUAL(name, T, L, same)                                     \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_DEFINE_(name, non_trivial_runs, T, T, L, non_trivial, FN, same)
#define GPUSCAN_DEFINE_UNIQUE_EXPORT(name, T) GPUSCAN_UNIQUE_EXPORT_(name, unique, T, T, size_t, unique, EQ, ~)
#define GPUSCAN_DEFINE_UNIQUE_EQUAL_EXPORT(name, T, same)                                           \
    GPUSCAN_UNIQUE_EXPORT_(name, unique, T, T, size_t, unique, FN, same)
#define GPUSCAN_DEFINE_UNIQUE_BY_KEY_EXPORT(name, K, V)                                             \
    GPUSCAN_UNIQUE_EXPORT_(name, unique_by_key, V, K, size_t, by_key, EQ, ~)
#define GPUSCAN_DEFINE_UNIQUE_BY_KEY_EQUAL_EXPORT(name, K, V, same)                                 \
    GPUSCAN_UNIQUE_EXPORT_(name, unique_by_key, V, K, size_t, by_key, FN, same)
#define GPUSCAN_DEFINE_RUN_LENGTH_EXPORT(name, T, L)                                                \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_EXPORT_(name, run_length_encode, T, T, L, runs, EQ, ~)
#define GPUSCAN_DEFINE_RUN_LENGTH_EQUAL_EXPORT(name, T, L, same)                                    \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_EXPORT_(name, run_length_encode, T, T, L, runs, FN, same)
#define GPUSCAN_DEFINE_NON_TRIVIAL_RUNS_EXPORT(name, T, L)                                          \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_EXPORT_(name, non_trivial_runs, T, T, L, non_trivial, EQ, ~)
#define GPUSCAN_DEFINE_NON_TRIVIAL_RUNS_EQUAL_EXPORT(name, T, L, same)                              \
    GPUSCAN_CHECK_LENGTHS_(name, L) GPUSCAN_UNIQUE_EXPORT_(name, non_trivial_runs, T, T, L, non_trivial, FN, same)
#define GPUSCAN_CHECK_LENGTHS_(name, L)                                                             \
    static_assert(std::is_integral<L>::value && !std::is_same<L, bool>::value,                      \
                  "gpuscan: the lengths of " #name " (" #L ") must be an integer type");
/* (FORM: the functions' suffix; T the elements or values, K what is compared; KIND select.cuh's) */
#define GPUSCAN_UNIQUE_DEFINE_(name, FORM, T, K, L, KIND, SAME, fn)                                 \
    GPUSCAN_IF_ONE_WORD_(name, "name the function with one word", GPUSCAN_SELECT_ASSEMBLE_,         \
                         (static __attribute__((unused)), gpuscan_##name##_##FORM, name, T, K, L, KIND, ~, SAME, fn))
#define GPUSCAN_UNIQUE_EXPORT_(name, FORM, T, K, L, KIND, SAME, fn)                                 \
    GPUSCAN_IF_ONE_WORD_(name, "name the function with one word", GPUSCAN_UNIQUE_EXPORT_AS_,        \
                         (name, FORM, T, K, L, KIND, SAME, fn))
#define GPUSCAN_UNIQUE_EXPORT_AS_(name, FORM, T, K, L, KIND, SAME, fn)                              \
    GPUSCAN_UNIQUE_DECLARE_##KIND(name, T, K, L)                                                    \
    GPUSCAN_SELECT_ASSEMBLE_(GPUSCAN_EXTERN_C, gpuscan_##name##_##FORM, name, T, K, L, KIND, ~, SAME, fn)
#define GPUSCAN_UNIQUE_DECLARE_unique(name, T, K, L) GPUSCAN_DECLARE_UNIQUE(name, T)
#define GPUSCAN_UNIQUE_DECLARE_by_key(name, T, K, L) GPUSCAN_DECLARE_UNIQUE_BY_KEY(name, K, T)
#define GPUSCAN_UNIQUE_DECLARE_runs(name, T, K, L) GPUSCAN_DECLARE_RUN_LENGTH(name, T, L)
#define GPUSCAN_UNIQUE_DECLARE_non_trivial(name, T, K, L) GPUSCAN_DECLARE_NON_TRIVIAL_RUNS(name, T, L)

/* A stable three-way partition (gpuscan/select.cuh): GPUSCAN_DEFINE_THREE_WAY_PARTITION(name, T,
 * first, second), by the user's static __host__ __device__ bool first(T x, size_t i) and second,
 * defines
 *   gpuscan_<name>_three_way_partition(in, first, second, rest, d_counts, n, stream)   the elements
 *       `first` takes, in order, to first; of the others those `second` takes to second; the rest
 *       to rest (NULL: dropped); the two parts' counts to d_counts[0] and [1] (device memory)
 * and _ex; _EXPORT for C (GPUSCAN_DECLARE_THREE_WAY_PARTITION(name, T)). */
#define GPUSCAN_DEFINE_THREE_WAY_PARTITION(name, T, first, second)                                  \
    GPUSCAN_IF_ONE_WORD_(name, "name the partition with one word", GPUSCAN_THREE_WAY_AS_,          \
                         (static __attribute__((unused)), name, T, first, second))
#define GPUSCAN_DEFINE_THREE_WAY_PARTITION_EXPORT(name, T, first, second)                           \
    GPUSCAN_IF_ONE_WORD_(name, "name the partition with one word", GPUSCAN_THREE_WAY_EXPORT_AS_,   \
                         (name, T, first, second))
#define GPUSCAN_THREE_WAY_EXPORT_AS_(name, T, first, second)                                        \
    GPUSCAN_DECLARE_THREE_WAY_PARTITION(name, T)                                                    \
    GPUSCAN_THREE_WAY_AS_(GPUSCAN_EXTERN_C, name, T, first, second)
#define GPUSCAN_THREE_WAY_AS_(SCOPE, name, T, first, second)                                        \
    GPUSCAN_CHECK_KEEP_(name, T, first)                                                             \
    GPUSCAN_CHECK_KEEP_(name, T, second)                                                            \
    GPUSCAN_SELECT_ASSEMBLE_(SCOPE, gpuscan_##name##_three_way_partition, name, T, unsigned char, size_t, three, \
                             first, NONE, second)

#endif /* GPUSCAN_CUH */
