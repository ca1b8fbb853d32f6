//! The command line: every subcommand and flag, their examples and exit statuses, and nothing
//! else.
//!
//! This module depends only on clap, std and the library's names (the judges, a shard) so that
//! the man page generator (`tests/cli/generated.rs`) can include it as it is and describe
//! exactly the interface the binary parses.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use flipgame::notation::{Cells, MOST_STATES, state_of_digit};
use flipgame::settings::Setting;

/// A worked example, shown at the end of `--help` and in the man page's EXAMPLES section.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// What the example shows.
    pub description: &'static str,
    /// The command line, as typed in a POSIX shell.
    pub command: &'static str,
}

/// The exit status of an input or output that failed.
pub const EXIT_IO_ERROR: u8 = 1;

/// The exit status of a usage error or a malformed board.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The exit status of `check` rejecting an answer.
pub const EXIT_REJECTED: u8 = 3;

/// The exit status of `solve --merge` lacking some shard's records.
pub const EXIT_SHARDS_MISSING: u8 = 4;

/// The exit statuses every subcommand shares, with what each means: the one place they are
/// worded (the help, the man pages and the README's table say these words; a test keeps the
/// README's).
pub const EXIT_STATUS: &[(u8, &str)] = &[
    (0, "every board was answered ('Impossible' is an answer)"),
    (
        EXIT_IO_ERROR,
        "an I/O error: a file that cannot be read (missing, a directory), or output that cannot \
         be written",
    ),
    (
        EXIT_BAD_INPUT,
        "a usage error or bad content: a malformed board, a file with no board, a file that is \
         not UTF-8 text (the other boards are still answered)",
    ),
    (
        EXIT_REJECTED,
        "check only: some answer was rejected (and nothing worse happened)",
    ),
    (
        EXIT_SHARDS_MISSING,
        "solve --merge only: some boards lack a shard's records (the last line on stderr is \
         'shards to run again: K/N ...')",
    ),
];

/// What the table of exit statuses leaves out.
pub const EXIT_STATUS_NOTE: &str = "When several apply, the status is the first of 1, 2, 3, 4. A closed output pipe ends the program quietly with 0.";

const TOP_EXAMPLES: &[Example] = &[
    Example {
        description: "The statement's example, with the taps",
        command: "flipgame solve --board bwwb/bbwb/bwwb/bwww --taps",
    },
    Example {
        description: "Test data for a judge, with the expected answers",
        command: "flipgame gen --count 10 --seed 1 > boards.txt && flipgame solve boards.txt",
    },
    Example {
        description: "POJ 2965's sample: switches that toggle their whole row and column",
        command: "flipgame solve --rule lines --goal white --taps --board wbww/wwww/wwww/wbww",
    },
];

const SOLVE_EXAMPLES: &[Example] = &[
    Example {
        description: "One board given on the command line, with its taps",
        command: "flipgame solve --board bwwb/bbwb/bwwb/bwww --taps",
    },
    Example {
        description: "POJ 3279's sample, read and answered in the judge's own format",
        command: "printf '4 4\\n1 0 0 1\\n0 1 1 0\\n0 1 1 0\\n1 0 0 1\\n' | flipgame solve --judge poj3279",
    },
    Example {
        description: "JSON Lines for two boards, one given by its id",
        command: "flipgame solve --format jsonl --board 0x9d98 --board bwbw/wwww/bbwb/bwwb",
    },
];

const EXPLAIN_EXAMPLES: &[Example] = &[
    Example {
        description: "A walkthrough of the statement's example",
        command: "flipgame explain --board bwwb/bbwb/bwwb/bwww",
    },
    Example {
        description: "The walkthrough as a web page, to step through in a browser",
        command: "flipgame explain --board bwwb/bbwb/bwwb/bwww --format html >walkthrough.html",
    },
    Example {
        description: "Which cells to tap on a random 9x9 board, as one SVG picture",
        command: "flipgame gen --size 9x9 --count 1 | flipgame explain --size 9x9 --map --format svg >map.svg",
    },
];

const TABLE_EXAMPLES: &[Example] = &[
    Example {
        description: "Every solvable board with its taps",
        command: "flipgame table --solvable --taps",
    },
    Example {
        description: "The table as CSV, written atomically to a file",
        command: "flipgame table --format csv --output table.csv",
    },
    Example {
        description: "The raw 65,536-byte table for the all-white goal",
        command: "flipgame table --format binary --goal white > white.bin",
    },
];

