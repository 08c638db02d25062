#!/usr/bin/env python3
"""How does `bytebench compare A B` scale with the number of tests?

Writes two synthetic bytebench.result/1 documents (docs/result-schema.md)
with N tests each to a temporary folder, then times `bytebench --no-history
compare A B --format F -o OUT` for every N and format: wall seconds (the
median of --repeat runs) and the peak RSS of the largest process (bytebench
or the worker that renders the report, from wait4's rusage).

The documents are our own generated data, deterministic (a fixed seed), laid
out as real results are: one copy-pass of N tests, each with an id, name,
category, unit, version, build, value, index, stats (n, cv, ci95, outliers),
value_ci95, and 10 passes (3 for one test in four, as UnixBench's slow tests)
with counts, seconds, values, kept flags, outlier flags and a copy each; an
index per category. B is A with every value scaled by a factor per test
(some tests faster, some slower, most within the noise), one test in 500
missing, one in 500 crashed and one in 1000 with another workload version,
so that every kind of row and note appears.

    bench/compare_scale.py                                  # build/bin/bytebench
    bench/compare_scale.py --cli /work/main/build/bin/bytebench --timeout 120
    bench/compare_scale.py --sizes 1000 30000 --formats text html

A run slower than --timeout is stopped and shown as "> T s" (the remaining
runs of that size and format are skipped). Prints Markdown tables.
"""
import argparse
import json
import math
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")
SIZES = [1000, 5000, 10000, 30000]
FORMATS = ["text", "markdown", "csv", "html", "json"]
CATEGORIES = [("system", "System Benchmarks", "lps"), ("memory", "Memory Benchmarks", "MBps"),
              ("disk", "Disk Benchmarks", "KBps"), ("shell", "Shell Benchmarks", "lpm")]


