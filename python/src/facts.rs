//! The facts of a puzzle's taps for Python: rank and nullity, the quiet tap sets and the quiet
//! patterns, each refused with the reason where listing it would take more memory than a reader
//! can use.

use pyo3::PyResult;

use flipgame::kind::{Kind, QuietGenerator};
use flipgame::stats::LISTED_BASIS_CELLS;

use crate::errors::flip_error;
use crate::held::Core;
use flipgame::figure::explain::ExplainKind;

/// The rank and nullity of the puzzle's tap matrix.
pub fn rank_nullity<K: ExplainKind>(core: &Core<K>) -> PyResult<(u64, u64)> {
    K::rank_nullity(&core.solver).ok_or_else(|| {
        let states = K::states(core.puzzle());
        flip_error(format!(
            "states={states}: Z_{states} is no field, so the taps have no rank or nullity; \
             quiet_tap_sets() and quiet_orders() give the group of quiet presses"
        ))
    })
}

/// Generators of the quiet tap sets, with their orders.
pub fn quiet_taps<K: ExplainKind>(core: &Core<K>) -> PyResult<Vec<QuietGenerator>> {
    // Where the nullity is known, the listing is refused before it is made.
    if let Some((_, nullity)) = K::rank_nullity(&core.solver) {
        too_many::<K>(core, nullity, "quiet_tap_sets")?;
    }
    let generators = K::quiet_generators(&core.solver);
    too_many::<K>(core, generators.len() as u64, "quiet_tap_sets")?;
    Ok(generators)
}

/// Generators of the quiet patterns, as colour numbers (the weights).
pub fn quiet_patterns<K: ExplainKind>(core: &Core<K>) -> PyResult<Vec<Vec<u8>>> {
    if let Some((_, nullity)) = K::rank_nullity(&core.solver) {
        too_many::<K>(core, nullity, "quiet_patterns")?;
    }
    let patterns = K::quiet_patterns(&core.solver);
    too_many::<K>(core, patterns.len() as u64, "quiet_patterns")?;
    Ok(patterns.into_iter().map(|pattern| pattern.counts).collect())
}

/// The error when `generators` boards hold more than [`LISTED_BASIS_CELLS`] cells in all.
fn too_many<K: Kind>(core: &Core<K>, generators: u64, what: &str) -> PyResult<()> {
    let cells = K::shape(core.puzzle()).cells();
    if generators.saturating_mul(cells) <= LISTED_BASIS_CELLS {
        return Ok(());
    }
    Err(flip_error(format!(
        "{what}: {generators} generators of {cells} cells are more than the \
         {LISTED_BASIS_CELLS} cells flipgame lists"
    )))
}
