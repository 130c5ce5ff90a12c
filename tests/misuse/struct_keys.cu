/* expect: are compared with ==, which a struct does not have */
#include "gpuscan.cuh"
typedef struct { int user, day; } visit; /* a struct key needs an equality: _EQUAL */
GPUSCAN_DEFINE_SCAN_BY_KEY(visits, visit, int, add)
