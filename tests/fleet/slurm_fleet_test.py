#!/usr/bin/env python3
"""examples/fleet/slurm, installed, on a real, throwaway Slurm cluster.

Installs the build tree (cmake --install) into a temporary prefix, whose
submit.sh must be executable, and starts munged, slurmctld and one slurmd per
node (n1..n4, all on this machine: Debian's slurmd is built with
multiple-slurmd support, `slurmd -N NAME`), each with its own ports, paths and
logs in a temporary folder. Then, as the README says (`./submit.sh` in the
installed folder, the installed bytebench), with real bytebench runs:

  array 1-7, the default --no-requeue:
    task 1, 2, 4: a short run each on three nodes -> a result each;
    task 3:       a longer run on the fourth node, which crashes once the run's
                  first result is written (its slurmd, slurmstepd, batch script
                  and bytebench SIGKILLed) -> Slurm's NODE_FAIL, no requeue, and
                  the merge job's failure record with state node_fail beside
                  the incomplete result;
    task 5:       a short run on a node that ran one of 1, 2, 4: a node of two
                  results, pooled into its column;
    task 6:       a bad test name -> bytebench exits 2 -> the task's own record;
    task 7:       a run of 15 passes, cancelled (scancel) once its first result is
                  written -> bytebench's incomplete result, the merge job's
                  record with state cancelled beside it;
    the merge job exits 3 (tasks without a complete result), reports written;
    then bytebench-merge.sbatch again by hand with BYTEBENCH_BASELINE naming a
    node (the reports against it), then naming no column (exit 2, the reports
    written against the default all the same).
  array 1 with --requeue, requeued (scontrol requeue) once it wrote its first
    result: the task's folder holds the second attempt's complete result, the
    first attempt is in .attempts/1.
Neither writes the history of the user who submitted them. Stops every daemon
it started (also when a check fails) and removes the folder.

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
import re
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
        self.crashed = set()  # names of the daemons killed on purpose
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
AuthInfo=socket={self.munge_socket},cred_expire=10
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
SlurmdTimeout=5
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

    def running(self):
        """The daemons that must be alive: all but those crashed on purpose."""
        return [d for d in self.daemons if d.name not in self.crashed]

    def crash_node(self, node, job, task):
        """NODE crashes while it runs array task TASK of JOB: its slurmd, the task's
        slurmstepd and everything below it SIGKILLed, stopped first so that none reports
        anything. Returns the pids killed."""
        slurmd = next(d for d in self.daemons if d.name == f"slurmd-{node}")
        self.crashed.add(slurmd.name)
        pids = kill_task(self.path("spool"), job, task, signal.SIGSTOP)
        os.killpg(slurmd.proc.pid, signal.SIGKILL)
        slurmd.proc.wait()
        kill_task(self.path("spool"), job, task, signal.SIGKILL)
        return pids

    def slurm(self, argv, check=True, env=None, cwd=None):
        try:
            result = subprocess.run(argv, capture_output=True, text=True, env=env or self.env,
                                    cwd=cwd, timeout=30)
        except subprocess.TimeoutExpired:
            raise TestFailure(f"{' '.join(argv)} did not answer in 30 s")
        except OSError as e:
            raise TestFailure(f"{' '.join(argv)} (in {cwd or os.getcwd()}): {e}")
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


def kill_task(spool, job, task, sig):
    """Sends SIG to array task JOB_TASK's slurmstepd (the parent of its batch script, found by
    its spool folder and its SLURM_ARRAY_JOB_ID and SLURM_ARRAY_TASK_ID) and every process
    below it. Returns the pids signalled."""
    wanted = {f"SLURM_ARRAY_JOB_ID={job}".encode(), f"SLURM_ARRAY_TASK_ID={task}".encode()}

    def is_task_script(pid, argv):
        if not any(a.startswith(spool) and a.endswith("/slurm_script") for a in argv):
            return False
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                return wanted <= set(f.read().split(b"\0"))
        except OSError:
            return False

    table = processes()
    pids = []
    for script in (p for p, (_, argv) in table.items() if is_task_script(p, argv)):
        stepd = table[script][0]
        # slurmstepd names itself "slurmstepd: [JOB.batch]".
        in_stepd = stepd in table and table[stepd][1][0].startswith("slurmstepd")
        pids.append(stepd if in_stepd else script)
    for pid in pids:
        pids += [p for p, (parent, _) in table.items() if parent == pid and p not in pids]
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass
    return pids


SHORT_RUN = "syscall -c 1 -i 1 --duration 0.2 --settle 0"
# Two tests of 2 s at 1 and 2 copies: the result is first written after the
# first, and the run goes on for 6 s more, the time to kill it mid-run.
LONG_RUN = "syscall pipe -i 1 --duration 2 --settle 0"
# SHORT_RUN's method and copy count, so that its incomplete result pools with SHORT_RUN's results
# on a node (a column split by what differs would hide the node of two tasks); 3 s a test, and
# the result is first written after the first.
CANCELLED_RUN = "syscall pipe -c 1 -i 15 --duration 0.2 --settle 0"


def install(cmake, build_dir, prefix):
    """`cmake --install` of the build tree into PREFIX, as a user installs it; returns the
    installed examples/fleet/slurm and bytebench. The scripts must be executable there: the
    README runs ./submit.sh."""
    try:
        done = subprocess.run([cmake, "--install", build_dir, "--prefix", prefix],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise TestFailure("cmake --install took more than 120 s")
    check(done.returncode == 0, f"cmake --install exited {done.returncode}:\n{done.stderr[-2000:]}")
    scripts = os.path.join(prefix, "share", "doc", "bytebench", "examples", "fleet", "slurm")
    for name in ("submit.sh", "bytebench-array.sbatch", "bytebench-merge.sbatch"):
        path = os.path.join(scripts, name)
        check(os.path.isfile(path), f"{path} is not installed")
        check(os.access(path, os.X_OK),
              f"the installed {path} is not executable (mode {os.stat(path).st_mode & 0o777:o})")
    return scripts, os.path.join(prefix, "bin", "bytebench")


def submit(cluster, scripts, env, *options):
    """./submit.sh OPTIONS in the installed examples folder, as the README runs it: the array's
    and the merge's job ids."""
    submitted = cluster.slurm(["./submit.sh", *options], env=env, cwd=scripts)
    ids = dict(line.split(" ", 1) for line in submitted.stdout.splitlines() if " " in line)
    check("array" in ids and "merge" in ids,
          f"submit.sh printed no job ids:\n{submitted.stdout}{submitted.stderr}")
    return ids["array"], ids["merge"]


