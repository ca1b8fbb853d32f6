//! Tap patterns: which pieces a tap turns over.
//!
//! A [`Rule`] is one of three kinds:
//! - a *stencil*: a small odd-sized pattern of 0/1 centred on the tapped piece, the same for every
//!   cell (`plus`, `x`, `box`, `sigma` are named stencils; `010/111/010` is `plus` written out);
//! - `lines`: the tapped piece's whole row and whole column (POJ 2965);
//! - a *graph*: for every cell, its own list of the cells a tap there turns over, read from a
//!   rule file (Simon Tatham's Flip, Lights Out on any graph).
//!
//! Rules say nothing about edges: whether the board wraps around is part of the puzzle.

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::grid::Shape;
use crate::random::Generator;

/// The largest height or width of a stencil.
pub const MAX_STENCIL_SIDE: usize = 63;

/// A tap pattern the same for every cell: offsets (row, column) from the tapped piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stencil {
    height: usize,
    width: usize,
    /// Offsets of the cells turned over, in row-major order of the stencil.
    offsets: Vec<(i32, i32)>,
}

impl Stencil {
    /// Reads rows of `0`/`1` (or `.`/`x`) joined by `/`, odd height and width, centred on the
    /// tapped piece: `010/111/010` is `plus`.
    pub fn parse(text: &str) -> Result<Stencil, String> {
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].chars().count();
        for (n, row) in rows.iter().enumerate() {
            let length = row.chars().count();
            if length != width {
                return Err(format!(
                    "stencil row {} has {length} cells but row 1 has {width}: every row needs \
                     the same width",
                    n + 1
                ));
            }
        }
        let height = rows.len();
        if height.is_multiple_of(2) || width.is_multiple_of(2) {
            return Err(format!(
                "a stencil is centred on the tapped piece, so its height and width must be odd; \
                 '{text}' is {height}x{width}"
            ));
        }
        if height > MAX_STENCIL_SIDE || width > MAX_STENCIL_SIDE {
            return Err(format!(
                "a stencil may be at most {MAX_STENCIL_SIDE}x{MAX_STENCIL_SIDE}; '{text}' is \
                 {height}x{width}"
            ));
        }
        let (middle_row, middle_col) = ((height / 2) as i32, (width / 2) as i32);
        let mut offsets = Vec::new();
        let mut column = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                column += 1;
                match ch {
                    '1' | 'x' | 'X' => offsets.push((r as i32 - middle_row, c as i32 - middle_col)),
                    '0' | '.' => {}
                    other => {
                        return Err(format!(
                            "stencil character {column}: expected '0' or '1' ('.' or 'x'), \
                             found '{}'",
                            other.escape_debug()
                        ));
                    }
                }
            }
            column += 1;
        }
        if offsets.is_empty() {
            return Err(format!(
                "the stencil '{text}' turns over nothing: a tap must turn over at least one piece"
            ));
        }
        Ok(Stencil {
            height,
            width,
            offsets,
        })
    }

    /// The offsets (row, column) of the pieces a tap turns over, from the tapped piece.
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }

    /// Rows of the stencil above (and below) the tapped piece.
    pub fn row_radius(&self) -> usize {
        self.height / 2
    }

    /// Columns of the stencil left (and right) of the tapped piece.
    pub fn col_radius(&self) -> usize {
        self.width / 2
    }

    /// The stencil turned half a turn: the pattern of the transposed tap matrix.
    pub fn reflected(&self) -> Stencil {
        let mut offsets: Vec<(i32, i32)> = self.offsets.iter().map(|&(r, c)| (-r, -c)).collect();
        offsets.sort_unstable();
        Stencil {
            height: self.height,
            width: self.width,
            offsets,
        }
    }

    /// True when the stencil is its own half-turn, so a tap at a turns over b exactly when a tap
    /// at b turns over a.
    pub fn is_symmetric(&self) -> bool {
        *self == self.reflected()
    }

    /// The text form: rows of `0`/`1` joined by `/`.
    pub fn text(&self) -> String {
        let (middle_row, middle_col) = (self.row_radius() as i32, self.col_radius() as i32);
        let mut text = String::with_capacity(self.height * (self.width + 1));
        for r in 0..self.height as i32 {
            if r > 0 {
                text.push('/');
            }
            for c in 0..self.width as i32 {
                let on = self.offsets.contains(&(r - middle_row, c - middle_col));
                text.push(if on { '1' } else { '0' });
            }
        }
        text
    }
}

