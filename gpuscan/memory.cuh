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
 * Even from a pool that keeps its memory, an allocation and a free cost the host as much as a small
 * scan's launches.  So each device also keeps the last workspace of each stream
 * (up to GPUSCAN_CACHED_STREAMS_ streams): the next call on the same stream uses it again with no
 * allocator call at all, safely, because stream order puts that call after every earlier use - and
 * with it the tile states a single-pass scan left there, which it need not clear again (grid.cuh:
 * rounds; the only workspace whose earlier contents the library knows).  A
 * stream whose handle names a different stream in each thread (cudaStreamPerThread, or 0 under
 * --default-stream per-thread) is never cached; a stream being captured into a graph allocates a
 * node the graph owns (from the caller's pool, else the device's current pool).
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

/* What a kept workspace's first bytes hold for the next single-pass scan (grid.cuh: its rounds):
 * up to `clean` bytes, a claim counter with `claimed` claims and tile states of one `layout` (a
 * tile's bytes, and a word's: host.cuh, gpuscan_pass_run_), all written before round `next` (clean
 * 0: nothing known).  A call that leaves them so says
 * `kept`; after any other call on the workspace they are forgotten (host.cuh). */
typedef struct gpuscan_rounds_ {
    size_t clean;
    unsigned layout, next, claimed, published;
    int kept;
} gpuscan_rounds_;

/* Devices' last workspaces, by stream; at most this many streams a device (an entry's index is also
 * the stream's counter slot: grid.cuh). */
#define GPUSCAN_CACHED_STREAMS_ GPUSCAN_COUNTER_SLOTS_
typedef struct gpuscan_cached_ws_ {
    cudaStream_t stream;
    void *ptr;
    size_t bytes;
    int used; /* a call has it now (else: free for the next call on `stream`) */
    int taken; /* the entry names a stream */
    gpuscan_rounds_ rounds;
} gpuscan_cached_ws_;
/* The table: for each device, the library's own pool, the caller's (NULL: none), and the cache
 * with the lock that guards it. */
typedef struct gpuscan_pool_table_ {
    cudaMemPool_t own[GPUSCAN_POOL_DEVICES_];
    cudaMemPool_t caller[GPUSCAN_POOL_DEVICES_];
    int lock[GPUSCAN_POOL_DEVICES_];
    gpuscan_cached_ws_ cache[GPUSCAN_POOL_DEVICES_][GPUSCAN_CACHED_STREAMS_];
} gpuscan_pool_table_;

GPUSCAN_SHARED_FUNCTION_ gpuscan_pool_table_ *gpuscan_pool_table_of_program_(void)
{
    static gpuscan_pool_table_ table;
    return &table;
}

static inline void gpuscan_cache_lock_(int dev)
{
    int *l = &gpuscan_pool_table_of_program_()->lock[dev];
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {
    }
}
static inline void gpuscan_cache_unlock_(int dev) { __atomic_store_n(&gpuscan_pool_table_of_program_()->lock[dev], 0, __ATOMIC_RELEASE); }

static inline gpuscan_status gpuscan_from_cuda_(cudaError_t e)
{
    return e == cudaSuccess ? GPUSCAN_SUCCESS : (gpuscan_status)(GPUSCAN_ERROR_CUDA_BASE + (int)e);
}

/* The devices the process sees (0 where the runtime cannot say), asked once: the count is fixed for
 * the process (threads that race store the same). */
static inline int gpuscan_devices_seen_(void)
{
    static int seen; /* the count + 1 (0: not known yet) */
    int known = __atomic_load_n(&seen, __ATOMIC_RELAXED), count = 0;
    if (known > 0) return known - 1;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError(); /* (asked again next time) */
        return 0;
    }
    __atomic_store_n(&seen, count + 1, __ATOMIC_RELAXED);
    return count;
}
/* The calling thread's current device, as cudaGetDevice says it - without asking where the process
 * sees one device, which is then device 0: each per-device cache a call looks in would ask again, and
 * a call timed alone waits for its host side. */
