#!/bin/sh
# tests/sanitize.sh SANITIZER TOOL EXE - runs EXE under `compute-sanitizer --tool TOOL`; any report
# fails.  Without a GPU, EXE --probe exits 77 and so does this script (ctest: skipped), whatever
# compute-sanitizer would do on such a machine; without compute-sanitizer it exits 77 too.
sanitizer=$1 tool=$2 exe=$3
"$exe" --probe || exit $?
if ! command -v "$sanitizer" >/dev/null 2>&1; then
    echo "SKIPPED: $sanitizer not found (it ships with the CUDA Toolkit's compute-sanitizer component)"
    exit 77
fi
extra=""
[ "$tool" = memcheck ] && extra="--leak-check full"
exec "$sanitizer" --tool "$tool" $extra --error-exitcode 1 "$exe"
