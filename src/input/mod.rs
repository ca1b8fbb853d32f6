//! A streaming reader of boards: bytes in, boards and positioned errors out.
//!
//! The parser is fed the input in chunks of any size and keeps only a few bytes of state, so
//! memory stays flat however long the input or any line in it. It does no I/O itself: the caller
//! reads, the parser hands each [`Record`] to a callback as soon as it is complete.
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

use crate::grid::{Grid, Shape};
use crate::notation::{Cells, Expected, Found};

/// One board read from the input, or the error that spoiled one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A well-formed board, with the line its first row is on.
    Board {
        /// The board.
        board: Grid,
        /// Line of the board's first row, from 1.
        line: u64,
    },
    /// A board that could not be read.
    Malformed(InputError),
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
}

impl fmt::Display for InputError {
    /// `LINE:COL: expected ..., found ...`; the caller puts the input's name in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )?;
        if let (Expected::Piece, Found::Char(ch)) = (self.expected, self.found) {
            // Other common ways to write a board: say how to turn them into b/w rows.
            let cells = match ch {
                '0' | '1' => Some(("0/1", "01")),
                '#' | '.' => Some(("#/.", ".#")),
                _ => None,
            };
            if let Some((kind, option)) = cells {
                write!(
                    f,
                    " (pieces are b for black and w for white: for rows of {kind}, give \
                     --cells {option})"
                )?;
            }
        }
        if let Some((rows, cols)) = self.size_hint {
            if !matches!(self.found, Found::Pieces(_)) {
                let plural = if cols == 1 { "piece" } else { "pieces" };
                write!(f, "; the row has {cols} {plural}")?;
            }
            write!(f, ": did you mean --size {rows}x{cols}?")?;
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
pub struct BoardParser {
    /// Bytes of the byte-order mark matched so far, or `None` once past the start.
    bom_matched: Option<u8>,
    shape: Shape,
    /// How cells are written.
    cells: Cells,
    /// The board being read, for shapes other than 4x4 (which use `board_bits`).
    grid: Option<Grid>,
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

    /// A parser of boards of `shape` whose cells are written in `cells`.
    pub fn with_cells(shape: Shape, cells: Cells) -> BoardParser {
        BoardParser {
            bom_matched: Some(0),
            shape,
            cells,
            grid: (!shape.is_flip_game()).then(|| Grid::new(shape)),
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
        }
    }

    /// Parses the next chunk of input, handing every completed record to `emit`. An error from
    /// `emit` stops the parse and is returned.
    pub fn feed<E>(
        &mut self,
        input: &[u8],
        emit: &mut impl FnMut(Record) -> Result<(), E>,
    ) -> Result<(), E> {
        let input = self.skip_byte_order_mark(input, emit)?;
        self.parse(input, emit)
    }

    /// Ends the input: a last line without a newline still counts, and a board cut short is an
    /// error.
    pub fn finish<E>(&mut self, emit: &mut impl FnMut(Record) -> Result<(), E>) -> Result<(), E> {
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

    /// Strips a byte-order mark at the start of the input, even one split across chunks; a
    /// partial match that fails is parsed as ordinary (and so malformed) bytes.
    fn skip_byte_order_mark<'a, E>(
        &mut self,
        mut input: &'a [u8],
        emit: &mut impl FnMut(Record) -> Result<(), E>,
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
        emit: &mut impl FnMut(Record) -> Result<(), E>,
    ) -> Result<(), E> {
        while !input.is_empty() {
            if self.at_clean_line_start() {
                if let Some(grid) = self.grid.as_mut() {
                    // Any shape but 4x4: one row at a time, into the board being read.
                    let row = grid.row_mut(self.rows_done as usize);
                    if let Some(used) = fast_wide_row(input, row, self.shape.cols()) {
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
                                board: Grid::from_row_nibbles(rows),
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
        emit: &mut impl FnMut(Record) -> Result<(), E>,
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
                    match self.cells.color(byte) {
                        Some(color) if self.pieces < pieces => {
                            let black = color.letter() == 'b';
                            match self.grid.as_mut() {
                                Some(grid) => {
                                    grid.set(self.rows_done as usize, self.pieces as usize, black)
                                }
                                None => self.row_bits = (self.row_bits << 1) + u8::from(black),
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
        emit: &mut impl FnMut(Record) -> Result<(), E>,
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
        emit: &mut impl FnMut(Record) -> Result<(), E>,
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
        }
    }

    /// Holds back the first error on a line until the line ends (see `suspect`), and counts
    /// the rest of the line instead of reading it.
    fn suspect(&mut self, column: u64, expected: Expected, found: Found, too_long: bool) {
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
        match byte {
            b' ' | b'\t' | b'\r' => {}
            _ if self.cells.color(byte).is_some() => self.line_letters += 1,
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

    fn end_line<E>(&mut self, emit: &mut impl FnMut(Record) -> Result<(), E>) -> Result<(), E> {
        let (letters, others) = (self.line_letters, self.line_others);
        self.line_letters = 0;
        self.line_others = 0;
        self.line_spoiled = false;
        // A line that is not mostly piece letters is no row (a count, `M N`, `---`, a comment):
        // it is reported if it was read, skipped on its own, and never joins a board.
        if self.line_has_text && letters < others.max(1) {
            if let Some((mut error, ..)) = self.suspect.take() {
                error.not_a_row = true;
                emit(Record::Malformed(error))?;
            }
            return self.next_line();
        }
        if let Some((mut error, too_long, first_row)) = self.suspect.take() {
            if too_long && first_row && others == 0 && letters <= u64::from(crate::grid::MAX_SIDE) {
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
            self.board_bits = (self.board_bits << PIECES) + u16::from(self.row_bits);
            if self.rows_done == rows {
                if !self.skipping {
                    let line = self.board_line;
                    let board = match self.grid.as_mut() {
                        Some(grid) => std::mem::replace(grid, Grid::new(self.shape)),
                        None => Grid::from_bits16(self.board_bits),
                    };
                    let record = Record::Board { board, line };
                    emit(record)?;
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
        Ok(())
    }

    fn end_board(&mut self) {
        // A spoiled or unfinished board may leave pieces in `grid`: they need no clearing, as
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
    let b: &[u8; BOARD_BYTES] = input.get(..BOARD_BYTES)?.try_into().ok()?;
    if b[4] != b'\n' || b[9] != b'\n' || b[14] != b'\n' || b[19] != b'\n' {
        return None;
    }
    let r1 = row_nibble([b[0], b[1], b[2], b[3]])?;
    let r2 = row_nibble([b[5], b[6], b[7], b[8]])?;
    let r3 = row_nibble([b[10], b[11], b[12], b[13]])?;
    let r4 = row_nibble([b[15], b[16], b[17], b[18]])?;
    Some([r1, r2, r3, r4])
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
mod tests {
    use super::*;

    const SAMPLE: &str = "bwwb\nbbwb\nbwwb\nbwww\n";

    fn board(text: &str) -> Grid {
        Grid::parse(text, Shape::FLIP_GAME).unwrap()
    }

    fn errors(records: &[Record]) -> Vec<String> {
        records
            .iter()
            .filter_map(|r| match r {
                Record::Malformed(e) => Some(e.to_string()),
                Record::Board { .. } => None,
            })
            .collect()
    }

    fn boards(records: &[Record]) -> Vec<(String, u64)> {
        records
            .iter()
            .filter_map(|r| match r {
                Record::Board { board, line } => Some((board.to_string(), *line)),
                Record::Malformed(_) => None,
            })
            .collect()
    }

    /// Every chunk size gives the same records: the state carried between chunks is complete.
    fn parse_every_way(input: &[u8]) -> Vec<Record> {
        let whole = parse_all(input, input.len());
        for chunk in 1..=input.len().min(41) {
            assert_eq!(parse_all(input, chunk), whole, "chunk size {chunk}");
        }
        whole
    }

    #[test]
    fn reads_the_sample_board() {
        let records = parse_every_way(SAMPLE.as_bytes());
        assert_eq!(
            records,
            vec![Record::Board {
                board: board("bwwb/bbwb/bwwb/bwww"),
                line: 1
            }]
        );
    }

    #[test]
    fn boards_back_to_back_with_blank_lines_crlf_and_trailing_space() {
        let input = "\u{feff}bwwb\r\nbbwb \r\nBWWB\t\nbwww\n\n\n  \nwwww\nwwww\nwwww\nwwwb";
        let records = parse_every_way(input.as_bytes());
        assert_eq!(
            boards(&records),
            vec![
                ("bwwb/bbwb/bwwb/bwww".into(), 1),
                ("wwww/wwww/wwww/wwwb".into(), 8)
            ]
        );
        assert!(errors(&records).is_empty());
    }

    #[test]
    fn a_bad_character_spoils_only_its_board() {
        let input = format!("{SAMPLE}bwwb\nbxwb\nbwwb\nbwww\n{SAMPLE}");
        let records = parse_every_way(input.as_bytes());
        assert_eq!(
            errors(&records),
            vec!["6:2: expected 'b' or 'w', found 'x'"]
        );
        assert_eq!(
            boards(&records).iter().map(|b| b.1).collect::<Vec<_>>(),
            vec![1, 9]
        );
        let Record::Malformed(error) = &records[1] else {
            panic!("expected an error second")
        };
        assert_eq!(error.board_line, 5);
    }

    #[test]
    fn rows_too_long_or_too_short() {
        let records = parse_every_way(b"bwwbw\nbbwb\nbwwb\nbwww\nbww\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            vec![
                "1:5: expected end of row after 4 pieces, found 'w'; the row has 5 pieces: did \
                 you mean --size 5x5?",
                "5:4: expected 4 pieces in a row, found 3: did you mean --size 3x3?",
            ]
        );
        // Only a board's first row suggests a size.
        let records = parse_every_way(b"bwwb\nbww\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            ["2:4: expected 4 pieces in a row, found 3"]
        );
    }

    /// A board's first row of another length made only of pieces suggests the size it fits; one
    /// with other characters in it, far too long for any board, or further down a board, does
    /// not.
    #[test]
    fn rows_of_another_width_suggest_a_size_only_when_they_are_all_pieces() {
        let records = parse_every_way(
            b"bwwbwb \nbbwb\nbwwb\nbwww\nbwwbwx\nbbwb\nbwwb\nbwww\nbwwb\nbbwbww\nbw\nbwww\n",
        );
        let errors = errors(&records);
        assert!(errors[0].ends_with("the row has 6 pieces: did you mean --size 6x6?"));
        assert!(!errors[1].contains("--size"), "{}", errors[1]);
        assert!(!errors[2].contains("--size"), "{}", errors[2]);
        let mut long = b"bwwb".to_vec();
        long.extend(std::iter::repeat_n(b'w', 12_000));
        long.push(b'\n');
        assert!(!errors_of(&parse_all(&long, 4096))[0].contains("--size"));
    }

    fn errors_of(records: &[Record]) -> Vec<String> {
        errors(records)
    }

    /// Lines that are no row (a count, `M N`, `---`, a comment) are reported and skipped on
    /// their own: the boards around them keep their framing.
    #[test]
    fn lines_that_are_no_row_never_join_a_board() {
        let three = "bwwb\nbbwb\nbwwb\nbwww\nbwbw\nwwww\nbbwb\nbwwb\nwwww\nwwww\nwwww\nwwww\n";
        let records = parse_every_way(format!("3\n{three}").as_bytes());
        assert_eq!(
            errors(&records),
            vec![
                "1:1: expected 'b' or 'w', found '3'; the line is not a row (such as a count, a \
                 size or a separator), so it is skipped on its own"
            ]
        );
        let lines: Vec<u64> = boards(&records).iter().map(|b| b.1).collect();
        assert_eq!(lines, vec![2, 6, 10]);
        let separated = "4 4\nbwwb\nbbwb\nbwwb\nbwww\n---\n# board 2: the statement's other\n\
                         bwbw\nwwww\nbbwb\nbwwb\n---\n";
        let records = parse_every_way(separated.as_bytes());
        assert_eq!(
            boards(&records),
            vec![
                ("bwwb/bbwb/bwwb/bwww".into(), 2),
                ("bwbw/wwww/bbwb/bwwb".into(), 8)
            ]
        );
        let reported: Vec<String> = errors(&records)
            .iter()
            .map(|e| e.split(':').next().unwrap().to_string())
            .collect();
        assert_eq!(reported, vec!["1", "6", "7", "12"]);
    }

    /// A line of mostly piece letters is a damaged row: it still spoils its own board.
    #[test]
    fn a_damaged_row_still_belongs_to_its_board() {
        let records = parse_every_way(b"bwwb\nbx\nbwwb\nbwww\nbwwb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            vec!["2:2: expected 'b' or 'w', found 'x'"]
        );
        assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 5)]);
    }

    #[test]
    fn a_board_cut_short_by_a_blank_line_or_the_end() {
        let input = format!("bwwb\nbbwb\n\n{SAMPLE}bwwb\n");
        let records = parse_every_way(input.as_bytes());
        assert_eq!(
            errors(&records),
            vec![
                "3:1: expected row 3 of 4, found a blank line",
                "9:1: expected row 2 of 4, found end of input"
            ]
        );
        assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 4)]);
    }

    #[test]
    fn leading_spaces_are_indentation_and_inner_spaces_are_errors_at_the_space() {
        let records = parse_every_way(b" bwwb\n\tbbwb\n  bwwb \nbwww\nbw wb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            vec!["5:3: expected 'b' or 'w', found ' '"]
        );
        assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 1)]);
    }

    #[test]
    fn non_ascii_and_invalid_utf8_are_named() {
        let records = parse_every_way("bwéb\nbbwb\nbwwb\nbwww\n".as_bytes());
        assert_eq!(
            errors(&records),
            vec!["1:3: expected 'b' or 'w', found 'é'"]
        );
        let records = parse_every_way(b"bw\xffb\nbbwb\nbwwb\nbwww\nbwwb\xe2\x82\n");
        assert_eq!(
            errors(&records),
            vec![
                "1:3: expected 'b' or 'w', found byte 0xff (not UTF-8)",
                "5:5: expected end of row after 4 pieces, found byte 0xe2 (not UTF-8)"
            ]
        );
        let records = parse_every_way(b"\xef\xbbbwwb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            vec!["1:1: expected 'b' or 'w', found byte 0xef (not UTF-8)"]
        );
    }

    /// A character of two, three or four bytes is named whole, in the middle of a line or at the
    /// very end of the input, and a stray continuation byte after it is not taken into it.
    #[test]
    fn characters_of_every_length_are_named_whole() {
        let rest = "\nbbwb\nbwwb\nbwww\n";
        for (line, named) in [
            ("bwéb", "é"),
            ("bw€b", "€"),
            ("bw😀b", "😀"),
            ("bwé\u{80}b", "é"),
        ] {
            let records = parse_every_way(format!("{line}{rest}").as_bytes());
            assert_eq!(
                errors(&records),
                [format!("1:3: expected 'b' or 'w', found '{named}'")],
                "{line:?}"
            );
        }
        let mut stray = b"bw\xc3\xa9\x80b".to_vec();
        stray.extend_from_slice(rest.as_bytes());
        assert_eq!(
            errors(&parse_every_way(&stray)),
            ["1:3: expected 'b' or 'w', found 'é'"]
        );
        for named in ["é", "€", "😀"] {
            let input = format!("bwwb\nbbwb\nbwwb\nbw{named}");
            assert_eq!(
                errors(&parse_every_way(input.as_bytes())),
                [format!("4:3: expected 'b' or 'w', found '{named}'")]
            );
        }
    }

    /// A line with as many piece letters as other characters is a damaged row, whatever the
    /// other character is and wherever the line ends: it spoils its board, and the rows after
    /// it are not framed into a board of their own.
    #[test]
    fn a_line_of_one_letter_and_one_other_character_is_a_damaged_row() {
        for (line, error) in [
            (&b"b%"[..], "1:2: expected 'b' or 'w', found '%'"),
            (
                b"b\xff",
                "1:2: expected 'b' or 'w', found byte 0xff (not UTF-8)",
            ),
            ("bé".as_bytes(), "1:2: expected 'b' or 'w', found 'é'"),
            (b"b %", "1:2: expected 'b' or 'w', found ' '"),
            // The bytes of a character after the first error count once, as one character.
            ("bw%é".as_bytes(), "1:3: expected 'b' or 'w', found '%'"),
        ] {
            let mut input = line.to_vec();
            input.extend_from_slice(format!("\nbbwb\nbwwb\nbwww\n{SAMPLE}").as_bytes());
            let records = parse_every_way(&input);
            assert_eq!(errors(&records), [error], "{line:?}");
            assert_eq!(boards(&records), [("bwwb/bbwb/bwwb/bwww".into(), 5)]);
            // The last line of the input, with no newline: still the board's row.
            let mut input = b"bwwb\nbbwb\nbwwb\n".to_vec();
            input.extend_from_slice(line);
            let records = parse_every_way(&input);
            assert_eq!(errors(&records), [error.replacen('1', "4", 1)], "{line:?}");
        }
    }

    /// After a whole row, a space and more are the row going on too long, said at the character
    /// (a space in the middle of a row is said at the space).
    #[test]
    fn a_full_row_then_a_space_is_too_long_at_the_next_character() {
        let records = parse_every_way(b"bwwb x\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            ["1:6: expected end of row after 4 pieces, found 'x'"]
        );
        let records = parse_every_way(b"bwwb b\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            [
                "1:6: expected end of row after 4 pieces, found 'b'; the row has 5 pieces: did you \
              mean --size 5x5?"
            ]
        );
    }

    /// The fast paths (a whole 4x4 board, or a row, read at once) are offered at the start of
    /// every line of a board being read in b/w letters, and nowhere else. Which path reads a
    /// line changes no record (`fast_and_careful_paths_agree_on_every_row`), only the speed
    /// (`bench/`), so this asks the parser directly.
    #[test]
    fn the_fast_paths_are_offered_at_every_clean_line_start_only() {
        let fed = |input: &[u8], cells: Cells| {
            let mut parser = BoardParser::with_cells(Shape::FLIP_GAME, cells);
            parser
                .feed(input, &mut |_| Ok::<(), ()>(()))
                .expect("no emit fails");
            parser.at_clean_line_start()
        };
        for start in [
            &b""[..],
            b"bwwb\n",
            b"bwwb\nbbwb\r\n",
            SAMPLE.as_bytes(),
            b"\n\n",
        ] {
            assert!(fed(start, Cells::Letters), "{start:?}");
        }
        // Mid-line, after indentation, in a character, on a spoiled board, in another notation.
        for (inside, cells) in [
            (&b"bw"[..], Cells::Letters),
            (b"  ", Cells::Letters),
            (b"bw\xc3", Cells::Letters),
            (b"bwxb\n", Cells::Letters),
            (b"", Cells::Digits),
            (b"1001\n", Cells::Digits),
        ] {
            assert!(!fed(inside, cells), "{inside:?} {cells:?}");
        }
    }

    /// The fast readers against the careful definition of a row: each takes every well-formed
    /// row it is given, reads it as the letters say, and takes nothing else. (A fast reader
    /// that took nothing would change only the speed, so they are asked directly.)
    #[test]
    fn the_fast_readers_take_every_well_formed_row_and_only_those() {
        const LETTERS: [u8; 4] = [b'b', b'w', b'B', b'W'];
        const NOT_LETTERS: [u8; 12] = [
            b'x', b'c', b'v', b'a', b'R', b'\n', b' ', b'0', b'"', 0x02, 0x15, 0xe2,
        ];
        let bits_of = |letters: &[u8]| {
            letters.iter().fold(0u64, |bits, &l| {
                2 * bits + u64::from(matches!(l, b'b' | b'B'))
            })
        };
        for n in 0..1usize << 16 {
            let eight: [u8; 8] = std::array::from_fn(|i| LETTERS[n >> (2 * i) & 3]);
            assert_eq!(row_byte(eight).map(u64::from), Some(bits_of(&eight)));
            let mut bad = eight;
            bad[n % 8] = NOT_LETTERS[n / 8 % NOT_LETTERS.len()];
            assert_eq!(row_byte(bad), None, "{bad:?}");
            if n < 1 << 8 {
                let four = &eight[..4];
                let nibble = Some(bits_of(four) as u8);
                let row = |end: &[u8]| [four, end].concat();
                assert_eq!(fast_row(&row(b"\nb")), nibble.map(|bits| (bits, 5)));
                assert_eq!(fast_row(&row(b"\r\n")), nibble.map(|bits| (bits, 6)));
                for end in [&b"\rb"[..], b" \n", b"b\n"] {
                    assert_eq!(fast_row(&row(end)), None, "{:?}", row(end));
                }
                let mut bad = row(b"\nb");
                bad[n % 4] = NOT_LETTERS[n / 4 % NOT_LETTERS.len()];
                assert_eq!(fast_row(&bad), None, "{bad:?}");
            }
        }
        for cols in [1u32, 4, 7, 8, 9, 63, 64, 65, 130] {
            let shape = Shape::new(1, cols).unwrap();
            let text: Vec<u8> = (0..cols as usize)
                .map(|i| LETTERS[i * 7 % 11 % 4])
                .collect();
            let read = Grid::parse(std::str::from_utf8(&text).unwrap(), shape).unwrap();
            for (end, used) in [(&b"\n"[..], 1), (b"\r\n", 2), (b"\nbw", 1)] {
                let mut row = vec![0; shape.words_per_row()];
                let input = [&text[..], end].concat();
                let taken = fast_wide_row(&input, &mut row, cols);
                assert_eq!(taken, Some(cols as usize + used), "{cols} {end:?}");
                assert_eq!(row, read.row(0), "{cols}");
            }
            for end in [&b"\r"[..], b"\rb", b" \n", b"b\n", b""] {
                let input = [&text[..], end].concat();
                assert_eq!(fast_wide_row(&input, &mut [0; 3], cols), None, "{end:?}");
            }
            for at in 0..cols as usize {
                let mut bad = [&text[..], b"\n"].concat();
                bad[at] = NOT_LETTERS[at % NOT_LETTERS.len()];
                assert_eq!(fast_wide_row(&bad, &mut [0; 3], cols), None, "{cols} {at}");
            }
        }
        let nibbles = SAMPLE.lines().map(|row| bits_of(row.as_bytes()) as u8);
        let sample: Vec<u8> = nibbles.collect();
        assert_eq!(fast_board(SAMPLE.as_bytes()).map(Vec::from), Some(sample));
        for at in [4, 9, 14, 19, 0, 6, 12, 18] {
            let mut bad = SAMPLE.as_bytes().to_vec();
            bad[at] = b'w';
            if at % 5 != 4 {
                bad[at] = b'x';
            }
            assert_eq!(fast_board(&bad), None, "{at}");
        }
    }

    /// Rows of 0/1 or #/. are no rows of b/w: each line says so, with the option that reads
    /// them.
    #[test]
    fn digits_and_hashes_get_a_hint_on_the_option_that_reads_them() {
        let records = parse_every_way(b"1001\n1101\n1001\n1000\n#..#\n");
        let errors = errors(&records);
        assert_eq!(errors.len(), 5);
        assert!(errors[0].starts_with(
            "1:1: expected 'b' or 'w', found '1' (pieces are b for black and w for white: \
             for rows of 0/1, give --cells 01)"
        ));
        assert!(errors[4].contains("for rows of #/., give --cells .#"));
        assert!(boards(&records).is_empty());
    }

    fn parse_cells(input: &[u8], cells: Cells) -> Vec<Record> {
        let parse = |chunk: usize| {
            let mut records = Vec::new();
            let mut parser = BoardParser::with_cells(Shape::FLIP_GAME, cells);
            let mut emit = |record| -> Result<(), ()> {
                records.push(record);
                Ok(())
            };
            for piece in input.chunks(chunk) {
                parser.feed(piece, &mut emit).unwrap();
            }
            parser.finish(&mut emit).unwrap();
            records
        };
        // Whole (where the fast paths for b/w letters could reach) and byte by byte: chunk
        // boundaries must not matter.
        let whole = parse(input.len().max(1));
        assert_eq!(parse(1), whole, "byte by byte");
        whole
    }

    #[test]
    fn other_cell_notations_read_only_when_asked_for() {
        let records = parse_cells(b"1001\n1 1 0 1\n1001\n1000\n", Cells::Digits);
        assert_eq!(boards(&records), [("bwwb/bbwb/bwwb/bwww".to_string(), 1)]);
        let records = parse_cells(b"#..#\nxX.#\n#..#\n#...\n", Cells::Dots);
        assert_eq!(boards(&records), [("bwwb/bbwb/bwwb/bwww".to_string(), 1)]);
        // The letters are no cells of another notation, and spaces only separate digits.
        let records = parse_cells(b"1001\n1101\n100b\n1000\n", Cells::Digits);
        assert_eq!(errors(&records), ["3:4: expected '1' or '0', found 'b'"]);
        let records = parse_cells(b"#..#\n## .#\n", Cells::Dots);
        assert_eq!(errors(&records)[0], "2:3: expected '#' or '.', found ' '");
        let records = parse_cells(b"bwwb\nbbwb\nbwwb\nbwww\n", Cells::Dots);
        assert!(boards(&records).is_empty());
        assert_eq!(errors(&records).len(), 4);
    }

    #[test]
    fn nul_bytes_are_shown_escaped() {
        let records = parse_every_way(b"bw\0b\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            errors(&records),
            vec![r"1:3: expected 'b' or 'w', found '\0'"]
        );
    }

    #[test]
    fn a_spoiled_board_skips_its_remaining_rows_unread() {
        let records = parse_every_way(b"bwwbx\nbzzw\nwyyb\nbxxb\nwwww\nwwww\nwwww\nwwww\n");
        assert_eq!(errors(&records).len(), 1);
        assert_eq!(boards(&records), vec![("wwww/wwww/wwww/wwww".into(), 5)]);
    }

    #[test]
    fn a_very_long_line_is_refused_at_its_fifth_character() {
        let mut input = b"bwwb".to_vec();
        input.extend(std::iter::repeat_n(b'w', 100_000));
        input.extend_from_slice(b"\nbbwb\nbwwb\nbwww\n");
        input.extend_from_slice(SAMPLE.as_bytes());
        let records = parse_all(&input, 4096);
        assert_eq!(
            errors(&records),
            vec!["1:5: expected end of row after 4 pieces, found 'w'"]
        );
        assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 5)]);
    }

    #[test]
    fn fast_and_careful_paths_agree_on_every_row() {
        for bytes in 0..=u32::from(u16::MAX) {
            let letters = [b'b', b'w', b'B', b'W', b'x', b'\n', b'c', b'v'];
            let row: [u8; 4] = std::array::from_fn(|i| letters[(bytes >> (3 * i)) as usize & 7]);
            let careful = row
                .iter()
                .map(|&b| crate::notation::piece_color(b))
                .try_fold(0u8, |bits, color| {
                    Some(bits << 1 | u8::from(color? == crate::notation::Color::Black))
                });
            assert_eq!(row_nibble(row), careful, "row {row:?}");
        }
    }
}

#[cfg(test)]
mod shaped_tests {
    use super::*;

    fn shape(rows: u32, cols: u32) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    fn every_way(input: &[u8], shape: Shape) -> Vec<Record> {
        let whole = parse_all_shaped(input, input.len().max(1), shape);
        for chunk in 1..=input.len().min(23) {
            assert_eq!(
                parse_all_shaped(input, chunk, shape),
                whole,
                "chunk {chunk}"
            );
        }
        whole
    }

    #[test]
    fn boards_of_other_shapes_are_read_with_the_same_rules() {
        let records = every_way(
            b"bwb\nwwb\n\nbbb\r\nwww \nbxb\nwwb\nbwbw\nwwb\n",
            shape(2, 3),
        );
        let texts: Vec<String> = records
            .iter()
            .map(|record| match record {
                Record::Board { board, line } => format!("{line}:{board}"),
                Record::Malformed(error) => error.to_string(),
            })
            .collect();
        assert_eq!(
            texts,
            vec![
                "1:bwb/wwb",
                "4:bbb/www",
                "6:2: expected 'b' or 'w', found 'x'",
                "8:4: expected end of row after 3 pieces, found 'w'; the row has 4 pieces: did \
                 you mean --size 2x4?",
            ]
        );
    }

    #[test]
    fn a_spoiled_board_leaves_nothing_in_the_next_one() {
        let records = every_way(b"bbbbb\nbbbbb\nbbx\nwwwww\nwwwww\nwwwww\n", shape(3, 5));
        assert!(matches!(&records[1], Record::Board { board, line: 4 } if board.is_empty()));
    }

    #[test]
    fn wide_rows_cross_word_boundaries() {
        let row: String = (0..130)
            .map(|i| if i % 3 == 0 { 'b' } else { 'w' })
            .collect();
        let input = format!("{row}\n{row}\n");
        let records = every_way(input.as_bytes(), shape(2, 130));
        match &records[..] {
            [Record::Board { board, .. }] => assert_eq!(board.row_text(1), row),
            other => panic!("{other:?}"),
        }
    }
}
