//! The records of an answer, as every front end gives them: the command line's JSON (`solve`,
//! `explain`, `table`, `play`) and the Python module's dicts are these types written by each
//! front end's serializer, so no front end builds a record by hand and each field is named
//! once. A huge board's taps and steps are walked as they are written, never held as a list.
//!
//! Fields that only one kind of piece has are left out for the other: `id` (the 4x4 board of
//! two-sided pieces), `states`, a tap's `times` and `proof` (pieces of K colours).

pub mod shard;

use std::fmt::Display;

use serde::{Serialize, Serializer};

use crate::board::BoardId;
use crate::game::Game;
use crate::kind::{ColorRecord, Kind, SolutionOf};
use crate::notation::Cell;
use crate::solve::Taps as _;

/// Serializes anything with `Display` as a string (for `#[serde(serialize_with)]`).
pub fn as_text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Serializes an optional `Display` value as a string, or `null`.
pub fn optional_text<T: Display, S: Serializer>(
    value: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

/// The fields that name a board in every record: its text form, its size, and its id (the 4x4
/// board of two-sided pieces only, where an id is defined). Flattened into each record.
#[derive(Serialize)]
pub struct BoardFields<'a, B: Display> {
    /// The text form.
    #[serde(serialize_with = "as_text")]
    pub board: &'a B,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// The 4x4 id.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_text"
    )]
    pub id: Option<BoardId>,
}

impl<'a, B: Display> BoardFields<'a, B> {
    /// The fields of a board of kind `K` (with an id where it has one).
    pub fn of<K: Kind<Board = B>>(board: &'a B) -> BoardFields<'a, B> {
        let shape = K::board_shape(board);
        BoardFields {
            board,
            rows: shape.rows(),
            cols: shape.cols(),
            id: K::board_id(board),
        }
    }
}

/// The fields that name the rule in every record: `"rule"` (a name, a stencil, or a rule
/// file's path) and `"wrap"`. Flattened into each record.
#[derive(Clone, Debug, Serialize)]
pub struct RuleFields {
    /// The rule's label.
    pub rule: String,
    /// Whether the edges wrap around.
    pub wrap: bool,
}

impl RuleFields {
    /// The rule fields of a puzzle of kind `K`.
    pub fn of<K: Kind>(puzzle: &K::Puzzle) -> RuleFields {
        RuleFields {
            rule: K::rule(puzzle).label(),
            wrap: K::wrap(puzzle),
        }
    }
}

/// A tap of an answer: `{"row", "col"}`, and for pieces of K colours how many `times`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tap {
    /// The cell tapped.
    #[serde(flatten)]
    pub cell: Cell,
    /// How many times, for pieces of K colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times: Option<u8>,
}

impl Tap {
    /// `cell` tapped `times` times, as a record of kind `K` gives it.
    pub fn of<K: Kind>(cell: Cell, times: u8) -> Tap {
        Tap {
            cell,
            times: K::COUNTED.then_some(times),
        }
    }
}

/// The taps of an answer of kind `K`, one [`Tap`] a tapped cell, row-major.
pub struct Taps<'a, K: Kind> {
    /// The taps.
    pub taps: &'a K::Taps,
    /// The board's columns.
    pub cols: usize,
}

impl<K: Kind> Serialize for Taps<'_, K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.taps
                .tapped_cells(self.cols)
                .map(|(cell, times)| Tap::of::<K>(cell, times)),
        )
    }
}

/// What `solve` says of one board: the record `solve --format json` writes (after its `index`
/// and `source`), which `explain` begins with and Python's `Solution.to_dict()` gives.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
pub struct Solved<'a, K: Kind> {
    /// The board.
    #[serde(flatten)]
    pub board: BoardFields<'a, K::Board>,
    /// The rule.
    #[serde(flatten)]
    pub rule: &'a RuleFields,
    /// The states of a piece, for pieces of K colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub states: Option<u8>,
    /// Whether some taps finish the board.
    pub solvable: bool,
    /// The fewest taps found.
    pub moves: Option<u64>,
    /// The colour they finish the board in.
    pub goal: Option<ColorRecord>,
    /// Whether `moves` is proven fewest.
    pub optimal: bool,
    /// The proven lower bound on the fewest taps.
    pub lower_bound: Option<u64>,
    /// The taps.
    pub taps: Option<Taps<'a, K>>,
    /// For pieces of K colours, the proof that none finish the board (`null` when some do).
    #[serde(flatten)]
    pub proof: Option<ProofField<K::ProofRecord<'a>>>,
}

