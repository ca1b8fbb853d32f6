//! Boards and figures drawn as terminal text: pieces as glyphs with colour when asked, every mark
//! in brackets as well as colour (so a drawing reads the same in a log, in a pipe, or for a
//! reader who cannot tell the colours apart), panels laid side by side to the terminal's width,
//! and the library's figures as lines.

use std::ops::Range;

use owo_colors::{OwoColorize, Style};

use flipgame::figure::{Block, Chart, Drawing, Figure};
use flipgame::notation::{Color, state_digit};
use flipgame::render::{Mark, Piece, mark_name, state_mark_name, wrap};
use flipgame::words::{percent, thousands};

/// The terminal colours of the states of a K-state board, by number (0 is drawn plain); past
/// the last they repeat, and the digit always tells them apart.
const STATE_STYLES: [fn(Style) -> Style; 7] = [
    |style| style,
    |style| style.red(),
    |style| style.green(),
    |style| style.yellow(),
    |style| style.blue(),
    |style| style.magenta(),
    |style| style.cyan(),
];

/// Colours and glyphs for one run.
#[derive(Clone, Copy, Debug)]
pub struct Pen {
    color: bool,
    ascii: bool,
}

impl Pen {
    /// A pen that colours when `color` and draws only ASCII when `ascii`.
    pub fn new(color: bool, ascii: bool) -> Pen {
        Pen { color, ascii }
    }

    /// True when drawing with ASCII only.
    pub fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// The glyph of a piece: a filled or hollow disc, or the letter in ASCII mode.
    pub fn piece(&self, color: Color) -> char {
        match (self.ascii, color) {
            (true, color) => color.letter(),
            (false, Color::Black) => '\u{25CF}',
            (false, Color::White) => '\u{25CB}',
        }
    }

    /// `text` in `style` when colouring, as it is otherwise.
    pub fn paint(&self, text: &str, style: Style) -> String {
        if self.color {
            text.style(style).to_string()
        } else {
            text.to_string()
        }
    }

    /// Bold text for headings.
    pub fn strong(&self, text: &str) -> String {
        self.paint(text, Style::new().bold())
    }

    fn mark_style(mark: Mark) -> Style {
        match mark {
            Mark::Plain => Style::new(),
            Mark::Tapped => Style::new().bold().magenta(),
            Mark::Flipped => Style::new().cyan(),
            Mark::Proof => Style::new().bold().red(),
            Mark::Hint => Style::new().bold().green(),
        }
    }

    /// A colour's digit, in its terminal colour when colouring.
    fn state_glyph(&self, state: u8) -> String {
        let style = STATE_STYLES[usize::from(state) % STATE_STYLES.len()](Style::new());
        self.paint(&state_digit(state).to_string(), style)
    }

    /// One cell, three columns wide: the piece between its mark's brackets.
    fn cell(&self, piece: Piece, mark: Mark) -> String {
        let (open, close) = match mark {
            Mark::Plain => (' ', ' '),
            Mark::Tapped => ('[', ']'),
            Mark::Flipped => ('(', ')'),
            Mark::Proof => ('<', '>'),
            Mark::Hint => ('{', '}'),
        };
        match (piece, mark) {
            (Piece::State(state), Mark::Plain) => format!(" {} ", self.state_glyph(state)),
            (Piece::State(state), _) => self.paint(
                &format!("{open}{}{close}", state_digit(state)),
                Pen::mark_style(mark),
            ),
            (Piece::Side(color), Mark::Plain) => format!(" {} ", self.piece(color)),
            (Piece::Side(color), _) => self.paint(
                &format!("{open}{}{close}", self.piece(color)),
                Pen::mark_style(mark),
            ),
        }
    }

