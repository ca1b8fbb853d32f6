//! The seeded generator: uniform choices reproducible from a seed.
//!
//! The generator is ChaCha8 keyed with the seed's 8 little-endian bytes (the rest of the key
//! zero), and a bounded number is drawn by rejection sampling on its 64-bit outputs. Both are
//! fixed algorithms, so a seed gives the same choices on every machine and in every version.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::grid::{Grid, mask_row};

/// A seeded source of uniform choices.
pub struct Generator {
    rng: ChaCha8Rng,
}

impl Generator {
    /// The generator for `seed`.
    pub fn from_seed(seed: u64) -> Generator {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Generator {
            rng: ChaCha8Rng::from_seed(key),
        }
    }

    /// A uniform number in `0..bound` (`bound` > 0), by rejecting the top sliver of the 64-bit
    /// range that would bias the remainder.
    pub fn below(&mut self, bound: u64) -> u64 {
        let rng = &mut self.rng;
        uniform_below(bound, || rng.next_u64())
    }

    /// A board of `grid`'s shape drawn uniformly: every cell black or white with equal chance.
    pub fn fill(&mut self, grid: &mut Grid) {
        let shape = grid.shape();
        for row in 0..shape.rows() as usize {
            let words = grid.row_mut(row);
            for word in words.iter_mut() {
                *word = self.rng.next_u64();
            }
            mask_row(words, shape.cols());
        }
    }

    /// A uniform choice among `items`, or `None` when there are none.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            return None;
        }
        Some(items[self.below(items.len() as u64) as usize])
    }
}

/// A uniform number in `0..bound` (`bound` > 0) from uniform 64-bit values `next`: the values
/// above the largest multiple of `bound` the 64-bit range holds are drawn again, since they
/// would make the low remainders likelier.
fn uniform_below(bound: u64, mut next: impl FnMut() -> u64) -> u64 {
    assert!(bound > 0, "below needs a positive bound");
    // The last value of the last whole run of `bound` remainders.
    let zone = u64::MAX - (u64::MAX % bound + 1) % bound;
    loop {
        let value = next();
        if value <= zone {
            return value % bound;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    /// The draws at the top of the 64-bit range that would bias the remainders are drawn
    /// again, and exactly those: 2^64 - 1 is a multiple of 3, so only u64::MAX is drawn again
    /// for 3; for 10 the last six values are (2^64 = 6 mod 10).
    #[test]
    fn exactly_the_biased_top_of_the_range_is_drawn_again() {
        let draw = |bound: u64, values: &[u64]| {
            let mut values = values.iter().copied();
            uniform_below(bound, || values.next().expect("drawn too often"))
        };
        assert_eq!(draw(3, &[u64::MAX, 5]), 2);
        assert_eq!(draw(3, &[u64::MAX - 1]), (u64::MAX - 1) % 3);
        assert_eq!(draw(10, &[u64::MAX - 5, u64::MAX - 6]), (u64::MAX - 6) % 10);
        assert_eq!(draw(10, &[u64::MAX, 17]), 7);
        assert_eq!(draw(1, &[u64::MAX]), 0);
        assert_eq!(draw(1 << 63, &[u64::MAX]), u64::MAX - (1 << 63));
    }

    #[test]
    fn the_same_seed_gives_the_same_choices() {
        let mut a = Generator::from_seed(42);
        let mut b = Generator::from_seed(42);
        let mut c = Generator::from_seed(43);
        let first: Vec<u64> = (0..20).map(|_| a.below(1000)).collect();
        assert_eq!(first, (0..20).map(|_| b.below(1000)).collect::<Vec<_>>());
        assert_ne!(first, (0..20).map(|_| c.below(1000)).collect::<Vec<_>>());
    }

    #[test]
    fn choices_cover_the_range_evenly() {
        let mut generator = Generator::from_seed(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[generator.below(6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&n| (9_400..10_600).contains(&n)),
            "{counts:?}"
        );
    }

    #[test]
    fn filled_grids_are_reproducible_and_clean_past_the_last_column() {
        let shape = Shape::new(3, 70).unwrap();
        let (mut a, mut b) = (Grid::new(shape), Grid::new(shape));
        Generator::from_seed(5).fill(&mut a);
        Generator::from_seed(5).fill(&mut b);
        assert_eq!(a, b);
        assert!(a.count() > 50 && a.count() < 160);
        assert!(a.cells().all(|(_, col)| col < 70));
    }
}
