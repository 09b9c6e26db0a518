#!/usr/bin/env bash
# The web page's test in headless Chromium (scripts/web-test.mjs says what it
# checks), after scripts/web-build.sh:
#
#   scripts/web-build.sh && scripts/web-test.sh
#   scripts/web-test.sh --title-only            # the first screen only
#   scripts/web-test.sh --sizes 1280x800        # one window size
#   scripts/web-test.sh --ratios 2              # one device pixel ratio
#
# By default every check runs at 1280×800, 800×1280 and 390×844, each at
# device pixel ratios 1, 2 and 3 (or PARLOUR_WEB_TEST_SIZES and
# PARLOUR_WEB_TEST_RATIOS).
#
# Installs what it needs unless --skip-installs (or PARLOUR_WEB_SKIP_INSTALLS=1):
# Debian's chromium, nodejs, npm and python3; npm's playwright-core and pngjs
# into target/web-tools. Screenshots land in target/web-test/. Chromium draws
# with its software WebGL (SwiftShader), so a run takes minutes; it runs at
# low priority (PARLOUR_WEB_TEST_NICE, 19 by default).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/web-tools.sh

exec nice -n "${PARLOUR_WEB_TEST_NICE:-19}" node scripts/web-test.mjs "${pass_on[@]}"
