/* tests/segment_cases.h - what the segmented scans' suites share (test_segmented.cu and
 * test_segmented_reverse.cu): key types, head patterns and the sources of segments, a case against
 * a CPU loop (SEGMENT_CASE_, forward or reverse) and the suite of sizes, patterns and forms that
 * runs it. */
#ifndef TESTS_SEGMENT_CASES_H
#define TESTS_SEGMENT_CASES_H

/* Segments by int64 offsets take their heads as bits wherever they average under 4 elements, at
 * any count of them; by int32 offsets, from GPUSCAN_OFFSET_BITS_MIN_SEGMENTS (2^22, past the
 * suites' sizes: the search) - both ways run (each case sets this with its offsets). */
static int test_offset_bits_any_count;
#define GPUSCAN_TEST_OFFSET_BITS_MIN_SEGMENTS (test_offset_bits_any_count ? (size_t)1 : GPUSCAN_OFFSET_BITS_MIN_SEGMENTS)

#include "test_lib.h"
#include "test_values.h"

/* Scans by key, a key type each: 1, 2, 4, 8 (two ways) and 16 bytes, and 3; keys of a struct
 * compared by the user's equality (pkey: only `id` counts, `noise` differs within a run - element
 * by element beside int16, as 16-byte words beside double; quad: every word), keys that compare
 * element by element (int64 beside 4-byte values: wider than GPUSCAN_KEY_VECTORS_MAX; 3-byte
 * keys; keys off 16 bytes), and a warp's keys fewer than 32 words (int beside vec10). */
typedef struct { int32_t id; int16_t noise; } pkey;
static __attribute__((unused)) __host__ __device__ bool pkey_same(pkey x, pkey y) { return x.id == y.id; }
typedef struct { uint32_t w[4]; } quad;
static __attribute__((unused)) __host__ __device__ bool quad_same(quad x, quad y)
{
    return x.w[0] == y.w[0] && x.w[1] == y.w[1] && x.w[2] == y.w[2] && x.w[3] == y.w[3];
}
static __attribute__((unused)) __host__ __device__ bool rgb_same(rgb x, rgb y) { return x.r == y.r && x.g == y.g && x.b == y.b; }

/* Head patterns: a name each, and whether element i is a head (tile: the type's tile). */
enum { H_NONE, H_ALL, H_FIRST, H_ALTERNATE, H_1PCT, H_HALF, H_TILE_EDGES, H_LONG, H_ENDS, H_COUNT,
       H_EVEN_TILES = H_COUNT, /* (the reductions' only: a tile without heads between tiles with) */
       /* (the reductions' only, for the offsets' fold:) lengths 2^U, U uniform in 0..16 (groups of a
        * warp); lengths of 1 to 4, but one in 100 2^U (groups of a few lanes, segments too long for
        * them, long ones); lengths about 4,096, 8,192 and 16,384 (a chunk of 4-, 2- and 1-byte
        * elements), the first ones from its edges; lengths of 1 to 4, but one in 64 of 17 to 256 and
        * one in 3,000 of 4,097, 8,193 or 16,385 (a mean under the short way's 64 bytes for elements
        * of up to 8 bytes, with segments too long for its lanes and longer than a chunk) */
       H_POWER, H_SKEWED, H_CHUNKS, H_SHORT_MIX };
static const char *const k_heads[H_COUNT + 5] = {"none", "all", "first", "alternate", "1%",   "50%", "tile edges",
                                                 "long", "ends", "even tiles", "power law", "skewed", "chunks",
                                                 "short mix"};
