//! The solver against independent algorithms and published tables.

use super::*;
use crate::grid::Shape;
use crate::notation::Color;
use crate::puzzle::Goal;
use crate::rule::Rule;
use crate::space::{bits_of_grid, grid_from_bits};
use coset::Part;
use coset::shard::Shard;
use coset::sweep;
use coset::symmetry::{self, Symmetry};
use coset::{TRANSFORM_NULLITY, transform_pays};
use engines::chase::Chase;
use engines::elimination::Elimination;
use past::descent;
use search::{STREAMED_SEARCH_CELLS, search_limit, sharded_search_limit};

/// A grid of `shape` whose row-major cells are `bits`, for the tests of `solve/`'s files.
pub(super) fn grid_of(shape: Shape, bits: &[bool]) -> Grid {
    let mut grid = Grid::new(shape);
    let cols = shape.cols() as usize;
    for (index, &bit) in bits.iter().enumerate() {
        grid.set(index / cols, index % cols, bit);
    }
    grid
}

fn shape(rows: u32, cols: u32) -> Shape {
    Shape::new(rows, cols).unwrap()
}

use crate::puzzle::test_puzzle as puzzle;

/// Whether a tap at `tap` turns over `cell` under a named rule, from the rule's definition in
/// words (not from the stencil tables): distances are taken round the torus with wrap.
fn by_definition(rule: &str, shape: Shape, wrap: bool, tap: (i64, i64), cell: (i64, i64)) -> bool {
    let (rows, cols) = (i64::from(shape.rows()), i64::from(shape.cols()));
    // The offsets d with tap + d = cell (mod the side when wrapping), as |d| in {0, 1}.
    let near = |from: i64, to: i64, side: i64| -> Vec<i64> {
        (-1..=1)
            .filter(|d| {
                if wrap {
                    (from + d).rem_euclid(side) == to
                } else {
                    from + d == to
                }
            })
            .map(i64::abs)
            .collect()
    };
    let (drs, dcs) = (near(tap.0, cell.0, rows), near(tap.1, cell.1, cols));
    let any =
        |test: &dyn Fn(i64, i64) -> bool| drs.iter().any(|&dr| dcs.iter().any(|&dc| test(dr, dc)));
    match rule {
        "plus" => any(&|dr, dc| dr + dc <= 1),
        "x" => any(&|dr, dc| dr == dc),
        "box" => any(&|_, _| true),
        "sigma" => any(&|dr, dc| dr + dc == 1),
        "lines" => tap.0 == cell.0 || tap.1 == cell.1,
        _ => unreachable!("a named rule"),
    }
}

/// For every tap set of a small puzzle in increasing row-major order, applied to each goal
/// board: the first with the fewest taps per board is the answer the solver must give.
fn brute_force(masks: &[u32], cells: usize, goal: Goal) -> Vec<Option<u32>> {
    let full = if cells == 32 {
        u32::MAX
    } else {
        (1u32 << cells) - 1
    };
    let mut best: Vec<Option<u32>> = vec![None; 1 << cells];
    for taps in 0..=full {
        let flips = (0..cells)
            .filter(|i| taps >> (cells - 1 - i) & 1 == 1)
            .fold(0u32, |m, i| m ^ masks[i]);
        for &color in goal.colors() {
            let board = (if color == Color::Black { full } else { 0 }) ^ flips;
            let known = best[board as usize];
            if known.is_none_or(|known| taps.count_ones() < known.count_ones()) {
                best[board as usize] = Some(taps);
            }
        }
    }
    best
}

fn masks_by_definition(rule: &str, shape: Shape, wrap: bool) -> Vec<u32> {
    let (rows, cols) = (i64::from(shape.rows()), i64::from(shape.cols()));
    let cells = (rows * cols) as usize;
    (0..cells)
        .map(|tap| {
            let tap = (tap as i64 / cols, tap as i64 % cols);
            (0..cells)
                .filter(|&cell| {
                    by_definition(
                        rule,
                        shape,
                        wrap,
                        tap,
                        (cell as i64 / cols, cell as i64 % cols),
                    )
                })
                .fold(0u32, |mask, cell| mask | 1 << (cells - 1 - cell))
        })
        .collect()
}

/// Checks every board of `solver`'s puzzle (or an odd stride through them) against the brute
/// force: the same least optimal tap set, a goal it really reaches, and a valid certificate
/// exactly when the board is impossible.
fn check_against(solver: &Solver, masks: &[u32], label: &str) {
    check_stride(solver, masks, label, 1);
}

/// [`check_against`] on every `stride`-th board (an odd stride reaches every bit).
fn check_stride(solver: &Solver, masks: &[u32], label: &str, stride: usize) {
    let puzzle = solver.puzzle();
    let shape = puzzle.shape();
    let cells = shape.cells() as usize;
    let expected = brute_force(masks, cells, puzzle.goal());
    let quiet = quiet_by_definition(masks, cells);
    // Every board up to 16 cells; an odd stride, which reaches every bit, through larger ones.
    let step = if expected.len() <= 1 << 16 {
        stride
    } else {
        (expected.len() / 2048) | 1
    };
    for bits in (0..expected.len()).step_by(step) {
        let board = grid_from_bits(shape, bits as u32);
        let found = solver.solve(&board);
        assert_eq!(
            found.as_ref().map(|s| bits_of_grid(&s.taps)),
            expected[bits],
            "{label} {board}"
        );
        match found {
            Some(solution) => {
                assert!(solution.optimal);
                let mut after = board.clone();
                puzzle.apply(&mut after, &solution.taps);
                assert_eq!(after.finished_color(), Some(solution.color), "{label}");
                assert!(solver.proof(&board).is_none());
                // The other questions one board in 13 (each solves the board again).
                if bits % 13 == 0 {
                    assert!(solver.is_solvable(&board), "{label} {board}");
                    assert!(solver.can_reach(&board, solution.color), "{label} {board}");
                    // Every tap set of the coset finishes the board, and there are 2^nullity.
                    let all = solver.solutions(&board, solution.color);
                    assert_eq!(all.len(), 1 << solver.nullity(), "{label} {board}");
                    assert!(all.contains(&solution.taps), "{label} {board}");
                    for taps in &all {
                        let mut after = board.clone();
                        puzzle.apply(&mut after, taps);
                        assert_eq!(after.finished_color(), Some(solution.color), "{label}");
                    }
                }
            }
            None => {
                let proof = solver
                    .proof(&board)
                    .expect("impossible boards have a proof");
                check_certificate(puzzle, &board, &proof, label);
                if bits % 13 == 0 {
                    assert!(!solver.is_solvable(&board), "{label} {board}");
                    for &color in puzzle.goal().colors() {
                        assert!(!solver.can_reach(&board, color), "{label} {board}");
                        assert!(
                            solver.solutions(&board, color).is_empty(),
                            "{label} {board}"
                        );
                    }
                }
                if let Some(quiet) = &quiet {
                    let fewest = fewest_cells_of_a_proof(quiet, bits as u32, cells, puzzle.goal());
                    assert_eq!(proof.pattern.count(), fewest, "{label} {board}");
                    assert!(proof.fewest, "{label} {board}");
                }
            }
        }
    }
}

/// Every quiet pattern of a puzzle of up to 16 cells (every mask that each tap meets evenly),
/// found by trying them all; `None` on larger boards or when there are too many to try against
/// every board.
fn quiet_by_definition(masks: &[u32], cells: usize) -> Option<Vec<u32>> {
    if cells > 16 {
        return None;
    }
    let quiet: Vec<u32> = (1..1u32 << cells)
        .filter(|&pattern| {
            masks
                .iter()
                .all(|&mask| (mask & pattern).count_ones() % 2 == 0)
        })
        .collect();
    (quiet.len() <= 1024).then_some(quiet)
}

/// The fewest cells of a quiet pattern that meets the cells to turn over oddly for every colour
/// `goal` accepts: the smallest proof that `board` is impossible.
fn fewest_cells_of_a_proof(quiet: &[u32], board: u32, cells: usize, goal: Goal) -> u64 {
    let full = (1u64 << cells) as u32 - 1;
    let lits: Vec<u32> = goal
        .colors()
        .iter()
        .map(|&color| {
            if color == Color::Black {
                board ^ full
            } else {
                board
            }
        })
        .collect();
    quiet
        .iter()
        .filter(|&&pattern| {
            lits.iter()
                .all(|&lit| (pattern & lit).count_ones() % 2 == 1)
        })
        .map(|&pattern| u64::from(pattern.count_ones()))
        .min()
        .expect("an impossible board meets some quiet pattern oddly")
}

/// A certificate checked from the rule itself: every tap meets the pattern evenly, the black
/// count is the board's, and its parity differs from every accepted goal's.
fn check_certificate(puzzle: &Puzzle, board: &Grid, proof: &Certificate, label: &str) {
    let shape = puzzle.shape();
    for row in 0..shape.rows() as usize {
        for col in 0..shape.cols() as usize {
            let met = puzzle
                .flips(row, col)
                .iter()
                .filter(|&&(r, c)| proof.pattern.get(r, c))
                .count();
            assert_eq!(
                met % 2,
                0,
                "{label}: tap r{}c{} meets the proof oddly",
                row + 1,
                col + 1
            );
        }
    }
    let black = board
        .cells()
        .filter(|&(r, c)| proof.pattern.get(r, c))
        .count() as u64;
    assert_eq!(proof.black, black, "{label}");
    for &color in puzzle.goal().colors() {
        let in_goal = Grid::filled(shape, color).count_common(&proof.pattern);
        assert_eq!(proof.black_in_goal(color), in_goal, "{label}");
        assert_ne!(black % 2, in_goal % 2, "{label}");
    }
}

