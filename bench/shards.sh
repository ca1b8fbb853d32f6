#!/usr/bin/env bash
# One run against the same search split into N shards that examples/cluster/parallel.sh runs
# two at a time (JOBS=2, this machine's cores): the wall time, the CPU time of every process
# (the shards and the merge, or the one run), and the merged answers checked equal to the one
# run's.
#
#   bench/shards.sh [N...]      default: 2 4 8
#
# Two boards from bench/scramble.py: sigma 36x36 with each cell tapped with chance 1/2 (nullity
# 36, a dense minimum: the search is a sweep of 2^36 sums, split N ways), and plus 39x39
# scrambled by 120 distinct random taps (nullity 32, a sparse minimum that information sets
# prove without a sweep, in one run and in each shard alike). Needs GNU parallel and GNU time
# (apt-get install parallel time).
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
cargo build --release --quiet --bin flipgame
flipgame=$repository/target/release/flipgame
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
counts=("$@")
[ "${#counts[@]}" -gt 0 ] || counts=(2 4 8)
cd "$work"
python3 "$repository/bench/scramble.py" sigma 36 half > dense.txt
python3 "$repository/bench/scramble.py" plus 39 120 > sparse.txt

# Runs a command, keeping its wall and CPU seconds (its children's included) in $wall, $cpu.
measure() {
    /usr/bin/time -f "%e %U %S" -o times "$@"
    read -r wall user system < times
    cpu=$(python3 -c "print(f'{$user + $system:.2f}')")
}

# The ratio compares flipgame's own CPU time: the N shards run one after the other, no parallel
# (whose Perl start-up costs about a tenth of a second a run), against the one run; "-" when the
# one run is under GNU time's hundredth of a second.
echo "| board | run | wall (s) | CPU, with parallel (s) | CPU, the shards alone (s) | against one run |"
echo "|---|---|---:|---:|---:|---:|"
for board in "dense --size 36x36 --rule sigma" "sparse --size 39x39"; do
    read -r name options <<< "$board"
    # shellcheck disable=SC2086 # the options, split into words on purpose
    measure "$flipgame" solve $options --format jsonl "$name.txt" > "$name.jsonl"
    one=$cpu
    echo "| $name | one run | $wall | $cpu | | 1.00x |"
    for count in "${counts[@]}"; do
        # shellcheck disable=SC2086
        measure env JOBS=2 FLIPGAME="$flipgame" SHARDS_DIR="$name-$count" \
            "$repository/examples/cluster/parallel.sh" "$count" "$name.txt" $options \
            -- --format jsonl > "$name-$count.jsonl"
        cmp -s "$name.jsonl" "$name-$count.jsonl" ||
            { echo "$name, $count shards: other answers" >&2; exit 1; }
        together_wall=$wall together_cpu=$cpu
        measure bash -c 'for k in $(seq "$1"); do "${@:2}" --shard "$k/$1" > /dev/null; done' \
            shards "$count" "$flipgame" solve $options "$name.txt"
        ratio=$(python3 -c "print('-' if $one < 0.01 else f'{$cpu / $one:.2f}x')")
        echo "| $name | $count shards | $together_wall | $together_cpu | $cpu | $ratio |"
    done
    echo "$name: $(sed 's/,"taps".*//; s/"board":"[^"]*",//' "$name.jsonl")" >&2
done
