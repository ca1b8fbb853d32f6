//! The checked-in completion scripts, man pages, pictures and snapshots never go stale: each is
//! generated again here and compared, with a readable diff when they differ.
//! `FLIPGAME_UPDATE_GENERATED=1 cargo test --test cli` rewrites them.
//!
//! The man pages are rendered from the very module the binary parses with (`src/cli.rs`, which
//! depends only on clap and the library's names), so they describe exactly the interface that ships.

#[path = "../../src/cli.rs"]
#[allow(dead_code)]
mod cli;

use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;

use crate::common::snapshot::check_generated;
use crate::common::{Scratch, flipgame, optional_tool};
use clap::CommandFactory;
use clap_mangen::Man;
use roff::{Inline, Roff, bold, italic, roman};

const SHELLS: [(&str, &str); 5] = [
    ("bash", "flipgame.bash"),
    ("zsh", "_flipgame"),
    ("fish", "flipgame.fish"),
    ("elvish", "flipgame.elv"),
    ("powershell", "_flipgame.ps1"),
];

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compares `text` with the snapshot `tests/cli/snapshots/NAME.txt` (NAME as `module/case`).
pub fn snapshot(name: &str, text: &str) {
    crate::common::snapshot::snapshot(&repository().join("tests/cli/snapshots"), name, text);
}

