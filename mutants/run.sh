#!/usr/bin/env bash
# Mutation testing with cargo-mutants: each mutant is a small change to the code (a comparison
# turned round, a statement deleted, a function returning a constant) that some test should
# notice. A mutant that survives is a test not yet written, or an equivalent change recorded in
# mutants/EQUIVALENT.md.
#
#   mutants/run.sh              the mutants of the lines of src/ changed since HEAD~1
#   mutants/run.sh BASE         ... changed since commit BASE (such as main before a branch)
#   mutants/run.sh --file GLOB  every mutant of the files matching GLOB (repeatable)
#
# Settings (exclusions, test arguments, timeouts) are in .cargo/mutants.toml. Results go to
# mutants.out/ (caught.txt, missed.txt, timeout.txt, unviable.txt). MUTANTS_JOBS sets how many
# mutants build and test at once (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo mutants --version >/dev/null 2>&1; then
    echo "mutants/run.sh needs cargo-mutants: cargo install --locked cargo-mutants" >&2
    exit 2
fi
jobs=${MUTANTS_JOBS:-2}

if [ "${1:-}" = "--file" ]; then
    args=()
    while [ "$#" -gt 0 ]; do
        [ "$1" = "--file" ] && shift
        args+=(--file "$1")
        shift
    done
    exec cargo mutants --jobs "$jobs" "${args[@]}"
fi

base=${1:-HEAD~1}
mkdir -p target
diff=target/mutants-changes.diff
git diff "$base" -- src > "$diff"
if [ ! -s "$diff" ]; then
    echo "no change to src/ since $base: nothing to mutate"
    exit 0
fi
exec cargo mutants --jobs "$jobs" --in-diff "$diff"
