#!/usr/bin/env python3
"""Does the machine's environment explain the drift of the numbers? Runs
bytebench over and over for a while (an hour by default), each run a few
short passes of a CPU test and a kernel test at 1 copy and at every CPU,
then reads every pass's environment (steal, other processes' CPU time,
clock speed) from the results and prints:

  - the passes binned by the CPU time other processes used, and by steal,
    with the median of each pass's value relative to its test's median of
    clean passes;
  - Spearman's rank correlation of that relative value with each signal;
  - the spread (max/min, and the median absolute deviation) of all passes
    against the clean passes only;
  - a time line: per 5 minutes, the median relative value, other processes'
    share and steal.

  bench/environment_drift.py --bytebench build/bin/bytebench --minutes 60 --out drift/
  bench/environment_drift.py --analyze drift/      # the tables again, no new runs
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
from datetime import datetime


def run_loop(bytebench, minutes, out, tests, duration, passes):
    os.makedirs(out, exist_ok=True)
    end = time.monotonic() + minutes * 60
    runs = 0
    while time.monotonic() < end:
        command = [bytebench, "--no-history", "run", *tests, "-c", "1", "-c",
                   str(os.cpu_count()), "-i", str(passes), "--duration", str(duration),
                   "--settle", "0", "-q", "--format", "json", "-o", out]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        runs += 1
        if done.returncode != 0:
            sys.exit(f"run {runs} failed ({done.returncode}): {done.stderr.strip()}")
        print(f"{datetime.now():%H:%M:%S} run {runs} done", file=sys.stderr, flush=True)


def number(env, key):
    value = env.get(key)
    return value if isinstance(value, (int, float)) else None


def read_passes(folder):
    """Every ok pass: (time, test, copies, value, foreign, steal, MHz, disturbed)."""
    passes = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path) as f:
            doc = json.load(f)
        for run in doc.get("runs", []):
            started = datetime.fromisoformat(run["start"]).timestamp()
            for test in run["tests"]:
                offset = 0.0
                for p in test.get("passes", []):
                    env = p.get("environment")
                    if p["status"] != "ok" or env is None:
                        continue
                    offset += env["wall_s"]
                    passes.append({
                        "time": started + offset, "test": test["id"], "copies": run["copies"],
                        "value": p["value"], "foreign": number(env, "foreign_share"),
                        "steal": number(env, "steal_share"),
                        "mhz": number(env, "frequency_mhz"),
                        "disturbed": bool(env.get("disturbed")),
                        "why_mhz": env.get("why", {}).get("frequency_mhz")})
    return passes


def relative_values(passes):
    """Each pass's value over the median of its (test, copies)'s clean passes."""
    groups = {}
    for p in passes:
        groups.setdefault((p["test"], p["copies"]), []).append(p)
    for group in groups.values():
        clean = [p["value"] for p in group if not p["disturbed"]] or [p["value"] for p in group]
        median = statistics.median(clean)
        for p in group:
            p["relative"] = p["value"] / median
    return groups


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(xs, ys):
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5 if sxx > 0 and syy > 0 else None


def print_bins(passes, key, edges, title):
    print(f"\n{title}\n")
    print(f"| {key} share | passes | median value / clean median | min | max |")
    print("|---|---|---|---|---|")
    bounds = list(zip(edges, edges[1:] + [float("inf")]))
    for lo, hi in bounds:
        inside = [p["relative"] for p in passes
                  if p[key] is not None and lo <= p[key] < hi]
        if not inside:
            continue
        label = f"{lo:.1%}–{hi:.1%}" if hi != float("inf") else f"≥ {lo:.1%}"
        print(f"| {label} | {len(inside)} | {statistics.median(inside):.3f} | "
              f"{min(inside):.3f} | {max(inside):.3f} |")


def mad(values):
    m = statistics.median(values)
    return statistics.median(abs(v - m) for v in values)


def print_spread(groups):
    print("\nSpread per test: every pass against the clean passes only\n")
    print("| test | copies | passes | disturbed | max/min all | max/min clean | "
          "MAD all | MAD clean | Spearman(value, foreign) | Spearman(value, steal) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (test, copies), group in sorted(groups.items()):
        rel = [p["relative"] for p in group]
        clean = [p["relative"] for p in group if not p["disturbed"]]
        with_f = [p for p in group if p["foreign"] is not None]
        with_s = [p for p in group if p["steal"] is not None]
        rho_f = spearman([p["relative"] for p in with_f], [p["foreign"] for p in with_f])
        rho_s = spearman([p["relative"] for p in with_s], [p["steal"] for p in with_s])
        fmt = lambda r: "n/a" if r is None else f"{r:+.2f}"
        print(f"| {test} | {copies} | {len(group)} | {len(group) - len(clean)} | "
              f"{max(rel) / min(rel):.3f} | "
              f"{(max(clean) / min(clean)) if clean else float('nan'):.3f} | "
              f"{mad(rel):.3f} | {mad(clean) if clean else float('nan'):.3f} | "
              f"{fmt(rho_f)} | {fmt(rho_s)} |")


def print_timeline(passes, minutes=5):
    print(f"\nTime line, per {minutes} minutes\n")
    print("| from | passes | median value / clean median | median foreign share | "
          "median steal share | disturbed |")
    print("|---|---|---|---|---|---|")
    start = min(p["time"] for p in passes)
    slots = {}
    for p in passes:
        slots.setdefault(int((p["time"] - start) // (minutes * 60)), []).append(p)
    for slot, inside in sorted(slots.items()):
        foreign = [p["foreign"] for p in inside if p["foreign"] is not None]
        steal = [p["steal"] for p in inside if p["steal"] is not None]
        print(f"| +{slot * minutes} min | {len(inside)} | "
              f"{statistics.median(p['relative'] for p in inside):.3f} | "
              f"{statistics.median(foreign):.1%} | {statistics.median(steal):.2%} | "
              f"{sum(p['disturbed'] for p in inside)} |")


def analyze(folder):
    passes = read_passes(folder)
    if not passes:
        sys.exit(f"{folder}: no passes with an environment")
    groups = relative_values(passes)
    span = (max(p["time"] for p in passes) - min(p["time"] for p in passes)) / 60
    print(f"{len(passes)} passes over {span:.0f} minutes, "
          f"{sum(p['disturbed'] for p in passes)} disturbed")
    mhz = [p["mhz"] for p in passes if p["mhz"] is not None]
    if mhz:
        print(f"clock: median {statistics.median(mhz):.0f} MHz, "
              f"{min(mhz):.0f}–{max(mhz):.0f}")
    else:
        print(f"clock: unknown ({passes[0]['why_mhz']})")
    print_bins(passes, "foreign", [0, 0.05, 0.10, 0.25, 0.50], "By other processes' CPU time")
    print_bins(passes, "steal", [0, 0.005, 0.02, 0.05, 0.10], "By steal")
    print_spread(groups)
    print_timeline(passes)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bytebench", default="build/bin/bytebench")
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--out", default="environment-drift")
    parser.add_argument("--tests", default="dhry2reg,syscall")
    parser.add_argument("--duration", type=float, default=2)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--analyze", metavar="DIR", help="only print the tables of DIR's results")
    args = parser.parse_args()
    if args.analyze:
        analyze(args.analyze)
        return
    run_loop(args.bytebench, args.minutes, args.out, args.tests.split(","), args.duration,
             args.passes)
    analyze(args.out)


if __name__ == "__main__":
    main()
