//! The game of `flipgame play` as a plain state machine: a board, its full history, a cursor and
//! the hints, changed only by [`Event`]s. Nothing here knows of terminals or lines of text; the
//! front ends turn keys, clicks and commands into events and draw what [`Game`] reports.
//!
//! Every number the game shows comes from the exact solver of its puzzle, of either kind of
//! piece ([`Kind`]): the fewest taps left, the hints (always taps of an optimal solution from
//! the current position) and the proof when the board can never be finished.

mod dealer;
pub mod lines;

pub use dealer::{AllFinished, Dealer, DealerError};

use std::fmt;

use crate::grid::Shape;
use crate::kind::{Kind, TwoStates};
use crate::notation::Cell;
use crate::solve::Taps as _;
use crate::words::taps;

/// What the solver says of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan<P> {
    /// The least optimal taps (or the best found, when not proven).
    Solvable(Route),
    /// Never finished, with the proof when the solver found one.
    Impossible(Option<P>),
}

/// The taps that finish a board, as a game shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The taps, row-major; a square tapped j times is listed j times.
    pub taps: Vec<Cell>,
    /// The colour the board finishes in: for two sides 0 is white and 1 black.
    pub color: u8,
    /// True when no fewer taps finish the board.
    pub optimal: bool,
    /// No fewer taps finish the board: the count itself when `optimal`.
    pub lower_bound: u64,
}

/// What the solver of `K` says of `board`: the least optimal taps, or the proof that none
/// finish it.
fn plan<K: Kind>(solver: &K::Solver, board: &K::Board) -> Plan<K::Proof> {
    let cols = K::board_shape(board).cols() as usize;
    match K::solve(solver, board) {
        Some(solution) => Plan::Solvable(Route {
            taps: solution
                .taps
                .tapped_cells(cols)
                .flat_map(|(cell, times)| std::iter::repeat_n(cell, usize::from(times)))
                .collect(),
            color: K::color_number(solution.color),
            optimal: solution.optimal,
            lower_bound: solution.lower_bound,
        }),
        None => Plan::Impossible(K::proof(solver, board)),
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
    Tap(Cell),
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
}

/// Why the game did not do what an event asked. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A tap outside the board.
    OutsideBoard(Cell, Shape),
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

/// Where the game stands, for a status line or a JSON record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// Taps made since the start (undo takes one back).
    pub taps_made: usize,
    /// The fewest taps that finish the board from here, or `None` when it can never be finished.
    pub moves_left: Option<u64>,
    /// True when `moves_left` is proven minimal (false only on boards too large to prove it).
    pub proven: bool,
    /// No fewer taps can finish the board from here: `moves_left` itself when proven.
    pub lower_bound: Option<u64>,
    /// The colour the fewest taps finish in (for two sides 0 is white and 1 black), when the
    /// board can be finished.
    pub finishing_color: Option<u8>,
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

    /// The status line of `puzzle`'s game: the taps made, the fewest left (or that the board
    /// can never be finished) and the goal; once the board is finished, the win in one
    /// sentence, with `new_key` the key or command that deals the next puzzle.
    pub fn words<K: Kind>(&self, puzzle: &K::Puzzle, new_key: &str) -> String {
        let made = taps(self.taps_made as u64);
        if self.solved {
            let against_the_fewest = match self.fewest_from_start {
                Some(fewest) if fewest == self.taps_made as u64 => ", the fewest possible!",
                Some(fewest) => &format!("; the fewest is {fewest}."),
                None => ".",
            };
            return format!("Solved in {made}{against_the_fewest} {new_key} deals the next.");
        }
        let to_color = self.finishing_color.map_or(String::new(), |color| {
            format!(", to all {}", K::color_words(color))
        });
        let left = match (self.moves_left, self.proven) {
            (None, _) => "This board can never be finished.".to_string(),
            (Some(moves), true) => format!("Fewest taps left: {moves}{to_color}."),
            (Some(moves), false) => format!(
                "Fewest taps left: at most {moves}{to_color} (at least {}; not proven minimal).",
                self.lower_bound.unwrap_or(0)
            ),
        };
        format!(
            "Taps made: {}. {left} Goal: {}.",
            self.taps_made,
            K::goal_words(puzzle)
        )
    }
}

/// One game: a puzzle, the board it started from, and everything since.
pub struct Game<K: Kind = TwoStates> {
    solver: K::Solver,
    start: K::Board,
    board: K::Board,
    made: Vec<Cell>,
    taken_back: Vec<Cell>,
    cursor: Cell,
    marks: Vec<Cell>,
    /// The marks before each tap of `made`, which an undo gives back: a tap that follows a
    /// hint removes its mark, and taking the tap back brings it back.
    marks_before: Vec<Vec<Cell>>,
    proof_shown: bool,
    plan: Plan<K::Proof>,
    fewest_from_start: Option<u64>,
}

impl<K: Kind> Game<K> {
    /// A game of `solver`'s puzzle from `board`, or why not: a board of another shape.
    pub fn new(solver: K::Solver, board: K::Board) -> Result<Game<K>, Refusal> {
        let mut game = Game {
            plan: Plan::Impossible(None),
            start: board.clone(),
            board: board.clone(),
            solver,
            made: Vec::new(),
            taken_back: Vec::new(),
            cursor: Cell::new(0, 0),
            marks: Vec::new(),
            marks_before: Vec::new(),
            proof_shown: false,
            fewest_from_start: None,
        };
        game.new_puzzle(board)?;
        Ok(game)
    }

