//! What a solve gives Python: a [`Solution`] of one board (its taps as an array and as the
//! JSON fields `solve --format json` writes, its proof when no taps finish it, its walkthrough),
//! and [`ManySolutions`], the answers of a batch as arrays.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;

use flipgame::figure::explain::{DRAWN_STEPS, Sketch};
use flipgame::figure::{Target, svg};
use flipgame::grid::Shape;
use flipgame::kind::{ColorRecord, KStates, Kind, SolutionOf, TwoStates};
use flipgame::notation::Cell;
use flipgame::record::{RuleFields, Solved, Step, Steps, Taps};
use flipgame::solve::Taps as _;

use crate::boards::{board_array, flat_array, grid_array, read_board, stack_arrays};
use crate::errors::flip_error;
use crate::held::{Core, Puzzle};
use crate::interrupt::Watch;
use crate::kinds::{Kinded, by_kind};
use crate::labels;
use flipgame::figure::explain::ExplainKind;

/// The most cells `svg()` draws (boards times cells): a picture of a million cells is some
/// hundred megabytes of SVG.
pub const MOST_DRAWN_CELLS: u64 = 1 << 20;

/// The most cells a notebook draws by itself, about 100 bytes a cell (450 kB): a walkthrough
/// past it shows as its tap map, a map or a proof past it as text; `svg()` draws them when
/// asked.
pub const MOST_SHOWN_CELLS: u64 = 1 << 12;

/// The most cells a walkthrough gives (boards times cells): a board of a million cells and a
/// thousand taps, 1 GB of arrays, is past what a notebook can show.
pub const MOST_WALKTHROUGH_CELLS: u64 = 1 << 26;

/// One board's answer: the fewest taps, or the proof that none finish it.
pub struct Answer<K: Kind> {
    core: Arc<Core<K>>,
    board: K::Board,
    solution: Option<SolutionOf<K>>,
    /// Why no taps finish the board, found the first time it is asked for: a loop of `solve`
    /// over boards most of which are impossible need not pay for proofs it never reads.
    proof: OnceLock<Option<K::Proof>>,
}

impl<K: ExplainKind> Answer<K> {
    /// Solves `board` (searching for `limit`, when given, in place of the puzzle's search
    /// time), telling `watch` how the search goes, and proves it impossible when no taps
    /// finish it.
    pub fn new(
        core: Arc<Core<K>>,
        board: K::Board,
        (limit, watch): (Option<Duration>, &mut Watch),
    ) -> Answer<K> {
        let told = &mut |stage, done, total| watch.told(stage, done, total);
        let limit = limit.or(K::search_time(&core.solver));
        let solution = K::solve_within(&core.solver, &board, limit, told);
        Answer::with(core, board, solution)
    }

    /// The answer `solution` to `board`; when it is `None`, the proof is found when first
    /// asked for (the same every time).
    pub fn with(core: Arc<Core<K>>, board: K::Board, solution: Option<SolutionOf<K>>) -> Answer<K> {
        Answer {
            core,
            board,
            solution,
            proof: OnceLock::new(),
        }
    }

    /// Why no taps finish the board, or none when some do.
    fn proof(&self) -> Option<&K::Proof> {
        let proof = self.proof.get_or_init(|| match self.solution {
            Some(_) => None,
            None => K::proof(&self.core.solver, &self.board),
        });
        proof.as_ref()
    }

    fn puzzle(&self) -> &K::Puzzle {
        self.core.puzzle()
    }

    fn shape(&self) -> Shape {
        K::shape(self.puzzle())
    }

    /// The taps, each cell with how many times.
    fn tapped(&self) -> Vec<(Cell, u8)> {
        let cols = self.shape().cols() as usize;
        match &self.solution {
            Some(solution) => solution.taps.tapped_cells(cols).collect(),
            None => Vec::new(),
        }
    }

    /// The board as `repr` shows it: its text, or its size where the text is long.
    fn board_words(&self) -> String {
        let text = self.board.to_string();
        if text.len() <= Target::SVG_COLUMNS {
            format!("'{text}'")
        } else {
            format!("'a {} board'", self.shape())
        }
    }

