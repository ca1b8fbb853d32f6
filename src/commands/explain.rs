//! `flipgame explain`: the optimal taps as a walkthrough of boards, or a proof of impossibility.

use std::io::{self, Write};

use serde::Serialize;

use flipgame::algebra::{Certificate, TapMatrix};
use flipgame::board::{Board, BoardId, Cell, Color, Goal, TapSet};
use flipgame::solver::{DistanceTable, Solution, Step};

use super::{BoardCommand, Context, Place, Status, goal, run_boards};
use crate::cli::ExplainArgs;
use crate::output::json::{CellJson, CellsJson, JsonStream, as_text, optional_color};
use crate::render::{self, Mark, Panel, Pen};

/// Explains every board of the inputs.
pub fn run(args: &ExplainArgs, context: &Context, out: &mut impl Write) -> io::Result<Status> {
    let goal = goal(args.input.goal);
    let command = Explain {
        goal,
        table: DistanceTable::shared(goal),
        matrix: TapMatrix::new(),
        pen: Pen::new(context.color, args.ascii),
        width: render::output_width(),
        boards_done: 0,
    };
    run_boards(&args.input, args.format, out, command)
}

struct Explain {
    goal: Goal,
    table: &'static DistanceTable,
    matrix: TapMatrix,
    pen: Pen,
    width: usize,
    boards_done: u64,
}

impl BoardCommand for Explain {
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: Board,
    ) -> io::Result<()> {
        let solution = self.table.solve(board);
        let certificate = match solution {
            Some(_) => None,
            None => self.matrix.certificate(board, self.goal),
        };
        if let Some(json) = json {
            return json.write(
                out,
                &explained_json(index, place, board, solution, certificate),
            );
        }
        if self.boards_done > 0 {
            out.write_all(b"\n")?;
        }
        self.boards_done += 1;
        let text = board.to_string();
        let origin = format!("(id {}, {place})", board.id());
        let header = [
            (self.pen.strong(&text), text.len()),
            (origin.clone(), origin.chars().count()),
        ];
        let mut lines = render::join_to_width(&header, "  ", self.width);
        match (solution, certificate) {
            (Some(solution), _) => lines.extend(self.walkthrough(board, solution)),
            (None, Some(certificate)) => lines.extend(self.proof(board, certificate)),
            // Every unsolvable 4x4 board has a certificate (the library's tests check all of them).
            (None, None) => lines.push("Impossible".to_string()),
        }
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}

impl Explain {
    fn walkthrough(&self, board: Board, solution: Solution) -> Vec<String> {
        let goal = solution.goal;
        let start = render::board_panel(&self.pen, "Start", board, |_| Mark::Plain);
        if solution.taps.is_empty() {
            let mut lines = vec![
                format!("Already solved: all {goal}, 0 taps."),
                String::new(),
            ];
            lines.extend(render::side_by_side(&[start], self.width));
            return lines;
        }
        let moves = solution.moves();
        let plural = if moves == 1 { "tap" } else { "taps" };
        let mut lines = render::wrap(
            &format!(
                "{moves} {plural} to all {goal}: {}. Taps commute, so any order works.",
                solution.taps
            ),
            self.width,
        );
        lines.push(String::new());
        let mut panels = vec![start];
        panels.extend(
            solution
                .steps(board)
                .iter()
                .enumerate()
                .map(|(n, step)| self.step_panel(n + 1, step)),
        );
        lines.extend(render::side_by_side(&panels, self.width));
        lines.push(String::new());
        lines.extend(self.pen.legend(&[Mark::Tapped, Mark::Flipped], self.width));
        lines.push(
            self.pen
                .strong(&format!("Solved in {moves} {plural}: all {goal}.")),
        );
        lines
    }

    fn step_panel(&self, number: usize, step: &Step) -> Panel {
        let flipped = step.tap.flip_mask();
        let title = format!("Tap {number}: {}", step.tap);
        render::board_panel(&self.pen, &title, step.after, |cell| {
            if cell == step.tap {
                Mark::Tapped
            } else if flipped & cell.bit() != 0 {
                Mark::Flipped
            } else {
                Mark::Plain
            }
        })
    }

