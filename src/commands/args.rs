//! Flags to working objects, in one step: the puzzle the flags describe, its solver, the
//! explored state space, the pool of boards `gen` and `play` draw from, a seed, the notation
//! and goal in the core's words. A mistake here is a usage
//! error, returned to the one reporter in [`super::run`].

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::path::Path;
use std::time::Duration;

use crate::cli::{BoardInput, CellsArg, GoalArg, PuzzleArgs};
use crate::progress::Progress;
use flipgame::generate::{Pool, PoolError, SCRAMBLE_ATTEMPTS, Wanted};
use flipgame::grid::{MAX_SIDE, Shape};
use flipgame::notation::Cells;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::puzzle::{StateGoal, StatePuzzle};
use flipgame::rule::{Graph, Rule};
use flipgame::solve::{Solver, SolverPlan, Strategy};
use flipgame::space::{MAX_CELLS, SmallSpace, TooManyBoards};

use super::Failure;

/// The puzzle the flags describe: `--size`, `--rule` or `--rule-file`, `--wrap`, `--goal`; a
/// mistake is a usage error (with FILE:LINE:COL for a rule file).
pub fn puzzle(args: &PuzzleArgs) -> Result<Puzzle, Failure> {
    // Every command turns to its own K-state path before it gets here; this keeps a new caller
    // from reading digits as black and white.
    if args.states != 2 {
        return Err(Failure::Usage(format!(
            "--states {}: boards of more than two states are not read here: this reads black \
             and white boards only",
            args.states
        )));
    }
    let goal = goal(args.goal).map_err(Failure::Usage)?;
    let (shape, rule) = shape_and_rule(args)?;
    Puzzle::new(shape, rule, args.wrap, goal).map_err(|e| Failure::Usage(e.to_string()))
}

/// The puzzle of `--states K` (3 or more) the flags describe, and the cells its boards are
/// written in; `--cells` other than the default is refused, as such boards are digits.
pub fn state_puzzle(args: &PuzzleArgs, cells: CellsArg) -> Result<StatePuzzle, Failure> {
    let states = args.states;
    let usage = |message: String| Failure::Usage(message);
    if cells != CellsArg::Bw {
        return Err(usage(format!(
            "--cells is for black and white pieces: boards of --states {states} are written one \
             digit a cell, from 0 to {}; give no --cells",
            states - 1
        )));
    }
    let goal = match args.goal {
        None => StateGoal::Color(0),
        Some(GoalArg::Any) => StateGoal::Any,
        Some(GoalArg::Color(color)) if color < states => StateGoal::Color(color as u8),
        Some(other) => {
            let given = match other {
                GoalArg::Either => "either".to_string(),
                GoalArg::White => "white".to_string(),
                GoalArg::Black => "black".to_string(),
                GoalArg::Any => "any".to_string(),
                GoalArg::Color(color) => color.to_string(),
            };
            return Err(usage(format!(
                "--goal {given}: the colours of --states {states} are numbers from 0 to {}: give \
                 one of them (every piece that colour) or any",
                states - 1
            )));
        }
    };
    let (shape, rule) = shape_and_rule(args)?;
    StatePuzzle::new(shape, rule, args.wrap, states, goal).map_err(|e| usage(e.to_string()))
}

/// The board's shape and the rule, from `--size` and `--rule` or `--rule-file`.
fn shape_and_rule(args: &PuzzleArgs) -> Result<(Shape, Rule), Failure> {
    let result = match &args.rule_file {
        Some(path) => rule_file(path).and_then(|graph| {
            let shape = match args.size {
                Some(size) => checked_shape(size.rows, size.cols)?,
                None => graph.shape(),
            };
            Ok((shape, Rule::Graph(graph)))
        }),
        None => {
            let rule = if args.rule == "random" {
                Err(
                    "--rule random makes a new rule: it is for 'flipgame gen --rule random', \
                 which writes a rule file to use here with --rule-file"
                        .to_string(),
                )
            } else {
                Rule::parse(&args.rule)
                    .map_err(|message| format!("--rule {}: {message}", args.rule))
            };
            rule.and_then(|rule| {
                let size = args.size.unwrap_or(crate::cli::Size { rows: 4, cols: 4 });
                Ok((checked_shape(size.rows, size.cols)?, rule))
            })
        }
    };
    result.map_err(Failure::Usage)
}

/// The shape of `--size`, or the usage error for one out of bounds.
fn checked_shape(rows: u32, cols: u32) -> Result<Shape, String> {
    Shape::new(rows, cols)
        .ok_or_else(|| format!("--size {rows}x{cols}: rows and columns go from 1 to {MAX_SIDE}"))
}

/// Reads a rule file; errors are `FILE:LINE:COL: message` where the place is known.
fn rule_file(path: &Path) -> Result<Graph, String> {
    let label = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|error| format!("{label}: {error}"))?;
    Graph::from_json_reader(file, &label).map_err(|error| match error.place {
        Some((line, column)) => format!("{label}:{line}:{column}: {error}"),
        None => format!("{label}: {error}"),
    })
}

