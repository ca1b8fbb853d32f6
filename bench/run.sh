#!/usr/bin/env bash
# Whole-process benchmarks: `flipgame solve` on 1,048,576 boards (21 MB) against `wc -l` reading
# the same bytes (hyperfine's Relative column is the ratio), on both cores and on one, with peak
# memory; then `table` and `stats`, which walk the whole state space.
# Needs hyperfine (apt-get install hyperfine) and GNU time.
#
#   bench/run.sh            # 1,048,576 boards
#   bench/run.sh 4194304    # another count
set -euo pipefail
cd "$(dirname "$0")/.."

count="${1:-1048576}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --bin flipgame
bin=target/release/flipgame
# Uniform random 4x4 boards, the same for the same seed on every machine.
"$bin" gen --count "$count" --seed 1 > "$work/boards.txt"
sed 's/$/\r/' "$work/boards.txt" > "$work/boards-crlf.txt"
echo "input: $count boards, $(stat -c %s "$work/boards.txt") bytes"

hyperfine --warmup 3 --min-runs 20 -N \
    --export-markdown "$work/solve.md" \
    "wc -l $work/boards.txt" \
    "$bin solve $work/boards.txt" \
    "$bin --threads 1 solve $work/boards.txt" \
    "$bin solve --taps $work/boards.txt" \
    "$bin solve $work/boards-crlf.txt" \
    "$bin solve --format jsonl $work/boards.txt"
sed "s|$work/||g; s|$bin|flipgame|g" "$work/solve.md"

echo
echo "peak memory (max RSS):"
for args in "solve" "solve --format jsonl" "solve --format json"; do
    rss=$( { /usr/bin/time -f '%M' "$bin" $args "$work/boards.txt" > /dev/null; } 2>&1 )
    echo "  flipgame $args: ${rss} KB"
done
rss=$( { /usr/bin/time -f '%M' wc -l "$work/boards.txt" > /dev/null; } 2>&1 )
echo "  wc -l: ${rss} KB"

echo
hyperfine --warmup 3 --min-runs 20 -N \
    --export-markdown "$work/state.md" \
    "$bin table" \
    "$bin table --format binary" \
    "$bin table --taps --format jsonl" \
    "$bin stats" \
    "$bin stats --format json"
sed "s|$bin|flipgame|g" "$work/state.md"

echo
echo "any size: one board each, drawn by flipgame gen; 5x5 state space against a plain C BFS"
for side in 15 100 1000; do
    "$bin" gen --size "${side}x${side}" --seed 1 > "$work/board$side.txt"
done
cc -O2 -o "$work/bfs" bench/bfs.c
"$work/bfs" 5 5 > "$work/c.bin"
"$bin" table --size 5x5 --format binary > "$work/flipgame.bin"
cmp "$work/c.bin" "$work/flipgame.bin" && echo "5x5 distances: flipgame and the C BFS agree on all 33,554,432 boards"
hyperfine --warmup 2 --min-runs 10 -N \
    --export-markdown "$work/sizes.md" \
    "$bin solve --size 15x15 $work/board15.txt" \
    "$bin solve --size 100x100 $work/board100.txt" \
    "$bin solve --size 1000x1000 $work/board1000.txt" \
    "$work/bfs 5 5" \
    "$bin table --size 5x5 --format binary" \
    "$bin stats --size 5x5"
sed "s|$work/||g; s|$bin|flipgame|g" "$work/sizes.md"

echo
echo "dealing: one board of a small puzzle (no state space explored) and of exactly K taps"
hyperfine --warmup 2 --min-runs 10 -N \
    --export-markdown "$work/deal.md" \
    "$bin gen --size 5x5 --count 1 --seed 1" \
    "$bin gen --size 5x5 --moves 3 --count 1 --seed 1" \
    "$bin gen --size 5x5 --moves 6 --count 1 --seed 1" \
    "$bin gen --size 5x5 --moves 12 --count 1 --seed 1" \
    "$bin gen --size 3x3 --states 6 --goal any --count 1 --seed 1"
sed "s|$bin|flipgame|g" "$work/deal.md"

echo
echo "rules: one board each (the same boards as above), solved under rules that need elimination"
hyperfine --warmup 1 --min-runs 5 -N \
    --export-markdown "$work/rules.md" \
    "$bin solve --size 100x100 --rule box $work/board100.txt" \
    "$bin solve --size 100x100 --rule x $work/board100.txt" \
    "$bin solve --size 100x100 --rule sigma $work/board100.txt" \
    "$bin solve --size 100x100 --wrap $work/board100.txt" \
    "$bin solve --size 1000x1000 --rule box $work/board1000.txt"
sed "s|$work/||g; s|$bin|flipgame|g" "$work/rules.md"
