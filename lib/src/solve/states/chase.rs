//! Light chasing over Z_K: boards of K states past the dense Smith form's reach, for stencils
//! without wrap whose only cell above the pressed piece is the one straight above it, with a
//! weight that is a unit mod K (`plus`, Gambler Bo's `010/121/010`).
//!
//! Once the first row's presses `y` are chosen the others are forced: cell (r, c) is reached
//! by presses of rows r - 1, r and r + 1, and of row r + 1 only by the press right below it, so
//! that press must bring the cell to its target. What the last row is then left needing is an
//! affine function `r0 - N y` of `y`: the columns of `N` (cols x cols) are chases of the empty
//! board from single first-row presses, and `r0` is the chase of the board from none. So the
//! board can be finished exactly when `N y = r0` has a solution (a small system, solved by the
//! Smith form), its solutions are one chase plus the quiet press counts (each the chase of an
//! element of `N`'s kernel from the empty board), and the fewest presses are searched over them
//! as the dense solver searches its kernel.
//!
//! A board that cannot be finished gets its proof from the small system's: weights `z` on the
//! last row with `z N = 0` and `z r0 != 0`. `r0 = R n` is linear in what the board needs at
//! each cell (`n = t - b`), so the weights `w = R^T z` on the cells have `w n = z r0 != 0`; and
//! no press changes `w b`: for press counts `x`, the chase of the board `A x` from the first
//! row `-x_1` presses `-x` and finishes it, so `R A x = N x_1` and `w A x = z N x_1 = 0`. `R^T z`
//! is the chase run backwards (its adjoint), one pass over the board. With goal `any` the small
//! system has one more unknown, the colour, whose column is `R` of the all-1 board: its proof's
//! weights then also sum every uniform board to 0.

use crate::solve::kernels::host::Instant;
use std::sync::OnceLock;

use super::modular::{
    CyclicFactor, Kernel, MODULAR_SEARCH_LIMIT, ModularProof, ModularSolution, ModularSolver,
    PressMap,
};
use crate::puzzle::StatePuzzle;
use crate::rule::Rule;

/// The weights a chaseable stencil's press adds, by row: its own and the one below, as
/// (column offset, weight); and the weight it adds straight above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StatePattern {
    same_row: Vec<(isize, u32)>,
    row_below: Vec<(isize, u32)>,
    up: u32,
}

/// The pattern of `puzzle`'s presses when light chasing works for it: a stencil without wrap,
/// reaching one row up and down, whose only cell above the press is straight above it with a
/// weight that has an inverse mod K.
pub(crate) fn state_pattern(puzzle: &StatePuzzle) -> Option<StatePattern> {
    let Rule::Stencil { stencil, .. } = puzzle.rule() else {
        return None;
    };
    if puzzle.wrap() || stencil.row_radius() != 1 {
        return None;
    }
    let in_row = |dr: i32| -> Vec<(isize, u32)> {
        stencil
            .offsets()
            .iter()
            .zip(stencil.weights())
            .filter(|&(&(r, _), _)| r == dr)
            .map(|(&(_, c), &weight)| (c as isize, weight))
            .collect()
    };
    let above = in_row(-1);
    let states = u32::from(puzzle.states());
    match above.as_slice() {
        &[(0, up)] if gcd(up, states) == 1 => Some(StatePattern {
            same_row: in_row(0),
            row_below: in_row(1),
            up,
        }),
        _ => None,
    }
}

