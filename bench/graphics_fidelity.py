#!/usr/bin/env python3
"""Side-by-side fidelity of the graphics tests: bytebench against UnixBench 6.0.

Starts one Xvfb (1280x1024x24, as bytebench's private one), then runs each
graphics test alternately under UnixBench's own ./Run (from a UnixBench build
that YOU made with GRAPHIC_TESTS enabled, outside this repository) and under
bytebench, both drawing on that Xvfb, one pass each, for PAIRS alternating
pairs. Prints a Markdown table of medians, ratios and spreads, and the 2D
index computed from each side's medians over the tests both sides ran.

    bench/graphics_fidelity.py --unixbench ~/src/byte-unixbench/UnixBench --pairs 3
    bench/graphics_fidelity.py --unixbench DIR --tests ubgears 2d-rects

A test UnixBench cannot finish (its Run prints "aborting", as for 2d-aashapes
under Xvfb, where x11perf dies of SIGSEGV) is listed with UnixBench's reason.

The repository never contains, downloads or builds UnixBench.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

from fidelity import DEFAULT_CLI, RESULT_LINE, geomean_index, run_bytebench, spread

# UnixBench's graphics index tests: log message and baseline (docs/graphics.md).
GRAPHICS = [
    ("2d-rects", "2D graphics: rectangles", 15.0),
    ("2d-ellipse", "2D graphics: ellipses", 15.0),
    ("2d-aashapes", "2D graphics: aa polygons", 15.0),
    ("2d-text", "2D graphics: text", 15.0),
    ("2d-blit", "2D graphics: images and blits", 15.0),
    ("2d-window", "2D graphics: windows", 15.0),
    ("ubgears", "3D graphics: gears", 33.4),
]
LOGMSG = {t: m for t, m, _ in GRAPHICS}
BASELINE = {t: b for t, _, b in GRAPHICS}


class Xvfb:
    """An Xvfb on a free display number, stopped when the block ends."""

    def __enter__(self):
        read_end, write_end = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
             "-noreset"], pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as f:
            number = f.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait()


def run_unixbench(ub_dir, test):
    """UnixBench's value for `test`, or the line its Run aborted with."""
    out = subprocess.run(["./Run", "-i", "1", "-c", "1", test], cwd=ub_dir,
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        m = RESULT_LINE.match(line)
        if m and m.group("name").strip() == LOGMSG[test]:
            return float(m.group("value"))
    for line in (out.stdout + out.stderr).splitlines():
        if "aborting" in line:
            return line.strip()
    raise RuntimeError(f"UnixBench gave no result for {test}:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--unixbench", required=True, help="UnixBench folder with Run, built with GRAPHIC_TESTS")
    ap.add_argument("--cli", default=DEFAULT_CLI, help="bytebench binary (default build/bin/bytebench)")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--tests", nargs="*", default=[t for t, _, _ in GRAPHICS])
    args = ap.parse_args()

    samples = {t: {"unixbench": [], "bytebench": []} for t in args.tests}
    aborted = {}
    started = time.time()
    with Xvfb() as xvfb:
        os.environ["DISPLAY"] = xvfb.display  # both sides draw on this server
        # UnixBench's Run sets LANG=en_US.utf8; where that locale is not
        # installed, perl's warning on gfx-x11's stderr aborts the Run.
        os.environ["LC_ALL"] = "C"
        for pair in range(args.pairs):
            for test in args.tests:
                order = ["unixbench", "bytebench"] if pair % 2 == 0 else ["bytebench", "unixbench"]
                for side in order:
                    if side == "bytebench":
                        value = run_bytebench(args.cli, test, 1)
                    else:
                        value = run_unixbench(args.unixbench, test)
                        if isinstance(value, str):
                            aborted[test] = value
                            print(f"pair {pair + 1} {test:12s} unixbench aborted: {value}",
                                  file=sys.stderr, flush=True)
                            continue
                    samples[test][side].append(value)
                    print(f"pair {pair + 1} {test:12s} {side:9s} {value:12.1f}", file=sys.stderr, flush=True)

    print("| test | UnixBench median | bytebench median | ratio | UnixBench spread | bytebench spread |")
    print("|---|---:|---:|---:|---:|---:|")
    medians = {"unixbench": {}, "bytebench": {}}
    for test in args.tests:
        ub, bb = samples[test]["unixbench"], samples[test]["bytebench"]
        mb = statistics.median(bb)
        if not ub:
            print(f"| {test} | aborts | {mb:.1f} | | | {spread(bb):.1f}% |")
            continue
        mu = statistics.median(ub)
        medians["unixbench"][test], medians["bytebench"][test] = mu, mb
        print(f"| {test} | {mu:.1f} | {mb:.1f} | {mb / mu:.3f} | {spread(ub):.1f}% | {spread(bb):.1f}% |")
    both_2d = [t for t in medians["unixbench"] if t.startswith("2d-")]
    if both_2d:
        iu = geomean_index({t: medians["unixbench"][t] for t in both_2d}, BASELINE)
        ib = geomean_index({t: medians["bytebench"][t] for t in both_2d}, BASELINE)
        print(f"| **2D index ({len(both_2d)} tests)** | {iu:.1f} | {ib:.1f} | {ib / iu:.3f} | | |")
    print(f"\n{args.pairs} alternating pairs, 1 copy, one pass each, "
          f"{(time.time() - started) / 60:.0f} minutes.")
    for test, line in aborted.items():
        print(f"UnixBench {test}: {line}")


if __name__ == "__main__":
    main()
