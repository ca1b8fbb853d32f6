//! The online judges of the family, each as a plug-in: a reader of its input, a writer of its
//! exact expected output, a checker of a contestant's output, and a writer of fresh inputs.
//!
//! A judge only translates. Every answer comes from [`crate::solve::Solver`] (or, for the
//! judges of K states in [`states`], [`crate::solve::states::StateSolver`]), the same core as
//! everything else: a judge says what its letters mean (which piece is "black", which finished
//! board counts), which rule and size its puzzle has, and how it spells the answer.
//!
//! Judges read tokens the way their C solutions do (`scanf`: any whitespace separates), so a
//! board split over lines differently still reads; the checker compares tokens too, and says
//! separately where an output relied on that tolerance.

mod hdu5755;
mod leetcode1284;
mod poj1166;
mod poj1222;
mod poj1681;
mod poj1753;
mod poj2965;
mod poj3185;
mod poj3279;
pub mod states;
mod timus1122;
mod tokens;
mod uva10309;

use std::fmt;

use crate::grid::{Grid, Shape};
use crate::notation::{Cell, Color};
use crate::puzzle::Puzzle;
use crate::random::Generator;
use crate::solve::Solution;
use crate::words::{count_of, tap_word};

pub use tokens::{Gap, KEPT_BYTES, Layout, Line, Mark, Token, Tokens, without_byte_order_mark};

/// Where a judge's reader hands each case it reads, or the error where one went wrong.
pub type Emit<'e> = dyn FnMut(Result<Case, JudgeError>) + 'e;

/// Every case of an input held in memory, in order (for inputs known to be small: generated
/// ones, tests).
pub fn read_all(judge: &dyn Judge, input: &[u8]) -> Vec<Result<Case, JudgeError>> {
    let mut cases = Vec::new();
    judge.read(&mut Tokens::of_input(input), &mut |case| cases.push(case));
    cases
}

/// One case of a judge's input: the puzzle it poses and where it starts.
#[derive(Clone, Debug)]
pub struct Case {
    /// Size, rule and goal, as the judge states them.
    pub puzzle: Puzzle,
    /// The board, black meaning "needs turning" in the judge's own terms (see each judge).
    pub board: Grid,
    /// The case's name, for judges that give one (UVa 10309).
    pub name: Option<String>,
    /// Line of the input where the case starts, from 1.
    pub line: u64,
}

/// A place in a judge's input or a contestant's output that is wrong, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeError {
    /// Line, from 1.
    pub line: u64,
    /// Column in characters, from 1.
    pub column: u64,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for JudgeError {
    /// `LINE:COL: message`; the caller puts the file's name in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// A case the judge's statement defines no output for (a board it promises never comes), and
/// why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unanswerable {
    /// What the statement promises that this case breaks.
    pub why: &'static str,
}

impl fmt::Display for Unanswerable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.why)
    }
}

impl std::error::Error for Unanswerable {}

/// The verdict on a contestant's answer to one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Correct. `whitespace` says where it differs from the judge's own spacing, if anywhere:
    /// judges that compare byte for byte would call that a presentation error.
    Accepted {
        /// The first place the spacing differs, and how.
        whitespace: Option<JudgeError>,
    },
    /// Wrong, with the reason and the place in the output.
    Rejected(JudgeError),
}

/// The limits a judge's statement puts on its inputs, for generating test data.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The smallest and largest rows and columns a board may have (equal for fixed sizes).
    pub rows: (u32, u32),
    /// As `rows`, for columns.
    pub cols: (u32, u32),
    /// True when boards are square.
    pub square: bool,
    /// The most cases one input may hold (1 for single-case judges).
    pub cases: u64,
    /// True when the statement allows boards that cannot be finished.
    pub impossible: bool,
}

impl Limits {
    /// A shape within the limits, each side drawn uniformly (square where boards are).
    pub fn random_shape(&self, generator: &mut Generator) -> Shape {
        let side = |generator: &mut Generator, (low, high): (u32, u32)| {
            low + generator.below(u64::from(high - low + 1)) as u32
        };
        let rows = side(generator, self.rows);
        let cols = if self.square {
            rows
        } else {
            side(generator, self.cols)
        };
        Shape::new(rows, cols).unwrap_or(Shape::FLIP_GAME)
    }
}

