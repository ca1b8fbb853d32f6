//! `flipgame explain`: the fewest taps as a walkthrough of boards, or a proof of
//! impossibility, drawn as terminal text or as SVG, or given as JSON, for either kind of piece.
//!
//! Every board goes through one presentation: its answer becomes one [`Figure`], which either
//! renderer draws. The figure is the library's ([`flipgame::figure::explain`], which the Python
//! module draws too); this command says what fits its terminal or picture, through
//! [`Explaining`].

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use flipgame::kind::{Kind, SolutionOf};
use flipgame::notation::Cell;
use flipgame::space::Space;
use flipgame::words::{taps, thousands};

use super::args::{BoardSolver, ForEitherKind, explore, with_puzzle};
use super::boards::{BoardCommand, Place, SolvedJson, run_boards, solve_board};
use super::kind::{CommandKind, Explaining, Noun};
use super::{Context, Failure, Outcome, page_failure, usage, write_to};
use crate::cli::{ExplainArgs, ExplainFormat, RecordFormat, setting_names};
use crate::output::json::JsonStream;
use crate::output::text::{Pen, figure_lines};
use flipgame::figure::explain::{MAPPED_TAPS_LISTED, heading, listed, steps};
use flipgame::figure::html::Walkthrough;
use flipgame::figure::{Block, Figure, Target, svg};
use flipgame::record::{RuleFields, Steps};
use flipgame::settings::Names;

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
    let explain = ExplainBoards { args, context, out };
    with_puzzle(&args.input.puzzle, args.input.cells, explain)
}

/// `explain` once the flags have chosen the kind of piece.
struct ExplainBoards<'a, W> {
    args: &'a ExplainArgs,
    context: &'a Context,
    out: &'a mut W,
}

impl<W: Write> ForEitherKind for ExplainBoards<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let ExplainBoards { args, context, out } = self;
        let record_format = match args.format {
            ExplainFormat::Json => RecordFormat::Json,
            ExplainFormat::Jsonl => RecordFormat::Jsonl,
            ExplainFormat::Text | ExplainFormat::Svg | ExplainFormat::Html => RecordFormat::Text,
        };
        if args.format == ExplainFormat::Html {
            Walkthrough::fits(K::shape(&puzzle).cells()).map_err(page_failure)?;
        }
        // The trace tells the breadth-first search of a space of two-sided pieces; pieces of K
        // colours are explored otherwise.
        let trace = match (args.trace, args.input.puzzle.states) {
            (false, _) => None,
            (true, 3..) => {
                return Err(usage(
                    "--trace tells the breadth-first search of black and white boards: leave it \
                     out with --states",
                ));
            }
            (true, _) => Some(
                explore::<K>(&puzzle, false).map_err(|failure| prefixed("--trace: ", failure))?,
            ),
        };
        let cells = (
            K::shape(&puzzle),
            K::cells(&puzzle, super::args::cells(args.input.cells)),
        );
        let mut command = Explain::<K> {
            rule: RuleFields::of::<K>(&puzzle),
            solver: BoardSolver::new(puzzle, &args.input)?,
            presenter: Presenter::new(args, context),
            draw_boards: !args.no_boards,
            map: args.map,
            max_steps: args.max_steps,
            trace,
        };
        let status = run_boards(&args.input, cells, record_format, out, &mut command)?;
        command.presenter.finish(status, out)
    }
}

/// `failure` with its message after `prefix`.
fn prefixed(prefix: &str, failure: Failure) -> Failure {
    match failure {
        Failure::Usage(message) => Failure::Usage(format!("{prefix}{message}")),
        other => other,
    }
}

/// Where the explained boards go, for boards of two states and of K: terminal text, one SVG
/// document of every board, or an SVG file a board in `--output-dir`.
struct Presenter {
    pen: Pen,
    target: Target,
    output_dir: Option<PathBuf>,
    /// The SVG sections of a single document, written when every board is done.
    figures: Vec<Figure>,
    /// The web page's walkthroughs, when the format is `html`.
    page: Option<Walkthrough>,
    files_failed: bool,
    boards_done: u64,
}

impl Presenter {
    fn new(args: &ExplainArgs, context: &Context) -> Presenter {
        let target = match args.format {
            // A page, like a picture, grows to fit any board.
            ExplainFormat::Svg | ExplainFormat::Html => Target::Svg,
            _ => Target::Terminal {
                width: crate::output::terminal::output_width(),
            },
        };
        Presenter {
            pen: Pen::new(context.color, args.ascii),
            target,
            output_dir: args.output_dir.clone(),
            figures: Vec::new(),
            page: (args.format == ExplainFormat::Html).then(Walkthrough::default),
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
        if let Some(page) = &mut self.page {
            page.add(&figure);
            return Ok(());
        }
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
                for line in figure_lines(&figure, &self.pen, width) {
                    writeln!(out, "{line}")?;
                }
            }
        }
        self.boards_done += 1;
        Ok(())
    }

    /// Writes the one SVG document when there is one, and the outcome of the run.
    fn finish(self, status: Outcome, out: &mut impl Write) -> Result<Outcome, Failure> {
        if let Some(mut page) = self.page {
            // A page of no board at all, when boards were given but none could be read, would
            // only hide the errors: there is none.
            if status >= Outcome::BadInput {
                if page.boards() == 0 {
                    return Ok(status);
                }
                page.mark_incomplete();
            }
            out.write_all(page.page().map_err(page_failure)?.as_bytes())?;
            return Ok(status);
        }
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

/// The `explain` command over boards of kind `K`.
pub struct Explain<K: Kind> {
    solver: BoardSolver<K>,
    rule: RuleFields,
    presenter: Presenter,
    draw_boards: bool,
    map: bool,
    max_steps: usize,
    trace: Option<K::Space>,
}

impl<K: CommandKind> BoardCommand for Explain<K> {
    type Kind = K;

    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &K::Board,
    ) -> io::Result<()> {
        let solver = self.solver.get();
        let solution = solve_board::<K>(solver, board);
        let proof = match solution {
            Some(_) => None,
            None => K::proof(solver, board),
        };
        if let Some(json) = json {
            let record =
                self.explained_json((index, place), board, solution.as_ref(), proof.as_ref());
            return json.write(out, &record);
        }
        let mut figure = Figure::default();
        figure.push(self.heading(place, board));
        if let Some(space) = &self.trace {
            self.narrate(&mut figure, space, board);
        }
        match (&solution, &proof) {
            (Some(solution), _) => {
                K::walkthrough(self, &mut figure, board, solution);
                figure.blocks.extend(self.page_map(board, solution));
            }
            (None, Some(proof)) => K::proof_figure(self, &mut figure, board, proof),
            // Every board no taps finish has a proof (the library's tests check it).
            (None, None) => figure.push(Block::Line("Impossible".to_string())),
        }
        let name = K::board_id(board).map(|id| id.to_string());
        self.presenter.show(out, index, name, figure)
    }
}

