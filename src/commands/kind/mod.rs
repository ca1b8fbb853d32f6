//! What the commands need of a kind of piece besides the library's
//! [`Kind`](flipgame::kind::Kind) (whose words and records every front end shares): how its
//! pieces and proofs are drawn on a terminal or a page, and why a request cannot be met, in the
//! flags' words; no command's code. Most commands are written once, generic over a
//! [`CommandKind`]; `stats` and the split search of `solve` (two-sided pieces only) have a file
//! of each kind, reached by `args::either_puzzle`, the one place the flags choose the kind. The
//! two kinds' own parts are in `two_states.rs` and `k_states.rs`.

mod k_states;
mod two_states;

use flipgame::render::Piece;

/// A kind of piece as the commands show it (and as `explain` draws it, the library's
/// [`ExplainKind`]).
pub trait CommandKind: ExplainKind {
    /// The piece at `row`, `col` of `board`.
    fn piece(board: &Self::Board, row: usize, col: usize) -> Piece;
    /// Row `row` of `board` in its text form.
    fn row_text(board: &Self::Board, row: usize) -> String;
    /// True when the cell at `row`, `col` is part of `proof`.
    fn in_proof(puzzle: &Self::Puzzle, proof: &Self::Proof, row: usize, col: usize) -> bool;
}

pub use flipgame::figure::explain::{ExplainKind, Explaining, Noun, rule_words};
