/* tests/test_counter_slots.cu - `_ex` scans of several waves clear the caller's states in their own launch,
 * their claim counter in a slot the library owns, one a stream (grid.cuh: counter slots; memory.cuh):
 *   - look-back scans of 512 tiles and more (and domino or reduce-ahead ones, which clear by a
 *     kernel), inclusive and exclusive, with the kernels a DEFINE compiles by default, of
 *     int32 (8-byte states), int64 and an affine map (16-byte states, non-commutative) and 2x2
 *     matrices (a 4-byte status, values in slots), on workspaces poisoned before every call with
 *     words that read as published prefixes; each checked against the CPU, and the slot checked
 *     zero again after it (the last tile's reset);
 *   - the caller's claim counter left as poisoned: the scan took the one-launch path (sm_90);
 *   - concurrent streams from several host threads; two threads on one stream (one of them finds
 *     the stream's entry held and clears by a kernel); more streams than the table has entries;
 *     a capture replayed into other streams (a capture keeps the clearing kernel); the table
 *     flushed by gpuscan_release_memory between calls;
 *   - built twice: as the library is, and with chunks of one state word (gpu_counter_slots_taken), more
 *     chunks than tiles, most of them taken by tiles that find them missing when they need them;
 *     both also run under compute-sanitizer (tests/CMakeLists.txt: sanitize_counter_slots_*). */
#include <thread>
#include <vector>
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(i64, int64_t, add)
GPUSCAN_DEFINE_NAMED(aff, affine, compose)
GPUSCAN_DEFINE_NAMED(m2, mat2, matmul)
/* the CPU references, comparisons and generators (test_lib.h) */
TEST_REFERENCE_OF(gpuscan_i32_add, int32_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_i64_add, int64_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_aff_compose, affine, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_m2_matmul, mat2, TEST_NO_DOUBLE)
TEST_ELEMENT(i32, int32_t, TEST_TO_DOUBLE)
TEST_ELEMENT(i64, int64_t, TEST_TO_DOUBLE)
TEST_ELEMENT(affine, affine, TEST_NO_DOUBLE)
TEST_ELEMENT(mat2, mat2, TEST_NO_DOUBLE)
GEN_RANGE(small_i32, int32_t, -1000, 1000)
GEN_INTEGER(i64, int64_t)

#define SLOT_WORDS (sizeof gpuscan_counter_slots_ / sizeof(unsigned))
static __global__ void slots_read(unsigned *out)
{
    for (unsigned i = threadIdx.x; i < SLOT_WORDS; i += blockDim.x) out[i] = (&gpuscan_counter_slots_[0][0])[i];
}

static int g_sm90 = 0;
static int g_one_thread = 0; /* no other thread's scan runs: every slot is zero after a call */
static long g_one_launch = 0, g_kernel_cleared = 0; /* calls by the path they took (ws[0] tells) */

