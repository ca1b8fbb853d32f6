//! The facts of a puzzle of K states: what the structure of its presses over Z_K says at any
//! size (how many boards can be finished, the quiet press counts and the invariant weightings
//! as groups), and for a small board the fewest presses of every board.
//!
//! The presses reach the image of the press matrix `A`, a subgroup of the K^n boards; a board
//! can be made all `t` when it differs from the uniform board `t` by an element of the image.
//! The image is exactly the boards every invariant weighting (`y` with `y A = 0`) sums to 0,
//! and the invariant factors map the quotient `Z_K^n / image` one to one onto their product,
//! so one board in `|quotient|` (the product of their orders) can be made all 0. With goal
//! `any` the boards that can be finished are the image plus every uniform board: one board in
//! `|quotient| / m`, `m` the order of the all-1 board in the quotient (the least common
//! multiple of the orders of its sums under each invariant).

use std::collections::BTreeMap;

use crate::grid::{Shape, StateBoard};
use crate::puzzle::StateGoal;
use crate::solve::states::StateSolver;
use crate::solve::states::modular::{CyclicFactor, prime_powers};

/// A cyclic factor of a group of boards: a generator and its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardFactor {
    /// The least n > 0 with n times the generator all 0.
    pub order: u32,
    /// The generator, one number mod K a cell.
    pub board: StateBoard,
}

/// What the structure of a K-state puzzle's presses says, at any size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateFacts {
    /// The board shape.
    pub shape: Shape,
    /// The states of a cell.
    pub states: u8,
    /// The goal the counts are for.
    pub goal: StateGoal,
    /// The quiet press counts (pressing each cell that many times changes nothing), as cyclic
    /// factors: every quiet press-count vector is a sum of multiples of these.
    pub quiet_presses: Vec<BoardFactor>,
    /// The invariant weightings (no press changes a board's weighted sum, mod K), as cyclic
    /// factors.
    pub invariants: Vec<BoardFactor>,
    /// One board in this many can be finished, as powers of primes (prime to exponent; empty
    /// when every board can).
    pub one_in: BTreeMap<u32, u64>,
}

impl StateFacts {
    /// The facts of `solver`'s puzzle.
    pub fn of(solver: &StateSolver) -> StateFacts {
        let puzzle = solver.puzzle();
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let boards = |factors: Vec<CyclicFactor>| -> Vec<BoardFactor> {
            let cols = shape.cols() as usize;
            factors
                .into_iter()
                .map(|factor| {
                    let mut board = StateBoard::new(shape, states);
                    for (cell, &value) in factor.values.iter().enumerate() {
                        board.set(cell / cols, cell % cols, value as u8);
                    }
                    BoardFactor {
                        order: factor.order,
                        board,
                    }
                })
                .collect()
        };
        let invariants = solver.invariants();
        let mut one_in: BTreeMap<u32, u64> = BTreeMap::new();
        for factor in &invariants {
            for (prime, exponent) in prime_powers(factor.order) {
                *one_in.entry(prime).or_insert(0) += u64::from(exponent);
            }
        }
        if puzzle.goal() == StateGoal::Any {
            // The order of the all-1 board in the quotient, as its largest power of each prime.
            let k = u32::from(states);
            let mut uniform: BTreeMap<u32, u32> = BTreeMap::new();
            for factor in &invariants {
                let sum = (factor.values.iter().map(|&v| u64::from(v)).sum::<u64>() % u64::from(k))
                    as u32;
                for (prime, exponent) in prime_powers(k / gcd(sum, k)) {
                    let largest = uniform.entry(prime).or_insert(0);
                    *largest = (*largest).max(exponent);
                }
            }
            for (prime, exponent) in uniform {
                if let Some(power) = one_in.get_mut(&prime) {
                    *power -= u64::from(exponent);
                }
            }
            one_in.retain(|_, exponent| *exponent > 0);
        }
        StateFacts {
            shape,
            states,
            goal: puzzle.goal(),
            quiet_presses: boards(solver.kernel()),
            invariants: boards(invariants),
            one_in,
        }
    }

    /// The number of boards, K^cells, when it fits in a `u64`.
    pub fn positions(&self) -> Option<u64> {
        u64::from(self.states).checked_pow(u32::try_from(self.shape.cells()).ok()?)
    }

