//! Trying every element of a small coset in Gray-code order, each step one quiet tap set
//! added: the least tap set, every sum of a basis, and the smallest proof of impossibility;
//! and a proof found without trying them all.

use std::cmp::Ordering;

use crate::grid::Grid;

/// The least tap set (fewest taps, then lexicographically least) of `taps` plus any sum of the
/// quiet basis, tried in Gray-code order with the count kept incrementally.
pub(crate) fn least_in_coset(taps: Grid, quiet: &[Grid]) -> Grid {
    let mut current = taps;
    let mut count = current.count();
    let mut best = current.clone();
    let mut best_count = count;
    let steps: u64 = 1 << quiet.len();
    for step in 1..steps {
        let changed = &quiet[step.trailing_zeros() as usize];
        count = flip_counting(&mut current, changed, count);
        if count < best_count || (count == best_count && current.cmp_lexicographic(&best).is_lt()) {
            best.clone_from(&current);
            best_count = count;
        }
    }
    best
}

/// Adds `changed` to `grid` in place and returns the new count of set cells.
fn flip_counting(grid: &mut Grid, changed: &Grid, count: u64) -> u64 {
    let mut delta: i64 = 0;
    for (word, add) in grid.words_mut().iter_mut().zip(changed.words()) {
        let after = *word ^ add;
        delta += i64::from(after.count_ones()) - i64::from(word.count_ones());
        *word = after;
    }
    count.wrapping_add_signed(delta)
}

/// Every sum of a non-empty set of `basis` vectors (2^len - 1 of them), in Gray-code order.
pub fn all_sums(basis: &[Grid]) -> Vec<Grid> {
    let Some(first) = basis.first() else {
        return Vec::new();
    };
    let mut current = Grid::new(first.shape());
    let mut all = Vec::new();
    for step in 1u64..1 << basis.len() {
        current.xor_with(&basis[step.trailing_zeros() as usize]);
        all.push(current.clone());
    }
    all
}

/// The quiet pattern with the fewest cells whose parities against the goals are all odd (ties:
/// the one whose cells come first in row-major order).
pub(crate) fn smallest_proof(quiet: &[Grid], parities: &[u32], all: u32) -> Option<Grid> {
    let shape = quiet.first()?.shape();
    let mut current = Grid::new(shape);
    let mut parity = 0u32;
    let mut best: Option<Grid> = None;
    for step in 1u64..1 << quiet.len() {
        let index = step.trailing_zeros() as usize;
        current.xor_with(&quiet[index]);
        parity ^= parities[index];
        if parity != all {
            continue;
        }
        let better = match &best {
            None => true,
            Some(known) => match current.count().cmp(&known.count()) {
                Ordering::Equal => current.cmp_lexicographic(known).is_gt(),
                order => order.is_lt(),
            },
        };
        if better {
            best = Some(current.clone());
        }
    }
    best
}

/// Some quiet pattern whose parities are all odd: one basis pattern, or two whose parities
/// together are (the only other case with at most two goals: one pattern odd against one goal
/// only, the other against the other only).
pub(crate) fn any_proof(quiet: &[Grid], parities: &[u32], all: u32) -> Option<Grid> {
    if let Some(index) = parities.iter().position(|&p| p == all) {
        return Some(quiet[index].clone());
    }
    let first = parities.iter().position(|&p| p != 0 && p != all)?;
    let second = parities.iter().position(|&p| p == all ^ parities[first])?;
    let mut pattern = quiet[first].clone();
    pattern.xor_with(&quiet[second]);
    Some(pattern)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::solve::tests::grid_of as grid;

    /// Past the smallest-proof search, a proof is still found whenever one exists: for every
    /// list of up to four basis parities against one goal or two, `any_proof` gives a pattern
    /// exactly when some sum of basis patterns is odd against every goal (tried in full), and
    /// the patterns it sums (one cell each here) have parities that are.
    #[test]
    fn any_proof_finds_a_proof_whenever_a_sum_of_basis_patterns_is_odd_against_every_goal() {
        for (goals, all) in [(1usize, 1u32), (2, 3)] {
            for length in 0..=4usize {
                let shape = Shape::new(1, 4).unwrap();
                let quiet: Vec<Grid> = (0..length)
                    .map(|cell| grid(shape, &(0..4).map(|c| c == cell).collect::<Vec<_>>()))
                    .collect();
                for code in 0..1usize << (goals * length) {
                    let parities: Vec<u32> = (0..length)
                        .map(|i| (code >> (goals * i)) as u32 & all)
                        .collect();
                    let exists = (1..1usize << length).any(|subset| {
                        (0..length)
                            .filter(|i| subset >> i & 1 == 1)
                            .fold(0, |sum, i| sum ^ parities[i])
                            == all
                    });
                    let found = any_proof(&quiet, &parities, all);
                    assert_eq!(found.is_some(), exists, "{parities:?} against {all}");
                    if let Some(pattern) = found {
                        let sum = (0..length)
                            .filter(|&i| pattern.get(0, i))
                            .fold(0, |sum, i| sum ^ parities[i]);
                        assert_eq!(sum, all, "{parities:?}: {pattern}");
                    }
                }
            }
        }
    }
}
