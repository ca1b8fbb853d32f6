//! One notion of kind: what a kind of piece is, for everything that is the same for both.
//!
//! flipgame has two kinds of piece. Two-sided pieces ([`TwoStates`]: black and white, the Flip
//! Game's own) live in bits, and their algebra is GF(2): a tap turns pieces over. Pieces of K
//! colours ([`KStates`]: Lights Out 2000, The Clocks, Gambler Bo) live in bytes, and their
//! algebra is Z_K: a tap adds its weights mod K. The two algebras share nothing and stay apart
//! ([`crate::solve`] and [`crate::solve::states`]); everything around them is the same: a board,
//! a puzzle with its goal, a solver that gives the fewest taps or a proof that none finish the
//! board, every board of a small puzzle explored whole, random boards drawn from a seed. A
//! [`Kind`] names those for one kind of piece, so that the game, the pools of boards, the
//! judges, the facts of a state space and every front end are written once, generic over it.

mod k_states;
mod two_states;

pub use k_states::WeightsRecord;
pub use two_states::CertificateRecord;

use std::error::Error;
use std::fmt;
use std::hash::Hash;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::board::BoardId;
use crate::grid::Shape;
use crate::input::ReadBoard;
use crate::notation::{Cell, Cells};
use crate::random::Generator;
use crate::rule::Rule;
use crate::settings::Advice;
use crate::solve::{DistanceTable, Solution, Stage, Taps, host};
use crate::space::Space;
use crate::words::Noun;

/// Two-sided pieces: black and white, a tap turning pieces over (bits over GF(2)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoStates {}

/// Pieces of K colours, numbered 0 to K - 1: a tap adds its weights mod K (bytes over Z_K).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KStates {}

/// One generator of a puzzle's quiet taps (the tap counts that change no board): how many times
/// it taps each cell, row-major, and its order, the fewest times it is repeated before it taps
/// nothing (2 for two sides; a divisor of K for K colours). Every quiet tap count is a sum of
/// multiples of the generators, so a board's answers are one answer plus each such sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuietGenerator {
    /// Taps of each cell, row-major, each below the number of states.
    pub counts: Vec<u8>,
    /// The fewest repeats that come round to no taps.
    pub order: u32,
}

/// A colour as records give it (the `record` module): a side's name (`"white"`, `"black"`)
/// or a colour's number; a goal that accepts several colours by its word (`"either"`,
/// `"any"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ColorRecord {
    /// A name: a side, or a goal's word.
    Name(&'static str),
    /// A colour's number.
    Number(u8),
}

/// The answer of a kind's solver: its taps, the colour reached, and what is proven.
pub type SolutionOf<K> = Solution<<K as Kind>::Taps, <K as Kind>::Color>;

