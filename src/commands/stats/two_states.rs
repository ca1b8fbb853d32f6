//! `flipgame stats` of two-sided pieces: for a small board the histogram of every board's
//! fewest taps, and at any size the rank of the tap matrix over GF(2) and its quiet patterns.

use std::io::{self, Write};

use serde::Serialize;

use flipgame::board::BoardId;
use flipgame::grid::Grid;
use flipgame::kind::{Kind, TwoStates};
use flipgame::notation::Color;
use flipgame::puzzle::Puzzle;
use flipgame::space::MAX_CELLS;
use flipgame::stats::{Facts, LISTED_BASIS_CELLS, Report};

use super::{HistogramRow, histogram_rows};
use crate::cli::{StatsArgs, StatsFormat};
use crate::commands::args::solver;

use crate::commands::{Context, Failure, Outcome, usage};
use crate::output::text::{Pen, figure_lines};
use crate::progress::{Progress, Stages};
use flipgame::figure::{Block, Chart, Drawing, Figure, Target, svg};
use flipgame::grid::SetCells;
use flipgame::record::{RuleFields, as_text, optional_text};
use flipgame::words::{count_of, percent, taps, thousands};

/// Computes the facts of `puzzle` and prints them.
pub fn run(
    puzzle: Puzzle,
    args: &StatsArgs,
    context: &Context,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    if puzzle.shape().cells() > MAX_CELLS {
        return large(args, context, puzzle, out);
    }
    let mut progress = Progress::new("exploring every board");
    let space = Report::compute(&puzzle, &mut |done, total| progress.update(done, total))
        .map_err(|too_large| usage(too_large.to_string()))?;
    progress.finish();
    match args.format {
        StatsFormat::Json => {
            let json = StatsJson::new(&space, RuleFields::of::<TwoStates>(&puzzle));
            serde_json::to_writer_pretty(&mut *out, &json).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
        }
        StatsFormat::Text => {
            let pen = Pen::new(context.color, args.ascii);
            let width = crate::output::terminal::output_width();
            let drawn = report_figure(&puzzle, &space, &pen);
            for line in figure_lines(&drawn, &pen, width) {
                writeln!(out, "{line}")?;
            }
        }
        StatsFormat::Svg => {
            let pen = Pen::new(false, false);
            let title = format!("flipgame stats: {}", space.shape);
            let figure = report_figure(&puzzle, &space, &pen);
            out.write_all(svg::document(&title, &[figure]).as_bytes())?;
        }
    }
    Ok(Outcome::Success)
}

/// The report of a puzzle too large to search every board of: what the rank and the null space
/// tell.
fn large(
    args: &StatsArgs,
    context: &Context,
    puzzle: Puzzle,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let rule = RuleFields::of::<TwoStates>(&puzzle);
    let solver = solver::<TwoStates>(puzzle)?;
    let mut stages = Stages::default();
    let facts = Facts::of(&solver, &mut |stage, done, total| {
        stages.update(stage, done, total)
    });
    stages.finish();
    match args.format {
        StatsFormat::Json => {
            let json = LargeStatsJson::new(&facts, rule);
            serde_json::to_writer_pretty(&mut *out, &json).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
        }
        StatsFormat::Text => {
            let pen = Pen::new(context.color, args.ascii);
            let width = crate::output::terminal::output_width();
            let target = Target::Terminal { width };
            let drawn = large_figure(solver.puzzle(), &facts, target);
            for line in figure_lines(&drawn, &pen, width) {
                writeln!(out, "{line}")?;
            }
        }
        StatsFormat::Svg => {
            let title = format!("flipgame stats: {}", facts.shape);
            let figure = large_figure(solver.puzzle(), &facts, Target::Svg);
            out.write_all(svg::document(&title, &[figure]).as_bytes())?;
        }
    }
    Ok(Outcome::Success)
}

