#!/bin/sh
# Registers qemu-aarch64 with the kernel's binfmt_misc, so that arm64 programs
# run directly (execve), exec'd ones included: the CLI execs
# bytebench-worker, which execs the workloads' helpers, and plain
# `qemu-aarch64 prog` follows none of those execs. Idempotent; `make
# test-arm64` runs it as root (docs/testing.md, "arm64 under qemu").
#
# The register line is the one qemu-user-static ships for systemd-binfmt
# (/usr/lib/binfmt.d/qemu-aarch64.conf): flags F (the kernel opens the static
# interpreter now, so it also works in containers and chroots), O, C and P.
# binfmt-support and systemd-binfmt are not needed (neither runs in a
# container without systemd).
set -u
conf=/usr/lib/binfmt.d/qemu-aarch64.conf
binfmt=/proc/sys/fs/binfmt_misc

fail() {
  echo "register-qemu-aarch64: $*" >&2
  exit 1
}

[ -r "$conf" ] || fail "$conf is missing: install qemu-user-static (apt-get install qemu-user-static)"

if [ ! -e "$binfmt/register" ]; then
  mount -t binfmt_misc binfmt_misc "$binfmt" 2>/dev/null ||
    fail "binfmt_misc is not mounted on $binfmt and mounting it failed (needs root, and a container needs --privileged or a host with binfmt_misc mounted): mount -t binfmt_misc binfmt_misc $binfmt"
fi

entry="$binfmt/qemu-aarch64"
if [ -e "$entry" ]; then
  interpreter=$(sed -n 's/^interpreter //p' "$entry")
  if head -n 1 "$entry" | grep -qx enabled && { grep -qx 'flags: .*F.*' "$entry" || [ -x "$interpreter" ]; }; then
    echo "qemu-aarch64 is registered with binfmt_misc ($interpreter)"
    exit 0
  fi
  # Disabled, or left behind by an uninstalled qemu: register it again.
  echo -1 >"$entry" 2>/dev/null || fail "cannot remove the stale $entry (needs root)"
fi

line=$(grep -v '^[#;]' "$conf" | grep -m 1 ':qemu-aarch64:')
[ -n "$line" ] || fail "no :qemu-aarch64: register line in $conf"
printf '%s' "$line" >"$binfmt/register" 2>/dev/null ||
  fail "writing $binfmt/register failed (needs root; in a container, a privileged one)"
[ "$(cat "$binfmt/status")" = enabled ] || echo 1 >"$binfmt/status"
echo "qemu-aarch64 registered with binfmt_misc ($(sed -n 's/^interpreter //p' "$entry"))"
