/* tests/test_host.cu - everything that can be checked without a GPU, run for real on CI:
 * argument validation (made before any CUDA call), status strings, workspace-size queries and
 * plans, and that a CUDA failure comes back as a status (on a machine without a GPU). */
#include "gpuscan.cuh"
#include "test_lib.h"

GPUSCAN_DEFINE(int, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, max)
GPUSCAN_DEFINE_NAMED(f64, double, min)
GPUSCAN_DEFINE(mat2, matmul)

static void test_status_strings(void)
{
    for (int s = 0; s <= GPUSCAN_ERROR_MISALIGNED; ++s) {
        const char *m = gpuscan_status_string((gpuscan_status)s);
        EXPECT(m && strlen(m) > 3 && strcmp(m, "unknown gpuscan status") != 0, "status %d has no text", s);
    }
    EXPECT(strcmp(gpuscan_status_string((gpuscan_status)999), "unknown gpuscan status") == 0, "unknown status");
    gpuscan_status oom = (gpuscan_status)(GPUSCAN_ERROR_CUDA_BASE + cudaErrorMemoryAllocation);
    EXPECT(gpuscan_is_cuda_error(oom) && gpuscan_cuda_error(oom) == cudaErrorMemoryAllocation, "cuda error round trip");
    EXPECT(strcmp(gpuscan_status_string(oom), cudaGetErrorString(cudaErrorMemoryAllocation)) == 0,
           "cuda error text: %s", gpuscan_status_string(oom));
    EXPECT(gpuscan_cuda_error(GPUSCAN_ERROR_OVERLAP) == cudaSuccess, "non-CUDA status has no CUDA error");
    EXPECT(strcmp(gpuscan_grid_name(GPUSCAN_GRID_LOOKBACK), "lookback") == 0, "grid name");
    EXPECT(strcmp(gpuscan_grid_name(GPUSCAN_GRID_REDUCE_AHEAD), "reduce-ahead") == 0, "grid name");
    EXPECT(strcmp(gpuscan_grid_name(GPUSCAN_GRID_REDUCE_THEN_SCAN), "reduce-then-scan") == 0, "grid name");
    /* NCCL's errors (gpuscan_nccl.cuh) have a range of their own, below CUDA's */
    EXPECT(gpuscan_is_nccl_error((gpuscan_status)(GPUSCAN_ERROR_NCCL_BASE + 3)) &&
               !gpuscan_is_cuda_error((gpuscan_status)(GPUSCAN_ERROR_NCCL_BASE + 3)) &&
               !gpuscan_is_nccl_error(GPUSCAN_SUCCESS) &&
               !gpuscan_is_nccl_error((gpuscan_status)(GPUSCAN_ERROR_CUDA_BASE + 2)) &&
               strstr(gpuscan_status_string((gpuscan_status)(GPUSCAN_ERROR_NCCL_BASE + 3)), "NCCL") != NULL,
           "NCCL status range");
    EXPECT(strcmp(gpuscan_block_name(GPUSCAN_BLOCK_BRENT_KUNG), "brent-kung") == 0, "block name");
    EXPECT(strcmp(gpuscan_block_name((gpuscan_block)42), "invalid") == 0, "invalid block name");
    /* the texts say every case their status covers */
    EXPECT(strstr(gpuscan_status_string(GPUSCAN_ERROR_INVALID_ALGORITHM), "kind") != NULL, "INVALID_ALGORITHM: kind too");
    EXPECT(strstr(gpuscan_status_string(GPUSCAN_ERROR_MISALIGNED), "workspace") != NULL, "MISALIGNED: a workspace too");
    EXPECT(strstr(gpuscan_status_string(GPUSCAN_ERROR_OVERLAP), "input and output") == NULL,
           "OVERLAP: not only input and output");
}

