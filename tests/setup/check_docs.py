#!/usr/bin/env python3
"""The contributor documents name what exists.

Checks docs/architecture.md and CONTRIBUTING.md (or the documents given):

- every path they name in backticks (`core/exec/scheduler.h`,
  `reporters/common/`, `model/run_record`) exists: repository-relative, or
  under core/ for a layer's path, or under the folder a table row is about
  (the row `| `tests/` | ... `e2e/` ...`); a path without an extension may
  name a module (`model/run_record`: run_record.h or .cpp);
- in the architecture's layer table, every module a layer's row names
  (`scheduler`, `text.h`) is in that layer's folder, and the row names every
  module of the folder (the CLI's row excepted: it describes the program);
- every relative Markdown link points to a file that exists;
- the layer dependencies the documents state (the architecture's table and
  diagram, CONTRIBUTING's numbered list of layers) are those of
  core/CMakeLists.txt (its DEPENDS, through <build>/core-layers.txt).

Prints one line per finding ("FILE:LINE: ...") and fails when there is any.
--self-check runs the checks on planted mistakes and fails unless each is
found and a correct document gives nothing.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

MODULE_SUFFIXES = (".h", ".cpp", ".hpp", ".c", ".py", ".cmake", ".md", ".toml")
# Backticked text that is not a path of this repository: placeholders,
# globs, variables, absolute and home paths, options, quoted include names.
NOT_A_PATH = re.compile(r'[\s<>*$~"{}=]|^[/-]')
BACKTICKED = re.compile(r"`([^`\n]+)`")
# A backticked text, and whether a list punctuation or the line's end follows
# it (how the layer table lists a layer's modules).
MODULE_MENTION = re.compile(r"`([^`\n]+)`(\s*[(,|;:]|\s*$)?")
LINK = re.compile(r"\]\(([^)\s]+)\)")
LAYER_ROW = re.compile(r"^\|\s*`([a-z_]+)/`\s*\|\s*([^|]*)\|")
ROW_FOLDER = re.compile(r"^\|\s*`([\w./-]+/)`\s*\|")
DIAGRAM_EDGE = re.compile(r"^\s*(?:layers\s+)?([a-z]+)\s+──▶\s+([a-z, ]+?)\s*$")
NUMBERED_LAYER = re.compile(r"^\s*(\d+)\.\s+`([a-z_]+)/`")


def top_level_entries(root):
    """What the repository holds at its top, as tracked by git (a build
    folder is not part of it); the folder's listing outside a checkout."""
    try:
        out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                             check=True).stdout
        return {line.split("/")[0] for line in out.splitlines() if line}
    except (OSError, subprocess.CalledProcessError):
        return {e for e in os.listdir(root) if not e.startswith("build")}


def read_manifest(path):
    """core-layers.txt: "exec: base;model;..." (the worker's list is spaced)."""
    layers = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            name, _, deps = line.partition(":")
            if name.strip():
                layers[name.strip()] = {d for d in re.split(r"[;\s]+", deps) if d}
    return layers


def exists_as(root, rel):
    """A file or folder, or a module stem (`model/run_record`)."""
    path = os.path.join(root, rel)
    if os.path.exists(path):
        return True
    return not os.path.splitext(rel.rstrip("/"))[1] and any(
        os.path.exists(path.rstrip("/") + s) for s in MODULE_SUFFIXES)


