//! The readers the judges share: cells written as digits or letters, counts, and how the
//! cases of an input follow each other (framed by rows, or announced by a count line), so that
//! a bad case takes no good one with it where the format says where the next one starts.

use super::{Case, Emit, JudgeError, Token, Tokens};
use crate::grid::{Grid, Shape};
use crate::puzzle::Puzzle;
use crate::words::count_of;

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

/// `count` of `what`, a plural such as "tiles" (one of them is the word without its s).
fn how_many(count: u64, what: &str) -> String {
    count_of(count, what.trim_end_matches('s'), what)
}

/// Holds each row of a board's cells to its line where the cells start on a line of their own
/// (see [`read_state_cells`]).
pub(crate) struct RowLines<'a> {
    cols: usize,
    /// The cells, plural, such as "tiles".
    what: &'a str,
    /// The cells started on a line of their own: rows are held to their lines.
    by_lines: bool,
    /// The line of the cell before.
    last_line: Option<u64>,
}

impl<'a> RowLines<'a> {
    /// For the cells of `shape`, called `what` (plural).
    pub(crate) fn new(shape: Shape, what: &'a str) -> RowLines<'a> {
        RowLines {
            cols: shape.cols() as usize,
            what,
            by_lines: false,
            last_line: None,
        }
    }

    /// The error for `token`, cell `index` (from 0, row by row), when it is not on the line
    /// of its row.
    pub(crate) fn misplaced(&mut self, index: usize, token: &Token) -> Option<JudgeError> {
        let cols = self.cols;
        let how_many = |count: usize| how_many(count as u64, self.what);
        if index == 0 {
            self.by_lines = token.first || token.gap.has_line_break();
        }
        let last_line = self.last_line.replace(token.line);
        let line = last_line.filter(|_| self.by_lines)?;
        let (row, col) = (index / cols + 1, index % cols + 1);
        let misplaced = if col == 1 && token.line == line {
            format!("row {} has more than {}", row - 1, how_many(cols))
        } else if col > 1 && token.line != line {
            format!("row {row} has {} of its {}", col - 1, how_many(cols))
        } else {
            return None;
        };
        Some(self.off_its_line(token, &misplaced))
    }

    /// The error at `token` for a row not on a line of its own, `misplaced` saying which.
    fn off_its_line(&self, token: &Token, misplaced: &str) -> JudgeError {
        token.error(format!(
            "expected each row of {} on a line of its own, as the statement lays them out: \
             {misplaced}",
            how_many(self.cols as u64, self.what)
        ))
    }

    /// The error for `next`, the token after the board's last cell, when it goes on the last
    /// row's line: cells past the row, which would start the next case.
    pub(crate) fn past_the_last_row(
        &self,
        rows: usize,
        next: Option<&Token>,
    ) -> Option<JudgeError> {
        let next = next.filter(|next| self.by_lines && Some(next.line) == self.last_line)?;
        let cells = how_many(self.cols as u64, self.what);
        Some(self.off_its_line(next, &format!("row {rows} has more than {cells}")))
    }
}

/// Reads a number on the line of the token before, as a header such as `M N` has its numbers
/// on one line: a number missing from it would take the first cell of the board below instead,
/// and every case after would be read from the wrong place.
pub(crate) fn read_number_on_the_line(
    tokens: &mut Tokens<'_>,
    what: &str,
    most: u64,
) -> Result<u64, JudgeError> {
    if let Some(token) = tokens.peek()
        && token.gap.has_line_break()
    {
        let (line, column) = token.gap_place();
        return Err(JudgeError {
            advice: None,
            whole_input: false,
            line,
            column,
            message: format!("expected {what}, on this line, found the end of the line"),
        });
    }
    read_number(tokens, what, most)
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
    let mut rows = RowLines::new(shape, what);
    let digits = digits_in_words(states);
    let how_many = |count: usize| how_many(count as u64, what);
    let state_of = |byte: u8| byte.checked_sub(b'0').filter(|&state| state < states);
    for index in 0..cells {
        let Some(token) = tokens.next() else {
            return Err(first_error.unwrap_or_else(|| {
                tokens.error_at_end(format!(
                    "expected {} of {digits}, found the end after {index}",
                    how_many(cells)
                ))
            }));
        };
        if let Some(misplaced) = rows.misplaced(index, &token) {
            first_error.get_or_insert(misplaced);
        }
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
    if let Some(past) = rows.past_the_last_row(shape.rows() as usize, tokens.peek().as_ref()) {
        first_error.get_or_insert(past);
    }
    first_error.map_or(Ok(read), Err)
}

/// The hint for a row of letters written with spaces between them.
const SPACED_LETTERS: &str = " (a row's letters go together, with no space between them)";

/// What is wrong with a row of letters that is not `shape`'s width: `token`'s whole length,
/// which its kept bytes may not show.
fn row_length_words(shape: Shape, token: &Token) -> String {
    format!(
        "expected a row of {}, found {}",
        count_of(u64::from(shape.cols()), "letter", "letters"),
        count_of(token.characters(), "character", "characters")
    )
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
                first_error.get_or_insert(token.error_at(col, row_length_words(shape, &token)));
                break;
            }
            match letter {
                _ if letter == on => grid.set(row, col, true),
                _ if letter == off => {}
                _ => {
                    let case =
                        if letter.eq_ignore_ascii_case(&on) || letter.eq_ignore_ascii_case(&off) {
                            ": the judge tells capital letters from small ones"
                        } else {
                            ""
                        };
                    first_error.get_or_insert(token.error_at(
                        col,
                        format!(
                            "expected {expected}, found '{}'{case}",
                            String::from_utf8_lossy(&token.text[col..=col]).escape_debug()
                        ),
                    ));
                }
            }
        }
        if token.text.len() < shape.cols() as usize {
            let mut words = row_length_words(shape, &token);
            // More on the row's line: its letters were spaced apart.
            if tokens.peek().is_some_and(|next| !next.gap.has_line_break()) {
                words += SPACED_LETTERS;
            }
            first_error.get_or_insert(token.error_at(token.text.len(), words));
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
            let range = match most {
                u64::MAX => "a number of 1 or more".to_string(),
                _ => format!("a number from 1 to {most}"),
            };
            token.error(format!(
                "expected {what}, {range}, found {}",
                token.display()
            ))
        })
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
        emit(Err(token
            .error(format!(
                "expected a row of {}, found {}: the line is not a row (such as a count or a \
                 separator), so it is skipped on its own",
                or_letters(letters),
                token.display()
            ))
            .of_the_whole_input()));
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
                advice: None,
                whole_input: false,
                line,
                column: 1,
                message: format!("{expected}, found a blank line"),
            });
        }
        if token.line < line {
            return Err(token.error(format!(
                "{expected} on a line of its own, found it on line {} after row {row}{SPACED_LETTERS}",
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
        Err(error) => return emit(Err(error.of_the_whole_input())),
    };
    let announced = how_many(count, what);
    let mut last_failed = false;
    for read in 0..count {
        if tokens.peek().is_none() {
            return emit(Err(tokens
                .error_at_end(format!(
                    "the first line announces {announced}, but the input ends after {read}"
                ))
                .of_the_whole_input()));
        }
        match read_case(tokens) {
            Ok(case) => emit(Ok(case)),
            // After the last case announced, what follows is reported below.
            Err(error) if read + 1 == count => {
                last_failed = true;
                emit(Err(error));
            }
            Err(mut error) => {
                // A bad case may hold the next one's header: its place is lost.
                if tokens.peek().is_some() {
                    error.message += LOST_PLACE;
                }
                return emit(Err(error));
            }
        }
    }
    // After a bad last case, what follows is most likely the rest of it, already reported.
    if let Some(extra) = tokens.next()
        && !last_failed
    {
        emit(Err(extra
            .error(format!(
                "the first line announces {announced}, so the judge never reads from here on"
            ))
            .of_the_whole_input()));
    }
}
