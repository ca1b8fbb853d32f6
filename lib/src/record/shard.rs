//! The record a shard makes of one board: what its share of the board's exact search found,
//! with the options every shard and the merge must share. The command line writes it as a JSON
//! line of `solve --shard` (with where the board was read), Python returns it as a dict; both
//! read it back through [`PartRecord::to_part`] for the merge.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::grid::Grid;
use crate::kind::TwoStates;
use crate::notation::Color;
use crate::puzzle::Puzzle;
use crate::record::RuleFields;
use crate::rule::Rule;
use crate::solve::{Shard, SweepPart};

/// The version of flipgame that searched, which every record carries: another version may
/// split a search otherwise.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// One shard's search of one board: every field of its record but where the board was read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardShard {
    /// The board, in text form.
    pub board: String,
    /// The rule's label.
    pub rule: String,
    /// Whether the edges wrap around.
    pub wrap: bool,
    /// The goal: `white`, `black` or `either`.
    pub goal: String,
    /// `K/N`.
    pub shard: String,
    /// The flipgame that searched ([`VERSION`]).
    pub version: String,
    /// The search time in seconds, or `null`.
    pub search_time: Option<f64>,
    /// A digest of every option the search depends on (see [`ShardOptions`]).
    pub options: String,
    /// Whether the shard swept a share of the board's null space: `false` for a board answered
    /// whole without a sweep, in every shard alike.
    pub swept: bool,
    /// One part per colour searched by a sweep, in the order searched.
    pub parts: Vec<PartRecord>,
}

impl BoardShard {
    /// The record of `board`'s `parts`, found by `shard` with `options`.
    pub fn new(options: &ShardOptions, board: &Grid, shard: Shard, parts: &[SweepPart]) -> Self {
        BoardShard {
            board: board.to_string(),
            rule: options.rule.rule.clone(),
            wrap: options.rule.wrap,
            goal: options.goal.to_string(),
            shard: shard.to_string(),
            version: VERSION.to_string(),
            search_time: options.search_time,
            options: options.digest.clone(),
            swept: !parts.is_empty(),
            parts: parts.iter().map(PartRecord::of).collect(),
        }
    }
}

/// One colour's part of a shard's search, as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartRecord {
    /// The colour the search finishes the board in.
    pub color: String,
    /// Whether the search ran over the orbits of the board's symmetries.
    pub orbits: bool,
    /// The fewest taps in the shard's share; `null` when the share is empty.
    pub taps: Option<u64>,
    /// The least key giving them, in hexadecimal: JSON tools that read numbers as doubles
    /// would round a 64-bit key.
    pub key: Option<String>,
    /// With orbits, every key of the fewest taps, in hexadecimal.
    pub ties: Vec<String>,
    /// Whether every assignment of the share was looked at.
    pub complete: bool,
}

impl PartRecord {
    /// The record of `part`.
    pub fn of(part: &SweepPart) -> PartRecord {
        PartRecord {
            color: part.color.name().to_string(),
            orbits: part.orbits,
            taps: part.best.map(|(taps, _)| taps),
            key: part.best.map(|(_, key)| format!("{key:x}")),
            ties: part.ties.iter().map(|key| format!("{key:x}")).collect(),
            complete: part.complete,
        }
    }

    /// The part as the library has it, or what is wrong with the record.
    pub fn to_part(&self) -> Result<SweepPart, PartError> {
        let color = match self.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(PartError::Color(other.to_string())),
        };
        let hex =
            |text: &String| u64::from_str_radix(text, 16).map_err(|_| PartError::Key(text.clone()));
        let best = match (self.taps, &self.key) {
            (Some(taps), Some(key)) => Some((taps, hex(key)?)),
            (None, None) => None,
            _ => return Err(PartError::TapsWithoutKey),
        };
        Ok(SweepPart {
            color,
            orbits: self.orbits,
            best,
            ties: self.ties.iter().map(hex).collect::<Result<Vec<u64>, _>>()?,
            complete: self.complete,
        })
    }
}

/// Why a part's record is no part of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartError {
    /// The colour is neither `white` nor `black`.
    Color(String),
    /// A key that is not hexadecimal.
    Key(String),
    /// Taps without a key, or a key without taps.
    TapsWithoutKey,
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartError::Color(other) => {
                write!(f, "'{other}' is not a colour: a part is white or black")
            }
            PartError::Key(text) => {
                write!(
                    f,
                    "'{text}' is not a key: keys are hexadecimal, such as 3fa0"
                )
            }
            PartError::TapsWithoutKey => write!(f, "a part has taps and a key, or neither"),
        }
    }
}

impl std::error::Error for PartError {}

/// The options one shard's search depends on, which every shard and the merge must share.
#[derive(Clone, Debug)]
pub struct ShardOptions {
    /// The rule's fields.
    pub rule: RuleFields,
    /// The goal's name.
    pub goal: &'static str,
    /// The search time in seconds, as given.
    pub search_time: Option<f64>,
    /// 16 hexadecimal digits of a 64-bit FNV-1a hash of the size, the rule (a rule file's every
    /// cell, so that a file changed between the shards and the merge is caught), the wrap, the
    /// goal and the search time.
    pub digest: String,
}

impl ShardOptions {
    /// The options of a search of `puzzle` with `search_time`.
    pub fn of(puzzle: &Puzzle, search_time: Option<f64>) -> ShardOptions {
        let rule = RuleFields::of::<TwoStates>(puzzle);
        let goal = puzzle.goal().name();
        let mut text = format!(
            "{} {} {} {goal} {search_time:?}",
            puzzle.shape(),
            rule.rule,
            rule.wrap
        );
        if let Rule::Graph(graph) = puzzle.rule() {
            text.push(' ');
            text.push_str(&graph.to_json());
        }
        ShardOptions {
            rule,
            goal,
            search_time,
            digest: format!("{:016x}", fnv1a(text.as_bytes())),
        }
    }
}

/// The 64-bit FNV-1a hash of `bytes`: small, and the same on every machine and in every Rust.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit FNV-1a test vectors published with the hash (Landon Curt Noll's FNV page).
    #[test]
    fn the_digest_is_fnv_1a() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    /// A part's record reads back as the part, keys of all 64 bits too, and a damaged one says
    /// what is wrong.
    #[test]
    fn a_part_reads_back_from_its_record() {
        let part = SweepPart {
            color: Color::Black,
            orbits: true,
            best: Some((17, u64::MAX)),
            ties: vec![3, 0x3fa0, u64::MAX],
            complete: false,
        };
        let record = PartRecord::of(&part);
        assert_eq!(record.key.as_deref(), Some("ffffffffffffffff"));
        assert_eq!(record.to_part(), Ok(part));
        let empty = SweepPart {
            color: Color::White,
            orbits: false,
            best: None,
            ties: Vec::new(),
            complete: true,
        };
        assert_eq!(PartRecord::of(&empty).to_part(), Ok(empty));
        let damaged = |change: fn(&mut PartRecord)| {
            let mut damaged = record.clone();
            change(&mut damaged);
            damaged.to_part().unwrap_err().to_string()
        };
        assert_eq!(
            damaged(|r| r.color = "grey".into()),
            "'grey' is not a colour: a part is white or black"
        );
        assert_eq!(
            damaged(|r| r.ties[1] = "3g".into()),
            "'3g' is not a key: keys are hexadecimal, such as 3fa0"
        );
        assert_eq!(
            damaged(|r| r.key = None),
            "a part has taps and a key, or neither"
        );
        assert_eq!(
            damaged(|r| r.taps = None),
            "a part has taps and a key, or neither"
        );
    }
}
