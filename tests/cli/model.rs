//! The 4x4 Flip Game written from its definition, as the property tests' oracle: it shares no
//! code with the library. A board is a `u16` with bit 15 at r1c1 (the layout of a board id), a
//! set bit a black piece; a tap turns over its cell and the cells at distance 1.

use std::fmt;

/// One square, rows and columns from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The cell at `row`, `col`, or `None` off the board.
    pub fn new(row: u8, col: u8) -> Option<Cell> {
        ((1..=4).contains(&row) && (1..=4).contains(&col)).then_some(Cell { row, col })
    }

    /// The 16 cells, row-major.
    pub fn all() -> impl Iterator<Item = Cell> {
        (1..=4).flat_map(|row| (1..=4).map(move |col| Cell { row, col }))
    }

    pub fn row(self) -> u8 {
        self.row
    }

    pub fn col(self) -> u8 {
        self.col
    }

    /// This cell's bit in a board or tap set.
    pub fn bit(self) -> u16 {
        1 << (15 - (4 * (self.row - 1) + self.col - 1))
    }

    /// The pieces a tap here turns over: every cell at distance at most 1.
    pub fn flip_mask(self) -> u16 {
        Cell::all()
            .filter(|other| self.row.abs_diff(other.row) + self.col.abs_diff(other.col) <= 1)
            .fold(0, |mask, other| mask | other.bit())
    }
}

/// A set of taps on distinct cells (a second tap on a cell undoes the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TapSet(u16);

impl TapSet {
    pub fn from_bits(bits: u16) -> TapSet {
        TapSet(bits)
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
}

/// A 4x4 position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board(u16);

impl Board {
    pub fn from_id(id: u16) -> Board {
        Board(id)
    }

    pub fn bits(self) -> u16 {
        self.0
    }

    /// The finished board of one colour.
    pub fn filled(black: bool) -> Board {
        Board(if black { u16::MAX } else { 0 })
    }

    pub fn is_black(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// The board after every tap of `taps`, one tap at a time.
    pub fn after(self, taps: TapSet) -> Board {
        let flips = Cell::all()
            .filter(|cell| taps.0 & cell.bit() != 0)
            .fold(0, |mask, cell| mask ^ cell.flip_mask());
        Board(self.0 ^ flips)
    }

    pub fn inverted(self) -> Board {
        Board(!self.0)
    }
}

impl fmt::Display for Board {
    /// Rows from the top joined by `/`, `b` black and `w` white.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, cell) in Cell::all().enumerate() {
            if n > 0 && n % 4 == 0 {
                f.write_str("/")?;
            }
            f.write_str(if self.is_black(cell) { "b" } else { "w" })?;
        }
        Ok(())
    }
}
