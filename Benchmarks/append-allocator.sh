#!/bin/bash
# Benchmarks/append-allocator.sh [BINARY] [ROUNDS] [DOCUMENT]
#
# What the memory system adds to the append's clock, beside its instructions: the append runs
# of one build of chat-layout-bench (CHAT_LAYOUT_BENCH_ONCE=append, as append-ab.sh times them)
# under glibc's malloc as it is, then each against it, alternated ROUNDS times (3):
#   - glibc with transparent huge pages for its heap (GLIBC_TUNABLES=glibc.malloc.hugetlb=1):
#     an append reads and writes memory spread over many 4 KiB pages (the list's tables, its
#     entries, the caches), each of which the processor must find in its page tables first
#     (a TLB miss); 2 MiB pages leave far fewer to find — the difference is what those
#     look-ups cost. (The benchmark's appends take no page fault: `append_faults`.);
#   - mimalloc in place of glibc's malloc (LD_PRELOAD), when it is installed (Debian:
#     apt-get install libmimalloc2.0): the difference is what glibc's malloc and free cost
#     beyond a faster allocator's, for the same allocations.
# Neither is how the library runs for its users (an app has its platform's allocator): the
# figures say where the clock goes that instruction counts do not show. BINARY is a release
# chat-layout-bench (default .build/release's); the document run.sh's 100k one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${BENCH_SCRATCH:-/tmp/chat-layout-bench}
binary=$(realpath "${1:-$root/.build/release/chat-layout-bench}")
rounds=${2:-3}
document=${3:-$scratch/doc-100000.json}
wrappers=$(mktemp -d)
trap 'rm -rf "$wrappers"' EXIT
printf '#!/bin/bash\nGLIBC_TUNABLES=glibc.malloc.hugetlb=1 exec %q "$@"\n' "$binary" > "$wrappers/huge-pages"
chmod +x "$wrappers/huge-pages"
echo "== glibc (old) against glibc with huge pages for its heap (new)"
bash "$root/Benchmarks/append-ab.sh" "$binary" "$wrappers/huge-pages" "$rounds" "$document"
mimalloc=$(ldconfig -p | sed -n 's/.*libmimalloc\.so\.2 .*=> \(.*\)$/\1/p' | head -1)
if [ -z "$mimalloc" ]; then
    echo "== mimalloc is not installed (Debian: apt-get install libmimalloc2.0): no comparison with it"
    exit 0
fi
printf '#!/bin/bash\nLD_PRELOAD=%q exec %q "$@"\n' "$mimalloc" "$binary" > "$wrappers/mimalloc"
chmod +x "$wrappers/mimalloc"
echo "== glibc (old) against mimalloc (new)"
bash "$root/Benchmarks/append-ab.sh" "$binary" "$wrappers/mimalloc" "$rounds" "$document"
