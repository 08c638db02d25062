#!/usr/bin/env python3
"""clang-tidy over every .cpp of core/ and reporters/, failing on any finding.

The checks are the repository's .clang-tidy (the function-size rule: no
function over 80 lines without a comment saying why; CONTRIBUTING.md). The
files are found by pattern, so a file added later is checked too; each must
be in the build's compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS), whose
flags clang-tidy parses it with.

Parsing is all of clang-tidy's time (3 to 7 s for a file that includes
nlohmann/json.hpp or spdlog), so the files are checked as unity builds
are compiled: up to eight files of one target in one translation unit, whose
headers are then parsed once, with --header-filter reporting what is found
in the .cpp files it includes. The reporters are unity builds already: their
own unity files are used. Should a batch not parse (two files that do not
go together), its files are checked one by one.

Prints the findings as clang-tidy writes them, then the count and the seconds
taken. --self-check runs the same clang-tidy and configuration on a
generated file: a 90-line function must be reported; one at the limit, and
a long one under NOLINTNEXTLINE(readability-function-size), must not.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FOLDERS = ("core", "reporters")
BATCH = 8  # CMake's UNITY_BUILD_BATCH_SIZE, with which these files are known to build
FINDING = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: (?:warning|error): .*$")
SIZE_NOTE = re.compile(r"note: (\d+ lines including whitespace and comments \(threshold \d+\))")
UNITY_MEMBER = re.compile(r'^#include "(.+\.(?:cpp|cc|c))"$', re.M)
OBJECT_DIR = re.compile(r"-o (\S*CMakeFiles/[^/ ]+\.dir)/")
# Compiler warnings are GCC's job (-Werror in the build); clang's own, made
# errors by the build's -Werror, would stop the parse. Flags of GCC's that
# clang does not know are not findings either.
EXTRA_ARGS = ["--extra-arg=-Wno-error", "--extra-arg=-Wno-unknown-warning-option"]


def sources(root):
    """Every .cpp under core/ and reporters/, absolute, sorted."""
    found = []
    for folder in FOLDERS:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            found += [os.path.join(dirpath, f) for f in files if f.endswith(".cpp")]
    return sorted(found)


def compile_entries(build):
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"{path}: {e} (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)")


def unity_members(path):
    with open(path, encoding="utf-8") as f:
        return [os.path.realpath(m) for m in UNITY_MEMBER.findall(f.read())]


def batches(entries, wanted, tmp):
    """The translation units to check, each (compile entry, [member files]):
    the build's unity files that include wanted files, and batches of up to
    BATCH wanted files of one target written to `tmp`."""
    units, by_target = [], {}
    for entry in entries:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        if "/Unity/unity_" in source:
            members = [m for m in unity_members(source) if m in wanted]
            if members:
                units.append((entry, members))
        elif source in wanted:
            target = OBJECT_DIR.search(entry["command"])
            key = (target.group(1) if target else source, entry["directory"])
            by_target.setdefault(key, []).append((source, entry))
    for number, files in enumerate(by_target.values()):
        for at in range(0, len(files), BATCH):
            chunk = files[at:at + BATCH]
            if len(chunk) == 1:
                units.append((chunk[0][1], [chunk[0][0]]))
                continue
            unit = os.path.join(tmp, f"batch_{number}_{at // BATCH}.cpp")
            with open(unit, "w", encoding="utf-8") as f:
                f.writelines(f'#include "{source}"\n' for source, _ in chunk)
            first = chunk[0][1]
            units.append((dict(first, file=unit,
                               command=first["command"].replace(first["file"], unit)),
                          [source for source, _ in chunk]))
    return units


def tidy(clang_tidy, config, database_dir, path, header_filter):
    """clang-tidy on one translation unit: (findings, whether it parsed,
    its output). It exits 0 with findings that are warnings; not 0 when the
    file did not parse (or clang-tidy failed)."""
    run = subprocess.run([clang_tidy, "--quiet", f"--config-file={config}", "-p", database_dir,
                          f"--header-filter={header_filter}", *EXTRA_ARGS, path],
                         capture_output=True, text=True)
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
    return findings, run.returncode == 0, (run.stdout + run.stderr).strip()


def write_database(folder, entries):
    with open(os.path.join(folder, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(entries, f)


def check_unit(clang_tidy, config, tmp, number, entry, members):
    """One translation unit; one by one when a batch does not parse."""
    folder = os.path.join(tmp, f"db{number}")
    os.makedirs(folder)
    write_database(folder, [entry])
    only_members = "^(" + "|".join(re.escape(m) for m in members) + ")$"
    findings, parsed, output = tidy(clang_tidy, config, folder, entry["file"], only_members)
    if parsed or len(members) == 1:
        last = output.splitlines()[-1] if output else "no output"
        failure = "" if parsed else f"{members[0]}: clang-tidy failed: {last}"
        return findings, [failure] if failure else []
    findings, failures = [], []
    for at, member in enumerate(members):
        alone = dict(entry, file=member, command=entry["command"].replace(entry["file"], member))
        found, failed = check_unit(clang_tidy, config, tmp, f"{number}_{at}", alone, [member])
        findings += found
        failures += failed
    return findings, failures


def run_all(clang_tidy, config, units, jobs, tmp):
    findings, failures = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        # The largest first, so that no long one starts last.
        order = sorted(range(len(units)), key=lambda i: -len(units[i][1]))
        results = pool.map(lambda i: check_unit(clang_tidy, config, tmp, i, *units[i]), order)
        for found, failed in results:
            findings += found
            failures += failed
    return sorted(set(findings)), failures


def long_function(name, body_lines, nolint=False):
    """A function whose body spans `body_lines` lines from { to } as
    clang-tidy counts them (the closing brace's line minus the opening's)."""
    lines = ["// NOLINTNEXTLINE(readability-function-size): planted"] if nolint else []
    lines.append(f"int {name}(int x) {{")
    lines += ["    x += 1;"] * (body_lines - 1)
    lines.append("    return x; }")
    return "\n".join(lines) + "\n"


def self_check(clang_tidy, config):
    with tempfile.TemporaryDirectory() as tmp:
        planted = os.path.join(tmp, "planted.cpp")
        with open(planted, "w", encoding="utf-8") as f:
            f.write(long_function("planted_long", 90) + long_function("at_the_limit", 80) +
                    long_function("long_with_a_reason", 90, nolint=True))
        # A batch of two files, as the real check makes them.
        other = os.path.join(tmp, "other.cpp")
        with open(other, "w", encoding="utf-8") as f:
            f.write(long_function("other_long", 85))
        entries = [{"directory": tmp, "file": source,
                    "command": f"c++ -std=c++17 -o CMakeFiles/planted.dir/{n}.o -c {source}"}
                   for n, source in enumerate((planted, other))]
        units = batches(entries, {planted, other}, tmp)
        findings, failures = run_all(clang_tidy, config, units, 1, tmp)
    for line in findings + failures:
        print(line)
    problems = failures[:]
    for long_one in ("planted_long", "other_long"):
        if not any(long_one in f and "readability-function-size" in f for f in findings):
            problems.append(f"self-check: the long function {long_one} was not reported")
    for quiet in ("at_the_limit", "long_with_a_reason"):
        if any(quiet in f for f in findings):
            problems.append(f"self-check: {quiet} was reported, and should not be")
    for p in problems:
        print(p)
    if not problems:
        print("self-check: functions of 85 and 90 lines are reported; 80 lines and NOLINT are not")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, help="the repository")
    parser.add_argument("--build", help="the build folder, with compile_commands.json")
    parser.add_argument("--clang-tidy", default="clang-tidy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--self-check", action="store_true")
    args = parser.parse_args()
    if shutil.which(args.clang_tidy) is None:
        sys.exit(f"{args.clang_tidy}: not found; install Debian's clang-tidy")
    root = os.path.realpath(args.source)
    config = os.path.join(root, ".clang-tidy")
    if args.self_check:
        return self_check(args.clang_tidy, config)
    if not args.build:
        parser.error("--build is needed (or --self-check)")
    started = time.monotonic()
    wanted = set(sources(root))
    with tempfile.TemporaryDirectory() as tmp:
        units = batches(compile_entries(args.build), wanted, tmp)
        covered = {m for _, members in units for m in members}
        missing = sorted(wanted - covered)
        for p in missing:
            print(f"{os.path.relpath(p, root)}: not in {args.build}/compile_commands.json: "
                  "is it built?")
        findings, failures = run_all(args.clang_tidy, config, units, args.jobs, tmp)
    for line in findings + failures:
        print(line.replace(root + os.sep, ""))
    print(f"{len(findings)} finding(s), {len(failures) + len(missing)} file(s) not checked; "
          f"{len(covered)} files of {', '.join(f + '/' for f in FOLDERS)} in {len(units)} "
          f"translation units, {time.monotonic() - started:.0f} s with {args.jobs} jobs")
    return 1 if findings or failures or missing else 0


if __name__ == "__main__":
    sys.exit(main())
