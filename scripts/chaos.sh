#!/usr/bin/env bash
# The chaos run (examples/chaos.rs, tests/monkey/): the whole app headless
# under seeded random input, its invariants checked every frame.
#
#   scripts/chaos.sh [SEEDS] [MINUTES]
#
# SEEDS is a list (1,5,9) or a range (1-20), 1-4 by default; MINUTES is the
# time for all of them together, 5 by default, shared out evenly. Prints,
# per seed and in all, the events and frames per second, the frames spent
# on each screen and the invariant checks counted; a failure prints its seed,
# its step and the line that runs it again. Runs at low priority.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-1-4}
minutes=${2:-5}
exec nice -n 19 cargo run --example chaos -- "$seeds" "$minutes"
