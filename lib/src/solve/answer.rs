//! What a solve gives back: the least optimal tap set and what is proven of it, which strategy
//! answered, and the stages a long solve reports.

use std::fmt;

use super::ELIMINATION_MEMORY_BYTES;
use crate::grid::{Grid, Shape};
use crate::notation::{Cell, Color};
use crate::settings::{self, Advice, Names, Setting};

/// The taps that finish a board, and what is proven of them: for two-sided pieces a set of
/// taps (a [`Grid`]) and the [`Color`] reached; for pieces of K colours how many times each cell
/// is tapped (0 to K - 1, row-major) and the colour's number (see [`super::states`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<T = Grid, C = Color> {
    /// The taps.
    pub taps: T,
    /// The colour they finish the board in.
    pub color: C,
    /// True when the count is proven minimal (and the taps are the least optimal ones).
    pub optimal: bool,
    /// No taps that finish the board are fewer: the count itself when `optimal`.
    pub lower_bound: u64,
}

impl<T: Taps, C> Solution<T, C> {
    /// The number of taps.
    pub fn moves(&self) -> u64 {
        self.taps.tap_count()
    }
}

/// The taps of an answer, of either kind of piece: the one place they are counted, listed by
/// cell and made from counts.
pub trait Taps: Sized {
    /// How many taps: the cells of a tap set, or the sum of tap counts.
    fn tap_count(&self) -> u64;

    /// The tapped cells on a board `cols` wide, row-major, with how many times each.
    fn tapped_cells(&self, cols: usize) -> impl Iterator<Item = (Cell, u8)> + '_;

    /// How many times each cell of a board of `shape` is tapped, row-major.
    fn counts(&self, shape: Shape) -> Vec<u8> {
        let mut counts = vec![0; shape.cells() as usize];
        self.write_counts(shape, &mut counts);
        counts
    }

    /// [`Taps::counts`] written into `counts`, one a cell of `shape` (a batch's row of an
    /// array).
    fn write_counts(&self, shape: Shape, counts: &mut [u8]) {
        let cols = shape.cols() as usize;
        for (cell, times) in self.tapped_cells(cols) {
            counts[cell.row * cols + cell.col] = times;
        }
    }

    /// The taps of tapping each cell of a board of `shape` `counts[cell]` times (row-major):
    /// `states` taps of a cell change nothing (two for a tap set), so each count is taken mod
    /// `states`.
    fn from_counts(shape: Shape, states: u8, counts: &[u32]) -> Self;
}

impl Taps for Grid {
    fn tap_count(&self) -> u64 {
        self.count()
    }

    fn tapped_cells(&self, _cols: usize) -> impl Iterator<Item = (Cell, u8)> + '_ {
        self.cells().map(|(row, col)| (Cell::new(row, col), 1))
    }

    fn from_counts(shape: Shape, _states: u8, counts: &[u32]) -> Grid {
        let mut taps = Grid::new(shape);
        let cols = shape.cols() as usize;
        for (cell, &times) in counts.iter().enumerate() {
            taps.set(cell / cols, cell % cols, times % 2 == 1);
        }
        taps
    }
}

/// How many times each cell is tapped, row-major: the taps of a board of K states.
impl Taps for Vec<u8> {
    fn tap_count(&self) -> u64 {
        self.iter().map(|&times| u64::from(times)).sum()
    }

    fn tapped_cells(&self, cols: usize) -> impl Iterator<Item = (Cell, u8)> + '_ {
        self.iter()
            .enumerate()
            .filter(|&(_, &times)| times > 0)
            .map(move |(index, &times)| (Cell::at_index(index, cols), times))
    }

    fn from_counts(_shape: Shape, states: u8, counts: &[u32]) -> Vec<u8> {
        let states = u32::from(states);
        counts.iter().map(|&times| (times % states) as u8).collect()
    }
}

/// Which strategy a solver chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The 4x4 distance table.
    Table,
    /// Light chasing.
    Chase,
    /// Banded elimination over GF(2).
    Elimination,
}

