//! One module per subcommand: each turns its arguments into calls on the core and the results
//! into output. This module holds what they share: dispatch, exit status, error reporting, and
//! the board-by-board loop of `solve` and `explain`.

pub mod check;
pub mod completions;
pub mod explain;
pub mod generate;
pub mod graph;
pub mod judged;
pub mod play;
pub mod solve;
pub mod stats;
pub mod table;

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::cli::{
    BoardInput, CellsArg, Cli, ColorChoice, Command, GoalArg, PuzzleArgs, RecordFormat,
};
use crate::output::Output;
use crate::output::file::AtomicFile;
use crate::output::json::{JsonStream, as_text};
use crate::progress::Progress;
use crate::render;
use crate::source::{self, RecordSink, Source, StreamError};
use flipgame::grid::{Grid, MAX_SIDE, Shape};
use flipgame::input::{InputError, Record};
use flipgame::notation::Cells;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::rule::{Graph, Rule};
use flipgame::solve::{Solution, Solver};
use flipgame::space::{SmallSpace, TooLarge};

/// How a run ended, in order of precedence: the worst one seen is the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every board answered: exit 0.
    Success,
    /// `check` rejected an answer: exit 3.
    Rejected,
    /// A usage error or a malformed board: exit 2.
    BadInput,
    /// An input that could not be read: exit 1.
    IoError,
}

impl Status {
    /// The process exit code for this status.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Status::Success => ExitCode::SUCCESS,
            Status::IoError => ExitCode::from(1),
            Status::BadInput => ExitCode::from(2),
            Status::Rejected => ExitCode::from(3),
        }
    }
}

/// What every command gets besides its own arguments.
pub struct Context {
    /// Whether to colour the output (the global `--color` rule, decided once).
    pub color: bool,
}

/// Runs the parsed command line and turns its outcome into an exit code.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = io::stdout();
    let is_terminal = stdout.is_terminal();
    let choice = match cli.color {
        ColorChoice::Auto => None,
        ColorChoice::Always => Some(true),
        ColorChoice::Never => Some(false),
    };
    let context = Context {
        color: render::color_enabled(choice, is_terminal, |name| std::env::var(name).ok()),
    };
    let mut out = Output::new(stdout.lock(), is_terminal);
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Explain(args) => explain::run(&args, &context, &mut out),
        Command::Table(args) => table::run(&args, &mut out),
        Command::Stats(args) => stats::run(&args, &context, &mut out),
        Command::Gen(args) => generate::run(&args, &mut out),
        Command::Check(args) => check::run(&args, &mut out),
        Command::Play(args) => play::run(&args, &context, &mut out),
        Command::Graph(args) => graph::run(&args, &mut out),
        Command::Completions(args) => completions::run(&args, &mut out),
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status.exit_code(),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            report(&format!("writing output: {error}"));
            Status::IoError.exit_code()
        }
    }
}

