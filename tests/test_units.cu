/* tests/test_units.cu - tests below the public API (gpu_units): the pieces every scan is made of,
 * each in a kernel of its own, checked element by element against the CPU reference (test_lib.h).
 *   1. tiles (gpuscan/block.cuh): for every block algorithm (KS, KSW, BK, CO), one tile loaded with
 *      P_<TAG>_load, stored back as loaded with P_<TAG>_store (a round trip), scanned with
 *      P_<TAG>_scan_tile (the items, each thread's `before`, the aggregate in every thread), and
 *      stored scanned after a prefix, inclusive and exclusive; full and partial tiles (valid =
 *      TILE, TILE - 1, 1, 33), the second tile of the input too, input and output pointers one
 *      element off 16-byte alignment; every element outside the tile's valid ones still poisoned.
 *      Types: int32 add, uint8 add (four to a word: bytes.cuh), a 4-, 8-, 16- and 24-byte
 *      non-commutative operator (affine maps, 2x2 matrices, affine maps of the plane), the
 *      mirrored tiles of reverse DEFINEs (affine maps; uint8, whose tiles move directly) and a
 *      typed input (GPUSCAN_DEFINE_CONVERT uint8 -> int32).
 *   2. the tile-state protocol (gpuscan/grid.cuh): one tile a block, taken from a counter as the
 *      library does, each publishing its aggregate (P_publish), looking back (P_lookback, or
 *      P_tile_prefix: look-back and domino; P_fold_prefix for int32 add) and publishing its
 *      inclusive prefix, while each tile waits a while of its own first: no wait, the tiles in
 *      reverse order, a random order, and some tiles holding back their prefix (or their
 *      look-back) long after their aggregate is out; 1 to ~1000 tiles, all resident at once (so
 *      that the order is what the waits make it); seeded or not; on zeroed states (round 0, as a
 *      cleared workspace) or in a later round over words of earlier rounds, the claim counter
 *      near its wrap.  Every tile's exclusive prefix is checked, then every tile's state (P_peek:
 *      its inclusive prefix published), then P_forget.  Layouts: an 8-byte state word (int32;
 *      a 4-byte affine map), a 16-byte one (8- and 12-byte affine maps), a status with its value
 *      in slots (2x2 matrices, 24-byte maps); the look-back also in its deterministic mode
 *      (GPUSCAN_DETERMINISTIC=1: groups of 32 tiles, only a group's first tile's prefix published;
 *      one of them holding 2 groups while it walks back, so that the wait past them runs).  A run
 *      that does not finish in 30 s fails the suite (a deadlock) instead of hanging it. */
#include <unistd.h>
#include "gpuscan.cuh"
#include "test_lib.h"

/* ---- the definitions under test ------------------------------------------------------------ */
GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, add)
GPUSCAN_DEFINE(aff16, compose16)
GPUSCAN_DEFINE(affine, compose)
GPUSCAN_DEFINE(affine3, compose3)
GPUSCAN_DEFINE(mat2, matmul)
GPUSCAN_DEFINE(aff2d, compose2d)
GPUSCAN_DEFINE_REVERSE(raff, affine, compose)
GPUSCAN_DEFINE_REVERSE(ru8, uint8_t, add)
GPUSCAN_DEFINE_CONVERT(cvt, uint8_t, int32_t, add)
/* the deterministic look-back: grid.cuh reads GPUSCAN_DETERMINISTIC where a DEFINE expands */
#if GPUSCAN_DETERMINISTIC
#define UNIT_DETERMINISTIC_ 1
#else
#define UNIT_DETERMINISTIC_ 0
#endif
#undef GPUSCAN_DETERMINISTIC
#define GPUSCAN_DETERMINISTIC 1
GPUSCAN_DEFINE_NAMED(daff16, aff16, compose16)
GPUSCAN_DEFINE_NAMED(daffine3, affine3, compose3)
#undef GPUSCAN_TEST_GROUPS_HELD /* a look-back walking past 2 groups waits for the deepest one's prefix */
#define GPUSCAN_TEST_GROUPS_HELD 2
GPUSCAN_DEFINE_NAMED(daff2d, aff2d, compose2d)
#undef GPUSCAN_TEST_GROUPS_HELD
#define GPUSCAN_TEST_GROUPS_HELD 32
#undef GPUSCAN_DETERMINISTIC
#define GPUSCAN_DETERMINISTIC UNIT_DETERMINISTIC_

/* the references (each definition's own operator: a reverse one's swapped, as its tiles scan),
 * comparisons and generators */
