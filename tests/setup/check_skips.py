#!/usr/bin/env python3
"""The skip gate of `make test`: a test that skipped fails its stage unless
tests/setup/allowed_skips.toml allows that skip, with a reason, for that
stage.

A skip hides a broken promise when its cause is something `make test` is
meant to provide (a package, a tool, a display, a locale): the graphics
tests once skipped on every fresh machine because the Makefile never
installed Xvfb, and CI stayed green. The allowed list holds only causes
`make test` cannot change (the kernel, the emulator, the user it runs as).

Reads the JUnit file ctest wrote (`ctest --output-junit FILE`), prints the
count of skips and each skip with the entry that allows it, and exits 1
when a skip is not allowed (0 otherwise; the stage's own failures are
ctest's exit code, not this script's).

    check_skips.py --stage tests build/ctest-junit.xml
"""
import argparse
import re
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

DEFAULT_ALLOWED = Path(__file__).with_name("allowed_skips.toml")


def skip_reason(output):
    """What the test said about its skip, as one line.

    GoogleTest prints `file:line: Skipped`, the message, then `[  SKIPPED ]`;
    a script that exits 77 says why in its last line of output.
    """
    lines = [line.strip() for line in output.splitlines()]
    for i, line in enumerate(lines):
        if line.endswith(": Skipped"):
            message = []
            for rest in lines[i + 1:]:
                if rest.startswith("[  SKIPPED ]"):
                    break
                if rest:
                    message.append(rest)
            return " ".join(message) or "(no reason given)"
    said = [line for line in lines if line]
    return said[-1] if said else "(no reason given)"


def read_skips(junit_path):
    """(test name, reason) of every test the JUnit file marks skipped."""
    root = ET.parse(junit_path).getroot()
    skips = []
    for case in root.iter("testcase"):
        if case.find("skipped") is None:
            continue
        out = case.find("system-out")
        skips.append((case.get("name", ""), skip_reason(out.text or "" if out is not None else "")))
    return skips


def read_allowed(path):
    """The entries of the allowed list, each checked for its keys."""
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    entries = doc.get("allow", [])
    for n, entry in enumerate(entries, 1):
        for key in ("stages", "test", "reason", "why"):
            if key not in entry:
                raise SystemExit(f"{path}: entry {n} has no '{key}'")
        for key in ("test", "reason"):
            try:
                re.compile(entry[key])
            except re.error as e:
                raise SystemExit(f"{path}: entry {n}: {key} is not a regular expression: {e}")
    return entries


def allowing_entry(entries, stage, test, reason):
    """The first entry that allows this skip in this stage, or None."""
    for entry in entries:
        if (stage in entry["stages"] or "all" in entry["stages"]) \
                and re.search(entry["test"], test) and re.search(entry["reason"], reason):
            return entry
    return None


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("junit", help="the file of ctest --output-junit")
    parser.add_argument("--stage", required=True, help="tests, asan, fuzz or arm64")
    parser.add_argument("--allowed", default=str(DEFAULT_ALLOWED))
    args = parser.parse_args(argv)

    entries = read_allowed(args.allowed)
    try:
        skips = read_skips(args.junit)
    except (OSError, ET.ParseError) as e:
        print(f"skips: cannot read {args.junit}: {e}", file=sys.stderr)
        return 1
    refused = []
    held = [e for e in entries if args.stage in e["stages"] or "all" in e["stages"]]
    print(f"skips allowed in stage {args.stage} ({args.allowed}):")
    for entry in held:
        print(f"  {entry['test']} / {entry['reason']}: {entry['why']}")
    print(f"skips in stage {args.stage}: {len(skips)}")
    for test, reason in skips:
        entry = allowing_entry(entries, args.stage, test, reason)
        if entry is None:
            refused.append((test, reason))
            print(f"  NOT ALLOWED  {test}: {reason}")
        else:
            print(f"  allowed      {test}: {reason}  ({entry['why']})")
    if refused:
        print(f"skips: {len(refused)} of them not allowed in stage {args.stage}: make test is meant "
              f"to provide what they lacked; fix the set-up, or add the skip with its reason to "
              f"{args.allowed} if nothing `make test` does can provide it", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