def outputs(results):
    """Every job output in RESULTS, for a failure message."""
    return "\n".join(f"{os.path.basename(p)}:\n{tail(p, 30)}"
                     for p in sorted(glob.glob(os.path.join(results, "slurm-*.out"))))


def wait_for_file(cluster, pattern, what):
    wait_for(what, lambda: glob.glob(pattern), cluster.running(), JOBS_TIMEOUT_S)
    return glob.glob(pattern)[0]


def wait_ended(cluster, job, what, results):
    try:
        wait_for(what, lambda: cluster.jobs(job)[None]["JobState"] in DONE_STATES,
                 cluster.running(), JOBS_TIMEOUT_S)
    except TestFailure as e:
        raise TestFailure(f"{e}\nqueue:\n{cluster.slurm(['squeue'], check=False).stdout}\n"
                          f"{outputs(results)}")


def task_results(task_dir):
    """The result files of a task's folder (not its failure record, not .attempts)."""
    return sorted(f for f in glob.glob(os.path.join(task_dir, "*.json"))
                  if os.path.basename(f) != "failure.json")


def check_failure_record(path, task, state, reason_start, reason_end, more=""):
    record = read_json(path, more)
    reason = record.get("reason", "")
    check(record.get("schema") == "bytebench.failure/1" and record.get("state") == state
          and reason.startswith(reason_start) and reason.endswith(reason_end)
          and record.get("labels", {}).get("task") == task
          and record["labels"].get("node") == record.get("host")
          and record["labels"].get("fleet") == "slurm-test",
          f"task {task}'s failure record {path}: {record}, expected state {state} and a reason "
          f"'{reason_start}...{reason_end}'\n{more}")
    # One clean line: no newline, no doubled prefix, no Python bytes repr.
    check("\n" not in reason and "bytebench: error:" not in reason and "b'" not in reason,
          f"task {task}'s failure reason is not one clean line: {reason!r}")
    return record


def words(text):
    """TEXT with its whitespace runs as single spaces: the text reporter wraps long warnings."""
    return " ".join(text.split())


def report_text(job_dir, ext, more=""):
    path = os.path.join(job_dir, f"report.{ext}")
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise TestFailure(f"{path}: {e.strerror}\n{more}")
    return text, words(html.unescape(text) if ext == "html" else text)


