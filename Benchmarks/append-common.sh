# Sourced by Benchmarks/append-*.sh: what they all need before a run.

# DOCUMENT, run.sh's 100k document, made as run.sh makes it when it is not there yet.
ensure_document() {
    [ -s "$1" ] && return
    mkdir -p "$(dirname "$1")"
    python3 "${SHARED:-$root/../shared}/tools/make-conversation.py" --messages 100000 --seed 5 > "$1"
}

# A scratch directory in $work (removed on exit) holding BINARY's copy without its debug
# information ($work/bench), which valgrind reads.
stripped_bench() {
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    strip --strip-debug -o "$work/bench" "$1"
}
