//! Hostile input and hostile output, for every subcommand: no input reaches a panic, a closed
//! pipe is a quiet success, a failed write is a loud error, and an interrupted run leaves no
//! partial file behind.

use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use crate::common::{IMPOSSIBLE, Reaped, SAMPLE, SAMPLE_LINE, Scratch, flipgame, many_boards};
use assert_cmd::assert::OutputAssertExt;
use predicates::prelude::*;
use predicates::str::contains;

/// A panic exits with 101 and says "panicked" on stderr: neither may ever happen.
fn assert_no_panic(output: &std::process::Output) {
    assert_ne!(output.status.code(), Some(101), "{output:?}");
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("panicked"),
        "{output:?}"
    );
}

/// A failed write: no panic, status 1, and an error that says each of `words`.
fn assert_loud_error(output: &std::process::Output, args: &[impl std::fmt::Debug], words: &[&str]) {
    assert_no_panic(output);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        words.iter().all(|word| stderr.contains(word)),
        "{args:?}: {stderr}"
    );
}

/// The names of the files in `directory`: what a run left behind.
fn names_in(directory: &std::path::Path) -> Vec<std::ffi::OsString> {
    std::fs::read_dir(directory)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect()
}

/// Deterministic noise: a small xorshift, so a failure can be replayed.
fn noise(seed: u64, length: usize) -> Vec<u8> {
    let mut state = seed.max(1);
    (0..length)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect()
}

#[test]
fn random_bytes_are_errors_never_panics_and_good_boards_survive() {
    for seed in 1..=20 {
        let mut input = SAMPLE.as_bytes().to_vec();
        input.extend(noise(seed, 2000));
        input.extend_from_slice(format!("\n\n{SAMPLE}").as_bytes());
        for command in ["solve", "explain"] {
            let output = flipgame()
                .arg(command)
                .write_stdin(input.clone())
                .output()
                .unwrap();
            assert_no_panic(&output);
            assert!(matches!(output.status.code(), Some(0 | 2)), "{output:?}");
            let stderr =
                String::from_utf8(output.stderr).expect("messages are UTF-8 even for binary input");
            assert!(
                stderr.lines().all(|line| line.starts_with("error: -:")),
                "{stderr}"
            );
            if command == "solve" {
                let answers = String::from_utf8(output.stdout).unwrap();
                assert!(
                    answers.starts_with("4\n") && answers.ends_with("4\n"),
                    "{answers}"
                );
            }
        }
    }
}

/// What every line that is no row of pieces adds to its error.
const NOT_A_ROW: &str =
    "; the line is not a row (such as a count, a size or a separator), so it is skipped on its own";

/// Each line of garbage is no row: each is named in its own error, and none joins a board.
#[test]
fn nul_bytes_and_invalid_utf8_are_named_in_the_error() {
    flipgame()
        .arg("solve")
        .write_stdin(b"\0\0\0\0\n\xff\xfe\xfd\xfc\n\xc3\n\xe2\x82\n".to_vec())
        .assert()
        .code(2)
        .stderr(
            [
                "error: -:1:1: expected 'b' or 'w', found '\\0'",
                "error: -:2:1: expected 'b' or 'w', found byte 0xff (not UTF-8)",
                "error: -:3:1: expected 'b' or 'w', found byte 0xc3 (not UTF-8)",
                "error: -:4:1: expected 'b' or 'w', found byte 0xe2 (not UTF-8)",
            ]
            .map(|line| format!("{line}{NOT_A_ROW}\n"))
            .concat(),
        );
    flipgame()
        .arg("solve")
        .write_stdin(b"bwwb\nbw\xc3\x28b\nbwwb\nbwww\n".to_vec())
        .assert()
        .code(2)
        .stderr("error: -:2:3: expected 'b' or 'w', found byte 0xc3 (not UTF-8)\n");
}

/// A file that cannot be read: mode 000 for a normal user; root reads anything, so there the
/// test uses /proc/self/mem, whose first page is never mapped and fails to read.
#[test]
fn an_unreadable_file_is_reported_and_the_others_answered() {
    let scratch = Scratch::new();
    scratch.file("a.txt", SAMPLE);
    let locked = scratch.file("locked.txt", SAMPLE);
    let mut permissions = std::fs::metadata(&locked).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o000);
    std::fs::set_permissions(&locked, permissions).unwrap();
    let unreadable = if std::fs::read(&locked).is_ok() {
        "/proc/self/mem".to_string()
    } else {
        "locked.txt".to_string()
    };
    scratch
        .flipgame()
        .args(["solve", "a.txt", &unreadable, "a.txt"])
        .assert()
        .code(1)
        .stdout("4\n4\n")
        .stderr(contains(format!("error: {unreadable}: ")));
}