class Checker:
    def __init__(self, root, manifest):
        self.root = root
        self.top = top_level_entries(root)
        self.layers = read_manifest(manifest) if manifest else {}
        core = os.path.join(root, "core")
        self.core_folders = {e for e in os.listdir(core) if os.path.isdir(os.path.join(core, e))}
        self.basenames = set()
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith((".", "build"))]
            self.basenames.update(files)

    def path_finding(self, token, row_folder):
        """Why `token` names nothing that exists, or None (also when it is no
        path of ours)."""
        if "/" not in token or NOT_A_PATH.search(token):
            return None
        first = token.split("/")[0]
        bases = []
        if first in self.top:
            bases.append("")
        if first in self.core_folders:
            bases.append("core/")
        if row_folder and os.path.isdir(os.path.join(self.root, row_folder, first)):
            bases.append(row_folder)
        if not bases:
            return None  # not a path here: bytebench.result/1, system.d/
        if any(exists_as(self.root, base + token) for base in bases):
            return None
        return f"`{token}` names no file or folder ({' or '.join(b + token for b in bases)})"

    def module_finding(self, token, layer):
        """In a layer's row: `scheduler` or `text.h` must be in core/<layer>/."""
        if not re.fullmatch(r"[a-z0-9_]+(\.h|\.cpp)?", token):
            return None
        if exists_as(self.root, f"core/{layer}/{token}"):
            return None
        if token.endswith((".h", ".cpp")) and token in self.basenames:
            return None  # a header of elsewhere the row mentions (the SDK's params.h)
        return f"the {layer}/ row names `{token}`, which is not in core/{layer}/"

    def unnamed_modules(self, line, layer):
        """A layer's row names all its modules (the CLI's row describes the
        program as a whole)."""
        if layer == "cli":
            return []
        named = {re.sub(r"\.(h|cpp)$", "", t) for t in BACKTICKED.findall(line)}
        folder = os.path.join(self.root, "core", layer)
        stems = {os.path.splitext(f)[0] for f in os.listdir(folder) if f.endswith((".h", ".cpp"))}
        return [f"the {layer}/ row does not name its module `{m}` (core/{layer}/{m})"
                for m in sorted(stems - named - {"main"})]

    def dependency_findings(self, line, layer, stated, where):
        if layer not in self.layers:
            return [f"{where} names a layer `{layer}` that core/CMakeLists.txt does not define"]
        if stated == "every layer":
            expected = {name for name in self.layers if name not in ("cli", "worker")}
            stated_set = set(self.layers[layer])
            expected = self.layers[layer] if stated_set == expected else expected
            got = stated_set
        else:
            got = {d.strip() for d in stated.split(",") if d.strip() not in ("", "–", "-")}
            expected = self.layers[layer]
        if got == expected:
            return []
        return [f"{where} says {layer} uses {sorted(got) or 'nothing'}, core/CMakeLists.txt "
                f"DEPENDS says {sorted(expected) or 'nothing'}"]

    def check(self, text, doc_path):
        findings = []
        doc_dir = os.path.dirname(doc_path)
        numbered = {}
        in_code = False
        in_layer_table = False  # the table headed "| layer | uses | ..."
        for number, line in enumerate(text.splitlines(), 1):
            at = f"{os.path.relpath(doc_path, self.root)}:{number}"
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                edge = DIAGRAM_EDGE.match(line)
                if edge and self.layers:
                    findings += [f"{at}: {m}" for m in self.dependency_findings(
                        line, edge.group(1), edge.group(2), "the diagram")]
                continue
            if re.match(r"^\|\s*layer\s*\|\s*uses\s*\|", line):
                in_layer_table = True
            elif not line.startswith("|"):
                in_layer_table = False
            folder = ROW_FOLDER.match(line)
            row_folder = folder.group(1) if folder else ""
            layer_row = LAYER_ROW.match(line) if in_layer_table else None
            if layer_row and layer_row.group(1) in self.core_folders:
                row_folder = "core/" + layer_row.group(1) + "/"
            for token, after in MODULE_MENTION.findall(line):
                why = self.path_finding(token, row_folder)
                # A module is named as a list item: `scheduler` (...), `a`, `b`;
                # other words in backticks there are commands and keys.
                if (why is None and layer_row and layer_row.group(1) in self.core_folders and
                        (after or token.endswith((".h", ".cpp")))):
                    why = self.module_finding(token, layer_row.group(1))
                if why:
                    findings.append(f"{at}: {why}")
            if layer_row and layer_row.group(1) in self.core_folders:
                findings += [f"{at}: {m}" for m in self.unnamed_modules(line, layer_row.group(1))]
            if layer_row and self.layers:
                findings += [f"{at}: {m}" for m in self.dependency_findings(
                    line, layer_row.group(1), layer_row.group(2).strip(), "the layer table")]
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:|^#", target):
                    continue
                rel = target.split("#")[0]
                if rel and not os.path.exists(os.path.join(doc_dir, rel)):
                    findings.append(f"{at}: the link ({target}) points to nothing")
            listed = NUMBERED_LAYER.match(line)
            if listed:
                numbered[listed.group(2)] = (int(listed.group(1)), at)
        return findings + self.order_findings(numbered)

    def order_findings(self, numbered):
        """A numbered list of layers, lowest first: each uses only those above it."""
        findings = []
        for layer, (position, at) in numbered.items():
            for dep in sorted(self.layers.get(layer, ())):
                if dep in numbered and numbered[dep][0] >= position:
                    findings.append(f"{at}: {layer} (number {position}) uses {dep}, which the "
                                    f"list puts at {numbered[dep][0]}, not below it")
        return findings


