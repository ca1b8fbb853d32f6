//! The two kinds of game `play` runs, black and white pieces ([`Solver`]) and pieces of K
//! colours ([`StateSolver`]), as its front ends see them: how a piece is drawn, how a colour, the
//! goal and a proof are said, and how new puzzles are dealt. The game itself is the library's
//! [`Game`](flipgame::game::Game); everything here is words and pictures.

use serde::Serialize;
use serde_json::Value;

use flipgame::game::Playable;
use flipgame::generate::states::{StatePool, solvable_state_board};
use flipgame::generate::{Pool, Wanted, solvable_board};
use flipgame::grid::Grid;
use flipgame::grid::StateBoard;
use flipgame::input::Record;
use flipgame::notation::{Cell, Cells, Color};
use flipgame::puzzle::StateGoal;
use flipgame::random::Generator;
use flipgame::solve::states::{StateProof, StateSolver};
use flipgame::solve::{Certificate, Solver};

use super::super::args::pool;
use crate::output::json::CellsJson;
use crate::render::{self, Piece};
use crate::source;

/// What `play` needs of a kind of game besides the library's [`Playable`].
pub trait GameKind: Playable {
    /// Where puzzles of exactly `--moves` taps are dealt from.
    type Pool;

    /// The cells boards of this kind are written in, `--cells` being `given`.
    fn cells(&self, given: Cells) -> Cells;
    /// The board a file's record holds, if it is one of this kind.
    fn board_of(record: Record) -> Option<Self::Board>;
    /// The `--board` value written in `cells`, or its error as `--board:1:COL: message`.
    fn board_argument(&self, text: &str, cells: Cells) -> Result<Self::Board, String>;

    /// The title line of the full screen.
    fn title(&self) -> String;
    /// The goal as the status line says it.
    fn goal_words(&self) -> String;
    /// Colour number `color` as the status line says it: `white`, `2`.
    fn color_words(&self, color: u8) -> String;
    /// Colour number `color` in JSON: `"white"`, `2`.
    fn color_json(&self, color: u8) -> Value;
    /// The number of states a piece has, when it is not two.
    fn states(&self) -> Option<u8>;
    /// The piece at `row`, `col` of `board`.
    fn piece(board: &Self::Board, row: usize, col: usize) -> Piece;
    /// Row `row` of `board` in its text form.
    fn row_text(board: &Self::Board, row: usize) -> String;
    /// True when the cell at `row`, `col` is part of `proof`.
    fn in_proof(&self, proof: &Self::Proof, row: usize, col: usize) -> bool;
    /// The argument of `proof` in a sentence; `drawn` says whether its cells are marked on a
    /// board the reader sees.
    fn proof_sentence(&self, proof: &Self::Proof, drawn: bool) -> String;
    /// A proof as `play --format jsonl` gives it.
    type ProofJson<'a>: Serialize
    where
        Self: 'a;
    /// `proof` as `play --format jsonl` gives it.
    fn proof_json<'a>(&'a self, proof: &'a Self::Proof) -> Self::ProofJson<'a>;

    /// The puzzles of exactly `moves` taps, or why there are none.
    fn pool(&self, moves: u8) -> Result<Self::Pool, String>;
    /// One board drawn from `pool`.
    fn draw(pool: &Self::Pool, generator: &mut Generator) -> Self::Board;
    /// A board drawn uniformly from those that can be finished.
    fn solvable_board(&self, generator: &mut Generator) -> Self::Board;
}

/// The proof of a board of two sides in JSON.
#[derive(Serialize)]
pub struct CertificateJson<'a> {
    cells: CellsJson<'a>,
    black: u64,
}

impl GameKind for Solver {
    type Pool = Pool;

    fn cells(&self, given: Cells) -> Cells {
        given
    }

    fn board_of(record: Record) -> Option<Grid> {
        match record {
            Record::Board { board, .. } => Some(board),
            _ => None,
        }
    }

    fn board_argument(&self, text: &str, cells: Cells) -> Result<Grid, String> {
        source::board_argument(text, self.puzzle().shape(), cells)
    }

    fn title(&self) -> String {
        let puzzle = self.puzzle();
        let rule = (!puzzle.is_default_rule()).then(|| puzzle.rule_words());
        title(puzzle.shape().to_string(), rule)
    }

    fn goal_words(&self) -> String {
        render::goal_words(self.puzzle().goal()).to_string()
    }

    fn color_words(&self, color: u8) -> String {
        side(color).to_string()
    }

    fn color_json(&self, color: u8) -> Value {
        Value::from(side(color).name())
    }

    fn states(&self) -> Option<u8> {
        None
    }

    fn piece(board: &Grid, row: usize, col: usize) -> Piece {
        Piece::Side(side(u8::from(board.get(row, col))))
    }

    fn row_text(board: &Grid, row: usize) -> String {
        board.row_text(row)
    }

