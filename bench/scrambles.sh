#!/usr/bin/env bash
# Answers past the exact limit: boards made by K random taps (bench/scramble.py, several seeds)
# under every named rule at 100x100 and plus at 79x79, 95x95 and 200x200, solved for all white
# with the default effort; for each board and K the worst answer over the seeds against K (an
# answer of at most K taps is as good as the scramble), whether every answer was proven, and the
# slowest whole process (GNU time). Then the all-on boards past the limit: answer, lower bound
# and their ratio.
#
#   bench/scrambles.sh                    everything below
#   BOARDS="sigma100" TAPS="300" SEEDS="7" bench/scrambles.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
flipgame=$PWD/target/release/flipgame
boards=${BOARDS:-plus100 x100 box100 sigma100 lines100 plus79 plus95 plus200}
taps=${TAPS:-30 100 300 1000}
seeds=${SEEDS:-7 8 9}
onboards=${ONBOARDS:-plus79 plus95}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-10s %6s %8s %8s %9s\n' board taps worst proven slowest
for board in $boards; do
    rule=${board%%[0-9]*}; n=${board#"$rule"}
    for k in $taps; do
        worst=0; proven=all; slowest=0
        for seed in $seeds; do
            python3 bench/scramble.py "$rule" "$n" "$k" "$seed" > "$work/board"
            /usr/bin/time -f "%e" -o "$work/time" "$flipgame" solve --size "${n}x$n" \
                --rule "$rule" --goal white "$work/board" > "$work/answer"
            answer=$(cut -d' ' -f1 < "$work/answer")
            grep -q 'not proven' "$work/answer" && proven=no
            (( answer > worst )) && worst=$answer
            slowest=$(echo "$(cat "$work/time") $slowest" | awk '{printf "%.2f", ($1 > $2) ? $1 : $2}')
        done
        printf '%-10s %6s %8s %8s %8ss\n' "$board" "$k" "$worst" "$proven" "$slowest"
    done
done

printf '\n%-10s %8s %8s %6s %8s\n' all-on answer bound ratio seconds
for board in $onboards; do
    rule=${board%%[0-9]*}; n=${board#"$rule"}
    python3 bench/scramble.py "$rule" "$n" on > "$work/board"
    /usr/bin/time -f "%e" -o "$work/time" "$flipgame" solve --size "${n}x$n" --rule "$rule" \
        --goal white --format jsonl "$work/board" > "$work/answer"
    answer=$(grep -o '"moves":[0-9]*' "$work/answer" | cut -d: -f2)
    bound=$(grep -o '"lower_bound":[0-9]*' "$work/answer" | cut -d: -f2)
    printf '%-10s %8s %8s %6s %8s\n' "$board" "$answer" "$bound" \
        "$(echo "scale=2; $answer / $bound" | bc)" "$(cat "$work/time")"
done
