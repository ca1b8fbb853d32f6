"""Types of flipgame's native module (re-exported by ``flipgame``)."""

from typing import Any, Callable, Dict, Iterable, List, Literal, Optional, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

Board = Union[str, List[List[int]], List[int], Dict[Any, int], npt.NDArray[Any]]
"""A board: flipgame's text (``"bwwb/bbwb/bwwb/bwww"``, digits for K colours), rows of colour
numbers, or a 2-D numpy array of them (0 white and 1 black; 0 to K - 1); a graph's a list or
1-D array, or ``{node: colour}`` where the puzzle has node labels."""

Boards = Union[npt.NDArray[Any], Iterable[Board]]
"""Many boards: a 3-D numpy array (boards, rows, columns), or an iterable of boards."""

Goal = Union[str, int, None]
"""``"either"``, ``"white"`` or ``"black"``; for K colours a colour number or ``"any"``."""

class FlipgameError(ValueError):
    """A puzzle, board or request flipgame cannot use; the message says where and why."""

class Puzzle:
    """A puzzle of the Flip Game's family (size, rule, wrap, goal, states) and its solver."""

    def __init__(
        self,
        size: Union[int, Tuple[int, int], str, None] = None,
        rule: Optional[str] = None,
        *,
        wrap: bool = False,
        goal: Goal = None,
        states: int = 2,
        rule_json: Optional[str] = None,
        search_time: Optional[float] = None,
    ) -> None:
        """Makes a puzzle: ``size`` is ``n``, ``(rows, cols)`` or ``"RxC"`` (4x4 by default);
        ``rule`` a named rule (``plus``, ``x``, ``box``, ``sigma``, ``lines``) or a stencil such
        as ``"010/111/010"``; ``rule_json`` a rule file's JSON instead; ``search_time`` the
        seconds one board's search may take past the exact limit."""
    @staticmethod
    def from_lists(
        taps: List[List[int]],
        *,
        goal: Goal = None,
        states: int = 2,
        search_time: Optional[float] = None,
        nodes: Optional[List[Any]] = None,
    ) -> "Puzzle":
        """A puzzle on a graph: ``taps[i]`` lists the vertices a tap on ``i`` changes besides
        ``i`` (the board is one row, a cell a vertex); ``nodes`` labels the vertices, so a
        board may be ``{node: colour}`` and answers name each cell's ``node``."""
    def __eq__(self, other: object) -> bool:
        """Puzzles are equal when they are the same puzzle: size, rule, wrap, goal, states
        and search time."""
    def __hash__(self) -> int:
        """Equal puzzles hash alike."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """What pickle keeps of a puzzle: its definition."""
    @staticmethod
    def _restore(
        size: Tuple[int, int],
        rule: str,
        graph: Optional[str],
        wrap: bool,
        goal: Goal,
        states: int,
        search_time: Optional[float],
        nodes: Optional[List[Any]] = None,
    ) -> "Puzzle":
        """The puzzle ``__reduce__`` kept (pickle's way back)."""
    @property
    def rows(self) -> int:
        """The number of rows."""
    @property
    def cols(self) -> int:
        """The number of columns."""
    @property
    def shape(self) -> Tuple[int, int]:
        """``(rows, cols)``, as a board array's shape."""
    @property
    def states(self) -> int:
        """The colours a piece has: 2 for two-sided pieces."""
    @property
    def rule(self) -> str:
        """The rule's label: its name, its stencil, ``rule_json`` or ``graph``."""
    @property
    def wrap(self) -> bool:
        """Whether the edges wrap around."""
    @property
    def goal(self) -> Union[str, int]:
        """The goal, as given to the constructor."""
    @property
    def search_time(self) -> Optional[float]:
        """The seconds one board's search may take past the exact limit, or ``None``."""
    @property
    def nodes(self) -> Optional[List[Any]]:
        """A graph's node labels, the cells in order, or ``None`` where cells are numbered."""
    def board(self, board: Board) -> npt.NDArray[np.uint8]:
        """The board as a 2-D ``uint8`` array of colour numbers."""
    def text(self, board: Board) -> str:
        """The board in flipgame's text form."""
    def tap(self, board: Board, row: int, col: int) -> npt.NDArray[np.uint8]:
        """The board after a tap at ``row``, ``col`` (both from 1)."""
    @overload
    def solve(
        self,
        board: Board,
        *,
        search_time: Optional[float] = None,
        progress: Optional[Callable[[str, int, int], object]] = None,
        shard: None = None,
    ) -> "Solution":
        """The fewest taps that finish ``board``, or the proof that none do; Ctrl-C stops it,
        ``progress(stage, done, total)`` hears a long search about ten times a second, and
        ``search_time`` is this board's in place of the puzzle's. With ``shard=(k, n)``, share
        ``k`` of the search split ``n`` ways: the shard's record, for ``merge``."""
    @overload
    def solve(
        self,
        board: Board,
        *,
        progress: Optional[Callable[[str, int, int], object]] = None,
        shard: Tuple[int, int],
    ) -> Dict[str, Any]: ...
    def all_optimal(
        self,
        board: Board,
        *,
        limit: int = 1000,
        progress: Optional[Callable[[str, int, int], object]] = None,
    ) -> Dict[str, Any]:
        """Every tap set of the fewest taps: ``moves``, ``count`` (exact) and the first
        ``limit`` as ``tap_counts`` (3-D; press counts for K colours), ``solve``'s own first."""
    def merge(
        self,
        records: Iterable[Dict[str, Any]],
        *,
        progress: Optional[Callable[[str, int, int], object]] = None,
    ) -> "Solution":
        """The answer every shard's record of one board gives together: ``solve``'s own, each
        record checked against this puzzle and each count recounted from its key."""
    def solve_many(
        self,
        boards: Boards,
        *,
        taps: bool = False,
        search_time: Optional[float] = None,
        progress: Optional[Callable[[str, int, int], object]] = None,
    ) -> "ManySolutions":
        """The fewest taps of many boards at once, on every core, the GIL let go; Ctrl-C stops
        it, ``progress("answering the boards", done, total)`` hears how far it is, and
        ``search_time`` is each board's in place of the puzzle's."""
    def random_boards(
        self,
        count: int = 1,
        *,
        seed: Optional[int] = None,
        moves: Optional[int] = None,
        impossible: bool = False,
        unique: bool = False,
    ) -> npt.NDArray[np.uint8]:
        """``count`` random boards (3-D array), the very boards ``flipgame gen --seed`` writes."""
    @overload
    def tap_matrix(self, *, sparse: Literal[False] = False) -> npt.NDArray[np.uint8]:
        """The tap matrix: ``[t, c]`` is what a tap on cell ``t`` adds to cell ``c`` (cells
        row by row from 0), so taps ``x`` turn ``board`` into ``(board + x @ m) % states``;
        ``sparse=True`` gives ``(values, (taps, cells))`` for ``scipy.sparse.coo_array``."""
    @overload
    def tap_matrix(
        self, *, sparse: Literal[True]
    ) -> Tuple[npt.NDArray[np.uint8], Tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]: ...
    @property
    def rank(self) -> int:
        """The rank of the tap matrix (over GF(2), or Z_K for a prime K)."""
    @property
    def nullity(self) -> int:
        """The nullity of the tap matrix (over GF(2), or Z_K for a prime K)."""
    def quiet_tap_sets(self) -> npt.NDArray[np.uint8]:
        """Generators of the tap sets that change no piece, as a 3-D array of tap counts."""
    def quiet_orders(self) -> List[int]:
        """The order of each of ``quiet_tap_sets()``."""
    def quiet_patterns(self) -> npt.NDArray[np.uint8]:
        """Generators of the quiet patterns (weights no tap changes the sum of), 3-D."""
    def stats(self) -> Dict[str, Any]:
        """Every board explored: ``positions``, ``solvable``, ``impossible``, ``histogram``,
        ``max_moves`` (God's number), ``mean_moves``, ``hardest``."""
    def svg(self, board: Board) -> str:
        """The board drawn as an SVG document."""
    def show(self, board: Board) -> "Picture":
        """The board drawn as a picture a notebook shows."""
    def _repr_html_(self) -> str:
        """What a notebook shows of the puzzle: its settings, and what a tap does."""

class Solution:
    """The fewest taps that finish a board, or the proof that none do."""

    @property
    def solvable(self) -> bool:
        """True when some taps finish the board."""
    @property
    def moves(self) -> Optional[int]:
        """The fewest taps, or ``None`` when no taps finish the board."""
    @property
    def goal(self) -> Union[str, int, None]:
        """The colour the taps finish the board in."""
    @property
    def optimal(self) -> bool:
        """True when ``moves`` is proven the fewest."""
    @property
    def lower_bound(self) -> Optional[int]:
        """No taps fewer than this finish the board."""
    @property
    def taps(self) -> Optional[List[Dict[str, Any]]]:
        """The taps as ``solve --format json`` lists them (``row``, ``col`` from 1; ``times``),
        with each one's ``node`` where the puzzle has node labels."""
    @property
    def tap_counts(self) -> npt.NDArray[np.uint8]:
        """How many times each cell is tapped, as a 2-D array."""
    @property
    def board(self) -> npt.NDArray[np.uint8]:
        """The board solved, as a 2-D array."""
    @property
    def proof(self) -> Optional[Dict[str, Any]]:
        """Why no taps finish the board, as the command line's JSON gives it, or ``None``."""
    @property
    def proof_weights(self) -> Optional[npt.NDArray[np.uint8]]:
        """The proof's cell weights as a 2-D array, or ``None``."""
    @property
    def proof_text(self) -> Optional[str]:
        """The proof's argument in words, its cells listed, or ``None``."""
    def to_dict(self) -> Dict[str, Any]:
        """The record ``solve --format json`` writes, without ``index`` and ``source``."""
    def walkthrough(self) -> List[Dict[str, Any]]:
        """Every step: ``tap`` (the cell), ``changed`` (the cells it changes), ``board`` (after
        it), the same keys for either kind of piece."""
    def boards(self) -> npt.NDArray[np.uint8]:
        """The board and the board after each tap, as a 3-D array."""
    def svg(self, map: bool = False) -> str:
        """The walkthrough (or the tap map), or the proof, as ``explain --format svg`` draws it."""
    def _repr_svg_(self) -> Optional[str]:
        """The picture Jupyter shows, or ``None`` when it would be too large."""
    @staticmethod
    def _restore(
        puzzle: Puzzle,
        board: npt.NDArray[np.uint8],
        solution: Optional[Tuple[List[int], int, bool, int]],
    ) -> "Solution":
        """The answer pickle kept, made again without a search."""

class ManySolutions:
    """The answers of a batch of boards as arrays, in the boards' order."""

    moves: npt.NDArray[np.int64]
    """The fewest taps of each board, -1 where no taps finish it."""
    goal: npt.NDArray[np.int16]
    """The colour each board is finished in (0 white, 1 black, or a colour number), or -1."""
    optimal: npt.NDArray[np.bool_]
    """True where the count is proven the fewest."""
    lower_bound: npt.NDArray[np.int64]
    """No taps fewer than this finish each board (the count where proven), -1 where none do."""
    taps: Optional[npt.NDArray[np.uint8]]
    """With ``taps=True``, each board's tap counts as a 3-D array; else ``None``."""
    def __len__(self) -> int: ...
    def columns(self) -> Dict[str, npt.NDArray[Any]]:
        """``moves``, ``goal``, ``optimal`` and ``lower_bound``, as a dict a DataFrame takes."""
    def to_pandas(self) -> Any:
        """The answers as a pandas DataFrame, a row a board (needs pandas)."""
    def to_polars(self) -> Any:
        """The answers as a polars DataFrame, a row a board (needs polars)."""
    @staticmethod
    def _restore(
        moves: npt.NDArray[np.int64],
        goal: npt.NDArray[np.int16],
        optimal: npt.NDArray[np.bool_],
        lower_bound: npt.NDArray[np.int64],
        taps: Optional[npt.NDArray[np.uint8]],
    ) -> "ManySolutions":
        """The batch pickle kept."""

class Picture:
    """An SVG picture that Jupyter shows as one; ``str()`` of it is the SVG document."""

    @property
    def svg(self) -> str:
        """The SVG document."""
    def _repr_svg_(self) -> str:
        """The picture Jupyter shows."""
