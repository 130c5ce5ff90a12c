#!/usr/bin/env bash
# tools/forms-ab.sh - what users call, before and after a change, in one run on one GPU: bench/forms
# built against other headers (BASE, e.g. a `git archive` of the commit before, compiled with
#   nvcc -O3 -std=c++17 -arch=sm_90 --extended-lambda -I<headers> -I. bench/forms.cu -o forms_base)
# and against this tree (HEAD), run ROUNDS times each, alternating, then head / base per case, size
# and form (simple and `_ex`, alone and back to back; medians over the rounds).
#   BASE=build-pre/bench/forms_base HEAD=build-pre/bench/forms ROUNDS=2 \
#   FORMS_ARGS="--quick --min-log2 14 --max-log2 24" tools/forms-ab.sh OUTDIR
# AA=1 also runs BASE a second time each round and prints that against the first (an A/A column
# pair: the noise of this run; at 2^12-2^16 one A/B of 4-8 rounds moves 5-10 % by itself).
set -eu
out=${1:?an output folder}
mkdir -p "$out"
for r in $(seq 1 "${ROUNDS:-2}"); do
    "$BASE" --csv "$out/base_$r.csv" ${FORMS_ARGS:-} >"$out/base_$r.log" 2>&1
    "$HEAD" --csv "$out/head_$r.csv" ${FORMS_ARGS:-} >"$out/head_$r.log" 2>&1
    if [ "${AA:-0}" = 1 ]; then "$BASE" --csv "$out/again_$r.csv" ${FORMS_ARGS:-} >"$out/again_$r.log" 2>&1; fi
done
python3 - "$out" <<'EOF'
import csv, glob, statistics, sys
def load(side):
    d = {}
    for f in sorted(glob.glob(f"{sys.argv[1]}/{side}_*.csv")):
        for r in csv.DictReader(open(f)):
            if r["impl"] in ("simple", "ex", "cub"):
                k = (r["case"], r["what"], int(r["n"]), r["impl"])
                d.setdefault(k, []).append((float(r["event_us"]), float(r["batch_us"]), r["check"]))
    return d
base, head, again = load("base"), load("head"), load("again")
bad = sum(1 for d in (base, head, again) for v in d.values() for x in v if x[2] != "ok")
print(f"forms A/B: head / base time, medians of the rounds (checks not ok: {bad})"
      + ("; last two columns: base run again / base, simple alone and back to back (A/A)" if again else ""))
print(f"{'case':16s} {'what':6s} {'n':>5s} | {'simple':>7s} {'b2b':>6s} | {'ex':>6s} {'b2b':>6s} | base simple us / head simple us / cub us")
for k in sorted(head):
    c, w, n, impl = k
    if impl != "simple" or k not in base: continue
    med = lambda d, key, i: statistics.median(x[i] for x in d[key])
    ex = (c, w, n, "ex")
    rs = med(head, k, 0) / med(base, k, 0), med(head, k, 1) / med(base, k, 1)
    re = (med(head, ex, 0) / med(base, ex, 0), med(head, ex, 1) / med(base, ex, 1)) if ex in head and ex in base else (float("nan"),) * 2
    cub = med(head, (c, w, n, "cub"), 0) if (c, w, n, "cub") in head else float("nan")
    aa = f" | A/A {med(again, k, 0) / med(base, k, 0):6.3f} {med(again, k, 1) / med(base, k, 1):6.3f}" if k in again else ""
    print(f"{c:16s} {w:6s} 2^{n.bit_length() - 1:<3d} | {rs[0]:7.3f} {rs[1]:6.3f} | {re[0]:6.3f} {re[1]:6.3f} | "
          f"{med(base, k, 0):7.1f} / {med(head, k, 0):7.1f} / {cub:7.1f}{aa}")
EOF
