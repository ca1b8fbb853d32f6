//! Proofs of impossibility: a *quiet pattern* (a set of cells every tap meets an even number of
//! times: the null space of the transposed tap matrix, the same as the quiet tap sets when the
//! rule is symmetric) on which the board's parity of black pieces differs from every accepted
//! goal's. No tap changes that parity, so no taps finish the board.

use super::coset::graycode;
use super::engines::{Basis, EnginePlan};
use super::{Solver, lit_cells};
use crate::grid::Grid;
use crate::notation::Color;

/// The largest nullity whose quiet patterns are all tried for the smallest certificate.
const CERTIFICATE_SEARCH_LIMIT: usize = 16;

/// A proof that a board can never be finished: a quiet pattern (every tap turns over an even
/// number of its cells) where the board's parity of black pieces differs from every accepted
/// goal's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The cells of the quiet pattern.
    pub pattern: Grid,
    /// Black pieces of the board in those cells.
    pub black: u64,
    /// True when the pattern is proven to have the fewest cells among all proofs.
    pub fewest: bool,
}

impl Certificate {
    /// Black pieces a finished board of `color` has in the pattern.
    pub fn black_in_goal(&self, color: Color) -> u64 {
        match color {
            Color::White => 0,
            Color::Black => self.pattern.count(),
        }
    }
}

impl Solver {
    fn patterns_basis(&self) -> &Basis {
        if self.puzzle.is_symmetric() {
            return self.taps_basis();
        }
        self.patterns_basis.get_or_init(|| {
            let transposed = self.puzzle.transposed();
            match EnginePlan::new(&transposed) {
                Ok(plan) => plan
                    .prepare(&transposed, &mut |_, _| {})
                    .basis(self.keep(), &mut |_, _, _| {}),
                // The transposed rule cannot be solved here: no patterns, so no certificates.
                Err(_) => Basis {
                    nullity: self.nullity(),
                    vectors: Vec::new(),
                },
            }
        })
    }

    /// A basis of the quiet patterns (cells every tap meets an even number of times).
    pub fn quiet_pattern_basis(&self) -> &[Grid] {
        &self.patterns_basis().vectors
    }

    /// Every non-empty quiet pattern (2^nullity - 1 of them), fewest cells first, ties with the
    /// earliest cells in row-major order first. For small null spaces only.
    pub fn quiet_patterns(&self) -> Vec<Grid> {
        let mut all = graycode::all_sums(self.quiet_pattern_basis());
        all.sort_by(|a, b| {
            a.count()
                .cmp(&b.count())
                .then_with(|| b.cmp_lexicographic(a))
        });
        all
    }

    /// A proof that `board` can reach no colour the goal accepts, or `None` when it can reach
    /// one.
    pub fn proof(&self, board: &Grid) -> Option<Certificate> {
        let colors = self.puzzle.goal().colors();
        let lits: Vec<Grid> = colors.iter().map(|&c| lit_cells(board, c)).collect();
        let basis = self.patterns_basis();
        let quiet = &basis.vectors;
        let complete = quiet.len() == basis.nullity;
        // For each basis pattern, its parity against each accepted goal: bit g set when odd.
        let parities: Vec<u32> = quiet
            .iter()
            .map(|pattern| {
                lits.iter()
                    .enumerate()
                    .filter(|(_, lit)| pattern.count_common(lit) % 2 == 1)
                    .fold(0u32, |mask, (g, _)| mask | (1 << g))
            })
            .collect();
        let all = (1u32 << lits.len()) - 1;
        // A colour is reachable exactly when every quiet pattern meets its lit cells evenly
        // (the null space of the transposed matrix is the whole obstruction), so a complete
        // basis answers without solving the board a second time.
        let reachable = if complete {
            let odd = parities.iter().fold(0u32, |mask, &p| mask | p);
            odd != all
        } else {
            self.is_solvable(board)
        };
        if reachable {
            return None;
        }
        let (pattern, fewest) = if complete && quiet.len() <= CERTIFICATE_SEARCH_LIMIT {
            (graycode::smallest_proof(quiet, &parities, all)?, true)
        } else {
            (graycode::any_proof(quiet, &parities, all)?, false)
        };
        let black = pattern.count_common(board);
        Some(Certificate {
            pattern,
            black,
            fewest,
        })
    }
}
