#!/usr/bin/env python3
"""examples/fleet/ansible's .deb path through sudo, for real: Debian's ansible-playbook runs
fleet.yml with bytebench_deb set, as a user who is not root and becomes root through sudo, on
hosts whose installs cannot touch this machine.

Each host is a network namespace (its own address on a veth pair, fleet_support.NetnsHost), a
UTS namespace (its own host name) and a mount namespace in which /usr, /etc and /var are
copy-on-write overlays of this machine's (upper and work folders in the test's temporary
folder: what dpkg, apt, useradd and sudo write there lands in them) and /home, /root and /run
are fresh tmpfs. A shell in those namespaces sets the host up, then execs the host's sshd:

  debhost  user bbdeb, with a NOPASSWD sudo rule in the overlay's /etc/sudoers.d
  nosudo   user bbnosudo, without any sudo rule

and, on both, apt without sources (the overlay's sources.list empty, sources.list.d emptied)
and lists two days old: the role's refresh (cache_valid_time one day) runs `apt-get update`,
which has nothing to fetch, so no network is needed and the refresh is seen to happen (the
lists folder's time in the overlay). Ansible's apt module needs python3-apt on the host (from
this machine's /usr; without it the module would fetch it from the host's mirror).

1. fleet.yml on both hosts, bytebench_deb = the .deb that ctest's deb_package_installs_and_runs
   made (a path relative to the folder ansible-playbook runs in), bytebench_bin `bytebench`:
   debhost gets the package copied and installed (the task results say so:
   tests/fleet/ansible_callbacks/task_record.py), its result arrives and was made by the
   installed package (its plugins loaded from /usr/lib/bytebench, its tool version the
   package's), dpkg in the overlay has it, apt's lists were refreshed, and this machine's
   /usr/bin/bytebench and bytebench package (whether there are any or not) are as they were,
   and it has no test user. nosudo is a failure record with one line:
   "Install the bytebench package: Missing sudo password".
2. fleet.yml again on debhost, into a new run id: the copy and the install are skipped (that
   version is installed), the installed /usr/bin/bytebench is the same file, and the result
   arrives.

Every process started here is stopped, the namespaces removed (their mounts go with them) and
the temporary folder deleted, also when a check fails or ctest stops the test (its TIMEOUT is a
SIGKILL: then fleet_support.Janitor, a process outside the test's tree, does it). Exits 77
(ctest's SKIP_RETURN_CODE) when network namespaces or overlay mounts cannot be made (not root,
a container: tests/setup/allowed_skips.toml).
"""
import argparse
import glob
import hashlib
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fleet_support  # noqa: E402
from ansible_fleet_test import (CheckFailed, ansible_environment, check, read_json,  # noqa: E402
                                read_yaml, stop_ssh_masters)

# Not the Ansible fleet test's (bbfa, 10.231.36): the two may run at once.
TAG, SUBNET = "bbfd", "10.231.37"
SHORT = ["syscall", "-c", "1", "-i", "1", "--duration", "0.2", "--settle", "0"]
# name: (the ssh user, whether it has a sudo rule)
HOSTS = {"debhost": ("bbdeb", True), "nosudo": ("bbnosudo", False)}
OVERLAID = ("usr", "etc", "var")
PLAYBOOK_LIMIT_S = 90
COPY_TASK, INSTALL_TASK = "Copy the bytebench package to the host", "Install the bytebench package"

# Run by root in the host's namespaces before sshd: $1 host name, $2 its layers folder, $3 the
# user, $4 yes when the user gets a sudo rule, $5 the authorized_keys to give it; then sshd's
# command. The mounts are private to this mount namespace and go with its last process.
HOST_SETUP = r'''set -eu
name=$1 layers=$2 user=$3 rule=$4 keys=$5
shift 5
hostname "$name"
for dir in usr etc var; do
  mkdir -p "$layers/$dir/upper" "$layers/$dir/work"
  mount -t overlay "bbfd-$dir" -o "lowerdir=/$dir,upperdir=$layers/$dir/upper,workdir=$layers/$dir/work" "/$dir"
done
mount -t tmpfs -o mode=0755 bbfd-home /home
mount -t tmpfs -o mode=0700 bbfd-root /root
mount -t tmpfs -o mode=0755 bbfd-run /run
mkdir -m 0755 /run/sshd
printf '127.0.1.1 %s\n' "$name" >>/etc/hosts
useradd --create-home --shell /bin/sh --password '*' "$user"
install -d -m 0700 -o "$user" -g "$user" "/home/$user/.ssh"
install -m 0600 -o "$user" -g "$user" "$keys" "/home/$user/.ssh/authorized_keys"
if [ "$rule" = yes ]; then
  printf '%s ALL=(ALL) NOPASSWD: ALL\n' "$user" >"/etc/sudoers.d/bbfd-$user"
  chmod 0440 "/etc/sudoers.d/bbfd-$user"
fi
rm -f /etc/apt/sources.list.d/* /var/lib/apt/periodic/update-success-stamp
: >/etc/apt/sources.list
touch -d '2 days ago' /var/lib/apt/lists
exec "$@"
'''


