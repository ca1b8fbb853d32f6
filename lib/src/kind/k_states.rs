//! Pieces of K colours as a [`Kind`]: boards are [`StateBoard`]s, solved over Z_K by
//! [`StateSolver`].

use std::time::Duration;

use serde::Serialize;

use super::{ColorRecord, KStates, Kind, QuietGenerator, SolutionOf, binomial};
use crate::board::BoardId;
use crate::grid::{Shape, StateBoard};
use crate::notation::{Cell, Cells, state_digit};
use crate::puzzle::{StateGoal, StatePuzzle};
use crate::random::Generator;
use crate::rule::Rule;
use crate::solve::Stage;
use crate::solve::states::modular::CyclicFactor;
use crate::solve::states::{StateProof, StateSolver, TooManyStateCells};
use crate::space::{
    StateSpace, TooManyStateBoards, state_board_number, state_board_numbered, state_boards,
};
use crate::words::Noun;

/// A proof for pieces of K colours as records give it: a weight a cell (rows from the top),
/// the board's weighted sum and every finished board's, mod K, which no press changes.
#[derive(Serialize)]
pub struct WeightsRecord {
    weights: Vec<Vec<u8>>,
    board_sum: u8,
    finished_sum: u8,
}

impl Kind for KStates {
    type Board = StateBoard;
    type Puzzle = StatePuzzle;
    type Goal = StateGoal;
    type Color = u8;
    type Taps = Vec<u8>;
    type Solver = StateSolver;
    type Plan = StateSolver;
    type TooLarge = TooManyStateCells;
    type Proof = StateProof;
    type Space = StateSpace;
    type TooManyBoards = TooManyStateBoards;
    type ProofRecord<'a> = WeightsRecord;

    const COUNTED: bool = true;

    const NOUN: Noun = Noun {
        one: "press",
        many: "presses",
        title: "Press",
    };

    fn states(puzzle: &StatePuzzle) -> u8 {
        puzzle.states()
    }

    fn size_words(puzzle: &StatePuzzle) -> String {
        format!("{}, {} colours", puzzle.shape(), puzzle.states())
    }

    fn goal_words(puzzle: &StatePuzzle) -> String {
        match puzzle.goal() {
            StateGoal::Color(color) => format!("all {}", state_digit(color)),
            StateGoal::Any => "all one colour".to_string(),
        }
    }

    fn color_words(color: u8) -> impl std::fmt::Display {
        // The digit the board shows, so that words and pieces agree past 9 (`a`, not 10).
        state_digit(color)
    }

    fn colors_words(puzzle: &StatePuzzle) -> String {
        format!("0 to {}", puzzle.states() - 1)
    }

    fn board_of_colors(puzzle: &StatePuzzle, colors: &[u8]) -> Result<StateBoard, usize> {
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let cols = shape.cols() as usize;
        let mut board = StateBoard::new(shape, states);
        for (index, &color) in colors.iter().enumerate() {
            if color >= states {
                return Err(index);
            }
            board.set(index / cols, index % cols, color);
        }
        Ok(board)
    }

    fn quiet_patterns(solver: &StateSolver) -> Vec<QuietGenerator> {
        generators(solver.invariants())
    }

    fn rank_nullity(solver: &StateSolver) -> Option<(u64, u64)> {
        let states = solver.puzzle().states();
        if (2..states).any(|divisor| states.is_multiple_of(divisor)) {
            return None;
        }
        let nullity = Self::quiet_generators(solver).len() as u64;
        Some((solver.puzzle().shape().cells() - nullity, nullity))
    }

    fn color_record(color: u8) -> ColorRecord {
        ColorRecord::Number(color)
    }

    fn goal_record(puzzle: &StatePuzzle) -> ColorRecord {
        match puzzle.goal() {
            StateGoal::Color(color) => ColorRecord::Number(color),
            StateGoal::Any => ColorRecord::Name("any"),
        }
    }

    fn proof_record(puzzle: &StatePuzzle, proof: &StateProof) -> WeightsRecord {
        let cols = puzzle.shape().cols() as usize;
        WeightsRecord {
            weights: proof.weights.chunks(cols).map(<[u8]>::to_vec).collect(),
            board_sum: proof.board_sum,
            finished_sum: proof.finished_sum,
        }
    }