/// Every named rule, with and without wrap, on every shape up to 4x4 and every goal, against
/// brute force over all tap sets with the rule taken from its definition in words. On 4x4 both
/// the distance table and the linear algebra are checked.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn every_named_rule_agrees_with_brute_force_on_every_shape_up_to_4x4() {
    for rows in 1..=4 {
        for cols in 1..=4 {
            for rule in ["plus", "x", "box", "sigma", "lines"] {
                for wrap in [false, true] {
                    if rule == "lines" && wrap {
                        continue;
                    }
                    let masks = masks_by_definition(rule, shape(rows, cols), wrap);
                    for goal in Goal::ALL {
                        let puzzle = puzzle(rows, cols, rule, wrap, goal);
                        let label = format!("{rows}x{cols} {rule} wrap={wrap} {goal:?}");
                        check_against(&Solver::new(puzzle.clone()).unwrap(), &masks, &label);
                        if rows == 4 && cols == 4 {
                            let algebra = Solver::without_table(puzzle).unwrap();
                            check_stride(&algebra, &masks, &label, 13);
                        }
                    }
                }
            }
        }
    }
}

/// Random stencils (some not symmetric, some wider than 3), with and without wrap.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn random_stencils_agree_with_brute_force() {
    let mut generator = crate::random::Generator::from_seed(11);
    for trial in 0..24 {
        let (height, width) = if trial % 4 == 3 { (3, 5) } else { (3, 3) };
        let text: String = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| if generator.below(2) == 1 { '1' } else { '0' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/");
        let Ok(rule) = Rule::parse(&text) else {
            continue; // all zeros
        };
        let wrap = trial % 3 == 0;
        let (rows, cols) = [(3, 4), (4, 4), (2, 5), (4, 3)][trial % 4];
        for goal in Goal::ALL {
            let puzzle = Puzzle::new(shape(rows, cols), rule.clone(), wrap, goal).unwrap();
            let masks = crate::space::SmallSpace::explore(&puzzle, false, &mut |_, _| {}).unwrap();
            let masks: Vec<u32> = (0..(rows * cols) as usize)
                .map(|i| masks.flip_mask(i))
                .collect();
            let label = format!("{rows}x{cols} {text} wrap={wrap} {goal:?}");
            // Every fifth board (an odd stride reaches every bit): 24 stencils make up for it.
            check_stride(&Solver::without_table(puzzle).unwrap(), &masks, &label, 5);
        }
    }
}

/// A Tatham-style rule file (not symmetric) on 3x4, against brute force.
#[test]
fn a_random_graph_rule_agrees_with_brute_force() {
    for seed in 0..4 {
        let graph = crate::rule::Graph::random(
            shape(3, 4),
            &mut crate::random::Generator::from_seed(seed),
            String::new(),
        );
        let masks: Vec<u32> = (0..12)
            .map(|i| graph.flips(i).iter().fold(0u32, |m, &c| m | 1 << (11 - c)))
            .collect();
        for goal in Goal::ALL {
            let puzzle = Puzzle::new(shape(3, 4), Rule::Graph(graph.clone()), false, goal).unwrap();
            check_against(
                &Solver::new(puzzle).unwrap(),
                &masks,
                &format!("seed {seed}"),
            );
        }
    }
}

/// Quiet patterns of rules that are not symmetric are met evenly by every tap, and differ from
/// the quiet tap sets (which change nothing).
#[test]
fn quiet_patterns_of_a_rule_that_is_not_symmetric_are_met_evenly() {
    let mut checked = 0;
    for (rows, cols, rule) in [
        (5, 5, "000/111/011"),
        (4, 4, "001/010/111"),
        (6, 6, "001/011/110"),
        (3, 7, "001/011/101"),
    ] {
        let puzzle = puzzle(rows, cols, rule, false, Goal::White);
        assert!(!puzzle.is_symmetric());
        let solver = Solver::new(puzzle.clone()).unwrap();
        for pattern in solver.quiet_pattern_basis() {
            checked += 1;
            for row in 0..rows as usize {
                for col in 0..cols as usize {
                    let met = puzzle
                        .flips(row, col)
                        .iter()
                        .filter(|&&(r, c)| pattern.get(r, c))
                        .count();
                    assert_eq!(met % 2, 0, "{rule}");
                }
            }
        }
        for quiet in solver.quiet_tap_basis() {
            let mut changed = Grid::new(puzzle.shape());
            puzzle.apply(&mut changed, quiet);
            assert!(changed.is_empty());
        }
        assert_eq!(solver.quiet_pattern_basis().len(), solver.nullity());
        assert_ne!(
            solver.quiet_pattern_basis(),
            solver.quiet_tap_basis(),
            "{rule}"
        );
    }
    assert!(checked > 0, "some rule had quiet patterns");
}

/// The general elimination and light chasing are independent: on `plus`, on random boards up to
/// 100x100, they give the same least optimal tap set (or both say impossible).
#[test]
fn elimination_agrees_with_light_chasing_on_plus() {
    let mut generator = crate::random::Generator::from_seed(5);
    for (rows, cols) in [
        (5, 5),
        (7, 9),
        (19, 19),
        (16, 70),
        (66, 3),
        (40, 130),
        (100, 100),
    ] {
        let puzzle = Puzzle::plus(shape(rows, cols), Goal::White);
        let chase = Engine::Chase(Chase::new(&puzzle).unwrap());
        let elimination = Engine::Eliminate(Elimination::new(&puzzle).unwrap());
        let basis = |engine: &Engine| engine.basis(usize::MAX, &mut |_, _, _| {});
        let (chased, eliminated) = (basis(&chase), basis(&elimination));
        assert_eq!(chased.nullity, eliminated.nullity, "{rows}x{cols}");
        for _ in 0..3 {
            let mut board = Grid::new(puzzle.shape());
            generator.fill(&mut board);
            // Half the boards are made solvable by tapping, so both branches are exercised.
            if generator.below(2) == 0 {
                let mut taps = Grid::new(puzzle.shape());
                generator.fill(&mut taps);
                board = Grid::new(puzzle.shape());
                puzzle.apply(&mut board, &taps);
            }
            let answer = |engine: &Engine, basis: &Basis| {
                let (found, _) = engine.particulars(&[&board], usize::MAX, &mut |_, _, _| {});
                found[0]
                    .clone()
                    .map(|taps| graycode::least_in_coset(taps, &basis.vectors))
            };
            assert_eq!(
                answer(&chase, &chased),
                answer(&elimination, &eliminated),
                "{rows}x{cols}"
            );
        }
    }
}

/// Lights Out on the n x n torus: the nullity for n = 1..30 is OEIS A165738.
#[test]
fn torus_nullity_matches_oeis_a165738() {
    let expected = [
        0, 0, 4, 0, 8, 8, 0, 0, 4, 16, 0, 16, 0, 0, 12, 0, 16, 8, 0, 32, 4, 0, 0, 32, 8, 0, 4, 0,
        0, 24,
    ];
    let found: Vec<usize> = (1..=30)
        .map(|n| {
            Solver::new(puzzle(n, n, "plus", true, Goal::White))
                .unwrap()
                .nullity()
        })
        .collect();
    assert_eq!(found, expected);
}

/// The standard game's nullity for n = 1..20 is OEIS A159257.
#[test]
fn plus_nullity_matches_oeis_a159257() {
    let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
    let solvers: Vec<Solver> = (1..=20)
        .map(|n| Solver::new(puzzle(n, n, "plus", false, Goal::White)).unwrap())
        .collect();
    let found: Vec<usize> = solvers.iter().map(Solver::nullity).collect();
    assert_eq!(found, expected);
    // The rank is what the nullity leaves of the n^2 cells.
    for ((n, solver), nullity) in (1u64..).zip(&solvers).zip(expected) {
        assert_eq!(solver.rank(), n * n - nullity as u64, "{n}x{n}");
    }
}

/// Past 16 independent quiet patterns a proof is any one found, not the smallest of all
/// 2^nullity: on 11x11 under `box` (nullity 21) one black corner is still proven impossible.
#[test]
fn past_nullity_16_a_proof_is_found_but_not_claimed_smallest() {
    let puzzle = puzzle(11, 11, "box", false, Goal::White);
    let solver = Solver::new(puzzle.clone()).unwrap();
    assert_eq!(solver.nullity(), 21);
    let mut corner = Grid::new(puzzle.shape());
    corner.set(0, 0, true);
    assert!(!solver.is_solvable(&corner));
    let proof = solver.proof(&corner).expect("a proof");
    check_certificate(&puzzle, &corner, &proof, "11x11 box");
    assert!(!proof.fewest);
}

/// The 3x3-neighbourhood game on n x n has 2^nullity solutions of the all-off board: OEIS
/// A254460 gives 1, 8, 1, 1, 512, ..., so nullity 2n - 1 when n is 2 mod 3 and 0 otherwise.
#[test]
fn box_nullity_matches_oeis_a254460() {
    let solutions: [u64; 8] = [1, 8, 1, 1, 512, 1, 1, 32768];
    for (n, &count) in (1..=8).zip(&solutions) {
        let nullity = Solver::new(puzzle(n, n, "box", false, Goal::White))
            .unwrap()
            .nullity();
        assert_eq!(1u64 << nullity, count, "{n}x{n}");
    }
}

