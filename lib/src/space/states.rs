//! The whole state space of a small board of K states (at most [`MOST_STATE_BOARDS`] boards):
//! the fewest presses of every board, and the least press counts that many.
//!
//! A board's index reads its cells as the digits of a number in base K, r1c1 the most
//! significant, so the index order is the order of the boards' text forms. Presses commute and
//! K presses of a cell change nothing, so the press counts `x` (each 0 to K - 1) finish the
//! board `t - A x` for goal colour `t`, and a board's fewest presses is the least `sum_j x_j`
//! over the `x` that finish it (for K > 2 the board `t + A x` needs `-x`, not `x`). The search
//! walks every `x` as an odometer, r1c1 its most significant digit: a step takes the last
//! cell's weights off the board once more, and a digit that comes round to K has undone its
//! steps and carries. Each step changes the few cells one
//! press reaches, so the board's index follows in a handful of additions. As `x` is walked in
//! increasing order read as digits, the first `x` of the least total to reach a board is the
//! least of its fewest, the tie rule of every answer; with goal `any` the colours are walked
//! one after another and the same order decides between them.
//!
//! K^n steps of the few cells a press reaches, one byte per board (its fewest presses, 255 when
//! none reach it; at most 175 for the largest spaces allowed, 36^5 boards), and 4 more per
//! board with the press counts.

use std::fmt;

use super::{Space, UNREACHED};
use crate::grid::{Shape, StateBoard};
use crate::notation::Cell;
use crate::puzzle::{StateGoal, StatePuzzle};

/// The most boards a state space may have to be explored whole (2^26, 64 MiB of distances).
pub const MOST_STATE_BOARDS: u64 = 1 << 26;

/// Steps of the walk between two reports of progress.
const PROGRESS_STEPS: u64 = 1 << 20;

/// The fewest presses (and optionally the least press counts of that many) of every board of
/// a small puzzle of K states.
#[derive(Clone, Debug)]
pub struct StateSpace {
    shape: Shape,
    states: u8,
    distances: Vec<u8>,
    presses: Option<Vec<u32>>,
    /// For each press (row-major), the cells it reaches and the weight it adds there.
    reached: Vec<Vec<(usize, u32)>>,
}

/// Why a puzzle's state space was not explored: it has more boards than any search here may
/// visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStateBoards {
    /// The shape asked for.
    pub shape: Shape,
    /// The states of a cell.
    pub states: u8,
}

impl fmt::Display for TooManyStateBoards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {} board of {} states has {}^{} boards: exploring all of them is limited to \
             {} boards (2^26)",
            self.shape,
            self.states,
            self.states,
            self.shape.cells(),
            crate::words::thousands(MOST_STATE_BOARDS)
        )
    }
}

impl std::error::Error for TooManyStateBoards {}

/// The number of boards of `shape` with cells of `states` states, if it is at most
/// [`MOST_STATE_BOARDS`].
pub fn state_boards(shape: Shape, states: u8) -> Option<u64> {
    let mut boards = 1u64;
    for _ in 0..shape.cells() {
        boards = boards
            .checked_mul(u64::from(states))
            .filter(|&b| b <= MOST_STATE_BOARDS)?;
    }
    Some(boards)
}

/// The board of `shape` and `states` numbered `number`: its cells, row-major, are the base-K
/// digits of the number, the first most significant (the numbering of a [`StateSpace`]).
pub fn state_board_numbered(shape: Shape, states: u8, mut number: u32) -> StateBoard {
    let k = u32::from(states);
    let cols = shape.cols() as usize;
    let mut board = StateBoard::new(shape, states);
    for cell in (0..shape.cells() as usize).rev() {
        board.set(cell / cols, cell % cols, (number % k) as u8);
        number /= k;
    }
    board
}

