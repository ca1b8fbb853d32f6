//! Boards of K states: a press adds its weight, mod K, to every cell it reaches (Lights Out
//! 2000 and TATLO at K = 3 or more, The Clocks at K = 4, Gambler Bo's weights 2 and 1 at
//! K = 3), and the goal is one colour everywhere.
//!
//! Pressing cell `j` some `x_j` times (0 <= x_j < K, since K presses change nothing) turns board
//! `b` into `b + A x (mod K)`, where column `j` of `A` holds press `j`'s weights. So the press
//! counts that finish the board are the solutions of `A x = t - b (mod K)` for the target colour
//! `t`, a coset of the kernel of `A` (the quiet press counts), and the answer is the coset
//! element with the least total `sum_j x_j`, ties to the least read row-major as digits.
//!
//! Z_K is a field only for prime K, and elimination that divides by pivots is wrong for any
//! other. So `K` is split into prime powers `p^e` (Z_K is their product, by the Chinese
//! remainder theorem), and over each `Z_{p^e}`, where every element is a unit times a power of
//! `p`, the Smith form `U A V = D` is found by pivoting on an entry of least valuation: every
//! other entry of its row and column is then a multiple of it. With `D = diag(p^k_i)`:
//! - the system is solvable exactly when every `(U c)_i` is a multiple of `p^k_i` (for rows
//!   past the rank, `k_i = e`: the entry must be 0); otherwise row `i` of `p^(e - k_i) U` is a
//!   set of weights `y` on the cells with `y A = 0` and `y c != 0`: a proof, since every press
//!   keeps `sum_c y_c b_c` unchanged mod K and the target needs another value;
//! - a solution is `V y` with `y_i = (U c)_i / p^k_i`, and the quiet press counts are spanned
//!   by columns `i` of `V` times `p^(e - k_i)`, each of order `p^k_i`: the kernel is the group
//!   `Z_{p^k_1} x Z_{p^k_2} x ...` over every prime power.
//!
//! The components are joined back by the Chinese remainder theorem, and the fewest presses are
//! searched over the whole kernel of `Z_K`, not per prime power: the total `sum_j x_j` is
//! taken over representatives `0..K`, which no prime power sees alone, and a split by prime
//! powers can miss the minimum.

use crate::solve::kernels::host::{self, Instant};
use std::fmt;
use std::time::Duration;

use crate::notation::MOST_STATES;
use crate::puzzle::StatePuzzle;

/// The most work a search of the whole kernel for the fewest presses may take, in press counts
/// changed: the kernel's elements times the cells its most used generator changes (seconds of
/// work at most; past it the answer is a descent's, not proven).
pub const MODULAR_SEARCH_LIMIT: u64 = 1 << 31;

/// The presses of a K-state puzzle: which cells each press reaches, and by how much.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PressMap {
    states: u32,
    cells: usize,
    /// For each press, the cells it reaches with their weights (1 to K - 1), by cell.
    presses: Vec<Vec<(usize, u32)>>,
}

/// Why a press map cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressMapError {
    /// The number of states is not from 2 to [`MOST_STATES`].
    States(u32),
    /// Press `press` reaches a cell past the board's `cells`.
    Cell {
        /// The press, from 0.
        press: usize,
        /// The cell it names, from 0.
        cell: usize,
    },
    /// Press `press` gives a cell a weight not below the number of states.
    Weight {
        /// The press, from 0.
        press: usize,
        /// The weight.
        weight: u32,
    },
}

impl fmt::Display for PressMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PressMapError::States(states) => {
                write!(f, "a cell has from 2 to {MOST_STATES} states, not {states}")
            }
            PressMapError::Cell { press, cell } => write!(
                f,
                "press {} reaches cell {}, past the board",
                press + 1,
                cell + 1
            ),
            PressMapError::Weight { press, weight } => write!(
                f,
                "press {} adds {weight}, which is not below the number of states",
                press + 1
            ),
        }
    }
}

impl std::error::Error for PressMapError {}

impl PressMap {
    /// The presses of `puzzle`, one per cell, row-major.
    pub fn of(puzzle: &StatePuzzle) -> PressMap {
        let presses: Vec<Vec<(usize, u32)>> = (0..puzzle.shape().cells() as usize)
            .map(|press| puzzle.reached(press))
            .collect();
        // A puzzle keeps its states and weights in range, and every cell on the board.
        PressMap::new(
            u32::from(puzzle.states()),
            puzzle.shape().cells() as usize,
            &presses,
        )
        .unwrap_or_else(|error| unreachable!("a checked puzzle's presses: {error}"))
    }

    /// The presses of a board of `cells` cells whose cells have `states` states: `presses[j]`
    /// lists the cells press `j` reaches and the weight it adds to each (a cell listed twice
    /// gets the sum; weights of 0 are left out).
    pub fn new(
        states: u32,
        cells: usize,
        presses: &[Vec<(usize, u32)>],
    ) -> Result<PressMap, PressMapError> {
        if !(2..=MOST_STATES).contains(&states) {
            return Err(PressMapError::States(states));
        }
        let mut kept = Vec::with_capacity(presses.len());
        for (press, reached) in presses.iter().enumerate() {
            let mut weights = std::collections::BTreeMap::new();
            for &(cell, weight) in reached {
                if cell >= cells {
                    return Err(PressMapError::Cell { press, cell });
                }
                if weight >= states {
                    return Err(PressMapError::Weight { press, weight });
                }
                let sum = weights.entry(cell).or_insert(0);
                *sum = (*sum + weight) % states;
            }
            kept.push(weights.into_iter().filter(|&(_, w)| w != 0).collect());
        }
        Ok(PressMap {
            states,
            cells,
            presses: kept,
        })
    }

