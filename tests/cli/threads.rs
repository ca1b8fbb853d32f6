//! `--threads N` and the default: a search uses the threads it is given, or the CPUs the
//! process may run on (its affinity mask, as `taskset` and Slurm set it), never more; and the
//! answers do not depend on them.

use std::time::{Duration, Instant};

use crate::common::{Reaped, Scratch};

/// The most threads seen in the process that runs `flipgame` with `args` (all on, 61x61 for
/// white: a sweep of minutes over every thread it may use) until `enough` are seen or
/// `watched` has passed, counted from `/proc/PID/task`.
fn most_threads(scratch: &Scratch, prefix: &[&str], args: &[&str], enough: usize) -> usize {
    let on = format!("{}\n", "b".repeat(61)).repeat(61);
    scratch.file("on.txt", on);
    let binary = env!("CARGO_BIN_EXE_flipgame");
    let mut command = match prefix.split_first() {
        Some((program, rest)) => {
            let mut command = std::process::Command::new(program);
            command.args(rest).arg(binary);
            command
        }
        None => std::process::Command::new(binary),
    };
    command
        .args(args)
        .args(["solve", "--size", "61x61", "--goal", "white", "on.txt"])
        .current_dir(scratch.path())
        .stdout(std::process::Stdio::null());
    let child = Reaped(command.spawn().unwrap());
    let tasks = format!("/proc/{}/task", child.0.id());
    // The sweep starts within half a second on this project's machines; three seconds leave
    // room for a slow one (a run given more threads must show them all within it).
    let watched = Duration::from_secs(3);
    let started = Instant::now();
    let mut most = 0;
    while started.elapsed() < watched && most < enough {
        let seen = std::fs::read_dir(&tasks).map_or(0, Iterator::count);
        most = most.max(seen);
        std::thread::sleep(Duration::from_millis(10));
    }
    most
}

/// Whether this system shows a process's threads in /proc/PID/task; says the test is skipped
/// where it does not.
fn threads_can_be_counted() -> bool {
    let can = std::path::Path::new("/proc/self/task").exists();
    if !can {
        eprintln!("skipped: no /proc/PID/task to count a process's threads in");
    }
    can
}

#[test]
fn a_search_uses_the_threads_it_is_given_and_no_more() {
    if !threads_can_be_counted() {
        return;
    }
    let scratch = Scratch::new();
    assert_eq!(most_threads(&scratch, &[], &["--threads", "3"], 3), 3);
    assert_eq!(most_threads(&scratch, &[], &["--threads", "1"], 2), 1);
    // The default: the CPUs the process may run on, here one.
    let taskset = std::process::Command::new("taskset")
        .arg("--version")
        .output();
    if taskset.is_ok_and(|output| output.status.success()) {
        assert_eq!(most_threads(&scratch, &["taskset", "-c", "0"], &[], 2), 1);
    } else {
        eprintln!("skipped the affinity check: no taskset (util-linux)");
    }
}

/// The threads of `flipgame ARGS solve` reading a stream of 4x4 boards from a pipe held open:
/// counted once its first answer is out, while it waits for more.
fn stream_threads(args: &[&str]) -> usize {
    use std::io::{BufRead, Write};
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_flipgame"));
    command
        .args(args)
        .arg("solve")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let mut child = Reaped(command.spawn().unwrap());
    let mut stdin = child.0.stdin.take().unwrap();
    stdin.write_all(crate::common::SAMPLE.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "4\n");
    let tasks = format!("/proc/{}/task", child.0.id());
    let seen = std::fs::read_dir(&tasks).map_or(0, Iterator::count);
    drop(stdin);
    seen
}

/// A stream of 4x4 boards reads ahead on a second thread where it may use two, and stays on
/// one where it is given one.
#[test]
fn a_stream_of_small_boards_reads_ahead_on_a_second_thread_only_where_it_may() {
    if !threads_can_be_counted() {
        return;
    }
    assert_eq!(stream_threads(&["--threads", "1"]), 1);
    assert_eq!(stream_threads(&["--threads", "2"]), 2);
    assert_eq!(stream_threads(&["--threads", "8"]), 2);
}

/// The same answers, in the same order, whatever the threads: a batch of 30x30 scrambles
/// (sweeps over 16 assignments) with one thread, two and five.
#[test]
fn answers_do_not_depend_on_the_threads() {
    let scratch = Scratch::new();
    scratch.file(
        "boards.txt",
        crate::common::scrambles(crate::common::PLUS, 30, 150, 4, 8),
    );
    let answers: Vec<Vec<u8>> = ["1", "2", "5"]
        .iter()
        .map(|threads| {
            let output = scratch
                .flipgame()
                .args(["--threads", threads, "solve", "--taps", "--size", "30x30"])
                .arg("boards.txt")
                .output()
                .unwrap();
            assert!(output.status.success());
            output.stdout
        })
        .collect();
    assert!(!answers[0].is_empty());
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
}

/// `--threads` takes a whole number from 1 to 1024, before or after the subcommand.
#[test]
fn threads_are_a_whole_number_from_one() {
    let scratch = Scratch::new();
    for bad in ["0", "x", "1025", "-1"] {
        scratch
            .flipgame()
            .args(["solve", "--board", "bwwb/bbwb/bwwb/bwww", "--threads", bad])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(format!(
                "error: invalid value '{bad}' for '--threads <N>': expected a number of threads \
                 from 1 to 1024, found '{bad}'"
            )));
    }
    scratch
        .flipgame()
        .args([
            "solve",
            "--threads",
            "1024",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
        ])
        .assert()
        .success()
        .stdout("4\n");
}