TEST_REFERENCE_OF(gpuscan_i32_add, int32_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_u8_add, uint8_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_aff16_compose16, aff16, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_affine_compose, affine, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_affine3_compose3, affine3, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_mat2_matmul, mat2, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_aff2d_compose2d, aff2d, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_raff_compose_reverse, affine, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_ru8_add_reverse, uint8_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_cvt_add, int32_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_daff16_compose16, aff16, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_daffine3_compose3, affine3, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_daff2d_compose2d, aff2d, TEST_NO_DOUBLE)
TEST_ELEMENT(i32, int32_t, TEST_TO_DOUBLE)
TEST_ELEMENT(u8, uint8_t, TEST_TO_DOUBLE)
TEST_ELEMENT(aff16, aff16, TEST_NO_DOUBLE)
TEST_ELEMENT(affine, affine, TEST_NO_DOUBLE)
TEST_ELEMENT(affine3, affine3, TEST_NO_DOUBLE)
TEST_ELEMENT(mat2, mat2, TEST_NO_DOUBLE)
TEST_ELEMENT(aff2d, aff2d, TEST_NO_DOUBLE)
GEN_INTEGER(i32, int32_t)
GEN_INTEGER(u8, uint8_t)

/* Waits for the work on the legacy stream; a run still going after 30 s fails the suite. */
static void unit_wait(const char *what)
{
    const time_t t0 = time(NULL);
    cudaError_t e;
    while ((e = cudaStreamQuery(0)) == cudaErrorNotReady) {
        if (time(NULL) - t0 > 30) {
            fprintf(stderr, "FAIL %s: still running after 30 s (a deadlock?)\n", what);
            fflush(stderr);
            _exit(3);
        }
        usleep(50);
    }
    CHECK_CUDA(e);
}

/* ---- 1. tiles ---------------------------------------------------------------------------------
 * One tile of P's block algorithm TAG, elements [base, base + valid) of `in`: the items as loaded
 * (items_out[0 .. TILE), blocked: thread t's at t * ITEMS), stored back as loaded (out0), scanned
 * (items_out[TILE ..], before_out and agg_out: each thread's), stored scanned after `prefix`,
 * inclusive (out1) and exclusive (out2). */
