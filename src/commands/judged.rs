//! What `solve --judge`, `check --judge` and `gen --judge` share: reading a judge's input from
//! a source, answering its cases with the core, and writing the judge's expected output.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use flipgame::generate::{Wanted, candidates, solvable_board};
use flipgame::judge::{self, Case, Judge};
use flipgame::random::Generator;
use flipgame::solve::{Solution, Solver};
use flipgame::space::SmallSpace;

use super::{Failure, Outcome, note, report, usage};
use crate::cli::{GenArgs, SolveArgs};
use crate::output::file::AtomicFile;
use crate::source::{self, Source};

/// The judge `--judge` named (the parser only lets known names through).
pub fn judge_named(name: &str) -> &'static dyn Judge {
    judge::by_name(name).unwrap_or_else(|| unreachable!("clap checks the judge names"))
}

/// The whole of a source's bytes, or the error already reported.
pub fn read_source(source: &Source) -> Result<Vec<u8>, Outcome> {
    let mut bytes = Vec::new();
    let result = match source {
        Source::Stdin => io::stdin().lock().read_to_end(&mut bytes).map(drop),
        Source::File(path) => {
            fs::File::open(path).and_then(|mut file| file.read_to_end(&mut bytes).map(drop))
        }
        Source::Argument { text, .. } => {
            bytes.extend_from_slice(text.as_bytes());
            Ok(())
        }
    };
    result.map(|()| bytes).map_err(|error| {
        report(&format!("{source}: {error}"));
        Outcome::IoError
    })
}

/// The core's answer to a case: the least of the fewest tap sets, or `None` when impossible.
pub fn answer(case: &Case) -> Option<Solution> {
    // Every judge's sizes are far inside the solver's limits.
    Solver::new(case.puzzle.clone()).ok()?.solve(&case.board)
}

/// The judge's expected output for every case read from one input, in order; the cases that
/// could not be read or answered are reported (`name` is the input's name) and give
/// `Outcome::BadInput`.
pub fn expected_output(
    judge: &dyn Judge,
    cases: &[Result<Case, judge::JudgeError>],
    name: &str,
    mut emit: impl FnMut(&[u8]) -> io::Result<()>,
) -> Result<Outcome, Failure> {
    let mut status = Outcome::Success;
    let mut buffer = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let number = index as u64 + 1;
        match case {
            Ok(case) => {
                if let Some(limit) = judge::outside_the_statement(judge, case) {
                    note(&format!(
                        "{name}:{}: case {number} is {}, outside the statement's limits ({limit}): \
                         the judge never gives it, but flipgame answers it",
                        case.line,
                        case.board.shape()
                    ));
                }
                buffer.clear();
                let answer = answer(case);
                match judge.write(case, number, answer.as_ref(), &mut buffer) {
                    Ok(()) => emit(&buffer)?,
                    Err(message) => {
                        report(&format!("{name}:{}: case {number}: {message}", case.line));
                        status = Outcome::BadInput;
                    }
                }
            }
            Err(error) => {
                report(&format!("{name}:{error}"));
                status = Outcome::BadInput;
            }
        }
    }
    Ok(status)
}

/// `solve --judge NAME`: every input's expected output.
pub fn solve(args: &SolveArgs, name: &str, out: &mut impl Write) -> Result<Outcome, Failure> {
    let judge = judge_named(name);
    let mut status = Outcome::Success;
    for source in source::sources(&args.input) {
        let bytes = match read_source(&source) {
            Ok(bytes) => bytes,
            Err(failure) => {
                status = status.max(failure);
                continue;
            }
        };
        let cases = judge.read(&bytes);
        let written = expected_output(judge, &cases, &source.to_string(), |bytes| {
            out.write_all(bytes)
        })?;
        status = status.max(written);
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
    let judge = judge_named(name);
    let mut generator = Generator::from_seed(seed);
    match &args.output_dir {
        None => write_one_input(judge, name, args.count, &mut generator, out),
        Some(directory) => write_inputs(judge, name, args.count, &mut generator, directory),
    }
}

/// Writes `count` cases as one input on `out`, when the judge takes that many in one.
fn write_one_input(
    judge: &dyn Judge,
    name: &str,
    count: u64,
    generator: &mut Generator,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let limits = judge.limits();
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
    let cases = draw_cases(judge, 0..count, generator);
    let mut input = Vec::new();
    judge.write_input(&cases, &mut input);
    out.write_all(&input)?;
    Ok(Outcome::Success)
}

/// Writes `count` inputs to `directory`, each `NAME-NNN.in` with its expected output
/// `NAME-NNN.ans`, and a few cases in each where the judge takes several.
fn write_inputs(
    judge: &dyn Judge,
    name: &str,
    count: u64,
    generator: &mut Generator,
    directory: &Path,
) -> Result<Outcome, Failure> {
    let limits = judge.limits();
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
        let cases = draw_cases(judge, drawn..drawn + cases_here, generator);
        drawn += cases_here;
        let mut input = Vec::new();
        judge.write_input(&cases, &mut input);
        let mut answers = Vec::new();
        let stem = format!("{name}-{number:0digits$}");
        let read_back = judge.read(&input);
        let status = expected_output(judge, &read_back, &format!("{stem}.in"), |bytes| {
            answers.extend_from_slice(bytes);
            Ok(())
        })?;
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
                    case.board = space.grid(bits);
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
        let library: Vec<&str> = flipgame::judge::all().iter().map(|j| j.name()).collect();
        assert_eq!(library, crate::cli::JUDGES);
    }
}
