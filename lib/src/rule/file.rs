//! The rule-file reader: a JSON document of every cell and what a tap there turns over, each
//! cell checked against the board as it is read, so an error points at the cell that is wrong.

use std::fmt;
use std::io;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::graph::Graph;
use crate::grid::{MAX_SIDE, Shape};
use crate::notation::Cell;

/// Why a rule file could not be read: what went wrong, and where in the file when the JSON
/// reader knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleFileError {
    /// True when the file could not be read at all (the message is the system's): not a
    /// mistake in its content.
    pub unreadable: bool,
    /// Line and column (both from 1) of the mistake.
    pub place: Option<(usize, usize)>,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for RuleFileError {
    /// The message alone; the reporter puts the file and the place before it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuleFileError {}

impl RuleFileError {
    /// An error the file as a whole has, at no one place.
    fn whole(message: String) -> RuleFileError {
        RuleFileError {
            unreadable: false,
            place: None,
            message,
        }
    }
}

impl Graph {
    /// Reads a rule file (JSON; see the guide for the format) into a graph called `label`; an
    /// error says where when the JSON tells.
    pub fn from_json(text: &str, label: &str) -> Result<Graph, RuleFileError> {
        Graph::from_json_reader(text.as_bytes(), label)
    }

    /// [`Graph::from_json`] for a file read as it goes: memory holds the rule, not the file.
    pub fn from_json_reader(source: impl io::Read, label: &str) -> Result<Graph, RuleFileError> {
        read(source, label, LARGEST_RULE_FILE)
    }
}

/// The longest string a rule file may hold (its keys, a name, a comment): a longer one is
/// refused as it is read, before the JSON reader would hold it whole.
const LONGEST_STRING: u64 = 4096;

/// The longest number a rule file may hold, in characters: far past any side or count.
const LONGEST_NUMBER: u64 = 40;

/// The most bytes a rule file may hold: far past any board's (a 1000x1000 board's rule, every
/// cell listed with its turns, is near 100 MB), so that a device or a pipe that never ends is
/// refused in bounded memory.
const LARGEST_RULE_FILE: usize = 1 << 30;

/// Why the reading of a rule file stopped before its end.
#[derive(Clone, Copy)]
enum Refusal {
    /// A string or a number (which) longer than a rule file ever needs.
    TooLong(&'static str),
    /// A byte that JSON text never holds: a control character other than whitespace.
    Byte(u8),
    /// More bytes than [`LARGEST_RULE_FILE`].
    TooLarge,
}

/// A source that notes whether it held anything but whitespace, and refuses a string or a
/// number longer than a rule file ever needs, a byte JSON never holds and a file larger than
/// any rule, noting where.
struct Guarded<R> {
    source: R,
    /// The most bytes read before the file is refused.
    largest: usize,
    something: bool,
    /// Line and column of the next byte, and its offset.
    place: (usize, usize),
    offset: usize,
    /// Inside a string: where it started and its length so far; and whether a `\\` came last.
    string: Option<(Start, u64)>,
    escaped: bool,
    /// Outside strings, a run of a number's characters: where it started and its length.
    number: Option<(Start, u64)>,
    /// Where the reading stopped (the start of a string or number found too long, or the
    /// byte refused), and why.
    refused: Option<(Start, Refusal)>,
}

/// Where a string or a number starts: line and column, and byte offset.
type Start = ((usize, usize), usize);

impl<R: io::Read> io::Read for Guarded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.refused.is_some() {
            return Err(io::Error::other("the rule file was refused"));
        }
        let read = self.source.read(buf)?;
        for (at, &byte) in buf[..read].iter().enumerate() {
            let json_whitespace = matches!(byte, b' ' | b'\t' | b'\n' | b'\r');
            let refusal = if self.offset >= self.largest {
                Some(Refusal::TooLarge)
            } else if byte < 0x20 && !json_whitespace {
                Some(Refusal::Byte(byte))
            } else {
                None
            };
            if let Some(refusal) = refusal {
                self.refused = Some(((self.place, self.offset), refusal));
                return Ok(at);
            }
            self.something |= !json_whitespace;
            let in_number = self.string.is_none() && b"0123456789+-.eE".contains(&byte);
            self.number = match (self.number, in_number) {
                (_, false) => None,
                (None, true) => Some(((self.place, self.offset), 1)),
                (Some((start, length)), true) => Some((start, length + 1)),
            };
            if let Some((start, length)) = self.number
                && length > LONGEST_NUMBER
            {
                self.refused = Some((start, Refusal::TooLong("a number")));
                // What came before is read first: an earlier mistake is reported before this.
                return Ok(at);
            }
            match &mut self.string {
                None if byte == b'"' => self.string = Some(((self.place, self.offset), 0)),
                None => {}
                Some(_) if self.escaped => self.escaped = false,
                Some(_) if byte == b'"' => self.string = None,
                Some((start, length)) => {
                    self.escaped = byte == b'\\';
                    *length += 1;
                    if *length > LONGEST_STRING {
                        self.refused = Some((*start, Refusal::TooLong("a string")));
                        return Ok(at);
                    }
                }
            }
            if byte == b'\n' {
                self.place = (self.place.0 + 1, 1);
            } else if byte & 0xC0 != 0x80 {
                self.place.1 += 1;
            }
            self.offset += 1;
        }
        Ok(read)
    }
}

