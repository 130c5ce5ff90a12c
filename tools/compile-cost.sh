#!/usr/bin/env bash
# tools/compile-cost.sh - what one DEFINE costs to compile against CUB for the same entry points
# (inclusive + exclusive scan + reduce of int32), sm_90 by default (ARCH=...), median of 3 runs.
# Prints compile seconds and object bytes for each; needs no GPU (nvcc and CUB, which the CUDA
# toolkit brings).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/gpuscan_cost.cu" <<'SRC'
#include "gpuscan.cuh"
GPUSCAN_DEFINE(int, add)
int run(const int *in, int *out, int *sum, size_t n, cudaStream_t s)
{
    return (int)gpuscan_int_add_inclusive(in, out, n, s) | (int)gpuscan_int_add_exclusive(in, out, n, 0, s) |
           (int)gpuscan_int_add_reduce(in, sum, n, s);
}
SRC
cat >"$dir/cub_cost.cu" <<'SRC'
#include <cub/cub.cuh>
int run(const int *in, int *out, int *sum, size_t n, cudaStream_t s)
{
    size_t a = 0, b = 0, c = 0;
    void *t = nullptr;
    cub::DeviceScan::InclusiveSum(t, a, in, out, (int)n, s);
    cub::DeviceScan::ExclusiveSum(t, b, in, out, (int)n, s);
    cub::DeviceReduce::Sum(t, c, in, sum, (int)n, s);
    return (int)(a + b + c);
}
SRC
for f in gpuscan_cost cub_cost; do
    times=""
    for i in 1 2 3; do
        s=$(date +%s.%N)
        nvcc -O3 -std=c++17 -arch="${ARCH:-sm_90}" -I"$root" -c "$dir/$f.cu" -o "$dir/$f.o"
        times="$times $(echo "$(date +%s.%N) - $s" | bc)"
    done
    med=$(echo $times | tr ' ' '\n' | sort -n | sed -n 2p)
    printf '%-14s %6.2f s  %8d bytes\n' "${f%_cost}" "$med" "$(stat -c %s "$dir/$f.o")"
done