impl<K: CommandKind> Explain<K> {
    /// The tap map a web page shows below the steps it plays (none elsewhere, or where the map
    /// is drawn already or has no taps).
    fn page_map(&mut self, board: &K::Board, solution: &SolutionOf<K>) -> Vec<Block> {
        if self.presenter.page.is_none() || self.map || solution.moves() == 0 {
            return Vec::new();
        }
        self.map = true;
        let mut map = Figure::default();
        K::walkthrough(self, &mut map, board, solution);
        self.map = false;
        let drawn = |block: &Block| {
            matches!(
                block,
                Block::Boards(_) | Block::Steps(_) | Block::Legend(_) | Block::StateLegend(..)
            )
        };
        map.blocks.into_iter().filter(drawn).collect()
    }

    /// The board as a heading: its text where it fits, what it is, and where it was read.
    fn heading(&self, place: Place<'_>, board: &K::Board) -> Block {
        let columns = self.presenter.target.columns();
        heading::<K>(self.puzzle(), board, columns, Some(&place.to_string()))
    }

    /// The breadth-first search from the finished boards told layer by layer, up to the layer
    /// that holds `board` (all of them when none does).
    fn narrate(&self, figure: &mut Figure, space: &K::Space, board: &K::Board) {
        let layers = space.layer_sizes();
        let found = space.moves(K::index_of(space, board)).map(usize::from);
        let goal = K::goal_words(self.puzzle());
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

    /// One explained board in JSON: what `solve` says, every step, and for two-sided pieces
    /// the certificate of an impossible board.
    fn explained_json<'a>(
        &'a self,
        (index, place): (u64, Place<'a>),
        board: &'a K::Board,
        solution: Option<&'a SolutionOf<K>>,
        proof: Option<&'a K::Proof>,
    ) -> ExplainedJson<'a, K> {
        let puzzle = self.puzzle();
        ExplainedJson {
            solved: SolvedJson::new((index, place), puzzle, board, &self.rule, (solution, proof)),
            steps: Steps {
                puzzle,
                board,
                taps: solution.map(|s| &s.taps),
            },
            certificate: (!K::COUNTED).then(|| CertificateField {
                certificate: proof.map(|proof| K::proof_record(puzzle, proof)),
            }),
        }
    }
}

impl<K: CommandKind> Explaining<K> for Explain<K> {
    fn puzzle(&self) -> &K::Puzzle {
        self.solver.puzzle()
    }

    fn prepared(&self) -> Option<&K::Solver> {
        self.solver.prepared()
    }

    fn boards_fit(&self, board: &K::Board) -> bool {
        self.presenter.fits(self.draw_boards, size::<K>(board))
    }

    fn too_wide_note(&self, board: &K::Board) -> Option<Block> {
        self.presenter
            .too_wide_note(self.draw_boards, size::<K>(board))
    }

    fn names(&self) -> Names {
        setting_names
    }

    fn map(&self) -> bool {
        self.map
    }

    fn listed(&self, board: &K::Board, taps: &[Cell], rest: &str) -> String {
        let shown = if self.map && self.boards_fit(board) {
            MAPPED_TAPS_LISTED
        } else {
            taps.len()
        };
        listed(taps, shown, rest)
    }

    fn steps(&self, figure: &mut Figure, board: &K::Board, taps: &[Cell], noun: Noun) {
        let limit = (self.max_steps, self.names());
        steps::<K>(self.puzzle(), figure, (board, taps), noun, limit);
    }
}

/// The rows and columns of `board`.
fn size<K: Kind>(board: &K::Board) -> (usize, usize) {
    let shape = K::board_shape(board);
    (shape.rows() as usize, shape.cols() as usize)
}

/// One explained board in JSON.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct ExplainedJson<'a, K: CommandKind> {
    /// What `solve` says of the board.
    #[serde(flatten)]
    solved: SolvedJson<'a, K>,
    steps: Steps<'a, K>,
    #[serde(flatten)]
    certificate: Option<CertificateField<K::ProofRecord<'a>>>,
}

/// The `certificate` of a two-sided board: `null` for a board that can be finished.
#[derive(Serialize)]
struct CertificateField<P> {
    certificate: Option<P>,
}

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
