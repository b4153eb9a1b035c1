#!/usr/bin/env python3
"""The instructions of each append, from one callgrind profile dumped after each
(Benchmarks/append-spread.sh).

    callgrind-append-spread.py DUMPS OUTPUT WARM_UP [TOTALS]

DUMPS holds the dumps `append.1`, `append.2`, … (one an append, in order; a last one at the
end of the run has no append in it); OUTPUT the benchmark's line with `appended_kinds=…`, the
kind of each message appended in the same order. The first WARM_UP appends are left out.
Prints the median, the quartiles and the tenths, then per kind of message, with and without the
row above written again or regrouped in place (the dump calls `regroupsInPlace` or
`resolveAboveAppended`; `resolveEntry` in older binaries): how many, their median, and their share of the appends around the median (its middle
fifth). TOTALS, when given, is a file written with each append's instructions and kind, a line
each, in order: two binaries compared append by append (the median of one run moves by a few
hundred instructions from run to run, as the list built on two threads leaves its caches a little
different).
"""
import os
import re
import statistics
import sys

dumps, output, warm_up = sys.argv[1], sys.argv[2], int(sys.argv[3])
totals_file = sys.argv[4] if len(sys.argv) > 4 else None
found = re.search(r"appended_kinds=(\S+)", open(output).read())
if not found:
    sys.exit("callgrind-append-spread: the benchmark printed no appended_kinds= (a chat-layout-bench older than "
             "CHAT_LAYOUT_BENCH_LIST_KINDS, or one that failed: see its output, %s)" % output)
kinds = found.group(1).split(",")
appends = []
index = 1
while os.path.exists(os.path.join(dumps, "append.%d" % index)) and index <= len(kinds):
    total, above = 0, False
    with open(os.path.join(dumps, "append.%d" % index)) as dump:
        for line in dump:
            if line.startswith("totals:"):
                total = int(line.split()[1])
            elif not above and ("15regroupsInPlace" in line or "20resolveAboveAppended2at5below" in line
                                or "12resolveEntry2at5below" in line):
                above = True
    if index > warm_up:
        appends.append((total, kinds[index - 1] + (" + row above" if above else "")))
    index += 1
if not appends:
    sys.exit("callgrind-append-spread: no append counted")
if totals_file:
    with open(totals_file, "w") as out:
        for total, kind in appends:
            out.write("%d %s\n" % (total, kind))
totals = sorted(total for total, _ in appends)
count = len(totals)
print("appends counted: %d" % count)
print("median instructions an append: %d (mean %d)" % (statistics.median(totals), statistics.mean(totals)))
print("quartiles: %d / %d; tenths: %s" % (totals[count // 4], totals[3 * count // 4],
                                            " ".join(str(totals[count * tenth // 10]) for tenth in range(1, 10))))
middle = sorted(appends)[2 * count // 5: 3 * count // 5]
print("%-28s %6s %8s %18s" % ("kind", "count", "median", "share of the middle"))
groups = {}
for total, kind in appends:
    groups.setdefault(kind, []).append(total)
for kind, values in sorted(groups.items(), key=lambda item: -len(item[1])):
    share = sum(1 for _, other in middle if other == kind) / max(1, len(middle))
    print("%-28s %6d %8d %17.0f%%" % (kind, len(values), statistics.median(values), share * 100))
