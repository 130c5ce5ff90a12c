/* expect: GPUSCAN_RING_CLAIM (_TYPED_CLAIM) is at most 4 */
/* the deterministic look-back reads a claim's units at once, four at most (grid.cuh); float add's
 * order is fixed in that mode (an integer add's is not: element.cuh) */
#define GPUSCAN_DETERMINISTIC 1
#define GPUSCAN_RING_CLAIM(T) 5
#include "gpuscan.cuh"
GPUSCAN_DEFINE(float, add)
