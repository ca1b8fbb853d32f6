//! The web page's module: this workspace's library built for WebAssembly, run by the puzzle
//! page's script (`lib/src/figure/html/puzzle.js`). The page carries it inside itself, so
//! every number and sentence the page shows is the library's, as in every other front end.
//!
//! The exports pass JSON through one buffer in the module's memory:
//! - `flipgame_buffer(len)`: makes the buffer `len` bytes long and returns where it starts;
//!   the script writes its request there.
//! - `flipgame_call()`: answers the request in the buffer, writes the answer over it, and
//!   returns the answer's length (read from `flipgame_buffer(length)`).
//!
//! A request is `{"open": data}` with the page's [`PageData`] (answered with the puzzle's
//! [`PuzzleLook`] and the first view), `{"play": "r2c3"}` with a command of `play --lines`, or
//! `{"select": 2}` to play the page's starting board 2 (from 0), both answered with a
//! [`PageView`]; or `{"reach": 5}`, answered with the cells (row-major from 0) a tap of cell 5
//! changes; or `{"deal": "42"}` to deal the puzzle of seed 42 (the first `flipgame play
//! --seed 42` deals), answered with a [`PageView`]; or `{"choose": choice}` with a
//! [`PageChoice`] (a puzzle chosen in the page: answered as an open is, and played from then
//! on). A request that cannot be read, a page whose puzzle cannot be made again, or a choice
//! the page does not deal is answered with `{"error": "..."}` (a refused choice leaves the game
//! as it was).
//!
//! The module imports one function, `flipgame.now()`, the page's clock in milliseconds, so
//! that a search for the fewest taps of a large board stops at [`SEARCH_TIME`] with the best
//! found (the page then says it is not proven, as `flipgame solve --search-time` does).

use std::cell::RefCell;
use std::time::Duration;

use flipgame::figure::explain::ExplainKind;
#[cfg(doc)]
use flipgame::figure::html::PageView;
use flipgame::figure::html::{PageChoice, PageData, PageGame, PuzzleLook, Seed};
use flipgame::kind::{KStates, TwoStates};
use flipgame::settings::{Advice, Setting};
use serde::{Deserialize, Serialize};

/// How long one search for the fewest taps may take before the page shows the best found:
/// long enough to prove every board a player is likely to open, short enough to stay a game.
pub const SEARCH_TIME: Duration = Duration::from_secs(2);

/// What the page's script asks.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Begin the page's game.
    Open(PageData),
    /// Play one command of `play --lines`.
    Play(String),
    /// Play starting board N (from 0).
    Select(usize),
    /// The cells a tap of cell N (row-major from 0) changes.
    Reach(usize),
    /// Deal the puzzle of this seed (decimal text).
    Deal(Seed),
    /// Play a puzzle chosen in the page.
    Choose(PageChoice),
}

/// The page's game, of either kind of piece.
#[expect(
    clippy::large_enum_variant,
    reason = "one table lives at a time, in the module's one slot: boxing saves nothing"
)]
pub enum Table {
    /// Two-sided pieces.
    Two(PageGame<TwoStates>),
    /// Pieces of K colours.
    States(PageGame<KStates>),
}

/// The answer to an open: how to draw the puzzle, and the first view.
#[derive(Serialize)]
struct Opened<V: Serialize> {
    look: PuzzleLook,
    view: V,
}

/// An answer that is an error.
#[derive(Serialize)]
struct Failed {
    error: String,
}

/// The answer to `request` as JSON, `table` the game it plays (made by an open).
pub fn answer(table: &mut Option<Table>, request: &[u8]) -> String {
    let reply = match serde_json::from_slice::<Request>(request) {
        Err(error) => Err(format!("the page's request: {error}")),
        Ok(Request::Open(data)) => open(&data).map(|opened| begin(table, opened)),
        Ok(Request::Choose(choice)) => choose(&choice).map(|chosen| begin(table, chosen)),
        Ok(request) => match table.as_mut() {
            None => Err("the page's game has not begun".to_string()),
            Some(Table::Two(game)) => Ok(played(game, request)),
            Some(Table::States(game)) => Ok(played(game, request)),
        },
    };
    reply.unwrap_or_else(|error| json(&Failed { error }))
}

