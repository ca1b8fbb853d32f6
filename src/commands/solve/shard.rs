//! `solve --shard K/N` and `solve --merge FILE`: each board's exact search split into shards
//! that run anywhere, written as JSON lines, and merged into the answer one run gives.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, BufRead, Read as _, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use flipgame::grid::{Grid, Shape};
use flipgame::puzzle::Puzzle;
use flipgame::record::shard::{BoardShard, ShardOptions, VERSION};
use flipgame::solve::{MergeError, Shard, Solution, Solver, SweepPart};
use flipgame::words::{and_list, count_of, json_error_words, line_and_column, thousands};

use super::super::args::BoardSolver;
use super::super::boards::{Place, with_stages};
use super::super::{Failure, Outcome, note, report, usage};
use super::{Answered, Answering, Solve, answer_all};
use crate::cli::{RecordFormat, SolveArgs};
use crate::output::file::PartialFile;
use crate::output::json::JsonStream;
use flipgame::kind::TwoStates;

/// One shard's record of one board: a JSON line of `solve --shard`, the library's record
/// of the search after where the board was read.
#[derive(Serialize, Deserialize)]
struct ShardRecord {
    /// The board's number in the input, from 1.
    index: u64,
    /// FILE:LINE of the board's first row.
    source: String,
    /// What the shard's share of the search found, and the options it was made with.
    #[serde(flatten)]
    search: BoardShard,
}

/// Why a record made with `record`'s options cannot be merged with `options`, read at
/// `origin`; the option that differs is named where it shows.
fn differs(options: &ShardOptions, record: &BoardShard, origin: &Origin) -> Option<String> {
    if record.version != VERSION {
        return Some(format!(
            "{origin}: this shard was searched by flipgame {}, the merge is flipgame \
             {VERSION}: run the shards again with this flipgame",
            record.version
        ));
    }
    let wrap = |wrap: bool| if wrap { "--wrap " } else { "" };
    if (record.rule.as_str(), record.wrap, record.goal.as_str())
        != (options.rule.rule.as_str(), options.rule.wrap, options.goal)
    {
        return Some(format!(
            "{origin}: this shard searched --rule {} {}--goal {}, the merge --rule {} \
             {}--goal {}: give the merge the shards' options",
            record.rule,
            wrap(record.wrap),
            record.goal,
            options.rule.rule,
            wrap(options.rule.wrap),
            options.goal,
        ));
    }
    if record.search_time != options.search_time {
        let words = |time: Option<f64>| match time {
            Some(seconds) => format!("--search-time {seconds}"),
            None => "no --search-time".to_string(),
        };
        return Some(format!(
            "{origin}: this shard searched with {}, the merge has {}: give the merge the \
             shards' options",
            words(record.search_time),
            words(options.search_time)
        ));
    }
    (record.options != options.digest).then(|| {
        format!(
            "{origin}: this shard searched another puzzle than the merge (another --size, \
             or a rule file that has changed since): give the merge the shards' options \
             and files"
        )
    })
}

/// `solve --shard K/N` or `--merge FILE...` on `puzzle`: the boards' searches split into
/// shards, each shard's parts written as JSON lines, or merged into the answers one run gives.
pub(in crate::commands) fn solve_split(
    puzzle: Puzzle,
    args: &SolveArgs,
    (format, matrix): (RecordFormat, bool),
    mut out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let options = ShardOptions::of(&puzzle, args.input.search_time);
    let puzzle_shape = puzzle.shape();
    let solver = BoardSolver::<TwoStates>::new(puzzle, &args.input)?;
    Ok(match (args.shard, &args.merge[..]) {
        (Some(shard), _) => {
            let kept = match &args.output {
                Some(path) => Kept::read(path, &options, shard)?,
                None => Kept::default(),
            };
            let search = ShardSearch {
                shard,
                options,
                kept,
            };
            let mut command = Solve::new(solver, search, args.taps, matrix);
            answer_all(args, RecordFormat::Jsonl, &mut out, &mut command)?
        }
        (None, files) => {
            let merged = Merged::read(files, &options, puzzle_shape)?;
            let mut command = Solve::new(solver, merged, args.taps, matrix);
            answer_all(args, format, &mut out, &mut command)?
        }
    })
}

