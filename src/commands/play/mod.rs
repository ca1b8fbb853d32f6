//! `flipgame play`: the puzzle as a game, full screen on a terminal ([`terminal`]) or one command
//! per line ([`lines`]). Both drive the library's [`Game`] state machine; this module only sets
//! the game up and deals new puzzles.

mod kind;
mod lines;
mod screen;
mod terminal;

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use flipgame::game::Game;
use flipgame::grid::Shape;
use flipgame::notation::Cells;
use flipgame::random::Generator;
use flipgame::solve::states::StateSolver;

use super::args::{cells, fresh_seed, puzzle, solver, state_puzzle};
use super::{Context, Failure, Outcome, report, usage};
use crate::cli::{PlayArgs, PlayFormat};
use crate::render::Pen;
use crate::source::{self, Item};
use kind::GameKind;

/// Plays one game: set up from the flags, then handed to the full screen or the line mode.
pub fn run(args: &PlayArgs, context: &Context, out: &mut impl Write) -> Result<Outcome, Failure> {
    if args.puzzle.states != 2 {
        let puzzle = state_puzzle(&args.puzzle, args.cells)?;
        let solver = StateSolver::new(puzzle).map_err(|error| usage(error.to_string()))?;
        return play(solver, args, context, out);
    }
    let puzzle = puzzle(&args.puzzle)?;
    play(solver(puzzle)?, args, context, out)
}

/// Plays one game of `solver`'s puzzle.
fn play<K: GameKind>(
    solver: K,
    args: &PlayArgs,
    context: &Context,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut dealer = Dealer::new(&solver, args.moves, seed).map_err(usage)?;
    let given = match first_board(args, &solver) {
        Ok(given) => given,
        Err((message, status)) => {
            report(&message);
            return Ok(status);
        }
    };
    let dealt = given.is_none();
    let board = match given {
        Some(board) => board,
        None => dealer.deal(&solver).map_err(usage)?,
    };
    let game = Game::new(solver, board).map_err(|refusal| usage(refusal.to_string()))?;
    let full_screen = !args.lines
        && args.format == PlayFormat::Text
        && io::stdin().is_terminal()
        && io::stdout().is_terminal();
    if full_screen {
        let pen = Pen::new(context.color, args.ascii);
        Ok(terminal::run(game, dealer, pen, out)?)
    } else {
        let session = lines::Session::new(game, dealer, args.format, dealt.then_some(seed));
        session.run(io::stdin().lock(), out)
    }
}

/// The board given with `--board` or as the first board of FILE; `None` when the game is to
/// deal one. An error carries its message and exit status.
fn first_board<K: GameKind>(
    args: &PlayArgs,
    solver: &K,
) -> Result<Option<K::Board>, (String, Outcome)> {
    let cells = solver.cells(cells(args.cells));
    if let Some(text) = &args.board {
        return solver
            .board_argument(text, cells)
            .map(Some)
            .map_err(|message| (message, Outcome::BadInput));
    }
    let Some(path) = &args.file else {
        return Ok(None);
    };
    if path.as_os_str() == "-" {
        return Err((
            "play reads its commands from standard input, so its board cannot come from there: \
             give a FILE or --board"
                .to_string(),
            Outcome::BadInput,
        ));
    }
    first_board_of::<K>(path, solver.shape(), cells).map(Some)
}

/// The first record of a file: its first board, or the error that stands where it should be.
fn first_board_of<K: GameKind>(
    path: &Path,
    shape: Shape,
    cells: Cells,
) -> Result<K::Board, (String, Outcome)> {
    let file = [source::Source::File(path.to_path_buf())];
    match source::Records::new(&file, shape, cells).next() {
        Some(Item::Record {
            source,
            record: flipgame::input::Record::Malformed(error),
        }) => Err((format!("{source}:{error}"), Outcome::BadInput)),
        Some(Item::Record { record, .. }) => Ok(K::board_of(record)
            .unwrap_or_else(|| unreachable!("the file is read in the game's own cells"))),
        Some(Item::Unreadable { source, error }) => {
            Err((format!("{source}: {error}"), Outcome::IoError))
        }
        None => Err((
            format!(
                "{}: no board in it (a {shape} board is {} lines)",
                file[0],
                shape.rows()
            ),
            Outcome::BadInput,
        )),
    }
}

/// Deals the puzzles of a game: from the boards at exactly `--moves` taps, or uniformly from
/// every board that can be finished.
pub struct Dealer<K: GameKind> {
    pool: Option<K::Pool>,
    generator: Generator,
    seed: u64,
}

/// Draws before a dealer gives up finding an unfinished board that can be finished.
const DEAL_ATTEMPTS: usize = 1000;

impl<K: GameKind> Dealer<K> {
    /// A dealer for `solver`'s puzzle (exploring every board once for `moves`), seeded with
    /// `seed`.
    fn new(solver: &K, moves: Option<u8>, seed: u64) -> Result<Dealer<K>, String> {
        let pool = match moves {
            Some(0) => {
                return Err(
                    "--moves 0 deals only finished boards, which leave nothing to play: give K \
                     of at least 1"
                        .to_string(),
                );
            }
            Some(moves) => Some(solver.pool(moves)?),
            None => None,
        };
        Ok(Dealer {
            pool,
            generator: Generator::from_seed(seed),
            seed,
        })
    }

    /// The seed the puzzles come from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The next puzzle: never a finished board.
    pub fn deal(&mut self, solver: &K) -> Result<K::Board, String> {
        if let Some(pool) = &self.pool {
            return Ok(K::draw(pool, &mut self.generator));
        }
        for _ in 0..DEAL_ATTEMPTS {
            let board = solver.solvable_board(&mut self.generator);
            if !solver.is_finished(&board) {
                return Ok(board);
            }
        }
        Err(format!(
            "every {} board that taps can reach is already finished, so there is nothing to \
             play",
            solver.shape()
        ))
    }
}
