#!/usr/bin/env python3
"""Times a fresh clone's `make test`, stage by stage, for one or more revisions.

For each revision: `git clone` of this repository into a scratch folder, then
its `make test`, timed step by step (each step begins where make echoes its
command: the configure and build of build/, its ctest, and the same for
build-asan/ and build-fuzz/), and a table of wall seconds per step.
Revisions are measured one after another, never at once: run it on an
otherwise idle machine, and alternate (`A B A B`) to see the machine's drift.
The Debian packages must be installed already (`make deps` and the test
packages), so that apt's time is not counted.

  bench/ci_stages.py df41aa5 HEAD            # docs/testing.md, "Measured"
  bench/ci_stages.py --keep /tmp/ci HEAD     # keep the clones and their logs
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# `make test` echoes each recipe line before it runs it: these mark where
# its steps begin (the Makefile's own commands, so this script never
# restates their flags).
STEP_MARKERS = [('build', re.compile(r'^cmake -S \. -B build ')),
                ('ctest', re.compile(r'^cd build && ctest')),
                ('asan build', re.compile(r'^cmake -S \. -B build-asan ')),
                ('asan ctest', re.compile(r'^cd build-asan && ')),
                ('fuzz build', re.compile(r'^cmake -S \. -B build-fuzz ')),
                ('fuzz ctest', re.compile(r'^cd build-fuzz && '))]
COLUMNS = ['deps'] + [name for name, _ in STEP_MARKERS] + ['total']


def timed_make_test(cwd, log_path):
    """Runs `make test` in cwd; returns ({step: seconds}, rc), each step from
    its marker line to the next (deps: from the start to the first)."""
    start = time.monotonic()
    marks = [('deps', start)]
    with open(log_path, 'w') as log:
        make = subprocess.Popen(['make', '--no-print-directory', 'test'], cwd=cwd, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                errors='replace')
        for line in make.stdout:
            log.write(line)
            for name, marker in STEP_MARKERS:
                if marker.match(line) and name not in dict(marks):
                    marks.append((name, time.monotonic()))
        rc = make.wait()
    end = time.monotonic()
    seconds = {}
    for (name, at), (_, next_at) in zip(marks, marks[1:] + [('end', end)]):
        seconds[name] = next_at - at
    seconds['total'] = end - start
    return seconds, rc


def measure(revision, scratch):
    clone = os.path.join(scratch, 'bytebench-' + revision.replace('/', '_'))
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(['git', 'clone', '-q', REPO, clone], check=True)
    subprocess.run(['git', 'checkout', '-q', revision], cwd=clone, check=True)
    commit = subprocess.run(['git', 'log', '-1', '--format=%h'], cwd=clone, check=True,
                            capture_output=True, text=True).stdout.strip()
    seconds, rc = timed_make_test(clone, os.path.join(clone, 'make-test.log'))
    if rc != 0:
        sys.exit(f'{revision}: make test failed (rc {rc}); see {clone}/make-test.log')
    row = {'revision': commit}
    row.update({name: seconds.get(name, 0.0) for name in COLUMNS})
    print(f'{commit}: {seconds["total"]:.0f} s', file=sys.stderr, flush=True)
    return row, clone


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('revisions', nargs='+', help='git revisions, measured in this order')
    parser.add_argument('--keep', metavar='DIR', help='scratch folder to keep (default: a '
                        'temporary one, removed at the end)')
    args = parser.parse_args()
    scratch = args.keep or tempfile.mkdtemp(prefix='bytebench-ci-')
    os.makedirs(scratch, exist_ok=True)
    rows = []
    try:
        for revision in args.revisions:
            row, clone = measure(revision, scratch)
            rows.append(row)
            if not args.keep:
                shutil.rmtree(clone, ignore_errors=True)
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    columns = COLUMNS
    print('| revision | ' + ' | '.join(columns) + ' |')
    print('|---|' + '---:|' * len(columns))
    for row in rows:
        cells = [f'{row[c]:.0f}' for c in columns[:-1]]
        cells.append(f'{row["total"]:.0f} ({row["total"] / 60:.1f} min)')
        print(f'| {row["revision"]} | ' + ' | '.join(cells) + ' |')


if __name__ == '__main__':
    main()
