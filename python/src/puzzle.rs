//! `flipgame.Puzzle`: a puzzle (size, rule, wrap, goal, states) with its exact solver, made once
//! and shared by every answer it gives. The one place the module chooses the kind of piece is
//! [`Puzzle::new`] (with [`Puzzle::from_lists`]): `states=2` is two-sided pieces, more is K
//! colours; every method after it is written once, through [`by_kind`].

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::Arc;
use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray3};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use flipgame::figure::explain::heading;
use flipgame::figure::{Block, Figure, Target, svg};
use flipgame::generate::{Pool, Wanted};
use flipgame::grid::{MAX_SIDE, Shape};
use flipgame::kind::{KStates, Kind, TwoStates};
use flipgame::notation::MOST_STATES;
use flipgame::puzzle::{Goal, Puzzle as TwoPuzzle, StateGoal, StatePuzzle};
use flipgame::rule::{Graph, Rule};
use flipgame::solve::{AllOptimalError, Taps};
use flipgame::stats::Explored;

use crate::answer::{Answer, Kept, MOST_DRAWN_CELLS, MOST_SHOWN_CELLS, ManySolutions, Solution};
use crate::boards::{board_array, read_board, room_for, solve_boards, stack_arrays};
use crate::errors::{
    flip_error, names, pool_error, puzzle_error, python_bool, rule_error, rule_file_error,
    state_puzzle_error,
};
use crate::facts;
use crate::held::{AnyCore, Core, Puzzle};
use crate::interrupt::watched;
use crate::kinds::{Kinded, by_kind};
use crate::labels::{self, Nodes};
use crate::picture::Picture;
use crate::shards;
use flipgame::figure::explain::ExplainKind;
use flipgame::settings::Advice;

/// Two-sided pieces, the Flip Game's own.
const DEFAULT_STATES: u32 = 2;

/// Why a puzzle of K colours takes no shards.
const SHARDS_ARE_TWO_SIDED: &str = "shard= and merge split the search of two-sided pieces: a \
     puzzle of K colours searches each board whole";

/// The most cells `random_boards` deals in one call (boards times cells): 256 MB of arrays.
const MOST_DEALT_CELLS: u64 = 1 << 28;

