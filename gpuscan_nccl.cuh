/* gpuscan_nccl.cuh - scans and reductions of one sequence split across the ranks of an NCCL
 * communicator (opt-in: the core, gpuscan.cuh, never includes NCCL).
 *
 *   #include "gpuscan_nccl.cuh"
 *   GPUSCAN_DEFINE_NCCL(i64, int64_t, add)   // GPUSCAN_DEFINE_NAMED(i64, int64_t, add), and:
 *   gpuscan_i64_add_nccl_inclusive(d_in, d_out, n, comm, stream)
 *   gpuscan_i64_add_nccl_exclusive(d_in, d_out, n, init, comm, stream)
 *   gpuscan_i64_add_nccl_reduce(d_in, d_result, n, comm, stream)
 *
 * The sequence is the concatenation of the ranks' shards in rank order (rank r passes its shard of
 * n elements, which may differ from rank to rank, be 0, or pass 2^31); each rank gets its part of
 * the scan of the whole, and every rank the reduction of the whole.  Every rank of `comm` must
 * make the same call (same definition, same kind; an exclusive scan's init the same on every
 * rank), as with any NCCL collective: a mismatch is the caller's to avoid.
 *
 * How, per rank: reduce the shard (reads it), exchange the shards' totals (one all-gather of one
 * element a rank), fold the totals of the lower ranks in rank order (one thread), and scan the
 * shard with that fold as the seed read from device memory (the chained scan).  So a rank reads
 * its shard twice and writes it once (one rank: the plain scan), and the network carries ranks x
 * sizeof(T) bytes (docs/design.md, Scans across GPUs: what that costs); the latency
 * terms are the reduce's launch, the all-gather, a one-thread kernel and the scan's launch.  The
 * order of combines is fixed by rank order, so integer and other exact operators give the same
 * result whatever the number of ranks; floating-point sums associate by shard and, within a
 * shard, as the local algorithm does (bitwise reproducible run to run where that is: docs/api.md).
 * Status codes: NCCL's errors come back as GPUSCAN_ERROR_NCCL_BASE + the ncclResult_t;
 * gpuscan_nccl_status_string() gives NCCL's text for them. */
#ifndef GPUSCAN_NCCL_CUH
#define GPUSCAN_NCCL_CUH

#include <nccl.h>
#include "gpuscan.cuh"

static inline gpuscan_status gpuscan_from_nccl_(ncclResult_t r)
{
    return r == ncclSuccess ? GPUSCAN_SUCCESS : (gpuscan_status)(GPUSCAN_ERROR_NCCL_BASE + (int)r);
}
/* gpuscan_status_string(), with NCCL's own text for its errors (the last one NCCL saw, where it
 * kept one: ncclGetLastError). */
static inline const char *gpuscan_nccl_status_string(gpuscan_status s)
{
    if (!gpuscan_is_nccl_error(s)) return gpuscan_status_string(s);
    return ncclGetErrorString((ncclResult_t)((int)s - GPUSCAN_ERROR_NCCL_BASE));
}

/* The device side: the shards' totals folded in rank order, one thread (a few hundred ranks at
 * most: cheaper than a launch's worth of anything else). */
#define GPUSCAN_NCCL_KERNELS_(P, T)                                                                 \
    /* An empty shard's total: the identity (the all-gather sends every rank's cell). */            \
    static __global__ void P##_nccl_identity(T *cell) { *cell = P##_identity(); }                  \
    /* seed = [init] (x) totals[0] (x) ... (x) totals[upto - 1]; *seed untouched when there is      \
     * nothing to fold (rank 0 of an inclusive scan). */                                            \
    static __global__ void P##_nccl_fold(const T *totals, int upto, int seeded, T init, T *seed)    \
    {                                                                                               \
        if (!seeded && upto == 0) return;                                                           \
        T acc = seeded ? init : totals[0];                                                          \
        for (int r = seeded ? 0 : 1; r < upto; ++r) acc = P##_combine(acc, totals[r]);              \
        *seed = acc;                                                                                \
    }

/* The host side.  The cells (this shard's total, every rank's total, the seed) come from the
 * simple forms' pool (memory.cuh), stream-ordered like everything else here. */
