#!/usr/bin/env bash
# tools/ring-profile.sh - where the ring kernel (gpuscan/ring.cuh) spends its time, beside
# reduce-ahead's two kernels, in one device call: the ring's suites (exit status shown), then
# Nsight Compute on the bench (int32 add at 2^28, uint8 add at 2^30) with the ring on and off.
#   tools/ring-profile.sh ["NAME:FLAGS" ...]   extra ring builds to profile (e.g. other shapes)
# Logs (the whole ncu reports) go to $OUT.
set -u
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT" build-variants
RING_SUITES="gpu_ring_i32 gpu_ring_u8 gpu_ring_custom_ops gpu_ring_claim_i32 gpu_ring_claim_custom_ops"
t0=$(date +%s)
variants=("off:-DGPUSCAN_RING=0" "on:" "$@")
for v in "${variants[@]}"; do
    nvcc -O3 -std=c++17 -arch=sm_90 -lineinfo --extended-lambda ${v#*:} -I. bench/bench.cu \
        -o build-variants/bench_${v%%:*} >"$OUT/build_${v%%:*}.log" 2>&1 &
done
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/cmake.log" 2>&1 &&
    cmake --build build-gpu -j "$(nproc)" --target $RING_SUITES >"$OUT/build.log" 2>&1 ||
    grep -B2 -A8 error "$OUT/build.log" | head -40
wait
echo "builds: $(( $(date +%s) - t0 )) s"
suites=""
for t in $RING_SUITES; do
    GPUSCAN_TEST_MAX_RANDOM=${GPUSCAN_TEST_MAX_RANDOM:-2097152} timeout "${TEST_TIMEOUT:-100}" \
        stdbuf -oL -eL "build-gpu/tests/$t" >"$OUT/$t.log" 2>&1
    suites="$suites
$t: rc=$? $(grep -E "passed|FAIL" "$OUT/$t.log" | tail -2 | tr '\n' ' ')"
done
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
echo "=== suites (the ring for every type, at most 3 blocks):$suites"
echo "total: $(( $(date +%s) - t0 )) s"
