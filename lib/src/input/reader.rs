//! The pull side of the board reader: an iterator of records over anything that reads bytes,
//! so that a caller writes a plain `for` loop (as `csv::Reader::records` sits over csv-core).
//!
//! The push parser underneath is unchanged. A whole well-formed 4x4 board is taken straight from
//! the buffer, one at a time; anything else is fed to the parser a slice at a time (a line of a
//! 4x4 input), and the records of that slice are kept until they are taken, so the records held
//! at once stay few whatever the input.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::io::{self, Read};

use memchr::{memchr, memrchr};

use super::{BoardParser, ReadBoard, Record};
use crate::grid::Grid;
use crate::words::TooLong;

/// Bytes asked of the reader at a time: big enough that a large file takes few system calls.
const READ_BYTES: usize = 256 * 1024;
/// Bytes handed to the parser at a time at most: its records are held until taken, so this
/// bounds them.
const SLICE_BYTES: usize = 16 * 1024;
/// The longest line read: far past any real board's row (the widest board, 10,000 columns, is
/// some 40 kB a row in any notation), so that a device or a pipe of bytes with no line end
/// (`/dev/zero`) is refused at once, in bounded time as well as memory.
pub const LONGEST_LINE: u64 = 16 << 20;

/// Reads the records of one input, in order: `for record in BoardReader::new(file, parser)`.
///
/// Each item is a record, or the read error that ended the input (after which there are no more
/// items: the records before it were all handed out, and a board cut short by it is not
/// reported, since the input did not end there).
pub struct BoardReader<R, B: ReadBoard = Grid> {
    reader: R,
    parser: BoardParser<B>,
    buffer: Box<[u8]>,
    /// Bytes of `buffer` that hold input.
    filled: usize,
    /// Bytes of `buffer` already given to the parser.
    parsed: usize,
    /// Records parsed and not yet taken.
    ready: VecDeque<Record<B>>,
    /// The input has ended (or failed): nothing more is read.
    ended: bool,
    /// Bytes of the current line given to the parser so far, and the most it may have.
    line_bytes: u64,
    longest_line: u64,
    /// The line too long ([`TooLong`]) that ended the input, until it is handed out.
    failure: Option<io::Error>,
}

impl<R: Read, B: ReadBoard> BoardReader<R, B> {
    /// A reader of the boards `parser` expects, from the start of `reader`.
    pub fn new(reader: R, parser: BoardParser<B>) -> BoardReader<R, B> {
        BoardReader {
            reader,
            parser,
            buffer: vec![0; READ_BYTES].into_boxed_slice(),
            filled: 0,
            parsed: 0,
            ready: VecDeque::new(),
            ended: false,
            line_bytes: 0,
            longest_line: LONGEST_LINE,
            failure: None,
        }
    }

    /// The same reader with lines of at most `longest` bytes (a test's small limit); never
    /// less than a slice, which is checked whole.
    pub fn with_longest_line(mut self, longest: u64) -> BoardReader<R, B> {
        self.longest_line = longest.max(SLICE_BYTES as u64);
        self
    }

    /// True when the next record needs a read from the input, which may wait (on a terminal or
    /// a pipe): the moment to flush what the caller has written so far.
    pub fn needs_read(&self) -> bool {
        self.ready.is_empty() && self.parsed == self.filled && !self.ended
    }

    /// Takes every whole well-formed 4x4 board read and not yet handed out, up to the first
    /// byte that is not one, as [`Iterator::next`] would hand them out one at a time: pushes
    /// their ids ([`Grid::bits16`]) onto `ids` and returns the line of the first, or `None`
    /// when the next record is not such a board (or is not read yet). It reads nothing, so it
    /// never waits: a caller that answers boards in bulk asks it first and `next` after.
    pub fn take_board_ids(&mut self, ids: &mut Vec<u16>) -> Option<u64> {
        if !self.ready.is_empty() {
            return None;
        }
        let unparsed = &self.buffer[self.parsed..self.filled];
        let (used, line) = self.parser.whole_board_ids(unparsed, ids);
        if used == 0 {
            return None;
        }
        self.parsed += used;
        // A whole board ends with its last row's line.
        self.line_bytes = 0;
        Some(line)
    }

