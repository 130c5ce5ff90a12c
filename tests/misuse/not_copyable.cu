/* expect: gpuscan: counted must be trivially copyable */
#include "gpuscan.cuh"
struct counted {
    int v;
    __host__ __device__ counted() : v(0) {}
    __host__ __device__ counted(const counted &o) : v(o.v + 1) {} /* copies are not bytes */
};
static __host__ __device__ counted add_counted(counted a, counted b) { counted r; r.v = a.v + b.v; return r; }
#define GPUSCAN_OP_cadd_IDENTITY(name, T) counted()
#define GPUSCAN_OP_cadd_COMBINE(T, a, b) add_counted(a, b)
GPUSCAN_DEFINE(counted, cadd)
