//! What a board means: its shape, the rule of a tap, whether the edges wrap, and which finished
//! boards count. Every command builds one [`Puzzle`] and hands it to the core.

use std::fmt;

use crate::grid::{Grid, Shape};
use crate::notation::Color;
use crate::rule::Rule;

mod states;

pub use states::{StateGoal, StatePuzzle, StatePuzzleError};

/// A puzzle: the board's shape, the tap rule, whether the edges wrap around, and the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    shape: Shape,
    rule: Rule,
    wrap: bool,
    goal: Goal,
}

/// Which finished boards count as solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// All white or all black, whichever takes fewer taps (the POJ 1753 rule).
    #[default]
    Either,
    /// Only the all-white board.
    White,
    /// Only the all-black board.
    Black,
}

impl Goal {
    /// Every goal option, in the order `either`, `white`, `black`.
    pub const ALL: [Goal; 3] = [Goal::Either, Goal::White, Goal::Black];

    /// The finished colours this goal accepts.
    pub const fn colors(self) -> &'static [Color] {
        match self {
            Goal::Either => &[Color::White, Color::Black],
            Goal::White => &[Color::White],
            Goal::Black => &[Color::Black],
        }
    }

    /// The name used on the command line and in JSON (`either`, `white`, `black`).
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Either => "either",
            Goal::White => "white",
            Goal::Black => "black",
        }
    }
}

