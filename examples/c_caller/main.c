/* main.c - a plain C program (compiled by the C compiler) calling gpuscan.
 *   c_caller host   checks that run without a GPU: argument validation, size queries
 *   c_caller gpu    a real inclusive scan and reduce, checked (exit 77 = skipped without a GPU) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "scans.h"

static int failures = 0, passes = 0;
#define CHECK(cond, what)                                                                           \
    do {                                                                                            \
        if (cond) passes++;                                                                         \
        else { failures++; fprintf(stderr, "FAIL: %s\n", what); }                                   \
    } while (0)

static int host_checks(void)
{
    size_t bytes = 0;
    gpuscan_status s = gpuscan_int_add_scan_ex(NULL, &bytes, NULL, NULL, 1u << 20, GPUSCAN_INCLUSIVE, 0,
                                               GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_AUTO, 0);
    CHECK(s == GPUSCAN_SUCCESS && bytes > 0, "size query from C");
    s = gpuscan_int_add_inclusive(NULL, NULL, 5, 0);
    CHECK(s == GPUSCAN_ERROR_NULL_POINTER, "NULL pointers rejected from C");
    CHECK(strcmp(gpuscan_status_string(s), "a required pointer is NULL") == 0, "status string from C");
    s = gpuscan_f32_max_reduce(NULL, NULL, 0, 0);
    CHECK(s == GPUSCAN_SUCCESS, "n = 0 from C");
    s = gpuscan_flags_add_inclusive((const unsigned char *)16, (int *)16, 100, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "a typed scan in place rejected from C");
    s = gpuscan_int_add_segmented_scan_ex(NULL, &bytes, NULL, NULL, NULL, 1u << 20, GPUSCAN_EXCLUSIVE, 0, 0);
    CHECK(s == GPUSCAN_SUCCESS && bytes > 0, "segmented size query from C");
    s = gpuscan_int_add_segmented_inclusive(NULL, NULL, NULL, 5, 0);
    CHECK(s == GPUSCAN_ERROR_NULL_POINTER, "segmented NULL pointers rejected from C");
    s = gpuscan_int_add_reverse_by_key_inclusive(NULL, (const int *)16, (int *)4096, 5, 0);
    CHECK(s == GPUSCAN_ERROR_NULL_POINTER, "reverse scan by key: NULL keys rejected from C");
    s = gpuscan_flags_add_by_key_inclusive((const int *)16, (const unsigned char *)4096, (int *)4096, 100, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "a typed scan by key in place (bytes into int) rejected from C");
    s = gpuscan_flags_add_axis_inclusive((const unsigned char *)4096, (int *)4096, 3, 100, 7, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "a typed axis scan in place (bytes into int) rejected from C");
    bytes = 0;
    s = gpuscan_int_add_reverse_segmented_rows_scan_ex(NULL, &bytes, NULL, NULL, 1000, 1000, GPUSCAN_INCLUSIVE, 0, 0);
    CHECK(s == GPUSCAN_SUCCESS && bytes > 0, "reverse segmented size query from C");
    s = gpuscan_int_add_by_key_scan_ex(NULL, &bytes, NULL, NULL, NULL, 1u << 20, GPUSCAN_INCLUSIVE, 0, 0);
    CHECK(s == GPUSCAN_SUCCESS && bytes > 0, "scan by key size query from C");
    s = gpuscan_int_add_by_key_exclusive(NULL, (const int *)16, (int *)4096, 5, 0, 0);
    CHECK(s == GPUSCAN_ERROR_NULL_POINTER, "scan by key without keys rejected from C");
    s = gpuscan_int_add_reduce_by_key(NULL, NULL, NULL, NULL, NULL, 0, 0);
    CHECK(s == GPUSCAN_ERROR_NULL_POINTER, "reduce by key without a count rejected from C");
    s = gpuscan_int_add_segmented_reduce_offsets32((const int *)4096, (const int *)16, 3, (int *)4096, 100, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "a segmented reduction by offsets in place rejected from C");
    s = gpuscan_flags_add_segmented_reduce_rows((const unsigned char *)4096, (int *)4096, 10, 100, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "a typed segmented reduction in place (bytes into int) rejected from C");
    gpuscan_axis rows_overlap = {1, 10, 8, 4, 0, 0}; /* (a length stride below inner) */
    s = gpuscan_int_add_axis_view_inclusive((const int *)4096, (int *)8192, &rows_overlap, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "an axis view whose rows overlap rejected from C");
    s = gpuscan_int_run_length_encode((const int *)4096, (int *)8192, (int *)4096, (size_t *)16, 100, 0);
    CHECK(s == GPUSCAN_ERROR_OVERLAP, "a run-length encoding's lengths over its input rejected from C");
    printf("c_caller host: %d passed, %d failed\n", passes, failures);
    return failures || passes == 0 ? 1 : 0; /* no check ran: a failure too */
}

