//! What the module needs of a kind of piece besides the library's [`Kind`]: how a piece is
//! read from a number, how a colour and a proof are given to Python. Everything else is written
//! once, generic over a [`PyKind`], and a Python object holds a [`Kinded`] value of either kind.

use serde_json::{Value, json};

use flipgame::figure::explain::ExplainKind;
use flipgame::grid::{Grid, StateBoard};
use flipgame::kind::{KStates, Kind, QuietGenerator, TwoStates};
use flipgame::notation::{Cell, Color};
use flipgame::puzzle::{Puzzle, StateGoal, StatePuzzle};
use flipgame::solve::states::{StateProof, StateSolver};
use flipgame::solve::{Certificate, Solver};
use flipgame::stats::StateFacts;

/// A value of either kind of piece: `Two` for two-sided pieces, `Many` for K colours.
pub enum Kinded<A, B> {
    /// Two-sided pieces.
    Two(A),
    /// Pieces of K colours.
    Many(B),
}

/// Runs `$body` on the value inside a [`Kinded`], whichever kind it is: the body is written
/// once and compiled for each kind.
macro_rules! by_kind {
    ($value:expr, $inner:pat => $body:expr) => {
        match $value {
            $crate::kinds::Kinded::Two($inner) => $body,
            $crate::kinds::Kinded::Many($inner) => $body,
        }
    };
}
pub(crate) use by_kind;

/// A kind of piece as the Python module reads and gives it (and draws it, as `explain` does).
pub trait PyKind: ExplainKind {
    /// The board of `puzzle` whose pieces are the colour numbers `colors` (row-major), or the
    /// index of the first number that is no colour of the puzzle.
    fn board_of_colors(puzzle: &Self::Puzzle, colors: &[u8]) -> Result<Self::Board, usize>;
    /// The colours a piece may have, in words, for an error: `0 (white) or 1 (black)`.
    fn colors_words(puzzle: &Self::Puzzle) -> String;
    /// Colour number `color` as `solve --format json` gives it: `"white"`, or the number.
    fn color_json(color: u8) -> Value;
    /// A proof as the command line's JSON gives it (`explain`'s `certificate`, or the
    /// `proof` of a record of K colours).
    fn proof_json(puzzle: &Self::Puzzle, proof: &Self::Proof) -> Value;
    /// Why the puzzle is too large to solve, with the arguments to change.
    fn too_large(error: &Self::TooLarge) -> String;
    /// The puzzle's goal as Python gives it: `"either"`, a colour number, `"any"`.
    fn goal_json(puzzle: &Self::Puzzle) -> Value;
    /// The rank and nullity of the tap matrix, or why it has none (Z_K for a composite K is
    /// no field).
    fn rank_nullity(solver: &Self::Solver) -> Result<(u64, u64), String>;
    /// Generators of the quiet patterns: cell weights whose weighted sum no tap changes.
    fn quiet_patterns(solver: &Self::Solver) -> Vec<QuietGenerator>;
    /// True for pieces of K colours, whose JSON records carry `states`, each tap's `times` and
    /// the `proof` (two-sided pieces give theirs as `explain`'s `certificate`).
    const COUNTED: bool;
    /// What a tap is called in a walkthrough's steps: `("tap", "flipped")`, or `("press",
    /// "changed")`.
    const STEP_FIELDS: (&'static str, &'static str);
}

impl PyKind for TwoStates {
    fn too_large(error: &flipgame::solve::TooLargeToSolve) -> String {
        error.describe(" with wrap=True")
    }

    fn goal_json(puzzle: &Puzzle) -> Value {
        Value::from(puzzle.goal().name())
    }

    fn rank_nullity(solver: &Solver) -> Result<(u64, u64), String> {
        Ok((solver.rank(), solver.nullity() as u64))
    }

    fn quiet_patterns(solver: &Solver) -> Vec<QuietGenerator> {
        let basis = solver.quiet_pattern_basis().iter();
        basis
            .map(|pattern| QuietGenerator {
                counts: Self::colors_of(pattern),
                order: 2,
            })
            .collect()
    }