/// Why a puzzle description does not hold together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A rule file made for a board of another size.
    RuleFileShape {
        /// The rule file's label (its path).
        label: String,
        /// The board the file is for.
        file: Shape,
        /// The board asked for.
        asked: Shape,
    },
    /// `--wrap` with a rule file, which lists its neighbours itself.
    WrapWithRuleFile {
        /// The rule file's label (its path).
        label: String,
    },
    /// A rule whose presses add more than 1 somewhere, on a board of two-sided pieces.
    WeightedRule {
        /// The rule's label.
        label: String,
        /// Its largest weight.
        weight: u32,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::RuleFileShape { label, file, asked } => write!(
                f,
                "the rule file {label} is for a {file} board, not {asked}"
            ),
            PuzzleError::WrapWithRuleFile { label } => write!(
                f,
                "a rule file ({label}) does not wrap: it lists the wrapped neighbours itself"
            ),
            PuzzleError::WeightedRule { label, weight } => write!(
                f,
                "the rule {label} adds {weight} at a cell, which needs pieces of {} states or \
                 more: a two-sided piece is turned over or not",
                weight + 1
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// The Flip Game: 4x4, `plus`, no wrap, either colour.
    pub fn flip_game() -> Puzzle {
        Puzzle {
            shape: Shape::FLIP_GAME,
            rule: Rule::plus(),
            wrap: false,
            goal: Goal::Either,
        }
    }

    /// A puzzle, or why it makes no sense (a rule file for another size, `--wrap` with a rule
    /// file, a stencil with weights above 1).
    pub fn new(shape: Shape, rule: Rule, wrap: bool, goal: Goal) -> Result<Puzzle, PuzzleError> {
        let weight = rule.largest_weight();
        if weight > 1 {
            return Err(PuzzleError::WeightedRule {
                label: rule.label(),
                weight,
            });
        }
        Puzzle::weighted(shape, rule, wrap, goal)
    }

    /// [`Puzzle::new`] for a board of more than two states, whose rule may have weights: the
    /// caller checks them against the number of states.
    pub(crate) fn weighted(
        shape: Shape,
        rule: Rule,
        wrap: bool,
        goal: Goal,
    ) -> Result<Puzzle, PuzzleError> {
        if let Rule::Graph(graph) = &rule {
            if graph.shape() != shape {
                return Err(PuzzleError::RuleFileShape {
                    label: graph.label().to_string(),
                    file: graph.shape(),
                    asked: shape,
                });
            }
            if wrap {
                return Err(PuzzleError::WrapWithRuleFile {
                    label: graph.label().to_string(),
                });
            }
        }
        Ok(Puzzle {
            shape,
            rule,
            wrap,
            goal,
        })
    }

    /// The Flip Game's rule on another shape, without wrap.
    pub fn plus(shape: Shape, goal: Goal) -> Puzzle {
        Puzzle {
            shape,
            rule: Rule::plus(),
            wrap: false,
            goal,
        }
    }

    /// The same puzzle with another goal.
    pub fn with_goal(&self, goal: Goal) -> Puzzle {
        Puzzle {
            goal,
            ..self.clone()
        }
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tap rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// True when neighbours wrap around the edges (a torus).
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// Which finished boards count.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// True for the default rule: `plus` without wrap.
    pub fn is_default_rule(&self) -> bool {
        self.rule.is_plus() && !self.wrap
    }

    /// The rule in words for a header: `rule x, wrapping` or `rule 010/111/111`.
    pub fn rule_words(&self) -> String {
        let wrap = if self.wrap { ", wrapping" } else { "" };
        format!("rule {}{wrap}", self.rule.label())
    }

    /// At least as many cells as any one tap turns over (exactly as many, except that a
    /// stencil's count is taken before wrapping or the edges remove any).
    pub fn widest_tap(&self) -> u64 {
        let (rows, cols) = (u64::from(self.shape.rows()), u64::from(self.shape.cols()));
        match &self.rule {
            Rule::Stencil { stencil, .. } => stencil.offsets().len() as u64,
            Rule::Lines => rows + cols - 1,
            Rule::Graph(graph) => (0..(rows * cols) as usize)
                .map(|index| graph.flips(index).len() as u64)
                .max()
                .unwrap_or(0),
        }
    }

    /// The cells (row, col from 0) a tap at `row`, `col` turns over, row-major, each once.
    pub fn flips(&self, row: usize, col: usize) -> Vec<(usize, usize)> {
        self.presses(row, col)
            .into_iter()
            .map(|(cell, _)| cell)
            .collect()
    }

    /// The cells (row, col from 0) a press at `row`, `col` reaches, row-major, each once, with
    /// the weight it adds there (1 but for a stencil or rule file with weights).
    pub fn presses(&self, row: usize, col: usize) -> Vec<((usize, usize), u32)> {
        let (rows, cols) = (self.shape.rows() as i64, self.shape.cols() as i64);
        let mut cells: Vec<((usize, usize), u32)> = match &self.rule {
            Rule::Stencil { stencil, .. } => stencil
                .offsets()
                .iter()
                .zip(stencil.weights())
                .filter_map(|(&(dr, dc), &weight)| {
                    let (r, c) = (row as i64 + i64::from(dr), col as i64 + i64::from(dc));
                    let cell = if self.wrap {
                        Some((r.rem_euclid(rows) as usize, c.rem_euclid(cols) as usize))
                    } else {
                        ((0..rows).contains(&r) && (0..cols).contains(&c))
                            .then_some((r as usize, c as usize))
                    };
                    cell.map(|cell| (cell, weight))
                })
                .collect(),
            Rule::Lines => (0..cols as usize)
                .map(|c| (row, c))
                .chain((0..rows as usize).filter(|&r| r != row).map(|r| (r, col)))
                .map(|cell| (cell, 1))
                .collect(),
            Rule::Graph(graph) => {
                let press = row * cols as usize + col;
                graph
                    .flips(press)
                    .iter()
                    .zip(graph.weights(press))
                    .map(|(&index, &weight)| {
                        let cell = (
                            index as usize / cols as usize,
                            index as usize % cols as usize,
                        );
                        (cell, weight)
                    })
                    .collect()
            }
        };
        // On a torus smaller than the stencil two offsets can land on one cell: it is reached
        // once, as a piece is either turned over by a tap or not, with the larger weight.
        cells.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        cells.dedup_by_key(|(cell, _)| *cell);
        cells
    }

    /// True when `board` shows a colour the goal accepts.
    pub fn is_finished(&self, board: &Grid) -> bool {
        board
            .finished_color()
            .is_some_and(|color| self.goal.colors().contains(&color))
    }

    /// Applies one tap at `row`, `col` (both from 0) to `grid`.
    pub fn tap(&self, grid: &mut Grid, row: usize, col: usize) {
        for (r, c) in self.flips(row, col) {
            grid.toggle(r, c);
        }
    }

    /// Applies every tap of `taps` to `grid`.
    pub fn apply(&self, grid: &mut Grid, taps: &Grid) {
        for (row, col) in taps.cells() {
            self.tap(grid, row, col);
        }
    }

    /// The puzzle of the transposed tap matrix: its quiet tap sets are this puzzle's quiet
    /// patterns (the sets every tap meets evenly).
    pub fn transposed(&self) -> Puzzle {
        Puzzle {
            rule: self.rule.transposed(),
            ..self.clone()
        }
    }

    /// True when the tap matrix is symmetric, so quiet tap sets and quiet patterns coincide.
    pub fn is_symmetric(&self) -> bool {
        self.rule.is_symmetric()
    }
}

/// A puzzle from a rule's text, for the library's tests.
#[cfg(test)]
pub(crate) fn test_puzzle(rows: u32, cols: u32, rule: &str, wrap: bool, goal: Goal) -> Puzzle {
    let shape = Shape::new(rows, cols).expect("a valid shape");
    Puzzle::new(shape, Rule::parse(rule).expect("a valid rule"), wrap, goal).expect("a puzzle")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(rows: u32, cols: u32, rule: &str, wrap: bool) -> Puzzle {
        test_puzzle(rows, cols, rule, wrap, Goal::Either)
    }

    /// The names the command line and JSON use, and the colours each goal accepts.
    #[test]
    fn goals_have_their_printed_names_and_colours() {
        let goals = [Goal::Either, Goal::White, Goal::Black].map(Goal::name);
        assert_eq!(goals, ["either", "white", "black"]);
        assert_eq!(Goal::ALL.map(Goal::name), goals);
        assert_eq!(Goal::Either.colors(), [Color::White, Color::Black]);
        assert_eq!(Goal::White.colors(), [Color::White]);
        assert_eq!(Goal::Black.colors(), [Color::Black]);
    }

    #[test]
    fn a_puzzle_keeps_its_parts_and_refuses_a_rule_file_that_does_not_fit() {
        use crate::rule::Graph;
        let shape = Shape::new(2, 3).expect("a shape");
        let lists = vec![
            vec![0, 1],
            vec![1],
            vec![2, 5],
            vec![3],
            vec![4],
            vec![0, 3, 4, 5],
        ];
        let graph = Graph::new(shape, lists, "ring.json".to_string()).expect("a graph");
        let p = Puzzle::new(shape, Rule::Graph(graph.clone()), false, Goal::White).expect("fits");
        assert_eq!(p.rule(), &Rule::Graph(graph.clone()));
        assert_eq!((p.shape(), p.wrap(), p.goal()), (shape, false, Goal::White));
        let black = p.with_goal(Goal::Black);
        assert_eq!(
            (black.goal(), black.rule(), black.shape()),
            (Goal::Black, p.rule(), shape)
        );
        assert_eq!(p.rule_words(), "rule ring.json");
        assert_eq!(p.flips(0, 2), vec![(0, 2), (1, 2)]);
        assert!(!p.is_default_rule());
        // The widest tap is the last cell's, so every cell must be looked at.
        assert_eq!(p.widest_tap(), 4);
        assert_eq!(puzzle(3, 5, "lines", false).widest_tap(), 7);
        assert_eq!(puzzle(3, 5, "box", true).widest_tap(), 9);
        assert!(Puzzle::flip_game().is_default_rule());
        assert!(!puzzle(4, 4, "plus", true).is_default_rule());
        assert!(!puzzle(4, 4, "x", false).is_default_rule());
        assert!(puzzle(4, 4, "x", false).is_symmetric());
        assert!(!puzzle(4, 4, "010/111/111", false).is_symmetric());
        assert_eq!(puzzle(4, 4, "x", true).rule_words(), "rule x, wrapping");
        assert_eq!(
            puzzle(4, 4, "110/111/010", false).rule_words(),
            "rule 110/111/010"
        );

        let other = Shape::new(3, 2).expect("a shape");
        let error = Puzzle::new(other, Rule::Graph(graph.clone()), false, Goal::White);
        let error = error.expect_err("a rule file for another size");
        assert_eq!(
            error,
            PuzzleError::RuleFileShape {
                label: "ring.json".to_string(),
                file: shape,
                asked: other
            }
        );
        assert_eq!(
            error.to_string(),
            "the rule file ring.json is for a 2x3 board, not 3x2"
        );
        let error = Puzzle::new(shape, Rule::Graph(graph), true, Goal::White);
        let error = error.expect_err("wrapping with a rule file");
        assert_eq!(
            error,
            PuzzleError::WrapWithRuleFile {
                label: "ring.json".to_string()
            }
        );
        assert_eq!(
            error.to_string(),
            "a rule file (ring.json) does not wrap: it lists the wrapped neighbours itself"
        );
    }

    #[test]
    fn plus_turns_over_the_piece_and_its_orthogonal_neighbours() {
        let p = puzzle(4, 4, "plus", false);
        assert_eq!(p.flips(0, 0), vec![(0, 0), (0, 1), (1, 0)]);
        assert_eq!(p.flips(1, 1).len(), 5);
        let torus = puzzle(4, 4, "plus", true);
        assert_eq!(
            torus.flips(0, 0),
            vec![(0, 0), (0, 1), (0, 3), (1, 0), (3, 0)]
        );
    }

    #[test]
    fn every_named_rule_turns_over_what_it_says() {
        let centre = |rule| puzzle(5, 5, rule, false).flips(2, 2).len();
        assert_eq!(
            (
                centre("plus"),
                centre("x"),
                centre("box"),
                centre("sigma"),
                centre("lines")
            ),
            (5, 5, 9, 4, 9)
        );
        assert!(!puzzle(5, 5, "sigma", false).flips(2, 2).contains(&(2, 2)));
        assert_eq!(puzzle(3, 3, "x", false).flips(0, 0), vec![(0, 0), (1, 1)]);
    }

    #[test]
    fn small_tori_turn_each_piece_over_once() {
        let p = puzzle(2, 2, "box", true);
        assert_eq!(p.flips(0, 0).len(), 4);
        let p = puzzle(1, 1, "plus", true);
        assert_eq!(p.flips(0, 0), vec![(0, 0)]);
    }

    #[test]
    fn a_transposed_puzzle_reverses_every_tap() {
        let p = puzzle(4, 5, "011/111/010", false);
        let t = p.transposed();
        for tap in 0..20 {
            for (r, c) in p.flips(tap / 5, tap % 5) {
                assert!(t.flips(r, c).contains(&(tap / 5, tap % 5)));
            }
        }
    }

    #[test]
    fn weights_are_refused_on_two_sided_pieces_and_kept_where_a_press_lands() {
        let shape = Shape::new(3, 3).unwrap();
        let gambler = Rule::parse("010/121/010").unwrap();
        let error = Puzzle::new(shape, gambler.clone(), false, Goal::White).unwrap_err();
        assert_eq!(
            error,
            PuzzleError::WeightedRule {
                label: "010/121/010".to_string(),
                weight: 2
            }
        );
        assert_eq!(
            error.to_string(),
            "the rule 010/121/010 adds 2 at a cell, which needs pieces of 3 states or more: a \
             two-sided piece is turned over or not"
        );
        let weighted = Puzzle::weighted(shape, gambler, false, Goal::White).unwrap();
        assert_eq!(
            weighted.presses(0, 0),
            [((0, 0), 2), ((0, 1), 1), ((1, 0), 1)]
        );
        assert_eq!(weighted.flips(0, 0), [(0, 0), (0, 1), (1, 0)]);
        // On a torus one cell wide, the left and right neighbours and the piece are one cell:
        // it is reached once, with the largest weight.
        let narrow = Shape::new(3, 1).unwrap();
        let rule = Rule::parse("030/151/020").unwrap();
        let torus = Puzzle::weighted(narrow, rule, true, Goal::White).unwrap();
        assert_eq!(torus.presses(1, 0), [((0, 0), 3), ((1, 0), 5), ((2, 0), 2)]);
    }
}
