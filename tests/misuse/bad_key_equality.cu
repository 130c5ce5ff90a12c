/* expect: the key equality 'same_user' of visits must take (visit a, visit b) */
#include "gpuscan.cuh"
typedef struct { int user, day; } visit;
static __host__ __device__ bool same_user(const visit *a, const visit *b) { return a->user == b->user; }
GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(visits, visit, int, add, same_user)
