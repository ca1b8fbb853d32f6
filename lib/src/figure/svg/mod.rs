//! Figures as self-contained SVG documents: no scripts, no external fonts or files, one
//! stylesheet inside, every coordinate absolute (so a reader of the file, or a test, can find
//! each piece without following transforms).
//!
//! Every piece is one shape (`class="b"` or `class="w"`), drawn row by row; a mark is a shape
//! of its own on top, different in form as well as colour, so a greyscale print keeps them apart:
//! tapped is a square frame, turned over a ring, a cell of a proof a diamond, a tap to make four
//! corner brackets. The centre of every cell shows only its piece.

pub mod chart;
pub mod graph;

use std::fmt::{self, Write as _};

use crate::figure::{Block, Drawing, Figure, Pieces, Target};
use crate::render::{Mark, Piece, wrap};

/// The narrowest document; wider boards make it wider.
const MIN_WIDTH: f64 = 960.0;
const MARGIN: f64 = 16.0;
const LINE_HEIGHT: f64 = 20.0;
/// The widest a bold character of the text font is on average.
const BOLD_CHAR: f64 = 9.0;
/// The width of a character of the monospaced font at the text size.
const MONO_CHAR: f64 = 8.5;
/// The space between boards laid side by side, and between rows of them.
const GAP: f64 = 24.0;
const TITLE_HEIGHT: f64 = 20.0;
const LABEL_FONT: f64 = 10.0;

/// The colours of every picture. Each pair of neighbours in this list differs in lightness, so
/// the pictures print in grey, and no mark is known by its colour alone.
pub mod palette {
    /// The page.
    pub const PAPER: &str = "#ffffff";
    /// Text, axes and black pieces.
    pub const INK: &str = "#1a1a1a";
    /// The board under the pieces.
    pub const BOARD: &str = "#bdbdbd";
    /// The outline of a piece.
    pub const PIECE_EDGE: &str = "#555555";
    /// A white piece.
    pub const WHITE: &str = "#ffffff";
    /// A black piece.
    pub const BLACK: &str = "#1a1a1a";
    /// The tapped piece (a square frame).
    pub const TAPPED: &str = "#6a1b9a";
    /// A piece the tap turned over (a ring).
    pub const FLIPPED: &str = "#00838f";
    /// A cell of a proof of impossibility (a diamond).
    pub const PROOF: &str = "#c62828";
    /// A tap to make (corner brackets).
    pub const HINT: &str = "#2e7d32";
    /// Bars of a chart.
    pub const BAR: &str = "#4a6fa5";
    /// Edges of a state graph.
    pub const EDGE: &str = "#a0a0a0";
    /// Every other layer of a state graph.
    pub const BAND: &str = "#f0f0f0";
    /// The highlighted path of a state graph.
    pub const PATH: &str = "#c62828";
    /// The pieces of boards of K states, by colour number (repeating past the last), each
    /// light enough for its dark digit to read.
    pub const STATES: [&str; 8] = [
        "#ffffff", "#ef9a9a", "#a5d6a7", "#fff59d", "#90caf9", "#ce93d8", "#80deea", "#ffcc80",
    ];
}

/// The document's styles; the styles of pieces of K colours only where `states` says some are
/// drawn, so a two-state picture carries none of them.
fn stylesheet(states: bool) -> String {
    use palette::*;
    let states: String = match states {
        true => {
            STATES
                .iter()
                .enumerate()
                .map(|(state, fill)| format!(".s{state}{{fill:{fill};stroke:{PIECE_EDGE}}}"))
                .collect::<String>()
                + &format!("text.digit{{fill:{INK};font-weight:bold}}")
        }
        false => String::new(),
    };
    states
        + &format!(
            "text{{fill:{INK}}}.b{{fill:{BLACK}}}.w{{fill:{WHITE}}}circle.b,circle.w{{stroke:{PIECE_EDGE}}}\
         .grid{{fill:{BOARD}}}.tapped{{fill:none;stroke:{TAPPED}}}.flipped{{fill:none;stroke:{FLIPPED}}}\
         .proof{{fill:none;stroke:{PROOF}}}.hint{{fill:none;stroke:{HINT}}}.bar{{fill:{BAR}}}\
         .axis{{stroke:{INK};fill:none}}.edge{{stroke:{EDGE};fill:none}}\
         .path{{stroke:{PATH};fill:none}}.band{{fill:{BAND}}}.mono{{font-family:'DejaVu Sans Mono',Menlo,Consolas,'Liberation Mono',monospace}}.label{{font-size:{LABEL_FONT}px}}\
         .strong{{font-weight:bold}}"
        )
}

