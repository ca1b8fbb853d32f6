//! The symmetries of the board a puzzle and a board both keep, and what they spare the sweep.
//!
//! A symmetry `g` of the shape (a reflection or, on a square, a rotation or transposition) that
//! maps every tap's flips onto the flips of the tap it maps to, and the cells to turn over onto
//! themselves, maps every tap set that finishes the board onto another with as many taps. So
//! the least count is reached in every orbit of the group those symmetries make, and the search
//! need only visit one tap set an orbit.
//!
//! The sweep visits the coset in slices, one per assignment of the outer coefficients. When the
//! inner coefficients span a set of quiet tap sets the group maps onto itself, the group maps
//! slices onto slices, and a slice need only be searched when its assignment is the least of
//! its orbit: up to 8 times fewer on a square. The least tap set among the fewest (the tie
//! rule) is then the least over the orbits of the fewest found.

use crate::grid::{Grid, Shape};
use crate::puzzle::Puzzle;

/// A symmetry of a board's shape: transpose first (squares only), then reverse the rows, then
/// the columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Symmetry {
    transpose: bool,
    reverse_rows: bool,
    reverse_cols: bool,
}

impl Symmetry {
    /// Where the cell at `row`, `col` of `shape` goes.
    pub(crate) fn map(self, shape: Shape, row: usize, col: usize) -> (usize, usize) {
        let (mut row, mut col) = if self.transpose {
            (col, row)
        } else {
            (row, col)
        };
        if self.reverse_rows {
            row = shape.rows() as usize - 1 - row;
        }
        if self.reverse_cols {
            col = shape.cols() as usize - 1 - col;
        }
        (row, col)
    }

    /// The symmetry that undoes this one.
    fn inverse(self, shape: Shape) -> Symmetry {
        let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
        all_symmetries(shape)
            .find(|other| {
                (0..rows).all(|row| {
                    (0..cols).all(|col| {
                        let (to_row, to_col) = self.map(shape, row, col);
                        other.map(shape, to_row, to_col) == (row, col)
                    })
                })
            })
            .expect("the symmetries of a shape make a group")
    }

    /// Whether this is the identity.
    fn is_identity(self) -> bool {
        !(self.transpose || self.reverse_rows || self.reverse_cols)
    }

    /// `grid` with every cell moved where this symmetry sends it.
    pub(crate) fn apply(self, grid: &Grid) -> Grid {
        let shape = grid.shape();
        let mut moved = Grid::new(shape);
        for (row, col) in grid.cells() {
            let (row, col) = self.map(shape, row, col);
            moved.set(row, col, true);
        }
        moved
    }
}

/// Every symmetry of `shape`: eight on a square, four on any other board.
fn all_symmetries(shape: Shape) -> impl Iterator<Item = Symmetry> {
    let square = shape.rows() == shape.cols();
    let both = [false, true];
    both.into_iter()
        .flat_map(move |transpose| {
            both.into_iter().flat_map(move |reverse_rows| {
                both.into_iter().map(move |reverse_cols| Symmetry {
                    transpose,
                    reverse_rows,
                    reverse_cols,
                })
            })
        })
        .filter(move |symmetry| square || !symmetry.transpose)
}

/// Every symmetry of `shape` but the identity.
fn shape_symmetries(shape: Shape) -> Vec<Symmetry> {
    all_symmetries(shape)
        .filter(|symmetry| !symmetry.is_identity())
        .collect()
}

/// The symmetries of the shape (not the identity) under which `puzzle`'s taps are the same: a
/// tap's flips, moved, are the flips of the moved tap.
pub(crate) fn puzzle_symmetries(puzzle: &Puzzle) -> Vec<Symmetry> {
    let shape = puzzle.shape();
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    shape_symmetries(shape)
        .into_iter()
        .filter(|&symmetry| {
            (0..rows).all(|row| {
                (0..cols).all(|col| {
                    let (to_row, to_col) = symmetry.map(shape, row, col);
                    let mut moved: Vec<(usize, usize)> = puzzle
                        .flips(row, col)
                        .into_iter()
                        .map(|(r, c)| symmetry.map(shape, r, c))
                        .collect();
                    let mut there = puzzle.flips(to_row, to_col);
                    moved.sort_unstable();
                    there.sort_unstable();
                    moved == there
                })
            })
        })
        .collect()
}

