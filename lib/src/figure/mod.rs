//! What a front end shows people, decided once for all of them and drawn as an SVG document
//! ([`svg`]) here; the command line also draws it as terminal text, and its web pages as HTML.
//!
//! A command builds a [`Figure`] of blocks (headings, paragraphs, boards with their marks, a
//! legend, a bar chart) and knows only where it will be drawn through a [`Target`]; which marks a
//! cell gets, what a board is titled and which words go under it are never decided twice.

use std::collections::HashMap;

use crate::grid::Grid;
use crate::grid::StateBoard;
use crate::notation::Color;

use crate::render::{self, Mark, Piece};

pub mod explain;
pub mod html;
pub mod layout;
pub mod svg;

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
    /// How many characters a line of running text may have in an SVG document.
    pub const SVG_COLUMNS: usize = 110;

    /// How many characters a line of running text may have.
    pub fn columns(self) -> usize {
        match self {
            Target::Terminal { width } => width,
            Target::Svg => Target::SVG_COLUMNS,
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

/// The pieces of a drawn board: two-sided, or of K colours.
#[derive(Clone, Debug)]
pub enum Pieces {
    /// Black and white pieces: a set bit is a black piece.
    Sides(Grid),
    /// Pieces of K colours, numbered from 0.
    States(StateBoard),
}

/// One board of a figure: its pieces, the marks on some cells, and a title above it.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The title drawn above the board.
    pub title: String,
    /// The pieces.
    pub pieces: Pieces,
    marks: HashMap<(usize, usize), Mark>,
}

impl Drawing {
    /// A board of `pieces` with no marks.
    pub fn of(title: String, pieces: Pieces) -> Drawing {
        Drawing {
            title,
            pieces,
            marks: HashMap::new(),
        }
    }

    /// A board of black and white pieces with no marks.
    pub fn new(title: String, board: Grid) -> Drawing {
        Drawing::of(title, Pieces::Sides(board))
    }

    /// A board of K colours with no marks.
    pub fn of_states(title: String, board: StateBoard) -> Drawing {
        Drawing::of(title, Pieces::States(board))
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
        let shape = match &self.pieces {
            Pieces::Sides(board) => board.shape(),
            Pieces::States(board) => board.shape(),
        };
        (shape.rows() as usize, shape.cols() as usize)
    }

    /// The piece at a cell.
    pub fn piece(&self, row: usize, col: usize) -> Piece {
        match &self.pieces {
            Pieces::Sides(board) if board.get(row, col) => Piece::Side(Color::Black),
            Pieces::Sides(_) => Piece::Side(Color::White),
            Pieces::States(board) => Piece::State(board.get(row, col)),
        }
    }

    /// The mark at a cell.
    pub fn mark(&self, row: usize, col: usize) -> Mark {
        self.marks.get(&(row, col)).copied().unwrap_or(Mark::Plain)
    }
}

/// The histogram of fewest taps, drawn as a table with bars or as a bar chart.
#[derive(Clone, Debug)]
pub struct Chart {
    /// `boards[k]`: how many boards need exactly `k` taps.
    pub boards: Vec<u64>,
    /// What the shares are shares of: the solvable boards.
    pub whole: u64,
    /// What a move is called: `taps`, or `presses` on boards of K states.
    pub moves: &'static str,
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
    /// Boards in order, each the one before after a tap: side by side as [`Block::Boards`],
    /// and one at a time on a web page, to step through.
    Steps(Vec<Drawing>),
    /// What each of these marks means, and the two pieces.
    Legend(Vec<Mark>),
    /// As [`Block::Legend`], for boards of this many colours: the marks, then the colours.
    StateLegend(Vec<Mark>, u8),
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

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
        assert_eq!(drawing.piece(1, 2), Piece::Side(Color::Black));
        assert_eq!(drawing.piece(0, 2), Piece::Side(Color::White));
        let states = StateBoard::parse("012/3a0", Shape::new(2, 3).unwrap(), 11).unwrap();
        let drawing = Drawing::of_states("s".into(), states);
        assert_eq!(drawing.size(), (2, 3));
        assert_eq!(drawing.piece(1, 1), Piece::State(10));
        assert_eq!(drawing.piece(0, 2), Piece::State(2));
    }
}