/// A judge: its input and output formats, and how it judges.
pub trait Judge: Sync {
    /// The name on the command line, such as `poj3279`.
    fn name(&self) -> &'static str;

    /// The problem, such as `POJ 3279 Fliptile`.
    fn problem(&self) -> &'static str;

    /// The limits of the statement.
    fn limits(&self) -> Limits;

    /// The puzzle of a board of `shape` (the judge's rule and goal).
    fn puzzle(&self, shape: Shape) -> Puzzle;

    /// The puzzle of a generated case: the judge's own, or a random one where the input
    /// carries its rule (Timus 1122).
    fn random_puzzle(&self, shape: Shape, _generator: &mut Generator) -> Puzzle {
        self.puzzle(shape)
    }

    /// Reads an input: each case, or where one went wrong, handed to `emit` as soon as it is
    /// read (so that an input of any size takes little memory). A wrong case does not take
    /// the others with it when the format says where the next one starts.
    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>);

    /// The word a judge that answers with a count prints for a board that cannot be finished
    /// (`Impossible`, `inf`, `-1`).
    fn impossible_word(&self) -> &'static str {
        "Impossible"
    }

    /// Writes the judge's expected output for case `index` (from 1) given the core's answer;
    /// an error when the statement defines no output for it (a board it promises never comes).
    /// By default a line with the fewest taps, or the impossible word.
    fn write(
        &self,
        _case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        write_count_or(answer, self.impossible_word(), out);
        Ok(())
    }

    /// Reads a contestant's answer to case `index` from `output` and judges it against the
    /// core's answer. By default a line with the fewest taps, or the impossible word.
    fn check(
        &self,
        _case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        let token = output.next_in(Layout::LineStart);
        verdict(
            check_count(token, output, answer, self.impossible_word()),
            output,
        )
    }

    /// Writes an input holding `cases`.
    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>);

    /// The statement's own words for the sizes it allows, where the reader takes larger ones
    /// (flipgame answers any size): `1 <= M <= 15; 1 <= N <= 15`.
    fn stated_sizes(&self) -> Option<&'static str> {
        None
    }
}

/// The statement's limit a case breaks, quoted, when its board is outside the sizes the
/// statement allows: the judge never gives such a case, though flipgame answers it.
pub fn outside_the_statement(judge: &dyn Judge, case: &Case) -> Option<&'static str> {
    let limits = judge.limits();
    let shape = case.board.shape();
    let within = |(least, most): (u32, u32), side: u32| (least..=most).contains(&side);
    let fits = within(limits.rows, shape.rows()) && within(limits.cols, shape.cols());
    if fits { None } else { judge.stated_sizes() }
}

/// Judges a contestant's answer to case `number` (from 1), read from `output`, as the judge's
/// own checker would: `answer` is the core's; a case the statement defines no output for is
/// refused, and an accepted answer carries the first place its spacing differs from the
/// judge's own, if any.
pub fn judge_case(
    judge: &dyn Judge,
    case: &Case,
    number: u64,
    answer: Option<&Solution>,
    output: &mut Tokens<'_>,
) -> Result<Verdict, Unanswerable> {
    let mut expected = Vec::new();
    judge.write(case, number, answer, &mut expected)?;
    let verdict = judge.check(case, number, answer, output);
    Ok(settle_verdict(verdict, output))
}

/// Ends a case's output after its check: an accepted answer carries the first place its
/// spacing differs from the judge's own, if any.
fn settle_verdict(mut verdict: Verdict, output: &mut Tokens<'_>) -> Verdict {
    output.end_case();
    let note = output.take_spacing_note();
    if let Verdict::Accepted { whitespace } = &mut verdict {
        *whitespace = note;
    }
    verdict
}

/// Every judge, in the order the guide lists them.
pub fn all() -> [&'static dyn Judge; 9] {
    [
        &poj1753::Poj1753,
        &poj3279::Poj3279,
        &poj1222::Poj1222,
        &poj1681::Poj1681,
        &uva10309::Uva10309,
        &poj3185::Poj3185,
        &leetcode1284::Leetcode1284,
        &poj2965::Poj2965,
        &timus1122::Timus1122,
    ]
}

