/* tests/test_unique.cu - unique, unique by key, run-length encoding and non-trivial runs
 * (gpuscan/select.cuh) against a CPU loop, simple and _ex forms: int32 and uint8 by ==, a struct by
 * its own equality (two of its three fields), float keys (-0 equals 0, a NaN nothing), keys of 8,
 * 2 and 1 bytes beside int values (held in registers 2, 8 and 16 a word at 16 items a thread),
 * values of 2, 4 and 40 bytes (2: a KV tile half the coarsened one), lengths of int, size_t, long
 * long and uint16; sizes 0, 1, 2, 31-33, a tile +- 1, random ones; runs all equal, all distinct,
 * of 2, 16, 1024 on average, of a tile +- 1 (across tile bounds), and random values of a small
 * alphabet; in place (by key: the values); outputs poisoned and guarded, the input checked
 * untouched; bad arguments
 * refused with nothing written.  GPUSCAN_TEST_SELECT_LARGE=1 (the exhaustive tier) adds uint8 past
 * 2^32 elements.  TEST_ODD_ITEMS (the exhaustive tier's gpu_unique_odd_items): tiles of items a
 * thread whose runs are no power of two 16-byte vectors (24 of 4 bytes: 6), loaded through the
 * warp's stage. */

#ifdef TEST_ODD_ITEMS
#define GPUSCAN_CO_ITEMS(T) (sizeof(T) <= 4 ? 24 : sizeof(T) <= 8 ? 12 : sizeof(T) <= 16 ? 6 : sizeof(T) <= 32 ? 2 : 1)
#define GPUSCAN_KV_ITEMS(T) (sizeof(T) <= 4 ? 12 : sizeof(T) <= 8 ? 6 : 1)
#endif
#include "test_lib.h"

typedef struct { int a, b, tag; } rec; /* equal by (a, b): tag rides along (the first's is kept) */
typedef struct { double v[5]; } wide;  /* 40 bytes */
static __host__ __device__ bool same_rec(rec x, rec y) { return x.a == y.a && x.b == y.b; }

GPUSCAN_DEFINE_UNIQUE(i32, int)
GPUSCAN_DEFINE_UNIQUE(u8, uint8_t)
GPUSCAN_DEFINE_UNIQUE_EQUAL(rec, rec, same_rec)
GPUSCAN_DEFINE_UNIQUE_BY_KEY(kf, float, int)
GPUSCAN_DEFINE_UNIQUE_BY_KEY(kw, uint8_t, wide)
GPUSCAN_DEFINE_UNIQUE_BY_KEY(kh, int, uint16_t) /* (its KV tile half the coarsened one) */
GPUSCAN_DEFINE_UNIQUE_BY_KEY(kl, uint64_t, int) /* (keys held in registers two a word) */
GPUSCAN_DEFINE_UNIQUE_BY_KEY(ks, uint16_t, int) /* (eight a word) */
GPUSCAN_DEFINE_UNIQUE_BY_KEY(kb, uint8_t, int)  /* (sixteen a word) */
GPUSCAN_DEFINE_UNIQUE_BY_KEY_EQUAL(kr, rec, double, same_rec)
GPUSCAN_DEFINE_RUN_LENGTH(i32, int, int)
GPUSCAN_DEFINE_RUN_LENGTH(u8, uint8_t, size_t)
GPUSCAN_DEFINE_RUN_LENGTH_EQUAL(rec, rec, uint16_t, same_rec)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(i32, int, int)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(u8, uint8_t, size_t)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS(f32, float, long long)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS_EQUAL(rec, rec, uint16_t, same_rec)

#define EQ_(a, b) ((a) == (b))
#define EQ_REC_(a, b) same_rec(a, b)

/* Patterns of runs: 0 all equal, 1 all distinct, 2/3/4 runs of 2, 16, 1024 elements on average,
 * 5 runs of a tile - 1, a tile, a tile + 1 in turn, 6 random values of two (the key's first byte). */