/// One shard of every board's search, with the options its records carry.
struct ShardSearch {
    shard: Shard,
    options: ShardOptions,
    /// The records an earlier run of this shard left.
    kept: Kept,
}

/// The records an earlier run of the same shard wrote to its `--output` file's partial file
/// before it was stopped (killed, cancelled, out of time), by board number: a board whose
/// record is kept (the same board, the same shard of a search with the same options, by the
/// same flipgame) is not searched again, and its record is written again as it was.
#[derive(Default)]
struct Kept {
    /// Each kept record, by its board's number.
    records: HashMap<u64, ShardRecord>,
    /// The partial file they were read from, and how many were used.
    from: Option<(PathBuf, u64)>,
}

impl Kept {
    /// The records of shard `shard` with `options` in the partial file of `output`: every
    /// whole line that is one (a line cut short, another shard's or another search's record
    /// is left out, to be searched again). No partial file keeps nothing.
    fn read(output: &Path, options: &ShardOptions, shard: Shard) -> Result<Kept, Failure> {
        let unreadable = |error: io::Error| Failure::File(format!("{}: {error}", output.display()));
        let partial = PartialFile::partial_of(output).map_err(unreadable)?;
        let bytes = match std::fs::read(&partial) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Kept::default()),
            Err(error) => return Err(unreadable(error)),
        };
        let mut records = HashMap::new();
        // Whole lines only: the last one, without its end, was cut short as it was written.
        let whole = memchr::memrchr(b'\n', &bytes).map_or(&[][..], |end| &bytes[..end]);
        for line in whole.split(|&byte| byte == b'\n') {
            let Ok(line) = std::str::from_utf8(line) else {
                continue;
            };
            let Ok(record) = serde_json::from_str::<ShardRecord>(line) else {
                continue;
            };
            // The digest covers every option the search depends on, the search time too.
            let search = &record.search;
            let ours = (
                search.version.as_str(),
                search.options.as_str(),
                search.shard.as_str(),
            ) == (VERSION, options.digest.as_str(), &shard.to_string());
            if ours {
                records.insert(record.index, record);
            }
        }
        Ok(Kept {
            records,
            from: Some((partial, 0)),
        })
    }

    /// The kept record of board `index`, `board`, read this time at `source`, if there is
    /// one.
    fn take(&mut self, index: u64, board: &str, source: String) -> Option<ShardRecord> {
        if self.records.get(&index)?.search.board != board {
            return None;
        }
        let mut record = self.records.remove(&index)?;
        // The boards may have moved to another file since: the record says where they are now.
        record.source = source;
        if let Some((_, used)) = &mut self.from {
            *used += 1;
        }
        Some(record)
    }
}

