/* tests/test_segmented.cu - segmented scans (gpuscan/segment.cuh) against a CPU loop: inclusive and
 * exclusive, simple and _ex forms, for int32 add, uint8 max, int16 add, float add (against a double
 * reference), double add, and custom operators that do not commute (custom_ops.h: an affine map and
 * a 2x2 matrix product of wrapping integers, exact) or are 3 or 40 bytes wide; sizes 0, 1, 31-33, a
 * tile +- 1, random ones; heads: none, all, element 0 only, every other, 1 %, 50 %, at tile edges
 * +- 1, a segment of many tiles, the first and the last element; the segments given by heads, by
 * CSR offsets (int64, int32; empty segments - where they average under 4 elements, by int64
 * offsets their heads as bits, by int32 searched: segment_cases.h), as rows of one length (1 to many rows, lengths 1
 * to past two tiles) and by keys (runs of equal keys: keys of 1 to 16 bytes and 3, two compared by
 * a user's equality); data, heads and keys off 16 bytes; in place; outputs poisoned, the input,
 * heads and keys checked untouched; bad arguments refused with nothing written.  Reductions by
 * key (each run's first key, fold and the count) of five (value, key) pairs at every size and head
 * pattern, and of the same values by heads, int64 and int32 offsets (empty segments) and rows;
 * reductions of no elements.  Typed segmented scans and reductions (CONVERT bytes into int and
 * float into int - as wide: in place too -, TRANSFORM (int, index) into affine maps and int64
 * into a wrapping uint8), by heads, rows, offsets and keys (the reductions: bytes and affine maps
 * by keys; the affine maps and float into int by a struct key's equality, the _EQUAL forms), against the reference's fold of fn(x, i); typed in place refused where not as wide.
 * A uint8 and an int16 case 40 times over.  GPUSCAN_TEST_SEGMENTED_LARGE=1 (the
 * exhaustive tier) runs those 400 times and adds uint8 past 2^32 elements, heads, keys and one
 * row, scanned, and heads and the row reduced (a count past 2^32); `gpu_segmented --large` runs
 * those alone. */

#include "segment_cases.h"

GPUSCAN_DEFINE_SEGMENTED(i32, int, add)
GPUSCAN_DEFINE_SEGMENTED(u8, uint8_t, max)
GPUSCAN_DEFINE_SEGMENTED(i16, int16_t, add)          /* packed two to a word: the direct writer too */
GPUSCAN_DEFINE_SEGMENTED(f32, float, add)
GPUSCAN_DEFINE_SEGMENTED(f64, double, add)
GPUSCAN_DEFINE_SEGMENTED(affine, affine, compose)    /* (custom_ops.h: operators that do not commute) */
GPUSCAN_DEFINE_SEGMENTED(mat2, mat2, matmul)
GPUSCAN_DEFINE_SEGMENTED(rgb, rgb, rgbadd)           /* 3 bytes */
GPUSCAN_DEFINE_SEGMENTED(vec10, vec10, vadd)         /* 40 bytes: one item a thread */

/* scans by key: the key types of segment_cases.h */
GPUSCAN_DEFINE_SCAN_BY_KEY(i32, int, int, add)
GPUSCAN_DEFINE_SCAN_BY_KEY(u8, uint8_t, uint8_t, max)
GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(i16, pkey, int16_t, add, pkey_same)
GPUSCAN_DEFINE_SCAN_BY_KEY(f32, long long, float, add)
GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(f64, pkey, double, add, pkey_same) /* (8-byte keys as words) */
GPUSCAN_DEFINE_SCAN_BY_KEY(affine, int16_t, affine, compose)
GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(mat2, quad, mat2, matmul, quad_same)
GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(rgb, rgb, rgb, rgbadd, rgb_same)
GPUSCAN_DEFINE_SCAN_BY_KEY(vec10, int, vec10, vadd)
/* reductions by key: 4-byte keys, a struct key's first of each run (its noise differs within a
 * run), 8-byte keys compared one by one, a non-commuting operator, one item a thread */
