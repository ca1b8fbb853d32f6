"""The Python module's speed beside the command line's and beside galois (run by python.sh).

1. A million random 4x4 boards: one `solve_many` call on the array against `flipgame solve`
   streaming the same boards from a file (the boards are `gen --seed 1`'s, and the two give
   the same answers, checked). Medians of five runs; the CLI's include its process start.
2. A random 30x30 board that can be finished (random taps, seed 1), solved for all white: the module (a puzzle made and the
   board solved) against what a user writes with galois: the reduced row echelon form of
   [A | b] for a particular solution, the null space, and a loop over the null space's 2^20
   elements for the fewest taps. The tap matrix A is built from the rule's definition first,
   outside the time. Both minimums are checked equal.
3. A Python loop of one `solve()` a board against one `solve_many` of the same 2,000 random
   boards, at 4x4 to 30x30: microseconds a board, best of three, and their ratio.
"""

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import flipgame

CLI = os.environ["FLIPGAME_BIN"]


def median_time(work, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def many_boards():
    count = 1_000_000
    puzzle = flipgame.Puzzle()
    boards = puzzle.random_boards(count, seed=1)
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "boards.txt")
        with open(path, "w") as file:
            subprocess.run([CLI, "gen", "--count", str(count), "--seed", "1"], stdout=file, check=True)
        written = subprocess.run([CLI, "solve", path], capture_output=True, text=True, check=True)
        expected = [-1 if line == "Impossible" else int(line) for line in written.stdout.split()]
        assert puzzle.solve_many(boards).moves.tolist() == expected, "the answers differ"

        def stream(*flags):
            with open(os.devnull, "w") as sink:
                subprocess.run([CLI, "solve", *flags, path], stdout=sink, check=True)

        cli = median_time(stream, 5)
        cli_taps = median_time(lambda: stream("--taps"), 5)
    module = median_time(lambda: puzzle.solve_many(boards), 5)
    with_taps = median_time(lambda: puzzle.solve_many(boards, taps=True), 5)
    print(f"| 1,000,000 4x4 boards | `flipgame solve boards.txt` | {cli * 1000:.1f} ms |")
    print(f"| | `puzzle.solve_many(boards)` | {module * 1000:.1f} ms ({module / cli:.2f}x) |")
    print(f"| | `flipgame solve --taps boards.txt` | {cli_taps * 1000:.1f} ms |")
    print(f"| | `puzzle.solve_many(boards, taps=True)` | {with_taps * 1000:.1f} ms ({with_taps / cli_taps:.2f}x) |")


def tap_matrix(n):
    """The plus rule's taps on an n x n board: column j is what a tap on cell j turns over."""
    matrix = np.zeros((n * n, n * n), dtype=np.uint8)
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    matrix[(r + dr) * n + c + dc, r * n + c] = 1
    return matrix


def galois_minimum(galois, matrix, board):
    """The fewest taps by a galois user's recipe, or None when no taps finish the board."""
    field = galois.GF(2)
    cells = matrix.shape[0]
    a = field(matrix)
    augmented = np.hstack([a, field(board.reshape(-1, 1))])
    reduced = np.asarray(augmented.row_reduce(ncols=cells))
    particular = np.zeros(cells, dtype=np.uint8)
    for row in reduced:
        pivots = np.flatnonzero(row[:cells])
        if pivots.size == 0:
            if row[cells]:
                return None
            continue
        particular[pivots[0]] = row[cells]
    basis = np.asarray(a.null_space(), dtype=np.uint8)
    current = particular.copy()
    fewest = int(current.sum())
    for step in range(1, 2 ** len(basis)):
        current = current ^ basis[(step & -step).bit_length() - 1]
        fewest = min(fewest, int(current.sum()))
    return fewest


def large_board():
    n = 30
    matrix = tap_matrix(n)
    # A random board that can be finished: random taps on the all-white board (a uniform board
    # is impossible but for one in 2^20).
    taps = np.random.default_rng(1).integers(0, 2, size=n * n, dtype=np.uint8)
    board = (matrix.astype(np.int64) @ taps % 2).astype(np.uint8).reshape(n, n)
    answers = []

    def module():
        answers.append(flipgame.Puzzle(n, goal="white").solve(board).moves)

    module_time = median_time(module, 3)
    try:
        import galois
    except ImportError:
        print(f"| a 30x30 board | the module | {module_time * 1000:.1f} ms |")
        print("| | galois | not installed (it needs Python 3.10 or newer) |")
        return
    start = time.perf_counter()
    fewest = galois_minimum(galois, matrix, board.ravel())
    galois_time = time.perf_counter() - start
    assert fewest == answers[0], (fewest, answers[0])
    print(f"| a 30x30 board (nullity 20), {fewest} taps | `flipgame.Puzzle(30, goal=\"white\").solve(board)` | {module_time * 1000:.1f} ms |")
    print(f"| | galois {galois.__version__}: row_reduce, null_space, a loop over 2^20 | {galois_time:.2f} s ({galois_time / module_time:.0f}x) |")


def loop_against_batch():
    print()
    print("| board | a loop of `solve()` | one `solve_many` | ratio |")
    print("|:---|---:|---:|---:|")
    for side in (4, 5, 10, 20, 30):
        puzzle = flipgame.Puzzle(side)
        boards = puzzle.random_boards(2000, seed=1)
        puzzle.solve(boards[0])
        loop = min(timed(lambda: [puzzle.solve(board) for board in boards]) for _ in range(3))
        batch = min(timed(lambda: puzzle.solve_many(boards)) for _ in range(3))
        per = 1e6 / len(boards)
        print(f"| {side}x{side} | {loop * per:.1f} us | {batch * per:.2f} us | {loop / batch:.1f}x |")


def timed(work):
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main():
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} cores")
    print()
    print("| job | how | time |")
    print("|:---|:---|---:|")
    sys.stdout.flush()
    many_boards()
    large_board()
    loop_against_batch()


if __name__ == "__main__":
    main()
