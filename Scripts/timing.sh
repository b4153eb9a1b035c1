# Sourced by the scale scripts (hostile-sizes.sh, hostile-scale.sh).

run() {  # command...: the lowest wall seconds of ${REPEAT:-1} runs and their peak MB, output discarded
    local stats wall rss best="" peak=0 i
    for ((i = 0; i < ${REPEAT:-1}; i++)); do
        stats=$(mktemp)
        /usr/bin/time -f '%e %M' -o "$stats" "$@" > /dev/null
        read -r wall rss < "$stats"
        rm -f "$stats"
        # The lowest wall time: what the command costs, least disturbed by the machine's other load.
        if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$wall; fi
        ((rss > peak)) && peak=$rss
    done
    echo "$best $((peak / 1024))"
}
