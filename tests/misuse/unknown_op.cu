/* expect: unknown operator 'plus' */
#include "gpuscan.cuh"
GPUSCAN_DEFINE(int, plus)
