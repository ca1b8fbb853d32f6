//! The whole state space of a small board (at most 25 cells): a breadth-first search over all
//! 2^(R*C) boards from the goal boards.
//!
//! A board is a `u32`: cell `i` in row-major order is bit `cells - 1 - i`, so the first cell is
//! the most significant bit, as on 4x4. The search keeps one byte per board (its distance, 255
//! when unreached): 32 MiB for 5x5. A layer of the search is walked from a list while it is small
//! (at most 1/32 of the boards), and by scanning the distances in order once it is large, which
//! keeps memory access local; so no queue of all the boards is ever held.
//!
//! With `taps` it also carries the least optimal tap set of every board (4 bytes more per
//! board): among all optimal tap sets for any accepted goal, the one whose row-major 0/1 string
//! is lexicographically least (the tie rule of POJ 3279 Fliptile), which in this bit layout is
//! the least number. The search can carry it along: if `L(s)` is the least optimal set of a
//! board `s` at distance `k + 1` and `t` its last tap in row-major order, then `L(s)` without `t`
//! is an optimal set of the neighbour `s ^ flips(t)` at distance `k`, and no smaller one exists
//! there (a smaller one plus `t` would be a smaller optimal set of `s`). So `L(s)` is the least
//! of `L(n) | t` over the neighbours `n` one layer closer, all of which the search has finished
//! before it fills layer `k + 1`.

use crate::grid::{Grid, Shape};
use crate::notation::{Cell, Color};
use crate::puzzle::Puzzle;

mod states;

pub use states::{
    MOST_STATE_BOARDS, StateSpace, TooManyStateBoards, state_board_number, state_board_numbered,
    state_boards,
};

/// The most cells a board may have for its whole state space to be explored (2^25 boards).
pub const MAX_CELLS: u64 = 25;

/// The distance of a board no taps finish.
const UNREACHED: u8 = u8::MAX;

/// Distances (and optionally least optimal tap sets) of every board of a small shape.
pub struct SmallSpace {
    shape: Shape,
    distances: Vec<u8>,
    taps: Option<Vec<u32>>,
    flips: Vec<(u32, u32)>,
}

/// Why a shape's space was not explored: it has more boards than any search here may visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyBoards {
    /// The shape asked for.
    pub shape: Shape,
}