#[pymethods]
impl Puzzle {
    /// Makes a puzzle: `size` is `n`, `(rows, cols)` or `"RxC"` (4x4 when neither it nor a rule
    /// file says); `rule` a named rule (`plus`, `x`, `box`, `sigma`, `lines`) or a stencil such
    /// as `"010/111/010"`; `rule_json` a rule file's JSON instead; `goal` `"either"`, `"white"`
    /// or `"black"`, or for `states` K a colour number or `"any"`; `search_time` the seconds
    /// one board's search may take past the exact limit.
    #[new]
    #[pyo3(signature = (size=None, rule=None, *, wrap=false, goal=None, states=None, rule_json=None, search_time=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        size: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
        wrap: bool,
        goal: Option<&Bound<'_, PyAny>>,
        states: Option<&Bound<'_, PyAny>>,
        rule_json: Option<&str>,
        search_time: Option<f64>,
    ) -> PyResult<Puzzle> {
        let states = read_states(states)?;
        let size = size.map(read_size).transpose()?;
        let (shape, rule) = match (rule, rule_json) {
            (Some(_), Some(_)) => {
                return Err(flip_error(
                    "give rule or rule_json, not both: a rule file lists every cell's taps itself",
                ));
            }
            (_, Some(text)) => {
                let graph = Graph::from_json(text, "rule_json").map_err(|e| rule_file_error(&e))?;
                (size.unwrap_or(graph.shape()), Rule::Graph(graph))
            }
            (rule, None) => {
                let text = rule.unwrap_or("plus");
                let rule = Rule::parse(text)
                    .map_err(|error| rule_error(&python_repr(py, text), &error))?;
                (size.unwrap_or(Shape::FLIP_GAME), rule)
            }
        };
        Puzzle::of_kind(py, (shape, rule, wrap), goal, states, (search_time, None))
    }

    /// A puzzle on a graph given as lists: `taps[i]` lists the vertices a tap on vertex `i`
    /// changes besides itself (the board is one row, a cell a vertex). `nodes`, one label a
    /// vertex, lets boards be `{node: colour}` and names the node of every cell an answer
    /// lists. `flipgame.from_edges`, `from_adjacency` and `from_networkx` build these lists.
    #[staticmethod]
    #[pyo3(signature = (taps, *, goal=None, states=None, search_time=None, nodes=None))]
    fn from_lists(
        py: Python<'_>,
        taps: Vec<Vec<i64>>,
        goal: Option<&Bound<'_, PyAny>>,
        states: Option<&Bound<'_, PyAny>>,
        search_time: Option<f64>,
        nodes: Option<Vec<Py<PyAny>>>,
    ) -> PyResult<Puzzle> {
        let states = read_states(states)?;
        let vertices = taps.len();
        let shape = u32::try_from(vertices)
            .ok()
            .and_then(|cols| Shape::new(1, cols))
            .ok_or_else(|| {
                flip_error(format!(
                    "a graph of {vertices} vertices: flipgame's boards have from 1 to {MAX_SIDE} \
                     cells in a row"
                ))
            })?;
        let mut lists = Vec::with_capacity(vertices);
        for (vertex, changed) in taps.into_iter().enumerate() {
            let mut list = vec![vertex as u32];
            for other in changed {
                match u32::try_from(other) {
                    Ok(other) if (other as usize) < vertices && other as usize != vertex => {
                        list.push(other)
                    }
                    _ if other == vertex as i64 => {
                        return Err(flip_error(format!(
                            "vertex {vertex} lists itself: a tap always changes its own vertex, \
                             so leave it out (an adjacency matrix's diagonal is 0)"
                        )));
                    }
                    _ => {
                        return Err(flip_error(format!(
                            "vertex {vertex} lists {other}: the vertices are 0 to {}",
                            vertices - 1
                        )));
                    }
                }
            }
            lists.push(list);
        }
        let graph = Graph::new(shape, lists, "graph".to_string())
            .map_err(|error| flip_error(error.to_string()))?;
        let nodes = nodes
            .map(|nodes| labels::checked(py, nodes, vertices))
            .transpose()?;
        Puzzle::of_kind(
            py,
            (shape, Rule::Graph(graph), false),
            goal,
            states,
            (search_time, nodes),
        )
    }

    /// The number of rows.
    #[getter]
    fn rows(&self) -> u32 {
        by_kind!(&self.core, core => shape_of(core).rows())
    }

    /// The number of columns.
    #[getter]
    fn cols(&self) -> u32 {
        by_kind!(&self.core, core => shape_of(core).cols())
    }

    /// `(rows, cols)`, as a board array's shape.
    #[getter]
    fn shape(&self) -> (u32, u32) {
        (self.rows(), self.cols())
    }

    /// The colours a piece has: 2 for two-sided pieces.
    #[getter]
    fn states(&self) -> u8 {
        by_kind!(&self.core, core => states_of(core))
    }

    /// The rule's label: its name, its stencil, or `rule_json` / `graph`.
    #[getter]
    fn rule(&self) -> String {
        by_kind!(&self.core, core => rule_of(core).label())
    }

    /// Whether the edges wrap around.
    #[getter]
    fn wrap(&self) -> bool {
        by_kind!(&self.core, core => wrap_of(core))
    }

    /// The goal: `"either"`, `"white"` or `"black"`; for K colours a colour number or `"any"`.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        by_kind!(&self.core, core => goal_object(py, core))
    }

    /// The seconds one board's search may take past the exact limit, or `None`.
    #[getter]
    fn search_time(&self) -> Option<f64> {
        by_kind!(&self.core, core => core.search_time)
    }

    /// The labels of a graph's nodes (a networkx graph's), the board's cells in order, or
    /// `None` where the cells are numbered only.
    #[getter]
    fn nodes(&self, py: Python<'_>) -> Option<Vec<Py<PyAny>>> {
        labels::listed(py, self.held_nodes())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let goal = self.goal(py)?.repr()?.to_string();
        let rule = python_repr(py, self.rule());
        let states = match self.states() {
            2 => String::new(),
            states => format!(", states={states}"),
        };
        let wrap = if self.wrap() { ", wrap=True" } else { "" };
        Ok(format!(
            "Puzzle(size=({}, {}), rule={rule}{wrap}, goal={goal}{states})",
            self.rows(),
            self.cols(),
        ))
    }

    /// Puzzles are equal when they are the same puzzle: size, rule (a graph's every tap, its
    /// name and its nodes' labels), wrap, goal, states and search time.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(theirs) = other.cast::<Puzzle>() else {
            return false;
        };
        let same = match (&self.core, &theirs.get().core) {
            (Kinded::Two(a), Kinded::Two(b)) => same_puzzle(a, b),
            (Kinded::Many(a), Kinded::Many(b)) => same_puzzle(a, b),
            _ => false,
        };
        same && labels::same(other.py(), self.held_nodes(), theirs.get().held_nodes())
    }

    /// Equal puzzles hash alike (a set or a dict key holds a puzzle once).
    fn __hash__(&self) -> u64 {
        let key = (
            self.shape(),
            self.rule(),
            self.wrap(),
            self.states(),
            by_kind!(&self.core, core => goal_key(core)),
            self.search_time().map(f64::to_bits),
        );
        std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default().hash_one(key)
    }

    /// What pickle keeps of a puzzle: its definition, from which `Puzzle._restore` makes it
    /// again (a process pool, joblib or Dask ship puzzles so).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let this = slf.get();
        let (rule, graph) = by_kind!(&this.core, core => match rule_of(core) {
            Rule::Graph(graph) => (graph.label().to_string(), Some(graph.to_json())),
            rule => (rule.label(), None),
        });
        let restore = slf.get_type().getattr("_restore")?;
        let arguments = (
            this.shape(),
            rule,
            graph,
            this.wrap(),
            this.goal(py)?,
            this.states(),
            this.search_time(),
            labels::listed(py, this.held_nodes()),
        )
            .into_bound_py_any(py)?;
        Ok((restore, arguments))
    }

    /// The puzzle `__reduce__` kept: `rule` a rule's text, or with `graph` (a rule file's JSON)
    /// the graph's name, and its nodes' labels.
    #[staticmethod]
    #[pyo3(signature = (size, rule, graph, wrap, goal, states, search_time, nodes=None))]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        py: Python<'_>,
        size: (u32, u32),
        rule: &str,
        graph: Option<&str>,
        wrap: bool,
        goal: &Bound<'_, PyAny>,
        states: u32,
        search_time: Option<f64>,
        nodes: Option<Vec<Py<PyAny>>>,
    ) -> PyResult<Puzzle> {
        let (rows, cols) = size;
        let shape = Shape::new(rows, cols)
            .ok_or_else(|| flip_error(format!("a pickled puzzle of {rows}x{cols} cells")))?;
        let rule = match graph {
            Some(json) => {
                Rule::Graph(Graph::from_json(json, rule).map_err(|e| rule_file_error(&e))?)
            }
            None => {
                Rule::parse(rule).map_err(|error| rule_error(&python_repr(py, rule), &error))?
            }
        };
        let nodes = match (&rule, nodes) {
            (Rule::Graph(_), Some(nodes)) => {
                Some(labels::checked(py, nodes, shape.cells() as usize)?)
            }
            _ => None,
        };
        Puzzle::of_kind(
            py,
            (shape, rule, wrap),
            Some(goal),
            states,
            (search_time, nodes),
        )
    }

    /// The board as a 2-D `uint8` array of colour numbers (from text, rows, or an array).
    fn board<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        by_kind!(&self.core, core => {
            let board = read_board_of(core, board, "board")?;
            Ok(board_array_of(py, core, &board).into_any())
        })
    }

    /// The board in flipgame's text form (`bwwb/bbwb/bwwb/bwww`, digits for K colours).
    fn text(&self, board: &Bound<'_, PyAny>) -> PyResult<String> {
        by_kind!(&self.core, core => Ok(read_board_of(core, board, "board")?.to_string()))
    }

    /// The board drawn as an SVG document, as `explain --format svg` draws boards.
    fn svg(&self, board: &Bound<'_, PyAny>) -> PyResult<String> {
        by_kind!(&self.core, core => {
            let board = read_board_of(core, board, "board")?;
            let cells = shape_of(core).cells();
            if cells > MOST_DRAWN_CELLS {
                return Err(flip_error(format!(
                    "a picture of {cells} cells is more than the {MOST_DRAWN_CELLS} flipgame draws"
                )));
            }
            Ok(board_svg(core, &board))
        })
    }

    /// The board drawn as a picture a notebook shows (`svg(board)` is its SVG).
    fn show(&self, board: &Bound<'_, PyAny>) -> PyResult<Picture> {
        Ok(Picture::new(self.svg(board)?))
    }

    /// What a notebook shows of the puzzle: its settings, and what one tap does (a tap at the
    /// centre of a white board) drawn while the board is small enough to show.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let goal = self.goal(py)?.str()?.to_string();
        let mut rows = vec![
            ("size", format!("{}x{}", self.rows(), self.cols())),
            ("rule", self.rule()),
            ("wrap", python_bool(self.wrap()).to_string()),
            ("goal", goal),
            ("states", self.states().to_string()),
        ];
        let facts = by_kind!(&self.core, core => field_facts(core));
        if let Some((rank, nullity)) = facts {
            rows.push(("rank", rank.to_string()));
            rows.push(("nullity", nullity.to_string()));
        }
        let mut html = String::from("<table><caption>flipgame.Puzzle</caption>");
        for (name, value) in rows {
            html += &format!("<tr><th>{name}</th><td>{}</td></tr>", svg::escape(&value));
        }
        html += "</table>";
        let drawing = by_kind!(&self.core, core => {
            (shape_of(core).cells() <= MOST_SHOWN_CELLS).then(|| {
                let mut board = white_board(core);
                let (rows, cols) = (shape_of(core).rows() as usize, shape_of(core).cols() as usize);
                tap_of(core, &mut board, flipgame::notation::Cell::new(rows / 2, cols / 2));
                board_svg(core, &board)
            })
        });
        if let Some(drawing) = drawing {
            html += "<p>A tap at the centre of a white board:</p>";
            // The drawing is a whole SVG document: its XML declaration has no place in HTML.
            html += drawing
                .split_once("?>")
                .map_or(drawing.as_str(), |(_, rest)| rest.trim_start());
        }
        Ok(html)
    }

    /// The board after a tap at `row`, `col` (both from 1, as flipgame writes `r3c1`).
    fn tap<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        row: usize,
        col: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        by_kind!(&self.core, core => {
            let mut board = read_board_of(core, board, "board")?;
            let cell = cell_of(core, row, col)?;
            tap_of(core, &mut board, cell);
            Ok(board_array_of(py, core, &board).into_any())
        })
    }

    /// The fewest taps that finish `board`, or the proof that none do. The interpreter lock is
    /// let go while it solves; Ctrl-C stops a long search (`KeyboardInterrupt`), and
    /// `progress(stage, done, total)` is called about ten times a second while one runs.
    /// `search_time` is this board's in place of the puzzle's. With `shard=(k, n)` the search
    /// is split `n` ways and this call searches share `k`: it gives that shard's record (a
    /// dict, the record `solve --shard` writes), which `merge` puts together with the others'.
    #[pyo3(signature = (board, *, search_time=None, progress=None, shard=None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        search_time: Option<f64>,
        progress: Option<&Bound<'py, PyAny>>,
        shard: Option<(i64, i64)>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(shard) = shard {
            return self.solve_shard(py, board, (search_time, progress), shard);
        }
        let limit = search_time.map(read_seconds).transpose()?;
        let solution: Solution = by_kind!(&self.core, core => {
            let board = read_board_of(core, board, "board")?;
            let core = Arc::clone(core);
            let answer = watched(py, progress, move |watch| {
                Answer::new(core, board, (limit, watch))
            })?;
            Solution::from(answer)
        });
        solution.into_bound_py_any(py)
    }

    /// Every tap set of the fewest taps that finishes `board`, in the order `solve` prefers
    /// them (its own answer first): a dict of `moves`, `count` (exact, whatever the limit) and
    /// `tap_counts`, the first `limit` as a 3-D array (press counts for K colours). Each
    /// colour's tap sets are walked in full, up to 2^26 of them. Ctrl-C stops it, and
    /// `progress` hears the walk.
    #[pyo3(signature = (board, *, limit=1000, progress=None))]
    fn all_optimal<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        limit: usize,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let failed = |error: AllOptimalError| flip_error(format!("all_optimal: {error}"));
        let (shape, found) = match &self.core {
            Kinded::Two(core) => {
                let board = read_board_of(core, board, "board")?;
                let found = watched(py, progress, |watch| {
                    let told = &mut |stage, done, total| watch.told(stage, done, total);
                    core.solver.all_optimal(&board, limit, told)
                })?;
                let found = found.map_err(failed)?.map(|all| {
                    let counts = all.taps.iter().map(TwoStates::colors_of).collect();
                    (all.moves, all.count, counts)
                });
                (shape_of(core), found)
            }
            Kinded::Many(core) => {
                let board = read_board_of(core, board, "board")?;
                let found = watched(py, progress, |watch| {
                    let told = &mut |stage, done, total| watch.told(stage, done, total);
                    core.solver.all_optimal(&board, limit, told)
                })?;
                let found = found
                    .map_err(failed)?
                    .map(|all| (all.moves, all.count, all.presses));
                (shape_of(core), found)
            }
        };
        let (moves, count, counts) = match found {
            Some((moves, count, counts)) => (Some(moves), count, counts),
            None => (None, 0, Vec::new()),
        };
        let dict = PyDict::new(py);
        dict.set_item("moves", moves)?;
        dict.set_item("count", count)?;
        dict.set_item("tap_counts", stack_arrays(py, shape, counts))?;
        Ok(dict)
    }

    /// The answer the shards' `records` give together (every shard's record of one board, in
    /// any order, from `solve(board, shard=(k, n))`), exactly the answer `solve` gives; every
    /// record is checked against this puzzle and every count recounted from its key.
    #[pyo3(signature = (records, *, progress=None))]
    fn merge(
        &self,
        py: Python<'_>,
        records: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Solution> {
        match &self.core {
            Kinded::Two(core) => Ok(Solution::from(shards::merge(py, core, records, progress)?)),
            Kinded::Many(_) => Err(flip_error(SHARDS_ARE_TWO_SIDED)),
        }
    }

    /// The fewest taps of many boards (a 3-D array or an iterable of boards) at once, shared
    /// out over every core with the interpreter lock let go; `taps=True` keeps each board's
    /// tap counts too. Ctrl-C stops the batch, and `progress("answering the boards", done,
    /// total)` is called about ten times a second. `search_time` is each board's in place of
    /// the puzzle's.
    #[pyo3(signature = (boards, *, taps=false, search_time=None, progress=None))]
    fn solve_many(
        &self,
        py: Python<'_>,
        boards: &Bound<'_, PyAny>,
        taps: bool,
        search_time: Option<f64>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ManySolutions> {
        let limit = search_time.map(read_seconds).transpose()?;
        by_kind!(&self.core, core => {
            let boards = labels::boards_in_order(core.nodes.as_ref(), boards)?;
            let (kept, taps) = solve_boards_of(py, core, (&boards, limit, progress), taps)?;
            Ok(ManySolutions::new(py, shape_of(core), &kept, taps))
        })
    }

    /// `count` random boards as a 3-D array, the very boards `flipgame gen --seed SEED` writes
    /// with the same puzzle: any board, or with `moves` those needing exactly that many taps,
    /// with `impossible=True` those none finish; `unique=True` draws no board twice.
    #[pyo3(signature = (count=1, *, seed=None, moves=None, impossible=false, unique=false))]
    fn random_boards<'py>(
        &self,
        py: Python<'py>,
        count: u64,
        seed: Option<u64>,
        moves: Option<u64>,
        impossible: bool,
        unique: bool,
    ) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let cells = self.rows() as u64 * self.cols() as u64;
        if count.saturating_mul(cells) > MOST_DEALT_CELLS {
            return Err(flip_error(format!(
                "count={count}: {count} boards of {cells} cells are more than the \
                 {MOST_DEALT_CELLS} cells random_boards gives at once: ask in parts"
            )));
        }
        let moves = moves
            .map(|moves| {
                u8::try_from(moves).map_err(|_| {
                    flip_error(format!(
                        "moves={moves}: boards are drawn by their fewest taps up to {}",
                        u8::MAX
                    ))
                })
            })
            .transpose()?;
        let wanted = match (moves, impossible) {
            (Some(_), true) => {
                return Err(flip_error(
                    "moves and impossible=True ask for different boards: give one of them",
                ));
            }
            (Some(moves), false) => Wanted::Moves(moves),
            (None, true) => Wanted::Impossible,
            (None, false) => Wanted::Any,
        };
        let seed = seed.unwrap_or_else(|| RandomState::new().hash_one(std::process::id()));
        by_kind!(&self.core, core => {
            let boards = py.detach(|| deal(core, wanted, seed, count as usize, unique))?;
            Ok(stack_arrays(py, shape_of(core), boards))
        })
    }

    /// The tap matrix: entry `[t, c]` is what a tap on cell `t` adds to cell `c` (mod the
    /// states), cells numbered row by row from 0, so taps `x` (a flat row of tap counts) turn
    /// `board` into `(board + x @ matrix) % states`. `sparse=True` gives the entries that are
    /// not 0 as `(values, (taps, cells))`, the triplets `scipy.sparse.coo_array` takes.
    #[pyo3(signature = (*, sparse=false))]
    fn tap_matrix<'py>(&self, py: Python<'py>, sparse: bool) -> PyResult<Bound<'py, PyAny>> {
        by_kind!(&self.core, core => {
            if sparse {
                let entries = py.detach(|| facts::tap_entries(core));
                let values: Vec<u8> = entries.iter().map(|entry| entry.2).collect();
                let taps: Vec<i64> = entries.iter().map(|entry| i64::from(entry.0)).collect();
                let cells: Vec<i64> = entries.iter().map(|entry| i64::from(entry.1)).collect();
                let places = (taps.into_pyarray(py), cells.into_pyarray(py));
                return (values.into_pyarray(py), places).into_bound_py_any(py);
            }
            let (side, matrix) = py.detach(|| facts::dense_tap_matrix(core))?;
            let array = Array2::from_shape_vec((side, side), matrix)
                .map_err(|error| flip_error(error.to_string()))?;
            Ok(array.into_pyarray(py).into_any())
        })
    }

    /// The rank of the tap matrix: over GF(2) for two-sided pieces, over Z_K for a prime K.
    #[getter]
    fn rank(&self, py: Python<'_>) -> PyResult<u64> {
        by_kind!(&self.core, core => Ok(py.detach(|| facts::rank_nullity(core))?.0))
    }

    /// The nullity of the tap matrix: `2 ** nullity` tap sets change nothing (K ** nullity for
    /// a prime K).
    #[getter]
    fn nullity(&self, py: Python<'_>) -> PyResult<u64> {
        by_kind!(&self.core, core => Ok(py.detach(|| facts::rank_nullity(core))?.1))
    }

    /// Generators of the quiet tap sets (taps that change no piece) as a 3-D array of tap
    /// counts; `quiet_orders()` gives each one's order.
    fn quiet_tap_sets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        by_kind!(&self.core, core => {
            let generators = py.detach(|| facts::quiet_taps(core))?;
            Ok(stack_arrays(py, shape_of(core), generators.into_iter().map(|g| g.counts).collect()))
        })
    }

    /// How many repeats of each of `quiet_tap_sets()` come round to no taps (2 for every one
    /// of two-sided pieces).
    fn quiet_orders(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        by_kind!(&self.core, core => {
            let generators = py.detach(|| facts::quiet_taps(core))?;
            Ok(generators.into_iter().map(|g| g.order).collect())
        })
    }

    /// Generators of the quiet patterns (weights of cells whose weighted sum no tap changes:
    /// the proofs of impossibility are made of them) as a 3-D array.
    fn quiet_patterns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        by_kind!(&self.core, core => {
            let patterns = py.detach(|| facts::quiet_patterns(core))?;
            Ok(stack_arrays(py, shape_of(core), patterns))
        })
    }

    /// The fewest taps of every board, explored whole as `flipgame stats` does: `positions`,
    /// `solvable`, `impossible`, `histogram` (boards by fewest taps), `max_moves` (God's
    /// number), `mean_moves` and `hardest` (a board that needs `max_moves`).
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_kind!(&self.core, core => {
            let explored = py
                .detach(|| explore(core))
                .map_err(|error| flip_error(error.to_string()))?;
            let dict = PyDict::new(py);
            dict.set_item("positions", explored.positions)?;
            dict.set_item("solvable", explored.solvable)?;
            dict.set_item("impossible", explored.impossible)?;
            dict.set_item("histogram", explored.histogram.clone())?;
            dict.set_item("max_moves", explored.max_moves)?;
            dict.set_item("mean_moves", explored.mean_moves)?;
            dict.set_item("hardest", board_array_of(py, core, &explored.hardest_example))?;
            Ok(dict)
        })
    }
}

