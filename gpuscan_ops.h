/* gpuscan_ops.h - operators for gpuscan.
 *
 * An operator `op` is two macros that gpuscan looks up by name:
 *
 *   GPUSCAN_OP_<op>_IDENTITY(name, T)  an expression of type T: e with e (x) x == x (x) e == x
 *   GPUSCAN_OP_<op>_COMBINE(T, a, b)   an expression of type T: a (x) b, a being the EARLIER part
 *
 * The operator must be associative; it need not be commutative (gpuscan keeps the order).
 * `name` is the type's name token as given to GPUSCAN_DEFINE / GPUSCAN_DEFINE_NAMED: min and max
 * use it to find the type's limits (GPUSCAN_LIMITS_<name>_LOWEST / _HIGHEST below).
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
 *   min, max       every type that has GPUSCAN_LIMITS_<name>_* (all built-ins below)
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

#define GPUSCAN_OP_min_IDENTITY(name, T) (GPUSCAN_LIMITS_##name##_HIGHEST)
#define GPUSCAN_OP_min_COMBINE(T, a, b) (((b) < (a) || (b) != (b)) ? (b) : (a))

#define GPUSCAN_OP_max_IDENTITY(name, T) (GPUSCAN_LIMITS_##name##_LOWEST)
#define GPUSCAN_OP_max_COMBINE(T, a, b) (((a) < (b) || (b) != (b)) ? (b) : (a))

#define GPUSCAN_OP_and_IDENTITY(name, T) ((T) ~(T)0)
#define GPUSCAN_OP_and_COMBINE(T, a, b) ((T)((a) & (b)))

#define GPUSCAN_OP_or_IDENTITY(name, T) ((T)0)
#define GPUSCAN_OP_or_COMBINE(T, a, b) ((T)((a) | (b)))

#define GPUSCAN_OP_xor_IDENTITY(name, T) ((T)0)
#define GPUSCAN_OP_xor_COMBINE(T, a, b) ((T)((a) ^ (b)))

/* ---- type limits, keyed by the type's name token ---------------------------------------------
 * Lowest/highest values: the identities of max/min.  Floating types use -inf/+inf. */
