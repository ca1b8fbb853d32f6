//! The 4x4 bitboard: cells, colours, taps, board ids and the text form.
//!
//! A board is a `u16`. Bit 15 is row 1, column 1 (top left) and bit 0 is row 4, column 4, so the
//! four hex digits of the number are the four rows from the top, the leftmost column being the
//! most significant bit of its digit. A set bit is a black piece. Tap sets use the same layout,
//! which makes the tie rule "lexicographically least row-major 0/1 string" the same as "least
//! number".

use std::fmt;
use std::str::FromStr;

use crate::diagnostic::{Expected, Found};

/// Rows on the board.
pub const ROWS: u8 = 4;
/// Columns on the board.
pub const COLS: u8 = 4;
/// Cells on the board.
pub const CELLS: usize = (ROWS * COLS) as usize;
/// Number of distinct boards (2^16).
pub const POSITIONS: usize = 1 << CELLS;

/// The colour on the up side of a piece, and the colour a finished board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The white side is up (a 0 bit, the letter `w`).
    White,
    /// The black side is up (a 1 bit, the letter `b`).
    Black,
}

impl Color {
    /// The finished board of this colour.
    pub const fn board(self) -> Board {
        match self {
            Color::White => Board::ALL_WHITE,
            Color::Black => Board::ALL_BLACK,
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

/// Which finished boards count as solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// All white or all black, whichever takes fewer taps (the POJ 1753 rule).
    #[default]
    Either,
    /// Only the all-white board.
    White,
    /// Only the all-black board.
    Black,
}

impl Goal {
    /// Every goal option, in the order `either`, `white`, `black`.
    pub const ALL: [Goal; 3] = [Goal::Either, Goal::White, Goal::Black];

    /// The finished colours this goal accepts.
    pub const fn colors(self) -> &'static [Color] {
        match self {
            Goal::Either => &[Color::White, Color::Black],
            Goal::White => &[Color::White],
            Goal::Black => &[Color::Black],
        }
    }

    /// The name used on the command line and in JSON (`either`, `white`, `black`).
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Either => "either",
            Goal::White => "white",
            Goal::Black => "black",
        }
    }
}

/// One square of the board, rows and columns counted from 1 (row 1 is the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The cell at `row`, `col` (both from 1), or `None` when it is off the board.
    pub const fn new(row: u8, col: u8) -> Option<Cell> {
        if row >= 1 && row <= ROWS && col >= 1 && col <= COLS {
            Some(Cell { row, col })
        } else {
            None
        }
    }

    /// The cell at row-major position `index` (0 is r1c1, 15 is r4c4).
    ///
    /// # Panics
    /// When `index` is 16 or more; callers iterate over `0..CELLS`.
    pub const fn from_index(index: usize) -> Cell {
        assert!(index < CELLS, "cell index out of range");
        Cell {
            row: (index / COLS as usize) as u8 + 1,
            col: (index % COLS as usize) as u8 + 1,
        }
    }

    /// All 16 cells in row-major order.
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..CELLS).map(Cell::from_index)
    }

    /// The row, from 1 at the top.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column, from 1 at the left.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Row-major position: 0 for r1c1, 15 for r4c4.
    pub const fn index(self) -> usize {
        (self.row - 1) as usize * COLS as usize + (self.col - 1) as usize
    }

    /// The single bit of this cell in a board or tap set.
    pub const fn bit(self) -> u16 {
        1 << (CELLS - 1 - self.index())
    }

    /// The pieces a tap on this cell flips: itself and its orthogonal neighbours (3 to 5).
    pub const fn flip_mask(self) -> u16 {
        FLIP_MASKS[self.index()]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

const fn bit_at(row: usize, col: usize) -> u16 {
    1u16 << (CELLS - 1 - (row * COLS as usize + col))
}

const fn flip_masks() -> [u16; CELLS] {
    let mut masks = [0u16; CELLS];
    let mut index = 0;
    while index < CELLS {
        let row = index / COLS as usize;
        let col = index % COLS as usize;
        let mut mask = bit_at(row, col);
        if row > 0 {
            mask |= bit_at(row - 1, col);
        }
        if row + 1 < ROWS as usize {
            mask |= bit_at(row + 1, col);
        }
        if col > 0 {
            mask |= bit_at(row, col - 1);
        }
        if col + 1 < COLS as usize {
            mask |= bit_at(row, col + 1);
        }
        masks[index] = mask;
        index += 1;
    }
    masks
}

/// The flip mask of each cell, row-major; built at compile time from the rule, not typed in.
const FLIP_MASKS: [u16; CELLS] = flip_masks();

/// A set of taps on distinct cells. Taps commute and a second tap on a cell undoes the first, so
/// a set describes every sequence of taps completely.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TapSet(u16);

impl TapSet {
    /// The tap set with these bits (same layout as a board: bit 15 is r1c1).
    pub const fn from_bits(bits: u16) -> TapSet {
        TapSet(bits)
    }

    /// How many taps the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds no tap.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the set taps `cell`.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// The pieces this set of taps flips, as a board mask.
    pub fn flip_mask(self) -> u16 {
        self.cells().fold(0, |mask, cell| mask ^ cell.flip_mask())
    }

    /// The tapped cells in row-major order.
    pub fn cells(self) -> impl DoubleEndedIterator<Item = Cell> + Clone {
        Cell::all().filter(move |cell| self.contains(*cell))
    }
}

impl fmt::Display for TapSet {
    /// The taps separated by spaces, `r1c1 r2c2`; nothing for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, cell) in self.cells().enumerate() {
            if n > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// The 16-bit id of a board, shown as four hex digits (`9d98`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardId(pub u16);

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04x}", self.0)
    }
}

