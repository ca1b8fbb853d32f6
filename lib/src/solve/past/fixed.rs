//! The tap sets of a coset that some of the board's symmetries map onto themselves.
//!
//! A symmetry `g` that keeps the puzzle's taps and the cells to turn over maps the coset of
//! tap sets finishing a board onto itself. The tap sets it fixes (`g x = x`) make a smaller
//! coset of their own: `x + q` is fixed, for a fixed `x`, exactly when the quiet tap set `q`
//! is. Past the exact limit its null space can be small enough to search in full: the least
//! tap set among the fixed ones is then an answer found exactly, though only an upper bound on
//! the whole coset's least. On the all-on boards the least tap set is often symmetric, and
//! where it is not a symmetric one is still far closer to it than a descent gets.

use crate::grid::{Grid, Shape};

use crate::solve::coset::symmetry::Symmetry;
use crate::solve::quiet::reduce_to_pivots;

/// The tap sets of a coset fixed by a group: one of them, and a basis of the quiet tap sets the
/// group fixes (the difference of any two of them).
#[derive(Clone, Debug)]
pub(crate) struct FixedCoset {
    /// A tap set of the coset every symmetry of the group maps onto itself.
    pub(crate) taps: Grid,
    /// A basis of the quiet tap sets every symmetry of the group maps onto itself.
    pub(crate) quiet: Vec<Grid>,
}

/// The quiet tap sets reduced so that each has a cell, its pivot, that no other has: the
/// coordinates of any quiet tap set over them are then its cells at the pivots, read off
/// without any elimination.
pub(crate) struct Pivoted {
    /// The reduced quiet tap sets.
    quiet: Vec<Grid>,
    /// Each one's pivot cell, (row, column) from 0.
    pivots: Vec<(usize, usize)>,
}

impl Pivoted {
    /// `quiet` (a basis of the whole null space) reduced to pivots.
    pub(crate) fn new(quiet: &[Grid]) -> Pivoted {
        let mut reduced = quiet.to_vec();
        let pivots = reduce_to_pivots(&mut reduced, Grid::words, Grid::xor_with);
        let words_per_row = quiet.first().map_or(1, |grid| grid.shape().words_per_row());
        Pivoted {
            quiet: reduced,
            // A pivot's word and bit as its cell: the highest bit is a word's first column.
            pivots: pivots
                .into_iter()
                .map(|(word, bit)| {
                    let col = (word % words_per_row) * 64 + bit.leading_zeros() as usize;
                    (word / words_per_row, col)
                })
                .collect(),
        }
    }

    /// The tap sets of `taps + span(quiet)` that every symmetry in `generators` maps onto
    /// itself, or `None` when there is none. Each symmetry must map the coset onto itself (keep
    /// the puzzle's taps and the cells to turn over).
    ///
    /// A sum `x = taps + sum c_i quiet_i` is fixed by `g` exactly when it is fixed by `g^-1`,
    /// that is when `sum c_i (g^-1 quiet_i + quiet_i)` equals `g^-1 taps + taps`: quiet tap
    /// sets all, whose coordinates are their cells at the pivots, and `g^-1 y` at the pivot `p`
    /// is `y` at `g p`. One linear system over the coefficients, a row for every pivot and
    /// generator; its solutions are one of them plus the kernel, which is the fixed quiet tap
    /// sets.
    pub(crate) fn fixed_coset(&self, taps: &Grid, generators: &[Symmetry]) -> Option<FixedCoset> {
        let shape: Shape = taps.shape();
        let count = self.quiet.len();
        let words = count.div_ceil(64).max(1);
        let bit =
            |vector: &mut [u64], position: usize| vector[position / 64] |= 1 << (position % 64);
        // Where each generator sends each pivot.
        let images: Vec<Vec<(usize, usize)>> = generators
            .iter()
            .map(|&symmetry| {
                self.pivots
                    .iter()
                    .map(|&(row, col)| symmetry.map(shape, row, col))
                    .collect()
            })
            .collect();
        // The coordinates of `g^-1 y + y` for every generator, one after another.
        let moved = |y: &Grid| -> Vec<u64> {
            let mut coordinates = vec![0u64; words * generators.len()];
            for (at, images) in images.iter().enumerate() {
                for (j, (&(row, col), &(to_row, to_col))) in
                    self.pivots.iter().zip(images).enumerate()
                {
                    if y.get(row, col) != y.get(to_row, to_col) {
                        bit(&mut coordinates, at * words * 64 + j);
                    }
                }
            }
            coordinates
        };
        let unit = |index: usize| {
            let mut combination = vec![0u64; words];
            bit(&mut combination, index);
            combination
        };
        let mut system = Echelon::default();
        let mut kernel = Vec::new();
        for (index, vector) in self.quiet.iter().enumerate() {
            if let Some(combination) = system.insert(moved(vector), unit(index)) {
                kernel.push(combination);
            }
        }
        let (rest, combination) = system.reduce(moved(taps), vec![0u64; words]);
        if rest.iter().any(|&word| word != 0) {
            return None;
        }
        let sum_of = |start: Grid, combination: &[u64]| {
            let mut sum = start;
            for (index, vector) in self.quiet.iter().enumerate() {
                if combination[index / 64] >> (index % 64) & 1 == 1 {
                    sum.xor_with(vector);
                }
            }
            sum
        };
        Some(FixedCoset {
            taps: sum_of(taps.clone(), &combination),
            quiet: kernel
                .iter()
                .map(|combination| sum_of(Grid::new(shape), combination))
                .collect(),
        })
    }
}

