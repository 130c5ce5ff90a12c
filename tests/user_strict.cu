/* tests/user_strict.cu - a user's file with DEFINEs of several sizes, typed ones and a custom
 * operator, built with -Wall -Wextra as errors and, apart, with -G (tests/CMakeLists.txt): neither
 * may fail.  USER_STRICT_PART=1 or 2 builds half of the DEFINEs, each half with 1-byte ones beside
 * others (what once broke -G builds), so that the -G builds run side by side: a -G build of the
 * whole file is the longest compile of the default build; 3 the segmented scans, unique,
 * run-length encoding and a three-way partition (in part 2 the first two took a 1-byte
 * reduce-ahead kernel past 48 KiB under -G); 4 the scans along an axis (under -G apart from the
 * segmented ones, as their own rows form is: docs/api.md). */
#include <stdio.h>
#include <stdint.h>
#include "gpuscan.cuh"

#ifndef USER_STRICT_PART
#define USER_STRICT_PART 0 /* the whole file */
#endif

/* a custom operator of a struct (parts 2, 3 and 4) */
typedef struct { float m, s; } running; /* (max, sum) of a stretch, combined in order */
static __host__ __device__ inline running running_then(running a, running b)
{
    running r = {a.m > b.m ? a.m : b.m, a.s + b.s};
    return r;
}
#define GPUSCAN_OP_msum_IDENTITY(name, T) (running{-HUGE_VALF, 0.0f})
#define GPUSCAN_OP_msum_COMBINE(T, a, b) running_then(a, b)

#if USER_STRICT_PART == 0 || USER_STRICT_PART == 1
GPUSCAN_DEFINE(int, add)
GPUSCAN_DEFINE_NAMED(u8, uint8_t, add)
GPUSCAN_DEFINE_NAMED(i16, int16_t, min)
GPUSCAN_DEFINE(double, max)
/* typed scans: a conversion (the ring's kernels of it) */
GPUSCAN_DEFINE_CONVERT(flags, uint8_t, int32_t, add)
#endif
#if USER_STRICT_PART == 0 || USER_STRICT_PART == 2
GPUSCAN_DEFINE_NAMED(u8, uint8_t, max)
GPUSCAN_DEFINE_NAMED(f32, float, min)
GPUSCAN_DEFINE_NAMED(u64, uint64_t, xor)
GPUSCAN_DEFINE(running, msum)
/* a transform into a 1-byte type */
static __host__ __device__ uint8_t user_low_byte(uint64_t x, size_t i) { return (uint8_t)(x + i); }
GPUSCAN_DEFINE_TRANSFORM(lo8, uint64_t, uint8_t, add, user_low_byte)
/* stream compaction: by flags, and by a predicate of a struct */
GPUSCAN_DEFINE_SELECT(i64, int64_t)
static __host__ __device__ bool user_heavy(running r, size_t i) { return r.s > 1.0f || i == 0; }
GPUSCAN_DEFINE_SELECT_IF(heavy, running, user_heavy)
#endif
#if USER_STRICT_PART == 0 || USER_STRICT_PART == 3
/* segmented scans: a 1-byte type and one of over 16 bytes (two items a thread) - a part of their
 * own under -G, where a 1-byte type's reduce-ahead kernel takes 41 of the 48 KiB of static shared
 * memory and a segmented DEFINE in the same file took it past them (docs/api.md) */
typedef struct { double a[3]; } wide3;
#define GPUSCAN_OP_wadd_IDENTITY(name, T) (wide3{{0.0, 0.0, 0.0}})
#define GPUSCAN_OP_wadd_COMBINE(T, x, y) (wide3{{(x).a[0] + (y).a[0], (x).a[1] + (y).a[1], (x).a[2] + (y).a[2]}})
GPUSCAN_DEFINE_SEGMENTED(u8, uint8_t, add)
GPUSCAN_DEFINE_SEGMENTED(wide3, wide3, wadd)
/* scans by key: 8-byte keys compared with ==, and 24-byte ones by an equality */
static __host__ __device__ bool user_same_wide3(wide3 a, wide3 b) { return a.a[0] == b.a[0] && a.a[1] == b.a[1]; }
GPUSCAN_DEFINE_SCAN_BY_KEY(u8_by_u64, uint64_t, uint8_t, add)
GPUSCAN_DEFINE_SCAN_BY_KEY_EQUAL(wide3_by_wide3, wide3, wide3, wadd, user_same_wide3)
GPUSCAN_DEFINE_REDUCE_BY_KEY(u8_by_u64, uint64_t, uint8_t, add)
GPUSCAN_DEFINE_REDUCE_BY_KEY_EQUAL(wide3_by_wide3, wide3, wide3, wadd, user_same_wide3)
/* reverse: each segment from its end */
GPUSCAN_DEFINE_REVERSE_SEGMENTED(u8, uint8_t, add)
GPUSCAN_DEFINE_REVERSE_SCAN_BY_KEY(u8_by_u64, uint64_t, uint8_t, add)
/* unique, run-length encoding, non-trivial runs: bytes by ==, a struct by its own equality, keys of 8 bytes */
static __host__ __device__ bool user_same_max(running a, running b) { return a.m == b.m; }
GPUSCAN_DEFINE_UNIQUE(u8, uint8_t)
GPUSCAN_DEFINE_UNIQUE_BY_KEY(u64, uint64_t, running)
GPUSCAN_DEFINE_RUN_LENGTH_EQUAL(peaks, running, uint32_t, user_same_max)
GPUSCAN_DEFINE_NON_TRIVIAL_RUNS_EQUAL(plateaus, running, uint32_t, user_same_max)
/* a three-way partition of a struct by two predicates */
static __host__ __device__ bool user_high(running r, size_t i) { return r.m > 0.5f || i == 3; }
static __host__ __device__ bool user_big(running r, size_t i) { return (void)i, r.s > 2.0f; }
GPUSCAN_DEFINE_THREE_WAY_PARTITION(tiers, running, user_high, user_big)
#endif

#if USER_STRICT_PART == 0 || USER_STRICT_PART == 4
/* scans along an axis: a 1-byte type, a custom operator of a struct, 8 bytes */
GPUSCAN_DEFINE_AXIS(u8, uint8_t, max)
GPUSCAN_DEFINE_AXIS(running, running, msum)
GPUSCAN_DEFINE_AXIS(f64, double, add)
#endif

#if USER_STRICT_PART == 0 || USER_STRICT_PART == 1
int user_strict_entry(const int *in, int *out, size_t n)
{
    gpuscan_status s = gpuscan_int_add_inclusive(in, out, n, 0);
    if (s != GPUSCAN_SUCCESS) printf("gpuscan: %s\n", gpuscan_status_string(s));
    return (int)s;
}
#endif
