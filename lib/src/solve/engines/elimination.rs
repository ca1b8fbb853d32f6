//! Gaussian elimination over GF(2) on bit-packed rows, for every rule light chasing cannot
//! handle (diagonals, 3x3 neighbourhoods, wrapped edges, whole rows and columns, rule files).
//!
//! The unknowns are the taps, one per cell; the equations say that each cell is turned over an
//! odd number of times exactly when it must change. Cells are numbered so that a tap and the
//! cells it turns over are close: row-major, and on a torus with the rows folded
//! (1, R, 2, R-1, ...) so that the wrapped neighbours of the first row sit next to it. The tap
//! matrix is then banded: equation `i` involves only unknowns `i - lower ..= i + upper`, and
//! elimination with row pivoting keeps every row within `lower + upper + 1` columns of its
//! pivot. So each row is stored as a window of a few words that slides right as the elimination
//! goes, rows enter the elimination only when their band reaches the current column, and the
//! work is about `cells x lower x window` word operations instead of `cells^3 / 64`: a 200x200
//! board under `box` is a fraction of a second.

use crate::grid::{Grid, Shape};
use crate::puzzle::Puzzle;
use crate::rule::{Rule, Stencil};

use crate::solve::kernels::bits::bit_of;

/// The most memory the reduced rows of one elimination may take.
pub const ELIMINATION_MEMORY_BYTES: u64 = 2 << 30;

/// The tap matrix of a puzzle, ready to be eliminated for any board.
#[derive(Clone, Debug)]
pub(crate) struct Elimination {
    shape: Shape,
    /// The puzzle whose taps turn over each cell: row `i` of the matrix lists the taps that turn
    /// over cell `order[i]`.
    transposed: Puzzle,
    /// Cell (row-major index) at each position.
    order: Vec<u32>,
    /// Position of each cell.
    position: Vec<u32>,
    lower: usize,
    /// Words in a row's window.
    width: usize,
}

/// Why a puzzle is too large to eliminate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLargeToEliminate {
    /// Bytes the reduced rows would take.
    pub bytes: u64,
}

/// The tap matrix reduced to echelon form, with the right-hand sides carried along.
pub(crate) struct Echelon<'a> {
    elimination: &'a Elimination,
    /// The reduced row whose pivot is column `k`, at `k * width`, when column `k` has one.
    rows: Vec<u64>,
    /// Word offset of each stored row's window.
    offsets: Vec<u32>,
    /// Right-hand side bits of each stored row.
    rhs: Vec<u8>,
    pivot: Vec<bool>,
    /// Right-hand sides (bit per side) that some all-zero row contradicts.
    inconsistent: u8,
}

impl Elimination {
    /// Prepares the elimination for `puzzle`, or says how much memory it would need when that
    /// is more than [`ELIMINATION_MEMORY_BYTES`].
    pub(crate) fn new(puzzle: &Puzzle) -> Result<Elimination, TooLargeToEliminate> {
        let shape = puzzle.shape();
        let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
        let cells = rows * cols;
        let folded_row = |row: usize| folded(row, rows, puzzle.wrap());
        let mut position = vec![0u32; cells];
        let mut order = vec![0u32; cells];
        for row in 0..rows {
            for col in 0..cols {
                let at = folded_row(row) * cols + col;
                position[row * cols + col] = at as u32;
                order[at] = (row * cols + col) as u32;
            }
        }
        let (lower, upper) = match puzzle.rule() {
            Rule::Stencil { stencil, .. } => stencil_band(stencil, rows, cols, puzzle.wrap()),
            Rule::Lines | Rule::Graph(_) => band_of_every_tap(puzzle, &position),
        };
        let width = (lower + upper + 64).div_ceil(64);
        let bytes = cells as u64 * width as u64 * 8;
        if bytes > ELIMINATION_MEMORY_BYTES {
            return Err(TooLargeToEliminate { bytes });
        }
        Ok(Elimination {
            shape,
            transposed: puzzle.transposed(),
            order,
            position,
            lower,
            width,
        })
    }

    fn cells(&self) -> usize {
        self.order.len()
    }