    /// One board in how many can be finished, when it fits in a `u64`.
    pub fn one_in_value(&self) -> Option<u64> {
        self.one_in
            .iter()
            .try_fold(1u64, |product, (&prime, &exponent)| {
                product.checked_mul(u64::from(prime).checked_pow(u32::try_from(exponent).ok()?)?)
            })
    }

    /// How many boards can be finished, when the number of boards fits in a `u64`.
    pub fn solvable(&self) -> Option<u64> {
        Some(self.positions()? / self.one_in_value()?)
    }

    /// The number of quiet press-count vectors, as powers of primes.
    pub fn quiet_count(&self) -> BTreeMap<u32, u64> {
        let mut count: BTreeMap<u32, u64> = BTreeMap::new();
        for factor in &self.quiet_presses {
            for (prime, exponent) in prime_powers(factor.order) {
                *count.entry(prime).or_insert(0) += u64::from(exponent);
            }
        }
        count
    }
}

/// The greatest common divisor (`gcd(0, k)` is `k`).
fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::StatePuzzle;
    use crate::rule::Rule;

    fn solver(
        rows: u32,
        cols: u32,
        rule: &str,
        wrap: bool,
        states: u32,
        goal: StateGoal,
    ) -> StateSolver {
        let shape = Shape::new(rows, cols).unwrap();
        let puzzle =
            StatePuzzle::new(shape, Rule::parse(rule).unwrap(), wrap, states, goal).unwrap();
        StateSolver::new(puzzle).unwrap()
    }

    /// The boards some press counts finish, counted from the definition: every press-count
    /// vector applied to every goal board, under `plus` (a cell two neighbours land on, on a
    /// torus of side 1 or 2, reached once), with or without wrap.
    fn count_reached(rows: usize, cols: usize, states: usize, wrap: bool, colors: &[usize]) -> u64 {
        let cells = rows * cols;
        let total = states.pow(cells as u32);
        let mut seen = vec![false; total];
        for &color in colors {
            for vector in 0..total {
                let mut board = vec![color; cells];
                let mut rest = vector;
                for cell in 0..cells {
                    let times = rest % states;
                    rest /= states;
                    let (r, c) = (cell / cols, cell % cols);
                    let mut reached = vec![(r, c)];
                    for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                        let (nr, nc) = (r as isize + dr, c as isize + dc);
                        let (rows, cols) = (rows as isize, cols as isize);
                        if wrap {
                            reached
                                .push((nr.rem_euclid(rows) as usize, nc.rem_euclid(cols) as usize));
                        } else if (0..rows).contains(&nr) && (0..cols).contains(&nc) {
                            reached.push((nr as usize, nc as usize));
                        }
                    }
                    reached.sort();
                    reached.dedup();
                    for (tr, tc) in reached {
                        board[tr * cols + tc] = (board[tr * cols + tc] + times) % states;
                    }
                }
                seen[board.iter().fold(0, |i, &s| i * states + s)] = true;
            }
        }
        seen.iter().filter(|&&s| s).count() as u64
    }

    #[test]
    #[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
    fn solvable_counts_from_the_invariants_agree_with_counting() {
        for (rows, cols, states, wrap) in [
            (2, 2, 3, false),
            (2, 3, 3, false),
            (3, 3, 4, false),
            (2, 2, 6, false),
            (1, 4, 6, false),
            (3, 3, 3, true),
            (2, 4, 4, true),
            (1, 5, 5, false),
        ] {
            for goal in [StateGoal::Color(0), StateGoal::Any] {
                let colors: Vec<usize> = match goal {
                    StateGoal::Any => (0..states as usize).collect(),
                    StateGoal::Color(c) => vec![usize::from(c)],
                };
                let facts = StateFacts::of(&solver(rows, cols, "plus", wrap, states, goal));
                let expected =
                    count_reached(rows as usize, cols as usize, states as usize, wrap, &colors);
                assert_eq!(
                    facts.solvable(),
                    Some(expected),
                    "{rows}x{cols} K={states} wrap {wrap} {goal:?}"
                );
            }
        }
    }

    /// Over a prime the kernel is Z_p^nullity; the nullity from a Gaussian elimination mod p
    /// written here, on the `plus` matrix built from its definition.
    #[test]
    fn nullities_over_three_and_five_agree_with_an_elimination() {
        for prime in [3u32, 5] {
            for side in 1..=12usize {
                let cells = side * side;
                let adjacent = |a: usize, b: usize| {
                    (a / side).abs_diff(b / side) + (a % side).abs_diff(b % side) <= 1
                };
                let mut matrix: Vec<Vec<u32>> = (0..cells)
                    .map(|a| (0..cells).map(|b| u32::from(adjacent(a, b))).collect())
                    .collect();
                let mut rank = 0;
                for col in 0..cells {
                    let Some(pivot) = (rank..cells).find(|&row| matrix[row][col] != 0) else {
                        continue;
                    };
                    matrix.swap(rank, pivot);
                    let inverse = (1..prime)
                        .find(|&x| x * matrix[rank][col] % prime == 1)
                        .unwrap();
                    for value in &mut matrix[rank] {
                        *value = *value * inverse % prime;
                    }
                    let pivot_row = matrix[rank].clone();
                    for (index, row) in matrix.iter_mut().enumerate() {
                        let factor = row[col];
                        if index != rank && factor != 0 {
                            for (value, &p) in row.iter_mut().zip(&pivot_row) {
                                *value = (*value + prime * prime - factor * p) % prime;
                            }
                        }
                    }
                    rank += 1;
                }
                let facts = StateFacts::of(&solver(
                    side as u32,
                    side as u32,
                    "plus",
                    false,
                    prime,
                    StateGoal::Color(0),
                ));
                assert_eq!(
                    facts.quiet_presses.len(),
                    cells - rank,
                    "{side}x{side} mod {prime}"
                );
                assert!(facts.quiet_presses.iter().all(|f| f.order == prime));
            }
        }
    }

    /// Every quiet press-count vector changes nothing, every invariant is kept by every press,
    /// each has the order it says, and over a square matrix the two groups are alike.
    #[test]
    fn quiet_presses_and_invariants_are_what_they_say() {
        for (rows, cols, rule, wrap, states) in [
            (2, 2, "plus", false, 9),
            (3, 3, "plus", true, 6),
            (2, 3, "010/121/010", false, 3),
            (4, 4, "plus", false, 4),
            (5, 5, "plus", false, 12),
            (3, 3, "x", true, 8),
        ] {
            let solver = solver(rows, cols, rule, wrap, states, StateGoal::Color(0));
            for factor in solver.kernel().iter().chain(&solver.invariants()) {
                assert!(
                    factor.values.iter().all(|&v| v < states),
                    "{rule} K={states}: reduced"
                );
            }
            let facts = StateFacts::of(&solver);
            let puzzle = solver.puzzle();
            let shape = puzzle.shape();
            let cols = cols as usize;
            let k = states;
            let multiple = |factor: &BoardFactor, n: u32| -> Vec<u32> {
                factor
                    .board
                    .cells()
                    .iter()
                    .map(|&v| u32::from(v) * n % k)
                    .collect()
            };
            for factor in &facts.quiet_presses {
                let mut board = StateBoard::new(shape, states as u8);
                for (cell, &times) in factor.board.cells().iter().enumerate() {
                    for _ in 0..times {
                        puzzle.tap(&mut board, cell / cols, cell % cols);
                    }
                }
                assert_eq!(
                    board.uniform_color(),
                    Some(0),
                    "{rule} K={k}: {}",
                    factor.board
                );
            }
            for factor in &facts.invariants {
                for press in 0..shape.cells() as usize {
                    let kept: u32 = puzzle
                        .presses(press / cols, press % cols)
                        .into_iter()
                        .map(|((r, c), w)| u32::from(factor.board.get(r, c)) * w)
                        .sum();
                    assert_eq!(
                        kept % k,
                        0,
                        "{rule} K={k}: {} and press {press}",
                        factor.board
                    );
                }
            }
            for factor in facts.quiet_presses.iter().chain(&facts.invariants) {
                assert!(multiple(factor, factor.order).iter().all(|&v| v == 0));
                for prime in [2, 3, 5, 7] {
                    if factor.order % prime == 0 {
                        assert!(
                            multiple(factor, factor.order / prime)
                                .iter()
                                .any(|&v| v != 0)
                        );
                    }
                }
            }
            let orders =
                |factors: &[BoardFactor]| factors.iter().map(|f| f.order).collect::<Vec<_>>();
            assert_eq!(
                orders(&facts.quiet_presses),
                orders(&facts.invariants),
                "{rule} K={k}"
            );
        }
    }
}
