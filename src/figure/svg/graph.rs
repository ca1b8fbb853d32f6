//! The state graph of a small puzzle drawn by flipgame itself: every board a node (a small
//! picture of the board), every tap an edge, the boards in rows by their fewest taps with the
//! finished boards on top, and the boards that can never be finished in rows of their own below.
//!
//! Within a row, boards are ordered by the mean position of their neighbours in the row above
//! (the barycentre heuristic), which keeps most edges short; ties go by board bits, so the
//! picture is the same on every run.

use std::fmt::Write as _;

use flipgame::grid::Shape;
use flipgame::notation::Cell;
use flipgame::space::SmallSpace;

use super::{MARGIN, Page, escape, num, piece};
use flipgame::words::taps;

/// Room left of the rows for their labels.
const LABEL_ROOM: f64 = 180.0;
/// Vertical room between rows, where the edges run.
const ROW_GAP: f64 = 50.0;
/// Horizontal room between boards in a row.
const NODE_GAP: f64 = 8.0;

/// The most boards drawn side by side; a larger layer takes several rows.
const ROW_LENGTH: usize = 40;

/// The layers of the graph and where each board is drawn.
pub struct GraphLayout {
    /// The layers top to bottom: the fewest taps of their boards (`None` for the boards that
    /// cannot be finished) and the boards in order.
    pub layers: Vec<(Option<u8>, Vec<u32>)>,
    /// The rows drawn: the layer each belongs to and the range of its boards.
    rows: Vec<(usize, std::ops::Range<usize>)>,
    /// For each board (by bits), its row and place in the row.
    place: Vec<(usize, usize)>,
}

impl GraphLayout {
    /// The layers of `space`'s graph, ordered to keep edges short.
    pub fn new(space: &SmallSpace) -> GraphLayout {
        let positions = space.positions() as usize;
        let mut by_layer: Vec<Vec<u32>> = vec![Vec::new(); usize::from(space.max_moves()) + 1];
        let mut unreachable: Vec<u32> = Vec::new();
        for bits in 0..positions as u32 {
            match space.moves(bits) {
                Some(moves) => by_layer[usize::from(moves)].push(bits),
                None => unreachable.push(bits),
            }
        }
        let cells = space.shape().cells() as usize;
        let masks: Vec<u32> = (0..cells).map(|index| space.flip_mask(index)).collect();
        // Each board's place in its layer, centred, so layers of different sizes line up.
        let mut slot = vec![f64::NAN; positions];
        let mut layers: Vec<(Option<u8>, Vec<u32>)> = Vec::new();
        for (moves, mut boards) in by_layer.into_iter().enumerate() {
            if moves > 0 {
                let key = |bits: u32| {
                    let above: Vec<f64> = masks
                        .iter()
                        .map(|mask| slot[(bits ^ mask) as usize])
                        .filter(|place| place.is_finite())
                        .collect();
                    above.iter().sum::<f64>() / above.len().max(1) as f64
                };
                let mut keyed: Vec<(f64, u32)> = boards.iter().map(|&b| (key(b), b)).collect();
                keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                boards = keyed.into_iter().map(|(_, bits)| bits).collect();
            }
            for (n, &bits) in boards.iter().enumerate() {
                slot[bits as usize] = n as f64 / boards.len() as f64;
            }
            layers.push((Some(moves as u8), boards));
        }
        if !unreachable.is_empty() {
            layers.push((None, unreachable));
        }
        let mut rows = Vec::new();
        let mut place = vec![(0, 0); positions];
        for (layer, (_, boards)) in layers.iter().enumerate() {
            let count = boards.len().div_ceil(ROW_LENGTH).max(1);
            let length = boards.len().div_ceil(count).max(1);
            for start in (0..boards.len()).step_by(length) {
                let end = (start + length).min(boards.len());
                for (n, &bits) in boards[start..end].iter().enumerate() {
                    place[bits as usize] = (rows.len(), n);
                }
                rows.push((layer, start..end));
            }
        }
        GraphLayout {
            layers,
            rows,
            place,
        }
    }

