/* expect: a typed DEFINE by key takes keys of a scalar type */
#include "gpuscan.cuh"
typedef struct { int user, day; } visit; /* typed DEFINEs by key compare keys with == only */
GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT(visits, visit, unsigned char, int, add)
