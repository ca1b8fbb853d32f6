//! Each judge's reader takes back what its writer wrote, for random cases of every size the
//! statement allows; and the shared pieces of reading say where a case went wrong.

use super::*;
use crate::random::Generator;
use crate::solve::Taps as _;

/// The judge of two-sided pieces called `name`.
fn two_state_judge(name: &str) -> &'static dyn Judge<Kind = TwoStates> {
    match by_name(name) {
        Some(AnyJudge::TwoStates(judge)) => judge,
        _ => panic!("{name} is a judge of two-sided pieces"),
    }
}

/// The judge of K colours called `name`.
fn k_state_judge(name: &str) -> &'static dyn Judge<Kind = KStates> {
    match by_name(name) {
        Some(AnyJudge::KStates(judge)) => judge,
        _ => panic!("{name} is a judge of K colours"),
    }
}

/// Runs `check` on every judge, of either kind.
fn for_every_judge(mut check: impl FnMut(AnyJudge)) {
    for judge in ALL {
        check(judge);
    }
}

/// Writes inputs of the cases `judge` draws and reads them back: the same boards and puzzles,
/// read case by case.
fn reads_back<J: Judge + ?Sized>(judge: &J, seed: u64, rounds: u64) -> Vec<Case<J::Kind>> {
    let mut generator = Generator::from_seed(seed);
    let mut all_read = Vec::new();
    for round in 0..rounds {
        let count = 1 + round % judge.limits().cases.min(5);
        let cases: Vec<Case<J::Kind>> = (0..count)
            .map(|number| judge.draw_case(number, &mut generator))
            .collect();
        let mut input = Vec::new();
        judge.write_input(&cases, &mut input);
        let read: Vec<Case<J::Kind>> = read_all(judge, &input)
            .into_iter()
            .map(|case| case.unwrap_or_else(|error| panic!("{}: {error}", judge.name())))
            .collect();
        assert_eq!(read.len(), cases.len(), "{}", judge.name());
        for (read, written) in read.iter().zip(&cases) {
            assert_eq!(read.board, written.board, "{}", judge.name());
            assert_eq!(read.puzzle, written.puzzle, "{}", judge.name());
        }
        all_read.extend(read);
    }
    all_read
}

#[test]
fn every_judge_reads_back_the_inputs_it_writes() {
    for_every_judge(|judge| match judge {
        AnyJudge::TwoStates(judge) => drop(reads_back(judge, 7, 20)),
        AnyJudge::KStates(judge) => drop(reads_back(judge, 7, 20)),
    });
}

/// The shapes of `judge`'s generated cases keep to its statement's limits.
fn keeps_to_the_limits<J: Judge + ?Sized>(judge: &J) {
    let limits = judge.limits();
    let mut generator = Generator::from_seed(3);
    for number in 0..50 {
        let case = judge.draw_case(number, &mut generator);
        let shape = <J::Kind as Kind>::board_shape(&case.board);
        assert!(
            (limits.rows.0..=limits.rows.1).contains(&shape.rows()),
            "{}",
            judge.name()
        );
        assert!(
            (limits.cols.0..=limits.cols.1).contains(&shape.cols()),
            "{}",
            judge.name()
        );
        assert!(
            !limits.square || shape.rows() == shape.cols(),
            "{}",
            judge.name()
        );
    }
}

#[test]
fn generated_shapes_keep_to_the_limits() {
    for_every_judge(|judge| match judge {
        AnyJudge::TwoStates(judge) => keeps_to_the_limits(judge),
        AnyJudge::KStates(judge) => keeps_to_the_limits(judge),
    });
}

#[test]
fn names_are_found_and_the_guide_names_each_judges_problem() {
    let readme = include_str!("../../../GUIDE.md");
    for_every_judge(|judge| {
        let (name, problem) = match judge {
            AnyJudge::TwoStates(judge) => (judge.name(), judge.problem()),
            AnyJudge::KStates(judge) => (judge.name(), judge.problem()),
        };
        assert_eq!(judge.name(), name);
        assert_eq!(by_name(name).map(AnyJudge::name), Some(name));
        let row = format!("| `{name}` | {problem}");
        assert!(readme.contains(&row), "GUIDE.md lacks {row}");
        // The title names the problem's number, as the judge's name does.
        let number: String = name.chars().filter(char::is_ascii_digit).collect();
        assert!(problem.contains(&number), "{problem}");
    });
    assert!(by_name("poj9999").is_none());
    assert_eq!(names().len(), ALL.len());
}

