//! Web pages, beside the SVG pictures: the puzzle to play (the command line's `play --format
//! html`) and the walkthrough of a figure (`explain --format html`), each one self-contained HTML
//! file for either kind of piece, written here so that every front end writes the same page. A
//! page loads nothing: its stylesheet, its script and its data are inside it, and its
//! Content-Security-Policy forbids every fetch, so it works opened from disk with no network.
//!
//! The puzzle page runs this library. Its module, this crate built for WebAssembly by the
//! `flipgame-web` package (`web/`, committed here as `flipgame.wasm`), is the game and the
//! solver every other front end uses: the page's data is the puzzle ([`PuzzleSpec`]) and its
//! starting boards, the module makes the same puzzle from it, and the page's script only sends
//! the player's commands (the words of `play --lines`: `r2c3`, `hint`, `undo`, ...) and draws
//! the positions the module answers with. So every number the page shows is `flipgame solve`'s,
//! every sentence the terminal game's, and no puzzle the command line plays is too hard for it.
//!
//! The walkthrough page shows what `explain` shows: the same blocks of words, and each group
//! of boards as frames to step through (previous, next, play), drawn by the same stylesheet.

mod choice;
mod game;
mod walkthrough;

use std::fmt;
use std::path::Path;

use base64::prelude::{BASE64_STANDARD, Engine as _};
use serde::{Deserialize, Serialize};

use crate::figure::explain::{ExplainKind, other_rule_words};
use crate::figure::svg::escape;
use crate::figure::{Drawing, Pieces};
use crate::grid::Shape;
use crate::kind::{ColorRecord, Kind};
use crate::notation::{Color, state_digit};
use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
use crate::render::{Mark, Piece, mark_name};
use crate::rule::{Graph, NAMED_STENCILS, Rule};
use crate::settings::{Advice, Names, Setting};
use crate::words::{count_of, thousands};

pub use choice::{
    ChoiceError, MOST_CHOSEN_CELLS, MOST_CHOSEN_SEARCH_BITS, MOST_CHOSEN_STATE_CELLS, PageChoice,
};
pub use game::{PageGame, PageGameError, PageProof, PageView};
pub use walkthrough::Walkthrough;

/// The largest page written, in bytes: past it a page is slow to open and to search, and a
/// puzzle that large is better played in the terminal.
pub const MOST_PAGE_BYTES: usize = 1 << 20;

/// The most cells a puzzle page's board may have: the page draws every cell as a button, and
/// past about this many a browser takes seconds to lay out and draw a board (`bench/page.sh`
/// measures a tap on the largest).
pub const MOST_PAGE_CELLS: u64 = 100 * 100;

/// The most cells a walkthrough page's boards may have: each cell of each board drawn takes
/// about 60 bytes, and a walkthrough draws at least the start, a step and the map.
pub const MOST_WALKTHROUGH_CELLS: u64 = (MOST_PAGE_BYTES / 200) as u64;

/// The page's stylesheet, shared by both pages.
const STYLE: &str = include_str!("page.css");
/// The puzzle page's script: the page's controls, which draw what the module answers.
const PUZZLE_SCRIPT: &str = include_str!("puzzle.js");
/// The walkthrough page's script: each strip of boards shown a frame at a time.
const WALKTHROUGH_SCRIPT: &str = include_str!("walkthrough.js");
/// This library built for WebAssembly by `web/` (see TESTING.md to build it again).
const MODULE: &[u8] = include_bytes!("flipgame.wasm");

/// What a page forbids: everything but its own inline script and styles, and (for the puzzle
/// page) compiling its own module. The script and the data are flipgame's own (the data is JSON
/// with every `<` escaped, so no text in it can end its element), so allowing inline script
/// lets in nothing from outside.
fn content_security_policy(module: bool) -> String {
    let wasm = if module { " 'wasm-unsafe-eval'" } else { "" };
    format!(
        "default-src 'none'; script-src 'unsafe-inline'{wasm}; style-src 'unsafe-inline'; \
         img-src data:; base-uri 'none'; form-action 'none'"
    )
}