/// A group of symmetries: its members and a few that generate it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Subgroup {
    /// Every member but the identity.
    pub(crate) members: Vec<Symmetry>,
    /// One or two members whose compositions make every member: what a tap set must be kept by
    /// to be kept by the whole group.
    pub(crate) generators: Vec<Symmetry>,
}

/// The subgroups, all but the trivial one, of the group `symmetries` make with the identity
/// (they must be closed under composition: the symmetries a puzzle and a board both keep are),
/// one of each class of conjugates, larger groups after smaller ones. Conjugate subgroups `H`
/// and `g H g^-1` fix as many tap sets of a board `g` keeps, `g` mapping the ones onto the
/// others: one of them is searched for all.
pub(crate) fn subgroups_up_to_conjugacy(shape: Shape, symmetries: &[Symmetry]) -> Vec<Subgroup> {
    let mut group: Vec<Symmetry> = all_symmetries(shape)
        .filter(|symmetry| symmetry.is_identity())
        .collect();
    group.extend(symmetries.iter().filter(|symmetry| !symmetry.is_identity()));
    // Where a cell goes under each element: three corners tell the symmetries of a board apart.
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let probes = [(0, 0), (0, cols - 1), (rows - 1, 0)];
    let images = |symmetry: Symmetry| probes.map(|(row, col)| symmetry.map(shape, row, col));
    let element = |first: usize, then: usize| -> usize {
        let composed = probes.map(|(row, col)| {
            let (row, col) = group[first].map(shape, row, col);
            group[then].map(shape, row, col)
        });
        group
            .iter()
            .position(|&symmetry| images(symmetry) == composed)
            .expect("the symmetries kept make a group")
    };
    let size = group.len();
    let product: Vec<Vec<usize>> = (0..size)
        .map(|first| (0..size).map(|then| element(first, then)).collect())
        .collect();
    let inverse = |of: usize| {
        (0..size)
            .find(|&other| product[of][other] == 0)
            .unwrap_or(0)
    };
    // A subgroup as a set of elements, one bit each; the identity is element 0.
    let closure = |generators: &[usize]| -> u32 {
        let mut members = 1u32;
        let mut added = true;
        for &generator in generators {
            members |= 1 << generator;
        }
        while added {
            added = false;
            for (first, row) in product.iter().enumerate() {
                for (then, &composed) in row.iter().enumerate() {
                    let both = members >> first & members >> then & 1 == 1;
                    if both && members >> composed & 1 == 0 {
                        members |= 1 << composed;
                        added = true;
                    }
                }
            }
        }
        members
    };
    let conjugate = |members: u32, by: usize| -> u32 {
        (0..size)
            .filter(|&member| members >> member & 1 == 1)
            .fold(0, |image, member| {
                image | 1 << product[product[inverse(by)][member]][by]
            })
    };
    // Each class as its first subgroup met and the pair that made it.
    let mut classes: Vec<(u32, [usize; 2])> = Vec::new();
    for first in 1..size {
        for second in first..size {
            let members = closure(&[first, second]);
            let met = |&(class, _): &(u32, [usize; 2])| {
                (0..size).any(|by| conjugate(members, by) == class)
            };
            if !classes.iter().any(met) {
                classes.push((members, [first, second]));
            }
        }
    }
    classes.sort_by_key(|&(members, _)| (members.count_ones(), members));
    classes
        .into_iter()
        .map(|(members, [first, second])| Subgroup {
            members: (1..size)
                .filter(|&member| members >> member & 1 == 1)
                .map(|member| group[member])
                .collect(),
            generators: if first == second {
                vec![group[first]]
            } else {
                vec![group[first], group[second]]
            },
        })
        .collect()
}

