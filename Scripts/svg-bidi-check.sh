#!/usr/bin/env bash
# Lays out an SVG in headless Chromium and prints, as JSON, how the browser drew each text
# that holds right-to-left letters: its content (the SVG's text, in reading order), whether it
# says direction="rtl", its letters in the order the browser drew them from left to right (each
# letter's extent, by its centre), and, for Arabic script, whether the browser joined it (its
# natural length differs from the same text with every pair of letters kept apart by a ZWNJ,
# which forces the isolated forms). Tests compare the order with the layout's display order.
#
#   Scripts/svg-bidi-check.sh IN.svg   # → [{"text":…,"rtl":true,"order":"…","joined":true|null}, …]
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
{
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">'
    grep -v '^<?xml' "$svg"
    cat <<'SCRIPT'
<pre id="result"></pre>
<script>
document.fonts.ready.then(() => {
  const rightToLeft = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
  const arabic = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;
  const letter = /\p{L}/u;
  const svg = document.querySelector("svg");
  // The natural length of `content` in `text`'s font, without its fitted textLength.
  const naturalLength = (text, content) => {
    const probe = text.cloneNode(false);
    probe.removeAttribute("textLength");
    probe.removeAttribute("lengthAdjust");
    probe.textContent = content;
    svg.appendChild(probe);
    const length = probe.getComputedTextLength();
    probe.remove();
    return length;
  };
  const out = [];
  for (const text of document.querySelectorAll("svg text")) {
    const content = text.textContent;
    if (!rightToLeft.test(content)) continue;
    const letters = [];
    for (let i = 0; i < text.getNumberOfChars(); i++) {
      const c = content[i];
      if (!letter.test(c)) continue;
      const e = text.getExtentOfChar(i);
      letters.push({c, x: e.x + e.width / 2, i});
    }
    letters.sort((a, b) => a.x - b.x || a.i - b.i);
    let joined = null;
    if (arabic.test(content)) {
      const apart = Array.from(content).join("\u200C");
      joined = Math.abs(naturalLength(text, content) - naturalLength(text, apart)) > 0.5;
    }
    out.push({text: content, rtl: text.getAttribute("direction") === "rtl", order: letters.map(l => l.c).join(""), joined});
  }
  document.getElementById("result").textContent = "RESULT" + JSON.stringify(out) + "END";
});
</script></body></html>
SCRIPT
} >"$folder/page.html"
chromium_page_result "$folder/page.html" "$svg"
