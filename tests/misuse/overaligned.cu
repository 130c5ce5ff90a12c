/* expect: aligned to more than 16 bytes */
#include "gpuscan.cuh"
typedef struct __align__(32) { double v[4]; } wide;
#define GPUSCAN_OP_wadd_IDENTITY(name, T) (wide{{0, 0, 0, 0}})
#define GPUSCAN_OP_wadd_COMBINE(T, a, b) (wide{{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}})
GPUSCAN_DEFINE(wide, wadd)
