#!/usr/bin/env python3
"""Tests of the skip gate (tests/setup/check_skips.py) on JUnit files written here,
in the layout ctest 3.25's --output-junit writes: a skip is a <testcase> with
a <skipped> child, its output in <system-out>."""
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import check_skips  # noqa: E402


def junit(cases):
    """A JUnit document of (name, status, output): status run, notrun or fail."""
    body = []
    for name, status, output in cases:
        child = {"notrun": '<skipped message="SKIP_REGULAR_EXPRESSION_MATCHED"/>',
                 "fail": '<failure message=""/>'}.get(status, "")
        body.append(f'<testcase name="{escape(name)}" classname="{escape(name)}" time="0.1" '
                    f'status="{status}">{child}<system-out>{escape(output)}</system-out></testcase>')
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="x" tests="{len(cases)}">' \
           + "".join(body) + "</testsuite>"


def gtest_skip(name, reason):
    return f"Running main()\n[ RUN      ] {name}\n/src/t.cpp:12: Skipped\n{reason}\n\n[  SKIPPED ] {name} (0 ms)\n"


class CheckSkips(unittest.TestCase):
    def run_gate(self, cases, stage="tests"):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "j.xml")
            Path(path).write_text(junit(cases))
            out = subprocess.run([sys.executable, str(HERE / "check_skips.py"), "--stage", stage, path],
                                 capture_output=True, text=True)
        return out.returncode, out.stdout + out.stderr

    def test_no_skip_passes_and_says_zero(self):
        rc, out = self.run_gate([("A.b", "run", ""), ("A.c", "fail", "boom")])
        self.assertEqual(rc, 0, out)
        self.assertIn("skips in stage tests: 0", out)

    def test_a_missing_package_fails_the_stage(self):
        # The skip that hid the graphics packages' absence on fresh machines.
        rc, out = self.run_gate([("Display.APrivateXvfbServesTheRun", "notrun",
                                  gtest_skip("Display.APrivateXvfbServesTheRun", "Xvfb is not installed"))])
        self.assertEqual(rc, 1, out)
        self.assertIn("NOT ALLOWED  Display.APrivateXvfbServesTheRun: Xvfb is not installed", out)

    def test_a_missing_locale_fails_the_stage(self):
        rc, out = self.run_gate([("TextReporter.IgnoresTheProcessLocale", "notrun",
                                  gtest_skip("TextReporter.IgnoresTheProcessLocale",
                                             "no locale with a decimal comma is installed"))])
        self.assertEqual(rc, 1, out)

    def test_an_allowed_skip_passes_and_names_its_entry(self):
        rc, out = self.run_gate([("PassRunner.AHangThatNeverReadsTheStopFlagIsToldToPollIt", "notrun",
                                  gtest_skip("x", "userfaultfd is not available here: a timeout cannot say"))])
        self.assertEqual(rc, 0, out)
        self.assertIn("skips in stage tests: 1", out)
        self.assertIn("allowed      PassRunner.", out)
        self.assertIn("seccomp", out)

    def test_an_entry_holds_only_in_its_stages(self):
        case = [("IsaLevel.ThisCpuAsTheKernelSeesIt", "notrun",
                 gtest_skip("x", "the kernel's flags are x86 names"))]
        self.assertEqual(self.run_gate(case, stage="arm64")[0], 0)
        self.assertEqual(self.run_gate(case, stage="tests")[0], 1)

    def test_the_reason_must_match_not_only_the_name(self):
        # A test on the list that skips for another reason is not allowed.
        rc, out = self.run_gate([("PassRunner.AHangThatNeverReadsTheStopFlagIsToldToPollIt", "notrun",
                                  gtest_skip("x", "dc is not installed"))])
        self.assertEqual(rc, 1, out)

    def test_a_script_skip_gives_its_last_line(self):
        self.assertEqual(check_skips.skip_reason("starting\nchromium is not installed\n"),
                         "chromium is not installed")
        self.assertEqual(check_skips.skip_reason(""), "(no reason given)")

    def test_an_unreadable_junit_file_fails(self):
        out = subprocess.run([sys.executable, str(HERE / "check_skips.py"), "--stage", "tests",
                              "/nonexistent/j.xml"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 1)
        self.assertIn("cannot read /nonexistent/j.xml", out.stderr)

    def test_every_entry_of_the_allowed_list_is_complete(self):
        entries = check_skips.read_allowed(check_skips.DEFAULT_ALLOWED)
        self.assertGreater(len(entries), 0)
        for e in entries:
            self.assertTrue(e["why"].strip())
            self.assertTrue(set(e["stages"]) <= {"all", "tests", "asan", "fuzz", "arm64"}, e)


if __name__ == "__main__":
    unittest.main()