/// A 4x4 Flip Game position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(u16);

impl Board {
    /// Every piece white side up.
    pub const ALL_WHITE: Board = Board(0);
    /// Every piece black side up.
    pub const ALL_BLACK: Board = Board(u16::MAX);

    /// The board with this id (bit 15 is r1c1, black is 1).
    pub const fn from_id(id: u16) -> Board {
        Board(id)
    }

    /// The board's bits (bit 15 is r1c1, black is 1).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The board's id, shown as four hex digits.
    pub const fn id(self) -> BoardId {
        BoardId(self.0)
    }

    /// Every board, in id order from `0000` to `ffff`.
    pub fn all() -> impl DoubleEndedIterator<Item = Board> + ExactSizeIterator {
        (0..=u16::MAX).map(Board)
    }

    /// The colour showing at `cell`.
    pub const fn color(self, cell: Cell) -> Color {
        if self.0 & cell.bit() != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The board after every tap of `taps` (in any order: taps commute).
    pub fn after(self, taps: TapSet) -> Board {
        Board(self.0 ^ taps.flip_mask())
    }

    /// The board with every piece turned over.
    pub const fn inverted(self) -> Board {
        Board(!self.0)
    }

    /// The rows from the top, as text such as `bwwb`.
    pub fn row_text(self, row: u8) -> String {
        (1..=COLS)
            .filter_map(|col| Cell::new(row, col))
            .map(|cell| self.color(cell).letter())
            .collect()
    }
}

impl fmt::Display for Board {
    /// The text form: rows from the top joined by `/`, such as `bwwb/bbwb/bwwb/bwww`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Built on the stack in one piece: this runs once per board in JSON output.
        let mut text = [b'/'; CELLS + ROWS as usize - 1];
        for cell in Cell::all() {
            let at = cell.index() + cell.row() as usize - 1;
            text[at] = self.color(cell).letter() as u8;
        }
        f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?)
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

    /// True when spaces may stand between the cells of a row.
    pub const fn spaced(self) -> bool {
        matches!(self, Cells::Digits)
    }

    /// The two cells in words, black first: `'b' or 'w'`.
    pub const fn describe(self) -> &'static str {
        match self {
            Cells::Letters => "'b' or 'w'",
            Cells::Digits => "'1' or '0'",
            Cells::Dots => "'#' or '.'",
        }
    }
}

impl FromStr for Board {
    type Err = BoardTextError;

    /// Reads `bwwb/bbwb/bwwb/bwww`, the 16 letters in a row (`bwwbbbwbbwwbbwww`) or an id such
    /// as `0x9d98` (or `9d98`, as `table` prints it). Letters may be either case.
    fn from_str(text: &str) -> Result<Board, BoardTextError> {
        if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            return parse_id(hex);
        }
        // Four hex digits cannot be a board (that takes 16 letters), so they are an id as
        // `table` prints it: `9d98`. They are all digits, so reading them cannot fail.
        if text.len() == 4 && text.chars().all(|ch| ch.is_ascii_hexdigit()) {
            return parse_id(text);
        }
        let with_slashes = text.contains('/');
        let pattern_len = if with_slashes { 19 } else { 16 };
        let mut bits = 0u16;
        let mut chars = text.chars();
        for position in 0..pattern_len {
            let column = position + 1;
            let slash_here = with_slashes && position % 5 == 4;
            let expected = if slash_here {
                Expected::Slash
            } else {
                Expected::Piece
            };
            let fail = |found| BoardTextError {
                column,
                expected,
                found,
            };
            let ch = chars.next().ok_or(fail(Found::EndOfInput))?;
            match (slash_here, u8::try_from(ch).ok().and_then(piece_color)) {
                (true, _) if ch == '/' => {}
                (false, Some(color)) => bits = (bits << 1) + u16::from(color == Color::Black),
                _ => return Err(fail(Found::Char(ch))),
            }
        }
        match chars.next() {
            None => Ok(Board(bits)),
            Some(ch) => Err(BoardTextError {
                column: pattern_len + 1,
                expected: Expected::EndOfBoard,
                found: Found::Char(ch),
            }),
        }
    }
}

