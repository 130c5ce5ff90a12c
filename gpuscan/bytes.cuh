/* gpuscan/bytes.cuh - 1- and 2-byte integers packed into 32-bit words (SIMD within a register).
 *
 * A thread of the coarsened scan owns a run of 16-32 small elements.  Combined one by one, every
 * element costs an extract, the combine and an insert, and the 1-byte kernels were bound by
 * instruction issue.  The built-in operators on small integers act
 * on each element on its own and are commutative, so the elements of a word can be combined at
 * once:
 *   1-byte, four a word:  add  even and odd bytes in zero-extended 16-bit lanes, so a lane
 *                         cannot carry into the next byte; __dp4a sums the four bytes of a word
 *                         max, min  max/min.[us]16x2, whose 16-bit lanes order by their high
 *                         bytes first: bytes 1 and 3 in place, bytes 0 and 2 shifted up by 8
 *   2-byte, two a word:   max, min  max/min.[us]16x2 on the halves; add  two 32-bit adds whose
 *                         carries leave the half they are read from; __dp2a sums both halves
 *   both                  and/or/xor  the bitwise operator itself
 * Which types: every integer type of 1 or 2 bytes (not bool), told by the type, whatever name its
 * DEFINE gives it (GPUSCAN_PACKED_INT_).  Every other type and operator keeps the element-wise
 * code (P_bytewise() is 0 there).
 *
 * GPUSCAN_BYTES_(P, T, op) defines, on runs of `count` items (P_packs(count): a whole
 * number of words; the callers' counts are compile-time constants):
 *   P_bytewise()                      the operator's GPUSCAN_BYTES_* kind, or 0
 *   P_packs(count)                    whether runs of count items go a word at a time
 *   P_fold(items, count)              items[0] (x) ... (x) items[count-1], any T
 *   P_words_start / _add / _result    a fold of packed words in any order (where P_bytewise())
 *   P_bytes_scan(items, count, c)     in place: item j becomes c (x) items[0] (x) ... (x) items[j]
 *   P_bytes_combine(items, count, p)  in place: item j becomes p (x) items[j]
 *   P_bytes_shift(dst, items, count, first)  dst = first, items[0], ..., items[count-2] */
#ifndef GPUSCAN_BYTES_CUH
#define GPUSCAN_BYTES_CUH

#define GPUSCAN_BYTES_NONE 0
#define GPUSCAN_BYTES_ADD 1
#define GPUSCAN_BYTES_AND 2
#define GPUSCAN_BYTES_OR 3
#define GPUSCAN_BYTES_XOR 4
#define GPUSCAN_BYTES_MAX 5
#define GPUSCAN_BYTES_MIN 6
#define GPUSCAN_BYTES_UNSIGNED 1
#define GPUSCAN_BYTES_SIGNED 2

/* Name lookups that default to 0 (the preprocessor "probe": a defined GPUSCAN_X_<token> expands
 * to `~, value`, which moves the value into the second argument). */
#define GPUSCAN_SECOND_(a, b, ...) b
#define GPUSCAN_SECOND_OF_(...) GPUSCAN_SECOND_(__VA_ARGS__)
/* v where x is a macro defined as `~, v`, else 0 (also the operator lookups of element.cuh and ring.cuh) */
#define GPUSCAN_PROBE_(x) GPUSCAN_SECOND_OF_(x, 0, ~)
#define GPUSCAN_BYTEWISE_add ~, GPUSCAN_BYTES_ADD
#define GPUSCAN_BYTEWISE_and ~, GPUSCAN_BYTES_AND
#define GPUSCAN_BYTEWISE_or ~, GPUSCAN_BYTES_OR
#define GPUSCAN_BYTEWISE_xor ~, GPUSCAN_BYTES_XOR
#define GPUSCAN_BYTEWISE_max ~, GPUSCAN_BYTES_MAX
#define GPUSCAN_BYTEWISE_min ~, GPUSCAN_BYTES_MIN
#define GPUSCAN_BYTES_KIND_(op) GPUSCAN_SECOND_OF_(GPUSCAN_BYTEWISE_##op, GPUSCAN_BYTES_NONE, ~)
/* The signedness of a packed integer type - an integer type of 1 or 2 bytes other than bool, told
 * by the type (element.cuh's traits), whatever its DEFINE calls it - or 0. */