    /// The record `solve --format json` writes of the board, but its `index` and `source`.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rule = RuleFields::of::<K>(self.puzzle());
        let answer = (self.solution.as_ref(), self.proof());
        to_python(
            py,
            &Solved::<K>::new(self.puzzle(), &self.board, &rule, answer),
        )
    }

    /// The colour the taps finish the board in, as the record gives it.
    fn goal(&self) -> Option<ColorRecord> {
        let solution = self.solution.as_ref();
        solution.map(|s| K::color_record(K::color_number(s.color)))
    }

    /// The taps as the record gives them, or none when no taps finish the board.
    fn taps(&self) -> Option<Taps<'_, K>> {
        let cols = self.shape().cols() as usize;
        let solution = self.solution.as_ref();
        solution.map(|s| Taps {
            taps: &s.taps,
            cols,
        })
    }

    /// The proof as the record gives it, or none when some taps finish the board.
    fn proof_record(&self) -> Option<K::ProofRecord<'_>> {
        self.proof()
            .map(|proof| K::proof_record(self.puzzle(), proof))
    }

    /// The error when a walkthrough of `boards` boards would be too large to give.
    fn walkthrough_fits(&self, boards: u64) -> PyResult<()> {
        let cells = boards.saturating_mul(self.shape().cells());
        if cells <= MOST_WALKTHROUGH_CELLS {
            return Ok(());
        }
        Err(flip_error(format!(
            "a walkthrough of {boards} boards of {} cells is more than the \
             {MOST_WALKTHROUGH_CELLS} cells flipgame gives: the taps are in taps and tap_counts",
            self.shape().cells()
        )))
    }

    /// Every step of the walkthrough as `explain --format json` gives it: the cell tapped, the
    /// cells it changes, the board after it.
    fn steps(&self) -> PyResult<Steps<'_, K>> {
        let moves = self.solution.as_ref().map_or(0, |s| s.moves());
        self.walkthrough_fits(moves)?;
        Ok(Steps {
            puzzle: self.puzzle(),
            board: &self.board,
            taps: self.solution.as_ref().map(|s| &s.taps),
        })
    }

    /// The board and the board after each tap of the walkthrough, as colour numbers.
    fn boards(&self) -> PyResult<Vec<Vec<u8>>> {
        let moves = self.solution.as_ref().map_or(0, |s| s.moves());
        self.walkthrough_fits(moves.saturating_add(1))?;
        let mut board = self.board.clone();
        let mut boards = vec![K::colors_of(&board)];
        for (cell, times) in self.tapped() {
            for _ in 0..times {
                K::tap(self.puzzle(), &mut board, cell);
                boards.push(K::colors_of(&board));
            }
        }
        Ok(boards)
    }

    /// How many cells the picture of the answer draws: the start and each step drawn, the map,
    /// or the board and its proof.
    fn drawn_cells(&self, map: bool) -> u64 {
        let boards = match &self.solution {
            Some(_) if map => 1,
            Some(solution) => 1 + solution.moves().min(DRAWN_STEPS as u64),
            None => 2,
        };
        boards * self.shape().cells()
    }

    /// The picture a notebook shows by itself: the walkthrough while it is small, else the tap
    /// map (a board no taps finish: its proof), while that fits.
    fn notebook_svg(&self) -> Option<String> {
        if self.drawn_cells(false) <= MOST_SHOWN_CELLS {
            return Some(self.svg(false));
        }
        let map = self.solution.is_some();
        (self.drawn_cells(map) <= MOST_SHOWN_CELLS).then(|| self.svg(map))
    }

    /// The answer drawn as `explain --format svg` draws it (with `--map` when `map`).
    fn svg(&self, map: bool) -> String {
        let sketch = Sketch::<K> {
            solver: &self.core.solver,
            map,
            names: crate::errors::names,
        };
        let figure = sketch.figure(&self.board, self.solution.as_ref(), self.proof());
        svg::document("flipgame explain", &[figure])
    }

    /// The board as a 2-D array.
    fn board_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<u8>> {
        board_array::<K>(py, &self.board)
    }

    /// What a pickle keeps of the answer beside its puzzle: the board, and the solution's tap
    /// counts, colour number, whether proven and lower bound.
    fn pickled<'py>(&self, py: Python<'py>) -> (Bound<'py, PyArray2<u8>>, Option<PickledSolution>) {
        let solution = self.solution.as_ref().map(|solution| {
            let counts = solution.taps.counts(self.shape());
            (
                counts.into_iter().map(u32::from).collect(),
                K::color_number(solution.color),
                solution.optimal,
                solution.lower_bound,
            )
        });
        (self.board_array(py), solution)
    }

    /// How many times each cell is tapped, row-major.
    fn tap_counts(&self) -> Vec<u8> {
        let shape = self.shape();
        let solution = self.solution.as_ref();
        solution.map_or_else(|| vec![0; shape.cells() as usize], |s| s.taps.counts(shape))
    }
}