def passes_for(rng, value, n, time_base):
    seconds = 10.0 if time_base else 60.0
    values = [value * (1 + rng.gauss(0, 0.01)) for _ in range(n)]
    dropped = set(sorted(range(n), key=lambda i: values[i])[: n // 3])
    passes = []
    for i, v in enumerate(values):
        count = round(v * seconds / time_base, 1) if time_base else round(v, 1)
        passes.append({"count": count, "seconds": seconds, "value": v,
                       "kept": i not in dropped, "status": "ok", "start_spread_ms": 0,
                       "copies": [{"count": count, "seconds": seconds, "cpu_start": i % 2,
                                   "cpu_end": i % 2}]})
        if i not in dropped:
            passes[-1]["outlier"] = False
    return passes


def scored(test, passes):
    kept = sorted(p["value"] for p in passes if p["kept"])
    n = len(kept)
    mean = sum(kept) / n
    stddev = math.sqrt(sum((v - mean) ** 2 for v in kept) / (n - 1)) if n > 1 else 0.0
    half = 2.447 * stddev / math.sqrt(n)  # about t(0.975, 6)
    value = math.exp(sum(math.log(v) for v in kept) / n)
    median = kept[n // 2] if n % 2 else (kept[n // 2 - 1] + kept[n // 2]) / 2
    test.update({"status": "ok", "value": value, "time_s": passes[0]["seconds"], "samples": n,
                 "index": value / test["baseline"] * 10,
                 "value_ci95": [value - half, value + half],
                 "index_ci95": [(value - half) / test["baseline"] * 10,
                                (value + half) / test["baseline"] * 10],
                 "stats": {"min": kept[0], "median": median, "max": kept[-1], "mean": mean,
                           "stddev": stddev, "n": n, "cv": stddev / mean,
                           "ci95": [mean - half, mean + half], "outliers": []},
                 "passes": passes})
    return test


def make_test(rng, i, factor, version):
    category, _, unit = CATEGORIES[i % len(CATEGORIES)]
    time_base = 0 if unit == "lpm" else 1
    base = 1000.0 * (1 + (i * 7919) % 997)
    test = {"id": f"test{i:05d}", "workload": f"workload{i % 40}",
            "plugin": "/usr/lib/x86_64-linux-gnu/bytebench/plugins/synthetic.so",
            "plugin_id": "org.bytebench.synthetic", "version": version,
            "build": "gcc 12.2.0 -O3 -ffast-math -march=native -mtune=native",
            "name": f"Synthetic test number {i} ({category})", "category": category,
            "unit": unit, "time_base_s": time_base, "params": {"size": str(i % 64)},
            "baseline": base / 10}
    n = 3 if i % 4 == 3 else 10
    return scored(test, passes_for(rng, base * factor, n, time_base))


def document(tests, host, start):
    indexes = []
    for category, title, _ in CATEGORIES:
        indexed = [t["index"] for t in tests if t["category"] == category and "index" in t]
        total = sum(1 for t in tests if t["category"] == category)
        if indexed:
            indexes.append({"category": category, "title": title,
                            "score": math.exp(sum(math.log(x) for x in indexed) / len(indexed)),
                            "partial": len(indexed) < total, "tests_indexed": len(indexed),
                            "tests_total": total, "ci95_unavailable": "synthetic"})
    return {"schema": "bytebench.result/1",
            "tool": {"name": "bytebench", "version": "0.1.0", "abi": "1.0"},
            "status": "complete",
            "system": {"hostname": host, "os": "GNU/Linux", "kernel": "6.1.0",
                       "machine": "x86_64", "cpu_model": "Synthetic CPU", "cpus_online": 2,
                       "cpus_configured": 2},
            "options": {"tests": ["synthetic"], "copies": [1], "iterations": 10, "settle_s": 0,
                        "formats": ["json"], "command_line": "bench/compare_scale.py"},
            "suite": {"name": "synthetic", "file": "/dev/null", "sha256": "0" * 64},
            "runs": [{"copies": 1, "cpus": 2, "start": start, "end": start, "indexes": indexes,
                      "tests": tests}]}


def write_documents(n, folder):
    """A and B with n tests each; returns their paths."""
    rng = random.Random(n)
    a_tests, b_tests = [], []
    for i in range(n):
        a_tests.append(make_test(rng, i, 1.0, "1"))
        if i % 500 == 250:
            continue  # missing in B
        if i % 500 == 499:
            b_tests.append({k: v for k, v in a_tests[-1].items()
                            if k not in ("value", "time_s", "samples", "index", "value_ci95",
                                         "index_ci95", "stats", "passes")})
            b_tests[-1].update(status="crashed", error="copy 1 was killed by signal 11")
            continue
        factor = rng.choice([0.9, 0.97, 1.0, 1.0, 1.0, 1.003, 1.05, 1.1])
        b_tests.append(make_test(rng, i, factor, "2" if i % 1000 == 7 else "1"))
    paths = []
    for name, tests, start in (("A", a_tests, "2026-12-01T10:00:00+00:00"),
                               ("B", b_tests, "2026-12-01T11:00:00+00:00")):
        path = os.path.join(folder, f"{name}-{n}.json")
        with open(path, "w") as out:
            json.dump(document(tests, "host-" + name.lower(), start), out)
        paths.append(path)
    return paths


def run_once(cli, a, b, fmt, out_path, timeout):
    """(wall seconds, peak RSS in MiB, exit status); seconds None on timeout."""
    start = time.monotonic()
    proc = subprocess.Popen([cli, "--no-history", "compare", a, b, "--format", fmt,
                             "-o", out_path], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            wall = time.monotonic() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            err = proc.stderr.read().decode(errors="replace")
            proc.stderr.close()
            return wall, usage.ru_maxrss / 1024, proc.returncode, err
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)  # the CLI and its report worker
            os.wait4(proc.pid, 0)
            proc.stderr.close()
            return None, None, None, ""
        time.sleep(0.01)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=DEFAULT_CLI, help="the bytebench to time")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    parser.add_argument("--formats", nargs="+", default=FORMATS)
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (median)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per run")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="compare-scale-")
    try:
        print(f"`{args.cli} --no-history compare A B --format F -o OUT`; "
              f"median of {args.repeat}; peak RSS of the largest process\n")
        print("| tests | document size | " + " | ".join(args.formats) + " |")
        print("|---|---|" + "---|" * len(args.formats))
        for n in args.sizes:
            a, b = write_documents(n, folder)
            size = (os.path.getsize(a) + os.path.getsize(b)) / 2 / 1e6
            cells = []
            for fmt in args.formats:
                walls, rss = [], []
                cell = None
                for _ in range(args.repeat):
                    wall, peak, code, err = run_once(args.cli, a, b, fmt,
                                                     os.path.join(folder, "out." + fmt),
                                                     args.timeout)
                    if wall is None:
                        cell = f"> {args.timeout:g} s"
                        break
                    if code != 0:
                        cell = f"exit {code} after {wall:.1f} s ({err.strip()[:80]})"
                        break
                    walls.append(wall)
                    rss.append(peak)
                if cell is None:
                    cell = f"{statistics.median(walls):.2f} s, {max(rss):.0f} MiB"
                cells.append(cell)
                print(f"  {n} {fmt}: {cell}", file=sys.stderr, flush=True)
            print(f"| {n} | {size:.1f} MB | " + " | ".join(cells) + " |", flush=True)
    finally:
        if args.keep:
            print(f"\nkept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
