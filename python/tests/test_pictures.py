"""Pictures: a solution draws itself as `explain --format svg` draws the same board, and a
notebook is never handed a picture too large to show."""

import subprocess
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

import flipgame

CASES = [
    # (constructor arguments, the same puzzle's flags, a board)
    (dict(), [], "bwwb/bbwb/bwwb/bwww"),
    (dict(), [], "bwbw/wwww/bbwb/bwwb"),
    (dict(size=5, rule="x", wrap=True), ["--size", "5x5", "--rule", "x", "--wrap"], "bwwww/wwwww/wwbww/wwwww/wwwwb"),
    (dict(size=3, states=3), ["--size", "3x3", "--states", "3"], "012/120/201"),
    (dict(size=2, rule="010/121/010", states=4), ["--size", "2x2", "--rule", "010/121/010", "--states", "4"], "01/00"),
]


@pytest.mark.parametrize("arguments, flags, board", CASES)
@pytest.mark.parametrize("tap_map", [False, True])
def test_a_solution_is_drawn_as_explain_draws_it(flipgame_bin, arguments, flags, board, tap_map):
    extra = ["--map"] if tap_map else []
    drawn = subprocess.run(
        [flipgame_bin, "explain", "--format", "svg", *flags, *extra, "--board", board],
        capture_output=True, text=True, check=True,
    ).stdout
    # The command line's heading says where the board was read; the module's has no place.
    expected = drawn.replace(", --board[1]:1)", ")")
    assert expected != drawn
    solution = flipgame.Puzzle(**arguments).solve(board)
    assert solution.svg(map=tap_map) == expected
    if not tap_map:
        assert solution._repr_svg_() == expected
    ElementTree.fromstring(expected.encode())


def test_a_proof_says_in_words_why_no_taps_finish_the_board():
    hopeless = flipgame.Puzzle().solve("bwbw/wwww/bbwb/bwwb")
    assert hopeless.proof_text.startswith("Every tap turns over an even number")
    assert "r1c1 r1c2 r1c4 r2c4 r3c1 r3c2 r3c3 r4c2" in hopeless.proof_text
    weighed = flipgame.Puzzle(2, rule="010/121/010", states=4).solve("01/00")
    assert weighed.proof_text.startswith("Weigh r1c1 by 2, r1c2 by 3, r2c1 by 1")
    assert flipgame.Puzzle().solve("bwwb/bbwb/bwwb/bwww").proof_text is None


def test_a_board_is_drawn_with_its_heading():
    picture = flipgame.Puzzle().svg("bwwb/bbwb/bwwb/bwww")
    root = ElementTree.fromstring(picture.encode())
    texts = "".join(root.itertext())
    assert "bwwb/bbwb/bwwb/bwww" in texts and "(id 9d98)" in texts and "Board" in texts
    assert picture.count('class="b"') + picture.count("class='b'") >= 1