impl std::fmt::Display for TooManyBoards {
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

impl std::error::Error for TooManyBoards {}

impl SmallSpace {
    /// Explores every board of the puzzle from its goal boards. `progress` is called now and
    /// then with the boards reached so far and the number of boards there are.
    pub fn explore(
        puzzle: &Puzzle,
        with_taps: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<SmallSpace, TooManyBoards> {
        let (shape, goal) = (puzzle.shape(), puzzle.goal());
        let cells = shape.cells();
        if cells > MAX_CELLS {
            return Err(TooManyBoards { shape });
        }
        let total = 1usize << cells;
        let flips = flip_masks(puzzle);
        let mut distances = vec![UNREACHED; total];
        let mut taps = with_taps.then(|| vec![0u32; total]);
        let all_black = (total - 1) as u32;
        let mut layer: Vec<u32> = Vec::new();
        for color in goal.colors() {
            let start = if *color == Color::Black { all_black } else { 0 };
            if distances[start as usize] == UNREACHED {
                distances[start as usize] = 0;
                layer.push(start);
            }
        }
        let mut reached = layer.len() as u64;
        // Only the boards the goals can reach are ever reached: that is the total to show.
        let reachable = reachable_count(&flips, &layer);
        // A small layer is walked from its list; a large one by scanning the distances in
        // order, which visits neighbouring boards together and keeps memory access local.
        let list_limit = list_limit(total);
        let mut listed = true;
        let mut next_layer: Vec<u32> = Vec::new();
        let mut distance = 0u8;
        loop {
            progress(reached, reachable);
            let mut search = Layer {
                distance,
                distances: &mut distances,
                taps: taps.as_deref_mut(),
                flips: &flips,
                next: &mut next_layer,
                list_limit,
                grew: 0,
            };
            if listed {
                for &state in &layer {
                    search.visit(state as usize);
                }
            } else {
                for state in 0..total {
                    if search.distances[state] == distance {
                        search.visit(state);
                    }
                }
            }
            let grew = search.grew;
            if grew == 0 {
                break;
            }
            reached += grew;
            listed = grew < list_limit as u64;
            std::mem::swap(&mut layer, &mut next_layer);
            next_layer.clear();
            distance += 1;
        }
        progress(reached, reachable);
        Ok(SmallSpace {
            shape,
            distances,
            taps,
            flips,
        })
    }

    /// The board bits a tap on cell `index` (row-major) turns over.
    pub fn flip_mask(&self, index: usize) -> u32 {
        self.flips[index].0
    }

    /// The shape explored.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The least optimal tap set for the board with these bits (when explored with taps).
    pub fn taps(&self, bits: u32) -> Option<u32> {
        self.moves(bits)?;
        self.taps.as_ref().map(|taps| taps[bits as usize])
    }

    /// The distances and (when explored with taps) least optimal tap sets, by board bits.
    pub fn into_parts(self) -> (Vec<u8>, Option<Vec<u32>>) {
        (self.distances, self.taps)
    }

    /// The board with these bits.
    pub fn board(&self, bits: u32) -> Grid {
        grid_from_bits(self.shape, bits)
    }

    /// The boards from `bits` to a finished board along the least optimal tap set (when explored
    /// with taps), tapped in row-major order, each with the cell tapped to reach the next:
    /// `[(start, first tap), (after it, second tap), ..]`, then the finished board last with no
    /// tap. `None` for an impossible board.
    pub fn path(&self, bits: u32) -> Option<Vec<(u32, Option<usize>)>> {
        let taps = self.taps(bits)?;
        let cells = self.flips.len();
        let mut board = bits;
        let mut path = Vec::new();
        for index in (0..cells).filter(|index| taps >> (cells - 1 - index) & 1 == 1) {
            path.push((board, Some(index)));
            board ^= self.flips[index].0;
        }
        path.push((board, None));
        Some(path)
    }
}

/// Every board of a small puzzle, numbered (two-state boards by their bits, boards of K states
/// by their digits read in base K): the fewest taps of each, and a tap as an edge from one to
/// another, for reports, pools of boards and pictures. Two-state spaces ([`SmallSpace`]) and
/// spaces of K states ([`StateSpace`]) are both one.
pub trait Space {
    /// The board shape.
    fn shape(&self) -> Shape;
    /// The states of a piece: 2 for black and white.
    fn states(&self) -> u8;
    /// Every board's fewest taps in the order of their numbers, 255 where no taps finish it.
    fn distances(&self) -> &[u8];
    /// The board one tap of row-major cell `index` makes of `board`.
    fn tapped(&self, board: u32, index: usize) -> u32;
    /// The state of row-major cell `index` of `board` (for two states, 1 is black).
    fn state(&self, board: u32, index: usize) -> u8;
    /// `board` in its text form.
    fn board_text(&self, board: u32) -> String;
    /// The least of the fewest taps of `board`, each tapped cell row-major with how many times,
    /// when the space was explored with its tap sets and the board can be finished.
    fn tapped_cells(&self, board: u32) -> Option<Vec<(Cell, u8)>>;
    /// The boards from `board` to a finished one along the least of its fewest taps, tapped in
    /// row-major order (a cell tapped j times j times running), each with the cell tapped to
    /// reach the next, the finished board last with none; `None` when impossible (or when the
    /// space was explored without its tap sets).
    fn path(&self, board: u32) -> Option<Vec<(u32, Option<usize>)>>;

    /// The number of boards: states^cells.
    fn positions(&self) -> u64 {
        self.distances().len() as u64
    }

    /// The fewest taps of `board`, or `None` when no taps finish it.
    fn moves(&self, board: u32) -> Option<u8> {
        match self.distances()[board as usize] {
            UNREACHED => None,
            moves => Some(moves),
        }
    }

