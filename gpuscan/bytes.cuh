/* gpuscan/bytes.cuh - 1-byte integers four to a 32-bit word (SIMD within a register).
 *
 * A thread of the coarsened scan owns a run of 32 one-byte elements.  Combined one by one, every
 * element costs an extract, the combine and an insert, and the 1-byte kernels were bound by
 * instruction issue (bench/NOTES.md steps 12-13).  The built-in operators on 1-byte integers act
 * on each byte on its own and are commutative, so four bytes of a word can be combined at once:
 *   add, max, min  even and odd bytes in 16-bit lanes (zero- or sign-extended), so a lane
 *                  cannot carry into the next byte; __dp4a sums the four bytes of a word
 *   and/or/xor     the bitwise operator itself
 * Which types: the 1-byte integer names below (char, schar, uchar, int8_t, uint8_t, i8, u8), as
 * given to GPUSCAN_DEFINE(_NAMED); another name for such a type opts in with
 *   #define GPUSCAN_BYTE_INT_<name> ~, GPUSCAN_BYTES_UNSIGNED   (or _SIGNED)
 * Every other type and operator keeps the element-wise code (P_bytewise() is 0 there).
 *
 * GPUSCAN_BYTES_(P, name, T, op) defines, on runs of `count` items (count a multiple of 4 where
 * P_bytewise(); the callers' counts are compile-time constants):
 *   P_bytewise()                      the operator's GPUSCAN_BYTES_* kind, or 0
 *   P_fold(items, count)              items[0] (x) ... (x) items[count-1], any T
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
/* v where x is a macro defined as `~, v`, else 0 (also ring.cuh's operator and type lookups) */
#define GPUSCAN_PROBE_(x) GPUSCAN_SECOND_OF_(x, 0, ~)
#define GPUSCAN_BYTEWISE_add ~, GPUSCAN_BYTES_ADD
#define GPUSCAN_BYTEWISE_and ~, GPUSCAN_BYTES_AND
#define GPUSCAN_BYTEWISE_or ~, GPUSCAN_BYTES_OR
#define GPUSCAN_BYTEWISE_xor ~, GPUSCAN_BYTES_XOR
#define GPUSCAN_BYTEWISE_max ~, GPUSCAN_BYTES_MAX
#define GPUSCAN_BYTEWISE_min ~, GPUSCAN_BYTES_MIN
#define GPUSCAN_BYTES_KIND_(op) GPUSCAN_SECOND_OF_(GPUSCAN_BYTEWISE_##op, GPUSCAN_BYTES_NONE, ~)
#define GPUSCAN_BYTE_INT_char ~, (CHAR_MIN < 0 ? GPUSCAN_BYTES_SIGNED : GPUSCAN_BYTES_UNSIGNED)
#define GPUSCAN_BYTE_INT_schar ~, GPUSCAN_BYTES_SIGNED
#define GPUSCAN_BYTE_INT_uchar ~, GPUSCAN_BYTES_UNSIGNED
#define GPUSCAN_BYTE_INT_int8_t ~, GPUSCAN_BYTES_SIGNED
#define GPUSCAN_BYTE_INT_uint8_t ~, GPUSCAN_BYTES_UNSIGNED
#define GPUSCAN_BYTE_INT_i8 ~, GPUSCAN_BYTES_SIGNED
#define GPUSCAN_BYTE_INT_u8 ~, GPUSCAN_BYTES_UNSIGNED
#define GPUSCAN_BYTE_INT_(name) GPUSCAN_PROBE_(GPUSCAN_BYTE_INT_##name)

/* Bytes as 16-bit lanes: the even (odd) bytes of w, zero- or sign-extended (PRMT selectors 8-15
 * replicate a byte's sign), and one byte c in both lanes. */
