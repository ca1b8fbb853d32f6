//! What a command shows people, decided once and drawn by either renderer: as terminal text
//! ([`Figure::lines`]) or as an SVG document ([`crate::svg`]).
//!
//! A command builds a [`Figure`] of blocks (headings, paragraphs, boards with their marks, a
//! legend, a bar chart) and knows only where it will be drawn through a [`Target`]; which marks a
//! cell gets, what a board is titled and which words go under it are never decided twice.

use std::collections::HashMap;

use owo_colors::Style;

use flipgame::board::Color;
use flipgame::grid::Grid;

use crate::render::{self, Mark, Panel, Pen};

/// Where a figure will be drawn, so its author can choose what fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Terminal text this many columns wide.
    Terminal {
        /// The width in columns.
        width: usize,
    },
    /// An SVG document, which grows to fit any board.
    Svg,
}

impl Target {
    /// How many characters a line of running text may have.
    pub fn columns(self) -> usize {
        match self {
            Target::Terminal { width } => width,
            Target::Svg => crate::svg::TEXT_COLUMNS,
        }
    }

    /// Whether a board of `rows` x `cols` can be drawn at all.
    pub fn fits(self, rows: usize, cols: usize) -> bool {
        match self {
            Target::Terminal { width } => render::panel_width(rows, cols) <= width,
            Target::Svg => true,
        }
    }
}

/// One board of a figure: its pieces, the marks on some cells, and a title above it.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The title drawn above the board.
    pub title: String,
    /// The pieces: a set bit is a black piece.
    pub board: Grid,
    marks: HashMap<(usize, usize), Mark>,
}

impl Drawing {
    /// A board with no marks.
    pub fn new(title: String, board: Grid) -> Drawing {
        Drawing {
            title,
            board,
            marks: HashMap::new(),
        }
    }

    /// Marks every cell of `cells` (rows and columns from 0) with `mark`.
    pub fn with_marks(
        mut self,
        cells: impl IntoIterator<Item = (usize, usize)>,
        mark: Mark,
    ) -> Drawing {
        for cell in cells {
            self.marks.insert(cell, mark);
        }
        self
    }

    /// The rows and columns of the board.
    pub fn size(&self) -> (usize, usize) {
        let shape = self.board.shape();
        (shape.rows() as usize, shape.cols() as usize)
    }

    /// The piece at a cell.
    pub fn color(&self, row: usize, col: usize) -> Color {
        if self.board.get(row, col) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The mark at a cell.
    pub fn mark(&self, row: usize, col: usize) -> Mark {
        self.marks.get(&(row, col)).copied().unwrap_or(Mark::Plain)
    }

    fn panel(&self, pen: &Pen) -> Panel {
        render::grid_panel(
            pen,
            &self.title,
            self.size(),
            |row, col| self.color(row, col),
            |row, col| self.mark(row, col),
        )
    }
}

/// The histogram of fewest taps, drawn as a table with bars or as a bar chart.
#[derive(Clone, Debug)]
pub struct Chart {
    /// `boards[k]`: how many boards need exactly `k` taps.
    pub boards: Vec<u64>,
    /// What the shares are shares of: the solvable boards.
    pub whole: u64,
}

/// One block of a figure, drawn below the one before.
#[derive(Clone, Debug)]
pub enum Block {
    /// A bold title and, beside it, where it comes from.
    Heading {
        /// Drawn bold.
        title: String,
        /// Drawn plain after the title.
        detail: String,
    },
    /// Running text, wrapped to the width.
    Text(String),
    /// One bold line.
    Strong(String),
    /// One line exactly as given (aligned columns; a monospaced font in SVG).
    Line(String),
    /// An empty line.
    Blank,
    /// Boards side by side, as many to a row as fit.
    Boards(Vec<Drawing>),
    /// What each of these marks means, and the two pieces.
    Legend(Vec<Mark>),
    /// The histogram of fewest taps.
    Chart(Chart),
}

/// Everything one command shows for one board or one report, top to bottom.
#[derive(Clone, Debug, Default)]
pub struct Figure {
    /// The blocks in order.
    pub blocks: Vec<Block>,
}

impl Figure {
    /// Adds a block at the end.
    pub fn push(&mut self, block: Block) {
        self.blocks.push(block);
    }

