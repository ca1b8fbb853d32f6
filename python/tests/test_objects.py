"""Puzzles behave as Python values: equal when they are the same puzzle, hashed alike, and
pickled (so that multiprocessing, concurrent.futures, joblib and Dask can ship them) into the
same puzzle, which answers as the original does."""

import concurrent.futures
import multiprocessing
import pickle

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
