/* bench/axis.cu - scans along an axis (gpuscan/axis.cuh), int32 add, for the shapes of issue 57
 * along each of their axes, beside a device-to-device copy of the array (a copy of B bytes moves
 * 2B: what the scan moves, every element read and written once) and, along the last axis, the
 * rows form of the segmented scans (gpuscan/segment.cuh) and CUB's DeviceScan::InclusiveSumByKey
 * with each element's row number as its key (its temporary storage kept; the keys read too).
 * gpuscan's simple form and its _ex form (a workspace kept), alone (a synchronization after each
 * call) and back to back.  Every result is checked against a CPU loop.  PyTorch's cumsum of the same
 * shapes: bench/torch_axis.py on the same machine.  --typed: uint8 summed in int32 instead
 * (GPUSCAN_DEFINE_AXIS_CONVERT: 5 bytes an element moved), beside the int32 scan of the same shape
 * and a copy of the 5 bytes.
 *   axis [--csv FILE] [--typed] */
#include <cstdio>
#include <cstring>
#include <cub/cub.cuh>
#include "gpuscan.cuh"
#include "bench_common.h"

GPUSCAN_DEFINE_AXIS(i32, int, add)
GPUSCAN_DEFINE_AXIS_CONVERT(u8, uint8_t, int, add)
GPUSCAN_DEFINE_SEGMENTED(i32, int, add)

