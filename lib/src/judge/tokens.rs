//! Whitespace-separated tokens with their places, as a judge's `scanf` reads them, and a note
//! of the first place where the spacing differs from the layout a judge prints.
//!
//! The tokens are read from the input as they are needed, so memory stays flat whatever its
//! size: a token keeps at most [`KEPT_BYTES`] of its bytes (no judge's token comes near that)
//! with its whole length, and the whitespace between tokens keeps a few bytes and its length.

use std::collections::VecDeque;
use std::io::{self, BufRead, Cursor, Read};

use super::JudgeError;
use crate::words::TooLong;

/// The most bytes of one token kept: past them the token keeps its first bytes and a last byte
/// no reader takes (0xFF is never UTF-8), so it is never read as something else.
pub const KEPT_BYTES: usize = 1024;

/// The most bytes of a gap between tokens kept to describe it.
const KEPT_GAP_BYTES: usize = 64;

/// The longest token, or run of whitespace, read: far past any judge's input (the widest
/// board's row is 10,000 pieces), so that a device or a pipe that never ends (`/dev/zero`) is
/// refused at once.
pub const LONGEST_STRETCH: u64 = 16 << 20;

/// Where a token should stand in the judge's own layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// First on a new line, right after the previous line's end (no blank line, no indent).
    LineStart,
    /// After the previous token on the same line, one space between.
    AfterSpace,
}

/// The whitespace between two tokens: its first bytes and its length.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gap {
    head: Vec<u8>,
    length: u64,
    line_break: bool,
}

impl Gap {
    fn push(&mut self, byte: u8) {
        if self.head.len() < KEPT_GAP_BYTES {
            self.head.push(byte);
        }
        self.length += 1;
        self.line_break |= byte == b'\n';
    }

    /// Whether the gap is exactly `expected`.
    pub fn is(&self, expected: &[u8]) -> bool {
        self.length == expected.len() as u64 && self.head == expected
    }

    /// Whether the gap holds a line break.
    pub fn has_line_break(&self) -> bool {
        self.line_break
    }

    /// The gap in words: `"\n"` is a line break, `" "` one space, and so on; a long stretch
    /// cut short with its length, so that a 100 MB gap costs a line.
    fn describe(&self) -> String {
        const SHOWN: usize = 40;
        match self.head.as_slice() {
            _ if self.length as usize > self.head.len() || self.head.len() > SHOWN => format!(
                "\"{}...\" ({} characters)",
                // Gaps are ASCII whitespace: one character a byte.
                String::from_utf8_lossy(&self.head[..SHOWN]).escape_debug(),
                crate::words::thousands(self.length)
            ),
            b"" => "nothing".into(),
            b" " => "one space".into(),
            b"\n" => "a line break".into(),
            head => format!("\"{}\"", String::from_utf8_lossy(head).escape_debug()),
        }
    }
}

/// A gap described as the judge prints it (`b"\n"`).
fn described(expected: &[u8]) -> String {
    let mut gap = Gap::default();
    expected.iter().for_each(|&byte| gap.push(byte));
    gap.describe()
}

/// One token: its bytes and where it starts.
#[derive(Clone, Debug)]
pub struct Token {
    /// The token's bytes: past [`KEPT_BYTES`], the first of them and a 0xFF no reader takes.
    pub text: Vec<u8>,
    /// Line, from 1.
    pub line: u64,
    /// Column in characters, from 1.
    pub column: u64,
    /// The whitespace before it (from the previous token, or from the start).
    pub gap: Gap,
    /// True for the input's first token.
    pub first: bool,
    /// The whole token's length in characters.
    characters: u64,
    /// Byte offset of the token in the input.
    offset: u64,
    /// Line and column where the gap before it starts.
    gap_place: (u64, u64),
}

impl Token {
    /// The token quoted for a message (`'x7'`), invalid UTF-8 shown as replacement characters;
    /// a long one cut short with its length, so that a 100 MB token costs a line, not 100 MB.
    pub fn display(&self) -> String {
        // At most 4 bytes a character: the 40 characters shown are within these bytes, which
        // are all kept (the 0xFF after a cut token's are not).
        let start = String::from_utf8_lossy(&self.text[..self.text.len().min(160)]);
        // An editor's invisible byte-order mark, named: a judge reads it as part of the token.
        if let Some(rest) = start.strip_prefix('\u{feff}') {
            return format!(
                "{} after a byte-order mark (U+FEFF), which judges read as part of it: save \
                 the file without one",
                crate::words::quoted(rest, self.characters.saturating_sub(1))
            );
        }
        crate::words::quoted(&start, self.characters)
    }

