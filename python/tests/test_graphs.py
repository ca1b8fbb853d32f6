"""Puzzles on graphs: an edge list, an adjacency matrix and a networkx graph of the same graph
make the same puzzle, and its answers are the oracle's."""

import itertools
import pickle

import numpy as np
import pytest

import flipgame

OUTER = [(i, (i + 1) % 5) for i in range(5)]
PETERSEN = OUTER + [(i, i + 5) for i in range(5)] + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]


class Graph:
    """What from_networkx reads of a graph, without networkx: nodes, edges, is_directed."""

    def __init__(self, nodes, edges, directed=False):
        self.nodes, self.edges, self._directed = nodes, edges, directed

    def is_directed(self):
        return self._directed


def closed_neighbourhoods(vertices, edges, directed=False):
    taps = [{v} for v in range(vertices)]
    for a, b in edges:
        taps[a].add(b)
        if not directed:
            taps[b].add(a)
    return taps


def fewest(taps, board, colours=(0, 1)):
    """Every set of vertices tapped: the fewest that make the board all one of `colours`."""
    best = None
    n = len(taps)
    for chosen in itertools.product((0, 1), repeat=n):
        after = list(board)
        for vertex in (v for v in range(n) if chosen[v]):
            for other in taps[vertex]:
                after[other] ^= 1
        if len(set(after)) == 1 and after[0] in colours:
            best = sum(chosen) if best is None else min(best, sum(chosen))
    return best


def test_the_petersen_graph_is_the_same_puzzle_however_it_is_given():
    matrix = np.zeros((10, 10), dtype=np.uint8)
    for a, b in PETERSEN:
        matrix[a, b] = matrix[b, a] = 1
    named = [f"v{i}" for i in range(10)]
    puzzles = [
        flipgame.from_edges(PETERSEN),
        flipgame.from_adjacency(matrix),
        # A + I: the matrix of the taps, each vertex changing itself, as papers write it.
        flipgame.from_adjacency(matrix + np.eye(10, dtype=np.uint8)),
        flipgame.from_networkx(Graph(named, [(f"v{a}", f"v{b}") for a, b in PETERSEN])),
    ]
    taps = closed_neighbourhoods(10, PETERSEN)
    for board in itertools.islice(itertools.product((0, 1), repeat=10), 0, 1024, 7):
        expected = fewest(taps, board)
        for puzzle in puzzles:
            assert puzzle.solve([list(board)]).moves == expected, board


def test_a_directed_graph_taps_along_its_edges():
    edges = [(0, 1), (1, 2), (2, 0), (2, 3)]
    puzzle = flipgame.from_networkx(Graph([0, 1, 2, 3], edges, directed=True), goal="white")
    taps = closed_neighbourhoods(4, edges, directed=True)
    for board in itertools.product((0, 1), repeat=4):
        assert puzzle.solve([list(board)]).moves == fewest(taps, board, (0,)), board


def test_a_graph_of_k_colours_presses_round_the_cycle():
    puzzle = flipgame.from_edges(OUTER, states=3, goal=0)
    assert puzzle.states == 3 and puzzle.rule == "graph"
    board = puzzle.random_boards(1, seed=4, moves=3)[0][0].astype(int)
    solution = puzzle.solve([board])
    assert solution.moves == 3
    for tap in solution.taps:
        v = tap["col"] - 1
        for other in (v, (v + 1) % 5, (v - 1) % 5):
            board[other] = (board[other] + tap["times"]) % 3
    assert not board.any()


def test_networkx_itself_when_it_is_installed():
    networkx = pytest.importorskip("networkx")
    puzzle = flipgame.from_networkx(networkx.petersen_graph(), goal="white")
    assert puzzle.nullity == flipgame.from_edges(PETERSEN).nullity
    assert puzzle.solve(np.ones((1, 10), np.uint8)).moves == 3


def test_a_graphs_board_may_be_one_dimensional():
    puzzle = flipgame.from_edges(PETERSEN)
    boards = np.random.default_rng(5).integers(0, 2, size=(20, 10), dtype=np.uint8)
    expected = [puzzle.solve([board.tolist()]).moves for board in boards]
    assert [puzzle.solve(board).moves for board in boards] == expected
    assert [puzzle.solve(board.tolist()).moves for board in boards] == expected
    batch = puzzle.solve_many(boards)
    assert batch.moves.tolist() == [-1 if m is None else m for m in expected]
    assert puzzle.solve_many(list(boards)).moves.tolist() == batch.moves.tolist()
    with pytest.raises(flipgame.FlipgameError, match=r"^board: a board of 1 row and 9 columns, but the puzzle.s board is 1x10"):
        puzzle.solve(boards[0][:9])
    with pytest.raises(flipgame.FlipgameError, match=r"^boards: a board of 1 row and 9 columns, but the puzzle.s board is 1x10"):
        puzzle.solve_many(boards[:, :9])
    # A puzzle of more rows takes none: a 1-D array would be a guess at its rows.
    grid = flipgame.Puzzle(4)
    with pytest.raises(flipgame.FlipgameError, match="not 1-D: a 1-D board is for a puzzle of one row"):
        grid.solve(np.zeros(16, dtype=np.uint8))
    with pytest.raises(flipgame.FlipgameError, match=r"has 3 dimensions \(boards, rows, columns\), not 2$"):
        grid.solve_many(np.zeros((2, 16), dtype=np.uint8))
    with pytest.raises(TypeError, match="a list of rows of numbers"):
        grid.solve([0] * 16)


