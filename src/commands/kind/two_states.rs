//! Two-sided pieces as the commands show them: white and black, a quiet pattern's parity as
//! the proof.

use serde::Serialize;
use serde_json::Value;

use flipgame::generate::{PoolError, SCRAMBLE_ATTEMPTS, Wanted};
use flipgame::grid::Grid;
use flipgame::kind::TwoStates;
use flipgame::notation::Color;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::solve::{Certificate, TooLargeToSolve};
use flipgame::space::MAX_CELLS;
use flipgame::words;

use super::CommandKind;
use crate::commands::flags;
use crate::output::json::CellsJson;
use flipgame::render::{self, Piece};

/// A proof for two-sided pieces in JSON: the quiet pattern's cells and its black pieces.
#[derive(Serialize)]
pub struct CertificateJson<'a> {
    cells: CellsJson<'a>,
    black: u64,
}

/// The side of colour number `color` (0 white, 1 black).
fn side(color: u8) -> Color {
    if color == 0 {
        Color::White
    } else {
        Color::Black
    }
}

impl CommandKind for TwoStates {
    type ProofJson<'a> = CertificateJson<'a>;

    fn states_field(_puzzle: &Puzzle) -> Option<u8> {
        None
    }

    fn size_words(puzzle: &Puzzle) -> String {
        puzzle.shape().to_string()
    }

    fn goal_words(puzzle: &Puzzle) -> String {
        match puzzle.goal() {
            Goal::Either => "all white or all black",
            Goal::White => "all white",
            Goal::Black => "all black",
        }
        .to_string()
    }

    fn color_words(color: u8) -> impl std::fmt::Display {
        side(color)
    }

    fn color_json(color: u8) -> Value {
        Value::from(side(color).name())
    }

    fn piece(board: &Grid, row: usize, col: usize) -> Piece {
        Piece::Side(side(u8::from(board.get(row, col))))
    }

    fn row_text(board: &Grid, row: usize) -> String {
        board.row_text(row)
    }

    fn in_proof(_puzzle: &Puzzle, proof: &Certificate, row: usize, col: usize) -> bool {
        proof.pattern.get(row, col)
    }

    /// The count of black pieces among the pattern's changes; its parity never does.
    fn proof_sentence_template(puzzle: &Puzzle, proof: &Certificate) -> String {
        render::impossibility_with(puzzle, proof, true, "{now}")
    }

    fn proof_json<'a>(_puzzle: &Puzzle, proof: &'a Certificate) -> CertificateJson<'a> {
        CertificateJson {
            cells: CellsJson(&proof.pattern),
            black: proof.black,
        }
    }

    fn too_large(error: &TooLargeToSolve) -> String {
        flags::too_large(error)
    }

    fn no_pool(_puzzle: &Puzzle, error: &PoolError) -> String {
        match error {
            PoolError::Space(error) => error.to_string(),
            PoolError::Solver(error) => flags::too_large(error),
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
