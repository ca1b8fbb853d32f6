//! Boards of any size (`--size RxC`) through every subcommand: the published answers of the
//! Lights Out family, honesty about unproven minimums, and the limits.

use crate::common::{PLUS, SIGMA, Scratch, flipgame, scrambles, tap};
use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;

fn filled(rows: usize, cols: usize, letter: char) -> String {
    vec![letter.to_string().repeat(cols); rows].join("/")
}

fn stdout(args: &[&str]) -> String {
    let output = flipgame().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn stdout_with_input(args: &[&str], input: &str) -> String {
    let output = flipgame().args(args).write_stdin(input).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn json_lines(args: &[&str]) -> Vec<Value> {
    stdout(args)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// POJ 3279 Fliptile's sample (1 is black, goal white): 0000/1001/1001/0000.
#[test]
fn fliptile_sample() {
    let taps = stdout(&[
        "solve",
        "--goal",
        "white",
        "--taps",
        "--board",
        "bwwb/wbbw/wbbw/bwwb",
    ]);
    assert_eq!(taps, "4 r2c1 r2c4 r3c1 r3c4\n");
}

/// POJ 1222 Extended Lights Out's 5x6 sample (1 is lit, goal all off), both puzzles, against
/// the published press patterns.
#[test]
fn extended_lights_out_sample() {
    let puzzles = [
        (
            "wbbwbw/bwwbbb/wwbwwb/bwwbwb/wbbbww",
            "101001/110101/001011/100100/010000",
        ),
        (
            "wwbwbw/bwbwbb/wwbwbb/bwbbww/wbwbww",
            "100111/110000/000100/110101/101101",
        ),
    ];
    for (board, presses) in puzzles {
        let answer = json_lines(&[
            "solve", "--size", "5x6", "--goal", "white", "--format", "jsonl", "--board", board,
        ]);
        let mut pattern = vec![vec!['0'; 6]; 5];
        for tap in answer[0]["taps"].as_array().unwrap() {
            pattern[tap["row"].as_u64().unwrap() as usize - 1]
                [tap["col"].as_u64().unwrap() as usize - 1] = '1';
        }
        let pattern: Vec<String> = pattern
            .into_iter()
            .map(|row| row.into_iter().collect())
            .collect();
        assert_eq!(pattern.join("/"), presses);
    }
}

#[test]
fn ten_by_ten_all_lit_needs_44() {
    let board = filled(10, 10, 'b');
    assert_eq!(
        stdout(&[
            "solve", "--size", "10x10", "--goal", "white", "--board", &board
        ]),
        "44\n"
    );
}

#[test]
fn five_by_five_all_white_needs_15_to_become_all_black() {
    let board = filled(5, 5, 'w');
    assert_eq!(
        stdout(&[
            "solve", "--size", "5x5", "--goal", "black", "--board", &board
        ]),
        "15\n"
    );
}

#[test]
fn json_of_every_size_carries_rows_cols_and_optimal_and_id_only_for_4x4() {
    let five = json_lines(&[
        "solve",
        "--size",
        "5x5",
        "--format",
        "jsonl",
        "--board",
        &filled(5, 5, 'w'),
    ]);
    assert_eq!(
        (five[0]["rows"].as_u64(), five[0]["cols"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(five[0]["optimal"], true);
    assert!(five[0].get("id").is_none());
    let four = json_lines(&[
        "solve",
        "--format",
        "jsonl",
        "--board",
        "bwwb/bbwb/bwwb/bwww",
    ]);
    assert_eq!(
        (four[0]["rows"].as_u64(), four[0]["id"].as_str()),
        (Some(4), Some("9d98"))
    );
}

/// 79x79 has a null space too large to search (nullity 64): the answer is a valid tap set, and it says
/// it is not proven minimal instead of passing for the minimum.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn an_unproven_count_is_never_presented_as_the_minimum() {
    let board = filled(79, 79, 'b');
    let text = stdout(&[
        "solve", "--size", "79x79", "--goal", "white", "--board", &board,
    ]);
    // The bound comes before any taps, so a program reading the tap list reads only taps.
    let (count, rest) = text.split_once(' ').unwrap();
    let count: u64 = count.parse().unwrap();
    let bound: u64 = rest
        .strip_prefix("(at least ")
        .and_then(|rest| rest.strip_suffix("; not proven minimal)\n"))
        .unwrap_or_else(|| panic!("{text}"))
        .parse()
        .unwrap();
    // The counting bound: 79 * 79 cells to turn over, at most 5 by a tap, rounded up.
    assert!(bound < count, "{text}");
    assert_eq!(bound, 1249);
    let with_taps = stdout(&[
        "solve", "--size", "79x79", "--goal", "white", "--taps", "--board", &board,
    ]);
    assert!(with_taps.starts_with(&format!("{count} (at least 1249; not proven minimal) r")));
    let listed = with_taps
        .split_whitespace()
        .filter(|t| t.starts_with('r'))
        .count();
    assert_eq!(listed as u64, count);
    let json = json_lines(&[
        "explain", "--size", "79x79", "--goal", "white", "--format", "jsonl", "--board", &board,
    ]);
    assert_eq!(json[0]["optimal"], false);
    assert_eq!(json[0]["lower_bound"], 1249);
    let mut lit = vec![vec![true; 79]; 79];
    for tap in json[0]["taps"].as_array().unwrap() {
        let (r, c) = (
            tap["row"].as_u64().unwrap() as i64 - 1,
            tap["col"].as_u64().unwrap() as i64 - 1,
        );
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if (0..79).contains(&nr) && (0..79).contains(&nc) {
                lit[nr as usize][nc as usize] ^= true;
            }
        }
    }
    assert!(
        lit.iter().flatten().all(|&on| !on),
        "the taps must finish the board"
    );
    let explained = stdout(&[
        "explain",
        "--size",
        "79x79",
        "--goal",
        "white",
        "--no-boards",
        "--board",
        &board,
    ]);
    assert!(explained.contains("not proven minimal"), "{explained}");
}

#[test]
fn rows_of_the_wrong_length_are_errors_with_their_place() {
    flipgame()
        .args(["solve", "--size", "2x3"])
        .write_stdin("bwb\nwwbw\nbbb\nwww\n")
        .assert()
        .code(2)
        .stdout(stdout(&["solve", "--size", "2x3", "--board", "bbb/www"]))
        .stderr("error: -:2:4: expected end of row after 3 pieces, found 'w'\n");
}

#[test]
fn sizes_outside_the_limits_are_usage_errors() {
    flipgame()
        .args(["solve", "--size", "10001x2"])
        .assert()
        .code(2)
        .stderr(contains("from 1 to 10000"));
    flipgame()
        .args(["solve", "--size", "0x3"])
        .assert()
        .code(2)
        .stderr(contains(
            "expected a number of rows or columns from 1 to 10000, found '0'",
        ));
    flipgame()
        .args(["solve", "--size", "5by5"])
        .assert()
        .code(2)
        .stderr(contains("ROWSxCOLS"));
}

#[test]
fn explain_draws_other_sizes_and_says_when_a_board_is_too_wide() {
    let text = stdout(&["explain", "--size", "3x3", "--board", "bbb/bwb/bbb"]);
    assert!(
        text.contains("(3x3, --board[1]:1)") && text.contains("Tap 1:"),
        "{text}"
    );
    let narrow = flipgame()
        .args([
            "explain",
            "--size",
            "10x10",
            "--goal",
            "white",
            "--board",
            &filled(10, 10, 'b'),
        ])
        .env("COLUMNS", "20")
        .output()
        .unwrap();
    let narrow = String::from_utf8(narrow.stdout).unwrap();
    assert!(narrow.contains("does not fit in 20 columns"), "{narrow}");
    assert!(!narrow.contains("Tap 1:"));
    let listed = stdout(&[
        "explain",
        "--size",
        "3x3",
        "--no-boards",
        "--board",
        "bbb/bwb/bbb",
    ]);
    assert!(
        !listed.contains("Start") && listed.contains("Solved in"),
        "{listed}"
    );
}

#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn explain_proves_other_sizes_impossible() {
    // 5x5 has a null space of dimension 2: boards off the column space are impossible.
    let boards = stdout(&[
        "gen",
        "--size",
        "5x5",
        "--impossible",
        "--count",
        "3",
        "--seed",
        "8",
    ]);
    let output = flipgame()
        .args(["explain", "--size", "5x5", "--format", "jsonl"])
        .write_stdin(boards)
        .output()
        .unwrap();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["solvable"], false);
        let cells = value["certificate"]["cells"].as_array().unwrap();
        let board: Vec<Vec<char>> = value["board"]
            .as_str()
            .unwrap()
            .split('/')
            .map(|r| r.chars().collect())
            .collect();
        let black = cells
            .iter()
            .filter(|c| {
                board[c["row"].as_u64().unwrap() as usize - 1]
                    [c["col"].as_u64().unwrap() as usize - 1]
                    == 'b'
            })
            .count() as u64;
        assert_eq!(black, value["certificate"]["black"].as_u64().unwrap());
        assert_eq!(black % 2, 1);
    }
}

#[test]
fn gen_of_other_sizes_gives_the_asked_distance() {
    let boards = stdout(&[
        "gen", "--size", "3x4", "--moves", "5", "--count", "20", "--seed", "3",
    ]);
    assert_eq!(boards.lines().count(), 60);
    let output = flipgame()
        .args(["solve", "--size", "3x4"])
        .write_stdin(boards)
        .output()
        .unwrap();
    let answers = String::from_utf8(output.stdout).unwrap();
    assert!(answers.lines().all(|line| line == "5"), "{answers}");
    assert_eq!(answers.lines().count(), 20);
}

#[test]
fn gen_of_large_boards_draws_random_and_impossible_ones() {
    let boards = stdout(&[
        "gen",
        "--size",
        "30x30",
        "--impossible",
        "--count",
        "2",
        "--seed",
        "1",
    ]);
    let output = flipgame()
        .args(["solve", "--size", "30x30"])
        .write_stdin(boards)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "Impossible\nImpossible\n"
    );
    // --moves past 25 cells is tested in generate.rs; a K no scramble reaches is a usage error.
    flipgame()
        .args(["gen", "--size", "6x6", "--moves", "30", "--count", "1"])
        .assert()
        .code(2)
        .stderr(contains("--moves 30: no 6x6 board made by 30 random taps"));
    flipgame()
        .args(["gen", "--size", "10x10", "--impossible"])
        .assert()
        .code(2)
        .stderr(contains("can be finished"));
}

