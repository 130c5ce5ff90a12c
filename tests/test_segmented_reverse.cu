/* tests/test_segmented_reverse.cu - reverse (suffix) segmented scans and reverse scans by key
 * (GPUSCAN_DEFINE_REVERSE_SEGMENTED, _REVERSE_SCAN_BY_KEY) against a CPU loop that folds each
 * segment from its last element back: the cases and suite of test_segmented.cu (segment_cases.h:
 * every size, head pattern, source - heads, rows, int64 and int32 offsets (short ones' heads as
 * bits and searched, as there), keys - and form,
 * inclusive and exclusive, simple and _ex, in place, off 16 bytes) for int32 add, uint8 max, int16
 * add (packed), float add (against a double reference), affine maps (an operator that does not
 * commute: the operands' order) and 40-byte vectors (one item a thread); bad arguments refused as
 * the forward forms'.  GPUSCAN_TEST_SEGMENTED_LARGE=1 (the exhaustive tier) adds uint8 past 2^32
 * elements by heads and by keys; `gpu_segmented_reverse --large` runs those alone. */

#include "segment_cases.h"

GPUSCAN_DEFINE_REVERSE_SEGMENTED(i32, int, add)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(u8, uint8_t, max)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(i16, int16_t, add)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(f32, float, add)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(affine, affine, compose)
GPUSCAN_DEFINE_REVERSE_SEGMENTED(vec10, vec10, vadd)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(i32, int, int, add)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(u8, uint8_t, uint8_t, max)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EQUAL(i16, pkey, int16_t, add, pkey_same)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(f32, long long, float, add) /* (keys compared one by one) */
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(affine, int16_t, affine, compose)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(vec10, int, vec10, vadd)

SEGMENT_CASE_(i32, gpuscan_i32_add_reverse_segmented, gpuscan_i32_add_reverse_by_key, int, int, STAGE_AS_IS_, 0,
              value_i32, int, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_, exact_int, int, key_next_int, 1, 1)
SEGMENT_CASE_(u8, gpuscan_u8_max_reverse_segmented, gpuscan_u8_max_reverse_by_key, uint8_t, uint8_t, STAGE_AS_IS_,
              (uint8_t)0, value_u8, uint8_t, AS_IS_, MAX_, ABS_NONE_, MAG_NONE_, exact_uint8_t, uint8_t,
              key_next_uint8_t, 1, 1)
SEGMENT_CASE_(i16, gpuscan_i16_add_reverse_segmented, gpuscan_i16_add_reverse_by_key, int16_t, int16_t, STAGE_AS_IS_,
              (int16_t)0, value_i16, int16_t, AS_IS_, ADD16_, ABS_NONE_, MAG_NONE_, exact_int16_t, pkey,
              key_next_pkey, 1, 1)
SEGMENT_CASE_(f32, gpuscan_f32_add_reverse_segmented, gpuscan_f32_add_reverse_by_key, float, float, STAGE_AS_IS_,
              0.0f, value_f32, double, TO_DOUBLE_, ADD_, ABS_DOUBLE_, ADD_, close_f32, long long, key_next_ll, 1, 1)
SEGMENT_CASE_(affine, gpuscan_affine_compose_reverse_segmented, gpuscan_affine_compose_reverse_by_key, affine, affine,
              STAGE_AS_IS_, affine_identity(), value_affine, affine, AS_IS_, affine_then, ABS_NONE_, MAG_NONE_,
              exact_affine, int16_t, key_next_int16_t, 1, 1)
SEGMENT_CASE_(vec10, gpuscan_vec10_vadd_reverse_segmented, gpuscan_vec10_vadd_reverse_by_key, vec10, vec10,
              STAGE_AS_IS_, vec10_zero(), value_vec10, vec10, AS_IS_, vec10_add, ABS_NONE_, MAG_NONE_, exact_vec10,
              int, key_next_int, 1, 1)
SEGMENT_SUITE_(i32, int)
SEGMENT_SUITE_(u8, uint8_t)
SEGMENT_SUITE_(i16, int16_t)
SEGMENT_SUITE_(f32, float)
SEGMENT_SUITE_(affine, affine)
SEGMENT_SUITE_(vec10, vec10)