    /// How many boards need each number of taps: `[k]` is the boards at distance `k`, up to the
    /// largest (so the last entry is never 0).
    fn layer_sizes(&self) -> Vec<u64> {
        let mut sizes: Vec<u64> = Vec::new();
        for &moves in self.distances().iter().filter(|&&d| d != UNREACHED) {
            let moves = usize::from(moves);
            if sizes.len() <= moves {
                sizes.resize(moves + 1, 0);
            }
            sizes[moves] += 1;
        }
        sizes
    }

    /// The most taps any board needs (God's number).
    fn max_moves(&self) -> u8 {
        self.layer_sizes().len().saturating_sub(1) as u8
    }

    /// True when every tap undoes itself (two states): an edge then stands for both ways.
    fn undirected(&self) -> bool {
        self.states() == 2
    }

    /// Every edge `(from, to, tap)` once, in order of `from`, then of the tap: for two states
    /// only `from < to` (the edge back is the same tap), for K states every tap of every board;
    /// a tap that changes nothing gives none.
    fn edges(&self) -> Vec<(u32, u32, usize)> {
        let cells = self.shape().cells() as usize;
        let undirected = self.undirected();
        (0..self.positions() as u32)
            .flat_map(|from| (0..cells).map(move |index| (from, index)))
            .map(|(from, index)| (from, self.tapped(from, index), index))
            .filter(|&(from, to, _)| if undirected { from < to } else { from != to })
            .collect()
    }
}

impl Space for SmallSpace {
    fn shape(&self) -> Shape {
        self.shape
    }

    fn states(&self) -> u8 {
        2
    }

    fn distances(&self) -> &[u8] {
        &self.distances
    }

    fn tapped(&self, board: u32, index: usize) -> u32 {
        board ^ self.flips[index].0
    }

    fn state(&self, board: u32, index: usize) -> u8 {
        let cells = self.shape.cells() as usize;
        (board >> (cells - 1 - index) & 1) as u8
    }

    /// Written from the bits, without a grid: `table` writes one a board.
    fn board_text(&self, board: u32) -> String {
        let (rows, cols) = (self.shape.rows() as usize, self.shape.cols() as usize);
        let cells = rows * cols;
        let mut text = String::with_capacity(cells + rows);
        for index in 0..cells {
            if index > 0 && index % cols == 0 {
                text.push('/');
            }
            let color = if board >> (cells - 1 - index) & 1 == 1 {
                Color::Black
            } else {
                Color::White
            };
            text.push(color.letter());
        }
        text
    }

    fn tapped_cells(&self, board: u32) -> Option<Vec<(Cell, u8)>> {
        let taps = self.taps(board)?;
        let cells = self.shape.cells() as usize;
        let cols = self.shape.cols() as usize;
        Some(
            (0..cells)
                .filter(|index| taps >> (cells - 1 - index) & 1 == 1)
                .map(|index| (Cell::at_index(index, cols), 1))
                .collect(),
        )
    }

    fn path(&self, board: u32) -> Option<Vec<(u32, Option<usize>)>> {
        SmallSpace::path(self, board)
    }
}

/// One layer of the search being expanded into the next.
struct Layer<'a> {
    distance: u8,
    distances: &'a mut [u8],
    taps: Option<&'a mut [u32]>,
    flips: &'a [(u32, u32)],
    next: &'a mut Vec<u32>,
    list_limit: usize,
    grew: u64,
}

impl Layer<'_> {
    /// Reaches every neighbour of `state` (at this layer's distance) not reached before, and
    /// offers each neighbour one layer further the tap set through `state`.
    #[inline]
    fn visit(&mut self, state: usize) {
        let state_taps = self.taps.as_ref().map_or(0, |t| t[state]);
        let further = self.distance + 1;
        for &(flip, tap_bit) in self.flips {
            let next = state ^ flip as usize;
            if self.distances[next] == UNREACHED {
                self.distances[next] = further;
                self.grew += 1;
                if self.next.len() < self.list_limit {
                    self.next.push(next as u32);
                }
                if let Some(taps) = self.taps.as_mut() {
                    taps[next] = state_taps | tap_bit;
                }
            } else if self.distances[next] == further
                && let Some(taps) = self.taps.as_mut()
            {
                taps[next] = taps[next].min(state_taps | tap_bit);
            }
        }
    }
}

