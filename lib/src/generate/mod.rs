//! Random boards for puzzles and test data, reproducible from a seed (drawn with the seeded
//! generator of [`crate::random`]), of either kind of piece: a [`Pool`] draws the boards a
//! request wants (any board, boards of exactly K taps, the hardest, impossible ones), from
//! every board of a small puzzle explored whole, or from random boards checked one by one.
//!
//! Why the draws are uniform: the boards some taps finish are, for each accepted colour, that
//! finished board plus the column space of the tap matrix (over GF(2), or over Z_K). Taps drawn
//! uniformly (a random set of cells; a random count below K on each cell) land on every point
//! of that coset equally often, so an accepted colour chosen evenly and uniformly random taps
//! give every board that can be finished with the same chance per colour
//! ([`Kind::solvable_board`]). A pool of a small space picks uniformly among its candidates;
//! the larger pools draw by rejection, which keeps every accepted board as likely as any other.

use std::collections::HashSet;
use std::fmt;

use crate::grid::Shape;
use crate::kind::{Kind, TwoStates};
use crate::notation::Cell;
use crate::random::Generator;
use crate::settings::{Advice, Names, Setting};
use crate::space::Space;

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

/// The numbers of every board of an explored space that fits `wanted`, in order.
pub fn candidates(space: &dyn Space, wanted: Wanted) -> Vec<u32> {
    let hardest = space.max_moves();
    (0..space.positions() as u32)
        .filter(|&board| match wanted {
            Wanted::Any => true,
            Wanted::Moves(moves) => space.moves(board) == Some(moves),
            Wanted::Hardest => space.moves(board) == Some(hardest),
            Wanted::Impossible => space.moves(board).is_none(),
        })
        .collect()
}

/// What a search from the finished boards found at a number of taps.
enum Layer {
    /// The numbers of the boards that need exactly that many, ascending.
    Boards(Vec<u32>),
    /// No board needs that many: the most any needs is `largest`.
    Past {
        /// God's number.
        largest: u8,
    },
    /// The search found as many boards as it may: past a 64th of them, exploring them all (a
    /// pass over every board, with no list to keep) is the cheaper.
    TooMany,
}

/// A tap taken back, on board numbers: each cell's tap adds, at each cell it reaches, the
/// digit a taken-back tap leaves on a board of colour 0 (mod K), at that cell's place value.
struct NumberedUntaps {
    states: u32,
    /// Each cell's place value in a board's number, row-major: K^(cells - 1 - cell).
    places: Vec<u32>,
    /// For each cell, the cells its tap reaches and the digit a taken-back tap adds there.
    added: Vec<Vec<(usize, u32)>>,
    /// For two states, each cell's tap as the bits it turns over (adding 1 mod 2 at a place
    /// of 2^i is turning bit i over): one XOR instead of a digit at a time.
    flips: Option<Vec<u32>>,
}

impl NumberedUntaps {
    fn new<K: Kind>(puzzle: &K::Puzzle) -> NumberedUntaps {
        let shape = K::shape(puzzle);
        let (cells, cols) = (shape.cells() as usize, shape.cols() as usize);
        let states = u32::from(K::states(puzzle));
        let mut places = vec![1u32; cells];
        for cell in (0..cells.saturating_sub(1)).rev() {
            places[cell] = places[cell + 1] * states;
        }
        let added: Vec<Vec<(usize, u32)>> = (0..cells)
            .map(|cell| {
                let mut board = K::board_numbered(puzzle, 0);
                K::untap(puzzle, &mut board, Cell::at_index(cell, cols));
                K::colors_of(&board)
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, digit)| digit != 0)
                    .map(|(at, digit)| (at, u32::from(digit)))
                    .collect()
            })
            .collect();
        let flips = (states == 2).then(|| {
            added
                .iter()
                .map(|reached| reached.iter().fold(0, |bits, &(at, _)| bits | places[at]))
                .collect()
        });
        NumberedUntaps {
            states,
            places,
            added,
            flips,
        }
    }

    /// The number of the board `number` was before a tap of `cell`.
    fn before(&self, mut number: u32, cell: usize) -> u32 {
        if let Some(flips) = &self.flips {
            return number ^ flips[cell];
        }
        for &(at, digit) in &self.added[cell] {
            let place = self.places[at];
            let old = number / place % self.states;
            let new = (old + digit) % self.states;
            number = number - old * place + new * place;
        }
        number
    }
}

