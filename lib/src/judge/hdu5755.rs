//! HDU 5755 Gambler Bo (2016 Multi-University Training Contest 3): T cases, each `N M` then N
//! rows of M numbers 0 to 2; choosing cell (x, y) adds 2 to it and 1 to each of its four
//! neighbours, mod 3; print any choices that make every cell 0: their number, then one `x y`
//! line each (row, column, from 1), at most 2NM of them. The statement promises every board can
//! be made all 0, and a special judge accepts any valid answer; flipgame prints the fewest.

use super::{
    Case, Emit, Judge, JudgeError, Layout, Limits, Tokens, Unanswerable, Verdict, drawn_uniformly,
    read_counted, read_number, read_number_on_the_line, read_state_cells,
};
use crate::grid::Shape;
use crate::grid::StateBoard;
use crate::kind::KStates;
use crate::puzzle::{StateGoal, StatePuzzle};
use crate::random::Generator;
use crate::rule::{Rule, Stencil};
use crate::solve::states::StateSolution;

/// HDU 5755.
pub struct Hdu5755;

/// The largest side the statement allows.
const MOST_SIDE: u64 = 30;

/// The states of a cell.
const STATES: u32 = 3;

/// Why a board no choices make all 0 has no answer.
const PROMISE: Unanswerable = Unanswerable {
    why: "no choices make this board all 0, and the statement promises boards where some do, \
          so the judge defines no answer",
};

impl Judge for Hdu5755 {
    type Kind = KStates;

