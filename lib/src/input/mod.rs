//! A streaming reader of boards: bytes in, boards and positioned errors out.
//!
//! The parser is fed the input in chunks of any size and keeps only a few bytes of state, so
//! memory stays flat however long the input or any line in it. It does no I/O itself: the caller
//! reads, the parser hands each [`Record`] to a callback as soon as it is complete.
//! [`BoardReader`] turns that round for callers that want a loop: it reads, and hands out the
//! records one at a time.
//!
//! The format: a board is 4 lines of 4 pieces, `b` or `w` in either case. Boards follow each
//! other directly or with blank lines between them. Leading and trailing spaces and tabs and
//! carriage returns are ignored, and so is a UTF-8 byte-order mark at the very start; a space
//! between two pieces is an error.
//!
//! Recovery after an error: a board takes the next 4 lines that are not blank, and a blank line
//! always ends a board. So a malformed row spoils only its own board, and a board cut short by a
//! blank line leaves the next one intact.
//!
//! Two paths give the same answers: a fast path that takes a whole well-formed board (or row) of
//! `xxxx\n` lines at once, and a careful path that walks byte by byte through everything else.

use std::fmt;

use memchr::memchr;

use crate::grid::StateBoard;
use crate::grid::{Grid, Shape};
use crate::notation::{BoardTextError, Cells, Expected, Found, state_of_digit};
use crate::settings::{self, Advice, Names, Setting};

mod reader;
mod whole;

pub use reader::{BoardReader, LONGEST_LINE};

/// One board read from the input, or the error that spoiled one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record<B = Grid> {
    /// A well-formed board, with the line its first row is on.
    Board {
        /// The board.
        board: B,
        /// Line of the board's first row, from 1.
        line: u64,
    },
    /// A board that could not be read.
    Malformed(InputError),
}

/// A board the parser reads pieces into: two-sided pieces ([`Grid`]) or pieces of K colours
/// ([`StateBoard`]). The parser is written once over it, the 4x4 board of two-sided pieces
/// keeping its fast paths.
pub trait ReadBoard: Clone + fmt::Debug + Eq + Sized {
    /// The notation boards of this kind are read in when `cells` is asked for: two-sided pieces
    /// read a K-state notation as its digits `0` and `1`, and pieces of K colours read a
    /// two-sided one as digits of two states, so no piece is ever read as another.
    fn notation(cells: Cells) -> Cells;
    /// The empty board of `shape` that pieces are read into one by one, or `None` where the
    /// parser keeps the board in 16 bits (the 4x4 board of two-sided pieces).
    fn reading(shape: Shape, cells: Cells) -> Option<Self>;
    /// Places piece `state` (a number in the board's notation) at `row`, `col`.
    fn place(&mut self, row: usize, col: usize, state: u8);
    /// Row `row`'s words, where rows of letters are read a word at a time.
    fn row_words(&mut self, row: usize) -> Option<&mut [u64]>;
    /// The 4x4 board of two-sided pieces from its 16 bits, row-major from the highest.
    fn from_bits16(bits: u16) -> Self;
    /// The 4x4 board of two-sided pieces from its rows' 4 bits each.
    fn from_row_nibbles(rows: [u8; 4]) -> Self;
    /// A board of `shape` given on one line, written in `cells` (see [`ReadBoard::notation`]).
    fn read_text(text: &str, shape: Shape, cells: Cells) -> Result<Self, BoardTextError>;
}

impl ReadBoard for Grid {
    fn notation(cells: Cells) -> Cells {
        match cells {
            Cells::States(_) => Cells::Digits,
            two_sided => two_sided,
        }
    }

    fn reading(shape: Shape, _cells: Cells) -> Option<Grid> {
        (!shape.is_flip_game()).then(|| Grid::new(shape))
    }

    #[inline(always)]
    fn place(&mut self, row: usize, col: usize, state: u8) {
        self.set(row, col, state == 1);
    }

    #[inline(always)]
    fn row_words(&mut self, row: usize) -> Option<&mut [u64]> {
        Some(self.row_mut(row))
    }

    #[inline(always)]
    fn from_bits16(bits: u16) -> Grid {
        Grid::from_bits16(bits)
    }

    #[inline(always)]
    fn from_row_nibbles(rows: [u8; 4]) -> Grid {
        Grid::from_row_nibbles(rows)
    }

    fn read_text(text: &str, shape: Shape, cells: Cells) -> Result<Grid, BoardTextError> {
        crate::board::parse(text, shape, Self::notation(cells))
    }
}

impl ReadBoard for StateBoard {
    fn notation(cells: Cells) -> Cells {
        Cells::States(states_in(cells))
    }

    fn reading(shape: Shape, cells: Cells) -> Option<StateBoard> {
        Some(StateBoard::new(shape, states_in(cells)))
    }