/* Bad arguments: each returns its status before any CUDA work. */
static void test_validation(void)
{
    /* fake, never dereferenced: validation must reject before touching them */
    int *a = (int *)(uintptr_t)0x10000, *b = (int *)(uintptr_t)0x20000;
    char *ws = (char *)(uintptr_t)0x40000;
    size_t bytes = 0;
    gpuscan_status st;

    st = gpuscan_int_add_inclusive(NULL, b, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "NULL input: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_inclusive(a, NULL, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "NULL output: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_exclusive(NULL, NULL, 0, 0, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "n = 0 with NULL pointers is a no-op: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_reduce(NULL, b, 5, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "reduce NULL input: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_reduce(a, NULL, 5, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "reduce NULL result: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_reduce(NULL, NULL, 0, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "reduce n = 0, no result: %s", gpuscan_status_string(st));
    /* n = 0 with a result writes the identity there (the GPU suites check it): checked first */
    st = gpuscan_int_add_reduce(NULL, (int *)((char *)b + 2), 0, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "reduce n = 0, misaligned result: %s", gpuscan_status_string(st));
    bytes = 1;
    st = gpuscan_int_add_reduce_ex(ws, &bytes, NULL, (int *)((char *)b + 2), 0, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "reduce_ex n = 0, misaligned result: %s", gpuscan_status_string(st));
    bytes = 0;

    /* partial overlap is rejected; equal pointers (in place) are allowed */
    st = gpuscan_int_add_inclusive(a, a + 3, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "partial overlap: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_inclusive(a + 3, a, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "partial overlap (other side): %s", gpuscan_status_string(st));
    /* (below the public API: a call that passed would launch on these made-up addresses on a GPU host) */
    EXPECT(gpuscan_check_io_(a, a + 10, 10, sizeof(int), alignof(int)) == GPUSCAN_SUCCESS, "adjacent ranges do not overlap");
    /* misaligned for the element type */
    st = gpuscan_int_add_inclusive((const int *)((char *)a + 2), b, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "misaligned input: %s", gpuscan_status_string(st));
    st = gpuscan_f64_min_inclusive((const double *)((char *)a + 4), (double *)b, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "misaligned double: %s", gpuscan_status_string(st));
    /* absurd n */
    st = gpuscan_int_add_inclusive(a, b, SIZE_MAX / 2, 0);
    EXPECT(st == GPUSCAN_ERROR_TOO_LARGE, "huge n: %s", gpuscan_status_string(st));

    /* algorithm choices that do not exist */
    st = gpuscan_int_add_scan_ex(NULL, &bytes, a, b, 100, GPUSCAN_INCLUSIVE, 0, (gpuscan_grid)17,
                                 GPUSCAN_BLOCK_AUTO, 0);
    EXPECT(st == GPUSCAN_ERROR_INVALID_ALGORITHM, "bad grid: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex(NULL, &bytes, a, b, 100, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO,
                                 (gpuscan_block)-1, 0);
    EXPECT(st == GPUSCAN_ERROR_INVALID_ALGORITHM, "bad block: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex(NULL, &bytes, a, b, 100, (gpuscan_kind)5, 0, GPUSCAN_GRID_AUTO,
                                 GPUSCAN_BLOCK_AUTO, 0);
    EXPECT(st == GPUSCAN_ERROR_INVALID_ALGORITHM, "bad kind: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex(NULL, NULL, a, b, 100, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_AUTO,
                                 GPUSCAN_BLOCK_AUTO, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "NULL workspace_bytes: %s", gpuscan_status_string(st));

    /* workspace too small: the status says so and the size needed comes back */
    size_t need = 0;
    st = gpuscan_int_add_scan_ex(NULL, &need, NULL, NULL, 1 << 24, GPUSCAN_INCLUSIVE, 0,
                                 GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_SUCCESS && need > 0, "size query: %s", gpuscan_status_string(st));
    bytes = need - 1;
    st = gpuscan_int_add_scan_ex(ws, &bytes, a, b, 1 << 24, GPUSCAN_INCLUSIVE, 0,
                                 GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_WORKSPACE_TOO_SMALL && bytes == need, "too small: %s, %zu vs %zu",
           gpuscan_status_string(st), bytes, need);
    /* bad pointers with a workspace given */
    bytes = need;
    st = gpuscan_int_add_scan_ex(ws, &bytes, NULL, b, 1 << 24, GPUSCAN_INCLUSIVE, 0,
                                 GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "ex NULL input: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex(ws, &bytes, a, a + 1, 1 << 24, GPUSCAN_INCLUSIVE, 0,
                                 GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "ex overlap: %s", gpuscan_status_string(st));
    /* n = 0 with a workspace: success, nothing launched */
    st = gpuscan_int_add_scan_ex(ws, &bytes, NULL, NULL, 0, GPUSCAN_EXCLUSIVE, 0,
                                 GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_BRENT_KUNG, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "ex n = 0: %s", gpuscan_status_string(st));
    st = gpuscan_mat2_matmul_reduce_ex(NULL, NULL, NULL, NULL, 10, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "reduce_ex NULL bytes: %s", gpuscan_status_string(st));

    /* the ends: offsets write out[n], so out is required even for n = 0 and holds n + 1 values */
    st = gpuscan_int_add_offsets(NULL, NULL, 0, 0, NULL, 0);
    EXPECT(st == GPUSCAN_ERROR_NULL_POINTER, "offsets n = 0 need out[0]: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_offsets(NULL, (int *)((char *)b + 2), 0, 0, NULL, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "offsets n = 0: out[0] misaligned: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_offsets(a + 10, a, 10, 0, NULL, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "offsets: out[n] is the input's first element: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_offsets(a, b, 10, 0, b + 10, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "offsets: the total where out[n] is: %s", gpuscan_status_string(st));
    bytes = 1u << 30;
    st = gpuscan_int_add_offsets_ex(ws, &bytes, a, b, 10, 0, (int *)((char *)b - 2), GPUSCAN_GRID_AUTO,
                                    GPUSCAN_BLOCK_AUTO, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "offsets_ex: misaligned total: %s", gpuscan_status_string(st));
    /* chained: seed and total are single elements outside the data (they may be one cell) */
    st = gpuscan_int_add_inclusive_chained(a, b, 10, a + 9, NULL, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "chained: seed inside the input: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_exclusive_chained(a, b, 10, NULL, b, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "chained: total inside the output: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_exclusive_chained(a, b, 10, (const int *)((char *)a - 1), NULL, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "chained: misaligned seed: %s", gpuscan_status_string(st));
    bytes = 1u << 30;
    st = gpuscan_int_add_scan_chained_ex(ws, &bytes, a, b, 10, GPUSCAN_EXCLUSIVE, b + 5, NULL, GPUSCAN_GRID_LOOKBACK,
                                         GPUSCAN_BLOCK_AUTO, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "chained_ex: seed inside the output: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_chained_ex(ws, &bytes, a, b, 10, (gpuscan_kind)2, NULL, NULL, GPUSCAN_GRID_AUTO,
                                         GPUSCAN_BLOCK_AUTO, 0);
    EXPECT(st == GPUSCAN_ERROR_INVALID_ALGORITHM, "chained_ex: bad kind: %s", gpuscan_status_string(st));
    EXPECT(gpuscan_check_ends_(a, b, 10, 0, b - 1, b - 1, 4, 4) == GPUSCAN_SUCCESS, "one cell for seed and total");
    EXPECT(gpuscan_check_ends_(a, b, 10, 1, a + 10, b + 11, 4, 4) == GPUSCAN_SUCCESS, "cells next to the data");
    EXPECT(gpuscan_check_ends_(a, a, 10, 1, NULL, NULL, 4, 4) == GPUSCAN_SUCCESS, "offsets in place");
    EXPECT(gpuscan_check_ends_(a, b, 0, 1, NULL, b + 1, 4, 4) == GPUSCAN_SUCCESS, "offsets of nothing: out[0] only");
    EXPECT(gpuscan_check_ends_(a, b, 0, 1, NULL, b, 4, 4) == GPUSCAN_ERROR_OVERLAP, "offsets of nothing: total at out[0]");
    { /* a 12-byte T aligned to 4: seed and total one cell, apart, or sharing 8 bytes */
        const char *cell = (const char *)(uintptr_t)0x40000000;
        EXPECT(gpuscan_check_ends_(a, b, 10, 0, cell, cell, 12, 4) == GPUSCAN_SUCCESS, "12-byte cells: one for both");
        EXPECT(gpuscan_check_ends_(a, b, 10, 0, cell, cell + 12, 12, 4) == GPUSCAN_SUCCESS, "12-byte cells: apart");
        EXPECT(gpuscan_check_ends_(a, b, 10, 0, cell, cell + 4, 12, 4) == GPUSCAN_ERROR_OVERLAP,
               "12-byte cells: the total 4 bytes past the seed");
        EXPECT(gpuscan_check_ends_(a, b, 10, 0, cell + 8, cell, 12, 4) == GPUSCAN_ERROR_OVERLAP,
               "12-byte cells: the seed 8 bytes past the total");
    }

    /* an _ex call's workspace: 16-byte aligned, apart from the data and the cells (it is cleared
     * before they are read); data of 4 MiB at 256 MiB, 512 MiB, the workspace at 768 MiB */
    int *in = (int *)(uintptr_t)0x10000000, *out = (int *)(uintptr_t)0x20000000;
    char *w = (char *)(uintptr_t)0x30000000;
    const size_t big = (size_t)1 << 20;
    need = 0;
    st = gpuscan_int_add_scan_ex(NULL, &need, NULL, NULL, big, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_LOOKBACK,
                                 GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_SUCCESS && need > 16, "look-back of 2^20: a workspace (%zu bytes)", need);
    bytes = need;
    st = gpuscan_int_add_scan_ex((char *)in, &bytes, in, out, big, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_LOOKBACK,
                                 GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "ex: the workspace is the input: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex((char *)(out + 100), &bytes, in, out, big, GPUSCAN_INCLUSIVE, 0,
                                 GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "ex: the workspace inside the output: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex(w + 8, &bytes, in, out, big, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_LOOKBACK,
                                 GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "ex: a workspace 8 bytes past 16: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_chained_ex(w, &bytes, in, out, big, GPUSCAN_EXCLUSIVE, (const int *)(w + 64), NULL,
                                         GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "chained_ex: the seed inside the workspace: %s", gpuscan_status_string(st));
    need = 0;
    st = gpuscan_int_add_reduce_ex(NULL, &need, NULL, NULL, big, 0);
    EXPECT(st == GPUSCAN_SUCCESS && need > 1, "reduce of 2^20: a workspace of partials (%zu bytes)", need);
    bytes = need;
    st = gpuscan_int_add_reduce_ex((char *)in + 4096, &bytes, in, out, big, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "reduce_ex: the workspace inside the input: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_reduce_ex(w + 4, &bytes, in, out, big, 0);
    EXPECT(st == GPUSCAN_ERROR_MISALIGNED, "reduce_ex: a misaligned workspace: %s", gpuscan_status_string(st));
    /* a reduction: no more tiles than a scan, its result a cell apart from the input or in[0] itself */
    st = gpuscan_int_add_reduce_ex(NULL, &bytes, NULL, NULL, (size_t)1 << 60, 0);
    EXPECT(st == GPUSCAN_ERROR_TOO_LARGE, "reduce_ex query of 2^60: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_reduce(in, out, (size_t)1 << 50, 0);
    EXPECT(st == GPUSCAN_ERROR_TOO_LARGE, "reduce of 2^50: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_reduce(in, in + 5, big, 0);
    EXPECT(st == GPUSCAN_ERROR_OVERLAP, "reduce: the result inside the input: %s", gpuscan_status_string(st));
}

/* Workspace sizes: every grid x block answers, sizes grow with n, one tile needs none (1 byte). */
static void test_workspace_queries(void)
{
    const gpuscan_grid grids[] = {GPUSCAN_GRID_AUTO, GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_GRID_DOMINO, GPUSCAN_GRID_LOOKBACK,
                                  GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_GRID_REDUCE_THEN_SCAN};
    const gpuscan_block blocks[] = {GPUSCAN_BLOCK_AUTO, GPUSCAN_BLOCK_KOGGE_STONE, GPUSCAN_BLOCK_KOGGE_STONE_WARP,
                                    GPUSCAN_BLOCK_BRENT_KUNG, GPUSCAN_BLOCK_COARSENED};
    for (int g = 0; g < 6; ++g)
        for (int b = 0; b < 5; ++b) {
            size_t small = 0, big = 0, huge = 0;
            gpuscan_status s1 = gpuscan_u8_max_scan_ex(NULL, &small, NULL, NULL, 10, GPUSCAN_INCLUSIVE, 0, grids[g], blocks[b], 0);
            gpuscan_status s2 = gpuscan_u8_max_scan_ex(NULL, &big, NULL, NULL, 1 << 20, GPUSCAN_INCLUSIVE, 0, grids[g], blocks[b], 0);
            gpuscan_status s3 = gpuscan_u8_max_scan_ex(NULL, &huge, NULL, NULL, (size_t)5 << 32, GPUSCAN_EXCLUSIVE, 0, grids[g], blocks[b], 0);
            EXPECT(s1 == GPUSCAN_SUCCESS && s2 == GPUSCAN_SUCCESS && s3 == GPUSCAN_SUCCESS, "query %s/%s",
                   gpuscan_grid_name(grids[g]), gpuscan_block_name(blocks[b]));
            EXPECT(small == 1 && big > 1 && huge > big, "sizes %s/%s: %zu %zu %zu", gpuscan_grid_name(grids[g]),
                   gpuscan_block_name(blocks[b]), small, big, huge);
        }
}

/* The plans themselves: hierarchical levels, single-pass layout. */
static void test_plans(void)
{
    gpuscan_plan_ p;
    EXPECT(gpuscan_plan_scan_(&p, 1024, GPUSCAN_GRID_HIERARCHICAL, 1024, 4, 4, 4, 0) == GPUSCAN_SUCCESS && p.bytes == 0 && p.num_tiles == 1, "one tile");
    EXPECT(gpuscan_plan_scan_(&p, 1025, GPUSCAN_GRID_HIERARCHICAL, 1024, 4, 4, 4, 0) == GPUSCAN_SUCCESS && p.levels == 1 && p.level_len[1] == 2, "two tiles: %d levels", p.levels);
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1024 * 1024 + 1, GPUSCAN_GRID_HIERARCHICAL, 1024, 4, 4, 4, 0) == GPUSCAN_SUCCESS && p.levels == 2 && p.level_len[1] == 1025 && p.level_len[2] == 2, "tile^2+1: %d levels", p.levels);
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 40, GPUSCAN_GRID_HIERARCHICAL, 1024, 4, 4, 4, 0) == GPUSCAN_SUCCESS && p.levels == 3, "2^40: %d levels", p.levels);
    EXPECT(gpuscan_plan_scan_(&p, 100000, GPUSCAN_GRID_LOOKBACK, 4096, 4, 4, 4, 0) == GPUSCAN_SUCCESS && p.num_tiles == 25
           && p.flags_off >= p.counter_off + 4 && p.slots_off[0] >= p.flags_off + 25 * 4 && p.slots_off[1] >= p.slots_off[0] + 25 * 4
           && p.bytes >= p.slots_off[1] + 25 * 4 && p.slots_off[0] % 256 == 0, "lookback layout");
    EXPECT(gpuscan_plan_scan_(&p, 100000, GPUSCAN_GRID_DOMINO, 4096, 16, 4, 16, 0) == GPUSCAN_SUCCESS && p.bytes >= p.slots_off[0] + 25 * 16, "domino layout");
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 50, GPUSCAN_GRID_LOOKBACK, 32, 4, 4, 4, 0) == GPUSCAN_ERROR_TOO_LARGE, "too many tiles");
    /* reduce-then-scan: a slot of whole words per block, at most GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS blocks */
    EXPECT(gpuscan_plan_scan_(&p, 100000, GPUSCAN_GRID_REDUCE_THEN_SCAN, 4096, 4, 8, 0, 0) == GPUSCAN_SUCCESS &&
               p.units == 25 && p.slots_off[0] == 0 && p.bytes >= 25 * 4, "reduce-then-scan layout");
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 32, GPUSCAN_GRID_REDUCE_THEN_SCAN, 1024, 6, 16, 8, 0) == GPUSCAN_SUCCESS &&
               p.units == GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS && p.bytes >= GPUSCAN_REDUCE_THEN_SCAN_MAX_BLOCKS * 8u,
           "reduce-then-scan: a capped number of 6-byte slots of 8 bytes");
    /* reduce-ahead: units of whole tiles (32 KiB for 1- and 2-byte types, else 16 KiB), 8 MiB of
     * them ahead (at most all), 2 blocks a unit */
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 30, GPUSCAN_GRID_REDUCE_AHEAD, 8192, 1, 8, 0, 0) == GPUSCAN_SUCCESS &&
               p.units == ((size_t)1 << 15) && p.ahead == 256 && p.bytes >= p.flags_off + p.units * 8,
           "reduce-ahead layout: %zu units, %zu ahead", p.units, p.ahead);
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 28, GPUSCAN_GRID_REDUCE_AHEAD, 2048, 8, 16, 0, 0) == GPUSCAN_SUCCESS &&
               p.units == ((size_t)1 << 17) && p.ahead == 512, "reduce-ahead 8-byte: %zu units, %zu ahead", p.units, p.ahead);
    EXPECT(gpuscan_plan_scan_(&p, 3 * 4096 + 1, GPUSCAN_GRID_REDUCE_AHEAD, 4096, 4, 8, 0, 0) == GPUSCAN_SUCCESS &&
               p.units == 4 && p.ahead == 4, "reduce-ahead small: %zu units, %zu ahead", p.units, p.ahead);
    EXPECT(gpuscan_plan_scan_(&p, 40000, GPUSCAN_GRID_REDUCE_AHEAD, 1024, 1, 8, 0, 0) == GPUSCAN_SUCCESS &&
               p.units == 2 && p.ahead == 2, "reduce-ahead partial unit: %zu units", p.units);
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 42, GPUSCAN_GRID_REDUCE_AHEAD, 4096, 4, 8, 0, 0) == GPUSCAN_ERROR_TOO_LARGE,
           "reduce-ahead: too many units for 2 blocks each");
    /* ... and on the ring (its units of 16 KiB: uint8 there has twice reduce-ahead's units): the
     * states are laid out for whichever kernel has more */
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 30, GPUSCAN_GRID_REDUCE_AHEAD, 8192, 1, 8, 0, 16384) == GPUSCAN_SUCCESS &&
               p.units == ((size_t)1 << 15) && p.ring_units == ((size_t)1 << 16) && p.state_units == p.ring_units &&
               p.slots_off[0] >= p.flags_off + p.ring_units * 8,
           "ring layout, uint8: %zu units, %zu on the ring", p.units, p.ring_units);
    EXPECT(gpuscan_plan_scan_(&p, (size_t)1 << 28, GPUSCAN_GRID_REDUCE_AHEAD, 2048, 8, 16, 0, 2048) == GPUSCAN_SUCCESS &&
               p.ring_units == p.units && p.state_units == p.units, "ring layout, 8-byte: the same units");
    EXPECT(gpuscan_plan_scan_(&p, 40000, GPUSCAN_GRID_REDUCE_AHEAD, 1024, 1, 8, 0, 0) == GPUSCAN_SUCCESS &&
               p.ring_units == 0 && p.state_units == p.units, "no ring: its units are 0");
    EXPECT(GPUSCAN_RING_PLAN_UNIT_(uint8_t, 1) == (GPUSCAN_RING ? 20480u : 0u) &&
               GPUSCAN_RING_PLAN_UNIT_(int, 4) == (GPUSCAN_RING ? 5120u : 0u) &&
               GPUSCAN_RING_PLAN_UNIT_(double, 8) == (GPUSCAN_RING ? 2560u : 0u) &&
               GPUSCAN_RING_PLAN_UNIT_(short, 2) == (GPUSCAN_RING ? 10240u : 0u) && GPUSCAN_RING_PLAN_UNIT_(mat2, 16) == 0,
           "the ring's units: one 20 KiB tile for 1-, 2-, 4- and 8-byte types; none for types it never takes");
    EXPECT(GPUSCAN_RING_PLAN_UNIT_(int, 1) == (GPUSCAN_RING ? 20480u : 0u) &&
               GPUSCAN_RING_PLAN_UNIT_(double, 4) == (GPUSCAN_RING ? 5120u : 0u) &&
               GPUSCAN_RING_PLAN_UNIT_(int, 2) == (GPUSCAN_RING ? 10240u : 0u),
           "typed inputs on the ring: whole tiles of at least 20 KiB of the input (uint8 -> int32: four)");
    /* AUTO's measured choices (docs/performance.md) */
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 28, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto int32 large");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 22, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto int32 mid");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 8, (size_t)1 << 22, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto int64 32 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 8, ((size_t)1 << 24) - 1, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto int64 < 128 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 8, (size_t)1 << 24, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto int64 128 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 16, (size_t)1 << 22, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto 16-byte 64 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 23, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto int32 32 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 24, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto int32 64 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, ((size_t)1 << 25) - 1, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto int32 < 128 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 25, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto int32 128 MiB");
    /* the simple forms' kept states: the look-back a little longer for 4- to 7-byte types only */
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 25, 1, 1) == GPUSCAN_GRID_LOOKBACK, "auto int32 128 MiB kept");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, GPUSCAN_AUTO_AHEAD_MIN_BYTES_KEPT / 4 - 1, 1, 1) == GPUSCAN_GRID_LOOKBACK,
           "auto int32 below the kept threshold");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, GPUSCAN_AUTO_AHEAD_MIN_BYTES_KEPT / 4, 1, 1) == GPUSCAN_GRID_REDUCE_AHEAD,
           "auto int32 at the kept threshold");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 8, (size_t)1 << 24, 1, 1) == GPUSCAN_GRID_REDUCE_AHEAD, "auto int64 128 MiB kept");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, (size_t)1 << 24, 1, 1) == GPUSCAN_GRID_REDUCE_AHEAD, "auto u8 16 MiB kept");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 28, 0, 1) == GPUSCAN_GRID_LOOKBACK, "auto int32 kept, small L2");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 16, (size_t)1 << 28, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto 16-byte");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 32, (size_t)1 << 28, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto 32-byte");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, (size_t)1 << 20, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto u8 mid");
    /* the device's part: L2, and for 8+-byte types the peak bandwidth an SM (H100 SXM: 3352 GB/s
     * over 132 SMs; H200: 4915 over 132) */
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 132, 3352.0, 8, 0) == 1, "H100: int64 takes reduce-ahead");
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 132, 4915.0, 8, 0) == 0, "H200: int64 off the ring takes the look-back");
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 132, 4915.0, 8, 1) == 1, "H200: int64 on the ring takes reduce-ahead");
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 132, 4915.0, 4, 0) == 1, "H200: int32 takes reduce-ahead");
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 132, 4915.0, 16, 0) == 0, "H200: 16-byte types take the look-back");
    /* where the ring would run but the input is not 16-byte aligned: 4-byte types read as they are
     * are judged as 8-byte ones (H200: the look-back; H100: reduce-ahead), others as they are */
    EXPECT(gpuscan_off_ring_judged_size_(4, 4, 1) == 8 && gpuscan_off_ring_judged_size_(4, 4, 0) == 4 &&
               gpuscan_off_ring_judged_size_(4, 1, 1) == 4 && gpuscan_off_ring_judged_size_(2, 2, 1) == 2 &&
               gpuscan_off_ring_judged_size_(8, 8, 1) == 8,
           "the two-read kernel in the ring's place: int32 judged as int64, typed and narrow inputs as they are");
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 132, 4915.0, gpuscan_off_ring_judged_size_(4, 4, 1), 0) == 0 &&
               gpuscan_ahead_suits_((size_t)50 << 20, 132, 3352.0, gpuscan_off_ring_judged_size_(4, 4, 1), 0) == 1,
           "unaligned int32 at the ring's sizes: the look-back on an H200, reduce-ahead on an H100");
    EXPECT(gpuscan_ahead_suits_((size_t)6 << 20, 40, 320.0, 4, 1) == 0, "T4-like L2: no reduce-ahead");
    EXPECT(gpuscan_ahead_suits_((size_t)50 << 20, 0, 0.0, 8, 0) == 0, "unknown device: no reduce-ahead for int64");
    EXPECT(gpuscan_ring_multi_suits_(132, 3352.0) == 0, "H100: typed inputs' ring, one block an SM");
    EXPECT(gpuscan_ring_multi_suits_(132, 4915.0) == 1, "H200: typed inputs' ring, the multi-block kernel");
    EXPECT(gpuscan_ring_multi_suits_(0, 0.0) == 0, "unknown device: one block an SM");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, (size_t)1 << 22, 1, 0) == GPUSCAN_GRID_HIERARCHICAL, "auto u8 4 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, ((size_t)1 << 24) - 1, 1, 0) == GPUSCAN_GRID_HIERARCHICAL, "auto u8 < 16 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, (size_t)1 << 24, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto u8 16 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, (size_t)1 << 26, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto u8 large");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 2, ((size_t)1 << 24) - 1, 1, 0) == GPUSCAN_GRID_LOOKBACK, "auto i16 < 32 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 2, (size_t)1 << 24, 1, 0) == GPUSCAN_GRID_REDUCE_AHEAD, "auto i16 32 MiB");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_DOMINO, 1, (size_t)1 << 30, 1, 0) == GPUSCAN_GRID_DOMINO, "explicit choice kept");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_REDUCE_THEN_SCAN, 4, (size_t)1 << 22, 1, 0) == GPUSCAN_GRID_REDUCE_THEN_SCAN,
           "reduce-then-scan only when asked for");
    /* a device whose L2 cannot hold the lookahead: no reduce-ahead */
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 4, (size_t)1 << 28, 0, 0) == GPUSCAN_GRID_LOOKBACK, "auto int32, small L2");
    EXPECT(gpuscan_resolve_grid_(GPUSCAN_GRID_AUTO, 1, (size_t)1 << 30, 0, 0) == GPUSCAN_GRID_HIERARCHICAL, "auto u8, small L2");
    {
        int devices = 0;
        if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
            (void)cudaGetLastError();
            EXPECT(gpuscan_device_suits_ahead_(4, 0) == 0, "no device: no reduce-ahead");
        } else {
            cudaDeviceProp p;
            EXPECT(cudaGetDeviceProperties(&p, 0) == cudaSuccess, "device properties");
            EXPECT(gpuscan_device_suits_ahead_(4, 0) == ((size_t)p.l2CacheSize >= GPUSCAN_AUTO_AHEAD_MIN_L2),
                   "int32: reduce-ahead where the L2 holds its lookahead");
            int khz = 0, bits = 0;
            EXPECT(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, 0) == cudaSuccess && khz > 0,
                   "memory clock known");
            EXPECT(cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, 0) == cudaSuccess && bits > 0,
                   "bus width known");
            const gpuscan_device_ d = gpuscan_device_info_();
            EXPECT(d.sms == p.multiProcessorCount && d.peak_gbs > 0.0, "device info");
            printf("device: %s, %d SMs, L2 %d MiB, peak %.0f GB/s (%.1f an SM): 8-byte types %s reduce-ahead "
                   "off the ring; typed inputs' ring: %s\n",
                   p.name, p.multiProcessorCount, p.l2CacheSize >> 20, 2.0 * khz * 1e3 * (bits / 8) / 1e9,
                   2.0 * khz * 1e3 * (bits / 8) / 1e9 / p.multiProcessorCount,
                   gpuscan_device_suits_ahead_(8, 0) ? "take" : "skip",
                   gpuscan_ring_multi_suits_(d.sms, d.peak_gbs) ? "the multi-block kernel" : "one block an SM");
        }
    }
    EXPECT(gpuscan_resolve_block_(GPUSCAN_BLOCK_AUTO, 4, (size_t)1 << 20, 1024) == GPUSCAN_BLOCK_COARSENED, "auto block");
    EXPECT(gpuscan_resolve_block_(GPUSCAN_BLOCK_AUTO, 4, 1024, 1024) == GPUSCAN_BLOCK_KOGGE_STONE_WARP, "auto block, one small tile");
    EXPECT(gpuscan_resolve_block_(GPUSCAN_BLOCK_AUTO, 8, 1, 1024) == GPUSCAN_BLOCK_KOGGE_STONE_WARP, "auto block, one element");
    EXPECT(gpuscan_resolve_block_(GPUSCAN_BLOCK_AUTO, 4, 1025, 1024) == GPUSCAN_BLOCK_COARSENED, "auto block, past one small tile");
    EXPECT(gpuscan_resolve_block_(GPUSCAN_BLOCK_AUTO, 16, 100, 1024) == GPUSCAN_BLOCK_COARSENED, "auto block, 16-byte type");
    EXPECT(gpuscan_resolve_block_(GPUSCAN_BLOCK_BRENT_KUNG, 4, 100, 1024) == GPUSCAN_BLOCK_BRENT_KUNG, "explicit block kept");
    size_t per;
    EXPECT(gpuscan_reduce_blocks_(1, 4096, &per) == 1 && per == 1, "reduce 1");
    EXPECT(gpuscan_reduce_blocks_((size_t)1 << 30, 4096, &per) * per >= ((size_t)1 << 30) / 4096, "reduce covers all tiles");
    /* tile shapes stay within the static shared-memory limit for large structs */
    EXPECT(GPUSCAN_TILE_BUFFER_(KS, mat2) * sizeof(mat2) <= 32768 && GPUSCAN_TILE_BUFFER_(CO, mat2) * sizeof(mat2) <= 32768, "mat2 buffers");
}