/// Why a large report has no histogram, in words shared by text and JSON.
fn no_histogram_note(facts: &Facts) -> String {
    format!(
        "No histogram, God's number, mean or hardest boards: they need the fewest taps of every \
         one of the 2^{} boards, which flipgame searches only up to {MAX_CELLS} cells (2^{MAX_CELLS} \
         boards).",
        facts.shape.cells()
    )
}

/// The tap matrix's rank and nullity, and the quiet patterns that makes.
fn rank_line(rank: impl std::fmt::Display, nullity: u64) -> String {
    let quiet = match nullity {
        1 => "1 non-empty quiet pattern".to_string(),
        0..64 => format!(
            "{} non-empty quiet patterns",
            thousands((1u64 << nullity) - 1)
        ),
        _ => format!("2^{nullity} - 1 non-empty quiet patterns"),
    };
    format!("Tap matrix over GF(2): rank {rank}, nullity {nullity}, so {quiet}")
}

/// The largest nullity whose quiet patterns are all listed rather than a basis of them.
const ALL_PATTERNS_NULLITY: u64 = 4;

fn large_figure(puzzle: &Puzzle, facts: &Facts, target: Target) -> Figure {
    let mut figure = Figure::default();
    figure.push(title(puzzle));
    figure.push(Block::Blank);
    push_counts(&mut figure, facts);
    figure.push(Block::Blank);
    figure.push(Block::Line(rank_line(facts.rank, facts.nullity)));
    figure.push(Block::Text(no_histogram_note(facts)));
    figure.push(Block::Blank);
    push_quiet_patterns(&mut figure, facts, target);
    figure
}

/// How many boards there are, and how many of them can be finished: counted, or as powers of
/// two where they are too many.
fn push_counts(figure: &mut Figure, facts: &Facts) {
    let cells = facts.shape.cells();
    match facts.counts() {
        Some((positions, solvable, impossible)) => {
            let count = |n: u64| format!("{:>26}  {:>7}", thousands(n), percent(n, positions));
            figure.push(Block::Line(format!(
                "Positions    {:>26}",
                thousands(positions)
            )));
            figure.push(Block::Line(format!("Solvable     {}", count(solvable))));
            figure.push(Block::Line(format!("Impossible   {}", count(impossible))));
        }
        None => {
            let share = cells - facts.solvable_log2;
            figure.push(Block::Line(format!("Positions    2^{cells}")));
            if share == 0 {
                // A full-rank tap matrix: nothing is impossible.
                figure.push(Block::Line(format!("Solvable     2^{cells}  (all)")));
                figure.push(Block::Line("Impossible   0".to_string()));
            } else {
                figure.push(Block::Line(format!(
                    "Solvable     2^{}  (1 in 2^{share})",
                    facts.solvable_log2
                )));
                figure.push(Block::Line(format!(
                    "Impossible   2^{cells} - 2^{}",
                    facts.solvable_log2
                )));
            }
        }
    }
}

/// The quiet patterns drawn (all of them, or a basis) where they fit, or why not.
fn push_quiet_patterns(figure: &mut Figure, facts: &Facts, target: Target) {
    let shape = facts.shape;
    if facts.nullity == 0 {
        figure.push(Block::Text(
            "No quiet patterns: the tap matrix has full rank, so every board can be made all \
             white and all black."
                .to_string(),
        ));
        return;
    }
    let Some(basis) = &facts.quiet_basis else {
        figure.push(Block::Text(format!(
            "Quiet patterns: a basis has {} patterns of {} cells each, too many to list (flipgame \
             lists at most {} cells of them).",
            thousands(facts.nullity),
            thousands(shape.cells()),
            thousands(LISTED_BASIS_CELLS)
        )));
        return;
    };
    let (patterns, which) = if facts.nullity <= ALL_PATTERNS_NULLITY {
        (flipgame::solve::all_sums(basis), "all of them")
    } else {
        (
            basis.clone(),
            "a basis (every quiet pattern is a sum of some of these)",
        )
    };
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    if !target.fits(rows, cols) {
        figure.push(Block::Text(format!(
            "Quiet patterns: a board of {cols} columns does not fit here; --format svg draws \
             {which}, {} patterns, and --format json lists the basis.",
            patterns.len()
        )));
        return;
    }
    figure.push(Block::Text(format!(
        "Quiet patterns, {which}: every tap turns over an even number of their cells (a black \
         piece marks a cell of the pattern)."
    )));
    figure.push(Block::Blank);
    figure.push(pattern_boards(&patterns));
}

