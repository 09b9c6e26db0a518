#!/usr/bin/env bash
# Builds Parlour as a web page: the game for wasm32-unknown-unknown (WebGL2,
# with sound), wasm-bindgen's JavaScript glue, and the static site around it
# (web/: the page, the service worker, the manifest) with icons rendered from
# packaging/icons. The site lands in target/web/, with a brotli (.br) and a
# gzip (.gz) copy beside each file that compresses, for a server that sends
# them to browsers that accept them (README, "In a browser"), e.g.
#
#   scripts/web-build.sh
#   cargo run --release -- host --site target/web    # then open the address it prints
#
# By default the game is built with the size-first `web-small` profile (fat
# LTO, one codegen unit: 18 minutes to rebuild after a change to the game
# on two cores, longer from nothing); --quick builds the `web-release` profile instead,
# for trying a change in a browser (a larger download, a faster rebuild).
#
# Options (or the environment variables beside them):
#   --quick           PARLOUR_WEB_QUICK=1          the development profile,
#                     web-release (target/wasm-build/.../web-release), and no
#                     wasm-opt
#   --no-sound        PARLOUR_WEB_NO_SOUND=1       build without the `sound`
#                     feature (to measure what sound costs)
#   --skip-installs   PARLOUR_WEB_SKIP_INSTALLS=1  install nothing; use the
#                     tools already in place (target/web-tools, Debian's)
#   --no-cargo        PARLOUR_WEB_NO_CARGO=1       package the .wasm the last
#                     build left, without running cargo
#   --wasm FILE                                    package this .wasm instead
#                     (a wasm-bindgen module; implies --no-cargo)
#   --no-opt          PARLOUR_WEB_NO_OPT=1         skip wasm-opt
#   --opt             PARLOUR_WEB_NO_OPT=0         run wasm-opt even with --quick
#
# What it needs, installed here when missing (unless --skip-installs):
#   Debian: rustc-web cargo-web rust-web-src (a Rust that builds std for
#           wasm32), lld-19 (wasm-ld-19), imagemagick (the icons), brotli,
#           nodejs/npm
#   crates.io: wasm-bindgen-cli, exactly Cargo.lock's wasm-bindgen version,
#           into target/web-tools/bin
#   npm:    binaryen's wasm-opt into target/web-tools/node_modules
#           (Debian's binaryen as a fallback)
# target/wasm-build (the wasm build's cargo target folder) and target/web-tools
# are kept between runs: a second build compiles only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

