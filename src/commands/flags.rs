//! The library's errors in the words of the command line: what went wrong, said with the
//! flags that set it, and what to give instead. The library says what is wrong and where; only
//! here does a message name a flag.

use flipgame::notation::MOST_STATES;
use flipgame::puzzle::{PuzzleError, StatePuzzleError};

/// A puzzle the flags describe that does not hold together.
pub fn puzzle_error(error: &PuzzleError) -> String {
    match error {
        PuzzleError::RuleFileShape { file, .. } => {
            format!("{error}: give --size {file} or no --size")
        }
        PuzzleError::WrapWithRuleFile { label } => format!(
            "--wrap does not apply to a rule file ({label}): list the wrapped neighbours in the \
             file itself"
        ),
        PuzzleError::WeightedRule { label, weight } => format!(
            "the rule {label} adds {weight} at a cell, which needs --states {} or more: a \
             two-sided piece is turned over or not",
            weight + 1
        ),
    }
}

/// A puzzle of K states the flags describe that does not hold together.
pub fn state_puzzle_error(error: &StatePuzzleError) -> String {
    match error {
        StatePuzzleError::States(states) => {
            format!("--states {states}: a piece has from 2 to {MOST_STATES} states")
        }
        StatePuzzleError::Weight {
            rule,
            weight,
            states,
        } => format!(
            "the rule {rule} adds {weight} at a cell, which is not below --states {states}: \
             weights go from 1 to {}",
            states - 1
        ),
        StatePuzzleError::Goal { color, states } => format!(
            "--goal {color}: the colours of --states {states} go from 0 to {}",
            states - 1
        ),
        StatePuzzleError::Puzzle(error) => puzzle_error(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::setting_names;
    use flipgame::grid::Shape;
    use flipgame::settings::Advice;
    use flipgame::solve::TooLargeToSolve;
    use flipgame::solve::states::TooManyStateCells;

    #[test]
    fn puzzle_errors_name_the_flags_to_change() {
        let shape = |rows, cols| Shape::new(rows, cols).unwrap();
        let file = PuzzleError::RuleFileShape {
            label: "ring.json".to_string(),
            file: shape(2, 3),
            asked: shape(3, 2),
        };
        assert_eq!(
            puzzle_error(&file),
            "the rule file ring.json is for a 2x3 board, not 3x2: give --size 2x3 or no --size"
        );
        let wrap = PuzzleError::WrapWithRuleFile {
            label: "ring.json".to_string(),
        };
        assert_eq!(
            puzzle_error(&wrap),
            "--wrap does not apply to a rule file (ring.json): list the wrapped neighbours in \
             the file itself"
        );
        let weighted = PuzzleError::WeightedRule {
            label: "010/121/010".to_string(),
            weight: 2,
        };
        assert_eq!(
            puzzle_error(&weighted),
            "the rule 010/121/010 adds 2 at a cell, which needs --states 3 or more: a two-sided \
             piece is turned over or not"
        );
        assert_eq!(
            state_puzzle_error(&StatePuzzleError::Puzzle(weighted)),
            puzzle_error(&PuzzleError::WeightedRule {
                label: "010/121/010".to_string(),
                weight: 2,
            })
        );
        assert_eq!(
            state_puzzle_error(&StatePuzzleError::States(37)),
            "--states 37: a piece has from 2 to 36 states"
        );
        let weight = StatePuzzleError::Weight {
            rule: "010/121/010".to_string(),
            weight: 2,
            states: 2,
        };
        assert_eq!(
            state_puzzle_error(&weight),
            "the rule 010/121/010 adds 2 at a cell, which is not below --states 2: weights go \
             from 1 to 1"
        );
        let goal = StatePuzzleError::Goal {
            color: 3,
            states: 3,
        };
        assert_eq!(
            state_puzzle_error(&goal),
            "--goal 3: the colours of --states 3 go from 0 to 2"
        );
    }

    #[test]
    fn puzzles_too_large_say_which_flags_made_them() {
        let error = |wrap| TooLargeToSolve {
            shape: Shape::new(3000, 3000).unwrap(),
            rule: "x".to_string(),
            wrap,
            bytes: 6523 << 20,
        };
        let too_large = |error: &TooLargeToSolve| error.worded(setting_names).to_string();
        assert_eq!(
            too_large(&error(true)),
            "a 3000x3000 board under rule x with --wrap needs 6523 MiB to eliminate, more than \
             the 2048 MiB flipgame allows"
        );
        assert!(too_large(&error(false)).starts_with("a 3000x3000 board under rule x needs "));
        let words = TooManyStateCells { cells: 4160 }
            .worded(setting_names)
            .to_string();
        assert!(
            words.starts_with("a board of 4,160 cells is too large for more than two states:"),
            "{words}"
        );
        assert!(
            words.ends_with("and no --wrap (plus, 010/121/010)"),
            "{words}"
        );
    }
}