/// The `proof` of a record of K colours: `null` for a board that can be finished.
#[derive(Serialize)]
pub struct ProofField<P> {
    /// The proof.
    pub proof: Option<P>,
}

impl<'a, K: Kind> Solved<'a, K> {
    /// The record of `board` of `puzzle`, answered with `solution`, or proven impossible by
    /// `proof`.
    pub fn new(
        puzzle: &K::Puzzle,
        board: &'a K::Board,
        rule: &'a RuleFields,
        (solution, proof): (Option<&'a SolutionOf<K>>, Option<&'a K::Proof>),
    ) -> Solved<'a, K> {
        let states = K::recorded_states(puzzle);
        let cols = K::board_shape(board).cols() as usize;
        Solved {
            board: BoardFields::of::<K>(board),
            rule,
            states,
            solvable: solution.is_some(),
            moves: solution.map(|s| s.moves()),
            goal: solution.map(|s| K::color_record(K::color_number(s.color))),
            optimal: solution.is_none_or(|s| s.optimal),
            lower_bound: solution.map(|s| s.lower_bound),
            taps: solution.map(|s| Taps {
                taps: &s.taps,
                cols,
            }),
            proof: K::COUNTED.then(|| ProofField {
                proof: proof.map(|proof| K::proof_record(puzzle, proof)),
            }),
        }
    }
}

/// One step of a walkthrough: the cell tapped, the cells it changes, and the board after it
/// (`press` and `changed` for pieces of K colours).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Step {
    /// A tap of two-sided pieces.
    Tap {
        /// The cell tapped.
        tap: Cell,
        /// The cells it turns over.
        flipped: Vec<Cell>,
        /// The board after it.
        board: String,
    },
    /// A press of pieces of K colours.
    Press {
        /// The cell pressed.
        press: Cell,
        /// The cells it changes.
        changed: Vec<Cell>,
        /// The board after it.
        board: String,
    },
}

/// The steps of a walkthrough of `board` by `taps`, one a tap (a cell tapped j times is j
/// steps), each made as it is written: a huge board holds only its current state.
pub struct Steps<'a, K: Kind> {
    /// The puzzle.
    pub puzzle: &'a K::Puzzle,
    /// The board before the first step.
    pub board: &'a K::Board,
    /// The taps, or none for a board no taps finish (no steps).
    pub taps: Option<&'a K::Taps>,
}

impl<'a, K: Kind> Steps<'a, K> {
    /// The steps, in order.
    pub fn iter(&self) -> impl Iterator<Item = Step> + 'a {
        let (puzzle, taps) = (self.puzzle, self.taps);
        let cols = K::shape(puzzle).cols() as usize;
        let mut current = self.board.clone();
        taps.into_iter()
            .flat_map(move |taps| taps.tapped_cells(cols))
            .flat_map(|(cell, times)| std::iter::repeat_n(cell, usize::from(times)))
            .map(move |cell| {
                K::tap(puzzle, &mut current, cell);
                let changed = K::reached(puzzle, cell);
                let board = current.to_string();
                if K::COUNTED {
                    Step::Press {
                        press: cell,
                        changed,
                        board,
                    }
                } else {
                    Step::Tap {
                        tap: cell,
                        flipped: changed,
                        board,
                    }
                }
            })
    }
}