/// The group's action on the coefficients of one coset, and the search's coordinates that the
/// group maps slice to slice.
pub(crate) struct Orbits {
    /// Each symmetry's affine map of coefficients: row `j` (the `j`th pivot) as a mask over the
    /// coefficients, and the translation.
    actions: Vec<(Vec<u64>, u64)>,
    /// The new coordinates' basis, as coefficient vectors: the inner ones first.
    basis: Vec<u64>,
    count: usize,
    inner: usize,
    /// Each symmetry's map of outer coordinates, a table of 256 images for each byte.
    outer_tables: Vec<Vec<[u64; 256]>>,
    /// And the translations of those maps.
    outer_shifts: Vec<u64>,
}

impl Orbits {
    /// The orbits of the coset `taps + quiet` under `symmetries` (each keeping the puzzle and
    /// the cells to turn over): `patterns(cell)` gives a cell's pattern over the `count` quiet
    /// tap sets (bit `count - 1 - i` for the `i`th), `pivots` their pivot cells, `tapped(cell)`
    /// the tap set's cells. `None` when the group keeps no subspace of as many coefficients as
    /// `inner` allows (the most it can, up to its end).
    pub(crate) fn new(
        shape: Shape,
        symmetries: &[Symmetry],
        count: usize,
        pivots: &[(usize, usize)],
        pattern: impl Fn(usize, usize) -> u64,
        tapped: impl Fn(usize, usize) -> bool,
        inner: std::ops::RangeInclusive<usize>,
    ) -> Option<Orbits> {
        let (least_inner, inner) = inner.into_inner();
        let actions: Vec<(Vec<u64>, u64)> = symmetries
            .iter()
            .map(|&symmetry| {
                let back = symmetry.inverse(shape);
                let mut rows = Vec::with_capacity(count);
                let mut shift = 0u64;
                for (position, &(row, col)) in pivots.iter().enumerate() {
                    let (from_row, from_col) = back.map(shape, row, col);
                    rows.push(pattern(from_row, from_col));
                    if tapped(from_row, from_col) != tapped(row, col) {
                        shift |= 1 << (count - 1 - position);
                    }
                }
                (rows, shift)
            })
            .collect();
        let linear = |action: &(Vec<u64>, u64), vector: u64| apply_rows(&action.0, count, vector);
        // The inner subspace: spans of orbits of single coefficients, the last first.
        let mut inner_basis: Vec<u64> = Vec::new();
        for position in 0..count {
            let unit = 1u64 << position;
            let mut grown = inner_basis.clone();
            for vector in std::iter::once(unit).chain(actions.iter().map(|a| linear(a, unit))) {
                add_if_independent(&mut grown, vector);
            }
            if grown.len() <= inner {
                inner_basis = grown;
            }
            if inner_basis.len() == inner {
                break;
            }
        }
        if inner_basis.len() < least_inner {
            return None;
        }
        let inner = inner_basis.len();
        let mut basis = inner_basis.clone();
        let mut spanned = inner_basis;
        for position in 0..count {
            if add_if_independent(&mut spanned, 1u64 << position) {
                basis.push(1u64 << position);
            }
        }
        debug_assert_eq!(basis.len(), count);
        // Coordinates of a coefficient vector: solve basis * c = a.
        let coordinates = Coordinates::new(&basis);
        let outer = count - inner;
        let mut outer_tables = Vec::with_capacity(actions.len());
        let mut outer_shifts = Vec::with_capacity(actions.len());
        for action in &actions {
            let images: Vec<u64> = (0..outer)
                .map(|j| coordinates.of(linear(action, basis[inner + j])) >> inner)
                .collect();
            let tables = (0..outer.div_ceil(8))
                .map(|byte| {
                    std::array::from_fn(|value: usize| {
                        (0..8)
                            .filter(|bit| value >> bit & 1 == 1 && byte * 8 + bit < outer)
                            .fold(0, |image, bit| image ^ images[byte * 8 + bit])
                    })
                })
                .collect();
            outer_tables.push(tables);
            outer_shifts.push(coordinates.of(action.1) >> inner);
        }
        Some(Orbits {
            actions,
            basis,
            count,
            inner,
            outer_tables,
            outer_shifts,
        })
    }

