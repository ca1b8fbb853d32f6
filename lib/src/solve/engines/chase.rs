//! Light chasing over GF(2) on bit-packed rows, for rules where it works (see
//! [`chase_pattern`]): once the first row's taps are chosen, the taps of every other row
//! are forced (row r + 1 must turn off whatever row r has left on), and what the last row has
//! left on is an affine function `A x + b` of the first row's taps `x`. `A` depends only on the
//! puzzle, `b` on the board; so a board is solvable exactly when `b` is in the column space of
//! `A`, and its solutions are one particular tap set plus the quiet tap sets, chased from the
//! null space of `A`.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::grid::{Grid, Shape, mask_row};
use crate::puzzle::Puzzle;
use crate::rule::Rule;

use crate::solve::kernels::avx2::avx2_dispatch;
use crate::solve::kernels::bits::{bit_of, first_bit, has_bit, xor_into};
use crate::solve::kernels::host;
use crate::solve::quiet::{self, QuietBasis, QuietTaps};

/// One reduced column of `A`, with the first-row taps (`tag`) whose columns sum to it.
#[derive(Clone, Debug)]
struct Reduced {
    pivot: usize,
    vector: Vec<u64>,
    tag: Vec<u64>,
}

impl Reduced {
    /// Clears this column's bit at the pivot of each of `rows` by adding that row (rows whose
    /// pivots are clear in each other, so the order does not matter).
    fn clear(&mut self, rows: &[Reduced]) {
        clear_pivots(self, rows);
    }
}

avx2_dispatch! {
    /// [`Reduced::clear`]; with AVX2, four words an instruction.
    fn clear_pivots(column: &mut Reduced, rows: &[Reduced]) = clear_pivots_inline;
}

#[inline(always)]
fn clear_pivots_inline(column: &mut Reduced, rows: &[Reduced]) {
    for row in rows {
        if has_bit(&column.vector, row.pivot) {
            xor_into(&mut column.vector, &row.vector);
            xor_into(&mut column.tag, &row.tag);
        }
    }
}

/// The columns of `A` reduced together in one panel (see [`Chase::reduce`]).
const PANEL_COLUMNS: usize = 64;

/// When light chasing works: a stencil without wrap whose only cell above the tapped piece
/// is the one straight above it, so the taps of each row are forced by what the row above
/// has left. Returns the column offsets a tap turns over in its own row and in the row
/// below.
pub(crate) fn chase_pattern(puzzle: &Puzzle) -> Option<ChasePattern> {
    let Rule::Stencil { stencil, .. } = puzzle.rule() else {
        return None;
    };
    if puzzle.wrap() || stencil.row_radius() != 1 {
        return None;
    }
    let in_row = |dr: i32| -> Vec<i32> {
        stencil
            .offsets()
            .iter()
            .filter(|&&(r, _)| r == dr)
            .map(|&(_, c)| c)
            .collect()
    };
    (in_row(-1) == [0]).then(|| ChasePattern {
        same_row: in_row(0),
        row_below: in_row(1),
    })
}

/// What one row of taps turns over under a chaseable stencil (column offsets from each tap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChasePattern {
    /// Offsets turned over in the tapped row.
    pub(crate) same_row: Vec<i32>,
    /// Offsets turned over in the row below.
    pub(crate) row_below: Vec<i32>,
}

impl ChasePattern {
    /// How many columns a tap's effect can travel sideways from one row to the next: the
    /// largest offset either way.
    pub(crate) fn reach(&self) -> u32 {
        self.same_row
            .iter()
            .chain(&self.row_below)
            .map(|offset| offset.unsigned_abs())
            .max()
            .unwrap_or(0)
    }

