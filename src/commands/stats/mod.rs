//! `flipgame stats`: the facts of a puzzle, every figure computed at run time, for either kind
//! of piece: for a small board the fewest taps of every board, and at any size what the tap
//! matrix's algebra says (over GF(2) in `two_states.rs`, over Z_K in `k_states.rs`).

pub(super) mod k_states;
pub(super) mod two_states;

use std::io::Write;

use serde::Serialize;

use super::args::{EitherPuzzle, either_puzzle};
use super::{Context, Failure, Outcome, usage};
use crate::cli::{CellsArg, StatsArgs, StatsFormat};

/// Computes the facts of the puzzle the flags describe and prints them.
pub fn run(args: &StatsArgs, context: &Context, out: &mut impl Write) -> Result<Outcome, Failure> {
    if args.ascii && args.format != StatsFormat::Text {
        return Err(usage(
            "--ascii chooses the letters of terminal text: use it with --format text",
        ));
    }
    match either_puzzle(&args.puzzle, CellsArg::Bw)? {
        EitherPuzzle::Two(puzzle) => two_states::run(puzzle, args, context, out),
        EitherPuzzle::K(puzzle) => k_states::run(puzzle, args, context, out),
    }
}

/// A row of the histogram in JSON: the boards that need `moves` taps.
#[derive(Serialize)]
struct HistogramRow {
    moves: usize,
    boards: u64,
}

/// The rows of `histogram` (boards by fewest taps) in JSON.
fn histogram_rows(histogram: &[u64]) -> Vec<HistogramRow> {
    histogram
        .iter()
        .enumerate()
        .map(|(moves, &boards)| HistogramRow { moves, boards })
        .collect()
}