def run_main_array(cluster, scripts, env):
    """The array of 7 tasks on 4 nodes; returns what the later checks need."""
    results = env["RESULTS"]
    array_job, merge_job = submit(cluster, scripts, env, "--array=1-7")
    job_dir = os.path.join(results, array_job)
    print(f"array job {array_job}, merge job {merge_job}, results {job_dir}")
    submitted_at = time.monotonic()

    # Task 3's node crashes mid-run, once its first result is written: its slurmd, its
    # slurmstepd, the batch script and bytebench all SIGKILLed, as a power cut would.
    wait_for_file(cluster, os.path.join(job_dir, "3", "*.json"), "task 3's first result")
    with open(os.path.join(job_dir, "3", "node.txt")) as f:
        crashed = f.read().strip()
    killed = cluster.crash_node(crashed, array_job, "3")
    check(killed, f"no processes of task 3 on {crashed} to kill")
    crashed_at = time.monotonic()
    print(f"crashed node {crashed} (task 3) {crashed_at - submitted_at:.1f} s after submission")
    # Task 7, started once a node came free, is cancelled mid-run: Slurm's SIGTERM, bytebench's
    # incomplete result.
    wait_for_file(cluster, os.path.join(job_dir, "7", "*.json"), "task 7's first result")
    cluster.slurm(["scancel", f"{array_job}_7"])
    return array_job, merge_job, job_dir, crashed, crashed_at


def run_requeued_array(cluster, scripts, env):
    """One task, --requeue: requeued once it wrote its first result, so it runs twice into
    the same folder."""
    array_job, merge_job = submit(cluster, scripts, dict(env, BYTEBENCH_ARGS=LONG_RUN.replace(
        "--duration 2", "--duration 1")), "--requeue", "--array=1")
    job_dir = os.path.join(env["RESULTS"], array_job)
    print(f"requeued array job {array_job}, merge job {merge_job}, results {job_dir}")
    wait_for_file(cluster, os.path.join(job_dir, "1", "*.json"), "the requeued task's first result")
    cluster.slurm(["scontrol", "requeue", f"{array_job}_1"])
    return array_job, merge_job, job_dir