#define UNIT_TILE_KERNEL_(P, T, TAG)                                                                \
    static __global__ void __launch_bounds__(GPUSCAN_##TAG##_THREADS(T))                            \
    unit_tile_##P##_##TAG(const TEST_INTERNAL(P, in_t) *in, size_t base, unsigned valid, T prefix,  \
                          T *items_out, T *before_out, T *agg_out, T *out0, T *out1, T *out2)       \
    {                                                                                               \
        TEST_USING_INTERNAL(P)                                                                      \
        enum { ITEMS = GPUSCAN_##TAG##_ITEMS(T), TILE = GPUSCAN_TILE_(TAG, T) };                    \
        T items[ITEMS], before;                                                                     \
        T *buf = P##_##TAG##_buffer();                                                              \
        const unsigned t = threadIdx.x;                                                             \
        P##_##TAG##_load(in, base, valid, items, buf);                                              \
        for (unsigned j = 0; j < ITEMS; ++j) items_out[t * ITEMS + j] = items[j];                   \
        __syncthreads(); /* (a load and a store meet in the buffer: the block scan's barrier) */   \
        P##_##TAG##_store(out0, base, valid, items, P##_identity(), 0, 0, P##_identity(), buf);     \
        const T aggregate = P##_##TAG##_scan_tile(items, buf, &before);                             \
        for (unsigned j = 0; j < ITEMS; ++j) items_out[TILE + t * ITEMS + j] = items[j];            \
        before_out[t] = before;                                                                     \
        agg_out[t] = aggregate;                                                                     \
        P##_##TAG##_store(out1, base, valid, items, prefix, 1, 0, before, buf);                     \
        P##_##TAG##_store(out2, base, valid, items, prefix, 1, 1, before, buf);                     \
    }

/* The host side: every case of one (P, TAG).  STAGE: P's load stage on the host (a CONVERT's
 * conversion; TEST_AS_IS); REV: P's tiles are read mirrored (a reverse DEFINE): item k of the
 * tile is element TILE - 1 - k from base, and the identity where that is past valid. */
#define UNIT_TILES_(P, T, TAG, tname, GEN, STAGE, REV)                                              \
    UNIT_TILE_KERNEL_(P, T, TAG)                                                                    \
    static void unit_tiles_##P##_##TAG(uint64_t *rng)                                               \
    {                                                                                               \
        typedef TEST_INTERNAL(P, in_t) TIn;                                                         \
        enum { THREADS = GPUSCAN_##TAG##_THREADS(T), ITEMS = GPUSCAN_##TAG##_ITEMS(T),              \
               TILE = GPUSCAN_TILE_(TAG, T) };                                                      \
        static const char *const stored[3] = {"stored as loaded", "stored scanned, inclusive",      \
                                              "stored scanned, exclusive"};                         \
        const size_t room = 2 * (size_t)TILE + 2; /* two tiles, one element off */                 \
        TIn *h_in = (TIn *)malloc(room * sizeof(TIn)), *d_in;                                       \
        T *h_items = (T *)malloc(2 * TILE * sizeof(T)), *h_before = (T *)malloc(THREADS * sizeof(T)); \
        T *h_agg = (T *)malloc(THREADS * sizeof(T)), *h_out = (T *)malloc(3 * room * sizeof(T));    \
        T *y = (T *)malloc(TILE * sizeof(T)), *inc = (T *)malloc(TILE * sizeof(T));                 \
        T *want = (T *)malloc(room * sizeof(T)), *wb = (T *)malloc(THREADS * sizeof(T));            \
        T *wa = (T *)malloc(THREADS * sizeof(T)), *d_items, *d_before, *d_agg, *d_out;              \
        CHECK_CUDA(cudaMalloc(&d_in, room * sizeof(TIn)));                                          \
        CHECK_CUDA(cudaMalloc(&d_items, 2 * TILE * sizeof(T)));                                     \
        CHECK_CUDA(cudaMalloc(&d_before, THREADS * sizeof(T)));                                     \
        CHECK_CUDA(cudaMalloc(&d_agg, THREADS * sizeof(T)));                                        \
        CHECK_CUDA(cudaMalloc(&d_out, 3 * room * sizeof(T)));                                       \
        GEN(h_in, room, OPC_ADD, rng);                                                              \
        CHECK_CUDA(cudaMemcpy(d_in, h_in, room * sizeof(TIn), cudaMemcpyHostToDevice));             \
        const unsigned valids[4] = {TILE, TILE - 1, 1, 33};                                         \
        for (int v = 0; v < 4; ++v)                                                                 \
            for (int b = 0; b < 2; ++b)                                                             \
                for (int off = 0; off < 4; ++off) {                                                 \
                    const unsigned valid = valids[v];                                               \
                    const size_t base = b ? (size_t)TILE : 0;                                       \
                    const int io = off & 1, oo = off >> 1; /* input, output one element off */     \
                    const T prefix = STAGE(h_in[room - 1 - (size_t)off], 0);                        \
                    char what[200];                                                                 \
                    snprintf(what, sizeof what, "%s %s (tile %d) valid=%u base=%zu in+%d out+%d", #P, #TAG, \
                             TILE, valid, base, io, oo);                                            \
                    poison(d_items, 2 * TILE * sizeof(T), 0);                                       \
                    poison(d_before, THREADS * sizeof(T), 0);                                       \
                    poison(d_agg, THREADS * sizeof(T), 0);                                          \
                    poison(d_out, 3 * room * sizeof(T), 0);                                         \
                    unit_tile_##P##_##TAG<<<1, THREADS>>>(d_in + io, base, valid, prefix, d_items, d_before, \
                                                          d_agg, d_out + oo, d_out + room + oo,     \
                                                          d_out + 2 * room + oo);                   \
                    CHECK_CUDA(cudaGetLastError());                                                 \
                    unit_wait(what);                                                                \
                    CHECK_CUDA(cudaMemcpy(h_items, d_items, 2 * TILE * sizeof(T), cudaMemcpyDeviceToHost)); \
                    CHECK_CUDA(cudaMemcpy(h_before, d_before, THREADS * sizeof(T), cudaMemcpyDeviceToHost)); \
                    CHECK_CUDA(cudaMemcpy(h_agg, d_agg, THREADS * sizeof(T), cudaMemcpyDeviceToHost)); \
                    CHECK_CUDA(cudaMemcpy(h_out, d_out, 3 * room * sizeof(T), cudaMemcpyDeviceToHost)); \
                    /* the tile in item order */                                                    \
                    for (unsigned k = 0; k < TILE; ++k) {                                           \
                        const unsigned p = REV ? TILE - 1 - k : k;                                  \
                        y[k] = p < valid ? STAGE(h_in[io + base + p], base + p) : P##_identity();   \
                    }                                                                               \
                    ref_##P(y, TILE, REF_INCLUSIVE, P##_identity(), inc, NULL, NULL);               \
                    for (unsigned t = 0; t < THREADS; ++t) {                                        \
                        wb[t] = t > 0 ? inc[t * ITEMS - 1] : P##_identity();                        \
                        wa[t] = inc[TILE - 1];                                                      \
                    }                                                                               \
                    EXPECT(diff_##tname(h_items, y, TILE) == 0, "%s: the items loaded", what);      \
                    EXPECT(diff_##tname(h_items + TILE, inc, TILE) == 0, "%s: the items scanned", what); \
                    EXPECT(diff_##tname(h_before + 1, wb + 1, THREADS - 1) == 0,                    \
                           "%s: threads 1.. their exclusive prefix (before; the note counts from thread 1)", what); \
                    EXPECT(diff_##tname(h_agg, wa, THREADS) == 0, "%s: the aggregate, in every thread", what); \
                    for (int m = 0; m < 3; ++m) {                                                   \
                        const T *got = h_out + m * room;                                            \
                        for (unsigned p = 0; p < valid; ++p) { /* place p holds item k */           \
                            const unsigned k = REV ? TILE - 1 - p : p;                              \
                            want[p] = m == 0   ? y[k]                                               \
                                      : m == 1 ? P##_combine(prefix, inc[k])                        \
                                      : k == 0 ? prefix                                             \
                                               : P##_combine(prefix, inc[k - 1]);                   \
                        }                                                                           \
                        EXPECT(diff_##tname(got + oo + base, want, valid) == 0, "%s: %s", what, stored[m]); \
                        EXPECT(guard_intact(got, (oo + base) * sizeof(T)) &&                        \
                                   guard_intact(got + oo + base + valid, (room - oo - base - valid) * sizeof(T)), \
                               "%s: %s: wrote outside the tile's valid elements", what, stored[m]); \
                    }                                                                               \
                }                                                                                   \
        CHECK_CUDA(cudaFree(d_in));                                                                 \
        CHECK_CUDA(cudaFree(d_items));                                                              \
        CHECK_CUDA(cudaFree(d_before));                                                             \
        CHECK_CUDA(cudaFree(d_agg));                                                                \
        CHECK_CUDA(cudaFree(d_out));                                                                \
        free(h_in), free(h_items), free(h_before), free(h_agg), free(h_out);                        \
        free(y), free(inc), free(want), free(wb), free(wa);                                         \
    }
/* every block algorithm of P, and a function running them all */
#define UNIT_TILES_ALL_(P, T, tname, GEN, STAGE, REV)                                               \
    UNIT_TILES_(P, T, KS, tname, GEN, STAGE, REV)                                                   \
    UNIT_TILES_(P, T, KSW, tname, GEN, STAGE, REV)                                                  \
    UNIT_TILES_(P, T, BK, tname, GEN, STAGE, REV)                                                   \
    UNIT_TILES_(P, T, CO, tname, GEN, STAGE, REV)                                                   \
    static void unit_tiles_##P(uint64_t *rng)                                                       \
    {                                                                                               \
        unit_tiles_##P##_KS(rng);                                                                   \
        unit_tiles_##P##_KSW(rng);                                                                  \
        unit_tiles_##P##_BK(rng);                                                                   \
        unit_tiles_##P##_CO(rng);                                                                   \
        printf("  tiles of %-30s KS %d, KSW %d, BK %d, CO %d elements: %ld passed, %ld failed so far\n", #P, \
               (int)GPUSCAN_TILE_(KS, T), (int)GPUSCAN_TILE_(KSW, T), (int)GPUSCAN_TILE_(BK, T),      \
               (int)GPUSCAN_TILE_(CO, T), g_passed, g_failed);                                      \
        fflush(stdout);                                                                             \
    }

UNIT_TILES_ALL_(gpuscan_i32_add, int32_t, i32, gen_i32, TEST_AS_IS, 0)
UNIT_TILES_ALL_(gpuscan_u8_add, uint8_t, u8, gen_u8, TEST_AS_IS, 0)
UNIT_TILES_ALL_(gpuscan_aff16_compose16, aff16, aff16, gen_aff16, TEST_AS_IS, 0)
UNIT_TILES_ALL_(gpuscan_affine_compose, affine, affine, gen_affine, TEST_AS_IS, 0)
UNIT_TILES_ALL_(gpuscan_mat2_matmul, mat2, mat2, gen_mat2_unimodular, TEST_AS_IS, 0)
UNIT_TILES_ALL_(gpuscan_aff2d_compose2d, aff2d, aff2d, gen_aff2d, TEST_AS_IS, 0)
UNIT_TILES_ALL_(gpuscan_raff_compose_reverse, affine, affine, gen_affine, TEST_AS_IS, 1)
UNIT_TILES_ALL_(gpuscan_ru8_add_reverse, uint8_t, u8, gen_u8, TEST_AS_IS, 1)
#define UNIT_CONVERSION_ TEST_INTERNAL(gpuscan_cvt_add, convert)
UNIT_TILES_ALL_(gpuscan_cvt_add, int32_t, i32, gen_u8, UNIT_CONVERSION_, 0)

/* ---- 2. the tile-state protocol ---------------------------------------------------------------
 * How a tile learns its prefix: P_tile_prefix's look-back or domino; the look-back step by step
 * (P_publish the aggregate, wait, P_lookback, wait, P_publish the prefix: SPLIT); P_fold_prefix. */
enum { HOW_LOOKBACK, HOW_DOMINO, HOW_SPLIT, HOW_FOLD, HOWS };
static const char *const k_how[HOWS] = {"look-back (P_tile_prefix)", "domino (P_tile_prefix)",
                                        "look-back step by step", "fold (P_fold_prefix)"};
/* Each tile's waits (ns): before it starts publishing; SPLIT: after its aggregate, after its
 * look-back (its prefix held back). */
enum { SCHED_NONE, SCHED_REVERSED, SCHED_SHUFFLED, SCHED_HELD, SCHEDS };
static const char *const k_sched[SCHEDS] = {"no waits", "in reverse order", "in a random order",
                                            "prefixes held back"};
#define UNIT_STATE_THREADS 128 /* (the fold reads GPUSCAN_FOLD_READS tiles a thread) */
static void unit_delays(unsigned *d, unsigned tiles, int sched, uint64_t *rng)
{
    const unsigned step = tiles <= 130 ? 4000u : 1000u;
    unsigned *perm = (unsigned *)malloc(tiles * sizeof(unsigned));
    for (unsigned t = 0; t < tiles; ++t) perm[t] = t;
    for (unsigned t = tiles; t > 1; --t) { /* Fisher-Yates */
        const unsigned j = (unsigned)(rng_next(rng) % t), x = perm[t - 1];
        perm[t - 1] = perm[j], perm[j] = x;
    }
    for (unsigned t = 0; t < tiles; ++t) {
        unsigned *w = d + 3 * t;
        w[0] = w[1] = w[2] = 0;
        if (sched == SCHED_REVERSED) w[0] = (tiles - 1 - t) * step;
        if (sched == SCHED_SHUFFLED) w[0] = perm[t] * step;
        if (sched == SCHED_HELD) { /* tile 0 and every third tile hold their prefix long, others at random */
            const uint64_t r = rng_next(rng);
            w[0] = (unsigned)(r % tiles) * step / 4;
            if (t % 3 == 1 || (r >> 20) % 4 == 0) w[1] = tiles * step / 2;
            if (t % 3 == 0 || (r >> 30) % 4 == 0) w[2] = tiles * step;
        }
    }
    free(perm);
}

#define UNIT_STATE_KERNELS_(P, T)                                                                   \
    /* One tile a block (taken from counter[0], as the library does), its aggregate agg[tile]:    \
     * its exclusive prefix and whether it has one to prefix_out / has_out. */                     \
    static __global__ void __launch_bounds__(UNIT_STATE_THREADS)                                    \
    unit_states_kernel_##P(const T *agg, T *prefix_out, int *has_out, unsigned *counter,            \
                           gpuscan_states_ states, unsigned *agg_slots, unsigned *prefix_slots,    \
                           const unsigned *delays, int how, int seeded, T init)                    \
    {                                                                                               \
        TEST_USING_INTERNAL(P)                                                                      \
        const unsigned tile = gpuscan_next_tile_(counter) - states.claimed;                         \
        const T a = agg[tile];                                                                      \
        const unsigned *d = delays + 3 * tile;                                                      \
        T prefix = init;                                                                            \
        int has = seeded;                                                                           \
        if (threadIdx.x == 0) test_wait_ns(d[0]);                                                   \
        __syncthreads();                                                                            \
        if (how == HOW_FOLD) {                                                                      \
            if (P##_FOLDS_) prefix = P##_fold_prefix(tile, a, states, agg_slots, counter + 1, seeded, init, &has); \
        } else if (how != HOW_SPLIT) {                                                              \
            prefix = P##_tile_prefix(how == HOW_LOOKBACK, tile, a, states, agg_slots, prefix_slots, seeded, \
                                     init, &has);                                                   \
        } else if (threadIdx.x < 32) {                                                              \
            if (tile > 0) {                                                                         \
                if (threadIdx.x == 0) {                                                             \
                    P##_publish(states, agg_slots, tile, GPUSCAN_STATE_AGGREGATE, a);               \
                    test_wait_ns(d[1]);                                                             \
                }                                                                                   \
                __syncwarp();                                                                       \
                prefix = P##_lookback(tile, states, agg_slots, prefix_slots, a);                    \
                has = 1;                                                                            \
            }                                                                                       \
            if (threadIdx.x == 0) {                                                                 \
                test_wait_ns(d[2]);                                                                 \
                if (P##_publishes_prefix(tile, 1u))                                                 \
                    P##_publish(states, prefix_slots, tile, GPUSCAN_STATE_PREFIX, has ? P##_combine(prefix, a) : a); \
            }                                                                                       \
        }                                                                                           \
        if (threadIdx.x == 0) {                                                                     \
            prefix_out[tile] = prefix;                                                              \
            has_out[tile] = has;                                                                    \
        }                                                                                           \
    }                                                                                               \
    /* Every tile's state (P_peek), or with `forget` each forgotten first (P_forget). */           \
    static __global__ void unit_peek_##P(gpuscan_states_ states, const unsigned *agg_slots,         \
                                         const unsigned *prefix_slots, unsigned tiles, int forget,  \
                                         unsigned *status, T *value)                                \
    {                                                                                               \
        TEST_USING_INTERNAL(P)                                                                      \
        for (unsigned t = blockIdx.x * blockDim.x + threadIdx.x; t < tiles; t += gridDim.x * blockDim.x) { \
            T v = P##_identity();                                                                   \
            if (forget) P##_forget(states, t);                                                      \
            status[t] = P##_peek(states, agg_slots, prefix_slots, t, &v);                           \
            value[t] = v;                                                                           \
        }                                                                                           \
    }

/* The host side for P: every way, order, count of tiles, seed and round. */
#define UNIT_STATES_(P, T, tname, GEN)                                                              \
    UNIT_STATE_KERNELS_(P, T)                                                                       \
    static void unit_states_##P(uint64_t *rng, int sms)                                             \
    {                                                                                               \
        int per_sm = 0;                                                                             \
        CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, unit_states_kernel_##P,   \
                                                                 UNIT_STATE_THREADS, 0));           \
        const unsigned resident = (unsigned)(per_sm * sms), cap = resident < 1000u ? resident : 1000u; \
        EXPECT(cap >= 2, "%s: %u blocks resident at once", #P, resident);                           \
        if (cap < 2) return;                                                                        \
        const size_t state_bytes = GPUSCAN_STATE_BYTES_(T), words = (sizeof(T) + 3) / 4;           \
        T *h_agg = (T *)malloc(cap * sizeof(T)), *h_prefix = (T *)malloc(cap * sizeof(T));          \
        T *h_value = (T *)malloc(cap * sizeof(T)), *inc = (T *)malloc(cap * sizeof(T));             \
        T *want = (T *)malloc(cap * sizeof(T)), init;                                               \
        int *h_has = (int *)malloc(cap * sizeof(int));                                              \
        unsigned *h_status = (unsigned *)malloc(cap * sizeof(unsigned)), *h_delays = (unsigned *)malloc(3 * cap * sizeof(unsigned)); \
        unsigned char *h_stale = (unsigned char *)malloc(cap * (state_bytes + 8 * words));          \
        T *d_agg, *d_prefix, *d_value;                                                              \
        int *d_has;                                                                                 \
        unsigned *d_counter, *d_delays, *d_status, *d_slots[2];                                     \
        void *d_states;                                                                             \
        CHECK_CUDA(cudaMalloc(&d_agg, cap * sizeof(T)));                                            \
        CHECK_CUDA(cudaMalloc(&d_prefix, cap * sizeof(T)));                                         \
        CHECK_CUDA(cudaMalloc(&d_value, cap * sizeof(T)));                                          \
        CHECK_CUDA(cudaMalloc(&d_has, cap * sizeof(int)));                                          \
        CHECK_CUDA(cudaMalloc(&d_counter, 2 * sizeof(unsigned)));                                   \
        CHECK_CUDA(cudaMalloc(&d_delays, 3 * cap * sizeof(unsigned)));                              \
        CHECK_CUDA(cudaMalloc(&d_status, cap * sizeof(unsigned)));                                  \
        CHECK_CUDA(cudaMalloc(&d_states, cap * state_bytes));                                       \
        CHECK_CUDA(cudaMalloc(&d_slots[0], cap * words * 4));                                       \
        CHECK_CUDA(cudaMalloc(&d_slots[1], cap * words * 4));                                       \
        const unsigned counts[] = {1, 2, 33, 65, 130, cap};                                         \
        long runs = 0;                                                                              \
        for (int how = 0; how < HOWS; ++how) {                                                      \
            if (how == HOW_FOLD && !TEST_INTERNAL(P, FOLDS_)) continue;                             \
            for (int sched = 0; sched < SCHEDS; ++sched)                                            \
                for (unsigned c = 0, last = 0; c < sizeof counts / sizeof counts[0]; ++c) {         \
                    unsigned tiles = counts[c];                                                     \
                    if (how == HOW_FOLD && tiles > GPUSCAN_FOLD_READS * UNIT_STATE_THREADS)         \
                        tiles = GPUSCAN_FOLD_READS * UNIT_STATE_THREADS; /* (all its reads at once) */ \
                    if (tiles > cap || tiles <= last) continue; /* (each count once) */           \
                    last = tiles;                                                                   \
                    for (int variant = 0; variant < 4; ++variant) {                                 \
                        const int seeded = variant & 1, later = variant >> 1;                       \
                        gpuscan_states_ states = gpuscan_states_cleared_(d_states);                 \
                        unsigned counter[2] = {0u, 0u};                                             \
                        GEN(h_agg, tiles, OPC_ADD, rng);                                            \
                        GEN(&init, 1, OPC_ADD, rng);                                                \
                        unit_delays(h_delays, tiles, sched, rng);                                   \
                        if (!later) { /* cleared states: zeroed memory, round 0 */                 \
                            CHECK_CUDA(cudaMemset(d_states, 0, tiles * state_bytes));               \
                            CHECK_CUDA(cudaMemset(d_slots[0], 0, tiles * words * 4));               \
                            CHECK_CUDA(cudaMemset(d_slots[1], 0, tiles * words * 4));               \
                        } else { /* a later round, over states of earlier ones, the counters near their wrap */ \
                            const uint64_t r = rng_next(rng);                                       \
                            states.round = (r & 1) ? (1u << 30) - 1u : 1u + (unsigned)(r >> 8) % 1000u; \
                            states.claimed = counter[0] = 0u - (unsigned)((r >> 20) % (2u * tiles)); \
                            states.published = counter[1] = 0u - (unsigned)((r >> 40) % (2u * tiles)); \
                            for (size_t i = 0; i < tiles * (state_bytes + 8 * words); ++i)          \
                                h_stale[i] = (unsigned char)rng_next(rng);                          \
                            for (unsigned t = 0; t < tiles; ++t) { /* a status of an earlier round */ \
                                const uint64_t q = rng_next(rng);                                   \
                                const unsigned word = (unsigned)(q % states.round) << 2 | (1u + (unsigned)(q >> 40) % 2u); \
                                memcpy(h_stale + t * state_bytes, &word, 4); /* (its first word) */ \
                            }                                                                       \
                            CHECK_CUDA(cudaMemcpy(d_states, h_stale, tiles * state_bytes, cudaMemcpyHostToDevice)); \
                            CHECK_CUDA(cudaMemcpy(d_slots[0], h_stale + tiles * state_bytes, tiles * words * 4, \
                                                  cudaMemcpyHostToDevice));                         \
                            CHECK_CUDA(cudaMemcpy(d_slots[1], h_stale + tiles * (state_bytes + 4 * words), \
                                                  tiles * words * 4, cudaMemcpyHostToDevice));      \
                        }                                                                           \
                        /* the domino's prefixes and their waits share one set of slots (host.cuh) */ \
                        unsigned *agg_slots = d_slots[0], *prefix_slots = how == HOW_DOMINO ? d_slots[0] : d_slots[1]; \
                        CHECK_CUDA(cudaMemcpy(d_counter, counter, sizeof counter, cudaMemcpyHostToDevice)); \
                        CHECK_CUDA(cudaMemcpy(d_agg, h_agg, tiles * sizeof(T), cudaMemcpyHostToDevice)); \
                        CHECK_CUDA(cudaMemcpy(d_delays, h_delays, 3 * tiles * sizeof(unsigned), cudaMemcpyHostToDevice)); \
                        poison(d_prefix, tiles * sizeof(T), 0);                                     \
                        poison(d_has, tiles * sizeof(int), 0);                                      \
                        char what[240];                                                             \
                        snprintf(what, sizeof what, "%s %s, %u tiles %s, %s, round %u (claimed from %u)", #P, \
                                 k_how[how], tiles, k_sched[sched], seeded ? "seeded" : "no seed",  \
                                 states.round, states.claimed);                                     \
                        unit_states_kernel_##P<<<tiles, UNIT_STATE_THREADS>>>(d_agg, d_prefix, d_has, d_counter, \
                                                                              states, agg_slots, prefix_slots, \
                                                                              d_delays, how, seeded, init); \
                        CHECK_CUDA(cudaGetLastError());                                             \
                        unit_wait(what);                                                            \
                        CHECK_CUDA(cudaMemcpy(h_prefix, d_prefix, tiles * sizeof(T), cudaMemcpyDeviceToHost)); \
                        CHECK_CUDA(cudaMemcpy(h_has, d_has, tiles * sizeof(int), cudaMemcpyDeviceToHost)); \
                        /* inc[t]: the seed (where seeded) and aggregates 0 .. t */                 \
                        ref_##P(h_agg, tiles, seeded ? REF_SEEDED : REF_INCLUSIVE, init, inc, NULL, NULL); \
                        int has_bad = 0;                                                            \
                        for (unsigned t = 0; t < tiles; ++t) {                                      \
                            has_bad += h_has[t] != (seeded || t > 0);                               \
                            want[t] = t > 0 ? inc[t - 1] : init;                                    \
                        }                                                                           \
                        EXPECT(has_bad == 0, "%s: %d tiles wrong about having a prefix", what, has_bad); \
                        const unsigned from = seeded ? 0u : 1u; /* (tile 0 of no seed has none) */ \
                        EXPECT(diff_##tname(h_prefix + from, want + from, tiles - from) == 0,       \
                               "%s: the tiles' exclusive prefixes (the note counts from tile %u)", what, from); \
                        /* then every tile's state: its inclusive prefix (the fold: its aggregate) */ \
                        unit_peek_##P<<<(tiles + 127) / 128, 128>>>(states, agg_slots, prefix_slots, tiles, 0, \
                                                                    d_status, d_value);              \
                        CHECK_CUDA(cudaGetLastError());                                             \
                        unit_wait(what);                                                            \
                        CHECK_CUDA(cudaMemcpy(h_status, d_status, tiles * sizeof(unsigned), cudaMemcpyDeviceToHost)); \
                        CHECK_CUDA(cudaMemcpy(h_value, d_value, tiles * sizeof(T), cudaMemcpyDeviceToHost)); \
                        int status_bad = 0;                                                         \
                        for (unsigned t = 0; t < tiles; ++t) { /* (deterministic: a group's first only) */ \
                            const int keeps_aggregate = how == HOW_FOLD ||                          \
                                (TEST_INTERNAL(P, GROUPED_PREFIXES_) && how != HOW_DOMINO && t % 32u != 0); \
                            status_bad += h_status[t] != (keeps_aggregate ? GPUSCAN_STATE_AGGREGATE : GPUSCAN_STATE_PREFIX); \
                            want[t] = !keeps_aggregate ? inc[t] : t == 0 && seeded ? P##_combine(init, h_agg[0]) : h_agg[t]; \
                        }                                                                           \
                        EXPECT(status_bad == 0, "%s: %d tiles' states not as published (PREFIX, or AGGREGATE)", \
                               what, status_bad);                                                   \
                        EXPECT(diff_##tname(h_value, want, tiles) == 0, "%s: the values the tiles published", what); \
                        unit_peek_##P<<<(tiles + 127) / 128, 128>>>(states, agg_slots, prefix_slots, tiles, 1, \
                                                                    d_status, d_value);              \
                        CHECK_CUDA(cudaGetLastError());                                             \
                        unit_wait(what);                                                            \
                        CHECK_CUDA(cudaMemcpy(h_status, d_status, tiles * sizeof(unsigned), cudaMemcpyDeviceToHost)); \
                        status_bad = 0;                                                             \
                        for (unsigned t = 0; t < tiles; ++t) status_bad += h_status[t] != GPUSCAN_STATE_EMPTY; \
                        EXPECT(status_bad == 0, "%s: %d tiles not EMPTY once forgotten (P_forget)", what, status_bad); \
                        ++runs;                                                                     \
                    }                                                                               \
                }                                                                                   \
        }                                                                                           \
        printf("  tile states of %-28s %ld runs, up to %u tiles: %ld passed, %ld failed so far\n", #P, runs, cap, \
               g_passed, g_failed);                                                                 \
        fflush(stdout);                                                                             \
        CHECK_CUDA(cudaFree(d_agg));                                                                \
        CHECK_CUDA(cudaFree(d_prefix));                                                             \
        CHECK_CUDA(cudaFree(d_value));                                                              \
        CHECK_CUDA(cudaFree(d_has));                                                                \
        CHECK_CUDA(cudaFree(d_counter));                                                            \
        CHECK_CUDA(cudaFree(d_delays));                                                             \
        CHECK_CUDA(cudaFree(d_status));                                                             \
        CHECK_CUDA(cudaFree(d_states));                                                             \
        CHECK_CUDA(cudaFree(d_slots[0]));                                                           \
        CHECK_CUDA(cudaFree(d_slots[1]));                                                           \
        free(h_agg), free(h_prefix), free(h_value), free(inc), free(want), free(h_has);             \
        free(h_status), free(h_delays), free(h_stale);                                              \
    }

