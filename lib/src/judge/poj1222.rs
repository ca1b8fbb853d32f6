//! POJ 1222 EXTENDED LIGHTS OUT (Greater New York 2002; also UVa 1560): the number of puzzles,
//! then each as 5 lines of 6 `0`/`1` (1 is a light on); the goal is every light off; for puzzle
//! k the answer is `PUZZLE #k` and the 5 x 6 matrix of presses, one space between digits. Every
//! 5 x 6 board has exactly one answer.

use super::{
    Case, Emit, Judge, Layout, Limits, Tokens, Unanswerable, Verdict, read_counted,
    read_digit_cells, write_digit_rows,
};
use crate::grid::Shape;
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};
use crate::solve::Solution;

/// POJ 1222.
pub struct Poj1222;

const SHAPE: (u32, u32) = (5, 6);

fn shape() -> Shape {
    Shape::new(SHAPE.0, SHAPE.1).unwrap_or(Shape::FLIP_GAME)
}

impl Judge for Poj1222 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "poj1222"
    }

    fn problem(&self) -> &'static str {
        "POJ 1222 EXTENDED LIGHTS OUT"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (SHAPE.0, SHAPE.0),
            cols: (SHAPE.1, SHAPE.1),
            square: false,
            cases: 100,
            impossible: false,
        }
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::White)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_counted(input, emit, "puzzles", u64::MAX, |tokens| {
            let line = tokens.peek().map_or(1, |token| token.line);
            let board = read_digit_cells(tokens, shape(), "lights")?;
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
        index: u64,
        answer: Option<&Solution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        let solution = answer.ok_or(Unanswerable {
            why: "a 5x6 board always has an answer",
        })?;
        out.extend_from_slice(format!("PUZZLE #{index}\n").as_bytes());
        write_digit_rows(&solution.taps, out);
        Ok(())
    }

    fn check(
        &self,
        case: &Case,
        index: u64,
        answer: Option<&Solution>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        let start = output.mark();
        let header = (|| {
            let expected = format!("#{index}");
            let word = output
                .next_in(Layout::LineStart)
                .ok_or_else(|| output.error_at_end(format!("expected PUZZLE {expected}")))?;
            if word.text != b"PUZZLE" {
                return Err(word.error(format!(
                    "expected 'PUZZLE {expected}', found {}",
                    word.display()
                )));
            }
            let number = output
                .next_in(Layout::AfterSpace)
                .ok_or_else(|| output.error_at_end(format!("expected {expected}")))?;
            if number.text != expected.as_bytes() {
                return Err(
                    number.error(format!("expected '{expected}', found {}", number.display()))
                );
            }
            Ok(())
        })();
        let result =
            header.and_then(|()| super::poj3279::check_matrix(case, answer, output, "", false));
        match result {
            Ok(()) => {
                output.unmark();
                Verdict::Accepted { whitespace: None }
            }
            Err(error) => {
                // Each case starts with its header: one mistake costs one case. Back to where
                // this one started, then on to the next header (the mistake may have been to
                // read the next header as this case's cells).
                output.rewind(start);
                output.next();
                output.skip_until(b"PUZZLE");
                Verdict::Rejected(error)
            }
        }
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        out.extend_from_slice(format!("{}\n", cases.len()).as_bytes());
        for case in cases {
            write_digit_rows(&case.board, out);
        }
    }
}
