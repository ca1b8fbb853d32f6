//! The writers the judges share: boards and tap matrices as rows of digits or letters, and a
//! count of taps or the judge's word for a board that cannot be finished.

use crate::grid::Grid;
use crate::solve::{Solution, Taps};

/// The bits of `grid`, row by row, as `0`/`1` separated by single spaces: the press matrix as
/// judges print it.
pub fn write_digit_rows(grid: &Grid, out: &mut Vec<u8>) {
    let shape = grid.shape();
    for row in 0..shape.rows() as usize {
        for col in 0..shape.cols() as usize {
            if col > 0 {
                out.push(b' ');
            }
            out.push(if grid.get(row, col) { b'1' } else { b'0' });
        }
        out.push(b'\n');
    }
}

/// The rows of `grid` as letters, `on` for a set cell.
pub(crate) fn write_letter_rows(grid: &Grid, (on, off): (u8, u8), out: &mut Vec<u8>) {
    let shape = grid.shape();
    for row in 0..shape.rows() as usize {
        for col in 0..shape.cols() as usize {
            out.push(if grid.get(row, col) { on } else { off });
        }
        out.push(b'\n');
    }
}

/// Writes a count, or `impossible` when the board cannot be finished.
pub(crate) fn write_count_or<T: Taps, C>(
    answer: Option<&Solution<T, C>>,
    impossible: &str,
    out: &mut Vec<u8>,
) {
    match answer {
        Some(solution) => out.extend_from_slice(solution.moves().to_string().as_bytes()),
        None => out.extend_from_slice(impossible.as_bytes()),
    }
    out.push(b'\n');
}
