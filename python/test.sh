#!/usr/bin/env bash
# The Python module's tests, as CI runs them: the source distribution made by maturin, built
# from that sdist into the abi3 wheel (what a user's `pip install` of the sdist builds), the
# wheel installed into a fresh virtual environment with no PATH at all (so no Rust toolchain, nor
# any other program, can take part: a prebuilt wheel needs none), then pytest (extra arguments
# go to pytest). The tests that compare with the command line use target/debug/flipgame (or
# FLIPGAME_BIN) when it is built.
#
# The wheel is built with the workspace's dev profile, which is optimised (FLIPGAME_WHEEL_PROFILE
# chooses another, such as release), in pip's own build folder: a target/ shared with the
# repository would take the sdist's files, whose times maturin fixes, for ones built already.
# Not --locked: the sdist's Cargo.lock is the workspace's, whose command-line crates cargo drops
# from it when the sdist builds (the versions it keeps are the ones locked).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/python-venv
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt
rm -rf target/sdist target/python-wheel
"$venv/bin/maturin" sdist -m python/Cargo.toml -o target/sdist >/dev/null
PATH="$PWD/$venv/bin:$PATH" MATURIN_PEP517_ARGS="--profile ${FLIPGAME_WHEEL_PROFILE:-dev}" \
    "$venv/bin/pip" wheel --quiet --disable-pip-version-check --no-build-isolation --no-deps \
    --wheel-dir target/python-wheel target/sdist/flipgame-*.tar.gz
wheel=$(echo target/python-wheel/flipgame-*-abi3-*.whl)
[ -f "$wheel" ] || { echo "python/test.sh: no abi3 wheel was built: $(ls target/python-wheel)" >&2; exit 1; }
env -i HOME="$HOME" PATH=/nonexistent "$venv/bin/python" -m pip install --quiet \
    --disable-pip-version-check --no-index --no-deps "$wheel"
FLIPGAME_WHEEL="$wheel" "$venv/bin/python" -m pytest -q python/tests "$@"
