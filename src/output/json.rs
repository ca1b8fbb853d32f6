//! JSON output: a stream of objects, either one per line (jsonl) or as one array (json).
//!
//! Both forms are written as the objects come, so memory stays flat: the array form puts one
//! object per line between `[` and `]`.

use std::fmt::Display;
use std::io::{self, Write};

use serde::{Serialize, Serializer};

use flipgame::board::BoardId;
use flipgame::grid::Grid;
use flipgame::notation::Cell;
use flipgame::puzzle::Puzzle;
use flipgame::puzzle::StatePuzzle;

/// Writes objects as JSON Lines or as one JSON array.
pub struct JsonStream {
    array: bool,
    written: u64,
}

impl JsonStream {
    /// A stream of lines (`array` false) or one array (`array` true).
    pub fn new(array: bool) -> JsonStream {
        JsonStream { array, written: 0 }
    }

    /// Writes one object.
    pub fn write(
        &mut self,
        out: &mut (impl Write + ?Sized),
        value: &impl Serialize,
    ) -> io::Result<()> {
        if self.array {
            out.write_all(if self.written == 0 { b"[\n" } else { b",\n" })?;
        }
        serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
        if !self.array {
            out.write_all(b"\n")?;
        }
        self.written += 1;
        Ok(())
    }

    /// Closes the array (an empty one when nothing was written); nothing for lines.
    pub fn finish(&mut self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        match (self.array, self.written) {
            (false, _) => Ok(()),
            (true, 0) => out.write_all(b"[]\n"),
            (true, _) => out.write_all(b"\n]\n"),
        }
    }
}

/// Serializes anything with `Display` as a JSON string (for `#[serde(serialize_with)]`).
pub fn as_text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Serializes an optional `Display` value as a JSON string, or `null`.
pub fn optional_text<T: Display, S: Serializer>(
    value: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

/// Serializes an optional colour as `"white"`, `"black"` or `null`.
pub fn optional_color<S: Serializer>(
    color: &Option<flipgame::notation::Color>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match color {
        Some(color) => serializer.serialize_str(color.name()),
        None => serializer.serialize_none(),
    }
}

/// The fields that name a board in every record: its text form, its size, and its id (4x4
/// only, where an id is defined). Flattened into each record.
#[derive(Serialize)]
pub struct BoardFields<'a> {
    /// The text form.
    #[serde(serialize_with = "as_text")]
    pub board: &'a Grid,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// The 4x4 id.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_text"
    )]
    pub id: Option<BoardId>,
}

impl<'a> BoardFields<'a> {
    /// The fields of a board (with an id when it is 4x4).
    pub fn of(board: &'a Grid) -> BoardFields<'a> {
        BoardFields {
            board,
            rows: board.shape().rows(),
            cols: board.shape().cols(),
            id: BoardId::of(board),
        }
    }
}

/// The fields that name the rule in every record: `"rule"` (a name, a stencil, or a rule
/// file's path) and `"wrap"`. Flattened into each record.
#[derive(Serialize)]
pub struct RuleFields {
    /// The rule's label.
    pub rule: String,
    /// Whether the edges wrap around.
    pub wrap: bool,
}

impl RuleFields {
    /// The rule fields of a puzzle.
    pub fn of(puzzle: &Puzzle) -> RuleFields {
        RuleFields {
            rule: puzzle.rule().label(),
            wrap: puzzle.wrap(),
        }
    }

    /// The rule fields of a puzzle of K states.
    pub fn of_states(puzzle: &StatePuzzle) -> RuleFields {
        RuleFields {
            rule: puzzle.rule().label(),
            wrap: puzzle.wrap(),
        }
    }
}

/// The set cells of a grid as a JSON array of cells (`{"row": r, "col": c}`), row-major.
pub struct CellsJson<'a>(pub &'a Grid);

impl Serialize for CellsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.cells().map(Cell::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(array: bool, values: &[u32]) -> String {
        let mut out = Vec::new();
        let mut stream = JsonStream::new(array);
        for value in values {
            stream.write(&mut out, value).unwrap();
        }
        stream.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lines_and_arrays_are_valid_json() {
        assert_eq!(render(false, &[1, 2]), "1\n2\n");
        assert_eq!(render(true, &[1, 2]), "[\n1,\n2\n]\n");
        assert_eq!(render(true, &[]), "[]\n");
        let parsed: Vec<u32> = serde_json::from_str(&render(true, &[3, 4, 5])).unwrap();
        assert_eq!(parsed, vec![3, 4, 5]);
    }
}