enum { PATTERNS = 7 };
static void fill_runs(void *x, size_t size, size_t n, int pattern, size_t tile, uint64_t *rng)
{
    unsigned char *b = (unsigned char *)x, v[64];
    const size_t mean[] = {0, 1, 2, 16, 1024, 0, 1};
    size_t left = 0, k = 0;
    for (size_t i = 0; i < n; ++i) {
        if (left == 0 || pattern == 6) {
            for (size_t j = 0; j < size; ++j) v[j] = pattern == 6 ? 0 : (unsigned char)rng_next(rng);
            if (pattern == 6) v[0] = (unsigned char)(rng_next(rng) & 1u);
            left = pattern == 0 ? n : pattern == 5 ? tile - 1 + k++ % 3
                                                   : 1 + (size_t)(rng_next(rng) % (2 * mean[pattern]));
        }
        memcpy(b + i * size, v, size);
        --left;
    }
}
/* (float keys: a few -0 beside 0, and NaNs, each its own run) */
static void float_keys(float *k, size_t n, uint64_t *rng)
{
    for (size_t i = 0; i < n; ++i) {
        const uint64_t r = rng_next(rng) % 64;
        if (r == 0) k[i] = -0.0f;
        else if (r == 1) k[i] = 0.0f;
        else if (r == 2) k[i] = nanf("");
        else if (r < 40 && i > 0) k[i] = k[i - 1] != k[i - 1] ? 1.5f : k[i - 1];
    }
}

/* One case of n elements: keys K (unique, run-length: the elements), values V (by key), lengths L
 * (run-length); MODE 0 unique, 1 by key, 2 run-length, 3 non-trivial runs (each run of two or
 * more's offset and length; nothing in place).  call_<tname>(keys, values, keys_out, values_out,
 * lengths, offsets, d_count, n, ex) is the library; SAME the host's equality of K, KEYS a
 * generator's touch to the keys. */
