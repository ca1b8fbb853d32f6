//! Pieces of K colours as the commands show them: colours by number, weights as the proof.

use flipgame::generate::{PoolError, SCRAMBLE_ATTEMPTS, Wanted};
use flipgame::grid::StateBoard;
use flipgame::kind::KStates;
use flipgame::puzzle::StatePuzzle;
use flipgame::solve::states::StateProof;
use flipgame::words;

use super::CommandKind;
use crate::cli::setting_names;
use flipgame::render::Piece;
use flipgame::settings::Advice;

impl CommandKind for KStates {
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

    fn no_pool(puzzle: &StatePuzzle, error: &PoolError<KStates>) -> String {
        let why = match error {
            PoolError::Space(error) => error.to_string(),
            PoolError::Solver(error) => error.worded(setting_names).to_string(),
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
