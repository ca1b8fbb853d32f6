//! `flipgame graph`: the state graph of a small puzzle, as Graphviz DOT or as SVG.
//!
//! Both formats come from one [`GraphLayout`]: the same layers, the same order within each layer,
//! the same highlighted path.

use std::io::{self, Write};

use flipgame::grid::Shape;
use flipgame::space::Space;

use super::args::{ForEitherKind, cells, explore, with_puzzle};
use super::kind::{CommandKind, rule_words};
use super::{Failure, Outcome, note, usage, write_to};
use crate::cli::{GraphArgs, GraphFormat, Size};
use crate::source;
use flipgame::figure::layout::{GraphLayout, path_edges, tap_name};
use flipgame::figure::svg;
use flipgame::words::{taps, thousands};

/// The colour a board on the highlighted path is filled with in DOT (light enough for its
/// letters to read).
const PATH_FILL: &str = "#f4c7c3";

/// Draws the graph the arguments ask for.
pub fn run(args: &GraphArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let mut puzzle_args = args.puzzle.clone();
    if puzzle_args.size.is_none() && puzzle_args.rule_file.is_none() {
        puzzle_args.size = Some(Size { rows: 3, cols: 3 });
    }
    let graph = GraphBoards { args, out };
    with_puzzle(&puzzle_args, args.cells, graph)
}

/// `graph` once the flags have chosen the kind of piece.
struct GraphBoards<'a, W> {
    args: &'a GraphArgs,
    out: &'a mut W,
}

/// Why `graph` does not draw the `boards` boards (`None`: too many to count) of a `shape` board
/// of `states` states, more than `--max-cells` allows.
fn too_many_to_draw(shape: Shape, states: u8, boards: Option<u64>, max_cells: u64) -> String {
    if states == 2 {
        format!(
            "a {shape} board has {} cells, so 2^{} = {} boards: graph draws at most {} cells \
             ({} boards) unless --max-cells allows more (up to 16)",
            shape.cells(),
            shape.cells(),
            thousands(1 << shape.cells()),
            max_cells,
            thousands(1 << max_cells)
        )
    } else {
        format!(
            "a {shape} board of {states} states has {states}^{} = {} boards: graph draws at \
             most {} boards (as many as {} two-state cells have) unless --max-cells allows \
             more (up to 16)",
            shape.cells(),
            boards.map_or("too many".to_string(), thousands),
            thousands(1 << max_cells),
            max_cells
        )
    }
}

impl<W: Write> ForEitherKind for GraphBoards<'_, W> {
    type Output = Outcome;

    fn run<K: CommandKind>(self, puzzle: K::Puzzle) -> Result<Outcome, Failure> {
        let GraphBoards { args, out } = self;
        let (shape, states) = (K::shape(&puzzle), K::states(&puzzle));
        let boards = u64::from(states).checked_pow(shape.cells() as u32);
        if boards.is_none_or(|boards| boards > 1 << args.max_cells) {
            return Err(usage(too_many_to_draw(
                shape,
                states,
                boards,
                args.max_cells,
            )));
        }
        let start = match &args.board {
            Some(text) => {
                let cells = K::cells(&puzzle, cells(args.cells));
                Some(source::board_argument::<K>(text, shape, cells).map_err(usage)?)
            }
            None => None,
        };
        let space = explore::<K>(&puzzle, start.is_some())?;
        let start = start.map(|board| K::index_of(&space, &board));
        let title = format!(
            "The state graph of {}, {}, goal {}",
            K::size_words(&puzzle),
            rule_words::<K>(&puzzle),
            K::goal_words(&puzzle)
        );
        draw(args, &space, start, title, out)
    }
}

/// Lays out and writes the graph of `space`, with the path from `start` highlighted.
fn draw(
    args: &GraphArgs,
    space: &dyn Space,
    start: Option<u32>,
    title: String,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    // An impossible board has no path: it is highlighted alone.
    let path = start.map_or_else(Vec::new, |bits| {
        space.path(bits).unwrap_or_else(|| vec![(bits, None)])
    });
    let layout = GraphLayout::new(space);
    let notes = notes(space, &layout, &path);
    Ok(write_to(args.output.as_deref(), out, |out| {
        match args.format {
            GraphFormat::Dot => write_dot(out, space, &layout, &path, &title, &notes),
            GraphFormat::Svg => {
                let document = svg::graph::document(space, &layout, &path, &title, &notes);
                if document.len() > LARGE_SVG_BYTES {
                    note(&format!(
                        "the drawing is {} MB of SVG ({} boards): a browser may take minutes \
                         to open it",
                        thousands(document.len() as u64 / 1_000_000),
                        thousands(space.positions()),
                    ));
                }
                out.write_all(document.as_bytes())
            }
        }
    })?)
}

/// Past this size an SVG drawing is said to be large before it is written: a browser opens a
/// few megabytes at once, a hundred slowly.
const LARGE_SVG_BYTES: usize = 16_000_000;

