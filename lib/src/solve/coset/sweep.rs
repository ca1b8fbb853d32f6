//! The exact search of a large null space on a board whose cells' patterns are kept: the
//! coefficients split into outer ones, tried one assignment at a time on every core, and at
//! most [`MOST_INNER_BITS`] inner ones, found for each assignment by a Walsh-Hadamard
//! transform small enough to stay in the core's cache.
//!
//! One transform over all the inner coefficients of a 39x39 board (2^24 values, 64 MiB) went
//! through memory a dozen times; 2^16 of them, one per outer assignment, each 128 KiB, never
//! leave the cache, and cost less even though every cell is visited again for each.
//!
//! The transform starts at 16-value blocks (one AVX2 vector of 16-bit values): a cell adds its
//! weight times the row of the 16x16 Hadamard matrix its pattern's four lowest bits pick to
//! the block the other bits pick, which is the transform along those four bits already done;
//! the butterflies then only ever pair whole blocks, three stages a sweep.

use std::ops::{Add, Mul, Sub};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};

use super::shard::Shard;
use super::symmetry::Orbits;
use crate::solve::kernels::host::{self, Instant};

/// Values in a block: the transform along the four lowest inner bits is done as cells add in.
const LANES: usize = 16;

/// The inner bits a block covers.
const LANE_BITS: usize = 4;

/// The most inner coefficients: 2^20 values (4 MiB of 32-bit ones) a core.
pub(crate) const MOST_INNER_BITS: usize = 20;

/// The fewest inner coefficients a sweep is built for: one block.
pub(crate) const LEAST_INNER_BITS: usize = LANE_BITS;

/// Cells with one pattern, taken together.
#[derive(Clone, Copy, Debug)]
struct Term {
    /// Their pattern's outer bits.
    outer: u64,
    /// The block their inner bits above the lowest four pick.
    block: u32,
    /// Their inner pattern's four lowest bits: the Hadamard row they add.
    low: u8,
    /// The sum over the cells of `1 - 2 * tapped`: what they add to the transform while the
    /// outer coefficients leave them as they are.
    weight: i32,
}

/// One board's search: the cells by pattern, and the tap set's bits at the pivots.
pub(crate) struct Sweep {
    terms: Vec<Term>,
    inner: usize,
    outer: usize,
    /// The tap set's bits at the pivots, as coefficients (the first vector's the highest).
    flip: u64,
    /// Taps in the tap set.
    lit: i64,
    /// Whether every transform value fits in 16 bits: the sum of the weights' sizes does.
    narrow: bool,
}

/// The best found: the fewest taps, then the least key (coefficients ^ flip).
pub(crate) type Best = (i64, u64);

impl Sweep {
    /// The search over `count` coefficients of the tap set with `lit` taps, bits `flip` at the
    /// pivots, whose touched cells are `cells` (pattern, tapped), with `inner` of them (at
    /// least [`LEAST_INNER_BITS`], at most [`MOST_INNER_BITS`] and `count`) left to transforms.
    pub(crate) fn new(
        cells: impl IntoIterator<Item = (u64, bool)>,
        count: usize,
        inner: usize,
        flip: u64,
        lit: u64,
    ) -> Sweep {
        assert!((LEAST_INNER_BITS..=MOST_INNER_BITS.min(count)).contains(&inner));
        let mut weighted: Vec<(u64, i32)> = cells
            .into_iter()
            .map(|(pattern, tapped)| (pattern, 1 - 2 * i32::from(tapped)))
            .collect();
        weighted.sort_unstable_by_key(|&(pattern, _)| pattern);
        let mut terms: Vec<Term> = Vec::with_capacity(weighted.len());
        let inner_mask = (1u64 << inner) - 1;
        let mut previous = None;
        for (pattern, weight) in weighted {
            if previous == Some(pattern) {
                terms.last_mut().expect("a previous term").weight += weight;
                continue;
            }
            previous = Some(pattern);
            terms.push(Term {
                outer: pattern >> inner,
                block: ((pattern & inner_mask) >> LANE_BITS) as u32,
                low: (pattern & ((1 << LANE_BITS) - 1)) as u8,
                weight,
            });
        }
        // Cells whose taps cancel out add nothing, whatever the coefficients.
        terms.retain(|term| term.weight != 0);
        let size: i64 = terms.iter().map(|term| i64::from(term.weight.abs())).sum();
        Sweep {
            terms,
            inner,
            outer: count - inner,
            flip,
            lit: lit as i64,
            narrow: size <= i64::from(i16::MAX),
        }
    }

    /// How many assignments of the outer coefficients the sweep tries, shards together.
    pub(crate) fn assignments(&self) -> u64 {
        1 << self.outer
    }

    /// The least (taps, key) over every assignment (or `shard`'s share of them), and whether
    /// every one was tried: past `deadline` (checked between runs of assignments, after each
    /// thread's first) the search stops. `progress` hears how many assignments are done. The
    /// answer is the same whatever the threads do: each keeps the least it sees, and an
    /// assignment is only passed over when its fewest taps are more than a count already found.
    pub(crate) fn least(
        &self,
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
        shard: Option<Shard>,
    ) -> Found {
        let kernel = self.fastest_kernel();
        self.least_with(kernel, None, shard, threads, progress, deadline)
            .found
    }