    #[inline]
    fn place(&mut self, row: usize, col: usize, state: u8) {
        self.set(row, col, state);
    }

    fn row_words(&mut self, _row: usize) -> Option<&mut [u64]> {
        None
    }

    fn from_bits16(bits: u16) -> StateBoard {
        let mut board = StateBoard::new(Shape::FLIP_GAME, 2);
        for cell in 0..16 {
            board.set(cell / 4, cell % 4, (bits >> (15 - cell) & 1) as u8);
        }
        board
    }

    fn from_row_nibbles(rows: [u8; 4]) -> StateBoard {
        let bits = rows.iter().fold(0, |bits, &row| bits << 4 | u16::from(row));
        Self::from_bits16(bits)
    }

    fn read_text(text: &str, shape: Shape, cells: Cells) -> Result<StateBoard, BoardTextError> {
        StateBoard::parse(text, shape, states_in(cells))
    }
}

/// The states of pieces written in `cells`: K for K-state digits, two for a two-sided notation.
fn states_in(cells: Cells) -> u8 {
    match cells {
        Cells::States(states) => states,
        _ => 2,
    }
}

/// Where a board went wrong and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// Line of the spoiled board's first row, from 1.
    pub board_line: u64,
    /// Line of the error, from 1.
    pub line: u64,
    /// Column of the error, in characters from 1.
    pub column: u64,
    /// What the input should have had there.
    pub expected: Expected,
    /// What it had.
    pub found: Found,
    /// For a row of another length made only of pieces: the size that would fit it, as
    /// (rows, columns), for a `--size` suggestion.
    pub size_hint: Option<(u32, u64)>,
    /// True when the line is not a row at all (a count, `M N`, `---`, a comment: it is not
    /// mostly piece letters): it was skipped on its own and no board lost its framing.
    pub not_a_row: bool,
    /// True when the line holds carriage returns with no line feed after them: a file with
    /// lone CR line ends, read as one long line.
    pub lone_cr: bool,
    /// The other notation every cell of the line is written in, where one is: the hint then
    /// names its flag.
    pub notation: Option<OtherNotation>,
}

/// A notation of cells other than the one being read, that a whole line is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherNotation {
    /// `0` and `1` only (`--cells 01`).
    ZeroOne,
    /// `#` and `.` only (`--cells .#`).
    HashDot,
    /// Decimal digits, the largest of them this one (2 to 9): a board of more states.
    Digits(u8),
}

/// The characters of one line, so far, for telling which other notation it is written in.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineNotation {
    cells: u64,
    hash_dot: bool,
    largest_digit: Option<u8>,
    other: bool,
}

impl LineNotation {
    /// The notation of every character of `text` but `/` and spaces.
    pub fn of(text: &[u8]) -> LineNotation {
        let mut notation = LineNotation::default();
        for &byte in text {
            notation.see(byte);
        }
        notation
    }

    /// Takes one more character of the line (spaces and `/` say nothing).
    pub fn see(&mut self, byte: u8) {
        match byte {
            b' ' | b'\t' | b'\r' | b'/' => {}
            b'#' | b'.' => {
                self.cells += 1;
                self.hash_dot = true;
            }
            b'0'..=b'9' => {
                self.cells += 1;
                let digit = byte - b'0';
                self.largest_digit = Some(self.largest_digit.map_or(digit, |d| d.max(digit)));
            }
            _ => self.other = true,
        }
    }

    /// Takes the `count` cells written in `cells` before the line's first error.
    fn see_cells(&mut self, cells: Cells, count: u64) {
        match cells {
            Cells::Digits => self.see(b'1'),
            Cells::Dots => self.see(b'.'),
            Cells::Letters | Cells::States(_) => self.other = true,
        }
        self.cells += count.saturating_sub(1);
    }

    /// How many cells of the other notations the line has.
    pub fn cells(self) -> u64 {
        self.cells
    }

    /// The one other notation the whole line is in, if it is in one.
    pub fn notation(self) -> Option<OtherNotation> {
        match (self.other, self.hash_dot, self.largest_digit) {
            (false, true, None) => Some(OtherNotation::HashDot),
            (false, false, Some(0 | 1)) => Some(OtherNotation::ZeroOne),
            (false, false, Some(largest)) => Some(OtherNotation::Digits(largest)),
            _ => None,
        }
    }
}

impl fmt::Display for InputError {
    /// `LINE:COL: expected ..., found ...`; the caller puts the input's name in front. The
    /// settings it advises are named as a Rust caller chooses them ([`settings::RUST`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_advice(f, settings::RUST)
    }
}

