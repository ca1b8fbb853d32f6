"""Puzzles behave as Python values: equal when they are the same puzzle, hashed alike, and
pickled (so that multiprocessing, concurrent.futures, joblib and Dask can ship them) into the
same puzzle, which answers as the original does."""

import concurrent.futures
import multiprocessing
import pickle
import random

import pytest

import flipgame

# One of each way to make a puzzle: the defaults, a named rule on a torus, a stencil, a goal,
# a search time, a rule file's JSON, a graph's lists, and K colours by colour and "any".
RULE_JSON = (
    '{"rows": 2, "cols": 2, "cells": ['
    '{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1}, {"row": 1, "col": 2}]}, '
    '{"row": 1, "col": 2, "flips": [{"row": 1, "col": 2}]}, '
    '{"row": 2, "col": 1, "flips": [{"row": 2, "col": 1}, {"row": 1, "col": 1}]}, '
    '{"row": 2, "col": 2, "flips": [{"row": 2, "col": 2}, {"row": 2, "col": 1}]}]}'
)
MAKERS = [
    lambda: flipgame.Puzzle(),
    lambda: flipgame.Puzzle(5, "x", wrap=True),
    lambda: flipgame.Puzzle((3, 4), "111/010/010"),
    lambda: flipgame.Puzzle(4, goal="white"),
    lambda: flipgame.Puzzle(6, search_time=0.5),
    lambda: flipgame.Puzzle(rule_json=RULE_JSON),
    lambda: flipgame.Puzzle.from_lists([[1], [0, 2], [1]]),
    lambda: flipgame.Puzzle(3, states=3, goal=2),
    lambda: flipgame.Puzzle(3, states=5, goal="any"),
]


@pytest.mark.parametrize("make", MAKERS)
def test_a_puzzle_made_twice_is_equal_and_hashes_alike(make):
    first, second = make(), make()
    assert first == second
    assert not first != second
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


def test_different_puzzles_are_not_equal():
    puzzles = [make() for make in MAKERS] + [
        flipgame.Puzzle(5),
        flipgame.Puzzle(5, wrap=True),
        flipgame.Puzzle(5, "x"),
        flipgame.Puzzle(4, goal="black"),
        flipgame.Puzzle(6, search_time=1.0),
        flipgame.Puzzle(3, states=3, goal=1),
        flipgame.Puzzle(3, states=4, goal=2),
        flipgame.Puzzle.from_lists([[1], [0], []]),
    ]
    for i, a in enumerate(puzzles):
        for j, b in enumerate(puzzles):
            assert (a == b) == (i == j), (a, b)
    assert flipgame.Puzzle() != "Puzzle()"
    assert flipgame.Puzzle() != 4
    assert len(set(puzzles)) == len(puzzles)


@pytest.mark.parametrize("make", MAKERS)
def test_a_pickled_puzzle_is_the_same_puzzle_and_answers_alike(make):
    puzzle = make()
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        copy = pickle.loads(pickle.dumps(puzzle, protocol=protocol))
        assert copy == puzzle
        assert hash(copy) == hash(puzzle)
        assert repr(copy) == repr(puzzle)
        assert copy.search_time == puzzle.search_time
    boards = puzzle.random_boards(5, seed=7)
    for board in boards:
        a, b = puzzle.solve(board), copy.solve(board)
        assert (a.moves, a.taps, a.goal) == (b.moves, b.taps, b.goal)


def fewest_in_a_worker(puzzle, board):
    """What a worker process answers for the puzzle and board it was sent."""
    return puzzle.solve(board).moves


def test_a_process_pool_takes_puzzles_to_its_workers():
    puzzle = flipgame.Puzzle(5, "x", wrap=True)
    boards = puzzle.random_boards(6, seed=3)
    here = [puzzle.solve(board).moves for board in boards]
    for method in ("spawn", "fork"):
        context = multiprocessing.get_context(method)
        with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
            there = list(pool.map(fewest_in_a_worker, [puzzle] * len(boards), boards))
        assert there == here, method


def same_answer(a, b):
    """Whether two solutions say the same in every field a user reads."""
    return (
        a.moves == b.moves
        and a.goal == b.goal
        and a.optimal == b.optimal
        and a.lower_bound == b.lower_bound
        and a.taps == b.taps
        and (a.board == b.board).all()
        and a.proof == b.proof
        and a.to_dict() == b.to_dict()
        and a.walkthrough() == b.walkthrough()
    )


@pytest.mark.parametrize("make", MAKERS)
def test_a_pickled_solution_says_what_the_original_says(make):
    puzzle = make()
    boards = list(puzzle.random_boards(4, seed=11))
    impossible = puzzle.random_boards(1, seed=11, impossible=True) if puzzle.nullity else []
    for board in boards + list(impossible):
        solution = puzzle.solve(board)
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            copy = pickle.loads(pickle.dumps(solution, protocol=protocol))
            assert same_answer(copy, solution), (puzzle, board)
            assert repr(copy) == repr(solution)


