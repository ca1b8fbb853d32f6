//! The line mode of `play`: one command per line in, the board and the status out after each,
//! as text or as one JSON object. Scripts, tests and screen readers play this way.

use std::io::{self, BufRead, Write};

use flipgame::kind::Kind;
use flipgame::record::{Position, Tap};
use serde::Serialize;

use flipgame::game::lines::{COMMANDS, Command, parse};
use flipgame::game::{Event, Game, Status as GameStatus};
use flipgame::notation::Cell;

use crate::cli::PlayFormat;
use crate::commands::kind::CommandKind;
use crate::commands::{Failure, Outcome, report};
use crate::source::read_line_within;
use flipgame::game::Dealer;
use flipgame::words::thousands;

/// The longest line read as a command: every command is a word, and a longer line is refused
/// without being held.
const LONGEST_LINE: usize = 4096;

/// A game driven by lines.
pub struct Session<K: CommandKind> {
    game: Game<K>,
    dealer: Dealer<K>,
    /// True when each command is answered with a JSON line, else with text.
    jsonl: bool,
    /// The seed of the puzzle now in play, when it was dealt.
    seed: Option<u64>,
}

impl<K: CommandKind> Session<K> {
    /// A session of `game`, dealing new puzzles from `dealer`; `seed` is shown when the first
    /// puzzle was dealt.
    pub fn new(
        game: Game<K>,
        dealer: Dealer<K>,
        format: PlayFormat,
        seed: Option<u64>,
    ) -> Session<K> {
        Session {
            game,
            dealer,
            jsonl: format == PlayFormat::Jsonl,
            seed,
        }
    }

    /// Writes the start, then plays every command of `input` until `quit` or its end. A line
    /// that is no command is reported with its line and column, and the game goes on; the
    /// status is then a usage error.
    pub fn run(
        mut self,
        mut input: impl BufRead,
        out: &mut impl Write,
    ) -> Result<Outcome, Failure> {
        let mut status = Outcome::Success;
        let mut news = match self.game.status().moves_left {
            None => Some("This board can never be finished: 'proof' shows why.".to_string()),
            Some(_) => None,
        };
        self.write("start", Shown::Nothing, news.take(), out)?;
        out.flush()?;
        let mut line = Vec::new();
        let mut number = 0u64;
        loop {
            // A failed read is the input's fault, not the output's: name standard input.
            let read = read_line_within(&mut input, &mut line, LONGEST_LINE)
                .map_err(|error| Failure::File(format!("-: {error}")))?;
            let Some(length) = read else {
                break;
            };
            number += 1;
            if length > LONGEST_LINE {
                report(&format!(
                    "-:{number}:1: expected a command, found a line of {} bytes",
                    thousands(length as u64)
                ));
                status = Outcome::BadInput;
                continue;
            }
            let Ok(text) = std::str::from_utf8(&line) else {
                report(&format!(
                    "-:{number}: expected a command, found bytes that are not UTF-8"
                ));
                status = Outcome::BadInput;
                continue;
            };
            let word = text.trim();
            if word.is_empty() || word.starts_with('#') {
                continue;
            }
            let column = text.len() - text.trim_start().len() + 1;
            let command = match parse(word, self.game.shape()) {
                Ok(command) => command,
                Err(message) => {
                    report(&format!("-:{number}:{column}: {message}"));
                    status = Outcome::BadInput;
                    continue;
                }
            };
            if command == Command::Quit {
                break;
            }
            self.play(word, command, out)?;
        }
        out.flush()?;
        Ok(status)
    }

