//! Past the exact limit: where the null space is too large to search in full, a good tap set
//! and, where it pays, a proof that it is the least.

pub mod decode;
pub mod descent;
pub mod fixed;

use crate::solve::kernels::host::{self, Instant};

use super::coset::{self, graycode, symmetry, transform_pays};
use super::quiet::QuietTaps;
use super::{Engine, Solver, Symmetry};
use crate::grid::Grid;

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

impl Solver {
    /// The quiet tap sets the greedy descent tries, one at a time: a large board's are chased
    /// out when their turn comes rather than held all at once, and no more of them than
    /// [`GREEDY_CELLS`] allows.
    pub(super) fn greedy_quiet_taps(&self) -> Box<dyn QuietTaps + '_> {
        match (&self.engine, self.taps_basis.get()) {
            (Engine::Chase(chase), None) => {
                let cells = self.puzzle.shape().cells();
                let affordable = usize::try_from(GREEDY_CELLS / cells).unwrap_or(usize::MAX);
                Box::new(chase.quiet_taps(self.keep().min(affordable.max(1))))
            }
            _ => Box::new(self.quiet_tap_basis()),
        }
    }

    /// A good tap set when the null space is too large to search: the transform over the last
    /// quiet tap sets for each assignment of the others that a descent tries (where the index
    /// fits: at most 64 quiet tap sets, boards up to a million cells), then single quiet tap sets
    /// added while they lower the count.
    pub(super) fn improve(&self, taps: Grid) -> Grid {
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
    pub(super) fn past_the_search(
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
    pub(super) fn least_symmetric(
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
            if best.count() <= floor || host::past(deadline) {
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
    pub(super) fn least_by_information_sets(
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
}