/// The boards of `puzzle` (its `positions` boards numbered) whose fewest taps are exactly
/// `moves`: a breadth-first search from the finished boards, a tap taken back at each step,
/// that stops at `moves` (so a puzzle of few taps costs few boards, not all of them), or as
/// soon as it has found `most` boards.
fn layer<K: Kind>(puzzle: &K::Puzzle, positions: u32, moves: u8, most: u32) -> Layer {
    let cells = K::shape(puzzle).cells() as usize;
    let untaps = NumberedUntaps::new::<K>(puzzle);
    let mut seen = vec![0u64; (positions as usize).div_ceil(64)];
    let mut first_visit = |number: u32| {
        let (word, bit) = (number as usize / 64, number % 64);
        let new = seen[word] >> bit & 1 == 0;
        seen[word] |= 1 << bit;
        new
    };
    let mut layer: Vec<u32> = K::goal_colors(puzzle)
        .into_iter()
        .map(|color| K::board_number(&K::filled(puzzle, K::color_number(color))))
        .filter(|&number| first_visit(number))
        .collect();
    // Counted as they are found, so a search that would grow too large stops at once.
    let (mut visited, most) = (layer.len(), most as usize);
    for depth in 0..moves {
        let mut next = Vec::new();
        for &number in &layer {
            for cell in 0..cells {
                let before = untaps.before(number, cell);
                if first_visit(before) {
                    next.push(before);
                    visited += 1;
                    if visited >= most {
                        return Layer::TooMany;
                    }
                }
            }
        }
        if next.is_empty() {
            return Layer::Past { largest: depth };
        }
        layer = next;
    }
    layer.sort_unstable();
    Layer::Boards(layer)
}

/// Scrambles tried before a pool of boards past the explored ones gives up on K taps.
pub const SCRAMBLE_ATTEMPTS: u32 = 200;

/// Where the boards a request wants are drawn from: an explored small space, or random boards
/// checked one by one.
pub enum Pool<K: Kind = TwoStates> {
    /// Boards few enough to explore: the candidates, drawn uniformly, and their distances.
    Space {
        /// Every board's distance.
        space: K::Space,
        /// The numbers of the boards that fit.
        candidates: Vec<u32>,
    },
    /// Boards few enough to explore, drawn without exploring them: any board by its number,
    /// or one of those at exactly `moves` taps, found by a search from the finished boards that
    /// stops there. The same draws as [`Pool::Space`]'s: the candidates are the same numbers in
    /// the same order.
    Numbered {
        /// Judges a board drawn from all of them.
        solver: Box<K::Solver>,
        /// How many boards there are.
        positions: u32,
        /// The numbers of the boards at exactly `moves` taps, ascending; `None` for all boards.
        candidates: Option<Vec<u32>>,
        /// The taps every candidate needs.
        moves: Option<u8>,
    },
    /// Larger boards: uniform random boards, kept when they fit (`impossible` only).
    Random {
        /// The solver that judges each draw.
        solver: Box<K::Solver>,
        /// Keep only boards that cannot be finished.
        impossible: bool,
    },
    /// Larger boards that need exactly `moves` taps: a finished board scrambled by that many
    /// random taps, kept when its proven minimum is exactly that.
    Scrambled {
        /// The solver that proves each draw's minimum.
        solver: Box<K::Solver>,
        /// The taps a board must need.
        moves: u64,
    },
}

/// One board drawn from a pool.
#[derive(Clone, Debug)]
pub struct Drawn<K: Kind = TwoStates> {
    /// The board.
    pub board: K::Board,
    /// Its fewest taps, or `None` when it cannot be finished.
    pub moves: Option<u64>,
    /// Whether that count is proven minimal.
    pub optimal: bool,
}

