//! The coset index: the quiet tap sets reduced to pivots with every cell's pattern, for the
//! least tap set of a coset by one transform ([`CosetIndex::least`]), by a sweep of many
//! ([`sweep`]), by a split of the coefficients, or by a descent over them past the exact
//! limit.

pub mod graycode;
pub mod shard;
pub mod sweep;
pub mod symmetry;

use crate::solve::kernels::host::{self, Instant};

use crate::grid::{Grid, Shape};

use super::quiet::QuietBasis;
use crate::solve::kernels::avx2::avx2_dispatch;
use crate::solve::kernels::hadamard::transform;
use shard::Shard;
use sweep::{Found, Sweep};
use symmetry::{Orbits, Symmetry};

/// The quiet tap sets prepared for [`CosetIndex::least`]: reduced so each has a first cell (its
/// pivot) that no other has, in order of those cells, and, for every cell some quiet tap set
/// touches, which of them do (its *pattern*, one bit per basis vector, the first vector's the
/// highest). Computed once per puzzle; boards then cost one pass over those cells.
pub(crate) struct CosetIndex {
    basis: Box<dyn QuietBasis>,
    /// Word index and bit of each basis vector's pivot.
    pivots: Vec<(usize, u64)>,
    /// Word index, bit shift and pattern of every cell whose pattern is not 0, kept on boards of
    /// up to [`STORED_PATTERN_CELLS`] cells; on larger ones (16 bytes a cell is 128 copies of
    /// the board) they are worked out from the basis, a word at a time, on every pass.
    touched: Option<Vec<(u32, u8, u64)>>,
}

impl CosetIndex {
    /// The index of the coset search over `basis`, quiet tap sets of boards with `cells` cells
    /// (at most 64 vectors), which it keeps (reduced).
    pub(crate) fn new(basis: Vec<Grid>, cells: u64) -> CosetIndex {
        CosetIndex::with_stored_patterns(basis, cells <= STORED_PATTERN_CELLS)
    }

    /// The index over a chased basis, kept as first rows: on a large board every pass chases
    /// the quiet tap sets out again, row by row, in place of holding them.
    pub(crate) fn chased(basis: impl QuietBasis + 'static, cells: u64) -> CosetIndex {
        CosetIndex::from_basis(Box::new(basis), cells <= STORED_PATTERN_CELLS)
    }

    fn with_stored_patterns(basis: Vec<Grid>, stored: bool) -> CosetIndex {
        CosetIndex::from_basis(Box::new(basis), stored)
    }

    fn from_basis(mut basis: Box<dyn QuietBasis>, stored: bool) -> CosetIndex {
        let pivots = basis.reduce_to_pivots();
        let mut index = CosetIndex {
            basis,
            pivots,
            touched: None,
        };
        if stored {
            let mut touched = Vec::new();
            index.each_touched(|word, shift, pattern| touched.push((word, shift, pattern)));
            index.touched = Some(touched);
        }
        index
    }

    /// How many quiet tap sets, once reduced.
    fn len(&self) -> usize {
        self.basis.len()
    }

    /// Shows `visit` the word index, bit shift and pattern of every cell whose pattern is not 0,
    /// in row-major order.
    fn each_touched(&self, mut visit: impl FnMut(u32, u8, u64)) {
        if let Some(touched) = &self.touched {
            for &(word, shift, pattern) in touched {
                visit(word, shift, pattern);
            }
            return;
        }
        let count = self.len();
        // The patterns of one word's 64 cells, by bit shift.
        let mut patterns = [0u64; 64];
        self.basis.each_word(&mut |word, vectors| {
            let mut any = 0u64;
            for (index, &vector) in vectors.iter().enumerate() {
                let flag = 1u64 << (count - 1 - index);
                let mut rest = vector;
                any |= rest;
                while rest != 0 {
                    patterns[rest.trailing_zeros() as usize] |= flag;
                    rest &= rest - 1;
                }
            }
            // Highest bit first: the first cell of the word first.
            while any != 0 {
                let shift = 63 - any.leading_zeros() as usize;
                visit(word as u32, shift as u8, patterns[shift]);
                patterns[shift] = 0;
                any &= !(1u64 << shift);
            }
        });
    }

    /// [`CosetIndex::least_part`] over every assignment.
    #[cfg(test)]
    pub(crate) fn least(
        &self,
        taps: Grid,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
        symmetries: Option<(Shape, &dyn Fn() -> Vec<Symmetry>)>,
    ) -> (Grid, bool) {
        self.least_part(taps, progress, deadline, symmetries, &mut Part::Whole)
            .unwrap_or_else(|| unreachable!("a whole search tries at least one assignment"))
    }

