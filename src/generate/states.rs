//! Random boards of K states, reproducible from a seed: the pool `gen --states K` draws from.
//!
//! As for two states ([`crate::generate`]): a small space (at most
//! [`crate::space::MOST_STATE_BOARDS`] boards) is explored whole and the boards that fit are
//! drawn uniformly; past it, uniform random boards are drawn (by rejection when only impossible
//! ones are wanted), and a board that needs exactly K presses is a scramble of K presses kept
//! when its minimum is proven to be K.

use std::fmt;

use super::{SCRAMBLE_ATTEMPTS, Wanted};
use crate::grid::StateBoard;
use crate::puzzle::{StateGoal, StatePuzzle};
use crate::random::Generator;
use crate::solve::states::{StateSolver, TooManyStateCells};
use crate::space::Space;
use crate::space::{StateSpace, TooManyStateBoards, state_boards};

/// Where the boards of K states a request wants are drawn from.
pub enum StatePool {
    /// A small space: the indices of the boards that fit, drawn uniformly.
    Space {
        /// Every board's fewest presses.
        space: StateSpace,
        /// The indices of the boards that fit.
        candidates: Vec<u32>,
    },
    /// Larger boards: uniform random boards, kept when they fit (`impossible` only).
    Random {
        /// The solver that judges each draw.
        solver: Box<StateSolver>,
        /// Keep only boards that cannot be finished.
        impossible: bool,
    },
    /// Larger boards that need exactly `moves` presses: a goal board pressed that many times
    /// at random cells (fewer than K times each), kept when its proven minimum is that.
    Scrambled {
        /// The solver that proves each draw's minimum.
        solver: Box<StateSolver>,
        /// The presses a board must need.
        moves: u64,
    },
}

/// One board of K states drawn from a pool.
#[derive(Clone, Debug)]
pub struct DrawnState {
    /// The board.
    pub board: StateBoard,
    /// Its fewest presses, or `None` when it cannot be finished.
    pub moves: Option<u64>,
    /// Whether that count is proven minimal.
    pub optimal: bool,
}

/// Why no pool of K-state boards can be made for a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatePoolError {
    /// The space is too large to explore (a `Hardest` request needs it whole).
    Space(TooManyStateBoards),
    /// The board has too many cells to solve.
    Solver(TooManyStateCells),
    /// No board fits; `largest` is the most presses any board needs.
    NoSuchBoard {
        /// What was asked for.
        wanted: Wanted,
        /// The largest fewest presses there is.
        largest: u8,
    },
    /// More presses asked for than the board's cells can take (K - 1 each).
    MovesPastCells {
        /// The presses asked for.
        moves: u64,
        /// The most presses a board can need.
        most: u64,
    },
    /// No scramble of [`SCRAMBLE_ATTEMPTS`] needed exactly `moves` presses (proven).
    NoScramble {
        /// The presses asked for.
        moves: u64,
    },
    /// Impossible boards asked for where every board can be finished.
    NoImpossibleBoard,
}

impl fmt::Display for StatePoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatePoolError::Space(error) => error.fmt(f),
            StatePoolError::Solver(error) => error.fmt(f),
            StatePoolError::NoSuchBoard { wanted, largest } => match wanted {
                Wanted::Moves(moves) => write!(
                    f,
                    "no board needs exactly {moves} presses: the most any needs is {largest}"
                ),
                _ => f.write_str("no board fits"),
            },
            StatePoolError::MovesPastCells { moves, most } => write!(
                f,
                "--moves {moves}: no board needs more than {most} presses (K - 1 a cell)"
            ),
            StatePoolError::NoScramble { moves } => write!(
                f,
                "--moves {moves}: no board made by {moves} random presses needed exactly \
                 {moves} (proven) in {SCRAMBLE_ATTEMPTS} tries; past the boards searched whole, \
                 --moves keeps a scramble only when its minimum is proven, which holds for few \
                 presses"
            ),
            StatePoolError::NoImpossibleBoard => {
                f.write_str("every board can be finished for this goal")
            }
        }
    }
}

impl std::error::Error for StatePoolError {}

