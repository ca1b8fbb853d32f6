//! The facts of a puzzle's taps for Python: the tap matrix, rank and nullity, the quiet tap
//! sets and the quiet patterns, each refused with the reason where listing it would take more
//! memory than a reader can use.

use pyo3::PyResult;

use flipgame::kind::{Kind, QuietGenerator};
use flipgame::notation::Cell;
use flipgame::stats::LISTED_BASIS_CELLS;

use crate::errors::flip_error;
use crate::held::Core;
use flipgame::figure::explain::ExplainKind;

/// The most entries a dense tap matrix has (64 MB): a larger one is asked for sparse.
pub const MOST_DENSE_ENTRIES: u64 = 1 << 26;

/// The tap matrix's entries that are not 0, row by row: `(tap, cell, weight)` with cells
/// numbered row-major from 0, the weight what a tap on `tap` adds to `cell` (mod the states).
pub fn tap_entries<K: Kind>(core: &Core<K>) -> Vec<(u32, u32, u8)> {
    let puzzle = core.puzzle();
    let cols = K::shape(puzzle).cols() as usize;
    let cells = K::shape(puzzle).cells() as usize;
    (0..cells)
        .flat_map(|tap| {
            let mut row = K::tap_weights(puzzle, Cell::new(tap / cols, tap % cols));
            row.sort_unstable();
            row.into_iter()
                .map(move |(at, weight)| (tap as u32, (at.row * cols + at.col) as u32, weight))
        })
        .collect()
}

/// The dense tap matrix, cells by cells, or the error that says to ask for it sparse.
pub fn dense_tap_matrix<K: Kind>(core: &Core<K>) -> PyResult<(usize, Vec<u8>)> {
    let cells = K::shape(core.puzzle()).cells();
    if cells.saturating_mul(cells) > MOST_DENSE_ENTRIES {
        return Err(flip_error(format!(
            "tap_matrix(): {cells} cells make {cells} x {cells} entries, more than the \
             {MOST_DENSE_ENTRIES} of a dense array here: tap_matrix(sparse=True) gives the \
             entries that are not 0"
        )));
    }
    let side = cells as usize;
    let mut matrix = vec![0; side * side];
    for (tap, cell, weight) in tap_entries(core) {
        matrix[tap as usize * side + cell as usize] = weight;
    }
    Ok((side, matrix))
}

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
