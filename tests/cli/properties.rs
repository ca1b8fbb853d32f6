//! Property tests of the core: random boards, random symmetries, random byte streams.
//!
//! Each property is checked against something computed independently of what it tests: the
//! symmetries are applied to rows and columns here, not by the library; optimal tap sets are
//! found by enumerating all 2^16 of them.

use proptest::prelude::*;

use crate::model::{Board, Cell, TapSet};
use flipgame::board::{self as ids, BoardId};
use flipgame::notation::{Cells, Color};

use flipgame::grid::{Grid, Shape};
use flipgame::input::{Record, parse_all, parse_all_shaped};
use flipgame::puzzle::{Goal, Puzzle};
use flipgame::rule::Rule;
use flipgame::solve::{DistanceTable, Solver};

fn flip_game(goal: Goal) -> Solver {
    Solver::new(Puzzle::flip_game().with_goal(goal)).unwrap()
}

fn moves(table: &DistanceTable, board: Board) -> Option<u8> {
    table.moves(board.bits())
}

fn goal() -> impl Strategy<Value = Goal> {
    prop_oneof![Just(Goal::Either), Just(Goal::White), Just(Goal::Black)]
}

/// The board under one of the 8 symmetries of the square (`symmetry` 0..8): a rotation by
/// `symmetry % 4` quarter turns, mirrored when `symmetry >= 4`.
fn transformed(board: Board, symmetry: u8) -> Board {
    let mut bits = 0u16;
    for cell in Cell::all() {
        let (mut row, mut col) = (cell.row(), cell.col());
        if symmetry >= 4 {
            col = 5 - col;
        }
        for _ in 0..symmetry % 4 {
            (row, col) = (col, 5 - row);
        }
        if board.is_black(cell) {
            bits |= Cell::new(row, col).unwrap().bit();
        }
    }
    Board::from_id(bits)
}

/// The least optimal tap set by brute force: every one of the 2^16 tap sets, in increasing
/// order, keeping the first with the fewest taps that finishes the board for the goal.
fn least_optimal_by_enumeration(board: Board, goal: Goal) -> Option<TapSet> {
    let mut best: Option<TapSet> = None;
    for bits in 0..=u16::MAX {
        let taps = TapSet::from_bits(bits);
        if best.is_some_and(|b| b.len() <= taps.len()) {
            continue;
        }
        let after = board.after(taps);
        if goal
            .colors()
            .iter()
            .any(|&color| after == Board::filled(color == Color::Black))
        {
            best = Some(taps);
        }
    }
    best
}

proptest! {
    // 256 of the 65,536 boards a property, drawn afresh each run (a failure is kept in a
    // proptest-regressions file and tried first from then on).
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn text_and_id_round_trip(id in any::<u16>()) {
        let board = Board::from_id(id);
        let read = |text: String| ids::parse(&text, Shape::FLIP_GAME, Cells::Letters).map(|grid| BoardId::of(&grid));
        prop_assert_eq!(read(board.to_string()), Ok(Some(BoardId(id))));
        prop_assert_eq!(read(format!("0x{id:04x}")), Ok(Some(BoardId(id))));
        prop_assert_eq!(read(board.to_string().replace('/', "").to_uppercase()), Ok(Some(BoardId(id))));
    }

    #[test]
    fn reported_taps_reach_the_reported_goal_in_the_reported_number(id in any::<u16>(), goal in goal()) {
        let board = Board::from_id(id);
        let table = DistanceTable::flip_game(goal);
        if let Some((taps, color)) = table.solve(board.bits()) {
            let taps = TapSet::from_bits(taps);
            prop_assert_eq!(board.after(taps), Board::filled(color == Color::Black));
            prop_assert!(goal.colors().contains(&color));
            prop_assert_eq!(Some(taps.len() as u8), moves(table, board));
        }
    }

    #[test]
    fn the_minimum_is_unchanged_by_symmetry_and_by_swapping_colours(id in any::<u16>(), symmetry in 0u8..8) {
        let board = Board::from_id(id);
        let either = DistanceTable::flip_game(Goal::Either);
        prop_assert_eq!(moves(either, transformed(board, symmetry)), moves(either, board));
        prop_assert_eq!(moves(either, board.inverted()), moves(either, board));
        let white = DistanceTable::flip_game(Goal::White);
        let black = DistanceTable::flip_game(Goal::Black);
        prop_assert_eq!(moves(white, transformed(board, symmetry)), moves(white, board));
        prop_assert_eq!(moves(black, board.inverted()), moves(white, board));
    }

    #[test]
    fn a_certificate_exists_exactly_when_unsolvable(id in any::<u16>(), goal in goal()) {
        let board = Board::from_id(id);
        let grid = BoardId(id).grid();
        let certificate = flip_game(goal).proof(&grid);
        prop_assert_eq!(certificate.is_some(), moves(DistanceTable::flip_game(goal), board).is_none());
        if let Some(certificate) = certificate {
            let pattern = certificate.pattern.bits16().unwrap();
            for tap in Cell::all() {
                prop_assert_eq!((tap.flip_mask() & pattern).count_ones() % 2, 0);
            }
            for color in goal.colors() {
                prop_assert_ne!(certificate.black % 2, certificate.black_in_goal(*color) % 2);
            }
        }
    }
}