/// Reads a rule file from `source` into a graph called `label`, refusing one of more than
/// `largest` bytes.
fn read(source: impl io::Read, label: &str, largest: usize) -> Result<Graph, RuleFileError> {
    let mut guarded = Guarded {
        source,
        largest,
        something: false,
        place: (1, 1),
        offset: 0,
        string: None,
        escaped: false,
        number: None,
        refused: None,
    };
    let mut bytes = Vec::new();
    let read = io::Read::read_to_end(&mut guarded, &mut bytes);
    if let Some(((place, offset), refusal)) = guarded.refused {
        // Read up to it: a mistake before it is the one to report.
        if let Ok(text) = std::str::from_utf8(&bytes[..offset.min(bytes.len())])
            && let Err(error) = parse(text)
            && !error.is_eof()
        {
            return Err(located(error));
        }
        let message = match refusal {
            Refusal::TooLong(what) => {
                let most = if what == "a number" {
                    LONGEST_NUMBER
                } else {
                    LONGEST_STRING
                };
                format!(
                    "expected a rule file's short keys, texts and numbers, found {what} of more \
                     than {most} characters"
                )
            }
            Refusal::Byte(byte) => format!(
                "expected a rule file's JSON text, found byte 0x{byte:02x}, which JSON text never \
                 holds (is it a binary file or a device?)"
            ),
            Refusal::TooLarge => format!(
                "expected a rule file, found more than {} bytes, which no rule file comes near: \
                 the rest is not read (is it a device, or a pipe that never ends?)",
                crate::words::thousands(guarded.largest as u64)
            ),
        };
        return Err(RuleFileError {
            unreadable: false,
            place: Some(place),
            message,
        });
    }
    read.map_err(|error| RuleFileError {
        unreadable: true,
        ..RuleFileError::whole(error.to_string())
    })?;
    if !guarded.something {
        return Err(RuleFileError {
            unreadable: false,
            place: Some((1, 1)),
            message: "expected a rule file, {\"rows\": R, \"cols\": C, \"cells\": [...]}, found \
                      an empty file"
                .to_string(),
        });
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let (line, column) = crate::words::line_and_column(error.as_bytes(), at);
        RuleFileError {
            unreadable: false,
            place: Some((line as usize, column as usize)),
            message: format!(
                "expected a rule file's JSON text, found byte 0x{:02x}, which is not UTF-8 text",
                error.as_bytes()[at]
            ),
        }
    })?;
    // A byte-order mark is read past, as in boards and judges' inputs (Windows editors write
    // one); it is before the first column, so the places after it stay right.
    let document = parse(text.strip_prefix('\u{feff}').unwrap_or(&text)).map_err(located)?;
    let shape = document.shape;
    let cols = shape.cols() as usize;
    // Every cell has exactly one entry: the reader checked it with the entries' places.
    let mut lists = vec![Vec::new(); shape.cells() as usize];
    for cell in document.cells {
        lists[cell.index(cols)] = cell
            .flips
            .iter()
            .map(|c| (c.index(cols) as u32, c.weight))
            .collect();
    }
    Graph::weighted(shape, lists, label.to_string())
        .map_err(|error| RuleFileError::whole(error.to_string()))
}

