/* tests/scan_suite.cuh - the GPU correctness suite for one (name, T, op), as a macro.
 *
 * SCAN_SUITE(name, T, op, GEN) / SCAN_SUITE_TOL(name, T, op, GEN, TOL) define suite_<name>_<op>(rng): for every size in the list
 * (edges, every block algorithm's tile +-1, tile^2 + 1, random sizes up to 2^24), inclusive and
 * exclusive, every grid x block combination and AUTO, in-place too, and AUTO plus each grid with
 * the coarsened block on pointers one element off 16-byte alignment, it poisons the output (and a
 * guard zone past its end), runs the scan, checks every status and CUDA error, and compares with
 * a sequential CPU fold of the same operator: bit for bit (TOL == 0), or for float sums against
 * a double reference: |out - ref| <= TOL * sum(|x|) (SCAN_SUITE_TOL).  Reduce is checked likewise. */
#ifndef GPUSCAN_SCAN_SUITE_CUH
#define GPUSCAN_SCAN_SUITE_CUH

#include "test_common.h"

enum { OPC_ADD, OPC_MUL, OPC_MINMAX, OPC_AND, OPC_OR, OPC_XOR };
#define OPC_add OPC_ADD
#define OPC_mul OPC_MUL
#define OPC_min OPC_MINMAX
#define OPC_max OPC_MINMAX
#define OPC_and OPC_AND
#define OPC_or OPC_OR
#define OPC_xor OPC_XOR

#define GUARD_ELEMS 64
#define POISON_BYTE 0xFF /* -1 for integers, NaN for floating types */

typedef struct {
    gpuscan_grid grid;
    gpuscan_block block;
} combo_t;
static const combo_t k_combos[] = {
    {GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO},
    {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED},
    {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_KOGGE_STONE}, {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_KOGGE_STONE_WARP},
    {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_BRENT_KUNG}, {GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_COARSENED},
};
#define N_COMBOS ((int)(sizeof k_combos / sizeof k_combos[0]))

/* Words that read as tile states of round 0 holding a published inclusive prefix (status 2,
 * value 2; a claim counter at 2): a scan that trusted a workspace's contents would go wrong. */
static __global__ void poison_states(unsigned *p, size_t words)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x)
        p[i] = 2u;
}
/* Growing device workspace shared by all suites of one program, poisoned for every call: the
 * `_ex` forms take a workspace of any contents. */
static void *g_ws = NULL;
static size_t g_ws_bytes = 0;
static void *workspace_for(size_t bytes)
{
    if (bytes > g_ws_bytes) {
        if (g_ws) CHECK_CUDA(cudaFree(g_ws));
        CHECK_CUDA(cudaMalloc(&g_ws, bytes));
        g_ws_bytes = bytes;
    }
    poison_states<<<256, 256>>>((unsigned *)g_ws, bytes / 4);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize()); /* done before a scan on any stream starts */
    return g_ws;
}

/* The size list for element type T: edges, each block algorithm's tile -1/0/+1 and 2 tiles + 1,
 * two reduce-ahead units (`unit` elements) and a part of a third, one tile^2 + 1 (three
 * hierarchy levels), random sizes up to 2^24.  Returns the count.  max_random up to 2^20
 * (GPUSCAN_TEST_MAX_RANDOM; the sanitizer runs) keeps only the sizes up to it, with one random
 * size under it, and the reduce-ahead size (its whole-unit paths). */
static int make_sizes(size_t *sizes, const size_t *tiles, int ntiles, size_t unit, uint64_t *rng, size_t max_random)
{
    static const size_t fixed[] = {0, 1, 2, 31, 32, 33, 1023, 1024, 1025};
    int k = 0;
    if (max_random == 0) max_random = 1;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i) sizes[k++] = fixed[i];
    size_t smallest = tiles[0];
    for (int t = 0; t < ntiles; ++t) {
        sizes[k++] = tiles[t] - 1;
        sizes[k++] = tiles[t];
        sizes[k++] = tiles[t] + 1;
        sizes[k++] = 2 * tiles[t] + 1;
        if (tiles[t] < smallest) smallest = tiles[t];
    }
    if (max_random <= ((size_t)1 << 20)) { /* (the random sizes below need max_random > 2^20) */
        int kept = 0;
        for (int i = 0; i < k; ++i)
            if (sizes[i] <= max_random) sizes[kept++] = sizes[i];
        sizes[kept++] = 1 + rng_next(rng) % max_random;
        sizes[kept++] = 2 * unit + tiles[ntiles - 1] + 1;
        return kept;
    }
    sizes[k++] = 2 * unit + tiles[ntiles - 1] + 1;
    sizes[k++] = smallest * smallest + 1;
    sizes[k++] = 1000 + rng_next(rng) % (1u << 18);
    sizes[k++] = (1u << 20) + rng_next(rng) % (max_random - (1u << 20));
    sizes[k++] = max_random - rng_next(rng) % 1000;
    return k;
}

