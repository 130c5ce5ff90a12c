/* expect: which a struct does not have: give an equality, the typed DEFINE's _EQUAL form */
#include "gpuscan.cuh"
typedef struct { int user, day; } visit; /* a struct key needs the _EQUAL form */
GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT(visits, visit, unsigned char, int, add)
