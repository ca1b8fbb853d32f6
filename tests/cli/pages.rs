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

#[test]
fn a_puzzle_page_is_one_file_that_loads_nothing_and_carries_the_library() {
    let page = page(&["play", "--format", "html", "--board", SAMPLE_LINE]);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.len() < 1_000_000, "a 4x4 page is {} bytes", page.len());
    assert!(page.contains(
        "http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src \
         'unsafe-inline' 'wasm-unsafe-eval'; style-src"
    ));
    for outside in ["http:", "https:", "src=", "href=", "@import", "url("] {
        assert!(!page.contains(outside), "the page names {outside}");
    }
    assert!(page.contains("<title>flipgame play: 4x4</title>"));
    // The module, as base64 of the committed file (the first bytes: "\0asm" and version 1).
    assert!(page.contains("id=\"flipgame-module\">AGFzbQEAAAA"));
    // A walkthrough page runs no module, so it may not compile one.
    let walkthrough = page_of_explain();
    assert!(!walkthrough.contains("wasm"));
}

/// A walkthrough page of the statement's board.
fn page_of_explain() -> String {
    page(&["explain", "--format", "html", "--board", SAMPLE_LINE])
}

#[test]
fn a_puzzle_page_carries_its_puzzle_and_boards() {
    let data = data(&page(&["play", "--format", "html", "--board", SAMPLE_LINE]));
    assert_eq!(
        data["puzzle"],
        serde_json::json!({"rows": 4, "cols": 4, "rule": "plus", "rule_file": null,
                           "wrap": false, "states": 2, "goal": "either"})
    );
    assert_eq!(data["boards"], serde_json::json!(["1001110110011000"]));
    assert_eq!(data["title"], "flipgame play: 4x4");
    assert_eq!(data["deal"]["moves"], Value::Null);
    let seed = data["deal"]["seed"].as_str().unwrap();
    assert!(
        seed.parse::<u64>().is_ok(),
        "a seed as decimal text: {seed}"
    );
    assert_eq!(data["seed"], Value::Null, "a board given has no seed");
    // A rule file travels whole, as its JSON: the page's module reads it again.
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("ring.json");
    let ring = r#"{"rows": 1, "cols": 3, "cells": [
        {"row": 1, "col": 1, "flips": [{"row": 1, "col": 2}]},
        {"row": 1, "col": 2, "flips": [{"row": 1, "col": 3}]},
        {"row": 1, "col": 3, "flips": [{"row": 1, "col": 1}]}]}"#;
    std::fs::write(&rule, ring).unwrap();
    let data = data_of(&["--rule-file", rule.to_str().unwrap(), "--seed", "1"]);
    let file = data["puzzle"]["rule_file"].as_str().unwrap();
    let cells: Value = serde_json::from_str(file).unwrap();
    assert_eq!(
        cells["cells"][2]["flips"],
        serde_json::json!([{"row": 1, "col": 1}])
    );
    // Named by its file name alone, in the data and in the title: a page is shared.
    assert_eq!(data["puzzle"]["rule"], "ring.json");
    assert_eq!(data["title"], "flipgame play: 1x3, rule ring.json");
}

#[test]
fn every_field_of_a_page_s_data_is_in_the_guide() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("GUIDE.md")).unwrap();
    let dealt = data(&page(&["play", "--format", "html", "--seed", "1"]));
    for object in [&dealt, &dealt["puzzle"], &dealt["deal"]] {
        for field in object.as_object().unwrap().keys() {
            assert!(
                guide.contains(&format!("`{field}`")),
                "GUIDE.md names `{field}`"
            );
        }
    }
}

