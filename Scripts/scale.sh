#!/usr/bin/env bash
# Scale (issue 7): wall time and peak memory of `chat-layout preview` on 10k, 100k and 1M
# message documents, the whole list and a 40-row viewport, with the ratio between sizes, so
# that growth faster than linear shows. Figures go to BENCHMARKS.md, "Scale (issue 7)".
#
#   Scripts/scale.sh                  # 10k, 100k, 1M (the 1M document is ~370 MB, made once)
#   SIZES="10000 100000" Scripts/scale.sh
#
# Documents are made outside the repository, in $SCALE_DIR (default /tmp/clk-scale), by
# shared/tools/make-conversation.py with seed 5. Needs /usr/bin/time (Debian: apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=(${SIZES:-10000 100000 1000000})
dir=${SCALE_DIR:-/tmp/clk-scale}
tool=${MAKE_CONVERSATION:-../shared/tools/make-conversation.py}
[ -f "$tool" ] || tool=/work/shared/tools/make-conversation.py
mkdir -p "$dir"
[ -x /usr/bin/time ] || { echo "scale.sh needs /usr/bin/time (apt-get install -y time)" >&2; exit 2; }

swift build -c release --product chat-layout --scratch-path .build-release >&2
binary=.build-release/release/chat-layout

for n in "${sizes[@]}"; do
    doc="$dir/conv-$n.json"
    [ -s "$doc" ] || python3 "$tool" --messages "$n" --seed 5 > "$doc"
done

echo "commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %-10s %10s %10s %10s %12s %9s\n' messages run wall_s user_s sys_s max_rss_MB rows
for n in "${sizes[@]}"; do
    doc="$dir/conv-$n.json"
    for run in whole viewport; do
        args=(preview "$doc" --width 40)
        [ "$run" = viewport ] && args+=(--height 40 --scroll-offset $((n / 2)))
        stats=$(mktemp)
        /usr/bin/time -f '%e %U %S %M' -o "$stats" "$binary" "${args[@]}" > "$dir/out-$n-$run.txt"
        read -r wall user sys rss < "$stats"
        rm -f "$stats"
        printf '%-9s %-10s %10s %10s %10s %12d %9d\n' "$n" "$run" "$wall" "$user" "$sys" $((rss / 1024)) "$(wc -l < "$dir/out-$n-$run.txt")"
    done
done
