//! The game's line commands: what `play --lines` reads, one a line (`r2c3`, `hint`, `undo`,
//! ...), as a language of its own, apart from the terminal's keys.

use std::fmt;

use super::Event;
use crate::grid::Shape;
use crate::notation::Cell;
use crate::words::quoted;

/// The commands, as the help and the errors list them.
pub const COMMANDS: &str = "r<row>c<col> (such as r2c3), hint, solve, proof, undo, redo, \
                            restart, new, help or quit";

/// One command of the line mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Something the game itself does.
    Game(Event),
    /// Deal a new puzzle.
    New,
    /// List the commands.
    Help,
    /// End the game.
    Quit,
}

/// Why a line is no command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// No command reads so: the word as written.
    Unknown(String),
    /// A tap outside the board: the word as written, and the board.
    Outside(String, Shape),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(
                f,
                "expected a command: {COMMANDS}; found {}",
                quoted(word, word.chars().count() as u64)
            ),
            CommandError::Outside(word, shape) => write!(
                f,
                "{word} is outside the {shape} board: rows go from 1 to {}, columns from 1 to {}",
                shape.rows(),
                shape.cols()
            ),
        }
    }
}

impl std::error::Error for CommandError {}

/// Reads one command (already trimmed): a tap such as `r2c3` on a board of `shape`, or a word.
pub fn parse(word: &str, shape: Shape) -> Result<Command, CommandError> {
    let lower = word.to_ascii_lowercase();
    let command = match lower.as_str() {
        "hint" => Command::Game(Event::Hint),
        "solve" | "solution" => Command::Game(Event::ShowSolution),
        "proof" => Command::Game(Event::ShowProof),
        "undo" => Command::Game(Event::Undo),
        "redo" => Command::Game(Event::Redo),
        "restart" => Command::Game(Event::Restart),
        "new" => Command::New,
        "help" | "?" => Command::Help,
        "quit" | "exit" => Command::Quit,
        _ => return parse_tap(word, shape).map(|square| Command::Game(Event::Tap(square))),
    };
    Ok(command)
}

/// Reads `r<row>c<col>` (rows and columns from 1, either case) on a board of `shape`.
fn parse_tap(word: &str, shape: Shape) -> Result<Cell, CommandError> {
    let unknown = || CommandError::Unknown(word.to_string());
    let lower = word.to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(unknown)?;
    let (row, col) = rest.split_once('c').ok_or_else(unknown)?;
    let number = |digits: &str| {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<u64>().unwrap_or(u64::MAX))
    };
    let (Some(row), Some(col)) = (number(row), number(col)) else {
        return Err(unknown());
    };
    let inside = |value: u64, limit: u32| (1..=u64::from(limit)).contains(&value);
    if !inside(row, shape.rows()) || !inside(col, shape.cols()) {
        return Err(CommandError::Outside(word.to_string(), shape));
    }
    Ok(Cell::new(row as usize - 1, col as usize - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape() -> Shape {
        Shape::new(4, 5).unwrap()
    }

    #[test]
    fn taps_are_read_in_either_case_and_checked_against_the_board() {
        assert_eq!(
            parse("r2c3", shape()),
            Ok(Command::Game(Event::Tap(Cell::new(1, 2))))
        );
        assert_eq!(
            parse("R4C5", shape()),
            Ok(Command::Game(Event::Tap(Cell::new(3, 4))))
        );
        for outside in ["r5c1", "r1c6", "r0c1", "r1c0", "r99999999999999999999c1"] {
            let error = parse(outside, shape()).unwrap_err();
            assert_eq!(error, CommandError::Outside(outside.to_string(), shape()));
            assert!(
                error.to_string().contains("outside the 4x5 board"),
                "{outside}: {error}"
            );
        }
        for unknown in [
            "r", "rc", "r1", "r1c", "c1r1", "r1c1x", "r-1c2", "tap", "r1 c1",
        ] {
            let error = parse(unknown, shape()).unwrap_err();
            assert_eq!(error, CommandError::Unknown(unknown.to_string()));
            assert!(
                error.to_string().starts_with("expected a command"),
                "{unknown}: {error}"
            );
        }
    }

    #[test]
    fn every_word_names_its_command() {
        let words = [
            ("hint", Command::Game(Event::Hint)),
            ("solve", Command::Game(Event::ShowSolution)),
            ("proof", Command::Game(Event::ShowProof)),
            ("undo", Command::Game(Event::Undo)),
            ("redo", Command::Game(Event::Redo)),
            ("restart", Command::Game(Event::Restart)),
            ("new", Command::New),
            ("help", Command::Help),
            ("quit", Command::Quit),
            ("QUIT", Command::Quit),
        ];
        for (word, command) in words {
            assert_eq!(parse(word, shape()), Ok(command), "{word}");
        }
    }
}
