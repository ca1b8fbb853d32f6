//! The facts of a puzzle, for one goal: for a small one, what exploring every board tells
//! ([`Explored`], for either kind of piece); for any size, what the tap matrix tells ([`Facts`]
//! over GF(2), [`StateFacts`] over Z_K).

use std::collections::BTreeMap;

use crate::grid::{Grid, Shape};
use crate::kind::Kind;
use crate::notation::Color;
use crate::puzzle::{Goal, Puzzle};
use crate::solve::{Solver, Stage, TooLargeToSolve};
use crate::space::{SmallSpace, Space, TooManyBoards};

mod states;

pub use states::{BoardFactor, StateFacts};

/// What exploring every board of a small puzzle tells, for either kind of piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Explored<B> {
    /// Number of boards (states^cells).
    pub positions: u64,
    /// Boards some taps finish.
    pub solvable: u64,
    /// Boards no taps finish.
    pub impossible: u64,
    /// `histogram[k]`: boards whose fewest taps is `k`, for `k` up to the largest.
    pub histogram: Vec<u64>,
    /// The largest minimum over all solvable boards (God's number).
    pub max_moves: u64,
    /// The hardest board that comes first in the space's order (for two states, of ids).
    pub hardest_example: B,
    /// Mean of the minimum over solvable boards.
    pub mean_moves: f64,
}

impl<B> Explored<B> {
    /// The facts of `space`, whose boards are `board_at` their numbers.
    pub fn of<S: Space + ?Sized>(space: &S, board_at: impl Fn(&S, u32) -> B) -> Explored<B> {
        let histogram = space.layer_sizes();
        let solvable: u64 = histogram.iter().sum();
        let max_moves = histogram.len().saturating_sub(1) as u64;
        let total: u64 = histogram
            .iter()
            .enumerate()
            .map(|(k, &n)| k as u64 * n)
            .sum();
        let hardest = space
            .distances()
            .iter()
            .position(|&moves| u64::from(moves) == max_moves)
            .unwrap_or(0);
        Explored {
            positions: space.positions(),
            solvable,
            impossible: space.positions() - solvable,
            histogram,
            max_moves,
            hardest_example: board_at(space, hardest as u32),
            mean_moves: if solvable == 0 {
                0.0
            } else {
                total as f64 / solvable as f64
            },
        }
    }

    /// Explores every board of `puzzle`, telling `progress` how far it has gone.
    pub fn explore<K: Kind<Board = B>>(
        puzzle: &K::Puzzle,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Explored<B>, K::TooManyBoards> {
        let space = K::explore(puzzle, false, progress)?;
        Ok(Explored::of(&space, K::board_at))
    }
}

/// Everything `flipgame stats` reports of a small puzzle of two-sided pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The board shape.
    pub shape: Shape,
    /// The goal the figures are for.
    pub goal: Goal,
    /// What exploring every board tells.
    pub explored: Explored<Grid>,
    /// Rank of the tap matrix over GF(2).
    pub rank: u64,
    /// Nullity of the tap matrix over GF(2).
    pub nullity: u64,
    /// Every non-empty quiet pattern (cells every tap meets evenly), fewest cells first.
    pub quiet_patterns: Vec<Grid>,
    /// True when the rule is symmetric, so the quiet patterns are also the quiet tap sets.
    pub symmetric: bool,
    /// For the hardest boards: how many optimal tap sets a board has, and how many of the
    /// hardest boards have that many.
    pub hardest_tap_sets: BTreeMap<u64, u64>,
}

/// Why a state space could not be reported on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportError {
    /// It has too many boards to explore.
    Boards(TooManyBoards),
    /// Its solver needs more memory than flipgame allows.
    Solver(TooLargeToSolve),
}

