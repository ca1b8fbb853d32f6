//! The fewest presses for a board of K states, toward one colour or any: the goal on top of
//! [`modular`], which solves toward one colour.

use std::fmt;
use std::sync::OnceLock;
use std::time::Duration;

use crate::solve::kernels::host::Instant;

mod chase;
pub mod modular;

use chase::StateChase;
use modular::{CyclicFactor, ModularSolver, PressMap};

use super::{Solution, Stage};
use crate::grid::StateBoard;
use crate::notation::Cell;
use crate::puzzle::{StateGoal, StatePuzzle};
use crate::settings::{self, Advice, Names, Setting};

/// The most cells of a board of more than two states the dense solver takes: it holds
/// matrices of cells x cells entries, and their Smith form takes seconds at this size.
pub const MOST_STATE_CELLS: u64 = 4096;

/// Boards of more cells than this are solved by light chasing where the rule allows it: the
/// dense Smith form's cubic cost shows past it (bench/states.sh), and both give every board the
/// same answer (the tests check it).
const CHASED_PAST_CELLS: u64 = 400;

/// The most cells of a board of more than two states solved by light chasing, which takes
/// time about the cells times the columns.
pub const MOST_CHASED_STATE_CELLS: u64 = 1 << 20;

/// A board of K states too large for the modular solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStateCells {
    /// The board's cells.
    pub cells: u64,
}

impl Advice for TooManyStateCells {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        write!(
            f,
            "a board of {} cells is too large for more than two states: they are solved up to \
             {} cells (64x64), and up to {} (1024x1024) under a stencil whose only cell above \
             the press is straight above it, with a weight prime to K, and {} (plus, \
             010/121/010)",
            crate::words::thousands(self.cells),
            crate::words::thousands(MOST_STATE_CELLS),
            crate::words::thousands(MOST_CHASED_STATE_CELLS),
            names(Setting::NoWrap)
        )
    }
}

impl fmt::Display for TooManyStateCells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_advice(f, settings::RUST)
    }
}

impl std::error::Error for TooManyStateCells {}

/// How one board's searches may run: until when, and whom to tell how far they are.
struct Search<'a> {
    deadline: Option<Instant>,
    progress: &'a mut dyn FnMut(Stage, u64, u64),
}

/// The taps that finish a board of K states: how many times each cell is tapped (0 to K - 1,
/// row-major), and the colour's number.
pub type StateSolution = Solution<Vec<u8>, u8>;

impl StateSolution {
    /// The tapped cells with how many times each, row-major, on a board `cols` wide.
    pub fn tapped(&self, cols: usize) -> impl Iterator<Item = (Cell, u8)> + '_ {
        self.taps
            .iter()
            .enumerate()
            .filter(|&(_, &times)| times > 0)
            .map(move |(index, &times)| (Cell::at_index(index, cols), times))
    }
}

/// Why a board of K states cannot be finished: weights on the cells whose weighted sum of the
/// states, mod K, no press changes, and which differs between the board and every finished
/// board the goal accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateProof {
    /// One weight a cell, 0 to K - 1, row-major.
    pub weights: Vec<u8>,
    /// The weighted sum of the board's states, mod K.
    pub board_sum: u8,
    /// The weighted sum of every finished board the goal accepts, mod K.
    pub finished_sum: u8,
}

/// A K-state puzzle's presses worked out over Z_K, ready for any board.
#[derive(Clone, Debug)]
pub struct StateSolver {
    puzzle: StatePuzzle,
    engine: Engine,
    /// How long one board's search over the quiet press counts may take.
    search_time: Option<Duration>,
}

/// How a puzzle's presses are worked out.
#[derive(Clone, Debug)]
enum Engine {
    /// The Smith form of the whole press matrix, for boards of up to [`MOST_STATE_CELLS`].
    Dense {
        solver: ModularSolver,
        /// The presses with one more, adding 1 everywhere: what `any` proofs are found with
        /// (a weighting no press changes and that every uniform board has at 0), made when a
        /// board first needs one.
        with_uniform: Box<OnceLock<ModularSolver>>,
    },
    /// Light chasing, for larger boards under the stencils it works for.
    Chase(Box<StateChase>),
}

