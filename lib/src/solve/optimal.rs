//! Every tap set of the fewest taps that finishes a board, not just the one `solve` gives: the
//! whole coset of each colour the goal accepts is walked (for two-sided pieces a Gray code over
//! the quiet tap sets, one XOR and one count a step; for K colours every element of the group
//! of quiet presses, a mixed-radix count over its cyclic factors), so it is exact, and bounded
//! by [`MOST_WALKED_NULLITY`] (2^26 tap sets a colour).

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fmt;

use super::kernels::host;
use super::states::StateSolver;
use super::{Solution, Solver, Stage, Taps};
use crate::grid::{Grid, StateBoard};

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
    /// The quiet presses of K colours are too many to walk.
    TooManyQuietPresses {
        /// How many press counts change nothing (the order of their group).
        elements: u128,
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
            AllOptimalError::TooManyQuietPresses { elements } => write!(
                f,
                "{elements} press counts change nothing: walking them all is past the \
                 2^{MOST_WALKED_NULLITY} listed in full"
            ),
            AllOptimalError::Stopped => write!(f, "stopped before every tap set was seen"),
        }
    }
}

impl std::error::Error for AllOptimalError {}

/// Every fewest press count vector of a board of K colours: as [`AllOptimal`], each one's
/// presses a cell (0 to K - 1, row-major), the least read as digits first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllOptimalPresses {
    /// The fewest presses.
    pub moves: u64,
    /// How many press count vectors of that many presses finish the board.
    pub count: u64,
    /// The first `limit` of them, in order.
    pub presses: Vec<Vec<u8>>,
}

/// The first `limit` of the items it is offered, in order, and how many it was offered.
struct FirstOnes<T: Ord> {
    limit: usize,
    count: u64,
    kept: BinaryHeap<T>,
}

impl<T: Ord> FirstOnes<T> {
    fn new(limit: usize) -> Self {
        FirstOnes {
            limit,
            count: 0,
            kept: BinaryHeap::with_capacity(limit.min(1 << 16) + 1),
        }
    }

    /// Counts `item`, kept (`make` makes the copy) while it is among the first.
    fn offer(&mut self, item: &T, make: impl FnOnce() -> T) {
        self.count += 1;
        if self.kept.len() < self.limit {
            self.kept.push(make());
        } else if self.kept.peek().is_some_and(|last| item < last) {
            self.kept.pop();
            self.kept.push(make());
        }
    }

    /// The items kept, in order.
    fn into_sorted(self) -> Vec<T> {
        self.kept.into_sorted_vec()
    }
}

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

/// Whether a coset of `elements` tap sets is walked: up to 2^[`MOST_WALKED_NULLITY`].
fn walkable(elements: u128) -> bool {
    elements <= 1 << MOST_WALKED_NULLITY
}

/// The fewest taps of `best`, none when no taps finish the board, or the error when the count
/// is not proven the fewest (every fewest tap set needs the fewest first).
fn proven<T: Taps, C>(best: Option<Solution<T, C>>) -> Result<Option<u64>, AllOptimalError> {
    match best {
        None => Ok(None),
        Some(best) if best.optimal => Ok(Some(best.moves())),
        Some(best) => Err(AllOptimalError::NotProven {
            moves: best.moves(),
            lower_bound: best.lower_bound,
        }),
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
        let Some(moves) = proven(self.solve_with_progress(board, progress))? else {
            return Ok(None);
        };
        let nullity = self.nullity();
        let sets = u32::try_from(nullity)
            .ok()
            .and_then(|n| 1u128.checked_shl(n));
        if !walkable(sets.unwrap_or(u128::MAX)) {
            return Err(AllOptimalError::TooLarge { nullity });
        }
        // Whole: a basis cut short by the memory cap would walk part of the coset.
        let basis = self.quiet_tap_basis_with_progress(progress);
        if basis.len() != nullity {
            return Err(AllOptimalError::TooLarge { nullity });
        }
        let mut first: FirstOnes<InOrder> = FirstOnes::new(limit);
        let steps = 1u64 << nullity;
        for side in self.sides(board, &mut |_, _, _| {}) {
            let Some(taps) = side.taps else {
                continue;
            };
            let stage = Stage::Searching(side.color);
            let mut taps = InOrder(taps);
            for step in 0..steps {
                if step > 0 {
                    taps.0.xor_with(&basis[step.trailing_zeros() as usize]);
                }
                if step % (1 << 16) == 0 {
                    if host::past(None) {
                        return Err(AllOptimalError::Stopped);
                    }
                    progress(stage, step, steps);
                }
                if taps.0.count() == moves {
                    first.offer(&taps, || InOrder(taps.0.clone()));
                }
            }
        }
        let count = first.count;
        let taps = first.into_sorted().into_iter().map(|tap| tap.0).collect();
        Ok(Some(AllOptimal { moves, count, taps }))
    }
}

