/* tests/ring_shape.h - the ring's shape for the gpu_ring_* suites (tests/CMakeLists.txt), before
 * gpuscan.cuh: CMake cannot pass function-like macros.  TEST_RING_EVERY_TYPE: every type and
 * operator takes the ring (by default 4- and 8-byte types with built-in operators and 1- and
 * 2-byte integers with add/max/min do); TEST_RING_WARPS: reducing and look-back warps a block;
 * TEST_RING_CLAIM: units a claim (GPUSCAN_RING_CLAIM); TEST_RING_TYPED_CLAIM: the same for typed inputs
 * (GPUSCAN_RING_TYPED_CLAIM). */
#ifndef TEST_RING_SHAPE_H
#define TEST_RING_SHAPE_H
#ifdef TEST_RING_EVERY_TYPE
#define GPUSCAN_RING_FOR(T) 1
#define GPUSCAN_RING_OP(op) 1
#define GPUSCAN_RING_SMALL_OP(op, T) 1
#endif
#ifdef TEST_RING_WARPS
#define GPUSCAN_RING_REDUCERS(op, T) TEST_RING_WARPS
#define GPUSCAN_RING_LOOKERS(T) TEST_RING_WARPS
#endif
#ifdef TEST_RING_CLAIM
#define GPUSCAN_RING_CLAIM(T) TEST_RING_CLAIM
#endif
#ifdef TEST_RING_TYPED_CLAIM
#define GPUSCAN_RING_TYPED_CLAIM TEST_RING_TYPED_CLAIM
#endif
#endif
