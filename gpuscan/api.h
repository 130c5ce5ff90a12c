/* gpuscan/api.h - the part of gpuscan that plain C can see.
 *
 * Status codes, algorithm choices and GPUSCAN_DECLARE, which writes the prototypes of the
 * functions that GPUSCAN_DEFINE_EXPORT defines in a .cu file.  Includes only C headers,
 * so a .c file compiled by gcc can include it (through gpuscan_c.h). */
#ifndef GPUSCAN_API_H
#define GPUSCAN_API_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
#define GPUSCAN_EXTERN_C extern "C"
#else
#define GPUSCAN_EXTERN_C extern
#endif

/* ---- status codes ------------------------------------------------------------------------- */
typedef enum gpuscan_status {
    GPUSCAN_SUCCESS = 0,
    GPUSCAN_ERROR_NULL_POINTER = 1,        /* a required pointer is NULL while n > 0 */
    GPUSCAN_ERROR_INVALID_ALGORITHM = 2,   /* grid, block or kind value does not exist */
    GPUSCAN_ERROR_UNSUPPORTED = 3,         /* the algorithm cannot run on this device */
    GPUSCAN_ERROR_WORKSPACE_TOO_SMALL = 4, /* *workspace_bytes now holds the size needed */
    GPUSCAN_ERROR_OVERLAP = 5,             /* buffers overlap where they may not */
    GPUSCAN_ERROR_TOO_LARGE = 6,           /* n exceeds what the grid layer can index */
    GPUSCAN_ERROR_MISALIGNED = 7,          /* a pointer is not aligned to its type (a workspace: 16 bytes) */
    GPUSCAN_ERROR_INVALID_DEVICE = 8,      /* no such CUDA device, or a pool it cannot use (the memory functions) */
    GPUSCAN_ERROR_NOT_COMPILED = 9,        /* the algorithm asked for was not compiled (see the message) */
    /* An NCCL error (gpuscan_nccl.cuh): GPUSCAN_ERROR_NCCL_BASE + the ncclResult_t value;
     * gpuscan_nccl_status_string() prints NCCL's own text. */
    GPUSCAN_ERROR_NCCL_BASE = 900,
    /* A CUDA runtime error: the status is GPUSCAN_ERROR_CUDA_BASE + the cudaError_t value.
     * gpuscan_cuda_error() recovers it; gpuscan_status_string() prints CUDA's own text. */
    GPUSCAN_ERROR_CUDA_BASE = 1000
} gpuscan_status;

/* Grid-level strategy: how tiles learn the combined value of all earlier tiles. */
typedef enum gpuscan_grid {
    GPUSCAN_GRID_AUTO = 0,
    GPUSCAN_GRID_HIERARCHICAL = 1, /* scan tiles, scan the tile sums (recursively), add back */
    GPUSCAN_GRID_DOMINO = 2,       /* single pass, each tile waits for its left neighbour */
    GPUSCAN_GRID_LOOKBACK = 3,     /* single pass, decoupled look-back over predecessors */
    GPUSCAN_GRID_REDUCE_AHEAD = 4, /* one kernel: tiles reduced ahead (through L2), then scanned */
    GPUSCAN_GRID_REDUCE_THEN_SCAN = 5, /* one cooperative kernel: reduce, grid barrier, scan */
    GPUSCAN_GRID_COUNT_
} gpuscan_grid;

/* Block-level algorithm: how one thread block scans its tile. */
typedef enum gpuscan_block {
    GPUSCAN_BLOCK_AUTO = 0,
    GPUSCAN_BLOCK_KOGGE_STONE = 1,      /* shared memory, double buffered, 1 item per thread */
    GPUSCAN_BLOCK_KOGGE_STONE_WARP = 2, /* warp shuffles + scan of warp totals, 1 item/thread */
    GPUSCAN_BLOCK_BRENT_KUNG = 3,       /* up-sweep + down-sweep tree, 2 items per thread */
    GPUSCAN_BLOCK_COARSENED = 4,        /* three-phase: thread scan, block scan of totals, add */
    GPUSCAN_BLOCK_COUNT_
} gpuscan_block;