/// A number as SVG wants it: at most two decimals, no trailing zeros.
pub(crate) fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let mut text = format!("{rounded:.2}");
    while text.ends_with('0') {
        text.pop();
    }
    if text.ends_with('.') {
        text.pop();
    }
    if text == "-0" { "0".to_string() } else { text }
}

/// Text with the five XML special characters escaped.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A document being written: the body so far and how far down it reaches.
pub(crate) struct Page {
    body: String,
    width: f64,
    y: f64,
    /// Whether pieces of K colours are drawn, whose styles the stylesheet then holds.
    states: bool,
}

impl Page {
    /// An empty page `width` wide (content and margins).
    pub(crate) fn new(width: f64) -> Page {
        Page {
            body: String::new(),
            width,
            y: MARGIN,
            states: false,
        }
    }

    /// The room between the margins.
    pub(crate) fn content_width(&self) -> f64 {
        self.width - 2.0 * MARGIN
    }

    /// One line of text at the current height, moving down a line.
    pub(crate) fn text_line(&mut self, text: &str, class: &str) {
        let baseline = self.y + 15.0;
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}"{}>{}</text>"#,
            num(MARGIN),
            num(baseline),
            class_attr(class),
            escape(text)
        );
        self.y += LINE_HEIGHT;
    }

    /// Raw elements, drawn `height` tall from the current height.
    pub(crate) fn raw(&mut self, elements: &str, height: f64) {
        self.body.push_str(elements);
        self.y += height;
    }

    /// The complete document, titled `title`.
    pub(crate) fn finish(self, title: &str) -> String {
        let height = (self.y + MARGIN).ceil();
        let width = self.width.ceil();
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" \
             font-size=\"14\">\n<title>{}</title>\n<style>{}</style>\n\
             <rect class=\"paper\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>\n{}</svg>\n",
            escape(title),
            stylesheet(self.states),
            palette::PAPER,
            self.body,
            w = num(width),
            h = num(height),
        )
    }
}

