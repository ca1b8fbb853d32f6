//! The web pages of `play --format html` and `explain --format html`: one self-contained file,
//! the data the page's script works from (checked here against the rule's definition), and the
//! refusals. What the pages do in a browser is tested by `tests/browser/` under node and
//! Debian's Chromium, which the last test here runs.

use std::path::Path;
use std::process::Command as StdCommand;

use serde_json::Value;

use crate::common::{IMPOSSIBLE_LINE, SAMPLE_LINE, flipgame, optional_tool};

/// The page `flipgame` writes for `args`.
fn page(args: &[&str]) -> String {
    let output = flipgame().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The data a puzzle page's script works from.
fn data(page: &str) -> Value {
    let start = page
        .find("id=\"flipgame-data\">")
        .expect("the page has its data")
        + 19;
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

/// Digits as numbers.
fn numbers(digits: &Value) -> Vec<u32> {
    let digits = digits.as_str().unwrap();
    digits.chars().map(|c| c.to_digit(36).unwrap()).collect()
}

/// A 4x4 board after tapping each cell `taps[cell]` times by the Flip Game's rule, written here
/// from its definition: the cell and its neighbours above, below, left and right.
fn tapped_4x4(board: &[u32], taps: &[u32]) -> Vec<u32> {
    let mut after = board.to_vec();
    for (cell, &times) in taps.iter().enumerate() {
        let (row, col) = (cell / 4, cell % 4);
        let mut turn = |r: usize, c: usize| after[r * 4 + c] = (after[r * 4 + c] + times) % 2;
        turn(row, col);
        if row > 0 {
            turn(row - 1, col);
        }
        if row < 3 {
            turn(row + 1, col);
        }
        if col > 0 {
            turn(row, col - 1);
        }
        if col < 3 {
            turn(row, col + 1);
        }
    }
    after
}

#[test]
fn a_puzzle_page_is_one_small_file_that_loads_nothing() {
    let page = page(&["play", "--format", "html", "--board", SAMPLE_LINE]);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.len() < 50_000, "a 4x4 page is {} bytes", page.len());
    assert!(page.contains("http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"));
    for outside in ["http:", "https:", "src=", "href=", "@import", "url("] {
        assert!(!page.contains(outside), "the page names {outside}");
    }
    assert!(page.contains("<title>flipgame play: 4x4</title>"));
}

#[test]
fn a_puzzle_page_carries_an_answer_and_quiet_taps_that_hold_by_the_rule() {
    let data = data(&page(&["play", "--format", "html", "--board", SAMPLE_LINE]));
    let start = &data["puzzles"][0];
    let board = numbers(&start["board"]);
    assert_eq!(board, [1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0]);
    // The statement's answer: 4 taps, all white.
    let answer = numbers(&start["answer"]);
    assert_eq!(answer.iter().sum::<u32>(), 4);
    assert_eq!(tapped_4x4(&board, &answer), vec![0; 16]);
    assert_eq!(start["color"], 0);
    // The 4x4 board's tap matrix has nullity 4 (Anderson and Feil): four quiet generators, each
    // changing no board.
    let quiet = data["quiet"].as_array().unwrap();
    assert_eq!(quiet.len(), 4);
    for generator in quiet {
        assert_eq!(generator["order"], 2);
        let taps = numbers(&generator["counts"]);
        assert!(taps.iter().any(|&t| t > 0));
        assert_eq!(tapped_4x4(&board, &taps), board);
    }
    // Each cell's tap, as index and weight pairs, is the rule's: a tap of the all-white board.
    for (cell, pairs) in data["taps"].as_array().unwrap().iter().enumerate() {
        let mut taps = [0; 16];
        taps[cell] = 1;
        let pairs: Vec<u64> = pairs
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        let mut reached = vec![0; 16];
        for pair in pairs.chunks(2) {
            reached[pair[0] as usize] = pair[1] as u32;
        }
        assert_eq!(
            reached,
            tapped_4x4(&[0; 16], &taps),
            "the tap of cell {cell}"
        );
    }
    // The all-black board is reached from the all-white one: the shift of 1 does it.
    let shift = numbers(&data["shifts"][1]);
    assert_eq!(tapped_4x4(&[0; 16], &shift), vec![1; 16]);
    assert_eq!(data["goal"], serde_json::json!([0, 1]));
    assert_eq!(data["letters"], serde_json::json!(["w", "b"]));
    assert_eq!(data["deal"], Value::Null);
}

#[test]
fn every_field_of_a_page_s_data_is_in_the_guide() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("GUIDE.md")).unwrap();
    let dealt = data(&page(&["play", "--format", "html", "--seed", "1"]));
    let hopeless = data(&page(&[
        "play",
        "--format",
        "html",
        "--board",
        IMPOSSIBLE_LINE,
    ]));
    let objects = [
        &dealt,
        &dealt["quiet"][0],
        &dealt["puzzles"][0],
        &dealt["deal"],
        &hopeless["puzzles"][0]["proof"],
    ];
    for object in objects {
        for field in object.as_object().unwrap().keys() {
            assert!(
                guide.contains(&format!("`{field}`")),
                "GUIDE.md names `{field}`"
            );
        }
    }
}

