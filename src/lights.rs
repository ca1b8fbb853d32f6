//! Any board size, exactly: light chasing and linear algebra over GF(2) on bit-packed rows.
//!
//! Light chasing: once the taps of the first row are chosen, the taps of every other row are
//! forced (row r + 1 must turn off whatever row r has left on), and what is left on in the last
//! row is an affine function `A x + b` of the first row's taps `x`. `A` depends only on the
//! shape; `b` on the board. So a board is solvable exactly when `b` is in the column space of
//! `A`, and its solutions are one particular tap set plus the *quiet* tap sets, chased from the
//! null space of `A` (nullity 4 for 4x4, 2 for 5x5, 0 for 10x10).
//!
//! The exact minimum tries every element of the null space in Gray-code order, one basis vector
//! changing per step, with the tap count kept incrementally; ties go to the lexicographically
//! least row-major 0/1 string, as on 4x4. Above [`ENUMERATION_LIMIT`] the null space is too large
//! to try in full: the answer is still a valid tap set, improved by local search, and marked as
//! not proven minimal.

use crate::board::{Color, Goal};
use crate::grid::{Grid, Shape, mask_row};

/// The largest nullity whose null space is enumerated in full (2^24 tap sets tried).
pub const ENUMERATION_LIMIT: usize = 24;

/// The largest nullity whose quiet patterns are all tried for the smallest certificate.
const CERTIFICATE_SEARCH_LIMIT: usize = 16;

/// Memory allowed for the quiet tap sets kept for one shape.
const QUIET_MEMORY_BYTES: usize = 256 << 20;

/// One reduced column of `A`, with the first-row taps (`tag`) whose columns sum to it.
#[derive(Clone, Debug)]
struct Reduced {
    pivot: usize,
    vector: Vec<u64>,
    tag: Vec<u64>,
}

/// The solver for one board shape: `A` reduced, and the quiet tap sets.
#[derive(Clone, Debug)]
pub struct LightsOut {
    shape: Shape,
    reduced: Vec<Reduced>,
    null_basis: Vec<Vec<u64>>,
    quiet: Vec<Grid>,
}

/// A tap set that finishes a board, and whether it is proven to be the least optimal one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridSolution {
    /// The taps.
    pub taps: Grid,
    /// The colour they finish the board in.
    pub goal: Color,
    /// True when the count is proven minimal (and the taps are the least optimal set).
    pub optimal: bool,
}

impl GridSolution {
    /// The number of taps.
    pub fn moves(&self) -> u64 {
        self.taps.count()
    }
}

/// A proof that a board of any size can never be finished: a quiet pattern (every tap turns over
/// an even number of its cells) where the board's parity of black pieces differs from every
/// accepted goal's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridCertificate {
    /// The cells of the quiet pattern.
    pub pattern: Grid,
    /// Black pieces of the board in those cells.
    pub black: u64,
    /// True when the pattern is proven to have the fewest cells among all proofs.
    pub fewest: bool,
}

impl GridCertificate {
    /// Black pieces a finished board of `color` has in the pattern.
    pub fn black_in_goal(&self, color: Color) -> u64 {
        match color {
            Color::White => 0,
            Color::Black => self.pattern.count(),
        }
    }
}

impl LightsOut {
    /// Builds `A` for `shape` by chasing each unit first row, and reduces it.
    pub fn new(shape: Shape) -> LightsOut {
        let cols = shape.cols() as usize;
        let width = shape.words_per_row();
        let mut reduced: Vec<Reduced> = Vec::new();
        let mut null_basis = Vec::new();
        let mut chaser = Chaser::new(shape);
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
        let grid_bytes = shape.rows() as usize * width * 8;
        let keep = (QUIET_MEMORY_BYTES / grid_bytes.max(1)).max(1);
        let quiet = null_basis
            .iter()
            .take(keep)
            .map(|first| chaser.taps(first, None).0)
            .collect();
        LightsOut {
            shape,
            reduced,
            null_basis,
            quiet,
        }
    }

    /// The shape this solver is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The dimension of the null space of the tap matrix: how many independent quiet patterns.
    pub fn nullity(&self) -> usize {
        self.null_basis.len()
    }