#define SUITE_TILES_(T, tiles)                                                                      \
    size_t tiles[4] = {GPUSCAN_TILE_(KS, T), GPUSCAN_TILE_(KSW, T), GPUSCAN_TILE_(BK, T), GPUSCAN_TILE_(CO, T)}
/* A suite's sizes for T (make_sizes around every block algorithm's tile and reduce-ahead's unit)
 * and the largest of them: declares sizes, nsizes and maxn. */
#define SUITE_SIZES_(T, rng, max_random)                                                            \
    SUITE_TILES_(T, tiles);                                                                         \
    size_t sizes[40];                                                                               \
    int nsizes = make_sizes(sizes, tiles, 4, GPUSCAN_AHEAD_UNIT_BYTES(sizeof(T)) / sizeof(T), rng, max_random); \
    size_t maxn = 0;                                                                                \
    for (int s = 0; s < nsizes; ++s) maxn = sizes[s] > maxn ? sizes[s] : maxn

/* Reference: sequential fold with the library's own combine (host side). */
#define SUITE_REFERENCE_(P, T, TO_DOUBLE)                                                                \
    static void ref_##P(const T *x, T *ref, size_t n, int exclusive, T init, double *dref, double *dabs) \
    {                                                                                                    \
        T acc = init;                                                                                    \
        double dacc = 0, aacc = 0;                                                                       \
        if (dref) { dacc = TO_DOUBLE(init); aacc = fabs(TO_DOUBLE(init)); }                              \
        for (size_t i = 0; i < n; ++i) {                                                                 \
            if (exclusive) {                                                                             \
                ref[i] = acc;                                                                            \
                if (dref) { dref[i] = dacc; dabs[i] = aacc; }                                            \
                acc = P##_combine(acc, x[i]);                                                            \
            } else {                                                                                     \
                acc = (i == 0) ? x[0] : P##_combine(acc, x[i]);                                          \
                ref[i] = acc;                                                                            \
            }                                                                                            \
            if (dref) {                                                                                  \
                if (!exclusive && i == 0) { dacc = 0; aacc = 0; }                                        \
                dacc += TO_DOUBLE(x[i]);                                                                 \
                aacc += fabs(TO_DOUBLE(x[i]));                                                           \
                if (!exclusive) { dref[i] = dacc; dabs[i] = aacc; }                                      \
            }                                                                                            \
        }                                                                                                \
    }                                                                                                    \
    /* A seeded scan (init in front, inclusive too) as n + 1 values: ref[n] is the total. */           \
    static __attribute__((unused)) void ref_seeded_##P(const T *x, T *ref, size_t n, int exclusive,      \
                                                       T init, double *dref, double *dabs)               \
    {                                                                                                    \
        T acc = init;                                                                                    \
        double dacc = dref ? TO_DOUBLE(init) : 0, aacc = dref ? fabs(TO_DOUBLE(init)) : 0;               \
        for (size_t i = 0; i <= n; ++i) {                                                                \
            if (exclusive || i == n) {                                                                   \
                ref[i] = acc;                                                                            \
                if (dref) { dref[i] = dacc; dabs[i] = aacc; }                                            \
            }                                                                                            \
            if (i == n) break;                                                                           \
            acc = P##_combine(acc, x[i]);                                                                \
            if (dref) { dacc += TO_DOUBLE(x[i]); aacc += fabs(TO_DOUBLE(x[i])); }                        \
            if (!exclusive) {                                                                            \
                ref[i] = acc;                                                                            \
                if (dref) { dref[i] = dacc; dabs[i] = aacc; }                                            \
            }                                                                                            \
        }                                                                                                \
    }

