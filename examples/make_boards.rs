//! Writes COUNT pseudo-random 4x4 boards in the POJ input form, for benchmarks.
//!
//! `cargo run --release --example make_boards -- COUNT [SEED] > boards.txt`. The same COUNT and
//! SEED give the same file on every machine.

use std::io::{self, Write};

#[path = "../bench/pseudo_random.rs"]
mod pseudo_random;

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1 << 20);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0x9d98);
    let mut out = io::stdout().lock();
    out.write_all(&pseudo_random::boards_text(count, seed))?;
    out.flush()
}
