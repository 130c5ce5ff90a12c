#!/usr/bin/env bash
# tools/ring-suites.sh - builds and runs the ring's GPU suites (tests/CMakeLists.txt: every type
# through the ring, at most 3 blocks, claims of 1 and 3 units), for tools/gpu-check.sh ring and
# tools/ring-profile.sh.  STEP=build or STEP=run does one half (default: both).  Prints a line a
# suite: exit status (124: stopped, a hang?) and its last line; the logs go to OUT (the output
# folder, default ./gpu-check-out).
# Environment: RING_BIN_DIR (where the suites are; build-gpu/tests), PARALLEL=1 runs the suites at once, TEST_TIMEOUT (s a suite, 120), GPUSCAN_TEST_MAX_RANDOM (the suites' largest random
# size, 2^21: with 3 blocks every block still goes round its ring).
set -u
OUT=${OUT:-$PWD/gpu-check-out}
STEP=${STEP:-all}
mkdir -p "$OUT"
export GPUSCAN_TEST_MAX_RANDOM=${GPUSCAN_TEST_MAX_RANDOM:-2097152}
RING_SUITES="gpu_ring_i32 gpu_ring_u8 gpu_ring_i64 gpu_ring_f32 gpu_ring_custom_ops gpu_ring_claim1_i32 gpu_ring_claim3_custom_ops gpu_ring_det_claim3_custom_ops gpu_ring_det_custom_ops gpu_ring_reverse gpu_ring_typed gpu_ring_typed_multi"
if [ "$STEP" != run ]; then
    cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/cmake.log" 2>&1 &&
        cmake --build build-gpu -j "$(nproc)" --target $RING_SUITES >"$OUT/build.log" 2>&1 ||
        grep -B2 -A8 error "$OUT/build.log" | head -40
fi
[ "$STEP" = build ] && exit 0
run_one() {
    # line-buffered: a crash must not take the suite's output with it
    timeout "${TEST_TIMEOUT:-120}" stdbuf -oL -eL "${RING_BIN_DIR:-build-gpu/tests}/$1" >"$OUT/$1.log" 2>&1
    rc=$?
    echo "$1: rc=$rc $( [ $rc = 124 ] && echo '(stopped: hang?)') $(tail -1 "$OUT/$1.log")"
}
if [ "${PARALLEL:-0}" = 1 ]; then # all at once on the one GPU (each holds at most 3 ring blocks)
    for t in $RING_SUITES; do run_one "$t" >"$OUT/$t.rc" & done
    wait
    for t in $RING_SUITES; do cat "$OUT/$t.rc"; done
else
    for t in $RING_SUITES; do run_one "$t"; done
fi