/* The DEFINEs below compile AUTO's kernels alone (GPUSCAN_EVERY_ALGORITHM, read at each DEFINE):
 * what they are checked for is the same in both. */
#undef GPUSCAN_EVERY_ALGORITHM
#define GPUSCAN_EVERY_ALGORITHM 0

/* Which (type, operator) pairs take the packed path (four bytes or two halves a word,
 * gpuscan/bytes.cuh) and the ring: looked up by the type, whatever its DEFINE calls it. */
GPUSCAN_DEFINE_NAMED(byte, uint8_t, add) /* a name of the user's own: the same paths as u8 */
GPUSCAN_DEFINE_NAMED(word, uint16_t, add)
GPUSCAN_DEFINE_NAMED(wide, uint64_t, mul)
GPUSCAN_DEFINE_CONVERT(flags, uint8_t, int, add) /* typed inputs: slots of the input type */
GPUSCAN_DEFINE_CONVERT(widen, float, double, add)
typedef int16_t my_short;
static void test_bytewise_lookup(void)
{
    /* (GPUSCAN_EVERY_ALGORITHM read at each DEFINE: 1 from the command line above, 0 here) */
#define KERNEL_(P, which) TEST_INTERNAL(P, desc).block[GPUSCAN_BLOCK_##which]
    EXPECT(KERNEL_(gpuscan_int_add, BRENT_KUNG).tiles != NULL && KERNEL_(gpuscan_u8_max, KOGGE_STONE).tiles != NULL &&
               KERNEL_(gpuscan_byte_add, BRENT_KUNG).tiles == NULL &&
               KERNEL_(gpuscan_byte_add, KOGGE_STONE_WARP).tiles != NULL && KERNEL_(gpuscan_byte_add, COARSENED).tiles != NULL,
           "each DEFINE compiles the textbook matrix as GPUSCAN_EVERY_ALGORITHM says where it stands");
#undef KERNEL_
    /* (the ring's choices are below the public API: in each DEFINE's namespace) */
    TEST_USING_INTERNAL(gpuscan_byte_add) TEST_USING_INTERNAL(gpuscan_word_add) TEST_USING_INTERNAL(gpuscan_wide_mul)
    TEST_USING_INTERNAL(gpuscan_f64_min) TEST_USING_INTERNAL(gpuscan_mat2_matmul) TEST_USING_INTERNAL(gpuscan_flags_add)
    TEST_USING_INTERNAL(gpuscan_widen_add) TEST_USING_INTERNAL(gpuscan_int_add)
    EXPECT(GPUSCAN_BYTES_KIND_(add) == GPUSCAN_BYTES_ADD && GPUSCAN_BYTES_KIND_(max) == GPUSCAN_BYTES_MAX &&
               GPUSCAN_BYTES_KIND_(min) == GPUSCAN_BYTES_MIN && GPUSCAN_BYTES_KIND_(xor) == GPUSCAN_BYTES_XOR &&
               GPUSCAN_BYTES_KIND_(and) == GPUSCAN_BYTES_AND && GPUSCAN_BYTES_KIND_(or) == GPUSCAN_BYTES_OR,
           "built-in operators are bytewise");
    EXPECT(GPUSCAN_BYTES_KIND_(mul) == GPUSCAN_BYTES_NONE && GPUSCAN_BYTES_KIND_(matmul) == GPUSCAN_BYTES_NONE,
           "mul and custom operators are not");
    EXPECT(GPUSCAN_PACKED_INT_(uint8_t) == GPUSCAN_BYTES_UNSIGNED && GPUSCAN_PACKED_INT_(int8_t) == GPUSCAN_BYTES_SIGNED &&
               GPUSCAN_PACKED_INT_(unsigned char) == GPUSCAN_BYTES_UNSIGNED &&
               GPUSCAN_PACKED_INT_(signed char) == GPUSCAN_BYTES_SIGNED,
           "1-byte integer types");
    EXPECT(GPUSCAN_PACKED_INT_(char) == (CHAR_MIN < 0 ? GPUSCAN_BYTES_SIGNED : GPUSCAN_BYTES_UNSIGNED), "char");
    EXPECT(GPUSCAN_PACKED_INT_(int16_t) == GPUSCAN_BYTES_SIGNED && GPUSCAN_PACKED_INT_(uint16_t) == GPUSCAN_BYTES_UNSIGNED &&
               GPUSCAN_PACKED_INT_(my_short) == GPUSCAN_BYTES_SIGNED,
           "2-byte integer types, typedefs included");
    EXPECT(GPUSCAN_PACKED_INT_(int) == 0 && GPUSCAN_PACKED_INT_(double) == 0 && GPUSCAN_PACKED_INT_(mat2) == 0 &&
               GPUSCAN_PACKED_INT_(bool) == 0 && GPUSCAN_PACKED_INT_(__half) == 0 &&
               GPUSCAN_PACKED_INT_(__nv_bfloat16) == 0,
           "other types are not packed integers");
    EXPECT(GPUSCAN_FLOATING_(float) && GPUSCAN_FLOATING_(double) && GPUSCAN_FLOATING_(__half) &&
               GPUSCAN_FLOATING_(__nv_bfloat16) && !GPUSCAN_FLOATING_(int) && !GPUSCAN_FLOATING_(mat2),
           "floating types");
#if GPUSCAN_RING
    EXPECT(gpuscan_byte_add_RING_TAKES_ == 1 && gpuscan_word_add_RING_TAKES_ == 1 &&
               gpuscan_wide_mul_RING_TAKES_ == 1 && gpuscan_wide_mul_RING_REDUCERS_ == 2 &&
               gpuscan_f64_min_RING_REDUCERS_ == 2 && gpuscan_mat2_matmul_RING_TAKES_ == 0,
           "the ring by type and operator: uint8 and uint16 add under other names, uint64 mul two reducers");
    EXPECT(gpuscan_flags_add_RING_TAKES_ == 1 && gpuscan_flags_add_RING_UNIT_ == 4 * 5120 &&
               gpuscan_flags_add_RING_CLAIM_ == GPUSCAN_RING_TYPED_CLAIM &&
               gpuscan_flags_add_RING_REDUCERS_ == GPUSCAN_RING_TYPED_REDUCERS && gpuscan_widen_add_RING_TAKES_ == 1 &&
               gpuscan_widen_add_RING_UNIT_ == 2 * 2560 && gpuscan_int_add_RING_UNIT_ == 5120 &&
               gpuscan_int_add_RING_CLAIM_ == GPUSCAN_RING_CLAIM(int),
           "typed inputs on the ring: units of whole tiles of 20 KiB of the input, the typed claim and reducers");
#endif
}

/* AUTO and the ring's alignment: where reduce-ahead suits the device only on the ring (8-byte types
 * on an H200), an input the ring cannot take (not 16-byte aligned) gets the look-back, and the
 * workspace has room for both (a size query has no pointer). */
static void test_auto_alignment(void)
{
    int room = -1;
    EXPECT(gpuscan_auto_ahead_ok_(1, 0, 1, 1, &room) == 1 && room == 1, "H200-like, aligned: the ring");
    EXPECT(gpuscan_auto_ahead_ok_(1, 0, 1, 0, &room) == 0 && room == 1, "H200-like, unaligned: the look-back");
    EXPECT(gpuscan_auto_ahead_ok_(1, 1, 1, 0, &room) == 1 && room == 0, "H100-like: reduce-ahead either way");
    EXPECT(gpuscan_auto_ahead_ok_(1, 0, 0, 1, &room) == 0 && room == 0, "no ring for this size: off-ring answer");
    EXPECT(gpuscan_auto_ahead_ok_(0, 0, 1, 1, &room) == 0 && room == 0, "no reduce-ahead on this device");
}

/* The deterministic mode (GPUSCAN_DETERMINISTIC, read where a DEFINE expands) fixes the order of
 * combining only where the operator does not associate exactly on its type: not for the integer
 * types' built-in operators, whose kernels stay the default's. */
#pragma push_macro("GPUSCAN_DETERMINISTIC")
#undef GPUSCAN_DETERMINISTIC
#define GPUSCAN_DETERMINISTIC 1
GPUSCAN_DEFINE_NAMED(det_i32, int, add)
GPUSCAN_DEFINE_NAMED(det_f32, float, add)
GPUSCAN_DEFINE_CONVERT(det_u8i, uint8_t, int, add)
#pragma pop_macro("GPUSCAN_DETERMINISTIC")
static void test_fixed_order(void)
{
    EXPECT(GPUSCAN_ASSOCIATES_EXACTLY_(add, int) && GPUSCAN_ASSOCIATES_EXACTLY_(mul, uint64_t) &&
               GPUSCAN_ASSOCIATES_EXACTLY_(xor, uint8_t) && GPUSCAN_ASSOCIATES_EXACTLY_(min, bool) &&
               GPUSCAN_ASSOCIATES_EXACTLY_(max, int16_t),
           "integer types' built-in operators associate exactly");
    EXPECT(GPUSCAN_ASSOCIATES_EXACTLY_(max, double) && GPUSCAN_ASSOCIATES_EXACTLY_(min, float) &&
               GPUSCAN_ASSOCIATES_EXACTLY_(min, __half) && GPUSCAN_ASSOCIATES_EXACTLY_(max, __nv_bfloat16),
           "min and max on floating types too (they pick an operand)");
    EXPECT(!GPUSCAN_ASSOCIATES_EXACTLY_(add, float) && !GPUSCAN_ASSOCIATES_EXACTLY_(mul, double) &&
               !GPUSCAN_ASSOCIATES_EXACTLY_(add, __half) && !GPUSCAN_ASSOCIATES_EXACTLY_(matmul, mat2) &&
               !GPUSCAN_ASSOCIATES_EXACTLY_(compose, affine),
           "floating add and mul and custom operators are not assumed to");
    EXPECT(TEST_INTERNAL(gpuscan_det_i32_add, desc).fixed_order == 0 &&
               TEST_INTERNAL(gpuscan_det_u8i_add, desc).fixed_order == 0 &&
               TEST_INTERNAL(gpuscan_det_f32_add, desc).fixed_order == 1,
           "deterministic mode: the order fixed for float add, not for int add (typed input included)");
    EXPECT(TEST_INTERNAL(gpuscan_int_add, desc).fixed_order == 0 && TEST_INTERNAL(gpuscan_f64_min, desc).fixed_order == 0,
           "default mode: no order fixed");
}

/* min/max identities by the type, whatever the name: any DEFINE of uint8_t or size_t finds them. */
GPUSCAN_DEFINE_NAMED(octet, uint8_t, max)
GPUSCAN_DEFINE_NAMED(octet, uint8_t, min)
GPUSCAN_DEFINE_NAMED(count, size_t, min)
GPUSCAN_DEFINE_NAMED(tiny, signed char, max)
GPUSCAN_DEFINE_NAMED(flag, bool, min)
GPUSCAN_DEFINE_NAMED(hf, __half, max)
GPUSCAN_DEFINE_NAMED(bf, __nv_bfloat16, min)
GPUSCAN_DEFINE_NAMED(real, double, max)
static void test_identities_by_type(void)
{
    EXPECT(gpuscan_octet_max_identity() == 0 && gpuscan_octet_min_identity() == 255, "uint8_t as octet");
    EXPECT(gpuscan_count_min_identity() == SIZE_MAX, "size_t as count");
    EXPECT(gpuscan_tiny_max_identity() == -128, "signed char as tiny");
    EXPECT(gpuscan_flag_min_identity() == true, "bool as flag");
    EXPECT(__half2float(gpuscan_hf_max_identity()) == -HUGE_VALF, "__half as hf: -inf");
    EXPECT(__bfloat162float(gpuscan_bf_min_identity()) == HUGE_VALF, "__nv_bfloat16 as bf: +inf");
    EXPECT(gpuscan_real_max_identity() == -HUGE_VAL && gpuscan_f64_min_identity() == HUGE_VAL, "double, two names");
    EXPECT(gpuscan_u8_max_identity() == 0, "uint8_t as u8");
}

