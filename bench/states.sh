#!/usr/bin/env bash
# Boards of K states (`solve --states K`): whole processes with hyperfine, peak memory with GNU
# time, for boards scrambled by random presses from all 0 (so every one can be finished), and
# the all-2 board under the Gambler Bo rule (010/121/010, K = 3).
#
#   bench/states.sh            every case below
#   CASES="k3x30 k3x64" ...    some of them
#
# k<K>x<N>: NxN boards of K states under `plus`, each scrambled by N*N random presses (seed 7),
#   goal 0: 10,000 boards up to 10x10, one board past that.
# any<K>x<N>: the same boards with --goal any (every colour searched).
# gambler<N>: ten NxN boards under 010/121/010, K = 3 (HDU 5755's limit is 30x30, ten cases);
#   one board past 30x30.
# Past 400 cells these rules are solved by light chasing over Z_K, not the dense Smith form.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
flipgame=$PWD/target/release/flipgame
cases=${CASES:-k3x5 k4x5 k6x5 k3x10 k3x30 k4x30 k6x30 any3x30 gambler30 k3x64 k3x200 any3x200 gambler200 k4x200 k3x500}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes COUNT NxN boards of K states scrambled by random presses of STENCIL from all 0.
make_boards() {
    python3 bench/scramble.py --states "$2" "$3" "$1" "$4"
}

for name in $cases; do
    args=()
    case $name in
        k*|any*) spec=${name#k}; spec=${spec#any}; states=${spec%x*}; n=${spec#*x}
            [[ $name == any* ]] && args=(--goal any)
            count=1; (( n <= 10 )) && count=10000
            make_boards "$n" "$states" 010/111/010 "$count" > "$work/$name.txt" ;;
        gambler*) n=${name#gambler}; states=3; args=(--rule 010/121/010); count=10
            (( n > 30 )) && count=1
            make_boards "$n" 3 010/121/010 "$count" > "$work/$name.txt" ;;
        *) echo "bench/states.sh: unknown case $name" >&2; exit 2 ;;
    esac
    command=("$flipgame" solve --states "$states" --size "${n}x$n" "${args[@]}" "$work/$name.txt")
    answer=$("${command[@]}" | head -3 | tr '\n' ' ')
    /usr/bin/time -f "%M" -o "$work/memory" "${command[@]}" > /dev/null
    hyperfine -N --warmup 1 --min-runs 5 --export-json "$work/$name.json" "${command[*]}" > /dev/null
    python3 - "$name" "$count" "$answer" "$(cat "$work/memory")" "$work/$name.json" <<'PY'
import json, sys
name, count, answer, memory, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
result = json.load(open(path))["results"][0]
mean, spread = result["mean"] * 1000, result["stddev"] * 1000
print(f"| {name} | {count:,} | {answer.strip()} ... | {mean:.1f} ms ± {spread:.1f} | "
      f"{mean * 1000 / count:,.0f} µs | {memory / 1024:.1f} MB |")
PY
done
