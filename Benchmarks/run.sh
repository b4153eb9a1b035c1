#!/usr/bin/env bash
# Benchmarks/run.sh: ChatLayoutKit's benchmark and its peers (../shared/bench/peers) in one run
# on the same texts, with ratios ours / peer (SPEC §7, BENCHMARKS.md).
#
#   Benchmarks/run.sh                      # 100k messages, width 40, 5 runs
#   MESSAGES=20000 RUNS=3 Benchmarks/run.sh
#   APPEND_SIZES=10000 Benchmarks/run.sh   # append_us on a 10k list too, not on 1M
#
# Inputs, peer copies and their builds go to $BENCH_SCRATCH (default /tmp/chat-layout-bench),
# never into the repository. Network: only apt-get and pip, and only when a peer's packages
# are missing.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
SCRATCH=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
MESSAGES=${MESSAGES:-100000}
PREVIEW_MESSAGES=${PREVIEW_MESSAGES:-10000}
WIDTH=${WIDTH:-40}
RUNS=${RUNS:-5}
APPEND_SIZES=${APPEND_SIZES:-10000,1000000} # other list lengths for append_us (1M: ~20 s, ~3.5 GB)
SEED=5
PEERS=$SHARED/bench/peers
mkdir -p "$SCRATCH"
log() { echo "run.sh: $*" >&2; }

# MARK: Peers' prerequisites (Debian's crates for the offline cargo build; rich from pip)
if ! ls -d /usr/share/cargo/registry/textwrap-0.16* >/dev/null 2>&1; then
    log "installing Debian's textwrap crates"
    apt-get install -y librust-textwrap-dev librust-unicode-width-dev >&2
fi
if ! python3 -c 'import rich' 2>/dev/null; then
    log "installing rich"
    pip install rich >&2
fi

# MARK: Builds
log "building ChatLayoutKit (release)"
(cd "$ROOT" && swift build -c release --scratch-path .build-bench-release --product chat-layout-bench >&2 \
    && swift build -c release --scratch-path .build-bench-release --product chat-layout >&2)
BIN=$ROOT/.build-bench-release/release

log "building the peers in $SCRATCH"
rm -rf "$SCRATCH/rust-textwrap"
cp -r "$PEERS/rust-textwrap" "$SCRATCH/rust-textwrap"
chmod -R u+w "$SCRATCH/rust-textwrap"
(cd "$SCRATCH/rust-textwrap" && cargo build --release --offline --quiet >&2)
cc -O2 "$PEERS/icu-iterate.c" -o "$SCRATCH/icu-iterate" $(pkg-config --cflags --libs icu-uc)

# MARK: Inputs (deterministic: the same seed gives the same texts to every program)
make_inputs() { # MESSAGES → doc-N.json and texts-N.txt
    local n=$1
    [ -s "$SCRATCH/doc-$n.json" ] || python3 "$SHARED/tools/make-conversation.py" --messages "$n" --seed $SEED > "$SCRATCH/doc-$n.json"
    [ -s "$SCRATCH/texts-$n.txt" ] || python3 "$SHARED/tools/make-conversation.py" --messages "$n" --seed $SEED --lines > "$SCRATCH/texts-$n.txt"
}
make_inputs "$MESSAGES"
make_inputs "$PREVIEW_MESSAGES"

# MARK: Runs
# A peer prints one line ending in ms=T for one loop; run it RUNS times and keep the median.
median_ms() { # command… → median of the ms= figures
    for _ in $(seq "$RUNS"); do "$@"; done | sed -n 's/.* ms=\([0-9.]*\)$/\1/p' | sort -g \
        | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# The wall time of a whole process (start, reading, decoding, layout, drawing, writing).
wall_ms() { # command… → median wall milliseconds, output discarded
    python3 - "$RUNS" "$@" <<'EOF'
import statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - start) * 1e3)
print("%.2f" % statistics.median(times))
EOF
}

log "chat-layout-bench on $MESSAGES messages"
OURS=$("$BIN/chat-layout-bench" "$SCRATCH/doc-$MESSAGES.json" --width "$WIDTH" --runs "$RUNS" --append-sizes "$APPEND_SIZES")
echo "chat-layout-bench $OURS"
log "peers on the same $MESSAGES texts"
echo "rust-textwrap $("$SCRATCH/rust-textwrap/target/release/rust-textwrap-peer" "$WIDTH" < "$SCRATCH/texts-$MESSAGES.txt")"
echo "icu-iterate $("$SCRATCH/icu-iterate" "$SCRATCH/texts-$MESSAGES.txt")"
RUST_MS=$(median_ms sh -c "'$SCRATCH/rust-textwrap/target/release/rust-textwrap-peer' $WIDTH < '$SCRATCH/texts-$MESSAGES.txt'")
ICU_MS=$(median_ms "$SCRATCH/icu-iterate" "$SCRATCH/texts-$MESSAGES.txt")