/// POJ 2965's sample: `-+--/----/----/-+--` (+ closed) needs 6 switches under `lines`, those at
/// (1,1) (1,3) (1,4) (4,1) (4,3) (4,4).
#[test]
fn pilots_brothers_sample() {
    let board = Grid::parse("wbww/wwww/wwww/wbww", shape(4, 4)).unwrap();
    let solver = Solver::new(puzzle(4, 4, "lines", false, Goal::White)).unwrap();
    let solution = solver.solve(&board).unwrap();
    assert_eq!(solution.taps.to_string(), "bwbb/wwww/wwww/bwbb");
    let algebra = Solver::without_table(puzzle(4, 4, "lines", false, Goal::White)).unwrap();
    assert_eq!(algebra.solve(&board), Some(solution));
}

/// Timus 1122's sample: WWWW/WBBW/WBWW/WWWW under the stencil 101/010/101 is impossible.
#[test]
fn timus_game_sample() {
    let board = Grid::parse("wwww/wbbw/wbww/wwww", shape(4, 4)).unwrap();
    let solver = Solver::new(puzzle(4, 4, "101/010/101", false, Goal::Either)).unwrap();
    assert_eq!(solver.solve(&board), None);
    check_certificate(
        solver.puzzle(),
        &board,
        &solver.proof(&board).unwrap(),
        "timus",
    );
}

/// POJ 3279 Fliptile's sample: 1 is black, goal white.
#[test]
fn fliptile_sample() {
    let board = Grid::parse("bwwb/wbbw/wbbw/bwwb", shape(4, 4)).unwrap();
    let solver = Solver::without_table(Puzzle::plus(shape(4, 4), Goal::White)).unwrap();
    let solution = solver.solve(&board).unwrap();
    assert_eq!(solution.taps.to_string(), "wwww/bwwb/bwwb/wwww");
    assert!(solution.optimal);
}

/// The 10x10 all-lit board needs 44 taps; the 5x5 all-white board needs 15 to become all black.
#[test]
fn published_minimums() {
    let ten = shape(10, 10);
    let solver = Solver::new(Puzzle::plus(ten, Goal::White)).unwrap();
    let all_on = Grid::filled(ten, Color::Black);
    assert_eq!(solver.solve(&all_on).unwrap().moves(), 44);
    assert_eq!(solver.moves(&all_on), Some(44));
    let five = shape(5, 5);
    let solver = Solver::new(Puzzle::plus(five, Goal::Black)).unwrap();
    assert_eq!(solver.solve(&Grid::new(five)).unwrap().moves(), 15);
    assert_eq!(solver.moves(&Grid::new(five)), Some(15));
    // One black corner of 5x5 cannot be finished (nullity 2): no count.
    let mut corner = Grid::new(five);
    corner.set(0, 0, true);
    assert_eq!(solver.moves(&corner), None);
}

/// A puzzle too large to eliminate says so, and with what (`x` cannot be chased).
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn a_puzzle_too_large_to_eliminate_is_refused_with_its_size_and_rule() {
    let error = Solver::new(puzzle(3000, 3000, "x", true, Goal::White))
        .err()
        .unwrap();
    let text = error.to_string();
    assert!(
        text.starts_with("a 3000x3000 board under rule x with wrapping needs "),
        "{text}"
    );
    assert!(text.ends_with(" MiB to eliminate, more than the 2048 MiB flipgame allows"));
}

/// A basis of quiet tap sets is held in at most 256 MiB: as many grids as fit whole.
#[test]
fn the_quiet_tap_sets_kept_fill_the_memory_allowed() {
    // Three rows of three words each: rows, words and bytes all differ.
    let shape = shape(3, 130);
    let solver = Solver::new(Puzzle::plus(shape, Goal::White)).unwrap();
    let grid_bytes = std::mem::size_of_val(Grid::new(shape).words());
    assert_eq!(grid_bytes, 72);
    let kept = solver.keep();
    assert!(kept * grid_bytes <= 256 << 20 && (kept + 1) * grid_bytes > 256 << 20);
}

#[test]
fn the_strategy_fits_the_puzzle() {
    let strategy = |rows, cols, rule, wrap| {
        Solver::new(puzzle(rows, cols, rule, wrap, Goal::Either))
            .unwrap()
            .strategy()
    };
    assert_eq!(strategy(4, 4, "box", true), Strategy::Table);
    assert_eq!(strategy(9, 9, "plus", false), Strategy::Chase);
    assert_eq!(strategy(9, 9, "sigma", false), Strategy::Chase);
    assert_eq!(strategy(9, 9, "plus", true), Strategy::Elimination);
    assert_eq!(strategy(9, 9, "x", false), Strategy::Elimination);
}

/// A plan names the strategy its solver will use before the work, for every kind of puzzle, and
/// its solver answers as one made at once.
#[test]
fn a_plan_names_its_solvers_strategy_before_the_work() {
    for (rows, cols, rule, wrap) in [
        (4, 4, "plus", false),
        (4, 4, "box", true),
        (9, 9, "plus", false),
        (9, 9, "sigma", false),
        (9, 9, "plus", true),
        (9, 9, "x", false),
    ] {
        let plan = Solver::plan(puzzle(rows, cols, rule, wrap, Goal::Either)).unwrap();
        let planned = plan.strategy();
        assert_eq!(plan.puzzle().shape(), shape(rows, cols));
        let mut heard = false;
        let solver = plan.prepare(&mut |_, _| heard = true);
        assert_eq!(planned, solver.strategy(), "{rows}x{cols} {rule} {wrap}");
        assert!(!heard, "a small board is prepared in silence");
        let now = Solver::new(puzzle(rows, cols, rule, wrap, Goal::Either)).unwrap();
        let board = Grid::parse(
            &vec!["b".repeat(cols as usize); rows as usize].join("/"),
            shape(rows, cols),
        )
        .unwrap();
        assert_eq!(solver.solve(&board), now.solve(&board));
    }
    let too_large = Solver::plan(puzzle(3000, 3000, "x", false, Goal::Either));
    assert!(too_large.is_err_and(|error| error.to_string().contains("6523 MiB")));
}

/// Independent of the algebra: the 4x4 quiet patterns are exactly the non-empty masks that every
/// tap meets evenly, found by trying all 65,535, for every named rule.
#[test]
fn the_4x4_quiet_patterns_are_all_the_masks_every_tap_meets_evenly() {
    for rule in ["plus", "x", "box", "sigma", "lines", "011/010/000"] {
        let puzzle = puzzle(4, 4, rule, false, Goal::Either);
        let masks: Vec<u32> = (0..16)
            .map(|i| {
                puzzle
                    .flips(i / 4, i % 4)
                    .iter()
                    .fold(0u32, |m, &(r, c)| m | 1 << (15 - 4 * r - c))
            })
            .collect();
        let mut brute: Vec<u32> = (1..=0xffff)
            .filter(|&mask| masks.iter().all(|tap| (tap & mask).count_ones() % 2 == 0))
            .collect();
        let mut found: Vec<u32> = Solver::new(puzzle)
            .unwrap()
            .quiet_patterns()
            .iter()
            .map(bits_of_grid)
            .collect();
        brute.sort_unstable();
        found.sort_unstable();
        assert_eq!(found, brute, "{rule}");
    }
}

/// Boards wider than 64 and 128 columns, and taller than 64 rows, under rules that need the
/// elimination: the answer finishes the board, and where the null space is not trivial the
/// answer is the least of the coset (checked by trying every quiet combination).
#[test]
fn wide_and_tall_boards_under_elimination() {
    let mut generator = crate::random::Generator::from_seed(21);
    // The last three have quiet tap sets (so the coset loop below runs): one wider than 128
    // columns, one taller than 64 rows.
    for (rows, cols, rule, wrap, quiet) in [
        (3, 70, "box", false, false),
        (5, 130, "x", false, false),
        (70, 4, "box", true, false),
        (8, 129, "plus", true, true),
        (3, 200, "plus", false, true),
        (71, 5, "plus", false, true),
    ] {
        let puzzle = puzzle(rows, cols, rule, wrap, Goal::White);
        let solver = Solver::new(puzzle.clone()).unwrap();
        assert_eq!(solver.nullity() > 0, quiet, "{rows}x{cols} {rule}");
        // Every quiet tap set really is quiet: taken from the rule, not from the solver.
        for vector in solver.quiet_tap_basis() {
            let mut board = Grid::new(puzzle.shape());
            puzzle.apply(&mut board, vector);
            assert!(
                board.is_empty() && vector.count() > 0,
                "{rows}x{cols} {rule}"
            );
        }
        let mut taps = Grid::new(puzzle.shape());
        generator.fill(&mut taps);
        let mut board = Grid::new(puzzle.shape());
        puzzle.apply(&mut board, &taps);
        let solution = solver.solve(&board).expect("made by taps");
        let mut after = board.clone();
        puzzle.apply(&mut after, &solution.taps);
        assert!(after.is_empty(), "{rows}x{cols} {rule}");
        if solver.nullity() <= 12 {
            for other in graycode::all_sums(solver.quiet_tap_basis()) {
                let mut alternative = solution.taps.clone();
                alternative.xor_with(&other);
                assert!(alternative.count() >= solution.moves());
            }
        }
    }
}

