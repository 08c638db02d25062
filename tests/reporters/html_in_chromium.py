#!/usr/bin/env python3
"""The html reporter's pages in a real browser.

Renders the fixture documents with the html reporter, loads each page in headless Chromium
and checks that it loads without any console message (the pages have no script, so any
message is a problem), that the DOM Chromium built holds the charts, each with its title and
with the number of bars the document calls for (worked out here from the document, not
from the reporter), and that a screenshot comes out as a PNG.

Exits 77 (ctest's SKIP_RETURN_CODE for this test) when Chromium is not installed.
"""
import argparse
import html
import html.parser
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
FIXTURES = ["full-2run.json", "partial-brief.json", "comparison-2runs.json",
            "comparison-3runs.json", "result-metrics.json", "comparison-metrics.json",
            "comparison-pivot-2.json", "comparison-pivot-50.json", "environment-2run.json"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--enable-logging=stderr", "--v=0"]
CHROMIUM_TIMEOUT_S = 25


def find_chromium(given):
    """The browser given (--chromium, else $BYTEBENCH_CHROMIUM), else one on the PATH."""
    given = given or os.environ.get("BYTEBENCH_CHROMIUM")
    candidates = [given] if given else ["chromium", "chromium-browser", "google-chrome"]
    for candidate in candidates:
        if shutil.which(candidate):
            return shutil.which(candidate)
    return None


# --- What the document calls for -------------------------------------------------------

def has_baseline(test):
    baseline = test.get("baseline")
    return isinstance(baseline, (int, float)) and baseline > 0


def expected_result_charts(doc):
    """Per copy-pass a chart when some test has a baseline, one bar per test that ran ok
    with one; with two copy-passes or more, a chart with the bars of all of them."""
    charts, all_bars, any_chart = [], 0, False
    runs = doc.get("runs", [])
    for run in runs:
        tests = run.get("tests", [])
        bars = sum(1 for t in tests if t.get("status") == "ok" and has_baseline(t))
        if any(has_baseline(t) for t in tests):
            charts.append(bars)
            any_chart = True
        all_bars += bars
    if len(runs) >= 2 and any_chart:
        charts.append(all_bars)
    return charts


def expected_compact_charts(doc):
    """The compact layout (a pivot, or more than three inputs): per section and index category
    one bar per column with a score (a failed column has none)."""
    inputs = doc.get("inputs", [])
    return [sum(1 for i, cell in enumerate(index.get("cells", []))
                if "score" in cell and inputs[i].get("status") != "failed")
            for section in doc.get("sections", []) for index in section.get("indexes", [])]


def expected_comparison_charts(doc):
    """Per section, tests with an index × inputs, less the cells that have no index
    (missing or failed)."""
    if "pivot" in doc or len(doc.get("inputs", [])) > 3:
        return expected_compact_charts(doc)
    charts = []
    for section in doc.get("sections", []):
        bars = sum(1 for row in section.get("rows", []) for cell in row.get("cells", [])
                   if cell.get("status") == "ok" and "index" in cell)
        if bars:
            charts.append(bars)
    return charts


def expected_metric_names(doc):
    """The display names of the metrics: of a result's tests, or of a comparison's metric
    rows (left out without a key, as the reporter leaves them out)."""
    names = set()
    for run in doc.get("runs", []):
        for test in run.get("tests", []):
            for metric in test.get("metrics", []):
                if metric.get("key"):
                    names.add(metric.get("name") or metric["key"])
    for section in doc.get("sections", []):
        for row in section.get("rows", []):
            if row.get("metric"):
                names.add(row.get("metric_name") or row["metric"])
    return sorted(names)


# --- What Chromium built ----------------------------------------------------------------

class ChartCounter(html.parser.HTMLParser):
    """Counts the bars and titles of each <svg class="chart"> in a serialised DOM."""

    def __init__(self):
        super().__init__()
        self.charts = []  # [bars, titles] per chart
        self.depth = 0    # nesting inside the current chart

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "svg" and "chart" in classes:
            self.charts.append([0, 0])
            self.depth = 1
            return
        if not self.depth:
            return
        self.depth += 1
        if tag == "rect" and "bar" in classes:
            self.charts[-1][0] += 1
        if tag == "title" and self.depth == 2:
            self.charts[-1][1] += 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1


def run_chromium(chromium, workdir, arguments):
    profile = tempfile.mkdtemp(prefix="profile-", dir=workdir)
    env = dict(os.environ, HOME=str(workdir))  # keep Chromium's caches out of $HOME
    return subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *arguments],
                          capture_output=True, text=True, errors="replace",
                          timeout=CHROMIUM_TIMEOUT_S, env=env, check=False)


