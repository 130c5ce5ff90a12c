/* bench/segmented.cu - segmented scans by head flags (gpuscan/segment.cuh) beside CUB's
 * DeviceScan::InclusiveSumByKey (its temporary storage kept; keys: the segment's number, int32), the
 * plain scan of the same values (gpuscan, no segments) and a device-to-device copy of the bytes the
 * segmented scan moves: values and heads read, values written (9 bytes an int32 element) - a copy
 * of B bytes moves 2B, so the copy timed is of half of them.  int32 add, random values; segments
 * of 1, 8, 64, 1024, 65536 elements, one segment, and a power-law mix (lengths 2^U, U uniform in
 * 0..16); gpuscan's simple form and its _ex form (a workspace kept), alone (a synchronization
 * after each call) and back to back; the same segments as int64 CSR offsets (values and offsets read,
 * values written) and by keys (CUB's keys; keys and values read, values written: 12 bytes).  Then the rows form (rows of one length: a scan along the last
 * axis) for the shapes of issue 57, beside CUB's by-key scan with the row's number as key, the
 * plain scan and a copy of the 8 bytes an element it moves.  Every result is checked against CUB's.
 * And the reduction by key (each run's first key and sum, the count) beside CUB's
 * DeviceReduce::ReduceByKey and a copy of what it moves (keys and values read, a key and a sum a
 * run written), its keys, sums and count checked against CUB's.  And reverse (suffix) scans by heads,
 * offsets and keys beside CUB's by-key scan through reverse iterators.  And the segmented reductions
 * ("sums": by heads beside ReduceByKey of the same keys, by offsets and as rows beside CUB's
 * DeviceSegmentedReduce::Sum of the same offsets, each beside a copy of what it moves: values, and
 * heads or offsets, read, a sum a segment written), every sum checked against CUB's.
 *   segmented [--csv FILE] [--min-log2 J] [--max-log2 K]
 *             [--only heads,offsets,keys,reverse,reduce,sums,offsetsums,rowsums,rows] [--lengths L,...]
 * sizes 2^J .. 2^K (default 16, 28); --only: those forms alone (a comma-separated list; offsetsums,
 * rowsums: the reductions by offsets, of rows alone, which "sums" includes); --lengths: the
 * segments instead of the default 1,8,64,1024,65536,one,power - a length, "one", "power", "1-4"
 * (lengths uniform in 1..4) or "1|18" (60 % of 1, 40 % of 18: short segments among ones too long
 * for a lane of the short way, segment.cuh). */