/// One shard of each board's search: its record, the parts of its searches the shard finds.
impl Answering<TwoStates> for ShardSearch {
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
        let ShardSearch {
            shard,
            options,
            kept,
        } = self;
        let record = match kept.take(index, &board.to_string(), place.to_string()) {
            Some(record) => record,
            None => {
                let parts = with_stages(|progress| solver.solve_shard(board, *shard, progress));
                ShardRecord {
                    index,
                    source: place.to_string(),
                    search: BoardShard::new(options, board, *shard, &parts),
                }
            }
        };
        json.write(out, &record)?;
        // Each record reaches its file as it is made: a shard cancelled on the next board
        // (a scheduler's time limit) keeps the boards it finished.
        out.flush()?;
        Ok(Answered::Written)
    }

    fn finish(&mut self) -> Outcome {
        if let Some((partial, used)) = &self.kept.from
            && *used > 0
        {
            note(&format!(
                "{}: {} from an earlier run of this shard, not searched again",
                partial.display(),
                count_of(*used, "board kept", "boards kept")
            ));
        }
        Outcome::Success
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
            Err((message, outcome)) => Answered::Failed(message, outcome),
        })
    }

    fn finish(&mut self) -> Outcome {
        let mut outcome = Outcome::Success;
        if let Some(message) = self.unasked() {
            report(&message);
            outcome = Outcome::BadInput;
        }
        for file in &self.absent {
            report(&format!(
                "{}: no such file of shard records (a shard not run yet, or lost)",
                file.display()
            ));
        }
        if !self.missing.is_empty() {
            // Last, and in one line a script reads: which shards to run again.
            let shards: Vec<String> = self
                .missing
                .iter()
                .map(|shard| format!("{shard}/{}", self.count))
                .collect();
            report(&format!("shards to run again: {}", shards.join(" ")));
            outcome = outcome.max(Outcome::ShardsMissing);
        } else if !self.absent.is_empty() {
            // Every board had its records without it: a file named by mistake.
            outcome = Outcome::BadInput;
        }
        outcome
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

impl Read {
    /// Whether `other` records the same search: the same board, read at the same place, and
    /// the same parts found.
    fn says_the_same_as(&self, other: &Read) -> bool {
        (&self.source, &self.board, &self.parts) == (&other.source, &other.board, &other.parts)
    }
}

/// Every shard record of the `--merge` files, by board and shard, and which boards were asked
/// for.
pub(super) struct Merged {
    count: u32,
    /// Where the first record was read, which set the count.
    first: Option<Origin>,
    records: HashMap<(u64, u32), Read>,
    asked: HashSet<u64>,
    /// The shards some board asked for has no record from.
    missing: BTreeSet<u32>,
    /// The --merge files that do not exist.
    absent: Vec<PathBuf>,
}

/// Bytes a shard record may hold besides its board's text (the source, the parts, every key
/// of a tie: some 5 MB at most): a longer line is no shard's, and is refused as it is read.
const RECORD_BESIDES_BOARD: u64 = 16 << 20;

impl Merged {
    /// Reads the shard records of `given` (files, and folders of them), made with `options`
    /// for boards of `shape`. A record that cannot be read, or that cannot be one of the shards
    /// of this merge, is a usage error naming its place; a file's last line cut short (a shard
    /// stopped as it wrote) is left out, and the boards it would have answered name that shard
    /// to run again.
    fn read(given: &[PathBuf], options: &ShardOptions, shape: Shape) -> Result<Merged, Failure> {
        let mut merged = Merged {
            count: 0,
            first: None,
            records: HashMap::new(),
            asked: HashSet::new(),
            missing: BTreeSet::new(),
            absent: Vec::new(),
        };
        // The board's text (a row a line, with a `/` between) and the rest of the record.
        let longest = shape.cells() + u64::from(shape.rows()) + RECORD_BESIDES_BOARD;
        for file in shard_files(given)? {
            let found = each_line(&file, longest, |origin, line, ended| {
                merged.take(origin, line, ended, options)
            })?;
            if !found {
                // A shard not run yet, or lost: the boards that lack it say so, and name it.
                merged.absent.push(file);
            }
        }
        if merged.first.is_none() {
            if let Some(file) = merged.absent.first() {
                // Nothing to merge at all: the file that is not there is the mistake.
                return Err(Failure::File(format!(
                    "{}: cannot read shard records: no such file",
                    file.display()
                )));
            }
            if let Some(message) = run_folders_inside(given) {
                return Err(usage(message));
            }
            return Err(usage(
                "the --merge files hold no shard record: give them the output of solve --shard",
            ));
        }
        Ok(merged)
    }

    /// Takes the shard record `line`, read at `origin`; `ended` is false for a file's last line
    /// with no line end, which is left out when it is not a whole record (the shard stopped as
    /// it wrote it).
    fn take(
        &mut self,
        origin: Origin,
        line: &str,
        ended: bool,
        options: &ShardOptions,
    ) -> Result<(), Failure> {
        if line.trim().is_empty() || is_error_record(line) {
            // A board the shard could not read: the merge reads it again, and says so.
            return Ok(());
        }
        let record: ShardRecord = match serde_json::from_str(line) {
            Ok(record) => record,
            Err(_) if !ended => return Ok(()),
            Err(error) => {
                return Err(usage(format!(
                    "{origin}:{}: not a shard record of solve --shard: {}",
                    error.column().max(1),
                    json_error_words(&error)
                )));
            }
        };
        if let Some(message) = differs(options, &record.search, &origin) {
            return Err(usage(message));
        }
        let shard: Shard = record
            .search
            .shard
            .parse()
            .map_err(|error| usage(format!("{origin}: {error}")))?;
        match &self.first {
            None => {
                self.count = shard.count();
                self.first = Some(origin.clone());
            }
            Some(earlier) if shard.count() != self.count => {
                return Err(usage(format!(
                    "{origin}: shard {shard} is of a search split {} ways, but {earlier} is of \
                     one split {} ways: merge the shards of one split",
                    shard.count(),
                    self.count
                )));
            }
            Some(_) => {}
        }
        let parts = record
            .search
            .parts
            .iter()
            .map(|part| {
                part.to_part()
                    .map_err(|error| usage(format!("{origin}: {error}")))
            })
            .collect::<Result<Vec<SweepPart>, Failure>>()?;
        let key = (record.index, shard.index());
        let read = Read {
            origin,
            source: record.source,
            board: record.search.board,
            parts,
        };
        if let Some(earlier) = self.records.get(&key) {
            if earlier.says_the_same_as(&read) {
                // A shard run again onto the end of its file (a scheduler that appends, a
                // task requeued): the same record twice is one record.
                return Ok(());
            }
            return Err(usage(format!(
                "{}: board {} of shard {shard} is given a second time, and differs from the \
                 first (at {}): keep one run's records of each shard (run it again into a \
                 file of its own)",
                read.origin, record.index, earlier.origin
            )));
        }
        self.records.insert(key, read);
        Ok(())
    }

    /// The parts every shard found for board `index`, `board`, in order of the shards; or what
    /// is wrong with them, and the exit status that leads to.
    fn parts_of(
        &mut self,
        index: u64,
        board: &Grid,
    ) -> Result<Vec<Vec<SweepPart>>, (String, Outcome)> {
        self.asked.insert(index);
        let missing: Vec<u32> = (1..=self.count)
            .filter(|&shard| !self.records.contains_key(&(index, shard)))
            .collect();
        if !missing.is_empty() {
            let shards = self.shards_words(&missing);
            let (them, their) = if missing.len() == 1 {
                ("it", "its")
            } else {
                ("them", "their")
            };
            self.missing.extend(missing);
            return Err((
                format!(
                    "the --merge files have no record of this board (board {index}) from \
                     {shards}: run {them} and give {their} output too"
                ),
                Outcome::ShardsMissing,
            ));
        }
        let text = board.to_string();
        let mut parts = Vec::with_capacity(self.count as usize);
        for shard in 1..=self.count {
            let read = &self.records[&(index, shard)];
            if read.board != text {
                return Err((
                    format!(
                        "{}: shard {shard}/{}'s board {index} (from its {}) is another board: \
                         the shards read other boards than the merge",
                        read.origin, self.count, read.source
                    ),
                    Outcome::BadInput,
                ));
            }
            parts.push(read.parts.clone());
        }
        Ok(parts)
    }

    /// `shards` of this merge's split, in words: `shard 2/4`, `shards 2/4 and 3/4`.
    fn shards_words(&self, shards: &[u32]) -> String {
        let names: Vec<String> = shards
            .iter()
            .map(|shard| format!("{shard}/{}", self.count))
            .collect();
        let noun = if names.len() == 1 { "shard" } else { "shards" };
        format!("{noun} {}", and_list(&names))
    }

    /// The answer to board `index` from its shards' parts.
    fn solve(
        &mut self,
        solver: &Solver,
        index: u64,
        board: &Grid,
    ) -> Result<Option<Solution>, (String, Outcome)> {
        let parts = self.parts_of(index, board)?;
        with_stages(|progress| solver.solve_merged(board, &parts, progress)).map_err(|error| {
            let Some(read) = error
                .shard()
                .and_then(|shard| self.records.get(&(index, shard)))
            else {
                return (error.to_string(), Outcome::BadInput);
            };
            let message = format!("{}: {error}", read.origin);
            match error {
                // A record changed since its shard wrote it: running the shard again mends it.
                MergeError::Miscounted { shard, .. } | MergeError::Unfound { shard, .. } => {
                    self.missing.insert(shard);
                    (message, Outcome::ShardsMissing)
                }
                _ => (message, Outcome::BadInput),
            }
        })
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

/// The files `--merge` names: each FILE as given, and each folder's shard record files (its
/// `*.jsonl` files, in the order of their names; hidden ones, such as a shard's file still
/// being written, are left out).
fn shard_files(given: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for path in given {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let unreadable = |error: io::Error| {
            Failure::File(format!(
                "{}: cannot read the folder of shard records: {error}",
                path.display()
            ))
        };
        let mut inside = Vec::new();
        for entry in std::fs::read_dir(path).map_err(unreadable)? {
            let entry = entry.map_err(unreadable)?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".jsonl") && !name.starts_with('.') && entry.path().is_file() {
                inside.push(entry.path());
            }
        }
        inside.sort();
        files.extend(inside);
    }
    Ok(files)
}

/// Where a `--merge` folder holds no records of its own but folders of runs that do (the
/// recipes' `shards/N-DIGEST`), the words that name them: the merge takes one run's folder.
fn run_folders_inside(given: &[PathBuf]) -> Option<String> {
    let mut runs: Vec<PathBuf> = Vec::new();
    for path in given.iter().filter(|path| path.is_dir()) {
        let Ok(entries) = std::fs::read_dir(path) else {
            continue;
        };
        for entry in entries.flatten() {
            let inside = entry.path();
            if inside.is_dir()
                && shard_files(std::slice::from_ref(&inside)).is_ok_and(|f| !f.is_empty())
            {
                runs.push(inside);
            }
        }
    }
    runs.sort();
    let names: Vec<String> = runs.iter().map(|run| run.display().to_string()).collect();
    let first = names.first()?;
    Some(format!(
        "{}: no shard records here, but {} of runs inside ({}): give the merge the folder of \
         the run with these boards and options, such as --merge {first}",
        given[0].display(),
        count_of(names.len() as u64, "folder", "folders"),
        names.join(", ")
    ))
}

/// Calls `each` with every line of `file` (without its line end), where it was read, and
/// whether it ended with a line end; false when the file does not exist. A line of more than
/// `longest` bytes is refused as it is read, so that no file (`/dev/zero`) is held whole.
fn each_line(
    file: &Path,
    longest: u64,
    mut each: impl FnMut(Origin, &str, bool) -> Result<(), Failure>,
) -> Result<bool, Failure> {
    let unreadable = |error: io::Error| {
        Failure::File(format!(
            "{}: cannot read shard records: {error}",
            file.display()
        ))
    };
    let mut reader = match std::fs::File::open(file) {
        Ok(opened) => io::BufReader::new(opened),
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(error) => return Err(unreadable(error)),
    };
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let read = (&mut reader)
            .take(longest + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(unreadable)?;
        if read == 0 {
            break;
        }
        let ended = bytes.last() == Some(&b'\n');
        if ended {
            bytes.pop();
        } else if bytes.len() as u64 > longest {
            return Err(usage(format!(
                "{}:{number}: not a shard record of solve --shard: a line longer than {} bytes, \
                 which no shard record of this puzzle comes near",
                file.display(),
                thousands(longest)
            )));
        }
        let text = std::str::from_utf8(&bytes).map_err(|error| {
            let at = error.valid_up_to();
            let (_, column) = line_and_column(&bytes, at);
            usage(format!(
                "{}:{number}:{column}: not a shard record of solve --shard: found byte 0x{:02x}, \
                 which is not UTF-8 text",
                file.display(),
                bytes[at]
            ))
        })?;
        let origin = Origin {
            file: file.to_path_buf(),
            line: number,
        };
        each(origin, text, ended)?;
    }
    Ok(true)
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
