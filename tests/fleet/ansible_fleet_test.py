#!/usr/bin/env python3
"""examples/fleet/ansible's playbook, for real: Debian's ansible-playbook over ssh to hosts that
are network namespaces on this machine, the build tree's bytebench on each host, the run folder,
the merged reports and summary.yml checked.

Each host is a network namespace with its own address on a veth pair, its own sshd and its own
host name (a UTS namespace): what a fleet's machines differ in for ssh, Ansible and bytebench.
They share this machine's folders and CPUs (copy-on-write system folders per host would cost
more set-up time than the whole test may take). The hosts, in one playbook run:

  alpha    hypervisor hv1, a ~30-s run, bytebench_timeout_s 10: stopped on the host (its
           incomplete result fetched) before bravo, the next VM of hv1, starts
  bravo    hypervisor hv1, a short run, in the second batch
  charlie  a namespace where no sshd listens: unreachable, "Connection refused"
  delta    a ~30-s run whose cable is cut (its veth set down) 10 s in: recorded as lost, the
           playbook ends well within 2 minutes, its ssh master gone once the cable is back
  echo     an unknown test: bytebench exits 2, a failure record; then rerun alone into the same
           run folder with good arguments: the failure moves to echo/.attempts/1/
  foxtrot  hypervisor hv2, a short run, first batch; golf, hv2, second batch: their results'
           start and end times do not overlap

Then: `-l echo` refused at once (no host contacted), and a controller without bytebench
refused before any host is contacted, summary.yml saying so.

Every process started here (sshd, ansible-playbook, ssh masters, what runs in the namespaces)
is stopped and every namespace removed, also when a check fails or ctest stops the test.
Exits 77 (ctest's SKIP_RETURN_CODE) when network namespaces cannot be made (not root, an
unprivileged container: tests/setup/allowed_skips.toml).
"""
import argparse
import datetime
import glob
import html
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fleet_support  # noqa: E402

RUN_ID = "test-run"
# One short pass of one test: a real run of a few tenths of a second.
SHORT = ["syscall", "-c", "1", "-i", "1", "--duration", "0.2", "--settle", "0"]
# About 30 s: 15 passes of 2 s.
LONG = ["syscall", "-c", "1", "-i", "15", "--duration", "2", "--settle", "0"]
TIMEOUT_S = 10
CUT_AFTER_S = 10
KEEPALIVE_S = 2
# name: (inventory variables, its sshd runs)
HOSTS = {
    "alpha": ({"bytebench_hypervisor": "hv1", "bytebench_args": LONG, "bytebench_timeout_s": TIMEOUT_S}, True),
    "bravo": ({"bytebench_hypervisor": "hv1", "bytebench_args": SHORT}, True),
    "charlie": ({"bytebench_args": SHORT}, False),
    "delta": ({"bytebench_args": LONG}, True),
    "echo": ({"bytebench_args": ["no-such-test"]}, True),
    "foxtrot": ({"bytebench_hypervisor": "hv2", "bytebench_args": SHORT}, True),
    "golf": ({"bytebench_hypervisor": "hv2", "bytebench_args": SHORT}, True),
}
PLAYBOOK_LIMIT_S = 120


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def read_json(path):
    with open(path) as file:
        return json.load(file)


def read_yaml(path):
    with open(path) as file:
        return yaml.safe_load(file)


def read_text(path):
    check(os.path.isfile(path), f"{path} was not written")
    with open(path) as file:
        return file.read()


def one_spaced(text):
    """Runs of white space as one space: the text report wraps long warnings."""
    return " ".join(text.split())


def boot_seconds():
    return time.clock_gettime(time.CLOCK_BOOTTIME)


