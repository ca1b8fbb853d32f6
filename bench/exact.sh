#!/usr/bin/env bash
# The exact search of large null spaces: all-on, random and scrambled n x n boards solved for
# all white, as whole processes (parsing included), one timed run each with GNU time (the slow
# ones take minutes), and the answer's first line (the count, and whether it is proven).
#
#   bench/exact.sh            every board below
#   BOARDS="on39 on61" ...    some of them
#
# on<N>: the all-on NxN board (nullity 32 at 39, 30 at 47, 40 at 61, 42 at 65).
# random<N>: the NxN board random taps (each cell with chance 1/2, seed 7) make from all white:
#   uniform among the boards all white can be reached from (62, 154, 188: nullity 24).
# scrambled<N>x<K>: the NxN board K distinct random taps (seed 7) make from all white.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
flipgame=$PWD/target/release/flipgame
boards=${BOARDS:-on39 on47 on61 on65 random62 random154 random188 scrambled39x100 scrambled61x30 scrambled67x30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for name in $boards; do
    file="$work/$name.txt"
    case $name in
        on*) python3 bench/scramble.py plus "${name#on}" on > "$file" ;;
        random*) python3 bench/scramble.py plus "${name#random}" half > "$file" ;;
        scrambled*) spec=${name#scrambled}
            python3 bench/scramble.py plus "${spec%x*}" "${spec#*x}" > "$file" ;;
        *) echo "bench/exact.sh: unknown board $name" >&2; exit 2 ;;
    esac
    n=$(head -1 "$file" | tr -d '\n' | wc -c)
    answer=$(/usr/bin/time -f "%e s %M KB" -o "$work/time" "$flipgame" solve --size "${n}x$n" --goal white "$file")
    printf '%-18s %-44s %s\n' "$name" "$(echo "$answer" | head -1)" "$(cat "$work/time")"
done
