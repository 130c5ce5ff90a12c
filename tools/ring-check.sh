#!/usr/bin/env bash
# tools/ring-check.sh - the ring (gpuscan/ring.cuh, bench/NOTES.md step 16) in one device call: its
# suites (every type through it, claims too), then the benchmark with the ring off, on and in
# other shapes (same run).
#   tools/ring-check.sh ["NAME:FLAGS" ...]     extra variants beside "off:-DGPUSCAN_RING=0" and "on:" (the default)
# Environment: BENCH_ARGS (default: three type/op pairs, 2^22..2^30), VARIANT_TIMEOUT (s a variant,
# 120), and tools/ring-suites.sh's.  Sized for one 600 s device call.
set -u
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
export OUT VARIANT_TIMEOUT=${VARIANT_TIMEOUT:-120}
export VARIANT_SHOW=${VARIANT_SHOW:-"gpuscan:(auto|reduce-ahead)|cub "}
export BENCH_ARGS=${BENCH_ARGS:---quick --types i32.add,i64.add,u8.add --min-log2 22 --max-log2 30}
t0=$(date +%s)
# the bench variants build while cmake builds the ring suites (both use every core)
STEP=build tools/variants.sh "off:-DGPUSCAN_RING=0" "on:" "$@" >"$OUT/variants-build.log" 2>&1 &
STEP=build tools/ring-suites.sh
wait
grep -B2 -A8 error "$OUT/variants-build.log" | head -20
echo "builds: $(( $(date +%s) - t0 )) s"
STEP=run tools/ring-suites.sh
STEP=run tools/variants.sh "off:-DGPUSCAN_RING=0" "on:" "$@"
echo "total: $(( $(date +%s) - t0 )) s"
