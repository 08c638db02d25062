#!/usr/bin/env python3
"""What does timing each I/O cost the disk plugin's main numbers? (issue 17)

The random disk workloads read the clock around every pread()/pwrite() and
add the time to a histogram, for their lat_p50_us, lat_p99_us and lat_max_us
metrics. This builds the disk plugin of a base revision (default: main) and
of the working tree with the same compiler flags, runs each workload through
bytebench-worker by hand, alternating base and new, and prints a Markdown
table of the median IOPS of each and the difference.

    bench/disk_latency_overhead.py                       # 7 rounds of 1-s passes
    bench/disk_latency_overhead.py --rounds 15 --duration 3 --base v0.1.0
    bench/disk_latency_overhead.py --direct off          # buffered: page-cache speed

Run it on an idle machine; the difference is only meaningful when it is
larger than the spread the table shows (min to max over the rounds).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["-O3", "-ffast-math", "-march=native", "-mtune=native", "-std=c++17", "-fPIC",
         "-shared", "-fvisibility=hidden", "-pthread"]


def build_plugin(source_dir, out):
    subprocess.run(["c++", *FLAGS, "-I", os.path.join(ROOT, "sdk/include"), "-I", source_dir,
                    os.path.join(source_dir, "disk.cpp"), "-o", out], check=True)


def base_sources(rev, into):
    """plugins/disk of `rev` into the folder `into` (it has no other files)."""
    os.makedirs(into)
    listing = subprocess.run(["git", "-C", ROOT, "ls-tree", "--name-only", rev, "plugins/disk/"],
                             check=True, capture_output=True, text=True).stdout.split()
    for path in listing:
        text = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:{path}"], check=True,
                              capture_output=True).stdout
        with open(os.path.join(into, os.path.basename(path)), "wb") as f:
            f.write(text)


def one_pass(worker, plugin, workload, duration_s, params, temp_root):
    temp = tempfile.mkdtemp(dir=temp_root)
    args = [worker, "run", "--plugin", plugin, "--workload", workload, "--duration-ns",
            str(int(duration_s * 1e9)), "--temp-dir", temp, "--msg-fd", "1"]
    for p in params:
        args += ["--param", p]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    subprocess.run(["rm", "-rf", temp], check=True)
    for line in out.splitlines():
        message = json.loads(line)
        if message.get("type") == "result":
            if message["status"] != "ok":
                sys.exit(f"{workload}: {message['error']}")
            return message["count"] / (message["elapsed_ns"] / 1e9), message.get("metrics", {})
    sys.exit(f"{workload}: no result from the worker:\n{out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="git revision to compare with")
    parser.add_argument("--worker", default=os.path.join(ROOT, "build/bin/bytebench-worker"))
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--duration", type=float, default=1.0, help="seconds a pass")
    parser.add_argument("--file-mib", default="64")
    parser.add_argument("--direct", default="auto", choices=["auto", "on", "off"])
    parser.add_argument("--temp", default=None, help="folder for the files (default: $TMPDIR)")
    parser.add_argument("--workloads", nargs="+", default=["disk-rand-read", "disk-rand-write"])
    o = parser.parse_args()

    work = tempfile.mkdtemp(prefix="disk-latency-bench-")
    base_dir = os.path.join(work, "base")
    base_sources(o.base, base_dir)
    plugins = {"base": os.path.join(work, "base.so"), "new": os.path.join(work, "new.so")}
    build_plugin(base_dir, plugins["base"])
    build_plugin(os.path.join(ROOT, "plugins/disk"), plugins["new"])
    params = [f"file_mib={o.file_mib}", f"direct={o.direct}"]

    print(f"| workload | {o.base} IOPS (min–max) | new IOPS (min–max) | new / {o.base} | "
          "new p50 / p99 / max us |")
    print("|---|---|---|---|---|")
    for workload in o.workloads:
        rates = {"base": [], "new": []}
        last_metrics = {}
        for _ in range(o.rounds):
            for variant in ("base", "new"):  # alternating: drift hits both alike
                rate, metrics = one_pass(o.worker, plugins[variant], workload, o.duration,
                                         params, o.temp)
                rates[variant].append(rate)
                if variant == "new":
                    last_metrics = metrics
        med = {v: statistics.median(r) for v, r in rates.items()}
        spread = {v: f"{med[v]:.0f} ({min(r):.0f}–{max(r):.0f})" for v, r in rates.items()}
        lat = " / ".join(f"{last_metrics.get(k, 0):.1f}"
                         for k in ("lat_p50_us", "lat_p99_us", "lat_max_us"))
        print(f"| {workload} | {spread['base']} | {spread['new']} | "
              f"{med['new'] / med['base']:.3f} | {lat} |")
    subprocess.run(["rm", "-rf", work], check=True)


if __name__ == "__main__":
    main()