/// Why a puzzle is too large to solve here: eliminating its tap matrix needs more memory than
/// flipgame allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLargeToSolve {
    /// The board.
    pub shape: crate::grid::Shape,
    /// The rule, as it is named in output.
    pub rule: String,
    /// Whether the edges wrap.
    pub wrap: bool,
    /// The bytes the elimination would need.
    pub bytes: u64,
}

impl Advice for TooLargeToSolve {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        let wrapping = match self.wrap {
            true => format!(" with {}", names(Setting::Wrap)),
            false => String::new(),
        };
        write!(
            f,
            "a {} board under rule {}{wrapping} needs {} MiB to eliminate, more than the {} MiB \
             flipgame allows",
            self.shape,
            self.rule,
            self.bytes >> 20,
            ELIMINATION_MEMORY_BYTES >> 20
        )
    }
}

impl fmt::Display for TooLargeToSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_advice(f, settings::RUST)
    }
}

impl std::error::Error for TooLargeToSolve {}

/// What a long solve is doing when it tells its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reducing the tap matrix, with the board where there is one (rules light chasing cannot
    /// take); counted in columns.
    Eliminating,
    /// Working out the quiet tap sets from the reduced matrix, one after another.
    QuietTapSets,
    /// Searching the null space for the fewest taps that make the board all this colour.
    Searching(Color),
    /// Searching the quiet tap counts of a board of K states for its fewest taps, one colour
    /// after another.
    SearchingCounts,
}

impl Stage {
    /// What the stage is doing, in words for a progress bar.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Eliminating => "eliminating",
            Stage::QuietTapSets => "finding the quiet tap sets",
            Stage::Searching(Color::White) => "searching the null space for all white",
            Stage::Searching(Color::Black) => "searching the null space for all black",
            Stage::SearchingCounts => "searching the quiet press counts",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each stage says in its words which it is: no two alike, and a colour's search names
    /// its colour.
    #[test]
    fn every_stage_has_words_of_its_own() {
        let stages = [
            Stage::Eliminating,
            Stage::QuietTapSets,
            Stage::Searching(Color::White),
            Stage::Searching(Color::Black),
            Stage::SearchingCounts,
        ];
        let words: std::collections::HashSet<&str> = stages.iter().map(|s| s.label()).collect();
        assert_eq!(words.len(), stages.len());
        assert!(Stage::Searching(Color::White).label().ends_with("white"));
        assert!(Stage::Searching(Color::Black).label().ends_with("black"));
    }

    /// Counts become taps mod the number of states and come back as the same counts, cell by
    /// cell, for a tap set (rows of more than one word) and for counts of K states.
    #[test]
    fn taps_made_from_counts_give_their_cells_and_counts_back() {
        let shape = Shape::new(2, 70).unwrap();
        let counts: Vec<u32> = (0..140).map(|cell| cell * 7 % 5).collect();
        let total = |counts: &[u8]| counts.iter().map(|&times| u64::from(times)).sum::<u64>();
        let set = Grid::from_counts(shape, 2, &counts);
        let odd: Vec<u8> = counts.iter().map(|&times| (times % 2) as u8).collect();
        assert_eq!(set.counts(shape), odd);
        assert_eq!(set.tap_count(), total(&odd));
        let listed: Vec<(Cell, u8)> = set.tapped_cells(70).collect();
        let expected: Vec<(Cell, u8)> = (0..140)
            .filter(|&cell| odd[cell] == 1)
            .map(|cell| (Cell::new(cell / 70, cell % 70), 1))
            .collect();
        assert_eq!(listed, expected);
        let presses = Vec::<u8>::from_counts(shape, 3, &counts);
        let mod_three: Vec<u8> = counts.iter().map(|&times| (times % 3) as u8).collect();
        assert_eq!(presses.counts(shape), mod_three);
        assert_eq!(presses.tap_count(), total(&mod_three));
        let pressed: Vec<(Cell, u8)> = presses.tapped_cells(70).collect();
        assert!(
            pressed.iter().all(|&(cell, times)| {
                times > 0 && mod_three[cell.row * 70 + cell.col] == times
            })
        );
        assert_eq!(pressed.len(), mod_three.iter().filter(|&&t| t > 0).count());
    }
}
