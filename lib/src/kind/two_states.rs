//! Two-sided pieces as a [`Kind`]: boards are [`Grid`]s, solved over GF(2) by [`Solver`].

use std::time::Duration;

use serde::Serialize;

use super::{ColorRecord, Kind, QuietGenerator, SolutionOf, TwoStates, binomial};
use crate::board::BoardId;
use crate::grid::{Grid, SetCells, Shape};
use crate::notation::{Cell, Cells, Color};
use crate::puzzle::{Goal, Puzzle};
use crate::random::Generator;
use crate::rule::Rule;
use crate::solve::{
    Certificate, DistanceTable, Solver, SolverPlan, Stage, Strategy, TooLargeToSolve,
};
use crate::space::{MAX_CELLS, SmallSpace, TooManyBoards, bits_of_grid, grid_from_bits};
use crate::words::Noun;

/// A two-sided proof as records give it: the quiet pattern's cells, and the board's black
/// pieces on them (an odd count where every finished board has an even one, or the reverse).
#[derive(Serialize)]
pub struct CertificateRecord<'a> {
    cells: SetCells<'a>,
    black: u64,
}

impl Kind for TwoStates {
    type Board = Grid;
    type Puzzle = Puzzle;
    type Goal = Goal;
    type Color = Color;
    type Taps = Grid;
    type Solver = Solver;
    type Plan = SolverPlan;
    type TooLarge = TooLargeToSolve;
    type Proof = Certificate;
    type Space = SmallSpace;
    type TooManyBoards = TooManyBoards;
    type ProofRecord<'a> = CertificateRecord<'a>;

    const COUNTED: bool = false;

    const NOUN: Noun = Noun {
        one: "tap",
        many: "taps",
        title: "Tap",
    };

    fn states(_puzzle: &Puzzle) -> u8 {
        2
    }

    fn size_words(puzzle: &Puzzle) -> String {
        puzzle.shape().to_string()
    }

    fn goal_words(puzzle: &Puzzle) -> String {
        match puzzle.goal() {
            Goal::Either => "all white or all black",
            Goal::White => "all white",
            Goal::Black => "all black",
        }
        .to_string()
    }

    fn color_words(color: u8) -> impl std::fmt::Display {
        Color::of_number(color)
    }

    fn colors_words(_puzzle: &Puzzle) -> String {
        "0 (white) or 1 (black)".to_string()
    }

    fn board_of_colors(puzzle: &Puzzle, colors: &[u8]) -> Result<Grid, usize> {
        // Checked whole first (a loop without an early exit, which the compiler vectorises),
        // placed only when wrong.
        if colors.iter().fold(0, |largest, &color| largest | color) > 1 {
            return Err(colors.iter().position(|&color| color > 1).unwrap_or(0));
        }
        let shape = puzzle.shape();
        if shape.is_flip_game() {
            // The game's own board, a million at a time: its 16 bits at once.
            let bits = colors
                .iter()
                .fold(0, |bits, &color| bits << 1 | u16::from(color));
            return Ok(Grid::from_bits16(bits));
        }
        let cols = shape.cols() as usize;
        let mut board = Grid::new(shape);
        for (row, pieces) in colors.chunks(cols.max(1)).enumerate() {
            // A row's words built whole: a batch of a million boards is read this way.
            let words = board.row_mut(row);
            for (word, pieces) in words.iter_mut().zip(pieces.chunks(64)) {
                *word = pieces
                    .iter()
                    .fold(0, |bits, &color| bits << 1 | u64::from(color))
                    << (64 - pieces.len());
            }
        }
        Ok(board)
    }

    fn quiet_patterns(solver: &Solver) -> Vec<QuietGenerator> {
        generators(solver.quiet_pattern_basis())
    }

    fn rank_nullity(solver: &Solver) -> Option<(u64, u64)> {
        Some((solver.rank(), solver.nullity() as u64))
    }

    fn color_record(color: u8) -> ColorRecord {
        ColorRecord::Name(Color::of_number(color).name())
    }

    fn goal_record(puzzle: &Puzzle) -> ColorRecord {
        ColorRecord::Name(puzzle.goal().name())
    }

