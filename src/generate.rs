//! Random boards for puzzles and test data, reproducible from a seed (drawn with the seeded
//! generator of [`crate::random`]).

use crate::space::SmallSpace;

/// Which boards to draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Any of the 65,536 boards.
    Any,
    /// Boards whose fewest taps is exactly this many.
    Moves(u8),
    /// Boards no sequence of taps finishes.
    Impossible,
}

/// The bits of every board of an explored space that fits `wanted`, in id (bit) order.
pub fn candidates(space: &SmallSpace, wanted: Wanted) -> Vec<u32> {
    (0..space.positions() as u32)
        .filter(|&bits| match wanted {
            Wanted::Any => true,
            Wanted::Moves(moves) => space.moves(bits) == Some(moves),
            Wanted::Impossible => space.moves(bits).is_none(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn candidates_have_the_wanted_distance() {
        let space = SmallSpace::explore(&Puzzle::flip_game(), false, &mut |_, _| {}).unwrap();
        let one = candidates(&space, Wanted::Moves(1));
        assert_eq!(one.len(), 32);
        assert!(one.iter().all(|&b| space.moves(b) == Some(1)));
        assert_eq!(candidates(&space, Wanted::Any).len(), 65_536);
        assert!(
            candidates(&space, Wanted::Impossible)
                .iter()
                .all(|&b| space.moves(b).is_none())
        );
    }
}
