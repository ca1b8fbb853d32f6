//! The Clocks (IOI 1994) as POJ 1166 and USACO training ("clocks") give it: nine clocks in a
//! 3x3 grid, each at 12, 3, 6 or 9 o'clock (POJ writes `0` to `3`, USACO the hours), and nine
//! moves, each turning a fixed set of clocks a quarter turn; the answer is the shortest
//! sequence of moves that sets every clock to 12, sorted, a move made twice listed twice. Both
//! statements say the answer is unique, and it is: the moves' matrix is invertible mod 4.

use super::read::RowLines;
use super::{
    Advised, Case, Emit, Framing, Judge, JudgeError, Layout, Limits, Tokens, Unanswerable, Verdict,
    drawn_uniformly, read_back_to_back,
};
use crate::grid::Shape;
use crate::grid::StateBoard;
use crate::kind::KStates;
use crate::puzzle::{StateGoal, StatePuzzle};
use crate::random::Generator;
use crate::rule::{Graph, Rule};
use crate::settings::Setting;
use crate::solve::states::StateSolution;
use crate::words::count_of;

/// The Clocks, its dials written as POJ 1166 (`hours` false: `0` to `3`) or USACO (`hours`
/// true: `3`, `6`, `9`, `12`) writes them.
pub struct Clocks {
    /// The dials are written as hours.
    pub hours: bool,
}

/// POJ 1166.
pub const POJ1166: Clocks = Clocks { hours: false };

/// USACO training's "clocks".
pub const USACO_CLOCKS: Clocks = Clocks { hours: true };

/// The clocks each move turns, clocks `A` to `I` row by row (the statement's table).
const MOVES: [&str; 9] = [
    "ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI",
];

/// The dial of a clock at state `state`.
fn dial(state: u8) -> u32 {
    match state {
        0 => 12,
        other => 3 * u32::from(other),
    }
}

impl Clocks {
    /// A clock's state as the input writes it.
    fn written(&self, state: u8) -> String {
        if self.hours {
            dial(state).to_string()
        } else {
            state.to_string()
        }
    }

    /// The state of a clock written `text`, if it is one.
    fn read_clock(&self, text: &[u8]) -> Option<u8> {
        (0..4).find(|&state| self.written(state).as_bytes() == text)
    }
}

impl Judge for Clocks {
    type Kind = KStates;

