//! The state graph of a small puzzle drawn by flipgame itself: every board a node (a small
//! picture of the board), every tap an edge, in the rows of the [`GraphLayout`] that Graphviz's
//! DOT is written in too.

use std::fmt::Write as _;

use crate::space::Space;

use super::{MARGIN, Page, escape, num, palette, piece, state_piece};
use crate::figure::layout::{GraphLayout, path_edges, tap_name};

/// Room left of the rows for their labels.
const LABEL_ROOM: f64 = 180.0;
/// Vertical room between rows, where the edges run.
const ROW_GAP: f64 = 50.0;
/// Horizontal room between boards in a row.
const NODE_GAP: f64 = 8.0;

/// Where the boards of a drawn state graph go: the size of a board's picture and the place of
/// each row of boards.
struct Geometry {
    /// A cell's side.
    cell: f64,
    /// A board's picture.
    node_width: f64,
    node_height: f64,
    /// From one board's left edge to the next one's.
    pitch: f64,
    /// The page's width.
    width: f64,
    /// The top of the first row of boards.
    top: f64,
    /// The middle of the widest row.
    centre_x: f64,
}

impl Geometry {
    fn new(space: &dyn Space, layout: &GraphLayout, top_of_text: f64) -> Geometry {
        let shape = space.shape();
        let (rows, cols) = (shape.rows() as f64, shape.cols() as f64);
        // Pieces of K colours carry their digits, so colour is never the only cue: they need
        // cells large enough to read one.
        let cell = match (space.states(), rows.max(cols) <= 3.0) {
            (2, true) => 6.0,
            (2, false) => 4.0,
            _ => 12.0,
        };
        let (node_width, node_height) = (cols * cell + 4.0, rows * cell + 4.0);
        let pitch = node_width + NODE_GAP;
        let widest = layout
            .rows
            .iter()
            .map(|(_, range)| range.len())
            .max()
            .unwrap_or(1) as f64;
        Geometry {
            cell,
            node_width,
            node_height,
            pitch,
            width: (2.0 * MARGIN + LABEL_ROOM + widest * pitch).max(640.0),
            top: top_of_text + 16.0,
            centre_x: MARGIN + LABEL_ROOM + widest * pitch / 2.0,
        }
    }

    /// The top of row `row` of boards.
    fn row_top(&self, row: usize) -> f64 {
        self.top + row as f64 * (self.node_height + ROW_GAP)
    }

    /// The top left corner of a board's picture.
    fn corner(&self, layout: &GraphLayout, bits: u32) -> (f64, f64) {
        let (row, n) = layout.place[bits as usize];
        let length = layout.rows[row].1.len() as f64;
        let x = self.centre_x + (n as f64 - length / 2.0) * self.pitch + NODE_GAP / 2.0;
        (x, self.row_top(row))
    }

    /// The middle of a board's picture.
    fn centre(&self, layout: &GraphLayout, bits: u32) -> (f64, f64) {
        let (x, y) = self.corner(layout, bits);
        (x + self.node_width / 2.0, y + self.node_height / 2.0)
    }
}

/// The state graph as an SVG document titled `title`, with `notes` written above it and the
/// boards of `path` (board bits, and the cell tapped to go on) highlighted.
pub fn document(
    space: &dyn Space,
    layout: &GraphLayout,
    path: &[(u32, Option<usize>)],
    title: &str,
    notes: &[String],
) -> String {
    // Wide enough for the boards and for the lines of text above them (about 7.5 pixels a
    // character at 14 pixels).
    let text_width = std::iter::once(title)
        .chain(notes.iter().map(String::as_str))
        .map(|line| line.chars().count() as f64 * 7.5 + 2.0 * MARGIN)
        .fold(0.0, f64::max);
    let width = Geometry::new(space, layout, 0.0).width.max(text_width);
    let mut page = Page::new(width);
    page.states = space.states() > 2;
    page.text_line(title, "strong");
    for note in notes {
        page.text_line(note, "");
    }
    let geometry = Geometry {
        // The bands run the page's width.
        width,
        ..Geometry::new(space, layout, page.y)
    };
    let mut body = String::new();
    bands(&mut body, layout, &geometry);
    edges(
        &mut body,
        space,
        layout,
        &geometry,
        &path_edges(path, space.undirected()),
    );
    layer_labels(&mut body, layout, &geometry);
    let path_boards: Vec<u32> = path.iter().map(|&(bits, _)| bits).collect();
    nodes(&mut body, space, layout, &geometry, &path_boards);
    let height = layout.rows.len() as f64 * (geometry.node_height + ROW_GAP);
    page.raw(&body, 16.0 + height);
    page.finish(title)
}

/// Every other layer on a band, so the rows of a layer read as one.
fn bands(body: &mut String, layout: &GraphLayout, geometry: &Geometry) {
    for (layer, _) in layout.layers.iter().enumerate().filter(|(n, _)| n % 2 == 1) {
        let rows: Vec<usize> = (0..layout.rows.len())
            .filter(|&row| layout.rows[row].0 == layer)
            .collect();
        let (Some(&first), Some(&last)) = (rows.first(), rows.last()) else {
            continue;
        };
        let _ = writeln!(
            body,
            r#"<rect class="band" x="{}" y="{}" width="{}" height="{}"/>"#,
            num(MARGIN / 2.0),
            num(geometry.row_top(first) - ROW_GAP / 4.0),
            num(geometry.width - MARGIN),
            num(geometry.row_top(last) - geometry.row_top(first)
                + geometry.node_height
                + ROW_GAP / 2.0)
        );
    }
}