    /// The legend of the marks and pieces used in a drawing, as lines that fit in `width`:
    /// black and white pieces, or with `states` the colours' digits.
    pub fn legend(&self, marks: &[Mark], states: Option<u8>, width: usize) -> Vec<String> {
        let blank = match states {
            Some(_) => Piece::State(0),
            None => Piece::Side(Color::White),
        };
        let mut items: Vec<(String, usize)> = marks
            .iter()
            .map(|&mark| {
                let name = match states {
                    Some(_) => state_mark_name(mark),
                    None => mark_name(mark),
                };
                (format!("{} {name}", self.cell(blank, mark)), 4 + name.len())
            })
            .collect();
        match states {
            Some(states) => {
                let digits: Vec<String> = (0..states).map(|s| self.state_glyph(s)).collect();
                items.push((
                    format!("{} colours", digits.join(" ")),
                    2 * usize::from(states) + 7,
                ));
            }
            None => {
                for color in [Color::Black, Color::White] {
                    let name = color.name();
                    items.push((format!("{} {name}", self.piece(color)), 2 + name.len()));
                }
            }
        }
        join_to_width(&items, "   ", width)
    }
}

/// Joins `(text, visible width)` items with `gap` between them, starting a new line when the
/// next item would not fit in `width`.
pub fn join_to_width(items: &[(String, usize)], gap: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for (text, visible) in items {
        if used > 0 && used + gap.len() + visible > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push_str(gap);
            used += gap.len();
        }
        line.push_str(text);
        used += visible;
    }
    if used > 0 {
        lines.push(line);
    }
    lines
}

/// A block of lines drawn for a terminal, with the visible width of each (colour codes take no
/// columns).
#[derive(Clone, Debug, Default)]
pub struct Panel {
    lines: Vec<(String, usize)>,
}

impl Panel {
    /// The widest visible line.
    pub fn width(&self) -> usize {
        self.lines
            .iter()
            .map(|(_, width)| *width)
            .max()
            .unwrap_or(0)
    }

    fn push(&mut self, text: String, width: usize) {
        self.lines.push((text, width));
    }
}

/// Draws a board of `rows` x `cols` (`color` and `mark` take rows and columns from 0) under
/// `title`, with row labels on the left and column labels on top (every tenth one past 99
/// columns, where every label would not fit).
pub fn grid_panel(
    pen: &Pen,
    title: &str,
    (rows, cols): (usize, usize),
    piece: impl Fn(usize, usize) -> Piece,
    mark: impl Fn(usize, usize) -> Mark,
) -> Panel {
    let view = View {
        size: (rows, cols),
        rows: 0..rows,
        cols: 0..cols,
        cursor: None,
    };
    grid_view(pen, title, &view, piece, mark)
}

/// The part of a board a drawing shows, and the cell under a cursor (all from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Rows and columns of the whole board.
    pub size: (usize, usize),
    /// The rows shown.
    pub rows: Range<usize>,
    /// The columns shown.
    pub cols: Range<usize>,
    /// The cell under the cursor: drawn in reverse video when colouring, and either way its
    /// row marked with `>` after its number and its column with `v` on a line under the
    /// numbers (reverse video alone is lost on some terminals and to some eyes).
    pub cursor: Option<(usize, usize)>,
}

