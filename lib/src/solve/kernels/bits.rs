//! Word-level helpers for bit vectors stored most significant bit first (bit `i` is bit
//! `63 - i % 64` of word `i / 64`), the layout of [`crate::grid::Grid`] rows.

/// Adds `other` to `target` word by word, modulo 2.
#[inline(always)]
pub(crate) fn xor_into(target: &mut [u64], other: &[u64]) {
    for (word, add) in target.iter_mut().zip(other) {
        *word ^= add;
    }
}

/// The single bit of index `index` within its word.
#[inline]
pub(crate) fn bit_of(index: usize) -> u64 {
    1u64 << (63 - index % 64)
}

/// True when bit `index` is set.
#[inline]
pub(crate) fn has_bit(words: &[u64], index: usize) -> bool {
    words[index / 64] & bit_of(index) != 0
}

/// The index of the first set bit, if any.
pub(crate) fn first_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .position(|&w| w != 0)
        .map(|index| index * 64 + words[index].leading_zeros() as usize)
}