/// The transform search and trying every quiet tap set are independent: on puzzles whose null
/// space is large enough for the solver to pick the transform (nullity 10 and up), on random
/// boards made solvable, they give the same least tap set.
#[test]
fn the_transform_search_agrees_with_trying_every_quiet_tap_set() {
    let mut generator = crate::random::Generator::from_seed(11);
    for (rows, cols, rule, wrap) in [
        (19, 19, "plus", false),
        (30, 30, "plus", false),
        (15, 15, "plus", true),
        (29, 29, "x", false),
        (11, 71, "sigma", false),
    ] {
        let puzzle = crate::puzzle::test_puzzle(rows, cols, rule, wrap, Goal::Either);
        let solver = Solver::new(puzzle.clone()).unwrap();
        let quiet = solver.quiet_tap_basis().to_vec();
        assert!(
            (TRANSFORM_NULLITY..=20).contains(&quiet.len()),
            "{rows}x{cols} {rule}: nullity {}",
            quiet.len()
        );
        // The solver takes the transform only where it costs less than trying every sum.
        assert!(rows as usize * puzzle.shape().words_per_row() > quiet.len() + 2);
        for _ in 0..4 {
            let mut taps = Grid::new(puzzle.shape());
            generator.fill(&mut taps);
            let mut board = Grid::new(puzzle.shape());
            puzzle.apply(&mut board, &taps);
            let solution = solver.solve(&board).unwrap();
            assert!(solution.optimal);
            let lit = lit_cells(&board, solution.color);
            let (found, _) = solver
                .engine
                .particulars(&[&lit], usize::MAX, &mut |_, _, _| {});
            let slow = graycode::least_in_coset(found[0].clone().unwrap(), &quiet);
            assert_eq!(solution.taps, slow, "{rows}x{cols} {rule}");
        }
    }
}

/// OEIS A075464: the fewest taps that make the all-on n x n board all white, n = 1..54.
const A075464: [u64; 54] = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245, 276,
    231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696, 891,
    940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256, 1487, 1400,
];

/// The all-on n x n board: the fewest taps match OEIS A075464 for every n up to 54 whose null
/// space one transform covers (all but 39 and 47, nullity 32 and 30, which the slow test below
/// checks).
#[test]
fn all_on_boards_match_oeis_a075464() {
    for (n, &fewest) in (1u32..).zip(&A075464) {
        all_on_board_matches(n, fewest, coset::INNER_BITS);
    }
}

/// The two boards of A075464 up to 54 past 24 quiet tap sets: 47x47 (nullity 30) and 39x39
/// (nullity 32), swept over the square's symmetries (fast enough for the default run since the
/// sweep; `bench/exact.sh` times them).
#[test]
fn the_sweep_matches_oeis_a075464_on_39x39_and_47x47() {
    for n in [39, 47] {
        all_on_board_matches(n, A075464[n as usize - 1], ENUMERATION_LIMIT);
    }
}

/// Checks the all-on n x n board when its nullity is at most `nullity`.
fn all_on_board_matches(n: u32, fewest: u64, nullity: usize) {
    let puzzle = Puzzle::plus(shape(n, n), Goal::White);
    let solver = Solver::new(puzzle.clone()).unwrap();
    if solver.nullity() > nullity {
        return;
    }
    let board = Grid::filled(puzzle.shape(), Color::Black);
    let solution = solver.solve(&board).unwrap();
    let mut check = board.clone();
    puzzle.apply(&mut check, &solution.taps);
    assert!(check.is_empty(), "{n}x{n}: the taps finish the board");
    assert!(solution.optimal, "{n}x{n}");
    assert_eq!(solution.moves(), fewest, "{n}x{n}");
}

/// The cost model between the two exact searches: small null spaces and narrow boards try every
/// sum; large null spaces on wide boards, and every null space past one transform, transform.
#[test]
fn the_transform_is_chosen_where_it_costs_less() {
    assert!(!transform_pays(4, 1_000));
    assert!(!transform_pays(TRANSFORM_NULLITY - 1, 1_000));
    assert!(transform_pays(TRANSFORM_NULLITY, 1_000));
    assert!(!transform_pays(16, 18));
    assert!(transform_pays(16, 19));
    assert!(!transform_pays(24, 26));
    assert!(transform_pays(24, 27));
    // Past 24 the other search would take 2^k passes: always the transform.
    assert!(transform_pays(25, 1));
    assert!(transform_pays(32, 27));
}

/// Past the exact search (79x79 has nullity 64) the answer is proven exactly when it meets the
/// counting bound, and the bound reported is the least over the colours the goal accepts.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn past_the_search_the_bound_decides_what_is_proven() {
    let shape = shape(79, 79);
    let white = Puzzle::plus(shape, Goal::White);
    let solver = Solver::new(white.clone()).unwrap();
    assert!(solver.nullity() > ENUMERATION_LIMIT);
    // Thirty taps far apart turn over 150 cells, so no fewer than 30 taps can undo them.
    let mut taps = Grid::new(shape);
    for n in 0..30 {
        taps.set(3 + 7 * (n / 10), 3 + 7 * (n % 10), true);
    }
    let mut board = Grid::new(shape);
    white.apply(&mut board, &taps);
    let solution = solver.solve(&board).unwrap();
    assert_eq!((solution.moves(), solution.lower_bound), (30, 30));
    assert!(solution.optimal);
    assert!(!solver.proves_minimum());

    // The descent beats adding single quiet tap sets alone on the all-on 55x71 board (nullity
    // 55, the fewest cells of any board past the limit).
    let puzzle = Puzzle::plus(self::shape(55, 71), Goal::White);
    let all_on = Grid::filled(puzzle.shape(), Color::Black);
    let solver = Solver::new(puzzle).unwrap();
    let greedy = descent::improve_locally(
        solver.particulars(std::slice::from_ref(&all_on))[0]
            .clone()
            .unwrap(),
        solver.quiet_tap_basis(),
    );
    let solution = solver.solve(&all_on).unwrap();
    assert!(
        solution.moves() < greedy.count(),
        "{} vs {}",
        solution.moves(),
        greedy.count()
    );

    let either = Solver::new(Puzzle::plus(shape, Goal::Either)).unwrap();
    let mut generator = crate::random::Generator::from_seed(17);
    {
        // Random taps, so both colours can be reached (all black is, from all white, on 79x79).
        let mut taps = Grid::new(shape);
        generator.fill(&mut taps);
        let mut board = Grid::new(shape);
        either.puzzle().apply(&mut board, &taps);
        let solution = either.solve(&board).unwrap();
        assert!(!solution.optimal);
        let bound = |color| lit_cells(&board, color).count().div_ceil(5);
        assert_eq!(
            solution.lower_bound,
            bound(Color::White).min(bound(Color::Black))
        );
    }
}

/// Past the proven limit, a large board's quiet tap sets are chased out one at a time for the
/// greedy descent, no more of them a pass than `GREEDY_CELLS` cells allow, and never stored.
#[test]
fn the_greedy_descent_chases_out_quiet_tap_sets_within_its_budget() {
    let count = |solver: &Solver| {
        let mut seen = 0;
        quiet::QuietTaps::each(&*solver.greedy_quiet_taps(), &mut |taps| {
            assert_eq!(taps.shape(), solver.puzzle().shape());
            seen += 1;
        });
        seen
    };
    // 1024x1024: nullity 484 (the degree of gcd(p(x), p(x + 1)) for its Chebyshev-like
    // polynomial p, worked out apart), 2^28 / 2^20 cells = 256 a pass.
    let big = Solver::new(Puzzle::plus(shape(1024, 1024), Goal::White)).unwrap();
    assert_eq!(big.nullity(), 484);
    assert_eq!(count(&big), 256);
    let all_on = Grid::filled(big.puzzle().shape(), Color::Black);
    let solution = big.solve(&all_on).unwrap();
    assert!(!solution.optimal);
    assert!(
        big.taps_basis.get().is_none(),
        "the quiet tap sets were stored"
    );
    // A small board past the limit tries all of its own (55x71: nullity 55).
    let small = Solver::new(Puzzle::plus(shape(55, 71), Goal::White)).unwrap();
    assert_eq!(count(&small), 55);
    // Past 64 quiet tap sets there is no descent by transform (its index holds at most 64), even
    // on a board small enough for one: 123x123 has nullity 80 (worked out apart, as above).
    let wide_null = Solver::new(Puzzle::plus(shape(123, 123), Goal::White)).unwrap();
    assert_eq!(wide_null.nullity(), 80);
    let all_on = Grid::filled(wide_null.puzzle().shape(), Color::Black);
    let solution = wide_null.solve(&all_on).unwrap();
    assert!(!solution.optimal);
    let mut board = all_on.clone();
    wide_null.puzzle().apply(&mut board, &solution.taps);
    assert!(board.is_empty(), "the taps finish the board");
    assert!(wide_null.coset_index.get().is_none());
    // Chased out one at a time or stored, the greedy descent takes the same steps.
    let all_on = Grid::filled(small.puzzle().shape(), Color::Black);
    let start = small.particulars(std::slice::from_ref(&all_on))[0]
        .clone()
        .unwrap();
    let streamed = descent::improve_locally(start.clone(), &*small.greedy_quiet_taps());
    let stored = descent::improve_locally(start.clone(), small.quiet_tap_basis());
    assert_eq!(streamed, stored);
    assert!(streamed.count() < start.count());
}

