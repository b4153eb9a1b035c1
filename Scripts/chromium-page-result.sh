# Sourced by the scripts that measure an SVG in headless Chromium: `chromium_page_result PAGE
# WHAT` loads the HTML page PAGE (whose script writes "RESULT…END" into the DOM once fonts are
# loaded), prints what lies between RESULT and END, unescaped, and exits 1 naming WHAT when
# Chromium wrote nothing. Needs `chromium` (find-chromium.sh) and `folder` (a scratch folder).
chromium_page_result() {
    local page=$1 what=$2 dom result
    dom=$(timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$folder/profile" \
        --virtual-time-budget=5000 --dump-dom "file://$page" 2>/dev/null || true)
    result=${dom#*RESULT}
    [ "$result" != "$dom" ] || { echo "$0: Chromium did not measure $what" >&2; exit 1; }
    result=${result%%END*}
    # The DOM is HTML-escaped text: only &amp; &lt; &gt; &quot; can occur in it.
    result=${result//&quot;/\"}
    result=${result//&lt;/<}
    result=${result//&gt;/>}
    printf '%s\n' "${result//&amp;/&}"
}
