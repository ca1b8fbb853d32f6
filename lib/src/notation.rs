//! Board notation: the colour of a piece, a cell and its `r1c1` name, how cells are written
//! (`--cells`), and the words of an input error (what was expected at a place, and what was found there).

use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// The colour on the up side of a piece, and the colour a finished board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The white side is up (a 0 bit, the letter `w`).
    White,
    /// The black side is up (a 1 bit, the letter `b`).
    Black,
}

impl Color {
    /// The side of colour number `number`, as the kinds number colours: 0 is white, any other
    /// black.
    pub const fn of_number(number: u8) -> Color {
        if number == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The lower-case name used in text and JSON (`white`, `black`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The letter used in the board text form (`w`, `b`).
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell of a board: row and column counted from 0 (row 0 is the top), written `r1c1` in
/// text and `{"row": 1, "col": 1}` in JSON, both counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col` (both from 0).
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// The cell at row-major position `index` of a board `cols` wide.
    pub const fn at_index(index: usize, cols: usize) -> Cell {
        Cell {
            row: index / cols,
            col: index % cols,
        }
    }
}

impl From<(usize, usize)> for Cell {
    fn from((row, col): (usize, usize)) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut cell = serializer.serialize_struct("Cell", 2)?;
        cell.serialize_field("row", &(self.row as u64 + 1))?;
        cell.serialize_field("col", &(self.col as u64 + 1))?;
        cell.end()
    }
}

/// Why a board given as text (`--board`) could not be read, and where (column from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTextError {
    /// Column of the offending character, counted in characters from 1.
    pub column: usize,
    /// What the text should have had there.
    pub expected: Expected,
    /// What it had instead.
    pub found: Found,
}

impl fmt::Display for BoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl std::error::Error for BoardTextError {}

/// The piece a letter stands for: `b`/`B` black, `w`/`W` white.
pub const fn piece_color(letter: u8) -> Option<Color> {
    match letter {
        b'b' | b'B' => Some(Color::Black),
        b'w' | b'W' => Some(Color::White),
        _ => None,
    }
}

/// How the cells of a board are written: chosen explicitly, never guessed, so no input is read
/// as something it is not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cells {
    /// `b` black and `w` white, either case (the Flip Game's own letters).
    #[default]
    Letters,
    /// `1` black and `0` white, with or without spaces between them.
    Digits,
    /// `#` (or `x`/`X`) black and `.` white.
    Dots,
    /// A cell of this many states (3 to 36): one digit, `0`-`9` then `a`-`z` (either case),
    /// below the number of states; spaces between cells allowed.
    States(u8),
}

impl Cells {
    /// The colour a byte stands for in this notation, if any.
    pub const fn color(self, byte: u8) -> Option<Color> {
        match (self, byte) {
            (Cells::Letters, _) => piece_color(byte),
            (Cells::Digits, b'1') | (Cells::Dots, b'#' | b'x' | b'X') => Some(Color::Black),
            (Cells::Digits, b'0') | (Cells::Dots, b'.') => Some(Color::White),
            _ => None,
        }
    }

    /// The state a byte stands for in this notation, if any: black is 1 and white 0 in the
    /// two-state notations.
    pub const fn state(self, byte: u8) -> Option<u8> {
        match self {
            Cells::States(states) => match state_of_digit(byte) {
                Some(state) if state < states => Some(state),
                _ => None,
            },
            _ => match self.color(byte) {
                Some(Color::Black) => Some(1),
                Some(Color::White) => Some(0),
                None => None,
            },
        }
    }

    /// True when spaces may stand between the cells of a row.
    pub const fn spaced(self) -> bool {
        matches!(self, Cells::Digits | Cells::States(_))
    }
}

impl fmt::Display for Cells {
    /// The cells in words, black first: `'b' or 'w'`, or the digits of K states.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Cells::Letters => f.write_str("'b' or 'w'"),
            Cells::Digits => f.write_str("'1' or '0'"),
            Cells::Dots => f.write_str("'#' or '.'"),
            Cells::States(states) => write!(
                f,
                "a digit from '0' to '{}'",
                state_digit(states.saturating_sub(1))
            ),
        }
    }
}