/// Why no pool can be made for a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolError<K: Kind = TwoStates> {
    /// The space is too large to explore (the hardest boards need it whole).
    Space(K::TooManyBoards),
    /// The puzzle is too large to solve.
    Solver(K::TooLarge),
    /// No board of the explored space fits; `largest` is its God's number.
    NoSuchBoard {
        /// What was asked for.
        wanted: Wanted,
        /// The board.
        shape: Shape,
        /// The goal.
        goal: K::Goal,
        /// The largest distance there is.
        largest: u8,
    },
    /// More taps asked for than any board needs.
    MovesPastCells {
        /// The taps asked for.
        moves: u64,
        /// The board.
        shape: Shape,
        /// The most taps a board can need (see [`Kind::most_moves`]).
        most: u64,
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
        goal: K::Goal,
    },
}

/// Why no pool of `puzzle`'s boards can be made, in the words every front end shows (each
/// naming the settings its own way): a [`PoolError`] with the puzzle it was asked of.
pub struct NoPool<'a, K: Kind> {
    /// The puzzle asked of.
    pub puzzle: &'a K::Puzzle,
    /// What went wrong.
    pub error: &'a PoolError<K>,
}

impl<K: Kind> Advice for NoPool<'_, K> {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        let (puzzle, noun) = (self.puzzle, K::NOUN);
        let board = match K::states(puzzle) {
            2 => format!("{} board", K::shape(puzzle)),
            states => format!("{} board of {states} colours", K::shape(puzzle)),
        };
        let goal = K::goal_words(puzzle);
        match self.error {
            PoolError::Space(error) => write!(f, "{error}"),
            PoolError::Solver(error) => error.write_advice(f, names),
            PoolError::NoSuchBoard {
                wanted: Wanted::Moves(moves),
                largest,
                ..
            } => write!(
                f,
                "{}: no {board} needs exactly {} for the goal ({goal}): the most any needs is \
                 {largest}",
                names(Setting::Moves(u64::from(*moves))),
                noun.count(u64::from(*moves))
            ),
            PoolError::NoSuchBoard { .. } => f.write_str("there are no boards"),
            PoolError::MovesPastCells { moves, most, .. } => write!(
                f,
                "{}: no {board} needs more than {} ({} a cell at most)",
                names(Setting::Moves(*moves)),
                noun.count(*most),
                noun.count(u64::from(K::states(puzzle)) - 1)
            ),
            PoolError::NoScramble { moves, .. } => write!(
                f,
                "{}: no {board} made by {moves} random {} needed exactly {moves} (proven) in \
                 {SCRAMBLE_ATTEMPTS} tries; past the boards searched whole a scramble is kept \
                 only when its minimum is proven, which holds when random {} rarely undo each \
                 other (fewer of them)",
                names(Setting::Moves(*moves)),
                noun.many,
                noun.many
            ),
            PoolError::NoImpossibleBoard { .. } => write!(
                f,
                "{}: every {board} can be finished for the goal ({goal})",
                names(Setting::Impossible)
            ),
        }
    }
}

