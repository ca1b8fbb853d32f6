#!/usr/bin/env bash
# Builds the puzzle page's module: web/ (the library and its exports) for
# wasm32-unknown-unknown, written to lib/src/figure/html/flipgame.wasm, the file the page
# carries. `web/build.sh --check` builds it apart and fails when the committed file differs.
#
# rustup cannot add the wasm32 target or std's source on this project's machines, so this uses
# Debian's rustc-web (rustc 1.96 with its std source; installed when missing, which needs
# root) to build std and the crate together: RUSTC_BOOTSTRAP=1 and -Zbuild-std are this
# build's route, not features of the product's code (see ../shared/notes/wasm32.md). The
# build is reproducible: the same compiler, the locked crates, and every path remapped.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# rust-version in Cargo.toml: Debian's older rustc-web (1.85) is refused by cargo.
needed=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
have=$(/usr/bin/rustc --version 2>/dev/null | cut -d' ' -f2 || true)
if [ -z "$have" ] || [ "$(printf '%s\n' "$needed" "$have" | sort -V | head -1)" != "$needed" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        rustc-web cargo-web rust-web-src >/dev/null
fi
cargo_home=${CARGO_HOME:-$HOME/.cargo}
sysroot=$(/usr/bin/rustc --print sysroot)
remap="--remap-path-prefix=$root=/flipgame --remap-path-prefix=$cargo_home=/cargo"
remap="$remap --remap-path-prefix=$sysroot=/rust"
# rustup's lld links wasm; rustup's proxies come first on PATH, so Debian's cargo is called by
# its path.
RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 RUSTFLAGS="$remap" \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld" \
    /usr/bin/cargo build --locked --quiet -p flipgame-web --lib --profile web \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort --target-dir target/wasm32
built=target/wasm32/wasm32-unknown-unknown/web/flipgame_web.wasm
committed=lib/src/figure/html/flipgame.wasm
if [ "${1:-}" = "--check" ]; then
    if ! cmp -s "$built" "$committed"; then
        echo "web/build.sh --check: $committed is not what the sources build" >&2
        echo "($(wc -c <"$built") bytes built, $(wc -c <"$committed") committed): run web/build.sh and commit it" >&2
        exit 1
    fi
    echo "$committed is what the sources build ($(wc -c <"$built") bytes, $(/usr/bin/rustc --version))"
else
    cp "$built" "$committed"
    echo "wrote $committed ($(wc -c <"$committed") bytes, $(/usr/bin/rustc --version))"
fi