fn class_attr(class: &str) -> String {
    if class.is_empty() {
        String::new()
    } else {
        format!(r#" class="{class}""#)
    }
}

/// One document of `figures` one below the other (several boards' explanations, say), titled
/// `title`.
pub fn document(title: &str, figures: &[Figure]) -> String {
    let widest = figures
        .iter()
        .flat_map(|figure| &figure.blocks)
        .map(block_width)
        .fold(0.0, f64::max);
    let mut page = Page::new((widest + 2.0 * MARGIN).max(MIN_WIDTH));
    page.states = figures
        .iter()
        .flat_map(|figure| &figure.blocks)
        .any(|block| match block {
            Block::StateLegend(..) => true,
            Block::Boards(drawings) | Block::Steps(drawings) => drawings
                .iter()
                .any(|drawing| matches!(drawing.pieces, Pieces::States(_))),
            _ => false,
        });
    for (n, figure) in figures.iter().enumerate() {
        if n > 0 {
            let y = page.y + GAP / 2.0;
            let rule = format!(
                "<line class=\"axis\" x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>\n",
                num(MARGIN),
                num(page.width - MARGIN),
                y = num(y)
            );
            page.raw(&rule, GAP);
        }
        page.body
            .push_str(&format!("<g class=\"section\" id=\"section-{}\">\n", n + 1));
        for block in &figure.blocks {
            draw_block(&mut page, block);
        }
        page.body.push_str("</g>\n");
    }
    page.finish(title)
}

/// How wide a block must be drawn, so the page can be made wide enough for it.
fn block_width(block: &Block) -> f64 {
    match block {
        Block::Boards(drawings) | Block::Steps(drawings) => drawings
            .iter()
            .map(|d| BoardBox::of(d).width)
            .fold(0.0, f64::max),
        Block::Line(text) => text.chars().count() as f64 * MONO_CHAR,
        Block::Chart(chart) => chart::width(chart),
        _ => 0.0,
    }
}

fn draw_block(page: &mut Page, block: &Block) {
    match block {
        Block::Heading { title, detail } => {
            let length = title.chars().count() + 2 + detail.chars().count();
            if length as f64 * BOLD_CHAR <= page.content_width() {
                let baseline = page.y + 15.0;
                let _ = writeln!(
                    page.body,
                    r#"<text x="{}" y="{}"><tspan class="strong">{}</tspan>  {}</text>"#,
                    num(MARGIN),
                    num(baseline),
                    escape(title),
                    escape(detail)
                );
                page.y += LINE_HEIGHT;
            } else {
                page.text_line(title, "strong");
                page.text_line(detail, "");
            }
        }
        Block::Text(text) => {
            for line in wrap(text, Target::SVG_COLUMNS) {
                page.text_line(&line, "");
            }
        }
        Block::Strong(text) => page.text_line(text, "strong"),
        Block::Line(text) => {
            let baseline = page.y + 15.0;
            let _ = writeln!(
                page.body,
                r#"<text class="mono" x="{}" y="{}" xml:space="preserve">{}</text>"#,
                num(MARGIN),
                num(baseline),
                escape(text)
            );
            page.y += LINE_HEIGHT;
        }
        Block::Blank => page.y += LINE_HEIGHT / 2.0,
        Block::Boards(drawings) | Block::Steps(drawings) => draw_boards(page, drawings),
        Block::Legend(marks) => draw_legend(page, marks, None),
        Block::StateLegend(marks, states) => draw_legend(page, marks, Some(*states)),
        Block::Chart(data) => chart::draw(page, data),
    }
}

/// The size of a cell of a board of `rows` x `cols`: large for small boards, down to 3 pixels
/// so a 1000 x 1000 board is 3000 pixels wide.
pub(crate) fn cell_size(rows: usize, cols: usize) -> f64 {
    (480.0 / rows.max(cols) as f64).floor().clamp(3.0, 32.0)
}

/// Every how many rows or columns a number is written, so labels of `digits` digits never
/// crowd cells `cell` pixels wide.
fn label_step(cell: f64, digits: usize) -> usize {
    let room = digits as f64 * LABEL_FONT * 0.65 + 4.0;
    [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]
        .into_iter()
        .find(|&step| step as f64 * cell >= room)
        .unwrap_or(10000)
}

/// Where the parts of one drawn board go, relative to its top left corner.
struct BoardBox {
    cell: f64,
    label_width: f64,
    width: f64,
    height: f64,
}

impl BoardBox {
    fn of(drawing: &Drawing) -> BoardBox {
        let (rows, cols) = drawing.size();
        let cell = cell_size(rows, cols);
        let label_width = rows.to_string().len() as f64 * LABEL_FONT * 0.65 + 6.0;
        let title_width = drawing.title.chars().count() as f64 * 7.5;
        BoardBox {
            cell,
            label_width,
            width: (label_width + cols as f64 * cell).max(title_width),
            height: TITLE_HEIGHT + LABEL_FONT + 4.0 + rows as f64 * cell,
        }
    }
}

fn draw_boards(page: &mut Page, drawings: &[Drawing]) {
    let room = page.content_width();
    let (mut x, mut row_height) = (MARGIN, 0.0_f64);
    let mut elements = String::new();
    let top = page.y;
    let mut y = top;
    for drawing in drawings {
        let size = BoardBox::of(drawing);
        if x > MARGIN && x + size.width > MARGIN + room {
            x = MARGIN;
            y += row_height + GAP;
            row_height = 0.0;
        }
        draw_board(&mut elements, drawing, &size, x, y);
        x += size.width + GAP;
        row_height = row_height.max(size.height);
    }
    page.raw(&elements, y + row_height - top + 4.0);
}

fn draw_board(out: &mut String, drawing: &Drawing, size: &BoardBox, x: f64, y: f64) {
    let (rows, cols) = drawing.size();
    let cell = size.cell;
    let left = x + size.label_width;
    let top = y + TITLE_HEIGHT + LABEL_FONT + 4.0;
    let _ = writeln!(
        out,
        r#"<g class="board" data-rows="{rows}" data-cols="{cols}" data-title="{}">"#,
        escape(&drawing.title)
    );
    let _ = writeln!(
        out,
        r#"<text class="strong" x="{}" y="{}">{}</text>"#,
        num(x),
        num(y + 15.0),
        escape(&drawing.title)
    );
    draw_labels(out, (rows, cols), cell, (left, top));
    let _ = writeln!(
        out,
        r#"<rect class="grid" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(left),
        num(top),
        num(cols as f64 * cell),
        num(rows as f64 * cell)
    );
    let stroke = (cell * 0.04).max(0.5);
    let _ = writeln!(out, r#"<g class="pieces" stroke-width="{}">"#, num(stroke));
    for row in 0..rows {
        for col in 0..cols {
            let (x, y) = (left + col as f64 * cell, top + row as f64 * cell);
            match drawing.piece(row, col) {
                Piece::Side(crate::notation::Color::Black) => piece(out, "b", x, y, cell),
                Piece::Side(crate::notation::Color::White) => piece(out, "w", x, y, cell),
                Piece::State(state) => state_piece(out, state, x, y, cell),
            }
        }
    }
    out.push_str("</g>\n");
    for row in 0..rows {
        for col in 0..cols {
            let mark = drawing.mark(row, col);
            if mark != Mark::Plain {
                mark_shape(
                    out,
                    mark,
                    left + col as f64 * cell,
                    top + row as f64 * cell,
                    cell,
                );
            }
        }
    }
    out.push_str("</g>\n");
}

/// The board's row and column numbers, as many as fit beside cells of side `cell`.
fn draw_labels(out: &mut String, (rows, cols): (usize, usize), cell: f64, (left, top): (f64, f64)) {
    let col_step = label_step(cell, cols.to_string().len());
    for col in (0..cols).filter(|&c| c == 0 || (c + 1) % col_step == 0) {
        let _ = writeln!(
            out,
            r#"<text class="label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            num(left + (col as f64 + 0.5) * cell),
            num(top - 4.0),
            col + 1
        );
    }
    let row_step = label_step(cell, 1);
    for row in (0..rows).filter(|&r| r == 0 || (r + 1) % row_step == 0) {
        let _ = writeln!(
            out,
            r#"<text class="label" x="{}" y="{}" text-anchor="end">{}</text>"#,
            num(left - 4.0),
            num(top + (row as f64 + 0.5) * cell + LABEL_FONT * 0.35),
            row + 1
        );
    }
}

/// One piece in the cell whose top left corner is (`x`, `y`): a disc, or a square filling the
/// cell when cells are too small for a disc to read.
pub(crate) fn piece(out: &mut String, class: &str, x: f64, y: f64, cell: f64) {
    if cell >= 8.0 {
        let _ = writeln!(
            out,
            r#"<circle class="{class}" cx="{}" cy="{}" r="{}"/>"#,
            num(x + cell / 2.0),
            num(y + cell / 2.0),
            num(cell * 0.38)
        );
    } else {
        let _ = writeln!(
            out,
            r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}"/>"#,
            num(x),
            num(y),
            num(cell),
            num(cell)
        );
    }
}

/// A piece of colour `state` in the cell whose top left corner is (`x`, `y`): a disc of the
/// state's fill with its digit on it, so the colour is never the only cue (the digit is left
/// out where cells are too small to read it).
pub(crate) fn state_piece(out: &mut String, state: u8, x: f64, y: f64, cell: f64) {
    let class = format!("s{}", usize::from(state) % palette::STATES.len());
    piece(out, &class, x, y, cell);
    if cell >= 12.0 {
        let _ = writeln!(
            out,
            r#"<text class="digit" x="{}" y="{}" text-anchor="middle" font-size="{}">{}</text>"#,
            num(x + cell / 2.0),
            num(y + cell / 2.0 + cell * 0.16),
            num(cell * 0.45),
            crate::notation::state_digit(state)
        );
    }
}

/// The stroke width of a mark on cells `cell` pixels wide.
pub(crate) fn mark_stroke(cell: f64) -> f64 {
    (cell * 0.12).max(1.0)
}

/// A mark over the cell whose top left corner is (`x`, `y`); it never covers the cell's centre.
pub(crate) fn mark_shape(out: &mut String, mark: Mark, x: f64, y: f64, cell: f64) {
    let stroke = mark_stroke(cell);
    let half = stroke / 2.0;
    let (cx, cy) = (x + cell / 2.0, y + cell / 2.0);
    let _ = match mark {
        Mark::Plain => Ok(()),
        Mark::Tapped => writeln!(
            out,
            r#"<rect class="tapped" x="{}" y="{}" width="{}" height="{}" stroke-width="{}"/>"#,
            num(x + half),
            num(y + half),
            num(cell - stroke),
            num(cell - stroke),
            num(stroke)
        ),
        Mark::Flipped => writeln!(
            out,
            r#"<circle class="flipped" cx="{}" cy="{}" r="{}" stroke-width="{}"/>"#,
            num(cx),
            num(cy),
            num(cell / 2.0 - half),
            num(stroke * 0.75)
        ),
        Mark::Proof => writeln!(
            out,
            r#"<polygon class="proof" points="{},{} {},{} {},{} {},{}" stroke-width="{}"/>"#,
            num(cx),
            num(y + half),
            num(x + cell - half),
            num(cy),
            num(cx),
            num(y + cell - half),
            num(x + half),
            num(cy),
            num(stroke)
        ),
        Mark::Hint => hint_corners(out, x, y, cell, stroke),
    };
}

/// The hint mark: the four corners of the cell, drawn as one path.
fn hint_corners(out: &mut String, x: f64, y: f64, cell: f64, stroke: f64) -> fmt::Result {
    let half = stroke / 2.0;
    let arm = cell * 0.3;
    let (l, t, r, b) = (x + half, y + half, x + cell - half, y + cell - half);
    writeln!(
        out,
        "<path class=\"hint\" d=\"M{},{}V{}H{}M{},{}H{}V{}M{},{}V{}H{}M{},{}H{}V{}\" \
         stroke-width=\"{}\"/>",
        num(l),
        num(t + arm),
        num(t),
        num(l + arm),
        num(r - arm),
        num(t),
        num(r),
        num(t + arm),
        num(r),
        num(b - arm),
        num(b),
        num(r - arm),
        num(l + arm),
        num(b),
        num(l),
        num(b - arm),
        num(stroke)
    )
}

fn draw_legend(page: &mut Page, marks: &[Mark], states: Option<u8>) {
    const CELL: f64 = 20.0;
    let y = page.y + 2.0;
    let mut elements = String::new();
    let mut x = MARGIN;
    let mut item = |name: &str, draw: &dyn Fn(&mut String, f64)| {
        let _ = writeln!(
            elements,
            r#"<rect class="grid" x="{}" y="{}" width="{CELL}" height="{CELL}"/>"#,
            num(x),
            num(y)
        );
        draw(&mut elements, x);
        let _ = writeln!(
            elements,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(x + CELL + 6.0),
            num(y + 15.0),
            escape(name)
        );
        x += CELL + 6.0 + name.chars().count() as f64 * 7.5 + 18.0;
    };
    for &mark in marks {
        let name = match states {
            Some(_) => crate::render::state_mark_name(mark),
            None => crate::render::mark_name(mark),
        };
        item(name, &|out, x| {
            match states {
                Some(_) => state_piece(out, 0, x, y, CELL),
                None => piece(out, "w", x, y, CELL),
            }
            mark_shape(out, mark, x, y, CELL);
        });
    }
    match states {
        Some(states) => {
            for state in 0..states {
                item(&format!("colour {state}"), &|out, x| {
                    state_piece(out, state, x, y, CELL)
                });
            }
        }
        None => {
            for (class, name) in [("b", "black"), ("w", "white")] {
                item(name, &|out, x| piece(out, class, x, y, CELL));
            }
        }
    }
    page.raw(
        &format!("<g class=\"legend\" stroke-width=\"1\">\n{elements}</g>\n"),
        CELL + 8.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(3.5), "3.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(120.0), "120");
    }

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&apos;");
    }

    #[test]
    fn cells_shrink_with_the_board_within_limits() {
        assert_eq!(cell_size(4, 4), 32.0);
        assert_eq!(cell_size(20, 10), 24.0);
        assert_eq!(cell_size(100, 100), 4.0);
        assert_eq!(cell_size(1000, 3), 3.0);
    }

    #[test]
    fn labels_never_crowd() {
        assert_eq!(label_step(32.0, 1), 1);
        assert_eq!(label_step(3.0, 4), 10);
        for cell in [3.0, 4.0, 8.0, 24.0] {
            for digits in 1..5 {
                let step = label_step(cell, digits);
                assert!(step as f64 * cell >= digits as f64 * LABEL_FONT * 0.65 + 4.0);
            }
        }
    }
}
