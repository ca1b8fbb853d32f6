//! What a solve gives back: the least optimal tap set and what is proven of it, which strategy
//! answered, and the stages a long solve reports.

use super::ELIMINATION_MEMORY_BYTES;
use crate::grid::Grid;
use crate::notation::Color;

/// A tap set that finishes a board, and whether it is proven to be the least optimal one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The taps.
    pub taps: Grid,
    /// The colour they finish the board in.
    pub goal: Color,
    /// True when the count is proven minimal (and the taps are the least optimal set).
    pub optimal: bool,
    /// No tap set that finishes the board has fewer taps: the count itself when `optimal`.
    pub lower_bound: u64,
}

impl Solution {
    /// The number of taps.
    pub fn moves(&self) -> u64 {
        self.taps.count()
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

impl std::fmt::Display for TooLargeToSolve {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a {} board under rule {}{} needs {} MiB to eliminate, more than the {} MiB flipgame \
             allows",
            self.shape,
            self.rule,
            if self.wrap { " with --wrap" } else { "" },
            self.bytes >> 20,
            ELIMINATION_MEMORY_BYTES >> 20
        )
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
}