    /// The least tap set (fewest taps, then lexicographically least) of `taps` plus any sum of
    /// the quiet tap sets, the same answer as [`graycode::least_in_coset`] without trying the sums
    /// one by one.
    ///
    /// Adding the sum with coefficients `a` turns a cell over when its pattern `p` has
    /// `a . p` odd, so the count of taps is `N1 + (S - W[a]) / 2`, where `N1` is the count of
    /// `taps`, `S` the sum over cells of `s = 1 - 2 * taps[cell]`, and `W` the Walsh-Hadamard
    /// transform of `d[p]` = the sum of `s` over the cells of pattern `p`. One transform gives
    /// the count for every `a` in `k 2^k` additions. Among the fewest, the lexicographically
    /// least tap set is the one whose pivot cells are earliest 0: since no other vector touches a
    /// pivot and none touches a cell before its own pivot, two sums first differ at the pivot of
    /// the first coefficient where they differ, and there the tap set is `taps[pivot] ^ a_i`.
    ///
    /// Past [`INNER_BITS`] vectors one transform would not fit in memory: the coefficients of
    /// the first vectors are then tried one assignment at a time (each a transform over the
    /// rest), and `progress` hears how many of those assignments are done.
    ///
    /// Past `deadline` (checked between assignments, after the first) the search stops with the
    /// best tap set so far; the flag says whether every assignment was tried.
    ///
    /// `symmetries` (of a board of the given shape) each keep the puzzle's taps and the cells
    /// to turn over: where the search has many slices it searches one an orbit (see
    /// [`symmetry`]).
    ///
    /// A sweep tries the assignments `part` gives it (see [`Part`]); `None` where that is
    /// none (a shard past the last assignment), or where a merge's parts were searched over
    /// orbits this board does not have. A search that is not a sweep is always done whole.
    pub(crate) fn least_part(
        &self,
        taps: Grid,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
        symmetries: Option<(Shape, &dyn Fn() -> Vec<Symmetry>)>,
        part: &mut Part,
    ) -> Option<(Grid, bool)> {
        if let Some(touched) = &self.touched
            && self.len() >= sweep::LEAST_INNER_BITS
        {
            let count = self.len();
            let inner = sweep_inner_bits(touched.len(), count);
            // Eight times fewer slices save little where there are few.
            let symmetries = symmetries
                .filter(|_| count - inner >= ORBIT_OUTER_BITS)
                .map(|(shape, symmetries)| (shape, symmetries()));
            let symmetries = symmetries.as_ref().map(|(shape, s)| (*shape, s.as_slice()));
            return self.sweep(taps, inner, symmetries, progress, deadline, part);
        }
        Some(self.least_split(taps, INNER_BITS, progress, deadline))
    }

