//! What `solve --judge`, `check --judge` and `gen --judge` share: the one place a judge's name
//! chooses the kind of piece, reading a judge's input from a source, answering its cases with
//! the core, and writing the judge's expected output.

use std::fs;
use std::io::{self, BufRead, Write};
use std::path::Path;

use flipgame::judge::{self, AnyJudge, Case, Judge, JudgeError, Tokens};
use flipgame::kind::Kind;
use flipgame::random::Generator;
use flipgame::words::TooLong;

use super::kind::CommandKind;
use super::{Failure, Outcome, note, report, reported, usage};
use crate::cli::{GenArgs, SolveArgs, setting_names};
use crate::output::file::AtomicFile;
use crate::source::{self, Source};
use flipgame::settings::Advice;

/// A command run the same way for a judge of either kind, once its name has said which.
pub trait ForEitherJudge {
    /// What the command gives back.
    type Output;
    /// Runs the command with `judge`, whose boards are of kind `K`.
    fn run<K: CommandKind>(
        self,
        judge: &'static dyn Judge<Kind = K>,
    ) -> Result<Self::Output, Failure>;
}

/// Runs `command` with the judge `--judge` named (the parser only lets known names through):
/// the one place a judge's name chooses the kind of piece.
pub fn with_judge<C: ForEitherJudge>(name: &str, command: C) -> Result<C::Output, Failure> {
    match judge::by_name(name) {
        Some(AnyJudge::TwoStates(judge)) => command.run(judge),
        Some(AnyJudge::KStates(judge)) => command.run(judge),
        None => unreachable!("clap checks the judge names"),
    }
}

/// A source opened for reading as it goes, or the failure to report.
pub fn open_source(source: &Source) -> Result<Box<dyn BufRead>, Failure> {
    source
        .reader()
        .map_err(|error| Failure::File(format!("{source}: {error}")))
}

/// Reports the error that ended the reading of `source` early, if there was one.
pub fn reading_ended(tokens: &mut Tokens<'_>, source: &Source) -> Outcome {
    match tokens.take_read_error() {
        // A token that never ends is the input's content, not a failure to read it.
        Some(error) if TooLong::of(&error).is_some() => {
            report(&format!("{source}:{error}"));
            Outcome::BadInput
        }
        Some(error) => {
            report(&format!("{source}: {error}"));
            Outcome::IoError
        }
        None => Outcome::Success,
    }
}

/// The judge's expected output for case `number` (from 1) of one input, given to `emit`; a
/// case that could not be read or answered is reported (`name` is the input's name) and gives
/// `Outcome::BadInput`.
pub fn expected_output<K: Kind>(
    judge: &dyn Judge<Kind = K>,
    case: &Result<Case<K>, JudgeError>,
    number: u64,
    name: &str,
    emit: &mut impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<Outcome> {
    let case = match case {
        Ok(case) => case,
        Err(error) => {
            report(&format!("{name}:{}", error.worded(setting_names)));
            return Ok(Outcome::BadInput);
        }
    };
    if let Some(limit) = judge::outside_the_statement(judge, case) {
        note(&format!(
            "{name}:{}: case {number} is {}, outside the statement's limits ({limit}): the \
             judge never gives it, but flipgame answers it",
            case.line,
            K::board_shape(&case.board),
        ));
    }
    let mut buffer = Vec::new();
    match judge.write(case, number, judge::answer(case).as_ref(), &mut buffer) {
        Ok(()) => emit(&buffer).map(|()| Outcome::Success),
        Err(message) => {
            report(&format!("{name}:{}: case {number}: {message}", case.line));
            Ok(Outcome::BadInput)
        }
    }
}

/// `solve --judge NAME`: every input's expected output, each case answered as soon as it is
/// read.
pub fn solve(args: &SolveArgs, name: &str, out: &mut impl Write) -> Result<Outcome, Failure> {
    with_judge(name, SolveJudged { args, out })
}

/// `solve --judge` once the judge is known.
struct SolveJudged<'a, W> {
    args: &'a SolveArgs,
    out: &'a mut W,
}

impl<W: Write> ForEitherJudge for SolveJudged<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, judge: &'static dyn Judge<Kind = K>) -> Result<Outcome, Failure> {
        let SolveJudged { args, out } = self;
        let mut status = Outcome::Success;
        for source in source::sources(&args.input) {
            let reader = match open_source(&source) {
                Ok(reader) => reader,
                Err(failure) => {
                    status = status.max(reported(failure)?);
                    continue;
                }
            };
            let mut tokens = Tokens::of_input_reader(reader);
            let name = source.to_string();
            let mut number = 0;
            // A failed write stops the answers; the input is read on to its end regardless.
            let mut written: io::Result<Outcome> = Ok(Outcome::Success);
            judge.read(&mut tokens, &mut |case| {
                number += 1;
                if let Ok(so_far) = written {
                    written = expected_output(judge, &case, number, &name, &mut |bytes| {
                        out.write_all(bytes)
                    })
                    .map(|outcome| so_far.max(outcome));
                }
            });
            status = status
                .max(written?)
                .max(reading_ended(&mut tokens, &source));
        }
        Ok(status)
    }
}

/// `gen --judge NAME`: one input on standard output, or `--count` input and answer files.
pub fn generate(
    args: &GenArgs,
    name: &str,
    seed: u64,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    with_judge(name, GenerateJudged { args, seed, out })
}

