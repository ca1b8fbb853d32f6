//! `flipgame stats` of pieces of K colours: how many boards can be finished and the groups of
//! quiet press counts and invariant weightings at any size, and for a small board the histogram
//! of every board's fewest presses.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use flipgame::grid::StateBoard;
use flipgame::kind::{KStates, Kind};
use flipgame::puzzle::{StateGoal, StatePuzzle};
use flipgame::space::MOST_STATE_BOARDS;
use flipgame::stats::{BoardFactor, Explored, StateFacts};
use flipgame::words::{count_of, percent, thousands};

use super::{HistogramRow, histogram_rows};
use crate::cli::{StatsArgs, StatsFormat};
use crate::commands::args::solver;

use crate::commands::{Context, Failure, Outcome, usage};
use crate::output::text::{Pen, figure_lines};
use crate::progress::Progress;
use flipgame::figure::{Block, Chart, Figure, svg};
use flipgame::record::{RuleFields, as_text};

/// The most cells of a board whose generators the text report writes out, one line each.
const LISTED_CELLS: u64 = 64;

/// Computes the facts of `puzzle` and prints them.
pub fn run(
    puzzle: StatePuzzle,
    args: &StatsArgs,
    context: &Context,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let solver = solver::<KStates>(puzzle)?;
    let puzzle = solver.puzzle();
    let report = if KStates::is_explorable(puzzle) {
        let mut progress = Progress::new("exploring every board");
        let report =
            Explored::explore::<KStates>(puzzle, &mut |done, total| progress.update(done, total))
                .map_err(|error| usage(error.to_string()))?;
        progress.finish();
        Some(report)
    } else {
        None
    };
    let facts = StateFacts::of(&solver);
    match args.format {
        StatsFormat::Json => {
            let json = StatesJson::new(puzzle, &facts, report.as_ref());
            serde_json::to_writer_pretty(&mut *out, &json).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
        }
        StatsFormat::Text => {
            let pen = Pen::new(context.color, args.ascii);
            let width = crate::output::terminal::output_width();
            let drawn = figure(puzzle, &facts, report.as_ref());
            for line in figure_lines(&drawn, &pen, width) {
                writeln!(out, "{line}")?;
            }
        }
        StatsFormat::Svg => {
            let title = format!("flipgame stats: {} of {} states", facts.shape, facts.states);
            let figure = figure(puzzle, &facts, report.as_ref());
            out.write_all(svg::document(&title, &[figure]).as_bytes())?;
        }
    }
    Ok(Outcome::Success)
}

/// A group as a product of cyclic groups, `Z_4^2 x Z_2`; `0` for the trivial group.
fn group_words(factors: &[BoardFactor]) -> String {
    let mut runs: Vec<(u32, usize)> = Vec::new();
    for factor in factors {
        match runs.last_mut() {
            Some((order, count)) if *order == factor.order => *count += 1,
            _ => runs.push((factor.order, 1)),
        }
    }
    if runs.is_empty() {
        return "0".to_string();
    }
    runs.iter()
        .map(|&(order, count)| match count {
            1 => format!("Z_{order}"),
            _ => format!("Z_{order}^{count}"),
        })
        .collect::<Vec<_>>()
        .join(" x ")
}

/// A product of prime powers, `3^2 x 5`, with its value when it fits (`1` when empty).
fn powers_words(powers: &BTreeMap<u32, u64>) -> String {
    let product = powers
        .iter()
        .map(|(&prime, &exponent)| match exponent {
            1 => prime.to_string(),
            _ => format!("{prime}^{exponent}"),
        })
        .collect::<Vec<_>>()
        .join(" x ");
    let value = powers.iter().try_fold(1u64, |value, (&prime, &exponent)| {
        value.checked_mul(u64::from(prime).checked_pow(u32::try_from(exponent).ok()?)?)
    });
    match value {
        Some(value) if powers.len() == 1 && powers.values().all(|&e| e == 1) => thousands(value),
        Some(value) if !powers.is_empty() => format!("{product} = {}", thousands(value)),
        Some(_) => "1".to_string(),
        None => product,
    }
}

/// The report, for either renderer.
fn figure(
    puzzle: &StatePuzzle,
    facts: &StateFacts,
    report: Option<&Explored<StateBoard>>,
) -> Figure {
    let mut figure = Figure::default();
    let wrap = if puzzle.wrap() { ", wrapped" } else { "" };
    figure.push(Block::Strong(format!(
        "{} board of {} states, rule {}{wrap}, goal: {} ({})",
        facts.shape,
        facts.states,
        puzzle.rule().label(),
        facts.goal,
        KStates::goal_words(puzzle)
    )));
    figure.push(Block::Blank);
    match facts.positions().zip(facts.solvable()) {
        Some((positions, solvable)) => {
            let count = |n: u64| format!("{:>26}  {:>7}", thousands(n), percent(n, positions));
            figure.push(Block::Line(format!(
                "Positions    {:>26}",
                thousands(positions)
            )));
            figure.push(Block::Line(format!("Solvable     {}", count(solvable))));
            figure.push(Block::Line(format!(
                "Impossible   {}",
                count(positions - solvable)
            )));
        }
        None => {
            figure.push(Block::Line(format!(
                "Positions    {}^{}",
                facts.states,
                facts.shape.cells()
            )));
            figure.push(Block::Line(if facts.one_in.is_empty() {
                "Solvable     all".to_string()
            } else {
                format!("Solvable     1 in {}", powers_words(&facts.one_in))
            }));
        }
    }
    figure.push(Block::Blank);
    match report {
        Some(report) => {
            figure.push(Block::Chart(Chart {
                boards: report.histogram.clone(),
                whole: report.solvable,
                moves: "presses",
            }));
            figure.push(Block::Blank);
            figure.push(Block::Line(format!(
                "God's number: {}, for example {}",
                count_of(report.max_moves, "press", "presses"),
                report.hardest_example
            )));
            figure.push(Block::Line(format!(
                "Mean over solvable boards: {:.4} presses",
                report.mean_moves
            )));
        }
        None => figure.push(Block::Text(no_histogram_note(facts))),
    }
    if facts.quiet_presses.is_empty() && facts.invariants.is_empty() {
        figure.push(Block::Text(format!(
            "Press matrix over Z_{}: invertible, so no press counts but 0 change nothing, and \
             every board can be made every colour.",
            facts.states
        )));
        return figure;
    }
    figure.push(Block::Text(format!(
        "Press matrix over Z_{}: quiet press counts {} ({} vectors), invariant weightings {}.",
        facts.states,
        group_words(&facts.quiet_presses),
        powers_words(&facts.quiet_count()),
        group_words(&facts.invariants)
    )));
    figure.push(Block::Blank);
    push_factors(
        &mut figure,
        facts,
        &facts.quiet_presses,
        "Quiet press counts: pressing each cell that many times changes nothing".to_string(),
    );
    push_factors(
        &mut figure,
        facts,
        &facts.invariants,
        format!(
            "Invariant weightings: no press changes a board's sum of weight times colour, mod \
             {}, so a board can be made all 0 exactly when each sums it to 0",
            facts.states
        ),
    );
    figure
}

