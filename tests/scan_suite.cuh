/* tests/scan_suite.cuh - the GPU correctness suite for one (name, T, op), as a macro.
 *
 * SCAN_SUITE(name, T, op, GEN) / SCAN_SUITE_TOL(name, T, op, GEN, TOL) define suite_<name>_<op>(rng): for every size in the list
 * (edges, every block algorithm's tile +-1, tile^2 + 1, random sizes up to 2^24), inclusive and
 * exclusive, every grid x block combination and AUTO, in-place too, and AUTO plus each grid with
 * the coarsened block on pointers 1-15 elements off 16-byte alignment, it poisons the output (and a
 * guard zone past its end), runs the scan, checks every status and CUDA error, and compares with
 * the CPU reference (test_lib.h: ref_gpuscan_<name>_<op>, a sequential fold of the same operator):
 * bit for bit (TOL == 0), or for float sums against a double reference: |out - ref| <= TOL *
 * sum(|x|) (SCAN_SUITE_TOL).  Reduce is checked likewise.  The combinations, sizes, poison and
 * workspace are test_lib.h's. */
#ifndef GPUSCAN_SCAN_SUITE_CUH
#define GPUSCAN_SCAN_SUITE_CUH

#include "test_lib.h"

/* The ends of the scan (part of SCAN_SUITE_'s loop over kinds, size number s): the chained form,
 * seed and total in one cell, and offsets (n + 1 values and the total), on AUTO and three other
 * grid x block combinations a size, in turn, so that the sizes of a suite take each combination
 * several times (every one at every size where max_random is over 2^21: the exhaustive tier);
 * the simple chained and offsets forms; and a chain of three chunks against the whole scan. */
