//! Boards in and out: a board is read from flipgame's text (`bwwb/bbwb/bwwb/bwww`, digits for
//! K colours), from rows of numbers, or from a numpy array of rows and columns, and given back
//! as a 2-D `uint8` array of colour numbers (0 white, 1 black; 0 to K - 1).
//!
//! A `uint8` array is read where it lies, without a copy; an array of another integer or bool
//! dtype is widened to `int64` first, so a value out of range is reported as it is, never
//! wrapped into range. Every mistake names the board (`board`, `boards[3]`) and the place.

use numpy::ndarray::{Array2, Array3, ArrayViewD, Axis, Ix3};
use numpy::{
    IntoPyArray, PyArray2, PyArray3, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods,
    PyReadonlyArrayDyn, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Mutex;
use std::time::Duration;

use flipgame::grid::Shape;
use flipgame::input::ReadBoard;
use flipgame::kind::{SolutionOf, solve_all};
use flipgame::notation::Cells;
use flipgame::words::count_of;

use crate::errors::flip_error;
use crate::interrupt::{Watch, watched};
use flipgame::figure::explain::ExplainKind;

/// Reads one board of `puzzle`, named `what` in errors, from whatever Python gave.
pub fn read_board<K: ExplainKind>(
    puzzle: &K::Puzzle,
    value: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<K::Board> {
    let shape = K::shape(puzzle);
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        let cells = K::cells(puzzle, Cells::default());
        // The command line names a board by where it was read, and the column in that line.
        return K::Board::read_text(&text, shape, cells)
            .map_err(|error| flip_error(format!("{what}:1:{}: {error}", error.column)));
    }
    if let Ok(array) = value.cast::<PyUntypedArray>() {
        let numbers = Numbers::of(array, what)?;
        return match &numbers {
            Numbers::Bytes(array) => one_board::<K, _>(puzzle, array.as_array(), what),
            Numbers::Wide(array) => one_board::<K, _>(puzzle, array.as_array(), what),
        };
    }
    // A board of one row (a graph's vertices) may come as a list of numbers.
    let flat = (shape.rows() == 1)
        .then(|| value.extract::<Vec<i64>>().ok())
        .flatten();
    let rows: Vec<Vec<i64>> = match flat {
        Some(row) => vec![row],
        None => value.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: a board is text such as 'bwwb/bbwb/bwwb/bwww', a list of rows of \
                 numbers, or a 2-D numpy array, not {}",
                type_name(value)
            ))
        })?,
    };
    check_rows(&rows, shape, what)?;
    colors_to_board::<K>(puzzle, rows.iter().flatten().copied(), shape, what)
}

/// The answers of many boards: a 3-D numpy array (boards, rows, columns), read on the solving
/// threads with the interpreter lock let go, or any iterable of boards, read first.
pub fn solve_boards<K: ExplainKind, T: Default + Send>(
    py: Python<'_>,
    solver: &K::Solver,
    (value, limit, progress): (
        &Bound<'_, PyAny>,
        Option<Duration>,
        Option<&Bound<'_, PyAny>>,
    ),
    keep: impl Fn(Option<SolutionOf<K>>) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let puzzle = K::puzzle(solver);
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "boards: one text is one board: give a list of boards (or use solve)",
        ));
    }
    if let Ok(array) = value.cast::<PyUntypedArray>() {
        let shape = K::shape(puzzle);
        // Boards of one row (a graph's vertices) may come as a 2-D array, a board a row.
        let one_row = array.ndim() == 2 && shape.rows() == 1;
        if array.ndim() != 3 && !one_row {
            return Err(flip_error(format!(
                "boards: an array of boards has 3 dimensions (boards, rows, columns), not {}{}",
                array.ndim(),
                if shape.rows() == 1 {
                    ", or 2 (boards, cells) for boards of one row"
                } else {
                    ""
                }
            )));
        }
        let dims = array.shape();
        let (rows, cols) = if one_row {
            (1, dims[1])
        } else {
            (dims[1], dims[2])
        };
        check_dims(rows, cols, shape, "boards")?;
        let numbers = Numbers::of(array, "boards")?;
        return match &numbers {
            Numbers::Bytes(array) => {
                solve_array::<K, _, T>(py, (solver, limit), (array.as_array(), progress), keep)
            }
            Numbers::Wide(array) => {
                solve_array::<K, _, T>(py, (solver, limit), (array.as_array(), progress), keep)
            }
        };
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "boards: give a 3-D numpy array or an iterable of boards, not {}",
            type_name(value)
        ))
    })?;
    let boards = items
        .enumerate()
        .map(|(index, item)| read_board::<K>(puzzle, &item?, &format!("boards[{index}]")))
        .collect::<PyResult<Vec<K::Board>>>()?;
    let board_at = |index: usize| Ok(boards[index].clone());
    watched(py, progress, |watch| {
        solve_watched::<K, T>((solver, limit), (boards.len(), board_at), keep, watch)
    })?
}

