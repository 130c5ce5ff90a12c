#!/usr/bin/env bash
# tools/variants.sh - builds the benchmark with several coarsened tile shapes (compile-time knobs
# GPUSCAN_CO_ITEMS / GPUSCAN_CO_MAX_THREADS) in parallel and runs each on a few cases.
#   tools/variants.sh "NAME:FLAGS" ...      e.g. "t512:-DGPUSCAN_CO_MAX_THREADS=512"
set -u
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT" build-variants
ARGS=${BENCH_ARGS:---quick --types i32.add,i64.add,u8.add --min-log2 24 --max-log2 28}
for v in "$@"; do
    name=${v%%:*} flags=${v#*:}
    nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda -I. $flags bench/bench.cu -o build-variants/bench_$name &
done
wait
for v in "$@"; do
    name=${v%%:*}
    echo "=== variant $name: ${v#*:}"
    ./build-variants/bench_$name $ARGS 2>&1 | tee "$OUT/variant_$name.log" | grep -E "gpuscan:(auto|lookback)|cub " | grep -v "x0.0"
done
