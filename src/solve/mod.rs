//! One entry point for every puzzle: [`Solver::new`] looks at the puzzle and picks the strategy,
//! and [`Solver::solve`] gives the least optimal tap set of any board.
//!
//! The strategies, all exact:
//! - **the distance table** ([`table`]) for 4x4 boards under any rule: a breadth-first search over
//!   all 65,536 boards, then one lookup per board (the hot path of a stream of boards);
//! - **light chasing** (`chase`) where the rule allows it (`plus`, `sigma`, and every stencil
//!   without wrap whose only cell above the tapped piece is the one straight above): the taps of
//!   each row are forced by the row above, so only the first row is unknown;
//! - **banded elimination** (`elimination`) over GF(2) for everything else.
//!
//! A board's solutions are one particular tap set plus the quiet tap sets (the null space of the
//! tap matrix). The minimum comes from one Walsh-Hadamard transform over the null space (see
//! `coset::CosetIndex::least`), or, for small null spaces, from trying every element in
//! Gray-code order; ties go to the lexicographically least row-major 0/1 string (the POJ 3279
//! rule). Above [`ENUMERATION_LIMIT`] (or [`LARGE_BOARD_ENUMERATION_LIMIT`] on boards past
//! [`SWEPT_CELLS`] cells) the null space is too large to search in full: the answer
//! is still a valid tap set, improved by local search, marked as not proven minimal, with a
//! lower bound.
//!
//! Impossible boards get a certificate: a *quiet pattern* (a set of cells every tap meets an even
//! number of times: the null space of the transposed tap matrix, the same as the quiet tap sets
//! when the rule is symmetric) on which the board's parity of black pieces differs from every
//! accepted goal's.
//!
//! `docs/algorithms.md` in the repository tells the whole story in one place.

mod avx2;
mod bits;
mod chase;
mod coset;
mod decode;
mod descent;
mod elimination;
mod fixed;
mod graycode;
mod hadamard;
mod quiet;
mod shard;
pub mod states;
mod sweep;
mod symmetry;
pub mod table;
#[cfg(test)]
mod tests;
mod threads;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub use elimination::ELIMINATION_MEMORY_BYTES;
pub use graycode::all_sums;
pub use shard::{MOST_SHARDS, MergeError, Shard, ShardError, SweepPart};
pub use table::DistanceTable;

use crate::grid::Grid;
use crate::notation::Color;
use crate::puzzle::Puzzle;

use chase::{Chase, ChasePattern, chase_pattern};
use elimination::Elimination;
use quiet::QuietTaps;
use symmetry::Symmetry;

/// The largest nullity whose null space is searched in full (2^42 tap sets: minutes on two
/// cores, fewer where the board has the square's symmetries; `bench/exact.sh` times them), on
/// boards of up to [`SWEPT_CELLS`] cells.
pub const ENUMERATION_LIMIT: usize = 42;

/// The largest nullity searched in full on a board of more than [`SWEPT_CELLS`] cells: there
/// the quiet tap sets are chased out again for each 2^24 of their sums (64 passes over the
/// board at nullity 30).
pub const LARGE_BOARD_ENUMERATION_LIMIT: usize = 32;

/// The most cells of a board whose null space is swept: every cell's pattern is kept, 16 bytes
/// each.
pub const SWEPT_CELLS: u64 = coset::STORED_PATTERN_CELLS;

/// The largest nullity searched in full on a board of `cells` cells.
fn search_limit(cells: u64) -> usize {
    if cells > SWEPT_CELLS {
        LARGE_BOARD_ENUMERATION_LIMIT
    } else {
        ENUMERATION_LIMIT
    }
}

/// The largest nullity a search split into shards takes on (see [`Solver::solve_shard`]): a
/// sweep's coefficients are one 64-bit word.
pub const SHARDED_ENUMERATION_LIMIT: usize = 64;

/// The largest nullity searched in full, in shards, on a board of `cells` cells: only a sweep
/// is split, and a board past [`SWEPT_CELLS`] is not swept.
fn sharded_search_limit(cells: u64) -> usize {
    if cells > SWEPT_CELLS {
        LARGE_BOARD_ENUMERATION_LIMIT
    } else {
        SHARDED_ENUMERATION_LIMIT
    }
}

/// The most cells of a board whose quiet tap sets are indexed for the descent past the search.
const IMPROVE_CELLS: u64 = 1_000_000;

/// The most cells of quiet tap sets chased out in one pass of the greedy descent (the quiet
/// tap sets times the cells of each): on a 4096x4096 board 16 of its 2,072, where all that
/// memory allows made each pass ten times slower for a few thousand taps fewer out of eight
/// million.
const GREEDY_CELLS: u64 = 1 << 28;

/// The most bits of quiet tap sets (their number times the cells) information-set decoding
/// holds: 32 MiB.
const DECODE_BITS: u64 = 1 << 28;

/// The most quiet tap sets a group of symmetries may fix for the least of its fixed tap sets
/// to be searched past the exact limit.
const FIXED_NULLITY: usize = 32;

/// The elements the searches of fixed tap sets may try together on one board and colour past
/// the exact limit: four searches of [`FIXED_NULLITY`].
const FIXED_WORK: u64 = 1 << 34;

/// The word operations the proof by disjoint information sets may spend on one board and
/// colour past the exact limit; within it, a quarter of the null space's elements at most.
const PROOF_WORK: u64 = 1 << 33;

/// The smallest nullity whose search first tries the proof by disjoint information sets: below
/// it the whole null space is searched in a few milliseconds.
const PROOF_NULLITY: usize = 24;

/// The word operations information-set decoding may spend on one board and colour (a few
/// seconds at most; a scramble is usually found in a small part of it).
const DECODE_WORK: u64 = 1 << 33;

/// The quiet tap sets one transform covers in each step of that descent.
const IMPROVE_INNER_BITS: usize = 22;

/// Whether the transform search costs less than trying every sum (about `nullity + 2` against
/// `words` operations a sum), or is the only one that fits (past one transform's size the sums
/// are too many to try one by one).
fn transform_pays(nullity: usize, words: usize) -> bool {
    let inner = nullity.min(coset::INNER_BITS);
    (nullity >= TRANSFORM_NULLITY && words > inner + 2) || nullity > coset::INNER_BITS
}

