//! `flipgame play`: the line mode end to end (text and JSON Lines) with its errors, checked
//! against a brute-force search of the 4x4 board; and the full screen on a real
//! pseudo-terminal, typed at key by key, which must always give the terminal back.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as StdCommand, Stdio};

use serde_json::Value;

use crate::common::pty::Terminal;
use crate::common::{IMPOSSIBLE_LINE, SAMPLE, SAMPLE_LINE, Scratch, flipgame};

/// The fewest taps that make a 4x4 board (`bwwb/...`) one colour under the plus rule, trying all
/// 2^16 tap sets: independent of the solver under test.
fn brute_force(board: &str) -> Option<u32> {
    let cells: Vec<bool> = board
        .chars()
        .filter(|&c| c != '/')
        .map(|c| c == 'b')
        .collect();
    assert_eq!(cells.len(), 16, "{board}");
    let start = cells
        .iter()
        .enumerate()
        .fold(0u16, |bits, (i, &black)| bits | u16::from(black) << i);
    let flips: Vec<u16> = (0..16)
        .map(|i: i32| {
            let (row, col) = (i / 4, i % 4);
            [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .map(|(dr, dc)| (row + dr, col + dc))
                .filter(|&(r, c)| (0..4).contains(&r) && (0..4).contains(&c))
                .fold(0u16, |mask, (r, c)| mask | 1 << (r * 4 + c))
        })
        .collect();
    (0u32..1 << 16)
        .filter(|taps| {
            let end = (0..16)
                .filter(|i| taps >> i & 1 == 1)
                .fold(start, |bits, i| bits ^ flips[i]);
            end == 0 || end == u16::MAX
        })
        .map(u32::count_ones)
        .min()
}

fn records_of(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

/// The `command` of each JSON Lines record, in order.
fn commands_of(stdout: &[u8]) -> Vec<String> {
    records_of(stdout)
        .iter()
        .map(|r| r["command"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_line_mode_answers_each_command_with_the_board_and_the_status() {
    flipgame()
        .args(["play", "--board", SAMPLE_LINE])
        .write_stdin("r1c1\nhint\n\n# a comment\nundo\nundo\nsolve\nquit\nr4c4\n")
        .assert()
        .success()
        .stderr("")
        .stdout(
            "bwwb\nbbwb\nbwwb\nbwww\n\
             Taps made: 0. Fewest taps left: 4, to all white. Goal: all white or all black.\n\n\
             wbwb\nwbwb\nbwwb\nbwww\n\
             Taps made: 1. Fewest taps left: 3, to all white. Goal: all white or all black.\n\n\
             wbwb\nwbwb\nbwwb\nbwww\n\
             Taps made: 1. Fewest taps left: 3, to all white. Goal: all white or all black.\n\
             Hint: tap r2c2.\n\n\
             bwwb\nbbwb\nbwwb\nbwww\n\
             Taps made: 0. Fewest taps left: 4, to all white. Goal: all white or all black.\n\n\
             bwwb\nbbwb\nbwwb\nbwww\n\
             Taps made: 0. Fewest taps left: 4, to all white. Goal: all white or all black.\n\
             Refused: nothing to undo: no taps made.\n\n\
             bwwb\nbbwb\nbwwb\nbwww\n\
             Taps made: 0. Fewest taps left: 4, to all white. Goal: all white or all black.\n\
             Solution: r1c1 r2c2 r2c4 r3c1.\n\n",
        );
}

/// Plays by following the hints, one command at a time as a program driving the game would:
/// every record's fewest taps left agrees with brute force, and the hints finish the board in
/// exactly the fewest taps.
/// The win is said once, in the status line, not again under it.
#[test]
fn the_win_is_said_in_one_line() {
    flipgame()
        .args(["play", "--board", "bbww/bwww/wwww/wwww"])
        .write_stdin("r1c1\n")
        .assert()
        .success()
        .stdout(
            "bbww\nbwww\nwwww\nwwww\nTaps made: 0. Fewest taps left: 1, to all white. Goal: all \
             white or all black.\n\nwwww\nwwww\nwwww\nwwww\nSolved in 1 tap, the fewest \
             possible! 'new' deals the next.\n\n",
        );
}

#[test]
fn following_the_hints_solves_in_the_fewest_taps() {
    for seed in 1..=4 {
        let mut child = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(["play", "--moves", "6", "--format", "jsonl", "--seed"])
            .arg(seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        // A game that stops answering would block this test's reads for ever.
        let watchdog = watchdog(child.id());
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let mut read = || {
            let mut line = String::new();
            output.read_line(&mut line).unwrap();
            serde_json::from_str::<Value>(&line).unwrap()
        };
        let start = read();
        assert_eq!(start["command"], "start");
        assert_eq!(start["seed"], seed);
        let board = start["board"].as_str().unwrap();
        assert_eq!(brute_force(board), Some(6), "{board}");
        assert_eq!(start["moves_left"], 6);
        let mut record = start;
        for made in 1..=6 {
            writeln!(input, "hint").unwrap();
            let hinted = read();
            assert_eq!(hinted["command"], "hint");
            assert_eq!(hinted["board"], record["board"]);
            let (row, col) = (&hinted["hint"]["row"], &hinted["hint"]["col"]);
            writeln!(input, "r{row}c{col}").unwrap();
            record = read();
            let board = record["board"].as_str().unwrap();
            assert_eq!(record["taps_made"], made);
            assert_eq!(record["moves_left"], 6 - made);
            assert_eq!(brute_force(board), Some(6 - made), "{board}");
            assert_eq!(record["solved"], made == 6);
        }
        assert_eq!(
            record["message"],
            "Solved in 6 taps, the fewest possible! 'new' deals the next."
        );
        drop(input);
        assert!(child.wait().unwrap().success());
        watchdog.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Kills process `pid` after a minute unless the flag returned is set first.
fn watchdog(pid: u32) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen = std::sync::Arc::clone(&done);
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(60));
        if !seen.load(std::sync::atomic::Ordering::SeqCst) {
            // SAFETY: kill only sends a signal; the game is this test's own child.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        }
    });
    done
}

#[test]
fn json_records_carry_what_each_command_asked_for() {
    let output = flipgame()
        .args(["play", "--format", "jsonl", "--board", IMPOSSIBLE_LINE])
        .write_stdin("hint\nproof\nr1c1\nundo\nredo\nrestart\nhelp\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let records = records_of(&output.stdout);
    let commands: Vec<&str> = records
        .iter()
        .map(|r| r["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        commands,
        [
            "start", "hint", "proof", "r1c1", "undo", "redo", "restart", "help"
        ]
    );
    for record in &records {
        assert_eq!(record["solvable"], false);
        assert_eq!(record["moves_left"], Value::Null);
        assert_eq!(record["fewest_from_start"], Value::Null);
        assert!(record.get("seed").is_none(), "a given board has no seed");
    }
    assert_eq!(
        records[0]["message"],
        "This board can never be finished: 'proof' shows why."
    );
    assert!(
        records[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("Refused: the board can never")
    );
    assert!(records[1].get("hint").is_none());
    let proof = &records[2]["proof"];
    let cells = proof["cells"].as_array().unwrap();
    // The proof's black count is the board's black pieces in its cells, counted here.
    let board: Vec<char> = IMPOSSIBLE_LINE.chars().filter(|&c| c != '/').collect();
    let black = cells
        .iter()
        .filter(|cell| {
            let (row, col) = (cell["row"].as_u64().unwrap(), cell["col"].as_u64().unwrap());
            board[((row - 1) * 4 + col - 1) as usize] == 'b'
        })
        .count();
    assert_eq!(proof["black"], black as u64);
    assert_eq!(
        black % 2,
        1,
        "an odd count where both goals have an even one"
    );
    assert_eq!(records[3]["taps_made"], 1);
    assert_eq!(
        (&records[4]["taps_made"], &records[5]["taps_made"]),
        (&0.into(), &1.into())
    );
    assert_eq!(records[6]["taps_made"], 0);
    assert!(
        records[7]["message"]
            .as_str()
            .unwrap()
            .starts_with("Commands: r<row>c<col>")
    );

    let output = flipgame()
        .args(["play", "--format", "jsonl", "--board", SAMPLE_LINE])
        .write_stdin("solve\nhint\n")
        .output()
        .unwrap();
    let records = records_of(&output.stdout);
    let solution: Vec<(u64, u64)> = records[1]["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| (cell["row"].as_u64().unwrap(), cell["col"].as_u64().unwrap()))
        .collect();
    assert_eq!(solution, [(1, 1), (2, 2), (2, 4), (3, 1)]);
    assert_eq!(
        records[2]["message"],
        "Refused: every tap of the solution is already marked."
    );
    assert_eq!(records[0]["finishing_color"], "white");
    assert_eq!(records[0]["optimal"], true);
    assert_eq!(records[0]["lower_bound"], records[0]["moves_left"]);
}

/// Past the exact search the line mode says the count is a bound's distance from proven.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn an_unproven_count_in_play_carries_its_lower_bound() {
    let board = vec!["b".repeat(79); 79].join("/");
    let output = flipgame()
        .args([
            "play", "--size", "79x79", "--goal", "white", "--format", "jsonl",
        ])
        .args(["--board", &board])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(record["optimal"], false);
    assert_eq!(record["lower_bound"], 1249);
    let text = flipgame()
        .args(["play", "--size", "79x79", "--goal", "white", "--lines"])
        .args(["--board", &board])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("(at least 1249; not proven minimal)"),
        "{text}"
    );
}

#[test]
fn a_line_that_is_no_command_is_reported_where_it_is_and_the_game_goes_on() {
    let output = flipgame()
        .args(["play", "--format", "jsonl", "--board", SAMPLE_LINE])
        .write_stdin(b"r1c1\n  flip r2c2\nr5c1\n\xff\xfe\nundo\n".as_slice())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("error: -:2:3: expected a command: r<row>c<col> (such as r2c3), hint,"),
        "{stderr}"
    );
    assert!(stderr.contains("found 'flip r2c2'"), "{stderr}");
    assert!(
        stderr.contains("error: -:3:1: r5c1 is outside the 4x4 board: rows go from 1 to 4"),
        "{stderr}"
    );
    assert!(stderr.contains("error: -:4: expected a command, found bytes that are not UTF-8"));
    assert_eq!(commands_of(&output.stdout), ["start", "r1c1", "undo"]);
}

/// A line longer than any command is refused without being held; a long word is quoted short.
#[test]
fn a_long_line_is_refused_and_a_long_word_quoted_short() {
    let input = format!("{}\nr1c1{}\nr1c1\n", "x".repeat(5000), "x".repeat(60));
    let output = flipgame()
        .args(["play", "--format", "jsonl", "--board", SAMPLE_LINE])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: -:1:1: expected a command, found a line of 5,000 bytes\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "found 'r1c1{}...' (64 characters)",
            "x".repeat(36)
        )),
        "{stderr}"
    );
    assert_eq!(commands_of(&output.stdout), ["start", "r1c1"]);
}

#[test]
fn new_deals_puzzles_of_the_same_difficulty_the_same_for_the_same_seed() {
    let play = || {
        flipgame()
            .args(["play", "--moves", "3", "--seed", "9", "--format", "jsonl"])
            .write_stdin("new\nr1c1\nnew\nnew\n")
            .output()
            .unwrap()
    };
    let output = play();
    assert!(output.status.success());
    let records = records_of(&output.stdout);
    assert_eq!(records.len(), 5);
    let mut boards = Vec::new();
    for record in records.iter().filter(|r| r["command"] != "r1c1") {
        let board = record["board"].as_str().unwrap();
        assert_eq!(brute_force(board), Some(3), "{board}");
        assert_eq!(record["taps_made"], 0);
        boards.push(board.to_string());
    }
    boards.dedup();
    assert!(boards.len() > 1, "new puzzles differ: {boards:?}");
    assert_eq!(play().stdout, output.stdout);

    // The text form names the seed once, under the first puzzle.
    let output = flipgame()
        .args(["play", "--moves", "3", "--seed", "9"])
        .write_stdin("r1c1\nnew\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let note = "(Dealt from --seed 9: the same seed deals the same puzzles.)";
    assert_eq!(text.matches(note).count(), 1, "{text}");
    assert!(text.split("\n\n").next().unwrap().ends_with(note), "{text}");

    // Without --moves, every board dealt can be finished and is not finished yet.
    let output = flipgame()
        .args(["play", "--seed", "5", "--format", "jsonl"])
        .write_stdin("new\n".repeat(30))
        .output()
        .unwrap();
    for record in records_of(&output.stdout) {
        let moves = brute_force(record["board"].as_str().unwrap());
        assert!(moves.is_some_and(|moves| moves > 0), "{record}");
        assert_eq!(record["moves_left"], moves.unwrap());
    }
}

#[test]
fn the_board_comes_from_the_flag_or_the_first_board_of_a_file() {
    let scratch = Scratch::new();
    let two = scratch.file("two.txt", format!("{SAMPLE}\nbbbb\nbbbb\nbbbb\nbbbb\n"));
    flipgame()
        .args(["play", "--format", "jsonl"])
        .arg(&two)
        .assert()
        .success()
        .stdout(predicates::str::contains(format!(
            "\"board\":\"{SAMPLE_LINE}\""
        )));
    // A count line and a comment are skipped, as solve skips them.
    let counted = scratch.file("counted.txt", format!("2\n# the sample\n{SAMPLE}"));
    flipgame()
        .args(["play", "--format", "jsonl"])
        .arg(&counted)
        .assert()
        .success()
        .stdout(predicates::str::contains(format!(
            "\"board\":\"{SAMPLE_LINE}\""
        )));
    // A board typed where the file goes.
    flipgame()
        .args(["play", SAMPLE_LINE])
        .current_dir(scratch.path())
        .assert()
        .code(1)
        .stderr(format!(
            "error: {SAMPLE_LINE}: No such file or directory (os error 2): did you mean --board \
             {SAMPLE_LINE}?\n"
        ));
    let bad = scratch.file("bad.txt", "bwwb\nbbxb\nbwwb\nbwww\n");
    flipgame()
        .args(["play"])
        .arg(&bad)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("bad.txt:2:3: expected"));
    let empty = scratch.file("empty.txt", "");
    flipgame()
        .args(["play"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("empty.txt: no board in it"));
    flipgame()
        .args(["play", "missing.txt"])
        .current_dir(scratch.path())
        .assert()
        .code(1)
        .stderr(predicates::str::contains("missing.txt: "));
    flipgame()
        .args(["play", "-"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("give a FILE or --board"));
    flipgame()
        .args(["play", "--board", "bwwb/bbwb/bwwb"])
        .assert()
        .code(2)
        .stderr(
            "error: --board[1]:1:15: expected '/', found end of input; the row has 4 pieces: did \
             you mean --size 3x4?\n",
        );
    flipgame()
        .args([
            "play", "--cells", "01", "--size", "2x2", "--board", "10/01", "--format", "jsonl",
        ])
        .assert()
        .success()
        .stdout(predicates::str::contains("\"board\":\"bw/wb\""));
}

#[test]
fn puzzles_that_cannot_be_dealt_are_usage_errors() {
    for (args, message) in [
        (
            &["--moves", "0"][..],
            "--moves 0 deals only finished boards",
        ),
        (
            &["--size", "6x6", "--moves", "30"][..],
            "--moves 30: no 6x6 board made by 30 random taps needed exactly 30",
        ),
        (&["--moves", "30"][..], "no 4x4 board needs exactly 30 taps"),
        (
            &["--size", "1x1"][..],
            "already finished, so there is nothing to play",
        ),
    ] {
        flipgame()
            .arg("play")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
}

/// Typed into the full screen: move with the arrows and tap with space.
const SOLVE_THE_SAMPLE: [&[u8]; 4] = [
    b" ",
    b"\x1b[B\x1b[C ",
    b"\x1b[C\x1b[C ",
    b"\x1b[B\x1b[D\x1b[D\x1b[D ",
];

/// The escape sequences that give the terminal back, each after the game's last frame.
fn assert_given_back(terminal: &Terminal, text: &str) {
    let entered = text
        .rfind("\x1b[?1049h")
        .expect("the game used the alternate screen");
    let left = text
        .rfind("\x1b[?1049l")
        .expect("the alternate screen was left");
    assert!(left > entered);
    assert!(
        text[left..].contains("\x1b[?25h"),
        "the cursor is shown again"
    );
    assert!(
        text[entered..].contains("\x1b[?1000h"),
        "mouse reports were on"
    );
    assert!(
        text[left - 40..].contains("\x1b[?1000l"),
        "mouse reports are off"
    );
    assert!(terminal.is_cooked(), "the terminal is back in cooked mode");
}

fn start(args: &[&str], size: (u16, u16)) -> Terminal {
    let mut all = vec!["--color", "never", "play"];
    all.extend_from_slice(args);
    let mut terminal = Terminal::spawn(env!("CARGO_BIN_EXE_flipgame"), &all, size);
    terminal.wait_for("Taps made: 0");
    assert!(!terminal.is_cooked(), "the game runs in raw mode");
    terminal
}

#[test]
fn the_full_screen_is_solved_with_keys_and_gives_the_terminal_back_on_q() {
    let mut terminal = start(&["--board", SAMPLE_LINE], (80, 24));
    for (made, keys) in SOLVE_THE_SAMPLE.iter().enumerate() {
        terminal.type_keys(keys);
        if made < 3 {
            terminal.wait_for(&format!("Taps made: {}", made + 1));
        }
    }
    terminal.wait_for("Solved in 4 taps, the fewest possible! n deals the next.");
    terminal.type_keys(b"q");
    let screen = terminal.finish();
    assert!(screen.status.success(), "{:?}", screen.status);
    assert_given_back(&terminal, &screen.text);
}

#[test]
fn hints_undo_help_and_a_new_puzzle_work_from_the_keyboard() {
    let mut terminal = start(&["--board", SAMPLE_LINE, "--seed", "3"], (80, 24));
    terminal.type_keys(b"h");
    terminal.wait_for("Hint: tap r1c1.");
    terminal.type_keys(b"h");
    terminal.wait_for("Hint: tap r2c2.");
    terminal.type_keys(b" ");
    terminal.wait_for("Taps made: 1. Fewest taps left: 3");
    terminal.type_keys(b"u");
    terminal.wait_for("Taps made: 0. Fewest taps left: 4");
    terminal.type_keys(b"\x19");
    terminal.wait_for("Taps made: 1. Fewest taps left: 3");
    terminal.type_keys(b"\x1a");
    terminal.wait_for("Taps made: 0. Fewest taps left: 4");
    terminal.type_keys(b"?");
    terminal.wait_for("New puzzles are dealt from --seed 3.");
    terminal.type_keys(b"x");
    terminal.wait_for("Taps made: 0");
    terminal.type_keys(b"n");
    terminal.wait_for("Taps made: 0");
    // A press of the left button on r1c1 taps it; its release and other buttons do nothing.
    terminal.type_keys(b"\x1b[<0;4;6M");
    terminal.wait_for("Taps made: 1");
    terminal.type_keys(b"\x1b[<0;4;6m\x1b[<2;4;6M\x1b[<2;4;6mu");
    terminal.wait_for("Taps made: 0");
    terminal.type_keys(b"\x1b[<0;7;7M");
    terminal.wait_for("Taps made: 1");
    terminal.type_keys(b"\x7f");
    terminal.wait_for("Taps made: 0");
    terminal.type_keys(b"\x03");
    let screen = terminal.finish();
    assert!(screen.status.success(), "Ctrl-C quits: {:?}", screen.status);
    assert_given_back(&terminal, &screen.text);
}

#[test]
fn an_impossible_board_shows_its_proof_on_p() {
    let mut terminal = start(&["--board", IMPOSSIBLE_LINE], (80, 24));
    terminal.wait_for("This board can never be finished: p shows why.");
    terminal.type_keys(b"h");
    terminal.wait_for("the board can never be finished, so no tap helps");
    terminal.type_keys(b"p");
    terminal.wait_for("<");
    terminal.wait_for("Every tap turns over an even number (0, 2 or 4) of the 8 marked pieces");
    terminal.wait_for("cell of the proof");
    terminal.type_keys(b"q");
    let screen = terminal.finish();
    assert!(screen.status.success());
    assert_given_back(&terminal, &screen.text);
}

#[test]
fn sigterm_ends_the_game_and_gives_the_terminal_back() {
    let mut terminal = start(&["--board", SAMPLE_LINE], (80, 24));
    terminal.signal(libc::SIGTERM);
    let screen = terminal.finish();
    assert_eq!(screen.status.code(), Some(130));
    assert_given_back(&terminal, &screen.text);
}

/// A terminal closed under the game, with no signal, ends it (status 129, as a SIGHUP would)
/// instead of leaving it to spin on the dead terminal.
#[test]
fn a_terminal_that_hangs_up_ends_the_game() {
    let mut terminal = start(&["--board", SAMPLE_LINE], (80, 24));
    terminal.hang_up();
    let screen = terminal.finish();
    assert_eq!(screen.status.code(), Some(129));
}

#[test]
fn a_resize_redraws_and_a_window_too_small_says_so() {
    let mut terminal = start(&["--size", "30x30", "--seed", "1"], (80, 40));
    terminal.wait_for("Goal: all white or all black");
    terminal.resize((40, 5));
    terminal.wait_for("Enlarge the window, or press q");
    terminal.resize((60, 24));
    terminal.wait_for("of 30x30");
    terminal.type_keys(b"q");
    let screen = terminal.finish();
    assert!(screen.status.success());
    assert_given_back(&terminal, &screen.text);
}

/// On a terminal, `--lines` and `--format jsonl` play by lines, and so does a game whose output
/// goes to a pipe: the full screen needs both ends on the terminal.
#[test]
fn a_terminal_plays_by_lines_when_asked_or_when_output_is_piped() {
    for args in [&["--lines"][..], &["--format", "jsonl"][..]] {
        let mut all = vec!["--color", "never", "play", "--board", SAMPLE_LINE];
        all.extend_from_slice(args);
        let mut terminal = Terminal::spawn(env!("CARGO_BIN_EXE_flipgame"), &all, (80, 24));
        terminal.type_keys(b"r1c1\nquit\n");
        let screen = terminal.finish();
        assert!(screen.status.success(), "{args:?}: {:?}", screen.status);
        assert!(
            !screen.text.contains("\x1b[?1049h"),
            "{args:?} drew a full screen"
        );
        assert!(
            screen.text.contains("Taps made: 1") || screen.text.contains("\"taps_made\":1"),
            "{args:?}: {}",
            screen.text
        );
    }
    let command = format!(
        "{} --color never play --board {SAMPLE_LINE} | cat",
        env!("CARGO_BIN_EXE_flipgame")
    );
    let mut terminal = Terminal::spawn("sh", &["-c", &command], (80, 24));
    terminal.type_keys(b"r1c1\nquit\n");
    let screen = terminal.finish();
    assert!(screen.status.success());
    assert!(
        !screen.text.contains("\x1b[?1049h"),
        "a piped game drew a full screen"
    );
    assert!(screen.text.contains("Taps made: 1"), "{}", screen.text);
}

#[test]
fn each_hint_shows_the_next_tap_of_the_solution() {
    let output = flipgame()
        .args(["play", "--board", SAMPLE_LINE, "--format", "jsonl"])
        .write_stdin("hint\nhint\nsolve\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let records: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let solution = records[3]["solution"].as_array().unwrap();
    assert_eq!(solution.len(), 4);
    // The second hint is the newest mark, not the first one again.
    assert_eq!(records[1]["hint"], solution[0]);
    assert_eq!(records[2]["hint"], solution[1]);
}

#[test]
fn a_command_input_that_cannot_be_read_is_blamed_not_the_output() {
    let scratch = Scratch::new();
    // A directory opens as standard input but fails to read.
    let output = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
        .args(["play", "--lines", "--board", SAMPLE_LINE])
        .stdin(std::fs::File::open(scratch.path()).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: -: "), "{stderr}");
    assert!(!stderr.contains("writing output"), "{stderr}");
}

/// A press of a board of `states` colours (`"120/011/202"`) written from the rule's definition:
/// `centre` at the pressed cell (row, col from 0) and 1 at its orthogonal neighbours, mod K.
fn press_by_hand(board: &str, (row, col): (usize, usize), states: u32, centre: u32) -> String {
    let mut rows: Vec<Vec<u32>> = board
        .split('/')
        .map(|line| line.chars().map(|c| c.to_digit(36).unwrap()).collect())
        .collect();
    let (height, width) = (rows.len(), rows[0].len());
    rows[row][col] = (rows[row][col] + centre) % states;
    for (r, c) in [
        (row.wrapping_sub(1), col),
        (row + 1, col),
        (row, col.wrapping_sub(1)),
        (row, col + 1),
    ] {
        if r < height && c < width {
            rows[r][c] = (rows[r][c] + 1) % states;
        }
    }
    let lines: Vec<String> = rows
        .iter()
        .map(|line| {
            line.iter()
                .map(|&d| char::from_digit(d, 36).unwrap())
                .collect()
        })
        .collect();
    lines.join("/")
}

/// The fewest presses that make `board` all 0, by breadth-first search over the boards the
/// presses reach (written from the rule's definition, sharing nothing with the solver).
fn fewest_presses(board: &str, states: u32, centre: u32) -> Option<u64> {
    let (height, width) = (
        board.split('/').count(),
        board.find('/').unwrap_or(board.len()),
    );
    let finished: String = vec!["0".repeat(width); height].join("/");
    let mut seen = std::collections::HashSet::from([board.to_string()]);
    let mut layer = vec![board.to_string()];
    let mut moves = 0;
    while !layer.is_empty() {
        if layer.contains(&finished) {
            return Some(moves);
        }
        moves += 1;
        let mut next = Vec::new();
        for now in &layer {
            for cell in 0..height * width {
                let after = press_by_hand(now, (cell / width, cell % width), states, centre);
                if seen.insert(after.clone()) {
                    next.push(after);
                }
            }
        }
        layer = next;
    }
    None
}

/// `r2c3` as (row, col) from 0.
fn cell_of(tap: &str) -> (usize, usize) {
    let (row, col) = tap.trim_start_matches('r').split_once('c').unwrap();
    (
        row.parse::<usize>().unwrap() - 1,
        col.parse::<usize>().unwrap() - 1,
    )
}

#[test]
fn a_game_of_k_colours_is_played_press_by_press_to_the_fewest() {
    let start = "120/011/202";
    let fewest = fewest_presses(start, 3, 1).unwrap();
    let output = flipgame()
        .args(["play", "--states", "3", "--size", "3x3", "--board", start])
        .write_stdin("solve\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "Taps made: 0. Fewest taps left: {fewest}, to all 0. Goal: all 0."
        )),
        "{text}"
    );
    let listed = text
        .lines()
        .find_map(|line| line.strip_prefix("Solution: "))
        .unwrap()
        .trim_end_matches('.');
    let solution: Vec<&str> = listed.split(' ').collect();
    assert_eq!(solution.len() as u64, fewest);
    // Played tap by tap (a cell pressed twice is listed twice), each board is the press made by
    // hand, and the last is the win in the fewest.
    let mut board = start.to_string();
    let mut commands = String::new();
    for tap in &solution {
        commands.push_str(tap);
        commands.push('\n');
    }
    commands.push_str("undo\nredo\n");
    let output = flipgame()
        .args(["play", "--states", "3", "--size", "3x3", "--board", start])
        .args(["--format", "jsonl"])
        .write_stdin(commands)
        .output()
        .unwrap();
    assert!(output.status.success());
    let records = records_of(&output.stdout);
    for (made, tap) in solution.iter().enumerate() {
        board = press_by_hand(&board, cell_of(tap), 3, 1);
        let record = &records[made + 1];
        assert_eq!(record["board"], board.as_str(), "after {tap}");
        assert_eq!(record["states"], 3);
        assert_eq!(record["moves_left"], fewest - made as u64 - 1);
    }
    let won = &records[solution.len()];
    assert_eq!(won["solved"], true);
    assert_eq!(won["finishing_color"], 0);
    assert_eq!(
        won["message"],
        format!("Solved in {fewest} taps, the fewest possible! 'new' deals the next.")
    );
    // Undo takes the last press back (K - 1 presses more), redo makes it again.
    let before_last = &records[solution.len() - 1]["board"];
    assert_eq!(&records[solution.len() + 1]["board"], before_last);
    assert_eq!(records[solution.len() + 2]["board"], board.as_str());
}

#[test]
fn json_records_of_k_colours_carry_press_counts_and_weights() {
    // Gambler Bo's press on 2x3 under K = 3: the board can be finished.
    let output = flipgame()
        .args([
            "play",
            "--states",
            "3",
            "--size",
            "2x3",
            "--rule",
            "010/121/010",
        ])
        .args(["--board", "221/001", "--format", "jsonl"])
        .write_stdin("solve\n")
        .output()
        .unwrap();
    let records = records_of(&output.stdout);
    let fewest = fewest_presses("221/001", 3, 2).unwrap();
    assert_eq!(records[0]["moves_left"], fewest);
    let taps = records[1]["solution"].as_array().unwrap();
    // A square pressed twice is one object with its times, not two.
    let mut squares: Vec<(u64, u64)> = taps
        .iter()
        .map(|tap| (tap["row"].as_u64().unwrap(), tap["col"].as_u64().unwrap()))
        .collect();
    squares.dedup();
    assert_eq!(squares.len(), taps.len());
    assert!(taps.iter().any(|tap| tap["times"] == 2), "{taps:?}");
    let mut board = "221/001".to_string();
    let mut total = 0;
    for tap in taps {
        let times = tap["times"].as_u64().unwrap();
        assert!((1..3).contains(&times), "{tap}");
        let cell = (
            tap["row"].as_u64().unwrap() as usize - 1,
            tap["col"].as_u64().unwrap() as usize - 1,
        );
        for _ in 0..times {
            board = press_by_hand(&board, cell, 3, 2);
        }
        total += times;
    }
    assert_eq!((board.as_str(), total), ("000/000", fewest));

    // Under K = 6 (composite) on 2x2 the plus rule leaves boards no presses finish: the
    // proof's weights cancel every press and weigh the board to a sum the finished board
    // does not have.
    let start = "20/35";
    assert_eq!(fewest_presses(start, 6, 1), None);
    let output = flipgame()
        .args(["play", "--states", "6", "--size", "2x2", "--board", start])
        .args(["--format", "jsonl"])
        .write_stdin("hint\nproof\n")
        .output()
        .unwrap();
    let records = records_of(&output.stdout);
    assert_eq!(records[0]["solvable"], false);
    assert!(
        records[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("Refused: the board can never be finished")
    );
    let proof = &records[2]["proof"];
    let weights: Vec<Vec<u32>> = serde_json::from_value(proof["weights"].clone()).unwrap();
    for cell in 0..4 {
        let pressed = press_by_hand("00/00", (cell / 2, cell % 2), 6, 1);
        let digits: Vec<u32> = pressed.chars().filter_map(|c| c.to_digit(10)).collect();
        let sum: u32 = digits
            .iter()
            .zip(weights.iter().flatten())
            .map(|(a, w)| a * w)
            .sum();
        assert_eq!(sum % 6, 0, "press {cell} changes the weighted sum");
    }
    let board_sum: u32 = [2, 0, 3, 5]
        .iter()
        .zip(weights.iter().flatten())
        .map(|(a, w)| a * w)
        .sum();
    assert_eq!(proof["board_sum"], board_sum % 6);
    assert_eq!(proof["finished_sum"], 0);
    assert_ne!(proof["board_sum"], 0);
}

#[test]
fn puzzles_of_k_colours_are_dealt_at_the_asked_difficulty() {
    let deal = |seed: &str| {
        let output = flipgame()
            .args(["play", "--states", "3", "--size", "2x3", "--moves", "4"])
            .args(["--seed", seed, "--format", "jsonl"])
            .write_stdin("new\nnew\n")
            .output()
            .unwrap();
        assert!(output.status.success());
        records_of(&output.stdout)
    };
    let records = deal("5");
    for record in &records {
        let board = record["board"].as_str().unwrap();
        assert_eq!(fewest_presses(board, 3, 1), Some(4), "{board}");
        assert_eq!(record["moves_left"], 4);
    }
    assert_eq!(records[0]["seed"], 5);
    let boards = |records: &[Value]| -> Vec<String> {
        records.iter().map(|r| r["board"].to_string()).collect()
    };
    assert_eq!(boards(&deal("5")), boards(&records));
    // Without --moves, any board that can be finished and is not yet.
    let output = flipgame()
        .args(["play", "--states", "5", "--size", "2x2", "--seed", "9"])
        .args(["--format", "jsonl"])
        .write_stdin("new\nnew\nnew\n")
        .output()
        .unwrap();
    for record in records_of(&output.stdout) {
        let board = record["board"].as_str().unwrap();
        let fewest = fewest_presses(board, 5, 1);
        assert!(fewest.is_some_and(|moves| moves > 0), "{board}");
        assert_eq!(record["moves_left"], fewest.unwrap());
    }
}

#[test]
fn a_board_of_k_colours_that_does_not_fit_is_refused_where_it_fails() {
    flipgame()
        .args(["play", "--states", "3", "--size", "2x2", "--board", "01/23"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "--board[1]:1:5: expected a digit from '0' to '2', found '3'; the digit '3' needs \
             --states 4 or more\n",
        ));
    flipgame()
        .args(["play", "--states", "3", "--cells", "01"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--cells is for black and white pieces",
        ));
    let scratch = Scratch::new();
    let file = scratch.file("boards.txt", "012\n0x2\n");
    flipgame()
        .args(["play", "--states", "3", "--size", "2x3"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!(
            "{}:2:2: expected a digit from '0' to '2', found 'x'",
            file.display()
        )));
    let file = scratch.file("good.txt", "012\n002\n");
    let output = flipgame()
        .args([
            "play", "--states", "3", "--size", "2x3", "--format", "jsonl",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(records_of(&output.stdout)[0]["board"], "012/002");
}

#[test]
fn the_full_screen_plays_k_colours_with_digits_and_their_legend() {
    let mut terminal = start(
        &["--states", "6", "--size", "2x2", "--board", "20/35"],
        (160, 24),
    );
    terminal.wait_for("This board can never be finished: p shows why.");
    terminal.wait_for("0 1 2 3 4 5 colours");
    terminal.type_keys(b"p");
    terminal.wait_for("(the cells marked) and add weight times colour, mod 6: no tap");
    terminal.wait_for("weighted cell of the proof");
    terminal.type_keys(b" ");
    terminal.wait_for("Taps made: 1");
    terminal.type_keys(b"q");
    let screen = terminal.finish();
    assert!(screen.status.success());
    assert!(
        screen.text.contains("flipgame play: 2x2, 6 colours"),
        "{}",
        screen.text
    );
    assert_given_back(&terminal, &screen.text);
}

/// The proof of a board of K colours lists the cells that carry weight, each with its weight:
/// on 1x2 under plus with 3 colours each tap adds 1 to both cells, so weights 2 and 1 sum to
/// 3, 0 mod 3, for every tap, while the board 01 weighs 1 and all 0 weighs 0.
#[test]
fn the_proof_of_k_colours_names_each_weighted_cell_with_its_weight() {
    flipgame()
        .args(["play", "--states", "3", "--size", "1x2", "--board", "01"])
        .write_stdin("proof\n")
        .assert()
        .success()
        .stdout(predicates::str::ends_with(
            "Proof: Weigh r1c1 by 2, r1c2 by 1 and add weight times colour, mod 3: no tap \
             changes that sum; this board's is 1 and the finished board (all 0) has 0.\n\n",
        ));
}
