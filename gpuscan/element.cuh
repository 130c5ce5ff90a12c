/* gpuscan/element.cuh - the element layer: one type T with one operator.
 *
 * GPUSCAN_ELEMENT_(P, name, T, op) defines, for the prefix P (e.g. gpuscan_int_add):
 *   P_combine(a, b), P_identity()             the operator, host and device
 *   P_shfl_up / P_shfl_down / P_shfl_idx      warp shuffles of any T, one 32-bit word at a time
 *   P_slot_store / P_slot_load                a T in a global "slot" of whole words, written and
 *                                             read at L2 (cg), for publishing between blocks
 * Everything above this layer talks to T only through these functions. */
#ifndef GPUSCAN_ELEMENT_CUH
#define GPUSCAN_ELEMENT_CUH

#include <string.h>

/* 32-bit words that hold one T (the last one zero-padded). */
#define GPUSCAN_WORDS_(T) ((sizeof(T) + 3u) / 4u)

/* The user's operator, wrapped in functions so that an error in it is reported once, at the
 * GPUSCAN_DEFINE line, and so that its arguments are evaluated exactly once. */
#define GPUSCAN_OPERATOR_(P, name, T, op)                                                           \
    static __host__ __device__ __forceinline__ T P##_combine(T a, T b)                              \
    {                                                                                               \
        return GPUSCAN_OP_##op##_COMBINE(T, a, b);                                                  \
    }                                                                                               \
    static __host__ __device__ __forceinline__ T P##_identity(void)                                 \
    {                                                                                               \
        return GPUSCAN_OP_##op##_IDENTITY(name, T);                                                 \
    }

/* One warp shuffle of a T: split into words, shuffle each, reassemble. */
#define GPUSCAN_SHUFFLE_(P, T, fn, SHFL)                                                            \
    static __device__ __forceinline__ T P##_##fn(T v, int arg)                                      \
    {                                                                                               \
        unsigned int w[GPUSCAN_WORDS_(T)];                                                          \
        w[GPUSCAN_WORDS_(T) - 1] = 0u;                                                              \
        memcpy(w, &v, sizeof(T));                                                                   \
        _Pragma("unroll") for (unsigned i = 0; i < GPUSCAN_WORDS_(T); ++i)                          \
            w[i] = SHFL(0xffffffffu, w[i], arg);                                                    \
        memcpy(&v, w, sizeof(T));                                                                   \
        return v;                                                                                   \
    }

/* Global slots: a T stored as whole words through L2 (bypassing the non-coherent L1), so that
 * another block that saw the matching flag (after a fence) reads the value just written. */
#define GPUSCAN_SLOTS_(P, T)                                                                        \
    static __device__ __forceinline__ void P##_slot_store(unsigned int *slot, T v)                  \
    {                                                                                               \
        unsigned int w[GPUSCAN_WORDS_(T)];                                                          \
        w[GPUSCAN_WORDS_(T) - 1] = 0u;                                                              \
        memcpy(w, &v, sizeof(T));                                                                   \
        _Pragma("unroll") for (unsigned i = 0; i < GPUSCAN_WORDS_(T); ++i) __stcg(slot + i, w[i]);  \
    }                                                                                               \
    static __device__ __forceinline__ T P##_slot_load(const unsigned int *slot)                     \
    {                                                                                               \
        unsigned int w[GPUSCAN_WORDS_(T)];                                                          \
        T v;                                                                                        \
        _Pragma("unroll") for (unsigned i = 0; i < GPUSCAN_WORDS_(T); ++i) w[i] = __ldcg(slot + i); \
        memcpy(&v, w, sizeof(T));                                                                   \
        return v;                                                                                   \
    }

#define GPUSCAN_ELEMENT_(P, name, T, op)                                                            \
    GPUSCAN_OPERATOR_(P, name, T, op)                                                               \
    GPUSCAN_SHUFFLE_(P, T, shfl_up, __shfl_up_sync)                                                 \
    GPUSCAN_SHUFFLE_(P, T, shfl_down, __shfl_down_sync)                                             \
    GPUSCAN_SHUFFLE_(P, T, shfl_idx, __shfl_sync)                                                   \
    GPUSCAN_SLOTS_(P, T)

#endif /* GPUSCAN_ELEMENT_CUH */
