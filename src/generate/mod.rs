//! Random boards for puzzles and test data, reproducible from a seed (drawn with the seeded
//! generator of [`crate::random`]): a uniformly random board that can be finished, a board
//! scrambled by K distinct taps, and a [`Pool`] that draws the boards a request wants.
//!
//! Why the draws are uniform: the boards some taps finish are, for each accepted colour, that
//! finished board plus the column space of the tap matrix. Taps drawn uniformly land on every
//! point of that coset equally often, so an accepted colour chosen evenly and a uniformly random
//! set of taps give every board that can be finished with the same chance per colour. A pool of
//! a small space picks uniformly among its candidates; the larger pools draw by rejection,
//! which keeps every accepted board as likely as any other.

use crate::grid::{Grid, Shape};
use crate::notation::Color;
use crate::puzzle::{Goal, Puzzle};
use crate::random::Generator;
use crate::solve::{Solver, TooLargeToSolve};
use crate::space::Space;
use crate::space::{MAX_CELLS, SmallSpace, TooManyBoards};

pub mod states;

/// Which boards to draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Any board.
    Any,
    /// Boards whose fewest taps is exactly this many.
    Moves(u8),
    /// The hardest boards: those whose fewest taps is God's number.
    Hardest,
    /// Boards no sequence of taps finishes.
    Impossible,
}

/// The bits of every board of an explored space that fits `wanted`, in id (bit) order.
pub fn candidates(space: &SmallSpace, wanted: Wanted) -> Vec<u32> {
    let hardest = space.max_moves();
    (0..space.positions() as u32)
        .filter(|&bits| match wanted {
            Wanted::Any => true,
            Wanted::Moves(moves) => space.moves(bits) == Some(moves),
            Wanted::Hardest => space.moves(bits) == Some(hardest),
            Wanted::Impossible => space.moves(bits).is_none(),
        })
        .collect()
}

/// A board drawn uniformly among those that can be finished: an accepted colour chosen evenly,
/// then a uniformly random set of taps applied to that finished board.
pub fn solvable_board(puzzle: &Puzzle, generator: &mut Generator) -> Grid {
    let shape = puzzle.shape();
    let color = pick_color(puzzle.goal(), generator);
    let mut taps = Grid::new(shape);
    generator.fill(&mut taps);
    let mut board = Grid::filled(shape, color);
    puzzle.apply(&mut board, &taps);
    board
}

/// A board made from an accepted colour (chosen evenly) by `moves` distinct taps, each cell
/// drawn uniformly until that many are tapped.
pub fn scrambled_board(puzzle: &Puzzle, moves: u64, generator: &mut Generator) -> Grid {
    let shape = puzzle.shape();
    let color = pick_color(puzzle.goal(), generator);
    let mut taps = Grid::new(shape);
    let cols = u64::from(shape.cols());
    while taps.count() < moves {
        let cell = generator.below(shape.cells());
        taps.set((cell / cols) as usize, (cell % cols) as usize, true);
    }
    let mut board = Grid::filled(shape, color);
    puzzle.apply(&mut board, &taps);
    board
}

/// One of the colours `goal` accepts, chosen evenly.
fn pick_color(goal: Goal, generator: &mut Generator) -> Color {
    generator.pick(goal.colors()).unwrap_or(Color::White)
}

/// Scrambles tried before a pool of boards past [`MAX_CELLS`] cells gives up on K.
pub const SCRAMBLE_ATTEMPTS: u32 = 200;

/// Where the boards a request wants are drawn from: an explored small space, or random boards
/// checked one by one.
pub enum Pool {
    /// Boards of at most [`MAX_CELLS`] cells: the candidates, drawn uniformly, and their
    /// distances.
    Space {
        /// Every board's distance.
        space: SmallSpace,
        /// The bits of the boards that fit.
        candidates: Vec<u32>,
    },
    /// Larger boards: uniform random boards, kept when they fit (`impossible` only).
    Random {
        /// The solver that judges each draw.
        solver: Box<Solver>,
        /// Keep only boards that cannot be finished.
        impossible: bool,
    },
    /// Larger boards that need exactly `moves` taps: a finished board turned by that many
    /// distinct random taps, kept when its proven minimum is exactly that.
    Scrambled {
        /// The solver that proves each draw's minimum.
        solver: Box<Solver>,
        /// The taps a board must need.
        moves: u64,
    },
}