    /// The inner coordinates the group keeps: the sweep's transforms cover them.
    pub(crate) fn inner(&self) -> usize {
        self.inner
    }

    /// A cell's pattern in the new coordinates (inner ones the lowest bits), from its pattern
    /// over the coefficients.
    pub(crate) fn pattern(&self, pattern: u64) -> u64 {
        self.basis
            .iter()
            .enumerate()
            .fold(0, |new, (position, &vector)| {
                new | u64::from((pattern & vector).count_ones() & 1) << position
            })
    }

    /// Whether the slice of outer coordinates `outer` is the least of its orbit: the one
    /// searched.
    pub(crate) fn is_least(&self, outer: u64) -> bool {
        self.outer_tables
            .iter()
            .zip(&self.outer_shifts)
            .all(|(tables, &shift)| {
                let image = tables
                    .iter()
                    .enumerate()
                    .fold(shift, |image, (byte, table)| {
                        image ^ table[(outer >> (8 * byte)) as usize & 255]
                    });
                outer <= image
            })
    }

    /// How many slices the sweep searches: one an orbit of the outer coordinates, counted by
    /// Burnside's lemma (the mean over the group of the points each element keeps in place) so
    /// that a progress bar can count slices searched, not slices passed over.
    pub(crate) fn slices(&self) -> u64 {
        let outer = self.count - self.inner;
        let mut kept: u128 = 1 << outer;
        for (tables, &shift) in self.outer_tables.iter().zip(&self.outer_shifts) {
            // g(x) = A x + shift keeps x exactly where (A + I) x = shift: no point at all, or
            // 2^(outer - rank) of them.
            let mut columns = Vec::new();
            for j in 0..outer {
                let image = tables[j / 8][1 << (j % 8)];
                add_if_independent(&mut columns, image ^ 1 << j);
            }
            if !add_if_independent(&mut columns.clone(), shift) {
                kept += 1 << (outer - columns.len());
            }
        }
        let group = self.outer_tables.len() as u128 + 1;
        debug_assert_eq!(kept % group, 0, "Burnside's count is a whole number");
        (kept / group) as u64
    }

    /// The coefficients of the point with new coordinates `coordinates`.
    pub(crate) fn coefficients(&self, coordinates: u64) -> u64 {
        self.basis
            .iter()
            .enumerate()
            .filter(|(position, _)| coordinates >> position & 1 == 1)
            .fold(0, |sum, (_, &vector)| sum ^ vector)
    }

    /// The least key (coefficients ^ `flip`, the tap set's bits at the pivots) over the orbits
    /// of the points with new coordinates `found`.
    pub(crate) fn least_key(&self, found: &[u64], flip: u64) -> u64 {
        let mut least = u64::MAX;
        for &point in found {
            let coefficients = self.coefficients(point);
            least = least.min(coefficients ^ flip);
            for (rows, shift) in &self.actions {
                let image = apply_rows(rows, self.count, coefficients) ^ shift;
                least = least.min(image ^ flip);
            }
        }
        least
    }
}

/// The linear map with rows `rows` (row `j` gives output bit `count - 1 - j`) applied to `vector`.
fn apply_rows(rows: &[u64], count: usize, vector: u64) -> u64 {
    rows.iter().enumerate().fold(0, |bits, (j, &row)| {
        bits | u64::from((row & vector).count_ones() & 1) << (count - 1 - j)
    })
}

/// Adds `vector` to `basis` (kept reduced by leading bit) unless it is already in its span.
fn add_if_independent(basis: &mut Vec<u64>, vector: u64) -> bool {
    let mut rest = vector;
    for &kept in basis.iter() {
        let lead = 63 - kept.leading_zeros();
        if rest >> lead & 1 == 1 {
            rest ^= kept;
        }
    }
    // A reduced basis sorted by leading bit, highest first, reduces in one pass.
    if rest == 0 {
        return false;
    }
    let position = basis
        .iter()
        .position(|&kept| kept.leading_zeros() > rest.leading_zeros())
        .unwrap_or(basis.len());
    basis.insert(position, rest);
    true
}

