/* tests/test_axis.cu - scans along an axis (gpuscan/axis.cuh) against a CPU loop down each
 * sequence: inclusive and exclusive, forward and reverse, the simple, view and _ex forms, for int32
 * add and min, uint8 max, int16 add (wrapping), int64 add, float add (against a double reference),
 * double add, and custom operators that do not commute (custom_ops.h: an affine map, a 2x2 matrix
 * product) or are 3 or 40 bytes wide; typed (bytes into int, (int, index) into affine maps, float
 * into int in place too).  Shapes: axes of length 1, 2, 31-33, a tile's rows +- 1 and
 * long, and the short axis' longest +- 0/1; inner 1 (the last axis), 2, 3, a tile's columns +- 1
 * and wide; one or several outer indices; packed, with a length stride (a row pitch) and an outer
 * stride wider than the data; in place (the last axis of packed rows of 8 or more goes to the
 * segmented scans' rows form, short axes of many columns a thread a column, the rest to the axis'
 * own tiles: the larger shapes reach all three, the small cases at random).  Outputs poisoned:
 * every element of the view checked, the gaps between its rows and the guard past its end left as
 * they were, the input untouched.  Bad arguments refused with nothing
 * written.  `gpu_axis --shapes` runs the larger shapes alone (2^20 x 2 and 2^22 x 8 along axis 0,
 * 2 x 2^22 along axis 1, 2048 x 2048 along both, and more); `--small` the small cases alone, one
 * round (for compute-sanitizer, run by hand); `--large` uint8 past 2^32 elements. */

#include "test_lib.h"
#include "test_values.h"

GPUSCAN_DEFINE_AXIS(i32, int, add)
GPUSCAN_DEFINE_AXIS(i32, int, min)
GPUSCAN_DEFINE_AXIS(u8, uint8_t, max)
GPUSCAN_DEFINE_AXIS(i16, int16_t, add)
GPUSCAN_DEFINE_AXIS(i64, int64_t, add)
GPUSCAN_DEFINE_AXIS(f32, float, add)
GPUSCAN_DEFINE_AXIS(f64, double, add)
GPUSCAN_DEFINE_AXIS(affine, affine, compose) /* (custom_ops.h: operators that do not commute) */
GPUSCAN_DEFINE_AXIS(mat2, mat2, matmul)      /* 16 bytes: values in slots */
GPUSCAN_DEFINE_AXIS(rgb, rgb, rgbadd)        /* 3 bytes */
GPUSCAN_DEFINE_AXIS(vec10, vec10, vadd)      /* 40 bytes */
/* typed: bytes into int (an integral image's), (int, index) made affine maps (custom_ops.h), float
 * into int (as wide: in place too) */
GPUSCAN_DEFINE_AXIS_CONVERT(u8i32, uint8_t, int, add)
GPUSCAN_DEFINE_AXIS_TRANSFORM(at, int, affine, compose, affine_of)
GPUSCAN_DEFINE_AXIS_CONVERT(f2i, float, int, add)


/* A view and its elements' places. */
typedef struct {
    gpuscan_axis v;
    size_t ls, os, extent; /* the strides made explicit; elements from the first to past the last */
    int packed;            /* no gaps: every element of the extent is in the view */
} shape_t;
static shape_t shape_of(size_t outer, size_t length, size_t inner, size_t lpad, size_t opad, int reverse)
{
    shape_t s;
    s.v.outer = outer, s.v.length = length, s.v.inner = inner, s.v.reverse = reverse;
    s.ls = inner + lpad;
    s.os = (length - 1) * s.ls + inner + opad;
    s.v.length_stride = lpad == 0 ? 0 : s.ls; /* (0: packed, the default) */
    s.v.outer_stride = opad == 0 ? 0 : s.os;
    s.extent = (outer - 1) * s.os + (length - 1) * s.ls + inner;
    s.packed = (lpad == 0 || length == 1) && (opad == 0 || outer == 1);
    return s;
}
static size_t at_of(const shape_t *s, size_t o, size_t l, size_t i) { return o * s->os + l * s->ls + i; }
/* whether element e of the extent is in the view (else a gap between its rows or outer indices) */
static int in_view(const shape_t *s, size_t e)
{
    if (s->packed) return 1;
    const size_t o = e / s->os, r = e % s->os;
    return r % s->ls < s->v.inner && r / s->ls < s->v.length && o < s->v.outer;
}

