/* tests/test_determinism.cu - floating-point scans are bitwise identical run to run.
 *
 * For float and double sums of values spread over many binades (so any change of association
 * changes the bits), every grid x block combination, inclusive and exclusive, at a few tiles,
 * ~2^20 and ~2^24 elements: one run is the reference, then RUNS more are compared with it bit
 * for bit.  Every other run starts while a "noise" kernel of random length holds part of the
 * GPU, so that tiles start, publish and look back in a different order each time.  Each first
 * run is also checked against a double reference (so the test cannot pass on garbage).
 * AUTO's result is also compared, bit for bit, with that of the same sums compiled without the
 * fold and one-cluster scans (test_determinism_paths.cu), at sizes where this file's definitions
 * take them: which of the three runs is the device's to decide (its SMs, its clusters), not the
 * association.
 * Segmented scans (by heads and by keys) of float and double sums, their reductions (by heads, by
 * offsets, of rows), and scans along an axis (every path: a thread's and a warp's look-back up a
 * column, a thread a column, the rows form, reverse), repeated the same way (`--axis`,
 * `--segmented`: those alone).
 * Built in the deterministic mode (GPUSCAN_DETERMINISTIC=1; hierarchical and domino are
 * deterministic in any mode), and a second time in the default mode as gpu_determinism_default,
 * which only reports how many look-back runs differed, and expects AUTO's bits to differ from the
 * look-back's at some size (there the fold and a cluster associate otherwise: the comparison can
 * fail). */