/* The ring's slots per block (gpuscan/ring.cuh) from an SM's shared memory, with the H100's
 * numbers: 228 KiB an SM, 1 KiB reserved a block, 227 KiB at most a block. */
static void test_ring_slots(void)
{
    TEST_USING_INTERNAL(gpuscan_f64_min) TEST_USING_INTERNAL(gpuscan_int_add) TEST_USING_INTERNAL(gpuscan_u8_max)
    TEST_USING_INTERNAL(gpuscan_mat2_matmul)
    const long sm = 233472, res = 1024, optin = 232448;
    EXPECT(gpuscan_ring_slots_(sm, 1, res, 17792, optin, 16384, 1) == 13, "int32, 1 block, 1+1 warps: 13 slots");
    EXPECT(gpuscan_ring_slots_(sm, 2, res, 17792, optin, 16384, 2) == 4, "int32, 2 blocks: 5 slots fit, 4 taken");
    EXPECT(gpuscan_ring_slots_(sm, 1, res, 17792, optin, 16384, 2) == 12, "int32, 1 block: 13 fit, 12 taken");
    EXPECT(gpuscan_ring_slots_(sm, 1, res, 17792, optin, 16384, 4) == 12, "int32, 1 block, 4 look-back warps");
    EXPECT(gpuscan_ring_slots_(sm, 2, res, 9152, optin, 32768, 2) == 2, "uint8, 2 blocks: 3 fit, 2 taken");
    EXPECT(gpuscan_ring_slots_(sm, 1, res, 1024, optin, 4096, 1) == GPUSCAN_RING_MAX_SLOTS, "capped");
    EXPECT(gpuscan_ring_slots_(sm, 6, res, 17792, optin, 16384, 1) == 0, "fewer than 2: no ring");
    EXPECT(gpuscan_ring_slots_(sm, 1, res, 240000, optin, 16384, 1) == 0, "no room at all: no ring");
    EXPECT(GPUSCAN_RING_SLOT_MULTIPLE_(gpuscan_f64_min, double) % gpuscan_f64_min_RING_REDUCERS_ == 0 &&
               GPUSCAN_RING_SLOT_MULTIPLE_(gpuscan_f64_min, double) % GPUSCAN_RING_LOOKERS(double) == 0,
           "the slot multiple is a multiple of both warp counts");
    EXPECT(GPUSCAN_RING_FOR(int) && GPUSCAN_RING_FOR(float) && GPUSCAN_RING_FOR(double) &&
               GPUSCAN_RING_FOR(long long) && GPUSCAN_RING_FOR(unsigned char) && GPUSCAN_RING_FOR(short) &&
               !GPUSCAN_RING_FOR(mat2),
           "the ring takes the 1-, 2-, 4- and 8-byte types (steps 16, 17, 20, 21)");
    EXPECT(GPUSCAN_RING_TAKES(add, uint8_t) && GPUSCAN_RING_TAKES(add, int8_t) &&
               GPUSCAN_RING_TAKES(add, char) && GPUSCAN_RING_TAKES(max, uint8_t) &&
               GPUSCAN_RING_TAKES(min, int8_t) && !GPUSCAN_RING_TAKES(xor, uint8_t) &&
               !GPUSCAN_RING_TAKES(mul, uint8_t) && !GPUSCAN_RING_TAKES(add, bool) &&
               GPUSCAN_RING_TAKES(max, int) && !GPUSCAN_RING_TAKES(matmul, mat2),
           "1-byte types: add, max and min of the 1-byte integer types only (steps 20, 21)");
    EXPECT(GPUSCAN_RING_TAKES(add, int16_t) && GPUSCAN_RING_TAKES(max, uint16_t) &&
               GPUSCAN_RING_TAKES(min, short) && !GPUSCAN_RING_TAKES(xor, int16_t) &&
               !GPUSCAN_RING_TAKES(mul, int16_t) && !GPUSCAN_RING_TAKES(add, __half) &&
               !GPUSCAN_RING_TAKES(add, __nv_bfloat16) && GPUSCAN_RING_TAKES(add, unsigned short),
           "2-byte types: add, max and min of the 2-byte integer types only (step 21)");
    EXPECT(gpuscan_int_add_RING_TAKES_ == GPUSCAN_RING && gpuscan_u8_max_RING_TAKES_ == GPUSCAN_RING &&
               gpuscan_f64_min_RING_TAKES_ == GPUSCAN_RING && gpuscan_mat2_matmul_RING_TAKES_ == 0,
           "the assembled choice");
    EXPECT(GPUSCAN_RING_OP(add) && GPUSCAN_RING_OP(mul) && GPUSCAN_RING_OP(xor) && GPUSCAN_RING_OP(max) &&
               GPUSCAN_RING_OP(min),
           "the ring takes every built-in operator (step 18)");
    EXPECT(!GPUSCAN_RING_OP(compose) && !GPUSCAN_RING_OP(matmul), "not custom operators");
    EXPECT(gpuscan_int_add_RING_REDUCERS_ == 1 && GPUSCAN_RING_REDUCERS(max, int) == 1 &&
               GPUSCAN_RING_REDUCERS(max, int64_t) == 1 && GPUSCAN_RING_REDUCERS(mul, uint32_t) == 1 &&
               GPUSCAN_RING_REDUCERS(mul, double) == 1 && GPUSCAN_RING_REDUCERS(add, double) == 1,
           "one reducing warp for light operators");
    EXPECT(gpuscan_f64_min_RING_REDUCERS_ == 2 && GPUSCAN_RING_REDUCERS(max, double) == 2 &&
               GPUSCAN_RING_REDUCERS(mul, uint64_t) == 2 && GPUSCAN_RING_REDUCERS(mul, long long) == 2 &&
               GPUSCAN_RING_REDUCERS(min, __half) == 2,
           "two for floating min/max and 8-byte integer mul (step 18)");
    EXPECT(GPUSCAN_RING_FAST_MINMAX_(max, float) == 1 && GPUSCAN_RING_FAST_MINMAX_(min, float) == 2 &&
               GPUSCAN_RING_FAST_MINMAX_(max, double) == 0 && GPUSCAN_RING_FAST_MINMAX_(max, int) == 0 &&
               GPUSCAN_RING_FAST_MINMAX_(add, float) == 0 && GPUSCAN_RING_FAST_MINMAX_(matmul, mat2) == 0 &&
               GPUSCAN_RING_REDUCERS(max, float) == 1 && GPUSCAN_RING_REDUCERS(min, float) == 1,
           "float max/min: the reducer's quick fold (1 max, 2 min) and one reducing warp (step 27)");
    EXPECT(GPUSCAN_RING_CLAIM(int) >= 1 && GPUSCAN_RING_CLAIM(int) <= GPUSCAN_RING_MAX_SLOTS / 2 &&
               GPUSCAN_RING_TYPED_CLAIM >= 1 && GPUSCAN_RING_TYPED_CLAIM <= GPUSCAN_RING_MAX_SLOTS / 2,
           "a claim fits in half a ring (plain and typed inputs)");
}

/* The look-back's first-wave pace (host.cuh: gpuscan_pace_of_): a window of what the device's peak
 * bandwidth reads in GPUSCAN_PACE_NS, in tiles, over the blocks resident at once, where there are
 * more tiles than those. */
static void test_pace(void)
{
    const double h100 = 3352.0, h200 = 4800.0;
    const unsigned w = (unsigned)(h100 * GPUSCAN_PACE_NS / 16384);
    gpuscan_pace_ p = gpuscan_pace_of_(4096, 16384, h100, 1320);
    EXPECT(w >= 2 && p.window == w && p.below == 1320, "a window of tiles over the first wave (%u, %u)", p.window,
           p.below);
    p = gpuscan_pace_of_(4096, 16384, h200, 1320);
    EXPECT(p.window == (unsigned)(h200 * GPUSCAN_PACE_NS / 16384) && p.window > w, "more bandwidth, a wider window");
    p = gpuscan_pace_of_(4096, 8192, h100, 1320);
    EXPECT(p.window == (unsigned)(h100 * GPUSCAN_PACE_NS / 8192), "smaller tiles of input, more of them (%u)", p.window);
    p = gpuscan_pace_of_(w, 16384, h100, 1320);
    EXPECT(p.window == 0 && p.below == 0, "a scan no larger than the window: no pacing");
    p = gpuscan_pace_of_(1320, 16384, h100, 1320);
    EXPECT(p.window == 0, "a scan of one wave: no pacing");
    p = gpuscan_pace_of_(1321, 16384, h100, 1320);
    EXPECT(p.window == w && p.below == 1320, "one tile more than a wave: paced");
    p = gpuscan_pace_of_(4096, 16384, 0.0, 1320);
    EXPECT(p.window == 0, "the device's bandwidth unknown: no pacing");
    p = gpuscan_pace_of_(4096, 16384, h100, 0);
    EXPECT(p.window == 0, "the resident blocks unknown: no pacing");
    p = gpuscan_pace_of_(4096, 16384, 5.0, 1320);
    EXPECT(p.window == 0, "a window under two tiles: no pacing");
}

/* Without a GPU, a valid call must come back with a CUDA status, not crash. */
static void test_cuda_error_path(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0) {
        printf("  (GPU present: the no-GPU error path is not exercised here)\n");
        return;
    }
    int *a = (int *)(uintptr_t)0x10000000, *b = (int *)(uintptr_t)0x20000000;
    gpuscan_status st = gpuscan_int_add_inclusive(a, b, 1 << 20, 0);
    EXPECT(gpuscan_is_cuda_error(st), "no GPU: expected a CUDA status, got %s", gpuscan_status_string(st));
    printf("  no GPU: scan returned %d (%s)\n", (int)st, gpuscan_status_string(st));
    size_t bytes = 0;
    st = gpuscan_int_add_scan_ex(NULL, &bytes, NULL, NULL, 1 << 20, GPUSCAN_INCLUSIVE, 0, GPUSCAN_GRID_REDUCE_THEN_SCAN,
                                 GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(st == GPUSCAN_SUCCESS, "reduce-then-scan size query: %s", gpuscan_status_string(st));
    st = gpuscan_int_add_scan_ex((void *)(uintptr_t)0x30000000, &bytes, a, b, 1 << 20, GPUSCAN_INCLUSIVE, 0,
                                 GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_COARSENED, 0);
    EXPECT(gpuscan_is_cuda_error(st), "no GPU: reduce-then-scan gives the CUDA error, got %s", gpuscan_status_string(st));
}

/* The tests' own CPU reference and comparison (test_lib.h), on sequences folded by hand: every GPU
 * suite's checks rest on them. */
TEST_REFERENCE_OF(gpuscan_int_add, int, TEST_NO_DOUBLE)
TEST_ELEMENT(int, int, TEST_TO_DOUBLE)
TEST_REFERENCE(affine, affine, affine_then, affine_identity(), TEST_NO_DOUBLE)
TEST_ELEMENT(affine, affine, TEST_NO_DOUBLE)
static int twice_plus_index(int x, size_t i) { return 2 * x + (int)i; }
TEST_REFERENCE_STAGED(staged, int, int, twice_plus_index, gpuscan_int_add_combine, gpuscan_int_add_identity(),
                      TEST_TO_DOUBLE)
static void test_reference(void)
{
    const int x[4] = {1, 2, 3, 4};
    int out[5], y[4] = {1, 2, 3, 4};
    const int inc[4] = {1, 3, 6, 10}, ex[5] = {5, 6, 8, 11, 15}, seeded[4] = {6, 8, 11, 15};
    const int rev[4] = {10, 9, 7, 4}, rev_ex[5] = {14, 12, 9, 5, 15}, in_place[4] = {0, 1, 3, 6};
    EXPECT(ref_gpuscan_int_add(x, 4, REF_INCLUSIVE, 100, out, NULL, NULL) == 10 && diff_int(out, inc, 4) == 0,
           "reference: inclusive (no seed)");
    EXPECT(ref_gpuscan_int_add(x, 4, REF_EXCLUSIVE | REF_TOTAL, 5, out, NULL, NULL) == 15 && diff_int(out, ex, 5) == 0,
           "reference: exclusive from 5, the total after it");
    EXPECT(ref_gpuscan_int_add(x, 4, REF_SEEDED, 5, out, NULL, NULL) == 15 && diff_int(out, seeded, 4) == 0,
           "reference: inclusive seeded with 5");
    EXPECT(ref_gpuscan_int_add(x, 4, REF_REVERSE, 5, out, NULL, NULL) == 10 && diff_int(out, rev, 4) == 0,
           "reference: reverse inclusive (no seed)");
    EXPECT(ref_gpuscan_int_add(x, 4, REF_REVERSE | REF_EXCLUSIVE | REF_TOTAL, 5, out, NULL, NULL) == 15 &&
               diff_int(out, rev_ex, 5) == 0,
           "reference: reverse exclusive, the seed on the right");
    EXPECT(ref_gpuscan_int_add(x, 0, REF_INCLUSIVE, 5, out, NULL, NULL) == 0 &&
               ref_gpuscan_int_add(x, 0, REF_EXCLUSIVE, 5, NULL, NULL, NULL) == 5 &&
               ref_gpuscan_int_add(x, 3, REF_INCLUSIVE, 0, NULL, NULL, NULL) == 6,
           "reference: totals of no element (the identity; the seed) and without an output");
    EXPECT(ref_gpuscan_int_add(y, 4, REF_EXCLUSIVE, 0, y, NULL, NULL) == 10 && diff_int(y, in_place, 4) == 0,
           "reference: in place");
    {
        int got[4];
        double dref[4], dabs[4];
        const int staged[4] = {2, 7, 15, 26}; /* 2, 5, 8, 11 summed */
        EXPECT(ref_staged(x, 4, REF_INCLUSIVE, 0, got, dref, dabs) == 26 && diff_int(got, staged, 4) == 0 &&
                   dref[3] == 26.0 && dabs[3] == 26.0 && dref[1] == 7.0,
               "reference: each element through its stage, with the double sums");
    }
    { /* a non-commutative operator keeps its order both ways */
        const affine f = {3u, 1u}, g = {5u, 2u}, h = {7u, 3u}, fg[2] = {f, g};
        affine o[3];
        ref_affine(fg, 2, REF_INCLUSIVE, h, o, NULL, NULL);
        const affine fwd[2] = {f, affine_then(f, g)};
        EXPECT(diff_affine(o, fwd, 2) == 0, "reference: forward, (f then g)");
        const affine total = ref_affine(fg, 2, REF_REVERSE | REF_EXCLUSIVE | REF_TOTAL, h, o, NULL, NULL);
        const affine back[3] = {affine_then(g, h), h, affine_then(f, affine_then(g, h))};
        EXPECT(diff_affine(o, back, 3) == 0 && diff_affine(&total, &back[2], 1) == 0,
               "reference: reverse, the seed on the right, the operator's order kept");
    }
    { /* a mismatch is counted and the first one noted */
        const int got[3] = {1, 2, 3}, want[3] = {1, 0, 3};
        const size_t bad = diff_int(got, want, 3);
        const int noted = strstr(g_note, "the first at 1") != NULL && strstr(g_note, "* [1]") != NULL;
        EXPECT(bad == 1 && noted, "diff: %zu mismatches, note \"%s\"", bad, g_note);
    }
}

