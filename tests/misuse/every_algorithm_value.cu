/* expect: GPUSCAN_EVERY_ALGORITHM is 0 or 1 */
/* Each DEFINE reads GPUSCAN_EVERY_ALGORITHM where it stands; a value other than 0 or 1 (here a
 * CMake-style ON) would compile nothing it names. */
#include "gpuscan.cuh"
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM ON
GPUSCAN_DEFINE(int, add)
