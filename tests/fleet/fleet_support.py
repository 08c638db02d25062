"""Helpers for the fleet tests: a throwaway sshd, hosts as network namespaces, and stopping what a
test started.

The sshd runs as the user running the test (root in CI), with its own host key, its own
authorized_keys and its own sshd_config in a temporary folder; it accepts only that user, with
that key, on the given loopback addresses. Nothing of the user's ~/.ssh is read or written.
"""
import os
import pwd
import signal
import socket
import subprocess
import sys
import time

SSHD = "/usr/sbin/sshd"
SSH_KEYGEN = "/usr/bin/ssh-keygen"
# OpenSSH's privilege separation directory (compiled in; Debian's service makes it at boot):
# sshd started by root refuses to run without it. Not needed when sshd runs as another user.
PRIVSEP_DIR = "/run/sshd"
SFTP_SERVER = "/usr/lib/openssh/sftp-server"


class SkipTest(Exception):
    """The test cannot run here; the message says exactly why."""


# ctest's SKIP_RETURN_CODE for the fleet tests.
SKIP = 77


def run_as_test(run, args):
    """A fleet test's main: run(args) -> 0 or 1; SkipTest -> SKIP; the time it took printed.
    ctest's timeout or a ^C (SIGTERM) ends through run's finally blocks, which stop everything
    the test started and remove its namespaces."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(f"stopped by signal {signum}"))
    started = time.monotonic()
    try:
        status = run(args)
    except SkipTest as reason:
        print(f"skipped: {reason}")
        return SKIP
    print(f"{'ok' if status == 0 else 'failed'} in {time.monotonic() - started:.1f} s")
    return status


def free_port():
    """A TCP port free on every address (bound on 0.0.0.0), so that no listener of another
    program answers on any 127.0.0.x at that port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("0.0.0.0", 0))
        return probe.getsockname()[1]


def make_key(path):
    subprocess.run([SSH_KEYGEN, "-q", "-t", "ed25519", "-N", "", "-C", "bytebench-fleet-test",
                    "-f", path], check=True)


