//! The command line: every subcommand and flag, and nothing else.
//!
//! This module depends only on clap (and std) so that the completion and man page generator can
//! include it as it is and describe exactly the interface the binary parses.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exit status, shown at the end of every `--help` (a macro so `concat!` can add examples).
macro_rules! exit_status {
    () => {
        "Exit status:
  0  every board was answered ('Impossible' is an answer)
  1  an I/O error: a file that cannot be read, or output that cannot be written
  2  a usage error or a malformed board (the other boards are still answered)
  When both 1 and 2 apply, the status is 1."
    };
}

/// Solve, explain and explore the Flip Game (POJ 1753).
#[derive(Parser, Debug)]
#[command(
    name = "flipgame",
    version,
    about = "Solve, explain and explore the Flip Game (POJ 1753)",
    long_about = "Solve, explain and explore the Flip Game (POJ 1753).\n\n\
        A 4x4 board of two-sided pieces, black or white side up. A tap flips a piece and its \
        neighbours above, below, left and right. flipgame finds the fewest taps that make the \
        board all white or all black, or says it is impossible.",
    after_long_help = exit_status!(),
    propagate_version = true
)]
pub struct Cli {
    /// When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE
    /// forces it on); always and never win over the environment
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// `--color`: when to colour the output.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is not set
    Auto,
    /// Always colour
    Always,
    /// Never colour
    Never,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the fewest taps for each board, exactly as the POJ 1753 judge expects
    #[command(
        long_about = "Print the fewest taps for each board, exactly as the POJ 1753 judge \
            expects: one line per board with the number of taps, or 'Impossible'.\n\n\
            Boards are read from the FILEs in order, or from standard input. A board is 4 lines \
            of 4 letters, b (black) or w (white), in either case; boards follow each other \
            directly or with blank lines between them. A malformed board is reported on stderr \
            as FILE:LINE:COL and the boards around it are still answered.",
        after_long_help = SOLVE_EXAMPLES
    )]
    Solve(SolveArgs),

    /// Walk through the fewest taps board by board, or prove a board impossible
    #[command(
        long_about = "Walk through the fewest taps board by board: the start board, then the \
            board after each tap with the tapped piece and the pieces it turned over marked. The \
            taps are the ones 'solve --taps' reports. For an impossible board, a proof: a set of \
            cells that every tap meets in an even number of cells, holding an odd number of \
            black pieces.\n\n\
            Boards are read as by 'solve'. The drawings fit the terminal width (COLUMNS when \
            set).",
        after_long_help = EXPLAIN_EXAMPLES
    )]
    Explain(ExplainArgs),

    /// Print all 65,536 boards with their fewest taps
    #[command(
        long_about = "Print all 65,536 boards in id order (0000 to ffff) with their fewest taps, \
            as text, CSV, JSON, JSON Lines, or the raw table of 65,536 bytes.",
        after_long_help = TABLE_EXAMPLES
    )]
    Table(TableArgs),

    /// Print the facts of the whole game: histogram, God's number, quiet patterns
    #[command(
        long_about = "Print the facts of the whole game, computed at run time: how many boards \
            are solvable, the histogram of fewest taps, the largest (God's number) with an \
            example, the mean, the rank and nullity of the tap matrix over GF(2), the quiet \
            patterns, and how many optimal tap sets the hardest boards have.",
        after_long_help = STATS_EXAMPLES
    )]
    Stats(StatsArgs),

    /// Generate random boards: puzzles for people, test data for judges
    #[command(
        long_about = "Generate random boards in the POJ input form, drawn uniformly among the \
            boards that need exactly --moves taps, the impossible ones (--impossible), or all \
            65,536. The same --seed gives the same boards on every machine and in every version.",
        after_long_help = GEN_EXAMPLES
    )]
    Gen(GenArgs),
}

const TABLE_EXAMPLES: &str = concat!(
    "Examples:
  flipgame table --solvable --taps
  flipgame table --format csv --output table.csv
  flipgame table --format binary --goal white > white.bin

",
    exit_status!()
);

const STATS_EXAMPLES: &str = concat!(
    "Examples:
  flipgame stats
  flipgame stats --goal white
  flipgame stats --format json

",
    exit_status!()
);

