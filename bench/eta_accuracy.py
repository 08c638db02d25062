#!/usr/bin/env python3
"""How close is `bytebench run`'s ETA to the time the run takes?

Runs each case (a `bytebench run` argument list) with standard error on a
pipe, where the progress line is printed as one line a pass ("fstime (1
copy): pass 1 of 3; run ETA 0:00:42"), and reads each line's arrival time.
For every case it reports

- ETA at start: the estimate on the first pass line;
- actual: from that line until the process exits (the tests, then the
  reports and the history entry, about 0.2 s);
- the error at start, (ETA - actual) / actual, and the median over every
  pass line of |predicted end - actual end| / actual.

Each case runs --runs times in a row against one history database of its
own (in a temporary folder), so that the second and later runs show what a
run that remembers an earlier one estimates (results/pass_costs.h); the
first run of a case is what a new user sees.

    bench/eta_accuracy.py                                     # build/bin/bytebench
    bench/eta_accuracy.py --cli /tmp/before/build/bin/bytebench --runs 2
    bench/eta_accuracy.py --cases fstime

Prints a Markdown table.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")

CASES = {
    "fstime": ["fstime", "-i", "1", "--duration", "0.3"],
    "syscall-pipe": ["syscall", "pipe", "-i", "3", "--duration", "2"],
    "index-short": ["-i", "3", "--duration", "1"],
}

ETA_LINE = re.compile(r"run ETA (\d+):(\d\d):(\d\d)")


def run_case(cli, args, db, out):
    """Times one run: [(seconds since start, eta seconds)] and the exit time."""
    command = [cli, "--db", db, "run", *args, "-o", out]
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    etas = []
    for line in process.stderr:
        m = ETA_LINE.search(line)
        if m:
            h, mi, s = (int(x) for x in m.groups())
            etas.append((time.monotonic() - start, h * 3600 + mi * 60 + s))
    process.wait()
    end = time.monotonic() - start
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)}: exit {process.returncode}")
    if not etas:
        sys.exit(f"{' '.join(command)}: no progress line with an ETA")
    return etas, end


def clock(seconds):
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=DEFAULT_CLI)
    parser.add_argument("--runs", type=int, default=2, help="runs of each case, one history")
    parser.add_argument("--cases", nargs="+", default=list(CASES), choices=list(CASES))
    o = parser.parse_args()

    print("| case | run | ETA at start | actual | error at start | median error over the passes |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="bytebench-eta-") as tmp:
        for case in o.cases:
            db = os.path.join(tmp, case + ".db")
            for run in range(1, o.runs + 1):
                out = os.path.join(tmp, f"{case}-{run}")
                etas, end = run_case(o.cli, CASES[case], db, out)
                first_at, first_eta = etas[0]
                actual = end - first_at
                errors = [abs(at + eta - end) / actual for at, eta in etas]
                print(f"| {case} | {run} | {clock(first_eta)} | {clock(actual)} "
                      f"| {100 * (first_eta - actual) / actual:+.0f}% "
                      f"| {100 * statistics.median(errors):.0f}% |", flush=True)


if __name__ == "__main__":
    main()