const STATS_EXAMPLES: &[Example] = &[
    Example {
        description: "The facts of the game",
        command: "flipgame stats",
    },
    Example {
        description: "The same on a 3x3 torus where a tap turns over all 8 neighbours",
        command: "flipgame stats --size 3x3 --rule box --wrap",
    },
    Example {
        description: "The histogram as a bar chart and the quiet patterns drawn, in SVG",
        command: "flipgame stats --format svg > stats.svg",
    },
];

const GRAPH_EXAMPLES: &[Example] = &[
    Example {
        description: "The 16 boards of 2x2 and their taps, for Graphviz",
        command: "flipgame graph --size 2x2",
    },
    Example {
        description: "The 512 boards of 3x3 drawn by flipgame, with one board's shortest path",
        command: "flipgame graph --format svg --board bwb/wbw/bwb --output graph.svg",
    },
];

const GEN_EXAMPLES: &[Example] = &[
    Example {
        description: "A puzzle that needs 6 taps, the same one every time",
        command: "flipgame gen --moves 6 --seed 1",
    },
    Example {
        description: "Three impossible boards as JSON Lines",
        command: "flipgame gen --impossible --count 3 --format jsonl",
    },
    Example {
        description: "A stress test for POJ 1222: 20 inputs and their expected outputs",
        command: "flipgame gen --judge poj1222 --count 20 --seed 1 --output-dir tests/",
    },
];

const CHECK_EXAMPLES: &[Example] = &[
    Example {
        description: "Judge an answer ('1') to a POJ 1681 input, reading the answer from stdin",
        command: "printf '1\\n2\\nww\\nwy\\n' > in.txt; echo 1 | flipgame check --judge poj1681 in.txt -",
    },
    Example {
        description: "Is this tap list a solution, a fewest one, the least one?",
        command: "flipgame check --board bwwb/bbwb/bwwb/bwww --taps 'r3c1 r2c4 r2c2 r1c1'",
    },
];

const PLAY_EXAMPLES: &[Example] = &[
    Example {
        description: "A puzzle that needs exactly 5 taps, the same one every time",
        command: "flipgame play --moves 5 --seed 1",
    },
    Example {
        description: "Ten 5x5 puzzles where a tap turns over the diagonals, as one web page",
        command: "flipgame play --size 5x5 --rule x --count 10 --seed 7 --format html >puzzles.html",
    },
    Example {
        description: "Scripted: a tap, then a hint, as JSON Lines",
        command: "printf 'r1c1\\nhint\\n' | flipgame play --board bwwb/bbwb/bwwb/bwww --format jsonl",
    },
];

const COMPLETIONS_EXAMPLES: &[Example] = &[
    Example {
        description: "Bash completion for this session",
        command: "eval \"$(flipgame completions bash)\"",
    },
    Example {
        description: "Zsh completion, installed where zsh looks for it",
        command: "mkdir -p ~/.zfunc && flipgame completions zsh > ~/.zfunc/_flipgame",
    },
];

/// The examples of a subcommand (`""` for `flipgame` itself), in the order shown.
pub fn examples(subcommand: &str) -> &'static [Example] {
    match subcommand {
        "solve" => SOLVE_EXAMPLES,
        "explain" => EXPLAIN_EXAMPLES,
        "table" => TABLE_EXAMPLES,
        "stats" => STATS_EXAMPLES,
        "gen" => GEN_EXAMPLES,
        "check" => CHECK_EXAMPLES,
        "play" => PLAY_EXAMPLES,
        "graph" => GRAPH_EXAMPLES,
        "completions" => COMPLETIONS_EXAMPLES,
        _ => TOP_EXAMPLES,
    }
}

/// The end of `--help`: the examples, then the exit statuses.
fn long_help_footer(subcommand: &str) -> String {
    let mut text = String::from("Examples:\n");
    for example in examples(subcommand) {
        text.push_str(&format!(
            "  # {}\n  {}\n\n",
            example.description, example.command
        ));
    }
    text.push_str("Exit status:\n");
    for (code, meaning) in EXIT_STATUS {
        text.push_str(&format!("  {code}  {meaning}\n"));
    }
    text.push_str("  ");
    text.push_str(EXIT_STATUS_NOTE);
    text
}