#[test]
fn an_impossible_board_brings_its_proof_with_the_count_left_to_fill_in() {
    let data = data(&page(&[
        "play",
        "--format",
        "html",
        "--board",
        IMPOSSIBLE_LINE,
    ]));
    let start = &data["puzzles"][0];
    assert_eq!(start["answer"], Value::Null);
    let weights = numbers(&start["proof"]["weights"]);
    assert_eq!(weights.iter().sum::<u32>(), 8);
    let sentence = start["proof"]["sentence"].as_str().unwrap();
    assert!(sentence.contains("black pieces among them, {now} now, always stays odd"));
}

#[test]
fn the_same_seed_deals_the_same_set_of_puzzles() {
    let args = ["play", "--format", "html", "--count", "5", "--moves", "3"];
    let first = page(&[&args[..], &["--seed", "9"]].concat());
    assert_eq!(first, page(&[&args[..], &["--seed", "9"]].concat()));
    assert_ne!(first, page(&[&args[..], &["--seed", "10"]].concat()));
    let data = data(&first);
    assert_eq!(data["puzzles"].as_array().unwrap().len(), 5);
    assert_eq!(data["deal"]["moves"], 3);
}

#[test]
fn pages_of_k_colours_say_how_their_pieces_read() {
    let data = data(&page(&[
        "play", "--format", "html", "--size", "3x3", "--states", "4", "--goal", "any", "--seed",
        "1",
    ]));
    assert_eq!(data["faces"], serde_json::json!(["0", "1", "2", "3"]));
    assert_eq!(data["noun"], serde_json::json!(["press", "presses"]));
    assert_eq!(data["goal"], serde_json::json!([0, 1, 2, 3]));
    assert_eq!(data["shifts"].as_array().unwrap().len(), 4);
    // One goal colour needs no shift to another: only the shift of 0, which is no taps.
    let data = data_of(&["--size", "3x3", "--states", "3", "--seed", "1"]);
    assert_eq!(data["goal"], serde_json::json!([0]));
    assert_eq!(data["shifts"], serde_json::json!(["000000000", null, null]));
}

/// The data of the puzzle page of `flags`.
fn data_of(flags: &[&str]) -> Value {
    data(&page(&[&["play", "--format", "html"], flags].concat()))
}

#[test]
fn flags_a_page_cannot_use_are_refused() {
    let refused = |args: &[&str], message: &str| {
        let output = flipgame().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    };
    refused(
        &["play", "--count", "3"],
        "--count deals puzzles into a web page: add --format html",
    );
    refused(
        &[
            "play",
            "--format",
            "html",
            "--count",
            "3",
            "--board",
            SAMPLE_LINE,
        ],
        "--count deals puzzles, so it cannot be used with a board given",
    );
    refused(
        &["play", "--format", "html", "--count", "0"],
        "a number of puzzles",
    );
    for flag in ["--lines", "--ascii"] {
        refused(
            &["play", "--format", "html", flag],
            "--lines and --ascii are for the game in the terminal: --format html writes a web page",
        );
    }
}