/// Plays `game` from now on; its look and first view, as JSON.
fn begin(table: &mut Option<Table>, game: Table) -> String {
    let reply = match &game {
        Table::Two(game) => opened_json(game),
        Table::States(game) => opened_json(game),
    };
    *table = Some(game);
    reply
}

/// The settings the page's words advise: its own controls, and the command line for what the
/// page does not do.
pub fn page_names(setting: Setting) -> String {
    match setting {
        Setting::Moves(moves) => format!("{moves} fewest taps"),
        Setting::Impossible => "impossible boards".to_string(),
        Setting::States(states) => format!("{states} colours"),
        Setting::AnyStates => "more colours".to_string(),
        Setting::Size(rows, cols) => format!("a size of {rows}x{cols}"),
        Setting::Wrap => "Wrap round the edges".to_string(),
        Setting::NoWrap => "no wrapping".to_string(),
        Setting::Terminal => "the terminal (flipgame play)".to_string(),
        Setting::SearchTime => "flipgame solve --search-time".to_string(),
        Setting::RuleFile => "a rule file (flipgame play --rule-file)".to_string(),
        Setting::Cells(_) => "digits".to_string(),
        Setting::Judge(name) => format!("flipgame solve --judge {name}"),
        Setting::MaxSteps(most) => format!("flipgame explain --max-steps {most}"),
        Setting::FewerSteps => "flipgame explain --max-steps".to_string(),
        Setting::EveryStep => "flipgame explain --format json".to_string(),
        Setting::Map => "flipgame explain --map".to_string(),
        Setting::Svg => "flipgame explain --format svg".to_string(),
    }
}

/// The game of a puzzle chosen in the page, or why the page does not deal it.
fn choose(choice: &PageChoice) -> Result<Table, String> {
    let time = Some(SEARCH_TIME);
    if choice.puzzle.states == 2 {
        let puzzle = choice
            .puzzle
            .two_sided()
            .map_err(|error| error.to_string())?;
        PageGame::chosen(choice, puzzle, time)
            .map(Table::Two)
            .map_err(|error| error.worded(page_names).to_string())
    } else {
        let puzzle = choice
            .puzzle
            .of_states()
            .map_err(|error| error.to_string())?;
        PageGame::chosen(choice, puzzle, time)
            .map(Table::States)
            .map_err(|error| error.worded(page_names).to_string())
    }
}

/// The game of the page's `data`, or why there is none.
fn open(data: &PageData) -> Result<Table, String> {
    let time = Some(SEARCH_TIME);
    if data.puzzle.states == 2 {
        let puzzle = data.puzzle.two_sided().map_err(|error| error.to_string())?;
        PageGame::new(data, puzzle, time)
            .map(Table::Two)
            .map_err(|error| error.to_string())
    } else {
        let puzzle = data.puzzle.of_states().map_err(|error| error.to_string())?;
        PageGame::new(data, puzzle, time)
            .map(Table::States)
            .map_err(|error| error.to_string())
    }
}

fn opened_json<K: ExplainKind>(game: &PageGame<K>) -> String {
    json(&Opened {
        look: game.look(),
        view: game.view(),
    })
}

/// Answers `request` (no open): the cells a tap reaches, or the view after a command.
fn played<K: ExplainKind>(game: &mut PageGame<K>, request: Request) -> String {
    match request {
        Request::Reach(index) => return json(&game.reach(index)),
        Request::Play(word) => game.play(&word),
        Request::Select(index) => game.select(index),
        Request::Deal(seed) => game.deal(seed.0),
        Request::Open(_) | Request::Choose(_) => {}
    }
    json(&game.view())
}

/// `value` as JSON: every value here is made of strings, numbers and lists, which serde_json
/// always writes; were it ever refused, the answer says so, as JSON too.
fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| {
        let failed = Failed {
            error: format!("the answer could not be written: {error}"),
        };
        serde_json::to_string(&failed)
            .unwrap_or_else(|_| r#"{"error":"the answer could not be written"}"#.to_string())
    })
}