#[test]
fn the_same_seed_deals_the_same_set_of_puzzles() {
    let args = ["play", "--format", "html", "--count", "5", "--moves", "3"];
    let first = page(&[&args[..], &["--seed", "9"]].concat());
    assert_eq!(first, page(&[&args[..], &["--seed", "9"]].concat()));
    assert_ne!(first, page(&[&args[..], &["--seed", "10"]].concat()));
    let data = data(&first);
    let boards = data["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 5);
    assert_eq!(data["deal"]["moves"], 3);
    // The boards are gen's of the same seed, and the page deals on from where they stop.
    let dealt = flipgame()
        .args(["gen", "--count", "5", "--moves", "3", "--seed", "9"])
        .output()
        .unwrap();
    let dealt = String::from_utf8(dealt.stdout).unwrap();
    let first_board: String = dealt.lines().take(4).collect::<Vec<_>>().concat();
    let digits: String = first_board
        .chars()
        .map(|c| if c == 'b' { '1' } else { '0' })
        .collect();
    assert_eq!(boards[0], digits.as_str());
    assert_ne!(data["deal"]["seed"], "9");
    assert_eq!(
        data["seed"],
        Value::Null,
        "a set's boards have no seed each"
    );
    let one = data_of(&["--moves", "3", "--seed", "9"]);
    assert_eq!(
        one["seed"], "9",
        "one board dealt alone is its seed's first"
    );
}

#[test]
fn pages_of_k_colours_carry_their_states_and_goal() {
    let data = data_of(&[
        "--size", "3x3", "--states", "4", "--goal", "any", "--seed", "1",
    ]);
    assert_eq!(data["puzzle"]["states"], 4);
    assert_eq!(data["puzzle"]["goal"], "any");
    let data = data_of(&["--size", "3x3", "--states", "3", "--seed", "1"]);
    assert_eq!(data["puzzle"]["goal"], "0");
    let board = data["boards"][0].as_str().unwrap();
    assert!(board.len() == 9 && board.chars().all(|c| matches!(c, '0'..='2')));
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
fn a_page_too_large_is_refused_with_its_limit() {
    // A board too large for any page is refused before a board is dealt or a solver made.
    for size in ["10000x10000", "101x100"] {
        let stderr = refusal(&["play", "--format", "html", "--size", size]);
        assert!(
            stderr.contains("a page draws boards of at most 10,000 cells, and this one has")
                && stderr.contains("play it in the terminal"),
            "{stderr}"
        );
    }
    // The largest board a page draws gets one, as does 19x19 Lights Out, whose 65,536 quiet
    // tap sets the page of old had to walk at every tap.
    for size in ["100x100", "19x19"] {
        let page = page(&["play", "--format", "html", "--size", size, "--seed", "1"]);
        assert!(page.contains("id=\"flipgame-module\""));
    }
    let stderr = refusal(&[
        "play", "--format", "html", "--size", "25x25", "--count", "1000", "--seed", "1",
    ]);
    assert!(
        stderr.contains(
            "bytes, over the limit of 1,048,576 (many puzzles): play fewer in one \
                         page, or play in the terminal"
        ),
        "{stderr}"
    );
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
    // The game's page says the same of the same board: tests/browser/page.test.mjs.
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

/// The page's game (the library's module, driven by the page script's own `connect`) against
/// a brute force under node (`tests/browser/module.test.mjs`), in the usual loop: a broken page
/// is caught by `cargo test`. Without node it says so and is skipped, unless
/// FLIPGAME_REQUIRE_TOOLS=1.
#[test]
fn the_page_s_module_passes_its_tests_in_node() {
    if optional_tool("node", &["--version"], "Node.js") {
        node_tests(&["module.test.mjs"]);
    }
}

/// The pages in headless Chromium (`tests/browser/page.test.mjs`), axe-core's checks among
/// them. Without Chromium, playwright-core and axe-core (`npm ci` in tests/browser) it says so
/// and is skipped, unless FLIPGAME_REQUIRE_TOOLS=1.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn the_pages_pass_their_tests_in_chromium() {
    if !optional_tool("node", &["--version"], "Node.js") {
        return;
    }
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let browser = folder.join("node_modules/playwright-core").exists()
        && folder.join("node_modules/axe-core").exists()
        && Path::new("/usr/bin/chromium").exists();
    if !browser {
        let required = std::env::var_os("FLIPGAME_REQUIRE_TOOLS").is_some_and(|v| v == "1");
        assert!(
            !required,
            "FLIPGAME_REQUIRE_TOOLS=1 but Debian's chromium, or playwright-core and axe-core \
             (npm ci in tests/browser), are missing"
        );
        eprintln!("skipped: the browser tests need chromium, playwright-core and axe-core");
        return;
    }
    node_tests(&["page.test.mjs"]);
}

#[test]
fn a_walkthrough_page_of_boards_that_could_not_be_read_is_not_written() {
    let bad = "bwwb\nbbxb\nbwwb\nbwww\n";
    let output = flipgame()
        .args(["explain", "--format", "html"])
        .write_stdin(bad)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "no page of no board");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("-:2:3: expected 'b' or 'w', found 'x'"),
        "{stderr}"
    );
    // With a good board beside it, the page is written and says a board is missing.
    let output = flipgame()
        .args(["explain", "--format", "html"])
        .write_stdin(format!("{bad}\n{}", SAMPLE_LINE.replace('/', "\n")))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains("Some boards given could not be read and are not here"));
    assert!(page.contains("Solved in 4 taps"));
    let good = page_of_explain();
    assert!(!good.contains("could not be read"));
}

#[test]
fn a_walkthrough_page_s_boards_are_read_row_by_row() {
    let page = page_of_explain();
    assert!(
        page.contains(
            "aria-label=\"Start: a board of 4 rows and 4 columns; row 1: black, white, white, \
             black; row 2: black, black, white, black; row 3: black, white, white, black; row 4: \
             black, white, white, white\""
        ),
        "{page}"
    );
    assert!(page.contains("row 1: white tapped, black turned over, white, black;"));
}