    /// The whole token's length in characters.
    pub fn characters(&self) -> u64 {
        self.characters
    }

    /// Line and column where the whitespace before the token starts: the end of the token
    /// before it.
    pub fn gap_place(&self) -> (u64, u64) {
        self.gap_place
    }

    /// An error at the token's start.
    pub fn error(&self, message: String) -> JudgeError {
        JudgeError {
            advice: None,
            whole_input: false,
            line: self.line,
            column: self.column,
            message,
        }
    }

    /// An error at byte `offset` of the token (counted in characters).
    pub fn error_at(&self, offset: usize, message: String) -> JudgeError {
        JudgeError {
            advice: None,
            whole_input: false,
            line: self.line,
            column: self.column + characters(&self.text[..offset.min(self.text.len())]),
            message,
        }
    }
}

/// How many characters `bytes` show as, each invalid UTF-8 sequence one replacement character.
fn characters(bytes: &[u8]) -> u64 {
    let mut counter = CharacterCount::default();
    counter.feed(bytes);
    counter.finish()
}

/// Counts characters as `String::from_utf8_lossy` shows them, over bytes given in pieces (a
/// character may be split between two).
#[derive(Default)]
struct CharacterCount {
    count: u64,
    /// The start of a character the last piece ended inside.
    pending: Vec<u8>,
}

impl CharacterCount {
    fn feed(&mut self, piece: &[u8]) {
        let joined;
        let mut rest = if self.pending.is_empty() {
            piece
        } else {
            joined = [std::mem::take(&mut self.pending).as_slice(), piece].concat();
            joined.as_slice()
        };
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    self.count += text.chars().count() as u64;
                    return;
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    self.count += characters_of_valid(&rest[..valid]);
                    match error.error_len() {
                        // Cut off at the end: the next piece may finish it.
                        None => {
                            self.pending = rest[valid..].to_vec();
                            return;
                        }
                        Some(length) => {
                            self.count += 1;
                            rest = &rest[valid + length..];
                        }
                    }
                }
            }
        }
    }

    /// The count, an unfinished character at the end counting as one.
    fn finish(&mut self) -> u64 {
        if !self.pending.is_empty() {
            self.pending.clear();
            self.count += 1;
        }
        std::mem::take(&mut self.count)
    }
}

/// Characters in bytes known to be UTF-8: every byte but the continuation bytes starts one.
fn characters_of_valid(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&byte| byte & 0xC0 != 0x80).count() as u64
}

/// `input` past the UTF-8 byte-order mark at its start, if it has one.
pub fn without_byte_order_mark(input: &[u8]) -> &[u8] {
    input.strip_prefix(b"\xef\xbb\xbf").unwrap_or(input)
}

/// Where the tokens stood when [`Tokens::mark`] was called, to go back there.
pub struct Mark {
    spacing: Option<JudgeError>,
    judged_until: u64,
}

/// One line of an input read whole (for judges whose cases are lines).
pub struct Line {
    /// Its bytes, without the line break: past [`KEPT_BYTES`], the first of them.
    pub text: Vec<u8>,
    /// Line number, from 1.
    pub number: u64,
    /// The whole line's length in characters.
    pub characters: u64,
    /// Whether the line was longer than [`KEPT_BYTES`].
    pub cut: bool,
}