class HostSshd(fleet_support.Sshd):
    """fleet_support's sshd for one login user other than root, whose authorized_keys the host
    set-up copies into its home (sshd reads it as that user, who cannot read the test's
    folder)."""

    def __init__(self, folder, address, login, prefix):
        super().__init__(folder, [address], 22, prefix)
        self.login = login

    def _config(self, host_key, authorized):
        lines = []
        for line in super()._config(host_key, authorized).splitlines():
            key = line.split(" ", 1)[0]
            if key == "AuthorizedKeysFile":
                line = "AuthorizedKeysFile .ssh/authorized_keys"
            elif key == "AllowUsers":
                line = f"AllowUsers {self.login}"
            elif key == "PermitRootLogin":
                line = "PermitRootLogin no"
            lines.append(line)
        return "\n".join(lines) + "\n"


def can_mount_overlays(work):
    """None, or why an overlay cannot be mounted in a mount namespace of its own here."""
    probe = os.path.join(work, "overlay-probe")
    for part in ("lower", "upper", "work", "merged"):
        os.makedirs(os.path.join(probe, part))
    out = subprocess.run(["unshare", "--mount", "--propagation", "private", "--", "mount", "-t", "overlay",
                          "bbfd-probe", "-o", f"lowerdir={probe}/lower,upperdir={probe}/upper,workdir={probe}/work",
                          f"{probe}/merged"], capture_output=True, text=True)
    shutil.rmtree(probe, ignore_errors=True)
    if out.returncode != 0:
        return f"overlay mounts cannot be made here (a container?): {out.stderr.strip()}"
    return None


def file_state(path):
    """What tells a file's replacement: its inode, size, times and content; None when absent."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    with open(path, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns, digest)


def installed_here(admindir="/var/lib/dpkg"):
    out = subprocess.run(["dpkg-query", f"--admindir={admindir}", "--show",
                          "--showformat=${Version} ${db:Status-Status}", "bytebench"],
                         capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else None


def task_results(records, task, host):
    """The results of the task named `task` for `host`, from the task_record callback's lines."""
    return [line for line in records if line["task"] == task and line["host"] == host]


def one_result(run_dir, host):
    files = sorted(glob.glob(os.path.join(run_dir, host, "*.json")))
    check(len(files) == 1, f"{host}: {os.listdir(os.path.join(run_dir, host))} in its folder, not one result")
    return read_json(files[0])


def check_made_by_package(document, host, version):
    """A complete result of host, made by the package's bytebench: the plugins it loaded are
    the package's, under /usr/lib/bytebench, and its tool version is the package's."""
    check(document.get("status") == "complete" and document.get("labels") == {"host": host},
          f"{host}: status {document.get('status')}, labels {document.get('labels')}")
    check(document["system"].get("hostname") == host,
          f"{host}: the result's host name is {document['system'].get('hostname')}")
    plugins = {test.get("plugin", "") for run in document.get("runs", []) for test in run.get("tests", [])}
    check(plugins and all(path.startswith("/usr/lib/bytebench/plugins/") for path in plugins),
          f"{host}: the result's plugins are {sorted(plugins)}, not the package's (/usr/lib/bytebench/plugins)")
    tool_version = document.get("tool", {}).get("version", "")
    check(tool_version and version.split("-")[0] == tool_version,
          f"{host}: the result's tool version {tool_version!r} is not the package's {version!r}")