    /// The fewest taps over the slices least in their `orbits` (of `shard`'s share of the
    /// assignments, if given), every point reaching them there (new coordinates: the sweep's
    /// coefficients) as the ties, and whether every slice was searched; `None` when those
    /// points are too many to keep.
    pub(crate) fn least_over_orbits(
        &self,
        orbits: &Orbits,
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
        shard: Option<Shard>,
    ) -> Option<Found> {
        let kernel = self.fastest_kernel();
        let searched = self.least_with(kernel, Some(orbits), shard, threads, progress, deadline);
        (!searched.overflow).then_some(searched.found)
    }

    /// The fastest kernel this CPU and these weights allow.
    fn fastest_kernel(&self) -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if self.narrow && std::arch::is_x86_feature_detected!("avx2") {
            return Kernel::Avx2Narrow;
        }
        if self.narrow {
            Kernel::Narrow
        } else {
            Kernel::Wide
        }
    }

    fn least_with(
        &self,
        kernel: Kernel,
        orbits: Option<&Orbits>,
        shard: Option<Shard>,
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
        deadline: Option<Instant>,
    ) -> SearchResult {
        let every = 1u64 << self.outer;
        let share = shard.map_or(0..every, |shard| shard.range(every));
        let assignments = share.end - share.start;
        // Counted in slices searched: with orbits most slices are passed over, and unevenly (a
        // shard's share of them is only estimated, in proportion).
        let slices = match orbits {
            None => assignments,
            Some(orbits) => {
                let share = u128::from(orbits.slices()) * u128::from(assignments);
                share.div_ceil(u128::from(every)) as u64
            }
        };
        // Runs short enough to share out evenly and to stop soon after the deadline.
        let run = (assignments / (threads as u64 * 64)).clamp(1, 256);
        let shared = Shared {
            next: AtomicU64::new(share.start),
            done: AtomicU64::new(0),
            searched: AtomicU64::new(0),
            fewest: AtomicI64::new(i64::MAX),
            run,
            end: share.end,
            deadline,
            orbits,
            overflow: AtomicBool::new(false),
            found: Mutex::new(Vec::new()),
        };
        progress(0, slices);
        let mut reported = 0;
        host::alongside(
            threads,
            || self.work(kernel, &shared, &mut |_| {}),
            || {
                self.work(kernel, &shared, &mut |searched| {
                    reported = searched;
                    progress(searched, slices);
                })
            },
        );
        // The other threads' last runs may end after this one's.
        let searched = shared.searched.load(Ordering::SeqCst);
        if searched != reported {
            progress(searched, slices);
        }
        let done = shared.done.load(Ordering::SeqCst);
        let threads_found = shared.found.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut found = Found::merge(threads_found.into_iter().map(|(best, ties)| Found {
            best: Some(best),
            ties,
            complete: true,
        }));
        found.complete = done == assignments;
        SearchResult {
            found,
            overflow: shared.overflow.load(Ordering::SeqCst),
        }
    }

    /// One thread's share with `kernel`.
    fn work(&self, kernel: Kernel, shared: &Shared<'_>, report: &mut dyn FnMut(u64)) {
        match kernel {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: this kernel is only chosen where the CPU has AVX2.
            Kernel::Avx2Narrow => unsafe { self.work_avx2_narrow(shared, report) },
            Kernel::Narrow => self.work_portable::<i16>(shared, report),
            Kernel::Wide => self.work_portable::<i32>(shared, report),
        }
    }

    /// [`Sweep::work`] with the AVX2 kernel of 16-bit values.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn work_avx2_narrow(&self, shared: &Shared<'_>, report: &mut dyn FnMut(u64)) {
        let mut kernel = avx2::Narrow::new(self.inner);
        // The closure has the function's AVX2.
        self.work_with(shared, report, |prefix, bar, ties| {
            kernel.evaluate(self, prefix, bar, ties)
        });
    }

    /// [`Sweep::work`] with the kernel any CPU runs, 16 values a block of type `T`.
    fn work_portable<T: Lane>(&self, shared: &Shared<'_>, report: &mut dyn FnMut(u64)) {
        let rows = hadamard_rows::<T>();
        let mut blocks = vec![[T::default(); LANES]; 1 << (self.inner - LANE_BITS)];
        self.work_with(shared, report, |prefix, bar, ties| {
            self.evaluate(prefix, &mut blocks, &rows, bar, ties)
        });
    }

    /// Takes runs of assignments until none is left or the deadline passes, evaluating each
    /// with `evaluate` (given the fewest taps found so far), and leaves its best in `shared`.
    #[inline(always)]
    fn work_with(
        &self,
        shared: &Shared<'_>,
        report: &mut dyn FnMut(u64),
        mut evaluate: impl FnMut(u64, i64, Option<&mut Vec<u64>>) -> Option<Best>,
    ) {
        let mut best: Option<Best> = None;
        // With orbits: every key of the fewest taps in the slices searched, not just the least.
        let mut ties: Vec<u64> = Vec::new();
        let mut fresh: Vec<u64> = Vec::new();
        let mut started = false;
        loop {
            if started && host::past(shared.deadline) || shared.overflow.load(Ordering::Relaxed) {
                break;
            }
            started = true;
            let first = shared.next.fetch_add(shared.run, Ordering::Relaxed);
            if first >= shared.end {
                break;
            }
            let last = (first + shared.run).min(shared.end);
            let mut searched = 0;
            for prefix in first..last {
                if shared.overflow.load(Ordering::Relaxed) {
                    break;
                }
                if shared.orbits.is_some_and(|orbits| !orbits.is_least(prefix)) {
                    continue;
                }
                searched += 1;
                let bar = shared.fewest.load(Ordering::Relaxed);
                fresh.clear();
                let collect = shared.orbits.is_some().then_some(&mut fresh);
                let Some(found) = evaluate(prefix, bar, collect) else {
                    continue;
                };
                shared.fewest.fetch_min(found.0, Ordering::Relaxed);
                if best.is_none_or(|least| found.0 < least.0) {
                    ties.clear();
                }
                if best.is_none_or(|least| found < least) {
                    best = Some(found);
                }
                ties.extend_from_slice(&fresh);
                if ties.len() > MOST_TIES {
                    shared.overflow.store(true, Ordering::Relaxed);
                    break;
                }
            }
            shared.done.fetch_add(last - first, Ordering::SeqCst);
            report(shared.searched.fetch_add(searched, Ordering::SeqCst) + searched);
        }
        if let Some(best) = best {
            shared
                .found
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((best, ties));
        }
    }

    /// Shows `visit` every term with its weight as the outer coefficients `prefix` leave it
    /// (negated where they turn its cells over); returns the taps they add to the tap set and
    /// the sum of those weights.
    #[inline(always)]
    fn each_signed_term(&self, prefix: u64, mut visit: impl FnMut(&Term, i32)) -> (i64, i64) {
        let (mut added, mut signs) = (0i64, 0i64);
        for term in &self.terms {
            let odd = ((term.outer & prefix).count_ones() & 1) as i32;
            let weight = term.weight * (1 - 2 * odd);
            added += i64::from(term.weight * odd);
            signs += i64::from(weight);
            visit(term, weight);
        }
        (added, signs)
    }

    /// The taps of a slice whose terms gave `(added, signs)` where the transform is `most`:
    /// turning cells of sign sum S by coefficients a adds (S - W[a]) / 2 taps.
    #[inline(always)]
    fn taps(&self, (added, signs): (i64, i64), most: i64) -> i64 {
        self.lit + added + (signs - most) / 2
    }

    /// The least transform value whose slice's taps (given `turned`, as [`Sweep::taps`]) are
    /// no more than `bar`: a value below it cannot be the answer.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn least_wanted((added, signs): (i64, i64), lit: i64, bar: i64) -> i64 {
        // taps <= bar exactly when most >= signs - 2 (bar - lit - added); the bar may be
        // i64::MAX (nothing found yet), where every value is wanted.
        signs.saturating_sub((bar - lit - added).saturating_mul(2))
    }

    /// The tap set's bits at the inner pivots, and the key's outer part for `prefix`.
    #[inline(always)]
    fn key_parts(&self, prefix: u64) -> (u64, u64) {
        let inner_flip = self.flip & ((1u64 << self.inner) - 1);
        let high = (prefix ^ (self.flip >> self.inner)) << self.inner;
        (inner_flip, high)
    }

    /// The fewest taps with outer coefficients `prefix` and the least key giving them, or
    /// `None` when they are more than `bar`.
    #[inline(always)]
    fn evaluate<T: Lane>(
        &self,
        prefix: u64,
        blocks: &mut [[T; LANES]],
        rows: &[[T; LANES]; LANES],
        bar: i64,
        mut ties: Option<&mut Vec<u64>>,
    ) -> Option<Best> {
        blocks.fill([T::default(); LANES]);
        let turned = self.each_signed_term(prefix, |term, weight| {
            let weight = T::from_i32(weight);
            let block = &mut blocks[term.block as usize];
            let row = &rows[usize::from(term.low)];
            for (value, sign) in block.iter_mut().zip(row) {
                *value = *value + weight * *sign;
            }
        });
        stages(blocks);
        let mut most = [T::MIN; LANES];
        for block in blocks.iter() {
            for (most, &value) in most.iter_mut().zip(block) {
                *most = (*most).max(value);
            }
        }
        let most = most.into_iter().max().unwrap_or(T::MIN);
        let taps = self.taps(turned, most.to_i64());
        if taps > bar {
            return None;
        }
        let (inner_flip, high) = self.key_parts(prefix);
        let mut key = u64::MAX;
        for (index, block) in blocks.iter().enumerate() {
            for (lane, &value) in block.iter().enumerate() {
                if value == most {
                    let found = (index * LANES + lane) as u64 ^ inner_flip;
                    key = key.min(found);
                    if let Some(ties) = ties.as_deref_mut() {
                        ties.push(high | found);
                    }
                }
            }
        }
        Some((taps, high | key))
    }
}