    /// [`CosetIndex::least_part`] by a sweep with `inner` coefficients to each transform (or a
    /// few fewer, for the orbits of the board's `symmetries` where it has any).
    pub(super) fn sweep(
        &self,
        taps: Grid,
        inner: usize,
        symmetries: Option<(Shape, &[Symmetry])>,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
        part: &mut Part,
    ) -> Option<(Grid, bool)> {
        let Some(touched) = &self.touched else {
            unreachable!("a sweep needs every cell's pattern");
        };
        let count = self.len();
        let words = taps.words();
        let tapped = |word: u32, shift: u8| (words[word as usize] >> shift) & 1 == 1;
        let flip = self.flip_of(&taps);
        let threads = host::threads();
        if let Some((shape, symmetries)) = symmetries
            && !symmetries.is_empty()
            && !matches!(part, Part::Merge { orbits: false, .. })
            && let Some(orbits) = self.orbits(shape, symmetries, &taps, inner)
        {
            let cells = touched
                .iter()
                .map(|&(word, shift, pattern)| (orbits.pattern(pattern), tapped(word, shift)));
            let search = Sweep::new(cells, count, orbits.inner(), 0, taps.count());
            let found = match part {
                Part::Whole => search.least_over_orbits(&orbits, threads, progress, deadline, None),
                Part::Shard(shard, kept) => {
                    let found = search.least_over_orbits(
                        &orbits,
                        threads,
                        progress,
                        deadline,
                        Some(*shard),
                    );
                    *kept = found.clone().map(|found| (true, found));
                    found
                }
                Part::Merge { parts, refused, .. } => {
                    let recount = |key| self.recount(&taps, orbits.coefficients(key));
                    // A share holds a slice searched when some slice of it is least in its orbit.
                    let searches = |shard: Shard| {
                        shard
                            .range(search.assignments())
                            .any(|outer| orbits.is_least(outer))
                    };
                    match recounted(parts, recount, searches, true) {
                        Ok(found) => Some(found),
                        Err(refusal) => {
                            *refused = Some(refusal);
                            return None;
                        }
                    }
                }
            };
            // Too many ties to keep: the search without the orbits below.
            if let Some(found) = found {
                found.best?;
                let key = orbits.least_key(&found.ties, flip);
                let mut taps = taps;
                self.basis.add_sum(&mut taps, key ^ flip);
                return Some((taps, found.complete));
            }
        }
        if matches!(part, Part::Merge { orbits: true, .. }) {
            return None;
        }
        let cells = touched
            .iter()
            .map(|&(word, shift, pattern)| (pattern, tapped(word, shift)));
        let search = Sweep::new(cells, count, inner, flip, taps.count());
        let found = match part {
            Part::Whole => search.least(threads, progress, deadline, None),
            Part::Shard(shard, kept) => {
                let found = search.least(threads, progress, deadline, Some(*shard));
                *kept = Some((false, found.clone()));
                found
            }
            Part::Merge { parts, refused, .. } => {
                let recount = |key| self.recount(&taps, key ^ flip);
                let searches = |shard: Shard| !shard.range(search.assignments()).is_empty();
                match recounted(parts, recount, searches, false) {
                    Ok(found) => found,
                    Err(refusal) => {
                        *refused = Some(refusal);
                        return None;
                    }
                }
            }
        };
        let (_, key) = found.best?;
        let mut taps = taps;
        self.basis.add_sum(&mut taps, key ^ flip);
        Some((taps, found.complete))
    }

    /// The taps of `taps` plus the quiet tap sets of `coefficients`: what a shard's key
    /// really gives.
    fn recount(&self, taps: &Grid, coefficients: u64) -> u64 {
        let mut taps = taps.clone();
        self.basis.add_sum(&mut taps, coefficients);
        taps.count()
    }

    /// The orbits of the coset of `taps` (a board of `shape`) under `symmetries`, in
    /// coordinates whose `inner` lowest (or a few fewer) the group keeps among themselves.
    fn orbits(
        &self,
        shape: Shape,
        symmetries: &[Symmetry],
        taps: &Grid,
        inner: usize,
    ) -> Option<Orbits> {
        let touched = self.touched.as_ref()?;
        let per_row = shape.words_per_row();
        let cell = |word: usize, bit: u64| {
            let column = (word % per_row) * 64 + bit.leading_zeros() as usize;
            (word / per_row, column)
        };
        let cols = shape.cols() as usize;
        let mut patterns = vec![0u64; shape.cells() as usize];
        for &(word, shift, pattern) in touched {
            let (row, col) = cell(word as usize, 1 << shift);
            patterns[row * cols + col] = pattern;
        }
        let pivots: Vec<(usize, usize)> = self
            .pivots
            .iter()
            .map(|&(word, bit)| cell(word, bit))
            .collect();
        Orbits::new(
            shape,
            symmetries,
            self.len(),
            &pivots,
            |row, col| patterns[row * cols + col],
            |row, col| taps.get(row, col),
            inner.saturating_sub(3).max(sweep::LEAST_INNER_BITS)..=inner,
        )
    }

    /// A tap set's bits at the pivots, as coefficients (the first vector's the highest).
    fn flip_of(&self, taps: &Grid) -> u64 {
        let count = self.len();
        let words = taps.words();
        let mut flip = 0u64;
        for (position, &(word, bit)) in self.pivots.iter().enumerate() {
            if words[word] & bit != 0 {
                flip |= 1 << (count - 1 - position);
            }
        }
        flip
    }

    fn least_split(
        &self,
        taps: Grid,
        inner_bits: usize,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
    ) -> (Grid, bool) {
        let mut search = Split::new(self, &taps, inner_bits);
        let assignments = 1u64 << search.outer;
        progress(0, assignments);
        // The fewest taps and the least key (coefficients ^ flip) among them.
        let mut best: Option<(i64, u64)> = None;
        let mut complete = true;
        for prefix in 0..assignments {
            if prefix > 0 && host::past(deadline) {
                complete = false;
                break;
            }
            let found = search.evaluate(prefix);
            // Keys of different prefixes differ, so the least is never a tie.
            best = Some(best.map_or(found, |least| least.min(found)));
            progress(prefix + 1, assignments);
        }
        let key = best.map_or(0, |(_, key)| key);
        (search.apply(taps, key), complete)
    }

