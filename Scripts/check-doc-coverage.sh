#!/usr/bin/env bash
# Every public declaration of the library modules has a doc comment: types, functions,
# initializers, properties, subscripts, operators and enum cases. Reads the symbol graphs
# (`swift package dump-symbol-graph`, public symbols) and lists what lacks one, as
# `path:line: kind name`; exits 1 if anything does. Members the compiler synthesises
# (`hashValue`, `hash(into:)` of enums, `!=`) are not in our sources and are skipped; members
# that implement a documented protocol requirement inherit its documentation.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(ChatLayoutModel ChatLayoutDecisions ChatLayoutComposition ChatLayoutPlacement ChatLayoutDecoding ChatLayoutICU ChatLayoutTextRenderer ChatLayoutSVGRenderer ChatLayoutPixel ChatLayoutMarkdown ChatLayoutFoundation
         ChatLayoutGoldens ChatLayoutGoldenTesting TextMeasuringConformance)

output=$(swift package dump-symbol-graph --minimum-access-level public 2>&1) || { echo "$output"; exit 1; }
directory=$(printf '%s\n' "$output" | sed -n 's/^Files written to //p' | tail -1)
[ -d "$directory" ] || { echo "$output"; echo "check-doc-coverage: no symbol graphs written" >&2; exit 1; }

python3 - "$directory" "${modules[@]}" <<'PYTHON'
import glob, json, sys
directory, modules = sys.argv[1], sys.argv[2:]
missing, total = [], 0
# A module's own symbols, then what it adds to other modules' types (`Module@Other`): the
# core's later stages extend the earlier stages' types.
graphs = [path for module in modules
          for path in [f"{directory}/{module}.symbols.json"] + sorted(glob.glob(f"{directory}/{module}@*.symbols.json"))]
for path in graphs:
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if location is None:  # synthesised by the compiler, not written in our sources
            continue
        total += 1
        lines = (symbol.get("docComment") or {}).get("lines", [])
        if not any(line["text"].strip() for line in lines):
            path = location["uri"].split("/Sources/", 1)[-1]
            line = location["position"]["line"] + 1
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            missing.append(f"Sources/{path}:{line}: {kind} {'.'.join(symbol['pathComponents'])}")
for entry in sorted(missing):
    print(entry)
print(f"check-doc-coverage: {total - len(missing)} of {total} public symbols of {', '.join(modules)} documented")
sys.exit(1 if missing else 0)
PYTHON