impl Puzzle {
    /// `solve(board, shard=(k, n))`: the shard's record of `board`.
    fn solve_shard<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        (search_time, progress): (Option<f64>, Option<&Bound<'py, PyAny>>),
        shard: (i64, i64),
    ) -> PyResult<Bound<'py, PyAny>> {
        let Kinded::Two(core) = &self.core else {
            return Err(flip_error(SHARDS_ARE_TWO_SIDED));
        };
        if search_time.is_some() {
            return Err(flip_error(
                "search_time= with shard=: every shard and the merge share one search time, \
                 the puzzle's: give it to Puzzle(..., search_time=)",
            ));
        }
        let shard = shards::read_shard(shard)?;
        let board = read_board_of(core, board, "board")?;
        shards::record(py, core, board, (shard, progress))
    }

    /// The puzzle of `states` from its shape, rule and wrap, the goal read for that kind.
    fn of_kind(
        py: Python<'_>,
        (shape, rule, wrap): (Shape, Rule, bool),
        goal: Option<&Bound<'_, PyAny>>,
        states: u32,
        (search_time, nodes): (Option<f64>, Option<Nodes>),
    ) -> PyResult<Puzzle> {
        let limit = search_time.map(read_seconds).transpose()?;
        let core = if states == 2 {
            let goal = two_goal(goal)?;
            let puzzle = TwoPuzzle::new(shape, rule, wrap, goal).map_err(|e| puzzle_error(&e))?;
            Kinded::Two(prepare::<TwoStates>(
                py,
                puzzle,
                (limit, search_time),
                nodes,
            )?)
        } else {
            let goal = state_goal(goal)?;
            let puzzle = StatePuzzle::new(shape, rule, wrap, states, goal)
                .map_err(|e| state_puzzle_error(&e))?;
            Kinded::Many(prepare::<KStates>(py, puzzle, (limit, search_time), nodes)?)
        };
        Ok(Puzzle { core })
    }

    /// The puzzle's core, for the answers.
    pub fn core(&self) -> &AnyCore {
        &self.core
    }

    /// The labels of a graph's nodes, when it was given with them.
    fn held_nodes(&self) -> Option<&Nodes> {
        by_kind!(&self.core, core => core.nodes.as_ref())
    }
}