impl StatePool {
    /// The pool of the boards of `puzzle` that fit `wanted`; a small space is explored whole,
    /// and `progress` hears how that goes.
    pub fn new(
        puzzle: &StatePuzzle,
        wanted: Wanted,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<StatePool, StatePoolError> {
        let (shape, states) = (puzzle.shape(), puzzle.states());
        if state_boards(shape, states).is_some() || wanted == Wanted::Hardest {
            let space =
                StateSpace::explore(puzzle, false, progress).map_err(StatePoolError::Space)?;
            let largest = space.layer_sizes().len().saturating_sub(1) as u8;
            let candidates: Vec<u32> = (0..space.positions() as u32)
                .filter(|&index| match wanted {
                    Wanted::Any => true,
                    Wanted::Moves(moves) => space.moves(index) == Some(moves),
                    Wanted::Hardest => space.moves(index) == Some(largest),
                    Wanted::Impossible => space.moves(index).is_none(),
                })
                .collect();
            if candidates.is_empty() {
                return Err(match wanted {
                    Wanted::Impossible => StatePoolError::NoImpossibleBoard,
                    _ => StatePoolError::NoSuchBoard { wanted, largest },
                });
            }
            return Ok(StatePool::Space { space, candidates });
        }
        let solver = Box::new(StateSolver::new(puzzle.clone()).map_err(StatePoolError::Solver)?);
        match wanted {
            Wanted::Moves(moves) => {
                let moves = u64::from(moves);
                let most = shape.cells() * (u64::from(states) - 1);
                if moves > most {
                    return Err(StatePoolError::MovesPastCells { moves, most });
                }
                let pool = StatePool::Scrambled { solver, moves };
                // A count no scramble reaches would loop for ever: try a few first, with a
                // generator of their own so the boards drawn stay the ones the seed gives.
                let mut trial = Generator::from_seed(moves);
                match (0..SCRAMBLE_ATTEMPTS).find_map(|_| pool.scramble(&mut trial)) {
                    Some(_) => Ok(pool),
                    None => Err(StatePoolError::NoScramble { moves }),
                }
            }
            Wanted::Impossible if solver.invariants().is_empty() => {
                Err(StatePoolError::NoImpossibleBoard)
            }
            _ => Ok(StatePool::Random {
                impossible: wanted == Wanted::Impossible,
                solver,
            }),
        }
    }

    /// One board, its fewest presses (if any) and whether that count is proven minimal.
    pub fn draw(&self, generator: &mut Generator) -> DrawnState {
        match self {
            StatePool::Space { space, candidates } => {
                let index = generator.pick(candidates).unwrap_or(0);
                DrawnState {
                    board: space.board(index),
                    moves: space.moves(index).map(u64::from),
                    optimal: true,
                }
            }
            StatePool::Scrambled { moves, .. } => loop {
                if let Some(board) = self.scramble(generator) {
                    return DrawnState {
                        board,
                        moves: Some(*moves),
                        optimal: true,
                    };
                }
            },
            StatePool::Random { solver, impossible } => loop {
                let puzzle = solver.puzzle();
                let mut board = StateBoard::new(puzzle.shape(), puzzle.states());
                let cols = puzzle.shape().cols() as usize;
                for cell in 0..puzzle.shape().cells() as usize {
                    let state = generator.below(u64::from(puzzle.states())) as u8;
                    board.set(cell / cols, cell % cols, state);
                }
                let solution = solver.solve(&board);
                if !impossible || solution.is_none() {
                    return DrawnState {
                        board,
                        optimal: solution.as_ref().is_none_or(|s| s.optimal),
                        moves: solution.map(|s| s.moves()),
                    };
                }
            },
        }
    }

    /// How many distinct boards the pool can give (saturating at `u64::MAX`).
    pub fn distinct_boards(&self) -> u64 {
        match self {
            StatePool::Space { candidates, .. } => candidates.len() as u64,
            // Past the space searched whole there are more than 2^26 boards, and at least as
            // many scrambles of any count that can be reached: only absurd counts need this.
            StatePool::Random { .. } | StatePool::Scrambled { .. } => u64::MAX,
        }
    }

    /// One scramble of a [`StatePool::Scrambled`]: a goal board (a colour the goal accepts,
    /// drawn evenly) pressed `moves` times at random cells, each fewer than K times, if its
    /// proven minimum is exactly `moves`.
    fn scramble(&self, generator: &mut Generator) -> Option<StateBoard> {
        let StatePool::Scrambled { solver, moves } = self else {
            return None;
        };
        let puzzle = solver.puzzle();
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let mut board = goal_board(puzzle, generator);
        let cols = shape.cols() as usize;
        let mut counts = vec![0u8; shape.cells() as usize];
        let mut pressed = 0;
        while pressed < *moves {
            let cell = generator.below(shape.cells()) as usize;
            if counts[cell] + 1 < states {
                counts[cell] += 1;
                pressed += 1;
                // The board the counts finish: the goal board less each press.
                for _ in 0..states - 1 {
                    puzzle.tap(&mut board, cell / cols, cell % cols);
                }
            }
        }
        let solution = solver.solve(&board)?;
        (solution.optimal && solution.moves() == *moves).then_some(board)
    }
}

/// A finished board of `puzzle`: of the goal's colour, or of a colour drawn evenly for `any`.
fn goal_board(puzzle: &StatePuzzle, generator: &mut Generator) -> StateBoard {
    let (shape, states) = (puzzle.shape(), puzzle.states());
    let color = match puzzle.goal() {
        StateGoal::Color(color) => color,
        StateGoal::Any => generator.below(u64::from(states)) as u8,
    };
    let mut board = StateBoard::new(shape, states);
    let cols = shape.cols() as usize;
    for cell in 0..shape.cells() as usize {
        board.set(cell / cols, cell % cols, color);
    }
    board
}

/// A board drawn uniformly among those that can be finished (for a goal of one colour; for
/// `any`, a colour drawn evenly first): each cell of a finished board pressed a uniformly random
/// number of times below K.
pub fn solvable_state_board(puzzle: &StatePuzzle, generator: &mut Generator) -> StateBoard {
    let (shape, states) = (puzzle.shape(), puzzle.states());
    let mut board = goal_board(puzzle, generator);
    let cols = shape.cols() as usize;
    for cell in 0..shape.cells() as usize {
        for _ in 0..generator.below(u64::from(states)) {
            puzzle.tap(&mut board, cell / cols, cell % cols);
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::grid::Shape;
    use crate::rule::Rule;

    fn puzzle(rows: u32, cols: u32, states: u32, goal: StateGoal) -> StatePuzzle {
        let shape = Shape::new(rows, cols).unwrap();
        StatePuzzle::new(shape, Rule::parse("plus").unwrap(), false, states, goal).unwrap()
    }

    #[test]
    fn a_small_pool_draws_only_boards_that_fit() {
        let puzzle = puzzle(2, 3, 3, StateGoal::Color(0));
        let solver = StateSolver::new(puzzle.clone()).unwrap();
        let mut generator = Generator::from_seed(3);
        for wanted in [Wanted::Moves(4), Wanted::Impossible, Wanted::Hardest] {
            let pool = StatePool::new(&puzzle, wanted, &mut |_, _| {}).unwrap();
            for _ in 0..20 {
                let drawn = pool.draw(&mut generator);
                let answer = solver.solve(&drawn.board).map(|s| s.moves());
                assert_eq!(drawn.moves, answer);
                match wanted {
                    Wanted::Moves(moves) => assert_eq!(answer, Some(u64::from(moves))),
                    Wanted::Impossible => assert_eq!(answer, None),
                    _ => assert!(answer.is_some()),
                }
            }
        }
        let pool = StatePool::new(&puzzle, Wanted::Moves(4), &mut |_, _| {}).unwrap();
        // The brute force behind `stats`: 57 boards of 2x3 under plus need exactly 4 presses.
        let needing_four = StateSpace::explore(&puzzle, false, &mut |_, _| {})
            .unwrap()
            .layer_sizes()[4];
        assert_eq!(pool.distinct_boards(), needing_four);
        let error = StatePool::new(&puzzle, Wanted::Moves(40), &mut |_, _| {}).err();
        assert!(matches!(error, Some(StatePoolError::NoSuchBoard { largest, .. }) if largest > 0));
        assert_eq!(
            error.unwrap().to_string(),
            format!(
                "no board needs exactly 40 presses: the most any needs is {}",
                {
                    let space = StateSpace::explore(&puzzle, false, &mut |_, _| {}).unwrap();
                    space.layer_sizes().len() - 1
                }
            )
        );
        let invertible = super::tests::puzzle(3, 3, 3, StateGoal::Color(0));
        let error = StatePool::new(&invertible, Wanted::Impossible, &mut |_, _| {}).err();
        assert_eq!(
            error.map(|e| e.to_string()),
            Some("every board can be finished for this goal".to_string())
        );
    }

    #[test]
    fn a_large_pool_scrambles_and_proves() {
        // 6x6 under K = 3: 3^36 boards, past the space searched whole.
        let puzzle = puzzle(6, 6, 3, StateGoal::Any);
        let solver = StateSolver::new(puzzle.clone()).unwrap();
        let pool = StatePool::new(&puzzle, Wanted::Moves(5), &mut |_, _| {}).unwrap();
        let mut generator = Generator::from_seed(9);
        for _ in 0..5 {
            let drawn = pool.draw(&mut generator);
            let solution = solver.solve(&drawn.board).unwrap();
            assert_eq!((solution.moves(), solution.optimal), (5, true));
        }
        assert_eq!(
            StatePool::new(&puzzle, Wanted::Moves(73), &mut |_, _| {}).err(),
            Some(StatePoolError::MovesPastCells {
                moves: 73,
                most: 72
            })
        );
        assert_eq!(
            StatePoolError::MovesPastCells {
                moves: 73,
                most: 72
            }
            .to_string(),
            "--moves 73: no board needs more than 72 presses (K - 1 a cell)"
        );
        let random = StatePool::new(&puzzle, Wanted::Any, &mut |_, _| {}).unwrap();
        assert_eq!(random.distinct_boards(), u64::MAX);
        let drawn = random.draw(&mut generator);
        assert_eq!(drawn.moves, solver.solve(&drawn.board).map(|s| s.moves()));
    }

    /// The same seed gives the same boards in every version (the guide promises it): the first
    /// boards of each kind of pool, pinned.
    #[test]
    fn a_seed_draws_the_same_boards_in_every_version() {
        let draw = |puzzle: &StatePuzzle, wanted: Wanted, seed: u64| {
            let pool = StatePool::new(puzzle, wanted, &mut |_, _| {}).unwrap();
            let mut generator = Generator::from_seed(seed);
            (0..2)
                .map(|_| {
                    let drawn = pool.draw(&mut generator);
                    format!("{} {:?}", drawn.board, drawn.moves)
                })
                .collect::<Vec<String>>()
        };
        let small = puzzle(2, 3, 3, StateGoal::Color(0));
        let large = puzzle(5, 6, 3, StateGoal::Any);
        let found = [
            draw(&small, Wanted::Moves(4), 1),
            draw(&large, Wanted::Moves(6), 2),
            draw(&large, Wanted::Any, 3),
            draw(&puzzle(3, 8, 4, StateGoal::Color(1)), Wanted::Impossible, 4),
        ];
        let pinned = [
            ["010/202 Some(4)", "012/012 Some(4)"],
            [
                "222212/222011/221022/221121/221221 Some(6)",
                "011100/001110/211111/201010/200020 Some(6)",
            ],
            [
                "100101/212000/211201/201212/122111 Some(22)",
                "221202/121010/100120/110211/011022 Some(32)",
            ],
            [
                "31100210/10233213/13313001 None",
                "00133213/11102330/32113233 None",
            ],
        ];
        assert_eq!(found, pinned);
    }

    /// Every board some presses make from all 0 on 2x3 under `plus` with K = 3: each of the
    /// 3^6 press vectors applied by the rule's definition (a press adds 1 to its cell and its
    /// orthogonal neighbours).
    fn reachable() -> Vec<Vec<u8>> {
        let (rows, cols) = (2usize, 3usize);
        let mut found = std::collections::BTreeSet::new();
        for vector in 0..3usize.pow(6) {
            let mut board = vec![0u8; rows * cols];
            let mut rest = vector;
            for cell in 0..rows * cols {
                let times = (rest % 3) as u8;
                rest /= 3;
                let (row, col) = ((cell / cols) as isize, (cell % cols) as isize);
                for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (r, c) = (row + dr, col + dc);
                    if (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                        let at = r as usize * cols + c as usize;
                        board[at] = (board[at] + times) % 3;
                    }
                }
            }
            found.insert(board);
        }
        found.into_iter().collect()
    }

    /// The boards drawn are the boards presses make, each about as often as the others.
    #[test]
    fn solvable_boards_are_drawn_uniformly() {
        let shape = Shape::new(2, 3).unwrap();
        let rule = Rule::parse("plus").unwrap();
        let puzzle = StatePuzzle::new(shape, rule, false, 3, StateGoal::Color(0)).unwrap();
        let reachable = reachable();
        let mut generator = Generator::from_seed(5);
        let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
        let draws = 40 * reachable.len() as u32;
        for _ in 0..draws {
            let board = solvable_state_board(&puzzle, &mut generator);
            *counts.entry(board.cells().to_vec()).or_default() += 1;
        }
        assert_eq!(counts.len(), reachable.len());
        for board in &reachable {
            let count = counts.get(board).copied().unwrap_or(0);
            // 40 expected: far outside 15..=70 only when the draw is not uniform.
            assert!((15..=70).contains(&count), "{board:?} drawn {count} times");
        }
    }
}
