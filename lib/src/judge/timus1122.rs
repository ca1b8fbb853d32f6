//! Timus 1122 Game: four lines of `W`/`B`, then three lines of `0`/`1` giving the 3x3 pattern a
//! move turns over (the middle is the cell moved on; cells off the board are ignored); either
//! colour finishes; the fewest moves or `Impossible`.

use super::{
    Case, Emit, Framing, Judge, Limits, Tokens, read_back_to_back, read_letter_rows,
    write_letter_rows,
};
use crate::grid::{Grid, Shape};
use crate::kind::TwoStates;
use crate::puzzle::{Goal, Puzzle};
use crate::random::Generator;
use crate::rule::{Graph, Rule};

/// Timus 1122.
pub struct Timus1122;

/// The pattern of a case's rule, back as 3 rows of 0/1 (for writing inputs).
fn stencil_rows(puzzle: &Puzzle) -> Grid {
    let mut stencil = Grid::new(Shape::new(3, 3).unwrap_or(Shape::FLIP_GAME));
    // The cell r2c2 of a 4x4 board sees the whole 3x3 pattern on the board.
    for (row, col) in puzzle.flips(1, 1) {
        stencil.set(row, col, true);
    }
    stencil
}

impl Timus1122 {
    /// The puzzle of a pattern read from the input.
    fn puzzle_of(pattern: &Grid) -> Puzzle {
        let rows: Vec<String> = (0..3)
            .map(|row| {
                (0..3)
                    .map(|col| if pattern.get(row, col) { '1' } else { '0' })
                    .collect()
            })
            .collect();
        let rule = Rule::parse(&rows.join("/")).unwrap_or_else(|_| {
            // A pattern of all 0 turns nothing over: legal in the statement, and a graph
            // whose taps turn nothing over says exactly that.
            let nothing = vec![Vec::new(); 16];
            Rule::Graph(
                Graph::new(Shape::FLIP_GAME, nothing, "000/000/000".into())
                    .unwrap_or_else(|_| unreachable!("16 empty lists fit 4x4")),
            )
        });
        Puzzle::new(Shape::FLIP_GAME, rule, false, Goal::Either)
            .unwrap_or_else(|_| Puzzle::flip_game())
    }
}

impl Judge for Timus1122 {
    type Kind = TwoStates;

    fn name(&self) -> &'static str {
        "timus1122"
    }

    fn problem(&self) -> &'static str {
        "Timus 1122 Game"
    }

    fn limits(&self) -> Limits {
        Limits {
            rows: (4, 4),
            cols: (4, 4),
            square: true,
            cases: 1,
            impossible: true,
        }
    }

    fn puzzle(&self, _shape: Shape) -> Puzzle {
        Puzzle::flip_game()
    }

    fn random_puzzle(&self, _shape: Shape, generator: &mut Generator) -> Puzzle {
        let bits = 1 + generator.below(511);
        let mut pattern = Grid::new(Shape::new(3, 3).unwrap_or(Shape::FLIP_GAME));
        for index in 0..9 {
            if bits >> index & 1 == 1 {
                pattern.set(index / 3, index % 3, true);
            }
        }
        Timus1122::puzzle_of(&pattern)
    }

    fn read(&self, input: &mut Tokens<'_>, emit: &mut Emit<'_>) {
        read_back_to_back(
            input,
            emit,
            Framing::Rows {
                lines: 7,
                letters: b"BW10",
            },
            |tokens| {
                let line = tokens.peek().map_or(1, |token| token.line);
                let board = read_letter_rows(tokens, Shape::FLIP_GAME, (b'B', b'W'));
                let three = Shape::new(3, 3).unwrap_or(Shape::FLIP_GAME);
                let pattern = read_letter_rows(tokens, three, (b'1', b'0'));
                // The board's mistake first: a board cut short is not a pattern cut short.
                let (board, pattern) = (board?, pattern?);
                Ok(Case {
                    puzzle: Timus1122::puzzle_of(&pattern),
                    board,
                    name: None,
                    line,
                })
            },
        )
    }

    fn write_input(&self, cases: &[Case], out: &mut Vec<u8>) {
        for case in cases {
            write_letter_rows(&case.board, (b'B', b'W'), out);
            write_letter_rows(&stencil_rows(&case.puzzle), (b'1', b'0'), out);
        }
    }
}