/// The solver of `puzzle`, prepared with the interpreter lock let go (a large board's rows are
/// chased first), with its search time.
fn prepare<K: ExplainKind>(
    py: Python<'_>,
    puzzle: K::Puzzle,
    (limit, seconds): (Option<Duration>, Option<f64>),
    nodes: Option<Nodes>,
) -> PyResult<Arc<Core<K>>> {
    let solver = py.detach(|| K::solver(puzzle));
    let mut solver = solver.map_err(|error| flip_error(error.worded(names).to_string()))?;
    K::set_search_time(&mut solver, limit);
    Ok(Arc::new(Core {
        solver,
        search_time: seconds,
        nodes,
    }))
}

/// The boards a seeded pool deals, as colour numbers.
fn deal<K: ExplainKind>(
    core: &Core<K>,
    wanted: Wanted,
    seed: u64,
    count: usize,
    unique: bool,
) -> PyResult<Vec<Vec<u8>>> {
    let puzzle = core.puzzle();
    let pool = Pool::<K>::new(puzzle, wanted, &mut |_, _| {})
        .map_err(|error| pool_error::<K>(puzzle, &error))?;
    if unique && count as u64 > pool.distinct_boards() {
        return Err(flip_error(format!(
            "unique=True: only {} distinct {} boards fit, fewer than count={count}",
            pool.distinct_boards(),
            K::shape(puzzle)
        )));
    }
    Ok(pool
        .deal(seed, unique)
        .take(count)
        .map(|drawn| K::colors_of(&drawn.board))
        .collect())
}

