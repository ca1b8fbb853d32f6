"""The tap matrix: every entry is what the rule's definition says a tap adds (the oracle's
stencils, written apart from flipgame), taps through it move a board as the definition moves
it, the quiet tap sets are its null space, and its rank over GF(2) is the puzzle's."""

import random

import numpy as np
import pytest

import flipgame
from oracle import reach

PUZZLES = [
    (4, 4, "plus", False, 2),
    (3, 5, "x", False, 2),
    (5, 5, "box", True, 2),
    (4, 6, "sigma", False, 2),
    (3, 4, "lines", False, 2),
    (4, 4, "plus", True, 3),
    (3, 4, "010/121/010", False, 3),
    (4, 5, "plus", False, 4),
    (3, 3, "121/202/121", True, 6),
    # Rules a tap does not reach back through: the matrix is not symmetric.
    (4, 4, "011/010/000", False, 2),
    (4, 5, "012/010/000", True, 5),
]


def defined(rows, cols, rule, wrap):
    """The tap matrix from the oracle's definition of the rule."""
    cells = rows * cols
    matrix = np.zeros((cells, cells), dtype=np.uint8)
    for tap, weights in enumerate(reach(rows, cols, rule, wrap)):
        for cell, weight in weights.items():
            matrix[tap, cell] = weight
    return matrix


@pytest.mark.parametrize("rows, cols, rule, wrap, states", PUZZLES)
def test_every_entry_is_what_the_rule_adds(rows, cols, rule, wrap, states):
    puzzle = flipgame.Puzzle((rows, cols), rule, wrap=wrap, states=states)
    matrix = puzzle.tap_matrix()
    assert matrix.dtype == np.uint8
    assert np.array_equal(matrix, defined(rows, cols, rule, wrap))


@pytest.mark.parametrize("rows, cols, rule, wrap, states", PUZZLES)
def test_taps_through_the_matrix_move_a_board_as_the_taps_do(rows, cols, rule, wrap, states):
    puzzle = flipgame.Puzzle((rows, cols), rule, wrap=wrap, states=states)
    matrix = puzzle.tap_matrix().astype(np.int64)
    chance = random.Random(f"{rows}x{cols} {rule} {states}")
    for _ in range(20):
        board = np.array([chance.randrange(states) for _ in range(rows * cols)])
        taps = np.array([chance.randrange(states) for _ in range(rows * cols)])
        after = board.reshape(rows, cols)
        for cell, times in enumerate(taps):
            for _ in range(times):
                after = puzzle.tap(after, cell // cols + 1, cell % cols + 1)
        assert np.array_equal((board + taps @ matrix) % states, after.reshape(-1))


@pytest.mark.parametrize("rows, cols, rule, wrap, states", PUZZLES)
def test_the_sparse_form_holds_the_entries_that_are_not_zero_in_order(
    rows, cols, rule, wrap, states
):
    puzzle = flipgame.Puzzle((rows, cols), rule, wrap=wrap, states=states)
    values, (taps, cells) = puzzle.tap_matrix(sparse=True)
    assert (values.dtype, taps.dtype, cells.dtype) == (np.uint8, np.int64, np.int64)
    dense = puzzle.tap_matrix()
    assert np.array_equal(taps, np.nonzero(dense)[0])
    assert np.array_equal(cells, np.nonzero(dense)[1])
    assert np.array_equal(values, dense[np.nonzero(dense)])


def test_a_graphs_matrix_is_its_adjacency_plus_the_identity():
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (4, 0)]
    adjacency = np.zeros((5, 5), dtype=np.uint8)
    for a, b in edges:
        adjacency[a, b] = adjacency[b, a] = 1
    puzzle = flipgame.from_edges(edges)
    assert np.array_equal(puzzle.tap_matrix(), adjacency + np.eye(5, dtype=np.uint8))
    directed = flipgame.from_adjacency([[0, 1, 0], [0, 0, 1], [0, 0, 0]])
    assert np.array_equal(directed.tap_matrix(), [[1, 1, 0], [0, 1, 1], [0, 0, 1]])


def gf2_rank(matrix):
    """The rank over GF(2), by elimination."""
    rows = [int("".join(str(int(bit) & 1) for bit in row), 2) for row in matrix]
    rank = 0
    for bit in reversed(range(matrix.shape[1])):
        pivot = next((i for i in range(rank, len(rows)) if rows[i] >> bit & 1), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(len(rows)):
            if i != rank and rows[i] >> bit & 1:
                rows[i] ^= rows[rank]
        rank += 1
    return rank


@pytest.mark.parametrize("side", [4, 5, 9, 16, 17])
def test_the_quiet_tap_sets_are_its_null_space_and_its_rank_the_puzzles(side):
    # 4, 5, 9, 16 and 17 are Lights Out's sizes of nullity 4, 2, 8, 8 and 0.
    puzzle = flipgame.Puzzle(side, "plus")
    matrix = puzzle.tap_matrix().astype(np.int64)
    assert gf2_rank(matrix) == puzzle.rank == side * side - puzzle.nullity
    for quiet in puzzle.quiet_tap_sets():
        assert not ((quiet.reshape(-1) @ matrix) % 2).any()


def test_a_prime_number_of_colours_has_its_quiet_presses_in_the_null_space():
    puzzle = flipgame.Puzzle(4, "plus", wrap=True, states=3)
    matrix = puzzle.tap_matrix().astype(np.int64)
    for quiet in puzzle.quiet_tap_sets():
        assert not ((quiet.reshape(-1).astype(np.int64) @ matrix) % 3).any()


def test_a_matrix_too_large_to_be_dense_is_given_sparse():
    puzzle = flipgame.Puzzle(100)
    with pytest.raises(flipgame.FlipgameError, match=r"tap_matrix\(sparse=True\)"):
        puzzle.tap_matrix()
    values, (taps, cells) = puzzle.tap_matrix(sparse=True)
    # Every cell reaches itself and its neighbours: five each, less one per side on the edge.
    assert len(values) == 5 * 100 * 100 - 4 * 100
    assert set(values.tolist()) == {1}
    assert np.array_equal(np.bincount(taps, minlength=10_000)[[0, 1, 101]], [3, 4, 5])
    assert cells.max() == 9_999
