/* gpuscan_ops.h - operators for gpuscan.
 *
 * An operator `op` is two macros that gpuscan looks up by name:
 *
 *   GPUSCAN_OP_<op>_IDENTITY(name, T)  an expression of type T: e with e (x) x == x (x) e == x
 *   GPUSCAN_OP_<op>_COMBINE(T, a, b)   an expression of type T: a (x) b, a being the EARLIER part
 *
 * The operator must be associative; it need not be commutative (gpuscan keeps the order).
 * `name` is the type's name token as given to GPUSCAN_DEFINE / GPUSCAN_DEFINE_NAMED; min and max
 * find the type's limits by the type T (gpuscan_lowest_ / gpuscan_highest_ below), not by name.
 *
 * A custom operator, e.g. for a struct, in user code (see docs/api.md):
 *
 *   typedef struct { int a, b; } affine;              // x -> a*x + b
 *   static __host__ __device__ inline affine affine_then(affine f, affine g)
 *   { affine r = {g.a * f.a, g.a * f.b + g.b}; return r; } // apply f, then g
 *   #define GPUSCAN_OP_compose_IDENTITY(name, T) (affine{1, 0})
 *   #define GPUSCAN_OP_compose_COMBINE(T, a, b)  affine_then(a, b)
 *   GPUSCAN_DEFINE(affine, compose)
 *
 * Built-in operators and where they apply:
 *   add, mul       every integer type, float, double, __half, __nv_bfloat16
 *   min, max       every type with limits below (the built-in arithmetic types, __half,
 *                  __nv_bfloat16), and a type of your own that you give them
 *   and, or, xor   integer types only (a compile error on floating types)
 * Integer add and mul wrap modulo 2^bits (two's complement for signed types, as nvcc and
 * gcc/clang generate it; C leaves signed overflow undefined, so prefer unsigned types where
 * wrapping is intended).  Small integer types are promoted to int by C and truncated back.
 * min/max return the earlier argument on ties and propagate NaN: once a NaN has been seen, the
 * running min/max is NaN (as numpy's minimum/maximum.accumulate).  That keeps them associative
 * with NaN inputs, so every algorithm gives the same answer; (b != b) is false for non-floating
 * types and compiles away. */
#ifndef GPUSCAN_OPS_H
#define GPUSCAN_OPS_H

#include <limits.h>
#include <stdint.h>
#include <float.h>
#include <math.h>

/* ---- built-in operators ------------------------------------------------------------------- */
#define GPUSCAN_OP_add_IDENTITY(name, T) ((T)0)
#define GPUSCAN_OP_add_COMBINE(T, a, b) ((T)((a) + (b)))

#define GPUSCAN_OP_mul_IDENTITY(name, T) ((T)1)
#define GPUSCAN_OP_mul_COMBINE(T, a, b) ((T)((a) * (b)))

#define GPUSCAN_OP_min_IDENTITY(name, T) gpuscan_highest_((const T *)0)
#define GPUSCAN_OP_min_COMBINE(T, a, b) (((b) < (a) || (b) != (b)) ? (b) : (a))

#define GPUSCAN_OP_max_IDENTITY(name, T) gpuscan_lowest_((const T *)0)
#define GPUSCAN_OP_max_COMBINE(T, a, b) (((a) < (b) || (b) != (b)) ? (b) : (a))

#define GPUSCAN_OP_and_IDENTITY(name, T) ((T) ~(T)0)
#define GPUSCAN_OP_and_COMBINE(T, a, b) ((T)((a) & (b)))

#define GPUSCAN_OP_or_IDENTITY(name, T) ((T)0)
#define GPUSCAN_OP_or_COMBINE(T, a, b) ((T)((a) | (b)))

#define GPUSCAN_OP_xor_IDENTITY(name, T) ((T)0)
#define GPUSCAN_OP_xor_COMBINE(T, a, b) ((T)((a) ^ (b)))

/* ---- type limits, looked up by the type itself ----------------------------------------------
 * The identities of max and min: the lowest and the highest value of T, from an overload of
 * gpuscan_lowest_ / gpuscan_highest_ on a (const T *) tag - so any name a DEFINE gives the type
 * finds them.  Floating types use -inf/+inf.  A type of your own that max or min should serve
 * gets its pair before the DEFINE:
 *   static __host__ __device__ inline my_t gpuscan_lowest_(const my_t *) { return ...; }
 *   static __host__ __device__ inline my_t gpuscan_highest_(const my_t *) { return ...; }
 * Any other type falls to the (const void *) pair, whose result type is no T: the DEFINE then
 * stops with a message that says so (element.cuh). */
typedef struct gpuscan_no_limits_ { int none; } gpuscan_no_limits_;
static __host__ __device__ inline gpuscan_no_limits_ gpuscan_lowest_(const void *) { gpuscan_no_limits_ r = {0}; return r; }
static __host__ __device__ inline gpuscan_no_limits_ gpuscan_highest_(const void *) { gpuscan_no_limits_ r = {0}; return r; }
#define GPUSCAN_LIMITS_OF_(T, lowest, highest)                                                      \
    static __host__ __device__ inline T gpuscan_lowest_(const T *) { return (T)(lowest); }          \
    static __host__ __device__ inline T gpuscan_highest_(const T *) { return (T)(highest); }
GPUSCAN_LIMITS_OF_(bool, false, true)
GPUSCAN_LIMITS_OF_(char, CHAR_MIN, CHAR_MAX)
GPUSCAN_LIMITS_OF_(signed char, SCHAR_MIN, SCHAR_MAX)
GPUSCAN_LIMITS_OF_(unsigned char, 0, UCHAR_MAX)
GPUSCAN_LIMITS_OF_(wchar_t, WCHAR_MIN, WCHAR_MAX)
GPUSCAN_LIMITS_OF_(char16_t, 0, UINT16_MAX)
GPUSCAN_LIMITS_OF_(char32_t, 0, UINT32_MAX)
GPUSCAN_LIMITS_OF_(short, SHRT_MIN, SHRT_MAX)
GPUSCAN_LIMITS_OF_(unsigned short, 0, USHRT_MAX)
GPUSCAN_LIMITS_OF_(int, INT_MIN, INT_MAX)
GPUSCAN_LIMITS_OF_(unsigned, 0u, UINT_MAX)
GPUSCAN_LIMITS_OF_(long, LONG_MIN, LONG_MAX)
GPUSCAN_LIMITS_OF_(unsigned long, 0ul, ULONG_MAX)
GPUSCAN_LIMITS_OF_(long long, LLONG_MIN, LLONG_MAX)
GPUSCAN_LIMITS_OF_(unsigned long long, 0ull, ULLONG_MAX)
GPUSCAN_LIMITS_OF_(float, -HUGE_VALF, HUGE_VALF)
GPUSCAN_LIMITS_OF_(double, -HUGE_VAL, HUGE_VAL)
/* __half and __nv_bfloat16: +-infinity (their headers come first in gpuscan.cuh) */
GPUSCAN_LIMITS_OF_(__half, __ushort_as_half((unsigned short)0xFC00U), __ushort_as_half((unsigned short)0x7C00U))
GPUSCAN_LIMITS_OF_(__nv_bfloat16, __ushort_as_bfloat16((unsigned short)0xFF80U),
                   __ushort_as_bfloat16((unsigned short)0x7F80U))

#endif /* GPUSCAN_OPS_H */