impl Advice for InputError {
    /// `LINE:COL: expected ..., found ...`, and advice in the words of `names`.
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )?;
        // A line written whole in another notation: the flag that reads it.
        let reading = match self.expected {
            Expected::Piece => Some(Cells::Letters),
            Expected::Cell(cells) => Some(cells),
            _ => None,
        };
        match (reading, self.notation) {
            (Some(Cells::Letters | Cells::Dots), Some(OtherNotation::ZeroOne)) => write!(
                f,
                " (for rows of 0/1, give {})",
                names(Setting::Cells(Cells::Digits))
            )?,
            (Some(Cells::Letters | Cells::Digits), Some(OtherNotation::HashDot)) => write!(
                f,
                " (for rows of #/., give {})",
                names(Setting::Cells(Cells::Dots))
            )?,
            (
                Some(Cells::Letters | Cells::Digits | Cells::Dots),
                Some(OtherNotation::Digits(d)),
            ) => write!(
                f,
                " (for boards of more than two states, such as digits up to {d}, give {} or \
                 more)",
                names(Setting::States(u32::from(d) + 1))
            )?,
            _ => {}
        }
        if let (Expected::Cell(Cells::States(states)), Found::Char(ch)) =
            (self.expected, self.found)
            && let Some(state) = u8::try_from(ch).ok().and_then(state_of_digit)
            && state >= states
            && !self.not_a_row
        {
            match ch {
                // Most likely a board of black and white given --states by mistake.
                'b' | 'B' | 'w' | 'W' => write!(
                    f,
                    "; '{ch}' is a {} piece without {}, or the digit {state} with {} or more",
                    if ch.eq_ignore_ascii_case(&'b') {
                        "black"
                    } else {
                        "white"
                    },
                    names(Setting::AnyStates),
                    names(Setting::States(u32::from(state) + 1))
                )?,
                _ => write!(
                    f,
                    "; the digit '{ch}' needs {} or more",
                    names(Setting::States(u32::from(state) + 1))
                )?,
            }
        }
        if self.lone_cr {
            f.write_str(
                "; the line has carriage returns with no line feed after them (lone CR line \
                 ends, as in old Mac files): turn them into line feeds first, such as with tr \
                 '\\r' '\\n'",
            )?;
        }
        if let Some((rows, cols)) = self.size_hint {
            if !matches!(self.found, Found::Pieces(_)) {
                let plural = if cols == 1 { "piece" } else { "pieces" };
                write!(f, "; the row has {cols} {plural}")?;
            }
            write!(
                f,
                ": did you mean {}?",
                names(Setting::Size(u64::from(rows), cols))
            )?;
        }
        if self.not_a_row {
            f.write_str(
                "; the line is not a row (such as a count, a size or a separator), so it is \
                 skipped on its own",
            )?;
        }
        Ok(())
    }
}

const BYTE_ORDER_MARK: [u8; 3] = [0xEF, 0xBB, 0xBF];
/// Pieces in a row of the 4x4 board, and rows in it.
const PIECES: u32 = 4;
/// Bytes of one well-formed 4x4 row: the pieces and a newline.
const ROW_BYTES: usize = PIECES as usize + 1;
/// Bytes of one well-formed board.
const BOARD_BYTES: usize = ROW_BYTES * PIECES as usize;

/// A non-ASCII character met where a piece or the end of a row should be, gathered byte by byte
/// so the error can show it whole even when it straddles two chunks.
#[derive(Clone, Copy, Debug)]
struct PendingChar {
    bytes: [u8; 4],
    len: u8,
    need: u8,
    column: u64,
    expected: Expected,
}

impl PendingChar {
    fn found(&self) -> Found {
        match std::str::from_utf8(&self.bytes[..self.len as usize]) {
            Ok(text) => text
                .chars()
                .next()
                .map_or(Found::Byte(self.bytes[0]), Found::Char),
            Err(_) => Found::Byte(self.bytes[0]),
        }
    }
}

