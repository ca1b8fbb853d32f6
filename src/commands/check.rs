//! `flipgame check`: judge a contestant's output for a judge's input case by case, or judge one
//! tap list for one board.

use std::io::{self, Write};

use serde::Serialize;

use std::path::Path;

use flipgame::grid::Shape;
use flipgame::input::ReadBoard;
use flipgame::judge::{self, Judge, JudgeError, TapFacts, Tokens, Verdict};
use flipgame::kind::Kind;
use flipgame::notation::{BoardTextError, Cells};
use flipgame::solve::Taps;

use super::args::{ForEitherKind, solver, with_puzzle};
use super::judged::{ForEitherJudge, open_source, reading_ended, with_judge};
use super::kind::CommandKind;
use super::{Failure, Outcome, report, usage};
use crate::cli::{CellsArg, CheckArgs, CheckFormat, setting_names};
use crate::source::{self, Source, read_line_within};
use flipgame::settings::Advice;
use flipgame::words::{quoted, thousands};

/// Runs `check` in whichever of its two forms the arguments name.
pub fn run(args: &CheckArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    if let Some(path) = &args.tap_lists {
        return check_tap_lists(args, path, out);
    }
    match (&args.judge, &args.board, &args.taps) {
        (Some(name), _, _) => check_output(args, name, out),
        (None, Some(board), Some(taps)) => check_taps(args, board, taps, out),
        _ => Err(usage(
            "check needs --judge NAME INPUT OUTPUT, --board TEXT --taps LIST, or --tap-lists \
             FILE (see 'flipgame check --help')",
        )),
    }
}

/// One case's verdict in JSON.
#[derive(Serialize)]
struct CaseJson {
    /// The case, from 1; `null` for output after the last case.
    case: Option<u64>,
    /// `accepted` or `rejected`.
    verdict: &'static str,
    /// Why it was rejected, as `OUTPUT:LINE:COL: reason`.
    reason: Option<String>,
    /// Where an accepted answer's spacing differs from the judge's own.
    whitespace: Option<String>,
}

impl CaseJson {
    /// The record of case `number`'s verdict, places written by `place`.
    fn of(number: u64, verdict: &Verdict, place: impl Fn(&JudgeError) -> String) -> CaseJson {
        match verdict {
            Verdict::Accepted { whitespace } => CaseJson {
                case: Some(number),
                verdict: "accepted",
                reason: None,
                whitespace: whitespace.as_ref().map(&place),
            },
            Verdict::Rejected(error) => CaseJson {
                case: Some(number),
                verdict: "rejected",
                reason: Some(place(error)),
                whitespace: None,
            },
        }
    }
}

fn source_of(path: &std::path::Path) -> Source {
    if path.as_os_str() == "-" {
        Source::Stdin
    } else {
        Source::File(path.to_path_buf())
    }
}

/// `check --judge NAME INPUT OUTPUT`.
fn check_output(args: &CheckArgs, name: &str, out: &mut impl Write) -> Result<Outcome, Failure> {
    with_judge(name, CheckJudged { args, out })
}

/// `check --judge` once the judge is known.
struct CheckJudged<'a, W> {
    args: &'a CheckArgs,
    out: &'a mut W,
}

impl<W: Write> ForEitherJudge for CheckJudged<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, judge: &'static dyn Judge<Kind = K>) -> Result<Outcome, Failure> {
        check_output_with(judge, self.args, self.out)
    }
}

