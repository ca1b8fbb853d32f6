//! The layout of a small puzzle's state graph, which the SVG drawing and Graphviz's DOT both
//! follow: every board in rows by its fewest taps, the finished boards on top and the boards
//! that can never be finished in rows of their own below.
//!
//! Within a row, boards are ordered by the mean position of their neighbours in the row above
//! (the barycentre heuristic), which keeps most edges short; ties go by board bits, so the
//! picture is the same on every run.

use crate::notation::Cell;
use crate::space::Space;
use crate::words::taps;

/// The most boards drawn side by side; a larger layer takes several rows.
const ROW_LENGTH: usize = 40;

/// The layers of the graph and where each board is drawn.
pub struct GraphLayout {
    /// The layers top to bottom: the fewest taps of their boards (`None` for the boards that
    /// cannot be finished) and the boards in order.
    pub layers: Vec<(Option<u8>, Vec<u32>)>,
    /// The rows drawn: the layer each belongs to and the range of its boards.
    pub rows: Vec<(usize, std::ops::Range<usize>)>,
    /// For each board (by bits), its row and place in the row.
    pub place: Vec<(usize, usize)>,
}

impl GraphLayout {
    /// The layers of `space`'s graph, ordered to keep edges short.
    pub fn new(space: &dyn Space) -> GraphLayout {
        let positions = space.positions() as usize;
        let mut by_layer: Vec<Vec<u32>> = Vec::new();
        let mut unreachable: Vec<u32> = Vec::new();
        for bits in 0..positions as u32 {
            match space.moves(bits) {
                Some(moves) => {
                    let moves = usize::from(moves);
                    if by_layer.len() <= moves {
                        by_layer.resize(moves + 1, Vec::new());
                    }
                    by_layer[moves].push(bits);
                }
                None => unreachable.push(bits),
            }
        }
        let cells = space.shape().cells() as usize;
        // Each board's place in its layer, centred, so layers of different sizes line up.
        let mut slot = vec![f64::NAN; positions];
        let mut layers: Vec<(Option<u8>, Vec<u32>)> = Vec::new();
        for (moves, mut boards) in by_layer.into_iter().enumerate() {
            if moves > 0 {
                let key = |bits: u32| {
                    let above: Vec<f64> = (0..cells)
                        .map(|index| slot[space.tapped(bits, index) as usize])
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

    /// The boards of drawn row `row`.
    pub fn row_boards(&self, row: usize) -> &[u32] {
        let (layer, range) = &self.rows[row];
        &self.layers[*layer].1[range.clone()]
    }
}

/// The edges a path walks, as [`Space::edges`] gives them: `(from, to, tap)`, with
/// `from < to` when `undirected`.
pub fn path_edges(path: &[(u32, Option<usize>)], undirected: bool) -> Vec<(u32, u32, usize)> {
    path.windows(2)
        .filter_map(|pair| {
            let ((from, tap), to) = (pair[0], pair[1].0);
            tap.map(|index| match undirected {
                true => (from.min(to), from.max(to), index),
                false => (from, to, index),
            })
        })
        .collect()
}

/// A tap on row-major cell `index` of a board `cols` wide: `r2c3`.
pub fn tap_name(index: usize, cols: usize) -> String {
    Cell::at_index(index, cols).to_string()
}
