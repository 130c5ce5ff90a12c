/* gpuscan/memory.cuh - where the simple forms' workspace comes from.
 *
 * A scan's workspace is small (tile states and slots: about 1/1000 of its input) but the
 * device's default memory pool gives its memory back at every synchronization (its release
 * threshold is 0), so a program that waits for each result would map it again on every call.
 * The simple forms therefore allocate, stream-ordered, from a pool of the library's own on
 * each device, created on first use, that keeps what it has reserved (threshold: no limit) until
 * gpuscan_release_memory() trims it, or from a pool the caller names (gpuscan_set_memory_pool).
 * Stream-ordered allocation keeps the simple forms correct on concurrent streams and capturable
 * in CUDA graphs (a captured allocation becomes a node the graph owns).
 *
 * The pool table must be one for the whole program, not one per translation unit that includes
 * this header, so its functions have external C linkage and are weak: every object file that
 * includes gpuscan.cuh carries them, the linker keeps one (plain C callers find them there too). */
#ifndef GPUSCAN_MEMORY_CUH
#define GPUSCAN_MEMORY_CUH

#include <stdint.h>

/* Devices the table has a pool for; the simple forms on a device beyond them allocate from the
 * device's current pool (cudaMallocAsync). */
#define GPUSCAN_POOL_DEVICES_ 64

#if defined(__GNUC__) || defined(__clang__)
#define GPUSCAN_SHARED_FUNCTION_ extern "C" __attribute__((weak))
#define GPUSCAN_LOAD_POINTER_(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define GPUSCAN_STORE_POINTER_(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
/* stores v in *p if *p is still NULL; returns what *p holds afterwards */
#define GPUSCAN_PUBLISH_POINTER_(p, v)                                                              \
    __extension__({                                                                                 \
        __typeof__(*(p)) expected_ = NULL;                                                          \
        __atomic_compare_exchange_n((p), &expected_, (v), 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)    \
            ? (v) : expected_;                                                                      \
    })
#else
#error "gpuscan/memory.cuh: needs GCC or Clang as the host compiler (weak symbols, __atomic builtins)"
#endif

/* The table: for each device, the library's own pool and the caller's (NULL: none). */
typedef struct gpuscan_pool_table_ {
    cudaMemPool_t own[GPUSCAN_POOL_DEVICES_];
    cudaMemPool_t caller[GPUSCAN_POOL_DEVICES_];
} gpuscan_pool_table_;

GPUSCAN_SHARED_FUNCTION_ gpuscan_pool_table_ *gpuscan_pool_table_of_program_(void)
{
    static gpuscan_pool_table_ table;
    return &table;
}

static inline gpuscan_status gpuscan_from_cuda_(cudaError_t e)
{
    return e == cudaSuccess ? GPUSCAN_SUCCESS : (gpuscan_status)(GPUSCAN_ERROR_CUDA_BASE + (int)e);
}

/* The library's pool on `dev`, created on first use (two threads that race both create one; the
 * first to publish wins and the other destroys its own). */
static inline gpuscan_status gpuscan_own_pool_(int dev, cudaMemPool_t *pool)
{
    gpuscan_pool_table_ *t = gpuscan_pool_table_of_program_();
    cudaMemPool_t p = GPUSCAN_LOAD_POINTER_(&t->own[dev]), mine = NULL;
    cudaMemPoolProps props;
    uint64_t keep = UINT64_MAX;
    if (p != NULL) {
        *pool = p;
        return GPUSCAN_SUCCESS;
    }
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = dev;
    GPUSCAN_TRY_(gpuscan_from_cuda_(cudaMemPoolCreate(&mine, &props)));
    if (cudaMemPoolSetAttribute(mine, cudaMemPoolAttrReleaseThreshold, &keep) != cudaSuccess) {
        const cudaError_t e = cudaGetLastError();
        (void)cudaMemPoolDestroy(mine);
        return gpuscan_from_cuda_(e);
    }
    p = GPUSCAN_PUBLISH_POINTER_(&t->own[dev], mine);
    if (p != mine) (void)cudaMemPoolDestroy(mine);
    *pool = p;
    return GPUSCAN_SUCCESS;
}

