/* quickstart.cu - the README's example: a running sum of your own data, every call checked. */
#include <stdio.h>
#include <stdlib.h>
#include "gpuscan.cuh"

GPUSCAN_DEFINE(int, add) /* gpuscan_int_add_inclusive / _exclusive / _reduce */

/* stop at the first failing CUDA call, saying which and why */
#define CUDA_CHECK(call)                                                                            \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(e_));                      \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

int main(void)
{
    int h[8] = {3, 1, 4, 1, 5, 9, 2, 6}, out[8], total = 0, *d_in, *d_out, *d_total;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof h));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof h));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof total));
    CUDA_CHECK(cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice));
    gpuscan_status s = gpuscan_int_add_exclusive(d_in, d_out, 8, /*init*/ 0, /*stream*/ 0);
    if (s == GPUSCAN_SUCCESS) s = gpuscan_int_add_reduce(d_in, d_total, 8, 0);
    if (s != GPUSCAN_SUCCESS) {
        printf("gpuscan failed: %s\n", gpuscan_status_string(s));
        return 1;
    }
    CUDA_CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost)); /* waits for the scan */
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 8; ++i) printf("%d ", out[i]); /* 0 3 4 8 9 14 23 25 */
    printf("| total %d\n", total);                     /* 31 */
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_total));
    return 0;
}