/// One rule for every file argument, as the README's table of exit statuses says: a file that
/// cannot be read (missing, a directory) is status 1, reported once at the start, and a file
/// read whole whose content is wrong (not UTF-8 text, not a rule file) is status 2, at its
/// line and column.
#[test]
fn every_file_argument_keeps_one_rule_for_its_exit_status() {
    let scratch = Scratch::new();
    std::fs::create_dir(scratch.path().join("dir")).unwrap();
    scratch.file("in.txt", "bwwb\nbbwb\nbwwb\nbwww\n");
    scratch.file("binary.json", b"{\"rows\": 4,\n \"cols\": \xff}".as_slice());
    let board = ["--board", "bwwb/bbwb/bwwb/bwww"];
    let cases: [(&[&str], i32, &str); 8] = [
        (
            &["solve", "--judge", "poj1753", "dir"],
            1,
            "dir: a directory, not a file",
        ),
        (
            &["check", "--judge", "poj1753", "in.txt", "dir"],
            1,
            "dir: a directory, not a file",
        ),
        (
            &["check", "--judge", "poj1753", "dir", "in.txt"],
            1,
            "dir: a directory, not a file",
        ),
        (&["explain", "dir"], 1, "dir: a directory, not a file"),
        (
            &["solve", "--rule-file", "dir"],
            1,
            "dir: a directory, not a file",
        ),
        (
            &["solve", "--rule-file", "missing.json"],
            1,
            "missing.json: No such file or directory (os error 2)",
        ),
        // Opened, but its first read fails.
        (
            &["solve", "--rule-file", "/proc/self/mem"],
            1,
            "/proc/self/mem: Input/output error (os error 5)",
        ),
        (
            &["solve", "--rule-file", "binary.json"],
            2,
            "binary.json:2:10: expected a rule file's JSON text, found byte 0xff, which is not \
             UTF-8 text",
        ),
    ];
    for (args, status, message) in cases {
        let with_board = args[1] == "--rule-file";
        let mut command = scratch.flipgame();
        command.args(args);
        if with_board {
            command.args(board);
        }
        command
            .assert()
            .code(status)
            .stdout("")
            .stderr(format!("error: {message}\n"));
    }
}

/// A file that never ends (`/dev/zero`, as a device or a pipe that never closes would be) is
/// refused at once and in bounded memory by every command that reads a file, with status 2
/// and the limit no real input comes near.
#[test]
fn a_file_that_never_ends_is_refused_at_once() {
    let scratch = Scratch::new();
    scratch.file("in.txt", "bwwb\nbbwb\nbwwb\nbwww\n");
    let line = "/dev/zero:1:1: a line longer than 16,777,216 bytes, which no real input comes \
                near: the rest of the input is not read (is it a binary file or a device?)";
    let token = "/dev/zero:1:1: a token longer than 16,777,216 bytes";
    // A contestant's output that never ends is theirs: rejected (3), at the token.
    let cases: [(&[&str], i32, &str); 8] = [
        (&["solve", "/dev/zero"], 2, line),
        (&["explain", "/dev/zero"], 2, line),
        (&["play", "--format", "html", "/dev/zero"], 2, line),
        (&["solve", "--judge", "poj1753", "/dev/zero"], 2, token),
        (
            &["check", "--judge", "poj1753", "/dev/zero", "in.txt"],
            2,
            token,
        ),
        (
            &["check", "--judge", "poj1753", "in.txt", "/dev/zero"],
            3,
            token,
        ),
        (
            &["solve", "--rule-file", "/dev/zero", "--board", "0"],
            2,
            "/dev/zero:1:1: expected a rule file's JSON text, found byte 0x00",
        ),
        (
            &["solve", "--merge", "/dev/zero", "in.txt"],
            2,
            // 4x4: the board's 16 cells and 4 rows, and 16 MiB for the rest of a record.
            "/dev/zero:1: not a shard record of solve --shard: a line longer than 16,777,236 \
             bytes",
        ),
    ];
    for (args, status, message) in cases {
        scratch
            .flipgame()
            .args(args)
            .timeout(Duration::from_secs(120))
            .assert()
            .code(status)
            .stderr(contains(format!("error: {message}")));
    }
    // An input that fails to read is not one that never ends: status 1. (/proc/self/mem
    // opens, and its first page, never mapped, fails to read.)
    scratch
        .flipgame()
        .args(["solve", "--judge", "poj1753", "/proc/self/mem"])
        .assert()
        .code(1)
        .stderr(contains(
            "error: /proc/self/mem: Input/output error (os error 5)",
        ));
    scratch
        .flipgame()
        .args(["check", "--judge", "poj1753", "in.txt", "/dev/zero"])
        .timeout(Duration::from_secs(120))
        .assert()
        .stdout(
            contains("case 1: rejected: /dev/zero:1:1: ").and(contains("0 of 1 case accepted")),
        );
}