/// The rule document of a whole file's text.
fn parse(text: &str) -> Result<RuleDocument, serde_json::Error> {
    serde_json::from_str(text)
}

/// A JSON reader's error, with its place when it tells one.
fn located(error: serde_json::Error) -> RuleFileError {
    // serde_json knows the place unless it says line 0.
    match (error.line(), error.column()) {
        (0, _) => RuleFileError::whole(error.to_string()),
        (line, column) => RuleFileError {
            unreadable: false,
            // Column 0 is before the line's first character (an empty file): call it 1.
            place: Some((line, column.max(1))),
            message: crate::words::json_error_words(&error),
        },
    }
}

/// A cell of a rule file, `{"row": r, "col": c}` (in `flips`, with an optional `"weight"`),
/// checked against the board as it is read.
#[derive(Clone, Copy, Debug)]
struct FileCell {
    row: u32,
    col: u32,
    /// What a press adds there on a board of more than two states: 1 unless the file says.
    weight: u32,
}

impl FileCell {
    fn index(self, cols: usize) -> usize {
        (self.row as usize - 1) * cols + (self.col as usize - 1)
    }
}

/// One entry of a rule file: a cell and what a tap there turns over.
struct FileEntry {
    row: u32,
    col: u32,
    flips: Vec<FileCell>,
}

impl FileEntry {
    fn index(&self, cols: usize) -> usize {
        FileCell {
            row: self.row,
            col: self.col,
            weight: 1,
        }
        .index(cols)
    }
}

/// A whole rule file.
struct RuleDocument {
    shape: Shape,
    cells: Vec<FileEntry>,
}

impl<'de> Deserialize<'de> for RuleDocument {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RuleDocument, D::Error> {
        deserializer.deserialize_map(DocumentVisitor)
    }
}

struct DocumentVisitor;

impl<'de> Visitor<'de> for DocumentVisitor {
    type Value = RuleDocument;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a rule file: {\"rows\": R, \"cols\": C, \"cells\": [...]}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RuleDocument, A::Error> {
        let (mut rows, mut cols): (Option<u32>, Option<u32>) = (None, None);
        let mut cells: Option<Vec<FileEntry>> = None;
        while let Some(key) = map.next_key::<String>()? {
            once(
                &key,
                [
                    ("rows", rows.is_some()),
                    ("cols", cols.is_some()),
                    ("cells", cells.is_some()),
                ],
            )?;
            match key.as_str() {
                "rows" => rows = Some(map.next_value::<u32>()?),
                "cols" => cols = Some(map.next_value::<u32>()?),
                "cells" => {
                    let shape = match (rows, cols) {
                        (Some(rows), Some(cols)) => checked_shape(rows, cols)?,
                        _ => {
                            return Err(de::Error::custom(
                                "\"rows\" and \"cols\" must come before \"cells\", so that each \
                                 cell can be checked against the board as it is read",
                            ));
                        }
                    };
                    cells = Some(map.next_value_seed(EntriesSeed { shape })?);
                }
                "name" | "comment" => {
                    map.next_value::<de::IgnoredAny>()?;
                }
                other => {
                    return Err(de::Error::custom(format!(
                        "unknown field \"{other}\": a rule file has \"rows\", \"cols\", \"cells\" \
                         (and optionally \"name\" or \"comment\")"
                    )));
                }
            }
        }
        let rows = rows.ok_or_else(|| de::Error::missing_field("rows"))?;
        let cols = cols.ok_or_else(|| de::Error::missing_field("cols"))?;
        let cells = cells.ok_or_else(|| de::Error::missing_field("cells"))?;
        Ok(RuleDocument {
            shape: checked_shape(rows, cols)?,
            cells,
        })
    }
}

