/* expect: max needs the limits of type name 'byte' */
#include <stdint.h>
#include "gpuscan.cuh"
GPUSCAN_DEFINE_NAMED(byte, uint8_t, max)
