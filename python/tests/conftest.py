"""What the tests share: the flipgame binary the CLI comparisons run."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    given = os.environ.get("FLIPGAME_BIN")
    if given:
        return given
    for profile in ("debug", "release"):
        candidate = ROOT / "target" / profile / "flipgame"
        if candidate.exists():
            return str(candidate)
    return shutil.which("flipgame")


@pytest.fixture(scope="session")
def flipgame_bin():
    """The command-line tool, or a skip that says how to give it."""
    binary = _binary()
    if binary is None:
        if os.environ.get("FLIPGAME_REQUIRE_TOOLS") == "1":
            pytest.fail("no flipgame binary: build it (cargo build) or set FLIPGAME_BIN")
        pytest.skip("no flipgame binary: build it (cargo build) or set FLIPGAME_BIN")
    return binary