    /// The number of states K.
    pub fn states(&self) -> u32 {
        self.states
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The number of presses.
    pub fn presses(&self) -> usize {
        self.presses.len()
    }

    /// The cells press `press` reaches, with the weight it adds to each, by cell.
    pub fn reached(&self, press: usize) -> &[(usize, u32)] {
        &self.presses[press]
    }

    /// Adds press `press`, `times` times, to `board` (one state a cell).
    pub fn press(&self, board: &mut [u32], press: usize, times: u32) {
        for &(cell, weight) in &self.presses[press] {
            board[cell] = ((u64::from(board[cell]) + u64::from(weight) * u64::from(times))
                % u64::from(self.states)) as u32;
        }
    }

    /// The most cells one press reaches.
    pub(crate) fn widest(&self) -> usize {
        self.presses.iter().map(Vec::len).max().unwrap_or(0)
    }
}

/// A cyclic factor of the kernel: `Z_order`, generated by `generator` (press counts).
#[derive(Clone, Debug)]
struct Factor {
    order: u32,
    generator: Vec<u32>,
}

/// The Smith form of the press matrix over one prime power.
#[derive(Clone, Debug)]
struct Component {
    prime: u32,
    exponent: u32,
    modulus: u64,
    /// The row operations `U`, `cells` rows of `cells` entries.
    rows: Vec<Vec<u8>>,
    /// The column operations `V`, stored by columns: column `i` holds one entry per press.
    columns: Vec<Vec<u8>>,
    /// The valuation `k_i` of each diagonal entry (`exponent` where it is 0), one per cell row.
    valuations: Vec<u32>,
}

/// Arithmetic mod a prime power of at most [`MOST_STATES`], on bytes: products from a table,
/// so the inner loops of the Smith form do no division.
struct Ring {
    modulus: u8,
    /// `product[a * modulus + b]` is `a * b mod modulus`.
    product: Vec<u8>,
}

impl Ring {
    fn new(modulus: u64) -> Ring {
        let m = modulus as usize;
        let product = (0..m * m)
            .map(|ab| ((ab / m) * (ab % m) % m) as u8)
            .collect();
        Ring {
            modulus: modulus as u8,
            product,
        }
    }

    fn times(&self, a: u8, b: u8) -> u8 {
        self.product[usize::from(a) * usize::from(self.modulus) + usize::from(b)]
    }

    /// `row -= factor * pivot`, skipping the pivot's zeros.
    fn subtract_multiple(&self, row: &mut [u8], pivot: &[u8], factor: u8) {
        let times = &self.product[usize::from(factor) * usize::from(self.modulus)..];
        for (value, &p) in row.iter_mut().zip(pivot) {
            if p != 0 {
                let taken = times[usize::from(p)];
                *value = if *value >= taken {
                    *value - taken
                } else {
                    *value + self.modulus - taken
                };
            }
        }
    }
}

impl Component {
    fn new(map: &PressMap, prime: u32, exponent: u32) -> Component {
        let modulus = u64::from(prime).pow(exponent);
        let ring = Ring::new(modulus);
        let (m, n) = (map.cells, map.presses());
        let mut a = vec![vec![0u8; n]; m];
        for (press, reached) in map.presses.iter().enumerate() {
            for &(cell, weight) in reached {
                a[cell][press] = (u64::from(weight) % modulus) as u8;
            }
        }
        let identity = |size: usize| -> Vec<Vec<u8>> {
            (0..size)
                .map(|i| (0..size).map(|j| u8::from(i == j)).collect())
                .collect()
        };
        let mut rows = identity(m);
        let mut columns = identity(n);
        let mut valuations = vec![exponent; m];
        let valuation = |value: u8| -> u32 {
            let mut value = u32::from(value);
            let mut count = 0;
            while value.is_multiple_of(prime) && count < exponent {
                value /= prime;
                count += 1;
            }
            count
        };
        for t in 0..m.min(n) {
            // The entry of least valuation left: every other is a multiple of it. A unit (of
            // valuation 0, every nonzero entry when K is prime) is the least there is.
            let mut pivot: Option<(usize, usize, u32)> = None;
            'search: for (r, row) in a.iter().enumerate().skip(t) {
                for (c, &value) in row.iter().enumerate().skip(t) {
                    if value == 0 {
                        continue;
                    }
                    let k = valuation(value);
                    if pivot.is_none_or(|(.., least)| k < least) {
                        pivot = Some((r, c, k));
                        if k == 0 {
                            break 'search;
                        }
                    }
                }
            }
            let Some((r, c, k)) = pivot else { break };
            a.swap(t, r);
            rows.swap(t, r);
            for row in &mut a {
                row.swap(t, c);
            }
            columns.swap(t, c);
            let power = prime.pow(k) as u8;
            let inverse = inverse_mod(u64::from(a[t][t] / power), modulus) as u8;
            for value in a[t].iter_mut().chain(rows[t].iter_mut()) {
                *value = ring.times(*value, inverse);
            }
            for r in 0..m {
                if r == t || a[r][t] == 0 {
                    continue;
                }
                let factor = a[r][t] / power;
                let (pivot_row, row) = pair_mut(&mut a, t, r);
                ring.subtract_multiple(row, pivot_row, factor);
                let (pivot_row, row) = pair_mut(&mut rows, t, r);
                ring.subtract_multiple(row, pivot_row, factor);
            }
            for (c, value) in a[t].iter_mut().enumerate().skip(t + 1) {
                if *value == 0 {
                    continue;
                }
                let factor = *value / power;
                // Column c -= factor * column t: only row t has anything in column t now.
                *value = 0;
                let (pivot_column, column) = pair_mut(&mut columns, t, c);
                ring.subtract_multiple(column, pivot_column, factor);
            }
            valuations[t] = k;
        }
        Component {
            prime,
            exponent,
            modulus,
            rows,
            columns,
            valuations,
        }
    }

