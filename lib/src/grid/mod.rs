//! Boards of any size: an R x C grid of pieces, bit-packed row by row.
//!
//! Each row takes whole 64-bit words, column 1 in the most significant bit of the row's first
//! word. With that layout, comparing two grids word by word compares their row-major 0/1 strings
//! lexicographically, which is the tie rule for tap sets.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::notation::{BoardTextError, Cell, Cells, Color, Expected, Found};

mod states;

pub use states::StateBoard;

/// The largest number of rows or columns a board may have.
pub const MAX_SIDE: u32 = 10_000;

/// The size of a board: rows and columns, each from 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: u32,
    cols: u32,
}

impl Shape {
    /// The 4x4 board of the Flip Game.
    pub const FLIP_GAME: Shape = Shape { rows: 4, cols: 4 };

    /// A shape of `rows` x `cols`, or `None` when either is 0 or above [`MAX_SIDE`].
    pub fn new(rows: u32, cols: u32) -> Option<Shape> {
        let valid = |side| (1..=MAX_SIDE).contains(&side);
        (valid(rows) && valid(cols)).then_some(Shape { rows, cols })
    }

    /// Rows, from 1.
    pub fn rows(self) -> u32 {
        self.rows
    }

    /// Columns, from 1.
    pub fn cols(self) -> u32 {
        self.cols
    }

    /// Cells on the board.
    pub fn cells(self) -> u64 {
        u64::from(self.rows) * u64::from(self.cols)
    }

    /// True for the 4x4 Flip Game board, which has its own faster core.
    pub fn is_flip_game(self) -> bool {
        self == Shape::FLIP_GAME
    }

    /// 64-bit words a row takes.
    pub fn words_per_row(self) -> usize {
        (self.cols as usize).div_ceil(64)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Shape {
    type Err = String;

    /// Reads `RxC`, such as `5x5` or `10x12`.
    fn from_str(text: &str) -> Result<Shape, String> {
        let (rows, cols) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("expected ROWSxCOLS such as 5x5, found '{text}'"))?;
        let side = |part: &str| {
            part.trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_SIDE).contains(n))
                .ok_or_else(|| format!("expected a side from 1 to {MAX_SIDE}, found '{part}'"))
        };
        Ok(Shape {
            rows: side(rows)?,
            cols: side(cols)?,
        })
    }
}

/// Words a grid holds without a heap allocation: enough for any board of up to 4 rows and 64
/// columns, so a stream of small boards (the 4x4 game above all) never touches the allocator.
const INLINE_WORDS: usize = 4;

/// The words of a grid: inline for small boards, on the heap for the rest.
#[derive(Clone)]
enum Words {
    Inline { len: u8, words: [u64; INLINE_WORDS] },
    Heap(Vec<u64>),
}

impl Words {
    fn zeroed(len: usize) -> Words {
        if len <= INLINE_WORDS {
            Words::Inline {
                len: len as u8,
                words: [0; INLINE_WORDS],
            }
        } else {
            Words::Heap(vec![0; len])
        }
    }
}

impl std::ops::Deref for Words {
    type Target = [u64];

    #[inline]
    fn deref(&self) -> &[u64] {
        match self {
            Words::Inline { len, words } => &words[..*len as usize],
            Words::Heap(words) => words,
        }
    }
}

impl std::ops::DerefMut for Words {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u64] {
        match self {
            Words::Inline { len, words } => &mut words[..*len as usize],
            Words::Heap(words) => words,
        }
    }
}

/// An R x C board of pieces (black is a set bit), or a set of taps on one.
#[derive(Clone)]
pub struct Grid {
    shape: Shape,
    words: Words,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.shape == other.shape && *self.words == *other.words
    }
}

impl Eq for Grid {}

impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.words.hash(state);
    }
}

impl Grid {
    /// The all-white grid (or the empty tap set) of `shape`.
    #[inline]
    pub fn new(shape: Shape) -> Grid {
        Grid {
            shape,
            words: Words::zeroed(shape.rows as usize * shape.words_per_row()),
        }
    }

