#!/usr/bin/env bash
# tools/variants.sh - builds the benchmark with several compile-time settings in parallel and
# runs each on a few cases (GPUSCAN_CO_ITEMS, GPUSCAN_CO_MAX_THREADS, GPUSCAN_PIPELINE, ...).
#   tools/variants.sh "NAME:FLAGS" ...      e.g. "t512:-DGPUSCAN_CO_MAX_THREADS=512"
# FLAGS come before -I., so "old:-Ibaseline" builds against another copy of the headers (e.g.
# from `git worktree add`) for a same-run A/B comparison.  STEP=build or STEP=run does one half
# (so the builds can overlap other work on the machine).  VARIANT_TIMEOUT (s, default 300) stops a
# variant's run that hangs; VARIANT_SHOW (a grep -E pattern) picks the lines printed.  Each
# variant's whole output goes to OUT/variant_NAME.log (OUT: the output folder, default
# ./gpu-check-out); the builds to build-variants/.
set -u
OUT=${OUT:-$PWD/gpu-check-out}
STEP=${STEP:-all}
mkdir -p "$OUT" build-variants
ARGS=${BENCH_ARGS:---quick --types i32.add,i64.add,u8.add --min-log2 24 --max-log2 28}
if [ "$STEP" != run ]; then
    for v in "$@"; do
        name=${v%%:*} flags=${v#*:}
        nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda $flags -I. bench/bench.cu -o build-variants/bench_$name &
    done
    wait
fi
[ "$STEP" = build ] && exit 0
for v in "$@"; do
    name=${v%%:*}
    echo "=== variant $name: ${v#*:}"
    # a variant that hangs stops at its own limit, and the others still run
    timeout "${VARIANT_TIMEOUT:-300}" ./build-variants/bench_$name $ARGS 2>&1 | tee "$OUT/variant_$name.log" |
        grep -E "${VARIANT_SHOW:-gpuscan:(auto|lookback)|cub }" | grep -v "x0.0"
    [ "${PIPESTATUS[0]}" = 124 ] && echo "variant $name: stopped after ${VARIANT_TIMEOUT:-300} s"
done