/// The settings the library's words advise, as flags ([`flipgame::settings::Names`]).
pub fn setting_names(setting: Setting) -> String {
    match setting {
        Setting::Cells(Cells::Digits) => "--cells 01".to_string(),
        Setting::Cells(Cells::Dots) => "--cells .#".to_string(),
        Setting::Cells(Cells::Letters) => "--cells bw".to_string(),
        Setting::Cells(Cells::States(states)) => format!("--states {states}"),
        Setting::States(states) => format!("--states {states}"),
        Setting::AnyStates => "--states".to_string(),
        Setting::Size(rows, cols) => format!("--size {rows}x{cols}"),
        Setting::MaxSteps(most) => format!("--max-steps {most}"),
        Setting::EveryStep => "--format json".to_string(),
        Setting::SearchTime => "--search-time".to_string(),
        Setting::RuleFile => "a --rule-file".to_string(),
        Setting::Judge(name) => format!("--judge {name}"),
        Setting::FewerSteps => "--max-steps".to_string(),
        Setting::Map => "--map".to_string(),
        Setting::Svg => "--format svg".to_string(),
        Setting::Terminal => "the terminal".to_string(),
        Setting::Wrap => "--wrap".to_string(),
        Setting::NoWrap => "no --wrap".to_string(),
        Setting::Moves(moves) => format!("--moves {moves}"),
        Setting::Impossible => "--impossible".to_string(),
    }
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
        board all white or all black, or says it is impossible. With --size RxC it does the \
        same for the Lights Out family on boards of any size (proven minimal whenever the null \
        space of the tap matrix has at most 2^42 elements, as on every square board up to 100x100 \
        but 79 and 95, or 2^32 on boards over 4,194,304 cells, and wherever the fewest taps are \
        few beside the cells; past that, a valid answer marked not proven, with a lower bound), \
        and with --rule, --wrap \
        or --rule-file for every other tap pattern: diagonals, 3x3 neighbourhoods, the sigma \
        game, whole rows and columns, any stencil, and any graph.",
    after_long_help = long_help_footer(""),
    propagate_version = true
)]
pub struct Cli {
    /// When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE
    /// forces it on); always and never win over the environment
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Threads a search may use [default: every CPU the process may run on, as its affinity
    /// and cgroup quota allow]. Answers are the same whatever N is
    #[arg(long, global = true, value_name = "N", allow_negative_numbers = true,
          value_parser = whole_number(1usize, Some(MOST_THREADS), "a number of threads"))]
    pub threads: Option<usize>,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The most threads `--threads` gives a search: far past any machine's cores, short of what a