#[test]
fn table_and_stats_of_small_shapes_agree() {
    let binary = flipgame()
        .args(["table", "--size", "2x3", "--format", "binary"])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(binary.len(), 64);
    let stats: Value =
        serde_json::from_str(&stdout(&["stats", "--size", "2x3", "--format", "json"])).unwrap();
    assert_eq!(stats["positions"], 64);
    let solvable = binary.iter().filter(|&&d| d != 255).count() as u64;
    assert_eq!(stats["solvable"].as_u64(), Some(solvable));
    assert_eq!(
        stats["rank"].as_u64().unwrap() + stats["nullity"].as_u64().unwrap(),
        6
    );
    for bucket in stats["histogram"].as_array().unwrap() {
        let moves = bucket["moves"].as_u64().unwrap() as u8;
        let count = binary.iter().filter(|&&d| d == moves).count() as u64;
        assert_eq!(bucket["boards"].as_u64(), Some(count));
    }
    let text = stdout(&["table", "--size", "2x3", "--taps"]);
    assert_eq!(text.lines().count(), 64);
    assert!(
        text.lines().next().unwrap().starts_with("www/www 0"),
        "{text}"
    );
    let csv = stdout(&["table", "--size", "2x3", "--format", "csv"]);
    assert_eq!(csv.lines().next(), Some("board,moves"));
}

