//! Flags to working objects, in one step: the puzzle the flags describe, its solver, the
//! explored state space, the pool of boards `gen` and `play` draw from, a seed, the notation
//! and goal in the core's words. A mistake here is a usage
//! error, returned to the one reporter in [`super::run`].

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::path::Path;

use crate::cli::{BoardInput, CellsArg, GoalArg, PuzzleArgs};
use crate::progress::Progress;
use flipgame::generate::{Pool, PoolError, SCRAMBLE_ATTEMPTS, Wanted};
use flipgame::grid::{MAX_SIDE, Shape};
use flipgame::notation::Cells;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::rule::{Graph, Rule};
use flipgame::solve::Solver;
use flipgame::space::{MAX_CELLS, SmallSpace, TooManyBoards};

use super::Failure;

/// The puzzle the flags describe: `--size`, `--rule` or `--rule-file`, `--wrap`, `--goal`; a
/// mistake is a usage error (with FILE:LINE:COL for a rule file).
pub fn puzzle(args: &PuzzleArgs) -> Result<Puzzle, Failure> {
    let goal = goal(args.goal);
    let result = match &args.rule_file {
        Some(path) => rule_file(path).and_then(|graph| {
            let shape = match args.size {
                Some(size) => checked_shape(size.rows, size.cols)?,
                None => graph.shape(),
            };
            Puzzle::new(shape, Rule::Graph(graph), false, goal).map_err(|e| e.to_string())
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
                let shape = checked_shape(size.rows, size.cols)?;
                Puzzle::new(shape, rule, args.wrap, goal).map_err(|e| e.to_string())
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
    let text = std::fs::read_to_string(path).map_err(|error| format!("{label}: {error}"))?;
    Graph::from_json(&text, &label).map_err(|error| match error.place {
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

/// The solver for the boards of `input`: [`solver`], with its `--search-time`.
pub fn board_solver(input: &BoardInput) -> Result<Solver, Failure> {
    let mut solver = solver(puzzle(&input.puzzle)?)?;
    solver.set_search_time(input.search_time.map(std::time::Duration::from_secs_f64));
    Ok(solver)
}

/// The solver for a puzzle, or the usage error when it is too large to solve.
pub fn solver(puzzle: Puzzle) -> Result<Solver, Failure> {
    let mut bar: Option<Progress> = None;
    let solver = Solver::with_progress(puzzle, &mut |done, total| {
        bar.get_or_insert_with(|| Progress::percent("chasing the rows"))
            .update(done, total)
    });
    if let Some(bar) = bar {
        bar.finish();
    }
    solver.map_err(|too_large| Failure::Usage(too_large.to_string()))
}

/// The core's notation for a `--cells` value.
pub fn cells(arg: CellsArg) -> Cells {
    match arg {
        CellsArg::Bw => Cells::Letters,
        CellsArg::Digits => Cells::Digits,
        CellsArg::Dots => Cells::Dots,
    }
}

/// The goal `--goal` names.
pub fn goal(arg: GoalArg) -> Goal {
    match arg {
        GoalArg::Either => Goal::Either,
        GoalArg::White => Goal::White,
        GoalArg::Black => Goal::Black,
    }
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
