//! `flipgame solve`: the fewest taps for each board, as the judge prints them, or as JSON, for
//! either kind of piece; `--shard` and `--merge` split the search of two-sided pieces
//! (`shard.rs`).

use std::io::{self, Write};

use flipgame::kind::{Kind, SolutionOf};
use flipgame::solve::Taps;
use flipgame::words::taps;

use super::args::{BoardSolver, EitherPuzzle, ForEitherKind, either_puzzle, with_puzzle};
use super::boards::{BoardCommand, Place, SolvedJson, failed_board, run_boards, solve_board};
use super::kind::CommandKind;
use super::{Failure, Outcome, usage};
use crate::cli::{RecordFormat, SolveArgs, SolveFormat};
use crate::output::json::JsonStream;
use crate::output::{write_count, write_tap_after_space};
use flipgame::record::RuleFields;

pub(super) mod shard;

/// What the text format says after a count that is not proven minimal, before any taps.
fn not_proven(lower_bound: u64) -> String {
    format!("(at least {lower_bound}; not proven minimal)")
}

/// Solves every board of the inputs and writes one answer per board, to standard output or,
/// atomically, to `--output`.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    match &args.output {
        None => answer_to(args, out),
        // A shard's records are written as they come, for a run stopped half way to leave
        // them to the next run of that shard (see `shard::Kept`).
        Some(path) if args.shard.is_some() => {
            super::write_partial_file(path, |mut file| answer_to(args, &mut file))
        }
        Some(path) => super::write_file(path, |mut file| answer_to(args, &mut file)),
    }
}

/// [`run`] with its output chosen.
fn answer_to(args: &SolveArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    if let Some(name) = &args.judge {
        return super::judged::solve(args, name, out);
    }
    let (format, matrix) = match args.format {
        SolveFormat::Text => (RecordFormat::Text, false),
        SolveFormat::Json => (RecordFormat::Json, false),
        SolveFormat::Jsonl => (RecordFormat::Jsonl, false),
        SolveFormat::Matrix => (RecordFormat::Text, true),
    };
    if args.shard.is_some() || !args.merge.is_empty() {
        return match either_puzzle(&args.input.puzzle, args.input.cells)? {
            EitherPuzzle::Two(puzzle) => shard::solve_split(puzzle, args, (format, matrix), out),
            EitherPuzzle::K(_) => Err(usage(
                "--shard and --merge split the search of black and white boards: a board of \
                 --states 3 or more is searched whole",
            )),
        };
    }
    let solve = SolveBoards {
        args,
        format,
        matrix,
        out,
    };
    with_puzzle(&args.input.puzzle, args.input.cells, solve)
}

/// `solve` once the flags have chosen the kind of piece.
struct SolveBoards<'a, W> {
    args: &'a SolveArgs,
    format: RecordFormat,
    matrix: bool,
    out: &'a mut W,
}

impl<W: Write> ForEitherKind for SolveBoards<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let args = self.args;
        let solver = BoardSolver::<K>::new(puzzle, &args.input)?;
        let mut command = Solve::new(solver, Whole, args.taps, self.matrix);
        Ok(answer_all(args, self.format, self.out, &mut command)?)
    }
}

/// The board loop of `solve`, compiled on its own for each kind and way of answering: the 4x4
/// stream's loop is the whole of its function.
#[inline(never)]
pub(super) fn answer_all<K: CommandKind, A: Answering<K>, W: Write>(
    args: &SolveArgs,
    format: RecordFormat,
    out: &mut W,
    command: &mut Solve<K, A>,
) -> io::Result<Outcome> {
    let puzzle = command.solver.puzzle();
    let cells = (
        K::shape(puzzle),
        K::cells(puzzle, super::args::cells(args.input.cells)),
    );
    run_boards(&args.input, cells, format, out, command)
}

/// What a way of answering gives for one board.
pub(super) enum Answered<K: Kind> {
    /// The answer: the fewest taps, or `None` when no taps finish the board.
    Solved(Option<SolutionOf<K>>),
    /// A record written already (a shard's part of the search).
    Written,
    /// No answer, why, and the exit status it leads to (its shards' parts did not merge, or
    /// some shard has no record of it).
    Failed(String, Outcome),
}