/* One case of (tname, P, T): a view (shape), inclusive or exclusive, the form (0: simple packed,
 * 1: view, 2: _ex), in place or not.  The reference runs in RT (double for float) beside each
 * element's magnitude (the sum of |x| down its sequence: float's tolerance). */
enum { FORM_SIMPLE, FORM_VIEW, FORM_EX, FORM_COUNT };
static const char *const k_forms[] = {"simple", "view", "_ex"};
/* One case of (tname, TIn -> T through STAGE(x, i), i the element's index in the input; T for a
 * plain DEFINE): the view s, inclusive or exclusive, a form, in place (only where TIn is as wide). */
#define AXIS_CASE_(tname, P, TIn, T, STAGE, GEN, RT, TO_RT, RCOMBINE, RABS, RMAG, CLOSE)            \
    static void case_##tname(const shape_t *s, int exclusive, int form, int in_place, uint64_t *rng) \
    {                                                                                               \
        const size_t m = s->extent, total = m + GUARD_ELEMS;                                        \
        const gpuscan_axis *v = &s->v;                                                              \
        TIn *h = (TIn *)malloc(m * sizeof(TIn));                                                    \
        T *got = (T *)malloc(total * sizeof(T)), *poisoned = (T *)malloc(total * sizeof(T));        \
        RT *want = (RT *)malloc(m * sizeof(RT)), *mag = (RT *)malloc(m * sizeof(RT));              \
        const T init = STAGE(GEN(rng), 0);                                                          \
        in_place = in_place && sizeof(TIn) == sizeof(T);                                            \
        for (size_t e = 0; e < m; ++e) h[e] = GEN(rng);                                             \
        const size_t cols = v->outer * v->inner; /* the reference, down the sequences side by side */ \
        RT *acc = (RT *)malloc(cols * sizeof(RT)), *accm = (RT *)malloc(cols * sizeof(RT));        \
        for (size_t c = 0; c < cols; ++c) acc[c] = TO_RT(init), accm[c] = RABS(TO_RT(init));        \
        for (size_t k = 0; k < v->length; ++k) {                                                    \
            const int has = exclusive || k > 0;                                                     \
            for (size_t c = 0; c < cols; ++c) {                                                     \
                const size_t e = at_of(s, c / v->inner, v->reverse ? v->length - 1 - k : k, c % v->inner); \
                if (exclusive) want[e] = acc[c], mag[e] = accm[c];                                  \
                const RT x = TO_RT(STAGE(h[e], e));                                                 \
                acc[c] = has ? RCOMBINE(acc[c], x) : x;                                             \
                accm[c] = has ? RMAG(accm[c], RABS(x)) : RABS(x);                                   \
                if (!exclusive) want[e] = acc[c], mag[e] = accm[c];                                 \
            }                                                                                       \
        }                                                                                           \
        free(acc), free(accm);                                                                      \
        TIn *d_in;                                                                                  \
        T *d_out;                                                                                   \
        CHECK_CUDA(cudaMalloc(&d_in, total * sizeof(TIn)));                                         \
        CHECK_CUDA(cudaMalloc(&d_out, total * sizeof(T)));                                          \
        CHECK_CUDA(cudaMemcpy(d_in, h, m * sizeof(TIn), cudaMemcpyHostToDevice));                   \
        poison(d_out, total * sizeof(T), 0);                                                        \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        CHECK_CUDA(cudaMemcpy(poisoned, d_out, total * sizeof(T), cudaMemcpyDeviceToHost));         \
        if (in_place) CHECK_CUDA(cudaMemcpy(d_out, h, m * sizeof(T), cudaMemcpyHostToDevice));     \
        const TIn *in = in_place ? (const TIn *)(const void *)d_out : d_in;                         \
        const gpuscan_kind kind = exclusive ? GPUSCAN_EXCLUSIVE : GPUSCAN_INCLUSIVE;                \
        gpuscan_status st = GPUSCAN_SUCCESS;                                                        \
        size_t bytes = 0;                                                                           \
        if (form == FORM_EX) { /* the size query, then the call in the workspace asked */           \
            st = P##_scan_ex(NULL, &bytes, in, d_out, v, kind, init, 0);                            \
            if (st == GPUSCAN_SUCCESS) st = P##_scan_ex(workspace_for(bytes), &bytes, in, d_out, v, kind, init, 0); \
        } else if (form == FORM_VIEW)                                                               \
            st = exclusive ? P##_view_exclusive(in, d_out, v, init, 0) : P##_view_inclusive(in, d_out, v, 0); \
        else                                                                                        \
            st = exclusive ? P##_exclusive(in, d_out, v->outer, v->length, v->inner, init, 0)       \
                           : P##_inclusive(in, d_out, v->outer, v->length, v->inner, 0);            \
        EXPECT(st == GPUSCAN_SUCCESS, "%s: %s", #tname, gpuscan_status_string(st));                 \
        CHECK_CUDA(cudaDeviceSynchronize());                                                        \
        CHECK_CUDA(cudaMemcpy(got, d_out, total * sizeof(T), cudaMemcpyDeviceToHost));              \
        size_t bad = m, gap = m;                                                                    \
        for (size_t e = 0; e < m && gap == m; ++e) /* a gap keeps what was there */                 \
            if (!in_view(s, e) && memcmp(got + e, in_place ? (const void *)(h + e) : (const void *)(poisoned + e), \
                                         sizeof(T)) != 0)                                           \
                gap = e;                                                                            \
        const int close = CLOSE(got, want, mag, s, &bad);                                           \
        EXPECT(close && gap == m, "%s (%zu, %zu, %zu) strides %zu %zu%s %s %s%s: element %zu (of %zu) " \
               "differs, gap %zu written", #tname, v->outer, v->length, v->inner, s->ls, s->os,      \
               v->reverse ? " reverse" : "", exclusive ? "exclusive" : "inclusive", k_forms[form],  \
               in_place ? " in place" : "", bad, m, gap);                                           \
        EXPECT(guard_intact(got + m, GUARD_ELEMS * sizeof(T)), "%s: written past the end", #tname); \
        if (!in_place) {                                                                            \
            TIn *back = (TIn *)malloc(m * sizeof(TIn));                                             \
            CHECK_CUDA(cudaMemcpy(back, d_in, m * sizeof(TIn), cudaMemcpyDeviceToHost));            \
            EXPECT(memcmp(back, h, m * sizeof(TIn)) == 0, "%s: the input changed", #tname);         \
            free(back);                                                                             \
        }                                                                                           \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        CHECK_CUDA(cudaFree(d_out));                                                                \
        free(h), free(got), free(poisoned), free(want), free(mag);                                  \
    }
/* exact types: every element of the view, bytes for bytes */
#define EXACT_(T)                                                                                   \
    static int exact_##T(const T *got, const T *want, const T *mag, const shape_t *s, size_t *bad)  \
    {                                                                                               \
        (void)mag;                                                                                  \
        for (size_t e = 0; e < s->extent; ++e)                                                      \
            if (in_view(s, e) && memcmp(got + e, want + e, sizeof(T)) != 0) return *bad = e, 0;     \
        return 1;                                                                                   \
    }
EXACT_(int)
EXACT_(uint8_t)
EXACT_(int16_t)
EXACT_(int64_t)
EXACT_(double)
EXACT_(affine)
EXACT_(mat2)
EXACT_(rgb)
EXACT_(vec10)
/* float: within a relative 1e-5 of the double reference's magnitude down the sequence */
static int close_f32(const float *got, const double *want, const double *mag, const shape_t *s, size_t *bad)
{
    for (size_t e = 0; e < s->extent; ++e)
        if (in_view(s, e) && !(fabs((double)got[e] - want[e]) <= 1e-5 * mag[e] + 1e-6)) return *bad = e, 0;
    return 1;
}
AXIS_CASE_(i32, gpuscan_i32_add_axis, int, int, STAGE_AS_IS_, value_i32, int, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_,
           exact_int)
AXIS_CASE_(i32min, gpuscan_i32_min_axis, int, int, STAGE_AS_IS_, value_i32, int, AS_IS_, MIN_, ABS_NONE_, MAG_NONE_,
           exact_int)
AXIS_CASE_(u8, gpuscan_u8_max_axis, uint8_t, uint8_t, STAGE_AS_IS_, value_u8, uint8_t, AS_IS_, MAX_, ABS_NONE_,
           MAG_NONE_, exact_uint8_t)
AXIS_CASE_(i16, gpuscan_i16_add_axis, int16_t, int16_t, STAGE_AS_IS_, value_i16, int16_t, AS_IS_, ADD16_, ABS_NONE_,
           MAG_NONE_, exact_int16_t)
AXIS_CASE_(i64, gpuscan_i64_add_axis, int64_t, int64_t, STAGE_AS_IS_, value_i64, int64_t, AS_IS_, ADD64_, ABS_NONE_,
           MAG_NONE_, exact_int64_t)
AXIS_CASE_(f32, gpuscan_f32_add_axis, float, float, STAGE_AS_IS_, value_f32, double, TO_DOUBLE_, ADD_, ABS_DOUBLE_,
           ADD_, close_f32)
AXIS_CASE_(f64, gpuscan_f64_add_axis, double, double, STAGE_AS_IS_, value_f64, double, AS_IS_, ADD_, ABS_NONE_,
           MAG_NONE_, exact_double)
AXIS_CASE_(affine, gpuscan_affine_compose_axis, affine, affine, STAGE_AS_IS_, value_affine, affine, AS_IS_,
           affine_then, AS_IS_, MAG_NONE_, exact_affine)
AXIS_CASE_(mat2, gpuscan_mat2_matmul_axis, mat2, mat2, STAGE_AS_IS_, value_mat2, mat2, AS_IS_, mat2_mul, AS_IS_,
           MAG_NONE_, exact_mat2)
AXIS_CASE_(rgb, gpuscan_rgb_rgbadd_axis, rgb, rgb, STAGE_AS_IS_, value_rgb, rgb, AS_IS_, rgb_add, AS_IS_, MAG_NONE_,
           exact_rgb)
AXIS_CASE_(vec10, gpuscan_vec10_vadd_axis, vec10, vec10, STAGE_AS_IS_, value_vec10, vec10, AS_IS_, vec10_add, AS_IS_,
           MAG_NONE_, exact_vec10)
/* typed */
AXIS_CASE_(u8i32, gpuscan_u8i32_add_axis, uint8_t, int, STAGE_TO_INT_, value_u8, int, AS_IS_, ADD_, ABS_NONE_,
           MAG_NONE_, exact_int)
AXIS_CASE_(at, gpuscan_at_compose_axis, int, affine, affine_of, value_i32, affine, AS_IS_, affine_then, AS_IS_,
           MAG_NONE_, exact_affine)
AXIS_CASE_(f2i, gpuscan_f2i_add_axis, float, int, STAGE_TO_INT_, value_f32, int, AS_IS_, ADD_, ABS_NONE_, MAG_NONE_,
           exact_int)

typedef void (*case_fn)(const shape_t *, int, int, int, uint64_t *);
typedef struct {
    const char *name;
    case_fn run;
    long elements; /* a tile's at most (GPUSCAN_AXIS_ELEMENTS) */
} type_t;
#define TYPE_(name, T) {#name, case_##name, GPUSCAN_AXIS_ELEMENTS(T)}
static const type_t k_types[] = {TYPE_(i32, int),      TYPE_(i32min, int),   TYPE_(u8, uint8_t),
                                 TYPE_(i16, int16_t),  TYPE_(i64, int64_t),  TYPE_(f32, float),
                                 TYPE_(f64, double),   TYPE_(affine, affine), TYPE_(mat2, mat2),
                                 TYPE_(rgb, rgb),      TYPE_(vec10, vec10),  TYPE_(u8i32, int),
                                 TYPE_(at, affine),    TYPE_(f2i, int)};
#define N_TYPES ((int)(sizeof k_types / sizeof k_types[0]))

/* The tile of a type's view (the host's geometry: a test hook below the API). */
static gpuscan_axis_geometry_ geometry(long elements, size_t outer, size_t length, size_t inner)
{
    const gpuscan_axis v = {outer, length, inner, 0, 0, 0};
    gpuscan_axis_geometry_ g;
    gpuscan_axis_geometry_of_(&v, 1, (unsigned)elements, GPUSCAN_AXIS_THREADS, &g);
    return g;
}

/* Every type over shapes around its tile (rows and columns +- 1), the edge lengths, a pitch and an
 * outer stride, reverse, every form; `budget` elements at most a case. */
static void run_types(uint64_t *rng, size_t budget)
{
    for (int t = 0; t < N_TYPES; ++t) {
        const type_t *ty = &k_types[t];
        const size_t inners[] = {1, 2, 3, 8, 31, 256, 257, 700, GPUSCAN_AXIS_SHORT_MIN_COLUMNS + 3};
        for (size_t ii = 0; ii < sizeof inners / sizeof inners[0]; ++ii) {
            const size_t inner = inners[ii];
            const gpuscan_axis_geometry_ g = geometry(ty->elements, 1, 1u << 30, inner);
            const size_t lengths[] = {1, 2, GPUSCAN_AXIS_SHORT_LENGTH, GPUSCAN_AXIS_SHORT_LENGTH + 1, 32, 33, g.rows - 1,
                                      g.rows, g.rows + 1, 3 * g.rows + 5, 1 + rng_next(rng) % (8 * g.rows)};
            for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; ++li) {
                const size_t length = lengths[li] == 0 ? 1 : lengths[li];
                const size_t outer = 1 + rng_next(rng) % 3;
                if (outer * length * inner > budget) continue;
                const int shape_kind = (int)(rng_next(rng) % 4); /* packed, pitch, outer stride, both */
                const size_t lpad = shape_kind & 1 ? 1 + rng_next(rng) % 5 : 0;
                const size_t opad = shape_kind & 2 ? 1 + rng_next(rng) % 7 : 0;
                const int reverse = (int)(rng_next(rng) % 4 == 0);
                int form = (int)(rng_next(rng) % FORM_COUNT);
                if (form == FORM_SIMPLE && (lpad || opad || reverse)) form = FORM_VIEW;
                const shape_t s = shape_of(outer, length, inner, lpad, opad, reverse);
                ty->run(&s, (int)(rng_next(rng) % 2), form, (int)(rng_next(rng) % 5 == 0), rng);
            }
        }
    }
}

/* Shapes of the issue, smaller: a long axis over a few columns, many columns over a short axis, a
 * square along each axis (and a few columns wider than a tile's), each inclusive and exclusive. */
static void run_shapes(uint64_t *rng)
{
    const size_t shapes[][3] = {{1, 1u << 20, 2}, {1, 1u << 22, 8}, {2, 1u << 22, 1}, {1, 2048, 2048},
                                {2048, 2048, 1}, {1, 1024, 4099}, {3, 5, 100000}, {100000, 7, 1}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)
        for (int exclusive = 0; exclusive < 2; ++exclusive) {
            const shape_t s = shape_of(shapes[k][0], shapes[k][1], shapes[k][2], 0, 0, 0);
            case_i32(&s, exclusive, exclusive ? FORM_EX : FORM_SIMPLE, 0, rng);
            case_f32(&s, exclusive, FORM_SIMPLE, 0, rng);
        }
    const shape_t pitched = shape_of(1, 3000, 1000, 24, 0, 1); /* a pitched matrix along axis 0, reversed */
    case_affine(&pitched, 0, FORM_VIEW, 0, rng);
    /* long rows that are not the rows form's (reversed; a row pitch): the axis' own tiles */
    const shape_t reversed = shape_of(2, (size_t)1 << 22, 1, 0, 0, 1), gapped = shape_of(3, 1000000, 1, 0, 17, 0);
    case_i32(&reversed, 1, FORM_VIEW, 0, rng);
    case_f32(&gapped, 0, FORM_EX, 0, rng);
    /* one stream's kept workspace, its states in another layout: 2 columns of 4-byte words (and
     * slots: mat2) after 1 column of 8-byte words, the same bytes a tile */
    const shape_t two = shape_of(1, 300000, 2, 0, 0, 0);
    case_i32(&reversed, 0, FORM_VIEW, 0, rng);
    case_mat2(&two, 0, FORM_SIMPLE, 0, rng);
    /* an integral image's two passes, bytes into int: down the columns, then along the rows (the rows
     * form), and (int, index) maps down a tall matrix */
    const shape_t down = shape_of(1, 2048, 2048, 0, 0, 0), along = shape_of(2048, 2048, 1, 0, 0, 0);
    const shape_t tall = shape_of(1, 100000, 37, 0, 0, 0);
    case_u8i32(&down, 0, FORM_SIMPLE, 0, rng);
    case_u8i32(&along, 1, FORM_EX, 0, rng);
    case_at(&tall, 0, FORM_VIEW, 0, rng);
}

/* Past 2^32 elements (`--large`): uint8 max, 2^20 + 3 steps of 4,099 columns along axis 0, the
 * same bytes as 2 rows along the last axis reversed (the axis' own tiles), then in place, and 2
 * steps of 2^31 + 7 columns reversed, exclusive (a thread a column). */
static void run_large(uint64_t *rng)
{
    const shape_t down = shape_of(1, ((size_t)1 << 20) + 3, 4099, 0, 0, 0);
    const shape_t along = shape_of(2, (((size_t)1 << 20) + 3) * 4099 / 2, 1, 0, 0, 1);
    const shape_t wide = shape_of(1, 2, ((size_t)1 << 31) + 7, 0, 0, 1);
    case_u8(&down, 0, FORM_SIMPLE, 0, rng);
    case_u8(&along, 1, FORM_VIEW, 1, rng);
    case_u8(&wide, 1, FORM_VIEW, 0, rng);
}

/* Bad arguments: refused with their status, nothing written. */
static void run_refused(void)
{
    int *d, *h = (int *)malloc(4096 * sizeof(int));
    CHECK_CUDA(cudaMalloc(&d, 4096 * sizeof(int)));
    poison(d, 4096 * sizeof(int), 0);
    size_t bytes = 0;
    gpuscan_axis ok = {2, 30, 10, 0, 0, 0}, v;
    struct {
        const char *what;
        gpuscan_status want, got;
    } c[20];
    int k = 0;
#define REFUSED_(what_, want_, expr)                                                                \
    c[k].what = what_, c[k].want = want_, c[k].got = (expr), ++k;
    REFUSED_("NULL input", GPUSCAN_ERROR_NULL_POINTER, gpuscan_i32_add_axis_inclusive(NULL, d, 2, 30, 10, 0))
    REFUSED_("NULL output", GPUSCAN_ERROR_NULL_POINTER, gpuscan_i32_add_axis_exclusive(d, NULL, 2, 30, 10, 0, 0))
    REFUSED_("NULL view", GPUSCAN_ERROR_NULL_POINTER, gpuscan_i32_add_axis_view_inclusive(d, d + 1000, NULL, 0))
    REFUSED_("misaligned", GPUSCAN_ERROR_MISALIGNED,
             gpuscan_i32_add_axis_inclusive(d, (int *)((char *)(d + 1000) + 1), 2, 30, 10, 0))
    REFUSED_("overlap", GPUSCAN_ERROR_OVERLAP, gpuscan_i32_add_axis_inclusive(d, d + 1, 2, 30, 10, 0))
    v = ok, v.length_stride = 9;
    REFUSED_("rows overlap", GPUSCAN_ERROR_OVERLAP, gpuscan_i32_add_axis_view_inclusive(d, d + 2000, &v, 0))
    v = ok, v.outer_stride = 299;
    REFUSED_("outer overlap", GPUSCAN_ERROR_OVERLAP, gpuscan_i32_add_axis_view_inclusive(d, d + 2000, &v, 0))
    v = ok, v.outer = (size_t)1 << 40, v.length = (size_t)1 << 40;
    REFUSED_("too large", GPUSCAN_ERROR_TOO_LARGE, gpuscan_i32_add_axis_view_inclusive(d, d + 2000, &v, 0))
    REFUSED_("kind", GPUSCAN_ERROR_INVALID_ALGORITHM,
             gpuscan_i32_add_axis_scan_ex(NULL, &bytes, d, d + 1000, &ok, (gpuscan_kind)7, 0, 0))
    REFUSED_("no workspace size", GPUSCAN_ERROR_NULL_POINTER,
             gpuscan_i32_add_axis_scan_ex(NULL, NULL, d, d + 1000, &ok, GPUSCAN_INCLUSIVE, 0, 0))
    REFUSED_("typed in place", GPUSCAN_ERROR_OVERLAP,
             gpuscan_u8i32_add_axis_inclusive((const uint8_t *)(const void *)d, d, 2, 30, 10, 0))
    REFUSED_("typed: misaligned input", GPUSCAN_ERROR_MISALIGNED,
             gpuscan_at_compose_axis_inclusive((const int *)(const void *)((char *)d + 2), (affine *)(void *)(d + 1000),
                                               2, 30, 10, 0))
    v = ok, v.length = 100000, v.outer = 1;
    bytes = 1;
    REFUSED_("workspace too small", GPUSCAN_ERROR_WORKSPACE_TOO_SMALL,
             gpuscan_i32_add_axis_scan_ex(d + 3000, &bytes, d, d + 1000, &v, GPUSCAN_INCLUSIVE, 0, 0))
#undef REFUSED_
    for (int i = 0; i < k; ++i)
        EXPECT(c[i].got == c[i].want, "refused %s: got %s, want %s", c[i].what, gpuscan_status_string(c[i].got),
               gpuscan_status_string(c[i].want));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(guard_intact(h, 4096 * sizeof(int)), "a refused call wrote");
    /* nothing to scan: success, nothing written */
    EXPECT(gpuscan_i32_add_axis_inclusive(NULL, NULL, 0, 5, 5, 0) == GPUSCAN_SUCCESS, "outer 0");
    EXPECT(gpuscan_i32_add_axis_inclusive(NULL, NULL, 5, 0, 5, 0) == GPUSCAN_SUCCESS, "length 0");
    CHECK_CUDA(cudaFree(d));
    free(h);
}

int main(int argc, char **argv)
{
    require_gpu("gpu_axis");
    uint64_t seed = test_seed(), rng = seed;
    const char *only = argc > 1 ? argv[1] : "";
    if (strcmp(only, "--large") == 0) {
        run_large(&rng);
        return test_finish("gpu_axis --large");
    }
    if (strcmp(only, "--shapes") != 0) {
        run_refused();
        const int small = strcmp(only, "--small") == 0; /* (under compute-sanitizer) */
        const size_t budget = small ? 16384 : test_max_random((size_t)1 << 22);
        for (int round = 0; round < (small ? 1 : 3); ++round) run_types(&rng, budget);
        if (small) return test_finish("gpu_axis");
    }
    run_shapes(&rng);
    return test_finish("gpu_axis");
}
