//! POJ 1681 Painter's Problem: t cases, each n then n lines of n `w`/`y`; painting a brick
//! turns it and its four neighbours over; the goal is every brick yellow (`y`); the fewest
//! bricks to paint, or `inf`.

use super::{
    Case, Emit, Judge, Limits, Tokens, read_counted, read_letter_rows, read_number,
    write_letter_rows,
};
use crate::grid::{MAX_SIDE, Shape};
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};

/// POJ 1681; a white brick is a set cell, so finished is "all clear".
pub struct Poj1681;

impl Judge for Poj1681 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "poj1681"
    }

    fn problem(&self) -> &'static str {
        "POJ 1681 Painter's Problem"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (1, 15),
            cols: (1, 15),
            square: true,
            cases: 20,
            impossible: true,
        }
    }

    fn impossible_word(&self) -> &'static str {
        "inf"
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::White)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_counted(input, emit, "cases", u64::MAX, |tokens| {
            let line = tokens.peek().map_or(1, |token| token.line);
            let side = read_number(tokens, "n, the side of the wall", u64::from(MAX_SIDE))?;
            let shape = Shape::new(side as u32, side as u32).unwrap_or(Shape::FLIP_GAME);
            let board = read_letter_rows(tokens, shape, (b'w', b'y'))?;
            Ok(Case {
                puzzle: self.puzzle(shape),
                board,
                name: None,
                line,
            })
        })
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        out.extend_from_slice(format!("{}\n", cases.len()).as_bytes());
        for case in cases {
            out.extend_from_slice(format!("{}\n", case.board.shape().rows()).as_bytes());
            write_letter_rows(&case.board, (b'w', b'y'), out);
        }
    }

    fn stated_sizes(&self) -> Option<&'static str> {
        Some("1 <= n <= 15")
    }
}