static __attribute__((unused)) void fill_heads(unsigned char *h, size_t n, int pattern, size_t tile, uint64_t *rng)
{
    size_t next = 0, cycle = 0; /* (H_POWER, H_SKEWED, H_CHUNKS, H_SHORT_MIX: the next head; H_CHUNKS: its length's) */
    for (size_t i = 0; i < n; ++i) {
        int head = 0;
        switch (pattern) {
        case H_POWER:
            if ((head = i == next)) next += (size_t)1 << (rng_next(rng) % 17);
            break;
        case H_SKEWED:
            if ((head = i == next)) next += rng_next(rng) % 100 == 0 ? (size_t)1 << (rng_next(rng) % 17) : 1 + rng_next(rng) % 4;
            break;
        case H_SHORT_MIX:
            if ((head = i == next)) {
                const uint64_t r = rng_next(rng) % 3000;
                next += r == 0 ? ((size_t)1 << (12 + rng_next(rng) % 3)) + 1 : r < 48 ? 17 + rng_next(rng) % 240 : 1 + rng_next(rng) % 4;
            }
            break;
        case H_CHUNKS: {
            static const size_t lengths[] = {4096, 4096, 8192, 4095, 4097, 1, 8191, 16384, 16385, 12289, 8193, 3};
            if ((head = i == next)) next += lengths[cycle++ % (sizeof lengths / sizeof lengths[0])];
        } break;
        case H_ALL: head = 1; break;
        case H_FIRST: head = i == 0; break;
        case H_ALTERNATE: head = (i & 1) == 0; break;
        case H_1PCT: head = rng_next(rng) % 100 == 0; break;
        case H_HALF: head = rng_next(rng) % 2 == 0; break;
        case H_TILE_EDGES: { const size_t r = i % tile; head = r == 0 || r == 1 || r == tile - 1; } break;
        case H_LONG: head = i % (37 * tile + 11) == 5; break; /* segments of ~37 tiles */
        case H_ENDS: head = i == 0 || i + 1 == n; break;
        case H_EVEN_TILES: head = i % (2 * tile) == 0; break;
        }
        /* any byte but 0 is a head */
        h[i] = head ? (unsigned char)(1 + rng_next(rng) % 255) : 0;
    }
}

/* Where the segments come from: the heads array, rows of one length, int64 or int32 offsets, keys. */
enum { SRC_HEADS, SRC_ROWS, SRC_OFFSETS, SRC_OFFSETS32, SRC_KEYS };
static const char *const k_sources[] = {"heads", "rows", "offsets", "offsets32", "keys"};
/* Keys whose runs are the heads' segments: a head's key differs from the one before (any other
 * key; wrapping), the rest repeat it (pkey: in `id` only). */
static __attribute__((unused)) int key_next_int(int k, int head, uint64_t *rng)
{
    return head ? (int)((unsigned)k + 1u + (unsigned)(rng_next(rng) % 1000)) : k;
}
static __attribute__((unused)) uint8_t key_next_uint8_t(uint8_t k, int head, uint64_t *rng)
{
    return head ? (uint8_t)(k + 1 + rng_next(rng) % 255) : k;
}
static __attribute__((unused)) int16_t key_next_int16_t(int16_t k, int head, uint64_t *rng)
{
    return head ? (int16_t)(uint16_t)((uint16_t)k + 1 + rng_next(rng) % 65535) : k;
}
static __attribute__((unused)) long long key_next_ll(long long k, int head, uint64_t *rng)
{
    return head ? (long long)((uint64_t)k + 1u + rng_next(rng) % ((uint64_t)1 << 40)) : k;
}
static __attribute__((unused)) pkey key_next_pkey(pkey k, int head, uint64_t *rng)
{
    if (head) k.id += 1 + (int)(rng_next(rng) % 3);
    k.noise = (int16_t)rng_next(rng);
    return k;
}
static __attribute__((unused)) quad key_next_quad(quad k, int head, uint64_t *rng)
{
    if (head) k.w[rng_next(rng) % 4] += 1u; /* one word differs */
    return k;
}
static __attribute__((unused)) rgb key_next_rgb(rgb k, int head, uint64_t *rng)
{
    if (head) k.g = (uint8_t)(k.g + 1 + rng_next(rng) % 255);
    return k;
}
/* CSR offsets of the heads (a head's start repeated at random: empty segments; the leading 0 only
 * sometimes: a scan's element 0 starts a segment either way, a reduction's elements before the
 * first start are in none), n after the last (never read), on the device;
 * *m: the segments, whose starts the call reads; host (if not NULL): a copy of the m + 1 (malloc). */
