//! The exact search: a board's tap sets are one particular tap set plus every quiet tap set, a
//! coset of the null space, and the least of it is found for each colour the goal accepts
//! (whole, as one shard of a split sweep, or merged from the shards' parts), the colour with
//! fewer cells to turn over first; past the limit of the search, `past` takes over.

use std::time::Duration;

use crate::solve::kernels::host::Instant;

use super::coset::{self, graycode, symmetry};
use super::past::descent;
use super::{
    DistanceTable, Engine, MergeError, Shard, Solution, Solver, Stage, SweepPart, Symmetry,
    TableRef, lit_cells,
};
use crate::grid::Grid;
use crate::notation::Color;

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

/// The largest nullity a search split into shards takes on (see [`Solver::solve_shard`]): a
/// sweep's coefficients are one 64-bit word.
pub const SHARDED_ENUMERATION_LIMIT: usize = 64;

/// The largest nullity searched in full on a board of `cells` cells.
pub(super) fn search_limit(cells: u64) -> usize {
    if cells > SWEPT_CELLS {
        LARGE_BOARD_ENUMERATION_LIMIT
    } else {
        ENUMERATION_LIMIT
    }
}

/// The largest nullity searched in full, in shards, on a board of `cells` cells: only a sweep
/// is split, and a board past [`SWEPT_CELLS`] is not swept.
pub(super) fn sharded_search_limit(cells: u64) -> usize {
    if cells > SWEPT_CELLS {
        LARGE_BOARD_ENUMERATION_LIMIT
    } else {
        SHARDED_ENUMERATION_LIMIT
    }
}

/// Past this many cells a chased board with a null space of any size is searched by transform
/// over quiet tap sets chased out on the way, not by trying every sum of stored ones: that
/// would hold each quiet tap set whole (nine of them at 10,000 x 10,000 are 112 MB).
pub(super) const STREAMED_SEARCH_CELLS: u64 = 1 << 22;

/// The smallest nullity whose search can have slices enough for symmetries to spare (see
/// `coset::ORBIT_OUTER_BITS`), and whose count `fewest` first tries to prove by the bound.
const SYMMETRY_NULLITY: usize = 22;

impl Solver {
    /// The distance table of a 4x4 puzzle, whose lookups answer a stream of boards by id.
    pub fn distance_table(&self) -> Option<&DistanceTable> {
        self.table.as_ref().map(TableRef::get)
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
        self.solve_within(board, self.search_time, progress)
    }

    /// [`Solver::solve_with_progress`] with `search_time` in place of the solver's own
    /// ([`Solver::set_search_time`]): for callers that share one solver among calls of other
    /// limits.
    pub fn solve_within(
        &self,
        board: &Grid,
        search_time: Option<Duration>,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<Solution> {
        // The 4x4 stream's answers, kept out of the search's long function.
        if let Some(answer) = self.table_answer(board) {
            return answer;
        }
        self.solve_sweeping(board, (search_time, progress), &mut Sweeping::Whole)
            .unwrap_or_else(|_| unreachable!("a whole search merges nothing"))
    }

    /// The answer from the distance table, where the puzzle has one and the board is 4x4.
    #[inline(always)]
    fn table_answer(&self, board: &Grid) -> Option<Option<Solution>> {
        let (Some(table), Some(bits)) = (&self.table, board.bits16()) else {
            return None;
        };
        Some(table.get().solve(bits).map(|(taps, color)| {
            let taps = Grid::from_bits16(taps);
            Solution {
                lower_bound: taps.count(),
                taps,
                color,
                optimal: true,
            }
        }))
    }

    /// One shard's part of the exact searches of `board`: for each colour searched by a sweep,
    /// the fewest taps in the shard's share of the assignments and the keys giving them (see
    /// [`Shard`]). The shards of one count, merged by [`Solver::solve_merged`], give
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
        let _ = self.solve_sweeping(board, (self.search_time, progress), &mut sweeping);
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
        self.solve_sweeping(
            board,
            (self.search_time, progress),
            &mut Sweeping::Merge(parts),
        )
    }

