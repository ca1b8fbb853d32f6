#!/usr/bin/env bash
# The exact searches of a file of boards split into N shards run as a Slurm job array, and the
# merge run as a job that starts when every shard has ended: it writes byte for byte what one
# `flipgame solve` of the file prints, to $SHARDS_DIR/merged.out.
#
#   examples/cluster/slurm.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]
#   examples/cluster/slurm.sh 8 big.txt --size 39x39 -- --format jsonl
#
# OPTIONs are `flipgame solve`'s search options, the same for every shard and the merge;
# MERGE_OPTIONs are how the merge prints (--taps, --format). Run it from a folder every node
# sees; the shards write $SHARDS_DIR/shard-K.jsonl (default shards/; each appears only when
# its shard is done), their messages shard-K.err. Each task asks for one core
# (slurm-shard.sbatch); add sbatch's own options (--partition, --time, --mem) in
# SBATCH_OPTIONS, such as SBATCH_OPTIONS="--time=2:00:00".
#
# The merge waits for every shard to end, failed or not (afterany: with afterok one failed
# task would leave it pending for ever). A shard that failed, timed out or was preempted left
# no file, so the merge answers what it can, fails with status 4 and prints, in
# $SHARDS_DIR/merged.log, the sbatch line that runs those shards again; then submit the merge
# again.
set -euo pipefail
usage="usage: examples/cluster/slurm.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]"
count=${1:?$usage}
boards=${2:?$usage}
shift 2
search=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
    search+=("$1")
    shift
done
[ "$#" -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
dir=${SHARDS_DIR:-shards}
mkdir -p "$dir"
# For the merge's advice (a job runs a copy of its script, far from this folder).
export SHARD_SCRIPT="$here/slurm-shard.sbatch"
# shellcheck disable=SC2086 # sbatch's own options, split into words on purpose
shards=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=flipgame-shards \
    --array="1-$count" --output="$dir/shard-%a.err" \
    "$here/slurm-shard.sbatch" "$count" "$dir" "${search[@]}" "$boards")
shards=${shards%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=flipgame-merge \
    --dependency="afterany:$shards" --output="$dir/merged.out" --error="$dir/merged.log" \
    "$here/slurm-merge.sbatch" "$dir" "${search[@]}" "$boards" -- "$@")
merge=${merge%%;*}
echo "shards: job array $shards; merge: job $merge, into $dir/merged.out"
