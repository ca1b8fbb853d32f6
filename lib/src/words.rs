//! The words flipgame's messages and pictures share: a count with its noun (`1 tap`, `4 taps`),
//! numbers with thousands separators, shares as percentages, a JSON reader's complaint, an
//! input that never ends.

use std::fmt;
use std::io;

/// The error that ends the reading of an input at a stretch no real input comes near (a line,
/// a token, a run of whitespace), carried in an [`io::Error`] of kind `InvalidData`: so that a
/// device or a pipe that never ends (`/dev/zero`) is refused at once, in bounded memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLong {
    /// Line and column (from 1) where the stretch starts.
    pub place: (u64, u64),
    /// What is too long: `a line`, `a token`, `a run of whitespace`.
    pub what: &'static str,
    /// The most bytes it may have.
    pub longest: u64,
}

impl fmt::Display for TooLong {
    /// `LINE:COLUMN: words`, so that the reporter puts the input's name before it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {} longer than {} bytes, which no real input comes near: the rest of the \
             input is not read (is it a binary file or a device?)",
            self.place.0,
            self.place.1,
            self.what,
            thousands(self.longest)
        )
    }
}

impl std::error::Error for TooLong {}

impl TooLong {
    /// The stretch too long that ended a read, when that is what `error` is.
    pub fn of(error: &io::Error) -> Option<&TooLong> {
        error.get_ref()?.downcast_ref()
    }

    /// This, as the error of the read it ends.
    pub fn into_error(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, self)
    }
}

/// What a JSON reader's `error` says, without the ` at line L column C` serde_json ends it with
/// when it knows the place: the caller says the place its own way (FILE:LINE:COL).
pub fn json_error_words(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    let words = message.strip_suffix(&place).unwrap_or(&message);
    json_words_in_a_sentence(words)
}

/// serde_json's terse complaints ("expected value", "EOF while parsing a list", "invalid
/// type: string \"1\", expected u32") as what was expected and what was found; any other (its
/// "expected `,` or `]`", "unknown field ...") is kept as it is.
fn json_words_in_a_sentence(words: &str) -> String {
    let closing = |what: &str, mark: &str| {
        format!("expected the rest of {what} (up to its '{mark}'), found the end of the text")
    };
    match words {
        "expected value" => {
            "expected a JSON value (a number, a string, a list or an object)".to_string()
        }
        "EOF while parsing a list" => closing("a list", "]"),
        "EOF while parsing an object" => closing("an object", "}"),
        "EOF while parsing a string" => closing("a string", "\""),
        "EOF while parsing a value" => "expected a JSON value, found the end of the text".into(),
        "trailing characters" => {
            "expected the end of the text after the JSON value, found more".to_string()
        }
        "trailing comma" => "expected another item after the comma, found none".to_string(),
        "key must be a string" => "expected a key in double quotes".to_string(),
        _ => {
            if let Some(rest) = words
                .strip_prefix("invalid type: ")
                .or_else(|| words.strip_prefix("invalid value: "))
                && let Some((found, expected)) = rest.split_once(", expected ")
            {
                let expected = match expected {
                    "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number of 0 or more",
                    "a sequence" => "a list",
                    "a map" => "an object",
                    other => other,
                };
                let found = match found {
                    "sequence" => "a list".to_string(),
                    "map" => "an object".to_string(),
                    _ => match found.split_once(' ') {
                        Some(("string", text)) => format!("the string {text}"),
                        Some(("boolean" | "integer" | "floating", _)) => {
                            let value = found.rsplit(' ').next().unwrap_or(found);
                            value.trim_matches('`').to_string()
                        }
                        _ => found.to_string(),
                    },
                };
                return format!("expected {expected}, found {found}");
            }
            if let Some(field) = words.strip_prefix("missing field ") {
                return format!("expected the field {field}, found none");
            }
            if let Some(field) = words.strip_prefix("duplicate field ") {
                return format!("expected the field {field} once, found it a second time");
            }
            words.to_string()
        }
    }
}

/// How the words name one tap: `tap`, or `press` for pieces of K colours (each kind's
/// `NOUN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noun {
    /// One, in a sentence.
    pub one: &'static str,
    /// More than one, in a sentence.
    pub many: &'static str,
    /// One, as a drawing's title begins.
    pub title: &'static str,
}

impl Noun {
    /// `count` of them: `1 tap`, `4 presses`.
    pub fn count(&self, count: u64) -> String {
        count_of(count, self.one, self.many)
    }
}

/// `1 tap`, `4 taps`.
pub fn taps(count: impl Into<u64>) -> String {
    count_of(count.into(), "tap", "taps")
}

/// The noun for `count` taps: `tap` for one, `taps` otherwise.
pub fn tap_word(count: u64) -> &'static str {
    if count == 1 { "tap" } else { "taps" }
}

/// `count` with its noun, singular for exactly one: `1 case`, `0 cases`, `2 cases`,
/// `500,041 cases`.
pub fn count_of(count: u64, singular: &str, plural: &str) -> String {
    let noun = if count == 1 { singular } else { plural };
    format!("{} {noun}", thousands(count))
}