    /// [`Solver::solve_with_progress`] with its sweeps run as `sweeping` says: the colours the
    /// goal accepts, each answered in turn ([`Solver::answer_color`]), the best of them kept.
    fn solve_sweeping(
        &self,
        board: &Grid,
        (search_time, progress): (Option<Duration>, &mut dyn FnMut(Stage, u64, u64)),
        sweeping: &mut Sweeping<'_>,
    ) -> Result<Option<Solution>, MergeError> {
        if let Some(answer) = self.table_answer(board) {
            return Ok(answer);
        }
        // One budget for the board, whichever colours it takes.
        let deadline = search_time.map(|limit| Instant::now() + limit);
        // The sides first: their elimination brings the quiet tap sets along, which the
        // nullity then reads instead of eliminating again.
        let sides = self.sides(board, progress);
        let exact = self.is_searched_in_full(sweeping);
        let mut solutions: Vec<Solution> = Vec::with_capacity(2);
        for side in sides {
            let proven_best = solutions
                .iter()
                .filter(|s| s.optimal)
                .map(Solution::moves)
                .min();
            // A colour whose bound a proven answer already beats needs no search.
            if proven_best.is_some_and(|best| side.bound > best) {
                continue;
            }
            let searching = Searching {
                exact,
                deadline,
                progress: &mut *progress,
                sweeping: &mut *sweeping,
            };
            if let Some(solution) = self.answer_color(side, searching)? {
                solutions.push(solution);
            }
        }
        Ok(solutions.into_iter().reduce(better_color))
    }

    /// Whether every search of this board is exact: every basis the searches walk is whole up
    /// to the search limit (a chased board's is chased out on the way, and one eliminated fits
    /// the memory cap many times over). Shards take on more, where the basis is whole.
    fn is_searched_in_full(&self, sweeping: &Sweeping<'_>) -> bool {
        let exact = match sweeping {
            Sweeping::Whole => self.nullity() <= self.search_limit(),
            Sweeping::Shard(..) | Sweeping::Merge(_) => {
                self.nullity() <= sharded_search_limit(self.puzzle.shape().cells())
                    && self.kept_quiet() == self.nullity()
            }
        };
        debug_assert!(!exact || self.kept_quiet() == self.nullity());
        exact
    }