impl<K: Kind> Pool<K> {
    /// The pool of the boards of `puzzle` that fit `wanted`; a puzzle with few enough boards
    /// (and any asked for its hardest) is explored whole, and `progress` hears how that goes.
    pub fn new(
        puzzle: &K::Puzzle,
        wanted: Wanted,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Pool<K>, PoolError<K>> {
        let (shape, goal) = (K::shape(puzzle), K::goal(puzzle));
        if let (Some(positions), Wanted::Any | Wanted::Moves(_)) =
            (K::numbered_boards(puzzle), wanted)
        {
            let candidates = match wanted {
                Wanted::Moves(moves) => {
                    match layer::<K>(puzzle, positions, moves, positions / 64) {
                        Layer::Boards(boards) => Some(Some(boards)),
                        Layer::Past { largest } => {
                            return Err(PoolError::NoSuchBoard {
                                wanted,
                                shape,
                                goal,
                                largest,
                            });
                        }
                        // As many boards as exploring them all: explore them (below).
                        Layer::TooMany => None,
                    }
                }
                _ => Some(None),
            };
            if let Some(candidates) = candidates {
                let solver = Box::new(K::solver(puzzle.clone()).map_err(PoolError::Solver)?);
                return Ok(Pool::Numbered {
                    solver,
                    positions,
                    candidates,
                    moves: match wanted {
                        Wanted::Moves(moves) => Some(moves),
                        _ => None,
                    },
                });
            }
        }
        if K::is_explorable(puzzle) || wanted == Wanted::Hardest {
            let space = K::explore(puzzle, false, progress).map_err(PoolError::Space)?;
            let candidates = candidates(&space, wanted);
            if candidates.is_empty() {
                return Err(match wanted {
                    Wanted::Impossible => PoolError::NoImpossibleBoard { shape, goal },
                    _ => PoolError::NoSuchBoard {
                        wanted,
                        shape,
                        goal,
                        largest: space.max_moves(),
                    },
                });
            }
            return Ok(Pool::Space { space, candidates });
        }
        let solver = Box::new(K::solver(puzzle.clone()).map_err(PoolError::Solver)?);
        match wanted {
            Wanted::Moves(moves) => {
                let (moves, most) = (u64::from(moves), K::most_moves(puzzle));
                if moves > most {
                    return Err(PoolError::MovesPastCells { moves, shape, most });
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
            Wanted::Impossible if !K::has_impossible_boards(&solver) => {
                Err(PoolError::NoImpossibleBoard { shape, goal })
            }
            _ => Ok(Pool::Random {
                impossible: wanted == Wanted::Impossible,
                solver,
            }),
        }
    }

    /// One board, its fewest taps (if any) and whether that count is proven minimal.
    pub fn draw(&self, generator: &mut Generator) -> Drawn<K> {
        match self {
            Pool::Space { space, candidates } => {
                let index = generator.pick(candidates).unwrap_or(0);
                Drawn {
                    board: K::board_at(space, index),
                    moves: space.moves(index).map(u64::from),
                    optimal: true,
                }
            }
            Pool::Numbered {
                solver,
                positions,
                candidates,
                moves,
            } => {
                let number = match candidates {
                    Some(candidates) => generator.pick(candidates).unwrap_or(0),
                    None => generator.below(u64::from(*positions)) as u32,
                };
                let board = K::board_numbered(K::puzzle(solver), number);
                match moves {
                    Some(moves) => Drawn {
                        board,
                        moves: Some(u64::from(*moves)),
                        optimal: true,
                    },
                    None => {
                        let solution = K::solve(solver, &board);
                        Drawn {
                            board,
                            optimal: solution.as_ref().is_none_or(|s| s.optimal),
                            moves: solution.map(|s| s.moves()),
                        }
                    }
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
                let board = K::random_board(K::puzzle(solver), generator);
                let solution = K::solve(solver, &board);
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

    /// The boards `flipgame gen --seed SEED` writes, in order and without end: each drawn by
    /// [`Pool::draw`] from one generator of `seed`, and with `unique` a board drawn before is
    /// drawn again (rejection keeps every choice uniform). Ask [`Pool::distinct_boards`]
    /// first: past that many, `unique` waits for ever.
    pub fn deal(&self, seed: u64, unique: bool) -> impl Iterator<Item = Drawn<K>> + '_ {
        let mut generator = Generator::from_seed(seed);
        let mut seen: HashSet<K::Board> = HashSet::new();
        std::iter::repeat_with(move || {
            loop {
                let drawn = self.draw(&mut generator);
                if !unique || seen.insert(drawn.board.clone()) {
                    return drawn;
                }
            }
        })
    }

    /// How many distinct boards the pool can give (saturating at `u64::MAX`).
    pub fn distinct_boards(&self) -> u64 {
        match self {
            Pool::Space { candidates, .. } => candidates.len() as u64,
            Pool::Numbered {
                candidates,
                positions,
                ..
            } => candidates
                .as_ref()
                .map_or(u64::from(*positions), |candidates| candidates.len() as u64),
            // Past the boards explored there are more than the explored ones: only absurd
            // counts need this.
            Pool::Random { solver, .. } => {
                let puzzle = K::puzzle(solver);
                u64::from(K::states(puzzle))
                    .checked_pow(K::shape(puzzle).cells().try_into().unwrap_or(u32::MAX))
                    .unwrap_or(u64::MAX)
            }
            // Each such board is a finished board plus some `moves` taps.
            Pool::Scrambled { solver, moves } => {
                let puzzle = K::puzzle(solver);
                let colors = K::goal_colors(puzzle).len() as u64;
                K::tap_sets(puzzle, *moves).saturating_mul(colors)
            }
        }
    }

    /// One scramble of a [`Pool::Scrambled`]: a board made by K random taps from a random
    /// accepted colour, if its proven minimum is exactly K.
    fn scramble(&self, generator: &mut Generator) -> Option<K::Board> {
        let Pool::Scrambled { solver, moves } = self else {
            return None;
        };
        let board = K::scrambled_board(K::puzzle(solver), *moves, generator);
        let (fewest, proven) = K::fewest(solver, &board)?;
        (proven && fewest == *moves).then_some(board)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::grid::Grid;
    use crate::kind::{KStates, binomial};
    use crate::notation::Color;
    use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
    use crate::rule::Rule;
    use crate::solve::Solver;
    use crate::solve::states::StateSolver;
    use crate::space::{SmallSpace, StateSpace};

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
            let board = TwoStates::scrambled_board(&puzzle, moves, &mut generator);
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
                    .solve(&TwoStates::solvable_board(&puzzle, &mut generator))
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
        let pool = Pool::<TwoStates>::new(&nine, Wanted::Impossible, &mut |_, _| {}).unwrap();
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
        let pool = Pool::<TwoStates>::new(&six, Wanted::Any, &mut |_, _| {}).unwrap();
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
            assert!(Pool::<TwoStates>::new(&puzzle, Wanted::Impossible, &mut |_, _| {}).is_ok());
        }
        assert_eq!(
            Pool::<TwoStates>::new(&six, Wanted::Impossible, &mut |_, _| {}).err(),
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
        let pool = Pool::<TwoStates>::new(&row, Wanted::Moves(15), &mut |_, _| {}).unwrap();
        let mut generator = Generator::from_seed(2);
        for _ in 0..8 {
            let drawn = pool.draw(&mut generator);
            assert_eq!((drawn.moves, drawn.optimal), (Some(15), true));
            assert_eq!(solver.fewest(&drawn.board), Some((15, true)));
        }
        let unchecked = (0..40)
            .map(|_| TwoStates::scrambled_board(&row, 15, &mut generator))
            .filter(|board| solver.fewest(board) != Some((15, true)))
            .count();
        assert!(
            unchecked > 0,
            "some scrambles need fewer taps than they were made with"
        );
        assert_eq!(pool.distinct_boards(), binomial(29, 15));
        assert_eq!(
            Pool::<TwoStates>::new(&row, Wanted::Moves(30), &mut |_, _| {}).err(),
            Some(PoolError::MovesPastCells {
                moves: 30,
                shape: row.shape(),
                most: 29
            })
        );
    }

    /// A small space's pool draws among its candidates, and counts them.
    #[test]
    fn space_pools_draw_their_candidates() {
        let pool =
            Pool::<TwoStates>::new(&Puzzle::flip_game(), Wanted::Moves(1), &mut |_, _| {}).unwrap();
        assert_eq!(pool.distinct_boards(), 32);
        let mut generator = Generator::from_seed(4);
        for _ in 0..8 {
            let drawn = pool.draw(&mut generator);
            assert_eq!((drawn.moves, drawn.optimal), (Some(1), true));
        }
        let error =
            Pool::<TwoStates>::new(&Puzzle::flip_game(), Wanted::Moves(17), &mut |_, _| {}).err();
        assert!(matches!(error, Some(PoolError::NoSuchBoard { .. })));
    }

    /// A pool that numbers a small puzzle's boards without exploring them draws what the pool
    /// of the explored space draws (the same candidates in the same order: the same boards for
    /// the same seed), says the same God's number past it, and counts the same boards.
    fn numbered_pools_draw_as_explored_ones<K: Kind>(puzzle: &K::Puzzle) {
        let space = K::explore(puzzle, false, &mut |_, _| {}).unwrap();
        let largest = space.max_moves();
        let mut wanted = vec![Wanted::Any];
        wanted.extend((0..=largest.saturating_add(1)).map(Wanted::Moves));
        for wanted in wanted {
            let numbered = Pool::<K>::new(puzzle, wanted, &mut |_, _| {});
            let explored = candidates(&space, wanted);
            if explored.is_empty() {
                let positions = K::numbered_boards(puzzle).unwrap();
                let Wanted::Moves(moves) = wanted else {
                    unreachable!("every puzzle has boards")
                };
                assert!(matches!(
                    layer::<K>(puzzle, positions, moves, u32::MAX),
                    Layer::Past { largest: most } if most == largest
                ));
                assert!(matches!(
                    numbered,
                    Err(PoolError::NoSuchBoard { largest: most, .. }) if most == largest
                ));
                continue;
            }
            let numbered = numbered.unwrap();
            assert_eq!(numbered.distinct_boards(), explored.len() as u64);
            if let Wanted::Moves(moves) = wanted {
                // The search itself, let run to the end: every layer, the explored one.
                let positions = K::numbered_boards(puzzle).unwrap();
                match layer::<K>(puzzle, positions, moves, u32::MAX) {
                    Layer::Boards(boards) => assert_eq!(boards, explored, "{wanted:?}"),
                    _ => panic!("{wanted:?}: no layer"),
                }
            }
            let explored = Pool::<K>::Space {
                space: K::explore(puzzle, false, &mut |_, _| {}).unwrap(),
                candidates: explored,
            };
            for seed in 1..4 {
                let drawn = |pool: &Pool<K>| -> Vec<String> {
                    pool.deal(seed, false)
                        .take(6)
                        .map(|d| format!("{} {:?} {}", d.board, d.moves, d.optimal))
                        .collect()
                };
                assert_eq!(drawn(&numbered), drawn(&explored), "{wanted:?} seed {seed}");
            }
        }
    }

    #[test]
    fn numbered_pools_of_every_kind_draw_as_explored_ones() {
        let shape = |rows, cols| Shape::new(rows, cols).unwrap();
        for puzzle in [
            Puzzle::flip_game(),
            Puzzle::new(shape(3, 4), Rule::parse("x").unwrap(), true, Goal::Either).unwrap(),
            Puzzle::new(
                shape(3, 3),
                Rule::parse("sigma").unwrap(),
                false,
                Goal::White,
            )
            .unwrap(),
            Puzzle::new(shape(2, 5), Rule::Lines, false, Goal::Black).unwrap(),
        ] {
            numbered_pools_draw_as_explored_ones::<TwoStates>(&puzzle);
        }
        for puzzle in [
            state_puzzle(2, 3, 3, StateGoal::Color(0)),
            state_puzzle(2, 3, 4, StateGoal::Any),
            StatePuzzle::new(
                shape(2, 2),
                Rule::parse("010/121/010").unwrap(),
                true,
                6,
                StateGoal::Color(5),
            )
            .unwrap(),
        ] {
            numbered_pools_draw_as_explored_ones::<KStates>(&puzzle);
        }
    }

    /// A puzzle whose search from its finished boards would grow past a 64th of its boards
    /// explores them all instead: the pool of the explored space.
    #[test]
    fn a_search_that_grows_too_large_explores_the_space() {
        let puzzle = Puzzle::plus(Shape::new(4, 5).unwrap(), Goal::Either);
        let near = Pool::<TwoStates>::new(&puzzle, Wanted::Moves(2), &mut |_, _| {}).unwrap();
        assert!(matches!(near, Pool::Numbered { .. }));
        let far = Pool::<TwoStates>::new(&puzzle, Wanted::Moves(9), &mut |_, _| {}).unwrap();
        assert!(matches!(far, Pool::Space { .. }));
        let hardest = Pool::<TwoStates>::new(&puzzle, Wanted::Hardest, &mut |_, _| {}).unwrap();
        assert!(matches!(hardest, Pool::Space { .. }));
    }

    // Boards of K states.

    fn state_puzzle(rows: u32, cols: u32, states: u32, goal: StateGoal) -> StatePuzzle {
        let shape = Shape::new(rows, cols).unwrap();
        StatePuzzle::new(shape, Rule::parse("plus").unwrap(), false, states, goal).unwrap()
    }

    #[test]
    fn a_small_pool_draws_only_boards_that_fit() {
        let puzzle = state_puzzle(2, 3, 3, StateGoal::Color(0));
        let solver = StateSolver::new(puzzle.clone()).unwrap();
        let mut generator = Generator::from_seed(3);
        for wanted in [Wanted::Moves(4), Wanted::Impossible, Wanted::Hardest] {
            let pool = Pool::<KStates>::new(&puzzle, wanted, &mut |_, _| {}).unwrap();
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
        let pool = Pool::<KStates>::new(&puzzle, Wanted::Moves(4), &mut |_, _| {}).unwrap();
        // The brute force behind `stats`: 57 boards of 2x3 under plus need exactly 4 presses.
        let needing_four = StateSpace::explore(&puzzle, false, &mut |_, _| {})
            .unwrap()
            .layer_sizes()[4];
        assert_eq!(pool.distinct_boards(), needing_four);
        let error = Pool::<KStates>::new(&puzzle, Wanted::Moves(40), &mut |_, _| {}).err();
        let most = StateSpace::explore(&puzzle, false, &mut |_, _| {})
            .unwrap()
            .layer_sizes()
            .len()
            - 1;
        assert!(
            matches!(error, Some(PoolError::NoSuchBoard { wanted: Wanted::Moves(40), largest, .. })
                if usize::from(largest) == most && most > 0)
        );
        let invertible = state_puzzle(3, 3, 3, StateGoal::Color(0));
        let error = Pool::<KStates>::new(&invertible, Wanted::Impossible, &mut |_, _| {}).err();
        assert_eq!(
            error,
            Some(PoolError::NoImpossibleBoard {
                shape: Shape::new(3, 3).unwrap(),
                goal: StateGoal::Color(0)
            })
        );
    }

    #[test]
    fn a_large_pool_scrambles_and_proves() {
        // 6x6 under K = 3: 3^36 boards, past the space searched whole.
        let puzzle = state_puzzle(6, 6, 3, StateGoal::Any);
        let solver = StateSolver::new(puzzle.clone()).unwrap();
        let pool = Pool::<KStates>::new(&puzzle, Wanted::Moves(5), &mut |_, _| {}).unwrap();
        let mut generator = Generator::from_seed(9);
        for _ in 0..5 {
            let drawn = pool.draw(&mut generator);
            let solution = solver.solve(&drawn.board).unwrap();
            assert_eq!((solution.moves(), solution.optimal), (5, true));
        }
        assert_eq!(
            Pool::<KStates>::new(&puzzle, Wanted::Moves(73), &mut |_, _| {}).err(),
            Some(PoolError::MovesPastCells {
                moves: 73,
                shape: Shape::new(6, 6).unwrap(),
                most: 72
            })
        );
        let random = Pool::<KStates>::new(&puzzle, Wanted::Any, &mut |_, _| {}).unwrap();
        assert_eq!(random.distinct_boards(), 3u64.pow(36));
        let drawn = random.draw(&mut generator);
        assert_eq!(drawn.moves, solver.solve(&drawn.board).map(|s| s.moves()));
    }

    /// The same seed gives the same boards in every version (the guide promises it): the first
    /// boards of each kind of pool, pinned.
    #[test]
    fn a_seed_draws_the_same_boards_in_every_version() {
        let draw = |puzzle: &StatePuzzle, wanted: Wanted, seed: u64| {
            let pool = Pool::<KStates>::new(puzzle, wanted, &mut |_, _| {}).unwrap();
            let mut generator = Generator::from_seed(seed);
            (0..2)
                .map(|_| {
                    let drawn = pool.draw(&mut generator);
                    format!("{} {:?}", drawn.board, drawn.moves)
                })
                .collect::<Vec<String>>()
        };
        let small = state_puzzle(2, 3, 3, StateGoal::Color(0));
        let large = state_puzzle(5, 6, 3, StateGoal::Any);
        let found = [
            draw(&small, Wanted::Moves(4), 1),
            draw(&large, Wanted::Moves(6), 2),
            draw(&large, Wanted::Any, 3),
            draw(
                &state_puzzle(3, 8, 4, StateGoal::Color(1)),
                Wanted::Impossible,
                4,
            ),
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
            let board = KStates::solvable_board(&puzzle, &mut generator);
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
