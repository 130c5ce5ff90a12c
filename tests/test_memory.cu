/* tests/test_memory.cu - where the simple forms' workspace comes from (gpuscan/memory.cuh):
 *   - a scan of one tile or of one cluster allocates nothing;
 *   - larger scans take it from the library's pool, which keeps it after a synchronization and
 *     gives it back with gpuscan_release_memory();
 *   - with gpuscan_set_memory_pool() the workspace comes from the caller's pool instead;
 *   - simple forms on four streams, from four host threads at once, and inside a CUDA graph
 *     capture (replayed) give the right results;
 *   - bad devices get GPUSCAN_ERROR_INVALID_DEVICE;
 *   - the library's own idea of the current device is cudaGetDevice's, on every device. */
#include <thread>
#include <vector>
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE_NAMED(i32, int32_t, add)
TEST_ELEMENT(i32, int32_t, TEST_TO_DOUBLE)
TEST_REFERENCE_OF(gpuscan_i32_add, int32_t, TEST_NO_DOUBLE)
GEN_RANGE(small_i32, int32_t, -1000, 1000)

static void fill(int32_t *h, size_t n, uint64_t *rng) { gen_small_i32(h, n, OPC_ADD, rng); }
/* wrong elements of the inclusive sum d_out of h (the first in the note) */
static size_t wrong(const int32_t *h, const int32_t *d_out, size_t n)
{
    std::vector<int32_t> got(n), want(n);
    CHECK_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(int32_t), cudaMemcpyDeviceToHost));
    ref_gpuscan_i32_add(h, n, REF_INCLUSIVE, 0, want.data(), NULL, NULL);
    return diff_i32(got.data(), want.data(), n);
}
/* the sum of h[0 .. n) */
static int32_t sum(const int32_t *h, size_t n) { return ref_gpuscan_i32_add(h, n, REF_INCLUSIVE, 0, NULL, NULL, NULL); }
static size_t reserved(void)
{
    size_t b = 0;
    EXPECT(gpuscan_memory_reserved(0, &b) == GPUSCAN_SUCCESS, "memory_reserved");
    return b;
}

