//! Every tap set of the fewest taps that finishes a board, not just the one `solve` gives: the
//! whole coset of each colour the goal accepts is walked (a Gray code over the quiet tap sets,
//! one XOR and one count a step), so it is exact, and bounded by [`MOST_WALKED_NULLITY`].

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fmt;

use super::kernels::host;
use super::{Solver, Stage};
use crate::grid::Grid;

/// The largest nullity whose cosets are walked in full: 2^26 tap sets a colour, a second or so
/// on a 30x30 board.
pub const MOST_WALKED_NULLITY: usize = 26;

/// Every fewest tap set of a board: how many there are, and the first of them in the order
/// the answers take (the least row-major 0/1 string first, which is the one `solve` gives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllOptimal {
    /// The fewest taps.
    pub moves: u64,
    /// How many tap sets of that many taps finish the board.
    pub count: u64,
    /// The first `limit` of them, in order.
    pub taps: Vec<Grid>,
}

/// Why the fewest tap sets of a board are not all listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllOptimalError {
    /// The fewest taps are not proven: the search stopped at its time limit first.
    NotProven {
        /// The taps found.
        moves: u64,
        /// No fewer taps finish the board.
        lower_bound: u64,
    },
    /// The null space is too large to walk: 2^nullity tap sets a colour.
    TooLarge {
        /// The dimension of the null space.
        nullity: usize,
    },
    /// The walk was stopped (the caller's stop flag).
    Stopped,
}

impl fmt::Display for AllOptimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AllOptimalError::NotProven { moves, lower_bound } => write!(
                f,
                "the fewest taps are not proven ({moves} found, no fewer than {lower_bound}): \
                 every fewest tap set needs the fewest first; give the search more time"
            ),
            AllOptimalError::TooLarge { nullity } => write!(
                f,
                "the null space has dimension {nullity}: walking its 2^{nullity} tap sets is \
                 past the {MOST_WALKED_NULLITY} dimensions listed in full"
            ),
            AllOptimalError::Stopped => write!(f, "stopped before every tap set was seen"),
        }
    }
}

impl std::error::Error for AllOptimalError {}

/// A tap set in the answers' order, for a heap that keeps the first ones.
#[derive(PartialEq, Eq)]
struct InOrder(Grid);

impl Ord for InOrder {
    fn cmp(&self, other: &InOrder) -> Ordering {
        self.0.cmp_lexicographic(&other.0)
    }
}

