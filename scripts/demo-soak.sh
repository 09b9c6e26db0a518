#!/usr/bin/env bash
# Leaves the attract mode (--demo, rotating the three games) running for a
# while and samples the process's resident memory, to show it does not grow.
#
#   scripts/demo-soak.sh [MINUTES] [BINARY]     (defaults: 30, target/release/parlour)
#
# Needs a display: run it under Xvfb, e.g.
#   Xvfb :99 -screen 0 1920x1280x24 & DISPLAY=:99 scripts/demo-soak.sh 30
# Prints one line per sample (seconds, RSS MiB) and a summary at the end.
set -euo pipefail
minutes=${1:-30}
binary=${2:-target/release/parlour}
every=30
home=$(mktemp -d)
PARLOUR_HOME="$home" "$binary" --demo --window 1280x800 >"$home/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$home"' EXIT
rss() { awk '/^VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$pid/status"; }
hwm() { awk '/^VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$pid/status"; }
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
sleep 10
first=$(rss)
start=$(date +%s)
echo "seconds rss_mib"
samples=()
while [ $(( $(date +%s) - start )) -lt $(( minutes * 60 )) ]; do
  kill -0 $pid 2>/dev/null || { echo "parlour exited early:"; tail -20 "$home/log"; exit 1; }
  now=$(rss)
  samples+=("$now")
  echo "$(( $(date +%s) - start )) $now"
  sleep $every
done
ticks=$(cpu)
sorted=$(printf '%s\n' "${samples[@]}" | sort -n)
median=$(printf '%s\n' "$sorted" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
echo "summary: ${#samples[@]} samples over $minutes min; RSS first $first MiB, median $median MiB, last $(rss) MiB, peak (VmHWM) $(hwm) MiB; CPU $(( ticks / $(getconf CLK_TCK) )) s"
panics=$(grep -ci "panic" "$home/log" || true)
echo "panics in the log: $panics"
