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
