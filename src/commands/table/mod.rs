//! `flipgame table`: every board of a small shape with its fewest taps, in five formats.

use crate::commands::{Failure, usage};
use std::io::{self, Write};

use serde::Serialize;

use flipgame::grid::Shape;
use flipgame::notation::Cell;
use flipgame::space::SmallSpace;

use super::args::puzzle;
use super::{Outcome, write_to};
use crate::cli::{TableArgs, TableFormat};
use crate::output::json::{JsonStream, RuleFields, optional_text};
use crate::output::write_count;
use crate::progress::Progress;

/// Explores every board and writes the table to standard output or, atomically, to `--output`.
pub fn run(args: &TableArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let puzzle = puzzle(&args.puzzle)?;
    if args.format == TableFormat::Binary && (args.solvable || args.taps) {
        return Err(usage(
            "--format binary is the whole table, one byte per board: it takes neither --solvable nor --taps",
        ));
    }
    let space = super::args::explore(&puzzle, args.taps)
        .map_err(|too_large| usage(too_large.to_string()))?;
    let rule = RuleFields::of(&puzzle);
    Ok(write_to(args.output.as_deref(), out, |out| {
        write_table(args, &space, &rule, out)
    })?)
}

fn write_table(
    args: &TableArgs,
    space: &SmallSpace,
    rule: &RuleFields,
    out: &mut dyn Write,
) -> io::Result<()> {
    if args.format == TableFormat::Binary {
        // One byte per board in id (bit) order: its distance, 255 when impossible.
        return out.write_all(space.distances());
    }
    let shape = space.shape();
    let with_id = shape.is_flip_game();
    let mut json = match args.format {
        TableFormat::Json => Some(JsonStream::new(true)),
        TableFormat::Jsonl => Some(JsonStream::new(false)),
        _ => None,
    };
    if args.format == TableFormat::Csv {
        let header = match (with_id, args.taps) {
            (true, true) => "id,board,moves,taps\n",
            (true, false) => "id,board,moves\n",
            (false, true) => "board,moves,taps\n",
            (false, false) => "board,moves\n",
        };
        out.write_all(header.as_bytes())?;
    }
    let mut line = Vec::with_capacity(256);
    // Writing 2^25 lines takes a while too: the bar goes on from the search's.
    let mut progress = Progress::new("writing the table");
    let positions = space.positions();
    for bits in 0..positions as u32 {
        if bits % (1 << 16) == 0 {
            progress.update(u64::from(bits), positions);
        }
        let moves = space.moves(bits);
        if args.solvable && moves.is_none() {
            continue;
        }
        let taps = if args.taps { space.taps(bits) } else { None };
        let board = board_text(shape, bits);
        let id = with_id.then(|| format!("{bits:04x}"));
        line.clear();
        match args.format {
            TableFormat::Text => {
                if let Some(id) = &id {
                    write!(line, "{id} ")?;
                }
                write!(line, "{board} ")?;
                match moves {
                    Some(moves) => write_count(&mut line, moves.into())?,
                    None => line.extend_from_slice(b"Impossible"),
                }
                if let Some(taps) = taps.filter(|&t| t != 0) {
                    write!(line, " {}", tap_list(shape, taps).join(" "))?;
                }
                line.push(b'\n');
            }
            TableFormat::Csv => {
                if let Some(id) = &id {
                    write!(line, "{id},")?;
                }
                write!(line, "{board},")?;
                if let Some(moves) = moves {
                    write_count(&mut line, moves.into())?;
                }
                if args.taps {
                    write!(
                        line,
                        ",{}",
                        taps.map(|t| tap_list(shape, t).join(" "))
                            .unwrap_or_default()
                    )?;
                }
                line.push(b'\n');
            }
            TableFormat::Json | TableFormat::Jsonl => {
                let row = TableRow {
                    id,
                    board,
                    rule,
                    moves,
                    taps: args.taps.then(|| taps.map(|t| tap_cells(shape, t))),
                };
                if let Some(json) = json.as_mut() {
                    json.write(&mut line, &row)?;
                }
            }
            TableFormat::Binary => {}
        }
        out.write_all(&line)?;
    }
    progress.update(positions, positions);
    progress.finish();
    if let Some(json) = json.as_mut() {
        json.finish(out)?;
    }
    Ok(())
}

/// The text form of the board with these bits (first cell most significant).
fn board_text(shape: Shape, bits: u32) -> String {
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let cells = rows * cols;
    let mut text = String::with_capacity(cells + rows);
    for index in 0..cells {
        if index > 0 && index % cols == 0 {
            text.push('/');
        }
        text.push(if bits >> (cells - 1 - index) & 1 == 1 {
            'b'
        } else {
            'w'
        });
    }
    text
}

/// The tapped cells of a tap set's bits, row-major, as (row, col) from 0.
fn tapped(shape: Shape, taps: u32) -> impl Iterator<Item = Cell> {
    let cols = shape.cols() as usize;
    let cells = shape.cells() as usize;
    (0..cells)
        .filter(move |index| taps >> (cells - 1 - index) & 1 == 1)
        .map(move |index| Cell::at_index(index, cols))
}

fn tap_list(shape: Shape, taps: u32) -> Vec<String> {
    tapped(shape, taps).map(|cell| cell.to_string()).collect()
}

fn tap_cells(shape: Shape, taps: u32) -> Vec<Cell> {
    tapped(shape, taps).collect()
}

/// One board of the table in JSON; `id` only for 4x4, `taps` only with `--taps`.
#[derive(Serialize)]
struct TableRow<'a> {
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_text"
    )]
    id: Option<String>,
    board: String,
    #[serde(flatten)]
    rule: &'a RuleFields,
    moves: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    taps: Option<Option<Vec<Cell>>>,
}