    /// The solver behind the numbers, and through it the puzzle.
    pub fn solver(&self) -> &K::Solver {
        &self.solver
    }

    /// The puzzle played.
    pub fn puzzle(&self) -> &K::Puzzle {
        K::puzzle(&self.solver)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        K::shape(self.puzzle())
    }

    /// The board now.
    pub fn board(&self) -> &K::Board {
        &self.board
    }

    /// The board the puzzle started from.
    pub fn start(&self) -> &K::Board {
        &self.start
    }

    /// The taps made since the start, oldest first.
    pub fn taps_made(&self) -> &[Cell] {
        &self.made
    }

    /// True when a tap taken back can be made again.
    pub fn can_redo(&self) -> bool {
        !self.taken_back.is_empty()
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// The squares marked by hints or by the solution, in the order they were marked: always
    /// taps of an optimal solution from the current position.
    pub fn marks(&self) -> &[Cell] {
        &self.marks
    }

    /// The newest hint, if any tap is marked.
    pub fn newest_mark(&self) -> Option<Cell> {
        self.marks.last().copied()
    }

    /// The proof that the board can never be finished, when it has been asked for.
    pub fn proof(&self) -> Option<&K::Proof> {
        match (&self.plan, self.proof_shown) {
            (Plan::Impossible(certificate), true) => certificate.as_ref(),
            _ => None,
        }
    }

    /// The taps of an optimal solution from here (row-major, a square tapped j times listed
    /// j times), or none when impossible.
    pub fn solution(&self) -> Vec<Cell> {
        match &self.plan {
            Plan::Solvable(route) => route.taps.clone(),
            Plan::Impossible(_) => Vec::new(),
        }
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        let (proven, finishing_color, lower_bound) = match &self.plan {
            Plan::Solvable(route) => (route.optimal, Some(route.color), Some(route.lower_bound)),
            Plan::Impossible(_) => (true, None, None),
        };
        Status {
            taps_made: self.made.len(),
            moves_left: self.moves_left(),
            proven,
            lower_bound,
            finishing_color,
            fewest_from_start: self.fewest_from_start,
            solved: self.is_solved(),
        }
    }

    /// True when the board shows a colour the goal accepts.
    pub fn is_solved(&self) -> bool {
        K::is_finished(self.puzzle(), &self.board)
    }

    fn moves_left(&self) -> Option<u64> {
        match &self.plan {
            Plan::Solvable(route) => Some(route.taps.len() as u64),
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
                K::untap(K::puzzle(&self.solver), &mut self.board, square);
                self.give_back_marks(1);
                self.replan();
                Ok(())
            }
            Event::Redo => {
                let square = self.taken_back.pop().ok_or(Refusal::NothingToRedo)?;
                self.marks_before.push(self.marks.clone());
                self.made.push(square);
                K::tap(K::puzzle(&self.solver), &mut self.board, square);
                self.replan();
                Ok(())
            }
            Event::Restart => self.restart(),
        }
    }

    /// Goes back to a game left earlier: from `start`, with the taps `made` (oldest first) and
    /// no marks, the solver asked once for where they lead; refused when `start` is of another
    /// shape or a tap is off the board.
    pub fn resume(&mut self, start: K::Board, made: &[Cell]) -> Result<(), Refusal> {
        let shape = self.shape();
        if let Some(&square) = made.iter().find(|square| {
            square.row >= shape.rows() as usize || square.col >= shape.cols() as usize
        }) {
            return Err(Refusal::OutsideBoard(square, shape));
        }
        self.new_puzzle(start)?;
        for &square in made {
            K::tap(K::puzzle(&self.solver), &mut self.board, square);
            self.marks_before.push(Vec::new());
            self.made.push(square);
        }
        if let Some(&last) = made.last() {
            self.cursor = last;
            self.replan();
        }
        Ok(())
    }

    /// Starts over from `board`: no history, no marks, the cursor at the top left; refused
    /// when `board` is of another shape.
    pub fn new_puzzle(&mut self, board: K::Board) -> Result<(), Refusal> {
        let (shape, given) = (self.shape(), K::board_shape(&board));
        if given != shape {
            return Err(Refusal::WrongShape(shape, given));
        }
        self.plan = plan::<K>(&self.solver, &board);
        self.start = board.clone();
        self.board = board;
        self.made.clear();
        self.taken_back.clear();
        self.cursor = Cell::new(0, 0);
        self.marks.clear();
        self.marks_before.clear();
        self.proof_shown = false;
        self.fewest_from_start = self.moves_left();
        Ok(())
    }

    fn tap(&mut self, square: Cell) -> Result<(), Refusal> {
        let shape = self.shape();
        if square.row >= shape.rows() as usize || square.col >= shape.cols() as usize {
            return Err(Refusal::OutsideBoard(square, shape));
        }
        self.cursor = square;
        self.marks_before.push(self.marks.clone());
        self.made.push(square);
        self.taken_back.clear();
        K::tap(K::puzzle(&self.solver), &mut self.board, square);
        self.replan();
        Ok(())
    }

