/* tests/custom_ops.h - user-defined types and operators used by the tests, the examples and the
 * benchmark.  Each is a few lines: a type, a combine function, and the two GPUSCAN_OP_ macros. */
#ifndef GPUSCAN_TEST_CUSTOM_OPS_H
#define GPUSCAN_TEST_CUSTOM_OPS_H
#include <stdint.h>
#include "test_common.h"

/* Affine maps x -> a*x + b on uint32 (mod 2^32), combined "first f, then g": non-commutative. */
typedef struct { uint32_t a, b; } affine;
static __host__ __device__ inline affine affine_then(affine f, affine g)
{
    affine r;
    r.a = g.a * f.a;
    r.b = g.a * f.b + g.b;
    return r;
}
static __host__ __device__ inline affine affine_identity(void) { affine r; r.a = 1; r.b = 0; return r; }
#define GPUSCAN_OP_compose_IDENTITY(name, T) affine_identity()
#define GPUSCAN_OP_compose_COMBINE(T, x, y) affine_then(x, y)
/* Test data: random maps with odd slopes (invertible mod 2^32, so compositions never collapse). */
static inline void gen_affine(affine *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i].a = (uint32_t)r | 1u;
        x[i].b = (uint32_t)(r >> 32);
    }
}

/* Running argmax: (value, index), the earlier pair wins ties - associative, not commutative. */
typedef struct { float value; int index; } argmax_t;
static __host__ __device__ inline argmax_t argmax_pick(argmax_t x, argmax_t y) { return (x.value < y.value) ? y : x; }
static __host__ __device__ inline argmax_t argmax_identity(void) { argmax_t r; r.value = -HUGE_VALF; r.index = -1; return r; }
#define GPUSCAN_OP_argmax_IDENTITY(name, T) argmax_identity()
#define GPUSCAN_OP_argmax_COMBINE(T, x, y) argmax_pick(x, y)

/* 2x2 matrices over uint32, multiplied in order (16 bytes, non-commutative). */
typedef struct { uint32_t m[4]; } mat2;
static __host__ __device__ inline mat2 mat2_mul(mat2 x, mat2 y)
{
    mat2 r;
    r.m[0] = x.m[0] * y.m[0] + x.m[1] * y.m[2];
    r.m[1] = x.m[0] * y.m[1] + x.m[1] * y.m[3];
    r.m[2] = x.m[2] * y.m[0] + x.m[3] * y.m[2];
    r.m[3] = x.m[2] * y.m[1] + x.m[3] * y.m[3];
    return r;
}
static __host__ __device__ inline mat2 mat2_identity(void) { mat2 r = {{1, 0, 0, 1}}; return r; }
#define GPUSCAN_OP_matmul_IDENTITY(name, T) mat2_identity()
#define GPUSCAN_OP_matmul_COMBINE(T, x, y) mat2_mul(x, y)

/* A 3-byte struct (size not a multiple of 4): per-channel wrapping add. */
typedef struct { uint8_t r, g, b; } rgb;
static __host__ __device__ inline rgb rgb_add(rgb x, rgb y)
{
    rgb o;
    o.r = (uint8_t)(x.r + y.r);
    o.g = (uint8_t)(x.g + y.g);
    o.b = (uint8_t)(x.b + y.b);
    return o;
}
static __host__ __device__ inline rgb rgb_zero(void) { rgb o = {0, 0, 0}; return o; }
#define GPUSCAN_OP_rgbadd_IDENTITY(name, T) rgb_zero()
#define GPUSCAN_OP_rgbadd_COMBINE(T, x, y) rgb_add(x, y)

/* A 12-byte struct - the largest value that travels packed with its tile status in one 16-byte
 * word: an affine map on uint32 plus a step count, composed "first f, then g" (non-commutative). */
typedef struct { uint32_t a, b, steps; } affine3;
static __host__ __device__ inline affine3 affine3_then(affine3 f, affine3 g)
{
    affine3 r;
    r.a = g.a * f.a;
    r.b = g.a * f.b + g.b;
    r.steps = f.steps + g.steps;
    return r;
}
static __host__ __device__ inline affine3 affine3_identity(void) { affine3 r = {1u, 0u, 0u}; return r; }
#define GPUSCAN_OP_compose3_IDENTITY(name, T) affine3_identity()
#define GPUSCAN_OP_compose3_COMBINE(T, x, y) affine3_then(x, y)

/* A 40-byte struct: running sum of a 10-vector of int32 (many shuffle words). */
typedef struct { int32_t v[10]; } vec10;
static __host__ __device__ inline vec10 vec10_add(vec10 x, vec10 y)
{
    for (int i = 0; i < 10; ++i) x.v[i] = (int32_t)((uint32_t)x.v[i] + (uint32_t)y.v[i]);
    return x;
}
static __host__ __device__ inline vec10 vec10_zero(void) { vec10 o; for (int i = 0; i < 10; ++i) o.v[i] = 0; return o; }
#define GPUSCAN_OP_vadd_IDENTITY(name, T) vec10_zero()
#define GPUSCAN_OP_vadd_COMBINE(T, x, y) vec10_add(x, y)

#endif
