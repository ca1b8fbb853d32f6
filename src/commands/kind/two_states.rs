//! Two-sided pieces as the commands show them: white and black, a quiet pattern's parity as
//! the proof.

use flipgame::generate::{PoolError, SCRAMBLE_ATTEMPTS, Wanted};
use flipgame::grid::Grid;
use flipgame::kind::TwoStates;
use flipgame::notation::Color;
use flipgame::puzzle::Puzzle;
use flipgame::solve::Certificate;
use flipgame::space::MAX_CELLS;
use flipgame::words;

use super::CommandKind;
use crate::cli::setting_names;
use flipgame::render::Piece;
use flipgame::settings::Advice;

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

    fn no_pool(_puzzle: &Puzzle, error: &PoolError) -> String {
        match error {
            PoolError::Space(error) => error.to_string(),
            PoolError::Solver(error) => error.worded(setting_names).to_string(),
            PoolError::NoSuchBoard {
                wanted,
                shape,
                goal,
                largest,
            } => match wanted {
                Wanted::Moves(moves) => format!(
                    "no {shape} board needs exactly {} with --goal {}: the most any needs is \
                     {largest}",
                    words::count_of(u64::from(*moves), "tap", "taps"),
                    goal.name()
                ),
                Wanted::Impossible | Wanted::Any | Wanted::Hardest => {
                    "there are no boards".to_string()
                }
            },
            PoolError::MovesPastCells { moves, shape, .. } => format!(
                "--moves {moves}: a {shape} board has only {} cells to tap",
                shape.cells()
            ),
            PoolError::NoScramble { moves, shape } => format!(
                "--moves {moves}: no {shape} board made by {moves} random taps needed exactly \
                 {moves} (proven) in {SCRAMBLE_ATTEMPTS} tries; past {MAX_CELLS} cells --moves \
                 keeps a scramble only when its minimum is proven to be K, which holds for K \
                 small enough that random taps rarely undo each other"
            ),
            PoolError::NoImpossibleBoard { shape, goal } => format!(
                "every {shape} board can be finished with --goal {}",
                goal.name()
            ),
        }
    }
}