/// The named stencils: name, stencil text, and what a tap turns over.
pub const NAMED_STENCILS: [(&str, &str, &str); 4] = [
    (
        "plus",
        "010/111/010",
        "the piece and its neighbours above, below, left and right (the Flip Game)",
    ),
    (
        "x",
        "101/010/101",
        "the piece and its four diagonal neighbours",
    ),
    ("box", "111/111/111", "the piece and all 8 neighbours"),
    (
        "sigma",
        "010/101/010",
        "the four orthogonal neighbours, not the piece itself",
    ),
];

/// What a tap turns over: the rule of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The same pattern around every cell; `name` when it is one of [`NAMED_STENCILS`].
    Stencil {
        /// The name given (`plus`, `x`, ...), if it was given by name.
        name: Option<&'static str>,
        /// The pattern.
        stencil: Stencil,
    },
    /// The tapped piece's whole row and whole column (POJ 2965).
    Lines,
    /// Every cell its own list of cells, from a rule file.
    Graph(Graph),
}

impl Default for Rule {
    fn default() -> Rule {
        Rule::plus()
    }
}

impl Rule {
    /// The Flip Game's rule: the piece and its orthogonal neighbours.
    pub fn plus() -> Rule {
        Rule::parse("plus").unwrap_or(Rule::Lines)
    }

    /// Reads a rule name (`plus`, `x`, `box`, `sigma`, `lines`) or an inline stencil such as
    /// `010/111/010`.
    pub fn parse(text: &str) -> Result<Rule, String> {
        if text == "lines" {
            return Ok(Rule::Lines);
        }
        if let Some(&(name, pattern, _)) = NAMED_STENCILS.iter().find(|(name, ..)| *name == text) {
            return Ok(Rule::Stencil {
                name: Some(name),
                stencil: Stencil::parse(pattern)?,
            });
        }
        let looks_like_stencil = text.contains('/')
            || text
                .chars()
                .all(|ch| matches!(ch, '0' | '1' | '.' | 'x' | 'X'));
        if !looks_like_stencil || text.is_empty() {
            let names: Vec<&str> = NAMED_STENCILS.iter().map(|(name, ..)| *name).collect();
            return Err(format!(
                "unknown rule '{text}': expected {}, lines, or a stencil of 0/1 rows joined by \
                 '/' such as 010/111/010 (a rule per cell goes in a --rule-file)",
                names.join(", ")
            ));
        }
        let stencil = Stencil::parse(text)?;
        // A stencil that is a named one prints under its name.
        let name = NAMED_STENCILS
            .iter()
            .find(|(_, pattern, _)| Stencil::parse(pattern).is_ok_and(|named| named == stencil))
            .map(|(name, ..)| *name);
        Ok(Rule::Stencil { name, stencil })
    }

    /// How the rule is named in JSON and headers: the name, the stencil text, or the rule file's
    /// label.
    pub fn label(&self) -> String {
        match self {
            Rule::Stencil {
                name: Some(name), ..
            } => (*name).to_string(),
            Rule::Stencil { stencil, .. } => stencil.text(),
            Rule::Lines => "lines".to_string(),
            Rule::Graph(graph) => graph.label.clone(),
        }
    }

    /// True for the Flip Game's own rule.
    pub fn is_plus(&self) -> bool {
        matches!(self, Rule::Stencil { stencil, .. } if stencil.text() == "010/111/010")
    }

    /// The rule of the transposed tap matrix: a tap at a turns over b under it exactly when a
    /// tap at b turns over a under this one.
    pub fn transposed(&self) -> Rule {
        match self {
            Rule::Stencil { name, stencil } => {
                let reflected = stencil.reflected();
                Rule::Stencil {
                    name: if reflected == *stencil { *name } else { None },
                    stencil: reflected,
                }
            }
            Rule::Lines => Rule::Lines,
            Rule::Graph(graph) => Rule::Graph(graph.transposed()),
        }
    }