/// Draws the part of a board that `view` shows, as [`grid_panel`] draws a whole one: labels
/// carry the board's own row and column numbers.
pub fn grid_view(
    pen: &Pen,
    title: &str,
    view: &View,
    piece: impl Fn(usize, usize) -> Piece,
    mark: impl Fn(usize, usize) -> Mark,
) -> Panel {
    let (rows, cols) = view.size;
    let label_width = rows.to_string().len();
    let width = label_width + 1 + 3 * view.cols.len();
    let mut panel = Panel::default();
    panel.push(pen.strong(title), title.chars().count());
    let mut header = vec![b' '; width];
    for (shown, col) in view.cols.clone().enumerate() {
        let number = col + 1;
        if cols > 99 && number != 1 && number % 10 != 0 {
            continue;
        }
        let label = number.to_string();
        // The label's last digit sits over the piece, the middle of the three columns of a cell.
        let end = label_width + 1 + 3 * shown + 2;
        if let Some(start) = end.checked_sub(label.len()) {
            header[start..end].copy_from_slice(label.as_bytes());
        }
    }
    let header = String::from_utf8_lossy(&header).trim_end().to_string();
    let header_width = header.len();
    panel.push(header, header_width);
    if let Some((_, cursor_col)) = view.cursor
        && let Some(shown) = view.cols.clone().position(|col| col == cursor_col)
    {
        let mark = format!("{}v", " ".repeat(label_width + 1 + 3 * shown + 1));
        let mark_width = mark.len();
        panel.push(mark, mark_width);
    }
    for row in view.rows.clone() {
        let gutter = match view.cursor {
            Some((cursor_row, _)) if cursor_row == row => '>',
            _ => ' ',
        };
        let mut line = format!("{:>label_width$}{gutter}", row + 1);
        for col in view.cols.clone() {
            let cell = pen.cell(piece(row, col), mark(row, col));
            if view.cursor == Some((row, col)) {
                line.push_str(&pen.paint(&cell, Style::new().reversed()));
            } else {
                line.push_str(&cell);
            }
        }
        panel.push(line, width);
    }
    panel
}

/// Lays panels side by side, as many to a row as fit in `width` with a gap between them, and
/// returns the lines (trailing spaces trimmed).
pub fn side_by_side(panels: &[Panel], width: usize) -> Vec<String> {
    const GAP: usize = 3;
    let cell_width = panels.iter().map(Panel::width).max().unwrap_or(0);
    let per_row = ((width + GAP) / (cell_width + GAP)).max(1);
    let mut lines = Vec::new();
    for (group_index, group) in panels.chunks(per_row).enumerate() {
        if group_index > 0 {
            lines.push(String::new());
        }
        let height = group.iter().map(|p| p.lines.len()).max().unwrap_or(0);
        for row in 0..height {
            let mut line = String::new();
            for (n, panel) in group.iter().enumerate() {
                let (text, visible) = panel
                    .lines
                    .get(row)
                    .map_or(("", 0), |(t, w)| (t.as_str(), *w));
                line.push_str(text);
                if n + 1 < group.len() {
                    line.push_str(&" ".repeat(cell_width - visible + GAP));
                }
            }
            lines.push(line.trim_end().to_string());
        }
    }
    lines
}

/// The figure as terminal lines at most `width` columns wide (where words and boards allow).
pub fn figure_lines(figure: &Figure, pen: &Pen, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for block in &figure.blocks {
        match block {
            Block::Heading { title, detail } => lines.extend(join_to_width(
                &[
                    (pen.strong(title), title.chars().count()),
                    (detail.clone(), detail.chars().count()),
                ],
                "  ",
                width,
            )),
            Block::Text(text) => lines.extend(wrap(text, width)),
            Block::Strong(text) => lines.push(pen.strong(text)),
            Block::Line(text) => lines.push(text.clone()),
            Block::Blank => lines.push(String::new()),
            Block::Boards(drawings) | Block::Steps(drawings) => {
                let panels: Vec<Panel> = drawings.iter().map(|d| drawing_panel(d, pen)).collect();
                lines.extend(side_by_side(&panels, width));
            }
            Block::Legend(marks) => lines.extend(pen.legend(marks, None, width)),
            Block::StateLegend(marks, states) => {
                lines.extend(pen.legend(marks, Some(*states), width));
            }
            Block::Chart(chart) => lines.extend(chart_lines(chart, pen, width)),
        }
    }
    lines
}

/// A drawing as a panel of terminal lines.
fn drawing_panel(drawing: &Drawing, pen: &Pen) -> Panel {
    grid_panel(
        pen,
        &drawing.title,
        drawing.size(),
        |row, col| drawing.piece(row, col),
        |row, col| drawing.mark(row, col),
    )
}