static __attribute__((unused)) void *offsets_of(const unsigned char *hd, size_t n, int narrow, size_t *m, uint64_t *rng, long long **host)
{
    long long *o = (long long *)malloc((2 * n + 2) * sizeof(long long));
    size_t k = 0;
    const int lead = rng_next(rng) % 2 == 0;
    for (size_t i = 0; i < n; ++i)
        if (hd[i] != 0 || (i == 0 && lead)) {
            o[k++] = (long long)i;
            if (rng_next(rng) % 8 == 0) o[k++] = (long long)i; /* an empty segment */
        }
    *m = k;
    o[k++] = (long long)n;
    void *d;
    if (narrow) {
        int *o32 = (int *)malloc(k * sizeof(int));
        for (size_t i = 0; i < k; ++i) o32[i] = (int)o[i];
        CHECK_CUDA(cudaMalloc(&d, k * sizeof(int)));
        CHECK_CUDA(cudaMemcpy(d, o32, k * sizeof(int), cudaMemcpyHostToDevice));
        free(o32);
    } else {
        CHECK_CUDA(cudaMalloc(&d, k * sizeof(long long)));
        CHECK_CUDA(cudaMemcpy(d, o, k * sizeof(long long), cudaMemcpyHostToDevice));
    }
    if (host != NULL) *host = o;
    else free(o);
    return d;
}

static __attribute__((unused)) int same_bytes(const void *a, const void *b, size_t bytes) { return memcmp(a, b, bytes) == 0; }
/* float: within a relative 1e-5 of the double reference's magnitude along the segment */
static __attribute__((unused)) int close_f32(const float *got, const double *ref, const double *mag, size_t n, size_t *bad)
{
    for (size_t i = 0; i < n; ++i)
        if (!(fabs((double)got[i] - ref[i]) <= 1e-5 * mag[i] + 1e-6)) return *bad = i, 0;
    return 1;
}

/* One case of (tname, T, op): n elements, a head pattern, inclusive or exclusive, simple or _ex,
 * in place or not, data and heads off 16 bytes or not (odd), from heads, rows (row) or int64 / int32 offsets
 * (src).  The reference runs in RT (double for float),
 * beside each element's magnitude (RABS, RMAG: the sum of |x| along its segment, float's tolerance).
 * REV: P and KP are reverse scans' (each segment from its last element back, x (x) the fold after it). */