    fn name(&self) -> &'static str {
        if self.hours {
            "usaco-clocks"
        } else {
            "poj1166"
        }
    }

    fn problem(&self) -> &'static str {
        if self.hours {
            "USACO training 1.4 The Clocks"
        } else {
            "POJ 1166 The Clocks"
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (3, 3),
            cols: (3, 3),
            square: true,
            cases: 1,
            impossible: false,
        }
    }

    fn puzzle(&self, shape: Shape) -> StatePuzzle {
        let flips = MOVES
            .iter()
            .map(|clocks| {
                clocks
                    .bytes()
                    .map(|clock| u32::from(clock - b'A'))
                    .collect()
            })
            .collect();
        let graph = Graph::new(Shape::new(3, 3).unwrap_or(shape), flips, "clocks".into())
            .unwrap_or_else(|error| unreachable!("the statement's moves: {error}"));
        StatePuzzle::new(shape, Rule::Graph(graph), false, 4, StateGoal::Color(0))
            .unwrap_or_else(|error| unreachable!("the statement's puzzle: {error}"))
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_, KStates>) {
        let shape = Shape::new(3, 3).unwrap_or(Shape::FLIP_GAME);
        read_back_to_back(input, emit, Framing::Unmarked, |tokens| {
            let line = tokens.peek().map_or(1, |token| token.line);
            let mut board = StateBoard::new(shape, 4);
            let mut rows = RowLines::new(shape, "clocks");
            let mut misplaced = None;
            for index in 0..9 {
                let Some(token) = tokens.next() else {
                    let each = if self.hours {
                        "each at 3, 6, 9 or 12"
                    } else {
                        "each 0 to 3"
                    };
                    return Err(misplaced.unwrap_or_else(|| {
                        tokens.error_at_end(format!(
                            "expected 9 clocks, {each}, found the end after {index}"
                        ))
                    }));
                };
                if misplaced.is_none() {
                    misplaced = rows.misplaced(index, &token);
                }
                let Some(state) = self.read_clock(&token.text) else {
                    // Each format's clocks are the other's mistake: say which reads them.
                    let (expected, advice) = if self.hours {
                        (
                            "a clock at 3, 6, 9 or 12",
                            (matches!(token.text.as_slice(), b"0" | b"1" | b"2"))
                                .then_some(("clocks written 0 to 3", "poj1166")),
                        )
                    } else {
                        (
                            "a clock from 0 to 3 (0 is 12 o'clock, 1 is 3, 2 is 6, 3 is 9)",
                            (matches!(token.text.as_slice(), b"6" | b"9" | b"12"))
                                .then_some(("clocks written in hours", "usaco-clocks")),
                        )
                    };
                    let error =
                        token.error(format!("expected {expected}, found {}", token.display()));
                    let advice = advice.map(|(looks, judge)| Advised {
                        after: error.message.len(),
                        looks,
                        setting: Setting::Judge(judge),
                    });
                    return Err(JudgeError { advice, ..error });
                };
                board.set(index / 3, index % 3, state);
            }
            if let Some(misplaced) = misplaced {
                return Err(misplaced);
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
        _case: &Case<KStates>,
        _index: u64,
        answer: Option<&StateSolution>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        let moves = shortest(answer)?;
        let words: Vec<String> = moves.iter().map(u32::to_string).collect();
        out.extend_from_slice(words.join(" ").as_bytes());
        out.push(b'\n');
        Ok(())
    }

    fn check(
        &self,
        case: &Case<KStates>,
        _index: u64,
        answer: Option<&StateSolution>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        super::verdict(check_moves(case, answer, output), output)
    }

    fn draw_case(&self, _number: u64, generator: &mut Generator) -> Case<KStates> {
        drawn_uniformly(self, generator)
    }

    fn write_input(&self, cases: &[Case<KStates>], out: &mut Vec<u8>) {
        for case in cases {
            for row in case.board.cells().chunks(3) {
                let clocks: Vec<String> = row.iter().map(|&state| self.written(state)).collect();
                out.extend_from_slice(clocks.join(" ").as_bytes());
                out.push(b'\n');
            }
        }
    }
}

/// The shortest moves, sorted, a move made j times listed j times.
fn shortest(answer: Option<&StateSolution>) -> Result<Vec<u32>, Unanswerable> {
    let solution = answer.ok_or(Unanswerable {
        why: "the statement promises a way to set every clock to 12",
    })?;
    Ok(solution
        .taps
        .iter()
        .zip(1..)
        .flat_map(|(&times, number)| std::iter::repeat_n(number, usize::from(times)))
        .collect())
}

/// Reads one line of sorted moves and judges it against the shortest.
fn check_moves(
    case: &Case<KStates>,
    answer: Option<&StateSolution>,
    output: &mut Tokens<'_>,
) -> Result<(), JudgeError> {
    let expected = shortest(answer).map_err(|unanswerable| JudgeError {
        advice: None,
        whole_input: false,
        line: case.line,
        column: 1,
        message: unanswerable.why.to_string(),
    })?;
    // The case's line: its first token starts a line; an empty answer is an empty line, so a
    // token right after the previous line's end belongs to it.
    let starts_here = |token: &super::Token| {
        !expected.is_empty() || (token.first && token.line == 1) || token.gap.is(b"\n")
    };
    let mut given: Vec<(u32, super::Token)> = Vec::new();
    if output.peek().is_some_and(|token| starts_here(&token)) {
        let mut layout = Layout::LineStart;
        while let Some(token) = output.next_in(layout) {
            let number = std::str::from_utf8(&token.text)
                .ok()
                .and_then(|text| text.parse::<u32>().ok())
                .filter(|n| (1..=9).contains(n) && n.to_string().as_bytes() == token.text);
            let Some(number) = number else {
                return Err(token.error(format!(
                    "expected a move from 1 to 9, found {}",
                    token.display()
                )));
            };
            if let Some((previous, _)) = given.last()
                && number < *previous
            {
                return Err(token.error(format!(
                    "the moves must be sorted: {number} comes after {previous}"
                )));
            }
            given.push((number, token));
            layout = Layout::AfterSpace;
            if output.peek().is_none_or(|next| next.gap.has_line_break()) {
                break;
            }
        }
    }
    let mut board = case.board.clone();
    for (number, _) in &given {
        let cell = *number as usize - 1;
        case.puzzle.tap(&mut board, cell / 3, cell % 3);
    }
    let place = |given: &[(u32, super::Token)], output: &mut Tokens<'_>| match given.first() {
        Some((_, token)) => token.error(String::new()),
        None => output.error_at_end(String::new()),
    };
    let count = given.len();
    if let Some(wrong) = board.cells().iter().position(|&state| state != 0) {
        let mut error = place(&given, output);
        let (clock, hour) = (char::from(b'A' + wrong as u8), dial(board.cells()[wrong]));
        error.message = match count {
            0 => format!("no moves, and clock {clock} is at {hour} o'clock"),
            1 => format!("this 1 move leaves clock {clock} at {hour} o'clock"),
            _ => format!("these {count} moves leave clock {clock} at {hour} o'clock"),
        };
        return Err(error);
    }
    if count > expected.len() {
        // Two moves at least: one move from a board already at 12 turns some clock off it.
        let mut error = place(&given, output);
        error.message = format!(
            "these {count} moves set every clock to 12 but are not the shortest: the shortest \
             is {}",
            count_of(expected.len() as u64, "move", "moves")
        );
        return Err(error);
    }
    Ok(())
}
