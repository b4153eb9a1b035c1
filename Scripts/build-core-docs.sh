#!/usr/bin/env bash
# The core's documentation (Sources/ChatLayoutKit/ChatLayoutKit.docc) over every stage it
# re-exports (ChatLayoutModel, ChatLayoutDecisions, ChatLayoutComposition, ChatLayoutPlacement),
# as one module: its articles and symbol links read as they did when the core was one target.
# `swift package generate-documentation --target ChatLayoutKit` cannot do this (the plugin
# leaves re-exported symbols out), so this extracts ChatLayoutKit's symbol graph with the stages
# allowed in and runs DocC on it. Arguments go to `docc convert` (CI: --warnings-as-errors);
# with `preview` first, `docc preview` serves it on a local server instead.
# The archive: .build/documentation/ChatLayoutKit.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
action=convert
if [ "${1:-}" = preview ]; then action=preview; shift; fi
stages=ChatLayoutModel,ChatLayoutDecisions,ChatLayoutComposition,ChatLayoutPlacement
swift build --target ChatLayoutKit
modules="$(swift build --show-bin-path)/Modules"
graphs=.build/documentation/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
swift symbolgraph-extract -module-name ChatLayoutKit -I "$modules" -target "$(uname -m)-unknown-linux-gnu" \
    -output-dir "$graphs" -minimum-access-level public -emit-extension-block-symbols \
    -experimental-allowed-reexported-modules="$stages"
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
"$docc" "$action" Sources/ChatLayoutKit/ChatLayoutKit.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name ChatLayoutKit --fallback-bundle-identifier ChatLayoutKit \
    --output-path .build/documentation/ChatLayoutKit.doccarchive "$@"