/// The smallest nullity searched by transform rather than by trying every quiet tap set.
const TRANSFORM_NULLITY: usize = 10;

/// Past this many cells a chased board with a null space of any size is searched by transform
/// over quiet tap sets chased out on the way, not by trying every sum of stored ones: that
/// would hold each quiet tap set whole (nine of them at 10,000 x 10,000 are 112 MB).
const STREAMED_SEARCH_CELLS: u64 = 1 << 22;

/// The smallest nullity whose search can have slices enough for symmetries to spare (see
/// `coset::ORBIT_OUTER_BITS`), and whose count `fewest` first tries to prove by the bound.
const SYMMETRY_NULLITY: usize = 22;

/// The largest nullity whose quiet patterns are all tried for the smallest certificate.
const CERTIFICATE_SEARCH_LIMIT: usize = 16;

/// Memory allowed for the basis of quiet tap sets (or patterns) kept for one puzzle.
const QUIET_MEMORY_BYTES: usize = 256 << 20;

/// A tap set that finishes a board, and whether it is proven to be the least optimal one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The taps.
    pub taps: Grid,
    /// The colour they finish the board in.
    pub goal: Color,
    /// True when the count is proven minimal (and the taps are the least optimal set).
    pub optimal: bool,
    /// No tap set that finishes the board has fewer taps: the count itself when `optimal`.
    pub lower_bound: u64,
}

impl Solution {
    /// The number of taps.
    pub fn moves(&self) -> u64 {
        self.taps.count()
    }
}

/// A proof that a board can never be finished: a quiet pattern (every tap turns over an even
/// number of its cells) where the board's parity of black pieces differs from every accepted
/// goal's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The cells of the quiet pattern.
    pub pattern: Grid,
    /// Black pieces of the board in those cells.
    pub black: u64,
    /// True when the pattern is proven to have the fewest cells among all proofs.
    pub fewest: bool,
}

impl Certificate {
    /// Black pieces a finished board of `color` has in the pattern.
    pub fn black_in_goal(&self, color: Color) -> u64 {
        match color {
            Color::White => 0,
            Color::Black => self.pattern.count(),
        }
    }
}

/// Which strategy a solver chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The 4x4 distance table.
    Table,
    /// Light chasing.
    Chase,
    /// Banded elimination over GF(2).
    Elimination,
}

/// Why a puzzle is too large to solve here: eliminating its tap matrix needs more memory than
/// flipgame allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLargeToSolve {
    /// The board.
    pub shape: crate::grid::Shape,
    /// The rule, as it is named in output.
    pub rule: String,
    /// Whether the edges wrap.
    pub wrap: bool,
    /// The bytes the elimination would need.
    pub bytes: u64,
}

impl std::fmt::Display for TooLargeToSolve {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a {} board under rule {}{} needs {} MiB to eliminate, more than the {} MiB flipgame \
             allows",
            self.shape,
            self.rule,
            if self.wrap { " with --wrap" } else { "" },
            self.bytes >> 20,
            ELIMINATION_MEMORY_BYTES >> 20
        )
    }
}

impl std::error::Error for TooLargeToSolve {}

/// A basis of quiet tap sets (or patterns), possibly cut short by memory, and the nullity.
#[derive(Clone, Debug)]
struct Basis {
    nullity: usize,
    vectors: Vec<Grid>,
}

/// The distance table of a 4x4 puzzle: the Flip Game's own is shared by the whole process, any
/// other rule's is the solver's.
enum TableRef {
    Shared(&'static DistanceTable),
    Owned(Box<DistanceTable>),
}

impl TableRef {
    #[inline(always)]
    fn get(&self) -> &DistanceTable {
        match self {
            TableRef::Shared(table) => table,
            TableRef::Owned(table) => table,
        }
    }
}

/// The linear algebra behind a puzzle: particular solutions and the quiet tap sets.
enum Engine {
    Chase(Chase),
    Eliminate(Elimination),
}

/// The engine chosen for a puzzle, before the work that takes long: a chase still to run, or an
/// elimination whose band already fits the memory allowed.
enum EnginePlan {
    Chase(ChasePattern),
    Eliminate(Elimination),
}

impl EnginePlan {
    fn new(puzzle: &Puzzle) -> Result<EnginePlan, TooLargeToSolve> {
        if let Some(pattern) = chase_pattern(puzzle) {
            return Ok(EnginePlan::Chase(pattern));
        }
        Elimination::new(puzzle)
            .map(EnginePlan::Eliminate)
            .map_err(|too_large| TooLargeToSolve {
                shape: puzzle.shape(),
                rule: puzzle.rule().label(),
                wrap: puzzle.wrap(),
                bytes: too_large.bytes,
            })
    }