typedef enum gpuscan_kind {
    GPUSCAN_INCLUSIVE = 0,
    GPUSCAN_EXCLUSIVE = 1
} gpuscan_kind;

static inline int gpuscan_is_cuda_error(gpuscan_status s) { return (int)s >= GPUSCAN_ERROR_CUDA_BASE; }
/* (ncclResult_t values are small: the range holds 63 of them) */
static inline int gpuscan_is_nccl_error(gpuscan_status s)
{
    return (int)s > GPUSCAN_ERROR_NCCL_BASE && (int)s < GPUSCAN_ERROR_NCCL_BASE + 64;
}

static inline cudaError_t gpuscan_cuda_error(gpuscan_status s)
{
    return gpuscan_is_cuda_error(s) ? (cudaError_t)((int)s - GPUSCAN_ERROR_CUDA_BASE) : cudaSuccess;
}

static inline const char *gpuscan_status_string(gpuscan_status s)
{
    switch (s) {
    case GPUSCAN_SUCCESS: return "success";
    case GPUSCAN_ERROR_NULL_POINTER: return "a required pointer is NULL";
    case GPUSCAN_ERROR_INVALID_ALGORITHM: return "unknown grid or block algorithm, or scan kind";
    case GPUSCAN_ERROR_UNSUPPORTED: return "the chosen algorithm cannot run on this device (reduce-then-scan needs cooperative launches)";
    case GPUSCAN_ERROR_WORKSPACE_TOO_SMALL: return "workspace too small (*workspace_bytes holds the size needed)";
    case GPUSCAN_ERROR_OVERLAP: return "arguments overlap where they may not (in place: only d_in == d_out, of one element width)";
    case GPUSCAN_ERROR_TOO_LARGE: return "n is too large for this algorithm";
    case GPUSCAN_ERROR_MISALIGNED: return "a pointer is not aligned to its element type (a workspace: to 16 bytes)";
    case GPUSCAN_ERROR_INVALID_DEVICE: return "no such CUDA device, or a memory pool whose memory it cannot read and write";
    case GPUSCAN_ERROR_NOT_COMPILED:
        return "this algorithm was not compiled: #define GPUSCAN_EVERY_ALGORITHM 1 before including gpuscan.cuh";
    default: break;
    }
    if (gpuscan_is_cuda_error(s)) return cudaGetErrorString(gpuscan_cuda_error(s));
    if (gpuscan_is_nccl_error(s)) return "an NCCL error (gpuscan_nccl_status_string() gives NCCL's text)";
    return "unknown gpuscan status";
}

static inline const char *gpuscan_grid_name(gpuscan_grid g)
{
    static const char *const names[] = {"auto", "hierarchical", "domino", "lookback", "reduce-ahead",
                                          "reduce-then-scan"};
    return ((unsigned)g < (unsigned)GPUSCAN_GRID_COUNT_) ? names[g] : "invalid";
}

static inline const char *gpuscan_block_name(gpuscan_block b)
{
    static const char *const names[] = {"auto", "kogge-stone", "kogge-stone-warp", "brent-kung", "coarsened"};
    return ((unsigned)b < (unsigned)GPUSCAN_BLOCK_COUNT_) ? names[b] : "invalid";
}

