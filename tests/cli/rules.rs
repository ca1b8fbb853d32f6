//! `--rule`, `--wrap` and `--rule-file` through every subcommand, checked against answers
//! computed here from the rule's definition (brute force over tap sets), not by the library.

use crate::common::{Scratch, flipgame};
use serde_json::Value;

fn stdout(args: &[&str]) -> String {
    let output = flipgame().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn stderr_of_failure(args: &[&str]) -> String {
    let output = flipgame().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// What a tap at (tr, tc) turns over on a rows x cols board, by the rule's definition in words.
fn turns_over(
    rule: &str,
    wrap: bool,
    (rows, cols): (i32, i32),
    (tr, tc): (i32, i32),
) -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let distance = |a: i32, b: i32, side: i32| {
                let d = (a - b).abs();
                if wrap { d.min(side - d) } else { d }
            };
            let (dr, dc) = (distance(r, tr, rows), distance(c, tc, cols));
            let on = match rule {
                "plus" => dr + dc <= 1,
                "x" => dr == dc && dr <= 1,
                "box" => dr <= 1 && dc <= 1,
                "sigma" => dr + dc == 1,
                "lines" => r == tr || c == tc,
                _ => unreachable!(),
            };
            if on {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// The fewest taps for every board of a small shape, by trying every tap set.
fn brute_force(rule: &str, wrap: bool, rows: i32, cols: i32, goal: &str) -> Vec<Option<u32>> {
    let cells = (rows * cols) as usize;
    let masks: Vec<u32> = (0..cells as i32)
        .map(|tap| {
            turns_over(rule, wrap, (rows, cols), (tap / cols, tap % cols))
                .iter()
                .fold(0, |m, &(r, c)| m | 1 << (cells as i32 - 1 - (r * cols + c)))
        })
        .collect();
    let full = (1u32 << cells) - 1;
    let mut best = vec![None; 1 << cells];
    for taps in 0..=full {
        let flips = (0..cells)
            .filter(|i| taps >> (cells - 1 - i) & 1 == 1)
            .fold(0, |m, i| m ^ masks[i]);
        let goals: &[u32] = match goal {
            "white" => &[0],
            "black" => &[full],
            _ => &[0, full],
        };
        for &finished in goals {
            let board = (finished ^ flips) as usize;
            if best[board].is_none_or(|known| taps.count_ones() < known) {
                best[board] = Some(taps.count_ones());
            }
        }
    }
    best
}

fn board_text(bits: usize, rows: i32, cols: i32) -> String {
    let cells = (rows * cols) as usize;
    (0..rows as usize)
        .map(|r| {
            (0..cols as usize)
                .map(|c| {
                    if bits >> (cells - 1 - (r * cols as usize + c)) & 1 == 1 {
                        'b'
                    } else {
                        'w'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every board of 3x3 and 2x4 under every named rule, with and without wrap, through `solve`.
#[test]
fn solve_under_every_rule_matches_brute_force() {
    for (rows, cols) in [(3, 3), (2, 4)] {
        for rule in ["plus", "x", "box", "sigma", "lines"] {
            for wrap in [false, true] {
                if rule == "lines" && wrap {
                    continue;
                }
                let expected = brute_force(rule, wrap, rows, cols, "either");
                let input: String = (0..expected.len())
                    .map(|bits| board_text(bits, rows, cols) + "\n\n")
                    .collect();
                let size = format!("{rows}x{cols}");
                let mut args = vec!["solve", "--size", &size, "--rule", rule];
                if wrap {
                    args.push("--wrap");
                }
                let output = flipgame().args(&args).write_stdin(input).output().unwrap();
                assert!(output.status.success());
                let answers: Vec<String> = String::from_utf8(output.stdout)
                    .unwrap()
                    .lines()
                    .map(str::to_string)
                    .collect();
                let wanted: Vec<String> = expected
                    .iter()
                    .map(|m| m.map_or("Impossible".to_string(), |m| m.to_string()))
                    .collect();
                assert_eq!(answers, wanted, "{size} {rule} wrap={wrap}");
            }
        }
    }
}

/// The table of a rule counts what brute force counts, and every JSON row names the rule.
#[test]
fn table_under_a_rule_matches_brute_force_and_names_it() {
    let expected = brute_force("x", true, 3, 3, "white");
    let binary = flipgame()
        .args([
            "table", "--size", "3x3", "--rule", "x", "--wrap", "--goal", "white", "--format",
            "binary",
        ])
        .output()
        .unwrap()
        .stdout;
    let found: Vec<Option<u32>> = binary
        .iter()
        .map(|&d| (d != 255).then_some(u32::from(d)))
        .collect();
    assert_eq!(found, expected);
    let first = stdout(&[
        "table", "--size", "3x3", "--rule", "x", "--wrap", "--format", "jsonl",
    ]);
    let row: Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(row["rule"], "x");
    assert_eq!(row["wrap"], true);
}

#[test]
fn json_records_name_the_rule_as_it_was_given() {
    let record = |args: &[&str]| -> Value {
        serde_json::from_str(stdout(args).lines().next().unwrap()).unwrap()
    };
    let solved = record(&[
        "solve",
        "--format",
        "jsonl",
        "--rule",
        "101/010/101",
        "--board",
        "0x9d98",
    ]);
    assert_eq!(
        (solved["rule"].as_str(), solved["wrap"].as_bool()),
        (Some("x"), Some(false))
    );
    let stencil = record(&[
        "solve",
        "--format",
        "jsonl",
        "--rule",
        "010/111/111",
        "--wrap",
        "--board",
        "0x9d98",
    ]);
    assert_eq!(
        (stencil["rule"].as_str(), stencil["wrap"].as_bool()),
        (Some("010/111/111"), Some(true))
    );
    let explained = record(&[
        "explain", "--format", "jsonl", "--rule", "box", "--board", "0x9d98",
    ]);
    assert_eq!(explained["rule"], "box");
    let generated = record(&["gen", "--format", "jsonl", "--rule", "sigma", "--seed", "1"]);
    assert_eq!(generated["rule"], "sigma");
    let stats: Value =
        serde_json::from_str(&stdout(&["stats", "--format", "json", "--rule", "lines"])).unwrap();
    assert_eq!(
        (stats["rule"].as_str(), stats["wrap"].as_bool()),
        (Some("lines"), Some(false))
    );
}

/// POJ 2965's sample (`+` closed is black, goal all open): 6 switches, the statement's six.
#[test]
fn the_pilots_brothers_sample_under_lines() {
    let out = stdout(&[
        "solve",
        "--rule",
        "lines",
        "--goal",
        "white",
        "--taps",
        "--board",
        "wbww/wwww/wwww/wbww",
    ]);
    assert_eq!(out, "6 r1c1 r1c3 r1c4 r4c1 r4c3 r4c4\n");
}

/// Timus 1122's sample: impossible under the X stencil, with a proof that names the rule.
#[test]
fn explain_names_the_rule_and_proves_with_it() {
    let out = stdout(&[
        "explain",
        "--ascii",
        "--rule",
        "101/010/101",
        "--board",
        "wwww/wbbw/wbww/wwww",
    ]);
    assert!(out.lines().next().unwrap().contains("rule x"), "{out}");
    assert!(out.contains("Impossible"));
    let stats = stdout(&["stats", "--ascii", "--rule", "box", "--wrap"]);
    assert!(
        stats.lines().next().unwrap().contains("rule box, wrapping"),
        "{stats}"
    );
    let plain = stdout(&["stats", "--ascii"]);
    assert!(!plain.lines().next().unwrap().contains("rule"));
}

#[test]
fn walkthroughs_mark_what_the_rule_turns_over() {
    let json: Value = serde_json::from_str(
        stdout(&[
            "explain",
            "--format",
            "jsonl",
            "--rule",
            "sigma",
            "--size",
            "3x3",
            "--board",
            "wbw/bwb/wbw",
        ])
        .trim(),
    )
    .unwrap();
    let steps = json["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        let tap = (
            step["tap"]["row"].as_i64().unwrap() as i32 - 1,
            step["tap"]["col"].as_i64().unwrap() as i32 - 1,
        );
        let flipped: Vec<(i32, i32)> = step["flipped"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["row"].as_i64().unwrap() as i32 - 1,
                    c["col"].as_i64().unwrap() as i32 - 1,
                )
            })
            .collect();
        assert_eq!(flipped, turns_over("sigma", false, (3, 3), tap));
    }
    let last = steps.last().unwrap()["board"].as_str().unwrap();
    assert!(last == "www/www/www" || last == "bbb/bbb/bbb", "{last}");
}

#[test]
fn bad_rules_are_usage_errors_that_say_what_is_expected() {
    let error = stderr_of_failure(&["solve", "--rule", "diagonal", "--board", "0x0000"]);
    assert!(
        error.contains("unknown rule 'diagonal'") && error.contains("010/111/010"),
        "{error}"
    );
    let error = stderr_of_failure(&["solve", "--rule", "01/11", "--board", "0x0000"]);
    assert!(error.contains("odd"), "{error}");
    let error = stderr_of_failure(&["solve", "--rule", "random", "--board", "0x0000"]);
    assert!(
        error.contains(
            "it is for 'flipgame gen --rule random', which writes a rule file to use here with \
             --rule-file"
        ),
        "{error}"
    );
}

const TWO_BY_TWO: &str = r#"{"rows": 2, "cols": 2, "cells": [
  {"row": 1, "col": 1, "flips": [{"row": 1, "col": 1}, {"row": 1, "col": 2}]},
  {"row": 1, "col": 2, "flips": [{"row": 1, "col": 2}]},
  {"row": 2, "col": 1, "flips": [{"row": 2, "col": 1}, {"row": 2, "col": 2}]},
  {"row": 2, "col": 2, "flips": [{"row": 2, "col": 2}, {"row": 1, "col": 1}]}
]}
"#;

#[test]
fn a_rule_file_sets_the_size_and_the_rule() {
    let scratch = Scratch::new();
    scratch.file("chain.json", TWO_BY_TWO);
    let output = scratch
        .flipgame()
        .args([
            "solve",
            "--rule-file",
            "chain.json",
            "--goal",
            "white",
            "--taps",
            "--format",
            "jsonl",
            "--board",
            "bb/wb",
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let record: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["rule"], "chain.json");
    assert_eq!(
        (record["rows"].as_u64(), record["cols"].as_u64()),
        (Some(2), Some(2))
    );
    // Replayed with the file's own lists, written out again here.
    let mut board = [[true, true], [false, true]];
    let flips: [&[(usize, usize)]; 4] = [
        &[(0, 0), (0, 1)],
        &[(0, 1)],
        &[(1, 0), (1, 1)],
        &[(1, 1), (0, 0)],
    ];
    for tap in record["taps"].as_array().unwrap() {
        let (r, c) = (
            tap["row"].as_u64().unwrap() as usize - 1,
            tap["col"].as_u64().unwrap() as usize - 1,
        );
        for &(fr, fc) in flips[r * 2 + c] {
            board[fr][fc] = !board[fr][fc];
        }
    }
    assert_eq!(board, [[false, false], [false, false]]);
}

#[test]
fn a_broken_rule_file_is_reported_with_its_place() {
    let scratch = Scratch::new();
    let outside = TWO_BY_TWO.replace(r#"{"row": 1, "col": 2}]},"#, r#"{"row": 3, "col": 2}]},"#);
    scratch.file("outside.json", outside);
    scratch.file(
        "broken.json",
        "{\"rows\": 2,\n \"cols\": 2,\n \"cells\": [}\n",
    );
    let run = |name: &str| {
        let output = scratch
            .flipgame()
            .args(["solve", "--rule-file", name, "--board", "bb/wb"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        String::from_utf8(output.stderr).unwrap()
    };
    let error = run("outside.json");
    assert!(error.starts_with("error: outside.json:2:"), "{error}");
    assert!(error.contains("r3c2 is outside the 2x2 board"), "{error}");
    let error = run("broken.json");
    assert!(error.starts_with("error: broken.json:3:"), "{error}");
    // A missing rule file is one that cannot be read, status 1: see
    // hostile::every_file_argument_keeps_one_rule_for_its_exit_status.
    scratch.file("other.json", TWO_BY_TWO);
    let output = scratch
        .flipgame()
        .args([
            "solve",
            "--rule-file",
            "other.json",
            "--size",
            "3x3",
            "--board",
            "bbb/bbb/bbb",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is for a 2x2 board, not 3x3"));
}

/// `gen --rule random` writes a rule file that the other commands read back, the same for the
/// same seed; boards drawn under it have the distance asked for.
#[test]
fn a_random_rule_travels_as_a_rule_file() {
    let scratch = Scratch::new();
    let rule = stdout(&["gen", "--rule", "random", "--size", "3x3", "--seed", "4"]);
    assert_eq!(
        rule,
        stdout(&["gen", "--rule", "random", "--size", "3x3", "--seed", "4"])
    );
    assert_ne!(
        rule,
        stdout(&["gen", "--rule", "random", "--size", "3x3", "--seed", "5"])
    );
    let parsed: Value = serde_json::from_str(&rule).unwrap();
    assert_eq!(parsed["cells"].as_array().unwrap().len(), 9);
    scratch.file("tatham.json", &rule);
    let boards = scratch
        .flipgame()
        .args([
            "gen",
            "--rule-file",
            "tatham.json",
            "--moves",
            "2",
            "--count",
            "5",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert!(
        boards.status.success(),
        "{}",
        String::from_utf8_lossy(&boards.stderr)
    );
    let solved = scratch
        .flipgame()
        .args(["solve", "--rule-file", "tatham.json"])
        .write_stdin(boards.stdout)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(solved.stdout).unwrap(), "2\n".repeat(5));
}

/// Large boards under rules that need elimination answer with a tap set that finishes them.
#[test]
fn large_boards_under_elimination_rules_are_finished() {
    for (rule, wrap) in [("box", false), ("x", false), ("sigma", true)] {
        let mut args = vec!["gen", "--size", "40x40", "--seed", "3", "--rule", rule];
        if wrap {
            args.push("--wrap");
        }
        let board = stdout(&args);
        let mut solve = vec![
            "explain", "--format", "jsonl", "--size", "40x40", "--rule", rule,
        ];
        if wrap {
            solve.push("--wrap");
        }
        let output = flipgame().args(&solve).write_stdin(board).output().unwrap();
        let record: Value = serde_json::from_slice(&output.stdout).unwrap();
        if record["solvable"] == true {
            let last = record["steps"]
                .as_array()
                .unwrap()
                .last()
                .map(|s| s["board"].as_str().unwrap().to_string());
            let finished = last.is_some_and(|b| !b.contains('b') || !b.contains('w'));
            assert!(finished, "{rule}");
        } else {
            assert!(record["certificate"].is_object(), "{rule}");
        }
    }
}

/// The rule file shown in the guide is one flipgame reads.
#[test]
fn the_guides_rule_file_is_valid() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/GUIDE.md")).unwrap();
    let start = readme.find("```json\n").expect("a json block") + "```json\n".len();
    let block = &readme[start..start + readme[start..].find("```").unwrap()];
    let scratch = Scratch::new();
    scratch.file("line.json", block);
    let output = scratch
        .flipgame()
        .args([
            "solve",
            "--rule-file",
            "line.json",
            "--goal",
            "white",
            "--taps",
            "--board",
            "bbb",
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // By the file: r1c2 turns over all three pieces.
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "1 r1c2\n");
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::{Scratch, flipgame};

    use predicates::prelude::*;
    use predicates::str::contains;

    /// A rule file with weights is the stencil it spells out: Gambler Bo on 2x2, cell by cell.
    #[test]
    fn rule_files_carry_weights_for_k_states() {
        let scratch = Scratch::new();
        let entry = |row: usize, col: usize| {
            let mut flips = vec![format!(r#"{{"row": {row}, "col": {col}, "weight": 2}}"#)];
            for (r, c) in [
                (row - 1, col),
                (row + 1, col),
                (row, col - 1),
                (row, col + 1),
            ] {
                if (1..=2).contains(&r) && (1..=2).contains(&c) {
                    flips.push(format!(r#"{{"row": {r}, "col": {c}}}"#));
                }
            }
            format!(
                r#"{{"row": {row}, "col": {col}, "flips": [{}]}}"#,
                flips.join(", ")
            )
        };
        let entries: Vec<String> = [(1, 1), (1, 2), (2, 1), (2, 2)]
            .iter()
            .map(|&(r, c)| entry(r, c))
            .collect();
        let file = scratch.file(
            "gambler.json",
            format!(
                "{{\"rows\": 2, \"cols\": 2, \"cells\": [\n{}\n]}}\n",
                entries.join(",\n")
            ),
        );
        let table = |args: &[&str]| {
            let output = flipgame()
                .args(["table", "--states", "3", "--taps"])
                .args(args)
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            output.stdout
        };
        assert_eq!(
            table(&["--rule-file", file.to_str().unwrap()]),
            table(&["--size", "2x2", "--rule", "010/121/010"])
        );
        flipgame()
            .args(["solve", "--rule-file", file.to_str().unwrap()])
            .assert()
            .code(2)
            .stderr(contains("adds 2 at a cell, which needs --states 3 or more"));
        flipgame()
            .args([
                "solve",
                "--states",
                "2",
                "--rule-file",
                file.to_str().unwrap(),
            ])
            .assert()
            .code(2)
            .stderr(contains("adds 2 at a cell"));
        let zero = scratch.file(
            "zero.json",
            "{\"rows\": 1, \"cols\": 1, \"cells\": [\n{\"row\": 1, \"col\": 1, \"flips\": [{\"row\": 1, \"col\": 1, \"weight\": 0}]}]}\n",
        );
        flipgame()
            .args([
                "solve",
                "--states",
                "3",
                "--rule-file",
                zero.to_str().unwrap(),
            ])
            .assert()
            .code(2)
            .stderr(contains("zero.json:2:").and(contains("r1c1 has weight 0")));
    }
}
