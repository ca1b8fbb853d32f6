//! The words flipgame's messages and pictures share: a count with its noun (`1 tap`, `4 taps`),
//! numbers with thousands separators, shares as percentages, a JSON reader's complaint.

/// What a JSON reader's `error` says, without the ` at line L column C` serde_json ends it with
/// when it knows the place: the caller says the place its own way (FILE:LINE:COL).
pub fn json_error_words(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    match message.strip_suffix(&place) {
        Some(words) => words.to_string(),
        None => message,
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