/// Vectors in echelon form, each with the combination of the inputs it is: every vector is 0
/// at the pivots of the vectors before it.
#[derive(Default)]
struct Echelon {
    /// Each vector's pivot (word, bit), the vector and its combination.
    rows: Vec<(usize, u64, Vec<u64>, Vec<u64>)>,
}

impl Echelon {
    /// `vector` (the combination `combination`) less every row whose pivot it has, in order:
    /// 0 exactly when it is in the rows' span.
    fn reduce(&self, mut vector: Vec<u64>, mut combination: Vec<u64>) -> (Vec<u64>, Vec<u64>) {
        for (word, bit, row, row_combination) in &self.rows {
            if vector[*word] & bit != 0 {
                xor_into(&mut vector, row);
                xor_into(&mut combination, row_combination);
            }
        }
        (vector, combination)
    }

    /// Adds `vector` (the combination `combination`) as a row, or gives back the combination
    /// that makes 0 when it is in the rows' span.
    fn insert(&mut self, vector: Vec<u64>, combination: Vec<u64>) -> Option<Vec<u64>> {
        let (vector, combination) = self.reduce(vector, combination);
        match vector.iter().position(|&word| word != 0) {
            None => Some(combination),
            Some(word) => {
                let bit = vector[word] & vector[word].wrapping_neg();
                self.rows.push((word, bit, vector, combination));
                None
            }
        }
    }
}

