//! `flipgame explain --states K`: the fewest presses of a board of K colours as a walkthrough,
//! one board a press, or the weights that prove it impossible; as terminal text, SVG or JSON.

use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;

use flipgame::grid::StateBoard;
use flipgame::notation::{Cell, Cells};
use flipgame::puzzle::StateGoal;
use flipgame::solve::states::{StateProof, StateSolution, StateSolver};
use flipgame::words::{count_of, thousands};

use super::super::args::state_puzzle;
use super::super::boards::{BoardCommand, Place, run_boards};
use super::super::solve::states::SolvedStatesJson;
use super::super::{Failure, Outcome, usage};
use super::{MAPPED_TAPS_LISTED, Presenter};
use crate::cli::{ExplainArgs, RecordFormat};
use crate::figure::{Block, Drawing, Figure};
use crate::output::json::{JsonStream, RuleFields};
use crate::render::Mark;

/// Explains every board of K states of the inputs through `presenter`.
pub(super) fn run<W: Write>(
    args: &ExplainArgs,
    presenter: &mut Presenter,
    format: RecordFormat,
    out: &mut W,
) -> Result<Outcome, Failure> {
    if args.trace {
        return Err(usage(
            "--trace tells the breadth-first search of black and white boards: leave it out \
             with --states",
        ));
    }
    let puzzle = state_puzzle(&args.input.puzzle, args.input.cells)?;
    let rule = RuleFields::of_states(&puzzle);
    let cells = (puzzle.shape(), Cells::States(puzzle.states()));
    let search_time = args.input.search_time.map(Duration::from_secs_f64);
    let mut solver = StateSolver::new(puzzle).map_err(|error| usage(error.to_string()))?;
    solver.set_search_time(search_time);
    let mut command = ExplainStates {
        solver,
        rule,
        presenter,
        draw_boards: !args.no_boards,
        map: args.map,
        max_steps: args.max_steps,
    };
    Ok(run_boards(&args.input, cells, format, out, &mut command)?)
}

struct ExplainStates<'p> {
    solver: StateSolver,
    rule: RuleFields,
    presenter: &'p mut Presenter,
    draw_boards: bool,
    map: bool,
    max_steps: usize,
}

impl BoardCommand for ExplainStates<'_> {
    type Board = StateBoard;

    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &StateBoard,
    ) -> io::Result<()> {
        let answer = self.solver.solve(board).ok_or_else(|| {
            self.solver
                .proof(board)
                .unwrap_or_else(|| unreachable!("no taps finish it"))
        });
        if let Some(json) = json {
            let record = ExplainedStatesJson {
                solved: SolvedStatesJson::new(index, place, board, &self.rule, &answer),
                steps: answer
                    .as_ref()
                    .map(|solution| self.steps(board, solution))
                    .unwrap_or_default(),
            };
            return json.write(out, &record);
        }
        let figure = self.figure(place, board, &answer);
        self.presenter.show(out, index, None, figure)
    }
}