/// `gen --judge` once the judge is known.
struct GenerateJudged<'a, W> {
    args: &'a GenArgs,
    seed: u64,
    out: &'a mut W,
}

impl<W: Write> ForEitherJudge for GenerateJudged<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, judge: &'static dyn Judge<Kind = K>) -> Result<Outcome, Failure> {
        let GenerateJudged { args, seed, out } = self;
        let mut generator = Generator::from_seed(seed);
        match &args.output_dir {
            None => write_one_input(judge, args.count, &mut generator, out),
            Some(directory) => write_inputs(judge, args.count, &mut generator, directory),
        }
    }
}

/// Writes `count` cases as one input on `out`, when the judge takes that many in one.
fn write_one_input<K: Kind>(
    judge: &dyn Judge<Kind = K>,
    count: u64,
    generator: &mut Generator,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let (limits, name) = (judge.limits(), judge.name());
    if count > limits.cases {
        let advice = if limits.cases == 1 {
            format!(
                "{name} takes one case per input: give --output-dir DIR to write {count} inputs"
            )
        } else {
            format!(
                "{name} takes at most {} cases per input: give a smaller --count, or \
                 --output-dir DIR to write several inputs",
                limits.cases
            )
        };
        return Err(usage(advice));
    }
    let cases = draw(judge, 0..count, generator);
    let mut input = Vec::new();
    judge.write_input(&cases, &mut input);
    out.write_all(&input)?;
    Ok(Outcome::Success)
}

/// Writes `count` inputs to `directory`, each `NAME-NNN.in` with its expected output
/// `NAME-NNN.ans`, and a few cases in each where the judge takes several.
fn write_inputs<K: Kind>(
    judge: &dyn Judge<Kind = K>,
    count: u64,
    generator: &mut Generator,
    directory: &Path,
) -> Result<Outcome, Failure> {
    let (limits, name) = (judge.limits(), judge.name());
    if let Err(error) = fs::create_dir_all(directory) {
        return Err(Failure::File(format!("{}: {error}", directory.display())));
    }
    let digits = count.to_string().len().max(3);
    refuse_earlier_sets(directory, name, count, digits)?;
    let mut drawn = 0;
    for number in 1..=count {
        let cases_here = if limits.cases == 1 {
            1
        } else {
            1 + generator.below(limits.cases.min(10))
        };
        let cases = draw(judge, drawn..drawn + cases_here, generator);
        drawn += cases_here;
        let mut input = Vec::new();
        judge.write_input(&cases, &mut input);
        let mut answers = Vec::new();
        let stem = format!("{name}-{number:0digits$}");
        let mut status = Outcome::Success;
        for (index, case) in judge::read_all(judge, &input).iter().enumerate() {
            let mut keep = |bytes: &[u8]| {
                answers.extend_from_slice(bytes);
                Ok(())
            };
            let name = format!("{stem}.in");
            status = status.max(expected_output(
                judge,
                case,
                index as u64 + 1,
                &name,
                &mut keep,
            )?);
        }
        if status != Outcome::Success {
            // A generated case the judge cannot take back is a bug here, not the user's input.
            return Err(usage(format!(
                "{stem}: the generated input does not read back; please report"
            )));
        }
        for (extension, bytes) in [("in", &input), ("ans", &answers)] {
            let path = directory.join(format!("{stem}.{extension}"));
            if let Err(error) = write_file(&path, bytes) {
                return Err(Failure::File(format!("{}: {error}", path.display())));
            }
        }
    }
    Ok(Outcome::Success)
}

/// Refuses a directory that holds test files of this judge (`NAME-NNN.in`, `NAME-NNN.ans`)
/// that a set of `count` would not overwrite: left there, an earlier, larger set's files would
/// pass for part of this one.
fn refuse_earlier_sets(
    directory: &Path,
    name: &str,
    count: u64,
    digits: usize,
) -> Result<(), Failure> {
    let entries = fs::read_dir(directory)
        .map_err(|error| Failure::File(format!("{}: {error}", directory.display())))?;
    let mut earlier: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|file| {
            let Some(number) = file
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('-'))
                .and_then(|rest| {
                    rest.strip_suffix(".in")
                        .or_else(|| rest.strip_suffix(".ans"))
                })
            else {
                return false;
            };
            let ours = number.len() == digits
                && number
                    .parse::<u64>()
                    .is_ok_and(|n| (1..=count).contains(&n));
            !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) && !ours
        })
        .collect();
    if earlier.is_empty() {
        return Ok(());
    }
    earlier.sort();
    let shown = earlier
        .iter()
        .take(3)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    let more = match earlier.len() {
        0..=3 => String::new(),
        n => format!(" and {} more", n - 3),
    };
    Err(usage(format!(
        "{}: holds test files of an earlier set that this one would not replace ({shown}{more}): \
         remove them, or give another --output-dir",
        directory.display()
    )))
}

/// Writes a whole file atomically.
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// Cases `numbers` (from 0, counted across every input written) of `judge`'s test data.
fn draw<K: Kind>(
    judge: &dyn Judge<Kind = K>,
    numbers: std::ops::Range<u64>,
    generator: &mut Generator,
) -> Vec<Case<K>> {
    numbers
        .map(|number| judge.draw_case(number, generator))
        .collect()
}