/* Scans of one type through `_ex`: inputs, a workspace a caller keeps, the call, the check. */
template <typename T> struct Case {
    typedef gpuscan_status (*scan_ex_fn)(void *, size_t *, const T *, T *, size_t, gpuscan_kind, T, gpuscan_grid,
                                         gpuscan_block, cudaStream_t);
    const char *name;
    scan_ex_fn scan_ex;
    T (*ref)(const T *, size_t, int, T, T *, double *, double *);
    size_t (*diff)(const T *, const T *, size_t);
    size_t cap;
    std::vector<T> h;
    T *d_in, *d_out;
    void *ws;
    size_t ws_bytes;
    unsigned *d_slots;
    gpuscan_grid other; /* a strategy that clears by a kernel: the domino where the DEFINE compiles
                         * it (the fold's kernel: int32), else reduce-ahead */

    Case(const char *name_, scan_ex_fn fn, T (*ref_)(const T *, size_t, int, T, T *, double *, double *),
         size_t (*diff_)(const T *, const T *, size_t), void (*gen)(T *, size_t, int, uint64_t *), size_t cap_,
         uint64_t *rng)
        : name(name_), scan_ex(fn), ref(ref_), diff(diff_), cap(cap_), h(cap_), ws(NULL), ws_bytes(0)
    {
        gen(h.data(), cap, OPC_ADD, rng);
        CHECK_CUDA(cudaMalloc(&d_in, cap * sizeof(T)));
        CHECK_CUDA(cudaMalloc(&d_out, cap * sizeof(T)));
        CHECK_CUDA(cudaMalloc(&d_slots, SLOT_WORDS * sizeof(unsigned)));
        CHECK_CUDA(cudaMemcpy(d_in, h.data(), cap * sizeof(T), cudaMemcpyHostToDevice));
        size_t bytes = 0;
        const gpuscan_status st = scan_ex(NULL, &bytes, d_in, d_out, cap, GPUSCAN_INCLUSIVE, T(), GPUSCAN_GRID_DOMINO,
                                          GPUSCAN_BLOCK_COARSENED, 0);
        EXPECT(st == GPUSCAN_SUCCESS || st == GPUSCAN_ERROR_NOT_COMPILED, "%s: domino size query: %s", name,
               gpuscan_status_string(st));
        other = st == GPUSCAN_SUCCESS ? GPUSCAN_GRID_DOMINO : GPUSCAN_GRID_REDUCE_AHEAD;
    }
    /* One call on s: `exclusive`, grid, block; n elements; checked. */
    void run(int exclusive, gpuscan_grid grid, gpuscan_block block, size_t n, cudaStream_t s, const char *where)
    {
        const T init = h[cap - 1];
        size_t bytes = 0;
        const gpuscan_kind kind = exclusive ? GPUSCAN_EXCLUSIVE : GPUSCAN_INCLUSIVE;
        EXPECT(scan_ex(NULL, &bytes, d_in, d_out, n, kind, init, grid, block, s) == GPUSCAN_SUCCESS, "%s: size query", name);
        if (bytes > ws_bytes) {
            if (ws) CHECK_CUDA(cudaFree(ws));
            CHECK_CUDA(cudaMalloc(&ws, bytes));
            ws_bytes = bytes;
        }
        poison_workspace(ws, ws_bytes, s);
        CHECK_CUDA(cudaMemsetAsync(d_out, 0xA5, n * sizeof(T), s));
        size_t b = ws_bytes;
        const gpuscan_status st = scan_ex(ws, &b, d_in, d_out, n, kind, init, grid, block, s);
        EXPECT(st == GPUSCAN_SUCCESS, "%s %s: %s", name, where, gpuscan_status_string(st));
        std::vector<T> got(n), want(n);
        unsigned counter = 0, slots[SLOT_WORDS];
        slots_read<<<1, 128, 0, s>>>(d_slots);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaMemcpyAsync(got.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaMemcpyAsync(&counter, ws, sizeof counter, cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaMemcpyAsync(slots, d_slots, sizeof slots, cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        ref(h.data(), n, exclusive ? REF_EXCLUSIVE : REF_INCLUSIVE, init, want.data(), NULL, NULL);
        const size_t bad = diff(got.data(), want.data(), n);
        EXPECT(bad == 0, "%s %s %s grid %d block %d n=%zu: %zu wrong", name, where,
               exclusive ? "exclusive" : "inclusive", (int)grid, (int)block, n, bad);
        (void)(counter == 2u ? __atomic_add_fetch(&g_one_launch, 1, __ATOMIC_RELAXED)
                             : __atomic_add_fetch(&g_kernel_cleared, 1, __ATOMIC_RELAXED));
        int nonzero = 0;
        for (unsigned i = 0; i < SLOT_WORDS; ++i) nonzero += slots[i] != 0u;
        EXPECT(!g_one_thread || nonzero == 0, "%s %s n=%zu: %d counter slot words not zero after it", name, where, n, nonzero);
    }
    void done()
    {
        CHECK_CUDA(cudaFree(d_in));
        CHECK_CUDA(cudaFree(d_out));
        CHECK_CUDA(cudaFree(d_slots));
        if (ws) CHECK_CUDA(cudaFree(ws));
    }
};

/* Every slot zero (nothing running). */
static void expect_slots_zero(const char *when)
{
    unsigned *d, h[SLOT_WORDS];
    CHECK_CUDA(cudaMalloc(&d, sizeof h));
    slots_read<<<1, 128>>>(d);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaFree(d));
    int nonzero = 0;
    for (unsigned i = 0; i < SLOT_WORDS; ++i) nonzero += h[i] != 0u;
    EXPECT(nonzero == 0, "%s: %d counter slot words not zero", when, nonzero);
}


/* `calls` random calls of c on s: sizes from lo to c.cap. */
template <typename T> static void random_calls(Case<T> &c, int calls, size_t lo, cudaStream_t s, uint64_t rng,
                                               const char *where)
{
    for (int k = 0; k < calls; ++k) {
        const size_t n = lo + rng_next(&rng) % (c.cap - lo + 1);
        const gpuscan_grid grids[] = {GPUSCAN_GRID_AUTO, GPUSCAN_GRID_LOOKBACK, c.other};
        c.run((int)(rng_next(&rng) & 1), grids[rng_next(&rng) % 3], GPUSCAN_BLOCK_COARSENED, n, s, where);
    }
}

int main(int argc, char **argv)
{
#ifdef GPUSCAN_TEST_CLEAR_CHUNK_WORDS
    const char *suite = "gpu_counter_slots_taken";
#else
    const char *suite = "gpu_counter_slots";
#endif
    require_gpu(suite);
    if (argc > 1 && strcmp(argv[1], "--probe") == 0) return 0; /* a GPU is there (tests/sanitize.sh) */
    uint64_t rng = test_seed();
    cudaDeviceProp p;
    CHECK_CUDA(cudaGetDeviceProperties(&p, 0));
    g_sm90 = p.major >= 9;
    /* caps: 512 coarsened tiles and several waves of them (int32 8192 elements a tile, int64 and the
     * 16-byte types 2048-4096) */
    const size_t i32_lo = (size_t)1 << 22, i64_lo = (size_t)1 << 20, aff_lo = (size_t)1 << 20, m2_lo = (size_t)1 << 20;
#define CASE_FNS_(P, tname) P##_scan_ex, ref_##P, diff_##tname
    Case<int32_t> i32("int32", CASE_FNS_(gpuscan_i32_add, i32), gen_small_i32, ((size_t)1 << 24) + 4099, &rng);
    Case<int64_t> i64("int64", CASE_FNS_(gpuscan_i64_add, i64), gen_i64, ((size_t)1 << 23) + 77, &rng);
    Case<affine> aff("affine", CASE_FNS_(gpuscan_aff_compose, affine), gen_affine, ((size_t)1 << 22) + 5, &rng);
    Case<mat2> m2("mat2", CASE_FNS_(gpuscan_m2_matmul, mat2), gen_mat2_unimodular, ((size_t)1 << 21) + 3, &rng);
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

    EXPECT(i32.other == GPUSCAN_GRID_DOMINO, "int32 add: the DEFINE compiles the domino (the fold's kernel)");
    g_one_thread = 1;
    /* 1. one stream, every layout, the edges of 512 tiles and several waves */
    for (size_t n : {i32_lo - 1, i32_lo, i32_lo + 1, ((size_t)1 << 23) + 8191, i32.cap})
        for (int ex = 0; ex < 2; ++ex) i32.run(ex, GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, n, s, "one stream");
    for (size_t n : {i64_lo, ((size_t)1 << 22) + 1, i64.cap})
        for (int ex = 0; ex < 2; ++ex) i64.run(ex, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_COARSENED, n, s, "one stream");
    random_calls(i32, 12, i32_lo, s, rng_next(&rng), "one stream");
    random_calls(i64, 12, i64_lo, s, rng_next(&rng), "one stream");
    random_calls(aff, 12, aff_lo, s, rng_next(&rng), "one stream");
    random_calls(m2, 12, m2_lo, s, rng_next(&rng), "one stream");
    expect_slots_zero("after one stream's calls");
    EXPECT(!g_sm90 || g_one_launch > 0, "sm_90: no `_ex` scan cleared its states in its own launch (%ld by a kernel)",
           g_kernel_cleared);

    /* 2. threads, each on a stream of its own, at once; then two threads on one stream */
    g_one_thread = 0;
    {
        const int threads = 4;
        std::vector<std::thread> pool;
        std::vector<cudaStream_t> streams(threads);
        for (int t = 0; t < threads; ++t) CHECK_CUDA(cudaStreamCreateWithFlags(&streams[t], cudaStreamNonBlocking));
        for (int t = 0; t < threads; ++t) {
            const uint64_t seed = rng_next(&rng);
            pool.emplace_back([&, t, seed]() {
                uint64_t r = seed;
                Case<int64_t> mine("int64 (thread)", CASE_FNS_(gpuscan_i64_add, i64), gen_i64, ((size_t)1 << 22) + 9, &r);
                random_calls(mine, 10, i64_lo, streams[t], rng_next(&r), "own stream");
                mine.done();
            });
        }
        for (std::thread &th : pool) th.join();
        pool.clear();
        for (int t = 0; t < 2; ++t) {
            const uint64_t seed = rng_next(&rng);
            pool.emplace_back([&, seed]() {
                uint64_t r = seed;
                Case<int32_t> mine("int32 (shared stream)", CASE_FNS_(gpuscan_i32_add, i32), gen_small_i32,
                                   ((size_t)1 << 23) + 9, &r);
                random_calls(mine, 10, i32_lo, streams[0], rng_next(&r), "shared stream");
                mine.done();
            });
        }
        for (std::thread &th : pool) th.join();
        for (int t = 0; t < threads; ++t) CHECK_CUDA(cudaStreamDestroy(streams[t]));
        expect_slots_zero("after the threads' calls");
    }

    g_one_thread = 1;
    /* 3. more streams than the table has entries (the later ones clear by a kernel), round robin */
    {
        std::vector<cudaStream_t> many(GPUSCAN_COUNTER_SLOTS_ + 8);
        for (cudaStream_t &x : many) CHECK_CUDA(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
        for (int round = 0; round < 2; ++round)
            for (size_t k = 0; k < many.size(); ++k)
                i64.run((int)(k & 1), GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, i64_lo + k * 4097, many[k], "many streams");
        for (cudaStream_t &x : many) CHECK_CUDA(cudaStreamDestroy(x));
        EXPECT(gpuscan_release_memory(0) == GPUSCAN_SUCCESS, "release after many streams");
        expect_slots_zero("after many streams");
    }

    /* 4. a capture of `_ex` scans, replayed into its own stream and two others */
    {
        const size_t n = ((size_t)1 << 22) + 3;
        std::vector<int64_t> want(n), got(n);
        ref_gpuscan_i64_add(i64.h.data(), n, REF_INCLUSIVE, 0, want.data(), NULL, NULL);
        size_t bytes = 0;
        EXPECT(gpuscan_i64_add_scan_ex(NULL, &bytes, i64.d_in, i64.d_out, n, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_LOOKBACK,
                                       GPUSCAN_BLOCK_COARSENED, s) == GPUSCAN_SUCCESS, "capture: size query");
        void *ws;
        CHECK_CUDA(cudaMalloc(&ws, bytes));
        cudaGraph_t g;
        cudaGraphExec_t exec;
        CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
        poison_workspace(ws, bytes, s);
        size_t b = bytes;
        const gpuscan_status st = gpuscan_i64_add_scan_ex(ws, &b, i64.d_in, i64.d_out, n, GPUSCAN_INCLUSIVE, 0,
                                                          GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, s);
        CHECK_CUDA(cudaStreamEndCapture(s, &g));
        EXPECT(st == GPUSCAN_SUCCESS, "captured `_ex`: %s", gpuscan_status_string(st));
        CHECK_CUDA(cudaGraphInstantiate(&exec, g, 0));
        cudaStream_t others[2];
        for (cudaStream_t &x : others) CHECK_CUDA(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
        for (int rep = 0; rep < 3; ++rep) {
            cudaStream_t into = rep == 0 ? s : others[rep - 1];
            CHECK_CUDA(cudaMemsetAsync(i64.d_out, 0xA5, n * sizeof(int64_t), into));
            CHECK_CUDA(cudaGraphLaunch(exec, into));
            CHECK_CUDA(cudaMemcpyAsync(got.data(), i64.d_out, n * sizeof(int64_t), cudaMemcpyDeviceToHost, into));
            CHECK_CUDA(cudaStreamSynchronize(into));
            const size_t bad = diff_i64(got.data(), want.data(), n);
            EXPECT(bad == 0, "captured `_ex` replay %d: %zu wrong", rep, bad);
        }
        for (cudaStream_t &x : others) CHECK_CUDA(cudaStreamDestroy(x));
        CHECK_CUDA(cudaGraphExecDestroy(exec));
        CHECK_CUDA(cudaGraphDestroy(g));
        CHECK_CUDA(cudaFree(ws));
    }

    /* 5. the table flushed between calls on a stream */
    EXPECT(gpuscan_release_memory(0) == GPUSCAN_SUCCESS, "release");
    random_calls(i64, 4, i64_lo, s, rng_next(&rng), "after a release");
    expect_slots_zero("at the end");
    printf("%ld calls cleared their states in their own launch, %ld by a kernel\n", g_one_launch, g_kernel_cleared);
    i32.done(), i64.done(), aff.done(), m2.done();
    CHECK_CUDA(cudaStreamDestroy(s));
    return test_finish(suite);
}
