/* expect: the lengths of runs (float) must be an integer type */
#include "gpuscan.cuh"
GPUSCAN_DEFINE_RUN_LENGTH(runs, int, float) /* lengths count elements */
