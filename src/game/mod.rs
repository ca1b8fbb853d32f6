//! The game of `flipgame play` as a plain state machine: a board, its full history, a cursor and
//! the hints, changed only by [`Event`]s. Nothing here knows of terminals or lines of text; the
//! front ends turn keys, clicks and commands into events and draw what [`Game`] reports.
//!
//! Every number the game shows comes from the exact [`Solver`]: the fewest taps left, the hints
//! (always taps of an optimal solution from the current position) and the proof when the board
//! can never be finished.

pub mod lines;

use std::fmt;

use crate::grid::{Grid, Shape};
use crate::notation::{Cell, Color};
use crate::puzzle::Puzzle;
use crate::solve::{Certificate, Solution, Solver};

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
    /// Start over with this board (of the same shape).
    NewPuzzle(Grid),
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
    /// No fewer taps can finish the board from here: `moves_left` itself when proven.
    pub lower_bound: Option<u64>,
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
    made: Vec<Cell>,
    taken_back: Vec<Cell>,
    cursor: Cell,
    marks: Vec<Cell>,
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
            cursor: Cell::new(0, 0),
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
    pub fn taps_made(&self) -> &[Cell] {
        &self.made
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
    pub fn proof(&self) -> Option<&Certificate> {
        match (&self.plan, self.proof_shown) {
            (Plan::Impossible(certificate), true) => certificate.as_ref(),
            _ => None,
        }
    }

    /// The taps of an optimal solution from here (row-major), or none when impossible.
    pub fn solution(&self) -> Vec<Cell> {
        match &self.plan {
            Plan::Solvable(solution) => squares(&solution.taps),
            Plan::Impossible(_) => Vec::new(),
        }
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        let (proven, finishing_color, lower_bound) = match &self.plan {
            Plan::Solvable(solution) => (
                solution.optimal,
                Some(solution.goal),
                Some(solution.lower_bound),
            ),
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
        self.puzzle().is_finished(&self.board)
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
        self.cursor = Cell::new(0, 0);
        self.marks.clear();
        self.proof_shown = false;
        self.fewest_from_start = self.moves_left();
        Ok(())
    }

    fn tap(&mut self, square: Cell) -> Result<(), Refusal> {
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
    fn turn_over(&mut self, square: Cell) {
        self.solver
            .puzzle()
            .tap(&mut self.board, square.row, square.col);
        self.replan();
    }

    fn move_cursor(&mut self, direction: Direction) {
        let shape = self.board.shape();
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
fn squares(taps: &Grid) -> Vec<Cell> {
    taps.cells().map(|(row, col)| Cell::new(row, col)).collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::puzzle::Goal;
    use crate::random::Generator;
    use crate::rule::Rule;
    use crate::space::{SmallSpace, bits_of_grid};

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
        let puzzle = puzzle("plus", false, (2, 2), Goal::White);
        let game = game(&puzzle, "bb/bb");
        assert!(!game.is_solved());
        assert_eq!(game.status().finishing_color, Some(Color::White));
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
            game.apply(Event::NewPuzzle(Grid::new(wide))),
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
        game.apply(Event::NewPuzzle(next.clone())).unwrap();
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
        let shape = game.puzzle().shape();
        let marks_before = game.marks().len();
        match step {
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
        }
        Ok(())
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
}
