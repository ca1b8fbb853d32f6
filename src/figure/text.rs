//! Figures drawn as terminal text: blocks become lines at most a given width, boards side by
//! side, the histogram as a table with bars.

use owo_colors::Style;

use crate::words::{percent, thousands};

use super::{Block, Chart, Drawing, Figure};
use crate::render::{self, Panel, Pen};

impl Figure {
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
                Block::Boards(drawings) | Block::Steps(drawings) => {
                    let panels: Vec<Panel> = drawings.iter().map(|d| d.panel(pen)).collect();
                    lines.extend(render::side_by_side(&panels, width));
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
}

impl Drawing {
    fn panel(&self, pen: &Pen) -> Panel {
        render::grid_panel(
            pen,
            &self.title,
            self.size(),
            |row, col| self.piece(row, col),
            |row, col| self.mark(row, col),
        )
    }
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
    use crate::figure::Target;

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
