/* scans.cu - defines the scans declared in scans.h, with C linkage (nvcc compiles this file;
 * everything else in the program can be plain C). */
#include "gpuscan.cuh"
#include "scans.h"
GPUSCAN_DEFINE_EXPORT(int, int, add)
GPUSCAN_DEFINE_EXPORT(f32, float, max)
GPUSCAN_DEFINE_CONVERT_EXPORT(flags, unsigned char, int, add) /* 0/1 bytes into int offsets */
GPUSCAN_DEFINE_SEGMENTED_EXPORT(int, int, add)                 /* a sum restarting at each head */
GPUSCAN_DEFINE_SCAN_BY_KEY_EXPORT(int, int, int, add)          /* ... at each change of key */
GPUSCAN_DEFINE_REVERSE_SEGMENTED_EXPORT(int, int, add)         /* each segment's sum from there to its end */
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EXPORT(int, int, int, add)  /* ... each run of keys' */
GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT_EXPORT(flags, int, unsigned char, int, add) /* 0/1 bytes counted a run of keys */
GPUSCAN_DEFINE_REDUCE_BY_KEY_EXPORT(int, int, int, add)        /* a sum for each run of keys */
GPUSCAN_DEFINE_SEGMENTED_REDUCE_EXPORT(int, int, add)          /* a sum for each segment or row */
GPUSCAN_DEFINE_SEGMENTED_REDUCE_CONVERT_EXPORT(flags, unsigned char, int, add) /* 0/1 bytes counted a segment */
GPUSCAN_DEFINE_AXIS_EXPORT(int, int, add)                      /* a cumsum along one axis */
GPUSCAN_DEFINE_AXIS_CONVERT_EXPORT(flags, unsigned char, int, add) /* ... of bytes, in int (an integral image) */
GPUSCAN_DEFINE_RUN_LENGTH_EXPORT(int, int, int)                  /* each run of equal ints, and its length */
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS_EXPORT(int, int, int)            /* ... of two or more: where, how long */