fn check_output_with<K: Kind>(
    judge: &dyn Judge<Kind = K>,
    args: &CheckArgs,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let (Some(input_path), Some(output_path)) = (&args.input, &args.output) else {
        return Err(usage(
            "check --judge needs two files: the judge's INPUT, then the contestant's OUTPUT",
        ));
    };
    if input_path.as_os_str() == "-" && output_path.as_os_str() == "-" {
        return Err(usage(
            "only one of INPUT and OUTPUT can be standard input ('-')",
        ));
    }
    let (input_source, output_source) = (source_of(input_path), source_of(output_path));
    let input = open_source(&input_source)?;
    let output = open_source(&output_source)?;
    let mut inputs = Tokens::of_input_reader(input);
    let mut tokens = Tokens::from_reader(output);
    let mut status = Outcome::Success;
    let (mut cases, mut accepted, mut judged) = (0u64, 0u64, 0u64);
    let place = |error: &JudgeError| format!("{output_source}:{}", error.worded(setting_names));
    // Each case is judged as soon as it is read; a failed write stops the verdicts.
    let mut written = Ok(());
    judge.read(&mut inputs, &mut |case| {
        // A mistake of the input as a whole is no case: the cases are numbered without it.
        if let Err(error) = &case
            && error.whole_input
        {
            report(&format!("{input_source}:{}", error.worded(setting_names)));
            status = status.max(Outcome::BadInput);
            return;
        }
        cases += 1;
        let number = cases;
        if written.is_err() {
            return;
        }
        let case = match case {
            Ok(case) => case,
            Err(error) => {
                // Its answer cannot be judged, but is passed over where the format says how far
                // it goes, so that the next answer meets the next case.
                judge.skip_answer(&mut tokens);
                report(&format!("{input_source}:{}", error.worded(setting_names)));
                status = status.max(Outcome::BadInput);
                return;
            }
        };
        let answer = judge::answer(&case);
        let verdict = match judge::judge_case(judge, &case, number, answer.as_ref(), &mut tokens) {
            Ok(verdict) => verdict,
            Err(unanswerable) => {
                report(&format!(
                    "{input_source}:{}: case {number}: {unanswerable}",
                    case.line
                ));
                status = status.max(Outcome::BadInput);
                return;
            }
        };
        judged += 1;
        accepted += u64::from(matches!(verdict, Verdict::Accepted { .. }));
        written = write_verdict(&CaseJson::of(number, &verdict, place), args.format, out);
    });
    written?;
    status = status.max(reading_ended(&mut inputs, &input_source));
    let run_on = reject_what_follows(&mut tokens, cases, place, args.format, out)?;
    if judged == 0 && run_on && status >= Outcome::BadInput {
        report(&format!(
            "no case of {input_source} could be read, and {output_source} has text: are they \
             swapped (check takes the judge's INPUT first, then the contestant's OUTPUT), or is \
             {input_source} an input of another judge than --judge {}?",
            judge.name()
        ));
    }
    // An output that never ends (the one content a read of it refuses) is the contestant's:
    // its verdict rejects it, having met the token cut short, and the error says why it was
    // read no further.
    let output_ended = match reading_ended(&mut tokens, &output_source) {
        Outcome::BadInput => Outcome::Rejected,
        other => other,
    };
    status = status.max(output_ended);
    let rejected = accepted < judged || run_on;
    if args.format == CheckFormat::Text {
        let plural = if judged == 1 { "case" } else { "cases" };
        write!(out, "{accepted} of {judged} {plural} accepted")?;
        // Cases read but not judged (unreadable, or past the statement's promise) are counted
        // apart, so that the count agrees with the verdicts above it.
        match cases - judged {
            0 => writeln!(out)?,
            1 => writeln!(out, "; 1 case of the input could not be judged")?,
            unjudged => writeln!(out, "; {unjudged} cases of the input could not be judged")?,
        }
    }
    if rejected {
        status = status.max(Outcome::Rejected);
    }
    Ok(status)
}

/// Rejects output that goes on after the last of `cases` cases, if it does; returns whether it
/// did.
fn reject_what_follows(
    tokens: &mut Tokens<'_>,
    cases: u64,
    place: impl Fn(&JudgeError) -> String,
    format: CheckFormat,
    out: &mut impl Write,
) -> io::Result<bool> {
    let Some(extra) = tokens.next() else {
        return Ok(false);
    };
    let error = extra.error(match cases {
        0 => "the output has text, but the input has no case".to_string(),
        1 => "the output goes on after its one case".to_string(),
        count => format!("the output goes on after the last of the {count} cases"),
    });
    let record = CaseJson {
        case: None,
        verdict: "rejected",
        reason: Some(place(&error)),
        whitespace: None,
    };
    write_verdict(&record, format, out)?;
    Ok(true)
}

