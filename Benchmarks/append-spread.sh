#!/bin/bash
# Benchmarks/append-spread.sh [BINARY] [DOCUMENT] [APPENDS] [TOTALS]
#
# The instructions of each append, one by one: their median (what the append goal is a median
# of), quartiles, and the median of each kind of message appended, with and without the row
# above it written again (a message that joins the group above changes that row). Runs the
# append-only benchmark (CHAT_LAYOUT_BENCH_ONCE=append, the document's list alone) under
# callgrind with a profile dumped after every append (`--dump-after`), so each append is
# counted alone; the 200 appends of the warm-up are left out. BINARY is a release
# chat-layout-bench (default .build/release's; its debug information is stripped into a copy,
# which valgrind reads); DOCUMENT run.sh's 100k one (made as run.sh makes it when it is not
# there yet); APPENDS the appends counted (default 800: about a minute and a half); TOTALS a file
# to write each append's instructions and kind to, a line each, to compare two binaries append by
# append (see callgrind-append-spread.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
binary=${1:-$root/.build/release/chat-layout-bench}
document=${2:-$scratch/doc-100000.json}
appends=${3:-800}
source "$root/Benchmarks/append-common.sh"
ensure_document "$document"
stripped_bench "$binary"
# The benchmark's one-append function, whatever its mangled name in this build.
symbol=$(nm "$work/bench" | sed -n 's/.* [tT] \(.*AppendBenchmarkV9appendOne.*\)$/\1/p' | head -1)
[ -n "$symbol" ] || { echo "append-spread: no appendOne in $binary" >&2; exit 1; }
mkdir "$work/dumps"
CHAT_LAYOUT_BENCH_ONCE=append CHAT_LAYOUT_BENCH_APPENDS=$appends CHAT_LAYOUT_BENCH_LIST_KINDS=1 SWIFT_DETERMINISTIC_HASHING=1 \
    valgrind --tool=callgrind --toggle-collect="$symbol" --dump-after="$symbol" --dump-line=no \
    --callgrind-out-file="$work/dumps/append" "$work/bench" "$document" --width 40 --append-sizes "" > "$work/output" 2> /dev/null
python3 "$root/Benchmarks/callgrind-append-spread.py" "$work/dumps" "$work/output" 200 ${4:+"$4"}
