"""The answers of small puzzles from the rules' definitions alone, sharing no code with flipgame.

A tap (a press, for pieces of K colours) adds its weight, mod K, to every cell its rule
reaches. Every count of taps on every cell is tried: the fewest that turn a board into a
finished one is its answer, and a board none turn into one is impossible.
"""

import itertools

# The named rules, as flipgame's guide and the puzzles' statements define them: a stencil
# centred on the tapped piece.
STENCILS = {
    "plus": ["010", "111", "010"],  # the piece and its four orthogonal neighbours (POJ 1753)
    "x": ["101", "010", "101"],  # the piece and its four diagonal neighbours
    "box": ["111", "111", "111"],  # the piece and all eight neighbours
    "sigma": ["010", "101", "010"],  # the four orthogonal neighbours, not the piece
}


def reach(rows, cols, rule, wrap):
    """For each cell (row-major), the weight a tap there adds at each cell it reaches."""
    effects = []
    for r in range(rows):
        for c in range(cols):
            weights = {}
            if rule == "lines":  # the piece's whole row and whole column (POJ 2965)
                for k in range(cols):
                    weights[r * cols + k] = 1
                for k in range(rows):
                    weights[k * cols + c] = 1
            else:
                stencil = STENCILS.get(rule, rule.split("/"))
                height, width = len(stencil), len(stencil[0])
                for i, line in enumerate(stencil):
                    for j, digit in enumerate(line):
                        if digit == "0":
                            continue
                        tr, tc = r + i - height // 2, c + j - width // 2
                        if wrap:
                            tr, tc = tr % rows, tc % cols
                        elif not (0 <= tr < rows and 0 <= tc < cols):
                            continue
                        weights[tr * cols + tc] = int(digit)
            effects.append(weights)
    return effects


class Oracle:
    """Every tap count of a small puzzle tried, and the fewest kept for each change it makes."""

    def __init__(self, rows, cols, rule="plus", wrap=False, states=2):
        self.rows, self.cols, self.states = rows, cols, states
        self.effects = reach(rows, cols, rule, wrap)
        cells = rows * cols
        self.fewest = {}
        for counts in itertools.product(range(states), repeat=cells):
            change = [0] * cells
            for cell, times in enumerate(counts):
                if times:
                    for target, weight in self.effects[cell].items():
                        change[target] = (change[target] + weight * times) % states
            key = tuple(change)
            presses = sum(counts)
            if key not in self.fewest or presses < self.fewest[key]:
                self.fewest[key] = presses

    def moves(self, board, colors):
        """The fewest taps that make ``board`` (row-major numbers) all one of ``colors``."""
        found = []
        for color in colors:
            need = tuple((color - value) % self.states for value in board)
            if need in self.fewest:
                found.append(self.fewest[need])
        return min(found) if found else None

    def apply(self, board, counts):
        """``board`` after the taps ``counts`` (row-major)."""
        after = list(board)
        for cell, times in enumerate(counts):
            for target, weight in self.effects[cell].items():
                after[target] = (after[target] + weight * times) % self.states
        return after

    def proves(self, board, weights, colors):
        """True when ``weights`` prove no taps make ``board`` all one of ``colors``: no tap
        changes the weighted sum mod K, and the board's sum is no finished board's."""
        k = self.states
        for effect in self.effects:
            if sum(weights[target] * weight for target, weight in effect.items()) % k:
                return False
        board_sum = sum(w * v for w, v in zip(weights, board)) % k
        return all(board_sum != (color * sum(weights)) % k for color in colors)

    def boards(self):
        """Every board, row-major."""
        return itertools.product(range(self.states), repeat=self.rows * self.cols)
