//! The game of `flipgame play` as a plain state machine: a board, its full history, a cursor and
//! the hints, changed only by [`Event`]s. Nothing here knows of terminals or lines of text; the
//! front ends turn keys, clicks and commands into events and draw what [`Game`] reports.
//!
//! Every number the game shows comes from the exact [`Solver`]: the fewest taps left, the hints
//! (always taps of an optimal solution from the current position) and the proof when the board
//! can never be finished.

use std::fmt;

use crate::board::Color;
use crate::grid::{Grid, Shape};
use crate::puzzle::Puzzle;
use crate::solve::{Certificate, Solution, Solver};

/// A square of the board, row and column counted from 0 (row 0 is the top). Shown as `r1c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl Square {
    /// The square at `row`, `col` (both from 0).
    pub const fn new(row: usize, col: usize) -> Square {
        Square { row, col }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A direction the cursor moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
}

/// Something the player does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Tap this square (and move the cursor there).
    Tap(Square),
    /// Tap the square under the cursor.
    TapCursor,
    /// Move the cursor one square, stopping at the edges.
    Move(Direction),
    /// Mark one more tap of an optimal solution from the current position.
    Hint,
    /// Mark every tap of an optimal solution from the current position.
    ShowSolution,
    /// Mark the proof that the board can never be finished.
    ShowProof,
    /// Take back the last tap.
    Undo,
    /// Make the last tap taken back again.
    Redo,
    /// Take back every tap (each can be made again with redo).
    Restart,
    /// Start over with this board (of the same shape).
    NewPuzzle(Grid),
}

/// Why the game did not do what an event asked. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A tap outside the board.
    OutsideBoard(Square, Shape),
    /// Undo with no tap made.
    NothingToUndo,
    /// Redo with no tap taken back.
    NothingToRedo,
    /// Restart with no tap made.
    AtStart,
    /// A hint or a solution asked for on a finished board.
    AlreadySolved,
    /// A hint or a solution asked for on a board that can never be finished.
    Impossible,
    /// A hint asked for when every tap of the solution is already marked.
    EveryHintShown,
    /// A proof asked for on a board that can still be finished.
    NothingToProve,
    /// A new puzzle of another shape.
    WrongShape(Shape, Shape),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::OutsideBoard(square, shape) => write!(
                f,
                "{square} is outside the board: rows go from 1 to {}, columns from 1 to {}",
                shape.rows(),
                shape.cols()
            ),
            Refusal::NothingToUndo => f.write_str("nothing to undo: no taps made"),
            Refusal::NothingToRedo => f.write_str("nothing to redo: no taps taken back"),
            Refusal::AtStart => f.write_str("already at the start: no taps made"),
            Refusal::AlreadySolved => f.write_str("the board is already finished"),
            Refusal::Impossible => {
                f.write_str("the board can never be finished, so no tap helps; ask for the proof")
            }
            Refusal::EveryHintShown => f.write_str("every tap of the solution is already marked"),
            Refusal::NothingToProve => {
                f.write_str("no proof: the board can still be finished; ask for a hint")
            }
            Refusal::WrongShape(want, got) => {
                write!(f, "a new puzzle must be {want}, not {got}")
            }
        }
    }
}

impl std::error::Error for Refusal {}

/// What the solver says of one position.
#[derive(Clone, Debug)]
enum Plan {
    /// The least optimal tap set (or the best found, when not proven).
    Solvable(Solution),
    /// Never finished, with the proof when the solver found one.
    Impossible(Option<Certificate>),
}

/// Where the game stands, for a status line or a JSON record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// Taps made since the start (undo takes one back).
    pub taps_made: usize,
    /// The fewest taps that finish the board from here, or `None` when it can never be finished.
    pub moves_left: Option<u64>,
    /// True when `moves_left` is proven minimal (false only on boards too large to prove it).
    pub proven: bool,
    /// The colour the fewest taps finish in, when the board can be finished.
    pub finishing_color: Option<Color>,
    /// The fewest taps that finish the puzzle from its start (`None` when impossible).
    pub fewest_from_start: Option<u64>,
    /// True when the board shows a colour the goal accepts.
    pub solved: bool,
}