/// The streaming board parser. Feed it chunks with [`BoardParser::feed`], then call
/// [`BoardParser::finish`] once at the end of the input.
#[derive(Debug)]
pub struct BoardParser<B: ReadBoard = Grid> {
    /// Bytes of the byte-order mark matched so far, or `None` once past the start.
    bom_matched: Option<u8>,
    shape: Shape,
    /// How cells are written.
    cells: Cells,
    /// The board being read, piece by piece; `None` for the 4x4 board of two-sided pieces,
    /// read into `board_bits`.
    board: Option<B>,
    line: u64,
    column: u64,
    rows_done: u32,
    board_bits: u16,
    board_line: u64,
    pieces: u32,
    row_bits: u8,
    /// The first space or tab of the current run on this line, with its column.
    space: Option<(u8, u64)>,
    line_has_text: bool,
    /// The current board is spoiled: its remaining lines are skipped unread.
    skipping: bool,
    pending: Option<PendingChar>,
    /// The first error on the current line, held back until the line ends: only then is it
    /// known whether the line is a damaged row (mostly piece letters: it spoils its board) or no
    /// row at all (skipped on its own). With whether it was a row too long, on a board's first
    /// row (which may suggest another size).
    suspect: Option<(InputError, bool, bool)>,
    /// The rest of the current line is counted, not read, after an error on it.
    line_spoiled: bool,
    /// Piece letters and other characters (not spaces) on the current line, for telling a
    /// damaged row from a line that is no row.
    line_letters: u64,
    line_others: u64,
    /// The characters of the current line from its first error on (and what was read before
    /// it), for a hint when the line is written in another notation.
    line_notation: LineNotation,
    /// The current line has a carriage return followed by more than spaces.
    line_lone_cr: bool,
    /// Only whole 4x4 boards were taken since the last feed, by [`BoardParser::whole_board`],
    /// after one that checked the state allowed it.
    between_whole_boards: bool,
}

impl Default for BoardParser {
    fn default() -> Self {
        BoardParser::new()
    }
}

impl BoardParser {
    /// A parser of 4x4 boards at the start of an input.
    pub fn new() -> BoardParser {
        BoardParser::with_shape(Shape::FLIP_GAME)
    }

    /// A parser of boards of `shape` at the start of an input.
    pub fn with_shape(shape: Shape) -> BoardParser {
        BoardParser::with_cells(shape, Cells::Letters)
    }
}

impl<B: ReadBoard> BoardParser<B> {
    /// A parser of boards of `shape` whose cells are written in `cells` (as the board type
    /// reads it: [`ReadBoard::notation`]).
    pub fn with_cells(shape: Shape, cells: Cells) -> BoardParser<B> {
        let cells = B::notation(cells);
        BoardParser {
            bom_matched: Some(0),
            shape,
            cells,
            board: B::reading(shape, cells),
            line: 1,
            column: 1,
            rows_done: 0,
            board_bits: 0,
            board_line: 1,
            pieces: 0,
            row_bits: 0,
            space: None,
            line_has_text: false,
            skipping: false,
            pending: None,
            suspect: None,
            line_spoiled: false,
            line_letters: 0,
            line_others: 0,
            line_notation: LineNotation::default(),
            line_lone_cr: false,
            between_whole_boards: false,
        }
    }

