//! What the commands need of a kind of piece besides the library's
//! [`Kind`](flipgame::kind::Kind): how its goal, colours, pieces and proofs are said and drawn,
//! and how its answers look in JSON; words only, no command's code. Most commands are written
//! once, generic over a [`CommandKind`]; `stats` and the split search of `solve` (two-sided
//! pieces only) have a file of each kind, reached by `args::either_puzzle`, the one place the
//! flags choose the kind. The two kinds' words are in `two_states.rs` and `k_states.rs`.

mod k_states;
mod two_states;

use serde::Serialize;
use serde_json::Value;

use flipgame::generate::PoolError;

use flipgame::render::Piece;

/// A kind of piece as the commands show it (and as `explain` draws it, the library's
/// [`ExplainKind`]).
pub trait CommandKind: ExplainKind {
    /// A proof as the JSON records give it.
    type ProofJson<'a>: Serialize
    where
        Self: 'a;

    /// The number of states, for the records that name it: `None` for two-sided pieces.
    fn states_field(puzzle: &Self::Puzzle) -> Option<u8>;
    /// The board's size (and colours) as a title says it: `4x4`, `3x3, 4 colours`.
    fn size_words(puzzle: &Self::Puzzle) -> String;
    /// The finished boards the goal accepts, in words: `all white or all black`, `all 2`, `all
    /// one colour` (the one place a goal is said in words; its name is the library's).
    fn goal_words(puzzle: &Self::Puzzle) -> String;
    /// Colour number `color` in words: `white`, `2`.
    fn color_words(color: u8) -> impl std::fmt::Display;
    /// Colour number `color` in JSON: `"white"`, `2`.
    fn color_json(color: u8) -> Value;
    /// The piece at `row`, `col` of `board`.
    fn piece(board: &Self::Board, row: usize, col: usize) -> Piece;
    /// Row `row` of `board` in its text form.
    fn row_text(board: &Self::Board, row: usize) -> String;
    /// True when the cell at `row`, `col` is part of `proof`.
    fn in_proof(puzzle: &Self::Puzzle, proof: &Self::Proof, row: usize, col: usize) -> bool;
    /// [`ExplainKind::proof_sentence`] for a page whose board changes as it is played, with the
    /// proof's cells marked: `{now}` stands where the sentence gives a number a tap can change.
    fn proof_sentence_template(puzzle: &Self::Puzzle, proof: &Self::Proof) -> String;
    /// `proof` as the JSON records give it.
    fn proof_json<'a>(puzzle: &Self::Puzzle, proof: &'a Self::Proof) -> Self::ProofJson<'a>;
    /// Why a puzzle is too large to solve here, in the flags' words.
    fn too_large(error: &Self::TooLarge) -> String;
    /// Why no pool of boards can be made for a request, in the flags' words.
    fn no_pool(puzzle: &Self::Puzzle, error: &PoolError<Self>) -> String;
}

pub use flipgame::figure::explain::{ExplainKind, Explaining, Noun, other_rule_words, rule_words};