/// The judge called `name`, if there is one.
pub fn by_name(name: &str) -> Option<&'static dyn Judge> {
    all().into_iter().find(|judge| judge.name() == name)
}

/// Every judge of boards of K states, in the order the guide lists them.
pub fn state_judges() -> [&'static dyn states::StateJudge; 3] {
    [&hdu5755::Hdu5755, &poj1166::POJ1166, &poj1166::USACO_CLOCKS]
}

/// The judge of boards of K states called `name`, if there is one.
pub fn state_judge_by_name(name: &str) -> Option<&'static dyn states::StateJudge> {
    state_judges()
        .into_iter()
        .find(|judge| judge.name() == name)
}

/// A random case for `judge`: a board of a random shape within its limits, drawn uniformly.
pub fn random_case(judge: &dyn Judge, generator: &mut Generator) -> Case {
    let shape = judge.limits().random_shape(generator);
    let mut board = Grid::new(shape);
    generator.fill(&mut board);
    Case {
        puzzle: judge.random_puzzle(shape, generator),
        board,
        name: None,
        line: 0,
    }
}

/// Reads the cells of `shape`, one token of `0` or `1` each, as [`read_state_cells`] reads them.
pub(crate) fn read_digit_cells(
    tokens: &mut Tokens<'_>,
    shape: Shape,
    what: &str,
) -> Result<Grid, JudgeError> {
    let states = read_state_cells(tokens, shape, 2, what)?;
    let mut grid = Grid::new(shape);
    let cols = shape.cols() as usize;
    for (index, &state) in states.iter().enumerate() {
        grid.set(index / cols, index % cols, state == 1);
    }
    Ok(grid)
}

/// The digits a cell of `states` states may be, in words: `0 or 1`, `0, 1 or 2`, `0 to 3`.
fn digits_in_words(states: u8) -> String {
    match states {
        0..=2 => "0 or 1".to_string(),
        3 => "0, 1 or 2".to_string(),
        _ => format!("0 to {}", states - 1),
    }
}

/// Reads the cells of `shape`, one token each, a number below `states` (at most 10), row by
/// row. The judges read them with `scanf`, which takes them laid out any way, and some
/// statements print a sample on one line; but where the cells start on a line of their own,
/// the input is laid out as the statements lay it out, and each row is then held to its line:
/// that is what tells a row one cell short from a case that borrows the next one's header as
/// its last cells. Consumes exactly one token a cell when there are that many.
pub(crate) fn read_state_cells(
    tokens: &mut Tokens<'_>,
    shape: Shape,
    states: u8,
    what: &str,
) -> Result<Vec<u8>, JudgeError> {
    let cells = shape.cells() as usize;
    let mut read = Vec::with_capacity(cells);
    let mut first_error = None;
    let cols = shape.cols() as usize;
    let mut last_line = None;
    let mut by_lines = false;
    let digits = digits_in_words(states);
    let state_of = |byte: u8| byte.checked_sub(b'0').filter(|&state| state < states);
    for index in 0..cells {
        let Some(token) = tokens.next() else {
            return Err(first_error.unwrap_or_else(|| {
                tokens.error_at_end(format!(
                    "expected {cells} {what} of {digits}, found the end after {index}"
                ))
            }));
        };
        if index == 0 {
            by_lines = token.first || token.gap.has_line_break();
        }
        if let Some(line) = last_line.filter(|_| by_lines) {
            let (row, col) = (index / cols + 1, index % cols + 1);
            let misplaced = if col == 1 && token.line == line {
                Some(format!("row {} has more than {cols} {what}", row - 1))
            } else if col > 1 && token.line != line {
                Some(format!("row {row} has {} of its {cols} {what}", col - 1))
            } else {
                None
            };
            if let Some(misplaced) = misplaced {
                first_error.get_or_insert(token.error(format!(
                    "expected each row of {cols} {what} on a line of its own, as the statement \
                     lays them out: {misplaced}"
                )));
            }
        }
        last_line = Some(token.line);
        let state = match token.text.as_slice() {
            &[byte] => state_of(byte),
            _ => None,
        };
        match state {
            Some(state) => read.push(state),
            None => {
                read.push(0);
                // One digit below `states` is read above, so all such digits here are a run.
                let hint = if token.text.iter().all(|&b| state_of(b).is_some()) {
                    ": the judge reads one number per cell, separated by spaces"
                } else {
                    ""
                };
                first_error.get_or_insert(token.error(format!(
                    "expected {digits}, found {}{hint}",
                    token.display()
                )));
            }
        }
    }
    first_error.map_or(Ok(read), Err)
}