#[test]
fn digit_cells_are_one_per_token_and_a_bad_one_spoils_only_its_case() {
    let shape = Shape::new(2, 2).unwrap();
    let mut tokens = Tokens::new(b"1 0\n0 1\n1 x 0 0\n01 1 0 0\nab 1 0 0");
    assert_eq!(
        read_digit_cells(&mut tokens, shape, "cells")
            .unwrap()
            .to_string(),
        "bw/wb"
    );
    let error = read_digit_cells(&mut tokens, shape, "cells").unwrap_err();
    assert_eq!(error.to_string(), "3:3: expected 0 or 1, found 'x'");
    let error = read_digit_cells(&mut tokens, shape, "cells").unwrap_err();
    assert_eq!(
        error.to_string(),
        "4:1: expected 0 or 1, found '01': the judge reads one number per cell, separated by spaces"
    );
    // Only a run of digits gets the hint.
    let error = read_digit_cells(&mut tokens, shape, "cells").unwrap_err();
    assert_eq!(error.to_string(), "5:1: expected 0 or 1, found 'ab'");
    assert!(tokens.next().is_none());
}

/// Cells that start on a line of their own are held to the statement's rows: a row too long
/// or too short is an error at its place, from the first case of an input on; cells laid out
/// another way from the start are read as scanf reads them.
#[test]
fn digit_cells_laid_out_by_rows_keep_to_their_rows() {
    let shape = Shape::new(2, 2).unwrap();
    let read = |input: &[u8]| {
        read_digit_cells(&mut Tokens::new(input), shape, "cells").map(|grid| grid.to_string())
    };
    let rows = "expected each row of 2 cells on a line of its own, as the statement lays them out";
    assert_eq!(
        read(b"1 0 1\n0\n").unwrap_err().to_string(),
        format!("1:5: {rows}: row 1 has more than 2 cells")
    );
    assert_eq!(
        read(b"1\n0 1 0\n").unwrap_err().to_string(),
        format!("2:1: {rows}: row 1 has 1 of its 2 cells")
    );
    // After a header on the same line, the cells are not by rows: scanf's layout is taken.
    let mut tokens = Tokens::new(b"2 1 0 1\n0\n");
    tokens.next();
    assert_eq!(
        read_digit_cells(&mut tokens, shape, "cells").map(|grid| grid.to_string()),
        Ok("bw/bw".to_string())
    );
    assert_eq!(read(b"1 0\n1 0\n"), Ok("bw/bw".to_string()));
}

#[test]
fn letter_rows_say_which_letter_and_how_long() {
    let shape = Shape::new(2, 3).unwrap();
    let mut tokens = Tokens::new(b"O#O\n#O\nO#Ox\n##\n");
    let error = read_letter_rows(&mut tokens, shape, (b'O', b'#')).unwrap_err();
    assert_eq!(
        error.to_string(),
        "2:3: expected a row of 3 letters, found 2 characters"
    );
    let error = read_letter_rows(&mut tokens, shape, (b'O', b'#')).unwrap_err();
    assert_eq!(
        error.to_string(),
        "3:4: expected a row of 3 letters, found 4 characters"
    );
    let mut tokens = Tokens::new(b"O#o\n");
    let error = read_letter_rows(&mut tokens, shape, (b'O', b'#')).unwrap_err();
    assert_eq!(
        error.to_string(),
        "1:3: expected 'O' or '#', found 'o': the judge tells capital letters from small ones"
    );
    let mut tokens = Tokens::new(b"O#x\n");
    let error = read_letter_rows(&mut tokens, shape, (b'O', b'#')).unwrap_err();
    assert_eq!(error.to_string(), "1:3: expected 'O' or '#', found 'x'");
    // A row longer than the bytes a token keeps is still measured whole.
    let long = format!("{}\n", "O".repeat(5000));
    let error =
        read_letter_rows(&mut Tokens::new(long.as_bytes()), shape, (b'O', b'#')).unwrap_err();
    assert_eq!(
        error.to_string(),
        "1:4: expected a row of 3 letters, found 5,000 characters"
    );
    // One cell a row: a row of 1 letter.
    let narrow = Shape::new(2, 1).unwrap();
    let error = read_letter_rows(&mut Tokens::new(b"O\nOO\n"), narrow, (b'O', b'#')).unwrap_err();
    assert_eq!(
        error.to_string(),
        "2:2: expected a row of 1 letter, found 2 characters"
    );
}

