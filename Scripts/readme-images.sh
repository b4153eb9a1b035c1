#!/usr/bin/env bash
# Redraws README's pictures: the sample conversation and thread list as SVG
# (`chat-layout … --format svg`), rendered to docs/images/*.png by headless Chromium
# (Scripts/render-svg-png.sh). Fonts for emoji and CJK: fonts-noto-color-emoji fonts-noto-cjk.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product chat-layout
binary=$(swift build --show-bin-path)/chat-layout
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs/images
"$binary" preview Samples/conversation.json --width 44 --format svg >"$work/conversation.svg"
"$binary" threads Samples/threads.json --width 44 --format svg >"$work/threads.svg"
for name in conversation threads; do
    Scripts/render-svg-png.sh "$work/$name.svg" "docs/images/$name.png" 1
done
