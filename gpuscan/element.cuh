/* gpuscan/element.cuh - the element layer: one type T with one operator.
 *
 * GPUSCAN_ELEMENT_(P, name, T, op) defines, for the prefix P (e.g. gpuscan_int_add):
 *   P_combine(a, b), P_identity()             the operator, host and device
 *   P_shfl_up / P_shfl_down / P_shfl_idx      warp shuffles of any T, one 32-bit word at a time
 *   P_slot_store / P_slot_load                a T in a global "slot" of whole words, written and
 *                                             read at L2 (cg), for publishing between blocks
 * Everything above this layer talks to T only through these functions. */
#ifndef GPUSCAN_ELEMENT_CUH
#define GPUSCAN_ELEMENT_CUH

#include <string.h>
#include <type_traits>
#include <limits>

/* ---- what a DEFINE checks first, so that a misuse's first error line names it ----------------
 * An undefined operator macro stays unexpanded when stringized (found in the text); an identity
 * that asks for the type's limits (gpuscan_lowest_ / _highest_ in its text) needs an overload
 * for T, which decltype checks. */
/* A break in the compiler's echo of a DEFINE's one long line: an error's echo runs from the last
 * pragma before it to the next one, so that each error shows its own part, not the whole DEFINE. */
#define GPUSCAN_BREAK_ _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic pop")
#define GPUSCAN_STR_(...) #__VA_ARGS__
#define GPUSCAN_XSTR_(...) GPUSCAN_STR_(__VA_ARGS__)
static constexpr int gpuscan_has_prefix_(const char *s, const char *p)
{
    return *p == 0 ? 1 : (*s == *p && gpuscan_has_prefix_(s + 1, p + 1));
}
static constexpr int gpuscan_contains_(const char *s, const char *p)
{
    return gpuscan_has_prefix_(s, p) || (*s != 0 && gpuscan_contains_(s + 1, p));
}
static constexpr int gpuscan_is_identifier_(const char *s)
{
    return *s == 0 || (((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
                        *s == '_') && gpuscan_is_identifier_(s + 1));
}
/* add and mul: arithmetic, which bool does not do */
#define GPUSCAN_OP_add_ARITHMETIC_ ~, 1
#define GPUSCAN_OP_mul_ARITHMETIC_ ~, 1
/* and, or, xor: integer types only */
#define GPUSCAN_OP_and_INTEGER_ONLY_ ~, 1
#define GPUSCAN_OP_or_INTEGER_ONLY_ ~, 1
#define GPUSCAN_OP_xor_INTEGER_ONLY_ ~, 1
#define GPUSCAN_CHECK_NAME_(name, fix)                                                              \
    static_assert(gpuscan_is_identifier_(#name), "gpuscan: the type name '" #name "' is not one token: " fix);
#define GPUSCAN_FIX_NAME_(name, op) "write GPUSCAN_DEFINE_NAMED(short_name, " #name ", " #op ")"
#define GPUSCAN_CHECK_DEFINE_(P, name, T, op)                                                       \
    GPUSCAN_CHECK_NAME_(name, GPUSCAN_FIX_NAME_(name, op))                                          \
    GPUSCAN_BREAK_                                                                                  \
    /* a second DEFINE of the same (name, op) in one file redefines this enum first */              \
    enum P##_DEFINE_appears_twice_in_this_file {};                                                  \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(!gpuscan_has_prefix_(GPUSCAN_XSTR_(GPUSCAN_OP_##op##_COMBINE(T, a, b)),           \
                                       "GPUSCAN_OP_" #op "_COMBINE") &&                             \
                      !gpuscan_has_prefix_(GPUSCAN_XSTR_(GPUSCAN_OP_##op##_IDENTITY(name, T)),      \
                                           "GPUSCAN_OP_" #op "_IDENTITY"),                          \
                  "gpuscan: unknown operator '" #op "': the built-in ones are add, mul, min, max, " \
                  "and, or, xor; for your own define GPUSCAN_OP_" #op "_IDENTITY(name, T) and "     \
                  "GPUSCAN_OP_" #op "_COMBINE(T, a, b) before the DEFINE (docs/api.md)");           \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(!gpuscan_contains_(GPUSCAN_XSTR_(GPUSCAN_OP_##op##_IDENTITY(name, T)),            \
                                     "gpuscan_lowest_") ||                                          \
                      std::is_same<decltype(gpuscan_lowest_((const T *)0)), T>::value,              \
                  "gpuscan: " #op " needs the lowest value of " #T ": give it one before the DEFINE, "\
                  "static __host__ __device__ inline " #T " gpuscan_lowest_(const " #T " *) "       \
                  "(gpuscan_ops.h)");                                                               \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(!gpuscan_contains_(GPUSCAN_XSTR_(GPUSCAN_OP_##op##_IDENTITY(name, T)),            \
                                     "gpuscan_highest_") ||                                         \
                      std::is_same<decltype(gpuscan_highest_((const T *)0)), T>::value,             \
                  "gpuscan: " #op " needs the highest value of " #T ": give it one before the "     \
                  "DEFINE, static __host__ __device__ inline " #T " gpuscan_highest_(const " #T     \
                  " *) (gpuscan_ops.h)");                                                           \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(!GPUSCAN_PROBE_(GPUSCAN_OP_##op##_INTEGER_ONLY_) || std::is_integral<T>::value,   \
                  "gpuscan: operator '" #op "' (bitwise) needs an integer type, not " #T);          \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(!std::is_same<T, bool>::value || !GPUSCAN_PROBE_(GPUSCAN_OP_##op##_ARITHMETIC_),   \
                  "gpuscan: " #op " of bool is a bool (add: or; mul: and): to count, scan into a "  \
                  "wider type, GPUSCAN_DEFINE_CONVERT(" #name "_count, bool, int, " #op ")");       \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(std::is_trivially_copyable<T>::value,                                             \
                  "gpuscan: " #T " must be trivially copyable (gpuscan moves elements as bytes): "  \
                  "no user copy constructor, assignment or destructor, no virtual functions");      \
    GPUSCAN_BREAK_                                                                                  \
    static_assert(__alignof__(T) <= 16,                                                             \
                  "gpuscan: " #T " is aligned to more than 16 bytes; gpuscan moves elements in "    \
                  "pieces of at most 16 bytes: use a type of 16-byte alignment or less");

/* A typed DEFINE's transform: fn(x, i) of a TIn and its index gives a T. */
#define GPUSCAN_CHECK_INPUT_(name, TIn)                                                             \
    static_assert(__alignof__(TIn) <= 16 && sizeof(TIn) > 0,                                       \
                  "gpuscan: the input type " #TIn " is aligned to more than 16 bytes");
#define GPUSCAN_CHECK_TRANSFORM_(name, TIn, T, fn)                                                  \
    static_assert(std::is_convertible<decltype(fn(*(const TIn *)0, (size_t)0)), T>::value,         \
                  "gpuscan: the transform '" #fn "' of " #name " must take (" #TIn " x, size_t i) " \
                  "and return " #T ": static __host__ __device__ " #T " " #fn "(" #TIn ", size_t)");\
    GPUSCAN_CHECK_INPUT_(name, TIn)
/* GPUSCAN_DEFINE_CONVERT's: a plain conversion, its own function (in the DEFINE's namespace). */
#define GPUSCAN_CHECK_CONVERSION_(name, TIn, T, fn)                                                 \
    static_assert(std::is_convertible<TIn, T>::value,                                               \
                  "gpuscan: " #name " converts " #TIn " to " #T ", which C++ cannot convert");     \
    GPUSCAN_CHECK_INPUT_(name, TIn)
#define GPUSCAN_CONVERSION_FN_(P, TIn, T)                                                           \
    static __host__ __device__ __forceinline__ __attribute__((unused)) T P##_convert(TIn x, size_t i)                       \
    {                                                                                               \
        (void)i;                                                                                    \
        return (T)x;                                                                                \
    }

/* 32-bit words that hold one T (the last one zero-padded). */
#define GPUSCAN_WORDS_(T) ((sizeof(T) + 3u) / 4u)

/* The user's operator, wrapped in functions so that an error in it is reported once, at the
 * GPUSCAN_DEFINE line, and so that its arguments are evaluated exactly once.  REV: a reverse
 * scan's, which runs forward over the mirrored sequence, so its operands swap (b (x) a).
 * An operator that calls a plain (__host__) function, or a constexpr one such as std::max without
 * --expt-relaxed-constexpr, compiles with only a warning and computes garbage on the GPU (measured:
 * 1,048,565 of 2^20 maxima wrong): the device pass makes those warnings (20011, 20013) errors,
 * whose first line then names the wrapper below, which says the fix. */
#if defined(__CUDA_ARCH__)
#define GPUSCAN_HOST_CALLS_FAIL_ _Pragma("nv_diag_push") _Pragma("nv_diag_error 20011") _Pragma("nv_diag_error 20013")
#define GPUSCAN_HOST_CALLS_END_ _Pragma("nv_diag_pop")
#else /* (the host compiler would warn of pragmas it does not know) */
#define GPUSCAN_HOST_CALLS_FAIL_
#define GPUSCAN_HOST_CALLS_END_
#endif
#define GPUSCAN_OPERATOR_(P, name, T, op, REV)                                                      \
    GPUSCAN_HOST_CALLS_FAIL_                                                                        \
    /* min/max's NaN test (b != b) is a self-comparison for integer types: true to its purpose */   \
    _Pragma("GCC diagnostic push")                                                                  \
    _Pragma("GCC diagnostic ignored \"-Wtautological-compare\"")                                    \
    static __host__ __device__ __forceinline__ __attribute__((unused)) T                                                    \
    P##_COMBINE_must_call_only___host_____device___functions(T a, T b)                              \
    {                                                                                               \
        return GPUSCAN_OP_##op##_COMBINE(T, a, b);                                                  \
    }                                                                                               \
    _Pragma("GCC diagnostic pop")                                                                   \
    static __host__ __device__ __forceinline__ __attribute__((unused)) T                                                    \
    P##_IDENTITY_must_call_only___host_____device___functions(void)                                 \
    {                                                                                               \
        return GPUSCAN_OP_##op##_IDENTITY(name, T);                                                 \
    }                                                                                               \
    GPUSCAN_HOST_CALLS_END_                                                                         \
    GPUSCAN_BREAK_                                                                                  \
    static __host__ __device__ __forceinline__ __attribute__((unused)) T P##_combine(T a, T b)                              \
    {                                                                                               \
        return REV ? P##_COMBINE_must_call_only___host_____device___functions(b, a)                 \
                   : P##_COMBINE_must_call_only___host_____device___functions(a, b);                \
    }                                                                                               \
    static __host__ __device__ __forceinline__ __attribute__((unused)) T P##_identity(void)                                 \
    {                                                                                               \
        return P##_IDENTITY_must_call_only___host_____device___functions();                         \
    }

/* One warp shuffle of a T: split into words, shuffle each, reassemble. */
#define GPUSCAN_SHUFFLE_(P, T, fn, SHFL)                                                            \
    static __device__ __forceinline__ __attribute__((unused)) T P##_##fn(T v, int arg)                                      \
    {                                                                                               \
        unsigned int w[GPUSCAN_WORDS_(T)];                                                          \
        w[GPUSCAN_WORDS_(T) - 1] = 0u;                                                              \
        memcpy(w, &v, sizeof(T));                                                                   \
        _Pragma("unroll") for (unsigned i = 0; i < GPUSCAN_WORDS_(T); ++i)                          \
            w[i] = SHFL(0xffffffffu, w[i], arg);                                                    \
        memcpy(&v, w, sizeof(T));                                                                   \
        return v;                                                                                   \
    }

/* Global slots: a T stored as whole words through L2 (bypassing the non-coherent L1), so that
 * another block that saw the matching flag (after a fence) reads the value just written. */
#define GPUSCAN_SLOTS_(P, T)                                                                        \
    static __device__ __forceinline__ __attribute__((unused)) void P##_slot_store(unsigned int *slot, T v)                  \
    {                                                                                               \
        unsigned int w[GPUSCAN_WORDS_(T)];                                                          \
        w[GPUSCAN_WORDS_(T) - 1] = 0u;                                                              \
        memcpy(w, &v, sizeof(T));                                                                   \
        _Pragma("unroll") for (unsigned i = 0; i < GPUSCAN_WORDS_(T); ++i) __stcg(slot + i, w[i]);  \
    }                                                                                               \
    static __device__ __forceinline__ __attribute__((unused)) T P##_slot_load(const unsigned int *slot)                     \
    {                                                                                               \
        unsigned int w[GPUSCAN_WORDS_(T)];                                                          \
        T v;                                                                                        \
        _Pragma("unroll") for (unsigned i = 0; i < GPUSCAN_WORDS_(T); ++i) w[i] = __ldcg(slot + i); \
        memcpy(&v, w, sizeof(T));                                                                   \
        return v;                                                                                   \
    }

/* Operators whose result does not depend on the order of the operands, so that a reduction may
 * fold elements in any order: 1 always, 2 for integer types only (floating min/max tell equal
 * values apart by position: -0/+0, NaN payloads).  Custom operators and types: never assumed. */
#define GPUSCAN_OP_add_COMMUTES_ ~, 1
#define GPUSCAN_OP_mul_COMMUTES_ ~, 1
#define GPUSCAN_OP_and_COMMUTES_ ~, 1
#define GPUSCAN_OP_or_COMMUTES_ ~, 1
#define GPUSCAN_OP_xor_COMMUTES_ ~, 1
#define GPUSCAN_OP_min_COMMUTES_ ~, 2
#define GPUSCAN_OP_max_COMMUTES_ ~, 2
/* ---- the type's traits: looked up by the type itself, never by the name a DEFINE gives it ----- */
#define GPUSCAN_INTEGER_(T) (std::is_integral<T>::value && !std::is_same<T, bool>::value)
#define GPUSCAN_FLOATING_(T)                                                                        \
    (std::is_floating_point<T>::value || std::is_same<T, __half>::value ||                          \
     std::is_same<T, __nv_bfloat16>::value)
#define GPUSCAN_NUMBER_TYPE_(T) (std::is_arithmetic<T>::value || GPUSCAN_FLOATING_(T))
#define GPUSCAN_COMMUTES_(op, T)                                                                    \
    (GPUSCAN_NUMBER_TYPE_(T) && (GPUSCAN_PROBE_(GPUSCAN_OP_##op##_COMMUTES_) == 1 ||                \
                                 (GPUSCAN_PROBE_(GPUSCAN_OP_##op##_COMMUTES_) == 2 && std::is_integral<T>::value)))
/* Operators whose result does not depend on how the operands are grouped, to the bit: the
 * built-in operators on integer types (add and mul wrap; and, or, xor, min, max), and min and max
 * on any number type - they return an operand, the first of the least (greatest) or else the last
 * NaN (gpuscan_ops.h), whatever the grouping.  Any association gives them the same bits, so the
 * deterministic mode (grid.cuh: GPUSCAN_DETERMINISTIC) fixes the order only for the others
 * (floating-point add and mul, custom operators): P_FIXED_ORDER_. */
#define GPUSCAN_ASSOCIATES_EXACTLY_(op, T)                                                          \
    ((std::is_integral<T>::value && GPUSCAN_PROBE_(GPUSCAN_OP_##op##_COMMUTES_) != 0) ||            \
     (GPUSCAN_NUMBER_TYPE_(T) && GPUSCAN_PROBE_(GPUSCAN_OP_##op##_COMMUTES_) == 2))

/* One 16-byte vector of elements of TI (i: the first one's index) into items of T through STAGE
 * (only called where TI divides 16 bytes); where the stage COPIES, a vector is its items' bytes. */
#define GPUSCAN_VECTOR_READER_(fname, TI, T, COPIES, STAGE)                                         \
    static __device__ __forceinline__ __attribute__((unused)) void fname(T *items, uint4 v, size_t i)                       \
    {                                                                                               \
        enum { K = 16 / sizeof(TI) > 0 ? 16 / sizeof(TI) : 1 };                                     \
        if (COPIES) {                                                                               \
            memcpy(items, &v, 16u);                                                                 \
        } else {                                                                                    \
            TI part[K];                                                                             \
            memcpy(part, &v, K * sizeof(TI) < 16 ? K * sizeof(TI) : 16);                            \
            _Pragma("unroll") for (unsigned k = 0; k < K; ++k) items[k] = STAGE(part[k], i + k);    \
        }                                                                                           \
    }
/* The load stage of a scan of T: the type read (P_in_t) and how an element of it becomes a T
 * (P_load_stage(x, i), i its index in the input), one by one or a vector at a time
 * (P_load_vector).  COPIES (P_LOAD_COPIES_): the stage is the identity on T, so that the paths
 * that move raw input bytes (spans, the ring) apply.  A plain DEFINE reads T itself
 * (FN = P_as_is, COPIES = 1); a typed one converts or transforms (gpuscan.cuh).  The tile
 * reads of the scan's own T arrays (the hierarchy's upper levels, fixups) go through P_as_is and
 * P_raw_vector whatever the stage. */
#define GPUSCAN_LOAD_STAGE_(P, TIn, T, FN, COPIES, REV)                                             \
    typedef TIn P##_in_t;                                                                           \
    /* REVERSED_: the scan runs over the input mirrored (a reverse scan): tiles from the end, each  \
     * tile's elements back to front (their indices stay the input's).  OWN_AS_IS_: the scan's own  \
     * T arrays (upper levels, partials) need a reader of their own, forward and as they are. */    \
    enum { P##_LOAD_COPIES_ = COPIES, P##_REVERSED_ = REV, P##_OWN_AS_IS_ = !(COPIES) || (REV) };   \
    static __device__ __forceinline__ __attribute__((unused)) T P##_load_stage(P##_in_t x, size_t i) { return FN(x, i); }   \
    GPUSCAN_VECTOR_READER_(P##_load_vector, P##_in_t, T, P##_LOAD_COPIES_, P##_load_stage)          \
    /* The 16 bytes at p, aligned only to the type read, element by element (the same vector a       \
     * 16-byte read would give, where p is not aligned to 16). */                                   \
    static __device__ __forceinline__ __attribute__((unused)) uint4 P##_vector_of_elements(const P##_in_t *p) \
    {                                                                                               \
        enum { K = 16 / sizeof(P##_in_t) > 0 ? 16 / sizeof(P##_in_t) : 1 };                         \
        P##_in_t part[K];                                                                           \
        uint4 v;                                                                                    \
        _Pragma("unroll") for (unsigned k = 0; k < K; ++k) part[k] = p[k];                          \
        memcpy(&v, part, K * sizeof(P##_in_t) < 16 ? K * sizeof(P##_in_t) : 16);                    \
        return v;                                                                                   \
    }

/* The store stage: the type written (P_out_t) and how a T becomes one (P_store_stage(v, i), i its
 * index in the output).  A plain DEFINE writes T itself, unchanged. */
#define GPUSCAN_STORE_STAGE_(P, T)                                                                  \
    typedef T P##_out_t;                                                                            \
    enum { P##_STORE_COPIES_ = 1 }; /* the stage copies: a vector is its items' bytes */            \
    static __device__ __forceinline__ __attribute__((unused)) P##_out_t P##_store_stage(T v, size_t i)                      \
    {                                                                                               \
        (void)i;                                                                                    \
        return v;                                                                                   \
    }                                                                                               \
    /* Items into one 16-byte vector of outputs (i: the first one's index; only called where        \
     * P_out_t divides 16 bytes). */                                                                \
    static __device__ __forceinline__ __attribute__((unused)) void P##_store_vector(uint4 *w, const T *items, size_t i)     \
    {                                                                                               \
        enum { K = 16 / sizeof(P##_out_t) > 0 ? 16 / sizeof(P##_out_t) : 1 };                       \
        if (P##_STORE_COPIES_) {                                                                    \
            memcpy(w, items, 16u);                                                                  \
        } else {                                                                                    \
            P##_out_t part[K];                                                                      \
            _Pragma("unroll") for (unsigned k = 0; k < K; ++k)                                      \
                part[k] = P##_store_stage(items[k], i + k);                                         \
            memcpy(w, part, K * sizeof(P##_out_t) < 16 ? K * sizeof(P##_out_t) : 16);               \
        }                                                                                           \
    }

/* How a value of T moves between threads and blocks: shuffles and global slots. */
#define GPUSCAN_MOVES_(P, T)                                                                        \
    GPUSCAN_SHUFFLE_(P, T, shfl_up, __shfl_up_sync)                                                 \
    GPUSCAN_SHUFFLE_(P, T, shfl_down, __shfl_down_sync)                                             \
    GPUSCAN_SHUFFLE_(P, T, shfl_idx, __shfl_sync)                                                   \
    GPUSCAN_SLOTS_(P, T)
#define GPUSCAN_ELEMENT_(P, name, T, op, REV)                                                       \
    enum { P##_COMMUTES_ = GPUSCAN_COMMUTES_(op, T),                                                \
           P##_FIXED_ORDER_ = GPUSCAN_DETERMINISTIC && !GPUSCAN_ASSOCIATES_EXACTLY_(op, T) };       \
    GPUSCAN_OPERATOR_(P, name, T, op, REV)                                                          \
    static __host__ __device__ __forceinline__ __attribute__((unused)) T P##_as_is(T x, size_t i)                           \
    {                                                                                               \
        (void)i;                                                                                    \
        return x;                                                                                   \
    }                                                                                               \
    GPUSCAN_VECTOR_READER_(P##_raw_vector, T, T, 1, P##_as_is)                                      \
    GPUSCAN_STORE_STAGE_(P, T)                                                                      \
    GPUSCAN_MOVES_(P, T)

#endif /* GPUSCAN_ELEMENT_CUH */