/// The inverse of a change of basis: coordinates of any vector over a basis of coefficient
/// vectors.
struct Coordinates {
    /// Reduced rows: (vector, which basis vectors sum to it), by leading bit, highest first.
    rows: Vec<(u64, u64)>,
}

impl Coordinates {
    fn new(basis: &[u64]) -> Coordinates {
        let mut rows: Vec<(u64, u64)> = Vec::new();
        for (position, &vector) in basis.iter().enumerate() {
            let (mut rest, mut sum) = (vector, 1u64 << position);
            for &(kept, kept_sum) in &rows {
                if rest >> (63 - kept.leading_zeros()) & 1 == 1 {
                    rest ^= kept;
                    sum ^= kept_sum;
                }
            }
            assert_ne!(rest, 0, "a basis is independent");
            let at = rows
                .iter()
                .position(|&(kept, _)| kept.leading_zeros() > rest.leading_zeros())
                .unwrap_or(rows.len());
            rows.insert(at, (rest, sum));
        }
        Coordinates { rows }
    }

    /// The coordinates of `vector`.
    fn of(&self, vector: u64) -> u64 {
        let (mut rest, mut sum) = (vector, 0u64);
        for &(kept, kept_sum) in &self.rows {
            if rest >> (63 - kept.leading_zeros()) & 1 == 1 {
                rest ^= kept;
                sum ^= kept_sum;
            }
        }
        debug_assert_eq!(rest, 0);
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Goal, test_puzzle};
    use proptest::prelude::*;

