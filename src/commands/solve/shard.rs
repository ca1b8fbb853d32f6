//! `solve --shard K/N` and `solve --merge FILE`: each board's exact search split into shards
//! that run anywhere, written as JSON lines, and merged into the answer one run gives.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use flipgame::grid::Grid;
use flipgame::notation::Color;
use flipgame::puzzle::Puzzle;
use flipgame::solve::{Shard, Solution, Solver, SweepPart};
use flipgame::words::{count_of, json_error_words};

use super::super::args::BoardSolver;
use super::super::boards::{Place, with_stages};
use super::super::{Failure, Outcome, report, usage};
use super::{Answered, Answering, Solve, answer_all};
use crate::cli::{RecordFormat, SolveArgs};
use crate::output::json::{JsonStream, RuleFields};
use flipgame::kind::TwoStates;

/// One shard's record of one board: a JSON line of `solve --shard`.
#[derive(Serialize, Deserialize)]
struct ShardRecord {
    /// The board's number in the input, from 1.
    index: u64,
    /// FILE:LINE of the board's first row.
    source: String,
    /// The board, in text form.
    board: String,
    /// The rule's label and whether it wraps.
    rule: String,
    wrap: bool,
    /// The goal: `white`, `black` or `either`.
    goal: String,
    /// `K/N`.
    shard: String,
    /// One part per colour searched by a sweep, in the order searched.
    parts: Vec<PartJson>,
}

/// One colour's part of a shard's search, in JSON.
#[derive(Serialize, Deserialize)]
struct PartJson {
    /// The colour the search finishes the board in.
    color: String,
    /// Whether the search ran over the orbits of the board's symmetries.
    orbits: bool,
    /// The fewest taps in the shard's share; `null` when the share is empty.
    taps: Option<u64>,
    /// The least key giving them, in hexadecimal: JSON tools that read numbers as doubles
    /// would round a 64-bit key.
    key: Option<String>,
    /// With orbits, every key of the fewest taps, in hexadecimal.
    ties: Vec<String>,
    /// Whether every assignment of the share was looked at.
    complete: bool,
}

/// `solve --shard K/N` or `--merge FILE...` on `puzzle`: the boards' searches split into
/// shards, each shard's parts written as JSON lines, or merged into the answers one run gives.
pub(in crate::commands) fn solve_split(
    puzzle: Puzzle,
    args: &SolveArgs,
    (format, matrix): (RecordFormat, bool),
    mut out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let solver = BoardSolver::<TwoStates>::new(puzzle, &args.input)?;
    Ok(match (args.shard, &args.merge[..]) {
        (Some(shard), _) => {
            let mut command = Solve::new(solver, shard, args.taps, matrix);
            answer_all(args, RecordFormat::Jsonl, &mut out, &mut command)?
        }
        (None, files) => {
            let merged = Merged::read(files, solver.puzzle())?;
            let mut command = Solve::new(solver, merged, args.taps, matrix);
            answer_all(args, format, &mut out, &mut command)?
        }
    })
}