    /// The rank of the whole tap matrix over GF(2): cells minus nullity.
    pub fn rank(&self) -> u64 {
        self.shape.cells() - self.nullity() as u64
    }

    /// True when every optimal tap set can be proven minimal (the null space is small enough to
    /// try in full).
    pub fn proves_minimum(&self) -> bool {
        self.nullity() <= ENUMERATION_LIMIT
    }

    /// The quiet tap sets of a basis of the null space (all of them unless memory caps them).
    pub fn quiet_basis(&self) -> &[Grid] {
        &self.quiet
    }

    /// The least optimal tap set finishing `board` for `goal`, or `None` when impossible.
    pub fn solve(&self, board: &Grid, goal: Goal) -> Option<GridSolution> {
        goal.colors()
            .iter()
            .filter_map(|&color| self.solve_for(board, color))
            .reduce(|a, b| {
                let optimal = a.optimal && b.optimal;
                let better = match a.moves().cmp(&b.moves()) {
                    std::cmp::Ordering::Equal => a.taps.cmp_lexicographic(&b.taps).is_le(),
                    order => order.is_lt(),
                };
                let best = if better { a } else { b };
                GridSolution { optimal, ..best }
            })
    }

    /// The least optimal tap set finishing `board` in `color`, if any.
    fn solve_for(&self, board: &Grid, color: Color) -> Option<GridSolution> {
        let lit = lit_cells(board, color);
        let mut chaser = Chaser::new(self.shape);
        let zero = vec![0u64; self.shape.words_per_row()];
        let first = self.express(chaser.residual(&zero, Some(&lit)))?;
        let (taps, residual) = chaser.taps(&first, Some(&lit));
        debug_assert!(residual.iter().all(|&w| w == 0));
        let (taps, optimal) = if self.proves_minimum() {
            (least_in_coset(taps, &self.quiet), true)
        } else {
            let taps = improve_locally(taps, &self.quiet);
            // No taps at all is the minimum whatever the null space.
            let optimal = taps.is_empty();
            (taps, optimal)
        };
        Some(GridSolution {
            taps,
            goal: color,
            optimal,
        })
    }

    /// Every tap set that finishes `board` in `color` (2^nullity of them; none when impossible).
    /// For small null spaces only: the caller decides what it can afford.
    pub fn solutions(&self, board: &Grid, color: Color) -> Vec<Grid> {
        let lit = lit_cells(board, color);
        let mut chaser = Chaser::new(self.shape);
        let zero = vec![0u64; self.shape.words_per_row()];
        let Some(first) = self.express(chaser.residual(&zero, Some(&lit))) else {
            return Vec::new();
        };
        let mut current = chaser.taps(&first, Some(&lit)).0;
        let mut all = vec![current.clone()];
        for step in 1u64..1 << self.quiet.len() {
            current.xor_with(&self.quiet[step.trailing_zeros() as usize]);
            all.push(current.clone());
        }
        all
    }

