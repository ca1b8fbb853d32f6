//! Tap patterns: which pieces a tap turns over.
//!
//! A [`Rule`] is one of three kinds:
//! - a *stencil* ([`stencil`]): a small odd-sized pattern of 0/1 centred on the tapped piece, the
//!   same for every cell (`plus`, `x`, `box`, `sigma` are named stencils; `010/111/010` is
//!   `plus` written out);
//! - `lines`: the tapped piece's whole row and whole column (POJ 2965);
//! - a *graph* ([`graph`]): for every cell, its own list of the cells a tap there turns over,
//!   read from a rule file ([`file`](mod@file)) or drawn at random (Simon Tatham's Flip, Lights Out on any
//!   graph).
//!
//! Rules say nothing about edges: whether the board wraps around is part of the puzzle.

use std::fmt;

pub mod file;
pub mod graph;
pub mod stencil;

pub use file::RuleFileError;
pub use graph::{Graph, GraphError};
pub use stencil::{MAX_STENCIL_SIDE, Stencil};

use crate::settings::{self, Advice, Names, Setting};

/// The named stencils: name, stencil text, and what a tap turns over.
pub const NAMED_STENCILS: [(&str, &str, &str); 4] = [
    (
        "plus",
        "010/111/010",
        "the piece and its neighbours above, below, left and right (the Flip Game)",
    ),
    (
        "x",
        "101/010/101",
        "the piece and its four diagonal neighbours",
    ),
    ("box", "111/111/111", "the piece and all 8 neighbours"),
    (
        "sigma",
        "010/101/010",
        "the four orthogonal neighbours, not the piece itself",
    ),
];

/// What a tap turns over: the rule of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The same pattern around every cell; `name` when it is one of [`NAMED_STENCILS`].
    Stencil {
        /// The name given (`plus`, `x`, ...), if it was given by name.
        name: Option<&'static str>,
        /// The pattern.
        stencil: Stencil,
    },
    /// The tapped piece's whole row and whole column (POJ 2965).
    Lines,
    /// Every cell its own list of cells, from a rule file.
    Graph(Graph),
}

impl Default for Rule {
    fn default() -> Rule {
        Rule::plus()
    }
}

impl Rule {
    /// The Flip Game's rule: the piece and its orthogonal neighbours.
    pub fn plus() -> Rule {
        Rule::parse("plus").unwrap_or(Rule::Lines)
    }

