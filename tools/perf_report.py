#!/usr/bin/env python3
"""tools/perf_report.py CSV [--newer CSV2] [--md docs/performance.md] [--png docs/performance.png]

Turns a bench CSV (bench/bench.cu --csv) into a Markdown report and a plot of GB/s against n
(gpuscan AUTO and look-back/coarsened vs CUB vs copy).  --newer puts the summary table of a later,
smaller run (e.g. `bench --quick --types ...` after a kernel change) above the full run's report.
The PNG needs matplotlib; the Markdown does not."""
import csv, sys, argparse, collections

def load(path):
    with open(path) as f:
        return list(csv.DictReader(f))

def lg(n):
    return int(n).bit_length() - 1

def group(rows):
    by = collections.defaultdict(dict)  # (type, op) -> n -> algo -> row
    for r in rows:
        by[(r["type"], r["op"])].setdefault(int(r["n"]), {})[r["algo"]] = r
    return by

def summary(by, batch):
    """The AUTO vs CUB vs copy table: Markdown lines."""
    out = []
    if batch:
        out.append("| type.op | n | copy µs | CUB µs | AUTO µs | AUTO of copy | CUB of copy | AUTO vs CUB "
                   "| back to back: copy µs | CUB µs | AUTO µs | AUTO vs CUB |")
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    else:
        out.append("| type.op | n | copy µs | CUB µs | AUTO µs | AUTO of copy | CUB of copy | AUTO vs CUB |")
        out.append("|---|---|---|---|---|---|---|---|")
    for key in SUMMARY_KEYS:
        for e in (10, 16, 20, 24, 28, 30):
            d = by.get(key, {}).get(1 << e)
            if not d or "gpuscan:auto" not in d or (e == 30 and key[0] != "u8"):
                continue  # 2^30: the 1-byte type's large-n target (1 GiB)
            c, u, g = d["copy"], d["cub"], d["gpuscan:auto"]
            line = (f"| {key[0]}.{key[1]} | 2^{e} | {float(c['median_us']):.1f} | {float(u['median_us']):.1f} | "
                    f"{float(g['median_us']):.1f} | {float(g['ratio_copy']):.2f} | {float(u['ratio_copy']):.2f} | "
                    f"{float(g['ratio_cub']):.2f}× |")
            if batch:
                cb, ub, gb = (float(x["batch_us"]) for x in (c, u, g))
                line += f" {cb:.1f} | {ub:.1f} | {gb:.1f} | {ub / gb:.2f}× |"
            out.append(line)
    return out

SUMMARY_KEYS = [("i32", "add"), ("i32", "max"), ("i64", "add"), ("u8", "add"), ("f32", "add")]

