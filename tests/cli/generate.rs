//! `flipgame gen`: boards of the asked distance, uniform, reproducible from a seed.

use std::collections::HashSet;

use crate::common::flipgame;
use predicates::str::contains;

fn generate(args: &[&str]) -> String {
    let output = flipgame().arg("gen").args(args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn solve(boards: &str, goal: &str) -> Vec<String> {
    let output = flipgame()
        .args(["solve", "--goal", goal])
        .write_stdin(boards)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn boards_have_exactly_the_asked_distance() {
    for (moves, goal) in [
        ("0", "either"),
        ("3", "either"),
        ("6", "either"),
        ("7", "white"),
    ] {
        let boards = generate(&[
            "--moves", moves, "--count", "40", "--seed", "5", "--goal", goal,
        ]);
        let answers = solve(&boards, goal);
        assert_eq!(answers.len(), 40);
        assert!(
            answers.iter().all(|answer| answer == moves),
            "{moves}: {answers:?}"
        );
    }
}

#[test]
fn impossible_boards_are_impossible() {
    let boards = generate(&["--impossible", "--count", "25", "--seed", "9"]);
    assert!(
        solve(&boards, "either")
            .iter()
            .all(|answer| answer == "Impossible")
    );
}

#[test]
fn gen_output_pipes_into_solve() {
    let boards = generate(&["--count", "100", "--seed", "11"]);
    assert_eq!(boards.lines().count(), 400);
    assert_eq!(solve(&boards, "either").len(), 100);
}

#[test]
fn the_same_seed_gives_the_same_boards() {
    let a = generate(&["--count", "20", "--seed", "2026", "--moves", "4"]);
    let b = generate(&["--count", "20", "--seed", "2026", "--moves", "4"]);
    let c = generate(&["--count", "20", "--seed", "2027", "--moves", "4"]);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Pinned output: the generator and the drawing are fixed algorithms, so these boards must not
/// change from one version to the next.
#[test]
fn a_seed_gives_the_same_boards_in_every_version() {
    crate::generated::snapshot(
        "generate/a_seed_gives_the_same_boards_in_every_version",
        &generate(&[
            "--count", "3", "--seed", "42", "--moves", "5", "--format", "jsonl",
        ]),
    );
}

#[test]
fn without_a_seed_boards_vary_between_runs() {
    let runs: HashSet<String> = (0..4).map(|_| generate(&["--count", "8"])).collect();
    assert!(runs.len() > 1);
}

/// Without --seed the seed drawn is told on a terminal, so a run can be repeated; into a pipe,
/// or with --seed, nothing is said.
#[test]
fn the_seed_drawn_is_told_on_a_terminal_only() {
    let screen = crate::common::pty::run_on_terminal(
        env!("CARGO_BIN_EXE_flipgame"),
        &["gen", "--count", "3"],
        &[],
        b"",
    );
    assert!(screen.status.success(), "{}", screen.text);
    let text = screen.text.replace('\r', "");
    let (_, after) = text
        .split_once("flipgame: seed ")
        .expect("the seed is told");
    let (seed, after) = after.split_once(' ').unwrap();
    assert!(
        after.starts_with(&format!("(repeat with --seed {seed})")),
        "{text}"
    );
    // The boards on the screen are the seed's.
    let boards = generate(&["--count", "3", "--seed", seed]);
    assert!(text.contains(&boards), "{text}\n{boards}");
    for args in [
        &["gen", "--count", "3"][..],
        &["gen", "--count", "3", "--seed", "7"],
    ] {
        flipgame().args(args).assert().success().stderr("");
    }
    let screen = crate::common::pty::run_on_terminal(
        env!("CARGO_BIN_EXE_flipgame"),
        &["gen", "--count", "3", "--seed", "7"],
        &[],
        b"",
    );
    assert!(!screen.text.contains("flipgame: seed"), "{}", screen.text);
}

/// `--rule random` writes one rule file: it refuses every option about boards, each alone.
#[test]
fn a_random_rule_refuses_the_options_of_boards() {
    for extra in [
        &["--wrap"][..],
        &["--moves", "3"],
        &["--impossible"],
        &["--count", "2"],
    ] {
        flipgame()
            .args(["gen", "--rule", "random"])
            .args(extra)
            .assert()
            .code(2)
            .stderr(contains("--rule random writes one rule file and no boards"));
    }
}

#[test]
fn every_one_tap_board_appears_when_many_are_drawn() {
    let table = flipgame()
        .args(["table", "--format", "binary"])
        .output()
        .unwrap()
        .stdout;
    let one_tap: HashSet<usize> = (0..table.len()).filter(|&id| table[id] == 1).collect();
    let boards = generate(&[
        "--moves", "1", "--count", "3000", "--seed", "1", "--format", "jsonl",
    ]);
    let seen: HashSet<usize> = boards
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            usize::from_str_radix(value["id"].as_str().unwrap(), 16).unwrap()
        })
        .collect();
    assert_eq!(seen, one_tap);
    assert_eq!(seen.len(), 32);
}

#[test]
fn a_distance_no_board_has_is_a_usage_error_naming_the_largest() {
    let stats: serde_json::Value = serde_json::from_slice(
        &flipgame()
            .args(["stats", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let largest = stats["max_moves"].as_u64().unwrap();
    flipgame()
        .args(["gen", "--moves", &(largest + 1).to_string()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(format!("the most any needs is {largest}")));
}

#[test]
fn moves_and_impossible_do_not_go_together() {
    flipgame()
        .args(["gen", "--moves", "2", "--impossible"])
        .assert()
        .code(2)
        .stderr(contains("cannot be used"));
}

#[test]
fn jsonl_records_carry_the_distance_and_the_seed() {
    let lines = generate(&[
        "--moves", "2", "--count", "3", "--seed", "77", "--format", "jsonl",
    ]);
    for (n, line) in lines.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["index"], n as u64 + 1);
        assert_eq!(value["moves"], 2);
        assert_eq!(value["seed"], 77);
    }
    let array: Vec<serde_json::Value> = serde_json::from_str(&generate(&[
        "--count", "2", "--seed", "1", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(array.len(), 2);
}

/// `--unique` never repeats a board, and says so when fewer boards fit than asked for.
#[test]
fn unique_boards_are_distinct_or_refused() {
    let output = flipgame()
        .args([
            "gen", "--moves", "1", "--count", "32", "--unique", "--seed", "3",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let boards: HashSet<String> = lines.chunks(4).map(|rows| rows.join("/")).collect();
    assert_eq!(
        (lines.len(), boards.len()),
        (128, 32),
        "all 32 one-tap boards, once each"
    );
    flipgame()
        .args(["gen", "--moves", "0", "--count", "3", "--unique"])
        .assert()
        .code(2)
        .stderr(contains("only 2 distinct 4x4 boards fit"));
}

/// Past 25 cells `--moves K` keeps scrambles whose minimum is proven to be K: each board solves
/// in exactly K proven taps, the same seed gives the same boards, and a K no scramble reaches is
/// a usage error, not an endless search.
#[test]
fn moves_past_25_cells_gives_boards_of_exactly_k_proven_taps() {
    let run = |args: &[&str]| {
        let output = flipgame().args(args).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    for (size, moves, goal) in [
        ("10x10", "12", "either"),
        ("7x9", "5", "white"),
        ("40x40", "30", "black"),
    ] {
        let args = [
            "gen", "--size", size, "--moves", moves, "--goal", goal, "--seed", "4", "--count", "3",
        ];
        let boards = run(&args);
        assert_eq!(boards, run(&args), "the same seed, the same boards");
        let answers = flipgame()
            .args(["solve", "--size", size, "--goal", goal, "--format", "jsonl"])
            .write_stdin(boards)
            .output()
            .unwrap();
        let answers = String::from_utf8(answers.stdout).unwrap();
        assert_eq!(answers.lines().count(), 3);
        for line in answers.lines() {
            let answer: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(answer["moves"].to_string(), moves, "{line}");
            assert_eq!(answer["optimal"], true);
        }
    }
    flipgame()
        .args(["gen", "--size", "6x6", "--moves", "37"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--moves 37: no 6x6 board needs more than 36 taps (1 tap a cell at most)",
        ));
    flipgame()
        .args([
            "gen", "--size", "6x5", "--moves", "1", "--count", "61", "--unique",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("only 60 distinct 6x5 boards fit"));
}

#[test]
fn impossible_boards_are_refused_where_every_board_can_be_finished() {
    // The 1 x n sigma game (a tap turns over its two neighbours) has a one-dimensional null
    // space at n = 31 and n = 33, too large to explore. At 33 all black cannot be made white,
    // so the boards that finish white and those that finish black are the two halves of the
    // space: every board finishes. At 31 all black can be made white: half the boards never do.
    flipgame()
        .args(["gen", "--size", "1x33", "--rule", "sigma", "--impossible"])
        .assert()
        .code(2)
        .stderr(
            "error: --impossible: every 1x33 board can be finished for the goal (all white or \
             all black)\n",
        );
    let drawn = flipgame()
        .args([
            "gen",
            "--size",
            "1x31",
            "--rule",
            "sigma",
            "--impossible",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    assert!(drawn.status.success(), "{drawn:?}");
    flipgame()
        .args(["solve", "--size", "1x31", "--rule", "sigma"])
        .write_stdin(drawn.stdout)
        .assert()
        .success()
        .stdout("Impossible\n");
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::flipgame;
    use crate::k_states::*;
    use predicates::str::contains;
    use serde::Deserialize;

    /// One record of `gen --states K --format jsonl`, mirrored with `deny_unknown_fields`.
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Generated {
        index: u64,
        board: String,
        rows: u32,
        cols: u32,
        rule: String,
        wrap: bool,
        states: u32,
        moves: Option<u64>,
        optimal: bool,
        seed: u64,
    }

    fn generated(args: &[&str]) -> Vec<Generated> {
        let output = flipgame()
            .args(["gen", "--format", "jsonl"])
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    #[test]
    fn generated_boards_of_k_states_need_what_was_asked_against_a_brute_force() {
        let model = Model::stencil("010/121/010", 2, 3, 3);
        let every = every_board(&model);
        let fewest = model.brute_force_every_board(&[0]);
        let needing = |moves: Option<u64>| -> Vec<String> {
            every
                .iter()
                .zip(&fewest)
                .filter(|(_, best)| best.as_ref().map(|e| e.0) == moves)
                .map(|(board, _)| model.text(board).replace('\n', "/"))
                .collect()
        };
        for (flags, moves) in [
            (&["--moves", "4"][..], Some(4)),
            (&["--impossible"][..], None),
        ] {
            let expected = needing(moves);
            let drawn = generated(
                &[
                    &["--states", "3", "--size", "2x3", "--rule", "010/121/010"][..],
                    flags,
                    &["--count", "400", "--seed", "7"],
                ]
                .concat(),
            );
            assert_eq!(drawn.len(), 400);
            let mut seen = std::collections::BTreeSet::new();
            for (index, board) in drawn.iter().enumerate() {
                assert_eq!((board.index, board.seed), (index as u64 + 1, 7));
                assert_eq!((board.rows, board.cols, board.states), (2, 3, 3));
                assert_eq!(
                    (board.rule.as_str(), board.wrap, board.optimal),
                    ("010/121/010", false, true)
                );
                assert_eq!(board.moves, moves);
                assert!(expected.contains(&board.board), "{}", board.board);
                seen.insert(board.board.clone());
            }
            // Drawn uniformly: 400 draws of a few dozen boards (or a few hundred) see most of them.
            assert!(
                seen.len() * 10 >= expected.len().min(400) * 6,
                "{} of {}",
                seen.len(),
                expected.len()
            );
        }
        // Past the boards searched whole: scrambles whose minimum is proven, which solve agrees with.
        let drawn = generated(&[
            "--states", "4", "--size", "7x7", "--moves", "6", "--count", "3", "--seed", "2",
        ]);
        let boards: Vec<String> = drawn.iter().map(|b| b.board.clone()).collect();
        let mut solve = flipgame();
        solve.args([
            "solve", "--states", "4", "--size", "7x7", "--format", "jsonl",
        ]);
        for board in &boards {
            solve.args(["--board", board]);
        }
        let answers = answers(&solve.output().unwrap().stdout);
        for (board, answer) in drawn.iter().zip(&answers) {
            assert_eq!((board.moves, board.optimal), (Some(6), true));
            assert_eq!(
                (answer.moves, answer.optimal),
                (Some(6), true),
                "{}",
                board.board
            );
        }
    }

    #[test]
    fn generated_boards_of_k_states_read_back_and_repeat_with_the_seed() {
        let run = |seed: &str| {
            flipgame()
                .args([
                    "gen", "--states", "5", "--size", "2x2", "--count", "3", "--seed", seed,
                ])
                .output()
                .unwrap()
                .stdout
        };
        let text = run("3");
        assert_eq!(text, run("3"));
        assert_ne!(text, run("4"));
        assert_eq!(String::from_utf8(text.clone()).unwrap().lines().count(), 6);
        flipgame()
            .args(["solve", "--states", "5", "--size", "2x2"])
            .write_stdin(text)
            .assert()
            .success();
        flipgame()
            .args(["gen", "--states", "3", "--size", "3x3", "--impossible"])
            .assert()
            .code(2)
            .stderr(
                "error: --impossible: every 3x3 board of 3 colours can be finished for the goal \
                 (all 0)\n",
            );
        flipgame()
            .args(["gen", "--states", "3", "--size", "3x3", "--moves", "19"])
            .assert()
            .code(2)
            .stderr(contains(
                "--moves 19: no 3x3 board of 3 colours needs exactly 19 presses for the goal (all \
                 0): the most any needs is 18",
            ));
        flipgame()
            .args(["gen", "--states", "3", "--size", "9x9", "--moves", "163"])
            .assert()
            .code(2)
            .stderr(contains(
                "--moves 163: no 9x9 board of 3 colours needs more than 162 presses (2 presses a \
                 cell at most)",
            ));
        flipgame()
            .args([
                "gen",
                "--states",
                "3",
                "--size",
                "1x2",
                "--rule",
                "010/121/010",
                "--moves",
                "1",
            ])
            .args(["--count", "3", "--unique"])
            .assert()
            .code(2)
            .stderr(contains(
                "--unique: only 2 distinct 1x2 boards fit, fewer than --count 3",
            ));
    }
}
