//! UVa 10309 Turn the Lights Off: cases of a name line and 10 lines of 10 `#`/`O` (`O` is on),
//! until the name `end`; the goal is every light off; `name k` with the fewest presses, or
//! `name -1` when it cannot be done in at most 100.

use super::{
    Case, Emit, Judge, JudgeError, Layout, Limits, Token, Tokens, Unanswerable, Verdict,
    check_count, read_letter_rows, rows_on_their_lines, write_letter_rows,
};
use crate::grid::Shape;
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};
use crate::solve::Solution;

/// UVa 10309.
pub struct Uva10309;

const SIDE: u32 = 10;
/// The longest name the statement gives a case ("between 1 and 100 characters"): the answer
/// writes it back, so a longer one is refused rather than copied out whole.
const LONGEST_NAME: u64 = 100;
/// The most presses the statement accepts; more reads as -1.
const MOST_PRESSES: u64 = 100;

fn shape() -> Shape {
    Shape::new(SIDE, SIDE).unwrap_or(Shape::FLIP_GAME)
}

/// The answer as the judge counts it: none above 100 presses.
fn within_limit(answer: Option<&Solution>) -> Option<&Solution> {
    answer.filter(|solution| solution.moves() <= MOST_PRESSES)
}

/// Checks that the case's name is printable ASCII and alone on its line, as the statement
/// writes names. (A name of other bytes could not be written back as it was read: a
/// byte-order mark at the start of an input is not part of its first name.)
fn check_name(tokens: &mut Tokens<'_>, name: &Token) -> Result<(), JudgeError> {
    if name.characters() > LONGEST_NAME {
        return Err(name.error(format!(
            "expected the case's name, of 1 to {LONGEST_NAME} characters as the statement \
             says, found {}",
            name.display()
        )));
    }
    if !name.text.iter().all(u8::is_ascii_graphic) {
        return Err(name.error(format!(
            "expected the case's name in letters, digits and signs, found {}",
            name.display()
        )));
    }
    match tokens.peek() {
        Some(next) if next.line == name.line => Err(next.error(format!(
            "expected the case's name {} alone on its line, found more after it",
            name.display()
        ))),
        _ => Ok(()),
    }
}

impl Judge for Uva10309 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "uva10309"
    }

    fn problem(&self) -> &'static str {
        "UVa 10309 Turn the Lights Off"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (SIDE, SIDE),
            cols: (SIDE, SIDE),
            square: true,
            cases: 100,
            impossible: false,
        }
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::White)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        let tokens = input;
        loop {
            let Some(name) = tokens.next() else {
                return emit(Err(tokens.error_at_end(
                    "expected a case's name or 'end', found the end of the input".into(),
                )));
            };
            if name.text == b"end" {
                break;
            }
            let board = check_name(tokens, &name)
                .and_then(|()| rows_on_their_lines(tokens, name.line + 1, SIDE.into()))
                .and_then(|()| read_letter_rows(tokens, shape(), (b'O', b'#')));
            if board.is_err() {
                // A case is its name line and ten rows: the next one starts after them.
                tokens.skip_to_line(name.line + 1 + u64::from(SIDE));
            }
            emit(board.map(|board| Case {
                puzzle: self.puzzle(shape()),
                board,
                name: Some(String::from_utf8_lossy(&name.text).into_owned()),
                line: name.line,
            }));
        }
        if let Some(extra) = tokens.next() {
            emit(Err(extra
                .error("text after the name 'end', which the judge never reads".into())
                .of_the_whole_input()));
        }
    }

    fn write(
        &self,
        case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        out.extend_from_slice(case.name.as_deref().unwrap_or("").as_bytes());
        out.push(b' ');
        super::write_count_or(within_limit(answer), "-1", out);
        Ok(())
    }

    fn check(
        &self,
        case: &Case,
        _index: u64,
        answer: Option<&Solution>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        let name = case.name.as_deref().unwrap_or("");
        let result = match output.next_in(Layout::LineStart) {
            None => Err(output.error_at_end(format!("expected '{name}', found the end"))),
            Some(token) if token.text != name.as_bytes() => Err(token.error(format!(
                "expected the case's name '{name}', found {}",
                token.display()
            ))),
            Some(_) => {
                let token = output.next_in(Layout::AfterSpace);
                check_count(token, output, within_limit(answer), "-1")
            }
        };
        super::verdict(result, output)
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for (index, case) in cases.iter().enumerate() {
            let name = case
                .name
                .clone()
                .unwrap_or_else(|| format!("case{}", index + 1));
            out.extend_from_slice(name.as_bytes());
            out.push(b'\n');
            write_letter_rows(&case.board, (b'O', b'#'), out);
        }
        out.extend_from_slice(b"end\n");
    }
}
