//! Fuzz target over the board reader and the solve path: any bytes, split into chunks of any
//! size, must parse without a panic into the same records, and every board must be solved
//! consistently (the taps reach the goal in the minimum number, or a certificate proves it
//! impossible). The same bytes are also tried as a `--board` value.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::algebra::TapMatrix;
use flipgame::board::{Board, Cell, Goal};
use flipgame::input::{Record, parse_all};
use flipgame::solver::DistanceTable;

fn check_board(board: Board, matrix: &TapMatrix) {
    for goal in Goal::ALL {
        let table = DistanceTable::shared(goal);
        match table.solve(board) {
            Some(solution) => {
                assert_eq!(board.after(solution.taps), solution.goal.board());
                assert_eq!(Some(solution.moves()), table.moves(board));
                assert!(matrix.certificate(board, goal).is_none());
            }
            None => {
                let certificate = matrix.certificate(board, goal).expect("unsolvable boards have a proof");
                for tap in Cell::all() {
                    assert_eq!(certificate.pattern.flipped_by(tap) % 2, 0);
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&chunk, input)) = data.split_first() else {
        return;
    };
    let matrix = TapMatrix::new();
    let records = parse_all(input, usize::from(chunk).max(1));
    assert_eq!(records, parse_all(input, input.len().max(1)));
    for record in records {
        match record {
            Record::Board { board, line } => {
                assert!(line >= 1);
                check_board(board, &matrix);
            }
            Record::Malformed(error) => {
                assert!(error.line >= error.board_line && error.column >= 1);
                assert!(!error.to_string().is_empty());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(input) {
        match text.parse::<Board>() {
            Ok(board) => assert_eq!(board.to_string().parse::<Board>(), Ok(board)),
            Err(error) => assert!(error.column >= 1 && error.column <= text.chars().count() + 3),
        }
    }
});
