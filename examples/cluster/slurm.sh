#!/usr/bin/env bash
# The exact searches of a file of boards split into N shards run as a Slurm job array, and the
# merge run as a job that starts when every shard has ended: it writes byte for byte what one
# `flipgame solve` of the file prints, to DIR/merged.out.
#
#   examples/cluster/slurm.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]
#   examples/cluster/slurm.sh 8 big.txt --size 39x39 -- --format jsonl
#
# OPTIONs are `flipgame solve`'s search options, the same for every shard and the merge;
# MERGE_OPTIONs are how the merge prints (--taps, --format). Run it from a folder every node
# sees. The shards go to a folder of this run's own, DIR = $SHARDS_DIR/N-DIGEST (SHARDS_DIR
# defaults to shards/; see run-folder), shard-K.jsonl each (each appears only when its shard
# is done), their messages shard-K.err. Each task asks for one CPU and runs on as many
# threads as Slurm gives it (slurm-shard.sbatch); add sbatch's own options (--partition,
# --time, --mem, --cpus-per-task) in SBATCH_OPTIONS, such as SBATCH_OPTIONS="--time=2:00:00"
# (split into words: no spaces inside one; Slurm's own SBATCH_* variables work too). Needs bash
# 4.4 or later.
#
# The merge waits for every shard to end, failed, cancelled or not (afterany: with afterok one
# failed task would leave it pending for ever). A shard that failed, timed out or was
# cancelled left no file (its finished boards stay in shard-K.jsonl.partial), so the merge
# answers what it can, fails with status 4 and prints, in DIR/merged.log, the one command
# that recovers, from any folder: this script again, which submits only the shards whose
# files are missing (a shard's file lost after it succeeded too), and the merge after them.
set -euo pipefail
usage="usage: examples/cluster/slurm.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]"
count=${1:?$usage}
boards=${2:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
# The merge's advice, the way back from any folder (a job runs a copy of its script, far from
# this folder): this command again, from this folder.
# The settings of this run go with it: another flipgame or SHARDS_DIR would be another run.
settings=""
for name in FLIPGAME SHARDS_DIR SBATCH_OPTIONS; do
    [ -n "${!name+set}" ] && settings+="$name=$(printf '%q' "${!name}") "
done
export SLURM_RECIPE_AGAIN
SLURM_RECIPE_AGAIN="cd $(printf '%q' "$PWD") && ${settings}$(printf '%q ' "$here/slurm.sh" "$@")"
shift 2
search=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
    search+=("$1")
    shift
done
[ "$#" -gt 0 ] && shift
dir=$("$here/run-folder" "${FLIPGAME:-flipgame}" "${SHARDS_DIR:-shards}" "$count" "$boards" \
    "${search[@]}")
mkdir -p "$dir"
todo=()
for index in $(seq "$count"); do
    [ -e "$dir/shard-$index.jsonl" ] || todo+=("$index")
done
after=()
shards="none to run"
if [ "${#todo[@]}" -gt 0 ]; then
    tasks=$(printf '%s\n' "${todo[@]}" | paste -sd, -)
    # shellcheck disable=SC2086 # sbatch's own options, split into words on purpose
    job=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=flipgame-shards --array="$tasks" \
        --output="$dir/shard-%a.err" "$here/slurm-shard.sbatch" "$count" "$dir" \
        "${search[@]}" "$boards")
    job=${job%%;*}
    after=(--dependency="afterany:$job")
    shards="job array $job"
    [ "${#todo[@]}" -eq "$count" ] || shards="$shards (shards $tasks)"
fi
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=flipgame-merge "${after[@]}" \
    --output="$dir/merged.out" --error="$dir/merged.log" \
    "$here/slurm-merge.sbatch" "$dir" "${search[@]}" "$boards" -- "$@")
merge=${merge%%;*}
echo "shards: $shards; merge: job $merge, into $dir/merged.out"
