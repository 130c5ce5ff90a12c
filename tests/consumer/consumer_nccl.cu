/* A program that found gpuscan::nccl with find_package: links NCCL, and a scan across GPUs refuses
 * a missing communicator before any CUDA or NCCL call (no GPU needed). */
#include <stdio.h>
#include "gpuscan_nccl.cuh"
GPUSCAN_DEFINE_NCCL(i64, int64_t, add)
int main(void)
{
    gpuscan_status s = gpuscan_i64_add_nccl_inclusive(NULL, NULL, 0, NULL, 0);
    printf("consumer_nccl: no communicator: %s (NCCL %d)\n", gpuscan_status_string(s), NCCL_VERSION_CODE);
    return s == GPUSCAN_ERROR_NULL_POINTER ? 0 : 1;
}
