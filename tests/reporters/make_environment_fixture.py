#!/usr/bin/env python3
"""Writes the environment fixture of the reporter tests.

    tests/reporters/make_environment_fixture.py tests/reporters/fixtures

environment-2run.json: a result whose passes carry their environment (issue 20,
docs/result-schema.md: `passes[].environment`, `disturbed_passes`, `value_per_watt`).
The 1-copy run had RAPL and APERF/MPERF: energy, power, value per watt and a clock for
every pass; two passes of Dhrystone were disturbed (steal, other processes); Whetstone saw
2 thermal throttle events in a pass, which disturbed it; File Copy failed. The 2-copy run
is a VM's: clock, energy and throttling "unknown" with the reason in `why` (and steal for
System Call), one pass disturbed for two reasons.

The numbers are made up but deterministic and consistent the way the core would write
them: shares are of wall_s * cpus, average_w = energy_j / wall_s, value_per_watt = value /
mean average_w of the kept passes, an index value / baseline * 10, a score the geometric
mean of the indexes. Run this again after a change of the schema and commit the fixture.
"""
import json
import math
import pathlib
import statistics
import sys

def pass_env(wall, cpus, steal, foreign, mhz, throttle, energy, disturbed=None,
             mhz_source="aperf/mperf", why=None):
    env = {"wall_s": wall, "cpus": cpus}
    if steal == "unknown":
        env["steal_s"] = "unknown"
    else:
        env["steal_s"] = round(steal * wall * cpus, 3)
        env["steal_share"] = steal
    env["own_cpu_s"] = round(wall * cpus * 0.9, 3)
    env["foreign_cpu_s"] = round(foreign * wall * cpus, 3)
    env["foreign_share"] = foreign
    env["share_resolution"] = round(2 * 0.01 / wall, 4)
    if mhz == "unknown":
        env["frequency_mhz"] = "unknown"
    else:
        env["frequency_mhz"] = mhz
        env["frequency_source"] = mhz_source
    env["throttle_events"] = throttle
    if energy == "unknown":
        env["energy_j"] = "unknown"
    else:
        env["energy_j"] = energy
        env["average_w"] = round(energy / wall, 4)
    if why:
        env["why"] = why
    if disturbed:
        env["disturbed"] = disturbed
    return env

def make_test(tid, name, unit, baseline, values, envs, kept=None, category="system",
              disturbed=0, per_watt=True):
    passes = []
    for i, (v, e) in enumerate(zip(values, envs)):
        k = True if kept is None else kept[i]
        p = {"copies": [{"count": v * 10, "seconds": 10.0}], "count": v * 10, "kept": k,
             "seconds": 10.0, "start_spread_ms": 0.0, "status": "ok", "value": v,
             "environment": e}
        if k:
            p["outlier"] = False
        passes.append(p)
    kv = [p["value"] for p in passes if p["kept"]]
    mean = statistics.mean(kv)
    sd = statistics.stdev(kv)
    t = {"id": tid, "name": name, "category": category, "unit": unit, "status": "ok",
         "duration_s": 10.0, "time_s": 10.0, "samples": len(kv), "passes_planned": len(values),
         "value": mean, "baseline": baseline, "index": mean / baseline * 10,
         "stats": {"n": len(kv), "mean": mean, "median": statistics.median(kv), "stddev": sd,
                   "cv": sd / mean, "min": min(kv), "max": max(kv),
                   "ci95": [mean - 2.776 * sd / math.sqrt(len(kv)), mean + 2.776 * sd / math.sqrt(len(kv))],
                   "outliers": []},
         "passes": passes}
    t["value_ci95"] = t["stats"]["ci95"]
    t["index_ci95"] = [v / baseline * 10 for v in t["stats"]["ci95"]]
    if disturbed:
        t["disturbed_passes"] = disturbed
    if per_watt:
        ws = [p["environment"].get("average_w") for p in passes if p["kept"]]
        if all(isinstance(w, (int, float)) for w in ws):
            t["value_per_watt"] = mean / statistics.mean(ws)
    return t

STEAL = "steal was {:.1f}% of the CPU time (more than 2.0%)"
FOREIGN = "other processes used {:.1f}% of the CPU time (more than 10.0%)"
THROTTLED = "the CPUs were throttled {} times (too hot or over their power limit)"

# Run 1: 1 copy, RAPL and aperf/mperf readable.
dhry_env = [
    pass_env(10.0, 2, 0.004, 0.031, 2601.0, 0, 121.5),
    pass_env(10.0, 2, 0.003, 0.029, 2598.5, 0, 122.0),
    pass_env(10.0, 2, 0.041, 0.030, 2450.0, 0, 119.0, [STEAL.format(4.1)]),
    pass_env(10.0, 2, 0.005, 0.033, 2600.2, 0, 121.9),
    pass_env(10.0, 2, 0.006, 0.120, 2602.7, 0, 128.4, [FOREIGN.format(12.0)]),
]
dhry = make_test("dhry2reg", "Dhrystone 2 using register variables", "lps", 116700.0,
                 [32693548.2, 32741022.0, 30120000.0, 32612033.0, 31002410.0], dhry_env,
                 disturbed=2)
