//! JSON output: a stream of objects, either one per line (jsonl) or as one array (json).
//!
//! Both forms are written as the objects come, so memory stays flat: the array form puts one
//! object per line between `[` and `]`.

use std::io::{self, Write};

use serde::Serialize;

/// Writes objects as JSON Lines or as one JSON array.
pub struct JsonStream {
    array: bool,
    written: u64,
}

impl JsonStream {
    /// A stream of lines (`array` false) or one array (`array` true).
    pub fn new(array: bool) -> JsonStream {
        JsonStream { array, written: 0 }
    }

    /// Writes one object.
    pub fn write(
        &mut self,
        out: &mut (impl Write + ?Sized),
        value: &impl Serialize,
    ) -> io::Result<()> {
        if self.array {
            out.write_all(if self.written == 0 { b"[\n" } else { b",\n" })?;
        }
        serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
        if !self.array {
            out.write_all(b"\n")?;
        }
        self.written += 1;
        Ok(())
    }

    /// Closes the array (an empty one when nothing was written); nothing for lines.
    pub fn finish(&mut self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        match (self.array, self.written) {
            (false, _) => Ok(()),
            (true, 0) => out.write_all(b"[]\n"),
            (true, _) => out.write_all(b"\n]\n"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(array: bool, values: &[u32]) -> String {
        let mut out = Vec::new();
        let mut stream = JsonStream::new(array);
        for value in values {
            stream.write(&mut out, value).unwrap();
        }
        stream.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lines_and_arrays_are_valid_json() {
        assert_eq!(render(false, &[1, 2]), "1\n2\n");
        assert_eq!(render(true, &[1, 2]), "[\n1,\n2\n]\n");
        assert_eq!(render(true, &[]), "[]\n");
        let parsed: Vec<u32> = serde_json::from_str(&render(true, &[3, 4, 5])).unwrap();
        assert_eq!(parsed, vec![3, 4, 5]);
    }
}
