//! `flipgame solve`: the fewest taps for each board, as the judge prints them, or as JSON.

use std::io::{self, Write};

use flipgame::grid::{Grid, Shape};
use flipgame::puzzle::Goal;
use flipgame::solve::Solution;
use flipgame::words::taps;

use super::args::{Readiness, SolverSource};
use super::boards::{BoardCommand, Place, SolvedJson, failed_board, run_boards};
use super::{Failure, Outcome};
use crate::cli::{BoardInput, RecordFormat, SolveArgs, SolveFormat};
use crate::output::json::{JsonStream, RuleFields};
use crate::output::{write_count, write_tap_after_space};

mod shard;
pub(super) mod states;

/// What the text format says after a count that is not proven minimal, before any taps.
fn not_proven(lower_bound: u64) -> String {
    format!("(at least {lower_bound}; not proven minimal)")
}

/// Solves every board of the inputs and writes one answer per board.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    if let Some(name) = &args.judge {
        return super::judged::solve(args, name, out);
    }
    let (format, matrix) = match args.format {
        SolveFormat::Text => (RecordFormat::Text, false),
        SolveFormat::Json => (RecordFormat::Json, false),
        SolveFormat::Jsonl => (RecordFormat::Jsonl, false),
        SolveFormat::Matrix => (RecordFormat::Text, true),
    };
    if args.input.puzzle.states != 2 {
        if args.shard.is_some() || !args.merge.is_empty() {
            return Err(super::usage(
                "--shard and --merge split the search of black and white boards: a board of \
                 --states 3 or more is searched whole",
            ));
        }
        return states::run(args, (format, matrix), out);
    }
    let solver = super::args::board_solver(&args.input)?;
    let shape = solver.puzzle().shape();
    let input = &args.input;
    let (mode, format) = match (args.shard, &args.merge[..]) {
        (Some(shard), _) => (Mode::Shard(shard), RecordFormat::Jsonl),
        (None, []) => (Mode::Whole, format),
        (None, files) => (
            Mode::Merge(Box::new(shard::Merged::read(files, solver.puzzle())?)),
            format,
        ),
    };
    let outcome = match solver.made_if_cheap() {
        Readiness::Made(made) => {
            let mut command = Solve::new(*made, mode, args.taps, matrix);
            answer_all(input, shape, format, out, &mut command)
        }
        Readiness::Waiting(waiting) => {
            let mut command = Solve::new(*waiting, mode, args.taps, matrix);
            answer_all(input, shape, format, out, &mut command)
        }
    };
    Ok(outcome?)
}

/// How `solve` searches: each board whole, one shard of each, or merged from the shards.
enum Mode {
    Whole,
    Shard(flipgame::solve::Shard),
    Merge(Box<shard::Merged>),
}

/// The board loop for one kind of solver, compiled on its own for each: the 4x4 stream's loop
/// is the whole of its function, as it was before the solver could wait for a board.
#[inline(never)]
fn answer_all<S: SolverSource, W: Write>(
    input: &BoardInput,
    shape: Shape,
    format: RecordFormat,
    out: &mut W,
    command: &mut Solve<S>,
) -> io::Result<Outcome> {
    run_boards(
        input,
        (shape, super::args::cells(input.cells)),
        format,
        out,
        command,
    )
}

struct Solve<S> {
    solver: S,
    mode: Mode,
    goal: Goal,
    /// Every answer is one lookup in the distance table, and the judge's count is written.
    table: bool,
    rule: RuleFields,
    taps: bool,
    /// `--format matrix`.
    matrix: bool,
    /// Boards answered so far (for the blank line between matrices).
    answered: u64,
    /// A board left unanswered (its shards' parts did not merge).
    outcome: Outcome,
}

impl<S: SolverSource> Solve<S> {
    fn new(solver: S, mode: Mode, taps: bool, matrix: bool) -> Solve<S> {
        let puzzle = solver.puzzle();
        Solve {
            rule: RuleFields::of(puzzle),
            // A merge still checks each board against its shards' records.
            table: puzzle.shape().is_flip_game() && !matrix && matches!(mode, Mode::Whole),
            goal: puzzle.goal(),
            solver,
            mode,
            taps,
            matrix,
            answered: 0,
            outcome: Outcome::Success,
        }
    }
}