/// [`solve_all`] of `count` boards, `watch` told how many are answered (Ctrl-C stops the batch).
fn solve_watched<K: ExplainKind, T: Default + Send>(
    solver: (&K::Solver, Option<Duration>),
    (count, board_at): (usize, impl Fn(usize) -> PyResult<K::Board> + Sync),
    keep: impl Fn(Option<SolutionOf<K>>) -> T + Send + Sync,
    watch: &mut Watch,
) -> PyResult<Vec<T>> {
    // Told by this thread while the others answer, or, with one thread, by the boards as this
    // thread takes them: the watch looks only on this thread.
    let watch = Mutex::new(watch);
    let answering = |done, total| {
        if let Ok(mut watch) = watch.try_lock() {
            watch.tell(ANSWERING, done, total);
        }
    };
    let board_at = |index: usize| {
        answering(index as u64, count as u64);
        board_at(index)
    };
    solve_all::<K, PyErr, T>(solver, count, board_at, keep, answering)
}

/// What a batch's progress says it is doing.
const ANSWERING: &str = "answering the boards";

/// The answers of the boards of a 3-D array of the puzzle's shape, each read and solved on
/// the library's threads.
fn solve_array<K: ExplainKind, N: Number, T: Default + Send>(
    py: Python<'_>,
    (solver, limit): (&K::Solver, Option<Duration>),
    (view, progress): (ArrayViewD<'_, N>, Option<&Bound<'_, PyAny>>),
    keep: impl Fn(Option<SolutionOf<K>>) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let puzzle = K::puzzle(solver);
    // Three dimensions, or two of one-row boards, checked by the caller: indexed as three,
    // not dimension by dimension.
    let view = if view.ndim() == 2 {
        view.insert_axis(Axis(1))
    } else {
        view
    };
    let view = view
        .into_dimensionality::<Ix3>()
        .map_err(|error| flip_error(format!("boards: {error}")))?;
    let count = view.shape()[0];
    room_for::<T>(count, "boards")?;
    watched(py, progress, |watch| {
        let board_at = |index: usize| {
            let board = view.index_axis(Axis(0), index).into_dyn();
            numbers_to_board::<K, N>(puzzle, board, || format!("boards[{index}]"))
        };
        solve_watched::<K, T>((solver, limit), (count, board_at), keep, watch)
    })?
}

/// The error when `count` values of `T` do not fit in this machine's memory: an array can
/// stand for more boards than it holds (a broadcast view), and their answers must not abort the
/// interpreter.
pub fn room_for<T>(count: usize, what: &str) -> PyResult<()> {
    Vec::<T>::new().try_reserve_exact(count).map_err(|_| {
        flip_error(format!(
            "{what}: the answers of {count} boards do not fit in memory: solve them in parts"
        ))
    })
}

