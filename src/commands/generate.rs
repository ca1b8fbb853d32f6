//! `flipgame gen`: random boards of a chosen distance, reproducible from a seed.

use crate::commands::{Failure, usage};
use std::collections::HashSet;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use flipgame::generate::{Wanted, candidates};
use flipgame::grid::{Grid, Shape};
use flipgame::notation::Color;
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::random::Generator;
use flipgame::rule::Graph;
use flipgame::solve::Solver;
use flipgame::space::{MAX_CELLS, SmallSpace};

use super::args::puzzle;
use super::boards::json_stream;
use super::{Outcome, write_to};
use crate::cli::{GenArgs, PuzzleArgs, Size};
use crate::output::json::{BoardFields, RuleFields};

/// Where boards are drawn from: an explored small space, or random boards checked one by one.
pub(super) enum Pool {
    /// Boards of at most 25 cells: the candidates, drawn uniformly, and their distances.
    Space { space: SmallSpace, pool: Vec<u32> },
    /// Larger boards: uniform random boards, kept when they fit (`impossible` only).
    Random {
        solver: Box<Solver>,
        impossible: bool,
    },
    /// Larger boards that need exactly `moves` taps: a finished board turned by that many
    /// distinct random taps, kept when its proven minimum is exactly that.
    Scrambled { solver: Box<Solver>, moves: u64 },
}

/// Scrambles tried before `gen --moves` past 25 cells gives up on K.
const SCRAMBLE_ATTEMPTS: u32 = 200;

/// Draws `--count` boards and writes them in the input form or as JSON; with `--rule random`,
/// writes a new random rule file instead.
pub fn run(args: &GenArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let announce_seed = || {
        if args.seed.is_none() && io::stderr().is_terminal() {
            let note = format!("flipgame: seed {seed} (repeat with --seed {seed})\n");
            let _ = io::stderr().lock().write_all(note.as_bytes());
        }
    };
    if let Some(name) = &args.judge {
        return super::judged::generate(args, name, seed, out).inspect(|_| announce_seed());
    }
    if args.puzzle.rule == "random" && args.puzzle.rule_file.is_none() {
        return random_rule(args, &args.puzzle, seed, out).inspect(|_| announce_seed());
    }
    let puzzle = puzzle(&args.puzzle)?;
    let shape = puzzle.shape();
    let wanted = match (args.moves, args.impossible) {
        (Some(moves), _) => Wanted::Moves(moves),
        (None, true) => Wanted::Impossible,
        (None, false) => Wanted::Any,
    };
    let source = source(&puzzle, wanted).map_err(usage)?;
    if args.unique
        && let Some(message) = too_few_to_be_unique(&source, shape, args.count)
    {
        return Err(usage(message));
    }
    announce_seed();
    let mut generator = Generator::from_seed(seed);
    let mut seen: HashSet<Grid> = HashSet::new();
    let rule = RuleFields::of(&puzzle);
    Ok(write_to(args.output.as_deref(), out, |out| {
        let mut json = json_stream(args.format);
        for index in 1..=args.count {
            let (board, moves, optimal) = loop {
                let drawn = draw(&source, &mut generator, shape);
                // Distinct boards are drawn by rejection, which keeps every choice uniform.
                if !args.unique || seen.insert(drawn.0.clone()) {
                    break drawn;
                }
            };
            match json.as_mut() {
                Some(json) => json.write(
                    out,
                    &GeneratedJson {
                        index,
                        board: BoardFields::of(&board),
                        rule: &rule,
                        moves,
                        optimal,
                        seed,
                    },
                )?,
                None => {
                    for row in 0..shape.rows() as usize {
                        writeln!(out, "{}", board.row_text(row))?;
                    }
                }
            }
        }
        match json.as_mut() {
            Some(json) => json.finish(out),
            None => Ok(()),
        }
    })?)
}

