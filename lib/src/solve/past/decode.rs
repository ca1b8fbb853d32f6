//! Information-set decoding past the exact limit: a search for tap sets of the coset near the
//! fewest, in rounds that each look at a fresh neighbourhood of the best found so far.
//!
//! The tap sets finishing a board are one tap set plus the quiet tap sets, so the fewest taps is
//! the nearest word of a linear code (the null space) to a point: minimum-weight coset leaders,
//! the problem of syndrome decoding. Lee and Brickell's information-set decoding (1988) picks
//! `k` cells (`k` the nullity) on which the basis is invertible, an *information set*: every
//! coset element is fixed by its taps there, so brought to systematic form (each basis vector
//! the only one set on one cell of the set) the coset element with no taps on the set is found
//! at once, and adding any one or two basis vectors gives every element with at most two taps
//! there. A tap set `s` is among those candidates when at most two of its taps fall in the set.
//!
//! Each round draws the set among the cells the best tap set so far leaves untapped (that best
//! is then the element with none there), so the candidates are the best with one or two
//! systematic vectors added: a neighbourhood that changes with every draw, of every tap set
//! that agrees with the best on all but two of the set's cells. A board made by `w` scattered
//! taps has that scramble among the candidates with good odds each round while `w` is small
//! beside the cells; dense minimums (all-on boards) move by the same neighbourhoods, as a local
//! search.
//!
//! The rounds are drawn from a seeded generator and stop after a fixed number without an
//! improvement, so the same board gets the same answer on every machine; only a deadline
//! (`--search-time`) can stop them sooner.

use crate::solve::kernels::host::{self, Instant};

use crate::grid::Grid;
use crate::random::Generator;

use crate::solve::kernels::bits::{bit_of, has_bit, xor_into};

/// How long the decoding runs: rounds in all, rounds without an improvement, and a deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effort {
    /// The most rounds.
    pub(crate) rounds: u64,
    /// The rounds in a row without a better tap set after which the search stops.
    pub(crate) patience: u64,
    /// When to stop whatever the rounds.
    pub(crate) deadline: Option<Instant>,
}

impl Effort {
    /// The rounds that `work` word operations pay for on a basis of `dimension` vectors of
    /// `words` words (at least one), stopping after [`PATIENCE`] rounds without a better tap
    /// set or at `deadline`.
    pub(crate) fn within(
        work: u64,
        dimension: usize,
        words: usize,
        deadline: Option<Instant>,
    ) -> Effort {
        Effort {
            rounds: (work / round_cost(dimension, words).max(1)).max(1),
            patience: PATIENCE,
            deadline,
        }
    }
}

/// The rounds in a row without a better tap set after which a decoding stops: a scramble of a
/// few hundred taps on a 100x100 board is found within tens of rounds, and a local minimum
/// that 64 fresh neighbourhoods cannot improve rarely yields to more.
pub(crate) const PATIENCE: u64 = 64;

/// The word operations of one round, about: the elimination adds each of `dimension` vectors
/// of `words` words to about half the others for each pivot, and the pairs are half the square.
pub(crate) fn round_cost(dimension: usize, words: usize) -> u64 {
    let dimension = dimension as u64;
    dimension * dimension * words as u64
}

/// The seed of every decoding's generator: fixed, so answers never depend on the run.
const SEED: u64 = 0x5eed_f11b_6a3e;

/// A tap set of `best`'s coset (`best` plus sums of `quiet`, a basis of quiet tap sets) with
/// at most as many taps, found by information-set decoding; stops at once at `floor` taps
/// (a lower bound).
pub(crate) fn decode(best: Grid, quiet: &[Grid], floor: u64, effort: Effort) -> Grid {
    let mut best = best;
    let mut count = best.count();
    if quiet.is_empty() {
        return best;
    }
    let positions = best.words().len() * 64;
    let mut rows: Vec<Vec<u64>> = quiet.iter().map(|grid| grid.words().to_vec()).collect();
    let mut generator = Generator::from_seed(SEED);
    let mut stale = 0;
    for _ in 0..effort.rounds {
        if count <= floor || stale == effort.patience {
            break;
        }
        if host::past(effort.deadline) {
            break;
        }
        let rank = systematic_form(&mut rows, best.words(), positions, &mut generator);
        match best_neighbour(best.words(), &rows[..rank], count) {
            Some((words, found)) => {
                best.words_mut().copy_from_slice(&words);
                count = found;
                stale = 0;
            }
            None => stale += 1,
        }
    }
    best
}