static int gpu_checks(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        printf("SKIPPED c_caller gpu: no CUDA device\n");
        return 77;
    }
    const size_t n = 1000003;
    int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int)), *d_in, *d_out, total;
    unsigned seed = 12345;
    for (size_t i = 0; i < n; ++i) { seed = seed * 1103515245u + 12345u; h[i] = (int)(seed >> 16) % 100 - 50; }
    if (cudaMalloc((void **)&d_in, n * sizeof(int)) || cudaMalloc((void **)&d_out, n * sizeof(int))) return 2;
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    gpuscan_status s = gpuscan_int_add_inclusive(d_in, d_out, n, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    s = gpuscan_int_add_reduce(d_in, d_in, n, 0); /* result may land on the input's first element */
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(r, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&total, d_in, sizeof(int), cudaMemcpyDeviceToHost);
    long long acc = 0;
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) { acc += h[i]; bad += (r[i] != (int)acc); }
    CHECK(bad == 0, "inclusive scan matches the C loop");
    CHECK(total == (int)acc, "reduce matches the C loop");
    /* a typed scan: n bytes of 0/1 into n + 1 int offsets and the count */
    unsigned char *hf = (unsigned char *)malloc(n), *d_flags;
    int *d_pos, *d_count, count_kept = -1;
    for (size_t i = 0; i < n; ++i) { seed = seed * 1103515245u + 12345u; hf[i] = (seed >> 20) % 3 == 0; }
    if (cudaMalloc((void **)&d_flags, n) || cudaMalloc((void **)&d_pos, (n + 1) * sizeof(int)) ||
        cudaMalloc((void **)&d_count, sizeof(int)))
        return 2;
    cudaMemcpy(d_flags, hf, n, cudaMemcpyHostToDevice);
    s = gpuscan_flags_add_offsets(d_flags, d_pos, n, 0, d_count, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    r = (int *)realloc(r, (n + 1) * sizeof(int));
    cudaMemcpy(r, d_pos, (n + 1) * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&count_kept, d_count, sizeof(int), cudaMemcpyDeviceToHost);
    int kept = 0;
    bad = 0;
    for (size_t i = 0; i < n; ++i) { bad += (r[i] != kept); kept += hf[i]; }
    CHECK(bad == 0 && r[n] == kept && count_kept == kept, "flags into offsets match the C loop");
    /* a segmented scan: the same bytes as heads, a sum restarting at each (the input again: the
     * reduction wrote over its first element) */
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    s = gpuscan_int_add_segmented_inclusive(d_in, d_flags, d_out, n, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(r, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    acc = 0;
    bad = 0;
    for (size_t i = 0; i < n; ++i) { acc = (i == 0 || hf[i]) ? h[i] : acc + h[i]; bad += (r[i] != (int)acc); }
    CHECK(bad == 0, "segmented scan matches the C loop");
    /* reverse: each element's sum to its segment's end */
    s = gpuscan_int_add_reverse_segmented_inclusive(d_in, d_flags, d_out, n, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(r, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    acc = 0;
    bad = 0;
    for (size_t i = n; i-- > 0;) { acc = (i + 1 == n || hf[i + 1]) ? h[i] : acc + h[i]; bad += (r[i] != (int)acc); }
    CHECK(bad == 0, "reverse segmented scan matches the C loop");
    /* by key: runs of equal keys, i / 7 (segments of 7), exclusive from 100 */
    int *hk = (int *)malloc(n * sizeof(int)), *d_keys = NULL;
    for (size_t i = 0; i < n; ++i) hk[i] = (int)(i / 7);
    CHECK(cudaMalloc((void **)&d_keys, n * sizeof(int)) == cudaSuccess, "cudaMalloc");
    cudaMemcpy(d_keys, hk, n * sizeof(int), cudaMemcpyHostToDevice);
    s = gpuscan_int_add_by_key_exclusive(d_keys, d_in, d_out, n, 100, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(r, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    acc = 0;
    bad = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i % 7 == 0) acc = 100;
        bad += (r[i] != (int)acc);
        acc += h[i];
    }
    CHECK(bad == 0, "scan by key matches the C loop");
    /* reduce by key: the same runs of 7, a sum and a key each, and the count */
    int *d_sums = NULL, *d_ukeys = NULL;
    size_t *d_runs = NULL, runs = 0;
    CHECK(cudaMalloc((void **)&d_sums, n * sizeof(int)) == cudaSuccess, "cudaMalloc");
    CHECK(cudaMalloc((void **)&d_ukeys, n * sizeof(int)) == cudaSuccess, "cudaMalloc");
    CHECK(cudaMalloc((void **)&d_runs, sizeof(size_t)) == cudaSuccess, "cudaMalloc");
    s = gpuscan_int_add_reduce_by_key(d_keys, d_in, d_ukeys, d_sums, d_runs, n, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(&runs, d_runs, sizeof(size_t), cudaMemcpyDeviceToHost);
    cudaMemcpy(r, d_sums, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(hk, d_ukeys, n * sizeof(int), cudaMemcpyDeviceToHost);
    bad = runs != (n + 6) / 7;
    for (size_t k = 0; k < runs && k < n; ++k) {
        long long sum = 0;
        for (size_t i = 7 * k; i < 7 * k + 7 && i < n; ++i) sum += h[i];
        bad += (r[k] != (int)sum) + (hk[k] != (int)k);
    }
    CHECK(bad == 0, "reduce by key matches the C loop");
    /* the same sums as rows of 7 (n a multiple of 7 here or not: the last partial row left out) */
    s = gpuscan_int_add_segmented_reduce_rows(d_in, d_sums, n / 7, 7, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(hk, d_sums, n / 7 * sizeof(int), cudaMemcpyDeviceToHost);
    bad = 0;
    for (size_t k = 0; k < n / 7; ++k) bad += hk[k] != r[k];
    CHECK(bad == 0, "segmented reduction of rows matches reduce by key");
    /* the keys' runs of 7 encoded: each key once, its run's length, the count */
    int *d_lengths = NULL;
    CHECK(cudaMalloc((void **)&d_lengths, n * sizeof(int)) == cudaSuccess, "cudaMalloc");
    s = gpuscan_int_run_length_encode(d_keys, d_ukeys, d_lengths, d_runs, n, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(&runs, d_runs, sizeof(size_t), cudaMemcpyDeviceToHost);
    cudaMemcpy(hk, d_ukeys, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(r, d_lengths, n * sizeof(int), cudaMemcpyDeviceToHost);
    bad = runs != (n + 6) / 7;
    for (size_t k = 0; k < runs && k < n; ++k)
        bad += (hk[k] != (int)k) + (r[k] != (int)(7 * k + 7 <= n ? 7 : n - 7 * k));
    CHECK(bad == 0, "run-length encoding matches the C loop");
    /* ... and its runs of two or more: where each starts (the unique keys' memory), its length;
     * every output poisoned first (else the encoding's count and lengths, the same, would pass) */
    cudaMemset(d_ukeys, 0xff, n * sizeof(int));
    cudaMemset(d_lengths, 0xff, n * sizeof(int));
    cudaMemset(d_runs, 0xff, sizeof(size_t));
    s = gpuscan_int_non_trivial_runs(d_keys, d_ukeys, d_lengths, d_runs, n, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(&runs, d_runs, sizeof(size_t), cudaMemcpyDeviceToHost);
    cudaMemcpy(hk, d_ukeys, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(r, d_lengths, n * sizeof(int), cudaMemcpyDeviceToHost);
    bad = runs != n / 7 + (n % 7 > 1);
    for (size_t k = 0; k < runs && k < n; ++k)
        bad += (hk[k] != (int)(7 * k)) + (r[k] != (int)(7 * k + 7 <= n ? 7 : n - 7 * k));
    CHECK(bad == 0, "non-trivial runs match the C loop");
    cudaFree(d_lengths);
    /* a cumsum along axis 0 of the input seen as (n / 1000) x 1000: each column on its own */
    const size_t rows = n / 1000, cols = 1000;
    s = gpuscan_int_add_axis_inclusive(d_in, d_out, 1, rows, cols, 0);
    CHECK(s == GPUSCAN_SUCCESS, gpuscan_status_string(s));
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    cudaMemcpy(r, d_out, rows * cols * sizeof(int), cudaMemcpyDeviceToHost);
    bad = 0;
    for (size_t c = 0; c < cols; ++c) {
        int acc = 0;
        for (size_t k = 0; k < rows; ++k) acc += h[k * cols + c], bad += r[k * cols + c] != acc;
    }
    CHECK(bad == 0, "an axis scan matches the C loop");
    cudaFree(d_sums); cudaFree(d_ukeys); cudaFree(d_runs);
    cudaFree(d_keys); free(hk);
    cudaFree(d_flags); cudaFree(d_pos); cudaFree(d_count); free(hf);
    cudaFree(d_in); cudaFree(d_out); free(h); free(r);
    printf("c_caller gpu: %d passed, %d failed\n", passes, failures);
    return failures || passes == 0 ? 1 : 0; /* no check ran: a failure too */
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "gpu") == 0) return gpu_checks();
    return host_checks();
}
