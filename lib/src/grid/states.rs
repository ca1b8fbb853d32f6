//! A board of K states: one byte a cell, each a colour numbered 0 to K - 1 (the two-state board
//! is [`super::Grid`], one bit a cell).

use std::fmt;

use super::{Shape, read_board_line};
use crate::notation::{BoardTextError, Cells, state_digit};

/// A board whose cells have `states` states, one byte a cell, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StateBoard {
    shape: Shape,
    states: u8,
    cells: Vec<u8>,
}

impl StateBoard {
    /// The board of `shape` with every cell at state 0; `states` from 2 to
    /// [`crate::notation::MOST_STATES`].
    pub fn new(shape: Shape, states: u8) -> StateBoard {
        StateBoard {
            shape,
            states,
            cells: vec![0; shape.cells() as usize],
        }
    }

    /// The finished board of `shape` with every cell at `state`.
    pub fn filled(shape: Shape, states: u8, state: u8) -> StateBoard {
        StateBoard {
            shape,
            states,
            cells: vec![state; shape.cells() as usize],
        }
    }

    /// Reads a board given on one line: rows of digits joined by `/`, or all the digits in a
    /// row. Columns in errors count characters from 1.
    pub fn parse(text: &str, shape: Shape, states: u8) -> Result<StateBoard, BoardTextError> {
        let mut board = StateBoard::new(shape, states);
        read_board_line(text, shape, Cells::States(states), |row, col, state| {
            board.set(row, col, state)
        })?;
        Ok(board)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of states a cell has.
    pub fn states(&self) -> u8 {
        self.states
    }

    /// The state of the cell at `row`, `col` (both from 0).
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.shape.cols() as usize + col]
    }

    /// Sets the cell at `row`, `col` (both from 0) to `state`, taken mod the number of states.
    pub fn set(&mut self, row: usize, col: usize, state: u8) {
        let index = row * self.shape.cols() as usize + col;
        self.cells[index] = state % self.states;
    }

    /// Every cell's state, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The colour every cell shows, if they all show one.
    pub fn uniform_color(&self) -> Option<u8> {
        let first = *self.cells.first()?;
        self.cells
            .iter()
            .all(|&cell| cell == first)
            .then_some(first)
    }
}

impl fmt::Display for StateBoard {
    /// Rows of digits from the top, joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = self.shape.cols() as usize;
        let mut text = String::with_capacity(self.cells.len() + self.shape.rows() as usize);
        for (index, &cell) in self.cells.iter().enumerate() {
            if index > 0 && index % cols == 0 {
                text.push('/');
            }
            text.push(state_digit(cell));
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: u32, cols: u32) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    #[test]
    fn boards_read_and_print_one_digit_a_cell() {
        let board = StateBoard::parse("012/2a0", shape(2, 3), 11).unwrap();
        assert_eq!((board.get(0, 1), board.get(1, 1)), (1, 10));
        assert_eq!(board.to_string(), "012/2a0");
        assert_eq!(StateBoard::parse("0122A0", shape(2, 3), 11), Ok(board));
        let error = StateBoard::parse("012/230", shape(2, 3), 3).unwrap_err();
        assert_eq!(error.column, 6);
        assert_eq!(
            error.to_string(),
            "expected a digit from '0' to '2', found '3'"
        );
        let error = StateBoard::parse("b12/200", shape(2, 3), 3).unwrap_err();
        assert_eq!(error.column, 1);
    }

    #[test]
    fn a_uniform_board_has_one_colour() {
        let board = StateBoard::parse("22/22", shape(2, 2), 3).unwrap();
        assert_eq!(board.uniform_color(), Some(2));
        let board = StateBoard::parse("22/21", shape(2, 2), 3).unwrap();
        assert_eq!(board.uniform_color(), None);
    }
}