def descendants(pid):
    """The processes below pid (children, grandchildren, ...), read from /proc. sshd's
    per-connection processes start their own session, so its process group does not hold them."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                # The command may hold spaces and parentheses: the fields follow the last ')'.
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def stop_tree(process, grace_s=3.0):
    """Stops a Popen started with start_new_session=True: its process group and every process
    below it (TERM, then KILL after grace_s)."""
    if process is None:
        return
    below = descendants(process.pid)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if process.poll() is None:
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                pass
        for pid in below:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        try:
            process.wait(timeout=grace_s)
            if not any(os.path.exists(f"/proc/{pid}") for pid in below):
                return
            time.sleep(0.2)
        except subprocess.TimeoutExpired:
            pass


class Sshd:
    """sshd -D on `port` at `addresses`, files in `folder` (which must exist and be private).
    `prefix`: a command sshd runs under (a network namespace's, NetnsHost.prefix)."""

    def __init__(self, folder, addresses, port, prefix=()):
        self.folder, self.addresses, self.port = folder, addresses, port
        self.prefix = list(prefix)
        self.user = _current_user()
        self.client_key = os.path.join(folder, "client_key")
        self.known_hosts = os.path.join(folder, "known_hosts")
        self.log = os.path.join(folder, "sshd.log")
        self.process = None

    def start(self, timeout_s=10.0):
        for program in (SSHD, SSH_KEYGEN):
            if not os.access(program, os.X_OK):
                raise SkipTest(f"{program} is not installed (Debian package openssh-server)")
        host_key = os.path.join(self.folder, "host_key")
        make_key(host_key)
        make_key(self.client_key)
        authorized = os.path.join(self.folder, "authorized_keys")
        with open(self.client_key + ".pub") as public, open(authorized, "w") as out:
            out.write(public.read())
        open(self.known_hosts, "w").close()
        config = os.path.join(self.folder, "sshd_config")
        with open(config, "w") as out:
            out.write(self._config(host_key, authorized))
        if os.geteuid() == 0 and not os.path.isdir(PRIVSEP_DIR):
            os.makedirs(PRIVSEP_DIR, mode=0o755, exist_ok=True)
        # sshd re-executes itself, so it needs its absolute path; -D: no daemon, -E: log file.
        self.process = subprocess.Popen(self.prefix + [SSHD, "-D", "-f", config, "-E", self.log],
                                        start_new_session=True, stdin=subprocess.DEVNULL)
        self._wait_listening(timeout_s)

    def stop(self):
        stop_tree(self.process)
        self.process = None

    def log_tail(self, lines=20):
        try:
            with open(self.log) as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return "(no sshd log)"

    def _config(self, host_key, authorized):
        listen = "".join(f"ListenAddress {address}:{self.port}\n" for address in self.addresses)
        # StrictModes would refuse authorized_keys under /tmp (world-writable, sticky).
        return (f"{listen}HostKey {host_key}\nAuthorizedKeysFile {authorized}\n"
                f"AllowUsers {self.user}\nPidFile none\nUsePAM no\nStrictModes no\n"
                "PubkeyAuthentication yes\nPasswordAuthentication no\n"
                "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
                "X11Forwarding no\nAllowTcpForwarding no\nPrintMotd no\nPrintLastLog no\n"
                f"Subsystem sftp {SFTP_SERVER}\nLogLevel VERBOSE\n")

    def _wait_listening(self, timeout_s):
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"sshd exited {self.process.returncode} at start as "
                               f"{self.user}: {self.log_tail(3).strip()}")
            try:
                with socket.create_connection((self.addresses[0], self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"sshd did not listen on {self.addresses[0]}:{self.port} "
                           f"within {timeout_s} s: {self.log_tail(3).strip()}")


class NetnsHost:
    """A host of its own on this machine: a network namespace `<tag>-<name>` reached through a
    veth pair (<subnet>.<4i+1> here, <subnet>.<4i+2> there, a /30 per host), and a UTS
    namespace with its own host name for what runs under `prefix`. The folders are this
    machine's: the namespaces separate the network and the name, which is what the playbook
    and bytebench tell hosts apart by. Needs root (CAP_SYS_ADMIN, CAP_NET_ADMIN). Tests that
    may run at the same time (ctest -j) give different tags and subnets: make() first removes
    what an earlier run of the same tag left."""

    def __init__(self, name, index, tag="bbfa", subnet="10.231.36"):
        self.name = name
        self.netns = f"{tag}-{name}"
        # Interface names have at most 15 bytes.
        self.veth_here, self.veth_there = f"{tag}-{index}h", f"{tag}-{index}n"
        self.gateway = f"{subnet}.{4 * index + 1}"
        self.address = f"{subnet}.{4 * index + 2}"
        self.prefix = ["ip", "netns", "exec", self.netns, "unshare", "--uts", "--",
                       "sh", "-c", f'hostname {name} && exec "$0" "$@"']
        self.made = False

    def make(self):
        self.remove()  # what a killed earlier run left
        self.made = True
        for command in (["ip", "netns", "add", self.netns],
                        ["ip", "link", "add", self.veth_here, "type", "veth", "peer", "name",
                         self.veth_there, "netns", self.netns],
                        ["ip", "addr", "add", f"{self.gateway}/30", "dev", self.veth_here],
                        ["ip", "link", "set", self.veth_here, "up"],
                        ["ip", "-n", self.netns, "addr", "add", f"{self.address}/30", "dev", self.veth_there],
                        ["ip", "-n", self.netns, "link", "set", self.veth_there, "up"],
                        ["ip", "-n", self.netns, "link", "set", "lo", "up"]):
            _ip(command)

    def set_link(self, up):
        """The host's own end of the cable: down is a network cut (packets dropped, no reset)."""
        _ip(["ip", "-n", self.netns, "link", "set", self.veth_there, "up" if up else "down"])

    def inode(self):
        return os.stat(f"/run/netns/{self.netns}").st_ino

    def remove(self):
        """Kills what runs in the namespace, removes it and the veth pair (its peer goes with it)."""
        if os.path.exists(f"/run/netns/{self.netns}"):
            for sig in (signal.SIGTERM, signal.SIGKILL):
                pids = subprocess.run(["ip", "netns", "pids", self.netns], capture_output=True,
                                      text=True).stdout.split()
                for pid in pids:
                    try:
                        os.kill(int(pid), sig)
                    except ProcessLookupError:
                        pass
                if pids:
                    time.sleep(0.3)
            subprocess.run(["ip", "netns", "del", self.netns], capture_output=True)
        subprocess.run(["ip", "link", "del", self.veth_here], capture_output=True)
        self.made = False


def can_make_namespaces(tag="bbfa"):
    """None, or why network namespaces cannot be made here (a probe `<tag>-probe`)."""
    if os.geteuid() != 0:
        return "network namespaces need root; the test runs as " + _current_user()
    probe = f"{tag}-probe"
    out = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if out.returncode != 0:
        return f"network namespaces cannot be made here (a container?): {out.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def _ip(command):
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: {out.stderr.strip()}")


def _current_user():
    return pwd.getpwuid(os.geteuid()).pw_name


class Janitor:
    """Cleans up after the test process even when it is killed with SIGKILL, as ctest 3.25 kills
    a test at its TIMEOUT (no SIGTERM first, so no `finally` runs). A process of its own, outside
    the test's process tree (forked twice, in a session of its own: ctest kills the test's
    descendants), waits on a pipe only the test process holds. When the test process ends
    without calling done() (killed, or crashed), the pipe closes and `cleanup` runs there.
    done(): the test cleaned up itself; the janitor exits without touching anything, so it never
    races with the next run of the same test."""

    def __init__(self, cleanup):
        read_end, self.write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                if os.fork() != 0:
                    os._exit(0)
                os.close(self.write_end)
                # Not ctest's pipes: ctest waits for their last writer.
                devnull = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(devnull, fd)
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                if os.read(read_end, 1) == b"":
                    cleanup()
            finally:
                os._exit(0)
        os.close(read_end)
        os.waitpid(pid, 0)

    def done(self):
        if self.write_end is not None:
            os.write(self.write_end, b"x")
            os.close(self.write_end)
            self.write_end = None