/// The sentences under the graph's title, with every count computed.
fn notes(space: &dyn Space, layout: &GraphLayout, path: &[(u32, Option<usize>)]) -> Vec<String> {
    let shape = space.shape();
    let edges = space.edges().len() as u64;
    let solvable = (0..space.positions() as u32)
        .filter(|&board| space.moves(board).is_some())
        .count() as u64;
    let layers = layout
        .layers
        .iter()
        .filter(|(moves, _)| moves.is_some())
        .count();
    let mut notes = vec![format!(
        "{} boards, {} between them; {} can be finished, in {layers} {} by fewest \
         taps; {} cannot.",
        thousands(space.positions()),
        taps(edges),
        thousands(solvable),
        if layers == 1 { "layer" } else { "layers" },
        thousands(space.positions() - solvable)
    )];
    if let Some(&(start, _)) = path.first() {
        let board = space.board_text(start);
        notes.push(match space.moves(start) {
            Some(moves) => {
                let listed: Vec<String> = path
                    .iter()
                    .filter_map(|&(_, tap)| tap)
                    .map(|index| tap_name(index, shape.cols() as usize))
                    .collect();
                format!(
                    "Highlighted: the shortest path from {board}, {}: {}.",
                    taps(moves),
                    if listed.is_empty() {
                        "none, it is finished".to_string()
                    } else {
                        listed.join(" ")
                    }
                )
            }
            None => format!("Highlighted: {board}, which cannot be finished."),
        });
    }
    notes
}

/// A quoted DOT string.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn write_dot(
    out: &mut dyn Write,
    space: &dyn Space,
    layout: &GraphLayout,
    path: &[(u32, Option<usize>)],
    title: &str,
    notes: &[String],
) -> io::Result<()> {
    let cols = space.shape().cols() as usize;
    let name = |bits: u32| quoted(&space.board_text(bits));
    // Two-sided taps undo themselves: one edge both ways. A tap of K colours goes one way.
    let (kind, joint) = match space.undirected() {
        true => ("graph", "--"),
        false => ("digraph", "->"),
    };
    writeln!(out, "// {title}")?;
    for note in notes {
        writeln!(out, "// {note}")?;
    }
    writeln!(out, "{kind} flipgame {{")?;
    writeln!(
        out,
        "  graph [label={}, labelloc=t, rankdir=TB, ranksep=1.2, nodesep=0.15];",
        quoted(title)
    )?;
    writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10, style=filled, fillcolor=\"{}\"];",
        svg::palette::PAPER
    )?;
    writeln!(out, "  edge [color=\"{}\"];", svg::palette::EDGE)?;
    write_dot_layers(out, space, layout, path)?;
    let path_edges = path_edges(path, space.undirected());
    for (from, to, index) in space.edges() {
        let tap = tap_name(index, cols);
        let highlight = if path_edges.contains(&(from, to, index)) {
            format!(", color=\"{}\", penwidth=3", svg::palette::PATH)
        } else {
            String::new()
        };
        writeln!(
            out,
            "  {} {joint} {} [label=\"{tap}\"{highlight}];",
            name(from),
            name(to)
        )?;
    }
    writeln!(out, "}}")
}

/// Each layer of boards as a subgraph of the DOT file (one rank each, the impossible boards
/// in a cluster), the path's boards filled.
fn write_dot_layers(
    out: &mut dyn Write,
    space: &dyn Space,
    layout: &GraphLayout,
    path: &[(u32, Option<usize>)],
) -> io::Result<()> {
    let name = |bits: u32| quoted(&space.board_text(bits));
    let on_path = |bits: u32| path.iter().any(|&(b, _)| b == bits);
    for (layer, (moves, boards)) in layout.layers.iter().enumerate() {
        let label = layout.label(layer);
        match moves {
            // A layer is a rank of its own.
            Some(moves) => {
                writeln!(out, "  subgraph layer_{moves} {{")?;
                writeln!(out, "    rank=same;")?;
                writeln!(out, "    // {label}")?;
            }
            // Graphviz (2.43) cannot rank arrows that run into a cluster from ranked layers
            // ("trouble in init_rank"): with K colours the boards stay a plain subgraph.
            None if !space.undirected() => {
                writeln!(out, "  subgraph impossible {{")?;
                writeln!(out, "    // {label}")?;
            }
            None => {
                writeln!(out, "  subgraph cluster_impossible {{")?;
                writeln!(out, "    label={};", quoted(&label))?;
            }
        }
        for &bits in boards {
            let text = space.board_text(bits);
            let picture = text.replace('/', "\\n");
            let moves = space
                .moves(bits)
                .map_or("cannot be finished".to_string(), taps);
            let highlight = if on_path(bits) {
                format!(", fillcolor=\"{PATH_FILL}\", penwidth=3")
            } else {
                String::new()
            };
            writeln!(
                out,
                "    {} [label=\"{picture}\", tooltip={}{highlight}];",
                name(bits),
                quoted(&format!("{text}: {moves}"))
            )?;
        }
        writeln!(out, "  }}")?;
    }
    Ok(())
}
