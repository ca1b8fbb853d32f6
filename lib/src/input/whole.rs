//! Whole well-formed 4x4 boards read in bulk, the road of a stream of them: a board is 20
//! bytes, four rows of four letters and a line feed each (24 with `\r\n` line ends), checked
//! and turned into its id ([`Grid::bits16`]) a word at a time, and on x86-64 four boards at a
//! time in SSE2 vectors where rows end in `\n` alone (every x86-64 processor has them).
//! Anything else is left to the parser.

use super::{BOARD_BYTES, PIECES};
#[cfg(doc)]
use crate::grid::Grid;

/// Bytes of a whole board whose rows end in `\r\n`: three words.
const CRLF_BOARD_BYTES: usize = BOARD_BYTES + PIECES as usize;

/// Pushes onto `ids` the ids of the whole well-formed boards `input` starts with, up to the
/// first that is not one (rows ending in `\n` or in `\r\n`, a board of each kind or both);
/// returns the bytes they take.
pub(super) fn board_ids(input: &[u8], ids: &mut Vec<u16>) -> usize {
    // Most calls that find nothing are met where boards are not whole (a blank line, say),
    // once a record: they must cost nothing.
    if board_id(input).is_none() && crlf_board_id(input).is_none() {
        return 0;
    }
    ids.reserve(input.len() / BOARD_BYTES);
    let mut rest = input;
    loop {
        let before = rest.len();
        #[cfg(target_arch = "x86_64")]
        while let Some((four, after)) = rest.split_first_chunk::<{ 4 * BOARD_BYTES }>() {
            // SAFETY: SSE2 is part of x86-64 itself: every processor that runs this code has it.
            let Some(found) = (unsafe { sse2::four_board_ids(four) }) else {
                break;
            };
            ids.extend_from_slice(&found);
            rest = after;
        }
        while let Some(id) = board_id(rest) {
            ids.push(id);
            rest = &rest[BOARD_BYTES..];
        }
        while let Some(id) = crlf_board_id(rest) {
            ids.push(id);
            rest = &rest[CRLF_BOARD_BYTES..];
        }
        if rest.len() == before {
            return input.len() - rest.len();
        }
    }
}

/// `0x01` in the bytes of a little-endian word (bytes `8 * word` to `8 * word + 7` of a board
/// with `\r\n` line ends) that hold a letter (`at` 0), a `\r` (4) or a `\n` (5) of their row.
const fn crlf_places(word: usize, at: usize) -> u64 {
    let mut places = 0;
    let mut byte = 0;
    while byte < 8 {
        let row_at = (8 * word + byte) % 6;
        if (at == 0 && row_at < 4) || (at != 0 && row_at == at) {
            places |= 1 << (8 * byte);
        }
        byte += 1;
    }
    places
}

/// For each of the three words of a board of `\r\n`-ended rows: its letters, its `\r`s and
/// its `\n`s.
const CRLF_PLACES: [(u64, u64, u64); 3] = [
    (crlf_places(0, 0), crlf_places(0, 4), crlf_places(0, 5)),
    (crlf_places(1, 0), crlf_places(1, 4), crlf_places(1, 5)),
    (crlf_places(2, 0), crlf_places(2, 4), crlf_places(2, 5)),
];

/// The id ([`Grid::bits16`]) of the well-formed 4x4 board of four `\r\n`-ended rows that
/// `input` starts with: its 24 bytes checked and read as three words, as [`board_id`] reads
/// a board of `\n`-ended rows.
#[inline(always)]
fn crlf_board_id(input: &[u8]) -> Option<u16> {
    let bytes = input.first_chunk::<CRLF_BOARD_BYTES>()?;
    let mut black = 0u32;
    for (bytes, (letters, returns, feeds)) in bytes.chunks_exact(8).zip(CRLF_PLACES) {
        let value = u64::from_le_bytes(bytes.try_into().ok()?);
        let expected =
            (letters * u64::from(b'b')) | (returns * u64::from(b'\r')) | (feeds * u64::from(b'\n'));
        // As in `board_id`: b becomes 0x00 and w 0x15 with its case folded, a line end 0x00.
        let folded = (value | (letters * 0x20)) ^ expected;
        let low_bits = folded & letters;
        if folded != low_bits * 0x15 {
            return None;
        }
        // Byte i's flag on bit 7 - i of the word's eight.
        let flags = ((low_bits ^ letters).wrapping_mul(0x8040_2010_0804_0201) >> 56) & 0xFF;
        black = black << 8 | flags as u32;
    }
    // Byte p of the 24 is black on bit 23 - p; row r's letters are bytes 6r to 6r + 3.
    let id = (0..4).fold(0u32, |id, row| id << 4 | (black >> (20 - 6 * row) & 0xF));
    Some(id as u16)
}

