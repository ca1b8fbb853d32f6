//! POJ 3185 The Water Bowls (USACO 2006 January Bronze): 20 `0`/`1` on a line (1 is upside
//! down); flipping a bowl flips its neighbours too; the goal is all 0; the fewest flips. The
//! statement promises boards that can be finished, so it defines no other answer.

use super::{
    Case, Emit, Framing, Judge, Limits, Tokens, Unanswerable, read_back_to_back, read_digit_cells,
    write_count_or,
};
use crate::grid::Shape;
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};
use crate::solve::Solution;

/// POJ 3185: a 1 x 20 board.
pub struct Poj3185;

const BOWLS: u32 = 20;

fn shape() -> Shape {
    Shape::new(1, BOWLS).unwrap_or(Shape::FLIP_GAME)
}

impl Judge for Poj3185 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "poj3185"
    }

    fn problem(&self) -> &'static str {
        "POJ 3185 The Water Bowls"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (1, 1),
            cols: (BOWLS, BOWLS),
            square: false,
            cases: 1,
            impossible: false,
        }
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::White)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_back_to_back(input, emit, Framing::Unmarked, |tokens| {
            let line = tokens.peek().map_or(1, |token| token.line);
            let board = read_digit_cells(tokens, shape(), "bowls")?;
            Ok(Case {
                puzzle: self.puzzle(shape()),
                board,
                name: None,
                line,
            })
        })
    }

    fn write(
        &self,
        _case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        if answer.is_none() {
            return Err(Unanswerable {
                why: "no flips turn every bowl right side up, and the statement promises \
                      boards where some do, so the judge defines no answer",
            });
        }
        write_count_or(answer, "", out);
        Ok(())
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for case in cases {
            let digits: Vec<&str> = (0..BOWLS as usize)
                .map(|col| if case.board.get(0, col) { "1" } else { "0" })
                .collect();
            out.extend_from_slice(digits.join(" ").as_bytes());
            out.push(b'\n');
        }
    }
}