    /// Parses the next slice of the buffer, or reads more input (ending it at end of file).
    #[inline(never)]
    fn advance(&mut self) -> io::Result<()> {
        let mut keep = |record| {
            self.ready.push_back(record);
            Ok::<(), Infallible>(())
        };
        if self.parsed < self.filled {
            let unparsed = &self.buffer[self.parsed..self.filled];
            // No slice is longer than SLICE_BYTES, so no line end past it is looked for.
            let unparsed = &unparsed[..unparsed.len().min(SLICE_BYTES)];
            // 4x4 boards go back to the whole-board road after each line; other shapes, whose
            // records are fewer a byte, in slices.
            let line_end = memchr(b'\n', unparsed).map_or(unparsed.len(), |at| at + 1);
            let slice = if self.parser.board.is_none() {
                line_end
            } else {
                unparsed.len()
            };
            let end = self.parsed + slice.min(SLICE_BYTES);
            let fed = &self.buffer[self.parsed..end];
            // The line going on from the last slice, up to its end here or to the slice's end;
            // a line wholly inside a slice is shorter than the longest.
            let going_on = self.line_bytes + memchr(b'\n', fed).unwrap_or(fed.len()) as u64;
            if going_on > self.longest_line {
                // The records before the line are handed out first; then this ends the input.
                self.ended = true;
                let too_long = TooLong {
                    place: (self.parser.line, 1),
                    what: "a line",
                    longest: self.longest_line,
                };
                self.failure = Some(too_long.into_error());
                self.parsed = self.filled;
                return Ok(());
            }
            self.line_bytes = match memrchr(b'\n', fed) {
                Some(at) => (fed.len() - at - 1) as u64,
                None => going_on,
            };
            let Ok(()) = self.parser.feed(fed, &mut keep);
            self.parsed = end;
            return Ok(());
        }
        loop {
            match self.reader.read(&mut self.buffer) {
                Ok(0) => {
                    self.ended = true;
                    let Ok(()) = self.parser.finish(&mut keep);
                    return Ok(());
                }
                Ok(read) => {
                    self.filled = read;
                    self.parsed = 0;
                    return Ok(());
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    self.ended = true;
                    return Err(error);
                }
            }
        }
    }
}

impl<R: Read, B: ReadBoard> Iterator for BoardReader<R, B> {
    type Item = io::Result<Record<B>>;

