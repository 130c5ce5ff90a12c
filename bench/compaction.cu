/* bench/compaction.cu - stream compaction (gpuscan/select.cuh) beside CUB's DeviceSelect::Flagged,
 * ::If and DevicePartition::If, two ways and three (their temporary storage kept) and a
 * device-to-device copy of the bytes each moves: the input (and the flags) read, the kept elements
 * written (partitions: all of them) - a copy of B bytes moves 2B, so the copy timed is of half the
 * bytes moved.  int32, random values, the share kept set by a threshold (three-way: the first part
 * below it, the second half of the rest); gpuscan's simple forms and its _ex forms (a workspace
 * kept), alone (a synchronization after each call) and back to back.  Every result is checked
 * against CUB's (count and elements).
 *   compaction [--csv FILE] [--min-log2 J] [--max-log2 K]      sizes 2^J .. 2^K (default 10, 30) */
#include <cstdio>
#include <cstring>
#include <cub/cub.cuh>
#include "gpuscan.cuh"
#include "bench_common.h"

static __device__ int g_threshold, g_threshold2; /* the predicates' thresholds (the kept share), set per case */
static int h_threshold, h_threshold2;
/* x below the threshold of this side: g_ on the GPU, h_ on the host */
#ifdef __CUDA_ARCH__
#define THRESHOLD_(name) g_##name
#else
#define THRESHOLD_(name) h_##name
#endif
static __host__ __device__ bool below_threshold(int x, size_t i) { return (void)i, x < THRESHOLD_(threshold); }
static __host__ __device__ bool below_threshold2(int x, size_t i) { return (void)i, x < THRESHOLD_(threshold2); }
GPUSCAN_DEFINE_SELECT(i32, int)
GPUSCAN_DEFINE_SELECT_IF(below, int, below_threshold)
GPUSCAN_DEFINE_THREE_WAY_PARTITION(below, int, below_threshold, below_threshold2)
struct Below {
    int t;
    __host__ __device__ bool operator()(int x) const { return x < t; }
};

static double median_us(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
/* us a call of fn: alone (events around one call, then its end awaited; median of reps) or back to
 * back (events around 20 calls, per call; median of reps / 4). */
template <class F> static double timed(F fn, bool b2b, int reps)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int w = 0; w < 5; ++w) fn();
    CK(cudaDeviceSynchronize());
    std::vector<double> t;
    const int calls = b2b ? 20 : 1, rounds = b2b ? (reps / 4 > 3 ? reps / 4 : 3) : reps;
    for (int r = 0; r < rounds; ++r) {
        float ms;
        CK(cudaEventRecord(a, 0));
        for (int c = 0; c < calls; ++c) fn();
        CK(cudaEventRecord(b, 0));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1e3 / calls);
    }
    CK(cudaGetLastError());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return median_us(t);
}

