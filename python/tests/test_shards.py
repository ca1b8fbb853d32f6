"""A board's search split into shards from Python: every shard's record merged gives one run's
answer (and OEIS A075464's published minimums), the records are the command line's own, and a
record that cannot be trusted or does not fit is refused with the place and the reason."""

import copy
import json
import pickle
import subprocess

import numpy as np
import pytest

import flipgame
from test_published import A075464


def shards(puzzle, board, count):
    """Every shard's record of `board`, split `count` ways."""
    return [puzzle.solve(board, shard=(k, count)) for k in range(1, count + 1)]


def same_answer(merged, whole):
    fields = ("moves", "goal", "optimal", "lower_bound", "taps")
    return [getattr(merged, f) for f in fields] == [getattr(whole, f) for f in fields] and (
        merged.proof == whole.proof
    )


def test_all_on_boards_merged_from_shards_need_oeis_a075464_presses():
    swept = 0
    for n, expected in enumerate(A075464, start=1):
        puzzle = flipgame.Puzzle(n, goal="white")
        board = np.ones((n, n), dtype=np.uint8)
        for count in (1, 3):
            records = shards(puzzle, board, count)
            swept += records[0]["swept"]
            merged = puzzle.merge(records)
            assert (n, count, merged.moves, merged.optimal) == (n, count, expected, True)
    # The boards whose null spaces are large enough to split really were split.
    assert swept >= 8, swept


@pytest.mark.parametrize("count", [1, 2, 5, 16])
def test_merged_shards_answer_as_one_run_does(count):
    puzzle = flipgame.Puzzle(30)
    boards = list(puzzle.random_boards(2, seed=7, moves=150)) + list(
        puzzle.random_boards(2, seed=8)  # most random 30x30 boards are impossible
    )
    boards.append(np.zeros((30, 30), dtype=np.uint8))
    for board in boards:
        records = shards(puzzle, board, count)
        # Any order, through pickles and JSON (what a cluster's workers send back).
        records = [json.loads(json.dumps(r)) for r in pickle.loads(pickle.dumps(records))]
        assert same_answer(puzzle.merge(records[::-1]), puzzle.solve(board))


def test_a_shard_record_is_the_record_solve_shard_writes(flipgame_bin, tmp_path):
    puzzle = flipgame.Puzzle(30, rule="plus", goal="black")
    board = puzzle.random_boards(1, seed=11, moves=120)[0]
    text = puzzle.text(board)
    path = tmp_path / "board.txt"
    path.write_text(text.replace("/", "\n") + "\n")
    for k in (1, 2, 3):
        written = subprocess.run(
            [flipgame_bin, "solve", "--size", "30x30", "--goal", "black", "--shard", f"{k}/3", str(path)],
            capture_output=True, text=True, check=True,
        ).stdout
        record = json.loads(written)
        assert (record.pop("index"), record.pop("source")) == (1, f"{path}:1")
        assert puzzle.solve(board, shard=(k, 3)) == record


