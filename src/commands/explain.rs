//! `flipgame explain`: the optimal taps as a walkthrough of boards, or a proof of impossibility.
//!
//! Every size goes through one presentation: a 4x4 board's answer from the distance table is
//! turned into the same grid form the any-size solver gives.

use std::io::{self, Write};

use serde::{Serialize, Serializer};

use flipgame::board::{BoardId, Color};
use flipgame::grid::Grid;
use flipgame::puzzle::Puzzle;
use flipgame::solve::{Certificate, ENUMERATION_LIMIT, Solution, Solver};

use super::{BoardCommand, Context, Place, Status, puzzle, run_boards, solver};
use crate::cli::ExplainArgs;
use crate::output::json::{
    BoardFields, CellJson, CellsJson, JsonStream, RuleFields, as_text, optional_color,
};
use crate::render::{self, Mark, Panel, Pen};

/// The most steps drawn for one board; the rest are listed, and JSON has them all.
const MAX_STEP_PANELS: usize = 64;

/// Explains every board of the inputs.
pub fn run(args: &ExplainArgs, context: &Context, out: &mut impl Write) -> io::Result<Status> {
    let Some(solver) = puzzle(&args.input.puzzle).and_then(solver) else {
        return Ok(Status::BadInput);
    };
    let shape = solver.puzzle().shape();
    let command = Explain {
        rule: RuleFields::of(solver.puzzle()),
        solver,
        pen: Pen::new(context.color, args.ascii),
        width: render::output_width(),
        draw_boards: !args.no_boards,
        boards_done: 0,
    };
    run_boards(&args.input, shape, args.format, out, command)
}

struct Explain {
    solver: Solver,
    rule: RuleFields,
    pen: Pen,
    width: usize,
    draw_boards: bool,
    boards_done: u64,
}

/// One board and what is known about it.
struct Answer<'a> {
    board: &'a Grid,
    id: Option<BoardId>,
    solution: Option<Solution>,
    certificate: Option<Certificate>,
}

impl BoardCommand for Explain {
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &Grid,
    ) -> io::Result<()> {
        let solution = self.solver.solve(board);
        let certificate = match solution {
            Some(_) => None,
            None => self.solver.certificate(board),
        };
        let answer = Answer {
            board,
            id: board.to_board().map(|b| b.id()),
            solution,
            certificate,
        };
        self.write(out, json, index, place, &answer)
    }
}

impl Explain {
    fn puzzle(&self) -> &Puzzle {
        self.solver.puzzle()
    }

    fn write<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        answer: &Answer<'_>,
    ) -> io::Result<()> {
        if let Some(json) = json {
            return json.write(out, &self.explained_json(index, place, answer));
        }
        if self.boards_done > 0 {
            out.write_all(b"\n")?;
        }
        self.boards_done += 1;
        let mut lines = self.header(place, answer);
        match (&answer.solution, &answer.certificate) {
            (Some(solution), _) => lines.extend(self.walkthrough(answer.board, solution)),
            (None, Some(certificate)) => lines.extend(self.proof(answer.board, certificate)),
            // Every unsolvable board has a certificate (the library's tests check it).
            (None, None) => lines.push("Impossible".to_string()),
        }
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    fn header(&self, place: Place<'_>, answer: &Answer<'_>) -> Vec<String> {
        let shape = answer.board.shape();
        let rule = if self.puzzle().is_default_rule() {
            String::new()
        } else {
            format!("{}, ", self.puzzle().rule_words())
        };
        let origin = match answer.id {
            Some(id) => format!("(id {id}, {rule}{place})"),
            None => format!("({shape}, {rule}{place})"),
        };
        let text = answer.board.to_string();
        let name = if text.len() <= self.width {
            (self.pen.strong(&text), text.len())
        } else {
            let name = format!("A {shape} board");
            (self.pen.strong(&name), name.len())
        };
        render::join_to_width(
            &[name, (origin.clone(), origin.chars().count())],
            "  ",
            self.width,
        )
    }

    /// Boards can be drawn when asked for and when one fits the width.
    fn boards_fit(&self, board: &Grid) -> bool {
        let shape = board.shape();
        self.draw_boards
            && render::panel_width(shape.rows() as usize, shape.cols() as usize) <= self.width
    }

    fn too_wide_note(&self, board: &Grid) -> Option<String> {
        let shape = board.shape();
        (self.draw_boards && !self.boards_fit(board)).then(|| {
            format!(
                "(A board of {} columns does not fit in {} columns, so none is drawn; \
                 --format json has every step.)",
                shape.cols(),
                self.width
            )
        })
    }

    fn panel(&self, title: &str, board: &Grid, mark: impl Fn(usize, usize) -> Mark) -> Panel {
        let shape = board.shape();
        let size = (shape.rows() as usize, shape.cols() as usize);
        let color = |row, col| {
            if board.get(row, col) {
                Color::Black
            } else {
                Color::White
            }
        };
        render::grid_panel(&self.pen, title, size, color, mark)
    }

    fn walkthrough(&self, board: &Grid, solution: &Solution) -> Vec<String> {
        let goal = solution.goal;
        let moves = solution.moves();
        let mut lines = Vec::new();
        if moves == 0 {
            lines.push(format!("Already solved: all {goal}, 0 taps."));
        } else {
            let plural = if moves == 1 { "tap" } else { "taps" };
            let taps: Vec<String> = solution
                .taps
                .cells()
                .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
                .collect();
            let mut text = format!(
                "{moves} {plural} to all {goal}: {}. Taps commute, so any order works.",
                taps.join(" ")
            );
            if !solution.optimal {
                let nullity = self.solver.nullity();
                text.push_str(&format!(
                    " These are the fewest taps found, not proven minimal: the null space has \
                     2^{nullity} elements, more than the 2^{ENUMERATION_LIMIT} flipgame tries."
                ));
            }
            lines.extend(render::wrap(&text, self.width));
        }
        lines.extend(self.too_wide_note(board));
        if self.boards_fit(board) {
            lines.push(String::new());
            let mut panels = vec![self.panel("Start", board, |_, _| Mark::Plain)];
            let mut current = board.clone();
            for (number, (row, col)) in solution.taps.cells().enumerate().take(MAX_STEP_PANELS) {
                self.puzzle().tap(&mut current, row, col);
                let flipped = self.puzzle().flips(row, col);
                let title = format!("Tap {}: r{}c{}", number + 1, row + 1, col + 1);
                panels.push(self.panel(&title, &current, |r, c| {
                    if (r, c) == (row, col) {
                        Mark::Tapped
                    } else if flipped.contains(&(r, c)) {
                        Mark::Flipped
                    } else {
                        Mark::Plain
                    }
                }));
            }
            lines.extend(render::side_by_side(&panels, self.width));
            if moves > MAX_STEP_PANELS as u64 {
                lines.push(format!(
                    "(The other {} taps are not drawn; --format json has every step.)",
                    moves - MAX_STEP_PANELS as u64
                ));
            }
            if moves > 0 {
                lines.push(String::new());
                lines.extend(self.pen.legend(&[Mark::Tapped, Mark::Flipped], self.width));
            }
        }
        if moves > 0 {
            let plural = if moves == 1 { "tap" } else { "taps" };
            lines.push(
                self.pen
                    .strong(&format!("Solved in {moves} {plural}: all {goal}.")),
            );
        }
        lines
    }

    fn proof(&self, board: &Grid, certificate: &Certificate) -> Vec<String> {
        let pattern = &certificate.pattern;
        let mut lines = vec![self.pen.strong("Impossible")];
        lines.extend(self.too_wide_note(board));
        if self.boards_fit(board) {
            lines.push(String::new());
            let mark = |row, col| {
                if pattern.get(row, col) {
                    Mark::Proof
                } else {
                    Mark::Plain
                }
            };
            lines.extend(render::side_by_side(
                &[self.panel("Proof", board, mark)],
                self.width,
            ));
            lines.push(String::new());
            lines.extend(self.pen.legend(&[Mark::Proof], self.width));
        }
        let drawn = self.boards_fit(pattern);
        let reason = render::impossibility(self.puzzle(), certificate, drawn);
        lines.extend(render::wrap(&reason, self.width));
        lines
    }
}