enum { UNIQUE = 0, BY_KEY = 1, RUNS = 2, NON_TRIVIAL = 3 };
#define UNIQUE_CASE_(tname, K, V, L, SAME, KEYS, MODE)                                              \
    static size_t tile_##tname(void) /* (by key: the KV tile, block.cuh) */                         \
    {                                                                                               \
        return MODE == BY_KEY ? GPUSCAN_TILE_(KV, V) : GPUSCAN_TILE_(CO, V);                        \
    }                                                                                               \
    static void case_##tname(size_t n, int pattern, int ex, int in_place, uint64_t *rng)           \
    {                                                                                               \
        const size_t tile = tile_##tname(), g = n + GUARD_ELEMS;                                    \
        K *hk = (K *)malloc((n + 1) * sizeof(K)), *wk = (K *)malloc((n + 1) * sizeof(K)), *gk = (K *)malloc(g * sizeof(K)); \
        V *hv = (V *)malloc((n + 1) * sizeof(V)), *wv = (V *)malloc((n + 1) * sizeof(V)), *gv = (V *)malloc(g * sizeof(V)); \
        L *wl = (L *)malloc((n + 1) * sizeof(L)), *gl = (L *)malloc(g * sizeof(L));                 \
        L *wo = (L *)malloc((n + 1) * sizeof(L)), *go = (L *)malloc(g * sizeof(L));                 \
        K *d_k, *d_ko;                                                                              \
        V *d_v, *d_vo;                                                                              \
        L *d_l, *d_o;                                                                               \
        size_t *d_count, count = 0, runs = 0;                                                       \
        fill_runs(hk, sizeof(K), n, pattern, tile, rng);                                            \
        KEYS(hk, n, rng);                                                                           \
        fill_runs(hv, sizeof(V), n, 1, tile, rng);                                                  \
        CHECK_CUDA(cudaMalloc(&d_k, g * sizeof(K)));                                                \
        CHECK_CUDA(cudaMalloc(&d_ko, g * sizeof(K)));                                               \
        CHECK_CUDA(cudaMalloc(&d_v, g * sizeof(V)));                                                \
        CHECK_CUDA(cudaMalloc(&d_vo, g * sizeof(V)));                                               \
        CHECK_CUDA(cudaMalloc(&d_l, g * sizeof(L)));                                                \
        CHECK_CUDA(cudaMalloc(&d_o, g * sizeof(L)));                                                \
        CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));                                           \
        poison(d_ko, g * sizeof(K), 0);                                                             \
        poison(d_vo, g * sizeof(V), 0);                                                             \
        poison(d_l, g * sizeof(L), 0);                                                              \
        poison(d_o, g * sizeof(L), 0);                                                              \
        poison(d_count, sizeof(size_t), 0);                                                         \
        in_place = in_place && MODE != NON_TRIVIAL;                                                 \
        const int keys_in_place = in_place && MODE != BY_KEY; /* (by key: the values only) */     \
        CHECK_CUDA(cudaMemcpy(keys_in_place ? d_ko : d_k, hk, n * sizeof(K), cudaMemcpyHostToDevice)); \
        CHECK_CUDA(cudaMemcpy(in_place ? d_vo : d_v, hv, n * sizeof(V), cudaMemcpyHostToDevice));   \
        for (size_t i = 0; i < n; ++i) {                                                            \
            if (i == 0 || !SAME(hk[i - 1], hk[i]))                                                  \
                wk[runs] = hk[i], wv[runs] = hv[i], wo[runs] = (L)i, wl[runs++] = 0;                \
            ++wl[runs - 1];                                                                         \
        }                                                                                           \
        if (MODE == NON_TRIVIAL) { /* (only the runs of two or more) */                             \
            size_t kept = 0;                                                                        \
            for (size_t r = 0; r < runs; ++r)                                                       \
                if (wl[r] > 1) wo[kept] = wo[r], wl[kept++] = wl[r];                                \
            runs = kept;                                                                            \
        }                                                                                           \
        gpuscan_status st = call_##tname(keys_in_place ? d_ko : d_k, in_place ? d_vo : d_v, d_ko, d_vo, d_l, d_o, \
                                         d_count, n, ex);                                           \
        EXPECT(st == GPUSCAN_SUCCESS, "%s n=%zu: %s", #tname, n, gpuscan_status_string(st));        \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));              \
        CHECK_CUDA(cudaMemcpy(gk, d_ko, g * sizeof(K), cudaMemcpyDeviceToHost));                    \
        CHECK_CUDA(cudaMemcpy(gv, d_vo, g * sizeof(V), cudaMemcpyDeviceToHost));                    \
        CHECK_CUDA(cudaMemcpy(gl, d_l, g * sizeof(L), cudaMemcpyDeviceToHost));                     \
        CHECK_CUDA(cudaMemcpy(go, d_o, g * sizeof(L), cudaMemcpyDeviceToHost));                     \
        EXPECT(count == runs, "%s n=%zu pattern %d%s%s: count %zu, want %zu", #tname, n, pattern,   \
               ex ? " _ex" : "", in_place ? " in place" : "", count, runs);                         \
        const size_t m = count <= runs ? count : runs;                                              \
        if (MODE != NON_TRIVIAL)                                                                    \
            EXPECT(memcmp(gk, wk, m * sizeof(K)) == 0 && (keys_in_place || guard_intact(gk + runs, GUARD_ELEMS * sizeof(K))), \
                   "%s n=%zu pattern %d: the runs' first elements differ", #tname, n, pattern);     \
        else                                                                                        \
            EXPECT(memcmp(go, wo, m * sizeof(L)) == 0 && guard_intact(go + runs, GUARD_ELEMS * sizeof(L)) && \
                       guard_intact(gk, g * sizeof(K)),                                             \
                   "%s n=%zu pattern %d: the offsets differ (or the keys' output written)", #tname, n, pattern); \
        if (MODE == BY_KEY)                                                                         \
            EXPECT(memcmp(gv, wv, m * sizeof(V)) == 0 && (in_place || guard_intact(gv + runs, GUARD_ELEMS * sizeof(V))), \
                   "%s n=%zu pattern %d: the values differ", #tname, n, pattern);                   \
        if (MODE == RUNS || MODE == NON_TRIVIAL)                                                    \
            EXPECT(memcmp(gl, wl, m * sizeof(L)) == 0 && guard_intact(gl + runs, GUARD_ELEMS * sizeof(L)), \
                   "%s n=%zu pattern %d: the lengths differ", #tname, n, pattern);                  \
        if (!keys_in_place) {                                                                       \
            CHECK_CUDA(cudaMemcpy(gk, d_k, n * sizeof(K), cudaMemcpyDeviceToHost));                 \
            EXPECT(memcmp(gk, hk, n * sizeof(K)) == 0, "%s n=%zu: the keys changed", #tname, n);    \
        }                                                                                           \
        if (!in_place) {                                                                            \
            CHECK_CUDA(cudaMemcpy(gv, d_v, n * sizeof(V), cudaMemcpyDeviceToHost));                 \
            EXPECT(memcmp(gv, hv, n * sizeof(V)) == 0, "%s n=%zu: the input changed", #tname, n);   \
        }                                                                                           \
        CHECK_CUDA(cudaFree(d_k));                                                                  \
        CHECK_CUDA(cudaFree(d_ko));                                                                 \
        CHECK_CUDA(cudaFree(d_v));                                                                  \
        CHECK_CUDA(cudaFree(d_vo));                                                                 \
        CHECK_CUDA(cudaFree(d_l));                                                                  \
        CHECK_CUDA(cudaFree(d_o));                                                                  \
        CHECK_CUDA(cudaFree(d_count));                                                              \
        free(hk), free(wk), free(gk), free(hv), free(wv), free(gv), free(wl), free(gl), free(wo), free(go); \
    }
#define NO_KEYS_(k, n, rng) (void)0
#define FLOAT_KEYS_(k, n, rng) float_keys(k, n, rng)
#define REC_TAGS_(k, n, rng) for (size_t i_ = 0; i_ < (n); ++i_) (k)[i_].tag = (int)rng_next(rng)

/* The library's calls behind one signature: simple, or _ex with a workspace of the size asked. */
#define CALL_EX_(fn, ...)                                                                           \
    do {                                                                                            \
        if (!ex) return fn(__VA_ARGS__, 0);                                                         \
        size_t bytes = 0;                                                                           \
        gpuscan_status st = fn##_ex(NULL, &bytes, __VA_ARGS__, 0);                                  \
        if (st != GPUSCAN_SUCCESS) return st;                                                       \
        void *ws = workspace_for(bytes);                                                            \
        return fn##_ex(ws, &bytes, __VA_ARGS__, 0);                                                 \
    } while (0)
#define CALL_(tname, name, K, V, L, MODE)                                                           \
    static gpuscan_status call_##tname(const K *k, const V *v, K *ko, V *vo, L *lengths, L *offsets, size_t *count, \
                                       size_t n, int ex)                                            \
    {                                                                                               \
        (void)v, (void)vo, (void)ko, (void)lengths, (void)offsets;                                  \
        CALL_##MODE##_(name);                                                                       \
    }
#define CALL_UNIQUE_(name) CALL_EX_(gpuscan_##name##_unique, k, ko, count, n)
#define CALL_BY_KEY_(name) CALL_EX_(gpuscan_##name##_unique_by_key, k, v, ko, vo, count, n)
#define CALL_RUNS_(name) CALL_EX_(gpuscan_##name##_run_length_encode, k, ko, lengths, count, n)
#define CALL_NON_TRIVIAL_(name) CALL_EX_(gpuscan_##name##_non_trivial_runs, k, offsets, lengths, count, n)

/* (the case's name, the DEFINE's, K, V, L, the host's equality, the keys' touch, MODE) */
#define UNIQUE_TYPE_(tname, name, K, V, L, SAME, KEYS, MODE)                                        \
    CALL_(tname, name, K, V, L, MODE)                                                               \
    UNIQUE_CASE_(tname, K, V, L, SAME, KEYS, MODE)
UNIQUE_TYPE_(u_i32, i32, int, int, size_t, EQ_, NO_KEYS_, UNIQUE)
UNIQUE_TYPE_(u_u8, u8, uint8_t, uint8_t, size_t, EQ_, NO_KEYS_, UNIQUE)
UNIQUE_TYPE_(u_rec, rec, rec, rec, size_t, EQ_REC_, REC_TAGS_, UNIQUE)
UNIQUE_TYPE_(k_f, kf, float, int, size_t, EQ_, FLOAT_KEYS_, BY_KEY)
UNIQUE_TYPE_(k_w, kw, uint8_t, wide, size_t, EQ_, NO_KEYS_, BY_KEY)
UNIQUE_TYPE_(k_h, kh, int, uint16_t, size_t, EQ_, NO_KEYS_, BY_KEY)
UNIQUE_TYPE_(k_l, kl, uint64_t, int, size_t, EQ_, NO_KEYS_, BY_KEY)
UNIQUE_TYPE_(k_s, ks, uint16_t, int, size_t, EQ_, NO_KEYS_, BY_KEY)
UNIQUE_TYPE_(k_b, kb, uint8_t, int, size_t, EQ_, NO_KEYS_, BY_KEY)
UNIQUE_TYPE_(k_r, kr, rec, double, size_t, EQ_REC_, REC_TAGS_, BY_KEY)
UNIQUE_TYPE_(r_i32, i32, int, int, int, EQ_, NO_KEYS_, RUNS)
UNIQUE_TYPE_(r_u8, u8, uint8_t, uint8_t, size_t, EQ_, NO_KEYS_, RUNS)
UNIQUE_TYPE_(r_rec, rec, rec, rec, uint16_t, EQ_REC_, REC_TAGS_, RUNS)
UNIQUE_TYPE_(n_i32, i32, int, int, int, EQ_, NO_KEYS_, NON_TRIVIAL)
UNIQUE_TYPE_(n_u8, u8, uint8_t, uint8_t, size_t, EQ_, NO_KEYS_, NON_TRIVIAL)
UNIQUE_TYPE_(n_f32, f32, float, float, long long, EQ_, FLOAT_KEYS_, NON_TRIVIAL)
UNIQUE_TYPE_(n_rec, rec, rec, rec, uint16_t, EQ_REC_, REC_TAGS_, NON_TRIVIAL)

/* Every size (up to cap) and pattern through one function; in place twice. */
#define UNIQUE_SUITE_(tname)                                                                        \
    static void suite_##tname(uint64_t *rng, size_t max_random, size_t cap)                         \
    {                                                                                               \
        size_t sizes[16];                                                                           \
        const int count = family_sizes(sizes, tile_##tname(), max_random, cap, rng);                \
        for (int s = 0; s < count; ++s)                                                             \
            for (int p = 0; p < PATTERNS; ++p)                                                      \
                if (p == s % PATTERNS || sizes[s] > 1000) case_##tname(sizes[s], p, (p + s) & 1, 0, rng); \
        case_##tname(cap < 100003 ? cap : 100003, 3, 0, 1, rng); /* in place */                   \
        case_##tname(cap < 100003 ? cap : 100003, 2, 1, 1, rng);                                    \
    }
UNIQUE_SUITE_(u_i32)
UNIQUE_SUITE_(u_u8)
UNIQUE_SUITE_(u_rec)
UNIQUE_SUITE_(k_f)
UNIQUE_SUITE_(k_w)
UNIQUE_SUITE_(k_h)
UNIQUE_SUITE_(k_l)
UNIQUE_SUITE_(k_s)
UNIQUE_SUITE_(k_b)
UNIQUE_SUITE_(k_r)
UNIQUE_SUITE_(r_i32)
UNIQUE_SUITE_(r_u8)
UNIQUE_SUITE_(r_rec)
UNIQUE_SUITE_(n_i32)
UNIQUE_SUITE_(n_u8)
UNIQUE_SUITE_(n_f32)
UNIQUE_SUITE_(n_rec)

/* Bad arguments: a status, nothing written, the input untouched. */
static void bad_inputs(void)
{
    int *d_in, *d_out, *d_len;
    size_t *d_count, count = 12345, bytes = 0;
    const size_t n = 1000;
    CHECK_CUDA(cudaMalloc(&d_in, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_out, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_len, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_count, 2 * sizeof(size_t)));
    CHECK_CUDA(cudaMemcpy(d_count, &count, sizeof count, cudaMemcpyHostToDevice));
    float *fk = (float *)(void *)d_in;
    int *v = d_in + n;
    const refusal c[] = {
        {"NULL input", gpuscan_i32_unique(NULL, d_out, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL output", gpuscan_i32_unique(d_in, NULL, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL count", gpuscan_i32_unique(d_in, d_out, NULL, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL count, n = 0", gpuscan_i32_unique(d_in, d_out, NULL, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"misaligned input", gpuscan_i32_unique((int *)((char *)d_in + 1), d_out, d_count, n, 0), GPUSCAN_ERROR_MISALIGNED},
        {"output inside the input", gpuscan_i32_unique(d_in, d_in + 1, d_count, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"count inside the output", gpuscan_i32_unique(d_in, d_out, (size_t *)(void *)(d_out + 8), n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"n too large", gpuscan_i32_unique(d_in, d_out, d_count, SIZE_MAX / 2, 0), GPUSCAN_ERROR_TOO_LARGE},
        {"by key: NULL values", gpuscan_kf_unique_by_key(fk, NULL, (float *)(void *)d_out, d_len, d_count, n / 2, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"by key: NULL keys out", gpuscan_kf_unique_by_key(fk, v, NULL, d_len, d_count, n / 2, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"by key: keys out over the values", gpuscan_kf_unique_by_key(fk, v, (float *)(void *)(v + 3), d_len, d_count, n / 2, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"by key: values out over the keys", gpuscan_kf_unique_by_key(fk, v, (float *)(void *)d_out, d_in + 5, d_count, n / 2, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"by key: keys out beside themselves", gpuscan_kf_unique_by_key(fk, v, fk + 1, d_out, d_count, n / 2, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"by key: keys out over the keys (in place)", gpuscan_kf_unique_by_key(fk, v, fk, d_out, d_count, n / 2, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"by key: misaligned keys out", gpuscan_kf_unique_by_key(fk, v, (float *)(void *)((char *)d_out + 2), d_len, d_count, n / 2, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"lengths: NULL", gpuscan_i32_run_length_encode(d_in, d_out, NULL, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"lengths: misaligned", gpuscan_i32_run_length_encode(d_in, d_out, (int *)((char *)d_len + 2), d_count, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"lengths over the input", gpuscan_i32_run_length_encode(d_in, d_out, d_in + 7, d_count, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"lengths over the output", gpuscan_i32_run_length_encode(d_in, d_out, d_out + 7, d_count, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"count inside the lengths", gpuscan_i32_run_length_encode(d_in, d_out, d_len, (size_t *)(void *)(d_len + 2), n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"int lengths past INT_MAX elements", gpuscan_i32_run_length_encode(d_in, d_out, d_len, d_count, (size_t)INT_MAX + 1, 0),
         GPUSCAN_ERROR_TOO_LARGE},
        {"uint16 lengths past 65535 elements",
         gpuscan_rec_run_length_encode((rec *)(void *)d_in, (rec *)(void *)d_out, (uint16_t *)(void *)d_len, d_count, 65536, 0),
         GPUSCAN_ERROR_TOO_LARGE},
        {"non-trivial: NULL offsets", gpuscan_i32_non_trivial_runs(d_in, NULL, d_len, d_count, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"non-trivial: NULL lengths", gpuscan_i32_non_trivial_runs(d_in, d_out, NULL, d_count, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"non-trivial: misaligned offsets", gpuscan_i32_non_trivial_runs(d_in, (int *)((char *)d_out + 2), d_len, d_count, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"non-trivial: offsets over the input", gpuscan_i32_non_trivial_runs(d_in, d_in + n - 3, d_len, d_count, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"non-trivial: lengths within n / 2 of the offsets",
         gpuscan_i32_non_trivial_runs(d_in, d_out, d_out + n / 2 - 1, d_count, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"non-trivial: int offsets past INT_MAX elements",
         gpuscan_i32_non_trivial_runs(d_in, d_out, d_len, d_count, (size_t)INT_MAX + 1, 0), GPUSCAN_ERROR_TOO_LARGE},
        {"_ex: NULL size", gpuscan_i32_unique_ex(NULL, NULL, d_in, d_out, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"_ex: workspace too small", (bytes = 1, gpuscan_i32_run_length_encode_ex(d_out, &bytes, d_in, d_out, d_len, d_count, n, 0)),
         GPUSCAN_ERROR_WORKSPACE_TOO_SMALL},
    };
    expect_statuses(c, sizeof c / sizeof c[0], "");
    expect_count_left(d_count, 12345);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_len));
    CHECK_CUDA(cudaFree(d_count));
}

/* uint8 past 2^32 elements (the counts and places past 32 bits): runs of 1 to 7 elements, in[i]
 * the run's number mod 251 - unique and the lengths probed at both ends and in the middle; the
 * non-trivial runs (offsets, then lengths, in the lengths' memory) at their first, the first
 * starting past 2^32 and their last. */
static void large(uint64_t *rng)
{
    const size_t n = ((size_t)1 << 32) + 4099;
    uint8_t *d_in, *d_out;
    size_t *d_len, *d_count, count = 0, free_bytes = 0, total = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total));
    if (free_bytes < 11 * n) {
        printf("large: skipped (%zu bytes free)\n", free_bytes);
        return;
    }
    CHECK_CUDA(cudaMalloc(&d_in, n));
    CHECK_CUDA(cudaMalloc(&d_out, n));
    CHECK_CUDA(cudaMalloc(&d_len, n * sizeof(size_t)));
    CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));
    const size_t salt = rng_next(rng) % 7;
    uint8_t *h = (uint8_t *)malloc(1 << 20);
    size_t runs = 0, in_run = 0, len = 1 + salt, last_len = 0;
    size_t wide = 0, probe[3][3] = {{0}}; /* non-trivial runs; (index, offset, length) of three */
    for (size_t off = 0; off < n; off += 1 << 20) { /* run r: (r + salt) % 7 + 1 elements of r % 251 */
        const size_t m = n - off < ((size_t)1 << 20) ? n - off : (size_t)1 << 20;
        for (size_t i = 0; i < m; ++i) {
            if (in_run == len) ++runs, in_run = 0, len = (runs + salt) % 7 + 1;
            if (in_run == 0 && len > 1 && off + i + len <= n) { /* (a last run cut short is not probed) */
                const int at = wide == 0 ? 0 : probe[1][0] == 0 && off + i > ((size_t)1 << 32) ? 1 : 2;
                probe[at][0] = wide, probe[at][1] = off + i, probe[at][2] = len;
            }
            if (in_run == 0 && len > 1) ++wide;
            h[i] = (uint8_t)(runs % 251), ++in_run;
        }
        CHECK_CUDA(cudaMemcpy(d_in + off, h, m, cudaMemcpyHostToDevice));
    }
    last_len = in_run, ++runs;
    gpuscan_status st = gpuscan_u8_run_length_encode(d_in, d_out, d_len, d_count, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large: %s", gpuscan_status_string(st));
    CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(count == runs, "large: count %zu, want %zu", count, runs);
    const size_t probes[] = {0, 1, runs / 2, runs - 2};
    for (int k = 0; k < 4 && count == runs; ++k) {
        uint8_t v = 0;
        size_t l = 0;
        CHECK_CUDA(cudaMemcpy(&v, d_out + probes[k], 1, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(&l, d_len + probes[k], sizeof l, cudaMemcpyDeviceToHost));
        EXPECT(v == (uint8_t)(probes[k] % 251) && l == (probes[k] + salt) % 7 + 1, "large: run %zu: %u x %zu",
               probes[k], v, l);
    }
    CHECK_CUDA(cudaMemcpy(&count, d_len + runs - 1, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(count == last_len, "large: the last run's length %zu, want %zu", count, last_len);
    st = gpuscan_u8_unique(d_in, d_out, d_count, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large unique: %s", gpuscan_status_string(st));
    CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(count == runs, "large unique: count %zu, want %zu", count, runs);
    if (len > 1 && last_len == 1) --wide; /* (the last run cut to one element: trivial) */
    st = gpuscan_u8_non_trivial_runs(d_in, d_len, d_len + n / 2, d_count, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large non-trivial runs: %s", gpuscan_status_string(st));
    CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(count == wide, "large non-trivial runs: count %zu, want %zu", count, wide);
    for (int k = 0; k < 3 && count == wide; ++k) {
        size_t o = 0, l = 0;
        CHECK_CUDA(cudaMemcpy(&o, d_len + probe[k][0], sizeof o, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(&l, d_len + n / 2 + probe[k][0], sizeof l, cudaMemcpyDeviceToHost));
        EXPECT(probe[k][2] > 1 && o == probe[k][1] && l == probe[k][2], "large non-trivial run %zu: %zu x %zu, want %zu x %zu",
               probe[k][0], o, l, probe[k][1], probe[k][2]);
    }
    free(h);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_len));
    CHECK_CUDA(cudaFree(d_count));
}

int main(void)
{
    require_gpu("gpu_unique");
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 22);
    suite_u_i32(&rng, max_random, SIZE_MAX);
    suite_u_u8(&rng, max_random, SIZE_MAX);
    suite_u_rec(&rng, max_random, SIZE_MAX);
    suite_k_f(&rng, max_random, SIZE_MAX);
    suite_k_w(&rng, max_random, SIZE_MAX);
    suite_k_h(&rng, max_random, SIZE_MAX);
    suite_k_l(&rng, max_random, SIZE_MAX);
    suite_k_s(&rng, max_random, SIZE_MAX);
    suite_k_b(&rng, max_random, SIZE_MAX);
    suite_k_r(&rng, max_random, SIZE_MAX);
    suite_r_i32(&rng, max_random, SIZE_MAX);
    suite_r_u8(&rng, max_random, SIZE_MAX);
    suite_r_rec(&rng, max_random, 65535); /* (uint16 lengths: at most 65535 elements) */
    suite_n_i32(&rng, max_random, SIZE_MAX);
    suite_n_u8(&rng, max_random, SIZE_MAX);
    suite_n_f32(&rng, max_random, SIZE_MAX);
    suite_n_rec(&rng, max_random, 65535);
    bad_inputs();
    const char *big = getenv("GPUSCAN_TEST_SELECT_LARGE");
    if (big && atoi(big)) large(&rng);
    return test_finish("gpu_unique");
}
