//! The whole state space of a small board (at most 25 cells): a breadth-first search over all
//! 2^(R*C) boards from the goal boards.
//!
//! A board is a `u32`: cell `i` in row-major order is bit `cells - 1 - i`, so the first cell is
//! the most significant bit, as on 4x4, and the least optimal tap set is the least number. The
//! search keeps one byte per board (its distance, 255 when unreached) and scans it layer by
//! layer, so it needs no queue: 32 MiB for 5x5. With `taps` it also carries the least optimal tap
//! set of every board (4 bytes more per board), by the same argument as the 4x4 table.

use crate::board::{Color, Goal};
use crate::grid::{Grid, Shape};

/// The most cells a board may have for its whole state space to be explored (2^25 boards).
pub const MAX_CELLS: u64 = 25;

const UNREACHED: u8 = u8::MAX;

/// Distances (and optionally least optimal tap sets) of every board of a small shape.
pub struct SmallSpace {
    shape: Shape,
    distances: Vec<u8>,
    taps: Option<Vec<u32>>,
}

/// Why a shape's space was not explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The shape asked for.
    pub shape: Shape,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a {} board has {} cells, so 2^{} boards: exploring all of them is limited to {MAX_CELLS} cells (2^{MAX_CELLS} boards)",
            self.shape,
            self.shape.cells(),
            self.shape.cells()
        )
    }
}