/// process may start.
const MOST_THREADS: usize = 1024;

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
            of 4 letters (R lines of C with --size RxC), b (black) or w (white), in either case; \
            boards follow each other directly or with blank lines between them. A malformed \
            board is reported on stderr as FILE:LINE:COL and the boards around it are still \
            answered. A line that is no row at all (a count, a size, ---, a comment) is reported \
            and skipped on its own, so it never takes a board's place.",
        after_long_help = long_help_footer("solve")
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
            set). --map draws one board instead of a walkthrough: the start board with every \
            cell to tap marked. --trace first tells how a breadth-first search from the finished \
            boards finds the board, layer by layer (boards of at most 25 cells).\n\n\
            --format svg draws the same as one self-contained SVG document (one section per \
            board), or one file per board with --output-dir; pieces are discs, and every mark \
            has its own shape (tapped: square frame, turned over: ring, proof: diamond, tap \
            here: corner brackets), so a greyscale print keeps them apart.",
        after_long_help = long_help_footer("explain")
    )]
    Explain(ExplainArgs),

    /// Draw the state graph of a small board: boards as nodes, taps as edges
    #[command(
        long_about = "Draw the state graph of a small puzzle: every board is a node and every \
            tap an edge between the two boards it turns into each other (a tap undoes itself). \
            Boards are laid out in layers by their fewest taps, the finished boards first, as a \
            breadth-first search from them finds them; boards that can never be finished come \
            last. As Graphviz DOT (--format dot, each layer a rank) or as an SVG document laid \
            out by flipgame (--format svg, nothing to install). With --board, the shortest path \
            from that board (the least optimal tap set, tapped in row-major order) is \
            highlighted.\n\n\
            The size defaults to 3x3 here (512 boards); boards of more than --max-cells cells \
            (9 unless given, at most 16) are refused, as their graphs are too large to look at.",
        after_long_help = long_help_footer("graph")
    )]
    Graph(GraphArgs),

    /// Print every board (all 65,536 for 4x4) with its fewest taps
    #[command(
        long_about = "Print every board with its fewest taps: for 4x4 all 65,536 in id order \
            (0000 to ffff), for other sizes of at most 25 cells all 2^(R*C) in the same bit \
            order; as text, CSV, JSON, JSON Lines, or the raw table of one byte per board.\n\n\
            With --states K, every board of K states up to 2^26 boards (4x4 under K = 3), in the \
            order of their digits, with its fewest presses.",
        after_long_help = long_help_footer("table")
    )]
    Table(TableArgs),

    /// Print the facts of the whole game: histogram, God's number, quiet patterns
    #[command(
        long_about = "Print the facts of the whole game, computed at run time: how many boards \
            are solvable, the histogram of fewest taps, the largest (God's number) with an \
            example, the mean, the rank and nullity of the tap matrix over GF(2), the quiet \
            patterns, and how many optimal tap sets the hardest boards have.\n\n\
            Past 25 cells (2^25 boards) the fewest taps of every board are out of reach; the \
            counts, rank, nullity and quiet patterns (a basis of them past nullity 4) are still \
            reported, and the report says what is left out.\n\n\
            With --states K the same figures up to 2^26 boards, and at any size up to 4,096 \
            cells the count of boards that can be finished and the quiet press counts and \
            invariant weightings as groups over Z_K.",
        after_long_help = long_help_footer("stats")
    )]
    Stats(StatsArgs),

    /// Generate random boards: puzzles for people, test data for judges
    #[command(
        long_about = "Generate random boards in the POJ input form, drawn uniformly among the \
            boards that need exactly --moves taps, the impossible ones (--impossible), or all \
            65,536. The same --seed gives the same boards on every machine and in every version.",
        after_long_help = long_help_footer("gen")
    )]
    Gen(GenArgs),

    /// Judge answers: a contestant's output for a judge's input, or a tap list for a board
    #[command(
        long_about = "Judge answers. With --judge NAME INPUT OUTPUT: read INPUT in the judge's \
            format, solve every case, and judge OUTPUT case by case as the judge would: accepted, \
            or rejected with the reason and its OUTPUT:LINE:COL (not the fewest, taps that do not \
            finish the board, not the least of the fewest where the judge asks for it, a count \
            that disagrees with the taps listed, a format error). Tokens are compared as judges \
            compare them; an accepted case whose spacing differs from the judge's own output says \
            where, since a byte-for-byte judge would call it a presentation error.\n\n\
            With --board TEXT --taps LIST (and --size, --rule, --wrap, --goal as everywhere): \
            whether the taps finish the board, whether they are the fewest, and whether they are \
            the least of the fewest in row-major order; --tap-lists FILE does the same for a \
            board and its taps on each line.",
        after_long_help = long_help_footer("check")
    )]
    Check(CheckArgs),

    /// Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless
    #[command(
        long_about = "Play a puzzle in the terminal: a random one (exactly --moves taps from \
            finished, or any that can be finished), or a given one (--board, or the first board \
            of FILE). Move the cursor with the arrow keys, and tap with Space, Enter or a mouse \
            click; the status line shows the taps made and the exact fewest taps left. Keys: h \
            hint (one tap of an optimal solution from here; again for the next), s the whole \
            solution, p the proof when the board can never be finished, u or Ctrl-Z undo, r or \
            Ctrl-Y redo, Backspace restart, n a new puzzle, ? every key, q or Esc quit. The \
            letters j k l (vim) and w a d (WASD) move the cursor too, and so do H and S, whose \
            lower case is hint and solution.\n\n\
            When standard input or output is not a terminal, or with --lines, play reads one \
            command per line instead: r2c3 (tap), hint, solve, proof, undo, redo, restart, new, \
            help, quit; after each it writes the board and the status, as text or as one JSON \
            object (--format jsonl). A line that is no command is reported on stderr with its \
            line and column, and the game goes on.",
        after_long_help = long_help_footer("play")
    )]
    Play(PlayArgs),

    /// Print a shell completion script
    #[command(
        long_about = "Print the completion script for SHELL to standard output. The same scripts \
            are checked in under completions/.",
        after_long_help = long_help_footer("completions")
    )]
    Completions(CompletionsArgs),
}

/// `completions`: a shell's completion script.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: Shell,
}

/// The shells completions are made for.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shell {
    /// Bash
    Bash,
    /// Zsh
    Zsh,
    /// Fish
    Fish,
    /// Elvish
    Elvish,
    /// PowerShell
    Powershell,
}

/// Where boards come from, and the puzzle they belong to: shared by every subcommand that reads
/// boards.
#[derive(Args, Debug, Clone)]
pub struct BoardInput {
    /// Files of boards, read in order; '-' or none means standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id
    /// such as 0x9d98 or 9d98 (repeatable; read before any FILE)
    #[arg(long = "board", value_name = "TEXT")]
    pub boards: Vec<String>,

