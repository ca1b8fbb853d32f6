"""Boards in and out as numpy arrays, text and lists; mistakes are clear exceptions."""

import numpy as np
import pytest

import flipgame
from flipgame import FlipgameError

STATEMENT = "bwwb/bbwb/bwwb/bwww"
ROWS = [[1, 0, 0, 1], [1, 1, 0, 1], [1, 0, 0, 1], [1, 0, 0, 0]]


def test_text_lists_and_arrays_of_any_integer_dtype_are_the_same_board():
    puzzle = flipgame.Puzzle()
    expected = np.array(ROWS, dtype=np.uint8)
    for given in [STATEMENT, ROWS, expected, expected.astype(np.int64), expected.astype(bool),
                  expected.astype(np.uint16), np.asfortranarray(expected)]:
        board = puzzle.board(given)
        assert board.dtype == np.uint8 and board.shape == (4, 4)
        assert np.array_equal(board, expected)
        assert puzzle.solve(given).moves == 4
    assert puzzle.text(expected) == STATEMENT


def test_a_strided_view_is_read_as_its_own_cells():
    puzzle = flipgame.Puzzle()
    wide = np.zeros((4, 8), dtype=np.uint8)
    wide[:, ::2] = ROWS
    assert puzzle.text(wide[:, ::2]) == STATEMENT
    many = np.zeros((3, 4, 8), dtype=np.uint8)
    many[:, :, ::2] = ROWS
    assert list(puzzle.solve_many(many[:, :, ::2]).moves) == [4, 4, 4]


def test_answers_come_back_as_arrays():
    puzzle = flipgame.Puzzle()
    solution = puzzle.solve(STATEMENT)
    assert solution.tap_counts.dtype == np.uint8
    assert solution.tap_counts.tolist() == [[1, 0, 0, 0], [0, 1, 0, 1], [1, 0, 0, 0], [0] * 4]
    assert solution.board.tolist() == ROWS
    boards = solution.boards()
    assert boards.shape == (5, 4, 4) and not boards[-1].any()
    many = puzzle.solve_many([STATEMENT, "bwbw/wwww/bbwb/bwwb", "wwww/wwww/wwww/wwww"], taps=True)
    assert many.moves.dtype == np.int64 and many.moves.tolist() == [4, -1, 0]
    assert many.goal.tolist() == [0, -1, 0]
    assert many.optimal.tolist() == [True, True, True]
    assert many.taps.shape == (3, 4, 4) and many.taps[0].tolist() == solution.tap_counts.tolist()
    assert puzzle.solve_many([STATEMENT]).taps is None
    assert len(many) == 3 and len(puzzle.solve_many(np.zeros((0, 4, 4), np.uint8))) == 0


def test_k_colour_boards_are_digits_lists_or_arrays():
    puzzle = flipgame.Puzzle(3, states=3)
    board = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]], dtype=np.uint8)
    assert puzzle.text(board) == "012/120/201"
    solution = puzzle.solve("012/120/201")
    assert solution.moves == 4 and solution.tap_counts.sum() == 4
    assert solution.taps[0] == {"row": 2, "col": 2, "times": 2}


@pytest.mark.parametrize(
    "given, message",
    [
        ("bwxb/bbwb/bwwb/bwww", "board:1:3: expected 'b' or 'w', found 'x'"),
        ("bwwb/bbwb/bwwb", "board:1:15"),
        (np.zeros((4, 4), dtype=np.float64), "dtype float64"),
        (np.full((4, 4), 2, dtype=np.uint8), "row 1, column 1 holds 2: a piece is 0 (white) or 1 (black)"),
        (np.full((4, 4), -1, dtype=np.int64), "row 1, column 1 holds -1"),
        (np.full((4, 4), 257, dtype=np.int32), "holds 257"),
        (np.zeros((3, 4), dtype=np.uint8), "a board of 3 rows and 4 columns, but the puzzle's board is 4x4"),
        (np.zeros((4, 5), dtype=np.uint8), "a board of 4 rows and 5 columns, but the puzzle's board is 4x4"),
        (np.zeros((4,), dtype=np.uint8), "a board is a 2-D array (rows, columns), not 1-D"),
        (np.zeros((2, 4, 4), dtype=np.uint8), "for many boards use solve_many"),
        ([[0, 0, 0, 0]] * 3 + [[0, 0, 0]], "row 4 has 3 numbers"),
        ([[0, 1, 0, 5]] * 4, "row 1, column 4 holds 5"),
        (np.array([["a"] * 4] * 4), "dtype <U1 holds no colours"),
    ],
)
def test_a_bad_board_is_a_flipgame_error_that_says_where(given, message):
    with pytest.raises(FlipgameError) as caught:
        flipgame.Puzzle().solve(given)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_k_colour_piece_out_of_range_says_the_colours():
    with pytest.raises(FlipgameError, match=r"row 2, column 1 holds 3: a piece is 0 to 2"):
        flipgame.Puzzle(2, states=3).solve([[0, 0], [3, 0]])
    with pytest.raises(FlipgameError, match=r"board:1:2: expected"):
        flipgame.Puzzle(2, states=3).solve("03/00")


def test_a_value_that_is_no_board_is_a_type_error():
    for given in [5, None, 2.5, object()]:
        with pytest.raises(TypeError, match="a board is text"):
            flipgame.Puzzle().solve(given)


def test_bad_boards_among_many_say_which():
    puzzle = flipgame.Puzzle()
    with pytest.raises(FlipgameError, match=r"boards\[1\]:1:1"):
        puzzle.solve_many([STATEMENT, "xwww/wwww/wwww/wwww"])
    many = np.zeros((3, 4, 4), dtype=np.uint8)
    many[2, 3, 1] = 9
    with pytest.raises(FlipgameError, match=r"boards\[2\]: row 4, column 2 holds 9"):
        puzzle.solve_many(many)
    with pytest.raises(FlipgameError, match=r"3 dimensions \(boards, rows, columns\), not 2"):
        puzzle.solve_many(np.zeros((4, 4), dtype=np.uint8))
    with pytest.raises(FlipgameError, match=r"boards: a board of 3 rows"):
        puzzle.solve_many(np.zeros((2, 3, 4), dtype=np.uint8))
    with pytest.raises(FlipgameError, match=r"boards: a board of 4 rows and 3 columns"):
        puzzle.solve_many(np.zeros((2, 4, 3), dtype=np.uint8))
    with pytest.raises(TypeError, match="one text is one board"):
        puzzle.solve_many(STATEMENT)
    with pytest.raises(TypeError, match="iterable of boards"):
        puzzle.solve_many(7)


def test_a_solution_shows_its_board_by_text_or_by_size():
    assert repr(flipgame.Puzzle().solve(STATEMENT)).startswith(f"Solution(board='{STATEMENT}'")
    large = flipgame.Puzzle(60, goal="white").solve(np.ones((60, 60), dtype=np.uint8))
    expected = f"Solution(board='a 60x60 board', moves={large.moves}, goal='white', optimal=True)"
    assert repr(large) == expected
    assert repr(flipgame.Puzzle().solve("bwbw/wwww/bbwb/bwwb")).endswith("solvable=False)")