fn check_all(files: Vec<(PathBuf, String)>) {
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(path, text)| check_generated(path, text).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The subcommands that get a man page of their own (not clap's `help`).
fn subcommands() -> Vec<clap::Command> {
    let mut top = cli::Cli::command();
    top.build();
    top.get_subcommands()
        .filter(|sub| sub.get_name() != "help")
        .cloned()
        .collect()
}

/// A section renderer of clap_mangen.
type Section = fn(&Man, &mut dyn std::io::Write) -> std::io::Result<()>;

/// The SYNOPSIS with every option's value name (`[--board TEXT]...`), which clap_mangen's own
/// synopsis leaves out.
fn synopsis(command: &clap::Command) -> Roff {
    let name = command.get_bin_name().unwrap_or(command.get_name());
    let mut line: Vec<Inline> = vec![bold(name)];
    for arg in command.get_arguments().filter(|arg| !arg.is_hide_set()) {
        let value = arg
            .get_value_names()
            .and_then(|names| names.first())
            .map_or_else(
                || arg.get_id().to_string().to_uppercase(),
                |v| v.to_string(),
            );
        let repeats = matches!(arg.get_action(), clap::ArgAction::Append)
            || arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        line.push(roman(" ["));
        if arg.is_positional() {
            line.push(italic(value));
        } else {
            if let Some(short) = arg.get_short() {
                line.push(bold(format!("-{short}")));
                if arg.get_long().is_some() {
                    line.push(roman("|"));
                }
            }
            if let Some(long) = arg.get_long() {
                line.push(bold(format!("--{long}")));
            }
            if arg.get_action().takes_values() {
                line.push(roman(" "));
                line.push(italic(value));
            }
        }
        line.push(roman(if repeats { "]..." } else { "]" }));
    }
    if command.has_subcommands() {
        line.push(roman(" "));
        line.push(italic("COMMAND"));
    }
    let mut roff = Roff::new();
    roff.control("SH", ["SYNOPSIS"]).text(line);
    roff
}

/// One man page: clap_mangen's sections, then EXAMPLES, EXIT STATUS and SEE ALSO from the same
/// data `--help` shows.
fn man_page(command: clap::Command, subcommand: &str) -> (String, String) {
    let man = Man::new(command.clone()).manual("flipgame manual");
    let mut page = Vec::new();
    let sections: [Section; 2] = [Man::render_title, Man::render_name_section];
    for section in sections {
        section(&man, &mut page).unwrap();
    }
    synopsis(&command).to_writer(&mut page).unwrap();
    man.render_description_section(&mut page).unwrap();
    if command.get_arguments().next().is_some() {
        man.render_options_section(&mut page).unwrap();
    }
    if subcommand.is_empty() {
        man.render_subcommands_section(&mut page).unwrap();
    }
    let mut roff = Roff::new();
    roff.control("SH", ["EXAMPLES"]);
    for example in cli::examples(subcommand) {
        roff.control("PP", []).text([roman(example.description)]);
        roff.control("RS", ["4"])
            .control("nf", [])
            .text([bold(example.command)]);
        roff.control("fi", []).control("RE", []);
    }
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in cli::EXIT_STATUS {
        roff.control("TP", [])
            .text([bold(code.to_string())])
            .text([roman(*meaning)]);
    }
    roff.control("PP", []).text([roman(cli::EXIT_STATUS_NOTE)]);
    roff.control("SH", ["SEE ALSO"]);
    let others: Vec<String> = std::iter::once("flipgame".to_string())
        .chain(
            subcommands()
                .iter()
                .map(|sub| format!("flipgame-{}", sub.get_name())),
        )
        .filter(|name| *name != man.get_filename().trim_end_matches(".1"))
        .map(|name| format!("{name}(1)"))
        .collect();
    roff.text([roman(others.join(", "))]);
    roff.control("SH", ["VERSION"])
        .text([roman(format!("v{}", env!("CARGO_PKG_VERSION")))]);
    roff.to_writer(&mut page).unwrap();
    (man.get_filename(), String::from_utf8(page).unwrap())
}

fn man_pages() -> Vec<(PathBuf, String)> {
    // clap's `help` subcommand has no page of its own, so the top page must not point to one.
    let mut top = cli::Cli::command().disable_help_subcommand(true);
    top.build();
    let mut pages = vec![man_page(top, "")];
    pages.extend(subcommands().into_iter().map(|sub| {
        let name = sub.get_name().to_string();
        man_page(sub, &name)
    }));
    pages
        .into_iter()
        .map(|(name, text)| (repository().join("man").join(name), text))
        .collect()
}

#[test]
fn checked_in_completions_match_the_generated_ones() {
    let files = SHELLS
        .iter()
        .map(|(shell, file)| {
            let output = flipgame().args(["completions", shell]).output().unwrap();
            assert!(output.status.success());
            (
                repository().join("completions").join(file),
                String::from_utf8(output.stdout).unwrap(),
            )
        })
        .collect();
    check_all(files);
}

/// The pictures the documents show, and the command that draws each.
pub const PICTURES: [(&str, &[&str]); 2] = [
    (
        "walkthrough.svg",
        &[
            "explain",
            "--format",
            "svg",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
        ],
    ),
    (
        "graph-2x3.svg",
        &[
            "graph", "--format", "svg", "--size", "2x3", "--board", "bww/wbb",
        ],
    ),
];

#[test]
fn checked_in_pictures_match_the_generated_ones() {
    let files = PICTURES
        .iter()
        .map(|(file, args)| {
            let output = flipgame().args(*args).output().unwrap();
            assert!(output.status.success());
            (
                repository().join("docs").join(file),
                String::from_utf8(output.stdout).unwrap(),
            )
        })
        .collect();
    check_all(files);
}

#[test]
fn checked_in_man_pages_match_the_generated_ones() {
    let pages = man_pages();
    let names: Vec<String> = pages
        .iter()
        .map(|(path, _)| path.file_name().unwrap().to_string_lossy().into())
        .collect();
    for expected in [
        "flipgame.1",
        "flipgame-solve.1",
        "flipgame-explain.1",
        "flipgame-table.1",
        "flipgame-stats.1",
        "flipgame-gen.1",
    ] {
        assert!(
            names.iter().any(|name| name == expected),
            "no page {expected} in {names:?}"
        );
    }
    check_all(pages);
}

#[test]
fn every_man_page_names_its_command_and_options_and_has_examples_and_exit_status() {
    for sub in subcommands() {
        let path = repository()
            .join("man")
            .join(format!("flipgame-{}.1", sub.get_name()));
        let page = std::fs::read_to_string(&path).unwrap();
        assert!(
            page.contains(&format!("flipgame\\-{}", sub.get_name())),
            "{}",
            path.display()
        );
        for arg in sub.get_arguments() {
            if let Some(long) = arg.get_long() {
                assert!(
                    page.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
                    "--{long} in {}",
                    path.display()
                );
            }
        }
        assert!(
            page.contains(".SH EXAMPLES") && page.contains(".SH \"EXIT STATUS\""),
            "{}",
            path.display()
        );
    }
}

/// What can be checked without man(1): every page opens with .TH, has the sections in order,
/// closes every indent and no-fill block it opens, names every option with its value in the
/// synopsis, and points only to pages that exist.
#[test]
fn every_man_page_is_well_formed_without_man() {
    let pages = man_pages();
    let names: Vec<String> = pages
        .iter()
        .map(|(path, _)| path.file_stem().unwrap().to_string_lossy().into())
        .collect();
    for (path, page) in &pages {
        let controls: Vec<&str> = page.lines().filter(|l| l.starts_with('.')).collect();
        let count = |macro_name: &str| {
            controls
                .iter()
                .filter(|l| l.split_whitespace().next() == Some(macro_name))
                .count()
        };
        assert!(
            controls.iter().any(|l| l.starts_with(".TH ")),
            "{}",
            path.display()
        );
        assert_eq!(count(".RS"), count(".RE"), "{}", path.display());
        assert_eq!(count(".nf"), count(".fi"), "{}", path.display());
        let order = [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "EXAMPLES",
            "\"EXIT STATUS\"",
            "\"SEE ALSO\"",
        ];
        let at: Vec<usize> = order
            .iter()
            .map(|section| page.find(&format!(".SH {section}")).unwrap_or(usize::MAX))
            .collect();
        assert!(
            at.windows(2).all(|w| w[0] < w[1]),
            "{}: {at:?}",
            path.display()
        );
        for referenced in page.split(|c: char| c.is_whitespace() || c == ',') {
            if let Some(name) = referenced.strip_suffix("(1)") {
                let name = name.replace("\\-", "-");
                assert!(
                    names.contains(&name),
                    "{} points to {name}(1)",
                    path.display()
                );
            }
        }
    }
    let solve = &pages
        .iter()
        .find(|(p, _)| p.ends_with("flipgame-solve.1"))
        .unwrap()
        .1;
    assert!(
        solve.contains("[\\fB\\-\\-board\\fR \\fITEXT\\fR]..."),
        "{solve}"
    );
}

/// `man -l` renders every page without a warning (groff's warnings go to stderr). This needs
/// man-db's `man`, which not every machine has (macOS's `man` has no `-l`): without it the test
/// says so and passes, unless FLIPGAME_REQUIRE_TOOLS=1 (set by CI) asks for every check.
#[test]
fn man_pages_render_without_warnings() {
    if !optional_tool("man", &["-l", "--version"], "man-db's man(1)") {
        return;
    }
    for (path, _) in man_pages() {
        let output = StdCommand::new("man")
            .args(["--warnings", "-l"])
            .arg(&path)
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "80")
            .output()
            .expect("run man (Debian package man-db)");
        let warnings = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success() && warnings.is_empty(),
            "{}: {warnings}",
            path.display()
        );
        assert!(String::from_utf8_lossy(&output.stdout).contains("EXAMPLES"));
    }
}

