#!/usr/bin/env bash
# Lays out an SVG in headless Chromium and prints, as JSON, where the browser drew each text:
# for every <text>, its box role and message id (from the nearest <g data-role>), its
# bounding box as the browser measured it with its fonts, and the frame of the bubble it is
# in (from the bubble's data-frame), if any. Tests read it to check that text drawn by a real
# browser stays inside its bubble.
#
#   Scripts/svg-text-boxes.sh IN.svg        # → [{"role":…,"id":…,"box":[x,y,w,h],"bubble":[x,y,w,h]|null}, …]
#
# Chromium: `apt-get install -y chromium`, or set CHROMIUM to a Chrome binary.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 IN.svg" >&2; exit 2; }
svg=$1
[ -f "$svg" ] || { echo "$0: no such file: $svg" >&2; exit 1; }
# shellcheck source=find-chromium.sh
source "$(dirname "$0")/find-chromium.sh"
# shellcheck source=chromium-page-result.sh
source "$(dirname "$0")/chromium-page-result.sh"

folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
# The SVG inline in a page (without its XML declaration), and a script that measures it once
# the fonts are loaded and writes the result into <pre id="result">.
{
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">'
    grep -v '^<?xml' "$svg"
    cat <<'SCRIPT'
<pre id="result"></pre>
<script>
document.fonts.ready.then(() => {
  const frame = g => g.getAttribute("data-frame").split(" ").map(Number);
  const out = [];
  for (const text of document.querySelectorAll("svg text")) {
    const group = text.closest("g[data-role]");
    const bubble = text.closest("g[data-role=bubble]");
    const b = text.getBBox();
    out.push({role: group ? group.getAttribute("data-role") : null, id: group ? group.getAttribute("data-id") : null,
              box: [b.x, b.y, b.width, b.height], bubble: bubble ? frame(bubble) : null});
  }
  document.getElementById("result").textContent = "RESULT" + JSON.stringify(out) + "END";
});
</script></body></html>
SCRIPT
} >"$folder/page.html"
chromium_page_result "$folder/page.html" "$svg"
