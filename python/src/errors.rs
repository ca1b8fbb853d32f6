//! The library's errors in a Python user's words: what went wrong, said with the argument that
//! set it (where the command line names a flag), and the place in a text where there is one.
//! Every mistake in what a caller gives is a [`FlipgameError`], which is a `ValueError`.

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

use flipgame::generate::{NoPool, PoolError};
use flipgame::kind::Kind;
use flipgame::notation::MOST_STATES;
use flipgame::puzzle::{PuzzleError, StatePuzzleError};
use flipgame::rule::{RuleError, RuleFileError};
use flipgame::settings::Advice;
use flipgame::settings::Setting;

/// The settings the library's words advise, as a Python caller gives them
/// ([`flipgame::settings::Names`]).
pub fn names(setting: Setting) -> String {
    match setting {
        // Text boards are read in letters (or digits of K states); other notations come as
        // numpy arrays of colour numbers.
        Setting::Cells(_) => "a numpy array of colour numbers".to_string(),
        Setting::States(states) => format!("states={states}"),
        Setting::AnyStates => "states=".to_string(),
        Setting::Size(rows, cols) => format!("size=({rows}, {cols})"),
        Setting::MaxSteps(most) => format!("the first {most} drawn"),
        Setting::EveryStep => "walkthrough()".to_string(),
        Setting::SearchTime => "search_time=".to_string(),
        Setting::RuleFile => "rule_json, and a graph's in from_edges".to_string(),
        // The judges' formats are the command line's (`flipgame solve --judge NAME`).
        Setting::Judge(name) => format!("flipgame solve --judge {name}"),
        Setting::FewerSteps => "fewer steps".to_string(),
        Setting::Map => "svg(map=True)".to_string(),
        Setting::Svg => "svg()".to_string(),
        Setting::Terminal => "the terminal (flipgame play)".to_string(),
        Setting::Wrap => "wrap=True".to_string(),
        Setting::NoWrap => "wrap=False".to_string(),
        Setting::Moves(moves) => format!("moves={moves}"),
        Setting::Impossible => "impossible=True".to_string(),
    }
}

/// A truth value as Python writes it, for messages that quote a setting.
pub fn python_bool(value: bool) -> &'static str {
    if value { "True" } else { "False" }
}

create_exception!(
    flipgame,
    FlipgameError,
    PyValueError,
    "A puzzle, board or request flipgame cannot use; the message says where and why."
);

/// A [`FlipgameError`] with this message.
pub fn flip_error(message: impl Into<String>) -> PyErr {
    FlipgameError::new_err(message.into())
}

/// A puzzle of two-sided pieces whose arguments do not hold together.
pub fn puzzle_error(error: &PuzzleError) -> PyErr {
    flip_error(match error {
        PuzzleError::RuleFileShape { file, .. } => {
            format!("{error}: give size='{file}' or no size")
        }
        PuzzleError::WrapWithRuleFile { label } => format!(
            "wrap=True does not apply to a rule file ({label}): list the wrapped neighbours in \
             the file itself"
        ),
        PuzzleError::WeightedRule { label, weight } => format!(
            "the rule {label} adds {weight} at a cell, which needs states={} or more: a \
             two-sided piece is turned over or not",
            weight + 1
        ),
    })
}

/// A puzzle of K states whose arguments do not hold together.
pub fn state_puzzle_error(error: &StatePuzzleError) -> PyErr {
    match error {
        StatePuzzleError::States(states) => flip_error(format!(
            "states={states}: a piece has from 2 to {MOST_STATES} states"
        )),
        StatePuzzleError::Weight {
            rule,
            weight,
            states,
        } => flip_error(format!(
            "the rule {rule} adds {weight} at a cell, which is not below states={states}: \
             weights go from 1 to {}",
            states - 1
        )),
        StatePuzzleError::Goal { color, states } => flip_error(format!(
            "goal={color}: the colours of states={states} go from 0 to {}",
            states - 1
        )),
        StatePuzzleError::Puzzle(error) => puzzle_error(error),
    }
}

/// A rule that is none, given as `rule={given}` (already in Python's quotes).
pub fn rule_error(given: &str, error: &RuleError) -> PyErr {
    flip_error(format!("rule={given}: {}", error.worded(names)))
}

/// A rule file's JSON that is not one, at `rule_json:LINE:COLUMN` as the command line gives a
/// file's place.
pub fn rule_file_error(error: &RuleFileError) -> PyErr {
    flip_error(match error.place {
        Some((line, column)) => format!("rule_json:{line}:{column}: {error}"),
        None => format!("rule_json: {error}"),
    })
}

/// Why no boards of the kind asked for can be drawn (the library's words).
pub fn pool_error<K: Kind>(puzzle: &K::Puzzle, error: &PoolError<K>) -> PyErr {
    flip_error(NoPool { puzzle, error }.worded(names).to_string())
}