    fn rule(puzzle: &StatePuzzle) -> &Rule {
        puzzle.rule()
    }

    fn wrap(puzzle: &StatePuzzle) -> bool {
        puzzle.wrap()
    }

    fn shape(puzzle: &StatePuzzle) -> Shape {
        puzzle.shape()
    }

    fn goal(puzzle: &StatePuzzle) -> StateGoal {
        puzzle.goal()
    }

    fn goal_colors(puzzle: &StatePuzzle) -> Vec<u8> {
        match puzzle.goal() {
            StateGoal::Color(color) => vec![color],
            StateGoal::Any => (0..puzzle.states()).collect(),
        }
    }

    fn cells(puzzle: &StatePuzzle, _given: Cells) -> Cells {
        Cells::States(puzzle.states())
    }

    fn board_id(_board: &StateBoard) -> Option<BoardId> {
        None
    }

    fn board_shape(board: &StateBoard) -> Shape {
        board.shape()
    }

    fn reached(puzzle: &StatePuzzle, cell: Cell) -> Vec<Cell> {
        puzzle
            .presses(cell.row, cell.col)
            .into_iter()
            .map(|(at, _)| Cell::from(at))
            .collect()
    }

    fn tap_weights(puzzle: &StatePuzzle, cell: Cell) -> Vec<(Cell, u8)> {
        let presses = puzzle.presses(cell.row, cell.col).into_iter();
        // A rule's weights are below K (the puzzle refuses others), so each fits a byte.
        presses
            .map(|(at, weight)| (Cell::from(at), weight as u8))
            .collect()
    }

    fn colors_of(board: &StateBoard) -> Vec<u8> {
        board.cells().to_vec()
    }

    fn filled(puzzle: &StatePuzzle, color: u8) -> StateBoard {
        StateBoard::filled(puzzle.shape(), puzzle.states(), color)
    }

    fn with_goal_color(puzzle: &StatePuzzle, color: u8) -> StatePuzzle {
        puzzle.with_goal(StateGoal::Color(color))
    }

    fn quiet_generators(solver: &StateSolver) -> Vec<QuietGenerator> {
        generators(solver.kernel())
    }

    fn proof_weights(proof: &StateProof) -> Vec<u8> {
        proof.weights.clone()
    }

    fn tap(puzzle: &StatePuzzle, board: &mut StateBoard, cell: Cell) {
        puzzle.tap(board, cell.row, cell.col);
    }

    fn is_finished(puzzle: &StatePuzzle, board: &StateBoard) -> bool {
        puzzle.is_finished(board)
    }

    fn color_number(color: u8) -> u8 {
        color
    }

    /// The Smith form (or the chase) is worked out here: a K-state solver has no preparation
    /// left.
    fn plan(puzzle: StatePuzzle) -> Result<StateSolver, TooManyStateCells> {
        StateSolver::new(puzzle)
    }

    fn planned_puzzle(plan: &StateSolver) -> &StatePuzzle {
        plan.puzzle()
    }

    fn prepares_quickly(_plan: &StateSolver) -> bool {
        true
    }

    fn prepare(plan: StateSolver, _progress: &mut dyn FnMut(u64, u64)) -> StateSolver {
        plan
    }

    fn puzzle(solver: &StateSolver) -> &StatePuzzle {
        solver.puzzle()
    }

    fn set_search_time(solver: &mut StateSolver, limit: Option<Duration>) {
        solver.set_search_time(limit);
    }

    fn moves_by_lookup(_puzzle: &StatePuzzle) -> bool {
        false
    }

    fn search_time(solver: &StateSolver) -> Option<Duration> {
        solver.search_time()
    }