/// The number of `board` ([`state_board_numbered`] undone).
pub fn state_board_number(board: &StateBoard) -> u32 {
    let states = u32::from(board.states());
    board
        .cells()
        .iter()
        .fold(0, |number, &state| number * states + u32::from(state))
}

impl StateSpace {
    /// Finds the fewest presses of every board of `puzzle` (and with `with_presses` the least
    /// press counts of that many); `progress` hears the press-count vectors walked so far, of
    /// how many.
    pub fn explore(
        puzzle: &StatePuzzle,
        with_presses: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<StateSpace, TooManyStateBoards> {
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let too_many = TooManyStateBoards { shape, states };
        let total = state_boards(shape, states).ok_or(too_many)?;
        let cells = shape.cells() as usize;
        let k = u32::from(states);
        // place[c]: what one step of cell c's digit adds to an index.
        let mut place = vec![1u32; cells];
        for c in (0..cells.saturating_sub(1)).rev() {
            place[c] = place[c + 1] * k;
        }
        let reached: Vec<Vec<(usize, u32)>> =
            (0..cells).map(|press| puzzle.reached(press)).collect();
        let mut distances = vec![UNREACHED; total as usize];
        let mut presses = with_presses.then(|| vec![0u32; total as usize]);
        let colors: Vec<u8> = match puzzle.goal() {
            StateGoal::Color(color) => vec![color],
            StateGoal::Any => (0..states).collect(),
        };
        let walk = total * colors.len() as u64;
        let mut walked = 0u64;
        for color in colors {
            let mut digits = vec![u32::from(color); cells];
            let mut index: u32 = place.iter().map(|&p| p * u32::from(color)).sum();
            let mut counts = vec![0u32; cells];
            let (mut moves, mut code) = (0u8, 0u32);
            'walk: loop {
                let slot = index as usize;
                let known = distances[slot];
                let better = match &presses {
                    Some(least) => moves < known || (moves == known && code < least[slot]),
                    None => moves < known,
                };
                if better {
                    distances[slot] = moves;
                    if let Some(least) = &mut presses {
                        least[slot] = code;
                    }
                }
                walked += 1;
                if walked.is_multiple_of(PROGRESS_STEPS) {
                    progress(walked, walk);
                }
                // The next press counts: press the last cell once more, carrying leftwards.
                let mut cell = cells;
                loop {
                    if cell == 0 {
                        break 'walk;
                    }
                    cell -= 1;
                    for &(target, weight) in &reached[cell] {
                        let old = digits[target];
                        let new = (old + k - weight) % k;
                        digits[target] = new;
                        index = index - old * place[target] + new * place[target];
                    }
                    counts[cell] += 1;
                    if counts[cell] < k {
                        moves += 1;
                        code += place[cell];
                        break;
                    }
                    // K presses of the cell: the board is back where its digit was 0.
                    counts[cell] = 0;
                    moves -= (k - 1) as u8;
                    code -= (k - 1) * place[cell];
                }
            }
        }
        progress(walk, walk);
        Ok(StateSpace {
            shape,
            states,
            distances,
            presses,
            reached,
        })
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The states of a cell.
    pub fn states(&self) -> u8 {
        self.states
    }

    /// The least press counts (one a cell, row-major) of the fewest presses of the board at
    /// `index`, when explored with them and the board can be finished.
    pub fn presses(&self, index: u32) -> Option<Vec<u8>> {
        self.moves(index)?;
        let code = self.presses.as_ref()?[index as usize];
        Some(self.digits(code))
    }

    /// The board at `index`.
    pub fn board(&self, index: u32) -> StateBoard {
        state_board_numbered(self.shape, self.states, index)
    }

    /// The index of `board`, which must have this space's shape and states.
    pub fn index_of(&self, board: &StateBoard) -> u32 {
        state_board_number(board)
    }

    /// The base-K digits of `number`, one a cell, the first most significant.
    fn digits(&self, mut number: u32) -> Vec<u8> {
        let k = u32::from(self.states);
        let mut digits = vec![0u8; self.shape.cells() as usize];
        for digit in digits.iter_mut().rev() {
            *digit = (number % k) as u8;
            number /= k;
        }
        digits
    }
}

impl Space for StateSpace {
    fn shape(&self) -> Shape {
        self.shape
    }

