//! What `explain` shows of a board, for either kind of piece and any front end: the walkthrough
//! of its fewest taps (the taps in words, each step or the tap map) or the picture and argument
//! of its proof, as one [`Figure`] that every front end draws.
//!
//! A front end says what it can show through [`Explaining`] (how wide a board may be, whether
//! the taps are a map, how many steps): the command line by its flags and its terminal, the
//! Python module by [`Sketch`], which draws whole pictures. What differs between the kinds is in
//! `two_states.rs` and `k_states.rs`, reached through [`ExplainKind`].

pub mod k_states;
mod two_states;

use crate::figure::{Block, Drawing, Figure, Pieces, Target};
use crate::kind::{Kind, SolutionOf};
use crate::notation::Cell;
use crate::render::Mark;
use crate::settings::{Names, Setting};
use crate::solve::Taps as _;
pub use crate::words::Noun;
use crate::words::thousands;

/// A kind of piece as `explain` shows it.
pub trait ExplainKind: Kind {
    /// The pieces of `board`, for a drawing.
    fn pieces(board: &Self::Board) -> Pieces;
    /// `board` drawn under `title`, with no marks yet.
    fn drawing(title: String, board: &Self::Board) -> Drawing {
        Drawing::of(title, Self::pieces(board))
    }
    /// What a heading says of `board` beside its text, and where it was read, if it was.
    fn heading_detail(puzzle: &Self::Puzzle, board: &Self::Board, place: Option<&str>) -> String;
    /// The walkthrough of `solution`.
    fn walkthrough(
        explain: &dyn Explaining<Self>,
        figure: &mut Figure,
        board: &Self::Board,
        solution: &SolutionOf<Self>,
    );
    /// The argument of `proof` in a sentence; `drawn` says whether its cells are marked on a
    /// board the reader sees.
    fn proof_sentence(puzzle: &Self::Puzzle, proof: &Self::Proof, drawn: bool) -> String;
    /// [`ExplainKind::proof_sentence`] for a page whose board changes as it is played, with the
    /// proof's cells marked: `{now}` stands where the sentence gives a number a tap can change.
    fn proof_sentence_template(puzzle: &Self::Puzzle, proof: &Self::Proof) -> String;
    /// The picture and argument of `proof`.
    fn proof_figure(
        explain: &dyn Explaining<Self>,
        figure: &mut Figure,
        board: &Self::Board,
        proof: &Self::Proof,
    );
}

/// What a walkthrough asks of the front end it is drawn for.
pub trait Explaining<K: Kind> {
    /// The puzzle explained.
    fn puzzle(&self) -> &K::Puzzle;
    /// The solver, once a board has needed it.
    fn prepared(&self) -> Option<&K::Solver>;
    /// Boards can be drawn when asked for and when one fits the target.
    fn boards_fit(&self, board: &K::Board) -> bool;
    /// The note that a board too wide to draw is not drawn, when it is not.
    fn too_wide_note(&self, board: &K::Board) -> Option<Block>;
    /// True when the taps are drawn as one map rather than step by step.
    fn map(&self) -> bool;
    /// How the front end names the settings a walkthrough advises.
    fn names(&self) -> Names;
    /// The taps listed in words: under a map that is drawn the map is the list, and a long one
    /// is cut short with `rest` words for the others.
    fn listed(&self, board: &K::Board, taps: &[Cell], rest: &str) -> String;
    /// The start board and the board after each tap (`noun` names one), at most a front end's
    /// limit of them, each with the tapped cell and the others it changes marked.
    fn steps(&self, figure: &mut Figure, board: &K::Board, taps: &[Cell], noun: Noun);
}

/// Taps listed in words above a tap map before the rest are left to the map.
pub const MAPPED_TAPS_LISTED: usize = 20;

/// The steps `explain` draws unless told otherwise (`--max-steps`).
pub const DRAWN_STEPS: usize = 64;

/// The taps of `solution` one at a time, row-major, a cell tapped j times j times.
pub fn taps_in_order<K: Kind>(solution: &SolutionOf<K>, cols: usize) -> Vec<Cell> {
    solution
        .taps
        .tapped_cells(cols)
        .flat_map(|(cell, times)| std::iter::repeat_n(cell, usize::from(times)))
        .collect()
}

/// The rule in words for a header: `rule x, wrapping`, `rule 010/121/010`.
pub fn rule_words<K: Kind>(puzzle: &K::Puzzle) -> String {
    let wrapping = if K::wrap(puzzle) { ", wrapping" } else { "" };
    format!("rule {}{wrapping}", K::rule(puzzle).label())
}

/// [`rule_words`], unless the rule is the game's own: `plus` without wrap.
pub fn other_rule_words<K: Kind>(puzzle: &K::Puzzle) -> Option<String> {
    (!K::rule(puzzle).is_plus() || K::wrap(puzzle)).then(|| rule_words::<K>(puzzle))
}

/// The board as a heading: its text where it fits in `columns`, and what it is (and where it
/// was read, if it was).
pub fn heading<K: ExplainKind>(
    puzzle: &K::Puzzle,
    board: &K::Board,
    columns: usize,
    place: Option<&str>,
) -> Block {
    let text = board.to_string();
    let title = if text.len() <= columns {
        text
    } else {
        format!("A {} board", K::board_shape(board))
    };
    let detail = K::heading_detail(puzzle, board, place);
    Block::Heading { title, detail }
}

