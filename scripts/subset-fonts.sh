#!/usr/bin/env bash
# Subsets the fonts built into Parlour to the characters it draws, from the
# whole fonts in assets/fonts/source (scripts/subset-fonts.py says which and
# why). Run it after adding a character to a catalogue or a string that the
# fonts may lack; it fails naming a character no font draws. The subsets are
# committed, so building Parlour needs no Python.
#
# Installs fonttools when missing (Debian's fonttools, as root).
set -euo pipefail
cd "$(dirname "$0")/.."

python=
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import fontTools' 2>/dev/null; then
        python=$candidate
        break
    fi
done
if [ -z "$python" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "subset-fonts: installing fonttools"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonttools >/dev/null
        python=/usr/bin/python3
    else
        echo "subset-fonts: fonttools is missing: install Debian's fonttools (or pip's fonttools)" >&2
        exit 1
    fi
fi
exec "$python" scripts/subset-fonts.py