/// What a kind of piece is: its board, its puzzle, its solver, its answer and its proof, and
/// the few things that differ between kinds around them (how a tap changes a board, how a
/// random board is drawn). Implemented by [`TwoStates`] and [`KStates`].
pub trait Kind: Sized + Copy + fmt::Debug + Eq + Send + Sync + 'static {
    /// A board of pieces of this kind.
    type Board: ReadBoard + Hash + fmt::Display + Send + Sync;
    /// What a board means: its shape, rule, wrap and goal.
    type Puzzle: Clone + fmt::Debug + Eq + Send + Sync;
    /// Which finished boards count.
    type Goal: Copy + fmt::Debug + Eq;
    /// The colour every piece of a finished board shows.
    type Color: Copy + fmt::Debug + Eq + Send;
    /// The taps of an answer: a set of cells, or how many times each cell is tapped.
    type Taps: Taps + Clone + fmt::Debug + Eq + Send;
    /// The exact solver of a puzzle.
    type Solver: Send + Sync;
    /// A solver whose puzzle is known to fit, before the preparation that may take long.
    type Plan;
    /// Why a puzzle is too large to solve here.
    type TooLarge: Error + Advice + Clone + Eq + Send + Sync + 'static;
    /// Why a board can never be finished, in a form a program can check.
    type Proof: Clone + fmt::Debug + Eq;
    /// Every board of a small puzzle, explored whole.
    type Space: Space + Send + Sync;
    /// Why a puzzle has too many boards to explore.
    type TooManyBoards: Error + Clone + Eq + Send + Sync + 'static;
    /// A proof as records give it (the `record` module).
    type ProofRecord<'a>: Serialize
    where
        Self: 'a;

    /// True when a cell may be tapped more than once to a purpose (pieces of K colours): the
    /// records then say how many `times` a cell is tapped and carry `states` and `proof`.
    const COUNTED: bool;

    /// What a tap is called: `tap`, or `press` for pieces of K colours.
    const NOUN: Noun;

    /// The states a piece has: 2, or K.
    fn states(puzzle: &Self::Puzzle) -> u8;

    /// The states as a record gives them: K for pieces of K colours, none for two sides (the
    /// records leave the field out).
    fn recorded_states(puzzle: &Self::Puzzle) -> Option<u8> {
        Self::COUNTED.then(|| Self::states(puzzle))
    }

    /// The board's size (and colours) as a title says it: `4x4`, `3x3, 4 colours`.
    fn size_words(puzzle: &Self::Puzzle) -> String;

    /// The finished boards the goal accepts, in words: `all white or all black`, `all 2`, `all
    /// a`, `all one colour` (the one place a goal is said in words; its name is [`Kind::goal_record`]).
    fn goal_words(puzzle: &Self::Puzzle) -> String;

    /// Colour number `color` in words, as a board shows it: `white`, `2`, `a` (10).
    fn color_words(color: u8) -> impl fmt::Display;

    /// The colours a piece may have, in words, for an error: `0 (white) or 1 (black)`, `0 to 3`.
    fn colors_words(puzzle: &Self::Puzzle) -> String;

    /// Colour number `color` as records give it: `"white"`, `2`.
    fn color_record(color: u8) -> ColorRecord;

    /// The puzzle's goal as records give it: a colour, or the word for several.
    fn goal_record(puzzle: &Self::Puzzle) -> ColorRecord;

    /// `proof` of a board of `puzzle` as records give it.
    fn proof_record<'a>(puzzle: &Self::Puzzle, proof: &'a Self::Proof) -> Self::ProofRecord<'a>;
    /// The puzzle's tap rule.
    fn rule(puzzle: &Self::Puzzle) -> &Rule;
    /// True when the puzzle's edges wrap around.
    fn wrap(puzzle: &Self::Puzzle) -> bool;
    /// The puzzle's board shape.
    fn shape(puzzle: &Self::Puzzle) -> Shape;
    /// The puzzle's goal.
    fn goal(puzzle: &Self::Puzzle) -> Self::Goal;
    /// The colours the goal accepts.
    fn goal_colors(puzzle: &Self::Puzzle) -> Vec<Self::Color>;
    /// How `puzzle`'s boards are written, `given` being the notation asked for: two-sided pieces
    /// in any of theirs, pieces of K colours in digits.
    fn cells(puzzle: &Self::Puzzle, given: Cells) -> Cells;
    /// The board's 16-bit id, where one is defined (the 4x4 board of two-sided pieces).
    fn board_id(board: &Self::Board) -> Option<BoardId>;
    /// The shape of `board`, which need not be the puzzle's.
    fn board_shape(board: &Self::Board) -> Shape;
    /// The cells a tap on `cell` changes, row-major (the tapped cell among them when the rule
    /// reaches it).
    fn reached(puzzle: &Self::Puzzle, cell: Cell) -> Vec<Cell>;
    /// What one tap of `cell` adds to each cell it reaches, row-major: 1 for two sides (a
    /// turn), the rule's weight for K colours.
    fn tap_weights(puzzle: &Self::Puzzle, cell: Cell) -> Vec<(Cell, u8)>;
    /// The colour number of every piece of `board`, row-major (for two sides 0 is white).
    fn colors_of(board: &Self::Board) -> Vec<u8>;
    /// The board of `puzzle` whose pieces are the colour numbers `colors` (row-major), or the
    /// index of the first number that is no colour of the puzzle: [`Kind::colors_of`] undone.
    fn board_of_colors(puzzle: &Self::Puzzle, colors: &[u8]) -> Result<Self::Board, usize>;

    /// The board of `puzzle`'s shape whose every piece shows colour number `color`.
    fn filled(puzzle: &Self::Puzzle, color: u8) -> Self::Board;
    /// `puzzle` with only the finished board of colour number `color` as its goal.
    fn with_goal_color(puzzle: &Self::Puzzle, color: u8) -> Self::Puzzle;
    /// Generators of the quiet taps of `solver`'s puzzle (see [`QuietGenerator`]).
    fn quiet_generators(solver: &Self::Solver) -> Vec<QuietGenerator>;

    /// Generators of the quiet patterns of `solver`'s puzzle: cell weights whose weighted sum
    /// no tap changes (the proofs are made of them).
    fn quiet_patterns(solver: &Self::Solver) -> Vec<QuietGenerator>;

    /// The rank and nullity of the tap matrix, or `None` where it has none: Z_K for a
    /// composite K is no field, and its quiet taps are a group ([`Kind::quiet_generators`]).
    fn rank_nullity(solver: &Self::Solver) -> Option<(u64, u64)>;
    /// The weight a proof gives each cell, row-major: 1 on the cells of a two-sided proof's
    /// pattern, a number below K for K colours. No tap changes the board's weighted sum.
    fn proof_weights(proof: &Self::Proof) -> Vec<u8>;
    /// Taps `cell` of `board` once.
    fn tap(puzzle: &Self::Puzzle, board: &mut Self::Board, cell: Cell);
    /// Takes one tap of `cell` back: K - 1 taps more come round to where the board was (for
    /// two sides, the same tap again).
    fn untap(puzzle: &Self::Puzzle, board: &mut Self::Board, cell: Cell) {
        for _ in 1..Self::states(puzzle) {
            Self::tap(puzzle, board, cell);
        }
    }
    /// True when `board` shows a colour the goal accepts.
    fn is_finished(puzzle: &Self::Puzzle, board: &Self::Board) -> bool;
    /// Applies every tap of `taps` to `board`.
    fn apply(puzzle: &Self::Puzzle, board: &mut Self::Board, taps: &Self::Taps) {
        let cols = Self::shape(puzzle).cols() as usize;
        for (cell, times) in taps.tapped_cells(cols) {
            for _ in 0..times {
                Self::tap(puzzle, board, cell);
            }
        }
    }
    /// The number of a colour: for two sides 0 is white and 1 black.
    fn color_number(color: Self::Color) -> u8;

    /// Checks that `puzzle` can be solved here, leaving the preparation that takes long on
    /// large boards to [`Kind::prepare`], so a caller can report malformed input before it.
    fn plan(puzzle: Self::Puzzle) -> Result<Self::Plan, Self::TooLarge>;
    /// The puzzle a plan is for.
    fn planned_puzzle(plan: &Self::Plan) -> &Self::Puzzle;
    /// True when preparing `plan` costs next to nothing (a 4x4 table, a solver made already).
    fn prepares_quickly(plan: &Self::Plan) -> bool;
    /// The solver of `plan`, telling `progress` how the preparation goes where it takes long.
    fn prepare(plan: Self::Plan, progress: &mut dyn FnMut(u64, u64)) -> Self::Solver;
    /// Prepares the exact solver of `puzzle`, or says why it is too large.
    fn solver(puzzle: Self::Puzzle) -> Result<Self::Solver, Self::TooLarge> {
        Ok(Self::prepare(Self::plan(puzzle)?, &mut |_, _| {}))
    }
    /// The puzzle `solver` solves.
    fn puzzle(solver: &Self::Solver) -> &Self::Puzzle;
    /// Limits how long one board's search may run (the answer then the best found, not
    /// proven); `None` lets every search run to its end.
    fn set_search_time(solver: &mut Self::Solver, limit: Option<Duration>);
    /// The fewest taps that finish `board` for the goal (the least of them, by the tie rule of
    /// every answer), or `None` when no taps do.
    fn solve(solver: &Self::Solver, board: &Self::Board) -> Option<SolutionOf<Self>> {
        Self::solve_with_progress(solver, board, &mut |_, _, _| {})
    }
    /// The fewest taps of `board`, or `None` when no taps finish it: on the 4x4 board of
    /// two-sided pieces, one lookup in the distance table.
    fn moves(solver: &Self::Solver, board: &Self::Board) -> Option<u64> {
        Self::solve(solver, board).map(|solution| solution.moves())
    }
    /// True when [`Kind::moves`] is one lookup, so a stream of counts takes that path.
    fn moves_by_lookup(puzzle: &Self::Puzzle) -> bool;
    /// The table [`Kind::moves`] looks up, where it is one lookup.
    fn distance_table(_solver: &Self::Solver) -> Option<&DistanceTable> {
        None
    }
    /// The limit [`Kind::set_search_time`] last set.
    fn search_time(solver: &Self::Solver) -> Option<Duration>;
    /// [`Kind::solve`], telling `progress` how the stages that take long go.
    fn solve_with_progress(
        solver: &Self::Solver,
        board: &Self::Board,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<SolutionOf<Self>> {
        Self::solve_within(solver, board, Self::search_time(solver), progress)
    }
    /// [`Kind::solve_with_progress`] with `search_time` in place of the solver's own
    /// ([`Kind::set_search_time`]), for this board alone.
    fn solve_within(
        solver: &Self::Solver,
        board: &Self::Board,
        search_time: Option<Duration>,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<SolutionOf<Self>>;
    /// The fewest taps of `board` and whether that count is proven, or `None` when no taps
    /// finish it; where a kind can prove a count without choosing among its tap sets, quicker
    /// than [`Kind::solve`].
    fn fewest(solver: &Self::Solver, board: &Self::Board) -> Option<(u64, bool)> {
        Self::solve(solver, board).map(|solution| (solution.moves(), solution.optimal))
    }
    /// A proof that no taps finish `board` for the goal, or `None` when some do (or, for a
    /// rule whose transpose is too large to solve, when no proof was found).
    fn proof(solver: &Self::Solver, board: &Self::Board) -> Option<Self::Proof>;
    /// True when some board of the puzzle can never be finished.
    fn has_impossible_boards(solver: &Self::Solver) -> bool;

    /// Explores every board of `puzzle` (with `with_taps`, the least of each one's fewest taps
    /// too), telling `progress` how far it has gone, or says why there are too many.
    fn explore(
        puzzle: &Self::Puzzle,
        with_taps: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Self::Space, Self::TooManyBoards>;
    /// True when `puzzle` has few enough boards to explore them all.
    fn is_explorable(puzzle: &Self::Puzzle) -> bool;
    /// The number `space` gives `board`.
    fn index_of(space: &Self::Space, board: &Self::Board) -> u32;
    /// The board numbered `index` in `space`.
    fn board_at(space: &Self::Space, index: u32) -> Self::Board;
    /// How many boards `puzzle` has, when they are few enough to explore: they are numbered
    /// below it, as its explored space numbers them, without exploring it.
    fn numbered_boards(puzzle: &Self::Puzzle) -> Option<u32>;
    /// The board of `puzzle` numbered `number` (below [`Kind::numbered_boards`]).
    fn board_numbered(puzzle: &Self::Puzzle, number: u32) -> Self::Board;
    /// The number of `board`, a board of a puzzle whose boards are numbered.
    fn board_number(board: &Self::Board) -> u32;

    /// A board drawn uniformly among all boards of `puzzle`'s shape.
    fn random_board(puzzle: &Self::Puzzle, generator: &mut Generator) -> Self::Board;
    /// A board drawn uniformly among those that can be finished (the generation module says
    /// why).
    fn solvable_board(puzzle: &Self::Puzzle, generator: &mut Generator) -> Self::Board;
    /// A board made from a finished board by `moves` random taps (distinct cells for two sides,
    /// fewer than K on a cell), whose fewest taps are then at most `moves`.
    fn scrambled_board(puzzle: &Self::Puzzle, moves: u64, generator: &mut Generator)
    -> Self::Board;
    /// The most taps any board of `puzzle` can need: one a cell, or K - 1.
    fn most_moves(puzzle: &Self::Puzzle) -> u64 {
        Self::shape(puzzle).cells() * u64::from(Self::states(puzzle) - 1)
    }
    /// At least as many as the taps of `moves` taps in all there are on `puzzle`'s board
    /// (saturating at `u64::MAX`): every board a scramble of that many makes is one of them
    /// applied to a finished board.
    fn tap_sets(puzzle: &Self::Puzzle, moves: u64) -> u64;
}

/// What `keep` makes of the answer of each board `0..count`, in order, each board made by
/// `board_at` (which may refuse it) and solved by [`Kind::solve`] on the threads the long
/// searches use, while this thread tells `tell` how many boards are answered of how many (at
/// the start, about every tenth of a second, and at the end): for a caller with a batch of
/// boards (the Python module's `solve_many`, which reads them from an array on those threads
/// too, and keeps a few numbers of each answer) rather than a stream. A refusal ends the batch:
/// the one of the first board refused. A batch told to stop ([`crate::solve::stoppable`])
/// leaves the boards it has not begun at `T::default()`. `search_time`, when given, is each
/// board's in place of the solver's own.
pub fn solve_all<K: Kind, E: Send, T: Default + Send>(
    (solver, search_time): (&K::Solver, Option<Duration>),
    count: usize,
    board_at: impl Fn(usize) -> Result<K::Board, E> + Sync,
    keep: impl Fn(Option<SolutionOf<K>>) -> T + Sync,
    mut tell: impl FnMut(u64, u64),
) -> Result<Vec<T>, E> {
    let limit = search_time.or(K::search_time(solver));
    let solve = |board: &K::Board| K::solve_within(solver, board, limit, &mut |_, _, _| {});
    let next = AtomicUsize::new(0);
    let answered = AtomicUsize::new(0);
    let refused: Mutex<Option<(usize, E)>> = Mutex::new(None);
    // Each thread takes the next board as it is free: one slow board holds one thread only.
    let work = |_thread: usize| {
        let mut kept = Vec::new();
        while !host::past(None) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= count {
                break;
            }
            match board_at(index) {
                Ok(board) => kept.push((index, keep(solve(&board)))),
                Err(error) => {
                    // A poisoned lock only means another refusal panicked: keep the first.
                    let mut first = refused.lock().unwrap_or_else(|poison| poison.into_inner());
                    if first.as_ref().is_none_or(|&(earlier, _)| index < earlier) {
                        *first = Some((index, error));
                    }
                }
            }
            answered.fetch_add(1, Ordering::Relaxed);
        }
        kept
    };
    let threads = host::threads().min(count).max(1);
    let told = || tell(answered.load(Ordering::Relaxed) as u64, count as u64);
    let by_thread = host::on_threads_telling(threads, &work, told);
    if let Some((_, error)) = refused
        .into_inner()
        .unwrap_or_else(|poison| poison.into_inner())
    {
        return Err(error);
    }
    let mut kept: Vec<T> = std::iter::repeat_with(T::default).take(count).collect();
    for (index, answer) in by_thread.into_iter().flatten() {
        kept[index] = answer;
    }
    Ok(kept)
}

/// `n` choose `k`, saturating at `u64::MAX`.
pub fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k.min(n));
    (0..k).fold(1u64, |product, i| {
        // product * (n - i) / (i + 1) is exact at every step; saturate instead of overflowing.
        let (wide, divisor) = (u128::from(product) * u128::from(n - i), u128::from(i + 1));
        u64::try_from(wide / divisor).unwrap_or(u64::MAX)
    })
}

#[cfg(test)]
mod tests;