/// What one sweep found over the assignments it was given: the whole search's answer, or a
/// shard's part of it, which [`Found::merge`] puts together with the others'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The fewest taps and the least key giving them; `None` when no assignment was searched.
    pub(crate) best: Option<Best>,
    /// With orbits, every key of the fewest taps in the slices searched, in order.
    pub(crate) ties: Vec<u64>,
    /// Whether every assignment given was looked at.
    pub(crate) complete: bool,
}

impl Found {
    /// What the searches of `parts` (disjoint sets of assignments) found together: the least
    /// best, the ties of every part that reached its count, complete when every part is.
    pub(crate) fn merge(parts: impl IntoIterator<Item = Found>) -> Found {
        let parts: Vec<Found> = parts.into_iter().collect();
        let best = parts.iter().filter_map(|part| part.best).min();
        let mut ties: Vec<u64> = parts
            .iter()
            .filter(|part| {
                part.best
                    .is_some_and(|(taps, _)| Some(taps) == best.map(|b| b.0))
            })
            .flat_map(|part| part.ties.iter().copied())
            .collect();
        ties.sort_unstable();
        Found {
            best,
            ties,
            complete: parts.iter().all(|part| part.complete),
        }
    }
}

/// What one search found, and whether it kept too many ties to finish with orbits.
struct SearchResult {
    found: Found,
    overflow: bool,
}

