/* scans.cu - defines the scans declared in scans.h, with C linkage (nvcc compiles this file;
 * everything else in the program can be plain C). */
#include "gpuscan.cuh"
#include "scans.h"
GPUSCAN_DEFINE_EXPORT(int, int, add)
GPUSCAN_DEFINE_EXPORT(f32, float, max)
