//! Benchmarks of the core, without the process around it: `cargo bench`.
//!
//! A plain harness (std::time and black_box) keeps the build light; each figure is the median of
//! many runs, with the fastest and slowest beside it. The whole-process benchmark against
//! `wc -l` is `bench/run.sh`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use flipgame::board::POSITIONS;
use flipgame::generate::{Pool, Wanted};
use flipgame::grid::{Grid, Shape};
use flipgame::input::{BoardParser, Record};
use flipgame::kind::{Kind, TwoStates};
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::random::Generator;
use flipgame::rule::Rule;
use flipgame::solve::{DistanceTable, Solver};
use flipgame::space::SmallSpace;
use flipgame::space::Space;
use flipgame::stats::Facts;

/// `count` uniform random 4x4 boards from `seed`, written in the POJ input form (4 lines of 4
/// letters each), as `flipgame gen --count COUNT --seed SEED` writes them.
fn boards_text(count: usize, seed: u64) -> Vec<u8> {
    let pool = Pool::<TwoStates>::new(&Puzzle::flip_game(), Wanted::Any, &mut |_, _| {})
        .expect("every 4x4 board");
    let mut generator = Generator::from_seed(seed);
    let mut text = Vec::with_capacity(count * 20);
    for _ in 0..count {
        let board = pool.draw(&mut generator).board;
        for row in 0..4 {
            text.extend_from_slice(board.row_text(row).as_bytes());
            text.push(b'\n');
        }
    }
    text
}

/// One uniform random board of `puzzle`'s shape from `seed`, in the input form (R lines of C
/// letters): past 25 cells, the first board `flipgame gen --seed SEED` writes.
fn board_text(puzzle: &Puzzle, seed: u64) -> Vec<u8> {
    let board = TwoStates::random_board(puzzle, &mut Generator::from_seed(seed));
    (0..puzzle.shape().rows() as usize)
        .flat_map(|row| board.row_text(row).into_bytes().into_iter().chain([b'\n']))
        .collect()
}

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

/// Parses `text` in 256 KiB chunks as the binary does, asking the solver for every board;
/// returns the sum of the distances so nothing is optimised away.
fn parse_and_look_up(text: &[u8], solver: &Solver) -> u64 {
    let mut parser = BoardParser::new();
    let mut total = 0u64;
    let mut emit = |record: Record| {
        if let Record::Board { board, .. } = &record {
            total += solver.moves(board).unwrap_or(255);
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
        let puzzle = Puzzle::flip_game().with_goal(goal);
        measure(&name, 501, None, || DistanceTable::build(&puzzle));
    }

    let count = 1 << 20;
    let text = boards_text(count, 1);
    let crlf = String::from_utf8_lossy(&text)
        .replace('\n', "\r\n")
        .into_bytes();
    let solver = Solver::new(Puzzle::flip_game()).unwrap();
    let boards = Some(count as f64);
    measure("parse + look up 1,048,576 boards", 51, boards, || {
        parse_and_look_up(&text, &solver)
    });
    measure("parse + look up 1,048,576 boards, CRLF", 11, boards, || {
        parse_and_look_up(&crlf, &solver)
    });
    measure(
        "solve with taps, all 65,536 boards",
        51,
        Some(POSITIONS as f64),
        || {
            (0..=u16::MAX)
                .filter_map(|bits| solver.solve(&Grid::from_bits16(bits)))
                .count()
        },
    );

    let five = Puzzle::plus(Shape::new(5, 5).unwrap(), Goal::Either);
    measure(
        "5x5 state space (2^25 boards), either goal",
        3,
        None,
        || SmallSpace::explore(&five, false, &mut |_, _| {}).map(|s| s.positions()),
    );
    let thousand = Shape::new(1000, 1000).unwrap();
    let thousand_x = Puzzle::new(thousand, Rule::parse("x").unwrap(), false, Goal::Either).unwrap();
    measure("stats facts of 1000x1000, x", 1, None, || {
        let solver = Solver::new(thousand_x.clone()).unwrap();
        Facts::of(&solver, &mut |_, _, _| {}).nullity
    });
    let cases: [(u32, &str, bool, usize); 10] = [
        (15, "plus", false, 201),
        (100, "plus", false, 21),
        (1000, "plus", false, 3),
        (100, "box", false, 11),
        (100, "x", false, 11),
        (100, "sigma", false, 11),
        (100, "plus", true, 11),
        (200, "box", false, 5),
        (1000, "box", false, 1),
        (1000, "x", false, 1),
    ];
    for (side, rule, wrap, runs) in cases {
        let shape = Shape::new(side, side).unwrap();
        let puzzle = Puzzle::new(shape, Rule::parse(rule).unwrap(), wrap, Goal::Either).unwrap();
        let text = board_text(&puzzle, 7);
        let wrap = if wrap { " --wrap" } else { "" };
        measure(
            &format!("parse + solve one {side}x{side} board, {rule}{wrap}"),
            runs,
            None,
            || {
                let mut parser = BoardParser::with_shape(shape);
                let solver = Solver::new(puzzle.clone()).unwrap();
                let mut moves = 0u64;
                let mut emit = |record: Record| {
                    if let Record::Board { board, .. } = &record {
                        moves += solver.solve(board).map_or(0, |s| s.moves());
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