int main(void)
{
    require_gpu("gpu_memory");
    uint64_t rng = test_seed();

    /* the device a call's caches are kept for is the thread's current one, on every device
     * (gpuscan_current_device_ asks no one where the process sees only one) */
    int devices = 0;
    CHECK_CUDA(cudaGetDeviceCount(&devices));
    for (int d = devices - 1; d >= 0; --d) {
        int asked = -1, ours = -1;
        CHECK_CUDA(cudaSetDevice(d));
        CHECK_CUDA(cudaGetDevice(&asked));
        EXPECT(gpuscan_current_device_(&ours) == cudaSuccess && ours == asked && ours == d,
               "current device %d: cudaGetDevice %d, the library's %d", d, asked, ours);
    }
    const size_t big = (size_t)1 << 22;
    std::vector<int32_t> h(big);
    fill(h.data(), big, &rng);
    int32_t *d_in, *d_out;
    CHECK_CUDA(cudaMalloc(&d_in, big * sizeof(int32_t)));
    CHECK_CUDA(cudaMalloc(&d_out, big * sizeof(int32_t)));
    CHECK_CUDA(cudaMemcpy(d_in, h.data(), big * sizeof(int32_t), cudaMemcpyHostToDevice));

    /* one tile, one cluster (or a small look-back where clusters are not there): no pool use */
    EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release all");
    for (size_t n : {(size_t)1, (size_t)1000, (size_t)1 << 14}) {
        size_t ws = 0;
        EXPECT(gpuscan_i32_add_scan_ex(NULL, &ws, NULL, NULL, n, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO,
                                       GPUSCAN_BLOCK_AUTO, 0) == GPUSCAN_SUCCESS, "size query n=%zu", n);
        EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, n, 0) == GPUSCAN_SUCCESS, "inclusive n=%zu", n);
        CHECK_CUDA(cudaDeviceSynchronize());
        EXPECT(wrong(h.data(), d_out, n) == 0, "result n=%zu", n);
        /* a workspace query of 1 byte means none is used; then the pool must stay empty */
        if (ws == 1) EXPECT(reserved() == 0, "n=%zu needs no workspace, yet the pool holds %zu bytes", n, reserved());
        printf("n=%zu: workspace %zu bytes, pool holds %zu\n", n, ws, reserved());
    }
    {
        size_t ws = 0;
        gpuscan_i32_add_scan_ex(NULL, &ws, NULL, NULL, 1000, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO,
                                GPUSCAN_BLOCK_AUTO, 0);
        EXPECT(ws == 1, "a one-tile scan reports a workspace of %zu bytes", ws);
    }

    /* a large scan: the pool keeps its workspace past the synchronization, until released */
    EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, big, 0) == GPUSCAN_SUCCESS, "inclusive big");
    CHECK_CUDA(cudaDeviceSynchronize());
    EXPECT(wrong(h.data(), d_out, big) == 0, "result big");
    const size_t kept = reserved();
    EXPECT(kept > 0, "the pool keeps the workspace after a synchronization");
    EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, big, 0) == GPUSCAN_SUCCESS, "inclusive big again");
    CHECK_CUDA(cudaDeviceSynchronize());
    EXPECT(reserved() == kept, "a second call reuses the pool's memory (%zu, then %zu)", kept, reserved());
    int32_t *d_total;
    CHECK_CUDA(cudaMalloc(&d_total, sizeof(int32_t)));
    EXPECT(gpuscan_i32_add_reduce(d_in, d_total, big, 0) == GPUSCAN_SUCCESS, "reduce big");
    CHECK_CUDA(cudaDeviceSynchronize());
    {
        int32_t total = 0;
        CHECK_CUDA(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
        EXPECT(total == sum(h.data(), big), "reduce result");
    }
    EXPECT(gpuscan_release_memory(0) == GPUSCAN_SUCCESS, "release device 0");
    EXPECT(reserved() == 0, "released: the pool holds %zu bytes", reserved());
    printf("large scan: the pool kept %zu bytes; after release %zu\n", kept, reserved());

    /* the caller's pool */
    {
        cudaMemPool_t mine;
        cudaMemPoolProps props;
        memset(&props, 0, sizeof props);
        props.allocType = cudaMemAllocationTypePinned;
        props.location.type = cudaMemLocationTypeDevice;
        props.location.id = 0;
        CHECK_CUDA(cudaMemPoolCreate(&mine, &props));
        uint64_t keep = UINT64_MAX, used = 0;
        CHECK_CUDA(cudaMemPoolSetAttribute(mine, cudaMemPoolAttrReleaseThreshold, &keep));
        EXPECT(gpuscan_set_memory_pool(0, mine) == GPUSCAN_SUCCESS, "set pool");
        EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, big, 0) == GPUSCAN_SUCCESS, "inclusive, caller's pool");
        CHECK_CUDA(cudaDeviceSynchronize());
        EXPECT(wrong(h.data(), d_out, big) == 0, "result, caller's pool");
        CHECK_CUDA(cudaMemPoolGetAttribute(mine, cudaMemPoolAttrReservedMemCurrent, &used));
        EXPECT(used > 0, "the caller's pool served the workspace");
        EXPECT(reserved() == 0, "the library's pool stayed empty (%zu bytes)", reserved());
        EXPECT(gpuscan_set_memory_pool(0, NULL) == GPUSCAN_SUCCESS, "unset pool");
        CHECK_CUDA(cudaMemPoolDestroy(mine));
    }
    /* a pool device 0 cannot read and write (pinned host memory, no access granted) is refused and
     * leaves the pool that was set */
    {
        cudaMemPool_t host;
        cudaMemPoolProps props;
        memset(&props, 0, sizeof props);
        props.allocType = cudaMemAllocationTypePinned;
        props.location.type = cudaMemLocationTypeHost;
        CHECK_CUDA(cudaMemPoolCreate(&host, &props));
        const size_t before = reserved();
        EXPECT(gpuscan_set_memory_pool(0, host) == GPUSCAN_ERROR_INVALID_DEVICE, "set pool: one device 0 cannot use");
        EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, big, 0) == GPUSCAN_SUCCESS, "inclusive after the refused pool");
        CHECK_CUDA(cudaDeviceSynchronize());
        EXPECT(wrong(h.data(), d_out, big) == 0, "result after the refused pool");
        EXPECT(reserved() >= before && reserved() > 0, "the library's pool served it (%zu bytes)", reserved());
        CHECK_CUDA(cudaMemPoolDestroy(host));
    }

    /* four streams, and four host threads, each its own input and output */
    {
        const int k = 4;
        const size_t n = (size_t)1 << 20;
        std::vector<int32_t *> in(k), out(k);
        std::vector<cudaStream_t> s(k);
        for (int i = 0; i < k; ++i) {
            CHECK_CUDA(cudaMalloc(&in[i], n * sizeof(int32_t)));
            CHECK_CUDA(cudaMalloc(&out[i], n * sizeof(int32_t)));
            CHECK_CUDA(cudaMemcpy(in[i], h.data() + i * 1000, n * sizeof(int32_t), cudaMemcpyHostToDevice));
            CHECK_CUDA(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
        }
        /* (copies and memsets run on the legacy stream, which these streams do not wait for) */
        CHECK_CUDA(cudaDeviceSynchronize());
        for (int rep = 0; rep < 20; ++rep)
            for (int i = 0; i < k; ++i)
                EXPECT(gpuscan_i32_add_inclusive(in[i], out[i], n, s[i]) == GPUSCAN_SUCCESS, "stream %d", i);
        CHECK_CUDA(cudaDeviceSynchronize());
        for (int i = 0; i < k; ++i) EXPECT(wrong(h.data() + i * 1000, out[i], n) == 0, "stream %d result", i);
        std::vector<int> status(k, 0);
        std::vector<std::thread> threads;
        poison(out[0], n * sizeof(int32_t), 0);
        CHECK_CUDA(cudaDeviceSynchronize());
        EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release before threads");
        for (int i = 0; i < k; ++i)
            threads.emplace_back([&, i] {
                CHECK_CUDA(cudaSetDevice(0));
                for (int rep = 0; rep < 50; ++rep)
                    if (gpuscan_i32_add_inclusive(in[i], out[i], n, s[i]) != GPUSCAN_SUCCESS) status[i] = 1;
                CHECK_CUDA(cudaStreamSynchronize(s[i]));
            });
        for (auto &t : threads) t.join();
        for (int i = 0; i < k; ++i) {
            EXPECT(status[i] == 0, "thread %d: a call failed", i);
            EXPECT(wrong(h.data() + i * 1000, out[i], n) == 0, "thread %d result", i);
        }
        /* captured simple forms (a scan, and a reduction of many blocks, whose second launch is
         * the first one's programmatic dependent on sm_90), replayed on fresh input */
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        int32_t *d_sum;
        CHECK_CUDA(cudaMalloc(&d_sum, sizeof(int32_t)));
        CHECK_CUDA(cudaStreamBeginCapture(s[0], cudaStreamCaptureModeThreadLocal));
        gpuscan_status st = gpuscan_i32_add_inclusive(in[0], out[0], n, s[0]);
        gpuscan_status rst = gpuscan_i32_add_reduce(in[0], d_sum, n, s[0]);
        CHECK_CUDA(cudaStreamEndCapture(s[0], &graph));
        EXPECT(st == GPUSCAN_SUCCESS, "captured simple form: %s", gpuscan_status_string(st));
        EXPECT(rst == GPUSCAN_SUCCESS, "captured reduce: %s", gpuscan_status_string(rst));
        CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
        for (int rep = 0; rep < 3; ++rep) {
            fill(h.data(), n, &rng);
            CHECK_CUDA(cudaMemcpy(in[0], h.data(), n * sizeof(int32_t), cudaMemcpyHostToDevice));
            poison(out[0], n * sizeof(int32_t), 0);
            poison(d_sum, sizeof(int32_t), 0);
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaGraphLaunch(exec, s[0]));
            CHECK_CUDA(cudaStreamSynchronize(s[0]));
            EXPECT(wrong(h.data(), out[0], n) == 0, "graph replay %d", rep);
            int32_t got = 0;
            const int32_t want = sum(h.data(), n);
            CHECK_CUDA(cudaMemcpy(&got, d_sum, sizeof got, cudaMemcpyDeviceToHost));
            EXPECT(got == want, "graph replay %d: reduce %d, want %d", rep, got, want);
        }
        CHECK_CUDA(cudaFree(d_sum));
        CHECK_CUDA(cudaGraphExecDestroy(exec));
        CHECK_CUDA(cudaGraphDestroy(graph));
        for (int i = 0; i < k; ++i) {
            CHECK_CUDA(cudaFree(in[i]));
            CHECK_CUDA(cudaFree(out[i]));
            CHECK_CUDA(cudaStreamDestroy(s[i]));
        }
    }

    /* a stream's cached workspace outlives the stream: releasing it then is still right */
    {
        cudaStream_t gone;
        CHECK_CUDA(cudaStreamCreate(&gone));
        test_busy<<<1, 1, 0, gone>>>(20000000ull); /* the scans below still queued at the release */
        CHECK_CUDA(cudaGetLastError());
        EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, big, gone) == GPUSCAN_SUCCESS, "on a stream to be destroyed");
        EXPECT(gpuscan_i32_add_reduce(d_in, d_total, big, gone) == GPUSCAN_SUCCESS, "reduce on it");
        CHECK_CUDA(cudaStreamDestroy(gone));
        EXPECT(gpuscan_release_memory(-1) == GPUSCAN_SUCCESS, "release after the stream is gone");
        EXPECT(reserved() == 0, "released: %zu bytes", reserved());
        EXPECT(gpuscan_i32_add_inclusive(d_in, d_out, big, 0) == GPUSCAN_SUCCESS, "after the release");
        CHECK_CUDA(cudaDeviceSynchronize());
    }

    /* bad arguments */
    int count = 0;
    size_t b;
    CHECK_CUDA(cudaGetDeviceCount(&count));
    EXPECT(gpuscan_release_memory(count) == GPUSCAN_ERROR_INVALID_DEVICE, "release: no such device");
    EXPECT(gpuscan_release_memory(-2) == GPUSCAN_ERROR_INVALID_DEVICE, "release: -2");
    EXPECT(gpuscan_set_memory_pool(count, NULL) == GPUSCAN_ERROR_INVALID_DEVICE, "set pool: no such device");
    EXPECT(gpuscan_memory_reserved(0, NULL) == GPUSCAN_ERROR_NULL_POINTER, "reserved: NULL");
    EXPECT(gpuscan_memory_reserved(count, &b) == GPUSCAN_ERROR_INVALID_DEVICE, "reserved: no such device");
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_total));
    return test_finish("gpu_memory");
}
