//! A board's exact search split into shards from Python, to run anywhere (a process pool,
//! Dask's workers): `Puzzle.solve(board, shard=(k, n))` gives the shard's record, the very
//! record `solve --shard` writes but for where the board was read, and `Puzzle.merge(records)`
//! the answer one `solve` gives. The merge trusts no record: the library recounts every key.

use std::collections::BTreeMap;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyString;

use flipgame::grid::Grid;
use flipgame::kind::TwoStates;
use flipgame::record::shard::{BoardShard, ShardOptions, VERSION};
use flipgame::solve::{Shard, SweepPart};
use flipgame::words::and_list;

use crate::answer::{Answer, to_python};
use crate::boards::read_board;
use crate::errors::{flip_error, python_bool};
use crate::held::Core;
use crate::interrupt::watched;

/// The shard `(k, n)` as the library has it.
pub fn read_shard((index, count): (i64, i64)) -> PyResult<Shard> {
    let fits = |value: i64| u32::try_from(value).ok();
    match (fits(index), fits(count)) {
        (Some(index), Some(count)) => {
            Shard::new(index, count).map_err(|error| flip_error(format!("shard=: {error}")))
        }
        _ => Err(flip_error(format!(
            "shard=({index}, {count}): there is no shard {index} of {count}: k goes from 1 to n"
        ))),
    }
}

/// Shard `shard`'s record of `board`: its part of the board's search.
pub fn record<'py>(
    py: Python<'py>,
    core: &Arc<Core<TwoStates>>,
    board: Grid,
    (shard, progress): (Shard, Option<&Bound<'py, PyAny>>),
) -> PyResult<Bound<'py, PyAny>> {
    let options = ShardOptions::of(core.puzzle(), core.search_time);
    let parts = watched(py, progress, |watch| {
        let told = &mut |stage, done, total| watch.told(stage, done, total);
        core.solver.solve_shard(&board, shard, told)
    })?;
    to_python(py, &BoardShard::new(&options, &board, shard, &parts))
}

/// The answer the shards' `records` (every shard of one split of one board's search) give
/// together, exactly as one `solve` gives it.
pub fn merge(
    py: Python<'_>,
    core: &Arc<Core<TwoStates>>,
    records: &Bound<'_, PyAny>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Answer<TwoStates>> {
    let options = ShardOptions::of(core.puzzle(), core.search_time);
    let mut read: BTreeMap<u32, (usize, BoardShard)> = BTreeMap::new();
    let mut first: Option<(usize, BoardShard, Shard)> = None;
    let items = records.try_iter().map_err(|_| {
        flip_error("records: give the shards' records, a list of what solve(board, shard=) gave")
    })?;
    for (at, item) in items.enumerate() {
        let record: BoardShard = pythonize::depythonize(&item?).map_err(|error| {
            flip_error(format!(
                "records[{at}]: not a shard record of solve(board, shard=): {error}"
            ))
        })?;
        if let Some(mismatch) = differs(&options, &record) {
            return Err(flip_error(format!("records[{at}]: {mismatch}")));
        }
        let shard: Shard = record
            .shard
            .parse()
            .map_err(|error| flip_error(format!("records[{at}]: {error}")))?;
        match &first {
            None => first = Some((at, record.clone(), shard)),
            Some((earlier, one, one_shard)) => {
                if record.board != one.board {
                    return Err(flip_error(format!(
                        "records[{at}] is of the board {}, records[{earlier}] of {}: merge one \
                         board's shards at a time",
                        record.board, one.board
                    )));
                }
                if shard.count() != one_shard.count() {
                    return Err(flip_error(format!(
                        "records[{at}] is shard {shard} of a search split {} ways, \
                         records[{earlier}] of one split {} ways: merge the shards of one split",
                        shard.count(),
                        one_shard.count()
                    )));
                }
            }
        }
        if let Some((earlier, same)) = read.get(&shard.index()) {
            if *same == record {
                // The same shard given twice (a task retried after it finished): one record.
                continue;
            }
            return Err(flip_error(format!(
                "records[{at}] is shard {shard} again, and differs from records[{earlier}]: \
                 give each shard's record once"
            )));
        }
        read.insert(shard.index(), (at, record));
    }
    let Some((_, one, shard)) = first else {
        return Err(flip_error(
            "records: no shard record to merge: give every shard's record of one board",
        ));
    };
    let missing: Vec<String> = (1..=shard.count())
        .filter(|index| !read.contains_key(index))
        .map(|index| format!("{index}/{}", shard.count()))
        .collect();
    if !missing.is_empty() {
        return Err(flip_error(format!(
            "records: {} {} missing: solve(board, shard=(k, n)) gives each",
            if missing.len() == 1 {
                "shard"
            } else {
                "shards"
            },
            and_list(&missing)
        )));
    }
    let board = read_board::<TwoStates>(
        core.puzzle(),
        PyString::new(py, &one.board).as_any(),
        "records[0]['board']",
    )?;
    let mut parts = Vec::with_capacity(read.len());
    for (at, record) in read.values() {
        let shard_parts = record
            .parts
            .iter()
            .map(|part| part.to_part())
            .collect::<Result<Vec<SweepPart>, _>>()
            .map_err(|error| flip_error(format!("records[{at}]: {error}")))?;
        parts.push(shard_parts);
    }
    let found = watched(py, progress, |watch| {
        let told = &mut |stage, done, total| watch.told(stage, done, total);
        core.solver.solve_merged(&board, &parts, told)
    })?;
    let solution = found.map_err(|error| {
        let at = error
            .shard()
            .and_then(|shard| read.get(&shard))
            .map_or_else(|| "records".to_string(), |(at, _)| format!("records[{at}]"));
        flip_error(format!("{at}: {error}"))
    })?;
    Ok(Answer::with(Arc::clone(core), board, solution))
}

/// Why a record made with another puzzle, search time or flipgame cannot be merged by this
/// puzzle, in Python's words.
fn differs(options: &ShardOptions, record: &BoardShard) -> Option<String> {
    if record.version != VERSION {
        return Some(format!(
            "this shard was searched by flipgame {}, the merge is flipgame {VERSION}: run the \
             shards again with this flipgame",
            record.version
        ));
    }
    let ours = (
        record.rule.as_str(),
        record.wrap,
        record.goal.as_str(),
        record.search_time,
        record.options.as_str(),
    );
    let theirs = (
        options.rule.rule.as_str(),
        options.rule.wrap,
        options.goal,
        options.search_time,
        options.digest.as_str(),
    );
    (ours != theirs).then(|| {
        format!(
            "this shard searched another puzzle (rule '{}', wrap={}, goal '{}', search_time={}) \
             than this one (rule '{}', wrap={}, goal '{}', search_time={}), or another size: \
             merge with the puzzle that made the shards",
            record.rule,
            python_bool(record.wrap),
            record.goal,
            seconds(record.search_time),
            options.rule.rule,
            python_bool(options.rule.wrap),
            options.goal,
            seconds(options.search_time),
        )
    })
}

fn seconds(time: Option<f64>) -> String {
    time.map_or_else(|| "None".to_string(), |seconds| seconds.to_string())
}
