//! `flipgame gen`: random boards of a chosen distance, reproducible from a seed.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use flipgame::generate::states::StatePool;
use flipgame::generate::{Drawn, Pool, Wanted};
use flipgame::grid::StateBoard;
use flipgame::grid::{Grid, Shape};
use flipgame::puzzle::Puzzle;
use flipgame::random::Generator;
use flipgame::rule::Graph;

use super::args::{fresh_seed, pool, puzzle, state_puzzle};
use super::boards::json_stream;
use super::{Failure, Outcome, usage, write_to};
use crate::cli::{CellsArg, GenArgs, PuzzleArgs, Size};
use crate::output::json::{BoardFields, RuleFields, as_text};
use crate::progress::Progress;

/// Draws `--count` boards and writes them in the input form or as JSON; with `--rule random`,
/// writes a new random rule file instead.
pub fn run(args: &GenArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let announce_seed = || {
        if args.seed.is_none() && io::stderr().is_terminal() {
            let note = format!("flipgame: seed {seed} (repeat with --seed {seed})\n");
            let _ = io::stderr().lock().write_all(note.as_bytes());
        }
    };
    if let Some(name) = &args.judge {
        return super::judged::generate(args, name, seed, out).inspect(|_| announce_seed());
    }
    if args.puzzle.rule == "random" && args.puzzle.rule_file.is_none() {
        return random_rule(args, &args.puzzle, seed, out).inspect(|_| announce_seed());
    }
    let wanted = match (args.moves, args.impossible) {
        (Some(moves), _) => Wanted::Moves(moves),
        (None, true) => Wanted::Impossible,
        (None, false) => Wanted::Any,
    };
    if args.puzzle.states != 2 {
        return generate_states(args, wanted, seed, out).inspect(|_| announce_seed());
    }
    let puzzle = puzzle(&args.puzzle)?;
    let shape = puzzle.shape();
    let pool = pool(&puzzle, wanted).map_err(usage)?;
    if args.unique
        && let Some(message) = too_few_to_be_unique(pool.distinct_boards(), shape, args.count)
    {
        return Err(usage(message));
    }
    announce_seed();
    Ok(write_to(args.output.as_deref(), out, |out| {
        write_boards(args, &pool, &puzzle, seed, out)
    })?)
}

/// Draws `--count` boards from `pool` (distinct with `--unique`) and writes them in the input
/// form or as JSON records.
fn write_boards(
    args: &GenArgs,
    pool: &Pool,
    puzzle: &Puzzle,
    seed: u64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let shape = puzzle.shape();
    let mut generator = Generator::from_seed(seed);
    let mut seen: HashSet<Grid> = HashSet::new();
    let rule = RuleFields::of(puzzle);
    let mut json = json_stream(args.format);
    for index in 1..=args.count {
        let Drawn {
            board,
            moves,
            optimal,
        } = loop {
            let drawn = pool.draw(&mut generator);
            // Distinct boards are drawn by rejection, which keeps every choice uniform.
            if !args.unique || seen.insert(drawn.board.clone()) {
                break drawn;
            }
        };
        match json.as_mut() {
            Some(json) => json.write(
                out,
                &GeneratedJson {
                    index,
                    board: BoardFields::of(&board),
                    rule: &rule,
                    moves,
                    optimal,
                    seed,
                },
            )?,
            None => {
                for row in 0..shape.rows() as usize {
                    writeln!(out, "{}", board.row_text(row))?;
                }
            }
        }
    }
    match json.as_mut() {
        Some(json) => json.finish(out),
        None => Ok(()),
    }
}

