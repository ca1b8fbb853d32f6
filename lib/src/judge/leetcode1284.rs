//! LeetCode 1284 Minimum Number of Flips to Convert Binary Matrix to Zero Matrix: one matrix
//! per line as JSON, such as `[[0,0],[0,1]]` (m, n from 1 to 3); the goal is all 0; the
//! fewest flips, or `-1`.

use super::{Case, Emit, Judge, JudgeError, Limits, Tokens};
use crate::grid::{Grid, MAX_SIDE, Shape};
use crate::kind::TwoStates;
use crate::notation::Cell;
use crate::puzzle::{Goal, Puzzle};
use crate::words::thousands;

/// LeetCode 1284.
pub struct Leetcode1284;

/// Reads one line's matrix, which starts at character `first_column` (from 1) of its line.
fn read_matrix(text: &str, line: u64, first_column: usize) -> Result<Grid, JudgeError> {
    let at = |column: usize, message: String| JudgeError {
        advice: None,
        whole_input: false,
        line,
        column: (first_column + column - 1) as u64,
        message,
    };
    let rows: Vec<Vec<serde_json::Value>> = serde_json::from_str(text).map_err(|error| {
        let what = crate::words::json_error_words(&error);
        at(
            error.column().max(1),
            format!("expected a matrix such as [[0,1],[1,0]]: {what}"),
        )
    })?;
    let cols = rows.first().map_or(0, Vec::len);
    let side = |length: usize| u32::try_from(length).unwrap_or(u32::MAX);
    let shape = Shape::new(side(rows.len()), side(cols)).ok_or_else(|| {
        at(
            1,
            format!("expected from 1 to {MAX_SIDE} rows of from 1 to {MAX_SIDE} cells"),
        )
    })?;
    let (row_columns, cell_columns) = places_in_a_matrix(text);
    let mut grid = Grid::new(shape);
    for (row, cells) in rows.iter().enumerate() {
        if cells.len() != cols {
            return Err(at(
                row_columns.get(row).copied().unwrap_or(1),
                format!(
                    "row {} has {} but row 1 has {cols}: a matrix is rectangular",
                    row + 1,
                    crate::words::count_of(cells.len() as u64, "cell", "cells")
                ),
            ));
        }
        for (col, cell) in cells.iter().enumerate() {
            match cell.as_u64() {
                Some(0) => {}
                Some(1) => grid.set(row, col, true),
                _ => {
                    let column = cell_columns
                        .get(row)
                        .and_then(|cells| cells.get(col))
                        .copied()
                        .unwrap_or(1);
                    return Err(at(
                        column,
                        format!("{}: expected 0 or 1, found {cell}", Cell::new(row, col)),
                    ));
                }
            }
        }
    }
    Ok(grid)
}

/// Where each row of a matrix's text starts, and each of its cells, in characters from 1:
/// the JSON reader keeps no places, and a mistake is said where it is. Rows are the lists
/// inside the outer one, cells what each holds between its commas. Strings are not followed:
/// a cell that is one is the first mistake, and no place after it is asked for.
fn places_in_a_matrix(text: &str) -> (Vec<usize>, Vec<Vec<usize>>) {
    let (mut rows, mut cells): (Vec<usize>, Vec<Vec<usize>>) = (Vec::new(), Vec::new());
    let (mut depth, mut cell_next) = (0usize, false);
    for (index, ch) in text.chars().enumerate() {
        let column = index + 1;
        if cell_next && !ch.is_whitespace() && ch != ']' {
            if let Some(row) = cells.last_mut() {
                row.push(column);
            }
            cell_next = false;
        }
        match ch {
            '[' => {
                depth += 1;
                if depth == 2 {
                    rows.push(column);
                    cells.push(Vec::new());
                    cell_next = true;
                }
            }
            ']' => depth = depth.saturating_sub(1),
            ',' if depth == 2 => cell_next = true,
            _ => {}
        }
    }
    (rows, cells)
}

impl Judge for Leetcode1284 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "leetcode1284"
    }

    fn problem(&self) -> &'static str {
        "LeetCode 1284 Minimum Number of Flips to Convert Binary Matrix to Zero Matrix"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (1, 3),
            cols: (1, 3),
            square: false,
            cases: 100,
            impossible: true,
        }
    }

    fn impossible_word(&self) -> &'static str {
        "-1"
    }

    fn puzzle(&self, shape: Shape) -> Puzzle {
        Puzzle::plus(shape, Goal::White)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        let mut emitted = false;
        while let Some(line) = input.next_line() {
            let number = line.number;
            if line.cut {
                emitted = true;
                emit(Err(JudgeError {
                    advice: None,
                    whole_input: false,
                    line: number,
                    column: 1,
                    message: format!(
                        "expected a matrix such as [[0,1],[1,0]], found a line of {} characters",
                        thousands(line.characters)
                    ),
                }));
                continue;
            }
            let whole = String::from_utf8_lossy(&line.text);
            let text = whole.trim();
            // The statement's own examples read `mat = [[0,0],[0,1]]`: take that form too.
            let text = text
                .strip_prefix("mat")
                .and_then(|rest| rest.trim_start().strip_prefix('='))
                .map_or(text, str::trim_start);
            if text.is_empty() {
                continue;
            }
            // Places count from the line's start, past any indent and `mat =`.
            // `text` is what is left of the line once its end is trimmed, so what came before
            // it is the difference.
            let skipped = whole.trim_end().len() - text.len();
            let first_column = whole[..skipped].chars().count() + 1;
            emitted = true;
            emit(read_matrix(text, number, first_column).map(|board| Case {
                puzzle: self.puzzle(board.shape()),
                board,
                name: None,
                line: number,
            }));
        }
        if !emitted {
            emit(Err(input.error_at_end(
                "expected a matrix such as [[0,1],[1,0]], found none".into(),
            )));
        }
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for case in cases {
            let shape = case.board.shape();
            let rows: Vec<String> = (0..shape.rows() as usize)
                .map(|row| {
                    let cells: Vec<&str> = (0..shape.cols() as usize)
                        .map(|col| if case.board.get(row, col) { "1" } else { "0" })
                        .collect();
                    format!("[{}]", cells.join(","))
                })
                .collect();
            out.extend_from_slice(format!("[{}]\n", rows.join(",")).as_bytes());
        }
    }

    fn stated_sizes(&self) -> Option<&'static str> {
        Some("1 <= m, n <= 3")
    }
}