    /// A good tap set when the null space is too large to search in full: the coefficients of
    /// the last `inner_bits` quiet tap sets exact (one transform) for an assignment of the
    /// others, which a descent changes one coefficient at a time while that lowers the count.
    pub(crate) fn improve(&self, taps: Grid, inner_bits: usize) -> Grid {
        let mut search = Split::new(self, &taps, inner_bits);
        let mut prefix = 0;
        let mut best = search.evaluate(prefix);
        loop {
            let mut improved = false;
            for bit in 0..search.outer {
                let candidate = prefix ^ (1 << bit);
                let found = search.evaluate(candidate);
                if found.0 < best.0 {
                    (prefix, best, improved) = (candidate, found, true);
                }
            }
            if !improved {
                return search.apply(taps, best.1);
            }
        }
    }
}

/// Which assignments of a sweep one search tries, and what becomes of what it finds.
pub(crate) enum Part {
    /// Every assignment.
    Whole,
    /// One shard's run of them; what it finds is kept here, with whether it used orbits.
    Shard(Shard, Option<(bool, Found)>),
    /// None: what the shards found (over orbits or not), recounted from their keys and then
    /// put together; a part whose counts its keys do not give is refused here.
    Merge {
        /// Whether the shards searched over orbits.
        orbits: bool,
        /// Each shard's part, in order of the shards.
        parts: Vec<Found>,
        /// The first part whose keys do not give what it says, once the merge has looked.
        refused: Option<Refusal>,
    },
}

/// Why a shard's part cannot be trusted: the merge recounts every key a part gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// A key of shard `shard` gives `counted` taps where its part says `claimed`.
    Miscounted {
        /// The shard, from 1.
        shard: u32,
        /// The taps the part says.
        claimed: u64,
        /// The taps its key gives.
        counted: u64,
    },
    /// Shard `shard` found nothing (or, over orbits, no key of its fewest), though its share
    /// holds assignments its search looked at.
    Unfound {
        /// The shard, from 1.
        shard: u32,
    },
}

/// The shards' `parts` put together, once every key each gives is recounted (`recount`: the
/// taps a key gives) and every part that found nothing has a share with nothing to search
/// (`searches`: whether a shard's share holds some); `orbits` parts must give a key for each
/// count. A part edited or damaged after its shard wrote it is refused, never merged.
fn recounted(
    parts: &[Found],
    recount: impl Fn(u64) -> u64,
    searches: impl Fn(Shard) -> bool,
    orbits: bool,
) -> Result<Found, Refusal> {
    let count = parts.len() as u32;
    for (shard, part) in (1..=count).zip(parts) {
        match part.best {
            Some((claimed, key)) => {
                if orbits && part.ties.is_empty() {
                    return Err(Refusal::Unfound { shard });
                }
                // A count is never negative: one read as such is the largest there is.
                let claimed = u64::try_from(claimed).unwrap_or(u64::MAX);
                for key in std::iter::once(key).chain(part.ties.iter().copied()) {
                    let counted = recount(key);
                    if counted != claimed {
                        return Err(Refusal::Miscounted {
                            shard,
                            claimed,
                            counted,
                        });
                    }
                }
            }
            None => {
                let share = Shard::new(shard, count).expect("a shard of the merge's count");
                if part.complete && searches(share) {
                    return Err(Refusal::Unfound { shard });
                }
            }
        }
    }
    Ok(Found::merge(parts.iter().cloned()))
}

/// One search over a coset split in two: the coefficients of the first `outer` basis vectors
/// are given, the `inner` others found by one transform.
struct Split<'a> {
    index: &'a CosetIndex,
    words: Vec<u64>,
    /// The tap set's bits at the pivots, as coefficients (the first vector's the highest).
    flip: u64,
    lit: i64,
    inner: usize,
    outer: usize,
    sums: Vec<i32>,
}

