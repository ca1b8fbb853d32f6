//! What a front end builds on, held to the definitions for both kinds: the quiet generators
//! make exactly the tap counts that change no board (counted by trying every tap count), a
//! tap's weights are what it does to a board, and a proof's weights sum a board the same way
//! after any taps and differently from every finished board the goal accepts.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{KStates, Kind, TwoStates};
use crate::grid::Shape;
use crate::notation::Cell;
use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
use crate::random::Generator;
use crate::rule::Rule;
use crate::solve::Taps as _;

fn shape(rows: u32, cols: u32) -> Shape {
    Shape::new(rows, cols).unwrap()
}

fn two_sided(rows: u32, cols: u32, rule: &str, wrap: bool) -> Puzzle {
    Puzzle::new(
        shape(rows, cols),
        Rule::parse(rule).unwrap(),
        wrap,
        Goal::Either,
    )
    .unwrap()
}

fn colours(rows: u32, cols: u32, rule: &str, wrap: bool, states: u32) -> StatePuzzle {
    let rule = Rule::parse(rule).unwrap();
    StatePuzzle::new(shape(rows, cols), rule, wrap, states, StateGoal::Any).unwrap()
}

/// Every tap count vector of `puzzle` (K^cells of them), as counts a cell.
fn every_tap_count<K: Kind>(puzzle: &K::Puzzle) -> Vec<Vec<u32>> {
    let cells = K::shape(puzzle).cells() as u32;
    let states = u32::from(K::states(puzzle));
    (0..states.pow(cells))
        .map(|mut number| {
            (0..cells)
                .map(|_| {
                    let digit = number % states;
                    number /= states;
                    digit
                })
                .collect()
        })
        .collect()
}

/// True when tapping `counts` changes no board (tried on the all-0 board, as taps add).
fn is_quiet<K: Kind>(puzzle: &K::Puzzle, counts: &[u32]) -> bool {
    let start = K::filled(puzzle, 0);
    let mut board = start.clone();
    let taps = K::Taps::from_counts(K::shape(puzzle), K::states(puzzle), counts);
    K::apply(puzzle, &mut board, &taps);
    board == start
}

/// The quiet generators are quiet, each of its order, and their multiples' sums are exactly
/// the quiet tap counts, each once.
fn quiet_generators_make_the_quiet_taps<K: Kind>(puzzle: K::Puzzle) {
    let solver = K::solver(puzzle.clone()).unwrap();
    let generators = K::quiet_generators(&solver);
    let states = u32::from(K::states(&puzzle));
    let quiet: Vec<Vec<u32>> = every_tap_count::<K>(&puzzle)
        .into_iter()
        .filter(|counts| is_quiet::<K>(&puzzle, counts))
        .collect();
    let mut sums = vec![vec![0u32; K::shape(&puzzle).cells() as usize]];
    for generator in &generators {
        let counts: Vec<u32> = generator.counts.iter().map(|&c| u32::from(c)).collect();
        assert!(is_quiet::<K>(&puzzle, &counts), "{puzzle:?}: {generator:?}");
        for times in 1..generator.order {
            let multiple: Vec<u32> = counts.iter().map(|c| c * times % states).collect();
            assert!(
                multiple.iter().any(|&c| c > 0),
                "{generator:?} before its order"
            );
        }
        let multiple = |sum: &Vec<u32>, times: u32| -> Vec<u32> {
            sum.iter()
                .zip(&counts)
                .map(|(s, c)| (s + c * times) % states)
                .collect()
        };
        sums = sums
            .iter()
            .flat_map(|sum| (0..generator.order).map(move |times| multiple(sum, times)))
            .collect();
    }
    sums.sort();
    sums.dedup();
    let mut quiet = quiet;
    quiet.sort();
    assert_eq!(sums, quiet, "{puzzle:?}");
}