/// A whole page around `body`, run by `script`, with `data` (JSON) for it and the library's
/// `module` when it has them.
fn document(
    title: &str,
    body: &str,
    script: &str,
    data: Option<&str>,
    module: Option<&[u8]>,
) -> String {
    let mut data = data.map_or(String::new(), |json| {
        format!(
            "<script type=\"application/json\" id=\"flipgame-data\">{}</script>\n",
            json.replace('<', "\\u003c")
        )
    });
    if let Some(module) = module {
        // Base64 has no `<`, so it cannot end its element either.
        data.push_str(&format!(
            "<script type=\"application/wasm+base64\" id=\"flipgame-module\">{}</script>\n",
            BASE64_STANDARD.encode(module)
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{body}\n{data}\
         <script>\n{script}</script>\n</body>\n</html>\n",
        content_security_policy(module.is_some()),
        escape(title)
    )
}

/// Why a page is not written: too large to open quickly, or (for a puzzle page) a puzzle too
/// large to solve, `T` its reason.
#[derive(Debug)]
pub enum PageError<T> {
    /// A puzzle page over [`MOST_PAGE_BYTES`] (its bytes).
    TooLarge(usize),
    /// A puzzle page of a board of this many cells, over [`MOST_PAGE_CELLS`].
    TooManyCells(u64),
    /// A walkthrough page of boards of this many cells, over [`MOST_WALKTHROUGH_CELLS`].
    BoardsTooLarge(u64),
    /// A walkthrough page of this many bytes, over [`MOST_PAGE_BYTES`].
    WalkthroughTooLarge(usize),
    /// The puzzle is too large to solve.
    Solver(T),
    /// The page's data could not be written as JSON.
    Data(serde_json::Error),
}

impl<T: Advice> Advice for PageError<T> {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        let limit = thousands(MOST_PAGE_BYTES as u64);
        let elsewhere = names(Setting::Terminal);
        match self {
            PageError::TooLarge(bytes) => write!(
                f,
                "the page would be {} bytes, over the limit of {limit} (many puzzles): play \
                 fewer in one page, or play in {elsewhere}",
                thousands(*bytes as u64)
            ),
            PageError::TooManyCells(cells) => write!(
                f,
                "a page draws boards of at most {}, and this one has {}: play it in \
                 {elsewhere}",
                count_of(MOST_PAGE_CELLS, "cell", "cells"),
                thousands(*cells)
            ),
            PageError::BoardsTooLarge(cells) => write!(
                f,
                "a walkthrough page of boards of {} would pass the limit of {limit} bytes: a page \
                 draws boards of at most {} ({} draws any)",
                count_of(*cells, "cell", "cells"),
                count_of(MOST_WALKTHROUGH_CELLS, "cell", "cells"),
                names(Setting::Svg)
            ),
            PageError::WalkthroughTooLarge(bytes) => write!(
                f,
                "the page would be {} bytes, over the limit of {limit} (large boards, many steps \
                 or many boards): {} draws fewer steps, {} one map a board, and {} has no limit",
                thousands(*bytes as u64),
                names(Setting::FewerSteps),
                names(Setting::Map),
                names(Setting::Svg)
            ),
            PageError::Solver(reason) => reason.write_advice(f, names),
            PageError::Data(error) => write!(f, "the page's data: {error}"),
        }
    }
}

/// Colour numbers as one character each, as boards of K states write them (`0`-`9`, `a`-`z`).
fn digits(values: &[u8]) -> String {
    values.iter().map(|&value| state_digit(value)).collect()
}

/// A puzzle as a page carries it to its module: enough to make the same puzzle again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSpec {
    /// The board's rows.
    pub rows: u32,
    /// The board's columns.
    pub cols: u32,
    /// The rule as it is named: a stencil's name or pattern, `lines`, or a rule file's label.
    pub rule: String,
    /// A rule file's cells, as its JSON, for a rule read from a file.
    pub rule_file: Option<String>,
    /// True when the edges wrap around.
    pub wrap: bool,
    /// The states of a piece: 2 for two-sided pieces.
    pub states: u8,
    /// The goal as the command line writes it: `either`, `white`, `black`; `any` or a colour.
    pub goal: String,
}

/// Why a page's puzzle could not be made again: only a page edited by hand gets one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The rule is no rule.
    Rule(crate::rule::RuleError),
    /// The rule file is no rule file.
    RuleFile(crate::rule::RuleFileError),
    /// A puzzle of two-sided pieces that does not hold together.
    Puzzle(crate::puzzle::PuzzleError),
    /// A puzzle of K colours that does not hold together.
    StatePuzzle(crate::puzzle::StatePuzzleError),
    /// The goal is none of this kind's.
    Goal(String),
    /// No board has this many rows and columns.
    Shape(u32, u32),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Rule(error) => write!(f, "the page's rule: {error}"),
            SpecError::RuleFile(error) => write!(f, "the page's rule file: {error}"),
            SpecError::Puzzle(error) => write!(f, "the page's puzzle: {error}"),
            SpecError::StatePuzzle(error) => write!(f, "the page's puzzle: {error}"),
            SpecError::Goal(goal) => write!(f, "the page's goal {goal:?} is no goal"),
            SpecError::Shape(rows, cols) => {
                write!(f, "the page's board of {rows}x{cols} is no board")
            }
        }
    }
}

