#!/usr/bin/env python3
"""plugin.h's versioning rules, checked on the compiled layouts of every minor.

Usage: check_layout.py [--no-exceptions] 1.0=probe.o 1.1=probe.o ... current=probe.o

Each object is tests/abi/layout_probe.c compiled with debug information
against one minor's plugin.h (the frozen copies in tests/abi/frozen/, then
the SDK's own). The layouts come from the compiler (readelf's DWARF dump),
not from a list kept by hand, so a field nobody listed is checked too. For
each minor against the one before:

  - every struct of the older minor still exists;
  - its fields keep their names, order and offsets (nothing removed,
    reordered or moved);
  - its size does not shrink;
  - every field the newer minor appends starts at or after the older
    struct's size: not in its tail padding, where struct_size could not
    tell the two writers apart (BB_HAS_FIELD would read padding as data).

The one exception plugin.h states (1.3's bb_requirements.display, in 1.2's
tail padding) is allowed and must still be one, so the list cannot go
stale; --no-exceptions checks without it, which must fail on exactly that
field (a ctest does so).
"""
import re
import subprocess
import sys

# (minor, struct, field): plugin.h, section 4, names each.
EXCEPTIONS = {("1.3", "bb_requirements", "display")}

DIE = re.compile(r"^\s*<(\d+)><[0-9a-f]+>: Abbrev Number: (\d+)(?: \((DW_TAG_\w+)\))?")
ATTR = re.compile(r"^\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s*(.*)$")


def attribute_value(text):
    # binutils 2.40: "(strp) (offset: 0x1c): bb_host", "(string) int",
    # "(data1) 8"; older ones: "(indirect string, offset: 0x1c): bb_host", "8"
    form = re.match(r"^\((\w+)\)\s*(.*)$", text)
    if form:
        text = form.group(2)
    if text.startswith("(") and "): " in text:
        text = text.split("): ", 1)[1]
    return text.strip()


def layouts(obj):
    """{struct name: (size, [(field, offset), ...])} of the bb_* structs."""
    dump = subprocess.run(
        ["readelf", "--wide", "--debug-dump=info", obj],
        check=True, capture_output=True, text=True).stdout
    structs = {}
    current = None  # (depth, name, size, fields)
    die = None      # (depth, tag, attrs) being read
    entries = []
    for line in dump.splitlines():
        m = DIE.match(line)
        if m:
            die = [int(m.group(1)), m.group(3) or "", {}]
            entries.append(die)
            continue
        m = ATTR.match(line)
        if m and die is not None:
            die[2][m.group(1)] = attribute_value(m.group(2))
    for depth, tag, attrs in entries:
        if current is not None and depth <= current[0]:
            if current[1].startswith("bb_"):
                structs[current[1]] = (current[2], current[3])
            current = None
        if tag == "DW_TAG_structure_type" and "DW_AT_declaration" not in attrs:
            current = (depth, attrs.get("DW_AT_name", ""), int(attrs.get("DW_AT_byte_size", "0")),
                       [])
        elif current is not None and tag == "DW_TAG_member" and depth == current[0] + 1:
            location = attrs.get("DW_AT_data_member_location", "0")
            current[3].append((attrs.get("DW_AT_name", "?"), int(location.split()[0], 0)))
    if current is not None and current[1].startswith("bb_"):
        structs[current[1]] = (current[2], current[3])
    if not structs:
        sys.exit(f"{obj}: no bb_* struct in its debug information")
    return structs


def check(minor, old_minor, old, new, exceptions, problems, notes, in_padding):
    for name, (old_size, old_fields) in old.items():
        if name not in new:
            problems.append(f"{minor}: {name} of {old_minor} is gone")
            continue
        size, fields = new[name]
        if fields[:len(old_fields)] != old_fields:
            at = next(i for i, f in enumerate(old_fields) if i >= len(fields) or fields[i] != f)
            now = f"{fields[at][0]} at {fields[at][1]}" if at < len(fields) else "nothing"
            problems.append(f"{minor}: {name}'s {old_minor} field {old_fields[at][0]} at offset "
                            f"{old_fields[at][1]} is now {now} (removed, reordered or moved)")
            continue
        if size < old_size:
            problems.append(f"{minor}: {name} shrank from {old_size} to {size} bytes")
        for field, offset in fields[len(old_fields):]:
            if offset >= old_size:
                continue
            what = (f"{minor}: {name}.{field} at offset {offset} lies in {old_minor}'s struct "
                    f"of {old_size} bytes (its tail padding): struct_size cannot tell a "
                    f"{old_minor} writer from a {minor} one")
            if (minor, name, field) in exceptions:
                notes.append(what + " (the exception plugin.h states)")
            else:
                problems.append(what)
                in_padding.append(f"{minor} {name}.{field}")


def main(argv):
    exceptions = EXCEPTIONS
    if argv and argv[0] == "--no-exceptions":
        exceptions = set()
        argv = argv[1:]
    versions = [arg.split("=", 1) for arg in argv]
    if len(versions) < 2:
        sys.exit(__doc__)
    problems, notes, in_padding = [], [], []
    previous = None
    for minor, obj in versions:
        current = layouts(obj)
        if previous is not None:
            check(minor, previous[0], previous[1], current, exceptions, problems, notes,
                  in_padding)
        previous = (minor, current)
    checked = {(m, s, f) for m, s, f in exceptions}
    for minor, name, field in sorted(checked):
        if not any(n.startswith(f"{minor}: {name}.{field} ") for n in notes):
            problems.append(f"the exception {minor} {name}.{field} is no longer one: remove it "
                            "from check_layout.py and plugin.h")
    for note in notes:
        print("note: " + note)
    for problem in problems:
        print("error: " + problem)
    print(f"{len(versions)} layouts checked ({', '.join(v for v, _ in versions)}): "
          f"{len(problems)} problem(s)")
    print("appended into tail padding: " + (", ".join(in_padding) or "none"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