impl std::fmt::Display for ReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportError::Boards(error) => error.fmt(f),
            ReportError::Solver(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ReportError {}

impl Report {
    /// Computes the figures for `puzzle`; `progress` hears how the search goes.
    pub fn compute(
        puzzle: &Puzzle,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Report, ReportError> {
        let (shape, goal) = (puzzle.shape(), puzzle.goal());
        let space = SmallSpace::explore(puzzle, false, progress).map_err(ReportError::Boards)?;
        // Up to 25 cells every strategy fits in memory.
        let lights = Solver::new(puzzle.clone()).map_err(ReportError::Solver)?;
        let explored = Explored::of(&space, SmallSpace::board);
        let max_moves = explored.max_moves;
        let mut hardest_tap_sets = BTreeMap::new();
        for bits in (0..space.positions() as u32)
            .filter(|&bits| space.moves(bits).map(u64::from) == Some(max_moves))
        {
            let board = space.board(bits);
            let optimal = goal
                .colors()
                .iter()
                .flat_map(|&color| lights.solutions(&board, color))
                .filter(|taps| taps.count() == max_moves)
                .count() as u64;
            *hardest_tap_sets.entry(optimal).or_insert(0) += 1;
        }
        Ok(Report {
            shape,
            goal,
            explored,
            rank: lights.rank(),
            nullity: lights.nullity() as u64,
            symmetric: puzzle.is_symmetric(),
            quiet_patterns: lights.quiet_patterns(),
            hardest_tap_sets,
        })
    }
}

/// What is known of a puzzle of any size without the fewest taps of every board: the counts
/// follow from the rank of the tap matrix, and the quiet patterns from its null space.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// The board shape.
    pub shape: Shape,
    /// The goal the figures are for.
    pub goal: Goal,
    /// Rank of the tap matrix over GF(2).
    pub rank: u64,
    /// Nullity of the tap matrix over GF(2).
    pub nullity: u64,
    /// The solvable boards are 2^`solvable_log2`: one coset of the taps' span per finished
    /// board, the two finished boards sharing one when taps turn one into the other.
    pub solvable_log2: u64,
    /// A basis of the quiet patterns, all of it, or `None` when it has more than
    /// [`LISTED_BASIS_CELLS`] cells in all (nullity times cells).
    pub quiet_basis: Option<Vec<Grid>>,
}

/// The most cells (nullity times cells) of a basis of quiet patterns that [`Facts`] keeps: a
/// listing past it (a 1024x1024 board's has 507 million) is no use to a reader and takes
/// gigabytes to print.
pub const LISTED_BASIS_CELLS: u64 = 1 << 24;

impl Facts {
    /// The facts of `solver`'s puzzle, telling `progress` how the stages go where they take
    /// long: one elimination at most, whose quiet tap sets come with it.
    pub fn of(solver: &Solver, progress: &mut dyn FnMut(Stage, u64, u64)) -> Facts {
        let puzzle = solver.puzzle();
        let (shape, goal) = (puzzle.shape(), puzzle.goal());
        let white = Grid::new(shape);
        let cosets = if goal == Goal::Either
            && !solver.can_reach_with_progress(&white, Color::Black, progress)
        {
            1
        } else {
            0
        };
        // Found here, where progress is heard, unless the elimination above brought them.
        solver.quiet_tap_basis_with_progress(progress);
        let nullity = solver.nullity() as u64;
        let listed = nullity.saturating_mul(shape.cells()) <= LISTED_BASIS_CELLS;
        Facts {
            shape,
            goal,
            rank: solver.rank(),
            nullity,
            solvable_log2: solver.rank() + cosets,
            quiet_basis: listed.then(|| solver.quiet_pattern_basis().to_vec()),
        }
    }

    /// The number of boards, solvable boards and impossible ones, when they fit in a `u64`.
    pub fn counts(&self) -> Option<(u64, u64, u64)> {
        let cells = self.shape.cells();
        (cells < 64).then(|| {
            let positions = 1u64 << cells;
            let solvable = 1u64 << self.solvable_log2;
            (positions, solvable, positions - solvable)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flip_game(goal: Goal) -> Report {
        Report::compute(&Puzzle::flip_game().with_goal(goal), &mut |_, _| {}).unwrap()
    }

    /// The 4x4 pieces a tap on row-major `cell` turns over, from the rule's definition: the
    /// cell and its neighbours at distance 1 (bit 15 is r1c1).
    fn plus_mask(cell: u16) -> u16 {
        let (row, col) = (cell / 4, cell % 4);
        (0u16..16)
            .filter(|other| (other / 4).abs_diff(row) + (other % 4).abs_diff(col) <= 1)
            .fold(0, |mask, other| mask | 1 << (15 - other))
    }

    /// The histogram counted a second way: the boards each of the 2^16 tap sets reaches from
    /// the goal boards, keeping the fewest taps per board.
    #[test]
    fn histogram_matches_counting_over_all_tap_sets() {
        for goal in Goal::ALL {
            let mut fewest = vec![u32::MAX; 1 << 16];
            for bits in 0..=u16::MAX {
                let flips = (0..16)
                    .filter(|cell| bits >> (15 - cell) & 1 == 1)
                    .fold(0u16, |mask, cell| mask ^ plus_mask(cell));
                for color in goal.colors() {
                    let finished = if *color == Color::Black { u16::MAX } else { 0 };
                    let board = usize::from(finished ^ flips);
                    fewest[board] = fewest[board].min(bits.count_ones());
                }
            }
            let mut expected: BTreeMap<u64, u64> = BTreeMap::new();
            for &moves in fewest.iter().filter(|&&m| m != u32::MAX) {
                *expected.entry(u64::from(moves)).or_insert(0) += 1;
            }
            let stats = flip_game(goal);
            let found: BTreeMap<u64, u64> = stats
                .explored
                .histogram
                .iter()
                .enumerate()
                .map(|(k, &n)| (k as u64, n))
                .filter(|&(_, n)| n > 0)
                .collect();
            assert_eq!(found, expected, "goal {goal:?}");
            assert_eq!(stats.explored.solvable + stats.explored.impossible, 65_536);
            let hardest = stats.explored.histogram[stats.explored.max_moves as usize];
            assert_eq!(stats.hardest_tap_sets.values().sum::<u64>(), hardest);
        }
    }

    /// The facts eliminate once, with progress heard from the start of the elimination to its
    /// end and then the quiet tap sets: the elimination that tells whether both finished boards
    /// share a coset brings the quiet tap sets with it, for every goal.
    #[test]
    fn the_facts_are_found_by_one_elimination_that_progress_hears() {
        for goal in Goal::ALL {
            let solver = Solver::new(crate::puzzle::test_puzzle(11, 11, "x", false, goal)).unwrap();
            let mut heard: Vec<(Stage, u64, u64)> = Vec::new();
            Facts::of(&solver, &mut |stage, done, total| {
                heard.push((stage, done, total))
            });
            let started = heard
                .iter()
                .filter(|&&(stage, done, _)| stage == Stage::Eliminating && done == 0)
                .count();
            let finished = heard
                .iter()
                .filter(|&&(stage, done, total)| stage == Stage::Eliminating && done == total)
                .count();
            assert_eq!((started, finished), (1, 1), "{goal:?}: {heard:?}");
            assert!(
                heard
                    .iter()
                    .any(|&(stage, ..)| stage == Stage::QuietTapSets)
            );
        }
    }

    /// Under either goal the solvable boards are the two finished boards' cosets, one when taps
    /// turn one into the other: of 3x3 sigma's 512 boards, 64 can be made white and 128 white
    /// or black (every tap set tried below, from the rule's definition); the 2x2 plus's taps
    /// reach black from white, and all its 16 boards are solvable for any goal.
    #[test]
    fn either_goal_counts_a_second_coset_only_when_taps_cannot_join_the_two() {
        // The sigma tap at (r, c) turns over its neighbours but not itself.
        let sigma = |board: u16, tap: usize| -> u16 {
            let (r, c) = (tap / 3, tap % 3);
            let mut flipped = board;
            for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if (0..3).contains(&nr) && (0..3).contains(&nc) {
                    flipped ^= 1 << (nr * 3 + nc);
                }
            }
            flipped
        };
        let reached = |start: u16| -> Vec<u16> {
            (0u16..512)
                .map(|taps| (0..9).filter(|t| taps >> t & 1 == 1).fold(start, &sigma))
                .collect()
        };
        let from_white = reached(0);
        let black_reached = from_white.contains(&0x1FF);
        let mut from_either = from_white.clone();
        from_either.extend(reached(0x1FF));
        from_either.sort_unstable();
        from_either.dedup();
        let mut from_white = from_white;
        from_white.sort_unstable();
        from_white.dedup();
        assert!(!black_reached);
        assert_eq!((from_white.len(), from_either.len()), (64, 128));
        for (rows, cols, rule, goal, solvable) in [
            (3, 3, "sigma", Goal::White, from_white.len() as u64),
            (3, 3, "sigma", Goal::Either, from_either.len() as u64),
            (2, 2, "plus", Goal::White, 16),
            (2, 2, "plus", Goal::Either, 16),
        ] {
            let puzzle = crate::puzzle::test_puzzle(rows, cols, rule, false, goal);
            let facts = Facts::of(&Solver::new(puzzle).unwrap(), &mut |_, _, _| {});
            assert_eq!(
                1u64 << facts.solvable_log2,
                solvable,
                "{rows}x{cols} {rule} {goal:?}"
            );
        }
    }

    /// The counts from the rank agree with the breadth-first search wherever both exist.
    #[test]
    #[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
    fn facts_from_the_rank_agree_with_the_search() {
        // 3x3 sigma: the two finished boards are in different cosets.
        for (rows, cols, rule) in [
            (4, 4, "plus"),
            (5, 5, "plus"),
            (3, 4, "x"),
            (2, 2, "lines"),
            (3, 3, "sigma"),
        ] {
            for goal in Goal::ALL {
                let puzzle = crate::puzzle::test_puzzle(rows, cols, rule, false, goal);
                let space = Report::compute(&puzzle, &mut |_, _| {}).unwrap();
                let facts = Facts::of(&Solver::new(puzzle).unwrap(), &mut |_, _, _| {});
                assert_eq!(
                    facts.counts(),
                    Some((
                        space.explored.positions,
                        space.explored.solvable,
                        space.explored.impossible
                    )),
                    "{rows}x{cols} {rule} {goal:?}"
                );
                assert_eq!((facts.rank, facts.nullity), (space.rank, space.nullity));
                assert_eq!(facts.quiet_basis.unwrap().len() as u64, facts.nullity);
            }
        }
    }

    #[test]
    #[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
    fn five_by_five_has_the_published_rank() {
        let puzzle = Puzzle::plus(Shape::new(5, 5).unwrap(), Goal::White);
        let stats = Report::compute(&puzzle, &mut |_, _| {}).unwrap();
        assert_eq!((stats.rank, stats.nullity), (23, 2));
        assert_eq!(stats.explored.solvable, 1 << 23);
        assert_eq!(stats.quiet_patterns.len(), 3);
    }
}
