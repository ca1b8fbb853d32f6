//! What a drawn board is made of, for every renderer: the pieces and the marks on cells and what
//! they mean, a panel's width in columns, text wrapped to a width, and the sentence that proves a
//! board impossible. The terminal's drawing (colour, glyphs, panels) is the binary's; the SVG
//! drawing is the figure module's `svg`, which builds on this one.

use crate::notation::{Cell, Color};
use crate::puzzle::{Goal, Puzzle};
use crate::solve::Certificate;

/// How a cell is marked in a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing special.
    Plain,
    /// The piece that was tapped: `[x]`.
    Tapped,
    /// A piece the tap turned over: `(x)`.
    Flipped,
    /// A cell of a proof of impossibility: `<x>`.
    Proof,
    /// A tap to make, shown as a hint: `{x}`.
    Hint,
}

/// What a mark means, as legends say it.
pub fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Plain => "plain",
        Mark::Tapped => "tapped",
        Mark::Flipped => "turned over",
        Mark::Proof => "cell of the proof",
        Mark::Hint => "tap here",
    }
}

/// What a cell of a drawn board holds: a two-sided piece, or one of K colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A black or white piece.
    Side(Color),
    /// A piece of the colour with this number, drawn as its digit.
    State(u8),
}

impl From<Color> for Piece {
    fn from(color: Color) -> Piece {
        Piece::Side(color)
    }
}

/// What a mark means on a board of K states, as legends say it.
pub fn state_mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Plain => "plain",
        Mark::Tapped => "pressed",
        Mark::Flipped => "changed",
        Mark::Proof => "weighted cell of the proof",
        Mark::Hint => "press here",
    }
}

/// The visible width of a panel of a board with `rows` and `cols`.
pub fn panel_width(rows: usize, cols: usize) -> usize {
    rows.to_string().len() + 1 + 3 * cols
}

/// Breaks plain `text` into lines of at most `width` columns at spaces (a longer word stands
/// alone on its line).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The one-sentence argument that a board can never be finished, every number in it computed
/// from the certificate. `drawn` says whether the pattern is marked on a board the reader sees;
/// when it is not, the sentence lists its cells.
pub fn impossibility(puzzle: &Puzzle, certificate: &Certificate, drawn: bool) -> String {
    impossibility_with(puzzle, certificate, drawn, &certificate.black.to_string())
}

/// [`impossibility`] with `black` written where the sentence counts the black pieces among the
/// pattern's (a page writes a mark there that its script fills in after every tap).
pub fn impossibility_with(
    puzzle: &Puzzle,
    certificate: &Certificate,
    drawn: bool,
    black: &str,
) -> String {
    let pattern = &certificate.pattern;
    let shape = pattern.shape();
    let mut evens: Vec<usize> = Vec::new();
    for row in 0..shape.rows() as usize {
        for col in 0..shape.cols() as usize {
            let met = puzzle
                .flips(row, col)
                .iter()
                .filter(|&&(r, c)| pattern.get(r, c))
                .count();
            if !evens.contains(&met) {
                evens.push(met);
            }
        }
    }
    evens.sort_unstable();
    let parity = |count: u64| {
        if count.is_multiple_of(2) {
            "even"
        } else {
            "odd"
        }
    };
    let goal = puzzle.goal();
    let colors = goal.colors();
    let goals: Vec<String> = colors
        .iter()
        .map(|&color| format!("all {color} has {}", certificate.black_in_goal(color)))
        .collect();
    let goal_parity = parity(certificate.black_in_goal(colors[0]));
    let both = if colors.len() > 1 { "both " } else { "" };
    let reach = match goal {
        Goal::Either => "finish this board".to_string(),
        Goal::White | Goal::Black => format!("make this board all {}", colors[0]),
    };
    let marked = if drawn { "marked" } else { "quiet" };
    let mut text = format!(
        "Every tap turns over an even number ({}) of the {} {marked} pieces, so the number of \
         black pieces among them, {} now, always stays {}; {} there, {both}{goal_parity}, so \
         no sequence of taps can {reach}.",
        or_list(&evens),
        pattern.count(),
        black,
        parity(certificate.black),
        goals.join(" and "),
    );
    if !certificate.fewest {
        text.push_str(" (Other such sets may have fewer cells.)");
    }
    if !drawn {
        let cells: Vec<String> = pattern
            .cells()
            .map(|cell| Cell::from(cell).to_string())
            .collect();
        text.push_str(&format!(" The quiet pieces: {}.", cells.join(" ")));
    }
    text
}

/// `0`, `0 or 2`, `0, 2 or 4`.
fn or_list(numbers: &[usize]) -> String {
    let texts: Vec<String> = numbers.iter().map(usize::to_string).collect();
    match texts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_listed_with_or() {
        assert_eq!(or_list(&[2]), "2");
        assert_eq!(or_list(&[0, 2]), "0 or 2");
        assert_eq!(or_list(&[0, 2, 4]), "0, 2 or 4");
    }

    #[test]
    fn text_wraps_at_spaces() {
        assert_eq!(wrap("aa bb cc dd", 5), vec!["aa bb", "cc dd"]);
        assert_eq!(wrap("averylongword x", 4), vec!["averylongword", "x"]);
        assert!(wrap("", 10).is_empty());
    }
}