impl<K: Kind> Serialize for Steps<'_, K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::grid::{Grid, Shape, StateBoard};
    use crate::kind::{KStates, TwoStates};
    use crate::notation::Cells;
    use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
    use crate::rule::Rule;

    fn two_sided(rows: u32, cols: u32) -> Puzzle {
        let shape = Shape::new(rows, cols).unwrap();
        Puzzle::new(shape, Rule::parse("plus").unwrap(), false, Goal::Either).unwrap()
    }

    fn k_colours(rows: u32, cols: u32, states: u32, goal: StateGoal) -> StatePuzzle {
        let shape = Shape::new(rows, cols).unwrap();
        StatePuzzle::new(shape, Rule::parse("plus").unwrap(), false, states, goal).unwrap()
    }

    /// The record of `board`, as a value and as the text its fields are written in, in order.
    fn record_of<K: Kind>(puzzle: &K::Puzzle, board: &K::Board) -> (Value, String) {
        let solver = K::solver(puzzle.clone()).unwrap();
        let solution = K::solve(&solver, board);
        let proof = solution
            .is_none()
            .then(|| K::proof(&solver, board))
            .flatten();
        let rule = RuleFields::of::<K>(puzzle);
        let record = Solved::<K>::new(puzzle, board, &rule, (solution.as_ref(), proof.as_ref()));
        let text = serde_json::to_string(&record).unwrap();
        (serde_json::from_str(&text).unwrap(), text)
    }

    /// The sample of POJ 1753 (NEERC 2000): 4 taps. The taps, applied by the rule's own
    /// definition (a cell and its neighbours above, below, left and right), finish the board.
    #[test]
    fn a_two_sided_record_is_the_judges_sample_and_its_taps_finish_it() {
        let puzzle = two_sided(4, 4);
        let text = "bwwb/bbwb/bwwb/bwww";
        let board = crate::board::parse(text, puzzle.shape(), Cells::Letters).unwrap();
        let (record, text_form) = record_of::<TwoStates>(&puzzle, &board);
        let at = |name: &str| {
            text_form
                .find(&format!("\"{name}\":"))
                .unwrap_or(usize::MAX)
        };
        let mut names: Vec<&str> = record
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        names.sort_by_key(|name| at(name));
        assert_eq!(
            names,
            [
                "board",
                "rows",
                "cols",
                "id",
                "rule",
                "wrap",
                "solvable",
                "moves",
                "goal",
                "optimal",
                "lower_bound",
                "taps"
            ]
        );
        assert_eq!(record["board"], text);
        assert_eq!(
            (record["moves"].clone(), record["optimal"].clone()),
            (json!(4), json!(true))
        );
        let mut black: Vec<Vec<bool>> = text
            .split('/')
            .map(|row| row.chars().map(|piece| piece == 'b').collect())
            .collect();
        let taps = record["taps"].as_array().unwrap();
        assert_eq!(taps.len(), 4);
        for tap in taps {
            assert_eq!(
                tap.as_object().unwrap().len(),
                2,
                "no times for two sides: {tap}"
            );
            let (row, col) = (
                tap["row"].as_i64().unwrap() - 1,
                tap["col"].as_i64().unwrap() - 1,
            );
            for (r, c) in [
                (row, col),
                (row - 1, col),
                (row + 1, col),
                (row, col - 1),
                (row, col + 1),
            ] {
                if (0..4).contains(&r) && (0..4).contains(&c) {
                    black[r as usize][c as usize] ^= true;
                }
            }
        }
        let first = black[0][0];
        assert!(black.iter().flatten().all(|&piece| piece == first));
        assert_eq!(record["goal"], if first { "black" } else { "white" });
    }

    /// Pieces of 3 colours on one cell: 1 + 2 presses make 0. The record names the states,
    /// counts the presses, and has a `proof` of `null`.
    #[test]
    fn a_k_colour_record_counts_its_presses_and_names_its_states() {
        let puzzle = k_colours(1, 1, 3, StateGoal::Color(0));
        let board = StateBoard::parse("1", puzzle.shape(), 3).unwrap();
        let (record, _) = record_of::<KStates>(&puzzle, &board);
        assert_eq!(record["states"], 3);
        assert_eq!(record["taps"], json!([{"row": 1, "col": 1, "times": 2}]));
        assert_eq!(record["goal"], 0);
        assert!(record.as_object().unwrap().contains_key("proof"));
        assert_eq!(record["proof"], Value::Null);
        assert!(!record.as_object().unwrap().contains_key("id"));
    }

    /// On a 1x2 board every press adds 1 to both cells, so `01` never becomes one colour. The
    /// proof's weighted sum differs between the board and every finished board, and no press
    /// changes it: checked here from the weights alone.
    #[test]
    fn a_k_colour_proof_is_an_invariant_the_board_breaks() {
        let puzzle = k_colours(1, 2, 3, StateGoal::Any);
        let board = StateBoard::parse("01", puzzle.shape(), 3).unwrap();
        let (record, _) = record_of::<KStates>(&puzzle, &board);
        assert_eq!(record["solvable"], false);
        let proof = &record["proof"];
        let weights: Vec<u64> = proof["weights"][0]
            .as_array()
            .unwrap()
            .iter()
            .map(|weight| weight.as_u64().unwrap())
            .collect();
        // A press adds 1 to both cells, so the sum changes by the sum of the weights.
        assert_eq!(weights.iter().sum::<u64>() % 3, 0);
        assert_eq!(proof["board_sum"], weights[1] % 3);
        assert_ne!(proof["board_sum"], proof["finished_sum"]);
    }

    /// Each step taps one cell: the cells it changes are the cell and its neighbours, and the
    /// last board is finished.
    #[test]
    fn steps_tap_one_cell_each_and_end_finished() {
        let puzzle = two_sided(3, 3);
        let mut board = Grid::new(puzzle.shape());
        board.set(1, 1, true);
        let solver = TwoStates::solver(puzzle.clone()).unwrap();
        let solution = TwoStates::solve(&solver, &board).unwrap();
        let steps: Vec<Step> = Steps::<TwoStates> {
            puzzle: &puzzle,
            board: &board,
            taps: Some(&solution.taps),
        }
        .iter()
        .collect();
        assert_eq!(steps.len() as u64, solution.moves());
        for step in &steps {
            let Step::Tap { tap, flipped, .. } = step else {
                panic!("two-sided steps are taps: {step:?}");
            };
            let near = |cell: &Cell| cell.row.abs_diff(tap.row) + cell.col.abs_diff(tap.col) <= 1;
            assert!(flipped.iter().all(near) && flipped.contains(tap));
        }
        let Some(Step::Tap { board: last, .. }) = steps.last() else {
            panic!("some steps");
        };
        assert!(last == "www/www/www" || last == "bbb/bbb/bbb", "{last}");
        let none = Steps::<TwoStates> {
            puzzle: &puzzle,
            board: &board,
            taps: None,
        };
        assert_eq!(serde_json::to_string(&none).unwrap(), "[]");
    }
}

