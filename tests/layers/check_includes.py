#!/usr/bin/env python3
"""Checks that every #include in the tree points down the core's layers.

The layers and what each may use come from the build (core/CMakeLists.txt
writes them to <build>/core-layers.txt, one line per layer or program:
"exec: base;model;system;process;plugins"). A file in core/<layer>/ may
include "<other>/file.h" only when <other> is its own layer or one it
depends on, directly or through others; the unit tests in
tests/unit/<layer>/ follow the same rule as the layer they test. First-party
reporters may use base/ and nothing else of the core; workload plugins and
the SDK use nothing of the core. Includes that climb out of a folder ("../")
are refused everywhere in core/.

Prints one line per wrong include (file:line: what, and what is allowed) and
exits 1, or prints a count and exits 0.

  check_includes.py --manifest build/core-layers.txt --source .
"""
import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCES = ('.h', '.hpp', '.c', '.cpp')


def read_manifest(path):
    direct = {}
    for line in pathlib.Path(path).read_text().splitlines():
        if not line.strip():
            continue
        name, _, deps = line.partition(':')
        direct[name.strip()] = [d for d in re.split(r'[;\s]+', deps.strip()) if d]
    return direct


def closure(direct):
    """Each layer with every layer it may use (itself included)."""
    allowed = {}

    def visit(name, seen=()):
        if name in seen:
            raise SystemExit(f'core-layers: a cycle through {name}')
        if name not in allowed:
            below = {name}
            for dep in direct.get(name, []):
                below |= visit(dep, seen + (name,))
            allowed[name] = below
        return allowed[name]

    for name in direct:
        visit(name)
    return allowed


def includes(path):
    for number, line in enumerate(path.read_text(errors='replace').splitlines(), 1):
        match = INCLUDE.match(line)
        if match:
            yield number, match.group(1)


def files_under(folder):
    return sorted(p for p in folder.rglob('*') if p.suffix in SOURCES and p.is_file())


def check(source, allowed):
    layers = set(allowed)
    problems, checked = [], 0

    def judge(path, owner, may_use):
        nonlocal checked
        for number, target in includes(path):
            checked += 1
            where = f'{path.relative_to(source)}:{number}'
            first = target.split('/')[0]
            if target.startswith('../'):
                problems.append(f'{where}: "{target}" climbs out of its folder; '
                                f'include core headers as "<layer>/<file>.h"')
            elif '/' in target and first in layers and first not in may_use:
                uses = ', '.join(sorted(may_use - {owner})) or 'nothing of the core'
                problems.append(f'{where}: {owner} includes {target} from {first}, '
                                f'which is not below it ({owner} may use: {uses})')

    core = source / 'core'
    for folder in sorted(p for p in core.iterdir() if p.is_dir()):
        if folder.name not in allowed:
            problems.append(f'core/{folder.name}/: a folder the build does not know as a layer')
            continue
        for path in files_under(folder):
            judge(path, folder.name, allowed[folder.name])
    unit = source / 'tests' / 'unit'
    if unit.is_dir():
        for folder in sorted(p for p in unit.iterdir() if p.is_dir()):
            if folder.name in allowed:
                for path in files_under(folder):
                    judge(path, folder.name, allowed[folder.name])
    outside = {'reporters': {'base'}, 'plugins': set(), 'sdk': set()}
    for top, may_use in outside.items():
        folder = source / top
        if folder.is_dir():
            for path in files_under(folder):
                judge(path, top, may_use | {top})
    return problems, checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--manifest', required=True, help='<build>/core-layers.txt')
    parser.add_argument('--source', required=True, help='the source tree')
    args = parser.parse_args()
    allowed = closure(read_manifest(args.manifest))
    problems, checked = check(pathlib.Path(args.source).resolve(), allowed)
    for line in problems:
        print(line)
    if problems:
        print(f'{len(problems)} include(s) point the wrong way', file=sys.stderr)
        return 1
    print(f'{checked} includes checked: every one points down the layers')
    return 0


if __name__ == '__main__':
    sys.exit(main())
