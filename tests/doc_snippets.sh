#!/bin/sh
# tests/doc_snippets.sh NVCC SOURCE_DIR NCCL_INCLUDE_DIR FILE.md... - every ```c block of the docs
# compiles as written (one translation unit each; NCCL's blocks need its include folder, and are
# left out, and said so, where there is none).
nvcc=$1 src=$2 nccl=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0 left=0
for md in "$@"; do
    awk -v dir="$dir" -v base="$(basename "$md" .md)" '
        /^```c$/ { n++; f = sprintf("%s/%s_%02d.cu", dir, base, n); inside = 1; next }
        /^```/   { inside = 0; next }
        inside   { print > f }' "$md"
done
for f in "$dir"/*.cu; do
    [ -e "$f" ] || continue
    extra=""
    if grep -q gpuscan_nccl.cuh "$f"; then
        if [ -z "$nccl" ]; then echo "left out (no NCCL): $(basename "$f")"; left=$((left + 1)); continue; fi
        extra="-I$nccl"
    fi
    if "$nvcc" -std=c++17 -arch=sm_90 -I"$src" $extra -c "$f" -o "$f.o" >"$f.log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL: $(basename "$f") does not compile:"; cat "$f"; head -20 "$f.log"
    fi
done
echo "doc snippets: $passed passed, $failed failed, $left left out"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