/* ---- prototypes ------------------------------------------------------------------------------
 * GPUSCAN_DECLARE(name, T, op) declares, with C linkage:
 *   gpuscan_<name>_<op>_inclusive(in, out, n, stream)
 *   gpuscan_<name>_<op>_exclusive(in, out, n, init, stream)
 *   gpuscan_<name>_<op>_reduce(in, d_result, n, stream)
 *   gpuscan_<name>_<op>_scan_ex(d_ws, &ws_bytes, in, out, n, kind, init, grid, block, stream)
 *   gpuscan_<name>_<op>_reduce_ex(d_ws, &ws_bytes, in, d_result, n, stream)
 * chained scans (the seed read from device memory, the total written there; the two may be one
 * cell, a carry from chunk to chunk) and offsets (the exclusive scan as n + 1 values, the last
 * one the total, which also goes to d_total unless it is NULL):
 *   gpuscan_<name>_<op>_inclusive_chained(in, out, n, d_carry_in, d_carry_out, stream)
 *   gpuscan_<name>_<op>_exclusive_chained(in, out, n, d_carry_in, d_carry_out, stream)
 *   gpuscan_<name>_<op>_offsets(in, out, n, init, d_total, stream)
 *   gpuscan_<name>_<op>_scan_chained_ex(d_ws, &ws_bytes, in, out, n, kind, d_init, d_total, grid,
 *                                       block, stream)
 *   gpuscan_<name>_<op>_offsets_ex(d_ws, &ws_bytes, in, out, n, init, d_total, grid, block, stream)
 * The _ex forms take a caller workspace; with d_ws == NULL they only store the size needed.
 * GPUSCAN_DECLARE_TYPED(name, TIn, T, op): the same for a typed scan, whose inputs are TIn. */
#define GPUSCAN_PROTOTYPES_(LINKAGE, name, TIn, T, op)                                              \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_scan_ex(                                         \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_out, size_t n,            \
        gpuscan_kind kind, T init, gpuscan_grid grid, gpuscan_block block, cudaStream_t stream);    \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_reduce_ex(                                       \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_result, size_t n,         \
        cudaStream_t stream);                                                                       \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_inclusive(const TIn *d_in, T *d_out, size_t n,   \
                                                             cudaStream_t stream);                  \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_exclusive(const TIn *d_in, T *d_out, size_t n,   \
                                                             T init, cudaStream_t stream);          \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_reduce(const TIn *d_in, T *d_result, size_t n,   \
                                                          cudaStream_t stream);                     \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_inclusive_chained(                               \
        const TIn *d_in, T *d_out, size_t n, const T *d_carry_in, T *d_carry_out, cudaStream_t stream); \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_exclusive_chained(                               \
        const TIn *d_in, T *d_out, size_t n, const T *d_carry_in, T *d_carry_out, cudaStream_t stream); \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_offsets(const TIn *d_in, T *d_out, size_t n,     \
                                                           T init, T *d_total, cudaStream_t stream); \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_scan_chained_ex(                                 \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_out, size_t n,            \
        gpuscan_kind kind, const T *d_init, T *d_total, gpuscan_grid grid, gpuscan_block block,     \
        cudaStream_t stream);                                                                       \
    LINKAGE gpuscan_status gpuscan_##name##_##op##_offsets_ex(                                      \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_out, size_t n, T init,    \
        T *d_total, gpuscan_grid grid, gpuscan_block block, cudaStream_t stream);

#define GPUSCAN_DECLARE(name, T, op) GPUSCAN_PROTOTYPES_(GPUSCAN_EXTERN_C, name, T, T, op)
/* The same functions of a typed scan (GPUSCAN_DEFINE_CONVERT_EXPORT / _TRANSFORM_EXPORT): the
 * inputs are TIn, everything else T. */
#define GPUSCAN_DECLARE_TYPED(name, TIn, T, op) GPUSCAN_PROTOTYPES_(GPUSCAN_EXTERN_C, name, TIn, T, op)

/* Stream compaction (gpuscan.cuh, GPUSCAN_DEFINE_SELECT / _SELECT_IF): the functions a .cu file
 * defined with GPUSCAN_DEFINE_SELECT_EXPORT(name, T) / GPUSCAN_DEFINE_SELECT_IF_EXPORT(name, T, keep). */