/// Reads the four hex digits of an id after `0x`; a mistake's column counts the `0x` too.
fn parse_id(hex: &str) -> Result<Board, BoardTextError> {
    const PREFIX: usize = 2;
    let mut bits = 0u16;
    let mut chars = hex.chars();
    for position in 0..4 {
        let fail = |found| BoardTextError {
            column: PREFIX + position + 1,
            expected: Expected::HexDigit,
            found,
        };
        let ch = chars.next().ok_or(fail(Found::EndOfInput))?;
        let digit = ch.to_digit(16).ok_or(fail(Found::Char(ch)))?;
        bits = (bits << 4) + digit as u16;
    }
    match chars.next() {
        None => Ok(Board(bits)),
        Some(ch) => Err(BoardTextError {
            column: PREFIX + 5,
            expected: Expected::EndOfBoard,
            found: Found::Char(ch),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "bwwb/bbwb/bwwb/bwww";

    #[test]
    fn sample_board_has_the_documented_id() {
        let board: Board = SAMPLE.parse().unwrap();
        assert_eq!(board.id().to_string(), "9d98");
        assert_eq!(board.to_string(), SAMPLE);
        let rows: Vec<String> = (1..=ROWS).map(|row| board.row_text(row)).collect();
        assert_eq!(rows.join("/"), SAMPLE);
    }

    #[test]
    fn every_board_round_trips_through_text_and_id() {
        for board in Board::all() {
            let text = board.to_string();
            assert_eq!(text.parse::<Board>(), Ok(board));
            assert_eq!(text.replace('/', "").parse::<Board>(), Ok(board));
            assert_eq!(text.to_uppercase().parse::<Board>(), Ok(board));
            assert_eq!(format!("0x{}", board.id()).parse::<Board>(), Ok(board));
            assert_eq!(board.id().to_string().parse::<Board>(), Ok(board));
        }
    }

    /// The names text and JSON print, and the count of boards the benchmarks divide by.
    #[test]
    fn colours_and_goals_have_their_printed_names() {
        assert_eq!(
            (Color::White.name(), Color::Black.name()),
            ("white", "black")
        );
        assert_eq!(
            (Color::White.to_string(), Color::Black.to_string()),
            ("white".to_string(), "black".to_string())
        );
        let goals = [Goal::Either, Goal::White, Goal::Black].map(Goal::name);
        assert_eq!(goals, ["either", "white", "black"]);
        assert_eq!(POSITIONS, Board::all().count());
    }

    #[test]
    fn corner_edge_and_centre_taps_flip_three_four_and_five_pieces() {
        let count = |row, col| Cell::new(row, col).unwrap().flip_mask().count_ones();
        assert_eq!(count(1, 1), 3);
        assert_eq!(count(1, 2), 4);
        assert_eq!(count(2, 2), 5);
        assert_eq!(count(4, 4), 3);
    }

    #[test]
    fn a_tap_flips_exactly_the_cell_and_its_orthogonal_neighbours() {
        for tap in Cell::all() {
            let after = Board::from_id(tap.flip_mask());
            // A set of taps flips what its taps flip one by one (the property tests' oracle).
            assert_eq!(Board::ALL_WHITE.after(TapSet::from_bits(tap.bit())), after);
            let other = Cell::from_index(15 - tap.index());
            let pair = TapSet::from_bits(tap.bit() | other.bit());
            assert_eq!(
                Board::ALL_BLACK.after(pair).inverted(),
                Board::from_id(tap.flip_mask() ^ other.flip_mask())
            );
            for cell in Cell::all() {
                let distance = tap.row().abs_diff(cell.row()) + tap.col().abs_diff(cell.col());
                let flipped = after.color(cell) == Color::Black;
                assert_eq!(flipped, distance <= 1, "tap {tap}, cell {cell}");
            }
        }
    }

    #[test]
    fn cells_are_numbered_row_major_from_the_top_left() {
        let cell = Cell::new(3, 1).unwrap();
        assert_eq!(cell.to_string(), "r3c1");
        assert_eq!(cell.index(), 8);
        assert_eq!(Cell::from_index(8), cell);
        assert_eq!(Cell::new(1, 1).unwrap().bit(), 0x8000);
        assert_eq!(Cell::new(0, 1), None);
        assert_eq!(Cell::new(1, 5), None);
    }

    #[test]
    fn tap_sets_list_their_cells_row_major() {
        let taps = TapSet::from_bits(0b1000_0101_1000_0000);
        assert_eq!(taps.to_string(), "r1c1 r2c2 r2c4 r3c1");
        assert_eq!(taps.len(), 4);
        assert!(!taps.is_empty() && TapSet::from_bits(0).is_empty());
    }

    #[test]
    fn bad_board_text_says_which_column_and_what_was_expected() {
        let error = |text: &str| text.parse::<Board>().unwrap_err();
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
