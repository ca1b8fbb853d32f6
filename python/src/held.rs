//! A puzzle's solver as the module holds it, made once and shared by the puzzle and every answer
//! it gives: apart from `puzzle.rs`, so the answers and facts that read it need not import the
//! class that makes it.

use std::sync::Arc;

use pyo3::prelude::*;

use flipgame::kind::{KStates, Kind, TwoStates};

use crate::kinds::Kinded;
use crate::labels::Nodes;

/// A puzzle's solver, made once and shared by the answers it gives.
pub struct Core<K: Kind> {
    /// The exact solver, which knows its puzzle.
    pub solver: K::Solver,
    /// The time limit of one board's search past the exact limit, as given.
    pub search_time: Option<f64>,
    /// A graph's own labels of its vertices, when it was given with them.
    pub nodes: Option<Nodes>,
}

impl<K: Kind> Core<K> {
    /// The puzzle.
    pub fn puzzle(&self) -> &K::Puzzle {
        K::puzzle(&self.solver)
    }
}

/// A puzzle's core, of either kind of piece.
pub type AnyCore = Kinded<Arc<Core<TwoStates>>, Arc<Core<KStates>>>;

/// A puzzle of the Flip Game's family and its exact solver. Its methods are in `puzzle.rs`; the
/// class is here so that an answer can name the puzzle it is of (a pickled answer keeps it).
#[pyclass(frozen, module = "flipgame")]
pub struct Puzzle {
    /// The puzzle's solver, of its kind of piece.
    pub core: AnyCore,
}