#[test]
fn cell_counts_of_one_are_singular() {
    let error =
        read_digit_cells(&mut Tokens::new(b"1\n"), Shape::new(2, 1).unwrap(), "tiles").unwrap_err();
    assert_eq!(
        error.to_string(),
        "2:1: expected 2 tiles of 0 or 1, found the end after 1"
    );
    let error =
        read_digit_cells(&mut Tokens::new(b""), Shape::new(1, 1).unwrap(), "tiles").unwrap_err();
    assert_eq!(
        error.to_string(),
        "1:1: expected 1 tile of 0 or 1, found the end after 0"
    );
}

#[test]
fn a_count_line_that_disagrees_with_the_cases_is_an_error_at_its_place() {
    let read = |input: &[u8]| -> Vec<String> {
        let mut cases = Vec::new();
        let mut emit = |case: Result<Case, JudgeError>| cases.push(case);
        read_counted(&mut Tokens::new(input), &mut emit, "cases", 10, |tokens| {
            let token = tokens.next().unwrap();
            Ok(Case {
                puzzle: crate::puzzle::Puzzle::flip_game(),
                board: crate::grid::Grid::new(Shape::FLIP_GAME),
                name: None,
                line: token.line,
            })
        });
        cases
            .into_iter()
            .map(|case| case.map_or_else(|e| e.to_string(), |c| format!("case at {}", c.line)))
            .collect()
    };
    assert_eq!(read(b"2\na\nb\n"), ["case at 2", "case at 3"]);
    assert_eq!(
        read(b"3\na\n"),
        [
            "case at 2",
            "3:1: the first line announces 3 cases, but the input ends after 1"
        ]
    );
    assert_eq!(
        read(b"1\na b\n"),
        [
            "case at 2",
            "2:3: the first line announces 1 case, so the judge never reads from here on"
        ]
    );
    assert_eq!(
        read(b"x\n"),
        ["1:1: expected the number of cases, a number from 1 to 10, found 'x'"]
    );
}

#[test]
fn the_timus_pattern_is_applied_as_drawn_and_may_turn_nothing_over() {
    let judge = two_state_judge("timus1122");
    // Only the cell to the right of the one moved on: a move on r1c1 turns over r1c2.
    let cases = read_all(judge, b"BWWW\nWWWW\nWWWW\nWWWW\n000\n001\n000\n");
    let case = cases[0].as_ref().unwrap();
    assert_eq!(case.puzzle.flips(0, 0), vec![(0, 1)]);
    let cases = read_all(judge, b"BWWW\nWWWW\nWWWW\nWWWW\n000\n000\n000\n");
    let case = cases[0].as_ref().unwrap();
    assert!(case.puzzle.flips(2, 2).is_empty());
}

#[test]
fn timus_patterns_are_drawn_from_all_511_that_turn_something_over() {
    let judge = two_state_judge("timus1122");
    let mut generator = Generator::from_seed(1);
    let mut seen = std::collections::HashSet::new();
    // 20,000 draws miss one of 511 equally likely patterns with odds below 10^-14.
    for _ in 0..20_000 {
        let puzzle = judge.random_puzzle(Shape::FLIP_GAME, &mut generator);
        let pattern = puzzle.flips(1, 1);
        assert!(!pattern.is_empty(), "a move that turns nothing over");
        seen.insert(pattern);
    }
    assert_eq!(seen.len(), 511);
}

/// Each answer a judge of K states writes is accepted by its own checker, and an answer one
/// tap short is not.
#[test]
fn every_state_judge_accepts_its_answers_and_not_one_short() {
    for_every_judge(|judge| {
        let AnyJudge::KStates(judge) = judge else {
            return;
        };
        for read in reads_back(judge, 11, 8) {
            let answer = super::answer(&read);
            let mut output = Vec::new();
            judge.write(&read, 1, answer.as_ref(), &mut output).unwrap();
            let verdict = judge.check(&read, 1, answer.as_ref(), &mut Tokens::new(&output));
            assert!(
                matches!(verdict, Verdict::Accepted { .. }),
                "{}: {verdict:?} for {}",
                judge.name(),
                String::from_utf8_lossy(&output)
            );
            // The same answer less its last line (a tap, or a whole count line).
            let text = String::from_utf8(output).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let moves = answer.as_ref().map_or(0, |solution| solution.moves());
            if moves > 0 {
                let short = lines[..lines.len() - 1].join("\n") + "\n";
                let verdict = judge.check(
                    &read,
                    1,
                    answer.as_ref(),
                    &mut Tokens::new(short.as_bytes()),
                );
                assert!(
                    matches!(verdict, Verdict::Rejected(_)),
                    "{}: {short:?} accepted",
                    judge.name()
                );
            }
        }
    });
}