impl std::error::Error for SpecError {}

impl PuzzleSpec {
    /// The spec of `puzzle`.
    pub fn of<K: Kind>(puzzle: &K::Puzzle) -> PuzzleSpec {
        let shape = K::shape(puzzle);
        let rule = K::rule(puzzle);
        PuzzleSpec {
            rows: shape.rows(),
            cols: shape.cols(),
            rule: match rule {
                // A rule file is named by its file name: the page need not say where it was.
                Rule::Graph(graph) => Path::new(graph.label())
                    .file_name()
                    .map_or(rule.label(), |name| name.to_string_lossy().into_owned()),
                _ => rule.label(),
            },
            rule_file: match rule {
                Rule::Graph(graph) => Some(graph.to_json()),
                _ => None,
            },
            wrap: K::wrap(puzzle),
            states: K::states(puzzle),
            goal: match K::goal_record(puzzle) {
                ColorRecord::Name(name) => name.to_string(),
                ColorRecord::Number(color) => color.to_string(),
            },
        }
    }

    /// The puzzle's shape.
    fn shape(&self) -> Result<Shape, SpecError> {
        Shape::new(self.rows, self.cols).ok_or(SpecError::Shape(self.rows, self.cols))
    }

    /// The rule, read again.
    fn read_rule(&self) -> Result<Rule, SpecError> {
        match &self.rule_file {
            Some(json) => Graph::from_json(json, &self.rule)
                .map(Rule::Graph)
                .map_err(SpecError::RuleFile),
            None => Rule::parse(&self.rule).map_err(SpecError::Rule),
        }
    }

    /// The puzzle of two-sided pieces this spec describes.
    pub fn two_sided(&self) -> Result<Puzzle, SpecError> {
        let goal = Goal::ALL
            .into_iter()
            .find(|goal| goal.name() == self.goal)
            .ok_or_else(|| SpecError::Goal(self.goal.clone()))?;
        Puzzle::new(self.shape()?, self.read_rule()?, self.wrap, goal).map_err(SpecError::Puzzle)
    }

    /// The puzzle of K colours this spec describes.
    pub fn of_states(&self) -> Result<StatePuzzle, SpecError> {
        let goal = match self.goal.as_str() {
            "any" => StateGoal::Any,
            color => StateGoal::Color(
                color
                    .parse()
                    .map_err(|_| SpecError::Goal(self.goal.clone()))?,
            ),
        };
        let (shape, rule) = (self.shape()?, self.read_rule()?);
        StatePuzzle::new(shape, rule, self.wrap, u32::from(self.states), goal)
            .map_err(SpecError::StatePuzzle)
    }
}

/// A seed, written as decimal text in a page's JSON: a script's numbers hold 53 bits, a seed 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seed(pub u64);

impl Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map(Seed).map_err(serde::de::Error::custom)
    }
}

/// How the page deals new puzzles: puzzles of exactly `moves` fewest taps when given, else
/// any that can be finished, from `seed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealData {
    /// The fewest taps a dealt puzzle needs, when `--moves` chose it.
    pub moves: Option<u8>,
    /// The seed the seeds of new puzzles are drawn from.
    pub seed: Seed,
}

/// The puzzle page's data, which its script gives the module: the puzzle, its starting boards
/// (numbered in the page when there are several) and how to deal more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageData {
    /// The page's heading.
    pub title: String,
    /// The puzzle.
    pub puzzle: PuzzleSpec,
    /// Each starting board's colours, row-major, one digit a cell.
    pub boards: Vec<String>,
    /// The seed the one starting board was dealt from, when it was dealt alone: it is the
    /// first puzzle `flipgame play --seed` deals from that seed.
    pub seed: Option<Seed>,
    /// How to deal new puzzles.
    pub deal: DealData,
}

/// The title of a game of `puzzle`, on a terminal's screen and a page: its size (and
/// colours), and its rule unless it is the game's own.
pub fn play_title<K: Kind>(puzzle: &K::Puzzle) -> String {
    let rule = other_rule_words::<K>(puzzle).map_or(String::new(), |words| format!(", {words}"));
    format!("flipgame play: {}{rule}", K::size_words(puzzle))
}