    #[inline(always)]
    fn next(&mut self) -> Option<io::Result<Record<B>>> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                return Some(Ok(record));
            }
            let unparsed = &self.buffer[self.parsed..self.filled];
            if let Some((record, used)) = self.parser.whole_board(unparsed) {
                self.parsed += used;
                // A whole board ends with its last row's line.
                self.line_bytes = 0;
                return Some(Ok(record));
            }
            if self.ended {
                return self.failure.take().map(Err);
            }
            if let Err(error) = self.advance() {
                return Some(Err(error));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::input::parse_all_shaped;
    use proptest::prelude::*;

    /// Hands out its bytes at most `most` at a time, failing with `Interrupted` every third call
    /// and with `fail_at` (an error that is not retried) once that many bytes are out.
    struct Trickle {
        bytes: Vec<u8>,
        at: usize,
        most: usize,
        calls: u32,
        fail_at: Option<usize>,
    }

    impl Trickle {
        fn new(bytes: Vec<u8>, most: usize) -> Trickle {
            Trickle {
                bytes,
                at: 0,
                most,
                calls: 0,
                fail_at: None,
            }
        }
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls.is_multiple_of(3) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            if self.fail_at.is_some_and(|at| self.at >= at) {
                return Err(io::Error::other("the disk is gone"));
            }
            let end = self.bytes.len().min(self.at + self.most.min(buf.len()));
            let n = end - self.at;
            buf[..n].copy_from_slice(&self.bytes[self.at..end]);
            self.at = end;
            Ok(n)
        }
    }

    /// Board `id` of 4x4 as text, written out here from the bits (row 1 first, `b` for a set
    /// bit), not by the library.
    fn board_text(id: u32) -> String {
        (0..16)
            .map(|bit| {
                let piece = if id >> (15 - bit) & 1 == 1 { 'b' } else { 'w' };
                if bit % 4 == 3 {
                    format!("{piece}\n")
                } else {
                    piece.to_string()
                }
            })
            .collect()
    }

    fn read_all(reader: impl Read, shape: Shape) -> Vec<Record> {
        BoardReader::new(reader, BoardParser::with_shape(shape))
            .map(|record| record.unwrap())
            .collect()
    }

    #[test]
    fn every_board_of_an_input_longer_than_the_buffer_comes_out_in_order() {
        // 50,000 boards: 1 MB, four buffers and some sixty slices.
        let text: String = (0..50_000u32).map(|id| board_text(id & 0xffff)).collect();
        let records = read_all(Trickle::new(text.into_bytes(), 100_000), Shape::FLIP_GAME);
        assert_eq!(records.len(), 50_000);
        for (n, record) in records.iter().enumerate() {
            let Record::Board { board, line } = record else {
                panic!("board {n} is malformed: {record:?}");
            };
            assert_eq!(*line, 4 * n as u64 + 1);
            let expected = board_text(n as u32 & 0xffff).trim_end().replace('\n', "/");
            assert_eq!(board.to_string(), expected, "board {n}");
        }
    }

    #[test]
    fn the_records_are_the_push_parsers_whatever_the_reads() {
        let mut text = String::new();
        for id in 0..3000u32 {
            text += &board_text((id * 7) & 0xffff);
            match id % 11 {
                0 => text += "bwxb\nwwww\nbbbb\nwbwb\n",
                5 => text += "\n3 3\n",
                7 => text += "bbb\n\n",
                _ => {}
            }
        }
        let bytes = text.into_bytes();
        let pushed = parse_all_shaped(&bytes, bytes.len(), Shape::FLIP_GAME);
        assert!(pushed.iter().any(|r| matches!(r, Record::Malformed(_))));
        for most in [1, 7, 4096, 300_000] {
            let pulled = read_all(Trickle::new(bytes.clone(), most), Shape::FLIP_GAME);
            assert_eq!(pulled, pushed, "reads of at most {most} bytes");
        }
        let wide = b"bwbwbwbwbwbwbwbwbwbwbwbwbwbwbwbwbwbwbwb\n".repeat(39 * 20);
        let shape = Shape::new(39, 39).unwrap();
        let pulled = read_all(Trickle::new(wide.clone(), 999), shape);
        assert_eq!(pulled.len(), 20);
        assert_eq!(pulled, parse_all_shaped(&wide, wide.len(), shape));
    }

    /// Every record of `reader`, the whole 4x4 boards taken in bulk by id wherever
    /// [`BoardReader::take_board_ids`] gives them and the rest one at a time; with how many
    /// were taken in bulk. The ids are pushed after those taken before, as a caller that
    /// gathers a batch of them keeps them.
    fn read_all_in_bulk(reader: impl Read) -> (Vec<Record>, usize) {
        let mut reader = BoardReader::new(reader, BoardParser::new());
        let (mut records, mut ids, mut in_bulk) = (Vec::new(), Vec::new(), 0);
        loop {
            let start = ids.len();
            if let Some(first) = reader.take_board_ids(&mut ids) {
                assert_eq!(ids[..start].len(), in_bulk);
                let taken = &ids[start..];
                assert!(!taken.is_empty());
                in_bulk += taken.len();
                records.extend(taken.iter().zip(0..).map(|(&id, nth)| Record::Board {
                    board: Grid::from_bits16(id),
                    line: first + 4 * nth,
                }));
                continue;
            }
            match reader.next() {
                Some(record) => records.push(record.unwrap()),
                None => return (records, in_bulk),
            }
        }
    }

    #[test]
    fn boards_taken_in_bulk_are_the_records_one_at_a_time_would_be() {
        let mut text = String::from("\u{feff}");
        for id in 0..30_000u32 {
            text += &board_text((id * 7919) & 0xffff);
            match id % 997 {
                0 => text += "bwxb\nwwww\nbbbb\nwbwb\n",
                5 => text += "\n3 3\n",
                7 => text += "bbb\n\n",
                8 => text += "BWWB\nbbwb\nbWwb\nbwww\n",
                9 => text += "bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n",
                10 => text += "bwwb\nbbwb\n",
                _ => {}
            }
        }
        text += "bwwb\nbbwb\nbw";
        let bytes = text.into_bytes();
        let pushed = parse_all_shaped(&bytes, bytes.len(), Shape::FLIP_GAME);
        for most in [1, 7, 4096, 300_000] {
            let (pulled, in_bulk) = read_all_in_bulk(Trickle::new(bytes.clone(), most));
            assert_eq!(pulled, pushed, "reads of at most {most} bytes");
            if most > 20 {
                assert!(in_bulk > pushed.len() / 2, "{in_bulk} of {}", pushed.len());
            }
        }
    }

    #[test]
    fn a_read_error_ends_the_input_after_the_records_before_it() {
        let text: String = (0..10u32).map(board_text).collect();
        let mut trickle = Trickle::new(text.into_bytes(), 25);
        // Two and a half boards out: the half board is not reported as cut short.
        trickle.fail_at = Some(50);
        let mut reader = BoardReader::new(trickle, BoardParser::new());
        let lines: Vec<u64> = reader
            .by_ref()
            .map_while(|record| match record {
                Ok(Record::Board { line, .. }) => Some(line),
                other => {
                    assert_eq!(other.unwrap_err().to_string(), "the disk is gone");
                    None
                }
            })
            .collect();
        assert_eq!(lines, [1, 5]);
        assert!(reader.next().is_none());
        assert!(!reader.needs_read());
    }

    /// A line past the longest ends the input, after the records before it, in both roads
    /// (whole 4x4 boards and slices of other shapes), however the input is read; a line just
    /// under it is read, found wrong and passed over.
    #[test]
    fn a_line_past_the_longest_ends_the_input_after_the_records_before_it() {
        const LONGEST: u64 = 40_000;
        for (shape, board) in [
            (Shape::FLIP_GAME, board_text(0x1234)),
            (Shape::new(2, 3).unwrap(), "bwb\nwbw\n".to_string()),
        ] {
            let rows = u64::from(shape.rows());
            for (length, answered) in [(LONGEST, 3), (LONGEST + 1, 1)] {
                let mut text = board.clone().into_bytes();
                text.extend(std::iter::repeat_n(b'x', length as usize));
                text.push(b'\n');
                text.extend((board.clone() + "\n" + &board).into_bytes());
                for most in [1000, 300_000] {
                    let reader = BoardReader::new(
                        Trickle::new(text.clone(), most),
                        BoardParser::with_shape(shape),
                    )
                    .with_longest_line(LONGEST);
                    let items: Vec<io::Result<Record>> = reader.collect();
                    let boards = items
                        .iter()
                        .filter(|item| matches!(item, Ok(Record::Board { .. })))
                        .count();
                    assert_eq!(boards, answered, "{shape}, a line of {length}");
                    let too_long = items.iter().find_map(|item| item.as_ref().err());
                    if length > LONGEST {
                        let too_long = TooLong::of(too_long.unwrap()).unwrap();
                        assert_eq!(
                            too_long,
                            &TooLong {
                                place: (rows + 1, 1),
                                what: "a line",
                                longest: LONGEST
                            }
                        );
                        assert!(items.last().unwrap().is_err());
                    } else {
                        assert!(too_long.is_none());
                    }
                }
            }
        }
        // A limit below a slice would refuse lines the slices hold whole: it is raised to one.
        let reader = BoardReader::new(&b""[..], BoardParser::new()).with_longest_line(1);
        assert_eq!(reader.longest_line, SLICE_BYTES as u64);
    }

    #[test]
    fn a_read_is_needed_only_once_the_records_read_are_taken() {
        let text = board_text(1) + &board_text(2);
        let mut reader =
            BoardReader::new(Trickle::new(text.into_bytes(), 1000), BoardParser::new());
        assert!(reader.needs_read());
        assert!(matches!(
            reader.next(),
            Some(Ok(Record::Board { line: 1, .. }))
        ));
        assert!(!reader.needs_read());
        assert!(matches!(
            reader.next(),
            Some(Ok(Record::Board { line: 5, .. }))
        ));
        assert!(reader.needs_read());
        assert!(reader.next().is_none());
        assert!(!reader.needs_read());
    }

    /// Inputs mostly of whole boards, with the things that break the whole-board road: a
    /// byte-order mark, short and long rows, blank lines, spaces, carriage returns, other
    /// characters.
    fn nearly_boards() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            8 => Just(b"bwbw\nwwbb\nbbbb\nwbwb\n".to_vec()),
            2 => Just(b"\n".to_vec()),
            1 => Just(b"\xef\xbb\xbf".to_vec()),
            1 => Just(b"bwb\n".to_vec()),
            1 => Just(b"bwbwb\n".to_vec()),
            1 => Just(b" bwbw\r\n".to_vec()),
            1 => Just(b"x".to_vec()),
            1 => Just(b"W".to_vec()),
        ];
        proptest::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #[test]
        fn pulled_records_are_the_pushed_ones(input in nearly_boards(), most in 1usize..50) {
            let pushed = parse_all_shaped(&input, input.len(), Shape::FLIP_GAME);
            let pulled = read_all(Trickle::new(input.clone(), most), Shape::FLIP_GAME);
            prop_assert_eq!(pulled, pushed);
        }
    }
}
