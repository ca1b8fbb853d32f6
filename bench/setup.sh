#!/usr/bin/env bash
# The first hour: the README's two commands on a fresh clone with a cold target directory, as a
# newcomer runs them (crates already downloaded: run `cargo fetch` once first). Prints the
# seconds each takes and their sum; ROUNDS (default 1) repeats the whole measurement.
#
#   bench/setup.sh            # one fresh clone of HEAD
#   ROUNDS=3 bench/setup.sh   # three
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-1}
cargo fetch --locked --quiet
for round in $(seq "$rounds"); do
    work="$(mktemp -d)"
    git clone --quiet . "$work/flipgame"
    cd "$work/flipgame"
    start=$(date +%s.%N)
    cargo run --quiet -- solve --board bwwb/bbwb/bwwb/bwww --taps > /dev/null
    middle=$(date +%s.%N)
    cargo test --quiet > "$work/test.log" 2>&1 || { cat "$work/test.log"; exit 1; }
    end=$(date +%s.%N)
    cd - > /dev/null
    rm -rf "$work"
    awk -v r="$round" -v a="$start" -v b="$middle" -v c="$end" \
        'BEGIN { printf "round %d: cargo run %.1f s, cargo test %.1f s, together %.1f s\n", r, b - a, c - b, c - a }'
done