#define GPUSCAN_EVEN_BYTES_(w, sign) __byte_perm((w), 0u, (sign) == GPUSCAN_BYTES_SIGNED ? 0xA280 : 0x4240)
#define GPUSCAN_ODD_BYTES_(w, sign) __byte_perm((w), 0u, (sign) == GPUSCAN_BYTES_SIGNED ? 0xB391 : 0x4341)
#define GPUSCAN_BYTE_LANES_(c, sign) __byte_perm((c), 0u, (sign) == GPUSCAN_BYTES_SIGNED ? 0x8080 : 0x4040)
/* The low bytes of the lanes of even and odd, interleaved back into one word. */
#define GPUSCAN_JOIN_LANES_(even, odd) __byte_perm((even), (odd), 0x6240)
/* a (x) b on 16-bit lanes (sm_90 has max/min.[us]16x2; earlier GPUs emulate them). */
static __device__ __forceinline__ unsigned gpuscan_lanes_op_(int kind, int sign, unsigned a, unsigned b)
{
    const int s = sign == GPUSCAN_BYTES_SIGNED;
    switch (kind) {
    case GPUSCAN_BYTES_ADD: return a + b; /* lane sums stay below 2^16 wherever this is used */
    case GPUSCAN_BYTES_MAX: return s ? __vmaxs2(a, b) : __vmaxu2(a, b);
    case GPUSCAN_BYTES_MIN: return s ? __vmins2(a, b) : __vminu2(a, b);
    default: return a;
    }
}
static __device__ __forceinline__ int gpuscan_bytes_bitwise_(int kind)
{
    return kind == GPUSCAN_BYTES_AND || kind == GPUSCAN_BYTES_OR || kind == GPUSCAN_BYTES_XOR;
}
/* a (x) b, byte by byte. */
static __device__ __forceinline__ unsigned gpuscan_bytes_op_(int kind, int sign, unsigned a, unsigned b)
{
    switch (kind) {
    case GPUSCAN_BYTES_AND: return a & b;
    case GPUSCAN_BYTES_OR: return a | b;
    case GPUSCAN_BYTES_XOR: return a ^ b;
    default:
        return GPUSCAN_JOIN_LANES_(
            gpuscan_lanes_op_(kind, sign, GPUSCAN_EVEN_BYTES_(a, sign), GPUSCAN_EVEN_BYTES_(b, sign)),
            gpuscan_lanes_op_(kind, sign, GPUSCAN_ODD_BYTES_(a, sign), GPUSCAN_ODD_BYTES_(b, sign)));
    }
}
/* A fold of words in two accumulators (the operators are commutative, so the order of the
 * bytes does not matter).  add: acc is the running sum (__dp4a; its low byte is the result).
 * max/min: lanes compared as 16-bit numbers keep the max/min of their high bytes, so acc takes
 * bytes 1 and 3 of each word and acc2 bytes 0 and 2 (shifted up).  and/or/xor: acc, byte-wise. */