/// Where a game stands after each command: what `play --format jsonl` writes (after its
/// `command`) and what the web page draws.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
pub struct Position<'a, K: Kind> {
    /// The board now.
    #[serde(serialize_with = "as_text")]
    pub board: &'a K::Board,
    /// The states of a piece, for pieces of K colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub states: Option<u8>,
    /// Taps made since the start.
    pub taps_made: usize,
    /// The fewest taps that finish the board from here; `None` when none do.
    pub moves_left: Option<u64>,
    /// True when `moves_left` is proven minimal.
    pub optimal: bool,
    /// No fewer taps finish the board from here.
    pub lower_bound: Option<u64>,
    /// The colour those taps finish in.
    pub finishing_color: Option<ColorRecord>,
    /// The fewest taps that finish the puzzle from its start.
    pub fewest_from_start: Option<u64>,
    /// Whether some taps finish the board.
    pub solvable: bool,
    /// Whether the board is finished.
    pub solved: bool,
}

impl<'a, K: Kind> Position<'a, K> {
    /// Where `game` stands.
    pub fn of(game: &'a Game<K>) -> Position<'a, K> {
        let status = game.status();
        Position {
            board: game.board(),
            states: K::recorded_states(game.puzzle()),
            taps_made: status.taps_made,
            moves_left: status.moves_left,
            optimal: status.proven,
            lower_bound: status.lower_bound,
            finishing_color: status.finishing_color.map(K::color_record),
            fewest_from_start: status.fewest_from_start,
            solvable: status.solvable(),
            solved: status.solved,
        }
    }
}
