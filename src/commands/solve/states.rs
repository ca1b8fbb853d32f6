//! `flipgame solve --states K` (K from 3): the fewest presses for boards of K colours, as text,
//! JSON or a matrix of press counts.

use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;

use flipgame::grid::StateBoard;
use flipgame::notation::{Cell, Cells};
use flipgame::puzzle::StateGoal;
use flipgame::solve::states::{StateProof, StateSolution, StateSolver};

use super::super::boards::{BoardCommand, Place, run_boards};
use super::super::{Failure, Outcome};
use super::{Count, not_proven, write_matrix};
use crate::cli::{RecordFormat, SolveArgs};
use crate::output::json::{JsonStream, RuleFields, as_text};
use crate::output::{write_count, write_tap_after_space};
use crate::progress::Progress;

/// Solves every board of K states of the inputs and writes one answer per board.
pub fn run(
    args: &SolveArgs,
    (format, matrix): (RecordFormat, bool),
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    let puzzle = super::super::args::state_puzzle(&args.input.puzzle, args.input.cells)?;
    let rule = RuleFields::of_states(&puzzle);
    let cells = (puzzle.shape(), Cells::States(puzzle.states()));
    let search_time = args.input.search_time.map(Duration::from_secs_f64);
    let mut solver = StateSolver::new(puzzle).map_err(|error| Failure::Usage(error.to_string()))?;
    solver.set_search_time(search_time);
    let mut command = SolveStates {
        solver,
        rule,
        taps: args.taps,
        matrix,
        answered: 0,
    };
    Ok(run_boards(&args.input, cells, format, out, &mut command)?)
}

struct SolveStates {
    solver: StateSolver,
    rule: RuleFields,
    taps: bool,
    /// `--format matrix`.
    matrix: bool,
    /// Boards answered so far (for the blank line between matrices).
    answered: u64,
}

impl BoardCommand for SolveStates {
    type Board = StateBoard;

    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &StateBoard,
    ) -> io::Result<()> {
        // One bar for the board's searches, shown once they take a while.
        let mut bar = Progress::new("searching the quiet press counts");
        let answer = self
            .solver
            .solve_with_progress(board, &mut |_, done, total| bar.update(done, total))
            .ok_or_else(|| {
                self.solver
                    .proof(board)
                    .unwrap_or_else(|| unreachable!("no taps finish it"))
            });
        bar.finish();
        let cols = board.shape().cols() as usize;
        if self.matrix {
            return self.write_matrix(out, place, cols, answer.as_ref().ok());
        }
        if let Some(json) = json {
            let record = SolvedStatesJson::new(index, place, board, &self.rule, &answer);
            return json.write(out, &record);
        }
        let Ok(solution) = answer else {
            return out.write_all(b"Impossible\n");
        };
        write_count(out, solution.moves().try_into().unwrap_or(u32::MAX))?;
        if !solution.optimal {
            write!(out, " {}", not_proven(solution.lower_bound))?;
        }
        if self.taps {
            // A cell pressed j times is listed j times, as the judges print presses.
            for (cell, times) in solution.tapped(cols) {
                for _ in 0..times {
                    write_tap_after_space(out, cell.row, cell.col)?;
                }
            }
            if self.solver.puzzle().goal() == StateGoal::Any {
                // Any colour counts, so say which one these presses reach.
                write!(out, " (all {})", solution.color)?;
            }
        }
        out.write_all(b"\n")
    }
}

impl SolveStates {
    /// The press counts as rows of numbers, a blank line before every board but the first.
    fn write_matrix<W: Write>(
        &mut self,
        out: &mut W,
        place: Place<'_>,
        cols: usize,
        solution: Option<&StateSolution>,
    ) -> io::Result<()> {
        let answer = solution.map(|solution| {
            let mut rows = Vec::new();
            for row in solution.taps.chunks(cols) {
                let numbers: Vec<String> = row.iter().map(u8::to_string).collect();
                rows.extend_from_slice(numbers.join(" ").as_bytes());
                rows.push(b'\n');
            }
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

/// One answered board of K states in JSON.
#[derive(Serialize)]
pub(in crate::commands) struct SolvedStatesJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    #[serde(serialize_with = "as_text")]
    board: &'a StateBoard,
    rows: u32,
    cols: u32,
    #[serde(flatten)]
    rule: &'a RuleFields,
    states: u8,
    solvable: bool,
    moves: Option<u64>,
    goal: Option<u8>,
    optimal: bool,
    lower_bound: Option<u64>,
    taps: Option<Vec<PressJson>>,
    proof: Option<ProofJson>,
}

/// A pressed cell and how many times.
#[derive(Serialize)]
struct PressJson {
    #[serde(flatten)]
    cell: Cell,
    times: u8,
}

/// Why a board cannot be finished, in numbers a program can check.
#[derive(Serialize)]
struct ProofJson {
    /// One weight a cell, rows from the top.
    weights: Vec<Vec<u8>>,
    board_sum: u8,
    finished_sum: u8,
}

impl<'a> SolvedStatesJson<'a> {
    /// The record of board `index`, read at `place`, and its answer.
    pub(in crate::commands) fn new(
        index: u64,
        place: Place<'a>,
        board: &'a StateBoard,
        rule: &'a RuleFields,
        answer: &Result<StateSolution, StateProof>,
    ) -> SolvedStatesJson<'a> {
        let cols = board.shape().cols() as usize;
        let solution = answer.as_ref().ok();
        SolvedStatesJson {
            index,
            source: place,
            board,
            rows: board.shape().rows(),
            cols: board.shape().cols(),
            rule,
            states: board.states(),
            solvable: solution.is_some(),
            moves: solution.map(StateSolution::moves),
            goal: solution.map(|s| s.color),
            optimal: solution.is_none_or(|s| s.optimal),
            lower_bound: solution.map(|s| s.lower_bound),
            taps: solution.map(|s| {
                s.tapped(cols)
                    .map(|(cell, times)| PressJson { cell, times })
                    .collect()
            }),
            proof: answer.as_ref().err().map(|proof| ProofJson {
                weights: proof.weights.chunks(cols).map(<[u8]>::to_vec).collect(),
                board_sum: proof.board_sum,
                finished_sum: proof.finished_sum,
            }),
        }
    }
}
