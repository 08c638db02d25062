#!/usr/bin/env python3
"""Times a fresh clone's `make test`, stage by stage, for one or more revisions.

For each revision: `git clone` of this repository into a scratch folder, then
the steps of `make test` one by one (configure and build of build/, ctest,
then `make test-asan` and `make test-fuzz`, each split into its build and its
ctest by ctest's own "Total Test time"), and a table of wall seconds per step.
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
TEST_TIME = re.compile(r'Total Test time \(real\) =\s*([0-9.]+) sec')


def timed(command, cwd, log_path):
    """Runs `command`, writing its output to log_path; returns (seconds, ctest seconds, rc)."""
    start = time.monotonic()
    with open(log_path, 'w') as log:
        rc = subprocess.run(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT).returncode
    seconds = time.monotonic() - start
    with open(log_path, errors='replace') as log:
        found = TEST_TIME.findall(log.read())
    return seconds, float(found[-1]) if found else 0.0, rc


def measure(revision, scratch):
    clone = os.path.join(scratch, 'bytebench-' + revision.replace('/', '_'))
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(['git', 'clone', '-q', REPO, clone], check=True)
    subprocess.run(['git', 'checkout', '-q', revision], cwd=clone, check=True)
    commit = subprocess.run(['git', 'log', '-1', '--format=%h'], cwd=clone, check=True,
                            capture_output=True, text=True).stdout.strip()
    jobs = str(os.cpu_count() or 2)
    # `make test`'s own configuration (its target-specific variables).
    steps = [('configure', ['make', '--no-print-directory', 'configure', 'PORTABLE=ON',
                            'CMAKE_FLAGS=-DBYTEBENCH_LINE_TABLES_ONLY=ON']),
             ('build', ['cmake', '--build', 'build', '-j', jobs]),
             ('ctest', ['ctest', '--test-dir', 'build', '--output-on-failure', '-j', jobs]),
             ('asan', ['make', '--no-print-directory', 'test-asan']),
             ('fuzz', ['make', '--no-print-directory', 'test-fuzz'])]
    row = {'revision': commit}
    for name, command in steps:
        seconds, tests, rc = timed(command, clone, os.path.join(clone, name + '.log'))
        if rc != 0:
            sys.exit(f'{revision}: {name} failed (rc {rc}); see {clone}/{name}.log')
        if name in ('asan', 'fuzz'):
            row[name + ' build'] = seconds - tests
            row[name + ' ctest'] = tests
        else:
            row[name] = seconds
        print(f'{commit} {name}: {seconds:.0f} s', file=sys.stderr, flush=True)
    row['total'] = sum(v for k, v in row.items() if k != 'revision')
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
    columns = ['configure', 'build', 'ctest', 'asan build', 'asan ctest', 'fuzz build',
               'fuzz ctest', 'total']
    print('| revision | ' + ' | '.join(columns) + ' |')
    print('|---|' + '---:|' * len(columns))
    for row in rows:
        cells = [f'{row[c]:.0f}' for c in columns[:-1]]
        cells.append(f'{row["total"]:.0f} ({row["total"] / 60:.1f} min)')
        print(f'| {row["revision"]} | ' + ' | '.join(cells) + ' |')


if __name__ == '__main__':
    main()