#define SUITE_ENDS_COMBOS_ 4
#define SUITE_ENDS_(name, T, op, kind, n, init, TOL)                                                                                  \
    do {                                                                                                                              \
        T *d_cell = d_out_off; /* one element, outside d_in and d_out */                                                              \
        T h_total;                                                                                                                    \
        const int every = max_random > ((size_t)1 << 21), runs = every ? N_COMBOS : SUITE_ENDS_COMBOS_;                             \
        ref_gpuscan_##name##_##op(h_in, n, kind | REF_SEEDED | REF_TOTAL, init, h_ref, dref, dabs);                                       \
        for (int j = 0; j < 2 * runs + 1; ++j) {                                                                                      \
            const int r = j % runs, c = every || r == 0 ? r : 1 + (s * (runs - 1) + r - 1) % (N_COMBOS - 1);                          \
            const int offsets = j >= runs; /* runs .. 2 runs - 1: offsets_ex; 2 runs: the simple offsets */                         \
            const int simple = j == 2 * runs;                                                                                         \
            const combo_t cb = k_combos[c];                                                                                           \
            if (offsets && !kind) continue;                                                                                           \
            size_t bytes = 0;                                                                                                         \
            gpuscan_status st;                                                                                                        \
            CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                              \
            CHECK_CUDA(cudaMemcpy(d_cell, &init, sizeof(T), cudaMemcpyHostToDevice));                                                 \
            if (simple)                                                                                                               \
                st = gpuscan_##name##_##op##_offsets(d_in, d_out, n, init, d_cell, 0);                                                \
            else if (offsets) {                                                                                                       \
                st = gpuscan_##name##_##op##_offsets_ex(NULL, &bytes, NULL, NULL, n, init, NULL, cb.grid, cb.block, 0);              \
                st = gpuscan_##name##_##op##_offsets_ex(workspace_for(bytes), &bytes, d_in, d_out, n, init, d_cell, cb.grid,         \
                                                        cb.block, 0);                                                                 \
            }                                                                                                                         \
            else {                                                                                                                    \
                st = gpuscan_##name##_##op##_scan_chained_ex(NULL, &bytes, NULL, NULL, n, (gpuscan_kind)kind, NULL, NULL,            \
                                                             cb.grid, cb.block, 0);                                                   \
                st = gpuscan_##name##_##op##_scan_chained_ex(workspace_for(bytes), &bytes, d_in, d_out, n, (gpuscan_kind)kind,       \
                                                             d_cell, d_cell, cb.grid, cb.block, 0);                                   \
            }                                                                                                                         \
            EXPECT(st == GPUSCAN_SUCCESS, "%s_%s ends n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                          \
            CHECK_CUDA(cudaDeviceSynchronize());                                                                                      \
            COPY_CHECKED_(h_out, d_out, n + offsets);                                                                                 \
            CHECK_CUDA(cudaMemcpy(&h_total, d_cell, sizeof(T), cudaMemcpyDeviceToHost));                                              \
            size_t bad = diff_tol_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n + offsets, TOL);                                  \
            const size_t bad_total = diff_tol_gpuscan_##name##_##op(&h_total, h_ref + n, dref ? dref + n : NULL,                     \
                                                                    dabs ? dabs + n : NULL, 1, TOL);                                  \
            EXPECT(bad + bad_total == 0, "%s_%s %s %s n=%zu grid=%s block=%s: %zu wrong%s", #name, #op,                              \
                   offsets ? "offsets" : "chained", kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(cb.grid),                  \
                   gpuscan_block_name(cb.block), bad, bad_total ? ", the total too (the note: the total)" : "");                     \
            EXPECT(guard_intact(h_out + n + offsets, GUARD_ELEMS * sizeof(T)),                                                        \
                   "%s_%s n=%zu ends: wrote past the end", #name, #op, n);                                                            \
        }                                                                                                                             \
        /* a chain of three chunks through the simple form, the carry in one cell, against the whole */                              \
        ref_gpuscan_##name##_##op(h_in, n, kind, gpuscan_##name##_##op##_identity(), h_ref, dref, dabs);                              \
        const size_t cut1 = n / 3, cut2 = n - n / 5;                                                                                   \
        CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                                  \
        gpuscan_status st = GPUSCAN_SUCCESS;                                                                                          \
        for (int part = 0; part < 3; ++part) {                                                                                        \
            const size_t a = part == 0 ? 0 : part == 1 ? cut1 : cut2, b = part == 0 ? cut1 : part == 1 ? cut2 : n;                    \
            const T *carry_in = part == 0 ? NULL : d_cell;                                                                            \
            gpuscan_status s2 = kind ? gpuscan_##name##_##op##_exclusive_chained(d_in + a, d_out + a, b - a, carry_in, d_cell, 0)     \
                                     : gpuscan_##name##_##op##_inclusive_chained(d_in + a, d_out + a, b - a, carry_in, d_cell, 0);    \
            if (s2 != GPUSCAN_SUCCESS) st = s2;                                                                                       \
        }                                                                                                                             \
        EXPECT(st == GPUSCAN_SUCCESS, "chained chunks: %s", gpuscan_status_string(st));                                               \
        CHECK_CUDA(cudaDeviceSynchronize());                                                                                          \
        COPY_CHECKED_(h_out, d_out, n);                                                                                               \
        const size_t bad = diff_tol_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, TOL);                                          \
        EXPECT(bad == 0, "%s_%s chained %s in three chunks n=%zu: %zu wrong", #name, #op, kind ? "exclusive" : "inclusive", n, bad);  \
    } while (0)

#define SCAN_SUITE_(name, T, op, GEN, TOL, TO_DOUBLE)                                                                                 \
    TEST_ELEMENT(gpuscan_##name##_##op, T, TO_DOUBLE)                                                                                 \
    TEST_REFERENCE_OF(gpuscan_##name##_##op, T, TO_DOUBLE)                                                                            \
    static void suite_##name##_##op(uint64_t *rng, size_t max_random)                                                                 \
    {                                                                                                                                 \
        SUITE_SIZES_(T, rng, max_random);                                                                                             \
        size_t cap = maxn + 1 + GUARD_ELEMS; /* offsets write n + 1 */                                                                \
        T *h_in = (T *)malloc(cap * sizeof(T)), *h_out = (T *)malloc(cap * sizeof(T));                                                \
        T *h_ref = (T *)malloc(cap * sizeof(T));                                                                                      \
        double *dref = TOL > 0 ? (double *)malloc(cap * sizeof(double)) : NULL;                                                       \
        double *dabs = TOL > 0 ? (double *)malloc(cap * sizeof(double)) : NULL;                                                       \
        T *d_in, *d_out;                                                                                                              \
        CHECK_CUDA(cudaMalloc(&d_in, cap * sizeof(T)));                                                                               \
        CHECK_CUDA(cudaMalloc(&d_out, cap * sizeof(T)));                                                                              \
        T *d_in_off, *d_out_off; /* cap + 16 elements, used from an element 1-15 on */                                                \
        CHECK_CUDA(cudaMalloc(&d_in_off, (cap + 16) * sizeof(T)));                                                                    \
        CHECK_CUDA(cudaMalloc(&d_out_off, (cap + 16) * sizeof(T)));                                                                   \
        for (int s = 0; s < nsizes; ++s) {                                                                                            \
            const size_t n = sizes[s];                                                                                                \
            T init;                                                                                                                   \
            GEN(h_in, n, OPC_##op, rng);                                                                                              \
            GEN(&init, 1, OPC_##op, rng);                                                                                             \
            CHECK_CUDA(cudaMemcpy(d_in, h_in, n * sizeof(T), cudaMemcpyHostToDevice));                                                \
            for (int kind = 0; kind < 2; ++kind) {                                                                                    \
                ref_gpuscan_##name##_##op(h_in, n, kind, init, h_ref, dref, dabs);                                                    \
                for (int c = 0; c < N_COMBOS + 3; ++c) {                                                                              \
                    /* the last three runs: in place (lookback, hierarchical, reduce-then-scan) */                                    \
                    const int in_place = c >= N_COMBOS;                                                                               \
                    const combo_t cb = in_place ? k_combos[c == N_COMBOS ? 12 : c == N_COMBOS + 1 ? 4 : 20] : k_combos[c];            \
                    size_t bytes = 0;                                                                                                 \
                    gpuscan_status st;                                                                                                \
                    CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                      \
                    if (in_place) CHECK_CUDA(cudaMemcpy(d_out, d_in, n * sizeof(T), cudaMemcpyDeviceToDevice));                       \
                    st = gpuscan_##name##_##op##_scan_ex(NULL, &bytes, NULL, NULL, n,                                                 \
                                                         (gpuscan_kind)kind, init, cb.grid, cb.block, 0);                             \
                    EXPECT(st == GPUSCAN_SUCCESS && bytes > 0, "size query: %s", gpuscan_status_string(st));                          \
                    st = gpuscan_##name##_##op##_scan_ex(workspace_for(bytes), &bytes,                                                \
                                                         in_place ? d_out : d_in, d_out, n,                                           \
                                                         (gpuscan_kind)kind, init, cb.grid, cb.block, 0);                             \
                    EXPECT(st == GPUSCAN_SUCCESS, "%s_%s n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                       \
                    CHECK_CUDA(cudaGetLastError());                                                                                   \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                                              \
                    COPY_CHECKED_(h_out, d_out, n);                                                                                   \
                    const size_t bad = diff_tol_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, TOL);                              \
                    EXPECT(bad == 0, "%s_%s %s n=%zu grid=%s block=%s%s: %zu wrong", #name, #op, kind ? "exclusive" : "inclusive",    \
                           n, gpuscan_grid_name(cb.grid), gpuscan_block_name(cb.block), in_place ? " in-place" : "", bad);            \
                    EXPECT(guard_intact(h_out + n, GUARD_ELEMS * sizeof(T)),                                                          \
                           "%s_%s n=%zu grid=%s block=%s: wrote past the end", #name, #op, n,                                         \
                           gpuscan_grid_name(cb.grid), gpuscan_block_name(cb.block));                                                 \
                }                                                                                                                     \
                /* pointers past a 16-byte boundary, input and output by different amounts (over the sizes  \
                 * and combinations, every element offset within 16 bytes): the vector paths shift or fall back */                   \
                for (int c = 0; c < N_COMBOS; c += 4) {                                                                               \
                    const combo_t cb = k_combos[c];                                                                                   \
                    const size_t k = (size_t)c / 4, oi = offset_off16(sizeof(T), k + 2 * (size_t)s),                                  \
                                 oo = offset_off16(sizeof(T), 2 * k + 3 * (size_t)s + 3);                                             \
                    size_t bytes = 0;                                                                                                 \
                    gpuscan_status st;                                                                                                \
                    CHECK_CUDA(cudaMemcpy(d_in_off + oi, h_in, n * sizeof(T), cudaMemcpyHostToDevice));                               \
                    CHECK_CUDA(cudaMemset(d_out_off, POISON_BYTE, (cap + 16) * sizeof(T)));                                           \
                    st = gpuscan_##name##_##op##_scan_ex(NULL, &bytes, NULL, NULL, n, (gpuscan_kind)kind,                             \
                                                         init, cb.grid, cb.block, 0);                                                 \
                    st = gpuscan_##name##_##op##_scan_ex(workspace_for(bytes), &bytes, d_in_off + oi,                                 \
                                                         d_out_off + oo, n, (gpuscan_kind)kind, init,                                 \
                                                         cb.grid, cb.block, 0);                                                       \
                    EXPECT(st == GPUSCAN_SUCCESS, "%s_%s offset n=%zu: %s", #name, #op, n, gpuscan_status_string(st));                \
                    CHECK_CUDA(cudaDeviceSynchronize());                                                                              \
                    COPY_CHECKED_(h_out, d_out_off + oo, n);                                                                          \
                    const size_t bad = diff_tol_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, TOL);                              \
                    EXPECT(bad == 0, "%s_%s %s n=%zu grid=%s block=%s, input %zu and output %zu elements in: %zu wrong",              \
                           #name, #op, kind ? "exclusive" : "inclusive", n, gpuscan_grid_name(cb.grid),                               \
                           gpuscan_block_name(cb.block), oi, oo, bad);                                                                \
                    EXPECT(guard_intact(h_out + n, GUARD_ELEMS * sizeof(T)) && before_intact(d_out_off, oo * sizeof(T)),          \
                           "%s_%s n=%zu output %zu elements in: wrote outside it", #name, #op, n, oo);                                \
                }                                                                                                                     \
                /* the simple forms */                                                                                                \
                CHECK_CUDA(cudaMemset(d_out, POISON_BYTE, cap * sizeof(T)));                                                          \
                gpuscan_status st = kind ? gpuscan_##name##_##op##_exclusive(d_in, d_out, n, init, 0)                                 \
                                         : gpuscan_##name##_##op##_inclusive(d_in, d_out, n, 0);                                      \
                EXPECT(st == GPUSCAN_SUCCESS, "simple form: %s", gpuscan_status_string(st));                                          \
                CHECK_CUDA(cudaDeviceSynchronize());                                                                                  \
                COPY_CHECKED_(h_out, d_out, n);                                                                                       \
                const size_t bad = diff_tol_gpuscan_##name##_##op(h_out, h_ref, dref, dabs, n, TOL);                                  \
                EXPECT(bad == 0, "%s_%s simple %s n=%zu: %zu wrong", #name, #op, kind ? "exclusive" : "inclusive", n, bad);           \
                SUITE_ENDS_(name, T, op, kind, n, init, TOL);                                                                          \
            }                                                                                                                         \
            /* reduce == last element of the inclusive scan (h_ref holds the exclusive one); n = 0: the                               \
             * identity, written as CUB writes its initial value (test_lib.h) */                                                      \
            if (n == 0) {                                                                                                             \
                EXPECT_EMPTY_REDUCE(gpuscan_##name##_##op, T, d_in, d_out, [](const T *a, const T *b) {                               \
                    return diff_tol_gpuscan_##name##_##op(a, b, NULL, NULL, 1, 0.0) == 0;                                             \
                });                                                                                                                   \
            } else {                                                                                                                  \
                const size_t last = n - 1;                                                                                            \
                const double *dlast = dref ? dref + last : NULL, *alast = dabs ? dabs + last : NULL;                                  \
                ref_gpuscan_##name##_##op(h_in, n, REF_INCLUSIVE, init, h_ref, dref, dabs);                                           \
                T fill; /* the result's poison */                                                                                     \
                memset(&fill, POISON_BYTE, sizeof fill);                                                                              \
                size_t bytes = 0;                                                                                                     \
                gpuscan_status st = gpuscan_##name##_##op##_reduce_ex(NULL, &bytes, NULL, NULL, n, 0);                                \
                CHECK_CUDA(cudaMemcpy(d_out, &fill, sizeof(T), cudaMemcpyHostToDevice));                                              \
                st = gpuscan_##name##_##op##_reduce_ex(workspace_for(bytes), &bytes, d_in, d_out, n, 0);                              \
                EXPECT(st == GPUSCAN_SUCCESS, "reduce_ex: %s", gpuscan_status_string(st));                                            \
                CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                                              \
                EXPECT(diff_tol_gpuscan_##name##_##op(h_out, h_ref + last, dlast, alast, 1, TOL) == 0,                                \
                       "%s_%s reduce n=%zu wrong", #name, #op, n);                                                                    \
                CHECK_CUDA(cudaMemcpy(d_out, &fill, sizeof(T), cudaMemcpyHostToDevice));                                              \
                st = gpuscan_##name##_##op##_reduce(d_in, d_out, n, 0);                                                               \
                CHECK_CUDA(cudaMemcpy(h_out, d_out, sizeof(T), cudaMemcpyDeviceToHost));                                              \
                EXPECT(st == GPUSCAN_SUCCESS && diff_tol_gpuscan_##name##_##op(h_out, h_ref + last, dlast, alast, 1, TOL) == 0,       \
                       "%s_%s simple reduce n=%zu wrong", #name, #op, n);                                                             \
            }                                                                                                                         \
        }                                                                                                                             \
        printf("  %-6s %-4s %d sizes (max %zu) x %d runs: %ld passed, %ld failed so far\n", #name,                                    \
               #op, nsizes, maxn, 2 * (N_COMBOS + 7), g_passed, g_failed);                                                            \
        fflush(stdout);                                                                                                               \
        CHECK_CUDA(cudaFree(d_in));                                                                                                   \
        CHECK_CUDA(cudaFree(d_out));                                                                                                  \
        CHECK_CUDA(cudaFree(d_in_off));                                                                                               \
        CHECK_CUDA(cudaFree(d_out_off));                                                                                              \
        free(h_in); free(h_out); free(h_ref); free(dref); free(dabs);                                                                 \
    }

/* Exact comparison (any type), or a tolerance against a double reference (arithmetic types). */
#define SCAN_SUITE(name, T, op, GEN) SCAN_SUITE_(name, T, op, GEN, 0, TEST_NO_DOUBLE)
#define SCAN_SUITE_TOL(name, T, op, GEN, TOL) SCAN_SUITE_(name, T, op, GEN, TOL, TEST_TO_DOUBLE)

#endif