/// The most states a piece may have: one digit a cell, `0`-`9` then `a`-`z`.
pub const MOST_STATES: u32 = 36;

/// The digit of a state in board text: `0`-`9`, then `a`-`z` for 10 to 35.
pub const fn state_digit(state: u8) -> char {
    match state {
        0..=9 => (b'0' + state) as char,
        10..=35 => (b'a' + state - 10) as char,
        _ => '?',
    }
}

/// The state a digit of board text stands for: `0`-`9`, then `a`-`z` (either case) for 10 to
/// 35.
pub const fn state_of_digit(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'z' => Some(byte - b'a' + 10),
        b'A'..=b'Z' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// What the input should have had at the place of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A piece: `b` or `w` (either case).
    Piece,
    /// A cell in another notation (`--cells`).
    Cell(Cells),
    /// The end of a row that already has all its pieces.
    EndOfRow {
        /// Pieces a row holds.
        pieces: u32,
    },
    /// A row with all its pieces.
    FullRow {
        /// Pieces a row holds.
        pieces: u32,
    },
    /// Another row of the current board.
    Row {
        /// The row that is missing, from 1.
        number: u32,
        /// Rows a board has.
        of: u32,
    },
    /// The `/` between two rows of a board written on one line.
    Slash,
    /// Nothing more: the board was already complete.
    EndOfBoard,
    /// A hexadecimal digit of a board id.
    HexDigit,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Piece => f.write_str("'b' or 'w'"),
            Expected::Cell(cells) => write!(f, "{cells}"),
            Expected::EndOfRow { pieces } => write!(f, "end of row after {pieces} pieces"),
            Expected::FullRow { pieces } => write!(f, "{pieces} pieces in a row"),
            Expected::Row { number, of } => write!(f, "row {number} of {of}"),
            Expected::Slash => f.write_str("'/'"),
            Expected::EndOfBoard => f.write_str("end of board"),
            Expected::HexDigit => f.write_str("a hex digit"),
        }
    }
}

/// What the input had at the place of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A character (shown escaped when it is not printable).
    Char(char),
    /// A byte that does not start a valid UTF-8 character.
    Byte(u8),
    /// A row that ended after this many pieces.
    Pieces(u32),
    /// A line holding nothing but spaces or tabs.
    BlankLine,
    /// The end of the input.
    EndOfInput,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(ch) => write!(f, "'{}'", ch.escape_debug()),
            Found::Byte(byte) => write!(f, "byte 0x{byte:02x} (not UTF-8)"),
            Found::Pieces(count) => write!(f, "{count}"),
            Found::BlankLine => f.write_str("a blank line"),
            Found::EndOfInput => f.write_str("end of input"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names text and JSON print.
    #[test]
    fn colours_have_their_printed_names() {
        assert_eq!(
            (Color::White.name(), Color::Black.name()),
            ("white", "black")
        );
        assert_eq!(
            (Color::White.to_string(), Color::Black.to_string()),
            ("white".to_string(), "black".to_string())
        );
        assert_eq!((Color::White.letter(), Color::Black.letter()), ('w', 'b'));
    }

    #[test]
    fn cells_are_written_from_1_in_text_and_json() {
        let cell = Cell::new(2, 0);
        assert_eq!(cell.to_string(), "r3c1");
        assert_eq!(
            serde_json::to_string(&cell).unwrap(),
            r#"{"row":3,"col":1}"#
        );
        assert_eq!(Cell::at_index(9, 4), Cell::new(2, 1));
        assert_eq!(Cell::from((2, 1)), Cell::new(2, 1));
    }

    #[test]
    fn unprintable_characters_are_shown_escaped() {
        assert_eq!(Found::Char('\0').to_string(), r"'\0'");
        assert_eq!(Found::Char('\t').to_string(), r"'\t'");
        assert_eq!(Found::Char('é').to_string(), "'é'");
        assert_eq!(Found::Byte(0xff).to_string(), "byte 0xff (not UTF-8)");
    }
}