/// The board as a 2-D `uint8` array of colour numbers.
pub fn board_array<'py, K: ExplainKind>(
    py: Python<'py>,
    board: &K::Board,
) -> Bound<'py, PyArray2<u8>> {
    let shape = K::board_shape(board);
    grid_array(py, shape, K::colors_of(board))
}

/// Colour numbers, row-major, as a 2-D array of `shape`.
pub fn grid_array(py: Python<'_>, shape: Shape, colors: Vec<u8>) -> Bound<'_, PyArray2<u8>> {
    let dims = (shape.rows() as usize, shape.cols() as usize);
    // The length is rows times columns by construction: every caller gives a whole board.
    Array2::from_shape_vec(dims, colors)
        .unwrap_or_else(|_| Array2::zeros(dims))
        .into_pyarray(py)
}

/// Boards of one shape, each as row-major colour numbers, as a 3-D array.
pub fn stack_arrays(py: Python<'_>, shape: Shape, boards: Vec<Vec<u8>>) -> Bound<'_, PyArray3<u8>> {
    let count = boards.len();
    flat_array(py, shape, count, boards.into_iter().flatten().collect())
}

/// `count` boards of `shape` as a 3-D array, from their colour numbers row-major one after
/// another.
pub fn flat_array(
    py: Python<'_>,
    shape: Shape,
    count: usize,
    flat: Vec<u8>,
) -> Bound<'_, PyArray3<u8>> {
    let dims = (count, shape.rows() as usize, shape.cols() as usize);
    // The length is boards times cells by construction: every caller gives whole boards.
    Array3::from_shape_vec(dims, flat)
        .unwrap_or_else(|_| Array3::zeros(dims))
        .into_pyarray(py)
}

/// A numpy array of whole numbers, borrowed as `uint8` or widened to `int64`.
enum Numbers<'py> {
    Bytes(PyReadonlyArrayDyn<'py, u8>),
    Wide(PyReadonlyArrayDyn<'py, i64>),
}

impl<'py> Numbers<'py> {
    /// The numbers of `array`, or why its dtype holds no colours.
    fn of(array: &Bound<'py, PyUntypedArray>, what: &str) -> PyResult<Numbers<'py>> {
        let dtype = array.dtype();
        let borrowed = |error| flip_error(format!("{what}: {error}"));
        if dtype.is_equiv_to(&numpy::dtype::<u8>(array.py())) {
            let bytes = array.cast::<PyArrayDyn<u8>>()?;
            return Ok(Numbers::Bytes(bytes.try_readonly().map_err(borrowed)?));
        }
        match dtype.kind() {
            b'b' | b'i' | b'u' => {
                let wide = array.call_method1("astype", ("int64",))?;
                let wide = wide.cast_into::<PyArrayDyn<i64>>()?;
                Ok(Numbers::Wide(wide.try_readonly().map_err(borrowed)?))
            }
            _ => Err(flip_error(format!(
                "{what}: an array of dtype {dtype} holds no colours: pieces are whole numbers \
                 (dtype uint8 is read without a copy)"
            ))),
        }
    }
}

/// The numbers an array of boards is read in: `uint8`, read in place, or `int64`.
trait Number: Copy + Into<i64> + Sync {
    /// The numbers as colour bytes, when they are bytes already.
    fn as_bytes(values: &[Self]) -> Option<&[u8]>;
}

impl Number for u8 {
    fn as_bytes(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }
}

impl Number for i64 {
    fn as_bytes(_values: &[i64]) -> Option<&[u8]> {
        None
    }
}

/// One board from a 2-D view of numbers.
fn one_board<K: ExplainKind, T: Number>(
    puzzle: &K::Puzzle,
    view: ArrayViewD<'_, T>,
    what: &str,
) -> PyResult<K::Board> {
    let shape = K::shape(puzzle);
    // A board of one row (a graph's vertices) may come as a 1-D array.
    let one_row = view.ndim() == 1 && shape.rows() == 1;
    if view.ndim() != 2 && !one_row {
        let many = if view.ndim() == 3 {
            ": for many boards use solve_many"
        } else if view.ndim() == 1 {
            ": a 1-D board is for a puzzle of one row, such as a graph's"
        } else {
            ""
        };
        return Err(flip_error(format!(
            "{what}: a board is a 2-D array (rows, columns), not {}-D{many}",
            view.ndim()
        )));
    }
    let (rows, cols) = if one_row {
        (1, view.shape()[0])
    } else {
        (view.shape()[0], view.shape()[1])
    };
    check_dims(rows, cols, shape, what)?;
    numbers_to_board::<K, T>(puzzle, view, || what.to_string())
}

/// The board of the numbers of `view`, of the puzzle's shape: straight from its bytes where
/// they are colour bytes in row-major order already (the common case, and the fast one),
/// else read number by number; `what` names it in an error.
fn numbers_to_board<K: ExplainKind, N: Number>(
    puzzle: &K::Puzzle,
    view: ArrayViewD<'_, N>,
    what: impl Fn() -> String,
) -> PyResult<K::Board> {
    let shape = K::shape(puzzle);
    if let Some(colors) = view.as_slice().and_then(N::as_bytes) {
        return K::board_of_colors(puzzle, colors)
            .map_err(|at| bad_color::<K>(puzzle, at, colors[at].into(), shape, &what()));
    }
    let values = view.iter().map(|&value| value.into());
    colors_to_board::<K>(puzzle, values, shape, &what())
}

/// The board of the colour numbers `values` (row-major), every one checked.
fn colors_to_board<K: ExplainKind>(
    puzzle: &K::Puzzle,
    values: impl Iterator<Item = i64>,
    shape: Shape,
    what: &str,
) -> PyResult<K::Board> {
    let mut colors = Vec::with_capacity(shape.cells() as usize);
    for (at, value) in values.enumerate() {
        match u8::try_from(value) {
            Ok(color) => colors.push(color),
            Err(_) => return Err(bad_color::<K>(puzzle, at, value, shape, what)),
        }
    }
    K::board_of_colors(puzzle, &colors)
        .map_err(|at| bad_color::<K>(puzzle, at, colors[at].into(), shape, what))
}

/// The error of a number that is no colour of the puzzle, at row-major position `at`.
fn bad_color<K: ExplainKind>(
    puzzle: &K::Puzzle,
    at: usize,
    value: i64,
    shape: Shape,
    what: &str,
) -> PyErr {
    let cols = shape.cols() as usize;
    flip_error(format!(
        "{what}: row {}, column {} holds {value}: a piece is {}",
        at / cols + 1,
        at % cols + 1,
        K::colors_words(puzzle)
    ))
}

/// Checks that rows of numbers are a board of `shape`.
fn check_rows(rows: &[Vec<i64>], shape: Shape, what: &str) -> PyResult<()> {
    if let Some((index, row)) = rows
        .iter()
        .enumerate()
        .find(|(_, row)| row.len() != shape.cols() as usize)
    {
        return Err(flip_error(format!(
            "{what}: row {} has {} numbers, but the puzzle's board is {shape}",
            index + 1,
            row.len()
        )));
    }
    check_dims(rows.len(), shape.cols() as usize, shape, what)
}

/// Checks that `rows` x `cols` is the puzzle's shape.
fn check_dims(rows: usize, cols: usize, shape: Shape, what: &str) -> PyResult<()> {
    if (rows, cols) == (shape.rows() as usize, shape.cols() as usize) {
        return Ok(());
    }
    let (rows, cols) = (rows as u64, cols as u64);
    Err(flip_error(format!(
        "{what}: a board of {} and {}, but the puzzle's board is {shape}",
        count_of(rows, "row", "rows"),
        count_of(cols, "column", "columns")
    )))
}

/// The name of a Python value's type, for an error.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "this".to_string(), |name| name.to_string())
}
