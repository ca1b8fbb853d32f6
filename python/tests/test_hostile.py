"""Whatever a caller gives, the answer is an exception that says why, never a crash: wrong
shapes, sizes past every limit, broken rule JSON, goals and states out of range."""

import math

import numpy as np
import pytest

import flipgame
from flipgame import FlipgameError


@pytest.mark.parametrize(
    "arguments, message",
    [
        (dict(size=0), r"size=\(0, 0\): rows and columns go from 1 to"),
        (dict(size=10**12), r"rows and columns go from 1 to"),
        (dict(size=(-3, 4)), r"size=\(-3, 4\)"),
        (dict(size="4by4"), r'write a size as "RxC"'),
        (dict(rule="plsu"), r"rule='plsu': unknown rule"),
        (dict(rule="random"), r"rule='random'"),
        (dict(rule="11/11"), r"odd"),
        (dict(rule="plus", rule_json="{}"), r"give rule or rule_json, not both"),
        (dict(rule_json='{"rows": 1, "cols": 2, "cells": [\n[0]]}'), r"^rule_json:2:1: expected an entry"),
        (dict(rule_json='{"rows": 1, "cols": 2, "cells": ['), r"^rule_json:1:\d+: "),
        (dict(rule_json="[]"), r"^rule_json:1:1: "),
        (dict(rule_json="not json"), r"^rule_json:1:\d+: "),
        (dict(goal="red"), r"goal='red': the goals of two-sided pieces"),
        (dict(goal=1), r"goal=1"),
        (dict(states=1), r"states=1: a piece has from 2 to 36 states"),
        (dict(states=37), r"states=37"),
        (dict(states=2**40), r"states"),
        (dict(states=3, goal=3), r"goal=3: the colours of states=3 go from 0 to 2"),
        (dict(states=3, goal=-1), r"goal=-1"),
        (dict(states=3, goal="either"), r"goal='either'"),
        (dict(rule="010/121/010"), r"needs states=3 or more"),
        (dict(rule="010/131/010", states=3), r"not below states=3"),
        (dict(search_time=-1.0), r"search_time=-1.0"),
        (dict(search_time=math.nan), r"search_time=nan"),
        (dict(search_time=math.inf), r"search_time=inf"),
        (
            dict(size=(65, 65), states=3, rule="box", wrap=True),
            r"too large for more than two states: .* and wrap=False \(plus",
        ),
    ],
)
def test_a_bad_puzzle_is_a_flipgame_error(arguments, message):
    with pytest.raises(FlipgameError, match=message):
        flipgame.Puzzle(**arguments)


def test_a_rule_file_for_another_size_names_the_size_to_give():
    rule = (
        '{"rows": 1, "cols": 2, "cells": ['
        '{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1}, {"row": 1, "col": 2}]}, '
        '{"row": 1, "col": 2, "flips": [{"row": 1, "col": 2}]}]}'
    )
    puzzle = flipgame.Puzzle(rule_json=rule)
    assert (puzzle.shape, puzzle.rule) == ((1, 2), "rule_json")
    with pytest.raises(FlipgameError, match=r"give size='1x2' or no size"):
        flipgame.Puzzle(3, rule_json=rule)
    with pytest.raises(FlipgameError, match=r"wrap=True does not apply to a rule file"):
        flipgame.Puzzle(rule_json=rule, wrap=True)