/// The most boards of a layer kept in a list: 1/32 of all the boards, so the lists of two
/// layers take a quarter of the memory of the distances (4 bytes a board listed, 1 a board).
fn list_limit(boards: usize) -> usize {
    boards / 32
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
    grid.cells()
        .map(|(row, col)| 1u32 << (cells - 1 - (row * cols + col)))
        .fold(0, |bits, bit| bits | bit)
}

/// How many boards some taps turn into one of the `finished` boards: 2^rank of the tap masks
/// for each finished board not reachable from another.
fn reachable_count(flips: &[(u32, u32)], finished: &[u32]) -> u64 {
    // A basis of the span of the masks, one vector per leading bit.
    let mut basis = [0u32; 32];
    let reduce = |basis: &[u32; 32], mut vector: u32| {
        while vector != 0 {
            let top = 31 - vector.leading_zeros() as usize;
            if basis[top] == 0 {
                break;
            }
            vector ^= basis[top];
        }
        vector
    };
    for &(mask, _) in flips {
        let reduced = reduce(&basis, mask);
        if reduced != 0 {
            basis[31 - reduced.leading_zeros() as usize] = reduced;
        }
    }
    let rank = basis.iter().filter(|&&v| v != 0).count();
    let cosets = match finished {
        [a, b] if reduce(&basis, a ^ b) == 0 => 1,
        _ => finished.len() as u64,
    };
    cosets << rank
}