/// The id ([`Grid::bits16`]) of the well-formed 4x4 board of four `\n`-ended rows that `input`
/// starts with: its 20 bytes checked and read as three words at once, as `row_byte` reads
/// eight letters.
#[inline(always)]
pub(super) fn board_id(input: &[u8]) -> Option<u16> {
    let (first, rest) = input.split_first_chunk::<8>()?;
    let (second, rest) = rest.split_first_chunk::<8>()?;
    let third = rest.first_chunk::<4>()?;
    // The board's bytes in three little-endian words: letters at bytes 0-3, 5-8, 10-13 and
    // 15-18, line feeds at 4, 9, 14 and 19. In each word, `letters` has 0x01 in every letter's
    // byte and `feeds` in every line feed's.
    let words = [
        (
            u64::from_le_bytes(*first),
            0x0101_0100_0101_0101u64,
            0x0000_0001_0000_0000u64,
        ),
        (
            u64::from_le_bytes(*second),
            0x0100_0101_0101_0001,
            0x0001_0000_0000_0100,
        ),
        (
            u64::from(u32::from_le_bytes(*third)),
            0x0001_0101,
            0x0100_0000,
        ),
    ];
    let mut black = [0u64; 3];
    for (flags, (word, letters, feeds)) in black.iter_mut().zip(words) {
        let expected = (letters * u64::from(b'b')) | (feeds * u64::from(b'\n'));
        // Setting bit 5 folds a letter's case; then b becomes 0x00 and w 0x15, and a line feed
        // 0x00. Anything else leaves some byte that is neither.
        let folded = (word | (letters * 0x20)) ^ expected;
        let low_bits = folded & letters;
        if folded != low_bits * 0x15 {
            return None;
        }
        // Byte i's flag lands on bit 63 - i: the shifts 63 - 9i never collide, so no carries.
        *flags = ((low_bits ^ letters).wrapping_mul(0x8040_2010_0804_0201) >> 56) & 0xFF;
    }
    // Bits, high first: [r1c1..r1c4, -, r2c1..r2c3], [r2c4, -, r3c1..r3c4, -, r4c1],
    // [r4c2..r4c4, -, 0...].
    let [a, b, c] = black;
    let id = (a & 0xF0) << 8
        | (a & 0x07) << 9
        | (b & 0x80) << 1
        | (b & 0x3C) << 2
        | (b & 1) << 3
        | c >> 5;
    Some(id as u16)
}