    /// Every symmetry moves each cell onto a cell, one to one, and its inverse moves it back;
    /// a square has 8, any other board 4, and the symmetries are all different maps.
    #[test]
    fn the_symmetries_of_a_shape_make_a_group() {
        for (rows, cols, count) in [(5, 5, 8), (3, 7, 4), (6, 2, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let all: Vec<Symmetry> = all_symmetries(shape).collect();
            assert_eq!(all.len(), count);
            let mut maps = Vec::new();
            for &symmetry in &all {
                let mut seen = std::collections::BTreeSet::new();
                let mut map = Vec::new();
                for row in 0..rows as usize {
                    for col in 0..cols as usize {
                        let (to_row, to_col) = symmetry.map(shape, row, col);
                        assert!(to_row < rows as usize && to_col < cols as usize);
                        assert!(seen.insert((to_row, to_col)));
                        let back = symmetry.inverse(shape);
                        assert_eq!(back.map(shape, to_row, to_col), (row, col));
                        map.push((to_row, to_col));
                    }
                }
                maps.push(map);
            }
            maps.sort();
            maps.dedup();
            assert_eq!(maps.len(), count, "{rows}x{cols}");
            assert_eq!(shape_symmetries(shape).len(), count - 1);
        }
        // A grid moved and moved back is itself.
        let shape = Shape::new(3, 3).unwrap();
        let grid = Grid::parse("bbw/wwb/bww", shape).unwrap();
        for symmetry in shape_symmetries(shape) {
            let moved = symmetry.apply(&grid);
            assert_eq!(moved.count(), grid.count());
            assert_eq!(symmetry.inverse(shape).apply(&moved), grid);
        }
        let transposed = Symmetry {
            transpose: true,
            reverse_rows: false,
            reverse_cols: false,
        };
        assert_eq!(
            transposed.apply(&grid),
            Grid::parse("bwb/bww/wbw", shape).unwrap()
        );
    }

    /// The subgroups: each closed (any two members, composed cell by cell, make a member or the
    /// identity), none conjugate to another by a symmetry kept, smaller first, and as many as
    /// the group theory of each case says: the square's eight make 7 classes (the half turn;
    /// the two mirrors; the two diagonals; the two groups of four with the half turn and a pair
    /// of mirrors; the quarter turns; all eight), an oblong's four make 4, and the square's two
    /// mirrors with the half turn, which commute, 4 (their mirrors are not conjugate there).
    #[test]
    fn the_subgroups_are_closed_and_one_of_each_class_of_conjugates() {
        let symmetry = |transpose, reverse_rows, reverse_cols| Symmetry {
            transpose,
            reverse_rows,
            reverse_cols,
        };
        let square = Shape::new(6, 6).unwrap();
        let oblong = Shape::new(3, 7).unwrap();
        let mirrors = vec![
            symmetry(false, true, false),
            symmetry(false, false, true),
            symmetry(false, true, true),
        ];
        let cases = [
            (square, shape_symmetries(square), vec![1, 1, 1, 3, 3, 3, 7]),
            (oblong, shape_symmetries(oblong), vec![1, 1, 1, 3]),
            (square, mirrors, vec![1, 1, 1, 3]),
            (square, vec![symmetry(false, true, true)], vec![1]),
        ];
        for (shape, kept, sizes) in cases {
            let cells: Vec<(usize, usize)> = (0..shape.rows() as usize)
                .flat_map(|row| (0..shape.cols() as usize).map(move |col| (row, col)))
                .collect();
            let action = |symmetry: Symmetry| -> Vec<(usize, usize)> {
                cells
                    .iter()
                    .map(|&(r, c)| symmetry.map(shape, r, c))
                    .collect()
            };
            let found = subgroups_up_to_conjugacy(shape, &kept);
            let subgroups: Vec<Vec<Symmetry>> = found.iter().map(|g| g.members.clone()).collect();
            let lengths: Vec<usize> = subgroups.iter().map(Vec::len).collect();
            assert_eq!(lengths, sizes, "{shape:?} {kept:?}");
            // The generators make every member: what they keep, the whole group keeps.
            for subgroup in &found {
                let mut made: Vec<Vec<(usize, usize)>> = vec![cells.clone()];
                let mut grown = true;
                while grown {
                    grown = false;
                    for at in 0..made.len() {
                        for &generator in &subgroup.generators {
                            let next: Vec<(usize, usize)> = made[at]
                                .iter()
                                .map(|&(r, c)| generator.map(shape, r, c))
                                .collect();
                            if !made.contains(&next) {
                                made.push(next);
                                grown = true;
                            }
                        }
                    }
                }
                let mut members: Vec<Vec<(usize, usize)>> =
                    subgroup.members.iter().map(|&g| action(g)).collect();
                members.push(cells.clone());
                made.sort();
                members.sort();
                assert_eq!(made, members, "{subgroup:?}");
                assert!(
                    subgroup
                        .generators
                        .iter()
                        .all(|g| subgroup.members.contains(g))
                );
            }
            for group in &subgroups {
                let mut members: Vec<Vec<(usize, usize)>> =
                    group.iter().map(|&g| action(g)).collect();
                members.push(cells.clone());
                for &first in group {
                    for &then in group {
                        let composed: Vec<(usize, usize)> = cells
                            .iter()
                            .map(|&(r, c)| {
                                let (r, c) = first.map(shape, r, c);
                                then.map(shape, r, c)
                            })
                            .collect();
                        assert!(members.contains(&composed), "{group:?} not closed");
                    }
                }
            }
            // No two conjugate: g H g^-1 for a kept g, member by member, is never another one.
            for (index, group) in subgroups.iter().enumerate() {
                for &by in &kept {
                    let inverse = by.inverse(shape);
                    let mut image: Vec<Vec<(usize, usize)>> = group
                        .iter()
                        .map(|&member| {
                            cells
                                .iter()
                                .map(|&(r, c)| {
                                    let (r, c) = inverse.map(shape, r, c);
                                    let (r, c) = member.map(shape, r, c);
                                    by.map(shape, r, c)
                                })
                                .collect()
                        })
                        .collect();
                    image.sort();
                    for (other_index, other) in subgroups.iter().enumerate() {
                        let mut other: Vec<Vec<(usize, usize)>> =
                            other.iter().map(|&g| action(g)).collect();
                        other.sort();
                        assert!(
                            other_index == index || other != image,
                            "{group:?} ~ {other:?}"
                        );
                    }
                }
            }
        }
    }

    /// The symmetries a puzzle keeps: all of the shape's for plus, x and box, with or without
    /// wrap; only the mirror for a stencil with a corner on both sides above; none for one with
    /// a single corner.
    #[test]
    fn the_puzzle_keeps_the_symmetries_its_rule_has() {
        let kept = |rows, cols, rule, wrap| {
            puzzle_symmetries(&test_puzzle(rows, cols, rule, wrap, Goal::White)).len()
        };
        assert_eq!(kept(5, 5, "plus", false), 7);
        assert_eq!(kept(5, 5, "x", true), 7);
        assert_eq!(kept(4, 6, "box", false), 3);
        assert_eq!(kept(4, 6, "plus", true), 3);
        assert_eq!(kept(5, 5, "111/010/000", false), 1);
        assert_eq!(kept(5, 5, "110/010/000", false), 0);
    }

    /// In the new coordinates a point turns a cell over exactly when its coefficients do; the
    /// group keeps the inner coordinates; the slices searched cover every orbit of slices.
    #[test]
    fn the_orbits_change_coordinates_and_keep_one_slice_an_orbit() {
        // 19x19 plus: nullity 16; its quiet tap sets from the solver.
        let puzzle = test_puzzle(19, 19, "plus", false, Goal::White);
        let solver = crate::solve::Solver::new(puzzle.clone()).unwrap();
        let basis = solver.quiet_tap_basis().to_vec();
        let count = basis.len();
        assert_eq!(count, 16);
        let shape = puzzle.shape();
        // The pivots: each vector's first cell, after reducing (first vector highest).
        let mut vectors = basis.clone();
        let mut pivots = Vec::new();
        for row in 0..count {
            let (at, cell) = (row..count)
                .filter_map(|i| vectors[i].cells().next().map(|cell| (i, cell)))
                .min_by_key(|&(_, cell)| cell)
                .unwrap();
            vectors.swap(row, at);
            let pivot = vectors[row].clone();
            for (other, vector) in vectors.iter_mut().enumerate() {
                if other != row && vector.get(cell.0, cell.1) {
                    vector.xor_with(&pivot);
                }
            }
            pivots.push(cell);
        }
        let pattern = |row: usize, col: usize| {
            (0..count).fold(0u64, |p, i| {
                p | (u64::from(vectors[i].get(row, col)) << (count - 1 - i))
            })
        };
        let all_on = Grid::filled(shape, crate::notation::Color::Black);
        let symmetries = puzzle_symmetries(&puzzle);
        let orbits = Orbits::new(
            shape,
            &symmetries,
            count,
            &pivots,
            pattern,
            |r, c| all_on.get(r, c),
            4..=6,
        )
        .unwrap();
        let inner = orbits.inner();
        assert!((4..=6).contains(&inner));
        for point in [0u64, 1, 0b1011, 0xffff, 0x8001, 0x1234] {
            let coefficients = orbits.coefficients(point);
            for (row, col) in [(0, 0), (3, 7), (18, 18), (9, 9)] {
                let cell = pattern(row, col);
                assert_eq!(
                    (orbits.pattern(cell) & point).count_ones() % 2,
                    (cell & coefficients).count_ones() % 2
                );
            }
        }
        // Inner points map to inner points under every symmetry's linear part.
        for position in 0..inner {
            let coefficients = orbits.coefficients(1 << position);
            for (rows, _) in &orbits.actions {
                let image = apply_rows(rows, count, coefficients);
                let coordinates = Coordinates::new(&orbits.basis).of(image);
                assert_eq!(coordinates >> inner, 0);
            }
        }
        // Fewer slices, at least an eighth, and every slice's orbit has one searched.
        let outer = count - inner;
        let least: Vec<u64> = (0..1u64 << outer).filter(|&o| orbits.is_least(o)).collect();
        assert!(
            least.len() * 8 >= 1 << outer && least.len() < 1 << outer,
            "{}",
            least.len()
        );
        // The images worked out the long way (the whole point's coefficients moved by each
        // symmetry, then its coordinates), not through the byte tables `is_least` reads.
        let coordinates = Coordinates::new(&orbits.basis);
        let orbit_of = |slice: u64| -> Vec<u64> {
            let coefficients = orbits.coefficients(slice << inner);
            orbits
                .actions
                .iter()
                .map(|(rows, shift)| {
                    coordinates.of(apply_rows(rows, count, coefficients) ^ shift) >> inner
                })
                .collect()
        };
        let mut orbit_count = 0;
        for slice in 0..1u64 << outer {
            let images = orbit_of(slice);
            let orbit_least = images.iter().copied().chain([slice]).min().unwrap();
            orbit_count += u64::from(slice == orbit_least);
            assert!(orbits.is_least(orbit_least), "{slice}");
            assert_eq!(
                orbits.is_least(slice),
                slice == orbit_least,
                "slice {slice:#x}, images {images:x?}"
            );
        }
        // As many slices searched as there are orbits.
        assert_eq!(orbits.slices(), orbit_count);
        // A point's least key, the long way: its tap set (all on plus the quiet tap sets its
        // coefficients name) moved by every symmetry and the identity, each read at the pivots.
        let key_of = |taps: &Grid| {
            pivots.iter().enumerate().fold(0u64, |key, (i, &(r, c))| {
                key | u64::from(taps.get(r, c)) << (count - 1 - i)
            })
        };
        let flip = key_of(&all_on);
        let mut own_least = 0;
        for point in (0..1u64 << count).step_by(97) {
            let coefficients = orbits.coefficients(point);
            let mut taps = all_on.clone();
            for (i, vector) in vectors.iter().enumerate() {
                if coefficients >> (count - 1 - i) & 1 == 1 {
                    taps.xor_with(vector);
                }
            }
            let own = key_of(&taps);
            let images: Vec<u64> = symmetries.iter().map(|g| key_of(&g.apply(&taps))).collect();
            let least = images.iter().copied().chain([own]).min().unwrap();
            assert_eq!(orbits.least_key(&[point], flip), least, "point {point:#x}");
            own_least += usize::from(images.iter().all(|&image| own < image));
        }
        // Some points' own keys are the least of their orbits, alone.
        assert!(own_least > 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// A vector joins the basis exactly when no sum of the vectors before it makes it (the
        /// span listed in full), and the basis stays in order of leading bit, highest first.
        #[test]
        fn a_vector_joins_the_basis_only_from_outside_its_span(
            vectors in proptest::collection::vec(0u64..64, 1..12),
        ) {
            let mut basis = Vec::new();
            let mut span = std::collections::BTreeSet::from([0u64]);
            for vector in vectors {
                let outside = !span.contains(&vector);
                prop_assert_eq!(add_if_independent(&mut basis, vector), outside);
                if outside {
                    let grown: Vec<u64> = span.iter().map(|&v| v ^ vector).collect();
                    span.extend(grown);
                }
                prop_assert_eq!(span.len(), 1 << basis.len());
                prop_assert!(
                    basis
                        .windows(2)
                        .all(|pair| pair[0].leading_zeros() < pair[1].leading_zeros())
                );
            }
        }

        /// The coordinates of a sum of basis vectors are the set of its terms, whatever the
        /// basis and its order.
        #[test]
        fn the_coordinates_of_a_sum_name_its_terms(
            low in proptest::collection::vec(any::<u64>(), 2..20),
            turn in any::<usize>(),
            terms in any::<u64>(),
        ) {
            // Vector `i` leads with bit `i` (so the basis is independent) and carries random
            // bits below it; turned round, the vectors come in no particular order.
            let count = low.len();
            let mut basis: Vec<u64> = low
                .iter()
                .enumerate()
                .map(|(i, &bits)| 1 << i | bits & ((1 << i) - 1))
                .collect();
            basis.rotate_left(turn % count);
            let terms = terms & ((1 << count) - 1);
            let sum = (0..count)
                .filter(|i| terms >> i & 1 == 1)
                .fold(0, |sum, i| sum ^ basis[i]);
            prop_assert_eq!(Coordinates::new(&basis).of(sum), terms);
        }
    }
}