/// Refuses `key` when it is one of `fields` and already given: JSON readers disagree on which
/// of two counts.
fn once<E: de::Error>(key: &str, fields: [(&'static str, bool); 3]) -> Result<(), E> {
    match fields.iter().find(|&&(name, given)| given && name == key) {
        Some(&(name, _)) => Err(E::duplicate_field(name)),
        None => Ok(()),
    }
}

fn checked_shape<E: de::Error>(rows: u32, cols: u32) -> Result<Shape, E> {
    Shape::new(rows, cols).ok_or_else(|| {
        E::custom(format!(
            "a board of {rows}x{cols}: rows and columns go from 1 to {}",
            MAX_SIDE
        ))
    })
}

/// The list of entries, each checked against the board as it is read.
struct EntriesSeed {
    shape: Shape,
}

impl<'de> DeserializeSeed<'de> for EntriesSeed {
    type Value = Vec<FileEntry>;

    fn deserialize<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Vec<FileEntry>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EntriesSeed {
    type Value = Vec<FileEntry>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of {\"row\", \"col\", \"flips\"} entries")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<FileEntry>, A::Error> {
        let cols = self.shape.cols() as usize;
        let mut listed = vec![false; self.shape.cells() as usize];
        let mut entries = Vec::new();
        while let Some(entry) = seq.next_element_seed(EntrySeed { shape: self.shape })? {
            // Checked here, as each entry ends, so that the error has the entry's place.
            let index = entry.index(cols);
            if std::mem::replace(&mut listed[index], true) {
                return Err(de::Error::custom(format!(
                    "{} is listed twice: each cell takes one entry",
                    Cell::at_index(index, cols)
                )));
            }
            entries.push(entry);
        }
        if let Some(missing) = listed.iter().position(|&listed| !listed) {
            return Err(de::Error::custom(format!(
                "{} has no entry: list every cell of the {} board, with \"flips\": [] for a \
                 cell whose tap turns over nothing",
                Cell::at_index(missing, cols),
                self.shape
            )));
        }
        Ok(entries)
    }
}

struct EntrySeed {
    shape: Shape,
}

impl<'de> DeserializeSeed<'de> for EntrySeed {
    type Value = FileEntry;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<FileEntry, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for EntrySeed {
    type Value = FileEntry;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an entry {\"row\": r, \"col\": c, \"flips\": [{\"row\": r, \"col\": c}, ...]}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FileEntry, A::Error> {
        let (mut row, mut col, mut flips) = (None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            once(
                &key,
                [
                    ("row", row.is_some()),
                    ("col", col.is_some()),
                    ("flips", flips.is_some()),
                ],
            )?;
            match key.as_str() {
                "row" => row = Some(map.next_value::<u32>()?),
                "col" => col = Some(map.next_value::<u32>()?),
                "flips" => flips = Some(map.next_value_seed(CellsSeed { shape: self.shape })?),
                other => {
                    return Err(de::Error::custom(format!(
                        "unknown field \"{other}\": an entry has \"row\", \"col\" and \"flips\""
                    )));
                }
            }
        }
        let row = row.ok_or_else(|| de::Error::missing_field("row"))?;
        let col = col.ok_or_else(|| de::Error::missing_field("col"))?;
        let cell = check_cell(self.shape, row, col)?;
        Ok(FileEntry {
            row: cell.row,
            col: cell.col,
            flips: flips.ok_or_else(|| de::Error::missing_field("flips"))?,
        })
    }
}

fn check_cell<E: de::Error>(shape: Shape, row: u32, col: u32) -> Result<FileCell, E> {
    if (1..=shape.rows()).contains(&row) && (1..=shape.cols()).contains(&col) {
        Ok(FileCell {
            row,
            col,
            weight: 1,
        })
    } else {
        Err(E::custom(format!(
            "r{row}c{col} is outside the {shape} board (rows 1 to {}, columns 1 to {})",
            shape.rows(),
            shape.cols()
        )))
    }
}

struct CellsSeed {
    shape: Shape,
}

impl<'de> DeserializeSeed<'de> for CellsSeed {
    type Value = Vec<FileCell>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<FileCell>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CellsSeed {
    type Value = Vec<FileCell>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of cells {\"row\": r, \"col\": c}")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<FileCell>, A::Error> {
        let mut cells: Vec<FileCell> = Vec::new();
        while let Some(raw) = seq.next_element::<RawCell>()? {
            let mut cell = check_cell(self.shape, raw.row, raw.col)?;
            if !(1..=MOST_WEIGHT).contains(&raw.weight) {
                return Err(de::Error::custom(format!(
                    "r{}c{} has weight {}: a weight is what a press adds there, from 1 to \
                     {MOST_WEIGHT} (leave a cell out for 0)",
                    raw.row, raw.col, raw.weight
                )));
            }
            cell.weight = raw.weight;
            // A tap turns a piece over once or not at all: a second listing is a mistake, not
            // a way to cancel the first.
            if cells
                .iter()
                .any(|seen| (seen.row, seen.col) == (cell.row, cell.col))
            {
                return Err(de::Error::custom(format!(
                    "r{}c{} is listed twice in these flips: a tap turns each piece over once",
                    cell.row, cell.col
                )));
            }
            cells.push(cell);
        }
        Ok(cells)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCell {
    row: u32,
    col: u32,
    #[serde(default = "one")]
    weight: u32,
}

/// The weight of a cell a rule file gives none.
fn one() -> u32 {
    1
}

/// The largest weight a rule file may give: one less than the most states.
const MOST_WEIGHT: u32 = crate::notation::MOST_STATES - 1;

#[cfg(test)]
mod tests {
    use super::*;

    fn place_and_words(result: Result<Graph, RuleFileError>) -> String {
        let error = result.expect_err("a refused rule file");
        let (line, column) = error.place.expect("a place");
        format!("{line}:{column}: {error}")
    }

    /// A source that never ends is refused in bounded memory: at its first byte JSON never
    /// holds, or past the largest rule file when it is all whitespace.
    #[test]
    fn endless_sources_are_refused() {
        let zeros = place_and_words(Graph::from_json_reader(io::repeat(0), "zero"));
        assert_eq!(
            zeros,
            "1:1: expected a rule file's JSON text, found byte 0x00, which JSON text never holds \
             (is it a binary file or a device?)"
        );
        let spaces = place_and_words(read(io::repeat(b' '), "spaces", 1 << 20));
        assert_eq!(
            spaces,
            "1:1048577: expected a rule file, found more than 1,048,576 bytes, which no rule \
             file comes near: the rest is not read (is it a device, or a pipe that never ends?)"
        );
        // Up to the limit a file is read, and whitespace of every kind JSON allows is taken.
        let text = "{\"rows\":\t1,\r\n \"cols\": 1, \"cells\": [{\"row\": 1, \"col\": 1, \
                    \"flips\": []}]}";
        assert!(read(text.as_bytes(), "one", text.len()).is_ok());
        assert!(read(text.as_bytes(), "one", text.len() - 1).is_err());
        // A mistake before the byte refused is the one reported.
        let early = place_and_words(Graph::from_json("{\"rows\": x\n\u{0}", "early"));
        assert!(early.starts_with("1:10: "), "{early}");
        let in_string = place_and_words(Graph::from_json("{\"na\u{1}me\": 1}", "string"));
        assert!(in_string.starts_with("1:5: expected a rule file's JSON text, found byte 0x01"));
    }
}