/// A board's answer, of either kind of piece.
type AnyAnswer = Kinded<Answer<TwoStates>, Answer<KStates>>;

/// The fewest taps that finish a board, or the proof that none do.
#[pyclass(frozen, module = "flipgame")]
pub struct Solution {
    answer: AnyAnswer,
}

impl From<Answer<TwoStates>> for Solution {
    fn from(answer: Answer<TwoStates>) -> Solution {
        Solution {
            answer: Kinded::Two(answer),
        }
    }
}

impl From<Answer<KStates>> for Solution {
    fn from(answer: Answer<KStates>) -> Solution {
        Solution {
            answer: Kinded::Many(answer),
        }
    }
}

impl Solution {
    /// `value` (a record, or lists of cells) with each cell's node named, for a graph given
    /// with its nodes' labels.
    fn named<'py>(&self, value: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let nodes = by_kind!(&self.answer, answer => answer.core.nodes.as_ref());
        labels::name_cells(nodes, &value)?;
        Ok(value)
    }
}

#[pymethods]
impl Solution {
    /// True when some taps finish the board.
    #[getter]
    fn solvable(&self) -> bool {
        by_kind!(&self.answer, answer => answer.solution.is_some())
    }

    /// The fewest taps (presses for K colours), or `None` when no taps finish the board.
    #[getter]
    fn moves(&self) -> Option<u64> {
        by_kind!(&self.answer, answer => answer.solution.as_ref().map(|s| s.moves()))
    }

