#!/bin/sh
# What the Makefile's `deps` and `test-deps` install on a Debian machine:
# the packages in $DEBIAN_PACKAGES that dpkg does not have, and the locales
# in $LOCALES (as en_US.UTF-8) that `locale -a` does not list, each with
# $SUDO (empty as root). With --list, prints both lists, sorted, and changes
# nothing (tests/setup/packages_match_docs.py compares them with the docs).
set -eu
if [ "${1:-}" = --list ]; then
    echo "packages: $(printf '%s\n' $DEBIAN_PACKAGES | sort -u | tr '\n' ' ' | sed 's/ $//')"
    echo "locales: $(printf '%s\n' $LOCALES | sort -u | tr '\n' ' ' | sed 's/ $//')"
    exit 0
fi

missing=""
for p in $DEBIAN_PACKAGES; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "Installing Debian packages:$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

# glibc names a generated locale en_US.utf8 whichever way locale.gen spells it.
missing=""
for l in $LOCALES; do
    short=$(echo "$l" | sed 's/UTF-8$/utf8/')
    locale -a 2>/dev/null | grep -qx "$short" || missing="$missing $l"
done
if [ -n "$missing" ]; then
    echo "Generating locales:$missing"
    for l in $missing; do
        grep -q "^$l UTF-8" /etc/locale.gen 2>/dev/null || echo "$l UTF-8" | $SUDO tee -a /etc/locale.gen >/dev/null
    done
    $SUDO locale-gen >/dev/null
fi