/// Reads `rows` tokens of `cols` letters each, `on` setting a cell and `off` clearing it.
pub(crate) fn read_letter_rows(
    tokens: &mut Tokens<'_>,
    shape: Shape,
    (on, off): (u8, u8),
) -> Result<Grid, JudgeError> {
    let mut grid = Grid::new(shape);
    let mut first_error = None;
    let expected = format!("'{}' or '{}'", on as char, off as char);
    for row in 0..shape.rows() as usize {
        let Some(token) = tokens.next() else {
            return Err(first_error.unwrap_or_else(|| {
                tokens.error_at_end(format!(
                    "expected {} rows of {} {expected}, found the end after {row}",
                    shape.rows(),
                    shape.cols()
                ))
            }));
        };
        for (col, &letter) in token.text.iter().enumerate() {
            if col >= shape.cols() as usize {
                first_error.get_or_insert(token.error_at(
                    col,
                    format!(
                        "expected a row of {} letters, found {}",
                        shape.cols(),
                        token.text.len()
                    ),
                ));
                break;
            }
            match letter {
                _ if letter == on => grid.set(row, col, true),
                _ if letter == off => {}
                _ => {
                    first_error.get_or_insert(token.error_at(
                        col,
                        format!(
                            "expected {expected}, found '{}'",
                            String::from_utf8_lossy(&token.text[col..=col]).escape_debug()
                        ),
                    ));
                }
            }
        }
        if token.text.len() < shape.cols() as usize {
            first_error.get_or_insert(token.error_at(
                token.text.len(),
                format!(
                    "expected a row of {} letters, found {}",
                    shape.cols(),
                    token.text.len()
                ),
            ));
        }
    }
    first_error.map_or(Ok(grid), Err)
}

/// Reads a count such as a number of cases or a side, from 1 to `most`.
pub(crate) fn read_number(
    tokens: &mut Tokens<'_>,
    what: &str,
    most: u64,
) -> Result<u64, JudgeError> {
    let token = tokens
        .next()
        .ok_or_else(|| tokens.error_at_end(format!("expected {what}, found the end")))?;
    std::str::from_utf8(&token.text)
        .ok()
        .and_then(|text| text.parse::<u64>().ok())
        .filter(|n| (1..=most).contains(n))
        .ok_or_else(|| {
            token.error(format!(
                "expected {what}, a number from 1 to {most}, found {}",
                token.display()
            ))
        })
}

/// The bits of `grid`, row by row, as `0`/`1` separated by single spaces: the press matrix as
/// judges print it.
pub fn write_digit_rows(grid: &Grid, out: &mut Vec<u8>) {
    let shape = grid.shape();
    for row in 0..shape.rows() as usize {
        for col in 0..shape.cols() as usize {
            if col > 0 {
                out.push(b' ');
            }
            out.push(if grid.get(row, col) { b'1' } else { b'0' });
        }
        out.push(b'\n');
    }
}

/// The rows of `grid` as letters, `on` for a set cell.
pub(crate) fn write_letter_rows(grid: &Grid, (on, off): (u8, u8), out: &mut Vec<u8>) {
    let shape = grid.shape();
    for row in 0..shape.rows() as usize {
        for col in 0..shape.cols() as usize {
            out.push(if grid.get(row, col) { on } else { off });
        }
        out.push(b'\n');
    }
}

/// Writes a count, or `impossible` when the board cannot be finished.
pub(crate) fn write_count_or(answer: Option<&Solution>, impossible: &str, out: &mut Vec<u8>) {
    match answer {
        Some(solution) => out.extend_from_slice(solution.moves().to_string().as_bytes()),
        None => out.extend_from_slice(impossible.as_bytes()),
    }
    out.push(b'\n');
}

