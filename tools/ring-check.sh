#!/usr/bin/env bash
# tools/ring-check.sh - the ring (gpuscan/ring.cuh, bench/NOTES.md step 16) in one device call: its
# suites (every type through it, claims too), then the benchmark with the ring off, on and in
# other shapes (same run).
#   tools/ring-check.sh ["NAME:FLAGS" ...]     extra variants beside "off:-DGPUSCAN_RING=0" and "on:" (the default)
# Environment: BENCH_ARGS (default: three type/op pairs, 2^22..2^30), TEST_TIMEOUT (s a suite, 120),
# VARIANT_TIMEOUT (s a variant, 120), GPUSCAN_TEST_MAX_RANDOM (the suites' largest random size,
# 2^21: with 3 blocks every block still goes round its ring).  Sized for one 600 s device call.
set -u
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
export OUT VARIANT_TIMEOUT=${VARIANT_TIMEOUT:-120} GPUSCAN_TEST_MAX_RANDOM=${GPUSCAN_TEST_MAX_RANDOM:-2097152}
export VARIANT_SHOW=${VARIANT_SHOW:-"gpuscan:(auto|reduce-ahead)|cub "}
export BENCH_ARGS=${BENCH_ARGS:---quick --types i32.add,i64.add,u8.add --min-log2 22 --max-log2 30}
RING_SUITES="gpu_ring_i32 gpu_ring_u8 gpu_ring_custom_ops gpu_ring_claim_i32 gpu_ring_claim_custom_ops"
t0=$(date +%s)
# the bench variants build while cmake builds the ring suites (both use every core)
STEP=build tools/variants.sh "off:-DGPUSCAN_RING=0" "on:" "$@" >"$OUT/variants-build.log" 2>&1 &
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/cmake.log" 2>&1 &&
    cmake --build build-gpu -j "$(nproc)" --target $RING_SUITES >"$OUT/build.log" 2>&1 ||
    grep -B2 -A8 error "$OUT/build.log" | head -40
wait
grep -B2 -A8 error "$OUT/variants-build.log" | head -20
echo "builds: $(( $(date +%s) - t0 )) s"
for t in $RING_SUITES; do
    timeout "${TEST_TIMEOUT:-120}" stdbuf -oL -eL "build-gpu/tests/$t" >"$OUT/$t.log" 2>&1
    rc=$?
    echo "$t: rc=$rc $( [ $rc = 124 ] && echo '(stopped: hang?)') $(tail -1 "$OUT/$t.log")"
done
STEP=run tools/variants.sh "off:-DGPUSCAN_RING=0" "on:" "$@"
echo "total: $(( $(date +%s) - t0 )) s"
