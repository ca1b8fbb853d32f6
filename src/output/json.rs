//! JSON output: a stream of objects, either one per line (jsonl) or as one array (json).
//!
//! Both forms are written as the objects come, so memory stays flat: the array form puts one
//! object per line between `[` and `]`.

use std::fmt::Display;
use std::io::{self, Write};

use serde::{Serialize, Serializer};

use flipgame::board::BoardId;
use flipgame::grid::Grid;
use flipgame::kind::Kind;
use flipgame::notation::Cell;

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

/// The fields that name a board in every record: its text form, its size, and its id (the 4x4
/// board of two-sided pieces only, where an id is defined). Flattened into each record.
#[derive(Serialize)]
pub struct BoardFields<'a, B: Display> {
    /// The text form.
    #[serde(serialize_with = "as_text")]
    pub board: &'a B,
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

impl<'a, B: Display> BoardFields<'a, B> {
    /// The fields of a board of kind `K` (with an id where it has one).
    pub fn of<K: Kind<Board = B>>(board: &'a B) -> BoardFields<'a, B> {
        let shape = K::board_shape(board);
        BoardFields {
            board,
            rows: shape.rows(),
            cols: shape.cols(),
            id: K::board_id(board),
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
    /// The rule fields of a puzzle of kind `K`.
    pub fn of<K: Kind>(puzzle: &K::Puzzle) -> RuleFields {
        RuleFields {
            rule: K::rule(puzzle).label(),
            wrap: K::wrap(puzzle),
        }
    }
}

/// A tap of an answer in JSON: `{"row", "col"}`, and for pieces of K colours how many `times`.
#[derive(Serialize)]
pub struct TapJson {
    #[serde(flatten)]
    pub cell: Cell,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times: Option<u8>,
}

/// The taps of an answer of kind `K` in JSON, written as they are walked (a huge board's are
/// never held as a list): one [`TapJson`] a tapped cell.
pub struct TapsJson<'a, K: Kind> {
    /// The taps.
    pub taps: &'a K::Taps,
    /// The board's columns.
    pub cols: usize,
    /// The states of a piece, for pieces of K colours: their taps say how many times.
    pub states: Option<u8>,
}

impl<K: Kind> Serialize for TapsJson<'_, K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let counted = self.states.is_some();
        serializer.collect_seq(
            K::tapped_cells(self.taps, self.cols).map(|(cell, times)| TapJson {
                cell,
                times: counted.then_some(times),
            }),
        )
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