/// Items in a sentence: `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `65536` as `65,536`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (n, digit) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Text found in an input, quoted for a message (`'x7'`); past 40 characters its first 40 and
/// its whole length (`'7777...' (100,000,000 characters)`), so that a huge token costs a line.
/// `characters` is the whole text's length, of which `start` may be only the beginning.
pub fn quoted(start: &str, characters: u64) -> String {
    const SHOWN: usize = 40;
    if characters <= SHOWN as u64 {
        return format!("'{}'", start.escape_debug());
    }
    let shown: String = start.chars().take(SHOWN).collect();
    format!(
        "'{}...' ({} characters)",
        shown.escape_debug(),
        thousands(characters)
    )
}

/// `part` as a percentage of `whole`, to two decimals.
pub fn percent(part: u64, whole: u64) -> String {
    format!("{:.2}%", 100.0 * part as f64 / whole.max(1) as f64)
}

/// The line and column (both from 1, columns in characters) of the byte at `at` of `bytes`,
/// whose bytes before it are UTF-8 text.
pub fn line_and_column(bytes: &[u8], at: usize) -> (u64, u64) {
    let before = &bytes[..at.min(bytes.len())];
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |at| at + 1);
    let line = before.iter().filter(|&&byte| byte == b'\n').count() as u64 + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count() as u64
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_join_with_commas_and_a_last_and() {
        let items = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(and_list(&items(&[])), "");
        assert_eq!(and_list(&items(&["2/4"])), "2/4");
        assert_eq!(and_list(&items(&["2/4", "3/4"])), "2/4 and 3/4");
        assert_eq!(and_list(&items(&["1/4", "2/4", "3/4"])), "1/4, 2/4 and 3/4");
    }

    /// Each of serde_json's complaints that a rule file, a LeetCode matrix or a shard can
    /// get, read from serde_json itself, says what was expected and what was found.
    #[test]
    fn a_json_readers_complaints_are_sentences() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Rows {
            rows: u32,
            cells: Option<Vec<u32>>,
        }
        let of = |text: &str| json_error_words(&serde_json::from_str::<Rows>(text).unwrap_err());
        assert_eq!(
            of("x"),
            "expected a JSON value (a number, a string, a list or an object)"
        );
        assert_eq!(
            of("{\"cells\": [1, 2"),
            "expected the rest of a list (up to its ']'), found the end of the text"
        );
        assert_eq!(
            of("{\"rows\": 1"),
            "expected the rest of an object (up to its '}'), found the end of the text"
        );
        assert_eq!(
            of("{\"rows"),
            "expected the rest of a string (up to its '\"'), found the end of the text"
        );
        assert_eq!(
            of("{\"rows\":"),
            "expected a JSON value, found the end of the text"
        );
        assert_eq!(
            of("{\"rows\": 1} x"),
            "expected the end of the text after the JSON value, found more"
        );
        assert_eq!(
            of("{\"rows\": \"1\"}"),
            "expected a whole number of 0 or more, found the string \"1\""
        );
        assert_eq!(
            of("{\"rows\": [1]}"),
            "expected a whole number of 0 or more, found a list"
        );
        assert_eq!(
            of("{\"rows\": 1.5}"),
            "expected a whole number of 0 or more, found 1.5"
        );
        assert_eq!(
            of("{\"rows\": true}"),
            "expected a whole number of 0 or more, found true"
        );
        assert_eq!(
            of("{\"rows\": 1, \"cells\": {}}"),
            "expected a list, found an object"
        );
        assert_eq!(of("{}"), "expected the field `rows`, found none");
        assert_eq!(
            of("{\"rows\": 1, \"rows\": 2}"),
            "expected the field `rows` once, found it a second time"
        );
        assert_eq!(of("{1: 2}"), "expected a key in double quotes");
        assert_eq!(
            of("{\"cells\": [1,]}"),
            "expected another item after the comma, found none"
        );
        assert_eq!(
            of("{\"rows\": null}"),
            "expected a whole number of 0 or more, found null"
        );
        assert_eq!(
            of("{\"rows\": -1}"),
            "expected a whole number of 0 or more, found -1"
        );
        assert_eq!(
            json_words_in_a_sentence("invalid type: map, expected a list of cells"),
            "expected a list of cells, found an object"
        );
    }

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(4096), "4,096");
        assert_eq!(thousands(65536), "65,536");
        assert_eq!(thousands(1_048_576), "1,048,576");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(taps(1u64), "1 tap");
        assert_eq!(taps(0u64), "0 taps");
        assert_eq!(taps(4u8), "4 taps");
        assert_eq!((tap_word(1), tap_word(2)), ("tap", "taps"));
        assert_eq!(count_of(1, "case", "cases"), "1 case");
        assert_eq!(count_of(3, "case", "cases"), "3 cases");
    }

    #[test]
    fn text_is_quoted_whole_up_to_forty_characters_and_cut_short_past_them() {
        let forty = "é".repeat(40);
        assert_eq!(quoted(&forty, 40), format!("'{forty}'"));
        assert_eq!(quoted("a\tb", 3), "'a\\tb'");
        let long = "x".repeat(41);
        assert_eq!(
            quoted(&long, 41),
            format!("'{}...' (41 characters)", "x".repeat(40))
        );
        // The start of a longer text, with the whole length.
        assert_eq!(
            quoted(&"7".repeat(40), 100_000_000),
            format!("'{}...' (100,000,000 characters)", "7".repeat(40))
        );
    }

    #[test]
    fn shares_have_two_decimals_and_survive_an_empty_whole() {
        assert_eq!(percent(1, 3), "33.33%");
        assert_eq!(percent(0, 0), "0.00%");
        assert_eq!(percent(4, 4), "100.00%");
    }
}
