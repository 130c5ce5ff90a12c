/* expect: gpuscan_range_t_join_COMBINE_must_call_only___host_____device___functions") is not allowed */
#include "gpuscan.cuh"
typedef struct { int lo, hi; } range_t;
static range_t join(range_t a, range_t b) { range_t r = {a.lo, b.hi}; return r; } /* no __device__ */
static __host__ __device__ range_t no_range(void) { range_t r = {0, 0}; return r; }
#define GPUSCAN_OP_join_IDENTITY(name, T) no_range()
#define GPUSCAN_OP_join_COMBINE(T, a, b) join(a, b)
GPUSCAN_DEFINE(range_t, join)
