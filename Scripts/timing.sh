# Sourced by the scale scripts (hostile-sizes.sh, hostile-scale.sh).

run() {  # command...: prints the wall seconds and the peak MB of the command, its output discarded
    local stats
    stats=$(mktemp)
    /usr/bin/time -f '%e %M' -o "$stats" "$@" > /dev/null
    read -r wall rss < "$stats"
    rm -f "$stats"
    echo "$wall $((rss / 1024))"
}
