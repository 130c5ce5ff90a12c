/* gpuscan/warp.cuh - the warp layer: scans and reductions of one value per lane, in lane order.
 *
 * GPUSCAN_WARP_(P, T) defines
 *   P_warp_inclusive(x, lane)      Kogge-Stone over shuffles: lane i gets x_0 (x) ... (x) x_i
 *   P_warp_reduce(x, lane, count)  lane i gets x_i (x) ... (x) x_{count-1}; lane 0 the whole
 *                                  reduction of lanes [0, count).  Lanes at or past count
 *                                  contribute nothing, so no identity is needed. */
#ifndef GPUSCAN_WARP_CUH
#define GPUSCAN_WARP_CUH

#define GPUSCAN_WARP_(P, T)                                                                         \
    static __device__ __forceinline__ __attribute__((unused)) T P##_warp_inclusive(T x, int lane)                           \
    {                                                                                               \
        _Pragma("unroll") for (int off = 1; off < 32; off <<= 1) {                                  \
            T y = P##_shfl_up(x, off);                                                              \
            if (lane >= off) x = P##_combine(y, x);                                                 \
        }                                                                                           \
        return x;                                                                                   \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) T P##_warp_reduce(T x, int lane, int count)                   \
    {                                                                                               \
        /* after the step with offset `off`, lane i holds lanes [i, min(i + 2*off, count)) */       \
        _Pragma("unroll") for (int off = 1; off < 32; off <<= 1) {                                  \
            T y = P##_shfl_down(x, off);                                                            \
            if (lane + off < count) x = P##_combine(x, y);                                          \
        }                                                                                           \
        return x;                                                                                   \
    }

#endif /* GPUSCAN_WARP_CUH */
