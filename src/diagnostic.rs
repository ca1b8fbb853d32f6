//! The words of an input error: what was expected at a place, and what was found there.

use std::fmt;

use crate::board::Cells;

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
            Expected::Cell(cells) => f.write_str(cells.describe()),
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

    #[test]
    fn unprintable_characters_are_shown_escaped() {
        assert_eq!(Found::Char('\0').to_string(), r"'\0'");
        assert_eq!(Found::Char('\t').to_string(), r"'\t'");
        assert_eq!(Found::Char('é').to_string(), "'é'");
        assert_eq!(Found::Byte(0xff).to_string(), "byte 0xff (not UTF-8)");
    }
}
