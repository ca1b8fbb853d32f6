#!/usr/bin/env bash
# The Python module's tests, as CI runs them: build the wheel with maturin, install it into a
# fresh virtual environment, and run pytest (extra arguments go to pytest). The tests that
# compare with the command line use target/debug/flipgame (or FLIPGAME_BIN) when it is built.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/python-venv
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt
rm -rf target/wheels/flipgame-*.whl
"$venv/bin/maturin" build --quiet --release --locked -m python/Cargo.toml
"$venv/bin/pip" install --quiet --disable-pip-version-check target/wheels/flipgame-*.whl
"$venv/bin/python" -m pytest -q python/tests "$@"