    /// `U c` for a vector `c` over the cells.
    fn transform(&self, c: &[u32]) -> Vec<u64> {
        self.rows
            .iter()
            .map(|row| {
                row.iter()
                    .zip(c)
                    .map(|(&u, &v)| u64::from(u) * (u64::from(v) % self.modulus))
                    .sum::<u64>()
                    % self.modulus
            })
            .collect()
    }

    /// A solution of `A x = c` over this prime power, or the index of a row that proves none.
    fn solve(&self, c: &[u32]) -> Result<Vec<u64>, usize> {
        let w = self.transform(c);
        let n = self.columns.len();
        let mut y = vec![0u64; n];
        for (i, &value) in w.iter().enumerate() {
            let power = u64::from(self.prime).pow(self.valuations[i]);
            // Past the rank the diagonal is 0 (k = e): the entry itself must be.
            if value % power != 0 {
                return Err(i);
            }
            if i < n && self.valuations[i] < self.exponent {
                y[i] = value / power;
            }
        }
        Ok(self.apply_columns(&y))
    }

    /// `V y`.
    fn apply_columns(&self, y: &[u64]) -> Vec<u64> {
        let presses = self.columns.first().map_or(0, Vec::len);
        let mut x = vec![0u64; presses];
        for (column, &value) in self.columns.iter().zip(y) {
            if value != 0 {
                for (sum, &v) in x.iter_mut().zip(column) {
                    *sum = (*sum + u64::from(v) * value) % self.modulus;
                }
            }
        }
        x
    }

    /// The kernel's cyclic factors over this prime power, generators as press counts mod
    /// `p^e`.
    fn kernel(&self) -> Vec<(u64, Vec<u64>)> {
        let n = self.columns.len();
        let mut factors = Vec::new();
        for i in 0..n {
            let k = self.valuations.get(i).copied().unwrap_or(self.exponent);
            if k == 0 {
                continue;
            }
            let scale = u64::from(self.prime).pow(self.exponent - k);
            let generator = self.columns[i]
                .iter()
                .map(|&v| u64::from(v) * scale % self.modulus)
                .collect();
            factors.push((u64::from(self.prime).pow(k), generator));
        }
        factors
    }

    /// The weightings of the cells no press changes (`y` with `y A = 0`), as cyclic factors:
    /// row `i` of `U` times `p^(e - k_i)`, of order `p^k_i`, for every row whose diagonal entry
    /// is not a unit (every row past the rank among them).
    fn invariants(&self) -> Vec<(u64, Vec<u64>)> {
        (0..self.rows.len())
            .filter(|&i| self.valuations[i] > 0)
            .map(|i| (u64::from(self.prime).pow(self.valuations[i]), self.proof(i)))
            .collect()
    }

    /// Weights over the cells proving that row `i` of `U A x = U c` has no solution.
    fn proof(&self, i: usize) -> Vec<u64> {
        let scale = u64::from(self.prime).pow(self.exponent - self.valuations[i]);
        self.rows[i]
            .iter()
            .map(|&u| u64::from(u) * scale % self.modulus)
            .collect()
    }
}

/// Rows `first` and `second` of `rows`, the first shared and the second mutable.
fn pair_mut<T>(rows: &mut [T], first: usize, second: usize) -> (&T, &mut T) {
    if first < second {
        let (low, high) = rows.split_at_mut(second);
        (&low[first], &mut high[0])
    } else {
        let (low, high) = rows.split_at_mut(first);
        (&high[0], &mut low[second])
    }
}

/// The inverse of a unit mod `modulus`, by the extended Euclidean algorithm.
fn inverse_mod(unit: u64, modulus: u64) -> u64 {
    let (mut old_r, mut r) = (unit as i64, modulus as i64);
    let (mut old_s, mut s) = (1i64, 0i64);
    while r != 0 {
        let quotient = old_r / r;
        (old_r, r) = (r, old_r - quotient * r);
        (old_s, s) = (s, old_s - quotient * s);
    }
    debug_assert_eq!(old_r, 1, "{unit} is a unit mod {modulus}");
    old_s.rem_euclid(modulus as i64) as u64
}

/// The prime powers whose product is `n`, each as (prime, exponent), primes ascending.
pub(crate) fn prime_powers(mut n: u32) -> Vec<(u32, u32)> {
    let mut found = Vec::new();
    let mut prime = 2;
    while prime * prime <= n {
        let mut exponent = 0;
        while n.is_multiple_of(prime) {
            n /= prime;
            exponent += 1;
        }
        if exponent > 0 {
            found.push((prime, exponent));
        }
        prime += 1;
    }
    if n > 1 {
        found.push((n, 1));
    }
    found
}

