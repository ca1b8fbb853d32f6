//! Pieces of K colours as the commands show them: colours by number, weights as the proof.

use serde::Serialize;
use serde_json::Value;

use flipgame::generate::{PoolError, SCRAMBLE_ATTEMPTS, Wanted};
use flipgame::grid::StateBoard;
use flipgame::kind::KStates;
use flipgame::puzzle::{StateGoal, StatePuzzle};
use flipgame::solve::states::{StateProof, TooManyStateCells};
use flipgame::words;

use super::CommandKind;
use crate::commands::flags;
use flipgame::render::Piece;

/// A proof for pieces of K colours in JSON: a weight a cell and the two sums.
#[derive(Serialize)]
pub struct StateProofJson {
    /// One weight a cell, rows from the top.
    weights: Vec<Vec<u8>>,
    board_sum: u8,
    finished_sum: u8,
}

impl CommandKind for KStates {
    type ProofJson<'a> = StateProofJson;

    fn states_field(puzzle: &StatePuzzle) -> Option<u8> {
        Some(puzzle.states())
    }

    fn size_words(puzzle: &StatePuzzle) -> String {
        format!("{}, {} colours", puzzle.shape(), puzzle.states())
    }

    fn goal_words(puzzle: &StatePuzzle) -> String {
        match puzzle.goal() {
            StateGoal::Color(color) => format!("all {color}"),
            StateGoal::Any => "all one colour".to_string(),
        }
    }

    fn color_words(color: u8) -> impl std::fmt::Display {
        color
    }

    fn color_json(color: u8) -> Value {
        Value::from(color)
    }

    fn piece(board: &StateBoard, row: usize, col: usize) -> Piece {
        Piece::State(board.get(row, col))
    }

    fn row_text(board: &StateBoard, row: usize) -> String {
        let text = board.to_string();
        text.split('/').nth(row).unwrap_or_default().to_string()
    }

    fn in_proof(puzzle: &StatePuzzle, proof: &StateProof, row: usize, col: usize) -> bool {
        let cols = puzzle.shape().cols() as usize;
        proof.weights[row * cols + col] != 0
    }

    /// `explain`'s words: no press changes the weighted sum, so they have no number a press
    /// changes.
    fn proof_sentence_template(puzzle: &StatePuzzle, proof: &StateProof) -> String {
        flipgame::figure::explain::k_states::proof_text(puzzle, proof)
    }

    fn proof_json(puzzle: &StatePuzzle, proof: &StateProof) -> StateProofJson {
        let cols = puzzle.shape().cols() as usize;
        StateProofJson {
            weights: proof.weights.chunks(cols).map(<[u8]>::to_vec).collect(),
            board_sum: proof.board_sum,
            finished_sum: proof.finished_sum,
        }
    }

    fn too_large(error: &TooManyStateCells) -> String {
        flags::too_many_state_cells(error)
    }

    fn no_pool(puzzle: &StatePuzzle, error: &PoolError<KStates>) -> String {
        let why = match error {
            PoolError::Space(error) => error.to_string(),
            PoolError::Solver(error) => flags::too_many_state_cells(error),
            PoolError::NoSuchBoard {
                wanted, largest, ..
            } => match wanted {
                Wanted::Moves(moves) => format!(
                    "no board needs exactly {}: the most any needs is {largest}",
                    words::count_of(u64::from(*moves), "press", "presses")
                ),
                _ => "no board fits".to_string(),
            },
            PoolError::MovesPastCells { moves, most, .. } => {
                format!("--moves {moves}: no board needs more than {most} presses (K - 1 a cell)")
            }
            PoolError::NoScramble { moves, .. } => format!(
                "--moves {moves}: no board made by {moves} random presses needed exactly \
                 {moves} (proven) in {SCRAMBLE_ATTEMPTS} tries; past the boards searched whole, \
                 --moves keeps a scramble only when its minimum is proven, which holds for few \
                 presses"
            ),
            PoolError::NoImpossibleBoard { .. } => {
                "every board can be finished for this goal".to_string()
            }
        };
        format!(
            "a {} board of {} states, goal {}: {why}",
            puzzle.shape(),
            puzzle.states(),
            puzzle.goal()
        )
    }
}