    fn states(&self) -> u8 {
        self.states
    }

    fn distances(&self) -> &[u8] {
        &self.distances
    }

    fn tapped(&self, board: u32, index: usize) -> u32 {
        let k = u32::from(self.states);
        let mut digits = self.digits(board);
        for &(cell, weight) in &self.reached[index] {
            digits[cell] = ((u32::from(digits[cell]) + weight) % k) as u8;
        }
        digits.iter().fold(0, |index, &d| index * k + u32::from(d))
    }

    fn state(&self, board: u32, index: usize) -> u8 {
        self.digits(board)[index]
    }

    fn board_text(&self, board: u32) -> String {
        self.board(board).to_string()
    }

    fn tapped_cells(&self, board: u32) -> Option<Vec<(Cell, u8)>> {
        let cols = self.shape.cols() as usize;
        let taps = self.presses(board)?;
        Some(
            taps.iter()
                .enumerate()
                .filter(|&(_, &times)| times > 0)
                .map(|(index, &times)| (Cell::at_index(index, cols), times))
                .collect(),
        )
    }

    fn path(&self, board: u32) -> Option<Vec<(u32, Option<usize>)>> {
        let presses = self.presses(board)?;
        let mut now = board;
        let mut path = Vec::new();
        for (index, &times) in presses.iter().enumerate() {
            for _ in 0..times {
                path.push((now, Some(index)));
                now = self.tapped(now, index);
            }
        }
        path.push((now, None));
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Rule;

    fn puzzle(
        rows: u32,
        cols: u32,
        rule: &str,
        wrap: bool,
        states: u32,
        goal: StateGoal,
    ) -> StatePuzzle {
        let shape = Shape::new(rows, cols).unwrap();
        StatePuzzle::new(shape, Rule::parse(rule).unwrap(), wrap, states, goal).unwrap()
    }

    /// What a press at `cell` adds where, written from the rule's definition for `plus`
    /// weighted `centre` at the cell and `side` at its orthogonal neighbours, without wrap.
    fn plus_press(
        rows: usize,
        cols: usize,
        cell: usize,
        centre: u32,
        side: u32,
    ) -> Vec<(usize, u32)> {
        let (r, c) = (cell / cols, cell % cols);
        let mut reached = vec![(cell, centre)];
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            if (0..rows as isize).contains(&nr) && (0..cols as isize).contains(&nc) {
                reached.push((nr as usize * cols + nc as usize, side));
            }
        }
        reached
    }

    /// The fewest presses and least press counts of every board, from the definitions: for
    /// every press-count vector, the board it finishes, keeping per board the least (total,
    /// counts).
    fn by_every_press_count(
        rows: usize,
        cols: usize,
        states: u32,
        goal_colors: &[u32],
        centre: u32,
        side: u32,
    ) -> Vec<Option<(u32, Vec<u32>)>> {
        let cells = rows * cols;
        let total = (states as usize).pow(cells as u32);
        let mut best: Vec<Option<(u32, Vec<u32>)>> = vec![None; total];
        for &color in goal_colors {
            for vector in 0..total {
                let counts: Vec<u32> = (0..cells)
                    .map(|cell| {
                        (vector / (states as usize).pow((cells - 1 - cell) as u32)) as u32 % states
                    })
                    .collect();
                // The board these counts finish: the goal board less what they add.
                let mut board = vec![color; cells];
                for (cell, &times) in counts.iter().enumerate() {
                    for (target, weight) in plus_press(rows, cols, cell, centre, side) {
                        board[target] = (board[target] + states * states - times * weight) % states;
                    }
                }
                let index = board
                    .iter()
                    .fold(0, |i, &s| i * states as usize + s as usize);
                let found = (counts.iter().sum::<u32>(), counts);
                if best[index].as_ref().is_none_or(|known| found < *known) {
                    best[index] = Some(found);
                }
            }
        }
        best
    }

