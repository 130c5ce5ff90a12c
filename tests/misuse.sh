#!/bin/sh
# tests/misuse.sh NVCC INCLUDE_DIR FILE.cu - a misuse must not compile, and the compiler's first
# error line must say what is wrong: the text after "expect:" in FILE's first line (a regex).
nvcc=$1 inc=$2 src=$3
want=$(sed -n '1s/.*expect: \(.*\) \*\/.*/\1/p' "$src")
[ -n "$want" ] || { echo "FAIL: $src has no 'expect:' line"; exit 1; }
log=$(mktemp)
if "$nvcc" -std=c++17 -I"$inc" -c "$src" -o /dev/null >"$log" 2>&1; then
    echo "FAIL: $src compiled"; rm -f "$log"; exit 1
fi
first=$(grep -m1 -i "error" "$log")
rm -f "$log"
echo "first error line: $first"
if echo "$first" | grep -q -F -- "$want"; then echo "misuse $(basename "$src"): 1 passed, 0 failed"; exit 0; fi
echo "FAIL: expected /$want/"; exit 1
