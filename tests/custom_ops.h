/* tests/custom_ops.h - the custom types and operators of the tests (part of the helper library,
 * tests/test_lib.h, which includes it).  Each is a few lines: a type, a combine function, the two
 * GPUSCAN_OP_ macros, and a generator of test data, gen_<type>(x, n, opc, rng) (opc: unused, as
 * test_lib.h's generators take it; OPC_<op> says which kind of data an operator wants).  Sizes:
 * 3 (rgb), 4 (aff16), 8 (affine, argmax_t), 12 (affine3: the largest value packed with its tile
 * status), 16 (mat2: values in slots), 24 (aff2d) and 40 bytes (vec10). */
#ifndef GPUSCAN_TEST_CUSTOM_OPS_H
#define GPUSCAN_TEST_CUSTOM_OPS_H
#include <stdint.h>
#include "test_common.h"

/* the data every custom operator gets: any values of the type (test_lib.h: OPC_ADD) */
#define OPC_compose OPC_ADD
#define OPC_compose16 OPC_ADD
#define OPC_compose3 OPC_ADD
#define OPC_compose2d OPC_ADD
#define OPC_argmax OPC_ADD
#define OPC_matmul OPC_ADD
#define OPC_rgbadd OPC_ADD
#define OPC_vadd OPC_ADD

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
/* A typed suite's transform: an int and its index made a map (odd slope), so that a wrong index or
 * order shows. */
static __host__ __device__ inline affine affine_of(int x, size_t i)
{
    affine f;
    f.a = (uint32_t)x | 1u;
    f.b = (uint32_t)i * 2654435761u;
    return f;
}
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

/* The same on uint16 (mod 2^16): 4 bytes, a non-commutative operator in the 8-byte tile state. */
typedef struct { uint16_t a, b; } aff16;
static __host__ __device__ inline aff16 aff16_then(aff16 f, aff16 g)
{
    aff16 r;
    r.a = (uint16_t)(g.a * f.a);
    r.b = (uint16_t)(g.a * f.b + g.b);
    return r;
}
static __host__ __device__ inline aff16 aff16_identity(void) { aff16 r; r.a = 1; r.b = 0; return r; }
#define GPUSCAN_OP_compose16_IDENTITY(name, T) aff16_identity()
#define GPUSCAN_OP_compose16_COMBINE(T, x, y) aff16_then(x, y)
static inline void gen_aff16(aff16 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i].a = (uint16_t)(r | 1u);
        x[i].b = (uint16_t)(r >> 32);
    }
}

/* Running argmax: (value, index), the earlier pair wins ties - associative, not commutative. */
typedef struct { float value; int index; } argmax_t;
static __host__ __device__ inline argmax_t argmax_pick(argmax_t x, argmax_t y) { return (x.value < y.value) ? y : x; }
static __host__ __device__ inline argmax_t argmax_identity(void) { argmax_t r; r.value = -HUGE_VALF; r.index = -1; return r; }
#define GPUSCAN_OP_argmax_IDENTITY(name, T) argmax_identity()
#define GPUSCAN_OP_argmax_COMBINE(T, x, y) argmax_pick(x, y)
static inline void gen_argmax(argmax_t *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) { /* few distinct values: many ties */
        uint64_t r = rng_next(rng);
        x[i].value = (float)(r % 1000) - 500.0f;
        x[i].index = (int)(r >> 40);
    }
}

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
/* any entries (products of many soon have their low bits zero: fine for short runs) */
static inline void gen_mat2(mat2 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i)
        for (int k = 0; k < 4; ++k) x[i].m[k] = (uint32_t)rng_next(rng);
}
/* unimodular ones (det 1: [[1, b], [c, 1 + b c]]), whose products never collapse to 0 */
static inline void gen_mat2_unimodular(mat2 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t b = (uint32_t)(rng_next(rng) % 7u), c = (uint32_t)(rng_next(rng) % 5u);
        x[i].m[0] = 1u, x[i].m[1] = b, x[i].m[2] = c, x[i].m[3] = 1u + b * c;
    }
}

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
static inline void gen_rgb(rgb *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i].r = (uint8_t)r; x[i].g = (uint8_t)(r >> 8); x[i].b = (uint8_t)(r >> 16);
    }
}

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
static inline void gen_affine3(affine3 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng_next(rng);
        x[i].a = (uint32_t)r | 1u;
        x[i].b = (uint32_t)(r >> 32);
        x[i].steps = (uint32_t)rng_next(rng);
    }
}

/* A 24-byte struct: affine maps of the plane over uint32, v -> M v + t (M 2x2, row-major),
 * composed "first f, then g": (Mg Mf, Mg tf + tg).  Non-commutative; values in slots. */
typedef struct { uint32_t m[4], t[2]; } aff2d;
static __host__ __device__ inline aff2d aff2d_then(aff2d f, aff2d g)
{
    aff2d r;
    r.m[0] = g.m[0] * f.m[0] + g.m[1] * f.m[2];
    r.m[1] = g.m[0] * f.m[1] + g.m[1] * f.m[3];
    r.m[2] = g.m[2] * f.m[0] + g.m[3] * f.m[2];
    r.m[3] = g.m[2] * f.m[1] + g.m[3] * f.m[3];
    r.t[0] = g.m[0] * f.t[0] + g.m[1] * f.t[1] + g.t[0];
    r.t[1] = g.m[2] * f.t[0] + g.m[3] * f.t[1] + g.t[1];
    return r;
}
static __host__ __device__ inline aff2d aff2d_identity(void) { aff2d r = {{1u, 0u, 0u, 1u}, {0u, 0u}}; return r; }
#define GPUSCAN_OP_compose2d_IDENTITY(name, T) aff2d_identity()
#define GPUSCAN_OP_compose2d_COMBINE(T, x, y) aff2d_then(x, y)
/* unimodular linear parts (as gen_mat2_unimodular), any translations */
static inline void gen_aff2d(aff2d *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i) {
        const uint64_t r = rng_next(rng), s = rng_next(rng);
        const uint32_t b = (uint32_t)(r % 7u), c = (uint32_t)((r >> 8) % 5u);
        x[i].m[0] = 1u, x[i].m[1] = b, x[i].m[2] = c, x[i].m[3] = 1u + b * c;
        x[i].t[0] = (uint32_t)s, x[i].t[1] = (uint32_t)(s >> 32);
    }
}

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
static inline void gen_vec10(vec10 *x, size_t n, int opc, uint64_t *rng)
{
    (void)opc;
    for (size_t i = 0; i < n; ++i)
        for (int k = 0; k < 10; ++k) x[i].v[k] = (int32_t)rng_next(rng);
}

#endif
