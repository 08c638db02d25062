#!/usr/bin/env python3
"""Writes the pivot comparison fixtures of the reporter tests.

    tests/reporters/make_pivot_fixtures.py tests/reporters/fixtures

comparison-pivot-2.json: `compare --by label:kernel,label:smt` over four results, two columns.
comparison-pivot-50.json: the same over a fleet: 50 columns, one of them failed (a failure
record: only missing cells), one incomplete, one split off as not comparable ("[quick]"),
names from 3 to 30 characters, with metric rows, two sections, index scores and a gate.

The numbers are made up but deterministic (no randomness), and consistent the way the core
would write them: an index is value / baseline * 10, a score the geometric mean of its
category's indexes, a delta the change of the value, a verdict follows the row's direction.
The pivot members follow docs/comparison-schema.md ("pivot"); run this again after a change
there and commit the fixtures it writes.
"""
import json
import math
import pathlib
import sys

# id, name, category, unit, UnixBench baseline (None: no index), value on the baseline column
TESTS = [
    ("dhry2reg", "Dhrystone 2 using register variables", "system", "lps", 116700.0, 49623972.7),
    ("whetstone-double", "Double-Precision Whetstone", "system", "MWIPS", 55.0, 5023.4),
    ("execl", "Execl Throughput", "system", "lps", 43.0, 3201.5),
    ("pipe", "Pipe Throughput", "system", "lps", 12440.0, 1200000.0),
    ("spawn", "Process Creation", "system", "lps", 126.0, 7000.3),
    ("tcp_rr", "TCP request/response", "network", "tps", None, 41364.7),
]
# test id, key, name, unit, better, value on the baseline column
METRICS = [("tcp_rr", "p99_us", "p99 latency", "us", "lower", 1002.8)]
ALPHA = 0.05
GATE_PCT = 5.0


