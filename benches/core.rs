//! Benchmarks of the core, without the process around it: `cargo bench`.
//!
//! A plain harness (std::time and black_box) keeps the build light; each figure is the median of
//! many runs, with the fastest and slowest beside it. The whole-process benchmark against
//! `wc -l` is `bench/solve.sh`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use flipgame::board::{Board, Goal, ROWS};
use flipgame::input::{BoardParser, Record};
use flipgame::solver::DistanceTable;

/// Runs `work` `runs` times and prints the median, fastest and slowest time.
fn measure<T>(name: &str, runs: usize, per_run: Option<(f64, &str)>, mut work: impl FnMut() -> T) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    let median = times[runs / 2];
    let rate = per_run
        .map(|(count, unit)| format!("  {:.1} M{unit}/s", count / median.as_secs_f64() / 1e6))
        .unwrap_or_default();
    println!(
        "{name:<40} median {median:>10.3?}  (min {:.3?}, max {:.3?}){rate}",
        times[0],
        times[runs - 1]
    );
}

/// The same pseudo-random boards as `examples/make_boards.rs`, in the POJ input form.
fn boards_text(count: usize) -> Vec<u8> {
    let mut state: u64 = 0x9d98;
    let mut text = Vec::with_capacity(count * 20);
    for _ in 0..count {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let board = Board::from_id((state >> 24) as u16);
        for row in 1..=ROWS {
            text.extend_from_slice(board.row_text(row).as_bytes());
            text.push(b'\n');
        }
    }
    text
}

fn main() {
    for goal in Goal::ALL {
        measure(
            &format!("table build (goal {})", goal.name()),
            501,
            None,
            || DistanceTable::build(goal),
        );
    }

    let count = 1 << 20;
    let text = boards_text(count);
    let table = DistanceTable::shared(Goal::Either);
    measure(
        "parse + look up 1,048,576 boards",
        51,
        Some((count as f64, "boards")),
        || {
            let mut parser = BoardParser::new();
            let mut total = 0u64;
            let mut emit = |record| {
                if let Record::Board { board, .. } = record {
                    total += u64::from(table.moves(board).unwrap_or(255));
                }
                Ok::<(), ()>(())
            };
            for chunk in text.chunks(256 * 1024) {
                let _ = parser.feed(chunk, &mut emit);
            }
            let _ = parser.finish(&mut emit);
            total
        },
    );
    let crlf: Vec<u8> = String::from_utf8_lossy(&text)
        .replace('\n', "\r\n")
        .into_bytes();
    measure(
        "parse CRLF 1,048,576 boards",
        11,
        Some((count as f64, "boards")),
        || {
            let mut parser = BoardParser::new();
            let mut boards = 0u64;
            let mut emit = |_| {
                boards += 1;
                Ok::<(), ()>(())
            };
            for chunk in crlf.chunks(256 * 1024) {
                let _ = parser.feed(chunk, &mut emit);
            }
            boards
        },
    );
    measure(
        "solve with taps, all 65,536 boards",
        51,
        Some((65536.0, "boards")),
        || Board::all().filter_map(|board| table.solve(board)).count(),
    );
}
