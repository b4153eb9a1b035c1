#!/bin/bash
# Benchmarks/append-perf.sh [BINARY] [DOCUMENT] [APPENDS]
#
# Where the append's wall clock goes, function by function: a sampling profile (Linux perf,
# the processor's own clock, not valgrind's instruction counts) of the append-only benchmark
# (CHAT_LAYOUT_BENCH_ONCE=append, the document's list alone) with APPENDS appends (20,000, at
# 20,000 samples a second: some 9,000 samples of them), kept to the samples taken inside an
# append (its caller chain holds `appendOne`), each function's own time as a share of the
# appends' time. (Many more appends grow the heap past the memory the list's building left
# free, and page faults appear that the benchmark's 2,000 appends do not take:
# `append_faults`.)
# Callgrind counts what an append executes; this says what it waits for too (reference
# counting's calls and the memory they touch, page faults in the kernel). glibc's functions
# (malloc, free) keep no frame pointer, so their samples lose the chain and are not counted
# here: Benchmarks/append-allocator.sh measures them. Needs perf (Debian: linux-perf) and
# perf_event_paranoid ≤ 2. BINARY is a release chat-layout-bench (default .build/release's);
# DOCUMENT run.sh's 100k one. About half a minute.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v perf > /dev/null || { echo "append-perf: perf is not installed (Debian: apt-get install linux-perf)" >&2; exit 1; }
source "$root/Benchmarks/append-common.sh"
append_run_arguments 20000 "$@"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CHAT_LAYOUT_BENCH_ONCE=append CHAT_LAYOUT_BENCH_APPENDS=$appends perf record -q -F 20000 -g -o "$work/perf.data" \
    "$binary" "$document" --width 40 --append-sizes "" > /dev/null
# The appends' share of all samples (their functions' and their callees'), then each function's
# own samples among those taken inside an append.
appends_share=$(perf report -i "$work/perf.data" --children --sort=sym --stdio -g none 2> /dev/null \
    | sed -n 's/^ *\([0-9.]*\)% .*AppendBenchmarkV9appendOne.*/\1/p' | head -1)
perf report -i "$work/perf.data" --no-children --sort=sym --parent=appendOne -x --stdio -g none 2> /dev/null \
    | sed -n 's/^ *\([0-9.]*\)% *\[[.k]\] \([^ ]*\).*/\1 \2/p' > "$work/own"
python3 - "$work/own" "$appends_share" <<'PY'
import subprocess, sys
rows = [line.split(None, 1) for line in open(sys.argv[1]) if line.strip()]
share = float(sys.argv[2])
names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(name.strip() for _, name in rows),
                       capture_output=True, text=True).stdout.splitlines()
counted = sum(float(percent) for percent, _ in rows)
print(f"appends: {share:.1f} % of the run's samples; {100 * counted / share:.1f} % of them kept (the rest lost their caller chain)")
groups = {"reference counting": ("swift_retain", "swift_release", "swift_bridgeObjectRetain", "swift_bridgeObjectRelease",
                                 "swift_isUniquelyReferenced", "doDecrementSlow", "_swift_release_dealloc"),
          "the kernel (page faults)": ("clear_page", "exc_page_fault", "_raw_spin_lock", "handle_mm_fault", "do_anonymous_page")}
for group, parts in groups.items():
    own = sum(float(percent) for (percent, _), name in zip(rows, names) if any(part in name for part in parts))
    print(f"{group}: {100 * own / share:.1f} % of the appends' time")
print("own time, share of the appends' time:")
for (percent, _), name in list(zip(rows, names))[:30]:
    print(f"{100 * float(percent) / share:6.2f} %  {name[:150]}")
PY