log "chat-layout preview of $PREVIEW_MESSAGES messages against rich"
PREVIEW_MS=$(wall_ms "$BIN/chat-layout" preview "$SCRATCH/doc-$PREVIEW_MESSAGES.json" --width "$WIDTH")
echo "rich-wrap $(python3 "$PEERS/rich-wrap.py" "$WIDTH" "$SCRATCH/texts-$PREVIEW_MESSAGES.txt")"
RICH_MS=$(median_ms python3 "$PEERS/rich-wrap.py" "$WIDTH" "$SCRATCH/texts-$PREVIEW_MESSAGES.txt")
echo "chat-layout-preview messages=$PREVIEW_MESSAGES wall_ms=$PREVIEW_MS"

# MARK: Ratios
python3 - "$OURS" "$RUST_MS" "$ICU_MS" "$PREVIEW_MS" "$RICH_MS" "$MESSAGES" "$PREVIEW_MESSAGES" <<'EOF'
import sys
ours = dict(pair.split("=", 1) for pair in sys.argv[1].split())
rust, icu, preview, rich = map(float, sys.argv[2:6])
messages, preview_messages = sys.argv[6:8]
def num(key): return float(ours[key])
identical = ours["icu_line_differences"] == "0" and ours["icu_grapheme_differences"] == "0"
rows = [  # figure, ours, peer, ratio (ours / peer), goal, met
    ("layout %s msgs vs Rust textwrap wrapping" % messages, "%.1f ms" % num("layout_ms"), "%.1f ms" % rust,
     num("layout_ms") / rust, "≤ 0.5×", num("layout_ms") / rust <= 0.5),
    ("measure %s texts vs ICU iterators (C peer)" % messages, "%.1f ms" % num("measure_ms"), "%.1f ms" % icu,
     num("measure_ms") / icu, "≤ 0.33× (≥ 3× faster), identical", num("measure_ms") / icu <= 1 / 3 and identical),
    ("measure vs ICU iterators in-process", "%.1f ms" % num("measure_ms"), "%.1f ms" % num("icu_iterate_ms"),
     num("measure_ms") / num("icu_iterate_ms"), "(same goal)", num("measure_ms") / num("icu_iterate_ms") <= 1 / 3 and identical),
    ("measure afresh (new engine, nothing cached) vs ICU C peer", "%.1f ms" % num("measure_fresh_ms"), "%.1f ms" % icu,
     num("measure_fresh_ms") / icu, "(same goal)", num("measure_fresh_ms") / icu <= 1 / 3 and identical),
    ("preview %s msgs (whole process) vs rich wrapping" % preview_messages, "%.1f ms" % preview, "%.1f ms" % rich,
     preview / rich, "≤ 0.033× (≥ 30× faster)", preview / rich <= 1 / 30),
    ("overlay query", "%.3f µs" % num("overlay_us"), "—", None, "≤ 1 µs", num("overlay_us") <= 1),
    ("retained layout memory", "%d B/msg" % num("bytes_per_message"), "—", None, "≤ 1024 B/msg", num("bytes_per_message") <= 1024),
    ("append one message to the %s list (10k / 1M: %s / %s µs)" % (messages, ours.get("append_us_10k", "—"), ours.get("append_us_1m", "—")),
     "%.2f µs" % num("append_us"), "full relayout %.1f ms" % num("layout_ms"), num("append_us") / 1e3 / num("layout_ms"),
     "≤ 5 µs, O(1)", num("append_us") <= 5),
]
print("\n| figure | ours | peer | ours / peer | goal | met |\n|---|---|---|---|---|---|")
for figure, mine, peer, ratio, goal, met in rows:
    print("| %s | %s | %s | %s | %s | %s |" % (figure, mine, peer, "—" if ratio is None else ("%.2f" % ratio if ratio >= 0.01 else "%.1e" % ratio), goal,
          "not measured" if met is None else ("yes" if met else "**no**")))
print("\nidentical to ICU: line-break differences %s, grapheme differences %s (texts of %s)"
      % (ours["icu_line_differences"], ours["icu_grapheme_differences"], ours["messages"]))
EOF
