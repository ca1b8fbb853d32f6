//! Judges of K-state problems: a piece has K colours, and a press adds its weights mod K. The
//! same shape as [`super::Judge`], over boards of K states and the answers of
//! [`crate::solve::states::StateSolver`].

use super::{JudgeError, Limits, Tokens, Unanswerable, Verdict, settle_verdict};
use crate::grid::Shape;
use crate::grid::StateBoard;
use crate::puzzle::StatePuzzle;
use crate::random::Generator;
use crate::solve::states::{StateProof, StateSolution, StateSolver};

/// One case of a K-state judge's input: the puzzle it poses, its board, and where it starts.
#[derive(Clone, Debug)]
pub struct StateCase {
    /// Size, rule, states and goal, as the judge states them.
    pub puzzle: StatePuzzle,
    /// The board, in the judge's own states.
    pub board: StateBoard,
    /// Line of the input where the case starts, from 1.
    pub line: u64,
}

/// The core's answer to a case of K states: the fewest presses, or why there are none.
pub type StateAnswer = Result<StateSolution, StateProof>;

/// Where a K-state judge's reader hands each case it reads, or the error where one went wrong.
pub type StateEmit<'e> = dyn FnMut(Result<StateCase, JudgeError>) + 'e;

/// A judge of a K-state problem: its input and output formats, and how it judges.
pub trait StateJudge: Sync {
    /// The name on the command line, such as `poj1166`.
    fn name(&self) -> &'static str;

    /// The problem, such as `POJ 1166 The Clocks`.
    fn problem(&self) -> &'static str;

    /// The limits of the statement.
    fn limits(&self) -> Limits;

    /// The puzzle of a board of `shape`.
    fn puzzle(&self, shape: Shape) -> StatePuzzle;

    /// Reads an input: each case, or where one went wrong, handed to `emit` as it is read.
    fn read(&self, input: &mut Tokens<'_>, emit: &mut StateEmit<'_>);

    /// Writes the judge's expected output for case `index` (from 1) given the core's answer;
    /// an error when the statement defines no output for it.
    fn write(
        &self,
        case: &StateCase,
        index: u64,
        answer: &StateAnswer,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable>;

    /// Reads a contestant's answer to case `index` from `output` and judges it against the
    /// core's answer.
    fn check(
        &self,
        case: &StateCase,
        index: u64,
        answer: &StateAnswer,
        output: &mut Tokens<'_>,
    ) -> Verdict;

    /// Writes an input holding `cases`.
    fn write_input(&self, cases: &[StateCase], out: &mut Vec<u8>);
}

/// The core's answer to a case.
pub fn answer(case: &StateCase) -> StateAnswer {
    match StateSolver::new(case.puzzle.clone()) {
        Ok(solver) => solver.solve(&case.board).ok_or_else(|| {
            solver
                .proof(&case.board)
                .unwrap_or_else(|| unreachable!("no taps finish it"))
        }),
        // Every judge's boards are far inside the solver's limits.
        Err(too_large) => unreachable!("a judge's case is small: {too_large}"),
    }
}

/// Judges a contestant's answer to case `number` (from 1), read from `output`, as
/// [`super::judge_case`] does for two-state judges.
pub fn judge_case(
    judge: &dyn StateJudge,
    case: &StateCase,
    number: u64,
    answer: &StateAnswer,
    output: &mut Tokens<'_>,
) -> Result<Verdict, Unanswerable> {
    let mut expected = Vec::new();
    judge.write(case, number, answer, &mut expected)?;
    let verdict = judge.check(case, number, answer, output);
    Ok(settle_verdict(verdict, output))
}

/// A random case for `judge`: a board of a random shape within its limits, each cell drawn
/// uniformly; where the statement promises boards that can be finished, the board is all 0
/// scrambled by random presses.
pub fn random_case(judge: &dyn StateJudge, generator: &mut Generator) -> StateCase {
    let limits = judge.limits();
    let shape = limits.random_shape(generator);
    let puzzle = judge.puzzle(shape);
    let states = puzzle.states();
    let mut board = StateBoard::new(shape, states);
    let cols = shape.cols() as usize;
    for cell in 0..shape.cells() as usize {
        let drawn = generator.below(u64::from(states)) as u8;
        if limits.impossible {
            board.set(cell / cols, cell % cols, drawn);
        } else {
            for _ in 0..drawn {
                puzzle.tap(&mut board, cell / cols, cell % cols);
            }
        }
    }
    StateCase {
        puzzle,
        board,
        line: 0,
    }
}