#define GPUSCAN_PACKED_INT_(T)                                                                      \
    ((sizeof(T) == 1 || sizeof(T) == 2) && GPUSCAN_INTEGER_(T)                                      \
         ? (std::is_signed<T>::value ? GPUSCAN_BYTES_SIGNED : GPUSCAN_BYTES_UNSIGNED)               \
         : 0)

/* Bytes as 16-bit lanes (for add): the even (odd) bytes of w, zero-extended. */
#define GPUSCAN_EVEN_BYTES_(w) __byte_perm((w), 0u, 0x4240)
#define GPUSCAN_ODD_BYTES_(w) __byte_perm((w), 0u, 0x4341)
/* The low bytes of the lanes of even and odd, interleaved back into one word. */
#define GPUSCAN_JOIN_LANES_(even, odd) __byte_perm((even), (odd), 0x6240)
/* a (x) b on 16-bit lanes (sm_90 has max/min.[us]16x2; earlier GPUs emulate them). */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_lanes_op_(int kind, int sign, unsigned a, unsigned b)
{
    const int s = sign == GPUSCAN_BYTES_SIGNED;
    switch (kind) {
    case GPUSCAN_BYTES_ADD: return a + b; /* lane sums stay below 2^16 wherever this is used */
    case GPUSCAN_BYTES_MAX: return s ? __vmaxs2(a, b) : __vmaxu2(a, b);
    case GPUSCAN_BYTES_MIN: return s ? __vmins2(a, b) : __vminu2(a, b);
    default: return a;
    }
}
static __device__ __forceinline__ __attribute__((unused)) int gpuscan_bytes_bitwise_(int kind)
{
    return kind == GPUSCAN_BYTES_AND || kind == GPUSCAN_BYTES_OR || kind == GPUSCAN_BYTES_XOR;
}
/* max/min on 16-bit lanes compare the lanes' high bytes first, so they keep the max/min of the
 * high bytes whatever the low bytes hold: a word's bytes 1 and 3 as they are, bytes 0 and 2
 * after a shift up by 8.  The high bytes of `even` and `odd` such lanes, back into one word. */
#define GPUSCAN_JOIN_HIGH_(even, odd) __byte_perm((even), (odd), 0x7351)
/* a (x) b, byte by byte. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_bytes_op_(int kind, int sign, unsigned a, unsigned b)
{
    switch (kind) {
    case GPUSCAN_BYTES_AND: return a & b;
    case GPUSCAN_BYTES_OR: return a | b;
    case GPUSCAN_BYTES_XOR: return a ^ b;
    case GPUSCAN_BYTES_MAX:
    case GPUSCAN_BYTES_MIN:
        return GPUSCAN_JOIN_HIGH_(gpuscan_lanes_op_(kind, sign, a << 8, b << 8), gpuscan_lanes_op_(kind, sign, a, b));
    default: /* add */
        return GPUSCAN_JOIN_LANES_(GPUSCAN_EVEN_BYTES_(a) + GPUSCAN_EVEN_BYTES_(b),
                                   GPUSCAN_ODD_BYTES_(a) + GPUSCAN_ODD_BYTES_(b));
    }
}
/* A fold of words in two accumulators (the operators are commutative, so the order of the
 * bytes does not matter).  add: acc is the running sum (__dp4a; its low byte is the result).
 * max/min: lanes compared as 16-bit numbers keep the max/min of their high bytes, so acc takes
 * bytes 1 and 3 of each word and acc2 bytes 0 and 2 (shifted up).  and/or/xor: acc, byte-wise. */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_bytes_accumulate_(int kind, int sign, unsigned *acc, unsigned *acc2,
                                                                 unsigned w)
{
    if (kind == GPUSCAN_BYTES_ADD) {
        *acc = __dp4a(w, 0x01010101u, *acc);
    } else if (gpuscan_bytes_bitwise_(kind)) {
        *acc = gpuscan_bytes_op_(kind, sign, *acc, w);
    } else {
        *acc = gpuscan_lanes_op_(kind, sign, *acc, w);
        *acc2 = gpuscan_lanes_op_(kind, sign, *acc2, w << 8);
    }
}
/* The accumulators' result in the low byte. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_bytes_finish_(int kind, int sign, unsigned acc, unsigned acc2)
{
    if (kind == GPUSCAN_BYTES_ADD) return acc;
    if (gpuscan_bytes_bitwise_(kind)) {
        acc = gpuscan_bytes_op_(kind, sign, acc, acc >> 16);
        return gpuscan_bytes_op_(kind, sign, acc, acc >> 8);
    }
    acc = gpuscan_lanes_op_(kind, sign, acc, acc2);                          /* the high bytes of 2 lanes */
    return gpuscan_lanes_op_(kind, sign, acc, __byte_perm(acc, 0u, 0x3232)) >> 8; /* lane 1 to lane 0 */
}
/* The inclusive scan of the four bytes of w after the last byte of `last` (the word before).
 * add: in 16-bit lanes of the even and odd bytes, pairs = b0 + b1, b2 + b3 scanned plus c give
 * bytes 1 and 3, less b1 / b3 bytes 0 and 2.  max/min: in high-byte lanes (GPUSCAN_JOIN_HIGH_),
 * odd = c (x) (pairs scanned), even = (c, odd's lane 0) (x) (b0, b2). */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_bytes_scan_word_(int kind, int sign, unsigned id4, unsigned w,
                                                                    unsigned last)
{
    if (gpuscan_bytes_bitwise_(kind)) {
        unsigned y = gpuscan_bytes_op_(kind, sign, __byte_perm(w, id4, 0x2104), w); /* b(i-1) (x) b(i) */
        y = gpuscan_bytes_op_(kind, sign, __byte_perm(y, id4, 0x1044), y);         /* b0 (x) ... (x) b(i) */
        return gpuscan_bytes_op_(kind, sign, __byte_perm(last, 0u, 0x3333), y);
    }
    if (kind == GPUSCAN_BYTES_ADD) { /* no carry leaves a lane: every lane value is below 2^11 */
        const unsigned even = GPUSCAN_EVEN_BYTES_(w), odd_bytes = GPUSCAN_ODD_BYTES_(w);
        const unsigned odd = (even + odd_bytes) * 0x10001u + __byte_perm(last, 0u, 0x4343);
        return GPUSCAN_JOIN_LANES_(odd - odd_bytes, odd);
    }
    const unsigned up = w << 8, cc = __byte_perm(last, 0u, 0x3333);
    const unsigned pairs = gpuscan_lanes_op_(kind, sign, w, up);
    const unsigned scanned = gpuscan_lanes_op_(kind, sign, pairs, __byte_perm(pairs, 0u, 0x1010)); /* lane 0 up */
    const unsigned odd = gpuscan_lanes_op_(kind, sign, cc, scanned);
    return GPUSCAN_JOIN_HIGH_(gpuscan_lanes_op_(kind, sign, up, __byte_perm(cc, odd, 0x5410)), odd);
}