/* `bytes` of workspace for a simple form on `stream` (the current device's); *ws stays NULL
 * when bytes is 0: nothing is allocated then. */
static inline gpuscan_status gpuscan_workspace_alloc_(void **ws, size_t bytes, cudaStream_t stream)
{
    int dev = 0;
    cudaMemPool_t pool = NULL;
    *ws = NULL;
    if (bytes == 0) return GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(gpuscan_from_cuda_(cudaGetDevice(&dev)));
    if (dev < 0 || dev >= GPUSCAN_POOL_DEVICES_) return gpuscan_from_cuda_(cudaMallocAsync(ws, bytes, stream));
    pool = GPUSCAN_LOAD_POINTER_(&gpuscan_pool_table_of_program_()->caller[dev]);
    if (pool == NULL) GPUSCAN_TRY_(gpuscan_own_pool_(dev, &pool));
    return gpuscan_from_cuda_(cudaMallocFromPoolAsync(ws, bytes, pool, stream));
}

static inline gpuscan_status gpuscan_workspace_free_(void *ws, cudaStream_t stream)
{
    return ws == NULL ? GPUSCAN_SUCCESS : gpuscan_from_cuda_(cudaFreeAsync(ws, stream));
}

static inline int gpuscan_pool_device_ok_(int device)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return device >= 0 && device < count && device < GPUSCAN_POOL_DEVICES_;
}

/* ---- public (declared in api.h) ---------------------------------------------------------- */
GPUSCAN_SHARED_FUNCTION_ gpuscan_status gpuscan_set_memory_pool(int device, cudaMemPool_t pool)
{
    if (!gpuscan_pool_device_ok_(device)) return GPUSCAN_ERROR_INVALID_DEVICE;
    GPUSCAN_STORE_POINTER_(&gpuscan_pool_table_of_program_()->caller[device], pool);
    return GPUSCAN_SUCCESS;
}

GPUSCAN_SHARED_FUNCTION_ gpuscan_status gpuscan_release_memory(int device)
{
    gpuscan_pool_table_ *t = gpuscan_pool_table_of_program_();
    int first = device, last = device;
    if (device == -1) {
        first = 0;
        last = GPUSCAN_POOL_DEVICES_ - 1;
    } else if (!gpuscan_pool_device_ok_(device)) {
        return GPUSCAN_ERROR_INVALID_DEVICE;
    }
    for (int d = first; d <= last; ++d) {
        cudaMemPool_t p = GPUSCAN_LOAD_POINTER_(&t->own[d]);
        if (p != NULL) GPUSCAN_TRY_(gpuscan_from_cuda_(cudaMemPoolTrimTo(p, 0)));
    }
    return GPUSCAN_SUCCESS;
}

GPUSCAN_SHARED_FUNCTION_ gpuscan_status gpuscan_memory_reserved(int device, size_t *bytes)
{
    cudaMemPool_t p;
    uint64_t reserved = 0;
    if (bytes == NULL) return GPUSCAN_ERROR_NULL_POINTER;
    *bytes = 0;
    if (!gpuscan_pool_device_ok_(device)) return GPUSCAN_ERROR_INVALID_DEVICE;
    p = GPUSCAN_LOAD_POINTER_(&gpuscan_pool_table_of_program_()->own[device]);
    if (p == NULL) return GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(gpuscan_from_cuda_(cudaMemPoolGetAttribute(p, cudaMemPoolAttrReservedMemCurrent, &reserved)));
    *bytes = (size_t)reserved;
    return GPUSCAN_SUCCESS;
}

#endif /* GPUSCAN_MEMORY_CUH */