#ifndef GPUSCAN_DETERMINISTIC
#define GPUSCAN_DETERMINISTIC 1
#endif
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NAMED(f32, float, add)
GPUSCAN_DEFINE_NAMED(f64, double, add)
/* the CPU references (against a double reference), comparisons and generators (test_lib.h) */
TEST_REFERENCE_OF(gpuscan_f32_add, float, TEST_TO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_f64_add, double, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_f32_add, float, TEST_TO_DOUBLE)
TEST_ELEMENT(gpuscan_f64_add, double, TEST_TO_DOUBLE)
#define TOL_f32 1e-4
#define TOL_f64 1e-12
GEN_SPREAD(f32, float)
GEN_SPREAD(f64, double)
/* segmented scans, by heads and by keys: the pair the look-back hands on (segment.cuh) */
GPUSCAN_DEFINE_SEGMENTED(f32, float, add)
GPUSCAN_DEFINE_SEGMENTED(f64, double, add)
GPUSCAN_DEFINE_SCAN_BY_KEY(f32, int, float, add)
GPUSCAN_DEFINE_SCAN_BY_KEY(f64, int, double, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(f32, float, add) /* (a sum a segment: the same pair, counting) */
GPUSCAN_DEFINE_SEGMENTED_REDUCE(f64, double, add)
GPUSCAN_DEFINE_AXIS(f32, float, add) /* scans along an axis */
GPUSCAN_DEFINE_AXIS(f64, double, add)
GPUSCAN_DECLARE(lbf32, float, add) /* test_determinism_paths.cu: look-back only */
GPUSCAN_DECLARE(lbf64, double, add)

#define RUNS 16

/* RUNS + 1 runs of CALL (a status, on scan_stream) into d_out, every other one beside a noise kernel
 * of random length: the first into h_first, checked by FIRST; the others into h_out, counted in
 * `differing` where their bits are not the first's. */
#define REPEATED_(T, n, d_out, h_first, h_out, differing, CALL, FIRST)                                          \
    for (int r = 0; r <= RUNS; ++r) {                                                                            \
        poison(d_out, (n) * sizeof(T), scan_stream);                                                             \
        CHECK_CUDA(cudaStreamSynchronize(scan_stream));                                                          \
        if (r % 2) {                                                                                             \
            test_busy<<<1 + (unsigned)(rng_next(&rng) % 264), 1024, 0, noise_stream>>>(1000 + rng_next(&rng) % 50000); \
            CHECK_CUDA(cudaGetLastError());                                                                      \
        }                                                                                                        \
        const gpuscan_status st_ = (CALL);                                                                       \
        EXPECT(st_ == GPUSCAN_SUCCESS, "%s", gpuscan_status_string(st_));                                        \
        CHECK_CUDA(cudaDeviceSynchronize());                                                                     \
        CHECK_CUDA(cudaMemcpy(r ? (h_out) : (h_first), d_out, (n) * sizeof(T), cudaMemcpyDeviceToHost));         \
        if (r == 0) FIRST                                                                                        \
        else (differing) += memcmp(h_out, h_first, (n) * sizeof(T)) != 0;                                        \
    }

#define DETERMINISM_CASE(name, T, n_)                                                                            \
    do {                                                                                                         \
        const size_t n = (n_);                                                                                   \
        T *h_in = (T *)malloc(n * sizeof(T)), *h_first = (T *)malloc(n * sizeof(T));                             \
        T *h_out = (T *)malloc(n * sizeof(T)), *h_ref = (T *)malloc(n * sizeof(T));                              \
        double *dref = (double *)malloc(n * sizeof(double)), *dabs = (double *)malloc(n * sizeof(double));       \
        T *d_in, *d_out, init;                                                                                   \
        TEST_ADD_INPUT(name, T, h_in, init, d_in, d_out, n, &rng);                                               \
        for (int kind = 0; kind < 2; ++kind) {                                                                   \
            ref_gpuscan_##name##_add(h_in, n, kind, init, h_ref, dref, dabs);                                    \
            for (int c = 0; c < N_COMBOS; ++c) {                                                                 \
                size_t bytes = 0;                                                                                \
                int differing = 0;                                                                               \
                gpuscan_##name##_add_scan_ex(NULL, &bytes, NULL, NULL, n, (gpuscan_kind)kind, init,              \
                                             k_combos[c].grid, k_combos[c].block, 0);                            \
                void *ws = workspace_for(bytes);                                                                 \
                REPEATED_(T, n, d_out, h_first, h_out, differing,                                                \
                          gpuscan_##name##_add_scan_ex(ws, &bytes, d_in, d_out, n, (gpuscan_kind)kind, init,     \
                                                       k_combos[c].grid, k_combos[c].block, scan_stream),        \
                          {                                                                                      \
                              const size_t bad = diff_tol_gpuscan_##name##_add(h_first, h_ref, dref, dabs, n,    \
                                                                               TOL_##name);                      \
                              EXPECT(bad == 0, "%s %s n=%zu %s/%s: %zu wrong", #name,                            \
                                     kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(k_combos[c].grid),   \
                                     gpuscan_block_name(k_combos[c].block), bad);                                \
                          });                                                                                    \
                if (!GPUSCAN_DETERMINISTIC && k_combos[c].grid != GPUSCAN_GRID_HIERARCHICAL &&                   \
                    k_combos[c].grid != GPUSCAN_GRID_DOMINO && k_combos[c].grid != GPUSCAN_GRID_REDUCE_THEN_SCAN) \
                    differing_tolerated += differing, differing = 0;                                             \
                EXPECT(differing == 0, "%s %s n=%zu %s/%s: %d of %d runs differ from the first",                 \
                       #name, kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(k_combos[c].grid),          \
                       gpuscan_block_name(k_combos[c].block), differing, RUNS);                                  \
                total_differing += differing;                                                                    \
            }                                                                                                    \
        }                                                                                                        \
        printf("  %s add n=%zu: %d combinations x 2 kinds x %d repeats, %ld differing so far\n",                 \
               #name, n, N_COMBOS, RUNS, total_differing);                                                       \
        fflush(stdout);                                                                                          \
        CHECK_CUDA(cudaFree(d_in));                                                                              \
        CHECK_CUDA(cudaFree(d_out));                                                                             \
        free(h_in); free(h_first); free(h_out); free(h_ref); free(dref); free(dabs);                             \
    } while (0)

/* Segmented scans of the same values: segments of ~1,000 to ~4 tiles (heads at random, 1 in `spread`
 * elements: most span tiles, so that a tile's prefix comes through the look-back), by heads and
 * by keys (a key a segment), inclusive and exclusive, the reduction by heads (a sum a segment)
 * and by offsets (the heads' starts) and of rows of `spread` elements (the folds, whose order is
 * fixed in either mode); the first run against a double reference, RUNS more bit for bit against
 * it, every other one beside the noise kernel. */