#[test]
fn quiet_generators_make_exactly_the_quiet_taps_of_either_kind() {
    quiet_generators_make_the_quiet_taps::<TwoStates>(two_sided(4, 4, "plus", false));
    quiet_generators_make_the_quiet_taps::<TwoStates>(two_sided(3, 3, "x", true));
    quiet_generators_make_the_quiet_taps::<TwoStates>(two_sided(3, 4, "sigma", false));
    quiet_generators_make_the_quiet_taps::<TwoStates>(two_sided(2, 3, "plus", false));
    quiet_generators_make_the_quiet_taps::<KStates>(colours(2, 4, "plus", true, 4));
    quiet_generators_make_the_quiet_taps::<KStates>(colours(2, 3, "plus", true, 6));
    quiet_generators_make_the_quiet_taps::<KStates>(colours(3, 3, "x", false, 3));
    quiet_generators_make_the_quiet_taps::<KStates>(colours(2, 3, "010/121/010", false, 4));
}

/// A tap's weights are what it adds to the all-0 board, and nothing else changes.
fn tap_weights_are_what_a_tap_does<K: Kind>(puzzle: K::Puzzle) {
    let shape = K::shape(&puzzle);
    let cols = shape.cols() as usize;
    for index in 0..shape.cells() as usize {
        let cell = crate::notation::Cell::at_index(index, cols);
        let mut board = K::filled(&puzzle, 0);
        K::tap(&puzzle, &mut board, cell);
        let mut expected = vec![0; shape.cells() as usize];
        for (at, weight) in K::tap_weights(&puzzle, cell) {
            expected[at.row * cols + at.col] = weight;
        }
        assert_eq!(K::colors_of(&board), expected, "{puzzle:?} at {cell}");
    }
}

#[test]
fn tap_weights_are_what_a_tap_adds_for_either_kind() {
    tap_weights_are_what_a_tap_does::<TwoStates>(two_sided(3, 4, "x", true));
    tap_weights_are_what_a_tap_does::<TwoStates>(two_sided(4, 3, "lines", false));
    tap_weights_are_what_a_tap_does::<KStates>(colours(3, 3, "010/121/010", true, 3));
    tap_weights_are_what_a_tap_does::<KStates>(colours(2, 5, "plus", false, 6));
}

#[test]
fn a_one_colour_goal_accepts_that_colour_alone_and_filled_boards_show_it() {
    let two = two_sided(3, 3, "plus", false);
    for color in 0..2 {
        let one = TwoStates::with_goal_color(&two, color);
        let accepted: Vec<u8> = TwoStates::goal_colors(&one)
            .into_iter()
            .map(TwoStates::color_number)
            .collect();
        assert_eq!(accepted, [color]);
        assert_eq!(
            TwoStates::colors_of(&TwoStates::filled(&two, color)),
            [color; 9]
        );
    }
    let many = colours(2, 2, "plus", false, 5);
    for color in 0..5 {
        assert_eq!(
            KStates::goal_colors(&KStates::with_goal_color(&many, color)),
            [color]
        );
        assert_eq!(
            KStates::colors_of(&KStates::filled(&many, color)),
            [color; 4]
        );
    }
}

/// Each impossible board's proof weights sum it, mod K, the same way after random taps, and
/// differently from every finished board the goal accepts.
fn proof_weights_hold<K: Kind>(puzzle: K::Puzzle) {
    let solver = K::solver(puzzle.clone()).unwrap();
    let states = u32::from(K::states(&puzzle));
    let cells = K::shape(&puzzle).cells() as usize;
    let cols = K::shape(&puzzle).cols() as usize;
    let mut generator = Generator::from_seed(5);
    let mut proofs = 0;
    for _ in 0..200 {
        let board = K::random_board(&puzzle, &mut generator);
        let Some(proof) = K::proof(&solver, &board) else {
            continue;
        };
        proofs += 1;
        let weights = K::proof_weights(&proof);
        let sum = |colors: &[u8]| -> u32 {
            let pairs = weights.iter().zip(colors);
            pairs
                .map(|(&w, &c)| u32::from(w) * u32::from(c))
                .sum::<u32>()
                % states
        };
        let before = sum(&K::colors_of(&board));
        for color in K::goal_colors(&puzzle).into_iter().map(K::color_number) {
            assert_ne!(sum(&[color].repeat(cells)), before, "{puzzle:?}");
        }
        let mut tapped = board.clone();
        for _ in 0..5 {
            let cell =
                crate::notation::Cell::at_index(generator.below(cells as u64) as usize, cols);
            K::tap(&puzzle, &mut tapped, cell);
        }
        assert_eq!(sum(&K::colors_of(&tapped)), before);
    }
    assert!(proofs > 10, "{puzzle:?}: {proofs} impossible boards");
}