/// HDU 5755 writes its cases as the statement lays them out, and reads the count of choices
/// and each choice as a plain number in range.
#[test]
fn gambler_bo_writes_and_checks_plain_numbers() {
    let judge = k_state_judge("hdu5755");
    let input = b"3\n1 3\n1 2 0\n2 2\n0 0\n0 0\n1 2\n1 0\n";
    let mut cases = Vec::new();
    judge.read(&mut Tokens::of_input(input), &mut |case| {
        cases.push(case.unwrap())
    });
    let mut written = Vec::new();
    judge.write_input(&cases, &mut written);
    assert_eq!(written, input);
    assert_eq!(cases[0].board.cells(), [1, 2, 0]);
    let write = |case: &Case<KStates>| {
        let mut output = Vec::new();
        judge
            .write(case, 1, super::answer(case).as_ref(), &mut output)
            .map(|()| String::from_utf8(output).unwrap())
            .map_err(|unanswerable| unanswerable.why)
    };
    assert_eq!(write(&cases[0]), Ok("1\n1 1\n".to_string()));
    assert_eq!(write(&cases[1]), Ok("0\n".to_string()));
    // 1x2: the choices reach 00, 21 and 12 only.
    assert_eq!(
        write(&cases[2]),
        Err(
            "no choices make this board all 0, and the statement promises boards where some \
             do, so the judge defines no answer"
        )
    );
    let check = |case: &Case<KStates>, text: &str| {
        let answer = super::answer(case);
        match judge.check(case, 1, answer.as_ref(), &mut Tokens::new(text.as_bytes())) {
            Verdict::Accepted { .. } => "accepted".to_string(),
            Verdict::Rejected(error) => error.message,
        }
    };
    let first = &cases[0];
    assert_eq!(check(first, "1\n1 1\n"), "accepted");
    assert_eq!(check(first, "4\n1 1\n1 1\n1 1\n1 1\n"), "accepted");
    assert_eq!(
        check(first, "6\n1 1\n1 1\n1 1\n1 1\n1 1\n1 1\n"),
        "these 6 choices leave the cell at row 1, column 1 at 1, not 0"
    );
    assert_eq!(
        check(first, "1\n1 2\n"),
        "this 1 choice leaves the cell at row 1, column 1 at 2, not 0"
    );
    for count in ["7", "01", "-1", "x"] {
        assert_eq!(
            check(first, &format!("{count}\n")),
            format!("expected the number of choices, from 0 to 2NM = 6, found '{count}'")
        );
    }
    assert_eq!(
        check(first, "1\n1 4\n"),
        "expected the column y of choice 1, from 1 to 3, found '4'"
    );
    assert_eq!(
        check(first, "1\n0 1\n"),
        "expected the row x of choice 1, from 1 to 1, found '0'"
    );
    assert_eq!(
        check(first, "1\n1\n"),
        "expected choice 1 of 1, found the end"
    );
    assert_eq!(
        check(first, ""),
        "expected the number of choices, found the end"
    );
    assert_eq!(check(&cases[1], "0\n"), "accepted");
    assert_eq!(
        check(&cases[2], "0\n"),
        "no choices make this board all 0, and the statement promises boards where some do, so \
         the judge defines no answer"
    );
}

