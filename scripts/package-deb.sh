#!/usr/bin/env bash
# Builds Parlour's Debian package with cargo-deb: target/debian/parlour_<version>-1_<arch>.deb,
# from the metadata in Cargo.toml ([package.metadata.deb]) and the files in packaging/.
#
#   scripts/package-deb.sh [cargo-deb options]
#
# The package plays sounds: it is built with the `sound` feature, which needs
# ALSA's development files to build (libasound2-dev) and its library to run
# (libasound2, on every desktop; the package depends on it).
#
# This is a release build of the whole program: from nothing, about 20 minutes
# on two cores. Needs dpkg-dev (dpkg-shlibdeps lists the linked libraries);
# installs cargo-deb when it is missing or older than 3.8 (the first to create
# the kiosk's user from packaging/parlour.sysusers).
#
# The package's maintainer is whoever builds it, named the way Debian's own
# tools do: DEBFULLNAME and DEBEMAIL, else git's user.name and user.email.
#
# Install and try it:
#   sudo apt install ./target/debian/parlour_*.deb && parlour
set -euo pipefail
cd "$(dirname "$0")/.."

need=3.8.0
have=$(cargo deb --version 2>/dev/null | awk '{print $2}' || true)
if [ -z "$have" ] || [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -n1)" != "$need" ]; then
    echo "installing cargo-deb (found: ${have:-none}; needed: $need or later)" >&2
    cargo install cargo-deb --locked --version "^$need"
fi
if ! command -v dpkg-shlibdeps >/dev/null; then
    echo "error: dpkg-shlibdeps is missing: sudo apt install dpkg-dev" >&2
    exit 2
fi
if ! pkg-config --exists alsa 2>/dev/null; then
    echo "error: ALSA's development files are missing (for the sound): sudo apt install libasound2-dev pkg-config" >&2
    exit 2
fi

name=${DEBFULLNAME:-$(git config user.name || true)}
email=${DEBEMAIL:-$(git config user.email || true)}
if [ -z "$name" ] || [ -z "$email" ]; then
    echo "error: say who maintains this package: DEBFULLNAME='Ada Lovelace' DEBEMAIL=ada@example.org $0" >&2
    exit 2
fi

exec cargo deb --locked --features sound --maintainer "$name <$email>" "$@"
