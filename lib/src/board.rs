//! Board ids: the 16-bit number of a 4x4 board, and the one-line text every board is given in.
//!
//! A 4x4 board's id has bit 15 at row 1, column 1 (top left) and bit 0 at row 4, column 4, so
//! the four hex digits of the id are the four rows from the top, the leftmost column being the
//! most significant bit of its digit. A set bit is a black piece.

use std::fmt;

use crate::grid::{Grid, Shape};
use crate::notation::{BoardTextError, Cells, Expected, Found};

/// Number of distinct 4x4 boards (2^16).
pub const POSITIONS: usize = 1 << 16;

/// The 16-bit id of a 4x4 board, shown as four hex digits (`9d98`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardId(pub u16);

impl BoardId {
    /// The id of a 4x4 grid, or `None` for another shape.
    pub fn of(grid: &Grid) -> Option<BoardId> {
        grid.bits16().map(BoardId)
    }

    /// The 4x4 board with this id.
    pub fn grid(self) -> Grid {
        Grid::from_bits16(self.0)
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04x}", self.0)
    }
}

/// Reads a board of `shape` given on one line (`--board`): rows joined by `/` or all cells in a
/// row, written in `cells`; a 4x4 board in letters may also be given by its id, `0x9d98` or
/// `9d98` as `table` prints it. Columns in errors count characters from 1.
pub fn parse(text: &str, shape: Shape, cells: Cells) -> Result<Grid, BoardTextError> {
    if shape.is_flip_game() && cells == Cells::Letters {
        if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            return parse_id(hex, 2);
        }
        // Four hex digits cannot be a board (that takes 16 letters), so they are an id as
        // `table` prints it: `9d98`. They are all digits, so reading them cannot fail.
        if text.len() == 4 && text.chars().all(|ch| ch.is_ascii_hexdigit()) {
            return parse_id(text, 0);
        }
    }
    Grid::parse_cells(text, shape, cells)
}

/// Reads the four hex digits of an id that follow a `prefix` of that many characters; a
/// mistake's column counts the prefix too.
fn parse_id(hex: &str, prefix: usize) -> Result<Grid, BoardTextError> {
    let mut bits = 0u16;
    let mut chars = hex.chars();
    for position in 0..4 {
        let fail = |found| BoardTextError {
            column: prefix + position + 1,
            expected: Expected::HexDigit,
            found,
        };
        let ch = chars.next().ok_or(fail(Found::EndOfInput))?;
        let digit = ch.to_digit(16).ok_or(fail(Found::Char(ch)))?;
        bits = bits << 4 | digit as u16;
    }
    match chars.next() {
        None => Ok(BoardId(bits).grid()),
        Some(ch) => Err(BoardTextError {
            column: prefix + 5,
            expected: Expected::EndOfBoard,
            found: Found::Char(ch),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "bwwb/bbwb/bwwb/bwww";

    fn flip_game(text: &str) -> Result<Grid, BoardTextError> {
        parse(text, Shape::FLIP_GAME, Cells::Letters)
    }

    #[test]
    fn sample_board_has_the_documented_id() {
        let board = flip_game(SAMPLE).unwrap();
        assert_eq!(BoardId::of(&board).unwrap().to_string(), "9d98");
        assert_eq!(board.to_string(), SAMPLE);
        assert_eq!(flip_game("0x9d98"), Ok(board.clone()));
        assert_eq!(flip_game("9D98"), Ok(board));
    }

    #[test]
    fn every_board_round_trips_through_text_and_id() {
        for bits in 0..=u16::MAX {
            let board = BoardId(bits).grid();
            let text = board.to_string();
            assert_eq!(BoardId::of(&board), Some(BoardId(bits)));
            assert_eq!(flip_game(&text).as_ref(), Ok(&board));
            assert_eq!(flip_game(&text.replace('/', "")).as_ref(), Ok(&board));
            assert_eq!(flip_game(&text.to_uppercase()).as_ref(), Ok(&board));
            assert_eq!(
                flip_game(&format!("0x{}", BoardId(bits))).as_ref(),
                Ok(&board)
            );
            assert_eq!(flip_game(&BoardId(bits).to_string()).as_ref(), Ok(&board));
        }
        assert_eq!(POSITIONS, 1 + usize::from(u16::MAX));
    }

    #[test]
    fn ids_are_read_only_for_the_flip_game_in_letters() {
        let five = Shape::new(1, 4).unwrap();
        assert_eq!(parse("9d98", five, Cells::Letters).unwrap_err().column, 1);
        // In digits the `0` is a white piece and the `x` is the mistake.
        let digits = parse("0x9d98", Shape::FLIP_GAME, Cells::Digits);
        assert_eq!(digits.unwrap_err().column, 2);
    }

    #[test]
    fn bad_board_text_says_which_column_and_what_was_expected() {
        let error = |text: &str| flip_game(text).unwrap_err();
        let e = error("bwwb/bbxb/bwwb/bwww");
        assert_eq!(
            (e.column, e.to_string()),
            (8, "expected 'b' or 'w', found 'x'".into())
        );
        let e = error("bwwbb/bwb/bwwb/bwww");
        assert_eq!(
            (e.column, e.to_string()),
            (5, "expected '/', found 'b'".into())
        );
        let e = error("bwwb/bbwb/bwwb/bww");
        assert_eq!(e.column, 19);
        assert_eq!(e.to_string(), "expected 'b' or 'w', found end of input");
        let e = error("bwwbbbwbbwwbbwwwb");
        assert_eq!(e.column, 17);
        assert_eq!(e.to_string(), "expected end of board, found 'b'");
        let e = error("0x9g98");
        assert_eq!(
            (e.column, e.to_string()),
            (4, "expected a hex digit, found 'g'".into())
        );
        let e = error("0x9d98a");
        assert_eq!(
            (e.column, e.to_string()),
            (7, "expected end of board, found 'a'".into())
        );
        let e = error("0x9d9");
        assert_eq!(e.column, 6);
        assert_eq!(e.to_string(), "expected a hex digit, found end of input");
        let e = error("");
        assert_eq!(e.column, 1);
    }
}