/// One shard of each board's search: its record, the parts of its searches the shard finds.
impl Answering<TwoStates> for Shard {
    fn answer<W: Write>(
        &mut self,
        solver: &Solver,
        (out, json): (&mut W, Option<&mut JsonStream>),
        (index, place): (u64, Place<'_>),
        board: &Grid,
    ) -> io::Result<Answered<TwoStates>> {
        let Some(json) = json else {
            unreachable!("a shard's records are JSON lines");
        };
        let shard = *self;
        let parts = with_stages(|progress| solver.solve_shard(board, shard, progress));
        let rule = RuleFields::of::<TwoStates>(solver.puzzle());
        let record = ShardRecord {
            index,
            source: place.to_string(),
            board: board.to_string(),
            rule: rule.rule,
            wrap: rule.wrap,
            goal: solver.puzzle().goal().name().to_string(),
            shard: shard.to_string(),
            parts: parts.iter().map(part_json).collect(),
        };
        json.write(out, &record)?;
        Ok(Answered::Written)
    }
}

/// Each board answered from its shards' parts.
impl Answering<TwoStates> for Merged {
    fn answer<W: Write>(
        &mut self,
        solver: &Solver,
        _: (&mut W, Option<&mut JsonStream>),
        (index, _): (u64, Place<'_>),
        board: &Grid,
    ) -> io::Result<Answered<TwoStates>> {
        Ok(match self.solve(solver, index, board) {
            Ok(solution) => Answered::Solved(solution),
            Err(message) => Answered::Failed(message),
        })
    }

    fn finish(&mut self) -> Outcome {
        match self.unasked() {
            Some(message) => {
                report(&message);
                Outcome::BadInput
            }
            None => Outcome::Success,
        }
    }
}

fn part_json(part: &SweepPart) -> PartJson {
    PartJson {
        color: part.color.name().to_string(),
        orbits: part.orbits,
        taps: part.best.map(|(taps, _)| taps),
        key: part.best.map(|(_, key)| format!("{key:x}")),
        ties: part.ties.iter().map(|key| format!("{key:x}")).collect(),
        complete: part.complete,
    }
}

/// Where a shard record was read: FILE:LINE.
#[derive(Clone)]
struct Origin {
    file: PathBuf,
    line: u64,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file.display(), self.line)
    }
}

/// One shard's parts of one board, as read.
struct Read {
    origin: Origin,
    /// Where the shard read the board.
    source: String,
    board: String,
    parts: Vec<SweepPart>,
}

/// Every shard record of the `--merge` files, by board and shard, and which boards were asked
/// for.
pub(super) struct Merged {
    count: u32,
    records: HashMap<(u64, u32), Read>,
    asked: HashSet<u64>,
}

impl Merged {
    /// Reads the shard records of `files`, made for `puzzle`. A record that cannot be read, or
    /// that cannot be one of the shards of this merge, is a usage error naming its place.
    fn read(files: &[PathBuf], puzzle: &Puzzle) -> Result<Merged, Failure> {
        let rule = RuleFields::of::<TwoStates>(puzzle);
        let goal = puzzle.goal().name();
        let mut merged = Merged {
            count: 0,
            records: HashMap::new(),
            asked: HashSet::new(),
        };
        let mut first: Option<Origin> = None;
        for file in files {
            let text = std::fs::read_to_string(file).map_err(|error| {
                Failure::File(format!(
                    "{}: cannot read shard records: {error}",
                    file.display()
                ))
            })?;
            for (number, line) in text.lines().enumerate() {
                let origin = Origin {
                    file: file.clone(),
                    line: number as u64 + 1,
                };
                if line.trim().is_empty() || is_error_record(line) {
                    // A board the shard could not read: the merge reads it again, and says so.
                    continue;
                }
                let record: ShardRecord = serde_json::from_str(line).map_err(|error| {
                    usage(format!(
                        "{origin}:{}: not a shard record of solve --shard: {}",
                        error.column().max(1),
                        json_error_words(&error)
                    ))
                })?;
                if (record.rule.as_str(), record.wrap, record.goal.as_str())
                    != (rule.rule.as_str(), rule.wrap, goal)
                {
                    return Err(usage(format!(
                        "{origin}: this shard searched --rule {} {}--goal {}, the merge \
                         --rule {} {}--goal {}: give the merge the shards' options",
                        record.rule,
                        if record.wrap { "--wrap " } else { "" },
                        record.goal,
                        rule.rule,
                        if rule.wrap { "--wrap " } else { "" },
                        goal,
                    )));
                }
                let shard: Shard = record
                    .shard
                    .parse()
                    .map_err(|error| usage(format!("{origin}: {error}")))?;
                match &first {
                    None => {
                        merged.count = shard.count();
                        first = Some(origin.clone());
                    }
                    Some(earlier) if shard.count() != merged.count => {
                        return Err(usage(format!(
                            "{origin}: shard {shard} is of a search split {} ways, but \
                             {earlier} is of one split {} ways: merge the shards of one split",
                            shard.count(),
                            merged.count
                        )));
                    }
                    Some(_) => {}
                }
                let parts = record
                    .parts
                    .iter()
                    .map(|part| {
                        sweep_part(part).map_err(|error| usage(format!("{origin}: {error}")))
                    })
                    .collect::<Result<Vec<SweepPart>, Failure>>()?;
                let key = (record.index, shard.index());
                if let Some(earlier) = merged.records.get(&key) {
                    return Err(usage(format!(
                        "{origin}: board {} of shard {shard} a second time (first at {}): give \
                         each shard's output once",
                        record.index, earlier.origin
                    )));
                }
                let read = Read {
                    origin,
                    source: record.source,
                    board: record.board,
                    parts,
                };
                merged.records.insert(key, read);
            }
        }
        if first.is_none() {
            return Err(usage(
                "the --merge files hold no shard record: give them the output of solve --shard",
            ));
        }
        Ok(merged)
    }

