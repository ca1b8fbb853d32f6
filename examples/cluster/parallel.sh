#!/usr/bin/env bash
# The exact searches of a file of boards split into N shards that GNU parallel runs, then
# merged: the merge prints byte for byte what one `flipgame solve` of the file prints.
#
#   examples/cluster/parallel.sh N BOARDS [OPTION...] [-- MERGE_OPTION...]
#   examples/cluster/parallel.sh 8 big.txt --size 39x39 -- --format jsonl > answers.jsonl
#
# OPTIONs are `flipgame solve`'s search options (--size, --rule, --wrap, --rule-file, --goal,
# --cells, --search-time), the same for every shard and the merge, which refuses shards of
# other options; MERGE_OPTIONs are how the merge prints (--taps, --format).
#
# The shards go to a folder of this run's own, $SHARDS_DIR/N-DIGEST (SHARDS_DIR defaults to
# shards/; DIGEST is of flipgame's version, N, the options and the boards' bytes: see
# run-folder), shard-K.jsonl each, with parallel's job log beside them: shards of another run (other boards, another N,
# options mended since) are never taken for this run's, nor skipped for them. $JOBS shards run
# at once (default: one a core), each on $THREADS threads (default 1). Machines that share the
# folder take part with parallel's own options in $PARALLEL, such as
# PARALLEL="--sshloginfile nodes.txt": each job starts in this folder there too (--workdir .).
#
# Needs bash 4.4 or later.
#
# A shard is run when its file is not there: each writes it with --output, which appears
# only when the shard is done (a shard stopped half way leaves FILE.partial, and its next run
# takes up the boards it finished). A shard is done when its status is 0 or 2 (2: a board it
# could not read, recorded in its place for the merge to report; or a usage error, which
# running again cannot mend, and which the merge then reports); any other status (1: a file
# not read or written, or killed) is tried again, up to 3 tries (--retries 3), and if it
# still fails this script stops with
# parallel's status (how many shards failed). The same command again runs every shard whose
# file is missing, whatever the job log says (a file lost after its shard succeeded too).
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
dir=$("$(dirname "$0")/run-folder" "$flipgame" "${SHARDS_DIR:-shards}" "$count" "$boards" \
    "${search[@]}")
mkdir -p "$dir"
echo "shards: $dir" >&2

todo=()
for index in $(seq "$count"); do
    [ -e "$dir/shard-$index.jsonl" ] || todo+=("$index")
done
if [ "${#todo[@]}" -gt 0 ]; then
    # {} is the shard's number; the rest is quoted for the shell parallel starts.
    shard="$(printf '%q ' "$flipgame" solve --threads "${THREADS:-1}" "${search[@]}" "$boards")"
    output="$(printf '%q' "$dir")/shard-{}.jsonl"
    parallel --jobs "${JOBS:-100%}" --joblog "$dir/joblog" --retries 3 --workdir . \
        "$shard--shard {}/$count --output $output || [ \$? -eq 2 ]" ::: "${todo[@]}"
fi

exec "$flipgame" solve --merge "$dir" "${search[@]}" "$@" "$boards"