/// Prints one diagnostic line to standard error, in a single write so lines never interleave.
pub fn report(message: &str) {
    let line = format!("error: {message}\n");
    // Nowhere is left to report a failure to write to standard error.
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// Runs `write` on standard output or, with `path`, on a file that appears only when `write`
/// succeeds (see [`AtomicFile`]). A file that cannot be written is reported here, with its path.
pub fn write_to(
    path: Option<&Path>,
    stdout: &mut impl Write,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Status> {
    let Some(path) = path else {
        write(stdout)?;
        return Ok(Status::Success);
    };
    let result = AtomicFile::create(path).and_then(|file| {
        let mut out = Output::new(file, false);
        write(&mut out)?;
        out.into_inner()?.commit()
    });
    match result {
        Ok(()) => Ok(Status::Success),
        Err(error) => {
            report(&format!("{}: {error}", path.display()));
            Ok(Status::IoError)
        }
    }
}

/// The puzzle the flags describe: `--size`, `--rule` or `--rule-file`, `--wrap`, `--goal`. A
/// mistake is reported here (with FILE:LINE:COL for a rule file) and gives `None`, a usage error.
pub fn puzzle(args: &PuzzleArgs) -> Option<Puzzle> {
    let goal = goal(args.goal);
    let result = match &args.rule_file {
        Some(path) => rule_file(path).and_then(|graph| {
            let shape = match args.size {
                Some(size) => checked_shape(size.rows, size.cols)?,
                None => graph.shape(),
            };
            Puzzle::new(shape, Rule::Graph(graph), false, goal).map_err(|e| e.to_string())
        }),
        None => {
            let rule = if args.rule == "random" {
                Err("--rule random makes a new rule: it is for 'flipgame gen --rule random',                      which writes a rule file to use here with --rule-file"
                    .to_string())
            } else {
                Rule::parse(&args.rule)
                    .map_err(|message| format!("--rule {}: {message}", args.rule))
            };
            rule.and_then(|rule| {
                let size = args.size.unwrap_or(crate::cli::Size { rows: 4, cols: 4 });
                let shape = checked_shape(size.rows, size.cols)?;
                Puzzle::new(shape, rule, args.wrap, goal).map_err(|e| e.to_string())
            })
        }
    };
    result.map_err(|message| report(&message)).ok()
}

/// The shape of `--size`, or the usage error for one out of bounds.
fn checked_shape(rows: u32, cols: u32) -> Result<Shape, String> {
    Shape::new(rows, cols)
        .ok_or_else(|| format!("--size {rows}x{cols}: rows and columns go from 1 to {MAX_SIDE}"))
}

/// Reads a rule file; errors are `FILE:LINE:COL: message` where the place is known.
fn rule_file(path: &Path) -> Result<Graph, String> {
    let label = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|error| format!("{label}: {error}"))?;
    Graph::from_json(&text, &label).map_err(|message| {
        // The library's message starts with LINE:COL when the JSON says where.
        let separator = if message.starts_with(|c: char| c.is_ascii_digit()) {
            ":"
        } else {
            ": "
        };
        format!("{label}{separator}{message}")
    })
}

/// Every board of `puzzle` explored (with a progress bar on a terminal when it takes a while),
/// or why it cannot be.
pub fn explore(puzzle: &Puzzle, with_taps: bool) -> Result<SmallSpace, TooLarge> {
    let mut progress = Progress::new("exploring every board");
    let explored = SmallSpace::explore(puzzle, with_taps, &mut |done, total| {
        progress.update(done, total)
    });
    progress.finish();
    explored
}

/// The answer for one board, with a progress bar on a terminal when the search over the null
/// space runs long (the bar exists only for searches that report progress).
pub fn solve_board(solver: &Solver, board: &Grid) -> Option<Solution> {
    let mut bar: Option<Progress> = None;
    let solution = solver.solve_with_progress(board, &mut |done, total| {
        bar.get_or_insert_with(|| Progress::new("searching the null space"))
            .update(done, total)
    });
    if let Some(bar) = bar {
        bar.finish();
    }
    solution
}

/// The solver for the boards of `input`: [`solver`], with its `--search-time`.
pub fn board_solver(input: &BoardInput) -> Option<Solver> {
    let mut solver = puzzle(&input.puzzle).and_then(solver)?;
    solver.set_search_time(input.search_time.map(std::time::Duration::from_secs_f64));
    Some(solver)
}

/// The solver for a puzzle, or the usage error when it is too large to solve.
pub fn solver(puzzle: Puzzle) -> Option<Solver> {
    let mut bar: Option<Progress> = None;
    let solver = Solver::with_progress(puzzle, &mut |done, total| {
        bar.get_or_insert_with(|| Progress::percent("chasing the rows"))
            .update(done, total)
    });
    if let Some(bar) = bar {
        bar.finish();
    }
    solver
        .map_err(|too_large| report(&too_large.to_string()))
        .ok()
}

/// The core's notation for a `--cells` value.
pub fn cells(arg: CellsArg) -> Cells {
    match arg {
        CellsArg::Bw => Cells::Letters,
        CellsArg::Digits => Cells::Digits,
        CellsArg::Dots => Cells::Dots,
    }
}

/// The goal `--goal` names.
pub fn goal(arg: GoalArg) -> Goal {
    match arg {
        GoalArg::Either => Goal::Either,
        GoalArg::White => Goal::White,
        GoalArg::Black => Goal::Black,
    }
}

/// FILE:LINE of a board's first row, as shown in JSON `source` fields.
#[derive(Clone, Copy)]
pub struct Place<'a> {
    /// The input the board came from.
    pub source: &'a Source,
    /// The line of its first row.
    pub line: u64,
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// The JSON writer a record format asks for: none for text, one array for json, lines for jsonl.
pub fn json_stream(format: RecordFormat) -> Option<JsonStream> {
    match format {
        RecordFormat::Text => None,
        RecordFormat::Json => Some(JsonStream::new(true)),
        RecordFormat::Jsonl => Some(JsonStream::new(false)),
    }
}

/// A command that answers board by board (`solve`, `explain`).
pub trait BoardCommand {
    /// Writes the answer for one well-formed board: as text, or through `json` when set.
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &Grid,
    ) -> io::Result<()>;
}

