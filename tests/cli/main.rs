//! The integration tests: the built binary run as a user would run it, one module per
//! subcommand or theme. They are one test crate, so one binary to build and link instead of a
//! dozen; only `tests/memory.rs` stands alone, because it measures the peak memory of its
//! process's children and must be the only test in its process.

#[path = "../common/mod.rs"]
mod common;

mod cluster;
mod explain;
mod files;
mod generate;
mod generated;
mod hostile;
mod house;
mod judges;
mod k_states;
mod model;
mod pages;
mod pictures;
mod play;
mod properties;
mod readme;
mod rules;
mod shards;
mod sizes;
mod solve;
mod stats;
mod table;
mod threads;
