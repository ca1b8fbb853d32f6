//! The distance table of the 4x4 game: the fewest taps and the least optimal tap set of every
//! one of the 65,536 boards, for one goal, looked up in constant time.
//!
//! It is the state-space search of [`crate::space`] (a breadth-first search from the finished
//! boards that carries the least optimal tap set along; the tie rule and why the search can keep
//! it are explained there), stored compactly for the 4x4 board: a byte and a `u16` per board.
//! Tap sets use the board's bit layout, so the tie rule's row-major string order is integer
//! order.

use std::sync::OnceLock;

use crate::board::{Board, Cell, Color, Goal, TapSet};
use crate::grid::Shape;
use crate::space::SmallSpace;

/// The fewest taps that finish a board (at most 16 for 4x4).
pub type Moves = u8;

const UNREACHED: Moves = Moves::MAX;

/// An optimal way to finish a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The least optimal tap set (see the module documentation for the tie rule).
    pub taps: TapSet,
    /// The colour the board shows after those taps.
    pub goal: Color,
}

impl Solution {
    /// The number of taps, which is the minimum for the board.
    pub fn moves(&self) -> Moves {
        self.taps.len() as Moves
    }

    /// The taps applied one at a time to `board`, in row-major order, with what each changes.
    pub fn steps(&self, board: Board) -> Vec<Step> {
        self.taps
            .cells()
            .scan(board, |current, tap| {
                let before = *current;
                *current = before.tapped(tap);
                Some(Step {
                    tap,
                    before,
                    after: *current,
                })
            })
            .collect()
    }
}

/// One tap of a walkthrough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The tapped cell.
    pub tap: Cell,
    /// The board before the tap.
    pub before: Board,
    /// The board after the tap.
    pub after: Board,
}

impl Step {
    /// The pieces the tap turned over (the tapped one and its neighbours), row-major.
    pub fn flipped(&self) -> impl DoubleEndedIterator<Item = Cell> + Clone {
        TapSet::from_bits(self.tap.flip_mask()).cells()
    }
}

/// Minimum taps and least optimal tap set for every board, for one goal.
pub struct DistanceTable {
    goal: Goal,
    moves: Box<[Moves]>,
    taps: Box<[u16]>,
}

impl DistanceTable {
    /// Runs the breadth-first search from the goal boards of `goal`.
    pub fn build(goal: Goal) -> DistanceTable {
        let space = SmallSpace::explore(Shape::FLIP_GAME, goal, true, &mut |_, _| {});
        // 16 cells is within every limit of the search, so it cannot refuse.
        let (distances, taps) = space.map(SmallSpace::into_parts).unwrap_or_default();
        let taps = taps.unwrap_or_default();
        DistanceTable {
            goal,
            moves: distances.into_boxed_slice(),
            // A 4x4 tap set has 16 bits, so the narrowing keeps every bit.
            taps: taps.into_iter().map(|t| t as u16).collect(),
        }
    }

    /// The table for `goal`, built once per process on first use.
    pub fn shared(goal: Goal) -> &'static DistanceTable {
        static TABLES: [OnceLock<DistanceTable>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = match goal {
            Goal::Either => &TABLES[0],
            Goal::White => &TABLES[1],
            Goal::Black => &TABLES[2],
        };
        slot.get_or_init(|| DistanceTable::build(goal))
    }

    /// The goal this table was built for.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The fewest taps that finish `board`, or `None` when no sequence of taps can.
    #[inline]
    pub fn moves(&self, board: Board) -> Option<Moves> {
        match self.moves[board.bits() as usize] {
            UNREACHED => None,
            moves => Some(moves),
        }
    }

