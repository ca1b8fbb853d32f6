//! A Python object of either kind of piece: everything the module does is written once,
//! generic over the library's kind (its words, records, board reading and errors are the
//! library's, worded by the module's names), and an object holds a [`Kinded`] value of either.

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