/// A way of answering each board: whole here, or as one shard of a split search, or merged
/// from the shards' records.
pub(super) trait Answering<K: Kind> {
    /// The answer for `board`, board `index` from `place`; a record it writes itself goes to
    /// `output`, the writer and the JSON stream.
    fn answer<W: Write>(
        &mut self,
        solver: &K::Solver,
        output: (&mut W, Option<&mut JsonStream>),
        at: (u64, Place<'_>),
        board: &K::Board,
    ) -> io::Result<Answered<K>>;

    /// True when every answer is whole, the solver's own: a 4x4 stream of counts then takes the
    /// table's path.
    fn is_whole(&self) -> bool {
        false
    }

    /// What is left to report after the last board, and how it leaves the run.
    fn finish(&mut self) -> Outcome {
        Outcome::Success
    }
}

/// Each board searched whole here.
pub(super) struct Whole;

impl<K: Kind> Answering<K> for Whole {
    fn answer<W: Write>(
        &mut self,
        solver: &K::Solver,
        _: (&mut W, Option<&mut JsonStream>),
        _: (u64, Place<'_>),
        board: &K::Board,
    ) -> io::Result<Answered<K>> {
        Ok(Answered::Solved(solve_board::<K>(solver, board)))
    }

    fn is_whole(&self) -> bool {
        true
    }
}

/// The `solve` command over boards of kind `K`, answering each as `A` does.
pub(super) struct Solve<K: Kind, A> {
    solver: BoardSolver<K>,
    answering: A,
    /// Every answer is one lookup in the distance table, and the judge's count is written.
    lookup: bool,
    rule: RuleFields,
    taps: bool,
    /// The goal accepts more than one colour: `--taps` then says which one the taps reach.
    any_color: bool,
    /// `--format matrix`.
    matrix: bool,
    /// Boards answered so far (for the blank line between matrices).
    answered: u64,
    /// A board left unanswered.
    outcome: Outcome,
}

impl<K: CommandKind, A: Answering<K>> Solve<K, A> {
    /// The command answering with `answering`.
    pub(super) fn new(
        solver: BoardSolver<K>,
        answering: A,
        taps: bool,
        matrix: bool,
    ) -> Solve<K, A> {
        let puzzle = solver.puzzle();
        Solve {
            rule: RuleFields::of::<K>(puzzle),
            any_color: K::goal_colors(puzzle).len() > 1,
            lookup: K::moves_by_lookup(puzzle) && !matrix && answering.is_whole(),
            solver,
            answering,
            taps,
            matrix,
            answered: 0,
            outcome: Outcome::Success,
        }
    }
}

impl<K: CommandKind, A: Answering<K>> BoardCommand for Solve<K, A> {
    type Kind = K;

    #[inline(always)]
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &K::Board,
    ) -> io::Result<()> {
        if json.is_none() && !self.taps && self.lookup {
            // The hot path of the judge's format: one lookup, a few bytes.
            return match K::moves(self.solver.get(), board) {
                Some(moves) => {
                    write_count(out, moves.try_into().unwrap_or(u32::MAX))?;
                    out.write_all(b"\n")
                }
                None => out.write_all(b"Impossible\n"),
            };
        }
        self.answer_in_full(out, json, index, place, board)
    }

    fn lines_by_board(&self) -> bool {
        // A 4x4 answer, whole and in text, is its board's alone.
        self.lookup
    }

    fn line_keys(&mut self, ids: &[u16], keys: &mut Vec<u16>) {
        match K::distance_table(self.solver.get()) {
            // The count alone, at most 16 on a 4x4 board; impossible boards share a key of
            // their own.
            Some(table) if !self.taps => keys.extend(
                ids.iter()
                    .map(|&id| table.moves(id).map_or(u16::MAX, u16::from)),
            ),
            // The taps differ board by board.
            _ => keys.extend_from_slice(ids),
        }
    }

