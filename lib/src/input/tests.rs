//! The streaming parser's tests: the 4x4 reader, then boards of any shape.

use super::*;

const SAMPLE: &str = "bwwb\nbbwb\nbwwb\nbwww\n";

fn board(text: &str) -> Grid {
    Grid::parse(text, Shape::FLIP_GAME).unwrap()
}

/// The settings named as a command line would, so the tests read the advice as users do.
fn as_flags(setting: Setting) -> String {
    match setting {
        Setting::Cells(Cells::Digits) => "--cells 01".to_string(),
        Setting::Cells(Cells::Dots) => "--cells .#".to_string(),
        Setting::States(states) => format!("--states {states}"),
        Setting::AnyStates => "--states".to_string(),
        Setting::Size(rows, cols) => format!("--size {rows}x{cols}"),
        other => format!("{other:?}"),
    }
}

fn errors(records: &[Record]) -> Vec<String> {
    records
        .iter()
        .filter_map(|r| match r {
            Record::Malformed(e) => Some(e.worded(as_flags).to_string()),
            Record::Board { .. } => None,
        })
        .collect()
}

fn boards(records: &[Record]) -> Vec<(String, u64)> {
    records
        .iter()
        .filter_map(|r| match r {
            Record::Board { board, line } => Some((board.to_string(), *line)),
            Record::Malformed(_) => None,
        })
        .collect()
}

/// Every chunk size gives the same records: the state carried between chunks is complete.
fn parse_every_way(input: &[u8]) -> Vec<Record> {
    let whole = parse_all(input, input.len());
    for chunk in 1..=input.len().min(41) {
        assert_eq!(parse_all(input, chunk), whole, "chunk size {chunk}");
    }
    whole
}

#[test]
fn reads_the_sample_board() {
    let records = parse_every_way(SAMPLE.as_bytes());
    assert_eq!(
        records,
        vec![Record::Board {
            board: board("bwwb/bbwb/bwwb/bwww"),
            line: 1
        }]
    );
}

#[test]
fn boards_back_to_back_with_blank_lines_crlf_and_trailing_space() {
    let input = "\u{feff}bwwb\r\nbbwb \r\nBWWB\t\nbwww\n\n\n  \nwwww\nwwww\nwwww\nwwwb";
    let records = parse_every_way(input.as_bytes());
    assert_eq!(
        boards(&records),
        vec![
            ("bwwb/bbwb/bwwb/bwww".into(), 1),
            ("wwww/wwww/wwww/wwwb".into(), 8)
        ]
    );
    assert!(errors(&records).is_empty());
}

#[test]
fn a_bad_character_spoils_only_its_board() {
    let input = format!("{SAMPLE}bwwb\nbxwb\nbwwb\nbwww\n{SAMPLE}");
    let records = parse_every_way(input.as_bytes());
    assert_eq!(
        errors(&records),
        vec!["6:2: expected 'b' or 'w', found 'x'"]
    );
    assert_eq!(
        boards(&records).iter().map(|b| b.1).collect::<Vec<_>>(),
        vec![1, 9]
    );
    let Record::Malformed(error) = &records[1] else {
        panic!("expected an error second")
    };
    assert_eq!(error.board_line, 5);
}

#[test]
fn rows_too_long_or_too_short() {
    let records = parse_every_way(b"bwwbw\nbbwb\nbwwb\nbwww\nbww\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        vec![
            "1:5: expected end of row after 4 pieces, found 'w'; the row has 5 pieces: did \
             you mean --size 5x5?",
            "5:4: expected 4 pieces in a row, found 3: did you mean --size 3x3?",
        ]
    );
    // Only a board's first row suggests a size.
    let records = parse_every_way(b"bwwb\nbww\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        ["2:4: expected 4 pieces in a row, found 3"]
    );
}

