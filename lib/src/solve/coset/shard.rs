//! An exact search split into shards that run anywhere (a job array, GNU parallel, machines
//! that share nothing) and merge into the answer one run gives.
//!
//! A sweep tries every assignment of its outer coefficients (see the sweep's module); shard `k`
//! of `n` takes the `k`-th of `n` consecutive, nearly equal runs of them and reports the fewest
//! taps it found, the least key among them and, with orbits, every key that ties. Each shard
//! answers the same board the same way (the basis, the split and the orbits depend only on
//! the puzzle and the board), so the parts put together are what one run over every
//! assignment finds, and the merge finishes the board exactly as that run does.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use crate::notation::Color;

/// One of `count` shares of every exact search: the `index`-th, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// The most shards a search is split into: far more machines than any cluster lends one job.
pub const MOST_SHARDS: u32 = 1 << 20;

impl Shard {
    /// Shard `index` (from 1) of `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 || count > MOST_SHARDS {
            return Err(ShardError::Count(count));
        }
        if index == 0 || index > count {
            return Err(ShardError::Index { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Which shard this is, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many shards the search is split into.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Every shard of a search split `count` ways, in order.
    pub fn all(count: u32) -> Result<Vec<Shard>, ShardError> {
        (1..=count).map(|index| Shard::new(index, count)).collect()
    }

    /// This shard's run of the assignments `0..assignments`: the runs of the shards of one
    /// count follow each other, cover every assignment once, and differ in length by at most
    /// one.
    pub(crate) fn range(self, assignments: u64) -> Range<u64> {
        let boundary = |index: u32| {
            (u128::from(assignments) * u128::from(index) / u128::from(self.count)) as u64
        };
        boundary(self.index - 1)..boundary(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`: shard K of N, K from 1.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| ShardError::Form(text.to_string()))?;
        let number = |part: &str| {
            part.parse::<u32>()
                .map_err(|_| ShardError::Form(text.to_string()))
        };
        Shard::new(number(index)?, number(count)?)
    }
}

/// Why a shard cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not of the form `K/N`.
    Form(String),
    /// N is 0 or past [`MOST_SHARDS`].
    Count(u32),
    /// K is not between 1 and N.
    Index {
        /// The K given.
        index: u32,
        /// The N given.
        count: u32,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Form(text) => write!(
                f,
                "'{text}' is not a shard: write K/N, shard K of N, such as 3/8"
            ),
            ShardError::Count(count) => write!(
                f,
                "a search cannot be split into {count} shards: N goes from 1 to {MOST_SHARDS}"
            ),
            ShardError::Index { index, count } => write!(
                f,
                "there is no shard {index} of {count}: K goes from 1 to {count}"
            ),
        }
    }
}

impl std::error::Error for ShardError {}

/// What one shard's part of one colour's exact search found on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepPart {
    /// The colour the search finishes the board in.
    pub color: Color,
    /// Whether the search ran over the orbits of the board's symmetries (then `ties` holds every
    /// key of the fewest taps) or over every assignment.
    pub orbits: bool,
    /// The fewest taps found in the shard's assignments and the least key (the coefficients of
    /// the quiet tap sets added) giving them; `None` when the shard has no assignment.
    pub best: Option<(u64, u64)>,
    /// With orbits: every key of the fewest taps, in order.
    pub ties: Vec<u64>,
    /// Whether every assignment of the shard was looked at (a search time can cut it short).
    pub complete: bool,
}

/// Why the shards' parts cannot be merged into a board's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// A shard has no part for a search the board needs.
    Missing {
        /// The shard, from 1.
        shard: u32,
        /// The colour of the search.
        color: Color,
    },
    /// The shards searched a colour in different ways (one over orbits, another not).
    Mixed {
        /// The colour of the search.
        color: Color,
    },
    /// A shard's part says a count of taps its key does not give: changed or damaged since
    /// the shard wrote it (the merge recounts every key).
    Miscounted {
        /// The shard, from 1.
        shard: u32,
        /// The colour of the search.
        color: Color,
        /// The taps the part says.
        claimed: u64,
        /// The taps its key gives.
        counted: u64,
    },
    /// A shard's part holds no tap set though its share had assignments its search looked at:
    /// changed or damaged since the shard wrote it.
    Unfound {
        /// The shard, from 1.
        shard: u32,
        /// The colour of the search.
        color: Color,
    },
}

impl MergeError {
    /// The merge's refusal of a part of the search for `color`.
    pub(crate) fn refused(refusal: super::Refusal, color: Color) -> MergeError {
        match refusal {
            super::Refusal::Miscounted {
                shard,
                claimed,
                counted,
            } => MergeError::Miscounted {
                shard,
                color,
                claimed,
                counted,
            },
            super::Refusal::Unfound { shard } => MergeError::Unfound { shard, color },
        }
    }

    /// The shard whose part is at fault, where one is.
    pub fn shard(&self) -> Option<u32> {
        match self {
            MergeError::Missing { shard, .. }
            | MergeError::Miscounted { shard, .. }
            | MergeError::Unfound { shard, .. } => Some(*shard),
            MergeError::Mixed { .. } => None,
        }
    }
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Missing { shard, color } => write!(
                f,
                "shard {shard} did not search this board for all {color}: it was made from \
                 another board or puzzle, or changed since; run that shard again"
            ),
            MergeError::Mixed { color } => write!(
                f,
                "the shards searched this board for all {color} in different ways (one kept \
                 too many ties to use the board's symmetries): run every shard again"
            ),
            MergeError::Miscounted {
                shard,
                color,
                claimed,
                counted,
            } => write!(
                f,
                "shard {shard}'s part for all {color} says {claimed} taps, but its key gives \
                 {counted}: the record was changed or damaged after the shard wrote it; run \
                 that shard again"
            ),
            MergeError::Unfound { shard, color } => write!(
                f,
                "shard {shard}'s part for all {color} holds no tap set, though its share of \
                 the search has some: the record was changed or damaged after the shard wrote \
                 it; run that shard again"
            ),
        }
    }
}

impl std::error::Error for MergeError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs of the shards of one count tile the assignments in order, lengths within one.
    #[test]
    fn the_shards_runs_tile_the_assignments() {
        for assignments in [0u64, 1, 5, 7, 64, 1000, u64::MAX] {
            for count in 1..=9 {
                let mut next = 0;
                let mut lengths = Vec::new();
                for shard in Shard::all(count).unwrap() {
                    let range = shard.range(assignments);
                    assert_eq!(range.start, next, "{shard} of {assignments}");
                    next = range.end;
                    lengths.push(range.end - range.start);
                }
                assert_eq!(next, assignments);
                let (least, most) = (lengths.iter().min(), lengths.iter().max());
                assert!(most.unwrap() - least.unwrap() <= 1, "{lengths:?}");
            }
        }
    }

    #[test]
    fn shards_are_written_k_of_n() {
        assert_eq!("3/8".parse(), Shard::new(3, 8));
        assert_eq!(Shard::new(3, 8).unwrap().to_string(), "3/8");
        let shard = Shard::new(3, 8).unwrap();
        assert_eq!((shard.index(), shard.count()), (3, 8));
        for (text, error) in [
            (
                "3",
                "'3' is not a shard: write K/N, shard K of N, such as 3/8",
            ),
            (
                "a/8",
                "'a/8' is not a shard: write K/N, shard K of N, such as 3/8",
            ),
            (
                "-1/8",
                "'-1/8' is not a shard: write K/N, shard K of N, such as 3/8",
            ),
            ("0/8", "there is no shard 0 of 8: K goes from 1 to 8"),
            ("9/8", "there is no shard 9 of 8: K goes from 1 to 8"),
            (
                "1/0",
                "a search cannot be split into 0 shards: N goes from 1 to 1048576",
            ),
            (
                "1/1048577",
                "a search cannot be split into 1048577 shards: N goes from 1 to 1048576",
            ),
        ] {
            assert_eq!(
                text.parse::<Shard>().unwrap_err().to_string(),
                error,
                "{text}"
            );
        }
        assert!(Shard::new(1_048_576, MOST_SHARDS).is_ok());
    }

    #[test]
    fn merge_errors_say_which_shard_to_run_again() {
        let missing = MergeError::Missing {
            shard: 3,
            color: Color::Black,
        };
        assert_eq!(
            missing.to_string(),
            "shard 3 did not search this board for all black: it was made from another board or \
             puzzle, or changed since; run that shard again"
        );
        let mixed = MergeError::Mixed {
            color: Color::White,
        };
        assert_eq!(
            mixed.to_string(),
            "the shards searched this board for all white in different ways (one kept too many \
             ties to use the board's symmetries): run every shard again"
        );
    }
}