    /// The colour the taps finish the board in (`"white"`, `"black"`, or a colour number).
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        by_kind!(&self.answer, answer => to_python(py, &answer.goal()))
    }

    /// True when `moves` is proven the fewest (always, but past the exact limit).
    #[getter]
    fn optimal(&self) -> bool {
        by_kind!(&self.answer, answer => answer.solution.as_ref().is_none_or(|s| s.optimal))
    }

    /// No taps fewer than this finish the board: `moves` itself when `optimal`.
    #[getter]
    fn lower_bound(&self) -> Option<u64> {
        by_kind!(&self.answer, answer => answer.solution.as_ref().map(|s| s.lower_bound))
    }

    /// The taps as `solve --format json` lists them: `{"row", "col"}` from 1, with `"times"`
    /// for pieces of K colours; `None` when no taps finish the board.
    #[getter]
    fn taps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.named(by_kind!(&self.answer, answer => to_python(py, &answer.taps()))?)
    }

    /// How many times each cell is tapped, as a 2-D `uint8` array.
    #[getter]
    fn tap_counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<u8>> {
        by_kind!(&self.answer, answer => grid_array(py, answer.shape(), answer.tap_counts()))
    }

    /// The board solved, as a 2-D `uint8` array.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<u8>> {
        by_kind!(&self.answer, answer => answer.board_array(py))
    }

    /// Why no taps finish the board, as the command line's JSON gives it (`cells` and `black`
    /// for two-sided pieces; `weights`, `board_sum` and `finished_sum` for K colours), or
    /// `None` when some taps do.
    #[getter]
    fn proof<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        by_kind!(&self.answer, answer => to_python(py, &answer.proof_record()))
    }

    /// The proof's cell weights as a 2-D `uint8` array (1 on the cells of a two-sided proof),
    /// or `None`.
    #[getter]
    fn proof_weights<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray2<u8>>> {
        by_kind!(&self.answer, answer => answer
            .proof()
            .map(|proof| grid_array(py, answer.shape(), proof_weights_of(answer, proof))))
    }

    /// The record `solve --format json` writes of this board, without `index` and `source`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.named(by_kind!(&self.answer, answer => answer.record(py))?)
    }

    /// Every step of the walkthrough, with the same keys for either kind of piece: `tap` the
    /// cell tapped (pressed, for K colours), `changed` the cells it changes, `board` the board
    /// after it (`explain --format json` names the first two `tap` and `flipped` for two-sided
    /// pieces, `press` and `changed` for K colours); empty when no taps finish it.
    fn walkthrough<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let steps: Vec<Walked> = by_kind!(&self.answer, answer => {
            answer.steps()?.iter().map(Walked::from).collect()
        });
        self.named(to_python(py, &steps)?)
    }

    /// The board and the board after each tap, as a 3-D `uint8` array (`moves + 1` boards).
    fn boards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        by_kind!(&self.answer, answer => Ok(stack_arrays(py, answer.shape(), answer.boards()?)))
    }

    /// The proof's argument in words, as `explain` says it (its cells listed), or `None`.
    #[getter]
    fn proof_text(&self) -> Option<String> {
        by_kind!(&self.answer, answer => answer.proof().map(|proof| {
            proof_sentence_of(answer, proof)
        }))
    }

    /// The walkthrough (with `map=True` the tap map) or the proof, drawn as an SVG document
    /// the way `explain --format svg` draws it.
    #[pyo3(signature = (map=false))]
    fn svg(&self, map: bool) -> PyResult<String> {
        let drawn = by_kind!(&self.answer, answer => answer.drawn_cells(map));
        if drawn > MOST_DRAWN_CELLS {
            return Err(flip_error(format!(
                "a picture of {drawn} cells is more than the {MOST_DRAWN_CELLS} flipgame draws: \
                 the boards are in boards() and the taps in tap_counts"
            )));
        }
        Ok(by_kind!(&self.answer, answer => answer.svg(map)))
    }

    /// The picture Jupyter shows: the walkthrough while it is small, else the one-board tap
    /// map (`svg()` draws the walkthrough), or the proof; the text form past
    /// [`MOST_SHOWN_CELLS`].
    fn _repr_svg_(&self) -> Option<String> {
        by_kind!(&self.answer, answer => answer.notebook_svg())
    }

    /// What pickle keeps of an answer: its puzzle, its board, its taps as counts, their colour
    /// and what is proven, from which `Solution._restore` makes it again without a search.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let restore = slf.get_type().getattr("_restore")?;
        let answer = &slf.get().answer;
        let core = match answer {
            Kinded::Two(answer) => Kinded::Two(Arc::clone(&answer.core)),
            Kinded::Many(answer) => Kinded::Many(Arc::clone(&answer.core)),
        };
        let (board, solution) = by_kind!(answer, answer => answer.pickled(py));
        let arguments = (Puzzle { core }, board, solution).into_bound_py_any(py)?;
        Ok((restore, arguments))
    }

    /// The answer `__reduce__` kept: `solution` the tap counts (row-major), their colour
    /// number, whether proven and the lower bound, or `None` for a board no taps finish.
    #[staticmethod]
    fn _restore(
        puzzle: &Bound<'_, Puzzle>,
        board: &Bound<'_, PyAny>,
        solution: Option<PickledSolution>,
    ) -> PyResult<Solution> {
        by_kind!(&puzzle.get().core, core => restored(core, board, solution))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = by_kind!(&self.answer, answer => answer.board_words());
        Ok(match self.moves() {
            Some(moves) => format!(
                "Solution(board={board}, moves={moves}, goal={}, optimal={})",
                self.goal(py)?.repr()?,
                if self.optimal() { "True" } else { "False" }
            ),
            None => format!("Solution(board={board}, solvable=False)"),
        })
    }
}

/// What a pickle keeps of a solution: the tap counts (row-major), the colour number they
/// finish in, whether proven, and the lower bound.
type PickledSolution = (Vec<u32>, u8, bool, u64);