skip_installs=${PARLOUR_WEB_SKIP_INSTALLS:-0}
no_cargo=${PARLOUR_WEB_NO_CARGO:-0}
no_opt=${PARLOUR_WEB_NO_OPT:-}
quick=${PARLOUR_WEB_QUICK:-0}
no_sound=${PARLOUR_WEB_NO_SOUND:-0}
wasm=
while [ $# -gt 0 ]; do
    case $1 in
        --skip-installs) skip_installs=1 ;;
        --no-cargo) no_cargo=1 ;;
        --no-opt) no_opt=1 ;;
        --opt) no_opt=0 ;;
        --quick) quick=1 ;;
        --no-sound) no_sound=1 ;;
        --wasm) [ $# -ge 2 ] || { echo "web-build: --wasm needs a file" >&2; exit 2; }
            wasm=$(realpath "$2"); no_cargo=1; shift ;;
        -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "web-build: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [ "$quick" = 1 ]; then
    profile=web-release
    no_opt=${no_opt:-1}
else
    profile=web-small
fi
no_opt=${no_opt:-0}
features=sound
[ "$no_sound" != 1 ] || features=
wasm=${wasm:-$root/target/wasm-build/wasm32-unknown-unknown/$profile/parlour.wasm}
tools=$root/target/web-tools
site=$root/target/web
binaryen_version=132

say() { printf 'web-build: %s\n' "$*"; }
die() { printf 'web-build: %s\n' "$*" >&2; exit 1; }

# --- Debian's tools ---------------------------------------------------------
need_debian() { # need_debian COMMAND PACKAGE...
    local command=$1
    shift
    command -v "$command" >/dev/null 2>&1 && return 0
    if [ "$skip_installs" = 1 ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        die "$command is missing: install the Debian package(s) $*"
    fi
    say "installing $* (for $command)"
    if [ -z "${apt_updated:-}" ]; then
        apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ "$no_cargo" != 1 ]; then
    [ -x /usr/bin/rustc ] || need_debian /usr/bin/rustc rustc-web cargo-web rust-web-src
    [ -x /usr/bin/cargo ] || need_debian /usr/bin/cargo cargo-web
    # -Zbuild-std compiles the standard library from rust-web-src's copy.
    if ! [ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]; then
        [ "$skip_installs" != 1 ] || die "the standard library's source is missing: install rust-web-src"
        need_debian /nonexistent/rust-web-src rust-web-src
    fi
    need_debian wasm-ld-19 lld-19
fi
need_debian convert imagemagick
need_debian gzip gzip
need_debian brotli brotli

# --- wasm-bindgen: exactly the version in Cargo.lock ------------------------
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$bindgen_version" ] || die "no wasm-bindgen in Cargo.lock (is the web build's dependency in Cargo.toml?)"
bindgen=$tools/bin/wasm-bindgen
have_bindgen() { [ -x "$bindgen" ] && [ "$("$bindgen" --version 2>/dev/null)" = "wasm-bindgen $bindgen_version" ]; }

install_bindgen() {
    # The tool's own build, with none of the wasm build's settings.
    local install=(env -u RUSTC -u RUSTFLAGS -u CARGO_TARGET_DIR -u RUSTC_BOOTSTRAP
        nice -n 19 cargo install --root "$tools")
    say "installing wasm-bindgen-cli $bindgen_version into target/web-tools (about 20 minutes)"
    if "${install[@]}" wasm-bindgen-cli --version "$bindgen_version" --locked 2>"$tools/install.log"; then
        return 0
    fi
    # A registry copy may lack the very newest release of a dependency that
    # the tool's lockfile names: keep the lockfile, moving only the packages
    # the registry cannot give to the newest version it can, and build that.
    local crate
    crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"wasm-bindgen-cli-$bindgen_version.crate" 2>/dev/null | head -1)
    [ -n "$crate" ] || { cat "$tools/install.log" >&2; die "cannot install wasm-bindgen-cli $bindgen_version"; }
    local src=$tools/src/wasm-bindgen-cli-$bindgen_version
    rm -rf "$src"
    mkdir -p "$tools/src"
    tar -xzf "$crate" -C "$tools/src"
    printf '\n[workspace]\n' >>"$src/Cargo.toml" # not a member of Parlour's workspace
    local tries=0 missing
    while ! (cd "$src" && cargo fetch --locked 2>"$tools/install.log"); do
        missing=$(sed -n 's/.*failed to select a version for the requirement `\([^ ]*\) = .*/\1/p' "$tools/install.log" | head -1)
        tries=$((tries + 1))
        if [ -z "$missing" ] || [ "$tries" -gt 10 ]; then
            cat "$tools/install.log" >&2
            die "cannot install wasm-bindgen-cli $bindgen_version"
        fi
        say "the registry lacks the locked $missing: using the newest compatible one it has"
        (cd "$src" && cargo update -p "$missing" 2>&1 | sed 's/^/    /')
    done
    "${install[@]}" --path "$src" --locked --target-dir "$tools/build" 2>"$tools/install.log" ||
        { cat "$tools/install.log" >&2; die "cannot install wasm-bindgen-cli $bindgen_version"; }
}

mkdir -p "$tools"
if ! have_bindgen; then
    [ "$skip_installs" != 1 ] || die "target/web-tools/bin/wasm-bindgen is not version $bindgen_version (run without --skip-installs)"
    command -v cargo >/dev/null || die "cargo is missing (rustup's, or Debian's cargo)"
    install_bindgen
    have_bindgen || die "wasm-bindgen $bindgen_version did not install"
fi

# --- wasm-opt: npm's binaryen, else Debian's -------------------------------
wasm_opt=$tools/node_modules/.bin/wasm-opt
if [ "$no_opt" != 1 ] && ! "$wasm_opt" --version >/dev/null 2>&1; then
    wasm_opt=
    if [ "$skip_installs" != 1 ] && command -v npm >/dev/null &&
        npm install --prefix "$tools" --no-audit --no-fund --silent "binaryen@$binaryen_version" >/dev/null 2>&1; then
        wasm_opt=$tools/node_modules/.bin/wasm-opt
    elif command -v wasm-opt >/dev/null 2>&1 || { [ "$skip_installs" != 1 ] && need_debian wasm-opt binaryen; }; then
        wasm_opt=$(command -v wasm-opt)
    fi
fi
[ "$no_opt" = 1 ] || [ -n "$wasm_opt" ] || die "no wasm-opt: install npm's binaryen@$binaryen_version or Debian's binaryen"

# --- the game for wasm32 ------------------------------------------------------
if [ "$no_cargo" != 1 ]; then
    say "building the game for wasm32, profile $profile, features '$features' (at low priority; the first build takes long)"
    (
        export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19 CARGO_TARGET_DIR=target/wasm-build
        export RUSTFLAGS='--cfg getrandom_backend="wasm_js"'
        nice -n 19 /usr/bin/cargo build --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort --profile "$profile" \
            --features "$features" --bin parlour
    )
fi
[ -f "$wasm" ] || die "no $wasm (build it first, or run without --no-cargo)"

# --- the JavaScript glue, then a smaller .wasm ------------------------------
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say "wasm-bindgen $bindgen_version"
# Without the function names (half the module's size) and the producers.
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$work" --out-name parlour "$wasm"

# The features rustc's wasm32 target emits (wasm-opt refuses a module that
# uses one it was not told about; newer ones, such as bulk-memory-opt, it
# reads from the module's target_features section). Run after wasm-bindgen,
# on its output, so no name that the glue needs is lost. Kept only if it
# makes the module smaller as served (brotli): on an LTO build it may not.
if [ "$no_opt" != 1 ]; then
    say "wasm-opt -Oz ($("$wasm_opt" --version))"
    nice -n 19 "$wasm_opt" -Oz \
        --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$work/parlour_bg.wasm" -o "$work/parlour_bg.opt.wasm"
    before=$(brotli -q 11 -c "$work/parlour_bg.wasm" | wc -c)
    after=$(brotli -q 11 -c "$work/parlour_bg.opt.wasm" | wc -c)
    if [ "$after" -lt "$before" ]; then
        say "wasm-opt: $before → $after bytes as served (brotli): kept"
        mv "$work/parlour_bg.opt.wasm" "$work/parlour_bg.wasm"
    else
        say "wasm-opt: $before → $after bytes as served (brotli): not kept"
    fi
else
    say "no wasm-opt"
fi

# --- the site -------------------------------------------------------------------
rm -rf "$site"
mkdir -p "$site/icons"
cp "$work/parlour.js" "$work/parlour_bg.wasm" "$site/"
cp web/manifest.webmanifest "$site/"
# The page shows the .wasm's progress against its size unpacked: what the
# browser counts, whatever encoding the server sends it in.
sed "s/__PARLOUR_WASM_BYTES__/$(stat -c %s "$site/parlour_bg.wasm")/" web/index.html >"$site/index.html"
grep -q '__PARLOUR_WASM_BYTES__' "$site/index.html" && die "web/index.html: __PARLOUR_WASM_BYTES__ left unfilled"

icons=packaging/icons
convert "$icons/parlour-512.png" -resize 192x192 -strip -depth 8 "$site/icons/icon-192.png"
cp "$icons/parlour-512.png" "$site/icons/icon-512.png"
# Maskable and Apple's: the artwork inside the safe circle (80 %) on felt to
# the edges, since the launcher cuts its own shape out of it.
convert -size 512x512 xc:'#184535' \( "$icons/parlour-512.png" -resize 370x370 \) \
    -gravity center -composite -strip -depth 8 "$site/icons/icon-maskable-512.png"
convert "$site/icons/icon-maskable-512.png" -resize 180x180 -strip -depth 8 "$site/icons/apple-touch-icon.png"
convert "$icons/parlour-64.png" \( -clone 0 -resize 48x48 \) \( -clone 0 -resize 32x32 \) \
    \( -clone 0 -resize 16x16 \) -delete 0 "$site/favicon.ico"

# The service worker keeps every file of the site (the page, "./", as
# well), in a cache named after a hash of them all, so any change to the
# game or the page makes browsers take the new build.
version=$(cd "$site" && find . -type f ! -name sw.js -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
files=$(cd "$site" && find . -type f ! -name sw.js | sort | sed 's/.*/  "&",/')
version=$version files=$files awk '
    /__PARLOUR_FILES__/ { print "  \"./\","; print ENVIRON["files"]; next }
    { gsub(/__PARLOUR_VERSION__/, ENVIRON["version"]); print }
' web/sw.js >"$site/sw.js"
grep -q "$version" "$site/sw.js" || die "web/sw.js has no __PARLOUR_VERSION__ to fill in"
grep -q '"./parlour_bg.wasm"' "$site/sw.js" || die "web/sw.js has no __PARLOUR_FILES__ to fill in"

# --- compressed copies --------------------------------------------------------------
# Beside each file that compresses (not the PNG icons, compressed already):
# the most brotli and gzip can do, once here rather than on every request.
# A server sends the .br to a browser that accepts brotli, the .gz to one
# that accepts only gzip, else the file (parlour host does; README).
say "brotli -q 11 and gzip -9 copies"
for file in "$site"/*.wasm "$site"/*.js "$site"/*.html "$site"/*.webmanifest "$site"/*.ico; do
    raw=$(stat -c %s "$file")
    brotli -q 11 -f -o "$file.br" "$file"
    gzip -9 -n -c "$file" >"$file.gz"
    # Not worth a copy where compressing gains nothing.
    [ "$(stat -c %s "$file.br")" -lt "$raw" ] || rm "$file.br"
    [ "$(stat -c %s "$file.gz")" -lt "$raw" ] || rm "$file.gz"
done

# --- sizes -----------------------------------------------------------------------
# What a first visit downloads (everything the service worker keeps: it
# fetches the whole site), as a server sends it with and without brotli.
mib() { awk -v b="$1" 'BEGIN { printf "%.2f MiB", b / 1048576 }'; }
served() { # served FILE ENCODING: the bytes sent for FILE
    if [ -f "$1.$2" ]; then stat -c %s "$1.$2"; else stat -c %s "$1"; fi
}
say "site in target/web (profile $profile, cache version $version):"
printf '    %10s %10s %10s  %s\n' raw gzip brotli file
total_raw=0 total_gz=0 total_br=0
while read -r file; do
    r=$(stat -c %s "$site/$file")
    g=$(served "$site/$file" gz)
    b=$(served "$site/$file" br)
    printf '    %10d %10d %10d  %s\n' "$r" "$g" "$b" "$file"
    total_raw=$((total_raw + r)) total_gz=$((total_gz + g)) total_br=$((total_br + b))
done < <(cd "$site" && find . -type f ! -name '*.br' ! -name '*.gz' | sed 's|^\./||' | sort)
printf '    %10d %10d %10d  %s\n' "$total_raw" "$total_gz" "$total_br" "a first visit, in all"
say "a first visit: $(mib "$total_br") with brotli, $(mib "$total_gz") with gzip only, $(mib "$total_raw") uncompressed"