static __device__ __forceinline__ void gpuscan_bytes_accumulate_(int kind, int sign, unsigned *acc, unsigned *acc2,
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
static __device__ __forceinline__ unsigned gpuscan_bytes_finish_(int kind, int sign, unsigned acc, unsigned acc2)
{
    if (kind == GPUSCAN_BYTES_ADD) return acc;
    if (gpuscan_bytes_bitwise_(kind)) {
        acc = gpuscan_bytes_op_(kind, sign, acc, acc >> 16);
        return gpuscan_bytes_op_(kind, sign, acc, acc >> 8);
    }
    acc = gpuscan_lanes_op_(kind, sign, acc, acc2);                          /* the high bytes of 2 lanes */
    return gpuscan_lanes_op_(kind, sign, acc, __byte_perm(acc, 0u, 0x3232)) >> 8; /* lane 1 to lane 0 */
}
/* The accumulators' starting values; id4: the identity in every byte. */
static __device__ __forceinline__ unsigned gpuscan_bytes_start_(int kind, unsigned id4)
{
    return kind == GPUSCAN_BYTES_ADD ? 0u : id4;
}
/* The inclusive scan of the four bytes of w after the byte c (low 8 bits of c).  Lanes (add,
 * max, min): pairs = (b0 (x) b1, b2 (x) b3); odd = c (x) (pairs scanned) gives bytes 1 and 3;
 * the even bytes are c (x) (the lane below) (x) b0 / b2. */
static __device__ __forceinline__ unsigned gpuscan_bytes_scan_word_(int kind, int sign, unsigned id4, unsigned w,
                                                                    unsigned c)
{
    if (gpuscan_bytes_bitwise_(kind)) {
        unsigned y = gpuscan_bytes_op_(kind, sign, __byte_perm(w, id4, 0x2104), w); /* b(i-1) (x) b(i) */
        y = gpuscan_bytes_op_(kind, sign, __byte_perm(y, id4, 0x1044), y);         /* b0 (x) ... (x) b(i) */
        return gpuscan_bytes_op_(kind, sign, __byte_perm(c, 0u, 0x0000), y);
    }
    const unsigned even = GPUSCAN_EVEN_BYTES_(w, sign), odd_bytes = GPUSCAN_ODD_BYTES_(w, sign);
    const unsigned cc = GPUSCAN_BYTE_LANES_(c, sign);
    if (kind == GPUSCAN_BYTES_ADD) { /* no carry leaves a lane: every lane value is below 2^11 */
        const unsigned odd = (even + odd_bytes) * 0x10001u + cc;
        return GPUSCAN_JOIN_LANES_(odd - odd_bytes, odd);
    }
    const unsigned id = GPUSCAN_BYTE_LANES_(id4, sign);
    const unsigned pairs = gpuscan_lanes_op_(kind, sign, even, odd_bytes);
    const unsigned scanned = gpuscan_lanes_op_(kind, sign, __byte_perm(pairs, id, 0x1054), pairs); /* lane 0 up */
    const unsigned odd = gpuscan_lanes_op_(kind, sign, cc, scanned);
    const unsigned below = gpuscan_lanes_op_(kind, sign, cc, __byte_perm(scanned, id, 0x1054));
    return GPUSCAN_JOIN_LANES_(gpuscan_lanes_op_(kind, sign, below, even), odd);
}

#define GPUSCAN_BYTES_(P, name, T, op)                                                                    \
    static __device__ __forceinline__ int P##_bytewise(void)                                              \
    {                                                                                                     \
        return sizeof(T) == 1 && GPUSCAN_BYTE_INT_(name) ? GPUSCAN_BYTES_KIND_(op) : GPUSCAN_BYTES_NONE;  \
    }                                                                                                     \
    /* Signed lanes only for max and min (add needs lanes that cannot go negative). */                    \
    static __device__ __forceinline__ int P##_bytes_sign(void)                                            \
    {                                                                                                     \
        const int kind = P##_bytewise();                                                                  \
        return kind == GPUSCAN_BYTES_MAX || kind == GPUSCAN_BYTES_MIN ? GPUSCAN_BYTE_INT_(name)           \
                                                                      : GPUSCAN_BYTES_UNSIGNED;           \
    }                                                                                                     \
    static __device__ __forceinline__ unsigned P##_byte_of(T v)                                           \
    {                                                                                                     \
        unsigned char b = 0;                                                                              \
        memcpy(&b, &v, 1);                                                                                \
        return b;                                                                                         \
    }                                                                                                     \
    /* v's byte in all four bytes of a word. */                                                           \
    static __device__ __forceinline__ unsigned P##_bytes4(T v)                                            \
    {                                                                                                     \
        return P##_byte_of(v) * 0x01010101u;                                                              \
    }                                                                                                     \
    static __device__ __forceinline__ T P##_fold(const T *items, int count)                               \
    {                                                                                                     \
        T v = items[0];                                                                                   \
        if (P##_bytewise() && count % 4 == 0) {                                                           \
            const int kind = P##_bytewise(), sign = P##_bytes_sign();                                     \
            const unsigned id4 = P##_bytes4(P##_identity());                                              \
            unsigned acc = gpuscan_bytes_start_(kind, id4), acc2 = acc;                                   \
            _Pragma("unroll") for (int i = 0; i < count / 4; ++i) {                                       \
                unsigned w;                                                                               \
                memcpy(&w, items + 4 * i, 4);                                                             \
                gpuscan_bytes_accumulate_(kind, sign, &acc, &acc2, w);                                    \
            }                                                                                             \
            acc = gpuscan_bytes_finish_(kind, sign, acc, acc2);                                           \
            memcpy(&v, &acc, 1);                                                                          \
            return v;                                                                                     \
        }                                                                                                 \
        _Pragma("unroll") for (int j = 1; j < count; ++j) v = P##_combine(v, items[j]);                   \
        return v;                                                                                         \
    }                                                                                                     \
    static __device__ __forceinline__ void P##_bytes_scan(T *items, int count, T carry)                   \
    {                                                                                                     \
        const int kind = P##_bytewise(), sign = P##_bytes_sign();                                         \
        const unsigned id4 = P##_bytes4(P##_identity());                                                  \
        unsigned c = P##_byte_of(carry);                                                                  \
        _Pragma("unroll") for (int i = 0; i < count / 4; ++i) {                                           \
            unsigned w;                                                                                   \
            memcpy(&w, items + 4 * i, 4);                                                                 \
            w = gpuscan_bytes_scan_word_(kind, sign, id4, w, c);                                          \
            c = w >> 24;                                                                                  \
            memcpy(items + 4 * i, &w, 4);                                                                 \
        }                                                                                                 \
    }                                                                                                     \
    static __device__ __forceinline__ void P##_bytes_combine(T *items, int count, T prefix)               \
    {                                                                                                     \
        const unsigned p4 = P##_bytes4(prefix);                                                           \
        _Pragma("unroll") for (int i = 0; i < count / 4; ++i) {                                           \
            unsigned w;                                                                                   \
            memcpy(&w, items + 4 * i, 4);                                                                 \
            w = gpuscan_bytes_op_(P##_bytewise(), P##_bytes_sign(), p4, w);                               \
            memcpy(items + 4 * i, &w, 4);                                                                 \
        }                                                                                                 \
    }                                                                                                     \
    static __device__ __forceinline__ void P##_bytes_shift(T *dst, const T *items, int count, T first)    \
    {                                                                                                     \
        unsigned prev = P##_byte_of(first) << 24;                                                         \
        _Pragma("unroll") for (int i = 0; i < count / 4; ++i) {                                           \
            unsigned w;                                                                                   \
            memcpy(&w, items + 4 * i, 4);                                                                 \
            const unsigned s = __byte_perm(prev, w, 0x6543); /* prev's last byte, then w's first three */ \
            memcpy(dst + 4 * i, &s, 4);                                                                   \
            prev = w;                                                                                     \
        }                                                                                                 \
    }

#endif /* GPUSCAN_BYTES_CUH */