def large_n(by, batch):
    """AUTO of copy at the large sizes for the type/ops outside the summary: Markdown lines."""
    keys = [k for k in sorted(by) if k not in SUMMARY_KEYS]
    sizes = [e for e in (26, 28, 30) if any(1 << e in by[k] for k in keys)]
    if not keys or not sizes:
        return []
    head = "| type.op | " + " | ".join(f"2^{e}: AUTO of copy (back to back) | CUB of copy" for e in sizes) + " |"
    out = [head, "|---" * (1 + 2 * len(sizes)) + "|"]
    for k in keys:
        cells = [f"{k[0]}.{k[1]}"]
        for e in sizes:
            d = by[k].get(1 << e)
            if not d or "gpuscan:auto" not in d:
                cells += ["—", "—"]
                continue
            g, c, u = d["gpuscan:auto"], d["copy"], d["cub"]
            b2b = f" ({float(c['batch_us']) / float(g['batch_us']):.3f})" if batch and g["batch_us"] else ""
            cells += [f"{float(g['ratio_copy']):.3f}{b2b}", f"{float(u['ratio_copy']):.2f}"]
        out.append("| " + " | ".join(cells) + " |")
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--newer", help="a later run's CSV: its summary table goes first")
    ap.add_argument("--md", default="docs/performance.md")
    ap.add_argument("--png", default="docs/performance.png")
    a = ap.parse_args()
    rows = load(a.csv)
    meta = rows[0]
    by = group(rows)
    out = []
    out.append("# Performance\n")
    if a.newer:
        newer = load(a.newer)
        nm = newer[0]
        out.append(f"## Latest: AUTO against CUB and copy at commit `{nm['commit']}`\n")
        pairs = len({(r["type"], r["op"]) for r in newer})
        out.append(f"From `{a.newer}`: a later, smaller run (`bench --quick`: coarsened tiles only, "
                   f"{pairs} type/operator pairs) on "
                   f"**{nm['device']}**, {nm['date']}, after a kernel change; the full report of the "
                   f"earlier run (commit `{meta['commit']}`) follows below. Columns as in its summary.\n")
        out += summary(group(newer), "batch_us" in nm)
        more = large_n(group(newer), "batch_us" in nm)
        if more:
            out.append("\nThe same run's other types and operators at large n (AUTO's time as a fraction of the "
                       "copy's; in brackets back to back, the steadier figure where the copy's isolated "
                       "median was slow):\n")
            out += more
        out.append("")
        out.append(f"## Full run at commit `{meta['commit']}`\n")
    dates = sorted({r["date"] for r in rows})
    runs = ("one run of `bench`" if len(dates) == 1 else
            f"{len(dates)} runs of one `bench` binary, one after the other on one machine (each a "
            "share of the types)")
    out.append(f"Generated by `tools/perf_report.py {a.csv}` from {runs} on "
               f"**{meta['device']}**, commit `{meta['commit']}`, {' and '.join(dates)} "
               "(driver 580.159.04, CUDA 13.0). Inclusive scans; time = median of CUDA-event timings "
               "after three warm-ups; GB/s counts bytes read + written (2·n·sizeof(T)); "
               "\"of copy\" = device-to-device copy time of the same bytes / scan time (1.0 is the "
               "ceiling); \"vs CUB\" = CUB time / gpuscan time (> 1: gpuscan faster). Every gpuscan "
               "result was checked against CUB's on the device (column *check*). AUTO is the "
               "library's choice at that commit (docs/design.md, AUTO's rule and thresholds, says "
               "today's and why). Runs of one machine differ by about 0.5 % at 2^28 (copy included), "
               "and a row here and there "
               "carries a transient of the machine.\n")
    batch = "batch_us" in meta  # copy, CUB and AUTO also timed back to back (from commit 621363c)
    out.append("## Summary: AUTO against CUB and copy\n")
    if batch:
        out.append("Each call timed alone (events around one call: the host's launch latency is part of the "
                   "time, as for a program that waits for each result) and back to back (the per-call time "
                   "of a batch of calls: launch latency hidden behind the GPU's work, as in a pipeline and "
                   "as nvbench's batch mode measures).\n")
    out += summary(by, batch)
    out.append("\n## Every case, every size\n")
    for key in sorted(by):
        out.append(f"### {key[0]}.{key[1]}\n")
        algos = sorted({al for d in by[key].values() for al in d if al.startswith("gpuscan:")})
        out.append("| n | copy µs | CUB µs | " + " | ".join(al.replace("gpuscan:", "") + " µs (vs CUB)" for al in algos) + " |")
        out.append("|---" * (3 + len(algos)) + "|")
        for n in sorted(by[key]):
            d = by[key][n]
            cells = [f"2^{lg(n)}", f"{float(d['copy']['median_us']):.1f}", f"{float(d['cub']['median_us']):.1f}"]
            for al in algos:
                r = d.get(al)
                cells.append("—" if r is None else f"{float(r['median_us']):.1f} ({float(r['ratio_cub']):.2f}×)" + ("" if r["check"] == "ok" else " **" + r["check"] + "**"))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    out.append("![GB/s against n](performance.png)\n")
    with open(a.md, "w") as f:
        f.write("\n".join(out) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot")
        return
    keys = [k for k in [("i32", "add"), ("i64", "add"), ("u8", "add"), ("f32", "add"), ("i32", "max"), ("v4i", "vadd")] if k in by]
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.5))
    for ax, key in zip(axes.flat, keys):
        ns = sorted(by[key])
        for algo, style in [("copy", "k--"), ("cub", "r-o"), ("gpuscan:auto", "b-s"),
                            ("gpuscan:lookback/coarsened", "c-v"), ("gpuscan:reduce-ahead/coarsened", "y-d"),
                            ("gpuscan:hierarchical/coarsened", "g-^"), ("gpuscan:domino/coarsened", "m:x")]:
            pts = [(n, float(by[key][n][algo]["gbps"])) for n in ns if algo in by[key][n]]
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=algo.replace("gpuscan:", "gpuscan "), ms=4)
        ax.set_xscale("log", base=2)
        ax.set_title(f"{key[0]} {key[1]}")
        ax.set_xlabel("n (elements)")
        ax.set_ylabel("GB/s (read + write)")
        ax.grid(True, alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    fig.suptitle(f"gpuscan vs CUB vs copy on {meta['device']} (commit {meta['commit']})")
    fig.tight_layout()
    fig.savefig(a.png, dpi=90)
    print("wrote", a.md, a.png)

if __name__ == "__main__":
    main()