/// Refuses a puzzle too large for a page, before its solver is made or a board dealt: a board
/// of millions of cells is refused at once.
pub fn puzzle_fits<K: Kind>(puzzle: &K::Puzzle) -> Result<(), PageError<K::TooLarge>> {
    match K::shape(puzzle).cells() {
        cells if cells > MOST_PAGE_CELLS => Err(PageError::TooManyCells(cells)),
        _ => K::plan(puzzle.clone()).map(drop).map_err(PageError::Solver),
    }
}

/// The puzzle page of `puzzle`, headed `title`, starting from each of `boards` (numbered in the
/// page when there are several), dealing new ones as `deal` says.
pub fn puzzle_page<K: Kind>(
    title: String,
    puzzle: &K::Puzzle,
    boards: &[K::Board],
    seed: Option<Seed>,
    deal: DealData,
) -> Result<String, PageError<K::TooLarge>> {
    puzzle_fits::<K>(puzzle)?;
    let data = PageData {
        title,
        puzzle: PuzzleSpec::of::<K>(puzzle),
        boards: boards
            .iter()
            .map(|board| digits(&K::colors_of(board)))
            .collect(),
        seed,
        deal,
    };
    let json = serde_json::to_string(&data).map_err(PageError::Data)?;
    let body = format!(
        "<main id=\"app\" data-page=\"puzzle\">\n<h1>{}</h1>\n<noscript><p>This page plays the \
         puzzle with its script, which the browser did not run.</p></noscript>\n</main>",
        escape(&data.title)
    );
    let page = document(&data.title, &body, PUZZLE_SCRIPT, Some(&json), Some(MODULE));
    match page.len() {
        bytes if bytes > MOST_PAGE_BYTES => Err(PageError::TooLarge(bytes)),
        _ => Ok(page),
    }
}

/// How the page draws and words its puzzle, which the module tells its script once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleLook {
    /// The board's rows.
    pub rows: u32,
    /// The board's columns.
    pub cols: u32,
    /// The states of a piece.
    pub states: u8,
    /// What a piece of each colour shows on its face: nothing for two sides, its digit for K.
    pub faces: Vec<String>,
    /// Each colour in words, as a sentence says it (`white`, `2`).
    pub colors: Vec<String>,
    /// A piece of each colour in words, as a screen reader reads a cell (`white`, `colour 2`).
    pub pieces: Vec<String>,
    /// What one tap is called, and more than one: `tap`, `taps` (`press` for K colours).
    pub noun: [&'static str; 2],
    /// The goal in words.
    pub goal_words: String,
    /// What a tap does under the rule, as a sentence.
    pub tap_words: String,
    /// The game's title: `flipgame play: 5x5, 3 colours, rule x`.
    pub title: String,
    /// The rules the page's chooser offers, by name: `plus`, `x`, ..., `lines`.
    pub rules: Vec<&'static str>,
}

impl PuzzleLook {
    /// How the page draws `puzzle`.
    pub fn of<K: ExplainKind>(puzzle: &K::Puzzle) -> PuzzleLook {
        let shape = K::shape(puzzle);
        // Each colour's piece, as a board of that colour shows it.
        let pieces: Vec<Piece> = (0..K::states(puzzle))
            .map(|color| K::drawing(String::new(), &K::filled(puzzle, color)).piece(0, 0))
            .collect();
        PuzzleLook {
            rows: shape.rows(),
            cols: shape.cols(),
            states: K::states(puzzle),
            faces: pieces
                .iter()
                .map(|piece| match piece {
                    Piece::Side(_) => String::new(),
                    Piece::State(state) => state_digit(*state).to_string(),
                })
                .collect(),
            colors: (0..K::states(puzzle))
                .map(|color| K::color_words(color).to_string())
                .collect(),
            pieces: pieces.into_iter().map(piece_words).collect(),
            noun: [K::NOUN.one, K::NOUN.many],
            goal_words: K::goal_words(puzzle),
            tap_words: tap_words::<K>(puzzle),
            title: play_title::<K>(puzzle),
            rules: NAMED_STENCILS
                .iter()
                .map(|(name, ..)| *name)
                .chain(["lines"])
                .collect(),
        }
    }
}

