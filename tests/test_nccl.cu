/* tests/test_nccl.cu - scans across ranks (gpuscan_nccl.cuh), one thread a GPU, on every GPU count
 * from 1 to all the machine has: int64 add (inclusive, exclusive, reduce) and a non-commutative
 * operator (affine maps), shards of uneven lengths, empty ones among them, and (the exhaustive tier)
 * on all the GPUs a shard past 2^31 elements (uint8 add), against a CPU scan of the whole
 * sequence.  With one GPU it runs with one rank; without a GPU it reports itself skipped.  Built
 * deterministic (gpu_nccl_det), it also scans and reduces float sums over 25 binades repeatedly,
 * each run's bits the first's.
 * NCCL's environment is the caller's: NVLink multicast stays off where the machine says so. */
#include <thread>
#include <vector>
#include "gpuscan_nccl.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NCCL(i64, int64_t, add)
GPUSCAN_DEFINE_NCCL(affine, affine, compose)
GPUSCAN_DEFINE_NCCL(u8, uint8_t, add)
#if GPUSCAN_DETERMINISTIC
GPUSCAN_DEFINE_NCCL(f32, float, add)
TEST_REFERENCE_OF(gpuscan_f32_add, float, TEST_TO_DOUBLE)
TEST_ELEMENT(f32, float, TEST_TO_DOUBLE)
GEN_SPREAD(f32, float)
#endif
/* the CPU references (of the whole sequence: the shards in rank order), comparisons and generators
 * (test_lib.h) */
TEST_REFERENCE_OF(gpuscan_i64_add, int64_t, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_affine_compose, affine, TEST_NO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_u8_add, uint8_t, TEST_NO_DOUBLE)
TEST_ELEMENT(i64, int64_t, TEST_TO_DOUBLE)
TEST_ELEMENT(affine, affine, TEST_NO_DOUBLE)
TEST_ELEMENT(u8, uint8_t, TEST_TO_DOUBLE)
GEN_INTEGER(i64, int64_t)
GEN_INTEGER(u8, uint8_t)
/* a type's generator, reference and comparison, for run_case */
#define CASE_FNS_(P, tname) gen_##tname, ref_##P, diff_##tname

/* Every rank's call in its own thread (one rank a GPU), on shard r of x (x[first[r] ..
 * first[r + 1])): the scans' outputs into out at the same places, the reductions' results (kind 2)
 * into results[r], the statuses into status[r]. */
