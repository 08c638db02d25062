#!/usr/bin/env python3
"""What each ISA level of a portable build gives, against a native build:
dhry2reg and whetstone-double (by default) run by the native build and by
the portable build at every level this CPU runs (--isa-level), the builds
alternating round by round so that the machine's drift hits them alike.
Prints a table of medians of the passes and their ratios to native.

  bench/isa_levels.py --native build/bin/bytebench \\
      --portable build-portable/bin/bytebench [--rounds 3] [--duration 2]

Build the two trees from one commit:
  cmake -S . -B build -DBYTEBENCH_PORTABLE=OFF && cmake --build build
  cmake -S . -B build-portable -DBYTEBENCH_PORTABLE=ON && cmake --build build-portable
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run_once(bytebench, level, tests, duration, iterations, work):
    out = tempfile.mkdtemp(dir=work)
    command = [bytebench, "--no-history"]
    if level:
        command += ["--isa-level", level]
    command += ["run", *tests, "-c", "1", "-i", str(iterations), "--duration", str(duration),
                "--settle", "0", "-q", "--format", "json", "-o", out]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    name = next(f for f in os.listdir(out) if f.endswith(".json"))
    with open(os.path.join(out, name)) as f:
        result = json.load(f)
    passes = {}
    for test in result["runs"][0]["tests"]:
        passes[test["id"]] = [p["value"] for p in test["passes"] if p.get("status") == "ok"]
    return passes


def supported_levels(bytebench):
    done = subprocess.run([bytebench, "sysinfo", "--format", "json"], check=True,
                          stdout=subprocess.PIPE, text=True)
    return json.loads(done.stdout)["system"]["isa_levels"]["supported"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", required=True, help="bytebench of a native build")
    parser.add_argument("--portable", required=True, help="bytebench of a portable build")
    parser.add_argument("--tests", default="dhry2reg,whetstone-double")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=float, default=2)
    parser.add_argument("--iterations", type=int, default=5)
    args = parser.parse_args()
    tests = args.tests.split(",")

    builds = [("native", args.native, "")]
    builds += [(level, args.portable, level) for level in supported_levels(args.portable)]
    values = {(name, test): [] for name, _, _ in builds for test in tests}
    with tempfile.TemporaryDirectory() as work:
        for round_ in range(args.rounds):
            order = builds if round_ % 2 == 0 else list(reversed(builds))
            for name, bytebench, level in order:
                passes = run_once(bytebench, level, tests, args.duration, args.iterations, work)
                for test in tests:
                    values[(name, test)] += passes.get(test, [])
            print("round %d of %d done" % (round_ + 1, args.rounds), file=sys.stderr)

    header = "| build | " + " | ".join("%s median | vs native" % t for t in tests) + " |"
    print(header)
    print("|---|" + "---:|---:|" * len(tests))
    native = {t: statistics.median(values[("native", t)]) for t in tests}
    for name, _, _ in builds:
        cells = []
        for test in tests:
            median = statistics.median(values[(name, test)])
            cells += ["%.1f" % median, "%.3f" % (median / native[test])]
        print("| %s | %s |" % (name, " | ".join(cells)))
    print("\n%d rounds, builds alternating; each cell the median of %d passes of %g s" %
          (args.rounds, args.rounds * args.iterations, args.duration))


if __name__ == "__main__":
    main()
