#!/usr/bin/env python3
"""The .deb on CPUs older than the build machine's: every workload of every
packaged plugin, run through bytebench and bytebench-worker under
qemu-x86_64 -cpu MODEL, must end without SIGILL, and the result must name the
ISA level each plugin was loaded at: the highest MODEL runs.

Usage: deb_under_qemu_cpus.py PACKAGE_ROOT WORK_DIR
PACKAGE_ROOT is the unpacked package's usr/ (deb_package_installs_and_runs
leaves it). Exit 77 (skipped) when the package was not built portable or the
machine is not x86-64.

Only the plugins with compute kernels (cpu, memory) are packaged per level;
the others once, at the baseline, in levels/x86-64/ (plugins/CMakeLists.txt),
and must be loaded and recorded at x86-64 on every CPU.

QEMU 7.2's TCG runs up to x86-64-v3: it cannot execute AVX-512, and drops
it from any model that has it (Skylake-Server runs as v3). The v4 files are
run on the machine itself when its CPU has AVX-512.
"""
import json
import os
import platform
import shutil
import stat
import subprocess
import sys

SKIP = 77
# One test per workload of the packaged plugins, at sizes emulation can
# afford (the parameters apply to the tests that declare them).
TESTS = ["dhry2reg", "whetstone-double", "double", "hanoi",  # cpu
         "syscall", "pipe", "context1", "spawn", "execl",    # system
         "fstime",                                           # fs
         "shell1", "dc", "grep", "C",                        # shell
         "stream-copy", "stream-scale", "stream-add", "stream-triad",  # memory
         "disk-seq-read", "disk-seq-write", "disk-rand-read", "disk-rand-write",  # disk
         "null"]                                             # harness
PARAMS = ["file_mib=4", "array_mib=8"]
# The plugins built per ISA level; every other one is built at the baseline.
LEVELLED_PLUGINS = {"org.bytebench.cpu", "org.bytebench.memory"}
LEVELLED_FILES = {"cpu.so", "memory.so"}
BASELINE = "x86-64"
# (qemu -cpu model, the level its file must be loaded at)
MODELS = [("Nehalem", "x86-64-v2"), ("Skylake-Server", "x86-64-v3")]


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def find_qemu():
    for name in ("qemu-x86_64", "qemu-x86_64-static"):
        path = shutil.which(name)
        if path:
            return path
    fail("no qemu-x86_64 or qemu-x86_64-static on PATH (Debian: qemu-user-static)")