/// With `--unique`: the error when fewer distinct boards fit than `count`.
fn too_few_to_be_unique(source: &Pool, shape: Shape, count: u64) -> Option<String> {
    let available = match source {
        Pool::Space { pool, .. } => pool.len() as u64,
        // Above 25 cells there are at least 2^26 boards; only absurd counts need the check.
        Pool::Random { .. } => 1u64
            .checked_shl(shape.cells().min(63) as u32)
            .unwrap_or(u64::MAX),
        // Each such board has an optimal set of K taps: at most C(cells, K) per colour.
        Pool::Scrambled { solver, moves } => {
            let colors = solver.puzzle().goal().colors().len() as u64;
            binomial(shape.cells(), *moves).saturating_mul(colors)
        }
    };
    (count > available).then(|| {
        format!(
            "--unique: only {available} distinct {shape} boards fit, fewer than --count {count}"
        )
    })
}

/// `n` choose `k`, saturating at `u64::MAX`.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k.min(n));
    (0..k).fold(1u64, |product, i| {
        // product * (n - i) / (i + 1) is exact at every step; saturate instead of overflowing.
        let (wide, divisor) = (u128::from(product) * u128::from(n - i), u128::from(i + 1));
        u64::try_from(wide / divisor).unwrap_or(u64::MAX)
    })
}

/// Writes a Simon Tatham style rule file: every cell its own random connected shape inside its
/// 3x3 neighbourhood.
fn random_rule(
    args: &GenArgs,
    puzzle: &PuzzleArgs,
    seed: u64,
    out: &mut impl Write,
) -> Result<Outcome, Failure> {
    if puzzle.wrap || args.moves.is_some() || args.impossible || args.count != 1 {
        return Err(usage(
            "--rule random writes one rule file and no boards: it takes --size, --seed and \
             --output, not --wrap, --moves, --impossible or --count; draw boards under it with \
             --rule-file",
        ));
    }
    let size = puzzle.size.unwrap_or(Size { rows: 4, cols: 4 });
    let Some(shape) = Shape::new(size.rows, size.cols) else {
        return Err(usage(format!(
            "--size {}x{}: rows and columns go from 1 to {}",
            size.rows,
            size.cols,
            flipgame::grid::MAX_SIDE
        )));
    };
    let mut generator = Generator::from_seed(seed);
    let graph = Graph::random(
        shape,
        &mut generator,
        format!("random {shape}, seed {seed}"),
    );
    Ok(write_to(args.output.as_deref(), out, |out| {
        out.write_all(graph.to_json().as_bytes())
    })?)
}

/// Prepares the draw, or says why no board fits.
pub(super) fn source(puzzle: &Puzzle, wanted: Wanted) -> Result<Pool, String> {
    let shape = puzzle.shape();
    let goal = puzzle.goal();
    if shape.cells() <= MAX_CELLS {
        let space = super::args::explore(puzzle, false).map_err(|e| e.to_string())?;
        let pool = candidates(&space, wanted);
        if pool.is_empty() {
            return Err(no_such_board(&space, goal, wanted));
        }
        return Ok(Pool::Space { space, pool });
    }
    let solver = Solver::new(puzzle.clone()).map_err(|e| e.to_string())?;
    if let Wanted::Moves(moves) = wanted {
        let moves = u64::from(moves);
        if moves > shape.cells() {
            return Err(format!(
                "--moves {moves}: a {shape} board has only {} cells to tap",
                shape.cells()
            ));
        }
        let source = Pool::Scrambled {
            solver: Box::new(solver),
            moves,
        };
        // A K no scramble reaches would loop for ever: try a few first, with a generator of
        // their own so the boards drawn stay the ones the seed gives.
        let mut trial = Generator::from_seed(moves);
        return match (0..SCRAMBLE_ATTEMPTS).find_map(|_| scramble(&source, &mut trial, shape)) {
            Some(_) => Ok(source),
            None => Err(format!(
                "--moves {moves}: no {shape} board made by {moves} random taps needed exactly \
                 {moves} (proven) in {SCRAMBLE_ATTEMPTS} tries; past {MAX_CELLS} cells --moves \
                 keeps a scramble only when its minimum is proven to be K, which holds for K \
                 small enough that random taps rarely undo each other"
            )),
        };
    }
    let impossible = wanted == Wanted::Impossible;
    if impossible && !has_impossible_boards(&solver) {
        return Err(format!(
            "every {shape} board can be finished with --goal {}",
            goal.name()
        ));
    }
    Ok(Pool::Random {
        solver: Box::new(solver),
        impossible,
    })
}