    fn finish(&mut self) -> Outcome {
        self.outcome.max(self.answering.finish())
    }
}

impl<K: CommandKind, A: Answering<K>> Solve<K, A> {
    /// Every answer but the judge's 4x4 count: kept out of line so the count's path stays small
    /// enough to be inlined into the parser's loop.
    #[inline(never)]
    fn answer_in_full<W: Write>(
        &mut self,
        out: &mut W,
        mut json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &K::Board,
    ) -> io::Result<()> {
        let solver = self.solver.get();
        // A whole answer is the solver's own, asked for here so that a million-board stream
        // does not carry each one through the `io::Result` a shard's record needs.
        let answered = if self.answering.is_whole() {
            Answered::Solved(solve_board::<K>(solver, board))
        } else {
            self.answering.answer(
                solver,
                (&mut *out, json.as_deref_mut()),
                (index, place),
                board,
            )?
        };
        let solution = match answered {
            Answered::Solved(solution) => solution,
            Answered::Written => return Ok(()),
            Answered::Failed(message, outcome) => {
                self.outcome = self.outcome.max(outcome);
                return failed_board(out, json, index, place, format!("{place}: {message}"));
            }
        };
        if self.matrix {
            return self.write_matrix(out, place, board, solution.as_ref());
        }
        match json {
            Some(json) => self.write_record(out, json, (index, place), board, solution),
            None => self.write_line(out, board, solution),
        }
    }

    /// The board's JSON record.
    fn write_record<W: Write>(
        &mut self,
        out: &mut W,
        json: &mut JsonStream,
        at: (u64, Place<'_>),
        board: &K::Board,
        solution: Option<SolutionOf<K>>,
    ) -> io::Result<()> {
        let solver = self.solver.get();
        let puzzle = K::puzzle(solver);
        // A K-state record carries its proof; two-sided pieces say only that there is none.
        let proof = match (&solution, K::recorded_states(puzzle)) {
            (None, Some(_)) => K::proof(solver, board),
            _ => None,
        };
        let record = SolvedJson::<K>::new(
            at,
            puzzle,
            board,
            &self.rule,
            (solution.as_ref(), proof.as_ref()),
        );
        json.write(out, &record)
    }

    /// The board's line of text: the count, and the taps with `--taps`.
    fn write_line<W: Write>(
        &self,
        out: &mut W,
        board: &K::Board,
        solution: Option<SolutionOf<K>>,
    ) -> io::Result<()> {
        let Some(solution) = solution else {
            return out.write_all(b"Impossible\n");
        };
        write_count(out, solution.moves().try_into().unwrap_or(u32::MAX))?;
        if !solution.optimal {
            write!(out, " {}", not_proven(solution.lower_bound))?;
        }
        if self.taps {
            let cols = K::board_shape(board).cols() as usize;
            // A cell tapped j times is listed j times, as the judges print taps.
            for (cell, times) in solution.taps.tapped_cells(cols) {
                for _ in 0..times {
                    write_tap_after_space(out, cell.row, cell.col)?;
                }
            }
            if self.any_color {
                // Any colour counts, so say which one these taps reach.
                let color = K::color_words(K::color_number(solution.color));
                write!(out, " (all {color})")?;
            }
        }
        out.write_all(b"\n")
    }

    /// The taps as rows of counts (0/1 for two-sided pieces), a blank line before every board
    /// but the first; a count not proven is said on stderr.
    fn write_matrix<W: Write>(
        &mut self,
        out: &mut W,
        place: Place<'_>,
        board: &K::Board,
        solution: Option<&SolutionOf<K>>,
    ) -> io::Result<()> {
        if self.answered > 0 {
            out.write_all(b"\n")?;
        }
        self.answered += 1;
        let Some(solution) = solution else {
            return out.write_all(b"Impossible\n");
        };
        if !solution.optimal {
            // The matrix has no room for words: say it where people look, not in the data.
            super::note(&format!(
                "{place}: these {} are the fewest found, not proven minimal (at least {} are \
                 needed)",
                taps(solution.moves()),
                solution.lower_bound
            ));
        }
        let shape = K::board_shape(board);
        let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
        let mut counts = vec![0u8; rows * cols];
        for (cell, times) in solution.taps.tapped_cells(cols) {
            counts[cell.row * cols + cell.col] = times;
        }
        let mut text = Vec::with_capacity(counts.len() * 2);
        for row in counts.chunks(cols) {
            for (col, &times) in row.iter().enumerate() {
                if col > 0 {
                    text.push(b' ');
                }
                // Fewer than K taps a cell, and K is at most 36: one or two digits.
                if times >= 10 {
                    text.push(b'0' + times / 10);
                }
                text.push(b'0' + times % 10);
            }
            text.push(b'\n');
        }
        out.write_all(&text)
    }
}