#define GPUSCAN_DECLARE_SELECT(name, T)                                                             \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_select_flagged(                                \
        const T *d_in, const unsigned char *d_flags, T *d_out, size_t *d_count, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_partition_flagged(                             \
        const T *d_in, const unsigned char *d_flags, T *d_selected, T *d_rejected, size_t *d_count, size_t n, \
        cudaStream_t stream);                                                                       \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_select_flagged_ex(                             \
        void *d_workspace, size_t *workspace_bytes, const T *d_in, const unsigned char *d_flags, T *d_out, \
        size_t *d_count, size_t n, cudaStream_t stream);                                            \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_partition_flagged_ex(                          \
        void *d_workspace, size_t *workspace_bytes, const T *d_in, const unsigned char *d_flags, T *d_selected, \
        T *d_rejected, size_t *d_count, size_t n, cudaStream_t stream);
#define GPUSCAN_DECLARE_SELECT_IF(name, T)                                                          \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_select_if(const T *d_in, T *d_out, size_t *d_count, \
                                                               size_t n, cudaStream_t stream);     \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_partition_if(const T *d_in, T *d_selected, T *d_rejected, \
                                                                  size_t *d_count, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_select_if_ex(void *d_workspace, size_t *workspace_bytes, \
                                                                  const T *d_in, T *d_out, size_t *d_count, \
                                                                  size_t n, cudaStream_t stream);  \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_partition_if_ex(                               \
        void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_selected, T *d_rejected, size_t *d_count, \
        size_t n, cudaStream_t stream);

/* Unique and run-length encoding (gpuscan.cuh, GPUSCAN_DEFINE_UNIQUE, _UNIQUE_BY_KEY, _RUN_LENGTH,
 * _NON_TRIVIAL_RUNS): the functions a .cu file defined with their _EXPORT forms. */
#define GPUSCAN_DECLARE_UNIQUE(name, T)                                                             \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_unique(const T *d_in, T *d_out, size_t *d_count, size_t n, \
                                                            cudaStream_t stream);                   \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_unique_ex(void *d_workspace, size_t *workspace_bytes, \
                                                               const T *d_in, T *d_out, size_t *d_count, size_t n, \
                                                               cudaStream_t stream);
#define GPUSCAN_DECLARE_UNIQUE_BY_KEY(name, K, V)                                                   \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_unique_by_key(const K *d_keys, const V *d_values, K *d_keys_out, \
                                                                   V *d_values_out, size_t *d_count, size_t n, \
                                                                   cudaStream_t stream);            \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_unique_by_key_ex(                              \
        void *d_workspace, size_t *workspace_bytes, const K *d_keys, const V *d_values, K *d_keys_out, \
        V *d_values_out, size_t *d_count, size_t n, cudaStream_t stream);
#define GPUSCAN_DECLARE_RUN_LENGTH(name, T, L)                                                      \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_run_length_encode(const T *d_in, T *d_unique, L *d_lengths, \
                                                                       size_t *d_count, size_t n,   \
                                                                       cudaStream_t stream);        \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_run_length_encode_ex(                          \
        void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_unique, L *d_lengths, size_t *d_count, \
        size_t n, cudaStream_t stream);

#define GPUSCAN_DECLARE_NON_TRIVIAL_RUNS(name, T, L)                                                \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_non_trivial_runs(const T *d_in, L *d_offsets, L *d_lengths, \
                                                                      size_t *d_count, size_t n,    \
                                                                      cudaStream_t stream);         \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_non_trivial_runs_ex(                           \
        void *d_workspace, size_t *workspace_bytes, const T *d_in, L *d_offsets, L *d_lengths, size_t *d_count, \
        size_t n, cudaStream_t stream);

/* A three-way partition (gpuscan.cuh, GPUSCAN_DEFINE_THREE_WAY_PARTITION): the functions a .cu file
 * defined with GPUSCAN_DEFINE_THREE_WAY_PARTITION_EXPORT(name, T, first, second). */