/// Judges one token that should be the fewest taps, or the word `impossible`.
pub(crate) fn check_count(
    token: Option<Token>,
    output: &mut Tokens<'_>,
    answer: Option<&Solution>,
    impossible: &str,
) -> Result<(), JudgeError> {
    let token = token.ok_or_else(|| {
        output.error_at_end(match answer {
            Some(solution) => format!("expected {}, found the end", solution.moves()),
            None => format!("expected {impossible}, found the end"),
        })
    })?;
    if token.text == impossible.as_bytes() {
        return match answer {
            None => Ok(()),
            Some(solution) => Err(token.error(format!(
                "the board can be finished, in {} {}",
                solution.moves(),
                tap_word(solution.moves())
            ))),
        };
    }
    let number = std::str::from_utf8(&token.text)
        .ok()
        .and_then(|text| text.parse::<i64>().ok());
    if let Some(number) = number
        && number.to_string().as_bytes() != token.text
    {
        // `04`, `+4`, `-0`: a judge that compares tokens as text calls these wrong.
        let expected = answer.map_or_else(|| impossible.to_string(), |s| s.moves().to_string());
        return Err(token.error(format!(
            "expected '{expected}', found {}: {number} written another way, which a judge \
             comparing the tokens as text calls a wrong answer",
            token.display()
        )));
    }
    match (answer, number) {
        (Some(solution), Some(number)) => {
            let fewest = solution.moves();
            match number.cmp(&i64::try_from(fewest).unwrap_or(i64::MAX)) {
                std::cmp::Ordering::Equal => Ok(()),
                std::cmp::Ordering::Greater => Err(token.error(format!(
                    "{number} is not the fewest: the fewest is {fewest}"
                ))),
                std::cmp::Ordering::Less => Err(token.error(format!(
                    "{number} is fewer than any taps can do: the fewest is {fewest}"
                ))),
            }
        }
        (None, Some(number)) => Err(token.error(format!(
            "{number}: the board cannot be finished, so the answer is {impossible}"
        ))),
        (_, None) if token.text.eq_ignore_ascii_case(impossible.as_bytes()) => {
            Err(token.error(format!(
                "expected '{impossible}', found {}: judges compare words exactly",
                token.display()
            )))
        }
        (_, None) => Err(token.error(format!(
            "expected a number or '{impossible}', found {}",
            token.display()
        ))),
    }
}

/// The verdict of a check: after a rejection the rest of the line is skipped, so the next
/// case starts where the judge's layout puts it.
pub(crate) fn verdict(result: Result<(), JudgeError>, output: &mut Tokens<'_>) -> Verdict {
    match result {
        Ok(()) => Verdict::Accepted { whitespace: None },
        Err(error) => {
            output.skip_line();
            Verdict::Rejected(error)
        }
    }
}

/// Judges a tap set a contestant gave for a board: it must finish the board, be the fewest,
/// and (when `least` is asked) be the least of the optimal sets in the row-major order.
pub(crate) fn check_taps(
    case: &Case,
    taps: &Grid,
    answer: Option<&Solution>,
    least: bool,
    place: &Token,
) -> Result<(), JudgeError> {
    let Some(solution) = answer else {
        return Err(place.error("the board cannot be finished, so no taps are right".into()));
    };
    let facts = TapFacts::of(&case.puzzle, &case.board, taps, answer);
    if !facts.finished {
        let wrong = Cell::from(first_wrong_cell(
            &facts.after,
            case.puzzle.goal().colors()[0],
        ));
        return Err(place.error(format!(
            "these {} {} leave the board unfinished ({wrong} among others)",
            taps.count(),
            tap_word(taps.count()),
        )));
    }
    if taps.count() > solution.moves() {
        return Err(place.error(format!(
            "{} the fewest: the fewest is {}",
            match taps.count() {
                1 => "this 1 tap finishes the board but is not".to_string(),
                count => format!("these {count} taps finish the board but are not"),
            },
            solution.moves()
        )));
    }
    if least && !facts.least {
        let (row, col) = first_difference(taps, &solution.taps);
        return Err(place.error(format!(
            "a fewest tap set, but not the least one the judge asks for: read row by row, the \
             least has {} at {}",
            u8::from(solution.taps.get(row, col)),
            Cell::new(row, col)
        )));
    }
    Ok(())
}