/// Every board of the puzzle explored.
fn explore<K: ExplainKind>(core: &Core<K>) -> Result<Explored<K::Board>, K::TooManyBoards> {
    Explored::explore::<K>(core.puzzle(), &mut |_, _| {})
}

/// `size` as `n`, `(rows, cols)` or `"RxC"`.
fn read_size(size: &Bound<'_, PyAny>) -> PyResult<Shape> {
    let (rows, cols) = if let Ok(text) = size.cast::<PyString>() {
        let text = text.to_cow()?;
        let parsed = text.split_once(['x', 'X']).and_then(|(rows, cols)| {
            Some((
                rows.trim().parse::<i64>().ok()?,
                cols.trim().parse::<i64>().ok()?,
            ))
        });
        parsed.ok_or_else(|| {
            flip_error(format!(
                "size={text:?}: write a size as \"RxC\", such as \"4x4\""
            ))
        })?
    } else if let Ok(side) = size.extract::<i64>() {
        (side, side)
    } else if let Ok(pair) = size.extract::<(i64, i64)>() {
        pair
    } else {
        return Err(PyTypeError::new_err(
            "size: give n, (rows, cols) or \"RxC\"",
        ));
    };
    u32::try_from(rows)
        .ok()
        .zip(u32::try_from(cols).ok())
        .and_then(|(rows, cols)| Shape::new(rows, cols))
        .ok_or_else(|| {
            flip_error(format!(
                "size=({rows}, {cols}): rows and columns go from 1 to {MAX_SIDE}"
            ))
        })
}

