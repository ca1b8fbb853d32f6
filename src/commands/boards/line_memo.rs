//! Each 4x4 board's line of text kept and copied: the answering side of a stream of 4x4
//! boards taken in bulk.

use std::io::{self, Write};

use flipgame::grid::Shape;
use flipgame::input::ReadBoard;
use flipgame::kind::Kind;

use super::{BoardCommand, Place};

/// Each 4x4 board's line of text, written by the command the first time it is met and copied
/// every time after: a stream of a million boards meets each of the 65,536 many times, and a
/// copy costs less than building the board and its answer again. Lines are copied 16 bytes at
/// a time into a block of their own, and the block written whole.
pub(super) struct LineMemo {
    /// Each line's start in `text` and its length, by the key of its boards
    /// ([`BoardCommand::line_keys`]); a length of 0 before it is written (no line is empty).
    spans: Vec<(u32, u32)>,
    /// The lines, and 16 bytes past the last, so that a copy of 16 bytes from any start stays
    /// inside.
    text: Vec<u8>,
    /// The lines copied and not yet written out, in its first `filled` bytes.
    block: Vec<u8>,
    filled: usize,
    /// The keys of the boards being answered.
    keys: Vec<u16>,
}

impl LineMemo {
    /// Bytes of a block.
    const BLOCK: usize = 1 << 16;
    /// Bytes copied at a time.
    const COPY: usize = 16;

    pub(super) fn new() -> LineMemo {
        LineMemo {
            spans: vec![(0, 0); 1 << 16],
            text: vec![0; Self::COPY],
            block: vec![0; Self::BLOCK],
            filled: 0,
            keys: Vec::new(),
        }
    }

    /// Writes the lines of boards `ids`, board `index` on, the first read at `place` and each
    /// four lines after the one before; a line not met before is the command's.
    pub(super) fn answer<C: BoardCommand, W: Write>(
        &mut self,
        command: &mut C,
        out: &mut W,
        (index, place): (u64, Place<'_>),
        ids: &[u16],
    ) -> io::Result<()> {
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        command.line_keys(ids, &mut keys);
        // The lines not met before first, written by the command into the text (not out), so
        // that the copies below run with nothing else to do.
        for (nth, (&id, &key)) in ids.iter().zip(&keys).enumerate() {
            if self.spans[usize::from(key)].1 == 0 {
                let nth = nth as u64;
                let place = Place {
                    line: place.line + nth * u64::from(Shape::FLIP_GAME.rows()),
                    ..place
                };
                self.spans[usize::from(key)] =
                    self.write_line(command, (index + nth, place), id)?;
            }
        }
        let (spans, text, block) = (&self.spans, &self.text, &mut self.block);
        let mut filled = self.filled;
        for &key in &keys {
            let (start, len) = spans[usize::from(key)];
            let (start, len) = (start as usize, len as usize);
            if filled + len + Self::COPY > block.len() {
                out.write_all(&block[..filled])?;
                filled = 0;
                let room = block.len().max(len + Self::COPY);
                block.resize(room, 0);
            }
            for copied in (0..len).step_by(Self::COPY) {
                let (from, to) = (start + copied, filled + copied);
                block[to..to + Self::COPY].copy_from_slice(&text[from..from + Self::COPY]);
            }
            filled += len;
        }
        self.filled = filled;
        self.keys = keys;
        self.flush(out)
    }

    /// Has the command write board `id`'s line at the end of the text; returns its span.
    #[cold]
    fn write_line<C: BoardCommand>(
        &mut self,
        command: &mut C,
        (index, place): (u64, Place<'_>),
        id: u16,
    ) -> io::Result<(u32, u32)> {
        let board = <C::Kind as Kind>::Board::from_bits16(id);
        let start = self.text.len() - Self::COPY;
        self.text.truncate(start);
        command.answer(&mut self.text, None, index, place, &board)?;
        let len = self.text.len() - start;
        self.text.resize(self.text.len() + Self::COPY, 0);
        let span = (u32::try_from(start), u32::try_from(len));
        match span {
            (Ok(start), Ok(len)) => Ok((start, len)),
            _ => Err(io::Error::other("the 4x4 boards' lines passed 4 GiB")),
        }
    }

    /// Writes out the lines copied so far.
    fn flush<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(&self.block[..self.filled])?;
        self.filled = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::json::JsonStream;
    use crate::source::Source;
    use flipgame::grid::Grid;
    use flipgame::kind::TwoStates;

    /// Writes each board as its id in hex, said `repeat` times on one line, and counts the
    /// lines it was asked for.
    struct Echo {
        repeat: usize,
        asked: usize,
    }

    impl BoardCommand for Echo {
        type Kind = TwoStates;

        fn answer<W: Write>(
            &mut self,
            out: &mut W,
            _: Option<&mut JsonStream>,
            _: u64,
            _: Place<'_>,
            board: &Grid,
        ) -> io::Result<()> {
            self.asked += 1;
            let id = board.bits16().unwrap_or_default();
            writeln!(out, "{}", format!("{id:04x} ").repeat(self.repeat))
        }
    }

    /// Lines of every length, past a block's bytes and past its room too: each board's line
    /// comes out as the command wrote it, in order, and each distinct board is asked for once.
    #[test]
    fn each_boards_line_is_the_commands_and_each_is_asked_for_once() {
        let ids: Vec<u16> = (0..40_000u32).map(|n| (n * 7919 % 3001) as u16).collect();
        for repeat in [0, 1, 3, 4, 20, 3_000, 20_000] {
            let mut memo = LineMemo::new();
            let mut echo = Echo { repeat, asked: 0 };
            let mut out = Vec::new();
            let place = Place {
                source: &Source::Stdin,
                line: 1,
            };
            let ids = if repeat > 100 { &ids[..50] } else { &ids[..] };
            for part in ids.chunks(13_107) {
                memo.answer(&mut echo, &mut out, (1, place), part).unwrap();
            }
            let expected: String = ids
                .iter()
                .map(|id| format!("{}\n", format!("{id:04x} ").repeat(repeat)))
                .collect();
            assert!(out == expected.as_bytes(), "lines {repeat} long");
            let distinct: std::collections::HashSet<_> = ids.iter().collect();
            assert_eq!(echo.asked, distinct.len(), "lines {repeat} long");
        }
    }
}
