/* expect: an axis scan's element type is at most 188 bytes */
/* An axis scan's tile and its runs' folds live in shared memory: a 192-byte element does not fit. */
#include "gpuscan.cuh"
typedef struct { int v[48]; } wide;
static __host__ __device__ wide wide_add(wide a, wide b)
{
    for (int i = 0; i < 48; ++i) a.v[i] += b.v[i];
    return a;
}
static __host__ __device__ wide wide_zero(void) { wide w = {{0}}; return w; }
#define GPUSCAN_OP_wadd_IDENTITY(name, T) wide_zero()
#define GPUSCAN_OP_wadd_COMBINE(T, x, y) wide_add(x, y)
GPUSCAN_DEFINE_AXIS(wide, wide, wadd)