    /// Every non-empty quiet pattern (2^nullity - 1 of them), fewest cells first, ties with the
    /// earliest cells in row-major order first. For small null spaces only.
    pub fn quiet_patterns(&self) -> Vec<Grid> {
        let mut current = Grid::new(self.shape);
        let mut all = Vec::new();
        for step in 1u64..1 << self.quiet.len() {
            current.xor_with(&self.quiet[step.trailing_zeros() as usize]);
            all.push(current.clone());
        }
        all.sort_by(|a, b| {
            a.count()
                .cmp(&b.count())
                .then_with(|| b.cmp_lexicographic(a))
        });
        all
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

    /// A proof that `board` can reach no colour `goal` accepts, or `None` when it can reach one.
    pub fn certificate(&self, board: &Grid, goal: Goal) -> Option<GridCertificate> {
        if self.solve_parity_only(board, goal) {
            return None;
        }
        let lits: Vec<Grid> = goal.colors().iter().map(|&c| lit_cells(board, c)).collect();
        // For each quiet basis pattern, its parity against each accepted goal: bit g set when odd.
        let parities: Vec<u32> = self
            .quiet
            .iter()
            .map(|pattern| {
                lits.iter()
                    .enumerate()
                    .filter(|(_, lit)| pattern.count_common(lit) % 2 == 1)
                    .fold(0u32, |mask, (g, _)| mask | 1 << g)
            })
            .collect();
        let all = (1u32 << lits.len()) - 1;
        let (pattern, fewest) =
            if self.quiet.len() <= CERTIFICATE_SEARCH_LIMIT && self.quiet.len() == self.nullity() {
                (smallest_proof(&self.quiet, &parities, all)?, true)
            } else {
                (any_proof(&self.quiet, &parities, all)?, false)
            };
        let black = pattern.count_common(board);
        Some(GridCertificate {
            pattern,
            black,
            fewest,
        })
    }

    /// True when some accepted colour is reachable (no certificate can exist).
    fn solve_parity_only(&self, board: &Grid, goal: Goal) -> bool {
        let mut chaser = Chaser::new(self.shape);
        let zero = vec![0u64; self.shape.words_per_row()];
        goal.colors().iter().any(|&color| {
            let lit = lit_cells(board, color);
            self.express(chaser.residual(&zero, Some(&lit))).is_some()
        })
    }
}

/// The cells that must turn over an odd number of times for `board` to show `color`.
fn lit_cells(board: &Grid, color: Color) -> Grid {
    let mut lit = board.clone();
    if color == Color::Black {
        lit.xor_with(&Grid::filled(board.shape(), Color::Black));
    }
    lit
}

/// The least tap set (fewest taps, then lexicographically least) of `taps` plus any sum of the
/// quiet basis, tried in Gray-code order with the count kept incrementally.
fn least_in_coset(taps: Grid, quiet: &[Grid]) -> Grid {
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

/// Greedy descent: keep adding any quiet pattern that lowers the count, until none does.
fn improve_locally(taps: Grid, quiet: &[Grid]) -> Grid {
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

/// The quiet pattern with the fewest cells whose parities against the goals are all odd (ties:
/// the one whose cells come first in row-major order).
fn smallest_proof(quiet: &[Grid], parities: &[u32], all: u32) -> Option<Grid> {
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
                std::cmp::Ordering::Equal => current.cmp_lexicographic(known).is_gt(),
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
fn any_proof(quiet: &[Grid], parities: &[u32], all: u32) -> Option<Grid> {
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

/// Light chasing with reusable row buffers.
struct Chaser {
    shape: Shape,
    previous: Vec<u64>,
    current: Vec<u64>,
    next: Vec<u64>,
}

impl Chaser {
    fn new(shape: Shape) -> Chaser {
        let width = shape.words_per_row();
        Chaser {
            shape,
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
            spread(&self.current, &mut self.next, cols);
            xor_into(&mut self.next, &self.previous);
            if let Some(lit) = lit {
                xor_into(&mut self.next, lit.row(row));
            }
            // Row `row` is now cleared exactly when the next row taps what is left on in it.
            std::mem::swap(&mut self.previous, &mut self.current);
            std::mem::swap(&mut self.current, &mut self.next);
        }
    }
}

/// `out` = what taps `taps` in one row turn over in that row: each tapped cell and its left
/// and right neighbours (column 0 is the most significant bit of the first word).
fn spread(taps: &[u64], out: &mut [u64], cols: u32) {
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

fn xor_into(target: &mut [u64], other: &[u64]) {
    for (word, add) in target.iter_mut().zip(other) {
        *word ^= add;
    }
}

fn has_bit(words: &[u64], index: usize) -> bool {
    words[index / 64] & (1u64 << (63 - index % 64)) != 0
}

fn first_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .position(|&w| w != 0)
        .map(|index| index * 64 + words[index].leading_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: u32, cols: u32) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    #[test]
    fn nullity_of_n_by_n_matches_oeis_a159257() {
        let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
        let found: Vec<usize> = (1..=20)
            .map(|n| LightsOut::new(shape(n, n)).nullity())
            .collect();
        assert_eq!(found, expected);
    }

    /// Every tap set of a small shape, in increasing row-major order, applied to each goal:
    /// the first with the fewest taps per board is the answer the solver must give.
    fn brute_force(shape: Shape, goal: Goal) -> Vec<Option<(u64, u32)>> {
        let cells = shape.cells() as u32;
        let cols = shape.cols() as usize;
        let masks: Vec<u32> = (0..cells as usize)
            .map(|index| {
                let (row, col) = (index / cols, index % cols);
                let mut grid = Grid::new(shape);
                grid.tap(row, col);
                grid.cells().fold(0u32, |m, (r, c)| {
                    m | 1 << (cells as usize - 1 - (r * cols + c))
                })
            })
            .collect();
        let full = if cells == 32 {
            u32::MAX
        } else {
            (1u32 << cells) - 1
        };
        let mut best: Vec<Option<(u64, u32)>> = vec![None; 1 << cells];
        for taps in 0..=full {
            let flips = (0..cells as usize)
                .filter(|i| taps >> (cells as usize - 1 - i) & 1 == 1)
                .fold(0u32, |m, i| m ^ masks[i]);
            for &color in goal.colors() {
                let board = (if color == Color::Black { full } else { 0 }) ^ flips;
                let count = u64::from(taps.count_ones());
                if best[board as usize].is_none_or(|(known, _)| count < known) {
                    best[board as usize] = Some((count, taps));
                }
            }
        }
        best
    }

    fn grid_from_bits(shape: Shape, bits: u32) -> Grid {
        let cells = shape.cells() as usize;
        let cols = shape.cols() as usize;
        let mut grid = Grid::new(shape);
        for index in 0..cells {
            if bits >> (cells - 1 - index) & 1 == 1 {
                grid.set(index / cols, index % cols, true);
            }
        }
        grid
    }

    #[test]
    fn agrees_with_brute_force_on_every_shape_up_to_4x5() {
        for rows in 1..=5u32 {
            for cols in 1..=5u32 {
                if rows * cols > 20 {
                    continue;
                }
                let shape = shape(rows, cols);
                let solver = LightsOut::new(shape);
                for goal in Goal::ALL {
                    let expected = brute_force(shape, goal);
                    // Every board of small shapes, a stride through the larger ones.
                    let step = (expected.len() / 4096).max(1);
                    for bits in (0..expected.len()).step_by(step) {
                        let board = grid_from_bits(shape, bits as u32);
                        let found = solver.solve(&board, goal);
                        let want = expected[bits].map(|(_, taps)| grid_from_bits(shape, taps));
                        assert_eq!(
                            found.as_ref().map(|s| &s.taps),
                            want.as_ref(),
                            "{shape} {goal:?} {board}"
                        );
                        if let Some(solution) = found {
                            assert!(solution.optimal);
                            let mut after = board.clone();
                            for (r, c) in solution.taps.cells() {
                                after.tap(r, c);
                            }
                            assert_eq!(after.finished_color(), Some(solution.goal));
                            assert!(solver.certificate(&board, goal).is_none());
                        } else {
                            let proof = solver
                                .certificate(&board, goal)
                                .expect("impossible boards have a proof");
                            assert!(proof.fewest);
                            for &color in goal.colors() {
                                assert_ne!(proof.black % 2, proof.black_in_goal(color) % 2);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn quiet_patterns_are_met_evenly_by_every_tap() {
        for (rows, cols) in [(4, 4), (5, 5), (9, 9), (19, 19), (3, 70), (70, 5)] {
            let solver = LightsOut::new(shape(rows, cols));
            for pattern in solver.quiet_basis() {
                assert!(!pattern.is_empty());
                for row in 0..rows as usize {
                    for col in 0..cols as usize {
                        let met = pattern
                            .flip_cells(row, col)
                            .iter()
                            .filter(|&&(r, c)| pattern.get(r, c))
                            .count();
                        assert_eq!(met % 2, 0, "{rows}x{cols} tap ({row},{col})");
                    }
                }
            }
        }
    }

    /// POJ 3279 Fliptile's sample: 1 is black, goal white.
    #[test]
    fn fliptile_sample() {
        let board = Grid::parse("bwwb/wbbw/wbbw/bwwb", shape(4, 4)).unwrap();
        let solution = LightsOut::new(shape(4, 4))
            .solve(&board, Goal::White)
            .unwrap();
        assert_eq!(solution.taps.to_string(), "wwww/bwwb/bwwb/wwww");
        assert!(solution.optimal);
    }

    /// The 10x10 all-lit board needs 44 taps; the 5x5 all-white board needs 15 to become all
    /// black.
    #[test]
    fn published_minimums() {
        let ten = shape(10, 10);
        let lit = Grid::filled(ten, Color::Black);
        let solution = LightsOut::new(ten).solve(&lit, Goal::White).unwrap();
        assert_eq!(solution.moves(), 44);
        let five = shape(5, 5);
        let solution = LightsOut::new(five)
            .solve(&Grid::new(five), Goal::Black)
            .unwrap();
        assert_eq!(solution.moves(), 15);
    }

    fn flip_game_grid(board: crate::board::Board) -> Grid {
        Grid::from_board(board)
    }

    #[test]
    fn the_4x4_tap_matrix_has_rank_12_and_fifteen_quiet_patterns() {
        let solver = LightsOut::new(Shape::FLIP_GAME);
        assert_eq!((solver.rank(), solver.nullity()), (12, 4));
        let patterns = solver.quiet_patterns();
        assert_eq!(patterns.len(), 15);
        let distinct: std::collections::HashSet<String> =
            patterns.iter().map(Grid::to_string).collect();
        assert_eq!(distinct.len(), 15);
    }

    /// Independent of the algebra: the 4x4 quiet patterns are exactly the non-empty masks that
    /// every tap meets evenly, found by trying all 65,535.
    #[test]
    fn the_4x4_quiet_patterns_are_all_the_masks_every_tap_meets_evenly() {
        use crate::board::Cell;
        let mut brute: Vec<u16> = (1..=u16::MAX)
            .filter(|&mask| Cell::all().all(|tap| (tap.flip_mask() & mask).count_ones() % 2 == 0))
            .collect();
        let mut found: Vec<u16> = LightsOut::new(Shape::FLIP_GAME)
            .quiet_patterns()
            .iter()
            .map(|pattern| pattern.to_board().map_or(0, |b| b.bits()))
            .collect();
        brute.sort_unstable();
        found.sort_unstable();
        assert_eq!(found, brute);
    }

    /// On all 65,536 boards and every goal, against the 4x4 distance table (a search, not
    /// algebra): the same least optimal tap set, every solution finishes the board, and a
    /// certificate (valid, with the fewest cells) exists exactly when the board is impossible.
    #[test]
    fn every_4x4_board_agrees_with_the_distance_table() {
        use crate::board::Board;
        use crate::solver::DistanceTable;
        let solver = LightsOut::new(Shape::FLIP_GAME);
        let patterns = solver.quiet_patterns();
        for goal in Goal::ALL {
            let table = DistanceTable::shared(goal);
            for board in Board::all() {
                let grid = flip_game_grid(board);
                let found = solver.solve(&grid, goal);
                let expected = table
                    .solve(board)
                    .map(|s| flip_game_grid(Board::from_id(s.taps.bits())));
                assert_eq!(
                    found.as_ref().map(|s| &s.taps),
                    expected.as_ref(),
                    "{board} {goal:?}"
                );
                for &color in goal.colors() {
                    for taps in solver.solutions(&grid, color) {
                        let mut after = grid.clone();
                        for (r, c) in taps.cells() {
                            after.tap(r, c);
                        }
                        assert_eq!(after.finished_color(), Some(color));
                    }
                }
                let certificate = solver.certificate(&grid, goal);
                assert_eq!(certificate.is_some(), found.is_none(), "{board} {goal:?}");
                if let Some(proof) = certificate {
                    assert_eq!(proof.black, proof.pattern.count_common(&grid));
                    for &color in goal.colors() {
                        assert_ne!(proof.black % 2, proof.black_in_goal(color) % 2);
                    }
                    let fewest = patterns
                        .iter()
                        .filter(|p| {
                            goal.colors().iter().all(|&c| {
                                let goal_black = if c == Color::Black { p.count() } else { 0 };
                                p.count_common(&grid) % 2 != goal_black % 2
                            })
                        })
                        .map(Grid::count)
                        .min();
                    assert_eq!(Some(proof.pattern.count()), fewest);
                }
            }
        }
    }

    #[test]
    fn spread_crosses_word_boundaries() {
        let cols = 130;
        let mut taps = vec![0u64; 3];
        taps[1] = 1u64 << 63; // column 64
        let mut out = vec![0u64; 3];
        spread(&taps, &mut out, cols);
        assert_eq!(out, vec![1, 3u64 << 62, 0]);
    }
}
