#!/usr/bin/env python3
"""How much does CPU placement move the numbers? (issue 7; docs/performance.md)

Runs the same tests at the same copy count under every --placement (none,
compact, spread, smt-off), taking turns round by round so that drift hits
all alike, and prints Markdown tables:

  - per test, the median value under each placement and its ratio to `none`;
  - per placement, the PUs the copies were pinned to (from the result's
    copies[].pu), and, for `none`, how many copies the kernel moved during a
    pass (cpu_start != cpu_end).

    bench/placement.py                              # half the PUs and all of them
    bench/placement.py -c 8 --tests dhry2reg pipe context1 --rounds 3

On a machine with SMT, compact puts copies on sibling threads first and
smt-off keeps one per core, so CPU-bound tests differ most at half the PUs.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PLACEMENTS = ["none", "compact", "spread", "smt-off"]


def run(cli, tests, copies, placement, a, out_dir):
    before = set(os.listdir(out_dir))
    args = [cli, "--no-history", "-q", "run", *tests, "-c", str(copies), "--placement", placement,
            "-i", str(a.iterations), "--duration", str(a.duration), "--settle", "0", "-o", out_dir]
    result = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"placement.py: {' '.join(args)}: exit {result.returncode}: {result.stderr.strip()}")
    (new,) = [f for f in set(os.listdir(out_dir)) - before if f.endswith(".json")]
    with open(os.path.join(out_dir, new), encoding="utf-8") as f:
        return json.load(f)["runs"][0]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", default=os.path.join(HERE, "..", "build", "bin", "bytebench"))
    p.add_argument("--tests", nargs="+", default=["dhry2reg", "whetstone-double", "pipe", "context1",
                                                  "syscall", "spawn"])
    p.add_argument("-c", "--copies", type=int, action="append", default=[])
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("-i", "--iterations", type=int, default=3)
    p.add_argument("--duration", type=float, default=5.0)
    a = p.parse_args()
    cpus = os.cpu_count()
    copies_list = a.copies or sorted({max(1, cpus // 2), cpus})
    out_dir = tempfile.mkdtemp(prefix="placement-")
    for copies in copies_list:
        values = {pl: {} for pl in PLACEMENTS}  # placement -> test -> [values]
        pus, moved, copy_passes = {pl: set() for pl in PLACEMENTS}, 0, 0
        for _ in range(a.rounds):
            for placement in PLACEMENTS:
                run_doc = run(a.cli, a.tests, copies, placement, a, out_dir)
                for t in run_doc["tests"]:
                    if t.get("status") != "ok":
                        continue
                    values[placement].setdefault(t["id"], []).append(t["value"])
                    for q in t.get("passes", []):
                        for c in q.get("copies", []):
                            if "pu" in c:
                                pus[placement].add(c["pu"])
                            if placement == "none" and "cpu_start" in c:
                                copy_passes += 1
                                moved += c["cpu_start"] != c.get("cpu_end", c["cpu_start"])
        print(f"\n### {copies} copies on {cpus} PUs ({a.rounds} rounds, -i {a.iterations}, "
              f"{a.duration:g}-s passes)\n")
        print("| test | " + " | ".join(PLACEMENTS) + " | " +
              " | ".join(f"{pl} / none" for pl in PLACEMENTS[1:]) + " |")
        print("|---" * (2 * len(PLACEMENTS)) + "|")
        for test in a.tests:
            if test not in values["none"]:
                continue
            med = {pl: statistics.median(values[pl][test]) if test in values[pl] else None
                   for pl in PLACEMENTS}
            cells = [f"{med[pl]:.1f}" if med[pl] else "-" for pl in PLACEMENTS]
            ratios = [f"{med[pl] / med['none']:.3f}" if med[pl] else "-" for pl in PLACEMENTS[1:]]
            print(f"| {test} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
        print()
        for pl in PLACEMENTS[1:]:
            print(f"- {pl}: copies pinned to PUs {sorted(pus[pl])}")
        print(f"- none: the kernel moved {moved} of {copy_passes} copy-passes during the pass")
    print(f"\n(results in {out_dir})")


if __name__ == "__main__":
    main()
