#!/bin/bash
# tests/doc_snippets.sh NVCC SOURCE_DIR NCCL_INCLUDE_DIR FILE.md... - every ```c block of the docs
# compiles as written (one translation unit each; NCCL's blocks need its include folder, and are
# left out, and said so, where there is none).  To PTX: nvcc's front end checks the host code too
# (a wrong call fails there), and the rest - ptxas, the host compiler - is the suites' (half the
# time of a whole compile).  With the library's kernels empty (the test hook
# GPUSCAN_TEST_EMPTY_KERNELS: the snippets are compiled, never run): their bodies are still
# checked as the snippet's types make them - a host-only combine or a type that cannot be copied
# as bytes fails the same - but not optimized (32 -> 16 s on 2 cores).
nvcc=$1 src=$2 nccl=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for md in "$@"; do
    awk -v dir="$dir" -v base="$(basename "$md" .md)" '
        /^```c$/ { n++; f = sprintf("%s/%s_%02d.cu", dir, base, n); inside = 1; next }
        /^```/   { inside = 0; next }
        inside   { print > f }' "$md"
done
# one compile a snippet, as many at once as there are cores
compile() {
    f=$1 extra=""
    if grep -q gpuscan_nccl.cuh "$f"; then
        [ -n "$nccl" ] || { echo "left out (no NCCL): $(basename "$f")" >"$f.left"; return; }
        extra="-I$nccl"
    fi
    if "$nvcc" -std=c++17 -arch=sm_90 -DGPUSCAN_TEST_EMPTY_KERNELS=1 -I"$src" $extra -ptx "$f" -o "$f.ptx" >"$f.log" 2>&1; then
        : >"$f.passed"
    else
        { echo "FAIL: $(basename "$f") does not compile:"; cat "$f"; head -20 "$f.log"; } >"$f.failed"
    fi
}
for f in "$dir"/*.cu; do
    [ -e "$f" ] || continue
    compile "$f" &
    while [ "$(jobs -r | wc -l)" -ge "$(nproc)" ]; do sleep 1; done
done
wait
cat "$dir"/*.left "$dir"/*.failed 2>/dev/null
passed=$(ls "$dir"/*.passed 2>/dev/null | wc -l)
failed=$(ls "$dir"/*.failed 2>/dev/null | wc -l)
left=$(ls "$dir"/*.left 2>/dev/null | wc -l)
echo "doc snippets: $passed passed, $failed failed, $left left out"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
