//! What a solve gives back: the least optimal tap set and what is proven of it, which strategy
//! answered, and the stages a long solve reports.

use super::ELIMINATION_MEMORY_BYTES;
use crate::grid::Grid;
use crate::notation::Color;

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

/// The taps of an answer, of either kind of piece.
pub trait Taps {
    /// How many taps: the cells of a tap set, or the sum of tap counts.
    fn tap_count(&self) -> u64;
}

impl Taps for Grid {
    fn tap_count(&self) -> u64 {
        self.count()
    }
}

/// How many times each cell is tapped, row-major: the taps of a board of K states.
impl Taps for Vec<u8> {
    fn tap_count(&self) -> u64 {
        self.iter().map(|&times| u64::from(times)).sum()
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

impl TooLargeToSolve {
    /// The message, with `wrapping` said after the rule of a board whose edges wrap: the
    /// library says ", wrapping,", a front end may name its own flag.
    pub fn describe(&self, wrapping: &str) -> String {
        format!(
            "a {} board under rule {}{} needs {} MiB to eliminate, more than the {} MiB flipgame \
             allows",
            self.shape,
            self.rule,
            if self.wrap { wrapping } else { "" },
            self.bytes >> 20,
            ELIMINATION_MEMORY_BYTES >> 20
        )
    }
}

impl std::fmt::Display for TooLargeToSolve {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(", wrapping,"))
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