def check_main_array(cluster, array_job, merge_job, job_dir, crashed, results):
    more = outputs(results)
    tasks = cluster.jobs(array_job)
    states = {t: (f["JobState"], f["ExitCode"]) for t, f in tasks.items()}
    expected = {"1": ("COMPLETED", "0:0"), "2": ("COMPLETED", "0:0"), "3": ("NODE_FAIL", "0:0"),
                "4": ("COMPLETED", "0:0"), "5": ("COMPLETED", "0:0"), "6": ("FAILED", "2:0"),
                "7": ("CANCELLED", "143:0")}
    check(states == expected, f"array tasks ended {states}, expected {expected}\n{more}")
    check(all(f.get("Restarts") == "0" for f in tasks.values()),
          f"a task was requeued (--no-requeue is the default): "
          f"{ {t: f.get('Restarts') for t, f in tasks.items()} }")
    merge = cluster.jobs(merge_job)[None]
    # Exit 3: the reports are written, but tasks 3, 6 and 7 have no complete result.
    check((merge["JobState"], merge["ExitCode"]) == ("FAILED", "3:0"),
          f"merge job ended {merge['JobState']} {merge['ExitCode']}, expected FAILED 3:0\n{more}")

    nodes = {}
    for task in ("1", "2", "4", "5"):
        found = task_results(os.path.join(job_dir, task))
        check(len(found) == 1,
              f"task {task}: expected one result in {job_dir}/{task}, found {found}")
        result = read_json(found[0])
        labels = result.get("labels", {})
        check(result.get("status") == "complete" and labels.get("task") == task
              and labels.get("node") in NODES and labels.get("host") == labels.get("node")
              and labels.get("fleet") == "slurm-test",
              f"task {task}: status {result.get('status')}, labels {labels} in {found[0]}")
        nodes[task] = labels["node"]
    check(crashed not in nodes.values(), f"a task ran on the crashed node {crashed}: {nodes}")
    # Tasks 1, 2 and 4 ran at once on three nodes, task 5 then on one of them: a node with
    # two results, each in its task's folder with its own task label.
    check(len(set(nodes[t] for t in ("1", "2", "4"))) == 3 and nodes["5"] in nodes.values(),
          f"tasks 1, 2, 4 did not run on three nodes and task 5 on one of them: {nodes}")
    twice = nodes["5"]

    crash = check_failure_record(
        os.path.join(job_dir, "3", "failure.json"), "3", "node_fail",
        "incomplete result: the task ended before bytebench finished", "(Slurm state NODE_FAIL)",
        more)
    check(crash["host"] == crashed, f"task 3's failure record names {crash['host']}, not {crashed}")
    check(len(task_results(os.path.join(job_dir, "3"))) == 1,
          "task 3's incomplete result is not kept beside its failure record")
    bad = check_failure_record(os.path.join(job_dir, "6", "failure.json"), "6", "failed",
                               "bytebench exited 2: ", "", more)
    check("no_such_test" in bad["reason"], f"task 6's reason does not name the test: {bad}")
    cancelled = check_failure_record(
        os.path.join(job_dir, "7", "failure.json"), "7", "cancelled",
        "incomplete result: the task ended before bytebench finished", "(Slurm state CANCELLED)",
        more)
    kept = task_results(os.path.join(job_dir, "7"))
    check(len(kept) == 1 and read_json(kept[0]).get("status") == "incomplete",
          f"task 7's incomplete result is not kept beside its failure record: {kept}")
    attempts = glob.glob(os.path.join(job_dir, "*", ".attempts"))
    check(not attempts, f"attempts kept where no task was requeued: {attempts}")

    # The reports: a column per node, the node of two tasks pooled, each failure named.
    for ext in ("txt", "md", "html"):
        text, flat = report_text(job_dir, ext, more)
        for node in set(nodes.values()) | {crashed}:
            check(node in flat, f"report.{ext} has no column for {node}:\n{text}")
        for record in (crash, bad, cancelled):
            said = f"failed ({record['state']}): {record['reason']}" if record.get("state") \
                else f"failed: {record['reason']}"
            check(said in flat, f"report.{ext} does not say '{said}':\n{text}")
        # Columns that pool results of one build are that build (issue 36, defect 4).
        check("built differently" not in flat, f"report.{ext} calls a pooled column another build:\n{text}")
    # Its column pools every file of the tasks that ran there: both results, and the records
    # and incomplete result of tasks 6 and 7 when they ran there too.
    pooled = 0
    for task in map(str, range(1, 8)):
        with open(os.path.join(job_dir, task, "node.txt")) as f:
            if f.read().strip() == twice:
                pooled += len(glob.glob(os.path.join(job_dir, task, "*.json")))
    text, flat = report_text(job_dir, "txt")
    check(re.search(rf"\] {twice}: {pooled} results", text),
          f"report.txt does not pool the {pooled} results of {twice} into its column:\n{text}")
    return nodes, crash, bad, cancelled


def check_requeued_array(cluster, array_job, merge_job, job_dir, results):
    """The folder holds the newest attempt, complete; the first is in .attempts/1."""
    more = outputs(results)
    task = cluster.jobs(array_job)["1"]
    merge = cluster.jobs(merge_job)[None]
    check((task["JobState"], task.get("Restarts")) == ("COMPLETED", "1"),
          f"the requeued task ended {task['JobState']} after {task.get('Restarts')} "
          f"restarts\n{more}")
    check((merge["JobState"], merge["ExitCode"]) == ("COMPLETED", "0:0"),
          f"its merge job ended {merge['JobState']} {merge['ExitCode']}\n{more}")
    folder = os.path.join(job_dir, "1")
    newest = task_results(folder)
    check(len(newest) == 1 and read_json(newest[0]).get("status") == "complete"
          and not os.path.exists(os.path.join(folder, "failure.json")),
          f"{folder} holds {os.listdir(folder)}, not the second attempt's complete result alone")
    attempts = os.path.join(folder, ".attempts")
    check(sorted(os.listdir(attempts)) == ["1"], f"{attempts} holds {os.listdir(attempts)}, not 1")
    first = task_results(os.path.join(attempts, "1"))
    check(len(first) == 1 and read_json(first[0]).get("status") == "incomplete"
          and os.path.exists(os.path.join(attempts, "1", "node.txt")),
          f"{attempts}/1 holds {os.listdir(os.path.join(attempts, '1'))}, not the first "
          "attempt's incomplete result and node.txt")
    text, flat = report_text(job_dir, "txt", more)
    check("incomplete" not in flat and "1 result" in flat,
          f"the requeued task's report is not of its complete second attempt alone:\n{text}")


