//! The online judges of the family, each as a plug-in ([`Judge`]): a reader of its input, a
//! writer of its exact expected output, a checker of a contestant's output, and a writer of
//! fresh inputs; [`ALL`] lists them, judges of two-sided pieces and of K colours alike.
//!
//! A judge only translates. Every answer comes from the solver of its kind of piece
//! ([`crate::kind`]), the same core as everything else: a judge says what its letters mean
//! (which piece is "black", which finished board counts), which rule and size its puzzle has,
//! and how it spells the answer. The readers, writers and checkers judges share are in
//! `read.rs`, `write.rs` and `check.rs`; the tokens they read in `tokens.rs`.
//!
//! Judges read tokens the way their C solutions do (`scanf`: any whitespace separates), so a
//! board split over lines differently still reads; the checker compares tokens too, and says
//! separately where an output relied on that tolerance.

mod check;
mod hdu5755;
mod leetcode1284;
mod poj1166;
mod poj1222;
mod poj1681;
mod poj1753;
mod poj2965;
mod poj3185;
mod poj3279;
mod read;
mod timus1122;
mod tokens;
mod uva10309;
mod write;

use std::fmt;

use crate::generate::{Wanted, candidates};
use crate::grid::Shape;
use crate::kind::{KStates, Kind, SolutionOf, TwoStates};
use crate::random::Generator;
use crate::settings::{self, Advice, Names, Setting};

pub use check::{TapFacts, judge_case};
pub use tokens::{
    Gap, KEPT_BYTES, LONGEST_STRETCH, Layout, Line, Mark, Token, Tokens, without_byte_order_mark,
};
pub use write::write_digit_rows;

pub(crate) use check::{check_count, check_taps, verdict};
pub(crate) use read::{
    Framing, read_back_to_back, read_counted, read_digit_cells, read_letter_boards,
    read_letter_rows, read_number, read_number_on_the_line, read_state_cells, rows_on_their_lines,
};
pub(crate) use write::{write_count_or, write_letter_rows};

/// Where a judge's reader hands each case it reads, or the error where one went wrong.
pub type Emit<'e, K = TwoStates> = dyn FnMut(Result<Case<K>, JudgeError>) + 'e;

/// Every case of an input held in memory, in order (for inputs known to be small: generated
/// ones, tests).
pub fn read_all<J: Judge + ?Sized>(
    judge: &J,
    input: &[u8],
) -> Vec<Result<Case<J::Kind>, JudgeError>> {
    let mut cases = Vec::new();
    judge.read(&mut Tokens::of_input(input), &mut |case| cases.push(case));
    cases
}

/// One case of a judge's input: the puzzle it poses and where it starts.
#[derive(Clone, Debug)]
pub struct Case<K: Kind = TwoStates> {
    /// Size, rule and goal, as the judge states them.
    pub puzzle: K::Puzzle,
    /// The board, black meaning "needs turning" in the judge's own terms (see each judge).
    pub board: K::Board,
    /// The case's name, for judges that give one (UVa 10309).
    pub name: Option<String>,
    /// Line of the input where the case starts, from 1.
    pub line: u64,
}

/// A place in a judge's input or a contestant's output that is wrong, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeError {
    /// Line, from 1.
    pub line: u64,
    /// Column in characters, from 1.
    pub column: u64,
    /// What was expected and what was found.
    pub message: String,
    /// The setting that reads the input, when another one would: the clocks of the other
    /// judge of the Clocks.
    pub advice: Option<Advised>,
    /// A mistake of the input as a whole (its count line, what follows its last case), not
    /// of a case: no case is lost with it.
    pub whole_input: bool,
}

impl JudgeError {
    /// The same error, marked as a mistake of the input as a whole rather than of a case.
    pub fn of_the_whole_input(self) -> JudgeError {
        JudgeError {
            whole_input: true,
            ..self
        }
    }
}

impl fmt::Display for JudgeError {
    /// `LINE:COL: message`; the caller puts the file's name in front. The setting it advises is
    /// named as a Rust caller chooses it ([`settings::RUST`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_advice(f, settings::RUST)
    }
}

impl Advice for JudgeError {
    /// `LINE:COL: message`, with `(for ..., give SETTING)` after the words it explains.
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        match self.advice {
            Some(Advised {
                after,
                looks,
                setting,
            }) if self.message.is_char_boundary(after) => {
                let (explained, rest) = self.message.split_at(after);
                write!(
                    f,
                    "{explained} (for {looks}, give {}){rest}",
                    names(setting)
                )
            }
            _ => f.write_str(&self.message),
        }
    }
}

/// A setting a [`JudgeError`] advises, and where in its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advised {
    /// The advice follows the message's first `after` bytes, the words it explains (what
    /// reading adds to the message later comes after it).
    pub after: usize,
    /// What the input looks like: `clocks written in hours`.
    pub looks: &'static str,
    /// The setting that reads such an input.
    pub setting: Setting,
}

/// A case the judge's statement defines no output for (a board it promises never comes), and
/// why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unanswerable {
    /// What the statement promises that this case breaks.
    pub why: &'static str,
}

