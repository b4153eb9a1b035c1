# Sourced by the scripts that drive headless Chromium: sets `chromium` to $CHROMIUM, else the
# first of chromium, chromium-browser, google-chrome on PATH; exits 1 naming the fix if none.
chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
    for candidate in chromium chromium-browser google-chrome; do
        if command -v "$candidate" >/dev/null 2>&1; then chromium=$candidate; break; fi
    done
fi
[ -n "$chromium" ] || { echo "$0: no Chromium found (apt-get install -y chromium, or set CHROMIUM)" >&2; exit 1; }
