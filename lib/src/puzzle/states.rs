//! Puzzles of K states: a piece shows one of K colours, numbered 0 to K - 1, and a press adds
//! the rule's weight, mod K, to every cell it reaches (Lights Out 2000, The Clocks, Gambler Bo).
//!
//! Two states are the Flip Game's black and white ([`super::Puzzle`]); this module holds what
//! more states need: the goal ([`StateGoal`]: one colour, or any) and the puzzle
//! ([`StatePuzzle`]), built on the same shape, rule and wrap. Its boards are
//! [`crate::grid::StateBoard`]s.

use std::fmt;

use crate::grid::{Shape, StateBoard};
use crate::notation::MOST_STATES;
use crate::puzzle::{Goal, Puzzle, PuzzleError};
use crate::rule::Rule;

/// Which finished boards count on a board of K states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateGoal {
    /// Every piece this colour.
    Color(u8),
    /// Every piece one colour, whichever takes the fewest presses (ties to the least press
    /// counts: two colours never share them).
    Any,
}

impl StateGoal {
    /// True when a board of every piece `color` is finished for this goal.
    pub fn accepts(self, color: u8) -> bool {
        match self {
            StateGoal::Color(goal) => goal == color,
            StateGoal::Any => true,
        }
    }
}

impl fmt::Display for StateGoal {
    /// The colour's number, or `any`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateGoal::Color(color) => write!(f, "{color}"),
            StateGoal::Any => f.write_str("any"),
        }
    }
}

/// Why a puzzle of K states does not hold together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatePuzzleError {
    /// The number of states is not from 2 to [`MOST_STATES`].
    States(u32),
    /// A rule that adds a weight not below the number of states.
    Weight {
        /// The rule's label.
        rule: String,
        /// The weight.
        weight: u32,
        /// The number of states.
        states: u8,
    },
    /// A goal colour not below the number of states.
    Goal {
        /// The colour.
        color: u8,
        /// The number of states.
        states: u8,
    },
    /// The size, rule and wrap do not hold together.
    Puzzle(PuzzleError),
}

impl fmt::Display for StatePuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatePuzzleError::States(states) => {
                write!(
                    f,
                    "a piece has from 2 to {MOST_STATES} states, not {states}"
                )
            }
            StatePuzzleError::Weight {
                rule,
                weight,
                states,
            } => write!(
                f,
                "the rule {rule} adds {weight} at a cell, which is not below the {states} \
                 states: weights go from 1 to {}",
                states - 1
            ),
            StatePuzzleError::Goal { color, states } => write!(
                f,
                "colour {color} is not one of {states} states: the colours go from 0 to {}",
                states - 1
            ),
            StatePuzzleError::Puzzle(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for StatePuzzleError {}

/// A puzzle of K states: the board's shape, the rule (whose weights are what a press adds),
/// whether the edges wrap, the number of states, and the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatePuzzle {
    /// Shape, rule and wrap; its two-state goal is not used.
    base: Puzzle,
    states: u8,
    goal: StateGoal,
}

impl StatePuzzle {
    /// A puzzle, or why it makes no sense: states out of range, a weight or a goal colour not
    /// below the number of states, or what [`Puzzle::new`] refuses but weights.
    pub fn new(
        shape: Shape,
        rule: Rule,
        wrap: bool,
        states: u32,
        goal: StateGoal,
    ) -> Result<StatePuzzle, StatePuzzleError> {
        let Some(states) = u8::try_from(states)
            .ok()
            .filter(|&s| (2..=MOST_STATES).contains(&u32::from(s)))
        else {
            return Err(StatePuzzleError::States(states));
        };
        let weight = rule.largest_weight();
        if weight >= u32::from(states) {
            return Err(StatePuzzleError::Weight {
                rule: rule.label(),
                weight,
                states,
            });
        }
        if let StateGoal::Color(color) = goal
            && color >= states
        {
            return Err(StatePuzzleError::Goal { color, states });
        }
        let base =
            Puzzle::weighted(shape, rule, wrap, Goal::Either).map_err(StatePuzzleError::Puzzle)?;
        Ok(StatePuzzle { base, states, goal })
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.base.shape()
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        self.base.rule()
    }

    /// True when the edges wrap around.
    pub fn wrap(&self) -> bool {
        self.base.wrap()
    }

    /// True for the plus rule without wrapping, the game's own.
    pub fn is_default_rule(&self) -> bool {
        self.base.is_default_rule()
    }

    /// The rule in words for a header: `rule x, wrapping` or `rule 010/121/010`.
    pub fn rule_words(&self) -> String {
        self.base.rule_words()
    }

    /// The number of states a piece has.
    pub fn states(&self) -> u8 {
        self.states
    }

    /// Which finished boards count.
    pub fn goal(&self) -> StateGoal {
        self.goal
    }

