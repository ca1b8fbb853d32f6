//! The settings the library's words point a reader to, named by each front end in its own way:
//! `--search-time` on the command line, `search_time=` in Python. A message or a picture that
//! advises a setting is written once, over a [`Names`] table the front end hands it, so no
//! library string names a front end's flag; [`RUST`] names them for a caller of this crate.

use std::fmt;

/// A setting a message advises, with the value it advises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Rows read in another notation of two-sided pieces: `--cells 01` or `--cells .#`.
    Cells(crate::notation::Cells),
    /// Pieces of this many states: `--states 3`.
    States(u32),
    /// Two-sided pieces, the number of states not given: `--states` itself.
    AnyStates,
    /// Boards of this many rows and columns: `--size 3x4`.
    Size(u64, u64),
    /// The most steps a walkthrough draws: `--max-steps 64`.
    MaxSteps(usize),
    /// Where every step of a walkthrough is listed: `--format json`.
    EveryStep,
    /// The time limit of one board's search: `--search-time`.
    SearchTime,
    /// A rule given cell by cell: `--rule-file`.
    RuleFile,
    /// The judge of this name, whose format reads an input: `--judge poj1166`.
    Judge(&'static str),
    /// Fewer steps drawn in a walkthrough: `--max-steps`.
    FewerSteps,
    /// One map of the taps a board instead of its steps: `--map`.
    Map,
    /// A picture with no limit of size: `--format svg`.
    Svg,
    /// Where a puzzle too large for a page is played: the terminal.
    Terminal,
    /// Edges that wrap around: `--wrap`.
    Wrap,
    /// Edges that do not wrap around: no `--wrap`.
    NoWrap,
    /// Boards that need exactly this many taps: `--moves 6`.
    Moves(u64),
    /// Boards that no taps finish: `--impossible`.
    Impossible,
}

/// How a front end names each [`Setting`], in the words its users type.
pub type Names = fn(Setting) -> String;

/// The names of a caller of this crate: the types and methods that choose each setting.
pub const RUST: Names = rust_names;

fn rust_names(setting: Setting) -> String {
    match setting {
        Setting::Cells(cells) => format!("Cells::{cells:?}"),
        Setting::States(states) => format!("StatePuzzle of {states} states"),
        Setting::AnyStates => "StatePuzzle".to_string(),
        Setting::Size(rows, cols) => format!("Shape::new({rows}, {cols})"),
        Setting::MaxSteps(most) => format!("at most {most} steps drawn"),
        Setting::EveryStep => "Solution::taps".to_string(),
        Setting::SearchTime => "Solver::set_search_time".to_string(),
        Setting::RuleFile => "a Graph (Graph::from_json)".to_string(),
        Setting::Judge(name) => format!("judge::by_name({name:?})"),
        Setting::FewerSteps => "fewer steps drawn".to_string(),
        Setting::Map => "a map of the taps (Sketch's map)".to_string(),
        Setting::Svg => "figure::svg".to_string(),
        Setting::Terminal => "the terminal (flipgame play)".to_string(),
        Setting::Wrap => "wrapping".to_string(),
        Setting::NoWrap => "no wrapping".to_string(),
        Setting::Moves(moves) => format!("Wanted::Moves({moves})"),
        Setting::Impossible => "Wanted::Impossible".to_string(),
    }
}

/// A message that may advise a setting: written once, over any front end's [`Names`].
pub trait Advice {
    /// The message, with the settings it advises named by `names`.
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result;

    /// The message as a front end says it, for `format!` and `write!`.
    fn worded(&self, names: Names) -> Worded<'_, Self> {
        Worded {
            message: self,
            names,
        }
    }
}

/// A refusal that cannot happen advises nothing (a walkthrough page, which makes no solver).
impl Advice for std::convert::Infallible {
    fn write_advice(&self, _f: &mut fmt::Formatter<'_>, _names: Names) -> fmt::Result {
        match *self {}
    }
}

/// A message in the words of a front end: [`Advice::worded`].
pub struct Worded<'a, M: ?Sized> {
    message: &'a M,
    names: Names,
}

impl<M: Advice + ?Sized> fmt::Display for Worded<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message.write_advice(f, self.names)
    }
}
