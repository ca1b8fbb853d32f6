//! `flipgame stats`: the facts of the whole game, every figure computed at run time.

use std::io::{self, Write};

use owo_colors::Style;
use serde::Serialize;

use flipgame::board::{BoardId, Color};
use flipgame::grid::Grid;
use flipgame::puzzle::Puzzle;
use flipgame::stats::StateSpace;

use super::{Context, Status, puzzle, report};
use crate::cli::{ReportFormat, StatsArgs};
use crate::output::json::{CellsJson, RuleFields, as_text, optional_text};
use crate::progress::Progress;
use crate::render::{self, Mark, Pen};

/// Computes the state space for the goal and prints it.
pub fn run(args: &StatsArgs, context: &Context, out: &mut impl Write) -> io::Result<Status> {
    let Some(puzzle) = puzzle(&args.puzzle) else {
        return Ok(Status::BadInput);
    };
    let mut progress = Progress::new("exploring every board");
    let space = match StateSpace::compute(&puzzle, &mut |done, total| progress.update(done, total))
    {
        Ok(space) => space,
        Err(too_large) => {
            report(&too_large.to_string());
            return Ok(Status::BadInput);
        }
    };
    progress.finish();
    match args.format {
        ReportFormat::Json => {
            let json = StatsJson::new(&space, RuleFields::of(&puzzle));
            serde_json::to_writer_pretty(&mut *out, &json).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
        }
        ReportFormat::Text => {
            let pen = Pen::new(context.color, args.ascii);
            let width = render::output_width();
            for line in text_report(&puzzle, &space, &pen, args.ascii, width) {
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(Status::Success)
}

/// `65536` as `65,536`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (n, digit) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

fn percent(part: u64, whole: u64) -> String {
    format!("{:.2}%", 100.0 * part as f64 / whole.max(1) as f64)
}

fn text_report(
    puzzle: &Puzzle,
    space: &StateSpace,
    pen: &Pen,
    ascii: bool,
    width: usize,
) -> Vec<String> {
    let game = if space.shape.is_flip_game() {
        "Flip Game"
    } else {
        "Lights Out"
    };
    let rule = if puzzle.is_default_rule() {
        String::new()
    } else {
        format!(", {}", puzzle.rule_words())
    };
    let (goal, words) = (space.goal.name(), render::goal_words(space.goal));
    let count = |n: u64| format!("{:>10}  {:>7}", thousands(n), percent(n, space.positions));
    let mut lines = vec![
        pen.strong(&format!(
            "{game} {}{rule}, goal: {goal} ({words})",
            space.shape
        )),
        String::new(),
        format!("Positions    {:>10}", thousands(space.positions)),
        format!("Solvable     {}", count(space.solvable)),
        format!("Impossible   {}", count(space.impossible)),
        String::new(),
        pen.strong("Fewest taps      Boards    Share of solvable"),
    ];
    let largest = space.histogram.iter().copied().max().unwrap_or(1).max(1);
    let bar_room = width.saturating_sub(32).clamp(1, 40);
    let block = if ascii { "#" } else { "\u{2588}" };
    for (moves, &boards) in space.histogram.iter().enumerate() {
        // Every non-empty row gets at least one block, so rare distances stay visible.
        let length = if boards == 0 {
            0
        } else {
            ((boards * bar_room as u64).div_ceil(largest)) as usize
        };
        let bar = pen.paint(&block.repeat(length), Style::new().cyan());
        lines.push(format!(
            "{moves:>11}  {:>10}  {:>7}  {bar}",
            thousands(boards),
            percent(boards, space.solvable)
        ));
    }
    lines.push(String::new());
    let hardest = &space.hardest_example;
    let id = hardest
        .to_board()
        .map(|b| format!(" (id {})", b.id()))
        .unwrap_or_default();
    lines.push(format!(
        "God's number: {} taps, for example {hardest}{id}",
        space.max_moves
    ));
    lines.push(format!(
        "Mean over solvable boards: {:.4} taps",
        space.mean_moves
    ));
    lines.push(format!(
        "Tap matrix over GF(2): rank {}, nullity {}, so {} non-empty quiet patterns",
        space.rank,
        space.nullity,
        space.quiet_patterns.len()
    ));
    lines.extend(render::wrap(&hardest_sentence(space), width));
    lines.push(String::new());
    if space.quiet_patterns.is_empty() {
        lines.extend(render::wrap(
            "No quiet patterns: the tap matrix has full rank, so every board can be made all \
             white and all black.",
            width,
        ));
        return lines;
    }
    lines.extend(render::wrap(
        &format!(
            "Quiet patterns: every tap turns over an even number of their cells ({} marks a cell \
             of the pattern), so no tap changes whether a board has an odd or even number of \
             black pieces there.",
            pen.piece(Color::Black)
        ),
        width,
    ));
    lines.push(String::new());
    let panels: Vec<render::Panel> = space
        .quiet_patterns
        .iter()
        .enumerate()
        .map(|(n, pattern)| {
            let title = format!("#{}: {} cells", n + 1, pattern.count());
            let shape = pattern.shape();
            let size = (shape.rows() as usize, shape.cols() as usize);
            let color = |row, col| {
                if pattern.get(row, col) {
                    Color::Black
                } else {
                    Color::White
                }
            };
            render::grid_panel(pen, &title, size, color, |_, _| Mark::Plain)
        })
        .collect();
    lines.extend(render::side_by_side(&panels, width));
    lines
}

fn hardest_sentence(space: &StateSpace) -> String {
    let boards: u64 = space.hardest_tap_sets.values().sum();
    let counts: Vec<String> = space
        .hardest_tap_sets
        .iter()
        .map(|(&sets, &with)| {
            let plural = if sets == 1 { "" } else { "s" };
            if space.hardest_tap_sets.len() == 1 {
                format!("each has {sets} optimal tap set{plural}")
            } else {
                format!("{} have {sets} optimal tap set{plural}", thousands(with))
            }
        })
        .collect();
    format!(
        "Hardest boards: {} need {} taps; {}.",
        thousands(boards),
        space.max_moves,
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
    quiet_patterns: Vec<CellsJson<'a>>,
}

#[derive(Serialize)]
struct HistogramRow {
    moves: usize,
    boards: u64,
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
    fn new(space: &'a StateSpace, rule: RuleFields) -> StatsJson<'a> {
        StatsJson {
            rows: space.shape.rows(),
            cols: space.shape.cols(),
            rule,
            goal: space.goal.name(),
            positions: space.positions,
            solvable: space.solvable,
            impossible: space.impossible,
            max_moves: space.max_moves,
            mean_moves: space.mean_moves,
            rank: space.rank,
            nullity: space.nullity,
            histogram: space
                .histogram
                .iter()
                .enumerate()
                .map(|(moves, &boards)| HistogramRow { moves, boards })
                .collect(),
            hardest: HardestJson {
                example: &space.hardest_example,
                id: space.hardest_example.to_board().map(|b| b.id()),
                boards: space.hardest_tap_sets.values().sum(),
                optimal_tap_sets: space
                    .hardest_tap_sets
                    .iter()
                    .map(|(&tap_sets, &boards)| TapSetCount { tap_sets, boards })
                    .collect(),
            },
            quiet_patterns: space.quiet_patterns.iter().map(CellsJson).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(4096), "4,096");
        assert_eq!(thousands(65536), "65,536");
        assert_eq!(thousands(1_048_576), "1,048,576");
    }
}
