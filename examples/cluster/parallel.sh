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
# The shards are one line of parallel. A shard whose flipgame cannot read or write (status
# 1) or is killed is retried; if it still fails this script stops with parallel's status (how
# many shards failed), and the same command again runs only the shards the job log says
# failed (--resume-failed). Status 2 is a malformed board or a usage error, which running
# again cannot mend: the shard's records stand, and the merge reports it in its place. A
# shard's file appears only when the shard is done (it is written under another name first),
# so a shard cut short is one the merge names to run again.
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
shard="$(printf '%q ' "$flipgame" solve "${search[@]}" "$boards") --shard {}/$count"
part="$(printf '%q' "$dir")/shard-{}"
parallel --jobs "${JOBS:-100%}" --joblog "$dir/joblog" --resume-failed --retries 3 \
    "$shard > $part.part; s=\$?; { [ \$s = 0 ] || [ \$s = 2 ]; } && mv $part.part $part.jsonl" \
    ::: $(seq "$count")

merge=()
for index in $(seq "$count"); do
    merge+=(--merge "$dir/shard-$index.jsonl")
done
exec "$flipgame" solve "${merge[@]}" "${search[@]}" "$@" "$boards"