/// Writes one verdict as a text line or a JSON line.
fn write_verdict(record: &CaseJson, format: CheckFormat, out: &mut impl Write) -> io::Result<()> {
    match format {
        CheckFormat::Text => {
            let mut line = match record.case {
                Some(number) => format!("case {number}: {}", record.verdict),
                None => format!("after the last case: {}", record.verdict),
            };
            if let Some(reason) = &record.reason {
                line.push_str(&format!(": {reason}"));
            }
            if let Some(whitespace) = &record.whitespace {
                line.push_str(&format!(
                    " (relies on whitespace tolerance: {whitespace}; a byte-for-byte judge \
                     says presentation error)"
                ));
            }
            writeln!(out, "{line}")
        }
        CheckFormat::Jsonl => {
            serde_json::to_writer(&mut *out, record).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
    }
}

/// The verdict on one tap list, in JSON.
#[derive(Serialize)]
struct TapsJson {
    /// `FILE:LINE` of the tap list, for `--tap-lists`.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    /// The taps finish the board.
    solution: bool,
    /// The taps given.
    taps: u64,
    /// The fewest taps, or `null` when the board cannot be finished.
    fewest: Option<u64>,
    /// The taps are a fewest set.
    optimal: bool,
    /// The taps are the least of the fewest sets, read row by row.
    least: bool,
}

/// Writes a verdict on a tap list: three lines of text (one, after its place, for a list from a
/// file), or a JSON line.
fn write_taps_verdict(
    record: &TapsJson,
    format: CheckFormat,
    out: &mut impl Write,
) -> io::Result<()> {
    if format == CheckFormat::Jsonl {
        serde_json::to_writer(&mut *out, record).map_err(io::Error::from)?;
        return out.write_all(b"\n");
    }
    let yes_no = |value: bool| if value { "yes" } else { "no" };
    let fewest = record
        .fewest
        .map_or("none: the board cannot be finished".into(), |n| {
            n.to_string()
        });
    let parts = [
        format!("finishes the board: {}", yes_no(record.solution)),
        format!(
            "the fewest: {} ({} {} given; the fewest is {fewest})",
            yes_no(record.optimal),
            record.taps,
            if record.taps == 1 { "tap" } else { "taps" },
        ),
        format!("the least of the fewest: {}", yes_no(record.least)),
    ];
    match &record.source {
        Some(source) => writeln!(out, "{source}: {}", parts.join("; ")),
        None => writeln!(out, "{}", parts.join("\n")),
    }
}

/// `check --board TEXT --taps LIST`.
fn check_taps(
    args: &CheckArgs,
    board_text: &str,
    taps_text: &str,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let input = TapsInput::Given(board_text, taps_text);
    with_puzzle(&args.puzzle, CellsArg::Bw, CheckTaps { args, input, out })
}

/// `check --tap-lists FILE`: a board and its taps on each line.
fn check_tap_lists(
    args: &CheckArgs,
    path: &Path,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let input = TapsInput::Lists(path);
    with_puzzle(&args.puzzle, CellsArg::Bw, CheckTaps { args, input, out })
}

/// Where the taps `check` judges come from.
enum TapsInput<'a> {
    /// `--board TEXT --taps LIST`.
    Given(&'a str, &'a str),
    /// `--tap-lists FILE`.
    Lists(&'a Path),
}

/// `check --board` or `--tap-lists` once the flags have chosen the kind of piece.
struct CheckTaps<'a, W> {
    args: &'a CheckArgs,
    input: TapsInput<'a>,
    out: &'a mut W,
}

impl<W: Write> ForEitherKind for CheckTaps<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let CheckTaps { args, input, out } = self;
        let solver = solver::<K>(puzzle)?;
        match input {
            TapsInput::Given(board, taps) => given_taps::<K>(args, &solver, (board, taps), out),
            TapsInput::Lists(path) => tap_lists::<K>(args, &solver, path, out),
        }
    }
}

/// Judges the taps `taps_text` on the board `board_text`, or says what keeps either from being
/// read (the board first, as it comes first).
fn judge_taps<K: Kind>(
    solver: &K::Solver,
    board_text: &str,
    taps_text: &str,
) -> Result<TapsJson, TapsError> {
    let puzzle = K::puzzle(solver);
    let shape = K::shape(puzzle);
    let board = K::Board::read_text(board_text, shape, K::cells(puzzle, Cells::Letters))
        .map_err(TapsError::Board)?;
    let counts = parse_taps(taps_text, shape).map_err(TapsError::Taps)?;
    // Taps commute, and K taps of a cell (two, for two sides) change nothing.
    let taps = K::Taps::from_counts(shape, K::states(puzzle), &counts);
    let answer = K::solve(solver, &board);
    let facts = TapFacts::<K>::of(puzzle, &board, &taps, answer.as_ref());
    Ok(TapsJson {
        source: None,
        solution: facts.finished,
        taps: facts.given,
        fewest: facts.fewest,
        optimal: facts.optimal,
        least: facts.least,
    })
}

/// The verdict on `--board TEXT --taps LIST`.
fn given_taps<K: Kind>(
    args: &CheckArgs,
    solver: &K::Solver,
    (board_text, taps_text): (&str, &str),
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let puzzle = K::puzzle(solver);
    let (shape, cells) = (K::shape(puzzle), K::cells(puzzle, Cells::Letters));
    let record = judge_taps::<K>(solver, board_text, taps_text).map_err(|error| match error {
        TapsError::Board(error) => usage(source::board_argument_error(
            board_text,
            (shape, cells),
            error,
        )),
        TapsError::Taps((column, message)) => usage(format!("--taps:1:{column}: {message}")),
    })?;
    write_taps_verdict(&record, args.format, out)?;
    Ok(if record.optimal {
        Outcome::Success
    } else {
        Outcome::Rejected
    })
}

