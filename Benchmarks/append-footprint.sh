#!/bin/bash
# Benchmarks/append-footprint.sh [BINARY] [DOCUMENT] [APPENDS]
#
# What each append asks of the processor's caches beside its instructions: the append-only
# benchmark (as append-spread.sh runs it, a profile dumped after every append) under callgrind's
# cache simulation, with this machine's first-level caches and its second-level cache as the
# last level (so a last-level miss is an access that leaves the core's own caches). For the
# appends around the median (their middle fifth) and for each kind of message appended: the
# instructions, the first-level instruction misses (code not in the 64 KiB or so of the
# instruction cache: an append runs through more code than it holds, so most of its code is
# fetched again each time), the first-level data misses, and the accesses that leave the core's
# caches (code, data read, data written); then the functions with the most instruction misses
# among the middle appends. BINARY, DOCUMENT and APPENDS as append-spread.sh's (default 800:
# about three minutes).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
binary=${1:-$root/.build/release/chat-layout-bench}
document=${2:-$scratch/doc-100000.json}
appends=${3:-800}
source "$root/Benchmarks/append-common.sh"
ensure_document "$document"
stripped_bench "$binary"
symbol=$(nm "$work/bench" | sed -n 's/.* [tT] \(.*AppendBenchmarkV9appendOne.*\)$/\1/p' | head -1)
[ -n "$symbol" ] || { echo "append-footprint: no appendOne in $binary" >&2; exit 1; }
# The second-level cache as this machine has it (2 MiB, 16 ways when it says nothing).
cache=/sys/devices/system/cpu/cpu0/cache/index2
size=$(sed 's/K$//' "$cache/size" 2> /dev/null || echo 2048)
ways=$(cat "$cache/ways_of_associativity" 2> /dev/null || echo 16)
mkdir "$work/dumps"
CHAT_LAYOUT_BENCH_ONCE=append CHAT_LAYOUT_BENCH_APPENDS=$appends CHAT_LAYOUT_BENCH_LIST_KINDS=1 SWIFT_DETERMINISTIC_HASHING=1 \
    valgrind --tool=callgrind --cache-sim=yes --LL=$((size * 1024)),$ways,64 --compress-strings=no \
    --toggle-collect="$symbol" --dump-after="$symbol" --dump-line=no \
    --callgrind-out-file="$work/dumps/append" "$work/bench" "$document" --width 40 --append-sizes "" > "$work/output" 2> /dev/null
python3 "$root/Benchmarks/callgrind-append-footprint.py" "$work/dumps" "$work/output" 200
