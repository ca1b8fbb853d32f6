//! Peak memory of `flipgame solve` stays under 20 MB: on a million boards (text and JSON Lines),
//! on a 100 MB line, and on large boards with a null space searched exactly or not; and so does
//! that of the judges' readers and checker, the tap lists, rule files and the game's line
//! commands, on a 100 MB token and on 200,000 cases; and the refusal of web pages too large.
//! Alone in its own test binary, so the peak measured (the largest of this process's finished
//! children, from getrusage) is only ever one of these runs, each held to the same limit.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::Scratch;

const LIMIT_KB: i64 = 20 * 1024;

fn peak_of_children_kb() -> i64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; RUSAGE_CHILDREN is always valid.
    let result = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) };
    assert_eq!(result, 0);
    // SAFETY: getrusage succeeded, so the struct is initialised. ru_maxrss is in kilobytes.
    let peak = unsafe { usage.assume_init() }.ru_maxrss;
    #[allow(clippy::useless_conversion)] // c_long is i32 on 32-bit targets
    i64::from(peak)
}

#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn solving_a_million_boards_stays_under_twenty_megabytes() {
    let scratch = Scratch::new();
    let path = scratch.path().join("boards.txt");
    // Every board in turn, sixteen times over: 1,048,576 boards, 21 MB. Streamed to the file:
    // a child forked while this process held the text would count it in its own peak.
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for id in 0..(1u32 << 20) {
        for row in 0..4 {
            let nibble = (id as u16) >> (12 - 4 * row) & 0xf;
            let letters: Vec<u8> = (0..4)
                .map(|col| {
                    if nibble >> (3 - col) & 1 == 1 {
                        b'b'
                    } else {
                        b'w'
                    }
                })
                .collect();
            file.write_all(&letters).unwrap();
            file.write_all(b"\n").unwrap();
        }
    }
    file.flush().unwrap();
    drop(file);
    for format in ["text", "jsonl"] {
        let status = Command::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(["solve", "--format", format])
            .arg(&path)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let peak = peak_of_children_kb();
        assert!(
            peak < LIMIT_KB,
            "peak memory {peak} KB with --format {format}"
        );
        eprintln!("peak memory so far: {peak} KB (--format {format})");
    }
}

