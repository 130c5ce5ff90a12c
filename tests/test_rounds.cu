/* tests/test_rounds.cu - a workspace kept for a stream is not cleared between single-pass scans
 * (grid.cuh: rounds; host.cuh: gpuscan_rounds_next_): each call on it is the next round, and what
 * earlier rounds left must never be read as this one's.
 *   - many simple-form calls on one stream, in a random order: state layouts of 8 bytes (int32),
 *     16 bytes packed (an affine map; a 12-byte one) and a 4-byte status with its value in a slot
 *     (2x2 matrices), all non-commutative but int32; growing and shrinking sizes; exclusive scans;
 *     reductions and scans on another path (one cluster, reduce-ahead) in between, after which the
 *     states must be cleared again; each output poisoned first and checked against the CPU;
 *   - runs of one scan checked to take consecutive rounds (the stream's cache entry tells);
 *   - a smaller scan's value slots, and a smaller segmented scan's tiles' first segments (its own
 *     workspace), made to read as a larger one's published states, before it on the stream;
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
GPUSCAN_DEFINE_SEGMENTED(i32, int, add) /* (a family's own workspace past its states) */
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

/* Calls `larger` (a scan that keeps its bytes clean) until the next two calls on s would both take
 * the kept workspace's next rounds, not clear it (a GPUSCAN_TEST_STATE_ROUNDS build clears every
 * few): the round the next call takes; ~0u where none is kept. */
template <typename F> static unsigned two_rounds_ahead(cudaStream_t s, F larger)
{
    const unsigned limit = (unsigned)GPUSCAN_TEST_STATE_ROUNDS;
    for (unsigned k = 0; k <= limit + 1u && k < 8u; ++k) {
        larger();
        const gpuscan_cached_ws_ *e = kept_entry_of(s);
        if (e == NULL || e->rounds.clean == 0) break;
        if (e->rounds.next + 1u < limit) return e->rounds.next;
    }
    EXPECT(0, "no workspace kept for two rounds more after a scan");
    return ~0u;
}
/* After a smaller call that was to take round r: whether it did (the scenario's premise). */
static void took_round(cudaStream_t s, unsigned r, const char *what)
{
    const gpuscan_cached_ws_ *e = kept_entry_of(s);
    EXPECT(e != NULL && e->rounds.next == r + 1u, "%s: the smaller call took round %u, not %u", what,
           e != NULL ? e->rounds.next - 1u : 0u, r);
}

/* A smaller scan's value slots (a type of more than 12 bytes has its values beside 4-byte states)
 * lie past its states, where a larger scan after it on the stream finds states of its next round:
 * every element an idempotent matrix (u w^T, w^T u = 1) whose first word is V makes every slot's
 * first word V, which reads as an aggregate or a prefix of that round (4 * round + 1 or 2) - the
 * larger scan must clear first (host.cuh: gpuscan_rounds_keep_).  Its input is new each time: the
 * slots it reads so would otherwise hold its own values from the call before. */
