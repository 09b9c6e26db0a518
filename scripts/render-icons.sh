#!/usr/bin/env bash
# Renders the PNG icons from packaging/icons/parlour.svg, the one source:
# 512 and 256 px for the desktop's icon theme (hicolor), 64 px for the
# window icon the program carries. Needs rsvg-convert (Debian: librsvg2-bin).
#
#   scripts/render-icons.sh
set -euo pipefail
cd "$(dirname "$0")/../packaging/icons"
for size in 512 256 64; do
    rsvg-convert --width "$size" --height "$size" parlour.svg --output "parlour-$size.png"
done
ls -l parlour-*.png