/* ---- the host layer over made-up descriptors (no GPU: every device query answers "no") ---------
 * A descriptor that names kernels the DEFINE would compile by default (addresses that are never
 * launched: the coarsened scan under AUTO's strategies and the one-tile scan of Kogge-Stone on
 * shuffles) and none of the textbook matrix: AUTO's choices, the plans and NOT_COMPILED. */
static __align__(16) char fake_kernels[64];
#define FAKE_(k) ((const void *)(fake_kernels + (k)))
static gpuscan_scan_kernels_ fake_block(unsigned threads, unsigned items, int built, int tiles_only)
{
    gpuscan_scan_kernels_ k;
    memset(&k, 0, sizeof k);
    k.pass.threads = threads;
    k.pass.tile = threads * items;
    k.pass.tile_in_bytes = k.pass.tile * 4u;
    k.pass.state_bytes = 8u;
    k.pass.folds = 1;
    if (built || tiles_only) k.tiles = FAKE_(0);
    if (built) {
        k.fixup = FAKE_(1), k.cluster = FAKE_(2), k.ahead = FAKE_(3);
        k.pass.lookback = FAKE_(4), k.pass.via = FAKE_(5), k.pass.clears = FAKE_(6);
    }
    return k;
}
static gpuscan_scan_desc_ fake_desc(size_t elem_size)
{
    gpuscan_scan_desc_ d;
    memset(&d, 0, sizeof d);
    d.elem_size = d.elem_align = d.in_size = d.in_align = elem_size;
    d.state_bytes = elem_size <= 4 ? 8u : 16u;
    d.block[GPUSCAN_BLOCK_KOGGE_STONE] = fake_block(1024, 1, 0, 0);
    d.block[GPUSCAN_BLOCK_KOGGE_STONE_WARP] = fake_block(1024, 1, 0, 1);
    d.block[GPUSCAN_BLOCK_BRENT_KUNG] = fake_block(512, 2, 0, 0);
    d.block[GPUSCAN_BLOCK_COARSENED] = fake_block(128, 32, 1, 0);
    d.reduce_tile = 4096, d.reduce_threads = 128;
    return d;
}
static void test_descriptors(void)
{
    gpuscan_scan_desc_ d = fake_desc(4);
    gpuscan_plan_ plan;
    gpuscan_grid g;
    gpuscan_block b;
#define PREPARE_(grid, block, n)                                                                    \
    (g = (grid), b = (block), gpuscan_scan_prepare_(&d, &plan, &g, &b, GPUSCAN_INCLUSIVE, (n), NULL, 0))
    EXPECT(PREPARE_(GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 1000) == GPUSCAN_SUCCESS &&
               b == GPUSCAN_BLOCK_KOGGE_STONE_WARP && plan.num_tiles == 1 && plan.bytes == 0,
           "AUTO, one tile: Kogge-Stone on shuffles, no workspace");
    EXPECT(PREPARE_(GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 1000000) == GPUSCAN_SUCCESS && b == GPUSCAN_BLOCK_COARSENED &&
               g == GPUSCAN_GRID_LOOKBACK && plan.num_tiles == 245 && plan.bytes > 0 && !plan.cluster,
           "AUTO, 2^20: the coarsened look-back (no cluster for a kernel that is no kernel)");
    int devices = 0;
    const int no_device = cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0;
    (void)cudaGetLastError();
    EXPECT(PREPARE_(GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, (size_t)1 << 30) == GPUSCAN_SUCCESS &&
               g == (no_device ? GPUSCAN_GRID_LOOKBACK : g == GPUSCAN_GRID_REDUCE_AHEAD ? g : GPUSCAN_GRID_LOOKBACK),
           "AUTO, 2^30: reduce-ahead only where a device suits it");
    EXPECT(PREPARE_(GPUSCAN_GRID_DOMINO, GPUSCAN_BLOCK_COARSENED, 100000) == GPUSCAN_SUCCESS &&
               PREPARE_(GPUSCAN_GRID_HIERARCHICAL, GPUSCAN_BLOCK_AUTO, 100000) == GPUSCAN_SUCCESS &&
               PREPARE_(GPUSCAN_GRID_REDUCE_AHEAD, GPUSCAN_BLOCK_COARSENED, 100000) == GPUSCAN_SUCCESS,
           "the coarsened scan's strategies are there");
    EXPECT(PREPARE_(GPUSCAN_GRID_REDUCE_THEN_SCAN, GPUSCAN_BLOCK_COARSENED, 100000) == GPUSCAN_ERROR_NOT_COMPILED,
           "reduce-then-scan not compiled");
    EXPECT(PREPARE_(GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE, 10) == GPUSCAN_ERROR_NOT_COMPILED &&
               PREPARE_(GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_BRENT_KUNG, 100000) == GPUSCAN_ERROR_NOT_COMPILED,
           "Kogge-Stone and Brent-Kung not compiled");
    EXPECT(PREPARE_(GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE_WARP, 1024) == GPUSCAN_SUCCESS &&
               PREPARE_(GPUSCAN_GRID_LOOKBACK, GPUSCAN_BLOCK_KOGGE_STONE_WARP, 1025) == GPUSCAN_ERROR_NOT_COMPILED,
           "Kogge-Stone on shuffles: one tile only");
    EXPECT(PREPARE_((gpuscan_grid)9, GPUSCAN_BLOCK_AUTO, 10) == GPUSCAN_ERROR_INVALID_ALGORITHM,
           "an unknown strategy before anything else");
    EXPECT(strstr(gpuscan_status_string(GPUSCAN_ERROR_NOT_COMPILED), "GPUSCAN_EVERY_ALGORITHM") != NULL,
           "NOT_COMPILED says how to compile it");
    d = fake_desc(1); /* 1-byte elements: hierarchical from GPUSCAN_AUTO_HIERARCHICAL_MIN_N_1BYTE */
    EXPECT(PREPARE_(GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, GPUSCAN_AUTO_HIERARCHICAL_MIN_N_1BYTE) == GPUSCAN_SUCCESS &&
               g == GPUSCAN_GRID_HIERARCHICAL && plan.levels >= 1, "uint8: hierarchical");
#undef PREPARE_
    /* the query of an _ex scan: the plan's bytes, at least 1; nothing checked but the choices */
    d = fake_desc(4);
    const gpuscan_scan_call_ c = {NULL, NULL, 1000000, GPUSCAN_INCLUSIVE, NULL, NULL, 0, NULL, NULL, NULL};
    size_t bytes = 0;
    EXPECT(gpuscan_scan_ex_(&d, NULL, &bytes, &c, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 0) == GPUSCAN_SUCCESS &&
               bytes > 245 * 8, "_ex query: the look-back's states");
    bytes = 1;
    EXPECT(gpuscan_scan_ex_(&d, fake_kernels, &bytes, &c, GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 0) ==
               GPUSCAN_ERROR_WORKSPACE_TOO_SMALL && bytes > 1, "_ex: too small a workspace, and the size needed");
    /* a typed input's checks: uint8 in, int32 out */
    d.in_size = d.in_align = 1;
    EXPECT(gpuscan_check_call_io_(&d, fake_kernels + 1, fake_kernels + 4, 4) == GPUSCAN_ERROR_OVERLAP &&
               gpuscan_check_call_io_(&d, fake_kernels + 1, fake_kernels + 2, 0) == GPUSCAN_SUCCESS,
           "typed: input and output apart, except n = 0");
    /* the fold: commuting and compiled, from GPUSCAN_FOLD_MIN_TILES tiles all resident */
    gpuscan_pass_ p = d.block[GPUSCAN_BLOCK_COARSENED].pass;
    EXPECT(gpuscan_pass_folds_(&p, GPUSCAN_FOLD_MIN_TILES, 1000) && !gpuscan_pass_folds_(&p, GPUSCAN_FOLD_MIN_TILES - 1, 1000) &&
               !gpuscan_pass_folds_(&p, 500, 400), "the fold: enough tiles, all resident");
    p.folds = 0;
    EXPECT(!gpuscan_pass_folds_(&p, 200, 1000), "no fold where the operator does not allow it");
    /* the ring: only where T and the operator suit it, from its sizes */
    d = fake_desc(4);
    EXPECT(!gpuscan_ring_fits_(&d, (size_t)1 << 28), "no ring kernel: never");
    d.ring.takes = 1;
    EXPECT(gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES / 4) && !gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES / 4 - 1),
           "the ring from GPUSCAN_RING_MIN_BYTES");
    d.in_size = 1;
    EXPECT(!gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES / 4) &&
               gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES_NARROW / 4), "a 1-byte typed input: from _NARROW");
    d.in_size = 2;
    EXPECT(!gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES / 4) &&
               gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES_NARROW / 4), "a 2-byte typed input: from _NARROW");
    d = fake_desc(2);
    d.ring.takes = 1;
    EXPECT(gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES / 2) && !gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES / 2 - 1),
           "a plain 2-byte type: from GPUSCAN_RING_MIN_BYTES");
    d = fake_desc(1);
    d.ring.takes = 1;
    EXPECT(!gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES) && gpuscan_ring_fits_(&d, GPUSCAN_RING_MIN_BYTES_NARROW),
           "a plain 1-byte type: from _NARROW");
    /* the selection: a workspace for any n (one tile too), and its checks */
    gpuscan_select_desc_ s;
    memset(&s, 0, sizeof s);
    s.elem_size = s.elem_align = 4, s.counts = 1;
    s.pass.tile = 4096, s.pass.threads = 128, s.pass.state_bytes = 16;
    EXPECT(gpuscan_pass_plan_(&s.pass, &plan, 0, 8) == GPUSCAN_SUCCESS && plan.num_tiles == 0 &&
               gpuscan_pass_plan_(&s.pass, &plan, 1, 8) == GPUSCAN_SUCCESS && plan.num_tiles == 1 && plan.bytes > 0 &&
               gpuscan_pass_plan_(&s.pass, &plan, 4097, 8) == GPUSCAN_SUCCESS && plan.num_tiles == 2,
           "a family's single pass: a counter and states from one tile");
    char *base = fake_kernels;
    size_t *count = (size_t *)(void *)(((uintptr_t)base + 7) & ~(uintptr_t)7);
    gpuscan_select_call_ sc = {base, NULL, NULL, base, NULL, NULL, NULL, NULL, NULL, count, 0, 0, NULL};
    EXPECT(gpuscan_select_check_(&s, &sc) == GPUSCAN_SUCCESS, "n = 0: only the count");
    sc.n = 1000;
    EXPECT(gpuscan_select_check_(&s, &sc) == GPUSCAN_ERROR_OVERLAP, "the count inside the data");
    /* no rejected output (select): nowhere, whatever the other addresses (it once read as the range
     * from address 0, so an input below n * sizeof(T) overlapped it) */
    gpuscan_select_call_ low = {(const void *)(uintptr_t)0x1000, NULL, NULL, (void *)(uintptr_t)0x7f0000000000, NULL,
                                NULL, NULL, NULL, NULL, (size_t *)(uintptr_t)0x7e0000000000, (size_t)1 << 20, 0, NULL};
    EXPECT(gpuscan_select_check_(&s, &low) == GPUSCAN_SUCCESS, "select with its input at a low address");
    /* the selection's workspace apart from its flags, outputs and count */
    gpuscan_select_call_ fl = {(const void *)(uintptr_t)0x10000000, (const void *)(uintptr_t)0x20000000, NULL,
                               (void *)(uintptr_t)0x30000000, NULL, NULL, NULL, NULL, NULL,
                               (size_t *)(uintptr_t)0x40000000, (size_t)1 << 20, 1, NULL};
    size_t wb = 0;
    EXPECT(gpuscan_select_ex_(&s, NULL, &wb, &fl, 0) == GPUSCAN_SUCCESS && wb > 0, "selection size query");
    EXPECT(gpuscan_select_ex_(&s, (void *)(uintptr_t)0x20000100, &wb, &fl, 0) == GPUSCAN_ERROR_OVERLAP,
           "the selection's workspace inside the flags");
    EXPECT(gpuscan_select_ex_(&s, (void *)(uintptr_t)0x40000000, &wb, &fl, 0) == GPUSCAN_ERROR_OVERLAP,
           "the selection's workspace over the count");
    /* unique by key: the kept values in place or apart, the kept keys apart; the workspace apart
     * from the keys too */
    s.key_size = s.key_align = 8;
    gpuscan_select_call_ bk = {(const void *)(uintptr_t)0x10000000, NULL, (const void *)(uintptr_t)0x20000000,
                               (void *)(uintptr_t)0x30000000, NULL, (void *)(uintptr_t)0x20000000, NULL, NULL, NULL,
                               (size_t *)(uintptr_t)0x40000000, (size_t)1 << 20, 0, NULL};
    EXPECT(gpuscan_select_check_(&s, &bk) == GPUSCAN_ERROR_OVERLAP, "unique by key: the kept keys over the keys");
    bk.selected = (void *)(uintptr_t)0x10000000;
    EXPECT(gpuscan_select_check_(&s, &bk) == GPUSCAN_ERROR_OVERLAP, "unique by key: both over their inputs");
    bk.keys_out = (void *)(uintptr_t)0x50000000;
    EXPECT(gpuscan_select_check_(&s, &bk) == GPUSCAN_SUCCESS, "unique by key: the kept values over the values");
    bk.selected = (void *)(uintptr_t)0x30000000;
    bk.keys_out = (void *)(uintptr_t)0x20000008;
    EXPECT(gpuscan_select_check_(&s, &bk) == GPUSCAN_ERROR_OVERLAP, "unique by key: the kept keys one key on");
    bk.keys_out = (void *)(uintptr_t)0x30000000;
    EXPECT(gpuscan_select_check_(&s, &bk) == GPUSCAN_ERROR_OVERLAP, "unique by key: the kept keys over the kept values");
    bk.keys_out = (void *)(uintptr_t)0x50000004;
    EXPECT(gpuscan_select_check_(&s, &bk) == GPUSCAN_ERROR_MISALIGNED, "unique by key: kept keys misaligned");
    bk.keys_out = (void *)(uintptr_t)0x50000000;
    EXPECT(gpuscan_select_ex_(&s, (void *)(uintptr_t)0x20100000, &wb, &bk, 0) == GPUSCAN_ERROR_OVERLAP,
           "unique by key: the workspace inside the keys");
    /* run-length encoding: the lengths apart from everything; n no larger than L or 48 bits hold */
    s.key_size = 0, s.key_align = 0, s.length_size = 4, s.length_max = 0x7fffffff;
    gpuscan_select_call_ rl = {(const void *)(uintptr_t)0x10000000, NULL, NULL, (void *)(uintptr_t)0x10000000,
                               NULL, NULL, (void *)(uintptr_t)0x30000000, NULL, NULL, (size_t *)(uintptr_t)0x40000000,
                               (size_t)1 << 20, 0, NULL};
    EXPECT(gpuscan_select_check_(&s, &rl) == GPUSCAN_SUCCESS, "run-length encoding in place");
    rl.lengths = (void *)(uintptr_t)0x10000100;
    EXPECT(gpuscan_select_check_(&s, &rl) == GPUSCAN_ERROR_OVERLAP, "the lengths inside the input");
    rl.lengths = (void *)(uintptr_t)0x30000002;
    EXPECT(gpuscan_select_check_(&s, &rl) == GPUSCAN_ERROR_MISALIGNED, "the lengths misaligned");
    rl.lengths = (void *)(uintptr_t)0x30000000, rl.n = (size_t)0x80000000;
    EXPECT(gpuscan_select_check_(&s, &rl) == GPUSCAN_ERROR_TOO_LARGE, "int lengths: n past INT_MAX");
    s.length_size = 8, s.length_max = GPUSCAN_TWO48_MAX_, rl.n = (size_t)1 << 48;
    EXPECT(gpuscan_select_check_(&s, &rl) == GPUSCAN_ERROR_TOO_LARGE, "size_t lengths: n past the carry's 48 bits");
    rl.n = ((size_t)1 << 48) - 1;
    EXPECT(gpuscan_select_check_(&s, &rl) != GPUSCAN_ERROR_TOO_LARGE, "size_t lengths: n of 48 bits not too large");
    /* non-trivial runs: offsets instead of the elements, both outputs of at most n / 2 (one array
     * split in two halves fits) */
    s.length_size = 4, s.length_max = 0x7fffffff, s.offsets = 1;
    gpuscan_select_call_ nt = {(const void *)(uintptr_t)0x10000000, NULL, NULL, NULL, NULL, NULL,
                               (void *)(uintptr_t)(0x30000000 + 4 * 500), (void *)(uintptr_t)0x30000000, NULL,
                               (size_t *)(uintptr_t)0x40000000, 1001, 0, NULL};
    EXPECT(gpuscan_select_check_(&s, &nt) == GPUSCAN_SUCCESS, "non-trivial runs: offsets and lengths of n / 2 each");
    nt.lengths = (void *)(uintptr_t)(0x30000000 + 4 * 499);
    EXPECT(gpuscan_select_check_(&s, &nt) == GPUSCAN_ERROR_OVERLAP, "non-trivial runs: the lengths among the offsets");
    nt.lengths = (void *)(uintptr_t)(0x30000000 + 4 * 500), nt.offsets = NULL;
    EXPECT(gpuscan_select_check_(&s, &nt) == GPUSCAN_ERROR_NULL_POINTER, "non-trivial runs: no offsets");
    nt.offsets = (void *)(uintptr_t)0x30000002;
    EXPECT(gpuscan_select_check_(&s, &nt) == GPUSCAN_ERROR_MISALIGNED, "non-trivial runs: offsets misaligned");
    nt.offsets = (void *)(uintptr_t)(0x10000000 + 4 * 1000);
    EXPECT(gpuscan_select_check_(&s, &nt) == GPUSCAN_ERROR_OVERLAP, "non-trivial runs: the offsets over the input's end");
    s.offsets = 0;
    /* three-way: the second part required and apart, its two counts written, n below 2^48 */
    s.length_size = 0, s.length_max = 0, s.counts = 2;
    gpuscan_select_call_ tw = {(const void *)(uintptr_t)0x10000000, NULL, NULL, (void *)(uintptr_t)0x20000000, NULL,
                               NULL, NULL, NULL, NULL, (size_t *)(uintptr_t)0x40000000, (size_t)1 << 20, 0, NULL};
    EXPECT(gpuscan_select_check_(&s, &tw) == GPUSCAN_ERROR_NULL_POINTER, "three-way: no second part");
    tw.second = (void *)(uintptr_t)0x30000000;
    EXPECT(gpuscan_select_check_(&s, &tw) == GPUSCAN_SUCCESS, "three-way: apart");
    tw.selected = (void *)(uintptr_t)0x10000000;
    EXPECT(gpuscan_select_check_(&s, &tw) == GPUSCAN_ERROR_OVERLAP, "three-way: the first part over the input");
    tw.selected = (void *)(uintptr_t)0x20000000;
    tw.count = (size_t *)(uintptr_t)(0x30000000 - 8);
    EXPECT(gpuscan_select_check_(&s, &tw) == GPUSCAN_ERROR_OVERLAP, "three-way: the second count on the second part");
    tw.count = (size_t *)(uintptr_t)0x40000000, tw.n = (size_t)1 << 48;
    EXPECT(gpuscan_select_check_(&s, &tw) == GPUSCAN_ERROR_TOO_LARGE, "three-way: n past the counts' 48 bits");
    EXPECT(gpuscan_select_pass_call_(&s, &tw).zero_bytes == 2 * sizeof(size_t), "three-way: n = 0 zeroes both counts");
    /* the carries of 12 bytes (one 16-byte state word with its status), 48 bits each */
    const gpuscan_two48_ big = gpuscan_two48_of_(((size_t)1 << 47) + 3, ((size_t)1 << 46) + 5);
    const gpuscan_two48_ runs = gpuscan_runs_add_(big, gpuscan_two48_of_(7, 9));
    const gpuscan_two48_ split = gpuscan_split_add_(big, gpuscan_two48_of_(7, ((size_t)1 << 47) + 9));
    EXPECT(sizeof(gpuscan_two48_) <= 12 && gpuscan_two48_first_(big) == ((size_t)1 << 47) + 3 &&
               gpuscan_two48_second_(big) == ((size_t)1 << 46) + 5 &&
               gpuscan_two48_first_(runs) == ((size_t)1 << 47) + 10 &&
               gpuscan_two48_second_(runs) == ((size_t)1 << 46) + 5 &&
               gpuscan_two48_second_(split) == ((size_t)1 << 47) + ((size_t)1 << 46) + 14,
           "the 12-byte carries pack 48-bit counts and places");
    /* ... and in a block one 32-bit word: the count above the last place (a tile below 65536) */
    EXPECT(gpuscan_tile_places_add_(3u << 16 | 100u, 0u) == (3u << 16 | 100u) &&
               gpuscan_tile_places_add_(2u << 16 | 5u, 4u << 16 | 9u) == (6u << 16 | 9u) &&
               gpuscan_tile_places_add_(65534u << 16 | 65533u, 1u << 16 | 65534u) == (65535u << 16 | 65534u),
           "a tile's count and last place in 32 bits");
    /* the segmented scan's checks: in place, not the heads inside the output; its workspace apart */
    gpuscan_segment_desc_ sd;
    memset(&sd, 0, sizeof sd);
    sd.elem_size = sd.elem_align = sd.in_size = sd.in_align = 4, sd.pair_size = 8;
    sd.pass = s.pass;
    const char *in = (const char *)(uintptr_t)0x10000000, *heads = (const char *)(uintptr_t)0x20000000;
    char *out = (char *)(uintptr_t)0x30000000;
    gpuscan_segment_call_ gc; /* (by name: the call's fields grow with the family) */
    memset(&gc, 0, sizeof gc);
    gc.in = in, gc.heads = heads, gc.out = out, gc.n = (size_t)1 << 20, gc.kind = GPUSCAN_INCLUSIVE;
    const gpuscan_segment_call_ heads_call = gc;
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_SUCCESS, "a segmented scan");
    gc.out = (void *)in;
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_SUCCESS, "a segmented scan in place");
    gc.out = (void *)(in + 4);
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_ERROR_OVERLAP, "the output inside the input");
    gc.out = (void *)(heads - 4096);
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_ERROR_OVERLAP, "the heads inside the output");
    gc.out = out, gc.kind = (gpuscan_kind)2;
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_ERROR_INVALID_ALGORITHM, "no such kind");
    gc.kind = GPUSCAN_INCLUSIVE, gc.heads = NULL;
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_ERROR_NULL_POINTER, "no heads");
    gc.row = 100;
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_SUCCESS, "rows: no heads needed");
    gc.row = 0;
    gc.kind = GPUSCAN_EXCLUSIVE, gc.n = 0, gc.in = gc.heads = NULL, gc.out = NULL;
    EXPECT(gpuscan_segment_check_(&sd, &gc) == GPUSCAN_SUCCESS, "n = 0: any pointers");
    gpuscan_segment_call_ gw = heads_call;
    wb = 0;
    EXPECT(gpuscan_segment_run_(&sd, NULL, &wb, &gw, 1, NULL, 0) == GPUSCAN_SUCCESS && wb > 0, "segmented size query");
    /* offsets: the tiles' starts after the pass's workspace, 16-byte aligned, whole 16 bytes; short
     * segments (at most GPUSCAN_OFFSET_BITS_MAX_MEAN elements on average, GPUSCAN_OFFSET_BITS_MIN_SEGMENTS
     * or more of them) the heads' bits after them */
    gpuscan_segment_call_ go = gw;
    size_t wo = 0;
    const size_t starts_bytes = ((((size_t)1 << 20) + 4095) / 4096 + 2) / 2 * 2 * sizeof(size_t);
    go.heads = NULL, go.offsets = heads, go.n_segments = 1000, go.offset_bytes = 8;
    EXPECT(gpuscan_segment_run_(&sd, NULL, &wo, &go, 1, NULL, 0) == GPUSCAN_SUCCESS &&
               wo == (wb + 15) / 16 * 16 + starts_bytes,
           "offsets' size query: %zu, the heads' %zu", wo, wb);
    { /* (many short segments: 2^22 or more) */
        const size_t big = (size_t)1 << 24, big_starts = ((big + 4095) / 4096 + 2) / 2 * 2 * sizeof(size_t);
        gpuscan_segment_call_ gb = gw;
        size_t wbb = 0;
        gb.n = go.n = big, go.n_segments = big / GPUSCAN_OFFSET_BITS_MAX_MEAN;
        EXPECT(go.n_segments >= GPUSCAN_OFFSET_BITS_MIN_SEGMENTS &&
                   gpuscan_segment_run_(&sd, NULL, &wbb, &gb, 1, NULL, 0) == GPUSCAN_SUCCESS &&
                   gpuscan_segment_run_(&sd, NULL, &wo, &go, 1, NULL, 0) == GPUSCAN_SUCCESS &&
                   wo == (wbb + 15) / 16 * 16 + big_starts + big / 8,
               "short segments' size query: %zu, the heads' %zu", wo, wbb);
        go.n = gw.n;
    }
    {
        const size_t mean = GPUSCAN_OFFSET_BITS_MAX_MEAN, few = GPUSCAN_OFFSET_BITS_MIN_SEGMENTS, n = (mean + 1) * few * 4;
        EXPECT(gpuscan_offsets_as_bits_(n, n / (mean + 1) - 1, 4096) == 0 && gpuscan_offsets_as_bits_(n, n / mean, 4096) == 1 &&
                   gpuscan_offsets_as_bits_(mean * few, few - 1, 4096) == 0 && gpuscan_offsets_as_bits_(mean * few, few, 4096) == 1 &&
                   gpuscan_offsets_as_bits_(n, 0, 4096) == 0 && gpuscan_offsets_as_bits_(n, n, 4096 + 16) == 0,
               "where the bits begin: a mean of at most GPUSCAN_OFFSET_BITS_MAX_MEAN, GPUSCAN_OFFSET_BITS_MIN_SEGMENTS "
               "segments or more (and tiles not of whole bit words never)");
    }
    go.n_segments = 1000;
    go.offsets = (const char *)heads + 4;
    EXPECT(gpuscan_segment_check_(&sd, &go) == GPUSCAN_ERROR_MISALIGNED, "offsets misaligned");
    go.offsets = NULL;
    EXPECT(gpuscan_segment_check_(&sd, &go) == GPUSCAN_ERROR_NULL_POINTER, "offsets NULL");
    go.n_segments = 0;
    EXPECT(gpuscan_segment_check_(&sd, &go) == GPUSCAN_SUCCESS, "no offsets: one segment");
    gw.kind = (gpuscan_kind)5;
    EXPECT(gpuscan_segment_run_(&sd, NULL, &wb, &gw, 1, NULL, 0) == GPUSCAN_ERROR_INVALID_ALGORITHM,
           "no such kind, in a size query too");
    gw.kind = GPUSCAN_INCLUSIVE;
    EXPECT(gpuscan_segment_run_(&sd, (void *)(heads + 256), &wb, &gw, 1, NULL, 0) == GPUSCAN_ERROR_OVERLAP,
           "the segmented scan's workspace inside the heads");
    /* by key: keys required, aligned to theirs, not under the output; a reduction's outputs apart */
    gpuscan_segment_desc_ kd = sd;
    kd.key_size = kd.key_align = 8;
    gpuscan_segment_call_ gk = heads_call;
    gk.heads = NULL, gk.keys = heads;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_SUCCESS, "a scan by key");
    gk.keys = heads + 4;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_MISALIGNED, "keys misaligned");
    gk.keys = NULL;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_NULL_POINTER, "no keys");
    gk.keys = out + 8;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_OVERLAP, "the keys under the output");
    gk.keys = heads, gk.n = SIZE_MAX / 12;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_TOO_LARGE, "n keys past half the address space");
    gk.n = heads_call.n;
    kd.reduces = 1;
    gk.keys_out = (void *)(uintptr_t)0x40000000, gk.count = (size_t *)(uintptr_t)0x50000000;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_SUCCESS, "a reduction by key");
    gk.out = (void *)in;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_SUCCESS, "a reduction's sums over its values");
    gk.out = out, gk.keys = in;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_SUCCESS, "a reduction whose keys are its values");
    gk.keys = heads, gk.keys_out = (void *)(out + 8);
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_OVERLAP, "a reduction's keys over its sums");
    gk.keys_out = (void *)in;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_OVERLAP, "a reduction's keys over its values");
    gk.keys_out = (void *)heads;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_OVERLAP, "a reduction's keys over its keys");
    gk.keys_out = (void *)(uintptr_t)0x40000000, gk.count = (size_t *)(void *)(out + 64);
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_OVERLAP, "a reduction's count inside its sums");
    gk.count = NULL, gk.n = 0;
    EXPECT(gpuscan_segment_check_(&kd, &gk) == GPUSCAN_ERROR_NULL_POINTER, "n = 0: the count still written");
    gk.count = (size_t *)(uintptr_t)0x50000000, gk.n = heads_call.n;
    wb = 0;
    EXPECT(gpuscan_segment_run_(&kd, NULL, &wb, &gk, 1, NULL, 0) == GPUSCAN_SUCCESS && wb > 0, "a reduction's size query");
    EXPECT(gpuscan_segment_run_(&kd, (void *)(uintptr_t)0x50000000, &wb, &gk, 1, NULL, 0) == GPUSCAN_ERROR_OVERLAP,
           "a reduction's workspace over its count");
    /* segmented reductions: by heads a count; by rows or offsets (bounded) none, out a value a
     * segment, in place by rows only, identities written for segments of no elements */
    gpuscan_segment_desc_ rd = sd;
    rd.reduces = 1;
    gpuscan_segment_call_ gr = heads_call;
    gr.count = (size_t *)(uintptr_t)0x50000000;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_SUCCESS, "a segmented reduction by heads");
    gr.count = (size_t *)(void *)(heads + 64);
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_OVERLAP, "a segmented reduction's count over its heads");
    gr.count = NULL;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_NULL_POINTER, "a segmented reduction by heads: no count");
    gr.heads = NULL, gr.row = 1000, gr.bounded = 1, gr.segments = gr.n / 1000;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_SUCCESS, "by rows: no count");
    gr.out = (void *)in;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_SUCCESS, "by rows in place");
    gr.out = (void *)(in + gr.n * 4 - 8);
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_OVERLAP, "by rows: the output over the input's end");
    gr.out = (void *)(in - gr.segments * 4);
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_SUCCESS, "by rows: the output just before the input");
    gr.row = 0, gr.offsets = heads, gr.offset_bytes = 8, gr.n_segments = gr.segments = 5000, gr.out = (void *)in;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_OVERLAP, "by offsets: not in place");
    gr.out = (void *)(heads + 5000 * 8 - 4);
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_OVERLAP, "by offsets: the output over the offsets");
    gr.out = out, gr.n = 0, gr.in = NULL;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_SUCCESS, "no elements: identities to the output");
    gr.out = NULL;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_NULL_POINTER, "no elements: the output still written");
    gr.segments = SIZE_MAX / 4;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_ERROR_TOO_LARGE, "segments past half the address space");
    gr.segments = 0, gr.n_segments = 0;
    EXPECT(gpuscan_segment_check_(&rd, &gr) == GPUSCAN_SUCCESS, "no elements, no segments: any pointers");
    /* the rows' fold: a commuting operator's reduction by rows, not in place, nor by offsets */
    gpuscan_segment_call_ gf = heads_call;
    gf.heads = NULL, gf.row = 1000, gf.bounded = 1, gf.segments = gf.n / 1000;
    rd.rows_fold = NULL;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the rows' fold: not for an operator that does not commute");
    rd.rows_fold = (const void *)(uintptr_t)0x1000;
    EXPECT(gpuscan_fold_suits_(&rd, &gf), "the rows' fold for a commuting operator");
    gf.out = (void *)in;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the rows' fold: not in place");
    gf.out = out, gf.row = 0, gf.offsets = heads, gf.offset_bytes = 8, gf.n_segments = gf.segments;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the rows' fold: not by offsets");
    rd.offsets_fold[0] = rd.offsets_fold[1] = (const void *)(uintptr_t)0x2000;
    EXPECT(gpuscan_fold_suits_(&rd, &gf), "the offsets' fold for a commuting operator");
    gf.n_segments = gf.segments = 0;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the offsets' fold: no segments (nothing to write)");
    gf.n_segments = gf.segments = 5000, gf.n = 0;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the offsets' fold: no elements (the identities' kernel)");
    gf.n = heads_call.n;
    rd.offsets_fold[0] = rd.offsets_fold[1] = NULL;
    gf.offsets = NULL, gf.offset_bytes = 0, gf.n_segments = 0, gf.row = 1000, gf.n = 0;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the rows' fold: no elements (the identities' kernel)");
    gf.n = heads_call.n, gf.bounded = 0;
    EXPECT(!gpuscan_fold_suits_(&rd, &gf), "the rows' fold: a scan's rows");
    /* its shape: chunks of whole 16-byte words that cover the row, the second launch only for long
     * rows, groups of at most a warp, each lane at least its bytes; the size query its partials */
    {
        const size_t shapes[][2] = {{1, 1}, {1u << 20, 2}, {1u << 24, 8}, {2, 1u << 24}, {4096, 4096}, {1u << 16, 1024},
                                    {1024, 1u << 16}, {1, 1u << 26}, {1000, 37}, {3, 4095}, {1, ((size_t)1 << 32) + 3}};
        int shaped = 0;
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)
            for (size_t in_size = 1; in_size <= 8; in_size *= 2) {
                const size_t rows = shapes[k][0], length = shapes[k][1];
                const gpuscan_rows_shape_ rs = gpuscan_rows_shape_of_(rows, length, in_size, 4);
                const size_t piece = rs.chunk < length ? rs.chunk : length;
                EXPECT(rs.chunk % 16 == 0 && rs.chunks * rs.chunk >= length && (rs.chunks - 1) * rs.chunk < length &&
                           rs.chunks <= GPUSCAN_ROWS_FOLD_MAX_CHUNKS && rs.group_log2 <= 5 && rs.fold_log2 <= 5 &&
                           (rs.group_log2 == 0 || ((size_t)1 << rs.group_log2) * GPUSCAN_ROWS_FOLD_LANE_BYTES <= piece * in_size) &&
                           (rs.chunks == 1 || (rs.chunk * in_size >= GPUSCAN_ROWS_FOLD_CHUNK_BYTES &&
                                               rows * (rs.chunks - 1) < GPUSCAN_ROWS_FOLD_PIECES)),
                       "the rows' fold of %zu x %zu (%zu bytes): chunks %zu of %zu, lanes 2^%u, 2^%u", rows, length,
                       in_size, rs.chunks, rs.chunk, rs.group_log2, rs.fold_log2);
                shaped += rs.chunks > 1;
            }
        EXPECT(shaped >= 8 && gpuscan_rows_shape_of_(1, (size_t)1 << 26, 4, 4).chunks == GPUSCAN_ROWS_FOLD_MAX_CHUNKS &&
                   gpuscan_rows_shape_of_(1u << 16, 1024, 4, 4).chunks == 1 &&
                   gpuscan_rows_shape_of_(1024, 1u << 16, 4, 4).chunks == 16 &&
                   gpuscan_rows_shape_of_(1u << 24, 8, 4, 4).group_log2 == 0 &&
                   gpuscan_rows_shape_of_(4096, 4096, 4, 4).group_log2 == 5,
               "the rows' fold cuts long rows only (%d shapes)", shaped);
        gf.in = in, gf.out = out, gf.bounded = 1, gf.row = 1u << 16, gf.segments = 16, gf.n = (size_t)16 << 16;
        const gpuscan_rows_shape_ rs = gpuscan_rows_shape_of_(16, 1u << 16, 4, 4);
        size_t fb = 0;
        EXPECT(gpuscan_fold_run_(&rd, NULL, &fb, &gf, 1, 0, 0) == GPUSCAN_SUCCESS && rs.chunks > 1 &&
                   fb == 16 * rs.chunks * 4,
               "the rows' fold's size query: %zu bytes, %zu chunks", fb, rs.chunks);
        gf.row = 8, gf.segments = gf.n / 8;
        EXPECT(gpuscan_fold_run_(&rd, NULL, &fb, &gf, 1, 0, 0) == GPUSCAN_SUCCESS && fb == 1,
               "the rows' fold of short rows: no workspace (the least a size query gives)");
        /* a size query of either way (the pointers may be NULL, the call then in place or not) */
        gf.row = 1u << 16, gf.segments = 16;
        size_t pass_bytes = 0, query_bytes = 0, query_in_place = 0;
        EXPECT(gpuscan_segment_run_(&rd, NULL, &pass_bytes, &gf, 1, NULL, 0) == GPUSCAN_SUCCESS &&
                   gpuscan_bounded_reduce_run_(&rd, NULL, &query_bytes, &gf, 1, NULL, 0) == GPUSCAN_SUCCESS,
               "the rows' reduction's size query");
        gf.in = gf.out = NULL;
        EXPECT(gpuscan_bounded_reduce_run_(&rd, NULL, &query_in_place, &gf, 1, NULL, 0) == GPUSCAN_SUCCESS &&
                   query_bytes == query_in_place && query_bytes >= pass_bytes && query_bytes >= 16 * rs.chunks * 4,
               "the rows' reduction's size query covers the fold and the pass: %zu, %zu (the pass %zu)", query_bytes,
               query_in_place, pass_bytes);
        gf.in = in, gf.out = out;
        fb = 16 * rs.chunks * 4;
        const gpuscan_status fs = gpuscan_fold_run_(&rd, (void *)in, &fb, &gf, 1, 0, 0);
        EXPECT(fs == GPUSCAN_ERROR_OVERLAP, "the rows' fold's partials inside its input: %s", gpuscan_status_string(fs));
    }
    /* the offsets' shape: chunks of whole 16-byte words, at least CHUNK_BYTES, at most MAX_CHUNKS of
     * them; the way by the mean length (short: under SHORT_BYTES, SHORT_SEGMENTS segments a lane),
     * the vector way's groups as the rows'; the size query its parts, apart from the offsets */
    {
        const size_t shapes[][2] = {{1, 1}, {1u << 20, 1u << 20}, {1u << 24, 1u << 21}, {1u << 24, 1}, {1u << 26, 1024},
                                    {1u << 28, 4096}, {((size_t)1 << 32) + 3, 7}, {4095, 3}, {100000, 100000}};
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)
            for (size_t in_size = 1; in_size <= 8; in_size *= 2) {
                const size_t n = shapes[k][0], segments = shapes[k][1];
                const gpuscan_offsets_shape_ os = gpuscan_offsets_shape_of_(n, segments, in_size);
                const gpuscan_rows_shape_ rs = gpuscan_rows_shape_of_(segments, n / segments, in_size, 4);
                const size_t mean = n / segments * in_size;
                const int way_fits = mean < GPUSCAN_OFFSETS_FOLD_SHORT_BYTES
                                         ? os.way == GPUSCAN_OFFSETS_SHORT && os.group_log2 == 0
                                         : os.way == GPUSCAN_OFFSETS_VECTOR && os.group_log2 == gpuscan_rows_group_log2_(mean) &&
                                               (rs.chunks > 1 || os.group_log2 == rs.group_log2);
                EXPECT(os.chunk % 16 == 0 && os.chunks * os.chunk >= n && (os.chunks - 1) * os.chunk < n &&
                           os.chunks <= GPUSCAN_ROWS_FOLD_MAX_CHUNKS && os.chunk * in_size >= GPUSCAN_ROWS_FOLD_CHUNK_BYTES &&
                           way_fits,
                       "the offsets' fold of %zu in %zu (%zu bytes): chunks %zu of %zu, way %u, lanes 2^%u", n, segments,
                       in_size, os.chunks, os.chunk, os.way, os.group_log2);
            }
        /* the way where the issue's lengths fall (int32): 1, 4 and 8 short, 16 and 1,024 the vector way */
        EXPECT(gpuscan_offsets_shape_of_(1u << 24, 1u << 24, 4).way == GPUSCAN_OFFSETS_SHORT &&
                   gpuscan_offsets_shape_of_(1u << 24, 1u << 22, 4).way == GPUSCAN_OFFSETS_SHORT &&
                   gpuscan_offsets_shape_of_(1u << 24, 1u << 21, 4).way == GPUSCAN_OFFSETS_SHORT &&
                   gpuscan_offsets_shape_of_(1u << 24, 1u << 20, 4).way == GPUSCAN_OFFSETS_VECTOR &&
                   gpuscan_offsets_shape_of_(1u << 24, 1u << 14, 4).way == GPUSCAN_OFFSETS_VECTOR,
               "the offsets' ways at int32 segments of 1, 4, 8, 16 and 1,024");
        gpuscan_segment_call_ go = heads_call;
        go.heads = NULL, go.row = 0, go.bounded = 1, go.offsets = heads, go.offset_bytes = 4;
        go.n = (size_t)1 << 24, go.n_segments = go.segments = 1000, go.in = in, go.out = out;
        rd.offsets_fold[0] = rd.offsets_fold[1] = (const void *)(uintptr_t)0x2000;
        const gpuscan_offsets_shape_ os = gpuscan_offsets_shape_of_(go.n, 1000, 4);
        size_t fb = 0, pass_bytes = 0, query_bytes = 0;
        EXPECT(gpuscan_fold_run_(&rd, NULL, &fb, &go, 1, 0, 0) == GPUSCAN_SUCCESS && os.chunks == GPUSCAN_ROWS_FOLD_MAX_CHUNKS &&
                   fb == os.chunks * (2 * 4 + sizeof(size_t)),
               "the offsets' fold's size query: %zu bytes, %zu chunks", fb, os.chunks);
        EXPECT(gpuscan_segment_run_(&rd, NULL, &pass_bytes, &go, 1, NULL, 0) == GPUSCAN_SUCCESS &&
                   gpuscan_bounded_reduce_run_(&rd, NULL, &query_bytes, &go, 1, NULL, 0) == GPUSCAN_SUCCESS &&
                   query_bytes >= pass_bytes && query_bytes >= fb,
               "the offsets' reduction's size query covers the fold and the pass: %zu (the pass %zu)", query_bytes, pass_bytes);
        go.n = 1000;
        EXPECT(gpuscan_fold_run_(&rd, NULL, &fb, &go, 1, 0, 0) == GPUSCAN_SUCCESS && fb == 1,
               "the offsets' fold within one chunk: no workspace (the least a size query gives)");
        size_t wb = (size_t)1 << 20;
        const gpuscan_status ws_over = gpuscan_bounded_reduce_run_(&rd, out, &wb, &go, 1, NULL, 0);
        EXPECT(ws_over == GPUSCAN_ERROR_OVERLAP, "the offsets' fold, which needs no workspace here: one over its output "
               "refused as the pass would (%s)", gpuscan_status_string(ws_over));
        go.n = (size_t)1 << 24;
        fb = os.chunks * (2 * 4 + sizeof(size_t));
        const gpuscan_status fs = gpuscan_fold_run_(&rd, (void *)(heads + 64), &fb, &go, 1, 0, 0);
        EXPECT(fs == GPUSCAN_ERROR_OVERLAP, "the offsets' fold's parts over its offsets: %s", gpuscan_status_string(fs));
        rd.offsets_fold[0] = rd.offsets_fold[1] = NULL;
    }
    /* a reduction's result may be in[0] itself where it is as wide; a typed one's may not */
    d = fake_desc(4);
    const char *cells = (const char *)(uintptr_t)0x10000000;
    EXPECT(gpuscan_reduce_check_(&d, cells, cells, 1000) == GPUSCAN_SUCCESS, "a reduction into in[0]");
    EXPECT(gpuscan_reduce_check_(&d, cells, cells + 4000, 1000) == GPUSCAN_SUCCESS, "the result just past the input");
    EXPECT(gpuscan_reduce_check_(&d, cells, cells + 3996, 1000) == GPUSCAN_ERROR_OVERLAP, "the result on in[n - 1]");
    d.in_size = d.in_align = 1;
    EXPECT(gpuscan_reduce_check_(&d, cells, cells, 1000) == GPUSCAN_ERROR_OVERLAP,
           "a typed reduction into its input's first bytes");
    EXPECT(gpuscan_check_workspace_apart_(NULL, 0, 0, NULL, NULL) == GPUSCAN_SUCCESS &&
               gpuscan_check_workspace_apart_((void *)(uintptr_t)0x1001, 0, 0, NULL, NULL) == GPUSCAN_SUCCESS,
           "a workspace the call does not use: any pointer");
}

