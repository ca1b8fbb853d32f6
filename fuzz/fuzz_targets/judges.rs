//! Fuzz target over every judge's input reader and output checker, of two states or K. The
//! first byte picks the judge; the rest, split at the first 0xff byte, is the judge's input and a contestant's
//! output. What must hold: no panic; every place reported lies inside the text it names; a
//! case read back from what the judge's own writer prints is the same case; the input read a
//! few bytes at a time gives the same cases; and judging any output of any case gives a
//! verdict, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::judge::{self, AnyJudge, Judge, JudgeError, Tokens, Verdict};
use flipgame::kind::Kind;

/// Boards larger than this are read but not solved: the target is the readers, not the solver.
const MOST_CELLS_SOLVED: u64 = 400;

/// The place is on a line of `text` (or just after its last line, for "found the end").
fn assert_inside(error: &JudgeError, text: &[u8]) {
    let lines = text.split(|&byte| byte == b'\n').count() as u64;
    assert!(
        (1..=lines + 1).contains(&error.line) && error.column >= 1,
        "{error:?} outside {lines} lines"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (input, output) = match rest.iter().position(|&byte| byte == 0xff) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &b""[..]),
    };
    match judge::ALL[usize::from(pick) % judge::ALL.len()] {
        AnyJudge::TwoStates(judge) => check(judge, pick, input, output),
        AnyJudge::KStates(judge) => check(judge, pick, input, output),
    }
});

/// Reads `input` with `judge` whole and a few bytes at a time, writes each case back, and
/// judges `output` against the cases.
fn check<K: Kind>(judge: &dyn Judge<Kind = K>, pick: u8, input: &[u8], output: &[u8]) {
    let cases = judge::read_all(judge, input);
    // Read as a pipe may hand it out, a few bytes at a time: the same cases and errors.
    let piece = usize::from(pick % 7) + 1;
    let mut pieces = Vec::new();
    judge.read(
        &mut Tokens::of_input_reader(std::io::BufReader::with_capacity(piece, input)),
        &mut |case| pieces.push(case),
    );
    assert_eq!(format!("{cases:?}"), format!("{pieces:?}"));
    let mut tokens = Tokens::new(output);
    for (index, case) in cases.iter().enumerate() {
        let case = match case {
            Ok(case) => case,
            Err(error) => {
                assert_inside(error, input);
                continue;
            }
        };
        assert!(case.line >= 1);
        let mut written = Vec::new();
        judge.write_input(std::slice::from_ref(case), &mut written);
        let again = judge::read_all(judge, &written);
        match &again[..] {
            [Ok(back)] => {
                assert_eq!(back.board, case.board);
                assert_eq!(back.puzzle, case.puzzle);
                assert_eq!(back.name, case.name);
            }
            other => panic!("{written:?} reads back as {other:?}"),
        }
        if K::board_shape(&case.board).cells() > MOST_CELLS_SOLVED {
            continue;
        }
        let answer = judge::answer(case);
        let number = index as u64 + 1;
        if let Ok(Verdict::Rejected(error)) =
            judge::judge_case(judge, case, number, answer.as_ref(), &mut tokens)
        {
            assert_inside(&error, output);
        }
    }
}