def half_tapped(puzzle, seed):
    """The all-white board of `puzzle` with about half its cells tapped: solvable, and on a
    large board of large nullity too long to prove at once."""
    rows, cols = puzzle.shape
    board = puzzle.board("w" * cols + ("/" + "w" * cols) * (rows - 1))
    chooser = random.Random(seed)
    for row in range(1, rows + 1):
        for col in range(1, cols + 1):
            if chooser.random() < 0.5:
                board = puzzle.tap(board, row, col)
    return board


def test_a_pickled_solution_past_the_exact_limit_keeps_its_bound():
    # A 61x61 board of nullity 40 searched for a moment: its answer is not proven, and its
    # lower bound is below its count; a pickle keeps both and does not search again.
    puzzle = flipgame.Puzzle(61, search_time=0.001)
    solution = puzzle.solve(half_tapped(puzzle, seed=5))
    assert not solution.optimal and solution.lower_bound < solution.moves
    copy = pickle.loads(pickle.dumps(solution))
    assert same_answer(copy, solution)


def test_a_pickle_of_a_solution_for_another_puzzle_is_refused():
    solution = flipgame.Puzzle(4).solve("bwwb/bbwb/bwwb/bwww")
    restore, (puzzle, board, kept) = solution.__reduce__()
    with pytest.raises(flipgame.FlipgameError, match="16 tap counts, for a puzzle of 25 cells"):
        restore(flipgame.Puzzle(5), board.repeat(2, 0).repeat(2, 1)[:5, :5], kept)
    with pytest.raises(flipgame.FlipgameError, match="colour 1, which the puzzle's goal"):
        restore(flipgame.Puzzle(4, goal="white"), board, (kept[0], 1, True, 4))


def test_a_batch_gives_lower_bounds_columns_and_a_dataframe():
    puzzle = flipgame.Puzzle(61, search_time=0.001)
    boards = [half_tapped(puzzle, 5), half_tapped(puzzle, 6), puzzle.random_boards(1, seed=1)[0]]
    batch = puzzle.solve_many(boards)
    one_by_one = [puzzle.solve(board) for board in boards]
    expected = {
        "moves": [-1 if s.moves is None else s.moves for s in one_by_one],
        "goal": [-1 if s.goal is None else ["white", "black"].index(s.goal) for s in one_by_one],
        "optimal": [s.optimal for s in one_by_one],
        "lower_bound": [-1 if s.lower_bound is None else s.lower_bound for s in one_by_one],
    }
    assert not all(expected["optimal"])
    assert expected["lower_bound"][:2] < expected["moves"][:2]
    columns = batch.columns()
    assert list(columns) == list(expected)
    assert {name: column.tolist() for name, column in columns.items()} == expected
    assert batch.lower_bound.dtype.name == "int64"
    pandas = pytest.importorskip("pandas")
    frame = batch.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert frame.to_dict("list") == expected
    polars = pytest.importorskip("polars")
    frame = batch.to_polars()
    assert isinstance(frame, polars.DataFrame)
    assert frame.to_dict(as_series=False) == expected
    assert [str(dtype) for dtype in frame.dtypes] == ["Int64", "Int16", "Boolean", "Int64"]


def test_a_frame_without_its_library_says_what_to_install(monkeypatch):
    import sys

    batch = flipgame.Puzzle(4).solve_many(flipgame.Puzzle(4).random_boards(3, seed=1))
    for library, method in (("pandas", batch.to_pandas), ("polars", batch.to_polars)):
        monkeypatch.setitem(sys.modules, library, None)  # import fails, as where not installed
        with pytest.raises(ImportError, match=rf"needs {library} \(pip install {library}\); columns\(\) gives"):
            method()


def test_a_pickled_batch_is_the_same_batch():
    puzzle = flipgame.Puzzle(5, "x", wrap=True)
    boards = puzzle.random_boards(20, seed=2)
    for taps in (False, True):
        batch = puzzle.solve_many(boards, taps=taps)
        copy = pickle.loads(pickle.dumps(batch))
        assert len(copy) == len(batch)
        for name in ("moves", "goal", "optimal", "lower_bound"):
            assert (getattr(copy, name) == getattr(batch, name)).all(), name
        assert (copy.taps is None) == (not taps)
        if taps:
            assert (copy.taps == batch.taps).all()
    restore, arrays = batch.__reduce__()
    with pytest.raises(flipgame.FlipgameError, match="not one length a board"):
        restore(arrays[0][:3], *arrays[1:])


def test_a_process_pool_sends_back_solutions_and_batches():
    puzzle = flipgame.Puzzle(5, "x", wrap=True)
    boards = list(puzzle.random_boards(6, seed=3))
    here = [puzzle.solve(board) for board in boards]
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        there = list(pool.map(puzzle.solve, boards))
        batch = pool.submit(puzzle.solve_many, boards).result()
    assert all(same_answer(a, b) for a, b in zip(here, there))
    assert batch.moves.tolist() == [-1 if s.moves is None else s.moves for s in here]