    /// Plays one command and writes what follows from it.
    fn play(&mut self, word: &str, command: Command, out: &mut impl Write) -> io::Result<()> {
        let solved_before = self.game.status().solved;
        let shown = match command {
            Command::Game(Event::Hint) => Shown::Hint,
            Command::Game(Event::ShowSolution) => Shown::Solution,
            Command::Game(Event::ShowProof) => Shown::Proof,
            _ => Shown::Nothing,
        };
        let (result, news) = match command {
            Command::Game(event) => (self.game.apply(event), None),
            Command::New => match self.dealer.deal(self.game.puzzle()) {
                Ok(board) => (self.game.new_puzzle(board), None),
                Err(all_finished) => (Ok(()), Some(all_finished.to_string())),
            },
            Command::Help => (Ok(()), Some(format!("Commands: {COMMANDS}."))),
            Command::Quit => (Ok(()), None),
        };
        let news = match result {
            Err(refusal) => Some(format!("Refused: {refusal}.")),
            // The win, said once when it happens (the text's status line says it too).
            Ok(()) => news.or_else(|| {
                let now = self.game.status();
                (now.solved && !solved_before).then(|| now.words::<K>(self.game.puzzle(), "'new'"))
            }),
        };
        self.write(word, shown, news, out)?;
        // Whoever drives the game waits for this answer before sending the next command.
        out.flush()
    }

    fn write(
        &self,
        command: &str,
        shown: Shown,
        news: Option<String>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let status = self.game.status();
        if self.jsonl {
            let record = self.record(command, shown, news);
            serde_json::to_writer(&mut *out, &record).map_err(io::Error::from)?;
            out.write_all(b"\n")
        } else {
            self.write_text(command, &status, shown, news, out)
        }
    }

    fn write_text(
        &self,
        command: &str,
        status: &GameStatus,
        shown: Shown,
        news: Option<String>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let (puzzle, board) = (self.game.puzzle(), self.game.board());
        for row in 0..self.game.shape().rows() as usize {
            writeln!(out, "{}", K::row_text(board, row))?;
        }
        let status_line = status.words::<K>(puzzle, "'new'");
        writeln!(out, "{status_line}")?;
        match shown {
            Shown::Hint => {
                if let Some(square) = self.game.newest_mark() {
                    writeln!(out, "Hint: tap {square}.")?;
                }
            }
            Shown::Solution => {
                let taps: Vec<String> = self.game.solution().iter().map(Cell::to_string).collect();
                if !taps.is_empty() {
                    writeln!(out, "Solution: {}.", taps.join(" "))?;
                }
            }
            Shown::Proof => {
                if let Some(proof) = self.game.proof() {
                    let sentence = K::proof_sentence(puzzle, proof, false);
                    writeln!(out, "Proof: {sentence}")?;
                }
            }
            Shown::Nothing => {}
        }
        if let Some(news) = news.filter(|news| *news != status_line) {
            writeln!(out, "{news}")?;
        }
        if let Some(seed) = self.seed.filter(|_| command == "start") {
            writeln!(
                out,
                "(Dealt from --seed {seed}: the same seed deals the same puzzles.)"
            )?;
        }
        writeln!(out)
    }

    fn record<'a>(&'a self, command: &'a str, shown: Shown, news: Option<String>) -> Record<'a, K> {
        let game = &self.game;
        Record {
            command,
            position: Position::of(game),
            hint: match shown {
                Shown::Hint => game.newest_mark(),
                _ => None,
            },
            solution: match shown {
                Shown::Solution => Some(listed_taps::<K>(&game.solution())),
                _ => None,
            },
            proof: match shown {
                Shown::Proof => game
                    .proof()
                    .map(|proof| K::proof_record(game.puzzle(), proof)),
                _ => None,
            },
            message: news,
            seed: self.seed.filter(|_| command == "start"),
        }
    }
}

/// What a command asked to see, besides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    Nothing,
    Hint,
    Solution,
    Proof,
}

/// One line of `play --format jsonl`.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct Record<'a, K: CommandKind + 'a> {
    command: &'a str,
    #[serde(flatten)]
    position: Position<'a, K>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<Cell>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<Tap>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<K::ProofRecord<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
}

/// The taps of a solution (a square tapped j times listed j times, together) as records give
/// them: for K colours one a square with its times.
fn listed_taps<K: Kind>(taps: &[Cell]) -> Vec<Tap> {
    let mut listed: Vec<Tap> = Vec::new();
    for &cell in taps {
        match listed.last_mut() {
            Some(Tap {
                cell: last,
                times: Some(times),
            }) if *last == cell => *times += 1,
            _ => listed.push(Tap::of::<K>(cell, 1)),
        }
    }
    listed
}