#[test]
fn proof_weights_sum_every_reachable_board_alike_and_no_finished_one_so() {
    proof_weights_hold::<TwoStates>(two_sided(4, 4, "plus", false));
    proof_weights_hold::<TwoStates>(two_sided(5, 5, "x", true));
    proof_weights_hold::<KStates>(colours(3, 3, "x", false, 3));
    proof_weights_hold::<KStates>(colours(2, 4, "plus", true, 4));
}

/// How long a board of `solve_all`'s test waits for another thread.
const WAIT: Duration = Duration::from_secs(1);

/// `solve_all` gives each board the answer `solve` gives it alone, in the boards' order,
/// whatever the threads do: more boards than threads, impossible boards among them.
fn solve_all_answers_each_board_as_solve_does<K: Kind>(puzzle: K::Puzzle) {
    let mut solver = K::solver(puzzle.clone()).unwrap();
    // The solver's own limit is what solve and a batch without one of its own search with.
    assert_eq!(K::search_time(&solver), None);
    K::set_search_time(&mut solver, Some(Duration::from_secs(7)));
    assert_eq!(K::search_time(&solver), Some(Duration::from_secs(7)));
    K::set_search_time(&mut solver, None);
    let mut generator = Generator::from_seed(7);
    let boards: Vec<K::Board> = (0..97)
        .map(|_| K::random_board(&puzzle, &mut generator))
        .collect();
    let board_at = |index: usize| Ok(boards[index].clone());
    let all = super::solve_all::<K, (), _>(
        (&solver, None),
        boards.len(),
        board_at,
        |answer| answer,
        |_, _| {},
    );
    let answers = all.unwrap();
    assert_eq!(answers.len(), boards.len());
    for (board, answer) in boards.iter().zip(&answers) {
        assert_eq!(answer, &K::solve(&solver, board), "{board}");
        // A search time of its own that these small boards never reach changes nothing.
        let hour = Some(Duration::from_secs(3600));
        let within = K::solve_within(&solver, board, hour, &mut |_, _, _| {});
        assert_eq!(&within, answer, "{board}");
    }
    assert!(answers.iter().any(Option::is_none) && answers.iter().any(Option::is_some));
    let none = super::solve_all::<K, (), _>(
        (&solver, None),
        0,
        |_| unreachable!(),
        |answer| answer,
        |_, _| {},
    );
    assert!(none.unwrap().is_empty());
    // The first board refused is the one reported, whichever thread met it first: board 0
    // waits (a moment at most) until the other thread has refused board 90.
    let later_refused = AtomicBool::new(false);
    let some_refused = |index: usize| match index {
        0 => {
            let start = Instant::now();
            while !later_refused.load(Ordering::SeqCst) && start.elapsed() < WAIT {
                std::thread::yield_now();
            }
            std::thread::sleep(WAIT / 20);
            Err(index)
        }
        90 => {
            later_refused.store(true, Ordering::SeqCst);
            Err(index)
        }
        _ => Ok(boards[index].clone()),
    };
    let refused = super::solve_all::<K, usize, _>(
        (&solver, None),
        boards.len(),
        some_refused,
        |a| a,
        |_, _| {},
    );
    assert_eq!(refused, Err(0));
    // What is kept of each answer is what `keep` makes of it.
    let moves = super::solve_all::<K, (), _>(
        (&solver, None),
        boards.len(),
        board_at,
        |answer| answer.map(|solution| solution.moves()),
        |_, _| {},
    );
    let expected: Vec<Option<u64>> = answers
        .iter()
        .map(|a| a.as_ref().map(|s| s.moves()))
        .collect();
    assert_eq!(moves, Ok(expected));
    // This thread is told how many boards are answered, at last all of them (at the start
    // too, which may be the same moment when the boards are quick).
    let mut told = Vec::new();
    let counted = super::solve_all::<K, (), _>(
        (&solver, None),
        boards.len(),
        board_at,
        |answer| answer.is_some(),
        |done, total| told.push((done, total)),
    );
    assert_eq!(counted.map(|kept| kept.len()), Ok(boards.len()));
    assert!(!told.is_empty());
    assert!(
        told.iter()
            .all(|&(done, total)| done <= total && total == 97)
    );
    assert_eq!(told.last(), Some(&(97, 97)));
    // Told to stop, a batch begins no board.
    let stop = std::sync::Arc::new(AtomicBool::new(true));
    let begun = AtomicUsize::new(0);
    let count_begun = |index: usize| {
        begun.fetch_add(1, Ordering::SeqCst);
        Ok(boards[index].clone())
    };
    let stopped = crate::solve::stoppable(&stop, || {
        super::solve_all::<K, (), _>((&solver, None), boards.len(), count_begun, |a| a, |_, _| {})
    });
    assert_eq!(begun.load(Ordering::SeqCst), 0);
    assert!(stopped.unwrap().iter().all(Option::is_none));
}