/// The histogram as a table: taps, boards, share, and a bar scaled to the largest row.
fn chart_lines(chart: &Chart, pen: &Pen, width: usize) -> Vec<String> {
    let title = format!("Fewest {}", chart.moves);
    let mut lines = vec![pen.strong(&format!("{title:<17}Boards    Share of solvable"))];
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

#[cfg(test)]
mod tests {
    use super::*;
    use flipgame::figure::Target;
    use flipgame::render::panel_width;

    #[test]
    fn panels_wrap_to_the_width() {
        let pen = Pen::new(false, true);
        let panel = grid_panel(
            &pen,
            "Start",
            (4, 4),
            |_, _| Piece::Side(Color::White),
            |_, _| Mark::Plain,
        );
        assert_eq!(panel.width(), 14);
        let panels = vec![panel; 3];
        let wide = side_by_side(&panels, 80);
        assert_eq!(wide.len(), 6);
        assert_eq!(
            wide[0],
            format!("Start{}Start{}Start", " ".repeat(12), " ".repeat(12))
        );
        let narrow = side_by_side(&panels, 40);
        assert_eq!(narrow.len(), 6 + 1 + 6);
        assert!(narrow.iter().all(|line| line.chars().count() <= 40));
        let tiny = side_by_side(&panels, 5);
        assert_eq!(tiny.len(), 3 * 6 + 2);
    }

    #[test]
    fn colour_codes_take_no_columns_in_the_layout() {
        let plain = Pen::new(false, false);
        let colored = Pen::new(true, false);
        let mark = |row: usize, _| if row == 0 { Mark::Tapped } else { Mark::Plain };
        let black = |_, _| Piece::Side(Color::Black);
        let a = grid_panel(&plain, "Tap", (4, 4), black, mark);
        let b = grid_panel(&colored, "Tap", (4, 4), black, mark);
        assert_eq!(a.width(), b.width());
        let lines = side_by_side(&[b.clone(), b], 80);
        assert!(lines[2].contains("\u{1b}["));
    }

    #[test]
    fn states_are_drawn_as_digits_coloured_only_when_colouring() {
        let plain = Pen::new(false, false);
        let colored = Pen::new(true, false);
        let mark = |row: usize, col: usize| match (row, col) {
            (0, 0) => Mark::Tapped,
            (0, 1) => Mark::Flipped,
            _ => Mark::Plain,
        };
        let state = |row: usize, col: usize| Piece::State((row * 2 + col) as u8 * 5);
        let panel = grid_panel(&plain, "S", (2, 2), state, mark);
        assert_eq!(panel.lines[2].0, "1 [0](5)");
        assert_eq!(panel.lines[3].0, "2  a  f ");
        let painted = grid_panel(&colored, "S", (2, 2), state, mark);
        assert_ne!(painted.lines[3].0, panel.lines[3].0);
        assert_eq!(painted.width(), panel.width());
        assert_eq!(
            plain.legend(&[Mark::Tapped], Some(3), 80),
            ["[0] pressed   0 1 2 colours"]
        );
        assert_eq!(
            plain.legend(&[Mark::Tapped], None, 80),
            ["[\u{25CB}] tapped   \u{25CF} black   \u{25CB} white"]
        );
    }

    #[test]
    fn wide_boards_label_every_tenth_column() {
        let pen = Pen::new(false, true);
        let panel = grid_panel(
            &pen,
            "Wide",
            (2, 120),
            |_, _| Piece::Side(Color::White),
            |_, _| Mark::Plain,
        );
        let header = &panel.lines[1].0;
        assert!(header.contains(" 10 ") && header.contains(" 120") && !header.contains(" 11 "));
        assert_eq!(panel.width(), panel_width(2, 120));
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
            moves: "taps",
        }));
        let lines = figure_lines(&figure, &pen, 5);
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
