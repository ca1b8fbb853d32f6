//! Graph rules: every cell its own list of the cells a tap there turns over, from a rule file
//! or drawn at random the way Simon Tatham's Flip draws them.

use std::fmt;

use crate::grid::Shape;
use crate::random::Generator;

/// A rule given cell by cell: for each cell (row-major), the cells a tap there turns over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    shape: Shape,
    /// For each cell in row-major order, the row-major indices it turns over, sorted.
    flips: Vec<Vec<u32>>,
    /// What the rule is called in output (the rule file's path, as given).
    label: String,
}

impl Graph {
    /// A graph rule on `shape` from per-cell lists of row-major cell indices (sorted and
    /// deduplicated here), or why not.
    pub fn new(shape: Shape, mut flips: Vec<Vec<u32>>, label: String) -> Result<Graph, GraphError> {
        let cells = shape.cells();
        if flips.len() as u64 != cells {
            return Err(GraphError::CellCount {
                shape,
                given: flips.len(),
            });
        }
        for list in &mut flips {
            list.sort_unstable();
            list.dedup();
            if list.last().is_some_and(|&last| u64::from(last) >= cells) {
                return Err(GraphError::CellOutside { shape });
            }
        }
        Ok(Graph {
            shape,
            flips,
            label,
        })
    }

    /// The rule file of this graph, as JSON text (one cell per line).
    pub fn to_json(&self) -> String {
        let cols = self.shape.cols() as usize;
        let cell = |index: usize| {
            format!(
                "{{\"row\":{},\"col\":{}}}",
                index / cols + 1,
                index % cols + 1
            )
        };
        let mut text = format!(
            "{{\"name\":{},\"rows\":{},\"cols\":{},\"cells\":[\n",
            serde_json::Value::from(self.label.as_str()),
            self.shape.rows(),
            self.shape.cols()
        );
        for (index, list) in self.flips.iter().enumerate() {
            let flips: Vec<String> = list.iter().map(|&i| cell(i as usize)).collect();
            let (row, col) = (index / cols + 1, index % cols + 1);
            text.push_str(&format!(
                "{{\"row\":{row},\"col\":{col},\"flips\":[{}]}}{}\n",
                flips.join(","),
                if index + 1 < self.flips.len() {
                    ","
                } else {
                    ""
                }
            ));
        }
        text.push_str("]}\n");
        text
    }

    /// The shape the rule is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The row-major indices a tap on cell `index` turns over, sorted.
    pub fn flips(&self, index: usize) -> &[u32] {
        &self.flips[index]
    }

    /// What the rule is called in output.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The graph with every arrow reversed.
    pub fn transposed(&self) -> Graph {
        let mut flips = vec![Vec::new(); self.flips.len()];
        for (tap, list) in self.flips.iter().enumerate() {
            for &cell in list {
                flips[cell as usize].push(tap as u32);
            }
        }
        Graph {
            shape: self.shape,
            flips,
            label: self.label.clone(),
        }
    }

    /// A Simon Tatham style rule: every cell turns over itself and a random connected set of its
    /// 3x3 neighbourhood (on the board), drawn from `generator`.
    pub fn random(shape: Shape, generator: &mut Generator, label: String) -> Graph {
        let (rows, cols) = (shape.rows() as i64, shape.cols() as i64);
        let mut flips = Vec::with_capacity(shape.cells() as usize);
        for row in 0..rows {
            for col in 0..cols {
                flips.push(random_shape(generator, (row, col), (rows, cols)));
            }
        }
        Graph {
            shape,
            flips,
            label,
        }
    }
}

/// A connected shape inside the 3x3 neighbourhood of `(row, col)` containing it: grown from the
/// centre by adding, one at a time, a uniformly chosen neighbour of the shape (up to a uniformly
/// chosen size), the way Tatham's Flip grows its random shapes.
fn random_shape(
    generator: &mut Generator,
    (row, col): (i64, i64),
    (rows, cols): (i64, i64),
) -> Vec<u32> {
    let inside = |(r, c): (i64, i64)| (0..rows).contains(&r) && (0..cols).contains(&c);
    let around: Vec<(i64, i64)> = (row - 1..=row + 1)
        .flat_map(|r| (col - 1..=col + 1).map(move |c| (r, c)))
        .filter(|&cell| inside(cell))
        .collect();
    let target = 1 + generator.below(around.len() as u64) as usize;
    let mut shape = vec![(row, col)];
    while shape.len() < target {
        let frontier: Vec<(i64, i64)> = around
            .iter()
            .copied()
            .filter(|cell| !shape.contains(cell))
            .filter(|&(r, c)| {
                shape
                    .iter()
                    .any(|&(sr, sc)| (sr - r).abs() + (sc - c).abs() == 1)
            })
            .collect();
        match generator.pick(&frontier) {
            Some(cell) => shape.push(cell),
            None => break,
        }
    }
    let mut indices: Vec<u32> = shape.iter().map(|&(r, c)| (r * cols + c) as u32).collect();
    indices.sort_unstable();
    indices
}

/// Why per-cell lists do not make a rule on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// Not one list a cell.
    CellCount {
        /// The board.
        shape: Shape,
        /// How many lists were given.
        given: usize,
    },
    /// A list names a cell past the board's last.
    CellOutside {
        /// The board.
        shape: Shape,
    },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::CellCount { shape, given } => write!(
                f,
                "a {shape} board has {} cells but the rule gives {given}",
                shape.cells()
            ),
            GraphError::CellOutside { shape } => {
                write!(f, "a cell index is outside the {shape} board")
            }
        }
    }
}

impl std::error::Error for GraphError {}