    fn name(&self) -> &'static str {
        "hdu5755"
    }

    fn problem(&self) -> &'static str {
        "HDU 5755 Gambler Bo"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (1, MOST_SIDE as u32),
            cols: (1, MOST_SIDE as u32),
            square: false,
            cases: 10,
            impossible: false,
        }
    }

    fn puzzle(&self, shape: Shape) -> StatePuzzle {
        let stencil = Stencil::parse("010/121/010")
            .unwrap_or_else(|error| unreachable!("the statement's weights: {error}"));
        StatePuzzle::new(
            shape,
            Rule::Stencil {
                name: None,
                stencil,
            },
            false,
            STATES,
            StateGoal::Color(0),
        )
        .unwrap_or_else(|error| unreachable!("the statement's puzzle: {error}"))
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_, KStates>) {
        read_counted(input, emit, "cases", u64::MAX, |tokens| {
            let line = tokens.peek().map_or(1, |token| token.line);
            let rows = read_number(tokens, "N, the rows", MOST_SIDE)?;
            let cols = read_number_on_the_line(tokens, "M, the columns", MOST_SIDE)?;
            let shape = Shape::new(rows as u32, cols as u32).unwrap_or(Shape::FLIP_GAME);
            let cells = read_state_cells(tokens, shape, STATES as u8, "cells")?;
            let mut board = StateBoard::new(shape, STATES as u8);
            for (index, &state) in cells.iter().enumerate() {
                board.set(index / cols as usize, index % cols as usize, state);
            }
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
        case: &Case<KStates>,
        _index: u64,
        answer: Option<&StateSolution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        let solution = answer.ok_or(PROMISE)?;
        out.extend_from_slice(format!("{}\n", solution.moves()).as_bytes());
        for (cell, times) in solution.tapped(case.board.shape().cols() as usize) {
            for _ in 0..times {
                out.extend_from_slice(format!("{} {}\n", cell.row + 1, cell.col + 1).as_bytes());
            }
        }
        Ok(())
    }

    fn check(
        &self,
        case: &Case<KStates>,
        _index: u64,
        answer: Option<&StateSolution>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        match check_choices(case, answer, output) {
            Ok(()) => Verdict::Accepted { whitespace: None },
            Err(error) => {
                skip_to_the_next_count(output);
                Verdict::Rejected(error)
            }
        }
    }

    fn draw_case(&self, _number: u64, generator: &mut Generator) -> Case<KStates> {
        drawn_uniformly(self, generator)
    }

    fn write_input(&self, cases: &[Case<KStates>], out: &mut Vec<u8>) {
        out.extend_from_slice(format!("{}\n", cases.len()).as_bytes());
        for case in cases {
            let shape = case.board.shape();
            out.extend_from_slice(format!("{} {}\n", shape.rows(), shape.cols()).as_bytes());
            for row in case.board.cells().chunks(shape.cols() as usize) {
                let cells: Vec<String> = row.iter().map(u8::to_string).collect();
                out.extend_from_slice(cells.join(" ").as_bytes());
                out.push(b'\n');
            }
        }
    }
}

/// The number `token` writes plainly (no sign, no leading zero), if it is from `least` to
/// `most`.
fn plain_number(token: &super::Token, least: u64, most: u64) -> Option<u64> {
    std::str::from_utf8(&token.text)
        .ok()
        .and_then(|text| text.parse::<u64>().ok())
        .filter(|n| (least..=most).contains(n) && n.to_string().as_bytes() == token.text)
}

/// After a rejected answer, where the next case's answer starts: the next line with one
/// number, its count (a choice's line has two), so that one mistake costs one case.
fn skip_to_the_next_count(output: &mut Tokens<'_>) {
    output.skip_line();
    while let Some(first) = output.peek() {
        if output
            .peek_nth(1)
            .is_none_or(|second| second.line != first.line)
        {
            return;
        }
        output.skip_to_line(first.line + 1);
    }
}

/// Reads the number of choices and the choices, and judges whether they make every cell 0.
fn check_choices(
    case: &Case<KStates>,
    answer: Option<&StateSolution>,
    output: &mut Tokens<'_>,
) -> Result<(), JudgeError> {
    answer.ok_or_else(|| JudgeError {
        advice: None,
        whole_input: false,
        line: case.line,
        column: 1,
        message: PROMISE.why.to_string(),
    })?;
    let shape = case.board.shape();
    let (rows, cols) = (u64::from(shape.rows()), u64::from(shape.cols()));
    let most = 2 * rows * cols;
    let Some(count_token) = output.next_in(Layout::LineStart) else {
        return Err(
            output.error_at_end("expected the number of choices, found the end".to_string())
        );
    };
    let count = plain_number(&count_token, 0, most).ok_or_else(|| {
        count_token.error(format!(
            "expected the number of choices, from 0 to 2NM = {most}, found {}",
            count_token.display()
        ))
    })?;
    let mut board = case.board.clone();
    for choice in 1..=count {
        // A line with one number where a choice's two should be, and more after it: the answer
        // is cut short, and that line is the next case's count (left for it).
        if let Some(first) = output.peek()
            && let Some(second) = output.peek_nth(1)
            && second.line != first.line
        {
            return Err(first.error(format!(
                "expected choice {choice} of {count}, a line of two numbers x y, found a line \
                 of one number, {} (the next case's count?)",
                first.display()
            )));
        }
        let mut coordinate = |layout: Layout, what: &str, largest: u64| {
            let token = output.next_in(layout).ok_or_else(|| {
                output.error_at_end(format!(
                    "expected choice {choice} of {count}, found the end"
                ))
            })?;
            plain_number(&token, 1, largest).ok_or_else(|| {
                token.error(format!(
                    "expected {what} of choice {choice}, from 1 to {largest}, found {}",
                    token.display()
                ))
            })
        };
        let row = coordinate(Layout::LineStart, "the row x", rows)?;
        let col = coordinate(Layout::AfterSpace, "the column y", cols)?;
        case.puzzle
            .tap(&mut board, row as usize - 1, col as usize - 1);
    }
    if let Some(wrong) = board.cells().iter().position(|&state| state != 0) {
        let (row, col) = (wrong / cols as usize + 1, wrong % cols as usize + 1);
        return Err(JudgeError {
            advice: None,
            whole_input: false,
            line: count_token.line,
            column: count_token.column,
            message: format!(
                "{} the cell at row {row}, column {col} at {}, not 0",
                match count {
                    1 => "this 1 choice leaves".to_string(),
                    _ => format!("these {count} choices leave"),
                },
                board.cells()[wrong]
            ),
        });
    }
    Ok(())
}