    /// Eliminates the tap matrix with the right-hand sides `lits` (at most 8: a cell of a lit
    /// grid must be turned over an odd number of times), telling `progress` how many columns of
    /// all are eliminated: each costs about the same, the band being as wide all the way.
    pub(crate) fn eliminate(
        &self,
        lits: &[&Grid],
        progress: &mut dyn FnMut(u64, u64),
    ) -> Echelon<'_> {
        debug_assert!(lits.len() <= 8);
        let n = self.cells();
        let width = self.width;
        let mut echelon = Echelon {
            elimination: self,
            rows: vec![0; n * width],
            offsets: vec![0; n],
            rhs: vec![0; n],
            pivot: vec![false; n],
            inconsistent: 0,
        };
        // Rows in the elimination, in the order they entered: a slab of windows and a list.
        let mut slab: Vec<u64> = Vec::new();
        let mut slab_offsets: Vec<usize> = Vec::new();
        let mut slab_rhs: Vec<u8> = Vec::new();
        let mut free_slots: Vec<usize> = Vec::new();
        let mut active: Vec<usize> = Vec::new();
        let mut next_row = 0usize;
        let cols = self.shape.cols() as usize;
        let total = n as u64;
        progress(0, total);
        for column in 0..n {
            if column % PROGRESS_COLUMNS == 0 && column > 0 {
                progress(column as u64, total);
            }
            while next_row < n && next_row <= column + self.lower {
                let slot = free_slots.pop().unwrap_or_else(|| {
                    slab.extend(std::iter::repeat_n(0, width));
                    slab_offsets.push(0);
                    slab_rhs.push(0);
                    slab_offsets.len() - 1
                });
                let window = &mut slab[slot * width..(slot + 1) * width];
                window.fill(0);
                let offset = next_row.saturating_sub(self.lower) / 64;
                let cell = self.order[next_row] as usize;
                let (row, col) = (cell / cols, cell % cols);
                for (r, c) in self.transposed.flips(row, col) {
                    let tap = self.position[r * cols + c] as usize;
                    window[tap / 64 - offset] |= bit_of(tap);
                }
                slab_offsets[slot] = offset;
                // One bit per side.
                slab_rhs[slot] = lits.iter().enumerate().fold(0, |bits, (side, lit)| {
                    bits | u8::from(lit.get(row, col)) << side
                });
                active.push(slot);
                next_row += 1;
            }
            let word = column / 64;
            let bit = bit_of(column);
            let has = |slot: usize, slab: &[u64], offsets: &[usize]| {
                // A row whose window ended before this column has nothing left in it.
                word - offsets[slot] < width && slab[slot * width + word - offsets[slot]] & bit != 0
            };
            let Some(found) = active
                .iter()
                .position(|&slot| has(slot, &slab, &slab_offsets))
            else {
                continue;
            };
            let pivot = active.remove(found);
            align(&mut slab, &mut slab_offsets, pivot, width, word);
            for &slot in &active {
                if !has(slot, &slab, &slab_offsets) {
                    continue;
                }
                align(&mut slab, &mut slab_offsets, slot, width, word);
                let window = |slot: usize| slot * width..(slot + 1) * width;
                let [target, source] = slab
                    .get_disjoint_mut([window(slot), window(pivot)])
                    .expect("the pivot left the active rows");
                for (t, s) in target.iter_mut().zip(source.iter()) {
                    *t ^= s;
                }
                slab_rhs[slot] ^= slab_rhs[pivot];
            }
            echelon.rows[column * width..(column + 1) * width]
                .copy_from_slice(&slab[pivot * width..(pivot + 1) * width]);
            echelon.offsets[column] = word as u32;
            echelon.rhs[column] = slab_rhs[pivot];
            echelon.pivot[column] = true;
            free_slots.push(pivot);
        }
        // Every row left has no bit at all: its right-hand side must be zero.
        for slot in active {
            echelon.inconsistent |= slab_rhs[slot];
        }
        progress(total, total);
        echelon
    }
}

/// Columns eliminated between two reports of progress: a fraction of a millisecond on a wide
/// band, many thousand reports on a board that takes seconds.
const PROGRESS_COLUMNS: usize = 1024;