    fn proof_record<'a>(_puzzle: &Puzzle, proof: &'a Certificate) -> CertificateRecord<'a> {
        CertificateRecord {
            cells: SetCells(&proof.pattern),
            black: proof.black,
        }
    }

    fn rule(puzzle: &Puzzle) -> &Rule {
        puzzle.rule()
    }

    fn wrap(puzzle: &Puzzle) -> bool {
        puzzle.wrap()
    }

    fn shape(puzzle: &Puzzle) -> Shape {
        puzzle.shape()
    }

    fn goal(puzzle: &Puzzle) -> Goal {
        puzzle.goal()
    }

    fn goal_colors(puzzle: &Puzzle) -> Vec<Color> {
        puzzle.goal().colors().to_vec()
    }

    fn cells(_puzzle: &Puzzle, given: Cells) -> Cells {
        given
    }

    fn board_id(board: &Grid) -> Option<BoardId> {
        BoardId::of(board)
    }

    fn board_shape(board: &Grid) -> Shape {
        board.shape()
    }

    fn reached(puzzle: &Puzzle, cell: Cell) -> Vec<Cell> {
        puzzle
            .flips(cell.row, cell.col)
            .into_iter()
            .map(Cell::from)
            .collect()
    }

    fn tap_weights(puzzle: &Puzzle, cell: Cell) -> Vec<(Cell, u8)> {
        let reached = Self::reached(puzzle, cell);
        reached.into_iter().map(|at| (at, 1)).collect()
    }

    fn colors_of(board: &Grid) -> Vec<u8> {
        let shape = board.shape();
        let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
        (0..rows)
            .flat_map(|row| (0..cols).map(move |col| u8::from(board.get(row, col))))
            .collect()
    }

    fn filled(puzzle: &Puzzle, color: u8) -> Grid {
        Grid::filled(puzzle.shape(), Color::of_number(color))
    }

    fn with_goal_color(puzzle: &Puzzle, color: u8) -> Puzzle {
        let goal = match color {
            0 => Goal::White,
            _ => Goal::Black,
        };
        puzzle.with_goal(goal)
    }

    fn quiet_generators(solver: &Solver) -> Vec<QuietGenerator> {
        generators(solver.quiet_tap_basis())
    }

    fn proof_weights(proof: &Certificate) -> Vec<u8> {
        Self::colors_of(&proof.pattern)
    }

    fn tap(puzzle: &Puzzle, board: &mut Grid, cell: Cell) {
        puzzle.tap(board, cell.row, cell.col);
    }

    fn is_finished(puzzle: &Puzzle, board: &Grid) -> bool {
        puzzle.is_finished(board)
    }

    fn apply(puzzle: &Puzzle, board: &mut Grid, taps: &Grid) {
        puzzle.apply(board, taps);
    }

    fn color_number(color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    fn plan(puzzle: Puzzle) -> Result<SolverPlan, TooLargeToSolve> {
        Solver::plan(puzzle)
    }

    fn planned_puzzle(plan: &SolverPlan) -> &Puzzle {
        plan.puzzle()
    }

    fn prepares_quickly(plan: &SolverPlan) -> bool {
        plan.strategy() == Strategy::Table
    }

    fn prepare(plan: SolverPlan, progress: &mut dyn FnMut(u64, u64)) -> Solver {
        plan.prepare(progress)
    }

    fn puzzle(solver: &Solver) -> &Puzzle {
        solver.puzzle()
    }

    fn set_search_time(solver: &mut Solver, limit: Option<Duration>) {
        solver.set_search_time(limit);
    }

    #[inline(always)]
    fn moves(solver: &Solver, board: &Grid) -> Option<u64> {
        solver.moves(board)
    }

    fn moves_by_lookup(puzzle: &Puzzle) -> bool {
        puzzle.shape().is_flip_game()
    }

    fn distance_table(solver: &Solver) -> Option<&DistanceTable> {
        solver.distance_table()
    }

    fn search_time(solver: &Solver) -> Option<Duration> {
        solver.search_time()
    }

    fn solve_within(
        solver: &Solver,
        board: &Grid,
        search_time: Option<Duration>,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<SolutionOf<TwoStates>> {
        solver.solve_within(board, search_time, progress)
    }

    fn fewest(solver: &Solver, board: &Grid) -> Option<(u64, bool)> {
        solver.fewest(board)
    }

    fn proof(solver: &Solver, board: &Grid) -> Option<Certificate> {
        solver.proof(board)
    }

    /// The solvable boards are one coset of the tap matrix's column space per reachable goal,
    /// so they fill the space only when there are as many cosets as goals.
    fn has_impossible_boards(solver: &Solver) -> bool {
        let shape = solver.puzzle().shape();
        let black_from_white = solver.can_reach(&Grid::filled(shape, Color::Black), Color::White);
        let cosets: usize = if solver.puzzle().goal().colors().len() == 2 && !black_from_white {
            2
        } else {
            1
        };
        let nullity = solver.nullity();
        nullity > 0 && !(nullity == 1 && cosets == 2)
    }

    fn explore(
        puzzle: &Puzzle,
        with_taps: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<SmallSpace, TooManyBoards> {
        SmallSpace::explore(puzzle, with_taps, progress)
    }

    fn is_explorable(puzzle: &Puzzle) -> bool {
        puzzle.shape().cells() <= MAX_CELLS
    }

    fn index_of(_space: &SmallSpace, board: &Grid) -> u32 {
        bits_of_grid(board)
    }

    fn board_at(space: &SmallSpace, index: u32) -> Grid {
        space.board(index)
    }

    fn numbered_boards(puzzle: &Puzzle) -> Option<u32> {
        Self::is_explorable(puzzle).then(|| 1 << puzzle.shape().cells())
    }

    fn board_numbered(puzzle: &Puzzle, number: u32) -> Grid {
        grid_from_bits(puzzle.shape(), number)
    }

    fn board_number(board: &Grid) -> u32 {
        bits_of_grid(board)
    }

    fn random_board(puzzle: &Puzzle, generator: &mut Generator) -> Grid {
        let mut board = Grid::new(puzzle.shape());
        generator.fill(&mut board);
        board
    }

    /// The sets of `moves` distinct cells.
    fn tap_sets(puzzle: &Puzzle, moves: u64) -> u64 {
        binomial(puzzle.shape().cells(), moves)
    }

    /// An accepted colour chosen evenly, then a uniformly random set of taps applied to that
    /// finished board.
    fn solvable_board(puzzle: &Puzzle, generator: &mut Generator) -> Grid {
        let shape = puzzle.shape();
        let color = pick_color(puzzle.goal(), generator);
        let mut taps = Grid::new(shape);
        generator.fill(&mut taps);
        let mut board = Grid::filled(shape, color);
        puzzle.apply(&mut board, &taps);
        board
    }

    /// An accepted colour chosen evenly, then `moves` distinct taps, each cell drawn uniformly
    /// until that many are tapped.
    fn scrambled_board(puzzle: &Puzzle, moves: u64, generator: &mut Generator) -> Grid {
        let shape = puzzle.shape();
        let color = pick_color(puzzle.goal(), generator);
        let mut taps = Grid::new(shape);
        let cols = u64::from(shape.cols());
        while taps.count() < moves {
            let cell = generator.below(shape.cells());
            taps.set((cell / cols) as usize, (cell % cols) as usize, true);
        }
        let mut board = Grid::filled(shape, color);
        puzzle.apply(&mut board, &taps);
        board
    }
}

/// One of the colours `goal` accepts, chosen evenly.
fn pick_color(goal: Goal, generator: &mut Generator) -> Color {
    generator.pick(goal.colors()).unwrap_or(Color::White)
}

/// The generators of a group over GF(2) (quiet tap sets, or quiet patterns), each of order 2.
fn generators(basis: &[Grid]) -> Vec<QuietGenerator> {
    basis
        .iter()
        .map(|grid| QuietGenerator {
            counts: TwoStates::colors_of(grid),
            order: 2,
        })
        .collect()
}
