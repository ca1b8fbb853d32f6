//! POJ 1753 Flip Game (NEERC 2000; also Timus 1060): four lines of four `b`/`w`; the answer is
//! the fewest taps that make the board all white or all black, or `Impossible`.

use super::{Case, Emit, Judge, Limits, Tokens, read_letter_boards, write_letter_rows};
use crate::grid::Shape;
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};

/// POJ 1753.
pub struct Poj1753;

impl Judge for Poj1753 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "poj1753"
    }

    fn problem(&self) -> &'static str {
        "POJ 1753 Flip Game"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (4, 4),
            cols: (4, 4),
            square: true,
            cases: 1,
            impossible: true,
        }
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::Either)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_letter_boards(input, emit, b"bw", &self.puzzle(Shape::FLIP_GAME))
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for case in cases {
            write_letter_rows(&case.board, (b'b', b'w'), out);
        }
    }
}