/// The answer a pickle kept to `board` of the puzzle of `core`, checked against the puzzle.
fn restored<K: ExplainKind>(
    core: &Arc<Core<K>>,
    board: &Bound<'_, PyAny>,
    solution: Option<PickledSolution>,
) -> PyResult<Solution>
where
    Solution: From<Answer<K>>,
{
    let puzzle = core.puzzle();
    let board = read_board::<K>(puzzle, board, "board")?;
    let Some((counts, color, optimal, lower_bound)) = solution else {
        return Ok(Solution::from(Answer::with(Arc::clone(core), board, None)));
    };
    let shape = K::shape(puzzle);
    if counts.len() as u64 != shape.cells() {
        return Err(flip_error(format!(
            "a pickled solution of {} tap counts, for a puzzle of {} cells",
            counts.len(),
            shape.cells()
        )));
    }
    let color = K::goal_colors(puzzle)
        .into_iter()
        .find(|&goal| K::color_number(goal) == color)
        .ok_or_else(|| {
            flip_error(format!(
                "a pickled solution finishing in colour {color}, which the puzzle's goal does \
                 not take"
            ))
        })?;
    let solution = SolutionOf::<K> {
        taps: K::Taps::from_counts(shape, K::states(puzzle), &counts),
        color,
        optimal,
        lower_bound,
    };
    Ok(Solution::from(Answer::with(
        Arc::clone(core),
        board,
        Some(solution),
    )))
}

/// A step of a walkthrough as Python gives it, the same for either kind of piece.
#[derive(Serialize)]
struct Walked {
    /// The cell tapped (pressed).
    tap: Cell,
    /// The cells the tap changes.
    changed: Vec<Cell>,
    /// The board after it.
    board: String,
}

impl From<Step> for Walked {
    fn from(step: Step) -> Walked {
        match step {
            Step::Tap {
                tap,
                flipped,
                board,
            } => Walked {
                tap,
                changed: flipped,
                board,
            },
            Step::Press {
                press,
                changed,
                board,
            } => Walked {
                tap: press,
                changed,
                board,
            },
        }
    }
}

/// The proof's argument in words, its cells listed (no board is drawn beside it).
fn proof_sentence_of<K: ExplainKind>(answer: &Answer<K>, proof: &K::Proof) -> String {
    K::proof_sentence(answer.puzzle(), proof, false)
}

/// The proof's weights, row-major.
fn proof_weights_of<K: ExplainKind>(_answer: &Answer<K>, proof: &K::Proof) -> Vec<u8> {
    K::proof_weights(proof)
}

/// The answers of a batch of boards as arrays, in the boards' order.
#[pyclass(frozen, module = "flipgame")]
pub struct ManySolutions {
    /// The fewest taps of each board, -1 where no taps finish it.
    #[pyo3(get)]
    moves: Py<PyArray1<i64>>,
    /// The colour each board is finished in (0 white, 1 black, or K's colour number), -1
    /// where no taps finish it.
    #[pyo3(get)]
    goal: Py<PyArray1<i16>>,
    /// True where the count is proven the fewest (and for impossible boards).
    #[pyo3(get)]
    optimal: Py<PyArray1<bool>>,
    /// No taps fewer than this finish each board (the count itself where proven), -1 where no
    /// taps finish it.
    #[pyo3(get)]
    lower_bound: Py<PyArray1<i64>>,
    /// With `taps=True`, each board's tap counts as a 3-D `uint8` array; else `None`.
    #[pyo3(get)]
    taps: Option<Py<PyArray3<u8>>>,
}

/// What a batch keeps of one board's answer: its fewest taps (-1 for none), the colour reached
/// (-1 for none) and whether the count is proven. Small, as a million of them are written by
/// the solving threads.
#[derive(Clone, Copy, Default)]
pub struct Kept {
    moves: i64,
    goal: i16,
    optimal: bool,
    lower_bound: i64,
}

impl Kept {
    /// What is kept of `answer`.
    pub fn of<K: ExplainKind>(answer: Option<&SolutionOf<K>>) -> Kept {
        match answer {
            Some(solution) => Kept {
                moves: solution.taps.tap_count() as i64,
                goal: i16::from(K::color_number(solution.color)),
                optimal: solution.optimal,
                lower_bound: solution.lower_bound as i64,
            },
            None => Kept {
                moves: -1,
                goal: -1,
                optimal: true,
                lower_bound: -1,
            },
        }
    }

    /// What is kept of `answer`, and its taps.
    pub fn with_taps<K: ExplainKind>(answer: Option<SolutionOf<K>>) -> (Kept, Option<K::Taps>) {
        let kept = Kept::of::<K>(answer.as_ref());
        (kept, answer.map(|solution| solution.taps))
    }
}