    /// The same puzzle with another goal (a colour below the number of states).
    pub fn with_goal(&self, goal: StateGoal) -> StatePuzzle {
        debug_assert!(!matches!(goal, StateGoal::Color(color) if color >= self.states));
        StatePuzzle {
            goal,
            ..self.clone()
        }
    }

    /// The cells (row, col from 0) a press at `row`, `col` reaches, with the weight it adds.
    pub fn presses(&self, row: usize, col: usize) -> Vec<((usize, usize), u32)> {
        self.base.presses(row, col)
    }

    /// The cells a press at row-major cell `press` reaches, as row-major indices, each once,
    /// with the weight it adds there (from 1 to K - 1).
    pub fn reached(&self, press: usize) -> Vec<(usize, u32)> {
        let cols = self.shape().cols() as usize;
        self.presses(press / cols, press % cols)
            .into_iter()
            .map(|((row, col), weight)| (row * cols + col, weight))
            .collect()
    }

    /// True when `board` shows one colour that the goal accepts.
    pub fn is_finished(&self, board: &StateBoard) -> bool {
        board.uniform_color().is_some_and(|color| match self.goal {
            StateGoal::Color(goal) => color == goal,
            StateGoal::Any => true,
        })
    }

    /// Taps the cell at `row`, `col` (from 0) of `board` once: every cell it reaches gains its
    /// weight, mod K.
    pub fn tap(&self, board: &mut StateBoard, row: usize, col: usize) {
        for ((r, c), weight) in self.presses(row, col) {
            // Both below K (at most 36): the sum fits, and `set` takes it mod K.
            board.set(r, c, board.get(r, c) + weight as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: u32, cols: u32) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    #[test]
    fn weights_and_goals_must_be_below_the_states() {
        let gambler = Rule::parse("010/121/010").unwrap();
        let made =
            |states, goal| StatePuzzle::new(shape(3, 3), gambler.clone(), false, states, goal);
        assert!(made(3, StateGoal::Color(2)).is_ok());
        let error = made(2, StateGoal::Color(0)).unwrap_err();
        assert_eq!(
            error,
            StatePuzzleError::Weight {
                rule: "010/121/010".to_string(),
                weight: 2,
                states: 2
            }
        );
        assert_eq!(
            error.to_string(),
            "the rule 010/121/010 adds 2 at a cell, which is not below the 2 states: weights go \
             from 1 to 1"
        );
        assert_eq!(
            made(3, StateGoal::Color(3)).unwrap_err(),
            StatePuzzleError::Goal {
                color: 3,
                states: 3
            }
        );
        assert_eq!(
            made(37, StateGoal::Any).unwrap_err(),
            StatePuzzleError::States(37)
        );
        assert_eq!(
            made(1, StateGoal::Any).unwrap_err(),
            StatePuzzleError::States(1)
        );
    }

    #[test]
    fn a_puzzle_keeps_what_it_was_made_of() {
        let board = StateBoard::new(shape(2, 3), 7);
        assert_eq!((board.states(), board.shape()), (7, shape(2, 3)));
        assert_eq!(
            (StateGoal::Color(2).to_string(), StateGoal::Any.to_string()),
            ("2".to_string(), "any".to_string())
        );
        for wrap in [false, true] {
            let rule = Rule::parse("x").unwrap();
            let puzzle =
                StatePuzzle::new(shape(3, 3), rule.clone(), wrap, 5, StateGoal::Color(4)).unwrap();
            assert_eq!(
                (puzzle.rule(), puzzle.wrap(), puzzle.states(), puzzle.goal()),
                (&rule, wrap, 5, StateGoal::Color(4))
            );
            assert!(!puzzle.is_default_rule());
            let words = if wrap { "rule x, wrapping" } else { "rule x" };
            assert_eq!(puzzle.rule_words(), words);
            let plus = Rule::parse("plus").unwrap();
            let plus = StatePuzzle::new(shape(3, 3), plus, wrap, 5, StateGoal::Any).unwrap();
            assert_eq!(plus.is_default_rule(), !wrap);
            // A corner's diagonal neighbours: one on the board, four on the torus.
            let mut board = StateBoard::new(shape(3, 3), 5);
            puzzle.tap(&mut board, 0, 0);
            let expected = if wrap { "100/011/011" } else { "100/010/000" };
            assert_eq!(board.to_string(), expected);
        }
    }

    #[test]
    fn a_press_adds_its_weights_mod_the_states() {
        let rule = Rule::parse("010/121/010").unwrap();
        let puzzle = StatePuzzle::new(shape(2, 3), rule, false, 3, StateGoal::Any).unwrap();
        let mut board = StateBoard::new(shape(2, 3), 3);
        puzzle.tap(&mut board, 0, 1);
        assert_eq!(board.to_string(), "121/010");
        puzzle.tap(&mut board, 0, 1);
        assert_eq!(board.to_string(), "212/020");
        puzzle.tap(&mut board, 0, 1);
        assert_eq!(board.to_string(), "000/000");
    }
}