/// What a tap set does to a board, against the core's answer for it.
#[derive(Clone, Debug)]
pub struct TapFacts {
    /// The board after the taps.
    pub after: Grid,
    /// The taps finish the board.
    pub finished: bool,
    /// The fewest taps, or `None` when the board cannot be finished.
    pub fewest: Option<u64>,
    /// The taps finish the board in the fewest taps.
    pub optimal: bool,
    /// The taps are the least of the fewest sets, read row by row.
    pub least: bool,
}

impl TapFacts {
    /// The facts of `taps` on `board` of `puzzle`, whose answer (from the core) is `answer`.
    pub fn of(puzzle: &Puzzle, board: &Grid, taps: &Grid, answer: Option<&Solution>) -> TapFacts {
        let mut after = board.clone();
        puzzle.apply(&mut after, taps);
        let finished = puzzle.is_finished(&after);
        let fewest = answer.map(Solution::moves);
        let optimal = finished && fewest == Some(taps.count());
        TapFacts {
            after,
            finished,
            fewest,
            optimal,
            least: optimal && answer.is_some_and(|solution| solution.taps == *taps),
        }
    }
}

/// The first cell, row-major, that is not `color`.
fn first_wrong_cell(board: &Grid, color: Color) -> (usize, usize) {
    let mut wrong = Grid::filled(board.shape(), color);
    wrong.xor_with(board);
    wrong.cells().next().unwrap_or((0, 0))
}

/// The first cell, row-major, where two grids differ.
fn first_difference(a: &Grid, b: &Grid) -> (usize, usize) {
    let mut difference = a.clone();
    difference.xor_with(b);
    difference.cells().next().unwrap_or((0, 0))
}

/// What marks where a case of a format starts, so that a reader can go on after a bad one.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Framing {
    /// Nothing does (numbers read with `scanf`, a header that may itself be the bad token):
    /// after a bad case the reader cannot tell where the next one starts, so it reads no
    /// further rather than answer cases it made up.
    Unmarked,
    /// A case is `lines` consecutive lines of one row each, written in `letters`: a bad case
    /// ends `lines` lines after its first, and a line that is no row (a count, a separator) is
    /// skipped on its own, as plain `solve` does.
    Rows {
        /// Lines of one case.
        lines: u64,
        /// Every letter a row of the case may hold.
        letters: &'static [u8],
    },
}

/// Why reading stops after a bad case of an [`Framing::Unmarked`] format.
const LOST_PLACE: &str = "; nothing in this format marks where the next case starts, so no \
                          case after this one is read";

