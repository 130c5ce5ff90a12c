/* tests/test_select.cu - stream compaction (gpuscan/select.cuh) against a CPU loop: select and
 * partition, by flags and by a predicate of the element and its index, and three-way partitions
 * by two predicates (the rest written or not), simple and _ex forms, for
 * int32, uint8, double, a 12-byte and a 40-byte struct; sizes 0, 1, 31-33, a tile +- 1, random ones;
 * none, all, every other and 1 %, 50 %, 99 % kept; flags at odd addresses; in place; outputs
 * poisoned, the input checked untouched; bad arguments refused with nothing written.
 * GPUSCAN_TEST_SELECT_LARGE=1 (the exhaustive tier) adds uint8 past 2^32 elements. */

#include "test_lib.h"

typedef struct { float x, y, z; } pt;            /* 12 bytes */
typedef struct { double v[5]; } wide;            /* 40 bytes */
static __host__ __device__ bool odd_or_third(int x, size_t i) { return (x & 1) != 0 || i % 3 == 0; }
static __host__ __device__ bool small_pt(pt p, size_t i) { return p.x + p.y < p.z || i == 7; }
static __host__ __device__ bool wide_keep(wide w, size_t i) { (void)i; return w.v[2] > 0.0; }

GPUSCAN_DEFINE_SELECT(i32, int)
GPUSCAN_DEFINE_SELECT(u8, uint8_t)
GPUSCAN_DEFINE_SELECT(f64, double)
GPUSCAN_DEFINE_SELECT(pt, pt)
GPUSCAN_DEFINE_SELECT_IF(oddi, int, odd_or_third)
GPUSCAN_DEFINE_SELECT_IF(small, pt, small_pt)
GPUSCAN_DEFINE_SELECT_IF(widek, wide, wide_keep)
/* three-way: odd or every third, else below a quarter of the range or index 5 mod 7 */
static __host__ __device__ bool quarter_or_5(int x, size_t i) { return (unsigned)x < 0x40000000u || i % 7 == 5; }
static __host__ __device__ bool pt_far(pt p, size_t i) { (void)i; return p.z > 0.0f; }
GPUSCAN_DEFINE_THREE_WAY_PARTITION(three, int, odd_or_third, quarter_or_5)
GPUSCAN_DEFINE_THREE_WAY_PARTITION(pt3, pt, small_pt, pt_far)

/* the host's keep-test of each element: the flag, or the predicate */
enum { KEEP_FLAGS = 0, KEEP_PREDICATE = 1 };

/* Fills x with random bytes (any T), flags with `pattern`: 0 none, 1 all, 2 every other, else the
 * per-mille kept. */
static void fill_random(void *x, size_t bytes, uint64_t *rng)
{
    unsigned char *b = (unsigned char *)x;
    for (size_t i = 0; i < bytes; i += 8) {
        uint64_t r = rng_next(rng);
        memcpy(b + i, &r, bytes - i < 8 ? bytes - i : 8);
    }
}
static void fill_flags(unsigned char *f, size_t n, int pattern, uint64_t *rng)
{
    for (size_t i = 0; i < n; ++i)
        f[i] = pattern == 0 ? 0 : pattern == 1 ? (unsigned char)(1 + i % 3) : pattern == 2 ? (unsigned char)(i & 1)
               : (rng_next(rng) % 1000 < (uint64_t)pattern) ? (unsigned char)(1 + rng_next(rng) % 255) : 0;
}

/* One case of (name, T): select or partition of n elements, flags or predicate, simple or _ex.
 * SELECT(in, flags, out, rej, count, n, ex) calls the library; KEEP(x, i, flag) the host's test. */
