/* expect: gpuscan: the transform 'to_pair' of tp must take */
#include "gpuscan.cuh"
typedef struct { int a, b; } pair_t;
static __host__ __device__ pair_t to_pair(int x, size_t i) { pair_t p = {x, (int)i}; return p; }
GPUSCAN_DEFINE_TRANSFORM(tp, int, long, add, to_pair)