/// `target ^= source`, word by word.
fn xor_into(target: &mut [u64], source: &[u64]) {
    for (target, source) in target.iter_mut().zip(source) {
        *target ^= source;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Goal, test_puzzle};
    use crate::solve::Solver;
    use crate::solve::coset::symmetry::puzzle_symmetries;
    use crate::solve::tests::{Map, kept_by_map, maps};

    /// The map of `maps` that moves every cell where `symmetry` does.
    fn map_of(
        maps: &[Map],
        symmetry: Symmetry,
        shape: Shape,
    ) -> &dyn Fn(usize, usize) -> (usize, usize) {
        let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
        let same = |map: &dyn Fn(usize, usize) -> (usize, usize)| {
            (0..rows).all(|r| (0..cols).all(|c| map(r, c) == symmetry.map(shape, r, c)))
        };
        &**maps
            .iter()
            .find(|map| same(&***map))
            .expect("one of the eight")
    }

    /// Every element of `taps + span(quiet)`, one sum of the quiet tap sets after another.
    fn every_element(taps: &Grid, quiet: &[Grid]) -> Vec<Grid> {
        (0u32..1 << quiet.len())
            .map(|mask| {
                let mut sum = taps.clone();
                for (index, vector) in quiet.iter().enumerate() {
                    if mask >> index & 1 == 1 {
                        for (row, col) in vector.cells() {
                            sum.toggle(row, col);
                        }
                    }
                }
                sum
            })
            .collect()
    }

    /// The words of every grid, sorted: a set to compare.
    fn as_set(grids: &[Grid]) -> Vec<Vec<u64>> {
        let mut set: Vec<Vec<u64>> = grids.iter().map(|grid| grid.words().to_vec()).collect();
        set.sort();
        set.dedup();
        set
    }

    /// Cells to turn over that the group `group` generates keeps: a random grid, with every
    /// cell's orbit set too.
    fn kept_by(shape: Shape, group: &[&dyn Fn(usize, usize) -> (usize, usize)], seed: u64) -> Grid {
        let mut state = seed;
        let mut grid = Grid::new(shape);
        for row in 0..shape.rows() as usize {
            for col in 0..shape.cols() as usize {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                if state >> 62 == 0 {
                    // The cell's whole orbit under the group the maps generate.
                    let mut orbit = vec![(row, col)];
                    while let Some((row, col)) = orbit.pop() {
                        if !grid.get(row, col) {
                            grid.set(row, col, true);
                            orbit.extend(group.iter().map(|map| map(row, col)));
                        }
                    }
                }
            }
        }
        grid
    }

    /// The fixed coset is exactly the tap sets of the coset that every symmetry of the group
    /// leaves where they are, each checked cell by cell against the maps written out above:
    /// for one symmetry and for every pair, on squares and oblongs with quiet tap sets, for
    /// the all-on board and for boards kept by the pair; `None` exactly when there are none.
    #[test]
    fn the_fixed_coset_is_every_tap_set_of_the_coset_its_group_fixes() {
        let mut compared = (0, 0);
        // Chased (`plus`), with every pivot in the first row, and eliminated (the torus, `x`),
        // with pivots further down.
        let boards = [
            (4, 4, "plus", false),
            (5, 5, "plus", false),
            (9, 9, "plus", false),
            (11, 11, "plus", false),
            (16, 16, "plus", false),
            (4, 9, "plus", false),
            (5, 17, "plus", false),
            (6, 6, "plus", true),
            (5, 5, "x", false),
            (6, 6, "x", false),
        ];
        for (rows, cols, rule, wrap) in boards {
            let puzzle = test_puzzle(rows, cols, rule, wrap, Goal::White);
            let shape = puzzle.shape();
            let solver = Solver::new(puzzle.clone()).unwrap();
            let quiet = solver.quiet_tap_basis().to_vec();
            let maps = maps(rows as usize, cols as usize);
            let symmetries = puzzle_symmetries(&puzzle);
            for (first, &one) in symmetries.iter().enumerate() {
                for &other in &symmetries[first..] {
                    let group = [map_of(&maps, one, shape), map_of(&maps, other, shape)];
                    let all_on = Grid::filled(shape, crate::notation::Color::Black);
                    for lit in [all_on, kept_by(shape, &group, 5), kept_by(shape, &group, 9)] {
                        let Some(taps) = solver.particulars(std::slice::from_ref(&lit))[0].clone()
                        else {
                            continue;
                        };
                        let fixed: Vec<Grid> = every_element(&taps, &quiet)
                            .into_iter()
                            .filter(|x| group.iter().all(|map| kept_by_map(x, map)))
                            .collect();
                        let label = format!("{rows}x{cols} {rule} wrap {wrap} {one:?} {other:?}");
                        match Pivoted::new(&quiet).fixed_coset(&taps, &[one, other]) {
                            None => {
                                assert!(fixed.is_empty(), "{label}: {} fixed", fixed.len());
                                compared.0 += 1;
                            }
                            Some(found) => {
                                let listed = every_element(&found.taps, &found.quiet);
                                assert_eq!(listed.len(), fixed.len(), "{label}");
                                assert_eq!(as_set(&listed), as_set(&fixed), "{label}");
                                compared.1 += 1;
                            }
                        }
                    }
                }
            }
        }
        // Both answers met, many times.
        assert!(compared.0 >= 50 && compared.1 >= 40, "{compared:?}");
    }

    /// On boards whose cosets are too large to list, what two symmetries fix together is what
    /// the second fixes among what the first fixes alone (that listed, each element checked
    /// cell by cell with the maps written out): both generators' equations count, each in its
    /// own rows.
    #[test]
    fn two_generators_fix_what_each_fixes() {
        let mut nontrivial = 0;
        for n in [19, 30] {
            let puzzle = test_puzzle(n, n, "plus", false, Goal::White);
            let shape = puzzle.shape();
            let solver = Solver::new(puzzle.clone()).unwrap();
            let pivoted = Pivoted::new(solver.quiet_tap_basis());
            let maps = maps(n as usize, n as usize);
            let lit = Grid::filled(shape, crate::notation::Color::Black);
            let taps = solver.particulars(std::slice::from_ref(&lit))[0]
                .clone()
                .unwrap();
            let symmetries = puzzle_symmetries(&puzzle);
            for &one in &symmetries {
                let Some(alone) = pivoted.fixed_coset(&taps, &[one]) else {
                    continue;
                };
                for &other in &symmetries {
                    let map = map_of(&maps, other, shape);
                    let kept: Vec<Grid> = every_element(&alone.taps, &alone.quiet)
                        .into_iter()
                        .filter(|x| kept_by_map(x, map))
                        .collect();
                    let label = format!("{n}x{n} {one:?} {other:?}");
                    match pivoted.fixed_coset(&taps, &[one, other]) {
                        None => assert!(kept.is_empty(), "{label}"),
                        Some(both) => {
                            let listed = every_element(&both.taps, &both.quiet);
                            assert_eq!(as_set(&listed), as_set(&kept), "{label}");
                            nontrivial += usize::from(!both.quiet.is_empty() && one != other);
                        }
                    }
                }
            }
        }
        assert!(nontrivial >= 10, "{nontrivial}");
    }

    /// The rank of `grids` over GF(2), by elimination on their first cells.
    fn rank(grids: &[Grid]) -> usize {
        let mut rows: Vec<(Grid, (usize, usize))> = Vec::new();
        for grid in grids {
            let mut grid = grid.clone();
            for (row, first) in &rows {
                if grid.get(first.0, first.1) {
                    grid.xor_with(row);
                }
            }
            let first = grid.cells().next();
            if let Some(first) = first {
                for (row, _) in &mut rows {
                    if row.get(first.0, first.1) {
                        row.xor_with(&grid);
                    }
                }
                rows.push((grid, first));
            }
        }
        rows.len()
    }

    /// Past 64 quiet tap sets (a coefficient vector of two words), each generator's equations
    /// still keep to their own rows, on `sigma` 100x100 (nullity 100): for the quiet tap sets
    /// and for the all-on board's coset, every tap set found is fixed by both, cell by cell,
    /// and the quiet tap sets found are as many as the two fix alone have in common.
    #[test]
    fn past_64_quiet_tap_sets_what_is_found_is_fixed() {
        let puzzle = test_puzzle(100, 100, "sigma", false, Goal::White);
        let shape = puzzle.shape();
        let solver = Solver::new(puzzle.clone()).unwrap();
        assert!(solver.nullity() > 64, "{}", solver.nullity());
        let pivoted = Pivoted::new(solver.quiet_tap_basis());
        let maps = maps(100, 100);
        // The quiet tap sets themselves (the coset of no taps), and the all-on board's coset.
        let all_on = Grid::filled(shape, crate::notation::Color::Black);
        let particular = solver.particulars(std::slice::from_ref(&all_on))[0].clone();
        let symmetries = puzzle_symmetries(&puzzle);
        let mut found = 0;
        for taps in std::iter::once(Grid::new(shape)).chain(particular) {
            for (first, &one) in symmetries.iter().enumerate() {
                for &other in &symmetries[first + 1..] {
                    let Some(both) = pivoted.fixed_coset(&taps, &[one, other]) else {
                        continue;
                    };
                    for symmetry in [one, other] {
                        let map = map_of(&maps, symmetry, shape);
                        for x in std::iter::once(&both.taps).chain(&both.quiet) {
                            assert!(kept_by_map(x, map));
                        }
                    }
                    // As many as the two fix alone have in common: dim U + dim V - dim (U + V).
                    let alone = |symmetry| pivoted.fixed_coset(&taps, &[symmetry]).unwrap().quiet;
                    let (first, second) = (alone(one), alone(other));
                    let union: Vec<Grid> = first.iter().chain(&second).cloned().collect();
                    let common = first.len() + second.len() - rank(&union);
                    assert_eq!(both.quiet.len(), common, "{one:?} {other:?}");
                    found += both.quiet.len();
                }
            }
        }
        assert!(found >= 10, "{found}");
    }
}