impl<'a> Split<'a> {
    fn new(index: &'a CosetIndex, taps: &Grid, inner_bits: usize) -> Split<'a> {
        let count = index.len();
        // 2^inner sums are held at once: never more than 2^30.
        let inner = count.min(inner_bits).min(30);
        Split {
            index,
            words: taps.words().to_vec(),
            flip: index.flip_of(taps),
            lit: taps.count() as i64,
            inner,
            outer: count - inner,
            sums: vec![0i32; 1 << inner],
        }
    }

    /// The fewest taps with the outer coefficients `prefix`, and the least key (coefficients ^
    /// flip) that gives them.
    fn evaluate(&mut self, prefix: u64) -> (i64, u64) {
        let inner = self.inner;
        let inner_mask = (1u64 << inner) - 1;
        self.sums.fill(0);
        let (mut touched_sum, mut lit_now) = (0i64, self.lit);
        let (words, sums) = (&self.words, &mut self.sums);
        self.index.each_touched(|word, shift, pattern| {
            let before = (words[word as usize] >> shift) & 1;
            let turned = u64::from(((pattern >> inner) & prefix).count_ones() & 1);
            let now = before ^ turned;
            lit_now += now as i64 - before as i64;
            let sign = 1 - 2 * now as i32;
            sums[(pattern & inner_mask) as usize] += sign;
            touched_sum += i64::from(sign);
        });
        // The cells no quiet tap set touches never change, and would add the same to every
        // value: left out, they change no choice, and `lit_now` counts them. A value is then
        // the touched cells' sum of signs, `touched_sum` with no coefficient.
        transform(&mut self.sums);
        let inner_flip = (self.flip & inner_mask) as usize;
        let (value, coefficients) = best_coefficients(&self.sums, inner_flip);
        let taps = lit_now + (touched_sum - i64::from(value)) / 2;
        let high = if inner == 64 {
            0
        } else {
            (prefix ^ (self.flip >> inner)) << inner
        };
        // `high` holds only the bits above the inner ones.
        (taps, high | (coefficients ^ inner_flip) as u64)
    }

    /// `taps` plus the basis vectors the key (coefficients ^ flip) chooses.
    fn apply(&self, mut taps: Grid, key: u64) -> Grid {
        self.index.basis.add_sum(&mut taps, key ^ self.flip);
        taps
    }
}

/// The inner coefficients of a sweep over `count` with `touched` cells: enough that visiting
/// the cells again for each outer assignment costs little beside the transform (64 values or
/// more a cell: 2^14 took three times as long as 2^18 on 61x61), no more than the null space,
/// and within the cache.
fn sweep_inner_bits(touched: usize, count: usize) -> usize {
    let wanted = (touched.max(1) * 64).next_power_of_two().trailing_zeros() as usize;
    wanted
        .clamp(SWEEP_INNER_BITS, sweep::MOST_INNER_BITS)
        .min(count)
}

/// The fewest outer coefficients for which the symmetries are worth working out: 256 slices
/// (a tenth of a second on 39x39) where eight times fewer save little.
const ORBIT_OUTER_BITS: usize = 8;

/// The fewest inner coefficients of a sweep where the null space allows: 2^14 values.
const SWEEP_INNER_BITS: usize = 14;

/// The most quiet tap sets one transform covers (2^24 sums, 64 MiB); past it, the first ones
/// are tried one assignment at a time.
pub(crate) const INNER_BITS: usize = 24;

/// Whether the transform search costs less than trying every sum (about `nullity + 2` against
/// `words` operations a sum), or is the only one that fits (past one transform's size the sums
/// are too many to try one by one).
pub(in crate::solve) fn transform_pays(nullity: usize, words: usize) -> bool {
    let inner = nullity.min(INNER_BITS);
    (nullity >= TRANSFORM_NULLITY && words > inner + 2) || nullity > INNER_BITS
}

/// The smallest nullity searched by transform rather than by trying every quiet tap set.
pub(in crate::solve) const TRANSFORM_NULLITY: usize = 10;

avx2_dispatch! {
    /// The coefficients with the largest transform value (the fewest taps), ties to the least
    /// `a ^ flip`; and that value. AVX2 has the vector maximum of 32-bit values.
    fn best_coefficients(sums: &[i32], flip: usize) -> (i32, usize) = best_coefficients_inline;
}

#[inline(always)]
fn best_coefficients_inline(sums: &[i32], flip: usize) -> (i32, usize) {
    // One sweep of vector maxima a chunk; only a chunk that reaches the largest value so far is
    // looked at again, value by value, while it is still in the cache.
    const CHUNK: usize = 4096;
    let (mut most, mut key) = (i32::MIN, usize::MAX);
    for (index, chunk) in sums.chunks(CHUNK).enumerate() {
        let local = chunk.iter().copied().max().unwrap_or(i32::MIN);
        if local < most {
            continue;
        }
        if local > most {
            (most, key) = (local, usize::MAX);
        }
        for (offset, &value) in chunk.iter().enumerate() {
            if value == most {
                key = key.min((index * CHUNK + offset) ^ flip);
            }
        }
    }
    (most, key ^ flip)
}

/// The most cells of a board whose cells' patterns a [`CosetIndex`] keeps (16 bytes each): a
/// 2048x2048 board's.
pub(crate) const STORED_PATTERN_CELLS: u64 = 1 << 22;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::solve::tests::grid_of as grid;
    use graycode::least_in_coset;
    use proptest::prelude::*;