/// Slides a row's window right so that it starts at word `word` (the words it drops are zero,
/// as every bit before the current column has been eliminated).
fn align(slab: &mut [u64], offsets: &mut [usize], slot: usize, width: usize, word: usize) {
    let shift = word - offsets[slot];
    if shift == 0 {
        return;
    }
    let window = &mut slab[slot * width..(slot + 1) * width];
    if shift >= width {
        window.fill(0);
    } else {
        window.copy_within(shift.., 0);
        window[width - shift..].fill(0);
    }
    offsets[slot] = word;
}

impl Echelon<'_> {
    /// The dimension of the null space: columns without a pivot.
    pub(crate) fn nullity(&self) -> usize {
        self.pivot.iter().filter(|&&p| !p).count()
    }

    /// A tap set for right-hand side `side`, or `None` when that side has no solution.
    pub(crate) fn particular(&self, side: usize) -> Option<Grid> {
        if self.inconsistent >> side & 1 == 1 {
            return None;
        }
        Some(self.back_substitute(None, |column| self.rhs[column] >> side & 1 == 1))
    }

    /// The first `limit` vectors of a basis of the quiet tap sets (the null space), one per
    /// column without a pivot.
    /// `progress` hears how many of the vectors are worked out (each a pass over the whole
    /// matrix) when there are several.
    pub(crate) fn null_basis_with_progress(
        &self,
        limit: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Vec<Grid> {
        let total = self.nullity().min(limit);
        let mut basis = Vec::with_capacity(total);
        for free in (0..self.pivot.len()).filter(|&column| !self.pivot[column]) {
            if basis.len() == total {
                break;
            }
            if total > 1 {
                progress(basis.len() as u64, total as u64);
            }
            basis.push(self.back_substitute(Some(free), |_| false));
        }
        if total > 1 {
            progress(total as u64, total as u64);
        }
        basis
    }

    /// Solves the echelon rows from the last column back, with the free unknowns zero except
    /// `free`, and returns the taps as a grid.
    fn back_substitute(&self, free: Option<usize>, rhs: impl Fn(usize) -> bool) -> Grid {
        let elimination = self.elimination;
        let (n, width) = (elimination.cells(), elimination.width);
        // Padding past the end keeps every window inside the vector.
        let mut x = vec![0u64; n.div_ceil(64) + width];
        if let Some(free) = free {
            x[free / 64] |= bit_of(free);
        }
        for column in (0..n).rev() {
            if !self.pivot[column] {
                continue;
            }
            let offset = self.offsets[column] as usize;
            let row = &self.rows[column * width..(column + 1) * width];
            let parity = row
                .iter()
                .zip(&x[offset..offset + width])
                .fold(0u32, |sum, (a, b)| sum ^ (a & b).count_ones())
                & 1;
            if (parity == 1) != rhs(column) {
                x[column / 64] |= bit_of(column);
            }
        }
        let cols = elimination.shape.cols() as usize;
        let mut taps = Grid::new(elimination.shape);
        for (at, &cell) in elimination.order.iter().enumerate() {
            if x[at / 64] & bit_of(at) != 0 {
                taps.set(cell as usize / cols, cell as usize % cols, true);
            }
        }
        taps
    }
}

/// Where row `row` of `rows` comes in the order of cells: itself, but on a torus folded
/// (1, R, 2, R-1, ...) so that the wrapped neighbours of the first row sit next to it.
fn folded(row: usize, rows: usize, wrap: bool) -> usize {
    if !wrap {
        row
    } else if row < rows.div_ceil(2) {
        2 * row
    } else {
        2 * (rows - 1 - row) + 1
    }
}

/// How far after and before its tap, in the order of `position`, a cell a tap turns over can
/// lie: (lower, upper), each tap's cells looked at in turn.
fn band_of_every_tap(puzzle: &Puzzle, position: &[u32]) -> (usize, usize) {
    let cols = puzzle.shape().cols() as usize;
    let (mut lower, mut upper) = (0usize, 0usize);
    for row in 0..puzzle.shape().rows() as usize {
        for col in 0..cols {
            let tap = position[row * cols + col] as usize;
            for (r, c) in puzzle.flips(row, col) {
                let cell = position[r * cols + c] as usize;
                lower = lower.max(cell.saturating_sub(tap));
                upper = upper.max(tap.saturating_sub(cell));
            }
        }
    }
    (lower, upper)
}