/// One board drawn from a pool.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The board.
    pub board: Grid,
    /// Its fewest taps, or `None` when it cannot be finished.
    pub moves: Option<u64>,
    /// Whether that count is proven minimal.
    pub optimal: bool,
}

/// Why no pool can be made for a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// The space is too large to explore (a small board's request needs it whole).
    Space(TooManyBoards),
    /// The puzzle is too large to solve.
    Solver(TooLargeToSolve),
    /// No board of the explored space fits; `largest` is its God's number.
    NoSuchBoard {
        /// What was asked for.
        wanted: Wanted,
        /// The board.
        shape: Shape,
        /// The goal.
        goal: Goal,
        /// The largest distance there is.
        largest: u8,
    },
    /// More taps asked for than the board has cells.
    MovesPastCells {
        /// The taps asked for.
        moves: u64,
        /// The board.
        shape: Shape,
    },
    /// No scramble of [`SCRAMBLE_ATTEMPTS`] needed exactly `moves` taps (proven).
    NoScramble {
        /// The taps asked for.
        moves: u64,
        /// The board.
        shape: Shape,
    },
    /// Impossible boards asked for where every board can be finished.
    NoImpossibleBoard {
        /// The board.
        shape: Shape,
        /// The goal.
        goal: Goal,
    },
}

