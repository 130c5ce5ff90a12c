/* expect: the type name 'unsigned long long' is not one token */
#include "gpuscan.cuh"
GPUSCAN_DEFINE_EXPORT(unsigned long long, unsigned long long, max)
