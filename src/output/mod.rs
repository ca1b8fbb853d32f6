//! Where results go: one buffered writer over standard output, and the formats written to it.

pub mod file;
pub mod json;
pub mod terminal;
pub mod text;

use std::io::{self, BufWriter, Write};

/// Output buffer size: large enough that a pipe sees few, large writes.
const BUFFER_BYTES: usize = 64 * 1024;

/// The one writer every command writes its results through: block-buffered into a pipe or file,
/// line-buffered on a terminal so people see each answer as it is made.
pub struct Output<W: Write> {
    inner: BufWriter<W>,
    line_buffered: bool,
}

impl<W: Write> Output<W> {
    /// Buffers `inner`, flushing after every line when `line_buffered`.
    pub fn new(inner: W, line_buffered: bool) -> Output<W> {
        Output {
            inner: BufWriter::with_capacity(BUFFER_BYTES, inner),
            line_buffered,
        }
    }
}

impl<W: Write> Output<W> {
    /// Flushes the buffer and hands back the writer underneath.
    pub fn into_inner(self) -> io::Result<W> {
        self.inner.into_inner().map_err(|error| error.into_error())
    }
}

impl<W: Write> Write for Output<W> {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        if self.line_buffered && buf[..written].contains(&b'\n') {
            self.inner.flush()?;
        }
        Ok(written)
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)?;
        if self.line_buffered && buf.contains(&b'\n') {
            self.inner.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a small count (such as a number of taps) in decimal without going through `fmt`.
#[inline]
pub fn write_count(out: &mut (impl Write + ?Sized), count: u32) -> io::Result<()> {
    out.write_all(itoa::Buffer::new().format(count).as_bytes())
}

/// Writes ` rRcC` for the tap at `row`, `col` (both from 0) in one write, without `fmt`: the
/// tap lists of a million-board stream are otherwise mostly formatting.
#[inline]
pub fn write_tap_after_space(
    out: &mut (impl Write + ?Sized),
    row: usize,
    col: usize,
) -> io::Result<()> {
    // " r" + up to 20 digits + "c" + up to 20 digits.
    let mut text = [0u8; 43];
    let (mut row_digits, mut col_digits) = (itoa::Buffer::new(), itoa::Buffer::new());
    let mut end = 0;
    for piece in [
        b" r".as_slice(),
        row_digits.format(row + 1).as_bytes(),
        b"c",
        col_digits.format(col + 1).as_bytes(),
    ] {
        text[end..end + piece.len()].copy_from_slice(piece);
        end += piece.len();
    }
    out.write_all(&text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_are_written_as_row_and_column_from_one() {
        for (row, col) in [(0, 0), (3, 9), (9, 3), (4095, 99), (123_456, 7)] {
            let mut text = Vec::new();
            write_tap_after_space(&mut text, row, col).unwrap();
            let expected = format!(" r{}c{}", row + 1, col + 1);
            assert_eq!(String::from_utf8(text).unwrap(), expected);
        }
    }

    /// A writer that records each write it is given.
    #[derive(Default)]
    struct Writes(Vec<Vec<u8>>);

    impl Write for Writes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.push(buf.to_vec());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Into a pipe, many small answers leave in one large write, lines and all.
    #[test]
    fn a_pipe_gets_few_large_writes() {
        let mut out = Output::new(Writes::default(), false);
        for _ in 0..6000 {
            out.write_all(b"0123456789\n").unwrap();
        }
        let writes = out.into_inner().unwrap().0;
        assert_eq!(writes.len(), 2, "{} writes", writes.len());
        assert_eq!(writes[0].len(), BUFFER_BYTES - BUFFER_BYTES % 11);
    }

    /// On a terminal each line leaves as soon as it is whole, through `write` as through
    /// `write_all`; a part line waits.
    #[test]
    fn a_terminal_gets_each_line_when_it_is_whole() {
        for line_buffered in [true, false] {
            let mut out = Output::new(Writes::default(), line_buffered);
            assert_eq!(out.write(b"ab").unwrap(), 2);
            assert_eq!(out.write(b"c\nd").unwrap(), 3);
            out.write_all(b"e").unwrap();
            let sent = |out: &Output<Writes>| out.inner.get_ref().0.concat();
            let expected: &[u8] = if line_buffered { b"abc\nd" } else { b"" };
            assert_eq!(sent(&out), expected);
            out.write_all(b"f\ng").unwrap();
            let expected: &[u8] = if line_buffered { b"abc\ndef\ng" } else { b"" };
            assert_eq!(sent(&out), expected);
            assert_eq!(out.into_inner().unwrap().0.concat(), b"abc\ndef\ng");
        }
    }

    #[test]
    fn counts_are_written_in_decimal() {
        for count in [0, 7, 10, 16, 255, 65_536, u32::MAX] {
            let mut text = Vec::new();
            write_count(&mut text, count).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), count.to_string());
        }
    }
}