/// The code that evaluates an assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    /// AVX2 vectors of 16-bit values.
    #[cfg(target_arch = "x86_64")]
    Avx2Narrow,
    /// Plain code, 16-bit values.
    Narrow,
    /// Plain code, 32-bit values: where the weights' sizes add up past 16 bits.
    Wide,
}

/// What the threads of one [`Sweep::least`] share.
struct Shared<'a> {
    /// The first assignment no thread has taken.
    next: AtomicU64,
    /// Assignments looked at (searched, or passed over for another of their orbit's).
    done: AtomicU64,
    /// Slices searched: the progress counted.
    searched: AtomicU64,
    /// The fewest taps any thread has found: assignments that cannot reach it are not looked
    /// at again for their key.
    fewest: AtomicI64,
    run: u64,
    /// The end of the assignments given (the first, `next`, where they start).
    end: u64,
    deadline: Option<Instant>,
    /// Only the slices least in their orbits are searched, and every key of the fewest taps
    /// is kept.
    orbits: Option<&'a Orbits>,
    /// Set when the keys kept pass [`MOST_TIES`].
    overflow: AtomicBool,
    /// Each thread's best, with the keys it kept.
    found: Mutex<Vec<(Best, Vec<u64>)>>,
}

/// The most keys of the fewest taps one thread keeps for the orbits' tie rule; past it the
/// search stops and runs again without the orbits (the same answer when it runs to the end).
const MOST_TIES: usize = 1 << 16;

/// A value type of the transform: 16-bit where every sum fits, else 32-bit.
trait Lane:
    Copy + Default + Ord + Send + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
    const MIN: Self;
    fn from_i32(value: i32) -> Self;
    fn to_i64(self) -> i64;
}

impl Lane for i16 {
    const MIN: i16 = i16::MIN;
    fn from_i32(value: i32) -> i16 {
        value as i16
    }
    fn to_i64(self) -> i64 {
        i64::from(self)
    }
}

impl Lane for i32 {
    const MIN: i32 = i32::MIN;
    fn from_i32(value: i32) -> i32 {
        value
    }
    fn to_i64(self) -> i64 {
        i64::from(self)
    }
}

/// Row `low` of the 16x16 Hadamard matrix: `(-1)^popcount(low & lane)` in each lane.
fn hadamard_rows<T: Lane>() -> [[T; LANES]; LANES] {
    std::array::from_fn(|low| {
        std::array::from_fn(|lane| T::from_i32(1 - 2 * ((low & lane).count_ones() & 1) as i32))
    })
}

/// The transform across blocks: every stage pairs blocks `half` apart, three stages a sweep.
#[inline(always)]
fn stages<T: Lane>(blocks: &mut [[T; LANES]]) {
    let length = blocks.len();
    let mut half = 1;
    while half < length {
        let stages = (length / half).trailing_zeros().min(3);
        match stages {
            3 => radix::<T, 8>(blocks, half),
            2 => radix::<T, 4>(blocks, half),
            _ => radix::<T, 2>(blocks, half),
        }
        half <<= stages;
    }
}

/// log2(ROWS) stages from the one pairing blocks `half` apart, on ROWS blocks held at once.
#[inline(always)]
fn radix<T: Lane, const ROWS: usize>(blocks: &mut [[T; LANES]], half: usize) {
    for group in blocks.chunks_exact_mut(half * ROWS) {
        for offset in 0..half {
            let mut rows: [[T; LANES]; ROWS] =
                std::array::from_fn(|row| group[row * half + offset]);
            let mut distance = 1;
            while distance < ROWS {
                for first in (0..ROWS).step_by(2 * distance) {
                    for row in first..first + distance {
                        let (low, high) = (rows[row], rows[row + distance]);
                        for lane in 0..LANES {
                            rows[row][lane] = low[lane] + high[lane];
                            rows[row + distance][lane] = low[lane] - high[lane];
                        }
                    }
                }
                distance *= 2;
            }
            for (row, block) in rows.into_iter().enumerate() {
                group[row * half + offset] = block;
            }
        }
    }
}

