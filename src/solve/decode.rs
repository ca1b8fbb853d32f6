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

use std::time::Instant;

use crate::grid::Grid;
use crate::random::Generator;

use super::bits::{bit_of, has_bit, xor_into};

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
        if effort
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
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
