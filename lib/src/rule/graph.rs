//! Graph rules: every cell its own list of the cells a tap there turns over, from a rule file
//! or drawn at random the way Simon Tatham's Flip draws them.

use std::fmt;

use crate::grid::Shape;
use crate::random::Generator;

/// A rule given cell by cell: for each cell (row-major), the cells a tap there turns over, and
/// on boards of more than two states the weight a press adds at each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    shape: Shape,
    /// For each cell in row-major order, the row-major indices it turns over, sorted.
    flips: Vec<Vec<u32>>,
    /// For each cell, the weight a press adds at each of its `flips`, in the same order.
    weights: Vec<Vec<u32>>,
    /// What the rule is called in output (the rule file's path, as given).
    label: String,
}

impl Graph {
    /// A graph rule on `shape` from per-cell lists of row-major cell indices (sorted and
    /// deduplicated here), or why not.
    pub fn new(shape: Shape, flips: Vec<Vec<u32>>, label: String) -> Result<Graph, GraphError> {
        let weighted = flips
            .into_iter()
            .map(|list| list.into_iter().map(|cell| (cell, 1)).collect())
            .collect();
        Graph::weighted(shape, weighted, label)
    }

    /// [`Graph::new`] with a weight at each cell (row-major index, weight), the weight a press
    /// adds there on a board of more than two states; a cell listed twice keeps the larger.
    pub fn weighted(
        shape: Shape,
        mut lists: Vec<Vec<(u32, u32)>>,
        label: String,
    ) -> Result<Graph, GraphError> {
        let cells = shape.cells();
        if lists.len() as u64 != cells {
            return Err(GraphError::CellCount {
                shape,
                given: lists.len(),
            });
        }
        let (mut flips, mut weights) = (Vec::new(), Vec::new());
        for list in &mut lists {
            // Largest weight first within a cell, so the dedup keeps it.
            list.sort_unstable_by_key(|&(cell, weight)| (cell, std::cmp::Reverse(weight)));
            list.dedup_by_key(|&mut (cell, _)| cell);
            if list
                .last()
                .is_some_and(|&(last, _)| u64::from(last) >= cells)
            {
                return Err(GraphError::CellOutside { shape });
            }
            flips.push(list.iter().map(|&(cell, _)| cell).collect());
            weights.push(list.iter().map(|&(_, weight)| weight).collect());
        }
        Ok(Graph {
            shape,
            flips,
            weights,
            label,
        })
    }

    /// The weight a press on cell `index` adds at each of [`Graph::flips`], in the same order.
    pub fn weights(&self, index: usize) -> &[u32] {
        &self.weights[index]
    }

    /// The largest weight any press adds: 1 but for a rule file with weights.
    pub fn largest_weight(&self) -> u32 {
        self.weights.iter().flatten().copied().max().unwrap_or(1)
    }

    /// The rule file of this graph, as JSON text (one cell per line).
    pub fn to_json(&self) -> String {
        let cols = self.shape.cols() as usize;
        // A weight is written only where it is not 1, so two-state rule files stay as they were.
        let cell = |index: usize, weight: u32| {
            let weight = match weight {
                1 => String::new(),
                weight => format!(",\"weight\":{weight}"),
            };
            format!(
                "{{\"row\":{},\"col\":{}{weight}}}",
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
        for (index, (list, weights)) in self.flips.iter().zip(&self.weights).enumerate() {
            let flips: Vec<String> = list
                .iter()
                .zip(weights)
                .map(|(&i, &weight)| cell(i as usize, weight))
                .collect();
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
        let mut weights = vec![Vec::new(); self.flips.len()];
        for (tap, (list, list_weights)) in self.flips.iter().zip(&self.weights).enumerate() {
            for (&cell, &weight) in list.iter().zip(list_weights) {
                flips[cell as usize].push(tap as u32);
                weights[cell as usize].push(weight);
            }
        }
        Graph {
            shape: self.shape,
            flips,
            weights,
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
        let weights = flips
            .iter()
            .map(|list: &Vec<u32>| vec![1; list.len()])
            .collect();
        Graph {
            shape,
            flips,
            weights,
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