/// The sweep's kernel written for AVX2 with 16-bit values: a block is one vector register,
/// and eight of them go through three stages without touching memory.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_abs_epi16, _mm256_add_epi16, _mm256_adds_epi16, _mm256_cmpeq_epi16,
        _mm256_cmpgt_epi16, _mm256_max_epi16, _mm256_movemask_epi8, _mm256_mullo_epi16,
        _mm256_set1_epi16, _mm256_setzero_si256, _mm256_sub_epi16,
    };

    use super::{Best, LANES, Sweep, hadamard_rows};

    /// The inner bits just above the lanes, transformed last, a group of blocks at a time, and
    /// only in the groups whose values might reach the slice's bar: 2^5 blocks a group.
    const LAST_BITS: usize = 5;

    /// One thread's transform values and the Hadamard rows, as vectors.
    pub(super) struct Narrow {
        /// The values, all zero between slices.
        blocks: Vec<__m256i>,
        rows: [__m256i; LANES],
        /// The groups of blocks finished in this slice, one after the other...
        finished: Vec<__m256i>,
        /// ... and the first block of each.
        offsets: Vec<usize>,
    }

    /// The lanes of a vector.
    #[inline(always)]
    fn lanes(vector: __m256i) -> [i16; LANES] {
        // SAFETY: both are 32 bytes, and every bit pattern is a valid value of each.
        unsafe { std::mem::transmute::<__m256i, [i16; LANES]>(vector) }
    }

    /// A vector of lanes.
    #[inline(always)]
    fn vector(lanes: [i16; LANES]) -> __m256i {
        // SAFETY: as in [`lanes`].
        unsafe { std::mem::transmute::<[i16; LANES], __m256i>(lanes) }
    }

    impl Narrow {
        /// Room for `inner` coefficients' values.
        #[target_feature(enable = "avx2")]
        pub(super) fn new(inner: usize) -> Narrow {
            let blocks = 1 << (inner - super::LANE_BITS);
            Narrow {
                blocks: vec![_mm256_setzero_si256(); blocks],
                rows: hadamard_rows::<i16>().map(vector),
                finished: Vec::with_capacity(blocks),
                offsets: Vec::new(),
            }
        }

        /// [`Sweep::evaluate`] on vectors.
        ///
        /// The stages pairing blocks 2^[`LAST_BITS`] apart or more run over every block; then
        /// each group of blocks the first stages mix (2^`LAST_BITS` in a row) is read once:
        /// in each lane no value the last stages make can be more than the sum of the sizes
        /// of the values they start from, so a group whose sums are all below the least value
        /// the bar allows is passed over (on a dense board, nearly all of them once a good
        /// count is known). The pass leaves every block zero for the next slice.
        #[target_feature(enable = "avx2")]
        pub(super) fn evaluate(
            &mut self,
            sweep: &Sweep,
            prefix: u64,
            bar: i64,
            mut ties: Option<&mut Vec<u64>>,
        ) -> Option<Best> {
            let (blocks, rows) = (&mut self.blocks, &self.rows);
            let turned = sweep.each_signed_term(prefix, |term, weight| {
                let block = &mut blocks[term.block as usize];
                let row = rows[usize::from(term.low)];
                // The weight fits: the sum of every weight's size does.
                let spread = _mm256_mullo_epi16(_mm256_set1_epi16(weight as i16), row);
                *block = _mm256_add_epi16(*block, spread);
            });
            let group_blocks = 1 << LAST_BITS.min(blocks.len().trailing_zeros() as usize);
            stages_above(blocks, group_blocks);
            // A group is finished when some lane's sum of sizes exceeds this, the least value
            // wanted less one (a sum is never negative, nor past i16::MAX: the weights' sizes
            // add up to no more).
            let least = Sweep::least_wanted(turned, sweep.lit, bar);
            let threshold =
                _mm256_set1_epi16(least.saturating_sub(1).clamp(-1, i64::from(i16::MAX)) as i16);
            let (finished, offsets) = (&mut self.finished, &mut self.offsets);
            finished.clear();
            offsets.clear();
            let mut most = _mm256_set1_epi16(i16::MIN);
            for (offset, group) in blocks.chunks_exact_mut(group_blocks).enumerate() {
                let mut sizes = _mm256_setzero_si256();
                for &value in group.iter() {
                    sizes = _mm256_adds_epi16(sizes, _mm256_abs_epi16(value));
                }
                if _mm256_movemask_epi8(_mm256_cmpgt_epi16(sizes, threshold)) != 0 {
                    let start = finished.len();
                    finished.extend_from_slice(group);
                    let done = &mut finished[start..];
                    stages_from(done, 1);
                    for &value in done.iter() {
                        most = _mm256_max_epi16(most, value);
                    }
                    offsets.push(offset * group_blocks);
                }
                group.fill(_mm256_setzero_si256());
            }
            if offsets.is_empty() {
                return None;
            }
            let most = lanes(most).into_iter().max().unwrap_or(i16::MIN);
            let taps = sweep.taps(turned, i64::from(most));
            if taps > bar {
                return None;
            }
            // Every value equal to the most is in a finished group: the others are all below
            // the least value wanted, and the most is at least that.
            let (inner_flip, high) = sweep.key_parts(prefix);
            let wanted = _mm256_set1_epi16(most);
            let mut key = u64::MAX;
            for (&offset, group) in offsets.iter().zip(finished.chunks_exact(group_blocks)) {
                for (at, &block) in group.iter().enumerate() {
                    let index = offset + at;
                    // Two mask bits a 16-bit lane.
                    let mut equal = _mm256_movemask_epi8(_mm256_cmpeq_epi16(block, wanted)) as u32;
                    while equal != 0 {
                        let lane = equal.trailing_zeros() as usize / 2;
                        let found = (index * LANES + lane) as u64 ^ inner_flip;
                        key = key.min(found);
                        if let Some(ties) = ties.as_deref_mut() {
                            ties.push(high | found);
                        }
                        equal &= !(3 << (2 * lane));
                    }
                }
            }
            Some((taps, high | key))
        }
    }

    /// Blocks (128 KiB) whose stages run together, in the core's second-level cache.
    const CHUNK: usize = 4096;

    /// [`super::stages`] on vectors from the stage pairing blocks `half` apart: the stages
    /// within a chunk a chunk at a time, then the others over all.
    #[target_feature(enable = "avx2")]
    fn stages_above(blocks: &mut [__m256i], half: usize) {
        let stages = (blocks.len() / half).trailing_zeros();
        let fit = (CHUNK / half).trailing_zeros();
        // Where the stages do not all fit in a chunk, a whole number of three-stage passes
        // does, so that no pass does fewer stages than it could.
        let within = if stages <= fit { stages } else { fit / 3 * 3 };
        let chunk = half << within;
        for part in blocks.chunks_exact_mut(chunk) {
            stages_from(part, half);
        }
        stages_from(blocks, chunk);
    }

    /// The stages from the one pairing blocks `half` apart.
    #[target_feature(enable = "avx2")]
    fn stages_from(blocks: &mut [__m256i], mut half: usize) {
        let length = blocks.len();
        while half < length {
            // As many stages as are left, up to three: the last pass may do one or two.
            let stages = (length / half).trailing_zeros().min(3);
            match stages {
                3 => radix8(blocks, half),
                2 => radix4(blocks, half),
                _ => radix2(blocks, half),
            }
            half <<= stages;
        }
    }

    #[target_feature(enable = "avx2")]
    fn radix2(blocks: &mut [__m256i], half: usize) {
        for group in blocks.chunks_exact_mut(2 * half) {
            let (low, high) = group.split_at_mut(half);
            for (low, high) in low.iter_mut().zip(high) {
                (*low, *high) = butterfly(*low, *high);
            }
        }
    }

    #[target_feature(enable = "avx2")]
    fn radix4(blocks: &mut [__m256i], half: usize) {
        for group in blocks.chunks_exact_mut(4 * half) {
            let (s0, rest) = group.split_at_mut(half);
            let (s1, rest) = rest.split_at_mut(half);
            let (s2, s3) = rest.split_at_mut(half);
            for offset in 0..half {
                let (r0, r1) = butterfly(s0[offset], s1[offset]);
                let (r2, r3) = butterfly(s2[offset], s3[offset]);
                (s0[offset], s2[offset]) = butterfly(r0, r2);
                (s1[offset], s3[offset]) = butterfly(r1, r3);
            }
        }
    }

    #[target_feature(enable = "avx2")]
    fn radix8(blocks: &mut [__m256i], half: usize) {
        for group in blocks.chunks_exact_mut(8 * half) {
            let (s0, rest) = group.split_at_mut(half);
            let (s1, rest) = rest.split_at_mut(half);
            let (s2, rest) = rest.split_at_mut(half);
            let (s3, rest) = rest.split_at_mut(half);
            let (s4, rest) = rest.split_at_mut(half);
            let (s5, rest) = rest.split_at_mut(half);
            let (s6, s7) = rest.split_at_mut(half);
            for offset in 0..half {
                let (r0, r1) = butterfly(s0[offset], s1[offset]);
                let (r2, r3) = butterfly(s2[offset], s3[offset]);
                let (r4, r5) = butterfly(s4[offset], s5[offset]);
                let (r6, r7) = butterfly(s6[offset], s7[offset]);
                let (r0, r2) = butterfly(r0, r2);
                let (r1, r3) = butterfly(r1, r3);
                let (r4, r6) = butterfly(r4, r6);
                let (r5, r7) = butterfly(r5, r7);
                (s0[offset], s4[offset]) = butterfly(r0, r4);
                (s1[offset], s5[offset]) = butterfly(r1, r5);
                (s2[offset], s6[offset]) = butterfly(r2, r6);
                (s3[offset], s7[offset]) = butterfly(r3, r7);
            }
        }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn butterfly(low: __m256i, high: __m256i) -> (__m256i, __m256i) {
        (_mm256_add_epi16(low, high), _mm256_sub_epi16(low, high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The least (taps, key) by trying every coefficient vector on every cell, no transform.
    fn every_sum(cells: &[(u64, bool)], count: usize, flip: u64, lit: u64) -> Best {
        let untouched = lit as i64 - cells.iter().filter(|(_, tapped)| *tapped).count() as i64;
        (0..1u64 << count)
            .map(|coefficients| {
                let taps = cells
                    .iter()
                    .filter(|&&(pattern, tapped)| {
                        tapped ^ ((pattern & coefficients).count_ones() % 2 == 1)
                    })
                    .count() as i64;
                (untouched + taps, coefficients ^ flip)
            })
            .min()
            .unwrap()
    }

    fn kernels() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Narrow, Kernel::Wide];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            kernels.push(Kernel::Avx2Narrow);
        }
        kernels
    }

    /// Cells from a seed: `cells` of them, patterns of `count` bits, some repeated (so weights
    /// add up and cancel), about a third tapped.
    fn cells_of(seed: u64, cells: usize, count: usize) -> Vec<(u64, bool)> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut made: Vec<(u64, bool)> = Vec::with_capacity(cells);
        for _ in 0..cells {
            let value = next();
            let pattern = if value % 4 == 0 && !made.is_empty() {
                made[(value >> 8) as usize % made.len()].0
            } else {
                (value >> 20) & ((1 << count) - 1)
            };
            made.push((pattern, value % 3 == 0));
        }
        made
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every kernel, every split and every thread count finds what trying every sum finds.
        #[test]
        fn the_sweep_agrees_with_trying_every_sum(
            count in LEAST_INNER_BITS..12,
            cells in 1usize..300,
            seed in any::<u64>(),
            flip_seed in any::<u64>(),
            extra in 0u64..50,
        ) {
            let cells = cells_of(seed, cells, count);
            let flip = flip_seed & ((1 << count) - 1);
            let lit = cells.iter().filter(|(_, tapped)| *tapped).count() as u64 + extra;
            let expected = every_sum(&cells, count, flip, lit);
            for inner in LEAST_INNER_BITS..=count {
                let sweep = Sweep::new(cells.iter().copied(), count, inner, flip, lit);
                for kernel in kernels() {
                    for threads in [1, 2, 3] {
                        let mut last = (0, 0);
                        let SearchResult { found, .. } = sweep.least_with(
                            kernel,
                            None,
                            None,
                            threads,
                            &mut |done, total| last = (done, total),
                            None,
                        );
                        prop_assert_eq!(found.best, Some(expected), "{:?} inner {} threads {}", kernel, inner, threads);
                        prop_assert!(found.complete);
                        let assignments = 1 << (count - inner);
                        prop_assert_eq!(last, (assignments, assignments));
                    }
                }
            }
        }
    }

    /// Weights whose sizes add up past 16 bits take the 32-bit kernel: 40,000 cells of one
    /// pattern and tapped, and one more, untapped, of another.
    #[test]
    fn large_weights_are_summed_in_32_bits() {
        let mut cells = vec![(0b1_0001u64, true); 40_000];
        cells.push((0b0_0010, false));
        let sweep = Sweep::new(cells.iter().copied(), 6, 4, 0, 40_000);
        assert!(!sweep.narrow);
        assert_eq!(sweep.fastest_kernel(), Kernel::Wide);
        let found = sweep.least(2, &mut |_, _| {}, None, None);
        assert!(found.complete);
        assert_eq!(found.best, Some(every_sum(&cells, 6, 0, 40_000)));
        assert_eq!(found.best.map(|best| best.0), Some(0));
        // Just under the limit the 16-bit kernels serve.
        let narrow = Sweep::new(vec![(1u64, true); 32_767], 5, 4, 0, 32_767);
        assert!(narrow.narrow);
        assert_ne!(narrow.fastest_kernel(), Kernel::Wide);
        let wide = Sweep::new(vec![(1u64, true); 32_768], 5, 4, 0, 32_768);
        assert!(!wide.narrow);
    }

    /// A deadline already past stops each thread after its first run of assignments: the
    /// answer is one of the coset's, never below the minimum, and marked incomplete.
    #[test]
    fn a_deadline_stops_the_sweep_after_each_threads_first_run() {
        let cells = cells_of(99, 200, 12);
        let sweep = Sweep::new(cells.iter().copied(), 12, 4, 0, 70);
        let expected = every_sum(&cells, 12, 0, 70);
        let mut last = (0, 0);
        let found = sweep.least(
            1,
            &mut |done, total| last = (done, total),
            Some(Instant::now()),
            None,
        );
        assert!(!found.complete);
        assert!(found.best.is_some_and(|best| best >= expected));
        // One run: 256 assignments of 4 a thread at 64 runs a thread.
        assert_eq!(last, (4, 256));
    }

    /// A search told to stop ends like one past its deadline, on every thread it started: each
    /// of the four threads takes one run of one assignment (256 of them at 64 runs a thread),
    /// where threads that missed the flag would take all 256.
    #[test]
    fn a_stopped_sweep_ends_after_each_threads_first_run() {
        let cells = cells_of(99, 200, 12);
        let sweep = Sweep::new(cells.iter().copied(), 12, 4, 0, 70);
        let expected = every_sum(&cells, 12, 0, 70);
        let stop = std::sync::Arc::new(AtomicBool::new(true));
        let mut last = (0, 0);
        let found = host::stoppable(&stop, || {
            sweep.least(4, &mut |done, total| last = (done, total), None, None)
        });
        assert!(!found.complete);
        assert!(found.best.is_some_and(|best| best >= expected));
        assert_eq!(last, (4, 256));
        // Unset, the same sweep runs to its end.
        stop.store(false, Ordering::Relaxed);
        let found = host::stoppable(&stop, || sweep.least(4, &mut |_, _| {}, None, None));
        assert!(found.complete);
        assert_eq!(found.best, Some(expected));
    }

    /// Shards' parts put together are complete only when every one of them is: one shard cut
    /// short, wherever it stands, leaves the merged search unproven.
    #[test]
    fn merged_parts_are_complete_only_when_every_part_is() {
        let part = |best: Option<Best>, complete| Found {
            best,
            ties: Vec::new(),
            complete,
        };
        for cut_short in 0..3_u64 {
            let parts = (0..3_u64).map(|at| part(Some((10 + at as i64, at)), at != cut_short));
            let found = Found::merge(parts);
            assert!(!found.complete, "part {cut_short} cut short");
            assert_eq!(found.best, Some((10, 0)));
        }
        assert!(Found::merge((0..3).map(|_| part(None, true))).complete);
        assert!(!Found::merge([part(Some((4, 1)), true), part(None, false)]).complete);
    }

    /// The least value wanted is the one that gives the bar's taps exactly: the values of a
    /// slice share the parity of its sign sum, and two less gives one tap more.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_least_value_wanted_gives_the_bars_taps() {
        let sweep = Sweep::new([(1u64, true), (2, false), (3, true)], 4, 4, 0, 9);
        for (added, signs) in [(0, 3), (2, -1), (1, 1), (3, -3)] {
            for bar in [4, 9, 10, 20] {
                let least = Sweep::least_wanted((added, signs), sweep.lit, bar);
                assert_eq!(
                    sweep.taps((added, signs), least),
                    bar,
                    "{added} {signs} {bar}"
                );
                let over = sweep.taps((added, signs), least - 2);
                assert_eq!(over, bar + 1, "{added} {signs} {bar}");
            }
            // Nothing found yet: every value is wanted.
            assert!(Sweep::least_wanted((added, signs), sweep.lit, i64::MAX) < -(1 << 40));
        }
    }

    /// Every kernel, with each of `inners` inner coefficients and `threads` threads, keeps every
    /// key of the fewest taps over `count` coefficients, the keys trying every sum finds.
    fn assert_every_key_kept(
        cells: &[(u64, bool)],
        (count, flip, lit): (usize, u64, u64),
        inners: &[usize],
        threads: usize,
    ) {
        let tapped = cells.iter().filter(|(_, tapped)| *tapped).count() as i64;
        let taps_of = |coefficients: u64| {
            lit as i64 - tapped
                + cells
                    .iter()
                    .filter(|&&(pattern, tapped)| {
                        tapped ^ ((pattern & coefficients).count_ones() % 2 == 1)
                    })
                    .count() as i64
        };
        let fewest = (0..1u64 << count).map(taps_of).min().unwrap();
        let mut keys: Vec<u64> = (0..1u64 << count)
            .filter(|&coefficients| taps_of(coefficients) == fewest)
            .map(|coefficients| coefficients ^ flip)
            .collect();
        keys.sort_unstable();
        for &inner in inners {
            let sweep = Sweep::new(cells.iter().copied(), count, inner, flip, lit);
            for kernel in kernels() {
                let orbits = identity_orbits(count);
                let searched =
                    sweep.least_with(kernel, Some(&orbits), None, threads, &mut |_, _| {}, None);
                let context = format!("{cells:?} flip {flip} inner {inner} {kernel:?}");
                assert_eq!(searched.found.best, Some((fewest, keys[0])), "{context}");
                assert_eq!(searched.found.ties, keys, "{context}");
            }
        }
    }

    /// Boards of one, two and three touched cells, whose groups of blocks hold one cell's
    /// value each (sums of sizes 1, met exactly): every kernel finds every key of the fewest
    /// taps.
    #[test]
    fn boards_of_a_few_cells_are_searched_to_every_tie() {
        let boards: [&[(u64, bool)]; 5] = [
            &[(0b101_1010_0110, true)],
            &[(0b000_0000_0001, false)],
            &[(0b111_1111_1111, true), (0b100_0000_0000, true)],
            &[(0b010_0000_0000, false), (0b001_0000_1000, true)],
            &[(0b1, true), (0b10_0000_0000, true), (0b11, false)],
        ];
        for cells in boards {
            let lit = cells.iter().filter(|(_, tapped)| *tapped).count() as u64;
            assert_every_key_kept(cells, (11, 0, lit), &[9, 10, 11], 1);
        }
    }

    /// Orbits of one point each: every slice is searched and every key of the fewest taps kept.
    fn identity_orbits(count: usize) -> Orbits {
        let shape = crate::grid::Shape::new(1, 1).unwrap();
        Orbits::new(shape, &[], count, &[], |_, _| 0, |_, _| false, 4..=4).unwrap()
    }

    /// Every kernel keeps every key of the fewest taps, the keys trying every sum finds, on
    /// boards where slices and groups of blocks are passed over for the count found before
    /// them (with repeated patterns, some groups' bounds are met exactly).
    #[test]
    fn every_kernel_keeps_every_key_of_the_fewest_taps() {
        let count = 11;
        for seed in 1..25u64 {
            let cells = cells_of(seed, 40 + 7 * seed as usize, count);
            let flip = seed.wrapping_mul(0x9e37_79b9) & ((1 << count) - 1);
            let lit = cells.iter().filter(|(_, tapped)| *tapped).count() as u64 + seed % 3;
            assert_every_key_kept(&cells, (count, flip, lit), &[4, 6, 9, 11], 2);
        }
    }

    /// With orbits every key of the fewest taps is kept, and past [`MOST_TIES`] of them in one
    /// thread the search gives up (its caller searches again without orbits): here no cell
    /// ever changes, so every one of the 2^count points ties. Two threads share the slices
    /// however they run, so only more than twice the limit in all is sure to pass it in one.
    #[test]
    fn ties_are_kept_for_the_orbits_up_to_a_limit() {
        let identity = identity_orbits;
        let cells = [(0u64, true); 3];
        for kernel in kernels() {
            let sweep = Sweep::new(cells.iter().copied(), 12, 4, 0, 3);
            let found =
                sweep.least_with(kernel, Some(&identity(12)), None, 2, &mut |_, _| {}, None);
            assert!(!found.overflow);
            assert_eq!(found.found.best, Some((3, 0)));
            assert_eq!(found.found.ties, (0..1 << 12).collect::<Vec<u64>>());
            assert_eq!(
                sweep.least_over_orbits(&identity(12), 2, &mut |_, _| {}, None, None),
                Some(found.found)
            );
            let sweep = Sweep::new(cells.iter().copied(), 18, 4, 0, 3);
            let found =
                sweep.least_with(kernel, Some(&identity(18)), None, 2, &mut |_, _| {}, None);
            assert!(found.overflow);
            assert!(
                sweep
                    .least_over_orbits(&identity(18), 2, &mut |_, _| {}, None, None)
                    .is_none()
            );
            // Twelve ties a slice (three of the four values of the two lowest coefficients):
            // the count steps over the limit without ever meeting it.
            let cells = [(0b01u64, true), (0b10, true), (0b11, true)];
            let sweep = Sweep::new(cells.iter().copied(), 12, 4, 0, 3);
            let found =
                sweep.least_with(kernel, Some(&identity(12)), None, 2, &mut |_, _| {}, None);
            let best = found.found.best.map(|best| best.0);
            assert_eq!((best, found.found.ties.len()), (Some(1), 12 << 8));
            let sweep = Sweep::new(cells.iter().copied(), 18, 4, 0, 3);
            let found =
                sweep.least_with(kernel, Some(&identity(18)), None, 2, &mut |_, _| {}, None);
            assert!(found.overflow);
        }
    }
}
