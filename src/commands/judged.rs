//! What `solve --judge`, `check --judge` and `gen --judge` share: reading a judge's input from
//! a source, answering its cases with the core, and writing the judge's expected output.

use std::fs;
use std::io::{self, BufRead, Write};
use std::path::Path;

use flipgame::generate::{Wanted, candidates, solvable_board};
use flipgame::grid::Shape;
use flipgame::judge::states::{self as state_judges, StateCase, StateJudge};
use flipgame::judge::{self, Case, Judge, JudgeError, Limits, Tokens, Unanswerable, Verdict};
use flipgame::random::Generator;
use flipgame::solve::{Solution, Solver};
use flipgame::space::SmallSpace;

use super::{Failure, Outcome, note, report, usage};
use crate::cli::{GenArgs, SolveArgs};
use crate::output::file::AtomicFile;
use crate::source::{self, Source};

/// A judge of either kind, as the commands drive it: its cases answered by the core.
pub trait Judging {
    /// One case of its input.
    type Case;

    /// The name on the command line.
    fn name(&self) -> &'static str;

    /// The limits of the statement.
    fn limits(&self) -> Limits;

    /// Reads an input, each case handed to `emit` as it is read.
    fn read(&self, input: &mut Tokens<'_>, emit: &mut dyn FnMut(Result<Self::Case, JudgeError>));

    /// The line a case starts on.
    fn line(case: &Self::Case) -> u64;

    /// The statement's limit a case breaks, with the case's shape, when it is outside them.
    fn outside_the_statement(&self, case: &Self::Case) -> Option<(&'static str, Shape)>;

    /// The judge's expected output for case `number`, from the core's answer.
    fn expected(
        &self,
        case: &Self::Case,
        number: u64,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable>;

    /// Judges a contestant's answer to case `number`, read from `output`.
    fn judge(
        &self,
        case: &Self::Case,
        number: u64,
        output: &mut Tokens<'_>,
    ) -> Result<Verdict, Unanswerable>;

    /// Writes an input holding `cases`.
    fn write_input(&self, cases: &[Self::Case], out: &mut Vec<u8>);

    /// Cases `numbers` (from 0, counted across every input written) for generated test data.
    fn draw(&self, numbers: std::ops::Range<u64>, generator: &mut Generator) -> Vec<Self::Case>;

    /// Every case of a small input held in memory.
    fn read_all(&self, input: &[u8]) -> Vec<Result<Self::Case, JudgeError>> {
        let mut cases = Vec::new();
        self.read(&mut Tokens::of_input(input), &mut |case| cases.push(case));
        cases
    }
}

/// A judge of two-state boards.
pub struct TwoStates(pub &'static dyn Judge);

impl Judging for TwoStates {
    type Case = Case;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn limits(&self) -> Limits {
        self.0.limits()
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut dyn FnMut(Result<Case, JudgeError>)) {
        self.0.read(input, emit)
    }

    fn line(case: &Case) -> u64 {
        case.line
    }

    fn outside_the_statement(&self, case: &Case) -> Option<(&'static str, Shape)> {
        judge::outside_the_statement(self.0, case).map(|limit| (limit, case.board.shape()))
    }

    fn expected(&self, case: &Case, number: u64, out: &mut Vec<u8>) -> Result<(), Unanswerable> {
        self.0.write(case, number, answer(case).as_ref(), out)
    }

    fn judge(
        &self,
        case: &Case,
        number: u64,
        output: &mut Tokens<'_>,
    ) -> Result<Verdict, Unanswerable> {
        judge::judge_case(self.0, case, number, answer(case).as_ref(), output)
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        self.0.write_input(cases, out)
    }

    fn draw(&self, numbers: std::ops::Range<u64>, generator: &mut Generator) -> Vec<Case> {
        draw_cases(self.0, numbers, generator)
    }
}

/// A judge of boards of K states.
pub struct KStates(pub &'static dyn StateJudge);

impl Judging for KStates {
    type Case = StateCase;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn limits(&self) -> Limits {
        self.0.limits()
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut dyn FnMut(Result<StateCase, JudgeError>)) {
        self.0.read(input, emit)
    }

    fn line(case: &StateCase) -> u64 {
        case.line
    }

    fn outside_the_statement(&self, _case: &StateCase) -> Option<(&'static str, Shape)> {
        // The K-state judges read only the sizes their statements allow.
        None
    }

    fn expected(
        &self,
        case: &StateCase,
        number: u64,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        self.0.write(case, number, &state_judges::answer(case), out)
    }

    fn judge(
        &self,
        case: &StateCase,
        number: u64,
        output: &mut Tokens<'_>,
    ) -> Result<Verdict, Unanswerable> {
        state_judges::judge_case(self.0, case, number, &state_judges::answer(case), output)
    }

    fn write_input(&self, cases: &[StateCase], out: &mut Vec<u8>) {
        self.0.write_input(cases, out)
    }

    fn draw(&self, numbers: std::ops::Range<u64>, generator: &mut Generator) -> Vec<StateCase> {
        numbers
            .map(|_| state_judges::random_case(self.0, generator))
            .collect()
    }
}

/// Runs `run` with the judge `--judge` named (the parser only lets known names through).
macro_rules! with_judge {
    ($name:expr, |$judge:ident| $run:expr) => {
        match (
            flipgame::judge::by_name($name),
            flipgame::judge::state_judge_by_name($name),
        ) {
            (Some(two), _) => {
                let $judge = $crate::commands::judged::TwoStates(two);
                $run
            }
            (None, Some(k)) => {
                let $judge = $crate::commands::judged::KStates(k);
                $run
            }
            (None, None) => unreachable!("clap checks the judge names"),
        }
    };
}
pub(crate) use with_judge;

/// A source opened for reading as it goes, or the error already reported.
pub fn open_source(source: &Source) -> Result<Box<dyn BufRead>, Outcome> {
    source.reader().map_err(|error| {
        report(&format!("{source}: {error}"));
        Outcome::IoError
    })
}

/// Reports the error that ended the reading of `source` early, if there was one.
pub fn reading_ended(tokens: &mut Tokens<'_>, source: &Source) -> Outcome {
    match tokens.take_read_error() {
        Some(error) => {
            report(&format!("{source}: {error}"));
            Outcome::IoError
        }
        None => Outcome::Success,
    }
}

/// The core's answer to a case: the least of the fewest tap sets, or `None` when impossible.
pub fn answer(case: &Case) -> Option<Solution> {
    // Every judge's sizes are far inside the solver's limits.
    Solver::new(case.puzzle.clone()).ok()?.solve(&case.board)
}

/// The judge's expected output for case `number` (from 1) of one input, given to `emit`; a
/// case that could not be read or answered is reported (`name` is the input's name) and gives
/// `Outcome::BadInput`.
pub fn expected_output<J: Judging>(
    judge: &J,
    case: &Result<J::Case, JudgeError>,
    number: u64,
    name: &str,
    emit: &mut impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<Outcome> {
    let case = match case {
        Ok(case) => case,
        Err(error) => {
            report(&format!("{name}:{error}"));
            return Ok(Outcome::BadInput);
        }
    };
    if let Some((limit, shape)) = judge.outside_the_statement(case) {
        note(&format!(
            "{name}:{}: case {number} is {shape}, outside the statement's limits ({limit}): the \
             judge never gives it, but flipgame answers it",
            J::line(case),
        ));
    }
    let mut buffer = Vec::new();
    match judge.expected(case, number, &mut buffer) {
        Ok(()) => emit(&buffer).map(|()| Outcome::Success),
        Err(message) => {
            report(&format!(
                "{name}:{}: case {number}: {message}",
                J::line(case)
            ));
            Ok(Outcome::BadInput)
        }
    }
}

/// `solve --judge NAME`: every input's expected output, each case answered as soon as it is
/// read.
pub fn solve(args: &SolveArgs, name: &str, out: &mut impl Write) -> Result<Outcome, Failure> {
    with_judge!(name, |judge| solve_with(&judge, args, out))
}

fn solve_with<J: Judging>(
    judge: &J,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let mut status = Outcome::Success;
    for source in source::sources(&args.input) {
        let reader = match open_source(&source) {
            Ok(reader) => reader,
            Err(failure) => {
                status = status.max(failure);
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

/// `gen --judge NAME`: one input on standard output, or `--count` input and answer files.
pub fn generate(
    args: &GenArgs,
    name: &str,
    seed: u64,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let mut generator = Generator::from_seed(seed);
    with_judge!(name, |judge| match &args.output_dir {
        None => write_one_input(&judge, args.count, &mut generator, out),
        Some(directory) => write_inputs(&judge, args.count, &mut generator, directory),
    })
}

/// Writes `count` cases as one input on `out`, when the judge takes that many in one.
fn write_one_input<J: Judging>(
    judge: &J,
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
    let cases = judge.draw(0..count, generator);
    let mut input = Vec::new();
    judge.write_input(&cases, &mut input);
    out.write_all(&input)?;
    Ok(Outcome::Success)
}

/// Writes `count` inputs to `directory`, each `NAME-NNN.in` with its expected output
/// `NAME-NNN.ans`, and a few cases in each where the judge takes several.
fn write_inputs<J: Judging>(
    judge: &J,
    count: u64,
    generator: &mut Generator,
    directory: &Path,
) -> Result<Outcome, Failure> {
    let (limits, name) = (judge.limits(), judge.name());
    if let Err(error) = fs::create_dir_all(directory) {
        return Err(Failure::File(format!("{}: {error}", directory.display())));
    }
    let digits = count.to_string().len().max(3);
    let mut drawn = 0;
    for number in 1..=count {
        let cases_here = if limits.cases == 1 {
            1
        } else {
            1 + generator.below(limits.cases.min(10))
        };
        let cases = judge.draw(drawn..drawn + cases_here, generator);
        drawn += cases_here;
        let mut input = Vec::new();
        judge.write_input(&cases, &mut input);
        let mut answers = Vec::new();
        let stem = format!("{name}-{number:0digits$}");
        let mut status = Outcome::Success;
        for (index, case) in judge.read_all(&input).iter().enumerate() {
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

/// Writes a whole file atomically.
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// Cases `numbers` (from 0, counted across every input written) for `judge`, in a cycle of
/// four: a board drawn uniformly among all; one of the hardest boards (God's number) where the
/// puzzle is small enough to explore; an impossible one where the statement allows them and the
/// puzzle is small; and a board drawn uniformly among those that can be finished. Boards the
/// statement promises never come (impossible ones where it says every board can be finished)
/// are drawn again.
fn draw_cases(
    judge: &dyn Judge,
    numbers: std::ops::Range<u64>,
    generator: &mut Generator,
) -> Vec<Case> {
    let limits = judge.limits();
    numbers
        .map(|number| {
            loop {
                let mut case = judge::random_case(judge, generator);
                let small = case.board.shape().cells() <= SMALL_CELLS;
                let wanted = match number % 4 {
                    0 => None,
                    1 if small => Some(Wanted::Hardest),
                    2 if small && limits.impossible => Some(Wanted::Impossible),
                    _ => {
                        case.board = solvable_board(&case.puzzle, generator);
                        None
                    }
                };
                if let Some(wanted) = wanted
                    && let Ok(space) = SmallSpace::explore(&case.puzzle, false, &mut |_, _| {})
                    && let Some(bits) = generator.pick(&candidates(&space, wanted))
                {
                    case.board = space.board(bits);
                }
                if limits.impossible || answer(&case).is_some() {
                    break case;
                }
            }
        })
        .collect()
}

/// Boards up to this many cells are explored whole for the hardest and impossible ones (a
/// fraction of a second each).
const SMALL_CELLS: u64 = 20;

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_offers_exactly_the_librarys_judges_in_its_order() {
        let two = flipgame::judge::all().map(|judge| judge.name());
        let k = flipgame::judge::state_judges().map(|judge| judge.name());
        let library: Vec<&str> = two.into_iter().chain(k).collect();
        assert_eq!(library, crate::cli::JUDGES);
    }
}