    /// The 4x4 grid whose 16 bits are `bits` in the board-id layout (bit 15 is r1c1).
    #[inline]
    pub fn from_bits16(bits: u16) -> Grid {
        let row = |n: u16| u64::from(bits >> (12 - 4 * n) & 0xF) << 60;
        Grid {
            shape: Shape::FLIP_GAME,
            words: Words::Inline {
                len: 4,
                words: [row(0), row(1), row(2), row(3)],
            },
        }
    }

    /// The 4x4 grid whose rows, top first, have the pieces of these nibbles (bit 3 is column 1):
    /// the parser's hot path, which reads a board row by row and never needs its 16-bit id.
    #[inline(always)]
    pub(crate) fn from_row_nibbles(rows: [u8; 4]) -> Grid {
        Grid {
            shape: Shape::FLIP_GAME,
            words: Words::Inline {
                len: 4,
                words: rows.map(|row| u64::from(row) << 60),
            },
        }
    }

    /// The 16 bits of a grid the caller knows to be 4x4, in the board-id layout: the hot path of
    /// the distance table, without the shape check of [`Grid::bits16`].
    #[inline(always)]
    pub(crate) fn bits16_of_4x4(&self) -> u16 {
        debug_assert!(self.shape.is_flip_game());
        let Words::Inline { words: w, .. } = &self.words else {
            return 0;
        };
        // Each row's four pieces are the top bits of its word: four independent shifts, so the
        // table lookup that follows waits on as short a chain as possible.
        ((w[0] >> 48) | (w[1] >> 52) | (w[2] >> 56) | (w[3] >> 60)) as u16
    }

    /// The 16 bits of a 4x4 grid in the board-id layout (bit 15 is r1c1), or `None` for another
    /// shape.
    #[inline]
    pub fn bits16(&self) -> Option<u16> {
        match &self.words {
            Words::Inline { words, .. } if self.shape.is_flip_game() => Some(
                words
                    .iter()
                    .fold(0u16, |bits, &word| bits << 4 | (word >> 60) as u16),
            ),
            _ => None,
        }
    }

