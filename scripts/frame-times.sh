#!/usr/bin/env bash
# Frame times of attract mode for each game at 1280 × 800 and 1920 × 1080,
# for one or more builds of Parlour side by side, and the floor under them
# (examples/frame_floor.rs: a bare Bevy window with one sprite, then with one
# egui label). Runs are interleaved — every build once per game and size,
# then the next round — so a change in the machine's load falls on all of
# them alike.
#
#   scripts/frame-times.sh [--rounds N] [--frames N] PARLOUR... [-- FLOOR]
#
# e.g. scripts/frame-times.sh before/parlour target/release/parlour \
#        -- target/release/examples/frame_floor
#
# Runs its own X server (Xvfb); needs a Vulkan driver (Mesa's software one,
# mesa-vulkan-drivers, is what the README's figures were taken with).
# Prints one line per run: build, game, size, median and 95th percentile
# (ms), as tab-separated values.
set -euo pipefail
rounds=2
frames=600
builds=()
floor=""
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --frames) frames=$2; shift 2 ;;
    --) floor=${2:-}; shift $# ;;
    *) builds+=("$1"); shift ;;
    esac
done
[ ${#builds[@]} -gt 0 ] || { echo "usage: $0 [--rounds N] [--frames N] PARLOUR... [-- FLOOR]" >&2; exit 2; }

display=:78
Xvfb "$display" -screen 0 1920x1080x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 2
export DISPLAY=$display
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}

field() { sed -n "s/.*\"$1\": *\([0-9.]*\).*/\1/p" | head -1; }

printf 'build\tgame\tsize\tmedian_ms\tp95_ms\n'
for round in $(seq "$rounds"); do
    for size in 1280x800 1920x1080; do
        for game in neighbours paper-boxing rummy; do
            for build in "${builds[@]}"; do
                home=$(mktemp -d)
                stats=$(PARLOUR_HOME=$home "$build" --demo --game "$game" --window "$size" \
                    --frames "$frames" --frame-stats 2>/dev/null)
                rm -rf "$home"
                printf '%s\t%s\t%s\t%s\t%s\n' "$build" "$game" "$size" \
                    "$(field frame_ms_median <<<"$stats")" "$(field frame_ms_p95 <<<"$stats")"
            done
        done
        if [ -n "$floor" ]; then
            for egui in "" --egui; do
                stats=$("$floor" --window "$size" --frames "$frames" $egui 2>/dev/null)
                printf '%s\t%s\t%s\t%s\t%s\n' "$floor" "floor${egui:+ + egui}" "$size" \
                    "$(field frame_ms_median <<<"$stats")" "$(field frame_ms_p95 <<<"$stats")"
            done
        fi
    done
    echo "round $round of $rounds done" >&2
done
