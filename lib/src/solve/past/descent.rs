//! The greedy descent past the exact limit: quiet tap sets added one at a time while each
//! lowers the count of taps.

use crate::grid::Grid;

use crate::solve::quiet::QuietTaps;

/// Greedy descent: keep adding any quiet tap set that lowers the count, until none does.
pub(crate) fn improve_locally<Q: QuietTaps + ?Sized>(taps: Grid, quiet: &Q) -> Grid {
    let mut current = taps;
    let mut count = current.count();
    loop {
        let mut improved = false;
        quiet.each(&mut |pattern| {
            let candidate_count = current.count_differing(pattern);
            if candidate_count < count {
                current.xor_with(pattern);
                count = candidate_count;
                improved = true;
            }
        });
        if !improved {
            return current;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::solve::tests::grid_of;

    /// A one-row grid from its cells, `1` for a set one.
    fn row(text: &str) -> Grid {
        let bits: Vec<bool> = text.chars().map(|c| c == '1').collect();
        grid_of(Shape::new(1, bits.len() as u32).unwrap(), &bits)
    }

    /// The greedy descent takes a quiet tap set only when it lowers the count: one that leaves
    /// it equal is passed over (taking it would also undo it on the next pass, for ever), and
    /// one that lowers it is taken even after such a one.
    #[test]
    fn the_greedy_descent_takes_only_strict_improvements() {
        let taps = row("100110");
        let equal = row("100001");
        let better = row("000110");
        let quiet = vec![equal, better];
        assert_eq!(improve_locally(taps, quiet.as_slice()), row("100000"));
        let stuck = row("100000");
        let quiet = vec![row("110000")];
        assert_eq!(improve_locally(stuck.clone(), quiet.as_slice()), stuck);
    }
}
