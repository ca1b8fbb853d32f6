//! `flipgame explain`: the walkthrough, the proof of impossibility, colour, layout and JSON.

use crate::common::{IMPOSSIBLE, IMPOSSIBLE_LINE, SAMPLE, SAMPLE_LINE, flipgame};
use predicates::prelude::*;
use predicates::str::contains;
use serde::Deserialize;

const ESCAPE: &str = "\u{1b}[";

fn explain(args: &[&str], columns: &str) -> String {
    let output = flipgame()
        .arg("explain")
        .args(args)
        .env("COLUMNS", columns)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn walkthrough_of_the_sample_without_colour() {
    crate::generated::snapshot(
        "explain/walkthrough_of_the_sample_without_colour",
        &explain(&["--board", SAMPLE_LINE], "80"),
    );
}

#[test]
fn a_width_of_zero_columns_is_no_width_and_the_default_is_used() {
    // COLUMNS=0 (as some shells export it) says nothing: the walkthrough is laid out as
    // without it, in 80 columns when the output is no terminal.
    assert_eq!(
        explain(&["--board", SAMPLE_LINE], "0"),
        explain(&["--board", SAMPLE_LINE], "80")
    );
}

#[test]
fn walkthrough_of_the_sample_in_ascii_wrapped_to_forty_columns() {
    let text = explain(&["--board", SAMPLE_LINE, "--ascii"], "40");
    assert!(
        text.lines().all(|line| line.chars().count() <= 40),
        "{text}"
    );
    assert!(text.is_ascii());
    crate::generated::snapshot(
        "explain/walkthrough_of_the_sample_in_ascii_wrapped_to_forty_columns",
        &text,
    );
}

#[test]
fn walkthrough_with_colour() {
    let text = explain(&["--color", "always", "--board", SAMPLE_LINE], "80");
    assert!(text.contains(ESCAPE));
    crate::generated::snapshot("explain/walkthrough_with_colour", &text);
}

#[test]
fn proof_for_the_statement_example() {
    crate::generated::snapshot(
        "explain/proof_for_the_statement_example",
        &explain(&["--board", IMPOSSIBLE_LINE], "80"),
    );
}

#[test]
fn proof_with_colour_and_one_goal() {
    crate::generated::snapshot(
        "explain/proof_with_colour_and_one_goal",
        &explain(
            &[
                "--color",
                "always",
                "--goal",
                "black",
                "--board",
                IMPOSSIBLE_LINE,
            ],
            "80",
        ),
    );
}

#[test]
fn a_solved_board_says_so() {
    // The board alone, with no legend, no count of taps to close and, on the map, no map title.
    let board = "1  ●  ●  ●  ●\n\
                 2  ●  ●  ●  ●\n\
                 3  ●  ●  ●  ●\n\
                 4  ●  ●  ●  ●\n";
    for (map, title) in [(&[][..], "Start"), (&["--map"][..], "Nothing to tap")] {
        let text = explain(
            &[&["--board", "bbbb/bbbb/bbbb/bbbb"][..], map].concat(),
            "80",
        );
        assert_eq!(
            text,
            format!(
                "bbbb/bbbb/bbbb/bbbb  (id ffff, --board[1]:1)\n\
                 Already solved: all black, 0 taps.\n\
                 \n\
                 {title}\n   1  2  3  4\n{board}"
            )
        );
    }
}

#[test]
fn every_board_of_a_file_is_explained_in_turn() {
    let text = explain(
        &[
            "--board",
            SAMPLE_LINE,
            "--board",
            IMPOSSIBLE_LINE,
            "--board",
            "0x0000",
        ],
        "200",
    );
    let headers: Vec<&str> = text.lines().filter(|line| line.contains("(id ")).collect();
    assert_eq!(headers.len(), 3, "{text}");
    assert!(headers[1].starts_with(IMPOSSIBLE_LINE));
    // One blank line between two boards' explanations, none before the first.
    assert!(text.starts_with(SAMPLE_LINE), "{text}");
    for header in &headers[1..] {
        let blank_then_header = format!("\n\n{header}\n");
        assert!(text.contains(&blank_then_header), "{text}");
        assert!(
            !text.contains(&format!("\n\n{blank_then_header}")),
            "{text}"
        );
    }
}

#[test]
fn steps_sit_side_by_side_as_far_as_the_width_allows() {
    let wide = explain(&["--board", SAMPLE_LINE], "200");
    let narrow = explain(&["--board", SAMPLE_LINE], "20");
    let titles = |text: &str| {
        text.lines()
            .filter(|line| line.contains("Tap ") || line.starts_with("Start"))
            .count()
    };
    assert_eq!(titles(&wide), 1, "{wide}");
    assert_eq!(titles(&narrow), 5, "{narrow}");
}

#[test]
fn malformed_boards_are_reported_as_by_solve() {
    flipgame()
        .args([
            "explain",
            "--board",
            "bwwb/bbwb/bwwb/bwwx",
            "--board",
            SAMPLE_LINE,
        ])
        .assert()
        .code(2)
        .stdout(contains("Solved in 4 taps"))
        .stderr("error: --board[1]:1:19: expected 'b' or 'w', found 'x'\n");
}

#[test]
fn explain_reads_standard_input_like_solve() {
    flipgame()
        .arg("explain")
        .write_stdin(IMPOSSIBLE)
        .assert()
        .success()
        .stdout(contains("(id a0d9, -:1)"));
}

// The colour rules, shared by every subcommand.

#[test]
fn no_colour_into_a_pipe_by_default() {
    flipgame()
        .args(["explain", "--board", SAMPLE_LINE])
        .assert()
        .success()
        .stdout(contains(ESCAPE).not());
}

#[test]
fn clicolor_force_colours_a_pipe_and_no_color_wins_over_it() {
    let run = |env: &[(&str, &str)], extra: &[&str]| {
        let mut command = flipgame();
        command
            .args(["explain", "--board", SAMPLE_LINE])
            .args(extra);
        for (key, value) in env {
            command.env(key, value);
        }
        String::from_utf8(command.output().unwrap().stdout)
            .unwrap()
            .contains(ESCAPE)
    };
    assert!(run(&[("CLICOLOR_FORCE", "1")], &[]));
    assert!(!run(&[("CLICOLOR_FORCE", "0")], &[]));
    assert!(!run(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], &[]));
    assert!(run(&[("NO_COLOR", "1")], &["--color", "always"]));
    assert!(!run(&[("CLICOLOR_FORCE", "1")], &["--color", "never"]));
}

