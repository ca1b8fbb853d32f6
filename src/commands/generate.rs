//! `flipgame gen`: random boards of a chosen distance, reproducible from a seed.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use flipgame::board::{Board, BoardId, Goal, ROWS};
use flipgame::generate::{Generator, Wanted, candidates};
use flipgame::solver::DistanceTable;

use super::{Status, goal, json_stream, report, write_to};
use crate::cli::GenArgs;
use crate::output::json::as_text;

/// Draws `--count` boards and writes them in the POJ input form or as JSON.
pub fn run(args: &GenArgs, out: &mut impl Write) -> io::Result<Status> {
    let goal = goal(args.goal);
    let table = DistanceTable::shared(goal);
    let wanted = match (args.moves, args.impossible) {
        (Some(moves), _) => Wanted::Moves(moves),
        (None, true) => Wanted::Impossible,
        (None, false) => Wanted::Any,
    };
    let pool = candidates(table, wanted);
    if pool.is_empty() {
        report(&no_such_board(table, goal, wanted));
        return Ok(Status::BadInput);
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if args.seed.is_none() && io::stderr().is_terminal() {
        let note = format!("flipgame: seed {seed} (repeat these boards with --seed {seed})\n");
        let _ = io::stderr().lock().write_all(note.as_bytes());
    }
    let mut generator = Generator::from_seed(seed);
    write_to(args.output.as_deref(), out, |out| {
        let mut json = json_stream(args.format);
        for index in 1..=args.count {
            let Some(board) = generator.pick(&pool) else {
                break;
            };
            match json.as_mut() {
                Some(json) => json.write(
                    out,
                    &GeneratedJson {
                        index,
                        board,
                        id: board.id(),
                        moves: table.moves(board),
                        seed,
                    },
                )?,
                None => {
                    for row in 1..=ROWS {
                        writeln!(out, "{}", board.row_text(row))?;
                    }
                }
            }
        }
        match json.as_mut() {
            Some(json) => json.finish(out),
            None => Ok(()),
        }
    })
}

/// The usage error for a request no board meets, naming the distances there are.
fn no_such_board(table: &DistanceTable, goal: Goal, wanted: Wanted) -> String {
    let largest = Board::all()
        .filter_map(|board| table.moves(board))
        .max()
        .unwrap_or(0);
    match wanted {
        Wanted::Moves(moves) => format!(
            "no board needs exactly {moves} taps with --goal {}: the largest distance is {largest}",
            goal.name()
        ),
        Wanted::Impossible => format!("every board can be finished with --goal {}", goal.name()),
        Wanted::Any => "there are no boards".to_string(),
    }
}

/// A seed nobody chose: std's randomly keyed hasher, itself seeded by the operating system.
fn fresh_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

#[derive(Serialize)]
struct GeneratedJson {
    index: u64,
    #[serde(serialize_with = "as_text")]
    board: Board,
    #[serde(serialize_with = "as_text")]
    id: BoardId,
    moves: Option<u8>,
    seed: u64,
}
