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
source "$root/Benchmarks/append-common.sh"
append_run_arguments 800 "$@"
stripped_bench "$binary"
callgrind_each_append append-spread "$binary" "$document" "$appends"
python3 "$root/Benchmarks/callgrind-append-spread.py" "$work/dumps" "$work/output" 200 ${4:+"$4"}
