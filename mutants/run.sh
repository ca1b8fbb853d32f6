#!/usr/bin/env bash
# Mutation testing with cargo-mutants: each mutant is a small change to the code (a comparison
# turned round, a statement deleted, a function returning a constant) that some test should
# notice. A mutant that survives is a test not yet written, or an equivalent change recorded in
# mutants/EQUIVALENT.md.
#
#   mutants/run.sh              the mutants of the lines of src/ and lib/src/ changed since HEAD~1
#   mutants/run.sh BASE         ... changed since commit BASE (such as main before a branch)
#   mutants/run.sh --file GLOB  every mutant of the files matching GLOB (repeatable)
#
# Settings (exclusions, test arguments, timeouts) are in .cargo/mutants.toml. Results go to
# mutants.out/ (caught.txt, missed.txt, timeout.txt, unviable.txt). MUTANTS_JOBS sets how many
# mutants build and test at once (default 2).
#
# With cargo-nextest installed the run takes two passes: the library's tests alone first (a
# mutant then builds one test binary, and nextest stops at the first failing test: about 20 s a
# mutant on two cores, against about 75 s for the whole suite), then the whole suite on the
# mutants the first pass left alive (--iterate skips the ones it caught). MUTANTS_ONE_PASS=1
# runs the whole suite on every mutant instead.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo mutants --version >/dev/null 2>&1; then
    echo "mutants/run.sh needs cargo-mutants: cargo install --locked cargo-mutants" >&2
    exit 2
fi
jobs=${MUTANTS_JOBS:-2}

mkdir -p target
selection=()
if [ "${1:-}" = "--file" ]; then
    while [ "$#" -gt 0 ]; do
        [ "$1" = "--file" ] && shift
        selection+=(--file "$1")
        shift
    done
else
    base=${1:-HEAD~1}
    diff=target/mutants-changes.diff
    git diff "$base" -- src lib/src > "$diff"
    if [ ! -s "$diff" ]; then
        echo "no change to src/ or lib/src/ since $base: nothing to mutate"
        exit 0
    fi
    selection=(--in-diff "$diff")
fi

if [ -z "${MUTANTS_ONE_PASS:-}" ] && cargo nextest --version >/dev/null 2>&1; then
    # The same settings with the library's tests in place of the whole suite.
    fast=target/mutants-library.toml
    sed 's/^additional_cargo_test_args = .*/additional_cargo_args = ["--lib"]\nadditional_cargo_test_args = ["--run-ignored", "all"]/' \
        .cargo/mutants.toml > "$fast"
    status=0
    cargo mutants --workspace --config "$fast" --test-tool nextest --jobs "$jobs" "${selection[@]}" || status=$?
    # 2: some mutants missed, 3: some timed out; anything else is an error of the run itself.
    case $status in
        0) exit 0 ;;
        2 | 3) echo "the whole suite on what the library's tests left alive:" ;;
        *) exit "$status" ;;
    esac
    exec cargo mutants --workspace --iterate --jobs "$jobs" "${selection[@]}"
fi
exec cargo mutants --workspace --jobs "$jobs" "${selection[@]}"