/// Past [`STREAMED_SEARCH_CELLS`] a chased board's exact search walks quiet tap sets chased out
/// on the way, even for a null space small enough to try sum by sum: none is ever held whole,
/// and the answer is the one trying every sum of the stored quiet tap sets gives.
#[test]
fn a_large_chased_board_is_searched_without_holding_its_quiet_tap_sets() {
    // 9999x424: nullity 4 (worked out apart, as above), 4,239,576 cells.
    let puzzle = Puzzle::plus(shape(9999, 424), Goal::White);
    assert!(puzzle.shape().cells() > STREAMED_SEARCH_CELLS);
    let solver = Solver::new(puzzle.clone()).unwrap();
    assert_eq!(solver.nullity(), 4);
    let all_on = Grid::filled(puzzle.shape(), Color::Black);
    let solution = solver.solve(&all_on).unwrap();
    assert!(solution.optimal);
    assert!(
        solver.taps_basis.get().is_none(),
        "no quiet tap set held whole"
    );
    let start = solver.particulars(std::slice::from_ref(&all_on))[0]
        .clone()
        .unwrap();
    let tried = graycode::least_in_coset(start, solver.quiet_tap_basis());
    assert_eq!(solution.taps, tried);
    // A small board's few quiet tap sets are stored and tried sum by sum.
    let small = Solver::new(Puzzle::plus(shape(5, 5), Goal::White)).unwrap();
    assert_eq!(small.nullity(), 2);
    assert!(
        small
            .solve(&Grid::filled(shape(5, 5), Color::Black))
            .is_some()
    );
    assert!(small.taps_basis.get().is_some());
}

/// The search over orbits (one slice an orbit of the board's symmetries, the tie rule over the
/// orbits of the fewest found) finds the same tap set as trying every quiet tap set, on boards
/// every symmetry keeps and on boards only some keep, on squares and oblongs, under rules the
/// symmetries keep (plus, x, box, plus on the torus) and one they do not all keep.
#[test]
fn the_search_over_orbits_agrees_with_trying_every_sum() {
    let mut generator = crate::random::Generator::from_seed(2026);
    let cases: [(u32, u32, &str, bool, usize); 10] = [
        // rows, cols, rule, wrap, symmetries of the puzzle (not the identity)
        (4, 4, "plus", false, 7),
        (9, 9, "plus", false, 7),
        (16, 16, "plus", false, 7),
        (19, 19, "plus", false, 7),
        (13, 17, "plus", false, 3),
        (11, 15, "plus", false, 3),
        (8, 8, "plus", true, 7),
        (6, 6, "x", false, 7),
        (9, 9, "box", false, 7),
        // Only the reflection across the middle column keeps it.
        (10, 10, "110/111/010", false, 1),
    ];
    for (rows, cols, rule, wrap, expected_symmetries) in cases {
        let puzzle = puzzle(rows, cols, rule, wrap, Goal::White);
        let label = format!("{rows}x{cols} {rule} wrap {wrap}");
        let solver = Solver::without_table(puzzle.clone()).unwrap();
        let kept = symmetry::puzzle_symmetries(&puzzle);
        assert_eq!(kept.len(), expected_symmetries, "{label}");
        let index = solver.coset_index();
        let count = solver.nullity();
        let shape = puzzle.shape();
        let mut boards = vec![Grid::filled(shape, Color::Black)];
        for subgroup in [kept.clone(), kept.iter().copied().take(1).collect()] {
            // A random board every symmetry of `subgroup` keeps: random cells with their orbits.
            let mut board = Grid::new(shape);
            for _ in 0..shape.cells() / 6 {
                let (row, col) = (
                    generator.below(u64::from(rows)) as usize,
                    generator.below(u64::from(cols)) as usize,
                );
                board.set(row, col, true);
                for &symmetry in &subgroup {
                    let (row, col) = symmetry.map(shape, row, col);
                    board.set(row, col, true);
                }
            }
            boards.push(board);
        }
        let mut searched = 0;
        for board in boards {
            let lit = lit_cells(&board, Color::White);
            let Some(Some(taps)) = solver.particulars(std::slice::from_ref(&lit)).pop() else {
                continue;
            };
            let keeping: Vec<Symmetry> = kept
                .iter()
                .copied()
                .filter(|symmetry| symmetry.apply(&lit) == lit)
                .collect();
            let expected = graycode::least_in_coset(taps.clone(), solver.quiet_tap_basis());
            for inner in sweep::LEAST_INNER_BITS..=count.min(7) {
                let symmetries = Some((shape, keeping.as_slice()));
                let sweep = |part: &mut Part| {
                    index.sweep(taps.clone(), inner, symmetries, &mut |_, _| {}, None, part)
                };
                let (found, complete) = sweep(&mut Part::Whole).unwrap();
                assert!(complete, "{label}");
                assert_eq!(found, expected, "{label}, inner {inner}, {keeping:?}");
                // Split into shards, the same search merged is the same answer.
                for shards in 1..=8 {
                    let mut parts = Vec::new();
                    for shard in Shard::all(shards).unwrap() {
                        let mut part = Part::Shard(shard, None);
                        sweep(&mut part);
                        let Part::Shard(_, Some(kept)) = part else {
                            panic!("{label}: shard {shard} kept no part");
                        };
                        parts.push(kept);
                    }
                    let orbits = parts[0].0;
                    assert!(parts.iter().all(|part| part.0 == orbits));
                    let parts = parts.into_iter().map(|(_, found)| found).collect();
                    let mut merge = Part::Merge {
                        orbits,
                        parts,
                        refused: None,
                    };
                    let (taps, complete) = sweep(&mut merge).unwrap();
                    assert!(complete);
                    assert_eq!(taps, expected, "{label}, inner {inner}, {shards} shards");
                }
            }
            searched += 1;
        }
        assert!(searched > 0, "{label}: no board was solvable");
    }
}

/// `fewest` proves a count without the search where a descent meets the counting bound, and
/// otherwise agrees with `solve`: scrambles of 61x61 (nullity 40, minutes to search) by taps far
/// apart, and of 39x39 (nullity 32) by taps close together, compared with the full search.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn the_fewest_taps_are_proven_by_the_bound_where_a_descent_meets_it() {
    let scramble = |n: u32, taps: &[(usize, usize)], goal: Goal| {
        let puzzle = Puzzle::plus(shape(n, n), goal);
        let mut tapped = Grid::new(puzzle.shape());
        for &(row, col) in taps {
            tapped.set(row, col, true);
        }
        let mut board = Grid::new(puzzle.shape());
        puzzle.apply(&mut board, &tapped);
        (Solver::new(puzzle).unwrap(), board)
    };
    let far: Vec<(usize, usize)> = (0..12)
        .map(|i| (4 + 5 * (i / 4), 3 + 9 * (i % 4)))
        .collect();
    for goal in [Goal::White, Goal::Either] {
        let (solver, board) = scramble(61, &far, goal);
        assert_eq!(solver.fewest(&board), Some((12, true)), "{goal:?}");
    }
    // Close taps overlap: the bound is not met, and the search decides.
    let close = [(5, 5), (5, 6), (6, 5), (20, 20), (21, 21), (30, 1)];
    let (solver, board) = scramble(39, &close, Goal::White);
    let solution = solver.solve(&board).unwrap();
    assert!(solution.optimal);
    assert_eq!(solver.fewest(&board), Some((solution.moves(), true)));
    assert!(solution.moves() <= 6);
    // All on, 39x39: the counting bound is far below the minimum, which only the search
    // proves (561, OEIS A075464); a count that trusted the descent alone would be wrong.
    let puzzle = Puzzle::plus(shape(39, 39), Goal::White);
    let solver = Solver::new(puzzle.clone()).unwrap();
    let all_on = Grid::filled(puzzle.shape(), Color::Black);
    assert!(solver.counting_bound(std::slice::from_ref(&all_on)) < 561);
    assert_eq!(solver.fewest(&all_on), Some((561, true)));
    // An hour is time enough for the same search: the deadline is after the start.
    let mut solver = solver;
    solver.set_search_time(Some(std::time::Duration::from_secs(3600)));
    let timed = solver.solve(&all_on).unwrap();
    assert_eq!((timed.moves(), timed.optimal), (561, true));
    // On the 30x30 torus (nullity 24) the taps at (r + 2c) % 5 == 0 turn every cell over
    // once. Without two of them, white is 178 taps that meet their bound, but black is two:
    // a count met by its bound is only the answer when no other colour's bound is below it.
    let torus = crate::puzzle::test_puzzle(30, 30, "plus", true, Goal::Either);
    let solver = Solver::new(torus.clone()).unwrap();
    assert_eq!(solver.nullity(), 24);
    let mut taps = Grid::new(torus.shape());
    for (row, col) in (0..30).flat_map(|row| (0..30).map(move |col| (row, col))) {
        taps.set(
            row,
            col,
            (row + 2 * col) % 5 == 0 && ![(0, 0), (5, 5)].contains(&(row, col)),
        );
    }
    let mut board = Grid::new(torus.shape());
    torus.apply(&mut board, &taps);
    assert_eq!(lit_cells(&board, Color::White).count(), 178 * 5);
    assert_eq!(solver.fewest(&board), Some((2, true)));
    // A board with one black piece cannot be made white on 39x39 (a quiet pattern meets it):
    // no count, as solve says.
    let puzzle = Puzzle::plus(shape(39, 39), Goal::White);
    let solver = Solver::new(puzzle.clone()).unwrap();
    let mut odd = Grid::new(puzzle.shape());
    odd.set(0, 0, true);
    assert!(solver.solve(&odd).is_none());
    assert_eq!(solver.fewest(&odd), None);
}