/* The counting pair of a segmented reduction (segment.cuh: its count two 32-bit halves) carries
 * counts across 2^32 and stays associative there (a count past 2^32 once lost its high half). */
GPUSCAN_DEFINE_SEGMENTED_REDUCE(pc, int, add)
static void test_counting_pair(void)
{
    namespace S = gpuscan_pc_add_segmented_reduce_internal;
    typedef S::gpuscan_pc_add_segmented_reduce_pair_t pair;
    const size_t counts[] = {0, 1, 2, 0x7fffffffu, 0x80000000u, 0xffffffffu, (size_t)1 << 32, ((size_t)1 << 32) + 5,
                             ((size_t)3 << 32) + 0x80000001u};
    const size_t k = sizeof counts / sizeof counts[0];
    int bad = 0;
    for (size_t i = 0; i < k; ++i)
        for (size_t j = 0; j < k; ++j)
            for (size_t l = 0; l < k; ++l) {
                pair a = S::gpuscan_pc_add_segmented_reduce_pair_identity(), b = a, c = a;
                a.v = 1, b.v = 2, c.v = 4;
                GPUSCAN_PAIR_PUT_HEADS_1(a, counts[i]);
                GPUSCAN_PAIR_PUT_HEADS_1(b, counts[j]);
                GPUSCAN_PAIR_PUT_HEADS_1(c, counts[l]);
                const pair ab = S::gpuscan_pc_add_segmented_reduce_pair_combine(a, b);
                const pair x = S::gpuscan_pc_add_segmented_reduce_pair_combine(ab, c);
                const pair y = S::gpuscan_pc_add_segmented_reduce_pair_combine(a, S::gpuscan_pc_add_segmented_reduce_pair_combine(b, c));
                const size_t want_ab = counts[j] ? counts[i] + counts[j] : counts[i];
                bad += S::gpuscan_pc_add_segmented_reduce_pair_heads(ab) != want_ab;
                bad += S::gpuscan_pc_add_segmented_reduce_pair_heads(x) != S::gpuscan_pc_add_segmented_reduce_pair_heads(y) ||
                       x.v != y.v;
            }
    EXPECT(bad == 0, "the counting pair across 2^32: %d of %zu combinations wrong", bad, 2 * k * k * k);
    EXPECT(sizeof(pair) == 12, "a 4-byte item's counting pair is %zu bytes, not 12 (packed with its state)", sizeof(pair));
}