class BytebenchWatch(threading.Thread):
    """Every 0.05 s: the bytebench processes (the CLI, its workers and janitor) of each host,
    told apart by their network namespace. Per host, the earliest process start time (from
    /proc/PID/stat, seconds since boot) and the last time one was seen alive."""

    def __init__(self, hosts):
        super().__init__(daemon=True)
        self.by_inode = {host.inode(): name for name, host in hosts.items()}
        self.first_start, self.last_seen, self.comms = {}, {}, {}
        self.stop_event = threading.Event()
        self.ticks = os.sysconf("SC_CLK_TCK")

    def run(self):
        while not self.stop_event.is_set():
            now = boot_seconds()
            for entry in os.listdir("/proc"):
                if not entry.isdigit():
                    continue
                try:
                    with open(f"/proc/{entry}/stat") as stat:
                        text = stat.read()
                    comm = text[text.index("(") + 1:text.rindex(")")]
                    if not comm.startswith("bytebench"):
                        continue
                    host = self.by_inode.get(os.stat(f"/proc/{entry}/ns/net").st_ino)
                except (OSError, ValueError):
                    continue
                if host is None:
                    continue
                start = int(text.rsplit(")", 1)[1].split()[19]) / self.ticks
                self.first_start[host] = min(self.first_start.get(host, start), start)
                self.last_seen[host] = now
                self.comms.setdefault(host, set()).add(comm)
            self.stop_event.wait(0.05)


def inventory(hosts, sshds):
    entries = {}
    for name, (variables, _) in HOSTS.items():
        sshd = sshds.get(name) or next(iter(sshds.values()))
        entries[name] = {"ansible_host": hosts[name].address, "ansible_port": 22,
                         "ansible_ssh_private_key_file": sshd.client_key,
                         "bytebench_labels": {"rack": "r-" + name}, **variables}
    ssh_args = ["-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "GlobalKnownHostsFile=/dev/null",
                "-o", "BatchMode=yes"]
    group_vars = {"ansible_user": fleet_support._current_user(),
                  "ansible_ssh_common_args": " ".join(ssh_args),
                  "ansible_python_interpreter": "/usr/bin/python3"}
    return {"fleet": {"hosts": entries, "vars": group_vars}}


def ansible_environment(work):
    """Nothing read from or written to ~/.ansible or an ansible.cfg; Ansible's own ssh settings
    (ControlMaster=auto, ControlPersist=60s: a master per host, as a fleet engineer has)."""
    env = dict(os.environ)
    config = os.path.join(work, "ansible.cfg")
    open(config, "w").close()
    env.update({
        "ANSIBLE_CONFIG": config,
        "ANSIBLE_HOME": os.path.join(work, "ansible-home"),
        "ANSIBLE_LOCAL_TEMP": os.path.join(work, "ansible-local-tmp"),
        "ANSIBLE_REMOTE_TEMP": os.path.join(work, "ansible-remote-tmp"),
        "ANSIBLE_SSH_CONTROL_PATH_DIR": os.path.join(work, "cp"),
        "ANSIBLE_RETRY_FILES_ENABLED": "false",
        "ANSIBLE_PIPELINING": "true",
        "ANSIBLE_GATHERING": "explicit",
        "ANSIBLE_FORKS": "5",
        "ANSIBLE_TIMEOUT": "5",
        "ANSIBLE_HOST_KEY_CHECKING": "false",
        "ANSIBLE_NOCOLOR": "1",
        "ANSIBLE_DEPRECATION_WARNINGS": "false",
        "ANSIBLE_SYSTEM_WARNINGS": "false",
        "ANSIBLE_LOCALHOST_WARNING": "false",
        "ANSIBLE_PYTHON_INTERPRETER": "/usr/bin/python3",
    })
    for key in ("ANSIBLE_INVENTORY", "ANSIBLE_SSH_ARGS"):
        env.pop(key, None)
    return env


class Playbook:
    def __init__(self, args, work, inventory_file, env):
        self.playbook = os.path.join(os.path.abspath(args.playbook_dir), "fleet.yml")
        self.work, self.inventory_file, self.env = work, inventory_file, env
        self.logs = []

    def start(self, name, extra_vars, options=()):
        vars_file = os.path.join(self.work, f"vars-{name}.json")
        with open(vars_file, "w") as out:
            json.dump(extra_vars, out)
        log_path = os.path.join(self.work, f"ansible-{name}.log")
        self.logs.append(log_path)
        command = ["ansible-playbook", "-i", self.inventory_file, "-e", "@" + vars_file,
                   *options, self.playbook]
        log = open(log_path, "w")
        process = subprocess.Popen(command, cwd=self.work, env=self.env, stdout=log,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)
        log.close()
        return process, log_path

    def finish(self, process, limit_s=PLAYBOOK_LIMIT_S):
        try:
            return process.wait(timeout=limit_s)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"ansible-playbook did not end within {limit_s} s")
        finally:
            fleet_support.stop_tree(process)


