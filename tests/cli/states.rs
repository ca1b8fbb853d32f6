//! `flipgame solve --states K` and the other commands of K colours: boards checked against a
//! brute force written here from the rule's definition, and against The Clocks' published
//! sample.

use crate::common::{SAMPLE, Scratch, flipgame};
use predicates::prelude::*;
use predicates::str::contains;
use serde::Deserialize;

/// The JSON object of one board of K states, mirrored with `deny_unknown_fields`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Answer {
    index: u64,
    source: String,
    board: String,
    rows: u32,
    cols: u32,
    rule: String,
    wrap: bool,
    states: u32,
    solvable: bool,
    moves: Option<u64>,
    goal: Option<u32>,
    optimal: bool,
    lower_bound: Option<u64>,
    taps: Option<Vec<Press>>,
    proof: Option<Proof>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Press {
    row: usize,
    col: usize,
    times: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Proof {
    weights: Vec<Vec<u32>>,
    board_sum: u32,
    finished_sum: u32,
}

/// A puzzle of K states as the test sees it: every press's effect on every cell.
struct Model {
    rows: usize,
    cols: usize,
    states: u32,
    /// `effects[press][cell]`: what one press adds there.
    effects: Vec<Vec<u32>>,
}

impl Model {
    /// A stencil of digit weights, centred on the press, without wrap: cells past the edge
    /// are dropped.
    fn stencil(stencil: &str, rows: usize, cols: usize, states: u32) -> Model {
        let grid: Vec<Vec<u32>> = stencil
            .split('/')
            .map(|row| row.chars().map(|ch| ch.to_digit(10).unwrap()).collect())
            .collect();
        let (up, left) = ((grid.len() / 2) as i64, (grid[0].len() / 2) as i64);
        let effects = (0..rows * cols)
            .map(|press| {
                let mut effect = vec![0; rows * cols];
                for (dr, line) in grid.iter().enumerate() {
                    for (dc, &weight) in line.iter().enumerate() {
                        let r = (press / cols) as i64 + dr as i64 - up;
                        let c = (press % cols) as i64 + dc as i64 - left;
                        if (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) {
                            effect[r as usize * cols + c as usize] = weight;
                        }
                    }
                }
                effect
            })
            .collect();
        Model {
            rows,
            cols,
            states,
            effects,
        }
    }

    /// The board after `presses` (times per cell).
    fn after(&self, board: &[u32], presses: &[u32]) -> Vec<u32> {
        let mut after = board.to_vec();
        for (effect, &times) in self.effects.iter().zip(presses) {
            for (cell, &weight) in after.iter_mut().zip(effect) {
                *cell = (*cell + weight * times) % self.states;
            }
        }
        after
    }

    /// The fewest presses to a uniform board of a colour in `colors`, ties to the least press
    /// vector read row-major: every vector, in that order.
    fn brute_force(&self, board: &[u32], colors: &[u32]) -> Option<(u64, Vec<u32>, u32)> {
        let n = board.len();
        let mut x = vec![0; n];
        let mut best: Option<(u64, Vec<u32>, u32)> = None;
        loop {
            let after = self.after(board, &x);
            let moves: u64 = x.iter().map(|&t| u64::from(t)).sum();
            if colors.contains(&after[0])
                && after.iter().all(|&s| s == after[0])
                && best.as_ref().is_none_or(|(m, ..)| moves < *m)
            {
                best = Some((moves, x.clone(), after[0]));
            }
            let mut position = n;
            loop {
                if position == 0 {
                    return best;
                }
                position -= 1;
                x[position] += 1;
                if x[position] < self.states {
                    break;
                }
                x[position] = 0;
            }
        }
    }

    fn text(&self, board: &[u32]) -> String {
        board
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|&s| char::from_digit(s, 36).unwrap())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Boards drawn by a small linear congruential generator, so the test needs no other code:
/// every other one random, the rest `finished` scrambled by random presses (so some boards
/// can be finished whatever the rule).
fn boards(model: &Model, count: usize, seed: u64, finished: u32) -> Vec<Vec<u32>> {
    let mut state = seed;
    let mut draw = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % u64::from(model.states)) as u32
    };
    let cells = model.rows * model.cols;
    (0..count)
        .map(|index| {
            let random: Vec<u32> = (0..cells).map(|_| draw()).collect();
            if index % 2 == 0 {
                random
            } else {
                model.after(&vec![finished; cells], &random)
            }
        })
        .collect()
}

