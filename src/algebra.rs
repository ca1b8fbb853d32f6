//! Linear algebra over GF(2): the tap matrix, its quiet patterns, and proofs of impossibility.
//!
//! A tap adds its flip mask to the board, bit by bit modulo 2, so the boards a sequence of taps
//! can reach from `b` are `b` plus the span of the 16 flip masks (the columns of the tap matrix).
//! A *quiet pattern* is a set of cells that every tap meets in an even number of cells: the null
//! space of the (symmetric) tap matrix. Taps never change the parity of the black pieces inside a
//! quiet pattern, so a board whose parity there differs from every goal's can never be finished.
//! That is the certificate `explain` shows. It is also complete: a board is unsolvable exactly
//! when some quiet pattern proves it (the span is the orthogonal complement of the null space).

use crate::board::{Board, CELLS, Cell, Color, Goal, TapSet};

/// Rows of a GF(2) matrix as bit masks, reduced to echelon form. Each reduced row remembers
/// which of the original rows it is the sum of, so the reduction also solves equations.
struct Echelon {
    /// Reduced rows: (pivot bit, row, the original rows summed into it as a bit set).
    rows: Vec<(u16, u16, u16)>,
}

impl Echelon {
    /// Reduces `rows` by Gaussian elimination (bit 15 is column 0, and row `i` of the input is
    /// bit `15 - i` of a tag).
    fn reduce(rows: impl IntoIterator<Item = u16>) -> Echelon {
        let mut reduced: Vec<(u16, u16, u16)> = Vec::new();
        for (index, row) in rows.into_iter().enumerate() {
            let (mut row, mut tag) = (row, 1u16 << (15 - index));
            for &(pivot, basis, basis_tag) in &reduced {
                if row & pivot != 0 {
                    row ^= basis;
                    tag ^= basis_tag;
                }
            }
            if row == 0 {
                continue;
            }
            let pivot = 1u16 << (15 - row.leading_zeros());
            for entry in &mut reduced {
                if entry.1 & pivot != 0 {
                    entry.1 ^= row;
                    entry.2 ^= tag;
                }
            }
            reduced.push((pivot, row, tag));
        }
        Echelon { rows: reduced }
    }

    /// Some set of original rows summing to `target`, or `None` when `target` is not in their
    /// span.
    fn express(&self, target: u16) -> Option<u16> {
        let (rest, tags) =
            self.rows
                .iter()
                .fold((target, 0u16), |(rest, tags), &(pivot, row, tag)| {
                    if rest & pivot != 0 {
                        (rest ^ row, tags ^ tag)
                    } else {
                        (rest, tags)
                    }
                });
        (rest == 0).then_some(tags)
    }

    /// The vectors `x` with an even overlap with every row: one per column without a pivot.
    fn null_space(&self) -> Vec<u16> {
        let pivots = self
            .rows
            .iter()
            .fold(0u16, |all, &(pivot, _, _)| all | pivot);
        (0..CELLS)
            .map(|index| Cell::from_index(index).bit())
            .filter(|free| pivots & free == 0)
            .map(|free| {
                // Set the free column, then each pivot column that row's equation needs.
                self.rows.iter().fold(
                    free,
                    |x, &(pivot, row, _)| {
                        if row & free != 0 { x | pivot } else { x }
                    },
                )
            })
            .collect()
    }
}

/// The tap matrix of the 4x4 game and what follows from it.
pub struct TapMatrix {
    echelon: Echelon,
    basis: Vec<u16>,
}

impl TapMatrix {
    /// Builds the matrix from the tap rule and reduces it.
    pub fn new() -> TapMatrix {
        let echelon = Echelon::reduce(Cell::all().map(Cell::flip_mask));
        let basis = echelon.null_space();
        TapMatrix { echelon, basis }
    }