/// The number of states, or why it is none (the puzzle checks the range).
fn read_states(states: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
    let Some(states) = states else {
        return Ok(DEFAULT_STATES);
    };
    states
        .extract::<i64>()
        .ok()
        .and_then(|states| u32::try_from(states).ok())
        .ok_or_else(|| {
            flip_error(format!(
                "states={}: a piece has from 2 to {MOST_STATES} states",
                python_repr(states.py(), states)
            ))
        })
}

/// A search time in seconds as a duration.
fn read_seconds(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        // Python's own spelling of the number: -1.0, nan, inf.
        let given = Python::attach(|py| python_repr(py, seconds));
        flip_error(format!(
            "search_time={given}: give the seconds one board's search may take, 0 or more"
        ))
    })
}

/// `value` as Python's `repr` writes it.
fn python_repr<'py>(py: Python<'py>, value: impl IntoPyObject<'py>) -> String {
    value
        .into_bound_py_any(py)
        .and_then(|value| Ok(value.repr()?.to_string()))
        .unwrap_or_default()
}

/// The goal of two-sided pieces.
fn two_goal(goal: Option<&Bound<'_, PyAny>>) -> PyResult<Goal> {
    let Some(goal) = goal else {
        return Ok(Goal::Either);
    };
    let name = goal.extract::<String>().ok();
    Goal::ALL
        .into_iter()
        .find(|known| name.as_deref() == Some(known.name()))
        .ok_or_else(|| {
            flip_error(format!(
                "goal={}: the goals of two-sided pieces are 'either', 'white' and 'black'",
                goal.repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string())
            ))
        })
}

