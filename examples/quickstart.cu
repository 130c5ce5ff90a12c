/* quickstart.cu - the README's example: a running sum and a running max of your own data. */
#include <stdio.h>
#include "gpuscan.cuh"

GPUSCAN_DEFINE(int, add)   /* gpuscan_int_add_inclusive / _exclusive / _reduce */
GPUSCAN_DEFINE(float, max) /* gpuscan_float_max_... */

int main(void)
{
    int h[8] = {3, 1, 4, 1, 5, 9, 2, 6}, out[8], *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof h);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    gpuscan_status s = gpuscan_int_add_exclusive(d_in, d_out, 8, /*init*/ 0, /*stream*/ 0);
    if (s != GPUSCAN_SUCCESS) { printf("scan failed: %s\n", gpuscan_status_string(s)); return 1; }
    cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("%d ", out[i]); /* 0 3 4 8 9 14 23 25 */
    printf("\n");
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
