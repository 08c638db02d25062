#!/usr/bin/env python3
"""Does `bytebench run --quick` give the full run's index, in a fifth of the time?

Runs the full method (UnixBench's passes) and --quick side by side on this
machine, alternating (full, quick, full, quick, ...) so that drift of the
machine hits both alike, and prints Markdown tables: per copy-pass the index
scores, their ratio quick/full, the wall times and their ratio; per test the
values and the ratio, and how each quick test stopped.

    bench/quick_vs_full.py                          # the index at 1 and N copies, 1 round (about 1 h on 2 CPUs)
    bench/quick_vs_full.py --rounds 2
    bench/quick_vs_full.py --tests dhry2reg whetstone-double syscall pipe -c 1
    bench/quick_vs_full.py --tables-of /tmp/quick-vs-full-XXXX   # the tables again
    bench/quick_vs_full.py --interleave --rounds 2   # test by test, on a machine that drifts
    bench/quick_vs_full.py --interleave --tables-of DIR1 DIR2   # their tables again

The goal (issue 7): the quick index within ±3% of the full one, in at most a
fifth of its time. Every number is measured here; nothing is assumed.
"""
import argparse
import datetime
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "build", "bin", "bytebench")


def run(cli, tests, copies, quick, out_dir):
    before = set(os.listdir(out_dir))
    args = [cli, "--no-history", "-q", "run", *tests, "-o", out_dir]
    for c in copies:
        args += ["-c", str(c)]
    if quick:
        args.append("--quick")
    start = time.monotonic()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - start
    (new,) = [f for f in set(os.listdir(out_dir)) - before if f.endswith(".json")]
    with open(os.path.join(out_dir, new), encoding="utf-8") as f:
        return json.load(f), wall


def scores(doc):
    """{copies: index score} of the first category with a score."""
    out = {}
    for r in doc["runs"]:
        for i in r.get("indexes", []):
            out.setdefault(r["copies"], i["score"])
    return out


def values(doc):
    return {(r["copies"], t["id"]): t for r in doc["runs"] for t in r["tests"] if "value" in t}


def wall_of(doc):
    """Seconds from the first copy-pass's start to the last one's end (1-s resolution)."""
    start = datetime.datetime.fromisoformat(doc["runs"][0]["start"])
    end = datetime.datetime.fromisoformat(doc["runs"][-1]["end"])
    return (end - start).total_seconds()


def kind_of(doc):
    return "quick" if "quick" in doc.get("options", {}) else "full"


def read_dir(out_dir):
    """The complete results already in out_dir (not runs stopped half-way), sorted by name
    (the order they were made)."""
    full, quick = [], []
    for name in sorted(f for f in os.listdir(out_dir) if f.endswith(".json")):
        with open(os.path.join(out_dir, name), encoding="utf-8") as f:
            doc = json.load(f)
        if doc.get("status") != "complete":
            continue
        (quick if kind_of(doc) == "quick" else full).append((doc, wall_of(doc)))
    return full, quick


def print_tables(full, quick, out_dir):
    print("| copies | full index | quick index | quick / full | full time (s) | quick time (s) | time ratio |")
    print("|---|---|---|---|---|---|---|")
    full_wall = statistics.median(w for _, w in full)
    quick_wall = statistics.median(w for _, w in quick)
    for copies in sorted(scores(full[0][0])):
        f = statistics.median(scores(d)[copies] for d, _ in full)
        q = statistics.median(scores(d)[copies] for d, _ in quick)
        print(f"| {copies} | {f:.1f} | {q:.1f} | {q / f:.3f} | {full_wall:.0f} | {quick_wall:.0f} | "
              f"{quick_wall / full_wall:.3f} |")
    print()
    # Per test: the full run's value against each quick run's.
    heads = " | ".join(f"quick {i + 1} / full | passes, stop" for i in range(len(quick)))
    print(f"| copies | test | full value | {heads} |")
    print("|---|---|---|" + "---|---|" * len(quick))
    fv = values(full[0][0])
    qvs = [values(d) for d, _ in quick]
    for key in sorted(fv):
        cells = []
        for qv in qvs:
            qt = qv.get(key)
            cells += ([f"{qt['value'] / fv[key]['value']:.3f}",
                       f"{len(qt['passes'])}, {qt.get('quick', {}).get('stopped_by', '-')}"]
                      if qt else ["-", "-"])
        print(f"| {key[0]} | {key[1]} | {fv[key]['value']:.1f} | " + " | ".join(cells) + " |")
    print(f"\n(results in {out_dir}; index and times: medians over {len(full)} full and "
          f"{len(quick)} quick run(s); the per-test table compares the first full run with each quick one)")