/* Number of mismatches in out[0..n); the first one's index in *first. */
#define SUITE_COMPARE_(P, T, TOL, TO_DOUBLE)                                                        \
    static size_t cmp_##P(const T *out, const T *ref, const double *dref, const double *dabs,       \
                          size_t n, size_t *first)                                                  \
    {                                                                                               \
        size_t bad = 0;                                                                             \
        for (size_t i = 0; i < n; ++i) {                                                            \
            int ok;                                                                                 \
            if (TOL > 0) {                                                                          \
                double o = TO_DOUBLE(out[i]);                                                       \
                ok = fabs(o - dref[i]) <= (TOL) * dabs[i] + 1e-300;                                 \
            } else {                                                                                \
                ok = memcmp(&out[i], &ref[i], sizeof(T)) == 0;                                      \
            }                                                                                       \
            if (!ok && bad++ == 0) *first = i;                                                      \
        }                                                                                           \
        return bad;                                                                                 \
    }

/* A call's output back to the host: the elements checked and the guard zone past them, not the
 * whole buffer (pageable copies of the largest size after every call were most of a suite's time). */
#define COPY_CHECKED_(h, d, count) \
    CHECK_CUDA(cudaMemcpy((h), (d), ((count) + GUARD_ELEMS) * sizeof *(h), cudaMemcpyDeviceToHost))

/* Poisoned guard zone past the end must survive. */
static int guard_intact(const unsigned char *g, size_t bytes)
{
    for (size_t i = 0; i < bytes; ++i)
        if (g[i] != POISON_BYTE) return 0;
    return 1;
}

/* The ends of the scan (part of SCAN_SUITE_'s loop over kinds, size number s): the chained form,
 * seed and total in one cell, and offsets (n + 1 values and the total), on AUTO and three other
 * grid x block combinations a size, in turn, so that the sizes of a suite take each combination
 * several times (every one at every size where max_random is over 2^21: the exhaustive tier);
 * the simple chained and offsets forms; and a chain of three chunks against the whole scan. */