static void slots_then_states(Case<mat2> &m2, cudaStream_t s, int *step, uint64_t *rng)
{
    const size_t sizes[2] = {(size_t)1 << 15, (size_t)1 << 17};
    std::vector<mat2> h(sizes[1]), got(sizes[1]);
    mat2 *d_small, *d_out;
    CHECK_CUDA(cudaMalloc(&d_small, sizes[1] * sizeof(mat2)));
    CHECK_CUDA(cudaMalloc(&d_out, sizes[1] * sizeof(mat2)));
    for (int trial = 0; trial < 8; ++trial) {
        const size_t small = sizes[trial / 2 % 2];
        const unsigned r = two_rounds_ahead(s, [&] { m2.run(0, m2.cap, s, (*step)++); });
        if (r == ~0u) break;
        const uint32_t v = 4u * (r + 1u) + 1u + (unsigned)(trial & 1);
        const mat2 m = {{v, v * (1u - v), 1u, 1u - v}}; /* u = (v, 1), w^T = (1, 1 - v) */
        for (size_t i = 0; i < small; ++i) h[i] = m;
        CHECK_CUDA(cudaMemcpyAsync(d_small, h.data(), small * sizeof(mat2), cudaMemcpyHostToDevice, s));
        const gpuscan_status st = gpuscan_m2_matmul_inclusive(d_small, d_out, small, s);
        EXPECT(st == GPUSCAN_SUCCESS, "slots n=%zu: %s", small, gpuscan_status_string(st));
        CHECK_CUDA(cudaMemcpyAsync(got.data(), d_out, small * sizeof(mat2), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        EXPECT(diff_mat2(got.data(), h.data(), small) == 0, "slots n=%zu: products of an idempotent matrix", small);
        took_round(s, r, "slots");
        gen_mat2_unimodular(m2.h.data(), m2.cap, OPC_ADD, rng);
        CHECK_CUDA(cudaMemcpyAsync(m2.d_in, m2.h.data(), m2.cap * sizeof(mat2), cudaMemcpyHostToDevice, s));
        m2.run(trial & 1, m2.cap, s, (*step)++);
    }
    CHECK_CUDA(cudaFree(d_small));
    CHECK_CUDA(cudaFree(d_out));
}

/* A smaller scan by offsets writes its tiles' first segments (its own workspace) past its states,
 * where a larger scan after it on the stream finds states of its next round.  The smaller one's
 * segments are V empty ones and one of all its elements, so each of its tiles' first segments is
 * V, which reads as a prefix of that round (4 * round + 2) - the larger scan must clear first
 * (gpuscan_rounds_forget_from_).  The larger one's segments are long: a tile's items before its
 * first head take the prefix. */
static void first_segments_then_states(uint64_t *rng)
{
    const size_t tile = GPUSCAN_TILE_(CO, int), big = 256 * tile + 5, small = 6 * tile;
    int *h = (int *)malloc(big * sizeof(int)), *want = (int *)malloc(big * sizeof(int)),
        *got = (int *)malloc(big * sizeof(int));
    long long *offs = (long long *)malloc((big + 2) * sizeof(long long)), *d_off, *d_small_off, small_offs[1024];
    int *d_in, *d_out;
    size_t n_segments = 0;
    for (size_t i = 0; i < big; ++i) h[i] = (int)(rng_next(rng) % 2001u) - 1000;
    for (size_t at = 0; at < big; at += tile / 2 + rng_next(rng) % (4 * tile)) offs[n_segments++] = (long long)at;
    offs[n_segments] = (long long)big;
    for (size_t s = 0, i = 0; s < n_segments; ++s) /* the reference */
        for (int acc = 0; i < (size_t)offs[s + 1]; ++i) want[i] = acc += h[i];
    CHECK_CUDA(cudaMalloc(&d_in, big * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_out, big * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_off, (n_segments + 1) * sizeof(long long)));
    CHECK_CUDA(cudaMalloc(&d_small_off, 1024 * sizeof(long long)));
    CHECK_CUDA(cudaMemcpy(d_in, h, big * sizeof(int), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_off, offs, (n_segments + 1) * sizeof(long long), cudaMemcpyHostToDevice));
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    int calls = 0;
    auto larger = [&] {
        CHECK_CUDA(cudaMemsetAsync(d_out, 0xA5, big * sizeof(int), s));
        const gpuscan_status st = gpuscan_i32_add_segmented_offsets_inclusive(d_in, d_off, n_segments, d_out, big, s);
        CHECK_CUDA(cudaMemcpyAsync(got, d_out, big * sizeof(int), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        size_t wrong = 0;
        for (size_t i = 0; i < big; ++i) wrong += got[i] != want[i];
        EXPECT(st == GPUSCAN_SUCCESS && wrong == 0, "first segments, call %d: the larger scan by offsets: %s, %zu wrong",
               calls++, gpuscan_status_string(st), wrong);
    };
    for (int trial = 0; trial < 4; ++trial) {
        const unsigned r = two_rounds_ahead(s, larger);
        if (r == ~0u) break;
        const long long v = 4ll * (r + 1u) + 2; /* V + 1 segments, V + 2 offsets */
        EXPECT(v + 2 <= 1024, "first segments: round %u on a new stream", r);
        if (v + 2 > 1024) break;
        for (long long k = 0; k <= v; ++k) small_offs[k] = 0;
        small_offs[v + 1] = (long long)small;
        CHECK_CUDA(cudaMemcpyAsync(d_small_off, small_offs, (size_t)(v + 2) * sizeof(long long), cudaMemcpyHostToDevice, s));
        const gpuscan_status st = gpuscan_i32_add_segmented_offsets_inclusive(d_in, d_small_off, (size_t)v + 1, d_out,
                                                                                small, s);
        CHECK_CUDA(cudaMemcpyAsync(got, d_out, small * sizeof(int), cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        int acc = 0, bad = 0;
        for (size_t i = 0; i < small; ++i) bad += got[i] != (acc += h[i]);
        EXPECT(st == GPUSCAN_SUCCESS && bad == 0, "first segments, trial %d: the smaller scan (one segment): %s", trial,
               gpuscan_status_string(st));
        took_round(s, r, "first segments");
        larger();
    }
    CHECK_CUDA(cudaStreamDestroy(s));
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_off));
    CHECK_CUDA(cudaFree(d_small_off));
    free(h), free(want), free(got), free(offs);
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
    EXPECT(kept_entry_of(s) != NULL && kept_entry_of(s)->rounds.clean == 0, "a reduction leaves no rounds kept");
    for (int k = 1; k <= 7; ++k) {
        i32.run(k & 1, (size_t)1 << 19, s, step++);
        const gpuscan_cached_ws_ *e = kept_entry_of(s);
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
    slots_then_states(m2, s, &step, &rng);
    first_segments_then_states(&rng);
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
