//! Fuzz target over the game's line commands (`play --lines`): any text, a command a line,
//! played on a board picked by the first byte. What must hold: no panic; a line is a command
//! or an error that quotes it; a tap read back from its own `r<row>c<col>` form is the same tap;
//! and the game's count of taps left is the solver's for the board it shows.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::game::lines::{Command, parse};
use flipgame::game::{Event, Game};
use flipgame::grid::{Grid, Shape};
use flipgame::kind::TwoStates;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::solve::Solver;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let shape = Shape::new(u32::from(pick % 5) + 1, u32::from(pick / 5 % 5) + 1).unwrap();
    let puzzle = Puzzle::plus(shape, Goal::Either);
    let mut board = Grid::new(shape);
    for (index, &byte) in rest.iter().take(shape.cells() as usize).enumerate() {
        board.set(
            index / shape.cols() as usize,
            index % shape.cols() as usize,
            byte & 1 == 1,
        );
    }
    let Ok(mut game) = Game::<TwoStates>::new(Solver::new(puzzle.clone()).unwrap(), board) else {
        return;
    };
    let checker = Solver::new(puzzle).unwrap();
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    for line in text.lines().take(64) {
        let word = line.trim();
        match parse(word, shape) {
            Ok(Command::Game(event)) => {
                if let Event::Tap(cell) = &event {
                    assert_eq!(
                        parse(&cell.to_string(), shape),
                        Ok(Command::Game(event.clone()))
                    );
                }
                let _ = game.apply(event);
                let fewest = checker.solve(game.board()).map(|solution| solution.moves());
                assert_eq!(game.status().moves_left, fewest, "{word}");
            }
            Ok(_) => {}
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
});
