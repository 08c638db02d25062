#!/usr/bin/env python3
"""examples/fleet/slurm on a real, throwaway Slurm cluster.

Starts munged, slurmctld and one slurmd per node (n1..n4, all on this machine:
Debian's slurmd is built with multiple-slurmd support, `slurmd -N NAME`), each
with its own ports, paths and logs in a temporary folder, then submits
submit.sh's array and merge jobs with real bytebench runs:
  task 1, 2: a short syscall run -> a result each, labelled with its node;
  task 3:    a bad test name -> bytebench exits 2 -> the task's failure record;
  task 4:    a long run, its batch script and bytebench SIGKILLed while it
             runs -> no record of its own, the merge job writes "no result: ...".
Checks the shared results folder and the merged reports, stops every daemon it
started (also when a check fails) and removes the folder.

Runs as root or as any user (the cluster's SlurmUser is whoever runs it).
munged insists on safe folders: the temporary folder's parents ($TMPDIR) must
not be writable by others without the sticky bit. BYTEBENCH_KEEP_TEST_DIR=1
keeps the temporary folder (configuration, logs, results) for a look.

Exit 0 passed, 1 failed, 77 skipped (Slurm or munge not installed: `make test`
installs them, DEBIAN_TEST_PACKAGES).
"""

import argparse
import ctypes
import glob
import html
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77
NODES = ["n1", "n2", "n3", "n4"]
TOOLS = ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "scancel", "sinfo"]
DONE_STATES = {"COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY",
               "BOOT_FAIL", "DEADLINE", "PREEMPTED"}
START_TIMEOUT_S = 20
JOBS_TIMEOUT_S = 60


class TestFailure(Exception):
    pass


def tail(path, lines=15):
    try:
        with open(path, errors="replace") as f:
            text = f.read().splitlines()
    except OSError as e:
        return f"({path}: {e.strerror})"
    return "\n".join(f"    {line}" for line in text[-lines:]) or "    (empty)"


def die_with_parent():
    """In the child before exec: SIGTERM when the test dies, even of SIGKILL (a
    ctest timeout), so that no daemon outlives it."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Daemon:
    """A daemon in the foreground, in its own process group, output to a file."""

    def __init__(self, name, argv, folder, env, log_file=None):
        self.name = name
        self.out = os.path.join(folder, f"{name}.out")
        self.log_file = log_file
        with open(self.out, "w") as out:
            self.proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env,
                                         stdin=subprocess.DEVNULL, start_new_session=True,
                                         preexec_fn=die_with_parent)

    def alive(self):
        return self.proc.poll() is None

    def why(self):
        """Its exit and the tails of its output and log, for a failure message."""
        state = "running" if self.alive() else f"exited {self.proc.returncode}"
        text = f"{self.name} ({state}), output {self.out}:\n{tail(self.out)}"
        if self.log_file:
            text += f"\n  log {self.log_file}:\n{tail(self.log_file)}"
        return text

    def stop(self):
        for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            if not self.alive():
                break
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        if self.alive():
            print(f"warning: {self.name} (pid {self.proc.pid}) survived SIGKILL", file=sys.stderr)


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def wait_for(what, ready, daemons, timeout_s=START_TIMEOUT_S):
    """Polls ready() until true; fails at once, with the daemons' logs, when one dies."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for d in daemons:
            if not d.alive():
                raise TestFailure(f"{d.name} stopped while waiting for {what}:\n{d.why()}")
        if ready():
            return
        time.sleep(0.1)
    logs = "\n".join(d.why() for d in daemons)
    raise TestFailure(f"timed out after {timeout_s} s waiting for {what}:\n{logs}")


