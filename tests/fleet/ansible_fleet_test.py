#!/usr/bin/env python3
"""examples/fleet/ansible's playbook, for real: Debian's ansible-playbook over ssh to a throwaway
sshd on the loopback, the build tree's bytebench on each host, the merged reports checked.

Three hosts, each its own 127.0.0.x address and label: alpha (127.0.0.2) and bravo (127.0.0.3)
reach the sshd; charlie (127.0.0.4) is unreachable, nothing listens there. A host that is down
or firewalled is the failure a fleet meets most, and it is the one the playbook cannot catch
with block/rescue (ansible ends an unreachable host outside of it), so it is the one tested
here (bytebench exiting 2 on a host goes through the role's rescue, as any failed task does).
About 11-16 s on a 2-CPU machine: ansible-playbook's start and its module runs, more than bytebench.

Every process started here (sshd, ansible-playbook, and what runs under them) is stopped, and
the temporary folder removed, also when a check fails. Exits 77 (ctest's SKIP_RETURN_CODE)
when ansible-playbook or sshd is not installed.
"""
import argparse
import glob
import html
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fleet_support  # noqa: E402

SKIP = 77
RUN_ID = "test-run"
GOOD_HOSTS = {"alpha": ("127.0.0.2", "r1"), "bravo": ("127.0.0.3", "r2")}
BAD_HOSTS = {"charlie": ("127.0.0.4", "r3")}
# syscall for one short pass: a real run of a few tenths of a second per host.
BYTEBENCH_ARGS = ["syscall", "-c", "1", "-i", "1", "--duration", "0.2", "--settle", "0"]
PLAYBOOK_TIMEOUT_S = 120


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def inventory(sshd, port):
    hosts = {}
    for name, (address, rack) in {**GOOD_HOSTS, **BAD_HOSTS}.items():
        hosts[name] = {"ansible_host": address, "bytebench_labels": {"rack": rack}}
    ssh_args = ["-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={sshd.known_hosts}", "-o", "GlobalKnownHostsFile=/dev/null",
                "-o", "BatchMode=yes"]
    group_vars = {"ansible_port": port, "ansible_user": sshd.user,
                  "ansible_ssh_private_key_file": sshd.client_key,
                  "ansible_ssh_common_args": " ".join(ssh_args),
                  # The hosts are this machine: no interpreter discovery round trip.
                  "ansible_python_interpreter": "/usr/bin/python3"}
    return {"fleet": {"hosts": hosts, "vars": group_vars}}


def ansible_environment(work):
    """Nothing read from or written to ~/.ansible or an ansible.cfg; fast settings."""
    env = dict(os.environ)
    config = os.path.join(work, "ansible.cfg")
    open(config, "w").close()
    env.update({
        "ANSIBLE_CONFIG": config,
        "ANSIBLE_HOME": os.path.join(work, "ansible-home"),
        "ANSIBLE_LOCAL_TEMP": os.path.join(work, "ansible-local-tmp"),
        "ANSIBLE_REMOTE_TEMP": os.path.join(work, "ansible-remote-tmp"),
        "ANSIBLE_RETRY_FILES_ENABLED": "false",
        "ANSIBLE_PIPELINING": "true",
        "ANSIBLE_GATHERING": "explicit",
        "ANSIBLE_FORKS": "3",
        "ANSIBLE_TIMEOUT": "10",
        "ANSIBLE_HOST_KEY_CHECKING": "false",
        # No ControlPersist: no ssh master left behind in the background once the play ends.
        "ANSIBLE_SSH_ARGS": "-o ControlMaster=no",
        "ANSIBLE_NOCOLOR": "1",
        "ANSIBLE_DEPRECATION_WARNINGS": "false",
        "ANSIBLE_SYSTEM_WARNINGS": "false",
        "ANSIBLE_LOCALHOST_WARNING": "false",
        "ANSIBLE_PYTHON_INTERPRETER": "/usr/bin/python3",
    })
    env.pop("ANSIBLE_INVENTORY", None)
    return env


def run_playbook(playbook, inventory_file, extra_vars_file, env, work, log_path):
    command = ["ansible-playbook", "-i", inventory_file, "-e", "@" + extra_vars_file, playbook]
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            return process.wait(timeout=PLAYBOOK_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"ansible-playbook did not end within {PLAYBOOK_TIMEOUT_S} s")
        finally:
            fleet_support.stop_tree(process)


def read_json(path):
    with open(path) as file:
        return json.load(file)


def read_text(path):
    check(os.path.isfile(path), f"{path} was not written")
    with open(path) as file:
        return file.read()


