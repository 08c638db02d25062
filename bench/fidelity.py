#!/usr/bin/env python3
"""Side-by-side fidelity check: bytebench's workloads against UnixBench 6.0.

Runs each test alternately under UnixBench's own ./Run (from a UnixBench
build that YOU made, outside this repository) and under bytebench, with the
same pass length and one pass each, for PAIRS alternating pairs, and prints a
Markdown table of medians, ratios and spreads, plus the index score computed
from each side's medians.

    bench/fidelity.py --unixbench ~/src/byte-unixbench/UnixBench --pairs 3
    bench/fidelity.py --unixbench DIR --tests syscall pipe --copies 2

The repository never contains, downloads or builds UnixBench.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")

# The index tests, UnixBench's log messages (the report's result lines) and
# baselines, as in suites/index.toml.
INDEX = [
    ("dhry2reg", "Dhrystone 2 using register variables", 116700.0),
    ("whetstone-double", "Double-Precision Whetstone", 55.0),
    ("execl", "Execl Throughput", 43.0),
    ("fstime", "File Copy 1024 bufsize 2000 maxblocks", 3960.0),
    ("fsbuffer", "File Copy 256 bufsize 500 maxblocks", 1655.0),
    ("fsdisk", "File Copy 4096 bufsize 8000 maxblocks", 5800.0),
    ("pipe", "Pipe Throughput", 12440.0),
    ("context1", "Pipe-based Context Switching", 4000.0),
    ("spawn", "Process Creation", 126.0),
    ("syscall", "System Call Overhead", 15000.0),
    ("shell1", "Shell Scripts (1 concurrent)", 42.4),
    ("shell8", "Shell Scripts (8 concurrent)", 6.0),
]
LOGMSG = {t: m for t, m, _ in INDEX}
BASELINE = {t: b for t, _, b in INDEX}
RESULT_LINE = re.compile(r"^(?P<name>.{40}) +(?P<value>[0-9.]+) (?P<unit>\S+) +\(")


def run_unixbench(ub_dir, test, copies):
    out = subprocess.run(["./Run", "-i", "1", "-c", str(copies), test], cwd=ub_dir,
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        m = RESULT_LINE.match(line)
        if m and m.group("name").strip() == LOGMSG[test]:
            return float(m.group("value"))
    raise RuntimeError(f"UnixBench gave no result for {test}:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")


def run_bytebench(cli, test, copies):
    with tempfile.TemporaryDirectory() as out_dir:
        proc = subprocess.run([cli, "run", test, "-i", "1", "-c", str(copies), "-q", "-o", out_dir],
                              capture_output=True, text=True)
        docs = [f for f in os.listdir(out_dir) if f.endswith(".json")]
        if not docs:
            raise RuntimeError(f"bytebench wrote no result for {test}: {proc.stderr[-2000:]}")
        with open(os.path.join(out_dir, docs[0])) as f:
            doc = json.load(f)
    t = doc["runs"][0]["tests"][0]
    if t["status"] != "ok":
        raise RuntimeError(f"bytebench {test}: {t['status']}: {t.get('error')}")
    return float(t["value"])


def geomean_index(values):
    return 10 * math.exp(sum(math.log(values[t] / BASELINE[t]) for t in values) / len(values))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--unixbench", required=True, help="UnixBench folder with Run (already built)")
    ap.add_argument("--cli", default=DEFAULT_CLI, help="bytebench binary (default build/bin/bytebench)")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--tests", nargs="*", default=[t for t, _, _ in INDEX])
    args = ap.parse_args()

    samples = {t: {"unixbench": [], "bytebench": []} for t in args.tests}
    started = time.time()
    for pair in range(args.pairs):
        for test in args.tests:
            order = ["unixbench", "bytebench"] if pair % 2 == 0 else ["bytebench", "unixbench"]
            for side in order:
                value = (run_unixbench(args.unixbench, test, args.copies) if side == "unixbench"
                         else run_bytebench(args.cli, test, args.copies))
                samples[test][side].append(value)
                print(f"pair {pair + 1} {test:17s} {side:9s} {value:14.1f}", file=sys.stderr, flush=True)

    print(f"| test | UnixBench median | bytebench median | ratio | UnixBench spread | bytebench spread |")
    print(f"|---|---:|---:|---:|---:|---:|")
    medians = {"unixbench": {}, "bytebench": {}}
    for test in args.tests:
        ub, bb = samples[test]["unixbench"], samples[test]["bytebench"]
        mu, mb = statistics.median(ub), statistics.median(bb)
        medians["unixbench"][test], medians["bytebench"][test] = mu, mb
        spread = lambda xs: (max(xs) - min(xs)) / statistics.median(xs) * 100
        print(f"| {test} | {mu:.1f} | {mb:.1f} | {mb / mu:.3f} | {spread(ub):.1f}% | {spread(bb):.1f}% |")
    if all(t in BASELINE for t in args.tests):
        iu, ib = geomean_index(medians["unixbench"]), geomean_index(medians["bytebench"])
        print(f"| **index score** | {iu:.1f} | {ib:.1f} | {ib / iu:.3f} | | |")
    print(f"\n{args.pairs} alternating pairs, {args.copies} copy/copies, "
          f"{(time.time() - started) / 60:.0f} minutes.")


if __name__ == "__main__":
    main()