/// Every board of `puzzle` explored (with a progress bar on a terminal when it takes a while),
/// or why it cannot be.
pub fn explore(puzzle: &Puzzle, with_taps: bool) -> Result<SmallSpace, TooManyBoards> {
    let mut progress = Progress::new("exploring every board");
    let explored = SmallSpace::explore(puzzle, with_taps, &mut |done, total| {
        progress.update(done, total)
    });
    progress.finish();
    explored
}

/// The solver for the boards of `input`, with its `--search-time`, prepared when the first
/// well-formed board needs it (see [`BoardSolver`]); a puzzle too large to solve is a usage
/// error at once.
pub fn board_solver(input: &BoardInput) -> Result<BoardSolver, Failure> {
    let plan = plan(puzzle(&input.puzzle)?)?;
    Ok(BoardSolver {
        puzzle: plan.puzzle().clone(),
        strategy: plan.strategy(),
        search_time: input.search_time.map(Duration::from_secs_f64),
        plan: Some(plan),
        solver: None,
    })
}

/// The solver for a puzzle, or the usage error when it is too large to solve.
pub fn solver(puzzle: Puzzle) -> Result<Solver, Failure> {
    Ok(prepare(plan(puzzle)?))
}

/// The strategy for a puzzle, or the usage error when it is too large to solve.
fn plan(puzzle: Puzzle) -> Result<SolverPlan, Failure> {
    Solver::plan(puzzle).map_err(|too_large| Failure::Usage(too_large.to_string()))
}

/// The solver of a plan, with a progress bar on a terminal while a large board is chased.
fn prepare(plan: SolverPlan) -> Solver {
    let mut bar: Option<Progress> = None;
    let solver = plan.prepare(&mut |done, total| {
        bar.get_or_insert_with(|| Progress::percent("chasing the rows"))
            .update(done, total)
    });
    if let Some(bar) = bar {
        bar.finish();
    }
    solver
}

/// Where a board command gets its solver: made already ([`Solver`]), or on first need
/// ([`BoardSolver`]).
pub trait SolverSource {
    /// The puzzle the boards belong to.
    fn puzzle(&self) -> &Puzzle;
    /// The solver.
    fn solver(&mut self) -> &Solver;
}

impl SolverSource for Solver {
    fn puzzle(&self) -> &Puzzle {
        Solver::puzzle(self)
    }

    #[inline(always)]
    fn solver(&mut self) -> &Solver {
        self
    }
}

impl SolverSource for BoardSolver {
    fn puzzle(&self) -> &Puzzle {
        BoardSolver::puzzle(self)
    }

    fn solver(&mut self) -> &Solver {
        self.get()
    }
}

/// A [`BoardSolver`] made at once, or still waiting for its first board.
pub enum Readiness {
    /// The solver, made.
    Made(Box<Solver>),
    /// The plan, to be prepared when a board needs it.
    Waiting(Box<BoardSolver>),
}

/// The solver of `solve` and `explain`, prepared when the first well-formed board needs it: a
/// large puzzle's preparation takes seconds (every row of a 10,000x10,000 board chased), and a
/// file whose first rows are malformed is reported before it, not after.
pub struct BoardSolver {
    puzzle: Puzzle,
    strategy: Strategy,
    search_time: Option<Duration>,
    /// The plan until the solver is prepared.
    plan: Option<SolverPlan>,
    solver: Option<Solver>,
}

impl BoardSolver {
    /// The puzzle the boards belong to.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The solver made now where that costs nothing (a 4x4 table: well under a millisecond), so
    /// a loop over boards need not ask whether it is there yet; otherwise the board solver, to
    /// be prepared on first need.
    pub fn made_if_cheap(self) -> Readiness {
        match self.strategy {
            Strategy::Table => Readiness::Made(Box::new(self.into_solver())),
            Strategy::Chase | Strategy::Elimination => Readiness::Waiting(Box::new(self)),
        }
    }

    /// The solver, prepared now.
    pub fn into_solver(mut self) -> Solver {
        self.prepare_now();
        self.solver
            .unwrap_or_else(|| unreachable!("prepared just above"))
    }

    /// The solver, prepared on first need.
    pub fn get(&mut self) -> &Solver {
        if self.solver.is_none() {
            self.prepare_now();
        }
        self.solver
            .as_ref()
            .unwrap_or_else(|| unreachable!("prepared just above"))
    }

    #[cold]
    #[inline(never)]
    fn prepare_now(&mut self) {
        if let Some(plan) = self.plan.take() {
            let mut solver = prepare(plan);
            solver.set_search_time(self.search_time);
            self.solver = Some(solver);
        }
    }

    /// The solver, once a board has needed it.
    pub fn prepared(&self) -> Option<&Solver> {
        self.solver.as_ref()
    }
}

/// The core's notation for a `--cells` value.
pub fn cells(arg: CellsArg) -> Cells {
    match arg {
        CellsArg::Bw => Cells::Letters,
        CellsArg::Digits => Cells::Digits,
        CellsArg::Dots => Cells::Dots,
    }
}

