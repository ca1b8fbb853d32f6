//! Flags to working objects, in one step: the puzzle the flags describe, of the kind they
//! choose ([`with_puzzle`], the one place that chooses), its solver, the explored state space,
//! the pool of boards `gen` and `play` draw from, a seed, the notation and goal in the core's
//! words. A mistake here is a usage error, returned to the one reporter in [`super::run`].

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::path::Path;
use std::time::Duration;

use super::kind::CommandKind;
use super::{Failure, flags, usage};
use crate::cli::{BoardInput, CellsArg, GoalArg, PuzzleArgs, setting_names};
use crate::progress::Progress;
use crate::source;
use flipgame::generate::{NoPool, Pool, Wanted};
use flipgame::grid::{MAX_SIDE, Shape};
use flipgame::kind::{KStates, Kind, TwoStates};
use flipgame::notation::{Cells, state_digit};
use flipgame::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
use flipgame::rule::{Graph, Rule};
use flipgame::settings::Advice;

/// A command run the same way for either kind of piece, once the flags have said which.
pub trait ForEitherKind {
    /// What the command gives back.
    type Output;
    /// Runs the command on `puzzle`, of kind `K`.
    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Self::Output, Failure>;
}

/// The puzzle the flags describe, of the kind they choose: for a command whose code differs by
/// kind (`stats`, the split search of `solve`).
pub enum EitherPuzzle {
    /// Two-sided pieces.
    Two(Puzzle),
    /// Pieces of K colours.
    K(StatePuzzle),
}

/// The one place the flags choose the kind of piece: `--states 2` (the default) is two-sided
/// pieces, `--states K` pieces of K colours. The puzzle of that kind is built from the flags
/// (`cells` is `--cells`, which only two-sided pieces take).
pub fn either_puzzle(args: &PuzzleArgs, cells: CellsArg) -> Result<EitherPuzzle, Failure> {
    Ok(if args.states == 2 {
        EitherPuzzle::Two(puzzle(args)?)
    } else {
        EitherPuzzle::K(state_puzzle(args, cells)?)
    })
}

/// The puzzle the flags describe ([`either_puzzle`]) handed to `command`, written once for
/// both kinds.
pub fn with_puzzle<C: ForEitherKind>(
    args: &PuzzleArgs,
    cells: CellsArg,
    command: C,
) -> Result<C::Output, Failure> {
    match either_puzzle(args, cells)? {
        EitherPuzzle::Two(puzzle) => command.run::<TwoStates>(puzzle),
        EitherPuzzle::K(puzzle) => command.run::<KStates>(puzzle),
    }
}

/// True when the flags say more of a puzzle than its size: `--wrap`, `--goal`, or pieces of
/// more than two states.
pub fn chooses_more_than_a_size(args: &PuzzleArgs) -> bool {
    args.wrap || args.states != 2 || args.goal.is_some()
}

/// The puzzle of two-sided pieces the flags describe: `--size`, `--rule` or `--rule-file`,
/// `--wrap`, `--goal`; a mistake is a usage error (with FILE:LINE:COL for a rule file).
fn puzzle(args: &PuzzleArgs) -> Result<Puzzle, Failure> {
    let goal = goal(args.goal).map_err(Failure::Usage)?;
    let (shape, rule) = shape_and_rule(args)?;
    Puzzle::new(shape, rule, args.wrap, goal).map_err(|error| usage(flags::puzzle_error(&error)))
}

/// The puzzle of `--states K` (3 or more) the flags describe, and the cells its boards are
/// written in; `--cells` other than the default is refused, as such boards are digits.
fn state_puzzle(args: &PuzzleArgs, cells: CellsArg) -> Result<StatePuzzle, Failure> {
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
        Some(GoalArg::Digit(color)) if u32::from(color) < states => StateGoal::Color(color),
        Some(other) => {
            let given = match other {
                GoalArg::Either => "either".to_string(),
                GoalArg::White => "white".to_string(),
                GoalArg::Black => "black".to_string(),
                GoalArg::Any => "any".to_string(),
                GoalArg::Color(color) => color.to_string(),
                GoalArg::Digit(color) => state_digit(color).to_string(),
            };
            // Past 9 a board writes colours as letters: say so, as the words say `a`.
            let written = match states {
                ..=10 => String::new(),
                _ => format!(", written 0 to {}", state_digit((states - 1) as u8)),
            };
            return Err(usage(format!(
                "--goal {given}: the colours of --states {states} are numbers from 0 to \
                 {}{written}: give one of them (every piece that colour) or any",
                states - 1
            )));
        }
    };
    let (shape, rule) = shape_and_rule(args)?;
    StatePuzzle::new(shape, rule, args.wrap, states, goal)
        .map_err(|error| usage(flags::state_puzzle_error(&error)))
}