#include <cstdio>
#include <cstring>
#include <cub/cub.cuh>
#include <thrust/iterator/reverse_iterator.h>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_SEGMENTED(i32, int, add)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(i32, int, add)
GPUSCAN_DEFINE_SCAN_BY_KEY(i32, int, int, add)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(i32, int, int, add)
GPUSCAN_DEFINE_REDUCE_BY_KEY(i32, int, int, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(i32, int, add)
GPUSCAN_DEFINE(int, add)

int main(int argc, char **argv)
{
    const char *csv_path = NULL;
    int max_log2 = 28, min_log2 = 16;
    const char *only = "", *length_list = "1,8,64,1024,65536,one,power";
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
        else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc) min_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--lengths") && i + 1 < argc) length_list = argv[++i];
    }
    cudaDeviceProp prop;
    FILE *csv = bench_start(csv_path, "gpu,n,segments,form,gpuscan_us,gpuscan_ex_us,cub_by_key_us,scan_us,copy_us,of_copy,vs_cub",
                            "int32 add, segmented inclusive scan; us a call; of copy = a copy of the bytes moved / gpuscan's",
                            &prop);
    printf("%-11s %-16s %-12s %9s %9s %9s %9s %9s %8s %8s\n", "n", "segments", "form", "gpuscan", "_ex", "CUB key",
           "scan", "copy", "of copy", "vs CUB");
    bench_warm_up(500);
    const size_t nmax = (size_t)1 << max_log2;
    int *d_in, *d_out, *d_keys, *d_cub_out, *h = (int *)malloc(nmax * sizeof(int)), *keys = (int *)malloc(nmax * sizeof(int));
    unsigned char *d_heads, *heads = (unsigned char *)malloc(nmax);
    CK(cudaMalloc(&d_in, nmax * sizeof(int)));
    CK(cudaMalloc(&d_out, nmax * sizeof(int)));
    CK(cudaMalloc(&d_keys, nmax * sizeof(int)));
    CK(cudaMalloc(&d_cub_out, nmax * sizeof(int)));
    CK(cudaMalloc(&d_heads, nmax));
    long long *d_offsets, *offs = (long long *)malloc((nmax + 1) * sizeof(long long));
    CK(cudaMalloc(&d_offsets, (nmax + 1) * sizeof(long long)));
    uint64_t z = 88172645463325252ull;
    for (size_t i = 0; i < nmax; ++i) z ^= z << 13, z ^= z >> 7, z ^= z << 17, h[i] = (int)(z % 1000) - 500;
    CK(cudaMemcpy(d_in, h, nmax * sizeof(int), cudaMemcpyHostToDevice));
    void *copy_src, *copy_dst, *ws = NULL, *cub_ws = NULL;
    size_t ws_bytes = 0, cub_bytes = 0;
    CK(cudaMalloc(&copy_src, nmax * 8 + 8));
    CK(cudaMalloc(&copy_dst, nmax * 8 + 8));
    int mismatches = 0;
    /* Workspaces kept between calls, grown as a case needs (ours, CUB's). */
    auto reserve = [&](size_t need, size_t cneed) {
        if (need > ws_bytes) { if (ws) CK(cudaFree(ws)); CK(cudaMalloc(&ws, need)); ws_bytes = need; }
        if (cneed > cub_bytes) { if (cub_ws) CK(cudaFree(cub_ws)); CK(cudaMalloc(&cub_ws, cneed)); cub_bytes = cneed; }
    };
    /* ours(NULL, NULL): the simple form; ours(ws, &bytes): the _ex form in the kept workspace. */
    auto run_ours = [&](auto &ours, int ex) {
        size_t b = ws_bytes;
        gpuscan_status s = ex ? ours(ws, &b) : ours(NULL, NULL);
        if (s != GPUSCAN_SUCCESS) { fprintf(stderr, "gpuscan%s: %s\n", ex ? " _ex" : "", gpuscan_status_string(s)); exit(1); }
    };
    /* One case, the keys (CUB's) uploaded: ours(NULL, NULL) is the simple form, ours(ws, &bytes) the
     * _ex one (need: its workspace); checked against CUB, then timed beside it, the plain scan of
     * the same values and a copy of `moved` bytes (a copy of B bytes moves 2B). */
    auto measure = [&](const char *name, size_t n, size_t moved, size_t need, int reverse, auto ours) {
        size_t cneed = 0;
        /* (reverse: CUB's by-key scan of the mirrored sequence, through reverse iterators) */
        const auto rkeys = thrust::make_reverse_iterator(d_keys + n), rin = thrust::make_reverse_iterator(d_in + n);
        const auto rout = thrust::make_reverse_iterator(d_cub_out + n);
        if (reverse) CK(cub::DeviceScan::InclusiveSumByKey(NULL, cneed, rkeys, rin, rout, (int64_t)n));
        else CK(cub::DeviceScan::InclusiveSumByKey(NULL, cneed, d_keys, d_in, d_cub_out, (int64_t)n));
        reserve(need, cneed);
        auto simple = [&](int) { run_ours(ours, 0); };
        auto ex = [&](int) { run_ours(ours, 1); };
        auto plain = [&](int) {
            gpuscan_status s = gpuscan_int_add_inclusive(d_in, d_out, n, 0);
            if (s != GPUSCAN_SUCCESS) { fprintf(stderr, "gpuscan scan: %s\n", gpuscan_status_string(s)); exit(1); }
        };
        auto cub_call = [&](int) {
            size_t b = cub_bytes;
            if (reverse) CK(cub::DeviceScan::InclusiveSumByKey(cub_ws, b, rkeys, rin, rout, (int64_t)n));
            else CK(cub::DeviceScan::InclusiveSumByKey(cub_ws, b, d_keys, d_in, d_cub_out, (int64_t)n));
        };
        auto copy = [&](int) { CK(cudaMemcpyAsync(copy_dst, copy_src, moved / 2, cudaMemcpyDeviceToDevice, 0)); };
        int *a = (int *)malloc(n * sizeof(int)), *b = (int *)malloc(n * sizeof(int));
        cub_call(0);
        CK(cudaMemcpy(b, d_cub_out, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int form = 0; form < 2; ++form) { /* the simple form's result, then the _ex form's */
            CK(cudaMemset(d_out, 0xff, n * sizeof(int)));
            form == 0 ? simple(0) : ex(0);
            CK(cudaMemcpy(a, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
            if (memcmp(a, b, n * sizeof(int)) != 0) {
                printf("MISMATCH n=%zu segments %s%s\n", n, name, form ? " _ex" : "");
                ++mismatches;
            }
        }
        free(a), free(b);
        for (int b2b = 0; b2b < 2; ++b2b) {
            const double g = bench_timed(simple, 0, b2b), gx = bench_timed(ex, 0, b2b);
            const double c = bench_timed(cub_call, 0, b2b), sc = bench_timed(plain, 0, b2b);
            const double cp = bench_timed(copy, 0, b2b);
            const char *form = b2b ? "back to back" : "alone";
            printf("%-11zu %-16s %-12s %9.1f %9.1f %9.1f %9.1f %9.1f %8.3f %8.3f\n", n, name, form, g, gx, c, sc, cp,
                   cp / g, c / g);
            if (csv)
                fprintf(csv, "%s,%zu,%s,%s,%.2f,%.2f,%.2f,%.2f,%.2f,%.4f,%.4f\n", prop.name, n, name, form, g, gx, c, sc,
                        cp, cp / g, c / g);
        }
    };
    /* the lengths: > 0 each segment's; 0 one segment; -1 the power law; -2 1-4; -3 1|18 */
    long lengths[32];
    char names[32][16];
    int n_lengths = 0;
    for (const char *p = length_list; *p && n_lengths < 32; p = strchr(p, ',') ? strchr(p, ',') + 1 : p + strlen(p)) {
        const size_t k = strchr(p, ',') ? (size_t)(strchr(p, ',') - p) : strlen(p);
        snprintf(names[n_lengths], sizeof names[0], "%.*s", (int)(k < 15 ? k : 15), p);
        const char *nm = names[n_lengths];
        const int named = !strcmp(nm, "one") || !strcmp(nm, "power") || !strcmp(nm, "1-4") || !strcmp(nm, "1|18");
        lengths[n_lengths] = !strcmp(nm, "one") ? 0 : !strcmp(nm, "power") ? -1 : !strcmp(nm, "1-4") ? -2
                             : !strcmp(nm, "1|18") ? -3 : atol(nm);
        if (!named && lengths[n_lengths] <= 0) {
            fprintf(stderr, "--lengths: %s is none of a length, one, power, 1-4, 1|18\n", nm);
            return 2;
        }
        ++n_lengths;
    }
    auto runs = [&](const char *form) { /* (--only: a comma-separated list) */
        const size_t k = strlen(form);
        for (const char *p = only; *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : p + strlen(p))
            if (!strncmp(p, form, k) && (p[k] == ',' || p[k] == 0)) return true;
        return !*only;
    };
    int *d_ukeys, *d_sums, *d_cub_ukeys, *d_cub_sums;
    size_t *d_count, *d_cub_count;
    CK(cudaMalloc(&d_ukeys, nmax * sizeof(int)));
    CK(cudaMalloc(&d_sums, nmax * sizeof(int)));
    CK(cudaMalloc(&d_cub_ukeys, nmax * sizeof(int)));
    CK(cudaMalloc(&d_cub_sums, nmax * sizeof(int)));
    CK(cudaMalloc(&d_count, sizeof(size_t)));
    CK(cudaMalloc(&d_cub_count, sizeof(size_t)));
    /* A call timed as bench_timed does, but one over 2 ms (CUB's segmented reduction at short
     * segments) by the median of 3 calls alone. */
    auto timed = [&](auto fn, bool b2b) {
        cudaEvent_t e0, e1;
        float ms = 0;
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        std::vector<double> t;
        for (int i = 0; i < 3 && (i == 0 || ms > 2.0f); ++i) {
            CK(cudaEventRecord(e0, 0));
            fn(0);
            CK(cudaEventRecord(e1, 0));
            CK(cudaEventSynchronize(e1));
            CK(cudaEventElapsedTime(&ms, e0, e1));
            t.push_back(ms * 1e3);
        }
        CK(cudaEventDestroy(e0));
        CK(cudaEventDestroy(e1));
        return ms > 2.0f ? bench_median(t) : bench_timed(fn, 0, b2b);
    };
    /* A reduction's rows (alone, back to back): gpuscan's two forms, CUB's, a copy (no plain scan). */
    auto report = [&](const char *name, size_t n, auto &simple, auto &ex, auto &cub_call, auto &copy) {
        for (int b2b = 0; b2b < 2; ++b2b) {
            const double g = bench_timed(simple, 0, b2b), gx = bench_timed(ex, 0, b2b);
            const double c = timed(cub_call, b2b), cp = bench_timed(copy, 0, b2b);
            const char *form = b2b ? "back to back" : "alone";
            printf("%-11zu %-16s %-12s %9.1f %9.1f %9.1f %9s %9.1f %8.3f %8.3f\n", n, name, form, g, gx, c, "-", cp,
                   cp / g, c / g);
            if (csv)
                fprintf(csv, "%s,%zu,%s,%s,%.2f,%.2f,%.2f,,%.2f,%.4f,%.4f\n", prop.name, n, name, form, g, gx, c, cp,
                        cp / g, c / g);
        }
    };
    /* The reduction by key of the keys uploaded (m runs): checked against CUB's, then timed beside
     * it and a copy of the bytes moved. */
    auto measure_reduce = [&](const char *name, size_t n, size_t m) {
        size_t cneed = 0, need = 0;
        CK(cub::DeviceReduce::ReduceByKey(NULL, cneed, d_keys, d_cub_ukeys, d_in, d_cub_sums, d_cub_count,
                                          cuda::std::plus<int>(), (int64_t)n));
        auto ours = [&](void *w, size_t *b) {
            return w == NULL && b == NULL ? gpuscan_i32_add_reduce_by_key(d_keys, d_in, d_ukeys, d_sums, d_count, n, 0)
                                          : gpuscan_i32_add_reduce_by_key_ex(w, b, d_keys, d_in, d_ukeys, d_sums, d_count, n, 0);
        };
        ours(NULL, &need);
        reserve(need, cneed);
        auto simple = [&](int) { run_ours(ours, 0); };
        auto ex = [&](int) { run_ours(ours, 1); };
        auto cub_call = [&](int) {
            size_t b = cub_bytes;
            CK(cub::DeviceReduce::ReduceByKey(cub_ws, b, d_keys, d_cub_ukeys, d_in, d_cub_sums, d_cub_count,
                                              cuda::std::plus<int>(), (int64_t)n));
        };
        const size_t moved = 8 * n + 8 * m;
        auto copy = [&](int) { CK(cudaMemcpyAsync(copy_dst, copy_src, moved / 2, cudaMemcpyDeviceToDevice, 0)); };
        int *a = (int *)malloc(2 * m * sizeof(int)), *b = (int *)malloc(2 * m * sizeof(int));
        size_t ca = 0, cb = 0;
        cub_call(0);
        CK(cudaMemcpy(&cb, d_cub_count, sizeof(size_t), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(b, d_cub_ukeys, m * sizeof(int), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(b + m, d_cub_sums, m * sizeof(int), cudaMemcpyDeviceToHost));
        for (int form = 0; form < 2; ++form) {
            CK(cudaMemset(d_sums, 0xff, m * sizeof(int)));
            CK(cudaMemset(d_ukeys, 0xff, m * sizeof(int)));
            form == 0 ? simple(0) : ex(0);
            CK(cudaMemcpy(&ca, d_count, sizeof(size_t), cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(a, d_ukeys, m * sizeof(int), cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(a + m, d_sums, m * sizeof(int), cudaMemcpyDeviceToHost));
            if (ca != m || cb != m || memcmp(a, b, 2 * m * sizeof(int)) != 0) {
                printf("MISMATCH n=%zu %s%s (runs %zu, CUB %zu, want %zu)\n", n, name, form ? " _ex" : "", ca, cb, m);
                ++mismatches;
            }
        }
        free(a), free(b);
        report(name, n, simple, ex, cub_call, copy);
    };
    /* A segmented reduction (ours(ws, &bytes): NULL, NULL the simple form) of m segments into
     * d_sums, checked against CUB's (cub(ws, &bytes) into d_cub_sums; counted: and the count),
     * then timed beside it and a copy of the bytes moved. */
    auto measure_sums = [&](const char *name, size_t n, size_t m, size_t moved, int counted, auto ours, auto cub) {
        size_t cneed = 0, need = 0;
        cub(NULL, &cneed);
        ours(NULL, &need);
        reserve(need, cneed);
        auto simple = [&](int) { run_ours(ours, 0); };
        auto ex = [&](int) { run_ours(ours, 1); };
        auto cub_call = [&](int) { size_t b = cub_bytes; cub(cub_ws, &b); };
        auto copy = [&](int) { CK(cudaMemcpyAsync(copy_dst, copy_src, moved / 2, cudaMemcpyDeviceToDevice, 0)); };
        int *a = (int *)malloc(m * sizeof(int)), *b = (int *)malloc(m * sizeof(int));
        size_t ca = 0;
        cub_call(0);
        CK(cudaMemcpy(b, d_cub_sums, m * sizeof(int), cudaMemcpyDeviceToHost));
        for (int form = 0; form < 2; ++form) {
            CK(cudaMemset(d_sums, 0xff, m * sizeof(int)));
            form == 0 ? simple(0) : ex(0);
            if (counted) CK(cudaMemcpy(&ca, d_count, sizeof(size_t), cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(a, d_sums, m * sizeof(int), cudaMemcpyDeviceToHost));
            if ((counted && ca != m) || memcmp(a, b, m * sizeof(int)) != 0) {
                printf("MISMATCH n=%zu %s%s (segments %zu, want %zu)\n", n, name, form ? " _ex" : "", ca, m);
                ++mismatches;
            }
        }
        free(a), free(b);
        report(name, n, simple, ex, cub_call, copy);
    };
    for (int lg = min_log2; lg <= max_log2 && (runs("heads") || runs("offsets") || runs("keys") || runs("reverse") ||
                                               runs("reduce") || runs("sums") || runs("offsetsums"));
         lg += (lg < 24 ? 4 : 2)) {
        const size_t n = (size_t)1 << lg, moved = 9 * n;
        for (int li = 0; li < n_lengths; ++li) {
            size_t next = 0; /* the next head */
            int key = 0;
            for (size_t i = 0; i < n; ++i) {
                const int head = i == next;
                if (head) {
                    const long len = lengths[li];
                    if (len > 0) next = i + (size_t)len;
                    else if (len == 0) next = n;
                    else {
                        z ^= z << 13, z ^= z >> 7, z ^= z << 17;
                        next = i + (len == -1 ? (size_t)1 << (z % 17) : len == -2 ? 1 + z % 4 : z % 10 < 6 ? 1 : 18);
                    }
                    if (i > 0) ++key;
                }
                heads[i] = (unsigned char)head;
                keys[i] = key;
            }
            CK(cudaMemcpy(d_heads, heads, n, cudaMemcpyHostToDevice));
            CK(cudaMemcpy(d_keys, keys, n * sizeof(int), cudaMemcpyHostToDevice));
            size_t need = 0;
            gpuscan_i32_add_segmented_scan_ex(NULL, &need, d_in, d_heads, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
            if (runs("heads")) measure(names[li], n, moved, need, 0, [&](void *w, size_t *b) {
                return w == NULL && b == NULL ? gpuscan_i32_add_segmented_inclusive(d_in, d_heads, d_out, n, 0)
                                              : gpuscan_i32_add_segmented_scan_ex(w, b, d_in, d_heads, d_out, n,
                                                                                  GPUSCAN_INCLUSIVE, 0, 0);
            });
            /* the same segments as CSR offsets: 8 bytes a segment instead of a byte an element */
            size_t m = 0;
            for (size_t i = 0; i < n; ++i)
                if (heads[i]) offs[m++] = (long long)i;
            offs[m] = (long long)n;
            CK(cudaMemcpy(d_offsets, offs, (m + 1) * sizeof(long long), cudaMemcpyHostToDevice));
            char oname[32];
            /* forward (--only offsets) or reverse (--only reverse) */
            auto by_offsets = [&](const char *label, int reverse, auto inclusive, auto scan_ex) {
                scan_ex(NULL, &need, d_in, d_offsets, m, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
                snprintf(oname, sizeof oname, "%s %s", label, names[li]);
                if (!runs(reverse ? "reverse" : "offsets")) return;
                measure(oname, n, 8 * n + 8 * m, need, reverse, [&](void *w, size_t *b) {
                    return w == NULL && b == NULL ? inclusive(d_in, d_offsets, m, d_out, n, 0)
                                                  : scan_ex(w, b, d_in, d_offsets, m, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
                });
            };
            by_offsets("offsets", 0, gpuscan_i32_add_segmented_offsets_inclusive,
                       gpuscan_i32_add_segmented_offsets_scan_ex);
            /* the same segments by keys, CUB's own: keys and values read, values written */
            gpuscan_i32_add_by_key_scan_ex(NULL, &need, d_keys, d_in, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
            snprintf(oname, sizeof oname, "keys %s", names[li]);
            if (runs("keys")) measure(oname, n, 12 * n, need, 0, [&](void *w, size_t *b) {
                return w == NULL && b == NULL
                           ? gpuscan_i32_add_by_key_inclusive(d_keys, d_in, d_out, n, 0)
                           : gpuscan_i32_add_by_key_scan_ex(w, b, d_keys, d_in, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
            });
            /* reverse (suffix) scans by heads and by keys (CUB's column: its by-key scan through
             * reverse iterators) */
            gpuscan_i32_add_reverse_segmented_scan_ex(NULL, &need, d_in, d_heads, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
            snprintf(oname, sizeof oname, "reverse %s", names[li]);
            if (runs("reverse")) measure(oname, n, moved, need, 1, [&](void *w, size_t *b) {
                return w == NULL && b == NULL
                           ? gpuscan_i32_add_reverse_segmented_inclusive(d_in, d_heads, d_out, n, 0)
                           : gpuscan_i32_add_reverse_segmented_scan_ex(w, b, d_in, d_heads, d_out, n,
                                                                       GPUSCAN_INCLUSIVE, 0, 0);
            });
            by_offsets("reverse offsets", 1, gpuscan_i32_add_reverse_segmented_offsets_inclusive,
                       gpuscan_i32_add_reverse_segmented_offsets_scan_ex);
            gpuscan_i32_add_reverse_by_key_scan_ex(NULL, &need, d_keys, d_in, d_out, n, GPUSCAN_INCLUSIVE, 0, 0);
            snprintf(oname, sizeof oname, "reverse keys %s", names[li]);
            if (runs("reverse")) measure(oname, n, 12 * n, need, 1, [&](void *w, size_t *b) {
                return w == NULL && b == NULL
                           ? gpuscan_i32_add_reverse_by_key_inclusive(d_keys, d_in, d_out, n, 0)
                           : gpuscan_i32_add_reverse_by_key_scan_ex(w, b, d_keys, d_in, d_out, n, GPUSCAN_INCLUSIVE,
                                                                    0, 0);
            });
            /* the reduction by key of the same keys (CUB's column: DeviceReduce::ReduceByKey) */
            snprintf(oname, sizeof oname, "reduce %s", names[li]);
            if (runs("reduce")) measure_reduce(oname, n, m);
            /* segmented reductions (CUB: ReduceByKey of the keys for the heads, DeviceSegmentedReduce
             * of the offsets for the offsets) */
            snprintf(oname, sizeof oname, "sums heads %s", names[li]);
            if (runs("sums"))
                measure_sums(oname, n, m, 5 * n + 4 * m, 1, [&](void *w, size_t *b) {
                    return w == NULL && b == NULL ? gpuscan_i32_add_segmented_reduce(d_in, d_heads, d_sums, d_count, n, 0)
                                                  : gpuscan_i32_add_segmented_reduce_ex(w, b, d_in, d_heads, d_sums, d_count, n, 0);
                }, [&](void *w, size_t *b) {
                    CK(cub::DeviceReduce::ReduceByKey(w, *b, d_keys, d_cub_ukeys, d_in, d_cub_sums, d_cub_count,
                                                      cuda::std::plus<int>(), (int64_t)n));
                });
            snprintf(oname, sizeof oname, "sums offsets %s", names[li]);
            if (runs("sums") || runs("offsetsums"))
                measure_sums(oname, n, m, 4 * n + 12 * m, 0, [&](void *w, size_t *b) {
                    return w == NULL && b == NULL
                               ? gpuscan_i32_add_segmented_reduce_offsets(d_in, d_offsets, m, d_sums, n, 0)
                               : gpuscan_i32_add_segmented_reduce_offsets_ex(w, b, d_in, d_offsets, m, d_sums, n, 0);
                }, [&](void *w, size_t *b) {
                    CK(cub::DeviceSegmentedReduce::Sum(w, *b, d_in, d_cub_sums, (int64_t)m, d_offsets, d_offsets + 1));
                });
        }
    }
    /* segmented reductions of rows (a reduction along the last axis; CUB: DeviceSegmentedReduce of
     * the rows' offsets) */
    const size_t rshapes[][2] = {{(size_t)1 << 20, 2}, {(size_t)1 << 24, 8}, {2, (size_t)1 << 24}, {4096, 4096},
                                 {(size_t)1 << 16, 1024}, {1024, (size_t)1 << 16}, {1, (size_t)1 << 26}};
    for (size_t k = 0; k < sizeof rshapes / sizeof rshapes[0] && (runs("sums") || runs("rowsums")); ++k) {
        const size_t rows = rshapes[k][0], length = rshapes[k][1], n = rows * length;
        if (n > nmax) continue;
        char name[64];
        snprintf(name, sizeof name, "sums rows %zux%zu", rows, length);
        for (size_t r = 0; r <= rows; ++r) offs[r] = (long long)(r * length);
        CK(cudaMemcpy(d_offsets, offs, (rows + 1) * sizeof(long long), cudaMemcpyHostToDevice));
        measure_sums(name, n, rows, 4 * n + 4 * rows, 0, [&](void *w, size_t *b) {
            return w == NULL && b == NULL ? gpuscan_i32_add_segmented_reduce_rows(d_in, d_sums, rows, length, 0)
                                          : gpuscan_i32_add_segmented_reduce_rows_ex(w, b, d_in, d_sums, rows, length, 0);
        }, [&](void *w, size_t *b) {
            CK(cub::DeviceSegmentedReduce::Sum(w, *b, d_in, d_cub_sums, (int64_t)rows, d_offsets, d_offsets + 1));
        });
    }
    /* the rows form: (rows, length), each row scanned on its own */
    const size_t shapes[][2] = {{(size_t)1 << 20, 2}, {(size_t)1 << 24, 8}, {2, (size_t)1 << 24}, {4096, 4096},
                                {(size_t)1 << 16, 1024}, {1024, (size_t)1 << 16}, {1, (size_t)1 << 26}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0] && runs("rows"); ++k) {
        const size_t rows = shapes[k][0], length = shapes[k][1], n = rows * length, moved = 8 * n;
        if (n > nmax) continue;
        char name[64];
        snprintf(name, sizeof name, "rows %zux%zu", rows, length);
        for (size_t i = 0; i < n; ++i) keys[i] = (int)(i / length);
        CK(cudaMemcpy(d_keys, keys, n * sizeof(int), cudaMemcpyHostToDevice));
        size_t need = 0;
        gpuscan_i32_add_segmented_rows_scan_ex(NULL, &need, d_in, d_out, rows, length, GPUSCAN_INCLUSIVE, 0, 0);
        measure(name, n, moved, need, 0, [&](void *w, size_t *b) {
            return w == NULL && b == NULL ? gpuscan_i32_add_segmented_rows_inclusive(d_in, d_out, rows, length, 0)
                                          : gpuscan_i32_add_segmented_rows_scan_ex(w, b, d_in, d_out, rows, length,
                                                                                   GPUSCAN_INCLUSIVE, 0, 0);
        });
    }
    printf("%s\n", mismatches ? "MISMATCHES: see above" : "every result matched CUB's");
    if (csv) fclose(csv);
    return mismatches != 0;
}
