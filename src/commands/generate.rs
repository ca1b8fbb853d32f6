//! `flipgame gen`: random boards of a chosen distance, reproducible from a seed.

use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use std::fmt::Display;

use flipgame::generate::{Drawn, Pool, Wanted};
use flipgame::grid::Shape;
use flipgame::random::Generator;
use flipgame::rule::Graph;

use super::args::{ForEitherKind, chooses_more_than_a_size, fresh_seed, pool, with_puzzle};
use super::boards::json_stream;
use super::kind::CommandKind;
use super::{Failure, Outcome, usage, write_to};
use crate::cli::{CellsArg, GenArgs, PuzzleArgs, Size};
use flipgame::record::{BoardFields, RuleFields};

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
    let generate = GenerateBoards {
        args,
        wanted,
        seed,
        announce_seed: &announce_seed,
        out,
    };
    with_puzzle(&args.puzzle, CellsArg::Bw, generate)
}

/// `gen` of boards once the flags have chosen the kind of piece.
struct GenerateBoards<'a, W> {
    args: &'a GenArgs,
    wanted: Wanted,
    seed: u64,
    /// Tells the seed drawn, once the boards are sure to be written.
    announce_seed: &'a dyn Fn(),
    out: &'a mut W,
}

impl<W: Write> ForEitherKind for GenerateBoards<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let GenerateBoards {
            args,
            wanted,
            seed,
            announce_seed,
            out,
        } = self;
        let pool = pool::<K>(&puzzle, wanted)?;
        if args.unique
            && let Some(message) =
                too_few_to_be_unique(pool.distinct_boards(), K::shape(&puzzle), args.count)
        {
            return Err(usage(message));
        }
        announce_seed();
        Ok(write_to(args.output.as_deref(), out, |out| {
            write_boards::<K>(args, &pool, &puzzle, seed, out)
        })?)
    }
}

/// Draws `--count` boards from `pool` (distinct with `--unique`) and writes them in the input
/// form or as JSON records.
fn write_boards<K: CommandKind>(
    args: &GenArgs,
    pool: &Pool<K>,
    puzzle: &K::Puzzle,
    seed: u64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let shape = K::shape(puzzle);
    let rule = RuleFields::of::<K>(puzzle);
    let mut json = json_stream(args.format);
    let dealt = pool.deal(seed, args.unique);
    for (index, drawn) in (1..=args.count).zip(dealt) {
        let Drawn {
            board,
            moves,
            optimal,
        } = drawn;
        match json.as_mut() {
            Some(json) => json.write(
                out,
                &GeneratedJson {
                    index,
                    board: BoardFields::of::<K>(&board),
                    rule: &rule,
                    states: K::recorded_states(puzzle),
                    moves,
                    optimal,
                    seed,
                },
            )?,
            None => {
                for row in 0..shape.rows() as usize {
                    writeln!(out, "{}", K::row_text(&board, row))?;
                }
            }
        }
    }
    match json.as_mut() {
        Some(json) => json.finish(out),
        None => Ok(()),
    }
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
    if chooses_more_than_a_size(puzzle)
        || args.moves.is_some()
        || args.impossible
        || args.count != 1
    {
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

/// One generated board in JSON: `id` only for the 4x4 board of two-sided pieces, `states`
/// only for pieces of K colours.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct GeneratedJson<'a, B: Display> {
    index: u64,
    #[serde(flatten)]
    board: BoardFields<'a, B>,
    #[serde(flatten)]
    rule: &'a RuleFields,
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<u8>,
    moves: Option<u64>,
    optimal: bool,
    seed: u64,
}