impl<S: SolverSource> BoardCommand for Solve<S> {
    type Board = Grid;

    #[inline(always)]
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &Grid,
    ) -> io::Result<()> {
        if json.is_none() && !self.taps && self.table {
            // The hot path of the judge's format: one lookup, a few bytes.
            return match self.solver.solver().moves(board) {
                Some(moves) => {
                    write_count(out, moves.try_into().unwrap_or(u32::MAX))?;
                    out.write_all(b"\n")
                }
                None => out.write_all(b"Impossible\n"),
            };
        }
        self.answer_in_full(out, json, index, place, board)
    }

    fn finish(&mut self) -> Outcome {
        if let Mode::Merge(merged) = &self.mode
            && let Some(message) = merged.unasked()
        {
            super::report(&message);
            return Outcome::BadInput;
        }
        self.outcome
    }
}

impl<S: SolverSource> Solve<S> {
    /// Every answer but the judge's 4x4 count: kept out of line so the count's path stays small
    /// enough to be inlined into the parser's loop.
    #[inline(never)]
    fn answer_in_full<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &Grid,
    ) -> io::Result<()> {
        let solver = self.solver.solver();
        let solution = match &mut self.mode {
            Mode::Whole => super::boards::solve_board(solver, board),
            Mode::Shard(shard) => {
                let Some(json) = json else {
                    unreachable!("a shard's records are JSON lines");
                };
                return shard::write_part(out, json, (solver, *shard), (index, place), board);
            }
            Mode::Merge(merged) => match merged.solve(solver, index, board) {
                Ok(solution) => solution,
                Err(message) => {
                    self.outcome = Outcome::BadInput;
                    return failed_board(out, json, index, place, format!("{place}: {message}"));
                }
            },
        };
        if self.matrix {
            return self.write_matrix(out, place, solution.as_ref());
        }
        if let Some(json) = json {
            return json.write(
                out,
                &SolvedJson::new(index, place, board, &self.rule, solution.as_ref()),
            );
        }
        let Some(solution) = solution else {
            return out.write_all(b"Impossible\n");
        };
        write_count(out, solution.moves().try_into().unwrap_or(u32::MAX))?;
        if !solution.optimal {
            write!(out, " {}", not_proven(solution.lower_bound))?;
        }
        if self.taps {
            for (row, col) in solution.taps.cells() {
                write_tap_after_space(out, row, col)?;
            }
            if self.goal == Goal::Either {
                // Either colour counts, so say which one these taps reach.
                write!(out, " (all {})", solution.color)?;
            }
        }
        out.write_all(b"\n")
    }
}

impl<S> Solve<S> {
    /// The taps as rows of 0/1, a blank line before every board but the first.
    fn write_matrix<W: Write>(
        &mut self,
        out: &mut W,
        place: Place<'_>,
        solution: Option<&Solution>,
    ) -> io::Result<()> {
        let answer = solution.map(|solution| {
            let mut rows = Vec::new();
            flipgame::judge::write_digit_rows(&solution.taps, &mut rows);
            let count = Count {
                moves: solution.moves(),
                optimal: solution.optimal,
                lower_bound: solution.lower_bound,
            };
            (count, rows)
        });
        write_matrix(out, &mut self.answered, place, answer)
    }
}

/// A board's count of taps or presses, and whether it is proven.
struct Count {
    moves: u64,
    optimal: bool,
    lower_bound: u64,
}

/// Writes one board of `--format matrix`: a blank line before every board but the first, then
/// its `rows` (or `Impossible`); a count not proven is said on stderr.
fn write_matrix<W: Write>(
    out: &mut W,
    answered: &mut u64,
    place: Place<'_>,
    answer: Option<(Count, Vec<u8>)>,
) -> io::Result<()> {
    if *answered > 0 {
        out.write_all(b"\n")?;
    }
    *answered += 1;
    let Some((count, rows)) = answer else {
        return out.write_all(b"Impossible\n");
    };
    if !count.optimal {
        // The matrix has no room for words: say it where people look, not in the data.
        super::note(&format!(
            "{place}: these {} are the fewest found, not proven minimal (at least {} are \
             needed)",
            taps(count.moves),
            count.lower_bound
        ));
    }
    out.write_all(&rows)
}
