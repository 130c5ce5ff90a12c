/* tests/test_rounds.cu - a workspace kept for a stream is not cleared between single-pass scans
 * (grid.cuh: rounds; host.cuh: gpuscan_rounds_next_): each call on it is the next round, and what
 * earlier rounds left must never be read as this one's.
 *   - many simple-form calls on one stream, in a random order: state layouts of 8 bytes (int32),
 *     16 bytes packed (an affine map; a 12-byte one) and a 4-byte status with its value in a slot
 *     (2x2 matrices), all non-commutative but int32; growing and shrinking sizes; exclusive scans;
 *     reductions and scans on another path (one cluster, reduce-ahead) in between, after which the
 *     states must be cleared again; each output poisoned first and checked against the CPU;
 *   - runs of one scan checked to take consecutive rounds (the stream's cache entry tells);
 *   - chains of scans, each reading the one before, back to back and captured in a graph: each
 *     is the programmatic dependent of the kernel before it;
 *   - built twice: with every round a state word tells apart, and with GPUSCAN_TEST_STATE_ROUNDS=3,
 *     where every third call on a kept workspace clears it again, and GPUSCAN_TEST_PACE_TILES=3, where
 *     every look-back's first wave is paced 3 tiles apart (gpu_rounds_wrap). */
#include <vector>
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
GPUSCAN_DEFINE_NAMED(aff, affine, compose)
GPUSCAN_DEFINE_NAMED(aff3, affine3, compose3)
GPUSCAN_DEFINE_NAMED(m2, mat2, matmul)
/* the CPU references and comparisons (test_lib.h) */
TEST_REFERENCE_OF(gpuscan_i32_add, int32_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_aff_compose, affine, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_aff3_compose3, affine3, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_m2_matmul, mat2, TEST_NO_DOUBLE)
TEST_ELEMENT(i32, int32_t, TEST_TO_DOUBLE)
TEST_ELEMENT(affine, affine, TEST_NO_DOUBLE)
TEST_ELEMENT(affine3, affine3, TEST_NO_DOUBLE)
TEST_ELEMENT(mat2, mat2, TEST_NO_DOUBLE)
GEN_RANGE(small_i32, int32_t, -1000, 1000)

/* The stream's cache entry on device 0 (NULL: none). */
static const gpuscan_cached_ws_ *entry_of(cudaStream_t s)
{
    const gpuscan_cached_ws_ *row = gpuscan_pool_table_of_program_()->cache[0];
    for (int i = 0; i < GPUSCAN_CACHED_STREAMS_; ++i)
        if (row[i].taken && row[i].stream == s) return &row[i];
    return NULL;
}

/* Scans of one type: inputs, the call, the check (the type's reference, comparison and generator:
 * test_lib.h). */