/// A board's first row of another length made only of pieces suggests the size it fits; one
/// with other characters in it, far too long for any board, or further down a board, does
/// not.
#[test]
fn rows_of_another_width_suggest_a_size_only_when_they_are_all_pieces() {
    let records = parse_every_way(
        b"bwwbwb \nbbwb\nbwwb\nbwww\nbwwbwx\nbbwb\nbwwb\nbwww\nbwwb\nbbwbww\nbw\nbwww\n",
    );
    let errors = errors(&records);
    assert!(errors[0].ends_with("the row has 6 pieces: did you mean --size 6x6?"));
    assert!(!errors[1].contains("--size"), "{}", errors[1]);
    assert!(!errors[2].contains("--size"), "{}", errors[2]);
    let mut long = b"bwwb".to_vec();
    long.extend(std::iter::repeat_n(b'w', 12_000));
    long.push(b'\n');
    assert!(!errors_of(&parse_all(&long, 4096))[0].contains("--size"));
}

fn errors_of(records: &[Record]) -> Vec<String> {
    errors(records)
}

/// Lines that are no row (a count, `M N`, `---`, a comment) are reported and skipped on
/// their own: the boards around them keep their framing.
#[test]
fn lines_that_are_no_row_never_join_a_board() {
    let three = "bwwb\nbbwb\nbwwb\nbwww\nbwbw\nwwww\nbbwb\nbwwb\nwwww\nwwww\nwwww\nwwww\n";
    let records = parse_every_way(format!("3\n{three}").as_bytes());
    assert_eq!(
        errors(&records),
        vec![
            "1:1: expected 'b' or 'w', found '3'; the line is not a row (such as a count, a \
             size or a separator), so it is skipped on its own"
        ]
    );
    let lines: Vec<u64> = boards(&records).iter().map(|b| b.1).collect();
    assert_eq!(lines, vec![2, 6, 10]);
    let separated = "4 4\nbwwb\nbbwb\nbwwb\nbwww\n---\n# board 2: the statement's other\n\
                     bwbw\nwwww\nbbwb\nbwwb\n---\n";
    let records = parse_every_way(separated.as_bytes());
    assert_eq!(
        boards(&records),
        vec![
            ("bwwb/bbwb/bwwb/bwww".into(), 2),
            ("bwbw/wwww/bbwb/bwwb".into(), 8)
        ]
    );
    let reported: Vec<String> = errors(&records)
        .iter()
        .map(|e| e.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(reported, vec!["1", "6", "7", "12"]);
}

/// A line of mostly piece letters is a damaged row: it still spoils its own board.
#[test]
fn a_damaged_row_still_belongs_to_its_board() {
    let records = parse_every_way(b"bwwb\nbx\nbwwb\nbwww\nbwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        vec!["2:2: expected 'b' or 'w', found 'x'"]
    );
    assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 5)]);
}

#[test]
fn a_board_cut_short_by_a_blank_line_or_the_end() {
    let input = format!("bwwb\nbbwb\n\n{SAMPLE}bwwb\n");
    let records = parse_every_way(input.as_bytes());
    assert_eq!(
        errors(&records),
        vec![
            "3:1: expected row 3 of 4, found a blank line",
            "9:1: expected row 2 of 4, found end of input"
        ]
    );
    assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 4)]);
}

#[test]
fn leading_spaces_are_indentation_and_inner_spaces_are_errors_at_the_space() {
    let records = parse_every_way(b" bwwb\n\tbbwb\n  bwwb \nbwww\nbw wb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        vec!["5:3: expected 'b' or 'w', found ' '"]
    );
    assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 1)]);
}

