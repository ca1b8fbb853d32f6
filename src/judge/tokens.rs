//! Whitespace-separated tokens with their places, as a judge's `scanf` reads them, and a note
//! of the first place where the spacing differs from the layout a judge prints.

use super::JudgeError;

/// Where a token should stand in the judge's own layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// First on a new line, right after the previous line's end (no blank line, no indent).
    LineStart,
    /// After the previous token on the same line, one space between.
    AfterSpace,
}

/// One token: its bytes and where it starts.
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    /// The token's bytes.
    pub text: &'a [u8],
    /// Line, from 1.
    pub line: u64,
    /// Column in characters, from 1.
    pub column: u64,
    /// The whitespace before it (from the previous token, or from the start).
    pub gap: &'a [u8],
    /// True for the input's first token.
    pub first: bool,
    /// Byte offset of the token in the text.
    offset: usize,
    /// Line and column where the gap before it starts.
    gap_place: (u64, u64),
}

impl Token<'_> {
    /// The token quoted for a message (`'x7'`), invalid UTF-8 shown as replacement characters;
    /// a long one cut short with its length, so that a 100 MB token costs a line, not 100 MB.
    pub fn display(&self) -> String {
        const SHOWN: usize = 40;
        // At most 4 bytes a character: the first SHOWN characters are within these bytes.
        let start = String::from_utf8_lossy(&self.text[..self.text.len().min(4 * SHOWN)]);
        if self.text.len() <= 4 * SHOWN && start.chars().count() <= SHOWN {
            return format!("'{}'", start.escape_debug());
        }
        let shown: String = start.chars().take(SHOWN).collect();
        // Counted in place: a lossy copy of a huge token would cost its size again.
        format!(
            "'{}...' ({} characters)",
            shown.escape_debug(),
            crate::words::thousands(characters(self.text))
        )
    }

    /// An error at the token's start.
    pub fn error(&self, message: String) -> JudgeError {
        JudgeError {
            line: self.line,
            column: self.column,
            message,
        }
    }

    /// An error at byte `offset` of the token (counted in characters).
    pub fn error_at(&self, offset: usize, message: String) -> JudgeError {
        JudgeError {
            line: self.line,
            column: self.column + characters(&self.text[..offset.min(self.text.len())]),
            message,
        }
    }
}

/// `input` past the UTF-8 byte-order mark at its start, if it has one.
pub fn without_byte_order_mark(input: &[u8]) -> &[u8] {
    input.strip_prefix(b"\xef\xbb\xbf").unwrap_or(input)
}