#define SUITE_ENDS_COMBOS_ 4
#define SUITE_ENDS_(name, T, op, kind, n, init)                                                                                       \
    do {                                                                                                                              \
        T *d_cell = d_out_off; /* one element, outside d_in and d_out */                                                              \
        T h_total;                                                                                                                    \
        const int every = max_random > ((size_t)1 << 21), runs = every ? N_COMBOS : SUITE_ENDS_COMBOS_;                             \
        ref_seeded_gpuscan_##name##_##op(h_in, h_ref, n, kind, init, dref, dabs);                                                     \
        for (int j = 0; j < 2 * runs + 1; ++j) {                                                                                      \
            const int r = j % runs, c = every || r == 0 ? r : 1 + (s * (runs - 1) + r - 1) % (N_COMBOS - 1);                          \
            const int offsets = j >= runs; /* runs .. 2 runs - 1: offsets_ex; 2 runs: the simple offsets */                         \
            const int simple = j == 2 * runs;                                                                                         \
            const combo_t cb = k_combos[c];                                                                                           \
            if (offsets && !kind) continue;                                                                                           \
            size_t bytes = 0;                                                                                                         \
            gpuscan_status st;                                                                                                        \
            CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                              \
            CHECK_CUDA(cudaMemcpy(d_cell, &init, sizeof(T), cudaMemcpyHostToDevice));                                                 \
            if (simple)                                                                                                               \
                st = gpuscan_##name##_##op##_offsets(d_in, d_out, n, init, d_cell, 0);                                                \
            else if (offsets) {                                                                                                       \
                st = gpuscan_##name##_##op##_offsets_ex(NULL, &bytes, NULL, NULL, n, init, NULL, cb.grid, cb.block, 0);              \
                st = gpuscan_##name##_##op##_offsets_ex(workspace_for(bytes), &bytes, d_in, d_out, n, init, d_cell, cb.grid,         \
                                                        cb.block, 0);                                                                 \
            }                                                                                                                         \
            else {                                                                                                                    \
                st = gpuscan_##name##_##op##_scan_chained_ex(NULL, &bytes, NULL, NULL, n, (gpuscan_kind)kind, NULL, NULL,            \
                                                             cb.grid, cb.block, 0);                                                   \
                st = gpuscan_##name##_##op##_scan_chained_ex(workspace_for(bytes), &bytes, d_in, d_out, n, (gpuscan_kind)kind,       \
                                                             d_cell, d_cell, cb.grid, cb.block, 0);                                   \
            }                                                                                                                         \
            EXPECT(st == GPUSCAN_SUCCESS, "%s_%s ends n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                          \
            CHECK_CUDA(cudaDeviceSynchronize());                                                                                      \
            COPY_CHECKED_(h_out, d_out, n + offsets);                                                                                 \
            CHECK_CUDA(cudaMemcpy(&h_total, d_cell, sizeof(T), cudaMemcpyDeviceToHost));                                              \
            size_t first = 0, bad = cmp_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n + offsets, &first);                         \
            bad += cmp_gpuscan_##name##_##op(&h_total, h_ref + n, dref ? dref + n : NULL, dabs ? dabs + n : NULL, 1, &first);         \
            EXPECT(bad == 0, "%s_%s %s %s n=%zu grid=%s block=%s: %zu mismatches (n: the total), first at %zu", #name, #op,          \
                   offsets ? "offsets" : "chained", kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(cb.grid),                  \
                   gpuscan_block_name(cb.block), bad, first);                                                                         \
            EXPECT(guard_intact((const unsigned char *)(h_out + n + offsets), GUARD_ELEMS * sizeof(T)),                               \
                   "%s_%s n=%zu ends: wrote past the end", #name, #op, n);                                                            \
        }                                                                                                                             \
        /* a chain of three chunks through the simple form, the carry in one cell, against the whole */                              \
        ref_gpuscan_##name##_##op(h_in, h_ref, n, kind, gpuscan_##name##_##op##_identity(), dref, dabs);                                           \
        const size_t cut1 = n / 3, cut2 = n - n / 5;                                                                                   \
        CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                                  \
        gpuscan_status st = GPUSCAN_SUCCESS;                                                                                          \
        for (int part = 0; part < 3; ++part) {                                                                                        \
            const size_t a = part == 0 ? 0 : part == 1 ? cut1 : cut2, b = part == 0 ? cut1 : part == 1 ? cut2 : n;                    \
            const T *carry_in = part == 0 ? NULL : d_cell;                                                                            \
            gpuscan_status s2 = kind ? gpuscan_##name##_##op##_exclusive_chained(d_in + a, d_out + a, b - a, carry_in, d_cell, 0)     \
                                     : gpuscan_##name##_##op##_inclusive_chained(d_in + a, d_out + a, b - a, carry_in, d_cell, 0);    \
            if (s2 != GPUSCAN_SUCCESS) st = s2;                                                                                       \
        }                                                                                                                             \
        EXPECT(st == GPUSCAN_SUCCESS, "chained chunks: %s", gpuscan_status_string(st));                                               \
        CHECK_CUDA(cudaDeviceSynchronize());                                                                                          \
        COPY_CHECKED_(h_out, d_out, n);                                                                                               \
        size_t first = 0, bad = cmp_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, &first);                                       \
        EXPECT(bad == 0, "%s_%s chained %s in three chunks n=%zu: %zu mismatches, first at %zu", #name, #op,                          \
               kind ? "exclusive" : "inclusive", n, bad, first);                                                                      \
    } while (0)

#define SCAN_SUITE_(name, T, op, GEN, TOL, TO_DOUBLE)                                                                                 \
    SUITE_REFERENCE_(gpuscan_##name##_##op, T, TO_DOUBLE)                                                                             \
    SUITE_COMPARE_(gpuscan_##name##_##op, T, TOL, TO_DOUBLE)                                                                          \
    static void suite_##name##_##op(uint64_t *rng, size_t max_random)                                                                 \
    {                                                                                                                                 \
        SUITE_SIZES_(T, rng, max_random);                                                                                             \
        size_t cap = maxn + 1 + GUARD_ELEMS; /* offsets write n + 1 */                                                                \
        T *h_in = (T *)malloc(cap * sizeof(T)), *h_out = (T *)malloc(cap * sizeof(T));                                                \
        T *h_ref = (T *)malloc(cap * sizeof(T));                                                                                      \
        double *dref = TOL > 0 ? (double *)malloc(cap * sizeof(double)) : NULL;                                                       \
        double *dabs = TOL > 0 ? (double *)malloc(cap * sizeof(double)) : NULL;                                                       \
        T *d_in, *d_out;                                                                                                              \
        CHECK_CUDA(cudaMalloc(&d_in, cap * sizeof(T)));                                                                               \
        CHECK_CUDA(cudaMalloc(&d_out, cap * sizeof(T)));                                                                              \
        T *d_in_off, *d_out_off; /* cap + 1 elements, used from element 1 on */                                                       \
        CHECK_CUDA(cudaMalloc(&d_in_off, (cap + 1) * sizeof(T)));                                                                     \
        CHECK_CUDA(cudaMalloc(&d_out_off, (cap + 1) * sizeof(T)));                                                                    \
        for (int s = 0; s < nsizes; ++s) {                                                                                            \
            const size_t n = sizes[s];                                                                                                \
            T init;                                                                                                                   \
            GEN(h_in, n, OPC_##op, rng);                                                                                              \
            GEN(&init, 1, OPC_##op, rng);                                                                                             \
            CHECK_CUDA(cudaMemcpy(d_in, h_in, n * sizeof(T), cudaMemcpyHostToDevice));                                                \
            for (int kind = 0; kind < 2; ++kind) {                                                                                    \
                ref_gpuscan_##name##_##op(h_in, h_ref, n, kind, init, dref, dabs);                                                    \
                for (int c = 0; c < N_COMBOS + 3; ++c) {                                                                              \
                    /* the last three runs: in place (lookback, hierarchical, reduce-then-scan) */                                    \
                    const int in_place = c >= N_COMBOS;                                                                               \
                    const combo_t cb = in_place ? k_combos[c == N_COMBOS ? 12 : c == N_COMBOS + 1 ? 4 : 20] : k_combos[c];            \
                    size_t bytes = 0;                                                                                                 \
                    gpuscan_status st;                                                                                                \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                      \
                    if (in_place) CHECK_CUDA(cudaMemcpy(d_out, d_in, n * sizeof(T), cudaMemcpyDeviceToDevice));                       \
                    st = gpuscan_##name##_##op##_scan_ex(NULL, &bytes, NULL, NULL, n,                                                 \
                                                         (gpuscan_kind)kind, init, cb.grid, cb.block, 0);                             \
                    EXPECT(st == GPUSCAN_SUCCESS && bytes > 0, "size query: %s", gpuscan_status_string(st));                          \
                    st = gpuscan_##name##_##op##_scan_ex(workspace_for(bytes), &bytes,                                                \
                                                         in_place ? d_out : d_in, d_out, n,                                           \
                                                         (gpuscan_kind)kind, init, cb.grid, cb.block, 0);                             \
                    EXPECT(st == GPUSCAN_SUCCESS, "%s_%s n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                       \
                    CHECK_CUDA(cudaGetLastError());                                                                                   \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                                              \
                    COPY_CHECKED_(h_out, d_out, n);                                                                                   \
                    size_t first = 0, bad = cmp_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, &first);                           \
                    EXPECT(bad == 0, "%s_%s %s n=%zu grid=%s block=%s%s: %zu mismatches, first at %zu",                               \
                           #name, #op, kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(cb.grid),                               \
                           gpuscan_block_name(cb.block), in_place ? " in-place" : "", bad, first);                                    \
                    EXPECT(guard_intact((const unsigned char *)(h_out + n), GUARD_ELEMS * sizeof(T)),                                 \
                           "%s_%s n=%zu grid=%s block=%s: wrote past the end", #name, #op, n,                                         \
                           gpuscan_grid_name(cb.grid), gpuscan_block_name(cb.block));                                                 \
                }                                                                                                                     \
                /* pointers one element past a 16-byte boundary: the vector paths must fall back */                                   \
                for (int c = 0; c < N_COMBOS; c += 4) {                                                                               \
                    const combo_t cb = k_combos[c];                                                                                   \
                    size_t bytes = 0;                                                                                                 \
                    gpuscan_status st;                                                                                                \
                    CHECK_CUDA(cudaMemcpy(d_in_off + 1, h_in, n * sizeof(T), cudaMemcpyHostToDevice));                                \
                    CHECK_CUDA(cudaMemset(d_out_off, POISON_BYTE, (cap + 1) * sizeof(T)));                                            \
                    st = gpuscan_##name##_##op##_scan_ex(NULL, &bytes, NULL, NULL, n, (gpuscan_kind)kind,                             \
                                                         init, cb.grid, cb.block, 0);                                                 \
                    st = gpuscan_##name##_##op##_scan_ex(workspace_for(bytes), &bytes, d_in_off + 1,                                  \
                                                         d_out_off + 1, n, (gpuscan_kind)kind, init,                                  \
                                                         cb.grid, cb.block, 0);                                                       \
                    EXPECT(st == GPUSCAN_SUCCESS, "%s_%s offset n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                                              \
                    COPY_CHECKED_(h_out, d_out_off + 1, n);                                                                           \
                    size_t first = 0, bad = cmp_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, &first);                           \
                    EXPECT(bad == 0, "%s_%s %s n=%zu grid=%s block=%s, pointers offset by one element: %zu mismatches, first at %zu", \
                           #name, #op, kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(cb.grid),                               \
                           gpuscan_block_name(cb.block), bad, first);                                                                 \
                    EXPECT(guard_intact((const unsigned char *)(h_out + n), GUARD_ELEMS * sizeof(T)),                                 \
                           "%s_%s n=%zu offset: wrote past the end", #name, #op, n);                                                  \
                }                                                                                                                     \
                /* the simple forms */                                                                                                \
                CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                          \
                gpuscan_status st = kind ? gpuscan_##name##_##op##_exclusive(d_in, d_out, n, init, 0)                                 \
                                         : gpuscan_##name##_##op##_inclusive(d_in, d_out, n, 0);                                      \
                EXPECT(st == GPUSCAN_SUCCESS, "simple form: %s", gpuscan_status_string(st));                                          \
                CHECK_CUDA(cudaDeviceSynchronize());                                                                                  \
                COPY_CHECKED_(h_out, d_out, n);                                                                                       \
                size_t first = 0, bad = cmp_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, &first);                               \
                EXPECT(bad == 0, "%s_%s simple %s n=%zu: %zu mismatches, first at %zu", #name, #op,                                   \
                       kind ? "exclusive" : "inclusive", n, bad, first);                                                              \
                SUITE_ENDS_(name, T, op, kind, n, init);                                                                              \
            }                                                                                                                         \
            /* reduce == last element of the inclusive scan (h_ref holds the exclusive one) */                                        \
            if (n > 0) {                                                                                                              \
                ref_gpuscan_##name##_##op(h_in, h_ref, n, 0, init, dref, dabs);                                                       \
                size_t bytes = 0;                                                                                                     \
                gpuscan_status st = gpuscan_##name##_##op##_reduce_ex(NULL, &bytes, NULL, NULL, n, 0);                                \
                CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, sizeof(T)));                                                                \
                st = gpuscan_##name##_##op##_reduce_ex(workspace_for(bytes), &bytes, d_in, d_out, n, 0);                              \
                EXPECT(st == GPUSCAN_SUCCESS, "reduce_ex: %s", gpuscan_status_string(st));                                            \
                CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                                              \
                size_t first = 0;                                                                                                     \
                EXPECT(cmp_gpuscan_##name##_##op(h_out, h_ref + n - 1, dref ? dref + n - 1 : NULL,                                    \
                                                 dabs ? dabs + n - 1 : NULL, 1, &first) == 0,                                         \
                       "%s_%s reduce n=%zu wrong", #name, #op, n);                                                                    \
                CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, sizeof(T)));                                                                \
                st = gpuscan_##name##_##op##_reduce(d_in, d_out, n, 0);                                                               \
                CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                                              \
                EXPECT(st == GPUSCAN_SUCCESS && cmp_gpuscan_##name##_##op(h_out, h_ref + n - 1,                                       \
                       dref ? dref + n - 1 : NULL, dabs ? dabs + n - 1 : NULL, 1, &first) == 0,                                       \
                       "%s_%s simple reduce n=%zu wrong", #name, #op, n);                                                             \
            }                                                                                                                         \
        }                                                                                                                             \
        printf("  %-6s %-4s %d sizes (max %zu) x %d runs: %ld passed, %ld failed so far\n", #name,                                    \
               #op, nsizes, maxn, 2 * (N_COMBOS + 7), g_passed, g_failed);                                                            \
        fflush(stdout);                                                                                                               \
        CHECK_CUDA(cudaFree(d_in));                                                                                                   \
        CHECK_CUDA(cudaFree(d_out));                                                                                                  \
        CHECK_CUDA(cudaFree(d_in_off));                                                                                               \
        CHECK_CUDA(cudaFree(d_out_off));                                                                                              \
        free(h_in); free(h_out); free(h_ref); free(dref); free(dabs);                                                                 \
    }

