//! The Walsh-Hadamard transform of the coset searches: `values[a]` becomes the sum over `p` of
//! `values[p] * (-1)^popcount(a & p)`, so one transform of the cells' signs by pattern counts
//! the taps of every sum of quiet tap sets at once.
//!
//! There are two builds of it, for two shapes of search:
//! - here, one transform of 32-bit values over all the inner coefficients of a search that fits
//!   in memory (up to 2^24 values), cache-blocked, split across threads when it is large;
//! - in the sweep (`coset/sweep.rs`), many small transforms of 16-bit (or 32-bit) lanes, one per outer
//!   assignment, each small enough to stay in a core's cache, built up from 16-value blocks
//!   as the cells add in (the lane width is chosen where every value fits).
//!
//! Both add and subtract along one bit of the index a stage; stages commute and integer sums
//! are exact, so every value is the same whatever the blocking or the threads.

use super::avx2::avx2_dispatch;
use super::host;

/// Below this many values the transform runs on one thread.
const PARALLEL_TRANSFORM: usize = 1 << 18;

/// The Walsh-Hadamard transform in place: `values[a]` becomes the sum over `p` of
/// `values[p] * (-1)^popcount(a & p)`. Large transforms split across threads; each value is the
/// same sum of the same terms in the same order whatever the threads do.
pub(crate) fn transform(values: &mut [i32]) {
    transform_with(values, host::threads().next_power_of_two());
}

fn transform_with(values: &mut [i32], threads: usize) {
    let length = values.len();
    if threads < 2 || length < PARALLEL_TRANSFORM {
        transform_in_cache(values);
        return;
    }
    let (low, high) = values.split_at_mut(length / 2);
    host::both(
        threads,
        || transform_with(low, threads / 2),
        || transform_with(high, threads / 2),
    );
    let chunk = (length / 2).div_ceil(threads);
    let mut pairs: Vec<_> = low.chunks_mut(chunk).zip(high.chunks_mut(chunk)).collect();
    host::split_mut(&mut pairs, threads, |_, (low, high)| butterfly(low, high));
}

/// Values transformed a block at a time by the low stages (pairs closer than
/// [`CACHE_BLOCK`]): a block stays in the core's cache for all of them.
const CACHE_BLOCK: usize = 1 << 16;

/// Consecutive values carried through the high stages together.
const TILE: usize = 64;

avx2_dispatch! {
/// The transform on one thread, in a few sweeps over memory instead of one a stage: the stages
/// pairing values closer than [`CACHE_BLOCK`] run block by block (a block stays in the core's
/// cache for all of them), the others three at a time, each sweep reading eight far apart
/// streams of contiguous values. Each stage adds and subtracts along one bit of the index, so
/// stages commute and the order changes no value.
///
/// With AVX2, eight values an instruction.
fn transform_in_cache(values: &mut [i32]) = transform_in_cache_inline;
}

#[inline(always)]
fn transform_in_cache_inline(values: &mut [i32]) {
    let length = values.len();
    let block = length.min(CACHE_BLOCK);
    for chunk in values.chunks_exact_mut(block) {
        // The three closest stages at once, eight values at a time: one at a time their
        // loops would run one, two and four values long.
        let mut half = 1;
        if block >= 8 {
            for eight in chunk.chunks_exact_mut(8) {
                transform_eight(eight);
            }
            half = 8;
        }
        while half < block {
            for pair in chunk.chunks_exact_mut(2 * half) {
                let (low, high) = pair.split_at_mut(half);
                butterfly(low, high);
            }
            half *= 2;
        }
    }
    let mut half = block;
    while half < length {
        let stages = (length / half).trailing_zeros().min(3);
        far_stages(values, half, stages);
        half <<= stages;
    }
}

/// Runs `stages` (1 to 3) consecutive stages from the one pairing values `half` apart (at least
/// [`TILE`]) in one sweep: each group of 2^stages values, `half` apart, is taken a tile of
/// contiguous values at a time from each of its 2^stages rows.
#[inline(always)]
fn far_stages(values: &mut [i32], half: usize, stages: u32) {
    let rows = 1usize << stages;
    let mut tiles = [[0i32; TILE]; 8];
    for group in (0..values.len()).step_by(half * rows) {
        for offset in (0..half).step_by(TILE) {
            for (row, tile) in tiles.iter_mut().enumerate().take(rows) {
                let start = group + row * half + offset;
                tile.copy_from_slice(&values[start..start + TILE]);
            }
            let mut distance = 1;
            while distance < rows {
                for first in (0..rows).step_by(2 * distance) {
                    for row in first..first + distance {
                        let (low, high) = tiles.split_at_mut(row + distance);
                        butterfly(&mut low[row], &mut high[0]);
                    }
                }
                distance *= 2;
            }
            for (row, tile) in tiles.iter().enumerate().take(rows) {
                let start = group + row * half + offset;
                values[start..start + TILE].copy_from_slice(tile);
            }
        }
    }
}

/// The transform of eight values, written out.
#[inline(always)]
fn transform_eight(values: &mut [i32]) {
    let mut v = [0i32; 8];
    v.copy_from_slice(values);
    for half in [1, 2, 4] {
        for start in (0..8).step_by(2 * half) {
            for index in start..start + half {
                (v[index], v[index + half]) =
                    (v[index] + v[index + half], v[index] - v[index + half]);
            }
        }
    }
    values.copy_from_slice(&v);
}

#[inline(always)]
fn butterfly(low: &mut [i32], high: &mut [i32]) {
    for (a, b) in low.iter_mut().zip(high.iter_mut()) {
        let (x, y) = (*a, *b);
        *a = x + y;
        *b = x - y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache-blocked transform gives exactly the values of one sweep a stage, on sizes
    /// within one block and across many (where the far stages run in sweeps).
    #[test]
    fn the_blocked_transform_agrees_with_one_sweep_a_stage() {
        // Past 2^16 the far stages run in sweeps of three, two and one.
        for bits in [0, 1, 4, 14, 16, 17, 18, 19, 21] {
            let original: Vec<i32> = (0..1i64 << bits)
                .map(|n| (n * 40503 % 31) as i32 - 15)
                .collect();
            let mut expected = original.clone();
            let mut half = 1;
            while half < expected.len() {
                for pair in expected.chunks_exact_mut(2 * half) {
                    let (low, high) = pair.split_at_mut(half);
                    for (a, b) in low.iter_mut().zip(high.iter_mut()) {
                        (*a, *b) = (*a + *b, *a - *b);
                    }
                }
                half *= 2;
            }
            let mut blocked = original;
            transform_in_cache(&mut blocked);
            assert_eq!(blocked, expected, "2^{bits} values");
        }
    }

    #[test]
    fn the_transform_is_its_own_inverse_up_to_scale_on_every_thread_count() {
        let original: Vec<i32> = (0..1i64 << 19)
            .map(|n| (n * 7919 % 23) as i32 - 11)
            .collect();
        let mut serial = original.clone();
        transform_with(&mut serial, 1);
        for threads in [2, 4, 8] {
            let mut parallel = original.clone();
            transform_with(&mut parallel, threads);
            assert_eq!(parallel, serial, "{threads} threads");
        }
        transform_with(&mut serial, 2);
        let scale = original.len() as i32;
        assert!(serial.iter().zip(&original).all(|(&t, &o)| t == o * scale));
        let mut small = vec![1, 0, 0, 0];
        transform(&mut small);
        assert_eq!(small, [1, 1, 1, 1]);
        let mut small = vec![0, 1, 0, 0];
        transform(&mut small);
        assert_eq!(small, [1, -1, 1, -1]);
    }
}
