//! Boards drawn for people: pieces, marks, labels, colour, and panels laid side by side to the
//! terminal's width.
//!
//! Every mark is drawn with brackets as well as colour, so a drawing reads the same in a log, in
//! a pipe, or for a reader who cannot tell the colours apart.

use owo_colors::{OwoColorize, Style};

use flipgame::board::Color;

/// Whether to colour output, decided once from `--color`, the environment and the terminal.
///
/// `auto` colours only when stdout is a terminal; `NO_COLOR` (non-empty) turns colour off and
/// `CLICOLOR_FORCE` (non-empty, not `0`) turns it on even in a pipe, `NO_COLOR` winning when both
/// are set. An explicit `always` or `never` wins over the environment.
pub fn color_enabled(
    choice: Option<bool>,
    stdout_is_terminal: bool,
    env: impl Fn(&str) -> Option<String>,
) -> bool {
    if let Some(explicit) = choice {
        return explicit;
    }
    let set = |name: &str| env(name).is_some_and(|value| !value.is_empty());
    if set("NO_COLOR") {
        return false;
    }
    if set("CLICOLOR_FORCE") && env("CLICOLOR_FORCE").as_deref() != Some("0") {
        return true;
    }
    stdout_is_terminal
}

/// The width to lay panels out in: `COLUMNS` when set, else the terminal's, else 80.
pub fn output_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.trim().parse::<usize>().ok())
        .filter(|&columns| columns > 0)
        .or_else(|| terminal_size::terminal_size().map(|(width, _)| usize::from(width.0)))
        .unwrap_or(80)
}

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
}

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
        }
    }

    /// One cell, three columns wide: the piece between its mark's brackets.
    fn cell(&self, color: Color, mark: Mark) -> String {
        let (open, close) = match mark {
            Mark::Plain => (' ', ' '),
            Mark::Tapped => ('[', ']'),
            Mark::Flipped => ('(', ')'),
            Mark::Proof => ('<', '>'),
        };
        let text = format!("{open}{}{close}", self.piece(color));
        if mark == Mark::Plain {
            text
        } else {
            self.paint(&text, Pen::mark_style(mark))
        }
    }

    /// The legend of the marks and pieces used in a drawing, as lines that fit in `width`.
    pub fn legend(&self, marks: &[Mark], width: usize) -> Vec<String> {
        let mut items: Vec<(String, usize)> = marks
            .iter()
            .map(|&mark| {
                let name = match mark {
                    Mark::Plain => "plain",
                    Mark::Tapped => "tapped",
                    Mark::Flipped => "turned over",
                    Mark::Proof => "cell of the proof",
                };
                (
                    format!("{} {name}", self.cell(Color::White, mark)),
                    4 + name.len(),
                )
            })
            .collect();
        for color in [Color::Black, Color::White] {
            let name = color.name();
            items.push((format!("{} {name}", self.piece(color)), 2 + name.len()));
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

/// The visible width of a panel of a board with `rows` and `cols`.
pub fn panel_width(rows: usize, cols: usize) -> usize {
    rows.to_string().len() + 1 + 3 * cols
}

/// Draws a board of `rows` x `cols` (`color` and `mark` take rows and columns from 0) under
/// `title`, with row labels on the left and column labels on top (every tenth one past 99
/// columns, where every label would not fit).
pub fn grid_panel(
    pen: &Pen,
    title: &str,
    (rows, cols): (usize, usize),
    color: impl Fn(usize, usize) -> Color,
    mark: impl Fn(usize, usize) -> Mark,
) -> Panel {
    let label_width = rows.to_string().len();
    let mut panel = Panel::default();
    panel.push(pen.strong(title), title.chars().count());
    let mut header = vec![b' '; panel_width(rows, cols)];
    for col in 1..=cols {
        if cols > 99 && col != 1 && col % 10 != 0 {
            continue;
        }
        let label = col.to_string();
        // The label's last digit sits over the piece, the middle of the three columns of a cell.
        let end = label_width + 1 + 3 * (col - 1) + 2;
        header[end - label.len()..end].copy_from_slice(label.as_bytes());
    }
    let header = String::from_utf8_lossy(&header).trim_end().to_string();
    let header_width = header.len();
    panel.push(header, header_width);
    for row in 0..rows {
        let mut line = format!("{:>label_width$} ", row + 1);
        for col in 0..cols {
            line.push_str(&pen.cell(color(row, col), mark(row, col)));
        }
        panel.push(line, panel_width(rows, cols));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn colour_follows_the_terminal_unless_told_otherwise() {
        assert!(color_enabled(None, true, env(&[])));
        assert!(!color_enabled(None, false, env(&[])));
        assert!(!color_enabled(None, true, env(&[("NO_COLOR", "1")])));
        assert!(color_enabled(None, true, env(&[("NO_COLOR", "")])));
        assert!(color_enabled(None, false, env(&[("CLICOLOR_FORCE", "1")])));
        assert!(!color_enabled(None, false, env(&[("CLICOLOR_FORCE", "0")])));
        assert!(!color_enabled(
            None,
            false,
            env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")])
        ));
        assert!(color_enabled(Some(true), false, env(&[("NO_COLOR", "1")])));
        assert!(!color_enabled(
            Some(false),
            true,
            env(&[("CLICOLOR_FORCE", "1")])
        ));
    }

    #[test]
    fn panels_wrap_to_the_width() {
        let pen = Pen::new(false, true);
        let panel = grid_panel(
            &pen,
            "Start",
            (4, 4),
            |_, _| Color::White,
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
        let black = |_, _| Color::Black;
        let a = grid_panel(&plain, "Tap", (4, 4), black, mark);
        let b = grid_panel(&colored, "Tap", (4, 4), black, mark);
        assert_eq!(a.width(), b.width());
        let lines = side_by_side(&[b.clone(), b], 80);
        assert!(lines[2].contains("\u{1b}["));
    }

    #[test]
    fn wide_boards_label_every_tenth_column() {
        let pen = Pen::new(false, true);
        let panel = grid_panel(
            &pen,
            "Wide",
            (2, 120),
            |_, _| Color::White,
            |_, _| Mark::Plain,
        );
        let header = &panel.lines[1].0;
        assert!(header.contains(" 10 ") && header.contains(" 120") && !header.contains(" 11 "));
        assert_eq!(panel.width(), panel_width(2, 120));
    }

    #[test]
    fn text_wraps_at_spaces() {
        assert_eq!(wrap("aa bb cc dd", 5), vec!["aa bb", "cc dd"]);
        assert_eq!(wrap("averylongword x", 4), vec!["averylongword", "x"]);
        assert!(wrap("", 10).is_empty());
    }
}
