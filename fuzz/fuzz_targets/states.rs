//! Fuzz target over boards of K states: any bytes, split into chunks of any size, must read
//! without a panic into the same records in every chunking, and every board must be solved
//! consistently: the presses, replayed one at a time, finish it in the colour reported, and an
//! impossible board's proof holds (no press changes its weighted sum, and the board's sum
//! differs from the finished boards'). The same bytes are also tried as a `--board` value. The
//! first bytes pick the chunk size, the shape (1x1 to 4x4), the states (3 to 6), the rule and
//! the goal.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::grid::Shape;
use flipgame::grid::StateBoard;
use flipgame::input::{BoardParser, Record};
use flipgame::notation::Cells;
use flipgame::puzzle::{StateGoal, StatePuzzle};
use flipgame::rule::Rule;
use flipgame::solve::states::StateSolver;

/// The rules the fuzzer tries, picked by a byte: weights 1 and 2, with and without wrap.
const RULES: [(&str, bool); 4] = [
    ("010/111/010", false),
    ("010/121/010", false),
    ("111/111/111", true),
    ("001/020/100", false),
];

/// Every record of `input` read in chunks of `chunk` bytes.
fn read(input: &[u8], chunk: usize, shape: Shape, states: u8) -> Vec<Record<StateBoard>> {
    let mut records = Vec::new();
    let mut push = |record| {
        records.push(record);
        Ok::<(), std::convert::Infallible>(())
    };
    let mut parser = BoardParser::<StateBoard>::with_cells(shape, Cells::States(states));
    for piece in input.chunks(chunk) {
        let Ok(()) = parser.feed(piece, &mut push);
    }
    let Ok(()) = parser.finish(&mut push);
    records
}

/// The board's answer holds, checked by pressing and summing here.
fn check(board: &StateBoard, solver: &StateSolver) {
    let puzzle = solver.puzzle();
    let states = u32::from(puzzle.states());
    let cols = puzzle.shape().cols() as usize;
    match (solver.solve(board), solver.proof(board)) {
        (Some(solution), None) => {
            let mut after = board.clone();
            for (cell, &times) in solution.taps.iter().enumerate() {
                assert!(u32::from(times) < states);
                for _ in 0..times {
                    puzzle.tap(&mut after, cell / cols, cell % cols);
                }
            }
            assert_eq!(after.uniform_color(), Some(solution.color));
            if let StateGoal::Color(color) = puzzle.goal() {
                assert_eq!(solution.color, color);
            }
            assert!(solution.lower_bound <= solution.moves());
            assert!(!solution.optimal || solution.lower_bound == solution.moves());
        }
        (None, Some(proof)) => {
            let sum = |values: &mut dyn Iterator<Item = u32>| {
                values
                    .zip(&proof.weights)
                    .map(|(v, &w)| v * u32::from(w))
                    .sum::<u32>()
                    % states
            };
            for cell in 0..board.cells().len() {
                let mut effect = vec![0u32; board.cells().len()];
                for ((row, col), weight) in puzzle.presses(cell / cols, cell % cols) {
                    effect[row * cols + col] = weight;
                }
                assert_eq!(sum(&mut effect.into_iter()), 0, "a press changes the sum");
            }
            let board_sum = sum(&mut board.cells().iter().map(|&s| u32::from(s)));
            assert_eq!(u32::from(proof.board_sum), board_sum);
            assert_ne!(proof.board_sum, proof.finished_sum);
        }
        (solution, proof) => panic!("{board}: {solution:?} and {proof:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let [chunk, shape_byte, states_byte, rule_byte, input @ ..] = data else {
        return;
    };
    let Some(shape) = Shape::new(
        u32::from(shape_byte >> 2 & 3) + 1,
        u32::from(shape_byte & 3) + 1,
    ) else {
        return;
    };
    let states = 3 + states_byte % 4;
    let (rule, wrap) = RULES[usize::from(*rule_byte) % RULES.len()];
    let goal = match rule_byte >> 4 {
        0..4 => StateGoal::Any,
        color => StateGoal::Color(color % states),
    };
    let puzzle = StatePuzzle::new(
        shape,
        Rule::parse(rule).unwrap(),
        wrap,
        u32::from(states),
        goal,
    )
    .unwrap();
    // A kernel of billions of quiet press counts takes minutes: the search is cut short, and
    // an answer not proven is checked for what it still promises.
    let mut solver = StateSolver::new(puzzle).unwrap();
    solver.set_search_time(Some(std::time::Duration::from_millis(50)));
    let records = read(input, usize::from(*chunk).max(1), shape, states);
    assert_eq!(records, read(input, input.len().max(1), shape, states));
    for record in &records {
        match record {
            Record::Board { board, line } => {
                assert!(*line >= 1);
                assert_eq!((board.shape(), board.states()), (shape, states));
                check(board, &solver);
            }
            Record::Malformed(error) => {
                assert!(error.line >= error.board_line && error.column >= 1);
                assert!(!error.to_string().is_empty());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(input) {
        match StateBoard::parse(text, shape, states) {
            Ok(board) => {
                assert_eq!(
                    StateBoard::parse(&board.to_string(), shape, states),
                    Ok(board.clone())
                );
                check(&board, &solver);
            }
            Err(error) => assert!(error.column >= 1 && error.column <= text.chars().count() + 1),
        }
    }
});
