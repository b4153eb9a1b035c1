#!/usr/bin/env bash
# Builds the fuzz targets and runs each one for a while (FUZZING.md).
#
#   Fuzz/run.sh [SECONDS] [TARGET…]        SECONDS per target (default 300);
#                                          targets: FuzzDecoder FuzzTextEngine FuzzPipeline (default: all)
#   Fuzz/run.sh build [TARGET…]            build only
#   Fuzz/run.sh replay [TARGET…]           build, then run each target once over the crashes
#                                          it found (Fuzz/Crashes/<target>/): all must pass
#
# Environment: FUZZ_SCRATCH (build folder, default .build-fuzz), FUZZ_WORK (corpora, crashes,
# logs; default $FUZZ_SCRATCH/work), FUZZ_CONFIGURATION (release or debug; default release),
# FUZZ_CORPUS (an extra folder of seed documents or texts, e.g. /work/shared/corpus),
# FUZZ_ARGS (more libFuzzer flags, e.g. "-jobs=2").
# Crashes are written to $FUZZ_WORK/<target>/crashes/; replay one with
#   $FUZZ_SCRATCH/<configuration>/<target> <crash-file>
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(FuzzDecoder FuzzTextEngine FuzzPipeline)
seconds=300
build_only=false
replay=false
if [[ $# -gt 0 && $1 == build ]]; then build_only=true; shift
elif [[ $# -gt 0 && $1 == replay ]]; then replay=true; shift
elif [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then seconds=$1; shift
fi
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

scratch=${FUZZ_SCRATCH:-.build-fuzz}
work=${FUZZ_WORK:-$scratch/work}
configuration=${FUZZ_CONFIGURATION:-release}

build() {
    CHATLAYOUT_FUZZ=1 swift build -c "$configuration" --product "$1" --scratch-path "$scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -g \
        -Xcc -fsanitize=address
}

# Seeds: the repository's documents (prefixed with parameter bytes for the pipeline) and
# texts; rebuilt every run, kept apart from the corpus the fuzzer grows.
seed() {
    local target=$1 dir=$work/$1/seeds
    rm -rf "$dir"; mkdir -p "$dir"
    python3 - "$target" "$dir" "${FUZZ_CORPUS:-}" <<'PY'
import glob, hashlib, json, os, sys
target, out, extra = sys.argv[1], sys.argv[2], sys.argv[3]
documents = sorted(glob.glob("Samples/*.json") + glob.glob("Tests/GoldenTests/Documents/*.json")
                   + glob.glob("Fuzz/Seeds/*.json"))
texts = [l.rstrip("\n") for l in open("Samples/multilingual.txt", encoding="utf-8")]
texts += [json.loads(l) for i, l in enumerate(open("Tests/ChatLayoutICUTests/Fixtures/corpus.jsonl", encoding="utf-8")) if i % 40 == 0]
for path in sorted(glob.glob("Fuzz/Seeds/*.txt")):
    texts += [l.rstrip("\n") for l in open(path, encoding="utf-8")]
if extra:
    for path in sorted(glob.glob(os.path.join(extra, "**", "*.json"), recursive=True)):
        try:
            lines = json.load(open(path, encoding="utf-8"))
        except ValueError:
            continue
        strings = [s for s in json.dumps(lines, ensure_ascii=False).split('"') if len(s) > 2]
        texts += strings[::50]
def write(data):
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
if target == "FuzzTextEngine":
    for text in texts:
        write(text.encode("utf-8"))
else:
    for path in documents:
        data = open(path, "rb").read()
        if len(data) > 16384:
            continue
        if target == "FuzzDecoder":
            write(data)
        else:
            # width byte, screen byte: list at 40 and 24, explain, thread list, thread view, a viewport
            for prefix in (b"\x27\x00", b"\x17\x01", b"\x0b\x10", b"\x3f\x03", b"\x27\x04", b"\x1f\x06", b"\x27\x48"):
                write(prefix + data)
PY
}

for target in "${targets[@]}"; do
    echo "== building $target ($configuration)"
    build "$target"
done
$build_only && exit 0

bin_dir=$(CHATLAYOUT_FUZZ=1 swift build -c "$configuration" --scratch-path "$scratch" --show-bin-path)
if $replay; then
    for target in "${targets[@]}"; do
        echo "== replaying Fuzz/Crashes/$target"
        SWIFT_BACKTRACE=enable=no "$bin_dir/$target" Fuzz/Crashes/"$target"/* 2>&1 | grep -E '^Executed|ERROR|invariant'
    done
    exit 0
fi
for target in "${targets[@]}"; do
    case $target in
        FuzzDecoder) options=(-dict=Fuzz/json.dict -max_len=16384) ;;
        FuzzTextEngine) options=(-dict=Fuzz/text.dict -max_len=1024) ;;
        FuzzPipeline) options=(-dict=Fuzz/json.dict -max_len=16384) ;;
        *) echo "unknown target $target" >&2; exit 2 ;;
    esac
    seed "$target"
    mkdir -p "$work/$target/corpus" "$work/$target/crashes"
    log=$work/$target/$(date -u +%Y%m%dT%H%M%SZ).log
    echo "== $target for ${seconds}s, log $log"
    # The Swift runtime's crash backtracer trips AddressSanitizer; libFuzzer reports crashes.
    # shellcheck disable=SC2086
    SWIFT_BACKTRACE=enable=no "$bin_dir/$target" "${options[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$work/$target/crashes/" ${FUZZ_ARGS:-} \
        "$work/$target/corpus" "$work/$target/seeds" "Fuzz/Crashes/$target" 2>&1 | tee "$log" | grep -E --line-buffered '^#[0-9]+\s+(INITED|DONE)|ERROR|invariant|Fatal|SUMMARY|stat::' || true
done

# One line per run for FUZZING.md's table: the last coverage figures and any crashes.
for target in "${targets[@]}"; do
    log=$(ls -t "$work/$target"/*.log | head -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    crashes=$(find "$work/$target/crashes" -type f | wc -l)
    echo "== $target: up to ${seconds}s, $(grep -o 'cov: [0-9]*' <<<"$last") $(grep -o 'ft: [0-9]*' <<<"$last")" \
        "$(grep -o 'corp: [^ ]*' <<<"$last") $(grep -o 'exec/s: [0-9]*' <<<"$last"), crashes: $crashes"
done