/// What a tap does under `puzzle`'s rule, as a sentence: the named rule's words, a pattern's
/// digits, or the rule file's lists.
fn tap_words<K: ExplainKind>(puzzle: &K::Puzzle) -> String {
    let what = match K::rule(puzzle) {
        Rule::Stencil {
            name: Some(name), ..
        } => NAMED_STENCILS
            .iter()
            .find(|(named, ..)| named == name)
            .map_or(String::new(), |(.., words)| (*words).to_string()),
        Rule::Stencil { stencil, .. } => format!(
            "the pattern {} centred on the piece (each digit what it adds)",
            stencil.text()
        ),
        Rule::Lines => "the piece's whole row and whole column".to_string(),
        Rule::Graph(_) => "the pieces the rule file lists for it".to_string(),
    };
    let wrapping = if K::wrap(puzzle) {
        ", wrapping round the edges"
    } else {
        ""
    };
    format!("A {} changes {what}{wrapping}.", K::NOUN.one)
}

/// One drawn board as HTML: a grid of cells, each with its piece and its mark, which a screen
/// reader reads row by row from the board's label ("row 1: black, white, tapped; row 2: ...").
fn drawing_html(drawing: &Drawing) -> String {
    let (rows, cols) = drawing.size();
    let numbered = match &drawing.pieces {
        Pieces::Sides(_) => String::new(),
        Pieces::States(board) => format!(" data-states=\"{}\"", board.states()),
    };
    let mut cells = String::new();
    let mut read = Vec::with_capacity(rows);
    for row in 0..rows {
        let mut pieces = Vec::with_capacity(cols);
        for col in 0..cols {
            let piece = drawing.piece(row, col);
            // A two-sided piece is known by its colour, one of K colours by its digit too.
            let (number, shown) = match piece {
                Piece::Side(color) => (u8::from(color == Color::Black), String::new()),
                Piece::State(state) => (state, state_digit(state).to_string()),
            };
            let words = piece_words(piece);
            let mark = drawing.mark(row, col);
            let (mark_class, mark_words) = match mark {
                Mark::Plain => (String::new(), String::new()),
                mark => (
                    format!(" {}", mark_class(mark)),
                    mark_name(mark).to_string(),
                ),
            };
            // A cell's own title lists its mark after a comma; the board's label, whose cells
            // are separated by commas, after a space.
            let (listed, titled) = match mark_words.as_str() {
                "" => (words.clone(), words.clone()),
                mark => (format!("{words} {mark}"), format!("{words}, {mark}")),
            };
            pieces.push(listed);
            let label = format!("row {}, column {}, {titled}", row + 1, col + 1);
            cells.push_str(&format!(
                "<span class=\"cell p{number}{mark_class}\"{} title=\"{}\">{shown}</span>",
                hue(number),
                escape(&label)
            ));
        }
        read.push(format!("row {}: {}", row + 1, pieces.join(", ")));
    }
    format!(
        "<figure class=\"frame\"><figcaption>{}</figcaption><div class=\"board\"{numbered} \
         role=\"img\" aria-label=\"{}\" style=\"--rows:{rows};--cols:{cols}\">{cells}</div></figure>",
        escape(&drawing.title),
        escape(&format!(
            "{}: a board of {rows} rows and {cols} columns; {}",
            drawing.title,
            read.join("; ")
        ))
    )
}

/// The style that gives a piece of colour `number` past the palette's 8 its hue (the
/// stylesheet's `--k`), or nothing.
fn hue(number: u8) -> String {
    if number >= 8 {
        format!(" style=\"--k:{number}\"")
    } else {
        String::new()
    }
}

/// A piece in words, as a screen reader reads a cell: `black`, `colour 2`.
fn piece_words(piece: Piece) -> String {
    match piece {
        Piece::Side(color) => color.to_string(),
        Piece::State(state) => format!("colour {}", state_digit(state)),
    }
}