impl SmallSpace {
    /// Explores every board of `shape` from the goal boards of `goal`. `progress` is called now
    /// and then with the boards reached so far and the number of boards there are.
    pub fn explore(
        shape: Shape,
        goal: Goal,
        with_taps: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<SmallSpace, TooLarge> {
        let cells = shape.cells();
        if cells > MAX_CELLS {
            return Err(TooLarge { shape });
        }
        let total = 1usize << cells;
        let flips = flip_masks(shape);
        let mut distances = vec![UNREACHED; total];
        let mut taps = with_taps.then(|| vec![0u32; total]);
        let all_black = (total - 1) as u32;
        let mut reached = 0u64;
        for color in goal.colors() {
            let start = if *color == Color::Black { all_black } else { 0 } as usize;
            if distances[start] == UNREACHED {
                distances[start] = 0;
                reached += 1;
            }
        }
        let mut layer = 0u8;
        loop {
            progress(reached, total as u64);
            let mut grew = false;
            for state in 0..total {
                if distances[state] != layer {
                    continue;
                }
                let state_taps = taps.as_ref().map_or(0, |t| t[state]);
                for &(flip, tap_bit) in &flips {
                    let next = state ^ flip as usize;
                    if distances[next] == UNREACHED {
                        distances[next] = layer + 1;
                        reached += 1;
                        grew = true;
                        if let Some(taps) = taps.as_mut() {
                            taps[next] = state_taps | tap_bit;
                        }
                    } else if distances[next] == layer + 1 {
                        if let Some(taps) = taps.as_mut() {
                            taps[next] = taps[next].min(state_taps | tap_bit);
                        }
                    }
                }
            }
            if !grew {
                break;
            }
            layer += 1;
        }
        progress(reached, total as u64);
        Ok(SmallSpace {
            shape,
            distances,
            taps,
        })
    }

    /// The shape explored.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of boards (2^cells).
    pub fn positions(&self) -> u64 {
        self.distances.len() as u64
    }

    /// The fewest taps for the board with these bits, or `None` when it is impossible.
    pub fn moves(&self, bits: u32) -> Option<u8> {
        match self.distances[bits as usize] {
            UNREACHED => None,
            moves => Some(moves),
        }
    }

    /// Every board's distance by its bits, 255 when impossible.
    pub fn distances(&self) -> &[u8] {
        &self.distances
    }

    /// The least optimal tap set for the board with these bits (when explored with taps).
    pub fn taps(&self, bits: u32) -> Option<u32> {
        self.moves(bits)?;
        self.taps.as_ref().map(|taps| taps[bits as usize])
    }

    /// The board with these bits as a grid.
    pub fn grid(&self, bits: u32) -> Grid {
        grid_from_bits(self.shape, bits)
    }
}

/// The grid whose row-major cell `i` is bit `cells - 1 - i` of `bits`.
pub fn grid_from_bits(shape: Shape, bits: u32) -> Grid {
    let cells = shape.cells() as usize;
    let cols = shape.cols() as usize;
    let mut grid = Grid::new(shape);
    for index in (0..cells).filter(|index| bits >> (cells - 1 - index) & 1 == 1) {
        grid.set(index / cols, index % cols, true);
    }
    grid
}

/// The bits of a grid of at most 32 cells, cell `i` at bit `cells - 1 - i`.
pub fn bits_of_grid(grid: &Grid) -> u32 {
    let shape = grid.shape();
    let (cells, cols) = (shape.cells() as usize, shape.cols() as usize);
    grid.cells().fold(0u32, |bits, (row, col)| {
        bits | 1 << (cells - 1 - (row * cols + col))
    })
}

/// For each cell, the board bits a tap there flips and the tap's own bit.
fn flip_masks(shape: Shape) -> Vec<(u32, u32)> {
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let cells = rows * cols;
    let bit = |row: usize, col: usize| 1u32 << (cells - 1 - (row * cols + col));
    (0..cells)
        .map(|index| {
            let mut grid = Grid::new(shape);
            grid.tap(index / cols, index % cols);
            let mask = grid.cells().fold(0u32, |mask, (r, c)| mask | bit(r, c));
            (mask, bit(index / cols, index % cols))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::lights::LightsOut;
    use crate::solver::DistanceTable;

    #[test]
    fn the_4x4_space_matches_the_4x4_table() {
        let shape = Shape::FLIP_GAME;
        for goal in Goal::ALL {
            let space = SmallSpace::explore(shape, goal, true, &mut |_, _| {}).unwrap();
            let table = DistanceTable::shared(goal);
            for board in Board::all() {
                let bits = u32::from(board.bits());
                assert_eq!(space.moves(bits), table.moves(board));
                assert_eq!(
                    space.taps(bits),
                    table.solve(board).map(|s| u32::from(s.taps.bits()))
                );
            }
        }
    }

    /// The search and light chasing are independent algorithms: they agree on every board of
    /// every shape up to 12 cells, and on a stride through 4x5 and 5x5.
    #[test]
    fn the_search_agrees_with_light_chasing() {
        for (rows, cols) in [
            (1, 1),
            (1, 7),
            (2, 2),
            (2, 6),
            (3, 3),
            (3, 4),
            (4, 5),
            (5, 5),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let solver = LightsOut::new(shape);
            for goal in Goal::ALL {
                let space = SmallSpace::explore(shape, goal, true, &mut |_, _| {}).unwrap();
                let step = (space.positions() as usize / 3000).max(1);
                for bits in (0..space.positions() as u32).step_by(step) {
                    let solution = solver.solve(&space.grid(bits), goal);
                    assert_eq!(
                        space.moves(bits).map(u64::from),
                        solution.as_ref().map(|s| s.moves())
                    );
                    assert_eq!(
                        space.taps(bits),
                        solution.map(|s| bits_of_grid(&s.taps)),
                        "{shape} {bits:b}"
                    );
                }
            }
        }
    }

    #[test]
    fn shapes_above_25_cells_are_refused() {
        let shape = Shape::new(2, 13).unwrap();
        let error = SmallSpace::explore(shape, Goal::Either, false, &mut |_, _| {})
            .err()
            .unwrap();
        assert!(error.to_string().contains("2^26"));
    }

    #[test]
    fn progress_reaches_the_number_of_solvable_boards() {
        let shape = Shape::new(3, 3).unwrap();
        let mut last = (0, 0);
        let space = SmallSpace::explore(shape, Goal::White, false, &mut |done, total| {
            last = (done, total)
        })
        .unwrap();
        let solvable = space
            .distances()
            .iter()
            .filter(|&&d| d != UNREACHED)
            .count() as u64;
        assert_eq!(last, (solvable, 512));
    }
}
