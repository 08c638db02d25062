#!/usr/bin/env python3
"""How well does `bytebench compare` tell a real difference from noise?

1. False alarms (A/A): runs the same tests RUNS times on this machine and
   compares every pair of runs. Nothing changed between them, so every
   "better"/"worse" verdict is a false alarm: either chance (alpha = 0.05)
   or drift of the machine between runs that the passes of one run do not
   show.
2. Power: scales a run's pass values (and value) by 1 + d for several d and
   counts how often the change is called "better": against another run (the
   machine's drift between runs included) and against the same run (only
   the noise of its passes). The noise is the machine's real noise; only the difference is
   synthetic, so it is known exactly.

    bench/significance.py                       # syscall, pipe, execl; 4 runs of -i 10, 1-s passes
    bench/significance.py --tests dhry2reg --runs 6 --duration 2

Prints Markdown tables. Every number is measured here, on this machine.
"""
import argparse
import copy
import itertools
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")
DELTAS = [0.005, 0.01, 0.02, 0.05, 0.10]


def run_once(cli, tests, iterations, duration, out_dir):
    before = set(os.listdir(out_dir))
    subprocess.run([cli, "--no-history", "-q", "run", *tests, "-c", "1", "-i", str(iterations),
                    "--duration", str(duration), "--settle", "0", "-o", out_dir],
                   check=True, stdout=subprocess.DEVNULL)
    (new,) = [f for f in set(os.listdir(out_dir)) - before if f.endswith(".json")]
    return os.path.join(out_dir, new)


def compare(cli, a, b):
    out = subprocess.run([cli, "--no-history", "compare", a, b, "--format", "json"], check=True,
                         capture_output=True, text=True).stdout
    return {row["id"]: row["cells"][1] for row in json.loads(out)["sections"][0]["rows"]}


def scaled(path, factor, out_path):
    """The result at `path` with every test's values multiplied by `factor`."""
    with open(path) as f:
        doc = json.load(f)
    doc = copy.deepcopy(doc)
    for run in doc["runs"]:
        for test in run["tests"]:
            if "value" in test:
                test["value"] *= factor
            for p in test.get("passes", []):
                p["value"] *= factor
    with open(out_path, "w") as f:
        json.dump(doc, f)
    return out_path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=DEFAULT_CLI)
    parser.add_argument("--tests", nargs="+", default=["syscall", "pipe", "execl"])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--duration", type=float, default=1.0)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bytebench-significance-") as tmp:
        results = []
        for i in range(args.runs):
            print(f"run {i + 1}/{args.runs} ...", file=sys.stderr)
            results.append(run_once(args.cli, args.tests, args.iterations, args.duration, tmp))
        pairs = list(itertools.combinations(results, 2))

        alarms = {t: [] for t in args.tests}
        for a, b in pairs:
            for test, cell in compare(args.cli, a, b).items():
                s = cell.get("significance", {})
                alarms[test].append((s.get("verdict", "-"), cell.get("delta_pct", 0.0),
                                     s.get("method", "-"), s.get("passes", [0, 0])))

        print(f"\n## A/A: {args.runs} identical runs, {len(pairs)} pairs "
              f"(-i {args.iterations}, {args.duration:g}-s passes)\n")
        print("| test | method | kept passes | false alarms | median abs delta | max abs delta |")
        print("|---|---|---:|---:|---:|---:|")
        for test, rows in alarms.items():
            flagged = sum(1 for v, *_ in rows if v in ("better", "worse"))
            deltas = sorted(abs(d) for _, d, *_ in rows)
            median = deltas[len(deltas) // 2] if deltas else 0
            print(f"| {test} | {rows[0][2]} | {rows[0][3][0]} | {flagged}/{len(rows)} | "
                  f"{median:.2f}% | {deltas[-1]:.2f}% |")

        # Across runs: A against B made faster by d, so the machine's run-to-run
        # drift between A and B stays in, as it would for a user. Within a run:
        # a run against itself made faster by d, so only the passes' own noise
        # is there: the most the test can resolve.
        experiments = [("across runs: A against B made faster by d", pairs),
                       ("within a run: a run against itself made faster by d",
                        [(r, r) for r in results])]
        for title, couples in experiments:
            detected = {(t, d): 0 for t in args.tests for d in DELTAS}
            for k, (a, b) in enumerate(couples):
                for d in DELTAS:
                    shifted = scaled(b, 1 + d, os.path.join(tmp, f"shift-{k}-{d}.json"))
                    for test, cell in compare(args.cli, a, shifted).items():
                        # UnixBench's values are higher-is-better: faster is "better".
                        if cell.get("significance", {}).get("verdict") == "better":
                            detected[(test, d)] += 1
            print(f"\n## Power, {title} ({len(couples)} comparisons)\n")
            print("| test | " + " | ".join(f"d = {d * 100:g}%" for d in DELTAS) + " |")
            print("|---|" + "---:|" * len(DELTAS))
            for test in args.tests:
                print(f"| {test} | " + " | ".join(f"{detected[(test, d)]}/{len(couples)}"
                                                   for d in DELTAS) + " |")


if __name__ == "__main__":
    main()
