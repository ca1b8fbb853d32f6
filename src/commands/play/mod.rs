//! `flipgame play`: the puzzle as a game, full screen on a terminal ([`terminal`]) or one command
//! per line ([`lines`]). Both drive the library's [`Game`] state machine; this module only sets
//! the game up and deals new puzzles.

mod lines;
mod screen;
mod terminal;

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use flipgame::figure::html as page;
use flipgame::game::{Dealer, DealerError, Game};
use flipgame::grid::Shape;
use flipgame::notation::Cells;
use flipgame::rule::Rule;
use flipgame::words::TooLong;

use super::args::{ForEitherKind, cells, exploring, fresh_seed, solver, with_puzzle};
use super::boards::{no_boards, unreadable_words};
use super::kind::CommandKind;
use super::{Context, Failure, Outcome, page_failure, usage};
use crate::cli::{PlayArgs, PlayFormat, setting_names};
use crate::output::text::Pen;
use crate::source::{self, Item};
use flipgame::generate::NoPool;
use flipgame::settings::Advice;

/// Plays one game: set up from the flags, then handed to the full screen or the line mode.
pub fn run(args: &PlayArgs, context: &Context, out: &mut impl Write) -> Result<Outcome, Failure> {
    let play = Play { args, context, out };
    with_puzzle(&args.puzzle, args.cells, play)
}

/// `play` once the flags have chosen the kind of piece.
struct Play<'a, W> {
    args: &'a PlayArgs,
    context: &'a Context,
    out: &'a mut W,
}

impl<W: Write> ForEitherKind for Play<'_, W> {
    type Output = Outcome;

    /// Plays one game of `puzzle`.
    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let Play { args, context, out } = self;
        if args.count.is_some() && args.format != PlayFormat::Html {
            return Err(usage(
                "--count deals puzzles into a web page: add --format html",
            ));
        }
        if args.format == PlayFormat::Html {
            if args.lines || args.ascii {
                return Err(usage(
                    "--lines and --ascii are for the game in the terminal: --format html writes \
                     a web page, which has neither",
                ));
            }
            // Before a board is dealt or a solver made, which a huge board would wait for.
            page::puzzle_fits::<K>(&puzzle).map_err(page_failure)?;
        }
        let seed = args.seed.unwrap_or_else(fresh_seed);
        let mut dealer = dealer::<K>(&puzzle, args.moves, seed)?;
        let given = first_board::<K>(args, &puzzle)?;
        if args.format == PlayFormat::Html {
            return web_page::<K>(args, puzzle, given, dealer, out);
        }
        let dealt = given.is_none();
        let board = match given {
            Some(board) => board,
            None => dealer
                .deal(&puzzle)
                .map_err(|error| usage(error.to_string()))?,
        };
        let game = Game::<K>::new(solver::<K>(puzzle)?, board)
            .map_err(|refusal| usage(refusal.to_string()))?;
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
}

/// Writes the game as one web page: the board given, or `--count` puzzles dealt (one when not
/// given), which the page can deal more of.
fn web_page<K: CommandKind>(
    args: &PlayArgs,
    puzzle: K::Puzzle,
    given: Option<K::Board>,
    mut dealer: Dealer<K>,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let given_board = given.is_some();
    let boards = match given {
        Some(board) => {
            if args.count.is_some() {
                return Err(usage(
                    "--count deals puzzles, so it cannot be used with a board given: leave out \
                     one of them",
                ));
            }
            vec![board]
        }
        None => {
            let count = args.count.unwrap_or(1);
            (0..count)
                .map(|_| {
                    dealer
                        .deal(&puzzle)
                        .map_err(|error| usage(error.to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?
        }
    };
    // The page deals on from where these boards leave off, so the same seed gives the same
    // page and its new puzzles are not its first ones again.
    let deal = page::DealData {
        moves: args.moves,
        seed: page::Seed(dealer.next_seed()),
    };
    // One puzzle dealt alone is the first of its seed, which the page shows and keeps.
    let seed = (!given_board && args.count.is_none()).then_some(page::Seed(dealer.seed()));
    let mut title = page::play_title::<K>(&puzzle);
    if let Rule::Graph(graph) = K::rule(&puzzle)
        && let Some(name) = Path::new(graph.label()).file_name()
    {
        // A page is shared: it names a rule file by its file name, not by where it was read.
        title = title.replace(graph.label(), &name.to_string_lossy());
    }
    let page = page::puzzle_page::<K>(title, &puzzle, &boards, seed, deal).map_err(page_failure)?;
    out.write_all(page.as_bytes())?;
    Ok(Outcome::Success)
}

/// The board given with `--board` or as the first board of FILE; `None` when the game is to
/// deal one.
fn first_board<K: CommandKind>(
    args: &PlayArgs,
    puzzle: &K::Puzzle,
) -> Result<Option<K::Board>, Failure> {
    let (shape, cells) = (K::shape(puzzle), K::cells(puzzle, cells(args.cells)));
    if let Some(text) = &args.board {
        return source::board_argument::<K>(text, shape, cells)
            .map(Some)
            .map_err(usage);
    }
    let Some(path) = &args.file else {
        return Ok(None);
    };
    if path.as_os_str() == "-" {
        return Err(usage(
            "play reads its commands from standard input, so its board cannot come from there: \
             give a FILE or --board",
        ));
    }
    first_board_of::<K>(path, shape, cells).map(Some)
}

/// The first board of a file, past the lines that are no row (a count, a comment: `solve`
/// skips them too), or the error that stands where it should be.
fn first_board_of<K: CommandKind>(
    path: &Path,
    shape: Shape,
    cells: Cells,
) -> Result<K::Board, Failure> {
    let file = [source::Source::File(path.to_path_buf())];
    for item in source::Records::<K::Board>::new(&file, shape, cells) {
        return match item {
            Item::Record {
                record: flipgame::input::Record::Malformed(error),
                ..
            } if error.not_a_row => continue,
            Item::Record {
                source,
                record: flipgame::input::Record::Malformed(error),
            } => Err(usage(format!("{source}:{}", error.worded(setting_names)))),
            Item::Record {
                record: flipgame::input::Record::Board { board, .. },
                ..
            } => Ok(board),
            Item::Unreadable { source, error } => {
                let message = unreadable_words::<K>(source, (shape, cells), &error);
                // A line too long is the file's content, not a failure to read it.
                Err(if TooLong::of(&error).is_some() {
                    usage(message)
                } else {
                    Failure::File(message)
                })
            }
            Item::NoBoards { source } => Err(usage(no_boards(source, shape))),
        };
    }
    Err(usage(no_boards(&file[0], shape)))
}

/// A dealer for `puzzle` seeded with `seed`, exploring every board once for `moves` (with a
/// progress bar on a terminal).
fn dealer<K: CommandKind>(
    puzzle: &K::Puzzle,
    moves: Option<u8>,
    seed: u64,
) -> Result<Dealer<K>, Failure> {
    exploring(|progress| Dealer::new(puzzle, moves, seed, progress)).map_err(|error| match error {
        DealerError::NoMoves => usage(
            "--moves 0 deals only finished boards, which leave nothing to play: give K of at \
             least 1",
        ),
        DealerError::Pool(error) => usage(
            NoPool {
                puzzle,
                error: &error,
            }
            .worded(setting_names)
            .to_string(),
        ),
    })
}
