#!/usr/bin/env python3
"""The cache misses of each append, from one callgrind profile with its cache simulation dumped
after each (Benchmarks/append-footprint.sh).

    callgrind-append-footprint.py DUMPS OUTPUT WARM_UP

DUMPS, OUTPUT and WARM_UP as callgrind-append-spread.py's. Prints, for the appends around the
median (the middle fifth by instructions) and for each kind of message appended (with and
without the row above written again), the mean of each event an append: instructions (Ir),
first-level instruction misses (I1mr), first-level data misses (D1mr, D1mw), and misses of the
simulated last level, here the core's second-level cache (ILmr, DLmr, DLmw); then the functions
with the most first-level instruction misses an append among the middle appends, with their
instructions.
"""
import collections
import os
import re
import statistics
import subprocess
import sys

dumps, output, warm_up = sys.argv[1], sys.argv[2], int(sys.argv[3])
found = re.search(r"appended_kinds=(\S+)", open(output).read())
if not found:
    sys.exit("callgrind-append-footprint: the benchmark printed no appended_kinds= (see %s)" % output)
kinds = found.group(1).split(",")
events = ["Ir", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]


def read(path):
    """The dump's totals by event, whether the row above was written again, and each
    function's own cost by event."""
    names, totals, own, above = None, {}, collections.defaultdict(collections.Counter), False
    function, after_call = None, False
    with open(path) as dump:
        for line in dump:
            if line.startswith("events:"):
                names = line.split()[1:]
            elif line.startswith("totals:"):
                totals = dict(zip(names, map(int, line.split()[1:])))
            elif line.startswith("fn="):
                function, after_call = line[3:].strip(), False
                above = above or "12resolveEntry2at5below" in function
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:  # the cost of the call, counted in the function called
                    after_call = False
                    continue
                for name, value in zip(names, line.split()[1:]):
                    own[function][name] += int(value)
    return totals, above, own


appends = []
index = warm_up + 1
while os.path.exists(os.path.join(dumps, "append.%d" % index)) and index <= len(kinds):
    totals, above, own = read(os.path.join(dumps, "append.%d" % index))
    appends.append((totals, kinds[index - 1] + (" + row above" if above else ""), own))
    index += 1
if not appends:
    sys.exit("callgrind-append-footprint: no append counted")
ordered = sorted(appends, key=lambda append: append[0].get("Ir", 0))
middle = ordered[2 * len(ordered) // 5: 3 * len(ordered) // 5]


def row(label, group):
    means = [statistics.mean(append[0].get(event, 0) for append in group) for event in events]
    print("%-28s %5d " % (label, len(group)) + " ".join("%7.1f" % mean if mean < 1000 else "%7.0f" % mean for mean in means))


print("%-28s %5s " % ("appends (means an append)", "count") + " ".join("%7s" % event for event in events))
row("middle fifth", middle)
row("all", appends)
by_kind = collections.defaultdict(list)
for append in appends:
    by_kind[append[1]].append(append)
for kind, group in sorted(by_kind.items(), key=lambda item: -len(item[1])):
    row(kind, group)
own = collections.defaultdict(collections.Counter)
for _, _, functions in middle:
    for function, costs in functions.items():
        own[function].update(costs)
top = sorted(own.items(), key=lambda item: -item[1]["I1mr"])[:25]
names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(name for name, _ in top),
                       capture_output=True, text=True).stdout.splitlines()
print("\nfunctions with the most first-level instruction misses (middle fifth, an append): I1mr, Ir")
for (_, costs), name in zip(top, names):
    print("%7.1f %7.0f  %s" % (costs["I1mr"] / len(middle), costs["Ir"] / len(middle), name[:110]))