    fn proof(&self, board: Board, certificate: Certificate) -> Vec<String> {
        let pattern = certificate.pattern;
        let mut lines = vec![self.pen.strong("Impossible"), String::new()];
        let panel = render::board_panel(&self.pen, "Proof", board, |cell| {
            if pattern.contains(cell) {
                Mark::Proof
            } else {
                Mark::Plain
            }
        });
        lines.extend(render::side_by_side(&[panel], self.width));
        lines.push(String::new());
        lines.extend(self.pen.legend(&[Mark::Proof], self.width));
        lines.extend(render::wrap(&self.reason(certificate), self.width));
        lines
    }

    /// The one-sentence argument, every number in it computed from the certificate.
    fn reason(&self, certificate: Certificate) -> String {
        let pattern = certificate.pattern;
        let mut evens: Vec<u32> = Cell::all().map(|tap| pattern.flipped_by(tap)).collect();
        evens.sort_unstable();
        evens.dedup();
        let parity = |count: u32| if count % 2 == 0 { "even" } else { "odd" };
        let colors = self.goal.colors();
        let goals: Vec<String> = colors
            .iter()
            .map(|&color| format!("all {color} has {}", certificate.black_in_goal(color)))
            .collect();
        let goal_parity = parity(certificate.black_in_goal(colors[0]));
        let both = if colors.len() > 1 { "both " } else { "" };
        let reach = match self.goal {
            Goal::Either => "finish this board".to_string(),
            Goal::White | Goal::Black => format!("make this board all {}", colors[0]),
        };
        format!(
            "Every tap turns over an even number ({}) of the {} marked pieces, so the number of \
             black pieces among them, {} now, always stays {}; {} there, {both}{goal_parity}, so no \
             sequence of taps can {reach}.",
            or_list(&evens),
            pattern.len(),
            certificate.black,
            parity(certificate.black),
            goals.join(" and "),
        )
    }
}

/// `0`, `0 or 2`, `0, 2 or 4`.
fn or_list(numbers: &[u32]) -> String {
    let texts: Vec<String> = numbers.iter().map(u32::to_string).collect();
    match texts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn explained_json<'a>(
    index: u64,
    place: Place<'a>,
    board: Board,
    solution: Option<Solution>,
    certificate: Option<Certificate>,
) -> ExplainedJson<'a> {
    let steps = solution.map_or_else(Vec::new, |solution| {
        solution
            .steps(board)
            .into_iter()
            .map(|step| StepJson {
                tap: step.tap.into(),
                flipped: CellsJson(TapSet::from_bits(step.tap.flip_mask())),
                board: step.after,
            })
            .collect()
    });
    ExplainedJson {
        index,
        source: place,
        board,
        id: board.id(),
        solvable: solution.is_some(),
        moves: solution.map(|s| s.moves()),
        goal: solution.map(|s| s.goal),
        taps: solution.map(|s| CellsJson(s.taps)),
        steps,
        certificate: certificate.map(|c| CertificateJson {
            cells: CellsJson(TapSet::from_bits(c.pattern.bits())),
            black: c.black,
        }),
    }
}

/// One explained board in JSON.
#[derive(Serialize)]
struct ExplainedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    #[serde(serialize_with = "as_text")]
    board: Board,
    #[serde(serialize_with = "as_text")]
    id: BoardId,
    solvable: bool,
    moves: Option<u8>,
    #[serde(serialize_with = "optional_color")]
    goal: Option<Color>,
    taps: Option<CellsJson>,
    steps: Vec<StepJson>,
    certificate: Option<CertificateJson>,
}

#[derive(Serialize)]
struct StepJson {
    tap: CellJson,
    flipped: CellsJson,
    #[serde(serialize_with = "as_text")]
    board: Board,
}

#[derive(Serialize)]
struct CertificateJson {
    cells: CellsJson,
    black: u32,
}

#[cfg(test)]
mod tests {
    use super::or_list;

    #[test]
    fn numbers_are_listed_with_or() {
        assert_eq!(or_list(&[2]), "2");
        assert_eq!(or_list(&[0, 2]), "0 or 2");
        assert_eq!(or_list(&[0, 2, 4]), "0, 2 or 4");
    }
}