    /// The finished grid of `color`.
    pub fn filled(shape: Shape, color: Color) -> Grid {
        let mut grid = Grid::new(shape);
        if color == Color::Black {
            for row in 0..shape.rows as usize {
                let words = grid.row_mut(row);
                words.fill(u64::MAX);
                mask_row(words, shape.cols);
            }
        }
        grid
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The words of row `row` (from 0).
    pub fn row(&self, row: usize) -> &[u64] {
        let width = self.shape.words_per_row();
        &self.words[row * width..(row + 1) * width]
    }

    /// The words of row `row` (from 0), to change.
    pub fn row_mut(&mut self, row: usize) -> &mut [u64] {
        let width = self.shape.words_per_row();
        &mut self.words[row * width..(row + 1) * width]
    }

    /// All words, row after row.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// All words, row after row, to change (bits past the last column must stay clear).
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// True when the piece at `row`, `col` (both from 0) is black, or the cell is tapped.
    pub fn get(&self, row: usize, col: usize) -> bool {
        self.row(row)[col / 64] & bit(col) != 0
    }

    /// Sets or clears the cell at `row`, `col` (both from 0).
    pub fn set(&mut self, row: usize, col: usize, value: bool) {
        let word = &mut self.row_mut(row)[col / 64];
        if value {
            *word |= bit(col);
        } else {
            *word &= !bit(col);
        }
    }

    /// Turns over the cell at `row`, `col` (both from 0).
    pub fn toggle(&mut self, row: usize, col: usize) {
        self.row_mut(row)[col / 64] ^= bit(col);
    }

    /// Adds `other` cell by cell, modulo 2.
    pub fn xor_with(&mut self, other: &Grid) {
        for (word, other) in self.words.iter_mut().zip(other.words.iter()) {
            *word ^= other;
        }
    }

    /// How many cells are set.
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// How many cells are set in exactly one of the grids (the count of their sum).
    pub fn count_differing(&self, other: &Grid) -> u64 {
        self.words
            .iter()
            .zip(other.words.iter())
            .map(|(a, b)| u64::from((a ^ b).count_ones()))
            .sum()
    }

    /// How many cells are set in both grids.
    pub fn count_common(&self, other: &Grid) -> u64 {
        self.words
            .iter()
            .zip(other.words.iter())
            .map(|(a, b)| u64::from((a & b).count_ones()))
            .sum()
    }

    /// True when no cell is set.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The colour every piece shows, if they all show the same one.
    pub fn finished_color(&self) -> Option<Color> {
        if self.is_empty() {
            Some(Color::White)
        } else if *self == Grid::filled(self.shape, Color::Black) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The set cells, row-major, as (row, col) from 0.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let width = self.shape.words_per_row();
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                let (row, first_col) = (index / width, (index % width) * 64);
                BitsMsbFirst(word).map(move |offset| (row, first_col + offset))
            })
    }

    /// Compares the row-major 0/1 strings of two grids of one shape.
    pub fn cmp_lexicographic(&self, other: &Grid) -> Ordering {
        self.words[..].cmp(&other.words[..])
    }

    /// Compares two tap sets by the answers' order: fewer taps first, then the lexicographically
    /// least row-major string.
    pub fn cmp_fewest_then_least(&self, other: &Grid) -> Ordering {
        self.count()
            .cmp(&other.count())
            .then_with(|| self.cmp_lexicographic(other))
    }

    /// Reads a board of `shape` given on one line: rows joined by `/`, or all the letters in a
    /// row. Columns in errors count characters from 1.
    pub fn parse(text: &str, shape: Shape) -> Result<Grid, BoardTextError> {
        Grid::parse_cells(text, shape, Cells::Letters)
    }

    /// As [`Grid::parse`], with cells written in `cells` (spaces are not read on one line).
    pub fn parse_cells(text: &str, shape: Shape, cells: Cells) -> Result<Grid, BoardTextError> {
        let mut grid = Grid::new(shape);
        read_board_line(text, shape, cells, |row, col, state| {
            grid.set(row, col, state == 1)
        })?;
        Ok(grid)
    }

    /// Row `row` (from 0) as letters, such as `bwwb`.
    pub fn row_text(&self, row: usize) -> String {
        (0..self.shape.cols as usize)
            .map(|col| if self.get(row, col) { 'b' } else { 'w' })
            .collect()
    }
}

/// Reads a board of `shape` given on one line, rows joined by `/` or all cells in a row,
/// handing each cell's state (1 black, 0 white, or a digit's state) to `set` with its row and
/// column from 0. Columns in errors count characters from 1.
pub(crate) fn read_board_line(
    text: &str,
    shape: Shape,
    cells: Cells,
    mut set: impl FnMut(usize, usize, u8),
) -> Result<(), BoardTextError> {
    // The common board, well formed and ASCII, is read a row of bytes at a time; any other
    // is read again character by character, which says where and what is wrong (`set` may
    // have seen some cells twice: the same states).
    if read_ascii_board_line(text.as_bytes(), shape, cells, &mut set) {
        return Ok(());
    }
    read_board_line_by_chars(text, shape, cells, set)
}

/// [`read_board_line`] of a well-formed ASCII board: false at the first thing amiss.
fn read_ascii_board_line(
    text: &[u8],
    shape: Shape,
    cells: Cells,
    set: &mut impl FnMut(usize, usize, u8),
) -> bool {
    let (rows, cols) = (shape.rows as usize, shape.cols as usize);
    let with_slashes = memchr::memchr(b'/', text).is_some();
    let row_span = if with_slashes { cols + 1 } else { cols };
    if text.len() != rows * row_span - usize::from(with_slashes) {
        return false;
    }
    for (row, line) in text.chunks(row_span).enumerate() {
        let (pieces, rest) = line.split_at(cols.min(line.len()));
        if !(rest.is_empty() || rest == b"/") {
            return false;
        }
        for (col, &byte) in pieces.iter().enumerate() {
            match cells.state(byte) {
                Some(state) => set(row, col, state),
                None => return false,
            }
        }
    }
    true
}