/// `gen --states K`: boards of K states, drawn as [`write_boards`] draws two-state ones.
fn generate_states(
    args: &GenArgs,
    wanted: Wanted,
    seed: u64,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let puzzle = state_puzzle(&args.puzzle, CellsArg::Bw)?;
    let mut progress = Progress::new("exploring every board");
    let pool = StatePool::new(&puzzle, wanted, &mut |done, total| {
        progress.update(done, total)
    });
    progress.finish();
    let pool = pool.map_err(|error| {
        usage(format!(
            "a {} board of {} states, goal {}: {error}",
            puzzle.shape(),
            puzzle.states(),
            puzzle.goal()
        ))
    })?;
    if args.unique
        && let Some(message) =
            too_few_to_be_unique(pool.distinct_boards(), puzzle.shape(), args.count)
    {
        return Err(usage(message));
    }
    let rule = RuleFields::of_states(&puzzle);
    Ok(write_to(args.output.as_deref(), out, |out| {
        let mut generator = Generator::from_seed(seed);
        let mut seen: HashSet<StateBoard> = HashSet::new();
        let mut json = json_stream(args.format);
        for index in 1..=args.count {
            let drawn = loop {
                let drawn = pool.draw(&mut generator);
                if !args.unique || seen.insert(drawn.board.clone()) {
                    break drawn;
                }
            };
            match json.as_mut() {
                Some(json) => json.write(
                    out,
                    &GeneratedStateJson {
                        index,
                        board: &drawn.board,
                        rows: puzzle.shape().rows(),
                        cols: puzzle.shape().cols(),
                        rule: &rule,
                        states: puzzle.states(),
                        moves: drawn.moves,
                        optimal: drawn.optimal,
                        seed,
                    },
                )?,
                None => {
                    for row in drawn.board.to_string().split('/') {
                        writeln!(out, "{row}")?;
                    }
                }
            }
        }
        match json.as_mut() {
            Some(json) => json.finish(out),
            None => Ok(()),
        }
    })?)
}

/// With `--unique`: the error when fewer distinct boards fit than `count`.
fn too_few_to_be_unique(available: u64, shape: Shape, count: u64) -> Option<String> {
    (count > available).then(|| {
        format!(
            "--unique: only {available} distinct {shape} boards fit, fewer than --count {count}"
        )
    })
}

/// Writes a Simon Tatham style rule file: every cell its own random connected shape inside its
/// 3x3 neighbourhood.
fn random_rule(
    args: &GenArgs,
    puzzle: &PuzzleArgs,
    seed: u64,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let extra = puzzle.wrap || puzzle.states != 2 || puzzle.goal.is_some();
    if extra || args.moves.is_some() || args.impossible || args.count != 1 {
        return Err(usage(
            "--rule random writes one rule file and no boards: it takes --size, --seed and \
             --output, not --wrap, --goal, --states, --moves, --impossible or --count; draw \
             boards under it with --rule-file",
        ));
    }
    let size = puzzle.size.unwrap_or(Size { rows: 4, cols: 4 });
    let Some(shape) = Shape::new(size.rows, size.cols) else {
        return Err(usage(format!(
            "--size {}x{}: rows and columns go from 1 to {}",
            size.rows,
            size.cols,
            flipgame::grid::MAX_SIDE
        )));
    };
    let mut generator = Generator::from_seed(seed);
    let graph = Graph::random(
        shape,
        &mut generator,
        format!("random {shape}, seed {seed}"),
    );
    Ok(write_to(args.output.as_deref(), out, |out| {
        out.write_all(graph.to_json().as_bytes())
    })?)
}

#[derive(Serialize)]
struct GeneratedJson<'a> {
    index: u64,
    #[serde(flatten)]
    board: BoardFields<'a>,
    #[serde(flatten)]
    rule: &'a RuleFields,
    moves: Option<u64>,
    optimal: bool,
    seed: u64,
}

/// One generated board of K states in JSON.
#[derive(Serialize)]
struct GeneratedStateJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    board: &'a StateBoard,
    rows: u32,
    cols: u32,
    #[serde(flatten)]
    rule: &'a RuleFields,
    states: u8,
    moves: Option<u64>,
    optimal: bool,
    seed: u64,
}