#define SEGMENTED_CASE(name, T, n_, spread)                                                                      \
    do {                                                                                                         \
        const size_t n = (n_);                                                                                   \
        T *h_in = (T *)malloc(n * sizeof(T)), *h_first = (T *)malloc(n * sizeof(T));                             \
        T *h_out = (T *)malloc(n * sizeof(T)), *d_in, *d_out, init;                                              \
        double *dref = (double *)malloc(n * sizeof(double)), *dabs = (double *)malloc(n * sizeof(double));       \
        unsigned char *h_heads = (unsigned char *)malloc(n), *d_heads;                                           \
        int *h_keys = (int *)malloc(n * sizeof(int)), *d_keys;                                                   \
        TEST_ADD_INPUT(name, T, h_in, init, d_in, d_out, n, &rng);                                               \
        for (size_t i = 0; i < n; ++i) {                                                                         \
            h_heads[i] = i == 0 || rng_next(&rng) % (spread) == 0;                                              \
            h_keys[i] = i == 0 ? 7 : h_keys[i - 1] + (h_heads[i] ? 1 : 0);                                       \
        }                                                                                                        \
        CHECK_CUDA(cudaMalloc(&d_heads, n));                                                                     \
        CHECK_CUDA(cudaMalloc(&d_keys, n * sizeof(int)));                                                        \
        CHECK_CUDA(cudaMemcpy(d_heads, h_heads, n, cudaMemcpyHostToDevice));                                     \
        CHECK_CUDA(cudaMemcpy(d_keys, h_keys, n * sizeof(int), cudaMemcpyHostToDevice));                         \
        size_t *d_count;                                                                                         \
        CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));                                                        \
        long long *h_off = (long long *)malloc(n * sizeof(long long)), *d_off; /* (the heads' starts) */        \
        size_t starts = 0;                                                                                       \
        for (size_t i = 0; i < n; ++i)                                                                           \
            if (h_heads[i]) h_off[starts++] = (long long)i;                                                      \
        CHECK_CUDA(cudaMalloc(&d_off, starts * sizeof(long long)));                                              \
        CHECK_CUDA(cudaMemcpy(d_off, h_off, starts * sizeof(long long), cudaMemcpyHostToDevice));                \
        for (int form = 0; form < 7; ++form) { /* bit 0: exclusive; bit 1: by keys; 4-6: the reductions */       \
            const int rowed = form == 5, offsetted = form == 6, reduces = form >= 4;                             \
            const int exclusive = !reduces && (form & 1);                                                        \
            const int keyed = !reduces && (form >> 1);                                                           \
            const size_t rows = n / (spread), ends = rowed ? rows * (spread) : n;                                \
            const char *what = rowed ? "reduction of rows" : offsetted ? "reduction by offsets" : reduces ? "reduction" \
                               : exclusive ? "exclusive" : "inclusive";                                          \
            double acc = 0.0, mag = 0.0;                                                                         \
            size_t m = 0; /* (reduces: the segments) */                                                          \
            for (size_t i = 0; i < ends; ++i) { /* the reference, and the sum of magnitudes for the tolerance */ \
                const int head = rowed ? i % (spread) == 0 : h_heads[i];                                         \
                const int last = rowed ? (i + 1) % (spread) == 0 : i + 1 == n || h_heads[i + 1];                 \
                if (head) acc = exclusive ? (double)init : 0.0, mag = exclusive ? fabs((double)init) : 0.0;      \
                if (exclusive) dref[i] = acc, dabs[i] = mag;                                                     \
                acc += (double)h_in[i], mag += fabs((double)h_in[i]);                                            \
                if (!exclusive && !reduces) dref[i] = acc, dabs[i] = mag;                                        \
                if (reduces && last) dref[m] = acc, dabs[m] = mag, ++m;                                          \
            }                                                                                                    \
            int differing = 0;                                                                                   \
            REPEATED_(T, n, d_out, h_first, h_out, differing,                                                    \
                      rowed ? gpuscan_##name##_add_segmented_reduce_rows(d_in, d_out, rows, (spread), scan_stream) \
                      : offsetted ? gpuscan_##name##_add_segmented_reduce_offsets(d_in, d_off, starts, d_out, n, scan_stream) \
                      : reduces ? gpuscan_##name##_add_segmented_reduce(d_in, d_heads, d_out, d_count, n, scan_stream) \
                      : keyed ? (exclusive ? gpuscan_##name##_add_by_key_exclusive(d_keys, d_in, d_out, n, init, scan_stream) \
                                           : gpuscan_##name##_add_by_key_inclusive(d_keys, d_in, d_out, n, scan_stream)) \
                              : (exclusive ? gpuscan_##name##_add_segmented_exclusive(d_in, d_heads, d_out, n, init,   \
                                                                                      scan_stream)               \
                                           : gpuscan_##name##_add_segmented_inclusive(d_in, d_heads, d_out, n, scan_stream)), \
                      {                                                                                          \
                          size_t bad = 0;                                                                        \
                          for (size_t i = 0; i < (reduces ? m : n); ++i)                                         \
                              bad += !(fabs((double)h_first[i] - dref[i]) <= TOL_##name * dabs[i] + 1e-30);      \
                          EXPECT(bad == 0, "segmented %s %s%s n=%zu: %zu wrong", #name, what, keyed ? " by key" : "", \
                                 n, bad);                                                                        \
                      });                                                                                        \
            if (!GPUSCAN_DETERMINISTIC && !rowed && !offsetted) segmented_tolerated += differing, differing = 0;  \
            EXPECT(differing == 0, "segmented %s %s%s n=%zu: %d of %d runs differ from the first", #name, what,  \
                   keyed ? " by key" : "", n, differing, RUNS);                                                  \
            total_differing += differing;                                                                        \
        }                                                                                                        \
        CHECK_CUDA(cudaFree(d_count));                                                                           \
        CHECK_CUDA(cudaFree(d_off));                                                                             \
        free(h_off);                                                                                             \
        printf("  segmented %s add n=%zu: by heads and keys x 2 kinds, three reductions, x %d repeats, %ld differing " \
               "so far\n", #name, n, RUNS, total_differing);                                                     \
        fflush(stdout);                                                                                          \
        CHECK_CUDA(cudaFree(d_in));                                                                              \
        CHECK_CUDA(cudaFree(d_out));                                                                             \
        CHECK_CUDA(cudaFree(d_heads));                                                                           \
        CHECK_CUDA(cudaFree(d_keys));                                                                            \
        free(h_in); free(h_first); free(h_out); free(dref); free(dabs); free(h_heads); free(h_keys);             \
    } while (0)

/* Scans along an axis of the same values, a packed (outer, length, inner) view, forward or reverse:
 * the first run against a double reference down each sequence, RUNS more bit for bit against it,
 * every other one beside the noise kernel. */
#define AXIS_CASE(name, T, outer_, length_, inner_, reverse_)                                                    \
    do {                                                                                                         \
        const gpuscan_axis v = {(outer_), (length_), (inner_), 0, 0, (reverse_)};                                \
        const size_t n = v.outer * v.length * v.inner;                                                           \
        T *h_in = (T *)malloc(n * sizeof(T)), *h_first = (T *)malloc(n * sizeof(T));                             \
        T *h_out = (T *)malloc(n * sizeof(T)), *d_in, *d_out, init;                                              \
        double *dref = (double *)malloc(n * sizeof(double)), *dabs = (double *)malloc(n * sizeof(double));       \
        TEST_ADD_INPUT(name, T, h_in, init, d_in, d_out, n, &rng);                                               \
        for (int exclusive = 0; exclusive < 2; ++exclusive) {                                                    \
            for (size_t f = 0; f < v.outer * v.inner; ++f) { /* the reference, down each sequence */            \
                double acc = exclusive ? (double)init : 0.0, mag = exclusive ? fabs((double)init) : 0.0;        \
                for (size_t k = 0; k < v.length; ++k) {                                                          \
                    const size_t l = v.reverse ? v.length - 1 - k : k;                                           \
                    const size_t e = (f / v.inner * v.length + l) * v.inner + f % v.inner;                       \
                    if (exclusive) dref[e] = acc, dabs[e] = mag;                                                 \
                    acc += (double)h_in[e], mag += fabs((double)h_in[e]);                                        \
                    if (!exclusive) dref[e] = acc, dabs[e] = mag;                                                \
                }                                                                                                \
            }                                                                                                    \
            int differing = 0;                                                                                   \
            REPEATED_(T, n, d_out, h_first, h_out, differing,                                                    \
                      exclusive ? gpuscan_##name##_add_axis_view_exclusive(d_in, d_out, &v, init, scan_stream)   \
                                : gpuscan_##name##_add_axis_view_inclusive(d_in, d_out, &v, scan_stream),        \
                      {                                                                                          \
                          size_t bad = 0;                                                                        \
                          for (size_t i = 0; i < n; ++i)                                                         \
                              bad += !(fabs((double)h_first[i] - dref[i]) <= TOL_##name * dabs[i] + 1e-30);      \
                          EXPECT(bad == 0, "axis %s %s (%zu, %zu, %zu)%s: %zu wrong", #name,                     \
                                 exclusive ? "exclusive" : "inclusive", v.outer, v.length, v.inner,              \
                                 v.reverse ? " reversed" : "", bad);                                             \
                      });                                                                                        \
            if (!GPUSCAN_DETERMINISTIC) axis_tolerated += differing, differing = 0;                              \
            EXPECT(differing == 0, "axis %s %s (%zu, %zu, %zu)%s: %d of %d runs differ from the first", #name,   \
                   exclusive ? "exclusive" : "inclusive", v.outer, v.length, v.inner, v.reverse ? " reversed" : "", \
                   differing, RUNS);                                                                             \
            total_differing += differing;                                                                        \
        }                                                                                                        \
        printf("  axis %s add (%zu, %zu, %zu)%s: 2 kinds x %d repeats, %ld differing so far\n", #name, v.outer,  \
               v.length, v.inner, v.reverse ? " reversed" : "", RUNS, total_differing);                         \
        fflush(stdout);                                                                                          \
        CHECK_CUDA(cudaFree(d_in));                                                                              \
        CHECK_CUDA(cudaFree(d_out));                                                                             \
        free(h_in); free(h_first); free(h_out); free(dref); free(dabs);                                          \
    } while (0)

/* AUTO here (the fold, one cluster or the look-back, as the device allows) against the look-back
 * alone (test_determinism_paths.cu), inclusive and exclusive: the same bits. */
#define PATHS_CASE(name, T, n_)                                                                                  \
    do {                                                                                                         \
        const size_t n = (n_);                                                                                   \
        T *h_in = (T *)malloc(n * sizeof(T)), *h_auto = (T *)malloc(n * sizeof(T)), *h_lb = (T *)malloc(n * sizeof(T)); \
        T *d_in, *d_out, init;                                                                                   \
        TEST_ADD_INPUT(name, T, h_in, init, d_in, d_out, n, &rng);                                               \
        for (int kind = 0; kind < 2; ++kind) {                                                                   \
            T *got[2] = {h_auto, h_lb};                                                                          \
            for (int side = 0; side < 2; ++side) {                                                               \
                poison(d_out, n * sizeof(T), 0);                                                                 \
                const gpuscan_status st =                                                                        \
                    kind == 0 ? (side ? gpuscan_lb##name##_add_inclusive : gpuscan_##name##_add_inclusive)(d_in, d_out, n, 0) \
                              : (side ? gpuscan_lb##name##_add_exclusive : gpuscan_##name##_add_exclusive)(d_in, d_out, n, init, 0); \
                EXPECT(st == GPUSCAN_SUCCESS, "%s", gpuscan_status_string(st));                                  \
                CHECK_CUDA(cudaDeviceSynchronize());                                                             \
                CHECK_CUDA(cudaMemcpy(got[side], d_out, n * sizeof(T), cudaMemcpyDeviceToHost));                 \
            }                                                                                                    \
            const int same = memcmp(h_auto, h_lb, n * sizeof(T)) == 0;                                           \
            if (GPUSCAN_DETERMINISTIC)                                                                           \
                EXPECT(same, "%s %s n=%zu: AUTO's bits are not the look-back's", #name,                          \
                       kind ? "exclusive" : "inclusive", n);                                                     \
            else                                                                                                 \
                paths_tolerated += !same;                                                                        \
        }                                                                                                        \
        CHECK_CUDA(cudaFree(d_in));                                                                              \
        CHECK_CUDA(cudaFree(d_out));                                                                             \
        free(h_in); free(h_auto); free(h_lb);                                                                    \
    } while (0)

/* The rows' fold of the same rows from an input one element past a 16-byte boundary and from an
 * aligned one (segment.cuh): which elements it folds together follows the address mod 16, in
 * either mode, so the differences are counted, not promised (docs/api.md, Guarantees). */
#define ROWS_OFFSET_CASE(name, T, rows_, length_)                                                                \
    do {                                                                                                         \
        const size_t rows = (rows_), length = (length_), n = rows * length;                                      \
        T *h = (T *)malloc(n * sizeof(T)), *a = (T *)malloc(rows * sizeof(T)), *b = (T *)malloc(rows * sizeof(T)); \
        T *d_buf, *d_a, *d_b;                                                                                    \
        for (size_t i = 0; i < n; ++i) /* (thirds: every association rounds its own way) */                     \
            h[i] = (T)((rng_uniform(&rng) * 2.0 - 0.5) / 3.0 * (double)(1 + i % 7));                            \
        CHECK_CUDA(cudaMalloc(&d_buf, (n + 1) * sizeof(T)));                                                     \
        CHECK_CUDA(cudaMalloc(&d_a, rows * sizeof(T)));                                                          \
        CHECK_CUDA(cudaMalloc(&d_b, rows * sizeof(T)));                                                          \
        for (int at = 0; at < 2; ++at) {                                                                         \
            CHECK_CUDA(cudaMemcpy(d_buf + at, h, n * sizeof(T), cudaMemcpyHostToDevice));                        \
            const gpuscan_status st = gpuscan_##name##_add_segmented_reduce_rows(d_buf + at, at ? d_b : d_a, rows, \
                                                                                 length, scan_stream);           \
            CHECK_CUDA(cudaStreamSynchronize(scan_stream));                                                      \
            EXPECT(st == GPUSCAN_SUCCESS, "rows %s %zu x %zu at %d: %s", #name, rows, length, at, gpuscan_status_string(st)); \
        }                                                                                                        \
        CHECK_CUDA(cudaMemcpy(a, d_a, rows * sizeof(T), cudaMemcpyDeviceToHost));                                \
        CHECK_CUDA(cudaMemcpy(b, d_b, rows * sizeof(T), cudaMemcpyDeviceToHost));                                \
        const int differing = memcmp(a, b, rows * sizeof(T)) != 0;                                               \
        rows_offset_tolerated += differing;                                                                      \
        printf("  rows %s add %zu x %zu from one element past 16 bytes: %s\n", #name, rows, length,            \
               differing ? "other bits" : "the same bits");                                                      \
        CHECK_CUDA(cudaFree(d_buf));                                                                             \
        CHECK_CUDA(cudaFree(d_a));                                                                               \
        CHECK_CUDA(cudaFree(d_b));                                                                               \
        free(h), free(a), free(b);                                                                               \
    } while (0)

int main(int argc, char **argv)
{
    require_gpu(GPUSCAN_DETERMINISTIC ? "gpu_determinism" : "gpu_determinism_default");
    uint64_t rng = test_seed();
    long total_differing = 0, differing_tolerated = 0;
    cudaStream_t scan_stream, noise_stream;
    CHECK_CUDA(cudaStreamCreateWithFlags(&scan_stream, cudaStreamNonBlocking));
    CHECK_CUDA(cudaStreamCreateWithFlags(&noise_stream, cudaStreamNonBlocking));
    long segmented_tolerated = 0, axis_tolerated = 0, rows_offset_tolerated = 0;
    /* along an axis: a long axis of 2 and of 8 columns (a warp's and a thread's look-back a column),
     * 4,099 columns (tiles of 128 across), a short axis (a thread a column), the last axis (the rows
     * form), reversed */
    const int segmented_only = argc > 1 && strcmp(argv[1], "--segmented") == 0; /* (those cases alone) */
    if (!segmented_only) {
        AXIS_CASE(f32, float, 1, ((size_t)1 << 20) + 3, 2, 0);
        AXIS_CASE(f32, float, 1, ((size_t)1 << 20) + 3, 8, 1);
        AXIS_CASE(f64, double, 1, 3001, 4099, 0);
        AXIS_CASE(f32, float, 3, 7, 100003, 0);
        AXIS_CASE(f64, double, 4099, 1001, 1, 0);
    }
    if (argc > 1 && strcmp(argv[1], "--axis") == 0) { /* (the axis cases alone) */
        if (!GPUSCAN_DETERMINISTIC) printf("  axis runs differing (not promised): %ld\n", axis_tolerated);
        return test_finish(GPUSCAN_DETERMINISTIC ? "gpu_determinism --axis" : "gpu_determinism_default --axis");
    }
    const size_t stile = GPUSCAN_TILE_(CO, float);
    SEGMENTED_CASE(f32, float, ((size_t)1 << 20) + 3, 1000);
    SEGMENTED_CASE(f32, float, ((size_t)1 << 24) + 1, 4 * stile);
    SEGMENTED_CASE(f64, double, ((size_t)1 << 22) + 5, 4 * stile);
    ROWS_OFFSET_CASE(f32, float, 4096, 1000);        /* (lanes of a warp a row) */
    ROWS_OFFSET_CASE(f32, float, 3, (1u << 20) + 8); /* (rows in chunks: a second launch) */
    ROWS_OFFSET_CASE(f64, double, 100000, 9);        /* (a lane a row) */
    if (segmented_only) {
        if (!GPUSCAN_DETERMINISTIC) printf("  segmented runs differing (not promised): %ld\n", segmented_tolerated);
        return test_finish(GPUSCAN_DETERMINISTIC ? "gpu_determinism --segmented" : "gpu_determinism_default --segmented");
    }
    const size_t sizes[] = {3 * (size_t)GPUSCAN_TILE_(CO, float) + 5, ((size_t)1 << 20) + 3, ((size_t)1 << 24) + 1};
    for (int s = 0; s < 3; ++s) {
        DETERMINISM_CASE(f32, float, sizes[s]);
        DETERMINISM_CASE(f64, double, sizes[s]);
    }
    /* one cluster (up to GPUSCAN_CLUSTER_MAX_TILES tiles), the fold (128 tiles on, as many as the
     * device holds at once; float only: commuting operators of 4 bytes), and sizes beside them */
    long paths_tolerated = 0;
    const size_t tile = GPUSCAN_TILE_(CO, float), tile64 = GPUSCAN_TILE_(CO, double);
    const size_t path_sizes[] = {2 * tile + 1, 3 * tile + 5, 16 * tile, 16 * tile + 1, 33 * tile + 7,
                                 127 * tile, 128 * tile + 3, 257 * tile + 11, 511 * tile, 1024 * tile - 1};
    for (size_t s = 0; s < sizeof path_sizes / sizeof path_sizes[0]; ++s) {
        PATHS_CASE(f32, float, path_sizes[s]);
        PATHS_CASE(f64, double, path_sizes[s] / tile * tile64 + path_sizes[s] % tile);
    }
    printf("  AUTO against the look-back alone: %zu sizes x 2 types x 2 kinds%s\n",
           sizeof path_sizes / sizeof path_sizes[0], GPUSCAN_DETERMINISTIC ? "" : " (not promised)");
    if (!GPUSCAN_DETERMINISTIC) { /* (the fold and a cluster associate otherwise here: the comparison can fail) */
        printf("  ... of them differing: %ld\n", paths_tolerated);
        EXPECT(paths_tolerated > 0, "AUTO's bits were the look-back's at every size: the comparison found nothing");
    }
    printf("determinism (GPUSCAN_DETERMINISTIC=%d): %ld runs differed from their first run", GPUSCAN_DETERMINISTIC,
           total_differing);
    if (!GPUSCAN_DETERMINISTIC)
        printf("; look-back and AUTO (not promised): %ld; segmented (not promised): %ld; axis (not promised): %ld",
               differing_tolerated, segmented_tolerated, axis_tolerated);
    printf("; rows' sums from one element past 16 bytes differing (not promised): %ld of 3\n", rows_offset_tolerated);
    CHECK_CUDA(cudaStreamDestroy(scan_stream));
    CHECK_CUDA(cudaStreamDestroy(noise_stream));
    return test_finish(GPUSCAN_DETERMINISTIC ? "gpu_determinism" : "gpu_determinism_default");
}