    /// How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between
    /// allowed) or .# (# or x black, . white); never guessed
    #[arg(long, value_enum, value_name = "CELLS", default_value_t = CellsArg::Bw)]
    pub cells: CellsArg,

    /// Stop a board's search over a large null space after SECONDS and answer with the best
    /// found, marked not proven, with a lower bound (by default every exact search runs to the
    /// end, which takes minutes on a board of nullity 40 or more, and past the exact limit the
    /// search for a good answer stops after a fixed effort, a few seconds at most)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub search_time: Option<f64>,

    /// The puzzle: size, rule, wrap and goal
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// `--cells`: how the cells of a board are written.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellsArg {
    /// b black, w white (either case)
    #[value(name = "bw")]
    Bw,
    /// 1 black, 0 white, with or without spaces between
    #[value(name = "01")]
    Digits,
    /// # (or x) black, . white
    #[value(name = ".#")]
    Dots,
}

/// What a board means: its size, the tap rule, whether edges wrap, and which finished boards
/// count. Shared by every subcommand.
#[derive(Args, Debug, Clone)]
pub struct PuzzleArgs {
    /// Which finished boards count: either (the default), white or black; with --states 3 or
    /// more, a colour number or its digit as boards write it (a for 10; every piece that colour;
    /// 0 is the default) or any (every piece one colour, whichever takes the fewest presses)
    #[arg(long, value_name = "GOAL", value_parser = GoalParser)]
    pub goal: Option<GoalArg>,

    /// How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule's weight (1, or a stencil's digit, as in 010/121/010)
    /// to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z
    #[arg(long, value_name = "K", default_value_t = 2, allow_negative_numbers = true,
          value_parser = whole_number(2u32, Some(MOST_STATES), "a number of states"))]
    pub states: u32,

    /// Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for
    /// graph; with --rule-file, the file's size)
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Size>,

    /// What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and
    /// its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal
    /// neighbours only), lines (the piece's whole row and column), or a stencil of 0/1 rows
    /// joined by '/', odd sized and centred on the piece, such as 010/111/010 (with --states,
    /// digits up to 9 are weights: 010/121/010 adds 2 to the piece)
    #[arg(long, value_name = "RULE", default_value = "plus")]
    pub rule: String,

    /// Neighbours wrap around the edges (the board is a torus)
    #[arg(long)]
    pub wrap: bool,

    /// A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there
    /// turns over (any graph; see GUIDE.md)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rule", "wrap"])]
    pub rule_file: Option<PathBuf>,
}

/// `--size`: rows and columns of the boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Rows, from 1.
    pub rows: u32,
    /// Columns, from 1.
    pub cols: u32,
}

/// Reads a positive number of seconds.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds < 1e9 => Ok(seconds),
        _ => Err(format!(
            "expected a number of seconds above 0, such as 5 or 0.5, found '{text}'"
        )),
    }
}

/// A clap parser of a whole number from `least` to `most` (or up, without `most`), whose
/// error says what the number counts and where it may go: clap's own says "invalid digit found
/// in string" or "37 is not in 2..=36".
fn whole_number<T>(
    least: T,
    most: Option<T>,
    what: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display + Send + Sync + 'static,
{
    move |text: &str| {
        text.parse::<T>()
            .ok()
            .filter(|n| *n >= least && most.is_none_or(|most| *n <= most))
            .ok_or_else(|| match most {
                Some(most) => format!("expected {what} from {least} to {most}, found '{text}'"),
                None => format!("expected {what} of {least} or more, found '{text}'"),
            })
    }
}

/// Reads `RxC` (such as `5x5`); the library checks the limits.
fn parse_size(text: &str) -> Result<Size, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected ROWSxCOLS such as 5x5, found '{text}'"))?;
    let most = flipgame::grid::MAX_SIDE;
    let side = |part: &str| {
        part.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
            format!("expected a number of rows or columns from 1 to {most}, found '{part}'")
        })
    };
    Ok(Size {
        rows: side(rows)?,
        cols: side(cols)?,
    })
}

/// `--goal`: which finished boards count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalArg {
    /// All white or all black, whichever takes fewer taps
    Either,
    /// Only all white
    White,
    /// Only all black
    Black,
    /// With more than two states: every piece one colour, whichever takes the fewest presses
    Any,
    /// With more than two states: every piece this colour
    Color(u32),
    /// With more than two states: every piece the colour a board writes as this letter (`a`
    /// is 10); the number is kept as given, for messages
    Digit(u8),
}

