//! Where results go: one buffered writer over standard output, and the formats written to it.

pub mod file;
pub mod json;

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

    #[test]
    fn counts_are_written_in_decimal() {
        for count in [0, 7, 10, 16, 255, 65_536, u32::MAX] {
            let mut text = Vec::new();
            write_count(&mut text, count).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), count.to_string());
        }
    }
}
