/* demo.cu - scans a large random int32 array with every algorithm, checks each result against
 * the CPU, and prints a table of times and bandwidths beside a device-to-device copy of the
 * same bytes (the ceiling: a scan reads n and writes n elements).
 * A benchmark; the programs to copy are the other examples (examples/README.md).
 *   demo [n]     (default 2^26 elements) */
#include <stdio.h>
#include <stdlib.h>
#define GPUSCAN_EVERY_ALGORITHM 1 /* every block scan under every grid strategy, not only AUTO's */
#include "gpuscan.cuh"

GPUSCAN_DEFINE(int, add)

#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } \
    } while (0)

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Median time in ms of `reps` runs of one scan (or of the copy when grid < 0). */
static float time_runs(int grid, int block, const int *d_in, int *d_out, size_t n, void *ws, size_t ws_bytes, int reps)
{
    float t[64];
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int r = -3; r < reps; ++r) { /* three warm-up runs */
        CK(cudaEventRecord(a));
        if (grid < 0) CK(cudaMemcpyAsync(d_out, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice));
        else if (gpuscan_int_add_scan_ex(ws, &ws_bytes, d_in, d_out, n, GPUSCAN_INCLUSIVE, 0, (gpuscan_grid)grid,
                                         (gpuscan_block)block, 0) != GPUSCAN_SUCCESS) exit(1);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        if (r >= 0) CK(cudaEventElapsedTime(&t[r], a, b));
    }
    qsort(t, reps, sizeof(float), cmp_float);
    return t[reps / 2];
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : ((size_t)1 << 26);
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        printf("demo: no CUDA device found\n");
        return 1;
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int *h_in = (int *)malloc(n * sizeof(int)), *h_out = (int *)malloc(n * sizeof(int));
    int *d_in, *d_out;
    unsigned long long s = 88172645463325252ull;
    for (size_t i = 0; i < n; ++i) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; h_in[i] = (int)(s % 2001) - 1000; }
    CK(cudaMalloc(&d_in, n * sizeof(int)));
    CK(cudaMalloc(&d_out, n * sizeof(int)));
    CK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));

    printf("gpuscan demo: inclusive int32 add of n = %zu random elements on %s\n\n", n, prop.name);
    printf("%-14s %-17s %10s %10s %8s  %s\n", "grid", "block", "time (us)", "GB/s", "of copy", "check");
    float copy_ms = time_runs(-1, 0, d_in, d_out, n, NULL, 0, 20);
    double bytes = 2.0 * n * sizeof(int);
    printf("%-14s %-17s %10.1f %10.1f %8s  %s\n", "(d2d copy)", "", copy_ms * 1e3, bytes / copy_ms / 1e6, "1.00", "-");
    int failures = 0;
    for (int g = 0; g < GPUSCAN_GRID_COUNT_; ++g)
        for (int b = 0; b < GPUSCAN_BLOCK_COUNT_; ++b) {
            if ((g == GPUSCAN_GRID_AUTO) != (b == GPUSCAN_BLOCK_AUTO)) continue;
            size_t ws_bytes = 0;
            void *ws = NULL;
            gpuscan_int_add_scan_ex(NULL, &ws_bytes, d_in, d_out, n, GPUSCAN_INCLUSIVE, 0, (gpuscan_grid)g, (gpuscan_block)b, 0);
            CK(cudaMalloc(&ws, ws_bytes));
            CK(cudaMemset(d_out, 0xFF, n * sizeof(int)));
            gpuscan_status st = gpuscan_int_add_scan_ex(ws, &ws_bytes, d_in, d_out, n, GPUSCAN_INCLUSIVE, 0,
                                                        (gpuscan_grid)g, (gpuscan_block)b, 0);
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
            size_t bad = 0;
            int acc = 0;
            for (size_t i = 0; i < n; ++i) { acc += h_in[i]; bad += h_out[i] != acc; }
            float ms = time_runs(g, b, d_in, d_out, n, ws, ws_bytes, 20);
            failures += bad != 0 || st != GPUSCAN_SUCCESS;
            printf("%-14s %-17s %10.1f %10.1f %8.2f  %s\n", gpuscan_grid_name((gpuscan_grid)g),
                   gpuscan_block_name((gpuscan_block)b), ms * 1e3, bytes / ms / 1e6, copy_ms / ms,
                   st != GPUSCAN_SUCCESS ? gpuscan_status_string(st) : bad ? "MISMATCH" : "ok");
            CK(cudaFree(ws));
        }
    printf("\n%s\n", failures ? "SOME RESULTS WERE WRONG" : "all results verified against the CPU");
    return failures ? 1 : 0;
}