/// The fewest taps among `best` plus one or two of `rows` (the first pair in order when
/// several tie), with its count, when fewer than `count`.
fn best_neighbour(best: &[u64], rows: &[Vec<u64>], count: u64) -> Option<(Vec<u64>, u64)> {
    let mut least = count;
    let mut chosen: Option<(usize, Option<usize>)> = None;
    for (i, row) in rows.iter().enumerate() {
        let weight = weight_below(best, row, None, least);
        if weight < least {
            (least, chosen) = (weight, Some((i, None)));
        }
    }
    for (i, first) in rows.iter().enumerate() {
        for (j, second) in rows.iter().enumerate().skip(i + 1) {
            let weight = weight_below(best, first, Some(second), least);
            if weight < least {
                (least, chosen) = (weight, Some((i, Some(j))));
            }
        }
    }
    let (i, j) = chosen?;
    let mut words = best.to_vec();
    xor_into(&mut words, &rows[i]);
    if let Some(j) = j {
        xor_into(&mut words, &rows[j]);
    }
    Some((words, least))
}

/// Brings `rows` (a basis) to systematic form on an information set drawn among the positions
/// `avoid` leaves clear, each vector the only one with its pivot, and returns the rank (the
/// rows past it are zero). Falls back on every position in order when the clear ones do not
/// span the basis.
fn systematic_form(
    rows: &mut [Vec<u64>],
    avoid: &[u64],
    positions: usize,
    generator: &mut Generator,
) -> usize {
    let mut rank = 0;
    let mut misses = 0;
    // Random draws while they find pivots often; a basis that only the avoided positions
    // complete would make them miss for ever.
    while rank < rows.len() && misses < 4 * positions {
        let position = generator.below(positions as u64) as usize;
        if has_bit(avoid, position) || !pivot_on(rows, rank, position) {
            misses += 1;
            continue;
        }
        rank += 1;
    }
    for position in 0..positions {
        if rank == rows.len() {
            break;
        }
        if pivot_on(rows, rank, position) {
            rank += 1;
        }
    }
    rank
}

/// Makes `position` the pivot of row `rank` when a row from `rank` on has it set: that row is
/// moved to `rank` and added to every other row set there. False when none has it.
fn pivot_on(rows: &mut [Vec<u64>], rank: usize, position: usize) -> bool {
    let Some(found) = (rank..rows.len()).find(|&row| has_bit(&rows[row], position)) else {
        return false;
    };
    rows.swap(rank, found);
    let (word, bit) = (position / 64, bit_of(position));
    let (before, rest) = rows.split_at_mut(rank);
    let (pivot, after) = rest
        .split_first_mut()
        .unwrap_or_else(|| unreachable!("row found"));
    for row in before.iter_mut().chain(after) {
        if row[word] & bit != 0 {
            xor_into(row, pivot);
        }
    }
    true
}

/// The set bits of `a` plus `b` (plus `c`), or any number at least `limit` once the count
/// reaches it: most candidates are far worse than the best, and are dropped a few words in.
fn weight_below(a: &[u64], b: &[u64], c: Option<&[u64]>, limit: u64) -> u64 {
    let mut weight = 0;
    for (start, chunk) in a.chunks(CHUNK_WORDS).enumerate() {
        let at = start * CHUNK_WORDS;
        let b = &b[at..at + chunk.len()];
        weight += match c {
            Some(c) => chunk
                .iter()
                .zip(b)
                .zip(&c[at..at + chunk.len()])
                .map(|((x, y), z)| u64::from((x ^ y ^ z).count_ones()))
                .sum::<u64>(),
            None => chunk
                .iter()
                .zip(b)
                .map(|(x, y)| u64::from((x ^ y).count_ones()))
                .sum::<u64>(),
        };
        if weight >= limit {
            return weight;
        }
    }
    weight
}

/// The words counted between two looks at the limit.
const CHUNK_WORDS: usize = 16;