#[test]
fn non_ascii_and_invalid_utf8_are_named() {
    let records = parse_every_way("bwéb\nbbwb\nbwwb\nbwww\n".as_bytes());
    assert_eq!(
        errors(&records),
        vec!["1:3: expected 'b' or 'w', found 'é'"]
    );
    let records = parse_every_way(b"bw\xffb\nbbwb\nbwwb\nbwww\nbwwb\xe2\x82\n");
    assert_eq!(
        errors(&records),
        vec![
            "1:3: expected 'b' or 'w', found byte 0xff (not UTF-8)",
            "5:5: expected end of row after 4 pieces, found byte 0xe2 (not UTF-8)"
        ]
    );
    let records = parse_every_way(b"\xef\xbbbwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        vec!["1:1: expected 'b' or 'w', found byte 0xef (not UTF-8)"]
    );
}

/// A character of two, three or four bytes is named whole, in the middle of a line or at the
/// very end of the input, and a stray continuation byte after it is not taken into it.
#[test]
fn characters_of_every_length_are_named_whole() {
    let rest = "\nbbwb\nbwwb\nbwww\n";
    for (line, named) in [
        ("bwéb", "é"),
        ("bw€b", "€"),
        ("bw😀b", "😀"),
        ("bwé\u{80}b", "é"),
    ] {
        let records = parse_every_way(format!("{line}{rest}").as_bytes());
        assert_eq!(
            errors(&records),
            [format!("1:3: expected 'b' or 'w', found '{named}'")],
            "{line:?}"
        );
    }
    let mut stray = b"bw\xc3\xa9\x80b".to_vec();
    stray.extend_from_slice(rest.as_bytes());
    assert_eq!(
        errors(&parse_every_way(&stray)),
        ["1:3: expected 'b' or 'w', found 'é'"]
    );
    for named in ["é", "€", "😀"] {
        let input = format!("bwwb\nbbwb\nbwwb\nbw{named}");
        assert_eq!(
            errors(&parse_every_way(input.as_bytes())),
            [format!("4:3: expected 'b' or 'w', found '{named}'")]
        );
    }
}

/// A line with as many piece letters as other characters is a damaged row, whatever the
/// other character is and wherever the line ends: it spoils its board, and the rows after
/// it are not framed into a board of their own.
#[test]
fn a_line_of_one_letter_and_one_other_character_is_a_damaged_row() {
    for (line, error) in [
        (&b"b%"[..], "1:2: expected 'b' or 'w', found '%'"),
        (
            b"b\xff",
            "1:2: expected 'b' or 'w', found byte 0xff (not UTF-8)",
        ),
        ("bé".as_bytes(), "1:2: expected 'b' or 'w', found 'é'"),
        (b"b %", "1:2: expected 'b' or 'w', found ' '"),
        // The bytes of a character after the first error count once, as one character.
        ("bw%é".as_bytes(), "1:3: expected 'b' or 'w', found '%'"),
    ] {
        let mut input = line.to_vec();
        input.extend_from_slice(format!("\nbbwb\nbwwb\nbwww\n{SAMPLE}").as_bytes());
        let records = parse_every_way(&input);
        assert_eq!(errors(&records), [error], "{line:?}");
        assert_eq!(boards(&records), [("bwwb/bbwb/bwwb/bwww".into(), 5)]);
        // The last line of the input, with no newline: still the board's row.
        let mut input = b"bwwb\nbbwb\nbwwb\n".to_vec();
        input.extend_from_slice(line);
        let records = parse_every_way(&input);
        assert_eq!(errors(&records), [error.replacen('1', "4", 1)], "{line:?}");
    }
}

