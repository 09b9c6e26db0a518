#!/usr/bin/env bash
# The same bots on every device: the strongest bots' moves in a fixed set of
# positions (core/examples/same_moves.rs), native against WebAssembly
# (wasm32-wasip1, run by Node's WASI), must be the same line for line.
#
#   scripts/same-moves.sh
#
# Needs the wasm32-wasip1 target (rustup target add wasm32-wasip1) and Node.
# A search cut short by its safety cap on time is marked `capped` and may
# differ: the script says so rather than failing on it.
set -euo pipefail
cd "$(dirname "$0")/.."
nice=${PARLOUR_NICE:-10}
nice -n "$nice" cargo build --release -p parlour-core --example same_moves
# An example is built with the crate's dev-dependencies, some of which do
# not build for WASI: the example is built for it as the one program of a
# throwaway package that depends on the library alone.
wasi=target/same-moves/wasi
mkdir -p "$wasi/src"
cat >"$wasi/Cargo.toml" <<TOML
[package]
name = "same_moves"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
parlour-core = { path = "../../../core" }

[workspace]
TOML
cp core/examples/same_moves.rs "$wasi/src/main.rs"
cp Cargo.lock "$wasi/Cargo.lock"
nice -n "$nice" cargo build --release --manifest-path "$wasi/Cargo.toml" \
    --target wasm32-wasip1 --target-dir target
out=target/same-moves
mkdir -p "$out"
nice -n "$nice" target/release/examples/same_moves >"$out/native.txt"
nice -n "$nice" node --no-warnings scripts/same-moves-wasi.mjs \
    target/wasm32-wasip1/release/same_moves.wasm >"$out/wasm.txt"
lines=$(wc -l <"$out/native.txt")
if grep -q capped "$out/native.txt" "$out/wasm.txt"; then
    echo "a search reached its safety cap (marked capped): run again on a quieter machine" >&2
fi
if diff -u "$out/native.txt" "$out/wasm.txt"; then
    echo "same moves, native and WebAssembly: $lines positions"
else
    echo "the moves differ between native and WebAssembly" >&2
    exit 1
fi