/// [`band_of_every_tap`] for a stencil, in the time of rows plus columns, not cells: a cell's
/// distance from its tap is the rows' distance in the folded order times `cols` plus the
/// columns', and a tap's row and column vary independently, so each offset's extremes are its
/// rows' extremes and its columns' put together. A board too large is then refused at once.
fn stencil_band(stencil: &Stencil, rows: usize, cols: usize, wrap: bool) -> (usize, usize) {
    let folded_row = |row: usize| folded(row, rows, wrap);
    // Where a move of `delta` from `from` lands among `count`, if it does.
    let landing = |count: usize, from: usize, delta: i32| {
        let to = from as i64 + i64::from(delta);
        if wrap {
            Some(to.rem_euclid(count as i64) as usize)
        } else {
            (0..count as i64).contains(&to).then_some(to as usize)
        }
    };
    let (mut lower, mut upper) = (0i64, 0i64);
    for &(dr, dc) in stencil.offsets() {
        let rows_moved: Vec<i64> = (0..rows)
            .filter_map(|row| {
                let to = landing(rows, row, dr)?;
                Some(folded_row(to) as i64 - folded_row(row) as i64)
            })
            .collect();
        let cols_moved: Vec<i64> = (0..cols)
            .filter_map(|col| Some(landing(cols, col, dc)? as i64 - col as i64))
            .collect();
        let (Some(row_least), Some(row_most), Some(col_least), Some(col_most)) = (
            rows_moved.iter().min(),
            rows_moved.iter().max(),
            cols_moved.iter().min(),
            cols_moved.iter().max(),
        ) else {
            continue;
        };
        let cols = cols as i64;
        lower = lower.max(row_most * cols + col_most);
        upper = upper.max(-(row_least * cols + col_least));
    }
    (lower as usize, upper as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Goal;

    fn puzzle(rows: u32, cols: u32, rule: &str, wrap: bool) -> Puzzle {
        crate::puzzle::test_puzzle(rows, cols, rule, wrap, Goal::White)
    }

    proptest::proptest! {
        /// A stencil's band, from its offsets alone, is the band found by looking at every
        /// tap's cells, for stencils of every shape, on boards of every shape, with and
        /// without wrap.
        #[test]
        fn a_stencils_band_is_the_band_of_every_tap(
            half_height in 0usize..3,
            half_width in 0usize..3,
            bits in proptest::collection::vec(proptest::bool::ANY, 25),
            rows in 1u32..12,
            cols in 1u32..12,
            wrap in proptest::bool::ANY,
        ) {
            let (height, width) = (2 * half_height + 1, 2 * half_width + 1);
            let text = bits[..height * width]
                .chunks(width)
                .map(|row| row.iter().map(|&on| if on { '1' } else { '0' }).collect::<String>())
                .collect::<Vec<_>>()
                .join("/");
            let Ok(rule @ Rule::Stencil { .. }) = Rule::parse(&text) else {
                return Err(proptest::test_runner::TestCaseError::reject("no stencil"));
            };
            let Rule::Stencil { stencil, .. } = &rule else { unreachable!() };
            let shape = Shape::new(rows, cols).unwrap();
            let puzzle = Puzzle::new(shape, rule.clone(), wrap, Goal::White).unwrap();
            let elimination = Elimination::new(&puzzle).unwrap();
            proptest::prop_assert_eq!(
                stencil_band(stencil, rows as usize, cols as usize, wrap),
                band_of_every_tap(&puzzle, &elimination.position),
                "{} on {}x{}, wrap {}", text, rows, cols, wrap
            );
        }
    }

    /// A board too large to eliminate is refused with the memory its band would take: 3001
    /// cells either side for `x`, 95 words a row.
    #[test]
    fn a_board_too_large_is_refused_with_the_memory_its_band_takes() {
        let refused = Elimination::new(&puzzle(3000, 3000, "x", false)).unwrap_err();
        assert_eq!(refused.bytes, 9_000_000 * 95 * 8);
    }

    #[test]
    fn folding_a_torus_keeps_the_band_narrow() {
        let plain = Elimination::new(&puzzle(20, 20, "box", false)).unwrap();
        let torus = Elimination::new(&puzzle(20, 20, "box", true)).unwrap();
        assert_eq!(plain.lower, 21);
        assert!(torus.lower <= 3 * 20, "{}", torus.lower);
    }

    /// Plain dense elimination (every row against every column) over the first `columns`
    /// columns: the independent answer for the banded one. Leaves the `rank` pivot rows first and
    /// returns `rank`.
    fn dense_reduce(rows: &mut [Vec<bool>], columns: usize) -> usize {
        let mut rank = 0;
        for column in 0..columns {
            let Some(found) = (rank..rows.len()).find(|&row| rows[row][column]) else {
                continue;
            };
            rows.swap(rank, found);
            let pivot = rows[rank].clone();
            for (index, row) in rows.iter_mut().enumerate() {
                if index != rank && row[column] {
                    row.iter_mut().zip(&pivot).for_each(|(a, b)| *a ^= b);
                }
            }
            rank += 1;
        }
        rank
    }

    /// Rank of the tap matrix and, for each lit grid, whether its board is solvable, by
    /// [`dense_reduce`].
    fn dense_rank_and_solvable(puzzle: &Puzzle, lits: &[&Grid]) -> (usize, Vec<bool>) {
        let shape = puzzle.shape();
        let (cols, cells) = (shape.cols() as usize, shape.cells() as usize);
        // Row `cell`: the taps that turn it over, then one right-hand-side bit per lit grid.
        let mut rows = vec![vec![false; cells + lits.len()]; cells];
        let turned = (0..cells).flat_map(|tap| {
            let flips = puzzle.flips(tap / cols, tap % cols);
            flips
                .into_iter()
                .map(move |(row, col)| (row * cols + col, tap))
        });
        for (cell, tap) in turned {
            rows[cell][tap] = true;
        }
        for (side, lit) in lits.iter().enumerate() {
            for (cell, row) in rows.iter_mut().enumerate() {
                row[cells + side] = lit.get(cell / cols, cell % cols);
            }
        }
        let rank = dense_reduce(&mut rows, cells);
        let solvable = (0..lits.len())
            .map(|side| rows[rank..].iter().all(|row| !row[cells + side]))
            .collect();
        (rank, solvable)
    }

    /// A rule on one long row where each tap turns over a few cells near it, with some cells
    /// turned over by exactly the taps that turn over the cell before them: their rows of the
    /// matrix reduce to nothing and stay in the elimination, empty, for hundreds of columns past
    /// the end of their window. Checked against dense elimination: the nullity, which boards
    /// are solvable, the tap sets found and the quiet ones.
    #[test]
    fn rows_that_reduce_to_nothing_stay_empty_to_the_end() {
        let shape = Shape::new(1, 700).unwrap();
        let cells = 700;
        for seed in 0..6 {
            let mut generator = crate::random::Generator::from_seed(seed);
            // For each cell, the taps that turn it over: itself and some of its near neighbours.
            let mut turned_by: Vec<Vec<u32>> = (0..cells)
                .map(|cell: u32| {
                    let near = cell.saturating_sub(2)..(cell + 3).min(cells);
                    near.filter(|&tap| tap == cell || generator.below(2) == 1)
                        .collect()
                })
                .collect();
            for twin in [1, 2, 90, 91, 300, 301, 302, 699] {
                turned_by[twin] = turned_by[twin - 1].clone();
            }
            let mut flips = vec![Vec::new(); cells as usize];
            for (cell, taps) in turned_by.iter().enumerate() {
                for &tap in taps {
                    flips[tap as usize].push(cell as u32);
                }
            }
            let graph = crate::rule::Graph::new(shape, flips, String::new()).unwrap();
            let puzzle =
                Puzzle::new(shape, crate::rule::Rule::Graph(graph), false, Goal::White).unwrap();
            let elimination = Elimination::new(&puzzle).unwrap();
            assert!(elimination.width * 64 < 500, "the windows must end early");

            let mut tapped = Grid::new(shape);
            for _ in 0..40 {
                let tap = generator.below(u64::from(cells)) as usize;
                puzzle.tap(&mut tapped, 0, tap);
            }
            let mut random = Grid::new(shape);
            generator.fill(&mut random);
            let mut twin_lit = Grid::new(shape);
            twin_lit.set(0, 1, true);
            let lits = [&tapped, &random, &twin_lit, &Grid::new(shape)];
            let (rank, solvable) = dense_rank_and_solvable(&puzzle, &lits);
            assert_eq!(solvable, [true, solvable[1], false, true], "seed {seed}");

            let echelon = elimination.eliminate(&lits, &mut |_, _| {});
            assert_eq!(echelon.nullity(), cells as usize - rank, "seed {seed}");
            for (side, lit) in lits.iter().enumerate() {
                let taps = echelon.particular(side);
                assert_eq!(taps.is_some(), solvable[side], "seed {seed} side {side}");
                if let Some(taps) = taps {
                    let mut after = (*lit).clone();
                    puzzle.apply(&mut after, &taps);
                    assert!(after.is_empty(), "seed {seed} side {side}");
                }
            }
            let mut heard = Vec::new();
            let basis = echelon
                .null_basis_with_progress(usize::MAX, &mut |done, total| heard.push((done, total)));
            assert_eq!(basis.len(), echelon.nullity());
            // One report before each vector and one at the end, where there are several.
            let count = basis.len() as u64;
            let expected: Vec<(u64, u64)> = match count {
                0 | 1 => Vec::new(),
                _ => (0..=count).map(|done| (done, count)).collect(),
            };
            assert_eq!(heard, expected, "seed {seed}");
            for quiet in &basis {
                let mut changed = Grid::new(shape);
                puzzle.apply(&mut changed, quiet);
                assert!(changed.is_empty() && !quiet.is_empty(), "seed {seed}");
            }
            let mut vectors: Vec<Vec<bool>> = basis
                .iter()
                .map(|quiet| (0..cells as usize).map(|col| quiet.get(0, col)).collect())
                .collect();
            assert_eq!(
                dense_reduce(&mut vectors, cells as usize),
                basis.len(),
                "seed {seed}"
            );
        }
    }

    /// A board of more columns than one report covers hears of them as they go, in order.
    #[test]
    fn a_long_elimination_reports_its_columns_as_it_goes() {
        let puzzle = puzzle(40, 60, "box", false);
        let elimination = Elimination::new(&puzzle).unwrap();
        let mut heard = Vec::new();
        elimination.eliminate(&[], &mut |done, total| heard.push((done, total)));
        assert_eq!(heard, [(0, 2400), (1024, 2400), (2048, 2400), (2400, 2400)]);
    }

    #[test]
    fn particular_solutions_turn_over_exactly_the_lit_cells() {
        for (rule, wrap) in [
            ("box", false),
            ("x", true),
            ("lines", false),
            ("011/110/010", true),
        ] {
            let puzzle = puzzle(7, 9, rule, wrap);
            let elimination = Elimination::new(&puzzle).unwrap();
            let mut lit = Grid::new(puzzle.shape());
            for (row, col) in [(0, 0), (3, 4), (6, 8), (2, 7)] {
                puzzle.tap(&mut lit, row, col);
            }
            let mut heard = Vec::new();
            let echelon =
                elimination.eliminate(&[&lit], &mut |done, total| heard.push((done, total)));
            // 63 columns: one report at the start and one at the end.
            assert_eq!(heard, [(0, 63), (63, 63)], "{rule} {wrap}");
            let taps = echelon
                .particular(0)
                .expect("a board made by taps is solvable");
            let mut after = lit.clone();
            puzzle.apply(&mut after, &taps);
            assert!(after.is_empty(), "{rule} {wrap}");
            for quiet in echelon.null_basis_with_progress(usize::MAX, &mut |_, _| {}) {
                let mut changed = Grid::new(puzzle.shape());
                puzzle.apply(&mut changed, &quiet);
                assert!(changed.is_empty() && !quiet.is_empty());
            }
        }
    }
}