    /// Each colour the goal accepts with its cells to turn over, a tap set that does it (found
    /// for all colours at once, one elimination) and its counting bound; the colour with fewer
    /// cells to turn over first, so that a proven answer there spares the search of a colour
    /// whose bound it already beats (an all-black board needs no taps to be all black, so its
    /// all-white search is never run).
    pub(super) fn sides(
        &self,
        board: &Grid,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Vec<Side> {
        let colors = self.puzzle.goal().colors();
        let lits: Vec<Grid> = colors.iter().map(|&c| lit_cells(board, c)).collect();
        let particulars = self.particulars_with_progress(&lits, progress);
        let mut sides: Vec<Side> = colors
            .iter()
            .zip(lits)
            .zip(particulars)
            .map(|((&color, lit), taps)| Side {
                bound: self.counting_bound(std::slice::from_ref(&lit)),
                color,
                lit,
                taps,
            })
            .collect();
        sides.sort_by_key(|side| side.bound);
        sides
    }

    /// The answer for one colour: no taps where the board already shows it, none where it
    /// cannot be reached or (in a shard) the shard's share holds nothing, the least of its
    /// coset where that is searched in full, else what `past` finds, with its lower bound.
    fn answer_color(
        &self,
        side: Side,
        searching: Searching<'_, '_>,
    ) -> Result<Option<Solution>, MergeError> {
        let Side {
            color,
            lit,
            taps,
            bound,
        } = side;
        if lit.is_empty() {
            // Already finished in this colour: no taps, whatever the null space.
            return Ok(Some(Solution {
                taps: Grid::new(lit.shape()),
                color,
                optimal: true,
                lower_bound: 0,
            }));
        }
        let Some(taps) = taps else {
            return Ok(None);
        };
        let Searching {
            exact,
            deadline,
            progress,
            sweeping,
        } = searching;
        let (taps, optimal) = if exact {
            let mut part = sweeping.part(color)?;
            let mut searched = |done, total| progress(Stage::Searching(color), done, total);
            // A split search gives the cheap proof no deadline, so that every shard and the
            // merge settle the same boards with it (its work is bounded all the same).
            let proof_deadline = deadline.filter(|_| matches!(sweeping, Sweeping::Whole));
            let found = self.least_in_coset(
                (taps, &lit),
                &mut searched,
                (deadline, proof_deadline),
                &mut part,
            );
            // A shard's sweep is the least of its share only. Without a deadline every share is
            // searched to its end, so a share's proof holds for the merge as well; with one,
            // other shares may be cut short, and the merge then needs every colour this shard
            // would skip (asking to run it again could not help).
            let share_only = deadline.is_some() && matches!(part, coset::Part::Shard(_, Some(_)));
            if let coset::Part::Merge {
                refused: Some(refusal),
                ..
            } = part
            {
                return Err(MergeError::refused(refusal, color));
            }
            sweeping.keep(color, part);
            match found {
                Some((taps, optimal)) => (taps, optimal && !share_only),
                // Nothing in this shard's share.
                None if matches!(sweeping, Sweeping::Shard(..)) => return Ok(None),
                None => return Err(MergeError::Mixed { color }),
            }
        } else {
            self.past_the_search(taps, &lit, bound, deadline)
        };
        let lower_bound = if optimal {
            taps.count()
        } else {
            bound.min(taps.count())
        };
        // An answer that meets the bound is the minimum, however it was found.
        let optimal = optimal || lower_bound == taps.count();
        Ok(Some(Solution {
            taps,
            color,
            optimal,
            lower_bound,
        }))
    }

    /// The least tap set of `taps` plus any quiet tap set: one Walsh-Hadamard transform over
    /// the null space when trying every sum would cost more (a large null space on a large
    /// board), else every sum in Gray-code order. Both are exact and agree (the tests check).
    ///
    /// A proof by information sets comes first, until `proof_deadline`, in one run and in each
    /// shard alike: a board it settles is answered whole by every shard and by the merge, none
    /// of them sweeping. `part` says which assignments a sweep tries (see [`coset::Part`]);
    /// `None` when it gives the search none.
    fn least_in_coset(
        &self,
        (taps, lit): (Grid, &Grid),
        progress: &mut dyn FnMut(u64, u64),
        (deadline, proof_deadline): (Option<Instant>, Option<Instant>),
        part: &mut coset::Part,
    ) -> Option<(Grid, bool)> {
        // Where the shards swept, the proof settled nothing for them.
        if !matches!(part, coset::Part::Merge { .. })
            && let Some(least) = self.least_by_information_sets(&taps, lit, proof_deadline)
        {
            return Some((least, true));
        }
        let streamed = matches!(self.engine, Engine::Chase(_))
            && self.nullity() > 0
            && self.puzzle.shape().cells() > STREAMED_SEARCH_CELLS;
        if coset::transform_pays(self.kept_quiet(), taps.words().len()) || streamed {
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
    pub(super) fn symmetries_keeping(&self, lit: &Grid) -> Vec<Symmetry> {
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
    pub(super) fn coset_index(&self) -> &coset::CosetIndex {
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
    pub(super) fn counting_bound(&self, lits: &[Grid]) -> u64 {
        let widest = *self.widest_tap.get_or_init(|| self.puzzle.widest_tap());
        lits.iter()
            .map(|lit| lit.count().div_ceil(widest.max(1)))
            .min()
            .unwrap_or(0)
    }
}

/// One colour a board may finish in, before its search.
pub(super) struct Side {
    /// The colour.
    pub(super) color: Color,
    /// The cells to turn over an odd number of times.
    lit: Grid,
    /// A tap set that does it, or `None` when no taps can.
    pub(super) taps: Option<Grid>,
    /// No fewer taps turn over `lit` (see [`Solver::counting_bound`]).
    bound: u64,
}

/// How one colour's search runs: whether in full, until when, whom it tells how far it is, and
/// which part of a split sweep it does.
struct Searching<'p, 's> {
    exact: bool,
    deadline: Option<Instant>,
    progress: &'p mut dyn FnMut(Stage, u64, u64),
    sweeping: &'p mut Sweeping<'s>,
}

/// The better of two colours' answers (fewer taps, then the least tap set), proven when nothing
/// can beat it: no taps at all, or both colours' minimums known.
fn better_color(a: Solution, b: Solution) -> Solution {
    let better = match a.moves().cmp(&b.moves()) {
        std::cmp::Ordering::Equal => a.taps.cmp_lexicographic(&b.taps).is_le(),
        order => order.is_lt(),
    };
    let lower_bound = a.lower_bound.min(b.lower_bound);
    let best = if better { a } else { b };
    Solution {
        optimal: lower_bound == best.moves(),
        lower_bound,
        ..best
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
        let parts = parts
            .iter()
            .map(|part| coset::sweep::Found {
                best: part
                    .best
                    .map(|(taps, key)| (i64::try_from(taps).unwrap_or(i64::MAX), key)),
                ties: part.ties.clone(),
                complete: part.complete,
            })
            .collect();
        Ok(coset::Part::Merge {
            orbits,
            parts,
            refused: None,
        })
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
