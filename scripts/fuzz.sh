#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a short time, one after another,
# starting from the checked-in seeds (fuzz/seeds/TARGET) and growing a local
# corpus (fuzz/corpus/TARGET, not checked in). Stops at the first target
# that finds a crash, a panic or a timeout; libFuzzer leaves the input in
# fuzz/artifacts/TARGET.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (defaults: 5 seconds, every target)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). Builds with the project's
# stable compiler and RUSTC_BOOTSTRAP=1, which lets libFuzzer's nightly-only
# flags through (FUZZ_TOOLCHAIN=nightly uses a nightly compiler instead, if
# one is installed). Built with debug assertions
# and overflow checks but without AddressSanitizer (the rules crate has no
# unsafe code; the fuzzers run several times faster): set SANITIZER=address
# to have it. CARGO_TARGET_DIR is honoured.
set -euo pipefail
seconds=${1:-5}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(record protocol paper_boxing neighbours rummy variant_link)

cd "$(dirname "$0")/../fuzz"
if ! cargo fuzz --help >/dev/null 2>&1; then
  echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
  exit 2
fi
if [ -n "${FUZZ_TOOLCHAIN:-}" ]; then
  fuzz=(cargo "+$FUZZ_TOOLCHAIN" fuzz)
else
  export RUSTC_BOOTSTRAP=1
  fuzz=(cargo fuzz)
fi

for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  extra=()
  case $target in
    record | paper_boxing) extra=(-dict=paper_boxing.dict -max_len=4096) ;;
    *) extra=(-max_len=1024) ;;
  esac
  echo "== $target: ${seconds} s"
  "${fuzz[@]}" run --sanitizer "${SANITIZER:-none}" ${CARGO_TARGET_DIR:+--target-dir "$CARGO_TARGET_DIR"} \
    "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -print_final_stats=1 "${extra[@]}"
done