    /// Reads a rule name (`plus`, `x`, `box`, `sigma`, `lines`) or an inline stencil such as
    /// `010/111/010`.
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        if text == "lines" {
            return Ok(Rule::Lines);
        }
        if let Some(&(name, pattern, _)) = NAMED_STENCILS.iter().find(|(name, ..)| *name == text) {
            return Ok(Rule::Stencil {
                name: Some(name),
                stencil: Stencil::parse(pattern)?,
            });
        }
        let looks_like_stencil = text.contains('/')
            || text
                .chars()
                .all(|ch| matches!(ch, '0'..='9' | '.' | 'x' | 'X'));
        if !looks_like_stencil || text.is_empty() {
            return Err(RuleError::Unknown {
                text: text.to_string(),
            });
        }
        let stencil = Stencil::parse(text)?;
        // A stencil that is a named one prints under its name.
        let name = NAMED_STENCILS
            .iter()
            .find(|(_, pattern, _)| Stencil::parse(pattern).is_ok_and(|named| named == stencil))
            .map(|(name, ..)| *name);
        Ok(Rule::Stencil { name, stencil })
    }

    /// How the rule is named in JSON and headers: the name, the stencil text, or the rule file's
    /// label.
    pub fn label(&self) -> String {
        match self {
            Rule::Stencil {
                name: Some(name), ..
            } => (*name).to_string(),
            Rule::Stencil { stencil, .. } => stencil.text(),
            Rule::Lines => "lines".to_string(),
            Rule::Graph(graph) => graph.label().to_string(),
        }
    }

    /// The largest weight a press adds at a cell: 1 but for a stencil or rule file with
    /// weights.
    pub fn largest_weight(&self) -> u32 {
        match self {
            Rule::Stencil { stencil, .. } => stencil.largest_weight(),
            Rule::Graph(graph) => graph.largest_weight(),
            Rule::Lines => 1,
        }
    }

    /// True for the Flip Game's own rule.
    pub fn is_plus(&self) -> bool {
        matches!(self, Rule::Stencil { stencil, .. } if stencil.text() == "010/111/010")
    }

    /// The rule of the transposed tap matrix: a tap at a turns over b under it exactly when a
    /// tap at b turns over a under this one.
    pub fn transposed(&self) -> Rule {
        match self {
            Rule::Stencil { name, stencil } => {
                let reflected = stencil.reflected();
                Rule::Stencil {
                    name: if reflected == *stencil { *name } else { None },
                    stencil: reflected,
                }
            }
            Rule::Lines => Rule::Lines,
            Rule::Graph(graph) => Rule::Graph(graph.transposed()),
        }
    }

    /// True when a tap at a turns over b exactly when a tap at b turns over a (then the quiet tap
    /// sets and the quiet patterns are the same).
    pub fn is_symmetric(&self) -> bool {
        match self {
            Rule::Stencil { stencil, .. } => stencil.is_symmetric(),
            Rule::Lines => true,
            Rule::Graph(graph) => *graph == graph.transposed(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Why a rule name or an inline stencil could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// Neither a named rule nor a stencil.
    Unknown {
        /// The text given.
        text: String,
    },
    /// A stencil row of another width than the first.
    RaggedStencil {
        /// The row, from 1.
        row: usize,
        /// Its cells.
        length: usize,
        /// The first row's cells.
        width: usize,
    },
    /// A stencil of even height or width, which has no centre.
    EvenStencil {
        /// The stencil as given.
        text: String,
        /// Its rows.
        height: usize,
        /// Its columns.
        width: usize,
    },
    /// A stencil past [`MAX_STENCIL_SIDE`] either way.
    StencilTooLarge {
        /// The stencil as given.
        text: String,
        /// Its rows.
        height: usize,
        /// Its columns.
        width: usize,
    },
    /// A character of a stencil that is no cell.
    StencilCharacter {
        /// Its place among the stencil's characters, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// A stencil that turns over nothing.
    EmptyStencil {
        /// The stencil as given.
        text: String,
    },
}

impl fmt::Display for RuleError {
    /// The mistake, with where a rule per cell goes named as a Rust caller gives it
    /// ([`settings::RUST`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_advice(f, settings::RUST)
    }
}

impl Advice for RuleError {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, settings: Names) -> fmt::Result {
        match self {
            RuleError::Unknown { text } => {
                let names: Vec<&str> = NAMED_STENCILS.iter().map(|(name, ..)| *name).collect();
                write!(
                    f,
                    "unknown rule '{text}': expected {}, lines, or a stencil of 0/1 rows joined \
                     by '/' such as 010/111/010 (a rule per cell goes in {})",
                    names.join(", "),
                    settings(Setting::RuleFile)
                )
            }
            RuleError::RaggedStencil { row, length, width } => write!(
                f,
                "stencil row {row} has {length} cells but row 1 has {width}: every row needs \
                 the same width"
            ),
            RuleError::EvenStencil {
                text,
                height,
                width,
            } => write!(
                f,
                "a stencil is centred on the tapped piece, so its height and width must be odd; \
                 '{text}' is {height}x{width}"
            ),
            RuleError::StencilTooLarge {
                text,
                height,
                width,
            } => write!(
                f,
                "a stencil may be at most {MAX_STENCIL_SIDE}x{MAX_STENCIL_SIDE}; '{text}' is \
                 {height}x{width}"
            ),
            RuleError::StencilCharacter { column, found } => write!(
                f,
                "stencil character {column}: expected '0' or '1' ('.' or 'x'), or a weight from '2' \
                 to '9', found '{}'",
                found.escape_debug()
            ),
            RuleError::EmptyStencil { text } => write!(
                f,
                "the stencil '{text}' turns over nothing: a tap must turn over at least one piece"
            ),
        }
    }
}

impl std::error::Error for RuleError {}

#[cfg(test)]
mod tests;
