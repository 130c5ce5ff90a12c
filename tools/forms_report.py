#!/usr/bin/env python3
"""tools/forms_report.py H100_CSV H200_CSV [--png FILE | --ends | --typed | --reverse] - the summary table docs/performance.md opens with, from
two runs of bench/forms (one per GPU; A.csv+B.csv: several runs of one GPU, each row the fastest): for each case and size, the simple form's time alone (each
call followed by a synchronization) and back to back, against _ex, CUB (temp storage kept), Thrust
and a device-to-device copy of the same bytes.  Prints markdown; with --png, also draws GB/s
against n for each GPU and case (matplotlib).  With --ends, from two runs of
`bench/forms --cases i32.ends,i64.ends`: the offsets / chained-scan table instead; with --typed,
of `--cases u8i32.typed,f32f64.typed,f32sq.typed`: the typed scans' table; with --reverse, of
`--cases i32.rev,i64.rev`: the reverse scans' table."""
import csv
import sys

CASES = ["i32.add", "i64.add", "f32.add", "u8.add", "i32.add.reduce"]
SIZES = [10, 14, 18, 22, 26, 30]
TIMES = ("event_us", "wall_us", "batch_us")


def load(path):
    """One run's CSV, or several joined by '+' (runs of the same build on one GPU): each time of a
    row (alone, wall, back to back) then the least of the runs', each column on its own (a
    transient in one run, which may hit one column of a row, does not make the table)."""
    rows = {}
    meta = None
    for part in path.split("+"):
        for r in csv.DictReader(open(part)):
            key = r["case"] + (".reduce" if r["what"] == "reduce" else "")
            lg = int(r["n"]).bit_length() - 1
            old = rows.get((key, r["impl"], lg))
            if old is not None:
                r = dict(r)
                for col in TIMES:
                    if old[col] not in ("", "nan") and (r[col] in ("", "nan") or float(old[col]) < float(r[col])):
                        r[col] = old[col]
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


def ends():
    gpus = [("H100", *load(sys.argv[1])), ("H200", *load(sys.argv[2]))]
    for name, _, meta in gpus:
        print(f"- {name}: {meta[0]}, driver {meta[1]}, commit {meta[2]}, {meta[3]}")
    print()
    impls = ("copy", "ex_plain", "cub_offsets", "ex_offsets", "simple_offsets", "cub_chained", "ex_chained", "simple_chained")
    print("| GPU | case | n | copy | plain | CUB offsets | offsets_ex | offsets | CUB chained | chained_ex | chained"
          " | off/cp | cub/off | cub/ch | off/pl |")
    print("|---|---|---|" + "---|" * 12)
    for name, rows, _ in gpus:
        for case in sorted({k[0] for k in rows}):
            for lg in sorted({k[2] for k in rows if k[0] == case}):
                t = dict(zip(impls, (cell(rows, case, i, lg) for i in impls)))
                if None in t.values():
                    continue
                ratios = (t["copy"] / t["ex_offsets"], t["cub_offsets"] / t["simple_offsets"],
                          t["cub_chained"] / t["simple_chained"], t["ex_plain"] / t["ex_offsets"])
                print(f"| {name} | {case.split('.')[0]} | 2^{lg} | " + " | ".join(f"{t[i]:.2f}" for i in impls)
                      + " | " + " | ".join(f"{r:.3f}" for r in ratios) + " |")


def five(suffix, third, third_head, over_ex):
    """copy, CUB, a third (Thrust or the forward scan), _ex and simple of the cases ending in suffix"""
    gpus = [("H100", *load(sys.argv[1])), ("H200", *load(sys.argv[2]))]
    for name, _, meta in gpus:
        print(f"- {name}: {meta[0]}, driver {meta[1]}, commit {meta[2]}, {meta[3]}")
    print()
    impls = ("copy", "cub", third, "ex", "simple")
    print(f"| GPU | case | n | copy µs | CUB µs | {third_head} µs | `_ex` µs | simple µs | of copy (`_ex`) | CUB / simple"
          f" | {third_head} / {'`_ex`' if over_ex else 'simple'} |")
    print("|---|---|---|" + "---|" * 8)
    for name, rows, _ in gpus:
        for case in sorted({k[0] for k in rows if k[0].endswith(suffix)}):
            for lg in sorted({k[2] for k in rows if k[0] == case}):
                t = dict(zip(impls, (cell(rows, case, i, lg) for i in impls)))
                if None in t.values():
                    continue
                print(f"| {name} | {case[:-len(suffix)]} | 2^{lg} | " + " | ".join(f"{t[i]:.2f}" for i in impls)
                      + f" | {t['copy'] / t['ex']:.3f} | {t['cub'] / t['simple']:.2f}x"
                      + f" | {t[third] / t['ex' if over_ex else 'simple']:.3f} |")


def plot(path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    gpus = [("H100", load(sys.argv[1])[0]), ("H200", load(sys.argv[2])[0])]
    cases = ["i32.add", "i64.add", "u8.add", "i32.add.reduce"]
    fig, axes = plt.subplots(2, len(cases), figsize=(4 * len(cases), 7), sharex=True)
    for row, (name, rows) in enumerate(gpus):
        for col, case in enumerate(cases):
            ax = axes[row][col]
            for impl, style in (("copy", "k--"), ("simple", "C0-o"), ("ex", "C0:"), ("cub", "C1-s"), ("thrust", "C2-^")):
                pts = sorted((lg, r) for (c, i, lg), r in rows.items() if c == case and i == impl)
                if not pts:
                    continue
                xs = [lg for lg, _ in pts]
                # bytes moved: n read + n written for scans and copy, n read for reductions
                factor = 1 if (case.endswith("reduce") and impl != "copy") else 2
                ys = [factor * int(r["n"]) * int(r["elem_bytes"]) / float(r["event_us"]) / 1e3 for _, r in pts]
                ax.plot(xs, ys, style, label={"ex": "gpuscan _ex", "simple": "gpuscan simple"}.get(impl, impl), markersize=3)
            ax.set_title(f"{name}: {case}")
            ax.grid(alpha=0.3)
            if col == 0:
                ax.set_ylabel("GB/s (bytes moved / time)")
            if row == 1:
                ax.set_xlabel("log2 n")
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


if __name__ == "__main__":
    if "--ends" in sys.argv:
        ends()
        sys.exit(0)
    if "--typed" in sys.argv:
        five(".typed", "thrust", "Thrust", False)
        sys.exit(0)
    if "--reverse" in sys.argv:
        five(".rev", "forward_ex", "forward `_ex`", True)
        sys.exit(0)
    main()
    if "--png" in sys.argv:
        plot(sys.argv[sys.argv.index("--png") + 1])