/// Rust's runtime reopens a closed standard stream on /dev/null before `main`, so a closed
/// standard input reads as empty and a closed standard output discards: no panic, status 0.
#[test]
fn closed_standard_streams_read_as_empty_and_discard() {
    let run = |redirect: &str| {
        StdCommand::new("sh")
            .args([
                "-c",
                &format!(
                    "{} solve --board {SAMPLE_LINE} - {redirect}",
                    env!("CARGO_BIN_EXE_flipgame")
                ),
            ])
            .output()
            .unwrap()
    };
    let closed_input = run("<&-");
    assert_no_panic(&closed_input);
    closed_input.assert().code(0).stdout("4\n").stderr("");
    let closed_output = run(">&- </dev/null");
    assert_no_panic(&closed_output);
    closed_output.assert().code(0).stderr("");
}

/// One command line per subcommand, each writing more than a pipe holds where it can.
fn every_subcommand(scratch: &Scratch) -> Vec<Vec<String>> {
    let big = scratch.file("big.txt", many_boards(50_000));
    let big = big.to_string_lossy().to_string();
    let explain_input = scratch.file("explain.txt", format!("{SAMPLE}{IMPOSSIBLE}").repeat(500));
    [
        vec!["solve", &big],
        vec!["explain", &explain_input.to_string_lossy()],
        vec!["table"],
        // 19x19 draws its 16 quiet patterns: more than a pipe's page.
        vec!["stats", "--size", "19x19"],
        vec!["gen", "--count", "50000", "--seed", "1"],
        vec!["completions", "bash"],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(String::from).collect())
    .collect()
}

