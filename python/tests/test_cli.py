"""The module says what the command line says: the same records of the same boards, the same
boards from the same seed, the same facts."""

import json
import subprocess

import numpy as np
import pytest

import flipgame

PUZZLES = [
    # (constructor arguments, the same puzzle's flags)
    (dict(), []),
    (dict(size=5, goal="black"), ["--size", "5x5", "--goal", "black"]),
    (dict(size=(3, 7), rule="x", wrap=True), ["--size", "3x7", "--rule", "x", "--wrap"]),
    (dict(size=6, rule="lines"), ["--size", "6x6", "--rule", "lines"]),
    (dict(size=(4, 5), states=3, goal="any"), ["--size", "4x5", "--states", "3", "--goal", "any"]),
    (dict(size=3, rule="010/121/010", states=4), ["--size", "3x3", "--rule", "010/121/010", "--states", "4"]),
    (dict(size=2, states=6, goal=5), ["--size", "2x2", "--states", "6", "--goal", "5"]),
]


def run(binary, *args):
    done = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return done.stdout


@pytest.mark.parametrize("arguments, flags", PUZZLES)
def test_records_are_the_records_solve_writes(flipgame_bin, arguments, flags):
    puzzle = flipgame.Puzzle(**arguments)
    boards = puzzle.random_boards(25, seed=11)
    given = [flag for board in boards for flag in ("--board", puzzle.text(board))]
    written = run(flipgame_bin, "solve", "--format", "jsonl", *flags, *given)
    for board, line in zip(boards, written.splitlines(), strict=True):
        record = json.loads(line)
        del record["index"], record["source"]
        assert puzzle.solve(board).to_dict() == record


@pytest.mark.parametrize("arguments, flags", PUZZLES)
def test_random_boards_are_the_boards_gen_writes(flipgame_bin, arguments, flags):
    puzzle = flipgame.Puzzle(**arguments)
    for extra, keywords in [([], {}), (["--moves", "2"], {"moves": 2}), (["--unique"], {"unique": True})]:
        written = run(flipgame_bin, "gen", "--seed", "5", "--count", "6", "--format", "jsonl",
                      *flags, *extra)
        expected = [json.loads(line)["board"] for line in written.splitlines()]
        drawn = puzzle.random_boards(6, seed=5, **keywords)
        assert [puzzle.text(board) for board in drawn] == expected


def test_impossible_boards_are_the_boards_gen_writes(flipgame_bin):
    puzzle = flipgame.Puzzle()
    written = run(flipgame_bin, "gen", "--seed", "9", "--count", "4", "--impossible")
    drawn = puzzle.random_boards(4, seed=9, impossible=True)
    assert "".join(puzzle.text(b).replace("/", "\n") + "\n" for b in drawn) == written


@pytest.mark.parametrize("arguments, flags", [PUZZLES[0], PUZZLES[5], PUZZLES[6]])
def test_stats_are_the_facts_stats_gives(flipgame_bin, arguments, flags):
    puzzle = flipgame.Puzzle(**arguments)
    report = json.loads(run(flipgame_bin, "stats", "--format", "json", *flags))
    stats = puzzle.stats()
    for field in ("positions", "solvable", "impossible", "max_moves", "mean_moves"):
        assert stats[field] == report[field], field
    assert stats["histogram"] == [row["boards"] for row in report["histogram"]]
    if "rank" in report:
        assert (puzzle.rank, puzzle.nullity) == (report["rank"], report["nullity"])


def test_a_walkthrough_is_the_steps_explain_gives(flipgame_bin):
    for arguments, flags in PUZZLES:
        puzzle = flipgame.Puzzle(**arguments)
        board = puzzle.random_boards(1, seed=3, moves=3)[0]
        written = run(flipgame_bin, "explain", "--format", "json", *flags,
                      "--board", puzzle.text(board))
        (record,) = json.loads(written)
        solution = puzzle.solve(board)
        # The same keys for either kind: explain's `flipped` and `press` are `changed`, `tap`.
        renamed = {"flipped": "changed", "press": "tap"}
        steps = [{renamed.get(key, key): value for key, value in step.items()} for step in record["steps"]]
        assert solution.walkthrough() == steps
        assert all(list(step) == ["tap", "changed", "board"] for step in solution.walkthrough())
        boards = solution.boards()
        assert [puzzle.text(b) for b in boards[1:]] == [step["board"] for step in record["steps"]]
        assert np.array_equal(boards[0], board)
        if "certificate" in record:
            assert solution.proof == record["certificate"]


def test_a_proof_is_the_certificate_explain_gives(flipgame_bin):
    puzzle = flipgame.Puzzle()
    board = "bwbw/wwww/bbwb/bwwb"
    (record,) = json.loads(run(flipgame_bin, "explain", "--format", "json", "--board", board))
    assert puzzle.solve(board).proof == record["certificate"]