    fn prepare(self, puzzle: &Puzzle, progress: &mut dyn FnMut(u64, u64)) -> Engine {
        match self {
            EnginePlan::Chase(pattern) => {
                Engine::Chase(Chase::with_pattern(puzzle, pattern, progress))
            }
            EnginePlan::Eliminate(elimination) => Engine::Eliminate(elimination),
        }
    }
}

impl Engine {
    /// A tap set for each of `lits` (turning over exactly its cells an odd number of times), and
    /// the basis when it came along for free; `progress` hears how an elimination goes.
    fn particulars(
        &self,
        lits: &[&Grid],
        keep: usize,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> (Vec<Option<Grid>>, Option<Basis>) {
        match self {
            Engine::Chase(chase) => (lits.iter().map(|lit| chase.particular(lit)).collect(), None),
            Engine::Eliminate(elimination) => {
                let echelon = elimination.eliminate(lits, &mut |done, total| {
                    progress(Stage::Eliminating, done, total)
                });
                let found = (0..lits.len())
                    .map(|side| echelon.particular(side))
                    .collect();
                (found, Some(basis_of(&echelon, keep, progress)))
            }
        }
    }

    fn basis(&self, keep: usize, progress: &mut dyn FnMut(Stage, u64, u64)) -> Basis {
        match self {
            Engine::Chase(chase) => Basis {
                nullity: chase.nullity(),
                vectors: chase.quiet_basis(keep),
            },
            Engine::Eliminate(elimination) => {
                let echelon = elimination.eliminate(&[], &mut |done, total| {
                    progress(Stage::Eliminating, done, total)
                });
                basis_of(&echelon, keep, progress)
            }
        }
    }
}

fn basis_of(
    echelon: &elimination::Echelon<'_>,
    keep: usize,
    progress: &mut dyn FnMut(Stage, u64, u64),
) -> Basis {
    Basis {
        nullity: echelon.nullity(),
        vectors: echelon.null_basis_with_progress(keep, &mut |done, total| {
            progress(Stage::QuietTapSets, done, total)
        }),
    }
}

/// What a long solve is doing when it tells its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reducing the tap matrix, with the board where there is one (rules light chasing cannot
    /// take); counted in columns.
    Eliminating,
    /// Working out the quiet tap sets from the reduced matrix, one after another.
    QuietTapSets,
    /// Searching the null space for the fewest taps that make the board all this colour.
    Searching(Color),
}

/// Solves every board of one puzzle, exactly, by whichever strategy fits it.
pub struct Solver {
    puzzle: Puzzle,
    table: Option<TableRef>,
    engine: Engine,
    /// Quiet tap sets, found on first need.
    taps_basis: OnceLock<Basis>,
    /// Quiet patterns of a rule that is not symmetric, found on first need.
    patterns_basis: OnceLock<Basis>,
    /// The quiet tap sets prepared for the transform search, on first need.
    coset_index: OnceLock<coset::CosetIndex>,
    /// The most cells one tap turns over, on first need.
    widest_tap: OnceLock<u64>,
    /// The symmetries of the board that keep the puzzle's taps, on first need.
    symmetries: OnceLock<Vec<Symmetry>>,
    /// How long one board's search over the null space may run (unlimited when `None`).
    search_time: Option<Duration>,
}

/// A solver whose strategy is chosen and whose puzzle is known to fit, not yet prepared: see
/// [`Solver::plan`].
pub struct SolverPlan {
    puzzle: Puzzle,
    engine: EnginePlan,
}

impl SolverPlan {
    /// The puzzle the solver will solve.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The strategy the solver will use.
    pub fn strategy(&self) -> Strategy {
        match &self.engine {
            _ if self.puzzle.shape().is_flip_game() => Strategy::Table,
            EnginePlan::Chase(_) => Strategy::Chase,
            EnginePlan::Eliminate(_) => Strategy::Elimination,
        }
    }

    /// The solver, telling `progress` how the preparation goes (units done, units in all) where
    /// it takes long: light chasing on boards of 512 columns and more.
    pub fn prepare(self, progress: &mut dyn FnMut(u64, u64)) -> Solver {
        let SolverPlan { puzzle, engine } = self;
        let table = puzzle.shape().is_flip_game().then(|| {
            if puzzle.is_default_rule() {
                TableRef::Shared(DistanceTable::flip_game(puzzle.goal()))
            } else {
                let table = DistanceTable::build(&puzzle);
                TableRef::Owned(Box::new(table.unwrap_or_else(|| unreachable!("4x4"))))
            }
        });
        let engine = engine.prepare(&puzzle, progress);
        Solver {
            puzzle,
            table,
            engine,
            taps_basis: OnceLock::new(),
            patterns_basis: OnceLock::new(),
            coset_index: OnceLock::new(),
            widest_tap: OnceLock::new(),
            symmetries: OnceLock::new(),
            search_time: None,
        }
    }
}

impl Solver {
    /// Prepares to solve boards of `puzzle`, picking the strategy.
    pub fn new(puzzle: Puzzle) -> Result<Solver, TooLargeToSolve> {
        Solver::with_progress(puzzle, &mut |_, _| {})
    }

    /// [`Solver::new`], telling `progress` how the preparation goes (units done, units in all)
    /// where it takes long: light chasing on boards of 512 columns and more.
    pub fn with_progress(
        puzzle: Puzzle,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Solver, TooLargeToSolve> {
        Ok(Solver::plan(puzzle)?.prepare(progress))
    }

    /// Checks that `puzzle` can be solved here and picks the strategy, leaving the preparation
    /// that takes long on large boards (chasing every row) to [`SolverPlan::prepare`], so a
    /// caller can report malformed input before it.
    pub fn plan(puzzle: Puzzle) -> Result<SolverPlan, TooLargeToSolve> {
        let engine = EnginePlan::new(&puzzle)?;
        Ok(SolverPlan { puzzle, engine })
    }

    /// A solver that never uses the distance table, so tests can check the linear algebra on
    /// 4x4 boards too.
    #[cfg(test)]
    pub(crate) fn without_table(puzzle: Puzzle) -> Result<Solver, TooLargeToSolve> {
        let mut solver = Solver::new(puzzle)?;
        solver.table = None;
        Ok(solver)
    }

    /// Limits how long one board's search over the null space runs; past it the answer is the
    /// best found, marked not proven. Without a limit every search runs to the end.
    pub fn set_search_time(&mut self, limit: Option<Duration>) {
        self.search_time = limit;
    }

    /// The puzzle this solver is for.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The strategy that answers [`Solver::solve`].
    pub fn strategy(&self) -> Strategy {
        match (&self.table, &self.engine) {
            (Some(_), _) => Strategy::Table,
            (None, Engine::Chase(_)) => Strategy::Chase,
            (None, Engine::Eliminate(_)) => Strategy::Elimination,
        }
    }

    /// How many quiet tap sets fit in the memory allowed for a basis.
    fn keep(&self) -> usize {
        let shape = self.puzzle.shape();
        let grid_bytes = shape.rows() as usize * shape.words_per_row() * 8;
        (QUIET_MEMORY_BYTES / grid_bytes.max(1)).max(1)
    }

    fn taps_basis(&self) -> &Basis {
        self.taps_basis_with_progress(&mut |_, _, _| {})
    }

    fn taps_basis_with_progress(&self, progress: &mut dyn FnMut(Stage, u64, u64)) -> &Basis {
        self.taps_basis
            .get_or_init(|| self.engine.basis(self.keep(), progress))
    }

    fn patterns_basis(&self) -> &Basis {
        if self.puzzle.is_symmetric() {
            return self.taps_basis();
        }
        self.patterns_basis.get_or_init(|| {
            let transposed = self.puzzle.transposed();
            match EnginePlan::new(&transposed) {
                Ok(plan) => plan
                    .prepare(&transposed, &mut |_, _| {})
                    .basis(self.keep(), &mut |_, _, _| {}),
                // The transposed rule cannot be solved here: no patterns, so no certificates.
                Err(_) => Basis {
                    nullity: self.nullity(),
                    vectors: Vec::new(),
                },
            }
        })
    }

    /// The dimension of the null space of the tap matrix: how many independent quiet tap sets
    /// (and as many independent quiet patterns).
    pub fn nullity(&self) -> usize {
        match &self.engine {
            // Known from the reduction, before any quiet tap set is chased out.
            Engine::Chase(chase) => chase.nullity(),
            Engine::Eliminate(_) => self.taps_basis().nullity,
        }
    }

    /// How many quiet tap sets the searches use: all of them unless memory caps the basis.
    fn kept_quiet(&self) -> usize {
        match &self.engine {
            // Chased out when walked, never held: no memory cap.
            Engine::Chase(chase) => chase.nullity(),
            Engine::Eliminate(_) => self.taps_basis().vectors.len(),
        }
    }

    /// The quiet tap sets the greedy descent tries, one at a time: a large board's are chased
    /// out when their turn comes rather than held all at once, and no more of them than
    /// [`GREEDY_CELLS`] allows.
    fn greedy_quiet_taps(&self) -> Box<dyn QuietTaps + '_> {
        match (&self.engine, self.taps_basis.get()) {
            (Engine::Chase(chase), None) => {
                let cells = self.puzzle.shape().cells();
                let affordable = usize::try_from(GREEDY_CELLS / cells).unwrap_or(usize::MAX);
                Box::new(chase.quiet_taps(self.keep().min(affordable.max(1))))
            }
            _ => Box::new(self.quiet_tap_basis()),
        }
    }

