"""Every board of small puzzles, every rule, wrapped and not, K = 2, 3, 4 and 6: flipgame's
fewest taps are the oracle's, its taps finish the board in that many, and every board it
calls impossible has a proof that checks out."""

import numpy as np
import pytest

import flipgame
from oracle import Oracle

TWO_COLOURS = {"either": (0, 1), "white": (0,), "black": (1,)}

CASES = [
    # (rows, cols, rule, wrap, states, goals)
    (3, 3, "plus", False, 2, ["either", "white", "black"]),
    (3, 4, "plus", False, 2, ["either"]),
    (3, 3, "plus", True, 2, ["either", "black"]),
    (3, 3, "x", False, 2, ["either", "white"]),
    (3, 3, "box", False, 2, ["either"]),
    (3, 3, "sigma", False, 2, ["either", "black"]),
    (3, 3, "lines", False, 2, ["either"]),
    (2, 4, "lines", False, 2, ["white"]),
    (3, 4, "sigma", True, 2, ["either"]),
    (3, 3, "110/011/000", False, 2, ["either"]),
    (2, 3, "plus", False, 3, [0, 2, "any"]),
    (3, 3, "plus", True, 3, [0]),
    (2, 3, "010/121/010", False, 3, [1, "any"]),
    (2, 3, "x", False, 4, [0, "any"]),
    (2, 3, "010/121/010", False, 4, [0]),
    (2, 2, "plus", False, 6, [0, 5, "any"]),
    (2, 3, "box", False, 6, [3]),
]


def colours(states, goal):
    if states == 2:
        return TWO_COLOURS[goal]
    return tuple(range(states)) if goal == "any" else (goal,)


@pytest.mark.parametrize("rows, cols, rule, wrap, states, goals", CASES)
def test_every_board_is_answered_as_the_oracle_answers(rows, cols, rule, wrap, states, goals):
    oracle = Oracle(rows, cols, rule, wrap, states)
    boards = np.array(list(oracle.boards()), dtype=np.uint8).reshape(-1, rows, cols)
    for goal in goals:
        puzzle = flipgame.Puzzle((rows, cols), rule, wrap=wrap, goal=goal, states=states)
        accepted = colours(states, goal)
        answers = puzzle.solve_many(boards, taps=True)
        expected = [oracle.moves(board.ravel().tolist(), accepted) for board in boards]
        got = [None if moves < 0 else int(moves) for moves in answers.moves]
        assert got == expected, (rule, wrap, states, goal)
        assert answers.optimal.all()
        for board, moves, colour, taps in zip(boards, answers.moves, answers.goal, answers.taps):
            flat = board.ravel().tolist()
            if moves < 0:
                assert colour == -1 and not taps.any()
                continue
            assert taps.sum() == moves and taps.max(initial=0) < states
            assert int(colour) in accepted
            assert oracle.apply(flat, taps.ravel().tolist()) == [int(colour)] * len(flat)
        # One board at a time, with its proof where it is impossible.
        for board in boards[:: max(1, len(boards) // 40)]:
            solution = puzzle.solve(board)
            flat = board.ravel().tolist()
            assert solution.moves == oracle.moves(flat, accepted)
            if solution.solvable:
                assert solution.proof is None and solution.proof_weights is None
            else:
                weights = solution.proof_weights.ravel().tolist()
                assert oracle.proves(flat, weights, accepted), (board, weights)


def test_a_graph_puzzle_is_the_oracle_of_its_closed_neighbourhoods():
    # The 5-cycle: a tap changes its vertex and the two beside it, so the graph puzzle is the
    # 1x5 board under the wrapped stencil 111, the oracle's own definition.
    edges = [(i, (i + 1) % 5) for i in range(5)]
    puzzle = flipgame.from_edges(edges)
    oracle = Oracle(1, 5, "000/111/000", True, 2)
    for board in oracle.boards():
        assert puzzle.solve([list(board)]).moves == oracle.moves(list(board), (0, 1)), board


@pytest.mark.parametrize("rows, cols", [(3, 4), (4, 3)])
def test_boards_given_column_major_are_read_by_row_and_column(rows, cols):
    # A batch handed over column-contiguous (Fortran order, or a transposed view) is still read
    # row by row: its memory order is not the board's.
    oracle = Oracle(rows, cols, "plus", False, 2)
    rng = np.random.default_rng(1753)
    boards = rng.integers(0, 2, size=(200, rows, cols), dtype=np.uint8)
    expected = [oracle.moves(board.ravel().tolist(), (0, 1)) for board in boards]
    puzzle = flipgame.Puzzle((rows, cols))
    transposed = np.ascontiguousarray(boards.transpose(0, 2, 1)).transpose(0, 2, 1)
    for given in [np.asfortranarray(boards), transposed]:
        assert not given.flags.c_contiguous
        got = [None if moves < 0 else int(moves) for moves in puzzle.solve_many(given).moves]
        assert got == expected


@pytest.mark.parametrize("rows, cols, rule", [(2, 3, "plus"), (3, 2, "plus"), (2, 3, "110/011/000")])
def test_a_tap_on_a_board_wider_or_taller_than_square_changes_the_cells_of_its_row_and_column(
    rows, cols, rule
):
    oracle = Oracle(rows, cols, rule, False, 2)
    puzzle = flipgame.Puzzle((rows, cols), rule)
    empty = np.zeros((rows, cols), dtype=np.uint8)
    for row in range(1, rows + 1):
        for col in range(1, cols + 1):
            counts = [0] * (rows * cols)
            counts[(row - 1) * cols + (col - 1)] = 1
            expected = oracle.apply(empty.ravel().tolist(), counts)
            assert puzzle.tap(empty, row, col).ravel().tolist() == expected, (row, col)
    with pytest.raises(ValueError):
        puzzle.tap(empty, rows + 1, 1)
    with pytest.raises(ValueError):
        puzzle.tap(empty, 1, cols + 1)