/* ---- 2-byte integers, two a word (h0: bits 0-15, h1: bits 16-31) ---- */
/* a (x) b, half by half.  add: h0 from a + b, h1 from a sum whose low halves add 0 (so no carry
 * comes in from h0); b is the one masked (callers pass a loop-invariant b where there is one). */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_halves_op_(int kind, int sign, unsigned a, unsigned b)
{
    if (gpuscan_bytes_bitwise_(kind)) return gpuscan_bytes_op_(kind, sign, a, b);
    if (kind == GPUSCAN_BYTES_ADD) return __byte_perm(a + b, a + (b & 0xffff0000u), 0x7610);
    return gpuscan_lanes_op_(kind, sign, a, b);
}
/* A fold of words in one accumulator; add: the running sum of both halves (__dp2a). */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_halves_accumulate_(int kind, int sign, unsigned *acc, unsigned w)
{
    *acc = kind == GPUSCAN_BYTES_ADD ? __dp2a_lo(w, 0x0101u, *acc) : gpuscan_halves_op_(kind, sign, *acc, w);
}
/* The accumulator's result in the low half. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_halves_finish_(int kind, int sign, unsigned acc)
{
    return kind == GPUSCAN_BYTES_ADD ? acc : gpuscan_halves_op_(kind, sign, acc, acc >> 16);
}
/* The inclusive scan of the two halves of w after the high half of `last` (the word before).
 * add: s = c + h0 (low half), t = s + h1 (high half).  The others: (h0, h0 (x) h1), then c. */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_halves_scan_word_(int kind, int sign, unsigned id2, unsigned w,
                                                                     unsigned last)
{
    if (kind == GPUSCAN_BYTES_ADD) {
        const unsigned s = w + (last >> 16), t = (s << 16) + w;
        return __byte_perm(s, t, 0x7610);
    }
    const unsigned y = gpuscan_halves_op_(kind, sign, __byte_perm(w, id2, 0x1054), w); /* h0 moved up */
    return gpuscan_halves_op_(kind, sign, __byte_perm(last, 0u, 0x3232), y);
}