    /// True when the pattern in the tapped row and the one in the row below are each a sum of
    /// the identity and the path's adjacency `P` (offsets within one column either way, and
    /// symmetric): every row's taps are then a polynomial in `P` of the first row's, and so is
    /// `A` (see [`polynomial_residuals`]). The Flip Game's own rule and sigma are of this kind.
    pub(crate) fn is_path_polynomial(&self) -> bool {
        let of_path = |offsets: &[i32]| {
            offsets
                .iter()
                .all(|&offset| offset.abs() <= 1 && offsets.contains(&-offset))
        };
        of_path(&self.same_row) && of_path(&self.row_below)
    }
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
    /// Builds `A` by chasing every unit first row at once ([`symbolic_residuals`]), and reduces
    /// it column by column; `None` when the puzzle's rule cannot be chased.
    #[cfg(test)]
    pub(crate) fn new(puzzle: &Puzzle) -> Option<Chase> {
        Chase::with_progress(puzzle, &mut |_, _| {})
    }

    /// [`Chase::new`], telling `progress` how the work goes.
    #[cfg(test)]
    pub(crate) fn with_progress(
        puzzle: &Puzzle,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Chase> {
        let pattern = chase_pattern(puzzle)?;
        Some(Chase::with_pattern(puzzle, pattern, progress))
    }

    /// The chase of a puzzle whose pattern [`chase_pattern`] has found, telling `progress` how
    /// the work goes (units done, units in all; a unit is one word of a cell's vector chased
    /// through one row, or reduced against one column). It hears nothing on narrow boards, which
    /// take a fraction of a second.
    pub(crate) fn with_pattern(
        puzzle: &Puzzle,
        pattern: ChasePattern,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Chase {
        let shape = puzzle.shape();
        let (rows, cols) = (u64::from(shape.rows()), u64::from(shape.cols()));
        let width = shape.words_per_row() as u64;
        let polynomial = pattern.is_path_polynomial();
        // The symbolic chase takes a vector a cell a row; the polynomial one a word a row and a
        // word a column. The reduction costs about a column of A against every column before it.
        let chase = if polynomial {
            (rows + cols) * width
        } else {
            rows * cols * width
        };
        let work = Work {
            chase,
            total: chase + cols * cols * width / 2,
        };
        let residuals = if polynomial {
            polynomial_residuals(shape, &pattern)
        } else {
            symbolic_residuals(shape, &pattern, &work, progress)
        };
        Chase::reduce(shape, pattern, residuals, &work, progress)
    }

    /// Reduces the columns of `A`, given in order (column `j`: what first-row tap `j` alone
    /// leaves on in the last row), keeping each reduced column with the first-row taps whose
    /// columns sum to it.
    ///
    /// The columns are taken [`PANEL_COLUMNS`] at a time: each is reduced against the rows
    /// before on its own, then the panel's columns against each other in order, then the rows
    /// before against the panel's new rows, each on its own; the first and last steps split
    /// across the cores. The reduced form is unique (every pivot is cleared in every other row),
    /// so this gives exactly what one column at a time gives, whatever the threads do.
    fn reduce(
        shape: Shape,
        pattern: ChasePattern,
        columns: impl IntoIterator<Item = Vec<u64>>,
        work: &Work,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Chase {
        let width = shape.words_per_row();
        let wide = shape.cols() as usize >= THREADED_COLUMNS;
        let threads = if wide { host::threads() } else { 1 };
        let mut reduced: Vec<Reduced> = Vec::new();
        let mut null_basis = Vec::new();
        let mut columns = columns.into_iter().enumerate();
        let reduce_work = work.total - work.chase;
        let mut reduced_columns = 0u64;
        loop {
            let mut panel: Vec<Reduced> = columns
                .by_ref()
                .take(PANEL_COLUMNS)
                .map(|(col, vector)| {
                    let mut tag = vec![0u64; width];
                    tag[col / 64] |= bit_of(col);
                    Reduced {
                        pivot: col,
                        vector,
                        tag,
                    }
                })
                .collect();
            if panel.is_empty() {
                break;
            }
            host::split_mut(&mut panel, threads, |_, column| column.clear(&reduced));
            let mut fresh: Vec<Reduced> = Vec::new();
            for mut column in panel {
                column.clear(&fresh);
                match first_bit(&column.vector) {
                    None => null_basis.push(column.tag),
                    Some(pivot) => {
                        column.pivot = pivot;
                        for row in &mut fresh {
                            row.clear(std::slice::from_ref(&column));
                        }
                        fresh.push(column);
                    }
                }
            }
            host::split_mut(&mut reduced, threads, |_, row| row.clear(&fresh));
            reduced.extend(fresh);
            if wide {
                reduced_columns += PANEL_COLUMNS as u64;
                let cols = u64::from(shape.cols());
                let done = reduce_work * reduced_columns.min(cols) / cols;
                progress(work.chase + done, work.total);
            }
        }
        Chase {
            shape,
            pattern,
            reduced,
            null_basis,
        }
    }

    /// `A` built the first way: one numeric chase per unit first row. The symbolic chase must
    /// agree with it exactly.
    #[cfg(test)]
    fn new_by_unit_chases(puzzle: &Puzzle) -> Option<Chase> {
        let pattern = chase_pattern(puzzle)?;
        let shape = puzzle.shape();
        let mut chaser = Chaser::new(shape, pattern.clone());
        let columns = (0..shape.cols() as usize).map(move |col| {
            let mut first = vec![0u64; shape.words_per_row()];
            first[col / 64] |= bit_of(col);
            chaser.residual(&first, None)
        });
        let work = Work { chase: 0, total: 0 };
        Some(Chase::reduce(
            shape,
            pattern,
            columns,
            &work,
            &mut |_, _| {},
        ))
    }

    /// The dimension of the null space: how many independent quiet tap sets.
    pub(crate) fn nullity(&self) -> usize {
        self.null_basis.len()
    }

    /// The first `limit` quiet tap sets of the basis, chased out to whole boards.
    pub(crate) fn quiet_basis(&self, limit: usize) -> Vec<Grid> {
        let mut all = Vec::new();
        self.quiet_taps(limit)
            .each(&mut |taps| all.push(taps.clone()));
        all
    }

    /// The quiet tap sets as first rows, chased out only when walked.
    pub(crate) fn chased_basis(&self) -> ChasedBasis {
        ChasedBasis {
            shape: self.shape,
            pattern: self.pattern.clone(),
            first_rows: self.null_basis.clone(),
        }
    }

    /// The first `limit` quiet tap sets of the basis, each chased out to a whole board only
    /// when its turn comes (one board in memory, not `limit`).
    pub(crate) fn quiet_taps(&self, limit: usize) -> ChasedQuietTaps<'_> {
        ChasedQuietTaps { chase: self, limit }
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

/// The quiet tap sets of a [`Chase`], chased out one at a time.
pub(crate) struct ChasedQuietTaps<'a> {
    chase: &'a Chase,
    limit: usize,
}

impl QuietTaps for ChasedQuietTaps<'_> {
    fn each(&self, visit: &mut dyn FnMut(&Grid)) {
        let mut chaser = Chaser::new(self.chase.shape, self.chase.pattern.clone());
        let mut taps = Grid::new(self.chase.shape);
        for first in self.chase.null_basis.iter().take(self.limit) {
            chaser.taps_into(first, &mut taps);
            visit(&taps);
        }
    }
}

/// How the work of building a [`Chase`] is counted for a progress bar.
struct Work {
    /// The units of the symbolic chase, the first part.
    chase: u64,
    /// The units in all.
    total: u64,
}

/// Boards with fewer first-row taps than this are chased symbolically on one thread: below it
/// starting a thread costs more than it saves.
const THREADED_COLUMNS: usize = 512;

/// The bytes of one block's three rows of vectors: about half a core's own (L2) cache.
const BLOCK_BYTES: usize = 256 << 10;

/// The columns of `A` for a puzzle of `shape` chased with `pattern`: column `j` is what the
/// last row leaves on when only first-row tap `j` is made.
///
/// Every unit first row is chased at once: each cell's tap is kept as the vector of first-row
/// taps that force it (one bit per first-row tap), so a row step adds whole vectors, with no
/// shifts, in long runs the compiler vectorizes. The vectors are split into blocks of words that
/// never meet, one block per thread; the result does not depend on how many there are.
fn symbolic_residuals(
    shape: Shape,
    pattern: &ChasePattern,
    work: &Work,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<Vec<u64>> {
    let cols = shape.cols() as usize;
    let width = shape.words_per_row();
    // A block's three rows of vectors stay in the core's own cache while it is chased.
    let block_words = (BLOCK_BYTES / (3 * 8 * cols)).clamp(1, width);
    let blocks: Vec<Range<usize>> = (0..width)
        .step_by(block_words)
        .map(|start| start..(start + block_words).min(width))
        .collect();
    let threads = if cols < THREADED_COLUMNS {
        1
    } else {
        host::threads().min(blocks.len())
    };
    // Thread t chases blocks t, t + threads, ...: the same blocks whatever the timing.
    let chased_words = AtomicU64::new(0);
    let rows = u64::from(shape.rows());
    let chase_share = |thread: usize| -> Vec<Vec<u64>> {
        blocks
            .iter()
            .skip(thread)
            .step_by(threads)
            .map(|block| {
                let chased = chase_block(shape, pattern, block.clone());
                let words = (block.len() * cols) as u64;
                chased_words.fetch_add(words, Ordering::Relaxed);
                chased
            })
            .collect()
    };
    let shares: Vec<Vec<Vec<u64>>> = if cols < THREADED_COLUMNS {
        vec![chase_share(0)]
    } else {
        let shares = host::on_threads_telling(threads, &chase_share, || {
            progress(chased_words.load(Ordering::Relaxed) * rows, work.total);
        });
        progress(work.chase, work.total);
        shares
    };
    let chased: Vec<&Vec<u64>> = (0..blocks.len())
        .map(|index| &shares[index % threads][index / threads])
        .collect();
    // Cell c's vector has first-row tap j at bit j; column j of A has cell c at bit c.
    let mut columns = vec![vec![0u64; width]; cols];
    for (block, words) in blocks.iter().zip(&chased) {
        let block_width = block.len();
        for cell in 0..cols {
            let vector = &words[cell * block_width..(cell + 1) * block_width];
            for (offset, &word) in vector.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    let bit = rest.leading_zeros() as usize;
                    rest &= !(1u64 << (63 - bit));
                    let tap = (block.start + offset) * 64 + bit;
                    columns[tap][cell / 64] |= bit_of(cell);
                }
            }
        }
    }
    columns
}

/// The columns of `A` for a pattern that [`ChasePattern::is_path_polynomial`]: `A` is then a
/// polynomial in the path's adjacency `P`, so it commutes with `P`, and as `P e_j = e_(j-1) +
/// e_(j+1)`, column `j + 1` is `P` times column `j` plus column `j - 1`. One numeric chase gives
/// column 0 and a shift and two sums a column give the rest: a word a row and a word a column in
/// place of the symbolic chase's vector a cell a row.
fn polynomial_residuals(shape: Shape, pattern: &ChasePattern) -> Vec<Vec<u64>> {
    let (cols, width) = (shape.cols() as usize, shape.words_per_row());
    let mut first = vec![0u64; width];
    first[0] = bit_of(0);
    let mut columns = Vec::with_capacity(cols);
    columns.push(Chaser::new(shape, pattern.clone()).residual(&first, None));
    for col in 1..cols {
        let mut next = if col >= 2 {
            columns[col - 2].clone()
        } else {
            vec![0u64; width]
        };
        xor_shifted(&mut next, &columns[col - 1], 1);
        xor_shifted(&mut next, &columns[col - 1], -1);
        mask_row(&mut next, shape.cols());
        columns.push(next);
    }
    columns
}

avx2_dispatch! {
/// Chases the words `block` of every cell's vector of first-row taps through all the rows;
/// returns the last row's residual vectors, cell by cell (`block.len()` words each).
///
/// A tap reaches at most [`ChasePattern::reach`] columns further each row, so after `r` rows
/// only the cells within `r` reaches of the block's own taps can be nonzero: the step skips the
/// rest (a third of the work on a square board).
///
/// With AVX2, four words an instruction in the row sums.
fn chase_block(shape: Shape, pattern: &ChasePattern, block: Range<usize>) -> Vec<u64> =
    chase_block_inline;
}

#[inline(always)]
fn chase_block_inline(shape: Shape, pattern: &ChasePattern, block: Range<usize>) -> Vec<u64> {
    let cols = shape.cols() as usize;
    let words = block.len();
    let reach = pattern.reach() as usize;
    let mut previous = vec![0u64; cols * words];
    let mut current = vec![0u64; cols * words];
    let mut next = vec![0u64; cols * words];
    // Row 0 taps are the first-row taps themselves: cell c is forced by tap c alone.
    let taps = block.start * 64..(block.end * 64).min(cols);
    for cell in taps.clone() {
        current[cell * words + cell / 64 - block.start] = bit_of(cell);
    }
    for row in 1..=shape.rows() as usize {
        // The cone only widens, so the cells outside it stay zero in all three buffers.
        let spread = row.saturating_mul(reach);
        let live = taps.start.saturating_sub(spread)..taps.end.saturating_add(spread).min(cols);
        step(&mut next, (&current, &previous), pattern, words, live);
        std::mem::swap(&mut previous, &mut current);
        std::mem::swap(&mut current, &mut next);
    }
    current
}

/// One row of the symbolic chase: each cell's vector in `next` is the sum of the vectors of
/// `current` at the pattern's offsets in the same row and of `previous` at its offsets in the
/// row below (cells of `words` words each, side by side). Only the cells of `live` are written.
/// Cells whose offsets all fall on the board are summed in one pass over contiguous memory; the
/// few at the edges one by one.
#[inline(always)]
fn step(
    next: &mut [u64],
    (current, previous): (&[u64], &[u64]),
    pattern: &ChasePattern,
    words: usize,
    live: Range<usize>,
) {
    let cells = next.len() / words;
    let offsets = || {
        pattern
            .same_row
            .iter()
            .map(move |&offset| (offset, current))
            .chain(
                pattern
                    .row_below
                    .iter()
                    .map(move |&offset| (offset, previous)),
            )
    };
    // Cell c takes what a tap at c - offset turns over, so it needs c - offset on the board.
    let first = offsets()
        .map(|(o, _)| o.max(0) as usize)
        .max()
        .unwrap_or(0)
        .max(live.start);
    let margin = offsets()
        .map(|(o, _)| (-o).max(0) as usize)
        .max()
        .unwrap_or(0);
    let last = cells.saturating_sub(margin).min(live.end);
    let edge = |next: &mut [u64], cell: usize| {
        let sources: Vec<&[u64]> = offsets()
            .filter_map(|(offset, source)| {
                let from = usize::try_from(cell as i64 - i64::from(offset)).ok()?;
                (from < cells).then(|| &source[from * words..(from + 1) * words])
            })
            .collect();
        sum_into(&mut next[cell * words..(cell + 1) * words], &sources);
    };
    if first >= last {
        for cell in live {
            edge(next, cell);
        }
        return;
    }
    let sources: Vec<&[u64]> = offsets()
        .map(|(offset, source)| {
            let from = (first as i64 - i64::from(offset)) as usize;
            &source[from * words..(from + last - first) * words]
        })
        .collect();
    sum_into(&mut next[first * words..last * words], &sources);
    for cell in (live.start..first).chain(last..live.end) {
        edge(next, cell);
    }
}

/// `target` = the sum (XOR) of `sources`, all as long as it, in one pass for the usual counts.
#[inline(always)]
fn sum_into(target: &mut [u64], sources: &[&[u64]]) {
    match *sources {
        [] => target.fill(0),
        [a] => target.copy_from_slice(a),
        [a, b] => {
            for (t, (a, b)) in target.iter_mut().zip(a.iter().zip(b)) {
                *t = a ^ b;
            }
        }
        [a, b, c] => {
            for (t, ((a, b), c)) in target.iter_mut().zip(a.iter().zip(b).zip(c)) {
                *t = a ^ b ^ c;
            }
        }
        [a, b, c, d] => {
            for (t, (((a, b), c), d)) in target.iter_mut().zip(a.iter().zip(b).zip(c).zip(d)) {
                *t = a ^ b ^ c ^ d;
            }
        }
        [a, ref rest @ ..] => {
            target.copy_from_slice(a);
            for source in rest {
                xor_into(target, source);
            }
        }
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

    /// Chases from first-row taps `first` on an empty board into `taps` (every row written).
    fn taps_into(&mut self, first: &[u64], taps: &mut Grid) {
        self.run(first, None, |row, words| {
            taps.row_mut(row).copy_from_slice(words)
        });
    }

    fn run(&mut self, first: &[u64], lit: Option<&Grid>, mut visit: impl FnMut(usize, &[u64])) {
        self.start(first);
        for row in 0..self.shape.rows() as usize {
            visit(row, &self.current);
            self.advance(lit.map(|lit| lit.row(row)));
        }
    }

    /// Puts `first` in the first row, with nothing above it.
    fn start(&mut self, first: &[u64]) {
        self.previous.fill(0);
        self.current.copy_from_slice(first);
    }

    /// Moves one row down: the next row's taps clear what the current row's cells (`lit`: those
    /// lit on the board) have left on.
    fn advance(&mut self, lit: Option<&[u64]>) {
        let cols = self.shape.cols();
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
            xor_into(&mut self.next, lit);
        }
        // The current row is now cleared exactly when the next row taps what is left on in it.
        std::mem::swap(&mut self.previous, &mut self.current);
        std::mem::swap(&mut self.current, &mut self.next);
    }
}

/// Quiet tap sets kept as their first rows alone and chased out row by row, all at once, when
/// they are walked: a few rows of memory in place of whole boards.
#[derive(Clone, Debug)]
pub(crate) struct ChasedBasis {
    shape: Shape,
    pattern: ChasePattern,
    first_rows: Vec<Vec<u64>>,
}

impl QuietBasis for ChasedBasis {
    fn len(&self) -> usize {
        self.first_rows.len()
    }

