#!/usr/bin/env bash
# Runs every test of the package, after installing what the tests need and the machine lacks.
#
#   Scripts/test.sh [swift test options…]      e.g. Scripts/test.sh --filter ReadmeTests
#
# Building needs only Swift, ICU and FreeType (libicu-dev, libfreetype-dev, pkg-config). The
# tests also measure in points with HarfBuzz and the Noto fonts (ChatLayoutPixel), parse markdown
# with cmark-gfm (ChatLayoutMarkdown), and draw SVG
# through headless Chromium: on Debian or Ubuntu the packages missing are installed with apt-get
# (as root, or through sudo). Elsewhere the script names what is missing and runs the tests.
# Then the tests of the example app package (Examples/ChatGoldensExample), as a user's are run.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-packages.sh Scripts/test.sh libicu-dev pkg-config libfreetype-dev libharfbuzz0b libcmark-gfm0.29.0.gfm.6 \
    libcmark-gfm-extensions0.29.0.gfm.6 fonts-noto-core fonts-noto-mono fonts-noto-color-emoji fonts-droid-fallback chromium

swift test "$@"
# The example app's golden tests, with ChatLayoutKit by path, as a user's own package runs them
# (one of them a changed rule failing with a readable diff, on purpose).
if [ $# -eq 0 ]; then
    swift test --package-path Examples/ChatGoldensExample
fi
