/* expect: gpuscan: add of bool is a bool */
#include "gpuscan.cuh"
GPUSCAN_DEFINE(bool, add)
