//! Web pages, beside the SVG pictures: the puzzle to play (the command line's `play --format
//! html`) and the walkthrough of a figure (`explain --format html`), each one self-contained HTML
//! file for either kind of piece, written here so that every front end writes the same page. A page loads nothing:
//! its stylesheet, its script and its data are inside it, and its Content-Security-Policy
//! forbids every fetch, so it works opened from disk with no network.
//!
//! The puzzle page is exact without a solver in it. Tapping cell `j` `x_j` times adds `A x` to
//! the board (mod 2, or mod K), so the tap counts that finish board `b` in colour `t` are the
//! solutions of `A x = t - b`: one of them plus every quiet tap count (`A q = 0`). After the
//! player's taps `p` the board is `b + A p`, whose answers in colour `t` are `x_t - p` plus the
//! quiet counts: the page needs only one answer `x_t` of the starting board and the quiet
//! group's generators. The answer in another colour `u` is `x_t + s_(u - t)`, where `s_d` turns
//! the all-0 board all `d`; a colour with no `s` is never reached. The page walks every quiet
//! count (an odometer over the generators, each step one generator added) and keeps the least
//! by the tie rule of every answer: fewest taps, then the least counts read row-major. That is
//! `flipgame solve`'s answer for every board the player can reach, as long as the walk is
//! short: a puzzle whose walk is longer than [`MOST_SEARCH_STEPS`] is refused, as is a page
//! larger than [`MOST_PAGE_BYTES`]. A board no taps finish stays so after any taps, and the
//! proof of the starting board holds for all of them: no tap changes its weighted sum.
//!
//! The walkthrough page shows what `explain` shows: the same blocks of words, and each group
//! of boards as frames to step through (previous, next, play), drawn by the same stylesheet.

mod walkthrough;

use std::fmt;

use serde::Serialize;

use crate::figure::explain::ExplainKind;
use crate::figure::svg::escape;
use crate::figure::{Drawing, Pieces};
use crate::kind::Kind;
use crate::notation::{Cell, Color, state_digit};
use crate::render::{Mark, Piece, mark_name};
use crate::settings::{Advice, Names, Setting};
use crate::solve::Taps as _;
use crate::words::{count_of, thousands};

pub use walkthrough::Walkthrough;

/// The largest page written, in bytes: past it a page is slow to open and to search, and a
/// puzzle that large is better played in the terminal.
pub const MOST_PAGE_BYTES: usize = 1 << 20;

/// The most cell updates one fewest-taps walk of the puzzle page may take (goal colours times
/// quiet tap counts times cells), so that a tap and a hint stay quick (`bench/page.sh` measures
/// them).
pub const MOST_SEARCH_STEPS: u64 = 1 << 21;

/// The most cells a walkthrough page's boards may have: each cell of each board drawn takes
/// about 60 bytes, and a walkthrough draws at least the start, a step and the map.
pub const MOST_WALKTHROUGH_CELLS: u64 = (MOST_PAGE_BYTES / 200) as u64;

/// The page's stylesheet, shared by both pages.
const STYLE: &str = include_str!("page.css");
/// The page's script: the puzzle's logic as plain functions, then the page's controls.
const SCRIPT: &str = include_str!("page.js");

/// What a page forbids: everything but its own inline script and styles. The script and the
/// data are flipgame's own (the data is JSON with every `<` escaped, so no text in it can end
/// its element), so allowing inline script lets in nothing from outside.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; \
     style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/// A whole page around `body`, with `data` (JSON) for its script when it has some.
fn document(title: &str, body: &str, data: Option<&str>) -> String {
    let data = data.map_or(String::new(), |json| {
        format!(
            "<script type=\"application/json\" id=\"flipgame-data\">{}</script>\n",
            json.replace('<', "\\u003c")
        )
    });
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{CONTENT_SECURITY_POLICY}\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{body}\n{data}\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        escape(title)
    )
}

/// Why a page is not written: too large to open quickly, or a walk too long for a tap to stay
/// quick, or (for a puzzle page) a colour's solver too large, `T` its reason.
#[derive(Debug)]
pub enum PageError<T> {
    /// A puzzle page over [`MOST_PAGE_BYTES`] (its bytes, when it was written whole).
    TooLarge(Option<usize>),
    /// A puzzle page whose fewest-taps walk, of `group` quiet tap sets (`None`: past counting)
    /// for each of `colors` goal colours over `cells` cells, passes [`MOST_SEARCH_STEPS`].
    WalkTooLong {
        /// The quiet tap sets walked, `None` past 2^64.
        group: Option<u64>,
        /// The board's cells.
        cells: u64,
        /// The goal's colours.
        colors: u64,
    },
    /// A walkthrough page of boards of this many cells, over [`MOST_WALKTHROUGH_CELLS`].
    BoardsTooLarge(u64),
    /// A walkthrough page of this many bytes, over [`MOST_PAGE_BYTES`].
    WalkthroughTooLarge(usize),
    /// The solver of one of the goal's colours is too large to make.
    Solver(T),
    /// The page's data could not be written as JSON.
    Data(serde_json::Error),
}

