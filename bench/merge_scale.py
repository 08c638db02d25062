#!/usr/bin/env python3
"""How long and how much memory does a fleet merge take?

Makes COUNT full-index results from one real result (a `bytebench run` of
the whole index at 1 and N copies; --run makes one with short passes), each
a copy with every test's value, pass values and index scaled by a factor
of its own (a seeded random spread of a few percent, as machines differ),
labelled host=host-001 ... over --hosts hosts, into a temporary folder.
Then times `bytebench --no-history compare DIR --by host --format F -o OUT`
(the merge of issue 18) per format: wall seconds, the median of --repeat
runs, CPU seconds (user + system, with the reporter's worker; what a busy
machine does not inflate), and the peak RSS of the largest process (bytebench, or the worker that
renders the report), from wait4's rusage. Prints a Markdown table.

    bench/merge_scale.py --result results/vm-2026-12-02-01.json
    bench/merge_scale.py --run                       # makes the real result first (~3 min)
    bench/merge_scale.py --result R --count 200 --hosts 50 --formats json text html
"""
import argparse
import copy
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")


def scaled(result, factor, rng):
    """A copy of `result` as if measured on a machine `factor` times as fast."""
    doc = copy.deepcopy(result)
    for run in doc.get("runs", []):
        for test in run.get("tests", []):
            f = factor * (1 + rng.gauss(0, 0.01))
            for key in ("value", "index"):
                if isinstance(test.get(key), (int, float)):
                    test[key] *= f
            for p in test.get("passes", []):
                if isinstance(p.get("value"), (int, float)):
                    p["value"] *= f * (1 + rng.gauss(0, 0.005))
        for index in run.get("indexes", []):
            if isinstance(index.get("score"), (int, float)):
                index["score"] *= factor
    return doc


def make_results(result, folder, count, hosts, seed=1):
    rng = random.Random(seed)
    speed = {h: rng.uniform(0.5, 2.0) for h in range(hosts)}
    for i in range(count):
        host = i % hosts
        doc = scaled(result, speed[host] * (1 + rng.gauss(0, 0.02)), rng)
        doc["labels"] = {"host": "host-%03d" % (host + 1), "round": str(i // hosts + 1)}
        doc.setdefault("system", {})["hostname"] = "host-%03d" % (host + 1)
        with open(os.path.join(folder, "r%04d.json" % i), "w") as f:
            json.dump(doc, f, indent=2)


def timed(command):
    start = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), err))
    # ru_maxrss: the largest process waited for (kB); CPU: bytebench's own
    # (a reporter worker is its child, waited for by it, and counted too).
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def real_result(cli, folder):
    subprocess.run([cli, "--no-history", "run", "-i", "10", "--duration", "0.2", "--settle", "0",
                    "--format", "json", "-o", folder], check=True, stdout=subprocess.DEVNULL)
    return [os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".json")][0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=DEFAULT_CLI)
    ap.add_argument("--result", help="a real full-index result to make the others from")
    ap.add_argument("--run", action="store_true", help="make that result first (short passes)")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--hosts", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--formats", nargs="+", default=["json", "text", "markdown", "csv", "html"])
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="bytebench-merge-")
    try:
        source = args.result or (real_result(args.cli, work) if args.run else None)
        if not source:
            sys.exit("give --result FILE or --run")
        with open(source) as f:
            result = json.load(f)
        folder = os.path.join(work, "fleet")
        os.mkdir(folder)
        make_results(result, folder, args.count, args.hosts)
        size = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))
        tests = sum(len(r.get("tests", [])) for r in result.get("runs", []))
        print("%d results of %d copy-passes and %d tests (%.1f MB of JSON), %d hosts; "
              "median of %d runs\n" % (args.count, len(result.get("runs", [])), tests,
                                       size / 1e6, args.hosts, args.repeat))
        print("| format | wall s (median) | min | max | CPU s (median) | peak RSS MB |")
        print("|---|---:|---:|---:|---:|---:|")
        for fmt in args.formats:
            out = os.path.join(work, "report." + fmt)
            runs = [timed([args.cli, "--no-history", "compare", folder, "--by", "host",
                           "--format", fmt, "-o", out]) for _ in range(args.repeat)]
            walls = [w for w, _, _ in runs]
            print("| %s | %.2f | %.2f | %.2f | %.2f | %.0f |" % (
                fmt, statistics.median(walls), min(walls), max(walls),
                statistics.median(c for _, _, c in runs), max(r for _, r, _ in runs)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