/// The fewest presses found for a board: counts per press (0 to K - 1), whether they are
/// proven fewest, and a lower bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModularSolution {
    /// How many times each press is pressed, 0 to K - 1.
    pub presses: Vec<u32>,
    /// True when no press counts with a smaller total finish the board.
    pub optimal: bool,
    /// No press counts that finish the board have a smaller total.
    pub lower_bound: u64,
}

impl ModularSolution {
    /// The total of the press counts: the number of presses.
    pub fn moves(&self) -> u64 {
        self.presses.iter().map(|&x| u64::from(x)).sum()
    }
}

/// Why a board cannot be finished: weights on the cells that every press keeps the weighted
/// sum of the states of, mod K, where the board's sum differs from the target's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModularProof {
    /// One weight a cell, 0 to K - 1.
    pub weights: Vec<u32>,
}

/// One cyclic factor of a group of vectors over Z_K: a generator and its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CyclicFactor {
    /// The least n > 0 with n times the generator 0.
    pub order: u32,
    /// The generator, one value mod K a cell (or a press).
    pub values: Vec<u32>,
}

/// The structure of a K-state puzzle's presses over Z_K, ready to solve any board.
#[derive(Clone, Debug)]
pub struct ModularSolver {
    map: PressMap,
    components: Vec<Component>,
    /// The kernel's cyclic factors over Z_K (one per factor of every prime power).
    kernel: Kernel,
}

impl ModularSolver {
    /// Works out the Smith form of `map`'s presses over every prime power of its states.
    pub fn new(map: PressMap) -> ModularSolver {
        let states = u64::from(map.states);
        let components: Vec<Component> = prime_powers(map.states)
            .into_iter()
            .map(|(prime, exponent)| Component::new(&map, prime, exponent))
            .collect();
        let mut factors = Vec::new();
        for component in &components {
            let lift = crt_lift(component.modulus, states);
            for (order, generator) in component.kernel() {
                factors.push(CyclicFactor {
                    order: order as u32,
                    values: generator
                        .iter()
                        .map(|&g| (g * lift % states) as u32)
                        .collect(),
                });
            }
        }
        ModularSolver {
            kernel: Kernel::new(map.states, map.widest(), factors),
            map,
            components,
        }
    }

    /// The press map solved.
    pub fn press_map(&self) -> &PressMap {
        &self.map
    }

    /// The orders of the kernel's cyclic factors, by prime then largest first (the kernel is
    /// their product: `[4, 4, 2]` is `Z_4^2 x Z_2`).
    pub fn kernel_orders(&self) -> Vec<u32> {
        self.kernel().iter().map(|factor| factor.order).collect()
    }

    /// The kernel's cyclic factors, ordered as [`ModularSolver::kernel_orders`]: each a
    /// generator (press counts that change nothing) and its order.
    pub fn kernel(&self) -> Vec<CyclicFactor> {
        self.kernel.factors()
    }

    /// The weightings of the cells that no press changes the weighted sum of, mod K (the
    /// proofs of impossibility are drawn from them), as cyclic factors: a board can be made
    /// all 0 exactly when every one of them sums it to 0. Their orders multiply to the number
    /// of boards per board the presses reach.
    pub fn invariants(&self) -> Vec<CyclicFactor> {
        let states = u64::from(self.map.states);
        let mut factors: Vec<CyclicFactor> = self
            .components
            .iter()
            .flat_map(|component| {
                let lift = crt_lift(component.modulus, states);
                component
                    .invariants()
                    .into_iter()
                    .map(move |(order, weights)| CyclicFactor {
                        order: order as u32,
                        values: weights
                            .iter()
                            .map(|&w| (w * lift % states) as u32)
                            .collect(),
                    })
            })
            .collect();
        sort_factors(&mut factors);
        factors
    }

    /// How many press counts change nothing: the kernel's size.
    pub fn kernel_size(&self) -> u128 {
        self.kernel.size()
    }

    /// The press counts that make `board` all `target`, fewest presses first (ties to the
    /// least read as digits, press 1 first), or a proof that none do. Kernels whose search
    /// takes up to [`MODULAR_SEARCH_LIMIT`] of work are searched in full; past that the answer is the
    /// best a descent finds, marked not proven.
    pub fn solve(&self, board: &[u32], target: u32) -> Result<ModularSolution, ModularProof> {
        self.solve_with(board, target, None, &mut |_, _| {})
    }

