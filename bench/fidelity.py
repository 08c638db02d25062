#!/usr/bin/env python3
"""Side-by-side fidelity check: bytebench's workloads against UnixBench 6.0.

Runs each test alternately under UnixBench's own ./Run (from a UnixBench
build that YOU made, outside this repository) and under bytebench, with the
same pass length and one pass each, for PAIRS alternating pairs, and prints a
Markdown table of medians, ratios and spreads, plus the index score computed
from each side's medians.

    bench/fidelity.py --unixbench ~/src/byte-unixbench/UnixBench --pairs 3
    bench/fidelity.py --unixbench DIR --tests syscall pipe --copies 2
    bench/fidelity.py --unixbench DIR --duration 5     # both sides at 5-s passes

Without --duration, UnixBench's side is its own ./Run (one test at a time)
and bytebench runs with its default durations. With --duration S, the script
runs UnixBench's programs itself, the way Run does (sync; sleep 1; sync;
sleep 2 first, wall-clock elapsed, COUNT/TIME parsing), with S-second passes,
and bytebench with --duration S. Whetstone times itself (10 s) either way.

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


# UnixBench's command per test (UnixBench/Run's table, reference §1.3), with
# the pass length as a parameter.
def unixbench_command(test, seconds, tmpdir):
    d = str(seconds)
    fs = {"fstime": ("1024", "2000"), "fsbuffer": ("256", "500"), "fsdisk": ("4096", "8000")}
    if test in fs:
        b, m = fs[test]
        return ["pgms/fstime", "-c", "-t", d, "-d", tmpdir, "-b", b, "-m", m]
    if test in ("shell1", "shell8"):
        return ["pgms/looper", d, "pgms/multi.sh", test[len("shell"):]]
    if test == "whetstone-double":
        return ["pgms/whetstone-double"]
    return ["pgms/" + test, d]


def run_unixbench_direct(ub_dir, test, copies, seconds):
    env = dict(os.environ, UB_BINDIR=os.path.join(ub_dir, "pgms"), LANG="en_US.utf8",
               UB_TMPDIR=os.path.join(ub_dir, "tmp"))
    os.makedirs(env["UB_TMPDIR"], exist_ok=True)
    subprocess.run(["sync"]); time.sleep(1); subprocess.run(["sync"]); time.sleep(2)
    cmd = [os.path.join(ub_dir, c) if c.startswith("pgms/") else c
           for c in unixbench_command(test, seconds, env["UB_TMPDIR"])]
    cwd = os.path.join(ub_dir, "testdir")
    start = time.time()
    procs = [subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for _ in range(copies)]
    total, times = 0.0, []
    for p in procs:
        err = p.communicate()[1]
        elapsed = time.time() - start
        fields = {}
        for line in err.splitlines():  # later lines overwrite earlier ones, as in Run
            parts = line.split("|")
            if parts[0] == "COUNT":
                fields["count"], fields["base"] = float(parts[1]), int(parts[2])
            elif parts[0] == "TIME":
                fields["time"] = float(parts[1])
        if "count" not in fields:
            raise RuntimeError(f"UnixBench {test} printed no COUNT: {err[-500:]}")
        total += fields["count"]
        times.append(fields.get("time", elapsed))
        base = fields["base"]
    mean_time = sum(times) / len(times)
    return total / (mean_time / base) if base > 0 else total


def run_bytebench(cli, test, copies, seconds=None):
    with tempfile.TemporaryDirectory() as out_dir:
        cmd = [cli, "run", test, "-i", "1", "-c", str(copies), "-q", "-o", out_dir]
        if seconds and test != "whetstone-double":
            cmd += ["--duration", str(seconds)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        docs = [f for f in os.listdir(out_dir) if f.endswith(".json")]
        if not docs:
            raise RuntimeError(f"bytebench wrote no result for {test}: {proc.stderr[-2000:]}")
        with open(os.path.join(out_dir, docs[0])) as f:
            doc = json.load(f)
    t = doc["runs"][0]["tests"][0]
    if t["status"] != "ok":
        raise RuntimeError(f"bytebench {test}: {t['status']}: {t.get('error')}")
    return float(t["value"])


def geomean_index(values, baselines=BASELINE):
    return 10 * math.exp(sum(math.log(values[t] / baselines[t]) for t in values) / len(values))


def spread(xs):
    """(max - min) / median, in percent; 0 for a median of 0."""
    return (max(xs) - min(xs)) / statistics.median(xs) * 100 if xs and statistics.median(xs) else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--unixbench", required=True, help="UnixBench folder with Run (already built)")
    ap.add_argument("--cli", default=DEFAULT_CLI, help="bytebench binary (default build/bin/bytebench)")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--tests", nargs="*", default=[t for t, _, _ in INDEX])
    ap.add_argument("--duration", type=float, help="pass length for both sides (runs UnixBench's programs directly)")
    args = ap.parse_args()

    samples = {t: {"unixbench": [], "bytebench": []} for t in args.tests}
    started = time.time()
    for pair in range(args.pairs):
        for test in args.tests:
            order = ["unixbench", "bytebench"] if pair % 2 == 0 else ["bytebench", "unixbench"]
            for side in order:
                if side == "bytebench":
                    value = run_bytebench(args.cli, test, args.copies, args.duration)
                elif args.duration:
                    value = run_unixbench_direct(args.unixbench, test, args.copies, args.duration)
                else:
                    value = run_unixbench(args.unixbench, test, args.copies)
                samples[test][side].append(value)
                print(f"pair {pair + 1} {test:17s} {side:9s} {value:14.1f}", file=sys.stderr, flush=True)

    print(f"| test | UnixBench median | bytebench median | ratio | UnixBench spread | bytebench spread |")
    print(f"|---|---:|---:|---:|---:|---:|")
    medians = {"unixbench": {}, "bytebench": {}}
    for test in args.tests:
        ub, bb = samples[test]["unixbench"], samples[test]["bytebench"]
        mu, mb = statistics.median(ub), statistics.median(bb)
        medians["unixbench"][test], medians["bytebench"][test] = mu, mb
        print(f"| {test} | {mu:.1f} | {mb:.1f} | {mb / mu:.3f} | {spread(ub):.1f}% | {spread(bb):.1f}% |")
    if all(t in BASELINE for t in args.tests):
        iu, ib = geomean_index(medians["unixbench"]), geomean_index(medians["bytebench"])
        print(f"| **index score** | {iu:.1f} | {ib:.1f} | {ib / iu:.3f} | | |")
    how = f"{args.duration:g}-s passes" if args.duration else "default durations"
    print(f"\n{args.pairs} alternating pairs, {args.copies} copy/copies, {how}, "
          f"{(time.time() - started) / 60:.0f} minutes.")


if __name__ == "__main__":
    main()
