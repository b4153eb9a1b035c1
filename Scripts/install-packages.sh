#!/usr/bin/env bash
# Installs the Debian packages named that the machine lacks (as root, or through sudo), once
# the package lists are fresh; on another system, names them and goes on.
#
#   Scripts/install-packages.sh WHO PACKAGE…    WHO: the script asking, for its messages
#
# Scripts/test.sh installs the tests' packages with it, Benchmarks/run.sh the benchmark's.
set -euo pipefail
who=$1
shift
if command -v dpkg >/dev/null && command -v apt-get >/dev/null; then
    missing=()
    for package in "$@"; do
        # Installed, not merely known: a package removed but not purged is "deinstall ok config-files".
        [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] || missing+=("$package")
    done
    if ((${#missing[@]})); then
        echo "$who: installing ${missing[*]}" >&2
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
else
    echo "$who: not a Debian system; install these or their equivalents: $*" >&2
fi
