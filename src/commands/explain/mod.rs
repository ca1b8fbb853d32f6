//! `flipgame explain`: the optimal taps as a walkthrough of boards, or a proof of impossibility,
//! drawn as terminal text or as SVG.
//!
//! Every size goes through one presentation: a 4x4 board's answer from the distance table is
//! turned into the same grid form the any-size solver gives, and the answer into one
//! [`Figure`], which either renderer draws.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::{Serialize, Serializer};

use flipgame::board::BoardId;
use flipgame::grid::Grid;
use flipgame::notation::Cell;
use flipgame::puzzle::Puzzle;
use flipgame::solve::{Certificate, Solution};
use flipgame::space::{SmallSpace, bits_of_grid};

use super::args::{BoardSolver, explore};
use super::boards::{BoardCommand, Place, SolvedJson, run_boards};
use super::{Context, Failure, Outcome, usage, write_to};
use crate::cli::{ExplainArgs, ExplainFormat, RecordFormat};
use crate::figure::{Block, Drawing, Figure, Target, svg};
use crate::output::json::{CellsJson, JsonStream, RuleFields};
use crate::render::{self, Mark, Pen};
use flipgame::space::Space;
use flipgame::words::{taps, thousands};

mod states;

/// Explains every board of the inputs.
pub fn run(
    args: &ExplainArgs,
    context: &Context,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    if let Some(message) = misused(args) {
        return Err(usage(message));
    }
    if let Some(directory) = &args.output_dir
        && let Err(error) = std::fs::create_dir_all(directory)
    {
        return Err(Failure::File(format!("{}: {error}", directory.display())));
    }
    let record_format = match args.format {
        ExplainFormat::Json => RecordFormat::Json,
        ExplainFormat::Jsonl => RecordFormat::Jsonl,
        ExplainFormat::Text | ExplainFormat::Svg => RecordFormat::Text,
    };
    let mut presenter = Presenter::new(args, context);
    if args.input.puzzle.states != 2 {
        let status = states::run(args, &mut presenter, record_format, out)?;
        return presenter.finish(status, out);
    }
    let solver = super::args::board_solver(&args.input)?;
    let shape = solver.puzzle().shape();
    let trace = args
        .trace
        .then(|| explore(solver.puzzle(), false))
        .transpose()
        .map_err(|too_large| usage(format!("--trace: {too_large}")))?;
    let mut command = Explain {
        rule: RuleFields::of(solver.puzzle()),
        solver,
        presenter,
        draw_boards: !args.no_boards,
        map: args.map,
        max_steps: args.max_steps,
        trace,
    };
    let status = run_boards(
        &args.input,
        (shape, super::args::cells(args.input.cells)),
        record_format,
        out,
        &mut command,
    )?;
    command.presenter.finish(status, out)
}

/// Where the explained boards go, for boards of two states and of K: terminal text, one SVG
/// document of every board, or an SVG file a board in `--output-dir`.
struct Presenter {
    pen: Pen,
    target: Target,
    output_dir: Option<PathBuf>,
    /// The SVG sections of a single document, written when every board is done.
    figures: Vec<Figure>,
    files_failed: bool,
    boards_done: u64,
}

impl Presenter {
    fn new(args: &ExplainArgs, context: &Context) -> Presenter {
        let target = match args.format {
            ExplainFormat::Svg => Target::Svg,
            _ => Target::Terminal {
                width: render::output_width(),
            },
        };
        Presenter {
            pen: Pen::new(context.color, args.ascii),
            target,
            output_dir: args.output_dir.clone(),
            figures: Vec::new(),
            files_failed: false,
            boards_done: 0,
        }
    }

    /// Shows the figure of board `index` (`name` names its SVG file after the index).
    fn show<W: Write>(
        &mut self,
        out: &mut W,
        index: u64,
        name: Option<String>,
        figure: Figure,
    ) -> io::Result<()> {
        match (self.target, &self.output_dir) {
            (Target::Svg, Some(directory)) => {
                let name = match name {
                    Some(name) => format!("{index:04}-{name}.svg"),
                    None => format!("{index:04}.svg"),
                };
                let path = directory.join(name);
                let document = svg::document("flipgame explain", std::slice::from_ref(&figure));
                let status =
                    write_to(Some(&path), out, |file| file.write_all(document.as_bytes()))?;
                if status == Outcome::Success {
                    writeln!(out, "{}", path.display())?;
                } else {
                    self.files_failed = true;
                }
            }
            (Target::Svg, None) => self.figures.push(figure),
            (Target::Terminal { width }, _) => {
                if self.boards_done > 0 {
                    out.write_all(b"\n")?;
                }
                for line in figure.lines(&self.pen, width) {
                    writeln!(out, "{line}")?;
                }
            }
        }
        self.boards_done += 1;
        Ok(())
    }

