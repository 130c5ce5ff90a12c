#!/usr/bin/env bash
# tools/prebuild.sh - builds on a machine without a GPU what tools/gpu-check.sh runs on one, and
# packs it into build-pack/bin.tar.xz: the GPU tests of the default tier (with their command
# lines, from ctest), the ring suites, bench, forms, ceiling, and with AB_BASE=<dir of headers> the
# benchmark built against those headers (bench_base) and against this tree (bench_head), with the
# same nvcc line as tools/variants.sh (AB_MID=<dir>: a third, bench_mid, to tell two changes apart).
# Copy the tree with the pack to the GPU machine and run there, e.g.
#   PREBUILT=build-pack/bin.tar.xz tools/gpu-check.sh tests ring ab forms
# so that the GPU machine's time goes to running, not compiling (a fresh machine spends minutes
# compiling these).  The pack must come from the tree the GPU machine gets: build it after the last
# change.  Needs the CUDA toolkit (sm_90 code), CMake and xz.
set -eu
B=${BUILD:-build-pack/build}
P=build-pack/pack
# RING_SUITES= / BENCHES=forms: a smaller pack (without the ring suites / the bench)
RING_SUITES=${RING_SUITES-"gpu_ring_i32 gpu_ring_u8 gpu_ring_i64 gpu_ring_f32 gpu_ring_custom_ops gpu_ring_claim1_i32 gpu_ring_claim3_custom_ops gpu_ring_det_claim3_custom_ops gpu_ring_det_custom_ops gpu_ring_reverse gpu_ring_typed gpu_ring_typed_multi"}
BENCHES=${BENCHES-"forms bench ceiling"}
# the tests packed: ctest's label options (default: the default tier's GPU tests) and, of those,
# the names matching PACK_TESTS (e.g. LABELS="-L gpu" PACK_TESTS="^(gpu_|full_gpu_)" for the
# default tier and the full tier's suites up to 2^24, which run the same executables)
LABELS=${LABELS:-"-L gpu -LE full"}
export PACK_TESTS=${PACK_TESTS:-.}
jobs=$(nproc)
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
if [ -n "${AB_BASE:-}" ]; then # the two benchmark builds go alongside CMake's
    mkdir -p "$B/ab"
    nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda -I"$AB_BASE" -I. bench/bench.cu -o "$B/ab/bench_base" &
    nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda -I. bench/bench.cu -o "$B/ab/bench_head" &
    if [ -n "${AB_MID:-}" ]; then
        nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda -I"$AB_MID" -I. bench/bench.cu -o "$B/ab/bench_mid" &
    fi
fi
cmake --build "$B" -j "$jobs" --target all $BENCHES $RING_SUITES
wait
rm -rf "$P" && mkdir -p "$P/tests" "$P/bench"
# the GPU tests: name, then the command with paths relative to the pack
(cd "$B" && ctest --show-only=json-v1 $LABELS) | python3 -c '
import json, os, re, sys
for t in json.load(sys.stdin)["tests"]:
    if not re.search(os.environ["PACK_TESTS"], t["name"]): continue
    cmd = t["command"]
    env = [v for p in t.get("properties", []) if p["name"] == "ENVIRONMENT" for v in p["value"]]
    # ctest sets the environment (the sizes of the default tier): without it a suite runs its largest
    print(t["name"] + "\t" + " ".join((["env"] + env if env else []) + ["tests/" + os.path.basename(cmd[0])] + cmd[1:]))
' >"$P/tests.txt"
# (the examples' executables are in examples/, the tests' in tests/: the pack keeps them in one folder)
cut -f2 "$P/tests.txt" | tr " " "\n" | grep "^tests/" | sort -u | while read -r exe; do
    cp "$(find "$B/tests" "$B/examples" -maxdepth 1 -type f -name "${exe#tests/}" | head -1)" "$P/tests/"
done
for t in $RING_SUITES; do cp "$B/tests/$t" "$P/tests/"; done
for b in $BENCHES; do cp "$B/bench/$b" "$P/bench/"; done
if [ -n "${NCCL:-}" ]; then # NCCL=1: the scan across GPUs (its test is in the list already)
    cmake --build "$B" -j "$jobs" --target nccl_scan && cp "$B/examples/nccl_scan" "$P/bench/"
fi
if [ -n "${AB_BASE:-}" ]; then cp "$B/ab/bench_base" "$B/ab/bench_head" "$P/bench/"; fi
if [ -n "${AB_MID:-}" ]; then cp "$B/ab/bench_mid" "$P/bench/"; fi
git rev-parse --short HEAD >"$P/commit.txt" 2>/dev/null || echo unknown >"$P/commit.txt"
git status --porcelain --untracked-files=no | grep -q . && echo "(with uncommitted changes)" >>"$P/commit.txt"
tar -cJf build-pack/bin.tar.xz -C "$P" .
echo "build-pack/bin.tar.xz: $(du -h build-pack/bin.tar.xz | cut -f1) ($(wc -l <"$P/tests.txt") tests, $(cat "$P/commit.txt" | tr '\n' ' '))"
