//! The engines: how a puzzle's tap matrix is reduced, giving one tap set for any board and the
//! quiet tap sets: the 4x4 distance table, light chasing, banded elimination over GF(2).

pub mod chase;
pub mod elimination;
pub mod table;

use super::{Stage, TooLargeToSolve};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use chase::{Chase, ChasePattern, chase_pattern};
use elimination::Elimination;

/// A basis of quiet tap sets (or patterns), possibly cut short by memory, and the nullity.
#[derive(Clone, Debug)]
pub(super) struct Basis {
    pub(super) nullity: usize,
    pub(super) vectors: Vec<Grid>,
}

/// The linear algebra behind a puzzle: particular solutions and the quiet tap sets.
pub(super) enum Engine {
    Chase(Chase),
    Eliminate(Elimination),
}

/// The engine chosen for a puzzle, before the work that takes long: a chase still to run, or an
/// elimination whose band already fits the memory allowed.
pub(super) enum EnginePlan {
    Chase(ChasePattern),
    Eliminate(Elimination),
}

impl EnginePlan {
    pub(super) fn new(puzzle: &Puzzle) -> Result<EnginePlan, TooLargeToSolve> {
        if let Some(pattern) = chase_pattern(puzzle) {
            return Ok(EnginePlan::Chase(pattern));
        }
        Elimination::new(puzzle)
            .map(EnginePlan::Eliminate)
            .map_err(|too_large| TooLargeToSolve {
                shape: puzzle.shape(),
                rule: puzzle.rule().label(),
                wrap: puzzle.wrap(),
                bytes: too_large.bytes,
            })
    }

    pub(super) fn prepare(self, puzzle: &Puzzle, progress: &mut dyn FnMut(u64, u64)) -> Engine {
        match self {
            EnginePlan::Chase(pattern) => {
                Engine::Chase(Chase::with_pattern(puzzle, pattern, progress))
            }
            EnginePlan::Eliminate(elimination) => Engine::Eliminate(elimination),
        }
    }
}

impl Engine {
    /// A tap set for each of `lits` (turning over exactly its cells an odd number of times), and
    /// the basis when it came along for free; `progress` hears how an elimination goes.
    pub(super) fn particulars(
        &self,
        lits: &[&Grid],
        keep: usize,
        progress: &mut dyn FnMut(Stage, u64, u64),
    ) -> (Vec<Option<Grid>>, Option<Basis>) {
        match self {
            Engine::Chase(chase) => (lits.iter().map(|lit| chase.particular(lit)).collect(), None),
            Engine::Eliminate(elimination) => {
                let echelon = elimination.eliminate(lits, &mut |done, total| {
                    progress(Stage::Eliminating, done, total)
                });
                let found = (0..lits.len())
                    .map(|side| echelon.particular(side))
                    .collect();
                (found, Some(basis_of(&echelon, keep, progress)))
            }
        }
    }

    pub(super) fn basis(&self, keep: usize, progress: &mut dyn FnMut(Stage, u64, u64)) -> Basis {
        match self {
            Engine::Chase(chase) => Basis {
                nullity: chase.nullity(),
                vectors: chase.quiet_basis(keep),
            },
            Engine::Eliminate(elimination) => {
                let echelon = elimination.eliminate(&[], &mut |done, total| {
                    progress(Stage::Eliminating, done, total)
                });
                basis_of(&echelon, keep, progress)
            }
        }
    }
}

fn basis_of(
    echelon: &elimination::Echelon<'_>,
    keep: usize,
    progress: &mut dyn FnMut(Stage, u64, u64),
) -> Basis {
    Basis {
        nullity: echelon.nullity(),
        vectors: echelon.null_basis_with_progress(keep, &mut |done, total| {
            progress(Stage::QuietTapSets, done, total)
        }),
    }
}
