//! Stencils: a tap pattern the same for every cell, odd-sized and centred on the tapped piece.

use super::RuleError;

/// The largest height or width of a stencil.
pub const MAX_STENCIL_SIDE: usize = 63;

/// A tap pattern the same for every cell: offsets (row, column) from the tapped piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stencil {
    height: usize,
    width: usize,
    /// Offsets of the cells turned over, in row-major order of the stencil.
    offsets: Vec<(i32, i32)>,
}

impl Stencil {
    /// Reads rows of `0`/`1` (or `.`/`x`) joined by `/`, odd height and width, centred on the
    /// tapped piece: `010/111/010` is `plus`.
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
        let mut column = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                column += 1;
                match ch {
                    '1' | 'x' | 'X' => offsets.push((r as i32 - middle_row, c as i32 - middle_col)),
                    '0' | '.' => {}
                    other => {
                        return Err(RuleError::StencilCharacter {
                            column,
                            found: other,
                        });
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
        })
    }

    /// The offsets (row, column) of the pieces a tap turns over, from the tapped piece.
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
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
        let mut offsets: Vec<(i32, i32)> = self.offsets.iter().map(|&(r, c)| (-r, -c)).collect();
        offsets.sort_unstable();
        Stencil {
            height: self.height,
            width: self.width,
            offsets,
        }
    }

    /// True when the stencil is its own half-turn, so a tap at a turns over b exactly when a tap
    /// at b turns over a.
    pub fn is_symmetric(&self) -> bool {
        *self == self.reflected()
    }

    /// The text form: rows of `0`/`1` joined by `/`.
    pub fn text(&self) -> String {
        let (middle_row, middle_col) = (self.row_radius() as i32, self.col_radius() as i32);
        let mut text = String::with_capacity(self.height * (self.width + 1));
        for r in 0..self.height as i32 {
            if r > 0 {
                text.push('/');
            }
            for c in 0..self.width as i32 {
                let on = self.offsets.contains(&(r - middle_row, c - middle_col));
                text.push(if on { '1' } else { '0' });
            }
        }
        text
    }
}