    fn move_cursor(&mut self, direction: Direction) {
        let shape = self.shape();
        let Cell { row, col } = self.cursor;
        self.cursor = match direction {
            Direction::Up => Cell::new(row.saturating_sub(1), col),
            Direction::Down => Cell::new((row + 1).min(shape.rows() as usize - 1), col),
            Direction::Left => Cell::new(row, col.saturating_sub(1)),
            Direction::Right => Cell::new(row, (col + 1).min(shape.cols() as usize - 1)),
        };
    }

    /// The taps of the solution from here, or why there are none to show.
    fn solution_to_show(&self) -> Result<Vec<Cell>, Refusal> {
        if self.is_solved() {
            return Err(Refusal::AlreadySolved);
        }
        match &self.plan {
            Plan::Solvable(route) => Ok(route.taps.clone()),
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
        let taps = self.made.len();
        while let Some(square) = self.made.pop() {
            self.taken_back.push(square);
            K::untap(K::puzzle(&self.solver), &mut self.board, square);
        }
        self.give_back_marks(taps);
        self.replan();
        Ok(())
    }

    /// Gives back the marks the last `taps` taps removed (those shown since stay, where the
    /// solution still has them).
    fn give_back_marks(&mut self, taps: usize) {
        let kept = self.marks_before.len().saturating_sub(taps);
        if let Some(before) = self.marks_before.drain(kept..).next() {
            let since: Vec<Cell> = self
                .marks
                .iter()
                .filter(|mark| !before.contains(mark))
                .copied()
                .collect();
            self.marks = before;
            self.marks.extend(since);
        }
    }

    /// Asks the solver about the current board, keeping the marks that are still taps of its
    /// optimal solution.
    fn replan(&mut self) {
        self.plan = plan::<K>(&self.solver, &self.board);
        let solution = self.solution();
        self.marks.retain(|mark| solution.contains(mark));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::grid::{Grid, StateBoard};
    use crate::kind::{KStates, TwoStates};
    use crate::puzzle::{Goal, Puzzle};
    use crate::random::Generator;
    use crate::rule::Rule;
    use crate::solve::Solver;
    use crate::solve::states::StateSolver;
    use crate::space::{SmallSpace, Space, bits_of_grid};

    fn puzzle(rule: &str, wrap: bool, (rows, cols): (u32, u32), goal: Goal) -> Puzzle {
        let shape = Shape::new(rows, cols).unwrap();
        Puzzle::new(shape, Rule::parse(rule).unwrap(), wrap, goal).unwrap()
    }

    fn game(puzzle: &Puzzle, board: &str) -> Game {
        let board = Grid::parse(board, puzzle.shape()).unwrap();
        Game::new(Solver::new(puzzle.clone()).unwrap(), board).unwrap()
    }

    /// The fewest taps from `board` by breadth-first search over every board: independent of
    /// the GF(2) solver the game asks.
    fn distance(space: &SmallSpace, board: &Grid) -> Option<u64> {
        space.moves(bits_of_grid(board)).map(u64::from)
    }

    fn replay(puzzle: &Puzzle, start: &Grid, made: &[Cell]) -> Grid {
        let mut board = start.clone();
        for square in made {
            puzzle.tap(&mut board, square.row, square.col);
        }
        board
    }

    #[test]
    fn a_long_history_is_undone_and_redone_exactly() {
        let puzzle = puzzle("plus", false, (5, 6), Goal::Either);
        let mut game = game(&puzzle, &"w".repeat(30));
        let mut generator = Generator::from_seed(7);
        let mut boards = vec![game.board().clone()];
        for _ in 0..500 {
            let square = Cell::new(generator.below(5) as usize, generator.below(6) as usize);
            game.apply(Event::Tap(square)).unwrap();
            assert_eq!(game.cursor(), square);
            boards.push(game.board().clone());
        }
        assert_eq!(game.status().taps_made, 500);
        for expected in boards.iter().rev().skip(1) {
            game.apply(Event::Undo).unwrap();
            assert_eq!(game.board(), expected);
        }
        assert_eq!(game.apply(Event::Undo), Err(Refusal::NothingToUndo));
        for expected in boards.iter().skip(1) {
            game.apply(Event::Redo).unwrap();
            assert_eq!(game.board(), expected);
        }
        assert_eq!(game.apply(Event::Redo), Err(Refusal::NothingToRedo));
        // Restart takes everything back and redo makes it all again, in the original order.
        game.apply(Event::Restart).unwrap();
        assert_eq!(game.board(), &boards[0]);
        assert_eq!(game.status().taps_made, 0);
        assert_eq!(game.apply(Event::Restart), Err(Refusal::AtStart));
        for expected in boards.iter().skip(1).take(3) {
            game.apply(Event::Redo).unwrap();
            assert_eq!(game.board(), expected);
        }
        // A new tap forgets what could have been redone.
        game.apply(Event::Tap(Cell::new(0, 0))).unwrap();
        assert_eq!(game.apply(Event::Redo), Err(Refusal::NothingToRedo));
    }

    /// The status line in each case: the fewest left, proven or not, never finished, and the
    /// win against the fewest from the start.
    #[test]
    fn the_status_line_says_where_the_game_stands() {
        let puzzle = puzzle("plus", false, (4, 4), Goal::Either);
        let status = Status {
            taps_made: 2,
            moves_left: Some(3),
            proven: true,
            lower_bound: Some(3),
            finishing_color: Some(1),
            fewest_from_start: Some(5),
            solved: false,
        };
        let words = |status: Status| status.words::<TwoStates>(&puzzle, "n");
        assert_eq!(
            words(status),
            "Taps made: 2. Fewest taps left: 3, to all black. Goal: all white or all black."
        );
        let guessed = Status {
            moves_left: Some(9),
            proven: false,
            lower_bound: Some(7),
            finishing_color: Some(0),
            ..status
        };
        assert_eq!(
            words(guessed),
            "Taps made: 2. Fewest taps left: at most 9, to all white (at least 7; not proven \
             minimal). Goal: all white or all black."
        );
        let never = Status {
            moves_left: None,
            finishing_color: None,
            lower_bound: None,
            ..status
        };
        assert_eq!(
            words(never),
            "Taps made: 2. This board can never be finished. Goal: all white or all black."
        );
        let won = |taps_made, fewest_from_start| Status {
            taps_made,
            fewest_from_start,
            moves_left: Some(0),
            solved: true,
            ..status
        };
        assert_eq!(
            words(won(5, Some(5))),
            "Solved in 5 taps, the fewest possible! n deals the next."
        );
        assert_eq!(
            words(won(7, Some(5))),
            "Solved in 7 taps; the fewest is 5. n deals the next."
        );
        assert_eq!(words(won(1, None)), "Solved in 1 tap. n deals the next.");
    }

    /// A game resumed is the game its taps make: the same board, the same fewest left (by
    /// breadth-first search), undo back to its start, and the fewest from its start.
    #[test]
    fn a_game_resumed_is_where_its_taps_lead() {
        let puzzle = puzzle("plus", false, (3, 3), Goal::Either);
        let space = SmallSpace::explore(&puzzle, false, &mut |_, _| {}).unwrap();
        let mut game = game(&puzzle, "wwwwwwwww");
        let start = Grid::parse("bwbwbwbww", puzzle.shape()).unwrap();
        let made = [Cell::new(0, 0), Cell::new(2, 1), Cell::new(1, 1)];
        game.apply(Event::Hint).ok();
        game.resume(start.clone(), &made).unwrap();
        let board = replay(&puzzle, &start, &made);
        assert_eq!(game.board(), &board);
        assert_eq!(game.start(), &start);
        assert_eq!(game.taps_made(), made);
        assert_eq!(game.cursor(), Cell::new(1, 1));
        assert!(game.marks().is_empty());
        assert_eq!(game.status().moves_left, distance(&space, &board));
        assert_eq!(game.status().fewest_from_start, distance(&space, &start));
        for _ in made {
            game.apply(Event::Undo).unwrap();
        }
        assert_eq!(game.board(), &start);
        // Nothing made: the start itself, the cursor at the top left.
        game.resume(start.clone(), &[]).unwrap();
        assert_eq!((game.board(), game.cursor()), (&start, Cell::new(0, 0)));
        let outside = Cell::new(3, 0);
        assert_eq!(
            game.resume(start, &[outside]),
            Err(Refusal::OutsideBoard(outside, puzzle.shape()))
        );
        assert_eq!(
            game.board(),
            game.start(),
            "a refused resume leaves the game as it was"
        );
    }

    #[test]
    fn winning_is_seen_and_counted_against_the_fewest() {
        let puzzle = puzzle("plus", false, (4, 4), Goal::Either);
        let mut game = game(&puzzle, "bwwb/bbwb/bwwb/bwww");
        assert_eq!(game.status().fewest_from_start, Some(4));
        let solution = game.solution();
        assert_eq!(solution.len(), 4);
        for (done, &square) in solution.iter().enumerate() {
            assert!(!game.is_solved());
            game.apply(Event::Tap(square)).unwrap();
            assert_eq!(game.status().moves_left, Some(3 - done as u64));
        }
        let status = game.status();
        assert!(status.solved && game.is_solved());
        assert_eq!((status.taps_made, status.fewest_from_start), (4, Some(4)));
        assert_eq!(game.apply(Event::Hint), Err(Refusal::AlreadySolved));
        assert_eq!(game.apply(Event::ShowSolution), Err(Refusal::AlreadySolved));
    }

    #[test]
    fn squares_and_refusals_read_as_people_write_them() {
        assert_eq!(Cell::new(1, 2).to_string(), "r2c3");
        let shape = Shape::new(3, 4).unwrap();
        let words = [
            (
                Refusal::OutsideBoard(Cell::new(3, 0), shape),
                "r4c1 is outside the board: rows go from 1 to 3, columns from 1 to 4",
            ),
            (Refusal::NothingToUndo, "nothing to undo: no taps made"),
            (
                Refusal::NothingToRedo,
                "nothing to redo: no taps taken back",
            ),
            (Refusal::AtStart, "already at the start: no taps made"),
            (Refusal::AlreadySolved, "the board is already finished"),
            (
                Refusal::Impossible,
                "the board can never be finished, so no tap helps; ask for the proof",
            ),
            (
                Refusal::EveryHintShown,
                "every tap of the solution is already marked",
            ),
            (
                Refusal::NothingToProve,
                "no proof: the board can still be finished; ask for a hint",
            ),
            (
                Refusal::WrongShape(shape, Shape::new(4, 4).unwrap()),
                "a new puzzle must be 3x4, not 4x4",
            ),
        ];
        for (refusal, text) in words {
            assert_eq!(refusal.to_string(), text);
        }
    }

    /// A tap that follows a hint removes its mark; undoing the tap (or restarting) gives the
    /// mark back, with those shown since, and redo takes it away again.
    #[test]
    fn undo_gives_back_the_marks_a_tap_removed() {
        let puzzle = puzzle("plus", false, (4, 4), Goal::Either);
        let mut game = game(&puzzle, "bwwb/bbwb/bwwb/bwww");
        let solution = game.solution();
        game.apply(Event::Hint).unwrap();
        game.apply(Event::Hint).unwrap();
        assert_eq!(game.marks(), &solution[..2]);
        game.apply(Event::Tap(solution[0])).unwrap();
        assert_eq!(game.marks(), &solution[1..2]);
        game.apply(Event::Hint).unwrap();
        assert_eq!(game.marks(), &solution[1..3]);
        game.apply(Event::Undo).unwrap();
        assert_eq!(game.marks(), &solution[..3]);
        game.apply(Event::Redo).unwrap();
        assert_eq!(game.marks(), &solution[1..3]);
        game.apply(Event::Tap(solution[1])).unwrap();
        assert_eq!(game.marks(), &solution[2..3]);
        game.apply(Event::Restart).unwrap();
        assert_eq!(game.marks(), &solution[..3]);
    }

    #[test]
    fn hints_are_marked_one_by_one_in_the_solution_s_order() {
        let puzzle = puzzle("plus", false, (4, 4), Goal::Either);
        let mut game = game(&puzzle, "bwwb/bbwb/bwwb/bwww");
        assert!(game.status().solvable());
        assert_eq!(game.newest_mark(), None);
        let solution = game.solution();
        for (shown, square) in solution.iter().enumerate() {
            game.apply(Event::Hint).unwrap();
            assert_eq!(game.newest_mark(), Some(*square));
            assert_eq!(game.marks(), &solution[..=shown]);
        }
    }

    #[test]
    fn a_goal_of_one_colour_is_not_met_by_the_other() {
        for (goal, board, color) in [(Goal::White, "bb/bb", 0), (Goal::Black, "ww/ww", 1)] {
            let played = game(&puzzle("plus", false, (2, 2), goal), board);
            assert!(!played.is_solved());
            assert_eq!(played.status().finishing_color, Some(color));
        }
    }

    #[test]
    fn the_cursor_stops_at_the_edges() {
        let puzzle = puzzle("plus", false, (2, 3), Goal::Either);
        let mut game = game(&puzzle, "bww/www");
        for _ in 0..4 {
            game.apply(Event::Move(Direction::Right)).unwrap();
        }
        game.apply(Event::Move(Direction::Down)).unwrap();
        game.apply(Event::Move(Direction::Down)).unwrap();
        assert_eq!(game.cursor(), Cell::new(1, 2));
        game.apply(Event::TapCursor).unwrap();
        assert_eq!(game.taps_made(), &[Cell::new(1, 2)]);
        game.apply(Event::Move(Direction::Up)).unwrap();
        game.apply(Event::Move(Direction::Up)).unwrap();
        game.apply(Event::Move(Direction::Left)).unwrap();
        assert_eq!(game.cursor(), Cell::new(0, 1));
    }

    #[test]
    fn refused_events_change_nothing() {
        let puzzle = puzzle("plus", false, (3, 3), Goal::Either);
        let mut game = game(&puzzle, "bww/www/www");
        let board = game.board().clone();
        assert_eq!(
            game.apply(Event::Tap(Cell::new(3, 0))),
            Err(Refusal::OutsideBoard(Cell::new(3, 0), puzzle.shape()))
        );
        assert_eq!(
            game.apply(Event::Tap(Cell::new(0, 3))),
            Err(Refusal::OutsideBoard(Cell::new(0, 3), puzzle.shape()))
        );
        let wide = Shape::new(3, 4).unwrap();
        assert_eq!(
            game.new_puzzle(Grid::new(wide)),
            Err(Refusal::WrongShape(puzzle.shape(), wide))
        );
        assert_eq!(game.apply(Event::ShowProof), Err(Refusal::NothingToProve));
        assert_eq!(game.board(), &board);
        assert_eq!(game.status().taps_made, 0);
        assert_eq!(game.cursor(), Cell::new(0, 0));
        assert!(game.proof().is_none());
    }

    #[test]
    fn a_new_puzzle_starts_afresh() {
        let puzzle = puzzle("plus", false, (3, 3), Goal::Either);
        let mut game = game(&puzzle, "bww/www/www");
        game.apply(Event::Tap(Cell::new(2, 2))).unwrap();
        game.apply(Event::Hint).unwrap();
        game.apply(Event::Undo).unwrap();
        let next = Grid::parse("wbw/bbb/wbw", puzzle.shape()).unwrap();
        game.new_puzzle(next.clone()).unwrap();
        assert_eq!((game.board(), game.start()), (&next, &next));
        assert_eq!(game.cursor(), Cell::new(0, 0));
        assert!(game.marks().is_empty());
        assert_eq!(game.apply(Event::Redo), Err(Refusal::NothingToRedo));
        let status = game.status();
        assert_eq!((status.taps_made, status.moves_left), (0, Some(1)));
        assert_eq!(status.fewest_from_start, Some(1));
    }

    #[test]
    fn an_impossible_board_says_so_and_proves_it() {
        let puzzle = puzzle("plus", false, (4, 4), Goal::Either);
        let mut game = game(&puzzle, "bwbw/wwww/bbwb/bwwb");
        let status = game.status();
        assert!(!status.solvable() && !status.solved);
        assert_eq!(status.fewest_from_start, None);
        assert_eq!(game.apply(Event::Hint), Err(Refusal::Impossible));
        assert_eq!(game.apply(Event::ShowSolution), Err(Refusal::Impossible));
        assert!(game.solution().is_empty());
        assert!(game.proof().is_none());
        game.apply(Event::ShowProof).unwrap();
        let proof = game.proof().expect("a proof once asked for").clone();
        // The proof stays true whatever is tapped: no tap changes its parity.
        game.apply(Event::Tap(Cell::new(1, 1))).unwrap();
        let after = game.proof().expect("still shown");
        assert_eq!(after.pattern, proof.pattern);
        for &color in puzzle.goal().colors() {
            assert_ne!(after.black % 2, after.black_in_goal(color) % 2);
        }
    }

    #[derive(Clone, Debug)]
    enum Step {
        Tap(usize, usize),
        Move(Direction),
        TapCursor,
        Hint,
        Solution,
        Proof,
        Undo,
        Redo,
        Restart,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            4 => (0usize..5, 0usize..6).prop_map(|(r, c)| Step::Tap(r, c)),
            1 => prop_oneof![
                Just(Direction::Up),
                Just(Direction::Down),
                Just(Direction::Left),
                Just(Direction::Right)
            ]
            .prop_map(Step::Move),
            1 => Just(Step::TapCursor),
            2 => Just(Step::Hint),
            1 => Just(Step::Solution),
            1 => Just(Step::Proof),
            2 => Just(Step::Undo),
            2 => Just(Step::Redo),
            1 => Just(Step::Restart),
        ]
    }

    fn rule() -> impl Strategy<Value = (&'static str, bool)> {
        prop_oneof![
            Just(("plus", false)),
            Just(("plus", true)),
            Just(("x", false)),
            Just(("box", true)),
            Just(("sigma", false)),
            Just(("lines", false)),
            Just(("011/110/010", false)),
        ]
    }

    fn goal() -> impl Strategy<Value = Goal> {
        prop_oneof![Just(Goal::Either), Just(Goal::White), Just(Goal::Black)]
    }

    /// Plays one step on the game and on a plain record of the taps made and taken back, and
    /// checks the refusals the record predicts.
    fn play(
        game: &mut Game,
        step: Step,
        (made, taken_back): (&mut Vec<Cell>, &mut Vec<Cell>),
        before: Option<u64>,
    ) -> Result<(), TestCaseError> {
        let shape = game.shape();
        let marks_before = game.marks().len();
        if play_history(game, &step, (made, taken_back))? {
            return Ok(());
        }
        match step {
            Step::Hint => {
                let expected = match before {
                    None => Err(Refusal::Impossible),
                    Some(0) => Err(Refusal::AlreadySolved),
                    Some(moves) if marks_before as u64 == moves => Err(Refusal::EveryHintShown),
                    Some(_) => Ok(()),
                };
                let result = game.apply(Event::Hint);
                prop_assert_eq!(&result, &expected);
                let grown = if result.is_ok() { 1 } else { 0 };
                prop_assert_eq!(game.marks().len(), marks_before + grown);
            }
            Step::Solution => {
                let result = game.apply(Event::ShowSolution);
                prop_assert_eq!(result.is_ok(), before.is_some_and(|moves| moves > 0));
                if result.is_ok() {
                    prop_assert_eq!(Some(game.marks().len() as u64), before);
                }
            }
            Step::Proof => {
                prop_assert_eq!(game.apply(Event::ShowProof).is_ok(), before.is_none());
                if let Some(proof) = game.proof() {
                    for row in 0..shape.rows() as usize {
                        for col in 0..shape.cols() as usize {
                            let met = game
                                .solver()
                                .puzzle()
                                .flips(row, col)
                                .iter()
                                .filter(|&&(r, c)| proof.pattern.get(r, c))
                                .count();
                            prop_assert_eq!(met % 2, 0, "every tap meets the proof evenly");
                        }
                    }
                }
            }
            _ => unreachable!("history steps are played above"),
        }
        Ok(())
    }

    /// Plays a step that moves or changes the history (a tap, a move, undo, redo, restart) on
    /// the game and on a plain record of the taps made and taken back, checking the refusals
    /// the record predicts; false, and nothing done, for a step that only shows something.
    fn play_history<K: Kind>(
        game: &mut Game<K>,
        step: &Step,
        (made, taken_back): (&mut Vec<Cell>, &mut Vec<Cell>),
    ) -> Result<bool, TestCaseError> {
        let shape = game.shape();
        match *step {
            Step::Tap(row, col) => {
                let inside = row < shape.rows() as usize && col < shape.cols() as usize;
                prop_assert_eq!(game.apply(Event::Tap(Cell::new(row, col))).is_ok(), inside);
                if inside {
                    made.push(Cell::new(row, col));
                    taken_back.clear();
                }
            }
            Step::Move(direction) => game.apply(Event::Move(direction)).unwrap(),
            Step::TapCursor => {
                made.push(game.cursor());
                taken_back.clear();
                game.apply(Event::TapCursor).unwrap();
            }
            Step::Undo => {
                prop_assert_eq!(game.apply(Event::Undo).is_ok(), !made.is_empty());
                taken_back.extend(made.pop());
            }
            Step::Redo => {
                prop_assert_eq!(game.apply(Event::Redo).is_ok(), !taken_back.is_empty());
                made.extend(taken_back.pop());
            }
            Step::Restart => {
                prop_assert_eq!(game.apply(Event::Restart).is_ok(), !made.is_empty());
                taken_back.extend(made.drain(..).rev());
            }
            Step::Hint | Step::Solution | Step::Proof => return Ok(false),
        }
        Ok(true)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        /// After every step of a random game the board, the counts, the hints and the win agree
        /// with a plain record of the taps and with a breadth-first search over every board.
        #[test]
        fn every_step_agrees_with_a_record_of_the_taps_and_a_breadth_first_search(
            (rule, wrap) in rule(),
            rows in 1u32..4,
            cols in 1u32..5,
            goal in goal(),
            seed in any::<u64>(),
            steps in proptest::collection::vec(step(), 0..40),
        ) {
            let puzzle = puzzle(rule, wrap, (rows, cols), goal);
            let space = SmallSpace::explore(&puzzle, false, &mut |_, _| {}).unwrap();
            let mut start = Grid::new(puzzle.shape());
            Generator::from_seed(seed).fill(&mut start);
            let solver = Solver::new(puzzle.clone()).unwrap();
            let mut game = Game::new(solver, start.clone()).unwrap();
            let (mut made, mut taken_back) = (Vec::new(), Vec::new());
            for step in steps {
                let before = distance(&space, game.board());
                play(&mut game, step, (&mut made, &mut taken_back), before)?;
                prop_assert_eq!(game.board(), &replay(&puzzle, &start, &made));
                prop_assert_eq!(game.taps_made(), &made[..]);
                let now = distance(&space, game.board());
                let status = game.status();
                prop_assert_eq!(status.moves_left, now);
                prop_assert!(status.proven);
                prop_assert_eq!(status.solved, now == Some(0));
                prop_assert_eq!(status.fewest_from_start, distance(&space, &start));
                // Every mark is a tap of an optimal solution from here: it brings the board one
                // tap closer, and no square is marked twice.
                for square in game.marks() {
                    let mut after = game.board().clone();
                    puzzle.tap(&mut after, square.row, square.col);
                    prop_assert_eq!(distance(&space, &after).map(|moves| moves + 1), now);
                }
                let mut marks = game.marks().to_vec();
                marks.sort();
                marks.dedup();
                prop_assert_eq!(marks.len(), game.marks().len());
                let solution = game.solution();
                prop_assert_eq!(solution.len() as u64, now.unwrap_or(0));
                let finished = replay(&puzzle, game.board(), &solution);
                prop_assert_eq!(distance(&space, &finished), now.map(|_| 0));
            }
        }
    }

    /// A K-state puzzle under the plus rule with the pressed cell getting `centre` (1 for
    /// Lights Out over Z_K, 2 for Gambler Bo), every piece to colour 0.
    fn state_solver((rows, cols): (u32, u32), states: u8, centre: u8) -> StateSolver {
        use crate::puzzle::{StateGoal, StatePuzzle};
        let shape = Shape::new(rows, cols).unwrap();
        let rule = Rule::parse(&format!("010/1{centre}1/010")).unwrap();
        let puzzle =
            StatePuzzle::new(shape, rule, false, u32::from(states), StateGoal::Color(0)).unwrap();
        StateSolver::new(puzzle).unwrap()
    }

    /// A press written from the rule's definition: `centre` at the pressed cell, 1 at its
    /// orthogonal neighbours on the board, mod `states`.
    fn press_by_hand(board: &mut [u8], cols: usize, cell: Cell, states: u8, centre: u8) {
        let rows = board.len() / cols;
        let (row, col) = (cell.row, cell.col);
        board[row * cols + col] = (board[row * cols + col] + centre) % states;
        let neighbours = [
            (row.wrapping_sub(1), col),
            (row + 1, col),
            (row, col.wrapping_sub(1)),
            (row, col + 1),
        ];
        for (r, c) in neighbours {
            if r < rows && c < cols {
                board[r * cols + c] = (board[r * cols + c] + 1) % states;
            }
        }
    }

    /// The fewest presses of every board (cells row-major) to all 0, by breadth-first search
    /// back from the finished board: each step takes one press away (K - 1 presses more).
    fn state_distances(
        (rows, cols): (usize, usize),
        states: u8,
        centre: u8,
    ) -> std::collections::HashMap<Vec<u8>, u64> {
        let mut distances = std::collections::HashMap::new();
        let finished = vec![0u8; rows * cols];
        distances.insert(finished.clone(), 0);
        let mut layer = vec![finished];
        let mut moves = 0;
        while !layer.is_empty() {
            moves += 1;
            let mut next = Vec::new();
            for board in &layer {
                for index in 0..rows * cols {
                    let mut before = board.clone();
                    for _ in 1..states {
                        press_by_hand(
                            &mut before,
                            cols,
                            Cell::at_index(index, cols),
                            states,
                            centre,
                        );
                    }
                    if !distances.contains_key(&before) {
                        distances.insert(before.clone(), moves);
                        next.push(before);
                    }
                }
            }
            layer = next;
        }
        distances
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// A game of K colours, step by step, against the presses made by hand and a
        /// breadth-first search over every board: the board, the fewest left, the hints, the
        /// solution, undo and redo (a press taken back is K - 1 presses more) and the win.
        #[test]
        fn a_game_of_k_colours_agrees_with_presses_by_hand_and_a_search(
            (rows, cols, states) in prop_oneof![
                (1u32..3, 1u32..4, 3u8..6),
                Just((3u32, 3u32, 3u8)),
                Just((2u32, 2u32, 6u8)),
            ],
            centre in 1u8..3,
            seed in any::<u64>(),
            steps in proptest::collection::vec(step(), 0..30),
        ) {
            let solver = state_solver((rows, cols), states, centre);
            let (rows, cols) = (rows as usize, cols as usize);
            let distances = state_distances((rows, cols), states, centre);
            let mut generator = Generator::from_seed(seed);
            let start: Vec<u8> = (0..rows * cols)
                .map(|_| generator.below(u64::from(states)) as u8)
                .collect();
            let mut board = StateBoard::new(solver.puzzle().shape(), states);
            for (index, &state) in start.iter().enumerate() {
                board.set(index / cols, index % cols, state);
            }
            let mut game = Game::<KStates>::new(solver, board).unwrap();
            prop_assert_eq!(game.status().fewest_from_start, distances.get(&start).copied());
            let mut made: Vec<Cell> = Vec::new();
            let mut taken_back: Vec<Cell> = Vec::new();
            for step in steps {
                let before = game.status().moves_left;
                let history = play_history(&mut game, &step, (&mut made, &mut taken_back))?;
                match step {
                    _ if history => {}
                    Step::Hint => {
                        let shown = game.apply(Event::Hint);
                        if before.is_none() {
                            prop_assert_eq!(shown, Err(Refusal::Impossible));
                        } else if before == Some(0) {
                            prop_assert_eq!(shown, Err(Refusal::AlreadySolved));
                        }
                    }
                    Step::Solution => {
                        let shown = game.apply(Event::ShowSolution);
                        prop_assert_eq!(shown.is_ok(), before.is_some_and(|moves| moves > 0));
                    }
                    Step::Proof => {
                        prop_assert_eq!(game.apply(Event::ShowProof).is_ok(), before.is_none());
                    }
                    _ => unreachable!("history steps are played above"),
                }
                let mut expected = start.clone();
                for &square in &made {
                    press_by_hand(&mut expected, cols, square, states, centre);
                }
                prop_assert_eq!(game.board().cells(), &expected[..]);
                prop_assert_eq!(game.taps_made(), &made[..]);
                let now = distances.get(&expected).copied();
                let status = game.status();
                prop_assert_eq!(status.moves_left, now);
                prop_assert_eq!(status.solved, now == Some(0));
                prop_assert_eq!(status.finishing_color, now.map(|_| 0));
                // The solution finishes the board in that many presses, and each mark is a
                // press that brings the board one closer.
                let solution = game.solution();
                prop_assert_eq!(solution.len() as u64, now.unwrap_or(0));
                let mut finished = expected.clone();
                for &square in &solution {
                    press_by_hand(&mut finished, cols, square, states, centre);
                }
                if now.is_some() {
                    prop_assert!(finished.iter().all(|&state| state == 0));
                }
                for &mark in game.marks() {
                    let mut after = expected.clone();
                    press_by_hand(&mut after, cols, mark, states, centre);
                    prop_assert_eq!(distances.get(&after).map(|moves| moves + 1), now);
                }
                // A proof, once shown, weighs every press to 0 and the board to its own sum.
                if let Some(proof) = game.proof() {
                    for index in 0..rows * cols {
                        let mut column = vec![0u8; rows * cols];
                        press_by_hand(&mut column, cols, Cell::at_index(index, cols), states, centre);
                        let met: u32 = column
                            .iter()
                            .zip(&proof.weights)
                            .map(|(&a, &w)| u32::from(a) * u32::from(w))
                            .sum();
                        prop_assert_eq!(met % u32::from(states), 0);
                    }
                    let sum: u32 = expected
                        .iter()
                        .zip(&proof.weights)
                        .map(|(&b, &w)| u32::from(b) * u32::from(w))
                        .sum();
                    prop_assert_eq!((sum % u32::from(states)) as u8, proof.board_sum);
                    prop_assert_ne!(proof.board_sum, proof.finished_sum);
                }
            }
            // Whatever was played, the solution shown finishes the game, and the game sees it.
            if game.status().solvable() {
                for square in game.solution() {
                    prop_assert!(!game.is_solved());
                    game.apply(Event::Tap(square)).unwrap();
                }
                prop_assert!(game.is_solved() && game.status().solved);
            }
        }
    }
}
