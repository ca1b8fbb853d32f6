//! POJ 2965 The Pilots Brothers' refrigerator: 4 lines of 4 `+`/`-` (`+` is closed); a switch
//! changes its whole row and column; the goal is every handle open (`-`); the fewest
//! switchings N, then N lines `row col`. Any order is accepted (a special judge), and every
//! board has exactly one fewest set.

use super::{
    Case, Emit, Judge, JudgeError, Layout, Limits, Tokens, Unanswerable, Verdict, check_taps,
    read_letter_boards, write_letter_rows,
};
use crate::grid::{Grid, Shape};
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};
use crate::rule::Rule;
use crate::solve::Solution;

/// POJ 2965.
pub struct Poj2965;

/// The most switchings a contestant may list before we stop reading: far above any answer.
const MOST_LISTED: u64 = 1 << 16;

impl Judge for Poj2965 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "poj2965"
    }

    fn problem(&self) -> &'static str {
        "POJ 2965 The Pilots Brothers' refrigerator"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (4, 4),
            cols: (4, 4),
            square: true,
            cases: 1,
            impossible: false,
        }
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::new(shape, Rule::Lines, false, Goal::White)
            .unwrap_or_else(|_| Puzzle::plus(shape, Goal::White))
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_letter_boards(input, emit, b"+-", &self.puzzle(Shape::FLIP_GAME))
    }

    fn write(
        &self,
        _case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        let solution = answer.ok_or(Unanswerable {
            why: "every board of the refrigerator can be opened",
        })?;
        out.extend_from_slice(format!("{}\n", solution.moves()).as_bytes());
        for (row, col) in solution.taps.cells() {
            out.extend_from_slice(format!("{} {}\n", row + 1, col + 1).as_bytes());
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
        super::verdict(check_switchings(case, answer, output), output)
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for case in cases {
            write_letter_rows(&case.board, (b'+', b'-'), out);
        }
    }
}

/// Reads N and N `row col` lines, applies them in order (a switch made twice cancels), and
/// judges the result.
fn check_switchings(
    case: &Case,
    answer: Option<&Solution>,
    output: &mut Tokens<'_>,
) -> Result<(), JudgeError> {
    let first = output
        .next_in(Layout::LineStart)
        .ok_or_else(|| output.error_at_end("expected the number of switchings".into()))?;
    let listed = std::str::from_utf8(&first.text)
        .ok()
        .and_then(|text| text.parse::<u64>().ok())
        .filter(|&n| n <= MOST_LISTED)
        .ok_or_else(|| {
            first.error(format!(
                "expected the number of switchings, found {}",
                first.display()
            ))
        })?;
    let mut taps = Grid::new(Shape::FLIP_GAME);
    for index in 0..listed {
        let mut coordinate = |layout, what| {
            let token = output.next_in(layout).ok_or_else(|| {
                output.error_at_end(format!(
                    "the first line announces {listed} switchings, but the output ends after \
                     {index}"
                ))
            })?;
            std::str::from_utf8(&token.text)
                .ok()
                .and_then(|text| text.parse::<usize>().ok())
                .filter(|n| (1..=4).contains(n))
                .ok_or_else(|| {
                    token.error(format!(
                        "expected a {what} from 1 to 4, found {}",
                        token.display()
                    ))
                })
        };
        let row = coordinate(Layout::LineStart, "row")?;
        let col = coordinate(Layout::AfterSpace, "column")?;
        taps.toggle(row - 1, col - 1);
    }
    if let Some(solution) = answer.filter(|solution| listed > solution.moves()) {
        return Err(first.error(format!(
            "{listed} switchings are not the fewest: the fewest is {}",
            solution.moves()
        )));
    }
    check_taps(case, &taps, answer, false, &first)
}