class Cluster:
    def __init__(self, root):
        self.root = root
        self.daemons = []
        self.env = dict(os.environ, SLURM_CONF=os.path.join(root, "slurm.conf"))

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def start_munge(self):
        # munged checks permissions: the key private, the socket's folder
        # searchable by all and writable only by its owner.
        for folder, mode in (("munge-key", 0o700), ("munge", 0o755)):
            os.mkdir(self.path(folder), mode)
        key = self.path("munge-key", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        self.munge_socket = self.path("munge", "socket")
        log = self.path("munge", "munged.log")
        munged = Daemon("munged", ["munged", "--foreground", f"--socket={self.munge_socket}",
                                   f"--key-file={key}", f"--pid-file={self.path('munge', 'pid')}",
                                   f"--log-file={log}", f"--seed-file={self.path('munge', 'seed')}"],
                        self.root, self.env, log)
        self.daemons.append(munged)
        wait_for("munged's socket", lambda: os.path.exists(self.munge_socket), [munged])

    def write_config(self):
        ctld_port, slurmd_port, *node_ports = free_ports(2 + len(NODES))
        user = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
        for folder in ("state", "log", *(f"spool/{n}" for n in NODES)):
            os.makedirs(self.path(folder))
        nodes = "\n".join(f"NodeName={n} NodeHostname=localhost NodeAddr=127.0.0.1 Port={p}"
                          for n, p in zip(NODES, node_ports))
        config = f"""\
ClusterName=bytebench-test
SlurmctldHost=localhost
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
AuthInfo=socket={self.munge_socket}
CredType=cred/munge
StateSaveLocation={self.path('state')}
SlurmdSpoolDir={self.path('spool')}/%n
SlurmctldPidFile={self.path('slurmctld.pid')}
SlurmdPidFile={self.path('spool')}/%n/slurmd.pid
SlurmctldLogFile={self.path('log', 'slurmctld.log')}
SlurmdLogFile={self.path('log')}/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/linear
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_interval=1
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MessageTimeout=5
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=1
MinJobAge=600
{nodes}
PartitionName=test Nodes={','.join(NODES)} Default=YES MaxTime=INFINITE State=UP
"""
        with open(self.env["SLURM_CONF"], "w") as f:
            f.write(config)

    def start_slurm(self):
        conf = self.env["SLURM_CONF"]
        ctld = Daemon("slurmctld", ["slurmctld", "-D", "-f", conf], self.root, self.env,
                      self.path("log", "slurmctld.log"))
        self.daemons.append(ctld)
        wait_for("slurmctld to answer", lambda: self.slurm(["scontrol", "ping"], check=False)
                 .stdout.find("UP") >= 0, [ctld])
        for n in NODES:
            self.daemons.append(Daemon(f"slurmd-{n}", ["slurmd", "-D", "-f", conf, "-N", n],
                                       self.root, self.env, self.path("log", f"slurmd-{n}.log")))

        def nodes_idle():
            states = self.slurm(["sinfo", "-h", "-N", "-o", "%N %T"], check=False).stdout.split()
            return states.count("idle") == len(NODES)

        wait_for(f"{len(NODES)} idle nodes", nodes_idle, self.daemons)

    def slurm(self, argv, check=True, env=None):
        try:
            result = subprocess.run(argv, capture_output=True, text=True, env=env or self.env,
                                    timeout=30)
        except subprocess.TimeoutExpired:
            raise TestFailure(f"{' '.join(argv)} did not answer in 30 s")
        if check and result.returncode != 0:
            raise TestFailure(f"{' '.join(argv)} exited {result.returncode}: "
                              f"{result.stderr.strip() or result.stdout.strip()}")
        return result

    def jobs(self, job_id):
        """{array task id or None: {field: value}} of `scontrol show job`."""
        out = self.slurm(["scontrol", "-o", "show", "job", str(job_id)]).stdout
        jobs = {}
        for line in out.splitlines():
            fields = dict(word.split("=", 1) for word in line.split() if "=" in word)
            jobs[fields.get("ArrayTaskId")] = fields
        return jobs

    def stop(self):
        # Jobs first (their steps are not children of slurmd), then the daemons,
        # the authentication last.
        if any(d.name == "slurmctld" and d.alive() for d in self.daemons):
            try:
                self.slurm(["scancel", "--full", "--user", str(os.getuid())], check=False)
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    queue = self.slurm(["squeue", "-h"], check=False)
                    if queue.returncode != 0 or not queue.stdout.strip():
                        break
                    time.sleep(0.2)
            except TestFailure as e:
                print(f"warning: jobs not cancelled: {e}", file=sys.stderr)
        for d in reversed(self.daemons):
            d.stop()


def check(condition, message):
    if not condition:
        raise TestFailure(message)


def read_json(path, outputs=""):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise TestFailure(f"{path}: {e}\n{outputs}")


def processes():
    """{pid: (parent pid, argv)} of every process."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv = f.read().decode(errors="replace").split("\0")
        except (OSError, IndexError, ValueError):
            continue
        found[int(entry)] = (parent, argv)
    return found


def kill_batch_script(spool, task):
    """SIGKILLs the batch script of array task TASK (found by its spool folder
    and its SLURM_ARRAY_TASK_ID) and every process under it, stopped first so
    that none escapes. Returns the pids killed."""
    def is_task_script(pid, argv):
        if not any(a.startswith(spool) and a.endswith("/slurm_script") for a in argv):
            return False
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                return f"SLURM_ARRAY_TASK_ID={task}".encode() in f.read().split(b"\0")
        except OSError:
            return False

    def tree():
        table = processes()
        pids = [p for p, (_, argv) in table.items() if is_task_script(p, argv)]
        for pid in pids:
            pids += [p for p, (parent, _) in table.items() if parent == pid and p not in pids]
        return pids

    for sig in (signal.SIGSTOP, signal.SIGKILL):
        pids = tree()
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
    return pids


def run_fleet(cluster, bytebench, scripts):
    results = cluster.path("results")
    env = dict(cluster.env, RESULTS=results, BYTEBENCH=bytebench,
               BYTEBENCH_ARGS="syscall -i 1 --duration 0.2 --settle 0",
               BYTEBENCH_ARGS_3="no_such_test",
               BYTEBENCH_ARGS_4="syscall -i 1 --duration 120 --settle 0",
               BYTEBENCH_LABELS="fleet=slurm-test",
               XDG_DATA_HOME=cluster.path("xdg-data"), XDG_CACHE_HOME=cluster.path("xdg-cache"))
    submitted = cluster.slurm([os.path.join(scripts, "submit.sh"), "--array=1-4"], env=env)
    ids = dict(line.split(" ", 1) for line in submitted.stdout.splitlines() if " " in line)
    check("array" in ids and "merge" in ids,
          f"submit.sh printed no job ids:\n{submitted.stdout}{submitted.stderr}")
    array_job, merge_job = ids["array"], ids["merge"]
    job_dir = os.path.join(results, array_job)
    print(f"array job {array_job}, merge job {merge_job}, results {job_dir}")
    submitted_at = time.monotonic()

    def output(name):
        return f"{name}:\n{tail(os.path.join(results, name), 30)}"

    # Task 4 is killed once it has started (its node.txt written), with SIGKILL,
    # as the OOM killer would: a task that ends without a word. Slurm cannot do it: scancel (any
    # signal, KILL too) sends SIGTERM first, and bytebench then writes what it
    # measured as an incomplete result.
    wait_for("task 4 to start", lambda: os.path.exists(os.path.join(job_dir, "4", "node.txt")),
             cluster.daemons, JOBS_TIMEOUT_S)
    killed = kill_batch_script(cluster.path("spool"), "4")
    check(killed, f"no batch script of task 4 under {cluster.path('spool')} to kill")

    def merge_done():
        return cluster.jobs(merge_job)[None]["JobState"] in DONE_STATES

    try:
        wait_for("the array and the merge job to end", merge_done, cluster.daemons, JOBS_TIMEOUT_S)
    except TestFailure as e:
        raise TestFailure(f"{e}\nqueue:\n{cluster.slurm(['squeue'], check=False).stdout}")

    print(f"jobs ended {time.monotonic() - submitted_at:.1f} s after submission")
    tasks = cluster.jobs(array_job)
    merge = cluster.jobs(merge_job)[None]
    outputs = "\n".join(output(os.path.basename(p))
                        for p in sorted(glob.glob(os.path.join(results, "slurm-*.out"))))
    states = {t: (f["JobState"], f["ExitCode"]) for t, f in tasks.items()}
    expected = {"1": ("COMPLETED", "0:0"), "2": ("COMPLETED", "0:0"), "3": ("FAILED", "2:0"),
                "4": ("FAILED", "0:9")}
    check(states == expected,
          f"array tasks ended {states}, expected {expected}\n{outputs}")
    check(merge["JobState"] == "COMPLETED",
          f"merge job ended {merge['JobState']} {merge['ExitCode']}\n{outputs}")
    return job_dir, outputs


def check_results(job_dir, outputs):
    nodes = {}
    for task in ("1", "2"):
        found = glob.glob(os.path.join(job_dir, task, "*.json"))
        check(len(found) == 1 and not found[0].endswith("failure.json"),
              f"task {task}: expected one result in {job_dir}/{task}, found {found}\n{outputs}")
        labels = read_json(found[0]).get("labels", {})
        check(labels.get("task") == task and labels.get("node") in NODES
              and labels.get("host") == labels.get("node") and labels.get("fleet") == "slurm-test",
              f"task {task}: labels {labels} in {found[0]}")
        nodes[task] = labels["node"]

    failure = read_json(os.path.join(job_dir, "3", "failure.json"), outputs)
    check(failure.get("schema") == "bytebench.failure/1"
          and failure.get("reason", "").startswith("bytebench exited 2: ")
          and "no_such_test" in failure.get("reason", "")
          and failure.get("labels", {}).get("task") == "3"
          and failure.get("host") in NODES and failure["labels"].get("node") == failure["host"],
          f"task 3's failure record: {failure}")
    nodes["3"] = failure["host"]

    missing = read_json(os.path.join(job_dir, "4", "failure.json"), outputs)
    check(missing.get("schema") == "bytebench.failure/1"
          and missing.get("reason", "").startswith("no result: the task ended without writing one")
          and "(Slurm state FAILED)" in missing.get("reason", "")
          and missing.get("labels", {}).get("task") == "4" and missing.get("host") in NODES,
          f"task 4's failure record (by the merge job): {missing}")
    nodes["4"] = missing["host"]
    # The tasks start together, each on its own node (--exclusive, 4 free nodes).
    check(len(set(nodes.values())) == 4, f"tasks shared nodes: {nodes}")
    return nodes, failure, missing


def words(text):
    """TEXT with its whitespace runs as single spaces: the text reporter wraps long warnings."""
    return " ".join(text.split())


def check_reports(job_dir, nodes, failure, missing, outputs):
    """report.txt, .md and .html: a column per node, each failed node named with its reason."""
    for ext in ("txt", "md", "html"):
        path = os.path.join(job_dir, f"report.{ext}")
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            raise TestFailure(f"{path}: {e.strerror}\n{outputs}")
        flat = words(html.unescape(text) if ext == "html" else text)
        for node in (nodes["1"], nodes["2"]):
            check(node in flat, f"report.{ext} has no column for {node}:\n{text}")
        for record in (failure, missing):
            named = f"{record['host']} failed: {record['reason']}"
            check(named in flat, f"report.{ext} does not say '{named}':\n{text}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytebench", required=True, help="the bytebench binary")
    parser.add_argument("--scripts", required=True, help="examples/fleet/slurm")
    args = parser.parse_args()
    started = time.monotonic()

    missing_tools = [t for t in TOOLS if not shutil.which(t, path=os.environ.get("PATH", "") +
                                                          ":/usr/sbin:/sbin")]
    if missing_tools:
        print(f"SKIP: not installed: {' '.join(missing_tools)} "
              "(Debian: slurmctld slurmd slurm-client munge)")
        return SKIP
    os.environ["PATH"] += ":/usr/sbin:/sbin"

    # A SIGTERM (ctest, a user) ends the test through its finally: daemons stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("killed by SIGTERM"))
    root = tempfile.mkdtemp(prefix="bb-slurm-")
    os.chmod(root, 0o755)  # munged's socket folder must be reachable by all
    cluster = Cluster(root)
    status = 1
    try:
        cluster.start_munge()
        cluster.write_config()
        cluster.start_slurm()
        print(f"cluster up in {time.monotonic() - started:.1f} s: munged, slurmctld, "
              f"slurmd {' '.join(NODES)}")
        job_dir, outputs = run_fleet(cluster, os.path.abspath(args.bytebench),
                                     os.path.abspath(args.scripts))
        nodes, failure, missing = check_results(job_dir, outputs)
        check_reports(job_dir, nodes, failure, missing, outputs)
        print(f"results: tasks 1, 2 on {nodes['1']}, {nodes['2']}; task 3 ({nodes['3']}) failed: "
              f"{failure['reason']}; task 4 ({missing['host']}): {missing['reason']}")
        status = 0
    except TestFailure as e:
        print(f"FAIL: {e}", file=sys.stderr)
    finally:
        stopping = time.monotonic()
        cluster.stop()
        print(f"cluster stopped in {time.monotonic() - stopping:.1f} s")
        if os.environ.get("BYTEBENCH_KEEP_TEST_DIR"):
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
        print(f"total {time.monotonic() - started:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
