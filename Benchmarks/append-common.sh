# Sourced by Benchmarks/append-*.sh: what they all need before a run.

# The arguments BINARY DOCUMENT APPENDS of the scripts that run the append-only benchmark once:
# `binary` (default .build/release's chat-layout-bench), `document` (run.sh's 100k one, made
# when it is not there yet) and `appends` (default DEFAULT_APPENDS), set from "$@".
append_run_arguments() {
    local default_appends=$1
    shift
    binary=${1:-$root/.build/release/chat-layout-bench}
    document=${2:-${BENCH_SCRATCH:-/tmp/chat-layout-bench}/doc-100000.json}
    appends=${3:-$default_appends}
    ensure_document "$document"
}

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

# Runs the append-only benchmark (CHAT_LAYOUT_BENCH_ONCE=append, DOCUMENT's list alone, APPENDS
# counted after a warm-up of 200) under callgrind with a profile dumped after every append, into
# $work/dumps/append.1, .2, …, and the benchmark's line into $work/output; valgrind's other
# options follow. Needs stripped_bench first; NAME is the calling script's, for its error.
callgrind_each_append() {
    local name=$1 binary=$2 document=$3 appends=$4
    shift 4
    # The benchmark's one-append function, whatever its mangled name in this build.
    local symbol
    symbol=$(nm "$work/bench" | sed -n 's/.* [tT] \(.*AppendBenchmarkV9appendOne.*\)$/\1/p' | head -1)
    [ -n "$symbol" ] || { echo "$name: no appendOne in $binary" >&2; exit 1; }
    mkdir "$work/dumps"
    CHAT_LAYOUT_BENCH_ONCE=append CHAT_LAYOUT_BENCH_APPENDS=$appends CHAT_LAYOUT_BENCH_LIST_KINDS=1 SWIFT_DETERMINISTIC_HASHING=1 \
        valgrind --tool=callgrind "$@" --toggle-collect="$symbol" --dump-after="$symbol" --dump-line=no \
        --callgrind-out-file="$work/dumps/append" "$work/bench" "$document" --width 40 --append-sizes "" > "$work/output" 2> /dev/null
}