    /// Every tap set that turns `board` into the finished board of `color` (2^nullity of them),
    /// or none when no tap set does. Found by elimination, independently of the search.
    pub fn solutions(&self, board: Board, color: Color) -> Vec<TapSet> {
        let Some(particular) = self.echelon.express(board.bits() ^ color.board().bits()) else {
            return Vec::new();
        };
        self.null_space()
            .map(|kernel| TapSet::from_bits(particular ^ kernel))
            .collect()
    }

    /// Every element of the null space (2^nullity of them, the empty set first): each sum of a
    /// subset of the basis.
    fn null_space(&self) -> impl Iterator<Item = u16> + '_ {
        (0u32..1 << self.basis.len()).map(|choice| {
            self.basis
                .iter()
                .enumerate()
                .filter(|(n, _)| choice >> n & 1 == 1)
                .fold(0u16, |sum, (_, vector)| sum ^ vector)
        })
    }

    /// The rank over GF(2): how many taps are independent (12 for 4x4).
    pub fn rank(&self) -> u32 {
        self.echelon.rows.len() as u32
    }

    /// The dimension of the null space: how many independent quiet patterns there are.
    pub fn nullity(&self) -> u32 {
        CELLS as u32 - self.rank()
    }

    /// A basis of the quiet patterns.
    pub fn quiet_basis(&self) -> &[u16] {
        &self.basis
    }

    /// Every non-empty quiet pattern (2^nullity - 1 of them), fewest cells first, ties in
    /// row-major order.
    pub fn quiet_patterns(&self) -> Vec<QuietPattern> {
        let mut patterns: Vec<QuietPattern> = self.null_space().skip(1).map(QuietPattern).collect();
        patterns.sort_by_key(|pattern| (pattern.len(), std::cmp::Reverse(pattern.0)));
        patterns
    }

    /// A proof that `board` can never reach any colour `goal` accepts: the quiet pattern with
    /// the fewest cells on which the board's parity differs from every accepted finished board's
    /// (ties: the one first in row-major order). `None` when no single pattern proves it for
    /// every accepted colour, which for 4x4 means the board is solvable.
    pub fn certificate(&self, board: Board, goal: Goal) -> Option<Certificate> {
        self.quiet_patterns()
            .into_iter()
            .find(|pattern| {
                goal.colors()
                    .iter()
                    .all(|color| pattern.parity(board) != pattern.parity(color.board()))
            })
            .map(|pattern| Certificate {
                pattern,
                black: pattern.black_in(board),
            })
    }
}

impl Default for TapMatrix {
    fn default() -> Self {
        TapMatrix::new()
    }
}

/// A set of cells that every tap meets in an even number of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuietPattern(u16);

impl QuietPattern {
    /// The cells as a mask (bit 15 is r1c1).
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The cells, row-major.
    pub fn cells(self) -> impl DoubleEndedIterator<Item = Cell> + Clone {
        TapSet::from_bits(self.0).cells()
    }

    /// How many cells the pattern has.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True for the empty pattern (never returned by [`TapMatrix::quiet_patterns`]).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `cell` is in the pattern.
    pub fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// How many black pieces of `board` lie in the pattern.
    pub fn black_in(self, board: Board) -> u32 {
        (board.bits() & self.0).count_ones()
    }

    /// The parity of the black pieces of `board` in the pattern: what no tap can change.
    pub fn parity(self, board: Board) -> bool {
        self.black_in(board) % 2 == 1
    }

    /// How many cells of the pattern a tap on `cell` flips (always even).
    pub fn flipped_by(self, cell: Cell) -> u32 {
        (cell.flip_mask() & self.0).count_ones()
    }
}

/// A proof of impossibility: a quiet pattern and the board's count of black pieces in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The cells of the proof.
    pub pattern: QuietPattern,
    /// Black pieces of the board inside the pattern: odd when every goal's count is even, or
    /// the other way round.
    pub black: u32,
}