    /// True when a tap at a turns over b exactly when a tap at b turns over a (then the quiet tap
    /// sets and the quiet patterns are the same).
    pub fn is_symmetric(&self) -> bool {
        match self {
            Rule::Stencil { stencil, .. } => stencil.is_symmetric(),
            Rule::Lines => true,
            Rule::Graph(graph) => *graph == graph.transposed(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// A rule given cell by cell: for each cell (row-major), the cells a tap there turns over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    shape: Shape,
    /// For each cell in row-major order, the row-major indices it turns over, sorted.
    flips: Vec<Vec<u32>>,
    /// What the rule is called in output (the rule file's path, as given).
    label: String,
}

impl Graph {
    /// A graph rule on `shape` from per-cell lists of row-major cell indices (sorted and
    /// deduplicated here), or why not.
    pub fn new(shape: Shape, mut flips: Vec<Vec<u32>>, label: String) -> Result<Graph, String> {
        let cells = shape.cells();
        if flips.len() as u64 != cells {
            return Err(format!(
                "a {shape} board has {cells} cells but the rule gives {}",
                flips.len()
            ));
        }
        for list in &mut flips {
            list.sort_unstable();
            list.dedup();
            if list.last().is_some_and(|&last| u64::from(last) >= cells) {
                return Err(format!("a cell index is outside the {shape} board"));
            }
        }
        Ok(Graph {
            shape,
            flips,
            label,
        })
    }

    /// Reads a rule file (JSON; see the README for the format). Errors say where, as
    /// `LINE:COL: message` when the JSON itself tells.
    pub fn from_json(text: &str, label: &str) -> Result<Graph, String> {
        let document: RuleDocument = serde_json::from_str(text).map_err(|error| {
            let message = error.to_string();
            // serde_json ends a message with " at line L column C" when it knows the place: put
            // the place first.
            let (line, column) = (error.line(), error.column());
            match message.strip_suffix(&format!(" at line {line} column {column}")) {
                Some(what) => format!("{line}:{column}: {what}"),
                None => message,
            }
        })?;
        let shape = document.shape;
        let cols = shape.cols() as usize;
        let mut flips: Vec<Option<Vec<u32>>> = vec![None; shape.cells() as usize];
        for cell in document.cells {
            let index = cell.index(cols);
            if flips[index].is_some() {
                return Err(format!(
                    "r{}c{} is listed twice: each cell takes one entry",
                    cell.row, cell.col
                ));
            }
            flips[index] = Some(cell.flips.iter().map(|c| c.index(cols) as u32).collect());
        }
        let mut lists = Vec::with_capacity(flips.len());
        for (index, list) in flips.into_iter().enumerate() {
            match list {
                Some(list) => lists.push(list),
                None => {
                    return Err(format!(
                        "r{}c{} has no entry: list every cell of the {shape} board, with \
                         \"flips\": [] for a cell whose tap turns over nothing",
                        index / cols + 1,
                        index % cols + 1
                    ));
                }
            }
        }
        Graph::new(shape, lists, label.to_string())
    }

    /// The rule file of this graph, as JSON text (one cell per line).
    pub fn to_json(&self) -> String {
        let cols = self.shape.cols() as usize;
        let cell = |index: usize| {
            format!(
                "{{\"row\":{},\"col\":{}}}",
                index / cols + 1,
                index % cols + 1
            )
        };
        let mut text = format!(
            "{{\"name\":{},\"rows\":{},\"cols\":{},\"cells\":[\n",
            serde_json::Value::from(self.label.as_str()),
            self.shape.rows(),
            self.shape.cols()
        );
        for (index, list) in self.flips.iter().enumerate() {
            let flips: Vec<String> = list.iter().map(|&i| cell(i as usize)).collect();
            let (row, col) = (index / cols + 1, index % cols + 1);
            text.push_str(&format!(
                "{{\"row\":{row},\"col\":{col},\"flips\":[{}]}}{}\n",
                flips.join(","),
                if index + 1 < self.flips.len() {
                    ","
                } else {
                    ""
                }
            ));
        }
        text.push_str("]}\n");
        text
    }

    /// The shape the rule is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The row-major indices a tap on cell `index` turns over, sorted.
    pub fn flips(&self, index: usize) -> &[u32] {
        &self.flips[index]
    }

    /// What the rule is called in output.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The graph with every arrow reversed.
    pub fn transposed(&self) -> Graph {
        let mut flips = vec![Vec::new(); self.flips.len()];
        for (tap, list) in self.flips.iter().enumerate() {
            for &cell in list {
                flips[cell as usize].push(tap as u32);
            }
        }
        Graph {
            shape: self.shape,
            flips,
            label: self.label.clone(),
        }
    }

    /// A Simon Tatham style rule: every cell turns over itself and a random connected set of its
    /// 3x3 neighbourhood (on the board), drawn from `generator`.
    pub fn random(shape: Shape, generator: &mut Generator, label: String) -> Graph {
        let (rows, cols) = (shape.rows() as i64, shape.cols() as i64);
        let mut flips = Vec::with_capacity(shape.cells() as usize);
        for row in 0..rows {
            for col in 0..cols {
                flips.push(random_shape(generator, (row, col), (rows, cols)));
            }
        }
        Graph {
            shape,
            flips,
            label,
        }
    }
}

/// A connected shape inside the 3x3 neighbourhood of `(row, col)` containing it: grown from the
/// centre by adding, one at a time, a uniformly chosen neighbour of the shape (up to a uniformly
/// chosen size), the way Tatham's Flip grows its random shapes.
fn random_shape(
    generator: &mut Generator,
    (row, col): (i64, i64),
    (rows, cols): (i64, i64),
) -> Vec<u32> {
    let inside = |(r, c): (i64, i64)| (0..rows).contains(&r) && (0..cols).contains(&c);
    let around: Vec<(i64, i64)> = (row - 1..=row + 1)
        .flat_map(|r| (col - 1..=col + 1).map(move |c| (r, c)))
        .filter(|&cell| inside(cell))
        .collect();
    let target = 1 + generator.below(around.len() as u64) as usize;
    let mut shape = vec![(row, col)];
    while shape.len() < target {
        let frontier: Vec<(i64, i64)> = around
            .iter()
            .copied()
            .filter(|cell| !shape.contains(cell))
            .filter(|&(r, c)| {
                shape
                    .iter()
                    .any(|&(sr, sc)| (sr - r).abs() + (sc - c).abs() == 1)
            })
            .collect();
        match generator.pick(&frontier) {
            Some(cell) => shape.push(cell),
            None => break,
        }
    }
    let mut indices: Vec<u32> = shape.iter().map(|&(r, c)| (r * cols + c) as u32).collect();
    indices.sort_unstable();
    indices
}

/// A cell of a rule file, `{"row": r, "col": c}`, checked against the board as it is read.
#[derive(Clone, Copy, Debug)]
struct FileCell {
    row: u32,
    col: u32,
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

fn checked_shape<E: de::Error>(rows: u32, cols: u32) -> Result<Shape, E> {
    Shape::new(rows, cols).ok_or_else(|| {
        E::custom(format!(
            "a board of {rows}x{cols}: rows and columns go from 1 to {}",
            crate::grid::MAX_SIDE
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
        let mut entries = Vec::new();
        while let Some(entry) = seq.next_element_seed(EntrySeed { shape: self.shape })? {
            entries.push(entry);
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
        Ok(FileCell { row, col })
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
        let mut cells = Vec::new();
        while let Some(cell) = seq.next_element::<RawCell>()? {
            cells.push(check_cell(self.shape, cell.row, cell.col)?);
        }
        Ok(cells)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCell {
    row: u32,
    col: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_rules_are_their_stencils() {
        for (name, pattern, _) in NAMED_STENCILS {
            let by_name = Rule::parse(name).unwrap();
            let by_pattern = Rule::parse(pattern).unwrap();
            assert_eq!(by_name, by_pattern);
            assert_eq!(by_pattern.label(), name);
        }
        assert!(Rule::parse("plus").unwrap().is_plus());
        assert_eq!(Rule::parse(".x./xxx/.x.").unwrap().label(), "plus");
        assert_eq!(Rule::parse("lines").unwrap(), Rule::Lines);
        // A named stencil is its own half-turn, so it keeps its name turned round.
        assert_eq!(Rule::parse("plus").unwrap().transposed().label(), "plus");
        assert_eq!(Rule::parse("x").unwrap().to_string(), "x");
    }

    #[test]
    fn stencils_read_and_print_as_rows() {
        let stencil = Stencil::parse("010/111/111").unwrap();
        assert_eq!(stencil.text(), "010/111/111");
        assert_eq!(stencil.offsets().len(), 7);
        assert!(!stencil.is_symmetric());
        assert_eq!(stencil.reflected().text(), "111/111/010");
        assert!(Stencil::parse("101/010/101").unwrap().is_symmetric());
        let wide = Stencil::parse("00100/11111/00100").unwrap();
        assert_eq!((wide.row_radius(), wide.col_radius()), (1, 2));
        assert_eq!(wide.offsets()[0], (-1, 0));
        assert_eq!(wide.text(), "00100/11111/00100");
        let tall = Stencil::parse("010/010/111/000/010").unwrap();
        assert_eq!(tall.offsets()[0], (-2, 0));
        assert_eq!(tall.text(), "010/010/111/000/010");
    }

    #[test]
    fn bad_stencils_say_what_is_wrong() {
        let error = |text| Rule::parse(text).unwrap_err();
        assert!(error("01/11").contains("odd"));
        assert!(
            error("0110").contains("odd"),
            "an even width alone is refused"
        );
        assert!(
            error("010/010").contains("odd"),
            "an even height alone is refused"
        );
        assert!(error("010/11/010").contains("row 2 has 2 cells"));
        assert!(error("000/000/000").contains("turns over nothing"));
        assert!(error("diagonal").contains("unknown rule 'diagonal'"));
        assert!(error("010/1x2/010").starts_with("stencil character 7: expected '0' or '1'"));
        assert!(error("0z0/111/010").starts_with("stencil character 2:"));
        // Each side alone is held to the limit, and the limit itself is allowed.
        let line = |cells: usize| "1".repeat(cells);
        let column = |cells: usize| vec!["1"; cells].join("/");
        let (too_wide, too_tall) = (line(65), column(65));
        assert!(error(&too_wide).contains("at most 63x63; '"));
        assert!(error(&too_tall).ends_with("is 65x1"));
        let largest = vec![line(63); 63].join("/");
        assert_eq!(
            Stencil::parse(&largest).map(|s| s.offsets().len()),
            Ok(63 * 63)
        );
    }

    #[test]
    fn rule_files_are_read_and_checked_where_they_go_wrong() {
        let text = r#"{"rows": 1, "cols": 2, "cells": [
            {"row": 1, "col": 1, "flips": [{"row": 1, "col": 2}, {"row": 1, "col": 1}]},
            {"row": 1, "col": 2, "flips": []}
        ]}"#;
        let graph = Graph::from_json(text, "two.json").unwrap();
        assert_eq!(graph.flips(0), &[0, 1]);
        assert_eq!(graph.flips(1), &[] as &[u32]);
        assert_eq!(graph.transposed().flips(1), &[0]);
        // r1c1 turns over r1c2 but not the other way round.
        assert!(!Rule::Graph(graph.clone()).is_symmetric());
        let both_ways =
            Graph::new(graph.shape(), vec![vec![0, 1], vec![0, 1]], "x".into()).unwrap();
        assert!(Rule::Graph(both_ways).is_symmetric());
        let outside = text.replace(r#"{"row": 1, "col": 2}, {"#, r#"{"row": 3, "col": 2}, {"#);
        let error = Graph::from_json(&outside, "x").unwrap_err();
        assert!(error.starts_with("2:"), "{error}");
        assert!(error.contains("r3c2 is outside the 1x2 board"), "{error}");
        let missing = r#"{"rows": 1, "cols": 2, "cells": [{"row": 1, "col": 1, "flips": []}]}"#;
        assert!(
            Graph::from_json(missing, "x")
                .unwrap_err()
                .contains("r1c2 has no entry")
        );
        let twice = text.replace(
            r#""row": 1, "col": 2, "flips": []"#,
            r#""row": 1, "col": 1, "flips": []"#,
        );
        let error = Graph::from_json(&twice, "x").unwrap_err();
        assert!(error.contains("r1c1 is listed twice"), "{error}");
        let broken = "{\"rows\": 1,\n \"cols\": 2,\n \"cells\": [}";
        assert!(Graph::from_json(broken, "x").unwrap_err().starts_with("3:"));
    }

    #[test]
    fn a_graph_needs_one_list_a_cell_and_only_cells_of_its_board() {
        let shape = Shape::new(2, 3).unwrap();
        let lists = |last: Vec<u32>| vec![vec![1, 0, 1], vec![], vec![], vec![], vec![], last];
        let graph = Graph::new(shape, lists(vec![5]), "g".into()).unwrap();
        assert_eq!(graph.flips(0), &[0, 1], "sorted, each cell once");
        assert_eq!(graph.label(), "g");
        assert_eq!(
            Graph::new(shape, lists(vec![6]), "g".into()),
            Err("a cell index is outside the 2x3 board".to_string())
        );
        let mut short = lists(vec![5]);
        short.pop();
        assert_eq!(
            Graph::new(shape, short, "g".into()),
            Err("a 2x3 board has 6 cells but the rule gives 5".to_string())
        );
    }

    #[test]
    fn every_broken_rule_file_says_where_and_what_was_expected() {
        let entry = r#"{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1}]}"#;
        let file = |rest: &str| format!(r#"{{"rows": 1, "cols": 1, {rest}}}"#);
        let good = file(&format!(
            r#""name": "n", "comment": [1], "cells": [{entry}]"#
        ));
        assert_eq!(
            Graph::from_json(&good, "g").map(|g| g.flips(0).len()),
            Ok(1)
        );
        let cases = [
            (
                r#"{"cells": [], "rows": 1, "cols": 1}"#.to_string(),
                r#"1:8: "rows" and "cols" must come before "cells", so that each cell can be checked against the board as it is read"#,
            ),
            (
                r#"{"rows": 0, "cols": 2, "cells": []}"#.to_string(),
                "1:30: a board of 0x2: rows and columns go from 1 to 10000",
            ),
            (
                file(r#""cells": [], "colour": 1"#),
                r#"1:44: unknown field "colour": a rule file has "rows", "cols", "cells" (and optionally "name" or "comment")"#,
            ),
            (r#"{"cols": 1}"#.to_string(), "1:11: missing field `rows`"),
            (r#"{"rows": 1}"#.to_string(), "1:11: missing field `cols`"),
            (
                r#"{"rows": 1, "cols": 1}"#.to_string(),
                "1:22: missing field `cells`",
            ),
            (
                file(r#""cells": [{"row": 1, "col": 1, "flips": [], "at": 2}]"#),
                r#"1:71: unknown field "at": an entry has "row", "col" and "flips""#,
            ),
            (
                file(r#""cells": [{"col": 1, "flips": []}]"#),
                "1:56: missing field `row`",
            ),
            (
                file(r#""cells": [{"row": 1, "flips": []}]"#),
                "1:56: missing field `col`",
            ),
            (
                file(r#""cells": [{"row": 1, "col": 1}]"#),
                "1:53: missing field `flips`",
            ),
            (
                file(r#""cells": [{"row": 1, "col": 0, "flips": []}]"#),
                "1:66: r1c0 is outside the 1x1 board (rows 1 to 1, columns 1 to 1)",
            ),
            (
                file(r#""cells": [{"row": 2, "col": 1, "flips": []}]"#),
                "1:66: r2c1 is outside the 1x1 board (rows 1 to 1, columns 1 to 1)",
            ),
            (
                file(r#""cells": [{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1, "z": 0}]}]"#),
                "1:88: unknown field `z`, expected `row` or `col`",
            ),
            (
                "[1]".to_string(),
                r#"1:0: invalid type: sequence, expected a rule file: {"rows": R, "cols": C, "cells": [...]}"#,
            ),
            (
                file(r#""cells": {}"#),
                r#"1:32: invalid type: map, expected a list of {"row", "col", "flips"} entries"#,
            ),
            (
                file(r#""cells": [1]"#),
                r#"1:34: invalid type: integer `1`, expected an entry {"row": r, "col": c, "flips": [{"row": r, "col": c}, ...]}"#,
            ),
            (
                file(r#""cells": [{"row": 1, "col": 1, "flips": {}}]"#),
                r#"1:63: invalid type: map, expected a list of cells {"row": r, "col": c}"#,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                Graph::from_json(&text, "x"),
                Err(expected.to_string()),
                "{text}"
            );
        }
    }

    #[test]
    fn a_graph_round_trips_through_its_rule_file() {
        let shape = Shape::new(3, 4).unwrap();
        let graph = Graph::random(shape, &mut Generator::from_seed(9), "random".into());
        let again = Graph::from_json(&graph.to_json(), "random").unwrap();
        assert_eq!(again, graph);
    }

    #[test]
    fn random_shapes_are_connected_and_stay_in_the_neighbourhood() {
        let shape = Shape::new(5, 6).unwrap();
        let graph = Graph::random(shape, &mut Generator::from_seed(3), String::new());
        let cols = 6i64;
        let mut sizes = std::collections::BTreeSet::new();
        for index in 0..30usize {
            let cells: Vec<(i64, i64)> = graph
                .flips(index)
                .iter()
                .map(|&i| (i64::from(i) / cols, i64::from(i) % cols))
                .collect();
            let (row, col) = (index as i64 / cols, index as i64 % cols);
            assert!(cells.contains(&(row, col)));
            assert!(
                cells
                    .iter()
                    .all(|&(r, c)| (r - row).abs() <= 1 && (c - col).abs() <= 1)
            );
            // Connected: a walk from the centre reaches every cell.
            let mut reached = vec![(row, col)];
            let mut grew = true;
            while grew {
                grew = false;
                for &cell in &cells {
                    let touches = reached
                        .iter()
                        .any(|&(r, c)| (r - cell.0).abs() + (c - cell.1).abs() == 1);
                    if !reached.contains(&cell) && touches {
                        reached.push(cell);
                        grew = true;
                    }
                }
            }
            assert_eq!(reached.len(), cells.len(), "cell {index}");
            sizes.insert(cells.len());
        }
        assert!(sizes.len() > 3, "shapes of many sizes: {sizes:?}");
    }

    /// Over many draws every cell of a tap's neighbourhood on the board turns up, and every
    /// size from the cell alone to the whole neighbourhood.
    #[test]
    fn random_shapes_reach_every_neighbour_and_every_size() {
        let (rows, cols) = (4usize, 5usize);
        let shape = Shape::new(rows as u32, cols as u32).unwrap();
        let mut seen = vec![std::collections::BTreeSet::new(); rows * cols];
        let mut sizes = vec![std::collections::BTreeSet::new(); rows * cols];
        let mut generator = Generator::from_seed(5);
        for _ in 0..300 {
            let graph = Graph::random(shape, &mut generator, String::new());
            for index in 0..rows * cols {
                seen[index].extend(graph.flips(index).iter().map(|&i| i as usize));
                sizes[index].insert(graph.flips(index).len());
            }
        }
        for index in 0..rows * cols {
            let (row, col) = (index / cols, index % cols);
            let near: Vec<usize> = (0..rows * cols)
                .filter(|&i| (i / cols).abs_diff(row) <= 1 && (i % cols).abs_diff(col) <= 1)
                .collect();
            assert_eq!(seen[index].iter().copied().collect::<Vec<_>>(), near);
            let every_size: Vec<usize> = (1..=near.len()).collect();
            assert_eq!(sizes[index].iter().copied().collect::<Vec<_>>(), every_size);
        }
    }
}