fn rule() -> impl Strategy<Value = (&'static str, bool)> {
    prop_oneof![
        Just(("plus", false)),
        Just(("plus", true)),
        Just(("x", false)),
        Just(("x", true)),
        Just(("box", false)),
        Just(("box", true)),
        Just(("sigma", false)),
        Just(("sigma", true)),
        Just(("lines", false)),
        Just(("011/110/010", false)),
        Just(("00100/11011/00100", true))
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Under any rule and size, the reported taps really finish the board in the reported
    /// colour, and an impossible board always has a certificate that every tap meets evenly.
    #[test]
    fn answers_under_every_rule_finish_the_board_or_come_with_a_proof(
        (rule, wrap) in rule(), rows in 1u32..12, cols in 1u32..12, goal in goal(), seed in any::<u64>()
    ) {
        let shape = Shape::new(rows, cols).unwrap();
        let puzzle = Puzzle::new(shape, Rule::parse(rule).unwrap(), wrap, goal).unwrap();
        let solver = Solver::new(puzzle.clone()).unwrap();
        let mut board = Grid::new(shape);
        flipgame::random::Generator::from_seed(seed).fill(&mut board);
        match solver.solve(&board) {
            Some(solution) => {
                let mut after = board.clone();
                puzzle.apply(&mut after, &solution.taps);
                prop_assert_eq!(after.finished_color(), Some(solution.color));
                prop_assert!(goal.colors().contains(&solution.color));
            }
            None => {
                let proof = solver.proof(&board).expect("a proof");
                for row in 0..rows as usize {
                    for col in 0..cols as usize {
                        let met = puzzle.flips(row, col).iter().filter(|&&(r, c)| proof.pattern.get(r, c)).count();
                        prop_assert_eq!(met % 2, 0);
                    }
                }
                let black = board.cells().filter(|&(r, c)| proof.pattern.get(r, c)).count() as u64;
                for &color in goal.colors() {
                    let in_goal = if color == Color::Black { proof.pattern.count() } else { 0 };
                    prop_assert_ne!(black % 2, in_goal % 2);
                }
            }
        }
    }
}

proptest! {
    // Each case enumerates all 2^16 tap sets.
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
    fn the_reported_tap_set_is_the_least_optimal_one(id in any::<u16>(), goal in goal()) {
        let board = Board::from_id(id);
        let reported = DistanceTable::flip_game(goal).solve(board.bits()).map(|(t, _)| TapSet::from_bits(t));
        prop_assert_eq!(reported, least_optimal_by_enumeration(board, goal));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Any bytes at all: no panic, and the records never depend on how the input is split.
    #[test]
    fn any_bytes_parse_the_same_whatever_the_chunks(bytes in prop::collection::vec(any::<u8>(), 0..300), chunk in 1usize..64) {
        prop_assert_eq!(parse_all(&bytes, chunk), parse_all(&bytes, bytes.len().max(1)));
    }

    /// Streams made mostly of board letters (where the interesting cases are): the same, and
    /// every board reported is one whose four lines really are in the input.
    #[test]
    fn board_like_streams_parse_the_same_whatever_the_chunks(
        pieces in prop::collection::vec(prop_oneof![
            8 => Just(b'b'), 8 => Just(b'w'), 5 => Just(b'\n'), 1 => Just(b'B'), 1 => Just(b' '),
            1 => Just(b'\r'), 1 => Just(b'x'), 1 => Just(0xC3u8), 1 => Just(0xA9u8)
        ], 0..400),
        chunk in 1usize..48
    ) {
        let records = parse_all(&pieces, chunk);
        prop_assert_eq!(&records, &parse_all(&pieces, pieces.len().max(1)));
        let lines: Vec<&[u8]> = pieces.split(|&b| b == b'\n').collect();
        for record in records {
            if let Record::Board { board, line } = record {
                let first = usize::try_from(line).unwrap() - 1;
                for (offset, row) in (0..4usize).enumerate() {
                    let text: Vec<u8> = lines[first + offset]
                        .iter()
                        .copied()
                        .filter(|b| !matches!(b, b' ' | b'\t' | b'\r'))
                        .map(|b| b.to_ascii_lowercase())
                        .collect();
                    prop_assert_eq!(text, board.row_text(row).into_bytes());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Boards wider than 4 are read a whole row (eight letters) at a time when the row is
    /// clean and whole in one chunk; fed a byte at a time they never are. Both ways must give
    /// the same records, whatever spoils the rows (a wrong letter at any column, a missing or
    /// extra letter, `\r\n`, spaces, a row cut by the end of input).
    #[test]
    fn wide_rows_read_fast_or_letter_by_letter_agree(
        cols in prop_oneof![Just(5u32), Just(8), Just(9), Just(63), Just(64), Just(65), Just(130)],
        rows in 1u32..4,
        lines in prop::collection::vec(
            (prop::collection::vec(any::<bool>(), 131), prop_oneof![
                12 => Just(None),
                1 => (0usize..131, prop_oneof![Just(b'x'), Just(b' '), Just(b'\r'), Just(b'W'), Just(0xC3u8)]).prop_map(Some),
            ], prop_oneof![6 => Just(0i32), 1 => Just(-1), 1 => Just(1)], prop_oneof![5 => Just("\n"), 1 => Just("\r\n"), 1 => Just("")]),
            0..12
        ),
    ) {
        let shape = Shape::new(rows, cols).unwrap();
        let mut input = Vec::new();
        for (letters, damage, length, end) in &lines {
            let length = (cols as i32 + length) as usize;
            let mut row: Vec<u8> = letters[..length].iter().map(|&black| if black { b'b' } else { b'w' }).collect();
            if let Some((at, byte)) = damage {
                row[at % length] = *byte;
            }
            input.extend_from_slice(&row);
            input.extend_from_slice(end.as_bytes());
        }
        let whole = parse_all_shaped(&input, input.len().max(1), shape);
        prop_assert_eq!(&whole, &parse_all_shaped(&input, 1, shape));
        prop_assert_eq!(&whole, &parse_all_shaped(&input, 7, shape));
        // Every board read is the letters of its lines.
        let text: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        for record in whole {
            if let Record::Board { board, line } = record {
                for row in 0..rows as usize {
                    // Spaces around a row are no part of it.
                    let source: Vec<u8> = text[line as usize - 1 + row]
                        .iter()
                        .filter(|b| !matches!(b, b' ' | b'\t' | b'\r'))
                        .map(u8::to_ascii_lowercase)
                        .collect();
                    prop_assert_eq!(source, board.row_text(row).into_bytes());
                }
            }
        }
    }
}
