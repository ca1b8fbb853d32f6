//! The terminal the output goes to: whether to colour it, and how wide to lay it out.

/// Whether to colour output, decided once from `--color`, the environment and the terminal.
///
/// `auto` colours only when stdout is a terminal; `NO_COLOR` (non-empty) turns colour off and
/// `CLICOLOR_FORCE` (non-empty, not `0`) turns it on even in a pipe, `NO_COLOR` winning when both
/// are set. An explicit `always` or `never` wins over the environment.
pub fn color_enabled(
    choice: Option<bool>,
    stdout_is_terminal: bool,
    env: impl Fn(&str) -> Option<String>,
) -> bool {
    if let Some(explicit) = choice {
        return explicit;
    }
    let set = |name: &str| env(name).is_some_and(|value| !value.is_empty());
    if set("NO_COLOR") {
        return false;
    }
    if set("CLICOLOR_FORCE") && env("CLICOLOR_FORCE").as_deref() != Some("0") {
        return true;
    }
    stdout_is_terminal
}

/// The width to lay panels out in: `COLUMNS` when set, else the terminal's, else 80.
pub fn output_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.trim().parse::<usize>().ok())
        .filter(|&columns| columns > 0)
        .or_else(|| terminal_size::terminal_size().map(|(width, _)| usize::from(width.0)))
        .unwrap_or(80)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn colour_follows_the_terminal_unless_told_otherwise() {
        assert!(color_enabled(None, true, env(&[])));
        assert!(!color_enabled(None, false, env(&[])));
        assert!(!color_enabled(None, true, env(&[("NO_COLOR", "1")])));
        assert!(color_enabled(None, true, env(&[("NO_COLOR", "")])));
        assert!(color_enabled(None, false, env(&[("CLICOLOR_FORCE", "1")])));
        assert!(!color_enabled(None, false, env(&[("CLICOLOR_FORCE", "0")])));
        assert!(!color_enabled(
            None,
            false,
            env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")])
        ));
        assert!(color_enabled(Some(true), false, env(&[("NO_COLOR", "1")])));
        assert!(!color_enabled(
            Some(false),
            true,
            env(&[("CLICOLOR_FORCE", "1")])
        ));
    }
}