/* The axis scans' geometry (gpuscan/axis.cuh), for made-up views and tiles: a tile of at most its
 * elements, every element in one tile, a column's runs at most a block, the strides made explicit
 * (0: packed), overlapping or unindexable views refused. */
static void test_axis_geometry(void)
{
    const unsigned elements = 8192, threads = 256;
    const size_t views[][5] = {{1, (size_t)1 << 20, 2, 0, 0}, {1, 4096, 4096, 0, 0}, {2, (size_t)1 << 24, 1, 0, 0},
                               {1, 2, (size_t)1 << 24, 0, 0}, {(size_t)1 << 23, 8, 1, 0, 0}, {1000, 4, 8, 0, 0},
                               {3, 1, 5, 0, 0},           {1, 3000, 1000, 1024, 0}, {7, 33, 3, 5, 500},
                               {1, 1, 1, 0, 0},            {5, 100, 1, 1, 128}};
    for (size_t k = 0; k < sizeof views / sizeof views[0]; ++k) {
        const gpuscan_axis v = {views[k][0], views[k][1], views[k][2], views[k][3], views[k][4], 0};
        gpuscan_axis_geometry_ g;
        const gpuscan_status st = gpuscan_axis_geometry_of_(&v, 4, elements, threads, &g);
        const size_t ls = v.length_stride ? v.length_stride : v.inner;
        EXPECT(st == GPUSCAN_SUCCESS && g.length_stride == ls &&
                   g.outer_stride == (v.outer_stride ? v.outer_stride : (v.length - 1) * ls + v.inner) &&
                   (size_t)g.rows * g.cols <= elements && g.rows >= 1 && g.cols >= 1 &&
                   g.row_tiles * g.rows >= v.length && (g.row_tiles - 1) * g.rows < v.length &&
                   g.col_tiles * g.cols >= v.outer * v.inner && (g.col_tiles - 1) * g.cols < v.outer * v.inner &&
                   (g.chunks == 1 || g.chunks * g.cols <= threads) && g.chunks * g.chunk_rows >= g.rows &&
                   (v.inner == 1 || g.cols >= (v.outer * v.inner < threads ? v.outer * v.inner : threads) ||
                    g.rows == v.length),
               "axis view %zu: (%zu, %zu, %zu): %s, tile %u x %u, %u runs of %u, %zu x %zu tiles", k, v.outer,
               v.length, v.inner, gpuscan_status_string(st), g.rows, g.cols, g.chunks, g.chunk_rows, g.row_tiles,
               g.col_tiles);
    }
    gpuscan_axis_geometry_ g;
    const gpuscan_axis rows_overlap = {2, 10, 8, 7, 0, 0}, outer_overlap = {2, 10, 8, 0, 79, 0};
    const gpuscan_axis huge = {(size_t)1 << 40, (size_t)1 << 30, 1, 0, 0, 0}, empty = {4, 0, 4, 0, 0, 0};
    EXPECT(gpuscan_axis_geometry_of_(&rows_overlap, 4, elements, threads, &g) == GPUSCAN_ERROR_OVERLAP, "rows overlap");
    EXPECT(gpuscan_axis_geometry_of_(&outer_overlap, 4, elements, threads, &g) == GPUSCAN_ERROR_OVERLAP, "outer overlap");
    EXPECT(gpuscan_axis_geometry_of_(&huge, 4, elements, threads, &g) == GPUSCAN_ERROR_TOO_LARGE, "too large");
    EXPECT(gpuscan_axis_geometry_of_(&empty, 4, elements, threads, &g) == GPUSCAN_SUCCESS &&
               gpuscan_axis_extent_(&g, 4) == 0, "empty");
    /* a view whose bytes pass SIZE_MAX / 2 (its elements do not) */
    const gpuscan_axis far = {1, 2, 1, (size_t)1 << 61, 0, 0}, far1 = {1, 2, 1, ((size_t)1 << 61) - 1, 0, 0};
    EXPECT(gpuscan_axis_geometry_of_(&far, 8, elements, threads, &g) == GPUSCAN_ERROR_TOO_LARGE &&
               gpuscan_axis_geometry_of_(&far1, 8, elements, threads, &g) == GPUSCAN_ERROR_TOO_LARGE,
           "a view of too many bytes");
    /* a kept workspace's states of another layout are cleared: 2 columns of 4-byte words after 1
     * of 8 (the same bytes a tile) */
    gpuscan_pass_ one, two;
    gpuscan_plan_ plan;
    memset(&one, 0, sizeof one), memset(&two, 0, sizeof two), memset(&plan, 0, sizeof plan);
    plan.state_bytes = 8, two.word_bytes = 4;
    gpuscan_rounds_ kept;
    memset(&kept, 0, sizeof kept);
    gpuscan_states_ st;
    st.round = 0;
    gpuscan_rounds_keep_(&kept, 4096, gpuscan_states_layout_(&one, &plan), &st, 10, 0, 0);
    EXPECT(gpuscan_rounds_next_(&kept, 4096, gpuscan_states_layout_(&one, &plan), NULL, &st) == 1 &&
               gpuscan_rounds_next_(&kept, 4096, gpuscan_states_layout_(&two, &plan), NULL, &st) == 0,
           "states of another word size reused");
    /* a smaller call in a kept workspace: without slots the clean bytes stay (the larger states
     * past it are an earlier round's); with slots, or a family's workspace past its states, they
     * end there - those bytes are no states for a larger call after it */
    st.round = 1;
    gpuscan_rounds_keep_(&kept, 1024, gpuscan_states_layout_(&one, &plan), &st, 10, 0, 0);
    EXPECT(kept.clean == 4096 && gpuscan_rounds_next_(&kept, 4096, gpuscan_states_layout_(&one, &plan), NULL, &st) == 1,
           "a smaller call without slots: %zu clean bytes", kept.clean);
    st.round = 2;
    gpuscan_rounds_keep_(&kept, 1024, gpuscan_states_layout_(&one, &plan), &st, 10, 0, 1);
    EXPECT(kept.clean == 1024 && gpuscan_rounds_next_(&kept, 4096, gpuscan_states_layout_(&one, &plan), NULL, &st) == 0 &&
               gpuscan_rounds_next_(&kept, 1024, gpuscan_states_layout_(&one, &plan), NULL, &st) == 1,
           "a smaller call with slots: %zu clean bytes", kept.clean);
    gpuscan_rounds_forget_from_(&kept, 2048);
    EXPECT(kept.clean == 1024, "a family's workspace past the clean bytes: %zu", kept.clean);
    gpuscan_rounds_forget_from_(&kept, 512);
    EXPECT(kept.clean == 512 && gpuscan_rounds_next_(&kept, 1024, gpuscan_states_layout_(&one, &plan), NULL, &st) == 0,
           "a family's workspace inside the clean bytes: %zu", kept.clean);
    gpuscan_rounds_forget_from_(NULL, 0);
    /* a view's extent: from its first element to past its last, gaps included */
    const gpuscan_axis pitched = {3, 10, 5, 8, 100, 0};
    EXPECT(gpuscan_axis_geometry_of_(&pitched, 4, elements, threads, &g) == GPUSCAN_SUCCESS &&
               gpuscan_axis_extent_(&g, 4) == (2 * 100 + 9 * 8 + 5) * 4u, "extent %zu", gpuscan_axis_extent_(&g, 4));
    /* a short axis across many columns, of elements of at most 16 bytes: a thread a column; one
     * step past each bound: the tiles */
    const size_t LONG = GPUSCAN_AXIS_SHORT_LENGTH, FEW = GPUSCAN_AXIS_SHORT_MIN_COLUMNS;
    const size_t shorts[][5] = {/* outer, length, inner, element bytes, short */
                                {1, 2, (size_t)1 << 24, 4, 1}, {1, LONG, (size_t)1 << 24, 16, 1},
                                {1, LONG + 1, (size_t)1 << 24, 4, 0}, {1, 2, (size_t)1 << 24, 17, 0},
                                {FEW / 32, 1, 32, 8, 1}, {1, 3, FEW, 4, 1}, {1, 3, FEW - 1, 4, 0},
                                {FEW, 3, 1, 4, 1}};
    for (size_t k = 0; k < sizeof shorts / sizeof shorts[0]; ++k) {
        const gpuscan_axis v = {shorts[k][0], shorts[k][1], shorts[k][2], 0, 0, 0};
        EXPECT(gpuscan_axis_geometry_of_(&v, shorts[k][3], elements, threads, &g) == GPUSCAN_SUCCESS &&
                   gpuscan_axis_is_short_(&g, shorts[k][3], threads) == (int)shorts[k][4],
               "short axis %zu: (%zu, %zu, %zu) of %zu bytes", k, v.outer, v.length, v.inner, shorts[k][3]);
    }
    gpuscan_axis_geometry_ many = {0}; /* (made up: more columns than a grid's blocks take, the tiles') */
    many.length = 2, many.inner = many.columns = (size_t)INT32_MAX * threads * GPUSCAN_AXIS_SHORT_COLS(1) + 1, many.outer = 1;
    EXPECT(!gpuscan_axis_is_short_(&many, 1, threads), "short axis past a grid's blocks");
    many.columns = many.inner = many.columns - threads * GPUSCAN_AXIS_SHORT_COLS(1);
    EXPECT(gpuscan_axis_is_short_(&many, 1, threads), "short axis of a grid's blocks");
}