/* Bad arguments: the forward forms' checks and status codes, nothing written. */
static void bad_inputs(void)
{
    int *d_in, *d_out, *d_keys;
    unsigned char *d_h;
    long long *d_off;
    size_t bytes = 0;
    const size_t n = 1000;
    CHECK_CUDA(cudaMalloc(&d_in, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_out, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_keys, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_h, n));
    CHECK_CUDA(cudaMalloc(&d_off, 8 * sizeof(long long)));
    CHECK_CUDA(cudaMemset(d_h, 1, n));
    CHECK_CUDA(cudaMemset(d_in, 0, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMemset(d_keys, 0, n * sizeof(int)));
    CHECK_CUDA(cudaMemset(d_off, 0, 8 * sizeof(long long)));
    poison(d_out, 2 * n * sizeof(int), 0);
    refusal c[] = {
        {"NULL input", gpuscan_i32_add_reverse_segmented_inclusive(NULL, d_h, d_out, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL heads", gpuscan_i32_add_reverse_segmented_exclusive(d_in, NULL, d_out, n, 0, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"NULL keys", gpuscan_i32_add_reverse_by_key_inclusive(NULL, d_in, d_out, n, 0), GPUSCAN_ERROR_NULL_POINTER},
        {"output over the input", gpuscan_i32_add_reverse_segmented_inclusive(d_out + 1, d_h, d_out, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"output over the keys", gpuscan_i32_add_reverse_by_key_inclusive(d_out + 3, d_in, d_out, n, 0),
         GPUSCAN_ERROR_OVERLAP},
        {"offsets misaligned", gpuscan_i32_add_reverse_segmented_offsets_inclusive(
                                   d_in, (const long long *)(const void *)((char *)d_off + 4), 3, d_out, n, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"output misaligned", gpuscan_i32_add_reverse_segmented_rows_inclusive(
                                  d_in, (int *)(void *)((char *)d_out + 2), 10, n / 10, 0),
         GPUSCAN_ERROR_MISALIGNED},
        {"rows too many", gpuscan_i32_add_reverse_segmented_rows_inclusive(d_in, d_out, SIZE_MAX / 2, 4, 0),
         GPUSCAN_ERROR_TOO_LARGE},
        {"unknown kind", gpuscan_i32_add_reverse_segmented_scan_ex(NULL, &bytes, d_in, d_h, d_out, n, (gpuscan_kind)7,
                                                                   0, 0),
         GPUSCAN_ERROR_INVALID_ALGORITHM},
        {"unknown kind by key", gpuscan_i32_add_reverse_by_key_scan_ex(NULL, &bytes, d_keys, d_in, d_out, n,
                                                                       (gpuscan_kind)7, 0, 0),
         GPUSCAN_ERROR_INVALID_ALGORITHM},
    };
    expect_refusals(c, sizeof c / sizeof c[0], d_in, d_out, n, "reverse: ");
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_keys));
    CHECK_CUDA(cudaFree(d_h));
    CHECK_CUDA(cudaFree(d_off));
}

/* uint8 max past 2^32 elements by heads and by the same segments as runs of uint8 keys
 * (segment_cases.h: large_upload): each value the most of its segment from there on. */
static void large(void)
{
    const size_t n = LARGE_N_, odd = LARGE_ODD_HEAD_;
    large_arrays a = {NULL, NULL, NULL};
    if (!large_upload(&a, 0)) return;
    const size_t probes[] = {0, 250, 998, 999, 1000, odd - 2, odd - 1, odd, odd + 1, n - 1};
    gpuscan_status st = gpuscan_u8_max_reverse_segmented_inclusive(a.in, a.heads, a.out, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large: %s", gpuscan_status_string(st));
    expect_large_most(a.out, probes, 10, 1, "large reverse");
    large_upload(&a, 1);
    st = gpuscan_u8_max_reverse_by_key_inclusive(a.heads, a.in, a.out, n, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "large by key: %s", gpuscan_status_string(st));
    expect_large_most(a.out, probes, 10, 1, "large reverse by key");
    large_free(&a);
}

int main(int argc, char **argv)
{
    require_gpu("gpu_segmented_reverse");
    if (argc > 1 && strcmp(argv[1], "--large") == 0) {
        large();
        return test_finish("gpu_segmented_reverse --large");
    }
    uint64_t rng = test_seed();
    const size_t max_random = test_max_random((size_t)1 << 22);
    suite_i32(&rng, max_random);
    suite_u8(&rng, max_random);
    suite_i16(&rng, max_random);
    suite_f32(&rng, max_random);
    suite_affine(&rng, max_random);
    suite_vec10(&rng, max_random);
    bad_inputs();
    const char *big = getenv("GPUSCAN_TEST_SEGMENTED_LARGE");
    if (big && atoi(big)) large();
    return test_finish("gpu_segmented_reverse");
}