int main(int argc, char **argv)
{
    const char *csv_path = NULL;
    int max_log2 = 30, min_log2 = 10;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
        else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc) min_log2 = atoi(argv[++i]);
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv) fprintf(csv, "gpu,n,kept_pct,op,form,gpuscan_us,gpuscan_ex_us,cub_us,copy_us,of_copy,vs_cub\n");
    printf("%s: int32 stream compaction; us a call; of copy = a copy of the bytes moved / gpuscan's time\n", prop.name);
    printf("%-10s %5s %-10s %-12s %10s %10s %10s %10s %8s %8s\n", "n", "kept", "op", "form", "gpuscan", "_ex",
           "CUB", "copy", "of copy", "vs CUB");
    bench_warm_up(500);
    const size_t nmax = (size_t)1 << max_log2;
    int *d_in, *d_out, *d_rej, *h = (int *)malloc(nmax * sizeof(int));
    unsigned char *d_flags;
    size_t *d_count;
    int *d_cub_count, *d_cub_out, *d_mid, *d_cub_mid, *d_cub_rej;
    CK(cudaMalloc(&d_in, nmax * sizeof(int)));
    CK(cudaMalloc(&d_out, nmax * sizeof(int)));
    CK(cudaMalloc(&d_rej, nmax * sizeof(int)));
    CK(cudaMalloc(&d_cub_out, nmax * sizeof(int)));
    CK(cudaMalloc(&d_mid, nmax * sizeof(int)));
    CK(cudaMalloc(&d_cub_mid, nmax * sizeof(int)));
    CK(cudaMalloc(&d_cub_rej, nmax * sizeof(int)));
    CK(cudaMalloc(&d_flags, nmax));
    CK(cudaMalloc(&d_count, 2 * sizeof(size_t)));
    CK(cudaMalloc(&d_cub_count, 2 * sizeof(int)));
    uint64_t z = 88172645463325252ull;
    for (size_t i = 0; i < nmax; ++i) z ^= z << 13, z ^= z >> 7, z ^= z << 17, h[i] = (int)(z % 1000000);
    CK(cudaMemcpy(d_in, h, nmax * sizeof(int), cudaMemcpyHostToDevice));
    void *copy_src, *copy_dst, *ws = NULL, *cub_ws = NULL;
    size_t ws_bytes = 0, cub_bytes = 0;
    CK(cudaMalloc(&copy_src, nmax * 6));
    CK(cudaMalloc(&copy_dst, nmax * 6));
    const int pcts[] = {1, 50, 99};
    int mismatches = 0;
    for (int lg = min_log2; lg <= max_log2; lg += (lg < 24 ? 4 : 2)) {
        const size_t n = (size_t)1 << lg;
        const int reps = n >= ((size_t)1 << 28) ? 21 : 101;
        for (int pi = 0; pi < 3; ++pi) {
            const int pct = pcts[pi];
            h_threshold = pct * 10000;
            h_threshold2 = h_threshold + (1000000 - h_threshold) / 2;
            CK(cudaMemcpyToSymbol(g_threshold, &h_threshold, sizeof h_threshold));
            CK(cudaMemcpyToSymbol(g_threshold2, &h_threshold2, sizeof h_threshold2));
            { /* the flags: kept where below the threshold */
                unsigned char *f = (unsigned char *)malloc(n);
                for (size_t i = 0; i < n; ++i) f[i] = h[i] < h_threshold;
                CK(cudaMemcpy(d_flags, f, n, cudaMemcpyHostToDevice));
                free(f);
            }
            size_t kept = 0;
            for (size_t i = 0; i < n; ++i) kept += h[i] < h_threshold;
            const Below below = {h_threshold}, below2 = {h_threshold2};
            for (int op = 0; op < 4; ++op) { /* flagged, if, partition (if), three-way */
                const char *opname = op == 0 ? "flagged" : op == 1 ? "if" : op == 2 ? "partition" : "three_way";
                const size_t moved = n * 4 + (op == 0 ? n : 0) + (op >= 2 ? n * 4 : kept * 4);
                /* workspaces kept: the _ex form's and CUB's, asked once */
                size_t need = 0, cneed = 0;
                if (op == 0) gpuscan_i32_select_flagged_ex(NULL, &need, d_in, d_flags, d_out, d_count, n, 0);
                else if (op == 1) gpuscan_below_select_if_ex(NULL, &need, d_in, d_out, d_count, n, 0);
                else if (op == 2) gpuscan_below_partition_if_ex(NULL, &need, d_in, d_out, d_rej, d_count, n, 0);
                else gpuscan_below_three_way_partition_ex(NULL, &need, d_in, d_out, d_mid, d_rej, d_count, n, 0);
                if (op == 0) CK(cub::DeviceSelect::Flagged(NULL, cneed, d_in, d_flags, d_cub_out, d_cub_count, (int64_t)n));
                else if (op == 1) CK(cub::DeviceSelect::If(NULL, cneed, d_in, d_cub_out, d_cub_count, (int64_t)n, below));
                else if (op == 2) CK(cub::DevicePartition::If(NULL, cneed, d_in, d_cub_out, d_cub_count, (int64_t)n, below));
                else
                    CK(cub::DevicePartition::If(NULL, cneed, d_in, d_cub_out, d_cub_mid, d_cub_rej, d_cub_count, (int64_t)n,
                                                below, below2));
                if (need > ws_bytes) { if (ws) CK(cudaFree(ws)); CK(cudaMalloc(&ws, need)); ws_bytes = need; }
                if (cneed > cub_bytes) { if (cub_ws) CK(cudaFree(cub_ws)); CK(cudaMalloc(&cub_ws, cneed)); cub_bytes = cneed; }
                auto ours = [&]() {
                    gpuscan_status s = op == 0 ? gpuscan_i32_select_flagged(d_in, d_flags, d_out, d_count, n, 0)
                                       : op == 1 ? gpuscan_below_select_if(d_in, d_out, d_count, n, 0)
                                       : op == 2 ? gpuscan_below_partition_if(d_in, d_out, d_rej, d_count, n, 0)
                                                 : gpuscan_below_three_way_partition(d_in, d_out, d_mid, d_rej, d_count, n, 0);
                    if (s != GPUSCAN_SUCCESS) { fprintf(stderr, "gpuscan: %s\n", gpuscan_status_string(s)); exit(1); }
                };
                auto ours_ex = [&]() {
                    size_t b = ws_bytes;
                    gpuscan_status s = op == 0 ? gpuscan_i32_select_flagged_ex(ws, &b, d_in, d_flags, d_out, d_count, n, 0)
                                       : op == 1 ? gpuscan_below_select_if_ex(ws, &b, d_in, d_out, d_count, n, 0)
                                       : op == 2 ? gpuscan_below_partition_if_ex(ws, &b, d_in, d_out, d_rej, d_count, n, 0)
                                                 : gpuscan_below_three_way_partition_ex(ws, &b, d_in, d_out, d_mid, d_rej,
                                                                                        d_count, n, 0);
                    if (s != GPUSCAN_SUCCESS) { fprintf(stderr, "gpuscan _ex: %s\n", gpuscan_status_string(s)); exit(1); }
                };
                auto cub_call = [&]() {
                    size_t b = cub_bytes;
                    if (op == 0) CK(cub::DeviceSelect::Flagged(cub_ws, b, d_in, d_flags, d_cub_out, d_cub_count, (int64_t)n));
                    else if (op == 1) CK(cub::DeviceSelect::If(cub_ws, b, d_in, d_cub_out, d_cub_count, (int64_t)n, below));
                    else if (op == 2) CK(cub::DevicePartition::If(cub_ws, b, d_in, d_cub_out, d_cub_count, (int64_t)n, below));
                    else
                        CK(cub::DevicePartition::If(cub_ws, b, d_in, d_cub_out, d_cub_mid, d_cub_rej, d_cub_count,
                                                    (int64_t)n, below, below2));
                };
                auto copy = [&]() { CK(cudaMemcpyAsync(copy_dst, copy_src, moved / 2, cudaMemcpyDeviceToDevice, 0)); };
                /* checked: our count and kept elements against CUB's */
                ours();
                cub_call();
                CK(cudaDeviceSynchronize());
                size_t count = 0;
                int ccount = 0;
                CK(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(&ccount, d_cub_count, sizeof ccount, cudaMemcpyDeviceToHost));
                int *a = (int *)malloc(n * sizeof(int)), *b = (int *)malloc(n * sizeof(int));
                CK(cudaMemcpy(a, d_out, kept * sizeof(int), cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(b, d_cub_out, kept * sizeof(int), cudaMemcpyDeviceToHost));
                if (count != kept || (size_t)ccount != kept || memcmp(a, b, kept * sizeof(int)) != 0) {
                    printf("MISMATCH n=%zu %s %d%%: count %zu, CUB %d, want %zu\n", n, opname, pct, count, ccount, kept);
                    ++mismatches;
                }
                if (op == 3) { /* and the second part */
                    CK(cudaMemcpy(&count, d_count + 1, sizeof count, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(&ccount, d_cub_count + 1, sizeof ccount, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(a, d_mid, count * sizeof(int), cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(b, d_cub_mid, count * sizeof(int), cudaMemcpyDeviceToHost));
                    if (count != (size_t)ccount || count > n || memcmp(a, b, count * sizeof(int)) != 0) {
                        printf("MISMATCH n=%zu %s %d%%: second part %zu, CUB %d\n", n, opname, pct, count, ccount);
                        ++mismatches;
                    }
                }
                free(a), free(b);
                for (int b2b = 0; b2b < 2; ++b2b) {
                    const double g = timed(ours, b2b, reps), gx = timed(ours_ex, b2b, reps);
                    const double c = timed(cub_call, b2b, reps), cp = timed(copy, b2b, reps);
                    const char *form = b2b ? "back to back" : "alone";
                    printf("2^%-8d %4d%% %-10s %-12s %10.1f %10.1f %10.1f %10.1f %8.3f %8.3f\n", lg, pct, opname, form, g,
                           gx, c, cp, cp / g, c / g);
                    if (csv)
                        fprintf(csv, "%s,%zu,%d,%s,%s,%.2f,%.2f,%.2f,%.2f,%.4f,%.4f\n", prop.name, n, pct, opname, form, g,
                                gx, c, cp, cp / g, c / g);
                }
            }
        }
    }
    printf("%s\n", mismatches ? "MISMATCHES: see above" : "every result matched CUB's");
    if (csv) fclose(csv);
    return mismatches != 0;
}