def result_files(folder):
    return sorted(glob.glob(os.path.join(folder, "*.json")))


def run_times(path):
    """The first run's start and the last run's end of a result, as datetimes."""
    runs = read_json(path)["runs"]
    return (datetime.datetime.fromisoformat(runs[0]["start"]),
            datetime.datetime.fromisoformat(runs[-1]["end"]))


def check_first_run(run_dir, watch, elapsed_s, log):
    # alpha: stopped on the host at the timeout, before bravo's first process started.
    alpha = result_files(os.path.join(run_dir, "alpha"))
    check(len(alpha) == 1 and read_json(alpha[0]).get("status") == "incomplete",
          f"alpha: {os.listdir(os.path.join(run_dir, 'alpha'))}, not one incomplete result")
    check("bytebench-worke" in watch.comms.get("alpha", set()),
          f"alpha: no worker process seen ({watch.comms.get('alpha')}): the check would miss them")
    check("bravo" in watch.first_start and "alpha" in watch.last_seen, "alpha or bravo never ran bytebench")
    gap = watch.first_start["bravo"] - watch.last_seen["alpha"]
    check(gap > 0, f"a bytebench process of alpha was alive {-gap:.2f} s after bravo's first started")
    alpha_run_s = watch.last_seen["alpha"] - watch.first_start["alpha"]
    check(alpha_run_s < TIMEOUT_S + 5, f"alpha's bytebench ran {alpha_run_s:.1f} s, timeout {TIMEOUT_S} s")
    # Batching from the results: golf (hv2, batch 2) starts after foxtrot (hv2, batch 1) ends.
    for first, second in (("foxtrot", "golf"),):
        (_, end), (start, _) = (run_times(result_files(os.path.join(run_dir, host))[0])
                                for host in (first, second))
        check(start >= end, f"{second} started at {start}, before {first} ended at {end}")
    # The good hosts: one complete result each, labelled.
    for host in ("bravo", "foxtrot", "golf"):
        files = result_files(os.path.join(run_dir, host))
        check(len(files) == 1, f"{host}: {len(files)} results")
        document = read_json(files[0])
        check(document.get("status") == "complete" and document.get("labels") == {"host": host, "rack": "r-" + host},
              f"{host}: status {document.get('status')}, labels {document.get('labels')}")
        check(document["system"].get("hostname") == host,
              f"{host}: the result's host name is {document['system'].get('hostname')}, not its own")
    # Failure records: charlie unreachable, delta lost, echo failed.
    records = {}
    for host, state, start in (("charlie", "failed", "unreachable: ssh: connect to host"),
                               ("delta", "lost", "lost during the run"),
                               ("echo", "failed", "bytebench exited 2: ")):
        files = os.listdir(os.path.join(run_dir, host))
        check(files == ["failure.json"], f"{host}: {files} in its folder, not failure.json alone")
        record = read_json(os.path.join(run_dir, host, "failure.json"))
        reason = record.get("reason", "")
        check(record.get("schema") == "bytebench.failure/1" and record.get("state") == state
              and record.get("labels") == {"host": host, "rack": "r-" + host},
              f"{host}: failure.json is {record}")
        check(reason.startswith(start) and "\n" not in reason and "b'" not in reason
              and "via ssh: ssh:" not in reason, f"{host}: reason {reason!r} is not one clean line starting {start!r}")
        records[host] = reason
    check("Connection refused" in records["charlie"], f"charlie: {records['charlie']!r}")
    check(elapsed_s < PLAYBOOK_LIMIT_S, f"the playbook took {elapsed_s:.0f} s")
    summary = read_yaml(os.path.join(run_dir, "summary.yml"))
    outcomes = summary.get("hosts", {})
    check(summary.get("status") == "hosts without a complete result"
          and sorted(outcomes) == sorted(HOSTS)
          and outcomes["alpha"] == f"incomplete: stopped by bytebench_timeout_s after {TIMEOUT_S} s"
          and all(outcomes[host].startswith("complete") for host in ("bravo", "foxtrot", "golf"))
          and outcomes["delta"].startswith("lost during the run: ") and outcomes["charlie"].startswith("failed: unreachable"),
          f"summary.yml: {summary}")
    check("4 host(s) without a complete result: alpha incomplete: stopped by bytebench_timeout_s" in log,
          "ansible-playbook's output does not end with the four hosts without a complete result")
    check_reports(run_dir, ["alpha", "bravo", "foxtrot", "golf"], records)


