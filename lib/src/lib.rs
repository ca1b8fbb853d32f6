//! flipgame: the Flip Game (POJ 1753) and its Lights Out family, as a library.
//!
//! The core knows nothing of command lines, terminals or files; it takes and returns values
//! (a picture is an SVG string; drawing for a terminal is the binary's).
//! Two kinds of piece share it: two-sided pieces (black and white, bits over GF(2)) and pieces
//! of K colours (bytes over Z_K, a tap adding its weights mod K). [`kind`] says what a kind is;
//! everything but the two algebras is written once, generic over it. From the bottom floor up:
//!
//! - [`notation`]: the colour of a piece, how cells are written, and the words of input errors;
//!   [`words`]: the words messages and pictures share (`1 tap`, `65,536`, `12.50%`);
//! - [`grid`]: boards of any size, one bit a cell for two states and one byte for K, and
//!   [`board`]: the 4x4 board's 16-bit id and the one-line board text;
//! - [`random`]: the seeded generator; [`rule`]: the tap rules (named stencils, inline stencils,
//!   `lines`, rule files); [`puzzle`]: what a board means (shape, rule, wrap, goal, and for K
//!   colours the number of states); [`input`]: a streaming parser that turns bytes into boards
//!   and positioned errors;
//! - [`space`]: every board of a small puzzle, explored whole;
//! - [`solve`]: the exact solvers: for two states one entry point that picks the strategy (the
//!   4x4 distance table, light chasing, banded elimination over GF(2)) and gives exact
//!   minimums, quiet patterns and proofs; [`solve::states`] the fewest taps of K states, exact
//!   for every K;
//! - [`kind`]: one notion of kind over all of the above; [`record`]: an answer as every front
//!   end gives it (the command line's JSON, Python's dicts), as serde types;
//! - [`game`]: the game of `flipgame play` as a state machine (history, hints and proofs from
//!   the exact solver, no terminal); [`generate`]: random boards of a given distance,
//!   reproducible from a seed; [`judge`]: the online judges of the family as plug-ins (each
//!   reads its input, writes its exact output, and checks a contestant's); [`stats`]: the facts
//!   of a puzzle (histogram, God's number, the algebra of its taps);
//! - [`figure`]: what a board's answer looks like to people, decided once for every front end
//!   (`explain`'s walkthroughs and proofs, in [`figure::explain`]) and drawn as SVG with
//!   [`render`]'s pieces and marks, or as a web page ([`figure::html`]: a walkthrough, or the
//!   puzzle to play): the command line (which also draws figures as terminal text) and the
//!   Python module (`python/` in the repository) draw the same pictures from it.
//!
//! # Example
//!
//! ```
//! use flipgame::grid::{Grid, Shape};
//! use flipgame::puzzle::{Goal, Puzzle};
//! use flipgame::rule::Rule;
//! use flipgame::solve::Solver;
//!
//! // The statement's example: four taps, and which ones.
//! let solver = Solver::new(Puzzle::flip_game()).expect("4x4 always fits");
//! let board = Grid::parse("bwwb/bbwb/bwwb/bwww", Shape::FLIP_GAME).expect("a 4x4 board");
//! let solution = solver.solve(&board).expect("solvable");
//! assert_eq!(solution.moves(), 4);
//! assert!(solution.optimal);
//!
//! // An impossible board comes with a proof: 8 cells that every tap meets an even number of
//! // times, holding 3 black pieces where both finished boards hold an even number.
//! let board = Grid::parse("bwbw/wwww/bbwb/bwwb", Shape::FLIP_GAME).expect("a 4x4 board");
//! assert!(solver.solve(&board).is_none());
//! let proof = solver.proof(&board).expect("impossible boards have one");
//! assert_eq!((proof.pattern.count(), proof.black), (8, 3));
//!
//! // Any size and rule: the all-black 10x10 board under `plus` needs 44 taps to turn white.
//! let shape = Shape::new(10, 10).expect("a shape");
//! let puzzle = Puzzle::new(shape, Rule::parse("plus").expect("a rule"), false, Goal::White)
//!     .expect("a puzzle");
//! let board = Grid::parse(&["bbbbbbbbbb"; 10].join("/"), shape).expect("a 10x10 board");
//! let solver = Solver::new(puzzle).expect("small enough");
//! assert_eq!(solver.solve(&board).map(|s| s.moves()), Some(44));
//! ```
//!
//! The command-line manual is `GUIDE.md` in the repository, and how the answers are found is
//! `docs/algorithms.md`.

#![warn(missing_docs)]

pub mod board;
pub mod figure;
pub mod game;
pub mod generate;
pub mod grid;
pub mod input;
pub mod judge;
pub mod kind;
pub mod notation;
pub mod puzzle;
pub mod random;
pub mod record;
pub mod render;
pub mod rule;
pub mod settings;
pub mod solve;
pub mod space;
pub mod stats;
pub mod words;

/// The README's Rust examples, compiled and run as doc tests so they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
