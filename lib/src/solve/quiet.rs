//! A basis of quiet tap sets (the null space of the tap matrix), held as whole boards or as
//! first rows chased out on demand: the one interface the searches walk it through.

use crate::grid::Grid;

use crate::solve::kernels::bits::xor_into;

/// Quiet tap sets shown one at a time: stored, or made on demand so that a large board's need
/// not all be held at once.
pub(crate) trait QuietTaps {
    /// Shows `visit` each quiet tap set in turn.
    fn each(&self, visit: &mut dyn FnMut(&Grid));
}

impl QuietTaps for [Grid] {
    fn each(&self, visit: &mut dyn FnMut(&Grid)) {
        self.iter().for_each(visit);
    }
}

impl<T: QuietTaps + ?Sized> QuietTaps for &T {
    fn each(&self, visit: &mut dyn FnMut(&Grid)) {
        (**self).each(visit);
    }
}

/// A basis of quiet tap sets that the coset index reduces and walks a word at a time.
pub(crate) trait QuietBasis: Send + Sync {
    /// How many quiet tap sets.
    fn len(&self) -> usize;

    /// Reduces the basis in place so each vector has a first set cell (its pivot: word index
    /// and bit) that no other has, in order of those cells, drops the vectors that reduce to
    /// nothing, and returns the pivots.
    fn reduce_to_pivots(&mut self) -> Vec<(usize, u64)>;

    /// Shows `visit` every word index of the board in order, with each vector's word there (in
    /// basis order).
    fn each_word(&self, visit: &mut dyn FnMut(usize, &[u64]));

    /// Adds to `taps` the vectors `chosen` picks (bit `len - 1 - i` for the `i`th).
    fn add_sum(&self, taps: &mut Grid, chosen: u64);
}

impl QuietBasis for Vec<Grid> {
    fn len(&self) -> usize {
        self.as_slice().len()
    }

    fn reduce_to_pivots(&mut self) -> Vec<(usize, u64)> {
        reduce_to_pivots(self, Grid::words, Grid::xor_with)
    }

    fn each_word(&self, visit: &mut dyn FnMut(usize, &[u64])) {
        let words = self.first().map_or(0, |grid| grid.words().len());
        let mut column = vec![0u64; self.as_slice().len()];
        for word in 0..words {
            for (value, grid) in column.iter_mut().zip(self) {
                *value = grid.words()[word];
            }
            visit(word, &column);
        }
    }

    fn add_sum(&self, taps: &mut Grid, chosen: u64) {
        for (position, vector) in self.iter().enumerate() {
            if is_chosen(chosen, self.as_slice().len(), position) {
                taps.xor_with(vector);
            }
        }
    }
}

/// Whether coefficients `chosen` pick the `position`th of `count` vectors: the first vector's
/// coefficient is the highest bit.
pub(crate) fn is_chosen(chosen: u64, count: usize, position: usize) -> bool {
    chosen >> (count - 1 - position) & 1 == 1
}

/// Adds the chosen first rows of a chased basis into one first row (`first`).
pub(crate) fn add_chosen_rows(first: &mut [u64], rows: &[Vec<u64>], chosen: u64) {
    for (position, row) in rows.iter().enumerate() {
        if is_chosen(chosen, rows.len(), position) {
            xor_into(first, row);
        }
    }
}

/// Reduces `vectors` in place so each has a first set bit (its pivot: word index and bit) that
/// no other has, in order of those bits, drops the vectors that reduce to nothing, and returns
/// the pivots. A chased basis is reduced by its first rows: a quiet tap set's first set cell is
/// in its first row, which starts the board's words.
pub(crate) fn reduce_to_pivots<T>(
    vectors: &mut Vec<T>,
    words: impl Fn(&T) -> &[u64],
    add: impl Fn(&mut T, &T),
) -> Vec<(usize, u64)>
where
    T: Clone,
{
    let mut pivots = Vec::with_capacity(vectors.len());
    for row in 0..vectors.len() {
        let first = (row..vectors.len())
            .filter_map(|candidate| {
                let (index, word) = words(&vectors[candidate])
                    .iter()
                    .enumerate()
                    .find(|(_, w)| **w != 0)?;
                Some((index, 1u64 << (63 - word.leading_zeros()), candidate))
            })
            // The earliest cell: the lowest word, then the highest bit in it.
            .min_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((word, bit, chosen)) = first else {
            break;
        };
        vectors.swap(row, chosen);
        let pivot_row = vectors[row].clone();
        for (other, vector) in vectors.iter_mut().enumerate() {
            if other != row && words(vector)[word] & bit != 0 {
                add(vector, &pivot_row);
            }
        }
        pivots.push((word, bit));
    }
    vectors.truncate(pivots.len());
    pivots
}