template <class T, class F>
static void run_ranks(std::vector<ncclComm_t> &comms, const std::vector<size_t> &first, const std::vector<T> &x, int kind,
                      T init, F call, std::vector<T> &out, std::vector<T> &results, std::vector<gpuscan_status> &status)
{
    const int ranks = (int)comms.size();
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks; ++r)
        threads.emplace_back([&, r] {
            CHECK_CUDA(cudaSetDevice(r));
            cudaStream_t s;
            CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
            T *d_in = NULL, *d_out = NULL;
            const size_t n = first[r + 1] - first[r];
            CHECK_CUDA(cudaMalloc(&d_in, (n ? n : 1) * sizeof(T)));
            CHECK_CUDA(cudaMalloc(&d_out, (n ? n : 1) * sizeof(T)));
            /* on s: a pageable copy or a memset on the legacy stream may still be running when s,
             * which does not wait for that stream, starts the scan */
            CHECK_CUDA(cudaMemcpyAsync(d_in, x.data() + first[r], n * sizeof(T), cudaMemcpyHostToDevice, s));
            poison(d_out, (n ? n : 1) * sizeof(T), s);
            status[r] = call(d_in, d_out, n, init, comms[r], s);
            CHECK_CUDA(cudaStreamSynchronize(s));
            if (kind == 2) CHECK_CUDA(cudaMemcpy(&results[r], d_out, sizeof(T), cudaMemcpyDeviceToHost));
            else CHECK_CUDA(cudaMemcpy(out.data() + first[r], d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
            CHECK_CUDA(cudaFree(d_in));
            CHECK_CUDA(cudaFree(d_out));
            CHECK_CUDA(cudaStreamDestroy(s));
        });
    for (auto &t : threads) t.join();
}
/* Where shard r starts, for shard lengths len (and the whole length last). */
static std::vector<size_t> shard_starts(const std::vector<size_t> &len)
{
    std::vector<size_t> first(len.size() + 1, 0);
    for (size_t r = 0; r < len.size(); ++r) first[r + 1] = first[r] + len[r];
    return first;
}

/* One case: `ranks` GPUs (comms), shard lengths `len`, every rank in its own thread; kind 0/1 scan,
 * 2 the reduction. */
template <class T, class F> static void run_case(const char *what, std::vector<ncclComm_t> &comms,
                                                 const std::vector<size_t> &len, int kind, T init, F call,
                                                 void (*gen)(T *, size_t, int, uint64_t *),
                                                 T (*ref)(const T *, size_t, int, T, T *, double *, double *),
                                                 size_t (*diff)(const T *, const T *, size_t), uint64_t *rng)
{
    const int ranks = (int)comms.size();
    const std::vector<size_t> first = shard_starts(len);
    std::vector<T> x(first[ranks]), want(first[ranks]), out(first[ranks]);
    gen(x.data(), x.size(), OPC_ADD, rng);
    const T total = ref(x.data(), x.size(), kind == 1 ? REF_EXCLUSIVE : REF_INCLUSIVE, init, want.data(), NULL, NULL);
    if (kind == 2 && x.empty()) return; /* no element: nothing to reduce */
    std::vector<T> results(ranks);
    std::vector<gpuscan_status> status(ranks, GPUSCAN_SUCCESS);
    run_ranks(comms, first, x, kind, init, call, out, results, status);
    for (int r = 0; r < ranks; ++r) {
        EXPECT(status[r] == GPUSCAN_SUCCESS, "%s ranks=%d rank %d: %s", what, ranks, r, gpuscan_nccl_status_string(status[r]));
        if (kind == 2) EXPECT(diff(&results[r], &total, 1) == 0, "%s ranks=%d rank %d: wrong reduction", what, ranks, r);
    }
    const size_t bad = kind != 2 ? diff(out.data(), want.data(), x.size()) : 0;
    EXPECT(bad == 0, "%s ranks=%d (%zu elements): %zu wrong", what, ranks, x.size(), bad);
}

#if GPUSCAN_DETERMINISTIC
/* The deterministic mode across ranks (gpu_nccl_det): float sums of values over 25 binades, so
 * that any change of association changes bits, scanned and reduced REPEATS times; every run's bits
 * must be the first's, and the first within 1e-4 of the sum of magnitudes of a double reference. */
enum { REPEATS = 8 };
static void repeat_case_f32(std::vector<ncclComm_t> &comms, const std::vector<size_t> &len, uint64_t *rng)
{
    const int ranks = (int)comms.size();
    const std::vector<size_t> first = shard_starts(len);
    const size_t n = first[ranks];
    std::vector<float> x(n), want(n), out(n), again(n), results(ranks), results_first(ranks);
    std::vector<double> dref(n), dabs(n);
    std::vector<gpuscan_status> status(ranks, GPUSCAN_SUCCESS);
    float init;
    gen_f32(x.data(), n, OPC_ADD, rng);
    gen_f32(&init, 1, OPC_ADD, rng);
    for (int kind = 0; kind < 3; ++kind) {
        if (kind == 2 && n == 0) continue;
        ref_gpuscan_f32_add(x.data(), n, kind == 1 ? REF_EXCLUSIVE : REF_INCLUSIVE, init, want.data(), dref.data(), dabs.data());
        int differing = 0;
        for (int rep = 0; rep < REPEATS; ++rep) {
            run_ranks(comms, first, x, kind, kind == 1 ? init : 0.0f,
                      [kind](const float *in, float *o, size_t m, float i0, ncclComm_t c, cudaStream_t s) {
                          return kind == 0   ? gpuscan_f32_add_nccl_inclusive(in, o, m, c, s)
                                 : kind == 1 ? gpuscan_f32_add_nccl_exclusive(in, o, m, i0, c, s)
                                             : gpuscan_f32_add_nccl_reduce(in, o, m, c, s);
                      },
                      rep ? again : out, rep ? results : results_first, status);
            for (int r = 0; r < ranks; ++r)
                EXPECT(status[r] == GPUSCAN_SUCCESS, "f32 ranks=%d rank %d: %s", ranks, r, gpuscan_nccl_status_string(status[r]));
            if (rep > 0)
                differing += kind == 2 ? memcmp(results.data(), results_first.data(), ranks * sizeof(float)) != 0
                                       : memcmp(again.data(), out.data(), n * sizeof(float)) != 0;
        }
        if (kind == 2) {
            for (int r = 0; r < ranks; ++r)
                EXPECT(fabs((double)results_first[r] - dref[n - 1]) <= 1e-4 * dabs[n - 1], "f32 ranks=%d rank %d: reduction %.9g, want %.17g",
                       ranks, r, (double)results_first[r], dref[n - 1]);
        } else {
            const size_t bad = diff_tol_f32(out.data(), want.data(), dref.data(), dabs.data(), n, 1e-4);
            EXPECT(bad == 0, "f32 %s ranks=%d (%zu elements): %zu wrong", kind ? "exclusive" : "inclusive", ranks, n, bad);
        }
        EXPECT(differing == 0, "f32 %s ranks=%d (%zu elements): %d of %d repeats differ from the first",
               kind == 2 ? "reduce" : kind ? "exclusive" : "inclusive", ranks, n, differing, REPEATS - 1);
    }
}
#endif

int main(void)
{
    require_gpu("gpu_nccl");
    uint64_t rng = test_seed();
    const int large = test_max_random(SIZE_MAX) > ((size_t)1 << 24);
    int devices = 0;
    CHECK_CUDA(cudaGetDeviceCount(&devices));
    for (int ranks = 1; ranks <= devices; ++ranks) {
        std::vector<ncclComm_t> comms(ranks);
        std::vector<int> list(ranks);
        for (int r = 0; r < ranks; ++r) list[r] = r;
        ncclResult_t nr = ncclCommInitAll(comms.data(), ranks, list.data());
        EXPECT(nr == ncclSuccess, "ncclCommInitAll(%d): %s", ranks, ncclGetErrorString(nr));
        if (nr != ncclSuccess) break;
        /* shard lengths: uneven, an empty one (where there are two ranks or more), one past a tile */
        const size_t pick[] = {0, 1, 33, 4097, ((size_t)1 << 20) + 3, 12345, (size_t)1 << 22};
        for (int trial = 0; trial < 4; ++trial) {
            std::vector<size_t> len(ranks);
            for (int r = 0; r < ranks; ++r) len[r] = pick[(rng_next(&rng) % 6) + (trial == 3)];
            if (ranks > 1 && trial == 1) len[rng_next(&rng) % ranks] = 0;
            if (trial == 0) len[0] = pick[4]; /* never all empty on the first trial */
            const int64_t init64 = (int64_t)rng_next(&rng);
            affine init_aff;
            gen_affine(&init_aff, 1, 0, &rng);
            for (int kind = 0; kind < 3; ++kind) {
                run_case<int64_t>("i64 add", comms, len, kind, kind == 1 ? init64 : 0,
                                  [kind](const int64_t *in, int64_t *out, size_t n, int64_t init, ncclComm_t c, cudaStream_t s) {
                                      return kind == 0   ? gpuscan_i64_add_nccl_inclusive(in, out, n, c, s)
                                             : kind == 1 ? gpuscan_i64_add_nccl_exclusive(in, out, n, init, c, s)
                                                         : gpuscan_i64_add_nccl_reduce(in, out, n, c, s);
                                  },
                                  CASE_FNS_(gpuscan_i64_add, i64), &rng);
                run_case<affine>("affine compose", comms, len, kind, kind == 1 ? init_aff : affine_identity(),
                                 [kind](const affine *in, affine *out, size_t n, affine init, ncclComm_t c, cudaStream_t s) {
                                     return kind == 0   ? gpuscan_affine_compose_nccl_inclusive(in, out, n, c, s)
                                            : kind == 1 ? gpuscan_affine_compose_nccl_exclusive(in, out, n, init, c, s)
                                                        : gpuscan_affine_compose_nccl_reduce(in, out, n, c, s);
                                 },
                                 CASE_FNS_(gpuscan_affine_compose, affine), &rng);
            }
        }
#if GPUSCAN_DETERMINISTIC
        { /* float sums, bit for bit run to run: shards of the look-back's several waves (in the
           * default mode its sums there differ run to run), uneven, one empty */
            std::vector<size_t> len(ranks);
            for (int r = 0; r < ranks; ++r) len[r] = ((size_t)1 << 22) + 4097 * (size_t)r;
            if (ranks > 2) len[1] = 0;
            repeat_case_f32(comms, len, &rng);
            printf("  %d rank(s): float sums repeated %d times\n", ranks, REPEATS);
        }
#endif
        /* on all the GPUs: a shard past 2^31 elements (uint8 add; 2 x 2 GiB on rank 0), in the
         * exhaustive tier (the default one caps GPUSCAN_TEST_MAX_RANDOM; this case's host side alone
         * takes tens of seconds) */
        size_t free_b = 0, total_b = 0;
        CHECK_CUDA(cudaMemGetInfo(&free_b, &total_b));
        if (ranks == devices && large && free_b > ((size_t)5 << 30)) {
            std::vector<size_t> len(ranks, 1000);
            len[0] = ((size_t)1 << 31) + 7;
            for (int kind = 0; kind < 3; kind += 2)
                run_case<uint8_t>("u8 add, 2^31 + 7 on rank 0", comms, len, kind, 0,
                                  [kind](const uint8_t *in, uint8_t *out, size_t n, uint8_t, ncclComm_t c, cudaStream_t s) {
                                      return kind == 0 ? gpuscan_u8_add_nccl_inclusive(in, out, n, c, s)
                                                       : gpuscan_u8_add_nccl_reduce(in, out, n, c, s);
                                  },
                                  CASE_FNS_(gpuscan_u8_add, u8), &rng);
            printf("  %d rank(s): a shard of 2^31 + 7 uint8 on rank 0 scanned and reduced\n", ranks);
        }
        if (ranks == devices && !large) printf("  a shard past 2^31: in the exhaustive tier (ctest -L full)\n");
        printf("  %d rank(s): %ld checks passed so far\n", ranks, g_passed);
        for (auto c : comms) ncclCommDestroy(c);
    }
    /* bad input: a NULL communicator, a NULL output */
    int64_t *d;
    CHECK_CUDA(cudaMalloc(&d, 16));
    EXPECT(gpuscan_i64_add_nccl_inclusive(d, d, 2, NULL, 0) == GPUSCAN_ERROR_NULL_POINTER, "NULL comm");
    EXPECT(gpuscan_i64_add_nccl_reduce(d, NULL, 2, NULL, 0) == GPUSCAN_ERROR_NULL_POINTER, "NULL result");
    CHECK_CUDA(cudaFree(d));
    return test_finish("gpu_nccl");
}