/// [`read_board_line`] one character at a time, for the boards the fast path turns down.
fn read_board_line_by_chars(
    text: &str,
    shape: Shape,
    cells: Cells,
    mut set: impl FnMut(usize, usize, u8),
) -> Result<(), BoardTextError> {
    let piece = match cells {
        Cells::Letters => Expected::Piece,
        other => Expected::Cell(other),
    };
    let cols = shape.cols as usize;
    let with_slashes = text.contains('/');
    let row_span = if with_slashes { cols + 1 } else { cols };
    let length = shape.rows as usize * row_span - usize::from(with_slashes);
    let mut chars = text.chars();
    for position in 0..length {
        let slash_here = with_slashes && position % row_span == cols;
        let fail = |found| BoardTextError {
            column: position + 1,
            expected: if slash_here { Expected::Slash } else { piece },
            found,
        };
        let ch = chars.next().ok_or(fail(Found::EndOfInput))?;
        let state = u8::try_from(ch).ok().and_then(|byte| cells.state(byte));
        match (slash_here, state) {
            (true, _) if ch == '/' => {}
            (false, Some(state)) => set(position / row_span, position % row_span, state),
            _ => return Err(fail(Found::Char(ch))),
        }
    }
    match chars.next() {
        None => Ok(()),
        Some(ch) => Err(BoardTextError {
            column: length + 1,
            expected: Expected::EndOfBoard,
            found: Found::Char(ch),
        }),
    }
}

impl fmt::Display for Grid {
    /// Rows from the top joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Letters gather in a stack buffer and go out a buffer at a time: one write per board
        // whose text fits 256 bytes (15x15 and smaller), which is what a stream of small boards
        // prints.
        let mut buffer = [0u8; 256];
        let mut used = 0;
        let cols = self.shape.cols as usize;
        for row in 0..self.shape.rows as usize {
            for (index, &word) in self.row(row).iter().enumerate() {
                let letters = (cols - index * 64).min(64);
                // Room for a word's letters and the slash before them.
                if used + letters + 1 > buffer.len() {
                    f.write_str(ascii(&buffer[..used]))?;
                    used = 0;
                }
                if index == 0 && row > 0 {
                    buffer[used] = b'/';
                    used += 1;
                }
                for (offset, letter) in buffer[used..used + letters].iter_mut().enumerate() {
                    // 'w' for a clear bit, 'b' (21 below it) for a set one.
                    *letter = b'w' - 21 * (word << offset >> 63) as u8;
                }
                used += letters;
            }
        }
        f.write_str(ascii(&buffer[..used]))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({} {self})", self.shape)
    }
}

/// Letters known to be ASCII as a `str`.
fn ascii(letters: &[u8]) -> &str {
    std::str::from_utf8(letters).unwrap_or_default()
}

/// The bit of column `col` within its word: column 0 of a word is its most significant bit.
fn bit(col: usize) -> u64 {
    1u64 << (63 - col % 64)
}

/// Clears the bits past the last column in a row's last word.
pub(crate) fn mask_row(words: &mut [u64], cols: u32) {
    let used = cols as usize % 64;
    if used != 0
        && let Some(last) = words.last_mut()
    {
        *last &= u64::MAX << (64 - used);
    }
}

/// The set bits of a word, most significant first, as offsets from the top.
struct BitsMsbFirst(u64);

impl Iterator for BitsMsbFirst {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let offset = self.0.leading_zeros() as usize;
        self.0 &= !(1u64 << (63 - offset));
        Some(offset)
    }
}