def relocated_install(package_root, work, qemu, model):
    """A copy of the package whose bytebench-worker runs under qemu: the CLI
    (itself under qemu) execs it, and qemu-user does not follow exec."""
    prefix = os.path.join(work, model)
    shutil.rmtree(prefix, ignore_errors=True)
    os.makedirs(os.path.join(prefix, "bin"))
    for folder in ("lib", "share"):
        shutil.copytree(os.path.join(package_root, folder), os.path.join(prefix, folder),
                        symlinks=True)
    bin_dir = os.path.join(prefix, "bin")
    shutil.copy2(os.path.join(package_root, "bin", "bytebench"), bin_dir)
    worker = os.path.join(bin_dir, "bytebench-worker.real")
    shutil.copy2(os.path.join(package_root, "bin", "bytebench-worker"), worker)
    wrapper = os.path.join(bin_dir, "bytebench-worker")
    with open(wrapper, "w") as out:
        out.write('#!/bin/sh\nexec "%s" -cpu %s "%s" "$@"\n' % (qemu, model, worker))
    os.chmod(wrapper, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    return prefix


def run(command, what, exit_code=0):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(done.stdout[-3000:], flush=True)
    if done.returncode != exit_code:
        fail("%s exited with %d: %s" % (what, done.returncode, " ".join(command)))
    return done.stdout


def check_result(path, level, where):
    with open(path) as f:
        result = json.load(f)
    builds = result["system"]["workload_builds"]
    if result["system"].get("build_method") != "portable":
        fail("%s: system.build_method is %r, not portable" % (where, result["system"].get("build_method")))
    for build in builds:
        expected = level if build["plugin"] in LEVELLED_PLUGINS else BASELINE
        if build.get("isa_level") != expected:
            fail("%s: %s was loaded at %r, not %s" % (where, build["plugin"], build.get("isa_level"), expected))
    seen = set()
    for run_ in result["runs"]:
        for test in run_["tests"]:
            seen.add(test["id"])
            text = json.dumps(test)
            if test["status"] != "ok" or "SIGILL" in text or "Illegal instruction" in text:
                fail("%s: %s ended %s: %s" % (where, test["id"], test["status"], test.get("error", "")))
            expected = level if os.path.basename(test.get("plugin", "")) in LEVELLED_FILES else BASELINE
            if test.get("isa_level") != expected:
                fail("%s: %s ran at level %r, not %s" % (where, test["id"], test.get("isa_level"), expected))
    missing = [t for t in TESTS if t not in seen]
    if missing:
        fail("%s: no record of %s" % (where, ", ".join(missing)))
    print("%s: %d tests ok, cpu and memory at %s, the others at %s" % (where, len(seen), level, BASELINE),
          flush=True)


def run_everything(bytebench, prefix_command, work, tag, level):
    out = os.path.join(work, "results-" + tag)
    shutil.rmtree(out, ignore_errors=True)
    command = prefix_command + [bytebench, "--no-history", "run"] + TESTS + [
        "-c", "1", "-i", "1", "--duration", "0.1", "--settle", "0", "--format", "json",
        "-o", out, "--tmpdir", work]
    for param in PARAMS:
        command += ["--param", param]
    run(command, "bytebench run (%s)" % tag)
    results = [f for f in os.listdir(out) if f.endswith(".json")]
    if len(results) != 1:
        fail("%s: expected one result in %s, found %s" % (tag, out, results))
    check_result(os.path.join(out, results[0]), level, tag)
    return os.path.join(out, results[0])


def check_compare_names_the_levels(bytebench, older, newer, older_level, newer_level):
    """compare of two results of the package at different levels says so."""
    text = run([bytebench, "--no-history", "compare", older, newer], "bytebench compare")
    flat = " ".join(text.split())
    expected = ("workloads built differently: portable %s/%s (an ISA level, not UnixBench's method) "
                "in A; portable %s/%s (an ISA level, not UnixBench's method) in B"
                % (BASELINE, older_level, BASELINE, newer_level))
    if expected not in flat:
        fail("compare does not name the build difference; expected:\n" + expected)
    print("compare names portable %s against portable %s" % (older_level, newer_level), flush=True)


def check_refusals(prefix, qemu):
    """On Nehalem: glibc refuses a v3 file (the linker marked its level), so
    the emulated CPU really lacks AVX; and a package that lost its lower
    levels gives one line naming the plugin and the levels found."""
    plugins = os.path.join(prefix, "lib", "bytebench", "plugins")
    v3 = os.path.join(plugins, "levels", "x86-64-v3", "cpu.so")
    done = subprocess.run([qemu, "-cpu", "Nehalem", os.path.join(prefix, "bin", "bytebench-worker.real"),
                           "describe", "--plugin", v3],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode == 0 or "ISA level" not in done.stdout:
        fail("a x86-64-v3 file loaded on Nehalem (exit %d): %s" % (done.returncode, done.stdout))
    os.remove(os.path.join(plugins, "cpu.so"))
    shutil.rmtree(os.path.join(plugins, "levels", "x86-64-v2"))
    listing = run([qemu, "-cpu", "Nehalem", os.path.join(prefix, "bin", "bytebench"), "plugins"],
                  "bytebench plugins", exit_code=1)  # 1: a plugin could not be loaded
    expected = ("this CPU runs none of the levels packaged for cpu.so (x86-64-v3, x86-64-v4, in %s); "
                "it runs x86-64, x86-64-v2" % os.path.join(plugins, "levels"))
    if expected not in listing:
        fail("no clear line for a package without the levels this CPU runs; expected:\n" + expected)
    print("Nehalem: a v3 file is refused by glibc; a package without v2 and baseline says so",
          flush=True)


def main():
    package_root, work = sys.argv[1], sys.argv[2]
    if platform.machine() != "x86_64":
        print("skipped: not an x86-64 machine")
        return SKIP
    levels = os.path.join(package_root, "lib", "bytebench", "plugins", "levels")
    if not os.path.isdir(levels):
        print("skipped: the package is a native build (configure with -DBYTEBENCH_PORTABLE=ON)")
        return SKIP
    qemu = find_qemu()
    os.makedirs(work, exist_ok=True)
    results = {}
    for model, level in MODELS:
        prefix = relocated_install(package_root, work, qemu, model)
        results[model] = run_everything(os.path.join(prefix, "bin", "bytebench"),
                                        [qemu, "-cpu", model], work, model, level)
        if model == "Nehalem":
            check_refusals(prefix, qemu)
    # The machine itself: its own highest level (x86-64-v4 with AVX-512).
    bytebench = os.path.join(package_root, "bin", "bytebench")
    sysinfo = json.loads(run([bytebench, "sysinfo", "--format", "json"], "bytebench sysinfo"))["system"]
    best = sysinfo["isa_levels"]["supported"][-1]
    here = run_everything(bytebench, [], work, "this-cpu", best)
    if best != "x86-64-v2":
        check_compare_names_the_levels(bytebench, results["Nehalem"], here, "x86-64-v2", best)
    return 0


if __name__ == "__main__":
    sys.exit(main())