    /// The parts every shard found for board `index`, `board`, in order of the shards; or what
    /// is wrong with them.
    fn parts_of(&mut self, index: u64, board: &Grid) -> Result<Vec<Vec<SweepPart>>, String> {
        self.asked.insert(index);
        let text = board.to_string();
        let mut parts = Vec::with_capacity(self.count as usize);
        for shard in 1..=self.count {
            let Some(read) = self.records.get(&(index, shard)) else {
                return Err(format!(
                    "the --merge files have no record of this board (board {index}) from \
                     shard {shard}/{}: run that shard and give its output too",
                    self.count
                ));
            };
            if read.board != text {
                return Err(format!(
                    "{}: shard {shard}/{}'s board {index} (from its {}) is another board: the \
                     shards read other boards than the merge",
                    read.origin, self.count, read.source
                ));
            }
            parts.push(read.parts.clone());
        }
        Ok(parts)
    }

    /// The answer to board `index` from its shards' parts.
    fn solve(
        &mut self,
        solver: &Solver,
        index: u64,
        board: &Grid,
    ) -> Result<Option<Solution>, String> {
        let parts = self.parts_of(index, board)?;
        with_stages(|progress| solver.solve_merged(board, &parts, progress))
            .map_err(|error| error.to_string())
    }

    /// The records of boards the input does not have, one line each: the merge answered
    /// fewer boards than the shards searched.
    fn unasked(&self) -> Option<String> {
        let mut origins: Vec<&Origin> = self
            .records
            .iter()
            .filter(|((index, _), _)| !self.asked.contains(index))
            .map(|(_, read)| &read.origin)
            .collect();
        origins.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        let first = origins.first()?;
        let mut message = format!(
            "{first}: the shards searched boards this input does not have ({} unused): give \
             the merge the shards' boards",
            count_of(origins.len() as u64, "record", "records")
        );
        if origins.len() > 1 {
            let _ = write!(message, "; the last at {}", origins[origins.len() - 1]);
        }
        Some(message)
    }
}

/// Whether `line` is the record of a board the shard could not read (`{"index": .., "source":
/// .., "error": ..}`), which `solve --shard` writes in its place.
fn is_error_record(line: &str) -> bool {
    match serde_json::from_str::<serde_json::Value>(line) {
        Ok(serde_json::Value::Object(fields)) => {
            fields.len() == 3
                && ["index", "source", "error"]
                    .iter()
                    .all(|name| fields.contains_key(*name))
        }
        _ => false,
    }
}

/// A part as the library has it, or what is wrong with it.
fn sweep_part(part: &PartJson) -> Result<SweepPart, String> {
    let color = match part.color.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(format!(
                "'{other}' is not a colour: a part is white or black"
            ));
        }
    };
    let hex = |text: &str| {
        u64::from_str_radix(text, 16)
            .map_err(|_| format!("'{text}' is not a key: keys are hexadecimal, such as 3fa0"))
    };
    let best = match (part.taps, &part.key) {
        (Some(taps), Some(key)) => Some((taps, hex(key)?)),
        (None, None) => None,
        _ => return Err("a part has taps and a key, or neither".to_string()),
    };
    Ok(SweepPart {
        color,
        orbits: part.orbits,
        best,
        ties: part
            .ties
            .iter()
            .map(|key| hex(key))
            .collect::<Result<Vec<u64>, String>>()?,
        complete: part.complete,
    })
}