impl Certificate {
    /// The black pieces a finished board of `color` has in the pattern.
    pub fn black_in_goal(&self, color: Color) -> u32 {
        self.pattern.black_in(color.board())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::DistanceTable;

    #[test]
    fn the_4x4_tap_matrix_has_rank_12_and_fifteen_quiet_patterns() {
        let matrix = TapMatrix::new();
        assert_eq!(matrix.rank(), 12);
        assert_eq!(matrix.nullity(), 4);
        let patterns = matrix.quiet_patterns();
        assert_eq!(patterns.len(), 15);
        let distinct: std::collections::HashSet<_> = patterns.iter().collect();
        assert_eq!(distinct.len(), 15);
    }

    #[test]
    fn every_quiet_pattern_is_met_evenly_by_every_tap() {
        for pattern in TapMatrix::new().quiet_patterns() {
            for tap in Cell::all() {
                assert_eq!(
                    pattern.flipped_by(tap) % 2,
                    0,
                    "pattern {:04x}, tap {tap}",
                    pattern.bits()
                );
            }
        }
    }

    /// Independent of the algebra: the quiet patterns are exactly the non-empty masks that
    /// every tap meets evenly, found by trying all 65,535.
    #[test]
    fn quiet_patterns_are_all_the_masks_every_tap_meets_evenly() {
        let mut brute: Vec<u16> = (1..=u16::MAX)
            .filter(|&mask| Cell::all().all(|tap| (tap.flip_mask() & mask).count_ones() % 2 == 0))
            .collect();
        let mut found: Vec<u16> = TapMatrix::new()
            .quiet_patterns()
            .iter()
            .map(|p| p.bits())
            .collect();
        brute.sort_unstable();
        found.sort_unstable();
        assert_eq!(found, brute);
    }

    /// On all 65,536 boards and every goal: a certificate exists exactly when the BFS says the
    /// board is impossible, and it is valid (odd against every accepted goal's parity).
    #[test]
    fn a_board_has_a_certificate_exactly_when_it_is_unsolvable() {
        let matrix = TapMatrix::new();
        for goal in Goal::ALL {
            let table = DistanceTable::shared(goal);
            for board in Board::all() {
                let certificate = matrix.certificate(board, goal);
                assert_eq!(
                    certificate.is_some(),
                    table.moves(board).is_none(),
                    "board {board}"
                );
                if let Some(certificate) = certificate {
                    assert_eq!(certificate.black, certificate.pattern.black_in(board));
                    for &color in goal.colors() {
                        let goal_black = certificate.black_in_goal(color);
                        assert_ne!(certificate.black % 2, goal_black % 2, "board {board}");
                    }
                    for tap in Cell::all() {
                        assert_eq!(certificate.pattern.flipped_by(tap) % 2, 0);
                    }
                }
            }
        }
    }

    /// Elimination agrees with the search: the least of the fewest-tap solutions it finds is the
    /// tap set the distance table reports, for every board and goal.
    #[test]
    fn solutions_by_elimination_agree_with_the_search() {
        let matrix = TapMatrix::new();
        for goal in Goal::ALL {
            let table = DistanceTable::shared(goal);
            for board in Board::all() {
                let all: Vec<TapSet> = goal
                    .colors()
                    .iter()
                    .flat_map(|&color| matrix.solutions(board, color))
                    .collect();
                for taps in &all {
                    assert!(board.after(*taps).finished_color().is_some());
                }
                let best = all
                    .iter()
                    .min_by_key(|taps| (taps.len(), taps.bits()))
                    .copied();
                assert_eq!(best, table.solve(board).map(|s| s.taps), "board {board}");
            }
        }
    }

    #[test]
    fn the_certificate_has_the_fewest_cells_among_the_proofs() {
        let matrix = TapMatrix::new();
        let patterns = matrix.quiet_patterns();
        for board in Board::all() {
            if let Some(certificate) = matrix.certificate(board, Goal::Either) {
                let fewest = patterns
                    .iter()
                    .filter(|p| p.parity(board))
                    .map(|p| p.len())
                    .min();
                assert_eq!(Some(certificate.pattern.len()), fewest);
            }
        }
    }
}
