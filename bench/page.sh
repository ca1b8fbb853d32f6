#!/usr/bin/env bash
# The web page's size and the time of a tap and a hint in headless Chromium (bench/page.mjs).
# Needs Debian's chromium and node; installs the pinned driver of tests/browser.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
FLIPGAME_BIN="$PWD/target/release/flipgame" node bench/page.mjs