const GEN_EXAMPLES: &str = concat!(
    "Examples:
  flipgame gen --moves 6 --seed 1
  flipgame gen --count 100 --seed 7 | flipgame solve
  flipgame gen --impossible --count 3 --format jsonl

",
    exit_status!()
);

const EXPLAIN_EXAMPLES: &str = concat!(
    "Examples:
  flipgame explain --board bwwb/bbwb/bwwb/bwww
  flipgame explain --board bwbw/wwww/bbwb/bwwb --ascii
  flipgame explain --format json --board 0x9d98

",
    exit_status!()
);

const SOLVE_EXAMPLES: &str = concat!(
    "Examples:
  flipgame solve --board bwwb/bbwb/bwwb/bwww --taps
  printf 'bwwb\\nbbwb\\nbwwb\\nbwww\\n' | flipgame solve
  flipgame solve --format jsonl --board 0x9d98 --board bwbw/wwww/bbwb/bwwb

",
    exit_status!()
);

/// Where boards come from and which finished boards count: shared by every subcommand that reads
/// boards.
#[derive(Args, Debug, Clone)]
pub struct BoardInput {
    /// Files of boards, read in order; '-' or none means standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id
    /// such as 0x9d98 (repeatable; read before any FILE)
    #[arg(long = "board", value_name = "TEXT")]
    pub boards: Vec<String>,

    /// Which finished boards count
    #[arg(long, value_enum, default_value_t = GoalArg::Either)]
    pub goal: GoalArg,
}

/// `--goal`: which finished boards count.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalArg {
    /// All white or all black, whichever takes fewer taps
    Either,
    /// Only all white
    White,
    /// Only all black
    Black,
}

/// `solve`: the judge's answer for each board.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Boards to read, and the goal
    #[command(flatten)]
    pub input: BoardInput,

    /// Append the taps after the count, such as '4 r1c1 r2c2 r2c4 r3c1' (text format)
    #[arg(long)]
    pub taps: bool,

    /// Output format
    #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
    pub format: RecordFormat,
}

/// `--format` of the commands that answer board by board.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Lines for people and judges
    Text,
    /// One JSON array of objects
    Json,
    /// One JSON object per line, written as soon as each board is done
    Jsonl,
}

/// `explain`: a walkthrough of each board, or a proof that it is impossible.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Boards to read, and the goal
    #[command(flatten)]
    pub input: BoardInput,

    /// Draw pieces as the letters b and w, with ASCII marks only
    #[arg(long)]
    pub ascii: bool,

    /// Output format
    #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
    pub format: RecordFormat,
}

/// `table`: every board with its fewest taps.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,

    /// Keep only the boards that can be finished
    #[arg(long)]
    pub solvable: bool,

    /// Add the least optimal tap set of each board
    #[arg(long)]
    pub taps: bool,

    /// Which finished boards count
    #[arg(long, value_enum, default_value_t = GoalArg::Either)]
    pub goal: GoalArg,

    /// Write to FILE (atomically: a whole table or none) instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// `--format` of `table`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// One line per board: id, board, fewest taps or Impossible
    Text,
    /// Comma-separated values with a header: id,board,moves
    Csv,
    /// One JSON array of objects
    Json,
    /// One JSON object per line
    Jsonl,
    /// Exactly 65,536 bytes: byte i is the fewest taps of board i, 255 when impossible
    Binary,
}

/// `stats`: the facts of the whole state space.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Which finished boards count
    #[arg(long, value_enum, default_value_t = GoalArg::Either)]
    pub goal: GoalArg,

    /// Output format
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    /// Draw with ASCII only
    #[arg(long)]
    pub ascii: bool,
}

/// `--format` of the commands that print one report.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// For people
    Text,
    /// One JSON object
    Json,
}

/// `gen`: random boards.
#[derive(Args, Debug)]
pub struct GenArgs {
    /// Only boards whose fewest taps is exactly K
    #[arg(long, value_name = "K", conflicts_with = "impossible")]
    pub moves: Option<u8>,

    /// Only boards that can never be finished
    #[arg(long)]
    pub impossible: bool,

    /// How many boards
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Seed of the generator: the same seed gives the same boards everywhere (default: a fresh
    /// random seed)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Which finished boards count
    #[arg(long, value_enum, default_value_t = GoalArg::Either)]
    pub goal: GoalArg,

    /// Output format: text is the POJ input form
    #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
    pub format: RecordFormat,
}
