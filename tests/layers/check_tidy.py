#!/usr/bin/env python3
"""clang-tidy over every .cpp of core/ and reporters/, failing on any finding.

The checks are the repository's .clang-tidy (the function-size rule: no
function over 80 lines without a comment saying why; CONTRIBUTING.md). The
files are found by pattern, so a file added later is checked too; each must
be in the build's compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS), whose
flags clang-tidy parses it with. Prints the findings as clang-tidy writes
them, then the count and the seconds taken.

--self-check runs the same clang-tidy and configuration on a generated file:
a 90-line function must be reported; one at the limit, and a long one under
NOLINTNEXTLINE(readability-function-size), must not.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

FOLDERS = ("core", "reporters")
FINDING = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: (?:warning|error): .*$", re.M)
SIZE_NOTE = re.compile(r"note: (\d+ lines including whitespace and comments \(threshold \d+\))")
# GCC's flags in compile_commands.json that clang does not know (the
# sanitizer build's -Wno-maybe-uninitialized) are not findings.
EXTRA_ARGS = ["--extra-arg=-Wno-unknown-warning-option"]


def sources(root):
    """Every .cpp under core/ and reporters/, repository-relative, sorted."""
    found = []
    for folder in FOLDERS:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            found += [os.path.relpath(os.path.join(dirpath, f), root)
                      for f in files if f.endswith(".cpp")]
    return sorted(found)


UNITY_MEMBER = re.compile(r'^#include "(.+\.(?:cpp|cc|c))"$', re.M)


def compile_database(build):
    """The build's compile commands by source file. A unity build (the
    reporters') compiles its members inside generated files; each member
    gets its unity file's command, so that it is checked as itself."""
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"{path}: {e} (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)")
    database = {}
    for entry in entries:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        database[source] = entry
        if "/Unity/unity_" not in source:
            continue
        with open(source, encoding="utf-8") as f:
            for member in UNITY_MEMBER.findall(f.read()):
                database.setdefault(os.path.realpath(member), dict(
                    entry, file=member, command=entry["command"].replace(entry["file"], member)))
    return database


def tidy(clang_tidy, config, build, path):
    """clang-tidy on one file: (its findings, its output when it failed)."""
    run = subprocess.run([clang_tidy, "--quiet", f"--config-file={config}", "-p", build,
                          *EXTRA_ARGS, path], capture_output=True, text=True)
    findings = []
    noted = False  # the note of the last finding is added (it repeats)
    for line in run.stdout.splitlines():
        note = SIZE_NOTE.search(line)
        if FINDING.match(line):
            findings.append(line)
            noted = False
        elif findings and note and not noted:
            findings[-1] += f" ({note.group(1)})"  # what was counted
            noted = True
    failed = run.returncode != 0 and not findings
    return findings, (run.stdout + run.stderr).strip() if failed else ""


def run_all(clang_tidy, config, build, paths, jobs):
    """Every file, `jobs` at a time (one clang-tidy each: parsing is all its
    time, and one file per process keeps the two cores busy to the end)."""
    findings, failures = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(lambda p: (p, tidy(clang_tidy, config, build, p)), paths)
        for path, (found, failure) in results:
            findings += found
            if failure:
                failures.append(f"{path}: clang-tidy failed: {failure.splitlines()[-1]}")
    return findings, failures


def long_function(name, body_lines, nolint=False):
    """A function whose body spans `body_lines` lines from { to } as
    clang-tidy counts them (the closing brace's line minus the opening's)."""
    lines = [f"// NOLINTNEXTLINE(readability-function-size): planted"] if nolint else []
    lines.append(f"int {name}(int x) {{")
    lines += ["    x += 1;"] * (body_lines - 1)
    lines.append("    return x; }")
    return "\n".join(lines) + "\n"


def self_check(clang_tidy, config):
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "planted.cpp")
        with open(source, "w", encoding="utf-8") as f:
            f.write(long_function("planted_long", 90) + long_function("at_the_limit", 80) +
                    long_function("long_with_a_reason", 90, nolint=True))
        with open(os.path.join(tmp, "compile_commands.json"), "w", encoding="utf-8") as f:
            json.dump([{"directory": tmp, "file": source,
                        "command": f"c++ -std=c++17 -c {source}"}], f)
        findings, failures = run_all(clang_tidy, config, tmp, [source], 1)
    for line in findings + failures:
        print(line)
    problems = failures[:]
    if not any("planted_long" in f and "readability-function-size" in f for f in findings):
        problems.append("self-check: the 90-line function planted_long was not reported")
    for quiet in ("at_the_limit", "long_with_a_reason"):
        if any(quiet in f for f in findings):
            problems.append(f"self-check: {quiet} was reported, and should not be")
    for p in problems:
        print(p)
    if not problems:
        print("self-check: the 90-line function is reported; 80 lines and NOLINT are not")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, help="the repository")
    parser.add_argument("--build", help="the build folder, with compile_commands.json")
    parser.add_argument("--clang-tidy", default="clang-tidy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--self-check", action="store_true")
    args = parser.parse_args()
    root = os.path.abspath(args.source)
    config = os.path.join(root, ".clang-tidy")
    if args.self_check:
        return self_check(args.clang_tidy, config)
    if not args.build:
        parser.error("--build is needed (or --self-check)")
    started = time.monotonic()
    paths = sources(root)
    database = compile_database(args.build)
    missing = [p for p in paths if os.path.realpath(os.path.join(root, p)) not in database]
    for p in missing:
        print(f"{p}: not in {args.build}/compile_commands.json: is it built?")
    checked = [os.path.join(root, p) for p in paths if p not in missing]
    with tempfile.TemporaryDirectory() as tmp:
        # The commands of exactly the files checked, unity members included.
        with open(os.path.join(tmp, "compile_commands.json"), "w", encoding="utf-8") as f:
            json.dump([database[os.path.realpath(p)] for p in checked], f)
        findings, failures = run_all(args.clang_tidy, config, tmp, checked, args.jobs)
    for line in findings + failures:
        print(line.replace(root + os.sep, ""))
    print(f"{len(findings)} finding(s), {len(failures) + len(missing)} file(s) not checked; "
          f"{len(checked)} files of {', '.join(f + '/' for f in FOLDERS)} in "
          f"{time.monotonic() - started:.0f} s with {args.jobs} jobs")
    return 1 if findings or failures or missing else 0


if __name__ == "__main__":
    sys.exit(main())