    /// The label of a layer: `3 taps: 148` or `cannot be finished: 20`.
    pub fn label(&self, layer: usize) -> String {
        let (moves, boards) = &self.layers[layer];
        match moves {
            Some(moves) => format!("{}: {}", taps(*moves), boards.len()),
            None => format!("cannot be finished: {}", boards.len()),
        }
    }

    fn row_boards(&self, row: usize) -> &[u32] {
        let (layer, range) = &self.rows[row];
        &self.layers[*layer].1[range.clone()]
    }
}

/// The edges a path walks, as [`SmallSpace::edges`] gives them: `(from, to, tap)` with
/// `from < to`.
pub fn path_edges(path: &[(u32, Option<usize>)]) -> Vec<(u32, u32, usize)> {
    path.windows(2)
        .filter_map(|pair| {
            let (from, tap) = pair[0];
            tap.map(|index| (from.min(pair[1].0), from.max(pair[1].0), index))
        })
        .collect()
}

/// A tap on row-major cell `index` of a board `cols` wide: `r2c3`.
pub fn tap_name(index: usize, cols: usize) -> String {
    Cell::at_index(index, cols).to_string()
}

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
    fn new(shape: Shape, layout: &GraphLayout, top_of_text: f64) -> Geometry {
        let (rows, cols) = (shape.rows() as f64, shape.cols() as f64);
        let cell = if rows.max(cols) <= 3.0 { 6.0 } else { 4.0 };
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
    space: &SmallSpace,
    layout: &GraphLayout,
    path: &[(u32, Option<usize>)],
    title: &str,
    notes: &[String],
) -> String {
    let width = Geometry::new(space.shape(), layout, 0.0).width;
    let mut page = Page::new(width);
    page.text_line(title, "strong");
    for note in notes {
        page.text_line(note, "");
    }
    let geometry = Geometry::new(space.shape(), layout, page.y);
    let mut body = String::new();
    bands(&mut body, layout, &geometry);
    edges(&mut body, space, layout, &geometry, &path_edges(path));
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
    space: &SmallSpace,
    layout: &GraphLayout,
    geometry: &Geometry,
    on_path: &[(u32, u32, usize)],
) {
    let cols = space.shape().cols() as usize;
    body.push_str("<g class=\"edges\" stroke-width=\"0.6\">\n");
    let mut highlighted = String::new();
    for (from, to, index) in space.edges() {
        let tap = tap_name(index, cols);
        let ((x1, y1), (x2, y2)) = (geometry.centre(layout, from), geometry.centre(layout, to));
        let (target, class) = if on_path.contains(&(from, to, index)) {
            (&mut highlighted, "edge path")
        } else {
            (&mut *body, "edge")
        };
        let (from_place, to_place) = (layout.place[from as usize], layout.place[to as usize]);
        if from_place.0 == to_place.0 && from_place.1.abs_diff(to_place.1) > 1 {
            // Boards of one row are joined by an arc over the row, not a line through it.
            let lift = geometry.node_height / 2.0 + 8.0 + (x2 - x1).abs() / 12.0;
            let _ = writeln!(
                target,
                r#"<path class="{class}" data-tap="{tap}" d="M{},{}Q{},{} {},{}"/>"#,
                num(x1),
                num(y1),
                num((x1 + x2) / 2.0),
                num(y1 - 2.0 * lift),
                num(x2),
                num(y2)
            );
        } else {
            let _ = writeln!(
                target,
                r#"<line class="{class}" data-tap="{tap}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
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
    space: &SmallSpace,
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
            let grid = space.grid(bits);
            let name = grid.to_string();
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
                    let class = if grid.get(r, c) { "b" } else { "w" };
                    piece(
                        body,
                        class,
                        x + 2.0 + c as f64 * cell,
                        y + 2.0 + r as f64 * cell,
                        cell,
                    );
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
