"""Every fewest tap set of a board, two-sided or of K colours: against every tap set (press
count vector) tried from the rules' definitions (oracle.py's stencils, no code of flipgame's),
in the order solve prefers, the first solve's own; on large boards each one listed really
finishes the board in the fewest taps."""

import itertools

import numpy as np
import pytest

import flipgame
from oracle import reach


def every_fewest(rows, cols, rule, wrap, board, colours):
    """Every tap set (row-major 0/1 tuples) of the fewest taps that finishes `board`, in order."""
    effects = reach(rows, cols, rule, wrap)
    found = []
    for taps in itertools.product((0, 1), repeat=rows * cols):
        after = list(board)
        for cell, tapped in enumerate(taps):
            if tapped:
                for target in effects[cell]:
                    after[target] ^= 1
        if len(set(after)) == 1 and after[0] in colours:
            found.append(taps)
    if not found:
        return None, []
    fewest = min(sum(taps) for taps in found)
    return fewest, sorted(taps for taps in found if sum(taps) == fewest)


GOALS = {"either": (0, 1), "white": (0,), "black": (1,)}


@pytest.mark.parametrize(
    "rows, cols, rule, wrap",
    [(3, 3, "plus", False), (4, 4, "plus", False), (3, 4, "x", True), (2, 5, "lines", False),
     (4, 3, "box", False), (3, 4, "010/011/000", False)],
)
def test_every_fewest_tap_set_is_the_brute_forces_in_its_order(rows, cols, rule, wrap):
    rng = np.random.default_rng(rows * 10 + cols)
    tied = 0
    for goal, colours in GOALS.items():
        puzzle = flipgame.Puzzle((rows, cols), rule, wrap=wrap, goal=goal)
        drawn = rng.integers(0, 2, size=(200, rows, cols), dtype=np.uint8)
        # Three boards, and the first two with more than one fewest tap set (as the module
        # counts them: the oracle then checks them whole).
        ties = [b for b in drawn[3:] if puzzle.all_optimal(b, limit=0)["count"] > 1][:2]
        for board in list(drawn[:3]) + ties:
            fewest, expected = every_fewest(rows, cols, rule, wrap, board.reshape(-1).tolist(), colours)
            listed = puzzle.all_optimal(board)
            assert listed["moves"] == fewest
            assert listed["count"] == len(expected)
            assert [tuple(t.reshape(-1).tolist()) for t in listed["tap_counts"]] == expected
            if expected:
                assert np.array_equal(listed["tap_counts"][0], puzzle.solve(board).tap_counts)
            tied += len(expected) > 1
            first = puzzle.all_optimal(board, limit=1)
            assert first["count"] == len(expected) and len(first["tap_counts"]) == min(1, len(expected))
    # Where the null space is not 0, boards with ties were met and checked.
    assert tied or flipgame.Puzzle((rows, cols), rule, wrap=wrap).nullity == 0


def test_on_a_large_board_each_listed_tap_set_finishes_it_in_the_fewest():
    puzzle = flipgame.Puzzle(30, goal="white")  # nullity 20: 2^20 tap sets walked
    board = puzzle.random_boards(1, seed=3, moves=80)[0]
    listed = puzzle.all_optimal(board, limit=50)
    assert listed["moves"] == puzzle.solve(board).moves == 80
    tap_counts = listed["tap_counts"]
    assert 1 <= len(tap_counts) == min(50, listed["count"])
    matrix = puzzle.tap_matrix().astype(np.int64)
    for taps in tap_counts:
        assert taps.sum() == 80
        assert not ((board.reshape(-1) + taps.reshape(-1) @ matrix) % 2).any()
    rows = [tuple(t.reshape(-1)) for t in tap_counts]
    assert rows == sorted(set(rows))


def every_fewest_presses(rows, cols, rule, wrap, states, board, colours):
    """Every press count vector of the fewest presses that finishes `board`, in order."""
    effects = reach(rows, cols, rule, wrap)
    found = []
    for presses in itertools.product(range(states), repeat=rows * cols):
        after = list(board)
        for cell, times in enumerate(presses):
            if times:
                for target, weight in effects[cell].items():
                    after[target] = (after[target] + weight * times) % states
        if len(set(after)) == 1 and after[0] in colours:
            found.append(presses)
    if not found:
        return None, []
    fewest = min(sum(p) for p in found)
    return fewest, sorted(p for p in found if sum(p) == fewest)


@pytest.mark.parametrize(
    "rows, cols, rule, wrap, states, goal",
    [(2, 3, "plus", True, 3, "any"), (2, 3, "010/121/010", False, 4, 0), (2, 3, "plus", False, 4, "any"),
     (2, 3, "x", True, 6, "any"), (2, 4, "plus", True, 2 * 2, 1), (3, 2, "box", False, 3, "any")],
)
def test_every_fewest_press_vector_of_k_colours_is_the_brute_forces(rows, cols, rule, wrap, states, goal):
    puzzle = flipgame.Puzzle((rows, cols), rule, wrap=wrap, states=states, goal=goal)
    colours = tuple(range(states)) if goal == "any" else (goal,)
    rng = np.random.default_rng(states * 100 + rows * 10 + cols)
    drawn = rng.integers(0, states, size=(100, rows, cols), dtype=np.uint8)
    ties = [b for b in drawn[4:] if puzzle.all_optimal(b, limit=0)["count"] > 1][:2]
    for board in list(drawn[:4]) + ties:
        fewest, expected = every_fewest_presses(
            rows, cols, rule, wrap, states, board.reshape(-1).tolist(), colours
        )
        listed = puzzle.all_optimal(board)
        assert (listed["moves"], listed["count"]) == (fewest, len(expected)), board
        assert [tuple(t.reshape(-1).tolist()) for t in listed["tap_counts"]] == expected
        if expected:
            assert np.array_equal(listed["tap_counts"][0], puzzle.solve(board).tap_counts)


def test_what_cannot_be_listed_says_why():
    impossible = flipgame.Puzzle().all_optimal("bwbw/wwww/bbwb/bwwb")
    assert (impossible["moves"], impossible["count"], impossible["tap_counts"].shape) == (None, 0, (0, 4, 4))
    with pytest.raises(flipgame.FlipgameError, match=r"^all_optimal: the null space has dimension 32: walking its 2\^32"):
        flipgame.Puzzle(39).all_optimal(np.ones((39, 39), np.uint8))
    with pytest.raises(flipgame.FlipgameError, match=r"^all_optimal: \d+ press counts change nothing: walking them all is past the 2\^26"):
        flipgame.Puzzle(12, wrap=True, states=6, goal="any").all_optimal(np.zeros((12, 12), np.uint8) + 1)
