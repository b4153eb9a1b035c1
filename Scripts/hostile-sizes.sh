#!/usr/bin/env bash
# Pathological sizes (issue 7), timed: a letter with 5000 combining marks (zalgo), a 5 MB
# message, 5000 reactions of 5000 kinds, and `chat-layout text` over the same texts. Each run
# must finish (exit 0) in time that grows linearly with its input: the script prints wall time
# and peak memory for the size given and for ten times it, and the ratio.
#
#   Scripts/hostile-sizes.sh          # release build in .build-release; documents in /tmp/clk-hostile
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HOSTILE_DIR:-/tmp/clk-hostile}
mkdir -p "$dir"
[ -x /usr/bin/time ] || { echo "hostile-sizes.sh needs /usr/bin/time (apt-get install -y time)" >&2; exit 2; }
swift build -c release --product chat-layout --scratch-path .build-release >&2
binary=$PWD/.build-release/release/chat-layout

python3 - "$dir" <<'PY'
import json, sys
out = sys.argv[1]
def doc(messages):
    return {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
            "channel": {"cid": "messaging:x", "name": "X", "member_count": 3}, "messages": messages}
def message(i, text, **extra):
    return dict(id="m%d" % i, text=text, user={"id": "x", "name": "Xavier"},
                created_at="2024-03-05T09:%02d:00Z" % i, **extra)
def marks(n):
    return "".join(chr(0x300 + i % 0x70) for i in range(n))
words = lambda size: " ".join("w%d" % i for i in range(size // 7))[:size]
for scale, suffix in ((1, "x1"), (10, "x10")):
    zalgo = ("Z" + marks(500 * scale) + " ") * 10
    json.dump(doc([message(0, zalgo), message(1, "after")]), open("%s/zalgo-%s.json" % (out, suffix), "w"))
    json.dump(doc([message(0, words(500_000 * scale)), message(1, "after")]), open("%s/big-%s.json" % (out, suffix), "w"))
    kinds = ["like", "love", "haha", "sad", "wow", "surfing"]
    reactions = [{"type": kinds[i % len(kinds)], "user_id": "u%d" % i} for i in range(500 * scale)]
    scores = {("t%d" % i): 1 for i in range(500 * scale)}
    scores["like"] = 4321
    json.dump(doc([message(0, "counted", latest_reactions=reactions),
                   message(1, "scored", latest_reactions=reactions, reaction_scores=scores)]),
              open("%s/reactions-%s.json" % (out, suffix), "w"))
    open("%s/zalgo-%s.txt" % (out, suffix), "w").write(zalgo + "\n")
    open("%s/big-%s.txt" % (out, suffix), "w").write(words(500_000 * scale) + "\n")
PY

source Scripts/timing.sh  # run: wall seconds and peak MB

echo "commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "x1: 10 letters of 500 combining marks, a 500 KB message, 500 reactions; x10: 5000 marks, 5 MB, 5000 reactions"
printf '%-20s %14s %14s %8s\n' case "x1 s / MB" "x10 s / MB" ratio
for case in "preview zalgo" "preview big" "preview reactions" "svg zalgo" "svg big" "text-wrap zalgo" "text-wrap big" "text-width big"; do
    set -- $case
    results=()
    for suffix in x1 x10; do
        case $1 in
            preview) results+=("$(run "$binary" preview "$dir/$2-$suffix.json" --width 40)") ;;
            svg) results+=("$(run "$binary" preview "$dir/$2-$suffix.json" --width 40 --format svg)") ;;
            text-wrap) results+=("$(run sh -c "'$binary' text wrap --width 40 < '$dir/$2-$suffix.txt'")") ;;
            text-width) results+=("$(run sh -c "'$binary' text width < '$dir/$2-$suffix.txt'")") ;;
        esac
    done
    read -r a_wall a_rss <<< "${results[0]}"
    read -r b_wall b_rss <<< "${results[1]}"
    ratio=$(python3 -c "print('%.1f' % ($b_wall / max($a_wall, 0.01)))")
    printf '%-20s %14s %14s %8s\n' "$case" "$a_wall / $a_rss" "$b_wall / $b_rss" "$ratio"
done
