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
 *   grid.cuh     hierarchical, domino, look-back, reduce-ahead and reduce-then-scan kernels;
 *                the reduce kernel
 *   ring.cuh     reduce-ahead reading its input once: a ring of async copies (sm_90)
 *   host.cuh     argument checks, workspace plans, launches, the public functions
 *   memory.cuh   (from host.cuh) the simple forms' workspace: a pool per device, kept per stream
 * docs/api.md documents the public surface, docs/algorithms.md the algorithms. */
#ifndef GPUSCAN_CUH
#define GPUSCAN_CUH

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

#define GPUSCAN_VERSION_MAJOR 0
#define GPUSCAN_VERSION_MINOR 1

/* The device code of one (T, op) reading TIn through FN (COPIES: FN is the identity on T), in
 * the input's order or mirrored (REV: a reverse scan): every block algorithm and grid strategy. */
#define GPUSCAN_DEVICE_CODE_(P, name, TIn, T, op, FN, COPIES, REV)                                  \
    GPUSCAN_ELEMENT_(P, name, T, op, REV)                                                           \
    GPUSCAN_LOAD_STAGE_(P, TIn, T, FN, COPIES, REV)                                                 \
    GPUSCAN_BYTES_(P, T, op)                                                                        \
    GPUSCAN_WARP_(P, T)                                                                             \
    GPUSCAN_BLOCK_PRIMITIVES_(P, T)                                                                 \
    GPUSCAN_TILE_STATE_(P, T)                                                                       \
    GPUSCAN_SCAN_ENDS_(P, T)                                                                        \
    GPUSCAN_LOOKBACK_(P, T)                                                                         \
    GPUSCAN_RUN_PREFIX_(P, T)                                                                       \
    GPUSCAN_CLUSTER_PREFIX_(P, T)                                                                   \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, KS)                                                              \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, KSW)                                                             \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, BK)                                                              \
    GPUSCAN_BLOCK_ALGORITHM_(P, T, CO)                                                              \
    GPUSCAN_GRID_KERNELS_(P, T, KS)                                                                 \
    GPUSCAN_GRID_KERNELS_(P, T, KSW)                                                                \
    GPUSCAN_GRID_KERNELS_(P, T, BK)                                                                 \
    GPUSCAN_GRID_KERNELS_(P, T, CO)                                                                 \
    GPUSCAN_RING_KERNEL_(P, T)                                                                      \
    GPUSCAN_REDUCE_KERNEL_(P, T)

/* Everything for one (name, TIn, T, op, FN), with the public functions' linkage SCOPE. */
#define GPUSCAN_ASSEMBLE_(SCOPE, P, name, TIn, T, op, FN, COPIES, REV)                              \
    GPUSCAN_CHECK_DEFINE_(P, name, T, op)                                                           \
    GPUSCAN_RING_CHOICE_(P, TIn, T, op, COPIES, REV)                                                \
    GPUSCAN_DEVICE_CODE_(P, name, TIn, T, op, FN, COPIES, REV)                                      \
    GPUSCAN_HOST_(SCOPE, P, T)
