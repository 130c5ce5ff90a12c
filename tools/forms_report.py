#!/usr/bin/env python3
"""tools/forms_report.py H100_CSV H200_CSV - the summary table docs/performance.md opens with, from
two runs of bench/forms (one per GPU): for each case and size, the simple form's time alone (each
call followed by a synchronization) and back to back, against _ex, CUB (temp storage kept), Thrust
and a device-to-device copy of the same bytes.  Prints markdown."""
import csv
import sys

CASES = ["i32.add", "i64.add", "f32.add", "u8.add", "i32.add.reduce"]
SIZES = [10, 14, 18, 22, 26, 30]


def load(path):
    rows = {}
    meta = None
    for r in csv.DictReader(open(path)):
        key = r["case"] + (".reduce" if r["what"] == "reduce" else "")
        lg = int(r["n"]).bit_length() - 1
        rows[(key, r["impl"], lg)] = r
        if r["impl"] == "copy":
            rows[(key + ".reduce", "copy", lg)] = r
        meta = (r["device"], r["driver"], r["commit"], r["date"][:10])
    return rows, meta


def cell(rows, case, impl, lg, col="event_us"):
    r = rows.get((case, impl, lg))
    return float(r[col]) if r else None


def main():
    gpus = [("H100", *load(sys.argv[1])), ("H200", *load(sys.argv[2]))]
    for name, _, meta in gpus:
        print(f"- {name}: {meta[0]}, driver {meta[1]}, commit {meta[2]}, {meta[3]}")
    print()
    head = "simple µs | `_ex` µs | CUB / Thrust µs | copy µs | back to back: simple / CUB µs"
    print(f"| case | n | H100 {head.replace(' | ', ' | H100 ')} | H200 {head.replace(' | ', ' | H200 ')} |")
    print("|---|---|" + "---|" * 10)
    for case in CASES:
        for lg in SIZES:
            cells = []
            for name, rows, _ in gpus:
                si, ex, cu, th, cp = (cell(rows, case, i, lg) for i in ("simple", "ex", "cub", "thrust", "copy"))
                if None in (si, ex, cu, cp):
                    cells = None
                    break
                b_si, b_cu = cell(rows, case, "simple", lg, "batch_us"), cell(rows, case, "cub", lg, "batch_us")
                cells.append(f"{si:.1f} | {ex:.1f} | {cu:.1f} / {th:.1f} | {cp:.1f} | {b_si:.1f} / {b_cu:.1f}")
            if cells:
                print(f"| {case} | 2^{lg} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