/* A typed axis DEFINE's checks, with made-up descriptors of no kernels: the input aligned to its
 * own type, in place only where as wide (gpuscan_axis_check_), and a view whose input bytes cannot
 * be indexed refused though its output's could be (gpuscan_axis_run_, which refuses it before any
 * launch). */
static void test_axis_typed_checks(void)
{
    gpuscan_axis_desc_ wide_in = {NULL, 1, 1, 8, 8, 8192, {NULL}};   /* int64 into uint8 */
    gpuscan_axis_desc_ narrow_in = {NULL, 4, 4, 1, 1, 8192, {NULL}}; /* uint8 into int */
    wide_in.pass.threads = narrow_in.pass.threads = GPUSCAN_AXIS_THREADS;
    gpuscan_axis_geometry_ g;
    char io[64];
    char *const base = (char *)(uintptr_t)4096; /* (never dereferenced) */
    const gpuscan_axis v = {3, 10, 7, 0, 0, 0};
    struct {
        const char *what;
        gpuscan_axis_desc_ *d;
        const void *in;
        void *out;
        gpuscan_status want;
    } c[] = {
        {"int64 input at +4", &wide_in, base + 4, base + 8192, GPUSCAN_ERROR_MISALIGNED},
        {"int64 input, uint8 output at +1", &wide_in, base, base + 8193, GPUSCAN_SUCCESS},
        {"uint8 input at +1", &narrow_in, base + 1, base + 8192, GPUSCAN_SUCCESS},
        {"int output at +2", &narrow_in, base, base + 8194, GPUSCAN_ERROR_MISALIGNED},
        {"narrower in place", &narrow_in, base, base, GPUSCAN_ERROR_OVERLAP},
        {"wider in place", &wide_in, base, base, GPUSCAN_ERROR_OVERLAP},
        {"the int64 input's 1,680 bytes over the output", &wide_in, base, base + 1000, GPUSCAN_ERROR_OVERLAP},
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; ++k) {
        const gpuscan_axis_call_ call = {c[k].in, c[k].out, v, GPUSCAN_INCLUSIVE, io, &g};
        const gpuscan_status got =
            gpuscan_axis_check_(c[k].d, &call, gpuscan_axis_geometry_of_(&v, 8, 8192, GPUSCAN_AXIS_THREADS, &g));
        EXPECT(got == c[k].want, "typed axis check, %s: %s (want %s)", c[k].what, gpuscan_status_string(got),
               gpuscan_status_string(c[k].want));
    }
    /* 2^60 elements apart: 2^63 bytes of int64, past SIZE_MAX / 2, where uint8's would not be */
    const gpuscan_axis far = {1, 2, 1, (size_t)1 << 60, 0, 0};
    const gpuscan_axis_call_ call = {base, base + 8192, far, GPUSCAN_INCLUSIVE, io, &g};
    const gpuscan_status got = gpuscan_axis_run_(&wide_in, NULL, NULL, &call, 0, 0);
    EXPECT(got == GPUSCAN_ERROR_TOO_LARGE, "typed axis, the input's bytes too many: %s", gpuscan_status_string(got));
}

int main(void)
{
    printf("host checks (no GPU needed)\n");
    test_counting_pair();
    test_status_strings();
    test_validation();
    test_workspace_queries();
    test_plans();
    test_bytewise_lookup();
    test_ring_slots();
    test_pace();
    test_identities_by_type();
    test_auto_alignment();
    test_fixed_order();
    test_cuda_error_path();
    test_reference();
    test_descriptors();
    test_axis_geometry();
    test_axis_typed_checks();
    return test_finish("host");
}
