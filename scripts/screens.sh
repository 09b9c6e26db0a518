#!/usr/bin/env bash
# Takes the screenshots in docs/screens/sizes/: the title, the Rummy set-up
# and each game mid-match (attract mode), at every window size Parlour is
# made for — a laptop, a portrait tablet, a full-HD kiosk, a 2560 × 1600
# tablet at scale factor 2, a 4K kiosk and a small 1024 × 600 panel.
#
#   scripts/screens.sh [PARLOUR]     (default: target/release/parlour)
#
# Runs its own X server (Xvfb, 3840 × 2160) and drives the title with the
# keyboard (xdotool): needs xvfb, xdotool and a Vulkan driver (Mesa's
# software one will do: mesa-vulkan-drivers).
set -euo pipefail
cd "$(dirname "$0")/.."
parlour=${1:-target/release/parlour}
out=docs/screens/sizes
mkdir -p "$out"

display=:77
Xvfb "$display" -screen 0 3840x2160x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 2
export DISPLAY=$display
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}

# name, logical window, scale factor, and frames of attract mode before the
# picture: about half a minute of play (a software renderer draws big
# windows slowly, and the bots' pace is in seconds, not frames)
sizes=(
    "1280x800 1280x800 1 1500"
    "800x1280 800x1280 1 1500"
    "1920x1080 1920x1080 1 900"
    "2560x1600 1280x800 2 500"
    "3840x2160 3840x2160 1 300"
    "1024x600 1024x600 1 1500"
)

# One run of Parlour with a fresh data folder: shot NAME SCALE ARGS...
shot() {
    local name=$1 scale=$2
    shift 2
    local home
    home=$(mktemp -d)
    PARLOUR_HOME=$home WINIT_X11_SCALE_FACTOR=$scale "$parlour" "$@" \
        --screenshot "$out/$name.png" >"$home/log" 2>&1 || {
        echo "error: $name failed:" >&2
        tail -5 "$home/log" >&2
        return 1
    }
    echo "$out/$name.png"
}

# The Rummy set-up: the title, then Tab to the Rummy card's Play button
# (the fifth button) and Enter, while the run's frames go by.
setup_shot() {
    local name=$1 scale=$2 window=$3
    local home
    home=$(mktemp -d)
    PARLOUR_HOME=$home WINIT_X11_SCALE_FACTOR=$scale "$parlour" --window "$window" \
        --frames 400 --screenshot "$out/$name.png" >"$home/log" 2>&1 &
    local run=$!
    local win=""
    for _ in $(seq 100); do
        win=$(xdotool search --name '^Parlour$' 2>/dev/null | head -1) && [ -n "$win" ] && break
        sleep 0.2
    done
    sleep 2
    xdotool windowfocus --sync "$win"
    xdotool key --delay 400 Tab Tab Tab Tab Tab
    sleep 0.5
    xdotool key Return
    wait "$run"
    echo "$out/$name.png"
}

for size in "${sizes[@]}"; do
    read -r name window scale frames <<<"$size"
    shot "title-$name" "$scale" --window "$window" --frames 60
    setup_shot "setup-$name" "$scale" "$window"
    for game in neighbours paper-boxing rummy; do
        shot "$game-$name" "$scale" --window "$window" --demo --game "$game" --frames "$frames"
    done
done