def test_a_graph_given_with_labels_answers_in_them():
    # The grid graph of networkx's naming: nodes are (row, column) pairs, in a scrambled order.
    nodes = [(r, c) for r in range(3) for c in range(3)]
    nodes = nodes[4:] + nodes[:4]
    edges = [((r, c), (r, c + 1)) for r in range(3) for c in range(2)]
    edges += [((r, c), (r + 1, c)) for r in range(2) for c in range(3)]
    puzzle = flipgame.from_networkx(Graph(nodes, edges), goal="white")
    assert puzzle.nodes == nodes
    index = {node: i for i, node in enumerate(nodes)}
    taps = closed_neighbourhoods(9, [(index[a], index[b]) for a, b in edges])
    for bits in itertools.product((0, 1), repeat=9):
        board = {node: bits[i] for i, node in enumerate(nodes)}
        solution = puzzle.solve(board)
        assert solution.moves == fewest(taps, bits, (0,)), board
        # Each tap names its node, and tapping those nodes by the definition finishes it.
        after = dict(board)
        for tap in solution.taps:
            assert tap["node"] == nodes[tap["col"] - 1]
            (r, c) = tap["node"]
            for cell in [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]:
                if cell in after:
                    after[cell] ^= 1
        assert not any(after.values()), board
    solution = puzzle.solve({node: 1 for node in nodes})
    for step in solution.walkthrough():
        assert step["tap"]["node"] == nodes[step["tap"]["col"] - 1]
        assert [cell["node"] for cell in step["changed"]] == [
            nodes[cell["col"] - 1] for cell in step["changed"]
        ]
    assert [tap["node"] for tap in solution.to_dict()["taps"]] == [
        tap["node"] for tap in solution.taps
    ]
    boards = [{node: (i + j) % 2 for j, node in enumerate(nodes)} for i in range(2)]
    batch = puzzle.solve_many(boards)
    assert batch.moves.tolist() == [puzzle.solve(board).moves for board in boards]
    assert puzzle.text(boards[1]) == "bwbwbwbwb"


def test_a_labelled_board_names_the_node_it_lacks_or_does_not_know():
    puzzle = flipgame.from_networkx(Graph(["a", "b", "c"], [("a", "b"), ("b", "c")]))
    with pytest.raises(flipgame.FlipgameError, match=r"^board: node 'c' has no colour"):
        puzzle.solve({"a": 1, "b": 0})
    with pytest.raises(flipgame.FlipgameError, match=r"^board: 'd' is no node of the graph$"):
        puzzle.solve({"a": 1, "b": 0, "c": 1, "d": 1})
    with pytest.raises(flipgame.FlipgameError, match=r"^boards\[1\]: node 'a' has no colour"):
        puzzle.solve_many([{"a": 1, "b": 0, "c": 0}, {"b": 0}])
    # Numbered boards still read as they always did.
    assert puzzle.solve([1, 1, 1]).moves == puzzle.solve({"a": 1, "b": 1, "c": 1}).moves
    with pytest.raises(flipgame.FlipgameError, match=r"^nodes: 2 labels for a graph of 3"):
        flipgame.Puzzle.from_lists([[1], [0, 2], [1]], nodes=["a", "b"])
    with pytest.raises(flipgame.FlipgameError, match=r"^nodes\[2\] = 'a': the label appears twice$"):
        flipgame.Puzzle.from_lists([[1], [0, 2], [1]], nodes=["a", "b", "a"])
    with pytest.raises(flipgame.FlipgameError, match=r"^nodes\[1\] = \[1\]: a label is hashable"):
        flipgame.Puzzle.from_lists([[1], [0, 2], [1]], nodes=["a", [1], "c"])


def test_labels_are_part_of_the_puzzle():
    edges = [("a", "b"), ("b", "c")]
    labelled = flipgame.from_networkx(Graph(["a", "b", "c"], edges))
    assert labelled == flipgame.from_networkx(Graph(["a", "b", "c"], edges))
    assert labelled != flipgame.from_networkx(Graph(["x", "y", "z"], [("x", "y"), ("y", "z")]))
    assert labelled != flipgame.from_edges([(0, 1), (1, 2)])
    assert flipgame.from_edges([(0, 1), (1, 2)]).nodes is None
    assert flipgame.Puzzle(4).nodes is None
    # A pickle keeps them, and the answers a pickled solution gives.
    copy = pickle.loads(pickle.dumps(labelled))
    assert copy == labelled and copy.nodes == ["a", "b", "c"]
    solution = pickle.loads(pickle.dumps(labelled.solve({"a": 1, "b": 1, "c": 0})))
    assert [tap["node"] for tap in solution.taps] == ["a"]