/// A puzzle elimination cannot hold is refused before any input is read, with what it would
/// need. Under `x` on 3000x3000 the farthest cell a tap turns over is `cols + 1` cells away in
/// row-major order on either side, so each of the 9,000,000 rows of the band is
/// ceil((2 * 3001 + 64) / 64) = 95 words: 6,840,000,000 bytes, 6523 MiB.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn a_puzzle_too_large_to_eliminate_says_what_it_would_need() {
    let words = (2 * 3001 + 64u64).div_ceil(64);
    let mib = (3000 * 3000 * words * 8) >> 20;
    for command in ["solve", "stats"] {
        flipgame()
            .args([command, "--size", "3000x3000", "--rule", "x"])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "error: a 3000x3000 board under rule x needs {mib} MiB to eliminate, more than \
                 the 2048 MiB flipgame allows\n"
            ));
    }
}

#[test]
fn table_refuses_spaces_too_large_to_explore() {
    flipgame()
        .args(["table", "--size", "6x6"])
        .assert()
        .code(2)
        .stderr(contains("2^36"));
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args(["table", "--size", "6x6", "--output", "t.txt"])
        .assert()
        .code(2);
    assert!(!scratch.path().join("t.txt").exists());
}

/// Past 25 cells `stats` reports what the rank and the null space tell, each count checked here
/// a second way: the solvable boards of 5x7 by solving random boards (one in 16 for nullity 4
/// under one goal), the quiet patterns by the tap rule itself.
#[test]
fn stats_past_25_cells_report_what_the_rank_tells() {
    let report: Value = serde_json::from_str(&stdout(&[
        "stats", "--size", "5x7", "--goal", "white", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(report["positions"], 1u64 << 35);
    assert_eq!(report["positions_log2"], 35);
    assert_eq!(
        (report["rank"].as_u64(), report["nullity"].as_u64()),
        (Some(31), Some(4))
    );
    assert_eq!(report["solvable"], 1u64 << 31);
    assert_eq!(report["impossible"], (1u64 << 35) - (1 << 31));
    assert!(report.get("histogram").is_none() && report.get("max_moves").is_none());
    assert!(report["note"].as_str().unwrap().contains("up to 25 cells"));
    let basis = report["quiet_pattern_basis"].as_array().unwrap();
    assert_eq!(basis.len(), 4);
    for pattern in basis {
        let cells: Vec<(i64, i64)> = pattern
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["row"].as_i64().unwrap(), c["col"].as_i64().unwrap()))
            .collect();
        // Every tap meets an even number of the pattern's cells.
        for row in 1..=5 {
            for col in 1..=7 {
                let met = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .filter(|(dr, dc)| cells.contains(&(row + dr, col + dc)))
                    .count();
                assert_eq!(met % 2, 0, "r{row}c{col}");
            }
        }
    }
    // One random board in 16 can be made all white.
    let boards = stdout(&["gen", "--size", "5x7", "--count", "400", "--seed", "9"]);
    let answers = stdout_with_input(&["solve", "--size", "5x7", "--goal", "white"], &boards);
    let solvable = answers.lines().filter(|l| *l != "Impossible").count();
    assert!((10..45).contains(&solvable), "{solvable} of 400");

    let text = stdout(&["stats", "--size", "61x61"]);
    assert!(text.contains("Positions    2^3721\n"), "{text}");
    assert!(text.contains("Solvable     2^3681  (1 in 2^40)"), "{text}");
    assert!(
        text.contains("rank 3681, nullity 40, so 1,099,511,627,775 non-empty"),
        "{text}"
    );
    assert!(
        text.replace('\n', " ")
            .contains("--format svg draws a basis"),
        "{text}"
    );
    // A basis of 484 patterns of 1,048,576 cells is not listed: JSON null, and the text says so
    // (1024x1024: nullity 484, the degree of gcd(p(x), p(x + 1)) for its polynomial p).
    let json: Value = serde_json::from_str(&stdout(&[
        "stats",
        "--size",
        "1024x1024",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["nullity"], 484);
    assert_eq!(json["quiet_pattern_basis"], Value::Null);
    let text = stdout(&["stats", "--size", "1024x1024"]).replace('\n', " ");
    assert!(
        text.contains("a basis has 484 patterns of 1,048,576 cells each, too many to list"),
        "{text}"
    );
    assert!(
        text.contains("(flipgame lists at most 16,777,216 cells of them)."),
        "{text}"
    );
    let svg = stdout(&["stats", "--size", "1024x1024", "--format", "svg"]);
    assert_eq!(svg.matches("class=\"board\"").count(), 0);
    // Nullity 4: all 15 quiet patterns drawn; nullity 16: a basis of 16.
    let svg = stdout(&["stats", "--size", "44x44", "--format", "svg"]);
    assert_eq!(svg.matches("class=\"board\"").count(), 15);
    let svg = stdout(&["stats", "--size", "33x33", "--format", "svg"]);
    assert_eq!(svg.matches("class=\"board\"").count(), 16);
}

/// LeetCode 1284's examples (1 is black, goal all zeros): 3 flips, 0 flips, impossible.
#[test]
fn leetcode_1284_examples() {
    assert_eq!(
        stdout(&[
            "solve", "--size", "2x2", "--goal", "white", "--board", "ww/wb"
        ]),
        "3\n"
    );
    assert_eq!(
        stdout(&["solve", "--size", "1x1", "--goal", "white", "--board", "w"]),
        "0\n"
    );
    assert_eq!(
        stdout(&[
            "solve", "--size", "2x3", "--goal", "white", "--board", "bww/bww"
        ]),
        "Impossible\n"
    );
}

/// POJ 1681 Painter's Problem's sample: a 3x3 board already all yellow (black here) needs 0,
/// a 5x5 all-white one needs 15.
#[test]
fn painters_problem_sample() {
    assert_eq!(
        stdout(&[
            "solve",
            "--size",
            "3x3",
            "--goal",
            "black",
            "--board",
            "bbb/bbb/bbb"
        ]),
        "0\n"
    );
    assert_eq!(
        stdout(&[
            "solve",
            "--size",
            "5x5",
            "--goal",
            "black",
            "--board",
            &filled(5, 5, 'w')
        ]),
        "15\n"
    );
}

/// The 5x5 search takes about a second: into a pipe it must stay silent (no progress bar).
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn long_searches_are_silent_in_a_pipe() {
    let output = flipgame()
        .args(["stats", "--size", "5x5", "--format", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let stats: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(stats["solvable"], 1u64 << 23);
}

/// On a terminal a long run shows where it is: writing the 5x5 table with its taps (8 million
/// lines of them) takes seconds, and the bar says so, then clears. Without `--taps` a fast
/// machine writes the table inside the bar's one second of patience and no bar is ever drawn.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn writing_a_large_table_shows_progress_on_a_terminal() {
    let scratch = Scratch::new();
    let output = scratch.path().join("table.txt");
    let screen = crate::common::pty::run_on_terminal(
        env!("CARGO_BIN_EXE_flipgame"),
        &[
            "table",
            "--size",
            "5x5",
            "--solvable",
            "--taps",
            "--output",
            output.to_str().unwrap(),
        ],
        &[],
        b"",
    );
    assert!(screen.status.success(), "{}", screen.text);
    assert!(screen.text.contains("writing the table"), "{}", screen.text);
    // The bar follows the lines as they are written: it is seen on its way, past a million of
    // them and short of the end.
    let on_its_way = screen
        .text
        .split("writing the table [")
        .skip(1)
        .filter_map(|drawn| {
            let (_, count) = drawn.split_once("] ")?;
            let (done, _) = count.split_once("/33,554,432")?;
            done.replace(',', "").parse::<u64>().ok()
        })
        .any(|done| (1 << 20..1 << 25).contains(&done));
    assert!(on_its_way, "{}", screen.text);
    let lines = std::fs::read_to_string(&output).unwrap().lines().count();
    assert_eq!(lines, 1 << 23);
}

/// Preparing a very large board (light chasing 6000 columns through 6000 rows, then reducing)
/// takes seconds: on a terminal a bar says so, then clears (that its count reaches its total is
/// checked in the library, where no drawing rate hides the last step).
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn preparing_a_very_large_board_shows_progress_on_a_terminal() {
    let screen = crate::common::pty::run_on_terminal(
        env!("CARGO_BIN_EXE_flipgame"),
        &["stats", "--size", "6000x6000"],
        &[],
        b"",
    );
    assert!(screen.status.success(), "{}", screen.text);
    assert!(screen.text.contains("chasing the rows"), "{}", screen.text);
    assert!(screen.text.contains("nullity 8"), "{}", screen.text);
}

/// A 401x401 board under `box` has 801 independent quiet tap sets, each worked out by a pass
/// over the reduced matrix: seconds, which a bar on a terminal counts, with an estimate of what
/// is left, then clears.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn working_out_many_quiet_tap_sets_shows_progress_on_a_terminal() {
    let scratch = Scratch::new();
    let path = scratch.path().join("board.txt");
    // Stripes along a diagonal, three cells of every seven black.
    let rows: Vec<String> = (0..401)
        .map(|row| {
            (0..401)
                .map(|col| if (row * 3 + col) % 7 < 3 { 'b' } else { 'w' })
                .collect()
        })
        .collect();
    std::fs::write(&path, rows.join("\n") + "\n").unwrap();
    let board = path.to_str().unwrap();
    // `stats` finds them for the facts of the null space, `solve` with the board's elimination.
    for args in [
        &["stats", "--size", "401x401", "--rule", "box"][..],
        &["solve", "--size", "401x401", "--rule", "box", board],
    ] {
        let screen =
            crate::common::pty::run_on_terminal(env!("CARGO_BIN_EXE_flipgame"), args, &[], b"");
        assert!(screen.status.success(), "{args:?}: {}", screen.text);
        assert!(
            screen.text.contains("finding the quiet tap sets ["),
            "{args:?}: {}",
            screen.text
        );
        assert!(screen.text.contains("s left)"), "{args:?}: {}", screen.text);
    }
}

#[test]
fn a_full_rank_shape_says_it_has_no_quiet_patterns() {
    let stats: Value =
        serde_json::from_str(&stdout(&["stats", "--size", "2x2", "--format", "json"])).unwrap();
    assert_eq!(
        (stats["nullity"].as_u64(), stats["impossible"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(stdout(&["stats", "--size", "2x2"]).contains("No quiet patterns"));
    // Past 64 cells the counts are powers of two: all of them solvable, none impossible.
    let text = stdout(&["stats", "--size", "10x10"]);
    assert!(
        text.contains("Solvable     2^100  (all)\nImpossible   0\n"),
        "{text}"
    );
}

/// Past the exact search (55x71 has nullity 55) a board scrambled with a few random taps comes
/// back with no more taps than made it, and valid ones; OEIS-free, since the scramble itself is
/// an answer.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn a_scrambled_board_past_the_exact_search_gets_no_more_taps_than_scrambled_it() {
    let (rows, cols) = (55usize, 71usize);
    let mut lit = vec![vec![false; cols]; rows];
    let mut state = 12345u64;
    let mut taps = std::collections::BTreeSet::new();
    while taps.len() < 30 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        taps.insert((state >> 33) as usize % (rows * cols));
    }
    let toggle = |lit: &mut Vec<Vec<bool>>, r: i64, c: i64| {
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                lit[nr as usize][nc as usize] ^= true;
            }
        }
    };
    for &tap in &taps {
        toggle(&mut lit, (tap / cols) as i64, (tap % cols) as i64);
    }
    let board: Vec<String> = lit
        .iter()
        .map(|row| row.iter().map(|&on| if on { 'b' } else { 'w' }).collect())
        .collect();
    let json = json_lines(&[
        "solve",
        "--size",
        "55x71",
        "--goal",
        "white",
        "--format",
        "jsonl",
        "--board",
        &board.join("/"),
    ]);
    let moves = json[0]["moves"].as_u64().unwrap();
    assert!(moves <= 30, "{moves}");
    assert!(json[0]["lower_bound"].as_u64().unwrap() <= moves);
    for tap in json[0]["taps"].as_array().unwrap() {
        let (r, c) = (
            tap["row"].as_i64().unwrap() - 1,
            tap["col"].as_i64().unwrap() - 1,
        );
        toggle(&mut lit, r, c);
    }
    assert!(
        lit.iter().flatten().all(|&on| !on),
        "the taps finish the board"
    );
}

/// `--search-time` cuts a long search short: the 61x61 board (nullity 40, half a minute to
/// prove over its symmetries) answers at once with valid taps, not proven, and the counting
/// bound beside them.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn search_time_cuts_a_long_search_short_and_says_so() {
    let board = filled(61, 61, 'b');
    let json = json_lines(&[
        "solve",
        "--size",
        "61x61",
        "--goal",
        "white",
        "--format",
        "jsonl",
        "--search-time",
        "0.1",
        "--board",
        &board,
    ]);
    assert_eq!(json[0]["optimal"], false);
    // 3,721 cells, at most 5 turned over a tap.
    assert_eq!(json[0]["lower_bound"], 745);
    let moves = json[0]["moves"].as_u64().unwrap();
    assert!(moves >= 745, "{moves}");
    let mut lit = vec![vec![true; 61]; 61];
    for tap in json[0]["taps"].as_array().unwrap() {
        let (r, c) = (
            tap["row"].as_i64().unwrap() - 1,
            tap["col"].as_i64().unwrap() - 1,
        );
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if (0..61).contains(&nr) && (0..61).contains(&nc) {
                lit[nr as usize][nc as usize] ^= true;
            }
        }
    }
    assert!(
        lit.iter().flatten().all(|&on| !on),
        "the taps finish the board"
    );
    // A budget long enough lets the search finish and prove its answer: the all-on 59x119
    // board (nullity 26, four transforms) gets the same proven answer as without a budget.
    let board = filled(59, 119, 'b');
    let solve = |extra: &[&str]| {
        let mut args = vec![
            "solve", "--size", "59x119", "--goal", "white", "--format", "jsonl",
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--board", &board]);
        json_lines(&args).remove(0)
    };
    // explain says why its answer is not proven: the clock on 65x65, whose nullity (42) is
    // the most the search takes on, a null space past the search on 55x71 (nullity 55).
    let said = |size: &str, board: &str, extra: &[&str]| {
        let mut args = vec!["explain", "--size", size, "--goal", "white", "--no-boards"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--board", board]);
        stdout(&args).replace('\n', " ")
    };
    let text = said("65x65", &filled(65, 65, 'b'), &["--search-time", "0.1"]);
    assert!(
        text.contains("not proven minimal: --search-time stopped the search of the null space's 2^42 elements."),
        "{text}"
    );
    let text = said("55x71", &filled(55, 71, 'b'), &[]);
    assert!(
        text.contains("not proven minimal: the null space has 2^55 elements, more than the 2^42 flipgame tries on a board of this size."),
        "{text}"
    );
    let budgeted = solve(&["--search-time", "3600"]);
    assert_eq!(budgeted["optimal"], true, "{budgeted}");
    assert_eq!(budgeted, solve(&[]));
}

/// Past the exact limit a board scrambled by random taps comes back with at most as many, where
/// the quiet tap sets are dense (`sigma` 50x50: nullity 50), proven minimal by disjoint
/// information sets, or not proven where the scramble is denser; and `--search-time` bounds
/// that search too: a limit already spent leaves the descent's answer, far above.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn past_the_limit_a_scramble_comes_back_with_at_most_its_taps() {
    let scratch = Scratch::new();
    scratch.file("scrambled.txt", scrambles(SIGMA, 50, 120, 1, 11));
    let solve = |extra: &[&str]| {
        let mut args = vec![
            "solve", "--size", "50x50", "--rule", "sigma", "--goal", "white",
        ];
        args.extend_from_slice(extra);
        args.push("scrambled.txt");
        let output = scratch.flipgame().args(&args).output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let proven = solve(&[]);
    let count: u64 = proven
        .trim_end()
        .parse()
        .unwrap_or_else(|_| panic!("{proven}"));
    assert!(count <= 120, "{proven}");
    assert_eq!(solve(&["--search-time", "3600"]), proven);
    let stopped = solve(&["--search-time", "0.000001"]);
    let (descended, rest) = stopped.split_once(' ').unwrap();
    assert!(rest.ends_with("; not proven minimal)\n"), "{stopped}");
    let descended: u64 = descended.parse().unwrap();
    assert!(descended > count + 50, "{descended} against {count}");
    // Denser: 500 taps, one cell in five, which the decoding takes several rounds to find and
    // no proof can afford.
    scratch.file("scrambled.txt", scrambles(SIGMA, 50, 500, 1, 11));
    let dense = solve(&[]);
    let (count, rest) = dense.split_once(' ').unwrap();
    assert!(rest.ends_with("; not proven minimal)\n"), "{dense}");
    assert!(count.parse::<u64>().unwrap() <= 500, "{dense}");
}

/// A `--search-time` that is no positive number of seconds is a usage error that says so.
#[test]
fn a_search_time_that_is_no_positive_number_is_refused() {
    // A negative number is a value, not an option: no tip to write '-- -1' (a file name).
    for bad in ["0", "soon", "inf", "NaN", "-1"] {
        flipgame()
            .args([
                "explain",
                "--search-time",
                bad,
                "--board",
                "bwwb/bbwb/bwwb/bwww",
            ])
            .assert()
            .code(2)
            .stderr(
                contains(format!(
                    "expected a number of seconds above 0, such as 5 or 0.5, found '{bad}'"
                ))
                .and(contains("tip").not()),
            );
    }
}

/// Past the exact limit a board its symmetries keep is answered from the least tap set they
/// fix where that beats the descent: all-on 55x71 (nullity 55) comes back with a tap set that
/// reversing the rows keeps, which finishes the board by the rule's definition, with fewer
/// taps than a `--search-time` already spent leaves (the descent's answer).
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn past_the_limit_a_symmetric_board_is_answered_from_its_symmetric_tap_sets() {
    let scratch = Scratch::new();
    scratch.file("on.txt", format!("{}\n", "b".repeat(71)).repeat(55));
    let solve = |extra: &[&str]| -> Value {
        let mut args = vec![
            "solve", "--size", "55x71", "--goal", "white", "--format", "jsonl",
        ];
        args.extend_from_slice(extra);
        args.push("on.txt");
        let output = scratch.flipgame().args(&args).output().unwrap();
        assert!(output.status.success());
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let answer = solve(&[]);
    assert_eq!(answer["optimal"], false);
    let taps: Vec<(usize, usize)> = answer["taps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tap| {
            let at = |key: &str| tap[key].as_u64().unwrap() as usize - 1;
            (at("row"), at("col"))
        })
        .collect();
    assert_eq!(answer["moves"], taps.len());
    let mut board = vec![vec![true; 71]; 55];
    for &(row, col) in &taps {
        tap(&mut board, PLUS, row, col);
    }
    assert!(
        board.iter().flatten().all(|&black| !black),
        "the board is not finished"
    );
    for &(row, col) in &taps {
        assert!(
            taps.contains(&(54 - row, col)),
            "r{}c{} alone",
            row + 1,
            col + 1
        );
    }
    let descended = solve(&["--search-time", "0.000001"]);
    assert!(
        descended["moves"].as_u64().unwrap() > taps.len() as u64,
        "{} against {}",
        descended["moves"],
        taps.len()
    );
}
