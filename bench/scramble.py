#!/usr/bin/env python3
"""The boards the benchmarks solve, written from the rules' definitions (not flipgame's code).

    scramble.py RULE N K [SEED]

The N x N board that K distinct random taps (Python's generator, seed SEED, 7 by default) make
from all white under RULE (plus, x, box, sigma, lines, no wrap), one row of b/w a line. K = half
taps each cell with chance 1/2 (a uniform board among those all white can be reached from), and
K = on is the all-black board.
"""
import random
import sys

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