/* Exact comparison (any type), or a tolerance against a double reference (arithmetic types). */
#define SUITE_NO_DOUBLE(x) 0.0
#define SUITE_TO_DOUBLE(x) ((double)(x))
#define SCAN_SUITE(name, T, op, GEN) SCAN_SUITE_(name, T, op, GEN, 0, SUITE_NO_DOUBLE)
#define SCAN_SUITE_TOL(name, T, op, GEN, TOL) SCAN_SUITE_(name, T, op, GEN, TOL, SUITE_TO_DOUBLE)

/* ---- generators ----------------------------------------------------------------------------- */
/* Integers: full-range random bits; odd numbers for mul (products never collapse to 0); mostly
 * ones for and, mostly zeros for or (so the prefixes stay interesting for a while). */
#define GEN_INTEGER(name, T)                                                                                \
    static void gen_##name(T *x, size_t n, int opc, uint64_t *rng)                                          \
    {                                                                                                       \
        for (size_t i = 0; i < n; ++i) {                                                                    \
            uint64_t r = rng_next(rng);                                                                     \
            if (opc == OPC_MUL) r |= 1;                                                                     \
            if (opc == OPC_AND) r = (r % 97 == 0) ? ~((uint64_t)1 << (r % (8 * sizeof(T)))) : ~(uint64_t)0; \
            if (opc == OPC_OR) r = (r % 97 == 0) ? ((uint64_t)1 << (r % (8 * sizeof(T)))) : 0;              \
            memcpy(&x[i], &r, sizeof(T));                                                                   \
        }                                                                                                   \
    }