UNIT_STATES_(gpuscan_i32_add, int32_t, i32, gen_i32)
UNIT_STATES_(gpuscan_aff16_compose16, aff16, aff16, gen_aff16)
UNIT_STATES_(gpuscan_affine_compose, affine, affine, gen_affine)
UNIT_STATES_(gpuscan_affine3_compose3, affine3, affine3, gen_affine3)
UNIT_STATES_(gpuscan_mat2_matmul, mat2, mat2, gen_mat2_unimodular)
UNIT_STATES_(gpuscan_aff2d_compose2d, aff2d, aff2d, gen_aff2d)
UNIT_STATES_(gpuscan_daff16_compose16, aff16, aff16, gen_aff16)
UNIT_STATES_(gpuscan_daffine3_compose3, affine3, affine3, gen_affine3)
UNIT_STATES_(gpuscan_daff2d_compose2d, aff2d, aff2d, gen_aff2d)

int main(void)
{
    require_gpu("gpu_units");
    uint64_t rng = test_seed();
    int sms = 0;
    CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    /* 1. tiles */
    unit_tiles_gpuscan_i32_add(&rng);
    unit_tiles_gpuscan_u8_add(&rng);
    unit_tiles_gpuscan_aff16_compose16(&rng);
    unit_tiles_gpuscan_affine_compose(&rng);
    unit_tiles_gpuscan_mat2_matmul(&rng);
    unit_tiles_gpuscan_aff2d_compose2d(&rng);
    unit_tiles_gpuscan_raff_compose_reverse(&rng);
    unit_tiles_gpuscan_ru8_add_reverse(&rng);
    unit_tiles_gpuscan_cvt_add(&rng);
    /* 2. tile states */
    EXPECT(TEST_INTERNAL(gpuscan_i32_add, FOLDS_), "int32 add does not fold (P_FOLDS_): the fold goes untested");
    unit_states_gpuscan_i32_add(&rng, sms);
    unit_states_gpuscan_aff16_compose16(&rng, sms);
    unit_states_gpuscan_affine_compose(&rng, sms);
    unit_states_gpuscan_affine3_compose3(&rng, sms);
    unit_states_gpuscan_mat2_matmul(&rng, sms);
    unit_states_gpuscan_aff2d_compose2d(&rng, sms);
    unit_states_gpuscan_daff16_compose16(&rng, sms);
    unit_states_gpuscan_daffine3_compose3(&rng, sms);
    unit_states_gpuscan_daff2d_compose2d(&rng, sms);
    return test_finish("gpu_units");
}
