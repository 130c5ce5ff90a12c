/* scans.h - the scans this program uses, declared for C (defined in scans.cu). */
#ifndef SCANS_H
#define SCANS_H
#include "gpuscan_c.h"
GPUSCAN_DECLARE(int, int, add)
GPUSCAN_DECLARE(f32, float, max)
GPUSCAN_DECLARE_TYPED(flags, unsigned char, int, add)
GPUSCAN_DECLARE_SEGMENTED(int, int, add)
GPUSCAN_DECLARE_SCAN_BY_KEY(int, int, int, add)
GPUSCAN_DECLARE_REVERSE_SEGMENTED(int, int, add)
GPUSCAN_DECLARE_REVERSE_SCAN_BY_KEY(int, int, int, add)
GPUSCAN_DECLARE_SCAN_BY_KEY_TYPED(flags, int, unsigned char, int, add)
GPUSCAN_DECLARE_REDUCE_BY_KEY(int, int, int, add)
GPUSCAN_DECLARE_SEGMENTED_REDUCE(int, int, add)
GPUSCAN_DECLARE_SEGMENTED_REDUCE_TYPED(flags, unsigned char, int, add)
GPUSCAN_DECLARE_AXIS(int, int, add)
GPUSCAN_DECLARE_AXIS_TYPED(flags, unsigned char, int, add)
GPUSCAN_DECLARE_RUN_LENGTH(int, int, int)
GPUSCAN_DECLARE_NON_TRIVIAL_RUNS(int, int, int)
#endif