    /// The rank of the tap matrix over GF(2): cells minus nullity.
    pub fn rank(&self) -> u64 {
        self.puzzle.shape().cells() - self.nullity() as u64
    }

    /// True when every answer is proven minimal: the null space is small enough to try in full.
    pub fn proves_minimum(&self) -> bool {
        self.table.is_some() || self.nullity() <= self.search_limit()
    }

    /// The largest nullity searched in full on this puzzle's boards: [`ENUMERATION_LIMIT`], or
    /// [`LARGE_BOARD_ENUMERATION_LIMIT`] past [`SWEPT_CELLS`] cells.
    pub fn search_limit(&self) -> usize {
        search_limit(self.puzzle.shape().cells())
    }

    /// A basis of the quiet tap sets (taps that change nothing), all of it unless memory caps it.
    pub fn quiet_tap_basis(&self) -> &[Grid] {
        &self.taps_basis().vectors
    }

    /// [`Solver::quiet_tap_basis`], telling `progress` how the stages go where they are found
    /// now and take long (an elimination, then one quiet tap set after another).
    pub fn quiet_tap_basis_with_progress(
        &self,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> &[Grid] {
        &self.taps_basis_with_progress(progress).vectors
    }

    /// A basis of the quiet patterns (cells every tap meets an even number of times).
    pub fn quiet_pattern_basis(&self) -> &[Grid] {
        &self.patterns_basis().vectors
    }

    /// Every non-empty quiet pattern (2^nullity - 1 of them), fewest cells first, ties with the
    /// earliest cells in row-major order first. For small null spaces only.
    pub fn quiet_patterns(&self) -> Vec<Grid> {
        let mut all = graycode::all_sums(self.quiet_pattern_basis());
        all.sort_by(|a, b| {
            a.count()
                .cmp(&b.count())
                .then_with(|| b.cmp_lexicographic(a))
        });
        all
    }

    /// The fewest taps that finish `board`, or `None` when none can: one lookup on 4x4.
    #[inline(always)]
    pub fn moves(&self, board: &Grid) -> Option<u64> {
        debug_assert_eq!(board.shape(), self.puzzle.shape());
        if let Some(table) = &self.table {
            // A table exists only for 4x4 puzzles, and the board is the puzzle's shape.
            return table.get().moves(board.bits16_of_4x4()).map(u64::from);
        }
        self.solve(board).map(|solution| solution.moves())
    }

    /// The fewest taps that finish `board` and whether that count is proven, or `None` when
    /// none can: where the null space is large, a descent that meets the counting bound (in a
    /// colour no other colour's bound goes under) proves the count without the search, which
    /// would only have chosen among the tap sets of that count (scrambles of a few taps far
    /// apart, as `gen --moves` draws, on a 61x61 board: a second, not minutes).
    pub fn fewest(&self, board: &Grid) -> Option<(u64, bool)> {
        if self.nullity() >= SYMMETRY_NULLITY {
            let colors = self.puzzle.goal().colors();
            let lits: Vec<Grid> = colors.iter().map(|&c| lit_cells(board, c)).collect();
            let bounds: Vec<u64> = lits
                .iter()
                .map(|lit| self.counting_bound(std::slice::from_ref(lit)))
                .collect();
            let particulars = self.particulars(&lits);
            if particulars.iter().all(Option::is_none) {
                return None;
            }
            for (side, taps) in particulars.iter().enumerate() {
                let Some(taps) = taps else { continue };
                let found = self.improve(taps.clone()).count();
                let unbeaten = particulars
                    .iter()
                    .zip(&bounds)
                    .all(|(other, &bound)| other.is_none() || bound >= found);
                if found == bounds[side] && unbeaten {
                    return Some((found, true));
                }
            }
        }
        self.solve(board)
            .map(|solution| (solution.moves(), solution.optimal))
    }

    /// The least optimal tap set finishing `board` for the puzzle's goal, or `None` when
    /// impossible.
    pub fn solve(&self, board: &Grid) -> Option<Solution> {
        self.solve_with_progress(board, &mut |_, _, _| {})
    }

    /// [`Solver::solve`], telling `progress` how the long stages go (the stage, units done,
    /// units in all, each unit about as long as the next): an elimination, and each colour's
    /// search over the null space. Quick stages may not be told at all.
    pub fn solve_with_progress(
        &self,
        board: &Grid,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<Solution> {
        // The 4x4 stream's answers, kept out of the search's long function.
        if let Some(answer) = self.table_answer(board) {
            return answer;
        }
        self.solve_sweeping(board, progress, &mut Sweeping::Whole)
            .unwrap_or_else(|_| unreachable!("a whole search merges nothing"))
    }

    /// The answer from the distance table, where the puzzle has one and the board is 4x4.
    #[inline(always)]
    fn table_answer(&self, board: &Grid) -> Option<Option<Solution>> {
        let (Some(table), Some(bits)) = (&self.table, board.bits16()) else {
            return None;
        };
        Some(table.get().solve(bits).map(|(taps, goal)| {
            let taps = Grid::from_bits16(taps);
            Solution {
                lower_bound: taps.count(),
                taps,
                goal,
                optimal: true,
            }
        }))
    }

    /// One shard's part of the exact searches of `board`: for each colour searched by a sweep,
    /// the fewest taps in the shard's share of the assignments and the keys giving them (see
    /// [`shard`]). The shards of one count, merged by [`Solver::solve_merged`], give
    /// exactly the answer [`Solver::solve`] gives, and split null spaces up to
    /// [`SHARDED_ENUMERATION_LIMIT`] (past the limit one run searches in full). A board
    /// answered without a sweep (a table, a small null space, an impossible board) has no part:
    /// every shard and the merge answer it whole, quickly.
    pub fn solve_shard(
        &self,
        board: &Grid,
        shard: Shard,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Vec<SweepPart> {
        let mut sweeping = Sweeping::Shard(shard, Vec::new());
        // A shard's own answer is only the best of its share: its parts are what it gives.
        let _ = self.solve_sweeping(board, progress, &mut sweeping);
        match sweeping {
            Sweeping::Shard(_, parts) => parts,
            _ => unreachable!("still a shard"),
        }
    }

    /// The answer to `board` from the parts its shards found (`parts[k]` from shard `k + 1` of
    /// `parts.len()`, every one of them), exactly as [`Solver::solve`] gives it: the sweeps are
    /// not run again, everything else is.
    pub fn solve_merged(
        &self,
        board: &Grid,
        parts: &[Vec<SweepPart>],
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Result<Option<Solution>, MergeError> {
        self.solve_sweeping(board, progress, &mut Sweeping::Merge(parts))
    }

    /// [`Solver::solve_with_progress`] with its sweeps run as `sweeping` says.
    fn solve_sweeping(
        &self,
        board: &Grid,
        progress: &mut dyn FnMut(Stage, u64, u64),
        sweeping: &mut Sweeping<'_>,
    ) -> Result<Option<Solution>, MergeError> {
        if let Some(answer) = self.table_answer(board) {
            return Ok(answer);
        }
        // One budget for the board, whichever colours it takes.
        let deadline = self.search_time.map(|limit| Instant::now() + limit);
        let colors = self.puzzle.goal().colors();
        let lits: Vec<Grid> = colors.iter().map(|&c| lit_cells(board, c)).collect();
        let particulars = self.particulars_with_progress(&lits, progress);
        // Every basis the searches walk is whole up to this nullity: a chased board's is chased
        // out on the way, and one eliminated fits the memory cap many times over. Shards take on
        // more, where the basis is whole.
        let proven = match sweeping {
            Sweeping::Whole => self.nullity() <= self.search_limit(),
            Sweeping::Shard(..) | Sweeping::Merge(_) => {
                self.nullity() <= sharded_search_limit(self.puzzle.shape().cells())
                    && self.kept_quiet() == self.nullity()
            }
        };
        debug_assert!(!proven || self.kept_quiet() == self.nullity());
        let bounds: Vec<u64> = lits
            .iter()
            .map(|lit| self.counting_bound(std::slice::from_ref(lit)))
            .collect();
        // The colour with fewer cells to turn over first: a proven answer there spares the
        // search of a colour whose bound it already beats (an all-black board needs no taps to
        // be all black, so its all-white search is never run).
        let mut order: Vec<usize> = (0..colors.len()).collect();
        order.sort_by_key(|&side| bounds[side]);
        let mut solutions: Vec<Solution> = Vec::with_capacity(colors.len());
        for side in order {
            if lits[side].is_empty() {
                // Already finished in this colour: no taps, whatever the null space.
                solutions.push(Solution {
                    taps: Grid::new(board.shape()),
                    goal: colors[side],
                    optimal: true,
                    lower_bound: 0,
                });
                continue;
            }
            let Some(taps) = particulars[side].clone() else {
                continue;
            };
            let proven_best = solutions
                .iter()
                .filter(|s| s.optimal)
                .map(Solution::moves)
                .min();
            if proven_best.is_some_and(|best| bounds[side] > best) {
                continue;
            }
            let (taps, optimal) = if proven {
                let color = colors[side];
                let mut part = sweeping.part(color)?;
                let mut searching = |done, total| progress(Stage::Searching(color), done, total);
                let found =
                    self.least_in_coset(taps, &lits[side], &mut searching, deadline, &mut part);
                sweeping.keep(color, part);
                match found {
                    Some(found) => found,
                    // Nothing in this shard's share.
                    None if matches!(sweeping, Sweeping::Shard(..)) => continue,
                    None => return Err(MergeError::Mixed { color }),
                }
            } else {
                self.past_the_search(taps, &lits[side], bounds[side], deadline)
            };
            let lower_bound = if optimal {
                taps.count()
            } else {
                bounds[side].min(taps.count())
            };
            // An answer that meets the bound is the minimum, however it was found.
            let optimal = optimal || lower_bound == taps.count();
            solutions.push(Solution {
                taps,
                goal: colors[side],
                optimal,
                lower_bound,
            });
        }
        Ok(solutions.into_iter().reduce(|a, b| {
            let better = match a.moves().cmp(&b.moves()) {
                std::cmp::Ordering::Equal => a.taps.cmp_lexicographic(&b.taps).is_le(),
                order => order.is_lt(),
            };
            let lower_bound = a.lower_bound.min(b.lower_bound);
            let best = if better { a } else { b };
            // The best is proven when nothing can beat it: no taps at all, or both colours'
            // minimums known.
            let optimal = lower_bound == best.moves();
            Solution {
                optimal,
                lower_bound,
                ..best
            }
        }))
    }

    /// The least tap set of `taps` plus any quiet tap set: one Walsh-Hadamard transform over
    /// the null space when trying every sum would cost more (a large null space on a large
    /// board), else every sum in Gray-code order. Both are exact and agree (the tests check).
    ///
    /// `part` says which assignments a sweep tries (see [`coset::Part`]); `None` when it gives
    /// the search none.
    fn least_in_coset(
        &self,
        taps: Grid,
        lit: &Grid,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
        part: &mut coset::Part,
    ) -> Option<(Grid, bool)> {
        if matches!(part, coset::Part::Whole)
            && let Some(least) = self.least_by_information_sets(&taps, lit, deadline)
        {
            return Some((least, true));
        }
        let streamed = matches!(self.engine, Engine::Chase(_))
            && self.nullity() > 0
            && self.puzzle.shape().cells() > STREAMED_SEARCH_CELLS;
        if transform_pays(self.kept_quiet(), taps.words().len()) || streamed {
            // Worked out only where the search has slices enough to spare.
            let symmetries = || self.symmetries_keeping(lit);
            let shape = self.puzzle.shape();
            let found = self.coset_index().least_part(
                taps,
                progress,
                deadline,
                Some((shape, &symmetries)),
                part,
            )?;
            Some(match found {
                (taps, true) => (taps, true),
                // Cut short: what single quiet tap sets can still improve is free.
                (taps, false) => (
                    descent::improve_locally(taps, &*self.greedy_quiet_taps()),
                    false,
                ),
            })
        } else {
            Some((graycode::least_in_coset(taps, self.quiet_tap_basis()), true))
        }
    }

    /// The symmetries of the puzzle (not the identity) that keep the cells to turn over `lit`:
    /// each maps the coset of tap sets finishing it onto itself.
    fn symmetries_keeping(&self, lit: &Grid) -> Vec<Symmetry> {
        self.symmetries
            .get_or_init(|| symmetry::puzzle_symmetries(&self.puzzle))
            .iter()
            .copied()
            .filter(|symmetry| symmetry.apply(lit) == *lit)
            .collect()
    }

    /// The quiet tap sets prepared for the transform searches, on first need. A chased board's
    /// are kept as first rows and chased out again on every pass over a large board: a few
    /// rows of memory, where whole quiet tap sets were 12 MB each at 10,000 x 10,000.
    fn coset_index(&self) -> &coset::CosetIndex {
        self.coset_index.get_or_init(|| {
            let cells = self.puzzle.shape().cells();
            match &self.engine {
                Engine::Chase(chase) => coset::CosetIndex::chased(chase.chased_basis(), cells),
                Engine::Eliminate(_) => {
                    coset::CosetIndex::new(self.quiet_tap_basis().to_vec(), cells)
                }
            }
        })
    }

    /// A lower bound on the taps finishing any of `lits` (the cells to turn over for each
    /// accepted colour): every such cell must be turned over by some tap, and no tap turns over
    /// more than the largest tap of the rule.
    fn counting_bound(&self, lits: &[Grid]) -> u64 {
        let widest = *self.widest_tap.get_or_init(|| self.puzzle.widest_tap());
        lits.iter()
            .map(|lit| lit.count().div_ceil(widest.max(1)))
            .min()
            .unwrap_or(0)
    }

    /// A good tap set when the null space is too large to search: the transform over the last
    /// quiet tap sets for each assignment of the others that a descent tries (where the index
    /// fits: at most 64 quiet tap sets, boards up to a million cells), then single quiet tap sets
    /// added while they lower the count.
    fn improve(&self, taps: Grid) -> Grid {
        let quiet = self.greedy_quiet_taps();
        let cells = self.puzzle.shape().cells();
        // The descent starts from the greedy answer, so it is never worse than that.
        let taps = descent::improve_locally(taps, &*quiet);
        let taps = if self.kept_quiet() <= 64 && cells <= IMPROVE_CELLS {
            self.coset_index().improve(taps, IMPROVE_INNER_BITS)
        } else {
            taps
        };
        descent::improve_locally(taps, &*quiet)
    }

    /// The answer past the exact limit for the cells to turn over `lit`: [`Solver::improve`],
    /// then the least tap set some of the board's symmetries fix where that has fewer taps
    /// ([`Solver::least_symmetric`]), then information-set decoding (see [`decode`]) from the
    /// better until `floor` taps (a lower bound), the effort or `deadline` stops it, then the
    /// proof by disjoint information sets where it is affordable (true when it proved the
    /// answer the least optimal one). Where the quiet tap sets do not fit in memory, the
    /// descent's answer.
    fn past_the_search(
        &self,
        taps: Grid,
        lit: &Grid,
        floor: u64,
        deadline: Option<Instant>,
    ) -> (Grid, bool) {
        let taps = self.improve(taps);
        let descended = taps.clone();
        self.with_held_quiet_taps(|quiet| {
            let taps = self.least_symmetric(taps, lit, quiet, floor, deadline);
            let words = taps.words().len();
            let effort = decode::Effort::within(DECODE_WORK, quiet.len(), words, deadline);
            let taps = decode::decode(taps, quiet, floor, effort);
            let whole = quiet.len() == self.nullity() && self.proof_may_pay(floor, PROOF_WORK);
            match whole.then(|| decode::prove_least(&taps, quiet, PROOF_WORK, deadline)) {
                Some(Some(least)) => (least, true),
                _ => (taps, false),
            }
        })
        .unwrap_or((descended, false))
    }

    /// `taps`, or the least tap set of its coset (over `quiet`) that a group of the symmetries
    /// keeping `lit` maps onto itself where that has fewer taps (see [`fixed`]). The groups are
    /// tried one of each class of conjugates, smallest first (the most tap sets fixed), each
    /// searched in full where its fixed quiet tap sets number at most [`FIXED_NULLITY`] and the
    /// searches' elements add up to at most [`FIXED_WORK`]; a group is passed over when a group
    /// within it has been searched (it fixes some of those tap sets). They stop at `floor` taps
    /// and at `deadline`.
    fn least_symmetric(
        &self,
        taps: Grid,
        lit: &Grid,
        quiet: &[Grid],
        floor: u64,
        deadline: Option<Instant>,
    ) -> Grid {
        let symmetries = self.symmetries_keeping(lit);
        // A symmetry maps a quiet tap set into the whole null space, so coordinates over part of
        // it (a basis the memory cap cut short) would not do.
        if symmetries.is_empty() || quiet.len() < self.nullity() {
            return taps;
        }
        let shape = self.puzzle.shape();
        let groups = symmetry::subgroups_up_to_conjugacy(shape, &symmetries);
        let pivoted = fixed::Pivoted::new(quiet);
        // Worked out from the largest group down: what a group fixes, every group within it
        // fixes too, so a group with too many fixed quiet tap sets spares the work on those.
        let mut fixed: Vec<Option<fixed::FixedCoset>> = vec![None; groups.len()];
        let mut too_many: Vec<&[Symmetry]> = Vec::new();
        for (index, group) in groups.iter().enumerate().rev() {
            let within = |larger: &&[Symmetry]| group.members.iter().all(|g| larger.contains(g));
            if too_many.iter().any(within) {
                continue;
            }
            match pivoted.fixed_coset(&taps, &group.generators) {
                Some(subcoset) if subcoset.quiet.len() > FIXED_NULLITY => {
                    too_many.push(&group.members)
                }
                subcoset => fixed[index] = subcoset,
            }
        }
        let mut best = taps;
        let mut work = 0u64;
        let mut searched: Vec<&[Symmetry]> = Vec::new();
        for (group, subcoset) in groups.iter().zip(fixed) {
            if best.count() <= floor || deadline.is_some_and(|deadline| Instant::now() >= deadline)
            {
                break;
            }
            let Some(subcoset) = subcoset else {
                continue;
            };
            let size = subcoset.quiet.len();
            let within = |smaller: &&[Symmetry]| smaller.iter().all(|g| group.members.contains(g));
            if searched.iter().any(within) || work + (1 << size) > FIXED_WORK {
                continue;
            }
            work += 1 << size;
            let least = if transform_pays(size, best.words().len()) {
                coset::CosetIndex::new(subcoset.quiet, shape.cells())
                    .least_part(
                        subcoset.taps,
                        &mut |_, _| {},
                        deadline,
                        None,
                        &mut coset::Part::Whole,
                    )
                    .map(|(least, _)| least)
            } else {
                Some(graycode::least_in_coset(subcoset.taps, &subcoset.quiet))
            };
            searched.push(&group.members);
            if let Some(least) = least
                && least.cmp_fewest_then_least(&best).is_lt()
            {
                best = least;
            }
        }
        best
    }

    /// The least optimal tap set of `taps`' coset, proven by disjoint information sets from
    /// what the greedy descent and the decoding find, where that costs a small part of the
    /// search over the whole null space (see [`decode::prove_least`]): a sparse minimum, such
    /// as a scramble's, on a board of many cells. `None` where it would cost more.
    fn least_by_information_sets(
        &self,
        taps: &Grid,
        lit: &Grid,
        deadline: Option<Instant>,
    ) -> Option<Grid> {
        let nullity = self.nullity();
        if nullity < PROOF_NULLITY || self.kept_quiet() < nullity {
            return None;
        }
        // Against 2^nullity sums for the search (a few operations each).
        let work = PROOF_WORK.min(1 << (nullity - 2));
        let bound = self.counting_bound(std::slice::from_ref(lit));
        if !self.proof_may_pay(bound, work) {
            return None;
        }
        self.with_held_quiet_taps(|quiet| {
            let words = taps.words().len();
            let start = descent::improve_locally(taps.clone(), quiet);
            let effort = decode::Effort::within(DECODE_WORK, quiet.len(), words, deadline);
            let start = decode::decode(start, quiet, 0, effort);
            decode::prove_least(&start, quiet, work, deadline)
        })
        .flatten()
    }

    /// False when a proof by disjoint information sets cannot fit in `work` even if the answer
    /// met the lower bound `bound` and the cells held as many disjoint sets as they have room
    /// for: hopeless before any decoding (an all-on board's dense minimum).
    fn proof_may_pay(&self, bound: u64, work: u64) -> bool {
        let nullity = self.nullity();
        let cells = self.puzzle.shape().cells();
        let words = self.puzzle.shape().rows() as usize * self.puzzle.shape().words_per_row();
        let room = cells / nullity.max(1) as u64;
        decode::Plan::new(bound, room, nullity, words).is_some_and(|plan| plan.cost <= work)
    }

    /// `use_them` of the quiet tap sets held whole, as many as the greedy descent walks, or
    /// `None` where they would take more than [`DECODE_BITS`].
    fn with_held_quiet_taps<R>(&self, use_them: impl FnOnce(&[Grid]) -> R) -> Option<R> {
        let kept = self.kept_quiet() as u64;
        if kept.checked_mul(self.puzzle.shape().cells())? > DECODE_BITS {
            return None;
        }
        match (&self.engine, self.taps_basis.get()) {
            (Engine::Eliminate(_), _) | (_, Some(_)) => Some(use_them(self.quiet_tap_basis())),
            (Engine::Chase(_), None) => {
                let mut quiet = Vec::with_capacity(self.kept_quiet());
                self.greedy_quiet_taps()
                    .each(&mut |grid| quiet.push(grid.clone()));
                Some(use_them(&quiet))
            }
        }
    }

    /// Particular tap sets for each lit grid, keeping the basis when it comes for free.
    fn particulars(&self, lits: &[Grid]) -> Vec<Option<Grid>> {
        self.particulars_with_progress(lits, &mut |_, _, _| {})
    }

    /// [`Solver::particulars`], telling `progress` how an elimination goes.
    fn particulars_with_progress(
        &self,
        lits: &[Grid],
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Vec<Option<Grid>> {
        let refs: Vec<&Grid> = lits.iter().collect();
        let (found, basis) = self.engine.particulars(&refs, self.keep(), progress);
        if let Some(basis) = basis {
            let _ = self.taps_basis.set(basis);
        }
        found
    }

    /// Every tap set that finishes `board` in `color` (2^nullity of them; none when impossible).
    /// For small null spaces only: the caller decides what it can afford.
    pub fn solutions(&self, board: &Grid, color: Color) -> Vec<Grid> {
        let lit = lit_cells(board, color);
        let Some(Some(first)) = self.particulars(std::slice::from_ref(&lit)).pop() else {
            return Vec::new();
        };
        let mut all = vec![first.clone()];
        all.extend(
            graycode::all_sums(self.quiet_tap_basis())
                .into_iter()
                .map(|mut quiet| {
                    quiet.xor_with(&first);
                    quiet
                }),
        );
        all
    }

    /// True when taps can make `board` all `color`, whatever the puzzle's goal.
    pub fn can_reach(&self, board: &Grid, color: Color) -> bool {
        let lit = lit_cells(board, color);
        matches!(
            self.particulars(std::slice::from_ref(&lit)).pop(),
            Some(Some(_))
        )
    }

    /// True when some colour the goal accepts can be reached from `board`.
    pub fn is_solvable(&self, board: &Grid) -> bool {
        if let (Some(table), Some(bits)) = (&self.table, board.bits16()) {
            return table.get().moves(bits).is_some();
        }
        let lits: Vec<Grid> = self
            .puzzle
            .goal()
            .colors()
            .iter()
            .map(|&c| lit_cells(board, c))
            .collect();
        self.particulars(&lits).iter().any(Option::is_some)
    }

    /// A proof that `board` can reach no colour the goal accepts, or `None` when it can reach
    /// one.
    pub fn certificate(&self, board: &Grid) -> Option<Certificate> {
        let colors = self.puzzle.goal().colors();
        let lits: Vec<Grid> = colors.iter().map(|&c| lit_cells(board, c)).collect();
        let basis = self.patterns_basis();
        let quiet = &basis.vectors;
        let complete = quiet.len() == basis.nullity;
        // For each basis pattern, its parity against each accepted goal: bit g set when odd.
        let parities: Vec<u32> = quiet
            .iter()
            .map(|pattern| {
                lits.iter()
                    .enumerate()
                    .filter(|(_, lit)| pattern.count_common(lit) % 2 == 1)
                    .fold(0u32, |mask, (g, _)| mask + (1 << g))
            })
            .collect();
        let all = (1u32 << lits.len()) - 1;
        // A colour is reachable exactly when every quiet pattern meets its lit cells evenly
        // (the null space of the transposed matrix is the whole obstruction), so a complete
        // basis answers without solving the board a second time.
        let reachable = if complete {
            let odd = parities.iter().fold(0u32, |mask, &p| mask | p);
            odd != all
        } else {
            self.is_solvable(board)
        };
        if reachable {
            return None;
        }
        let (pattern, fewest) = if complete && quiet.len() <= CERTIFICATE_SEARCH_LIMIT {
            (graycode::smallest_proof(quiet, &parities, all)?, true)
        } else {
            (graycode::any_proof(quiet, &parities, all)?, false)
        };
        let black = pattern.count_common(board);
        Some(Certificate {
            pattern,
            black,
            fewest,
        })
    }
}

/// How one board's sweeps run: whole, as one shard, or merged from the shards' parts.
enum Sweeping<'a> {
    Whole,
    /// One shard, and the parts it has found so far.
    Shard(Shard, Vec<SweepPart>),
    /// Every shard's parts, in order of the shards.
    Merge(&'a [Vec<SweepPart>]),
}

impl Sweeping<'_> {
    /// What the sweep of the search for `color` tries.
    fn part(&self, color: Color) -> Result<coset::Part, MergeError> {
        let shards = match self {
            Sweeping::Whole => return Ok(coset::Part::Whole),
            Sweeping::Shard(shard, _) => return Ok(coset::Part::Shard(*shard, None)),
            Sweeping::Merge(shards) => shards,
        };
        let found: Vec<Option<&SweepPart>> = shards
            .iter()
            .map(|parts| parts.iter().find(|part| part.color == color))
            .collect();
        if found.iter().all(Option::is_none) {
            // No shard swept it: the search is not a sweep, and is done whole here.
            return Ok(coset::Part::Whole);
        }
        let mut parts = Vec::with_capacity(found.len());
        for (index, part) in found.into_iter().enumerate() {
            let shard = index as u32 + 1;
            parts.push(part.ok_or(MergeError::Missing { shard, color })?);
        }
        let orbits = parts[0].orbits;
        if parts.iter().any(|part| part.orbits != orbits) {
            return Err(MergeError::Mixed { color });
        }
        let found = sweep::Found::merge(parts.iter().map(|part| {
            sweep::Found {
                best: part
                    .best
                    .map(|(taps, key)| (i64::try_from(taps).unwrap_or(i64::MAX), key)),
                ties: part.ties.clone(),
                complete: part.complete,
            }
        }));
        Ok(coset::Part::Merge { orbits, found })
    }

    /// Keeps what a shard's sweep for `color` found.
    fn keep(&mut self, color: Color, part: coset::Part) {
        if let (Sweeping::Shard(_, parts), coset::Part::Shard(_, Some((orbits, found)))) =
            (self, part)
        {
            parts.push(SweepPart {
                color,
                orbits,
                // A count of taps is never negative.
                best: found
                    .best
                    .map(|(taps, key)| (u64::try_from(taps).unwrap_or(0), key)),
                ties: found.ties,
                complete: found.complete,
            });
        }
    }
}

/// The cells that must turn over an odd number of times for `board` to show `color`.
pub fn lit_cells(board: &Grid, color: Color) -> Grid {
    let mut lit = board.clone();
    if color == Color::Black {
        lit.xor_with(&Grid::filled(board.shape(), Color::Black));
    }
    lit
}
