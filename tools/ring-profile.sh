#!/usr/bin/env bash
# tools/ring-profile.sh - where the ring kernel (gpuscan/ring.cuh) spends its time, beside
# reduce-ahead's two-read kernel, in one run: the ring's suites (tools/ring-suites.sh), then
# Nsight Compute on the bench (int32 add at 2^28, uint8 add at 2^30) with the ring on and off.
#   tools/ring-profile.sh ["NAME:FLAGS" ...]   extra ring builds to profile (e.g. other shapes)
# RING_PROFILE_CASES: the ring's cases, "type.op:log2n ..." (default "i32.add:28 u8.add:30"; e.g.
# "f32.max:28 i32.max:28").  Logs (the whole ncu reports) go to OUT (the output folder, default
# ./gpu-check-out), and for each ring case the stall samples of its SASS instructions
# (sass_NAME_CASE.csv: ncu's source page; the top 12 are printed).  RING_PROFILE_QUICK=1: no
# suites and no ring-off build, only the ring's profiles.
set -u
OUT=${OUT:-$PWD/gpu-check-out}; export OUT
mkdir -p "$OUT" build-variants
t0=$(date +%s)
quick=${RING_PROFILE_QUICK:-0}
variants=("off:-DGPUSCAN_RING=0" "on:" "$@")
[ "$quick" = 1 ] && variants=("on:" "$@")
for v in "${variants[@]}"; do
    nvcc -O3 -std=c++17 -arch=sm_90 -lineinfo --extended-lambda ${v#*:} -I. bench/bench.cu \
        -o build-variants/bench_${v%%:*} >"$OUT/build_${v%%:*}.log" 2>&1 &
done
[ "$quick" = 1 ] || STEP=build tools/ring-suites.sh
wait
echo "builds: $(( $(date +%s) - t0 )) s"
suites=skipped
[ "$quick" = 1 ] || suites=$(STEP=run tools/ring-suites.sh)
profile() { # name kernel-regex bench-args...
    local name=$1 k=$2; shift 2
    local tag=${name}_$k$(echo "$*" | tr -c 'a-z0-9' '_' | tr -s '_')
    timeout 150 ncu --clock-control none --kernel-name "regex:$k" --launch-skip 2 --launch-count 1 \
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
        --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats \
        --section SourceCounters -o "$OUT/rep_$tag" -f ./build-variants/bench_$name --quick "$@" \
        >"$OUT/ncu_$tag.log" 2>&1
    ncu -i "$OUT/rep_$tag.ncu-rep" --page details >>"$OUT/ncu_$tag.log" 2>&1
    echo "--- $name $k $*"
    grep -E "^  [a-z_0-9]+\(|Duration|Throughput|Pipe|Stall|Warp Cycles Per Issued|Issued Warp|No Eligible|Active Warps Per|Registers Per|Shared Memory Configuration|Dynamic Shared|Bank" \
        "$OUT/ncu_$tag.log" | grep -v "^ *-" | head -40
    if [ "$k" = ring ]; then # where the ring's warps stall, instruction by instruction
        ncu -i "$OUT/rep_$tag.ncu-rep" --page source --csv --print-source sass >"$OUT/sass_$tag.csv" 2>&1
        python3 - "$OUT/sass_$tag.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
if len(rows) > 2 and "Warp Stall Sampling (All Samples)" in rows[1]:
    h = rows[1]; s = h.index("Warp Stall Sampling (All Samples)"); e = h.index("Instructions Executed")
    data = [r for r in rows[2:] if len(r) > s and r[s].isdigit()]
    total = sum(int(r[s]) for r in data) or 1
    for i, r in sorted(sorted(enumerate(data), key=lambda x: -int(x[1][s]))[:12]):
        print(f"  {i:5d} {100.0 * int(r[s]) / total:5.1f}% executed {r[e]:>10}  {r[1].strip()[:70]}")
PY
    fi
    rm -f "$OUT/rep_$tag.ncu-rep"
}
for v in "${variants[@]}"; do
    n=${v%%:*}
    if [ "$n" = off ]; then
        profile off "CO_ahead" --types i32.add --min-log2 28 --max-log2 28
    else
        for c in ${RING_PROFILE_CASES:-i32.add:28 u8.add:30}; do
            profile "$n" "ring" --types "${c%%:*}" --min-log2 "${c#*:}" --max-log2 "${c#*:}"
        done
    fi
done
echo "=== suites (the ring for every type, at most 3 blocks):"
echo "$suites"
echo "total: $(( $(date +%s) - t0 )) s"