/// The goal of pieces of K colours (checked against K by the puzzle).
fn state_goal(goal: Option<&Bound<'_, PyAny>>) -> PyResult<StateGoal> {
    let Some(goal) = goal else {
        return Ok(StateGoal::Color(0));
    };
    if goal.extract::<String>().ok().as_deref() == Some("any") {
        return Ok(StateGoal::Any);
    }
    match goal.extract::<i64>().ok().map(u8::try_from) {
        Some(Ok(color)) => Ok(StateGoal::Color(color)),
        _ => Err(flip_error(format!(
            "goal={}: the goal of pieces of K colours is a colour number, or 'any' (one colour, \
             whichever takes the fewest presses)",
            goal.repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))),
    }
}

// The generic steps of the methods above, one each, so `by_kind!` bodies stay one line.

fn shape_of<K: Kind>(core: &Core<K>) -> Shape {
    K::shape(core.puzzle())
}

/// Whether two cores hold the same puzzle with the same search time.
fn same_puzzle<K: Kind>(a: &Core<K>, b: &Core<K>) -> bool {
    a.puzzle() == b.puzzle() && a.search_time == b.search_time
}

/// The goal, as a key to hash.
fn goal_key<K: Kind>(core: &Core<K>) -> String {
    format!("{:?}", K::goal_record(core.puzzle()))
}