PLANTED = """\
# A planted document

The scheduler is `core/exec/schedular.h`; reporters share `reporters/comon/`;
the record is `model/run_recrd`. See [the guide](no-such-guide.md).

| layer | uses | what |
|---|---|---|
| `import/` | base, model | `unixbench_import`, `pasted_txt` |

1. `model/`: types;
2. `base/`: helpers.
"""
PLANTED_EXPECTED = [
    "`core/exec/schedular.h` names no file",
    "`reporters/comon/` names no file",
    "`model/run_recrd` names no file",
    "the link (no-such-guide.md) points to nothing",
    "names `pasted_txt`, which is not in core/import/",
    "the import/ row does not name its module `pasted_text`",
    "the layer table says import uses",
    "model (number 1) uses base, which the list puts at 2",
]
CORRECT = """\
# A correct document

The scheduler is `core/exec/scheduler.h`; reporters share `reporters/common/`;
the record is `model/run_record`, the ABI `sdk/include/bytebench/plugin.h`.
See [the architecture](architecture.md#layers). Not paths: `bytebench.result/1`,
`/proc/stat`, `<dir>/<host>.json`.

| layer | uses | what |
|---|---|---|
| `import/` | base, model, plan | `unixbench_import`, `pasted_text` |

1. `base/`: helpers;
2. `model/`: types.
"""


def self_check(checker, root):
    """The checks find each planted mistake, and nothing in a correct text."""
    with tempfile.TemporaryDirectory() as tmp:
        findings = checker.check(PLANTED, os.path.join(tmp, "planted.md"))
    missed = [e for e in PLANTED_EXPECTED if not any(e in f for f in findings)]
    correct = checker.check(CORRECT, os.path.join(root, "docs", "correct.md"))
    for f in findings:
        print("planted:", f)
    for e in missed:
        print(f"self-check: the planted mistake '{e}' was not found")
    for f in correct:
        print(f"self-check: a correct document gave: {f}")
    if missed or correct:
        return 1
    print(f"self-check: {len(PLANTED_EXPECTED)} planted mistakes found, none in a correct text")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, help="the repository")
    parser.add_argument("--manifest", help="<build>/core-layers.txt")
    parser.add_argument("--self-check", action="store_true")
    parser.add_argument("docs", nargs="*", default=["docs/architecture.md", "CONTRIBUTING.md"])
    args = parser.parse_args()
    root = os.path.abspath(args.source)
    checker = Checker(root, args.manifest)
    if args.self_check:
        if not checker.layers:
            print("self-check: needs --manifest", file=sys.stderr)
            return 2
        return self_check(checker, root)
    findings = []
    for doc in args.docs:
        path = os.path.join(root, doc)
        with open(path, encoding="utf-8") as f:
            findings += checker.check(f.read(), path)
    for f in findings:
        print(f)
    print(f"{len(findings)} finding(s) in {', '.join(args.docs)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