fn answers(stdout: &[u8]) -> Vec<Answer> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

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
        "--goal 3: the colours of --states 3 are numbers from 0 to 2",
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
        "expected either, white, black, any, or a colour number",
    );
    refused(
        &["solve", "--states", "3", "--cells", "01"],
        "--cells is for black and white pieces",
    );
    refused(&["solve", "--states", "37"], "37 is not in 2..=36");
    refused(&["solve", "--states", "1"], "1 is not in 2..=36");
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
        "solved up to 4096 cells (64x64), and up to 1,048,576 (1024x1024) under a stencil whose only cell above the press is straight above it, with a weight prime to K, and no --wrap (plus, 010/121/010): not 4160",
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

/// Every 2x2 board of 3 states with tap lists drawn at random (a cell may come several times):
/// each verdict against the test's own replay and brute force.
#[test]
fn check_judges_tap_lists_of_k_states_against_a_brute_force() {
    let model = Model::stencil("010/111/010", 2, 2, 3);
    let boards: Vec<Vec<u32>> = (0..81u32)
        .map(|n| (0..4).map(|i| n / 3u32.pow(i) % 3).collect())
        .collect();
    let mut state = 11u64;
    let mut lines = String::new();
    let mut lists = Vec::new();
    for board in &boards {
        // The least of the fewest where there is one, and a random list.
        let best = model.brute_force(board, &[0]);
        let mut random = vec![0u32; 4];
        let mut words = Vec::new();
        for _ in 0..(state % 6) {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let cell = (state >> 40) as usize % 4;
            random[cell] += 1;
            words.push(format!("r{}c{}", cell / 2 + 1, cell % 2 + 1));
        }
        let text = model.text(board).replace('\n', "/");
        if let Some((_, presses, _)) = &best {
            let mut words = Vec::new();
            for (cell, &times) in presses.iter().enumerate() {
                for _ in 0..times {
                    words.push(format!("r{}c{}", cell / 2 + 1, cell % 2 + 1));
                }
            }
            lines.push_str(&format!("{text} {}\n", words.join(" ")));
            lists.push((board.clone(), presses.clone()));
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
            "2x2",
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
        .stderr("error: --board:1:5: expected a digit from '0' to '2', found '3'\n");
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

/// A kernel of 3^20 quiet press counts (the 0/0/1 rule: a press reaches only the cell below, so
/// the last row's presses change nothing) is not searched to its end within --search-time: the
/// answer is the best found, marked not proven, with the counting bound.
#[test]
fn search_time_stops_a_long_search_with_an_answer_marked_not_proven() {
    let board = format!("{}/{}", "0".repeat(20), "1".repeat(20));
    let output = flipgame()
        .args([
            "solve", "--states", "3", "--size", "2x20", "--rule", "0/0/1",
        ])
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
    assert!(!answer.optimal);
    assert_eq!((answer.moves, answer.lower_bound), (Some(40), Some(20)));
    let text = flipgame()
        .args([
            "solve", "--states", "3", "--size", "2x20", "--rule", "0/0/1",
        ])
        .args(["--search-time", "0.2", "--board", &board])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(text.stdout).unwrap(),
        "40 (at least 20; not proven minimal)\n"
    );
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

// --- table and stats: every board of K states. ---

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

/// Every board of the model, in the order of their digits.
fn every_board(model: &Model) -> Vec<Vec<u32>> {
    let cells = model.rows * model.cols;
    let total = (model.states as usize).pow(cells as u32);
    (0..total)
        .map(|index| {
            (0..cells)
                .map(|cell| {
                    (index / (model.states as usize).pow((cells - 1 - cell) as u32)) as u32
                        % model.states
                })
                .collect()
        })
        .collect()
}

/// The puzzles the table and stats are checked on: the rule as given and as labelled, the
/// model, the goal and its colours.
type SmallPuzzle = (&'static str, &'static str, Model, &'static str, Vec<u32>);

fn small_puzzles() -> Vec<SmallPuzzle> {
    vec![
        (
            "010/111/010",
            "plus",
            Model::stencil("010/111/010", 2, 2, 3),
            "0",
            vec![0],
        ),
        (
            "010/121/010",
            "010/121/010",
            Model::stencil("010/121/010", 2, 3, 3),
            "0",
            vec![0],
        ),
        (
            "plus",
            "plus",
            Model::stencil("010/111/010", 1, 4, 4),
            "any",
            vec![0, 1, 2, 3],
        ),
        (
            "box",
            "box",
            Model::stencil("111/111/111", 2, 2, 6),
            "any",
            (0..6).collect(),
        ),
        (
            "plus",
            "plus",
            Model::stencil("010/111/010", 2, 3, 4),
            "3",
            vec![3],
        ),
    ]
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
        for (row, board) in rows.iter().zip(&boards) {
            assert_eq!(row.board, model.text(board).replace('\n', "/"));
            assert_eq!(
                (row.rule.as_str(), row.wrap, row.states),
                (label, false, model.states)
            );
            let expected = model.brute_force(board, &colors);
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

/// `stats --states K --format json`, mirrored with `deny_unknown_fields`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct StatesStats {
    rows: u32,
    cols: u32,
    rule: String,
    wrap: bool,
    states: u32,
    goal: serde_json::Value,
    positions: Option<u64>,
    solvable: Option<u64>,
    impossible: Option<u64>,
    solvable_one_in: Vec<PrimePower>,
    quiet_presses: Vec<Factor>,
    invariants: Vec<Factor>,
    max_moves: Option<u64>,
    mean_moves: Option<f64>,
    histogram: Option<Vec<HistogramRow>>,
    hardest: Option<Hardest>,
    note: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PrimePower {
    prime: u64,
    exponent: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Factor {
    order: u32,
    generator: String,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct HistogramRow {
    moves: u64,
    boards: u64,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Hardest {
    example: String,
    boards: u64,
}

fn stats(args: &[&str]) -> StatesStats {
    let output = flipgame()
        .args(["stats", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The digits of a generator, row-major.
fn digits(text: &str) -> Vec<u32> {
    text.chars()
        .filter(|&ch| ch != '/')
        .map(|ch| ch.to_digit(36).unwrap())
        .collect()
}

#[test]
fn stats_of_k_states_match_a_brute_force() {
    for (rule, label, model, goal, colors) in small_puzzles() {
        let size = format!("{}x{}", model.rows, model.cols);
        let states = model.states.to_string();
        let found = stats(&[
            "--states", &states, "--size", &size, "--rule", rule, "--goal", goal,
        ]);
        let fewest: Vec<Option<u64>> = every_board(&model)
            .iter()
            .map(|board| model.brute_force(board, &colors).map(|e| e.0))
            .collect();
        let solvable = fewest.iter().flatten().count() as u64;
        let largest = fewest.iter().flatten().max().copied().unwrap();
        let mut histogram = vec![0u64; largest as usize + 1];
        for &moves in fewest.iter().flatten() {
            histogram[moves as usize] += 1;
        }
        let what = format!("{rule} {size} K={states} goal {goal}");
        assert_eq!(
            (found.rows, found.cols, found.states),
            (model.rows as u32, model.cols as u32, model.states)
        );
        assert_eq!((found.rule.as_str(), found.wrap), (label, false));
        assert_eq!(
            found.goal,
            goal.parse::<u32>()
                .map_or(serde_json::json!(goal), |c| serde_json::json!(c))
        );
        assert_eq!(found.positions, Some(fewest.len() as u64), "{what}");
        assert_eq!(found.solvable, Some(solvable), "{what}");
        assert_eq!(
            found.impossible,
            Some(fewest.len() as u64 - solvable),
            "{what}"
        );
        let one_in: u64 = found
            .solvable_one_in
            .iter()
            .map(|p| p.prime.pow(p.exponent))
            .product();
        assert_eq!(one_in * solvable, fewest.len() as u64, "{what}");
        assert_eq!(found.max_moves, Some(largest), "{what}");
        let mean = fewest.iter().flatten().sum::<u64>() as f64 / solvable as f64;
        assert!((found.mean_moves.unwrap() - mean).abs() < 1e-9, "{what}");
        let rows = found.histogram.unwrap();
        assert_eq!(
            rows.iter().map(|r| r.moves).collect::<Vec<_>>(),
            (0..=largest).collect::<Vec<_>>()
        );
        assert_eq!(
            rows.iter().map(|r| r.boards).collect::<Vec<_>>(),
            histogram,
            "{what}"
        );
        let hardest = found.hardest.unwrap();
        assert_eq!(hardest.boards, histogram[largest as usize]);
        let first_hardest = fewest.iter().position(|&m| m == Some(largest)).unwrap();
        assert_eq!(
            hardest.example,
            model
                .text(&every_board(&model)[first_hardest])
                .replace('\n', "/")
        );
        assert_eq!(found.note, None);
        // The quiet press counts: as many as the brute force finds, each quiet.
        let cells = model.rows * model.cols;
        let quiet = every_board(&model)
            .iter()
            .filter(|x| model.after(&vec![0; cells], x).iter().all(|&s| s == 0))
            .count() as u64;
        let orders: u64 = found
            .quiet_presses
            .iter()
            .map(|f| u64::from(f.order))
            .product();
        assert_eq!(orders, quiet, "{what}");
        for factor in &found.quiet_presses {
            let x = digits(&factor.generator);
            assert!(
                model.after(&vec![0; cells], &x).iter().all(|&s| s == 0),
                "{what}"
            );
        }
        for factor in &found.invariants {
            let y = digits(&factor.generator);
            for effect in &model.effects {
                let sum: u32 = y.iter().zip(effect).map(|(a, b)| a * b).sum();
                assert_eq!(sum % model.states, 0, "{what}: {}", factor.generator);
            }
        }
    }
}

#[test]
fn stats_past_the_searched_boards_come_from_the_presses_structure() {
    // 6x6 under K = 3: 3^36 boards, too many to search; the structure still counts them.
    let found = stats(&["--states", "3", "--size", "6x6"]);
    assert_eq!(found.positions, Some(3u64.pow(36)));
    assert_eq!(
        found.impossible,
        Some(3u64.pow(36) - found.solvable.unwrap())
    );
    assert!(found.histogram.is_none() && found.max_moves.is_none() && found.hardest.is_none());
    assert!(found.note.unwrap().contains("3^36 boards"));
    let model = Model::stencil("010/111/010", 6, 6, 3);
    for factor in &found.quiet_presses {
        let x = digits(&factor.generator);
        assert_eq!(factor.order, 3);
        assert!(model.after(&[0; 36], &x).iter().all(|&s| s == 0));
    }
    let one_in: u64 = found
        .solvable_one_in
        .iter()
        .map(|p| p.prime.pow(p.exponent))
        .product();
    assert_eq!(one_in, 3u64.pow(found.invariants.len() as u32));
    assert_eq!(found.solvable.unwrap() * one_in, 3u64.pow(36));
    // 30x30 under K = 6: 6^900 boards, counts as powers.
    flipgame()
        .args(["stats", "--states", "6", "--size", "30x30"])
        .assert()
        .success()
        .stdout(contains(
            "Positions    6^900\nSolvable     1 in 2^20 = 1,048,576\n",
        ));
    flipgame()
        .args(["stats", "--states", "3", "--size", "65x64", "--rule", "x"])
        .assert()
        .code(2)
        .stderr(contains("not 4160"));
}

#[test]
fn the_k_state_text_report_names_the_groups() {
    flipgame()
        .args(["stats", "--states", "6", "--size", "4x4", "--goal", "any"])
        .assert()
        .success()
        .stdout(contains("4x4 board of 6 states, rule plus, goal: any"))
        .stdout(contains(
            "quiet press counts Z_2^4 x Z_3^2 (2^4 x 3^2 = 144",
        ))
        .stdout(contains("  #5  order  3  "));
    flipgame()
        .args(["stats", "--states", "4", "--size", "2x3", "--goal", "1"])
        .assert()
        .success()
        .stdout(contains("Fewest presses   Boards    Share of solvable"))
        .stdout(contains("God's number: "));
    flipgame()
        .args(["stats", "--states", "3", "--size", "3x3"])
        .assert()
        .success()
        .stdout(contains("Press matrix over Z_3: invertible"));
    flipgame()
        .args(["stats", "--states", "3", "--size", "2x2", "--format", "svg"])
        .assert()
        .success()
        .stdout(contains("fewest presses"));
}

// --- gen: random boards of K states. ---

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
    let needing = |moves: Option<u64>| -> Vec<String> {
        every
            .iter()
            .filter(|board| model.brute_force(board, &[0]).map(|e| e.0) == moves)
            .map(|board| model.text(board).replace('\n', "/"))
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
            "error: a 3x3 board of 3 states, goal 0: every board can be finished for this goal\n",
        );
    flipgame()
        .args(["gen", "--states", "3", "--size", "3x3", "--moves", "19"])
        .assert()
        .code(2)
        .stderr(contains(
            "no board needs exactly 19 presses: the most any needs is 18",
        ));
    flipgame()
        .args(["gen", "--states", "3", "--size", "9x9", "--moves", "163"])
        .assert()
        .code(2)
        .stderr(contains(
            "--moves 163: no board needs more than 162 presses",
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

// --- explain: a walkthrough a press at a time. ---

/// One record of `explain --states K --format jsonl`: the fields of `solve` and the steps.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Explained {
    #[serde(flatten)]
    answer: Answer,
    steps: Vec<Step>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Step {
    press: Cell,
    changed: Vec<Cell>,
    board: String,
}

#[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct Cell {
    row: usize,
    col: usize,
}

#[test]
fn explained_presses_replay_to_the_finished_board_against_a_brute_force() {
    for (rule, model, goal, seed) in [
        (
            "010/121/010",
            Model::stencil("010/121/010", 3, 3, 3),
            "0",
            3,
        ),
        (
            "010/111/010",
            Model::stencil("010/111/010", 2, 3, 4),
            "any",
            5,
        ),
        (
            "111/111/111",
            Model::stencil("111/111/111", 2, 2, 6),
            "2",
            8,
        ),
    ] {
        let colors: Vec<u32> = match goal {
            "any" => (0..model.states).collect(),
            color => vec![color.parse().unwrap()],
        };
        let boards = boards(&model, 12, seed, colors[0]);
        let size = format!("{}x{}", model.rows, model.cols);
        let states = model.states.to_string();
        let mut command = flipgame();
        command.args([
            "explain", "--states", &states, "--size", &size, "--rule", rule,
        ]);
        command.args(["--goal", goal, "--format", "jsonl"]);
        for board in &boards {
            command.args(["--board", &model.text(board).replace('\n', "/")]);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let explained: Vec<Explained> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(explained.len(), boards.len());
        for (board, record) in boards.iter().zip(&explained) {
            let context = format!("{rule} K={states} goal {goal}: {}", record.answer.board);
            let expected = model.brute_force(board, &colors);
            assert_eq!(
                record.answer.moves,
                expected.as_ref().map(|e| e.0),
                "{context}"
            );
            assert_eq!(
                record.steps.len() as u64,
                record.answer.moves.unwrap_or(0),
                "{context}"
            );
            let mut current = board.clone();
            for step in &record.steps {
                let press = (step.press.row - 1) * model.cols + step.press.col - 1;
                let mut presses = vec![0; board.len()];
                presses[press] = 1;
                current = model.after(&current, &presses);
                assert_eq!(
                    step.board,
                    model.text(&current).replace('\n', "/"),
                    "{context}"
                );
                let reached: Vec<usize> = (0..board.len())
                    .filter(|&c| model.effects[press][c] != 0)
                    .collect();
                let changed: Vec<usize> = step
                    .changed
                    .iter()
                    .map(|c| (c.row - 1) * model.cols + c.col - 1)
                    .collect();
                let mut sorted = changed.clone();
                sorted.sort();
                assert_eq!(sorted, reached, "{context}");
            }
            if let Some((_, _, color)) = expected {
                assert!(current.iter().all(|&s| s == color), "{context}");
                // Presses come in row-major order, a cell pressed j times j times in a row.
                let order: Vec<Cell> = record.steps.iter().map(|s| s.press).collect();
                assert!(order.windows(2).all(|pair| pair[0] <= pair[1]), "{context}");
            } else {
                assert!(
                    record.answer.proof.is_some() && record.steps.is_empty(),
                    "{context}"
                );
            }
        }
    }
}

#[test]
fn explained_boards_of_k_states_are_drawn_a_press_at_a_time() {
    let explain = |args: &[&str]| {
        let output = flipgame()
            .args(["explain", "--states", "3", "--color", "never"])
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let text = explain(&[
        "--size",
        "3x3",
        "--rule",
        "010/121/010",
        "--board",
        "212/020/000",
    ]);
    assert!(
        text.starts_with(
            "212/020/000  (3x3, 3 states, rule 010/121/010, --board[1]:1)\n1 press to all 0: r1c2."
        ),
        "{text}"
    );
    assert!(text.contains("Start           Press 1: r1c2\n   1  2  3         1  2  3\n1  2  1  2      1 (0)[0](0)\n"), "{text}");
    assert!(
        text.contains("[0] pressed   (0) changed   0 1 2 colours\nSolved in 1 press: all 0.\n"),
        "{text}"
    );
    let map = explain(&["--size", "2x2", "--board", "01/11", "--map"]);
    assert!(
        map.contains(
            "Press map: 2 presses (each digit the presses there)\n   1  2\n1  0  0\n2  0 {2}\n"
        ),
        "{map}"
    );
    let proof = explain(&["--size", "2x2", "--goal", "2", "--board", "00/00"]);
    assert!(
        proof.contains("Impossible\n\nBoard      Weights\n"),
        "{proof}"
    );
    assert!(
        proof
            .replace('\n', " ")
            .contains("This board's sum is 0, and the finished board (all 2) has 2"),
        "{proof}"
    );
    let cut = explain(&[
        "--size",
        "3x3",
        "--board",
        "101/010/101",
        "--max-steps",
        "1",
    ]);
    assert!(
        cut.contains("Press 1: r1c1") && !cut.contains("Press 2:"),
        "{cut}"
    );
    assert!(
        cut.contains("presses are not drawn (--max-steps 1); --format json has every step.)"),
        "{cut}"
    );
    let svg = explain(&["--size", "2x2", "--board", "01/11", "--format", "svg"]);
    assert!(
        svg.contains(r#"class="digit""#) && svg.contains(r#"<circle class="s1""#),
        "{svg}"
    );
    assert!(
        svg.contains(">pressed</text>") && svg.contains(">colour 2</text>"),
        "{svg}"
    );
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args([
            "explain", "--states", "3", "--size", "2x2", "--board", "01/11", "--board", "02/22",
        ])
        .args(["--format", "svg", "--output-dir", "pictures"])
        .assert()
        .success()
        .stdout(contains("0001.svg").and(contains("0002.svg")));
    flipgame()
        .args(["explain", "--states", "3", "--trace"])
        .assert()
        .code(2)
        .stderr(contains(
            "--trace tells the breadth-first search of black and white boards",
        ));
}

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