impl Status {
    /// True when the board can still be finished.
    pub fn solvable(&self) -> bool {
        self.moves_left.is_some()
    }
}

/// One game: a puzzle, the board it started from, and everything since.
pub struct Game {
    solver: Solver,
    start: Grid,
    board: Grid,
    made: Vec<Square>,
    taken_back: Vec<Square>,
    cursor: Square,
    marks: Vec<Square>,
    proof_shown: bool,
    plan: Plan,
    fewest_from_start: Option<u64>,
}

impl Game {
    /// A game of `solver`'s puzzle from `board`, or the board back when its shape is wrong.
    pub fn new(solver: Solver, board: Grid) -> Result<Game, Refusal> {
        let shape = solver.puzzle().shape();
        let mut game = Game {
            plan: Plan::Impossible(None),
            start: Grid::new(shape),
            board: Grid::new(shape),
            solver,
            made: Vec::new(),
            taken_back: Vec::new(),
            cursor: Square::new(0, 0),
            marks: Vec::new(),
            proof_shown: false,
            fewest_from_start: None,
        };
        game.new_puzzle(board)?;
        Ok(game)
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        self.solver.puzzle()
    }

    /// The solver behind the numbers (shared with whatever deals new puzzles).
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// The board now.
    pub fn board(&self) -> &Grid {
        &self.board
    }

    /// The board the puzzle started from.
    pub fn start(&self) -> &Grid {
        &self.start
    }

