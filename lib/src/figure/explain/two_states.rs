//! What `explain` says of two-sided pieces: the taps in words, each step or the tap map, and
//! the parity argument of an impossible board with its quiet pattern drawn.

use super::{ExplainKind, Explaining, other_rule_words, taps_in_order};
use crate::figure::{Block, Drawing, Figure, Pieces};
use crate::grid::Grid;
use crate::kind::{Kind, TwoStates};
use crate::notation::Cell;
use crate::puzzle::Puzzle;
use crate::render::{self, Mark};
use crate::settings::Setting;
use crate::solve::{Certificate, Solution};
use crate::words::taps;

impl ExplainKind for TwoStates {
    fn pieces(board: &Grid) -> Pieces {
        Pieces::Sides(board.clone())
    }

    /// What a heading says of a board: its id on 4x4 (else its size), the rule where it is not
    /// the game's own, and where it was read, if it was.
    fn heading_detail(puzzle: &Puzzle, board: &Grid, place: Option<&str>) -> String {
        let about = match crate::board::BoardId::of(board) {
            Some(id) => format!("id {id}"),
            None => board.shape().to_string(),
        };
        let parts: Vec<String> = [Some(about), other_rule_words::<TwoStates>(puzzle)]
            .into_iter()
            .chain([place.map(str::to_string)])
            .flatten()
            .collect();
        format!("({})", parts.join(", "))
    }

    /// The walkthrough of `solution`: the taps in words, each step (or the tap map), and the end.
    fn walkthrough(
        explain: &dyn Explaining<TwoStates>,
        figure: &mut Figure,
        board: &Grid,
        solution: &Solution,
    ) {
        let (goal, moves) = (solution.color, solution.moves());
        if moves == 0 {
            figure.push(Block::Line(format!("Already solved: all {goal}, 0 taps.")));
        } else {
            figure.push(Block::Text(tap_sentence(explain, board, solution)));
        }
        figure.blocks.extend(explain.too_wide_note(board));
        if explain.boards_fit(board) {
            figure.push(Block::Blank);
            let tapped: Vec<Cell> =
                taps_in_order::<TwoStates>(solution, board.shape().cols() as usize);
            if explain.map() {
                let title = match moves {
                    0 => "Nothing to tap".to_string(),
                    _ => format!("Tap map: {}", taps(moves)),
                };
                let marks = tapped.iter().map(|cell| (cell.row, cell.col));
                let drawing = Drawing::new(title, board.clone()).with_marks(marks, Mark::Hint);
                figure.push(Block::Boards(vec![drawing]));
                if moves > 0 {
                    figure.push(Block::Blank);
                    figure.push(Block::Legend(vec![Mark::Hint]));
                }
            } else {
                explain.steps(figure, board, &tapped, <TwoStates as Kind>::NOUN);
                if !tapped.is_empty() {
                    figure.push(Block::Blank);
                    figure.push(Block::Legend(vec![Mark::Tapped, Mark::Flipped]));
                }
            }
        }
        if moves > 0 {
            figure.push(Block::Strong(format!(
                "Solved in {}: all {goal}.",
                taps(moves)
            )));
        }
    }

    fn proof_sentence(puzzle: &Puzzle, proof: &Certificate, drawn: bool) -> String {
        render::impossibility(puzzle, proof, drawn)
    }

    /// The count of black pieces among the pattern's changes; its parity never does.
    fn proof_sentence_template(puzzle: &Puzzle, proof: &Certificate) -> String {
        render::impossibility_with(puzzle, proof, true, "{now}")
    }

    /// Why `board` can never be finished: the quiet pattern drawn on it, and the parity argument.
    fn proof_figure(
        explain: &dyn Explaining<TwoStates>,
        figure: &mut Figure,
        board: &Grid,
        certificate: &Certificate,
    ) {
        let pattern = &certificate.pattern;
        figure.push(Block::Strong("Impossible".to_string()));
        figure.blocks.extend(explain.too_wide_note(board));
        if explain.boards_fit(board) {
            figure.push(Block::Blank);
            let drawing = Drawing::new("Proof".to_string(), board.clone())
                .with_marks(pattern.cells(), Mark::Proof);
            figure.push(Block::Boards(vec![drawing]));
            figure.push(Block::Blank);
            figure.push(Block::Legend(vec![Mark::Proof]));
        }
        let drawn = explain.boards_fit(pattern);
        let reason = render::impossibility(explain.puzzle(), certificate, drawn);
        figure.push(Block::Text(reason));
    }
}

/// The taps in words, and whether they are proven the fewest.
fn tap_sentence(explain: &dyn Explaining<TwoStates>, board: &Grid, solution: &Solution) -> String {
    let tapped = taps_in_order::<TwoStates>(solution, board.shape().cols() as usize);
    let listed = explain.listed(board, &tapped, "marked on the map");
    let mut text = format!(
        "{} to all {}: {listed}. Taps commute, so any order works.",
        taps(solution.moves()),
        solution.color
    );
    if !solution.optimal
        && let Some(solver) = explain.prepared()
    {
        let nullity = solver.nullity();
        let limit = solver.search_limit();
        text.push_str(&if nullity > limit {
            format!(
                " These are the fewest taps found, not proven minimal: the null space has \
                 2^{nullity} elements, more than the 2^{limit} flipgame tries on a board of \
                 this size."
            )
        } else {
            format!(
                " These are the fewest taps found, not proven minimal: {} stopped the search \
                 of the null space's 2^{nullity} elements.",
                (explain.names())(Setting::SearchTime)
            )
        });
    }
    text
}