/// The least optimal tap set of `start`'s coset (the fewest taps, ties to the least row-major
/// 0/1 string), proven, by disjoint information sets, or `None` when that would take more than
/// `work` word operations or runs past `deadline`. `quiet` must be a whole basis of the quiet
/// tap sets.
///
/// The proof is a pigeonhole. Take `m` information sets with no cell in common. A tap set of
/// `w` taps has at most `w / m` taps (rounded down) on one of them, and is the coset element
/// with exactly those taps there. So listing, for each set, every element with at most `p`
/// taps on it lists every element of at most `m (p + 1) - 1` taps. With `start`'s count `u`
/// and `m (p + 1) > u`, every element that ties or beats `start` is listed, the least optimal
/// among them. A scramble of a few dozen taps on a board of thousands of cells has dozens of
/// disjoint information sets and needs `p` = 0: one elimination a set. Dense minimums (an
/// all-on board's, nearly half the cells) need `p` in the tens, and are left to the sweep.
pub(crate) fn prove_least(
    start: &Grid,
    quiet: &[Grid],
    work: u64,
    deadline: Option<Instant>,
) -> Option<Grid> {
    let dimension = quiet.len();
    let upper = start.count();
    let words = start.words().len();
    let positions = words * 64;
    let template: Vec<Vec<u64>> = quiet.iter().map(|grid| grid.words().to_vec()).collect();
    let elimination = round_cost(dimension, words);
    // How many disjoint information sets there are (no more than `p = 0` needs), within the
    // work: found again one at a time below, the same way, rather than all held at once.
    let mut used = vec![0u64; words];
    let mut sets = 0u64;
    let mut spent = 0u64;
    while sets <= upper && spent + elimination <= work {
        spent += elimination;
        if information_set(&template, &mut used, positions).is_none() {
            break;
        }
        sets += 1;
    }
    if sets == 0 {
        return None;
    }
    let plan = Plan::new(upper, sets, dimension, words)?;
    if spent.checked_add(plan.cost)? > work {
        return None;
    }
    let (needed, most_on_a_set) = (plan.sets, plan.most_on_a_set);
    let mut best = start.words().to_vec();
    let mut best_count = upper;
    let mut used = vec![0u64; words];
    for _ in 0..needed {
        if host::past(deadline) {
            return None;
        }
        let (rows, pivots) = information_set(&template, &mut used, positions)?;
        // The element with no taps on the set: `start` with the rows of its taps there added.
        let mut base = start.words().to_vec();
        for (row, &pivot) in rows.iter().zip(&pivots) {
            if has_bit(start.words(), pivot) {
                xor_into(&mut base, row);
            }
        }
        let weight = base.iter().map(|word| u64::from(word.count_ones())).sum();
        let mut sums = vec![base; most_on_a_set.min(dimension as u64) as usize + 1];
        let mut listing = Listing {
            rows: &rows,
            sums: &mut sums,
            best: &mut best,
            best_count: &mut best_count,
        };
        listing.visit(weight, 0, 0);
    }
    let mut least = start.clone();
    least.words_mut().copy_from_slice(&best);
    Some(least)
}

/// How a proof by disjoint information sets goes: how many sets, how many taps on each set
/// its listing takes, and the word operations in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The sets listed.
    pub(crate) sets: u64,
    /// The most taps an element listed has on its set.
    pub(crate) most_on_a_set: u64,
    /// The word operations: an elimination and the listing, each set.
    pub(crate) cost: u64,
}

impl Plan {
    /// The plan that proves a count of `upper` taps with `available` disjoint information sets
    /// of `dimension` vectors of `words` words: the fewest taps on a set that one of them must
    /// hold (`upper / available`), and the fewest sets that makes enough. `None` when its cost
    /// is past counting.
    pub(crate) fn new(upper: u64, available: u64, dimension: usize, words: usize) -> Option<Plan> {
        let most_on_a_set = upper / available.max(1);
        let sets = upper / (most_on_a_set + 1) + 1;
        let listed = subsets_up_to(dimension as u64, most_on_a_set)?;
        let each = round_cost(dimension, words).checked_add(listed.checked_mul(words as u64)?)?;
        Some(Plan {
            sets,
            most_on_a_set,
            cost: sets.checked_mul(each)?,
        })
    }
}