    #[test]
    fn every_board_agrees_with_every_press_count_applied() {
        for (rows, cols, states, rule, centre, side) in [
            (2, 2, 3, "plus", 1, 1),
            (2, 3, 3, "010/121/010", 2, 1),
            (3, 3, 3, "plus", 1, 1),
            (2, 2, 4, "plus", 1, 1),
            (1, 5, 4, "plus", 1, 1),
            (2, 3, 6, "plus", 1, 1),
            (2, 2, 9, "010/121/010", 2, 1),
        ] {
            let goals = [
                (StateGoal::Color(0), vec![0]),
                (StateGoal::Color(1), vec![1]),
                (StateGoal::Any, (0..states).collect()),
            ];
            for (goal, colors) in goals {
                let puzzle = puzzle(rows, cols, rule, false, states, goal);
                let space = StateSpace::explore(&puzzle, true, &mut |_, _| {}).unwrap();
                let expected = by_every_press_count(
                    rows as usize,
                    cols as usize,
                    states,
                    &colors,
                    centre,
                    side,
                );
                assert_eq!(space.positions(), expected.len() as u64);
                for (index, expected) in expected.iter().enumerate() {
                    let index = index as u32;
                    let found = space.moves(index).map(|m| {
                        let counts = space.presses(index).unwrap();
                        (u32::from(m), counts.iter().map(|&c| u32::from(c)).collect())
                    });
                    let board = space.board(index);
                    assert_eq!(
                        &found, expected,
                        "{rows}x{cols} {rule} K={states} {goal:?}: {board}"
                    );
                    // The counts, pressed on the board, finish it.
                    if let Some((_, counts)) = &found {
                        let mut pressed: Vec<u32> =
                            board.cells().iter().map(|&s| u32::from(s)).collect();
                        for (cell, &times) in counts.iter().enumerate() {
                            for _ in 0..times {
                                for (target, weight) in
                                    plus_press(rows as usize, cols as usize, cell, centre, side)
                                {
                                    pressed[target] = (pressed[target] + weight) % states;
                                }
                            }
                        }
                        assert!(
                            colors.contains(&pressed[0])
                                && pressed.iter().all(|&s| s == pressed[0]),
                            "{rows}x{cols} {rule} K={states} {goal:?} {board}: {counts:?} gives {pressed:?}"
                        );
                    }
                }
            }
        }
    }

    /// The Smith-form solver, a second algorithm, gives every board the same answer.
    #[test]
    fn every_board_agrees_with_the_solver() {
        for (rows, cols, rule, wrap, states, goal) in [
            (2, 3, "plus", false, 6, StateGoal::Any),
            (3, 3, "plus", true, 4, StateGoal::Color(3)),
            (2, 4, "x", false, 3, StateGoal::Any),
            (3, 3, "010/121/010", false, 3, StateGoal::Color(0)),
            (2, 2, "plus", false, 9, StateGoal::Color(2)),
        ] {
            let puzzle = puzzle(rows, cols, rule, wrap, states, goal);
            let space = StateSpace::explore(&puzzle, true, &mut |_, _| {}).unwrap();
            let solver = crate::solve::states::StateSolver::new(puzzle).unwrap();
            for index in 0..space.positions() as u32 {
                let board = space.board(index);
                let expected = solver.solve(&board).map(|s| (s.moves(), s.taps));
                let found = space
                    .moves(index)
                    .map(|moves| (u64::from(moves), space.presses(index).unwrap()));
                assert_eq!(
                    found, expected,
                    "{rows}x{cols} {rule} K={states} {goal:?}: {board}"
                );
            }
        }
    }

