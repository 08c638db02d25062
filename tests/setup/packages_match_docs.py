#!/usr/bin/env python3
"""The packages and locales the Makefile installs are the ones docs/testing.md lists.

Asks make itself (`make deps DEPS_LIST=1`, `make test-deps DEPS_LIST=1`:
the lists `cmake/debian-deps.sh` would install, fully expanded, changing
nothing) and compares them with the fenced blocks `packages-run`,
`locales-run`, `packages-test` and `locales-test` of docs/testing.md. The
Makefile once expanded its graphics packages before defining them, so a
fresh machine never installed Xvfb: make's own expansion is what is checked,
not the Makefile's text. Also checks that the packages the graphics tests
name in their skip reasons and docs are in `make run`'s list.

    packages_match_docs.py --source SRC
"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

# What a user's `bytebench run graphics` needs at run time (docs/graphics.md).
GRAPHICS_RUNTIME = {"xvfb", "x11-apps", "xfonts-base", "libgl1-mesa-dri", "libglx-mesa0"}


def make_lists(source, target):
    """{"packages": set, "locales": set} as `make TARGET DEPS_LIST=1` prints them."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(source), target,
                          "DEPS_LIST=1"], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise SystemExit(f"make {target} DEPS_LIST=1 failed ({out.returncode}): {out.stderr.strip()}")
    lists = {}
    for line in out.stdout.splitlines():
        key, _, value = line.partition(": ")
        if key in ("packages", "locales"):
            lists[key] = set(value.split())
    if set(lists) != {"packages", "locales"}:
        raise SystemExit(f"make {target} DEPS_LIST=1 printed no packages/locales lines:\n{out.stdout}")
    return lists


def doc_blocks(path):
    """The words of each fenced block whose info string is one of ours."""
    text = Path(path).read_text()
    blocks = {}
    for m in re.finditer(r"^```(packages|locales)-(run|test)\n(.*?)^```", text, re.S | re.M):
        blocks[f"{m.group(1)}-{m.group(2)}"] = set(m.group(3).split())
    return blocks


def differences(name, made, documented):
    lines = []
    if made - documented:
        lines.append(f"{name}: the Makefile installs, the docs do not list: {' '.join(sorted(made - documented))}")
    if documented - made:
        lines.append(f"{name}: the docs list, the Makefile does not install: {' '.join(sorted(documented - made))}")
    return lines


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True)
    args = parser.parse_args(argv)
    source = Path(args.source)
    docs = doc_blocks(source / "docs" / "testing.md")
    for key in ("packages-run", "locales-run", "packages-test", "locales-test"):
        if key not in docs:
            print(f"docs/testing.md has no ```{key} block", file=sys.stderr)
            return 1
    run = make_lists(source, "deps")
    test = make_lists(source, "test-deps")
    problems = []
    problems += differences("make run packages", run["packages"], docs["packages-run"])
    problems += differences("make run locales", run["locales"], docs["locales-run"])
    problems += differences("make test packages", test["packages"],
                            docs["packages-run"] | docs["packages-test"])
    problems += differences("make test locales", test["locales"],
                            docs["locales-run"] | docs["locales-test"])
    missing = GRAPHICS_RUNTIME - run["packages"]
    if missing:
        problems.append(f"make run does not install what the graphics tests run on: {' '.join(sorted(missing))}")
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f"make run: {len(run['packages'])} packages, locales {' '.join(sorted(run['locales']))}; "
              f"make test: {len(test['packages'])} packages, locales {' '.join(sorted(test['locales']))}; "
              f"as docs/testing.md lists them")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