impl StateSolver {
    /// Works out `puzzle`'s presses: by light chasing where the rule allows it, past 400 cells
    /// and up to [`MOST_CHASED_STATE_CELLS`]; else by the dense Smith form, up to
    /// [`MOST_STATE_CELLS`]; or refuses the board.
    pub fn new(puzzle: StatePuzzle) -> Result<StateSolver, TooManyStateCells> {
        let cells = puzzle.shape().cells();
        let chase = (CHASED_PAST_CELLS < cells && cells <= MOST_CHASED_STATE_CELLS)
            .then(|| StateChase::new(&puzzle))
            .flatten();
        let engine = match chase {
            Some(chase) => Engine::Chase(Box::new(chase)),
            None if cells <= MOST_STATE_CELLS => Engine::Dense {
                solver: ModularSolver::new(PressMap::of(&puzzle)),
                with_uniform: Box::default(),
            },
            None => return Err(TooManyStateCells { cells }),
        };
        Ok(StateSolver {
            puzzle,
            engine,
            search_time: None,
        })
    }

    /// [`StateSolver::new`] by light chasing whatever the size, when the rule allows it: for
    /// tests, which check it against the dense solver on the same boards.
    #[cfg(test)]
    fn chased(puzzle: StatePuzzle) -> Option<StateSolver> {
        let chase = StateChase::new(&puzzle)?;
        Some(StateSolver {
            puzzle,
            engine: Engine::Chase(Box::new(chase)),
            search_time: None,
        })
    }

    /// Limits how long one board's search over the quiet tap counts runs; past it the answer
    /// is the best found, marked not proven. Without a limit every search runs to the end.
    pub fn set_search_time(&mut self, limit: Option<Duration>) {
        self.search_time = limit;
    }

    /// The limit [`StateSolver::set_search_time`] last set.
    pub fn search_time(&self) -> Option<Duration> {
        self.search_time
    }