def merge_again(cluster, scripts, env, array_job, baseline):
    """bytebench-merge.sbatch by hand, as the README says to merge again, with
    BYTEBENCH_BASELINE: (its JobState and ExitCode, its output, report.txt)."""
    merge_env = dict(env, BYTEBENCH_ARRAY_JOB=array_job, BYTEBENCH_ARRAY="1-7",
                     BYTEBENCH_BASELINE=baseline)
    out = os.path.join(env["RESULTS"], "slurm-%j-merge.out")
    job = cluster.slurm(["sbatch", "--parsable", f"--output={out}", "bytebench-merge.sbatch"],
                        env=merge_env, cwd=scripts).stdout.strip().split(";")[0]
    wait_ended(cluster, job, f"the merge job with BYTEBENCH_BASELINE={baseline} to end",
               env["RESULTS"])
    merge = cluster.jobs(job)[None]
    with open(out.replace("%j", job)) as f:
        output = f.read()
    text, flat = report_text(os.path.join(env["RESULTS"], array_job), "txt")
    return (merge["JobState"], merge["ExitCode"]), output, text, flat


def check_merges_again(cluster, scripts, env, array_job, baseline):
    """A baseline is passed on; one that names no column costs no report."""
    ended, output, text, flat = merge_again(cluster, scripts, env, array_job, baseline)
    check(ended == ("FAILED", "3:0"), f"the merge with BYTEBENCH_BASELINE={baseline} ended "
          f"{ended}, expected FAILED 3:0 (tasks without a complete result):\n{output}")
    check(f"(deltas against {baseline})" in flat,
          f"report.txt is not against BYTEBENCH_BASELINE={baseline}:\n{text}")
    ended, output, text, flat = merge_again(cluster, scripts, env, array_job, "n9")
    check(ended == ("FAILED", "2:0") and "--baseline n9: no such column" in output
          and output.count("against compare's default baseline") == 3,
          f"the merge with BYTEBENCH_BASELINE=n9 ended {ended}, expected FAILED 2:0 with "
          f"compare's error and the reports written against the default:\n{output}")
    check("deltas against" in flat and f"(deltas against {baseline})" not in flat,
          f"report.txt was not written again against the default baseline:\n{text}")


def run(cluster, cmake, build_dir):
    installing = time.monotonic()
    scripts, bytebench = install(cmake, build_dir, cluster.path("prefix"))
    print(f"installed in {time.monotonic() - installing:.1f} s: {scripts}")
    results = cluster.path("results")
    history = os.path.join(cluster.path("xdg-data"), "bytebench", "history.db")
    env = dict(cluster.env, RESULTS=results, BYTEBENCH=bytebench, BYTEBENCH_ARGS=SHORT_RUN,
               BYTEBENCH_ARGS_3=LONG_RUN, BYTEBENCH_ARGS_6="no_such_test",
               BYTEBENCH_ARGS_7=CANCELLED_RUN,
               BYTEBENCH_LABELS="fleet=slurm-test",
               XDG_DATA_HOME=cluster.path("xdg-data"), XDG_CACHE_HOME=cluster.path("xdg-cache"))
    array_job, merge_job, job_dir, crashed, crashed_at = run_main_array(cluster, scripts, env)
    requeued_job, requeued_merge, requeued_dir = run_requeued_array(cluster, scripts, env)

    wait_ended(cluster, merge_job, "the array and its merge job to end", results)
    print(f"merge job ended {time.monotonic() - crashed_at:.1f} s after the node crashed")
    wait_ended(cluster, requeued_merge, "the requeued array and its merge job to end", results)
    nodes, crash, bad, cancelled = check_main_array(cluster, array_job, merge_job, job_dir,
                                                    crashed, results)
    check_requeued_array(cluster, requeued_job, requeued_merge, requeued_dir, results)
    # Not the first column, which is the default baseline.
    baseline = max(set(nodes.values()), key=lambda n: int(n[1:]))
    check_merges_again(cluster, scripts, env, array_job, baseline)
    check(not os.path.exists(history),
          f"the tasks wrote into the submitting user's history {history}")
    print(f"results: tasks 1, 2, 4, 5 on {nodes}; task 3 ({crash['host']}): {crash['reason']}; "
          f"task 6 ({bad['host']}): {bad['reason']}; task 7: {cancelled['reason']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cmake", required=True, help="cmake, to install the build tree")
    parser.add_argument("--build-dir", required=True, help="the build tree to install")
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
        run(cluster, args.cmake, os.path.abspath(args.build_dir))
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