impl PartialOrd for InOrder {
    fn partial_cmp(&self, other: &InOrder) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Solver {
    /// Every tap set of the fewest taps that finishes `board` in a colour the goal accepts:
    /// how many, and the first `limit` in order (the first is [`Solver::solve`]'s answer);
    /// `None` when no taps finish it. `progress` hears the walk of each colour's coset.
    pub fn all_optimal(
        &self,
        board: &Grid,
        limit: usize,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Result<Option<AllOptimal>, AllOptimalError> {
        let Some(best) = self.solve_with_progress(board, progress) else {
            return Ok(None);
        };
        let moves = best.moves();
        if !best.optimal {
            return Err(AllOptimalError::NotProven {
                moves,
                lower_bound: best.lower_bound,
            });
        }
        let nullity = self.nullity();
        let basis = if nullity <= MOST_WALKED_NULLITY {
            self.quiet_tap_basis_with_progress(progress)
        } else {
            &[]
        };
        if nullity > MOST_WALKED_NULLITY || basis.len() != nullity {
            return Err(AllOptimalError::TooLarge { nullity });
        }
        let mut first: BinaryHeap<InOrder> = BinaryHeap::with_capacity(limit.min(1 << 16) + 1);
        let mut count = 0u64;
        let steps = 1u64 << nullity;
        for side in self.sides(board, &mut |_, _, _| {}) {
            let Some(mut taps) = side.taps else {
                continue;
            };
            let stage = Stage::Searching(side.color);
            for step in 0..steps {
                if step > 0 {
                    taps.xor_with(&basis[step.trailing_zeros() as usize]);
                }
                if step % (1 << 16) == 0 {
                    if host::past(None) {
                        return Err(AllOptimalError::Stopped);
                    }
                    progress(stage, step, steps);
                }
                if taps.count() != moves {
                    continue;
                }
                count += 1;
                if first.len() < limit {
                    first.push(InOrder(taps.clone()));
                } else if first
                    .peek()
                    .is_some_and(|last| taps.cmp_lexicographic(&last.0).is_lt())
                {
                    first.pop();
                    first.push(InOrder(taps.clone()));
                }
            }
        }
        let taps = first
            .into_sorted_vec()
            .into_iter()
            .map(|tap| tap.0)
            .collect();
        Ok(Some(AllOptimal { moves, count, taps }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::puzzle::{Goal, Puzzle};
    use crate::rule::Rule;
    use crate::space::bits_of_grid;

    /// Every tap set of the fewest taps, by trying every subset of the cells: each tap's flip
    /// mask (the cells it turns over) XORed in.
    fn brute_force(puzzle: &Puzzle, board: &Grid) -> Option<(u64, Vec<Grid>)> {
        let shape = puzzle.shape();
        let cells = shape.cells() as usize;
        let masks: Vec<u32> = (0..cells)
            .map(|i| {
                let mut flipped = Grid::new(shape);
                puzzle.tap(
                    &mut flipped,
                    i / shape.cols() as usize,
                    i % shape.cols() as usize,
                );
                bits_of_grid(&flipped)
            })
            .collect();
        let start = bits_of_grid(board);
        let finished: Vec<u32> = puzzle
            .goal()
            .colors()
            .iter()
            .map(|&c| bits_of_grid(&Grid::filled(shape, c)))
            .collect();
        let mut found: Vec<(u64, Grid)> = Vec::new();
        for taps in 0u32..1 << cells {
            let after = (0..cells)
                .filter(|i| taps >> i & 1 == 1)
                .fold(start, |board, i| board ^ masks[i]);
            if finished.contains(&after) {
                let mut grid = Grid::new(shape);
                for i in (0..cells).filter(|i| taps >> i & 1 == 1) {
                    grid.set(i / shape.cols() as usize, i % shape.cols() as usize, true);
                }
                found.push((grid.count(), grid));
            }
        }
        let fewest = found.iter().map(|(count, _)| *count).min()?;
        let mut all: Vec<Grid> = found
            .into_iter()
            .filter(|(count, _)| *count == fewest)
            .map(|(_, grid)| grid)
            .collect();
        all.sort_by(|a, b| a.cmp_lexicographic(b));
        Some((fewest, all))
    }

    /// On boards small enough to try every tap set, every fewest one is listed in order, the
    /// first is `solve`'s, and a limit keeps the first ones with the whole count.
    #[test]
    fn every_fewest_tap_set_is_listed_in_order() {
        let mut generator = crate::random::Generator::from_seed(5);
        let mut tied = 0;
        for (rows, cols, rule, wrap) in [
            (3, 3, "plus", false),
            (4, 4, "plus", false),
            (3, 4, "x", true),
            (2, 5, "lines", false),
            (4, 3, "sigma", false),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            for goal in Goal::ALL {
                let rule = Rule::parse(rule).unwrap();
                let puzzle = Puzzle::new(shape, rule, wrap, goal).unwrap();
                let solver = Solver::without_table(puzzle.clone()).unwrap();
                for _ in 0..12 {
                    let mut board = Grid::new(shape);
                    generator.fill(&mut board);
                    let label = format!("{rows}x{cols} wrap={wrap} {goal:?} {board}");
                    let listed = solver.all_optimal(&board, usize::MAX, &mut |_, _, _| {});
                    let listed = listed.unwrap();
                    match (brute_force(&puzzle, &board), listed) {
                        (None, None) => {}
                        (Some((moves, all)), Some(listed)) => {
                            assert_eq!(listed.moves, moves, "{label}");
                            assert_eq!(listed.count, all.len() as u64, "{label}");
                            assert_eq!(listed.taps, all, "{label}");
                            tied += usize::from(all.len() > 1);
                            assert_eq!(
                                Some(&all[0]),
                                solver.solve(&board).map(|s| s.taps).as_ref()
                            );
                            let first = solver.all_optimal(&board, 1, &mut |_, _, _| {});
                            let first = first.unwrap().unwrap();
                            assert_eq!(
                                (first.count, first.taps),
                                (all.len() as u64, vec![all[0].clone()])
                            );
                            let none = solver.all_optimal(&board, 0, &mut |_, _, _| {});
                            assert_eq!(none.unwrap().unwrap().taps, Vec::<Grid>::new());
                        }
                        (expected, listed) => panic!("{label}: {expected:?} against {listed:?}"),
                    }
                }
            }
        }
        // Boards with more than one fewest tap set were met: ten of the 180.
        assert!(tied >= 10, "{tied}");
    }

    /// A null space past the walk's limit, a search stopped at its time, and a stop flag are
    /// each refused with the reason.
    #[test]
    fn what_cannot_be_walked_is_refused() {
        let puzzle = |side| {
            Puzzle::new(
                Shape::new(side, side).unwrap(),
                Rule::parse("plus").unwrap(),
                false,
                Goal::Either,
            )
            .unwrap()
        };
        // 39x39 Lights Out has nullity 32.
        let large = Solver::new(puzzle(39)).unwrap();
        let board = Grid::filled(Shape::new(39, 39).unwrap(), crate::notation::Color::Black);
        assert_eq!(
            large.all_optimal(&board, 1, &mut |_, _, _| {}),
            Err(AllOptimalError::TooLarge { nullity: 32 })
        );
        assert!(
            AllOptimalError::TooLarge { nullity: 32 }
                .to_string()
                .contains("2^32")
        );
        let small = Solver::new(puzzle(5)).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let five = Grid::filled(Shape::new(5, 5).unwrap(), crate::notation::Color::Black);
        let stopped =
            super::super::stoppable(&stop, || small.all_optimal(&five, 1, &mut |_, _, _| {}));
        assert_eq!(stopped, Err(AllOptimalError::Stopped));
    }
}
