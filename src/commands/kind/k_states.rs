//! Pieces of K colours as the commands show them: colours by number, weights as the proof.

use flipgame::grid::StateBoard;
use flipgame::kind::KStates;
use flipgame::puzzle::StatePuzzle;
use flipgame::solve::states::StateProof;

use super::CommandKind;
use flipgame::render::Piece;

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
}
