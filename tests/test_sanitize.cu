/* tests/test_sanitize.cu - a small suite for the compute-sanitizer runs (tests/CMakeLists.txt:
 * memcheck, racecheck, synccheck, initcheck): every grid x block combination, both kinds, in
 * place, the reduce and the simple forms, for a 4-byte, a 1-byte, an 8-byte floating and a
 * non-commutative struct type, at edge sizes and each tile -1/0/+1 and 2 tiles + 1 up to
 * GPUSCAN_TEST_MAX_RANDOM elements (default 9,000: the tools slow kernels down a lot); uint8
 * off 16 bytes in allocations that end where the data does; and the segmented kernels (alone:
 * gpu_sanitize --segmented), offsets out of order too. */
#include "gpuscan.cuh"
#include "scan_suite.cuh"

GEN_INTEGER(i32, int32_t)
GEN_INTEGER(u8, uint8_t)
GEN_REAL(f64, double, (double), 0)
GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, max)
GPUSCAN_DEFINE_NAMED(f64, double, add)
GPUSCAN_DEFINE(affine, compose)
SCAN_SUITE(i32, int32_t, add, gen_i32)
SCAN_SUITE(u8, uint8_t, max, gen_u8)
SCAN_SUITE_TOL(f64, double, add, gen_f64, 1e-12)
SCAN_SUITE(affine, affine, compose, gen_affine)
GPUSCAN_DEFINE_SEGMENTED(i32, int32_t, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(i32, int32_t, add)
GPUSCAN_DEFINE_SCAN_BY_KEY(i32, int32_t, int32_t, add)
GPUSCAN_DEFINE_REDUCE_BY_KEY(i32, int32_t, int32_t, add)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(i32, int32_t, add)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(i32, int32_t, int32_t, add)
GPUSCAN_DEFINE_UNIQUE(i32, int32_t)
GPUSCAN_DEFINE_UNIQUE_BY_KEY(i32, int32_t, int32_t)
GPUSCAN_DEFINE_RUN_LENGTH(i32, int32_t, int32_t)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(i32, int32_t, int32_t)
static __host__ __device__ bool below30(int32_t x, size_t i) { return (void)i, x < 30; }
static __host__ __device__ bool below60(int32_t x, size_t i) { return (void)i, x < 60; }
GPUSCAN_DEFINE_THREE_WAY_PARTITION(i32, int32_t, below30, below60)

/* uint8 at every offset 1-15 past 16 bytes, in and out allocated to the byte (n + offset), at sizes
 * whose last warp's run ends at n: the shifted 16-byte reads of narrow data (block.cuh) must not
 * leave the allocation (memcheck reports a read past its end). */
static void exact_ends(uint64_t *rng)
{
    const size_t sizes[] = {1024, 4096, 8192, 8192 + 1024, 3 * 8192};
    const gpuscan_grid grids[] = {GPUSCAN_GRID_AUTO, GPUSCAN_GRID_LOOKBACK, GPUSCAN_GRID_REDUCE_AHEAD};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        const size_t n = sizes[s];
        uint8_t *h_in = (uint8_t *)malloc(n), *h_out = (uint8_t *)malloc(n);
        for (size_t off = 1; off < 16; ++off) {
            const size_t off_out = 16 - off;
            uint8_t *d_in, *d_out;
            CHECK_CUDA(cudaMalloc(&d_in, n + off));
            CHECK_CUDA(cudaMalloc(&d_out, n + off_out));
            for (size_t i = 0; i < n; ++i) h_in[i] = (uint8_t)rng_next(rng);
            CHECK_CUDA(cudaMemcpy(d_in + off, h_in, n, cudaMemcpyHostToDevice));
            for (int g = 0; g < 3; ++g) {
                size_t bytes = 0;
                EXPECT(gpuscan_u8_max_scan_ex(NULL, &bytes, NULL, NULL, n, GPUSCAN_INCLUSIVE, 0, grids[g],
                                              GPUSCAN_BLOCK_COARSENED, 0) == GPUSCAN_SUCCESS, "exact ends: size query");
                const gpuscan_status st = gpuscan_u8_max_scan_ex(workspace_for(bytes), &bytes, d_in + off, d_out + off_out,
                                                                 n, GPUSCAN_INCLUSIVE, 0, grids[g],
                                                                 GPUSCAN_BLOCK_COARSENED, 0);
                CHECK_CUDA(cudaDeviceSynchronize());
                CHECK_CUDA(cudaMemcpy(h_out, d_out + off_out, n, cudaMemcpyDeviceToHost));
                size_t bad = 0;
                uint8_t m = 0;
                for (size_t i = 0; i < n; ++i) m = h_in[i] > m ? h_in[i] : m, bad += h_out[i] != m;
                EXPECT(st == GPUSCAN_SUCCESS && bad == 0, "exact ends: n=%zu in +%zu out +%zu grid %s: %s, %zu wrong", n,
                       off, off_out, gpuscan_grid_name(grids[g]), gpuscan_status_string(st), bad);
            }
            CHECK_CUDA(cudaFree(d_in));
            CHECK_CUDA(cudaFree(d_out));
        }
        free(h_in);
        free(h_out);
    }
}