    /// The least optimal tap set for `board` and the colour it reaches, or `None` when impossible.
    pub fn solve(&self, board: Board) -> Option<Solution> {
        self.moves(board)?;
        let taps = TapSet::from_bits(self.taps[board.bits() as usize]);
        let goal = board.after(taps).finished_color()?;
        Some(Solution { taps, goal })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The second algorithm: every one of the 2^16 tap sets applied to each goal board, in
    /// increasing order, keeping the first of the fewest taps for each board reached.
    fn enumerate_all_tap_sets(goal: Goal) -> Vec<Option<(TapSet, Color)>> {
        let mut best: Vec<Option<(TapSet, Color)>> = vec![None; crate::board::POSITIONS];
        for bits in 0..=u16::MAX {
            let taps = TapSet::from_bits(bits);
            let flips = Cell::all()
                .filter(|cell| bits & cell.bit() != 0)
                .fold(0u16, |mask, cell| mask ^ cell.flip_mask());
            for &color in goal.colors() {
                let board = (color.board().bits() ^ flips) as usize;
                let better = match best[board] {
                    None => true,
                    Some((known, _)) => taps.len() < known.len(),
                };
                if better {
                    best[board] = Some((taps, color));
                }
            }
        }
        best
    }

    #[test]
    fn table_agrees_with_enumerating_every_tap_set_for_every_goal() {
        for goal in Goal::ALL {
            let table = DistanceTable::build(goal);
            let expected = enumerate_all_tap_sets(goal);
            for board in Board::all() {
                let found = table.solve(board).map(|s| (s.taps, s.goal));
                assert_eq!(
                    found,
                    expected[board.bits() as usize],
                    "board {board}, goal {goal:?}"
                );
                assert_eq!(
                    table.moves(board),
                    found.map(|(taps, _)| taps.len() as Moves)
                );
            }
        }
    }

    #[test]
    fn sample_board_needs_four_taps_with_the_least_tap_set() {
        let board: Board = "bwwb/bbwb/bwwb/bwww".parse().unwrap();
        let solution = DistanceTable::shared(Goal::Either).solve(board).unwrap();
        assert_eq!(solution.moves(), 4);
        assert_eq!(solution.taps.to_string(), "r1c1 r2c2 r2c4 r3c1");
        assert_eq!(
            board.after(solution.taps).finished_color(),
            Some(solution.goal)
        );
    }

    #[test]
    fn statement_example_is_impossible() {
        let board: Board = "bwbw/wwww/bbwb/bwwb".parse().unwrap();
        assert_eq!(DistanceTable::shared(Goal::Either).solve(board), None);
    }

    /// Over all 65,536 boards and every goal: the walkthrough replays, tap by tap, to the
    /// reported goal in exactly the minimum number of taps, each step flipping 3 to 5 pieces.
    #[test]
    fn every_walkthrough_replays_to_a_goal_in_the_minimum_number_of_taps() {
        for goal in Goal::ALL {
            let table = DistanceTable::shared(goal);
            for board in Board::all() {
                let Some(solution) = table.solve(board) else {
                    continue;
                };
                let steps = solution.steps(board);
                assert_eq!(steps.len(), usize::from(table.moves(board).unwrap()));
                let mut current = board;
                for step in &steps {
                    assert_eq!(step.before, current);
                    let changed = step.before.bits() ^ step.after.bits();
                    assert_eq!(changed, step.flipped().fold(0, |m, c| m | c.bit()));
                    assert!((3..=5).contains(&changed.count_ones()));
                    current = step.after;
                }
                assert_eq!(
                    current.finished_color(),
                    Some(solution.goal),
                    "board {board}"
                );
                assert!(goal.colors().contains(&solution.goal));
            }
        }
    }

    #[test]
    fn finished_boards_need_no_taps() {
        let table = DistanceTable::shared(Goal::Either);
        assert_eq!(table.moves(Board::ALL_WHITE), Some(0));
        assert_eq!(table.moves(Board::ALL_BLACK), Some(0));
        let white = DistanceTable::shared(Goal::White);
        assert_eq!(
            white.solve(Board::ALL_WHITE).map(|s| s.goal),
            Some(Color::White)
        );
    }
}
