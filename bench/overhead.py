#!/usr/bin/env python3
"""What does the harness cost a measurement? (issue 7; figures in docs/performance.md)

Two parts, printed as Markdown tables:

1. Microbenchmarks (bench/micro/harness_bench.cpp, Google Benchmark): one read
   of the stop flag, bb_host.should_stop() and bb_host.now_ns() through the
   ABI, and releasing the start barrier (closing a pipe) to N blocked
   processes.

2. The null workload (plugins/harness: a loop that only polls the stop flag)
   run through the real CLI at 1, 64, 256 and 1024 copies:
     - start spread: the last copy's start minus the first's, per pass
       (recorded in every result as passes[].start_spread_ms);
     - stop latency: a copy's measured seconds minus the duration;
     - the CLI's own CPU time while the copies run (sampled every 10 ms from
       /proc/<pid>/task/*/schedstat, from 0.1 s after the release to 0.1 s
       before the pass's end), per second and as a share of the CPUs the
       copies use (min(copies, CPUs)): what the harness takes from them;
     - the wall time a pass costs beyond its duration (starting the workers,
       loading the plugin, the barrier, the stop, collecting and cleaning up):
       from the run's .log, the first fork to the pass's result line, minus
       the duration; the CLI's own start and the report are not counted.

    bench/overhead.py                                  # defaults: 10-s passes, 3 passes
    bench/overhead.py --copies 1 64 --duration 2 --passes 2
    bench/overhead.py --cli old/bin/bytebench --cli new/bin/bytebench   # side by side

Run it on an idle machine: every figure is a median over the passes of one
run (and the max beside it where the tail matters).
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, "..", "build", "bin")
TICKS = os.sysconf("SC_CLK_TCK")


def cli_cpu_seconds(pid):
    """CPU time of the process's threads (not of its children), to the ns where the
    kernel has schedstats, else utime + stime in clock ticks."""
    try:
        total = 0
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/schedstat", encoding="ascii") as f:
                total += int(f.read().split()[0])
        return total / 1e9
    except FileNotFoundError:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS


def run_null(cli, copies, passes, duration, out_dir):
    """One `bytebench run null`: (result document, per-pass costs in s, per-pass CLI CPU
    while the copies ran, in CPU s per s)."""
    before = set(os.listdir(out_dir))
    # The null loop is in UnixBench's short repeat class: -i 3P-1 gives P passes.
    args = [cli, "--no-history", "-q", "run", "null", "-c", str(copies), "-i", str(3 * passes - 1),
            "--duration", str(duration), "--settle", "0", "-o", out_dir]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    samples = []  # (wall clock, CLI CPU seconds so far)
    while proc.poll() is None:
        try:
            samples.append((time.time(), cli_cpu_seconds(proc.pid)))
        except (OSError, IndexError, ValueError):
            pass  # exiting
        time.sleep(0.01)
    if proc.returncode != 0:
        sys.exit(f"overhead.py: {' '.join(args)} exited with {proc.returncode}")
    (new,) = [f for f in set(os.listdir(out_dir)) - before if f.endswith(".json")]
    with open(os.path.join(out_dir, new), encoding="utf-8") as f:
        doc = json.load(f)
    costs, windows = pass_times(os.path.join(out_dir, new[:-len(".json")] + ".log"), duration)
    return doc, costs, [cpu_rate(samples, start, end) for start, end in windows]


LOG_LINE = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})\] \[\w+\] (.*)$")


def pass_times(log, duration):
    """From the run's log, per pass: the seconds from the first fork to the pass's result
    line minus the duration, and (release, result line) wall-clock times."""
    costs, windows, began, released = [], [], None, None
    with open(log, encoding="utf-8") as f:
        for line in f:
            m = LOG_LINE.match(line)
            if not m:
                continue
            at = datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S.%f").timestamp()
            text = m.group(2)
            started = re.match(r"\S+: \d+ workers started in ([\d.]+) s", text)
            if started:
                began = at - float(started.group(1))
            elif text.endswith("released"):
                released = at
            elif text.startswith("#### Pass ") and began is not None and released is not None:
                costs.append(at - began - duration)
                windows.append((released, at))
                began = released = None
    return costs, windows


def cpu_rate(samples, start, end, margin=0.1):
    """The CLI's CPU seconds per second between start and end, leaving out `margin` s at
    each edge (the release and the collection are not what the copies run beside)."""
    def cpu_at(t):
        before = [cpu for at, cpu in samples if at <= t]
        return before[-1] if before else 0.0
    lo, hi = start + margin, end - margin
    return (cpu_at(hi) - cpu_at(lo)) / (hi - lo) if hi > lo else 0.0


def null_passes(doc):
    (test,) = [t for t in doc["runs"][0]["tests"] if t["id"] == "null"]
    if test["status"] != "ok":
        sys.exit(f"overhead.py: null: {test['status']}: {test.get('error', '')}")
    return test["passes"]


def microbenchmarks(bench):
    out = subprocess.run([bench, "--benchmark_format=json", "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true"],
                         check=True, capture_output=True, text=True).stdout
    rows = [b for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median"]
    print("| microbenchmark | median of 5 | unit | close() alone (µs) |")
    print("|---|---|---|---|")
    for b in rows:
        close = f"{b['close_us']:.1f}" if "close_us" in b else "-"
        print(f"| {b['run_name']} | {b['real_time']:.3g} | {b['time_unit']} | {close} |")
    print()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", action="append", default=[],
                   help="a bytebench to measure; given twice or more, they take turns per copy count")
    p.add_argument("--bench", default=os.path.join(BUILD, "bytebench_harness_bench"),
                   help="the microbenchmark binary ('' to skip it)")
    p.add_argument("--copies", type=int, nargs="+", default=[1, 64, 256, 1024])
    p.add_argument("--duration", type=float, default=10.0)
    p.add_argument("--passes", type=int, default=3, help="passes of the longer run (>= 2)")
    a = p.parse_args()
    a.cli = a.cli or [os.path.join(BUILD, "bytebench")]
    if a.passes < 2:
        sys.exit("overhead.py: --passes must be at least 2")
    cpus = os.cpu_count()
    with open("/proc/loadavg", encoding="ascii") as f:
        load = f.read().split()[0]
    print(f"{cpus} CPUs, load average {load} at the start; "
          f"{a.duration:g}-s passes, {a.passes} passes against 1\n")
    if a.bench:
        microbenchmarks(a.bench)

    out_dir = tempfile.mkdtemp(prefix="overhead-")
    print("| copies | build | start spread median (ms) | max (ms) | stop latency median (ms) | max (ms) "
          "| CLI CPU while they run (ms/s) | share of the copies' CPU | pass cost beyond its duration, median (ms) "
          "| null loop rate per copy (M/s) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for copies in a.copies:
        for cli in a.cli:
            row(cli, copies, a, cpus, out_dir)
    print(f"\n(results in {out_dir}; spread and latency over all {a.passes + 1} passes of both runs)")


def row(cli, copies, a, cpus, out_dir):
    """One line of the null-workload table."""
    one, costs_1, rates_1 = run_null(cli, copies, 1, a.duration, out_dir)
    doc, costs_p, rates_p = run_null(cli, copies, a.passes, a.duration, out_dir)
    passes = null_passes(one) + null_passes(doc)
    spreads = [q["start_spread_ms"] for q in passes]
    latency = [(c["seconds"] - a.duration) * 1e3 for q in passes for c in q["copies"]]
    rates = [c["count"] / c["seconds"] / 1e6 for q in passes for c in q["copies"]]
    cli_rate = statistics.median(rates_1 + rates_p)  # CPU s per s while the copies run
    share = cli_rate / min(copies, cpus)
    cost = statistics.median(costs_1 + costs_p) * 1e3
    build = os.path.basename(os.path.dirname(os.path.dirname(os.path.abspath(cli))))
    print(f"| {copies} | {build} | {statistics.median(spreads):.3f} | {max(spreads):.3f} "
          f"| {statistics.median(latency):.3f} | {max(latency):.3f} "
          f"| {cli_rate * 1e3:.2f} | {share * 100:.4f}% | {cost:.0f} "
          f"| {statistics.median(rates):.0f} |", flush=True)


if __name__ == "__main__":
    main()
