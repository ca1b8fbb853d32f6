//! `solve --judge`, `check` and `gen --judge`: every judge's published samples byte for byte,
//! answers against a brute force that shares nothing with the solver, the checker against
//! outputs wrong in each way a contestant's can be, and the stress-test kit end to end.

use std::path::{Path, PathBuf};

use predicates::prelude::*;

use crate::common::{SAMPLE, Scratch, flipgame};

const JUDGES: [&str; 12] = [
    "poj1753",
    "poj3279",
    "poj1222",
    "poj1681",
    "uva10309",
    "poj3185",
    "leetcode1284",
    "poj2965",
    "timus1122",
    "hdu5755",
    "poj1166",
    "usaco-clocks",
];

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/samples")
}

/// The judge that reads a sample file (`timus1060` is POJ 1753's problem on Timus).
fn judge_of(sample: &str) -> &str {
    if sample == "timus1060" {
        "poj1753"
    } else {
        sample
    }
}

/// A byte-order mark before a tap-list file is read past, as before boards; before a
/// contestant's output it is named, since a judge reads it as part of the first token.
#[test]
fn a_byte_order_mark_is_read_past_in_tap_lists_and_named_in_an_output() {
    let scratch = Scratch::new();
    let lists = scratch.file(
        "lists.txt",
        "\u{feff}bwwb/bbwb/bwwb/bwww r1c1 r2c2 r2c4 r3c1\n",
    );
    flipgame()
        .args(["check", "--tap-lists"])
        .arg(&lists)
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            ":1: finishes the board: yes; the fewest: yes (4 taps given; the fewest is 4); the \
             least of the fewest: yes\n",
        ));
    let bad = scratch.file("bad.txt", "\u{feff}bwwb/bbwb/bwwb/bwwx r1c1\n");
    flipgame()
        .args(["check", "--tap-lists"])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::ends_with(
            "bad.txt:1:19: expected 'b' or 'w', found 'x'\n",
        ));
    let (text, code) = check("poj1753", "\u{feff}4\n");
    assert_eq!(code, 3);
    assert!(
        text.contains(
            "OUT:1:1: expected a number or 'Impossible', found '4' after a byte-order mark \
             (U+FEFF), which judges read as part of it: save the file without one"
        ),
        "{text}"
    );
}

/// A count of cases has no most in these formats, and its message says "1 or more" rather
/// than a range up to 18,446,744,073,709,551,615.
#[test]
fn a_count_of_no_cases_asks_for_one_or_more() {
    for (judge, what) in [
        ("poj1222", "puzzles"),
        ("poj1681", "cases"),
        ("hdu5755", "cases"),
    ] {
        flipgame()
            .args(["solve", "--judge", judge])
            .write_stdin("0\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "error: -:1:1: expected the number of {what}, a number of 1 or more, found '0'\n"
            ));
    }
}

#[test]
fn every_published_sample_is_answered_byte_for_byte() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(samples()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "in") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let expected = std::fs::read(path.with_extension("out")).unwrap();
        let output = flipgame()
            .args(["solve", "--judge", judge_of(&name)])
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{name}: {output:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&expected),
            "{name}"
        );
        // Saved by an editor that marks UTF-8 (Notepad): the same answers.
        let mut marked = b"\xef\xbb\xbf".to_vec();
        marked.extend(std::fs::read(&path).unwrap());
        flipgame()
            .args(["solve", "--judge", judge_of(&name)])
            .write_stdin(marked)
            .assert()
            .success()
            .stdout(String::from_utf8(expected).unwrap());
        seen.push(judge_of(&name).to_string());
    }
    for judge in JUDGES {
        assert!(seen.iter().any(|s| s == judge), "no sample for {judge}");
    }
}

#[test]
fn the_judges_the_help_offers_are_the_judges_the_library_has() {
    flipgame()
        .args(["solve", "--judge", "nosuch"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(JUDGES.join(", ")));
}

#[test]
fn every_sample_output_is_accepted_by_the_checker() {
    for judge in JUDGES {
        let input = samples().join(format!("{judge}.in"));
        let output = samples().join(format!("{judge}.out"));
        flipgame()
            .args(["check", "--judge", judge])
            .arg(&input)
            .arg(&output)
            .assert()
            .success()
            .stdout(predicate::str::ends_with("accepted\n"))
            .stdout(predicate::str::contains("rejected").not())
            .stdout(predicate::str::contains("tolerance").not());
    }
}

// --- An independent answer: every tap set in order of size, then row-major order. ---

/// What a tap at (r, c) turns over under `plus` (the only rule these judges' brute force
/// needs), written out directly from the statement's words.
fn plus_flips(rows: usize, cols: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut cells = vec![(r, c)];
    if r > 0 {
        cells.push((r - 1, c));
    }
    if r + 1 < rows {
        cells.push((r + 1, c));
    }
    if c > 0 {
        cells.push((r, c - 1));
    }
    if c + 1 < cols {
        cells.push((r, c + 1));
    }
    cells
}

/// The fewest taps that turn every cell of `board` clear, and among them the least tap set read
/// row by row as a 0/1 string; `None` when no set does. Tries all 2^cells sets.
fn brute_force(board: &[Vec<bool>]) -> Option<(usize, Vec<Vec<bool>>)> {
    let (rows, cols) = (board.len(), board[0].len());
    let cells = rows * cols;
    assert!(cells <= 16, "brute force is for small boards");
    let mut best: Option<(usize, String)> = None;
    for set in 0u32..1 << cells {
        let mut state: Vec<Vec<bool>> = board.to_vec();
        let mut string = String::new();
        for index in 0..cells {
            // Cell 0 is the string's first character: the most significant choice.
            let tapped = set >> (cells - 1 - index) & 1 == 1;
            string.push(if tapped { '1' } else { '0' });
            if tapped {
                for (r, c) in plus_flips(rows, cols, index / cols, index % cols) {
                    state[r][c] = !state[r][c];
                }
            }
        }
        if state.iter().flatten().any(|&on| on) {
            continue;
        }
        let count = string.matches('1').count();
        let better = match &best {
            None => true,
            Some((best_count, best_string)) => (count, &string) < (*best_count, best_string),
        };
        if better {
            best = Some((count, string));
        }
    }
    best.map(|(count, string)| {
        let bits: Vec<bool> = string.chars().map(|ch| ch == '1').collect();
        (count, bits.chunks(cols).map(<[bool]>::to_vec).collect())
    })
}

/// A reproducible pseudo-random board (xorshift), independent of flipgame's generator.
fn random_board(seed: &mut u64, rows: usize, cols: usize) -> Vec<Vec<bool>> {
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| {
                    *seed ^= *seed << 13;
                    *seed ^= *seed >> 7;
                    *seed ^= *seed << 17;
                    *seed & 1 == 1
                })
                .collect()
        })
        .collect()
}

