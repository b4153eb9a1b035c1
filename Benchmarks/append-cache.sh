#!/bin/bash
# Benchmarks/append-cache.sh [BINARY] [DOCUMENT] [KIND]
#
# Where an append's time goes besides its instructions: callgrind's simulation of the caches
# and branch predictors over the append-only benchmark (CHAT_LAYOUT_BENCH_ONCE=append, the
# document's list alone), printed per append — instructions, first-level instruction and data
# cache misses, last-level misses, conditional and indirect branches mispredicted — and the
# functions with the most instruction-cache misses and mispredicted branches. Two runs, of
# APPENDS (500) and twice as many appends after the 200 of warm-up: the figures are their
# difference divided by APPENDS, so what a run does once (its first appends' growth of the
# list's tables) is not counted as every append's. KIND appends messages of one kind alone
# (CHAT_LAYOUT_BENCH_APPEND_KIND: plain-short, plain-long, rtl, reactions, attachment,
# quote). BINARY is a release chat-layout-bench (default .build/release's; its debug
# information is stripped into a copy, which valgrind reads); DOCUMENT run.sh's 100k one
# (made as run.sh makes it when it is not there yet). The simulated caches are the host's
# (valgrind reads their sizes), the predictors valgrind's own simple ones: the counts are for
# comparing builds and parts, not a measurement of the processor. About six minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
binary=${1:-$root/.build/release/chat-layout-bench}
document=${2:-$scratch/doc-100000.json}
kind=${3:-}
appends=${APPENDS:-500}
source "$root/Benchmarks/append-common.sh"
ensure_document "$document"
stripped_bench "$binary"
for count in "$appends" $((2 * appends)); do
    env CHAT_LAYOUT_BENCH_ONCE=append CHAT_LAYOUT_BENCH_APPENDS="$count" ${kind:+CHAT_LAYOUT_BENCH_APPEND_KIND=$kind} \
        SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --toggle-collect='*9appendOne*' \
        --callgrind-out-file="$work/$count.out" "$work/bench" "$document" --width 40 --append-sizes "" > "$work/log" 2>&1
done
python3 - "$work/$appends.out" "$work/$((2 * appends)).out" "$appends" "${kind:-all kinds}" <<'PY'
import collections, re, shutil, subprocess, sys
fewer, more, operations, kind = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
events = ["Ir", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "Bcm", "Bim"]
def functions(profile):
    """Each function's events (exclusive), and the totals."""
    text = subprocess.run(["callgrind_annotate", "--show=" + ",".join(events), "--threshold=100", profile],
                          capture_output=True, text=True, check=True).stdout
    if shutil.which("swift"):
        text = subprocess.run(["swift", "demangle", "--simplified"], input=text, capture_output=True, text=True, check=True).stdout
    found, totals = collections.defaultdict(lambda: [0] * len(events)), None
    for line in text.splitlines():
        values = re.findall(r"([\d,]+|\.)(?: \([^)]*\))?\s", line + " ")[:len(events)]
        if len(values) < len(events) or not re.match(r"\s*[\d,]+", line):
            continue
        numbers = [0 if value == "." else int(value.replace(",", "")) for value in values]
        if "PROGRAM TOTALS" in line:
            totals = numbers
            continue
        name = re.sub(r"\s*\[[^\]]*\]$", "", re.split(r"\s(?:\?\?\?|\./|/)\S*?:", line, maxsplit=1)[-1]).strip()
        found[name] = [a + b for a, b in zip(found[name], numbers)]
    return found, totals
few, few_totals = functions(fewer)
many, many_totals = functions(more)
totals = dict(zip(events, [(b - a) / operations for a, b in zip(few_totals, many_totals)]))
print(f"{operations} appends ({kind}) more in the second run; per append:")
print(f"  instructions {totals['Ir']:,.0f}")
print(f"  L1 instruction misses {totals['I1mr']:,.1f} (one per {totals['Ir'] / max(1, totals['I1mr']):.0f} instructions)")
print(f"  L1 data misses {totals['D1mr'] + totals['D1mw']:,.1f} ({totals['D1mr']:,.1f} read, {totals['D1mw']:,.1f} write)")
print(f"  last-level misses {totals['ILmr'] + totals['DLmr'] + totals['DLmw']:,.1f}")
print(f"  branches mispredicted {totals['Bcm'] + totals['Bim']:,.1f} ({totals['Bcm']:,.1f} conditional, {totals['Bim']:,.1f} indirect)")
def top(label, index, count=15):
    print(f"\nMost {label} (per append):")
    rows = [(sum(many[name][i] - few.get(name, [0] * len(events))[i] for i in index) / operations, name) for name in many]
    for value, name in sorted(rows, reverse=True)[:count]:
        print(f"  {value:8.1f}  {name[:110]}")
top("instruction-cache misses", [1])
top("branches mispredicted", [7, 8])
PY