/// Needs bash: without it the test says so and passes, unless FLIPGAME_REQUIRE_TOOLS=1.
#[test]
fn bash_loads_the_completion() {
    if !optional_tool("bash", &["--version"], "bash") {
        return;
    }
    let script = repository().join("completions").join("flipgame.bash");
    let output = StdCommand::new("bash")
        .arg("-c")
        .arg(format!(
            "source '{}' && complete -p flipgame",
            script.display()
        ))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("flipgame"));
}

/// Every example in every `--help` runs and succeeds (in a scratch directory, with the built
/// binary first on PATH), and `--help` shows each one.
#[test]
fn every_help_example_runs() {
    let scratch = Scratch::new();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_flipgame")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let names: Vec<String> = std::iter::once(String::new())
        .chain(subcommands().iter().map(|s| s.get_name().to_string()))
        .collect();
    for name in names {
        let help = flipgame()
            .args([name.as_str(), "--help"].iter().filter(|a| !a.is_empty()))
            .output()
            .unwrap();
        let help = String::from_utf8(help.stdout).unwrap();
        assert!(help.contains("Exit status:"), "flipgame {name} --help");
        let examples = cli::examples(&name);
        assert!(
            (2..=3).contains(&examples.len()),
            "flipgame {name}: two or three examples"
        );
        for example in examples {
            assert!(
                help.contains(example.command),
                "flipgame {name} --help shows {}",
                example.command
            );
            let output = StdCommand::new("bash")
                .args(["-c", example.command])
                .current_dir(scratch.path())
                .env("PATH", &path)
                .env("HOME", scratch.path())
                .output()
                .unwrap();
            assert!(
                output.status.success(),
                "`{}` failed: {output:?}",
                example.command
            );
        }
    }
}

#[test]
fn short_help_is_short_and_long_help_teaches() {
    let short = flipgame().args(["solve", "-h"]).output().unwrap();
    let long = flipgame().args(["solve", "--help"]).output().unwrap();
    let (short, long) = (
        String::from_utf8(short.stdout).unwrap(),
        String::from_utf8(long.stdout).unwrap(),
    );
    assert!(!short.contains("Examples:"));
    assert!(long.contains("Examples:"));
    assert!(short.lines().count() * 2 < long.lines().count());
}

#[test]
fn version_is_the_package_version() {
    let output = flipgame().arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("flipgame {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// The README's table of exit statuses is the help's, word for word: one wording, in cli.rs.
#[test]
fn the_readme_gives_the_exit_statuses_the_help_gives() {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .unwrap();
    let section = readme
        .split_once("## Exit status")
        .and_then(|(_, rest)| rest.split("\n## ").next())
        .expect("README.md has an exit status section");
    let rows: Vec<&str> = section
        .lines()
        .filter(|line| line.starts_with("| "))
        .collect();
    let expected: Vec<String> = std::iter::once("| code | meaning |".to_string())
        .chain(
            cli::EXIT_STATUS
                .iter()
                .map(|(code, meaning)| format!("| {code} | {meaning} |")),
        )
        .collect();
    assert_eq!(rows, expected);
    assert!(section.contains(cli::EXIT_STATUS_NOTE), "{section}");
}
