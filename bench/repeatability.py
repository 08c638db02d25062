#!/usr/bin/env python3
"""Run-to-run repeatability: bytebench's spread against UnixBench 6.0's.

Runs the whole index N times on each side, alternating (UnixBench's own
`./Run -i I -c C` from a build that YOU made outside this repository, and
`bytebench run index -i I -c C`), for each copy count, then prints per test
and for the index both sides' coefficient of variation (CoV) across the runs
and (max - min) / median, with a bootstrap 95% interval on the ratio of the
CoVs (bytebench / UnixBench: below 1 is tighter) and the level (the ratio
of the medians, bytebench / UnixBench). With -i above 1 it also
prints the spread of the passes within each run (median over the runs).

    bench/repeatability.py --unixbench ~/src/byte-unixbench/UnixBench --runs 5
    bench/repeatability.py --unixbench DIR --runs 5 --copies 1 --save before.json
    bench/repeatability.py --load before.json          # the tables again
    bench/repeatability.py --unixbench DIR --save before.json --resume  # go on after a stop

Run it on a quiet machine: every other process adds to both sides' spread.
The repository never contains, downloads or builds UnixBench.
"""
import argparse
import glob
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

from fidelity import DEFAULT_CLI, INDEX, RESULT_LINE, spread

TESTS = [t for t, _, _ in INDEX]
SITTING_GAP_MINUTES = 60
TEST_OF = {m: t for t, m, _ in INDEX}
INDEX_LINE = re.compile(r"^System Benchmarks (?:Index Score|Index Score \(Partial Only\))\s+([0-9.]+)")


def unixbench_pass_values(log_text):
    """{test: [pass values]} from UnixBench's .log: each "#### Pass" block's
    COUNT0, over TIME (or elapsed) divided by COUNT1 when that is not 0."""
    values, test, fields = {}, None, None

    def close():
        if test and fields and "COUNT0" in fields:
            base = int(float(fields.get("COUNT1", "0")))
            seconds = float(fields.get("TIME", fields.get("elapsed", "0")))
            count = float(fields["COUNT0"])
            values.setdefault(test, []).append(count / (seconds / base) if base > 0 and seconds > 0 else count)

    for line in log_text.splitlines():
        m = re.match(r"^(.*) -- \d+ cop(?:y|ies)$", line)
        if m:
            close()
            test, fields = TEST_OF.get(m.group(1).strip()), None
        elif line.startswith("#### Pass"):
            close()
            fields = {}
        elif fields is not None and line.startswith("# ") and ": " in line:
            key, value = line[2:].split(": ", 1)
            fields[key.strip()] = value.strip()
    close()
    return values


