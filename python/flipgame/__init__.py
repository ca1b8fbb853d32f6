"""flipgame: the Flip Game (POJ 1753) and its Lights Out family, solved exactly.

A puzzle is a board of pieces (two-sided, or of K colours), a tap rule, and a goal. Make one
with ``Puzzle``, then ``solve`` a board (text such as ``"bwwb/bbwb/bwwb/bwww"``, rows of
numbers, or a 2-D numpy array) or ``solve_many`` boards at once::

    >>> import flipgame
    >>> puzzle = flipgame.Puzzle()
    >>> puzzle.solve("bwwb/bbwb/bwwb/bwww").moves
    4

A puzzle on a graph (the sigma-plus game: a tap changes its vertex and the vertex's
neighbours) comes from ``from_edges``, ``from_adjacency`` or ``from_networkx``.
"""

from typing import Any, Iterable, Optional, Sequence, Tuple, Union

from ._flipgame import FlipgameError, ManySolutions, Picture, Puzzle, Solution, __version__

__all__ = [
    "FlipgameError",
    "ManySolutions",
    "Picture",
    "Puzzle",
    "Solution",
    "from_adjacency",
    "from_edges",
    "from_networkx",
    "__version__",
]

Goal = Union[str, int, None]


def from_edges(
    edges: Iterable[Tuple[int, int]],
    vertices: Optional[int] = None,
    *,
    goal: Goal = None,
    states: int = 2,
    search_time: Optional[float] = None,
) -> Puzzle:
    """The puzzle on the undirected graph of ``edges`` (pairs of vertices numbered from 0).

    ``vertices`` is the number of vertices (by default one more than the largest named). The
    board is one row, cell ``i`` the vertex ``i``; a tap changes its vertex and its neighbours.
    """
    pairs = [_edge(edge, index) for index, edge in enumerate(edges)]
    count = vertices if vertices is not None else 1 + max((max(pair) for pair in pairs), default=-1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise FlipgameError(f"vertices={count!r}: a graph has 1 vertex or more")
    taps: list = [[] for _ in range(count)]
    for index, (a, b) in enumerate(pairs):
        for vertex in (a, b):
            if vertex < 0 or vertex >= count:
                raise FlipgameError(
                    f"edges[{index}] = ({a}, {b}): the vertices are 0 to {count - 1}"
                )
        if a == b:
            raise FlipgameError(
                f"edges[{index}] = ({a}, {b}) is a loop: a tap always changes its own vertex, "
                "so leave loops out"
            )
        taps[a].append(b)
        taps[b].append(a)
    return Puzzle.from_lists(taps, goal=goal, states=states, search_time=search_time)


def from_adjacency(
    matrix: Any,
    *,
    goal: Goal = None,
    states: int = 2,
    search_time: Optional[float] = None,
) -> Puzzle:
    """The puzzle on the graph of a square 0/1 adjacency ``matrix`` (a numpy array or lists).

    Row ``i`` marks the vertices a tap on ``i`` changes, so a directed graph is a rule too. A tap
    always changes its own vertex: the diagonal is either all 0 (the adjacency matrix A) or all
    1 (the matrix of the taps, A + I, as the Lights Out literature writes it).
    """
    rows = [list(row) for row in matrix]
    taps = []
    for i, row in enumerate(rows):
        if len(row) != len(rows):
            raise FlipgameError(
                f"matrix: row {i} has {len(row)} entries, but the matrix has {len(rows)} rows: "
                "an adjacency matrix is square"
            )
        listed = []
        for j, entry in enumerate(row):
            if entry not in (0, 1):
                raise FlipgameError(f"matrix[{i}][{j}] is {entry!r}: entries are 0 or 1")
            if entry == 1 and j != i:
                listed.append(j)
        taps.append(listed)
    diagonal = {rows[i][i] for i in range(len(rows))}
    if len(diagonal) > 1:
        first = next(i for i in range(len(rows)) if rows[i][i] != rows[0][0])
        raise FlipgameError(
            f"matrix: the diagonal is {rows[0][0]} at [0][0] but {rows[first][first]} at "
            f"[{first}][{first}]: give A (all 0) or A + I (all 1), as a tap always changes its "
            "own vertex"
        )
    return Puzzle.from_lists(taps, goal=goal, states=states, search_time=search_time)


def from_networkx(
    graph: Any,
    *,
    goal: Goal = None,
    states: int = 2,
    search_time: Optional[float] = None,
) -> Puzzle:
    """The puzzle on a networkx graph, its vertices the board's cells in ``graph.nodes`` order.

    The puzzle keeps the nodes (``Puzzle.nodes``): a board may be ``{node: colour}``, and every
    cell an answer lists (its taps, walkthrough and record) names its ``node``. networkx itself
    is not needed: any object with ``nodes`` and ``edges`` of that shape will do. A directed
    graph's edge ``u -> v`` makes a tap on ``u`` change ``v``.
    """
    nodes: Sequence = list(graph.nodes)
    number = {node: index for index, node in enumerate(nodes)}
    directed = bool(getattr(graph, "is_directed", lambda: False)())
    taps: list = [[] for _ in nodes]
    for u, v in ((edge[0], edge[1]) for edge in graph.edges):
        if u == v:
            raise FlipgameError(
                f"the edge ({u!r}, {v!r}) is a loop: a tap always changes its own vertex, "
                "so leave loops out"
            )
        taps[number[u]].append(number[v])
        if not directed:
            taps[number[v]].append(number[u])
    return Puzzle.from_lists(
        taps, goal=goal, states=states, search_time=search_time, nodes=list(nodes)
    )


def _edge(edge: Any, index: int) -> Tuple[int, int]:
    """One edge as a pair of whole numbers, or the error that says which edge is not."""
    try:
        a, b = edge
    except (TypeError, ValueError):
        raise FlipgameError(f"edges[{index}] = {edge!r}: an edge is a pair of vertices") from None
    if not all(isinstance(v, int) and not isinstance(v, bool) or hasattr(v, "__index__") for v in (a, b)):
        raise FlipgameError(f"edges[{index}] = {edge!r}: vertices are numbered from 0")
    return int(a), int(b)