#[test]
fn solve_all_answers_each_board_as_solve_does_for_either_kind() {
    solve_all_answers_each_board_as_solve_does::<TwoStates>(two_sided(4, 4, "plus", false));
    solve_all_answers_each_board_as_solve_does::<KStates>(colours(2, 3, "plus", false, 3));
}

/// Each quiet pattern's weighted sum is what no tap changes: a tap's weights, times the
/// pattern's, sum to 0 mod K. Two-sided patterns are of order 2.
fn quiet_patterns_are_untouched_by_every_tap<K: Kind>(puzzle: K::Puzzle) {
    let solver = K::solver(puzzle.clone()).unwrap();
    let states = u32::from(K::states(&puzzle));
    let shape = K::shape(&puzzle);
    let cols = shape.cols() as usize;
    let patterns = K::quiet_patterns(&solver);
    assert!(!patterns.is_empty(), "{puzzle:?} has quiet patterns");
    for pattern in &patterns {
        assert!(pattern.counts.iter().any(|&weight| weight > 0));
        for cell in (0..shape.cells() as usize).map(|index| Cell::new(index / cols, index % cols)) {
            let sum: u32 = K::tap_weights(&puzzle, cell)
                .iter()
                .map(|&(reached, weight)| {
                    u32::from(weight) * u32::from(pattern.counts[reached.row * cols + reached.col])
                })
                .sum();
            assert_eq!(
                sum % states,
                0,
                "{puzzle:?}: {pattern:?} changed by {cell:?}"
            );
        }
    }
}

#[test]
fn quiet_patterns_are_untouched_by_every_tap_of_either_kind() {
    quiet_patterns_are_untouched_by_every_tap::<TwoStates>(two_sided(4, 4, "plus", false));
    quiet_patterns_are_untouched_by_every_tap::<TwoStates>(two_sided(5, 5, "plus", false));
    quiet_patterns_are_untouched_by_every_tap::<KStates>(colours(2, 4, "plus", true, 4));
    quiet_patterns_are_untouched_by_every_tap::<KStates>(colours(3, 3, "x", false, 3));
}