def cpu_times():
    """(steal, total) jiffies of the whole machine from /proc/stat, or None."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    # user nice system idle iowait irq softirq steal [guest guest_nice]: the
    # guest times are already in user and nice.
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def steal_percent(before, after):
    """The share of the CPU time the hypervisor took between two cpu_times()."""
    if not before or not after or after[1] <= before[1]:
        return None
    return (after[0] - before[0]) / (after[1] - before[1]) * 100


def measured(run_side):
    """A run of either side, with the machine's steal over the whole run: a
    run that stands out with a high steal was the host's, not the tool's."""
    before = cpu_times()
    run = run_side()
    run["steal_pct"] = steal_percent(before, cpu_times())
    run["at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return run


def run_unixbench(ub_dir, copies, iterations):
    before = set(glob.glob(os.path.join(ub_dir, "results", "*.log")))
    out = subprocess.run(["./Run", "-i", str(iterations), "-c", str(copies)], cwd=ub_dir,
                         capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    run = {"tests": {}, "index": None, "passes": {}}
    for line in out.stdout.splitlines():
        m = RESULT_LINE.match(line)
        if m and m.group("name").strip() in TEST_OF:
            run["tests"][TEST_OF[m.group("name").strip()]] = float(m.group("value"))
        m = INDEX_LINE.match(line)
        if m:
            run["index"] = float(m.group(1))
    logs = sorted(set(glob.glob(os.path.join(ub_dir, "results", "*.log"))) - before)
    if logs:
        with open(logs[-1]) as f:
            run["passes"] = unixbench_pass_values(f.read())
    if run["index"] is None:
        raise RuntimeError(f"UnixBench printed no index:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
    return run


def run_bytebench(cli, copies, iterations):
    with tempfile.TemporaryDirectory() as out_dir:
        cmd = [cli, "run", "index", "-i", str(iterations), "-c", str(copies), "-q",
               "--no-history", "--format", "json", "-o", out_dir]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        docs = glob.glob(os.path.join(out_dir, "*.json"))
        if not docs:
            raise RuntimeError(f"bytebench wrote no result: {proc.stderr[-2000:]}")
        with open(docs[0]) as f:
            doc = json.load(f)
    result = doc["runs"][0]
    run = {"tests": {}, "index": None, "passes": {}}
    for t in result["tests"]:
        if t.get("status") == "ok" and t["id"] in TESTS:
            run["tests"][t["id"]] = float(t["value"])
            run["passes"][t["id"]] = [float(p["value"]) for p in t.get("passes", [])
                                      if p.get("status", "ok") == "ok" and "value" in p]
            # What bytebench saw of the machine in this test's passes: a run
            # that stands out can then be told from one the machine disturbed.
            reasons = [r for p in t.get("passes", []) for r in p.get("environment", {}).get("disturbed", [])]
            if reasons:
                run.setdefault("disturbed", {})[t["id"]] = reasons
    for index in result.get("indexes", []):
        if index.get("category") == "system":
            run["index"] = float(index["score"])
    if run["index"] is None:
        raise RuntimeError("bytebench's result has no system index")
    return run


def cov(xs):
    return statistics.stdev(xs) / statistics.mean(xs) * 100 if len(xs) > 1 and statistics.mean(xs) else 0.0


def successive_cov(xs):
    """The CoV from successive differences (von Neumann): sqrt(mean of
    (x[i+1] - x[i])^2 / 2) over the mean. A slow drift of the machine over
    the measurement (both sides' runs alternate, so both see it) barely
    moves it, while it inflates the plain CoV of both."""
    if len(xs) < 2 or not statistics.mean(xs):
        return 0.0
    msd = sum((b - a) ** 2 for a, b in zip(xs, xs[1:])) / (2 * (len(xs) - 1))
    return msd ** 0.5 / statistics.mean(xs) * 100


def pooled_cov(groups):
    """The CoV within groups, pooled: each run's deviation from its own
    group's mean, with one degree of freedom spent per group. A step in the
    machine's speed between groups (a host that got busier or quieter
    between two sittings) does not count; the spread within each does."""
    squares, dof = 0.0, 0
    for g in groups:
        mean = sum(g) / len(g) if g else 0.0
        if len(g) > 1 and mean:
            squares += sum((x / mean - 1) ** 2 for x in g)
            dof += len(g) - 1
    return (squares / dof) ** 0.5 * 100 if dof else 0.0


def sitting_of_runs(samples, gap_minutes=SITTING_GAP_MINUTES):
    """Each run's sitting, per side: runs made in one go share one. A gap of
    more than gap_minutes between two successive runs of either side (a
    --resume after a stop) starts a new sitting. Runs without a time stamp
    are one sitting."""
    stamped = sorted((r["at"], side, n) for side, runs in samples.items()
                     for n, r in enumerate(runs) if r.get("at"))
    sitting, last, labels = 0, None, {side: [0] * len(runs) for side, runs in samples.items()}
    for at, side, n in stamped:
        t = time.mktime(time.strptime(at, "%Y-%m-%dT%H:%M:%SZ"))
        if last is not None and t - last > gap_minutes * 60:
            sitting += 1
        labels[side][n], last = sitting, t
    return labels


def by_sitting(runs, labels, test):
    groups = {}
    for r, label in zip(runs, labels):
        if test == "index" or test in r["tests"]:
            groups.setdefault(label, []).append(r["index"] if test == "index" else r["tests"][test])
    return [groups[k] for k in sorted(groups)]


def strays(runs, labels, percent):
    """How many of the side's test values lie more than percent from their
    test's median in their sitting, and how many values there are: the
    count of runs that went astray, whichever test they hit."""
    far = total = 0
    for test in TESTS:
        for group in by_sitting(runs, labels, test):
            middle = statistics.median(group)
            far += sum(1 for x in group if middle and abs(x / middle - 1) * 100 > percent)
            total += len(group)
    return far, total


def cov_ratio_interval(bb_groups, ub_groups, resamples=2000, seed=1):
    """A percentile bootstrap 95% interval of the ratio of the CoVs pooled
    within groups (bytebench / UnixBench), resampling each group's runs
    with replacement. With one group a side it is the plain CoV's."""
    rng = random.Random(seed)
    ratios = []
    for _ in range(resamples):
        b = [[rng.choice(g) for _ in g] for g in bb_groups]
        u = [[rng.choice(g) for _ in g] for g in ub_groups]
        cu = pooled_cov(u)
        if cu > 0:
            ratios.append(pooled_cov(b) / cu)
    if len(ratios) < resamples // 2:
        return None
    ratios.sort()
    return ratios[int(0.025 * len(ratios))], ratios[int(0.975 * len(ratios)) - 1]