/// After a whole row, a space and more are the row going on too long, said at the character
/// (a space in the middle of a row is said at the space).
#[test]
fn advice_names_settings_as_the_front_end_does_and_as_rust_by_default() {
    let records = parse_every_way(b"bwwb b\nbbwb\nbwwb\nbwww\n1001\n");
    let rust: Vec<String> = records
        .iter()
        .filter_map(|r| match r {
            Record::Malformed(e) => Some(e.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        rust,
        [
            "1:6: expected end of row after 4 pieces, found 'b'; the row has 5 pieces: did you \
             mean Shape::new(5, 5)?",
            "5:1: expected 'b' or 'w', found '1' (for rows of 0/1, give Cells::Digits)"
        ]
    );
    assert_eq!(
        errors(&records)[1],
        "5:1: expected 'b' or 'w', found '1' (for rows of 0/1, give --cells 01)"
    );
}

#[test]
fn a_full_row_then_a_space_is_too_long_at_the_next_character() {
    let records = parse_every_way(b"bwwb x\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        ["1:6: expected end of row after 4 pieces, found 'x'"]
    );
    let records = parse_every_way(b"bwwb b\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        [
            "1:6: expected end of row after 4 pieces, found 'b'; the row has 5 pieces: did you \
          mean --size 5x5?"
        ]
    );
}

/// The fast paths (a whole 4x4 board, or a row, read at once) are offered at the start of
/// every line of a board being read in b/w letters, and nowhere else. Which path reads a
/// line changes no record (`fast_and_careful_paths_agree_on_every_row`), only the speed
/// (`bench/`), so this asks the parser directly.
#[test]
fn the_fast_paths_are_offered_at_every_clean_line_start_only() {
    let fed = |input: &[u8], cells: Cells| {
        let mut parser = BoardParser::<Grid>::with_cells(Shape::FLIP_GAME, cells);
        parser
            .feed(input, &mut |_| Ok::<(), ()>(()))
            .expect("no emit fails");
        parser.at_clean_line_start()
    };
    for start in [
        &b""[..],
        b"bwwb\n",
        b"bwwb\nbbwb\r\n",
        SAMPLE.as_bytes(),
        b"\n\n",
    ] {
        assert!(fed(start, Cells::Letters), "{start:?}");
    }
    // Mid-line, after indentation, in a character, on a spoiled board, in another notation.
    for (inside, cells) in [
        (&b"bw"[..], Cells::Letters),
        (b"  ", Cells::Letters),
        (b"bw\xc3", Cells::Letters),
        (b"bwxb\n", Cells::Letters),
        (b"", Cells::Digits),
        (b"1001\n", Cells::Digits),
    ] {
        assert!(!fed(inside, cells), "{inside:?} {cells:?}");
    }
}

/// The fast readers against the careful definition of a row: each takes every well-formed
/// row it is given, reads it as the letters say, and takes nothing else. (A fast reader
/// that took nothing would change only the speed, so they are asked directly.)
#[test]
fn the_fast_readers_take_every_well_formed_row_and_only_those() {
    const LETTERS: [u8; 4] = [b'b', b'w', b'B', b'W'];
    const NOT_LETTERS: [u8; 12] = [
        b'x', b'c', b'v', b'a', b'R', b'\n', b' ', b'0', b'"', 0x02, 0x15, 0xe2,
    ];
    let bits_of = |letters: &[u8]| {
        letters.iter().fold(0u64, |bits, &l| {
            2 * bits + u64::from(matches!(l, b'b' | b'B'))
        })
    };
    for n in 0..1usize << 16 {
        let eight: [u8; 8] = std::array::from_fn(|i| LETTERS[n >> (2 * i) & 3]);
        assert_eq!(row_byte(eight).map(u64::from), Some(bits_of(&eight)));
        let mut bad = eight;
        bad[n % 8] = NOT_LETTERS[n / 8 % NOT_LETTERS.len()];
        assert_eq!(row_byte(bad), None, "{bad:?}");
        if n < 1 << 8 {
            let four = &eight[..4];
            let nibble = Some(bits_of(four) as u8);
            let row = |end: &[u8]| [four, end].concat();
            assert_eq!(fast_row(&row(b"\nb")), nibble.map(|bits| (bits, 5)));
            assert_eq!(fast_row(&row(b"\r\n")), nibble.map(|bits| (bits, 6)));
            for end in [&b"\rb"[..], b" \n", b"b\n"] {
                assert_eq!(fast_row(&row(end)), None, "{:?}", row(end));
            }
            let mut bad = row(b"\nb");
            bad[n % 4] = NOT_LETTERS[n / 4 % NOT_LETTERS.len()];
            assert_eq!(fast_row(&bad), None, "{bad:?}");
        }
    }
    for cols in [1u32, 4, 7, 8, 9, 63, 64, 65, 130] {
        let shape = Shape::new(1, cols).unwrap();
        let text: Vec<u8> = (0..cols as usize)
            .map(|i| LETTERS[i * 7 % 11 % 4])
            .collect();
        let read = Grid::parse(std::str::from_utf8(&text).unwrap(), shape).unwrap();
        for (end, used) in [(&b"\n"[..], 1), (b"\r\n", 2), (b"\nbw", 1)] {
            let mut row = vec![0; shape.words_per_row()];
            let input = [&text[..], end].concat();
            let taken = fast_wide_row(&input, &mut row, cols);
            assert_eq!(taken, Some(cols as usize + used), "{cols} {end:?}");
            assert_eq!(row, read.row(0), "{cols}");
        }
        for end in [&b"\r"[..], b"\rb", b" \n", b"b\n", b""] {
            let input = [&text[..], end].concat();
            assert_eq!(fast_wide_row(&input, &mut [0; 3], cols), None, "{end:?}");
        }
        for at in 0..cols as usize {
            let mut bad = [&text[..], b"\n"].concat();
            bad[at] = NOT_LETTERS[at % NOT_LETTERS.len()];
            assert_eq!(fast_wide_row(&bad, &mut [0; 3], cols), None, "{cols} {at}");
        }
    }
    let nibbles = SAMPLE.lines().map(|row| bits_of(row.as_bytes()) as u8);
    let sample: Vec<u8> = nibbles.collect();
    assert_eq!(fast_board(SAMPLE.as_bytes()).map(Vec::from), Some(sample));
    for at in [4, 9, 14, 19, 0, 6, 12, 18] {
        let mut bad = SAMPLE.as_bytes().to_vec();
        bad[at] = b'w';
        if at % 5 != 4 {
            bad[at] = b'x';
        }
        assert_eq!(fast_board(&bad), None, "{at}");
    }
}

/// Rows of 0/1 or #/. are no rows of b/w: the first of each board says so, with the option
/// that reads them, and the board is passed over whole (its rows are rows, so no row of the
/// next board can finish it).
#[test]
fn digits_and_hashes_get_a_hint_on_the_option_that_reads_them() {
    let records = parse_every_way(b"1001\n1101\n1001\n1000\n#..#\n");
    assert_eq!(
        errors(&records),
        [
            "1:1: expected 'b' or 'w', found '1' (for rows of 0/1, give --cells 01)",
            "5:1: expected 'b' or 'w', found '#' (for rows of #/., give --cells .#)",
        ]
    );
    assert!(boards(&records).is_empty());
    // The good board after a row in another notation is read, and the bad one answers nothing.
    let records = parse_every_way(b"bwwb\n#..#\nbwwb\nbwww\nbwbw\nwwww\nbbwb\nbwwb\n");
    assert_eq!(
        errors(&records),
        ["2:1: expected 'b' or 'w', found '#' (for rows of #/., give --cells .#)"]
    );
    assert_eq!(boards(&records).len(), 1);
    // A comment is no row of #/.: no hint that would turn every real row into an error.
    let records = parse_every_way(b"# boards\nbwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors_of(&records),
        [
            "1:1: expected 'b' or 'w', found '#'; the line is not a row (such as a count, a size \
          or a separator), so it is skipped on its own"
        ]
    );
    assert_eq!(boards(&records).len(), 1);
}

fn parse_cells(input: &[u8], cells: Cells) -> Vec<Record> {
    let parse = |chunk: usize| {
        let mut records = Vec::new();
        let mut parser = BoardParser::<Grid>::with_cells(Shape::FLIP_GAME, cells);
        let mut emit = |record| -> Result<(), ()> {
            records.push(record);
            Ok(())
        };
        for piece in input.chunks(chunk) {
            parser.feed(piece, &mut emit).unwrap();
        }
        parser.finish(&mut emit).unwrap();
        records
    };
    // Whole (where the fast paths for b/w letters could reach) and byte by byte: chunk
    // boundaries must not matter.
    let whole = parse(input.len().max(1));
    assert_eq!(parse(1), whole, "byte by byte");
    whole
}

#[test]
fn other_cell_notations_read_only_when_asked_for() {
    let records = parse_cells(b"1001\n1 1 0 1\n1001\n1000\n", Cells::Digits);
    assert_eq!(boards(&records), [("bwwb/bbwb/bwwb/bwww".to_string(), 1)]);
    let records = parse_cells(b"#..#\nxX.#\n#..#\n#...\n", Cells::Dots);
    assert_eq!(boards(&records), [("bwwb/bbwb/bwwb/bwww".to_string(), 1)]);
    // The letters are no cells of another notation, and spaces only separate digits.
    let records = parse_cells(b"1001\n1101\n100b\n1000\n", Cells::Digits);
    assert_eq!(errors(&records), ["3:4: expected '1' or '0', found 'b'"]);
    let records = parse_cells(b"#..#\n## .#\n", Cells::Dots);
    assert_eq!(errors(&records)[0], "2:3: expected '#' or '.', found ' '");
    let records = parse_cells(b"bwwb\nbbwb\nbwwb\nbwww\n", Cells::Dots);
    assert!(boards(&records).is_empty());
    assert_eq!(errors(&records).len(), 4);
}

#[test]
fn nul_bytes_are_shown_escaped() {
    let records = parse_every_way(b"bw\0b\nbbwb\nbwwb\nbwww\n");
    assert_eq!(
        errors(&records),
        vec![r"1:3: expected 'b' or 'w', found '\0'"]
    );
}

#[test]
fn a_spoiled_board_skips_its_remaining_rows_unread() {
    let records = parse_every_way(b"bwwbx\nbzzw\nwyyb\nbxxb\nwwww\nwwww\nwwww\nwwww\n");
    assert_eq!(errors(&records).len(), 1);
    assert_eq!(boards(&records), vec![("wwww/wwww/wwww/wwww".into(), 5)]);
}

#[test]
fn a_very_long_line_is_refused_at_its_fifth_character() {
    let mut input = b"bwwb".to_vec();
    input.extend(std::iter::repeat_n(b'w', 100_000));
    input.extend_from_slice(b"\nbbwb\nbwwb\nbwww\n");
    input.extend_from_slice(SAMPLE.as_bytes());
    let records = parse_all(&input, 4096);
    assert_eq!(
        errors(&records),
        vec!["1:5: expected end of row after 4 pieces, found 'w'"]
    );
    assert_eq!(boards(&records), vec![("bwwb/bbwb/bwwb/bwww".into(), 5)]);
}

#[test]
fn fast_and_careful_paths_agree_on_every_row() {
    for bytes in 0..=u32::from(u16::MAX) {
        let letters = [b'b', b'w', b'B', b'W', b'x', b'\n', b'c', b'v'];
        let row: [u8; 4] = std::array::from_fn(|i| letters[(bytes >> (3 * i)) as usize & 7]);
        let careful = row
            .iter()
            .map(|&b| crate::notation::piece_color(b))
            .try_fold(0u8, |bits, color| {
                Some(bits << 1 | u8::from(color? == crate::notation::Color::Black))
            });
        assert_eq!(row_nibble(row), careful, "row {row:?}");
    }
}

mod shaped {
    use super::*;

    fn shape(rows: u32, cols: u32) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    fn every_way(input: &[u8], shape: Shape) -> Vec<Record> {
        let whole = parse_all_shaped(input, input.len().max(1), shape);
        for chunk in 1..=input.len().min(23) {
            assert_eq!(
                parse_all_shaped(input, chunk, shape),
                whole,
                "chunk {chunk}"
            );
        }
        whole
    }

    #[test]
    fn boards_of_other_shapes_are_read_with_the_same_rules() {
        let records = every_way(
            b"bwb\nwwb\n\nbbb\r\nwww \nbxb\nwwb\nbwbw\nwwb\n",
            shape(2, 3),
        );
        let texts: Vec<String> = records
            .iter()
            .map(|record| match record {
                Record::Board { board, line } => format!("{line}:{board}"),
                Record::Malformed(error) => error.worded(as_flags).to_string(),
            })
            .collect();
        assert_eq!(
            texts,
            vec![
                "1:bwb/wwb",
                "4:bbb/www",
                "6:2: expected 'b' or 'w', found 'x'",
                "8:4: expected end of row after 3 pieces, found 'w'; the row has 4 pieces: did \
                 you mean --size 2x4?",
            ]
        );
    }

    #[test]
    fn a_spoiled_board_leaves_nothing_in_the_next_one() {
        let records = every_way(b"bbbbb\nbbbbb\nbbx\nwwwww\nwwwww\nwwwww\n", shape(3, 5));
        assert!(matches!(&records[1], Record::Board { board, line: 4 } if board.is_empty()));
    }

    #[test]
    fn wide_rows_cross_word_boundaries() {
        let row: String = (0..130)
            .map(|i| if i % 3 == 0 { 'b' } else { 'w' })
            .collect();
        let input = format!("{row}\n{row}\n");
        let records = every_way(input.as_bytes(), shape(2, 130));
        match &records[..] {
            [Record::Board { board, .. }] => assert_eq!(board.row_text(1), row),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn lone_carriage_returns_are_named_not_taken_for_a_wider_board() {
    let records = parse_every_way(b"bwwb\rbbwb\rbwwb\rbwww\r");
    let errors = errors(&records);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with(
            "1:6: expected end of row after 4 pieces, found 'b'; the line has \
                               carriage returns with no line feed after them"
        ),
        "{}",
        errors[0]
    );
    assert!(!errors[0].contains("--size"), "{}", errors[0]);
    // CR LF line ends are still plain line ends.
    assert_eq!(
        boards(&parse_every_way(b"bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n")).len(),
        1
    );
}

mod states {
    use super::*;

    /// The records of `input` read as boards of `shape` in `states` states, the same in every
    /// chunk size.
    fn every_way(input: &[u8], shape: Shape, states: u8) -> Vec<String> {
        let read = |chunk: usize| {
            let mut records = Vec::new();
            let mut push = |record: Record<StateBoard>| {
                records.push(match record {
                    Record::Board { board, line } => format!("{line}:{board}"),
                    Record::Malformed(error) => error.worded(as_flags).to_string(),
                });
                Ok::<(), std::convert::Infallible>(())
            };
            let mut parser = BoardParser::<StateBoard>::with_cells(shape, Cells::States(states));
            for piece in input.chunks(chunk) {
                let Ok(()) = parser.feed(piece, &mut push);
            }
            let Ok(()) = parser.finish(&mut push);
            records
        };
        let whole = read(input.len().max(1));
        for chunk in 1..=input.len().min(23) {
            assert_eq!(read(chunk), whole, "chunk {chunk}");
        }
        whole
    }

    #[test]
    fn digit_boards_are_read_with_the_same_framing_and_places() {
        let shape = Shape::new(2, 3).unwrap();
        let records = every_way(b"012\n2 1 0\n\n3\n012\n013\n120\n\n10\n", shape, 3);
        assert_eq!(
            records,
            [
                "1:012/210",
                "4:1: expected a digit from '0' to '2', found '3'; the line is not a row (such \
                 as a count, a size or a separator), so it is skipped on its own",
                "6:3: expected a digit from '0' to '2', found '3'; the digit '3' needs --states 4 \
                 or more",
                "8:1: expected row 2 of 2, found a blank line",
                "9:3: expected 3 pieces in a row, found 2: did you mean --size 2x2?",
            ]
        );
        let records = every_way(b"0A2\nb13\n0a1\nz00\n", shape, 11);
        assert_eq!(
            records,
            [
                "2:1: expected a digit from '0' to 'a', found 'b'; 'b' is a black piece without \
                 --states, or the digit 11 with --states 12 or more",
                "4:1: expected a digit from '0' to 'a', found 'z'; the digit 'z' needs --states \
                 36 or more",
            ]
        );
    }

    /// A row of digits points at --states, with how many its digits need, and is a row of its
    /// board; a row of letters with a digit in it is a row of letters with a mistake, and a
    /// lone number is a count.
    #[test]
    fn two_state_readers_point_at_states_for_rows_of_digits() {
        let records = parse_all(
            b"0120\nbwwb\nbwwb\nbwww\n2\nbw2b\nbwwb\nbwww\nbwwb\n 1 0 3 1\n",
            64,
        );
        assert_eq!(
            errors(&records),
            [
                "1:1: expected 'b' or 'w', found '0' (for boards of more than two states, such as \
                 digits up to 2, give --states 3 or more)",
                "5:1: expected 'b' or 'w', found '2'; the line is not a row (such as a count, a \
                 size or a separator), so it is skipped on its own",
                "6:3: expected 'b' or 'w', found '2'",
                "10:2: expected 'b' or 'w', found '1' (for boards of more than two states, such \
                 as digits up to 3, give --states 4 or more)",
            ]
        );
    }
}

/// Each board type reads only the pieces it can hold: a two-sided board asked for digits of
/// three states reads `0` and `1` and refuses `2`, and a board of K colours asked for letters
/// reads digits of two states; the 4x4 boards both make from bits are the same pieces.
#[test]
fn each_board_type_reads_only_pieces_it_can_hold() {
    let shape = Shape::new(2, 2).unwrap();
    let two_sided = |input: &[u8]| {
        let mut records = Vec::new();
        let mut parser = BoardParser::<Grid>::with_cells(shape, Cells::States(3));
        let mut push = |record| {
            records.push(record);
            Ok::<(), std::convert::Infallible>(())
        };
        let Ok(()) = parser.feed(input, &mut push);
        let Ok(()) = parser.finish(&mut push);
        records
    };
    assert_eq!(boards(&two_sided(b"01\n10\n")), [("wb/bw".to_string(), 1)]);
    let refused = two_sided(b"02\n10\n");
    assert!(boards(&refused).is_empty());
    assert_eq!(errors(&refused).len(), 1, "{refused:?}");
    let letters = StateBoard::read_text("bw/wb", shape, Cells::Letters);
    assert!(
        matches!(letters, Err(BoardTextError { column: 1, .. })),
        "{letters:?}"
    );
    let board = StateBoard::read_text("10/01", shape, Cells::Letters).unwrap();
    assert_eq!(
        (board.states(), board.to_string()),
        (2, "10/01".to_string())
    );
    for bits in [0u16, 1, 0x8000, 0x9d98, 0xffff] {
        let grid = <Grid as ReadBoard>::from_bits16(bits);
        let states = <StateBoard as ReadBoard>::from_bits16(bits);
        let rows = [
            (bits >> 12) as u8,
            (bits >> 8 & 15) as u8,
            (bits >> 4 & 15) as u8,
            (bits & 15) as u8,
        ];
        assert_eq!(<StateBoard as ReadBoard>::from_row_nibbles(rows), states);
        assert_eq!(<Grid as ReadBoard>::from_row_nibbles(rows), grid);
        for cell in 0..16 {
            assert_eq!(
                u8::from(grid.get(cell / 4, cell % 4)),
                states.get(cell / 4, cell % 4)
            );
        }
    }
}