#[test]
fn a_closed_pipe_is_a_quiet_success_for_every_subcommand() {
    let scratch = Scratch::new();
    for args in every_subcommand(&scratch) {
        // The reading end is closed before the program starts, so every write fails with EPIPE.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

/// A pipe that holds one page (4096 bytes), so any longer output blocks on it and, once the
/// reader is gone, fails to write.
fn small_pipe() -> (std::io::PipeReader, std::io::PipeWriter, usize) {
    let (reader, writer) = std::io::pipe().unwrap();
    // SAFETY: fcntl(2) on a pipe descriptor this function owns; no memory is passed.
    let size = unsafe { libc::fcntl(writer.as_raw_fd(), libc::F_SETPIPE_SZ, 4096) };
    assert!(
        size >= 4096,
        "F_SETPIPE_SZ: {}",
        std::io::Error::last_os_error()
    );
    (reader, writer, size as usize)
}

#[test]
fn a_pipe_closed_midway_is_a_quiet_success_for_every_subcommand() {
    let scratch = Scratch::new();
    for args in every_subcommand(&scratch) {
        let (mut reader, writer, capacity) = small_pipe();
        // The whole output, read to the end, must be more than the pipe holds, or the close
        // would come after the last write and the test could not fail.
        let whole = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(&args)
            .output()
            .unwrap();
        assert!(
            whole.stdout.len() > 2 * capacity,
            "{args:?}: {} bytes fit in a pipe of {capacity}",
            whole.stdout.len()
        );
        let child = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        let _ = reader.read(&mut first).unwrap();
        drop(reader);
        let output = child.wait_with_output().unwrap();
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

/// Runs `command` with files limited to `bytes` (RLIMIT_FSIZE, as `ulimit -f` sets it). SIGXFSZ
/// keeps its default, death, so the program must ignore it itself to report the failed write.
fn limit_file_size(command: &mut StdCommand, bytes: u64) -> &mut StdCommand {
    // SAFETY: between fork and exec the closure calls only setrlimit(2), which is
    // async-signal-safe, and touches no memory of the parent.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

/// A write that fails in the middle of an `--output` file (the file may not grow past 64 KiB, as
/// under `ulimit -f 64`): a loud error naming the file, and neither a half file nor the
/// temporary one left behind.
#[test]
fn a_write_error_midway_under_output_is_loud_and_leaves_no_file() {
    for args in [
        &["gen", "--count", "50000", "--seed", "1"][..],
        &["table"][..],
        &["solve", "--taps", "boards.txt"][..],
    ] {
        let scratch = Scratch::new();
        // 50,000 boards (800 kB; not limited, it is read) whose answers pass 64 KiB.
        let boards = (0..50_000_u32)
            .map(|id| {
                (0..16)
                    .map(|bit| if id >> bit & 1 == 1 { "b" } else { "w" })
                    .collect::<Vec<_>>()
                    .chunks(4)
                    .map(|row| row.concat() + "\n")
                    .collect::<String>()
            })
            .collect::<String>();
        if args[0] == "solve" {
            scratch.file("boards.txt", boards);
        }
        let output = limit_file_size(
            StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
                .args(args)
                .args(["--output", "out.txt"])
                .current_dir(scratch.path())
                .stderr(Stdio::piped()),
            64 * 1024,
        )
        .output()
        .unwrap();
        assert_loud_error(&output, args, &["out.txt", "File too large"]);
        let mut names = names_in(scratch.path());
        names.retain(|name| name != "boards.txt");
        assert!(names.is_empty(), "{args:?} left behind: {names:?}");
        // The same run with room enough writes the file: the limit made the difference.
        let written = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(args)
            .args(["--output", "out.txt"])
            .current_dir(scratch.path())
            .output()
            .unwrap();
        assert!(written.status.success(), "{args:?}: {written:?}");
        assert!(
            std::fs::metadata(scratch.path().join("out.txt"))
                .unwrap()
                .len()
                > 64 * 1024
        );
    }
}

#[test]
fn a_failed_write_is_a_loud_error_for_every_subcommand() {
    let scratch = Scratch::new();
    for args in every_subcommand(&scratch) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
            .args(&args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_loud_error(
            &output,
            &args,
            &["error: writing output: No space left on device"],
        );
    }
}

#[test]
fn a_full_disk_under_output_leaves_no_file() {
    // /dev/full as a directory is impossible, so fill the file's place with a directory instead:
    // the rename onto it fails, and neither a half file nor the temporary one may remain.
    let scratch = Scratch::new();
    std::fs::create_dir(scratch.path().join("table.txt")).unwrap();
    std::fs::write(scratch.path().join("table.txt").join("keep"), "x").unwrap();
    scratch
        .flipgame()
        .args(["table", "--output", "table.txt"])
        .assert()
        .code(1)
        .stderr(contains("table.txt"));
    let names = names_in(scratch.path());
    assert_eq!(names, vec!["table.txt"]);
}

/// Ctrl-C in the middle of a long `--output` run: the temporary file is removed, no output
/// file appears, and the status says the run was interrupted. The handler is in place before
/// the temporary file exists, so the signal goes as soon as the file is seen; the child is
/// killed if the test fails, and may not write more than 256 MiB meanwhile.
#[test]
fn an_interrupt_leaves_no_partial_output_file() {
    let scratch = Scratch::new();
    let mut child = Reaped(
        limit_file_size(
            StdCommand::new(env!("CARGO_BIN_EXE_flipgame"))
                .args([
                    "gen",
                    "--count",
                    "1000000000",
                    "--seed",
                    "3",
                    "--output",
                    "boards.txt",
                ])
                .current_dir(scratch.path())
                .stderr(Stdio::piped()),
            256 << 20,
        )
        .spawn()
        .unwrap(),
    );
    let started = Instant::now();
    let temporary_exists = || {
        std::fs::read_dir(scratch.path()).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".flipgame-")
        })
    };
    while !temporary_exists() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the temporary file never appeared"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    // SAFETY: kill(2) with a child's pid and a valid signal number has no memory effects.
    let sent = unsafe { libc::kill(child.0.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let status = child.0.wait().unwrap();
    let mut stderr = String::new();
    child
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    let names = names_in(scratch.path());
    assert!(names.is_empty(), "left behind: {names:?}");
}

#[test]
fn output_files_appear_whole() {
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args([
            "gen",
            "--count",
            "1000",
            "--seed",
            "4",
            "--output",
            "boards.txt",
        ])
        .assert()
        .success();
    let written = std::fs::read_to_string(scratch.path().join("boards.txt")).unwrap();
    assert_eq!(written.lines().count(), 4000);
    let solved = flipgame()
        .args(["solve", "--board", SAMPLE_LINE])
        .output()
        .unwrap();
    assert!(solved.status.success());
}

#[test]
fn a_file_with_lone_cr_line_ends_is_named_as_one() {
    flipgame()
        .arg("solve")
        .write_stdin("bwwb\rbbwb\rbwwb\rbwww\r")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("lone CR line ends"))
        .stderr(predicates::prelude::PredicateBooleanExt::not(
            predicates::str::contains("did you mean"),
        ));
}