    /// The descent over the outer coefficients turns one back when that lowers the count: on
    /// one row of nine, with the reduced basis P = cells 1, 5-9 and Q = cells 2-6, from the
    /// taps at 1, 2, 5-9 it turns Q (6 taps), then P (4: Q + P), then Q back: P alone leaves one
    /// tap, the fewest of the four tap sets of the coset (tried in full). A descent that could
    /// only add quiet tap sets would stop at four.
    #[test]
    fn the_descent_turns_a_coefficient_back_when_that_lowers_the_count() {
        let shape = Shape::new(1, 9).unwrap();
        let bits = |text: &str| -> Vec<bool> { text.chars().map(|c| c == '1').collect() };
        let (p, q) = (
            grid(shape, &bits("100011111")),
            grid(shape, &bits("011111000")),
        );
        let taps = grid(shape, &bits("110011111"));
        let index = CosetIndex::new(vec![p.clone(), q.clone()], 9);
        // The basis is reduced already: each pivot (first cell) is in its own vector only.
        assert_eq!(index.len(), 2);
        let mut coset = Vec::new();
        for (with_p, with_q) in [(false, false), (false, true), (true, true), (true, false)] {
            let mut sum = taps.clone();
            if with_p {
                sum.xor_with(&p);
            }
            if with_q {
                sum.xor_with(&q);
            }
            coset.push(sum);
        }
        let counts: Vec<u64> = coset.iter().map(Grid::count).collect();
        assert_eq!(counts, [7, 6, 4, 1]);
        assert_eq!(index.improve(taps, 0), coset[3]);
    }

    /// An index over first rows, chased out on every walk, sees the same cells with the same
    /// patterns and finds the same tap sets as one over the whole quiet tap sets, under every
    /// chased rule, on boards one word wide and several.
    #[test]
    fn a_chased_index_agrees_with_one_over_stored_quiet_tap_sets() {
        use crate::puzzle::{Goal, test_puzzle};
        use crate::solve::engines::chase::Chase;
        let cases = [
            ("plus", 4, 4),
            ("plus", 9, 9),
            ("plus", 19, 19),
            ("plus", 4, 69),
            ("plus", 4, 134),
            ("sigma", 6, 6),
            ("010/111/101", 11, 11),
            ("00100/11111/01010", 6, 6),
            ("00100/11111/01010", 3, 130),
        ];
        let mut wide = 0;
        for (rule, rows, cols) in cases {
            let puzzle = test_puzzle(rows, cols, rule, false, Goal::Either);
            let chase = Chase::new(&puzzle).unwrap();
            let label = format!("{rule} {rows}x{cols}");
            assert!(
                (1..=20).contains(&chase.nullity()),
                "{label}: {}",
                chase.nullity()
            );
            let shape = puzzle.shape();
            wide += usize::from(shape.words_per_row() > 1);
            let cells = shape.cells();
            let stored = CosetIndex::with_stored_patterns(chase.quiet_basis(64), false);
            let chased = CosetIndex::from_basis(Box::new(chase.chased_basis()), false);
            assert_eq!(chased.pivots, stored.pivots, "{label}");
            let walk = |index: &CosetIndex| {
                let mut seen = Vec::new();
                index.each_touched(|word, shift, pattern| seen.push((word, shift, pattern)));
                seen
            };
            assert_eq!(walk(&chased), walk(&stored), "{label}");
            let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ cells;
            for _ in 0..4 {
                let mut taps = Grid::new(shape);
                for row in 0..rows as usize {
                    for col in 0..cols as usize {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        taps.set(row, col, state.is_multiple_of(3));
                    }
                }
                let expected = least_in_coset(taps.clone(), &chase.quiet_basis(64));
                // Three outer coefficients tried one assignment at a time, and none.
                for inner in [chased.len().saturating_sub(3), 24] {
                    let (found, complete) =
                        chased.least_split(taps.clone(), inner, &mut |_, _| {}, None);
                    assert!(complete);
                    assert_eq!(found, expected, "{label}, {inner} inner");
                }
                assert_eq!(chased.improve(taps.clone(), 64), expected, "{label}");
                // With two inner coefficients the rest is a descent: it ends where turning any
                // one outer coefficient round does no better, and a split counts the taps of
                // the tap set itself.
                let descended = chased.improve(taps.clone(), 2);
                let mut around = Split::new(&chased, &descended, 2);
                let here = around.evaluate(0).0;
                assert_eq!(here, descended.count() as i64, "{label}");
                for bit in 0..around.outer {
                    assert!(around.evaluate(1 << bit).0 >= here, "{label}, bit {bit}");
                }
            }
        }
        assert!(wide >= 3);
    }

