#!/usr/bin/env bash
# tools/compile-cost.sh - what a DEFINE costs to compile, against CUB for the same entry points
# (inclusive scan, exclusive scan, reduction), from translation units of 1, 4 and 8 (type, op)
# pairs of {int, float, int64_t, double} x {add, max}: the seconds and object bytes of each, and
# per (type, op) beyond the first ((8 - 1) / 7).  sm_90 (ARCH=...), the median of RUNS (3) compiles.
#   tools/compile-cost.sh               gpuscan (as users get it) and CUB
#   EVERY=1 tools/compile-cost.sh       gpuscan with GPUSCAN_EVERY_ALGORITHM 1 (the whole matrix)
#   OLD=<dir> tools/compile-cost.sh     also gpuscan's headers in <dir> (e.g. a git archive of an
#                                       older commit), as "old"
# Needs no GPU (nvcc, and CUB, which the CUDA toolkit brings).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pairs="int:add float:add int64_t:add double:add int:max float:max int64_t:max double:max"
# gpuscan_<k>.cu / cub_<k>.cu: the first k pairs, each called from one function
for k in 1 4 8; do
    g="$dir/gpuscan_$k.cu" c="$dir/cub_$k.cu"
    { [ "${EVERY:-0}" = 1 ] && echo "#define GPUSCAN_EVERY_ALGORITHM 1"; echo '#include "gpuscan.cuh"'; } >"$g"
    echo '#include <cub/cub.cuh>' >"$c"
    i=0
    for p in $pairs; do
        i=$((i + 1)); [ $i -le $k ] || break
        t=${p%:*} op=${p#*:}
        cat >>"$g" <<SRC
GPUSCAN_DEFINE_NAMED(t$i, $t, $op)
int run$i(const $t *in, $t *out, $t *r, size_t n, cudaStream_t s)
{
    return (int)gpuscan_t${i}_${op}_inclusive(in, out, n, s) | (int)gpuscan_t${i}_${op}_exclusive(in, out, n, ($t)0, s) |
           (int)gpuscan_t${i}_${op}_reduce(in, r, n, s);
}
SRC
        if [ "$op" = add ]; then scan="InclusiveSum(t, a, in, out, (int)n, s)" escan="ExclusiveSum(t, b, in, out, (int)n, s)" red="Sum(t, c, in, r, (int)n, s)"
        else scan="InclusiveScan(t, a, in, out, cuda::maximum<>(), (int)n, s)" escan="ExclusiveScan(t, b, in, out, cuda::maximum<>(), ($t)0, (int)n, s)" red="Max(t, c, in, r, (int)n, s)"; fi
        cat >>"$c" <<SRC
int run$i(const $t *in, $t *out, $t *r, size_t n, cudaStream_t s)
{
    size_t a = 0, b = 0, c = 0;
    void *t = nullptr;
    cub::DeviceScan::$scan;
    cub::DeviceScan::$escan;
    cub::DeviceReduce::$red;
    return (int)(a + b + c);
}
SRC
    done
done
# median seconds and bytes of one compile of $1 with include folder $2
cost() {
    local times="" s
    for _ in $(seq "${RUNS:-3}"); do
        s=$(date +%s.%N)
        nvcc -O3 -std=c++17 -arch="${ARCH:-sm_90}" -I"$2" -c "$1" -o "$1.o"
        times="$times $(echo "$(date +%s.%N) - $s" | bc)"
    done
    echo "$(echo $times | tr ' ' '\n' | sort -n | sed -n "$(( (${RUNS:-3} + 1) / 2 ))p") $(stat -c %s "$1.o")"
}
printf '%-8s %10s %10s %10s %14s %14s %14s %12s %12s\n' what "1 s" "4 s" "8 s" "1 bytes" "4 bytes" "8 bytes" "s/pair" "bytes/pair"
report() { # name file-prefix include
    local r1 r4 r8
    r1=$(cost "$dir/${2}_1.cu" "$3"); r4=$(cost "$dir/${2}_4.cu" "$3"); r8=$(cost "$dir/${2}_8.cu" "$3")
    set -- "$1" $r1 $r4 $r8
    printf '%-8s %10.2f %10.2f %10.2f %14d %14d %14d %12.2f %12d\n' "$1" "$2" "$4" "$6" "$3" "$5" "$7" \
        "$(echo "($6 - $2) / 7" | bc -l)" "$(( ($7 - $3) / 7 ))"
}
report gpuscan gpuscan "$root"
[ -n "${OLD:-}" ] && report old gpuscan "$OLD"
report cub cub "$root"
