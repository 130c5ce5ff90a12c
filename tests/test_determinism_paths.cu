/* tests/test_determinism_paths.cu - the float and double sums of test_determinism.cu, compiled with
 * neither the fold nor one-cluster scans (tuning knobs set by tests/CMakeLists.txt), so that AUTO
 * takes the look-back where the suite's own definitions fold or run as one cluster: a device
 * whose SMs do not hold all of a scan's tiles at once, or that launches no clusters, does the same.
 * The suite compares the two bit for bit. */
#ifndef GPUSCAN_DETERMINISTIC /* (as test_determinism.cu's) */
#define GPUSCAN_DETERMINISTIC 1
#endif
#include "gpuscan.cuh"
#if GPUSCAN_FOLD_MIN_TILES < 0xffffffffu || GPUSCAN_CLUSTER_MAX_TILES != 0
#error "test_determinism_paths.cu: built without the fold and clusters (tests/CMakeLists.txt)"
#endif
GPUSCAN_DEFINE_EXPORT(lbf32, float, add)
GPUSCAN_DEFINE_EXPORT(lbf64, double, add)