/// The colour a one-character `--goal` names as board text writes it (`a` is 10), if it is
/// one (a digit is read as a number first).
fn digit_letter(text: &str) -> Option<u8> {
    match text.as_bytes() {
        &[digit] => state_of_digit(digit),
        _ => None,
    }
}

/// Reads `--goal`: a name, or a colour number; completions offer the names.
#[derive(Clone, Copy, Debug)]
struct GoalParser;

impl clap::builder::TypedValueParser for GoalParser {
    type Value = GoalArg;

    fn parse_ref(
        &self,
        command: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<GoalArg, clap::Error> {
        let text = value.to_string_lossy();
        let goal = match text.as_ref() {
            "either" => GoalArg::Either,
            "white" => GoalArg::White,
            "black" => GoalArg::Black,
            "any" => GoalArg::Any,
            // A colour as a number, or as the one digit a board writes it (`a` for 10).
            number => match (number.parse::<u32>(), digit_letter(number)) {
                (Ok(color), _) if number.bytes().all(|b| b.is_ascii_digit()) => {
                    GoalArg::Color(color)
                }
                (_, Some(color)) => GoalArg::Digit(color),
                _ => {
                    let message = format!(
                        "invalid value '{text}' for '--goal <GOAL>': expected either, white, \
                         black, any, or a colour: a number such as 0, or a board's digit such \
                         as a (10)\n"
                    );
                    return Err(
                        clap::Error::raw(clap::error::ErrorKind::InvalidValue, message)
                            .with_cmd(command),
                    );
                }
            },
        };
        Ok(goal)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use clap::builder::PossibleValue;
        Some(Box::new(
            [
                PossibleValue::new("either")
                    .help("All white or all black, whichever takes fewer taps"),
                PossibleValue::new("white").help("Only all white"),
                PossibleValue::new("black").help("Only all black"),
                PossibleValue::new("any").help(
                    "With --states 3 or more: every piece one colour, whichever takes the fewest \
                     presses",
                ),
            ]
            .into_iter(),
        ))
    }
}

/// `solve`: the judge's answer for each board.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Boards to read, and the goal
    #[command(flatten)]
    pub input: BoardInput,

    /// Read the FILEs in this judge's input format and print exactly its expected output (the
    /// judge fixes size, rule and goal)
    #[arg(
        long,
        value_name = "NAME",
        value_parser = clap::builder::PossibleValuesParser::new(flipgame::judge::names()),
        conflicts_with_all = ["boards", "size", "rule", "wrap", "rule_file", "taps", "format", "goal", "states"]
    )]
    pub judge: Option<String>,

    /// Append the taps after the count, and with --goal either the colour they reach, such as
    /// '4 r1c1 r2c2 r2c4 r3c1 (all white)' (text format)
    #[arg(long)]
    pub taps: bool,

    /// Output format
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,

    /// Search only shard K of N of each board's exact search, and write what it found as JSON
    /// lines for --merge; run all N anywhere (a job array, GNU parallel) with the same boards
    /// and options. Null spaces past 42 quiet tap sets, up to 64, are searched in full
    #[arg(
        long,
        value_name = "K/N",
        value_parser = parse_shard,
        conflicts_with_all = ["judge", "format", "taps", "merge"]
    )]
    pub shard: Option<flipgame::solve::Shard>,

    /// Answer each board from the parts its N shards found (the JSON lines of --shard, in any
    /// order: one --merge for each file, or a folder for every *.jsonl file in it), exactly as
    /// one run would; the boards and options must be the shards'. A board some shard has no
    /// record of is an error, and the shards to run again are named last (exit status 4)
    #[arg(long, value_name = "PATH", conflicts_with = "judge")]
    pub merge: Vec<PathBuf>,

    /// Write to FILE instead of standard output, atomically: the file appears only once every
    /// board is answered (a shard's records, whole or not at all)
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Reads `K/N`, shard K of N.
fn parse_shard(text: &str) -> Result<flipgame::solve::Shard, String> {
    text.parse()
        .map_err(|error: flipgame::solve::ShardError| error.to_string())
}

