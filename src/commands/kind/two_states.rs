//! Two-sided pieces as the commands show them: white and black, a quiet pattern's parity as
//! the proof.

use flipgame::grid::Grid;
use flipgame::kind::TwoStates;
use flipgame::notation::Color;
use flipgame::puzzle::Puzzle;
use flipgame::solve::Certificate;

use super::CommandKind;
use flipgame::render::Piece;

impl CommandKind for TwoStates {
    fn piece(board: &Grid, row: usize, col: usize) -> Piece {
        Piece::Side(Color::of_number(u8::from(board.get(row, col))))
    }

    fn row_text(board: &Grid, row: usize) -> String {
        board.row_text(row)
    }

    fn in_proof(_puzzle: &Puzzle, proof: &Certificate, row: usize, col: usize) -> bool {
        proof.pattern.get(row, col)
    }
}