impl ManySolutions {
    /// The arrays of what was `kept` of the answers of boards of `shape`, and of their tap
    /// counts (row-major, board after board) when they were kept.
    pub fn new(
        py: Python<'_>,
        shape: Shape,
        kept: &[Kept],
        taps: Option<Vec<u8>>,
    ) -> ManySolutions {
        let moves: Array1<i64> = kept.iter().map(|k| k.moves).collect();
        let goal: Array1<i16> = kept.iter().map(|k| k.goal).collect();
        let optimal: Array1<bool> = kept.iter().map(|k| k.optimal).collect();
        let lower_bound: Array1<i64> = kept.iter().map(|k| k.lower_bound).collect();
        ManySolutions {
            moves: moves.into_pyarray(py).unbind(),
            goal: goal.into_pyarray(py).unbind(),
            optimal: optimal.into_pyarray(py).unbind(),
            lower_bound: lower_bound.into_pyarray(py).unbind(),
            taps: taps.map(|taps| flat_array(py, shape, kept.len(), taps).unbind()),
        }
    }
}

#[pymethods]
impl ManySolutions {
    fn __len__(&self, py: Python<'_>) -> usize {
        use numpy::PyUntypedArrayMethods;
        self.moves.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("ManySolutions(boards={})", self.__len__(py))
    }

    /// One array a board for each answer: `moves`, `goal`, `optimal` and `lower_bound`, as a
    /// dict a DataFrame takes (`pandas.DataFrame(...)`, `polars.DataFrame(...)`).
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let columns = PyDict::new(py);
        columns.set_item("moves", self.moves.bind(py))?;
        columns.set_item("goal", self.goal.bind(py))?;
        columns.set_item("optimal", self.optimal.bind(py))?;
        columns.set_item("lower_bound", self.lower_bound.bind(py))?;
        Ok(columns)
    }

    /// The answers as a pandas DataFrame, a row a board (the columns of `columns()`).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.frame(py, "pandas", "to_pandas")
    }

    /// The answers as a polars DataFrame, a row a board (the columns of `columns()`).
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.frame(py, "polars", "to_polars")
    }

    /// What pickle keeps of a batch: its arrays, from which `ManySolutions._restore` makes it
    /// again.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let restore = slf.get_type().getattr("_restore")?;
        let this = slf.get();
        let arguments = (
            this.moves.bind(py),
            this.goal.bind(py),
            this.optimal.bind(py),
            this.lower_bound.bind(py),
            this.taps.as_ref().map(|taps| taps.bind(py)),
        )
            .into_bound_py_any(py)?;
        Ok((restore, arguments))
    }

    /// The batch `__reduce__` kept, its arrays of one length a board.
    #[staticmethod]
    fn _restore(
        moves: Bound<'_, PyArray1<i64>>,
        goal: Bound<'_, PyArray1<i16>>,
        optimal: Bound<'_, PyArray1<bool>>,
        lower_bound: Bound<'_, PyArray1<i64>>,
        taps: Option<Bound<'_, PyArray3<u8>>>,
    ) -> PyResult<ManySolutions> {
        use numpy::PyUntypedArrayMethods;
        let boards = moves.len();
        let lengths = [goal.len(), optimal.len(), lower_bound.len()];
        let taps_boards = taps.as_ref().map_or(boards, |taps| taps.shape()[0]);
        if lengths.iter().any(|&length| length != boards) || taps_boards != boards {
            return Err(flip_error(
                "a pickled batch whose arrays are not one length a board".to_string(),
            ));
        }
        Ok(ManySolutions {
            moves: moves.unbind(),
            goal: goal.unbind(),
            optimal: optimal.unbind(),
            lower_bound: lower_bound.unbind(),
            taps: taps.map(Bound::unbind),
        })
    }
}

impl ManySolutions {
    /// The columns as a DataFrame of `library` (pandas or polars), for the method `method`.
    fn frame<'py>(
        &self,
        py: Python<'py>,
        library: &str,
        method: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let module = py.import(library).map_err(|error| {
            PyImportError::new_err(format!(
                "{method}() needs {library} (pip install {library}); columns() gives the same \
                 columns as numpy arrays ({error})"
            ))
        })?;
        module.getattr("DataFrame")?.call1((self.columns(py)?,))
    }
}

/// A record as the Python value `json.loads` would give of its JSON: dicts in the fields'
/// order, lists, numbers, strings and `None`.
pub fn to_python<'py>(py: Python<'py>, record: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, record)?)
}
