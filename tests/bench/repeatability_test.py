#!/usr/bin/env python3
"""bench/repeatability.py: the CoVs, the sittings and the strays it prints.

    tests/bench/repeatability_test.py --source .
"""
import argparse
import importlib.util
import statistics
import subprocess
import sys
import unittest
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]


def load_script():
    sys.path.insert(0, str(SOURCE / "bench"))  # it imports fidelity from its folder
    spec = importlib.util.spec_from_file_location("repeatability", SOURCE / "bench" / "repeatability.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(index, at, tests=None):
    return {"index": index, "at": at, "tests": tests or {}, "passes": {}}


class Statistics(unittest.TestCase):
    def setUp(self):
        self.r = load_script()

    def test_pooled_cov_of_one_group_is_the_plain_cov(self):
        xs = [370.1, 363.1, 368.3, 387.4, 373.8]
        self.assertAlmostEqual(self.r.pooled_cov([xs]), self.r.cov(xs), places=9)

    def test_a_step_between_groups_does_not_count(self):
        before, after = [100.0, 102.0, 98.0], [150.0, 153.0, 147.0]
        self.assertGreater(self.r.cov(before + after), 20)
        self.assertAlmostEqual(self.r.pooled_cov([before, after]), 2.0, places=9)

    def test_groups_of_one_spend_no_degree_of_freedom(self):
        self.assertAlmostEqual(self.r.pooled_cov([[100.0, 102.0, 98.0], [500.0]]), 2.0, places=9)
        self.assertEqual(self.r.pooled_cov([[100.0], [200.0]]), 0.0)

    def test_a_gap_of_over_an_hour_starts_a_sitting(self):
        samples = {
            "unixbench": [run(1, "2026-12-02T17:00:00Z"), run(1, "2026-12-02T17:20:00Z"),
                          run(1, "2026-12-02T19:00:00Z")],
            "bytebench": [run(1, "2026-12-02T17:10:00Z"), run(1, "2026-12-02T18:10:00Z"),
                          run(1, "2026-12-02T19:10:00Z")],
        }
        # 17:20 -> 18:10 is 50 minutes (same sitting); 18:10 -> 19:00 is 50 too;
        # only a gap above 60 minutes splits.
        self.assertEqual(self.r.sitting_of_runs(samples), {"unixbench": [0, 0, 0], "bytebench": [0, 0, 0]})
        samples["unixbench"][2]["at"] = "2026-12-02T19:11:00Z"
        samples["bytebench"][2]["at"] = "2026-12-02T19:20:00Z"
        self.assertEqual(self.r.sitting_of_runs(samples), {"unixbench": [0, 0, 1], "bytebench": [0, 0, 1]})

    def test_runs_without_a_time_are_one_sitting(self):
        samples = {"unixbench": [run(1, None), run(2, None)], "bytebench": [run(1, None)]}
        self.assertEqual(self.r.sitting_of_runs(samples), {"unixbench": [0, 0], "bytebench": [0]})

    def test_strays_count_values_far_from_their_sittings_median(self):
        tests = [{t: 100.0 for t in self.r.TESTS} for _ in range(3)]
        tests[0]["shell8"] = 80.0   # 20% below the median of its sitting
        tests[1]["syscall"] = 107.0  # 7% above
        runs = [run(1, None, t) for t in tests]
        labels = [0, 0, 0]
        self.assertEqual(self.r.strays(runs, labels, 5), (2, 3 * len(self.r.TESTS)))
        self.assertEqual(self.r.strays(runs, labels, 10), (1, 3 * len(self.r.TESTS)))

    def test_the_interval_holds_the_ratio(self):
        b = [[statistics.mean([1, 2]) + x for x in (0.0, 1.0, 3.0, 2.0, 0.5)]]
        u = [[10.0, 12.0, 9.0, 11.0, 10.5]]
        low, high = self.r.cov_ratio_interval(b, u)
        ratio = self.r.pooled_cov(b) / self.r.pooled_cov(u)
        self.assertLess(low, ratio)
        self.assertLess(ratio, high)


class CommittedMeasurement(unittest.TestCase):
    """The figures docs/performance.md quotes, printed again by --load."""

    def load(self, name):
        out = subprocess.run([sys.executable, str(SOURCE / "bench" / "repeatability.py"), "--load",
                              str(SOURCE / "docs" / "measurements" / name)],
                             capture_output=True, text=True, check=True)
        return out.stdout

    def test_two_sittings_pooled(self):
        text = self.load("repeatability-2026-12-02-epyc-1copy-n10.json")
        self.assertIn("Within each of the 2 sittings", text)
        self.assertIn("| **index** | 2.0% | 1.9% | 0.97 [0.48, 2.44] |", text)
        self.assertIn("| **index** | 10.9% | 10.7% | 0.99 [0.70, 1.40] | 24.3% | 24.5% | 1.01 | 1.022 |", text)
        self.assertIn("- unixbench: 37 and 19 of 120", text)
        self.assertIn("- bytebench: 25 and 9 of 120", text)

    def test_one_sitting_has_no_sittings_table(self):
        text = self.load("repeatability-2026-12-02-epyc-1copy.json")
        self.assertNotIn("sittings", text)
        self.assertIn("| **index** | 2.5% | 2.3% | 0.93 [0.29, 3.83] | 6.6% | 6.0% | 0.91 | 1.032 |", text)

    def test_two_copies(self):
        text = self.load("repeatability-2026-12-03-epyc-2copies.json")
        self.assertIn("| **index** | 5.1% | 1.0% | 0.19 [0.05, 0.70] | 13.6% | 2.6% | 0.19 | 1.021 |", text)
        self.assertIn("- bytebench: 5 and 0 of 60", text)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", type=Path, default=SOURCE)
    args, rest = ap.parse_known_args()
    SOURCE = args.source.resolve()
    unittest.main(argv=[sys.argv[0]] + rest)