/// The first `shown` of `taps` in words, and `and N more, {rest}` for the others.
pub fn listed(taps: &[Cell], shown: usize, rest: &str) -> String {
    let mut listed: Vec<String> = taps.iter().take(shown).map(Cell::to_string).collect();
    if taps.len() > shown {
        listed.push(format!(
            "and {} more, {rest}",
            thousands((taps.len() - shown) as u64)
        ));
    }
    listed.join(" ")
}

/// The start board and the board after each of the first `most` taps, each titled with its
/// tap and with the tapped cell and the others it changes marked, and a line for the rest.
pub fn steps<K: ExplainKind>(
    puzzle: &K::Puzzle,
    figure: &mut Figure,
    (board, taps): (&K::Board, &[Cell]),
    noun: Noun,
    (most, names): (usize, Names),
) {
    let mut drawings = vec![K::drawing("Start".to_string(), board)];
    let mut current = board.clone();
    for (number, &cell) in taps.iter().enumerate().take(most) {
        K::tap(puzzle, &mut current, cell);
        let changed = K::reached(puzzle, cell)
            .into_iter()
            .filter(|&at| at != cell)
            .map(|at| (at.row, at.col));
        let title = format!("{} {}: {cell}", noun.title, number + 1);
        drawings.push(
            K::drawing(title, &current)
                .with_marks(changed, Mark::Flipped)
                .with_marks([(cell.row, cell.col)], Mark::Tapped),
        );
    }
    figure.push(Block::Steps(drawings));
    if taps.len() > most {
        figure.push(Block::Line(format!(
            "(The other {} not drawn ({}); {} has every step.)",
            match taps.len() - most {
                1 => format!("{} is", noun.one),
                others => format!("{others} {} are", noun.many),
            },
            names(Setting::MaxSteps(most)),
            names(Setting::EveryStep),
        )));
    }
}

/// A walkthrough drawn whole, as a picture is: every board fits, every tap is listed (but under
/// a map), and the steps are drawn up to [`DRAWN_STEPS`], as `explain --format svg` draws them.
pub struct Sketch<'a, K: Kind> {
    /// The solver of the puzzle explained.
    pub solver: &'a K::Solver,
    /// Draw the taps as one map rather than step by step.
    pub map: bool,
    /// How the front end names the settings the picture advises.
    pub names: Names,
}

impl<K: ExplainKind> Explaining<K> for Sketch<'_, K> {
    fn puzzle(&self) -> &K::Puzzle {
        K::puzzle(self.solver)
    }

    fn prepared(&self) -> Option<&K::Solver> {
        Some(self.solver)
    }

    fn boards_fit(&self, _board: &K::Board) -> bool {
        true
    }

    fn too_wide_note(&self, _board: &K::Board) -> Option<Block> {
        None
    }

    fn map(&self) -> bool {
        self.map
    }

    fn names(&self) -> Names {
        self.names
    }

    fn listed(&self, _board: &K::Board, taps: &[Cell], rest: &str) -> String {
        let shown = if self.map {
            MAPPED_TAPS_LISTED
        } else {
            taps.len()
        };
        listed(taps, shown, rest)
    }

    fn steps(&self, figure: &mut Figure, board: &K::Board, taps: &[Cell], noun: Noun) {
        let limit = (DRAWN_STEPS, self.names);
        steps::<K>(self.puzzle(), figure, (board, taps), noun, limit);
    }
}

impl<K: ExplainKind> Sketch<'_, K> {
    /// The figure of `board` under a heading of its text: the walkthrough of `solution`, or
    /// the picture and argument of `proof` when there is none.
    pub fn figure(
        &self,
        board: &K::Board,
        solution: Option<&SolutionOf<K>>,
        proof: Option<&K::Proof>,
    ) -> Figure {
        let mut figure = Figure::default();
        figure.push(heading::<K>(
            self.puzzle(),
            board,
            Target::SVG_COLUMNS,
            None,
        ));
        match (solution, proof) {
            (Some(solution), _) => K::walkthrough(self, &mut figure, board, solution),
            (None, Some(proof)) => K::proof_figure(self, &mut figure, board, proof),
            (None, None) => figure.push(Block::Line("Impossible".to_string())),
        }
        figure
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::kind::TwoStates;
    use crate::puzzle::Puzzle;
    use crate::settings;
    use crate::solve::Solver;

    #[test]
    fn a_sketch_draws_the_start_and_each_step() {
        let solver = Solver::new(Puzzle::flip_game()).unwrap();
        let board = Grid::parse("bwwb/bbwb/bwwb/bwww", Shape::FLIP_GAME).unwrap();
        let solution = solver.solve(&board).unwrap();
        let sketch = Sketch::<TwoStates> {
            solver: &solver,
            map: false,
            names: settings::RUST,
        };
        let figure = sketch.figure(&board, Some(&solution), None);
        let steps = figure.blocks.iter().find_map(|block| match block {
            Block::Steps(drawings) => Some(drawings.len()),
            _ => None,
        });
        assert_eq!(steps, Some(1 + solution.moves() as usize));
    }
}
