//! `flipgame table`: every board in id order, in every format, written atomically.

use std::collections::HashMap;

use crate::common::{Scratch, flipgame};
use predicates::str::contains;
use serde::Deserialize;

fn stdout(args: &[&str]) -> Vec<u8> {
    let output = flipgame().args(args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    output.stdout
}

fn text(args: &[&str]) -> String {
    String::from_utf8(stdout(args)).unwrap()
}

#[test]
fn text_lists_every_board_in_id_order() {
    let table = text(&["table"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 65_536);
    for (id, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{id:04x} ")), "{line}");
    }
    assert_eq!(lines[0x9d98], "9d98 bwwb/bbwb/bwwb/bwww 4");
    assert_eq!(lines[1], "0001 wwww/wwww/wwww/wwwb Impossible");
    assert_eq!(lines[0xffff], "ffff bbbb/bbbb/bbbb/bbbb 0");
}

/// The table and `solve` agree on every board: the table's boards fed back through solve.
#[test]
fn table_agrees_with_solve_on_every_board() {
    let table = text(&["table"]);
    let boards: String = table
        .lines()
        .map(|line| line.split(' ').nth(1).unwrap().replace('/', "\n") + "\n")
        .collect();
    let solved = flipgame()
        .arg("solve")
        .write_stdin(boards)
        .output()
        .unwrap();
    assert!(solved.status.success());
    let answers = String::from_utf8(solved.stdout).unwrap();
    for (line, answer) in table.lines().zip(answers.lines()) {
        assert_eq!(line.split(' ').nth(2).unwrap(), answer, "{line}");
    }
}

#[test]
fn solvable_keeps_only_the_boards_with_an_answer() {
    let all = text(&["table"]);
    let solvable = text(&["table", "--solvable"]);
    let expected: Vec<&str> = all
        .lines()
        .filter(|line| !line.ends_with("Impossible"))
        .collect();
    assert_eq!(solvable.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn taps_are_added_as_a_column() {
    let table = text(&["table", "--taps"]);
    let line = table.lines().nth(0x9d98).unwrap();
    assert_eq!(line, "9d98 bwwb/bbwb/bwwb/bwww 4 r1c1 r2c2 r2c4 r3c1");
    assert_eq!(
        table.lines().nth(1).unwrap(),
        "0001 wwww/wwww/wwww/wwwb Impossible"
    );
}

#[test]
fn csv_has_a_header_and_empty_moves_when_impossible() {
    let csv = text(&["table", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "id,board,moves");
    assert_eq!(lines.len(), 65_537);
    assert_eq!(lines[1 + 0x9d98], "9d98,bwwb/bbwb/bwwb/bwww,4");
    assert_eq!(lines[2], "0001,wwww/wwww/wwww/wwwb,");
    let with_taps = text(&["table", "--format", "csv", "--taps"]);
    let lines: Vec<&str> = with_taps.lines().collect();
    assert_eq!(lines[0], "id,board,moves,taps");
    assert_eq!(
        lines[1 + 0x9d98],
        "9d98,bwwb/bbwb/bwwb/bwww,4,r1c1 r2c2 r2c4 r3c1"
    );
    assert_eq!(lines[2], "0001,wwww/wwww/wwww/wwwb,,");
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Row {
    id: String,
    board: String,
    rule: String,
    wrap: bool,
    moves: Option<u8>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct RowWithTaps {
    id: String,
    board: String,
    rule: String,
    wrap: bool,
    moves: Option<u8>,
    taps: Option<Vec<HashMap<String, u8>>>,
}

#[test]
fn json_and_jsonl_hold_the_same_rows() {
    let array: Vec<Row> = serde_json::from_slice(&stdout(&["table", "--format", "json"])).unwrap();
    let lines: Vec<Row> = text(&["table", "--format", "jsonl"])
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(array.len(), 65_536);
    assert_eq!(array, lines);
    assert_eq!(
        array[0x9d98],
        Row {
            id: "9d98".into(),
            board: "bwwb/bbwb/bwwb/bwww".into(),
            rule: "plus".into(),
            wrap: false,
            moves: Some(4)
        }
    );
    assert_eq!(array[1].moves, None);
    let with_taps: Vec<RowWithTaps> = text(&["table", "--format", "jsonl", "--taps", "--solvable"])
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let sample = with_taps.iter().find(|row| row.id == "9d98").unwrap();
    let taps = sample.taps.as_ref().unwrap();
    assert_eq!(taps.len(), 4);
    assert_eq!((taps[0]["row"], taps[0]["col"]), (1, 1));
}

#[test]
fn binary_is_the_table_itself() {
    let bytes = stdout(&["table", "--format", "binary"]);
    assert_eq!(bytes.len(), 65_536);
    let table = text(&["table"]);
    for (line, byte) in table.lines().zip(&bytes) {
        let expected = match line.split(' ').nth(2).unwrap() {
            "Impossible" => 255,
            moves => moves.parse().unwrap(),
        };
        assert_eq!(*byte, expected, "{line}");
    }
}

#[test]
fn goal_changes_the_table() {
    let either = stdout(&["table", "--format", "binary"]);
    let white = stdout(&["table", "--format", "binary", "--goal", "white"]);
    let black = stdout(&["table", "--format", "binary", "--goal", "black"]);
    assert_eq!((white[0], black[0xffff]), (0, 0));
    assert_ne!(white[0xffff], 0);
    for id in 0..65_536 {
        assert_eq!(either[id], white[id].min(black[id]), "board {id:04x}");
    }
}

#[test]
fn binary_takes_neither_solvable_nor_taps() {
    flipgame()
        .args(["table", "--format", "binary", "--solvable"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("one byte per board"));
}

#[test]
fn output_writes_the_whole_table_to_a_file() {
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args(["table", "--format", "csv", "--output", "table.csv"])
        .assert()
        .success()
        .stdout("");
    let written = std::fs::read(scratch.path().join("table.csv")).unwrap();
    assert_eq!(written, stdout(&["table", "--format", "csv"]));
    let names: Vec<_> = std::fs::read_dir(scratch.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec!["table.csv"], "no temporary file is left behind");
}

#[test]
fn output_into_a_missing_directory_is_an_io_error_and_writes_nothing() {
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args(["table", "--output", "missing/table.txt"])
        .assert()
        .code(1)
        .stderr(contains("error: missing/table.txt:"));
    assert!(!scratch.path().join("missing").exists());
}

/// A file that cannot be created is named as the user gave it, not by the temporary file.
#[test]
fn an_output_in_a_missing_directory_names_the_file_asked_for() {
    let output = flipgame()
        .args(["table", "--output", "/nonexistent/dir/t.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.starts_with("error: /nonexistent/dir/t.txt: cannot write in /nonexistent/dir"),
        "{error}"
    );
    assert!(!error.contains(".flipgame-"), "{error}");
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::flipgame;
    use crate::k_states::*;

    use serde::Deserialize;

    /// One row of `table --states K --format jsonl --taps`, mirrored with `deny_unknown_fields`.
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct TableRow {
        board: String,
        rule: String,
        wrap: bool,
        states: u32,
        moves: Option<u64>,
        taps: Option<Vec<Press>>,
    }

    #[test]
    fn the_table_of_k_states_matches_a_brute_force() {
        for (rule, label, model, goal, colors) in small_puzzles() {
            let size = format!("{}x{}", model.rows, model.cols);
            let states = model.states.to_string();
            let output = flipgame()
                .args([
                    "table", "--states", &states, "--size", &size, "--rule", rule,
                ])
                .args(["--goal", goal, "--taps", "--format", "jsonl"])
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            let rows: Vec<TableRow> = String::from_utf8(output.stdout)
                .unwrap()
                .lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            let boards = every_board(&model);
            assert_eq!(rows.len(), boards.len(), "{rule} {size} K={states}");
            let fewest = model.brute_force_every_board(&colors);
            for ((row, board), expected) in rows.iter().zip(&boards).zip(fewest) {
                assert_eq!(row.board, model.text(board).replace('\n', "/"));
                assert_eq!(
                    (row.rule.as_str(), row.wrap, row.states),
                    (label, false, model.states)
                );
                assert_eq!(
                    row.moves,
                    expected.as_ref().map(|e| e.0),
                    "{rule} K={states} {}",
                    row.board
                );
                let presses = row.taps.as_ref().map(|taps| {
                    let mut counts = vec![0; board.len()];
                    for tap in taps {
                        counts[(tap.row - 1) * model.cols + tap.col - 1] = tap.times;
                    }
                    counts
                });
                assert_eq!(
                    presses,
                    expected.map(|e| e.1),
                    "{rule} K={states} {}",
                    row.board
                );
            }
            // Text lists a cell pressed j times j times; binary is one byte a board.
            let text = flipgame()
                .args([
                    "table", "--states", &states, "--size", &size, "--rule", rule,
                ])
                .args(["--goal", goal, "--taps", "--solvable"])
                .output()
                .unwrap();
            let text = String::from_utf8(text.stdout).unwrap();
            let solvable: Vec<&TableRow> = rows.iter().filter(|r| r.moves.is_some()).collect();
            assert_eq!(text.lines().count(), solvable.len());
            for (line, row) in text.lines().zip(solvable) {
                let words: Vec<&str> = line.split(' ').collect();
                assert_eq!(words[0], row.board);
                assert_eq!(words[1].parse::<u64>().ok(), row.moves);
                assert_eq!(words.len() as u64 - 2, row.moves.unwrap(), "{line}");
            }
            let binary = flipgame()
                .args([
                    "table", "--states", &states, "--size", &size, "--rule", rule,
                ])
                .args(["--goal", goal, "--format", "binary"])
                .output()
                .unwrap();
            let expected: Vec<u8> = rows
                .iter()
                .map(|r| r.moves.map_or(255, |m| m as u8))
                .collect();
            assert_eq!(binary.stdout, expected);
        }
    }
}
