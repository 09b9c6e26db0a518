#!/usr/bin/env bash
# A table and two phones in headless Chromium, against a real `parlour host`
# on loopback (scripts/phones-test.mjs says what it plays and checks), after
# scripts/web-build.sh:
#
#   scripts/web-build.sh && scripts/phones-test.sh
#   scripts/phones-test.sh --games rummy          # one game
#   scripts/phones-test.sh --sideways             # the second phone held sideways
#
# The host is the debug build of this checkout (built here if missing);
# the pages are target/web. Screenshots land in target/phones-test/.
# Installs what it needs unless --skip-installs; runs at low priority
# (PARLOUR_WEB_TEST_NICE, 19 by default).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/web-tools.sh

[ -x target/debug/parlour ] || cargo build --bin parlour
exec nice -n "${PARLOUR_WEB_TEST_NICE:-19}" node scripts/phones-test.mjs "${pass_on[@]}"