#define GPUSCAN_LIMITS_char_LOWEST CHAR_MIN
#define GPUSCAN_LIMITS_char_HIGHEST CHAR_MAX
#define GPUSCAN_LIMITS_schar_LOWEST SCHAR_MIN
#define GPUSCAN_LIMITS_schar_HIGHEST SCHAR_MAX
#define GPUSCAN_LIMITS_uchar_LOWEST 0
#define GPUSCAN_LIMITS_uchar_HIGHEST UCHAR_MAX
#define GPUSCAN_LIMITS_short_LOWEST SHRT_MIN
#define GPUSCAN_LIMITS_short_HIGHEST SHRT_MAX
#define GPUSCAN_LIMITS_ushort_LOWEST 0
#define GPUSCAN_LIMITS_ushort_HIGHEST USHRT_MAX
#define GPUSCAN_LIMITS_int_LOWEST INT_MIN
#define GPUSCAN_LIMITS_int_HIGHEST INT_MAX
#define GPUSCAN_LIMITS_unsigned_LOWEST 0u
#define GPUSCAN_LIMITS_unsigned_HIGHEST UINT_MAX
#define GPUSCAN_LIMITS_uint_LOWEST 0u
#define GPUSCAN_LIMITS_uint_HIGHEST UINT_MAX
#define GPUSCAN_LIMITS_long_LOWEST LONG_MIN
#define GPUSCAN_LIMITS_long_HIGHEST LONG_MAX
#define GPUSCAN_LIMITS_ulong_LOWEST 0ul
#define GPUSCAN_LIMITS_ulong_HIGHEST ULONG_MAX
#define GPUSCAN_LIMITS_ll_LOWEST LLONG_MIN
#define GPUSCAN_LIMITS_ll_HIGHEST LLONG_MAX
#define GPUSCAN_LIMITS_ull_LOWEST 0ull
#define GPUSCAN_LIMITS_ull_HIGHEST ULLONG_MAX
#define GPUSCAN_LIMITS_size_t_LOWEST ((size_t)0)
#define GPUSCAN_LIMITS_size_t_HIGHEST SIZE_MAX
#define GPUSCAN_LIMITS_int8_t_LOWEST INT8_MIN
#define GPUSCAN_LIMITS_int8_t_HIGHEST INT8_MAX
#define GPUSCAN_LIMITS_uint8_t_LOWEST ((uint8_t)0)
#define GPUSCAN_LIMITS_uint8_t_HIGHEST UINT8_MAX
#define GPUSCAN_LIMITS_int16_t_LOWEST INT16_MIN
#define GPUSCAN_LIMITS_int16_t_HIGHEST INT16_MAX
#define GPUSCAN_LIMITS_uint16_t_LOWEST ((uint16_t)0)
#define GPUSCAN_LIMITS_uint16_t_HIGHEST UINT16_MAX
#define GPUSCAN_LIMITS_int32_t_LOWEST INT32_MIN
#define GPUSCAN_LIMITS_int32_t_HIGHEST INT32_MAX
#define GPUSCAN_LIMITS_uint32_t_LOWEST ((uint32_t)0)
#define GPUSCAN_LIMITS_uint32_t_HIGHEST UINT32_MAX
#define GPUSCAN_LIMITS_int64_t_LOWEST INT64_MIN
#define GPUSCAN_LIMITS_int64_t_HIGHEST INT64_MAX
#define GPUSCAN_LIMITS_uint64_t_LOWEST ((uint64_t)0)
#define GPUSCAN_LIMITS_uint64_t_HIGHEST UINT64_MAX
/* short aliases for GPUSCAN_DEFINE_NAMED(i8, int8_t, op) and friends */
#define GPUSCAN_LIMITS_i8_LOWEST INT8_MIN
#define GPUSCAN_LIMITS_i8_HIGHEST INT8_MAX
#define GPUSCAN_LIMITS_u8_LOWEST ((uint8_t)0)
#define GPUSCAN_LIMITS_u8_HIGHEST UINT8_MAX
#define GPUSCAN_LIMITS_i16_LOWEST INT16_MIN
#define GPUSCAN_LIMITS_i16_HIGHEST INT16_MAX
#define GPUSCAN_LIMITS_u16_LOWEST ((uint16_t)0)
#define GPUSCAN_LIMITS_u16_HIGHEST UINT16_MAX
#define GPUSCAN_LIMITS_i32_LOWEST INT32_MIN
#define GPUSCAN_LIMITS_i32_HIGHEST INT32_MAX
#define GPUSCAN_LIMITS_u32_LOWEST ((uint32_t)0)
#define GPUSCAN_LIMITS_u32_HIGHEST UINT32_MAX
#define GPUSCAN_LIMITS_i64_LOWEST INT64_MIN
#define GPUSCAN_LIMITS_i64_HIGHEST INT64_MAX
#define GPUSCAN_LIMITS_u64_LOWEST ((uint64_t)0)
#define GPUSCAN_LIMITS_u64_HIGHEST UINT64_MAX
#define GPUSCAN_LIMITS_float_LOWEST (-HUGE_VALF)
#define GPUSCAN_LIMITS_float_HIGHEST HUGE_VALF
#define GPUSCAN_LIMITS_f32_LOWEST (-HUGE_VALF)
#define GPUSCAN_LIMITS_f32_HIGHEST HUGE_VALF
#define GPUSCAN_LIMITS_double_LOWEST (-HUGE_VAL)
#define GPUSCAN_LIMITS_double_HIGHEST HUGE_VAL
#define GPUSCAN_LIMITS_f64_LOWEST (-HUGE_VAL)
#define GPUSCAN_LIMITS_f64_HIGHEST HUGE_VAL
/* __half and __nv_bfloat16 (name them half / bf16 with GPUSCAN_DEFINE_NAMED): +-infinity */
#define GPUSCAN_LIMITS_half_LOWEST __ushort_as_half((unsigned short)0xFC00U)
#define GPUSCAN_LIMITS_half_HIGHEST __ushort_as_half((unsigned short)0x7C00U)
#define GPUSCAN_LIMITS_bf16_LOWEST __ushort_as_bfloat16((unsigned short)0xFF80U)
#define GPUSCAN_LIMITS_bf16_HIGHEST __ushort_as_bfloat16((unsigned short)0x7F80U)

#endif /* GPUSCAN_OPS_H */