    /// The taps made since the start, oldest first.
    pub fn taps_made(&self) -> &[Square] {
        &self.made
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The squares marked by hints or by the solution, in the order they were marked: always
    /// taps of an optimal solution from the current position.
    pub fn marks(&self) -> &[Square] {
        &self.marks
    }

    /// The newest hint, if any tap is marked.
    pub fn newest_mark(&self) -> Option<Square> {
        self.marks.last().copied()
    }

    /// The proof that the board can never be finished, when it has been asked for.
    pub fn proof(&self) -> Option<&Certificate> {
        match (&self.plan, self.proof_shown) {
            (Plan::Impossible(certificate), true) => certificate.as_ref(),
            _ => None,
        }
    }

    /// The taps of an optimal solution from here (row-major), or none when impossible.
    pub fn solution(&self) -> Vec<Square> {
        match &self.plan {
            Plan::Solvable(solution) => squares(&solution.taps),
            Plan::Impossible(_) => Vec::new(),
        }
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        let (proven, finishing_color) = match &self.plan {
            Plan::Solvable(solution) => (solution.optimal, Some(solution.goal)),
            Plan::Impossible(_) => (true, None),
        };
        Status {
            taps_made: self.made.len(),
            moves_left: self.moves_left(),
            proven,
            finishing_color,
            fewest_from_start: self.fewest_from_start,
            solved: self.is_solved(),
        }
    }

    /// True when the board shows a colour the goal accepts.
    pub fn is_solved(&self) -> bool {
        self.board
            .finished_color()
            .is_some_and(|color| self.puzzle().goal().colors().contains(&color))
    }

    fn moves_left(&self) -> Option<u64> {
        match &self.plan {
            Plan::Solvable(solution) => Some(solution.moves()),
            Plan::Impossible(_) => None,
        }
    }

    /// Applies one event; a refused event leaves the game as it was.
    pub fn apply(&mut self, event: Event) -> Result<(), Refusal> {
        match event {
            Event::Tap(square) => self.tap(square),
            Event::TapCursor => self.tap(self.cursor),
            Event::Move(direction) => {
                self.move_cursor(direction);
                Ok(())
            }
            Event::Hint => self.hint(),
            Event::ShowSolution => self.show_solution(),
            Event::ShowProof => self.show_proof(),
            Event::Undo => {
                let square = self.made.pop().ok_or(Refusal::NothingToUndo)?;
                self.taken_back.push(square);
                self.turn_over(square);
                Ok(())
            }
            Event::Redo => {
                let square = self.taken_back.pop().ok_or(Refusal::NothingToRedo)?;
                self.made.push(square);
                self.turn_over(square);
                Ok(())
            }
            Event::Restart => self.restart(),
            Event::NewPuzzle(board) => self.new_puzzle(board),
        }
    }

    /// Starts over from `board`: no history, no marks, the cursor at the top left.
    fn new_puzzle(&mut self, board: Grid) -> Result<(), Refusal> {
        let shape = self.puzzle().shape();
        if board.shape() != shape {
            return Err(Refusal::WrongShape(shape, board.shape()));
        }
        self.plan = plan(&self.solver, &board);
        self.start = board.clone();
        self.board = board;
        self.made.clear();
        self.taken_back.clear();
        self.cursor = Square::new(0, 0);
        self.marks.clear();
        self.proof_shown = false;
        self.fewest_from_start = self.moves_left();
        Ok(())
    }

    fn tap(&mut self, square: Square) -> Result<(), Refusal> {
        let shape = self.board.shape();
        if square.row >= shape.rows() as usize || square.col >= shape.cols() as usize {
            return Err(Refusal::OutsideBoard(square, shape));
        }
        self.cursor = square;
        self.made.push(square);
        self.taken_back.clear();
        self.turn_over(square);
        Ok(())
    }

    /// Applies the tap at `square` and asks the solver about the new position.
    fn turn_over(&mut self, square: Square) {
        self.solver
            .puzzle()
            .tap(&mut self.board, square.row, square.col);
        self.replan();
    }

    fn move_cursor(&mut self, direction: Direction) {
        let shape = self.board.shape();
        let Square { row, col } = self.cursor;
        self.cursor = match direction {
            Direction::Up => Square::new(row.saturating_sub(1), col),
            Direction::Down => Square::new((row + 1).min(shape.rows() as usize - 1), col),
            Direction::Left => Square::new(row, col.saturating_sub(1)),
            Direction::Right => Square::new(row, (col + 1).min(shape.cols() as usize - 1)),
        };
    }

    /// The taps of the solution from here, or why there are none to show.
    fn solution_to_show(&self) -> Result<Vec<Square>, Refusal> {
        if self.is_solved() {
            return Err(Refusal::AlreadySolved);
        }
        match &self.plan {
            Plan::Solvable(solution) => Ok(squares(&solution.taps)),
            Plan::Impossible(_) => Err(Refusal::Impossible),
        }
    }

    fn hint(&mut self) -> Result<(), Refusal> {
        let next = self
            .solution_to_show()?
            .into_iter()
            .find(|square| !self.marks.contains(square))
            .ok_or(Refusal::EveryHintShown)?;
        self.marks.push(next);
        Ok(())
    }

    fn show_solution(&mut self) -> Result<(), Refusal> {
        for square in self.solution_to_show()? {
            if !self.marks.contains(&square) {
                self.marks.push(square);
            }
        }
        Ok(())
    }

    fn show_proof(&mut self) -> Result<(), Refusal> {
        match self.plan {
            Plan::Impossible(_) => {
                self.proof_shown = true;
                Ok(())
            }
            Plan::Solvable(_) => Err(Refusal::NothingToProve),
        }
    }

    fn restart(&mut self) -> Result<(), Refusal> {
        if self.made.is_empty() {
            return Err(Refusal::AtStart);
        }
        // Taken back in reverse, so redo makes them again in the order they were first made.
        while let Some(square) = self.made.pop() {
            self.taken_back.push(square);
            self.solver
                .puzzle()
                .tap(&mut self.board, square.row, square.col);
        }
        self.replan();
        Ok(())
    }

    /// Asks the solver about the current board, keeping the marks that are still taps of its
    /// optimal solution.
    fn replan(&mut self) {
        self.plan = plan(&self.solver, &self.board);
        let solution = self.solution();
        self.marks.retain(|mark| solution.contains(mark));
    }
}

/// What the solver says of `board`.
fn plan(solver: &Solver, board: &Grid) -> Plan {
    match solver.solve(board) {
        Some(solution) => Plan::Solvable(solution),
        None => Plan::Impossible(solver.certificate(board)),
    }
}

/// The cells of `taps`, row-major.
fn squares(taps: &Grid) -> Vec<Square> {
    taps.cells().map(|(row, col)| Square::new(row, col)).collect()
}