    /// [`ModularSolver::solve`], its search over the kernel stopped after `search_time` (then
    /// the answer is the best found, marked not proven), telling `progress` how many elements it
    /// has visited of how many.
    pub fn solve_with(
        &self,
        board: &[u32],
        target: u32,
        search_time: Option<Duration>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<ModularSolution, ModularProof> {
        let deadline = search_time.map(|time| Instant::now() + time);
        self.solve_within(board, target, MODULAR_SEARCH_LIMIT, deadline, progress)
    }

    /// [`ModularSolver::solve_with`] for a board that needs `needed` added at each cell.
    pub(crate) fn solve_needed(
        &self,
        needed: &[u32],
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<ModularSolution, ModularProof> {
        let start = self.particular(needed)?;
        Ok(self
            .kernel
            .least(start, needed, MODULAR_SEARCH_LIMIT, deadline, progress))
    }

    /// [`ModularSolver::solve_with`], searching kernels of up to `limit` work in full.
    fn solve_within(
        &self,
        board: &[u32],
        target: u32,
        limit: u64,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<ModularSolution, ModularProof> {
        let states = self.map.states;
        let needed: Vec<u32> = board
            .iter()
            .map(|&state| (target % states + states - state % states) % states)
            .collect();
        let start = self.particular(&needed)?;
        Ok(self.kernel.least(start, &needed, limit, deadline, progress))
    }

    /// Press counts `x` with `A x = needed`, or a proof that there are none.
    pub(crate) fn particular(&self, needed: &[u32]) -> Result<Vec<u32>, ModularProof> {
        let states = u64::from(self.map.states);
        let mut particular = vec![0u64; self.map.presses()];
        for component in &self.components {
            let lift = crt_lift(component.modulus, states);
            match component.solve(needed) {
                Ok(solution) => {
                    for (sum, value) in particular.iter_mut().zip(solution) {
                        *sum = (*sum + value * lift) % states;
                    }
                }
                Err(row) => {
                    let weights = component
                        .proof(row)
                        .iter()
                        // Zero at every other prime power: K / p^e times a lift of the weights.
                        .map(|&y| (y * lift % states) as u32)
                        .collect();
                    return Err(ModularProof { weights });
                }
            }
        }
        Ok(particular.iter().map(|&x| x as u32).collect())
    }
}

/// A group of quiet press counts over Z_K as cyclic factors, and the search for the least
/// element of a coset of it: the fewest presses among the solutions of one board.
#[derive(Clone, Debug)]
pub(crate) struct Kernel {
    states: u32,
    /// The most cells one press reaches, for the counting bound.
    widest: usize,
    /// Sparsest generator first: the lowest digit of the walk moves at every step, and the
    /// sparsest generator there makes each step cheapest.
    factors: Vec<Factor>,
}

impl Kernel {
    /// The group of `factors` (each a generator and its order) of press counts mod `states`,
    /// whose presses reach at most `widest` cells each.
    pub(crate) fn new(states: u32, widest: usize, factors: Vec<CyclicFactor>) -> Kernel {
        let mut factors: Vec<Factor> = factors
            .into_iter()
            .map(|factor| Factor {
                order: factor.order,
                generator: factor.values,
            })
            .collect();
        factors.sort_by_key(|factor| factor.generator.iter().filter(|&&g| g != 0).count());
        Kernel {
            states,
            widest,
            factors,
        }
    }

    /// The factors, by prime then largest order first.
    pub(crate) fn factors(&self) -> Vec<CyclicFactor> {
        let mut factors: Vec<CyclicFactor> = self
            .factors
            .iter()
            .map(|factor| CyclicFactor {
                order: factor.order,
                values: factor.generator.clone(),
            })
            .collect();
        sort_factors(&mut factors);
        factors
    }

    /// How many elements the group has.
    pub(crate) fn size(&self) -> u128 {
        self.factors.iter().map(|f| u128::from(f.order)).product()
    }

    /// The work of a search of the whole group: every element, each one step of the lowest
    /// generator from the one before (and rarely of the others).
    fn search_work(&self) -> u128 {
        let lowest = self.factors.first().map_or(0, |factor| {
            factor.generator.iter().filter(|&&g| g != 0).count()
        });
        self.size() * (lowest as u128 + 1)
    }

    /// The least element of `start` plus the group (the solutions of a board that needs
    /// `needed` added at each cell): searched in full when that takes at most `limit` work
    /// and ends before `deadline`, else the best a descent finds, marked not proven.
    pub(crate) fn least(
        &self,
        start: Vec<u32>,
        needed: &[u32],
        limit: u64,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> ModularSolution {
        let lit = needed.iter().filter(|&&n| n != 0).count() as u64;
        let bound = lit.div_ceil(self.widest.max(1) as u64);
        let (presses, searched) = if self.search_work() <= u128::from(limit) {
            self.least_in_coset(start, deadline, progress)
        } else {
            (self.descend(start), false)
        };
        let moves: u64 = presses.iter().map(|&x| u64::from(x)).sum();
        ModularSolution {
            presses,
            optimal: searched || moves == bound,
            lower_bound: if searched { moves } else { bound.min(moves) },
        }
    }

    /// The least element of `start` plus the kernel: every element, in an order where each
    /// differs from the one before by one generator (a mixed-radix odometer: a digit that
    /// wraps has been added `order` times, which is nothing); with whether the walk went
    /// through them all before `deadline`.
    fn least_in_coset(
        &self,
        start: Vec<u32>,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> (Vec<u32>, bool) {
        /// Elements visited between two looks at the clock and two reports.
        const STRIDE: u64 = 1 << 16;
        let states = self.states;
        let size = u64::try_from(self.size()).unwrap_or(u64::MAX);
        let mut current = start;
        let mut total: u64 = current.iter().map(|&x| u64::from(x)).sum();
        let mut best = current.clone();
        let mut best_total = total;
        let mut digits = vec![0u32; self.factors.len()];
        let mut visited: u64 = 1;
        loop {
            if visited.is_multiple_of(STRIDE) {
                progress(visited, size);
                if host::past(deadline) {
                    return (best, false);
                }
            }
            visited += 1;
            // The next element: the lowest digit that does not wrap moves up, and every digit
            // below it wraps back to 0 by one more step of its generator.
            let mut position = 0;
            loop {
                if position == digits.len() {
                    progress(size, size);
                    return (best, true);
                }
                let factor = &self.factors[position];
                for (x, &g) in current.iter_mut().zip(&factor.generator) {
                    if g != 0 {
                        total -= u64::from(*x);
                        *x = (*x + g) % states;
                        total += u64::from(*x);
                    }
                }
                digits[position] += 1;
                if digits[position] < factor.order {
                    break;
                }
                digits[position] = 0;
                position += 1;
            }
            if total < best_total || (total == best_total && current < best) {
                best_total = total;
                best.clone_from(&current);
            }
        }
    }

    /// A good element of `start` plus the kernel: adds a multiple of a generator while that
    /// lowers the total (or keeps it and makes the counts less as digits).
    fn descend(&self, start: Vec<u32>) -> Vec<u32> {
        let states = self.states;
        let mut current = start;
        let key = |x: &[u32]| (x.iter().map(|&v| u64::from(v)).sum::<u64>(), x.to_vec());
        let mut best = key(&current);
        loop {
            let mut improved = false;
            for factor in &self.factors {
                for times in 1..factor.order {
                    let candidate: Vec<u32> = current
                        .iter()
                        .zip(&factor.generator)
                        .map(|(&x, &g)| {
                            ((u64::from(x) + u64::from(g) * u64::from(times)) % u64::from(states))
                                as u32
                        })
                        .collect();
                    let candidate_key = key(&candidate);
                    if candidate_key < best {
                        best = candidate_key;
                        current = candidate;
                        improved = true;
                    }
                }
            }
            if !improved {
                return current;
            }
        }
    }
}

/// The multiplier that lifts a value mod `modulus` (a prime power dividing `states`) to the
/// value mod `states` that is the same mod `modulus` and 0 mod every other prime power.
fn crt_lift(modulus: u64, states: u64) -> u64 {
    let others = states / modulus;
    others * inverse_mod(others % modulus, modulus) % states
}

/// Orders cyclic factors by prime, then largest order first, then by their values.
fn sort_factors(factors: &mut [CyclicFactor]) {
    factors.sort_by(|a, b| {
        (
            smallest_prime(a.order),
            std::cmp::Reverse(a.order),
            &a.values,
        )
            .cmp(&(
                smallest_prime(b.order),
                std::cmp::Reverse(b.order),
                &b.values,
            ))
    });
}

/// The smallest prime dividing `n` (n itself when prime; 1 for 1).
fn smallest_prime(n: u32) -> u32 {
    (2..=n).find(|&p| n.is_multiple_of(p)).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The presses of the `plus` rule on a `rows` x `cols` board, with weight `centre` on the
    /// pressed cell and `side` on its neighbours (0 leaves a cell out).
    fn plus_presses(rows: usize, cols: usize, centre: u32, side: u32) -> Vec<Vec<(usize, u32)>> {
        let mut presses = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let mut reached = vec![(r * cols + c, centre)];
                if r > 0 {
                    reached.push(((r - 1) * cols + c, side));
                }
                if r + 1 < rows {
                    reached.push(((r + 1) * cols + c, side));
                }
                if c > 0 {
                    reached.push((r * cols + c - 1, side));
                }
                if c + 1 < cols {
                    reached.push((r * cols + c + 1, side));
                }
                presses.push(reached);
            }
        }
        presses
    }

    /// Every press count vector tried, straight from the definition: for each effect (the
    /// change A x the counts make, as a number in base K), the fewest presses and the least
    /// counts among them; `None` for effects no counts make.
    fn every_count(
        states: u32,
        cells: usize,
        presses: &[Vec<(usize, u32)>],
    ) -> Vec<Option<Vec<u32>>> {
        let k = states as usize;
        let mut best: Vec<Option<Vec<u32>>> = vec![None; k.pow(cells as u32)];
        for number in 0..k.pow(presses.len() as u32) {
            let counts: Vec<u32> = (0..presses.len())
                .map(|j| (number / k.pow((presses.len() - 1 - j) as u32) % k) as u32)
                .collect();
            let mut effect = vec![0usize; cells];
            for (j, reached) in presses.iter().enumerate() {
                for &(cell, weight) in reached {
                    effect[cell] = (effect[cell] + weight as usize * counts[j] as usize) % k;
                }
            }
            let index = effect.iter().fold(0, |index, &e| index * k + e);
            let total = |x: &Vec<u32>| x.iter().sum::<u32>();
            let better = match &best[index] {
                None => true,
                Some(old) => (total(&counts), &counts) < (total(old), old),
            };
            if better {
                best[index] = Some(counts);
            }
        }
        best
    }

    /// Checks the solver against trying every count vector, on every board.
    fn agrees_with_every_count(states: u32, cells: usize, presses: &[Vec<(usize, u32)>]) {
        let expected = every_count(states, cells, presses);
        let solver = ModularSolver::new(PressMap::new(states, cells, presses).unwrap());
        let reachable = expected.iter().filter(|e| e.is_some()).count() as u128;
        assert_eq!(
            reachable * solver.kernel_size(),
            u128::from(states).pow(presses.len() as u32),
            "image times kernel is every count vector"
        );
        let k = states as usize;
        for (index, best) in expected.iter().enumerate() {
            // The board whose target 0 needs exactly this effect: its negative.
            let effect: Vec<u32> = (0..cells)
                .map(|cell| (index / k.pow((cells - 1 - cell) as u32) % k) as u32)
                .collect();
            let board: Vec<u32> = effect.iter().map(|&e| (states - e) % states).collect();
            match (solver.solve(&board, 0), best) {
                (Ok(found), Some(best)) => {
                    assert_eq!(&found.presses, best, "K {states} effect {effect:?}");
                    assert!(found.optimal);
                    assert_eq!(found.lower_bound, found.moves());
                }
                (Err(proof), None) => {
                    // Every press keeps the weighted sum; the needed change moves it.
                    for reached in presses {
                        let moved: u32 = reached
                            .iter()
                            .map(|&(cell, weight)| proof.weights[cell] * weight)
                            .sum();
                        assert_eq!(moved % states, 0, "K {states} proof {proof:?}");
                    }
                    let needed: u32 = effect
                        .iter()
                        .zip(&proof.weights)
                        .map(|(&e, &y)| e * y)
                        .sum();
                    assert_ne!(needed % states, 0, "K {states} effect {effect:?}");
                }
                (found, best) => panic!("K {states} effect {effect:?}: {found:?} against {best:?}"),
            }
        }
    }

    #[test]
    fn plus_boards_agree_with_every_count_for_prime_and_composite_states() {
        for states in [2, 3, 4, 5, 6, 8, 9, 10, 12] {
            agrees_with_every_count(states, 4, &plus_presses(2, 2, 1, 1));
        }
        for states in [2, 3, 4, 6] {
            agrees_with_every_count(states, 6, &plus_presses(2, 3, 1, 1));
        }
        for states in [3, 4] {
            agrees_with_every_count(states, 9, &plus_presses(3, 3, 1, 1));
        }
    }

    /// The `plus` presses of an n x n torus: every cell has four neighbours.
    fn torus_presses(n: usize) -> Vec<Vec<(usize, u32)>> {
        let cell = |r: usize, c: usize| (r % n) * n + c % n;
        (0..n * n)
            .map(|at| {
                let (r, c) = (at / n, at % n);
                [
                    (r, c),
                    (r + n - 1, c),
                    (r + 1, c),
                    (r, c + n - 1),
                    (r, c + 1),
                ]
                .iter()
                .map(|&(r, c)| (cell(r, c), 1))
                .collect()
            })
            .collect()
    }

    /// At two states the kernel is Z_2 to the power of the published rank deficiencies of
    /// Lights Out: OEIS A159257 on the n x n board, A165738 on the n x n torus.
    #[test]
    fn two_states_give_the_published_rank_deficiencies() {
        let board = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0];
        for (n, &deficiency) in (1..).zip(&board) {
            let map = PressMap::new(2, n * n, &plus_presses(n, n, 1, 1)).unwrap();
            assert_eq!(
                ModularSolver::new(map).kernel_orders(),
                vec![2; deficiency],
                "{n}x{n}"
            );
        }
        let torus = [0, 0, 4, 0, 8, 8, 0, 0, 4, 16];
        for (n, &deficiency) in (1..).zip(&torus) {
            let map = PressMap::new(2, n * n, &torus_presses(n)).unwrap();
            assert_eq!(
                ModularSolver::new(map).kernel_orders(),
                vec![2; deficiency],
                "torus {n}"
            );
        }
    }

    /// Past the search limit the answer is a descent's: counts that finish the board, never
    /// fewer than the exact minimum, with a bound never above it.
    #[test]
    fn past_the_limit_the_descent_finishes_the_board_with_a_true_bound() {
        // 5x5 plus mod 6: Z_2^2 at least in the kernel, over Z_2 (A159257).
        let presses = plus_presses(5, 5, 1, 1);
        let solver = ModularSolver::new(PressMap::new(6, 25, &presses).unwrap());
        assert!(solver.kernel_size() > 1);
        let mut seed = 7u64;
        for _ in 0..20 {
            let mut board = vec![0u32; 25];
            for _ in 0..12 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let press = (seed >> 33) as usize % 25;
                for &(cell, weight) in &presses[press] {
                    board[cell] = (board[cell] + weight) % 6;
                }
            }
            let exact = solver.solve(&board, 0).unwrap();
            let found = solver
                .solve_within(&board, 0, 0, None, &mut |_, _| {})
                .unwrap();
            let mut after = board.clone();
            for (press, &times) in found.presses.iter().enumerate() {
                for &(cell, weight) in &presses[press] {
                    after[cell] = (after[cell] + weight * times) % 6;
                }
            }
            assert!(after.iter().all(|&state| state == 0), "{found:?}");
            assert!(found.moves() >= exact.moves());
            assert!(found.lower_bound <= exact.moves());
            assert_eq!(found.optimal, found.lower_bound == found.moves());
        }
    }

    /// Gambler Bo (HDU 5755): the pressed cell +2, its neighbours +1, mod 3.
    #[test]
    fn gambler_bo_weights_agree_with_every_count() {
        agrees_with_every_count(3, 9, &plus_presses(3, 3, 2, 1));
        agrees_with_every_count(3, 8, &plus_presses(2, 4, 2, 1));
    }

    /// The 2x2 `plus` board is a 4-cycle: its press matrix is I plus the cycle's adjacency,
    /// whose eigenvalues 3, 1, 1, -1 make its determinant -3 and its Smith form diag(1, 1, 1, 3).
    /// So the quiet press counts are Z_3 wherever 3 divides K (Z_9 too: 3y = 0 mod 9 has three
    /// solutions), and there are none otherwise. On 3x3 mod 4 the kernel is read off the
    /// count: the tests above check the size against every count vector.
    #[test]
    fn the_kernel_is_told_as_its_cyclic_factors() {
        for (states, orders) in [
            (2, vec![]),
            (3, vec![3]),
            (4, vec![]),
            (6, vec![3]),
            (9, vec![3]),
            (12, vec![3]),
        ] {
            let map = PressMap::new(states, 4, &plus_presses(2, 2, 1, 1)).unwrap();
            assert_eq!(
                ModularSolver::new(map).kernel_orders(),
                orders,
                "K {states}"
            );
        }
        // Two prime powers, several factors each: by prime, the largest first.
        let presses: Vec<Vec<(usize, u32)>> =
            vec![vec![(0, 4)], vec![(1, 2)], vec![(2, 3)], vec![]];
        let solver = ModularSolver::new(PressMap::new(12, 3, &presses).unwrap());
        // 4x = 0 mod 12 for x = 0, 3, 6, 9 (Z_4); 2x for x = 0, 6 (Z_2); 3x for x = 0, 4, 8
        // (Z_3); any x for the press that reaches nothing (Z_12 = Z_4 x Z_3).
        assert_eq!(solver.kernel_orders(), [4, 4, 2, 3, 3]);
        assert_eq!(solver.kernel_size(), 4 * 4 * 2 * 3 * 3);
        assert_eq!(prime_powers(360), [(2, 3), (3, 2), (5, 1)]);
        assert_eq!(prime_powers(1), []);
        assert_eq!(prime_powers(35), [(5, 1), (7, 1)]);
        for modulus in [4u64, 9, 25, 27, 32] {
            for unit in (1..modulus).filter(|u| u % 2 != 0 && u % 3 != 0 && u % 5 != 0) {
                assert_eq!(unit * inverse_mod(unit, modulus) % modulus, 1);
            }
        }
    }

    #[test]
    fn press_maps_refuse_what_they_cannot_hold() {
        assert_eq!(PressMap::new(1, 2, &[]), Err(PressMapError::States(1)));
        assert_eq!(PressMap::new(37, 2, &[]), Err(PressMapError::States(37)));
        assert_eq!(
            PressMap::new(3, 2, &[vec![(2, 1)]]),
            Err(PressMapError::Cell { press: 0, cell: 2 })
        );
        assert_eq!(
            PressMap::new(3, 2, &[vec![(1, 3)]]),
            Err(PressMapError::Weight {
                press: 0,
                weight: 3
            })
        );
        // A cell listed twice gets the sum; a sum of K is no weight at all.
        let map = PressMap::new(3, 2, &[vec![(0, 1), (0, 1), (1, 2), (1, 1)]]).unwrap();
        let mut board = vec![0, 0];
        map.press(&mut board, 0, 1);
        assert_eq!(board, [2, 0]);
        assert_eq!(map.widest(), 1);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any presses, any weights, any states up to 12: the same answers as trying every
        /// count vector.
        #[test]
        fn any_press_map_agrees_with_every_count(
            states in 2u32..=12,
            cells in 1usize..=4,
            seeds in proptest::collection::vec(any::<u32>(), 1..=4),
        ) {
            let presses: Vec<Vec<(usize, u32)>> = seeds
                .iter()
                .map(|&seed| {
                    (0..cells)
                        .filter(|cell| seed >> cell & 1 == 1)
                        .map(|cell| (cell, (seed >> (8 + 4 * cell)) % states))
                        .collect()
                })
                .collect();
            agrees_with_every_count(states, cells, &presses);
        }
    }

    #[test]
    fn a_search_past_its_deadline_answers_with_the_best_found_and_the_bound() {
        // A press reaches only its own cell, with weight 1: the kernel is trivial, so the
        // search ends at once and is proven even with a deadline already past.
        let own: Vec<Vec<(usize, u32)>> = (0..4).map(|cell| vec![(cell, 1)]).collect();
        let solver = ModularSolver::new(PressMap::new(3, 4, &own).unwrap());
        let past = Some(Duration::ZERO);
        let found = solver
            .solve_with(&[1, 2, 0, 0], 0, past, &mut |_, _| {})
            .unwrap();
        assert!(found.optimal);
        assert_eq!((found.moves(), found.lower_bound), (3, 3));
        // Presses of the first two cells reach the next two only: 3^2 quiet press counts. The
        // walk looks at the clock only every 65,536 elements, so it ends proven here too; a
        // kernel of 3^12 does not, and gives the best found with the counting bound.
        let below = |cells: usize| -> Vec<Vec<(usize, u32)>> {
            (0..2 * cells)
                .map(|cell| {
                    if cell < cells {
                        vec![(cell + cells, 1)]
                    } else {
                        vec![]
                    }
                })
                .collect()
        };
        let small = ModularSolver::new(PressMap::new(3, 4, &below(2)).unwrap());
        assert!(
            small
                .solve_with(&[0, 0, 1, 1], 0, past, &mut |_, _| {})
                .unwrap()
                .optimal
        );
        let large = ModularSolver::new(PressMap::new(3, 24, &below(12)).unwrap());
        let mut board = vec![0; 12];
        board.extend([1; 12]);
        let mut reports = Vec::new();
        let found = large
            .solve_with(&board, 0, past, &mut |done, total| {
                reports.push((done, total))
            })
            .unwrap();
        assert!(!found.optimal);
        assert_eq!((found.moves(), found.lower_bound), (24, 12));
        assert_eq!(reports, [(1 << 16, 3u64.pow(12))]);
        let whole = large.solve(&board, 0).unwrap();
        assert!(whole.optimal);
        assert_eq!((whole.moves(), whole.lower_bound), (24, 24));
    }
}