/// Feeds every board of `input` to `command`, reporting malformed boards on stderr (and as error
/// objects in JSON, in their place); returns the run's status.
pub fn run_boards<C: BoardCommand, W: Write>(
    input: &BoardInput,
    shape: Shape,
    format: RecordFormat,
    out: &mut W,
    command: &mut C,
) -> io::Result<Status> {
    let json = json_stream(format);
    let mut sink = BoardSink {
        command,
        out,
        json,
        index: 0,
        malformed: false,
    };
    let status = read_all(
        &source::sources(input),
        shape,
        cells(input.cells),
        &mut sink,
    )?;
    if let Some(json) = &mut sink.json {
        json.finish(sink.out)?;
    }
    let input_status = if sink.malformed {
        Status::BadInput
    } else {
        Status::Success
    };
    Ok(status.max(input_status))
}

struct BoardSink<'a, C, W> {
    command: &'a mut C,
    out: &'a mut W,
    json: Option<JsonStream>,
    index: u64,
    malformed: bool,
}

impl<C: BoardCommand, W: Write> RecordSink for BoardSink<'_, C, W> {
    #[inline(always)]
    fn record(&mut self, source: &Source, record: Record) -> io::Result<()> {
        self.index += 1;
        // Matched in place: moving the record out would copy the board for every answer.
        match &record {
            Record::Board { board, line } => {
                let place = Place {
                    source,
                    line: *line,
                };
                self.command
                    .answer(self.out, self.json.as_mut(), self.index, place, board)
            }
            Record::Malformed(error) => self.malformed(source, error),
        }
    }

    fn before_wait(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<C, W: Write> BoardSink<'_, C, W> {
    fn malformed(&mut self, source: &Source, error: &InputError) -> io::Result<()> {
        self.malformed = true;
        let message = format!("{source}:{error}");
        report(&message);
        if let Some(json) = &mut self.json {
            let place = Place {
                source,
                line: error.board_line,
            };
            json.write(
                self.out,
                &MalformedJson {
                    index: self.index,
                    source: place,
                    error: message,
                },
            )?;
        }
        Ok(())
    }
}

/// One malformed board in JSON, in its place among the others.
#[derive(Serialize)]
struct MalformedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    error: String,
}

/// For a FILE that does not exist but reads as a board of the shape (a board typed where a file
/// goes), the flag that was meant.
fn board_hint(source: &Source, shape: Shape, error: &io::Error) -> String {
    let Source::File(path) = source else {
        return String::new();
    };
    let text = path.to_string_lossy();
    let is_board = flipgame::board::parse(&text, shape, Cells::Letters).is_ok();
    if error.kind() == io::ErrorKind::NotFound && is_board {
        format!(": did you mean --board {text}?")
    } else {
        String::new()
    }
}

/// Streams every source into `sink`, reporting unreadable inputs and going on with the next.
/// Returns the worst input status; an output error ends the run.
pub fn read_all(
    sources: &[Source],
    shape: Shape,
    cells: Cells,
    sink: &mut impl RecordSink,
) -> io::Result<Status> {
    if source::waits_on_terminal(sources) {
        let hint = format!(
            "flipgame: reading boards from standard input ({} lines of {} b/w pieces per \
             board); end with Ctrl-D\n",
            shape.rows(),
            shape.cols()
        );
        let _ = io::stderr().lock().write_all(hint.as_bytes());
    }
    let mut status = Status::Success;
    for source in sources {
        match source::stream(source, shape, cells, sink) {
            Ok(()) => {}
            Err(StreamError::Input(error)) => {
                report(&format!(
                    "{source}: {error}{}",
                    board_hint(source, shape, &error)
                ));
                status = status.max(Status::IoError);
            }
            Err(StreamError::Output(error)) => return Err(error),
        }
    }
    Ok(status)
}