/// The goal `--goal` names for black and white pieces, `either` when it names none.
pub fn goal(arg: Option<GoalArg>) -> Result<Goal, String> {
    Ok(match arg {
        None | Some(GoalArg::Either) => Goal::Either,
        Some(GoalArg::White) => Goal::White,
        Some(GoalArg::Black) => Goal::Black,
        Some(GoalArg::Any) => {
            return Err(
                "--goal any is for boards of --states 3 or more: with black and white \
                        pieces, the goal either finishes in either colour"
                    .to_string(),
            );
        }
        Some(GoalArg::Color(color)) => {
            return Err(format!(
                "--goal {color} is a colour number, for boards of --states 3 or more: with black \
                 and white pieces, give --goal white or --goal black"
            ));
        }
    })
}

/// The pool of the boards `wanted` asks for (exploring a small space with a progress bar),
/// or the usage error that says why no board fits.
pub fn pool(puzzle: &Puzzle, wanted: Wanted) -> Result<Pool, String> {
    let mut progress = Progress::new("exploring every board");
    let pool = Pool::new(puzzle, wanted, &mut |done, total| {
        progress.update(done, total)
    });
    progress.finish();
    pool.map_err(|error| no_pool(&error))
}

/// The usage error for a request no pool can meet, in the flags' words.
fn no_pool(error: &PoolError) -> String {
    match error {
        PoolError::Space(error) => error.to_string(),
        PoolError::Solver(error) => error.to_string(),
        PoolError::NoSuchBoard {
            wanted,
            shape,
            goal,
            largest,
        } => match wanted {
            Wanted::Moves(moves) => format!(
                "no {shape} board needs exactly {moves} taps with --goal {}: the largest distance is {largest}",
                goal.name()
            ),
            Wanted::Impossible => format!(
                "every {shape} board can be finished with --goal {}",
                goal.name()
            ),
            Wanted::Any | Wanted::Hardest => "there are no boards".to_string(),
        },
        PoolError::MovesPastCells { moves, shape } => format!(
            "--moves {moves}: a {shape} board has only {} cells to tap",
            shape.cells()
        ),
        PoolError::NoScramble { moves, shape } => format!(
            "--moves {moves}: no {shape} board made by {moves} random taps needed exactly \
             {moves} (proven) in {SCRAMBLE_ATTEMPTS} tries; past {MAX_CELLS} cells --moves \
             keeps a scramble only when its minimum is proven to be K, which holds for K \
             small enough that random taps rarely undo each other"
        ),
        PoolError::NoImpossibleBoard { shape, goal } => format!(
            "every {shape} board can be finished with --goal {}",
            goal.name()
        ),
    }
}

/// A seed nobody chose: std's randomly keyed hasher, itself seeded by the operating system.
pub fn fresh_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};
    use flipgame::grid::Grid;

    fn solve_input(args: &[&str]) -> BoardInput {
        let cli = Cli::try_parse_from([&["flipgame", "solve"][..], args].concat()).unwrap();
        match cli.command {
            Command::Solve(solve) => solve.input,
            _ => unreachable!("a solve command"),
        }
    }

    /// Chasing a large board takes seconds, so it waits for a board to solve: until then the
    /// solver is only a plan, and a puzzle too large to solve is refused without any chase.
    #[test]
    fn a_board_solver_is_prepared_by_the_first_board_that_needs_it() {
        let mut solver = board_solver(&solve_input(&["--size", "300x300"])).unwrap();
        assert!(solver.prepared().is_none());
        assert_eq!(solver.puzzle().shape(), Shape::new(300, 300).unwrap());
        let finished = Grid::new(solver.puzzle().shape());
        assert_eq!(solver.get().moves(&finished), Some(0));
        assert!(solver.prepared().is_some());
        assert_eq!(solver.get().strategy(), Strategy::Chase);

        let mut timed = board_solver(&solve_input(&["--search-time", "5"])).unwrap();
        assert_eq!(timed.get().strategy(), Strategy::Table);
        let table = board_solver(&solve_input(&[])).unwrap().made_if_cheap();
        assert!(matches!(table, Readiness::Made(made) if made.strategy() == Strategy::Table));
        let chased = board_solver(&solve_input(&["--size", "300x300"])).unwrap();
        let waiting = chased.made_if_cheap();
        assert!(matches!(waiting, Readiness::Waiting(solver) if solver.prepared().is_none()));
        let eliminated = board_solver(&solve_input(&["--size", "5x5", "--rule", "x"])).unwrap();
        let made = eliminated.into_solver();
        assert_eq!(made.strategy(), Strategy::Elimination);
        assert_eq!(made.puzzle().shape(), Shape::new(5, 5).unwrap());

        let refused = board_solver(&solve_input(&["--size", "3000x3000", "--rule", "x"]));
        assert!(
            matches!(refused, Err(Failure::Usage(message)) if message.contains("6523 MiB to eliminate"))
        );
    }
}