/// The sums one information set lists, and the best of them so far.
struct Listing<'a> {
    /// The basis in systematic form on the set.
    rows: &'a [Vec<u64>],
    /// The sums on the way down: the first the element with no taps on the set, each next one
    /// with one row more.
    sums: &'a mut [Vec<u64>],
    /// The fewest taps seen, ties to the least.
    best: &'a mut Vec<u64>,
    /// Its count.
    best_count: &'a mut u64,
}

impl Listing<'_> {
    /// Keeps the sum at `depth` when it beats or ties the best (its count `weight`, or any
    /// number above the best), then visits its sums with one more of the rows from `from` on
    /// while there is a depth for them.
    fn visit(&mut self, weight: u64, from: usize, depth: usize) {
        let sum = &self.sums[depth];
        if weight < *self.best_count || (weight == *self.best_count && sum[..] < self.best[..]) {
            self.best.copy_from_slice(sum);
            *self.best_count = weight;
        }
        if depth + 1 == self.sums.len() {
            return;
        }
        for (index, row) in self.rows.iter().enumerate().skip(from) {
            let (before, after) = self.sums.split_at_mut(depth + 1);
            let (parent, next) = (&before[depth], &mut after[0]);
            let weight = weight_below(parent, row, None, *self.best_count + 1);
            next.copy_from_slice(parent);
            xor_into(next, row);
            self.visit(weight, index + 1, depth + 1);
        }
    }
}

/// The number of subsets of at most `most` of `count` things, or `None` when it or a step of
/// counting it is past `u64`.
fn subsets_up_to(count: u64, most: u64) -> Option<u64> {
    let mut total = 1u64;
    let mut term = 1u64;
    for size in 1..=most.min(count) {
        term = term.checked_mul(count - size + 1)? / size;
        total = total.checked_add(term)?;
    }
    Some(total)
}