/// Every tap as a line (an arc between boards of one row), the path's drawn last and thick.
fn edges(
    body: &mut String,
    space: &dyn Space,
    layout: &GraphLayout,
    geometry: &Geometry,
    on_path: &[(u32, u32, usize)],
) {
    let cols = space.shape().cols() as usize;
    let one_way = !space.undirected();
    // A one-way edge ends at its board's frame, arriving along (dx, dy), where its arrowhead
    // shows.
    let end = |(x, y): (f64, f64), (dx, dy): (f64, f64)| {
        if !one_way {
            return (x, y);
        }
        let (half_width, half_height) = (geometry.node_width / 2.0, geometry.node_height / 2.0);
        let along = (half_width / dx.abs().max(1e-9)).min(half_height / dy.abs().max(1e-9));
        (x - dx * along, y - dy * along)
    };
    // The arrowhead at (x, y), arriving along (dx, dy): drawn, not a marker, so the picture
    // refers to nothing.
    let head = |(x, y): (f64, f64), (dx, dy): (f64, f64), fill: &str, tap: &str| {
        let length = dx.hypot(dy).max(1e-9);
        let (ux, uy) = (dx / length, dy / length);
        let (back_x, back_y) = (x - 7.0 * ux, y - 7.0 * uy);
        format!(
            "<path class=\"head\" data-tap=\"{tap}\" d=\"M{},{}L{},{}L{},{}z\" fill=\"{fill}\"/>\n",
            num(x),
            num(y),
            num(back_x - 3.0 * uy),
            num(back_y + 3.0 * ux),
            num(back_x + 3.0 * uy),
            num(back_y - 3.0 * ux)
        )
    };
    body.push_str("<g class=\"edges\" stroke-width=\"0.6\">\n");
    let mut highlighted = String::new();
    for (from, to, index) in space.edges() {
        let tap = tap_name(index, cols);
        let (x1, y1) = geometry.centre(layout, from);
        let centre_to = geometry.centre(layout, to);
        let (target, class, fill) = if on_path.contains(&(from, to, index)) {
            (&mut highlighted, "edge path", palette::PATH)
        } else {
            (&mut *body, "edge", palette::EDGE)
        };
        let (from_place, to_place) = (layout.place[from as usize], layout.place[to as usize]);
        if from_place.0 == to_place.0 && from_place.1.abs_diff(to_place.1) > 1 {
            // Boards of one row are joined by an arc over the row, not a line through it.
            let lift = geometry.node_height / 2.0 + 8.0 + (centre_to.0 - x1).abs() / 12.0;
            let control = ((x1 + centre_to.0) / 2.0, y1 - 2.0 * lift);
            let arriving = (centre_to.0 - control.0, centre_to.1 - control.1);
            let (x2, y2) = end(centre_to, arriving);
            let _ = writeln!(
                target,
                r#"<path class="{class}" data-tap="{tap}" d="M{},{}Q{},{} {},{}"/>"#,
                num(x1),
                num(y1),
                num(control.0),
                num(control.1),
                num(x2),
                num(y2)
            );
            if one_way {
                target.push_str(&head((x2, y2), arriving, fill, &tap));
            }
        } else {
            let arriving = (centre_to.0 - x1, centre_to.1 - y1);
            let (x2, y2) = end(centre_to, arriving);
            let _ = writeln!(
                target,
                r#"<line class="{class}" data-tap="{tap}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
            if one_way {
                target.push_str(&head((x2, y2), arriving, fill, &tap));
            }
        }
    }
    body.push_str("</g>\n<g class=\"path-edges\" stroke-width=\"3\">\n");
    body.push_str(&highlighted);
    body.push_str("</g>\n");
}

/// Each layer's label at the left of its first row.
fn layer_labels(body: &mut String, layout: &GraphLayout, geometry: &Geometry) {
    for (row, (layer, range)) in layout.rows.iter().enumerate() {
        if range.start > 0 {
            continue;
        }
        let y = geometry.row_top(row) + geometry.node_height / 2.0 + 5.0;
        let _ = writeln!(
            body,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(MARGIN),
            num(y),
            escape(&layout.label(*layer))
        );
    }
}

/// Every board as a small picture of its pieces, framed (boldly on the path).
fn nodes(
    body: &mut String,
    space: &dyn Space,
    layout: &GraphLayout,
    geometry: &Geometry,
    path_boards: &[u32],
) {
    let shape = space.shape();
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let (cell, node_width, node_height) =
        (geometry.cell, geometry.node_width, geometry.node_height);
    for (row, (layer, _)) in layout.rows.iter().enumerate() {
        let layer = layout.layers[*layer]
            .0
            .map_or("none".to_string(), |moves| moves.to_string());
        for &bits in layout.row_boards(row) {
            let (x, y) = geometry.corner(layout, bits);
            let name = space.board_text(bits);
            let frame = if path_boards.contains(&bits) {
                r#" class="path" stroke-width="2""#
            } else {
                r##" fill="none" stroke="#555555" stroke-width="0.6""##
            };
            let _ = writeln!(
                body,
                "<g class=\"node\" data-board=\"{}\" data-layer=\"{layer}\">\n\
                 <rect class=\"grid\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                escape(&name),
                num(x),
                num(y),
                num(node_width),
                num(node_height)
            );
            for r in 0..rows {
                for c in 0..cols {
                    let state = space.state(bits, r * cols + c);
                    let (left, top) = (x + 2.0 + c as f64 * cell, y + 2.0 + r as f64 * cell);
                    match space.states() {
                        2 => piece(body, if state == 1 { "b" } else { "w" }, left, top, cell),
                        _ => state_piece(body, state, left, top, cell),
                    }
                }
            }
            let _ = writeln!(
                body,
                r#"<rect{frame} x="{}" y="{}" width="{}" height="{}"/>"#,
                num(x),
                num(y),
                num(node_width),
                num(node_height)
            );
            body.push_str("</g>\n");
        }
    }
}