/// Past the swept boards (whose every cell's pattern is kept) the search stops at nullity 32:
/// 2222x2222 has nullity 36 and 4.9 million cells, 4,096 passes over the board.
#[test]
fn large_boards_are_searched_in_full_only_up_to_nullity_32() {
    assert_eq!(search_limit(SWEPT_CELLS), ENUMERATION_LIMIT);
    // Split into shards, a swept board takes on every nullity the sweep's keys hold; a larger
    // board is not swept, so not split, and keeps its limit.
    assert_eq!(sharded_search_limit(SWEPT_CELLS), SHARDED_ENUMERATION_LIMIT);
    assert_eq!(sharded_search_limit(1), SHARDED_ENUMERATION_LIMIT);
    assert_eq!(
        sharded_search_limit(SWEPT_CELLS + 1),
        LARGE_BOARD_ENUMERATION_LIMIT
    );
    assert_eq!(search_limit(2048 * 2048), 42);
    assert_eq!(search_limit(SWEPT_CELLS + 1), LARGE_BOARD_ENUMERATION_LIMIT);
    assert_eq!(search_limit(2222 * 2222), 32);
    let mut solver = Solver::new(Puzzle::plus(shape(61, 61), Goal::White)).unwrap();
    assert_eq!(solver.search_limit(), 42);
    assert!(solver.proves_minimum());
    // With no time to search, all on (nullity 40, far above its counting bound) gets the best
    // tap set found, marked unproven.
    solver.set_search_time(Some(std::time::Duration::ZERO));
    let cut = solver
        .solve(&Grid::filled(shape(61, 61), Color::Black))
        .unwrap();
    assert!(!cut.optimal && cut.lower_bound < cut.moves());
}

/// A search time given with one board is that board's alone: all on 61x61 with none gets the
/// best found, unproven, and the solver keeps its own (none), also for a batch.
#[test]
fn a_search_time_for_one_board_is_that_boards_alone() {
    let solver = Solver::new(Puzzle::plus(shape(61, 61), Goal::White)).unwrap();
    let all_on = Grid::filled(shape(61, 61), Color::Black);
    let none = Some(std::time::Duration::ZERO);
    let cut = solver
        .solve_within(&all_on, none, &mut |_, _, _| {})
        .unwrap();
    assert!(!cut.optimal && cut.lower_bound < cut.moves());
    assert_eq!(solver.search_time, None);
    let batch = crate::kind::solve_all::<crate::kind::TwoStates, (), _>(
        (&solver, none),
        2,
        |_| Ok(all_on.clone()),
        |answer| answer.map(|solution| solution.optimal),
        |_, _| {},
    );
    assert_eq!(batch, Ok(vec![Some(false), Some(false)]));
}

/// Either colour: the better colour's answer is proven only when the other colour's lower
/// bound does not go under it. On 55x71 (nullity 55, past the search) the taps at
/// (r + 2c) % 5 == 0 inside the border never overlap: white is those 732 taps, met by its
/// counting bound; black's descent finds far more, but its bound (the 244 border cells) is 49.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn either_colour_is_proven_only_when_no_bound_goes_under_it() {
    let board_shape = shape(55, 71);
    let mut taps = Grid::new(board_shape);
    for (row, col) in (1..54).flat_map(|row| (1..70).map(move |col| (row, col))) {
        taps.set(row, col, (row + 2 * col) % 5 == 0);
    }
    let mut board = Grid::new(board_shape);
    Puzzle::plus(board_shape, Goal::White).apply(&mut board, &taps);
    let solution = Solver::new(Puzzle::plus(board_shape, Goal::Either))
        .unwrap()
        .solve(&board)
        .unwrap();
    assert_eq!(solution.taps, taps);
    assert_eq!((solution.optimal, solution.lower_bound), (false, 49));
}

/// A tap that turns over only its left and right neighbours makes every row of three its own
/// puzzle, with one quiet tap set (both ends): with the middle column black, each row takes
/// either end, and all 2^rows answers tie. At 30 rows (nullity 30, swept over the orbits of
/// the board's four symmetries) the ties pass what the orbits keep, and the search runs again
/// without them: the same least tap set (the right end of every row, the least row-major
/// string) as the 10-row board's plain search gives.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn ties_past_what_the_orbits_keep_give_the_same_least_tap_set() {
    for rows in [10, 30] {
        let puzzle = puzzle(rows, 3, "000/101/000", false, Goal::White);
        let solver = Solver::new(puzzle.clone()).unwrap();
        assert_eq!(solver.nullity(), rows as usize);
        let mut board = Grid::new(puzzle.shape());
        let mut right = Grid::new(puzzle.shape());
        for row in 0..rows as usize {
            board.set(row, 1, true);
            right.set(row, 2, true);
        }
        let solution = solver.solve(&board).unwrap();
        assert_eq!(solution.taps, right, "{rows} rows");
        assert!(solution.optimal);
    }
}

/// A board no symmetry keeps is searched without the square's symmetries: on 39x39 (nullity
/// 32, swept) a random board's answer is the plain sweep's, every slice searched. Were the
/// symmetries used anyway, the search would skip slices and map its ties by moves that do
/// not keep the board.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn a_board_no_symmetry_keeps_is_searched_whole() {
    let puzzle = Puzzle::plus(shape(39, 39), Goal::White);
    let solver = Solver::new(puzzle.clone()).unwrap();
    let mut generator = crate::random::Generator::from_seed(39);
    let mut taps = Grid::new(puzzle.shape());
    for _ in 0..300 {
        let cell = generator.below(39 * 39) as usize;
        taps.set(cell / 39, cell % 39, true);
    }
    let mut board = Grid::new(puzzle.shape());
    puzzle.apply(&mut board, &taps);
    let solution = solver.solve(&board).unwrap();
    assert!(solution.optimal);
    let lit = lit_cells(&board, Color::White);
    let particular = solver
        .particulars(std::slice::from_ref(&lit))
        .pop()
        .unwrap()
        .unwrap();
    let (expected, complete) = solver
        .coset_index()
        .sweep(
            particular,
            sweep::MOST_INNER_BITS,
            None,
            &mut |_, _| {},
            None,
            &mut Part::Whole,
        )
        .unwrap();
    assert!(complete);
    assert_eq!(solution.taps, expected);
}

/// The quiet tap sets told stage by stage: one report per set worked out and one at the end,
/// and none for a single set (nothing to watch); the same sets as without progress.
#[test]
fn quiet_tap_sets_report_their_progress_only_when_there_are_several() {
    for (rule, rows, cols, sets) in [("box", 1, 2, 1), ("x", 4, 4, 4), ("x", 2, 2, 2)] {
        let puzzle = puzzle(rows, cols, rule, false, Goal::White);
        let solver = Solver::new(puzzle.clone()).unwrap();
        let mut reports = Vec::new();
        let basis = solver
            .quiet_tap_basis_with_progress(&mut |stage, done, total| {
                if stage == Stage::QuietTapSets {
                    reports.push((done, total));
                }
            })
            .to_vec();
        assert_eq!(basis.len(), sets, "{rule} {rows}x{cols}");
        assert_eq!(basis, Solver::new(puzzle).unwrap().quiet_tap_basis());
        let expected: Vec<(u64, u64)> = if sets > 1 {
            (0..=sets as u64).map(|done| (done, sets as u64)).collect()
        } else {
            Vec::new()
        };
        assert_eq!(reports, expected, "{rule} {rows}x{cols}");
    }
}

/// A search split into shards gives, merged, exactly what one run gives, for every count of
/// shards from 1 to 8 and past the assignments: scrambles of 30x30 (nullity 20) for one colour,
/// and for either far from both (both colours searched), all on 39x39 (nullity 32, searched
/// over the orbits of its symmetries), and a board no taps finish.
#[test]
fn shards_merged_give_the_single_runs_answer() {
    let mut generator = crate::random::Generator::from_seed(35);
    let mut scrambled = |n: u32, taps: usize| {
        let puzzle = Puzzle::plus(shape(n, n), Goal::White);
        let mut board = Grid::new(puzzle.shape());
        for _ in 0..taps {
            let (row, col) = (generator.below(u64::from(n)), generator.below(u64::from(n)));
            puzzle.tap(&mut board, row as usize, col as usize);
        }
        board
    };
    let mut impossible = Grid::new(shape(30, 30));
    impossible.set(0, 0, true);
    let cases = [
        (30, Goal::White, scrambled(30, 200)),
        (30, Goal::Either, scrambled(30, 400)),
        (30, Goal::Either, impossible),
        (39, Goal::White, Grid::filled(shape(39, 39), Color::Black)),
    ];
    for (n, goal, board) in cases {
        let solver = Solver::new(Puzzle::plus(shape(n, n), goal)).unwrap();
        let expected = solver.solve(&board);
        let label = format!(
            "{n}x{n} {goal:?}, {:?} taps",
            expected.as_ref().map(|s| s.moves())
        );
        // 30x30 sweeps 16 assignments: past 16 shards some have none, and go on to the other
        // colour all the same.
        for shards in (1..=8).chain([17, 40]) {
            let parts: Vec<Vec<SweepPart>> = Shard::all(shards)
                .unwrap()
                .into_iter()
                .map(|shard| solver.solve_shard(&board, shard, &mut |_, _, _| {}))
                .collect();
            // A board no taps finish has no search to split.
            assert_eq!(parts[0].is_empty(), expected.is_none(), "{label}");
            let merged = solver.solve_merged(&board, &parts, &mut |_, _, _| {});
            assert_eq!(merged, Ok(expected.clone()), "{label}, {shards} shards");
        }
    }
}

