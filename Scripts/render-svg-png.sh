#!/usr/bin/env bash
# Renders an SVG from `chat-layout … --format svg` to PNG with headless Chromium, then checks
# the PNG: its size (read from the IHDR chunk) is the SVG's size times the scale, and it is
# not blank (with python3: some pixels are neither white nor the background).
#
#   Scripts/render-svg-png.sh IN.svg OUT.png [SCALE]      # SCALE: device pixels a pixel (1)
#
# Chromium: `apt-get install -y chromium` (Debian), or set CHROMIUM to a Chrome binary. For
# emoji and CJK text install fonts too: fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core.
#
# Headless Chromium paints nothing below ~150 pixels of window height, so a window is at
# least 240×240: a smaller SVG gives a PNG of that size, white around the drawing.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 IN.svg OUT.png [SCALE]" >&2
    exit 2
fi
svg=$1 png=$2 scale=${3:-1}
[[ "$scale" =~ ^[1-9][0-9]*$ ]] || { echo "$0: SCALE must be a positive integer, got '$scale'" >&2; exit 2; }
[ -f "$svg" ] || { echo "$0: no such file: $svg" >&2; exit 1; }

# shellcheck source=find-chromium.sh
source "$(dirname "$0")/find-chromium.sh"

# The size from the root element: <svg … width="W" height="H" …>.
root=$(grep -m1 -o '<svg [^>]*>' "$svg") || { echo "$0: $svg has no <svg> element" >&2; exit 1; }
width=$(sed -E 's/.* width="([0-9]+)".*/\1/' <<<"$root")
height=$(sed -E 's/.* height="([0-9]+)".*/\1/' <<<"$root")
[[ "$width" =~ ^[0-9]+$ && "$height" =~ ^[0-9]+$ ]] || { echo "$0: $svg: no integer width and height" >&2; exit 1; }
window_width=$((width > 240 ? width : 240))
window_height=$((height > 240 ? height : 240))

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rm -f "$png"
absolute=$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")
output=$(cd "$(dirname "$png")" && pwd)/$(basename "$png")
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --mute-audio --no-first-run \
    --user-data-dir="$profile" --force-device-scale-factor="$scale" \
    --window-size="$window_width,$window_height" --screenshot="$output" "file://$absolute" >/dev/null 2>&1 || true
[ -s "$png" ] || { echo "$0: Chromium wrote no screenshot for $svg" >&2; exit 1; }

# PNG: an 8-byte signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
read -r -a ihdr <<<"$(od -An -tu1 -j12 -N12 "$png")"
[ "${#ihdr[@]}" -eq 12 ] && [ "${ihdr[0]}${ihdr[1]}${ihdr[2]}${ihdr[3]}" = "73726882" ] || {
    echo "$0: $png is not a PNG" >&2
    exit 1
}
png_width=$(( (ihdr[4] << 24) | (ihdr[5] << 16) | (ihdr[6] << 8) | ihdr[7] ))
png_height=$(( (ihdr[8] << 24) | (ihdr[9] << 16) | (ihdr[10] << 8) | ihdr[11] ))
expected="$((window_width * scale))x$((window_height * scale))"
if [ "${png_width}x${png_height}" != "$expected" ]; then
    echo "$0: $png is ${png_width}x${png_height}, expected $expected" >&2
    exit 1
fi

if command -v python3 >/dev/null 2>&1; then
    python3 - "$png" <<'EOF' || exit 1
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
width, height, depth, color = struct.unpack(">IIBB", data[16:26])
chunks, offset = b"", 8
while offset < len(data):
    length, kind = struct.unpack(">I4s", data[offset:offset + 8])
    if kind == b"IDAT":
        chunks += data[offset + 8:offset + 8 + length]
    offset += 12 + length
channels = {2: 3, 6: 4}.get(color)
if depth != 8 or channels is None:
    sys.exit(f"{sys.argv[1]}: unexpected PNG format (depth {depth}, colour type {color})")
raw, stride = zlib.decompress(chunks), width * channels
previous, position, inked = bytearray(stride), 0, 0
for _ in range(height):
    kind, row = raw[position], bytearray(raw[position + 1:position + 1 + stride])
    position += 1 + stride
    for i in range(stride):
        a = row[i - channels] if i >= channels else 0
        b, c = previous[i], previous[i - channels] if i >= channels else 0
        if kind == 1: row[i] = (row[i] + a) & 255
        elif kind == 2: row[i] = (row[i] + b) & 255
        elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    inked += sum(1 for i in range(0, stride, channels) if min(row[i:i + 3]) < 200)
    previous = row
if inked == 0:
    sys.exit(f"{sys.argv[1]}: blank: no pixel drawn")
print(f"{inked} pixels drawn", end="; ")
EOF
fi
echo "$png: ${png_width}x${png_height}"