/// The class of a mark, which the stylesheet draws as a shape.
fn mark_class(mark: Mark) -> &'static str {
    match mark {
        Mark::Plain => "",
        Mark::Tapped => "m-tapped",
        Mark::Flipped => "m-flipped",
        Mark::Proof => "m-proof",
        Mark::Hint => "m-hint",
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;
    use crate::kind::{KStates, TwoStates};
    use crate::notation::Cell;
    use crate::render::Mark;
    use crate::settings::RUST;

    /// Every refusal says its limit and what to do, in the words of the front end that asks:
    /// with a Rust caller's names no flag of the command line is named.
    #[test]
    fn refusals_say_the_limit_in_the_callers_words() {
        let refusals: [PageError<Infallible>; 4] = [
            PageError::TooLarge(2_000_000),
            PageError::TooManyCells(10_001),
            PageError::BoardsTooLarge(10_000),
            PageError::WalkthroughTooLarge(3_000_000),
        ];
        for refusal in &refusals {
            let words = refusal.worded(RUST).to_string();
            assert!(!words.contains("--"), "{words}");
            assert!(words.contains("most") || words.contains("limit"), "{words}");
        }
        let page = refusals[0].worded(RUST).to_string();
        assert!(
            page.contains("2,000,000 bytes, over the limit of 1,048,576"),
            "{page}"
        );
        let cells = refusals[1].worded(RUST).to_string();
        assert!(
            cells.contains("at most 10,000 cells, and this one has 10,001"),
            "{cells}"
        );
        let page = refusals[3].worded(RUST).to_string();
        assert!(page.contains("3,000,000 bytes") && page.contains("figure::svg has no limit"));
    }

    /// The puzzles a page is made for, of every rule kind and both kinds of piece.
    fn puzzles() -> (Vec<Puzzle>, Vec<StatePuzzle>) {
        let shape = |rows, cols| Shape::new(rows, cols).unwrap();
        let graph = Graph::new(
            shape(1, 3),
            vec![vec![1], vec![2], vec![0, 1]],
            "ring".into(),
        );
        let two = vec![
            Puzzle::flip_game(),
            Puzzle::new(shape(3, 5), Rule::parse("x").unwrap(), true, Goal::White).unwrap(),
            Puzzle::new(shape(2, 7), Rule::Lines, false, Goal::Black).unwrap(),
            Puzzle::new(
                shape(5, 5),
                Rule::parse("01110/11011/01110").unwrap(),
                false,
                Goal::Either,
            )
            .unwrap(),
            Puzzle::new(
                shape(1, 3),
                Rule::Graph(graph.unwrap()),
                false,
                Goal::Either,
            )
            .unwrap(),
        ];
        let states = vec![
            StatePuzzle::new(shape(3, 3), Rule::plus(), false, 3, StateGoal::Any).unwrap(),
            StatePuzzle::new(
                shape(2, 4),
                Rule::parse("010/121/010").unwrap(),
                true,
                6,
                StateGoal::Color(5),
            )
            .unwrap(),
        ];
        (two, states)
    }

    /// A page's spec makes the same puzzle again, for every rule kind and both kinds of piece,
    /// and survives JSON.
    #[test]
    fn a_spec_makes_the_same_puzzle_again() {
        let (two, states) = puzzles();
        for puzzle in two {
            let spec = PuzzleSpec::of::<TwoStates>(&puzzle);
            let json: PuzzleSpec =
                serde_json::from_str(&serde_json::to_string(&spec).unwrap()).unwrap();
            assert_eq!(json.two_sided().unwrap(), puzzle);
        }
        for puzzle in states {
            let spec = PuzzleSpec::of::<KStates>(&puzzle);
            assert_eq!(spec.of_states().unwrap(), puzzle);
        }
        // A rule file read from a path is named by its file name alone: a page is shared.
        let shape = Shape::new(1, 2).unwrap();
        let graph = Graph::new(
            shape,
            vec![vec![1], vec![0]],
            "/home/me/rules/pair.json".into(),
        );
        let puzzle = Puzzle::new(shape, Rule::Graph(graph.unwrap()), false, Goal::Either).unwrap();
        let spec = PuzzleSpec::of::<TwoStates>(&puzzle);
        assert_eq!(spec.rule, "pair.json");
        let again = spec.two_sided().unwrap();
        assert_eq!(
            TwoStates::reached(&again, Cell::new(0, 0)),
            [Cell::new(0, 1)]
        );
        assert_eq!(
            PuzzleSpec::of::<TwoStates>(&Puzzle::flip_game()).rule,
            "plus"
        );
    }

    /// A spec edited into nonsense says what is wrong with it.
    #[test]
    fn a_spec_edited_into_nonsense_is_refused() {
        let good = PuzzleSpec::of::<TwoStates>(&Puzzle::flip_game());
        let refused = |edit: fn(&mut PuzzleSpec), states: bool, words: &str| {
            let mut spec = good.clone();
            edit(&mut spec);
            let error = if states {
                spec.of_states().map(drop).unwrap_err()
            } else {
                spec.two_sided().map(drop).unwrap_err()
            };
            assert!(error.to_string().contains(words), "{error}");
        };
        refused(
            |spec| spec.goal = "grey".into(),
            false,
            "the page's goal \"grey\" is no goal",
        );
        refused(
            |spec| spec.goal = "grey".into(),
            true,
            "the page's goal \"grey\" is no goal",
        );
        refused(|spec| spec.rule = "star".into(), false, "the page's rule:");
        refused(
            |spec| spec.rule_file = Some("{".into()),
            false,
            "the page's rule file:",
        );
        refused(
            |spec| spec.rows = 0,
            false,
            "the page's board of 0x4 is no board",
        );
        refused(
            |spec| {
                spec.states = 99;
                spec.goal = "0".into();
            },
            true,
            "the page's puzzle:",
        );
        refused(
            |spec| spec.rule = "020/222/020".into(),
            false,
            "the page's puzzle:",
        );
        assert!(
            good.of_states().is_err(),
            "a goal of two sides is no goal of K colours"
        );
    }

    /// The limits of a puzzle page: cells first, then a puzzle too large to solve.
    #[test]
    fn a_puzzle_page_fits_up_to_its_limit_of_cells() {
        let shape = |rows, cols| Shape::new(rows, cols).unwrap();
        let largest = Puzzle::plus(shape(100, 100), Goal::Either);
        assert!(puzzle_fits::<TwoStates>(&largest).is_ok());
        let over = Puzzle::plus(shape(101, 100), Goal::Either);
        assert!(matches!(
            puzzle_fits::<TwoStates>(&over),
            Err(PageError::TooManyCells(10_100))
        ));
    }

    /// A page with its data and its module: the module's bytes are the committed file's, the
    /// data the puzzle's spec and boards, and the policy lets the page compile its module.
    #[test]
    fn a_puzzle_page_carries_its_data_and_module() {
        let puzzle = Puzzle::flip_game();
        let board = crate::board::parse(
            "bwwb/bbwb/bwwb/bwww",
            Shape::FLIP_GAME,
            crate::notation::Cells::Letters,
        )
        .unwrap();
        let deal = DealData {
            moves: Some(3),
            seed: Seed(7),
        };
        let page =
            puzzle_page::<TwoStates>("<t>".into(), &puzzle, &[board], None, deal.clone()).unwrap();
        assert!(page.contains("<title>&lt;t&gt;</title>"));
        assert!(page.contains("'unsafe-inline' 'wasm-unsafe-eval'; style-src"));
        assert!(page.contains(&BASE64_STANDARD.encode(MODULE)));
        let start = page.find("id=\"flipgame-data\">").unwrap() + 19;
        let end = start + page[start..].find("</script>").unwrap();
        let data: PageData = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(data.boards, ["1001110110011000"]);
        assert_eq!(data.deal, deal);
        assert_eq!(data.seed, None);
        assert!(
            page.contains("\"seed\":\"7\""),
            "a seed is text: a script's numbers hold 53 bits"
        );
        assert_eq!(data.puzzle, PuzzleSpec::of::<TwoStates>(&puzzle));
        assert_eq!(data.title, "<t>");
    }

    /// What a tap does, in words: a named rule's, a pattern's digits, the lines', a rule file's,
    /// and wrapping said when the board wraps.
    #[test]
    fn a_line_says_what_a_tap_does() {
        let shape = |rows, cols| Shape::new(rows, cols).unwrap();
        let words = |rule: Rule, wrap| {
            let puzzle = Puzzle::new(shape(3, 3), rule, wrap, Goal::Either).unwrap();
            tap_words::<TwoStates>(&puzzle)
        };
        assert_eq!(
            words(Rule::plus(), false),
            "A tap changes the piece and its neighbours above, below, left and right (the Flip \
             Game)."
        );
        assert_eq!(
            words(Rule::parse("x").unwrap(), true),
            "A tap changes the piece and its four diagonal neighbours, wrapping round the edges."
        );
        assert_eq!(
            words(Rule::parse("110/111/000").unwrap(), false),
            "A tap changes the pattern 110/111/000 centred on the piece (each digit what it adds)."
        );
        assert_eq!(
            words(Rule::Lines, false),
            "A tap changes the piece's whole row and whole column."
        );
        let graph = Graph::new(shape(3, 3), vec![vec![0]; 9], "g".into()).unwrap();
        assert_eq!(
            words(Rule::Graph(graph), false),
            "A tap changes the pieces the rule file lists for it."
        );
        let press = StatePuzzle::new(shape(2, 2), Rule::plus(), false, 3, StateGoal::Any).unwrap();
        assert!(tap_words::<KStates>(&press).starts_with("A press changes the piece"));
    }

    /// A page past its limit of bytes (many puzzles) is refused with its size.
    #[test]
    fn a_puzzle_page_past_its_bytes_is_refused() {
        let puzzle = Puzzle::plus(Shape::new(30, 30).unwrap(), Goal::Either);
        let board = crate::grid::Grid::new(Shape::new(30, 30).unwrap());
        let deal = DealData {
            moves: None,
            seed: Seed(1),
        };
        let page = |count: usize| {
            let boards = vec![board.clone(); count];
            puzzle_page::<TwoStates>(String::new(), &puzzle, &boards, None, deal.clone())
        };
        let fits = page(1).unwrap().len();
        // Each board adds its 900 digits, a comma and two quotes.
        let most = (MOST_PAGE_BYTES - fits) / 903 + 1;
        assert_eq!(
            page(most).map(|page| page.len() <= MOST_PAGE_BYTES).ok(),
            Some(true)
        );
        match page(most + 1) {
            Err(PageError::TooLarge(bytes)) => {
                assert!(bytes > MOST_PAGE_BYTES && bytes < MOST_PAGE_BYTES + 903)
            }
            other => panic!("{:?}", other.map(|page| page.len())),
        }
    }

    /// A board drawn for a walkthrough: each piece a cell with its mark, and the board's label
    /// read row by row, past 8 colours with each piece's hue.
    #[test]
    fn a_drawn_board_is_read_row_by_row() {
        let board = crate::board::parse(
            "bw/wb",
            Shape::new(2, 2).unwrap(),
            crate::notation::Cells::Letters,
        )
        .unwrap();
        let drawing = Drawing::new("Start".into(), board).with_marks([(0, 1)], Mark::Tapped);
        let html = drawing_html(&drawing);
        assert!(html.contains(
            "aria-label=\"Start: a board of 2 rows and 2 columns; row 1: black, white tapped; row \
             2: white, black\""
        ), "{html}");
        assert!(html.contains(
            "<span class=\"cell p0 m-tapped\" title=\"row 1, column 2, white, tapped\"></span>"
        ));
        assert_eq!(hue(7), "");
        assert_eq!(hue(8), " style=\"--k:8\"");
    }

    /// A walkthrough page counts its boards, says when some are missing, and is refused past
    /// its limit with the bytes it would have had.
    #[test]
    fn a_walkthrough_page_counts_its_bytes_and_boards() {
        let figure = |text: &str| {
            let mut figure = crate::figure::Figure::default();
            figure.push(crate::figure::Block::Text(text.to_string()));
            figure
        };
        let mut walkthrough = Walkthrough::default();
        assert_eq!(walkthrough.boards(), 0);
        let words = "a word ".repeat(300);
        walkthrough.add(&figure(&words));
        walkthrough.add(&figure(&words));
        assert_eq!(walkthrough.boards(), 2);
        let page = walkthrough.page().unwrap();
        assert!(page.contains("flipgame explain: 2 boards"));
        assert!(!page.contains("could not be read"));
        walkthrough.mark_incomplete();
        let marked = walkthrough.page().unwrap();
        assert!(marked.contains("Some boards given could not be read and are not here"));
        // Past the limit: refused with the bytes the page would have had.
        let long = "a word ".repeat(MOST_PAGE_BYTES / 7);
        let mut large = Walkthrough::default();
        large.add(&figure(&long));
        let mut kept = Walkthrough::default();
        kept.add(&figure("a word"));
        let small = kept.page().unwrap().len();
        match large.page() {
            Err(PageError::WalkthroughTooLarge(bytes)) => {
                // The small page with the long text in place of its short one, give or take.
                assert!(bytes > MOST_PAGE_BYTES, "{bytes}");
                assert!(bytes.abs_diff(small + long.len()) < 100, "{bytes}");
            }
            other => panic!("{:?}", other.map(|page| page.len())),
        }
    }

    /// A walkthrough page of a figure: one small file that loads nothing, its blocks escaped.
    #[test]
    fn a_walkthrough_page_loads_nothing_and_escapes_its_words() {
        let mut walkthrough = Walkthrough::default();
        let mut figure = crate::figure::Figure::default();
        figure.push(crate::figure::Block::Text("<b> & </b>".to_string()));
        walkthrough.add(&figure);
        let page = walkthrough.page().unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("&lt;b&gt; &amp; &lt;/b&gt;"));
        assert!(page.contains("default-src 'none'"));
        assert!(!page.contains("http://") && !page.contains("https://"));
        assert!(Walkthrough::fits(MOST_WALKTHROUGH_CELLS).is_ok());
        assert!(matches!(
            Walkthrough::fits(MOST_WALKTHROUGH_CELLS + 1),
            Err(PageError::BoardsTooLarge(_))
        ));
    }
}
