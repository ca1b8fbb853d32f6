#!/usr/bin/env bash
# The Python module against the command line and against galois (bench/python.py): one call on
# a million 4x4 boards against `flipgame solve` streaming the same boards, and a 30x30 board
# solved through the module against the same job written with galois. Builds the release binary
# and the wheel, in a virtual environment of its own (target/bench-venv).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
venv=target/bench-venv
python3 -m venv --clear "$venv"
pip=("$venv/bin/pip" install --quiet --disable-pip-version-check)
"${pip[@]}" -r python/requirements-test.txt
# galois needs numba, which needs Python 3.10 or newer: older ones run the rest.
if "$venv/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    "${pip[@]}" -r bench/requirements-python.txt
fi
rm -rf target/wheels/flipgame-*.whl
"$venv/bin/maturin" build --quiet --release --locked -m python/Cargo.toml
"${pip[@]}" target/wheels/flipgame-*.whl
FLIPGAME_BIN="$PWD/target/release/flipgame" "$venv/bin/python" bench/python.py
