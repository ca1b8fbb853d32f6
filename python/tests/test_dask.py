"""The Dask recipe (examples/dask/shards.py) on a real dask.distributed LocalCluster of two
worker processes: the merged answers are one run's, a worker killed in the middle of a shard has
that shard run again, and the script's own command line prints each answer's record."""

import importlib.util
import json
import os
import pathlib
import subprocess
import sys

import pytest

import flipgame

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECIPE = ROOT / "examples" / "dask" / "shards.py"

# A cluster that cannot start or lost its workers would wait for ever: each test has two
# minutes (it takes seconds).
pytestmark = pytest.mark.timeout(120, method="thread")

if os.environ.get("FLIPGAME_REQUIRE_TOOLS") != "1":
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
from dask.distributed import Client, LocalCluster  # noqa: E402


def recipe():
    """The recipe as the module `shards`, the name `Client.upload_file` gives it on the
    workers."""
    spec = importlib.util.spec_from_file_location("shards", RECIPE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def client():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        # As docs/python.md says to: the workers import the recipe's module from the file.
        client.upload_file(str(RECIPE))
        yield client


def boards(puzzle):
    scrambled = [puzzle.text(b) for b in puzzle.random_boards(2, seed=21, moves=140)]
    return scrambled + [puzzle.text(puzzle.random_boards(1, seed=22)[0])]


def test_the_merged_answers_are_one_runs(client):
    puzzle = flipgame.Puzzle(30)
    given = boards(puzzle)
    answers = recipe().solve(client, puzzle, given, 4)
    for board, merged in zip(given, answers):
        assert merged.to_dict() == puzzle.solve(board).to_dict()
    assert [a.moves for a in answers][:2] == [140, 140]


def dies_once(marks):
    """A shard's task that kills its worker the first time shard 2 runs (as a lost machine or
    the kernel's out-of-memory killer would), and marks each run."""

    def run(puzzle, board, shard):
        if shard[0] == 2:
            first = not (marks / "killed").exists()
            (marks / ("killed" if first else "ran again")).write_text(str(os.getpid()))
            if first:
                os._exit(1)
        return puzzle.solve(board, shard=shard)

    return run


def test_a_shard_whose_worker_is_killed_runs_again(client, tmp_path):
    puzzle = flipgame.Puzzle(30)
    given = boards(puzzle)[:1]
    answers = recipe().solve(client, puzzle, given, 3, run=dies_once(tmp_path))
    assert answers[0].to_dict() == puzzle.solve(given[0]).to_dict()
    killed = (tmp_path / "killed").read_text()
    again = (tmp_path / "ran again").read_text()
    # Run again by another process: the killed worker's replacement, or the other worker.
    assert killed != again


def test_the_recipes_command_line_prints_each_answers_record(tmp_path):
    puzzle = flipgame.Puzzle(30)
    given = boards(puzzle)
    path = tmp_path / "boards.txt"
    path.write_text("\n".join(given) + "\n")
    printed = subprocess.run(
        [sys.executable, str(RECIPE), "--size", "30x30", "--shards", "3", str(path)],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    records = [json.loads(line) for line in printed.splitlines()]
    assert records == [puzzle.solve(board).to_dict() for board in given]