    #[test]
    fn indices_read_the_board_as_digits() {
        let space = StateSpace::explore(
            &puzzle(2, 2, "plus", false, 3, StateGoal::Color(0)),
            false,
            &mut |_, _| {},
        )
        .unwrap();
        let board = StateBoard::parse("01/21", Shape::new(2, 2).unwrap(), 3).unwrap();
        assert_eq!(space.index_of(&board), 9 + 2 * 3 + 1);
        assert_eq!(space.board(16), board);
        assert_eq!(space.presses(16), None, "explored without press counts");
        let sizes = space.layer_sizes();
        assert_eq!(
            sizes.iter().sum::<u64>()
                + space.distances().iter().filter(|&&d| d == 255).count() as u64,
            81
        );
    }

    #[test]
    fn spaces_past_the_limit_are_refused() {
        assert_eq!(state_boards(Shape::new(4, 4).unwrap(), 3), Some(43_046_721));
        assert_eq!(state_boards(Shape::new(1, 26).unwrap(), 2), Some(1 << 26));
        assert_eq!(state_boards(Shape::new(1, 27).unwrap(), 2), None);
        assert_eq!(state_boards(Shape::new(3, 6).unwrap(), 3), None);
        let error = StateSpace::explore(
            &puzzle(3, 6, "plus", false, 3, StateGoal::Any),
            false,
            &mut |_, _| {},
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "a 3x6 board of 3 states has 3^18 boards: exploring all of them is limited to 67,108,864 boards (2^26)"
        );
    }

    /// As a graph: each edge is a press written from the rule's definition, every board has
    /// one a cell, and a path walks its least press counts down one layer a press to a
    /// finished board.
    #[test]
    fn edges_and_paths_follow_the_presses() {
        for (rows, cols, states, centre, goal) in [
            (2, 2, 3, 1, StateGoal::Color(0)),
            (1, 3, 4, 1, StateGoal::Any),
            (2, 3, 3, 2, StateGoal::Color(1)),
        ] {
            let rule = format!("010/1{centre}1/010");
            let puzzle = puzzle(rows, cols, &rule, false, states, goal);
            let space = StateSpace::explore(&puzzle, true, &mut |_, _| {}).unwrap();
            let (rows, cols) = (rows as usize, cols as usize);
            let cells = rows * cols;
            let edges = space.edges();
            assert_eq!(edges.len() as u64, space.positions() * cells as u64);
            assert!(!space.undirected());
            for &(from, to, index) in &edges {
                let mut digits = space.board(from).cells().to_vec();
                for (cell, weight) in plus_press(rows, cols, index, centre, 1) {
                    digits[cell] = ((u32::from(digits[cell]) + weight) % states) as u8;
                }
                assert_eq!(space.board(to).cells(), &digits[..], "{from} {index}");
                assert_eq!(space.state(to, index), digits[index]);
                assert_eq!(space.board_text(to), space.board(to).to_string());
            }
            // The paths are read through the picture's trait, as the graph command reads them.
            let graph: &dyn Space = &space;
            assert_eq!(graph.states(), states as u8);
            for board in 0..space.positions() as u32 {
                let Some(path) = graph.path(board) else {
                    assert_eq!(graph.moves(board), None);
                    continue;
                };
                let moves = graph.moves(board).unwrap();
                assert_eq!(path.len(), usize::from(moves) + 1);
                for (step, pair) in path.windows(2).enumerate() {
                    let ((now, tap), (next, _)) = (pair[0], pair[1]);
                    assert_eq!(graph.tapped(now, tap.unwrap()), next);
                    assert_eq!(graph.moves(next), Some(moves - step as u8 - 1));
                }
                let (last, tap) = *path.last().unwrap();
                assert_eq!(tap, None);
                assert!(puzzle.is_finished(&space.board(last)));
            }
        }
    }
}
