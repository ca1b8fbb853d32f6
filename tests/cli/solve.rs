//! `flipgame solve`: the judge's answers, the formats, and what happens to bad input.

use std::io::{BufRead, BufReader};
use std::process::{Command as StdCommand, Stdio};

use crate::common::{
    IMPOSSIBLE, IMPOSSIBLE_LINE, SAMPLE, SAMPLE_LINE, Scratch, flipgame, many_boards,
};
use assert_cmd::assert::OutputAssertExt;
use predicates::prelude::*;
use predicates::str::contains;
use serde::Deserialize;

/// The JSON object of one board, mirrored with `deny_unknown_fields` so that any change to the
/// schema is deliberate.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Answer {
    index: u64,
    source: String,
    board: String,
    rows: u32,
    cols: u32,
    rule: String,
    wrap: bool,
    id: Option<String>,
    solvable: bool,
    moves: Option<u32>,
    goal: Option<String>,
    optimal: bool,
    lower_bound: Option<u32>,
    taps: Option<Vec<Tap>>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Tap {
    row: u8,
    col: u8,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Malformed {
    index: u64,
    source: String,
    error: String,
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum Line {
    Answer(Answer),
    Malformed(Malformed),
}

fn jsonl(stdout: &[u8]) -> Vec<Line> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn solve_prints_four_for_the_sample() {
    flipgame()
        .arg("solve")
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stdout("4\n")
        .stderr("");
}

#[test]
fn solve_reports_impossible_for_the_statement_example() {
    flipgame()
        .arg("solve")
        .write_stdin(IMPOSSIBLE)
        .assert()
        .success()
        .stdout("Impossible\n");
}

#[test]
fn solve_answers_a_batch_one_line_per_board() {
    let one_tap = "bbww\nbwww\nwwww\nwwww\n";
    let input =
        format!("{SAMPLE}{IMPOSSIBLE}wwww\nwwww\nwwww\nwwww\nBBBB\nBBBB\nBBBB\nBBBB\n{one_tap}");
    flipgame()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .success()
        .stdout("4\nImpossible\n0\n0\n1\n");
}

#[test]
fn taps_are_listed_after_the_count_in_row_major_order_with_the_colour_they_reach() {
    let input = format!("{SAMPLE}{IMPOSSIBLE}wwww\nwwww\nwwww\nwwww\nbbbb\nbbbb\nbbbb\nbbbb\n");
    flipgame()
        .args(["solve", "--taps"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout("4 r1c1 r2c2 r2c4 r3c1 (all white)\nImpossible\n0 (all white)\n0 (all black)\n");
    // With one goal the colour goes without saying, and the line is the count and the taps.
    flipgame()
        .args(["solve", "--taps", "--goal", "white"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("4 r1c1 r2c2 r2c4 r3c1\nImpossible\n0\n4 r1c3 r2c1 r3c4 r4c2\n");
}

#[test]
fn boards_on_the_command_line_in_every_form() {
    flipgame()
        .args([
            "solve",
            "--board",
            SAMPLE_LINE,
            "--board",
            "BWWBBBWBBWWBBWWW",
            "--board",
            "0x9d98",
        ])
        .args(["--board", "0X9D98", "--board", IMPOSSIBLE_LINE])
        .assert()
        .success()
        .stdout("4\n4\n4\n4\nImpossible\n");
}

#[test]
fn a_bad_board_argument_says_which_one_and_where() {
    flipgame()
        .args([
            "solve",
            "--board",
            SAMPLE_LINE,
            "--board",
            "bwwb/bbxb/bwwb/bwww",
            "--board",
            "0x9d9",
        ])
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr(
            "error: --board[2]:1:8: expected 'b' or 'w', found 'x'\n\
             error: --board[3]:1:6: expected a hex digit, found end of input\n",
        );
}

#[test]
fn goal_decides_which_finished_boards_count() {
    // One tap on r1c1 away from all black.
    let near_black = "wwbb/wbbb/bbbb/bbbb";
    let run = |goal: &str| {
        let output = flipgame()
            .args([
                "solve", "--format", "jsonl", "--goal", goal, "--board", near_black,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        match jsonl(&output.stdout).remove(0) {
            Line::Answer(answer) => (answer.moves, answer.goal),
            Line::Malformed(m) => panic!("unexpected error {m:?}"),
        }
    };
    assert_eq!(run("either"), (Some(1), Some("black".to_string())));
    assert_eq!(run("black"), (Some(1), Some("black".to_string())));
    let (moves, goal) = run("white");
    assert_eq!(goal.as_deref(), moves.map(|_| "white"));
    assert_ne!(moves, Some(1));
}

#[test]
fn jsonl_gives_one_object_per_board_in_input_order() {
    let scratch = Scratch::new();
    let file = scratch.file("boards.txt", format!("{SAMPLE}\n{IMPOSSIBLE}"));
    let output = scratch
        .flipgame()
        .args(["solve", "--format", "jsonl", "boards.txt"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines = jsonl(&output.stdout);
    assert!(file.exists());
    let taps = [(1, 1), (2, 2), (2, 4), (3, 1)].map(|(row, col)| Tap { row, col });
    match &lines[..] {
        [Line::Answer(first), Line::Answer(second)] => {
            assert_eq!(
                first,
                &Answer {
                    index: 1,
                    source: "boards.txt:1".into(),
                    board: SAMPLE_LINE.into(),
                    rows: 4,
                    cols: 4,
                    rule: "plus".into(),
                    wrap: false,
                    id: Some("9d98".into()),
                    solvable: true,
                    moves: Some(4),
                    goal: Some("white".into()),
                    optimal: true,
                    lower_bound: Some(4),
                    taps: Some(taps.into()),
                }
            );
            assert_eq!(
                second,
                &Answer {
                    index: 2,
                    source: "boards.txt:6".into(),
                    board: IMPOSSIBLE_LINE.into(),
                    rows: 4,
                    cols: 4,
                    rule: "plus".into(),
                    wrap: false,
                    id: Some("a0d9".into()),
                    solvable: false,
                    moves: None,
                    goal: None,
                    optimal: true,
                    lower_bound: None,
                    taps: None,
                }
            );
        }
        other => panic!("unexpected output {other:?}"),
    }
}

#[test]
fn json_is_one_array_of_the_same_objects() {
    let input = format!("{SAMPLE}{IMPOSSIBLE}");
    let array = flipgame()
        .args(["solve", "--format", "json"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let lines = flipgame()
        .args(["solve", "--format", "jsonl"])
        .write_stdin(input)
        .output()
        .unwrap();
    let from_array: Vec<serde_json::Value> = serde_json::from_slice(&array.stdout).unwrap();
    let from_lines: Vec<serde_json::Value> = String::from_utf8(lines.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(from_array.len(), 2);
    assert_eq!(from_array, from_lines);
    assert_eq!(from_array[0]["source"], "-:1");
}

#[test]
fn json_with_no_boards_is_an_empty_array() {
    flipgame()
        .args(["solve", "--format", "json"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("[]\n");
}

/// Standard input may be empty (a pipe of no boards); a named file with no board in it is
/// likely the wrong file, and is said, while the other inputs are answered.
#[test]
fn a_named_file_with_no_board_is_said_and_the_others_answered() {
    let scratch = Scratch::new();
    scratch.file("empty.txt", "");
    scratch.file("blank.txt", "\n\n");
    scratch.file("a.txt", SAMPLE);
    scratch
        .flipgame()
        .args(["solve", "empty.txt", "a.txt", "blank.txt"])
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr(
            "error: empty.txt: no board in it (a 4x4 board is 4 lines)\nerror: blank.txt: no \
             board in it (a 4x4 board is 4 lines)\n",
        );
    flipgame()
        .arg("solve")
        .write_stdin("")
        .assert()
        .success()
        .stdout("")
        .stderr("");
}

#[test]
fn malformed_boards_get_an_error_object_in_their_place() {
    let input = format!("{SAMPLE}bwwb\nbbwb\nbwxb\nbwww\n{IMPOSSIBLE}");
    let output = flipgame()
        .args(["solve", "--format", "jsonl"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines = jsonl(&output.stdout);
    assert_eq!(lines.len(), 3);
    assert!(matches!(&lines[0], Line::Answer(a) if a.moves == Some(4)));
    match &lines[1] {
        Line::Malformed(m) => assert_eq!(
            m,
            &Malformed {
                index: 2,
                source: "-:5".into(),
                error: "-:7:3: expected 'b' or 'w', found 'x'".into()
            }
        ),
        other => panic!("expected an error object, got {other:?}"),
    }
    assert!(matches!(&lines[2], Line::Answer(a) if a.index == 3 && !a.solvable));
}

/// Each kind of malformed board: the message on stderr with its place, the good boards before
/// and after it answered, exit status 2.
#[test]
fn each_kind_of_bad_board_is_reported_with_its_place() {
    // (the bad board, the line and column within it, what the message says)
    let cases: [(&[u8], &str, &str); 7] = [
        (
            b"bwwb\nbbqb\nbwwb\nbwww\n",
            "2:3",
            "expected 'b' or 'w', found 'q'",
        ),
        (
            b"bwwb\nbbw\nbwwb\nbwww\n",
            "2:4",
            "expected 4 pieces in a row, found 3",
        ),
        (
            b"bwwbw\nbbwb\nbwwb\nbwww\n",
            "1:5",
            "expected end of row after 4 pieces, found 'w'; the row has 5 pieces: did you mean \
             --size 5x5?",
        ),
        (
            b"bwwb\nbb\xffb\nbwwb\nbwww\n",
            "2:3",
            "expected 'b' or 'w', found byte 0xff (not UTF-8)",
        ),
        (
            b"bwwb\nbb\0b\nbwwb\nbwww\n",
            "2:3",
            "expected 'b' or 'w', found '\\0'",
        ),
        (
            b"bwwb\nbbwb\n\n",
            "3:1",
            "expected row 3 of 4, found a blank line",
        ),
        (
            "bwwb\nbbwb\nbw\u{e9}b\nbwww\n".as_bytes(),
            "3:3",
            "expected 'b' or 'w', found '\u{e9}'",
        ),
    ];
    for (bad, place, message) in cases {
        let (line, column) = place.split_once(':').unwrap();
        let line: u32 = line.parse().unwrap();
        let mut input = SAMPLE.as_bytes().to_vec();
        input.extend_from_slice(bad);
        input.extend_from_slice(IMPOSSIBLE.as_bytes());
        flipgame()
            .arg("solve")
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("4\nImpossible\n")
            .stderr(format!("error: -:{}:{column}: {message}\n", line + 4));
    }
}

#[test]
fn a_last_board_cut_short_is_an_error_after_the_good_ones() {
    flipgame()
        .arg("solve")
        .write_stdin(format!("{SAMPLE}bwwb\nbbwb\n"))
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr("error: -:7:1: expected row 3 of 4, found end of input\n");
}

#[test]
fn crlf_blank_lines_trailing_space_and_byte_order_mark_are_accepted() {
    let input = format!(
        "\u{feff}bwwb\r\nbbwb \r\nbwwb\t\r\nbwww\r\n\r\n\r\n{}",
        IMPOSSIBLE.replace('\n', "\r\n")
    );
    flipgame()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .success()
        .stdout("4\nImpossible\n")
        .stderr("");
}

#[test]
fn a_last_line_without_newline_still_counts() {
    flipgame()
        .arg("solve")
        .write_stdin(SAMPLE.trim_end())
        .assert()
        .success()
        .stdout("4\n");
}

#[test]
fn files_are_read_in_order_with_dash_for_standard_input() {
    let scratch = Scratch::new();
    scratch.file("a.txt", SAMPLE);
    scratch.file("b.txt", IMPOSSIBLE);
    scratch
        .flipgame()
        .args(["solve", "a.txt", "-", "b.txt"])
        .write_stdin("wwww\nwwww\nwwww\nwwww\n")
        .assert()
        .success()
        .stdout("4\n0\nImpossible\n");
}

#[test]
fn a_missing_file_among_several_is_reported_and_the_others_answered() {
    let scratch = Scratch::new();
    scratch.file("a.txt", SAMPLE);
    scratch.file("b.txt", IMPOSSIBLE);
    scratch
        .flipgame()
        .args(["solve", "a.txt", "missing.txt", "b.txt"])
        .assert()
        .code(1)
        .stdout("4\nImpossible\n")
        .stderr(contains("error: missing.txt: No such file or directory"));
}

#[test]
fn a_directory_given_as_a_file_is_an_io_error() {
    let scratch = Scratch::new();
    std::fs::create_dir(scratch.path().join("boards")).unwrap();
    scratch
        .flipgame()
        .args(["solve", "boards"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: boards: a directory, not a file\n");
}

#[test]
fn an_io_error_outranks_a_malformed_board_in_the_exit_status() {
    flipgame()
        .args(["solve", "--board", "xxxx", "no-such-file"])
        .assert()
        .code(1)
        .stderr(contains("--board[1]:1:1").and(contains("no-such-file")));
}

#[test]
fn a_very_long_line_is_refused_and_the_next_board_answered() {
    let scratch = Scratch::new();
    let mut input = b"bwwb".to_vec();
    input.resize(15 * 1024 * 1024, b'w');
    input.extend_from_slice(b"\nbbwb\nbwwb\nbwww\n");
    input.extend_from_slice(SAMPLE.as_bytes());
    scratch.file("long.txt", input);
    scratch
        .flipgame()
        .args(["solve", "long.txt"])
        .assert()
        .code(2)
        .stdout("4\n")
        .stderr("error: long.txt:1:5: expected end of row after 4 pieces, found 'w'\n");
}

#[test]
fn unknown_flags_are_usage_errors_with_status_two() {
    flipgame()
        .args(["solve", "--frobnicate"])
        .assert()
        .code(2)
        .stderr(contains("--frobnicate"));
    flipgame()
        .args(["solve", "--format", "xml"])
        .assert()
        .code(2)
        .stderr(contains("xml"));
}

#[test]
fn help_documents_the_exit_status_and_examples() {
    flipgame()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(
            contains("Exit status:")
                .and(contains("Examples:"))
                .and(contains("--taps")),
        );
}

#[test]
fn a_closed_output_pipe_is_a_quiet_success() {
    let scratch = Scratch::new();
    let path = scratch.file("big.txt", many_boards(200_000));
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
        .arg("solve")
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "4\n");
    // The reader is dropped here, closing the pipe while the program is still writing.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// Reads the next line of `lines`, failing the test when none comes within ten seconds (an
/// answer held back until the input ends would hang a person at a terminal).
fn next_line_soon(lines: &std::sync::mpsc::Receiver<String>) -> String {
    lines
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("no answer while the input is still open")
}

#[test]
fn each_answer_is_seen_before_the_program_waits_for_more_input() {
    use std::io::Write as _;
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
        .args(["solve", "--board", IMPOSSIBLE_LINE, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // The --board value is answered before standard input is read at all.
    assert_eq!(next_line_soon(&lines), "Impossible");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(SAMPLE.as_bytes()).unwrap();
    stdin.flush().unwrap();
    assert_eq!(next_line_soon(&lines), "4");
    stdin.write_all(b"wwww\nwwww\n").unwrap();
    stdin.flush().unwrap();
    // A board that came in two writes: the finished board, no taps.
    stdin.write_all(b"wwww\nwwww\n").unwrap();
    stdin.flush().unwrap();
    assert_eq!(next_line_soon(&lines), "0");
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

/// The answers closed while the input stays open: the next answer's write ends the run at
/// once, a quiet success, though the input has not ended (the boards are read on a thread of
/// their own, which must not hold the run open).
#[test]
fn a_closed_output_pipe_ends_the_run_while_the_input_is_still_open() {
    use std::io::Write as _;
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(SAMPLE.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "4\n");
    // Standard output is closed; one more board, and standard input is kept open.
    stdin.write_all(SAMPLE.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "the run waits on its input after its output was closed"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(stderr, "");
    drop(stdin);
}

#[test]
fn a_failed_write_is_a_loud_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
        .args(["solve", "--board", SAMPLE_LINE])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
        .assert()
        .code(1)
        .stderr(contains("error: writing output:").and(contains("No space left")));
}

/// On a terminal with nothing to read, solve says it is waiting for boards (of the size it
/// reads) instead of hanging silently. The test opens a pseudo-terminal of its own.
#[test]
fn a_terminal_on_standard_input_gets_a_hint_on_how_to_end() {
    // Ctrl-D at the start of a line is the end of input on a terminal.
    let screen = crate::common::pty::run_on_terminal(
        env!("CARGO_BIN_EXE_flipgame"),
        &["solve"],
        &[],
        format!("{SAMPLE}\u{4}").as_bytes(),
    );
    let (status, screen) = (screen.status, screen.text);
    assert!(status.success(), "{screen}");
    assert!(
        screen.contains("(4 lines of 4 b/w pieces per board)"),
        "{screen}"
    );
    assert!(
        screen.contains("reading boards from standard input"),
        "{screen}"
    );
    assert!(screen.contains("end with Ctrl-D"), "{screen}");
    assert!(screen.ends_with("\n4\n"), "{screen}");
}

#[test]
fn no_hint_when_standard_input_is_not_a_terminal() {
    flipgame()
        .arg("solve")
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stderr("");
}

/// Mistakes newcomers make, answered with what to do.
#[test]
fn a_board_given_where_a_file_goes_gets_a_suggestion() {
    flipgame()
        .args(["solve", SAMPLE_LINE])
        .assert()
        .code(1)
        .stderr(contains(format!("did you mean --board {SAMPLE_LINE}?")));
    flipgame()
        .args(["solve", "no-such-file.txt"])
        .assert()
        .code(1)
        .stderr(contains("No such file").and(contains("did you mean").not()));
}

#[test]
fn an_id_as_table_prints_it_is_read_without_0x() {
    flipgame()
        .args(["solve", "--taps", "--board", "9d98", "--board", "BBBB"])
        .assert()
        .success()
        .stdout(contains("4 r1c1 r2c2 r2c4 r3c1 (all white)\n"));
}

#[test]
fn rows_may_be_indented_and_digits_get_a_hint() {
    flipgame()
        .arg("solve")
        .write_stdin("  bwwb\n\tbbwb\n bwwb\n   bwww\n")
        .assert()
        .success()
        .stdout("4\n");
    flipgame()
        .arg("solve")
        .write_stdin("1001\n1101\n1001\n1000\n")
        .assert()
        .code(2)
        .stderr(contains("for rows of 0/1, give --cells 01"));
    flipgame()
        .args(["solve", "--cells", "01"])
        .write_stdin("1001\n1 1 0 1\n1001\n1000\n")
        .assert()
        .success()
        .stdout("4\n");
    flipgame()
        .args(["solve", "--cells", ".#", "--board", "#..#/##.#/#..#/#..."])
        .assert()
        .success()
        .stdout("4\n");
    flipgame()
        .args(["solve", "--cells", ".#", "--board", "#..#/##.#/#..#/#..b"])
        .assert()
        .code(2)
        .stderr(contains("--board[1]:1:19: expected '#' or '.', found 'b'"));
}

/// A row that is another notation's whole row gets that notation's flag, counting the cells
/// read before the first error: with `--cells 01`, `0120` is a row of digits up to 2 (its `01`
/// included) and a board of `#`/`.` one of `--cells .#`. A character outside ASCII is no cell of any
/// notation, even one whose low byte is `#` (`ģ` is U+0123).
#[test]
fn a_row_of_another_notation_gets_its_flag_counting_the_cells_before_the_error() {
    let error = |args: &[&str]| {
        let output = flipgame().arg("solve").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    assert_eq!(
        error(&["--cells", "01", "--board", "0120/0000/0000/0000"]),
        "error: --board[1]:1:3: expected '1' or '0', found '2' (for boards of more than two \
         states, such as digits up to 2, give --states 3 or more)\n"
    );
    assert_eq!(
        error(&["--cells", "01", "--board", "#..#/..../..../...."]),
        "error: --board[1]:1:1: expected '1' or '0', found '#' (for rows of #/., give --cells \
         .#)\n"
    );
    assert_eq!(
        error(&["--board", "\u{123}..\u{123}/bbbb/bbbb/bbbb"]),
        "error: --board[1]:1:1: expected 'b' or 'w', found '\u{123}'\n"
    );
    assert_eq!(
        error(&["--board", "bw#./bbbb/bbbb/bbbb"]),
        "error: --board[1]:1:3: expected 'b' or 'w', found '#'\n"
    );
    // Pieces of black and white given --states: the letters are named for what they are.
    assert_eq!(
        error(&["--states", "3", "--size", "2x2", "--board", "00/w0"]),
        "error: --board[1]:1:4: expected a digit from '0' to '2', found 'w'; 'w' is a white \
         piece without --states, or the digit 32 with --states 33 or more\n"
    );
}

/// A number out of its range, negative, too large for its type or no number says what the
/// number counts and its range, with no tip to write `-- -1` (which would make -1 a FILE).
#[test]
fn numbers_out_of_range_say_what_they_count_and_their_range() {
    for (args, message) in [
        (
            &["gen", "--count", "0"][..],
            "invalid value '0' for '--count <N>': expected a number of boards of 1 or more, \
             found '0'",
        ),
        (
            &["gen", "--seed", "-1"],
            "invalid value '-1' for '--seed <S>': expected a seed of 0 or more, found '-1'",
        ),
        (
            &["play", "--seed", "x1"],
            "invalid value 'x1' for '--seed <S>': expected a seed of 0 or more, found 'x1'",
        ),
        (
            &["gen", "--moves", "999"],
            "invalid value '999' for '--moves <K>': expected a number of taps from 0 to 255, \
             found '999'",
        ),
        (
            &["play", "--moves", "-3"],
            "invalid value '-3' for '--moves <K>': expected a number of taps from 0 to 255, \
             found '-3'",
        ),
        (
            &["graph", "--max-cells", "17"],
            "invalid value '17' for '--max-cells <N>': expected a number of cells from 1 to 16, \
             found '17'",
        ),
        (
            &["graph", "--max-cells", "0"],
            "expected a number of cells from 1 to 16, found '0'",
        ),
        (
            &["explain", "--max-steps", "-1"],
            "invalid value '-1' for '--max-steps <N>': expected a number of boards of 0 or \
             more, found '-1'",
        ),
        (
            &["solve", "--size", "99999999999x4"],
            "expected a number of rows or columns from 1 to 10000, found '99999999999'",
        ),
    ] {
        let output = flipgame().args(args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("tip"), "{args:?}: {stderr}");
    }
    // The least and the most are taken.
    for args in [
        &["gen", "--count", "1", "--seed", "0", "--moves", "0"][..],
        &["graph", "--max-cells", "16", "--size", "1x1"],
        &["graph", "--max-cells", "1", "--size", "1x1"],
        &[
            "explain",
            "--max-steps",
            "0",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
        ],
        &["solve", "--states", "36", "--board", "0000/0000/0000/0000"],
        &["solve", "--states", "2", "--board", "bwwb/bbwb/bwwb/bwww"],
    ] {
        let output = flipgame().args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
    }
}

/// clap's nearest-subcommand tip only for real typos: `graphs` is near `graph`, but `draw` is
/// no misspelt `play` or `gen`.
#[test]
fn unknown_subcommands_get_a_tip_only_when_they_are_typos() {
    flipgame()
        .arg("draw")
        .assert()
        .code(2)
        .stderr(contains("unrecognized subcommand 'draw'").and(contains("tip").not()));
    flipgame()
        .arg("graphs")
        .assert()
        .code(2)
        .stderr(contains("tip: a similar subcommand exists: 'graph'"));
    flipgame()
        .arg("sovle")
        .assert()
        .code(2)
        .stderr(contains("similar subcommand exists: 'solve'"));
}

#[test]
fn a_board_of_another_size_suggests_the_size() {
    flipgame()
        .arg("solve")
        .write_stdin("bwwbw\nbbwbw\nbwwbw\nbwwww\nwwwww\n")
        .assert()
        .code(2)
        .stderr(contains("the row has 5 pieces: did you mean --size 5x5?"));
}

/// The framing the judges' inputs need: a count line, `M N`, `---` and comments are no rows,
/// are reported with their line, and never take a board's place (text and JSON alike).
#[test]
fn lines_that_are_no_row_never_misframe_the_boards() {
    let three = format!("3\n{SAMPLE}{IMPOSSIBLE}wwww\nwwww\nwwww\nwwww\n");
    flipgame()
        .arg("solve")
        .write_stdin(three.clone())
        .assert()
        .code(2)
        .stdout("4\nImpossible\n0\n")
        .stderr(
            contains("error: -:1:1: expected 'b' or 'w', found '3'; the line is not a row")
                .and(contains("-:2:").not()),
        );
    let separated = format!("4 4\n{SAMPLE}---\n# the statement's other board\n{IMPOSSIBLE}---\n");
    flipgame()
        .arg("solve")
        .write_stdin(separated)
        .assert()
        .code(2)
        .stdout("4\nImpossible\n");
    let output = flipgame()
        .args(["solve", "--format", "jsonl"])
        .write_stdin(three)
        .output()
        .unwrap();
    let records: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let sources: Vec<&str> = records
        .iter()
        .map(|r| r["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, vec!["-:1", "-:2", "-:6", "-:10"]);
    assert!(records[0]["error"].as_str().unwrap().contains("not a row"));
    let moves: Vec<&serde_json::Value> = records[1..].iter().map(|r| &r["moves"]).collect();
    assert_eq!(
        moves,
        vec![
            &serde_json::json!(4),
            &serde_json::Value::Null,
            &serde_json::json!(0)
        ]
    );
}

/// `--format matrix` prints the least fewest taps as judges print a press matrix: with
/// `--cells 01 --goal white` that is POJ 3279's answer without its reader.
#[test]
fn the_press_matrix_is_what_judges_print() {
    flipgame()
        .args([
            "solve", "--format", "matrix", "--cells", "01", "--goal", "white",
        ])
        .write_stdin("1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n")
        .assert()
        .success()
        .stdout("0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n");
    flipgame()
        .args(["solve", "--format", "matrix"])
        .write_stdin(format!("{SAMPLE}\n{IMPOSSIBLE}\n3\n{SAMPLE}"))
        .assert()
        .code(2)
        .stdout("1 0 0 0\n0 1 0 1\n1 0 0 0\n0 0 0 0\n\nImpossible\n\n1 0 0 0\n0 1 0 1\n1 0 0 0\n0 0 0 0\n");
    flipgame()
        .args([
            "solve", "--format", "matrix", "--size", "1x3", "--board", "bbw",
        ])
        .assert()
        .success()
        .stdout("1 0 0\n");
}

/// A press matrix has no room for "not proven": flipgame says it on standard error as a note,
/// not an error, and the run still succeeds.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn an_unproven_press_matrix_comes_with_a_note() {
    // All on at 79x79: a null space of 2^64, past every exact search, whatever the machine.
    let row = "b".repeat(79);
    let board = format!("{row}\n").repeat(79);
    let output = flipgame()
        .args([
            "solve", "--size", "79x79", "--goal", "white", "--format", "matrix",
        ])
        .write_stdin(board)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("note: -:1: these "), "{stderr}");
    assert!(
        stderr.contains(" taps are the fewest found, not proven minimal (at least "),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(" are needed)\n") && !stderr.contains("error"),
        "{stderr}"
    );
}

/// A `--board` value gets the hints a line of a file gets: the size its rows fit, the notation
/// it is written in; and no hint where none is true (a row of letters and digits, a comment).
#[test]
fn a_board_argument_gets_the_hints_a_file_line_gets() {
    let refused = |args: &[&str], message: &str| {
        flipgame()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("error: {message}\n"));
    };
    refused(
        &["solve", "--board", "wwwww/wwwww/wwwww/wwwww/wwwww"],
        "--board[1]:1:5: expected '/', found 'w'; the row has 5 pieces: did you mean --size 5x5?",
    );
    refused(
        &["solve", "--board", "9d9"],
        "--board[1]:1:1: expected 'b' or 'w', found '9'",
    );
    // Rows of no pieces fit no size.
    refused(
        &["solve", "--board", "//"],
        "--board[1]:1:1: expected 'b' or 'w', found '/'",
    );
    refused(
        &["solve", "--size", "2x3", "--board", "012/210"],
        "--board[1]:1:1: expected 'b' or 'w', found '0' (for boards of more than two states, such \
         as digits up to 2, give --states 3 or more)",
    );
    refused(
        &["check", "--board", "#..#/#..#/....", "--taps", "r1c1"],
        "--board[1]:1:1: expected 'b' or 'w', found '#' (for rows of #/., give --cells .#); the \
         row has 4 pieces: did you mean --size 3x4?",
    );
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::{SAMPLE, Scratch, flipgame};
    use crate::k_states::*;
    use predicates::prelude::*;
    use predicates::str::contains;

    /// Every board's answer against the brute force: the count, the tie rule's presses, the colour,
    /// and for an impossible board a proof checked from its definition.
    fn check_against_brute_force(rule: &str, model: &Model, goal: &str, seed: u64) {
        let finished = goal.parse().unwrap_or(seed as u32 % model.states);
        let boards = boards(model, 12, seed, finished);
        let input: String = boards
            .iter()
            .map(|board| model.text(board) + "\n\n")
            .collect();
        let size = format!("{}x{}", model.rows, model.cols);
        let output = flipgame()
            .args([
                "solve", "--format", "jsonl", "--rule", rule, "--size", &size,
            ])
            .args(["--states", &model.states.to_string(), "--goal", goal])
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let answers = answers(&output.stdout);
        assert_eq!(answers.len(), boards.len());
        let colors: Vec<u32> = match goal {
            "any" => (0..model.states).collect(),
            color => vec![color.parse().unwrap()],
        };
        let mut solvable = 0;
        for (board, answer) in boards.iter().zip(&answers) {
            let context = format!("{rule} {size} K={} goal {goal}: {board:?}", model.states);
            assert_eq!(
                answer.board,
                model.text(board).replace('\n', "/"),
                "{context}"
            );
            assert_eq!(
                (answer.rows, answer.cols),
                (model.rows as u32, model.cols as u32)
            );
            assert_eq!(
                (answer.rule.as_str(), answer.wrap, answer.states),
                (rule, false, model.states)
            );
            assert!(answer.optimal, "{context}");
            match model.brute_force(board, &colors) {
                Some((moves, presses, color)) => {
                    solvable += 1;
                    assert!(answer.solvable && answer.proof.is_none(), "{context}");
                    assert_eq!(answer.moves, Some(moves), "{context}");
                    assert_eq!(answer.lower_bound, Some(moves), "{context}");
                    assert_eq!(answer.goal, Some(color), "{context}");
                    let mut found = vec![0; board.len()];
                    for press in answer.taps.as_ref().unwrap() {
                        assert!(press.times > 0 && press.times < model.states, "{context}");
                        found[(press.row - 1) * model.cols + press.col - 1] = press.times;
                    }
                    assert_eq!(found, presses, "{context}");
                }
                None => {
                    assert!(!answer.solvable, "{context}");
                    assert_eq!(
                        (
                            answer.moves,
                            answer.goal,
                            answer.taps.as_ref().map(Vec::len)
                        ),
                        (None, None, None)
                    );
                    let proof = answer
                        .proof
                        .as_ref()
                        .expect("impossible boards have a proof");
                    let weights: Vec<u32> = proof.weights.concat();
                    let sum = |values: &[u32]| {
                        values.iter().zip(&weights).map(|(v, w)| v * w).sum::<u32>() % model.states
                    };
                    for effect in &model.effects {
                        assert_eq!(
                            sum(effect),
                            0,
                            "{context}: a press changes the weighted sum"
                        );
                    }
                    assert_eq!(proof.board_sum, sum(board), "{context}");
                    for &color in &colors {
                        let finished = vec![color; board.len()];
                        assert_eq!(proof.finished_sum, sum(&finished), "{context}");
                    }
                    assert_ne!(proof.board_sum, proof.finished_sum, "{context}");
                }
            }
        }
        for (index, answer) in answers.iter().enumerate() {
            assert_eq!(answer.index, index as u64 + 1);
            assert_eq!(answer.source, format!("-:{}", 1 + index * (model.rows + 1)));
        }
        assert!(
            solvable > 0,
            "{rule} K={}: no solvable board drawn",
            model.states
        );
    }

    #[test]
    fn fewest_presses_match_a_brute_force_for_prime_and_composite_states() {
        for (rule, rows, cols, states, goals) in [
            ("plus", 3, 3, 3, &["0", "2", "any"][..]),
            ("010/121/010", 3, 3, 3, &["0", "any"][..]),
            ("box", 2, 3, 4, &["0", "3", "any"][..]),
            ("plus", 2, 3, 6, &["0", "any"][..]),
            ("x", 2, 3, 4, &["1", "any"][..]),
            ("010/131/010", 2, 3, 5, &["0"][..]),
        ] {
            let model = Model::stencil(
                &match rule {
                    "plus" => "010/111/010".to_string(),
                    "box" => "111/111/111".to_string(),
                    "x" => "101/010/101".to_string(),
                    stencil => stencil.to_string(),
                },
                rows,
                cols,
                states,
            );
            for (seed, goal) in goals.iter().enumerate() {
                check_against_brute_force(rule, &model, goal, seed as u64 + 1);
            }
        }
    }

    #[test]
    fn text_lists_a_cell_once_for_each_press_and_the_colour_only_for_any() {
        let solve = |args: &[&str]| {
            let output = flipgame()
                .args(["solve", "--states", "3", "--size", "2x2", "--taps"])
                .args(args)
                .output()
                .unwrap();
            String::from_utf8(output.stdout).unwrap()
        };
        // Boards made from 00/00 by pressing r2c2 backwards (a press adds 1 to its row and
        // column on 2x2): once, 02/22; twice, 01/11. No single press finishes 01/11.
        assert_eq!(solve(&["--board", "02/22"]), "1 r2c2\n");
        assert_eq!(solve(&["--board", "01/11"]), "2 r2c2 r2c2\n");
        assert_eq!(
            solve(&["--goal", "any", "--board", "02/22"]),
            "1 r2c2 (all 0)\n"
        );
        // Every press vector of 2x2 adds the same to all four cells only in multiples of 3.
        assert_eq!(solve(&["--goal", "2", "--board", "00/00"]), "Impossible\n");
        let counts = flipgame()
            .args([
                "solve", "--states", "3", "--size", "2x2", "--board", "01/11", "--board", "00/00",
            ])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8(counts.stdout).unwrap(), "2\n0\n");
    }

    #[test]
    fn the_matrix_format_gives_the_press_counts() {
        flipgame()
            .args([
                "solve", "--states", "3", "--size", "2x2", "--format", "matrix",
            ])
            .args(["--board", "01/11", "--board", "12/00"])
            .assert()
            .success()
            // 12/00 needs (2, 1, 0, 0) added: (0, 0, 2, 1) is the least of its three solutions.
            .stdout("0 0\n0 2\n\n0 0\n2 1\n");
    }

    #[test]
    fn two_states_given_outright_change_nothing() {
        let plain = flipgame()
            .args(["solve", "--taps"])
            .write_stdin(SAMPLE)
            .output()
            .unwrap();
        let given = flipgame()
            .args(["solve", "--taps", "--states", "2"])
            .write_stdin(SAMPLE)
            .output()
            .unwrap();
        assert_eq!(plain, given);
        assert_eq!(
            String::from_utf8(plain.stdout).unwrap(),
            "4 r1c1 r2c2 r2c4 r3c1 (all white)\n"
        );
    }

    #[test]
    fn digit_boards_are_read_with_places_and_keep_their_neighbours() {
        let scratch = Scratch::new();
        let file = scratch.file("boards.txt", "3\n11\n10\n\n1 1\n1 3\n22\n20\n");
        scratch
            .flipgame()
            .args(["solve", "--states", "3", "--size", "2x2"])
            .arg(&file)
            .assert()
            .code(2)
            .stdout("2\n1\n")
            .stderr(contains(format!(
                "{}:1:1: expected a digit from '0' to '2', found '3'; the line is not a row",
                file.display()
            )))
            .stderr(contains(format!(
                "{}:6:3: expected a digit from '0' to '2', found '3'; the digit '3' needs --states 4 \
                 or more",
                file.display()
            )));
    }

    #[test]
    fn colours_past_9_are_the_board_s_letters_in_words_and_in_goal() {
        // Colour 11 is written `b` on the board, so the words say `b` too, not 11.
        flipgame()
            .args([
                "solve", "--size", "1x3", "--states", "12", "--goal", "any", "--taps",
            ])
            .args(["--board", "bbb"])
            .assert()
            .success()
            .stdout("0 (all b)\n");
        // `--goal a` is `--goal 10`, in either case as boards read it; `b` is another colour.
        let answer = |goal: &str| {
            flipgame()
                .args([
                    "solve", "--size", "1x3", "--states", "12", "--taps", "--goal", goal,
                ])
                .args(["--board", "a0a"])
                .output()
                .unwrap()
        };
        let (letter, number) = (answer("a"), answer("10"));
        assert!(letter.status.success());
        assert_eq!(letter.stdout, number.stdout);
        assert_eq!(answer("A").stdout, number.stdout);
        assert_ne!(answer("b").stdout, number.stdout, "b is another colour");
    }

    #[test]
    fn what_k_states_cannot_carry_is_refused_with_the_reason() {
        let refused = |args: &[&str], message: &str| {
            flipgame()
                .args(args)
                .assert()
                .code(2)
                .stderr(contains(message.to_string()));
        };
        refused(
            &["solve", "--states", "3", "--goal", "white"],
            "--goal white: the colours of --states 3 are numbers from 0 to 2",
        );
        refused(
            &["solve", "--states", "3", "--goal", "3"],
            "--goal 3: the colours of --states 3 are numbers from 0 to 2: give one of them",
        );
        refused(
            &["solve", "--goal", "1"],
            "--goal 1 is a colour number, for boards of --states 3 or more",
        );
        refused(
            &["solve", "--goal", "any"],
            "--goal any is for boards of --states 3 or more",
        );
        refused(
            &["solve", "--goal", "purple"],
            "expected either, white, black, any, or a colour: a number such as 0, or a board's \
             digit such as a (10)",
        );
        // A number is digits alone: Rust would read `+1` as 1.
        refused(
            &["solve", "--states", "3", "--goal", "+1"],
            "invalid value '+1' for '--goal <GOAL>'",
        );
        // A letter is a colour as boards write it past 9, and is said so where it cannot be.
        refused(
            &["solve", "--goal", "b"],
            "--goal b is colour 11 as boards of --states 12 or more write it: with black and \
             white pieces, give --goal white or --goal black",
        );
        refused(
            &["solve", "--states", "12", "--goal", "c"],
            "--goal c: the colours of --states 12 are numbers from 0 to 11, written 0 to b: give \
             one of them",
        );
        refused(
            &["solve", "--states", "3", "--cells", "01"],
            "--cells is for black and white pieces",
        );
        refused(
            &["solve", "--states", "37"],
            "expected a number of states from 2 to 36, found '37'",
        );
        refused(
            &["solve", "--states", "1"],
            "expected a number of states from 2 to 36, found '1'",
        );
        refused(
            &["solve", "--states", "3", "--rule", "010/131/010"],
            "the rule 010/131/010 adds 3 at a cell, which is not below --states 3",
        );
        refused(
            &["solve", "--rule", "010/121/010"],
            "the rule 010/121/010 adds 2 at a cell, which needs --states 3 or more",
        );
        refused(
            &["solve", "--states", "3", "--size", "65x64", "--wrap"],
            "error: a board of 4,160 cells is too large for more than two states: they are \
             solved up to 4,096 cells (64x64), and up to 1,048,576 (1024x1024) under a stencil \
             whose only cell above the press is straight above it, with a weight prime to K, and \
             no --wrap (plus, 010/121/010)\n",
        );
        refused(
            &["solve", "--states", "3", "--judge", "poj1753"],
            "cannot be used with",
        );
        refused(
            &["check", "--states", "3", "--judge", "poj1753", "in", "out"],
            "cannot be used with",
        );
        refused(
            &["gen", "--rule", "random", "--states", "3"],
            "not --wrap, --goal, --states",
        );
    }

    /// A kernel of 3^20 quiet press counts (the 0/0/1 rule: a press reaches only the cell below, so
    /// the last row's presses change nothing) is not searched to its end within --search-time: the
    /// answer is the best found, marked not proven, with the counting bound.
    #[test]
    fn search_time_stops_a_long_search_with_an_answer_marked_not_proven() {
        // 2x18 is searched (and would be proven after many seconds); 2x20 is past the modular
        // search's limit and never searched: both stop with the best found.
        for cols in [18_u64, 20] {
            let size = format!("2x{cols}");
            let board = format!(
                "{}/{}",
                "0".repeat(cols as usize),
                "1".repeat(cols as usize)
            );
            let output = flipgame()
                .args(["solve", "--states", "3", "--size", &size, "--rule", "0/0/1"])
                .args([
                    "--search-time",
                    "0.2",
                    "--format",
                    "jsonl",
                    "--board",
                    &board,
                ])
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            let answer: Answer = serde_json::from_slice(&output.stdout).unwrap();
            assert!(!answer.optimal, "{size}");
            assert_eq!(
                (answer.moves, answer.lower_bound),
                (Some(2 * cols), Some(cols)),
                "{size}"
            );
            let text = flipgame()
                .args(["solve", "--states", "3", "--size", &size, "--rule", "0/0/1"])
                .args(["--search-time", "0.2", "--board", &board])
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8(text.stdout).unwrap(),
                format!("{} (at least {cols}; not proven minimal)\n", 2 * cols)
            );
        }
        // Without the flag the same search runs to its end on a smaller board: proven.
        let small = format!("{}/{}", "0".repeat(8), "1".repeat(8));
        flipgame()
            .args([
                "solve", "--states", "3", "--size", "2x8", "--rule", "0/0/1", "--board", &small,
            ])
            .assert()
            .success()
            .stdout("16\n");
    }

    /// On a terminal, solve says it waits for boards of digits; a board typed where a file goes
    /// gets the flag that was meant.
    #[test]
    fn newcomers_are_told_what_k_state_boards_look_like() {
        let screen = crate::common::pty::run_on_terminal(
            env!("CARGO_BIN_EXE_flipgame"),
            &["solve", "--states", "3", "--size", "2x2"],
            &[],
            "01\n11\n\u{4}".as_bytes(),
        );
        let (status, screen) = (screen.status, screen.text);
        assert!(status.success(), "{screen}");
        assert!(
            screen.contains("(2 lines of 2 digits from 0 to 2 per board)"),
            "{screen}"
        );
        assert!(screen.ends_with("\n2\n"), "{screen}");
        flipgame()
            .args(["solve", "--states", "3", "--size", "2x2", "01/11"])
            .assert()
            .code(1)
            .stderr(contains("did you mean --board 01/11?"));
        flipgame()
            .args(["solve", "--states", "3", "--size", "2x2", "01/13"])
            .assert()
            .code(1)
            .stderr(contains("did you mean").not());
    }

    /// Boards past the dense solver's size, under stencils light chasing works for: answers that
    /// replay to a finished board, in no more presses than made the board, and proofs that hold,
    /// all checked with a press written here from the rule's definition.
    #[test]
    fn large_boards_are_chased_with_answers_and_proofs_that_replay() {
        /// Adds `times` presses at (r, c) of `plus` weighted `centre` and `side`, without wrap.
        fn press(
            board: &mut [u32],
            n: usize,
            k: u32,
            (centre, side): (u32, u32),
            (r, c): (usize, usize),
            times: u32,
        ) {
            board[r * n + c] = (board[r * n + c] + centre * times) % k;
            for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if (0..n as isize).contains(&nr) && (0..n as isize).contains(&nc) {
                    let cell = &mut board[nr as usize * n + nc as usize];
                    *cell = (*cell + side * times) % k;
                }
            }
        }
        let mut seed = 3u64;
        let mut draw = |below: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % below
        };
        for (n, k, rule, weights, scramble, goal) in [
            (100usize, 3u32, "plus", (1, 1), 300, "0"),
            (90, 4, "plus", (1, 1), 200, "any"),
            (70, 3, "010/121/010", (2, 1), 150, "0"),
        ] {
            let scratch = Scratch::new();
            // A board made from all 0 by `scramble` presses: each taken off K - 1 times.
            let mut board = vec![0u32; n * n];
            for _ in 0..scramble {
                let cell = (draw(n as u64) as usize, draw(n as u64) as usize);
                press(&mut board, n, k, weights, cell, k - 1);
            }
            let text: String = board
                .chunks(n)
                .map(|row| {
                    row.iter()
                        .map(|&s| char::from_digit(s, 36).unwrap())
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            let file = scratch.file("board.txt", &text);
            let output = flipgame()
                .args([
                    "solve",
                    "--states",
                    &k.to_string(),
                    "--size",
                    &format!("{n}x{n}"),
                ])
                .args(["--rule", rule, "--goal", goal, "--format", "jsonl"])
                .arg(&file)
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            let answer = &answers(&output.stdout)[0];
            let moves = answer.moves.unwrap();
            assert!(
                moves <= scramble,
                "{n}x{n} K={k}: {moves} presses for a board of {scramble}"
            );
            let mut played = board.clone();
            for tap in answer.taps.as_ref().unwrap() {
                press(
                    &mut played,
                    n,
                    k,
                    weights,
                    (tap.row - 1, tap.col - 1),
                    tap.times,
                );
            }
            assert!(
                played.iter().all(|&s| s == played[0]),
                "{n}x{n} K={k}: not finished"
            );
            assert_eq!(Some(played[0]), answer.goal);
            assert_eq!(
                answer
                    .taps
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|t| u64::from(t.times))
                    .sum::<u64>(),
                moves
            );
        }
        // Random boards of 3 states under plus (200x200 for colour 0, 64x64 for any colour): the
        // kernels are not trivial, and the proofs' weights are kept by every press.
        for (n, goal) in [(200usize, "0"), (64, "any")] {
            let board: Vec<u32> = (0..n * n).map(|_| draw(3) as u32).collect();
            let text: String = board
                .chunks(n)
                .map(|row| {
                    row.iter()
                        .map(|&s| char::from_digit(s, 10).unwrap())
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            let scratch = Scratch::new();
            let file = scratch.file("random.txt", &text);
            let output = flipgame()
                .args([
                    "solve",
                    "--states",
                    "3",
                    "--size",
                    &format!("{n}x{n}"),
                    "--goal",
                    goal,
                ])
                .args(["--format", "jsonl"])
                .arg(&file)
                .output()
                .unwrap();
            let answer = &answers(&output.stdout)[0];
            let proof = answer
                .proof
                .as_ref()
                .expect("a random board here is impossible");
            let weights: Vec<u32> = proof.weights.concat();
            for r in 0..n {
                for c in 0..n {
                    // What the press at (r, c) adds, weighted: its own cell and its neighbours.
                    let mut kept = weights[r * n + c];
                    for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                        let (nr, nc) = (r as isize + dr, c as isize + dc);
                        if (0..n as isize).contains(&nr) && (0..n as isize).contains(&nc) {
                            kept += weights[nr as usize * n + nc as usize];
                        }
                    }
                    assert_eq!(
                        kept % 3,
                        0,
                        "{n}x{n}: press r{}c{} changes the sum",
                        r + 1,
                        c + 1
                    );
                }
            }
            let sum = board.iter().zip(&weights).map(|(b, w)| b * w).sum::<u32>() % 3;
            assert_eq!(proof.board_sum, sum);
            let total = weights.iter().sum::<u32>() % 3;
            match goal {
                "any" => assert_eq!(
                    (total, proof.finished_sum),
                    (0, 0),
                    "uniform boards sum to 0"
                ),
                _ => assert_eq!(proof.finished_sum, 0),
            }
            assert_ne!(sum, proof.finished_sum);
        }
    }
}

/// A stream of 40,000 boards, longer than one read of the input, with bad boards, blank lines,
/// CRLF line ends and capital letters among the good ones, many of them where one read ends
/// and the next begins: every answer is what the rule's definition gives (every tap set tried,
/// in `crate::model`), the taps of `--taps` finish their board, and each bad board is named
/// at its line.
#[test]
fn a_long_stream_is_answered_as_the_definition_says_with_bad_boards_named_in_place() {
    use crate::model::{Board, Cell, TapSet};
    // The fewest taps of every board, either colour: a tap set finishes white the board it
    // turns all white into, and black that board's inverse.
    let mut fewest = vec![u32::MAX; 1 << 16];
    for bits in 0..=u16::MAX {
        let taps = TapSet::from_bits(bits);
        let white = Board::from_id(0).after(taps);
        for board in [white, white.inverted()] {
            let least = &mut fewest[usize::from(board.bits())];
            *least = (*least).min(taps.len());
        }
    }
    let rows = |board: Board| -> Vec<String> {
        board.to_string().split('/').map(str::to_string).collect()
    };
    let (mut input, mut boards, mut bad_lines) = (String::new(), Vec::new(), Vec::new());
    let mut line = 1;
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for n in 0..40_000u32 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let board = Board::from_id((seed >> 48) as u16);
        // Around the first read's end (256 KiB: board 13,107) every board is of some kind;
        // elsewhere runs of whole boards longer than a block of lines.
        let kind = if (13_090..13_130).contains(&n) {
            n % 5
        } else {
            n % 9_973
        };
        match kind {
            1 => {
                input += "bwxb\nwwww\nbbbb\nwbwb\n";
                bad_lines.push(line);
                line += 4;
            }
            2 => {
                input += "\n";
                line += 1;
            }
            3 => {
                input += &rows(board).join("\r\n");
                input += "\r\n";
                boards.push(board);
                line += 4;
                continue;
            }
            4 => {
                input += &rows(board).join("\n").to_uppercase();
                input += "\n";
                boards.push(board);
                line += 4;
                continue;
            }
            _ => {}
        }
        input += &rows(board).join("\n");
        input += "\n";
        boards.push(board);
        line += 4;
    }
    let expected: Vec<String> = boards
        .iter()
        .map(|board| match fewest[usize::from(board.bits())] {
            u32::MAX => "Impossible".to_string(),
            least => least.to_string(),
        })
        .collect();
    // From a file (read 256 KiB at a time: more lines than a block holds) and from a pipe (a
    // pipe's 64 KiB at a time); read ahead on a thread of its own (two threads), and read and
    // answered on one.
    let scratch = Scratch::new();
    scratch.file("boards.txt", &input);
    let output = scratch
        .flipgame()
        .args(["--threads", "2", "solve", "boards.txt"])
        .output()
        .unwrap();
    let on_one = scratch
        .flipgame()
        .args(["--threads", "1", "solve", "boards.txt"])
        .output()
        .unwrap();
    assert_eq!(on_one, output);
    let piped = flipgame()
        .arg("solve")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(piped.stdout, output.stdout);
    assert_eq!(
        String::from_utf8_lossy(&piped.stderr),
        String::from_utf8_lossy(&output.stderr).replace("boards.txt:", "-:")
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), expected.len());
    for (n, (answer, expected)) in answers.iter().zip(&expected).enumerate() {
        assert_eq!(answer, expected, "board {n}: {}", boards[n]);
    }
    let stderr = String::from_utf8(output.stderr).unwrap();
    let named: Vec<&str> = stderr.lines().collect();
    assert_eq!(named.len(), bad_lines.len(), "{stderr}");
    for (said, line) in named.iter().zip(&bad_lines) {
        assert!(
            said.starts_with(&format!("error: boards.txt:{line}:3: expected")),
            "{said} (line {line})"
        );
    }

    let output = scratch
        .flipgame()
        .args(["solve", "--taps", "boards.txt"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), boards.len());
    for (n, (answer, board)) in answers.iter().zip(&boards).enumerate() {
        let least = fewest[usize::from(board.bits())];
        if least == u32::MAX {
            assert_eq!(*answer, "Impossible", "board {n}: {board}");
            continue;
        }
        let mut words = answer.split(' ');
        assert_eq!(
            words.next(),
            Some(least.to_string().as_str()),
            "board {n}: {answer}"
        );
        let mut taps = 0u16;
        let mut count = 0;
        for word in words.by_ref().take(least as usize) {
            let (row, col) = word[1..].split_once('c').unwrap();
            let cell = Cell::new(row.parse().unwrap(), col.parse().unwrap()).unwrap();
            taps |= cell.bit();
            count += 1;
        }
        assert_eq!(count, least, "board {n}: {answer}");
        let after = board.after(TapSet::from_bits(taps));
        let color = if after == Board::filled(true) {
            "(all black)"
        } else {
            assert_eq!(after, Board::filled(false), "board {n}: {board} {answer}");
            "(all white)"
        };
        assert_eq!(
            words.collect::<Vec<_>>().join(" "),
            color,
            "board {n}: {answer}"
        );
    }
}

/// A shard's record of a 4x4 board is written for each board in its place, never copied from
/// an earlier record of the same board: each carries its own index and line.
#[test]
fn a_shards_records_of_the_same_small_board_each_carry_their_own_place() {
    let output = flipgame()
        .args(["solve", "--shard", "1/2"])
        .write_stdin(SAMPLE.repeat(3))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let places: Vec<(u64, String)> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let index = record["index"].as_u64().unwrap();
            (index, record["source"].as_str().unwrap().to_string())
        })
        .collect();
    let expected = [(1, "-:1"), (2, "-:5"), (3, "-:9")].map(|(n, at)| (n, at.to_string()));
    assert_eq!(places, expected);
}
