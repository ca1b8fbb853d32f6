//! `flipgame table`: every board of a small shape with its fewest taps, in five formats: the
//! whole table as bytes, or a line a board through one [`TableWriter`] a format ([`formats`]).

use std::io::{self, Write};

use flipgame::notation::Cell;
use flipgame::space::Space;

use super::args::{ForEitherKind, explore, with_puzzle};
use super::kind::CommandKind;
use super::{Failure, Outcome, usage, write_to};
use crate::cli::{CellsArg, TableArgs, TableFormat};
use crate::output::json::JsonStream;
use crate::progress::Progress;
use flipgame::record::RuleFields;

mod formats;

/// Explores every board and writes the table to standard output or, atomically, to `--output`.
pub fn run(args: &TableArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    if args.format == TableFormat::Binary && (args.solvable || args.taps) {
        return Err(usage(
            "--format binary is the whole table, one byte per board: it takes neither --solvable nor --taps",
        ));
    }
    with_puzzle(&args.puzzle, CellsArg::Bw, TableBoards { args, out })
}

/// `table` once the flags have chosen the kind of piece.
struct TableBoards<'a, W> {
    args: &'a TableArgs,
    out: &'a mut W,
}

impl<W: Write> ForEitherKind for TableBoards<'_, W> {
    type Output = Outcome;

    /// Explores every board of `puzzle`, in the order of their numbers (for two-sided pieces
    /// their ids), and writes the table.
    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let TableBoards { args, out } = self;
        let space = explore::<K>(&puzzle, args.taps)?;
        let rule = RuleFields::of::<K>(&puzzle);
        let states = K::states(&puzzle);
        // Where boards have ids (4x4, two sides), a board's number in its space is its id.
        let with_id = K::board_id(&K::board_at(&space, 0)).is_some();
        let table = Table {
            distances: space.distances(),
            with_id,
            row: &|index: u32| Row {
                id: with_id.then(|| format!("{index:04x}")),
                board: space.board_text(index),
                moves: space.moves(index),
                taps: args.taps.then(|| space.tapped_cells(index)),
                states,
                rule: &rule,
            },
        };
        Ok(write_to(args.output.as_deref(), out, |out| {
            write_table(args, &table, out)
        })?)
    }
}

/// One row of the table, as every format needs it.
pub struct Row<'a> {
    /// The board's 16-bit id, on the 4x4 board only.
    pub id: Option<String>,
    /// The board in its one-line text form.
    pub board: String,
    /// Its fewest taps, or `None` when it cannot be finished.
    pub moves: Option<u8>,
    /// With `--taps`: the least of the fewest tap sets, each cell with how many times it is
    /// pressed (always 1 on boards of two states); `None` for an impossible board.
    pub taps: Option<Option<Vec<(Cell, u8)>>>,
    /// The states of a cell.
    pub states: u8,
    /// The puzzle's rule, for JSON.
    pub rule: &'a RuleFields,
}

/// An explored space as the table writes it: each board's distance, and its row.
struct Table<'a> {
    /// One byte a board in index order: its fewest taps, 255 when impossible.
    distances: &'a [u8],
    /// Whether rows start with the board's id.
    with_id: bool,
    /// The row of the board at an index.
    row: &'a dyn Fn(u32) -> Row<'a>,
}

/// A format of the table: a header, a line a board, and an end.
pub trait TableWriter {
    /// Writes what comes before the first row.
    fn start(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Appends one row to `line`.
    fn row(&mut self, line: &mut Vec<u8>, row: &Row<'_>) -> io::Result<()>;

    /// Writes what comes after the last row.
    fn finish(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// The writer of a line-by-line format.
fn writer(format: TableFormat, with_id: bool, taps: bool) -> Box<dyn TableWriter> {
    match format {
        TableFormat::Csv => Box::new(formats::Csv { with_id, taps }),
        TableFormat::Json => Box::new(formats::Json(JsonStream::new(true))),
        TableFormat::Jsonl => Box::new(formats::Json(JsonStream::new(false))),
        TableFormat::Text | TableFormat::Binary => Box::new(formats::Text),
    }
}

fn write_table(args: &TableArgs, table: &Table<'_>, out: &mut dyn Write) -> io::Result<()> {
    if args.format == TableFormat::Binary {
        // One byte per board in index order: its distance, 255 when impossible.
        return out.write_all(table.distances);
    }
    let mut writer = writer(args.format, table.with_id, args.taps);
    writer.start(out)?;
    let mut line = Vec::with_capacity(256);
    // Writing 2^25 lines takes a while too: the bar goes on from the search's.
    let mut progress = Progress::new("writing the table");
    let positions = table.distances.len() as u64;
    for (index, &moves) in table.distances.iter().enumerate() {
        if index % (1 << 16) == 0 {
            progress.update(index as u64, positions);
        }
        if args.solvable && moves == u8::MAX {
            continue;
        }
        line.clear();
        writer.row(&mut line, &(table.row)(index as u32))?;
        out.write_all(&line)?;
    }
    progress.update(positions, positions);
    progress.finish();
    writer.finish(out)
}

/// The pressed cells' names, `r1c2` and so on, a cell pressed j times named j times.
fn tap_list(taps: &[(Cell, u8)]) -> String {
    let names: Vec<String> = taps
        .iter()
        .flat_map(|&(cell, times)| std::iter::repeat_n(cell.to_string(), usize::from(times)))
        .collect();
    names.join(" ")
}
