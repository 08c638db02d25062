#!/usr/bin/env python3
"""Checks a fma-throughput run of examples/vendor-plugin:
    check_vendor_run.py RESULT.json REPORT.xml
The result must hold the test, ok with a positive value in GFLOP/s on a CPU
with AVX2+FMA or AVX-512 (skipped, with a reason, on any other); the report
must be well-formed JUnit XML that says the same."""
import json
import platform
import re
import sys
import xml.etree.ElementTree as ET


def fail(message):
    sys.exit(f"check_vendor_run: {message}")


def cpu_flags():
    """The first CPU's flags from /proc/cpuinfo (empty when unknown)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def main(result_path, report_path):
    with open(result_path, encoding="utf-8") as f:
        result = json.load(f)
    if not str(result.get("schema", "")).startswith("bytebench.result/1"):
        fail(f"{result_path}: not a bytebench.result/1 document")
    runs = result.get("runs", [])
    if len(runs) != 1 or len(runs[0].get("tests", [])) != 1:
        fail(f"{result_path}: expected one copy-pass with one test")
    test = runs[0]["tests"][0]
    if test.get("id") != "example.fma-throughput":
        fail(f"unexpected test {test.get('id')!r}")

    # The flags bytebench_add_plugin() recorded (the Release build's, the
    # project's warnings) and the plugin's own note.
    build = test.get("build", "")
    if not re.match(r"^(gcc|clang) \S+ .*-O[23s] .*-Wall -Wextra \(kernels: avx512f or avx2\+fma", build):
        fail(f"the result records the build as {build!r}")

    flags = cpu_flags()
    x86 = platform.machine() in ("x86_64", "AMD64")
    capable = x86 and ("avx512f" in flags or {"avx2", "fma"} <= flags)
    status = test.get("status")
    if status == "ok":
        value = test.get("value")
        if test.get("unit") != "GFLOP/s" or not isinstance(value, (int, float)) or value <= 0:
            fail(f"ok, but value {value!r} {test.get('unit')!r} is not a positive GFLOP/s")
        details = test.get("details")  # optional: only hosts with ABI 1.1 record them
        if isinstance(details, dict) and "isa" in details:
            expected = "avx512" if "avx512f" in flags else "avx2"
            if details["isa"] != expected:
                fail(f"isa=auto chose {details['isa']!r} on a CPU whose best is {expected!r}")
    elif status == "skipped":
        if capable:
            fail(f"skipped on a CPU with AVX2+FMA or AVX-512: {test.get('error')!r}")
        if not test.get("error"):
            fail("skipped without a reason")
    else:
        fail(f"status {status!r}: {test.get('error')!r}")

    try:
        root = ET.parse(report_path).getroot()
    except ET.ParseError as e:
        fail(f"{report_path} is not well-formed XML: {e}")
    if root.tag != "testsuites" or root.get("name") != "bytebench":
        fail(f"root element <{root.tag} name={root.get('name')!r}>, not <testsuites name='bytebench'>")
    skipped = "1" if status == "skipped" else "0"
    expected_counts = {"tests": "1", "failures": "0", "errors": "0", "skipped": skipped}
    for key, want in expected_counts.items():
        if root.get(key) != want:
            fail(f"<testsuites {key}={root.get(key)!r}>, expected {want!r}")
    suites = root.findall("testsuite")
    if len(suites) != 1:
        fail(f"{len(suites)} <testsuite> elements, expected 1")
    suite = suites[0]
    if suite.get("name") != "bytebench: 1 copy" or suite.get("tests") != "1":
        fail(f"testsuite name={suite.get('name')!r} tests={suite.get('tests')!r}")
    if suite.get("hostname") != result["system"]["hostname"]:
        fail(f"testsuite hostname {suite.get('hostname')!r}")
    cases = suite.findall("testcase")
    if len(cases) != 1:
        fail(f"{len(cases)} <testcase> elements, expected 1")
    case = cases[0]
    if case.get("classname") != "bytebench.cpu" or case.get("name") != "example.fma-throughput: FMA throughput":
        fail(f"testcase classname={case.get('classname')!r} name={case.get('name')!r}")
    if float(case.get("time", "-1")) < 0:
        fail(f"testcase time {case.get('time')!r}")
    properties = {p.get("name"): p.get("value") for p in case.iter("property")}
    if status == "ok":
        if case.find("error") is not None or case.find("skipped") is not None:
            fail("an ok test is reported as error or skipped")
        if abs(float(properties.get("value", "nan")) - test["value"]) > 1e-9 * test["value"]:
            fail(f"property value {properties.get('value')!r}, result {test['value']!r}")
        if properties.get("unit") != "GFLOP/s":
            fail(f"property unit {properties.get('unit')!r}")
    else:
        skip = case.find("skipped")
        if skip is None or skip.get("message") != test["error"]:
            fail("the skipped test has no <skipped message=...> with its reason")
    print(f"check_vendor_run: {status}, {test.get('value', test.get('error'))}; report ok")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: check_vendor_run.py RESULT.json REPORT.xml")
    main(sys.argv[1], sys.argv[2])
