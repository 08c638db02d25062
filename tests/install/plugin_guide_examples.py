#!/usr/bin/env python3
"""Builds and runs the code of docs/plugin-guide.md as a reader would.

Every fenced block whose first line names a file (`// getppid.cpp`,
`/* c_loop.c */`, `# CMakeLists.txt`) is written to that file; the project is
built against an installed bytebench (a fresh `cmake --install` of the build)
and its workloads and reporters are run through the installed CLI.

usage: plugin_guide_examples.py GUIDE BUILD_DIR WORK_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

NAMED = re.compile(r"^(?://|/\*|#)\s*([A-Za-z0-9_.]+\.(?:c|cpp|txt))\b")


def blocks(markdown):
    """(file name, text) of each fenced block that starts with a file name."""
    for match in re.finditer(r"```[a-z]*\n(.*?)```", markdown, re.S):
        text = match.group(1)
        named = NAMED.match(text.splitlines()[0]) if text.strip() else None
        if named:
            yield named.group(1), text


def run(*args, **kwargs):
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done.stdout


def main():
    guide, build_dir, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    project, prefix = os.path.join(work, "project"), os.path.join(work, "prefix")
    os.makedirs(project)
    with open(guide, encoding="utf-8") as f:
        files = dict(blocks(f.read()))
    expected = {"getppid.cpp", "c_loop.c", "lines.cpp", "raw.c", "CMakeLists.txt"}
    if set(files) != expected:
        sys.exit(f"the guide's named code blocks are {sorted(files)}, expected {sorted(expected)}")
    for name, text in files.items():
        with open(os.path.join(project, name), "w", encoding="utf-8") as f:
            f.write(text)

    run("cmake", "--install", build_dir, "--prefix", prefix)
    build = os.path.join(work, "build")
    # No CMAKE_BUILD_TYPE, as in the quick start: bytebench_add_plugin()
    # builds the plugins with the Release flags and says so.
    configured = run("cmake", "-S", project, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}",
                     "-DCMAKE_C_FLAGS=-Wall -Wextra -Werror",
                     "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Werror")
    if "bytebench: CMAKE_BUILD_TYPE is not set: plugins are built with the Release" not in configured:
        sys.exit(f"configuring without a build type did not say so:\n{configured}")
    run("cmake", "--build", build)

    bytebench = os.path.join(prefix, "bin", "bytebench")
    results = os.path.join(work, "results")
    report = run(bytebench, "--no-history", "--plugin-path", build, "run", "example.getppid",
                 "example.c_loop", "-i", "1", "--duration", "0.2", "--settle", "0", "-c", "1",
                 "-q", "-o", results, "--format", "json", "--format", "lines", "--format", "raw")
    # With --format json and no text report, standard output is the run's
    # summary (docs/cli-json.md, bytebench.run/1).
    try:
        summary = json.loads(report)
    except json.JSONDecodeError:
        sys.exit(f"run --format json printed no JSON summary:\n{report}")
    if summary.get("schema") != "bytebench.run/1" or summary.get("tests", {}).get("ok") != 2:
        sys.exit(f"the run's summary does not count two tests ok:\n{report}")
    names = sorted(os.listdir(results))
    base = [n[:-len(".json")] for n in names if n.endswith(".json") and n.count(".") == 1]
    if len(base) != 1:
        sys.exit(f"expected one result file in {results}: {names}")
    path = lambda ext: os.path.join(results, base[0] + ext)
    with open(path(".json"), encoding="utf-8") as f:
        doc = json.load(f)
    tests = {t["id"]: t for t in doc["runs"][0]["tests"]}
    for test in ("example.getppid", "example.c_loop"):
        if tests[test]["status"] != "ok" or not tests[test]["value"] > 0:
            sys.exit(f"{test}: {tests[test]}")
    if tests["example.c_loop"].get("details") != {"counter": "volatile uint64_t"}:
        sys.exit(f"the C workload's detail is missing: {tests['example.c_loop']}")
    # Both record the flags they were built with: the project's, and the
    # Release flags bytebench_add_plugin() gave them (no build type).
    for test in ("example.getppid", "example.c_loop"):
        build_info = tests[test].get("build", "")
        if not re.fullmatch(r"(gcc|clang) \S+( .*)? -Wall -Wextra -Werror .*-O[23s]\b.*", build_info):
            sys.exit(f"{test} records its build as {build_info!r}")
    with open(path(".txt"), encoding="utf-8") as f:
        lines = f.read()
    if not re.search(r"^1 example\.c_loop ok [0-9.e+]+$", lines, re.M):
        sys.exit(f"the C++ reporter wrote:\n{lines}")
    # The C reporter's extension is the result's own: its report goes beside
    # the result, not over it.
    with open(path(".raw.json"), encoding="utf-8") as f:
        raw = json.load(f)
        raw.pop("render", None)  # the report options the host adds for reporters
        if raw != doc:
            sys.exit("the C reporter did not write the result document unchanged")
    print("the guide's plugins built and ran:", ", ".join(sorted(files)))


if __name__ == "__main__":
    main()
