/* bench/unique.cu - unique, unique by key, run-length encoding and non-trivial runs
 * (gpuscan/select.cuh) beside CUB's DeviceSelect::Unique, ::UniqueByKey, DeviceRunLengthEncode::
 * Encode and ::NonTrivialRuns (their temporary storage kept) and a device-to-device copy of the
 * bytes each moves: the input read (by key: keys and values), each run's first element written (by
 * key: its key and value; encoding: and its length, int32; non-trivial runs: each run of two or
 * more's offset and length) - a copy of B bytes moves 2B, so the copy timed is of half the bytes
 * moved.  int32, runs of random lengths (1 to 2m - 1, mean m: 1, 16, 1024); gpuscan's simple forms
 * and its _ex forms (a workspace kept), alone (a synchronization after each call) and back to
 * back.  Every result is checked against CUB's (count, runs, values, offsets and lengths).
 *   unique [--csv FILE] [--min-log2 J] [--max-log2 K] [--only OP]   sizes 2^J .. 2^K (default 10,
 *       28); OP: unique, by_key, encode or non_trivial, or a list of them ("unique,encode") */
#include <cstdio>
#include <cstring>
#include <cub/cub.cuh>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_UNIQUE(i32, int)
GPUSCAN_DEFINE_UNIQUE_BY_KEY(i32, int, int)
GPUSCAN_DEFINE_RUN_LENGTH(i32, int, int)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(i32, int, int)