fn digits(board: &[Vec<bool>]) -> String {
    board
        .iter()
        .map(|row| {
            let cells: Vec<&str> = row.iter().map(|&on| if on { "1" } else { "0" }).collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

#[test]
fn fliptile_answers_are_the_brute_forces_least_fewest_matrix() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    let scratch = Scratch::new();
    for case in 0..40 {
        let (rows, cols) = (1 + case % 4, 1 + (case / 4) % 4);
        let board = random_board(&mut seed, rows, cols);
        let input = format!("{rows} {cols}\n{}", digits(&board));
        let expected = match brute_force(&board) {
            Some((_, taps)) => digits(&taps),
            None => "IMPOSSIBLE\n".to_string(),
        };
        let path = scratch.file("in.txt", &input);
        flipgame()
            .args(["solve", "--judge", "poj3279"])
            .arg(&path)
            .assert()
            .success()
            .stdout(expected);
    }
}

#[test]
fn count_judges_answer_the_brute_forces_fewest() {
    let mut seed = 0x2545_f491_4f6c_dd1d;
    let mut leetcode_input = String::new();
    let mut leetcode_expected = String::new();
    let mut painter_input = String::new();
    let mut painter_expected = String::new();
    for case in 0..20 {
        let (rows, cols) = (1 + case % 3, 1 + (case / 3) % 3);
        let board = random_board(&mut seed, rows, cols);
        let fewest = brute_force(&board).map(|(count, _)| count);
        let matrix: Vec<String> = board
            .iter()
            .map(|row| {
                let cells: Vec<&str> = row.iter().map(|&on| if on { "1" } else { "0" }).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        leetcode_input += &format!("[{}]\n", matrix.join(","));
        leetcode_expected += &fewest.map_or("-1".into(), |n| n.to_string());
        leetcode_expected += "\n";
        let side = 1 + case % 4;
        let square = random_board(&mut seed, side, side);
        let rows: String = square
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&on| if on { 'w' } else { 'y' })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        painter_input += &format!("{side}\n{rows}");
        painter_expected += &brute_force(&square).map_or("inf".into(), |(n, _)| n.to_string());
        painter_expected += "\n";
    }
    flipgame()
        .args(["solve", "--judge", "leetcode1284"])
        .write_stdin(leetcode_input)
        .assert()
        .success()
        .stdout(leetcode_expected);
    flipgame()
        .args(["solve", "--judge", "poj1681"])
        .write_stdin(format!("20\n{painter_input}"))
        .assert()
        .success()
        .stdout(painter_expected);
}

/// Every 4x4 board's fewest taps to one colour, by a breadth-first search from the two
/// finished boards written from the rule's words (`None`: impossible).
fn flip_game_distances() -> Vec<Option<u32>> {
    let mut distance = vec![None; 1 << 16];
    let mut layer = vec![0usize, 0xffff];
    for &board in &layer {
        distance[board] = Some(0);
    }
    let mut steps = 0;
    while !layer.is_empty() {
        steps += 1;
        let mut next = Vec::new();
        for &board in &layer {
            for tap in 0..16 {
                let moved = plus_flips(4, 4, tap / 4, tap % 4)
                    .iter()
                    .fold(board, |moved, &(r, c)| moved ^ 1 << (r * 4 + c));
                if distance[moved].is_none() {
                    distance[moved] = Some(steps);
                    next.push(moved);
                }
            }
        }
        layer = next;
    }
    distance
}

/// A directory with an earlier, larger set of the judge's test files is refused before anything
/// is written (its leftovers would pass for part of the new set); a set that replaces every
/// earlier file, and other files, are fine.
#[test]
fn generated_judge_data_refuses_a_directory_with_an_earlier_larger_set() {
    let scratch = Scratch::new();
    let generate = |count: &str| {
        let mut command = scratch.flipgame();
        command
            .args(["gen", "--judge", "poj1753", "--count", count, "--seed", "1"])
            .args(["--output-dir", "t"]);
        command
    };
    generate("5").assert().success();
    scratch.file("t/notes.txt", "mine");
    let before = std::fs::read(scratch.path().join("t/poj1753-001.in")).unwrap();
    generate("3").assert().code(2).stdout("").stderr(
        "error: t: holds test files of an earlier set that this one would not replace \
         (poj1753-004.ans, poj1753-004.in, poj1753-005.ans and 1 more): remove them, or give \
         another --output-dir\n",
    );
    assert_eq!(
        std::fs::read(scratch.path().join("t/poj1753-001.in")).unwrap(),
        before
    );
    generate("5").assert().success().stderr("");
    generate("6").assert().success().stderr("");
}

/// `gen --judge` writes its cases in a cycle of four: a board drawn among all, a hardest one, an
/// impossible one (where the statement allows them) and one that can be finished.
#[test]
fn generated_judge_data_cycles_through_hard_impossible_and_solvable_boards() {
    let distances = flip_game_distances();
    let hardest = distances.iter().flatten().max().copied();
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args(["gen", "--judge", "poj1753", "--count", "40", "--seed", "3"])
        .args(["--output-dir", "t"])
        .assert()
        .success();
    let mut drawn_impossible = 0;
    for number in 1..=40 {
        let input =
            std::fs::read_to_string(scratch.path().join(format!("t/poj1753-{number:03}.in")))
                .unwrap();
        let board = input
            .chars()
            .filter(|c| !c.is_whitespace())
            .enumerate()
            .fold(0usize, |bits, (i, c)| bits | usize::from(c == 'b') << i);
        match number % 4 {
            // Drawn among all boards: most 4x4 boards cannot be finished.
            1 => drawn_impossible += usize::from(distances[board].is_none()),
            2 => assert_eq!(distances[board], hardest, "case {number}: {input}"),
            3 => assert_eq!(distances[board], None, "case {number}: {input}"),
            _ => assert!(distances[board].is_some(), "case {number}: {input}"),
        }
    }
    assert!(drawn_impossible > 0);
}

#[test]
fn judge_answers_equal_the_core_on_the_same_boards_in_bw_form() {
    // The same boards through the judge's reader and writer, and through plain `solve`.
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args([
            "gen",
            "--judge",
            "poj1681",
            "--count",
            "6",
            "--seed",
            "5",
            "--output-dir",
            "t",
        ])
        .assert()
        .success();
    // A judge that takes several cases an input gets a few in some of its files.
    let mut most_cases = 0;
    for number in 1..=6 {
        let input =
            std::fs::read_to_string(scratch.path().join(format!("t/poj1681-{number:03}.in")))
                .unwrap();
        let announced: usize = input.lines().next().unwrap().parse().unwrap();
        most_cases = most_cases.max(announced);
        let answers =
            std::fs::read_to_string(scratch.path().join(format!("t/poj1681-{number:03}.ans")))
                .unwrap();
        let mut lines = input.lines().skip(1);
        let mut expected = String::new();
        while let Some(side) = lines.next() {
            let side: usize = side.parse().unwrap();
            let board: Vec<String> = (0..side)
                .map(|_| lines.next().unwrap().replace('w', "b").replace('y', "w"))
                .collect();
            let output = flipgame()
                .args([
                    "solve",
                    "--goal",
                    "white",
                    "--size",
                    &format!("{side}x{side}"),
                ])
                .args(["--board", &board.join("/")])
                .output()
                .unwrap();
            let text = String::from_utf8(output.stdout).unwrap();
            expected += &text.replace("Impossible", "inf");
        }
        assert_eq!(answers, expected, "poj1681-{number:03}");
    }
    assert!(most_cases > 1, "{most_cases}");
}

// --- The checker. ---

/// Runs `check --judge` on a sample input and this output; returns stdout and the exit code.
fn check(judge: &str, output: &str) -> (String, i32) {
    let scratch = Scratch::new();
    let path = scratch.file("out.txt", output);
    let result = flipgame()
        .args(["check", "--judge", judge])
        .arg(samples().join(format!("{judge}.in")))
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(result.stdout)
        .unwrap()
        .replace(path.to_str().unwrap(), "OUT");
    (text, result.status.code().unwrap())
}

#[test]
fn wrong_counts_are_rejected_with_the_reason_and_place() {
    let cases = [
        (
            "poj1753",
            "5\n",
            "OUT:1:1: 5 is not the fewest: the fewest is 4",
        ),
        (
            "poj1753",
            "3\n",
            "OUT:1:1: 3 is fewer than any taps can do: the fewest is 4",
        ),
        (
            "poj1753",
            "Impossible\n",
            "OUT:1:1: the board can be finished, in 4 taps",
        ),
        // The word in another case, where the board can be finished: the number is asked for,
        // not the word spelt right.
        (
            "poj1753",
            "impossible\n",
            "OUT:1:1: expected 4, found 'impossible': the board can be finished",
        ),
        (
            "poj1681",
            "INF\n",
            "OUT:1:1: expected 0, found 'INF': the board can be finished",
        ),
        // The right number written another way: a judge comparing text says wrong answer.
        ("poj1753", "04\n", "OUT:1:1: expected '4', found '04'"),
        ("poj1753", "+4\n", "OUT:1:1: expected '4', found '+4'"),
        (
            "timus1122",
            "-0\n",
            "OUT:1:1: expected 'Impossible', found '-0'",
        ),
        (
            "leetcode1284",
            "3\n0\n-01\n6\n",
            "OUT:3:1: expected '-1', found '-01': -1 written another way",
        ),
        (
            "timus1122",
            "4\n",
            "OUT:1:1: 4: the board cannot be finished, so the answer is Impossible",
        ),
        // Another word where only the word is right: no hint of its case.
        (
            "timus1122",
            "three\n",
            "OUT:1:1: expected a number or 'Impossible', found 'three'\n",
        ),
        (
            "timus1122",
            "impossible\n",
            "expected 'Impossible', found 'impossible': judges compare words exactly",
        ),
        (
            "poj1681",
            "0\nINF\n",
            "OUT:2:1: expected 15, found 'INF': the board can be finished",
        ),
        (
            "leetcode1284",
            "3\n0\n1\n6\n",
            "OUT:3:1: 1: the board cannot be finished, so the answer is -1",
        ),
        (
            "poj3185",
            "three\n",
            "OUT:1:1: expected a number or 'Impossible', found 'three'",
        ),
        (
            "uva10309",
            "all_off 0\nall_on 43\nsimple 4\n",
            "OUT:2:8: 43 is fewer than any taps can do",
        ),
        (
            "poj1222",
            "PUZZLE #2\n",
            "OUT:1:8: expected '#1', found '#2'",
        ),
        (
            "poj1222",
            "PUZZLES #1\n",
            "OUT:1:1: expected 'PUZZLE #1', found 'PUZZLES'",
        ),
        (
            "uva10309",
            "all_off 0\nall_on 44\nsimpl 4\n",
            "OUT:3:1: expected the case's name 'simple', found 'simpl'",
        ),
    ];
    for (judge, output, reason) in cases {
        let (text, code) = check(judge, output);
        assert_eq!(code, 3, "{judge} {output:?}: {text}");
        assert!(text.contains(reason), "{judge} {output:?}: {text}");
        assert!(text.contains("rejected"), "{text}");
    }
}

#[test]
fn a_mistake_in_a_headed_output_costs_only_its_own_case() {
    let right = std::fs::read_to_string(samples().join("poj1222.out")).unwrap();
    // A wrong header number, then a matrix cut short: case 2 is found by its header both times.
    let wrong_header = right.replacen("PUZZLE #1", "PUZZLE #2", 1);
    let lines: Vec<&str> = right.lines().collect();
    let cut_short = [&lines[..3], &lines[6..]].concat().join("\n") + "\n";
    for (output, reason) in [
        (
            wrong_header,
            "case 1: rejected: OUT:1:8: expected '#1', found '#2'",
        ),
        (
            cut_short,
            "case 1: rejected: OUT:4:1: expected 0 or 1 for r3c1, found 'PUZZLE'",
        ),
    ] {
        let (text, code) = check("poj1222", &output);
        assert_eq!(code, 3);
        assert!(text.contains(reason), "{text}");
        assert!(text.contains("case 2: accepted\n"), "{text}");
    }
}

#[test]
fn output_past_a_single_case_is_rejected_in_words_that_fit() {
    let (text, code) = check("poj1753", "4\n5\n");
    assert_eq!(code, 3);
    assert!(
        text.contains("rejected: OUT:2:1: the output goes on after its one case\n"),
        "{text}"
    );
}

#[test]
fn after_a_rejection_the_next_case_starts_on_the_next_line() {
    let (text, code) = check("poj1681", "1 and more\n15\n");
    assert_eq!(code, 3);
    assert!(
        text.starts_with("case 1: rejected: OUT:1:1: 1 is not the fewest"),
        "{text}"
    );
    assert!(text.contains("case 2: accepted\n"), "{text}");
    // The place of a later rejection counts the skipped line: case 2 starts on line 2.
    let (text, _) = check("poj1681", "1 and more\n16\n");
    assert!(
        text.contains("case 2: rejected: OUT:2:1: 16 is not the fewest: the fewest is 15"),
        "{text}"
    );
}

#[test]
fn a_case_that_cannot_be_answered_does_not_stop_the_next() {
    // Bowl 20 alone upside down cannot be fixed (see below); bowls 1 and 2 take one flip, of
    // bowl 1 (a flip turns a bowl and its neighbours).
    let bowls = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1\n\
                 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
    flipgame()
        .args(["solve", "--judge", "poj3185"])
        .write_stdin(bowls)
        .assert()
        .code(2)
        .stdout("1\n")
        .stderr(predicate::str::contains("-:1: case 1:"));
}

#[test]
fn a_board_at_the_statements_bound_of_100_presses_is_answered() {
    // Pressing all 100 lights of a dark 10x10 board leaves on the cells touched an odd number
    // of times (`O`): the 64 inner cells (5 presses) and the 4 corners (3), not the other edge
    // cells (4). The 10x10 plus game has a trivial null space (OEIS A075462: 0 at n = 10), so those
    // 100 presses are the only way back, and the judge's bound is "at most 100".
    let mut input = String::from("hundred\n");
    for row in 0..10 {
        for col in 0..10 {
            let edges = usize::from(row == 0 || row == 9) + usize::from(col == 0 || col == 9);
            input.push(if edges == 1 { '#' } else { 'O' });
        }
        input.push('\n');
    }
    input += "end\n";
    flipgame()
        .args(["solve", "--judge", "uva10309"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("hundred 100\n");
}

#[test]
fn tap_matrices_are_rejected_when_unfinished_not_fewest_or_not_least() {
    let (text, code) = check("poj3279", "0 1 1 0\n0 0 0 0\n0 0 0 0\n0 1 1 0\n");
    assert_eq!(code, 3);
    assert!(text.contains("OUT:1:1: a fewest tap set, but not the least one the judge asks for: read row by row, the least has 0 at r1c2"), "{text}");
    let (text, _) = check("poj3279", "0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 1\n");
    assert!(
        text.contains("these 5 taps leave the board unfinished, first at r3c4"),
        "{text}"
    );
    let (text, _) = check("poj3279", "0 0 0 0\n1 0 0 1\n1 0 0 1\n");
    assert!(
        text.contains("expected a 4x4 matrix of 0 and 1, found the end after 12 cells"),
        "{text}"
    );
    // Another set that finishes the board, with more flips than the fewest.
    let sample = [[1, 0, 0, 1], [0, 1, 1, 0], [0, 1, 1, 0], [1, 0, 0, 1]];
    let board: Vec<Vec<bool>> = sample
        .iter()
        .map(|row| row.map(|c| c == 1).to_vec())
        .collect();
    let longer = (0u32..1 << 16)
        .map(|set| {
            (0..4)
                .map(|r| (0..4).map(|c| set >> (15 - (r * 4 + c)) & 1 == 1).collect())
                .collect::<Vec<Vec<bool>>>()
        })
        .find(|taps| {
            let mut state = board.clone();
            for (r, row) in taps.iter().enumerate() {
                for (c, &tapped) in row.iter().enumerate() {
                    if tapped {
                        for (fr, fc) in plus_flips(4, 4, r, c) {
                            state[fr][fc] = !state[fr][fc];
                        }
                    }
                }
            }
            let count = taps.iter().flatten().filter(|&&t| t).count();
            count > 4 && state.iter().flatten().all(|&on| !on)
        })
        .unwrap();
    let count = longer.iter().flatten().filter(|&&t| t).count();
    let (text, code) = check("poj3279", &digits(&longer));
    assert_eq!(code, 3);
    assert!(
        text.contains(&format!(
            "OUT:1:1: these {count} taps finish the board but are not the fewest: the fewest is 4"
        )),
        "{text}"
    );
    let (text, _) = check("poj3279", "IMPOSSIBLE\n");
    assert!(
        text.contains("the board can be finished, in 4 taps"),
        "{text}"
    );
    let (text, _) = check("poj3279", "0 0 0 0\n1 0 0 1\n1 0 2 1\n0 0 0 0\n");
    assert!(
        text.contains("OUT:3:5: expected 0 or 1 for r3c3, found '2'"),
        "{text}"
    );
    // A press pattern that finishes the board with more presses than needed.
    let scratch = Scratch::new();
    let input = scratch.file("in.txt", "1 3\n0 0 0\n");
    let output = scratch.file("out.txt", "1 1 1\n");
    scratch
        .flipgame()
        .args(["check", "--judge", "poj3279"])
        .arg(&input)
        .arg(&output)
        .assert()
        .code(3)
        .stdout(predicate::str::contains(
            "these 3 taps leave the board unfinished",
        ));
}

#[test]
fn the_refrigerator_accepts_any_order_and_counts_every_switching() {
    let (text, code) = check("poj2965", "6\n4 4\n1 3\n4 1\n1 1\n4 3\n1 4\n");
    assert_eq!(
        (text.as_str(), code),
        ("case 1: accepted\n1 of 1 case accepted\n", 0)
    );
    let (text, code) = check("poj2965", "8\n1 1\n1 3\n1 4\n4 1\n4 3\n4 4\n2 2\n2 2\n");
    assert_eq!(code, 3);
    assert!(
        text.contains("OUT:1:1: 8 switchings are not the fewest: the fewest is 6"),
        "{text}"
    );
    let (text, _) = check("poj2965", "6\n1 1\n1 3\n1 4\n4 1\n4 3\n");
    assert!(
        text.contains("announces 6 switchings, but the output ends after 5"),
        "{text}"
    );
    let (text, _) = check("poj2965", "6\n1 1\n1 3\n1 4\n4 1\n4 3\n4 2\n");
    assert!(text.contains("leave the board unfinished"), "{text}");
    let (text, _) = check("poj2965", "6\n1 1\n1 3\n1 4\n4 1\n4 3\n5 4\n");
    assert!(
        text.contains("OUT:7:1: expected a row from 1 to 4, found '5'"),
        "{text}"
    );
}

#[test]
fn whitespace_the_judges_tolerate_is_accepted_and_named() {
    let (text, code) = check("poj3279", "0 0  0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n");
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("case 1: accepted (relies on whitespace tolerance: OUT:1:4: found \"  \" where the judge prints one space"),
        "{text}"
    );
    let (text, code) = check("poj1753", "4");
    assert_eq!(code, 0);
    assert!(
        text.contains("found nothing after the last token where the judge prints a line break"),
        "{text}"
    );
    let (text, code) = check("poj1681", "0 \r\n15\n");
    assert_eq!(code, 0);
    assert!(
        text.contains(
            "case 1: accepted (relies on whitespace tolerance: OUT:1:2: found \" \\r\\n\""
        ),
        "{text}"
    );
    assert!(text.contains("case 2: accepted\n"), "{text}");
}

#[test]
fn output_past_the_last_case_is_rejected_and_jsonl_gives_one_object_per_case() {
    let (text, code) = check("poj1681", "0\n15\n7\n");
    assert_eq!(code, 3);
    assert!(
        text.contains("after the last case: rejected: OUT:3:1: the output goes on after the last of the 2 cases"),
        "{text}"
    );
    assert!(text.ends_with("2 of 2 cases accepted\n"), "{text}");
    let scratch = Scratch::new();
    let path = scratch.file("out.txt", "0\n16\n");
    let output = flipgame()
        .args(["check", "--format", "jsonl", "--judge", "poj1681"])
        .arg(samples().join("poj1681.in"))
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["verdict"], "accepted");
    assert_eq!(lines[0]["reason"], serde_json::Value::Null);
    assert_eq!(lines[1]["case"], 2);
    assert_eq!(lines[1]["verdict"], "rejected");
    let reason = lines[1]["reason"].as_str().unwrap();
    assert!(
        reason.ends_with(":2:1: 16 is not the fewest: the fewest is 15"),
        "{reason}"
    );
}

#[test]
fn a_tap_list_is_judged_finished_fewest_and_least() {
    flipgame()
        .args([
            "check",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
            "--taps",
            "r1c1 r1c2 r1c3 r1c4",
        ])
        .assert()
        .code(3)
        .stdout(
            "finishes the board: no\nthe fewest: no (4 taps given; the fewest is 4)\nthe least \
             of the fewest: no\n",
        );
    let taps = String::from_utf8(
        flipgame()
            .args(["solve", "--taps", "--board", "bwwb/bbwb/bwwb/bwww"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let list: Vec<&str> = taps
        .split_whitespace()
        .filter(|w| w.starts_with('r'))
        .collect();
    flipgame()
        .args([
            "check",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
            "--taps",
            &list.join(","),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("the least of the fewest: yes"));
    // Reversed, the same set: taps commute.
    let reversed: Vec<&str> = list.iter().rev().copied().collect();
    flipgame()
        .args([
            "check",
            "--format",
            "jsonl",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
        ])
        .args(["--taps", &reversed.join(" ")])
        .assert()
        .success()
        .stdout("{\"solution\":true,\"taps\":4,\"fewest\":4,\"optimal\":true,\"least\":true}\n");
    flipgame()
        .args(["check", "--board", "bwwb/bbwb/bwwb/bwww", "--taps", "r5c1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--taps:1:1: expected a tap such as r1c2 (rows 1 to 4, columns 1 to 4), found 'r5c1'",
        ));
    flipgame()
        .args(["check", "--board", "bwbw/wwww/bbwb/bwwb", "--taps", "r1c1"])
        .assert()
        .code(3)
        .stdout(predicate::str::contains(
            "the fewest is none: the board cannot be finished",
        ));
}

#[test]
fn a_file_of_tap_lists_gets_a_verdict_a_line_and_errors_at_their_place() {
    let scratch = Scratch::new();
    scratch.file(
        "lists.txt",
        "# a comment\n\
         bwwb/bbwb/bwwb/bwww r1c1 r2c2 r2c4 r3c1\n\
         \x20 bwwb/bbwb/bwwb/bwww r1c1,r2c2\n\
         bwwb/bbwb/bwwb/bwwx r1c1\n\
         bwwb/bbwb/bwwb/bwww r1c1 r9c9\n\
         \n\
         bwbw/wwww/bbwb/bwwb\n\
         \x20 bwwb/bbwb/bwwb/bwww  r0c1\n",
    );
    scratch
        .flipgame()
        .args(["check", "--tap-lists", "lists.txt"])
        .assert()
        .code(2)
        .stdout(
            "lists.txt:2: finishes the board: yes; the fewest: yes (4 taps given; the fewest is \
             4); the least of the fewest: yes\n\
             lists.txt:3: finishes the board: no; the fewest: no (2 taps given; the fewest is \
             4); the least of the fewest: no\n\
             lists.txt:7: finishes the board: no; the fewest: no (0 taps given; the fewest is \
             none: the board cannot be finished); the least of the fewest: no\n",
        )
        // Only the bad lines: not the comment or the blank line; places count the indent.
        .stderr(
            "error: lists.txt:4:19: expected 'b' or 'w', found 'x'\n\
             error: lists.txt:5:26: expected a tap such as r1c2 (rows 1 to 4, columns 1 to 4), \
             found 'r9c9'\n\
             error: lists.txt:8:24: expected a tap such as r1c2 (rows 1 to 4, columns 1 to 4), \
             found 'r0c1'\n",
        );
    let only_good = scratch.file("good.txt", "bwwb/bbwb/bwwb/bwww r1c1 r2c2 r2c4 r3c1\n");
    scratch
        .flipgame()
        .args(["check", "--format", "jsonl", "--tap-lists"])
        .arg(&only_good)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\"source\":").and(predicate::str::contains("\"least\":true")),
        );
    scratch
        .flipgame()
        .args(["check", "--tap-lists", "lists.txt", "--board", "bwwb"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

/// A tap-list line longer than any board of the size and its taps is refused without being
/// held, and the lines around it are judged; a long word is quoted short.
#[test]
fn tap_lists_refuse_a_line_longer_than_any_board_and_quote_long_words_short() {
    let scratch = Scratch::new();
    let good = "bwwb/bbwb/bwwb/bwww r1c1 r2c2 r2c4 r3c1";
    let word = "r".repeat(1000);
    let text = format!("{good}\n{}\n{good} {word}\n{good}\n", "r".repeat(5000));
    scratch.file("lists.txt", &text);
    scratch
        .flipgame()
        .args(["check", "--tap-lists", "lists.txt"])
        .assert()
        .code(2)
        .stdout(predicate::function(|out: &str| out.lines().count() == 2))
        .stderr(format!(
            "error: lists.txt:2:1: expected a board and its taps, found a line of 5,000 bytes, \
             longer than any 4x4 board and its taps\n\
             error: lists.txt:3:41: expected a tap such as r1c2 (rows 1 to 4, columns 1 to 4), \
             found '{}...' (1,000 characters)\n",
            "r".repeat(40)
        ));
}

// --- Reading judges' inputs: errors say where, and good cases around them are answered. ---

#[test]
fn a_bad_case_is_reported_where_it_is_and_the_others_are_answered() {
    let input = "2\n\
        0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n\
        0 0 1 0 1 0\n1 0 1 0 11 1\n0 0 1 0 1 1\n1 0 1 1 0 0\n0 1 0 1 0\n0 1\n";
    flipgame()
        .args(["solve", "--judge", "poj1222"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(predicate::str::starts_with("PUZZLE #1\n1 0 1 0 0 1\n"))
        .stdout(predicate::str::contains("PUZZLE #2").not())
        .stderr(predicate::str::contains(
            "-:8:9: expected 0 or 1, found '11': the judge reads one number per cell, separated \
             by spaces",
        ))
        // What follows a bad last case is the rest of it, not text past the cases.
        .stderr(predicate::str::contains("announces").not());
    flipgame()
        .args(["solve", "--judge", "poj1681"])
        .write_stdin("1\n3\ny y y\ny y y\ny y y\n")
        .assert()
        .code(2)
        .stderr(
            "error: -:3:2: expected a row of 3 letters, found 1 character (a row's letters go \
             together, with no space between them)\n",
        );
    // A row short of a letter, with nothing more on its line, is no spaced row.
    flipgame()
        .args(["solve", "--judge", "poj1681"])
        .write_stdin("1\n3\nyy\nyyy\nyyy\n")
        .assert()
        .code(2)
        .stderr("error: -:3:3: expected a row of 3 letters, found 2 characters\n");
    // Past a good last case, text is past the cases.
    flipgame()
        .args(["solve", "--judge", "poj1681"])
        .write_stdin("1\n1\ny\nw\n")
        .assert()
        .code(2)
        .stdout("0\n")
        .stderr(
            "error: -:4:1: the first line announces 1 case, so the judge never reads from here \
             on\n",
        );
}

#[test]
fn once_a_judge_reader_loses_its_place_it_answers_nothing_more() {
    const LOST: &str = "nothing in this format marks where the next case starts, so no case \
                        after this one is read";
    // A case count where POJ 3279 has none: M = 1 with no N on its line.
    flipgame()
        .args(["solve", "--judge", "poj3279"])
        .write_stdin("1\n4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "-:1:2: expected N, the columns, on this line, found the end of the line; {LOST}"
        )));
    // The same with the count left off: N taken from the board's first row answered two
    // cases that are not in the input.
    flipgame()
        .args(["solve", "--judge", "poj3279"])
        .write_stdin("4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "error: -:1:2: expected N, the columns, on this line, found the end of the line; \
             {LOST}\n"
        ));
    flipgame()
        .args(["solve", "--judge", "hdu5755"])
        .write_stdin("1\n2\n3 1 0\n1 1 1\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "-:2:2: expected M, the columns, on this line, found the end of the line",
        ));
    // Cells past the last row's end would start the next case: the row is too long.
    for (judge, input, message) in [
        (
            "poj3279",
            "2 2\n1 0\n0 0 2 2\n",
            "-:3:5: expected each row of 2 tiles on a line of its own, as the statement lays \
             them out: row 2 has more than 2 tiles",
        ),
        (
            "poj3185",
            "0 0 1 1 1 0 0 1 1 0 1 1 0 0 0 0 0 0 0 0 1\n",
            "-:1:41: expected each row of 20 bowls on a line of its own, as the statement lays \
             them out: row 1 has more than 20 bowls",
        ),
    ] {
        flipgame()
            .args(["solve", "--judge", judge])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    // One cell missing: the next case's header would be read as cells. Nothing is answered
    // after the first case, not even the well-formed one a scanf reader would find.
    flipgame()
        .args(["solve", "--judge", "poj3279"])
        .write_stdin("1 1\n0\n2 2\n1 0\n0\n1 1\n1\n")
        .assert()
        .code(2)
        .stdout("0\n")
        .stderr(predicate::str::contains(format!(
            "-:6:1: expected each row of 2 tiles on a line of its own, as the statement lays \
             them out: row 2 has 1 of its 2 tiles; {LOST}"
        )));
    // Counted cases: a bad one in the middle ends the reading there.
    flipgame()
        .args(["solve", "--judge", "poj1681"])
        .write_stdin("3\n1\ny\n1\nx\n1\nw\n")
        .assert()
        .code(2)
        .stdout("0\n")
        .stderr(predicate::str::contains(format!(
            "-:5:1: expected 'w' or 'y', found 'x'; {LOST}"
        )));
}

#[test]
fn a_sample_printed_on_one_line_still_reads_as_scanf_reads_it() {
    // Some copies of the POJ 3279 statement print the sample input on one line.
    flipgame()
        .args(["solve", "--judge", "poj3279"])
        .write_stdin("4 4 1 0 0 1 0 1 1 0 0 1 1 0 1 0 0 1\n")
        .assert()
        .success()
        .stdout("0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n");
}

#[test]
fn a_case_beyond_the_statements_limits_is_answered_with_a_note_quoting_them() {
    for (judge, input, limit) in [
        (
            "poj3279",
            format!("16 1\n{}", "0\n".repeat(16)),
            "1 <= M <= 15; 1 <= N <= 15",
        ),
        (
            "leetcode1284",
            "[[0,0,0,0]]\n".to_string(),
            "1 <= m, n <= 3",
        ),
        (
            "poj1681",
            format!("1\n16\n{}", "yyyyyyyyyyyyyyyy\n".repeat(16)),
            "1 <= n <= 15",
        ),
    ] {
        let output = flipgame()
            .args(["solve", "--judge", judge])
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(output.status.success(), "{judge}: {output:?}");
        assert!(!output.stdout.is_empty(), "{judge}: answered all the same");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("note: -:"), "{judge}: {stderr}");
        assert!(
            stderr.contains(&format!("outside the statement's limits ({limit})")),
            "{judge}: {stderr}"
        );
    }
    // Within the limits: no note.
    flipgame()
        .args(["solve", "--judge", "poj3279"])
        .write_stdin("15 1\n".to_string() + &"0\n".repeat(15))
        .assert()
        .success()
        .stderr("");
}

#[test]
fn row_judges_find_the_next_case_after_a_bad_one_as_plain_solve_does() {
    // A count line (POJ 1753 has none) is skipped on its own: both boards are answered.
    flipgame()
        .args(["solve", "--judge", "poj1753"])
        .write_stdin("2\nbwwb\nbbwb\nbwwb\nbwww\nbwbw\nwwww\nbbwb\nbwwb\n")
        .assert()
        .code(2)
        .stdout("4\nImpossible\n")
        .stderr(predicate::str::contains(
            "-:1:1: expected a row of 'b' or 'w', found '2': the line is not a row (such as a \
             count or a separator), so it is skipped on its own",
        ));
    // A damaged row spoils its board, a row missing (a blank line) its board, two rows on a
    // line theirs: each costs one case, and no board is made of two.
    let input = "bwwb\nbbxb\nbwwb\nbwww\n\
                 bwwb\nbbwb\nbwwb\n\n\
                 bwbw\nwwww\nbbwb\nbwwb\n\
                 bwwb bbwb\nbwwb\nbwww\nbwww\n\
                 bwwb\nbbwb\nbwwb\nbwww\n";
    flipgame()
        .args(["solve", "--judge", "poj1753"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("Impossible\n4\n")
        .stderr(predicate::str::contains(
            "-:2:3: expected 'b' or 'w', found 'x'",
        ))
        .stderr(predicate::str::contains(
            "-:8:1: expected row 4 of 4 of the case from line 5, found a blank line",
        ))
        .stderr(predicate::str::contains(
            "-:13:6: expected row 2 of 4 of the case from line 13 on a line of its own",
        ));
}

#[test]
fn a_bad_uva_case_costs_only_its_own_eleven_lines() {
    let dark = "##########\n".repeat(10);
    let mut damaged = dark.clone();
    damaged.replace_range(24..25, "x");
    let short = "##########\n".repeat(9) + "\n";
    for (bad, error) in [
        (
            format!("a\n{damaged}"),
            "-:4:3: expected 'O' or '#', found 'x'",
        ),
        (
            format!("a\n{short}"),
            "-:11:1: expected row 10 of 10 of the case from line 2, found a blank line",
        ),
        (
            format!("a b\n{dark}"),
            "-:1:3: expected the case's name 'a' alone on its line, found more after it",
        ),
    ] {
        flipgame()
            .args(["solve", "--judge", "uva10309"])
            .write_stdin(format!("{bad}dark\n{dark}end\n"))
            .assert()
            .code(2)
            .stdout("dark 0\n")
            .stderr(predicate::str::contains(error));
    }
}

#[test]
fn a_huge_token_is_quoted_short_with_its_length() {
    let huge = "7".repeat(1_000_000);
    let input = format!("{huge}\n");
    let output = flipgame()
        .args(["solve", "--judge", "poj3279"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "error: -:1:1: expected M, the rows, a number from 1 to 10000, found '{}...' \
             (1,000,000 characters)\n",
            "7".repeat(40)
        )
    );
    // The same in a contestant's output.
    let scratch = Scratch::new();
    let (judge_input, contestant) = (scratch.file("in", SAMPLE), scratch.file("out", input));
    let output = flipgame()
        .args(["check", "--judge", "poj1753"])
        .arg(judge_input)
        .arg(contestant)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.len() < 300,
        "{} bytes: {}",
        stdout.len(),
        &stdout[..300]
    );
    assert!(stdout.contains("(1,000,000 characters)"), "{stdout}");
}

/// A name past the statement's 100 characters is refused, quoted short, and costs only its
/// case: the answer writes the name back, so a 1 MB name would be a 1 MB answer.
#[test]
fn a_uva_name_past_a_hundred_characters_is_refused_and_costs_only_its_case() {
    let dark = "##########\n".repeat(10);
    let (longest, too_long) = ("n".repeat(100), "n".repeat(1_000_000));
    flipgame()
        .args(["solve", "--judge", "uva10309"])
        .write_stdin(format!("{longest}\n{dark}{too_long}\n{dark}b\n{dark}end\n"))
        .assert()
        .code(2)
        .stdout(format!("{longest} 0\nb 0\n"))
        .stderr(format!(
            "error: -:12:1: expected the case's name, of 1 to 100 characters as the statement \
             says, found '{}...' (1,000,000 characters)\n",
            "n".repeat(40)
        ));
}

/// Places on a long line of many tokens are counted as the line is read, right to the end, and
/// a long stretch of spaces is described short.
#[test]
fn places_on_a_long_line_and_a_long_gap_are_told_short() {
    // 20,000 cases of 30 cells on one line of 1.2 MB, then a bad cell.
    let cases = 20_000;
    let input = format!("{cases} {}x\n", "0 ".repeat(30 * cases - 1));
    let column = input.len() - 1;
    flipgame()
        .args(["solve", "--judge", "poj1222"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(format!("error: -:1:{column}: expected 0 or 1, found 'x'\n"));
    let scratch = Scratch::new();
    let judge_input = scratch.file("in", "bwwb\nbbwb\nbwwb\nbwww\n");
    let contestant = scratch.file("out", format!("4{}\n", " ".repeat(1_000_000)));
    flipgame()
        .args(["check", "--judge", "poj1753"])
        .arg(judge_input)
        .arg(contestant)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "found \"{}...\" (1,000,001 characters) after the last token where the judge prints \
             a line break",
            " ".repeat(40)
        )));
}

#[test]
fn leetcode_places_count_the_indent_and_the_mat_prefix() {
    flipgame()
        .args(["solve", "--judge", "leetcode1284"])
        .write_stdin("  mat = [[0,1],[1]]\n   [[0,\n\t[[1]]\n")
        .assert()
        .code(2)
        .stdout("1\n")
        .stderr(predicate::str::contains(
            "-:1:16: row 2 has 1 cell but row 1 has 2",
        ))
        .stderr(predicate::str::contains("-:2:7: expected a matrix such as"));
}

/// A cell that is no 0 or 1 is said at its own column: a string holding commas and brackets,
/// a list that stands for a cell, a cell after a tab.
#[test]
fn a_leetcode_cell_that_is_no_digit_is_said_where_it_is() {
    flipgame()
        .args(["solve", "--judge", "leetcode1284"])
        .write_stdin("[[0,0],[0,2]]\n[[0, \"a,]\"], [0, 0]]\n[[0,0],[0, [1]]]\n[[0,0],[0,\t2]]\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: -:1:11: r2c2: expected 0 or 1, found 2\nerror: -:2:6: r1c2: expected 0 or \
             1, found \"a,]\"\nerror: -:3:12: r2c2: expected 0 or 1, found [1]\nerror: -:4:12: r2c2: \
             expected 0 or 1, found 2\n",
        );
}

/// Found by the `judges` fuzz target: a name that starts with a byte-order mark in the middle of
/// an input could not be written back as it was read (at the start of an input the mark is
/// skipped), so names are held to printable ASCII, as the statement's are.
#[test]
fn a_uva_name_of_other_characters_is_refused_and_costs_only_its_case() {
    let dark = "##########\n".repeat(10);
    flipgame()
        .args(["solve", "--judge", "uva10309"])
        .write_stdin(format!("a\n{dark}\u{feff}_on\n{dark}b\n{dark}end\n"))
        .assert()
        .code(2)
        .stdout("a 0\nb 0\n")
        .stderr(predicate::str::contains(
            "-:12:1: expected the case's name in letters, digits and signs, found '_on' after a \
             byte-order mark (U+FEFF)",
        ));
}

/// HDU 5755: a rejected answer costs its own case only. The next answer starts at the next
/// line of one number (a choice's line has two), whether the answer was cut short, its count
/// was above 2NM, or a choice was malformed.
#[test]
fn an_hdu5755_mistake_costs_one_case() {
    let scratch = Scratch::new();
    // Case 2's board is the one the five choices below finish, by the statement's rule (a
    // choice adds 2 at its cell and 1 at each of its four neighbours, mod 3).
    scratch.file(
        "in.txt",
        "2\n3 3\n0 0 0\n0 0 0\n0 0 0\n3 3\n1 0 1\n0 1 0\n1 0 1\n",
    );
    let second = "5\n1 1\n1 3\n2 2\n3 1\n3 3\n";
    for (first, reason) in [
        (
            "2\n1 2\n",
            "3:1: expected choice 2 of 2, a line of two numbers x y, found a line of one \
             number, '5' (the next case's count?)",
        ),
        (
            "19\n1 1\n",
            "1:1: expected the number of choices, from 0 to 2NM = 18, found '19'",
        ),
        (
            "2\n1 x\n1 1\n",
            "2:3: expected the column y of choice 1, from 1 to 3, found 'x'",
        ),
    ] {
        scratch
            .flipgame()
            .args(["check", "--judge", "hdu5755", "in.txt", "-"])
            .write_stdin(format!("{first}{second}"))
            .assert()
            .code(3)
            .stdout(format!(
                "case 1: rejected: -:{reason}\ncase 2: accepted\n1 of 2 cases accepted\n"
            ));
    }
}

/// A case of the input that cannot be read has its answer passed over (one line in POJ 1753),
/// so that the next answer meets the next case.
#[test]
fn check_passes_over_the_answer_to_an_unreadable_case() {
    let scratch = Scratch::new();
    scratch.file(
        "in.txt",
        "bwwb\nbbwb\nbwwb\nbwww\n\nbwxb\nbbwb\nbwwb\nbwww\n\nbbbb\nbbbb\nbbbb\nbbbb\n",
    );
    scratch
        .flipgame()
        .args(["check", "--judge", "poj1753", "in.txt", "-"])
        .write_stdin("4\nImpossible\n0\n")
        .assert()
        .code(2)
        .stdout(
            "case 1: accepted\ncase 3: accepted\n2 of 2 cases accepted; 1 case of the input \
             could not be judged\n",
        )
        .stderr("error: in.txt:6:3: expected 'b' or 'w', found 'x'\n");
}

/// A clock of the other judge's format in check's input points at that judge by its flag, as
/// solve's reader does.
#[test]
fn check_points_a_clock_of_the_other_format_at_its_judge() {
    let scratch = Scratch::new();
    scratch.file("in.txt", "0 0 1\n2 2 2\n2 1 2\n");
    scratch
        .flipgame()
        .args(["check", "--judge", "usaco-clocks", "in.txt", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "in.txt:1:1: expected a clock at 3, 6, 9 or 12, found '0' (for clocks written 0 to 3, \
             give --judge poj1166)",
        ));
}

/// One case judged (and rejected) beside two unreadable ones: each count takes its own number,
/// so "0 of 1 case" and "2 cases ... could not be judged" agree with the verdicts above them.
#[test]
fn check_counts_one_case_judged_and_two_unreadable_in_words_that_agree() {
    let scratch = Scratch::new();
    scratch.file(
        "in.txt",
        "bwwb\nbbwb\nbwwb\nbwww\n\nbwxb\nbbwb\nbwwb\nbwww\n\nbbbb\nbbbb\nbbxb\nbbbb\n",
    );
    scratch
        .flipgame()
        .args(["check", "--judge", "poj1753", "in.txt", "-"])
        .write_stdin("5\nImpossible\n0\n")
        .assert()
        .code(2)
        .stdout(
            "case 1: rejected: -:1:1: 5 is not the fewest: the fewest is 4\n0 of 1 case \
             accepted; 2 cases of the input could not be judged\n",
        )
        .stderr(
            "error: in.txt:6:3: expected 'b' or 'w', found 'x'\n\
             error: in.txt:13:3: expected 'b' or 'w', found 'x'\n",
        );
}

/// INPUT and OUTPUT given the other way round: no case read, and a hint of the swap.
#[test]
fn check_with_input_and_output_swapped_says_so() {
    let scratch = Scratch::new();
    scratch.file("in.txt", SAMPLE);
    scratch.file("out.txt", "4\n");
    scratch
        .flipgame()
        .args(["check", "--judge", "poj1753", "out.txt", "in.txt"])
        .assert()
        .code(2)
        .stdout(
            "after the last case: rejected: in.txt:1:1: the output has text, but the input has \
             no case\n0 of 0 cases accepted\n",
        )
        .stderr(
            "error: out.txt:1:1: expected a row of 'b' or 'w', found '4': the line is not a row \
             (such as a count or a separator), so it is skipped on its own\nerror: no case of \
             out.txt could be read, and in.txt has text: are they swapped (check takes the \
             judge's INPUT first, then the contestant's OUTPUT), or is out.txt an input of \
             another judge than --judge poj1753?\n",
        );
}

/// A count line that announces more cases than the input holds is the input's mistake, not a
/// case: check counts and numbers only the cases there are.
#[test]
fn check_counts_the_cases_an_input_holds_not_the_ones_it_announces() {
    let scratch = Scratch::new();
    scratch.file("in.txt", "9\n1\ny\n2\nww\nwy\n");
    for (judge, output) in [("poj1681", "0\n1\n0\n"), ("hdu5755", "0\n1\n1 1\n0\n")] {
        let input = if judge == "hdu5755" {
            scratch.file("in5755.txt", "9\n1 1\n0\n1 2\n1 2\n")
        } else {
            scratch.path().join("in.txt")
        };
        let run = scratch
            .flipgame()
            .args(["check", "--judge", judge])
            .arg(&input)
            .arg("-")
            .write_stdin(output)
            .output()
            .unwrap();
        // The input's own mistake, and no word of INPUT and OUTPUT swapped: cases were read.
        let errors = String::from_utf8(run.stderr).unwrap();
        assert!(
            errors.ends_with("the first line announces 9 cases, but the input ends after 2\n")
                && errors.lines().count() == 1,
            "{judge}: {errors}"
        );
        let text = String::from_utf8(run.stdout).unwrap();
        assert!(
            text.contains("the output goes on after the last of the 2 cases"),
            "{judge}: {text}"
        );
        assert!(text.ends_with(" of 2 cases accepted\n"), "{judge}: {text}");
    }
}

#[test]
fn judge_inputs_that_end_early_or_run_on_say_so() {
    flipgame()
        .args(["solve", "--judge", "poj1681"])
        .write_stdin("3\n1\ny\n2\nww\nwy\n")
        .assert()
        .code(2)
        .stdout("0\n1\n")
        .stderr(predicate::str::contains(
            "-:7:1: the first line announces 3 cases, but the input ends after 2",
        ));
    flipgame()
        .args(["solve", "--judge", "uva10309"])
        .write_stdin("a\n##########\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected 10 rows of 10 'O' or '#', found the end after 1",
        ));
    flipgame()
        .args(["solve", "--judge", "poj2965"])
        .write_stdin("-+--\n-x--\n----\n-+--\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "-:2:2: expected '+' or '-', found 'x'",
        ));
    flipgame()
        .args(["solve", "--judge", "leetcode1284"])
        .write_stdin("[[0,1],[1]]\n[[1,0],[0,1]\n[[1]]\n")
        .assert()
        .code(2)
        .stdout("1\n")
        .stderr(predicate::str::contains(
            "-:1:8: row 2 has 1 cell but row 1 has 2",
        ))
        .stderr(predicate::str::contains("-:2:"));
}

#[test]
fn a_board_the_statement_promises_never_comes_is_an_error_not_a_guess() {
    // One bowl upside down at the end: no flips fix it (the 1x20 tap matrix has rank 19).
    let bowls = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1\n";
    flipgame()
        .args(["solve", "--judge", "poj3185"])
        .write_stdin(bowls)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "-:1: case 1: no flips turn every bowl right side up",
        ));
}

#[test]
fn judge_conflicts_with_the_flags_it_fixes() {
    flipgame()
        .args(["solve", "--judge", "poj3279", "--size", "5x5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

// --- The stress-test kit. ---

#[test]
fn generated_tests_round_trip_through_solve_and_check_for_every_judge() {
    for judge in JUDGES {
        let scratch = Scratch::new();
        scratch
            .flipgame()
            .args([
                "gen",
                "--judge",
                judge,
                "--count",
                "6",
                "--seed",
                "11",
                "--output-dir",
                "t",
            ])
            .assert()
            .success()
            .stdout("");
        for number in 1..=6 {
            let stem = scratch.path().join(format!("t/{judge}-{number:03}"));
            let input = stem.with_extension("in");
            let answers = std::fs::read(stem.with_extension("ans")).unwrap();
            assert!(!answers.is_empty(), "{judge} {number}");
            flipgame()
                .args(["solve", "--judge", judge])
                .arg(&input)
                .assert()
                .success()
                .stdout(answers);
            flipgame()
                .args(["check", "--judge", judge])
                .arg(&input)
                .arg(stem.with_extension("ans"))
                .assert()
                .success()
                .stdout(predicate::str::contains("rejected").not())
                .stdout(predicate::str::contains("tolerance").not());
        }
    }
}

#[test]
fn generated_inputs_keep_to_the_statements_limits_and_include_hard_and_impossible_boards() {
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args([
            "gen",
            "--judge",
            "poj1753",
            "--count",
            "40",
            "--seed",
            "2",
            "--output-dir",
            "t",
        ])
        .assert()
        .success();
    let answers: Vec<String> = (1..=40)
        .map(|n| {
            std::fs::read_to_string(scratch.path().join(format!("t/poj1753-{n:03}.ans"))).unwrap()
        })
        .collect();
    assert!(answers.iter().any(|a| a == "Impossible\n"), "{answers:?}");
    // God's number of the Flip Game is 6 (OEIS-free: `flipgame stats` computes it too).
    assert!(answers.iter().any(|a| a == "6\n"), "{answers:?}");
    // POJ 1681 allows 20 cases of sides up to 15.
    let output = flipgame()
        .args(["gen", "--judge", "poj1681", "--count", "20", "--seed", "9"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("20"));
    for _ in 0..20 {
        let side: usize = lines.next().unwrap().parse().unwrap();
        assert!((1..=15).contains(&side));
        for _ in 0..side {
            assert_eq!(lines.next().unwrap().len(), side);
        }
    }
    assert_eq!(lines.next(), None);
    flipgame()
        .args(["gen", "--judge", "poj1681", "--count", "21"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "poj1681 takes at most 20 cases per input",
        ));
    flipgame()
        .args(["gen", "--judge", "poj3279", "--count", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "give --output-dir DIR to write 2 inputs",
        ));
}

#[test]
fn the_same_seed_gives_the_same_judge_input() {
    let run = || {
        flipgame()
            .args(["gen", "--judge", "uva10309", "--count", "3", "--seed", "4"])
            .output()
            .unwrap()
            .stdout
    };
    let first = run();
    assert_eq!(first, run());
    let text = String::from_utf8(first).unwrap();
    assert!(
        text.starts_with("case1\n") && text.ends_with("end\n"),
        "{text}"
    );
}

#[test]
fn check_names_its_two_files_for_what_they_are() {
    flipgame()
        .args(["check", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Usage: flipgame check [OPTIONS] [INPUT] [OUTPUT]\n",
        ));
    flipgame()
        .args(["check", "--judge", "poj1753", "in.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<OUTPUT>"));
}

/// Either file may be standard input (`-`), not both: it can be read only once.
#[test]
fn check_reads_either_file_from_standard_input_but_not_both() {
    let scratch = Scratch::new();
    let input = "bwwb\nbbwb\nbwwb\nbwww\n";
    scratch.file("in.txt", input);
    scratch.file("out.txt", "4\n");
    for (args, stdin) in [(["in.txt", "-"], "4\n"), (["-", "out.txt"], input)] {
        scratch
            .flipgame()
            .args(["check", "--judge", "poj1753"])
            .args(args)
            .write_stdin(stdin)
            .assert()
            .success()
            .stdout("case 1: accepted\n1 of 1 case accepted\n");
    }
    scratch
        .flipgame()
        .args(["check", "--judge", "poj1753", "-", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "only one of INPUT and OUTPUT can be standard input ('-')",
        ));
}

// --- POJ 1166 The Clocks: boards of four states. ---

/// The clocks each of the nine moves turns, as the statement's table gives them.
const CLOCK_MOVES: [&str; 9] = [
    "ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI",
];

/// The clocks after `moves` (numbers 1 to 9), each a quarter turn of its clocks.
fn turn_clocks(clocks: [u8; 9], moves: &[usize]) -> [u8; 9] {
    let mut clocks = clocks;
    for &number in moves {
        for clock in CLOCK_MOVES[number - 1].bytes() {
            let at = usize::from(clock - b'A');
            clocks[at] = (clocks[at] + 1) % 4;
        }
    }
    clocks
}

/// The fewest moves from every one of the 4^9 positions to all at 12: a breadth-first search
/// backwards from all at 12 (a move undone is the move made three times).
fn fewest_clock_moves() -> Vec<u8> {
    let index = |clocks: &[u8; 9]| clocks.iter().fold(0, |sum, &c| sum * 4 + usize::from(c));
    let mut distance = vec![u8::MAX; 1 << 18];
    let mut frontier = vec![[0u8; 9]];
    distance[0] = 0;
    let mut steps = 0;
    while !frontier.is_empty() {
        steps += 1;
        let mut next = Vec::new();
        for clocks in frontier {
            for number in 1..=9 {
                let back = turn_clocks(clocks, &[number, number, number]);
                if distance[index(&back)] == u8::MAX {
                    distance[index(&back)] = steps;
                    next.push(back);
                }
            }
        }
        frontier = next;
    }
    distance
}

#[test]
fn the_clocks_are_set_in_the_fewest_moves_against_a_breadth_first_search() {
    let distance = fewest_clock_moves();
    assert!(
        distance.iter().all(|&d| d != u8::MAX),
        "every position can be set"
    );
    // 2,000 positions spread over all of them, back to back as one input.
    let positions: Vec<[u8; 9]> = (0..2000usize)
        .map(|n| {
            let code = n * 131 % (1 << 18);
            std::array::from_fn(|i| ((code >> (2 * (8 - i))) & 3) as u8)
        })
        .collect();
    let input: String = positions
        .iter()
        .map(|clocks| {
            clocks
                .chunks(3)
                .map(|row| format!("{} {} {}\n", row[0], row[1], row[2]))
                .collect::<String>()
        })
        .collect();
    let output = flipgame()
        .args(["solve", "--judge", "poj1166"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    assert_eq!(lines.len(), positions.len());
    for (clocks, line) in positions.iter().zip(lines) {
        let moves: Vec<usize> = line
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(|w| w.parse().unwrap())
            .collect();
        assert!(
            moves.windows(2).all(|pair| pair[0] <= pair[1]),
            "{line}: sorted"
        );
        assert_eq!(turn_clocks(*clocks, &moves), [0; 9], "{clocks:?}: {line}");
        let code = clocks.iter().fold(0, |sum, &c| sum * 4 + usize::from(c));
        assert_eq!(
            moves.len(),
            usize::from(distance[code]),
            "{clocks:?}: {line}"
        );
    }
}

#[test]
fn the_clocks_checker_says_what_is_wrong_with_an_answer() {
    let input = samples().join("poj1166.in");
    let check = |output: &str, verdict: &str| {
        flipgame()
            .args(["check", "--judge", "poj1166"])
            .arg(&input)
            .arg("-")
            .write_stdin(output.to_string())
            .assert()
            .code(if verdict == "accepted" { 0 } else { 3 })
            .stdout(predicate::str::starts_with(format!("case 1: {verdict}")));
    };
    check("4 5 8 9\n", "accepted");
    check(
        "4 5 9 8\n",
        "rejected: -:1:7: the moves must be sorted: 8 comes after 9",
    );
    check(
        "4 5 8\n",
        "rejected: -:1:1: these 3 moves leave clock E at 9 o'clock",
    );
    check(
        "9\n",
        "rejected: -:1:1: this 1 move leaves clock A at 9 o'clock",
    );
    check(
        "4 4 4 4 4 5 8 9\n",
        "rejected: -:1:1: these 8 moves set every clock to 12 but are not the shortest: the \
         shortest is 4 moves",
    );
    check(
        "4 5 8 10\n",
        "rejected: -:1:7: expected a move from 1 to 9, found '10'",
    );
    check("", "rejected: -:1:1: no moves, and clock A is at 9 o'clock");
    // USACO writes the hours.
    flipgame()
        .args(["solve", "--judge", "usaco-clocks"])
        .write_stdin("9 9 12\n6 5 6\n6 3 6\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "-:2:3: expected a clock at 3, 6, 9 or 12, found '5'",
        ));
    // Each format's clocks in the other's reader point at the other; a short input says how
    // this one writes its clocks.
    for (judge, input, message) in [
        (
            "poj1166",
            "9 9 12\n6 6 6\n6 3 6\n",
            "-:1:1: expected a clock from 0 to 3 (0 is 12 o'clock, 1 is 3, 2 is 6, 3 is 9), \
             found '9' (for clocks written in hours, give --judge usaco-clocks)",
        ),
        (
            "usaco-clocks",
            "0 0 1\n2 2 2\n2 1 2\n",
            "-:1:1: expected a clock at 3, 6, 9 or 12, found '0' (for clocks written 0 to 3, \
             give --judge poj1166)",
        ),
        (
            "usaco-clocks",
            "9 9 12\n6 6 6\n6 3\n",
            "-:4:1: expected 9 clocks, each at 3, 6, 9 or 12, found the end after 8",
        ),
        (
            "poj1166",
            "3 3 0\n2 2 2\n2 1\n",
            "-:4:1: expected 9 clocks, each 0 to 3, found the end after 8",
        ),
        ("poj1166", "3 3 0\n2 2 2\n2 1 5\n", "found '5'\n"),
    ] {
        let output = flipgame()
            .args(["solve", "--judge", judge])
            .write_stdin(input)
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{judge} {input:?}");
        assert!(stderr.contains(message), "{judge} {input:?}: {stderr}");
    }
    // Each row on its line, as the statement lays them out, as every judge of cells holds.
    flipgame()
        .args(["solve", "--judge", "poj1166"])
        .write_stdin("3 3\n0 2 2\n2 2 1 2\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: -:2:1: expected each row of 3 clocks on a line of its own, as the statement \
             lays them out: row 1 has 2 of its 3 clocks\n",
        );
    // All at 12 already: the answer is an empty line.
    let scratch = Scratch::new();
    let at_twelve = scratch.file("twelve.in", "0 0 0\n0 0 0\n0 0 0\n");
    flipgame()
        .args(["solve", "--judge", "poj1166"])
        .arg(&at_twelve)
        .assert()
        .success()
        .stdout("\n");
    for (output, verdict) in [("\n", "accepted"), ("1 1 1 1\n", "rejected")] {
        flipgame()
            .args(["check", "--judge", "poj1166"])
            .arg(&at_twelve)
            .arg("-")
            .write_stdin(output)
            .assert()
            .stdout(predicate::str::starts_with(format!("case 1: {verdict}")));
    }
}

/// An input of whitespace alone has no case: every judge says so at its end, and answers
/// nothing.
#[test]
fn an_empty_input_is_an_error_for_every_judge() {
    for judge in JUDGES {
        flipgame()
            .args(["solve", "--judge", judge])
            .write_stdin(" \n\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("error: -:3:1: expected "))
            .stderr(
                predicate::str::contains("found the end")
                    .or(predicate::str::contains("found an empty input")
                        .or(predicate::str::contains("found none"))),
            );
    }
    for judge in ["poj1753", "poj3279", "poj1166"] {
        flipgame()
            .args(["solve", "--judge", judge])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr("error: -:1:1: expected a case, found an empty input\n");
    }
}

// --- HDU 5755 Gambler Bo: a special judge, any choices that make every cell 0. ---

fn contest_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/data")
}

/// Gambler Bo's choice at (x, y), from the statement's words: 2 at the cell, 1 at each of its
/// four neighbours on the board, mod 3.
fn choose(board: &mut [Vec<u8>], x: usize, y: usize) {
    let (rows, cols) = (board.len(), board[0].len());
    board[x][y] = (board[x][y] + 2) % 3;
    for (dx, dy) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
        let (nx, ny) = (x as isize + dx, y as isize + dy);
        if (0..rows as isize).contains(&nx) && (0..cols as isize).contains(&ny) {
            let cell = &mut board[nx as usize][ny as usize];
            *cell = (*cell + 1) % 3;
        }
    }
}

/// The boards of an HDU 5755 input.
fn gambler_boards(input: &str) -> Vec<Vec<Vec<u8>>> {
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|w| w.parse::<usize>().unwrap());
    let cases = numbers.next().unwrap();
    (0..cases)
        .map(|_| {
            let (rows, cols) = (numbers.next().unwrap(), numbers.next().unwrap());
            (0..rows)
                .map(|_| (0..cols).map(|_| numbers.next().unwrap() as u8).collect())
                .collect()
        })
        .collect()
}

/// The choices of each case of an HDU 5755 output, as (row, column) from 1.
fn gambler_answers(output: &str) -> Vec<Vec<(usize, usize)>> {
    let mut lines = output.lines();
    let mut answers = Vec::new();
    while let Some(count) = lines.next() {
        let count: usize = count.parse().unwrap();
        let choices = (0..count)
            .map(|_| {
                let line = lines.next().unwrap();
                let (x, y) = line.split_once(' ').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        answers.push(choices);
    }
    answers
}

/// The contest's own data (2016 Multi-University Training Contest 3, problem 1004, as
/// published in github.com/tpisntgod/2016-Multi-University-Training-Contest, `Day 3/data`):
/// ten boards up to 30x30 and the reference solution's answers. The checker accepts them, and
/// flipgame's own answers make every board 0 in at most as many choices.
#[test]
fn gambler_bo_contest_data_is_accepted_and_answered_in_no_more_choices() {
    let input = contest_data().join("hdu5755-contest.in");
    let reference = contest_data().join("hdu5755-contest.out");
    flipgame()
        .args(["check", "--judge", "hdu5755"])
        .arg(&input)
        .arg(&reference)
        .assert()
        .success()
        .stdout(predicate::str::ends_with("10 of 10 cases accepted\n"));
    let output = flipgame()
        .args(["solve", "--judge", "hdu5755"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let ours = gambler_answers(&String::from_utf8(output.stdout).unwrap());
    let theirs = gambler_answers(&std::fs::read_to_string(&reference).unwrap());
    let boards = gambler_boards(&std::fs::read_to_string(&input).unwrap());
    assert_eq!((ours.len(), boards.len()), (10, 10));
    for ((board, ours), theirs) in boards.into_iter().zip(&ours).zip(&theirs) {
        let mut played = board.clone();
        for &(x, y) in ours {
            choose(&mut played, x - 1, y - 1);
        }
        assert!(played.iter().flatten().all(|&cell| cell == 0));
        assert!(
            ours.len() <= theirs.len(),
            "{} > {}",
            ours.len(),
            theirs.len()
        );
    }
    // The 29x29 board has 3^9 quiet choice vectors, and the reference does not search them.
    assert!(ours[6].len() < theirs[6].len());
}

/// Every answer is the fewest: against every choice vector (0 to 2 choices of each cell) on
/// small boards, random and made by random choices.
#[test]
fn gambler_bo_answers_are_the_fewest_against_every_choice_vector() {
    let mut seed = 5u64;
    let mut next = |below: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    };
    let mut input = String::new();
    let mut boards = Vec::new();
    for (rows, cols) in [
        (1, 1),
        (1, 5),
        (2, 2),
        (2, 3),
        (3, 3),
        (2, 4),
        (4, 2),
        (1, 8),
    ] {
        for _ in 0..6 {
            let mut board = vec![vec![0u8; cols]; rows];
            for _ in 0..next(12) {
                choose(
                    &mut board,
                    next(rows as u64) as usize,
                    next(cols as u64) as usize,
                );
            }
            boards.push(board);
        }
    }
    input.push_str(&format!("{}\n", boards.len()));
    for board in &boards {
        input.push_str(&format!("{} {}\n", board.len(), board[0].len()));
        for row in board {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            input.push_str(&format!("{}\n", cells.join(" ")));
        }
    }
    let output = flipgame()
        .args(["solve", "--judge", "hdu5755"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let answers = gambler_answers(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(answers.len(), boards.len());
    for (board, answer) in boards.iter().zip(&answers) {
        let (rows, cols) = (board.len(), board[0].len());
        let cells = rows * cols;
        let mut fewest = usize::MAX;
        for code in 0..3usize.pow(cells as u32) {
            let mut played = board.clone();
            let mut choices = 0;
            let mut rest = code;
            for cell in 0..cells {
                for _ in 0..rest % 3 {
                    choose(&mut played, cell / cols, cell % cols);
                    choices += 1;
                }
                rest /= 3;
            }
            if played.iter().flatten().all(|&c| c == 0) {
                fewest = fewest.min(choices);
            }
        }
        let mut played = board.clone();
        for &(x, y) in answer {
            choose(&mut played, x - 1, y - 1);
        }
        assert!(
            played.iter().flatten().all(|&c| c == 0),
            "{board:?}: {answer:?}"
        );
        assert_eq!(answer.len(), fewest, "{board:?}: {answer:?}");
    }
}

#[test]
fn the_gambler_bo_checker_says_what_is_wrong_with_an_answer() {
    let input = samples().join("hdu5755.in");
    let check = |output: &str, verdict: &str| {
        flipgame()
            .args(["check", "--judge", "hdu5755"])
            .arg(&input)
            .arg("-")
            .write_stdin(output.to_string())
            .assert()
            .code(if verdict.contains("rejected") { 3 } else { 0 })
            .stdout(predicate::str::contains(verdict.to_string()));
    };
    let second = "5\n1 1\n1 3\n2 2\n3 1\n3 3\n";
    check(&format!("1\n1 2\n{second}"), "2 of 2 cases accepted");
    // Any choices that make every cell 0: four at (1, 2) are one more round of three.
    check(
        &format!("4\n1 2\n1 2\n1 2\n1 2\n{second}"),
        "case 1: accepted",
    );
    check(
        &format!("1\n1 1\n{second}"),
        "case 1: rejected: -:1:1: this 1 choice leaves the cell at row 1, column 1 at 1, not 0",
    );
    check(
        &format!("1\n3 2\n{second}"),
        "case 1: rejected: -:2:1: expected the row x of choice 1, from 1 to 2, found '3'",
    );
    check(
        &format!("1\n1 0\n{second}"),
        "case 1: rejected: -:2:3: expected the column y of choice 1, from 1 to 3, found '0'",
    );
    check(
        &format!("13\n{second}"),
        "case 1: rejected: -:1:1: expected the number of choices, from 0 to 2NM = 12, found '13'",
    );
    check(
        "1\n1 2\n5\n1 1\n",
        "case 2: rejected: -:5:1: expected choice 2 of 5, found the end",
    );
    flipgame()
        .args(["solve", "--judge", "hdu5755"])
        .write_stdin("1\n2 2\n0 1\n3 0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "-:4:1: expected 0, 1 or 2, found '3'",
        ));
    flipgame()
        .args(["solve", "--judge", "hdu5755"])
        .write_stdin("1\n31 2\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "-:2:1: expected N, the rows, a number from 1 to 30, found '31'",
        ));
    // A board no choices make 0 is outside the statement's promise: said, not answered.
    flipgame()
        .args(["solve", "--judge", "hdu5755"])
        .write_stdin("1\n2 3\n1 0 0\n0 0 0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no choices make this board all 0, and the statement promises boards where some do",
        ));
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::{Scratch, flipgame};
    use crate::k_states::*;

    use serde::Deserialize;

    /// The Clocks (IOI 1994, POJ 1166): nine clocks, nine moves each turning its clocks a quarter
    /// turn; the statement's sample needs moves 4, 5, 8 and 9. Each move is a cell of a rule file.
    #[test]
    fn the_clocks_sample_is_answered_with_its_published_moves() {
        let moves = [
            "ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI",
        ];
        let cells: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(index, clocks)| {
                let flips: Vec<String> = clocks
                    .bytes()
                    .map(|clock| {
                        let at = usize::from(clock - b'A');
                        format!(r#"{{"row": {}, "col": {}}}"#, at / 3 + 1, at % 3 + 1)
                    })
                    .collect();
                format!(
                    r#"{{"row": {}, "col": {}, "flips": [{}]}}"#,
                    index / 3 + 1,
                    index % 3 + 1,
                    flips.join(", ")
                )
            })
            .collect();
        let scratch = Scratch::new();
        let rule = scratch.file(
            "clocks.json",
            format!(
                r#"{{"rows": 3, "cols": 3, "cells": [{}]}}"#,
                cells.join(",\n")
            ),
        );
        // The sample's clocks, as quarter turns past 12: 3 3 0 / 2 2 2 / 2 1 2.
        flipgame()
            .args(["solve", "--states", "4", "--taps", "--rule-file"])
            .arg(&rule)
            .args(["--board", "330/222/212"])
            .assert()
            .success()
            .stdout("4 r2c1 r2c2 r3c2 r3c3\n");
    }

    /// One verdict of `check --tap-lists --format jsonl`.
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct TapsVerdict {
        source: String,
        solution: bool,
        taps: u64,
        fewest: Option<u64>,
        optimal: bool,
        least: bool,
    }

    /// Every 2x3 board of 3 states with its fewest tap lists (the plus rule is singular mod 3 on
    /// 2x3, and about half the boards it can finish have several, of which one is the least) and tap lists drawn at random (a cell
    /// may come several times): each verdict against the test's own replay and brute force.
    #[test]
    fn check_judges_tap_lists_of_k_states_against_a_brute_force() {
        let model = Model::stencil("010/111/010", 2, 3, 3);
        // Every vector of six digits 0 to 2: the boards, and the press counts.
        let every: Vec<Vec<u32>> = (0..729u32)
            .map(|n| (0..6).map(|i| n / 3u32.pow(i) % 3).collect())
            .collect();
        let tap = |cell: usize| format!("r{}c{}", cell / 3 + 1, cell % 3 + 1);
        let mut state = 11u64;
        let mut lines = String::new();
        let mut lists = Vec::new();
        let mut others = 0;
        for board in &every {
            // Every fewest list where there is one, and a random list.
            let best = model.brute_force(board, &[0]);
            let mut random = vec![0u32; 6];
            let mut words = Vec::new();
            for _ in 0..(state % 6) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let cell = (state >> 40) as usize % 6;
                random[cell] += 1;
                words.push(tap(cell));
            }
            let text = model.text(board).replace('\n', "/");
            if let Some((fewest, least, _)) = &best {
                // Every press vector of the fewest taps, the least among them.
                let every_fewest = every
                    .iter()
                    .filter(|presses| presses.iter().map(|&t| u64::from(t)).sum::<u64>() == *fewest)
                    .filter(|presses| model.after(board, presses).iter().all(|&s| s == 0));
                for presses in every_fewest {
                    others += usize::from(presses != least);
                    let mut words = Vec::new();
                    for (cell, &times) in presses.iter().enumerate() {
                        for _ in 0..times {
                            words.push(tap(cell));
                        }
                    }
                    lines.push_str(&format!("{text} {}\n", words.join(" ")));
                    lists.push((board.clone(), presses.clone()));
                }
            }
            lines.push_str(&format!("{text} {}\n", words.join(",")));
            lists.push((board.clone(), random));
        }
        let scratch = Scratch::new();
        let file = scratch.file("lists.txt", lines);
        let output = flipgame()
            .args([
                "check",
                "--states",
                "3",
                "--size",
                "2x3",
                "--format",
                "jsonl",
                "--tap-lists",
            ])
            .arg(&file)
            .output()
            .unwrap();
        let verdicts: Vec<TapsVerdict> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(verdicts.len(), lists.len());
        let (mut optimal, mut rejected) = (0, 0);
        for (number, ((board, presses), verdict)) in lists.iter().zip(&verdicts).enumerate() {
            let context = format!("{board:?} {presses:?}");
            assert_eq!(verdict.source, format!("{}:{}", file.display(), number + 1));
            let counts: Vec<u32> = presses.iter().map(|&times| times % 3).collect();
            let after = model.after(board, &counts);
            let finished = after.iter().all(|&state| state == 0);
            assert_eq!(verdict.solution, finished, "{context}");
            assert_eq!(
                verdict.taps,
                counts.iter().map(|&t| u64::from(t)).sum::<u64>(),
                "{context}"
            );
            let best = model.brute_force(board, &[0]);
            assert_eq!(verdict.fewest, best.as_ref().map(|b| b.0), "{context}");
            let is_optimal = finished && Some(verdict.taps) == verdict.fewest;
            assert_eq!(verdict.optimal, is_optimal, "{context}");
            let is_least = is_optimal && best.is_some_and(|b| b.1 == counts);
            assert_eq!(verdict.least, is_least, "{context}");
            optimal += usize::from(verdict.optimal);
            rejected += usize::from(!verdict.optimal);
        }
        assert!(optimal > 20 && rejected > 20, "{optimal} {rejected}");
        assert!(
            others > 100,
            "only {others} fewest lists that are not the least"
        );
        assert_eq!(output.status.code(), Some(3));
    }

    #[test]
    fn check_says_where_a_digit_board_or_a_tap_is_wrong() {
        flipgame()
            .args([
                "check", "--states", "3", "--size", "2x2", "--board", "01/11",
            ])
            .args(["--taps", "r2c2 r2c2 r2c2 r2c2 r2c2"])
            .assert()
            .success()
            .stdout(
                "finishes the board: yes\nthe fewest: yes (2 taps given; the fewest is 2)\nthe \
                 least of the fewest: yes\n",
            );
        flipgame()
            .args([
                "check", "--states", "3", "--size", "2x2", "--board", "01/13", "--taps", "r9c9",
            ])
            .assert()
            .code(2)
            .stderr(
                "error: --board[1]:1:5: expected a digit from '0' to '2', found '3'; the digit '3' \
                 needs --states 4 or more\n",
            );
        flipgame()
            .args([
                "check", "--states", "3", "--size", "2x2", "--board", "01/12", "--taps", "r9c9",
            ])
            .assert()
            .code(2)
            .stderr(
                "error: --taps:1:1: expected a tap such as r1c2 (rows 1 to 2, columns 1 to 2), \
                 found 'r9c9'\n",
            );
    }
}