template <typename T> struct Case {
    const char *name;
    gpuscan_status (*inclusive)(const T *, T *, size_t, cudaStream_t);
    gpuscan_status (*exclusive)(const T *, T *, size_t, T, cudaStream_t);
    gpuscan_status (*reduce)(const T *, T *, size_t, cudaStream_t);
    T (*ref)(const T *, size_t, int, T, T *, double *, double *);
    size_t (*diff)(const T *, const T *, size_t);
    size_t cap;
    std::vector<T> h, want;
    T *d_in, *d_out;

    Case(const char *name_, gpuscan_status (*inc)(const T *, T *, size_t, cudaStream_t),
         gpuscan_status (*exc)(const T *, T *, size_t, T, cudaStream_t),
         gpuscan_status (*red)(const T *, T *, size_t, cudaStream_t),
         T (*ref_)(const T *, size_t, int, T, T *, double *, double *), size_t (*diff_)(const T *, const T *, size_t),
         void (*gen)(T *, size_t, int, uint64_t *), size_t cap_, uint64_t *rng)
        : name(name_), inclusive(inc), exclusive(exc), reduce(red), ref(ref_), diff(diff_), cap(cap_), h(cap_), want(cap_)
    {
        gen(h.data(), cap, OPC_ADD, rng);
        CHECK_CUDA(cudaMalloc(&d_in, cap * sizeof(T)));
        CHECK_CUDA(cudaMalloc(&d_out, (cap + 1) * sizeof(T)));
        CHECK_CUDA(cudaMemcpy(d_in, h.data(), cap * sizeof(T), cudaMemcpyHostToDevice));
    }
    /* one call of `what` (0 inclusive, 1 exclusive, 2 reduce) on n elements, checked */
    void run(int what, size_t n, cudaStream_t s, int step)
    {
        const T init = h[cap - 1]; /* an exclusive scan's seed: any value */
        CHECK_CUDA(cudaMemsetAsync(d_out, 0xA5, n * sizeof(T), s));
        gpuscan_status st = what == 0   ? inclusive(d_in, d_out, n, s)
                            : what == 1 ? exclusive(d_in, d_out, n, init, s)
                                        : reduce(d_in, d_out, n, s);
        EXPECT(st == GPUSCAN_SUCCESS, "step %d %s: %s", step, name, gpuscan_status_string(st));
        const T total = ref(h.data(), n, what == 1 ? REF_EXCLUSIVE : REF_INCLUSIVE, init, what == 2 ? NULL : want.data(),
                            NULL, NULL);
        std::vector<T> got(what == 2 ? 1 : n);
        CHECK_CUDA(cudaMemcpyAsync(got.data(), d_out, got.size() * sizeof(T), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        const size_t bad = what == 2 ? diff(got.data(), &total, 1) : diff(got.data(), want.data(), n);
        EXPECT(bad == 0, "step %d %s %s n=%zu: %zu wrong", step, name,
               what == 0 ? "inclusive" : what == 1 ? "exclusive" : "reduce", n, bad);
    }
    void done()
    {
        CHECK_CUDA(cudaFree(d_in));
        CHECK_CUDA(cudaFree(d_out));
    }
};

/* Scans that each read the output of the scan before them, issued back to back with no wait
 * between: every scan of one pass (single-pass, one cluster, one tile), a reduction of one block
 * (a fold of partials: of its first pass) and the kernel that clears `_ex` states are each the
 * programmatic dependent of the kernel before it (grid.cuh) and must not read before that one is
 * done.  Simple and `_ex` forms, in place and not,
 * then a reduction of the last output and a scan of it seeded with that sum (chained: the seed read
 * on the device); plain or captured in a graph (replayed twice). */
static void chain(size_t n, cudaStream_t s, int graph, uint64_t *rng)
{
    enum { SCANS = 6 };
    std::vector<int32_t> h(n), got(n), seeded(n);
    gen_small_i32(h.data(), n, OPC_ADD, rng);
    int32_t *a, *b, *sum;
    void *ws;
    size_t ws_bytes = 0;
    CHECK_CUDA(cudaMalloc(&a, n * sizeof(int32_t)));
    CHECK_CUDA(cudaMalloc(&b, n * sizeof(int32_t)));
    CHECK_CUDA(cudaMalloc(&sum, sizeof(int32_t)));
    EXPECT(gpuscan_i32_add_scan_ex(NULL, &ws_bytes, a, b, n, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_LOOKBACK,
                                   GPUSCAN_BLOCK_COARSENED, s) == GPUSCAN_SUCCESS, "chain: size query");
    CHECK_CUDA(cudaMalloc(&ws, ws_bytes));
    cudaGraphExec_t exec = NULL;
    for (int rep = 0; rep < (graph ? 2 : 1); ++rep) {
        CHECK_CUDA(cudaMemcpyAsync(a, h.data(), n * sizeof(int32_t), cudaMemcpyHostToDevice, s));
        CHECK_CUDA(cudaMemsetAsync(b, 0xA5, n * sizeof(int32_t), s)); /* s does not wait for stream 0 */
        if (rep == 0) {
            cudaGraph_t g;
            if (graph) CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
            int bad = 0; /* a -> b -> a (simple), a -> b -> a (_ex), a -> a (in place), a -> b */
            bad |= gpuscan_i32_add_inclusive(a, b, n, s) != GPUSCAN_SUCCESS;
            bad |= gpuscan_i32_add_inclusive(b, a, n, s) != GPUSCAN_SUCCESS;
            for (int k = 0; k < 2; ++k) {
                size_t bytes = ws_bytes;
                bad |= gpuscan_i32_add_scan_ex(ws, &bytes, k ? b : a, k ? a : b, n, GPUSCAN_INCLUSIVE, 0,
                                               GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, s) != GPUSCAN_SUCCESS;
            }
            bad |= gpuscan_i32_add_inclusive(a, a, n, s) != GPUSCAN_SUCCESS;
            bad |= gpuscan_i32_add_inclusive(a, b, n, s) != GPUSCAN_SUCCESS;
            bad |= gpuscan_i32_add_reduce(b, sum, n, s) != GPUSCAN_SUCCESS; /* b's sum, then b scanned after it */
            bad |= gpuscan_i32_add_inclusive_chained(b, a, n, sum, NULL, s) != GPUSCAN_SUCCESS;
            EXPECT(!bad, "chain n=%zu%s: a call failed", n, graph ? " (captured)" : "");
            if (graph) {
                CHECK_CUDA(cudaStreamEndCapture(s, &g));
                CHECK_CUDA(cudaGraphInstantiate(&exec, g, 0));
                CHECK_CUDA(cudaGraphDestroy(g));
            }
        }
        if (graph) CHECK_CUDA(cudaGraphLaunch(exec, s));
        CHECK_CUDA(cudaMemcpyAsync(got.data(), b, n * sizeof(int32_t), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaMemcpyAsync(seeded.data(), a, n * sizeof(int32_t), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        std::vector<int32_t> want(h), want_seeded(n);
        for (int k = 0; k < SCANS; ++k) ref_gpuscan_i32_add(want.data(), n, REF_INCLUSIVE, 0, want.data(), NULL, NULL);
        /* the sum of the last output, then its scan after that sum */
        const int32_t total = ref_gpuscan_i32_add(want.data(), n, REF_INCLUSIVE, 0, NULL, NULL, NULL);
        ref_gpuscan_i32_add(want.data(), n, REF_SEEDED, total, want_seeded.data(), NULL, NULL);
        const size_t wrong = diff_i32(got.data(), want.data(), n);
        EXPECT(wrong == 0, "chain of %d scans n=%zu%s, run %d: %zu wrong", SCANS, n, graph ? " (captured)" : "", rep,
               wrong);
        const size_t wrong_seeded = diff_i32(seeded.data(), want_seeded.data(), n);
        EXPECT(wrong_seeded == 0, "chain n=%zu%s, run %d, the scan seeded with the reduction: %zu wrong", n,
               graph ? " (captured)" : "", rep, wrong_seeded);
    }
    if (exec != NULL) CHECK_CUDA(cudaGraphExecDestroy(exec));
    CHECK_CUDA(cudaFree(a));
    CHECK_CUDA(cudaFree(b));
    CHECK_CUDA(cudaFree(sum));
    CHECK_CUDA(cudaFree(ws));
}

int main(void)
{
    require_gpu("gpu_rounds");
    uint64_t rng = test_seed();
    const size_t cap = (size_t)1 << 22;
#define CASE_FNS_(P, tname) P##_inclusive, P##_exclusive, P##_reduce, ref_##P, diff_##tname
    Case<int32_t> i32("int32", CASE_FNS_(gpuscan_i32_add, i32), gen_small_i32, cap + 4099, &rng);
    Case<affine> aff("affine", CASE_FNS_(gpuscan_aff_compose, affine), gen_affine, cap / 2, &rng);
    Case<affine3> aff3("affine3", CASE_FNS_(gpuscan_aff3_compose3, affine3), gen_affine3, cap / 4, &rng);
    Case<mat2> m2("mat2", CASE_FNS_(gpuscan_m2_matmul, mat2), gen_mat2_unimodular, cap / 4, &rng);
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

    /* runs of one scan take consecutive rounds (and the wrap clears every GPUSCAN_TEST_STATE_ROUNDS) */
    const unsigned limit = (unsigned)GPUSCAN_TEST_STATE_ROUNDS;
    int step = 0;
    i32.run(2, (size_t)1 << 20, s, step++); /* a reduction: whatever was kept is forgotten */
    EXPECT(entry_of(s) != NULL && entry_of(s)->rounds.clean == 0, "a reduction leaves no rounds kept");
    for (int k = 1; k <= 7; ++k) {
        i32.run(k & 1, (size_t)1 << 19, s, step++);
        const gpuscan_cached_ws_ *e = entry_of(s);
        const unsigned want = (unsigned)(k - 1) % limit + 1;
        EXPECT(e != NULL && e->rounds.clean > 0 && e->rounds.next == want, "call %d on a kept workspace: round %u next, want %u",
               k, e != NULL ? e->rounds.next : 0u, want);
    }

    /* then everything mixed: layouts, sizes (up to 2^22 int32: the states' clearing kernel's
     * sizes), other paths between */
    for (int k = 0; k < 160; ++k) {
        const int pick = (int)(rng_next(&rng) % 4), what = (int)(rng_next(&rng) % 8); /* 0-3 inclusive, 4-6 exclusive, 7 reduce */
        const int form = what < 4 ? 0 : what < 7 ? 1 : 2;
        const size_t lo = (size_t)1 << 10, r = rng_next(&rng);
        switch (pick) {
        case 0: i32.run(form, lo + r % (i32.cap - lo), s, step++); break;
        case 1: aff.run(form, lo + r % (aff.cap - lo), s, step++); break;
        case 2: aff3.run(form, lo + r % (aff3.cap - lo), s, step++); break;
        default: m2.run(form, lo + r % (m2.cap - lo), s, step++); break;
        }
    }
    /* one size again and again, from a small one to the largest (the clean bytes grow) */
    for (size_t n : {(size_t)1 << 17, (size_t)1 << 17, (size_t)1 << 22, (size_t)1 << 18, (size_t)1 << 22})
        for (int k = 0; k < 3; ++k) i32.run(k == 1, n, s, step++);
    /* reduce-ahead (int32 from 64 MiB, where L2 holds its lookahead; on the ring where it runs)
     * uses the workspace too, then the look-back again */
    {
        Case<int32_t> big("int32 big", CASE_FNS_(gpuscan_i32_add, i32), gen_small_i32, ((size_t)1 << 24) + 5, &rng);
        big.run(0, big.cap, s, step++);
        big.run(0, (size_t)1 << 20, s, step++);
        big.run(1, (size_t)1 << 21, s, step++);
        big.done();
    }
    /* chains: one tile, one cluster (simple; `_ex` asks for the look-back), the look-back with its
     * states cleared by a memset (`_ex`) or kept (simple), and from 512 tiles by the clearing kernel */
    for (int graph = 0; graph < 2; ++graph)
        for (size_t n : {(size_t)3001, ((size_t)1 << 14) + 5, ((size_t)1 << 17) + 3, ((size_t)1 << 21) + 4097})
            chain(n, s, graph, &rng);
    printf("%d calls on one stream, and chains of scans\n", step);
    i32.done(), aff.done(), aff3.done(), m2.done();
    CHECK_CUDA(cudaStreamDestroy(s));
    return test_finish(limit == GPUSCAN_STATE_ROUNDS_ ? "gpu_rounds" : "gpu_rounds_wrap");
}
