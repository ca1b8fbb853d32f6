"""The module under test is the prebuilt wheel python/test.sh made (FLIPGAME_WHEEL): one abi3
wheel for every CPython from 3.9, installed whole, not an editable build of the sources."""

import importlib.metadata
import os
import pathlib

import pytest

import flipgame

WHEEL = os.environ.get("FLIPGAME_WHEEL")


@pytest.mark.skipif(not WHEEL, reason="python/test.sh installs the wheel and names it")
def test_the_module_is_the_abi3_wheel_installed_whole():
    name = pathlib.Path(WHEEL).name
    distribution = importlib.metadata.distribution("flipgame")
    assert name.startswith(f"flipgame-{distribution.version}-cp39-abi3-"), name
    tags = [line for line in distribution.read_text("WHEEL").splitlines() if line.startswith("Tag:")]
    assert tags and all("-abi3-" in tag for tag in tags), tags
    native = pathlib.Path(flipgame._flipgame.__file__)
    assert native.name.endswith(".abi3.so"), native
    installed = {pathlib.Path(str(file)).name for file in distribution.files or []}
    assert native.name in installed and "_flipgame.pyi" in installed and "py.typed" in installed
    # Installed into the environment, not pointing back at the sources.
    assert "site-packages" in native.parts