impl<T: Advice> Advice for PageError<T> {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        let limit = thousands(MOST_PAGE_BYTES as u64);
        let elsewhere = names(Setting::Terminal);
        match self {
            PageError::TooLarge(bytes) => {
                let size = bytes.map_or("over".to_string(), |bytes| {
                    format!("{} bytes, over", thousands(bytes as u64))
                });
                write!(
                    f,
                    "the page would be {size} the limit of {limit} bytes (a large board, a rule \
                     that reaches far, or many puzzles): play this one in {elsewhere}"
                )
            }
            PageError::WalkTooLong {
                group,
                cells,
                colors,
            } => {
                let quiet = match group {
                    Some(1) => "one answer".to_string(),
                    Some(size) => count_of(*size, "quiet tap set", "quiet tap sets"),
                    None => "more than 2^64 quiet tap sets".to_string(),
                };
                let smaller = match group {
                    Some(1) => "a smaller board",
                    _ => "a size or rule with fewer quiet tap sets",
                };
                write!(
                    f,
                    "a page of this puzzle would walk {quiet} of {} for each of {} at every tap, \
                     over the limit of {} steps: play it in {elsewhere}, or choose {smaller}",
                    count_of(*cells, "cell", "cells"),
                    count_of(*colors, "goal colour", "goal colours"),
                    thousands(MOST_SEARCH_STEPS)
                )
            }
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

/// The puzzle page's data: the rule as each cell's taps, the quiet generators and shifts, and
/// each starting board with one answer or its proof (see the module's documentation).
#[derive(Serialize)]
struct PuzzleData {
    title: String,
    rows: u32,
    cols: u32,
    states: u8,
    /// How each colour is written in a board's text (`w`, `b`; digits for K colours).
    letters: Vec<String>,
    /// What a piece of each colour shows on its face: nothing for two sides, its digit for K.
    faces: Vec<String>,
    /// Each colour in words, as a sentence says it (`white`, `2`).
    colors: Vec<String>,
    /// A piece of each colour in words, as a screen reader reads a cell (`white`, `colour 2`).
    pieces: Vec<String>,
    /// What one tap is called, and more than one: `tap`, `taps` (`press` for K colours).
    noun: [&'static str; 2],
    /// The colours the goal accepts.
    goal: Vec<u8>,
    goal_words: String,
    /// For each cell, row-major, the cells a tap changes and by how much: index, weight, ...
    taps: Vec<Vec<u32>>,
    quiet: Vec<GeneratorData>,
    /// `shifts[d]`: taps that turn the all-0 board all `d`, for each difference `d` between two
    /// colours the goal accepts; `null` where none do.
    shifts: Vec<Option<String>>,
    puzzles: Vec<StartData>,
    /// How to deal a new puzzle, when the page's puzzles were dealt.
    deal: Option<DealData>,
}

/// One quiet generator: its tap counts and its order.
#[derive(Serialize)]
struct GeneratorData {
    counts: String,
    order: u32,
}

/// One starting board: an answer in one colour, or a proof that none exists.
#[derive(Serialize)]
struct StartData {
    board: String,
    color: Option<u8>,
    answer: Option<String>,
    proof: Option<ProofData>,
}

/// A proof of impossibility: each cell's weight, and the sentence with `{now}` for the one
/// number a tap changes.
#[derive(Serialize)]
struct ProofData {
    weights: String,
    sentence: String,
}

/// How the page deals a new puzzle: `moves` taps exactly, or any board that can be finished.
#[derive(Serialize)]
pub struct DealData {
    /// The fewest taps a dealt puzzle needs, when `--moves` chose it.
    pub moves: Option<u8>,
}

/// Refuses a puzzle whose page would walk too long even with no quiet tap sets (every goal
/// colour's answer is updated cell by cell), before its solver is made or a board dealt: a
/// board of millions of cells is refused at once.
pub fn puzzle_fits<K: Kind>(puzzle: &K::Puzzle) -> Result<(), PageError<K::TooLarge>> {
    walk_fits::<K>(puzzle, Some(1))?;
    tap_table::<K>(puzzle).map(drop)
}

/// Refuses a puzzle whose walk of `group` quiet tap sets (`None`: past counting) for every goal
/// colour, cell by cell, would pass [`MOST_SEARCH_STEPS`].
fn walk_fits<K: Kind>(
    puzzle: &K::Puzzle,
    group: Option<u64>,
) -> Result<(), PageError<K::TooLarge>> {
    let cells = K::shape(puzzle).cells();
    let colors = K::goal_colors(puzzle).len() as u64;
    let steps = group.and_then(|size| size.checked_mul(colors * cells));
    if steps.is_some_and(|steps| steps <= MOST_SEARCH_STEPS) {
        return Ok(());
    }
    Err(PageError::WalkTooLong {
        group,
        cells,
        colors,
    })
}

/// The puzzle page of `solver`'s puzzle, headed `title`, starting from each of `boards`
/// (numbered in the page when there are several), dealing new ones as `deal` says when given.
pub fn puzzle_page<K: ExplainKind>(
    title: String,
    solver: &K::Solver,
    boards: &[K::Board],
    deal: Option<DealData>,
) -> Result<String, PageError<K::TooLarge>> {
    let puzzle = K::puzzle(solver);
    let shape = K::shape(puzzle);
    let quiet = K::quiet_generators(solver);
    let group = quiet.iter().try_fold(1u64, |size, generator| {
        size.checked_mul(u64::from(generator.order))
    });
    walk_fits::<K>(puzzle, group)?;
    // Each colour's piece, as a board of that colour shows it.
    let pieces: Vec<Piece> = (0..K::states(puzzle))
        .map(|color| K::drawing(String::new(), &K::filled(puzzle, color)).piece(0, 0))
        .collect();
    let data = PuzzleData {
        title,
        rows: shape.rows(),
        cols: shape.cols(),
        states: K::states(puzzle),
        letters: letters::<K>(puzzle),
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
        goal: K::goal_colors(puzzle)
            .into_iter()
            .map(K::color_number)
            .collect(),
        goal_words: K::goal_words(puzzle),
        taps: tap_table::<K>(puzzle)?,
        quiet: quiet
            .iter()
            .map(|generator| GeneratorData {
                counts: digits(&generator.counts),
                order: generator.order,
            })
            .collect(),
        shifts: shifts::<K>(puzzle)?,
        puzzles: boards
            .iter()
            .map(|board| start::<K>(solver, board))
            .collect(),
        deal,
    };
    let json = serde_json::to_string(&data).map_err(PageError::Data)?;
    let body = format!(
        "<main id=\"app\" data-page=\"puzzle\">\n<h1>{}</h1>\n<noscript><p>This page plays the \
         puzzle with its script, which the browser did not run.</p></noscript>\n</main>",
        escape(&data.title)
    );
    let page = document(&data.title, &body, Some(&json));
    match page.len() {
        bytes if bytes > MOST_PAGE_BYTES => Err(PageError::TooLarge(Some(bytes))),
        _ => Ok(page),
    }
}

/// How each colour is written in a board's text.
fn letters<K: Kind>(puzzle: &K::Puzzle) -> Vec<String> {
    (0..K::states(puzzle))
        .map(|color| {
            let board = K::filled(puzzle, color).to_string();
            board.chars().next().map_or(String::new(), String::from)
        })
        .collect()
}

/// Each cell's tap: the cells it changes and the weight it adds, as flat pairs; refused as
/// soon as the pairs alone would pass [`MOST_PAGE_BYTES`] (each number takes at least a digit
/// and a comma), so a rule that reaches far on a large board is not written out first.
fn tap_table<K: Kind>(puzzle: &K::Puzzle) -> Result<Vec<Vec<u32>>, PageError<K::TooLarge>> {
    let cols = K::shape(puzzle).cols() as usize;
    let mut numbers = 0;
    let mut table = Vec::new();
    for index in 0..K::shape(puzzle).cells() as usize {
        let weights = K::tap_weights(puzzle, Cell::at_index(index, cols));
        numbers += 2 * weights.len();
        if 2 * numbers > MOST_PAGE_BYTES {
            return Err(PageError::TooLarge(None));
        }
        let pairs = weights
            .into_iter()
            .flat_map(|(cell, weight)| [(cell.row * cols + cell.col) as u32, u32::from(weight)]);
        table.push(pairs.collect());
    }
    Ok(table)
}

/// `s_d` for every difference `d` between two goal colours: the taps that turn the all-0
/// board all `d`, found by the solver of that one colour.
fn shifts<K: Kind>(puzzle: &K::Puzzle) -> Result<Vec<Option<String>>, PageError<K::TooLarge>> {
    let states = K::states(puzzle);
    let goal: Vec<u8> = K::goal_colors(puzzle)
        .into_iter()
        .map(K::color_number)
        .collect();
    let white = K::filled(puzzle, 0);
    let mut shifts = Vec::with_capacity(usize::from(states));
    for difference in 0..states {
        let needed = goal
            .iter()
            .any(|&from| goal.contains(&((from + difference) % states)));
        if !needed {
            shifts.push(None);
            continue;
        }
        let one_color = K::with_goal_color(puzzle, difference);
        let solver = K::solver(one_color).map_err(PageError::Solver)?;
        let shift = K::solve(&solver, &white);
        shifts.push(shift.map(|solution| digits(&solution.taps.counts(K::shape(puzzle)))));
    }
    Ok(shifts)
}

/// One starting board with its answer, or its proof.
fn start<K: ExplainKind>(solver: &K::Solver, board: &K::Board) -> StartData {
    let puzzle = K::puzzle(solver);
    let mut data = StartData {
        board: digits(&K::colors_of(board)),
        color: None,
        answer: None,
        proof: None,
    };
    match K::solve(solver, board) {
        Some(solution) => {
            data.color = Some(K::color_number(solution.color));
            data.answer = Some(digits(&solution.taps.counts(K::shape(puzzle))));
        }
        None => {
            data.proof = K::proof(solver, board).map(|proof| ProofData {
                weights: digits(&K::proof_weights(&proof)),
                sentence: K::proof_sentence_template(puzzle, &proof),
            });
        }
    }
    data
}

/// One drawn board as HTML: a grid of cells, each with its piece and its mark, labelled for a
/// screen reader ("row 1, column 2, black, tapped").
fn drawing_html(drawing: &Drawing) -> String {
    let (rows, cols) = drawing.size();
    let numbered = match &drawing.pieces {
        Pieces::Sides(_) => String::new(),
        Pieces::States(board) => format!(" data-states=\"{}\"", board.states()),
    };
    let mut html = format!(
        "<figure class=\"frame\"><figcaption>{}</figcaption><div class=\"board\"{numbered} \
         role=\"img\" aria-label=\"{}\" style=\"--rows:{rows};--cols:{cols}\">",
        escape(&drawing.title),
        escape(&format!(
            "{}: a board of {rows} rows and {cols} columns",
            drawing.title
        ))
    );
    for row in 0..rows {
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
                    format!(", {}", mark_name(mark)),
                ),
            };
            let label = format!("row {}, column {}, {words}{mark_words}", row + 1, col + 1);
            html.push_str(&format!(
                "<span class=\"cell p{number}{mark_class}\" title=\"{}\">{shown}</span>",
                escape(&label)
            ));
        }
    }
    html.push_str("</div></figure>");
    html
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
    use crate::settings::RUST;