impl fmt::Display for Unanswerable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.why)
    }
}

impl std::error::Error for Unanswerable {}

/// The verdict on a contestant's answer to one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Correct. `whitespace` says where it differs from the judge's own spacing, if anywhere:
    /// judges that compare byte for byte would call that a presentation error.
    Accepted {
        /// The first place the spacing differs, and how.
        whitespace: Option<JudgeError>,
    },
    /// Wrong, with the reason and the place in the output.
    Rejected(JudgeError),
}

/// The limits a judge's statement puts on its inputs, for generating test data.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The smallest and largest rows and columns a board may have (equal for fixed sizes).
    pub rows: (u32, u32),
    /// As `rows`, for columns.
    pub cols: (u32, u32),
    /// True when boards are square.
    pub square: bool,
    /// The most cases one input may hold (1 for single-case judges).
    pub cases: u64,
    /// True when the statement allows boards that cannot be finished.
    pub impossible: bool,
}

impl Limits {
    /// A shape within the limits, each side drawn uniformly (square where boards are).
    pub fn random_shape(&self, generator: &mut Generator) -> Shape {
        let side = |generator: &mut Generator, (low, high): (u32, u32)| {
            low + generator.below(u64::from(high - low + 1)) as u32
        };
        let rows = side(generator, self.rows);
        let cols = if self.square {
            rows
        } else {
            side(generator, self.cols)
        };
        Shape::new(rows, cols).unwrap_or(Shape::FLIP_GAME)
    }
}

/// A judge: its input and output formats, and how it judges.
pub trait Judge: Sync {
    /// The kind of piece its boards have.
    type Kind: Kind;

    /// The name on the command line, such as `poj3279`.
    fn name(&self) -> &'static str;

    /// The problem, such as `POJ 3279 Fliptile`.
    fn problem(&self) -> &'static str;

    /// The limits of the statement.
    fn limits(&self) -> Limits;

    /// The puzzle of a board of `shape` (the judge's rule and goal).
    fn puzzle(&self, shape: Shape) -> <Self::Kind as Kind>::Puzzle;

    /// The puzzle of a generated case: the judge's own, or a random one where the input
    /// carries its rule (Timus 1122).
    fn random_puzzle(
        &self,
        shape: Shape,
        _generator: &mut Generator,
    ) -> <Self::Kind as Kind>::Puzzle {
        self.puzzle(shape)
    }

    /// Reads an input: each case, or where one went wrong, handed to `emit` as soon as it is
    /// read (so that an input of any size takes little memory). A wrong case does not take
    /// the others with it when the format says where the next one starts.
    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_, Self::Kind>);

    /// The word a judge that answers with a count prints for a board that cannot be finished
    /// (`Impossible`, `inf`, `-1`).
    fn impossible_word(&self) -> &'static str {
        "Impossible"
    }

    /// Writes the judge's expected output for case `index` (from 1) given the core's answer;
    /// an error when the statement defines no output for it (a board it promises never comes).
    /// By default a line with the fewest taps, or the impossible word.
    fn write(
        &self,
        _case: &Case<Self::Kind>,
        _index: u64,
        answer: Option<&SolutionOf<Self::Kind>>,
        out: &mut Vec<u8>,
    ) -> Result<(), Unanswerable> {
        write_count_or(answer, self.impossible_word(), out);
        Ok(())
    }

    /// Reads a contestant's answer to case `index` from `output` and judges it against the
    /// core's answer. By default a line with the fewest taps, or the impossible word.
    fn check(
        &self,
        _case: &Case<Self::Kind>,
        _index: u64,
        answer: Option<&SolutionOf<Self::Kind>>,
        output: &mut Tokens<'_>,
    ) -> Verdict {
        let token = output.next_in(Layout::LineStart);
        verdict(
            check_count(token, output, answer, self.impossible_word()),
            output,
        )
    }

    /// Skips the answer to a case whose input could not be read, so that the next answer is
    /// judged against the next case. One line, as the default [`Judge::check`] reads: the
    /// judges whose answers take more lines read no case after a bad one (their inputs do not
    /// mark where the next case starts).
    fn skip_answer(&self, output: &mut Tokens<'_>) {
        output.skip_next_line();
    }

    /// Writes an input holding `cases`.
    fn write_input(&self, cases: &[Case<Self::Kind>], out: &mut Vec<u8>);

    /// Case `number` (from 0, counted across every input written) of generated test data. By
    /// default a cycle of four (see [`drawn_in_turn`]); judges whose statements promise boards
    /// that can be finished draw each board uniformly ([`drawn_uniformly`]).
    fn draw_case(&self, number: u64, generator: &mut Generator) -> Case<Self::Kind> {
        drawn_in_turn(self, number, generator)
    }

    /// The statement's own words for the sizes it allows, where the reader takes larger ones
    /// (flipgame answers any size): `1 <= M <= 15; 1 <= N <= 15`.
    fn stated_sizes(&self) -> Option<&'static str> {
        None
    }
}