#define SELECT_CASE_(tname, T, KEEP)                                                                \
    static void case_##tname(size_t n, int pattern, int partition, int ex, int in_place, uint64_t *rng, \
                             gpuscan_status (*select)(const T *, const unsigned char *, T *, T *, size_t *, \
                                                      size_t, int))                                 \
    {                                                                                               \
        T *h = (T *)malloc((n + 1) * sizeof(T)), *want = (T *)malloc((n + 1) * sizeof(T));          \
        T *got = (T *)malloc((n + GUARD_ELEMS) * sizeof(T)), *grej = (T *)malloc((n + GUARD_ELEMS) * sizeof(T)); \
        unsigned char *f = (unsigned char *)malloc(n + 1);                                          \
        T *d_in, *d_out, *d_rej;                                                                    \
        unsigned char *d_f;                                                                         \
        size_t *d_count, count = 0, kept = 0;                                                       \
        const size_t fo = n & 1u; /* odd n: flags at an odd address (read byte by byte, every tile) */ \
        fill_random(h, n * sizeof(T), rng);                                                         \
        fill_flags(f, n, pattern, rng);                                                             \
        CHECK_CUDA(cudaMalloc(&d_in, (n + GUARD_ELEMS) * sizeof(T)));                               \
        CHECK_CUDA(cudaMalloc(&d_out, (n + GUARD_ELEMS) * sizeof(T)));                              \
        CHECK_CUDA(cudaMalloc(&d_rej, (n + GUARD_ELEMS) * sizeof(T)));                              \
        CHECK_CUDA(cudaMalloc(&d_f, n + 2));                                                        \
        CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));                                           \
        CHECK_CUDA(cudaMemcpy(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice));                     \
        CHECK_CUDA(cudaMemcpy(d_f + fo, f, n, cudaMemcpyHostToDevice));                             \
        poison(d_out, (n + GUARD_ELEMS) * sizeof(T), 0);                                            \
        poison(d_rej, (n + GUARD_ELEMS) * sizeof(T), 0);                                            \
        poison(d_count, sizeof(size_t), 0);                                                         \
        if (in_place) CHECK_CUDA(cudaMemcpy(d_out, h, n * sizeof(T), cudaMemcpyHostToDevice));     \
        for (size_t i = 0; i < n; ++i) /* the kept, then (partition) the rest after them */          \
            if (KEEP(h[i], i, f[i])) want[kept++] = h[i];                                           \
        for (size_t i = 0, r = kept; i < n; ++i)                                                    \
            if (!KEEP(h[i], i, f[i])) want[r++] = h[i];                                             \
        gpuscan_status st = select(in_place ? d_out : d_in, d_f + fo, d_out, partition ? d_rej : NULL, d_count, n, ex); \
        EXPECT(st == GPUSCAN_SUCCESS, "%s n=%zu: %s", #tname, n, gpuscan_status_string(st));        \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));              \
        CHECK_CUDA(cudaMemcpy(got, d_out, (n + GUARD_ELEMS) * sizeof(T), cudaMemcpyDeviceToHost));  \
        EXPECT(count == kept, "%s n=%zu pattern %d%s%s: count %zu, want %zu", #tname, n, pattern,   \
               partition ? " partition" : "", ex ? " _ex" : "", count, kept);                       \
        EXPECT(count <= n && memcmp(got, want, (count <= kept ? count : kept) * sizeof(T)) == 0,    \
               "%s n=%zu pattern %d: kept elements differ", #tname, n, pattern);                    \
        if (!in_place)                                                                              \
            EXPECT(guard_intact(got + kept, GUARD_ELEMS * sizeof(T)), "%s n=%zu: written past the count", #tname, n); \
        if (partition) {                                                                            \
            CHECK_CUDA(cudaMemcpy(grej, d_rej, (n + GUARD_ELEMS) * sizeof(T), cudaMemcpyDeviceToHost)); \
            EXPECT(memcmp(grej, want + kept, (n - kept) * sizeof(T)) == 0 &&                        \
                       guard_intact(grej + (n - kept), GUARD_ELEMS * sizeof(T)),                    \
                   "%s n=%zu pattern %d: the rest differ", #tname, n, pattern);                     \
        }                                                                                           \
        if (!in_place) {                                                                            \
            CHECK_CUDA(cudaMemcpy(got, d_in, n * sizeof(T), cudaMemcpyDeviceToHost));               \
            EXPECT(memcmp(got, h, n * sizeof(T)) == 0, "%s n=%zu: the input changed", #tname, n);   \
        }                                                                                           \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        CHECK_CUDA(cudaFree(d_out));                                                                \
        CHECK_CUDA(cudaFree(d_rej));                                                                \
        CHECK_CUDA(cudaFree(d_f));                                                                  \
        CHECK_CUDA(cudaFree(d_count));                                                              \
        free(h), free(want), free(got), free(grej), free(f);                                        \
    }
#define KEEP_FLAG_(x, i, flag) ((flag) != 0)
#define KEEP_ODDI_(x, i, flag) odd_or_third(x, i)
#define KEEP_SMALL_(x, i, flag) small_pt(x, i)
#define KEEP_WIDE_(x, i, flag) wide_keep(x, i)
SELECT_CASE_(i32, int, KEEP_FLAG_)
SELECT_CASE_(u8, uint8_t, KEEP_FLAG_)
SELECT_CASE_(f64, double, KEEP_FLAG_)
SELECT_CASE_(pt, pt, KEEP_FLAG_)
SELECT_CASE_(oddi, int, KEEP_ODDI_)
SELECT_CASE_(small, pt, KEEP_SMALL_)
SELECT_CASE_(widek, wide, KEEP_WIDE_)

/* The library's calls behind one signature: simple or _ex (a poisoned workspace of the size asked). */
#define CALL_FLAGGED_(tname, T)                                                                     \
    static gpuscan_status call_##tname(const T *in, const unsigned char *f, T *out, T *rej, size_t *count, \
                                       size_t n, int ex)                                            \
    {                                                                                               \
        if (!ex) return rej ? gpuscan_##tname##_partition_flagged(in, f, out, rej, count, n, 0)     \
                            : gpuscan_##tname##_select_flagged(in, f, out, count, n, 0);            \
        size_t bytes = 0;                                                                           \
        gpuscan_status st = rej ? gpuscan_##tname##_partition_flagged_ex(NULL, &bytes, in, f, out, rej, count, n, 0) \
                                : gpuscan_##tname##_select_flagged_ex(NULL, &bytes, in, f, out, count, n, 0); \
        if (st != GPUSCAN_SUCCESS) return st;                                                       \
        void *ws = workspace_for(bytes);                                                            \
        return rej ? gpuscan_##tname##_partition_flagged_ex(ws, &bytes, in, f, out, rej, count, n, 0) \
                   : gpuscan_##tname##_select_flagged_ex(ws, &bytes, in, f, out, count, n, 0);      \
    }
#define CALL_IF_(tname, T)                                                                          \
    static gpuscan_status call_##tname(const T *in, const unsigned char *f, T *out, T *rej, size_t *count, \
                                       size_t n, int ex)                                            \
    {                                                                                               \
        (void)f;                                                                                    \
        if (!ex) return rej ? gpuscan_##tname##_partition_if(in, out, rej, count, n, 0)             \
                            : gpuscan_##tname##_select_if(in, out, count, n, 0);                    \
        size_t bytes = 0;                                                                           \
        gpuscan_status st = rej ? gpuscan_##tname##_partition_if_ex(NULL, &bytes, in, out, rej, count, n, 0) \
                                : gpuscan_##tname##_select_if_ex(NULL, &bytes, in, out, count, n, 0); \
        if (st != GPUSCAN_SUCCESS) return st;                                                       \
        void *ws = workspace_for(bytes);                                                            \
        return rej ? gpuscan_##tname##_partition_if_ex(ws, &bytes, in, out, rej, count, n, 0)       \
                   : gpuscan_##tname##_select_if_ex(ws, &bytes, in, out, count, n, 0);              \
    }
CALL_FLAGGED_(i32, int)
CALL_FLAGGED_(u8, uint8_t)
CALL_FLAGGED_(f64, double)
CALL_FLAGGED_(pt, pt)
CALL_IF_(oddi, int)
CALL_IF_(small, pt)
CALL_IF_(widek, wide)

/* Every size and pattern through one type's selection. */
#define SELECT_SUITE_(tname, T, patterns_of_flags)                                                  \
    static void suite_##tname(uint64_t *rng, size_t max_random)                                     \
    {                                                                                               \
        size_t sizes[16];                                                                           \
        const int count = family_sizes(sizes, GPUSCAN_TILE_(CO, T), max_random, SIZE_MAX, rng);     \
        const int patterns[] = {0, 1, 2, 10, 500, 990};                                             \
        for (int s = 0; s < count; ++s)                                                             \
            for (int p = 0; p < (patterns_of_flags ? 6 : 1); ++p)                                   \
                for (int form = 0; form < 4; ++form) /* select, partition; simple, _ex */          \
                    case_##tname(sizes[s], patterns[(p + s) % 6], form & 1, form >> 1, 0, rng, call_##tname); \
        case_##tname(100003, 500, 0, 0, 1, rng, call_##tname); /* in place */                       \
        case_##tname(100003, 500, 0, 1, 1, rng, call_##tname);                                      \
    }
SELECT_SUITE_(i32, int, 1)
SELECT_SUITE_(u8, uint8_t, 1)
SELECT_SUITE_(f64, double, 1)
SELECT_SUITE_(pt, pt, 1)
SELECT_SUITE_(oddi, int, 0)
SELECT_SUITE_(small, pt, 0)
SELECT_SUITE_(widek, wide, 0)

/* A three-way partition of n elements against a CPU loop: the first part, the second, the rest
 * (rest 0: not written), simple or _ex; every size of the suites, outputs poisoned and guarded. */
#define THREE_CASE_(tname, T, FIRST, SECOND)                                                        \
    static void three_##tname(size_t n, int rest, int ex, uint64_t *rng)                            \
    {                                                                                               \
        const size_t g = n + GUARD_ELEMS;                                                           \
        T *h = (T *)malloc((n + 1) * sizeof(T)), *want = (T *)malloc((n + 1) * sizeof(T)), *got = (T *)malloc(g * sizeof(T)); \
        T *d_in, *d_out[3];                                                                         \
        size_t *d_counts, counts[2] = {0, 0}, parts[3] = {0, 0, 0};                                 \
        fill_random(h, n * sizeof(T), rng);                                                         \
        CHECK_CUDA(cudaMalloc(&d_in, g * sizeof(T)));                                               \
        for (int k = 0; k < 3; ++k) {                                                               \
            CHECK_CUDA(cudaMalloc(&d_out[k], g * sizeof(T)));                                       \
            poison(d_out[k], g * sizeof(T), 0);                                                     \
        }                                                                                           \
        CHECK_CUDA(cudaMalloc(&d_counts, 2 * sizeof(size_t)));                                      \
        poison(d_counts, 2 * sizeof(size_t), 0);                                                    \
        CHECK_CUDA(cudaMemcpy(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice));                     \
        for (int k = 0; k < 3; ++k) /* the parts one after another in want */                       \
            for (size_t i = 0; i < n; ++i) {                                                        \
                const int part = FIRST(h[i], i) ? 0 : SECOND(h[i], i) ? 1 : 2;                      \
                if (part == k) want[parts[0] + parts[1] + parts[2]] = h[i], ++parts[k];            \
            }                                                                                       \
        T *rest_out = rest ? d_out[2] : NULL;                                                       \
        gpuscan_status st;                                                                          \
        if (!ex) st = gpuscan_##tname##_three_way_partition(d_in, d_out[0], d_out[1], rest_out, d_counts, n, 0); \
        else {                                                                                      \
            size_t bytes = 0;                                                                       \
            st = gpuscan_##tname##_three_way_partition_ex(NULL, &bytes, d_in, d_out[0], d_out[1], rest_out, d_counts, n, 0); \
            if (st == GPUSCAN_SUCCESS)                                                              \
                st = gpuscan_##tname##_three_way_partition_ex(workspace_for(bytes), &bytes, d_in, d_out[0], d_out[1], \
                                                              rest_out, d_counts, n, 0);            \
        }                                                                                           \
        EXPECT(st == GPUSCAN_SUCCESS, "%s three-way n=%zu: %s", #tname, n, gpuscan_status_string(st)); \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        CHECK_CUDA(cudaMemcpy(counts, d_counts, sizeof counts, cudaMemcpyDeviceToHost));            \
        EXPECT(counts[0] == parts[0] && counts[1] == parts[1], "%s three-way n=%zu%s%s: counts %zu %zu, want %zu %zu", \
               #tname, n, rest ? "" : " (no rest)", ex ? " _ex" : "", counts[0], counts[1], parts[0], parts[1]); \
        for (int k = 0, at = 0; k < 3; at += (int)parts[k], ++k) {                                  \
            if (k == 2 && !rest) {                                                                  \
                CHECK_CUDA(cudaMemcpy(got, d_out[2], g * sizeof(T), cudaMemcpyDeviceToHost));       \
                EXPECT(guard_intact(got, g * sizeof(T)), "%s three-way n=%zu: the rest written", #tname, n); \
                break;                                                                              \
            }                                                                                       \
            CHECK_CUDA(cudaMemcpy(got, d_out[k], g * sizeof(T), cudaMemcpyDeviceToHost));           \
            EXPECT(memcmp(got, want + at, parts[k] * sizeof(T)) == 0 && guard_intact(got + parts[k], GUARD_ELEMS * sizeof(T)), \
                   "%s three-way n=%zu: part %d differs", #tname, n, k);                            \
        }                                                                                           \
        CHECK_CUDA(cudaMemcpy(got, d_in, n * sizeof(T), cudaMemcpyDeviceToHost));                   \
        EXPECT(memcmp(got, h, n * sizeof(T)) == 0, "%s three-way n=%zu: the input changed", #tname, n); \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        for (int k = 0; k < 3; ++k) CHECK_CUDA(cudaFree(d_out[k]));                                 \
        CHECK_CUDA(cudaFree(d_counts));                                                             \
        free(h), free(want), free(got);                                                             \
    }                                                                                               \
    static void suite_three_##tname(uint64_t *rng, size_t max_random)                               \
    {                                                                                               \
        size_t sizes[16];                                                                           \
        const int count = family_sizes(sizes, GPUSCAN_TILE_(CO, T), max_random, SIZE_MAX, rng);     \
        for (int s = 0; s < count; ++s)                                                             \
            for (int form = 0; form < 4; ++form) three_##tname(sizes[s], form & 1, form >> 1, rng); \
    }
THREE_CASE_(three, int, odd_or_third, quarter_or_5)
THREE_CASE_(pt3, pt, small_pt, pt_far)

/* Bad arguments: a status, nothing written, the input untouched. */
static void bad_inputs(void)
{
    int *d_in, *d_out;
    unsigned char *d_f;
    size_t *d_count, count = 12345, bytes = 0;
    const size_t n = 1000;
    CHECK_CUDA(cudaMalloc(&d_in, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_out, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_f, n));
    CHECK_CUDA(cudaMalloc(&d_count, 2 * sizeof(size_t)));
    CHECK_CUDA(cudaMemset(d_f, 1, n));
    CHECK_CUDA(cudaMemcpy(d_count, &count, sizeof count, cudaMemcpyHostToDevice));
    const refusal c[] = {
        {"NULL input", gpuscan_i32_select_flagged(NULL, d_f, d_out, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL flags", gpuscan_i32_select_flagged(d_in, NULL, d_out, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL output", gpuscan_i32_select_flagged(d_in, d_f, NULL, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL count", gpuscan_i32_select_flagged(d_in, d_f, d_out, NULL, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL count, n = 0", gpuscan_i32_select_flagged(d_in, d_f, d_out, NULL, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL rest", gpuscan_i32_partition_flagged(d_in, d_f, d_out, NULL, d_count, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"misaligned input", gpuscan_i32_select_flagged((int *)((char *)d_in + 1), d_f, d_out, d_count, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"misaligned count", gpuscan_i32_select_flagged(d_in, d_f, d_out, (size_t *)((char *)d_count + 4), n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"output inside the input", gpuscan_i32_select_flagged(d_in, d_f, d_in + 1, d_count, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"rest over the input", gpuscan_i32_partition_flagged(d_in, d_f, d_out, d_in + 10, d_count, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"rest over the kept", gpuscan_i32_partition_flagged(d_in, d_f, d_out, d_out + 10, d_count, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"count inside the output", gpuscan_i32_select_flagged(d_in, d_f, d_out, (size_t *)(void *)(d_out + 8), n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"output over the flags", gpuscan_i32_select_flagged(d_in, d_f, (int *)(void *)d_f, d_count, n / 8, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"n too large", gpuscan_i32_select_flagged(d_in, d_f, d_out, d_count, SIZE_MAX / 2, 0), GPUSCAN_ERROR_TOO_LARGE},
        {"three-way: NULL second part", gpuscan_three_three_way_partition(d_in, d_out, NULL, NULL, d_count, n / 2, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"three-way: second part over the first", gpuscan_three_three_way_partition(d_in, d_out, d_out + 3, NULL, d_count, n / 2, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"three-way: the second count on the first part",
         gpuscan_three_three_way_partition(d_in, d_out, d_in + n, NULL, (size_t *)(void *)(d_out - 2), n / 2, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"three-way: n past 2^48", gpuscan_three_three_way_partition(d_in, d_out, d_in + n, NULL, d_count, (size_t)1 << 48, 0),
         GPUSCAN_ERROR_TOO_LARGE},
        {"_ex: NULL size", gpuscan_i32_select_flagged_ex(NULL, NULL, d_in, d_f, d_out, d_count, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"_ex: workspace too small", (bytes = 1, gpuscan_i32_select_flagged_ex(d_out, &bytes, d_in, d_f, d_out, d_count, n, 0)),
         GPUSCAN_ERROR_WORKSPACE_TOO_SMALL},
    };
    expect_statuses(c, sizeof c / sizeof c[0], "");
    expect_count_left(d_count, 12345);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_f));
    CHECK_CUDA(cudaFree(d_count));
}

/* uint8 past 2^32 elements (the counts, the offsets of the rest): every 7th kept. */
static void large(uint64_t *rng)
{
    const size_t n = ((size_t)1 << 32) + 4099;
    uint8_t *d_in, *d_out, *d_rej;
    unsigned char *d_f;
    size_t *d_count, count = 0, free_bytes = 0, total = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total));
    if (free_bytes < 5 * n) {
        printf("large: skipped (%zu bytes free)\n", free_bytes);
        return;
    }
    CHECK_CUDA(cudaMalloc(&d_in, n));
    CHECK_CUDA(cudaMalloc(&d_out, n));
    CHECK_CUDA(cudaMalloc(&d_rej, n));
    CHECK_CUDA(cudaMalloc(&d_f, n));
    CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));
    const uint8_t salt = (uint8_t)rng_next(rng);
    uint8_t *h = (uint8_t *)malloc(1 << 20);
    for (size_t off = 0; off < n; off += 1 << 20) { /* in[i] = (i + salt) mod 251, flags i % 7 == 0 */
        const size_t len = n - off < ((size_t)1 << 20) ? n - off : (size_t)1 << 20;
        for (size_t i = 0; i < len; ++i) h[i] = (uint8_t)((off + i + salt) % 251);
        CHECK_CUDA(cudaMemcpy(d_in + off, h, len, cudaMemcpyHostToDevice));
        for (size_t i = 0; i < len; ++i) h[i] = (off + i) % 7 == 0;
        CHECK_CUDA(cudaMemcpy(d_f + off, h, len, cudaMemcpyHostToDevice));
    }
    gpuscan_status st = gpuscan_u8_partition_flagged(d_in, d_f, d_out, d_rej, d_count, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large: %s", gpuscan_status_string(st));
    CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(count == (n + 6) / 7, "large: count %zu, want %zu", count, (n + 6) / 7);
    const size_t probes[] = {0, 1, count / 2, count - 1}, rprobes[] = {0, 1, n - count - 2, n - count - 1};
    for (int k = 0; k < 4; ++k) {
        uint8_t v = 0, r = 0;
        CHECK_CUDA(cudaMemcpy(&v, d_out + probes[k], 1, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(&r, d_rej + rprobes[k], 1, cudaMemcpyDeviceToHost));
        const size_t j = rprobes[k], i_rest = j + j / 6 + 1; /* the j-th index that is no multiple of 7 */
        EXPECT(v == (uint8_t)((probes[k] * 7 + salt) % 251), "large: kept[%zu]", probes[k]);
        EXPECT(r == (uint8_t)((i_rest + salt) % 251), "large: rest[%zu]", j);
    }
    free(h);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_rej));
    CHECK_CUDA(cudaFree(d_f));
    CHECK_CUDA(cudaFree(d_count));
}

int main(void)
{
    require_gpu("gpu_select");
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 22);
    suite_i32(&rng, max_random);
    suite_u8(&rng, max_random);
    suite_f64(&rng, max_random);
    suite_pt(&rng, max_random);
    suite_oddi(&rng, max_random);
    suite_small(&rng, max_random);
    suite_widek(&rng, max_random);
    suite_three_three(&rng, max_random);
    suite_three_pt3(&rng, max_random);
    bad_inputs();
    const char *big = getenv("GPUSCAN_TEST_SELECT_LARGE");
    if (big && atoi(big)) large(&rng);
    return test_finish("gpu_select");
}
