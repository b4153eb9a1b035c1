#!/usr/bin/env python3
"""Calls per operation, by caller, from two callgrind profiles that differ only in how many
operations they ran (Benchmarks/append-calls.sh).

    callgrind-call-counts.py FEWER MORE OPERATIONS CALLEE_REGEX [CALLEE_REGEX …] [--top N]

Callgrind counts calls over the whole run even where it does not collect instructions
(`--toggle-collect`), so one profile's call counts hold the document's layout and the list's
building too. Two runs of the same program that differ only in the number of operations
(`MORE` ran `OPERATIONS` more than `FEWER`) differ by the operations' own calls: for each
callee whose name matches a regex (demangled: `swift demangle --simplified` when there is a
`swift`), the calls its callers made per operation, most first, and their sum. Reads
`callgrind_annotate --tree=caller`, where each function's line (`*`) follows one line per
caller with its call count (`(N×)`).
"""
import collections
import re
import shutil
import subprocess
import sys

arguments = sys.argv[1:]
top = 25
if "--top" in arguments:
    at = arguments.index("--top")
    top = int(arguments[at + 1])
    del arguments[at:at + 2]
if len(arguments) < 4:
    sys.exit(__doc__)
fewer, more, operations, patterns = arguments[0], arguments[1], float(arguments[2]), [re.compile(p) for p in arguments[3:]]


def demangled(text):
    if not shutil.which("swift"):
        return text
    return subprocess.run(["swift", "demangle", "--simplified"], input=text, capture_output=True, text=True, check=True).stdout


def calls(profile):
    """(callee, caller) → calls, for every caller line of the caller tree."""
    annotated = subprocess.run(["callgrind_annotate", "--tree=caller", "--threshold=100", profile], capture_output=True, text=True, check=True).stdout
    counts = collections.Counter()
    callers = []
    for line in demangled(annotated).splitlines():
        if not line.strip():
            callers = []
            continue
        star = re.match(r"\s*[\d,]+ \([^)]*\)\s+\*\s+\S*?:(.*?)\s*(\[[^\]]*\])?$", line)
        if star:
            callee = star.group(1)
            for caller, count in callers:
                counts[(callee, caller)] += count
            callers = []
            continue
        below = re.match(r"\s*[\d,]+ \([^)]*\)\s+<\s+\S*?:(.*?)\s*\(([\d,]+)x\)", line)
        if below:
            callers.append((below.group(1), int(below.group(2).replace(",", ""))))
    return counts


before, after = calls(fewer), calls(more)
for pattern in patterns:
    rows = collections.Counter()
    for (callee, caller), count in after.items():
        if pattern.search(callee):
            rows[(callee, caller)] += count - before.get((callee, caller), 0)
    total = sum(rows.values())
    print(f"{pattern.pattern}: {total / operations:.1f} calls per operation")
    for (callee, caller), count in rows.most_common(top):
        if count <= 0:
            break
        print(f"  {count / operations:7.2f}  {callee[:40]:40}  <- {caller[:150]}")
