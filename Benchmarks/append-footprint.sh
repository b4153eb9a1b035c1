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
source "$root/Benchmarks/append-common.sh"
append_run_arguments 800 "$@"
stripped_bench "$binary"
# The second-level cache as this machine has it (2 MiB, 16 ways when it says nothing).
cache=/sys/devices/system/cpu/cpu0/cache/index2
size=$(sed 's/K$//' "$cache/size" 2> /dev/null || echo 2048)
ways=$(cat "$cache/ways_of_associativity" 2> /dev/null || echo 16)
callgrind_each_append append-footprint "$binary" "$document" "$appends" --cache-sim=yes --LL=$((size * 1024)),$ways,64 \
    --compress-strings=no
python3 "$root/Benchmarks/callgrind-append-footprint.py" "$work/dumps" "$work/output" 200