/// The report's first line: the game, size, rule and goal.
fn title(puzzle: &Puzzle) -> Block {
    let shape = puzzle.shape();
    let game = if shape.is_flip_game() {
        "Flip Game"
    } else {
        "Lights Out"
    };
    let rule = if puzzle.is_default_rule() {
        String::new()
    } else {
        format!(", {}", puzzle.rule_words())
    };
    let goal = puzzle.goal();
    let words = TwoStates::goal_words(puzzle);
    Block::Strong(format!(
        "{game} {shape}{rule}, goal: {} ({words})",
        goal.name()
    ))
}

/// Quiet patterns drawn as boards, each titled with its number and size.
fn pattern_boards(patterns: &[Grid]) -> Block {
    let drawings = patterns
        .iter()
        .enumerate()
        .map(|(n, pattern)| {
            Drawing::new(
                format!("#{}: {}", n + 1, count_of(pattern.count(), "cell", "cells")),
                pattern.clone(),
            )
        })
        .collect();
    Block::Boards(drawings)
}

/// The report, for either renderer; `pen` names the glyph of a black piece.
fn report_figure(puzzle: &Puzzle, space: &Report, pen: &Pen) -> Figure {
    let count = |n: u64| {
        format!(
            "{:>10}  {:>7}",
            thousands(n),
            percent(n, space.explored.positions)
        )
    };
    let mut figure = Figure::default();
    for block in [
        title(puzzle),
        Block::Blank,
        Block::Line(format!(
            "Positions    {:>10}",
            thousands(space.explored.positions)
        )),
        Block::Line(format!("Solvable     {}", count(space.explored.solvable))),
        Block::Line(format!("Impossible   {}", count(space.explored.impossible))),
        Block::Blank,
        Block::Chart(Chart {
            boards: space.explored.histogram.clone(),
            whole: space.explored.solvable,
            moves: "taps",
        }),
        Block::Blank,
    ] {
        figure.push(block);
    }
    let hardest = &space.explored.hardest_example;
    let id = BoardId::of(hardest)
        .map(|id| format!(" (id {id})"))
        .unwrap_or_default();
    figure.push(Block::Line(format!(
        "God's number: {}, for example {hardest}{id}",
        taps(space.explored.max_moves)
    )));
    figure.push(Block::Line(format!(
        "Mean over solvable boards: {:.4} taps",
        space.explored.mean_moves
    )));
    figure.push(Block::Line(rank_line(space.rank, space.nullity)));
    figure.push(Block::Text(hardest_sentence(space)));
    figure.push(Block::Blank);
    if space.quiet_patterns.is_empty() {
        figure.push(Block::Text(
            "No quiet patterns: the tap matrix has full rank, so every board can be made all \
             white and all black."
                .to_string(),
        ));
        return figure;
    }
    figure.push(Block::Text(format!(
        "Quiet patterns: every tap turns over an even number of their cells ({} marks a cell \
         of the pattern), so no tap changes whether a board has an odd or even number of black \
         pieces there.",
        pen.piece(Color::Black)
    )));
    figure.push(Block::Blank);
    figure.push(pattern_boards(&space.quiet_patterns));
    figure
}

