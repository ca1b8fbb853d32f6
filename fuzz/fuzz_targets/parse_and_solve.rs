//! Fuzz target over the board reader and the solve path: any bytes, split into chunks of any
//! size, must parse without a panic into the same records, and every board must be solved
//! consistently (the taps reach the goal in the minimum number, or a certificate proves it
//! impossible). The same bytes are also tried as a `--board` value. The second byte picks a
//! shape from 1x1 to 8x8 for the any-size reader and solver, and a rule.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::board;
use flipgame::grid::{Grid, Shape};
use flipgame::input::{BoardParser, BoardReader, Record, parse_all, parse_all_shaped};
use flipgame::notation::Cells;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::rule::Rule;
use flipgame::solve::Solver;

/// The rules the fuzzer tries, picked by a byte.
const RULES: [(&str, bool); 6] = [
    ("plus", false),
    ("x", false),
    ("box", true),
    ("sigma", false),
    ("lines", false),
    ("011/110/010", true),
];

/// Every goal's answer for `grid`: the taps reach the goal, or a certificate proves it
/// impossible; on 4x4, the distance table and the linear algebra agree on the count.
fn check_grid(grid: &Grid, puzzle: &Puzzle) {
    for goal in Goal::ALL {
        let puzzle = puzzle.with_goal(goal);
        let solver = Solver::new(puzzle.clone()).expect("small boards always fit");
        match solver.solve(grid) {
            Some(solution) => {
                let mut after = grid.clone();
                puzzle.apply(&mut after, &solution.taps);
                assert_eq!(after.finished_color(), Some(solution.color));
                assert!(solver.proof(grid).is_none());
                assert_eq!(solver.moves(grid), Some(solution.moves()));
            }
            None => {
                let proof = solver.proof(grid).expect("unsolvable boards have a proof");
                for &color in goal.colors() {
                    assert_ne!(proof.black % 2, proof.black_in_goal(color) % 2);
                }
            }
        }
    }
}

fn check_shaped(shape_byte: u8, chunk: usize, input: &[u8]) {
    let Some(shape) = Shape::new(
        u32::from(shape_byte >> 3 & 7) + 1,
        u32::from(shape_byte & 7) + 1,
    ) else {
        return;
    };
    let (rule, wrap) = RULES[usize::from(shape_byte >> 6) % RULES.len()];
    let puzzle = Puzzle::new(shape, Rule::parse(rule).unwrap(), wrap, Goal::Either).unwrap();
    let records = parse_all_shaped(input, chunk, shape);
    assert_eq!(records, parse_all_shaped(input, input.len().max(1), shape));
    for record in records {
        match record {
            Record::Board { board, .. } => check_grid(&board, &puzzle),
            Record::Malformed(error) => assert!(error.line >= error.board_line),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&chunk, input)) = data.split_first() else {
        return;
    };
    if let Some((&shape_byte, rest)) = input.split_first() {
        check_shaped(shape_byte, usize::from(chunk).max(1), rest);
    }
    let puzzle = Puzzle::flip_game();
    let records = parse_all(input, usize::from(chunk).max(1));
    assert_eq!(records, parse_all(input, input.len().max(1)));
    // The pull reader, which takes whole boards past the parser's callback, reads the same.
    let pulled: Vec<Record> = BoardReader::new(input, BoardParser::new())
        .map(|record| record.unwrap())
        .collect();
    assert_eq!(pulled, records);
    for record in records {
        match record {
            Record::Board { board, line } => {
                assert!(line >= 1);
                assert_eq!(board.shape(), Shape::FLIP_GAME);
                check_grid(&board, &puzzle);
            }
            Record::Malformed(error) => {
                assert!(error.line >= error.board_line && error.column >= 1);
                assert!(!error.to_string().is_empty());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(input) {
        match board::parse(text, Shape::FLIP_GAME, Cells::Letters) {
            Ok(grid) => assert_eq!(
                board::parse(&grid.to_string(), Shape::FLIP_GAME, Cells::Letters),
                Ok(grid)
            ),
            Err(error) => assert!(error.column >= 1 && error.column <= text.chars().count() + 3),
        }
    }
});