    /// Reduced by the first rows alone: any change of basis chases to the same change of the
    /// quiet tap sets (the chase of an empty board is linear).
    fn reduce_to_pivots(&mut self) -> Vec<(usize, u64)> {
        quiet::reduce_to_pivots(&mut self.first_rows, Vec::as_slice, |row, other| {
            xor_into(row, other)
        })
    }

    fn each_word(&self, visit: &mut dyn FnMut(usize, &[u64])) {
        let width = self.shape.words_per_row();
        let mut chasers: Vec<Chaser> = self
            .first_rows
            .iter()
            .map(|first| {
                let mut chaser = Chaser::new(self.shape, self.pattern.clone());
                chaser.start(first);
                chaser
            })
            .collect();
        let mut words = vec![0u64; chasers.len()];
        for row in 0..self.shape.rows() as usize {
            for column in 0..width {
                for (word, chaser) in words.iter_mut().zip(&chasers) {
                    *word = chaser.current[column];
                }
                visit(row * width + column, &words);
            }
            chasers.iter_mut().for_each(|chaser| chaser.advance(None));
        }
    }

    /// The sum is chased out once, from the sum of the chosen first rows.
    fn add_sum(&self, taps: &mut Grid, chosen: u64) {
        let mut first = vec![0u64; self.shape.words_per_row()];
        quiet::add_chosen_rows(&mut first, &self.first_rows, chosen);
        let mut chaser = Chaser::new(self.shape, self.pattern.clone());
        chaser.run(&first, None, |row, words| {
            xor_into(taps.row_mut(row), words)
        });
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
        // The carried bit lands where the shift left a zero.
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
    use crate::puzzle::{Goal, test_puzzle};

    #[test]
    fn chasing_needs_a_single_cell_straight_above() {
        assert!(chase_pattern(&test_puzzle(3, 3, "plus", false, Goal::Either)).is_some());
        assert!(chase_pattern(&test_puzzle(3, 3, "sigma", false, Goal::Either)).is_some());
        assert!(chase_pattern(&test_puzzle(3, 3, "010/111/111", false, Goal::Either)).is_some());
        assert!(chase_pattern(&test_puzzle(3, 3, "x", false, Goal::Either)).is_none());
        assert!(chase_pattern(&test_puzzle(3, 3, "box", false, Goal::Either)).is_none());
        assert!(chase_pattern(&test_puzzle(3, 3, "plus", true, Goal::Either)).is_none());
        assert!(chase_pattern(&test_puzzle(3, 3, "lines", false, Goal::Either)).is_none());
    }

    /// The symbolic chase builds exactly the `A` of one numeric chase per first-row tap, under
    /// chased rules symmetric and not, on narrow and wide boards, threaded or not.
    #[test]
    fn the_symbolic_chase_agrees_with_one_chase_per_tap() {
        // 3x1500 is chased in several blocks of words, on every core.
        let shapes = [
            (3, 1500),
            (1, 1),
            (1, 7),
            (5, 5),
            (4, 64),
            (3, 65),
            (7, 130),
            (64, 64),
            (9, 700),
        ];
        for rule in [
            "plus",
            "sigma",
            "010/111/101",
            "010/101/111",
            "1/1/1",
            "010/111/010",
            // Two columns either way: the cone widens by two a row.
            "00100/11111/01010",
            // Lopsided: more columns on one side than the other, in the row or below it, so the
            // cells a row step can sum in one pass end at different places on either side.
            "010/110/010",
            "010/011/001",
            "00100/11100/00011",
        ] {
            for (rows, cols) in shapes {
                let puzzle = test_puzzle(rows, cols, rule, false, Goal::Either);
                let Some(symbolic) = Chase::new(&puzzle) else {
                    assert_eq!(rule, "1/1/1", "{rule} is chased");
                    continue;
                };
                let chased = Chase::new_by_unit_chases(&puzzle).unwrap();
                assert_eq!(
                    symbolic.null_basis, chased.null_basis,
                    "{rule} {rows}x{cols}"
                );
                assert_eq!(symbolic.reduced.len(), chased.reduced.len());
                for (a, b) in symbolic.reduced.iter().zip(&chased.reduced) {
                    assert_eq!((a.pivot, &a.vector, &a.tag), (b.pivot, &b.vector, &b.tag));
                }
            }
        }
    }

    /// Under a rule whose rows are polynomials in the path, the columns of `A` built from the
    /// first one are the columns the symbolic chase builds one cell at a time; and the rules
    /// that are not of that kind are told apart.
    #[test]
    fn the_columns_from_the_first_are_the_symbolic_chases_columns() {
        let polynomial = [
            "plus",
            "sigma",
            "010/111/101",
            "010/101/111",
            "010/101/101",
            "010/111/000",
            "010/000/111",
        ];
        let not = [
            "00100/11111/01010",
            "010/110/010",
            "010/011/001",
            "010/111/100",
        ];
        for rule in polynomial {
            let puzzle = test_puzzle(3, 3, rule, false, Goal::Either);
            assert!(
                chase_pattern(&puzzle).unwrap().is_path_polynomial(),
                "{rule}"
            );
            for (rows, cols) in [(1, 1), (1, 2), (2, 1), (5, 5), (4, 64), (3, 65), (70, 9)]
                .into_iter()
                .chain([(9, 130), (130, 130), (2, 700)])
            {
                let puzzle = test_puzzle(rows, cols, rule, false, Goal::Either);
                let (shape, pattern) = (puzzle.shape(), chase_pattern(&puzzle).unwrap());
                let work = Work { chase: 0, total: 0 };
                assert_eq!(
                    polynomial_residuals(shape, &pattern),
                    symbolic_residuals(shape, &pattern, &work, &mut |_, _| {}),
                    "{rule} {rows}x{cols}"
                );
            }
        }
        for rule in not {
            let puzzle = test_puzzle(3, 3, rule, false, Goal::Either);
            assert!(
                !chase_pattern(&puzzle).unwrap().is_path_polynomial(),
                "{rule}"
            );
        }
    }

    /// The chase block and the row additions give the same words whichever build of them runs
    /// (the AVX2 one is picked at run time where the CPU has it; the portable one elsewhere).
    #[test]
    fn the_portable_and_the_dispatched_builds_agree() {
        let puzzle = test_puzzle(5, 700, "00100/11111/01010", false, Goal::Either);
        let (shape, pattern) = (puzzle.shape(), chase_pattern(&puzzle).unwrap());
        for block in [0..2, 3..11, 10..11] {
            assert_eq!(
                chase_block(shape, &pattern, block.clone()),
                chase_block_inline(shape, &pattern, block)
            );
        }
        let rows: Vec<Reduced> = (0..3)
            .map(|pivot| Reduced {
                pivot: pivot * 70,
                vector: (0..11).map(|w| (w as u64 + 1) << pivot).collect(),
                tag: vec![pivot as u64; 11],
            })
            .collect();
        let column = Reduced {
            pivot: 0,
            vector: vec![u64::MAX; 11],
            tag: vec![0; 11],
        };
        let (mut dispatched, mut portable) = (column.clone(), column);
        dispatched.clear(&rows);
        clear_pivots_inline(&mut portable, &rows);
        assert_eq!(
            (dispatched.vector, dispatched.tag),
            (portable.vector, portable.tag)
        );
    }

    /// Preparing a wide board tells its progress: never backwards, one total, ending at it.
    #[test]
    fn the_progress_of_a_wide_chase_ends_at_its_total() {
        for (rows, cols) in [(3, 1500), (40, 700), (2, 511)] {
            let puzzle = test_puzzle(rows, cols, "plus", false, Goal::Either);
            let mut heard: Vec<(u64, u64)> = Vec::new();
            let chase = Chase::with_progress(&puzzle, &mut |done, total| heard.push((done, total)))
                .unwrap();
            assert_eq!(chase.null_basis, Chase::new(&puzzle).unwrap().null_basis);
            if cols < THREADED_COLUMNS as u32 {
                assert!(heard.is_empty(), "{rows}x{cols}: {heard:?}");
                continue;
            }
            let total = heard[0].1;
            assert!(heard.iter().all(|&(_, t)| t == total));
            assert!(
                heard.windows(2).all(|pair| pair[0].0 <= pair[1].0),
                "{heard:?}"
            );
            assert_eq!(heard.last(), Some(&(total, total)));
            // Both parts are told: the chase's end, then the reduction's panels.
            let chase_end = heard.iter().position(|&(done, _)| done > 0).unwrap();
            assert!(heard.len() - chase_end >= cols as usize / PANEL_COLUMNS);
        }
    }

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