/* ---- a word of either: size 1 (bytes) or 2 (halves), a compile-time constant at every call ---- */
#define GPUSCAN_PER_WORD_(T) (sizeof(T) == 1 ? 4 : 2)
#define GPUSCAN_LAST_SHIFT_(T) (sizeof(T) == 1 ? 24 : 16) /* where a word's last element starts */
static __device__ __forceinline__ __attribute__((unused)) void gpuscan_packed_accumulate_(int size, int kind, int sign, unsigned *acc,
                                                                  unsigned *acc2, unsigned w)
{
    if (size == 1) gpuscan_bytes_accumulate_(kind, sign, acc, acc2, w);
    else gpuscan_halves_accumulate_(kind, sign, acc, w);
}
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_packed_finish_(int size, int kind, int sign, unsigned acc,
                                                                  unsigned acc2)
{
    return size == 1 ? gpuscan_bytes_finish_(kind, sign, acc, acc2) : gpuscan_halves_finish_(kind, sign, acc);
}
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_packed_scan_word_(int size, int kind, int sign, unsigned id,
                                                                     unsigned w, unsigned last)
{
    return size == 1 ? gpuscan_bytes_scan_word_(kind, sign, id, w, last)
                     : gpuscan_halves_scan_word_(kind, sign, id, w, last);
}
/* p (x) w, p a word of one element repeated (loop-invariant: halves mask it, not w). */
static __device__ __forceinline__ __attribute__((unused)) unsigned gpuscan_packed_combine_(int size, int kind, int sign, unsigned p,
                                                                   unsigned w)
{
    return size == 1 ? gpuscan_bytes_op_(kind, sign, p, w) : gpuscan_halves_op_(kind, sign, w, p);
}

#define GPUSCAN_BYTES_LANES_(P, T, op)                                                                \
    static __device__ __forceinline__ __attribute__((unused)) int P##_bytewise(void)                                              \
    {                                                                                                     \
        return GPUSCAN_PACKED_INT_(T) != 0 ? GPUSCAN_BYTES_KIND_(op) : GPUSCAN_BYTES_NONE;                     \
    }                                                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) int P##_packs(int count)                                            \
    {                                                                                                     \
        return P##_bytewise() && count % GPUSCAN_PER_WORD_(T) == 0;                                       \
    }                                                                                                     \
    /* Signed lanes only for max and min (add needs lanes that cannot go negative). */                    \
    static __device__ __forceinline__ __attribute__((unused)) int P##_bytes_sign(void)                                            \
    {                                                                                                     \
        const int kind = P##_bytewise();                                                                  \
        return kind == GPUSCAN_BYTES_MAX || kind == GPUSCAN_BYTES_MIN ? GPUSCAN_PACKED_INT_(T)            \
                                                                      : GPUSCAN_BYTES_UNSIGNED;           \
    }                                                                                                     \
    /* v's bits, zero-extended (T of 1 or 2 bytes). */                                                    \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_bits_of(T v)                                           \
    {                                                                                                     \
        unsigned b = 0;                                                                                   \
        memcpy(&b, &v, sizeof(T) < 4 ? sizeof(T) : 4);                                                    \
        return b;                                                                                         \
    }                                                                                                     \
    /* v in every element of a word. */                                                                   \
    static __device__ __forceinline__ __attribute__((unused)) unsigned P##_splat(T v)                                             \
    {                                                                                                     \
        return P##_bits_of(v) * (sizeof(T) == 1 ? 0x01010101u : 0x00010001u);                             \
    }
#define GPUSCAN_BYTES_WORDS_(P, T)                                                                    \
    /* A fold of packed words in any order (the packed operators commute): start, add each word,          \
     * then the result as one T. */                                                                       \
    typedef struct { unsigned acc, acc2; } P##_words_fold;                                                \
    static __device__ __forceinline__ __attribute__((unused)) P##_words_fold P##_words_start(void)                                \
    {                                                                                                     \
        const unsigned a = P##_bytewise() == GPUSCAN_BYTES_ADD ? 0u : P##_splat(P##_identity());          \
        const P##_words_fold f = {a, a};                                                                  \
        return f;                                                                                         \
    }                                                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) void P##_words_add(P##_words_fold *f, unsigned w)                   \
    {                                                                                                     \
        gpuscan_packed_accumulate_(sizeof(T), P##_bytewise(), P##_bytes_sign(), &f->acc, &f->acc2, w);    \
    }                                                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) void P##_words_add_vector(P##_words_fold *f, uint4 v)               \
    {                                                                                                     \
        P##_words_add(f, v.x), P##_words_add(f, v.y), P##_words_add(f, v.z), P##_words_add(f, v.w);       \
    }                                                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) T P##_words_result(P##_words_fold f)                                \
    {                                                                                                     \
        const unsigned r = gpuscan_packed_finish_(sizeof(T), P##_bytewise(), P##_bytes_sign(), f.acc,     \
                                                  f.acc2);                                                \
        T v;                                                                                              \
        memcpy(&v, &r, sizeof(T) < 4 ? sizeof(T) : 4);                                                    \
        return v;                                                                                         \
    }