class Playbook:
    """ansible-playbook, its output (Ansible's default callback) in one log, and every task result
    as a JSON line (the callback tests/fleet/ansible_callbacks/task_record.py: Ansible 2.14 has
    no json callback of its own, and in fleet.yml's free-strategy play the default callback's
    task headers and host lines interleave)."""

    def __init__(self, args, work, inventory_file, env):
        self.playbook = os.path.join(os.path.abspath(args.playbook_dir), "fleet.yml")
        self.work, self.inventory_file = work, inventory_file
        self.env = {**env, "ANSIBLE_CALLBACK_PLUGINS": os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                    "ansible_callbacks"),
                    "ANSIBLE_CALLBACKS_ENABLED": "task_record"}
        self.logs = []

    def run(self, name, extra_vars):
        """ansible-playbook's exit status and the task records of the run."""
        vars_file = os.path.join(self.work, f"vars-{name}.json")
        with open(vars_file, "w") as out:
            json.dump(extra_vars, out)
        log_path = os.path.join(self.work, f"ansible-{name}.log")
        record_path = os.path.join(self.work, f"tasks-{name}.jsonl")
        self.logs.append(log_path)
        with open(log_path, "w") as log:
            process = subprocess.Popen(["ansible-playbook", "-i", self.inventory_file, "-e", "@" + vars_file,
                                        self.playbook], cwd=self.work,
                                       env={**self.env, "BYTEBENCH_TASK_RECORD": record_path},
                                       stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                       start_new_session=True)
        try:
            rc = process.wait(timeout=PLAYBOOK_LIMIT_S)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"ansible-playbook ({name}) did not end within {PLAYBOOK_LIMIT_S} s")
        finally:
            fleet_support.stop_tree(process)
        check(os.path.isfile(record_path), f"ansible-playbook ({name}) exited {rc} and recorded no task")
        with open(record_path) as records:
            return rc, [json.loads(line) for line in records]


