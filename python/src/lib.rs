//! The native half of the `flipgame` Python package (`python/flipgame/` is the other half):
//! the library's puzzles, solvers, facts and pictures over numpy arrays.
//!
//! Nothing here solves anything. This crate converts at the edge (boards in from text, lists
//! and numpy arrays; answers out as arrays and as the library's records, the fields `solve`
//! writes), names the settings the library's errors advise for Python (arguments where the
//! command line has flags), and lets go of the interpreter lock around every solve. It is
//! written once for both kinds of piece, over the library's kind; `kinds::Kinded` holds a value
//! of either.

mod answer;
mod boards;
mod errors;
mod facts;
mod held;
mod interrupt;
mod kinds;
mod labels;
mod picture;
mod puzzle;
mod shards;

use pyo3::prelude::*;

/// The module `flipgame._flipgame`, which `flipgame/__init__.py` re-exports.
#[pymodule]
fn _flipgame(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<held::Puzzle>()?;
    module.add_class::<answer::Solution>()?;
    module.add_class::<answer::ManySolutions>()?;
    module.add_class::<picture::Picture>()?;
    module.add("FlipgameError", py.get_type::<errors::FlipgameError>())?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