/// The usage error `flipgame` gives for `args`.
fn refusal(args: &[&str]) -> String {
    let output = flipgame().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}: no page at all");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn a_page_too_slow_or_too_large_is_refused_with_its_limit() {
    // 19x19 Lights Out has nullity 16 (Sutner): 65,536 quiet tap sets.
    let stderr = refusal(&["play", "--format", "html", "--size", "19x19", "--seed", "1"]);
    assert!(
        stderr.contains(
            "would walk 65,536 quiet tap sets of 361 cells for each of 2 goal colours at every \
             tap, over the limit of 2,097,152 steps: play it in the terminal, or choose a size \
             or rule with fewer quiet tap sets"
        ),
        "{stderr}"
    );
    // A board too large for any page is refused before a board is dealt or a solver made.
    let stderr = refusal(&["play", "--format", "html", "--size", "10000x10000"]);
    assert!(
        stderr.contains("would walk one answer of 100,000,000 cells for each of 2 goal colours")
            && stderr.contains("or choose a smaller board"),
        "{stderr}"
    );
    // Past the limit only with each goal colour counted: 1,100,000 cells, twice.
    let stderr = refusal(&["play", "--format", "html", "--size", "1100x1000"]);
    assert!(
        stderr.contains("would walk one answer of 1,100,000 cells for each of 2 goal colours"),
        "{stderr}"
    );
    let too_large = "over the limit of 1,048,576 bytes (a large board, a rule that reaches far, \
                     or many puzzles): play this one in the terminal";
    let stderr = refusal(&[
        "play", "--format", "html", "--size", "2x5000", "--rule", "lines", "--goal", "white",
    ]);
    assert!(
        stderr.contains(&format!("the page would be {too_large}")),
        "{stderr}"
    );
    // Each of the 2,704 cells' taps reaches 103 cells: over the limit before any is solved.
    let stderr = refusal(&[
        "play", "--format", "html", "--size", "52x52", "--rule", "lines",
    ]);
    assert!(
        stderr.contains(&format!("the page would be {too_large}")),
        "{stderr}"
    );
    let stderr = refusal(&[
        "play", "--format", "html", "--size", "25x25", "--count", "1000", "--seed", "1",
    ]);
    assert!(stderr.contains(&format!("bytes, {too_large}")), "{stderr}");
}

#[test]
fn a_walkthrough_page_too_large_is_refused_with_what_to_do() {
    let stderr = refusal(&["explain", "--format", "html", "--size", "100x100"]);
    assert!(
        stderr.contains(
            "a walkthrough page of boards of 10,000 cells would pass the limit of 1,048,576 \
             bytes: a page draws boards of at most 5,242 cells (--format svg draws any)"
        ),
        "{stderr}"
    );
    // The largest board a page draws is accepted (with no boards to explain, an empty page);
    // one cell more is refused.
    flipgame()
        .args(["explain", "--format", "html", "--size", "2x2621"])
        .write_stdin("")
        .assert()
        .success();
    let stderr = refusal(&["explain", "--format", "html", "--size", "1x5243"]);
    assert!(
        stderr.contains("boards of 5,243 cells would pass the limit"),
        "{stderr}"
    );
    // One board whose steps alone pass the limit: no page, not an empty one.
    let board = flipgame()
        .args(["gen", "--size", "70x70", "--count", "1", "--seed", "1"])
        .output()
        .unwrap()
        .stdout;
    let output = flipgame()
        .args(["explain", "--format", "html", "--size", "70x70"])
        .write_stdin(board)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "no page, not an empty one");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("the page would be 2"), "{stderr}");
    let boards = crate::common::many_boards(3000);
    let output = flipgame()
        .args(["explain", "--format", "html"])
        .write_stdin(boards)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("bytes, over the limit of 1,048,576 (large boards, many steps or many boards): --max-steps draws fewer steps, --map one map a board, and --format svg has no limit"),
        "{stderr}"
    );
}

#[test]
fn a_walkthrough_page_has_every_step_the_map_and_the_proof() {
    let page = page(&[
        "explain",
        "--format",
        "html",
        "--board",
        SAMPLE_LINE,
        "--board",
        IMPOSSIBLE_LINE,
    ]);
    assert!(page.contains("<title>flipgame explain: 2 boards</title>"));
    assert!(page.contains("<div class=\"film\" data-frames=\"5\">"));
    assert!(page.contains("Solved in 4 taps: all white."));
    assert!(page.contains("<figcaption>Tap map: 4 taps</figcaption>"));
    // One tapped piece on each board after the start; eight cells in the proof (the legend's
    // samples have no title).
    assert_eq!(page.matches(" m-tapped\" title=").count(), 4);
    assert_eq!(page.matches(" m-proof\" title=").count(), 8);
    assert!(page.contains("<p><strong>Impossible</strong></p>"));
    assert!(page.contains(
        "<li><span class=\"cell p0 m-tapped\" aria-hidden=\"true\"></span> tapped</li>\
         <li><span class=\"cell p0 m-flipped\" aria-hidden=\"true\"></span> turned over</li>\
         <li><span class=\"cell p1\" aria-hidden=\"true\"></span> black</li>"
    ));
    assert!(page.contains("title=\"row 1, column 1, black, cell of the proof\""));
    assert!(page.contains("<span class=\"cell p1\" title=\"row 1, column 1, black\"></span>"));
    assert!(page.contains("<span class=\"cell p0\" title=\"row 1, column 2, white\"></span>"));
    assert!(!page.contains("id=\"flipgame-data\""));
}