def column_specs(count):
    """(kernel, smt, hosts, status, extra) per column; the first is the baseline."""
    if count == 2:
        return [("3.16", "on", ["db-1", "db-2"], "complete", {}),
                ("4.4", "on", ["db-3", "db-4"], "complete", {})]
    kernels = ["3.16", "4.4", "4.9", "4.19", "5.4", "5.10", "5.15", "6.1", "6.6", "6.12"]
    kernels += [f"5.10.0-{n}-cloud-amd64" for n in range(20, 35)]
    specs = []
    host = 0
    for kernel in kernels:
        for smt in ("on", "off"):
            hosts = [f"db-{host + 1:02d}", f"db-{host + 2:02d}"][: 1 + (host // 2) % 2]
            host += 2
            specs.append((kernel, smt, hosts, "complete", {}))
    specs[7] = specs[7][:3] + ("incomplete", {})
    specs[12] = specs[12][:3] + ("failed", {
        "reason": f"unreachable: ssh: connect to host {specs[12][2][0]} port 22: "
                  "Connection timed out"})
    # A column split off its value pair: those results ran the quick suite.
    kernel, smt, hosts, _, _ = specs[3]
    specs.insert(4, (kernel, smt, ["db-90"], "complete", {
        "split": "ran suite quick (sha256 9e1d0c2b), the others suite index",
        "suffix": " [quick]"}))
    return specs[:count]


def column(spec, number):
    kernel, smt, hosts, status, extra = spec
    label = f"{kernel},{smt}" + extra.get("suffix", "")
    failed = status == "failed"
    members = [{"source": f"results/{host}/{host}-2026-12-01-01.json", "hostname": host,
                "status": "incomplete" if status == "incomplete" and i == 0 else "complete",
                "start": f"2026-12-01T0{i}:{number % 60:02d}:00+00:00"}
               for i, host in enumerate(hosts)]
    doc = {"label": label, "values": {"kernel": kernel, "smt": smt},
           "results": 0 if failed else len(hosts), "members": [] if failed else members,
           "status": status}
    if failed:
        doc["reason"] = extra["reason"]
    if "split" in extra:
        doc["split"] = extra["split"]
    return doc


def factor(column_number, row_number):
    """A deterministic change of a column's value from the baseline's: -20% to +20%."""
    if column_number == 0:
        return 1.0
    return 1.0 + ((column_number * 37 + row_number * 11) % 41 - 20) / 100.0


def significance(delta, better, results):
    if results < 2:
        return {"verdict": "unknown", "method": "none",
                "reason": f"{results} kept pass on one side; need 2 on each side",
                "passes": [7, results]}
    if abs(delta) < 2.0:
        return {"verdict": "noise", "method": "mann-whitney", "p": 0.41, "passes": [14, 14]}
    up_is_better = better == "higher"
    verdict = "better" if (delta > 0) == up_is_better else "worse"
    return {"verdict": verdict, "method": "mann-whitney", "p": 0.0012, "passes": [14, 14]}


def cell(value, baseline_value, index_base, better, results, is_baseline, copies):
    value = round(value * copies, 1)
    doc = {"status": "ok", "value": value, "samples": 7 * results}
    if index_base:
        doc["index"] = round(value / index_base * 10.0, 1)
    doc["version"] = "1"
    doc["results"] = results
    if not is_baseline:
        delta = round((value / round(baseline_value * copies, 1) - 1) * 100, 2)
        doc["delta_pct"] = delta
        doc["significance"] = significance(delta, better, results)
    return doc


def section(title, copies, inputs, baseline):
    rows, failures = [], []
    scores = [[] for _ in inputs]
    for row_number, (test, name, category, unit, index_base, base_value) in enumerate(TESTS):
        row = {"id": test, "name": name, "category": category, "unit": unit, "better": "higher",
               "comparable": True, "cells": []}
        for number, column_doc in enumerate(inputs):
            missing = column_doc["status"] == "failed" or (
                column_doc["status"] == "incomplete" and test == "spawn")
            if missing:
                row["cells"].append({"status": "missing"})
                continue
            value = base_value * factor(number, row_number)
            c = cell(value, base_value, index_base, "higher", column_doc["results"],
                     number == baseline, copies)
            row["cells"].append(c)
            if index_base:
                scores[number].append(c["index"])
            if c.get("significance", {}).get("verdict") == "worse" and c["delta_pct"] < -GATE_PCT:
                failures.append({"section": title, "id": test, "input": column_doc["label"],
                                 "delta_pct": c["delta_pct"], "p": c["significance"]["p"]})
        rows.append(row)
        for test_id, key, metric_name, metric_unit, better, metric_value in METRICS:
            if test_id != test:
                continue
            metric = {"id": test, "metric": key, "name": name, "metric_name": metric_name,
                      "unit": metric_unit, "better": better, "comparable": True, "cells": []}
            for number, column_doc in enumerate(inputs):
                if column_doc["status"] == "failed":
                    metric["cells"].append({"status": "missing"})
                    continue
                value = metric_value * factor(number, row_number + 3)
                c = cell(value / copies, metric_value / copies, None, better,
                         column_doc["results"], number == baseline, copies)
                del c["version"]
                metric["cells"].append(c)
            rows.append(metric)
    tests_total = sum(1 for t in TESTS if t[4])
    index_cells = []
    for number, column_scores in enumerate(scores):
        if not column_scores:
            index_cells.append({"status": "missing"})
            continue
        score = round(10 * math.exp(sum(math.log(s / 10) for s in column_scores)
                                    / len(column_scores)), 1)
        index_cells.append({"score": score, "partial": len(column_scores) < tests_total})
    base_score = index_cells[baseline].get("score")
    for number, c in enumerate(index_cells):
        if number != baseline and "score" in c and base_score:
            c["delta_pct"] = round((c["score"] / base_score - 1) * 100, 2)
    return ({"title": title, "copies": [None if c["status"] == "failed" else copies
                                        for c in inputs],
             "rows": rows,
             "indexes": [{"category": "system", "title": "System Benchmarks",
                          "cells": index_cells}]},
            failures)


def comparison(count):
    specs = column_specs(count)
    inputs = [column(spec, number) for number, spec in enumerate(specs)]
    warnings = []
    for c in inputs:
        if c["status"] == "failed":
            warnings.append(f"{c['label']} failed: {c['reason']}")
        if c["status"] == "incomplete":
            warnings.append(f"{c['label']}: a result is incomplete")
        if "split" in c:
            warnings.append(f"{c['label']} is a column of its own: {c['split']}")
    sections, failures = [], []
    for title, copies in (("1 copy", 1), ("2 copies", 2)):
        s, f = section(title, copies, inputs, 0)
        sections.append(s)
        failures += f
    return {
        "schema": "bytebench.comparison/2",
        "tool": {"name": "bytebench", "version": "0.1.0", "abi": "1.2"},
        "baseline": 0,
        "alpha": ALPHA,
        "pivot": {"by": ["label:kernel", "label:smt"], "keys": ["kernel", "smt"],
                  "baseline": inputs[0]["label"]},
        "inputs": inputs,
        "warnings": warnings,
        "sections": sections,
        "gate": {"threshold_pct": GATE_PCT, "failed": bool(failures), "failures": failures},
    }


def main():
    directory = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "tests/reporters/fixtures")
    for count in (2, 50):
        path = directory / f"comparison-pivot-{count}.json"
        path.write_text(json.dumps(comparison(count), ensure_ascii=False) + "\n")
        print(path)


if __name__ == "__main__":
    main()
