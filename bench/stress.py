#!/usr/bin/env python3
"""Scale check: the index tests at many copies, short passes (not run in CI).

Runs every index test at each copy count, one `bytebench run` per test and
copy count (so that each row has its own wall time and memory), with
`--duration 0.2 -i 1 --settle 0`, and prints one Markdown table per copy
count: the test's status, the wall time of the whole command, the CLI's
own peak RSS and CPU time, the start-up time of the copies (from the first
fork to the barrier's release: every worker started and ready, from the
run's .log) and the spread of the copies' start times.

    bench/stress.py                                  # -c 1, 64, 256, 1024
    bench/stress.py --copies 1 2048 --tests syscall pipe
    bench/stress.py --shell-max-copies 1024           # shell1/shell8 at 1024 too

The CLI's peak RSS is VmHWM from /proc/<pid>/status and its CPU time is
utime + stime from /proc/<pid>/stat, both sampled every 10 ms until it
exits: they are the CLI process alone. (wait4's rusage and /usr/bin/time
would fold in the largest worker, since the CLI reaps its workers.)

The shell tests start 2 (shell1) or 9 (shell8) processes per copy plus
their pipelines; by default they run up to 256 copies.
"""
import argparse
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")
INDEX = ["dhry2reg", "whetstone-double", "execl", "fstime", "fsbuffer", "fsdisk",
         "pipe", "context1", "spawn", "syscall", "shell1", "shell8"]
SHELL_TESTS = {"shell1", "shell8"}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cli_sample(pid):
    """(VmHWM in KiB, CPU seconds) of process `pid`, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            hwm = next((int(line.split()[1]) for line in f if line.startswith("VmHWM:")), None)
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime
    except (OSError, IndexError, ValueError):
        return None
    return None if hwm is None else (hwm, cpu)  # a zombie has no VmHWM


def run_one(command):
    """Runs `command`; returns (exit code, wall s, peak KiB, CPU s, stderr)."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
        peak_kib, cpu_s = 0, 0.0
        while proc.poll() is None:
            sample = cli_sample(proc.pid)
            if sample:
                peak_kib, cpu_s = max(peak_kib, sample[0]), sample[1]
            time.sleep(0.01)
        wall = time.monotonic() - started
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    return proc.returncode, wall, peak_kib, cpu_s, stderr


def test_outcome(out_dir, test):
    """(status, max start spread ms, error) from the run's result file."""
    docs = sorted(f for f in os.listdir(out_dir) if f.endswith(".json"))
    if not docs:
        return "no result", None, ""
    with open(os.path.join(out_dir, docs[-1])) as f:
        doc = json.load(f)
    for run in doc.get("runs", []):
        for t in run.get("tests", []):
            if t["id"] == test:
                spreads = [p.get("start_spread_ms", 0) for p in t.get("passes", [])]
                return t["status"], max(spreads) if spreads else None, t.get("error", "")
    return "not run", None, ""


def startup_seconds(out_dir):
    """Seconds from the first fork to the barrier's release, from the .log."""
    logs = [f for f in os.listdir(out_dir) if f.endswith(".log")]
    if not logs:
        return None
    with open(os.path.join(out_dir, logs[0]), errors="replace") as f:
        text = f.read()
    started = re.search(r"workers started in ([0-9.]+) s", text)
    ready = re.search(r"copies ready ([0-9.]+) s after the last start", text)
    if not started or not ready:
        return None
    return float(started.group(1)) + float(ready.group(1))


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"`nproc` {os.cpu_count()}, {model}, Linux {platform.release()}"


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=DEFAULT_CLI, help="bytebench binary (default build/bin/bytebench)")
    ap.add_argument("--copies", type=int, nargs="+", default=[1, 64, 256, 1024])
    ap.add_argument("--tests", nargs="+", default=INDEX)
    ap.add_argument("--duration", default="0.2", help="pass length in seconds (default 0.2)")
    ap.add_argument("--shell-max-copies", type=int, default=256,
                    help="largest copy count for shell1/shell8 (default 256)")
    ap.add_argument("--tmpdir", help="--tmpdir for the runs (default: a fresh folder in $TMPDIR)")
    args = ap.parse_args()

    print(f"Machine: {machine()}\n")
    print(f"Command: `{' '.join(shlex.quote(a) for a in sys.argv)}`\n")
    work = tempfile.mkdtemp(prefix="bytebench-stress-")
    started = time.monotonic()
    for copies in args.copies:
        print(f"### {copies} cop{'y' if copies == 1 else 'ies'}\n")
        print("| test | status | wall s | CLI peak RSS MiB | CLI CPU s | start-up s | "
              "start spread ms | note |")
        print("|---|---|---:|---:|---:|---:|---:|---|")
        for test in args.tests:
            if test in SHELL_TESTS and copies > args.shell_max_copies:
                print(f"| {test} | not run | | | | | | above --shell-max-copies "
                      f"{args.shell_max_copies} |", flush=True)
                continue
            out_dir = os.path.join(work, f"{test}-c{copies}")
            os.makedirs(out_dir)
            command = [args.cli, "--no-history", "-q", "run", test, "-c", str(copies), "-i", "1",
                       "--duration", args.duration, "--settle", "0", "-o", out_dir]
            if args.tmpdir:
                command += ["--tmpdir", args.tmpdir]
            code, wall, peak_kib, cpu_s, stderr = run_one(command)
            status, spread, error = test_outcome(out_dir, test)
            note = error or (stderr.strip().splitlines() or [""])[-1]
            if code not in (0, 1):
                note = f"exit {code}: {note}"
            spread_text = f"{spread:.1f}" if spread is not None else ""
            startup = startup_seconds(out_dir)
            startup_text = f"{startup:.2f}" if startup is not None else ""
            print(f"| {test} | {status} | {wall:.1f} | {peak_kib / 1024:.1f} | {cpu_s:.2f} | "
                  f"{startup_text} | {spread_text} | {cell(note[:160])} |", flush=True)
        print()
    print(f"Total {(time.monotonic() - started) / 60:.1f} minutes; results in {work}")


if __name__ == "__main__":
    main()
