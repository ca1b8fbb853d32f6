//! `flipgame stats`: the facts of the game, checked against the table and against each other.

use crate::common::flipgame;
use serde::Deserialize;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Stats {
    rows: u32,
    cols: u32,
    rule: String,
    wrap: bool,
    goal: String,
    positions: u32,
    solvable: u32,
    impossible: u32,
    max_moves: usize,
    mean_moves: f64,
    rank: u32,
    nullity: u32,
    histogram: Vec<Bucket>,
    hardest: Hardest,
    quiet_patterns: Vec<Vec<Cell>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Bucket {
    moves: usize,
    boards: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Hardest {
    example: String,
    id: String,
    boards: u32,
    optimal_tap_sets: Vec<TapSetCount>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct TapSetCount {
    tap_sets: u32,
    boards: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Cell {
    row: i32,
    col: i32,
}

fn stats(goal: &str) -> Stats {
    let output = flipgame()
        .args(["stats", "--format", "json", "--goal", goal])
        .output()
        .unwrap();
    assert!(output.status.success());
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Distances counted from `flipgame table --format binary`, a different command.
fn distances_from_the_table(goal: &str) -> Vec<u8> {
    let output = flipgame()
        .args(["table", "--format", "binary", "--goal", goal])
        .output()
        .unwrap();
    output.stdout
}

#[test]
fn the_histogram_matches_the_table_for_every_goal() {
    for goal in ["either", "white", "black"] {
        let stats = stats(goal);
        let table = distances_from_the_table(goal);
        assert_eq!(stats.goal, goal);
        assert_eq!((stats.rows, stats.cols), (4, 4));
        assert_eq!((stats.rule.as_str(), stats.wrap), ("plus", false));
        assert_eq!(stats.positions as usize, table.len());
        let solvable: Vec<u8> = table.iter().copied().filter(|&d| d != 255).collect();
        assert_eq!(stats.solvable as usize, solvable.len());
        assert_eq!(stats.impossible as usize, table.len() - solvable.len());
        let largest = *solvable.iter().max().unwrap() as usize;
        assert_eq!(stats.max_moves, largest);
        assert_eq!(stats.histogram.len(), largest + 1);
        for bucket in &stats.histogram {
            let count = solvable
                .iter()
                .filter(|&&d| d as usize == bucket.moves)
                .count();
            assert_eq!(
                bucket.boards as usize, count,
                "goal {goal}, {} taps",
                bucket.moves
            );
        }
        let mean = solvable.iter().map(|&d| f64::from(d)).sum::<f64>() / solvable.len() as f64;
        assert!((stats.mean_moves - mean).abs() < 1e-9);
        let id = usize::from_str_radix(&stats.hardest.id, 16).unwrap();
        assert_eq!(
            table[id] as usize, largest,
            "the example is one of the hardest boards"
        );
        assert_eq!(
            stats.hardest.boards as usize,
            solvable.iter().filter(|&&d| d as usize == largest).count()
        );
        let counted: u32 = stats
            .hardest
            .optimal_tap_sets
            .iter()
            .map(|c| c.boards)
            .sum();
        assert_eq!(counted, stats.hardest.boards);
        assert!(
            stats
                .hardest
                .optimal_tap_sets
                .iter()
                .all(|c| c.tap_sets >= 1)
        );
        assert_eq!(stats.hardest.example.len(), 19);
    }
}

#[test]
fn the_goal_changes_the_answers() {
    let either = stats("either");
    let white = stats("white");
    assert_ne!(either.max_moves, white.max_moves);
    assert_eq!(white.histogram[0].boards, 1);
    assert_eq!(either.histogram[0].boards, 2);
}

#[test]
fn rank_nullity_and_the_quiet_patterns_fit_together() {
    let stats = stats("either");
    assert_eq!(stats.rank + stats.nullity, 16);
    assert_eq!(stats.quiet_patterns.len(), (1usize << stats.nullity) - 1);
    for pattern in &stats.quiet_patterns {
        for row in 1..=4 {
            for col in 1..=4 {
                let met = pattern
                    .iter()
                    .filter(|c| (c.row - row).abs() + (c.col - col).abs() <= 1)
                    .count();
                assert_eq!(
                    met % 2,
                    0,
                    "a tap at r{row}c{col} meets a quiet pattern oddly"
                );
            }
        }
    }
}

#[test]
fn text_shows_the_histogram_as_bars_and_the_quiet_patterns_as_boards() {
    let output = flipgame()
        .args(["stats"])
        .env("COLUMNS", "100")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let stats = stats("either");
    for bucket in &stats.histogram {
        let row = text
            .lines()
            .find(|line| {
                line.trim_start()
                    .starts_with(&format!("{}  ", bucket.moves))
                    && line.contains('%')
            })
            .unwrap_or_else(|| panic!("no histogram row for {} in\n{text}", bucket.moves));
        assert!(row.contains('\u{2588}'), "{row}");
    }
    assert!(text.contains(&format!("God's number: {} taps", stats.max_moves)));
    assert!(text.contains(&format!("rank {}, nullity {}", stats.rank, stats.nullity)));
    let count = stats.quiet_patterns.len();
    for n in 1..=count {
        let cells = stats.quiet_patterns[n - 1].len();
        assert!(
            text.contains(&format!("#{n}: {cells} cells")),
            "pattern {n} in\n{text}"
        );
    }
    assert!(!text.contains(&format!("#{}:", count + 1)));
    assert!(!text.contains('\u{1b}'), "no colour into a pipe");
    let ascii = flipgame().args(["stats", "--ascii"]).output().unwrap();
    assert!(String::from_utf8(ascii.stdout).unwrap().is_ascii());
}

#[test]
fn colour_reaches_the_bars_when_asked_for() {
    let output = flipgame()
        .args(["stats", "--color", "always"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("\u{1b}[")
    );
}

#[test]
fn one_of_anything_is_written_in_the_singular() {
    let stats_of = |args: &[&str]| {
        let output = flipgame().arg("stats").args(args).output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    // 1x1 sigma: the tap turns nothing over, so the one cell is a quiet pattern of its own.
    let text = stats_of(&["--size", "1x1", "--rule", "sigma"]);
    assert!(
        text.contains("nullity 1, so 1 non-empty quiet pattern\n"),
        "{text}"
    );
    assert!(text.contains("#1: 1 cell\n"), "{text}");
    // 1x2 sigma: wb takes one tap (either cell); to all white, bb alone needs the most.
    let text = stats_of(&["--size", "1x2", "--rule", "sigma"]);
    assert!(text.contains("God's number: 1 tap, for example"), "{text}");
    let text = stats_of(&["--size", "1x2", "--goal", "white"]);
    assert!(
        text.contains("Hardest boards: 1 needs 1 tap; it has 2 optimal tap sets."),
        "{text}"
    );
    // Groups of the hardest boards, one of them a single board.
    let text = stats_of(&["--size", "3x3", "--rule", "lines", "--goal", "white"]);
    assert!(
        text.replace('\n', " ").contains(
            "Hardest boards: 7 need 3 taps; 1 has 6 optimal tap sets, 6 have 7 optimal tap sets."
        ),
        "{text}"
    );
}

/// The same command with `--states K`: boards of K colours, against the brute force of
/// [`crate::k_states`].
mod k_states {
    use crate::common::flipgame;
    use crate::k_states::*;

    use predicates::str::contains;
    use serde::Deserialize;

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

    #[test]
    fn stats_of_k_states_match_a_brute_force() {
        for (rule, label, model, goal, colors) in small_puzzles() {
            let size = format!("{}x{}", model.rows, model.cols);
            let states = model.states.to_string();
            let found = stats(&[
                "--states", &states, "--size", &size, "--rule", rule, "--goal", goal,
            ]);
            let fewest: Vec<Option<u64>> = model
                .brute_force_every_board(&colors)
                .into_iter()
                .map(|e| e.map(|e| e.0))
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
            .stderr(contains(
                "error: a board of 4,160 cells is too large for more than two states:",
            ));
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
}