/// The tokens of an input or output, in order.
#[derive(Clone)]
pub struct Tokens<'a> {
    text: &'a [u8],
    position: usize,
    line: u64,
    /// Column of `position`, in characters: kept as the tokens are read, since counting from
    /// the line's start for every token costs the square of a long line.
    column: u64,
    started: bool,
    /// The first place the spacing differs from the judge's layout.
    spacing: Option<JudgeError>,
    /// Gaps before this byte offset have been judged already (at the end of a case).
    judged_until: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a [u8]) -> Tokens<'a> {
        Tokens {
            text,
            position: 0,
            line: 1,
            column: 1,
            started: false,
            spacing: None,
            judged_until: 0,
        }
    }

    /// The tokens of a judge's input: as [`Tokens::new`], past a UTF-8 byte-order mark at the
    /// start (which editors such as Notepad write, and plain `solve` accepts too). Places count
    /// from the character after it, as an editor shows them.
    pub fn of_input(text: &'a [u8]) -> Tokens<'a> {
        Tokens::new(without_byte_order_mark(text))
    }

    /// The next token without taking it.
    pub fn peek(&self) -> Option<Token<'a>> {
        let mut copy = Tokens {
            spacing: None,
            ..*self
        };
        copy.next()
    }

    /// Takes the next token.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Token<'a>> {
        let gap_start = self.position;
        let gap_place = (self.line, self.column);
        while let Some(&byte) = self.text.get(self.position) {
            if !byte.is_ascii_whitespace() {
                break;
            }
            self.position += 1;
            if byte == b'\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        if self.position >= self.text.len() {
            return None;
        }
        let start = self.position;
        while self
            .text
            .get(self.position)
            .is_some_and(|byte| !byte.is_ascii_whitespace())
        {
            self.position += 1;
        }
        let first = !self.started;
        self.started = true;
        let column = self.column;
        let text = &self.text[start..self.position];
        self.column += characters(text);
        Some(Token {
            text,
            line: self.line,
            column,
            gap: &self.text[gap_start..start],
            first,
            offset: start,
            gap_place,
        })
    }

    /// Takes the next token, noting where its spacing differs from `layout`.
    pub fn next_in(&mut self, layout: Layout) -> Option<Token<'a>> {
        let token = self.next()?;
        let expected: &[u8] = match (layout, token.first) {
            (_, true) => b"",
            (Layout::LineStart, false) => b"\n",
            (Layout::AfterSpace, false) => b" ",
        };
        if token.offset > self.judged_until {
            self.judge_gap(&token, expected);
        }
        Some(token)
    }

    /// Ends a case: the gap up to the next case's first token belongs to this one, so its
    /// spacing is judged now (a line break and nothing else), or the end of the output.
    pub fn end_case(&mut self) {
        match self.peek() {
            Some(next) => {
                self.judge_gap(&next, b"\n");
                self.judged_until = next.offset;
            }
            None => self.check_end(),
        }
    }

    fn judge_gap(&mut self, token: &Token<'_>, expected: &[u8]) {
        if token.gap != expected && self.spacing.is_none() {
            let (line, column) = token.gap_place;
            self.spacing = Some(JudgeError {
                line,
                column,
                message: format!(
                    "found {} where the judge prints {}",
                    describe_gap(token.gap),
                    describe_gap(expected)
                ),
            });
        }
    }

    /// The first place the spacing so far differs from the judge's layout; `None` when it
    /// matches. Checks the end too once every token has been read: one `\n`, nothing else.
    pub fn take_spacing_note(&mut self) -> Option<JudgeError> {
        self.spacing.take()
    }

    /// Notes how the output ends, once every token has been read: a judge prints one `\n`
    /// after the last line.
    fn check_end(&mut self) {
        // Called by `end_case` once no token is left.
        if self.spacing.is_some() || !self.started {
            return;
        }
        let rest = &self.text[self.position..];
        if rest != b"\n" {
            self.spacing = Some(JudgeError {
                line: self.line,
                column: self.column,
                message: format!(
                    "found {} after the last token where the judge prints {}",
                    describe_gap(rest),
                    describe_gap(b"\n")
                ),
            });
        }
    }

    /// Skips what is left of the current line: after a wrong token, the next case starts on a
    /// new line in every judge's layout.
    pub fn skip_line(&mut self) {
        let start = self.position;
        let rest = &self.text[start..];
        self.position += memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        self.column += characters(&self.text[start..self.position]);
    }

    /// Skips every token up to the next `word` (which stays to be read).
    pub fn skip_until(&mut self, word: &[u8]) {
        while self.peek().is_some_and(|token| token.text != word) {
            self.next();
        }
    }

    /// Skips every token before line `line`.
    pub fn skip_to_line(&mut self, line: u64) {
        while self.peek().is_some_and(|token| token.line < line) {
            self.next();
        }
    }

    /// An error at the end of the text.
    pub fn error_at_end(&self, message: String) -> JudgeError {
        let mut end = Tokens {
            spacing: None,
            ..*self
        };
        while end.next().is_some() {}
        JudgeError {
            line: end.line,
            column: end.column,
            message,
        }
    }
}

/// How many characters `bytes` show as, each invalid UTF-8 sequence one replacement character.
fn characters(bytes: &[u8]) -> u64 {
    bytes
        .utf8_chunks()
        .map(|chunk| chunk.valid().chars().count() + usize::from(!chunk.invalid().is_empty()))
        .sum::<usize>() as u64
}