/// Taps of K states are judged with each cell's count taken mod K, as K taps of a cell change
/// nothing.
#[test]
fn tap_counts_of_k_states_are_judged_mod_k() {
    use crate::grid::StateBoard;
    use crate::kind::{KStates, Kind};
    use crate::puzzle::{StateGoal, StatePuzzle};
    use crate::rule::Rule;
    let shape = Shape::new(2, 2).unwrap();
    let board = StateBoard::parse("01/11", shape, 3).unwrap();
    let judge = |goal, board: &StateBoard, counts: &[u32]| {
        let puzzle = StatePuzzle::new(shape, Rule::plus(), false, 3, goal).unwrap();
        let solver = KStates::solver(puzzle.clone()).unwrap();
        let answer = KStates::solve(&solver, board);
        let taps = Vec::<u8>::from_counts(puzzle.shape(), puzzle.states(), counts);
        let facts = TapFacts::<KStates>::of(&puzzle, board, &taps, answer.as_ref());
        (
            facts.finished,
            facts.given,
            facts.fewest,
            facts.optimal,
            facts.least,
        )
    };
    let zero = StateGoal::Color(0);
    assert_eq!(
        judge(zero, &board, &[0, 0, 0, 2]),
        (true, 2, Some(2), true, true)
    );
    assert_eq!(
        judge(zero, &board, &[0, 0, 0, 5]),
        (true, 2, Some(2), true, true)
    );
    assert_eq!(
        judge(zero, &board, &[0, 0, 0, 1]),
        (false, 1, Some(2), false, false)
    );
    assert_eq!(
        judge(zero, &board, &[3, 3, 0, 2]),
        (true, 2, Some(2), true, true)
    );
    // r1c1, r1c2 and r2c1 once each (r2c2's three taps are none) add 0, 2, 2, 2: the board is
    // finished, in one tap more than the fewest.
    assert_eq!(
        judge(zero, &board, &[1, 1, 1, 3]),
        (true, 3, Some(2), false, false)
    );
    // r1c1 adds 1 to r1c1, r1c2 and r2c1: 12/21, no colour.
    assert!(!judge(StateGoal::Any, &board, &[1, 0, 0, 0]).0);
    let impossible = StateBoard::parse("00/00", shape, 3).unwrap();
    assert_eq!(
        judge(StateGoal::Color(2), &impossible, &[1, 1, 1, 1]),
        (false, 4, None, false, false)
    );
}

#[test]
fn the_clocks_of_the_other_judge_are_advised_in_the_front_ends_words() {
    let cases = read_all(&super::poj1166::POJ1166, b"9 9 12\n6 6 6\n6 3 6\n");
    let error = cases[0]
        .as_ref()
        .expect_err("hours are not POJ 1166's clocks");
    assert_eq!(
        error.advice.map(|advised| advised.setting),
        Some(Setting::Judge("usaco-clocks"))
    );
    assert!(
        error.to_string().contains(
            "found '9' (for clocks written in hours, give judge::by_name(\"usaco-clocks\"))"
        ),
        "{error}"
    );
    let as_flag = |setting: Setting| match setting {
        Setting::Judge(name) => format!("--judge {name}"),
        other => format!("{other:?}"),
    };
    assert!(
        error
            .worded(as_flag)
            .to_string()
            .contains("(for clocks written in hours, give --judge usaco-clocks)")
    );
    // Marked a mistake of the whole input, the error keeps its advice.
    assert_eq!(error.clone().of_the_whole_input().advice, error.advice);
    let cases = read_all(&super::poj1166::USACO_CLOCKS, b"0 0 1\n2 2 2\n2 1 2\n");
    let error = cases[0]
        .as_ref()
        .expect_err("0 to 3 are not USACO's clocks");
    assert_eq!(
        error.advice.map(|advised| advised.setting),
        Some(Setting::Judge("poj1166"))
    );
    // With a case after it, reading says the rest is lost after the advice.
    let cases = read_all(&super::poj1166::POJ1166, b"9 9 12\n6 6 6\n6 3 6\n0 0 0\n");
    let error = cases[0]
        .as_ref()
        .expect_err("hours are not POJ 1166's clocks")
        .to_string();
    assert!(
        error.contains("give judge::by_name(\"usaco-clocks\")); nothing in this format marks"),
        "{error}"
    );
}

#[test]
fn advice_placed_inside_a_character_or_past_the_message_is_left_out_not_a_panic() {
    for after in [1, 99] {
        let error = JudgeError {
            line: 1,
            column: 1,
            message: "é".to_string(),
            whole_input: false,
            advice: Some(Advised {
                after,
                looks: "clocks written 0 to 3",
                setting: Setting::Judge("poj1166"),
            }),
        };
        assert_eq!(error.to_string(), "1:1: é");
    }
}