int main(int argc, char **argv)
{
    const char *csv_path = NULL, *only = NULL;
    int max_log2 = 28, min_log2 = 10;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
        else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc) min_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    }
    cudaDeviceProp prop;
    FILE *csv = bench_start(csv_path, "gpu,n,mean_run,op,form,gpuscan_us,gpuscan_ex_us,cub_us,copy_us,of_copy,vs_cub",
                            "int32 unique, run-length encoding and non-trivial runs; us a call; of copy = a copy of the bytes moved / "
                            "gpuscan's time", &prop);
    printf("%-10s %5s %-11s %-12s %10s %10s %10s %10s %8s %8s\n", "n", "run", "op", "form", "gpuscan", "_ex", "CUB",
           "copy", "of copy", "vs CUB");
    bench_warm_up(500);
    const size_t nmax = (size_t)1 << max_log2;
    int *d_in, *d_val, *d_out, *d_vout, *d_len, *d_cub_out, *d_cub_vout, *d_cub_len, *d_cub_count;
    int *h = (int *)malloc(nmax * sizeof(int)), *a = (int *)malloc(nmax * sizeof(int)), *b = (int *)malloc(nmax * sizeof(int));
    size_t *d_count;
    int **arrays[] = {&d_in, &d_val, &d_out, &d_vout, &d_len, &d_cub_out, &d_cub_vout, &d_cub_len};
    for (int k = 0; k < 8; ++k) CK(cudaMalloc(arrays[k], nmax * sizeof(int)));
    CK(cudaMalloc(&d_count, sizeof(size_t)));
    CK(cudaMalloc(&d_cub_count, sizeof(int)));
    void *copy_src, *copy_dst, *ws = NULL, *cub_ws = NULL;
    size_t ws_bytes = 0, cub_bytes = 0;
    CK(cudaMalloc(&copy_src, nmax * 8));
    CK(cudaMalloc(&copy_dst, nmax * 8));
    uint64_t z = 88172645463325252ull;
    auto next = [&]() { return z ^= z << 13, z ^= z >> 7, z ^= z << 17, z; };
    for (size_t i = 0; i < nmax; ++i) h[i] = (int)next();
    CK(cudaMemcpy(d_val, h, nmax * sizeof(int), cudaMemcpyHostToDevice));
    const int means[] = {1, 16, 1024};
    int mismatches = 0;
    for (int lg = min_log2; lg <= max_log2; lg += (lg < 24 ? 4 : 2)) {
        const size_t n = (size_t)1 << lg;
        for (int mi = 0; mi < 3; ++mi) {
            const int mean = means[mi];
            size_t runs = 0, wide = 0; /* runs; of two or more */
            for (size_t i = 0, left = 0; i < n; ++i) { /* runs of 1 .. 2 mean - 1 elements, values apart */
                if (left == 0) left = mean == 1 ? 1 : 1 + next() % (2 * mean - 1), ++runs, wide += left > 1 && i + 1 < n;
                h[i] = (int)runs * 7 + 3;
                --left;
            }
            CK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
            for (int op = 0; op < 4; ++op) { /* unique, by key, encoding, non-trivial runs */
                const char *opname = op == 0 ? "unique" : op == 1 ? "by_key" : op == 2 ? "encode" : "non_trivial";
                if (only && !strstr(only, opname)) continue; /* (a list: "unique,non_trivial") */
                const size_t outs = op == 3 ? wide : runs; /* (the runs written) */
                const size_t moved = n * 4 * (op == 1 ? 2 : 1) + outs * 4 * (op == 0 ? 1 : 2);
                size_t need = 0, cneed = 0;
                if (op == 0) gpuscan_i32_unique_ex(NULL, &need, d_in, d_out, d_count, n, 0);
                else if (op == 1) gpuscan_i32_unique_by_key_ex(NULL, &need, d_in, d_val, d_out, d_vout, d_count, n, 0);
                else if (op == 2) gpuscan_i32_run_length_encode_ex(NULL, &need, d_in, d_out, d_len, d_count, n, 0);
                else gpuscan_i32_non_trivial_runs_ex(NULL, &need, d_in, d_out, d_len, d_count, n, 0);
                if (op == 0) CK(cub::DeviceSelect::Unique(NULL, cneed, d_in, d_cub_out, d_cub_count, (int64_t)n));
                else if (op == 1)
                    CK(cub::DeviceSelect::UniqueByKey(NULL, cneed, d_in, d_val, d_cub_out, d_cub_vout, d_cub_count, (int64_t)n));
                else if (op == 2)
                    CK(cub::DeviceRunLengthEncode::Encode(NULL, cneed, d_in, d_cub_out, d_cub_len, d_cub_count, (int64_t)n));
                else CK(cub::DeviceRunLengthEncode::NonTrivialRuns(NULL, cneed, d_in, d_cub_out, d_cub_len, d_cub_count, (int64_t)n));
                if (need > ws_bytes) { if (ws) CK(cudaFree(ws)); CK(cudaMalloc(&ws, need)); ws_bytes = need; }
                if (cneed > cub_bytes) { if (cub_ws) CK(cudaFree(cub_ws)); CK(cudaMalloc(&cub_ws, cneed)); cub_bytes = cneed; }
                auto call = [&](void *w, size_t *wb) {
                    gpuscan_status s =
                        op == 0   ? (w ? gpuscan_i32_unique_ex(w, wb, d_in, d_out, d_count, n, 0)
                                       : gpuscan_i32_unique(d_in, d_out, d_count, n, 0))
                        : op == 1 ? (w ? gpuscan_i32_unique_by_key_ex(w, wb, d_in, d_val, d_out, d_vout, d_count, n, 0)
                                       : gpuscan_i32_unique_by_key(d_in, d_val, d_out, d_vout, d_count, n, 0))
                        : op == 2 ? (w ? gpuscan_i32_run_length_encode_ex(w, wb, d_in, d_out, d_len, d_count, n, 0)
                                       : gpuscan_i32_run_length_encode(d_in, d_out, d_len, d_count, n, 0))
                                  : (w ? gpuscan_i32_non_trivial_runs_ex(w, wb, d_in, d_out, d_len, d_count, n, 0)
                                       : gpuscan_i32_non_trivial_runs(d_in, d_out, d_len, d_count, n, 0));
                    if (s != GPUSCAN_SUCCESS) { fprintf(stderr, "gpuscan: %s\n", gpuscan_status_string(s)); exit(1); }
                };
                auto ours = [&](int) { call(NULL, NULL); };
                auto ours_ex = [&](int) { size_t wb = ws_bytes; call(ws, &wb); };
                auto cub_call = [&](int) {
                    size_t cb = cub_bytes;
                    if (op == 0) CK(cub::DeviceSelect::Unique(cub_ws, cb, d_in, d_cub_out, d_cub_count, (int64_t)n));
                    else if (op == 1)
                        CK(cub::DeviceSelect::UniqueByKey(cub_ws, cb, d_in, d_val, d_cub_out, d_cub_vout, d_cub_count,
                                                          (int64_t)n));
                    else if (op == 2)
                        CK(cub::DeviceRunLengthEncode::Encode(cub_ws, cb, d_in, d_cub_out, d_cub_len, d_cub_count, (int64_t)n));
                    else
                        CK(cub::DeviceRunLengthEncode::NonTrivialRuns(cub_ws, cb, d_in, d_cub_out, d_cub_len, d_cub_count,
                                                                      (int64_t)n));
                };
                auto copy = [&](int) { CK(cudaMemcpyAsync(copy_dst, copy_src, moved / 2, cudaMemcpyDeviceToDevice, 0)); };
                cub_call(0);
                for (int ex = 0; ex < 2; ++ex) { /* checked: both forms against CUB */
                    CK(cudaMemset(d_out, 0xff, n * sizeof(int)));
                    CK(cudaMemset(d_vout, 0xff, n * sizeof(int)));
                    CK(cudaMemset(d_len, 0xff, n * sizeof(int)));
                    ex ? ours_ex(0) : ours(0);
                    CK(cudaDeviceSynchronize());
                    size_t count = 0;
                    int ccount = 0, bad = 0;
                    CK(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(&ccount, d_cub_count, sizeof ccount, cudaMemcpyDeviceToHost));
                    bad |= count != outs || (size_t)ccount != outs;
                    int *ours_of[] = {d_out, d_vout, d_len}, *cub_of[] = {d_cub_out, d_cub_vout, d_cub_len};
                    for (int k = 0; k < 3 && !bad; ++k) {
                        if (k > 0 && op == 0) break;
                        if (k == 1 && op >= 2) continue;
                        if (k == 2 && op == 1) break;
                        CK(cudaMemcpy(a, ours_of[k], outs * sizeof(int), cudaMemcpyDeviceToHost));
                        CK(cudaMemcpy(b, cub_of[k], outs * sizeof(int), cudaMemcpyDeviceToHost));
                        bad |= memcmp(a, b, outs * sizeof(int)) != 0;
                    }
                    if (bad) {
                        printf("MISMATCH n=%zu %s runs of %d%s: count %zu, CUB %d, want %zu\n", n, opname, mean,
                               ex ? " _ex" : "", count, ccount, outs);
                        ++mismatches;
                    }
                }
                for (int b2b = 0; b2b < 2; ++b2b) {
                    const double g = bench_timed(ours, 0, b2b), gx = bench_timed(ours_ex, 0, b2b);
                    const double c = bench_timed(cub_call, 0, b2b), cp = bench_timed(copy, 0, b2b);
                    const char *form = b2b ? "back to back" : "alone";
                    printf("2^%-8d %5d %-11s %-12s %10.1f %10.1f %10.1f %10.1f %8.3f %8.3f\n", lg, mean, opname, form, g,
                           gx, c, cp, cp / g, c / g);
                    if (csv)
                        fprintf(csv, "%s,%zu,%d,%s,%s,%.2f,%.2f,%.2f,%.2f,%.4f,%.4f\n", prop.name, n, mean, opname, form,
                                g, gx, c, cp, cp / g, c / g);
                }
            }
        }
    }
    printf("%s\n", mismatches ? "MISMATCHES: see above" : "every result matched CUB's");
    if (csv) fclose(csv);
    return mismatches != 0;
}
