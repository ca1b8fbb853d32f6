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
        on*) n=${name#on}
            python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write(('b'*n+'\n')*n)" "$n" > "$file" ;;
        random*|scrambled*)
            if [[ $name == random* ]]; then n=${name#random}; k=half; else
                spec=${name#scrambled}; n=${spec%x*}; k=${spec#*x}; fi
            python3 - "$n" "$k" > "$file" <<'PY'
import random, sys
n, k = int(sys.argv[1]), sys.argv[2]
random.seed(7)
# K distinct taps, or every cell tapped with odd chance: a uniform board among the solvable.
cells = range(n * n)
taps = [t for t in cells if random.random() < 0.5] if k == "half" else random.sample(cells, int(k))
lit = [[False] * n for _ in range(n)]
for tap in taps:
    r, c = divmod(tap, n)
    for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < n and 0 <= c + dc < n:
            lit[r + dr][c + dc] ^= True
sys.stdout.write("".join("".join("b" if x else "w" for x in row) + "\n" for row in lit))
PY
            ;;
        *) echo "bench/exact.sh: unknown board $name" >&2; exit 2 ;;
    esac
    n=$(head -1 "$file" | tr -d '\n' | wc -c)
    answer=$(/usr/bin/time -f "%e s %M KB" -o "$work/time" "$flipgame" solve --size "${n}x$n" --goal white "$file")
    printf '%-18s %-44s %s\n' "$name" "$(echo "$answer" | head -1)" "$(cat "$work/time")"
done
