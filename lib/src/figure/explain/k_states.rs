//! What `explain` says of pieces of K colours: the taps in words, each step or the map of tap
//! counts, and the weights that prove a board impossible.

use super::{ExplainKind, Explaining, taps_in_order};
use crate::figure::{Block, Drawing, Figure, Pieces};
use crate::grid::StateBoard;
use crate::kind::{KStates, Kind};
use crate::notation::{Cell, state_digit};
use crate::puzzle::{StateGoal, StatePuzzle};
use crate::render::Mark;
use crate::solve::states::{StateProof, StateSolution};
use crate::words::count_of;

impl ExplainKind for KStates {
    fn pieces(board: &StateBoard) -> Pieces {
        Pieces::States(board.clone())
    }

    /// What a heading says of a board: its size, states and rule, and where it was read, if it was.
    fn heading_detail(puzzle: &StatePuzzle, board: &StateBoard, place: Option<&str>) -> String {
        format!(
            "({}, {} states, rule {}{}{})",
            board.shape(),
            puzzle.states(),
            puzzle.rule().label(),
            if puzzle.wrap() { ", wrapped" } else { "" },
            place.map_or(String::new(), |place| format!(", {place}"))
        )
    }

    /// The walkthrough of `solution`: the presses in words, each step (or the map of counts), and
    /// the end.
    fn walkthrough(
        explain: &dyn Explaining<KStates>,
        figure: &mut Figure,
        board: &StateBoard,
        solution: &StateSolution,
    ) {
        figure.blocks.extend(explain.too_wide_note(board));
        let (color, moves) = (solution.color, solution.moves());
        let cols = board.shape().cols() as usize;
        if moves == 0 {
            figure.push(Block::Line(format!(
                "Already solved: all {color}, 0 presses."
            )));
            return;
        }
        let presses: Vec<Cell> = taps_in_order::<KStates>(solution, cols);
        let mut text = format!(
            "{} to all {color}: {}. Presses commute, so any order works.",
            count_of(moves, "press", "presses"),
            explain.listed(board, &presses, "counted on the map")
        );
        if !solution.optimal {
            text.push_str(&format!(
                " These are the fewest presses found, not proven minimal: no presses fewer than {} \
                 finish the board, and the search of the quiet press counts stopped before it \
                 could tell.",
                solution.lower_bound
            ));
        }
        figure.push(Block::Text(text));
        if explain.boards_fit(board) {
            figure.push(Block::Blank);
            if explain.map() {
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
                explain.steps(figure, board, &presses, <KStates as Kind>::NOUN);
                figure.push(Block::Blank);
                figure.push(Block::StateLegend(
                    vec![Mark::Tapped, Mark::Flipped],
                    board.states(),
                ));
            }
        }
        let goal = match explain.puzzle().goal() {
            StateGoal::Any => format!("all {color} (of any colour, the fewest)"),
            StateGoal::Color(_) => format!("all {color}"),
        };
        figure.push(Block::Strong(format!(
            "Solved in {}: {goal}.",
            count_of(moves, "press", "presses")
        )));
    }

    /// `explain`'s words: no press changes the weighted sum, so they have no number a press
    /// changes.
    fn proof_sentence_template(puzzle: &StatePuzzle, proof: &StateProof) -> String {
        proof_text(puzzle, proof)
    }

    fn proof_sentence(puzzle: &StatePuzzle, proof: &StateProof, drawn: bool) -> String {
        let states = puzzle.states();
        let cols = puzzle.shape().cols() as usize;
        // The weights are numbers a drawn board does not show: they are always listed.
        let weighted: Vec<String> = proof
            .weights
            .iter()
            .enumerate()
            .filter(|&(_, &weight)| weight != 0)
            .map(|(index, &weight)| format!("{} by {weight}", Cell::at_index(index, cols)))
            .collect();
        let marked = if drawn { " (the cells marked)" } else { "" };
        let finished = match puzzle.goal() {
            StateGoal::Color(color) => {
                format!("the finished board (all {}) has", state_digit(color))
            }
            StateGoal::Any => "every board of one colour has".to_string(),
        };
        format!(
            "Weigh {}{marked} and add weight times colour, mod {states}: no tap changes that \
             sum; this board's is {} and {finished} {}.",
            weighted.join(", "),
            proof.board_sum,
            proof.finished_sum
        )
    }

    /// Why `board` can never be finished: the weights drawn beside it, and the sum no press
    /// changes.
    fn proof_figure(
        explain: &dyn Explaining<KStates>,
        figure: &mut Figure,
        board: &StateBoard,
        proof: &StateProof,
    ) {
        figure.blocks.extend(explain.too_wide_note(board));
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
        if explain.boards_fit(board) {
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
        figure.push(Block::Text(proof_text(explain.puzzle(), proof)));
    }
}

/// Why no presses finish a board, from its proof: the weighted sum no press changes.
pub fn proof_text(puzzle: &StatePuzzle, proof: &StateProof) -> String {
    let states = puzzle.states();
    let weighted = proof.weights.iter().filter(|&&weight| weight != 0).count();
    let finished = match puzzle.goal() {
        StateGoal::Color(color) => format!("the finished board (all {})", state_digit(color)),
        StateGoal::Any => "every board of one colour".to_string(),
    };
    format!(
        "Give each cell the weight drawn ({} weighted) and add weight times colour over the \
         board, mod {states}. A press changes that sum by its weight at each cell it reaches \
         times the cell's weight, added up, and that is 0 mod {states} for every press: no \
         press changes the sum. This board's sum is {}, and {finished} has {}, so no presses \
         finish it.",
        count_of(weighted as u64, "cell", "cells"),
        proof.board_sum,
        proof.finished_sum
    )
}