#[test]
fn a_walkthrough_page_has_one_tap_map_and_none_for_a_finished_board() {
    let mapped = page(&[
        "explain",
        "--format",
        "html",
        "--map",
        "--board",
        SAMPLE_LINE,
    ]);
    assert_eq!(
        mapped
            .matches("<figcaption>Tap map: 4 taps</figcaption>")
            .count(),
        1
    );
    assert!(!mapped.contains("class=\"film\""), "--map draws no steps");
    let finished = page(&[
        "explain",
        "--format",
        "html",
        "--board",
        "wwww/wwww/wwww/wwww",
    ]);
    assert!(finished.contains("Already solved: all white, 0 taps."));
    assert_eq!(
        finished.matches("<figure").count(),
        1,
        "the start alone: no steps, no map"
    );
    assert!(!finished.contains("Tap map") && !finished.contains("Nothing to tap"));
    assert!(!finished.contains("class=\"film\""));
    // One tap: the start and the board after it, to step through.
    let one = page(&[
        "explain",
        "--format",
        "html",
        "--board",
        "bbww/bwww/wwww/wwww",
    ]);
    assert!(one.contains("<div class=\"film\" data-frames=\"2\">"));
}

#[test]
fn a_walkthrough_page_of_k_colours_shows_digits_and_weights() {
    // A board of 3 colours no presses finish under x.
    let hopeless = [
        "--format",
        "html",
        "--size",
        "3x3",
        "--states",
        "3",
        "--rule",
        "x",
        "--board",
        "012/000/000",
    ];
    let page = page(&[&["explain"], &hopeless[..]].concat());
    assert!(page.contains("<div class=\"board\" data-states=\"3\""));
    assert!(page.contains("<figcaption>Weights</figcaption>"));
    assert!(
        !page.contains("class=\"film\""),
        "the board and its weights side by side"
    );
    assert!(page.contains(
        "<li><span class=\"cell p0 m-proof\" aria-hidden=\"true\"></span> weighted cell of the \
         proof</li>"
    ));
    assert!(
        page.contains("<li><span class=\"cell p2\" aria-hidden=\"true\">2</span> colour 2</li>")
    );
    assert!(page.contains("Give each cell the weight drawn (4 cells weighted)"));
    assert!(page.contains("This board&apos;s sum is 1, and the finished board (all 0) has 0"));
    // The game's page says the same of the same board.
    let data = data(&crate::pages::page(&[&["play"], &hopeless[..]].concat()));
    let sentence = data["puzzles"][0]["proof"]["sentence"].as_str().unwrap();
    assert!(
        sentence.starts_with("Give each cell the weight drawn (4 cells weighted)")
            && sentence.contains("This board's sum is 1, and the finished board (all 0) has 0"),
        "{sentence}"
    );
}

/// Runs `node --test` on `files` of `tests/browser/` with this flipgame, and fails with what
/// node printed when a test fails.
fn node_tests(files: &[&str]) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let output = StdCommand::new("node")
        .args(["--test", "--test-reporter=dot"])
        .args(files)
        .current_dir(&folder)
        .env("FLIPGAME_BIN", env!("CARGO_BIN_EXE_flipgame"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "node --test {files:?} in tests/browser failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The page script's logic against a brute force under node (`tests/browser/logic.test.mjs`),
/// in the usual loop: a broken page is caught by `cargo test`. Without node it says so and is
/// skipped, unless FLIPGAME_REQUIRE_TOOLS=1.
#[test]
fn the_page_script_passes_its_logic_tests_in_node() {
    if optional_tool("node", &["--version"], "Node.js") {
        node_tests(&["logic.test.mjs"]);
    }
}

/// The pages in headless Chromium (`tests/browser/page.test.mjs`). Without Chromium and
/// playwright-core (`npm ci` in tests/browser) it says so and is skipped, unless
/// FLIPGAME_REQUIRE_TOOLS=1.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn the_pages_pass_their_tests_in_chromium() {
    if !optional_tool("node", &["--version"], "Node.js") {
        return;
    }
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let browser = folder.join("node_modules/playwright-core").exists()
        && Path::new("/usr/bin/chromium").exists();
    if !browser {
        let required = std::env::var_os("FLIPGAME_REQUIRE_TOOLS").is_some_and(|v| v == "1");
        assert!(
            !required,
            "FLIPGAME_REQUIRE_TOOLS=1 but Debian's chromium or playwright-core (npm ci in \
             tests/browser) is missing"
        );
        eprintln!("skipped: the browser tests need chromium and playwright-core");
        return;
    }
    node_tests(&["page.test.mjs"]);
}