    /// The dense presses with one more that adds 1 to every cell.
    fn with_uniform<'a>(
        solver: &ModularSolver,
        with_uniform: &'a OnceLock<ModularSolver>,
    ) -> &'a ModularSolver {
        with_uniform.get_or_init(|| {
            let map = solver.press_map();
            let mut presses: Vec<Vec<(usize, u32)>> = (0..map.presses())
                .map(|press| map.reached(press).to_vec())
                .collect();
            presses.push((0..map.cells()).map(|cell| (cell, 1)).collect());
            let extended = PressMap::new(map.states(), map.cells(), &presses)
                .unwrap_or_else(|error| unreachable!("weights of 1 on the board: {error}"));
            ModularSolver::new(extended)
        })
    }

    /// The puzzle solved.
    pub fn puzzle(&self) -> &StatePuzzle {
        &self.puzzle
    }

    /// The orders of the cyclic factors of the quiet press counts (see
    /// [`ModularSolver::kernel_orders`]).
    pub fn kernel_orders(&self) -> Vec<u32> {
        self.kernel().iter().map(|factor| factor.order).collect()
    }

    /// The quiet press counts (see [`ModularSolver::kernel`]).
    pub fn kernel(&self) -> Vec<CyclicFactor> {
        match &self.engine {
            Engine::Dense { solver, .. } => solver.kernel(),
            Engine::Chase(chase) => chase.kernel(),
        }
    }

    /// The weightings of the cells no press changes (see [`ModularSolver::invariants`]).
    pub fn invariants(&self) -> Vec<CyclicFactor> {
        match &self.engine {
            Engine::Dense { solver, .. } => solver.invariants(),
            Engine::Chase(chase) => chase.invariants(),
        }
    }

    /// The fewest taps that finish `board` for the goal (ties to the least tap counts read
    /// row-major as digits), or `None` when no taps do ([`StateSolver::proof`] says why).
    pub fn solve(&self, board: &StateBoard) -> Option<StateSolution> {
        self.solve_with_progress(board, &mut |_, _, _| {})
    }

    /// [`StateSolver::solve`], telling `progress` how far each colour's search over the quiet
    /// tap counts has gone (elements visited, of how many).
    pub fn solve_with_progress(
        &self,
        board: &StateBoard,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<StateSolution> {
        self.solve_within(board, self.search_time, progress)
    }

    /// [`StateSolver::solve_with_progress`] with `search_time` in place of the solver's own
    /// ([`StateSolver::set_search_time`]): for callers that share one solver among calls of
    /// other limits.
    pub fn solve_within(
        &self,
        board: &StateBoard,
        search_time: Option<Duration>,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<StateSolution> {
        // A board already in a colour the goal accepts needs no presses, and no search: no
        // answer is fewer, and among the fewest none is less.
        if let Some(&color) = board.cells().first()
            && board.cells().iter().all(|&state| state == color)
            && self.puzzle.goal().accepts(color)
        {
            return Some(StateSolution {
                taps: vec![0; board.cells().len()],
                color,
                optimal: true,
                lower_bound: 0,
            });
        }
        let states: Vec<u32> = board.cells().iter().map(|&s| u32::from(s)).collect();
        let deadline = search_time.map(|time| Instant::now() + time);
        let mut search = Search { deadline, progress };
        if let StateGoal::Color(color) = self.puzzle.goal() {
            return self.solve_toward(&states, color, &mut search);
        }
        let mut best: Option<StateSolution> = None;
        // The least total any colour can take: what its search proved, or its bound.
        let mut least_possible = u64::MAX;
        for color in 0..self.puzzle.states() {
            if let Some(solution) = self.solve_toward(&states, color, &mut search) {
                least_possible = least_possible.min(solution.lower_bound);
                let better = best
                    .as_ref()
                    .is_none_or(|b| (solution.moves(), &solution.taps) < (b.moves(), &b.taps));
                if better {
                    best = Some(solution);
                }
            }
        }
        let mut solution = best?;
        solution.lower_bound = least_possible.min(solution.moves());
        solution.optimal = solution.lower_bound == solution.moves();
        Some(solution)
    }

    /// A proof that no taps finish `board` for the goal, or `None` when some do.
    pub fn proof(&self, board: &StateBoard) -> Option<StateProof> {
        let states: Vec<u32> = board.cells().iter().map(|&s| u32::from(s)).collect();
        if let StateGoal::Color(color) = self.puzzle.goal() {
            let weights = self.obstruction(&states, color)?;
            return Some(self.proof_of(&states, color, weights));
        }
        if (0..self.puzzle.states()).any(|color| self.obstruction(&states, color).is_none()) {
            return None;
        }
        // No colour finishes the board, so it is outside the taps' reach plus every uniform
        // board: the taps with the uniform one added cannot finish it either, and their proof
        // has every uniform board at 0.
        let proof = match &self.engine {
            Engine::Dense {
                solver,
                with_uniform,
            } => StateSolver::with_uniform(solver, with_uniform)
                .solve(&states, 0)
                .err(),
            Engine::Chase(chase) => chase.proof_for_any(&states),
        };
        let weights = proof
            .map(|proof| proof.weights)
            .unwrap_or_else(|| unreachable!("a board no colour finishes is out of reach"));
        Some(self.proof_of(&states, 0, weights))
    }

    /// The weights of a proof that no taps make `states` all `color`, or `None` when some do.
    fn obstruction(&self, states: &[u32], color: u8) -> Option<Vec<u32>> {
        let needed = self.needed(states, color);
        let proof = match &self.engine {
            Engine::Dense { solver, .. } => solver.particular(&needed).err(),
            Engine::Chase(chase) => chase.obstruction(&needed),
        };
        proof.map(|proof| proof.weights)
    }

    /// What each cell of `states` needs added, mod K, to show `color`.
    fn needed(&self, states: &[u32], color: u8) -> Vec<u32> {
        let k = u32::from(self.puzzle.states());
        states
            .iter()
            .map(|&state| (u32::from(color) + k - state % k) % k)
            .collect()
    }

    /// The fewest taps that make every piece `color`, or `None` when none do.
    fn solve_toward(
        &self,
        states: &[u32],
        color: u8,
        search: &mut Search<'_>,
    ) -> Option<StateSolution> {
        let progress = &mut search.progress;
        let mut told = |done, total| progress(Stage::SearchingCounts, done, total);
        let needed = self.needed(states, color);
        let found = match &self.engine {
            Engine::Dense { solver, .. } => {
                solver.solve_needed(&needed, search.deadline, &mut told)
            }
            Engine::Chase(chase) => chase.solve_with(&needed, search.deadline, &mut told),
        };
        found.ok().map(|found| StateSolution {
            taps: found.presses.iter().map(|&x| x as u8).collect(),
            color,
            optimal: found.optimal,
            lower_bound: found.lower_bound,
        })
    }

    /// The fewest presses that make `board` all `color` (whatever the goal), with the solver's
    /// search time, or `None` when none do.
    pub(in crate::solve) fn fewest_toward(
        &self,
        board: &StateBoard,
        color: u8,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<StateSolution> {
        let states: Vec<u32> = board.cells().iter().map(|&s| u32::from(s)).collect();
        let deadline = self.search_time.map(|time| Instant::now() + time);
        self.solve_toward(&states, color, &mut Search { deadline, progress })
    }

    /// The proof made of `weights` for a board of `states` toward `color`.
    fn proof_of(&self, states: &[u32], color: u8, weights: Vec<u32>) -> StateProof {
        let modulus = u64::from(self.puzzle.states());
        let sum = |values: &mut dyn Iterator<Item = u64>| {
            (values
                .zip(&weights)
                .map(|(v, &w)| v * u64::from(w))
                .sum::<u64>()
                % modulus) as u8
        };
        StateProof {
            board_sum: sum(&mut states.iter().map(|&s| u64::from(s))),
            finished_sum: sum(&mut std::iter::repeat_n(u64::from(color), states.len())),
            weights: weights.iter().map(|&w| w as u8).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::puzzle::{Goal, Puzzle};
    use crate::random::Generator;
    use crate::rule::Rule;
    use crate::solve::Solver;

    /// The answer or the proof, each checked to come alone: a board with taps has no proof.
    fn answer(solver: &StateSolver, board: &StateBoard) -> Result<StateSolution, StateProof> {
        match (solver.solve(board), solver.proof(board)) {
            (Some(solution), None) => Ok(solution),
            (None, Some(proof)) => Err(proof),
            (solution, proof) => panic!("{board}: {solution:?} and {proof:?}"),
        }
    }

    /// A stencil as rows of digit weights, read here from its definition.
    fn weights_of(stencil: &str) -> Vec<Vec<u32>> {
        stencil
            .split('/')
            .map(|row| row.chars().map(|ch| ch.to_digit(10).unwrap()).collect())
            .collect()
    }

    /// What pressing `at` once adds to every cell, written from the rule's definition: each
    /// stencil cell lands where it falls (wrapped, or dropped past an edge); a cell two stencil
    /// cells land on gets the larger weight.
    fn press_effect(
        stencil: &[Vec<u32>],
        (rows, cols): (usize, usize),
        wrap: bool,
        at: usize,
    ) -> Vec<u32> {
        let mut effect = vec![0; rows * cols];
        let (middle_row, middle_col) = (stencil.len() / 2, stencil[0].len() / 2);
        for (dr, line) in stencil.iter().enumerate() {
            for (dc, &weight) in line.iter().enumerate() {
                let r = (at / cols) as i64 + dr as i64 - middle_row as i64;
                let c = (at % cols) as i64 + dc as i64 - middle_col as i64;
                let (r, c) = if wrap {
                    (r.rem_euclid(rows as i64), c.rem_euclid(cols as i64))
                } else if (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) {
                    (r, c)
                } else {
                    continue;
                };
                let cell = &mut effect[r as usize * cols + c as usize];
                *cell = (*cell).max(weight);
            }
        }
        effect
    }

    /// Every press vector in order, least digits first: the fewest presses to each colour
    /// (ties to the first met), for `colors`.
    fn brute_force(
        effects: &[Vec<u32>],
        states: u32,
        board: &[u32],
        colors: std::ops::Range<u32>,
    ) -> Option<(u64, Vec<u32>, u32)> {
        let n = board.len();
        let mut x = vec![0u32; n];
        let mut best: Option<(u64, Vec<u32>, u32)> = None;
        loop {
            let mut after = board.to_vec();
            for (press, &times) in x.iter().enumerate() {
                for (cell, &weight) in effects[press].iter().enumerate() {
                    after[cell] = (after[cell] + weight * times) % states;
                }
            }
            let moves: u64 = x.iter().map(|&t| u64::from(t)).sum();
            if let Some(&color) = after.first()
                && colors.contains(&color)
                && after.iter().all(|&s| s == color)
                && best.as_ref().is_none_or(|(m, ..)| moves < *m)
            {
                best = Some((moves, x.clone(), color));
            }
            // The next vector in lexicographic order, last digit fastest.
            let mut position = n;
            loop {
                if position == 0 {
                    return best;
                }
                position -= 1;
                x[position] += 1;
                if x[position] < states {
                    break;
                }
                x[position] = 0;
            }
        }
    }

    fn check_against_brute_force(stencil: &str, rows: u32, cols: u32, wrap: bool, states: u32) {
        let shape = Shape::new(rows, cols).unwrap();
        let weights = weights_of(stencil);
        let effects: Vec<Vec<u32>> = (0..(rows * cols) as usize)
            .map(|at| press_effect(&weights, (rows as usize, cols as usize), wrap, at))
            .collect();
        let mut generator = Generator::from_seed(u64::from(rows * 100 + cols * 10 + states));
        for goal in [StateGoal::Any, StateGoal::Color(0), StateGoal::Color(1)] {
            let rule = Rule::parse(stencil).unwrap();
            let puzzle = StatePuzzle::new(shape, rule, wrap, states, goal).unwrap();
            let solver = StateSolver::new(puzzle).unwrap();
            for _ in 0..6 {
                let board: Vec<u32> = (0..shape.cells())
                    .map(|_| generator.below(u64::from(states)) as u32)
                    .collect();
                let mut state_board = StateBoard::new(shape, states as u8);
                for (index, &state) in board.iter().enumerate() {
                    state_board.set(index / cols as usize, index % cols as usize, state as u8);
                }
                let colors = match goal {
                    StateGoal::Any => 0..states,
                    StateGoal::Color(color) => u32::from(color)..u32::from(color) + 1,
                };
                let expected = brute_force(&effects, states, &board, colors);
                let context = format!("{stencil} {rows}x{cols} wrap {wrap} K {states} {goal}");
                match (answer(&solver, &state_board), expected) {
                    (Ok(found), Some((moves, presses, color))) => {
                        assert!(found.optimal, "{context}");
                        assert_eq!(found.moves(), moves, "{context} {state_board}");
                        let found_presses: Vec<u32> =
                            found.taps.iter().map(|&x| u32::from(x)).collect();
                        assert_eq!(found_presses, presses, "{context} {state_board}");
                        assert_eq!(u32::from(found.color), color, "{context}");
                    }
                    (Err(proof), None) => {
                        // Every press keeps the weighted sum; the board's differs from the
                        // finished boards'.
                        let y: Vec<u32> = proof.weights.iter().map(|&w| u32::from(w)).collect();
                        for effect in &effects {
                            let moved: u32 = effect.iter().zip(&y).map(|(e, w)| e * w).sum();
                            assert_eq!(moved % states, 0, "{context}");
                        }
                        let sum = |values: &[u32]| {
                            values.iter().zip(&y).map(|(v, w)| v * w).sum::<u32>() % states
                        };
                        assert_eq!(u32::from(proof.board_sum), sum(&board), "{context}");
                        let finished: Vec<u32> = match goal {
                            StateGoal::Color(color) => vec![u32::from(color); board.len()],
                            StateGoal::Any => {
                                // Every uniform board has the same sum.
                                assert_eq!(sum(&vec![1; board.len()]), 0, "{context}");
                                vec![0; board.len()]
                            }
                        };
                        assert_eq!(u32::from(proof.finished_sum), sum(&finished), "{context}");
                        assert_ne!(proof.board_sum, proof.finished_sum, "{context}");
                    }
                    (found, expected) => {
                        panic!("{context} {state_board}: {found:?} against {expected:?}")
                    }
                }
            }
        }
    }

    #[test]
    fn fewest_presses_match_a_brute_force_for_prime_and_composite_states() {
        for (stencil, rows, cols, wrap, states) in [
            ("010/111/010", 2, 3, false, 3),
            ("010/111/010", 3, 3, false, 3),
            ("010/121/010", 3, 3, false, 3),
            ("010/121/010", 2, 3, true, 3),
            ("111/111/111", 2, 3, false, 4),
            ("010/111/010", 2, 2, true, 4),
            ("010/121/010", 2, 3, false, 4),
            ("010/131/010", 2, 3, false, 5),
            ("101/010/101", 2, 3, false, 6),
            ("010/111/010", 2, 3, false, 6),
            ("010/121/010", 2, 2, false, 8),
            ("010/101/010", 2, 3, false, 4),
            ("010/111/010", 2, 2, false, 9),
        ] {
            check_against_brute_force(stencil, rows, cols, wrap, states);
        }
    }

    /// A finished board needs no search (none is reported): 0 presses, proven, for a colour
    /// goal and for any colour; a board the goal does not take as finished is searched.
    #[test]
    fn a_finished_board_is_answered_without_a_search() {
        let shape = Shape::new(10, 10).unwrap();
        let mut filled = StateBoard::new(shape, 4);
        for cell in 0..100 {
            filled.set(cell / 10, cell % 10, 2);
        }
        for goal in [StateGoal::Color(2), StateGoal::Any] {
            let puzzle = StatePuzzle::new(shape, Rule::plus(), true, 4, goal).unwrap();
            let solver = StateSolver::new(puzzle).unwrap();
            let mut searched = 0;
            let solution = solver
                .solve_with_progress(&filled, &mut |_, _, _| searched += 1)
                .unwrap();
            assert_eq!(searched, 0, "{goal:?}");
            assert_eq!((solution.moves(), solution.color), (0, 2));
            assert!(solution.optimal && solution.lower_bound == 0);
            assert!(solution.taps.iter().all(|&times| times == 0));
        }
        let puzzle = StatePuzzle::new(shape, Rule::plus(), true, 4, StateGoal::Color(1)).unwrap();
        let mut solver = StateSolver::new(puzzle).unwrap();
        solver.set_search_time(Some(Duration::from_millis(50)));
        let mut searched = 0;
        let solution = solver.solve_with_progress(&filled, &mut |_, _, _| searched += 1);
        assert!(solution.is_none_or(|s| s.moves() > 0));
        assert!(searched > 0, "a search is reported");
        // The same search with a limit of its own, the solver's set to none: cut short as
        // well (in full it proves 60 presses, in seconds).
        solver.set_search_time(None);
        let limit = Some(Duration::from_millis(50));
        let within = solver.solve_within(&filled, limit, &mut |_, _, _| {});
        assert!(within.is_some_and(|s| !s.optimal && s.lower_bound < s.moves()));
        assert_eq!(solver.search_time, None);
    }

    #[test]
    fn two_states_give_the_binary_solvers_answers() {
        let mut generator = Generator::from_seed(2);
        for (rule, rows, cols, wrap) in [
            ("plus", 4, 4, false),
            ("x", 4, 5, false),
            ("box", 3, 5, true),
            ("sigma", 5, 5, false),
            ("lines", 4, 3, false),
            ("010/110/001", 4, 4, true),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            for (goal, state_goal) in [
                (Goal::Either, StateGoal::Any),
                (Goal::White, StateGoal::Color(0)),
                (Goal::Black, StateGoal::Color(1)),
            ] {
                let puzzle = Puzzle::new(shape, Rule::parse(rule).unwrap(), wrap, goal).unwrap();
                let binary = Solver::new(puzzle).unwrap();
                let puzzle =
                    StatePuzzle::new(shape, Rule::parse(rule).unwrap(), wrap, 2, state_goal);
                let solver = StateSolver::new(puzzle.unwrap()).unwrap();
                for _ in 0..20 {
                    let mut grid = Grid::new(shape);
                    generator.fill(&mut grid);
                    let mut board = StateBoard::new(shape, 2);
                    for row in 0..rows as usize {
                        for col in 0..cols as usize {
                            board.set(row, col, u8::from(grid.get(row, col)));
                        }
                    }
                    let context = format!("{rule} {shape} {goal:?} {grid}");
                    match (binary.solve(&grid), answer(&solver, &board)) {
                        (Some(expected), Ok(found)) => {
                            let taps: Vec<u8> = (0..rows as usize)
                                .flat_map(|r| (0..cols as usize).map(move |c| (r, c)))
                                .map(|(r, c)| u8::from(expected.taps.get(r, c)))
                                .collect();
                            assert_eq!(found.taps, taps, "{context}");
                            let color = u8::from(expected.color == crate::notation::Color::Black);
                            assert_eq!(found.color, color, "{context}");
                        }
                        (None, Err(_)) => {}
                        (expected, found) => panic!("{context}: {expected:?} against {found:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn boards_past_the_dense_limit_are_chased_or_refused() {
        let shape = Shape::new(65, 64).unwrap();
        let refused = |rule: Rule, wrap: bool| {
            let puzzle = StatePuzzle::new(shape, rule, wrap, 3, StateGoal::Any).unwrap();
            StateSolver::new(puzzle).err()
        };
        assert_eq!(
            refused(Rule::plus(), true),
            Some(TooManyStateCells { cells: 4160 })
        );
        assert_eq!(
            refused(Rule::parse("x").unwrap(), false),
            Some(TooManyStateCells { cells: 4160 })
        );
        // A library user's message names the condition, not a flag of the command line.
        assert_eq!(
            TooManyStateCells { cells: 4160 }.to_string(),
            "a board of 4,160 cells is too large for more than two states: they are solved up \
             to 4,096 cells (64x64), and up to 1,048,576 (1024x1024) under a stencil whose only \
             cell above the press is straight above it, with a weight prime to K, and no \
             wrapping (plus, 010/121/010)"
        );
        // 3 has no inverse mod 3: the press below cannot set the cell above.
        let up_three = Rule::parse("010/111/010").unwrap();
        assert_eq!(refused(up_three.clone(), false), None);
        let puzzle = StatePuzzle::new(shape, up_three, false, 6, StateGoal::Any).unwrap();
        assert!(StateSolver::new(puzzle).is_ok());
        let huge = Shape::new(1025, 1024).unwrap();
        let puzzle = StatePuzzle::new(huge, Rule::plus(), false, 3, StateGoal::Any).unwrap();
        assert_eq!(
            StateSolver::new(puzzle).unwrap_err(),
            TooManyStateCells { cells: 1025 * 1024 }
        );
        let stencil = Rule::parse("030/111/010").unwrap();
        let puzzle = StatePuzzle::new(shape, stencil, false, 6, StateGoal::Color(0)).unwrap();
        assert!(StateSolver::new(puzzle).is_err(), "3 has no inverse mod 6");
    }

    /// Light chasing gives every board the dense solver's answer, and proofs that hold.
    #[test]
    fn chasing_agrees_with_the_dense_solver() {
        let mut generator = Generator::from_seed(17);
        let (mut solved, mut proven) = (0, 0);
        for (stencil, rows, cols, states) in [
            ("010/111/010", 1, 1, 3),
            ("010/111/010", 1, 6, 4),
            ("010/111/010", 6, 1, 5),
            ("010/111/010", 4, 5, 3),
            ("010/111/010", 5, 5, 4),
            ("010/111/010", 6, 6, 6),
            ("010/121/010", 5, 4, 3),
            ("010/121/010", 8, 8, 3),
            ("010/111/111", 4, 4, 4),
            ("010/121/111", 5, 6, 5),
            ("020/111/000", 4, 6, 3),
        ] {
            for goal in [StateGoal::Color(1), StateGoal::Any] {
                let shape = Shape::new(rows, cols).unwrap();
                let rule = Rule::parse(stencil).unwrap();
                let puzzle = StatePuzzle::new(shape, rule, false, states, goal).unwrap();
                let dense = StateSolver::new(puzzle.clone()).unwrap();
                let chased = StateSolver::chased(puzzle.clone())
                    .unwrap_or_else(|| panic!("{stencil} {rows}x{cols} K={states} chases"));
                assert!(matches!(dense.engine, Engine::Dense { .. }));
                let orders = |solver: &StateSolver| {
                    let mut kernel = solver.kernel_orders();
                    let mut invariants: Vec<u32> =
                        solver.invariants().iter().map(|f| f.order).collect();
                    kernel.sort_unstable();
                    invariants.sort_unstable();
                    (kernel, invariants)
                };
                assert_eq!(
                    orders(&chased),
                    orders(&dense),
                    "{stencil} {rows}x{cols} K={states}"
                );
                for factor in chased.kernel() {
                    let mut board = StateBoard::new(shape, states as u8);
                    for (cell, &times) in factor.values.iter().enumerate() {
                        for _ in 0..times {
                            puzzle.tap(&mut board, cell / cols as usize, cell % cols as usize);
                        }
                    }
                    assert_eq!(board.uniform_color(), Some(0), "{stencil}: quiet");
                }
                for _ in 0..30 {
                    let mut board = StateBoard::new(shape, states as u8);
                    for cell in 0..shape.cells() as usize {
                        let state = generator.below(u64::from(states)) as u8;
                        board.set(cell / cols as usize, cell % cols as usize, state);
                    }
                    let context = format!("{stencil} {rows}x{cols} K={states} {goal:?} {board}");
                    match (answer(&dense, &board), answer(&chased, &board)) {
                        (Ok(expected), Ok(found)) => {
                            assert_eq!(found, expected, "{context}");
                            solved += 1;
                        }
                        (Err(_), Err(proof)) => {
                            proven += 1;
                            let k = states;
                            for press in 0..shape.cells() as usize {
                                let kept: u32 = puzzle
                                    .presses(press / cols as usize, press % cols as usize)
                                    .into_iter()
                                    .map(|((r, c), w)| {
                                        u32::from(proof.weights[r * cols as usize + c]) * w
                                    })
                                    .sum();
                                assert_eq!(kept % k, 0, "{context}: a press changes the sum");
                            }
                            let sum = |values: &mut dyn Iterator<Item = u32>| {
                                values
                                    .zip(&proof.weights)
                                    .map(|(v, &w)| v * u32::from(w))
                                    .sum::<u32>()
                                    % k
                            };
                            let board_sum = sum(&mut board.cells().iter().map(|&s| u32::from(s)));
                            assert_eq!(u32::from(proof.board_sum), board_sum, "{context}");
                            let colours: Vec<u32> = match goal {
                                StateGoal::Color(color) => vec![u32::from(color)],
                                StateGoal::Any => (0..k).collect(),
                            };
                            for colour in colours {
                                let finished =
                                    sum(&mut std::iter::repeat_n(colour, board.cells().len()));
                                assert_ne!(finished, board_sum, "{context}: colour {colour}");
                            }
                        }
                        (expected, found) => panic!("{context}: {expected:?} against {found:?}"),
                    }
                }
            }
        }
        assert!(
            solved > 100 && proven > 100,
            "{solved} solved, {proven} proven"
        );
    }
}