/// Why a large report has no histogram, in words shared by text and JSON.
fn no_histogram_note(facts: &StateFacts) -> String {
    format!(
        "No histogram, God's number or mean: they need the fewest presses of every one of the \
         {}^{} boards, which flipgame searches only up to {} boards.",
        facts.states,
        facts.shape.cells(),
        thousands(MOST_STATE_BOARDS)
    )
}

/// The generators of a group, a line each with its order, where they are short enough.
fn push_factors(figure: &mut Figure, facts: &StateFacts, factors: &[BoardFactor], what: String) {
    if factors.is_empty() {
        return;
    }
    if facts.shape.cells() > LISTED_CELLS {
        figure.push(Block::Text(format!(
            "{what}: {} generators of {} cells each; --format json lists them.",
            factors.len(),
            thousands(facts.shape.cells())
        )));
        figure.push(Block::Blank);
        return;
    }
    figure.push(Block::Text(format!(
        "{what}; every one is a sum of multiples of these:"
    )));
    for (number, factor) in factors.iter().enumerate() {
        figure.push(Block::Line(format!(
            "  #{}  order {:>2}  {}",
            number + 1,
            factor.order,
            factor.board
        )));
    }
    figure.push(Block::Blank);
}

/// The goal in JSON: the colour's number, or `"any"`.
#[derive(Serialize)]
#[serde(untagged)]
enum GoalJson {
    Color(u8),
    Any(&'static str),
}

#[derive(Serialize)]
struct StatesJson<'a> {
    rows: u32,
    cols: u32,
    #[serde(flatten)]
    rule: RuleFields,
    states: u8,
    goal: GoalJson,
    positions: Option<u64>,
    solvable: Option<u64>,
    impossible: Option<u64>,
    solvable_one_in: Vec<PowerJson>,
    quiet_presses: Vec<FactorJson<'a>>,
    invariants: Vec<FactorJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_moves: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_moves: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    histogram: Option<Vec<HistogramRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<HardestJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// A prime power of the share of boards that can be finished.
#[derive(Serialize)]
struct PowerJson {
    prime: u32,
    exponent: u64,
}

/// A cyclic factor: its order and generator.
#[derive(Serialize)]
struct FactorJson<'a> {
    order: u32,
    #[serde(serialize_with = "as_text")]
    generator: &'a StateBoard,
}

#[derive(Serialize)]
struct HardestJson<'a> {
    #[serde(serialize_with = "as_text")]
    example: &'a StateBoard,
    boards: u64,
}

impl<'a> StatesJson<'a> {
    fn new(
        puzzle: &StatePuzzle,
        facts: &'a StateFacts,
        report: Option<&'a Explored<StateBoard>>,
    ) -> StatesJson<'a> {
        let factors = |factors: &'a [BoardFactor]| {
            factors
                .iter()
                .map(|factor| FactorJson {
                    order: factor.order,
                    generator: &factor.board,
                })
                .collect()
        };
        let solvable = facts.solvable();
        StatesJson {
            rows: facts.shape.rows(),
            cols: facts.shape.cols(),
            rule: RuleFields::of::<KStates>(puzzle),
            states: facts.states,
            goal: match facts.goal {
                StateGoal::Color(color) => GoalJson::Color(color),
                StateGoal::Any => GoalJson::Any("any"),
            },
            positions: facts.positions(),
            solvable,
            impossible: facts.positions().zip(solvable).map(|(p, s)| p - s),
            solvable_one_in: facts
                .one_in
                .iter()
                .map(|(&prime, &exponent)| PowerJson { prime, exponent })
                .collect(),
            quiet_presses: factors(&facts.quiet_presses),
            invariants: factors(&facts.invariants),
            max_moves: report.map(|r| r.max_moves),
            mean_moves: report.map(|r| r.mean_moves),
            histogram: report.map(|r| histogram_rows(&r.histogram)),
            hardest: report.map(|r| HardestJson {
                example: &r.hardest_example,
                boards: r.histogram.last().copied().unwrap_or(0),
            }),
            note: report.is_none().then(|| no_histogram_note(facts)),
        }
    }
}