    fn solve_within(
        solver: &StateSolver,
        board: &StateBoard,
        search_time: Option<Duration>,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> Option<SolutionOf<KStates>> {
        solver.solve_within(board, search_time, progress)
    }

    fn proof(solver: &StateSolver, board: &StateBoard) -> Option<StateProof> {
        solver.proof(board)
    }

    /// A board can be finished exactly when every invariant weighting sums it as it sums a
    /// finished board: with none, every board can.
    fn has_impossible_boards(solver: &StateSolver) -> bool {
        !solver.invariants().is_empty()
    }

    fn explore(
        puzzle: &StatePuzzle,
        with_taps: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<StateSpace, TooManyStateBoards> {
        StateSpace::explore(puzzle, with_taps, progress)
    }

    fn is_explorable(puzzle: &StatePuzzle) -> bool {
        state_boards(puzzle.shape(), puzzle.states()).is_some()
    }

    fn index_of(space: &StateSpace, board: &StateBoard) -> u32 {
        space.index_of(board)
    }

    fn board_at(space: &StateSpace, index: u32) -> StateBoard {
        space.board(index)
    }

    fn numbered_boards(puzzle: &StatePuzzle) -> Option<u32> {
        state_boards(puzzle.shape(), puzzle.states()).and_then(|boards| u32::try_from(boards).ok())
    }

    fn board_numbered(puzzle: &StatePuzzle, number: u32) -> StateBoard {
        state_board_numbered(puzzle.shape(), puzzle.states(), number)
    }

    fn board_number(board: &StateBoard) -> u32 {
        state_board_number(board)
    }

    fn random_board(puzzle: &StatePuzzle, generator: &mut Generator) -> StateBoard {
        let mut board = StateBoard::new(puzzle.shape(), puzzle.states());
        let cols = puzzle.shape().cols() as usize;
        for cell in 0..puzzle.shape().cells() as usize {
            let state = generator.below(u64::from(puzzle.states())) as u8;
            board.set(cell / cols, cell % cols, state);
        }
        board
    }

    /// The multisets of `moves` cells: each way to share `moves` taps among the cells, counts
    /// of K or more included.
    fn tap_sets(puzzle: &StatePuzzle, moves: u64) -> u64 {
        let cells = puzzle.shape().cells();
        binomial((cells + moves).saturating_sub(1), moves)
    }

    /// A finished board (of the goal's colour, or of a colour drawn evenly for `any`), each
    /// cell tapped a uniformly random number of times below K.
    fn solvable_board(puzzle: &StatePuzzle, generator: &mut Generator) -> StateBoard {
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let mut board = goal_board(puzzle, generator);
        let cols = shape.cols() as usize;
        for cell in 0..shape.cells() as usize {
            for _ in 0..generator.below(u64::from(states)) {
                puzzle.tap(&mut board, cell / cols, cell % cols);
            }
        }
        board
    }

    /// A finished board (as for [`Kind::solvable_board`]) from which `moves` taps at random
    /// cells, each fewer than K times, were taken back: those taps finish it.
    fn scrambled_board(puzzle: &StatePuzzle, moves: u64, generator: &mut Generator) -> StateBoard {
        let (shape, states) = (puzzle.shape(), puzzle.states());
        let mut board = goal_board(puzzle, generator);
        let cols = shape.cols() as usize;
        let mut counts = vec![0u8; shape.cells() as usize];
        let mut tapped = 0;
        while tapped < moves {
            let cell = generator.below(shape.cells()) as usize;
            if counts[cell] + 1 < states {
                counts[cell] += 1;
                tapped += 1;
                KStates::untap(puzzle, &mut board, Cell::at_index(cell, cols));
            }
        }
        board
    }
}

/// A finished board of `puzzle`: of the goal's colour, or of a colour drawn evenly for `any`.
fn goal_board(puzzle: &StatePuzzle, generator: &mut Generator) -> StateBoard {
    let color = match puzzle.goal() {
        StateGoal::Color(color) => color,
        StateGoal::Any => generator.below(u64::from(puzzle.states())) as u8,
    };
    StateBoard::filled(puzzle.shape(), puzzle.states(), color)
}

/// The generators of a group over Z_K (quiet press counts, or quiet patterns) with their
/// orders.
fn generators(factors: Vec<CyclicFactor>) -> Vec<QuietGenerator> {
    // The values are taken mod K, below 36: each fits a byte.
    factors
        .into_iter()
        .map(|factor| QuietGenerator {
            counts: factor.values.iter().map(|&value| value as u8).collect(),
            order: factor.order,
        })
        .collect()
}
