//! Fuzz target over the board reader and the solve path: any bytes, split into chunks of any
//! size, must parse without a panic into the same records, and every board must be solved
//! consistently (the taps reach the goal in the minimum number, or a certificate proves it
//! impossible). The same bytes are also tried as a `--board` value. The second byte picks a
//! shape from 1x1 to 8x8 for the any-size reader and solver.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::board::{Board, Goal};
use flipgame::grid::{Grid, Shape};
use flipgame::input::{Record, parse_all, parse_all_shaped};
use flipgame::lights::LightsOut;
use flipgame::solver::DistanceTable;

fn check_board(board: Board, solver: &LightsOut) {
    for goal in Goal::ALL {
        let table = DistanceTable::shared(goal);
        if let Some(solution) = table.solve(board) {
            assert_eq!(board.after(solution.taps), solution.goal.board());
            assert_eq!(Some(solution.moves()), table.moves(board));
        }
    }
    // The same board through the any-size solver, which must agree with the table.
    check_grid(&Grid::from_board(board), solver);
    for goal in Goal::ALL {
        let moves = solver
            .solve(&Grid::from_board(board), goal)
            .map(|s| s.moves());
        assert_eq!(
            moves,
            DistanceTable::shared(goal).moves(board).map(u64::from)
        );
    }
}

fn check_grid(grid: &Grid, solver: &LightsOut) {
    for goal in Goal::ALL {
        match solver.solve(grid, goal) {
            Some(solution) => {
                let mut after = grid.clone();
                for (row, col) in solution.taps.cells() {
                    after.tap(row, col);
                }
                assert_eq!(after.finished_color(), Some(solution.goal));
                assert!(solver.certificate(grid, goal).is_none());
            }
            None => {
                let proof = solver
                    .certificate(grid, goal)
                    .expect("unsolvable boards have a proof");
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
    let records = parse_all_shaped(input, chunk, shape);
    assert_eq!(records, parse_all_shaped(input, input.len().max(1), shape));
    let solver = LightsOut::new(shape);
    for record in records {
        match record {
            Record::Grid { grid, .. } => check_grid(&grid, &solver),
            Record::Board { board, .. } => check_grid(&Grid::from_board(board), &solver),
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
    let solver = LightsOut::new(Shape::FLIP_GAME);
    let records = parse_all(input, usize::from(chunk).max(1));
    assert_eq!(records, parse_all(input, input.len().max(1)));
    for record in records {
        match record {
            Record::Board { board, line } => {
                assert!(line >= 1);
                check_board(board, &solver);
            }
            Record::Grid { .. } => panic!("a 4x4 reader gave a board of another size"),
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
