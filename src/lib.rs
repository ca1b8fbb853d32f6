//! flipgame: the Flip Game (POJ 1753) and its Lights Out family, as a library.
//!
//! The core knows nothing of command lines, terminals or files; it takes and returns values:
//!
//! - [`board`]: the 4x4 bitboard, its cells, taps, ids and text form;
//! - [`solver`]: the distance table, one breadth-first search from the finished boards, with the
//!   least optimal tap set of every board;
//! - [`grid`] and [`lights`]: boards of any size (4x4 included), bit-packed, solved exactly by
//!   light chasing and elimination over GF(2): the tap matrix, its quiet patterns, and the
//!   certificates that prove a board impossible;
//! - [`space`]: the whole state space of boards up to 25 cells, by breadth-first search;
//! - [`stats`]: the facts of the whole state space (histogram, God's number, quiet patterns);
//! - [`generate`]: random boards of a given distance, reproducible from a seed;
//! - [`input`]: a streaming parser that turns bytes into boards and positioned errors;
//! - [`diagnostic`]: the words of those errors.

#![warn(missing_docs)]

pub mod board;
pub mod diagnostic;
pub mod generate;
pub mod grid;
pub mod input;
pub mod lights;
pub mod solver;
pub mod space;
pub mod stats;