    /// Every refusal says its limit and what to do, in the words of the front end that asks:
    /// with a Rust caller's names no flag of the command line is named.
    #[test]
    fn refusals_say_the_limit_in_the_callers_words() {
        let refusals: [PageError<Infallible>; 5] = [
            PageError::TooLarge(Some(2_000_000)),
            PageError::TooLarge(None),
            PageError::WalkTooLong {
                group: None,
                cells: 400,
                colors: 2,
            },
            PageError::BoardsTooLarge(10_000),
            PageError::WalkthroughTooLarge(3_000_000),
        ];
        for refusal in &refusals {
            let words = refusal.worded(RUST).to_string();
            assert!(!words.contains("--"), "{words}");
            assert!(words.contains("limit"), "{words}");
        }
        let walk = refusals[2].worded(RUST).to_string();
        assert!(walk.contains("more than 2^64 quiet tap sets of 400 cells for each of 2 goal"));
        let walk = |group| {
            let refusal: PageError<Infallible> = PageError::WalkTooLong {
                group: Some(group),
                cells: 1,
                colors: 1,
            };
            refusal.worded(RUST).to_string()
        };
        assert!(walk(1).contains("walk one answer of 1 cell for each of 1 goal colour"));
        assert!(walk(1).ends_with("or choose a smaller board"));
        assert!(walk(8).contains("walk 8 quiet tap sets of 1 cell"));
        assert!(walk(8).ends_with("or choose a size or rule with fewer quiet tap sets"));
        let page = refusals[4].worded(RUST).to_string();
        assert!(page.contains("3,000,000 bytes") && page.contains("figure::svg has no limit"));
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