    /// Writes the one SVG document when there is one, and the outcome of the run.
    fn finish(self, status: Outcome, out: &mut impl Write) -> Result<Outcome, Failure> {
        if self.target == Target::Svg && self.output_dir.is_none() {
            let title = match self.figures.len() {
                1 => "flipgame explain".to_string(),
                boards => format!("flipgame explain: {boards} boards"),
            };
            out.write_all(svg::document(&title, &self.figures).as_bytes())?;
        }
        let files = if self.files_failed {
            Outcome::IoError
        } else {
            Outcome::Success
        };
        Ok(status.max(files))
    }

    /// Boards can be drawn when asked for and when one of `rows` x `cols` fits the target.
    fn fits(&self, draw_boards: bool, (rows, cols): (usize, usize)) -> bool {
        draw_boards && self.target.fits(rows, cols)
    }

    /// The note that a board too wide to draw is not drawn.
    fn too_wide_note(&self, draw_boards: bool, (rows, cols): (usize, usize)) -> Option<Block> {
        (draw_boards && !self.fits(draw_boards, (rows, cols))).then(|| {
            Block::Line(format!(
                "(A board of {cols} columns does not fit in {} columns, so none is drawn; \
                 --format svg draws it, and --format json has every step.)",
                self.target.columns()
            ))
        })
    }
}

/// The usage error of a combination of flags that would draw nothing or ignore one of them.
fn misused(args: &ExplainArgs) -> Option<&'static str> {
    let json = matches!(args.format, ExplainFormat::Json | ExplainFormat::Jsonl);
    if json && (args.map || args.trace) {
        Some(
            "--map and --trace are drawings for people: use them with --format text or svg \
             (JSON has the taps and every step already)",
        )
    } else if args.format == ExplainFormat::Svg && args.no_boards {
        Some("--no-boards leaves an SVG picture nothing to draw: leave out one of them")
    } else if args.format != ExplainFormat::Text && args.ascii {
        Some("--ascii chooses the letters of terminal text: use it with --format text")
    } else if args.output_dir.is_some() && args.format != ExplainFormat::Svg {
        Some("--output-dir writes SVG files: add --format svg")
    } else {
        None
    }
}

struct Explain {
    solver: BoardSolver,
    rule: RuleFields,
    presenter: Presenter,
    draw_boards: bool,
    map: bool,
    max_steps: usize,
    trace: Option<SmallSpace>,
}

/// One board and what is known about it.
struct Answer<'a> {
    board: &'a Grid,
    id: Option<BoardId>,
    solution: Option<Solution>,
    certificate: Option<Certificate>,
}

