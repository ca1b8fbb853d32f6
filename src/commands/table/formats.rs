//! The line-by-line formats of `table`: text, CSV, and JSON (one array or lines).

use std::io::{self, Write};

use serde::Serialize;

use super::{Row, TableWriter, tap_list};
use crate::output::json::JsonStream;
use crate::output::write_count;
use flipgame::record::{RuleFields, Tap, optional_text};

/// `9d98 bwwb/bbwb/bwwb/bwww 4 r1c1 ...`: id (4x4 only), board, fewest taps or `Impossible`,
/// and with `--taps` the taps.
pub struct Text;

impl TableWriter for Text {
    fn row(&mut self, line: &mut Vec<u8>, row: &Row<'_>) -> io::Result<()> {
        if let Some(id) = &row.id {
            write!(line, "{id} ")?;
        }
        write!(line, "{} ", row.board)?;
        match row.moves {
            Some(moves) => write_count(line, moves.into())?,
            None => line.extend_from_slice(b"Impossible"),
        }
        if let Some(taps) = row
            .taps
            .as_ref()
            .and_then(Option::as_ref)
            .filter(|t| !t.is_empty())
        {
            write!(line, " {}", tap_list(taps))?;
        }
        line.push(b'\n');
        Ok(())
    }
}

/// A header line, then `id,board,moves,taps` a board (an impossible board's moves empty).
pub struct Csv {
    /// Whether rows start with the board's id.
    pub with_id: bool,
    /// Whether rows end with the taps.
    pub taps: bool,
}

impl TableWriter for Csv {
    fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let header = match (self.with_id, self.taps) {
            (true, true) => "id,board,moves,taps\n",
            (true, false) => "id,board,moves\n",
            (false, true) => "board,moves,taps\n",
            (false, false) => "board,moves\n",
        };
        out.write_all(header.as_bytes())
    }

    fn row(&mut self, line: &mut Vec<u8>, row: &Row<'_>) -> io::Result<()> {
        if let Some(id) = &row.id {
            write!(line, "{id},")?;
        }
        write!(line, "{},", row.board)?;
        if let Some(moves) = row.moves {
            write_count(line, moves.into())?;
        }
        if let Some(taps) = &row.taps {
            write!(
                line,
                ",{}",
                taps.as_deref().map(tap_list).unwrap_or_default()
            )?;
        }
        line.push(b'\n');
        Ok(())
    }
}

/// One JSON object a board, in one array or one a line.
pub struct Json(pub JsonStream);

impl TableWriter for Json {
    fn row(&mut self, line: &mut Vec<u8>, row: &Row<'_>) -> io::Result<()> {
        let times = row.states > 2;
        let record = TableRow {
            id: row.id.as_deref(),
            board: &row.board,
            rule: row.rule,
            states: times.then_some(row.states),
            moves: row.moves,
            taps: row.taps.as_ref().map(|taps| {
                taps.as_ref().map(|taps| {
                    taps.iter()
                        .map(|&(cell, count)| Tap {
                            cell,
                            times: times.then_some(count),
                        })
                        .collect()
                })
            }),
        };
        self.0.write(line, &record)
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.0.finish(out)
    }
}

/// One board of the table in JSON; `id` only for 4x4, `states` only past 2, `taps` only with
/// `--taps`.
#[derive(Serialize)]
struct TableRow<'a> {
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_text"
    )]
    id: Option<&'a str>,
    board: &'a str,
    #[serde(flatten)]
    rule: &'a RuleFields,
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<u8>,
    moves: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    taps: Option<Option<Vec<Tap>>>,
}