/// The board's shape and the rule, from `--size` and `--rule` or `--rule-file`.
fn shape_and_rule(args: &PuzzleArgs) -> Result<(Shape, Rule), Failure> {
    if let Some(path) = &args.rule_file {
        let graph = rule_file(path)?;
        let shape = match args.size {
            Some(size) => checked_shape(size.rows, size.cols).map_err(Failure::Usage)?,
            None => graph.shape(),
        };
        return Ok((shape, Rule::Graph(graph)));
    }
    let rule = if args.rule == "random" {
        Err(
            "--rule random makes a new rule: it is for 'flipgame gen --rule random', which writes \
             a rule file to use here with --rule-file"
                .to_string(),
        )
    } else {
        Rule::parse(&args.rule)
            .map_err(|error| format!("--rule {}: {}", args.rule, error.worded(setting_names)))
    };
    rule.and_then(|rule| {
        let size = args.size.unwrap_or(crate::cli::Size { rows: 4, cols: 4 });
        Ok((checked_shape(size.rows, size.cols)?, rule))
    })
    .map_err(Failure::Usage)
}

/// The shape of `--size`, or the usage error for one out of bounds.
fn checked_shape(rows: u32, cols: u32) -> Result<Shape, String> {
    Shape::new(rows, cols)
        .ok_or_else(|| format!("--size {rows}x{cols}: rows and columns go from 1 to {MAX_SIDE}"))
}

/// Reads a rule file; errors are `FILE:LINE:COL: message` where the place is known, a usage
/// error for its content and a file error (exit 1) for a file that cannot be read.
fn rule_file(path: &Path) -> Result<Graph, Failure> {
    let label = path.display().to_string();
    let file =
        source::open_file(path).map_err(|error| Failure::File(format!("{label}: {error}")))?;
    Graph::from_json_reader(file, &label).map_err(|error| match error.place {
        _ if error.unreadable => Failure::File(format!("{label}: {error}")),
        Some((line, column)) => usage(format!("{label}:{line}:{column}: {error}")),
        None => usage(format!("{label}: {error}")),
    })
}

/// Every board of `puzzle` explored (with a progress bar on a terminal when it takes a while),
/// or the usage error that says why it cannot be.
pub fn explore<K: Kind>(puzzle: &K::Puzzle, with_taps: bool) -> Result<K::Space, Failure> {
    exploring(|progress| K::explore(puzzle, with_taps, progress))
        .map_err(|too_many| usage(too_many.to_string()))
}

/// Runs `work`, which explores every board, with a progress bar on a terminal when it takes a
/// while.
pub fn exploring<T>(work: impl FnOnce(&mut dyn FnMut(u64, u64)) -> T) -> T {
    let mut progress = Progress::new("exploring every board");
    let done = work(&mut |done, total| progress.update(done, total));
    progress.finish();
    done
}

/// The solver of `puzzle`, or the usage error when it is too large to solve; a large board's
/// preparation shows a progress bar on a terminal.
pub fn solver<K: CommandKind>(puzzle: K::Puzzle) -> Result<K::Solver, Failure> {
    Ok(prepare::<K>(plan::<K>(puzzle)?))
}

/// The strategy for a puzzle, or the usage error when it is too large to solve.
fn plan<K: CommandKind>(puzzle: K::Puzzle) -> Result<K::Plan, Failure> {
    K::plan(puzzle).map_err(|too_large| usage(too_large.worded(setting_names).to_string()))
}

/// The solver of a plan, with a progress bar on a terminal while a large board is chased.
fn prepare<K: Kind>(plan: K::Plan) -> K::Solver {
    let mut bar: Option<Progress> = None;
    let solver = K::prepare(plan, &mut |done, total| {
        bar.get_or_insert_with(|| Progress::percent("chasing the rows"))
            .update(done, total)
    });
    if let Some(bar) = bar {
        bar.finish();
    }
    solver
}