def test_a_record_that_does_not_fit_is_refused_with_its_place():
    puzzle = flipgame.Puzzle(30)
    board = puzzle.random_boards(1, seed=7, moves=150)[0]
    records = shards(puzzle, board, 3)
    with pytest.raises(flipgame.FlipgameError, match=r"^records: shard 2/3 missing: solve\(board, shard=\(k, n\)\) gives each$"):
        puzzle.merge([records[0], records[2]])
    with pytest.raises(flipgame.FlipgameError, match=r"^records: shards 1/3 and 3/3 missing"):
        puzzle.merge([records[1]])
    with pytest.raises(flipgame.FlipgameError, match=r"^records: no shard record to merge"):
        puzzle.merge([])
    # The same shard twice is one record; a second that differs is refused.
    assert puzzle.merge(records + [records[1]]).moves == 150
    other = puzzle.solve(puzzle.random_boards(1, seed=9, moves=150)[0], shard=(2, 3))
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[1\] is of the board .*, records\[0\] of .*: merge one board's shards at a time$"):
        puzzle.merge([records[0], other, records[2]])
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[3\] is shard 1/2 of a search split 2 ways, records\[0\] of one split 3 ways"):
        puzzle.merge(records + [puzzle.solve(board, shard=(1, 2))])
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[0\]: this shard searched another puzzle \(rule 'plus', wrap=False, goal 'either', search_time=None\) than this one \(rule 'x', wrap=True, goal 'white', search_time=None\)"):
        flipgame.Puzzle(30, rule="x", wrap=True, goal="white").merge(records)
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[0\]: this shard searched another puzzle .* or another size"):
        flipgame.Puzzle(31).merge(records)
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[0\]: not a shard record of solve\(board, shard=\): .*board"):
        puzzle.merge([{k: v for k, v in records[0].items() if k != "board"}])
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[0\]: not a shard record"):
        puzzle.merge(["1/3"])
    older = dict(records[0], version="0.0.1")
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[0\]: this shard was searched by flipgame 0.0.1, the merge is flipgame .*: run the shards again with this flipgame$"):
        puzzle.merge([older] + records[1:])


def test_a_record_changed_after_its_shard_is_refused_never_merged():
    puzzle = flipgame.Puzzle(30)
    board = puzzle.random_boards(1, seed=7, moves=150)[0]
    records = shards(puzzle, board, 3)
    assert all(r["swept"] for r in records)
    # The fewest count lowered in one shard's part: the merge recounts its key.
    lowered = copy.deepcopy(records)
    part = next(p for p in lowered[1]["parts"] if p["taps"] is not None)
    part["taps"] -= 10
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[1\]: shard 2's part for all \w+ says \d+ taps, but its key gives \d+: the record was changed or damaged"):
        puzzle.merge(lowered)
    damaged = copy.deepcopy(records)
    damaged[2]["parts"][0]["key"] = "xyz"
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[2\]: 'xyz' is not a key: keys are hexadecimal"):
        puzzle.merge(damaged)
    emptied = copy.deepcopy(records)
    emptied[0]["parts"] = []
    with pytest.raises(flipgame.FlipgameError, match=r"^records\[0\]: shard 1 did not search this board"):
        puzzle.merge(emptied)


def test_shards_are_asked_for_as_the_puzzle_allows():
    puzzle = flipgame.Puzzle(30)
    board = puzzle.random_boards(1, seed=7, moves=150)[0]
    with pytest.raises(flipgame.FlipgameError, match=r"^shard=: there is no shard 4 of 3: K goes from 1 to 3$"):
        puzzle.solve(board, shard=(4, 3))
    with pytest.raises(flipgame.FlipgameError, match=r"^shard=\(-1, 3\): there is no shard -1 of 3"):
        puzzle.solve(board, shard=(-1, 3))
    with pytest.raises(flipgame.FlipgameError, match=r"^search_time= with shard=: every shard and the merge share one search time"):
        puzzle.solve(board, shard=(1, 3), search_time=5.0)
    gambler = flipgame.Puzzle(3, rule="010/121/010", states=4)
    with pytest.raises(flipgame.FlipgameError, match=r"^shard= and merge split the search of two-sided pieces"):
        gambler.solve("322/321/221", shard=(1, 2))
    with pytest.raises(flipgame.FlipgameError, match=r"^shard= and merge split the search of two-sided pieces"):
        gambler.merge([])
    # A puzzle with a search time: its shards carry it, and only it merges them.
    timed = flipgame.Puzzle(30, search_time=30.0)
    records = shards(timed, board, 2)
    assert records[0]["search_time"] == 30.0
    assert timed.merge(records).moves == 150
    with pytest.raises(flipgame.FlipgameError, match=r"search_time=30(\.0)?\) than this one .*search_time=None\)"):
        puzzle.merge(records)
