//! The checkers the judges share: a contestant's count against the fewest, a tap set against
//! the board, and the verdict that leaves the output where the next case starts.

use super::{Case, Judge, JudgeError, Token, Tokens, Unanswerable, Verdict};
use crate::grid::Grid;
use crate::kind::{Kind, SolutionOf, TwoStates};
use crate::notation::{Cell, Color};
use crate::solve::{Solution, Taps};
use crate::words::tap_word;

/// Judges a contestant's answer to case `number` (from 1), read from `output`, as the judge's
/// own checker would: `answer` is the core's; a case the statement defines no output for is
/// refused, and an accepted answer carries the first place its spacing differs from the
/// judge's own, if any.
pub fn judge_case<J: Judge + ?Sized>(
    judge: &J,
    case: &Case<J::Kind>,
    number: u64,
    answer: Option<&SolutionOf<J::Kind>>,
    output: &mut Tokens<'_>,
) -> Result<Verdict, Unanswerable> {
    let mut expected = Vec::new();
    judge.write(case, number, answer, &mut expected)?;
    let verdict = judge.check(case, number, answer, output);
    Ok(settle_verdict(verdict, output))
}

/// Ends a case's output after its check: an accepted answer carries the first place its
/// spacing differs from the judge's own, if any.
fn settle_verdict(mut verdict: Verdict, output: &mut Tokens<'_>) -> Verdict {
    output.end_case();
    let note = output.take_spacing_note();
    if let Verdict::Accepted { whitespace } = &mut verdict {
        *whitespace = note;
    }
    verdict
}

/// Judges one token that should be the fewest taps, or the word `impossible`.
pub(crate) fn check_count<T: Taps, C>(
    token: Option<Token>,
    output: &mut Tokens<'_>,
    answer: Option<&Solution<T, C>>,
    impossible: &str,
) -> Result<(), JudgeError> {
    let token = token.ok_or_else(|| {
        output.error_at_end(match answer {
            Some(solution) => format!("expected {}, found the end", solution.moves()),
            None => format!("expected {impossible}, found the end"),
        })
    })?;
    if token.text == impossible.as_bytes() {
        return match answer {
            None => Ok(()),
            Some(solution) => Err(token.error(format!(
                "the board can be finished, in {} {}",
                solution.moves(),
                tap_word(solution.moves())
            ))),
        };
    }
    let number = std::str::from_utf8(&token.text)
        .ok()
        .and_then(|text| text.parse::<i64>().ok());
    if let Some(number) = number
        && number.to_string().as_bytes() != token.text
    {
        // `04`, `+4`, `-0`: a judge that compares tokens as text calls these wrong.
        let expected = answer.map_or_else(|| impossible.to_string(), |s| s.moves().to_string());
        return Err(token.error(format!(
            "expected '{expected}', found {}: {number} written another way, which a judge \
             comparing the tokens as text calls a wrong answer",
            token.display()
        )));
    }
    match (answer, number) {
        (Some(solution), Some(number)) => {
            let fewest = solution.moves();
            match number.cmp(&i64::try_from(fewest).unwrap_or(i64::MAX)) {
                std::cmp::Ordering::Equal => Ok(()),
                std::cmp::Ordering::Greater => Err(token.error(format!(
                    "{number} is not the fewest: the fewest is {fewest}"
                ))),
                std::cmp::Ordering::Less => Err(token.error(format!(
                    "{number} is fewer than any taps can do: the fewest is {fewest}"
                ))),
            }
        }
        (None, Some(number)) => Err(token.error(format!(
            "{number}: the board cannot be finished, so the answer is {impossible}"
        ))),
        (None, None) if token.text.eq_ignore_ascii_case(impossible.as_bytes()) => {
            Err(token.error(format!(
                "expected '{impossible}', found {}: judges compare words exactly",
                token.display()
            )))
        }
        (Some(solution), None) if token.text.eq_ignore_ascii_case(impossible.as_bytes()) => {
            Err(token.error(format!(
                "expected {}, found {}: the board can be finished",
                solution.moves(),
                token.display()
            )))
        }
        (_, None) => Err(token.error(format!(
            "expected a number or '{impossible}', found {}",
            token.display()
        ))),
    }
}

/// The verdict of a check: after a rejection the rest of the line is skipped, so the next
/// case starts where the judge's layout puts it.
pub(crate) fn verdict(result: Result<(), JudgeError>, output: &mut Tokens<'_>) -> Verdict {
    match result {
        Ok(()) => Verdict::Accepted { whitespace: None },
        Err(error) => {
            output.skip_line();
            Verdict::Rejected(error)
        }
    }
}

