/* expect: gpuscan_cell_pick_IDENTITY_must_call_only___host_____device___functions") is not allowed */
#include "gpuscan.cuh"
typedef struct { int v; } cell;
static __host__ __device__ cell pick(cell a, cell b) { return b.v ? b : a; }
static cell none(void) { cell c = {0}; return c; } /* no __device__ */
#define GPUSCAN_OP_pick_IDENTITY(name, T) none()
#define GPUSCAN_OP_pick_COMBINE(T, a, b) pick(a, b)
GPUSCAN_DEFINE(cell, pick)
