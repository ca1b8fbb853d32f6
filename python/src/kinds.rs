//! What the module needs of a kind of piece besides the library's [`Kind`]: why a puzzle is
//! too large, in the module's arguments (its words, records and board reading are the
//! library's). Everything else is written once, generic over a [`PyKind`], and a Python object
//! holds a [`Kinded`] value of either kind.

use flipgame::figure::explain::ExplainKind;
use flipgame::kind::{KStates, TwoStates};

/// A value of either kind of piece: `Two` for two-sided pieces, `Many` for K colours.
pub enum Kinded<A, B> {
    /// Two-sided pieces.
    Two(A),
    /// Pieces of K colours.
    Many(B),
}

/// Runs `$body` on the value inside a [`Kinded`], whichever kind it is: the body is written
/// once and compiled for each kind.
macro_rules! by_kind {
    ($value:expr, $inner:pat => $body:expr) => {
        match $value {
            $crate::kinds::Kinded::Two($inner) => $body,
            $crate::kinds::Kinded::Many($inner) => $body,
        }
    };
}
pub(crate) use by_kind;

/// A kind of piece as the Python module reads and gives it (and draws it, as `explain` does).
pub trait PyKind: ExplainKind {
    /// Why the puzzle is too large to solve, with the arguments to change.
    fn too_large(error: &Self::TooLarge) -> String;
}

impl PyKind for TwoStates {
    fn too_large(error: &flipgame::solve::TooLargeToSolve) -> String {
        error.describe(" with wrap=True")
    }
}

impl PyKind for KStates {
    fn too_large(error: &flipgame::solve::states::TooManyStateCells) -> String {
        error.describe("wrap=False")
    }
}