#define SEGMENT_CASE_(tname, P, KP, TIn, T, STAGE, IDENTITY, GEN, RT, TO_RT, RCOMBINE, RABS, RMAG, CLOSE, K, \
                      KNEXT, KEYED, REV)                                                            \
    static void case_##tname(size_t n, int pattern, int exclusive, int ex, int in_place, int odd, int src, \
                             size_t row, uint64_t *rng)                                             \
    {                                                                                               \
        const size_t tile = GPUSCAN_TILE_(CO, T);                                                   \
        TIn *h = (TIn *)malloc((n + 1) * sizeof(TIn));                                              \
        T *got = (T *)malloc((n + GUARD_ELEMS) * sizeof(T));                                        \
        RT *want = (RT *)malloc((n + 1) * sizeof(RT)), *mag = (RT *)malloc((n + 1) * sizeof(RT));   \
        unsigned char *hd = (unsigned char *)malloc(n + 1), *hd_back = (unsigned char *)malloc(n + 1); \
        TIn *d_in;                                                                                  \
        T *d_out, init = STAGE(GEN(rng), n);                                                        \
        in_place = in_place && sizeof(TIn) == sizeof(T); /* (typed: only as wide; bad_inputs) */    \
        unsigned char *d_heads;                                                                     \
        for (size_t i = 0; i < n; ++i) h[i] = GEN(rng);                                             \
        fill_heads(hd, n, pattern, tile, rng);                                                      \
        if (!(KEYED) && src == SRC_KEYS) src = SRC_HEADS; /* (a DEFINE of no keys) */               \
        if (src == SRC_ROWS) /* the rows form: a head every `row` elements, no array */             \
            for (size_t i = 0; i < n; ++i) hd[i] = i % row == 0;                                    \
        size_t n_segments = 0;                                                                      \
        void *d_offsets = src == SRC_OFFSETS || src == SRC_OFFSETS32                                \
                              ? offsets_of(hd, n, src == SRC_OFFSETS32, &n_segments, rng, NULL) : NULL;   \
        test_offset_bits_any_count = src == SRC_OFFSETS;                                            \
        K *hk = (K *)calloc(n + 1, sizeof(K)), *a_keys = NULL, *d_keys = NULL;                      \
        if (src == SRC_KEYS) { /* odd: the keys one element past their allocation too */            \
            for (size_t i = 0; i < n; ++i) /* (keys' element 0 from zeros: a head either way) */    \
                hk[i] = KNEXT(i == 0 ? hk[0] : hk[i - 1], i == 0 || hd[i] != 0, rng);               \
            CHECK_CUDA(cudaMalloc(&a_keys, (n + 1) * sizeof(K)));                                   \
            d_keys = a_keys + odd;                                                                  \
            CHECK_CUDA(cudaMemcpy(d_keys, hk, n * sizeof(K), cudaMemcpyHostToDevice));              \
        }                                                                                           \
        RT acc = TO_RT(IDENTITY), accm = TO_RT(IDENTITY);                                           \
        for (size_t k = 0; k < n; ++k) { /* the reference: restart at heads and at element 0 */     \
            const size_t i = (REV) ? n - 1 - k : k; /* (reverse: at each segment's last element) */ \
            const int head = (REV) ? i + 1 == n || hd[i + 1] != 0 : i == 0 || hd[i] != 0;          \
            const RT x = TO_RT(STAGE(h[i], i));                                                     \
            if (exclusive) {                                                                        \
                if (head) acc = TO_RT(init), accm = RABS(TO_RT(init));                              \
                want[i] = acc, mag[i] = accm;                                                       \
                acc = (REV) ? RCOMBINE(x, acc) : RCOMBINE(acc, x), accm = RMAG(accm, RABS(x));      \
            } else {                                                                                \
                acc = head ? x : (REV) ? RCOMBINE(x, acc) : RCOMBINE(acc, x);                       \
                accm = head ? RABS(x) : RMAG(accm, RABS(x));                                        \
                want[i] = acc, mag[i] = accm;                                                       \
            }                                                                                       \
        }                                                                                           \
        TIn *a_in; /* odd: the data one element past the allocations (off 16 bytes) too */          \
        T *a_out;                                                                                   \
        CHECK_CUDA(cudaMalloc(&a_in, (n + GUARD_ELEMS + 1) * sizeof(TIn)));                         \
        CHECK_CUDA(cudaMalloc(&a_out, (n + GUARD_ELEMS + 1) * sizeof(T)));                          \
        d_in = a_in + (odd ? 1 : 0), d_out = a_out + (odd ? 1 : 0);                                 \
        CHECK_CUDA(cudaMalloc(&d_heads, n + 2));                                                    \
        CHECK_CUDA(cudaMemcpy(d_in, h, n * sizeof(TIn), cudaMemcpyHostToDevice));                   \
        CHECK_CUDA(cudaMemcpy(d_heads + odd, hd, n, cudaMemcpyHostToDevice));                       \
        poison(d_out, (n + GUARD_ELEMS) * sizeof(T), 0);                                            \
        if (in_place) CHECK_CUDA(cudaMemcpy(d_out, h, n * sizeof(TIn), cudaMemcpyHostToDevice));    \
        const TIn *in = in_place ? (const TIn *)(const void *)d_out : d_in;                         \
        const gpuscan_kind kind = exclusive ? GPUSCAN_EXCLUSIVE : GPUSCAN_INCLUSIVE;                \
        gpuscan_status st;                                                                          \
        const long long *o64 = (const long long *)d_offsets;                                        \
        const int *o32 = (const int *)d_offsets;                                                    \
        const size_t m = n_segments;                                                                \
        size_t bytes = 0;                                                                           \
        /* the size query, then the call in the workspace asked (ex); or the simple form */         \
        for (int pass = ex ? 0 : 1; pass < 2; ++pass) {                                             \
            void *w = pass == 0 ? NULL : ex ? workspace_for(bytes) : NULL;                          \
            if (src == SRC_ROWS)                                                                    \
                st = ex ? P##_rows_scan_ex(w, &bytes, in, d_out, n / row, row, kind, init, 0)       \
                   : exclusive ? P##_rows_exclusive(in, d_out, n / row, row, init, 0)               \
                               : P##_rows_inclusive(in, d_out, n / row, row, 0);                    \
            else if (src == SRC_OFFSETS)                                                            \
                st = ex ? P##_offsets_scan_ex(w, &bytes, in, o64, m, d_out, n, kind, init, 0)       \
                   : exclusive ? P##_offsets_exclusive(in, o64, m, d_out, n, init, 0)               \
                               : P##_offsets_inclusive(in, o64, m, d_out, n, 0);                    \
            else if (src == SRC_OFFSETS32)                                                          \
                st = ex ? P##_offsets32_scan_ex(w, &bytes, in, o32, m, d_out, n, kind, init, 0)     \
                   : exclusive ? P##_offsets32_exclusive(in, o32, m, d_out, n, init, 0)             \
                               : P##_offsets32_inclusive(in, o32, m, d_out, n, 0);                  \
            else if (src == SRC_KEYS)                                                               \
                st = SCAN_BY_KEY_##KEYED(KP, ex, w, &bytes, d_keys, in, d_out, n, kind, exclusive, init); \
            else                                                                                    \
                st = ex ? P##_scan_ex(w, &bytes, in, d_heads + odd, d_out, n, kind, init, 0)        \
                   : exclusive ? P##_exclusive(in, d_heads + odd, d_out, n, init, 0)                \
                               : P##_inclusive(in, d_heads + odd, d_out, n, 0);                     \
            if (st != GPUSCAN_SUCCESS) break;                                                       \
        }                                                                                           \
        EXPECT(st == GPUSCAN_SUCCESS, "%s n=%zu: %s", #tname, n, gpuscan_status_string(st));        \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        CHECK_CUDA(cudaMemcpy(got, d_out, (n + GUARD_ELEMS) * sizeof(T), cudaMemcpyDeviceToHost));  \
        size_t bad = n;                                                                             \
        EXPECT(CLOSE(got, want, mag, n, &bad), "%s n=%zu %s %s %s%s%s%s: element %zu of %zu differs",    \
               #tname, n, k_sources[src], src == SRC_ROWS ? "" : k_heads[pattern],                  \
               exclusive ? "exclusive" : "inclusive", ex ? " _ex" : "", in_place ? " in place" : "",  \
               odd ? " off 16 bytes" : "", bad, n);                                                 \
        EXPECT(guard_intact(got + n, GUARD_ELEMS * sizeof(T)), "%s n=%zu: written past the end", #tname, n); \
        if (!in_place) {                                                                            \
            TIn *back = (TIn *)malloc((n + 1) * sizeof(TIn));                                       \
            CHECK_CUDA(cudaMemcpy(back, d_in, n * sizeof(TIn), cudaMemcpyDeviceToHost));            \
            EXPECT(same_bytes(back, h, n * sizeof(TIn)), "%s n=%zu: the input changed", #tname, n); \
            free(back);                                                                             \
        }                                                                                           \
        if (src == SRC_HEADS) {                                                                     \
            CHECK_CUDA(cudaMemcpy(hd_back, d_heads + odd, n, cudaMemcpyDeviceToHost));              \
            EXPECT(same_bytes(hd_back, hd, n), "%s n=%zu: the heads changed", #tname, n);           \
        }                                                                                           \
        if (src == SRC_KEYS) {                                                                      \
            K *kb = (K *)malloc((n + 1) * sizeof(K));                                               \
            CHECK_CUDA(cudaMemcpy(kb, d_keys, n * sizeof(K), cudaMemcpyDeviceToHost));              \
            EXPECT(same_bytes(kb, hk, n * sizeof(K)), "%s n=%zu: the keys changed", #tname, n);     \
            free(kb);                                                                               \
            CHECK_CUDA(cudaFree(a_keys));                                                           \
        }                                                                                           \
        free(hk);                                                                                   \
        CHECK_CUDA(cudaFree(a_in));                                                                 \
        CHECK_CUDA(cudaFree(a_out));                                                                \
        CHECK_CUDA(cudaFree(d_heads));                                                              \
        if (d_offsets != NULL) CHECK_CUDA(cudaFree(d_offsets));                                     \
        free(h), free(got), free(want), free(mag), free(hd), free(hd_back);                         \
    }
/* a scan by key (KEYED 1), or none: a typed DEFINE's cases never ask (src SRC_KEYS becomes heads) */
#define SCAN_BY_KEY_1(KP, ex, w, bytes, keys, in, out, n, kind, exclusive, init)                    \
    ((ex) ? KP##_scan_ex(w, bytes, keys, in, out, n, kind, init, 0)                                 \
     : (exclusive) ? KP##_exclusive(keys, in, out, n, init, 0) : KP##_inclusive(keys, in, out, n, 0))
#define SCAN_BY_KEY_0(KP, ex, w, bytes, keys, in, out, n, kind, exclusive, init) GPUSCAN_ERROR_INVALID_ALGORITHM
#define REDUCE_BY_KEY_1(RP, ex, ws, bytes, keys, in, keys_out, out, count, n)                       \
    ((ex) ? RP##_ex(ws, bytes, keys, in, keys_out, out, count, n, 0) : RP(keys, in, keys_out, out, count, n, 0))
#define REDUCE_BY_KEY_0(RP, ex, ws, bytes, keys, in, keys_out, out, count, n) GPUSCAN_ERROR_INVALID_ALGORITHM
/* exact types: their bytes; the magnitude is unused */
#define EXACT_(T)                                                                                   \
    static __attribute__((unused)) int exact_##T(const T *got, const T *want, const T *mag, size_t n, size_t *bad)         \
    {                                                                                               \
        (void)mag;                                                                                  \
        for (size_t i = 0; i < n; ++i)                                                              \
            if (!same_bytes(got + i, want + i, sizeof(T))) return *bad = i, 0;                      \
        return 1;                                                                                   \
    }
EXACT_(int)
EXACT_(uint8_t)
EXACT_(int16_t)
EXACT_(double)
EXACT_(affine)
EXACT_(mat2)
EXACT_(rgb)
EXACT_(vec10)

/* Every size and head pattern through one type: inclusive and exclusive, simple and _ex; the
 * segments from each source in turn. */
static const int k_rotation[4] = {SRC_OFFSETS, SRC_OFFSETS32, SRC_HEADS, SRC_KEYS};
#define SEGMENT_SUITE_(tname, T)                                                                    \
    static void suite_##tname(uint64_t *rng, size_t max_random)                                     \
    {                                                                                               \
        const size_t tile = GPUSCAN_TILE_(CO, T);                                                   \
        size_t sizes[16];                                                                           \
        const int count = family_sizes(sizes, tile, max_random, SIZE_MAX, rng);                     \
        for (int s = 0; s < count; ++s)                                                             \
            for (int p = 0; p < H_COUNT; ++p)                                                       \
                for (int form = 0; form < 4; ++form) /* inclusive, exclusive; simple, _ex */        \
                    case_##tname(sizes[s], p, form & 1, form >> 1, 0, (s + p + form) % 5 == 0,       \
                                 k_rotation[(s + p + form) % 4], 0, rng);                           \
        case_##tname(100003, H_HALF, 0, 0, 1, 0, SRC_HEADS, 0, rng); /* in place */                 \
        case_##tname(100003, H_1PCT, 1, 1, 1, 1, SRC_HEADS, 0, rng);                                \
        case_##tname(100003, H_HALF, 1, 0, 1, 0, SRC_OFFSETS, 0, rng);                              \
        case_##tname(100003, H_1PCT, 0, 1, 1, 0, SRC_KEYS, 0, rng);                                 \
        /* the rows form: (rows, length) */                                                         \
        const size_t shapes[][2] = {{1, 1}, {1, tile + 1}, {tile + 3, 1}, {3, tile - 1}, {7, tile + 1}, {1000, 37}, \
                                    {33, 31}, {5, 2 * tile}, {2, max_random / 2 + 3}, {max_random / 64 + 1, 64}}; \
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)                               \
            for (int form = 0; form < 4; ++form)                                                    \
                case_##tname(shapes[k][0] * shapes[k][1], H_NONE, form & 1, form >> 1, k == 5 && form == 0, 0, \
                             SRC_ROWS, shapes[k][1], rng);                                          \
    }
/* Bad arguments: each call's status against the one wanted, then the int output (2n elements,
 * poisoned) unwritten and the int input (2n zeros) unchanged. */
static __attribute__((unused)) void expect_refusals(const refusal *c, size_t count, const int *d_in, const int *d_out,
                                                    size_t n, const char *family)
{
    expect_statuses(c, count, family);
    CHECK_CUDA(cudaDeviceSynchronize());
    int *back = (int *)malloc(2 * n * sizeof(int));
    CHECK_CUDA(cudaMemcpy(back, d_out, 2 * n * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(guard_intact(back, 2 * n * sizeof(int)), "%sa refused call wrote the output", family);
    CHECK_CUDA(cudaMemcpy(back, d_in, 2 * n * sizeof(int), cudaMemcpyDeviceToHost));
    int zero = 1;
    for (size_t i = 0; i < 2 * n; ++i) zero &= back[i] == 0;
    EXPECT(zero, "%sa refused call changed the input", family);
    free(back);
}

/* The cases past 2^32 elements (the exhaustive tier): uint8 in[i] = i mod 251 over LARGE_N_
 * elements, segments starting every 1000th element and at LARGE_ODD_HEAD_ - as head bytes, or as
 * runs of uint8 keys - so that each scan's value is known in closed form. */
#define LARGE_N_ (((size_t)1 << 32) + 4099)
#define LARGE_ODD_HEAD_ (((size_t)1 << 32) - 1)
typedef struct {
    uint8_t *in, *out;
    unsigned char *heads; /* (or the keys) */
} large_arrays;
/* The input in, room for out and the head bytes, uploaded a MiB at a time (KEYS: the segments as
 * keys instead).  Returns 0, allocating nothing, where the device has too little memory free. */
static __attribute__((unused)) int large_upload(large_arrays *a, int keys)
{
    const size_t n = LARGE_N_;
    size_t free_bytes = 0, total = 0;
    if (a->in == NULL) {
        CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total));
        if (free_bytes < 3 * n + (64u << 20)) return printf("large: skipped (%zu bytes free)\n", free_bytes), 0;
        CHECK_CUDA(cudaMalloc(&a->in, n));
        CHECK_CUDA(cudaMalloc(&a->out, n));
        CHECK_CUDA(cudaMalloc(&a->heads, n));
    }
    uint8_t *h = (uint8_t *)malloc(1 << 20);
    for (size_t off = 0; off < n; off += 1 << 20) {
        const size_t len = n - off < ((size_t)1 << 20) ? n - off : (size_t)1 << 20;
        if (!keys) {
            for (size_t i = 0; i < len; ++i) h[i] = (uint8_t)((off + i) % 251);
            CHECK_CUDA(cudaMemcpy(a->in + off, h, len, cudaMemcpyHostToDevice));
        }
        for (size_t i = 0; i < len; ++i) {
            const size_t e = off + i;
            h[i] = keys ? (uint8_t)(e / 1000 + (e >= LARGE_ODD_HEAD_)) : e % 1000 == 0 || e == LARGE_ODD_HEAD_;
        }
        CHECK_CUDA(cudaMemcpy(a->heads + off, h, len, cudaMemcpyHostToDevice));
    }
    free(h);
    CHECK_CUDA(cudaMemset(a->out, 0xFF, n));
    return 1;
}
static __attribute__((unused)) void large_free(large_arrays *a)
{
    CHECK_CUDA(cudaFree(a->in));
    CHECK_CUDA(cudaFree(a->out));
    CHECK_CUDA(cudaFree(a->heads));
}
/* out at the probes of a uint8 max scan of those segments: each the most of its segment up to i
 * (reverse: from i to the segment's end). */
static __attribute__((unused)) void expect_large_most(const uint8_t *d_out, const size_t *probes, int count,
                                                      int reverse, const char *what)
{
    for (int k = 0; k < count; ++k) {
        const size_t i = probes[k];
        size_t start = i - i % 1000, end = start + 1000; /* i's segment: [start, end) */
        if (i >= LARGE_ODD_HEAD_ && LARGE_ODD_HEAD_ > start) start = LARGE_ODD_HEAD_;
        if (i < LARGE_ODD_HEAD_ && LARGE_ODD_HEAD_ < end) end = LARGE_ODD_HEAD_;
        end = end < LARGE_N_ ? end : LARGE_N_;
        uint8_t most = 0, v = 0;
        for (size_t j = reverse ? i : start; j < (reverse ? end : i + 1); ++j)
            most = (uint8_t)((j % 251) > most ? j % 251 : most);
        CHECK_CUDA(cudaMemcpy(&v, d_out + i, 1, cudaMemcpyDeviceToHost));
        EXPECT(v == most, "%s: out[%zu] = %u, want %u", what, i, v, most);
    }
}

#endif /* TESTS_SEGMENT_CASES_H */
