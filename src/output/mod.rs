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
    let mut digits = [0u8; 10];
    let start = decimal_into(&mut digits, count);
    out.write_all(&digits[start..])
}

/// Writes ` rRcC` for the tap at `row`, `col` (both from 0) in one write, without `fmt`: the
/// tap lists of a million-board stream are otherwise mostly formatting.
#[inline]
pub fn write_tap_after_space(
    out: &mut (impl Write + ?Sized),
    row: usize,
    col: usize,
) -> io::Result<()> {
    // " r" + 10 digits + "c" + 10 digits.
    let mut text = [0u8; 23];
    let mut end = text.len();
    for (number, letter) in [(col, b'c'), (row, b'r')] {
        let number = u32::try_from(number + 1).unwrap_or(u32::MAX);
        let mut digits = [0u8; 10];
        let start = decimal_into(&mut digits, number);
        let length = digits.len() - start;
        text[end - length..end].copy_from_slice(&digits[start..]);
        end -= length + 1;
        text[end] = letter;
    }
    end -= 1;
    text[end] = b' ';
    out.write_all(&text[end..])
}

/// Writes `number` in decimal at the end of `digits`; returns where it starts.
#[inline]
fn decimal_into(digits: &mut [u8; 10], number: u32) -> usize {
    let mut start = digits.len();
    let mut rest = number;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            return start;
        }
    }
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
