//! One entry point for every puzzle: [`Solver::new`] looks at the puzzle and picks the strategy,
//! [`Solver::solve`] gives the least optimal tap set of any board, and [`Solver::proof`]
//! the proof that a board can never be finished. `docs/algorithms.md` in the repository tells
//! why each method is right; the code is laid out by family, one line a file or folder:
//!
//! - `answer.rs`: what a solve gives back: the tap set with what it proved, the strategy, the
//!   stages a long solve reports;
//! - `engines/`: how the tap matrix is reduced: the 4x4 distance table (any rule), light
//!   chasing (a row's taps forced by the row above), banded elimination over GF(2); each gives
//!   one tap set for a board and the quiet tap sets (the null space);
//! - `search.rs`: the exact search: a board's tap sets are one coset of the null space, and
//!   its least element is found colour by colour, up to [`ENUMERATION_LIMIT`] quiet tap sets
//!   ([`LARGE_BOARD_ENUMERATION_LIMIT`] past [`SWEPT_CELLS`] cells), whole or in shards;
//! - `coset/`: the searches of a coset: one Walsh-Hadamard transform, a sweep of many (split
//!   by symmetry orbits and into shards), every sum in Gray-code order;
//! - `past/`: past the exact limit: a descent, the least tap set the board's symmetries fix,
//!   information-set decoding, and the proof by disjoint information sets that makes a sparse
//!   answer proven after all (else it comes with a lower bound, marked not proven);
//! - `certificate.rs`: proofs of impossibility, quiet patterns (cells every tap meets an even
//!   number of times) on which the board's parity differs from every accepted goal's;
//! - `quiet.rs`: the quiet tap sets as the searches walk them, held or chased out on the way;
//! - `kernels/`: word-level bit loops, AVX2 dispatch, the transform, the host's threads and clock;
//! - [`states`]: boards of K states, over Z_K: a Smith form, or light chasing mod K.

mod answer;
mod certificate;
mod coset;
mod engines;
mod kernels;
mod optimal;
mod past;
mod quiet;
mod search;
pub mod states;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;
use std::time::Duration;

pub use answer::{Solution, Stage, Strategy, Taps, TooLargeToSolve};
pub use certificate::Certificate;
pub use coset::graycode::all_sums;
pub use coset::shard::{MOST_SHARDS, MergeError, Shard, ShardError, SweepPart};
pub use engines::elimination::ELIMINATION_MEMORY_BYTES;
pub use engines::table::{self, DistanceTable};
// The threads long searches use serve a batch of boards too (`kind::solve_all`).
pub(crate) use kernels::host;
/// A target with no clock of its own (a browser's WebAssembly) is given one by its front end.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub use kernels::host::set_clock;
pub use kernels::host::{limit_threads, stoppable, threads};
pub use optimal::{AllOptimal, AllOptimalError, AllOptimalPresses, MOST_WALKED_NULLITY};
pub use search::{
    ENUMERATION_LIMIT, LARGE_BOARD_ENUMERATION_LIMIT, SHARDED_ENUMERATION_LIMIT, SWEPT_CELLS,
};

use crate::grid::Grid;
use crate::notation::Color;
use crate::puzzle::Puzzle;

use coset::{graycode, symmetry::Symmetry};
use engines::{Basis, Engine, EnginePlan};

/// Memory allowed for the basis of quiet tap sets (or patterns) kept for one puzzle.
const QUIET_MEMORY_BYTES: usize = 256 << 20;

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

    /// The limit [`Solver::set_search_time`] last set.
    pub fn search_time(&self) -> Option<Duration> {
        self.search_time
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
        search::search_limit(self.puzzle.shape().cells())
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
        self.can_reach_with_progress(board, color, &mut |_, _, _| {})
    }

    /// [`Solver::can_reach`], telling `progress` how the stages go where they take long; an
    /// elimination keeps the quiet tap sets it finds, so a later
    /// [`Solver::quiet_tap_basis`] costs nothing.
    pub fn can_reach_with_progress(
        &self,
        board: &Grid,
        color: Color,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> bool {
        let lit = lit_cells(board, color);
        matches!(
            self.particulars_with_progress(std::slice::from_ref(&lit), progress)
                .pop(),
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
}

/// The cells that must turn over an odd number of times for `board` to show `color`.
pub fn lit_cells(board: &Grid, color: Color) -> Grid {
    let mut lit = board.clone();
    if color == Color::Black {
        lit.xor_with(&Grid::filled(board.shape(), Color::Black));
    }
    lit
}
