//! Benchmarks of the core, without the process around it: `cargo bench`.
//!
//! A plain harness (std::time and black_box) keeps the build light; each figure is the median of
//! many runs, with the fastest and slowest beside it. The whole-process benchmark against
//! `wc -l` is `bench/solve.sh`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use flipgame::board::{Board, Goal};
use flipgame::grid::Shape;
use flipgame::input::{BoardParser, Record};
use flipgame::lights::LightsOut;
use flipgame::solver::DistanceTable;
use flipgame::space::SmallSpace;

#[path = "../bench/pseudo_random.rs"]
mod pseudo_random;

/// Runs `work` `runs` times and prints the median, fastest and slowest time, and the rate when
/// each run handles `items` things.
fn measure<T>(name: &str, runs: usize, items: Option<f64>, mut work: impl FnMut() -> T) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    let median = times[runs / 2];
    let rate = items
        .map(|count| format!("  {:.1} M boards/s", count / median.as_secs_f64() / 1e6))
        .unwrap_or_default();
    println!(
        "{name:<42} median {median:>10.3?}  (min {:.3?}, max {:.3?}){rate}",
        times[0],
        times[runs - 1]
    );
}

/// Parses `text` in 256 KiB chunks as the binary does, looking up every board; returns the sum
/// of the distances so nothing is optimised away.
fn parse_and_look_up(text: &[u8], table: &DistanceTable) -> u64 {
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
}

fn main() {
    for goal in Goal::ALL {
        let name = format!("table build (goal {})", goal.name());
        measure(&name, 501, None, || DistanceTable::build(goal));
    }

    let count = 1 << 20;
    let text = pseudo_random::boards_text(count, 0x9d98);
    let crlf = String::from_utf8_lossy(&text)
        .replace('\n', "\r\n")
        .into_bytes();
    let table = DistanceTable::shared(Goal::Either);
    let boards = Some(count as f64);
    measure("parse + look up 1,048,576 boards", 51, boards, || {
        parse_and_look_up(&text, table)
    });
    measure("parse + look up 1,048,576 boards, CRLF", 11, boards, || {
        parse_and_look_up(&crlf, table)
    });
    measure(
        "solve with taps, all 65,536 boards",
        51,
        Some(65536.0),
        || Board::all().filter_map(|board| table.solve(board)).count(),
    );

    let five = Shape::new(5, 5).unwrap();
    measure(
        "5x5 state space (2^25 boards), either goal",
        3,
        None,
        || SmallSpace::explore(five, Goal::Either, false, &mut |_, _| {}).map(|s| s.positions()),
    );
    for (side, runs) in [(15, 201), (100, 21), (1000, 3)] {
        let shape = Shape::new(side, side).unwrap();
        let text = pseudo_random::grid_text(shape, 7);
        measure(
            &format!("parse + solve one {side}x{side} board"),
            runs,
            None,
            || {
                let mut parser = BoardParser::with_shape(shape);
                let solver = LightsOut::new(shape);
                let mut moves = 0u64;
                let mut emit = |record| {
                    if let Record::Grid { grid, .. } = record {
                        moves += solver.solve(&grid, Goal::Either).map_or(0, |s| s.moves());
                    }
                    Ok::<(), ()>(())
                };
                let _ = parser.feed(&text, &mut emit);
                let _ = parser.finish(&mut emit);
                moves
            },
        );
    }
}