def check_results(run_dir, remote_tmp):
    """The good hosts' results fetched, labelled; the bad host's failure record. Returns the
    failure reasons by host."""
    for host, (_, rack) in GOOD_HOSTS.items():
        results = glob.glob(os.path.join(run_dir, host, "*.json"))
        check(len(results) == 1, f"{host}: {len(results)} result files in {run_dir}/{host}, not 1")
        labels = read_json(results[0]).get("labels")
        check(labels == {"host": host, "rack": rack},
              f"{host}: labels {labels} in {results[0]}, not host={host} rack={rack}")
    reasons = {}
    for host, (address, rack) in BAD_HOSTS.items():
        files = os.listdir(os.path.join(run_dir, host))
        check(files == ["failure.json"], f"{host}: {files} in its folder, not failure.json alone")
        record = read_json(os.path.join(run_dir, host, "failure.json"))
        reason = record.get("reason", "")
        check(record.get("schema") == "bytebench.failure/1" and record.get("host") == host
              and record.get("labels") == {"host": host, "rack": rack},
              f"{host}: failure.json is {record}")
        # ssh's own message, not a broken pipe's.
        check(reason.startswith("unreachable: ") and f"{address} port" in reason
              and "Connection refused" in reason and "\n" not in reason,
              f"{host}: failure reason {reason!r} is not ssh's one line about {address}")
        reasons[host] = reason
    check(os.listdir(remote_tmp) == [], f"the hosts' temporary folders were left: {os.listdir(remote_tmp)}")
    return reasons


def one_spaced(text):
    """Runs of white space as one space: the text report wraps long warnings."""
    return " ".join(text.split())


def check_reports(run_dir, reasons):
    for extension in ("txt", "md", "html"):
        report = read_text(os.path.join(run_dir, "report." + extension))
        if extension == "html":
            check(report.lstrip().lower().startswith("<!doctype html"), "report.html is not a page")
            report = html.unescape(report)
        for host in GOOD_HOSTS:
            check(host in report, f"report.{extension} does not name {host}")
        for host, reason in reasons.items():
            check(host in report and one_spaced(reason) in one_spaced(report),
                  f"report.{extension} does not name {host} with its reason {reason!r}")


def run(args):
    for program in ("ansible-playbook",):
        if not shutil.which(program):
            raise fleet_support.SkipTest(f"{program} is not installed (Debian package ansible-core)")
    work = tempfile.mkdtemp(prefix="bytebench-ansible-fleet-")
    sshd = None
    log_path = os.path.join(work, "ansible.log")
    try:
        port = fleet_support.free_port()
        sshd = fleet_support.Sshd(work, [address for address, _ in GOOD_HOSTS.values()], port)
        sshd.start()
        inventory_file = os.path.join(work, "inventory.yml")
        with open(inventory_file, "w") as out:
            json.dump(inventory(sshd, port), out, indent=1)
        remote_tmp = os.path.join(work, "remote-tmp")
        os.mkdir(remote_tmp)
        fleet_dir = os.path.join(work, "fleet")
        # The runs on the hosts keep out of the user's bytebench history and cache: sshd gives
        # them a fresh environment, so the test's XDG folders go through bytebench_environment.
        environment = {key: os.environ.get(key, os.path.join(work, key.lower()))
                       for key in ("XDG_DATA_HOME", "XDG_CACHE_HOME")}
        extra_vars = {"bytebench_bin": args.bytebench, "bytebench_args": BYTEBENCH_ARGS,
                      "bytebench_run_id": RUN_ID, "bytebench_fleet_dir": fleet_dir,
                      "bytebench_remote_tmp": remote_tmp, "bytebench_environment": environment}
        extra_vars_file = os.path.join(work, "vars.json")
        with open(extra_vars_file, "w") as out:
            json.dump(extra_vars, out)
        rc = run_playbook(os.path.join(os.path.abspath(args.playbook_dir), "fleet.yml"), inventory_file,
                          extra_vars_file, ansible_environment(work), work, log_path)
        # 2: the last task says a host has no result, once the reports are written.
        check(rc == 2, f"ansible-playbook exited {rc}, not 2 (a host without a result)")
        log = read_text(log_path)
        check("1 host(s) without a result: charlie failed: unreachable" in log,
              "ansible-playbook's output does not end with charlie's failure")
        run_dir = os.path.join(fleet_dir, RUN_ID)
        check_reports(run_dir, check_results(run_dir, remote_tmp))
        if args.show_output:
            print(read_text(log_path))
    except (CheckFailed, RuntimeError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        if os.path.exists(log_path):
            print("--- ansible-playbook output ---\n" + read_text(log_path), file=sys.stderr)
        if sshd:
            print("--- sshd log (end) ---\n" + sshd.log_tail(), file=sys.stderr)
        return 1
    finally:
        if sshd:
            sshd.stop()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytebench", required=True, help="the bytebench the hosts run")
    parser.add_argument("--playbook-dir", required=True, help="examples/fleet/ansible")
    parser.add_argument("--show-output", action="store_true", help="print ansible-playbook's output")
    args = parser.parse_args()
    # ctest's timeout or a ^C: stop sshd and remove the folder on the way out (finally).
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(f"stopped by signal {signum}"))
    started = time.monotonic()
    try:
        status = run(args)
    except fleet_support.SkipTest as reason:
        print(f"skipped: {reason}")
        return SKIP
    print(f"{'ok' if status == 0 else 'failed'} in {time.monotonic() - started:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