impl Pool {
    /// The pool of the boards of `puzzle` that fit `wanted`; a small space is explored whole,
    /// and `progress` hears how that goes.
    pub fn new(
        puzzle: &Puzzle,
        wanted: Wanted,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Pool, PoolError> {
        let shape = puzzle.shape();
        let goal = puzzle.goal();
        if shape.cells() <= MAX_CELLS {
            let space = SmallSpace::explore(puzzle, false, progress).map_err(PoolError::Space)?;
            let candidates = candidates(&space, wanted);
            if candidates.is_empty() {
                return Err(PoolError::NoSuchBoard {
                    wanted,
                    shape,
                    goal,
                    largest: space.max_moves(),
                });
            }
            return Ok(Pool::Space { space, candidates });
        }
        let solver = Box::new(Solver::new(puzzle.clone()).map_err(PoolError::Solver)?);
        match wanted {
            Wanted::Moves(moves) => {
                let moves = u64::from(moves);
                if moves > shape.cells() {
                    return Err(PoolError::MovesPastCells { moves, shape });
                }
                let pool = Pool::Scrambled { solver, moves };
                // A K no scramble reaches would loop for ever: try a few first, with a
                // generator of their own so the boards drawn stay the ones the seed gives.
                let mut trial = Generator::from_seed(moves);
                match (0..SCRAMBLE_ATTEMPTS).find_map(|_| pool.scramble(&mut trial)) {
                    Some(_) => Ok(pool),
                    None => Err(PoolError::NoScramble { moves, shape }),
                }
            }
            Wanted::Impossible if !has_impossible_boards(&solver) => {
                Err(PoolError::NoImpossibleBoard { shape, goal })
            }
            _ => Ok(Pool::Random {
                impossible: wanted == Wanted::Impossible,
                solver,
            }),
        }
    }

    /// One board, its fewest taps (if any) and whether that count is proven minimal.
    pub fn draw(&self, generator: &mut Generator) -> Drawn {
        match self {
            Pool::Space { space, candidates } => {
                let bits = generator.pick(candidates).unwrap_or(0);
                Drawn {
                    board: space.board(bits),
                    moves: space.moves(bits).map(u64::from),
                    optimal: true,
                }
            }
            Pool::Scrambled { moves, .. } => loop {
                if let Some(board) = self.scramble(generator) {
                    return Drawn {
                        board,
                        moves: Some(*moves),
                        optimal: true,
                    };
                }
            },
            Pool::Random { solver, impossible } => loop {
                let mut board = Grid::new(solver.puzzle().shape());
                generator.fill(&mut board);
                let solution = solver.solve(&board);
                if !impossible || solution.is_none() {
                    return Drawn {
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
            Pool::Space { candidates, .. } => candidates.len() as u64,
            // Above 25 cells there are at least 2^26 boards; only absurd counts need the check.
            Pool::Random { solver, .. } => 1u64
                .checked_shl(solver.puzzle().shape().cells().min(63) as u32)
                .unwrap_or(u64::MAX),
            // Each such board has an optimal set of K taps: at most C(cells, K) per colour.
            Pool::Scrambled { solver, moves } => {
                let colors = solver.puzzle().goal().colors().len() as u64;
                binomial(solver.puzzle().shape().cells(), *moves).saturating_mul(colors)
            }
        }
    }

    /// One scramble of a [`Pool::Scrambled`]: a board made by K distinct random taps from a
    /// random accepted colour, if its proven minimum is exactly K.
    fn scramble(&self, generator: &mut Generator) -> Option<Grid> {
        let Pool::Scrambled { solver, moves } = self else {
            return None;
        };
        let board = scrambled_board(solver.puzzle(), *moves, generator);
        let (fewest, proven) = solver.fewest(&board)?;
        (proven && fewest == *moves).then_some(board)
    }
}

/// Whether some board of the puzzle is impossible: the solvable boards are one coset of the tap
/// matrix's column space per reachable goal, so they fill the space only when there are as many
/// cosets as goals.
fn has_impossible_boards(solver: &Solver) -> bool {
    let shape = solver.puzzle().shape();
    let black_from_white = solver.can_reach(&Grid::filled(shape, Color::Black), Color::White);
    let cosets: usize = if solver.puzzle().goal().colors().len() == 2 && !black_from_white {
        2
    } else {
        1
    };
    let nullity = solver.nullity();
    nullity > 0 && !(nullity == 1 && cosets == 2)
}

/// `n` choose `k`, saturating at `u64::MAX`.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k.min(n));
    (0..k).fold(1u64, |product, i| {
        // product * (n - i) / (i + 1) is exact at every step; saturate instead of overflowing.
        let (wide, divisor) = (u128::from(product) * u128::from(n - i), u128::from(i + 1));
        u64::try_from(wide / divisor).unwrap_or(u64::MAX)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_have_the_wanted_distance() {
        let space = SmallSpace::explore(&Puzzle::flip_game(), false, &mut |_, _| {}).unwrap();
        let one = candidates(&space, Wanted::Moves(1));
        assert_eq!(one.len(), 32);
        assert!(one.iter().all(|&b| space.moves(b) == Some(1)));
        assert_eq!(candidates(&space, Wanted::Any).len(), 65_536);
        assert!(
            candidates(&space, Wanted::Impossible)
                .iter()
                .all(|&b| space.moves(b).is_none())
        );
        // The hardest boards, checked against the distances themselves.
        let hardest = candidates(&space, Wanted::Hardest);
        let most = (0..1u32 << 16).filter_map(|b| space.moves(b)).max();
        assert!(!hardest.is_empty());
        assert!(hardest.iter().all(|&b| space.moves(b) == most));
    }

    #[test]
    fn binomials_are_exact_and_saturate() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(10, 0), 1);
        assert_eq!(binomial(3, 5), 1);
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(200, 100), u64::MAX);
    }

    #[test]
    fn scrambles_tap_exactly_k_distinct_cells() {
        let puzzle = Puzzle::plus(Shape::new(3, 3).unwrap(), Goal::White);
        let solver = Solver::new(puzzle.clone()).unwrap();
        // 3x3 under plus has no quiet tap sets: the taps are the board's only solution.
        assert_eq!(solver.nullity(), 0);
        let mut generator = Generator::from_seed(11);
        for moves in [0, 1, 5, 9] {
            let board = scrambled_board(&puzzle, moves, &mut generator);
            assert_eq!(solver.solve(&board).map(|s| s.moves()), Some(moves));
        }
    }

    #[test]
    fn solvable_boards_can_be_finished() {
        let puzzle = Puzzle::plus(Shape::new(5, 5).unwrap(), Goal::Either);
        let solver = Solver::new(puzzle.clone()).unwrap();
        let mut generator = Generator::from_seed(3);
        for _ in 0..20 {
            assert!(
                solver
                    .solve(&solvable_board(&puzzle, &mut generator))
                    .is_some()
            );
        }
    }

    /// Past 25 cells a pool draws random boards: with `Wanted::Impossible` only boards no taps
    /// finish, otherwise any board with its own fewest taps.
    #[test]
    fn random_pools_keep_what_they_are_asked_for() {
        let nine = Puzzle::plus(Shape::new(9, 9).unwrap(), Goal::White);
        let solver = Solver::new(nine.clone()).unwrap();
        assert_eq!(solver.nullity(), 8, "9x9 has impossible boards");
        let pool = Pool::new(&nine, Wanted::Impossible, &mut |_, _| {}).unwrap();
        let mut generator = Generator::from_seed(1);
        for _ in 0..5 {
            let drawn = pool.draw(&mut generator);
            assert_eq!((drawn.moves, drawn.optimal), (None, true));
            assert!(solver.solve(&drawn.board).is_none());
        }
        // 6x6 under plus has no quiet tap sets: every board can be finished.
        let six = Puzzle::plus(Shape::new(6, 6).unwrap(), Goal::White);
        let solver = Solver::new(six.clone()).unwrap();
        assert_eq!(solver.nullity(), 0);
        let pool = Pool::new(&six, Wanted::Any, &mut |_, _| {}).unwrap();
        for _ in 0..5 {
            let drawn = pool.draw(&mut generator);
            assert_eq!(drawn.moves, solver.solve(&drawn.board).map(|s| s.moves()));
            assert!(drawn.moves.is_some() && drawn.optimal);
        }
        assert_eq!(pool.distinct_boards(), 1 << 36);
        // One row of 29 has one quiet tap set, and all black is in all white's coset: half the
        // boards cannot be finished, for one goal colour or for either.
        let shape = Shape::new(1, 29).unwrap();
        let either = Puzzle::plus(shape, Goal::Either);
        let solver = Solver::new(either.clone()).unwrap();
        assert!(solver.can_reach(&Grid::filled(shape, Color::Black), Color::White));
        for puzzle in [either.clone(), either.with_goal(Goal::White)] {
            assert!(Pool::new(&puzzle, Wanted::Impossible, &mut |_, _| {}).is_ok());
        }
        assert_eq!(
            Pool::new(&six, Wanted::Impossible, &mut |_, _| {}).err(),
            Some(PoolError::NoImpossibleBoard {
                shape: six.shape(),
                goal: Goal::White
            })
        );
    }

    /// A scrambled pool keeps a board only when its proven minimum is exactly K, and counts
    /// its distinct boards as K-subsets of the cells per colour.
    #[test]
    fn scrambled_pools_keep_exactly_k_taps() {
        // One row of 29 under plus has one quiet tap set, of about 20 cells: fifteen random
        // taps often meet it in more than half its cells, and then fewer taps finish the
        // board. The pool must throw those away.
        let row = Puzzle::plus(Shape::new(1, 29).unwrap(), Goal::White);
        let solver = Solver::new(row.clone()).unwrap();
        assert_eq!(solver.nullity(), 1);
        let pool = Pool::new(&row, Wanted::Moves(15), &mut |_, _| {}).unwrap();
        let mut generator = Generator::from_seed(2);
        for _ in 0..8 {
            let drawn = pool.draw(&mut generator);
            assert_eq!((drawn.moves, drawn.optimal), (Some(15), true));
            assert_eq!(solver.fewest(&drawn.board), Some((15, true)));
        }
        let unchecked = (0..40)
            .map(|_| scrambled_board(&row, 15, &mut generator))
            .filter(|board| solver.fewest(board) != Some((15, true)))
            .count();
        assert!(
            unchecked > 0,
            "some scrambles need fewer taps than they were made with"
        );
        assert_eq!(pool.distinct_boards(), binomial(29, 15));
        assert_eq!(
            Pool::new(&row, Wanted::Moves(30), &mut |_, _| {}).err(),
            Some(PoolError::MovesPastCells {
                moves: 30,
                shape: row.shape()
            })
        );
    }

    /// A small space's pool draws among its candidates, and counts them.
    #[test]
    fn space_pools_draw_their_candidates() {
        let pool = Pool::new(&Puzzle::flip_game(), Wanted::Moves(1), &mut |_, _| {}).unwrap();
        assert_eq!(pool.distinct_boards(), 32);
        let mut generator = Generator::from_seed(4);
        for _ in 0..8 {
            let drawn = pool.draw(&mut generator);
            assert_eq!((drawn.moves, drawn.optimal), (Some(1), true));
        }
        let error = Pool::new(&Puzzle::flip_game(), Wanted::Moves(17), &mut |_, _| {}).err();
        assert!(matches!(error, Some(PoolError::NoSuchBoard { .. })));
    }
}
