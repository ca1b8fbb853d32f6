//! Searches over a coset of the quiet tap sets (the null space): the least tap set, a better one
//! by local search, and the smallest proof of impossibility.

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

/// Greedy descent: keep adding any quiet tap set that lowers the count, until none does.
pub(crate) fn improve_locally(taps: Grid, quiet: &[Grid]) -> Grid {
    let mut current = taps;
    let mut count = current.count();
    loop {
        let mut improved = false;
        for pattern in quiet {
            let mut candidate = current.clone();
            candidate.xor_with(pattern);
            let candidate_count = candidate.count();
            if candidate_count < count {
                current = candidate;
                count = candidate_count;
                improved = true;
            }
        }
        if !improved {
            return current;
        }
    }
}

/// Every sum of a non-empty set of `basis` vectors (2^len - 1 of them), in Gray-code order.
pub(crate) fn all_sums(basis: &[Grid]) -> Vec<Grid> {
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
/// together are (the only other case with at most two goals).
pub(crate) fn any_proof(quiet: &[Grid], parities: &[u32], all: u32) -> Option<Grid> {
    if let Some(index) = parities.iter().position(|&p| p == all) {
        return Some(quiet[index].clone());
    }
    for (i, &a) in parities.iter().enumerate() {
        for (j, &b) in parities.iter().enumerate().skip(i + 1) {
            if a ^ b == all {
                let mut pattern = quiet[i].clone();
                pattern.xor_with(&quiet[j]);
                return Some(pattern);
            }
        }
    }
    None
}
