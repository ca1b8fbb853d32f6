#!/usr/bin/env python3
"""The scrambled boards the benchmarks solve, written from the rules' definitions (not
flipgame's code); uniform random boards come from `flipgame gen --seed`.

    scramble.py RULE N K [SEED]
    scramble.py --states STATES STENCIL N COUNT

The N x N board that K distinct random taps (Python's generator, seed SEED, 7 by default) make
from all white under RULE (plus, x, box, sigma, lines, no wrap), one row of b/w a line. K = half
taps each cell with chance 1/2 (a uniform board among those all white can be reached from), and
K = on is the all-black board.

With --states: COUNT boards of STATES states, each made from all 0 by N*N taps of STENCIL (rows
of digit weights, such as 010/121/010) at random cells (seed 7), a blank line after each.
"""
import random
import sys


def states_boards(states, stencil, n, count):
    rows = stencil.split("/")
    random.seed(7)
    for _ in range(count):
        board = [[0] * n for _ in range(n)]
        for _ in range(n * n):
            r, c = random.randrange(n), random.randrange(n)
            for dr, row in enumerate(rows):
                for dc, weight in enumerate(row):
                    rr, cc = r + dr - len(rows) // 2, c + dc - len(row) // 2
                    if 0 <= rr < n and 0 <= cc < n:
                        board[rr][cc] = (board[rr][cc] + int(weight)) % states
        sys.stdout.write("".join("".join("0123456789"[x] for x in row) + "\n" for row in board)
                         + "\n")


if sys.argv[1] == "--states":
    states_boards(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    sys.exit()
rule, n, k = sys.argv[1], int(sys.argv[2]), sys.argv[3]
random.seed(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
if k == "on":
    sys.stdout.write(("b" * n + "\n") * n)
    sys.exit()
cells = range(n * n)
taps = [t for t in cells if random.random() < 0.5] if k == "half" else random.sample(cells, int(k))
STENCILS = {
    "plus": [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)],
    "sigma": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "x": [(0, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)],
    "box": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)],
}
lit = [[False] * n for _ in range(n)]
for tap in taps:
    r, c = divmod(tap, n)
    if rule == "lines":
        # The whole row and column, the tapped piece once.
        turned = {(r, j) for j in range(n)} | {(i, c) for i in range(n)}
    else:
        turned = {(r + dr, c + dc) for dr, dc in STENCILS[rule]
                  if 0 <= r + dr < n and 0 <= c + dc < n}
    for i, j in turned:
        lit[i][j] = not lit[i][j]
sys.stdout.write("".join("".join("b" if x else "w" for x in row) + "\n" for row in lit))