    /// The best value and its least key come out as one scan of every value gives, with the
    /// largest value first met, met again and beaten in later chunks, and ties across chunks.
    #[test]
    fn the_best_coefficients_agree_with_one_scan() {
        for (length, spread, flip) in [
            (1, 1, 0),
            (5000, 3, 1),
            (1 << 15, 40, 0x5a5a),
            (1 << 15, 2, 0x7fff),
        ] {
            let sums: Vec<i32> = (0..length as i64)
                .map(|n| ((n * 2_654_435_761) % 1_000_003 % spread) as i32)
                .collect();
            let mut expected = (i32::MIN, usize::MAX);
            for (coefficients, &value) in sums.iter().enumerate() {
                let key = coefficients ^ flip;
                if value > expected.0 || (value == expected.0 && key < expected.1) {
                    expected = (value, key);
                }
            }
            let found = best_coefficients(&sums, flip);
            assert_eq!(
                found,
                (expected.0, expected.1 ^ flip),
                "{length} {spread} {flip}"
            );
        }
        // A larger value in a later chunk beats an earlier key of a smaller one.
        let mut sums = vec![0; 3 * 4096];
        (sums[10], sums[5000], sums[9000]) = (5, 7, 7);
        assert_eq!(best_coefficients(&sums, 0), (7, 5000));
        // A tie in a later chunk whose key is less once flipped wins.
        assert_eq!(best_coefficients(&sums, 0x2000), (7, 9000));
    }

    /// The all-on square keeps all eight of the square's symmetries, and the orbits of its
    /// coset are found, in one row word (39x39) and across two (67x67): about an eighth of the
    /// slices are searched.
    #[test]
    fn the_orbits_of_a_symmetric_board_are_found_across_row_words() {
        use crate::notation::Color;
        use crate::puzzle::{Goal, Puzzle};
        // The all-on n x n board to make all white: its puzzle, solver and a tap set.
        let all_on = |n: u32| {
            let puzzle = Puzzle::plus(Shape::new(n, n).unwrap(), Goal::White);
            let solver = crate::solve::Solver::new(puzzle.clone()).unwrap();
            let lit = Grid::filled(puzzle.shape(), Color::Black);
            let taps = solver
                .particulars(std::slice::from_ref(&lit))
                .pop()
                .unwrap()
                .unwrap();
            (puzzle, solver, taps)
        };
        for n in [39, 67] {
            let (puzzle, solver, taps) = all_on(n);
            assert_eq!(solver.nullity(), 32);
            let symmetries = symmetry::puzzle_symmetries(&puzzle);
            assert_eq!(symmetries.len(), 7);
            let orbits = solver
                .coset_index()
                .orbits(puzzle.shape(), &symmetries, &taps, 18)
                .expect("orbits");
            let outer = 32 - orbits.inner();
            assert!(outer >= 14, "{n}: {outer}");
            let least = (0..1u64 << outer)
                .filter(|&slice| orbits.is_least(slice))
                .count();
            assert!(
                least * 8 >= 1 << outer && least * 6 < 1 << outer,
                "{n}: {least}"
            );
            assert_eq!(orbits.slices(), least as u64, "{n}");
        }
        // The search's progress counts slices searched, and ends at its total: not at the
        // slices' eighth a count of every slice would stop at.
        let (puzzle, solver, taps) = all_on(39);
        let symmetries = || symmetry::puzzle_symmetries(&puzzle);
        let mut heard = Vec::new();
        let (_, complete) = solver.coset_index().least(
            taps,
            &mut |done, total| heard.push((done, total)),
            None,
            Some((puzzle.shape(), &symmetries)),
        );
        assert!(complete);
        let &(done, total) = heard.last().unwrap();
        assert_eq!(done, total);
        assert!(!total.is_power_of_two(), "{total}");
        assert!(
            heard
                .windows(2)
                .all(|pair| pair[0].0 <= pair[1].0 && pair[0].1 == total)
        );
    }