/// `--format` of `solve`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveFormat {
    /// Lines for people and judges
    Text,
    /// One JSON array of objects
    Json,
    /// One JSON object per line, written as soon as each board is done
    Jsonl,
    /// The least fewest taps as rows of 0/1 separated by spaces (the press matrix most judges
    /// print), a blank line between boards; 'Impossible' for a board that cannot be finished
    Matrix,
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

    /// List the taps without drawing any board
    #[arg(long, conflicts_with = "map")]
    pub no_boards: bool,

    /// Draw the answer as one board: the start board with every cell to tap marked
    #[arg(long)]
    pub map: bool,

    /// First tell how a breadth-first search finds the board, layer by layer (at most 25
    /// cells)
    #[arg(long)]
    pub trace: bool,

    /// Draw at most N boards after taps; the rest are listed (JSON always has every step)
    #[arg(long, value_name = "N", default_value_t = flipgame::figure::explain::DRAWN_STEPS, allow_negative_numbers = true,
          value_parser = whole_number(0usize, None, "a number of boards"))]
    pub max_steps: usize,

    /// With --format svg: write one SVG file per board into DIR (created if missing), named
    /// by the board's place in the input and, for 4x4, its id: 0001-9d98.svg
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,

    /// Output format
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,
}

/// `explain --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplainFormat {
    /// Boards drawn as text for a terminal
    Text,
    /// One JSON array of objects
    Json,
    /// One JSON object per line, written as soon as each board is done
    Jsonl,
    /// A self-contained SVG picture
    Svg,
    /// A self-contained web page stepping through each walkthrough
    Html,
}

/// `graph`: the state graph of a small puzzle.
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
    pub format: GraphFormat,

    /// Highlight the shortest path from this board to a finished one
    #[arg(long, value_name = "TEXT")]
    pub board: Option<String>,

    /// How the cells of --board are written
    #[arg(long, value_enum, value_name = "CELLS", default_value_t = CellsArg::Bw)]
    pub cells: CellsArg,

    /// The most cells a board may have (2^cells nodes); at most 16
    #[arg(long, value_name = "N", default_value_t = 9, allow_negative_numbers = true,
          value_parser = whole_number(1u64, Some(16), "a number of cells"))]
    pub max_cells: u64,

    /// Write to FILE (atomically) instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The puzzle (the size defaults to 3x3 here)
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// `graph --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz DOT: render with dot -Tsvg, or read with any DOT library
    Dot,
    /// An SVG picture laid out by flipgame
    Svg,
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

    /// Write to FILE (atomically: a whole table or none) instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The puzzle (at most 25 cells: 2^25 boards)
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
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
    /// One byte per board, 2^(R*C) in all (65,536 for 4x4): byte i is the fewest taps of the
    /// board with bits i, 255 when impossible
    Binary,
}

/// `stats`: the facts of the whole state space.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The puzzle (the histogram and hardest boards need at most 25 cells: 2^25 boards; with
    /// --states K, at most 2^26 boards)
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Output format
    #[arg(long, value_enum, default_value_t = StatsFormat::Text)]
    pub format: StatsFormat,

    /// Draw with ASCII only
    #[arg(long)]
    pub ascii: bool,
}

/// `stats --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsFormat {
    /// For people
    Text,
    /// One JSON object
    Json,
    /// A self-contained SVG picture: the histogram as a bar chart, the quiet patterns drawn
    Svg,
}

/// `check`: judge a contestant's output, or one tap list.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The judge whose input and output to read (then INPUT and OUTPUT are required)
    #[arg(
        long,
        value_name = "NAME",
        value_parser = clap::builder::PossibleValuesParser::new(flipgame::judge::names()),
        requires = "output",
        conflicts_with_all = ["board", "taps", "size", "rule", "wrap", "rule_file", "goal", "states"]
    )]
    pub judge: Option<String>,

    /// With --judge: the judge's input file ('-' for standard input, or OUTPUT, not both)
    #[arg(value_name = "INPUT", requires_all = ["judge", "output"])]
    pub input: Option<PathBuf>,

    /// With --judge: the contestant's output file
    #[arg(value_name = "OUTPUT", requires = "input")]
    pub output: Option<PathBuf>,

    /// A board to check taps on, in the forms solve takes
    #[arg(long, value_name = "TEXT", requires = "taps", conflicts_with = "judge")]
    pub board: Option<String>,

    /// The taps to check, such as 'r1c1 r2c3' (spaces or commas between)
    #[arg(long, value_name = "LIST", requires = "board")]
    pub taps: Option<String>,

    /// Check many: a file of lines 'BOARD TAPS...', such as 'bwwb/bbwb/bwwb/bwww r1c1 r2c2'
    /// ('-' for standard input; blank lines and lines starting with '#' are skipped)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["judge", "board", "taps"])]
    pub tap_lists: Option<PathBuf>,

    /// Output format
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,

    /// The puzzle of --board
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// `--format` of `check`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFormat {
    /// A line per case and a summary
    Text,
    /// One JSON object per case (or per tap list)
    Jsonl,
}