    /// Parses the next chunk of input, handing every completed record to `emit`. An error from
    /// `emit` stops the parse and is returned.
    pub fn feed<E>(
        &mut self,
        input: &[u8],
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<(), E> {
        self.between_whole_boards = false;
        let input = self.skip_byte_order_mark(input, emit)?;
        self.parse(input, emit)
    }

    /// Ends the input: a last line without a newline still counts, and a board cut short is an
    /// error.
    pub fn finish<E>(
        &mut self,
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<(), E> {
        self.between_whole_boards = false;
        if let Some(matched @ 1..) = self.bom_matched.take() {
            self.parse(&BYTE_ORDER_MARK[..matched as usize], emit)?;
        }
        if let Some(pending) = self.pending.take() {
            self.suspect_other(pending.column, pending.expected, pending.found());
        }
        if self.column > 1 {
            self.end_line(emit)?;
        }
        if self.rows_done > 0 && !self.skipping {
            let expected = Expected::Row {
                number: self.rows_done + 1,
                of: self.shape.rows(),
            };
            self.fail(1, expected, Found::EndOfInput, emit)?;
        }
        self.end_board();
        Ok(())
    }

    /// The board `input` starts with, and the bytes it took, when it is a whole well-formed 4x4
    /// board where a board may begin: the pull reader's road past the callback for the common
    /// case. `None` (anything else) leaves the parser as it was, for [`BoardParser::feed`].
    #[inline(always)]
    fn whole_board(&mut self, input: &[u8]) -> Option<(Record<B>, usize)> {
        if !self.may_take_whole_boards() {
            return None;
        }
        let rows = fast_board(input)?;
        let record = Record::Board {
            board: B::from_row_nibbles(rows),
            line: self.line,
        };
        self.line += u64::from(PIECES);
        Some((record, BOARD_BYTES))
    }

    /// Takes the whole well-formed 4x4 boards `input` starts with, where a board may begin, as
    /// [`BoardParser::whole_board`] takes them one at a time: their ids ([`Grid::bits16`]) are
    /// pushed onto `ids`; returns the bytes they took and the line of the first.
    fn whole_board_ids(&mut self, input: &[u8], ids: &mut Vec<u16>) -> (usize, u64) {
        let first_line = self.line;
        if !self.may_take_whole_boards() {
            return (0, first_line);
        }
        let before = ids.len();
        let bytes = whole::board_ids(input, ids);
        self.line += (ids.len() - before) as u64 * u64::from(PIECES);
        (bytes, first_line)
    }

    /// True when the next bytes may be read as a whole 4x4 board: the conditions of the push
    /// parser's own whole-board path, and past the start, where a byte-order mark may still be
    /// coming. A whole board leaves them as they were, so after one they hold until the next
    /// feed.
    #[inline(always)]
    fn may_take_whole_boards(&mut self) -> bool {
        if !self.between_whole_boards {
            if self.board.is_some()
                || self.rows_done != 0
                || self.bom_matched.is_some()
                || !self.at_clean_line_start()
            {
                return false;
            }
            self.between_whole_boards = true;
        }
        true
    }

    /// Strips a byte-order mark at the start of the input, even one split across chunks; a
    /// partial match that fails is parsed as ordinary (and so malformed) bytes.
    fn skip_byte_order_mark<'a, E>(
        &mut self,
        mut input: &'a [u8],
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<&'a [u8], E> {
        while let Some(matched) = self.bom_matched {
            let Some((&byte, rest)) = input.split_first() else {
                break;
            };
            if byte == BYTE_ORDER_MARK[matched as usize] {
                input = rest;
                self.bom_matched = (matched + 1 < 3).then_some(matched + 1);
            } else {
                self.bom_matched = None;
                self.parse(&BYTE_ORDER_MARK[..matched as usize], emit)?;
            }
        }
        Ok(input)
    }

    fn parse<E>(
        &mut self,
        mut input: &[u8],
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<(), E> {
        while !input.is_empty() {
            if self.at_clean_line_start() {
                if let Some(board) = self.board.as_mut() {
                    // Any shape but 4x4: one row at a time, into the board being read.
                    let row = board.row_words(self.rows_done as usize);
                    let cols = self.shape.cols();
                    if let Some(used) = row.and_then(|row| fast_wide_row(input, row, cols)) {
                        self.pieces = self.shape.cols();
                        self.line_letters = u64::from(self.shape.cols());
                        self.line_has_text = true;
                        self.end_line(emit)?;
                        input = &input[used..];
                        continue;
                    }
                } else {
                    if self.rows_done == 0 {
                        while let Some(rows) = fast_board(input) {
                            emit(Record::Board {
                                board: B::from_row_nibbles(rows),
                                line: self.line,
                            })?;
                            self.line += u64::from(PIECES);
                            input = &input[BOARD_BYTES..];
                        }
                    }
                    if let Some((nibble, used)) = fast_row(input) {
                        self.row_bits = nibble;
                        self.pieces = PIECES;
                        self.line_letters = u64::from(PIECES);
                        self.line_has_text = true;
                        self.end_line(emit)?;
                        input = &input[used..];
                        continue;
                    }
                }
            }
            let used = self.parse_careful(input, emit)?;
            input = &input[used..];
        }
        Ok(())
    }

    fn at_clean_line_start(&self) -> bool {
        // The fast paths read b/w letters only.
        self.cells == Cells::Letters
            && self.column == 1
            && !self.skipping
            && self.pending.is_none()
            && !self.line_has_text
    }

    /// Walks the input byte by byte up to and including the end of the current line; returns
    /// how many bytes it used.
    fn parse_careful<E>(
        &mut self,
        input: &[u8],
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<usize, E> {
        if self.skipping || self.line_spoiled {
            return self.skip_line(input, emit);
        }
        for (used, &byte) in input.iter().enumerate() {
            if let Some(mut pending) = self.pending.take() {
                if byte & 0xC0 == 0x80 && pending.len < pending.need {
                    pending.bytes[pending.len as usize] = byte;
                    pending.len += 1;
                    self.pending = Some(pending);
                    continue;
                }
                // The character is whole, or cut short: either way the next byte is not part
                // of it, and the rest of the line (this byte on) is counted, not read.
                self.suspect_other(pending.column, pending.expected, pending.found());
                return Ok(used);
            }
            match byte {
                b'\n' => {
                    self.end_line(emit)?;
                    return Ok(used + 1);
                }
                b' ' | b'\t' | b'\r' => {
                    if self.space.is_none() {
                        self.space = Some((byte, self.column));
                    }
                }
                _ => {
                    self.line_has_text = true;
                    if matches!(self.space, Some((b'\r', _))) {
                        self.line_lone_cr = true;
                    }
                    let pieces = self.shape.cols();
                    if self.pieces == 0 {
                        // Spaces before a row's first piece are indentation: a row is its letters.
                        self.space = None;
                    }
                    let piece = self.expected_piece();
                    if self.pieces < pieces
                        && !self.cells.spaced()
                        && let Some((space, column)) = self.space
                    {
                        self.suspect(column, piece, Found::Char(space.into()), false);
                        self.count(byte);
                        return Ok(used + 1);
                    }
                    let expected = if self.pieces < pieces {
                        piece
                    } else {
                        Expected::EndOfRow { pieces }
                    };
                    match self.cells.state(byte) {
                        Some(state) if self.pieces < pieces => {
                            let (row, col) = (self.rows_done as usize, self.pieces as usize);
                            match self.board.as_mut() {
                                Some(board) => board.place(row, col, state),
                                None => self.row_bits = (self.row_bits << 1) + state,
                            }
                            self.pieces += 1;
                            self.line_letters += 1;
                        }
                        Some(_) => {
                            // One piece too many: the rest of the line is counted before saying
                            // so, to suggest the size it fits.
                            self.suspect(self.column, expected, Found::Char(byte.into()), true);
                            self.line_letters += 1;
                            return Ok(used + 1);
                        }
                        _ if byte.is_ascii() => {
                            self.suspect_other(self.column, expected, Found::Char(byte.into()));
                            return Ok(used + 1);
                        }
                        _ => match utf8_length(byte) {
                            Some(need) => {
                                self.pending = Some(PendingChar {
                                    bytes: [byte, 0, 0, 0],
                                    len: 1,
                                    need,
                                    column: self.column,
                                    expected,
                                });
                            }
                            None => {
                                self.suspect_other(self.column, expected, Found::Byte(byte));
                                return Ok(used + 1);
                            }
                        },
                    }
                }
            }
            self.column += 1;
        }
        Ok(input.len())
    }

    /// Skips the rest of a line of a spoiled board without looking at it, except to learn
    /// whether the line is blank (a blank line ends the board).
    fn skip_line<E>(
        &mut self,
        input: &[u8],
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<usize, E> {
        let (line, used) = match memchr(b'\n', input) {
            Some(end) => (&input[..end], end + 1),
            None => (input, input.len()),
        };
        if !self.line_has_text {
            self.line_has_text = line.iter().any(|&b| !matches!(b, b' ' | b'\t' | b'\r'));
        }
        for &byte in line {
            self.count(byte);
        }
        // Any position past the start of the line: the column is no longer reported.
        self.column = self.column.max(2);
        if used > line.len() {
            self.end_line(emit)?;
        }
        Ok(used)
    }

    /// Records the error that spoils the current board and starts skipping the board's lines.
    fn fail<E>(
        &mut self,
        column: u64,
        expected: Expected,
        found: Found,
        emit: &mut impl FnMut(Record<B>) -> Result<(), E>,
    ) -> Result<(), E> {
        let error = self.spoil(column, expected, found);
        emit(Record::Malformed(error))
    }

    /// The error that spoils the current board; the board's lines are skipped from here.
    fn spoil(&mut self, column: u64, expected: Expected, found: Found) -> InputError {
        self.skipping = true;
        self.line_has_text = true;
        self.column = self.column.max(2);
        self.error_here(column, expected, found)
    }

    fn error_here(&self, column: u64, expected: Expected, found: Found) -> InputError {
        let board_line = if self.rows_done == 0 {
            self.line
        } else {
            self.board_line
        };
        InputError {
            board_line,
            line: self.line,
            column,
            expected,
            found,
            size_hint: None,
            not_a_row: false,
            lone_cr: false,
            notation: None,
        }
    }

    /// Holds back the first error on a line until the line ends (see `suspect`), and counts
    /// the rest of the line instead of reading it.
    fn suspect(&mut self, column: u64, expected: Expected, found: Found, too_long: bool) {
        if self.pieces > 0 {
            self.line_notation
                .see_cells(self.cells, u64::from(self.pieces));
        }
        match found {
            Found::Char(ch) if ch.is_ascii() => self.line_notation.see(ch as u8),
            _ => self.line_notation.see(0),
        }
        let error = self.error_here(column, expected, found);
        self.suspect = Some((error, too_long, self.rows_done == 0));
        self.line_spoiled = true;
        self.line_has_text = true;
        self.column = self.column.max(2);
    }

    /// [`suspect`](Self::suspect) for a character that is no piece letter (nor a space), met
    /// first on its line.
    fn suspect_other(&mut self, column: u64, expected: Expected, found: Found) {
        self.suspect(column, expected, found, false);
        // The line's first error, so its first character of another kind: the careful path
        // reads a line only until its first error, and counts none before it.
        self.line_others = 1;
    }

    /// Counts a byte of the current line as a piece letter or as something else (spaces, and
    /// the inner bytes of a UTF-8 character, count as nothing).
    fn count(&mut self, byte: u8) {
        self.line_notation.see(byte);
        match byte {
            b' ' | b'\t' | b'\r' => {}
            _ if self.cells.state(byte).is_some() => self.line_letters += 1,
            _ if byte & 0xC0 == 0x80 => {}
            _ => self.line_others += 1,
        }
    }

    /// What a cell should be, in the parser's notation.
    fn expected_piece(&self) -> Expected {
        match self.cells {
            Cells::Letters => Expected::Piece,
            other => Expected::Cell(other),
        }
    }

    /// The size a row of `pieces` pieces suggests: square boards stay square.
    fn size_for(&self, pieces: u64) -> (u32, u64) {
        let rows = if self.shape.rows() == self.shape.cols() {
            u32::try_from(pieces).unwrap_or(u32::MAX)
        } else {
            self.shape.rows()
        };
        (rows, pieces)
    }

    fn end_line<E>(&mut self, emit: &mut impl FnMut(Record<B>) -> Result<(), E>) -> Result<(), E> {
        let (letters, others) = (self.line_letters, self.line_others);
        // A line in another notation is a row of it when it has a row's cells (a lone number is
        // a count).
        let line_notation = std::mem::take(&mut self.line_notation);
        let notation = line_notation
            .notation()
            .filter(|_| line_notation.cells() == u64::from(self.shape.cols()));
        self.line_letters = 0;
        self.line_others = 0;
        if let Some((error, ..)) = &mut self.suspect {
            error.notation = notation;
        }
        self.line_spoiled = false;
        // A line that is not mostly piece letters is no row (a count, `M N`, `---`, a comment):
        // it is reported if it was read, skipped on its own, and never joins a board. A whole
        // row in another notation is a row, spoiling its board: skipped on its own, it would
        // let the next board's first row finish this one.
        if self.line_has_text && letters < others.max(1) && notation.is_none() {
            if let Some((mut error, ..)) = self.suspect.take() {
                error.not_a_row = true;
                emit(Record::Malformed(error))?;
            }
            return self.next_line();
        }
        if let Some((mut error, too_long, first_row)) = self.suspect.take() {
            error.lone_cr = self.line_lone_cr;
            let fits = others == 0 && letters <= u64::from(crate::grid::MAX_SIDE);
            if too_long && first_row && fits && !self.line_lone_cr {
                error.size_hint = Some(self.size_for(letters));
            }
            self.skipping = true;
            emit(Record::Malformed(error))?;
        }
        let blank = !self.line_has_text;
        let (rows, pieces) = (self.shape.rows(), self.shape.cols());
        if blank {
            if self.rows_done > 0 && !self.skipping {
                let expected = Expected::Row {
                    number: self.rows_done + 1,
                    of: rows,
                };
                self.fail(1, expected, Found::BlankLine, emit)?;
            }
            self.end_board();
        } else {
            if self.rows_done == 0 {
                self.board_line = self.line;
            }
            if !self.skipping && self.pieces < pieces {
                let column = u64::from(self.pieces) + 1;
                let found = Found::Pieces(self.pieces);
                let mut error = self.spoil(column, Expected::FullRow { pieces }, found);
                // A row with no pieces is never short: it is blank, no row, or spoiled.
                if self.rows_done == 0 {
                    error.size_hint = Some(self.size_for(u64::from(self.pieces)));
                }
                emit(Record::Malformed(error))?;
            }
            self.rows_done += 1;
            self.board_bits = (self.board_bits << PIECES) | u16::from(self.row_bits);
            if self.rows_done == rows {
                if !self.skipping {
                    let line = self.board_line;
                    let board = match self.board.as_ref() {
                        Some(board) => board.clone(),
                        None => B::from_bits16(self.board_bits),
                    };
                    emit(Record::Board { board, line })?;
                }
                self.end_board();
            }
        }
        self.next_line()
    }

    /// Moves to the start of the next line.
    fn next_line<E>(&mut self) -> Result<(), E> {
        self.line += 1;
        self.column = 1;
        self.pieces = 0;
        self.row_bits = 0;
        self.space = None;
        self.line_has_text = false;
        self.line_lone_cr = false;
        Ok(())
    }

    fn end_board(&mut self) {
        // A spoiled or unfinished board may leave pieces in `board`: they need no clearing, as
        // a board is emitted only once each of its rows has been read whole, and reading a row
        // writes every cell of it.
        self.rows_done = 0;
        self.board_bits = 0;
        self.skipping = false;
    }
}

/// The length of the UTF-8 character a lead byte starts, or `None` for a byte that starts none.
fn utf8_length(lead: u8) -> Option<u8> {
    match lead {
        0xC2..=0xDF => Some(2),
        0xE0..=0xEF => Some(3),
        0xF0..=0xF4 => Some(4),
        _ => None,
    }
}

/// The 4 bits of a row of 4 piece letters (first letter most significant), or `None` unless all
/// four are `b`, `w`, `B` or `W`. Works on the four bytes at once.
#[inline(always)]
fn row_nibble(row: [u8; 4]) -> Option<u8> {
    let word = u32::from_le_bytes(row);
    // Setting bit 5 folds case; then 'b' becomes 0x00 and 'w' becomes 0x15 in every byte.
    let folded = (word | 0x2020_2020) ^ 0x6262_6262;
    let low_bits = folded & 0x0101_0101;
    if folded != low_bits * 0x15 {
        return None;
    }
    // Black letters have bit 0 clear. Gather the four flags into the top nibble, first byte
    // highest: the shifts 31, 22, 13 and 4 never collide, so the multiply adds no carries.
    let black = !word & 0x0101_0101;
    Some((black.wrapping_mul(0x8040_2010) >> 28) as u8)
}

/// A well-formed row ending in `\n` or `\r\n`: its bits and the bytes it takes.
#[inline(always)]
fn fast_row(input: &[u8]) -> Option<(u8, usize)> {
    let row: &[u8; ROW_BYTES + 1] = match input.get(..ROW_BYTES + 1) {
        Some(row) => row.try_into().ok()?,
        None => return None,
    };
    let used = match (row[4], row[5]) {
        (b'\n', _) => ROW_BYTES,
        (b'\r', b'\n') => ROW_BYTES + 1,
        _ => return None,
    };
    Some((row_nibble([row[0], row[1], row[2], row[3]])?, used))
}

/// A well-formed row of `row`'s length in columns (`cols`) ending in `\n` or `\r\n`, read into
/// `row` eight letters at a time: the bytes it takes, or `None` when the row is anything else
/// (with `row` part written: the careful reading that takes over writes every cell again).
fn fast_wide_row(input: &[u8], row: &mut [u64], cols: u32) -> Option<usize> {
    let cols = cols as usize;
    let used = match (input.get(cols)?, input.get(cols + 1)) {
        (b'\n', _) => cols + 1,
        (b'\r', Some(b'\n')) => cols + 2,
        _ => return None,
    };
    for (word, letters) in row.iter_mut().zip(input[..cols].chunks(64)) {
        let mut bits = 0u64;
        for eight in letters.chunks(8) {
            // A short last group is padded with white letters, which add no bits.
            let mut group = [b'w'; 8];
            group[..eight.len()].copy_from_slice(eight);
            bits = (bits << 8) + u64::from(row_byte(group)?);
        }
        *word = bits << ((64 - 8 * letters.len().div_ceil(8)) % 64);
    }
    Some(used)
}

/// The 8 bits of 8 piece letters (first letter most significant), or `None` unless all are
/// `b`, `w`, `B` or `W`: [`row_nibble`] on a whole word. (`row_nibble` stays on 32 bits rather
/// than calling this with four white letters: the 4x4 stream measured slower that way, see
/// `cargo bench`.)
#[inline(always)]
fn row_byte(letters: [u8; 8]) -> Option<u8> {
    let word = u64::from_le_bytes(letters);
    let folded = (word | 0x2020_2020_2020_2020) ^ 0x6262_6262_6262_6262;
    let low_bits = folded & 0x0101_0101_0101_0101;
    if folded != low_bits * 0x15 {
        return None;
    }
    // Byte i's flag lands on bit 63 - i: the shifts 63 - 9i never collide, so no carries.
    let black = !word & 0x0101_0101_0101_0101;
    Some((black.wrapping_mul(0x8040_2010_0804_0201) >> 56) as u8)
}

/// A well-formed 4x4 board of four `\n`-ended rows: each row's bits, top row first.
#[inline(always)]
fn fast_board(input: &[u8]) -> Option<[u8; 4]> {
    let id = whole::board_id(input)?;
    Some([12, 8, 4, 0].map(|shift| (id >> shift & 0xF) as u8))
}

/// Parses a whole input held in memory, split into chunks of `chunk` bytes (as a reader would
/// deliver it). For tests and fuzzing; the binary streams instead.
pub fn parse_all(input: &[u8], chunk: usize) -> Vec<Record> {
    parse_all_shaped(input, chunk, Shape::FLIP_GAME)
}

/// [`parse_all`] for boards of `shape`.
pub fn parse_all_shaped(input: &[u8], chunk: usize, shape: Shape) -> Vec<Record> {
    let mut records = Vec::new();
    let mut push = |record| {
        records.push(record);
        Ok::<(), std::convert::Infallible>(())
    };
    let mut parser = BoardParser::with_shape(shape);
    for piece in input.chunks(chunk.max(1)) {
        let Ok(()) = parser.feed(piece, &mut push);
    }
    let Ok(()) = parser.finish(&mut push);
    records
}

#[cfg(test)]
mod tests;
