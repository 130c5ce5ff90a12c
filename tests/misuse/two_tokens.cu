/* expect: the type name 'unsigned long' is not one token */
#include "gpuscan.cuh"
GPUSCAN_DEFINE(unsigned long, add)
