//! The histogram of fewest taps as a bar chart: one bar per number of taps, its count written
//! over it, and both axes labelled.

use std::fmt::Write as _;

use super::{MARGIN, Page, escape, num};
use crate::words::thousands;

use crate::figure::Chart;

const PLOT_HEIGHT: f64 = 220.0;
/// Room left of the plot for the tick labels and the axis title.
const AXIS_ROOM: f64 = 90.0;
/// Room over the tallest bar for its count, written upright or turned.
const COUNT_ROOM: f64 = 24.0;
const TURNED_COUNT_ROOM: f64 = 64.0;
/// Room under the plot for the tap numbers and the axis title.
const FOOT_ROOM: f64 = 44.0;

/// The horizontal room of one bar and the gap beside it.
fn pitch(bars: usize) -> f64 {
    if bars <= 16 {
        48.0
    } else {
        (768.0 / bars as f64).max(16.0)
    }
}

/// How wide the chart is drawn.
pub(super) fn width(chart: &Chart) -> f64 {
    AXIS_ROOM + pitch(chart.boards.len()) * chart.boards.len() as f64 + 16.0
}

/// A round step for the value axis: 1, 2 or 5 times a power of ten, giving at most five ticks.
fn tick_step(largest: u64) -> u64 {
    let mut power = 1u64;
    loop {
        for factor in [1, 2, 5] {
            let step = factor * power;
            if largest.div_ceil(step) <= 5 {
                return step;
            }
        }
        power *= 10;
    }
}

/// Where a chart's plot is on the page, and how its values map to heights.
struct Plot {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    /// Height per board.
    scale: f64,
    /// Room of one bar and its gap.
    pitch: f64,
    /// Counts are written upright over wide bars, turned over narrow ones.
    upright: bool,
}

/// Draws the chart below what `page` holds: the value axis, a bar a number of taps, the titles.
pub(super) fn draw(page: &mut Page, chart: &Chart) {
    let bars = chart.boards.len();
    let largest = chart.boards.iter().copied().max().unwrap_or(0).max(1);
    let step = tick_step(largest);
    let top_value = largest.div_ceil(step) * step;
    let pitch = pitch(bars);
    let left = MARGIN + AXIS_ROOM;
    let upright = pitch >= 40.0;
    let count_room = if upright {
        COUNT_ROOM
    } else {
        TURNED_COUNT_ROOM
    };
    let top = page.y + count_room;
    let plot = Plot {
        left,
        right: left + pitch * bars as f64,
        top,
        bottom: top + PLOT_HEIGHT,
        scale: PLOT_HEIGHT / top_value as f64,
        pitch,
        upright,
    };
    let mut out = String::from("<g class=\"chart\">\n");
    value_axis(&mut out, &plot, step, top_value);
    for (moves, &boards) in chart.boards.iter().enumerate() {
        bar(&mut out, &plot, moves, boards);
    }
    axis_titles(&mut out, &plot, chart.moves);
    out.push_str("</g>\n");
    page.raw(&out, count_room + PLOT_HEIGHT + FOOT_ROOM);
}

/// The value axis with a tick and a label every `step` boards, and the foot of the plot.
fn value_axis(out: &mut String, plot: &Plot, step: u64, top_value: u64) {
    let mut tick = 0;
    while tick <= top_value {
        let y = plot.bottom - tick as f64 * plot.scale;
        let _ = writeln!(
            out,
            r#"<line class="axis" x1="{}" y1="{y}" x2="{}" y2="{y}" stroke-width="1"/>"#,
            num(plot.left - 5.0),
            num(plot.left),
            y = num(y)
        );
        let _ = writeln!(
            out,
            r#"<text class="label" x="{}" y="{}" text-anchor="end">{}</text>"#,
            num(plot.left - 8.0),
            num(y + 3.5),
            thousands(tick)
        );
        tick += step;
    }
    let _ = writeln!(
        out,
        r#"<path class="axis" d="M{},{}V{}H{}" stroke-width="1"/>"#,
        num(plot.left),
        num(plot.top - 6.0),
        num(plot.bottom),
        num(plot.right)
    );
}

/// The bar of the boards that need `moves` taps, its count over it and its number under it.
fn bar(out: &mut String, plot: &Plot, moves: usize, boards: u64) {
    let x = plot.left + moves as f64 * plot.pitch;
    let height = boards as f64 * plot.scale;
    let _ = writeln!(
        out,
        r#"<rect class="bar" data-moves="{moves}" data-boards="{boards}" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(x + plot.pitch * 0.15),
        num(plot.bottom - height),
        num(plot.pitch * 0.7),
        num(height)
    );
    let centre = x + plot.pitch / 2.0;
    let count = thousands(boards);
    if plot.upright {
        let _ = writeln!(
            out,
            r#"<text class="label count" x="{}" y="{}" text-anchor="middle">{count}</text>"#,
            num(centre),
            num(plot.bottom - height - 4.0)
        );
    } else {
        let (cx, cy) = (centre + 3.5, plot.bottom - height - 4.0);
        let _ = writeln!(
            out,
            r#"<text class="label count" x="{}" y="{}" transform="rotate(-90 {} {})">{count}</text>"#,
            num(cx),
            num(cy),
            num(cx),
            num(cy)
        );
    }
    let _ = writeln!(
        out,
        r#"<text class="label" x="{}" y="{}" text-anchor="middle">{moves}</text>"#,
        num(centre),
        num(plot.bottom + 14.0)
    );
}

/// The two axes' titles: fewest taps (or presses) under the plot, boards turned at its left.
fn axis_titles(out: &mut String, plot: &Plot, moves: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        num((plot.left + plot.right) / 2.0),
        num(plot.bottom + 36.0),
        escape(&format!("fewest {moves}"))
    );
    let (ax, ay) = (MARGIN + 14.0, (plot.top + plot.bottom) / 2.0);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle" transform="rotate(-90 {} {})">boards</text>"#,
        num(ax),
        num(ay),
        num(ax),
        num(ay)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_few() {
        assert_eq!(tick_step(1), 1);
        assert_eq!(tick_step(5), 1);
        assert_eq!(tick_step(6), 2);
        assert_eq!(tick_step(11), 5);
        assert_eq!(tick_step(26), 10);
        assert_eq!(tick_step(27_000), 10_000);
        for largest in 1..2000 {
            let step = tick_step(largest);
            assert!(largest.div_ceil(step) <= 5, "{largest}");
        }
    }
}
