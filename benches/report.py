#!/usr/bin/env python3
"""Summarise one `cargo bench -p hooke-benches` run as markdown tables.

Reads `target/criterion/<kernel>/<variant>/<n>/new/{benchmark,estimates}.json` (the latest run of
each benchmark), and prints, per kernel and size: ns per spring (criterion's median estimate
divided by the springs per iteration), springs per second, and speed ratios
(X/Y = throughput of X / throughput of Y):

  a/c  hooke (1 thread) vs the source-style scalar loop with exp per call
  a/d  hooke (1 thread) vs the peer crate spring_damper per spring
  a/e  hooke (1 thread) vs the traffic-only kernel: the fraction of the memory limit reached
  b/a  par_update vs update
  b/f  par_update vs the traffic-only kernel on all threads
  a/g  update vs the bare lanes kernel (per-call overhead of the batch type)

followed by the issue's targets, met or missed.

Usage: python3 benches/report.py [path/to/target/criterion]
"""

import json
import sys
from pathlib import Path

KERNELS = ["critical", "decay", "general", "quat_decay"]
VARIANTS = {
    "a": "a_hooke",
    "b": "b_hooke_par",
    "c": "c_source_scalar",
    "d": "d_spring_damper",
    "e": "e_traffic",
    "f": "f_traffic_par",
    "g": "g_hooke_kernel",
}
RATIOS = [("a", "c"), ("a", "d"), ("a", "e"), ("b", "a"), ("b", "f"), ("a", "g")]


def label(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f"{n >> 20}M"
    if n >= 1 << 10 and n % (1 << 10) == 0:
        return f"{n >> 10}k"
    return str(n)


def load(root):
    """{kernel: {n: {variant letter: ns per spring}}}"""
    results = {}
    letters = {v: k for k, v in VARIANTS.items()}
    for bench in root.glob("*/*/*/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        kernel, function = meta["group_id"], meta["function_id"]
        if kernel not in KERNELS or function not in letters:
            continue
        n = meta["throughput"]["Elements"]
        estimates = json.loads((bench.parent / "estimates.json").read_text())
        ns = estimates["median"]["point_estimate"] / n
        results.setdefault(kernel, {}).setdefault(n, {})[letters[function]] = ns
    return results


def fmt_ns(ns):
    return "—" if ns is None else (f"{ns:.3f}" if ns < 10 else f"{ns:.1f}")


def fmt_rate(ns):
    return "—" if ns is None else f"{1e3 / ns:,.0f}"


def ratio(row, x, y):
    if x in row and y in row:
        return row[y] / row[x]
    return None


def fmt_ratio(r):
    return "—" if r is None else (f"{r:.2f}" if r < 10 else f"{r:.0f}")


def tables(results):
    out = []
    for kernel in KERNELS:
        if kernel not in results:
            continue
        rows = results[kernel]
        out.append(f"### {kernel}\n")
        out.append(
            "| springs | " + " | ".join(f"{k}: ns/spring" for k in VARIANTS) + " | a: M springs/s |"
        )
        out.append("|---" * (len(VARIANTS) + 2) + "|")
        for n in sorted(rows):
            row = rows[n]
            cells = [fmt_ns(row.get(k)) for k in VARIANTS]
            out.append(f"| {label(n)} | " + " | ".join(cells) + f" | {fmt_rate(row.get('a'))} |")
        out.append("")
        out.append("| springs | " + " | ".join(f"{x}/{y}" for x, y in RATIOS) + " |")
        out.append("|---" * (len(RATIOS) + 1) + "|")
        for n in sorted(rows):
            row = rows[n]
            cells = [fmt_ratio(ratio(row, x, y)) for x, y in RATIOS]
            out.append(f"| {label(n)} | " + " | ".join(cells) + " |")
        out.append("")
    return out


def targets(results):
    checks = []

    def check(name, value, want):
        if value is None:
            checks.append(f"| {name} | — | {want} | not measured |")
        else:
            ok = value >= want
            checks.append(f"| {name} | {value:.2f} | >= {want} | {'met' if ok else 'MISSED'} |")

    crit = results.get("critical", {})
    k16, m1, m8 = 1 << 14, 1 << 20, 1 << 23
    check("critical 16k: a/d", ratio(crit.get(k16, {}), "a", "d"), 5.0)
    check("critical 16k: a/e", ratio(crit.get(k16, {}), "a", "e"), 0.7)
    check("critical 8M: a/e", ratio(crit.get(m8, {}), "a", "e"), 0.9)
    check("critical 1M: b/a", ratio(crit.get(m1, {}), "b", "a"), 1.6)
    worst = [
        (ratio(row, "b", "a"), kernel, n)
        for kernel in KERNELS
        for n, row in results.get(kernel, {}).items()
        if ratio(row, "b", "a") is not None
    ]
    if worst:
        r, kernel, n = min(worst)
        check(f"b/a, all kernels and sizes (lowest: {kernel} {label(n)})", r, 1.0)
    quat = results.get("quat_decay", {})
    q = [(ratio(row, "a", "d"), n) for n, row in quat.items() if ratio(row, "a", "d") is not None]
    if q:
        r, n = min(q)
        check(f"quat_decay a/d, all sizes (lowest: {label(n)})", r, 8.0)
    return ["| target | measured | wanted | |", "|---|---|---|---|"] + checks


def main():
    default = Path(__file__).resolve().parent.parent / "target" / "criterion"
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    results = load(root)
    if not results:
        sys.exit(f"no hooke-benches results under {root}; run `cargo bench -p hooke-benches`")
    print("\n".join(tables(results)))
    print("\n".join(targets(results)))


if __name__ == "__main__":
    main()