def console_messages(stderr):
    return [line for line in stderr.splitlines()
            if ":CONSOLE" in line or "Uncaught" in line]


def check_page(chromium, workdir, page, expected, metric_names):
    problems = []
    result = run_chromium(chromium, workdir, ["--dump-dom", page.as_uri()])
    if result.returncode != 0:
        return [f"chromium exited with {result.returncode}: {result.stderr[-2000:]}"]
    problems += [f"console: {line}" for line in console_messages(result.stderr)]
    counter = ChartCounter()
    counter.feed(result.stdout)
    bars = [chart[0] for chart in counter.charts]
    if bars != expected:
        problems.append(f"bars per chart {bars}, expected {expected}")
    if any(chart[1] != 1 for chart in counter.charts):
        problems.append("a chart without exactly one <title>")
    if "</html>" not in result.stdout:
        problems.append("the DOM dump is incomplete")
    problems += [f"metric {name!r} not shown" for name in metric_names
                 if html.escape(name, quote=False) not in result.stdout]
    return problems


def check_screenshot(chromium, workdir, page):
    shot = workdir / "page.png"
    result = run_chromium(chromium, workdir, ["--window-size=1280,2000", "--hide-scrollbars",
                                              f"--screenshot={shot}", page.as_uri()])
    if result.returncode != 0:
        return [f"screenshot: chromium exited with {result.returncode}"]
    problems = [f"console: {line}" for line in console_messages(result.stderr)]
    data = shot.read_bytes() if shot.exists() else b""
    if len(data) < 1000 or not data.startswith(b"\x89PNG\r\n\x1a\n"):
        problems.append(f"screenshot: no PNG ({len(data)} bytes)")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--render", required=True, help="the bytebench_html_render tool")
    parser.add_argument("--reporter", required=True, help="html.so")
    parser.add_argument("--fixtures", required=True, type=pathlib.Path)
    parser.add_argument("--chromium", help="the browser (default: chromium on the PATH)")
    args = parser.parse_args()

    chromium = find_chromium(args.chromium)
    if chromium is None:
        print("chromium is not installed: skipped")
        return SKIP

    failures = []
    with tempfile.TemporaryDirectory(prefix="bytebench-html-",
                                     ignore_cleanup_errors=True) as temp:
        workdir = pathlib.Path(temp)
        pages = []
        for name in FIXTURES:
            document = args.fixtures / name
            page = workdir / name.replace(".json", ".html")
            subprocess.run([args.render, args.reporter, str(document), str(page)], check=True)
            doc = json.loads(document.read_text())
            comparison = doc["schema"].startswith("bytebench.comparison/")
            expected = expected_comparison_charts(doc) if comparison else \
                expected_result_charts(doc)
            problems = check_page(chromium, workdir, page, expected,
                                  expected_metric_names(doc))
            print(f"{name}: {sum(expected)} bars in {len(expected)} charts: "
                  f"{'ok' if not problems else 'FAILED'}")
            failures += [f"{name}: {problem}" for problem in problems]
            pages.append(page)
        failures += check_screenshot(chromium, workdir, pages[0])

    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
