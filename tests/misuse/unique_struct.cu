/* expect: compares its pixel with ==, which a struct does not have */
#include "gpuscan.cuh"
typedef struct { unsigned char r, g, b; } pixel; /* a struct needs an equality: _EQUAL */
GPUSCAN_DEFINE_UNIQUE(pixels, pixel)