impl BoardCommand for Explain {
    type Board = Grid;

    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &Grid,
    ) -> io::Result<()> {
        let solver = self.solver.get();
        let solution = super::boards::solve_board(solver, board);
        let certificate = match solution {
            Some(_) => None,
            None => solver.proof(board),
        };
        let answer = Answer {
            board,
            id: BoardId::of(board),
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
        let figure = self.figure(place, answer);
        let name = answer.id.map(|id| id.to_string());
        self.presenter.show(out, index, name, figure)
    }

    /// Everything shown for one board, for either renderer.
    fn figure(&self, place: Place<'_>, answer: &Answer<'_>) -> Figure {
        let mut figure = Figure::default();
        figure.push(self.heading(place, answer));
        if let Some(space) = &self.trace {
            self.narrate(&mut figure, space, answer.board);
        }
        match (&answer.solution, &answer.certificate) {
            (Some(solution), _) => self.walkthrough(&mut figure, answer.board, solution),
            (None, Some(certificate)) => self.proof(&mut figure, answer.board, certificate),
            // Every unsolvable board has a certificate (the library's tests check it).
            (None, None) => figure.push(Block::Line("Impossible".to_string())),
        }
        figure
    }

    fn heading(&self, place: Place<'_>, answer: &Answer<'_>) -> Block {
        let shape = answer.board.shape();
        let rule = if self.puzzle().is_default_rule() {
            String::new()
        } else {
            format!("{}, ", self.puzzle().rule_words())
        };
        let detail = match answer.id {
            Some(id) => format!("(id {id}, {rule}{place})"),
            None => format!("({shape}, {rule}{place})"),
        };
        let text = answer.board.to_string();
        let title = if text.len() <= self.presenter.target.columns() {
            text
        } else {
            format!("A {shape} board")
        };
        Block::Heading { title, detail }
    }

    /// The breadth-first search from the finished boards told layer by layer, up to the layer
    /// that holds `board` (all of them when none does).
    fn narrate(&self, figure: &mut Figure, space: &SmallSpace, board: &Grid) {
        let layers = space.layer_sizes();
        let found = space.moves(bits_of_grid(board)).map(usize::from);
        let goal = render::goal_words(self.puzzle().goal());
        figure.push(Block::Blank);
        figure.push(Block::Strong(
            "How a breadth-first search finds the fewest taps".to_string(),
        ));
        figure.push(Block::Text(format!(
            "Start from the finished boards ({goal}): they are layer 0. Tapping each cell of \
             every board of a layer gives boards one tap further; those that no earlier layer \
             holds make the next layer. So a board's layer is its fewest taps, and the search \
             stops when a layer adds nothing."
        )));
        figure.push(Block::Line(format!(
            "{:>7}  {:>11}  {:>15}",
            "layer", "new boards", "reached so far"
        )));
        let mut reached = 0;
        for (layer, &boards) in layers.iter().enumerate() {
            if found.is_some_and(|found| layer > found) {
                break;
            }
            reached += boards;
            let note = if found == Some(layer) {
                "   <- this board"
            } else if layer == 0 {
                "   the finished boards"
            } else {
                ""
            };
            figure.push(Block::Line(format!(
                "{layer:>7}  {:>11}  {:>15}{note}",
                thousands(boards),
                thousands(reached)
            )));
        }
        figure.push(Block::Text(layer_verdict(
            found,
            &layers,
            reached,
            space.positions(),
        )));
        figure.push(Block::Blank);
    }

    /// Boards can be drawn when asked for and when one fits the target.
    fn boards_fit(&self, board: &Grid) -> bool {
        let shape = board.shape();
        let size = (shape.rows() as usize, shape.cols() as usize);
        self.presenter.fits(self.draw_boards, size)
    }

    fn too_wide_note(&self, board: &Grid) -> Option<Block> {
        let shape = board.shape();
        let size = (shape.rows() as usize, shape.cols() as usize);
        self.presenter.too_wide_note(self.draw_boards, size)
    }

    /// The taps in words, and whether they are proven the fewest.
    fn tap_sentence(&self, board: &Grid, solution: &Solution, tapped: &[(usize, usize)]) -> String {
        let (goal, moves) = (solution.color, solution.moves());
        // Under a map that is drawn, the map is the list: a long one is cut short.
        let shown = if self.map && self.boards_fit(board) {
            MAPPED_TAPS_LISTED
        } else {
            tapped.len()
        };
        let mut listed: Vec<String> = tapped
            .iter()
            .take(shown)
            .map(|&cell| Cell::from(cell).to_string())
            .collect();
        if tapped.len() > shown {
            listed.push(format!(
                "and {} more, marked on the map",
                thousands((tapped.len() - shown) as u64)
            ));
        }
        let mut text = format!(
            "{} to all {goal}: {}. Taps commute, so any order works.",
            taps(moves),
            listed.join(" ")
        );
        if !solution.optimal
            && let Some(solver) = self.solver.prepared()
        {
            let nullity = solver.nullity();
            let limit = solver.search_limit();
            text.push_str(&if nullity > limit {
                format!(
                    " These are the fewest taps found, not proven minimal: the null space \
                     has 2^{nullity} elements, more than the 2^{limit} flipgame tries on a \
                     board of this size."
                )
            } else {
                format!(
                    " These are the fewest taps found, not proven minimal: --search-time \
                     stopped the search of the null space's 2^{nullity} elements."
                )
            });
        }
        text
    }

    fn walkthrough(&self, figure: &mut Figure, board: &Grid, solution: &Solution) {
        let goal = solution.color;
        let moves = solution.moves();
        let tapped: Vec<(usize, usize)> = solution.taps.cells().collect();
        if moves == 0 {
            figure.push(Block::Line(format!("Already solved: all {goal}, 0 taps.")));
        } else {
            figure.push(Block::Text(self.tap_sentence(board, solution, &tapped)));
        }
        figure.blocks.extend(self.too_wide_note(board));
        if self.boards_fit(board) {
            figure.push(Block::Blank);
            if self.map {
                let title = match moves {
                    0 => "Nothing to tap".to_string(),
                    _ => format!("Tap map: {}", taps(moves)),
                };
                let drawing = Drawing::new(title, board.clone()).with_marks(tapped, Mark::Hint);
                figure.push(Block::Boards(vec![drawing]));
                if moves > 0 {
                    figure.push(Block::Blank);
                    figure.push(Block::Legend(vec![Mark::Hint]));
                }
            } else {
                self.steps(figure, board, &tapped);
            }
        }
        if moves > 0 {
            figure.push(Block::Strong(format!(
                "Solved in {}: all {goal}.",
                taps(moves)
            )));
        }
    }

    /// The start board and the board after each tap, at most `max_steps` of them.
    fn steps(&self, figure: &mut Figure, board: &Grid, taps: &[(usize, usize)]) {
        let mut drawings = vec![Drawing::new("Start".to_string(), board.clone())];
        let mut current = board.clone();
        for (number, &(row, col)) in taps.iter().enumerate().take(self.max_steps) {
            self.puzzle().tap(&mut current, row, col);
            let flipped = self
                .puzzle()
                .flips(row, col)
                .into_iter()
                .filter(|&cell| cell != (row, col));
            let title = format!("Tap {}: {}", number + 1, Cell::new(row, col));
            drawings.push(
                Drawing::new(title, current.clone())
                    .with_marks(flipped, Mark::Flipped)
                    .with_marks([(row, col)], Mark::Tapped),
            );
        }
        figure.push(Block::Boards(drawings));
        if taps.len() > self.max_steps {
            figure.push(Block::Line(format!(
                "(The other {} not drawn (--max-steps {}); --format json has every step.)",
                match taps.len() - self.max_steps {
                    1 => "tap is".to_string(),
                    others => format!("{others} taps are"),
                },
                self.max_steps
            )));
        }
        if !taps.is_empty() {
            figure.push(Block::Blank);
            figure.push(Block::Legend(vec![Mark::Tapped, Mark::Flipped]));
        }
    }

    fn proof(&self, figure: &mut Figure, board: &Grid, certificate: &Certificate) {
        let pattern = &certificate.pattern;
        figure.push(Block::Strong("Impossible".to_string()));
        figure.blocks.extend(self.too_wide_note(board));
        if self.boards_fit(board) {
            figure.push(Block::Blank);
            let drawing = Drawing::new("Proof".to_string(), board.clone())
                .with_marks(pattern.cells(), Mark::Proof);
            figure.push(Block::Boards(vec![drawing]));
            figure.push(Block::Blank);
            figure.push(Block::Legend(vec![Mark::Proof]));
        }
        let drawn = self.boards_fit(pattern);
        let reason = render::impossibility(self.puzzle(), certificate, drawn);
        figure.push(Block::Text(reason));
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
            solved: SolvedJson::new(index, place, answer.board, &self.rule, solution),
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
    /// What `solve` says of the board.
    #[serde(flatten)]
    solved: SolvedJson<'a>,
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
                tap: Cell::new(row, col),
                flipped: self
                    .puzzle
                    .flips(row, col)
                    .into_iter()
                    .map(Cell::from)
                    .collect(),
                board: current.to_string(),
            }
        }))
    }
}

