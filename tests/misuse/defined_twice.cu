/* expect: enum "gpuscan_int_add_DEFINE_appears_twice_in_this_file" has already been defined */
#include "gpuscan.cuh"
GPUSCAN_DEFINE(int, add)
GPUSCAN_DEFINE(int, add)