/// Parts that cannot come from the shards of one search are refused, saying which shard to
/// run again: one shard's part missing, or searched over orbits where the others' were not.
#[test]
fn parts_that_do_not_fit_together_are_refused() {
    let puzzle = Puzzle::plus(shape(39, 39), Goal::White);
    let board = Grid::filled(puzzle.shape(), Color::Black);
    let solver = Solver::new(puzzle).unwrap();
    let mut parts: Vec<Vec<SweepPart>> = Shard::all(3)
        .unwrap()
        .into_iter()
        .map(|shard| solver.solve_shard(&board, shard, &mut |_, _, _| {}))
        .collect();
    assert!(parts.iter().all(|part| part.len() == 1 && part[0].orbits));
    let kept = parts[1].clone();
    parts[1].clear();
    let missing = solver.solve_merged(&board, &parts, &mut |_, _, _| {});
    assert_eq!(
        missing,
        Err(MergeError::Missing {
            shard: 2,
            color: Color::White
        })
    );
    parts[1] = kept;
    parts[2][0].orbits = false;
    let mixed = solver.solve_merged(&board, &parts, &mut |_, _, _| {});
    assert_eq!(
        mixed,
        Err(MergeError::Mixed {
            color: Color::White
        })
    );
    // Parts that all say orbits, for a board with no symmetry to make them.
    let mut odd = board.clone();
    Puzzle::plus(shape(39, 39), Goal::White).tap(&mut odd, 0, 1);
    let mut parts: Vec<Vec<SweepPart>> = Shard::all(2)
        .unwrap()
        .into_iter()
        .map(|shard| solver.solve_shard(&odd, shard, &mut |_, _, _| {}))
        .collect();
    for part in parts.iter_mut().flatten() {
        assert!(!part.orbits);
        part.orbits = true;
    }
    let mixed = solver.solve_merged(&odd, &parts, &mut |_, _, _| {});
    assert_eq!(
        mixed,
        Err(MergeError::Mixed {
            color: Color::White
        })
    );
}

/// The merge recounts every key of every part: a count changed either way, a part that says
/// it found nothing in a share that had something, and (over orbits) a part with no ties or a
/// tie of another count are each refused, naming the shard; untouched parts merge.
#[test]
fn parts_whose_keys_do_not_give_their_counts_are_refused() {
    let puzzle = Puzzle::plus(shape(30, 30), Goal::White);
    let mut scrambled = Grid::new(puzzle.shape());
    let mut generator = crate::random::Generator::from_seed(36);
    for _ in 0..300 {
        let (row, col) = (generator.below(30), generator.below(30));
        puzzle.tap(&mut scrambled, row as usize, col as usize);
    }
    let cases = [
        (30, Goal::Either, scrambled),
        (39, Goal::White, Grid::filled(shape(39, 39), Color::Black)),
    ];
    for (n, goal, board) in cases {
        let solver = Solver::new(Puzzle::plus(shape(n, n), goal)).unwrap();
        let parts: Vec<Vec<SweepPart>> = Shard::all(3)
            .unwrap()
            .into_iter()
            .map(|shard| solver.solve_shard(&board, shard, &mut |_, _, _| {}))
            .collect();
        let merge =
            |parts: &[Vec<SweepPart>]| solver.solve_merged(&board, parts, &mut |_, _, _| {});
        assert_eq!(merge(&parts), Ok(solver.solve(&board)), "{n}x{n}");
        for shard in 0..3 {
            let color = parts[shard][0].color;
            let (claimed, key) = parts[shard][0].best.unwrap();
            for changed in [claimed - 1, claimed + 1] {
                let mut edited = parts.clone();
                edited[shard][0].best = Some((changed, key));
                assert_eq!(
                    merge(&edited),
                    Err(MergeError::Miscounted {
                        shard: shard as u32 + 1,
                        color,
                        claimed: changed,
                        counted: claimed
                    }),
                    "{n}x{n}, shard {shard}"
                );
            }
            let mut edited = parts.clone();
            edited[shard][0].best = None;
            edited[shard][0].ties.clear();
            let unfound = Err(MergeError::Unfound {
                shard: shard as u32 + 1,
                color,
            });
            assert_eq!(merge(&edited), unfound, "{n}x{n}, shard {shard}");
            if parts[shard][0].orbits {
                let mut edited = parts.clone();
                edited[shard][0].ties.clear();
                assert_eq!(merge(&edited), unfound, "{n}x{n}, shard {shard}");
                let mut edited = parts.clone();
                let tie = edited[shard][0].ties[0];
                edited[shard][0].ties.push(tie ^ 1);
                assert!(
                    matches!(merge(&edited), Err(MergeError::Miscounted { .. })),
                    "{n}x{n}, shard {shard}"
                );
            }
        }
    }
}

/// Past the limit of a split search (nullity 64) shards do not search: `lines` on 35x35 has
/// nullity 68, and every shard and the merge answer with the descent, as one run does.
#[test]
fn shards_past_their_limit_answer_as_one_run_does() {
    let puzzle = Puzzle::new(
        shape(35, 35),
        Rule::parse("lines").unwrap(),
        false,
        Goal::White,
    )
    .unwrap();
    let solver = Solver::new(puzzle).unwrap();
    assert_eq!(solver.nullity(), 68);
    let board = Grid::filled(shape(35, 35), Color::Black);
    let expected = solver.solve(&board);
    assert!(expected.as_ref().is_some_and(|solution| !solution.optimal));
    let parts: Vec<Vec<SweepPart>> = Shard::all(2)
        .unwrap()
        .into_iter()
        .map(|shard| solver.solve_shard(&board, shard, &mut |_, _, _| {}))
        .collect();
    assert!(parts.iter().all(Vec::is_empty));
    assert_eq!(
        solver.solve_merged(&board, &parts, &mut |_, _, _| {}),
        Ok(expected)
    );
}

/// A board one run proves by information sets, without a sweep (a sparse minimum: 39x39
/// scrambled by 60 taps, nullity 32), is proven the same way by every shard: no parts, and the
/// merge answers it as one run does.
#[test]
fn shards_prove_what_one_run_proves_without_a_sweep() {
    let puzzle = Puzzle::plus(shape(39, 39), Goal::Either);
    let mut generator = crate::random::Generator::from_seed(8);
    let mut board = Grid::new(puzzle.shape());
    for _ in 0..60 {
        let (row, col) = (generator.below(39), generator.below(39));
        puzzle.tap(&mut board, row as usize, col as usize);
    }
    let solver = Solver::new(puzzle).unwrap();
    assert_eq!(solver.nullity(), 32);
    let expected = solver.solve(&board);
    assert!(expected.as_ref().is_some_and(|solution| solution.optimal));
    let parts: Vec<Vec<SweepPart>> = Shard::all(4)
        .unwrap()
        .into_iter()
        .map(|shard| solver.solve_shard(&board, shard, &mut |_, _, _| {}))
        .collect();
    assert!(parts.iter().all(Vec::is_empty), "{parts:?}");
    assert_eq!(
        solver.solve_merged(&board, &parts, &mut |_, _, _| {}),
        Ok(expected)
    );
}

/// Past the exact limit, information-set decoding brings back boards scrambled by a few
/// hundred taps where the quiet tap sets are dense, and disjoint information sets prove it:
/// `sigma` 50x50 (nullity 50), scrambled from all white by random taps applied here from the
/// rule's definition, gets an answer of at most the scramble's taps (the descent alone
/// answers with many more) that finishes it, proven minimal.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn past_the_limit_decoding_answers_scrambles_with_at_most_their_taps() {
    let shape = shape(50, 50);
    let solver = Solver::new(puzzle(50, 50, "sigma", false, Goal::White)).unwrap();
    assert_eq!(solver.nullity(), 50);
    let mut state = 77u64;
    let mut next = move |below: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % below
    };
    let cells: Vec<(i64, i64)> = (0..50).flat_map(|r| (0..50).map(move |c| (r, c))).collect();
    let scramble = 120;
    let mut tapped = vec![false; cells.len()];
    let mut board = Grid::new(shape);
    while tapped.iter().filter(|&&t| t).count() < scramble {
        let tap = next(cells.len() as u64) as usize;
        if std::mem::replace(&mut tapped[tap], true) {
            continue;
        }
        for &cell in &cells {
            if by_definition("sigma", shape, false, cells[tap], cell) {
                board.toggle(cell.0 as usize, cell.1 as usize);
            }
        }
    }
    let solution = solver.solve(&board).unwrap();
    assert!(solution.moves() <= scramble as u64, "{}", solution.moves());
    // Proven by disjoint information sets, past the limit of the search.
    assert!(solution.optimal);
    assert_eq!(solution.lower_bound, solution.moves());
    let mut finished = board.clone();
    for (tap_row, tap_col) in solution.taps.cells() {
        for &cell in &cells {
            if by_definition(
                "sigma",
                shape,
                false,
                (tap_row as i64, tap_col as i64),
                cell,
            ) {
                finished.toggle(cell.0 as usize, cell.1 as usize);
            }
        }
    }
    assert!(
        finished.is_empty(),
        "the taps leave {} black",
        finished.count()
    );
    let lit = lit_cells(&board, Color::White);
    let particular = solver.particulars(std::slice::from_ref(&lit))[0]
        .clone()
        .unwrap();
    assert_eq!(
        solver.least_by_information_sets(&particular, &lit, None),
        Some(solution.taps.clone())
    );
    let descended = solver.improve(particular);
    assert!(
        descended.count() > solution.moves() + 50,
        "the descent alone: {}",
        descended.count()
    );
}