#define GPUSCAN_DECLARE_THREE_WAY_PARTITION(name, T)                                                \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_three_way_partition(                           \
        const T *d_in, T *d_first, T *d_second, T *d_rest, size_t *d_counts, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_three_way_partition_ex(                        \
        void *d_workspace, size_t *workspace_bytes, const T *d_in, T *d_first, T *d_second, T *d_rest, \
        size_t *d_counts, size_t n, cudaStream_t stream);

/* Segmented scans (gpuscan.cuh, GPUSCAN_DEFINE_SEGMENTED): the functions a .cu file defined with
 * GPUSCAN_DEFINE_SEGMENTED_EXPORT(name, T, op); _TYPED: with _SEGMENTED_CONVERT_EXPORT or
 * _TRANSFORM_EXPORT (input TIn); REVERSE: with GPUSCAN_DEFINE_REVERSE_SEGMENTED_EXPORT. */
#define GPUSCAN_DECLARE_SEGMENTED(name, T, op) GPUSCAN_DECLARE_SEGMENTED_TYPED(name, T, T, op)
#define GPUSCAN_DECLARE_REVERSE_SEGMENTED(name, T, op)                                              \
    GPUSCAN_SEGMENTED_PROTOTYPES_(gpuscan_##name##_##op##_reverse_segmented, T, T)
#define GPUSCAN_DECLARE_SEGMENTED_TYPED(name, TIn, T, op)                                           \
    GPUSCAN_SEGMENTED_PROTOTYPES_(gpuscan_##name##_##op##_segmented, TIn, T)
/* (P: the functions' prefix) */
#define GPUSCAN_SEGMENTED_PROTOTYPES_(P, TIn, T)                                                    \
    GPUSCAN_EXTERN_C gpuscan_status P##_inclusive(                                                  \
        const TIn *d_in, const unsigned char *d_heads, T *d_out, size_t n, cudaStream_t stream);    \
    GPUSCAN_EXTERN_C gpuscan_status P##_exclusive(                                                  \
        const TIn *d_in, const unsigned char *d_heads, T *d_out, size_t n, T init, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status P##_scan_ex(                                                    \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, const unsigned char *d_heads, T *d_out, \
        size_t n, gpuscan_kind kind, T init, cudaStream_t stream);                                 \
    GPUSCAN_EXTERN_C gpuscan_status P##_rows_inclusive(                                             \
        const TIn *d_in, T *d_out, size_t rows, size_t length, cudaStream_t stream);                \
    GPUSCAN_EXTERN_C gpuscan_status P##_rows_exclusive(                                             \
        const TIn *d_in, T *d_out, size_t rows, size_t length, T init, cudaStream_t stream);        \
    GPUSCAN_EXTERN_C gpuscan_status P##_rows_scan_ex(                                               \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_out, size_t rows, size_t length, \
        gpuscan_kind kind, T init, cudaStream_t stream);                                            \
    GPUSCAN_EXTERN_C gpuscan_status P##_offsets_inclusive(                                          \
        const TIn *d_in, const long long *d_offsets, size_t n_segments, T *d_out, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status P##_offsets_exclusive(                                          \
        const TIn *d_in, const long long *d_offsets, size_t n_segments, T *d_out, size_t n, T init, \
        cudaStream_t stream);                                                                       \
    GPUSCAN_EXTERN_C gpuscan_status P##_offsets_scan_ex(                                            \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, const long long *d_offsets,    \
        size_t n_segments, T *d_out, size_t n, gpuscan_kind kind, T init, cudaStream_t stream);     \
    GPUSCAN_EXTERN_C gpuscan_status P##_offsets32_inclusive(                                        \
        const TIn *d_in, const int *d_offsets, size_t n_segments, T *d_out, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status P##_offsets32_exclusive(                                        \
        const TIn *d_in, const int *d_offsets, size_t n_segments, T *d_out, size_t n, T init, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status P##_offsets32_scan_ex(                                          \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, const int *d_offsets, size_t n_segments, \
        T *d_out, size_t n, gpuscan_kind kind, T init, cudaStream_t stream);

