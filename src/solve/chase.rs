//! Light chasing over GF(2) on bit-packed rows, for rules where it works (see
//! [`Puzzle::chase_pattern`]): once the first row's taps are chosen, the taps of every other row
//! are forced (row r + 1 must turn off whatever row r has left on), and what the last row has
//! left on is an affine function `A x + b` of the first row's taps `x`. `A` depends only on the
//! puzzle, `b` on the board; so a board is solvable exactly when `b` is in the column space of
//! `A`, and its solutions are one particular tap set plus the quiet tap sets, chased from the
//! null space of `A`.

use crate::grid::{Grid, Shape, mask_row};
use crate::puzzle::{ChasePattern, Puzzle};

use super::bits::{first_bit, has_bit, xor_into};

/// One reduced column of `A`, with the first-row taps (`tag`) whose columns sum to it.
#[derive(Clone, Debug)]
struct Reduced {
    pivot: usize,
    vector: Vec<u64>,
    tag: Vec<u64>,
}

/// `A` reduced for one puzzle, and the first rows of a basis of its quiet tap sets.
#[derive(Clone, Debug)]
pub(crate) struct Chase {
    shape: Shape,
    pattern: ChasePattern,
    reduced: Vec<Reduced>,
    null_basis: Vec<Vec<u64>>,
}

impl Chase {
    /// Builds `A` by chasing each unit first row, and reduces it; `None` when the puzzle's rule
    /// cannot be chased.
    pub(crate) fn new(puzzle: &Puzzle) -> Option<Chase> {
        let pattern = puzzle.chase_pattern()?;
        let shape = puzzle.shape();
        let cols = shape.cols() as usize;
        let width = shape.words_per_row();
        let mut reduced: Vec<Reduced> = Vec::new();
        let mut null_basis = Vec::new();
        let mut chaser = Chaser::new(shape, pattern.clone());
        for col in 0..cols {
            let mut tag = vec![0u64; width];
            tag[col / 64] |= 1u64 << (63 - col % 64);
            let mut vector = chaser.residual(&tag, None);
            for row in &reduced {
                if has_bit(&vector, row.pivot) {
                    xor_into(&mut vector, &row.vector);
                    xor_into(&mut tag, &row.tag);
                }
            }
            match first_bit(&vector) {
                None => null_basis.push(tag),
                Some(pivot) => {
                    for row in &mut reduced {
                        if has_bit(&row.vector, pivot) {
                            xor_into(&mut row.vector, &vector);
                            xor_into(&mut row.tag, &tag);
                        }
                    }
                    reduced.push(Reduced { pivot, vector, tag });
                }
            }
        }
        Some(Chase {
            shape,
            pattern,
            reduced,
            null_basis,
        })
    }

    /// The dimension of the null space: how many independent quiet tap sets.
    pub(crate) fn nullity(&self) -> usize {
        self.null_basis.len()
    }

    /// The first `limit` quiet tap sets of the basis, chased out to whole boards.
    pub(crate) fn quiet_basis(&self, limit: usize) -> Vec<Grid> {
        let mut chaser = Chaser::new(self.shape, self.pattern.clone());
        self.null_basis
            .iter()
            .take(limit)
            .map(|first| chaser.taps(first, None).0)
            .collect()
    }

    /// A tap set that turns over exactly the cells of `lit` an odd number of times, if any.
    pub(crate) fn particular(&self, lit: &Grid) -> Option<Grid> {
        let mut chaser = Chaser::new(self.shape, self.pattern.clone());
        let zero = vec![0u64; self.shape.words_per_row()];
        let first = self.express(chaser.residual(&zero, Some(lit)))?;
        let (taps, residual) = chaser.taps(&first, Some(lit));
        debug_assert!(residual.iter().all(|&w| w == 0));
        Some(taps)
    }

    /// First-row taps `x` with `A x = target`, or `None` when `target` is not in the span.
    fn express(&self, mut target: Vec<u64>) -> Option<Vec<u64>> {
        let mut first = vec![0u64; self.shape.words_per_row()];
        for row in &self.reduced {
            if has_bit(&target, row.pivot) {
                xor_into(&mut target, &row.vector);
                xor_into(&mut first, &row.tag);
            }
        }
        target.iter().all(|&w| w == 0).then_some(first)
    }
}

/// Light chasing with reusable row buffers.
struct Chaser {
    shape: Shape,
    pattern: ChasePattern,
    /// The Flip Game's own pattern, which has a faster row step.
    plus: bool,
    previous: Vec<u64>,
    current: Vec<u64>,
    next: Vec<u64>,
}

impl Chaser {
    fn new(shape: Shape, pattern: ChasePattern) -> Chaser {
        let width = shape.words_per_row();
        Chaser {
            shape,
            plus: pattern.same_row == [-1, 0, 1] && pattern.row_below == [0],
            pattern,
            previous: vec![0; width],
            current: vec![0; width],
            next: vec![0; width],
        }
    }