    fn board_of_colors(puzzle: &Puzzle, colors: &[u8]) -> Result<Grid, usize> {
        // Checked whole first (a loop without an early exit, which the compiler vectorises),
        // placed only when wrong.
        if colors.iter().fold(0, |largest, &color| largest | color) > 1 {
            return Err(colors.iter().position(|&color| color > 1).unwrap_or(0));
        }
        let shape = puzzle.shape();
        if shape.is_flip_game() {
            // The game's own board, a million at a time: its 16 bits at once.
            let bits = colors
                .iter()
                .fold(0, |bits, &color| bits << 1 | u16::from(color));
            return Ok(Grid::from_bits16(bits));
        }
        let cols = shape.cols() as usize;
        let mut board = Grid::new(shape);
        for (row, pieces) in colors.chunks(cols.max(1)).enumerate() {
            // A row's words built whole: a batch of a million boards is read this way.
            let words = board.row_mut(row);
            for (word, pieces) in words.iter_mut().zip(pieces.chunks(64)) {
                *word = pieces
                    .iter()
                    .fold(0, |bits, &color| bits << 1 | u64::from(color))
                    << (64 - pieces.len());
            }
        }
        Ok(board)
    }

    fn colors_words(_puzzle: &Puzzle) -> String {
        "0 (white) or 1 (black)".to_string()
    }

    fn color_json(color: u8) -> Value {
        let side = if color == 0 {
            Color::White
        } else {
            Color::Black
        };
        Value::from(side.name())
    }

    fn proof_json(_puzzle: &Puzzle, proof: &Certificate) -> Value {
        let cells: Vec<Cell> = proof
            .pattern
            .cells()
            .map(|(row, col)| Cell::new(row, col))
            .collect();
        json!({"cells": cells, "black": proof.black})
    }

    const COUNTED: bool = false;
    const STEP_FIELDS: (&'static str, &'static str) = ("tap", "flipped");
}

impl PyKind for KStates {
    fn too_large(error: &flipgame::solve::states::TooManyStateCells) -> String {
        error.describe("wrap=False")
    }

    fn goal_json(puzzle: &StatePuzzle) -> Value {
        match puzzle.goal() {
            StateGoal::Color(color) => Value::from(color),
            StateGoal::Any => Value::from("any"),
        }
    }

    fn rank_nullity(solver: &StateSolver) -> Result<(u64, u64), String> {
        let states = solver.puzzle().states();
        if (2..states).any(|divisor| states.is_multiple_of(divisor)) {
            return Err(format!(
                "states={states}: Z_{states} is no field, so the taps have no rank or nullity; \
                 quiet_tap_sets() and quiet_orders() give the group of quiet presses"
            ));
        }
        let nullity = Self::quiet_generators(solver).len() as u64;
        Ok((solver.puzzle().shape().cells() - nullity, nullity))
    }

    fn quiet_patterns(solver: &StateSolver) -> Vec<QuietGenerator> {
        let invariants = StateFacts::of(solver).invariants.into_iter();
        invariants
            .map(|factor| QuietGenerator {
                counts: factor.board.cells().to_vec(),
                order: factor.order,
            })
            .collect()
    }

    fn board_of_colors(puzzle: &StatePuzzle, colors: &[u8]) -> Result<StateBoard, usize> {
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let cols = shape.cols() as usize;
        let mut board = StateBoard::new(shape, states);
        for (index, &color) in colors.iter().enumerate() {
            if color >= states {
                return Err(index);
            }
            board.set(index / cols, index % cols, color);
        }
        Ok(board)
    }

    fn colors_words(puzzle: &StatePuzzle) -> String {
        format!("0 to {}", puzzle.states() - 1)
    }

    fn color_json(color: u8) -> Value {
        Value::from(color)
    }

    fn proof_json(puzzle: &StatePuzzle, proof: &StateProof) -> Value {
        let cols = puzzle.shape().cols() as usize;
        let weights: Vec<&[u8]> = proof.weights.chunks(cols.max(1)).collect();
        json!({
            "weights": weights,
            "board_sum": proof.board_sum,
            "finished_sum": proof.finished_sum,
        })
    }

    const COUNTED: bool = true;
    const STEP_FIELDS: (&'static str, &'static str) = ("press", "changed");
}