#define GPUSCAN_NCCL_HOST_(P, T)                                                                    \
    typedef struct P##_nccl_cells {                                                                 \
        gpuscan_ws_ ws;                                                                             \
        T *mine, *all, *seed;                                                                       \
        int rank, ranks;                                                                            \
    } P##_nccl_cells;                                                                               \
    /* The reduction of an empty sequence: the identity. */                                         \
    static gpuscan_status P##_nccl_only_identity(T *d_result, cudaStream_t stream)                  \
    {                                                                                               \
        GPUSCAN_LAUNCH_(P##_nccl_identity, 1, 1, stream, d_result);                                 \
        return GPUSCAN_SUCCESS;                                                                     \
    }                                                                                               \
    /* Reduces the shard and all-gathers the totals (rank order) into cells->all. */                \
    static gpuscan_status P##_nccl_totals(P##_nccl_cells *c, const T *d_in, size_t n,               \
                                          ncclComm_t comm, cudaStream_t stream)                     \
    {                                                                                               \
        GPUSCAN_TRY_(n > 0 ? P##_reduce(d_in, c->mine, n, stream) : P##_nccl_only_identity(c->mine, stream)); \
        return gpuscan_from_nccl_(ncclAllGather(c->mine, c->all, sizeof(T), ncclUint8, comm,        \
                                                stream));                                           \
    }                                                                                               \
    /* kind: GPUSCAN_INCLUSIVE / _EXCLUSIVE scan (out), or -1: the reduction (into d_result). */   \
    static gpuscan_status P##_nccl_run_(const T *d_in, T *d_out, size_t n, int kind, T init,        \
                                        ncclComm_t comm, cudaStream_t stream)                       \
    {                                                                                               \
        P##_nccl_cells c;                                                                           \
        gpuscan_status status, freed;                                                               \
        if (comm == NULL || d_out == NULL || (n > 0 && d_in == NULL)) return GPUSCAN_ERROR_NULL_POINTER; \
        if (kind >= 0) GPUSCAN_TRY_(gpuscan_check_call_io_(&P##_desc, d_in, d_out, n));                                 \
        GPUSCAN_TRY_(gpuscan_from_nccl_(ncclCommUserRank(comm, &c.rank)));                          \
        GPUSCAN_TRY_(gpuscan_from_nccl_(ncclCommCount(comm, &c.ranks)));                            \
        if (c.ranks == 1) /* one rank: the shard is the sequence */                                  \
            return kind < 0 ? (n > 0 ? P##_reduce(d_in, d_out, n, stream) : P##_nccl_only_identity(d_out, stream)) \
                   : kind == GPUSCAN_EXCLUSIVE ? P##_exclusive(d_in, d_out, n, init, stream)        \
                                               : P##_inclusive(d_in, d_out, n, stream);             \
        const size_t cell = GPUSCAN_ALIGN_UP_(sizeof(T));                                           \
        GPUSCAN_TRY_(gpuscan_workspace_alloc_(&c.ws, cell * (2u + (size_t)c.ranks), stream));      \
        c.mine = (T *)c.ws.ptr;                                                                     \
        c.seed = (T *)((char *)c.ws.ptr + cell);                                                    \
        c.all = (T *)((char *)c.ws.ptr + 2u * cell);                                                \
        status = P##_nccl_totals(&c, d_in, n, comm, stream);                                        \
        if (status == GPUSCAN_SUCCESS && kind < 0) { /* every rank: the fold of all */              \
            P##_nccl_fold<<<1, 1, 0, stream>>>(c.all, c.ranks, 0, init, d_out);                     \
            status = gpuscan_from_cuda_(cudaGetLastError());                                        \
        } else if (status == GPUSCAN_SUCCESS) {                                                     \
            const int seeded = kind == GPUSCAN_EXCLUSIVE || c.rank > 0;                             \
            P##_nccl_fold<<<1, 1, 0, stream>>>(c.all, c.rank, kind == GPUSCAN_EXCLUSIVE, init,      \
                                               c.seed);                                             \
            status = gpuscan_from_cuda_(cudaGetLastError());                                        \
            if (status == GPUSCAN_SUCCESS && n > 0)                                                 \
                status = kind == GPUSCAN_EXCLUSIVE                                                  \
                             ? P##_exclusive_chained(d_in, d_out, n, c.seed, NULL, stream)          \
                             : P##_inclusive_chained(d_in, d_out, n, seeded ? c.seed : NULL, NULL,  \
                                                     stream);                                       \
        }                                                                                           \
        freed = gpuscan_workspace_free_(&c.ws, stream);                                             \
        return status != GPUSCAN_SUCCESS ? status : freed;                                          \
    }

/* The public functions. */
#define GPUSCAN_NCCL_PUBLIC_(P, T)                                                                  \
    static __attribute__((unused)) gpuscan_status P##_nccl_inclusive(                               \
        const T *d_in, T *d_out, size_t n, ncclComm_t comm, cudaStream_t stream)                    \
    {                                                                                               \
        return P##_nccl_run_(d_in, d_out, n, GPUSCAN_INCLUSIVE, P##_identity(), comm, stream);      \
    }                                                                                               \
    static __attribute__((unused)) gpuscan_status P##_nccl_exclusive(                               \
        const T *d_in, T *d_out, size_t n, T init, ncclComm_t comm, cudaStream_t stream)            \
    {                                                                                               \
        return P##_nccl_run_(d_in, d_out, n, GPUSCAN_EXCLUSIVE, init, comm, stream);                \
    }                                                                                               \
    /* every rank gets the reduction of the whole sequence in *d_result */                          \
    static __attribute__((unused)) gpuscan_status P##_nccl_reduce(                                  \
        const T *d_in, T *d_result, size_t n, ncclComm_t comm, cudaStream_t stream)                 \
    {                                                                                               \
        return P##_nccl_run_(d_in, d_result, n, -1, P##_identity(), comm, stream);                  \
    }

/* GPUSCAN_DEFINE_NAMED(name, T, op) and the functions above, in the DEFINE's namespace (use it
 * instead of that DEFINE for the same (name, op)). */
#define GPUSCAN_NCCL_CODE_(P, TIn, T)                                                               \
    GPUSCAN_NCCL_KERNELS_(P, T)                                                                     \
    GPUSCAN_NCCL_HOST_(P, T)                                                                        \
    GPUSCAN_NCCL_PUBLIC_(P, T)
#define GPUSCAN_DEFINE_NCCL(name, T, op)                                                            \
    GPUSCAN_IF_ONE_WORD_(name, GPUSCAN_FIX_NAME_(name, op), GPUSCAN_DEFINE_NCCL_AS_, (name, T, op))
#define GPUSCAN_DEFINE_NCCL_AS_(name, T, op)                                                        \
    GPUSCAN_ASSEMBLE_PLAIN_(static __attribute__((unused)), gpuscan_##name##_##op, name, T, op,     \
                            GPUSCAN_NCCL_CODE_)                                                     \
    using gpuscan_##name##_##op##_internal::gpuscan_##name##_##op##_nccl_inclusive;                 \
    using gpuscan_##name##_##op##_internal::gpuscan_##name##_##op##_nccl_exclusive;                 \
    using gpuscan_##name##_##op##_internal::gpuscan_##name##_##op##_nccl_reduce;

#endif /* GPUSCAN_NCCL_CUH */