/* Floating types, made from doubles by FROM_DOUBLE.  add: uniform in [-1, 1] (compared with a
 * tolerance), or, with TELESCOPE, x_i = s_i - s_(i-1) for random s_i in [-8, 8], so that every
 * partial sum of any contiguous range is a small integer, exact even in half/bf16, in any
 * order; mul: +-1 (exact); min/max: uniform in [-1000, 1000], with a NaN of a random payload
 * once in about 2^21 elements (min/max propagate NaN and keep the last one's payload: every
 * algorithm must agree on where the NaNs start and which one shows), and stretches of 4096
 * zeros of either sign, one stretch in eight and, in half of the inputs, the first two (min/max
 * keep the earlier of -0 and +0: the sign of the first zero shows until a larger value comes),
 * and of zeros with tiny values (1e-40: subnormal in float), one in eight.  The ring's float
 * reducer folds such units again with the operator (GPUSCAN_RING_FAST_MINMAX_). */
static double gen_real_nan(uint64_t *rng)
{
    uint64_t bits = 0x7ff8000000000000ull | (rng_next(rng) & 0x8007ffffffffffffull);
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}
static double gen_real_tiny(uint64_t *rng, int subnormals)
{
    uint64_t r = rng_next(rng);
    double v = subnormals && (r & 6) == 0 ? 1e-40 : 0.0;
    return (r & 1) ? -v : v;
}
#define GEN_REAL(name, T, FROM_DOUBLE, TELESCOPE)                                                   \
    static void gen_##name(T *x, size_t n, int opc, uint64_t *rng)                                  \
    {                                                                                               \
        long prev = 0;                                                                              \
        const uint64_t salt = rng_next(rng);                                                        \
        const int tiny_start = (int)(salt >> 63);                                                   \
        for (size_t i = 0; i < n; ++i) {                                                            \
            double v;                                                                               \
            if (opc == OPC_ADD && TELESCOPE) {                                                      \
                long s = (long)(rng_next(rng) % 17) - 8;                                            \
                v = (double)(s - prev);                                                             \
                prev = s;                                                                           \
            } else if (opc == OPC_ADD) {                                                            \
                v = 2.0 * rng_uniform(rng) - 1.0;                                                   \
            } else if (opc == OPC_MUL) {                                                            \
                v = (rng_next(rng) & 1) ? 1.0 : -1.0;                                               \
            } else {                                                                                \
                const uint64_t stretch = ((i >> 12) + salt) % 8;                                    \
                if ((tiny_start && i < 8192) || stretch < 2)                                        \
                    v = gen_real_tiny(rng, stretch == 1 && i >= 8192);                              \
                else                                                                                \
                    v = 2000.0 * rng_uniform(rng) - 1000.0;                                         \
                if (rng_next(rng) % (1u << 21) == 0) v = gen_real_nan(rng);                         \
            }                                                                                       \
            x[i] = FROM_DOUBLE(v);                                                                  \
        }                                                                                           \
    }

#endif