    fn in_proof(&self, proof: &Certificate, row: usize, col: usize) -> bool {
        proof.pattern.get(row, col)
    }

    fn proof_sentence(&self, proof: &Certificate, drawn: bool) -> String {
        render::impossibility(self.puzzle(), proof, drawn)
    }

    type ProofJson<'a> = CertificateJson<'a>;

    fn proof_json<'a>(&'a self, proof: &'a Certificate) -> CertificateJson<'a> {
        CertificateJson {
            cells: CellsJson(&proof.pattern),
            black: proof.black,
        }
    }

    fn pool(&self, moves: u8) -> Result<Pool, String> {
        pool(self.puzzle(), Wanted::Moves(moves))
    }

    fn draw(pool: &Pool, generator: &mut Generator) -> Grid {
        pool.draw(generator).board
    }

    fn solvable_board(&self, generator: &mut Generator) -> Grid {
        solvable_board(self.puzzle(), generator)
    }
}

/// The title line of the full screen: the puzzle's size (and colours), and its rule unless it
/// is the game's own.
fn title(size: String, rule: Option<String>) -> String {
    let rule = rule.map_or(String::new(), |words| format!(", {words}"));
    format!("flipgame play: {size}{rule}")
}

/// The side of colour number `color` (0 white, 1 black).
fn side(color: u8) -> Color {
    if color == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The proof of a board of K states in JSON, as `solve --states` gives it.
#[derive(Serialize)]
pub struct StateProofJson {
    weights: Vec<Vec<u8>>,
    board_sum: u8,
    finished_sum: u8,
}

impl GameKind for StateSolver {
    type Pool = StatePool;

    fn cells(&self, _given: Cells) -> Cells {
        // `--cells` other than the default was refused with the puzzle.
        Cells::States(self.puzzle().states())
    }

    fn board_of(record: Record) -> Option<StateBoard> {
        match record {
            Record::States { board, .. } => Some(board),
            _ => None,
        }
    }

    fn board_argument(&self, text: &str, _cells: Cells) -> Result<StateBoard, String> {
        let puzzle = self.puzzle();
        source::state_board_argument(text, puzzle.shape(), puzzle.states())
    }

    fn title(&self) -> String {
        let puzzle = self.puzzle();
        let rule = (!puzzle.is_default_rule()).then(|| puzzle.rule_words());
        title(
            format!("{}, {} colours", puzzle.shape(), puzzle.states()),
            rule,
        )
    }

    fn goal_words(&self) -> String {
        render::state_goal_words(self.puzzle().goal())
    }

    fn color_words(&self, color: u8) -> String {
        color.to_string()
    }

    fn color_json(&self, color: u8) -> Value {
        Value::from(color)
    }

    fn states(&self) -> Option<u8> {
        Some(self.puzzle().states())
    }

    fn piece(board: &StateBoard, row: usize, col: usize) -> Piece {
        Piece::State(board.get(row, col))
    }

    fn row_text(board: &StateBoard, row: usize) -> String {
        let text = board.to_string();
        text.split('/').nth(row).unwrap_or_default().to_string()
    }

    fn in_proof(&self, proof: &StateProof, row: usize, col: usize) -> bool {
        let cols = self.puzzle().shape().cols() as usize;
        proof.weights[row * cols + col] != 0
    }

    fn proof_sentence(&self, proof: &StateProof, drawn: bool) -> String {
        let states = self.puzzle().states();
        let cols = self.puzzle().shape().cols() as usize;
        // The weights are numbers a drawn board does not show: they are always listed.
        let weighted: Vec<String> = proof
            .weights
            .iter()
            .enumerate()
            .filter(|&(_, &weight)| weight != 0)
            .map(|(index, &weight)| format!("{} by {weight}", Cell::at_index(index, cols)))
            .collect();
        let marked = if drawn { " (the cells marked)" } else { "" };
        let finished = match self.puzzle().goal() {
            StateGoal::Color(color) => format!("the finished board (all {color}) has"),
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

    type ProofJson<'a> = StateProofJson;

    fn proof_json(&self, proof: &StateProof) -> StateProofJson {
        let cols = self.puzzle().shape().cols() as usize;
        StateProofJson {
            weights: proof.weights.chunks(cols).map(<[u8]>::to_vec).collect(),
            board_sum: proof.board_sum,
            finished_sum: proof.finished_sum,
        }
    }

    fn pool(&self, moves: u8) -> Result<StatePool, String> {
        StatePool::new(self.puzzle(), Wanted::Moves(moves), &mut |_, _| {})
            .map_err(|error| error.to_string())
    }

    fn draw(pool: &StatePool, generator: &mut Generator) -> StateBoard {
        pool.draw(generator).board
    }

    fn solvable_board(&self, generator: &mut Generator) -> StateBoard {
        solvable_state_board(self.puzzle(), generator)
    }
}