/// Four boards at a time in SSE2 vectors: the 80 bytes of four boards are five vectors, and
/// since 80 is a multiple of both 16 and 5, the letters and line feeds fall in the same places
/// of the five vectors for any four boards.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x,
    };

    use super::BOARD_BYTES;

    /// Byte `at` of the 80 is a line feed: the fifth of each row.
    const fn is_feed(at: usize) -> bool {
        at % 5 == 4
    }

    /// Vector `k` of the five with `letter` in every letter's place and `feed` in every line
    /// feed's.
    const fn pattern(k: usize, letter: u8, feed: u8) -> [u8; 16] {
        let mut bytes = [0; 16];
        let mut at = 0;
        while at < 16 {
            bytes[at] = if is_feed(16 * k + at) { feed } else { letter };
            at += 1;
        }
        bytes
    }

    /// The letters' places in vector `k`, a bit each, as [`vector`] orders them: bit 15 - i
    /// for byte i.
    const fn letters(k: usize) -> u32 {
        let mut bits = 0;
        let mut at = 0;
        while at < 16 {
            if !is_feed(16 * k + at) {
                bits |= 1 << (15 - at);
            }
            at += 1;
        }
        bits
    }

    const fn patterns(letter: u8, feed: u8) -> [[u8; 16]; 5] {
        [
            pattern(0, letter, feed),
            pattern(1, letter, feed),
            pattern(2, letter, feed),
            pattern(3, letter, feed),
            pattern(4, letter, feed),
        ]
    }

    /// Setting bit 5 of a letter folds its case; a line feed is left as it is.
    const CASE: [[u8; 16]; 5] = patterns(0x20, 0);
    const BLACK: [[u8; 16]; 5] = patterns(b'b', b'\n');
    const WHITE: [[u8; 16]; 5] = patterns(b'w', b'\n');
    const LETTERS: [u32; 5] = [letters(0), letters(1), letters(2), letters(3), letters(4)];

    /// The 16 bytes in a vector, last first: the flags a compare gives then come out of
    /// `_mm_movemask_epi8` with the first byte's highest, as a board id has r1c1.
    #[target_feature(enable = "sse2")]
    fn vector(bytes: &[u8; 16]) -> __m128i {
        let (first, last) = bytes.split_at(8);
        let word = |half: &[u8]| i64::from_be_bytes(std::array::from_fn(|at| half[at]));
        _mm_set_epi64x(word(first), word(last))
    }

    /// The ids of the four boards of `bytes`, or `None` unless all four are whole and
    /// well-formed.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn four_board_ids(bytes: &[u8; 4 * BOARD_BYTES]) -> Option<[u16; 4]> {
        // Bit 79 - p: byte p is a black letter.
        let mut black = 0u128;
        for (k, chunk) in bytes.chunks_exact(16).enumerate() {
            let chunk: &[u8; 16] = chunk.try_into().ok()?;
            let folded = _mm_or_si128(vector(chunk), vector(&CASE[k]));
            let is_black = _mm_cmpeq_epi8(folded, vector(&BLACK[k]));
            let is_white = _mm_cmpeq_epi8(folded, vector(&WHITE[k]));
            if _mm_movemask_epi8(_mm_or_si128(is_black, is_white)) != 0xFFFF {
                return None;
            }
            let letters_black = _mm_movemask_epi8(is_black) as u32 & LETTERS[k];
            black |= u128::from(letters_black) << (64 - 16 * k);
        }
        Some(std::array::from_fn(|board| {
            // Bit 19 - q: byte q of the board is a black letter; then each row's four bits
            // closed up.
            let bits = (black >> (60 - BOARD_BYTES * board)) as u32 & 0xF_FFFF;
            ((bits >> 4 & 0xF000)
                | (bits >> 3 & 0x0F00)
                | (bits >> 2 & 0x00F0)
                | (bits >> 1 & 0x000F)) as u16
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Board `id`'s 20 bytes, capitals where `case` has a bit (r1c1 highest), written out here
    /// from the notation.
    fn text(id: u16, case: u16) -> Vec<u8> {
        text_ending(id, case, false)
    }

    /// Board `id`'s bytes, its rows ended by `\r\n` where `crlf` says, else by `\n`.
    fn text_ending(id: u16, case: u16, crlf: bool) -> Vec<u8> {
        let mut text = Vec::new();
        for bit in 0..16 {
            let black = id >> (15 - bit) & 1 == 1;
            let piece = if black { b'b' } else { b'w' };
            let upper = case >> (15 - bit) & 1 == 1;
            text.push(if upper {
                piece.to_ascii_uppercase()
            } else {
                piece
            });
            if bit % 4 == 3 {
                text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            }
        }
        text
    }

    /// Every board in every mix of letter cases, and every byte in each of a board's 20 places:
    /// the whole-board road reads what each byte means, a piece by its letter and a line end as
    /// `\n` alone, or nothing at all.
    #[test]
    fn a_whole_board_is_read_byte_by_byte_as_each_byte_means() {
        for id in 0..=u16::MAX {
            let case = id.rotate_left(5) ^ 0x9e37;
            assert_eq!(board_id(&text(id, case)), Some(id), "{id:#06x}");
        }
        let board = text(0xa5c3, 0x0f0f);
        for at in 0..board.len() {
            for byte in 0..=u8::MAX {
                let mut changed = board.clone();
                changed[at] = byte;
                let read = board_id(&changed);
                let expected = if at % 5 == 4 {
                    (byte == b'\n').then_some(0xa5c3)
                } else {
                    crate::notation::piece_color(byte).map(|color| {
                        let bit = 1 << (15 - (at - at / 5));
                        let black = color == crate::notation::Color::Black;
                        if black { 0xa5c3 | bit } else { 0xa5c3 & !bit }
                    })
                };
                assert_eq!(read, expected, "byte {byte:#04x} at {at}");
            }
        }
        assert_eq!(board_id(&board[..19]), None);
    }

    /// The same for rows ended by `\r\n`: every board, and every byte in each of its 24
    /// places, a line end read as `\r\n` alone.
    #[test]
    fn a_whole_crlf_board_is_read_byte_by_byte_as_each_byte_means() {
        for id in 0..=u16::MAX {
            let case = id.rotate_left(7) ^ 0x5a3c;
            let text = text_ending(id, case, true);
            assert_eq!(crlf_board_id(&text), Some(id), "{id:#06x}");
            assert_eq!(board_id(&text), None);
            assert_eq!(crlf_board_id(&text_ending(id, case, false)), None);
        }
        let board = text_ending(0x3ca5, 0xf00f, true);
        for at in 0..board.len() {
            for byte in 0..=u8::MAX {
                let mut changed = board.clone();
                changed[at] = byte;
                let expected = match at % 6 {
                    4 => (byte == b'\r').then_some(0x3ca5),
                    5 => (byte == b'\n').then_some(0x3ca5),
                    column => crate::notation::piece_color(byte).map(|color| {
                        let bit = 1 << (15 - (at / 6 * 4 + column));
                        let black = color == crate::notation::Color::Black;
                        if black { 0x3ca5 | bit } else { 0x3ca5 & !bit }
                    }),
                };
                assert_eq!(
                    crlf_board_id(&changed),
                    expected,
                    "byte {byte:#04x} at {at}"
                );
            }
        }
        assert_eq!(crlf_board_id(&board[..23]), None);
    }

    proptest! {
        /// Runs of boards, some with one byte changed anywhere (to a byte that may or may not
        /// be right there): the road of four boards at a time reads what one at a time reads,
        /// and stops at the same board.
        #[test]
        fn boards_read_in_fours_are_the_boards_read_one_at_a_time(
            boards in prop::collection::vec((any::<u16>(), any::<u16>(), any::<bool>()), 0..14),
            change in prop::option::of((any::<prop::sample::Index>(), prop::sample::select(
                vec![b'b', b'w', b'B', b'W', b'\n', b'\r', b' ', b'x', b'c', b'v', 0xE2, b'B' ^ 0x80],
            ))),
            cut in 0usize..20,
        ) {
            let mut input: Vec<u8> = boards
                .iter()
                .flat_map(|&(id, case, crlf)| text_ending(id, case, crlf))
                .collect();
            if let Some((at, byte)) = change.filter(|_| !input.is_empty()) {
                let at = at.index(input.len());
                input[at] = byte;
            }
            input.truncate(input.len().saturating_sub(cut));
            let mut one_at_a_time = Vec::new();
            let mut rest = &input[..];
            loop {
                if let Some(id) = board_id(rest) {
                    one_at_a_time.push(id);
                    rest = &rest[BOARD_BYTES..];
                } else if let Some(id) = crlf_board_id(rest) {
                    one_at_a_time.push(id);
                    rest = &rest[CRLF_BOARD_BYTES..];
                } else {
                    break;
                }
            }
            let mut ids = vec![7];
            let taken = board_ids(&input, &mut ids);
            prop_assert_eq!(taken, input.len() - rest.len());
            prop_assert_eq!(&ids[1..], &one_at_a_time[..]);
            #[cfg(target_arch = "x86_64")]
            if let Some(four) = input.first_chunk::<{ 4 * BOARD_BYTES }>() {
                // SAFETY: SSE2 is part of x86-64.
                let in_fours = unsafe { sse2::four_board_ids(four) };
                // Four boards of `\n`-ended rows, one after the other.
                let lf: Vec<Option<u16>> =
                    four.chunks_exact(BOARD_BYTES).map(board_id).collect();
                let expected = lf
                    .iter()
                    .all(Option::is_some)
                    .then(|| [0, 1, 2, 3].map(|n| lf[n].unwrap_or_default()));
                prop_assert_eq!(in_fours, expected);
            }
        }
    }
}
