//! Writes COUNT pseudo-random 4x4 boards in the POJ input form, for benchmarks.
//!
//! `cargo run --release --example make_boards -- COUNT [SEED] > boards.txt`. The generator is a
//! fixed xorshift, so the same COUNT and SEED give the same file on every machine.

use std::io::{self, BufWriter, Write};

use flipgame::board::{Board, ROWS};

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1 << 20);
    let mut state: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0x9d98)
        .max(1);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..count {
        // xorshift64: portable and good enough to spread boards over the whole space.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let board = Board::from_id((state >> 24) as u16);
        for row in 1..=ROWS {
            writeln!(out, "{}", board.row_text(row))?;
        }
    }
    out.flush()
}
