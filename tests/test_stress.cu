/* tests/test_stress.cu - 10,000 randomized scans queued back-to-back without synchronizing, then
 * all checked against the CPU: random n (log-uniform up to 2^22), random grid x block (every
 * combination; single-pass ones most often), inclusive/exclusive, in place or not, five
 * (type, operator) pairs: int32 add, uint8 add, int64 xor, double min (exact) and the
 * non-commutative affine composition.  Batches run on one stream (a workspace per run) or on
 * four streams at once, each stream reusing one workspace for all its runs (stream order is
 * what keeps consecutive runs apart).  Then a CUDA graph capturing four scans (three _ex forms
 * with their own workspaces, one simple form that allocates inside the capture) is replayed
 * 100 times on fresh inputs, every result checked.  GPUSCAN_STRESS_ROUNDS (default 10) sets
 * the number of rounds of 1,000 runs. */
#include "gpuscan.cuh"
#include "test_lib.h"

#define STRESS_TYPE(name, T, op)                                                                    \
    GPUSCAN_DEFINE_NAMED(name, T, op)                                                               \
    TEST_REFERENCE_OF(gpuscan_##name##_##op, T, TEST_NO_DOUBLE)                                     \
    TEST_ELEMENT(gpuscan_##name##_##op, T, TEST_NO_DOUBLE)
STRESS_TYPE(i32, int32_t, add)
STRESS_TYPE(u8, uint8_t, add)
STRESS_TYPE(i64, int64_t, xor)
STRESS_TYPE(f64, double, min)
STRESS_TYPE(affine, affine, compose)
GEN_INTEGER(i32, int32_t)
GEN_INTEGER(u8, uint8_t)
GEN_INTEGER(i64, int64_t)
GEN_REAL(f64, double, (double), 0)

typedef struct {
    size_t n;
    int kind, in_place;
    combo_t cb;
    void *h_in, *d_in, *d_out, *ws;
    size_t ws_bytes;
    char init[16];
} run_t;

/* One batch: `count` runs of (name, T, op) spread round-robin over `nstreams` streams, all queued
 * before any synchronization, then verified. */
#define STRESS_BATCH(name, T, op, GEN, count, nstreams)                                                                      \
    do {                                                                                                                     \
        cudaStream_t streams[4];                                                                                             \
        void *stream_ws[4] = {NULL, NULL, NULL, NULL};                                                                       \
        size_t stream_ws_bytes[4] = {0, 0, 0, 0};                                                                            \
        run_t *runs = (run_t *)calloc((count), sizeof(run_t));                                                               \
        for (int s = 0; s < (nstreams); ++s) CHECK_CUDA(cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking));      \
        for (int r = 0; r < (count); ++r) {                                                                                  \
            run_t *R = &runs[r];                                                                                             \
            R->n = (size_t)exp2(22.0 * rng_uniform(&rng)) + 1;                                                               \
            R->kind = (int)(rng_next(&rng) & 1);                                                                             \
            R->in_place = (rng_next(&rng) % 4) == 0;                                                                         \
            /* single-pass strategies 3 times out of 4 */                                                                    \
            R->cb = k_combos[(rng_next(&rng) % 4) ? 5 + rng_next(&rng) % 12 : rng_next(&rng) % 5];                            \
            R->h_in = malloc(R->n * sizeof(T));                                                                              \
            GEN((T *)R->h_in, R->n, OPC_##op, &rng);                                                                         \
            T init_v;                                                                                                        \
            GEN(&init_v, 1, OPC_##op, &rng);                                                                                 \
            memcpy(R->init, &init_v, sizeof(T));                                                                             \
            CHECK_CUDA(cudaMalloc(&R->d_in, R->n * sizeof(T)));                                                              \
            CHECK_CUDA(cudaMalloc(&R->d_out, R->n * sizeof(T)));                                                             \
            gpuscan_##name##_##op##_scan_ex(NULL, &R->ws_bytes, NULL, NULL, R->n, (gpuscan_kind)R->kind,                     \
                                            init_v, R->cb.grid, R->cb.block, 0);                                             \
            if ((nstreams) == 1) {                                                                                           \
                CHECK_CUDA(cudaMalloc(&R->ws, R->ws_bytes));                                                                 \
            } else if (R->ws_bytes > stream_ws_bytes[r % (nstreams)]) {                                                      \
                stream_ws_bytes[r % (nstreams)] = R->ws_bytes;                                                               \
            }                                                                                                                \
        }                                                                                                                    \
        for (int s = 0; s < (nstreams) && (nstreams) > 1; ++s)                                                               \
            CHECK_CUDA(cudaMalloc(&stream_ws[s], stream_ws_bytes[s]));                                                       \
        CHECK_CUDA(cudaDeviceSynchronize()); /* all allocations done: now queue without syncs */                             \
        for (int r = 0; r < (count); ++r) {                                                                                  \
            run_t *R = &runs[r];                                                                                             \
            cudaStream_t st = streams[r % (nstreams)];                                                                       \
            T init_v;                                                                                                        \
            memcpy(&init_v, R->init, sizeof(T));                                                                             \
            CHECK_CUDA(cudaMemcpyAsync(R->d_in, R->h_in, R->n * sizeof(T), cudaMemcpyHostToDevice, st));                     \
            if (R->in_place) CHECK_CUDA(cudaMemcpyAsync(R->d_out, R->d_in, R->n * sizeof(T), cudaMemcpyDeviceToDevice, st)); \
            void *ws = (nstreams) == 1 ? R->ws : stream_ws[r % (nstreams)];                                                  \
            gpuscan_status stt = gpuscan_##name##_##op##_scan_ex(ws, &R->ws_bytes,                                           \
                (const T *)(R->in_place ? R->d_out : R->d_in), (T *)R->d_out, R->n, (gpuscan_kind)R->kind,                   \
                init_v, R->cb.grid, R->cb.block, st);                                                                        \
            EXPECT(stt == GPUSCAN_SUCCESS, "stress run %d: %s", r, gpuscan_status_string(stt));                              \
        }                                                                                                                    \
        CHECK_CUDA(cudaDeviceSynchronize());                                                                                 \
        long bad_runs = 0;                                                                                                   \
        for (int r = 0; r < (count); ++r) {                                                                                  \
            run_t *R = &runs[r];                                                                                             \
            T *ref = (T *)malloc(R->n * sizeof(T)), *out = (T *)malloc(R->n * sizeof(T));                                    \
            T init_v;                                                                                                        \
            memcpy(&init_v, R->init, sizeof(T));                                                                             \
            ref_gpuscan_##name##_##op((const T *)R->h_in, R->n, R->kind, init_v, ref, NULL, NULL);                           \
            CHECK_CUDA(cudaMemcpy(out, R->d_out, R->n * sizeof(T), cudaMemcpyDeviceToHost));                                 \
            const size_t bad = diff_gpuscan_##name##_##op(out, ref, R->n);                                                   \
            bad_runs += bad != 0;                                                                                            \
            EXPECT(bad == 0, "stress %s_%s n=%zu %s grid=%s block=%s%s: %zu wrong",                                          \
                   #name, #op, R->n, R->kind ? "exclusive" : "inclusive", gpuscan_grid_name(R->cb.grid),                     \
                   gpuscan_block_name(R->cb.block), R->in_place ? " in-place" : "", bad);                                    \
            free(ref); free(out); free(R->h_in);                                                                             \
            CHECK_CUDA(cudaFree(R->d_in)); CHECK_CUDA(cudaFree(R->d_out)); CHECK_CUDA(cudaFree(R->ws));                      \
        }                                                                                                                    \
        for (int s = 0; s < 4; ++s) CHECK_CUDA(cudaFree(stream_ws[s]));                                                      \
        g_runs += (count);                                                                                                   \
        for (int s = 0; s < (nstreams); ++s) CHECK_CUDA(cudaStreamDestroy(streams[s]));                                      \
        printf("  %-7s %-7s %d runs on %d stream(s)%s: %ld wrong\n", #name, #op, (count), (nstreams),                        \
               (nstreams) > 1 ? ", one workspace per stream" : "", bad_runs);                                                \
        fflush(stdout);                                                                                                      \
        free(runs);                                                                                                          \
    } while (0)

static long g_runs = 0;

/* One scan of a graph: (name, T, op), its buffers, and how it is called. */
#define GRAPH_SCAN_DECL(name, T)                                                                    \
    struct {                                                                                        \
        size_t n;                                                                                   \
        T *h_in, *h_ref, *h_out, *d_in, *d_out, init;                                               \
        void *ws;                                                                                   \
        size_t ws_bytes;                                                                            \
    } g_##name
#define GRAPH_SCAN_SETUP(name, T, n_)                                                               \
    do {                                                                                            \
        g_##name.n = (n_);                                                                          \
        g_##name.h_in = (T *)malloc(g_##name.n * sizeof(T));                                        \
        g_##name.h_ref = (T *)malloc(g_##name.n * sizeof(T));                                       \
        g_##name.h_out = (T *)malloc(g_##name.n * sizeof(T));                                       \
        CHECK_CUDA(cudaMalloc(&g_##name.d_in, g_##name.n * sizeof(T)));                             \
        CHECK_CUDA(cudaMalloc(&g_##name.d_out, g_##name.n * sizeof(T)));                            \
    } while (0)
#define GRAPH_SCAN_FRESH(name, T, op, GEN)                                                                    \
    do {                                                                                                      \
        GEN(g_##name.h_in, g_##name.n, OPC_##op, &rng);                                                       \
        CHECK_CUDA(cudaMemcpy(g_##name.d_in, g_##name.h_in, g_##name.n * sizeof(T), cudaMemcpyHostToDevice)); \
        poison(g_##name.d_out, g_##name.n * sizeof(T), 0);                                                    \
    } while (0)
#define GRAPH_SCAN_CHECK(name, T, op, kind, replay)                                                              \
    do {                                                                                                         \
        ref_gpuscan_##name##_##op(g_##name.h_in, g_##name.n, (kind), g_##name.init, g_##name.h_ref, NULL, NULL); \
        CHECK_CUDA(cudaMemcpy(g_##name.h_out, g_##name.d_out, g_##name.n * sizeof(T), cudaMemcpyDeviceToHost));  \
        const size_t bad = diff_gpuscan_##name##_##op(g_##name.h_out, g_##name.h_ref, g_##name.n);               \
        EXPECT(bad == 0, "graph replay %d: %s_%s n=%zu: %zu wrong", (replay), #name, #op, g_##name.n, bad);      \
        graph_bad += bad != 0;                                                                                   \
    } while (0)

/* Captures four scans on one stream into a graph, replays it 100 times on fresh inputs. */
static void graph_replays(uint64_t *rng_state)
{
    uint64_t rng = *rng_state;
    GRAPH_SCAN_DECL(i32, int32_t);
    GRAPH_SCAN_DECL(affine, affine);
    GRAPH_SCAN_DECL(u8, uint8_t);
    GRAPH_SCAN_DECL(f64, double);
    long graph_bad = 0;
    cudaStream_t st;
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CHECK_CUDA(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    GRAPH_SCAN_SETUP(i32, int32_t, ((size_t)1 << 21) + 3); /* 513 tiles: launched as a dependent */
    GRAPH_SCAN_SETUP(affine, affine, 300001);
    GRAPH_SCAN_SETUP(u8, uint8_t, ((size_t)5 << 20) + 1);
    GRAPH_SCAN_SETUP(f64, double, 70001);
    g_i32.init = 0;
    g_affine.init = affine_identity();
    g_affine.init.a = 3;
    g_affine.init.b = 7;
    g_u8.init = 0;
    g_f64.init = 0;
    /* workspaces outside the capture (the _ex forms), sized by queries */
    gpuscan_i32_add_scan_ex(NULL, &g_i32.ws_bytes, NULL, NULL, g_i32.n, GPUSCAN_INCLUSIVE, 0,
                            GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, st);
    gpuscan_affine_compose_scan_ex(NULL, &g_affine.ws_bytes, NULL, NULL, g_affine.n, GPUSCAN_EXCLUSIVE,
                                   g_affine.init, GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_BRENT_KUNG, st);
    gpuscan_u8_add_scan_ex(NULL, &g_u8.ws_bytes, NULL, NULL, g_u8.n, GPUSCAN_INCLUSIVE, 0,
                           GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED, st);
    CHECK_CUDA(cudaMalloc(&g_i32.ws, g_i32.ws_bytes));
    CHECK_CUDA(cudaMalloc(&g_affine.ws, g_affine.ws_bytes));
    CHECK_CUDA(cudaMalloc(&g_u8.ws, g_u8.ws_bytes));
    CHECK_CUDA(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
    EXPECT(gpuscan_i32_add_scan_ex(g_i32.ws, &g_i32.ws_bytes, g_i32.d_in, g_i32.d_out, g_i32.n, GPUSCAN_INCLUSIVE,
                                   0, GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, st) == GPUSCAN_SUCCESS,
           "capture i32");
    EXPECT(gpuscan_affine_compose_scan_ex(g_affine.ws, &g_affine.ws_bytes, g_affine.d_in, g_affine.d_out,
                                          g_affine.n, GPUSCAN_EXCLUSIVE, g_affine.init, GPUSCAN_GRID_DOMINO,
                                          GPUSCAN_BLOCK_BRENT_KUNG, st) == GPUSCAN_SUCCESS,
           "capture affine");
    EXPECT(gpuscan_u8_add_scan_ex(g_u8.ws, &g_u8.ws_bytes, g_u8.d_in, g_u8.d_out, g_u8.n, GPUSCAN_INCLUSIVE, 0,
                                  GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED, st) == GPUSCAN_SUCCESS,
           "capture u8");
    EXPECT(gpuscan_f64_min_inclusive(g_f64.d_in, g_f64.d_out, g_f64.n, st) == GPUSCAN_SUCCESS, "capture f64");
    CHECK_CUDA(cudaStreamEndCapture(st, &graph));
    CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
    for (int replay = 0; replay < 100; ++replay) {
        GRAPH_SCAN_FRESH(i32, int32_t, add, gen_i32);
        GRAPH_SCAN_FRESH(affine, affine, compose, gen_affine);
        GRAPH_SCAN_FRESH(u8, uint8_t, add, gen_u8);
        GRAPH_SCAN_FRESH(f64, double, min, gen_f64);
        /* (the copies and poison ran on the legacy stream, which st, non-blocking, does not wait for) */
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaGraphLaunch(exec, st));
        CHECK_CUDA(cudaStreamSynchronize(st));
        GRAPH_SCAN_CHECK(i32, int32_t, add, 0, replay);
        GRAPH_SCAN_CHECK(affine, affine, compose, 1, replay);
        GRAPH_SCAN_CHECK(u8, uint8_t, add, 0, replay);
        GRAPH_SCAN_CHECK(f64, double, min, 0, replay);
    }
    printf("  graph of 4 scans (look-back, domino, reduce-ahead, simple form) replayed 100 times: %ld wrong results\n",
           graph_bad);
    CHECK_CUDA(cudaGraphExecDestroy(exec));
    CHECK_CUDA(cudaGraphDestroy(graph));
    CHECK_CUDA(cudaStreamDestroy(st));
    *rng_state = rng;
}

int main(void)
{
    require_gpu("gpu_stress");
    uint64_t rng = test_seed();
    const int rounds = getenv("GPUSCAN_STRESS_ROUNDS") ? atoi(getenv("GPUSCAN_STRESS_ROUNDS")) : 10;
    for (int b = 0; b < rounds; ++b) {
        STRESS_BATCH(i32, int32_t, add, gen_i32, 200, 1);
        STRESS_BATCH(i32, int32_t, add, gen_i32, 200, 4);
        STRESS_BATCH(u8, uint8_t, add, gen_u8, 150, 4);
        STRESS_BATCH(i64, int64_t, xor, gen_i64, 150, 4);
        STRESS_BATCH(f64, double, min, gen_f64, 150, 4);
        STRESS_BATCH(affine, affine, compose, gen_affine, 150, 4);
    }
    printf("stress: %ld randomized runs\n", g_runs);
    graph_replays(&rng);
    return test_finish("gpu_stress");
}