fn states_of<K: Kind>(core: &Core<K>) -> u8 {
    K::states(core.puzzle())
}

fn rule_of<K: Kind>(core: &Core<K>) -> &Rule {
    K::rule(core.puzzle())
}

fn wrap_of<K: Kind>(core: &Core<K>) -> bool {
    K::wrap(core.puzzle())
}

fn goal_object<'py, K: ExplainKind>(
    py: Python<'py>,
    core: &Core<K>,
) -> PyResult<Bound<'py, PyAny>> {
    crate::answer::to_python(py, &K::goal_record(core.puzzle()))
}

fn read_board_of<K: ExplainKind>(
    core: &Core<K>,
    board: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<K::Board> {
    let board = labels::board_in_order(core.nodes.as_ref(), board, what)?;
    read_board::<K>(core.puzzle(), &board, what)
}

/// Each board's tap counts, row-major, board after board.
type TapCounts = Vec<u8>;

fn solve_boards_of<K: ExplainKind>(
    py: Python<'_>,
    core: &Core<K>,
    boards: (
        &Bound<'_, PyAny>,
        Option<Duration>,
        Option<&Bound<'_, PyAny>>,
    ),
    taps: bool,
) -> PyResult<(Vec<Kept>, Option<TapCounts>)> {
    if !taps {
        let kept = solve_boards::<K, Kept>(py, &core.solver, boards, |answer| {
            Kept::of::<K>(answer.as_ref())
        })?;
        return Ok((kept, None));
    }
    let both = solve_boards::<K, (Kept, Option<K::Taps>)>(py, &core.solver, boards, |answer| {
        Kept::with_taps::<K>(answer)
    })?;
    let shape = shape_of(core);
    let cells = shape.cells() as usize;
    let total = both.len().saturating_mul(cells);
    room_for::<u8>(total, "boards")?;
    let mut taps = vec![0; total];
    let mut kept = Vec::with_capacity(both.len());
    for ((answer, tapped), counts) in both.into_iter().zip(taps.chunks_mut(cells.max(1))) {
        kept.push(answer);
        if let Some(taps) = tapped {
            taps.write_counts(shape, counts);
        }
    }
    Ok((kept, Some(taps)))
}

/// The board as an array; the core names the kind, which a `by_kind!` body cannot.
fn board_array_of<'py, K: ExplainKind>(
    py: Python<'py>,
    _core: &Core<K>,
    board: &K::Board,
) -> Bound<'py, numpy::PyArray2<u8>> {
    board_array::<K>(py, board)
}

fn cell_of<K: Kind>(core: &Core<K>, row: usize, col: usize) -> PyResult<flipgame::notation::Cell> {
    let shape = K::shape(core.puzzle());
    let fits =
        (1..=shape.rows() as usize).contains(&row) && (1..=shape.cols() as usize).contains(&col);
    if !fits {
        return Err(flip_error(format!(
            "row {row}, column {col}: the rows of a {shape} board go from 1 to {} and its \
             columns from 1 to {}",
            shape.rows(),
            shape.cols()
        )));
    }
    Ok(flipgame::notation::Cell::new(row - 1, col - 1))
}

fn board_svg<K: ExplainKind>(core: &Core<K>, board: &K::Board) -> String {
    let mut figure = Figure::default();
    figure.push(heading::<K>(
        core.puzzle(),
        board,
        Target::SVG_COLUMNS,
        None,
    ));
    figure.push(Block::Boards(vec![K::drawing("Board".to_string(), board)]));
    svg::document("flipgame", &[figure])
}

/// The rank and nullity of the tap matrix, where the colours make a field.
fn field_facts<K: Kind>(core: &Core<K>) -> Option<(u64, u64)> {
    K::rank_nullity(&core.solver)
}

/// A board all white (colour 0).
fn white_board<K: Kind>(core: &Core<K>) -> K::Board {
    K::filled(core.puzzle(), 0)
}

fn tap_of<K: Kind>(core: &Core<K>, board: &mut K::Board, cell: flipgame::notation::Cell) {
    K::tap(core.puzzle(), board, cell);
}