thread_local! {
    /// The request, then the answer.
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The page's game.
    static TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

/// Makes the buffer `len` bytes long (keeping what it holds) and returns where it starts.
#[unsafe(no_mangle)]
pub extern "C" fn flipgame_buffer(len: usize) -> *mut u8 {
    BUFFER.with_borrow_mut(|buffer| {
        buffer.resize(len, 0);
        buffer.as_mut_ptr()
    })
}

/// Answers the request in the buffer, writes the answer over it and returns its length.
#[unsafe(no_mangle)]
pub extern "C" fn flipgame_call() -> usize {
    #[cfg(target_arch = "wasm32")]
    flipgame::solve::set_clock(page_clock);
    let request = BUFFER.take();
    let reply = TABLE.with_borrow_mut(|table| answer(table, &request));
    let len = reply.len();
    BUFFER.set(reply.into_bytes());
    len
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "flipgame")]
unsafe extern "C" {
    /// The page's clock: milliseconds since the page opened (`performance.now()`).
    safe fn now() -> f64;
}

/// The page's clock as the library's solvers read it.
#[cfg(target_arch = "wasm32")]
fn page_clock() -> Duration {
    Duration::from_secs_f64(now().max(0.0) / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer to `request` (JSON text) as a JSON value.
    fn ask(table: &mut Option<Table>, request: &str) -> serde_json::Value {
        serde_json::from_str(&answer(table, request.as_bytes())).unwrap()
    }

    const STATEMENT: &str = r#"{"open": {"title": "t", "puzzle": {"rows": 4, "cols": 4,
        "rule": "plus", "rule_file": null, "wrap": false, "states": 2, "goal": "either"},
        "boards": ["1001110110011000"], "seed": null, "deal": {"moves": null, "seed": "1"}}}"#;

    /// An open answers with the look and the first view; plays and selects with a view.
    #[test]
    fn open_then_play() {
        let mut table = None;
        let opened = ask(&mut table, STATEMENT);
        assert_eq!(opened["look"]["noun"], serde_json::json!(["tap", "taps"]));
        assert_eq!(opened["view"]["moves_left"], 4);
        assert_eq!(ask(&mut table, r#"{"play": "r1c1"}"#)["taps_made"], 1);
        // The puzzle chosen again is where it was left.
        assert_eq!(ask(&mut table, r#"{"select": 0}"#)["taps_made"], 1);
        assert_eq!(
            ask(&mut table, r#"{"reach": 5}"#),
            serde_json::json!([1, 4, 5, 6, 9])
        );
    }

    /// Pieces of K colours open as their own kind.
    #[test]
    fn open_k_colours() {
        let mut table = None;
        let request = STATEMENT
            .replace(
                r#""states": 2, "goal": "either""#,
                r#""states": 3, "goal": "any""#,
            )
            .replace("1001110110011000", "0120012001200120");
        let opened = ask(&mut table, &request);
        assert_eq!(
            opened["look"]["noun"],
            serde_json::json!(["press", "presses"])
        );
        assert_eq!(opened["view"]["states"], 3);
        assert!(matches!(table, Some(Table::States(_))));
    }

    /// What cannot be played is an error, and leaves the game as it was.
    #[test]
    fn errors_say_what_is_wrong() {
        let mut table = None;
        let error = |table: &mut Option<Table>, request: &str| {
            ask(table, request)["error"].as_str().unwrap().to_string()
        };
        assert_eq!(
            error(&mut table, r#"{"play": "hint"}"#),
            "the page's game has not begun"
        );
        assert!(error(&mut table, "{").starts_with("the page's request: "));
        let bad = STATEMENT.replace("plus", "star");
        assert!(error(&mut table, &bad).starts_with("the page's rule:"));
        let bad = STATEMENT.replace(
            r#""states": 2, "goal": "either""#,
            r#""states": 3, "goal": "x""#,
        );
        assert!(error(&mut table, &bad).contains("is no goal"));
        let bad = STATEMENT.replace("1001110110011000", "10");
        assert_eq!(
            error(&mut table, &bad),
            "the page's puzzle 1 is no board of it"
        );
        let bad = STATEMENT
            .replace(
                r#""states": 2, "goal": "either""#,
                r#""states": 3, "goal": "any""#,
            )
            .replace("1001110110011000", "10");
        assert_eq!(
            error(&mut table, &bad),
            "the page's puzzle 1 is no board of it"
        );
        assert!(table.is_none());
    }

    /// A choice of puzzle as the page's chooser sends it.
    fn choice(rows: u32, cols: u32, rule: &str, states: u8, goal: &str, moves: &str) -> String {
        format!(
            r#"{{"choose": {{"puzzle": {{"rows": {rows}, "cols": {cols}, "rule": "{rule}",
            "rule_file": null, "wrap": false, "states": {states}, "goal": "{goal}"}},
            "moves": {moves}, "seed": "7"}}}}"#
        )
    }

    /// A chosen puzzle replaces the game: its look, and a first board of the fewest taps
    /// asked for, dealt from the choice's seed.
    #[test]
    fn a_chosen_puzzle_is_dealt_and_played() {
        let mut table = None;
        ask(&mut table, STATEMENT);
        let chosen = ask(&mut table, &choice(3, 5, "x", 2, "white", "4"));
        assert_eq!(chosen["look"]["rows"], 3);
        assert_eq!(chosen["look"]["cols"], 5);
        assert_eq!(chosen["look"]["title"], "flipgame play: 3x5, rule x");
        assert_eq!(chosen["view"]["moves_left"], 4);
        assert_eq!(chosen["view"]["seed"], "7");
        // The same choice deals the same board; play goes on in the chosen puzzle.
        let again = ask(&mut table, &choice(3, 5, "x", 2, "white", "4"));
        assert_eq!(again["view"]["board"], chosen["view"]["board"]);
        assert_eq!(ask(&mut table, r#"{"play": "r3c5"}"#)["taps_made"], 1);
        let colours = ask(&mut table, &choice(2, 3, "plus", 5, "any", "null"));
        assert_eq!(
            colours["look"]["noun"],
            serde_json::json!(["press", "presses"])
        );
        assert!(matches!(table, Some(Table::States(_))));
    }

    /// A choice the page does not deal says why, and leaves the game as it was.
    #[test]
    fn a_refused_choice_says_why_and_keeps_the_game() {
        let mut table = None;
        ask(&mut table, STATEMENT);
        ask(&mut table, r#"{"play": "r1c1"}"#);
        let error = |table: &mut Option<Table>, request: &str| {
            ask(table, request)["error"].as_str().unwrap().to_string()
        };
        assert_eq!(
            error(&mut table, &choice(51, 50, "plus", 2, "either", "null")),
            "a 51x50 board has 2,550 cells, and the page deals boards of up to 2,500 for these \
             pieces: a larger one is played in the terminal (flipgame play)"
        );
        assert_eq!(
            error(&mut table, &choice(31, 30, "plus", 3, "0", "null")),
            "a 31x30 board has 930 cells, and the page deals boards of up to 900 for these \
             pieces: a larger one is played in the terminal (flipgame play)"
        );
        // 20x20 under box has 2^39 quiet tap sets; 19x19 under plus 2^16, dealt.
        assert!(
            error(&mut table, &choice(20, 20, "box", 2, "either", "null"))
                .starts_with("this puzzle has about 2^39 quiet tap sets")
        );
        assert_eq!(
            error(&mut table, &choice(3, 3, "plus", 2, "either", "20")),
            "20 fewest taps: no 3x3 board needs exactly 20 taps for the goal (all white or all \
             black): the most any needs is 6"
        );
        assert_eq!(
            error(&mut table, &choice(3, 3, "plus", 2, "either", "0")),
            "0 fewest taps deals only finished boards: choose 1 or more"
        );
        assert!(
            error(&mut table, &choice(3, 3, "star", 2, "either", "1"))
                .starts_with("the page's rule:")
        );
        assert_eq!(ask(&mut table, r#"{"play": "undo"}"#)["taps_made"], 0);
        assert_eq!(
            ask(&mut table, &choice(19, 19, "plus", 2, "either", "3"))["view"]["moves_left"],
            3
        );
    }

    /// The buffer carries a request in and the answer out, as the page's script uses it.
    #[test]
    fn the_exports_answer_through_the_buffer() {
        let request = br#"{"play": "hint"}"#;
        let at = flipgame_buffer(request.len());
        // SAFETY: the buffer is `request.len()` bytes long from `at`, as the page writes it.
        unsafe { std::ptr::copy_nonoverlapping(request.as_ptr(), at, request.len()) };
        let length = flipgame_call();
        let at = flipgame_buffer(length);
        // SAFETY: the answer is `length` bytes from `at`, as the page reads it.
        let answer = unsafe { std::slice::from_raw_parts(at, length) };
        assert_eq!(answer, br#"{"error":"the page's game has not begun"}"#);
    }
}
