#!/usr/bin/env bash
# A search split into shards against one run: each board solved whole, then as N shards run one
# after another (as N machines would, each with every core here), then merged; one timed run
# each with GNU time, the shards' times summed, and the merge checked equal to the single run.
#
#   bench/shards.sh                 every board below, N = 4
#   SHARDS="2 8" BOARDS=scrambled39x100 bench/shards.sh
#
# scrambled<N>x<K>: the NxN board K distinct random taps (seed 7) make from all white, as in
# bench/exact.sh (nullity 32 at 39 and 67, 40 at 61; no symmetry, so no orbits).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
flipgame=$PWD/target/release/flipgame
boards=${BOARDS:-scrambled39x100 scrambled67x30 scrambled61x30}
shards=${SHARDS:-4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { /usr/bin/time -f "%e" -o "$work/time" "$@"; cat "$work/time" >&2; }

printf '%-18s %-10s %8s %7s %10s %7s %8s\n' board answer single shards "sum" ratio merge
for name in $boards; do
    spec=${name#scrambled}; n=${spec%x*}; k=${spec#*x}
    file="$work/$name.txt"
    python3 bench/scramble.py plus "$n" "$k" > "$file"
    options=(--size "${n}x$n" --goal white --format jsonl)
    single=$( { seconds "$flipgame" solve "${options[@]}" "$file" > "$work/single"; } 2>&1 )
    answer=$(grep -o '"moves":[0-9]*' "$work/single" | cut -d: -f2)
    for count in $shards; do
        sum=0
        merges=()
        for index in $(seq 1 "$count"); do
            took=$( { seconds "$flipgame" solve --size "${n}x$n" --goal white \
                --shard "$index/$count" "$file" > "$work/shard-$index"; } 2>&1 )
            sum=$(echo "$sum + $took" | bc)
            merges+=(--merge "$work/shard-$index")
        done
        merge=$( { seconds "$flipgame" solve "${options[@]}" "${merges[@]}" "$file" \
            > "$work/merged"; } 2>&1 )
        cmp -s "$work/single" "$work/merged" || { echo "$name: the merge differs" >&2; exit 1; }
        ratio=$(echo "scale=4; $sum / $single" | bc)
        printf '%-18s %-10s %8s %7s %10s %7.2f %8s\n' "$name" "$answer" "$single s" "$count" \
            "$(printf '%.2f' "$sum") s" "$ratio" "$merge s"
    done
done