impl ExplainStates<'_> {
    /// Every press of `solution` in row-major order, a cell pressed j times j times, with the
    /// cells it changes and the board after it.
    fn steps(&self, board: &StateBoard, solution: &StateSolution) -> Vec<StepJson> {
        let puzzle = self.solver.puzzle();
        let mut current = board.clone();
        presses_in_order(solution, board.shape().cols() as usize)
            .map(|cell| {
                puzzle.tap(&mut current, cell.row, cell.col);
                StepJson {
                    press: cell,
                    changed: puzzle
                        .presses(cell.row, cell.col)
                        .into_iter()
                        .map(|(at, _)| Cell::from(at))
                        .collect(),
                    board: current.to_string(),
                }
            })
            .collect()
    }

    fn size(board: &StateBoard) -> (usize, usize) {
        let shape = board.shape();
        (shape.rows() as usize, shape.cols() as usize)
    }

    fn figure(
        &self,
        place: Place<'_>,
        board: &StateBoard,
        answer: &Result<StateSolution, StateProof>,
    ) -> Figure {
        let mut figure = Figure::default();
        let puzzle = self.solver.puzzle();
        let shape = board.shape();
        let text = board.to_string();
        let title = if text.len() <= self.presenter.target.columns() {
            text
        } else {
            format!("A {shape} board")
        };
        figure.push(Block::Heading {
            title,
            detail: format!(
                "({shape}, {} states, rule {}{}, {place})",
                puzzle.states(),
                puzzle.rule().label(),
                if puzzle.wrap() { ", wrapped" } else { "" }
            ),
        });
        figure.blocks.extend(
            self.presenter
                .too_wide_note(self.draw_boards, Self::size(board)),
        );
        match answer {
            Ok(solution) => self.walkthrough(&mut figure, board, solution),
            Err(proof) => self.proof(&mut figure, board, proof),
        }
        figure
    }

    fn walkthrough(&self, figure: &mut Figure, board: &StateBoard, solution: &StateSolution) {
        let (color, moves) = (solution.color, solution.moves());
        let cols = board.shape().cols() as usize;
        let fits = self.presenter.fits(self.draw_boards, Self::size(board));
        if moves == 0 {
            figure.push(Block::Line(format!(
                "Already solved: all {color}, 0 presses."
            )));
            return;
        }
        // Under a map that is drawn, the map is the list: a long one is cut short.
        let shown = if self.map && fits {
            MAPPED_TAPS_LISTED
        } else {
            usize::MAX
        };
        let presses: Vec<Cell> = presses_in_order(solution, cols).collect();
        let mut listed: Vec<String> = presses.iter().take(shown).map(Cell::to_string).collect();
        if presses.len() > shown {
            listed.push(format!(
                "and {} more, counted on the map",
                thousands((presses.len() - shown) as u64)
            ));
        }
        let mut text = format!(
            "{} to all {color}: {}. Presses commute, so any order works.",
            count_of(moves, "press", "presses"),
            listed.join(" ")
        );
        if !solution.optimal {
            text.push_str(&format!(
                " These are the fewest presses found, not proven minimal: no presses fewer \
                 than {} finish the board, and the search of the quiet press counts stopped \
                 before it could tell.",
                solution.lower_bound
            ));
        }
        figure.push(Block::Text(text));
        if fits {
            figure.push(Block::Blank);
            if self.map {
                let mut counts = StateBoard::new(board.shape(), board.states());
                for (cell, times) in solution.tapped(cols) {
                    counts.set(cell.row, cell.col, times);
                }
                let pressed = solution.tapped(cols).map(|(cell, _)| (cell.row, cell.col));
                let title = format!(
                    "Press map: {} (each digit the presses there)",
                    count_of(moves, "press", "presses")
                );
                let drawing = Drawing::of_states(title, counts).with_marks(pressed, Mark::Hint);
                figure.push(Block::Boards(vec![drawing]));
                figure.push(Block::Blank);
                figure.push(Block::StateLegend(vec![Mark::Hint], board.states()));
            } else {
                self.draw_steps(figure, board, &presses);
            }
        }
        let goal = match self.solver.puzzle().goal() {
            StateGoal::Any => format!("all {color} (of any colour, the fewest)"),
            StateGoal::Color(_) => format!("all {color}"),
        };
        figure.push(Block::Strong(format!(
            "Solved in {}: {goal}.",
            count_of(moves, "press", "presses")
        )));
    }

    /// The start board and the board after each press, at most `max_steps` of them.
    fn draw_steps(&self, figure: &mut Figure, board: &StateBoard, presses: &[Cell]) {
        let puzzle = self.solver.puzzle();
        let mut drawings = vec![Drawing::of_states("Start".to_string(), board.clone())];
        let mut current = board.clone();
        for (number, cell) in presses.iter().enumerate().take(self.max_steps) {
            puzzle.tap(&mut current, cell.row, cell.col);
            let changed = puzzle
                .presses(cell.row, cell.col)
                .into_iter()
                .map(|(at, _)| at)
                .filter(|&at| at != (cell.row, cell.col));
            drawings.push(
                Drawing::of_states(format!("Press {}: {cell}", number + 1), current.clone())
                    .with_marks(changed, Mark::Flipped)
                    .with_marks([(cell.row, cell.col)], Mark::Tapped),
            );
        }
        figure.push(Block::Boards(drawings));
        if presses.len() > self.max_steps {
            figure.push(Block::Line(format!(
                "(The other {} not drawn (--max-steps {}); --format json has every step.)",
                match presses.len() - self.max_steps {
                    1 => "press is".to_string(),
                    others => format!("{others} presses are"),
                },
                self.max_steps
            )));
        }
        figure.push(Block::Blank);
        figure.push(Block::StateLegend(
            vec![Mark::Tapped, Mark::Flipped],
            board.states(),
        ));
    }

    fn proof(&self, figure: &mut Figure, board: &StateBoard, proof: &StateProof) {
        let puzzle = self.solver.puzzle();
        let (shape, states) = (board.shape(), board.states());
        let cols = shape.cols() as usize;
        let weighted: Vec<(usize, usize)> = proof
            .weights
            .iter()
            .enumerate()
            .filter(|&(_, &weight)| weight != 0)
            .map(|(index, _)| (index / cols, index % cols))
            .collect();
        figure.push(Block::Strong("Impossible".to_string()));
        if self.presenter.fits(self.draw_boards, Self::size(board)) {
            figure.push(Block::Blank);
            let mut weights = StateBoard::new(shape, states);
            for (index, &weight) in proof.weights.iter().enumerate() {
                weights.set(index / cols, index % cols, weight);
            }
            figure.push(Block::Boards(vec![
                Drawing::of_states("Board".to_string(), board.clone())
                    .with_marks(weighted.iter().copied(), Mark::Proof),
                Drawing::of_states("Weights".to_string(), weights)
                    .with_marks(weighted.iter().copied(), Mark::Proof),
            ]));
            figure.push(Block::Blank);
            figure.push(Block::StateLegend(vec![Mark::Proof], states));
        }
        let finished = match puzzle.goal() {
            StateGoal::Color(color) => format!("the finished board (all {color})"),
            StateGoal::Any => "every board of one colour".to_string(),
        };
        figure.push(Block::Text(format!(
            "Give each cell the weight drawn ({} weighted) and add weight times colour over the \
             board, mod {states}. A press changes that sum by its weight at each cell it \
             reaches times the cell's weight, added up, and that is 0 mod {states} for every \
             press: no press changes the sum. This board's sum is {}, and {finished} has {}, \
             so no presses finish it.",
            count_of(weighted.len() as u64, "cell", "cells"),
            proof.board_sum,
            proof.finished_sum
        )));
    }
}

/// The presses of `solution` one at a time, row-major, a cell pressed j times j times.
fn presses_in_order(solution: &StateSolution, cols: usize) -> impl Iterator<Item = Cell> + '_ {
    solution
        .tapped(cols)
        .flat_map(|(cell, times)| std::iter::repeat_n(cell, usize::from(times)))
}

/// One explained board of K states in JSON: what `solve` says, and every press.
#[derive(Serialize)]
struct ExplainedStatesJson<'a> {
    #[serde(flatten)]
    solved: SolvedStatesJson<'a>,
    steps: Vec<StepJson>,
}

/// One press: the cell, the cells it changes, and the board after it.
#[derive(Serialize)]
struct StepJson {
    press: Cell,
    changed: Vec<Cell>,
    board: String,
}