/* The segmented kernels (segment.cuh), int32 add, allocations to the element: scans by heads,
 * int32 offsets (exclusive, with empty segments) and keys; reductions by heads, int64 offsets,
 * rows of 7 (past two tiles: one row, folded in chunks) and keys; reverse scans by heads, keys and int32 offsets (each reads a head, key or
 * offset past its tile); and the keys' runs through unique, unique by key, run-length encoding and
 * non-trivial runs (their lengths, then their offsets), the input through a three-way partition
 * (select.cuh); each against a CPU loop (segments: a head 1 in 40 elements and at 0, none in the
 * middle half: a segment longer than the offsets' fold's chunk; then at two sizes a head 1 in 2,
 * where the scans by offsets read their heads as bits). */
static void segmented(uint64_t *rng, size_t max_random)
{
    const size_t tile = GPUSCAN_TILE_(CO, int32_t);
    /* the last two: a head every other element on average (the offsets' heads as bits) */
    const size_t sizes[] = {1, 33, tile - 1, tile + 1, 2 * tile + 1, max_random, 2 * tile + 33, max_random + 1};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; ++k) {
        const size_t n = sizes[k];
        const int dense = k >= 6;
        int32_t *h = (int32_t *)malloc(n * 4), *keys = (int32_t *)malloc(n * 4), *got = (int32_t *)malloc(2 * n * 4);
        int32_t *scan = (int32_t *)malloc(n * 4), *sums = (int32_t *)malloc(n * 4), *rscan = (int32_t *)malloc(n * 4);
        int32_t *lens = (int32_t *)malloc(n * 4), *firsts = (int32_t *)malloc(n * 4); /* each segment's */
        int32_t *low = (int32_t *)malloc(n * 4); /* the three-way partition's first part */
        int32_t *wide = (int32_t *)malloc(n * 4), *wide_at = (int32_t *)malloc(n * 4); /* segments of two or more */
        size_t lows = 0, wides = 0;
        unsigned char *heads = (unsigned char *)malloc(n);
        long long *o64 = (long long *)malloc(2 * n * 8);
        int *o32 = (int *)malloc(2 * n * 4);
        size_t m = 0, e = 0; /* segments; offsets (an empty segment before every third) */
        for (size_t i = 0; i < n; ++i) {
            h[i] = (int32_t)(rng_next(rng) % 100), heads[i] = i == 0 || (dense ? rng_next(rng) % 2 == 0
                                                                  : rng_next(rng) % 40 == 0 && (i < n / 4 || i >= n / 4 * 3));
            keys[i] = i == 0 ? 0 : keys[i - 1] + heads[i];
            if (heads[i] && m % 3 == 2) o64[e] = (long long)i, o32[e++] = (int)i;
            if (heads[i]) o64[e] = (long long)i, o32[e++] = (int)i, firsts[m] = h[i], lens[m] = 0, sums[m++] = 0;
            scan[i] = (heads[i] ? 0 : scan[i - 1]) + h[i], sums[m - 1] += h[i], ++lens[m - 1];
            if (h[i] < 30) low[lows++] = h[i];
        }
        for (size_t i = 0, at = 0; i < m; at += (size_t)lens[i++])
            if (lens[i] > 1) wide_at[wides] = (int32_t)at, wide[wides++] = lens[i];
        for (size_t i = n; i-- > 0;) rscan[i] = (i + 1 == n || heads[i + 1] ? 0 : rscan[i + 1]) + h[i];
        int32_t *d_in, *d_keys, *d_out, *d_keys_out;
        unsigned char *d_heads;
        long long *d_o64;
        int *d_o32;
        size_t *d_count, count = 0;
        CHECK_CUDA(cudaMalloc(&d_in, n * 4));
        CHECK_CUDA(cudaMalloc(&d_keys, n * 4));
        CHECK_CUDA(cudaMalloc(&d_out, (n > e ? n : e) * 4)); /* (a reduction by offsets: e values) */
        CHECK_CUDA(cudaMalloc(&d_keys_out, n * 4));
        CHECK_CUDA(cudaMalloc(&d_heads, n));
        CHECK_CUDA(cudaMalloc(&d_o64, e * 8));
        CHECK_CUDA(cudaMalloc(&d_o32, e * 4));
        CHECK_CUDA(cudaMalloc(&d_count, 2 * sizeof(size_t))); /* (a three-way partition's two) */
        CHECK_CUDA(cudaMemcpy(d_in, h, n * 4, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(d_keys, keys, n * 4, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(d_heads, heads, n, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(d_o64, o64, e * 8, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(d_o32, o32, e * 4, cudaMemcpyHostToDevice));
        const size_t row = n > 2 * tile ? n : 7, rows = n / row;
        for (int form = 0; form < 16; ++form) {
            gpuscan_status st;
            size_t want_n = n, bad = 0;
            CHECK_CUDA(cudaMemset(d_out, 0xff, n * 4));
            switch (form) {
            case 0: st = gpuscan_i32_add_segmented_inclusive(d_in, d_heads, d_out, n, 0); break;
            case 1: st = gpuscan_i32_add_segmented_offsets32_exclusive(d_in, d_o32, e, d_out, n, 5, 0); break;
            case 2: st = gpuscan_i32_add_by_key_inclusive(d_keys, d_in, d_out, n, 0); break;
            case 3: st = gpuscan_i32_add_segmented_reduce(d_in, d_heads, d_out, d_count, n, 0), want_n = m; break;
            case 4: st = gpuscan_i32_add_segmented_reduce_offsets(d_in, d_o64, e, d_out, n, 0), want_n = e; break;
            case 5: st = gpuscan_i32_add_segmented_reduce_rows(d_in, d_out, rows, row, 0), want_n = rows; break;
            case 6: st = gpuscan_i32_add_reduce_by_key(d_keys, d_in, d_keys_out, d_out, d_count, n, 0), want_n = m; break;
            case 7: st = gpuscan_i32_add_reverse_segmented_inclusive(d_in, d_heads, d_out, n, 0); break;
            case 8: st = gpuscan_i32_add_reverse_by_key_exclusive(d_keys, d_in, d_out, n, 5, 0); break;
            case 9: st = gpuscan_i32_add_reverse_segmented_offsets32_exclusive(d_in, d_o32, e, d_out, n, 5, 0); break;
            case 10: st = gpuscan_i32_unique(d_keys, d_out, d_count, n, 0), want_n = m; break;
            case 11: st = gpuscan_i32_unique_by_key(d_keys, d_in, d_keys_out, d_out, d_count, n, 0), want_n = m; break;
            case 12: st = gpuscan_i32_run_length_encode(d_keys, d_keys_out, d_out, d_count, n, 0), want_n = m; break;
            case 13: /* (the rest dropped) */
                st = gpuscan_i32_three_way_partition(d_in, d_out, d_keys_out, NULL, d_count, n, 0), want_n = lows;
                break;
            default: /* 14: the lengths to out, 15: the offsets */
                st = gpuscan_i32_non_trivial_runs(d_keys, form == 14 ? d_keys_out : d_out, form == 14 ? d_out : d_keys_out,
                                                  d_count, n, 0),
                want_n = wides;
            }
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaMemcpy(got, d_out, want_n * 4, cudaMemcpyDeviceToHost));
            const int counts = form == 3 || form == 6 || form >= 10;
            if (counts) CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
            for (size_t i = 0, s = 0, r = 0; i < want_n; ++i) {
                int32_t want = form <= 2 ? scan[i] : form == 5 ? 0 : form == 7 ? rscan[i] : sums[i];
                if (form == 8 || form == 9) want = i + 1 == n || heads[i + 1] ? 5 : 5 + rscan[i + 1];
                if (form >= 10) want = form == 10 ? (int32_t)i : form == 11 ? firsts[i] : form == 12 ? lens[i] : low[i];
                if (form >= 14) want = form == 14 ? wide[i] : wide_at[i];
                if (form == 1) want = heads[i] ? 5 : 5 + scan[i - 1]; /* (the empty segments change nothing) */
                if (form == 4) /* an empty segment before every third: s counts the non-empty ones */
                    want = i + 1 < e && o64[i + 1] == o64[i] ? 0 : sums[s++];
                if (form == 5)
                    for (r = i * row; r < i * row + row; ++r) want += h[r];
                bad += got[i] != want;
            }
            EXPECT(st == GPUSCAN_SUCCESS && bad == 0 && (!counts || count == (form == 13 ? lows : form >= 14 ? wides : m)),
                   "segmented form %d n=%zu: %s, %zu wrong", form, n, gpuscan_status_string(st), bad);
        }
        CHECK_CUDA(cudaFree(d_in));
        CHECK_CUDA(cudaFree(d_keys));
        CHECK_CUDA(cudaFree(d_out));
        CHECK_CUDA(cudaFree(d_keys_out));
        CHECK_CUDA(cudaFree(d_heads));
        CHECK_CUDA(cudaFree(d_o64));
        CHECK_CUDA(cudaFree(d_o32));
        CHECK_CUDA(cudaFree(d_count));
        free(h), free(keys), free(got), free(scan), free(sums), free(rscan), free(heads), free(o64), free(o32);
        free(lens), free(firsts), free(low), free(wide), free(wide_at);
    }
}

/* Offsets that decrease, are negative or lie past n give unspecified values (docs/api.md), but no
 * access out of bounds and no hang: scans forward and reverse, their heads searched or (a segment
 * every other element) as bits, and the reduction (a value a segment, allocated to the element);
 * the input untouched. */
static void disordered_offsets(uint64_t *rng)
{
    const size_t tile = GPUSCAN_TILE_(CO, int32_t), n = 3 * tile + 5;
    int32_t *h = (int32_t *)malloc(n * 4), *back = (int32_t *)malloc(n * 4), *d_in, *d_out, *d_sums;
    long long *o64 = (long long *)malloc(n * 8), *d_o64;
    int *o32 = (int *)malloc(n * 4), *d_o32;
    for (size_t i = 0; i < n; ++i) h[i] = (int32_t)(rng_next(rng) % 100);
    CHECK_CUDA(cudaMalloc(&d_in, n * 4));
    CHECK_CUDA(cudaMalloc(&d_out, n * 4));
    CHECK_CUDA(cudaMemcpy(d_in, h, n * 4, cudaMemcpyHostToDevice));
    for (int dense = 0; dense < 2; ++dense) {
        const size_t e = dense ? n / 2 : n / 40;
        for (size_t s = 0; s < e; ++s) o64[s] = (long long)(rng_next(rng) % (3 * n)) - (long long)n, o32[s] = (int)o64[s];
        CHECK_CUDA(cudaMalloc(&d_o64, e * 8));
        CHECK_CUDA(cudaMalloc(&d_o32, e * 4));
        CHECK_CUDA(cudaMalloc(&d_sums, e * 4));
        CHECK_CUDA(cudaMemcpy(d_o64, o64, e * 8, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(d_o32, o32, e * 4, cudaMemcpyHostToDevice));
        for (int form = 0; form < 5; ++form) {
            const gpuscan_status st =
                form == 0   ? gpuscan_i32_add_segmented_offsets_inclusive(d_in, d_o64, e, d_out, n, 0)
                : form == 1 ? gpuscan_i32_add_segmented_offsets32_exclusive(d_in, d_o32, e, d_out, n, 5, 0)
                : form == 2 ? gpuscan_i32_add_reverse_segmented_offsets_inclusive(d_in, d_o64, e, d_out, n, 0)
                : form == 3 ? gpuscan_i32_add_reverse_segmented_offsets32_exclusive(d_in, d_o32, e, d_out, n, 5, 0)
                            : gpuscan_i32_add_segmented_reduce_offsets(d_in, d_o64, e, d_sums, n, 0);
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaMemcpy(back, d_in, n * 4, cudaMemcpyDeviceToHost));
            EXPECT(st == GPUSCAN_SUCCESS && memcmp(back, h, n * 4) == 0, "disordered offsets%s, form %d: %s%s",
                   dense ? " (as bits)" : "", form, gpuscan_status_string(st),
                   memcmp(back, h, n * 4) ? ", the input changed" : "");
        }
        CHECK_CUDA(cudaFree(d_o64));
        CHECK_CUDA(cudaFree(d_o32));
        CHECK_CUDA(cudaFree(d_sums));
    }
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    free(h), free(back), free(o64), free(o32);
}

int main(int argc, char **argv)
{
    require_gpu("gpu_sanitize");
    if (argc > 1 && strcmp(argv[1], "--probe") == 0) return 0; /* a GPU is there (tests/sanitize.sh) */
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random(9000);
    const int segmented_only = argc > 1 && strcmp(argv[1], "--segmented") == 0; /* (the segmented kernels alone) */
    if (!segmented_only) {
        suite_i32_add(&rng, max_random);
        suite_u8_max(&rng, max_random);
        suite_f64_add(&rng, max_random);
        suite_affine_compose(&rng, max_random);
        exact_ends(&rng);
    }
    segmented(&rng, max_random);
    disordered_offsets(&rng);
    CHECK_CUDA(cudaFree(g_ws)); /* nothing left for memcheck's leak check: */
    EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release the simple forms' memory");
    CHECK_CUDA(cudaDeviceSynchronize());
    return test_finish(segmented_only ? "gpu_sanitize --segmented" : "gpu_sanitize");
}