/// Whether some board of the puzzle is impossible: the solvable boards are one coset of the tap
/// matrix's column space per reachable goal, so they fill the space only when there are as many
/// cosets as goals.
fn has_impossible_boards(solver: &Solver) -> bool {
    let shape = solver.puzzle().shape();
    let black_from_white = solver.can_reach(&Grid::filled(shape, Color::Black), Color::White);
    let cosets: usize = if solver.puzzle().goal().colors().len() == 2 && !black_from_white {
        2
    } else {
        1
    };
    let nullity = solver.nullity();
    nullity > 0 && !(nullity == 1 && cosets == 2)
}

/// One board, its fewest taps (if any) and whether that count is proven minimal.
pub(super) fn draw(
    source: &Pool,
    generator: &mut Generator,
    shape: Shape,
) -> (Grid, Option<u64>, bool) {
    match source {
        Pool::Space { space, pool } => {
            let bits = generator.pick(pool).unwrap_or(0);
            (space.grid(bits), space.moves(bits).map(u64::from), true)
        }
        Pool::Scrambled { moves, .. } => loop {
            if let Some(board) = scramble(source, generator, shape) {
                return (board, Some(*moves), true);
            }
        },
        Pool::Random { solver, impossible } => loop {
            let mut board = Grid::new(shape);
            generator.fill(&mut board);
            let solution = solver.solve(&board);
            if !impossible || solution.is_none() {
                let optimal = solution.as_ref().is_none_or(|s| s.optimal);
                return (board, solution.map(|s| s.moves()), optimal);
            }
        },
    }
}

/// One scramble of a [`Pool::Scrambled`]: a board made by K distinct random taps from a
/// random accepted colour, if its proven minimum is exactly K.
fn scramble(source: &Pool, generator: &mut Generator, shape: Shape) -> Option<Grid> {
    let Pool::Scrambled { solver, moves } = source else {
        return None;
    };
    let puzzle = solver.puzzle();
    let colors = puzzle.goal().colors();
    let color = colors[generator.below(colors.len() as u64) as usize];
    let mut taps = Grid::new(shape);
    let cols = u64::from(shape.cols());
    while taps.count() < *moves {
        let cell = generator.below(shape.cells());
        taps.set((cell / cols) as usize, (cell % cols) as usize, true);
    }
    let mut board = Grid::filled(shape, color);
    puzzle.apply(&mut board, &taps);
    let (fewest, proven) = solver.fewest(&board)?;
    (proven && fewest == *moves).then_some(board)
}

/// The usage error for a request no board meets, naming the distances there are.
fn no_such_board(space: &SmallSpace, goal: Goal, wanted: Wanted) -> String {
    let largest = space.max_moves();
    let shape = space.shape();
    match wanted {
        Wanted::Moves(moves) => format!(
            "no {shape} board needs exactly {moves} taps with --goal {}: the largest distance is {largest}",
            goal.name()
        ),
        Wanted::Impossible => format!(
            "every {shape} board can be finished with --goal {}",
            goal.name()
        ),
        Wanted::Any => "there are no boards".to_string(),
    }
}

/// A seed nobody chose: std's randomly keyed hasher, itself seeded by the operating system.
pub(super) fn fresh_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

#[derive(Serialize)]
struct GeneratedJson<'a> {
    index: u64,
    #[serde(flatten)]
    board: BoardFields<'a>,
    #[serde(flatten)]
    rule: &'a RuleFields,
    moves: Option<u64>,
    optimal: bool,
    seed: u64,
}
