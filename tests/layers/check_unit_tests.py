#!/usr/bin/env python3
"""Every module of the core has a unit test of the same stem.

core/<layer>/<module>.cpp needs tests/unit/<layer>/<module>_test.cpp, unless
tests/layers/untested_modules.toml names the file (or its folder) with why.
Prints each module without either, and each allow-list entry that names
nothing or a module that has its test now (so the list only shrinks), then
fails if there was any.

--self-check runs the same check on a generated tree with one untested
module, one tested, one allowed and one stale entry, and fails unless
exactly the untested module and the stale entry are reported.
"""

import argparse
import os
import sys
import tempfile
import tomllib


def modules(root):
    """core/<layer>/<module>.cpp, repository-relative, sorted."""
    core = os.path.join(root, "core")
    found = []
    for layer in sorted(os.listdir(core)):
        folder = os.path.join(core, layer)
        if os.path.isdir(folder):
            found += [f"core/{layer}/{f}" for f in sorted(os.listdir(folder)) if f.endswith(".cpp")]
    return found


def test_of(module):
    _, layer, name = module.split("/")
    return f"tests/unit/{layer}/{name[:-len('.cpp')]}_test.cpp"


def read_allowed(path):
    with open(path, "rb") as f:
        entries = tomllib.load(f).get("untested", [])
    for e in entries:
        if not e.get("path") or not e.get("why", "").strip():
            sys.exit(f"{path}: every [[untested]] entry needs a path and a why: {e}")
    return [e["path"] for e in entries]


def check(root, allowed):
    """The findings: untested modules, and entries that allow nothing."""
    findings = []
    used = set()
    for module in modules(root):
        if os.path.exists(os.path.join(root, test_of(module))):
            continue
        entry = next((a for a in allowed if module == a or
                      (a.endswith("/") and module.startswith(a))), None)
        if entry is None:
            findings.append(f"{module}: no {test_of(module)}, and not in the allow-list")
        else:
            used.add(entry)
    for entry in allowed:
        if entry not in used:
            findings.append(f"allow-list entry {entry}: every module it names has its test, "
                            "or there is none: remove the entry")
    return findings


def self_check():
    with tempfile.TemporaryDirectory() as root:
        for path in ("core/base/tested.cpp", "core/base/untested.cpp", "core/cli/main.cpp",
                     "core/model/allowed.cpp", "core/model/stale.cpp",
                     "tests/unit/base/tested_test.cpp", "tests/unit/model/stale_test.cpp"):
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            open(os.path.join(root, path), "w").close()
        findings = check(root, ["core/cli/", "core/model/allowed.cpp", "core/model/stale.cpp"])
    for f in findings:
        print("planted:", f)
    expected = ["core/base/untested.cpp: no tests/unit/base/untested_test.cpp",
                "allow-list entry core/model/stale.cpp"]
    if len(findings) != len(expected) or not all(
            any(f.startswith(e) for f in findings) for e in expected):
        print(f"self-check: expected exactly {expected}")
        return 1
    print("self-check: the untested module and the stale entry are found, nothing else")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help="the repository")
    parser.add_argument("--self-check", action="store_true")
    args = parser.parse_args()
    if args.self_check:
        return self_check()
    if not args.source:
        parser.error("--source is needed (or --self-check)")
    allow_list = os.path.join(args.source, "tests", "layers", "untested_modules.toml")
    findings = check(args.source, read_allowed(allow_list))
    for f in findings:
        print(f)
    print(f"{len(findings)} finding(s); {len(modules(args.source))} modules in core/, "
          f"allow-list {os.path.relpath(allow_list, args.source)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