fn hardest_sentence(space: &Report) -> String {
    let boards: u64 = space.hardest_tap_sets.values().sum();
    let counts: Vec<String> = space
        .hardest_tap_sets
        .iter()
        .map(|(&sets, &with)| {
            let tap_sets = count_of(sets, "optimal tap set", "optimal tap sets");
            let who = match (space.hardest_tap_sets.len(), boards, with) {
                (1, 1, _) => "it has".to_string(),
                (1, _, _) => "each has".to_string(),
                (_, _, 1) => "1 has".to_string(),
                _ => format!("{} have", thousands(with)),
            };
            format!("{who} {tap_sets}")
        })
        .collect();
    format!(
        "Hardest boards: {} {} {}; {}.",
        thousands(boards),
        if boards == 1 { "needs" } else { "need" },
        taps(space.explored.max_moves),
        counts.join(", ")
    )
}

#[derive(Serialize)]
struct StatsJson<'a> {
    rows: u32,
    cols: u32,
    #[serde(flatten)]
    rule: RuleFields,
    goal: &'static str,
    positions: u64,
    solvable: u64,
    impossible: u64,
    max_moves: u64,
    mean_moves: f64,
    rank: u64,
    nullity: u64,
    histogram: Vec<HistogramRow>,
    hardest: HardestJson<'a>,
    quiet_patterns: Vec<SetCells<'a>>,
}

/// The report of a puzzle too large to search every board of.
#[derive(Serialize)]
struct LargeStatsJson<'a> {
    rows: u32,
    cols: u32,
    #[serde(flatten)]
    rule: RuleFields,
    goal: &'static str,
    positions: Option<u64>,
    solvable: Option<u64>,
    impossible: Option<u64>,
    positions_log2: u64,
    solvable_log2: u64,
    rank: u64,
    nullity: u64,
    note: String,
    quiet_pattern_basis: Option<Vec<SetCells<'a>>>,
}

impl<'a> LargeStatsJson<'a> {
    fn new(facts: &'a Facts, rule: RuleFields) -> LargeStatsJson<'a> {
        let counts = facts.counts();
        LargeStatsJson {
            rows: facts.shape.rows(),
            cols: facts.shape.cols(),
            rule,
            goal: facts.goal.name(),
            positions: counts.map(|c| c.0),
            solvable: counts.map(|c| c.1),
            impossible: counts.map(|c| c.2),
            positions_log2: facts.shape.cells(),
            solvable_log2: facts.solvable_log2,
            rank: facts.rank,
            nullity: facts.nullity,
            note: no_histogram_note(facts),
            quiet_pattern_basis: facts
                .quiet_basis
                .as_ref()
                .map(|basis| basis.iter().map(SetCells).collect()),
        }
    }
}

#[derive(Serialize)]
struct HardestJson<'a> {
    #[serde(serialize_with = "as_text")]
    example: &'a Grid,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_text"
    )]
    id: Option<BoardId>,
    boards: u64,
    optimal_tap_sets: Vec<TapSetCount>,
}

#[derive(Serialize)]
struct TapSetCount {
    tap_sets: u64,
    boards: u64,
}

impl<'a> StatsJson<'a> {
    fn new(space: &'a Report, rule: RuleFields) -> StatsJson<'a> {
        StatsJson {
            rows: space.shape.rows(),
            cols: space.shape.cols(),
            rule,
            goal: space.goal.name(),
            positions: space.explored.positions,
            solvable: space.explored.solvable,
            impossible: space.explored.impossible,
            max_moves: space.explored.max_moves,
            mean_moves: space.explored.mean_moves,
            rank: space.rank,
            nullity: space.nullity,
            histogram: histogram_rows(&space.explored.histogram),
            hardest: HardestJson {
                example: &space.explored.hardest_example,
                id: BoardId::of(&space.explored.hardest_example),
                boards: space.hardest_tap_sets.values().sum(),
                optimal_tap_sets: space
                    .hardest_tap_sets
                    .iter()
                    .map(|(&tap_sets, &boards)| TapSetCount { tap_sets, boards })
                    .collect(),
            },
            quiet_patterns: space.quiet_patterns.iter().map(SetCells).collect(),
        }
    }
}