def test_a_notebook_shows_a_short_walkthrough_else_the_tap_map_up_to_4096_cells():
    # 8x8: the start and 5 steps are 384 cells, drawn whole; 20x20 with dozens of taps and
    # 64x64 show their tap map alone (1 board), 65x65 the text form.
    small = flipgame.Puzzle(8, goal="white")
    solution = small.solve(small.random_boards(1, seed=1, moves=5)[0])
    assert solution._repr_svg_() == solution.svg()
    for side, shown in [(20, True), (64, True), (65, False)]:
        puzzle = flipgame.Puzzle(side, goal="white")
        board = np.zeros((side, side), dtype=np.uint8)
        for cell in range(0, side * side, 7):
            board = puzzle.tap(board, cell // side + 1, cell % side + 1)
        solution = puzzle.solve(board, search_time=0.5)
        assert solution.moves > 40
        picture = solution._repr_svg_()
        assert (picture is not None) == shown, side
        if shown:
            assert picture == solution.svg(map=True)
            assert len(picture) < 120 * side * side
        assert solution.svg(map=True).startswith("<?xml")
    # A board no taps finish shows its proof, the board and the weights: 2 boards.
    hopeless = flipgame.Puzzle(4).solve("bwbw/wwww/bbwb/bwwb")
    assert hopeless._repr_svg_() == hopeless.svg()


def test_a_long_walkthrough_draws_its_first_64_steps():
    # A random 50x50 board needs hundreds of taps: the picture draws the start and 64 steps
    # (162,500 cells, within the limit) and says the rest are not drawn.
    puzzle = flipgame.Puzzle(50, goal="white")
    taps = np.random.default_rng(2).integers(0, 2, size=(50, 50), dtype=np.uint8)
    board = np.zeros((50, 50), dtype=np.uint8)
    for r, c in zip(*np.nonzero(taps)):
        board = puzzle.tap(board, int(r) + 1, int(c) + 1)
    solution = puzzle.solve(board)
    assert solution.moves > 500
    picture = solution.svg()
    assert (
        f"The other {solution.moves - 64} taps are not drawn (the first 64 drawn); "
        "walkthrough() has every step." in picture
    )
    # A Python picture names no flag of the command line.
    assert "--" not in picture.replace("<!--", "").replace("-->", "")


def test_a_large_picture_is_text_in_a_notebook_and_refused_past_the_limit():
    puzzle = flipgame.Puzzle(300, goal="white")
    solution = puzzle.solve(np.ones((300, 300), dtype=np.uint8))
    assert solution._repr_svg_() is None
    with pytest.raises(flipgame.FlipgameError, match=r"a picture of \d+ cells is more than"):
        solution.svg()
    with pytest.raises(flipgame.FlipgameError, match=r"more than the 1048576 flipgame draws"):
        flipgame.Puzzle(1100).svg(np.zeros((1100, 1100), dtype=np.uint8))


def test_a_board_shown_in_a_notebook_is_its_svg():
    puzzle = flipgame.Puzzle()
    picture = puzzle.show("bwwb/bbwb/bwwb/bwww")
    assert isinstance(picture, flipgame.Picture)
    assert picture._repr_svg_() == str(picture) == picture.svg == puzzle.svg("bwwb/bbwb/bwwb/bwww")
    assert repr(picture) == f"Picture(svg of {len(picture.svg)} bytes)"
    with pytest.raises(flipgame.FlipgameError, match="more than the 1048576 flipgame draws"):
        flipgame.Puzzle(1025).show(np.zeros((1025, 1025), dtype=np.uint8))


def test_a_puzzle_in_a_notebook_shows_its_settings_and_what_a_tap_does():
    html = flipgame.Puzzle(5, "x", wrap=True, goal="black")._repr_html_()
    for row in ("<th>size</th><td>5x5</td>", "<th>rule</th><td>x</td>",
                "<th>wrap</th><td>True</td>", "<th>goal</th><td>black</td>",
                "<th>states</th><td>2</td>", "<th>rank</th>", "<th>nullity</th>"):
        assert row in html, row
    # The tap at the centre of a white 5x5 board under x: its four diagonal neighbours and
    # itself, drawn as the board svg() draws after that tap.
    tapped = flipgame.Puzzle(5, "x", wrap=True, goal="black").tap(np.zeros((5, 5), np.uint8), 3, 3)
    assert tapped.sum() == 5
    svg = flipgame.Puzzle(5, "x", wrap=True, goal="black").svg(tapped)
    assert svg.split("?>", 1)[1].strip() in html
    # Composite K has no rank; a board past what a notebook shows is not drawn.
    four = flipgame.Puzzle(3, rule="010/121/010", states=4)._repr_html_()
    assert "<th>states</th><td>4</td>" in four and "rank" not in four and "<svg" in four
    assert "<svg" not in flipgame.Puzzle(65)._repr_html_()
