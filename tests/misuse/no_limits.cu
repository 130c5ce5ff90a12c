/* expect: max needs the lowest value of box */
#include "gpuscan.cuh"
typedef struct { int v; } box; /* no gpuscan_lowest_(const box *): max has no identity */
static __host__ __device__ inline bool operator<(box a, box b) { return a.v < b.v; }
static __host__ __device__ inline bool operator!=(box a, box b) { return a.v != b.v; }
GPUSCAN_DEFINE(box, max)