/// A 100 MB line without a newline is refused once it passes the longest line, without being
/// buffered: the peak stays far below the size of the line.
#[test]
fn a_hundred_megabyte_line_is_refused_in_bounded_memory() {
    let scratch = Scratch::new();
    let path = scratch.path().join("long.txt");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    file.write_all(b"bwwb").unwrap();
    let chunk = vec![b'w'; 1 << 20];
    for _ in 0..100 {
        file.write_all(&chunk).unwrap();
    }
    file.flush().unwrap();
    drop(file);
    let output = Command::new(env!("CARGO_BIN_EXE_flipgame"))
        .args(["solve"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("long.txt:1:1: a line longer than 16,777,216 bytes")
    );
    let peak = peak_of_children_kb();
    assert!(peak < LIMIT_KB, "peak memory {peak} KB on a 100 MB line");
}

/// The answer of `flipgame solve --goal white` to the all-on `side` x `side` board, after
/// checking the run's peak memory stays under the limit.
fn solve_all_on_within_limit(side: usize) -> String {
    let scratch = Scratch::new();
    let path = scratch.path().join("all-on.txt");
    let row = [vec![b'b'; side], vec![b'\n']].concat();
    std::fs::write(&path, row.repeat(side)).unwrap();
    let size = format!("{side}x{side}");
    let output = Command::new(env!("CARGO_BIN_EXE_flipgame"))
        .args(["solve", "--size", &size, "--goal", "white"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success());
    let peak = peak_of_children_kb();
    assert!(peak < LIMIT_KB, "peak memory {peak} KB on the {size} board");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The all-on 2069x2069 board has 10 independent quiet tap sets, searched exactly by one
/// transform over the cells' patterns: past 4 million cells those are worked out from the quiet
/// tap sets on every pass, not kept at 16 bytes a cell (68 MB here, 1.6 GB at 10,000x10,000).
#[test]
fn an_exact_search_on_a_large_board_keeps_no_pattern_per_cell() {
    // A bare count: the minimum, proven.
    let text = solve_all_on_within_limit(2069);
    assert!(text.trim().parse::<u64>().is_ok(), "{text}");
}

/// The all-on 1024x1024 board has 484 independent quiet tap sets, 128 KB each as whole boards:
/// the search past the proven limit chases them out one at a time instead of holding them all
/// (62 MB), so the peak stays a few copies of the board.
#[test]
fn a_large_null_space_is_never_held_whole() {
    assert!(solve_all_on_within_limit(1024).contains("not proven minimal"));
}

/// A judge's input or a contestant's output of one 100 MB token, or of 200,000 cases, is read
/// as it goes: neither the text nor the cases are held whole; nor is a 100 MB line of tap
/// lists or game commands, or a rule file's 100 MB number.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn the_judges_read_huge_inputs_in_bounded_memory() {
    let scratch = Scratch::new();
    let huge = scratch.path().join("huge.txt");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&huge).unwrap());
    let chunk = vec![b'7'; 1 << 20];
    for _ in 0..100 {
        file.write_all(&chunk).unwrap();
    }
    file.write_all(b"\n").unwrap();
    file.flush().unwrap();
    drop(file);
    // POJ 1222: a count, then five rows of six 0/1 cells a case.
    let many = scratch.path().join("many.txt");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&many).unwrap());
    let cases = 200_000;
    writeln!(file, "{cases}").unwrap();
    for case in 0..cases {
        for row in 0..5 {
            let cells: Vec<&str> = (0..6)
                .map(|col| {
                    if (case + row * 6 + col) % 7 < 3 {
                        "1"
                    } else {
                        "0"
                    }
                })
                .collect();
            writeln!(file, "{}", cells.join(" ")).unwrap();
        }
    }
    file.flush().unwrap();
    drop(file);
    let judge_input = scratch.path().join("in.txt");
    std::fs::write(&judge_input, "bwwb\nbbwb\nbwwb\nbwww\n").unwrap();
    let runs: [(&[&str], &std::path::Path, i32); 7] = [
        (&["solve", "--judge", "poj3279"], &huge, 2),
        (&["solve", "--judge", "leetcode1284"], &huge, 2),
        (&["solve", "--judge", "uva10309"], &huge, 2),
        (&["solve", "--judge", "poj1222"], &many, 0),
        (
            &["check", "--judge", "poj1753", judge_input.to_str().unwrap()],
            &huge,
            3,
        ),
        (&["check", "--tap-lists"], &huge, 2),
        (&["solve", "--board", "0x0000", "--rule-file"], &huge, 2),
    ];
    // Each run fails as expected, says so in a few lines, and stays under the limit.
    let check = |command: &mut Command, code: i32| {
        let output = command.stdout(Stdio::null()).output().unwrap();
        assert_eq!(output.status.code(), Some(code), "{command:?}: {output:?}");
        let errors = output.stderr.len();
        assert!(errors < 1000, "{command:?}: {errors} bytes of errors");
        let peak = peak_of_children_kb();
        assert!(peak < LIMIT_KB, "peak memory {peak} KB after {command:?}");
    };
    for (args, file, code) in runs {
        check(
            Command::new(env!("CARGO_BIN_EXE_flipgame"))
                .args(args)
                .arg(file),
            code,
        );
    }
    // The game's line commands, on standard input.
    check(
        Command::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(["play", "--lines", "--board", "bwwb/bbwb/bwwb/bwww"])
            .stdin(std::fs::File::open(&huge).unwrap()),
        2,
    );
}

/// A web page of a board too large for any page is refused before a board is dealt or a solver
/// made: 100,000,000 cells in bounded memory, and one row past the limit under a rule that
/// reaches far.
#[test]
fn pages_too_large_are_refused_before_the_work_in_bounded_memory() {
    for args in [
        &["--size", "10000x10000"][..],
        &["--size", "101x100", "--rule", "lines", "--goal", "white"][..],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(["play", "--format", "html"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let peak = peak_of_children_kb();
        assert!(
            peak < LIMIT_KB,
            "peak memory {peak} KB refusing a page of {args:?}"
        );
    }
}