/// Rank and nullity: the nullity is log_K of the quiet tap counts, found by trying each one,
/// and OEIS A075462 gives the n x n Lights Out's (4 at n = 4, 2 at n = 5). Z_4 is no field.
#[test]
fn rank_and_nullity_count_the_quiet_taps_and_a_composite_k_has_none() {
    let counted = |quiet: usize, states: usize| quiet.ilog(states) as u64;
    for puzzle in [
        two_sided(4, 4, "plus", false),
        two_sided(3, 4, "sigma", false),
    ] {
        let solver = TwoStates::solver(puzzle.clone()).unwrap();
        let quiet = every_tap_count::<TwoStates>(&puzzle)
            .into_iter()
            .filter(|counts| is_quiet::<TwoStates>(&puzzle, counts))
            .count();
        let (rank, nullity) = TwoStates::rank_nullity(&solver).unwrap();
        assert_eq!(nullity, counted(quiet, 2));
        assert_eq!(rank + nullity, puzzle.shape().cells());
    }
    let solver = TwoStates::solver(two_sided(5, 5, "plus", false)).unwrap();
    assert_eq!(TwoStates::rank_nullity(&solver), Some((23, 2)));
    let three = colours(3, 3, "x", false, 3);
    let solver = KStates::solver(three.clone()).unwrap();
    let quiet = every_tap_count::<KStates>(&three)
        .into_iter()
        .filter(|counts| is_quiet::<KStates>(&three, counts))
        .count();
    let (rank, nullity) = KStates::rank_nullity(&solver).unwrap();
    assert_eq!((rank + nullity, nullity), (9, counted(quiet, 3)));
    let four = KStates::solver(colours(2, 4, "plus", true, 4)).unwrap();
    assert_eq!(KStates::rank_nullity(&four), None);
}

/// A board read from colour numbers gives them back, on boards of one word a row and of
/// several; the first number that is no colour is named.
#[test]
fn boards_of_colour_numbers_give_them_back_and_name_the_first_wrong_one() {
    let mut generator = Generator::from_seed(7);
    for (rows, cols) in [(4, 4), (3, 5), (2, 130)] {
        let puzzle = two_sided(rows, cols, "plus", false);
        let board = TwoStates::random_board(&puzzle, &mut generator);
        let colors = TwoStates::colors_of(&board);
        assert_eq!(TwoStates::board_of_colors(&puzzle, &colors), Ok(board));
        let mut wrong = colors.clone();
        wrong[5] = 2;
        wrong[9] = 3;
        assert_eq!(TwoStates::board_of_colors(&puzzle, &wrong), Err(5));
        let puzzle = colours(rows, cols, "plus", false, 5);
        let board = KStates::random_board(&puzzle, &mut generator);
        let colors = KStates::colors_of(&board);
        assert_eq!(KStates::board_of_colors(&puzzle, &colors), Ok(board));
        wrong = colors;
        wrong[3] = 5;
        assert_eq!(KStates::board_of_colors(&puzzle, &wrong), Err(3));
    }
}

/// The words of a kind: a board's size and colours, the goal, and the colours a piece may have,
/// as the front ends' headings and errors print them.
#[test]
fn each_kind_says_its_size_goal_and_colours() {
    let flip = Puzzle::flip_game();
    assert_eq!(TwoStates::size_words(&flip), "4x4");
    assert_eq!(TwoStates::goal_words(&flip), "all white or all black");
    assert_eq!(
        TwoStates::goal_words(&flip.with_goal(Goal::Black)),
        "all black"
    );
    assert_eq!(
        TwoStates::goal_words(&flip.with_goal(Goal::White)),
        "all white"
    );
    assert_eq!(TwoStates::colors_words(&flip), "0 (white) or 1 (black)");
    let puzzle = colours(3, 5, "plus", false, 6);
    assert_eq!(KStates::size_words(&puzzle), "3x5, 6 colours");
    assert_eq!(KStates::goal_words(&puzzle), "all one colour");
    assert_eq!(
        KStates::goal_words(&puzzle.with_goal(StateGoal::Color(4))),
        "all 4"
    );
    assert_eq!(KStates::colors_words(&puzzle), "0 to 5");
    // Past 9 the words are the board's own letters: a piece drawn `a` is never called 10.
    let twelve = colours(2, 2, "plus", false, 12);
    assert_eq!(
        KStates::goal_words(&twelve.with_goal(StateGoal::Color(10))),
        "all a"
    );
    assert_eq!(KStates::color_words(11).to_string(), "b");
    assert_eq!(KStates::color_words(9).to_string(), "9");
}