    /// The figure as terminal lines at most `width` columns wide (where words and boards allow).
    pub fn lines(&self, pen: &Pen, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        for block in &self.blocks {
            match block {
                Block::Heading { title, detail } => lines.extend(render::join_to_width(
                    &[
                        (pen.strong(title), title.chars().count()),
                        (detail.clone(), detail.chars().count()),
                    ],
                    "  ",
                    width,
                )),
                Block::Text(text) => lines.extend(render::wrap(text, width)),
                Block::Strong(text) => lines.push(pen.strong(text)),
                Block::Line(text) => lines.push(text.clone()),
                Block::Blank => lines.push(String::new()),
                Block::Boards(drawings) => {
                    let panels: Vec<Panel> = drawings.iter().map(|d| d.panel(pen)).collect();
                    lines.extend(render::side_by_side(&panels, width));
                }
                Block::Legend(marks) => lines.extend(pen.legend(marks, width)),
                Block::Chart(chart) => lines.extend(chart_lines(chart, pen, width)),
            }
        }
        lines
    }
}

/// The histogram as a table: taps, boards, share, and a bar scaled to the largest row.
fn chart_lines(chart: &Chart, pen: &Pen, width: usize) -> Vec<String> {
    let mut lines = vec![pen.strong("Fewest taps      Boards    Share of solvable")];
    let largest = chart.boards.iter().copied().max().unwrap_or(1).max(1);
    let bar_room = width.saturating_sub(32).clamp(1, 40);
    let block = if pen.is_ascii() { "#" } else { "\u{2588}" };
    for (moves, &boards) in chart.boards.iter().enumerate() {
        // Every non-empty row gets at least one block, so rare distances stay visible.
        let length = if boards == 0 {
            0
        } else {
            ((boards * bar_room as u64).div_ceil(largest)) as usize
        };
        let bar = pen.paint(&block.repeat(length), Style::new().cyan());
        lines.push(format!(
            "{moves:>11}  {:>10}  {:>7}  {bar}",
            thousands(boards),
            percent(boards, chart.whole)
        ));
    }
    lines
}

/// `65536` as `65,536`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (n, digit) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// `1 tap`, `4 taps`.
pub fn taps(count: impl Into<u64>) -> String {
    match count.into() {
        1 => "1 tap".to_string(),
        count => format!("{count} taps"),
    }
}

/// `part` as a percentage of `whole`, to two decimals.
pub fn percent(part: u64, whole: u64) -> String {
    format!("{:.2}%", 100.0 * part as f64 / whole.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flipgame::grid::Shape;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(4096), "4,096");
        assert_eq!(thousands(65536), "65,536");
        assert_eq!(thousands(1_048_576), "1,048,576");
    }

    #[test]
    fn a_drawing_keeps_its_marks_and_pieces() {
        let mut board = Grid::new(Shape::new(2, 3).unwrap());
        board.set(1, 2, true);
        let drawing = Drawing::new("t".into(), board)
            .with_marks([(0, 1)], Mark::Tapped)
            .with_marks([(1, 2), (0, 0)], Mark::Flipped);
        assert_eq!(drawing.size(), (2, 3));
        assert_eq!(drawing.mark(0, 1), Mark::Tapped);
        assert_eq!(drawing.mark(0, 0), Mark::Flipped);
        assert_eq!(drawing.mark(1, 1), Mark::Plain);
        assert_eq!(drawing.color(1, 2), Color::Black);
        assert_eq!(drawing.color(0, 2), Color::White);
    }

    #[test]
    fn terminal_blocks_become_lines() {
        let pen = Pen::new(false, true);
        let mut figure = Figure::default();
        figure.push(Block::Heading {
            title: "T".into(),
            detail: "(d)".into(),
        });
        figure.push(Block::Text("aa bb cc".into()));
        figure.push(Block::Blank);
        figure.push(Block::Line("  x  ".into()));
        figure.push(Block::Chart(Chart {
            boards: vec![1, 0, 3],
            whole: 4,
        }));
        let lines = figure.lines(&pen, 5);
        assert_eq!(lines[0], "T");
        assert_eq!(lines[1], "(d)");
        assert_eq!(&lines[2..5], ["aa bb", "cc", ""]);
        assert_eq!(lines[5], "  x  ");
        assert!(lines[7].ends_with("25.00%  #"), "{}", lines[7]);
        assert!(lines[8].ends_with("0.00%  "), "{}", lines[8]);
        assert!(lines[9].ends_with("75.00%  #"), "{}", lines[9]);
        assert!(Target::Terminal { width: 14 }.fits(4, 4));
        assert!(!Target::Terminal { width: 13 }.fits(4, 4));
        assert!(Target::Svg.fits(1000, 1000));
    }
}