def check_reports(run_dir, hosts, records):
    for extension in ("txt", "md", "html"):
        report = read_text(os.path.join(run_dir, "report." + extension))
        if extension == "html":
            check(report.lstrip().lower().startswith("<!doctype html"), "report.html is not a page")
            report = html.unescape(report)
        for host in hosts:
            check(host in report, f"report.{extension} does not name {host}")
        for host, reason in records.items():
            check(host in report and one_spaced(reason) in one_spaced(report),
                  f"report.{extension} does not name {host} with its reason {reason!r}")


def control_socket(work, host):
    """The ControlPersist socket Ansible's ssh uses for host (ControlPath=<cp dir>/%C)."""
    out = subprocess.run(["ssh", "-G", "-F", "/dev/null", "-p", "22", "-l", fleet_support._current_user(),
                          "-o", f"ControlPath={os.path.join(work, 'cp')}/%C", host.address],
                         capture_output=True, text=True, check=True).stdout
    return next(line.split(" ", 1)[1] for line in out.splitlines() if line.startswith("controlpath "))


def stop_ssh_masters(work):
    """The ControlPersist masters of this test's ssh (their command names the control folder)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                    if os.path.join(work, "cp").encode() in cmdline.read():
                        os.kill(int(entry), signal.SIGKILL)
            except OSError:
                pass


def run(args):
    if not shutil.which("ansible-playbook"):
        raise fleet_support.SkipTest("ansible-playbook is not installed (Debian package ansible-core)")
    why_not = fleet_support.can_make_namespaces()
    if why_not:
        raise fleet_support.SkipTest(why_not)
    work = tempfile.mkdtemp(prefix="bbfa-ansible-")
    hosts = {name: fleet_support.NetnsHost(name, index) for index, name in enumerate(HOSTS)}
    sshds, processes, watch, playbook = {}, [], None, None
    try:
        for name, host in hosts.items():
            host.make()
            if HOSTS[name][1]:
                folder = os.path.join(work, "sshd-" + name)
                os.mkdir(folder, 0o700)
                sshds[name] = fleet_support.Sshd(folder, [host.address], 22, prefix=host.prefix)
                sshds[name].start()
        inventory_file = os.path.join(work, "inventory.yml")
        with open(inventory_file, "w") as out:
            json.dump(inventory(hosts, sshds), out, indent=1)
        remote_tmp = os.path.join(work, "remote-tmp")
        os.mkdir(remote_tmp)
        fleet_dir = os.path.join(work, "fleet")
        run_dir = os.path.join(fleet_dir, RUN_ID)
        # Out of the user's bytebench history and cache: sshd gives a fresh environment.
        environment = {key: os.environ.get(key, os.path.join(work, key.lower()))
                       for key in ("XDG_DATA_HOME", "XDG_CACHE_HOME")}
        common = {"bytebench_bin": os.path.abspath(args.bytebench), "bytebench_run_id": RUN_ID,
                  "bytebench_fleet_dir": fleet_dir, "bytebench_remote_tmp": remote_tmp,
                  "bytebench_environment": environment, "bytebench_keepalive_s": KEEPALIVE_S}
        playbook = Playbook(args, work, inventory_file, ansible_environment(work))

        # 1. The whole fleet, delta's cable cut 10 s into its run.
        watch = BytebenchWatch(hosts)
        watch.start()
        started = time.monotonic()
        process, log_path = playbook.start("fleet", common)
        processes.append(process)
        while "delta" not in watch.first_start and process.poll() is None:
            time.sleep(0.1)
        time.sleep(max(0.0, watch.first_start.get("delta", 0) + CUT_AFTER_S - boot_seconds()))
        hosts["delta"].set_link(False)
        rc = playbook.finish(process)
        elapsed_s = time.monotonic() - started
        watch.stop_event.set()
        watch.join()
        check(rc == 2, f"ansible-playbook exited {rc}, not 2 (hosts without a complete result)")
        check_first_run(run_dir, watch, elapsed_s, read_text(log_path))
        # The cable back: delta's ssh master ended with the keep-alives, none is left.
        hosts["delta"].set_link(True)
        check(not os.path.exists(control_socket(work, hosts["delta"])),
              "delta's ssh master is still there after the cut")
        print(f"first run: {elapsed_s:.1f} s; alpha's last bytebench process "
              f"{watch.first_start['bravo'] - watch.last_seen['alpha']:.1f} s before bravo's first")

        # 2. echo again, alone, into the same run folder, with good arguments.
        report_before = read_text(os.path.join(run_dir, "report.txt"))
        process, log_path = playbook.start("rerun", {**common, "bytebench_hosts": "echo",
                                                     "bytebench_args": SHORT, "bytebench_baseline": "echo"})
        processes.append(process)
        rc = playbook.finish(process)
        print(f"rerun: {time.monotonic() - started:.1f} s since the start")
        check(rc == 0, f"the rerun of echo exited {rc}, not 0")
        files = sorted(os.listdir(os.path.join(run_dir, "echo")))
        check(len(files) == 2 and files[0] == ".attempts" and files[1].endswith(".json"),
              f"echo after its rerun: {files}, not .attempts and its result")
        check(os.listdir(os.path.join(run_dir, "echo", ".attempts")) == ["1"]
              and os.listdir(os.path.join(run_dir, "echo", ".attempts", "1")) == ["failure.json"],
              "echo's failure is not in echo/.attempts/1/")
        report = read_text(os.path.join(run_dir, "report.txt"))
        check(report != report_before and "echo failed" not in report,
              "report.txt after the rerun still shows echo's failure")
        for host in ("alpha", "bravo", "echo", "foxtrot", "golf", "charlie", "delta"):
            check(host in report, f"report.txt after the rerun does not name {host}")
        # echo is the baseline now (bytebench_baseline): its column first among the results.
        check(report.index("echo") < report.index("bravo"), "bytebench_baseline echo was not the baseline")
        summary = read_yaml(os.path.join(run_dir, "summary.yml"))
        check(summary.get("status") == "complete" and list(summary.get("hosts", {})) == ["echo"],
              f"summary.yml after the rerun: {summary}")

        # 3. -l: refused at once, nothing of the run folder changed.
        before = sorted(os.listdir(os.path.join(run_dir, "bravo")))
        process, log_path = playbook.start("limit", common, ["-l", "bravo"])
        processes.append(process)
        rc = playbook.finish(process, 30)
        log = read_text(log_path)
        check(rc != 0 and "-l/--limit would leave out the merge" in log and "bytebench_hosts=HOSTS" in log,
              f"-l was not refused (exit {rc})")
        check(sorted(os.listdir(os.path.join(run_dir, "bravo"))) == before, "-l bravo started an attempt")

        # 4. No bytebench on the controller: refused before any host is contacted.
        process, log_path = playbook.start("controller", {**common, "bytebench_run_id": "no-controller",
                                                          "bytebench_controller_bin": "/nonexistent/bytebench"})
        processes.append(process)
        rc = playbook.finish(process, 30)
        log = read_text(log_path)
        check(rc == 2 and "bytebench on the controller (/nonexistent/bytebench) cannot run" in log,
              f"a missing controller bytebench was not refused (exit {rc})")
        summary = read_yaml(os.path.join(fleet_dir, "no-controller", "summary.yml"))
        check(summary.get("status") == "no controller bytebench"
              and os.listdir(os.path.join(fleet_dir, "no-controller")) == ["summary.yml"],
              f"no-controller: {summary}, {os.listdir(os.path.join(fleet_dir, 'no-controller'))}")
        if args.show_output:
            for path in playbook.logs:
                print(read_text(path))
    except (CheckFailed, RuntimeError, OSError, LookupError, ValueError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        for path in (playbook.logs if playbook else []):
            print(f"--- {os.path.basename(path)} ---\n" + read_text(path), file=sys.stderr)
        for name, sshd in sshds.items():
            print(f"--- sshd of {name} (end) ---\n" + sshd.log_tail(), file=sys.stderr)
        return 1
    finally:
        if watch:
            watch.stop_event.set()
        for process in processes:
            fleet_support.stop_tree(process)
        for sshd in sshds.values():
            sshd.stop()
        stop_ssh_masters(work)
        for host in hosts.values():
            host.remove()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytebench", required=True, help="the bytebench the hosts run")
    parser.add_argument("--playbook-dir", required=True, help="examples/fleet/ansible")
    parser.add_argument("--show-output", action="store_true", help="print ansible-playbook's output")
    return fleet_support.run_as_test(run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
