/* expect: gpuscan_i32_smax_COMBINE_must_call_only___host_____device___functions") is not allowed */
#include <algorithm>
#include "gpuscan.cuh"
#define GPUSCAN_OP_smax_IDENTITY(name, T) (-2147483647 - 1)
#define GPUSCAN_OP_smax_COMBINE(T, a, b) std::max(a, b) /* constexpr __host__: garbage on the GPU */
GPUSCAN_DEFINE_NAMED(i32, int, smax)