#define GPUSCAN_BYTES_RUNS_(P, T)                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) T P##_fold(const T *items, int count)                               \
    {                                                                                                     \
        T v = items[0];                                                                                   \
        if (P##_packs(count)) {                                                                           \
            P##_words_fold f = P##_words_start();                                                         \
            _Pragma("unroll") for (int i = 0; i < count / GPUSCAN_PER_WORD_(T); ++i) {                    \
                unsigned w;                                                                               \
                memcpy(&w, items + GPUSCAN_PER_WORD_(T) * i, 4);                                          \
                P##_words_add(&f, w);                                                                     \
            }                                                                                             \
            return P##_words_result(f);                                                                   \
        }                                                                                                 \
        _Pragma("unroll") for (int j = 1; j < count; ++j) v = P##_combine(v, items[j]);                   \
        return v;                                                                                         \
    }                                                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) void P##_bytes_scan(T *items, int count, T carry)                   \
    {                                                                                                     \
        const int kind = P##_bytewise(), sign = P##_bytes_sign();                                         \
        const unsigned id = P##_splat(P##_identity());                                                    \
        unsigned last = P##_bits_of(carry) << GPUSCAN_LAST_SHIFT_(T); /* the carry as a word's last */    \
        _Pragma("unroll") for (int i = 0; i < count / GPUSCAN_PER_WORD_(T); ++i) {                        \
            unsigned w;                                                                                   \
            memcpy(&w, items + GPUSCAN_PER_WORD_(T) * i, 4);                                              \
            last = gpuscan_packed_scan_word_(sizeof(T), kind, sign, id, w, last);                         \
            memcpy(items + GPUSCAN_PER_WORD_(T) * i, &last, 4);                                           \
        }                                                                                                 \
    }                                                                                                     \
    static __device__ __forceinline__ __attribute__((unused)) void P##_bytes_combine(T *items, int count, T prefix)               \
    {                                                                                                     \
        const unsigned p = P##_splat(prefix);                                                             \
        _Pragma("unroll") for (int i = 0; i < count / GPUSCAN_PER_WORD_(T); ++i) {                        \
            unsigned w;                                                                                   \
            memcpy(&w, items + GPUSCAN_PER_WORD_(T) * i, 4);                                              \
            w = gpuscan_packed_combine_(sizeof(T), P##_bytewise(), P##_bytes_sign(), p, w);               \
            memcpy(items + GPUSCAN_PER_WORD_(T) * i, &w, 4);                                              \
        }                                                                                                 \
    }                                                                                                     \
    /* Each word: the previous word's last element, then its own but the last. */                         \
    static __device__ __forceinline__ __attribute__((unused)) void P##_bytes_shift(T *dst, const T *items, int count, T first)    \
    {                                                                                                     \
        unsigned prev = P##_bits_of(first) << GPUSCAN_LAST_SHIFT_(T);                                     \
        _Pragma("unroll") for (int i = 0; i < count / GPUSCAN_PER_WORD_(T); ++i) {                        \
            unsigned w;                                                                                   \
            memcpy(&w, items + GPUSCAN_PER_WORD_(T) * i, 4);                                              \
            const unsigned s = __byte_perm(prev, w, sizeof(T) == 1 ? 0x6543 : 0x5432);                    \
            memcpy(dst + GPUSCAN_PER_WORD_(T) * i, &s, 4);                                                \
            prev = w;                                                                                     \
        }                                                                                                 \
    }
#define GPUSCAN_BYTES_(P, T, op)                                                                    \
    GPUSCAN_BYTES_LANES_(P, T, op)                                                                  \
    GPUSCAN_BYTES_WORDS_(P, T)                                                                      \
    GPUSCAN_BYTES_RUNS_(P, T)

#endif /* GPUSCAN_BYTES_CUH */