/// The solver of `solve` and `explain`, with its `--search-time`, prepared when the first
/// well-formed board needs it: a large puzzle's preparation takes seconds (every row of a
/// 10,000x10,000 board chased), and a file whose first rows are malformed is reported before
/// it, not after. A puzzle too large to solve is a usage error at once.
pub struct BoardSolver<K: Kind> {
    puzzle: K::Puzzle,
    search_time: Option<Duration>,
    /// The plan until the solver is prepared.
    plan: Option<K::Plan>,
    solver: Option<K::Solver>,
}

impl<K: CommandKind> BoardSolver<K> {
    /// The solver of `puzzle` for the boards of `input`; one that costs nothing to prepare (a
    /// 4x4 table: well under a millisecond) is prepared now, so a loop over boards need not ask
    /// whether it is there yet.
    pub fn new(puzzle: K::Puzzle, input: &BoardInput) -> Result<BoardSolver<K>, Failure> {
        let plan = plan::<K>(puzzle)?;
        let quick = K::prepares_quickly(&plan);
        let mut solver = BoardSolver {
            puzzle: K::planned_puzzle(&plan).clone(),
            search_time: input.search_time.map(Duration::from_secs_f64),
            plan: Some(plan),
            solver: None,
        };
        if quick {
            solver.prepare_now();
        }
        Ok(solver)
    }

    /// The puzzle the boards belong to.
    pub fn puzzle(&self) -> &K::Puzzle {
        &self.puzzle
    }

    /// The solver, prepared on first need.
    #[inline(always)]
    pub fn get(&mut self) -> &K::Solver {
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
            let mut solver = prepare::<K>(plan);
            K::set_search_time(&mut solver, self.search_time);
            self.solver = Some(solver);
        }
    }

    /// The solver, once a board has needed it.
    pub fn prepared(&self) -> Option<&K::Solver> {
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
        Some(GoalArg::Digit(color)) => {
            return Err(format!(
                "--goal {} is colour {color} as boards of --states {} or more write it: with \
                 black and white pieces, give --goal white or --goal black",
                state_digit(color),
                u32::from(color) + 1
            ));
        }
    })
}

/// The pool of the boards `wanted` asks for (exploring a small space with a progress bar),
/// or the usage error that says why no board fits.
pub fn pool<K: CommandKind>(puzzle: &K::Puzzle, wanted: Wanted) -> Result<Pool<K>, Failure> {
    exploring(|progress| Pool::new(puzzle, wanted, progress)).map_err(|error| {
        usage(
            NoPool {
                puzzle,
                error: &error,
            }
            .worded(setting_names)
            .to_string(),
        )
    })
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

    /// The solver of the flags' two-sided puzzle for `input`.
    fn board_solver(input: &BoardInput) -> Result<BoardSolver<TwoStates>, Failure> {
        BoardSolver::new(puzzle(&input.puzzle)?, input)
    }

    /// Chasing a large board takes seconds, so it waits for a board to solve: until then the
    /// solver is only a plan, and a puzzle too large to solve is refused without any chase.
    #[test]
    fn a_board_solver_is_prepared_by_the_first_board_that_needs_it() {
        use flipgame::solve::Strategy;
        let mut solver = board_solver(&solve_input(&["--size", "300x300"])).unwrap();
        assert!(solver.prepared().is_none());
        assert_eq!(solver.puzzle().shape(), Shape::new(300, 300).unwrap());
        let finished = Grid::new(solver.puzzle().shape());
        assert_eq!(solver.get().moves(&finished), Some(0));
        assert!(solver.prepared().is_some());
        assert_eq!(solver.get().strategy(), Strategy::Chase);

        let mut timed = board_solver(&solve_input(&["--search-time", "5"])).unwrap();
        assert!(timed.prepared().is_some(), "a 4x4 table is made at once");
        assert_eq!(timed.get().strategy(), Strategy::Table);
        let mut eliminated = board_solver(&solve_input(&["--size", "5x5", "--rule", "x"])).unwrap();
        assert!(eliminated.prepared().is_none());
        assert_eq!(eliminated.get().strategy(), Strategy::Elimination);
        assert_eq!(eliminated.puzzle().shape(), Shape::new(5, 5).unwrap());

        let refused = board_solver(&solve_input(&["--size", "3000x3000", "--rule", "x"]));
        assert!(
            matches!(refused, Err(Failure::Usage(message)) if message.contains("6523 MiB to eliminate"))
        );
    }
}
