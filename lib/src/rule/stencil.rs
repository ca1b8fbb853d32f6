//! Stencils: a tap pattern the same for every cell, odd-sized and centred on the tapped piece.

use super::RuleError;

/// The largest height or width of a stencil.
pub const MAX_STENCIL_SIDE: usize = 63;

/// A tap pattern the same for every cell: offsets (row, column) from the tapped piece, each
/// with the weight a press adds there (1 for a piece turned over; more only for boards of more
/// than two states).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stencil {
    height: usize,
    width: usize,
    /// Offsets of the cells turned over, in row-major order of the stencil.
    offsets: Vec<(i32, i32)>,
    /// The weight at each offset, 1 to 9.
    weights: Vec<u32>,
}

impl Stencil {
    /// Reads rows of `0`/`1` (or `.`/`x`) joined by `/`, odd height and width, centred on the
    /// tapped piece: `010/111/010` is `plus`. A digit from 2 to 9 is a weight, for boards of
    /// more than two states: `010/121/010` adds 2 to the pressed cell and 1 to its neighbours.
    pub fn parse(text: &str) -> Result<Stencil, RuleError> {
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].chars().count();
        for (n, row) in rows.iter().enumerate() {
            let length = row.chars().count();
            if length != width {
                return Err(RuleError::RaggedStencil {
                    row: n + 1,
                    length,
                    width,
                });
            }
        }
        let height = rows.len();
        if height.is_multiple_of(2) || width.is_multiple_of(2) {
            return Err(RuleError::EvenStencil {
                text: text.to_string(),
                height,
                width,
            });
        }
        if height > MAX_STENCIL_SIDE || width > MAX_STENCIL_SIDE {
            return Err(RuleError::StencilTooLarge {
                text: text.to_string(),
                height,
                width,
            });
        }
        let (middle_row, middle_col) = ((height / 2) as i32, (width / 2) as i32);
        let mut offsets = Vec::new();
        let mut weights = Vec::new();
        let mut column = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                column += 1;
                let weight = match ch {
                    'x' | 'X' => Some(1),
                    '.' => Some(0),
                    _ => ch.to_digit(10),
                };
                match weight {
                    Some(0) => {}
                    Some(weight) => {
                        offsets.push((r as i32 - middle_row, c as i32 - middle_col));
                        weights.push(weight);
                    }
                    None => {
                        return Err(RuleError::StencilCharacter { column, found: ch });
                    }
                }
            }
            column += 1;
        }
        if offsets.is_empty() {
            return Err(RuleError::EmptyStencil {
                text: text.to_string(),
            });
        }
        Ok(Stencil {
            height,
            width,
            offsets,
            weights,
        })
    }

    /// The offsets (row, column) of the pieces a tap turns over, from the tapped piece.
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }

    /// The weight a press adds at each of [`Stencil::offsets`], in the same order.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// The largest weight: 1 for a stencil of 0/1.
    pub fn largest_weight(&self) -> u32 {
        self.weights.iter().copied().max().unwrap_or(1)
    }

    /// Rows of the stencil above (and below) the tapped piece.
    pub fn row_radius(&self) -> usize {
        self.height / 2
    }

    /// Columns of the stencil left (and right) of the tapped piece.
    pub fn col_radius(&self) -> usize {
        self.width / 2
    }

    /// The stencil turned half a turn: the pattern of the transposed tap matrix.
    pub fn reflected(&self) -> Stencil {
        let mut weighted: Vec<((i32, i32), u32)> = self
            .offsets
            .iter()
            .zip(&self.weights)
            .map(|(&(r, c), &weight)| ((-r, -c), weight))
            .collect();
        weighted.sort_unstable();
        Stencil {
            height: self.height,
            width: self.width,
            offsets: weighted.iter().map(|&(offset, _)| offset).collect(),
            weights: weighted.iter().map(|&(_, weight)| weight).collect(),
        }
    }

    /// True when the stencil is its own half-turn, so a tap at a turns over b exactly when a tap
    /// at b turns over a.
    pub fn is_symmetric(&self) -> bool {
        *self == self.reflected()
    }

    /// The text form: rows of `0`/`1` (or weights) joined by `/`.
    pub fn text(&self) -> String {
        let (middle_row, middle_col) = (self.row_radius() as i32, self.col_radius() as i32);
        let mut text = String::with_capacity(self.height * (self.width + 1));
        for r in 0..self.height as i32 {
            if r > 0 {
                text.push('/');
            }
            for c in 0..self.width as i32 {
                let at = self
                    .offsets
                    .iter()
                    .position(|&o| o == (r - middle_row, c - middle_col));
                let weight = at.map_or(0, |at| self.weights[at]);
                text.extend(char::from_digit(weight, 10));
            }
        }
        text
    }
}
