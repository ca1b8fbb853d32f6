//! `flipgame gen`: random boards of a chosen distance, reproducible from a seed.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use flipgame::board::{Color, Goal};
use flipgame::generate::{Generator, Wanted, candidates};
use flipgame::grid::{Grid, Shape};
use flipgame::lights::LightsOut;
use flipgame::space::{MAX_CELLS, SmallSpace};

use super::{Status, goal, json_stream, report, shape, write_to};
use crate::cli::GenArgs;
use crate::output::json::BoardFields;
use crate::progress::Progress;

/// Where boards are drawn from: an explored small space, or random boards checked one by one.
enum Source {
    /// Boards of at most 25 cells: the candidates, drawn uniformly, and their distances.
    Space { space: SmallSpace, pool: Vec<u32> },
    /// Larger boards: uniform random boards, kept when they fit (`impossible` only).
    Random { lights: LightsOut, impossible: bool },
}

/// Draws `--count` boards and writes them in the input form or as JSON.
pub fn run(args: &GenArgs, out: &mut impl Write) -> io::Result<Status> {
    let Some(shape) = shape(args.size) else {
        return Ok(Status::BadInput);
    };
    let goal = goal(args.goal);
    let wanted = match (args.moves, args.impossible) {
        (Some(moves), _) => Wanted::Moves(moves),
        (None, true) => Wanted::Impossible,
        (None, false) => Wanted::Any,
    };
    let source = match source(shape, goal, wanted) {
        Ok(source) => source,
        Err(message) => {
            report(&message);
            return Ok(Status::BadInput);
        }
    };
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if args.seed.is_none() && io::stderr().is_terminal() {
        let note = format!("flipgame: seed {seed} (repeat these boards with --seed {seed})\n");
        let _ = io::stderr().lock().write_all(note.as_bytes());
    }
    let mut generator = Generator::from_seed(seed);
    write_to(args.output.as_deref(), out, |out| {
        let mut json = json_stream(args.format);
        for index in 1..=args.count {
            let (board, moves, optimal) = draw(&source, &mut generator, shape, goal);
            match json.as_mut() {
                Some(json) => json.write(
                    out,
                    &GeneratedJson {
                        index,
                        board: BoardFields::of_grid(&board),
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
    })
}

/// Prepares the draw, or says why no board fits.
fn source(shape: Shape, goal: Goal, wanted: Wanted) -> Result<Source, String> {
    if shape.cells() <= MAX_CELLS {
        let mut progress = Progress::new("exploring every board");
        let explored = SmallSpace::explore(shape, goal, false, &mut |d, t| progress.update(d, t));
        progress.finish();
        let space = explored.map_err(|e| e.to_string())?;
        let pool = candidates(&space, wanted);
        if pool.is_empty() {
            return Err(no_such_board(&space, goal, wanted));
        }
        return Ok(Source::Space { space, pool });
    }
    if let Wanted::Moves(_) = wanted {
        return Err(format!(
            "--moves needs the distance of every board, known only up to {MAX_CELLS} cells; \
             a {shape} board has {}",
            shape.cells()
        ));
    }
    let lights = LightsOut::new(shape);
    let impossible = wanted == Wanted::Impossible;
    if impossible && !has_impossible_boards(&lights, goal) {
        return Err(format!(
            "every {shape} board can be finished with --goal {}",
            goal.name()
        ));
    }
    Ok(Source::Random { lights, impossible })
}

/// Whether some board of the shape is impossible: the solvable boards are one coset of the tap
/// matrix's column space per reachable goal, so they fill the space only when there are as many
/// cosets as goals.
fn has_impossible_boards(lights: &LightsOut, goal: Goal) -> bool {
    let shape = lights.shape();
    let black_from_white = lights
        .solve(&Grid::filled(shape, Color::Black), Goal::White)
        .is_some();
    let cosets: usize = if goal.colors().len() == 2 && !black_from_white {
        2
    } else {
        1
    };
    let nullity = lights.nullity();
    nullity > 0 && !(nullity == 1 && cosets == 2)
}

/// One board, its fewest taps (if any) and whether that count is proven minimal.
fn draw(
    source: &Source,
    generator: &mut Generator,
    shape: Shape,
    goal: Goal,
) -> (Grid, Option<u64>, bool) {
    match source {
        Source::Space { space, pool } => {
            let bits = generator.pick(pool).unwrap_or(0);
            (space.grid(bits), space.moves(bits).map(u64::from), true)
        }
        Source::Random { lights, impossible } => loop {
            let mut board = Grid::new(shape);
            generator.fill(&mut board);
            let solution = lights.solve(&board, goal);
            if !impossible || solution.is_none() {
                let optimal = solution.as_ref().is_none_or(|s| s.optimal);
                return (board, solution.map(|s| s.moves()), optimal);
            }
        },
    }
}

/// The usage error for a request no board meets, naming the distances there are.
fn no_such_board(space: &SmallSpace, goal: Goal, wanted: Wanted) -> String {
    let largest = space
        .distances()
        .iter()
        .filter(|&&d| d != u8::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    let shape = space.shape();
    match wanted {
        Wanted::Moves(moves) => format!(
            "no {shape} board needs exactly {moves} taps with --goal {}: the largest distance is {largest}",
            goal.name()
        ),
        Wanted::Impossible => format!(
            "every {shape} board can be finished with --goal {}",
            goal.name()
        ),
        Wanted::Any => "there are no boards".to_string(),
    }
}

/// A seed nobody chose: std's randomly keyed hasher, itself seeded by the operating system.
fn fresh_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

#[derive(Serialize)]
struct GeneratedJson<'a> {
    index: u64,
    #[serde(flatten)]
    board: BoardFields<'a>,
    moves: Option<u64>,
    optimal: bool,
    seed: u64,
}