/* --typed: each shape along each axis, uint8 into int32, checked against a CPU loop. */
static int typed_runs(FILE *csv, const cudaDeviceProp *prop, const size_t (*shapes)[2], size_t count, int *d_plain,
                      int *d_out, int *want, int *got)
{
    const size_t nmax = (size_t)1 << 27;
    uint8_t *d_in, *h = (uint8_t *)malloc(nmax);
    CK(cudaMalloc(&d_in, nmax));
    uint64_t rng = 777;
    for (size_t i = 0; i < nmax; ++i) rng = rng * 6364136223846793005ull + 1442695040888963407ull, h[i] = (uint8_t)(rng >> 56);
    CK(cudaMemcpy(d_in, h, nmax, cudaMemcpyHostToDevice));
    int failures = 0;
    printf("%-14s %4s %9s %9s %9s %9s %8s %8s\n", "shape", "axis", "u8->i32", "b2b", "i32 scan", "copy", "of copy", "b2b");
    for (size_t k = 0; k < count; ++k)
        for (int axis = 0; axis < (shapes[k][1] == 1 ? 1 : 2); ++axis) {
            const size_t r = shapes[k][0], c = shapes[k][1], n = r * c;
            const size_t outer = axis == 0 ? 1 : r, length = axis == 0 ? r : c, inner = axis == 0 ? c : 1;
            char name[32];
            snprintf(name, sizeof name, "%zux%zu", r, c);
            auto typed = [&](int) { gpuscan_u8_add_axis_inclusive(d_in, d_out, outer, length, inner, 0); };
            const double t = bench_timed(typed, 0, false), tb = bench_timed(typed, 0, true);
            CK(cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
            for (size_t o = 0; o < outer; ++o)
                for (size_t i = 0; i < inner; ++i) {
                    int acc = 0;
                    for (size_t l = 0; l < length; ++l) {
                        const size_t e = (o * length + l) * inner + i;
                        want[e] = acc += h[e];
                    }
                }
            if (memcmp(got, want, n * sizeof(int)) != 0) ++failures, fprintf(stderr, "%s axis %d typed: wrong\n", name, axis);
            const double ts = bench_timed([&](int) { gpuscan_i32_add_axis_inclusive(d_plain, d_out, outer, length, inner, 0); },
                                          0, false);
            auto copy = [&](int) { CK(cudaMemcpyAsync(d_out, d_plain, n * 5 / 2, cudaMemcpyDeviceToDevice, 0)); };
            const double tc = bench_timed(copy, 0, false), tcb = bench_timed(copy, 0, true);
            printf("%-14s %4d %9.1f %9.1f %9.1f %9.1f %8.2f %8.2f\n", name, axis, t, tb, ts, tc, tc / t, tcb / tb);
            if (csv)
                fprintf(csv, "%s,%s,%d,%.2f,%.2f,%.2f,%.2f,%.3f,%.3f\n", prop->name, name, axis, t, tb, ts, tc, tc / t,
                        tcb / tb);
        }
    CK(cudaFree(d_in));
    free(h);
    printf("%s\n", failures ? "RESULTS WRONG" : "every result checked");
    return failures != 0;
}

int main(int argc, char **argv)
{
    const char *csv_path = NULL;
    int typed = 0;
    for (int i = 1; i < argc; ++i)
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
        else if (!strcmp(argv[i], "--typed")) typed = 1;
    cudaDeviceProp prop;
    FILE *csv = bench_start(csv_path,
                            typed ? "gpu,shape,axis,typed_us,typed_b2b_us,i32_scan_us,copy_us,of_copy,of_copy_b2b"
                                  : "gpu,shape,axis,gpuscan_us,gpuscan_ex_us,gpuscan_b2b_us,rows_form_us,cub_by_key_us,"
                                    "copy_us,of_copy,of_copy_b2b",
                            typed ? "uint8 into int32 add, inclusive scan along one axis; us a call; of copy = a copy of "
                                    "5 bytes an element / gpuscan's"
                                  : "int32 add, inclusive scan along one axis; us a call; of copy = a copy of the array / "
                                    "gpuscan's",
                            &prop);
    if (!typed)
        printf("%-14s %4s %9s %9s %9s %9s %9s %9s %8s %8s\n", "shape", "axis", "gpuscan", "_ex", "b2b", "rows form",
               "CUB key", "copy", "of copy", "b2b");
    bench_warm_up(500);
    const size_t shapes[][2] = {{(size_t)1 << 20, 2}, {(size_t)1 << 24, 8}, {2, (size_t)1 << 24}, {4096, 4096},
                                {(size_t)1 << 16, 1024}, {1024, (size_t)1 << 16}, {(size_t)1 << 26, 1},
                                {8, (size_t)1 << 22}};
    const size_t nmax = (size_t)1 << 27;
    int *d_in, *d_out, *d_keys, *h = (int *)malloc(nmax * sizeof(int)), *got = (int *)malloc(nmax * sizeof(int));
    int *want = (int *)malloc(nmax * sizeof(int)), *keys = (int *)malloc(nmax * sizeof(int));
    CK(cudaMalloc(&d_in, nmax * sizeof(int)));
    CK(cudaMalloc(&d_out, nmax * sizeof(int)));
    CK(cudaMalloc(&d_keys, nmax * sizeof(int)));
    uint64_t rng = 12345;
    for (size_t i = 0; i < nmax; ++i) rng = rng * 6364136223846793005ull + 1442695040888963407ull, h[i] = (int)(rng >> 58) - 32;
    CK(cudaMemcpy(d_in, h, nmax * sizeof(int), cudaMemcpyHostToDevice));
    if (typed) {
        const int rc = typed_runs(csv, &prop, shapes, sizeof shapes / sizeof shapes[0], d_in, d_out, want, got);
        if (csv) fclose(csv);
        return rc;
    }
    void *ws = NULL, *cub_ws = NULL;
    size_t ws_bytes = 0, cub_bytes = 0;
    int failures = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)
        for (int axis = 0; axis < (shapes[k][1] == 1 ? 1 : 2); ++axis) {
            const size_t r = shapes[k][0], c = shapes[k][1], n = r * c;
            const size_t outer = axis == 0 ? 1 : r, length = axis == 0 ? r : c, inner = axis == 0 ? c : 1;
            const gpuscan_axis view = {outer, length, inner, 0, 0, 0};
            char name[32];
            snprintf(name, sizeof name, "%zux%zu", r, c);
            size_t need = 0;
            CK(cudaMemset(d_out, 0, n * sizeof(int)));
            if (gpuscan_i32_add_axis_scan_ex(NULL, &need, d_in, d_out, &view, GPUSCAN_INCLUSIVE, 0, 0) != GPUSCAN_SUCCESS)
                return fprintf(stderr, "size query failed\n"), 1;
            if (need > ws_bytes) {
                if (ws) CK(cudaFree(ws));
                CK(cudaMalloc(&ws, need));
                ws_bytes = need;
            }
            auto simple = [&](int) { gpuscan_i32_add_axis_inclusive(d_in, d_out, outer, length, inner, 0); };
            const double t = bench_timed(simple, 0, false), tb = bench_timed(simple, 0, true);
            const double tx = bench_timed([&](int) {
                size_t b = ws_bytes;
                gpuscan_i32_add_axis_scan_ex(ws, &b, d_in, d_out, &view, GPUSCAN_INCLUSIVE, 0, 0);
            }, 0, false);
            CK(cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
            for (size_t o = 0; o < outer; ++o) /* the reference: down each sequence */
                for (size_t i = 0; i < inner; ++i) {
                    int acc = 0;
                    for (size_t l = 0; l < length; ++l) {
                        const size_t e = (o * length + l) * inner + i;
                        acc = (int)((unsigned)acc + (unsigned)h[e]);
                        want[e] = acc;
                    }
                }
            if (memcmp(got, want, n * sizeof(int)) != 0) ++failures, fprintf(stderr, "%s axis %d: wrong\n", name, axis);
            double t_rows = 0, t_cub = 0;
            if (axis == 1) { /* the last axis: the rows form, CUB by key */
                t_rows = bench_timed([&](int) { gpuscan_i32_add_segmented_rows_inclusive(d_in, d_out, r, c, 0); }, 0, false);
                for (size_t e = 0; e < n; ++e) keys[e] = (int)(e / c);
                CK(cudaMemcpy(d_keys, keys, n * sizeof(int), cudaMemcpyHostToDevice));
                size_t b = 0;
                CK(cub::DeviceScan::InclusiveSumByKey(NULL, b, d_keys, d_in, d_out, (int64_t)n));
                if (b > cub_bytes) {
                    if (cub_ws) CK(cudaFree(cub_ws));
                    CK(cudaMalloc(&cub_ws, b));
                    cub_bytes = b;
                }
                t_cub = bench_timed([&](int) {
                    size_t bb = cub_bytes;
                    CK(cub::DeviceScan::InclusiveSumByKey(cub_ws, bb, d_keys, d_in, d_out, (int64_t)n));
                }, 0, false);
                CK(cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
                if (memcmp(got, want, n * sizeof(int)) != 0) ++failures, fprintf(stderr, "%s CUB: wrong\n", name);
            }
            const double tc = bench_timed([&](int) { CK(cudaMemcpyAsync(d_out, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice, 0)); },
                                          0, false);
            const double tcb = bench_timed([&](int) { CK(cudaMemcpyAsync(d_out, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice, 0)); },
                                           0, true);
            printf("%-14s %4d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %8.2f %8.2f\n", name, axis, t, tx, tb, t_rows, t_cub, tc,
                   tc / t, tcb / tb);
            if (csv)
                fprintf(csv, "%s,%s,%d,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.3f,%.3f\n", prop.name, name, axis, t, tx, tb, t_rows,
                        t_cub, tc, tc / t, tcb / tb);
        }
    if (csv) fclose(csv);
    printf("%s\n", failures ? "RESULTS WRONG" : "every result checked");
    return failures != 0;
}
