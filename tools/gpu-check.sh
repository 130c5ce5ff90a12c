#!/usr/bin/env bash
# tools/gpu-check.sh - the one GPU run: build for sm_90, run the whole GPU test suite, the demo
# and (with "bench") the benchmark, and print a short summary table last.
#   tools/gpu-check.sh [tests] [demo] [bench] [anatomy] [quick] [profile]      (default: tests demo)
# Environment: TESTS=<ctest -R regex> runs a subset, TESTS_EXCLUDE=<ctest -E regex> leaves some
# out (e.g. "sanitize" for a quick run); BENCH_ARGS passes options to the bench
# (e.g. "--quick --types i32.add,u8.add").
# Logs go to $OUT (the device tool's result folder) or ./gpu-check-out.  Where the checkout has no
# .git (the device machine), pass the commit as GPUSCAN_COMMIT=<hash>.
set -u
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
what="${*:-tests demo}"
has() { case " $what " in *" $1 "*) return 0 ;; esac; return 1; }
summary="$OUT/summary.txt"
: >"$summary"

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
echo "device: ${gpu:-none}  commit: ${GPUSCAN_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}  date: $(date -u +%FT%TZ)" | tee -a "$summary"

t0=$(date +%s)
targets=""
has tests && targets="$targets all"
has demo && targets="$targets demo"
has bench && targets="$targets bench"
has anatomy && targets="$targets anatomy"
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/cmake.log" 2>&1 || { tail -20 "$OUT/cmake.log"; exit 1; }
if ! cmake --build build-gpu -j "$(nproc)" >"$OUT/build.log" 2>&1; then
    grep -B2 -A8 "error" "$OUT/build.log" | head -60
    exit 1
fi
echo "build: $(( $(date +%s) - t0 )) s" | tee -a "$summary"

if has tests; then
    has quick && export GPUSCAN_TEST_MAX_RANDOM=$((1 << 21))
    ( cd build-gpu && ctest -V -j 6 --timeout 900 ${TESTS:+-R "$TESTS"} ${TESTS_EXCLUDE:+-E "$TESTS_EXCLUDE"} ) >"$OUT/ctest.log" 2>&1
    grep -E "^ *[0-9]+/[0-9]+ Test|tests passed|tests failed" "$OUT/ctest.log" | sed 's/  */ /g' | tee -a "$summary"
    sed 's/^[0-9]*: //' "$OUT/ctest.log" >"$OUT/ctest-plain.log"
    grep -E "passed, [0-9]+ failed$" "$OUT/ctest-plain.log" | head -40 >>"$summary"
    # the reliability evidence: large sizes, determinism, stress, graph, sanitizer reports
    grep -E "^  (i32|i64|u8|f32) .*(add|reduce) .*n=[0-9]{10}|^determinism|stress:|graph of|ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY|differing so far" \
        "$OUT/ctest-plain.log" | head -80 >>"$summary"
    grep -E "^FAIL" "$OUT/ctest-plain.log" | head -20 | tee -a "$summary"
fi
if has demo; then
    ./build-gpu/examples/demo $((1 << 28)) >"$OUT/demo.log" 2>&1
    cat "$OUT/demo.log" >>"$summary"
fi
if has bench; then
    GPUSCAN_COMMIT=${GPUSCAN_COMMIT:-unknown} ./build-gpu/bench/bench --csv "$OUT/bench.csv" ${BENCH_ARGS:-} >"$OUT/bench.log" 2>&1
    tail -60 "$OUT/bench.log" >>"$summary"
fi
if has anatomy; then
    # the look-back scan taken apart (stages added one at a time), and its clocks per tile
    { ./build-gpu/bench/anatomy 28; ./build-gpu/bench/anatomy 28 clocks; } >"$OUT/anatomy.log" 2>&1
    cat "$OUT/anatomy.log" >>"$summary"
fi
if has profile; then
    # where the reduce-ahead kernel (AUTO's at this size) spends its time (int32 add, 2^26 elements)
    ncu --kernel-name regex:CO_ahead --launch-count 1 --section SpeedOfLight --section Occupancy \
        --section WarpStateStats --section MemoryWorkloadAnalysis ./build-gpu/examples/demo $((1 << 26)) >"$OUT/ncu.log" 2>&1
    grep -E "Duration|Throughput|Occupancy|Registers|Stall|Warp Cycles|Block Limit|Active Warps|Bandwidth" "$OUT/ncu.log" | head -40 >>"$summary"
fi
echo "total: $(( $(date +%s) - t0 )) s" >>"$summary"
echo "================ summary ================"
cat "$summary"