def ratio_cell(bb_groups, ub_groups):
    """'ratio [low, high]' of the pooled CoVs, or 'n/a'."""
    cu, cb = pooled_cov(ub_groups), pooled_cov(bb_groups)
    if cu <= 0:
        return "n/a"
    ci = cov_ratio_interval(bb_groups, ub_groups)
    return f"{cb / cu:.2f}" + (f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else "")


def series(runs, test):
    return [r["index"] if test == "index" else r["tests"][test] for r in runs
            if test == "index" or test in r["tests"]]


def print_table(copies, samples):
    ub, bb = samples["unixbench"], samples["bytebench"]
    print(f"\n### {copies} cop{'y' if copies == 1 else 'ies'}: {len(bb)} bytebench runs, {len(ub)} UnixBench runs\n")
    print("| test | UnixBench CoV | bytebench CoV | CoV ratio [95% CI] | UnixBench (max-min)/median "
          "| bytebench (max-min)/median | spread ratio | level |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for test in TESTS + ["index"]:
        u, b = series(ub, test), series(bb, test)
        if len(u) < 2 or len(b) < 2:
            continue
        cu, cb = cov(u), cov(b)
        ratio = ratio_cell([b], [u])
        su, sb = spread(u), spread(b)
        name = "**index**" if test == "index" else test
        print(f"| {name} | {cu:.1f}% | {cb:.1f}% | {ratio} | {su:.1f}% | {sb:.1f}% | "
              f"{sb / su if su else float('nan'):.2f} | {statistics.median(b) / statistics.median(u):.3f} |")
    print("\nWith the machine's drift over the measurement taken out (CoV from successive differences):\n")
    print("| test | UnixBench | bytebench | ratio |")
    print("|---|---:|---:|---:|")
    for test in TESTS + ["index"]:
        u, b = series(ub, test), series(bb, test)
        if len(u) < 2 or len(b) < 2:
            continue
        su, sb = successive_cov(u), successive_cov(b)
        name = "**index**" if test == "index" else test
        print(f"| {name} | {su:.1f}% | {sb:.1f}% | {sb / su if su else float('nan'):.2f} |")
    print_sittings(samples)
    print_strays(samples)
    print("\nThe runs in order (index; the machine's steal over the run where it was recorded):\n")
    for side in ("unixbench", "bytebench"):
        shown = [f"{r['index']:.1f}" + (f" ({r['steal_pct']:.2f}%)" if r.get("steal_pct") is not None else "")
                 for r in samples[side]]
        print(f"- {side}: {', '.join(shown)}")
    for n, r in enumerate(bb, 1):
        for test, reasons in r.get("disturbed", {}).items():
            print(f"- bytebench run {n}, {test}: disturbed: {'; '.join(reasons)}")
    within = {side: {t: [spread(r["passes"][t]) for r in runs if len(r["passes"].get(t, [])) > 1]
                     for t in TESTS} for side, runs in samples.items()}
    if any(v for side in within.values() for v in side.values()):
        print("\nSpread of the passes within a run, (max-min)/median, median over the runs:\n")
        print("| test | UnixBench | bytebench |")
        print("|---|---:|---:|")
        for t in TESTS:
            u, b = within["unixbench"][t], within["bytebench"][t]
            show = lambda xs: f"{statistics.median(xs):.1f}%" if xs else "n/a"
            print(f"| {t} | {show(u)} | {show(b)} |")


def print_sittings(samples):
    """When the runs were made in more than one sitting, the spread within
    the sittings: the host's speed can step between sittings hours apart,
    which moves both sides alike and is no tool's spread."""
    labels = sitting_of_runs(samples)
    count = 1 + max((max(v, default=0) for v in labels.values()), default=0)
    if count < 2:
        return
    ub, bb = samples["unixbench"], samples["bytebench"]
    levels = [statistics.median(g) for g in by_sitting(ub, labels["unixbench"], "index")]
    print(f"\nWithin each of the {count} sittings (runs made in one go, more than {SITTING_GAP_MINUTES} minutes "
          f"apart; UnixBench's median index per sitting {', '.join(f'{x:.1f}' for x in levels)}), "
          "CoV pooled over the sittings:\n")
    print("| test | UnixBench | bytebench | ratio [95% CI] |")
    print("|---|---:|---:|---:|")
    for test in TESTS + ["index"]:
        u, b = by_sitting(ub, labels["unixbench"], test), by_sitting(bb, labels["bytebench"], test)
        name = "**index**" if test == "index" else test
        print(f"| {name} | {pooled_cov(u):.1f}% | {pooled_cov(b):.1f}% | {ratio_cell(b, u)} |")


def print_strays(samples):
    """A count that single slow runs cannot hide in: how often a test's
    value strayed from its median, over all tests and runs."""
    labels = sitting_of_runs(samples)
    print("\nTest values more than 5% and more than 10% from their test's median (in their sitting):\n")
    for side in ("unixbench", "bytebench"):
        (far5, total), (far10, _) = strays(samples[side], labels[side], 5), strays(samples[side], labels[side], 10)
        print(f"- {side}: {far5} and {far10} of {total}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--unixbench", help="UnixBench folder with Run (already built)")
    ap.add_argument("--cli", default=DEFAULT_CLI, help="bytebench binary (default build/bin/bytebench)")
    ap.add_argument("--runs", type=int, default=5, help="whole runs on each side (default 5)")
    ap.add_argument("--copies", type=int, nargs="*", default=[1, os.cpu_count()],
                    help="copy counts (default 1 and all CPUs)")
    ap.add_argument("--iterations", type=int, default=1, help="-i of both sides (default 1)")
    ap.add_argument("--save", help="write the raw runs to this JSON file")
    ap.add_argument("--load", help="print the tables of a --save file instead of running")
    ap.add_argument("--resume", action="store_true",
                    help="with --save: keep the runs that file has and make only the missing ones")
    args = ap.parse_args()

    if args.load:
        with open(args.load) as f:
            saved = json.load(f)
    else:
        if not args.unixbench:
            ap.error("--unixbench is required unless --load is given")
        if args.resume and not args.save:
            ap.error("--resume needs --save")
        started = time.time()
        copies = sorted(set(args.copies))
        saved = {"runs": args.runs, "iterations": args.iterations, "minutes": 0.0,
                 "samples": {str(c): {"unixbench": [], "bytebench": []} for c in copies}}
        if args.resume and os.path.exists(args.save):
            with open(args.save) as f:
                earlier = json.load(f)
            if earlier["iterations"] != args.iterations:
                ap.error(f"{args.save} was made with -i {earlier['iterations']}, not {args.iterations}")
            saved["minutes"] = earlier.get("minutes", 0.0)
            for c, sides in earlier["samples"].items():
                saved["samples"].setdefault(c, {"unixbench": [], "bytebench": []}).update(sides)
        for i in range(args.runs):
            for c in copies:
                order = ["unixbench", "bytebench"] if i % 2 == 0 else ["bytebench", "unixbench"]
                for side in order:
                    if len(saved["samples"][str(c)][side]) > i:
                        continue  # --resume: made before
                    run = measured(lambda: run_unixbench(args.unixbench, c, args.iterations)
                                   if side == "unixbench" else run_bytebench(args.cli, c, args.iterations))
                    saved["samples"][str(c)][side].append(run)
                    steal = "" if run["steal_pct"] is None else f", steal {run['steal_pct']:.2f}%"
                    print(f"run {i + 1} copies {c} {side:9s} index {run['index']:.1f}{steal}",
                          file=sys.stderr, flush=True)
                    if args.save:  # after every run: an interrupted measurement keeps what it has
                        saved["minutes"] += (time.time() - started) / 60
                        started = time.time()
                        with open(args.save + ".tmp", "w") as f:
                            json.dump(saved, f, indent=1)
                        os.replace(args.save + ".tmp", args.save)
        saved["minutes"] += (time.time() - started) / 60
    for c, samples in saved["samples"].items():
        print_table(int(c), samples)
    if saved.get("minutes"):
        print(f"\nUp to {saved['runs']} alternating runs a side, -i {saved['iterations']}, "
              f"{saved['minutes']:.0f} minutes.")


if __name__ == "__main__":
    main()