#[derive(Serialize)]
struct StepJson {
    tap: Cell,
    flipped: Vec<Cell>,
    board: String,
}

#[derive(Serialize)]
struct CertificateJson<'a> {
    cells: CellsJson<'a>,
    black: u64,
}

/// Taps listed in words above a tap map before the rest are left to the map.
const MAPPED_TAPS_LISTED: usize = 20;

/// What the layers say of the board: found in layer `found` (its fewest taps), or in none of
/// them after `reached` of the `positions` boards.
fn layer_verdict(found: Option<usize>, layers: &[u64], reached: u64, positions: u64) -> String {
    match found {
        Some(0) => "The board is finished: it is in layer 0.".to_string(),
        Some(layer) => {
            let rest = if layer + 1 < layers.len() {
                format!(
                    " The search goes on to layer {} for the other boards.",
                    layers.len() - 1
                )
            } else {
                " It is in the last layer: no board needs more.".to_string()
            };
            format!(
                "The board is found in layer {layer}, so it needs {}: no \
                 sequence of fewer taps reaches it, or an earlier layer would hold it.{rest}",
                taps(layer as u64)
            )
        }
        None => format!(
            "After layer {} no new boards appear: {} of the {} boards were reached, and \
             this board is not among them, so no sequence of taps finishes it.",
            layers.len() - 1,
            thousands(reached),
            thousands(positions)
        ),
    }
}