static inline cudaError_t gpuscan_current_device_(int *dev)
{
    if (gpuscan_devices_seen_() == 1) {
        *dev = 0;
        return cudaSuccess;
    }
    return cudaGetDevice(dev);
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

/* The pool the simple forms allocate from on `dev`. */
static inline gpuscan_status gpuscan_pool_of_(int dev, cudaMemPool_t *pool)
{
    *pool = GPUSCAN_LOAD_POINTER_(&gpuscan_pool_table_of_program_()->caller[dev]);
    return *pool != NULL ? GPUSCAN_SUCCESS : gpuscan_own_pool_(dev, pool);
}

/* Whether `stream` is being captured into a graph (a failed query: as if it were). */
static inline int gpuscan_capturing_(cudaStream_t stream)
{
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusActive;
    if (cudaStreamIsCapturing(stream, &capture) != cudaSuccess) (void)cudaGetLastError();
    return capture != cudaStreamCaptureStatusNone;
}
/* Whether `stream`'s workspace may be cached: one stream in every thread (not captured). */
static inline int gpuscan_stream_cacheable_(cudaStream_t stream)
{
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
    if (stream == 0) return 0;
#endif
    return stream != cudaStreamPerThread;
}

/* `stream`'s cache entry on `dev`, held for one call (NULL: another thread's call on the stream has
 * it now, or the table is full).  A stream seen first takes a free entry, with no workspace yet.
 * Entries are keyed by the handle alone, and a destroyed stream's entry stays: a new stream that
 * gets the same handle takes it over safely, since CUDA frees a destroyed stream's handle only
 * once its queued work - the last user of the workspace and its states - has completed. */
static inline gpuscan_cached_ws_ *gpuscan_cache_entry_take_(int dev, cudaStream_t stream)
{
    gpuscan_cached_ws_ *row = gpuscan_pool_table_of_program_()->cache[dev], *room = NULL, *c = NULL;
    gpuscan_cache_lock_(dev);
    for (int i = 0; i < GPUSCAN_CACHED_STREAMS_ && c == NULL; ++i) {
        if (row[i].taken && row[i].stream == stream) c = &row[i];
        else if (!row[i].taken && room == NULL) room = &row[i];
    }
    if (c != NULL && c->used) c = NULL;
    else if (c == NULL && room != NULL) {
        c = room;
        c->taken = 1;
        c->stream = stream;
        c->ptr = NULL;
        c->bytes = 0;
        c->rounds.clean = 0;
    }
    if (c != NULL) c->used = 1;
    gpuscan_cache_unlock_(dev);
    return c;
}
static inline void gpuscan_cache_entry_give_(int dev, int slot)
{
    gpuscan_cache_lock_(dev);
    gpuscan_pool_table_of_program_()->cache[dev][slot].used = 0;
    gpuscan_cache_unlock_(dev);
}
/* A counter slot (grid.cuh) for one single-pass scan on `stream` whose states are a caller's: the
 * index + 1 of the stream's cache entry on the current device (*dev), held for the call - the
 * entry names one stream, whose order keeps two scans from using the slot at once - or 0 where there
 * is none: a stream being captured (a graph's launches may go to any stream), one whose handle
 * names a stream a thread, a full table, another call on the stream that holds the entry now. */
static inline unsigned gpuscan_counter_slot_take_(cudaStream_t stream, int *dev)
{
    gpuscan_cached_ws_ *c;
    if (gpuscan_current_device_(dev) != cudaSuccess) return (void)cudaGetLastError(), 0u;
    if (*dev < 0 || *dev >= GPUSCAN_POOL_DEVICES_ || !gpuscan_stream_cacheable_(stream) || gpuscan_capturing_(stream))
        return 0u;
    c = gpuscan_cache_entry_take_(*dev, stream);
    return c == NULL ? 0u : (unsigned)(c - gpuscan_pool_table_of_program_()->cache[*dev]) + 1u;
}

/* A workspace handed out: where it came from, so that it goes back there. */
typedef struct gpuscan_ws_ {
    void *ptr;
    int dev, slot; /* slot >= 0: the cache entry of `stream` on `dev` */
    gpuscan_rounds_ *rounds; /* a cached workspace's (NULL: a workspace used once) */
} gpuscan_ws_;

/* `bytes` of workspace for a simple form on `stream` (the current device's): the stream's cached
 * one where it is large enough, else from the pool (and kept in the cache where there is room).
 * Nothing when bytes is 0. */
static inline gpuscan_status gpuscan_workspace_alloc_(gpuscan_ws_ *ws, size_t bytes, cudaStream_t stream)
{
    gpuscan_cached_ws_ *c = NULL;
    cudaMemPool_t pool = NULL;
    void *old = NULL;
    ws->ptr = NULL;
    ws->dev = 0;
    ws->slot = -1;
    ws->rounds = NULL;
    if (bytes == 0) return GPUSCAN_SUCCESS;
    GPUSCAN_TRY_(gpuscan_from_cuda_(gpuscan_current_device_(&ws->dev)));
    if (ws->dev < 0 || ws->dev >= GPUSCAN_POOL_DEVICES_) return gpuscan_from_cuda_(cudaMallocAsync(&ws->ptr, bytes, stream));
    if (gpuscan_capturing_(stream)) { /* an allocation node the graph owns; no pool is created
                                       * during a capture (that would end it) */
        pool = GPUSCAN_LOAD_POINTER_(&gpuscan_pool_table_of_program_()->caller[ws->dev]);
        return gpuscan_from_cuda_(pool != NULL ? cudaMallocFromPoolAsync(&ws->ptr, bytes, pool, stream)
                                               : cudaMallocAsync(&ws->ptr, bytes, stream));
    }
    GPUSCAN_TRY_(gpuscan_pool_of_(ws->dev, &pool));
    if (gpuscan_stream_cacheable_(stream)) c = gpuscan_cache_entry_take_(ws->dev, stream);
    if (c == NULL) return gpuscan_from_cuda_(cudaMallocFromPoolAsync(&ws->ptr, bytes, pool, stream));
    ws->slot = (int)(c - gpuscan_pool_table_of_program_()->cache[ws->dev]);
    if (c->bytes < bytes) { /* (only this call touches c until it gives it back) */
        size_t grown = 4096;
        while (grown < bytes) grown *= 2; /* so that a stream's growing sizes reallocate rarely */
        bytes = grown;
        old = c->ptr;
        c->ptr = NULL;
        c->bytes = 0;
        c->rounds.clean = 0;
        if (old != NULL && cudaFreeAsync(old, stream) != cudaSuccess) (void)cudaGetLastError();
        if (cudaMallocFromPoolAsync(&c->ptr, bytes, pool, stream) != cudaSuccess) {
            const cudaError_t e = cudaGetLastError();
            gpuscan_cache_lock_(ws->dev);
            c->ptr = NULL;
            c->used = c->taken = 0;
            gpuscan_cache_unlock_(ws->dev);
            ws->slot = -1;
            return gpuscan_from_cuda_(e);
        }
        c->bytes = bytes;
    }
    ws->ptr = c->ptr;
    ws->rounds = &c->rounds;
    ws->rounds->kept = 0;
    return GPUSCAN_SUCCESS;
}

/* Gives ws back after its launches are queued: to the cache (the stream's next call finds it), or
 * to the pool, stream-ordered. */
static inline gpuscan_status gpuscan_workspace_free_(const gpuscan_ws_ *ws, cudaStream_t stream)
{
    if (ws->ptr == NULL) return GPUSCAN_SUCCESS;
    if (ws->slot < 0) return gpuscan_from_cuda_(cudaFreeAsync(ws->ptr, stream));
    if (!ws->rounds->kept) ws->rounds->clean = 0;
    gpuscan_cache_entry_give_(ws->dev, ws->slot);
    return GPUSCAN_SUCCESS;
}

/* Frees the cached workspaces of `dev` that no call holds now, and their entries.  Their streams
 * may be gone, so it waits for the device, and holds the entries until then: an entry's index is a
 * counter slot that work still queued may use. */
static inline gpuscan_status gpuscan_cache_flush_(int dev)
{
    gpuscan_cached_ws_ *row = gpuscan_pool_table_of_program_()->cache[dev];
    gpuscan_status status = GPUSCAN_SUCCESS;
    int current = 0, any = 0;
    int mine[GPUSCAN_CACHED_STREAMS_];
    gpuscan_cache_lock_(dev);
    for (int i = 0; i < GPUSCAN_CACHED_STREAMS_; ++i) {
        mine[i] = row[i].taken && !row[i].used;
        if (mine[i]) row[i].used = 1, any = 1;
    }
    gpuscan_cache_unlock_(dev);
    if (!any) return GPUSCAN_SUCCESS;
    status = gpuscan_from_cuda_(cudaGetDevice(&current));
    if (status == GPUSCAN_SUCCESS) status = gpuscan_from_cuda_(cudaSetDevice(dev));
    /* cudaFree of pool memory does not wait for work still queued on a stream destroyed since */
    if (status == GPUSCAN_SUCCESS) status = gpuscan_from_cuda_(cudaDeviceSynchronize());
    for (int i = 0; i < GPUSCAN_CACHED_STREAMS_; ++i)
        if (mine[i] && row[i].ptr != NULL && status == GPUSCAN_SUCCESS) status = gpuscan_from_cuda_(cudaFree(row[i].ptr));
    (void)cudaSetDevice(current);
    gpuscan_cache_lock_(dev);
    for (int i = 0; i < GPUSCAN_CACHED_STREAMS_; ++i) {
        if (!mine[i]) continue;
        row[i].ptr = NULL;
        row[i].bytes = 0;
        row[i].rounds.clean = 0;
        row[i].taken = row[i].used = 0;
    }
    gpuscan_cache_unlock_(dev);
    return status;
}

static inline int gpuscan_pool_device_ok_(int device)
{
    return device >= 0 && device < gpuscan_devices_seen_() && device < GPUSCAN_POOL_DEVICES_;
}

/* A pool whose memory `device` cannot read and write (another device's, without peer access
 * granted) would hand kernels a workspace they fault on: refused. */
static inline gpuscan_status gpuscan_pool_serves_(int device, cudaMemPool_t pool)
{
    cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
    cudaMemLocation where;
    memset(&where, 0, sizeof where);
    where.type = cudaMemLocationTypeDevice;
    where.id = device;
    GPUSCAN_TRY_(gpuscan_from_cuda_(cudaMemPoolGetAccess(&flags, pool, &where)));
    return flags == cudaMemAccessFlagsProtReadWrite ? GPUSCAN_SUCCESS : GPUSCAN_ERROR_INVALID_DEVICE;
}

/* ---- public (declared in api.h) ---------------------------------------------------------- */
GPUSCAN_SHARED_FUNCTION_ gpuscan_status gpuscan_set_memory_pool(int device, cudaMemPool_t pool)
{
    if (!gpuscan_pool_device_ok_(device)) return GPUSCAN_ERROR_INVALID_DEVICE;
    if (pool != NULL) GPUSCAN_TRY_(gpuscan_pool_serves_(device, pool));
    GPUSCAN_TRY_(gpuscan_cache_flush_(device)); /* nothing cached from the pool before */
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
        if (p == NULL) continue; /* (nothing was ever allocated there) */
        GPUSCAN_TRY_(gpuscan_cache_flush_(d));
        GPUSCAN_TRY_(gpuscan_from_cuda_(cudaMemPoolTrimTo(p, 0)));
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