/// The set cells of a grid, row-major, serialized as a list of cells (`{"row": r, "col": c}`)
/// as they are walked: a proof's pattern, a quiet tap set.
pub struct SetCells<'a>(pub &'a Grid);

impl Serialize for SetCells<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.cells().map(Cell::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The cells a read sets (the last state given to each) and whether it read the board,
    /// with its error.
    type Read = (Vec<Option<u8>>, Result<(), BoardTextError>);

    fn read_with(
        read: impl Fn(
            &str,
            Shape,
            Cells,
            &mut dyn FnMut(usize, usize, u8),
        ) -> Result<(), BoardTextError>,
        text: &str,
        shape: Shape,
        cells: Cells,
    ) -> Read {
        let mut seen = vec![None; shape.cells() as usize];
        let cols = shape.cols as usize;
        let result = read(text, shape, cells, &mut |row, col, state| {
            seen[row * cols + col] = Some(state)
        });
        (seen, result)
    }

    /// Text near a board: its pieces and slashes, with now and then a character out of place.
    fn nearly_a_board() -> impl Strategy<Value = (String, u32, u32, u8)> {
        let piece = prop::sample::select(vec!["b", "w", "0", "1", "2", "/", "/", "x", "é", " "]);
        let pieces = proptest::collection::vec(piece, 0..30);
        (pieces, 1u32..5, 1u32..5, 0u8..3)
            .prop_map(|(pieces, rows, cols, kind)| (pieces.concat(), rows, cols, kind))
    }

    /// A well-formed board of `rows` x `cols` in letters, rows joined by slashes or not.
    fn a_board() -> impl Strategy<Value = (String, u32, u32, bool)> {
        (1u32..7, 1u32..7, any::<bool>())
            .prop_flat_map(|(rows, cols, slashes)| {
                let cells = proptest::collection::vec(any::<bool>(), (rows * cols) as usize);
                (cells, Just(rows), Just(cols), Just(slashes))
            })
            .prop_map(|(cells, rows, cols, slashes)| {
                let letters: Vec<String> = cells
                    .chunks(cols as usize)
                    .map(|row| row.iter().map(|&b| if b { 'b' } else { 'w' }).collect())
                    .collect();
                (
                    letters.join(if slashes { "/" } else { "" }),
                    rows,
                    cols,
                    slashes,
                )
            })
    }

    /// A well-formed board with one character changed, taken out or put in.
    fn a_board_damaged() -> impl Strategy<Value = (String, u32, u32, u8)> {
        let change = prop::sample::select(vec!["b", "/", "x", "é", "", "bb", "//"]);
        (a_board(), any::<prop::sample::Index>(), change).prop_map(
            |((text, rows, cols, _), at, change)| {
                let chars: Vec<char> = text.chars().collect();
                let at = at.index(chars.len() + 1);
                let (before, after) = chars.split_at(at);
                let after: String = after.iter().skip(1).collect();
                (
                    format!("{}{change}{after}", before.iter().collect::<String>()),
                    rows,
                    cols,
                    0,
                )
            },
        )
    }

    proptest! {
        /// Byte by byte or character by character, a read sets the same cells and says the
        /// same thing of the text, board or not.
        #[test]
        fn the_fast_read_is_the_character_read(
            (text, rows, cols, kind) in prop_oneof![nearly_a_board(), a_board_damaged()],
        ) {
            let shape = Shape::new(rows, cols).unwrap();
            let cells = [Cells::Letters, Cells::Digits, Cells::States(3)][kind as usize];
            let fast = read_with(|t, s, c, set| read_board_line(t, s, c, set), &text, shape, cells);
            let slow = read_with(
                |t, s, c, set| read_board_line_by_chars(t, s, c, set), &text, shape, cells,
            );
            prop_assert_eq!(fast, slow);
        }

        /// Every well-formed board is read by the fast path alone.
        #[test]
        fn well_formed_boards_take_the_fast_path((text, rows, cols, _) in a_board()) {
            let shape = Shape::new(rows, cols).unwrap();
            let mut seen = Vec::new();
            let fast = read_ascii_board_line(text.as_bytes(), shape, Cells::Letters, &mut |r, c, s| {
                seen.push((r, c, s))
            });
            prop_assert!(fast);
            prop_assert_eq!(seen.len() as u64, shape.cells());
            let slow = read_with(
                |t, s, c, set| read_board_line_by_chars(t, s, c, set), &text, shape, Cells::Letters,
            );
            let mut cells = vec![None; shape.cells() as usize];
            for (r, c, s) in seen {
                cells[r * cols as usize + c] = Some(s);
            }
            prop_assert_eq!((cells, Ok(())), slow);
        }
    }

    #[test]
    fn shapes_read_and_print_as_rows_by_columns() {
        assert_eq!(
            "5x5".parse::<Shape>().map(|s| s.to_string()),
            Ok("5x5".into())
        );
        assert_eq!(
            "10X12".parse::<Shape>().map(|s| (s.rows(), s.cols())),
            Ok((10, 12))
        );
        assert!("0x5".parse::<Shape>().is_err());
        assert!("10001x1".parse::<Shape>().is_err());
        assert!("5".parse::<Shape>().is_err());
        assert!(Shape::new(10_000, 10_000).is_some());
        assert!(Shape::new(1, 10_001).is_none());
    }

    #[test]
    fn a_4x4_grid_reads_its_rows_from_the_id_s_hex_digits() {
        for (id, text) in [
            (0u16, "wwww/wwww/wwww/wwww"),
            (0x9d98, "bwwb/bbwb/bwwb/bwww"),
            (0xffff, "bbbb/bbbb/bbbb/bbbb"),
            (0x8001, "bwww/wwww/wwww/wwwb"),
        ] {
            let grid = Grid::from_bits16(id);
            assert_eq!(grid.to_string(), text);
            assert_eq!(grid.bits16(), Some(id));
        }
    }

    #[test]
    fn inline_and_heap_grids_behave_alike() {
        for (rows, cols) in [(4, 4), (8, 64), (9, 64), (3, 130)] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut grid = Grid::new(shape);
            grid.set(rows as usize - 1, cols as usize - 1, true);
            grid.toggle(0, 0);
            assert_eq!(grid.count(), 2);
            assert_eq!(grid.clone(), grid);
            let cells: Vec<_> = grid.cells().collect();
            assert_eq!(cells, vec![(0, 0), (rows as usize - 1, cols as usize - 1)]);
        }
        assert_eq!(Grid::from_bits16(0x9d98).to_string(), "bwwb/bbwb/bwwb/bwww");
        assert_eq!(Grid::from_bits16(0x9d98).bits16(), Some(0x9d98));
        assert_eq!(Grid::new(Shape::new(4, 5).unwrap()).bits16(), None);
        // The table's fast path reads the same 16 bits for every board.
        for id in 0..=u16::MAX {
            assert_eq!(Grid::from_bits16(id).bits16_of_4x4(), id);
        }
    }

    #[test]
    fn the_text_form_is_the_rows_joined_by_slashes_at_every_width() {
        // Widths across word boundaries and lengths across the display buffer's 256 bytes.
        for (rows, cols) in [
            (1, 1),
            (4, 4),
            (3, 63),
            (3, 64),
            (3, 65),
            (2, 130),
            (5, 255),
            (1, 300),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut grid = Grid::new(shape);
            for row in 0..rows as usize {
                for col in 0..cols as usize {
                    grid.set(row, col, (row * 7 + col * col) % 3 == 0);
                }
            }
            let expected: Vec<String> = (0..rows as usize)
                .map(|row| {
                    (0..cols as usize)
                        .map(|col| if grid.get(row, col) { 'b' } else { 'w' })
                        .collect()
                })
                .collect();
            assert_eq!(grid.to_string(), expected.join("/"), "{shape}");
        }
    }

    #[test]
    fn the_black_grid_has_no_bits_past_the_last_column() {
        let grid = Grid::filled(Shape::new(2, 70).unwrap(), Color::Black);
        assert_eq!(grid.count(), 140);
        assert_eq!(grid.finished_color(), Some(Color::Black));
    }

    /// A board larger than the text buffer prints whole, in order, whatever the flushes.
    #[test]
    fn large_grids_print_every_row() {
        // 6x42: the sixth row starts where its slash and letters fill the buffer to one byte over.
        for (rows, cols) in [(20, 20), (3, 300), (1, 255), (1, 256), (6, 42)] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut grid = Grid::new(shape);
            for row in 0..rows as usize {
                for col in 0..cols as usize {
                    grid.set(row, col, (row * 7 + col * 3) % 5 == 0);
                }
            }
            let rows_text: Vec<String> = (0..rows as usize).map(|r| grid.row_text(r)).collect();
            assert_eq!(grid.to_string(), rows_text.join("/"), "{rows}x{cols}");
        }
        // A board whose text fits the buffer goes out in one write (a stream of small boards
        // pays one call a board).
        struct Writes(usize);
        impl fmt::Write for Writes {
            fn write_str(&mut self, _: &str) -> fmt::Result {
                self.0 += 1;
                Ok(())
            }
        }
        // 1x255 fills the 256 bytes exactly with its last word (letters and a slash's room).
        for (rows, cols) in [(15, 15), (1, 255)] {
            let mut writes = Writes(0);
            let grid = Grid::new(Shape::new(rows, cols).unwrap());
            fmt::Write::write_fmt(&mut writes, format_args!("{grid}")).unwrap();
            assert_eq!(writes.0, 1, "{rows}x{cols}");
        }
    }

    /// Distinct grids hash apart (a hash that ignored the cells would still be correct, but
    /// `gen`'s set of a million boards drawn would degrade to one long list).
    #[test]
    fn distinct_grids_hash_apart() {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let hashes: std::collections::HashSet<u64> = (0..=u16::MAX)
            .step_by(257)
            .map(|id| {
                let mut hasher = DefaultHasher::new();
                Grid::from_bits16(id).hash(&mut hasher);
                hasher.finish()
            })
            .collect();
        assert_eq!(hashes.len(), 256);
    }

    #[test]
    fn grids_parse_from_one_line_with_or_without_slashes() {
        let shape = Shape::new(2, 3).unwrap();
        let grid = Grid::parse("bwb/wwb", shape).unwrap();
        assert_eq!(grid.to_string(), "bwb/wwb");
        assert_eq!(Grid::parse("BWBWWB", shape), Ok(grid));
        let error = Grid::parse("bwb/wxb", shape).unwrap_err();
        assert_eq!(
            (error.column, error.to_string()),
            (6, "expected 'b' or 'w', found 'x'".into())
        );
        let error = Grid::parse("bwbw/wwb", shape).unwrap_err();
        assert_eq!(error.to_string(), "expected '/', found 'w'");
        // One letter too many is named at its own column, after the seven of the board.
        let error = Grid::parse("bwb/wwbw", shape).unwrap_err();
        assert_eq!(error.column, 8);
        assert_eq!(error.expected, crate::notation::Expected::EndOfBoard);
    }

    #[test]
    fn lexicographic_order_is_row_major_first_cell_first() {
        let shape = Shape::new(2, 70).unwrap();
        let mut first_cell = Grid::new(shape);
        first_cell.set(0, 0, true);
        let mut late_cells = Grid::new(shape);
        late_cells.set(0, 69, true);
        late_cells.set(1, 0, true);
        assert_eq!(late_cells.cmp_lexicographic(&first_cell), Ordering::Less);
        assert_eq!(
            first_cell.cmp_lexicographic(&first_cell.clone()),
            Ordering::Equal
        );
    }
}