/// The statement's limit a case breaks, quoted, when its board is outside the sizes the
/// statement allows: the judge never gives such a case, though flipgame answers it.
pub fn outside_the_statement<J: Judge + ?Sized>(
    judge: &J,
    case: &Case<J::Kind>,
) -> Option<&'static str> {
    let limits = judge.limits();
    let shape = <J::Kind as Kind>::board_shape(&case.board);
    let within = |(least, most): (u32, u32), side: u32| (least..=most).contains(&side);
    let fits = within(limits.rows, shape.rows()) && within(limits.cols, shape.cols());
    if fits { None } else { judge.stated_sizes() }
}

/// A judge of either kind of piece, as its name finds it.
#[derive(Clone, Copy)]
pub enum AnyJudge {
    /// A judge of two-sided pieces.
    TwoStates(&'static dyn Judge<Kind = TwoStates>),
    /// A judge of pieces of K colours.
    KStates(&'static dyn Judge<Kind = KStates>),
}

impl AnyJudge {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            AnyJudge::TwoStates(judge) => judge.name(),
            AnyJudge::KStates(judge) => judge.name(),
        }
    }
}

/// Every judge, in the order the guide lists them: the judges of two-sided pieces, then those
/// of K colours.
pub const ALL: [AnyJudge; 12] = [
    AnyJudge::TwoStates(&poj1753::Poj1753),
    AnyJudge::TwoStates(&poj3279::Poj3279),
    AnyJudge::TwoStates(&poj1222::Poj1222),
    AnyJudge::TwoStates(&poj1681::Poj1681),
    AnyJudge::TwoStates(&uva10309::Uva10309),
    AnyJudge::TwoStates(&poj3185::Poj3185),
    AnyJudge::TwoStates(&leetcode1284::Leetcode1284),
    AnyJudge::TwoStates(&poj2965::Poj2965),
    AnyJudge::TwoStates(&timus1122::Timus1122),
    AnyJudge::KStates(&hdu5755::Hdu5755),
    AnyJudge::KStates(&poj1166::POJ1166),
    AnyJudge::KStates(&poj1166::USACO_CLOCKS),
];

/// Every judge's name, in the order of [`ALL`].
pub fn names() -> [&'static str; ALL.len()] {
    ALL.map(AnyJudge::name)
}

/// The judge called `name`, if there is one.
pub fn by_name(name: &str) -> Option<AnyJudge> {
    ALL.into_iter().find(|judge| judge.name() == name)
}

/// The core's answer to a case: the least of the fewest taps, or `None` when no taps finish
/// the board.
pub fn answer<K: Kind>(case: &Case<K>) -> Option<SolutionOf<K>> {
    // Every judge's sizes are far inside the solver's limits.
    K::solve(&K::solver(case.puzzle.clone()).ok()?, &case.board)
}

/// Boards up to this many cells are explored whole for the hardest and impossible ones (a
/// fraction of a second each).
const SMALL_CELLS: u64 = 20;

/// Case `number` of generated test data, in a cycle of four: a board drawn uniformly among
/// all; one of the hardest boards (God's number) where the puzzle is small enough to explore;
/// an impossible one where the statement allows them and the puzzle is small; and a board drawn
/// uniformly among those that can be finished. Boards the statement promises never come
/// (impossible ones where it says every board can be finished) are drawn again.
pub fn drawn_in_turn<J: Judge + ?Sized>(
    judge: &J,
    number: u64,
    generator: &mut Generator,
) -> Case<J::Kind> {
    let limits = judge.limits();
    loop {
        let shape = limits.random_shape(generator);
        let board = <J::Kind as Kind>::random_board(&judge.puzzle(shape), generator);
        let mut case = Case {
            puzzle: judge.random_puzzle(shape, generator),
            board,
            name: None,
            line: 0,
        };
        let small = shape.cells() <= SMALL_CELLS;
        let wanted = match number % 4 {
            0 => None,
            1 if small => Some(Wanted::Hardest),
            2 if small && limits.impossible => Some(Wanted::Impossible),
            _ => {
                case.board = <J::Kind as Kind>::solvable_board(&case.puzzle, generator);
                None
            }
        };
        if let Some(wanted) = wanted
            && let Ok(space) = <J::Kind as Kind>::explore(&case.puzzle, false, &mut |_, _| {})
            && let Some(index) = generator.pick(&candidates(&space, wanted))
        {
            case.board = <J::Kind as Kind>::board_at(&space, index);
        }
        if limits.impossible || answer(&case).is_some() {
            break case;
        }
    }
}

/// A generated case drawn uniformly: a board of a random shape within the judge's limits,
/// drawn among all boards, or among those that can be finished where the statement promises
/// them.
pub fn drawn_uniformly<J: Judge + ?Sized>(judge: &J, generator: &mut Generator) -> Case<J::Kind> {
    let limits = judge.limits();
    let shape = limits.random_shape(generator);
    let puzzle = judge.puzzle(shape);
    let board = if limits.impossible {
        <J::Kind as Kind>::random_board(&puzzle, generator)
    } else {
        <J::Kind as Kind>::solvable_board(&puzzle, generator)
    };
    Case {
        puzzle,
        board,
        name: None,
        line: 0,
    }
}

#[cfg(test)]
mod tests;