impl Explain {
    fn explained_json<'a>(
        &'a self,
        index: u64,
        place: Place<'a>,
        answer: &'a Answer<'a>,
    ) -> ExplainedJson<'a> {
        let solution = answer.solution.as_ref();
        ExplainedJson {
            index,
            source: place,
            board: BoardFields::of(answer.board),
            rule: &self.rule,
            solvable: solution.is_some(),
            moves: solution.map(Solution::moves),
            goal: solution.map(|s| s.goal),
            optimal: solution.is_none_or(|s| s.optimal),
            taps: solution.map(|s| CellsJson(&s.taps)),
            steps: Steps {
                puzzle: self.puzzle(),
                board: answer.board,
                taps: solution.map(|s| &s.taps),
            },
            certificate: answer.certificate.as_ref().map(|c| CertificateJson {
                cells: CellsJson(&c.pattern),
                black: c.black,
            }),
        }
    }
}

/// One explained board in JSON; `id` only for 4x4.
#[derive(Serialize)]
struct ExplainedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    #[serde(flatten)]
    board: BoardFields<'a>,
    #[serde(flatten)]
    rule: &'a RuleFields,
    solvable: bool,
    moves: Option<u64>,
    #[serde(serialize_with = "optional_color")]
    goal: Option<Color>,
    optimal: bool,
    taps: Option<CellsJson<'a>>,
    steps: Steps<'a>,
    certificate: Option<CertificateJson<'a>>,
}

/// The steps of a walkthrough, computed one at a time as they are written, so a huge board
/// never holds more than its current state in memory.
struct Steps<'a> {
    puzzle: &'a Puzzle,
    board: &'a Grid,
    taps: Option<&'a Grid>,
}

impl Serialize for Steps<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some(taps) = self.taps else {
            return serializer.collect_seq(std::iter::empty::<StepJson>());
        };
        let mut current = self.board.clone();
        serializer.collect_seq(taps.cells().map(move |(row, col)| {
            self.puzzle.tap(&mut current, row, col);
            StepJson {
                tap: CellJson::from_zero_based((row, col)),
                flipped: self
                    .puzzle
                    .flips(row, col)
                    .into_iter()
                    .map(CellJson::from_zero_based)
                    .collect(),
                board: current.to_string(),
            }
        }))
    }
}

#[derive(Serialize)]
struct StepJson {
    tap: CellJson,
    flipped: Vec<CellJson>,
    board: String,
}

#[derive(Serialize)]
struct CertificateJson<'a> {
    cells: CellsJson<'a>,
    black: u64,
}
