#!/usr/bin/env bash
# tools/gpu-check.sh - one GPU run: build, test, benchmark, and a short summary table last.
#   tools/gpu-check.sh [readme] [tests] [full] [demo] [forms] [bench] [ceiling] [compaction] [segmented]
#                      [anatomy] [profile]
#                      [ring] [nccl] [ab]
#     readme   the README's two commands, as written, on a clean copy of the tree, timed
#     tests    the default test tier (ctest -LE full) in build-gpu
#     full     the exhaustive tier (ctest -L full: large n, stress, determinism, ring variants,
#              sanitizers)
#     forms    bench/forms: simple and _ex forms vs CUB, Thrust and copy (docs/performance.md's
#              first table); FORMS_ARGS passes options (e.g. "--quick --max-log2 24")
#     bench    bench/bench: every algorithm (BENCH_ARGS, e.g. "--quick --types i32.add,u8.add")
#     ceiling  bench/ceiling: memcpy beside copy kernels on the SMs (docs/performance.md's ceilings)
#     compaction  bench/compaction: select and partition beside CUB and copy (COMPACTION_ARGS)
#     segmented  bench/segmented: segmented scans and reductions beside CUB's by-key scan,
#              ReduceByKey and DeviceSegmentedReduce, the plain scan and copy (SEGMENTED_ARGS, e.g.
#              "--only keys", "--only sums")
#     anatomy  bench/anatomy 28 (and its clocks): the look-back scan taken apart stage by stage
#     demo     examples/demo at 2^28
#     profile  Nsight Compute of the reduce-ahead kernel (examples/demo at 2^26)
#     ring     the ring's suites (tools/ring-suites.sh, all at once)
#     nccl     scans across the machine's GPUs: tests/gpu_nccl (every GPU count) and
#              examples/nccl_scan (weak and strong scaling, the floor; NCCL_ARGS: its arguments)
#     ab       the benchmark built against the headers in AB_BASE (e.g. a `git archive` of the
#              commit before, untracked in the tree) and against this tree, run one after the
#              other (tools/variants.sh; BENCH_ARGS picks the cases)
#   (default: readme forms)
# Environment: PREBUILT=build-pack/bin.tar.xz runs what tools/prebuild.sh built and packed on
# another machine: no build here, tests from its list (4 at a time).  TESTS=<ctest -R regex> runs
# a subset of a tier.  OUT is the output folder for logs, CSVs and summary.txt (default
# ./gpu-check-out).  Where the tree has no .git (a copy), pass the commit as GPUSCAN_COMMIT=<hash>.
set -u
export NCCL_NVLS_ENABLE=0 # NCCL's NVLink multicast off
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
what="${*:-readme forms}"
has() { case " $what " in *" $1 "*) return 0 ;; esac; return 1; }
summary="$OUT/summary.txt"
: >"$summary"
commit=${GPUSCAN_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
export GPUSCAN_COMMIT=$commit
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
echo "device: ${gpu:-none}  commit: $commit  date: $(date -u +%FT%TZ)" | tee -a "$summary"
t0=$(date +%s)
secs() { echo $(( $(date +%s) - $1 )); }

if has readme; then
    # a clean copy (no build folders), then the README's commands (b) and (a) exactly
    clean=/tmp/gpuscan-clean
    rm -rf "$clean" && mkdir -p "$clean"
    tar --exclude='./build*' --exclude='./gpu-check-out' -cf - . | tar -xf - -C "$clean"
    ts=$(date +%s)
    ( cd "$clean" && cmake -S . -B build && cmake --build build -j "$(nproc)" && ctest --test-dir build --output-on-failure -j 4 -LE full ) \
        >"$OUT/readme-tests.log" 2>&1
    rc=$?
    echo "README test command: $(secs "$ts") s (exit $rc; build and tests, clean tree)" | tee -a "$summary"
    grep -E "tests passed|tests failed|Total Test time" "$OUT/readme-tests.log" | tee -a "$summary"
    grep -E "^ *[0-9]+/[0-9]+ Test" "$OUT/readme-tests.log" | sed 's/  */ /g' >>"$summary"
    grep -E "\*\*\*Failed|FAIL" "$OUT/readme-tests.log" | head -20 | tee -a "$summary"
    ts=$(date +%s)
    ( cd "$clean" && cmake -S . -B build && cmake --build build --target demo && ./build/examples/demo ) \
        >"$OUT/readme-demo.log" 2>&1
    echo "README demo command: $(secs "$ts") s (exit $?; build already there)" | tee -a "$summary"
    tail -14 "$OUT/readme-demo.log" >>"$summary"
fi

targets=""
bin=build-gpu # where the executables are: this build, or the unpacked PREBUILT
if [ -n "${PREBUILT:-}" ]; then
    bin=build-pre
    rm -rf "$bin" && mkdir -p "$bin" && tar -xJf "$PREBUILT" -C "$bin"
    echo "prebuilt: $(tr '\n' ' ' <"$bin/commit.txt")" | tee -a "$summary"
fi
[ -z "${PREBUILT:-}" ] && has tests && targets="$targets all"
has full && targets="$targets all gpuscan_full_tests"
[ -z "${PREBUILT:-}" ] && has forms && targets="$targets forms"
[ -z "${PREBUILT:-}" ] && has bench && targets="$targets bench"
[ -z "${PREBUILT:-}" ] && has ceiling && targets="$targets ceiling"
[ -z "${PREBUILT:-}" ] && has compaction && targets="$targets compaction"
[ -z "${PREBUILT:-}" ] && has segmented && targets="$targets segmented"
[ -z "${PREBUILT:-}" ] && has ring && targets="$targets gpu_ring_i32 gpu_ring_u8 gpu_ring_i64 gpu_ring_f32 gpu_ring_custom_ops gpu_ring_claim1_i32 gpu_ring_claim3_custom_ops gpu_ring_reverse gpu_ring_typed gpu_ring_typed_multi"
if has ab && [ -z "${PREBUILT:-}" ]; then # its two nvcc builds overlap the CMake build
    STEP=build tools/variants.sh "base:-I${AB_BASE:-ab-base}" "head:" >"$OUT/ab-build.log" 2>&1 &
    ab_build=$!
fi
has anatomy && targets="$targets anatomy"
[ -z "${PREBUILT:-}" ] && has nccl && targets="$targets gpu_nccl nccl_scan"
has demo && targets="$targets demo"
if [ -n "$targets" ]; then
    ts=$(date +%s)
    cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/cmake.log" 2>&1 || { tail -20 "$OUT/cmake.log"; exit 1; }
    if ! cmake --build build-gpu -j "$(nproc)" --target $targets >"$OUT/build.log" 2>&1; then
        grep -B2 -A8 "error" "$OUT/build.log" | head -60
        exit 1
    fi
    echo "build ($targets): $(secs "$ts") s" | tee -a "$summary"
fi
# libnccl for the NCCL test and example: the toolkit's, else the one PyTorch's wheels bring, else
# any on the machine (the pack's executables were linked elsewhere)
for exe in "$bin/tests/gpu_nccl" "$bin/examples/nccl_scan" "$bin/bench/nccl_scan"; do
    if [ -x "$exe" ] && ldd "$exe" 2>/dev/null | grep -q "libnccl.*not found"; then
        lib=$(python3 -c 'import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], "lib"))' 2>/dev/null)
        [ -n "$lib" ] || lib=$(dirname "$(find / -xdev -name 'libnccl.so.2*' 2>/dev/null | head -1)" 2>/dev/null)
        echo "libnccl from: ${lib:-not found}" | tee -a "$summary"
        export LD_LIBRARY_PATH=${lib}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        break
    fi
done
run_tier() { # name, ctest label options
    local name=$1 ts
    shift
    ts=$(date +%s)
    ( cd build-gpu && ctest --output-on-failure -j 4 --timeout 900 "$@" ${TESTS:+-R "$TESTS"} ) >"$OUT/ctest-$name.log" 2>&1
    echo "tier $name: $(secs "$ts") s" | tee -a "$summary"
    grep -E "^ *[0-9]+/[0-9]+ Test|tests passed|tests failed" "$OUT/ctest-$name.log" | sed 's/  */ /g' | tee -a "$summary"
    grep -E "passed, [0-9]+ failed|stress:|graph of|ERROR SUMMARY|RACECHECK SUMMARY|differing so far" "$OUT/ctest-$name.log" | head -60 >>"$summary"
    grep -E "^FAIL" "$OUT/ctest-$name.log" | head -20 | tee -a "$summary"
}
run_prebuilt_tests() { # the pack's list: name<TAB>command, 4 at a time, like ctest -j 4
    local ts
    ts=$(date +%s)
    ( cd "$bin" && while IFS=$'\t' read -r name cmd; do
        [ -n "${TESTS:-}" ] && ! echo "$name" | grep -qE "$TESTS" && continue
        echo "$name $cmd"
    done <tests.txt | xargs -P 4 -L 1 sh -c 'n=$0; s=$(date +%s); timeout 900 "$@" >"logs_$n.txt" 2>&1;
        r=$?; echo "$n: $([ $r = 0 ] && echo Passed || echo "***Failed (exit $r)") $(( $(date +%s) - s )) s"' ) \
        >"$OUT/prebuilt-tests.log" 2>&1
    echo "tier default (prebuilt): $(secs "$ts") s" | tee -a "$summary"
    sort "$OUT/prebuilt-tests.log" | tee -a "$summary"
    echo "$(grep -c ': Passed' "$OUT/prebuilt-tests.log") of $(grep -c . "$OUT/prebuilt-tests.log") passed" | tee -a "$summary"
    cat "$bin"/logs_*.txt >"$OUT/prebuilt-tests-output.log"
    grep -hE "^FAIL" "$bin"/logs_*.txt | head -20 | tee -a "$summary"
}
if has tests; then
    if [ -n "${PREBUILT:-}" ]; then run_prebuilt_tests; else run_tier default -LE full; fi
fi
has full && run_tier full -L full
if has ring; then
    ts=$(date +%s)
    RING_BIN_DIR=$bin/tests TEST_TIMEOUT=${TEST_TIMEOUT:-200} STEP=run PARALLEL=1 tools/ring-suites.sh >"$OUT/ring.log" 2>&1
    echo "ring suites: $(secs "$ts") s" | tee -a "$summary"
    cat "$OUT/ring.log" | tee -a "$summary"
fi
if has ab; then
    if [ -n "${PREBUILT:-}" ]; then
        for v in base mid head; do
            [ -x "$bin/bench/bench_$v" ] || continue
            timeout 300 "$bin/bench/bench_$v" ${BENCH_ARGS:---quick --types i32.add,i64.add,u8.add --min-log2 24 --max-log2 28} \
                >"$OUT/variant_$v.log" 2>&1
        done
    else
        wait "$ab_build"
        STEP=run tools/variants.sh "base:-I${AB_BASE:-ab-base}" "head:" >"$OUT/ab.log" 2>&1
    fi
    echo "A/B (base: ${AB_BASE:-ab-base}, head: this tree; ${BENCH_ARGS:-the cases of variants.sh}):" >>"$summary"
    for v in mid head; do [ -f "$OUT/variant_$v.log" ] || continue; echo "-- $v against base:" >>"$summary"
    python3 - "$OUT/variant_base.log" "$OUT/variant_$v.log" <<'PY' >>"$summary"
import re, sys
def times(path):
    t = {}
    for line in open(path):
        m = re.match(r"(\S+)\s+(\S+)\s+n=2\^(\d+)\s+(\S+)\s+([\d.]+) us", line)
        if m: t[(m[1] + "." + m[2], int(m[3]), m[4])] = float(m[5])
    return t
a, b = times(sys.argv[1]), times(sys.argv[2])
keys = sorted(k for k in a if k in b)
print("%-8s %-5s %-34s %9s %9s %7s" % ("case", "n", "algorithm", "base us", "this us", "this/b"))
for k in keys:
    if k[2] in ("gpuscan:auto", "cub", "copy") or "coarsened" in k[2]:
        print("%-8s 2^%-3d %-34s %9.2f %9.2f %7.3f" % (k[0], k[1], k[2], a[k], b[k], b[k] / a[k]))
r = sorted(b[k] / a[k] for k in keys if k[2].startswith("gpuscan:"))
if r: print("every gpuscan case (%d): this/base median %.3f, min %.3f, max %.3f" % (len(r), r[len(r) // 2], r[0], r[-1]))
PY
    done
fi
if has demo; then
    ./build-gpu/examples/demo $((1 << 28)) >"$OUT/demo.log" 2>&1
    cat "$OUT/demo.log" >>"$summary"
fi
if has bench; then
    "$bin/bench/bench" --csv "$OUT/bench.csv" ${BENCH_ARGS:-} >"$OUT/bench.log" 2>&1
    tail -40 "$OUT/bench.log" >>"$summary"
fi
if has anatomy; then
    { ./build-gpu/bench/anatomy 28; ./build-gpu/bench/anatomy 28 clocks; } >"$OUT/anatomy.log" 2>&1
    cat "$OUT/anatomy.log" >>"$summary"
fi
if has profile; then
    ncu --kernel-name regex:CO_ahead --launch-count 1 --section SpeedOfLight --section Occupancy \
        --section WarpStateStats --section MemoryWorkloadAnalysis ./build-gpu/examples/demo $((1 << 26)) >"$OUT/ncu.log" 2>&1
    grep -E "Duration|Throughput|Occupancy|Registers|Stall|Warp Cycles|Block Limit|Active Warps|Bandwidth" "$OUT/ncu.log" | head -40 >>"$summary"
fi
if has forms; then
    "$bin/bench/forms" --csv "$OUT/forms.csv" ${FORMS_ARGS:-} >"$OUT/forms.log" 2>&1
    grep -c MISMATCH "$OUT/forms.log" | sed 's/^/forms mismatches: /' >>"$summary"
    sed -n '/==== what users call/,$p' "$OUT/forms.log" >>"$summary"
fi
if has nccl; then
    nccl_exe=$bin/examples/nccl_scan
    [ -x "$nccl_exe" ] || nccl_exe=$bin/bench/nccl_scan
    nvidia-smi topo -m >"$OUT/nccl.log" 2>&1
    ts=$(date +%s)
    timeout 600 "$bin/tests/gpu_nccl" >>"$OUT/nccl.log" 2>&1
    echo "gpu_nccl: exit $? ($(secs "$ts") s)" | tee -a "$summary"
    grep -E "rank\(s\)|passed|FAIL" "$OUT/nccl.log" | head -20 | tee -a "$summary"
    ts=$(date +%s)
    timeout 600 "$nccl_exe" ${NCCL_ARGS:-} >"$OUT/nccl_scan.log" 2>&1
    echo "nccl_scan: exit $? ($(secs "$ts") s)" | tee -a "$summary"
    cat "$OUT/nccl_scan.log" | tee -a "$summary"
fi
if has compaction; then
    "$bin/bench/compaction" --csv "$OUT/compaction.csv" ${COMPACTION_ARGS:-} >"$OUT/compaction.log" 2>&1
    echo "compaction: exit $?" >>"$summary"
    grep -E "2\^(24|28|30) |MISMATCH|matched" "$OUT/compaction.log" >>"$summary"
fi
if has segmented; then
    "$bin/bench/segmented" --csv "$OUT/segmented.csv" ${SEGMENTED_ARGS:-} >"$OUT/segmented.log" 2>&1
    echo "segmented: exit $?" >>"$summary"
    grep -E "2\^(24|28) |MISMATCH|matched" "$OUT/segmented.log" >>"$summary"
fi
if has ceiling; then
    "$bin/bench/ceiling" --csv "$OUT/ceiling.csv" >"$OUT/ceiling.log" 2>&1
    grep -E "2\^30|MISMATCH" "$OUT/ceiling.log" >>"$summary"
fi
echo "total: $(secs "$t0") s" >>"$summary"
# the logs go into one archive (logs.tgz) beside summary.txt and the CSVs
( cd "$OUT" && ls -- *.log *.rc 2>/dev/null | tar -czf logs.tgz -T - && ls -- *.log *.rc | xargs rm -f ) 2>/dev/null
echo "================ summary ================"
cat "$summary"