/* A plain DEFINE reads T as it is. */
#define GPUSCAN_ASSEMBLE_PLAIN_(SCOPE, P, name, T, op)                                              \
    GPUSCAN_ASSEMBLE_(SCOPE, P, name, T, T, op, P##_as_is, 1, 0)
/* A typed DEFINE reads TIn through fn(x, i) (the check first, so that a misuse's first error
 * line names it). */
#define GPUSCAN_ASSEMBLE_TYPED_(SCOPE, P, name, TIn, T, op, fn)                                     \
    GPUSCAN_CHECK_TRANSFORM_(name, TIn, T, fn)                                                      \
    GPUSCAN_ASSEMBLE_(SCOPE, P, name, TIn, T, op, fn, 0, 0)

/* Public functions local to this translation unit (like klib's KHASH_INIT).  A type whose name
 * is not one token gets a name: GPUSCAN_DEFINE_NAMED(u64, unsigned long long, add). */
#define GPUSCAN_DEFINE_NAMED(name, T, op)                                                           \
    GPUSCAN_ASSEMBLE_PLAIN_(static __attribute__((unused)), gpuscan_##name##_##op, name, T, op)
#define GPUSCAN_DEFINE(T, op) GPUSCAN_DEFINE_NAMED(T, T, op)

/* Public functions with C linkage, to be called from other files - plain C too - that see
 * GPUSCAN_DECLARE(name, T, op) (gpuscan_c.h).  Define each (name, op) once per program. */
#define GPUSCAN_DEFINE_EXPORT(name, T, op)                                                          \
    GPUSCAN_DECLARE(name, T, op)                                                                    \
    GPUSCAN_ASSEMBLE_PLAIN_(GPUSCAN_EXTERN_C, gpuscan_##name##_##op, name, T, op)

/* Typed scans: the input is TIn, the scan, its output and the reduction are T (the accumulator).
 *   GPUSCAN_DEFINE_CONVERT(u8_i32, uint8_t, int32_t, add)    each element converted: (T)x
 *   GPUSCAN_DEFINE_TRANSFORM(sq, float, double, add, square)  each element through the user's
 *       static __host__ __device__ double square(float x, size_t i) (i: its index in the input),
 *       fused into the scan's loads: f(x) is never written to memory.
 * The functions are those of GPUSCAN_DEFINE, gpuscan_<name>_<op>_..., with `const TIn *` inputs;
 * input and output may not overlap, except in place where TIn and T are as wide. */
#define GPUSCAN_DEFINE_TRANSFORM(name, TIn, T, op, fn)                                              \
    GPUSCAN_ASSEMBLE_TYPED_(static __attribute__((unused)), gpuscan_##name##_##op, name, TIn, T, op, fn)
#define GPUSCAN_DEFINE_CONVERT(name, TIn, T, op)                                                    \
    GPUSCAN_CONVERTER_(gpuscan_##name##_##op, TIn, T)                                               \
    GPUSCAN_DEFINE_TRANSFORM(name, TIn, T, op, gpuscan_##name##_##op##_convert)
/* The same with C linkage (GPUSCAN_DECLARE_TYPED(name, TIn, T, op) in other files). */
#define GPUSCAN_DEFINE_TRANSFORM_EXPORT(name, TIn, T, op, fn)                                       \
    GPUSCAN_DECLARE_TYPED(name, TIn, T, op)                                                         \
    GPUSCAN_ASSEMBLE_TYPED_(GPUSCAN_EXTERN_C, gpuscan_##name##_##op, name, TIn, T, op, fn)
#define GPUSCAN_DEFINE_CONVERT_EXPORT(name, TIn, T, op)                                             \
    GPUSCAN_CONVERTER_(gpuscan_##name##_##op, TIn, T)                                               \
    GPUSCAN_DEFINE_TRANSFORM_EXPORT(name, TIn, T, op, gpuscan_##name##_##op##_convert)

/* Reverse (suffix) scans: GPUSCAN_DEFINE_REVERSE(int, int, add) defines gpuscan_int_add_reverse_...
 * (inclusive: out[i] = in[i] (x) ... (x) in[n-1], the operator's order kept; exclusive: out[n-1] =
 * init, out[i] = in[i+1] (x) ... (x) in[n-1] (x) init; chained: the seed on the right, the total
 * in[0] (x) ... (x) seed).  Every function of a DEFINE but the offsets (GPUSCAN_ERROR_UNSUPPORTED). */
#define GPUSCAN_DEFINE_REVERSE(name, T, op)                                                         \
    GPUSCAN_ASSEMBLE_(static __attribute__((unused)), gpuscan_##name##_##op##_reverse, name, T, T,  \
                      op, gpuscan_##name##_##op##_reverse_as_is, 1, 1)

#endif /* GPUSCAN_CUH */
