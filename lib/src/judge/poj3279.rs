//! POJ 3279 Fliptile (USACO 2007 Open Silver): `M N`, then M lines of N `0`/`1` (1 is black);
//! the goal is all white; the answer is the M x N matrix of flips, the fewest and among those
//! the least read as a row-major string, or `IMPOSSIBLE`.

use super::{
    Case, Emit, Framing, Judge, JudgeError, Layout, Limits, Tokens, Unanswerable, Verdict,
    check_taps, read_back_to_back, read_digit_cells, read_number, read_number_on_the_line,
    write_digit_rows,
};
use crate::grid::{Grid, MAX_SIDE, Shape};
use crate::kind::TwoStates;
use crate::notation::Cell;
use crate::puzzle::{Goal, Puzzle};
use crate::solve::Solution;

/// POJ 3279.
pub struct Poj3279;

impl Judge for Poj3279 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "poj3279"
    }

    fn problem(&self) -> &'static str {
        "POJ 3279 Fliptile"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (1, 15),
            cols: (1, 15),
            square: false,
            cases: 1,
            impossible: true,
        }
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::White)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_back_to_back(input, emit, Framing::Unmarked, |tokens| {
            let line = tokens.peek().map_or(1, |token| token.line);
            let rows = read_number(tokens, "M, the rows", u64::from(MAX_SIDE))?;
            let cols = read_number_on_the_line(tokens, "N, the columns", u64::from(MAX_SIDE))?;
            let shape = Shape::new(rows as u32, cols as u32).unwrap_or(Shape::FLIP_GAME);
            let board = read_digit_cells(tokens, shape, "tiles")?;
            Ok(Case {
                puzzle: self.puzzle(shape),
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
        match answer {
            Some(solution) => write_digit_rows(&solution.taps, out),
            None => out.extend_from_slice(b"IMPOSSIBLE\n"),
        }
        Ok(())
    }

    fn check(
        &self,
        case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        super::verdict(
            check_matrix(case, answer, output, "IMPOSSIBLE", true),
            output,
        )
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for case in cases {
            let shape = case.board.shape();
            out.extend_from_slice(format!("{} {}\n", shape.rows(), shape.cols()).as_bytes());
            write_digit_rows(&case.board, out);
        }
    }

    fn stated_sizes(&self) -> Option<&'static str> {
        Some("1 <= M <= 15; 1 <= N <= 15")
    }
}

/// Reads a matrix of 0/1 taps the shape of the case's board (or the `impossible` word when
/// there is one) and judges it; `least` asks for the least of the fewest.
pub(crate) fn check_matrix(
    case: &Case,
    answer: Option<&Solution>,
    output: &mut Tokens<'_>,
    impossible: &str,
    least: bool,
) -> Result<(), JudgeError> {
    let shape = case.board.shape();
    let cols = shape.cols() as usize;
    let mut taps = Grid::new(shape);
    let mut first = None;
    for index in 0..shape.cells() as usize {
        let layout = if index % cols == 0 {
            Layout::LineStart
        } else {
            Layout::AfterSpace
        };
        let Some(token) = output.next_in(layout) else {
            return Err(output.error_at_end(format!(
                "expected a {shape} matrix of 0 and 1, found the end after {index} cells"
            )));
        };
        if index == 0 && token.text == impossible.as_bytes() && !impossible.is_empty() {
            return match answer {
                None => Ok(()),
                Some(solution) => Err(token.error(format!(
                    "the board can be finished, in {} {}",
                    solution.moves(),
                    crate::words::tap_word(solution.moves())
                ))),
            };
        }
        match token.text.as_slice() {
            b"0" => {}
            b"1" => taps.set(index / cols, index % cols, true),
            _ => {
                return Err(token.error(format!(
                    "expected 0 or 1 for {}, found {}",
                    Cell::at_index(index, cols),
                    token.display()
                )));
            }
        }
        first.get_or_insert(token);
    }
    let place = first.ok_or_else(|| output.error_at_end("expected a matrix".into()))?;
    check_taps(case, &taps, answer, least, &place)
}