/// On a real terminal (a pseudo-terminal the test opens) colour is on unless NO_COLOR is set.
#[test]
fn a_terminal_gets_colour_unless_no_color_is_set() {
    let on_terminal = |no_color: Option<&str>| {
        let screen = crate::common::pty::run_on_terminal(
            env!("CARGO_BIN_EXE_flipgame"),
            &["explain", "--board", SAMPLE_LINE],
            &[("CLICOLOR_FORCE", None), ("NO_COLOR", no_color)],
            b"",
        );
        assert!(screen.status.success(), "{}", screen.text);
        assert!(screen.text.contains("Solved in 4 taps"), "{}", screen.text);
        screen.text.contains(ESCAPE)
    };
    assert!(on_terminal(None));
    assert!(!on_terminal(Some("1")));
    assert!(on_terminal(Some("")));
}

// JSON

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Explained {
    index: u64,
    source: String,
    board: String,
    rows: u32,
    cols: u32,
    rule: String,
    wrap: bool,
    id: String,
    solvable: bool,
    moves: Option<u32>,
    goal: Option<String>,
    optimal: bool,
    lower_bound: Option<u64>,
    taps: Option<Vec<Cell>>,
    steps: Vec<StepJson>,
    certificate: Option<CertificateJson>,
}

#[derive(Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct Cell {
    row: usize,
    col: usize,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct StepJson {
    tap: Cell,
    flipped: Vec<Cell>,
    board: String,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CertificateJson {
    cells: Vec<Cell>,
    black: u32,
}

/// The board as a grid of booleans (true is black), read independently of the library.
fn grid(text: &str) -> Vec<Vec<bool>> {
    text.split('/')
        .map(|row| row.chars().map(|c| c == 'b').collect())
        .collect()
}

fn explained(board: &str) -> Explained {
    let output = flipgame()
        .args(["explain", "--format", "json", "--board", board])
        .output()
        .unwrap();
    assert!(output.status.success());
    let mut all: Vec<Explained> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(all.len(), 1);
    all.remove(0)
}

#[test]
fn json_steps_replay_the_taps_to_the_goal() {
    let answer = explained(SAMPLE_LINE);
    assert_eq!(
        (answer.index, answer.source.as_str(), answer.id.as_str()),
        (1, "--board[1]:1", "9d98")
    );
    assert_eq!((answer.rule.as_str(), answer.wrap), ("plus", false));
    assert!(answer.solvable && answer.certificate.is_none() && answer.optimal);
    assert_eq!((answer.rows, answer.cols), (4, 4));
    assert_eq!((answer.moves, answer.lower_bound), (Some(4), Some(4)));
    let taps = answer.taps.clone().unwrap();
    assert_eq!(answer.steps.iter().map(|s| s.tap).collect::<Vec<_>>(), taps);
    let mut board = grid(&answer.board);
    for step in &answer.steps {
        let (r, c) = (step.tap.row, step.tap.col);
        let mut expected = vec![Cell { row: r, col: c }];
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            if (1..=4).contains(&nr) && (1..=4).contains(&nc) {
                expected.push(Cell {
                    row: nr as usize,
                    col: nc as usize,
                });
            }
        }
        let mut flipped = step.flipped.clone();
        let key = |cell: &Cell| (cell.row, cell.col);
        flipped.sort_by_key(key);
        expected.sort_by_key(key);
        assert_eq!(flipped, expected);
        for cell in &step.flipped {
            board[cell.row - 1][cell.col - 1] ^= true;
        }
        assert_eq!(board, grid(&step.board));
    }
    let white = board.iter().flatten().all(|&black| !black);
    assert!(white);
    assert_eq!(answer.goal.as_deref(), Some("white"));
}

