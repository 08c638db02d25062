#!/usr/bin/env python3
"""Checks that bytebench-worker, the process that hosts every measurement,
links only what it runs: none of the libraries of the CLI's other layers
(OpenSSL for suite hashes, SQLite for the history, toml++ for suites, spdlog
and fmt for the console, hwloc for the topology).

  check_worker_links.py <path of bytebench-worker>
"""
import re
import subprocess
import sys

NOT_IN_THE_WORKER = ('libssl', 'libcrypto', 'libsqlite3', 'libtomlplusplus', 'libspdlog',
                     'libfmt', 'libhwloc', 'libboost')


def main():
    worker = sys.argv[1]
    dynamic = subprocess.run(['readelf', '-d', worker], capture_output=True, text=True,
                             check=True).stdout
    needed = re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', dynamic)
    print(f'{worker} needs: {", ".join(needed)}')
    wrong = [lib for lib in needed if lib.startswith(NOT_IN_THE_WORKER)]
    for lib in wrong:
        print(f'{worker}: links {lib}, which only the CLI should need')
    return 1 if wrong or not needed else 0


if __name__ == '__main__':
    sys.exit(main())
