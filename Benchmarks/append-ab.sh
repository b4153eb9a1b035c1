#!/bin/bash
# Benchmarks/append-ab.sh OLD_BINARY NEW_BINARY [ROUNDS] [DOCUMENT]
#
# The append's wall clock of two builds of chat-layout-bench side by side: their append runs
# (CHAT_LAYOUT_BENCH_ONCE=append, the document's list and lists of 10k and 1M messages)
# alternated ROUNDS times (5), then the median of each figure for each build (the appends,
# the edit, the jumps). Alternating keeps the machine's load, which moves every figure, out
# of the difference. Copy each build's .build/release/chat-layout-bench to a file of its own
# first. The document is run.sh's 100k one (made as run.sh makes it when it is not there
# yet).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
old=$1 new=$2 rounds=${3:-5} document=${4:-$scratch/doc-100000.json}
source "$root/Benchmarks/append-common.sh"
ensure_document "$document"
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
for _ in $(seq "$rounds"); do
    for side in old new; do
        binary=${!side}
        CHAT_LAYOUT_BENCH_ONCE=append "$binary" "$document" --width 40 --append-sizes 10000,1000000 | tail -1 | sed "s/^/$side /" >> "$lines"
    done
done
python3 - "$lines" <<'PY'
import collections, statistics, sys
figures = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    side, *pairs = line.split()
    for pair in pairs:
        if '=' not in pair:
            continue
        key, value = pair.split('=')
        if key.startswith(('append', 'jump')) or key == 'edit_us':
            # A kind's figure is its median and its count (`append_us_<kind>=median,count`).
            figures[side][key].append(float(value.split(',')[0]))
for side in ('old', 'new'):
    print(side, ' '.join(f'{key}={statistics.median(values):.2f}' for key, values in figures[side].items()))
PY