/// The next information set among the positions `used` leaves clear, in row-major order:
/// `template` (a basis) in systematic form on it and its pivots, the pivots then marked used;
/// `None` when the clear positions do not span the basis.
fn information_set(
    template: &[Vec<u64>],
    used: &mut [u64],
    positions: usize,
) -> Option<(Vec<Vec<u64>>, Vec<usize>)> {
    let mut rows = template.to_vec();
    let mut pivots = Vec::with_capacity(rows.len());
    for position in 0..positions {
        if pivots.len() == rows.len() {
            break;
        }
        if !has_bit(used, position) && pivot_on(&mut rows, pivots.len(), position) {
            pivots.push(position);
        }
    }
    if pivots.len() < rows.len() {
        return None;
    }
    for &pivot in &pivots {
        used[pivot / 64] |= bit_of(pivot);
    }
    Some((rows, pivots))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    /// A seeded stream of numbers for the tests' own draws (a linear congruential generator:
    /// nothing of the decoder's generator).
    struct Draws(u64);

    impl Draws {
        fn below(&mut self, bound: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) as usize % bound
        }

        /// A grid of `shape` with each cell set with chance `percent` in 100.
        fn grid(&mut self, shape: Shape, percent: usize) -> Grid {
            let mut grid = Grid::new(shape);
            for row in 0..shape.rows() as usize {
                for col in 0..shape.cols() as usize {
                    grid.set(row, col, self.below(100) < percent);
                }
            }
            grid
        }
    }

    /// Every sum of `basis` (2^len of them), by counting in binary: the brute force the tests
    /// compare against.
    fn every_sum(basis: &[Grid], shape: Shape) -> Vec<Grid> {
        (0u32..1 << basis.len())
            .map(|chosen| {
                let mut sum = Grid::new(shape);
                for (i, vector) in basis.iter().enumerate() {
                    if chosen >> i & 1 == 1 {
                        sum.xor_with(vector);
                    }
                }
                sum
            })
            .collect()
    }

    fn effort(rounds: u64) -> Effort {
        Effort {
            rounds,
            patience: PATIENCE,
            deadline: None,
        }
    }

    /// On random codes of 10 dense vectors in 7x13 cells (so no single vector is a small
    /// move), a sparse tap set hidden by a random sum of them is found again: the decoder
    /// reaches the coset's true minimum (brute force over its 1,024 elements), and its answer
    /// lies in the coset.
    #[test]
    fn decoding_finds_the_least_element_of_small_cosets() {
        let shape = Shape::new(7, 13).unwrap();
        let mut draws = Draws(35);
        for _ in 0..20 {
            let basis: Vec<Grid> = (0..10).map(|_| draws.grid(shape, 50)).collect();
            let hidden = draws.grid(shape, 6);
            let sums = every_sum(&basis, shape);
            let mut start = hidden.clone();
            start.xor_with(&sums[draws.below(sums.len())]);
            let found = decode(start.clone(), &basis, 0, effort(1000));
            let least = sums
                .iter()
                .map(|sum| sum.count_differing(&start))
                .min()
                .unwrap();
            assert_eq!(found.count(), least);
            assert!(least <= hidden.count());
            let mut difference = found.clone();
            difference.xor_with(&start);
            assert!(sums.contains(&difference), "left the coset");
        }
    }

    /// The proof by disjoint information sets gives exactly what trying all 1,024 elements
    /// gives, the fewest taps and the least row-major string among the ties, on random codes of
    /// 10 vectors in 7x13 cells with sparse elements hidden in them (several of which tie), or
    /// nothing when its work does not cover the listing.
    #[test]
    fn the_proof_by_information_sets_finds_the_least_optimal_element() {
        let shape = Shape::new(7, 13).unwrap();
        let mut draws = Draws(61);
        let (mut proven, mut tied) = (0, 0);
        for round in 0..40 {
            let mut basis: Vec<Grid> = (0..10).map(|_| draws.grid(shape, 50)).collect();
            let hidden = draws.grid(shape, 4 + round % 8);
            if round % 2 == 0 && !hidden.is_empty() {
                // A quiet vector of one hidden cell and one other makes a tie: the hidden set
                // plus it has as many taps.
                let cells: Vec<(usize, usize)> = Grid::filled(shape, crate::notation::Color::Black)
                    .cells()
                    .collect();
                let inside: Vec<_> = hidden.cells().collect();
                let outside: Vec<_> = cells.iter().filter(|c| !inside.contains(c)).collect();
                let mut pair = Grid::new(shape);
                let (r, c) = inside[draws.below(inside.len())];
                pair.set(r, c, true);
                let &(r, c) = outside[draws.below(outside.len())];
                pair.set(r, c, true);
                basis[3] = pair;
            }
            let sums = every_sum(&basis, shape);
            let mut start = hidden.clone();
            start.xor_with(&sums[draws.below(sums.len())]);
            let coset: Vec<Grid> = sums
                .iter()
                .map(|sum| {
                    let mut element = sum.clone();
                    element.xor_with(&start);
                    element
                })
                .collect();
            let fewest = coset.iter().map(Grid::count).min().unwrap();
            let least = coset
                .iter()
                .filter(|element| element.count() == fewest)
                .min_by(|a, b| a.cmp_lexicographic(b))
                .unwrap();
            if coset.iter().filter(|e| e.count() == fewest).count() > 1 {
                tied += 1;
            }
            // From the hidden set's count, as the decoding would have found it.
            let from = coset
                .iter()
                .find(|element| element.count() == hidden.count().max(fewest))
                .unwrap();
            if let Some(found) = prove_least(from, &basis, u64::MAX, None) {
                assert_eq!(&found, least, "round {round}");
                proven += 1;
                let later = Some(Instant::now() + std::time::Duration::from_secs(3600));
                assert_eq!(prove_least(from, &basis, u64::MAX, later), Some(found));
                let spent = Some(Instant::now());
                assert_eq!(prove_least(from, &basis, u64::MAX, spent), None);
            }
            assert_eq!(prove_least(from, &basis, 1, None), None);
        }
        assert!(
            proven >= 30 && tied >= 10,
            "{proven} proven, {tied} with ties"
        );
    }

    /// The plan: with m sets a count u needs u / m taps on some set (rounded down), and the
    /// fewest sets that leaves enough; its cost an elimination and the sums listed, each set;
    /// the subsets counted exactly, and none past 64 bits.
    #[test]
    fn the_plan_lists_the_fewest_sets_that_prove_the_count() {
        assert_eq!(subsets_up_to(10, 0), Some(1));
        assert_eq!(subsets_up_to(10, 2), Some(1 + 10 + 45));
        assert_eq!(subsets_up_to(4, 9), Some(16));
        assert_eq!(subsets_up_to(64, 64), None);
        assert_eq!(subsets_up_to(64, 63), None);
        assert_eq!(subsets_up_to(62, 62), Some(1 << 62));
        let plan = Plan::new(30, 93, 40, 61).unwrap();
        assert_eq!((plan.sets, plan.most_on_a_set), (31, 0));
        assert_eq!(plan.cost, 31 * (40 * 40 * 61 + 61));
        // 100 taps on 47 sets: 2 on one of them, so 34 sets (3 x 34 > 100) do.
        let plan = Plan::new(100, 47, 32, 39).unwrap();
        assert_eq!((plan.sets, plan.most_on_a_set), (34, 2));
        assert_eq!(plan.cost, 34 * (32 * 32 * 39 + (1 + 32 + 496) * 39));
        assert_eq!(
            Plan::new(10, 0, 4, 1).map(|plan| plan.most_on_a_set),
            Some(10)
        );
        assert_eq!(Plan::new(4000, 1, 64, 1), None);
    }

    /// Every cell of a tall grid can be a pivot, the last rows' as well as the first: quiet
    /// vectors that live in the last two rows of 40 still move the decoding.
    #[test]
    fn decoding_reaches_the_last_rows() {
        let shape = Shape::new(40, 3).unwrap();
        let mut far = Grid::new(shape);
        far.set(38, 0, true);
        far.set(39, 1, true);
        far.set(39, 2, true);
        let mut start = far.clone();
        start.set(0, 1, true);
        assert_eq!(decode(start.clone(), &[far], 0, effort(10)).count(), 1);
    }

    /// The decoding stops at once at the floor (a proven bound: nothing can beat it), after
    /// its rounds, at its deadline, and after `patience` rounds in a row that found nothing.
    #[test]
    fn decoding_stops_at_the_floor_the_rounds_the_deadline_and_its_patience() {
        let shape = Shape::new(7, 13).unwrap();
        let mut draws = Draws(9);
        let basis: Vec<Grid> = (0..10).map(|_| draws.grid(shape, 50)).collect();
        let mut start = draws.grid(shape, 5);
        for vector in &basis[..5] {
            start.xor_with(vector);
        }
        let improved = decode(start.clone(), &basis, 0, effort(1000));
        assert!(improved.count() < start.count());
        assert_eq!(
            decode(start.clone(), &basis, start.count(), effort(1000)),
            start
        );
        // A floor just below the start: the first improvement ends it, whatever it is.
        let first = decode(start.clone(), &basis, 0, effort(1));
        assert!(first.count() < start.count());
        assert_eq!(
            decode(start.clone(), &basis, start.count() - 1, effort(1000)),
            first
        );
        assert_eq!(decode(start.clone(), &basis, 0, effort(0)), start);
        let past = Effort {
            deadline: Some(Instant::now()),
            ..effort(1000)
        };
        assert_eq!(decode(start.clone(), &basis, 0, past), start);
        let impatient = Effort {
            patience: 0,
            ..effort(1000)
        };
        assert_eq!(decode(start.clone(), &basis, 0, impatient), start);
        assert_eq!(decode(start.clone(), &[], 0, effort(1000)), start);
    }

    /// The systematic form: each of the rank's rows alone has its pivot, the pivots avoid the
    /// cells `avoid` sets wherever the others span the basis, and where they do not, every
    /// cell in order completes it; a basis with a dependent vector has the rank it spans.
    #[test]
    fn the_systematic_form_pivots_on_clear_cells_and_falls_back_on_the_rest() {
        let shape = Shape::new(3, 5).unwrap();
        let row = |text: &str| {
            let mut grid = Grid::new(shape);
            for (index, c) in text.chars().filter(|c| *c != '/').enumerate() {
                grid.set(index / 5, index % 5, c == '1');
            }
            grid.words().to_vec()
        };
        // How many of the first `rank` rows have their own cells only where `avoid` is set;
        // fails unless each has a cell of its own and the rows past the rank are empty.
        let avoided = |rows: &[Vec<u64>], rank: usize, avoid: &[u64]| -> usize {
            let mut avoided = 0;
            for (i, vector) in rows[..rank].iter().enumerate() {
                let own: Vec<usize> = (0..rows[0].len() * 64)
                    .filter(|&p| {
                        has_bit(vector, p) && (0..rank).all(|j| j == i || !has_bit(&rows[j], p))
                    })
                    .collect();
                assert!(!own.is_empty(), "row {i} has no pivot of its own");
                if own.iter().all(|&p| has_bit(avoid, p)) {
                    avoided += 1;
                }
            }
            assert!(rows[rank..].iter().flatten().all(|&w| w == 0));
            avoided
        };
        let mut generator = Generator::from_seed(1);
        // Clear cells span the basis: no pivot on an avoided cell.
        let mut rows = vec![row("11000/00000/00000"), row("01100/00000/00000")];
        let avoid = row("10000/00000/00000");
        let positions = rows[0].len() * 64;
        let rank = systematic_form(&mut rows, &avoid, positions, &mut generator);
        assert_eq!(rank, 2);
        assert_eq!(avoided(&rows, rank, &avoid), 0);
        // Only avoided cells tell these apart: the fallback takes them.
        let mut rows = vec![
            row("10000/00000/00000"),
            row("01000/00000/00000"),
            row("11000/00000/00000"),
        ];
        let avoid = row("11000/00000/00000");
        let rank = systematic_form(&mut rows, &avoid, positions, &mut generator);
        assert_eq!(rank, 2);
        assert_eq!(avoided(&rows, rank, &avoid), 2);
    }

    /// A neighbour is taken only when strictly better, the first of several that tie, and one
    /// vector or two make it.
    #[test]
    fn the_best_neighbour_is_strictly_better_and_the_first_of_ties() {
        let best = vec![0b1111_0000u64];
        let rows = vec![vec![0b1100_0000u64], vec![0b0011_0000], vec![0b0000_0011]];
        // Each single vector halves the count, the first two together empty it.
        assert_eq!(best_neighbour(&best, &rows, 4), Some((vec![0], 0)));
        assert_eq!(
            best_neighbour(&best, &rows[..1], 4),
            Some((vec![0b0011_0000], 2))
        );
        let halves = vec![vec![0b1100_0000u64], vec![0b0000_1100]];
        assert_eq!(
            best_neighbour(&best, &halves, 4),
            Some((vec![0b0011_0000], 2)),
            "the first of two that tie"
        );
        // Nothing below the count given: none.
        assert_eq!(best_neighbour(&best, &rows[2..], 4), None);
        let level = vec![vec![0b1000_0001u64], vec![0b0100_0010]];
        assert_eq!(best_neighbour(&best, &level, 4), None, "a tie is no move");
        assert_eq!(
            best_neighbour(&best, &level, 5),
            Some((vec![0b0111_0001], 4))
        );
    }

    /// The early stop counts whole chunks: the count is exact below the limit, and at least the
    /// limit past it; the effort's rounds are the work over a round's cost, at least one.
    #[test]
    fn the_weight_is_exact_below_the_limit() {
        let a = vec![u64::MAX; 40];
        let b = vec![0u64; 40];
        let c = vec![0xFFFF_FFFFu64; 40];
        assert_eq!(weight_below(&a, &b, None, u64::MAX), 2560);
        assert_eq!(weight_below(&a, &b, Some(&c), u64::MAX), 1280);
        assert_eq!(weight_below(&a, &c, Some(&c), u64::MAX), 2560);
        let stopped = weight_below(&a, &b, None, 100);
        assert!((100..2560).contains(&stopped), "{stopped}");
        let stopped = weight_below(&a, &b, Some(&b), 100);
        assert!((100..2560).contains(&stopped), "{stopped}");
        assert_eq!(weight_below(&b, &b, None, 1), 0);
        assert_eq!(round_cost(10, 7), 700);
        let effort = Effort::within(7000, 10, 7, None);
        assert_eq!((effort.rounds, effort.patience), (10, PATIENCE));
        assert_eq!(Effort::within(1, 10, 7, None).rounds, 1);
        assert_eq!(Effort::within(7000, 0, 7, None).rounds, 7000);
    }
}