/// The proof by disjoint information sets against the sweep over the whole null space (a
/// shard of one, merged: the search that never tries the proof): `sigma` 24x24 (nullity 24)
/// scrambled by 5 to 160 random taps, for white and for either colour,
/// the same answer, proven, ties and all; and where the proof answers, it is the one that did.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn the_proof_by_information_sets_agrees_with_the_sweep() {
    let mut generator = crate::random::Generator::from_seed(5);
    let mut proofs = 0;
    let n = 24;
    for (goal, scrambles) in [
        (Goal::White, &[5, 20, 40, 80, 160][..]),
        (Goal::Either, &[10, 160]),
    ] {
        let solver = Solver::new(puzzle(n, n, "sigma", false, goal)).unwrap();
        assert_eq!(solver.nullity(), n as usize);
        for &scramble in scrambles {
            let mut taps = Grid::new(shape(n, n));
            for _ in 0..scramble {
                let (r, c) = (generator.below(n.into()), generator.below(n.into()));
                taps.toggle(r as usize, c as usize);
            }
            let mut board = Grid::new(taps.shape());
            solver.puzzle().apply(&mut board, &taps);
            let solution = solver.solve(&board).unwrap();
            let lit = lit_cells(&board, solution.color);
            let particular = solver.particulars(std::slice::from_ref(&lit))[0]
                .clone()
                .unwrap();
            // Every one of the 2^24 sums, in Gray-code order: no proof, no sweep.
            let every_sum =
                coset::graycode::least_in_coset(particular.clone(), solver.quiet_tap_basis());
            assert_eq!(solution.taps, every_sum, "{n}x{n} scrambled by {scramble}");
            if let Some(least) = solver.least_by_information_sets(&particular, &lit, None) {
                assert_eq!(least, every_sum);
                proofs += 1;
            }
        }
    }
    assert!(proofs >= 4, "{proofs} proofs");
}

/// A map of a board's cells onto themselves, `(row, col)` to `(row, col)`.
pub(super) type Map = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// Whether `map` sends every set cell of `grid` to a set cell: `grid` is what `map` leaves
/// where it is (a map of the cells onto themselves is one to one).
pub(super) fn kept_by_map(grid: &Grid, map: &dyn Fn(usize, usize) -> (usize, usize)) -> bool {
    grid.cells().all(|(row, col)| {
        let (row, col) = map(row, col);
        grid.get(row, col)
    })
}

/// Where each of the eight maps of a `rows` x `cols` board sends `(row, col)`, written out
/// from their definitions: the identity, the two mirrors and the half turn, then on a square
/// the two diagonals and the two quarter turns.
pub(super) fn maps(rows: usize, cols: usize) -> Vec<Map> {
    let (last_row, last_col) = (rows - 1, cols - 1);
    let mut maps: Vec<Map> = vec![
        Box::new(|r, c| (r, c)),
        Box::new(move |r, c| (last_row - r, c)),
        Box::new(move |r, c| (r, last_col - c)),
        Box::new(move |r, c| (last_row - r, last_col - c)),
    ];
    if rows == cols {
        let last = last_row;
        maps.push(Box::new(|r, c| (c, r)));
        maps.push(Box::new(move |r, c| (last - c, last - r)));
        maps.push(Box::new(move |r, c| (c, last - r)));
        maps.push(Box::new(move |r, c| (last - c, r)));
    }
    maps
}

/// The fewest taps of a tap set in `taps + span(quiet)` that `map` leaves where it is, by
/// trying every element in Gray-code order with its image kept beside it; `None` if none is.
fn fewest_fixed_by_brute_force(taps: &Grid, quiet: &[Grid], map: &Map) -> Option<u64> {
    let image = |grid: &Grid| {
        let mut moved = Grid::new(grid.shape());
        for (row, col) in grid.cells() {
            let (row, col) = map(row, col);
            moved.set(row, col, true);
        }
        moved
    };
    let images: Vec<Grid> = quiet.iter().map(image).collect();
    let (mut element, mut moved) = (taps.clone(), image(taps));
    let mut fewest = (element == moved).then(|| element.count());
    for step in 1u64..1 << quiet.len() {
        let flipped = step.trailing_zeros() as usize;
        element.xor_with(&quiet[flipped]);
        moved.xor_with(&images[flipped]);
        if element == moved {
            fewest = Some(fewest.map_or(element.count(), |f| f.min(element.count())));
        }
    }
    fewest
}

/// The search of symmetric tap sets gives the fewest taps of any tap set of the coset that a
/// symmetry of the board fixes (or the start, when it has fewer), against trying every element
/// for each symmetry: the all-on board, where every symmetry is kept, and a board kept by the
/// half turn only, on squares whose fixed quiet tap sets are tried one by one and (30x30) by a
/// transform. It stops at once at the floor, and at a deadline already past.
#[test]
fn the_symmetric_search_finds_the_fewest_taps_a_symmetry_fixes() {
    let mut below_the_start = 0;
    for n in [9u32, 16, 19, 30] {
        let puzzle = Puzzle::plus(shape(n, n), Goal::White);
        let solver = Solver::new(puzzle.clone()).unwrap();
        let quiet = solver.quiet_tap_basis().to_vec();
        let all_on = Grid::filled(puzzle.shape(), Color::Black);
        let mut half_turn = Grid::new(puzzle.shape());
        let last = n as usize - 1;
        for (row, col) in [(0, 1), (2, 5), (3, 3), (7, 8)] {
            half_turn.set(row, col, true);
            half_turn.set(last - row, last - col, true);
        }
        for lit in [all_on, half_turn] {
            let Some(start) = solver.particulars(std::slice::from_ref(&lit))[0].clone() else {
                continue;
            };
            let maps = maps(n as usize, n as usize);
            let kept: Vec<&Map> = maps[1..]
                .iter()
                .filter(|map| kept_by_map(&lit, map))
                .collect();
            let fewest = kept
                .iter()
                .filter_map(|map| fewest_fixed_by_brute_force(&start, &quiet, map))
                .min()
                .map_or(start.count(), |fewest| fewest.min(start.count()));
            let found = solver.least_symmetric(start.clone(), &lit, &quiet, 0, None);
            assert_eq!(found.count(), fewest, "{n}x{n}, {} lit", lit.count());
            let mut turned = Grid::new(puzzle.shape());
            for (row, col) in found.cells() {
                for cell in (0..n as i64).flat_map(|r| (0..n as i64).map(move |c| (r, c))) {
                    if by_definition(
                        "plus",
                        puzzle.shape(),
                        false,
                        (row as i64, col as i64),
                        cell,
                    ) {
                        turned.toggle(cell.0 as usize, cell.1 as usize);
                    }
                }
            }
            assert_eq!(turned, lit, "{n}x{n}: the answer does not finish the board");
            below_the_start += usize::from(fewest < start.count());
            let floor = start.count();
            assert_eq!(
                solver.least_symmetric(start.clone(), &lit, &quiet, floor, None),
                start
            );
            // A deadline already past leaves the start; one an hour away changes nothing.
            let now = crate::solve::kernels::host::Instant::now();
            let spent = solver.least_symmetric(start.clone(), &lit, &quiet, 0, Some(now));
            assert_eq!(spent, start);
            let hour = now + std::time::Duration::from_secs(3600);
            let unspent = solver.least_symmetric(start.clone(), &lit, &quiet, 0, Some(hour));
            assert_eq!(unspent, found);
        }
    }
    assert!(below_the_start >= 4, "{below_the_start}");
}

/// Past the exact limit a symmetric board's answer is at most the least tap set its
/// symmetries fix, where that beats the descent: all-on 55x71 (nullity 55), whose tap sets
/// fixed by reversing the rows (28 quiet tap sets of them) hold one with fewer taps than the
/// descent finds. The answer finishes the board, by the rule's definition.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn past_the_limit_a_symmetric_board_gets_at_most_its_least_symmetric_tap_set() {
    let puzzle = Puzzle::plus(shape(55, 71), Goal::White);
    let solver = Solver::new(puzzle.clone()).unwrap();
    assert!(solver.nullity() > solver.search_limit());
    let all_on = Grid::filled(puzzle.shape(), Color::Black);
    let start = solver.particulars(std::slice::from_ref(&all_on))[0]
        .clone()
        .unwrap();
    let descended = solver.improve(start);
    let quiet = solver.quiet_tap_basis();
    let symmetric = solver.least_symmetric(descended.clone(), &all_on, quiet, 0, None);
    assert!(symmetric.count() < descended.count());
    let solution = solver.solve(&all_on).unwrap();
    assert!(!solution.optimal);
    assert!(
        solution.moves() <= symmetric.count(),
        "{}",
        solution.moves()
    );
    let mut turned = Grid::new(puzzle.shape());
    for (row, col) in solution.taps.cells() {
        for (r, c) in (0..55).flat_map(|r| (0..71).map(move |c| (r, c))) {
            if by_definition(
                "plus",
                puzzle.shape(),
                false,
                (row as i64, col as i64),
                (r, c),
            ) {
                turned.toggle(r as usize, c as usize);
            }
        }
    }
    assert_eq!(turned, all_on);
}
