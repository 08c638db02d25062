#!/usr/bin/env python3
"""Writes the graphics fixtures of the reporter tests.

    tests/reporters/make_graphics_fixture.py tests/reporters/fixtures

graphics-2run.json: `bytebench run dhry2reg syscall graphics 2d-lines -c 1 -c 2` (brief) as
the core writes it (docs/graphics.md), on a private Xvfb with Mesa's llvmpipe: with 1 copy, Dhrystone and System Call, the six 2D
index groups, 2D lines (no baseline: `---` in the 2D block) and gears, whose index blocks
come in the suite's order, System, 2D, 3D; with 2 copies the graphics tests are skipped,
"runs with one copy only", and only the System block is left.

graphics-partial.json: the same 1-copy run where 2d-aashapes failed (x11perf crashed in
aa4trap300) and gears was skipped (no GLX): a 2D "Partial Index" and no 3D block.

The numbers are made up but consistent the way the core would write them: an index is
value / baseline * 10, a category's score the geometric mean of its indexes (times 10 of
the ratios). Run this again after a change of the schema and commit the fixtures.
"""
import copy
import json
import math
import pathlib
import sys

SYSTEM = [
    ("dhry2reg", "Dhrystone 2 using register variables", "system", "lps", 1, 116700.0,
     38512344.6, 10.0),
    ("syscall", "System Call Overhead", "system", "lps", 1, 15000.0, 2531867.4, 10.0),
]
GRAPHICS = [
    ("2d-rects", "2D graphics: rectangles", "2d", "score", 0, 15.0, 1512.3, 48.2),
    ("2d-ellipse", "2D graphics: ellipses", "2d", "score", 0, 15.0, 2210.8, 51.6),
    ("2d-aashapes", "2D graphics: aa polygons", "2d", "score", 0, 15.0, 804.1, 44.9),
    ("2d-text", "2D graphics: text", "2d", "score", 0, 15.0, 3307.5, 50.3),
    ("2d-blit", "2D graphics: images and blits", "2d", "score", 0, 15.0, 171328.2, 46.7),
    ("2d-window", "2D graphics: windows", "2d", "score", 0, 15.0, 1916.4, 82.9),
    ("2d-lines", "2D graphics: lines", "2d", "score", 0, None, 655.2, 47.5),
    ("ubgears", "3D graphics: gears", "3d", "fps", 1, 33.4, 412.6, 20.1),
]
TITLES = {"system": "System Benchmarks", "2d": "2D Graphics Benchmarks",
          "3d": "3D Graphics Benchmarks"}
MEMBERS = {"system": 12, "2d": 6, "3d": 1}


def test(spec, status="ok", error=None):
    tid, name, category, unit, time_base, baseline, value, seconds = spec
    t = {"id": tid, "workload": tid, "plugin_id": "org.bytebench.graphics"
         if category != "system" else "org.bytebench.system", "version": "1", "name": name,
         "category": category, "unit": unit, "time_base_s": time_base, "params": {},
         "status": status}
    if baseline is not None:
        t["baseline"] = baseline
    if status != "ok":
        t["error"] = error
        return t
    t.update({"value": value, "time_s": seconds, "samples": 1})
    if baseline is not None:
        t["index"] = value / baseline * 10
    t["passes"] = [{"count": value * (seconds if time_base else 1), "seconds": seconds,
                    "value": value, "kept": True, "status": "ok",
                    "copies": [{"count": value * (seconds if time_base else 1),
                                "seconds": seconds}]}]
    return t


def indexes(tests):
    out = []
    for category in ("system", "2d", "3d"):
        ratios = [t["value"] / t["baseline"] for t in tests
                  if t["category"] == category and t["status"] == "ok" and "baseline" in t]
        if not ratios:
            continue
        score = 10 * math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        out.append({"category": category, "title": TITLES[category], "score": score,
                    "partial": len(ratios) < MEMBERS[category], "tests_indexed": len(ratios),
                    "tests_total": MEMBERS[category]})
    return out


def document(one_copy_tests, two_copies):
    runs = [{"copies": 1, "cpus": 2, "start": "2026-12-02T08:20:00+00:00",
             "end": "2026-12-02T08:29:11+00:00", "indexes": indexes(one_copy_tests),
             "tests": one_copy_tests}]
    if two_copies:
        tests = [test(SYSTEM[0]), test(SYSTEM[1])]
        tests[0]["value"] = 76025711.2
        tests[1]["value"] = 4877201.9
        for t in tests:
            t["index"] = t["value"] / t["baseline"] * 10
        tests += [test(spec, "skipped", "runs with one copy only") for spec in GRAPHICS]
        runs.append({"copies": 2, "cpus": 2, "start": "2026-12-02T08:29:11+00:00",
                     "end": "2026-12-02T08:29:35+00:00", "indexes": indexes(tests),
                     "tests": tests})
    return {
        "schema": "bytebench.result/1",
        "tool": {"name": "bytebench", "version": "0.1.0", "abi": "1.3"},
        "status": "complete",
        "system": {"hostname": "gfxbox", "os": "GNU/Linux", "kernel": "Linux",
                   "kernel_version": "#1 SMP PREEMPT_DYNAMIC Debian 6.1.158-1",
                   "machine": "x86_64", "platform": "x86_64", "cpus_online": 2,
                   "language": {"lang": "C.UTF-8", "charmap": "UTF-8", "collate": "C.UTF-8"},
                   "load_average": [0.52, 0.31, 0.12], "uptime_s": 5400, "runlevel": "5",
                   "display": {"source": "private Xvfb", "display": ":1",
                               "server": "The X.Org Foundation 12101007",
                               "screen": "1280x1024x24", "gl_vendor": "Mesa",
                               "gl_renderer": "llvmpipe (LLVM 15.0.6, 256 bits)",
                               "gl_version": "4.5 (Compatibility Profile) Mesa 22.3.6",
                               "software_rendering": True}},
        "options": {"tests": ["dhry2reg", "syscall", "graphics", "2d-lines"],
                    "copies": [1, 2] if two_copies else [1], "settle_s": 3,
                    "formats": ["text"],
                    "command_line": "bytebench run -b dhry2reg syscall graphics 2d-lines"},
        "suite": {"name": "index", "file": "/usr/share/bytebench/suites/index.toml",
                  "sha256": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"},
        "runs": runs,
        "render": {"brief": True},
    }


def main():
    folder = pathlib.Path(sys.argv[1])
    full = [test(s) for s in SYSTEM] + [test(s) for s in GRAPHICS]
    partial = copy.deepcopy(full)
    for i, t in enumerate(partial):
        if t["id"] == "2d-aashapes":
            partial[i] = test(GRAPHICS[2], "error",
                              "x11perf -aa4trap300 was killed by signal 11 (Segmentation fault)")
        if t["id"] == "ubgears":
            partial[i] = test(GRAPHICS[7], "skipped",
                              "no GLX on the X server: install libgl1-mesa-dri")
    for name, doc in (("graphics-2run.json", document(full, True)),
                      ("graphics-partial.json", document(partial, False))):
        (folder / name).write_text(json.dumps(doc, indent=1) + "\n")


main()
