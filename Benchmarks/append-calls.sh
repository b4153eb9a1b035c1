#!/bin/bash
# Benchmarks/append-calls.sh [BINARY] [DOCUMENT] [CALLEE_REGEX …]
#
# What one append calls, by caller: reference counting, allocations and copies of large
# values, counted. Runs the append-only benchmark (CHAT_LAYOUT_BENCH_ONCE=append, the
# document's list alone) under callgrind twice, with 2,000 and 4,000 appends after the 200
# of warm-up, and prints per append the calls that the second run made more
# (Benchmarks/callgrind-call-counts.py): callgrind counts calls over the whole run, so one
# profile's counts hold the layout and the list's building too; the difference is the
# appends' own. BINARY is a release chat-layout-bench (default .build/release's; its debug
# information is stripped into a copy, which valgrind reads); DOCUMENT run.sh's 100k one
# (made as run.sh makes it when it is not there yet). The default callees: swift_retain,
# swift_release, swift_allocObject, and the outlined copies of values ("initializeWithCopy").
# It first prints the instructions of one append in the steady state, the same difference of
# the two runs' totals (the first run's average holds its warm-up). About two minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
binary=${1:-$root/.build/release/chat-layout-bench}
document=${2:-$scratch/doc-100000.json}
shift $(( $# > 2 ? 2 : $# ))
callees=("$@")
[ ${#callees[@]} -gt 0 ] || callees=('^swift_retain$' '^swift_release$' '^swift_allocObject$' '^initializeWithCopy for ')
source "$root/Benchmarks/append-common.sh"
ensure_document "$document"
stripped_bench "$binary"
for appends in 2000 4000; do
    CHAT_LAYOUT_BENCH_ONCE=append CHAT_LAYOUT_BENCH_APPENDS=$appends SWIFT_DETERMINISTIC_HASHING=1 \
        valgrind --tool=callgrind --toggle-collect='*9appendOne*' --callgrind-out-file="$work/$appends.out" \
        "$work/bench" "$document" --width 40 --append-sizes "" > /dev/null 2>&1
done
total() { callgrind_annotate "$1" 2> /dev/null | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,; }
echo "instructions per append (steady state): $(( ($(total "$work/4000.out") - $(total "$work/2000.out")) / 2000 ))"
python3 "$root/Benchmarks/callgrind-call-counts.py" "$work/2000.out" "$work/4000.out" 2000 "${callees[@]}"