    /// Chases from first-row taps `first` on `lit` (none: nothing lit) and returns what the last
    /// row has left on.
    fn residual(&mut self, first: &[u64], lit: Option<&Grid>) -> Vec<u64> {
        self.run(first, lit, |_, _| {});
        self.current.clone()
    }

    /// Chases and returns every row's taps, and what the last row has left on.
    fn taps(&mut self, first: &[u64], lit: Option<&Grid>) -> (Grid, Vec<u64>) {
        let mut taps = Grid::new(self.shape);
        self.run(first, lit, |row, words| {
            taps.row_mut(row).copy_from_slice(words)
        });
        (taps, self.current.clone())
    }

    fn run(&mut self, first: &[u64], lit: Option<&Grid>, mut visit: impl FnMut(usize, &[u64])) {
        let cols = self.shape.cols();
        self.previous.fill(0);
        self.current.copy_from_slice(first);
        for row in 0..self.shape.rows() as usize {
            visit(row, &self.current);
            if self.plus {
                spread(&self.current, &mut self.next, cols);
                xor_into(&mut self.next, &self.previous);
            } else {
                self.next.fill(0);
                for &offset in &self.pattern.same_row {
                    xor_shifted(&mut self.next, &self.current, offset);
                }
                for &offset in &self.pattern.row_below {
                    xor_shifted(&mut self.next, &self.previous, offset);
                }
                mask_row(&mut self.next, cols);
            }
            if let Some(lit) = lit {
                xor_into(&mut self.next, lit.row(row));
            }
            // Row `row` is now cleared exactly when the next row taps what is left on in it.
            std::mem::swap(&mut self.previous, &mut self.current);
            std::mem::swap(&mut self.current, &mut self.next);
        }
    }
}

/// `out` = what taps `taps` in one row turn over in that row under `plus`: each tapped cell and
/// its left and right neighbours (column 0 is the most significant bit of the first word).
pub(crate) fn spread(taps: &[u64], out: &mut [u64], cols: u32) {
    let words = taps.len();
    for index in 0..words {
        let word = taps[index];
        // Toward lower columns is toward higher bits; the bit falling off the top of the next
        // word enters at the bottom of this one, and the other way round.
        let from_right = if index + 1 < words {
            taps[index + 1] >> 63
        } else {
            0
        };
        let from_left = if index > 0 { taps[index - 1] << 63 } else { 0 };
        out[index] = word ^ (word << 1 | from_right) ^ (word >> 1 | from_left);
    }
    mask_row(out, cols);
}

/// Adds to `out` the row `source` moved `offset` columns to the right (left when negative):
/// column c of `out` gets column c - offset of `source`. Bits moved past the last column must be
/// masked off by the caller.
pub(crate) fn xor_shifted(out: &mut [u64], source: &[u64], offset: i32) {
    let words = source.len();
    let amount = offset.unsigned_abs() as usize;
    let (skip, bits) = (amount / 64, amount % 64);
    if offset >= 0 {
        // Toward higher columns is toward lower bits, carrying from the word before.
        for (from, target) in out.iter_mut().skip(skip).enumerate() {
            let mut value = source[from] >> bits;
            if bits > 0 && from > 0 {
                value |= source[from - 1] << (64 - bits);
            }
            *target ^= value;
        }
    } else {
        for (index, target) in out.iter_mut().take(words.saturating_sub(skip)).enumerate() {
            let from = index + skip;
            let mut value = source[from] << bits;
            if bits > 0 && from + 1 < words {
                value |= source[from + 1] >> (64 - bits);
            }
            *target ^= value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_crosses_word_boundaries_both_ways() {
        let cols = 130;
        let mut taps = vec![0u64; 3];
        taps[1] = 1u64 << 63; // column 64: its left neighbour is the last bit of word 0
        let mut out = vec![0u64; 3];
        spread(&taps, &mut out, cols);
        assert_eq!(out, vec![1, 3u64 << 62, 0]);
        let mut taps = vec![0u64; 3];
        taps[0] = 1; // column 63: its right neighbour is the first bit of word 1
        spread(&taps, &mut out, cols);
        assert_eq!(out, vec![3, 1u64 << 63, 0]);
    }

    /// Shifting by every offset agrees with moving the bits one at a time.
    #[test]
    fn shifted_rows_match_bit_by_bit() {
        let cols = 150usize;
        let mut source = vec![0u64; 3];
        for col in [0usize, 1, 62, 63, 64, 65, 100, 127, 128, 149] {
            source[col / 64] |= 1u64 << (63 - col % 64);
        }
        for offset in -140i32..=140 {
            let mut out = vec![0u64; 3];
            xor_shifted(&mut out, &source, offset);
            mask_row(&mut out, cols as u32);
            for col in 0..cols {
                let from = col as i64 - i64::from(offset);
                let expected = (0..cols as i64).contains(&from) && has_bit(&source, from as usize);
                assert_eq!(has_bit(&out, col), expected, "offset {offset} col {col}");
            }
        }
    }
}