def test_bad_requests_are_flipgame_errors():
    puzzle = flipgame.Puzzle()
    cases = [
        (lambda: puzzle.tap(np.zeros((4, 4), np.uint8), 0, 1), r"row 0, column 1: the rows"),
        (lambda: puzzle.tap(np.zeros((4, 4), np.uint8), 1, 5), r"columns from 1 to 4"),
        (lambda: puzzle.random_boards(10**12), r"count=1000000000000"),
        (lambda: puzzle.random_boards(3, moves=7), r"moves=7: no 4x4 board needs exactly 7"),
        (lambda: puzzle.random_boards(3, moves=17), r"moves=17"),
        (lambda: puzzle.random_boards(3, moves=300), r"moves=300"),
        (lambda: puzzle.random_boards(3, moves=2, impossible=True), r"give one of them"),
        (lambda: flipgame.Puzzle(2, states=3).random_boards(82, unique=True), r"only 81 distinct"),
        (lambda: flipgame.Puzzle(3).random_boards(1, impossible=True), r"every 3x3 board"),
        (lambda: flipgame.Puzzle(6).stats(), r"2\^36 boards"),
        (lambda: flipgame.Puzzle(3, states=6).nullity, r"Z_6 is no field"),
    ]
    # Under `box` a tap on row 1 and one on row 2 of a column turn over the same pieces: a
    # quiet tap set per column, 3000 of 6000 cells, more than a listing takes.
    wide = flipgame.Puzzle((2, 3000), "box")
    assert wide.nullity == 3000
    cases += [
        (wide.quiet_tap_sets, r"quiet_tap_sets: 3000 generators of 6000 cells are more than"),
        (wide.quiet_patterns, r"quiet_patterns: 3000 generators of 6000 cells are more than"),
    ]
    for call, message in cases:
        with pytest.raises(FlipgameError, match=message):
            call()


def test_bad_graphs_are_flipgame_errors():
    cases = [
        (lambda: flipgame.from_edges([(0, 1), (1, 1)]), r"edges\[1\] = \(1, 1\) is a loop"),
        (lambda: flipgame.from_edges([(0, 1)], vertices=1), r"edges\[0\] = \(0, 1\): the vertices are 0 to 0"),
        (lambda: flipgame.from_edges([(0, -1)]), r"the vertices are 0 to"),
        (lambda: flipgame.from_edges([(0, 1, 2)]), r"an edge is a pair"),
        (lambda: flipgame.from_edges([]), r"vertices=0"),
        (lambda: flipgame.from_adjacency([[0, 1], [1]]), r"row 1 has 1 entries"),
        (lambda: flipgame.from_adjacency([[0, 2], [1, 0]]), r"matrix\[0\]\[1\] is 2"),
        (
            lambda: flipgame.from_adjacency([[1, 1, 0], [1, 1, 1], [0, 1, 0]]),
            r"^matrix: the diagonal is 1 at \[0\]\[0\] but 0 at \[2\]\[2\]: give A \(all 0\) or A \+ I",
        ),
        (lambda: flipgame.Puzzle.from_lists([[5]]), r"vertex 0 lists 5: the vertices are 0 to 0"),
        (lambda: flipgame.Puzzle.from_lists([[0, 1], [0]]), r"vertex 0 lists itself"),
        (lambda: flipgame.Puzzle.from_lists([]), r"a graph of 0 vertices"),
    ]
    for call, message in cases:
        with pytest.raises(FlipgameError, match=message):
            call()


def test_a_search_past_the_limit_stops_at_its_time_and_says_it_is_not_proven():
    # The all-black 39x39 board: a null space of 2^32 quiet tap sets, more than the exact
    # search takes at this size; a time limit of zero keeps the first answer found.
    puzzle = flipgame.Puzzle(39, goal="white", search_time=0.0)
    assert puzzle.search_time == 0.0
    solution = puzzle.solve(np.ones((39, 39), np.uint8))
    assert solution.solvable
    assert solution.optimal is False and solution.to_dict()["optimal"] is False
    assert solution.lower_bound <= solution.moves
    many = puzzle.solve_many(np.ones((2, 39, 39), np.uint8))
    assert many.optimal.tolist() == [False, False]
    assert many.moves.tolist() == [solution.moves] * 2


def test_more_boards_than_memory_holds_is_an_error_not_an_abort():
    # A broadcast view stands for 2^40 boards in 16 bytes; their answers would take 16 TiB.
    view = np.broadcast_to(np.zeros((1, 4, 4), dtype=np.uint8), (2**40, 4, 4))
    with pytest.raises(FlipgameError, match=r"do not fit in memory: solve them in parts"):
        flipgame.Puzzle().solve_many(view)
