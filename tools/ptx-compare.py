#!/usr/bin/env python3
"""tools/ptx-compare.py A.ptx B.ptx - which kernels (.entry / .func) two PTX files share unchanged.

For claims like "every kernel but X is as measured at commit C": build the same .cu against the two
trees with `nvcc -arch=sm_90 -ptx` and compare.  The per-file hash nvcc puts in internal names, the
numbering of block labels and of virtual registers are normalized away; what remains is the code.  Prints the counts and
the names of entries that differ, are new in B, or are gone."""
import re
import sys


def canonical_registers(text):
    """Virtual registers renumbered in order of first use (a renaming is the same code), and the
    declared counts dropped."""
    text = re.sub(r"(\.reg \.\w+ %\w+?)<\d+>", r"\1<N>", text)
    names = {}

    def rename(m):
        return names.setdefault(m.group(0), "%%%s_%d" % (m.group(1), len(names)))

    return re.sub(r"%(r|rd|rs|p|f|fd|h|hh|b)\d+\b", rename, text)


def internal_namespaces(text):
    """N<len>_INTERNAL_... names a file's anonymous namespace, whose last digits change with the
    headers' text: the whole name (its mangled length says where it ends) becomes one token."""
    out, pos = [], 0
    for m in re.finditer(r"N(\d+)_INTERNAL_", text):
        if m.start() < pos:
            continue
        end = m.start(1) + len(m.group(1)) + int(m.group(1))
        out.append(text[pos:m.start()] + "N_INTERNAL_X")
        pos = end
    return "".join(out) + text[pos:]


def entries(path):
    s = internal_namespaces(open(path).read())
    s = re.sub(r"_INTERNAL_[0-9a-f]{8}_", "_INTERNAL_X_", s)
    s = re.sub(r"\$L__BB\d+_", "$L__BB_", s)
    s = re.sub(r"\n\s*\n", "\n", s)
    out = {}
    for part in re.split(r"\n(?=(?:\.visible |\.weak |)?\.(?:entry|func) )", s):
        m = re.match(r"(?:\.visible |\.weak |)?\.(entry|func) (?:\([^)]*\) )?(\S+?)\(", part)
        if m:
            out[m.group(2)] = canonical_registers(part)
    return out


a, b = entries(sys.argv[1]), entries(sys.argv[2])
same = [k for k in a if k in b and a[k] == b[k]]
differ = [k for k in a if k in b and a[k] != b[k]]
new = [k for k in b if k not in a]
gone = [k for k in a if k not in b]
print(f"{len(a)} / {len(b)} entries: {len(same)} identical, {len(differ)} differ, {len(new)} new, {len(gone)} gone")
for label, names in (("differ", differ), ("new", new), ("gone", gone)):
    for k in names:
        print(f"  {label}: {k}")
sys.exit(1 if differ or gone else 0)
