#!/usr/bin/env bash
# Whole-process timings of this tree against another commit, for a change that should cost
# nothing (a move, a rename, a new home for an idea). Both release binaries run the same
# commands, alternating, ROUNDS times each (default 40); the medians are printed with the
# change in percent, after checking that both print the same bytes. Interleaving keeps a
# loaded or throttled machine from favouring whichever ran second.
#
#   bench/compare.sh BASE      # BASE: a commit, such as main before a branch
#   DIFFER=ok bench/compare.sh BASE
#                              # a change whose outputs differ on purpose (a better answer
#                              # past the exact limit): the differing commands are named on
#                              # standard error and timed all the same
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: bench/compare.sh BASE}
rounds=${ROUNDS:-40}
work="$(mktemp -d)"
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

git worktree add --quiet --detach "$work/base" "$base"
(cd "$work/base" && CARGO_TARGET_DIR="$work/base-target" cargo build --release --quiet --bin flipgame)
cargo build --release --quiet --bin flipgame
before="$work/base-target/release/flipgame"
after=target/release/flipgame

"$after" gen --count 1048576 --seed 1 > "$work/boards.txt"
for side in 100 1000; do
    "$after" gen --size "${side}x${side}" --seed 1 > "$work/board$side.txt"
done
python3 bench/scramble.py plus 39 on > "$work/on39.txt"
python3 bench/scramble.py --states 3 010/111/010 10 10000 > "$work/k3x10.txt"
python3 bench/scramble.py --states 4 010/111/010 5 10000 > "$work/k4x5.txt"
python3 bench/scramble.py --states 3 010/121/010 30 10 > "$work/gambler30.txt"

commands=(
    "solve $work/boards.txt"
    "solve --taps $work/boards.txt"
    "solve --format jsonl $work/boards.txt"
    "table"
    "table --taps --format jsonl"
    "stats"
    "solve --size 1000x1000 $work/board1000.txt"
    "solve --size 100x100 --rule box $work/board100.txt"
    "solve --size 100x100 --rule sigma $work/board100.txt"
    "solve --goal white --size 39x39 $work/on39.txt"
    "solve --states 3 --size 10x10 $work/k3x10.txt"
    "solve --states 4 --size 5x5 --goal any --format jsonl $work/k4x5.txt"
    "solve --states 3 --rule 010/121/010 --size 30x30 --taps $work/gambler30.txt"
    "table --states 3 --size 3x3 --taps --format jsonl"
    "stats --states 3 --size 3x4"
)
for command in "${commands[@]}"; do
    # shellcheck disable=SC2086 # each command is split into its words on purpose
    if ! cmp -s <("$before" $command) <("$after" $command); then
        echo "outputs differ: flipgame $command" >&2
        [[ ${DIFFER:-} == ok ]] || exit 1
    fi
done
python3 - "$before" "$after" "$rounds" "$work" "${commands[@]}" <<'PY'
import statistics, subprocess, sys, time
before, after, rounds, work, commands = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:]
print(f"| command | before (ms) | after (ms) | change |\n|---|---:|---:|---:|")
for command in commands:
    words, times = command.split(), {before: [], after: []}
    for round in range(rounds):
        for binary in (before, after) if round % 2 == 0 else (after, before):
            start = time.perf_counter()
            subprocess.run([binary] + words, stdout=subprocess.DEVNULL, check=True)
            times[binary].append(time.perf_counter() - start)
    a, b = (statistics.median(times[x]) * 1000 for x in (before, after))
    shown = command.replace(work + "/", "")
    print(f"| flipgame {shown} | {a:.2f} | {b:.2f} | {(b / a - 1) * 100:+.1f}% |")
PY
