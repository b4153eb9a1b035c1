#!/usr/bin/env bash
# Redraws README's pictures: the sample conversation, thread list and attachment cards laid out in points on a
# 375-point phone (`chat-layout … --units points --format svg`: HarfBuzz on the Noto fonts),
# rendered at twice the size to docs/images/*.png by headless Chromium
# (Scripts/render-svg-png.sh). Fonts: fonts-noto-core fonts-noto-color-emoji fonts-droid-fallback.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product chat-layout
binary=$(swift build --show-bin-path)/chat-layout
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs/images
"$binary" preview Samples/conversation.json --width 375 --units points --format svg >"$work/conversation.svg"
"$binary" threads Samples/threads.json --width 375 --units points --format svg >"$work/threads.svg"
"$binary" preview Samples/cards.json --width 375 --units points --format svg >"$work/cards.svg"
for name in conversation threads cards; do
    Scripts/render-svg-png.sh "$work/$name.svg" "docs/images/$name.png" 2
done
