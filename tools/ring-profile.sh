#!/usr/bin/env bash
# tools/ring-profile.sh - where the ring kernel (gpuscan/ring.cuh) spends its time, beside
# reduce-ahead's two-read kernel, in one device call: the ring's suites (tools/ring-suites.sh), then
# Nsight Compute on the bench (int32 add at 2^28, uint8 add at 2^30) with the ring on and off.
#   tools/ring-profile.sh ["NAME:FLAGS" ...]   extra ring builds to profile (e.g. other shapes)
# Logs (the whole ncu reports) go to $OUT.
set -u
OUT=${OUT:-$PWD/gpu-check-out}; export OUT
mkdir -p "$OUT" build-variants
t0=$(date +%s)
variants=("off:-DGPUSCAN_RING=0" "on:" "$@")
for v in "${variants[@]}"; do
    nvcc -O3 -std=c++17 -arch=sm_90 -lineinfo --extended-lambda ${v#*:} -I. bench/bench.cu \
        -o build-variants/bench_${v%%:*} >"$OUT/build_${v%%:*}.log" 2>&1 &
done
STEP=build tools/ring-suites.sh
wait
echo "builds: $(( $(date +%s) - t0 )) s"
suites=$(STEP=run tools/ring-suites.sh)
profile() { # name kernel-regex bench-args...
    local name=$1 k=$2; shift 2
    timeout 150 ncu --clock-control none --kernel-name "regex:$k" --launch-skip 2 --launch-count 1 \
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
        --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats \
        --section SourceCounters ./build-variants/bench_$name --quick "$@" >"$OUT/ncu_${name}_$k.log" 2>&1
    echo "--- $name $k $*"
    grep -E "^  [a-z_0-9]+\(|Duration|Throughput|Pipe|Stall|Warp Cycles Per Issued|Issued Warp|No Eligible|Active Warps Per|Registers Per|Shared Memory Configuration|Dynamic Shared|Bank" \
        "$OUT/ncu_${name}_$k.log" | grep -v "^ *-" | head -40
}
for v in "${variants[@]}"; do
    n=${v%%:*}
    if [ "$n" = off ]; then
        profile off "CO_ahead" --types i32.add --min-log2 28 --max-log2 28
    else
        profile "$n" "ring" --types i32.add --min-log2 28 --max-log2 28
        profile "$n" "ring" --types u8.add --min-log2 30 --max-log2 30
    fi
done
echo "=== suites (the ring for every type, at most 3 blocks):"
echo "$suites"
echo "total: $(( $(date +%s) - t0 )) s"
