#!/usr/bin/env bash
# Light chasing on large boards: the all-on n x n board solved for all white, as whole
# processes (parsing included), with hyperfine, and the peak memory of each with GNU time.
#
#   bench/chase.sh                 this checkout's release build
#   bench/chase.sh OLD_FLIPGAME    ... side by side with another build (such as an older commit's
#                                  target/release/flipgame), after checking both print the same
#
# SIZES (default "1000 2000 4096") chooses the sides. NJP=PATH adds the C++ solver built by
# bench/njpipeorgan/build.sh to each comparison (its tap count checked against ours where it finds
# an answer; it has none when the board's null space is not empty, 4096 among them). Needs
# hyperfine and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
new=target/release/flipgame
old=${1:-}
sizes=${SIZES:-1000 2000 4096}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for n in $sizes; do
    board="$work/on$n.txt"
    python3 bench/scramble.py plus "$n" on > "$board"
    run() { "$1" solve --taps --size "${n}x$n" --goal white "$board"; }
    if [ -n "$old" ] && ! cmp -s <(run "$old") <(run "$new"); then
        echo "bench/chase.sh: the two builds answer the ${n}x$n board differently" >&2
        exit 1
    fi
    commands=("$new solve --size ${n}x$n --goal white $board")
    [ -n "$old" ] && commands=("$old solve --size ${n}x$n --goal white $board" "${commands[@]}")
    if [ -n "${NJP:-}" ]; then
        if taps=$("$NJP" "$n" | sed -n 's/^taps=//p') && [ -n "$taps" ]; then
            ours=$("$new" solve --size "${n}x$n" --goal white "$board")
            if [ "$taps" != "$ours" ]; then
                echo "bench/chase.sh: ${n}x$n: njpipeorgan taps $taps, flipgame $ours" >&2
                exit 1
            fi
        fi
        commands+=("$NJP $n")
    fi
    options=(-N --warmup 1 --min-runs 5)
    # njpipeorgan exits 2 when it has no answer, after all its work: time it anyway.
    [ -n "${NJP:-}" ] && options+=(--ignore-failure)
    hyperfine "${options[@]}" "${commands[@]}"
    [ -n "${NJP:-}" ] && /usr/bin/time -f "$NJP ${n}x$n: %e s, %M KB peak" "$NJP" "$n" > /dev/null || true
    for binary in $old $new; do
        /usr/bin/time -f "$binary ${n}x$n: %e s, %M KB peak" "$binary" solve --size "${n}x$n" \
            --goal white "$board" > /dev/null
    done
done