/* Segmented reductions (GPUSCAN_DEFINE_SEGMENTED_REDUCE_EXPORT; _TYPED: its _CONVERT_ and
 * _TRANSFORM_EXPORT). */
#define GPUSCAN_DECLARE_SEGMENTED_REDUCE(name, T, op) GPUSCAN_DECLARE_SEGMENTED_REDUCE_TYPED(name, T, T, op)
#define GPUSCAN_DECLARE_SEGMENTED_REDUCE_TYPED(name, TIn, T, op)                                    \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce(                       \
        const TIn *d_in, const unsigned char *d_heads, T *d_out, size_t *d_count, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_ex(                    \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, const unsigned char *d_heads, T *d_out, \
        size_t *d_count, size_t n, cudaStream_t stream);                                            \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_rows(                  \
        const TIn *d_in, T *d_out, size_t rows, size_t length, cudaStream_t stream);                \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_rows_ex(               \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_out, size_t rows, size_t length, \
        cudaStream_t stream);                                                                       \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_offsets(               \
        const TIn *d_in, const long long *d_offsets, size_t n_segments, T *d_out, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_offsets_ex(            \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, const long long *d_offsets,    \
        size_t n_segments, T *d_out, size_t n, cudaStream_t stream);                                \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_offsets32(             \
        const TIn *d_in, const int *d_offsets, size_t n_segments, T *d_out, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_segmented_reduce_offsets32_ex(          \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, const int *d_offsets, size_t n_segments, \
        T *d_out, size_t n, cudaStream_t stream);

/* Scans by key (GPUSCAN_DEFINE_SCAN_BY_KEY_EXPORT or _EQUAL_EXPORT; TYPED: _CONVERT_ or
 * _TRANSFORM_EXPORT, values TIn; REVERSE: the GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY_EXPORT forms). */
#define GPUSCAN_DECLARE_SCAN_BY_KEY(name, K, T, op) GPUSCAN_DECLARE_SCAN_BY_KEY_TYPED(name, K, T, T, op)
#define GPUSCAN_DECLARE_SCAN_BY_KEY_TYPED(name, K, TIn, T, op)                                      \
    GPUSCAN_BY_KEY_PROTOTYPES_(gpuscan_##name##_##op##_by_key, K, TIn, T)
#define GPUSCAN_DECLARE_REVERSE_SCAN_BY_KEY(name, K, T, op)                                         \
    GPUSCAN_BY_KEY_PROTOTYPES_(gpuscan_##name##_##op##_reverse_by_key, K, T, T)
#define GPUSCAN_BY_KEY_PROTOTYPES_(P, K, TIn, T)                                                    \
    GPUSCAN_EXTERN_C gpuscan_status P##_inclusive(                                                  \
        const K *d_keys, const TIn *d_in, T *d_out, size_t n, cudaStream_t stream);                 \
    GPUSCAN_EXTERN_C gpuscan_status P##_exclusive(                                                  \
        const K *d_keys, const TIn *d_in, T *d_out, size_t n, T init, cudaStream_t stream);         \
    GPUSCAN_EXTERN_C gpuscan_status P##_scan_ex(                                                    \
        void *d_workspace, size_t *workspace_bytes, const K *d_keys, const TIn *d_in, T *d_out, size_t n, \
        gpuscan_kind kind, T init, cudaStream_t stream);

/* Reductions by key (GPUSCAN_DEFINE_REDUCE_BY_KEY_EXPORT or _EQUAL_EXPORT; TYPED: _CONVERT_ or
 * _TRANSFORM_EXPORT). */
#define GPUSCAN_DECLARE_REDUCE_BY_KEY(name, K, T, op) GPUSCAN_DECLARE_REDUCE_BY_KEY_TYPED(name, K, T, T, op)
#define GPUSCAN_DECLARE_REDUCE_BY_KEY_TYPED(name, K, TIn, T, op)                                    \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_reduce_by_key(                          \
        const K *d_keys, const TIn *d_in, K *d_keys_out, T *d_out, size_t *d_count, size_t n, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_reduce_by_key_ex(                       \
        void *d_workspace, size_t *workspace_bytes, const K *d_keys, const TIn *d_in, K *d_keys_out, T *d_out, \
        size_t *d_count, size_t n, cudaStream_t stream);

/* Scans along an axis (gpuscan.cuh, GPUSCAN_DEFINE_AXIS): an array seen as (outer, length, inner),
 * element (o, l, i) at o * outer_stride + l * length_stride + i, each of its outer x inner
 * sequences scanned along `length`.  A stride of 0 is the packed one (length_stride: inner;
 * outer_stride: (length - 1) * length_stride + inner).  Axis d of a C-order array of shape
 * (n0, ..., nk) is outer = n0 * ... * n(d-1), length = nd, inner = n(d+1) * ... * nk; of a 2-D
 * array of `rows` rows `pitch` elements apart, axis 0 is {1, rows, cols, pitch, 0}, axis 1
 * {rows, cols, 1, 1, pitch}.  reverse: scanned from the axis' end (a suffix scan).  The output has
 * the input's layout. */
typedef struct gpuscan_axis {
    size_t outer, length, inner;
    size_t length_stride, outer_stride;
    int reverse;
} gpuscan_axis;
#define GPUSCAN_DECLARE_AXIS(name, T, op) GPUSCAN_DECLARE_AXIS_TYPED(name, T, T, op)
/* (GPUSCAN_DEFINE_AXIS_CONVERT_EXPORT, _TRANSFORM_EXPORT: input TIn) */
#define GPUSCAN_DECLARE_AXIS_TYPED(name, TIn, T, op)                                                \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_axis_inclusive(                         \
        const TIn *d_in, T *d_out, size_t outer, size_t length, size_t inner, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_axis_exclusive(                         \
        const TIn *d_in, T *d_out, size_t outer, size_t length, size_t inner, T init, cudaStream_t stream); \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_axis_view_inclusive(                    \
        const TIn *d_in, T *d_out, const gpuscan_axis *view, cudaStream_t stream);                  \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_axis_view_exclusive(                    \
        const TIn *d_in, T *d_out, const gpuscan_axis *view, T init, cudaStream_t stream);          \
    GPUSCAN_EXTERN_C gpuscan_status gpuscan_##name##_##op##_axis_scan_ex(                           \
        void *d_workspace, size_t *workspace_bytes, const TIn *d_in, T *d_out, const gpuscan_axis *view, \
        gpuscan_kind kind, T init, cudaStream_t stream);

/* ---- the simple forms' memory (gpuscan/memory.cuh; defined in every .cu that includes
 * gpuscan.cuh, so a C program finds them in the object of its GPUSCAN_DEFINE_EXPORTs) ----------
 * The simple forms take their workspace, stream-ordered, from a memory pool of the library's own
 * on each device, which keeps what it reserved (at most the workspace of the calls in flight at
 * once) until it is released; or from the caller's pool.
 *   gpuscan_set_memory_pool(dev, pool)  simple forms on device dev allocate from pool (a pool of
 *                                       that device; NULL: the library's own again)
 *   gpuscan_release_memory(dev)         gives back what the library's pool on dev holds unused
 *                                       (-1: on every device)
 *   gpuscan_memory_reserved(dev, &b)    how many bytes the library's pool on dev holds */
GPUSCAN_EXTERN_C gpuscan_status gpuscan_set_memory_pool(int device, cudaMemPool_t pool);
GPUSCAN_EXTERN_C gpuscan_status gpuscan_release_memory(int device);
GPUSCAN_EXTERN_C gpuscan_status gpuscan_memory_reserved(int device, size_t *bytes);

#endif /* GPUSCAN_API_H */