def default_tests(cli):
    """The tests `bytebench run` runs without names (the suite's default, from `list`)."""
    out = subprocess.run([cli, "list"], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("Default (bytebench run):"):
            return line.split(":", 1)[1].split()
    sys.exit("quick_vs_full.py: `bytebench list` names no default tests")


def add_result(doc, seconds, index, wall):
    """Files one test-by-test result: its tests' index values and its wall time (per
    method and test, one entry per round)."""
    kind = kind_of(doc)
    tests = tuple(sorted({t["id"] for r in doc["runs"] for t in r["tests"]}))
    wall[kind].setdefault(tests, []).append(seconds)
    for (copies, tid), t in values(doc).items():
        if "index" in t:
            index[kind].setdefault((copies, tid), []).append(t["index"])


def round_time(wall):
    """Seconds of one round: each test's mean over its rounds, summed."""
    return sum(statistics.mean(s) for s in wall.values())


def interleaved(a, out_dir):
    """Test by test, full and --quick runs of that test in turn (the order swapped every
    round), so that a machine whose speed drifts over an hour moves both alike. Prints each
    test's ratio and the index ratio made from the tests' own index values."""
    tests = a.tests or default_tests(a.cli)
    index = {"full": {}, "quick": {}}   # (copies, test) -> [index values]
    wall = {"full": {}, "quick": {}}   # tests -> [seconds of each round]
    for test in tests:
        for r in range(a.rounds):
            for kind in (("full", "quick") if r % 2 == 0 else ("quick", "full")):
                doc, seconds = run(a.cli, [test], a.copies, kind == "quick", out_dir)
                add_result(doc, seconds, index, wall)
                print(f"{test}: {kind} took {seconds:.0f} s", file=sys.stderr)
    print_interleaved_tables(index, wall)
    print(f"\n(results in {out_dir}; {a.rounds} round(s) per test; times are one round's, "
          "all copy counts)")


def print_interleaved_tables(index, wall):
    """Per test the medians of its full and quick index values and their ratio; per copy
    count the geometric mean of the ratios (the ratio of the two indexes) and the times."""
    print("| copies | test | full index | quick index | quick / full |")
    print("|---|---|---|---|---|")
    logs = {}
    for key in sorted(index["full"]):
        if key not in index["quick"]:
            continue
        f = statistics.median(index["full"][key])
        q = statistics.median(index["quick"][key])
        logs.setdefault(key[0], []).append(math.log(q / f))
        print(f"| {key[0]} | {key[1]} | {f:.1f} | {q:.1f} | {q / f:.3f} |")
    print()
    print("| copies | index quick / full (geometric mean of the tests' ratios) | full time (s) | "
          "quick time (s) | time ratio |")
    print("|---|---|---|---|---|")
    full_s, quick_s = round_time(wall["full"]), round_time(wall["quick"])
    for copies, ratios in sorted(logs.items()):
        print(f"| {copies} | {math.exp(sum(ratios) / len(ratios)):.3f} | {full_s:.0f} | "
              f"{quick_s:.0f} | {quick_s / full_s:.3f} |")


def interleaved_tables_of(dirs):
    """The tables of test-by-test results already in `dirs` (times from the results' own
    start and end, so without the CLI's start-up)."""
    index = {"full": {}, "quick": {}}
    wall = {"full": {}, "quick": {}}
    for d in dirs:
        full, quick = read_dir(d)
        for doc, seconds in full + quick:
            add_result(doc, seconds, index, wall)
    if not index["full"] or not index["quick"]:
        sys.exit(f"quick_vs_full.py: {' '.join(dirs)} needs full and --quick results")
    print_interleaved_tables(index, wall)
    print(f"\n(results in {' '.join(dirs)}; times are one round's, all copy counts, from the "
          "results' own start and end)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", default=DEFAULT_CLI)
    p.add_argument("--tests", nargs="*", default=[])
    p.add_argument("-c", "--copies", type=int, action="append", default=[])
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--quick-first", action="store_true",
                   help="one more --quick run before the first full one (quick, full, quick, ...)")
    p.add_argument("--interleave", action="store_true",
                   help="test by test, full and --quick in turn (for machines whose speed drifts)")
    p.add_argument("--tables-of", metavar="DIR", nargs="+",
                   help="run nothing: print the tables of the results already in DIR "
                        "(with --interleave, of one or more folders of test-by-test results)")
    a = p.parse_args()
    if a.tables_of and a.interleave:
        interleaved_tables_of(a.tables_of)
        return
    if a.tables_of:
        if len(a.tables_of) > 1:
            sys.exit("quick_vs_full.py: --tables-of takes one folder (several only with --interleave)")
        a.tables_of = a.tables_of[0]
        full, quick = read_dir(a.tables_of)
        if not full or not quick:
            sys.exit(f"quick_vs_full.py: {a.tables_of} needs a full and a --quick result "
                     f"(has {len(full)} and {len(quick)})")
        print_tables(full, quick, a.tables_of)
        return
    out_dir = tempfile.mkdtemp(prefix="quick-vs-full-")
    if a.interleave:
        interleaved(a, out_dir)
        return
    full, quick = [], []
    if a.quick_first:
        doc, wall = run(a.cli, a.tests, a.copies, True, out_dir)
        quick.append((doc, wall))
        print(f"round 0: quick took {wall:.0f} s", file=sys.stderr)
    for r in range(a.rounds):
        for is_quick, into in ((False, full), (True, quick)):
            doc, wall = run(a.cli, a.tests, a.copies, is_quick, out_dir)
            into.append((doc, wall))
            print(f"round {r + 1}: {'quick' if is_quick else 'full'} took {wall:.0f} s",
                  file=sys.stderr)

    print_tables(full, quick, out_dir)


if __name__ == "__main__":
    main()