    /// A sweep's transforms take about 64 values a touched cell (61x61 ran three times faster
    /// at 2^18 than at 2^14), within the bounds of the cache and of the null space.
    #[test]
    fn a_sweep_gives_its_transforms_64_values_a_touched_cell() {
        assert_eq!(sweep_inner_bits(3721, 40), 18);
        assert_eq!(sweep_inner_bits(4096, 40), 18);
        assert_eq!(sweep_inner_bits(4097, 40), 19);
        assert_eq!(sweep_inner_bits(0, 40), SWEEP_INNER_BITS);
        assert_eq!(sweep_inner_bits(100, 40), SWEEP_INNER_BITS);
        assert_eq!(sweep_inner_bits(1 << 20, 40), sweep::MOST_INNER_BITS);
        assert_eq!(sweep_inner_bits(3721, 17), 17);
        assert_eq!(sweep_inner_bits(3721, 9), 9);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The transform finds the same least tap set as trying every sum, on random cosets
        /// (bases with dependent and repeated vectors, empty vectors, boards wider than a word,
        /// and many ties).
        #[test]
        fn the_transform_agrees_with_trying_every_sum(
            rows in 1u32..5,
            cols in prop_oneof![1u32..9, 60u32..70],
            seeds in prop::collection::vec(any::<u64>(), 0..11),
            taps_seed in any::<u64>(),
            sparse in any::<bool>(),
        ) {
            let shape = Shape::new(rows, cols).unwrap();
            let cells = (rows * cols) as usize;
            let bits_of = |seed: u64| -> Vec<bool> {
                let mut state = seed | 1;
                (0..cells)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        if sparse { state.is_multiple_of(5) } else { state.is_multiple_of(2) }
                    })
                    .collect()
            };
            let quiet: Vec<Grid> = seeds.iter().map(|&s| grid(shape, &bits_of(s))).collect();
            let taps = grid(shape, &bits_of(taps_seed));
            let index = CosetIndex::new(quiet.clone(), shape.cells());
            let slow = least_in_coset(taps.clone(), &quiet);
            // Patterns worked out from the basis on every pass, as on large boards: the same
            // cells, patterns and order as those kept, so the same searches.
            let streamed = CosetIndex::with_stored_patterns(quiet.clone(), false);
            prop_assert!(streamed.touched.is_none());
            let mut seen = Vec::new();
            streamed.each_touched(|word, shift, pattern| seen.push((word, shift, pattern)));
            prop_assert_eq!(Some(&seen), index.touched.as_ref());
            prop_assert_eq!(&streamed.least(taps.clone(), &mut |_, _| {}, None, None).0, &slow);
            // One transform, and the first vectors tried one assignment at a time.
            let mut calls = 0;
            let (fast, complete) = index.least(taps.clone(), &mut |_, _| calls += 1, None, None);
            prop_assert_eq!(&fast, &slow);
            prop_assert!(complete);
            prop_assert_eq!(calls, 2);
            for inner in [0, 1, 3] {
                let mut last = (0, 0);
                let (split, complete) = index.least_split(
                    taps.clone(),
                    inner,
                    &mut |done, total| last = (done, total),
                    None,
                );
                prop_assert_eq!(&split, &slow);
                prop_assert!(complete);
                // A deadline already past stops after the first assignment, in the coset.
                let (early, complete) =
                    index.least_split(taps.clone(), inner, &mut |_, _| {}, Some(Instant::now()));
                prop_assert_eq!(complete, index.len() <= inner);
                prop_assert_eq!(&least_in_coset(early, &quiet), &slow);
                let outer = index.len().saturating_sub(inner);
                prop_assert_eq!(last, (1 << outer, 1 << outer));
            }
            // The descent stays in the coset and never beats the minimum; with the whole basis
            // inside one transform it is the minimum.
            for inner in [0, 2, 64] {
                let improved = index.improve(taps.clone(), inner);
                prop_assert!(improved.count() >= slow.count());
                prop_assert_eq!(&least_in_coset(improved.clone(), &quiet), &slow);
                if inner == 64 {
                    prop_assert_eq!(&improved, &slow);
                }
            }
        }
    }
}
