#!/usr/bin/env bash
# The exact searches of a file of boards split into N shards that GNU parallel runs, then
# merged: the merge prints byte for byte what one `flipgame solve` of the file prints.
#
#   examples/cluster/parallel.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]
#   examples/cluster/parallel.sh 8 big.txt --size 39x39 -- --format jsonl > answers.jsonl
#
# OPTIONs are `flipgame solve`'s search options (--size, --rule, --wrap, --rule-file, --goal,
# --cells, --search-time), the same for every shard and the merge, which refuses shards of
# other options; MERGE_OPTIONs are how the merge prints (--taps, --format). The shards go to
# $SHARDS_DIR (default shards/), shard-K.jsonl each, with parallel's job log beside them.
# $JOBS shards run at once (default: one a core); parallel's --sshloginfile spreads them over
# machines that share the folder.
#
# The shards are one line of parallel, each writing its file with --output, which appears
# only when the shard is done. A shard is done when its status is 0 or 2 (2: a board it could
# not read, recorded in its place for the merge to report; or a usage error, which leaves no
# file and which running again cannot mend); any other status (1: a file not read or
# written, or killed) is retried, and if it still fails this script stops with parallel's
# status (how many shards failed): the same command again runs only the shards the job log
# says failed (--resume-failed). The merge reads every shard-K.jsonl of the folder.
set -euo pipefail
usage="usage: examples/cluster/parallel.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]"
count=${1:?$usage}
boards=${2:?$usage}
shift 2
search=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
    search+=("$1")
    shift
done
[ "$#" -gt 0 ] && shift
flipgame=${FLIPGAME:-flipgame}
dir=${SHARDS_DIR:-shards}
mkdir -p "$dir"

# {} is the shard's number, 1 to N; the rest is quoted for the shell parallel starts.
shard="$(printf '%q ' "$flipgame" solve "${search[@]}" "$boards")--shard {}/$count"
output="$(printf '%q' "$dir")/shard-{}.jsonl"
parallel --jobs "${JOBS:-100%}" --joblog "$dir/joblog" --resume-failed --retries 3 \
    "$shard --output $output || [ \$? -eq 2 ]" ::: $(seq "$count")

exec "$flipgame" solve --merge "$dir" "${search[@]}" "$@" "$boards"