#[test]
fn json_certificate_is_a_valid_proof() {
    let answer = explained(IMPOSSIBLE_LINE);
    assert!(!answer.solvable);
    // "Impossible" is proven, as `solve` says of the same board.
    assert!(answer.optimal);
    assert_eq!(
        (answer.moves, answer.goal.as_deref(), answer.taps.as_ref()),
        (None, None, None)
    );
    assert!(answer.steps.is_empty());
    let certificate = answer.certificate.unwrap();
    let board = grid(&answer.board);
    let black = certificate
        .cells
        .iter()
        .filter(|c| board[c.row - 1][c.col - 1])
        .count();
    assert_eq!(black as u32, certificate.black);
    assert_eq!(certificate.black % 2, 1);
    assert_eq!(
        certificate.cells.len() % 2,
        0,
        "all black must have an even count there too"
    );
    for row in 1..=4i32 {
        for col in 1..=4i32 {
            let met = certificate
                .cells
                .iter()
                .filter(|c| (c.row as i32 - row).abs() + (c.col as i32 - col).abs() <= 1)
                .count();
            assert_eq!(met % 2, 0, "tap r{row}c{col} meets the proof oddly");
        }
    }
}

#[test]
fn walkthrough_of_a_3x3_board() {
    crate::generated::snapshot(
        "explain/walkthrough_of_a_3x3_board",
        &explain(&["--size", "3x3", "--board", "bbb/bwb/bbb"], "80"),
    );
}

#[test]
fn proof_for_a_2x3_board() {
    crate::generated::snapshot(
        "explain/proof_for_a_2x3_board",
        &explain(
            &[
                "--size", "2x3", "--goal", "white", "--ascii", "--board", "bww/bww",
            ],
            "80",
        ),
    );
}

#[test]
fn two_digit_column_labels_sit_over_their_pieces() {
    let board = vec!["b".repeat(12); 2].join("/");
    let text = explain(
        &["--size", "2x12", "--goal", "white", "--board", &board],
        "200",
    );
    let header = text
        .lines()
        .find(|line| line.trim_start().starts_with("1  2"))
        .unwrap();
    let row = text.lines().find(|line| line.starts_with("1 ")).unwrap();
    // The last digit of each label is above the piece of its column.
    for col in [1usize, 9, 10, 12] {
        let at = 2 + 3 * (col - 1) + 1;
        let label = col.to_string();
        assert_eq!(&header[at + 1 - label.len()..=at], label, "{header}");
        assert!(row.chars().nth(at).is_some_and(|c| c != ' '), "{row}");
    }
}

/// `explain ... | less` with standard error on the terminal: the pipe gets no colour.
#[test]
fn colour_follows_standard_output_not_standard_error() {
    let (screen, terminal) = crate::common::pty::open_pty();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_flipgame"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .args(["explain", "--board", SAMPLE_LINE])
        .stderr(terminal)
        .output()
        .unwrap();
    drop(screen);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Solved in 4 taps"), "{text}");
    assert!(!text.contains(ESCAPE), "{text}");
}

#[test]
fn the_steps_left_out_are_counted_in_words() {
    flipgame()
        .args(["explain", "--board", SAMPLE_LINE, "--max-steps", "3"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "(The other tap is not drawn (--max-steps 3); --format json has every step.)",
        ));
    flipgame()
        .args(["explain", "--board", SAMPLE_LINE, "--max-steps", "1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("(The other 3 taps are not drawn"));
    // As many steps allowed as there are taps: every one drawn, none left to count.
    flipgame()
        .args(["explain", "--board", SAMPLE_LINE, "--max-steps", "4"])
        .assert()
        .success()
        .stdout(predicates::str::contains("Tap 4: r3c1"))
        .stdout(predicates::str::contains("not drawn").not());
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::{Scratch, flipgame};
    use crate::k_states::*;
    use predicates::prelude::*;
    use predicates::str::contains;
    use serde::Deserialize;

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
}

/// The same board three times: each explanation names its own place, never a copy of the one
/// before (a stream's boards are answered in bulk only where the answer is the board's alone).
#[test]
fn the_same_board_explained_again_names_its_own_place() {
    let output = flipgame()
        .arg("explain")
        .write_stdin(SAMPLE.repeat(3))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let headers: Vec<&str> = stdout
        .lines()
        .filter(|line| line.contains("(id "))
        .collect();
    assert_eq!(
        headers,
        [
            "bwwb/bbwb/bwwb/bwww  (id 9d98, -:1)",
            "bwwb/bbwb/bwwb/bwww  (id 9d98, -:5)",
            "bwwb/bbwb/bwwb/bwww  (id 9d98, -:9)",
        ]
    );
}