/// Whitespace in words: `"\n"` is a line break, `" "` one space, and so on; a long stretch
/// cut short with its length, so that a 100 MB gap costs a line.
fn describe_gap(gap: &[u8]) -> String {
    const SHOWN: usize = 40;
    match gap {
        b"" => "nothing".into(),
        b" " => "one space".into(),
        b"\n" => "a line break".into(),
        // Gaps are ASCII whitespace: one character a byte.
        _ if gap.len() > SHOWN => format!(
            "\"{}...\" ({} characters)",
            String::from_utf8_lossy(&gap[..SHOWN]).escape_debug(),
            crate::words::thousands(gap.len() as u64)
        ),
        _ => format!("\"{}\"", String::from_utf8_lossy(gap).escape_debug()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_their_line_column_and_the_gap_before() {
        let mut tokens = Tokens::new(b"ab  c\n\n d\n");
        let a = tokens.next().unwrap();
        assert_eq!(
            (a.text, a.line, a.column, a.gap, a.first),
            (&b"ab"[..], 1, 1, &b""[..], true)
        );
        let c = tokens.next().unwrap();
        assert_eq!((c.line, c.column, c.gap), (1, 5, &b"  "[..]));
        let d = tokens.next().unwrap();
        assert_eq!((d.line, d.column, d.gap), (3, 2, &b"\n\n "[..]));
        assert!(tokens.next().is_none());
    }

    #[test]
    fn the_first_spacing_difference_is_noted_once() {
        let mut tokens = Tokens::new(b"1 0\n1  0 \n");
        for layout in [Layout::LineStart, Layout::AfterSpace, Layout::LineStart] {
            tokens.next_in(layout);
        }
        assert_eq!(tokens.take_spacing_note(), None);
        tokens.next_in(Layout::AfterSpace);
        let note = tokens.take_spacing_note().unwrap();
        assert_eq!(
            note.to_string(),
            "2:2: found \"  \" where the judge prints one space"
        );
        tokens.end_case();
        let note = tokens.take_spacing_note().unwrap();
        assert_eq!(
            note.to_string(),
            "2:5: found \" \\n\" after the last token where the judge prints a line break"
        );
    }

    #[test]
    fn a_trailing_space_belongs_to_the_case_whose_line_it_ends() {
        let mut tokens = Tokens::new(b"0 \n15\n");
        tokens.next_in(Layout::LineStart);
        tokens.end_case();
        let note = tokens.take_spacing_note().unwrap();
        assert_eq!(
            note.to_string(),
            "1:2: found \" \\n\" where the judge prints a line break"
        );
        tokens.next_in(Layout::LineStart);
        tokens.end_case();
        assert_eq!(tokens.take_spacing_note(), None);
    }

    #[test]
    fn the_first_spacing_note_of_a_case_is_kept_over_a_bad_ending() {
        let mut tokens = Tokens::new(b"1  0");
        tokens.next_in(Layout::LineStart);
        tokens.next_in(Layout::AfterSpace);
        tokens.end_case();
        let note = tokens.take_spacing_note().unwrap();
        assert_eq!(
            note.to_string(),
            "1:2: found \"  \" where the judge prints one space"
        );
        assert_eq!(tokens.take_spacing_note(), None);
    }

    #[test]
    fn an_empty_output_has_no_ending_to_note() {
        let mut tokens = Tokens::new(b"");
        tokens.end_case();
        assert_eq!(tokens.take_spacing_note(), None);
    }

    #[test]
    fn an_output_without_its_last_line_break_is_noted() {
        let mut tokens = Tokens::new(b"4");
        tokens.next_in(Layout::LineStart);
        tokens.end_case();
        assert!(tokens.take_spacing_note().is_some());
        let mut tokens = Tokens::new(b"4\n");
        tokens.next_in(Layout::LineStart);
        tokens.end_case();
        assert_eq!(tokens.take_spacing_note(), None);
    }
}
