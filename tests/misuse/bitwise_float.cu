/* expect: operator 'xor' (bitwise) needs an integer type */
#include "gpuscan.cuh"
GPUSCAN_DEFINE(float, xor)
