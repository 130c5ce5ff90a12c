/* expect: gpuscan.cuh is CUDA code: include it in a .cu file */
#include "gpuscan.cuh"
GPUSCAN_DEFINE(int, add)