sys_env = [pass_env(10.0, 2, 0.002, 0.021, 2599.0, 0, 118.0 + i) for i in range(5)]
syscall = make_test("syscall", "System Call Overhead", "lps", 15000.0,
                    [830110.7, 829655.4, 832098.1, 828841.2, 831000.6], sys_env)
whet_env = [pass_env(10.2, 2, 0.003, 0.025, 2603.0, 2 if i == 1 else 0, 124.0,
                     [THROTTLED.format(2)] if i == 1 else None) for i in range(5)]
whet = make_test("whetstone-double", "Double-Precision Whetstone", "MWIPS", 55.0,
                 [7066.4, 7068.8, 7070.1, 7063.9, 7071.5], whet_env, disturbed=1)
fsdisk = {"id": "fsdisk", "name": "File Copy 4096 bufsize 8000 maxblocks", "category": "system",
          "unit": "KBps", "status": "error", "error": "write: No space left on device",
          "baseline": 5800.0, "passes": []}

def index(tests):
    ok = [t for t in tests if t["status"] == "ok"]
    score = math.exp(statistics.mean(math.log(t["index"]) for t in ok))
    return {"category": "system", "title": "System Benchmarks", "partial": True,
            "score": score, "tests_indexed": len(ok), "tests_total": 12,
            "ci95": [score * 0.97, score * 1.03], "ci95_df": 8.0, "ci95_method": "delta-log"}

run1_tests = [dhry, whet, fsdisk, syscall]
run1 = {"copies": 1, "cpus": 2, "start": "2026-12-01T09:10:00+00:00",
        "end": "2026-12-01T09:25:30+00:00", "tests": run1_tests, "indexes": [index(run1_tests)]}

# Run 2: 2 copies, no RAPL, no perf events and no cpufreq (as in a VM).
NO_FREQ = ("the msr perf PMU has no aperf event (a VM hides APERF/MPERF); "
           "no cpufreq in /sys (a VM, or no cpufreq driver)")
NO_STEAL = "/proc/stat has no steal column"
NO_RAPL = "no /sys/class/powercap/intel-rapl:0/energy_uj (no RAPL: a VM or not Intel/AMD)"
NO_THROTTLE = "no /sys/devices/system/cpu/cpu0/thermal_throttle"
why = {"frequency_mhz": NO_FREQ, "energy_j": NO_RAPL, "throttle_events": NO_THROTTLE}
def vm_env(steal, foreign, disturbed=None):
    reasons = dict(why, steal_s=NO_STEAL) if steal == "unknown" else why
    return pass_env(10.0, 2, steal, foreign, "unknown", "unknown", "unknown", disturbed,
                    why=reasons)
dhry2 = make_test("dhry2reg", "Dhrystone 2 using register variables", "lps", 116700.0,
                  [64106289.4, 64102390.6, 58001000.0, 64120011.0],
                  [vm_env(0.002, 0.012), vm_env(0.003, 0.015),
                   vm_env(0.052, 0.141, [STEAL.format(5.2), FOREIGN.format(14.1)]),
                   vm_env(0.002, 0.011)], disturbed=1)
sys2 = make_test("syscall", "System Call Overhead", "lps", 15000.0,
                 [1286888.0, 1286887.0, 1287498.1, 1286278.1],
                 [vm_env("unknown", 0.010) for _ in range(4)])
run2_tests = [dhry2, sys2]
run2 = {"copies": 2, "cpus": 2, "start": "2026-12-01T09:25:33+00:00",
        "end": "2026-12-01T09:33:02+00:00", "tests": run2_tests, "indexes": [index(run2_tests)]}

doc = {
    "schema": "bytebench.result/1",
    "tool": {"name": "bytebench", "version": "0.1.0", "abi": "1.1"},
    "status": "complete",
    "system": {
        "hostname": "box", "os": "GNU/Linux", "kernel": "6.18.44", "kernel_version": "#1 SMP @0",
        "machine": "x86_64", "platform": "unknown", "cpu_model": "AMD EPYC",
        "cpus_online": 2, "cpus_configured": 2,
        "cpus": [{"model": "AMD EPYC", "bogomips": 4890.8, "flags": ["x86-64"]},
                 {"model": "AMD EPYC", "bogomips": 4890.8, "flags": ["x86-64"]}],
        "language": {"lang": "en_US.utf8", "charmap": "UTF-8", "collate": "UTF-8"},
        "load_average": [0.11, 0.12, 0.05], "uptime_s": 7322.5, "runlevel": ""},
    "options": {"command_line": "bytebench run dhry2reg whetstone-double syscall fsdisk -c 1 -c 2 -i 5",
                "copies": [1, 2], "formats": ["text", "json"],
                "disturbance_limits": {"steal_share": 0.02, "foreign_share": 0.1,
                                       "throttle_events": 0},
                "tests": ["dhry2reg", "whetstone-double", "syscall", "fsdisk"]},
    "suite": {"name": "index", "file": "/usr/share/bytebench/suites/index.toml",
              "index_comparable_with_unixbench": True},
    "runs": [run1, run2],
}
out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".") / "environment-2run.json"
out.write_text(json.dumps(doc, indent=1) + "\n")
