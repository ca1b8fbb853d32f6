//! The facts of the whole state space for one goal, computed from the distance table and the
//! tap matrix.

use std::collections::BTreeMap;

use crate::algebra::{QuietPattern, TapMatrix};
use crate::board::{Board, Goal, POSITIONS};
use crate::solver::{DistanceTable, Moves};

/// Everything `flipgame stats` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct StateSpace {
    /// The goal the figures are for.
    pub goal: Goal,
    /// Number of boards (65,536).
    pub positions: u32,
    /// Boards some sequence of taps finishes.
    pub solvable: u32,
    /// Boards none does.
    pub impossible: u32,
    /// `histogram[k]`: boards whose fewest taps is `k`, for `k` up to the largest.
    pub histogram: Vec<u32>,
    /// The largest minimum over all solvable boards (God's number).
    pub max_moves: Moves,
    /// The hardest board with the smallest id.
    pub hardest_example: Board,
    /// Mean of the minimum over solvable boards.
    pub mean_moves: f64,
    /// Rank of the tap matrix over GF(2).
    pub rank: u32,
    /// Nullity of the tap matrix over GF(2).
    pub nullity: u32,
    /// Every non-empty quiet pattern, fewest cells first.
    pub quiet_patterns: Vec<QuietPattern>,
    /// For the hardest boards: how many optimal tap sets a board has, and how many of the
    /// hardest boards have that many.
    pub hardest_tap_sets: BTreeMap<u32, u32>,
}

impl StateSpace {
    /// Computes the figures for `goal`.
    pub fn compute(goal: Goal) -> StateSpace {
        let table = DistanceTable::shared(goal);
        let matrix = TapMatrix::new();
        let mut histogram: Vec<u32> = Vec::new();
        for moves in Board::all().filter_map(|board| table.moves(board)) {
            let moves = usize::from(moves);
            if histogram.len() <= moves {
                histogram.resize(moves + 1, 0);
            }
            histogram[moves] += 1;
        }
        let solvable: u32 = histogram.iter().sum();
        let max_moves = histogram.len().saturating_sub(1) as Moves;
        let total: u64 = histogram
            .iter()
            .enumerate()
            .map(|(k, &n)| k as u64 * u64::from(n))
            .sum();
        let hardest: Vec<Board> = Board::all()
            .filter(|&b| table.moves(b) == Some(max_moves))
            .collect();
        let mut hardest_tap_sets = BTreeMap::new();
        for &board in &hardest {
            let optimal = goal
                .colors()
                .iter()
                .flat_map(|&color| matrix.solutions(board, color))
                .filter(|taps| taps.len() == u32::from(max_moves))
                .count() as u32;
            *hardest_tap_sets.entry(optimal).or_insert(0) += 1;
        }
        StateSpace {
            goal,
            positions: POSITIONS as u32,
            solvable,
            impossible: POSITIONS as u32 - solvable,
            histogram,
            max_moves,
            hardest_example: hardest.first().copied().unwrap_or(Board::ALL_WHITE),
            mean_moves: if solvable == 0 {
                0.0
            } else {
                total as f64 / f64::from(solvable)
            },
            rank: matrix.rank(),
            nullity: matrix.nullity(),
            quiet_patterns: matrix.quiet_patterns(),
            hardest_tap_sets,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, TapSet};

    /// The histogram counted a second way: the boards each of the 2^16 tap sets reaches from
    /// the goal boards, keeping the fewest taps per board.
    #[test]
    fn histogram_matches_counting_over_all_tap_sets() {
        for goal in Goal::ALL {
            let mut fewest = vec![u32::MAX; POSITIONS];
            for bits in 0..=u16::MAX {
                let flips = Cell::all()
                    .filter(|cell| TapSet::from_bits(bits).contains(*cell))
                    .fold(0u16, |mask, cell| mask ^ cell.flip_mask());
                for color in goal.colors() {
                    let board = usize::from(color.board().bits() ^ flips);
                    fewest[board] = fewest[board].min(bits.count_ones());
                }
            }
            let mut expected: BTreeMap<u32, u32> = BTreeMap::new();
            for &moves in fewest.iter().filter(|&&m| m != u32::MAX) {
                *expected.entry(moves).or_insert(0) += 1;
            }
            let stats = StateSpace::compute(goal);
            let found: BTreeMap<u32, u32> = stats
                .histogram
                .iter()
                .enumerate()
                .map(|(k, &n)| (k as u32, n))
                .filter(|&(_, n)| n > 0)
                .collect();
            assert_eq!(found, expected, "goal {goal:?}");
            assert_eq!(stats.solvable + stats.impossible, 65_536);
            assert_eq!(
                stats.hardest_tap_sets.values().sum::<u32>(),
                stats.histogram[usize::from(stats.max_moves)]
            );
        }
    }
}
