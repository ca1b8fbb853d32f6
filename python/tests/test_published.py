"""Answers checked against published figures: the judges' sample answers and OEIS A075464."""

import numpy as np

import flipgame

# OEIS A075464: the fewest presses that turn off every light of the n x n Lights Out board
# with all lights on (oeis.org/A075464), n = 1 to 30, typed in from the sequence.
A075464 = [1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224,
           245, 276, 231, 270, 353, 356, 405, 416, 345, 376]


def test_all_on_boards_need_oeis_a075464_presses():
    for n, expected in enumerate(A075464, start=1):
        puzzle = flipgame.Puzzle(n, goal="white")
        solution = puzzle.solve(np.ones((n, n), dtype=np.uint8))
        assert (n, solution.moves, solution.optimal) == (n, expected, True)


def test_the_flip_game_statement_samples():
    # POJ 1753's sample: 4 taps; and a board with no answer ("Impossible").
    puzzle = flipgame.Puzzle()
    assert puzzle.solve("bwwb/bbwb/bwwb/bwww").moves == 4
    assert puzzle.solve("bwbw/wwww/bbwb/bwwb").solvable is False


def test_the_flip_game_has_4096_solvable_boards_and_gods_number_6():
    # 65,536 boards, rank 12 of the 16x16 tap matrix over GF(2) (4 quiet tap sets), and the
    # hardest boards need 6 taps: the facts every write-up of POJ 1753 derives.
    puzzle = flipgame.Puzzle()
    stats = puzzle.stats()
    assert (stats["positions"], stats["solvable"], stats["max_moves"]) == (65536, 4096, 6)
    assert (puzzle.rank, puzzle.nullity) == (12, 4)
    assert puzzle.solve(stats["hardest"]).moves == 6


def test_the_classic_5x5_lights_out_has_nullity_2():
    # Anderson and Feil, "Turning Lights Out with Linear Algebra": the 25x25 matrix has rank 23.
    puzzle = flipgame.Puzzle(5)
    assert (puzzle.rank, puzzle.nullity) == (23, 2)
    quiet = puzzle.quiet_tap_sets()
    assert quiet.shape == (2, 5, 5)
    for taps in quiet:
        board = np.zeros((5, 5), dtype=np.uint8)
        for r, c in zip(*np.nonzero(taps)):
            board = puzzle.tap(board, int(r) + 1, int(c) + 1)
        assert not board.any()
