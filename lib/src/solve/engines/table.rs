//! The distance table of a 4x4 puzzle: the fewest taps and the least optimal tap set of every
//! one of the 65,536 boards, looked up in constant time.
//!
//! It is the state-space search of [`crate::space`] (a breadth-first search from the finished
//! boards that carries the least optimal tap set along; the tie rule and why the search can keep
//! it are explained there), stored compactly: a byte and a `u16` per board. Boards and tap sets
//! use the board-id layout (bit 15 is r1c1), so the tie rule's row-major string order is integer
//! order. It serves every rule: the search needs only what each tap turns over.

use std::sync::OnceLock;

use crate::notation::Color;
use crate::puzzle::{Goal, Puzzle};
use crate::space::SmallSpace;

const UNREACHED: u8 = u8::MAX;

/// Boards of 4x4: every `u16`.
const BOARDS: usize = 1 << 16;

/// Minimum taps and least optimal tap set of every 4x4 board, for one puzzle.
pub struct DistanceTable {
    // Fixed-size arrays: a `u16` index is always in bounds, so a lookup has no check.
    moves: Box<[u8; BOARDS]>,
    taps: Box<[u16; BOARDS]>,
    /// What a tap on each cell turns over (cell 0 is r1c1), in the same layout.
    flips: [u16; 16],
}

impl DistanceTable {
    /// Runs the breadth-first search for a 4x4 puzzle; `None` for another shape.
    pub fn build(puzzle: &Puzzle) -> Option<DistanceTable> {
        if !puzzle.shape().is_flip_game() {
            return None;
        }
        let space = SmallSpace::explore(puzzle, true, &mut |_, _| {}).ok()?;
        let flips = std::array::from_fn(|index| space.flip_mask(index) as u16);
        let (distances, taps) = space.into_parts();
        // A 4x4 tap set has 16 bits, so the narrowing keeps every bit.
        let taps: Box<[u16]> = taps
            .unwrap_or_default()
            .into_iter()
            .map(|t| t as u16)
            .collect();
        Some(DistanceTable {
            moves: distances.into_boxed_slice().try_into().ok()?,
            taps: taps.try_into().ok()?,
            flips,
        })
    }

    /// The table of the Flip Game itself (`plus`, no wrap) for `goal`, built once per process.
    pub fn flip_game(goal: Goal) -> &'static DistanceTable {
        static TABLES: [OnceLock<DistanceTable>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = match goal {
            Goal::Either => &TABLES[0],
            Goal::White => &TABLES[1],
            Goal::Black => &TABLES[2],
        };
        slot.get_or_init(|| {
            let puzzle = Puzzle::flip_game().with_goal(goal);
            // 4x4 is within every limit of the search, so it cannot refuse.
            DistanceTable::build(&puzzle).unwrap_or_else(|| unreachable!("4x4 has a table"))
        })
    }

    /// The fewest taps that finish the board with bits `board`, or `None` when none can.
    #[inline(always)]
    pub fn moves(&self, board: u16) -> Option<u8> {
        match self.moves[usize::from(board)] {
            UNREACHED => None,
            moves => Some(moves),
        }
    }

    /// The least optimal tap set for `board` and the colour it reaches, or `None` when impossible.
    pub fn solve(&self, board: u16) -> Option<(u16, Color)> {
        self.moves(board)?;
        let taps = self.taps[usize::from(board)];
        let flipped = (0..16)
            .filter(|index| taps & 1 << (15 - index) != 0)
            .fold(board, |bits, index| bits ^ self.flips[index]);
        let color = if flipped == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some((taps, color))
    }
}