/// The tokens of an input or output, read from it as they are needed.
pub struct Tokens<'a> {
    source: Box<dyn BufRead + 'a>,
    /// Tokens read from the source and not yet taken, in order.
    ahead: VecDeque<Token>,
    /// Place and byte offset of the source's position.
    line: u64,
    column: u64,
    offset: u64,
    /// True once a token has been read from the source.
    started: bool,
    /// Once the source is used up: the whitespace after the last token, and where it starts.
    ending: Option<(Gap, (u64, u64))>,
    /// The first error reading the source (which then counts as ended).
    read_error: Option<io::Error>,
    /// The line of the last token taken.
    last_line: u64,
    /// The first place the spacing differs from the judge's layout.
    spacing: Option<JudgeError>,
    /// Gaps before this byte offset have been judged already (at the end of a case).
    judged_until: u64,
    /// The tokens taken since [`Tokens::mark`], to give back on [`Tokens::rewind`].
    taken: Option<Vec<Token>>,
    /// The longest token or run of whitespace read.
    longest: u64,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a [u8]) -> Tokens<'a> {
        Tokens::from_reader(text)
    }

    /// The tokens read from `source`.
    pub fn from_reader(source: impl BufRead + 'a) -> Tokens<'a> {
        Tokens {
            source: Box::new(source),
            ahead: VecDeque::new(),
            line: 1,
            column: 1,
            offset: 0,
            started: false,
            ending: None,
            read_error: None,
            last_line: 1,
            spacing: None,
            judged_until: 0,
            taken: None,
            longest: LONGEST_STRETCH,
        }
    }

    /// The same tokens with tokens and runs of whitespace of at most `longest` bytes (a test's
    /// small limit).
    pub fn with_longest(mut self, longest: u64) -> Tokens<'a> {
        self.longest = longest;
        self
    }

    /// Ends the tokens at a stretch past the longest, starting at `place`.
    fn past_the_longest(&mut self, place: (u64, u64), what: &'static str) {
        let too_long = TooLong {
            place,
            what,
            longest: self.longest,
        };
        self.read_error = Some(too_long.into_error());
        self.ending = Some((Gap::default(), place));
    }

    /// The tokens of a judge's input: as [`Tokens::new`], past a UTF-8 byte-order mark at the
    /// start (which editors such as Notepad write, and plain `solve` accepts too). Places count
    /// from the character after it, as an editor shows them.
    pub fn of_input(text: &'a [u8]) -> Tokens<'a> {
        Tokens::new(without_byte_order_mark(text))
    }

    /// [`Tokens::of_input`] for an input read from `source`.
    pub fn of_input_reader(mut source: impl BufRead + 'a) -> Tokens<'a> {
        const MARK: &[u8] = b"\xef\xbb\xbf";
        // The first bytes, as many as the mark has, however the source hands them out.
        let mut start = Vec::with_capacity(MARK.len());
        let read = (&mut source)
            .take(MARK.len() as u64)
            .read_to_end(&mut start);
        let mut tokens = if read.is_ok() && start == MARK {
            Tokens::from_reader(source)
        } else {
            Tokens::from_reader(Cursor::new(start).chain(source))
        };
        if let Err(error) = read {
            tokens.read_error = Some(error);
            tokens.ending = Some((Gap::default(), (1, 1)));
        }
        tokens
    }

    /// True once a token has been read: false for an input of whitespace alone.
    pub fn started(&mut self) -> bool {
        self.peek();
        self.started
    }

    /// The first error reading the source, if any (the tokens ended there).
    pub fn take_read_error(&mut self) -> Option<io::Error> {
        self.read_error.take()
    }

    /// The source's next bytes, or `None` at its end (or at an error, kept for the caller).
    fn buffer(&mut self) -> Option<&[u8]> {
        if self.ending.is_some() || self.read_error.is_some() {
            return None;
        }
        loop {
            match self.source.fill_buf() {
                Ok([]) => return None,
                Ok(_) => break,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    self.read_error = Some(error);
                    return None;
                }
            }
        }
        self.source.fill_buf().ok()
    }

    /// Reads the next token from the source.
    fn read_token(&mut self) -> Option<Token> {
        if self.ending.is_some() {
            return None;
        }
        let gap_place = (self.line, self.column);
        let mut gap = Gap::default();
        loop {
            let Some(bytes) = self.buffer() else {
                self.ending = Some((gap, gap_place));
                return None;
            };
            let spaces = bytes
                .iter()
                .position(|byte| !byte.is_ascii_whitespace())
                .unwrap_or(bytes.len());
            let found = spaces < bytes.len();
            let (mut line, mut column) = (0, 0);
            for &byte in &bytes[..spaces] {
                gap.push(byte);
                if byte == b'\n' {
                    line += 1;
                    column = 0;
                } else {
                    column += 1;
                }
            }
            if line > 0 {
                self.line += line;
                self.column = 1;
            }
            self.column += column;
            self.source.consume(spaces);
            self.offset += spaces as u64;
            if found {
                break;
            }
            if gap.length > self.longest {
                self.past_the_longest(gap_place, "a run of whitespace");
                return None;
            }
        }
        let (line, column, offset) = (self.line, self.column, self.offset);
        let mut text = Vec::new();
        let mut counter = CharacterCount::default();
        let mut length = 0usize;
        while let Some(bytes) = self.buffer() {
            let end = bytes
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(bytes.len());
            let kept = end.min(KEPT_BYTES.saturating_sub(text.len()));
            text.extend_from_slice(&bytes[..kept]);
            counter.feed(&bytes[..end]);
            length += end;
            let finished = end < bytes.len();
            self.source.consume(end);
            self.offset += end as u64;
            if finished {
                break;
            }
            if length as u64 > self.longest {
                // The token is handed out cut (below), so that a reader names it where it
                // stands; then the tokens end.
                self.past_the_longest((line, column), "a token");
                break;
            }
        }
        let characters = counter.finish();
        self.column += characters;
        let cut = length > KEPT_BYTES;
        if cut {
            text.push(0xFF);
        }
        let first = !self.started;
        self.started = true;
        Some(Token {
            text,
            line,
            column,
            gap,
            first,
            characters,
            offset,
            gap_place,
        })
    }

    /// The `n`th token from here (0 the next), without taking it.
    pub fn peek_nth(&mut self, n: usize) -> Option<Token> {
        while self.ahead.len() <= n {
            let token = self.read_token()?;
            self.ahead.push_back(token);
        }
        self.ahead.get(n).cloned()
    }

    /// The next token without taking it.
    pub fn peek(&mut self) -> Option<Token> {
        self.peek_nth(0)
    }

    /// Takes the next token.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Token> {
        let token = match self.ahead.pop_front() {
            Some(token) => token,
            None => self.read_token()?,
        };
        self.last_line = token.line;
        if let Some(taken) = &mut self.taken {
            taken.push(token.clone());
        }
        Some(token)
    }

    /// Takes the next token, noting where its spacing differs from `layout`.
    pub fn next_in(&mut self, layout: Layout) -> Option<Token> {
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

    fn judge_gap(&mut self, token: &Token, expected: &[u8]) {
        if !token.gap.is(expected) && self.spacing.is_none() {
            let (line, column) = token.gap_place;
            self.spacing = Some(JudgeError {
                advice: None,
                whole_input: false,
                line,
                column,
                message: format!(
                    "found {} where the judge prints {}",
                    token.gap.describe(),
                    described(expected)
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
        if let Some((rest, (line, column))) = &self.ending
            && !rest.is(b"\n")
        {
            self.spacing = Some(JudgeError {
                advice: None,
                whole_input: false,
                line: *line,
                column: *column,
                message: format!(
                    "found {} after the last token where the judge prints {}",
                    rest.describe(),
                    described(b"\n")
                ),
            });
        }
    }

    /// Skips what is left of the line of the last token taken: after a wrong token, the next
    /// case starts on a new line in every judge's layout.
    pub fn skip_line(&mut self) {
        let line = self.last_line;
        while self.peek().is_some_and(|token| token.line == line) {
            self.next();
        }
    }

    /// Skips the tokens of the next line that has any.
    pub fn skip_next_line(&mut self) {
        if let Some(token) = self.peek() {
            self.skip_to_line(token.line + 1);
        }
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

    /// An error at the end of the input, past every token left (which are taken).
    pub fn error_at_end(&mut self, message: String) -> JudgeError {
        while self.next().is_some() {}
        JudgeError {
            advice: None,
            whole_input: false,
            line: self.line,
            column: self.column,
            message,
        }
    }

    /// Starts keeping the tokens taken, so that [`Tokens::rewind`] can give them back: a
    /// judge that finds a case wrong goes back to its start to look for the next one.
    pub fn mark(&mut self) -> Mark {
        self.taken = Some(Vec::new());
        Mark {
            spacing: self.spacing.clone(),
            judged_until: self.judged_until,
        }
    }

    /// Stops keeping the tokens taken since [`Tokens::mark`].
    pub fn unmark(&mut self) {
        self.taken = None;
    }

    /// Goes back to where `mark` was made: the tokens taken since are to be read again.
    pub fn rewind(&mut self, mark: Mark) {
        for token in self.taken.take().unwrap_or_default().into_iter().rev() {
            self.ahead.push_front(token);
        }
        self.spacing = mark.spacing;
        self.judged_until = mark.judged_until;
    }

    /// The next line of the input, whole (for judges whose cases are lines; not to be mixed
    /// with taking tokens).
    pub fn next_line(&mut self) -> Option<Line> {
        debug_assert!(self.ahead.is_empty(), "lines are not read after tokens");
        self.buffer()?;
        let number = self.line;
        let mut text = Vec::new();
        let mut counter = CharacterCount::default();
        let mut length = 0usize;
        let mut finished = false;
        while let Some(bytes) = self.buffer() {
            let end = memchr::memchr(b'\n', bytes).unwrap_or(bytes.len());
            let kept = end.min(KEPT_BYTES.saturating_sub(text.len()));
            text.extend_from_slice(&bytes[..kept]);
            counter.feed(&bytes[..end]);
            length += end;
            finished = end < bytes.len();
            self.source.consume(end + usize::from(finished));
            self.offset += (end + usize::from(finished)) as u64;
            if finished {
                break;
            }
            if length as u64 > self.longest {
                self.past_the_longest((number, self.column), "a line");
                return None;
            }
        }
        let characters = counter.finish();
        // Past the line's break, or at its end when the input ends without one.
        if finished {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += characters;
        }
        Some(Line {
            text,
            number,
            characters,
            cut: length > KEPT_BYTES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A source that hands out its bytes `piece` at a time, as a pipe may.
    struct Pieces<'a> {
        bytes: &'a [u8],
        piece: usize,
    }

    impl Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.piece.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    impl BufRead for Pieces<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            Ok(&self.bytes[..self.piece.min(self.bytes.len())])
        }

        fn consume(&mut self, amount: usize) {
            self.bytes = &self.bytes[amount..];
        }
    }

    /// Everything a reader sees of each token, and of the end.
    fn seen(tokens: &mut Tokens<'_>) -> Vec<String> {
        let mut seen = Vec::new();
        while let Some(token) = tokens.next() {
            seen.push(format!(
                "{:?} {} {}:{} {:?} {} {} {}",
                token.text,
                token.display(),
                token.line,
                token.column,
                token.gap,
                token.first,
                token.characters(),
                token.error_at(2, String::new()).column,
            ));
        }
        tokens.end_case();
        seen.push(format!("{:?}", tokens.take_spacing_note()));
        seen.push(tokens.error_at_end(String::new()).to_string());
        seen
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// However the source hands out its bytes (a character split between two pieces, a
        /// token longer than is kept), the tokens, their places and the end are the same.
        #[test]
        fn tokens_read_in_pieces_are_the_tokens_read_whole(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just(b" ".to_vec()),
                    Just(b"\n".to_vec()),
                    Just(b"\t\r\n ".to_vec()),
                    Just("é".as_bytes().to_vec()),
                    Just("日本".as_bytes().to_vec()),
                    Just(vec![0xe6, 0x97]),
                    Just(vec![0xff, 0x80]),
                    Just(b"ab".to_vec()),
                    Just(vec![b'7'; KEPT_BYTES + 3]),
                ],
                0..12,
            ),
            piece in 1usize..7,
        ) {
            let text = parts.concat();
            let whole = seen(&mut Tokens::new(&text));
            let pieces = seen(&mut Tokens::from_reader(Pieces { bytes: &text, piece }));
            prop_assert_eq!(whole, pieces);
        }
    }

    /// A token, a run of whitespace or a line past the longest ends the tokens in bounded
    /// memory, after the tokens before it, with its place; one of the longest is read.
    #[test]
    fn a_stretch_past_the_longest_ends_the_tokens_with_its_place() {
        const LONGEST: u64 = 100_000;
        let endless =
            |start: &'static [u8], byte: u8| io::BufReader::new(start.chain(io::repeat(byte)));
        let mut zeros = Tokens::from_reader(endless(b"4 5\n ", 0)).with_longest(LONGEST);
        assert_eq!(zeros.next().unwrap().text, b"4");
        assert_eq!(zeros.next().unwrap().text, b"5");
        // The token too long comes cut, as a token past the kept bytes does; then the end.
        let cut = zeros.next().unwrap();
        assert_eq!((cut.line, cut.column), (2, 2));
        assert_eq!(cut.text.len(), KEPT_BYTES + 1);
        assert_eq!(cut.text.last(), Some(&0xFF));
        assert!(zeros.next().is_none());
        let error = zeros.take_read_error().unwrap();
        let expected = TooLong {
            place: (2, 2),
            what: "a token",
            longest: LONGEST,
        };
        assert_eq!(TooLong::of(&error), Some(&expected));
        assert_eq!(
            error.to_string(),
            "2:2: a token longer than 100,000 bytes, which no real input comes near: the rest \
             of the input is not read (is it a binary file or a device?)"
        );
        let mut blank = Tokens::from_reader(endless(b"7", b'\n')).with_longest(LONGEST);
        assert_eq!(blank.next().unwrap().text, b"7");
        assert!(blank.next().is_none());
        let error = blank.take_read_error().unwrap();
        assert_eq!(
            TooLong::of(&error).map(|too_long| (too_long.place, too_long.what)),
            Some(((1, 2), "a run of whitespace"))
        );
        let mut lines = Tokens::from_reader(endless(b"[[1]]\n", b'x')).with_longest(LONGEST);
        assert_eq!(lines.next_line().unwrap().text, b"[[1]]");
        assert!(lines.next_line().is_none());
        let error = lines.take_read_error().unwrap();
        assert_eq!(
            TooLong::of(&error).map(|too_long| (too_long.place, too_long.what)),
            Some(((2, 1), "a line"))
        );
        // Up to the longest, whitespace and a token are read whole: here whitespace of exactly
        // the longest, handed out in pieces that end where it does.
        let mut spaced = vec![b' '; 4096];
        spaced.push(b'7');
        let mut tokens = Tokens::from_reader(Pieces {
            bytes: &spaced,
            piece: 1024,
        })
        .with_longest(4096);
        assert_eq!(tokens.next().unwrap().text, b"7");
        assert!(tokens.take_read_error().is_none());
        let mut lined = vec![b'x'; 4096];
        lined.extend_from_slice(b"\n[[1]]\n");
        let mut lines = Tokens::from_reader(Pieces {
            bytes: &lined,
            piece: 1024,
        })
        .with_longest(4096);
        assert_eq!(lines.next_line().unwrap().characters, 4096);
        assert_eq!(lines.next_line().unwrap().text, b"[[1]]");
        assert!(lines.take_read_error().is_none());
        let longest = vec![b'y'; LONGEST as usize];
        let mut tokens = Tokens::new(&longest).with_longest(LONGEST);
        assert_eq!(tokens.next().unwrap().characters, LONGEST);
        assert!(tokens.next().is_none());
        assert!(tokens.take_read_error().is_none());
    }

    /// A token longer than is kept keeps its first bytes and a byte no reader takes, and tells
    /// its whole length.
    #[test]
    fn a_token_past_the_kept_bytes_is_cut_and_never_read_as_another() {
        let long = "0".repeat(KEPT_BYTES) + "1";
        let text = format!("{long} é{long}\nx");
        let mut tokens = Tokens::new(text.as_bytes());
        let token = tokens.next().unwrap();
        assert_eq!(token.text.len(), KEPT_BYTES + 1);
        assert_eq!(token.text.last(), Some(&0xFF));
        assert!(token.text[..KEPT_BYTES].iter().all(|&byte| byte == b'0'));
        assert_eq!(
            token.display(),
            format!(
                "'{}...' ({} characters)",
                "0".repeat(40),
                crate::words::thousands(1025)
            )
        );
        let accented = tokens.next().unwrap();
        assert_eq!(accented.characters(), KEPT_BYTES as u64 + 2);
        assert!(accented.display().starts_with("'é0"));
        // Places after it count every character of it.
        let x = tokens.next().unwrap();
        assert_eq!((x.line, x.column), (2, 1));
        let mut tokens = Tokens::new(text.as_bytes());
        tokens.next();
        assert_eq!(tokens.next().unwrap().column, KEPT_BYTES as u64 + 3);
    }

    /// A byte-order mark at the start of an input is skipped however the source hands it out;
    /// anywhere else, or cut short, it is read.
    #[test]
    fn a_byte_order_mark_is_skipped_at_the_start_of_an_input_only() {
        for piece in 1..4 {
            let text = b"\xef\xbb\xbfab \xef\xbb\xbf";
            let mut tokens = Tokens::of_input_reader(Pieces { bytes: text, piece });
            let first = tokens.next().unwrap();
            assert_eq!((first.text.as_slice(), first.column), (&b"ab"[..], 1));
            assert_eq!(tokens.next().unwrap().text, b"\xef\xbb\xbf");
            let text = b"\xef\xbbx";
            let mut tokens = Tokens::of_input_reader(Pieces { bytes: text, piece });
            assert_eq!(tokens.next().unwrap().text, b"\xef\xbbx");
        }
        assert!(Tokens::of_input_reader(&b""[..]).next().is_none());
    }

    /// Going back to a mark gives the tokens taken since, with the spacing notes as they were.
    #[test]
    fn a_rewind_gives_back_the_tokens_taken_since_the_mark() {
        let mut tokens = Tokens::new(b"a b\n  c d");
        tokens.next();
        let mark = tokens.mark();
        tokens.next_in(Layout::AfterSpace);
        tokens.next_in(Layout::LineStart);
        assert!(tokens.take_spacing_note().is_some());
        tokens.next_in(Layout::LineStart);
        tokens.rewind(mark);
        assert_eq!(tokens.take_spacing_note(), None);
        let again: Vec<Vec<u8>> = std::iter::from_fn(|| tokens.next())
            .map(|t| t.text)
            .collect();
        assert_eq!(again, [b"b".to_vec(), b"c".to_vec(), b"d".to_vec()]);
    }

    /// Lines read whole keep their number and length; a long one is cut and says so.
    #[test]
    fn lines_are_read_whole_with_their_numbers() {
        let long = "x".repeat(KEPT_BYTES + 5);
        let text = format!("[[1]]\n\n{long}\nlast");
        let mut tokens = Tokens::new(text.as_bytes());
        let lines: Vec<(u64, usize, u64, bool)> = std::iter::from_fn(|| tokens.next_line())
            .map(|line| (line.number, line.text.len(), line.characters, line.cut))
            .collect();
        // The input ends on its last line, after it.
        assert_eq!(tokens.error_at_end(String::new()).to_string(), "4:5: ");
        let long_length = KEPT_BYTES as u64 + 5;
        assert_eq!(
            lines,
            [
                (1, 5, 5, false),
                (2, 0, 0, false),
                (3, KEPT_BYTES, long_length, true),
                (4, 4, 4, false)
            ]
        );
    }

    #[test]
    fn tokens_carry_their_line_column_and_the_gap_before() {
        let mut tokens = Tokens::new(b"ab  c\n\n d\n");
        let a = tokens.next().unwrap();
        assert_eq!(
            (a.text.as_slice(), a.line, a.column, a.first),
            (&b"ab"[..], 1, 1, true)
        );
        assert!(a.gap.is(b""));
        let c = tokens.next().unwrap();
        assert_eq!((c.line, c.column), (1, 5));
        assert!(c.gap.is(b"  ") && !c.gap.has_line_break());
        let d = tokens.next().unwrap();
        assert_eq!((d.line, d.column), (3, 2));
        assert!(d.gap.is(b"\n\n ") && d.gap.has_line_break());
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

    #[test]
    fn gaps_are_described_in_words_and_long_ones_cut_short_with_their_length() {
        let describe = |gap: &[u8]| described(gap);
        assert_eq!(describe(b""), "nothing");
        assert_eq!(describe(b" "), "one space");
        assert_eq!(describe(b"\n"), "a line break");
        assert_eq!(describe(b"\t\n"), "\"\\t\\n\"");
        // Up to 40 characters, the gap whole; past that, its first 40 and its length.
        let spaces = |n: usize| " ".repeat(n);
        assert_eq!(
            describe(spaces(40).as_bytes()),
            format!("\"{}\"", spaces(40))
        );
        assert_eq!(
            describe(spaces(41).as_bytes()),
            format!("\"{}...\" (41 characters)", spaces(40))
        );
        assert_eq!(
            describe(spaces(1000).as_bytes()),
            format!("\"{}...\" (1,000 characters)", spaces(40))
        );
        // A gap is the judge's only when it is the same bytes, not just as long.
        let mut tokens = Tokens::new(b"1\t0\n");
        tokens.next_in(Layout::LineStart);
        tokens.next_in(Layout::AfterSpace);
        assert_eq!(
            tokens.take_spacing_note().unwrap().to_string(),
            "1:2: found \"\\t\" where the judge prints one space"
        );
        // The same when the gap ends where a read does.
        let mut tokens = Tokens::from_reader(Pieces {
            bytes: b"1\t0\n",
            piece: 1,
        });
        tokens.next_in(Layout::LineStart);
        tokens.next_in(Layout::AfterSpace);
        assert!(tokens.take_spacing_note().is_some());
        // The ending's words come from the same description.
        let mut tokens = Tokens::new(b"4");
        tokens.next_in(Layout::LineStart);
        tokens.end_case();
        assert_eq!(
            tokens.take_spacing_note().unwrap().message,
            "found nothing after the last token where the judge prints a line break"
        );
    }

    /// A source that hands out `pieces` in turn, each a read's bytes or its error.
    struct Scripted {
        pieces: std::collections::VecDeque<io::Result<Vec<u8>>>,
    }

    impl Read for Scripted {
        fn read(&mut self, _buf: &mut [u8]) -> io::Result<usize> {
            unreachable!("tokens read through BufRead")
        }
    }

    impl BufRead for Scripted {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            match self.pieces.front_mut() {
                None => Ok(&[]),
                Some(Err(_)) => Err(self.pieces.pop_front().and_then(Result::err).unwrap()),
                Some(Ok(bytes)) if bytes.is_empty() => {
                    self.pieces.pop_front();
                    self.fill_buf()
                }
                Some(Ok(_)) => match self.pieces.front() {
                    Some(Ok(bytes)) => Ok(bytes.as_slice()),
                    _ => unreachable!(),
                },
            }
        }

        fn consume(&mut self, amount: usize) {
            if let Some(Ok(bytes)) = self.pieces.front_mut() {
                bytes.drain(..amount);
            }
        }
    }

    fn scripted(pieces: Vec<io::Result<&[u8]>>) -> Tokens<'static> {
        let pieces = pieces
            .into_iter()
            .map(|piece| piece.map(<[u8]>::to_vec))
            .collect();
        Tokens::from_reader(Scripted { pieces })
    }

    fn texts(tokens: &mut Tokens<'_>) -> Vec<String> {
        std::iter::from_fn(|| tokens.next())
            .map(|token| String::from_utf8_lossy(&token.text).into_owned())
            .collect()
    }

    #[test]
    fn a_read_error_ends_the_tokens_and_is_kept_for_the_caller() {
        let broken = || io::Error::other("disk on fire");
        let mut tokens = scripted(vec![Ok(b"1 2 "), Err(broken()), Ok(b"3\n")]);
        assert_eq!(texts(&mut tokens), ["1", "2"]);
        assert_eq!(
            tokens.take_read_error().map(|e| e.to_string()),
            Some("disk on fire".to_string())
        );
        assert!(tokens.next().is_none(), "nothing is read past the error");
        assert!(tokens.take_read_error().is_none());
        // The same when the error cuts a token short: what follows it is never read.
        let mut tokens = scripted(vec![Ok(b"1 2"), Err(broken()), Ok(b"3 4\n")]);
        assert_eq!(texts(&mut tokens), ["1", "2"]);
        assert!(tokens.take_read_error().is_some());
        assert!(tokens.next().is_none());
        // An interrupted read is tried again.
        let interrupted = io::Error::from(io::ErrorKind::Interrupted);
        let mut tokens = scripted(vec![Ok(b"1 "), Err(interrupted), Ok(b"2\n")]);
        assert_eq!(texts(&mut tokens), ["1", "2"]);
        assert!(tokens.take_read_error().is_none());
    }

    #[test]
    fn an_input_of_whitespace_alone_has_not_started() {
        assert!(!Tokens::new(b" \n\t\n").started());
        assert!(!Tokens::new(b"").started());
        let mut tokens = Tokens::new(b"\n x");
        assert!(tokens.started());
        assert_eq!(texts(&mut tokens), ["x"]);
    }

    #[test]
    fn a_token_or_line_of_exactly_the_kept_length_is_whole() {
        let exact = "7".repeat(KEPT_BYTES);
        let mut tokens = Tokens::new(exact.as_bytes());
        let token = tokens.next().unwrap();
        assert_eq!(token.text, exact.as_bytes());
        assert_eq!(token.characters(), KEPT_BYTES as u64);
        let mut lines = Tokens::new(exact.as_bytes());
        let line = lines.next_line().unwrap();
        assert!(!line.cut);
        assert_eq!(line.text, exact.as_bytes());
    }

    #[test]
    fn columns_count_bad_and_cut_off_bytes_as_one_character_each() {
        // `a`, a byte that starts no character, `b`: three characters.
        let mut tokens = Tokens::new(b"a\xffb c \xc3 d");
        let columns: Vec<u64> = std::iter::from_fn(|| tokens.next())
            .map(|t| t.column)
            .collect();
        // A lead byte cut off by the space is one character too.
        assert_eq!(columns, [1, 5, 7, 9]);
    }
}