def run(args):
    for program, package in (("ansible-playbook", "ansible-core"), ("sudo", "sudo"), ("dpkg-query", "dpkg")):
        if not shutil.which(program):
            raise fleet_support.SkipTest(f"{program} is not installed (Debian package {package})")
    if subprocess.run(["/usr/bin/python3", "-c", "import apt"], capture_output=True).returncode != 0:
        raise fleet_support.SkipTest("/usr/bin/python3 cannot import apt (Debian package python3-apt)")
    debs = glob.glob(os.path.join(args.deb_dir, "bytebench_*.deb"))
    if len(debs) != 1:
        print(f"FAILED: {len(debs)} bytebench_*.deb in {args.deb_dir}, not one "
              "(ctest's deb_package_installs_and_runs makes it)", file=sys.stderr)
        return 1
    deb = os.path.abspath(debs[0])
    version = subprocess.run(["dpkg-deb", "--show", "--showformat=${Version}", deb], capture_output=True,
                             text=True, check=True).stdout.strip()
    why_not = fleet_support.can_make_namespaces(TAG)
    if why_not:
        raise fleet_support.SkipTest(why_not)
    work = tempfile.mkdtemp(prefix="bbfd-ansible-deb-")
    hosts = {name: fleet_support.NetnsHost(name, index, tag=TAG, subnet=SUBNET)
             for index, name in enumerate(HOSTS)}
    sshds, playbook = {}, None

    def remove_hosts():
        stop_ssh_masters(work)
        # Kills what is left in each namespace (sshd among them): its mount namespace, and the
        # overlays, go with its last process.
        for host in hosts.values():
            host.remove()
        shutil.rmtree(work, ignore_errors=True)

    # ctest's TIMEOUT kills with SIGKILL: then the janitor removes them.
    janitor = fleet_support.Janitor(remove_hosts)
    try:
        why_not = can_mount_overlays(work)
        if why_not:
            raise fleet_support.SkipTest(why_not)
        # This machine before: what must not change.
        here_before = (file_state("/usr/bin/bytebench"), installed_here())
        layers = {}
        for name, host in hosts.items():
            user, rule = HOSTS[name]
            host.make()
            folder = os.path.join(work, "sshd-" + name)
            os.mkdir(folder, 0o700)
            layers[name] = os.path.join(work, "layers-" + name)
            prefix = ["ip", "netns", "exec", host.netns, "unshare", "--mount", "--uts", "--propagation", "private",
                      "--", "sh", "-c", HOST_SETUP, "bbfd-host-setup", name, layers[name], user, "yes" if rule else "no",
                      os.path.join(folder, "authorized_keys")]
            sshds[name] = HostSshd(folder, host.address, user, prefix)
            sshds[name].start()
        ssh_args = ["-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                    "-o", "UserKnownHostsFile=/dev/null", "-o", "GlobalKnownHostsFile=/dev/null",
                    "-o", "BatchMode=yes"]
        inventory = {"fleet": {
            "hosts": {name: {"ansible_host": hosts[name].address, "ansible_port": 22,
                             "ansible_user": HOSTS[name][0],
                             "ansible_ssh_private_key_file": sshds[name].client_key,
                             # Its home: a tmpfs of the host's.
                             "bytebench_remote_tmp": f"/home/{HOSTS[name][0]}"} for name in HOSTS},
            "vars": {"ansible_ssh_common_args": " ".join(ssh_args), "ansible_become_method": "sudo",
                     "ansible_python_interpreter": "/usr/bin/python3"}}}
        inventory_file = os.path.join(work, "inventory.yml")
        with open(inventory_file, "w") as out:
            json.dump(inventory, out, indent=1)
        env = ansible_environment(work)
        # The login user's own (its home, a tmpfs of the host's); root's, through sudo, the same.
        env["ANSIBLE_REMOTE_TEMP"] = "~/.ansible/tmp"
        playbook = Playbook(args, work, inventory_file, env)
        fleet_dir = os.path.join(work, "fleet")
        # Relative to the folder ansible-playbook runs in (work), as a user at a shell gives it.
        os.mkdir(os.path.join(work, "debs"))
        os.symlink(deb, os.path.join(work, "debs", os.path.basename(deb)))
        common = {"bytebench_deb": os.path.join("debs", os.path.basename(deb)), "bytebench_bin": "bytebench",
                  "bytebench_controller_bin": os.path.abspath(args.bytebench),
                  "bytebench_fleet_dir": fleet_dir, "bytebench_args": SHORT}
        started = time.monotonic()

        # 1. Both hosts: debhost installs through sudo, nosudo cannot become root.
        before_run = time.time()
        rc, output = playbook.run("first", {**common, "bytebench_run_id": "first"})
        first_s = time.monotonic() - started
        check(rc == 2, f"the first run exited {rc}, not 2 (nosudo without a result)")
        for task in (COPY_TASK, INSTALL_TASK):
            results = task_results(output, task, "debhost")
            check(len(results) == 1 and results[0]["status"] == "ok" and results[0]["changed"],
                  f"debhost, first run: {task!r} did not run and change the host: {results}")
        run_dir = os.path.join(fleet_dir, "first")
        check_made_by_package(one_result(run_dir, "debhost"), "debhost", version)
        upper = {name: {part: os.path.join(layers[name], part, "upper") for part in OVERLAID} for name in HOSTS}
        check(installed_here(os.path.join(upper["debhost"]["var"], "lib", "dpkg")) == f"{version} installed",
              "debhost's dpkg (in its overlay) does not have bytebench " + version + " installed")
        installed_bin = os.path.join(upper["debhost"]["usr"], "bin", "bytebench")
        check(os.path.isfile(installed_bin), "no bin/bytebench in debhost's /usr overlay")
        # The lists were older than a day: apt-get update ran (with nothing to fetch).
        lists_time = os.stat(os.path.join(upper["debhost"]["var"], "lib", "apt", "lists")).st_mtime
        check(lists_time >= before_run - 1,
              f"debhost's apt lists are {time.time() - lists_time:.0f} s old: the role did not refresh them")
        check((file_state("/usr/bin/bytebench"), installed_here()) == here_before,
              "this machine's /usr/bin/bytebench or its bytebench package changed")
        for name, (user, _) in HOSTS.items():
            try:
                pwd.getpwnam(user)
                raise CheckFailed(f"this machine's /etc/passwd has the test user {user}")
            except KeyError:
                pass
        check(os.listdir(os.path.join(run_dir, "nosudo")) == ["failure.json"],
              f"nosudo: {os.listdir(os.path.join(run_dir, 'nosudo'))}, not failure.json alone")
        record = read_json(os.path.join(run_dir, "nosudo", "failure.json"))
        reason = record.get("reason", "")
        # sudo -n (Ansible's become without a password) refuses a user without a rule before
        # saying so: "a password is required", which Ansible reports as its own one line.
        check(record.get("state") == "failed" and reason == INSTALL_TASK + ": Missing sudo password",
              f"nosudo: failure.json is {record}, not the one line of sudo's refusal")
        check(installed_here(os.path.join(upper["nosudo"]["var"], "lib", "dpkg")) is None,
              "nosudo's dpkg has bytebench, which it could not install")
        summary = read_yaml(os.path.join(run_dir, "summary.yml"))
        check(summary.get("hosts", {}).get("debhost", "").startswith("complete")
              and summary.get("hosts", {}).get("nosudo", "").startswith("failed: " + INSTALL_TASK),
              f"summary.yml of the first run: {summary}")
        print(f"first run: {first_s:.1f} s; nosudo: {reason}")

        # 2. debhost again, into a new run id: that version is installed, nothing copied or installed.
        installed_before = file_state(installed_bin)
        rc, output = playbook.run("second", {**common, "bytebench_run_id": "second", "bytebench_hosts": "debhost"})
        check(rc == 0, f"the second run exited {rc}, not 0")
        for task in (COPY_TASK, INSTALL_TASK):
            results = task_results(output, task, "debhost")
            check(len(results) == 1 and results[0]["status"] == "skipped",
                  f"debhost, second run: {task!r} was not skipped with that version installed: {results}")
        check(file_state(installed_bin) == installed_before,
              "debhost's /usr/bin/bytebench was replaced by the second run")
        check_made_by_package(one_result(os.path.join(fleet_dir, "second"), "debhost"), "debhost", version)
        check((file_state("/usr/bin/bytebench"), installed_here()) == here_before,
              "this machine's /usr/bin/bytebench or its bytebench package changed")
        print(f"second run: {time.monotonic() - started - first_s:.1f} s")

        # 3. A .deb that is not there: the host's record says what dpkg-deb said, not only that
        # a command failed ("non-zero return code").
        missing = os.path.join(work, "no-such-bytebench.deb")
        rc, _ = playbook.run("missing", {**common, "bytebench_run_id": "missing", "bytebench_hosts": "debhost",
                                         "bytebench_deb": missing})
        check(rc == 2, f"the run with a missing .deb exited {rc}, not 2")
        record = read_json(os.path.join(fleet_dir, "missing", "debhost", "failure.json"))
        expected = (f"Read the package's name and version (on the controller): dpkg-deb: error: "
                    f"failed to read archive '{missing}': No such file or directory")
        check(record.get("reason") == expected, f"debhost with a missing .deb: {record}, not {expected!r}")
        if args.show_output:
            for path in sorted(glob.glob(os.path.join(work, "tasks-*.jsonl"))):
                print(f"--- {os.path.basename(path)}: seconds since the previous result, the slowest ---")
                with open(path) as records:
                    lines = [json.loads(line) for line in records]
                steps = sorted(((b["time"] - a["time"], b["host"], b["task"], b["status"])
                                for a, b in zip(lines, lines[1:])), reverse=True)
                for step in steps[:12]:
                    print("%6.2f  %s  %s  %s" % step)
            for path in playbook.logs:
                with open(path) as file:
                    print(f"--- {os.path.basename(path)} ---\n{file.read()}")
    except (CheckFailed, RuntimeError, OSError, LookupError, ValueError, subprocess.CalledProcessError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        for path in (playbook.logs if playbook else []):
            try:
                with open(path) as file:
                    print(f"--- {os.path.basename(path)} ---\n{file.read()[-20000:]}", file=sys.stderr)
            except OSError:
                pass
        for name, sshd in sshds.items():
            print(f"--- sshd of {name} (end) ---\n" + sshd.log_tail(), file=sys.stderr)
        return 1
    finally:
        for sshd in sshds.values():
            sshd.stop()
        remove_hosts()
        janitor.done()
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytebench", required=True, help="the controller's bytebench (for the merge)")
    parser.add_argument("--deb-dir", required=True, help="the folder with the one bytebench_*.deb")
    parser.add_argument("--playbook-dir", required=True, help="examples/fleet/ansible")
    parser.add_argument("--show-output", action="store_true", help="print ansible-playbook's output")
    return fleet_support.run_as_test(run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