/// For each cell, the board bits a tap there flips and the tap's own bit.
fn flip_masks(puzzle: &Puzzle) -> Vec<(u32, u32)> {
    let shape = puzzle.shape();
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let cells = rows * cols;
    let bit = |row: usize, col: usize| 1u32 << (cells - 1 - (row * cols + col));
    (0..cells)
        .map(|index| {
            let (row, col) = (index / cols, index % cols);
            let mask = puzzle
                .flips(row, col)
                .into_iter()
                .fold(0, |mask, (r, c)| mask | bit(r, c));
            (mask, bit(row, col))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Goal;
    use crate::solve::{Solver, Strategy};

    use crate::puzzle::test_puzzle as puzzle;

    /// Both spaces write a board as its board writes itself, and give its least tap set cell
    /// by cell as the tap set the space holds, for every board of a small puzzle.
    #[test]
    fn text_and_tapped_cells_are_the_boards_own() {
        use crate::grid::StateBoard;
        use crate::puzzle::{StateGoal, StatePuzzle};
        use crate::rule::Rule;
        let two = SmallSpace::explore(
            &puzzle(2, 3, "x", false, Goal::Either),
            true,
            &mut |_, _| {},
        )
        .unwrap();
        for bits in 0..two.positions() as u32 {
            assert_eq!(two.board_text(bits), two.board(bits).to_string());
            let expected = two.taps(bits).map(|taps| {
                grid_from_bits(two.shape(), taps)
                    .cells()
                    .map(|(row, col)| (Cell::new(row, col), 1))
                    .collect::<Vec<_>>()
            });
            assert_eq!(two.tapped_cells(bits), expected, "{bits}");
        }
        let shape = Shape::new(2, 2).unwrap();
        let rule = Rule::parse("010/121/010").unwrap();
        let puzzle = StatePuzzle::new(shape, rule, false, 3, StateGoal::Any).unwrap();
        let k = StateSpace::explore(&puzzle, true, &mut |_, _| {}).unwrap();
        let mut solvable = 0;
        for index in 0..k.positions() as u32 {
            let board: StateBoard = k.board(index);
            assert_eq!(k.board_text(index), board.to_string());
            let Some(tapped) = k.tapped_cells(index) else {
                assert_eq!(k.moves(index), None);
                continue;
            };
            solvable += 1;
            let counts = k.presses(index).unwrap();
            assert!(
                tapped
                    .iter()
                    .all(|&(cell, times)| counts[cell.row * 2 + cell.col] == times)
            );
            let total: u64 = tapped.iter().map(|&(_, times)| u64::from(times)).sum();
            assert_eq!(Some(total), k.moves(index).map(u64::from));
        }
        assert!(solvable > 0);
    }

    /// A tap that turns over nothing joins a board to itself: the graph leaves it out.
    #[test]
    fn a_tap_that_turns_over_nothing_is_no_edge() {
        use crate::rule::{Graph, Rule};
        let shape = Shape::new(1, 3).unwrap();
        let graph = Graph::new(shape, vec![vec![0, 1], vec![], vec![1, 2]], "g".into()).unwrap();
        let puzzle = Puzzle::new(shape, Rule::Graph(graph), false, Goal::Either).unwrap();
        let space = SmallSpace::explore(&puzzle, false, &mut |_, _| {}).unwrap();
        let edges: Vec<(u32, u32, usize)> = space.edges();
        assert_eq!(edges.len(), 8);
        assert!(
            edges
                .iter()
                .all(|&(from, to, index)| from < to && index != 1)
        );
    }

    /// The progress total is the number of boards the search reaches, so the bar ends full.
    #[test]
    #[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
    fn progress_ends_at_its_total() {
        for (rows, cols, rule, goal) in [
            (5, 5, "plus", Goal::Either),
            (4, 4, "plus", Goal::White),
            (3, 3, "plus", Goal::Either),
            (2, 3, "plus", Goal::Black),
            (3, 4, "x", Goal::Either),
            (2, 2, "lines", Goal::Either),
            // All black is not reachable from all white: two cosets to count.
            (3, 3, "sigma", Goal::Either),
        ] {
            let puzzle = puzzle(rows, cols, rule, false, goal);
            let mut last = (0, 0);
            let space = SmallSpace::explore(&puzzle, false, &mut |done, total| {
                assert!(done <= total);
                last = (done, total);
            })
            .unwrap();
            let reached = space
                .distances()
                .iter()
                .filter(|&&d| d != UNREACHED)
                .count() as u64;
            assert_eq!(last, (reached, reached), "{rows}x{cols} {rule} {goal:?}");
        }
    }

    /// Every edge is one tap between two boards, each board has one edge per tap, and the path
    /// walks the least optimal tap set down one layer per tap to a finished board.
    #[test]
    fn edges_and_paths_follow_the_taps() {
        for (rows, cols, rule, goal) in [
            (2, 2, "plus", Goal::Either),
            (2, 3, "plus", Goal::White),
            (3, 3, "x", Goal::Either),
        ] {
            let puzzle = puzzle(rows, cols, rule, false, goal);
            let space = SmallSpace::explore(&puzzle, true, &mut |_, _| {}).unwrap();
            let cells = (rows * cols) as usize;
            let mut degree = vec![0usize; 1 << cells];
            let mut count = 0;
            for (from, to, index) in space.edges() {
                assert!(from < to);
                assert_eq!(from ^ to, space.flip_mask(index));
                degree[from as usize] += 1;
                degree[to as usize] += 1;
                count += 1;
            }
            assert_eq!(count, cells << cells >> 1, "{rows}x{cols} {rule}");
            let mut sizes = vec![0u64; usize::from(space.max_moves()) + 1];
            for bits in 0..1u32 << cells {
                if let Some(moves) = space.moves(bits) {
                    sizes[usize::from(moves)] += 1;
                }
            }
            assert_eq!(space.layer_sizes(), sizes);
            assert_ne!(sizes.last(), Some(&0));
            assert!(degree.iter().all(|&d| d == cells));
            // The paths are read through the picture's trait, as the graph command reads them.
            let graph: &dyn Space = &space;
            assert_eq!((graph.shape(), graph.states()), (puzzle.shape(), 2));
            assert_eq!(graph.positions(), 1 << cells);
            for bits in 0..1u32 << cells {
                let pieces: Vec<u8> = (0..cells).map(|index| graph.state(bits, index)).collect();
                let drawn: Vec<u8> = graph
                    .board_text(bits)
                    .bytes()
                    .filter(|&piece| piece != b'/')
                    .map(|piece| u8::from(piece == b'b'))
                    .collect();
                assert_eq!(pieces, drawn);
                let Some(path) = graph.path(bits) else {
                    assert_eq!(graph.moves(bits), None);
                    continue;
                };
                let moves = usize::from(graph.moves(bits).unwrap());
                assert_eq!(path.len(), moves + 1);
                assert_eq!(path[0].0, bits);
                for (step, pair) in path.windows(2).enumerate() {
                    let (board, Some(index)) = pair[0] else {
                        panic!("a tap before the end")
                    };
                    assert_eq!(pair[1].0, board ^ space.flip_mask(index));
                    assert_eq!(pair[1].0, graph.tapped(board, index));
                    assert_eq!(
                        usize::from(graph.moves(pair[1].0).unwrap()),
                        moves - step - 1
                    );
                }
                let (last, tap) = path[moves];
                assert_eq!((graph.moves(last), tap), (Some(0), None));
            }
        }
    }

    /// The search and the linear algebra (light chasing or elimination) are independent
    /// algorithms: they agree on every board of every shape up to 12 cells, and on an odd stride
    /// (which reaches every bit) through the larger ones, for several rules.
    #[test]
    #[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
    fn the_search_agrees_with_the_linear_algebra() {
        let shapes = [
            (1, 1),
            (1, 7),
            (2, 2),
            (2, 6),
            (3, 3),
            (3, 4),
            (4, 5),
            (5, 5),
        ];
        let rules = [
            ("plus", false),
            ("x", true),
            ("box", false),
            ("011/110/010", false),
        ];
        for (rows, cols) in shapes {
            for (rule, wrap) in rules {
                if rows * cols > 20 && rule != "plus" {
                    continue; // 2^25 boards take a while: one rule is enough there
                }
                let goals: &[Goal] = if rows * cols > 20 {
                    &[Goal::Either]
                } else {
                    &Goal::ALL
                };
                for &goal in goals {
                    let puzzle = puzzle(rows, cols, rule, wrap, goal);
                    let solver = Solver::new(puzzle.clone()).unwrap();
                    assert_ne!(solver.strategy(), Strategy::Table);
                    let space = SmallSpace::explore(&puzzle, true, &mut |_, _| {}).unwrap();
                    let positions = space.positions() as usize;
                    let step = if positions <= 1 << 12 {
                        1
                    } else {
                        (positions / 1500) | 1
                    };
                    for bits in (0..space.positions() as u32).step_by(step) {
                        let solution = solver.solve(&space.board(bits));
                        assert_eq!(
                            space.moves(bits).map(u64::from),
                            solution.as_ref().map(|s| s.moves())
                        );
                        assert_eq!(
                            space.taps(bits),
                            solution.map(|s| bits_of_grid(&s.taps)),
                            "{rows}x{cols} {rule} {bits:b}"
                        );
                    }
                }
            }
        }
    }

    /// The lists are bounded by the boards there are: 1 MiB boards (4 MiB) for 5x5's 32 MiB.
    #[test]
    fn a_layer_is_listed_only_while_it_is_small() {
        assert_eq!(list_limit(1 << 25), 1 << 20);
        assert_eq!(list_limit(32), 1);
    }

    #[test]
    fn shapes_above_25_cells_are_refused() {
        let error = SmallSpace::explore(
            &puzzle(2, 13, "plus", false, Goal::Either),
            false,
            &mut |_, _| {},
        )
        .err()
        .unwrap();
        assert!(error.to_string().contains("2^26"));
    }

    #[test]
    fn progress_reaches_the_number_of_solvable_boards() {
        let mut last = (0, 0);
        let space = SmallSpace::explore(
            &puzzle(3, 3, "plus", false, Goal::White),
            false,
            &mut |done, total| last = (done, total),
        )
        .unwrap();
        let solvable = space
            .distances()
            .iter()
            .filter(|&&d| d != UNREACHED)
            .count() as u64;
        assert_eq!(last, (solvable, 512));
    }
}