GPUSCAN_DEFINE_REDUCE_BY_KEY(i32, int, int, add)
GPUSCAN_DEFINE_REDUCE_BY_KEY_EQUAL(i16, pkey, int16_t, add, pkey_same)
GPUSCAN_DEFINE_REDUCE_BY_KEY(f32, long long, float, add)
GPUSCAN_DEFINE_REDUCE_BY_KEY(affine, int16_t, affine, compose)
GPUSCAN_DEFINE_REDUCE_BY_KEY(mat2, int, mat2, matmul)  /* 16 bytes: 8 items a thread, the least that read keys coalesced */
GPUSCAN_DEFINE_REDUCE_BY_KEY(vec10, int, vec10, vadd)
/* segmented reductions by heads, rows and offsets: the same five types, and uint8 max past 2^32 */
GPUSCAN_DEFINE_SEGMENTED_REDUCE(u8, uint8_t, max)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(i32, int, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(i16, int16_t, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(f32, float, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(affine, affine, compose)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(mat2, mat2, matmul)
GPUSCAN_DEFINE_SEGMENTED_REDUCE(vec10, vec10, vadd)
/* typed: bytes counted into int, (int, index) made affine maps (custom_ops.h: affine_of),
 * int64 into a wrapping uint8 sum (a narrower T); scans and reductions */
static __host__ __device__ uint8_t low_byte(int64_t x, size_t i) { return (uint8_t)((uint64_t)x + i); }
GPUSCAN_DEFINE_SEGMENTED_CONVERT(flags, uint8_t, int, add)
GPUSCAN_DEFINE_SEGMENTED_TRANSFORM(at, int, affine, compose, affine_of)
GPUSCAN_DEFINE_SEGMENTED_TRANSFORM(lo8, int64_t, uint8_t, add, low_byte)
GPUSCAN_DEFINE_SEGMENTED_CONVERT(f2i, float, int, add) /* as wide: in place too */
GPUSCAN_DEFINE_SEGMENTED_REDUCE_CONVERT(flags, uint8_t, int, add)
GPUSCAN_DEFINE_SEGMENTED_REDUCE_TRANSFORM(at, int, affine, compose, affine_of)
GPUSCAN_DEFINE_SEGMENTED_REDUCE_TRANSFORM(lo8, int64_t, uint8_t, add, low_byte)
/* bytes and their index into int: the rows' fold's 16-byte words of 16 inputs, each one's index */
static __host__ __device__ int byte_at(uint8_t x, size_t i) { return (int)x + (int)(i % 5); }
GPUSCAN_DEFINE_SEGMENTED_REDUCE_TRANSFORM(bix, uint8_t, int, add, byte_at)
/* ... and by keys (int by ==; a struct by its equality: the _EQUAL forms) */
GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT(flags, int, uint8_t, int, add)
GPUSCAN_DEFINE_SCAN_BY_KEY_TRANSFORM_EQUAL(at, pkey, int, affine, compose, affine_of, pkey_same)
GPUSCAN_DEFINE_SCAN_BY_KEY_TRANSFORM(lo8, int, int64_t, uint8_t, add, low_byte)
GPUSCAN_DEFINE_SCAN_BY_KEY_CONVERT_EQUAL(f2i, pkey, float, int, add, pkey_same)
GPUSCAN_DEFINE_REDUCE_BY_KEY_CONVERT(flags, int, uint8_t, int, add)
GPUSCAN_DEFINE_REDUCE_BY_KEY_TRANSFORM_EQUAL(at, pkey, int, affine, compose, affine_of, pkey_same)

SEGMENT_CASE_(i32, gpuscan_i32_add_segmented, gpuscan_i32_add_by_key, int, int, STAGE_AS_IS_, 0, value_i32, int,
              AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_int, int, key_next_int, 1, 0)
SEGMENT_CASE_(u8, gpuscan_u8_max_segmented, gpuscan_u8_max_by_key, uint8_t, uint8_t, STAGE_AS_IS_, (uint8_t)0,
              value_u8, uint8_t, AS_IS_, MAX_, ABS_NONE_, MAG_NONE_, exact_uint8_t, uint8_t, key_next_uint8_t, 1, 0)
SEGMENT_CASE_(i16, gpuscan_i16_add_segmented, gpuscan_i16_add_by_key, int16_t, int16_t, STAGE_AS_IS_, (int16_t)0,
              value_i16, int16_t, AS_IS_, ADD16_, ABS_NONE_, MAG_NONE_, exact_int16_t, pkey, key_next_pkey, 1, 0)
SEGMENT_CASE_(f32, gpuscan_f32_add_segmented, gpuscan_f32_add_by_key, float, float, STAGE_AS_IS_, 0.0f, value_f32,
              double, TO_DOUBLE_, ADD_, ABS_DOUBLE_, ADD_, close_f32, long long, key_next_ll, 1, 0)
SEGMENT_CASE_(f64, gpuscan_f64_add_segmented, gpuscan_f64_add_by_key, double, double, STAGE_AS_IS_, 0.0, value_f64,
              double, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_double, pkey, key_next_pkey, 1, 0)
SEGMENT_CASE_(affine, gpuscan_affine_compose_segmented, gpuscan_affine_compose_by_key, affine, affine, STAGE_AS_IS_,
              affine_identity(), value_affine, affine, AS_IS_, affine_then, ABS_NONE_, MAG_NONE_, exact_affine,
              int16_t, key_next_int16_t, 1, 0)
SEGMENT_CASE_(mat2, gpuscan_mat2_matmul_segmented, gpuscan_mat2_matmul_by_key, mat2, mat2, STAGE_AS_IS_,
              mat2_identity(), value_mat2, mat2, AS_IS_, mat2_mul, ABS_NONE_, MAG_NONE_, exact_mat2, quad,
              key_next_quad, 1, 0)
SEGMENT_CASE_(rgb, gpuscan_rgb_rgbadd_segmented, gpuscan_rgb_rgbadd_by_key, rgb, rgb, STAGE_AS_IS_, rgb_zero(),
              value_rgb, rgb, AS_IS_, rgb_add, ABS_NONE_, MAG_NONE_, exact_rgb, rgb, key_next_rgb, 1, 0)
SEGMENT_CASE_(vec10, gpuscan_vec10_vadd_segmented, gpuscan_vec10_vadd_by_key, vec10, vec10, STAGE_AS_IS_,
              vec10_zero(), value_vec10, vec10, AS_IS_, vec10_add, ABS_NONE_, MAG_NONE_, exact_vec10, int,
              key_next_int, 1, 0)
/* typed, by heads, rows, offsets and keys */
SEGMENT_CASE_(flags, gpuscan_flags_add_segmented, gpuscan_flags_add_by_key, uint8_t, int, STAGE_TO_INT_, 0, value_u8,
              int, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_int, int, key_next_int, 1, 0)
SEGMENT_CASE_(at, gpuscan_at_compose_segmented, gpuscan_at_compose_by_key, int, affine, affine_of, affine_identity(),
              value_i32, affine, AS_IS_, affine_then, ABS_NONE_, MAG_NONE_, exact_affine, pkey, key_next_pkey, 1, 0)
SEGMENT_CASE_(lo8, gpuscan_lo8_add_segmented, gpuscan_lo8_add_by_key, int64_t, uint8_t, low_byte, (uint8_t)0, value_i64,
              uint8_t, AS_IS_, ADD8_, ABS_NONE_, MAG_NONE_, exact_uint8_t, int, key_next_int, 1, 0)
SEGMENT_CASE_(f2i, gpuscan_f2i_add_segmented, gpuscan_f2i_add_by_key, float, int, STAGE_TO_INT_, 0, value_f32, int,
              AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_int, pkey, key_next_pkey, 1, 0)

/* A reduction of (tname, T) against a CPU loop, its segments from src: keys made from a head
 * pattern (each head a new key; RP, the reduction by key), the heads themselves, CSR offsets of
 * them (int64, int32; empty segments) or rows of `row` (SP, the segmented reduction); simple or
 * _ex; each segment's fold (an empty one's the identity) and, by keys or heads, the count and (keys)
 * each run's first key checked, nothing written past the segments (guards), the inputs untouched. */
#define REDUCE_CASE_(tname, RP, SP, TIn, T, STAGE, K, IDENTITY, GEN, RT, TO_RT, RCOMBINE, RABS, RMAG, CLOSE, \
                     KNEXT, KEYED)                                                                  \
    static void reduce_##tname(size_t n, int pattern, int src, size_t row, int ex, int in_place, uint64_t *rng) \
    {                                                                                               \
        TIn *h = (TIn *)malloc((n + 1) * sizeof(TIn));                                              \
        T *got = (T *)malloc((2 * n + GUARD_ELEMS) * sizeof(T));                                    \
        if (!(KEYED) && src == SRC_KEYS) src = SRC_HEADS; /* (a DEFINE of no keys) */               \
        in_place = in_place && sizeof(TIn) == sizeof(T); /* (typed: only as wide) */                \
        K *hk = (K *)calloc(n + 1, sizeof(K)), *gk = (K *)malloc((n + GUARD_ELEMS) * sizeof(K));    \
        unsigned char *hd = (unsigned char *)malloc(n + 1);                                         \
        for (size_t i = 0; i < n; ++i) h[i] = GEN(rng);                                             \
        if (src == SRC_ROWS)                                                                        \
            for (size_t i = 0; i < n; ++i) hd[i] = i % row == 0;                                    \
        else                                                                                        \
            fill_heads(hd, n, pattern, GPUSCAN_TILE_(CO, T), rng);                                  \
        for (size_t i = 0; i < n; ++i) hk[i] = KNEXT(i == 0 ? hk[0] : hk[i - 1], i == 0 || hd[i] != 0, rng); \
        /* the segments' starts: the offsets, or every head (element 0 always one) */              \
        long long *st = NULL;                                                                       \
        size_t m = 0;                                                                               \
        void *d_off = src == SRC_OFFSETS || src == SRC_OFFSETS32                                    \
                          ? offsets_of(hd, n, src == SRC_OFFSETS32, &m, rng, &st) : NULL;          \
        test_offset_bits_any_count = src == SRC_OFFSETS; /* (segment_cases.h) */                    \
        if (st == NULL) {                                                                           \
            st = (long long *)malloc((n + 1) * sizeof(long long));                                  \
            for (size_t i = 0; i < n; ++i)                                                          \
                if (i == 0 || hd[i] != 0) st[m++] = (long long)i;                                   \
        }                                                                                           \
        K *wk = (K *)calloc(m + 1, sizeof(K));                                                      \
        RT *want = (RT *)malloc((m + 1) * sizeof(RT)), *mag = (RT *)malloc((m + 1) * sizeof(RT));   \
        for (size_t s = 0; s < m; ++s) { /* segment s: st[s] to the next start or n */              \
            const size_t b = (size_t)st[s], e = s + 1 < m && (size_t)st[s + 1] < n ? (size_t)st[s + 1] : n; \
            RT acc = TO_RT(IDENTITY), accm = TO_RT(IDENTITY);                                       \
            for (size_t i = b; i < e; ++i) {                                                        \
                const RT x = TO_RT(STAGE(h[i], i));                                                 \
                acc = i == b ? x : RCOMBINE(acc, x), accm = i == b ? RABS(x) : RMAG(accm, RABS(x)); \
            }                                                                                       \
            want[s] = acc, mag[s] = accm;                                                           \
            if (b < n) wk[s] = hk[b];                                                               \
        }                                                                                           \
        const int counted = src == SRC_KEYS || src == SRC_HEADS;                                    \
        if (src == SRC_OFFSETS || src == SRC_OFFSETS32) in_place = 0; /* (refused: see bad_inputs) */ \
        TIn *d_in;                                                                                  \
        T *d_out;                                                                                   \
        K *d_keys, *d_keys_out;                                                                     \
        unsigned char *d_heads;                                                                     \
        size_t *d_count, count = 12345;                                                             \
        const size_t outs = (n > m ? n : m) + GUARD_ELEMS;                                          \
        CHECK_CUDA(cudaMalloc(&d_in, (n + 1) * sizeof(TIn)));                                       \
        CHECK_CUDA(cudaMalloc(&d_out, outs * sizeof(T)));                                           \
        CHECK_CUDA(cudaMalloc(&d_keys, (n + 1) * sizeof(K)));                                       \
        CHECK_CUDA(cudaMalloc(&d_heads, n + 1));                                                    \
        CHECK_CUDA(cudaMalloc(&d_keys_out, (n + GUARD_ELEMS) * sizeof(K)));                         \
        CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));                                           \
        CHECK_CUDA(cudaMemcpy(d_in, h, n * sizeof(TIn), cudaMemcpyHostToDevice));                   \
        CHECK_CUDA(cudaMemcpy(d_keys, hk, n * sizeof(K), cudaMemcpyHostToDevice));                  \
        CHECK_CUDA(cudaMemcpy(d_heads, hd, n, cudaMemcpyHostToDevice));                             \
        poison(d_out, outs * sizeof(T), 0);                                                         \
        if (in_place) CHECK_CUDA(cudaMemcpy(d_out, h, n * sizeof(TIn), cudaMemcpyHostToDevice));    \
        const TIn *in = in_place ? (const TIn *)(const void *)d_out : d_in;                         \
        poison(d_keys_out, (n + GUARD_ELEMS) * sizeof(K), 0);                                       \
        poison(d_count, sizeof(size_t), 0);                                                         \
        gpuscan_status st_ = GPUSCAN_SUCCESS;                                                       \
        size_t bytes = 0;                                                                           \
        for (int pass = ex ? 0 : 1; pass < 2; ++pass) { /* (_ex: the size query, then the call) */  \
            void *ws = pass == 0 ? NULL : ex ? workspace_for(bytes) : NULL;                         \
            if (st_ != GPUSCAN_SUCCESS) break;                                                      \
            switch (src) {                                                                          \
            case SRC_KEYS:                                                                          \
                st_ = REDUCE_BY_KEY_##KEYED(RP, ex, ws, &bytes, d_keys, in, d_keys_out, d_out, d_count, n); \
                break;                                                                              \
            case SRC_HEADS:                                                                         \
                st_ = ex ? SP##_ex(ws, &bytes, in, d_heads, d_out, d_count, n, 0) : SP(in, d_heads, d_out, d_count, n, 0); \
                break;                                                                              \
            case SRC_ROWS:                                                                          \
                st_ = ex ? SP##_rows_ex(ws, &bytes, in, d_out, n / row, row, 0) : SP##_rows(in, d_out, n / row, row, 0); \
                break;                                                                              \
            case SRC_OFFSETS:                                                                       \
                st_ = ex ? SP##_offsets_ex(ws, &bytes, in, (const long long *)d_off, m, d_out, n, 0) \
                         : SP##_offsets(in, (const long long *)d_off, m, d_out, n, 0);              \
                break;                                                                              \
            default:                                                                                \
                st_ = ex ? SP##_offsets32_ex(ws, &bytes, in, (const int *)d_off, m, d_out, n, 0)    \
                         : SP##_offsets32(in, (const int *)d_off, m, d_out, n, 0);                  \
            }                                                                                       \
        }                                                                                           \
        EXPECT(st_ == GPUSCAN_SUCCESS, "reduce %s n=%zu %s: %s", #tname, n, k_sources[src], gpuscan_status_string(st_)); \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        if (counted) CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof(size_t), cudaMemcpyDeviceToHost)); \
        else count = m;                                                                             \
        CHECK_CUDA(cudaMemcpy(got, d_out, outs * sizeof(T), cudaMemcpyDeviceToHost));               \
        CHECK_CUDA(cudaMemcpy(gk, d_keys_out, (n + GUARD_ELEMS) * sizeof(K), cudaMemcpyDeviceToHost)); \
        size_t bad = m;                                                                             \
        EXPECT(count == m, "reduce %s n=%zu %s %s%s: %zu segments, want %zu", #tname, n, k_sources[src], \
               k_heads[pattern], ex ? " _ex" : "", count, m);                                       \
        EXPECT(count != m || CLOSE(got, want, mag, m, &bad), "reduce %s n=%zu %s %s%s: segment %zu of %zu differs", \
               #tname, n, k_sources[src], k_heads[pattern], ex ? " _ex" : "", bad, m);              \
        EXPECT(count != m || src != SRC_KEYS || same_bytes(gk, wk, m * sizeof(K)),                 \
               "reduce %s n=%zu %s: a run's first key differs", #tname, n, k_heads[pattern]);       \
        /* (in place: the values past the segments are the input's) */                             \
        EXPECT(count != m || (in_place ? guard_intact(got + n, (outs - n) * sizeof(T))              \
                                       : guard_intact(got + m, (outs - m) * sizeof(T))),            \
               "reduce %s n=%zu %s: written past the segments", #tname, n, k_sources[src]);         \
        EXPECT(count != m || guard_intact(gk + (src == SRC_KEYS ? m : 0), (n - (src == SRC_KEYS ? m : 0) + GUARD_ELEMS) * sizeof(K)), \
               "reduce %s n=%zu %s: keys written past the runs", #tname, n, k_sources[src]);        \
        CHECK_CUDA(cudaMemcpy(gk, d_keys, n * sizeof(K), cudaMemcpyDeviceToHost));                  \
        TIn *back = (TIn *)malloc((n + 1) * sizeof(TIn));                                           \
        CHECK_CUDA(cudaMemcpy(back, d_in, n * sizeof(TIn), cudaMemcpyDeviceToHost));                \
        unsigned char *gh = (unsigned char *)malloc(n + 1);                                         \
        CHECK_CUDA(cudaMemcpy(gh, d_heads, n, cudaMemcpyDeviceToHost));                             \
        EXPECT(same_bytes(gk, hk, n * sizeof(K)) && same_bytes(back, h, n * sizeof(TIn)) /* (d_in) */ && \
               same_bytes(gh, hd, n), "reduce %s n=%zu: the keys, heads or input changed", #tname, n); \
        free(gh), free(back);                                                                       \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        CHECK_CUDA(cudaFree(d_out));                                                                \
        CHECK_CUDA(cudaFree(d_keys));                                                               \
        CHECK_CUDA(cudaFree(d_heads));                                                              \
        CHECK_CUDA(cudaFree(d_keys_out));                                                           \
        CHECK_CUDA(cudaFree(d_count));                                                              \
        if (d_off != NULL) CHECK_CUDA(cudaFree(d_off));                                             \
        free(h), free(got), free(hk), free(gk), free(wk), free(want), free(mag), free(hd), free(st); \
    }                                                                                               \
    /* Every size and head pattern by keys and by one other source in turn; rows of some shapes. */ \
    static void reduce_suite_##tname(uint64_t *rng, size_t max_random)                              \
    {                                                                                               \
        const size_t tile = GPUSCAN_TILE_(CO, T);                                                   \
        const size_t sizes[] = {0, 1, 2, 31, 32, 33, tile - 1, tile, tile + 1, 3 * tile + 17, 128 * tile + 5, \
                                1 + (size_t)(rng_next(rng) % max_random), 1 + (size_t)(rng_next(rng) % max_random)}; \
        const int others[3] = {SRC_HEADS, SRC_OFFSETS, SRC_OFFSETS32};                              \
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; ++k)                                 \
            for (int p = 0; p <= H_COUNT; ++p) { /* (H_COUNT: H_EVEN_TILES) */                     \
                reduce_##tname(sizes[k], p, SRC_KEYS, 0, (k + p) % 2, (k + p) % 5 == 0, rng);      \
                reduce_##tname(sizes[k], p, others[(k + p) % 3], 0, (k + p + 1) % 2, (k + p) % 5 == 1, rng); \
            }                                                                                       \
        /* (and for the rows' fold of commuting operators: rows of 2 and 8, of 4,096, of 100 and 300, \
         * long rows cut into chunks, rows that start off 16 bytes; those in place, k % 3 == 0, take  \
         * the pass) */                                                                             \
        const size_t shapes[][2] = {{1, 1}, {1, tile + 1}, {tile + 3, 1}, {3, tile - 1}, {7, tile + 1}, {1000, 37}, \
                                    {33, 31}, {5, 2 * tile}, {2, max_random / 2 + 3}, {max_random / 64 + 1, 64}, \
                                    {4097, 2}, {129, 4096}, {3001, 8}, {500, 100}, {3, 3 * 16384 + 5},   \
                                    {7, 5}, {1500, 300}, {max_random / 8 + 1, 8}};                  \
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)                               \
            reduce_##tname(shapes[k][0] * shapes[k][1], H_NONE, SRC_ROWS, shapes[k][1], k % 2, k % 3 == 0, rng); \
        /* (and for the offsets' fold: lengths of 1 to 2^16 mixed - a warp's groups of one to 32     \
         * lanes, segments too long for them, long ones across chunks -, lengths about a chunk from  \
         * chunk edges, a short mean among longer ones: the short way's lanes, warp and chunks) */    \
        const size_t mixed[] = {3 * GPUSCAN_ROWS_FOLD_CHUNK_BYTES + 5, 128 * tile + 5, max_random / 2 + 7}; \
        const int fold_patterns[] = {H_POWER, H_SKEWED, H_CHUNKS, H_LONG, H_1PCT, H_SHORT_MIX};      \
        for (size_t k = 0; k < sizeof mixed / sizeof mixed[0]; ++k)                                 \
            for (int p = 0; p < 6; ++p)                                                             \
                reduce_##tname(mixed[k], fold_patterns[p], (k + p) % 2 ? SRC_OFFSETS32 : SRC_OFFSETS, 0, \
                               (k + p / 2) % 2, 0, rng);                                            \
    }
REDUCE_CASE_(i32, gpuscan_i32_add_reduce_by_key, gpuscan_i32_add_segmented_reduce, int, int, STAGE_AS_IS_, int, 0,
             value_i32, int, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_int, key_next_int, 1)
REDUCE_CASE_(i16, gpuscan_i16_add_reduce_by_key, gpuscan_i16_add_segmented_reduce, int16_t, int16_t, STAGE_AS_IS_,
             pkey, (int16_t)0, value_i16, int16_t, AS_IS_, ADD16_, ABS_NONE_, MAG_NONE_, exact_int16_t,
             key_next_pkey, 1)
REDUCE_CASE_(f32, gpuscan_f32_add_reduce_by_key, gpuscan_f32_add_segmented_reduce, float, float, STAGE_AS_IS_,
             long long, 0.0f, value_f32, double, TO_DOUBLE_, ADD_, ABS_DOUBLE_, ADD_, close_f32, key_next_ll, 1)
REDUCE_CASE_(affine, gpuscan_affine_compose_reduce_by_key, gpuscan_affine_compose_segmented_reduce, affine, affine,
             STAGE_AS_IS_, int16_t, affine_identity(), value_affine, affine, AS_IS_, affine_then, ABS_NONE_,
             MAG_NONE_, exact_affine, key_next_int16_t, 1)
REDUCE_CASE_(mat2, gpuscan_mat2_matmul_reduce_by_key, gpuscan_mat2_matmul_segmented_reduce, mat2, mat2, STAGE_AS_IS_,
             int, mat2_identity(), value_mat2, mat2, AS_IS_, mat2_mul, ABS_NONE_, MAG_NONE_, exact_mat2, key_next_int, 1)
REDUCE_CASE_(vec10, gpuscan_vec10_vadd_reduce_by_key, gpuscan_vec10_vadd_segmented_reduce, vec10, vec10,
             STAGE_AS_IS_, int, vec10_zero(), value_vec10, vec10, AS_IS_, vec10_add, ABS_NONE_, MAG_NONE_,
             exact_vec10, key_next_int, 1)
REDUCE_CASE_(flags, gpuscan_flags_add_reduce_by_key, gpuscan_flags_add_segmented_reduce, uint8_t, int, STAGE_TO_INT_,
             int, 0, value_u8, int, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_int, key_next_int, 1)
REDUCE_CASE_(at, gpuscan_at_compose_reduce_by_key, gpuscan_at_compose_segmented_reduce, int, affine, affine_of, pkey,
             affine_identity(), value_i32, affine, AS_IS_, affine_then, ABS_NONE_, MAG_NONE_, exact_affine, key_next_pkey,
             1)
REDUCE_CASE_(lo8, ~, gpuscan_lo8_add_segmented_reduce, int64_t, uint8_t, low_byte, int, (uint8_t)0, value_i64,
             uint8_t, AS_IS_, ADD8_, ABS_NONE_, MAG_NONE_, exact_uint8_t, key_next_int, 0)
REDUCE_CASE_(bix, ~, gpuscan_bix_add_segmented_reduce, uint8_t, int, byte_at, int, 0, value_u8, int, AS_IS_, ADD_,
             ABS_NONE_, MAG_NONE_, exact_int, key_next_int, 0)

SEGMENT_SUITE_(i32, int)
SEGMENT_SUITE_(u8, uint8_t)
SEGMENT_SUITE_(i16, int16_t)
SEGMENT_SUITE_(f32, float)
SEGMENT_SUITE_(f64, double)
SEGMENT_SUITE_(affine, affine)
SEGMENT_SUITE_(mat2, mat2)
SEGMENT_SUITE_(rgb, rgb)
SEGMENT_SUITE_(vec10, vec10)
SEGMENT_SUITE_(flags, int)
SEGMENT_SUITE_(at, affine)
SEGMENT_SUITE_(lo8, uint8_t)
SEGMENT_SUITE_(f2i, int)

/* Bad arguments: a status, nothing written, the input untouched. */
static void bad_inputs(void)
{
    int *d_in, *d_out;
    unsigned char *d_h;
    size_t bytes = 0;
    const size_t n = 1000;
    CHECK_CUDA(cudaMalloc(&d_in, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_out, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_h, n));
    CHECK_CUDA(cudaMemset(d_h, 1, n));
    CHECK_CUDA(cudaMemset(d_in, 0, 2 * n * sizeof(int)));
    poison(d_out, 2 * n * sizeof(int), 0);
    refusal c[] = {
        {"NULL input", gpuscan_i32_add_segmented_inclusive(NULL, d_h, d_out, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        /* typed: in place only as wide (bytes into int: the input's n bytes inside the output); the input
         * aligned to its own type, the output to T's */
        {"typed in place", gpuscan_flags_add_segmented_inclusive((const uint8_t *)(void *)d_out, d_h, d_out, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"typed reduction in place", gpuscan_flags_add_segmented_reduce_rows((const uint8_t *)(void *)d_out, d_out, 10,
                                                                             100, 0), GPUSCAN_ERROR_OVERLAP},
        {"typed: misaligned input", gpuscan_lo8_add_segmented_inclusive((const int64_t *)(void *)(d_in + 1), d_h,
                                                                        (uint8_t *)(void *)d_out, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"typed by key in place", gpuscan_flags_add_by_key_inclusive(d_in, (const uint8_t *)(void *)d_out, d_out, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"typed reduction by key: misaligned input",
         gpuscan_at_compose_reduce_by_key((const pkey *)(void *)d_in, (const int *)(void *)((char *)d_in + 2),
                                          (pkey *)(void *)(d_in + n / 2),
                                          (affine *)(void *)d_out, (size_t *)(void *)(d_out + n), 4, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"NULL heads", gpuscan_i32_add_segmented_inclusive(d_in, NULL, d_out, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL output", gpuscan_i32_add_segmented_exclusive(d_in, d_h, NULL, n, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"all NULL, n = 0", gpuscan_i32_add_segmented_inclusive(NULL, NULL, NULL, 0, 0), GPUSCAN_SUCCESS},
        {"misaligned input", gpuscan_i32_add_segmented_inclusive((int *)((char *)d_in + 1), d_h, d_out, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"misaligned output", gpuscan_i32_add_segmented_inclusive(d_in, d_h, (int *)((char *)d_out + 2), n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"output inside the input", gpuscan_i32_add_segmented_inclusive(d_in, d_h, d_in + 1, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"output over the heads", gpuscan_i32_add_segmented_inclusive(d_in, d_h, (int *)(void *)d_h, n / 8, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"n too large", gpuscan_i32_add_segmented_inclusive(d_in, d_h, d_out, SIZE_MAX / 2, 0), GPUSCAN_ERROR_TOO_LARGE},
        {"no such kind", gpuscan_i32_add_segmented_scan_ex(d_in + n, &(bytes = 1 << 20), d_in, d_h, d_out, n,
                                                       (gpuscan_kind)7, 0, 0), GPUSCAN_ERROR_INVALID_ALGORITHM},
        {"rows: NULL input", gpuscan_i32_add_segmented_rows_inclusive(NULL, d_out, 10, 100, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"rows: NULL output", gpuscan_i32_add_segmented_rows_exclusive(d_in, NULL, 10, 100, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"rows: none", gpuscan_i32_add_segmented_rows_inclusive(NULL, NULL, 0, 100, 0), GPUSCAN_SUCCESS},
        {"rows: of length 0", gpuscan_i32_add_segmented_rows_inclusive(NULL, NULL, 10, 0, 0), GPUSCAN_SUCCESS},
        {"rows: n overflows", gpuscan_i32_add_segmented_rows_inclusive(d_in, d_out, SIZE_MAX / 2, 4, 0),
         GPUSCAN_ERROR_TOO_LARGE},
        {"rows: output inside the input", gpuscan_i32_add_segmented_rows_inclusive(d_in, d_in + 3, 10, 100, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"offsets: NULL", gpuscan_i32_add_segmented_offsets_inclusive(d_in, NULL, 10, d_out, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"offsets: none, one segment", gpuscan_i32_add_segmented_offsets32_inclusive(NULL, NULL, 0, NULL, 0, 0),
         GPUSCAN_SUCCESS},
        {"offsets: misaligned", gpuscan_i32_add_segmented_offsets_inclusive(d_in, (const long long *)(d_in + 1), 10,
                                                                             d_out, n, 0), GPUSCAN_ERROR_MISALIGNED},
        {"offsets: over the output", gpuscan_i32_add_segmented_offsets32_inclusive(d_in, d_out + 4, 10, d_out, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"offsets: too many", gpuscan_i32_add_segmented_offsets_inclusive(d_in, (const long long *)d_in, SIZE_MAX / 8,
                                                                           d_out, n, 0), GPUSCAN_ERROR_TOO_LARGE},
        {"offsets _ex: workspace over the offsets",
         (bytes = 1 << 20, gpuscan_i32_add_segmented_offsets32_scan_ex(d_in, &bytes, d_in + n, d_in, 10, d_out, n,
                                                                       GPUSCAN_INCLUSIVE, 0, 0)),
         GPUSCAN_ERROR_OVERLAP},
        {"keys: NULL", gpuscan_i32_add_by_key_inclusive(NULL, d_in, d_out, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"keys: NULL input", gpuscan_i32_add_by_key_exclusive(d_in + n, NULL, d_out, n, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"keys: none", gpuscan_i32_add_by_key_inclusive(NULL, NULL, NULL, 0, 0), GPUSCAN_SUCCESS},
        {"keys: misaligned", gpuscan_i32_add_by_key_inclusive((const int *)((const char *)d_in + 2), d_in + n, d_out, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"keys: over the output", gpuscan_i32_add_by_key_inclusive(d_out + 8, d_in, d_out, n, 0), GPUSCAN_ERROR_OVERLAP},
        {"keys: too many", gpuscan_f32_add_by_key_inclusive((const long long *)d_in, (const float *)d_out, (float *)d_in + n,
                                                           SIZE_MAX / 10, 0), GPUSCAN_ERROR_TOO_LARGE},
        {"keys _ex: workspace over the keys", /* (and clear of the input and the output) */
         (bytes = 1 << 20, gpuscan_i32_add_by_key_scan_ex(d_in + n, &bytes, d_in + n, d_in, d_out, n,
                                                          GPUSCAN_INCLUSIVE, 0, 0)), GPUSCAN_ERROR_OVERLAP},
        {"keys _ex: no such kind", gpuscan_i32_add_by_key_scan_ex(NULL, &bytes, d_in, d_in, d_out, n, (gpuscan_kind)3, 0, 0),
         GPUSCAN_ERROR_INVALID_ALGORITHM},
        {"reduce: NULL keys out", gpuscan_i32_add_reduce_by_key(d_in, d_in + n, NULL, d_out, (size_t *)(d_out + n), n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"reduce: NULL count", gpuscan_i32_add_reduce_by_key(d_in, d_in + n, d_out + n, d_out, NULL, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"reduce: none, count 0", gpuscan_i32_add_reduce_by_key(NULL, NULL, NULL, NULL, NULL, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"reduce: misaligned count", gpuscan_i32_add_reduce_by_key(d_in, d_in + n, d_out + n, d_out,
                                                                   (size_t *)(d_out + 1), n / 2, 0), GPUSCAN_ERROR_MISALIGNED},
        {"reduce: keys out over the keys", gpuscan_i32_add_reduce_by_key(d_in, d_in + n, d_in + 4, d_out,
                                                                         (size_t *)(d_out + n), n, 0), GPUSCAN_ERROR_OVERLAP},
        {"reduce: keys out in place", gpuscan_i32_add_reduce_by_key(d_in, d_in + n, d_in, d_out, (size_t *)(d_out + n), n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"reduce: count inside the output", gpuscan_i32_add_reduce_by_key(d_in, d_in + n, d_out + n, d_out,
                                                                          (size_t *)(d_out + 10), n, 0), GPUSCAN_ERROR_OVERLAP},
        {"segmented reduce: NULL count", gpuscan_i32_add_segmented_reduce(d_in, d_h, d_out, NULL, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce: NULL heads", gpuscan_i32_add_segmented_reduce(d_in, NULL, d_out, (size_t *)(d_out + n), n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce: none, count 0", gpuscan_i32_add_segmented_reduce(NULL, NULL, NULL, NULL, 0, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce: count over the heads", gpuscan_i32_add_segmented_reduce(d_in, d_h, d_out, (size_t *)(void *)d_h,
                                                                                    n, 0), GPUSCAN_ERROR_OVERLAP},
        {"segmented reduce: count inside the output", gpuscan_i32_add_segmented_reduce(d_in, d_h, d_out,
                                                                                       (size_t *)(d_out + 8), n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"segmented reduce rows: NULL output", gpuscan_i32_add_segmented_reduce_rows(d_in, NULL, 10, 100, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce rows: of length 0, NULL output", gpuscan_i32_add_segmented_reduce_rows(NULL, NULL, 10, 0, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce rows: none", gpuscan_i32_add_segmented_reduce_rows(NULL, NULL, 0, 100, 0), GPUSCAN_SUCCESS},
        {"segmented reduce rows: too many", gpuscan_i32_add_segmented_reduce_rows(d_in, d_out, SIZE_MAX / 2, 0, 0),
         GPUSCAN_ERROR_TOO_LARGE},
        {"segmented reduce rows: output inside the input", gpuscan_i32_add_segmented_reduce_rows(d_in, d_in + 3, 10, 100, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"segmented reduce offsets: in place", gpuscan_i32_add_segmented_reduce_offsets32(d_in, d_in + n, 10, d_in, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"segmented reduce offsets: NULL", gpuscan_i32_add_segmented_reduce_offsets(d_in, NULL, 10, d_out, n, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce offsets: none", gpuscan_i32_add_segmented_reduce_offsets(NULL, NULL, 0, NULL, n, 0),
         GPUSCAN_SUCCESS},
        {"segmented reduce offsets: over the output", gpuscan_i32_add_segmented_reduce_offsets32(d_in, d_out + 4, 10, d_out,
                                                                                                  n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"segmented reduce offsets _ex: workspace over the output",
         (bytes = 1 << 20, gpuscan_i32_add_segmented_reduce_offsets32_ex(d_out, &bytes, d_in, d_in + n, 10, d_out + 8, n, 0)),
         GPUSCAN_ERROR_OVERLAP},
        {"_ex: NULL size", gpuscan_i32_add_segmented_scan_ex(NULL, NULL, d_in, d_h, d_out, n, GPUSCAN_INCLUSIVE, 0, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce offsets _ex: NULL size",
         gpuscan_i32_add_segmented_reduce_offsets32_ex(NULL, NULL, d_in, d_in + n, 10, d_out, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"segmented reduce rows _ex: NULL size", gpuscan_i32_add_segmented_reduce_rows_ex(NULL, NULL, d_in, d_out, 10, 100, 0),
         GPUSCAN_ERROR_NULL_POINTER},
        {"_ex: workspace too small", (bytes = 1, gpuscan_i32_add_segmented_scan_ex(d_in + n, &bytes, d_in, d_h, d_out, n,
                                                                              GPUSCAN_INCLUSIVE, 0, 0)),
         GPUSCAN_ERROR_WORKSPACE_TOO_SMALL},
        {"_ex: workspace over the output", (bytes = 1 << 20, gpuscan_i32_add_segmented_scan_ex(d_out, &bytes, d_in, d_h,
                                                                                          d_out, n, GPUSCAN_INCLUSIVE, 0, 0)),
         GPUSCAN_ERROR_OVERLAP},
    };
    expect_refusals(c, sizeof c / sizeof c[0], d_in, d_out, n, "");
    unsigned char *hb = (unsigned char *)malloc(n);
    CHECK_CUDA(cudaMemcpy(hb, d_h, n, cudaMemcpyDeviceToHost));
    int ones = 1;
    for (size_t i = 0; i < n; ++i) ones &= hb[i] == 1;
    EXPECT(ones, "a refused call changed the heads");
    free(hb);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_h));
}

/* Reductions of segments with no elements (n = 0): the identity each, nothing past them. */
static void reduce_empty(void)
{
    affine *d_out, got[8 + GUARD_ELEMS];
    long long *d_off;
    const long long offs[3] = {0, 0, 0};
    CHECK_CUDA(cudaMalloc(&d_out, sizeof got));
    CHECK_CUDA(cudaMalloc(&d_off, sizeof offs));
    CHECK_CUDA(cudaMemcpy(d_off, offs, sizeof offs, cudaMemcpyHostToDevice));
    for (int form = 0; form < 3; ++form) {
        size_t bytes = 0;
        poison(d_out, sizeof got, 0);
        gpuscan_status st = form == 0 ? gpuscan_affine_compose_segmented_reduce_rows(NULL, d_out, 8, 0, 0)
                            : form == 1 ? gpuscan_affine_compose_segmented_reduce_offsets(NULL, d_off, 3, d_out, 0, 0)
                                        : gpuscan_affine_compose_segmented_reduce_rows_ex(NULL, &bytes, NULL, d_out, 8, 0, 0);
        if (form == 2 && st == GPUSCAN_SUCCESS) /* (the query wrote nothing; now the call) */
            st = gpuscan_affine_compose_segmented_reduce_rows_ex(workspace_for(bytes), &bytes, NULL, d_out, 8, 0, 0);
        EXPECT(st == GPUSCAN_SUCCESS, "reduce of no elements, form %d: %s", form, gpuscan_status_string(st));
        CHECK_CUDA(cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost));
        const size_t m = form == 1 ? 3 : 8;
        const affine id = affine_identity();
        int ok = 1;
        for (size_t s = 0; s < m; ++s) ok &= same_bytes(&got[s], &id, sizeof(affine));
        EXPECT(ok && guard_intact(got + m, sizeof got - m * sizeof(affine)), "reduce of no elements, form %d: "
               "not the identities", form);
    }
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_off));
}

/* One case, `runs` times: 1- and 2-byte tiles store through their warps' unpadded stages, next to
 * the padded runs the items wait in (a race there showed in 4 of 400 runs of the uint8 case). */
#define REPEATS_(tname, P, T, GEN, COMBINE)                                                         \
    static void repeats_##tname(int runs, uint64_t *rng)                                            \
    {                                                                                               \
        const size_t n = ((size_t)1 << 21) + 64;                                                    \
        T *h = (T *)malloc(n * sizeof(T)), *want = (T *)malloc(n * sizeof(T)), *got = (T *)malloc(n * sizeof(T)); \
        unsigned char *hd = (unsigned char *)malloc(n), *d_h;                                       \
        T *d_in, *d_out;                                                                            \
        for (size_t i = 0; i < n; ++i) h[i] = GEN(rng);                                             \
        fill_heads(hd, n, H_1PCT, GPUSCAN_TILE_(CO, T), rng);                                       \
        for (size_t i = 0; i < n; ++i) want[i] = (i == 0 || hd[i]) ? h[i] : COMBINE(want[i - 1], h[i]); \
        CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(T)));                                               \
        CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(T)));                                              \
        CHECK_CUDA(cudaMalloc(&d_h, n));                                                            \
        CHECK_CUDA(cudaMemcpy(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice));                     \
        CHECK_CUDA(cudaMemcpy(d_h, hd, n, cudaMemcpyHostToDevice));                                 \
        int differ = 0;                                                                             \
        for (int r = 0; r < runs; ++r) {                                                            \
            poison(d_out, n * sizeof(T), 0);                                                        \
            const gpuscan_status st = P##_inclusive(d_in, d_h, d_out, n, 0);                        \
            EXPECT(st == GPUSCAN_SUCCESS, "repeats %s: %s", #tname, gpuscan_status_string(st));    \
            CHECK_CUDA(cudaMemcpy(got, d_out, n * sizeof(T), cudaMemcpyDeviceToHost));              \
            differ += memcmp(got, want, n * sizeof(T)) != 0;                                        \
        }                                                                                           \
        EXPECT(differ == 0, "repeats %s: %d of %d runs differ", #tname, differ, runs);             \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        CHECK_CUDA(cudaFree(d_out));                                                                \
        CHECK_CUDA(cudaFree(d_h));                                                                  \
        free(h), free(want), free(got), free(hd);                                                   \
    }
REPEATS_(u8, gpuscan_u8_max_segmented, uint8_t, value_u8, MAX_)
REPEATS_(i16, gpuscan_i16_add_segmented, int16_t, value_i16, ADD16_)

/* uint8 max past 2^32 elements (segment_cases.h: large_upload): each value is the most of its
 * segment so far, known in closed form; then one row, and reductions. */
static void large(void)
{
    const size_t n = LARGE_N_;
    large_arrays a = {NULL, NULL, NULL};
    if (!large_upload(&a, 0)) return;
    uint8_t *d_in = a.in, *d_out = a.out;
    unsigned char *d_h = a.heads;
    gpuscan_status st = gpuscan_u8_max_segmented_inclusive(d_in, d_h, d_out, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large: %s", gpuscan_status_string(st));
    const size_t probes[] = {0, 250, 999, 1000, LARGE_ODD_HEAD_ - 1, LARGE_ODD_HEAD_, LARGE_ODD_HEAD_ + 1, n - 1};
    expect_large_most(d_out, probes, 8, 0, "large");
    /* by key: the same segments as uint8 keys */
    large_upload(&a, 1);
    st = gpuscan_u8_max_by_key_inclusive(d_h, d_in, d_out, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large by key: %s", gpuscan_status_string(st));
    expect_large_most(d_out, probes, 8, 0, "large by key");
    /* the rows form: one row of 2^32 + 3 elements (its tiles past 2^32 too), the most so far */
    const size_t row = ((size_t)1 << 32) + 3, rows = n / row;
    st = gpuscan_u8_max_segmented_rows_inclusive(d_in, d_out, rows, row, 0);
    EXPECT(rows == 1 && st == GPUSCAN_SUCCESS, "large rows: %s", gpuscan_status_string(st));
    const size_t rprobes[] = {0, 249, 250, row - 1};
    for (int k = 0; k < 4; ++k) {
        uint8_t v = 0;
        const size_t i = rprobes[k];
        CHECK_CUDA(cudaMemcpy(&v, d_out + i, 1, cudaMemcpyDeviceToHost));
        EXPECT(v == (uint8_t)(i < 250 ? i : 250), "large rows: out[%zu] = %u", i, v);
    }
    /* reductions: that row's most (250); every element a head, n segments (a count past 2^32: the
     * pair's high half), each its own value */
    st = gpuscan_u8_max_segmented_reduce_rows(d_in, d_out, rows, row, 0);
    uint8_t most = 0;
    CHECK_CUDA(cudaMemcpy(&most, d_out, 1, cudaMemcpyDeviceToHost));
    EXPECT(st == GPUSCAN_SUCCESS && most == 250, "large rows reduction: %s, %u", gpuscan_status_string(st), most);
    size_t *d_count, count = 0;
    CHECK_CUDA(cudaMalloc(&d_count, sizeof(size_t)));
    CHECK_CUDA(cudaMemset(d_h, 1, n));
    st = gpuscan_u8_max_segmented_reduce(d_in, d_h, d_out, d_count, n, 0);
    CHECK_CUDA(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    EXPECT(st == GPUSCAN_SUCCESS && count == n, "large reduction by heads: %s, %zu segments", gpuscan_status_string(st),
           count);
    for (int k = 0; k < 8; ++k) {
        uint8_t v = 0;
        CHECK_CUDA(cudaMemcpy(&v, d_out + probes[k], 1, cudaMemcpyDeviceToHost));
        EXPECT(v == (uint8_t)(probes[k] % 251), "large reduction by heads: out[%zu] = %u", probes[k], v);
    }
    CHECK_CUDA(cudaFree(d_count));
    large_free(&a);
}

int main(int argc, char **argv)
{
    require_gpu("gpu_segmented");
    if (argc > 1 && strcmp(argv[1], "--large") == 0) { /* (the cases past 2^32 alone) */
        large();
        return test_finish("gpu_segmented --large");
    }
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 22);
    suite_i32(&rng, max_random);
    suite_u8(&rng, max_random);
    suite_i16(&rng, max_random);
    suite_f32(&rng, max_random);
    suite_f64(&rng, max_random);
    suite_affine(&rng, max_random);
    suite_mat2(&rng, max_random);
    suite_rgb(&rng, max_random);
    suite_vec10(&rng, max_random);
    suite_flags(&rng, max_random);
    suite_at(&rng, max_random);
    suite_lo8(&rng, max_random);
    suite_f2i(&rng, max_random);
    reduce_suite_i32(&rng, max_random);
    reduce_suite_i16(&rng, max_random);
    reduce_suite_f32(&rng, max_random);
    reduce_suite_affine(&rng, max_random);
    reduce_suite_mat2(&rng, max_random);
    reduce_suite_vec10(&rng, max_random);
    reduce_suite_flags(&rng, max_random);
    reduce_suite_at(&rng, max_random);
    reduce_suite_lo8(&rng, max_random);
    reduce_suite_bix(&rng, max_random);
    reduce_empty();
    bad_inputs();
    const char *big = getenv("GPUSCAN_TEST_SEGMENTED_LARGE");
    repeats_u8(big && atoi(big) ? 400 : 40, &rng);
    repeats_i16(big && atoi(big) ? 400 : 40, &rng);
    if (big && atoi(big)) large();
    return test_finish("gpu_segmented");
}