/// `play`: the game in the terminal, or driven one command per line.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Play the first board of FILE (standard input is kept for commands)
    #[arg(value_name = "FILE", conflicts_with_all = ["board", "moves"])]
    pub file: Option<PathBuf>,

    /// Play this board: bwwb/bbwb/bwwb/bwww, the letters in a row, or a 4x4 id such as 9d98
    #[arg(long, value_name = "TEXT", conflicts_with = "moves")]
    pub board: Option<String>,

    /// How cells are written in --board and FILE: bw, 01 or .#
    #[arg(long, value_enum, value_name = "CELLS", default_value_t = CellsArg::Bw)]
    pub cells: CellsArg,

    /// Deal puzzles that need exactly K taps (as gen --moves); without it, any board that can be
    /// finished
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = whole_number(0u8, Some(u8::MAX), "a number of taps"))]
    pub moves: Option<u8>,

    /// Seed of the puzzles dealt: the same seed deals the same puzzles (default: a fresh seed)
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = whole_number(0u64, None, "a seed"))]
    pub seed: Option<u64>,

    /// Read one command per line even on a terminal (for scripts and screen readers)
    #[arg(long)]
    pub lines: bool,

    /// What the line mode writes after each command (jsonl implies --lines); html writes the
    /// game as one self-contained web page instead
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    pub format: PlayFormat,

    /// With --format html: deal this many puzzles into the page, numbered (the same --seed deals
    /// the same set)
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = whole_number(1u32, Some(MOST_PAGE_PUZZLES), "a number of puzzles"))]
    pub count: Option<u32>,

    /// Draw pieces as the letters b and w, with ASCII marks only
    #[arg(long)]
    pub ascii: bool,

    /// The puzzle
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// `play --format`: what the line mode writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayFormat {
    /// The board's rows and a status sentence
    Text,
    /// One JSON object per command
    Jsonl,
    /// The game as a self-contained web page, written to standard output
    Html,
}

/// The most puzzles `play --format html --count` deals into one page.
pub const MOST_PAGE_PUZZLES: u32 = 1000;

/// `gen`: random boards.
#[derive(Args, Debug)]
pub struct GenArgs {
    /// Only boards whose fewest taps is exactly K (uniformly up to 25 cells, or 2^26 boards with
    /// --states; past that, K random taps kept when the minimum is proven to be K, so only K
    /// small for the board is reachable)
    #[arg(long, value_name = "K", conflicts_with = "impossible", allow_negative_numbers = true,
          value_parser = whole_number(0u8, Some(u8::MAX), "a number of taps"))]
    pub moves: Option<u8>,

    /// Only boards that can never be finished
    #[arg(long)]
    pub impossible: bool,

    /// How many boards
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true,
          value_parser = whole_number(1u64, None, "a number of boards"))]
    pub count: u64,

    /// Never the same board twice (an error when fewer than --count boards fit)
    #[arg(long)]
    pub unique: bool,

    /// Seed of the generator: the same seed gives the same boards everywhere (default: a fresh
    /// random seed)
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = whole_number(0u64, None, "a seed"))]
    pub seed: Option<u64>,

    /// Write valid input for this judge (within its statement's limits) instead of boards; with
    /// --output-dir, --count pairs of input and expected output
    #[arg(
        long,
        value_name = "NAME",
        value_parser = clap::builder::PossibleValuesParser::new(flipgame::judge::names()),
        conflicts_with_all = ["moves", "impossible", "unique", "format", "size", "rule", "wrap", "rule_file", "goal", "states"]
    )]
    pub judge: Option<String>,

    /// With --judge: write NAME-001.in and NAME-001.ans, ... (the expected output from
    /// 'solve --judge') into DIR, which is created if needed
    #[arg(
        long,
        value_name = "DIR",
        requires = "judge",
        conflicts_with = "output"
    )]
    pub output_dir: Option<PathBuf>,

    /// Output format: text is the POJ input form
    #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
    pub format: RecordFormat,

    /// Write to FILE (atomically: all the boards or none) instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The puzzle (past 25 cells --moves keeps scrambles of proven minimum K); --rule random
    /// writes a new random rule file
    /// instead of boards
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}