/// Why a board and its taps could not be read.
enum TapsError {
    /// The board, and where in it.
    Board(BoardTextError),
    /// The taps: the column (in characters, from 1) of the word at fault, and the message.
    Taps((usize, String)),
}

/// The verdicts on the tap lists of `path`, a board and its taps on each line.
fn tap_lists<K: Kind>(
    args: &CheckArgs,
    solver: &K::Solver,
    path: &Path,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let shape = K::shape(K::puzzle(solver));
    let source = source_of(path);
    let mut reader = open_source(&source)?;
    // A board's text and each of its cells tapped once, with room to spare: a longer line is
    // refused without being held.
    let longest = (shape.cells() as usize)
        .saturating_mul(24)
        .saturating_add(4096);
    let mut status = Outcome::Success;
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        let length = match read_line_within(&mut reader, &mut bytes, longest) {
            Ok(Some(length)) => length,
            Ok(None) => break,
            Err(error) => {
                report(&format!("{source}: {error}"));
                return Ok(status.max(Outcome::IoError));
            }
        };
        number += 1;
        if length > longest {
            report(&format!(
                "{source}:{number}:1: expected a board and its taps, found a line of {} bytes, \
                 longer than any {shape} board and its taps",
                thousands(length as u64)
            ));
            status = status.max(Outcome::BadInput);
            continue;
        }
        let text = String::from_utf8_lossy(&bytes);
        let line = text.strip_suffix('\r').unwrap_or(&text);
        // A byte-order mark before the first line is read past, as before boards; it is no
        // column of its line.
        let line = match number {
            1 => line.strip_prefix('\u{feff}').unwrap_or(line),
            _ => line,
        };
        let indent = line.len() - line.trim_start().len();
        let entry = line.trim();
        if entry.is_empty() || entry.starts_with('#') {
            continue;
        }
        let (board_text, taps_text) = entry.split_once(char::is_whitespace).unwrap_or((entry, ""));
        let mut record = match judge_taps::<K>(solver, board_text, taps_text) {
            Ok(record) => record,
            Err(error) => {
                let (column, message) = match error {
                    TapsError::Board(error) => (indent + error.column, error.to_string()),
                    TapsError::Taps((column, message)) => {
                        (column + entry.len() - taps_text.len() + indent, message)
                    }
                };
                report(&format!("{source}:{number}:{column}: {message}"));
                status = status.max(Outcome::BadInput);
                continue;
            }
        };
        record.source = Some(format!("{source}:{number}"));
        write_taps_verdict(&record, args.format, out)?;
        if !record.optimal {
            status = status.max(Outcome::Rejected);
        }
    }
    Ok(status)
}

/// Reads taps such as `r1c2 r2c3` (spaces or commas between) on a board of `shape`: how many
/// times each cell is tapped, row-major; an error gives the column (in characters, from 1) of
/// the word at fault.
fn parse_taps(text: &str, shape: Shape) -> Result<Vec<u32>, (usize, String)> {
    let mut taps = vec![0u32; shape.cells() as usize];
    let mut offset = 0;
    for piece in text.split_inclusive(|c: char| c.is_whitespace() || c == ',') {
        let start = offset;
        offset += piece.len();
        let word = piece.trim_end_matches(|c: char| c.is_whitespace() || c == ',');
        if word.is_empty() {
            continue;
        }
        let cell = word
            .strip_prefix(['r', 'R'])
            .and_then(|rest| rest.split_once(['c', 'C']))
            .and_then(|(row, col)| Some((row.parse::<u32>().ok()?, col.parse::<u32>().ok()?)))
            .filter(|&(row, col)| {
                (1..=shape.rows()).contains(&row) && (1..=shape.cols()).contains(&col)
            })
            .ok_or_else(|| {
                let column = text[..start].chars().count() + 1;
                let message = format!(
                    "expected a tap such as r1c2 (rows 1 to {}, columns 1 to {}), found {}",
                    shape.rows(),
                    shape.cols(),
                    quoted(word, word.chars().count() as u64)
                );
                (column, message)
            })?;
        let index = (cell.0 as usize - 1) * shape.cols() as usize + cell.1 as usize - 1;
        taps[index] = taps[index].saturating_add(1);
    }
    Ok(taps)
}