/// Judges a tap set a contestant gave for a board: it must finish the board, be the fewest,
/// and (when `least` is asked) be the least of the optimal sets in the row-major order.
pub(crate) fn check_taps(
    case: &Case,
    taps: &Grid,
    answer: Option<&Solution>,
    least: bool,
    place: &Token,
) -> Result<(), JudgeError> {
    let Some(solution) = answer else {
        return Err(place.error("the board cannot be finished, so no taps are right".into()));
    };
    let facts = TapFacts::<TwoStates>::of(&case.puzzle, &case.board, taps, answer);
    if !facts.finished {
        let these = match taps.count() {
            1 => "this 1 tap leaves".to_string(),
            count => format!("these {count} {} leave", tap_word(count)),
        };
        return Err(place.error(match case.puzzle.goal().colors() {
            [color] => format!(
                "{these} the board unfinished, first at {}",
                Cell::from(first_wrong_cell(&facts.after, *color)),
            ),
            _ => format!("{these} the board neither all white nor all black"),
        }));
    }
    if taps.count() > solution.moves() {
        return Err(place.error(format!(
            "{} the fewest: the fewest is {}",
            match taps.count() {
                1 => "this 1 tap finishes the board but is not".to_string(),
                count => format!("these {count} taps finish the board but are not"),
            },
            solution.moves()
        )));
    }
    if least && !facts.least {
        let (row, col) = first_difference(taps, &solution.taps);
        return Err(place.error(format!(
            "a fewest tap set, but not the least one the judge asks for: read row by row, the \
             least has {} at {}",
            u8::from(solution.taps.get(row, col)),
            Cell::new(row, col)
        )));
    }
    Ok(())
}

/// What taps do to a board, against the core's answer for it.
#[derive(Clone, Debug)]
pub struct TapFacts<K: Kind = TwoStates> {
    /// The board after the taps.
    pub after: K::Board,
    /// The taps finish the board.
    pub finished: bool,
    /// How many taps were given.
    pub given: u64,
    /// The fewest taps, or `None` when the board cannot be finished.
    pub fewest: Option<u64>,
    /// The taps finish the board in the fewest taps.
    pub optimal: bool,
    /// The taps are the least of the fewest, read row by row.
    pub least: bool,
}

impl<K: Kind> TapFacts<K> {
    /// The facts of `taps` on `board` of `puzzle`, whose answer (from the core) is `answer`.
    pub fn of(
        puzzle: &K::Puzzle,
        board: &K::Board,
        taps: &K::Taps,
        answer: Option<&SolutionOf<K>>,
    ) -> TapFacts<K> {
        let mut after = board.clone();
        K::apply(puzzle, &mut after, taps);
        let finished = K::is_finished(puzzle, &after);
        let fewest = answer.map(Solution::moves);
        let given = taps.tap_count();
        let optimal = finished && fewest == Some(given);
        TapFacts {
            after,
            finished,
            given,
            fewest,
            optimal,
            least: optimal && answer.is_some_and(|solution| solution.taps == *taps),
        }
    }
}

/// The first cell, row-major, that is not `color`.
fn first_wrong_cell(board: &Grid, color: Color) -> (usize, usize) {
    let mut wrong = Grid::filled(board.shape(), color);
    wrong.xor_with(board);
    wrong.cells().next().unwrap_or((0, 0))
}

/// The first cell, row-major, where two grids differ.
fn first_difference(a: &Grid, b: &Grid) -> (usize, usize) {
    let mut difference = a.clone();
    difference.xor_with(b);
    difference.cells().next().unwrap_or((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn the_first_difference_is_found_row_by_row() {
        let shape = Shape::new(3, 70).unwrap();
        let (mut a, mut b) = (Grid::new(shape), Grid::new(shape));
        a.set(2, 0, true);
        b.set(1, 66, true);
        assert_eq!(first_difference(&a, &b), (1, 66));
        assert_eq!(first_wrong_cell(&a, Color::White), (2, 0));
        assert_eq!(
            first_wrong_cell(&Grid::filled(shape, Color::Black), Color::Black),
            (0, 0)
        );
        a.set(0, 3, true);
        let mut black = Grid::filled(shape, Color::Black);
        black.set(0, 5, false);
        assert_eq!(first_wrong_cell(&black, Color::Black), (0, 5));
    }
}