impl StatePattern {
    /// True when the weights a press adds in its own row and in the row below are each a sum
    /// of the identity and the path's adjacency `P` times a weight: offsets within one column,
    /// the same weight either side. The press counts forced in every row are then a
    /// polynomial in `P` of the first row's, and so is what the last row is left needing (see
    /// [`Chaser::lefts_from_the_first`]). `plus` and Gambler Bo's `010/121/010` are of this kind.
    fn is_path_polynomial(&self) -> bool {
        let of_path = |weights: &[(isize, u32)]| {
            let weight = |offset: isize| {
                weights
                    .iter()
                    .filter(|&&(at, _)| at == offset)
                    .map(|&(_, weight)| weight)
                    .sum::<u32>()
            };
            weights.iter().all(|&(offset, _)| offset.abs() <= 1) && weight(-1) == weight(1)
        };
        of_path(&self.same_row) && of_path(&self.row_below)
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The chase itself: the board's size, the states, and the stencil's pattern.
#[derive(Clone, Debug)]
struct Chaser {
    rows: usize,
    cols: usize,
    states: u32,
    pattern: StatePattern,
    /// The inverse of the weight a press adds straight above, mod K.
    up_inverse: u32,
}

/// A K-state puzzle worked out by light chasing, ready for any board.
#[derive(Clone, Debug)]
pub(crate) struct StateChase {
    chaser: Chaser,
    /// `N`: the last row's needs from each first-row press, as a press map of `cols` presses.
    small: ModularSolver,
    /// `N` with one more column, `R` of the all-1 board: for proofs of goal `any`.
    with_uniform: OnceLock<ModularSolver>,
    /// The quiet press counts of the whole board.
    kernel: Kernel,
}

impl StateChase {
    /// Works out `puzzle` by chasing, when its rule allows it (see [`state_pattern`]).
    pub(crate) fn new(puzzle: &StatePuzzle) -> Option<StateChase> {
        let pattern = state_pattern(puzzle)?;
        let shape = puzzle.shape();
        let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
        let states = u32::from(puzzle.states());
        let up_inverse = (1..states).find(|&x| x * pattern.up % states == 1)?;
        let chaser = Chaser {
            rows,
            cols,
            states,
            pattern,
            up_inverse,
        };
        let empty = vec![0u32; rows * cols];
        let lefts = if chaser.pattern.is_path_polynomial() {
            chaser.lefts_from_the_first()
        } else {
            chaser.lefts()
        };
        // The last row needs `r0 - N y`: column j of N is what press j takes away.
        let columns: Vec<Vec<(usize, u32)>> = lefts
            .iter()
            .map(|left| sparse(left.iter().map(|&v| (states - v) % states)))
            .collect();
        let small = ModularSolver::new(PressMap::new(states, cols, &columns).ok()?);
        let factors = small
            .kernel()
            .into_iter()
            .map(|factor| CyclicFactor {
                order: factor.order,
                values: chaser.chase(&empty, &factor.values).0,
            })
            .collect();
        let widest = PressMap::of(puzzle).widest();
        Some(StateChase {
            chaser,
            small,
            with_uniform: OnceLock::new(),
            kernel: Kernel::new(states, widest, factors),
        })
    }
    /// The press counts that finish a board needing `needed` at each cell, fewest first, or
    /// the weights of a proof that none do.
    pub(crate) fn solve_with(
        &self,
        needed: &[u32],
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<ModularSolution, ModularProof> {
        let (_, left) = self.chaser.chase(needed, &vec![0; self.chaser.cols]);
        match self.small.particular(&left) {
            Ok(first) => {
                let (start, _) = self.chaser.chase(needed, &first);
                Ok(self
                    .kernel
                    .least(start, needed, MODULAR_SEARCH_LIMIT, deadline, progress))
            }
            Err(proof) => Err(ModularProof {
                weights: self.chaser.backward(&proof.weights),
            }),
        }
    }

    /// The weights of a proof that no presses finish a board needing `needed` at each cell,
    /// or `None` when some do.
    pub(crate) fn obstruction(&self, needed: &[u32]) -> Option<ModularProof> {
        let (_, left) = self.chaser.chase(needed, &vec![0; self.chaser.cols]);
        let proof = self.small.particular(&left).err()?;
        Some(ModularProof {
            weights: self.chaser.backward(&proof.weights),
        })
    }

    /// The weights of a proof that a board `states` is made uniform by no presses (the goal
    /// `any`); `None` when some presses do.
    pub(crate) fn proof_for_any(&self, states: &[u32]) -> Option<ModularProof> {
        let extended = self.with_uniform.get_or_init(|| {
            let mut columns: Vec<Vec<(usize, u32)>> = (0..self.chaser.cols)
                .map(|j| self.small.press_map().reached(j).to_vec())
                .collect();
            let (_, ones) = self.chaser.chase(
                &vec![1; self.chaser.rows * self.chaser.cols],
                &vec![0; self.chaser.cols],
            );
            columns.push(sparse(ones.into_iter()));
            let map = PressMap::new(self.chaser.states, self.chaser.cols, &columns)
                .unwrap_or_else(|error| unreachable!("the small system's columns: {error}"));
            ModularSolver::new(map)
        });
        let k = self.chaser.states;
        let needed: Vec<u32> = states.iter().map(|&s| (k - s % k) % k).collect();
        let (_, left) = self.chaser.chase(&needed, &vec![0; self.chaser.cols]);
        let proof = extended.particular(&left).err()?;
        Some(ModularProof {
            weights: self.chaser.backward(&proof.weights),
        })
    }

    /// The quiet press counts of the whole board.
    pub(crate) fn kernel(&self) -> Vec<CyclicFactor> {
        self.kernel.factors()
    }

    /// The invariant weightings of the whole board: each of the small system's, run backwards.
    pub(crate) fn invariants(&self) -> Vec<CyclicFactor> {
        self.small
            .invariants()
            .into_iter()
            .map(|factor| CyclicFactor {
                order: factor.order,
                values: self.chaser.backward(&factor.values),
            })
            .collect()
    }
}

impl Chaser {
    /// The presses forced by the first row's `first`, on a board that needs `needed` added at
    /// each cell (row-major), and what the last row still needs after them.
    fn chase(&self, needed: &[u32], first: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let (rows, cols, k) = (self.rows, self.cols, self.states);
        let mut presses = vec![0u32; rows * cols];
        presses[..cols].copy_from_slice(first);
        let mut left = vec![0u32; cols];
        for row in 0..rows {
            // What row `row` still needs once rows row - 1 and row have pressed.
            for (col, slot) in left.iter_mut().enumerate() {
                // What the presses of rows row - 1 and row add here, reduced once at the end
                // (a stencil's few products below K^2 each stay far inside a u32).
                let mut added = 0;
                let mut take = |press_row: usize, offsets: &[(isize, u32)]| {
                    for &(dc, weight) in offsets {
                        let from = col as isize - dc;
                        if (0..cols as isize).contains(&from) {
                            added += presses[press_row * cols + from as usize] * weight;
                        }
                    }
                };
                take(row, &self.pattern.same_row);
                if row > 0 {
                    take(row - 1, &self.pattern.row_below);
                }
                *slot = (needed[row * cols + col] % k + k - added % k) % k;
            }
            if row + 1 < rows {
                for (col, &need) in left.iter().enumerate() {
                    presses[(row + 1) * cols + col] = need * self.up_inverse % k;
                }
            }
        }
        (presses, left)
    }

    /// What the last row is left needing on the empty board when the first row presses one
    /// piece once, for each piece of it in turn: a chase each.
    fn lefts(&self) -> Vec<Vec<u32>> {
        let empty = vec![0u32; self.rows * self.cols];
        (0..self.cols)
            .map(|j| {
                let mut first = vec![0u32; self.cols];
                first[j] = 1;
                self.chase(&empty, &first).1
            })
            .collect()
    }

    /// [`Chaser::lefts`] for a pattern that [`StatePattern::is_path_polynomial`]: the map from
    /// the first row's presses to what the last row is left needing is then a polynomial in
    /// the path's adjacency `P`, so it commutes with `P`, and as `P e_j = e_(j-1) + e_(j+1)`,
    /// its column `j + 1` is `P` times column `j` less column `j - 1` (mod K). One chase gives
    /// column 0, and a pass over a row each of the others.
    fn lefts_from_the_first(&self) -> Vec<Vec<u32>> {
        let (cols, k) = (self.cols, self.states);
        let empty = vec![0u32; self.rows * cols];
        let mut first = vec![0u32; cols];
        first[0] = 1;
        let mut lefts: Vec<Vec<u32>> = Vec::with_capacity(cols);
        lefts.push(self.chase(&empty, &first).1);
        for j in 1..cols {
            let column: Vec<u32> = (0..cols)
                .map(|c| {
                    let before = &lefts[j - 1];
                    let beside = if c > 0 { before[c - 1] } else { 0 }
                        + before.get(c + 1).copied().unwrap_or(0);
                    let two_before = if j >= 2 { lefts[j - 2][c] } else { 0 };
                    (beside + k - two_before) % k
                })
                .collect();
            lefts.push(column);
        }
        lefts
    }

    /// `R^T z`: the weights on the cells that sum what a board needs as `z` sums what the last
    /// row is left needing when the first row presses nothing.
    fn backward(&self, z: &[u32]) -> Vec<u32> {
        let (rows, cols, k) = (self.rows, self.cols, self.states);
        // Adjoints of each row's presses, and the weights found, row-major.
        let mut adjoint = vec![0u32; rows * cols];
        let mut weights = vec![0u32; rows * cols];
        // `spread(from, row, offsets, times)`: adds `times` * (offsets' transpose) of the
        // adjoint row `from` into `adjoint` row `row`: the presses of `row` reached cells of
        // `from`'s row through `offsets`.
        let spread = |adjoint: &mut [u32], source: &[u32], row: usize, offsets: &[(isize, u32)]| {
            for (col, &value) in source.iter().enumerate() {
                if value == 0 {
                    continue;
                }
                for &(dc, weight) in offsets {
                    let from = col as isize - dc;
                    if (0..cols as isize).contains(&from) {
                        let slot = &mut adjoint[row * cols + from as usize];
                        // What the cell needed fell by weight times the press: the adjoint
                        // of the press falls by weight times the cell's.
                        *slot = (*slot + k - value * weight % k) % k;
                    }
                }
            }
        };
        // The last row's need: z itself.
        let mut source = z.to_vec();
        let last = rows - 1;
        for row in (0..=last).rev() {
            // `source`: the adjoint of what row `row` needs after rows row - 1 and row press.
            weights[row * cols..(row + 1) * cols].copy_from_slice(&source);
            spread(&mut adjoint, &source, row, &self.pattern.same_row);
            if row > 0 {
                spread(&mut adjoint, &source, row - 1, &self.pattern.row_below);
            }
            // Row `row`'s presses were set from what row row - 1 needed, times the inverse.
            if row > 0 {
                source = adjoint[row * cols..(row + 1) * cols]
                    .iter()
                    .map(|&a| a * self.up_inverse % k)
                    .collect();
            }
        }
        weights
    }
}

/// The nonzero entries of a column, by row.
fn sparse(values: impl Iterator<Item = u32>) -> Vec<(usize, u32)> {
    values
        .enumerate()
        .filter(|&(_, value)| value != 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::puzzle::StateGoal;

    /// Under rules whose rows are polynomials in the path, the columns built from the first
    /// are the columns of one chase a first-row press, for K prime and not, on narrow, square
    /// and wide boards; the rules that are not of that kind are told apart.
    #[test]
    fn the_columns_from_the_first_are_one_chase_a_press() {
        let chaser = |stencil: &str, rows: u32, cols: u32, states: u32| {
            let rule = Rule::parse(stencil).unwrap();
            let shape = Shape::new(rows, cols).unwrap();
            let puzzle = StatePuzzle::new(shape, rule, false, states, StateGoal::Color(0)).ok()?;
            let pattern = state_pattern(&puzzle)?;
            let up_inverse = (1..states).find(|&x| x * pattern.up % states == 1)?;
            Some(Chaser {
                rows: rows as usize,
                cols: cols as usize,
                states,
                pattern,
                up_inverse,
            })
        };
        for stencil in [
            "plus",
            "010/121/010",
            "010/101/010",
            "010/212/121",
            "010/111/000",
        ] {
            for states in [3, 4, 5, 6, 7] {
                for (rows, cols) in [(1, 1), (1, 2), (2, 1), (5, 5), (3, 9), (9, 3), (12, 12)] {
                    let Some(chaser) = chaser(stencil, rows, cols, states) else {
                        continue;
                    };
                    assert!(chaser.pattern.is_path_polynomial(), "{stencil}");
                    assert_eq!(
                        chaser.lefts_from_the_first(),
                        chaser.lefts(),
                        "{stencil} K={states} {rows}x{cols}"
                    );
                }
            }
        }
        for stencil in [
            "010/110/010",
            "010/121/011",
            "010/120/010",
            "00100/11111/00100",
        ] {
            let chaser = chaser(stencil, 5, 5, 5).unwrap();
            assert!(!chaser.pattern.is_path_polynomial(), "{stencil}");
        }
    }
}