impl StateSolver {
    /// Every press count vector of the fewest presses that finishes `board` in a colour the
    /// goal accepts: how many, and the first `limit` in order (the least read row-major as
    /// digits first: [`StateSolver::solve`]'s answer); `None` when no presses finish it.
    pub fn all_optimal(
        &self,
        board: &StateBoard,
        limit: usize,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Result<Option<AllOptimalPresses>, AllOptimalError> {
        let Some(moves) = proven(self.solve_with_progress(board, progress))? else {
            return Ok(None);
        };
        let factors = self.kernel();
        let elements: u128 = factors.iter().map(|f| u128::from(f.order)).product();
        if !walkable(elements) {
            return Err(AllOptimalError::TooManyQuietPresses { elements });
        }
        let states = u32::from(self.puzzle().states());
        let goal = self.puzzle().goal();
        let mut first: FirstOnes<Vec<u8>> = FirstOnes::new(limit);
        for color in (0..self.puzzle().states()).filter(|&color| goal.accepts(color)) {
            // A colour proven to need more presses has none of the fewest; any other's coset
            // is walked whole (its own search may have stopped short of its fewest).
            let Some(own) = self.fewest_toward(board, color, progress) else {
                continue;
            };
            if own.optimal && own.moves() > moves {
                continue;
            }
            let mut presses: Vec<u32> = own.taps.iter().map(|&p| u32::from(p)).collect();
            let mut total: u64 = presses.iter().map(|&p| u64::from(p)).sum();
            let mut digits = vec![0u32; factors.len()];
            let steps = elements as u64;
            for step in 0..steps {
                if step % (1 << 16) == 0 {
                    if host::past(None) {
                        return Err(AllOptimalError::Stopped);
                    }
                    progress(Stage::SearchingCounts, step, steps);
                }
                if total == moves {
                    let counts: Vec<u8> = presses.iter().map(|&p| p as u8).collect();
                    first.offer(&counts, || counts.clone());
                }
                // The next element: the lowest factor's generator added; a factor whose count
                // comes round to its order has added nothing in all, and carries.
                for (digit, factor) in digits.iter_mut().zip(&factors) {
                    for (press, &value) in presses.iter_mut().zip(&factor.values) {
                        let next = (*press + value) % states;
                        total = total + u64::from(next) - u64::from(*press);
                        *press = next;
                    }
                    *digit += 1;
                    if *digit < factor.order {
                        break;
                    }
                    *digit = 0;
                }
            }
        }
        let count = first.count;
        let presses = first.into_sorted();
        Ok(Some(AllOptimalPresses {
            moves,
            count,
            presses,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
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

    /// Every fewest press count vector of K colours, by trying every vector of presses (each
    /// press adding its weights, mod K, to the cells it reaches).
    fn brute_force_presses(
        puzzle: &StatePuzzle,
        board: &StateBoard,
    ) -> Option<(u64, Vec<Vec<u8>>)> {
        let cells = puzzle.shape().cells() as usize;
        let k = puzzle.states();
        let mut found: Vec<Vec<u8>> = Vec::new();
        let mut presses = vec![0u8; cells];
        loop {
            let mut after: Vec<u32> = board.cells().iter().map(|&s| u32::from(s)).collect();
            for (press, &times) in presses.iter().enumerate() {
                for (cell, weight) in puzzle.reached(press) {
                    after[cell] = (after[cell] + weight * u32::from(times)) % u32::from(k);
                }
            }
            if after.iter().all(|&s| s == after[0]) && puzzle.goal().accepts(after[0] as u8) {
                found.push(presses.clone());
            }
            // The next vector, last digit fastest.
            let Some(at) = presses.iter().rposition(|&p| p + 1 < k) else {
                break;
            };
            presses[at] += 1;
            presses[at + 1..].fill(0);
        }
        let total = |p: &Vec<u8>| p.iter().map(|&x| u64::from(x)).sum::<u64>();
        let fewest = found.iter().map(total).min()?;
        found.retain(|p| total(p) == fewest);
        Some((fewest, found))
    }

    /// On boards of K colours small enough to try every press vector, every fewest one is
    /// listed in order (composite K too), the first `solve`'s.
    #[test]
    fn every_fewest_press_vector_of_k_colours_is_listed_in_order() {
        let mut generator = crate::random::Generator::from_seed(7);
        let mut tied = 0;
        for (rows, cols, rule, wrap, states, goal) in [
            (2, 3, "plus", true, 3, StateGoal::Any),
            (2, 3, "010/121/010", false, 4, StateGoal::Color(0)),
            (2, 3, "x", true, 6, StateGoal::Any),
            (2, 4, "plus", true, 4, StateGoal::Color(1)),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let puzzle =
                StatePuzzle::new(shape, Rule::parse(rule).unwrap(), wrap, states, goal).unwrap();
            let solver = StateSolver::new(puzzle.clone()).unwrap();
            for trial in 0..12 {
                // Random boards (most are impossible where the quiet presses are many) and,
                // every other one, random presses on a white board, which some presses finish.
                let mut board = StateBoard::new(shape, states as u8);
                let cells = shape.cells() as usize;
                for press in 0..cells {
                    let times = generator.below(u64::from(states)) as u32;
                    if trial % 2 == 0 {
                        board.set(press / cols as usize, press % cols as usize, times as u8);
                        continue;
                    }
                    for (cell, weight) in puzzle.reached(press) {
                        let (row, col) = (cell / cols as usize, cell % cols as usize);
                        let state = (u32::from(board.get(row, col)) + weight * times) % states;
                        board.set(row, col, state as u8);
                    }
                }
                let listed = solver
                    .all_optimal(&board, usize::MAX, &mut |_, _, _| {})
                    .unwrap();
                let label = format!("{rows}x{cols} {rule} K={states} {board:?}");
                match (brute_force_presses(&puzzle, &board), listed) {
                    (None, None) => {}
                    (Some((moves, all)), Some(listed)) => {
                        assert_eq!(
                            (listed.moves, listed.count),
                            (moves, all.len() as u64),
                            "{label}"
                        );
                        assert_eq!(listed.presses, all, "{label}");
                        assert_eq!(Some(&all[0]), solver.solve(&board).map(|s| s.taps).as_ref());
                        // Ties within one colour: only the walk of its quiet presses finds them.
                        let colors: std::collections::HashSet<u8> = all
                            .iter()
                            .map(|presses| {
                                let mut after: Vec<u32> =
                                    board.cells().iter().map(|&s| u32::from(s)).collect();
                                for (press, &times) in presses.iter().enumerate() {
                                    for (cell, weight) in puzzle.reached(press) {
                                        after[cell] =
                                            (after[cell] + weight * u32::from(times)) % states;
                                    }
                                }
                                after[0] as u8
                            })
                            .collect();
                        tied += usize::from(colors.len() < all.len());
                    }
                    (expected, listed) => panic!("{label}: {expected:?} against {listed:?}"),
                }
            }
        }
        assert!(tied > 0);
    }

    /// The limit of the walk is 2^26 tap sets, that many included.
    #[test]
    fn cosets_up_to_2_to_the_26_are_walked() {
        assert!(walkable(1));
        assert!(walkable(1 << MOST_WALKED_NULLITY));
        assert!(!walkable((1 << MOST_WALKED_NULLITY) + 1));
        assert_eq!(MOST_WALKED_NULLITY, 26);
    }

    /// The walk is told to `progress`: each colour's coset, from its first step, of all its
    /// steps (2^nullity tap sets; the order of the group of quiet presses for K colours).
    #[test]
    fn progress_hears_each_colours_walk() {
        let shape = Shape::new(5, 5).unwrap();
        let plus = || Rule::parse("plus").unwrap();
        let lights_out = Solver::new(Puzzle::new(shape, plus(), false, Goal::Either).unwrap());
        let mut board = Grid::new(shape);
        board.set(0, 0, true);
        board.set(0, 1, true);
        board.set(1, 0, true);
        let mut heard = Vec::new();
        let walked = lights_out
            .unwrap()
            .all_optimal(&board, 1, &mut |stage, done, total| {
                heard.push((stage, done, total))
            });
        assert!(walked.unwrap().is_some());
        for color in [crate::notation::Color::White, crate::notation::Color::Black] {
            assert!(
                heard.contains(&(Stage::Searching(color), 0, 4)),
                "{heard:?}"
            );
        }
        // 2x4 under plus on a torus, 4 colours: 128 quiet press vectors. The board is one press.
        let small = Shape::new(2, 4).unwrap();
        let four = StatePuzzle::new(small, plus(), true, 4, StateGoal::Any).unwrap();
        let mut board = StateBoard::new(small, 4);
        for (cell, weight) in four.reached(0) {
            board.set(cell / 4, cell % 4, weight as u8);
        }
        let four = StateSolver::new(four).unwrap();
        let elements: u64 = four.kernel_orders().iter().map(|&o| u64::from(o)).product();
        let mut heard = Vec::new();
        let walked = four.all_optimal(&board, 1, &mut |stage, done, total| {
            heard.push((stage, done, total))
        });
        assert!(walked.unwrap().is_some());
        assert!(
            heard.contains(&(Stage::SearchingCounts, 0, elements)),
            "{heard:?}"
        );
        assert!(elements > 1);
    }

    /// Only a count proven the fewest is walked: one the search stopped short of proving is
    /// refused with what it found and its bound.
    #[test]
    fn a_count_not_proven_is_refused() {
        let shape = Shape::new(2, 2).unwrap();
        let found = |optimal, lower_bound| Solution {
            taps: Grid::filled(shape, crate::notation::Color::Black),
            color: crate::notation::Color::White,
            optimal,
            lower_bound,
        };
        assert_eq!(proven::<Grid, crate::notation::Color>(None), Ok(None));
        assert_eq!(proven(Some(found(true, 4))), Ok(Some(4)));
        let refused = proven(Some(found(false, 2)));
        assert_eq!(
            refused,
            Err(AllOptimalError::NotProven {
                moves: 4,
                lower_bound: 2
            })
        );
        assert!(
            refused
                .unwrap_err()
                .to_string()
                .starts_with("the fewest taps are not proven (4 found, no fewer than 2)")
        );
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
        let torus = Shape::new(12, 12).unwrap();
        let plus = Rule::parse("plus").unwrap();
        let six = StatePuzzle::new(torus, plus, true, 6, StateGoal::Any).unwrap();
        let six = StateSolver::new(six).unwrap();
        let board = StateBoard::filled(torus, 6, 1);
        let refused = six.all_optimal(&board, 1, &mut |_, _, _| {});
        let Err(AllOptimalError::TooManyQuietPresses { elements }) = refused else {
            panic!("{refused:?}");
        };
        assert!(elements > 1 << MOST_WALKED_NULLITY);
        assert!(
            refused
                .unwrap_err()
                .to_string()
                .contains("press counts change nothing")
        );
    }
}