/// Reads the whole of `input` with `read_case` until the tokens run out: the inputs of
/// single-case judges, where several cases back to back are read one after another, framed
/// as `framing` says.
pub(crate) fn read_back_to_back<C>(
    tokens: &mut Tokens<'_>,
    emit: &mut dyn FnMut(Result<C, JudgeError>),
    framing: Framing,
    mut read_case: impl FnMut(&mut Tokens<'_>) -> Result<C, JudgeError>,
) {
    loop {
        if let Framing::Rows { letters, .. } = framing {
            skip_lines_that_are_no_rows(tokens, letters, emit);
        }
        let Some(first) = tokens.peek() else {
            break;
        };
        let read = match framing {
            Framing::Rows { lines, .. } => {
                rows_on_their_lines(tokens, first.line, lines).and_then(|()| read_case(tokens))
            }
            Framing::Unmarked => read_case(tokens),
        };
        match (read, framing) {
            (Ok(case), _) => emit(Ok(case)),
            (Err(mut error), Framing::Unmarked) => {
                if tokens.peek().is_some() {
                    error.message += LOST_PLACE;
                }
                emit(Err(error));
                break;
            }
            (Err(error), Framing::Rows { lines, .. }) => {
                emit(Err(error));
                tokens.skip_to_line(first.line + lines);
            }
        }
    }
    // Every token read is in a case or an error: none means the input was empty.
    if !tokens.started() {
        emit(Err(tokens.error_at_end(
            "expected a case, found an empty input".into(),
        )));
    }
}

/// Reads 4x4 boards of letter rows back to back, `letters[0]` setting a cell and `letters[1]`
/// clearing it, each a case of `puzzle`: POJ 1753's and POJ 2965's inputs.
pub(crate) fn read_letter_boards(
    tokens: &mut Tokens<'_>,
    emit: &mut Emit<'_>,
    letters: &'static [u8; 2],
    puzzle: &Puzzle,
) {
    let framing = Framing::Rows { lines: 4, letters };
    read_back_to_back(tokens, emit, framing, |tokens| {
        let line = tokens.peek().map_or(1, |token| token.line);
        let board = read_letter_rows(tokens, Shape::FLIP_GAME, (letters[0], letters[1]))?;
        Ok(Case {
            puzzle: puzzle.clone(),
            board,
            name: None,
            line,
        })
    })
}

/// Skips the lines ahead that are no rows (fewer than half their characters are `letters`),
/// each reported as an error of its own.
fn skip_lines_that_are_no_rows<C>(
    tokens: &mut Tokens<'_>,
    letters: &[u8],
    emit: &mut dyn FnMut(Result<C, JudgeError>),
) {
    while let Some(token) = tokens.peek() {
        let is_letter = |byte: &u8| letters.contains(byte);
        let row_letters = token.text.iter().filter(|byte| is_letter(byte)).count();
        if 2 * row_letters >= token.text.len() {
            return;
        }
        emit(Err(token.error(format!(
            "expected a row of {}, found {}: the line is not a row (such as a count or a \
             separator), so it is skipped on its own",
            or_letters(letters),
            token.display()
        ))));
        tokens.skip_to_line(token.line + 1);
    }
}

/// `'a', 'b' or 'c'`.
fn or_letters(letters: &[u8]) -> String {
    let quoted: Vec<String> = letters
        .iter()
        .map(|&letter| format!("'{}'", letter as char))
        .collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Checks that the `lines` rows of the case starting at line `start` are one a line, on
/// consecutive lines: a row missing, or two on one line, would shift every later case.
pub(crate) fn rows_on_their_lines(
    tokens: &mut Tokens<'_>,
    start: u64,
    lines: u64,
) -> Result<(), JudgeError> {
    for row in 0..lines {
        let Some(token) = tokens.peek_nth(row as usize) else {
            return Ok(());
        };
        let line = start + row;
        let expected = format!(
            "expected row {} of {lines} of the case from line {start}",
            row + 1
        );
        if token.line > line {
            return Err(JudgeError {
                line,
                column: 1,
                message: format!("{expected}, found a blank line"),
            });
        }
        if token.line < line {
            return Err(token.error(format!(
                "{expected} on a line of its own, found it on line {} after row {row}",
                token.line
            )));
        }
    }
    Ok(())
}

/// Reads a count line then that many cases with `read_case`; a missing or extra case is an
/// error at its place.
pub(crate) fn read_counted<C>(
    tokens: &mut Tokens<'_>,
    emit: &mut dyn FnMut(Result<C, JudgeError>),
    what: &str,
    most: u64,
    mut read_case: impl FnMut(&mut Tokens<'_>) -> Result<C, JudgeError>,
) {
    let count = match read_number(tokens, &format!("the number of {what}"), most) {
        Ok(count) => count,
        Err(error) => return emit(Err(error)),
    };
    let announced = count_of(count, what.trim_end_matches('s'), what);
    for read in 0..count {
        if tokens.peek().is_none() {
            return emit(Err(tokens.error_at_end(format!(
                "the first line announces {announced}, but the input ends after {read}"
            ))));
        }
        match read_case(tokens) {
            Ok(case) => emit(Ok(case)),
            // After the last case announced, what follows is reported below.
            Err(error) if read + 1 == count => emit(Err(error)),
            Err(mut error) => {
                // A bad case may hold the next one's header: its place is lost.
                if tokens.peek().is_some() {
                    error.message += LOST_PLACE;
                }
                return emit(Err(error));
            }
        }
    }
    if let Some(extra) = tokens.next() {
        emit(Err(extra.error(format!(
            "the first line announces {announced}; the judge never reads this"
        ))));
    }
}

#[cfg(test)]
mod tests;
