#!/usr/bin/env python3
"""Writes the run-to-run fixture of the reporter tests.

    tests/reporters/make_repeatability_fixture.py tests/reporters/fixtures

repeatability-2run.json: stats-2run.json (a result with within-run statistics) as the core
hands it to a reporter when the history holds earlier runs of its suite on its machine:
`render.repeatability` (docs/result-schema.md, docs/statistics.md "Run-to-run spread", computed
by core/compare/run_to_run.cpp). Five runs in all; per test and index score of the 1-copy pass
the n, mean, CoV and (max - min) / median of made-up run values around the fixture's own value,
worked out here the way the core does (sample standard deviation over the mean). Shell Scripts
ran in only 2 of them (n 2: no CoV, shown as a dash); File Copy failed in this run, so it has
no entry. The 2-copy pass ran in only 2 runs and has no entry at all: its tables keep their
columns as they were.

comparison-run-to-run.json: comparison-2runs.json as `bytebench compare` writes it when B came
from the history, which holds 4 runs of its suite on its machine (comparison-schema.md,
`inputs[].run_to_run` and `cells[].run_to_run`): Whetstone has a CoV, execl ran ok in only 2 of
them (n only), the index score has one. A matched no earlier run and has no members at all.

Run this again after a change of the members and commit the fixtures.
"""
import json
import pathlib
import statistics
import sys

HERE = pathlib.Path(__file__).resolve().parent
# Each run's value as a factor of the shown run's (which is the first).
FACTORS = {
    "dhry2reg": [1.0, 0.98, 1.03, 0.99, 1.01],
    "whetstone-double": [1.0, 1.001, 0.999, 1.002, 0.998],
    "syscall": [1.0, 0.94, 1.08, 0.91, 1.05],
    "shell1": [1.0, 0.97],
}
SCORE_FACTORS = [1.0, 0.985, 1.02, 0.97, 1.01]


def spread(values):
    out = {"n": len(values), "mean": statistics.fmean(values)}
    if len(values) >= 3:
        out["cov"] = statistics.stdev(values) / out["mean"] * 100
        out["spread"] = (max(values) - min(values)) / statistics.median(values) * 100
    return out


def main():
    doc = json.loads((HERE / "fixtures" / "stats-2run.json").read_text())
    run = doc["runs"][0]
    tests = {}
    for test in run["tests"]:
        if test["status"] == "ok" and test["id"] in FACTORS:
            tests[test["id"]] = spread([test["value"] * f for f in FACTORS[test["id"]]])
    indexes = {index["category"]: spread([index["score"] * f for f in SCORE_FACTORS])
               for index in run["indexes"]}
    system = doc["system"]
    doc["render"]["repeatability"] = {
        "runs": 5,
        "matched": "suite %s on host %s (%s, %d CPUs)" % (
            doc["suite"]["name"], system["hostname"], system["cpu_model"], system["cpus_online"]),
        "history": "/home/user/.local/share/bytebench/history.db",
        "copy_passes": [{"copies": run["copies"], "runs": 5, "tests": tests, "indexes": indexes}],
    }
    folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    (folder / "repeatability-2run.json").write_text(json.dumps(doc, indent=2) + "\n")
    (folder / "comparison-run-to-run.json").write_text(json.dumps(comparison(), indent=2) + "\n")


def comparison():
    doc = json.loads((HERE / "fixtures" / "comparison-2runs.json").read_text())
    b = doc["inputs"][1]
    b["run_to_run"] = {"runs": 4, "matched": "suite index on host %s (%s, %d CPUs)" % (
        b["hostname"], b["cpu_model"], b["cpus"])}
    section = doc["sections"][0]
    for row in section["rows"]:
        cell = row["cells"][1]
        if row["id"] == "whetstone-double":
            s = spread([cell["value"] * f for f in [1.0, 0.99, 1.015, 1.002]])
        else:
            s = spread([cell["value"] * f for f in [1.0, 0.98]])
        cell["run_to_run"] = {k: v for k, v in s.items() if k != "mean"}
    cell = section["indexes"][0]["cells"][1]
    s = spread([cell["score"] * f for f in [1.0, 0.995, 1.01, 0.99]])
    cell["run_to_run"] = {k: v for k, v in s.items() if k != "mean"}
    return doc


if __name__ == "__main__":
    main()
