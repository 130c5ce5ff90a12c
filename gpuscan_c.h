/* gpuscan_c.h - for plain C callers (gcc, clang): status codes, algorithm enums and
 * GPUSCAN_DECLARE(name, T, op), which declares the functions that a .cu file defined with
 * GPUSCAN_DEFINE_EXPORT(name, T, op).  Link that .cu's object and cudart. */
#ifndef GPUSCAN_C_H
#define GPUSCAN_C_H
#include "gpuscan/api.h"
#endif
