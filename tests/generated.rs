//! The checked-in completion scripts and man pages never go stale: each is regenerated here and
//! compared, with a readable diff when they differ. `FLIPGAME_UPDATE_GENERATED=1 cargo test
//! --test generated` rewrites them.
//!
//! The man pages are rendered from the very module the binary parses with (`src/cli.rs`, which
//! depends only on clap), so they describe exactly the interface that ships.

#[path = "../src/cli.rs"]
#[allow(dead_code)]
mod cli;

mod common;

use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;

use clap::CommandFactory;
use clap_mangen::Man;
use common::{Scratch, flipgame};
use roff::{Roff, bold, roman};

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

/// Compares `generated` with the checked-in file, or rewrites the file when asked to.
fn check_generated(path: &Path, generated: &str) -> Result<(), String> {
    if std::env::var_os("FLIPGAME_UPDATE_GENERATED").is_some_and(|v| v == "1") {
        std::fs::write(path, generated).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    if checked_in == generated {
        return Ok(());
    }
    let diff = similar::TextDiff::from_lines(checked_in.as_str(), generated)
        .unified_diff()
        .header(&format!("{} (checked in)", path.display()), "generated now")
        .to_string();
    Err(format!(
        "{} is stale; run FLIPGAME_UPDATE_GENERATED=1 cargo test --test generated\n{diff}",
        path.display()
    ))
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

/// One man page: clap_mangen's sections, then EXAMPLES, EXIT STATUS and SEE ALSO from the same
/// data `--help` shows.
fn man_page(command: clap::Command, subcommand: &str) -> (String, String) {
    let man = Man::new(command.clone()).manual("flipgame manual");
    let mut page = Vec::new();
    let sections: [Section; 4] = [
        Man::render_title,
        Man::render_name_section,
        Man::render_synopsis_section,
        Man::render_description_section,
    ];
    for section in sections {
        section(&man, &mut page).unwrap();
    }
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
    let mut top = cli::Cli::command();
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

/// `man -l` renders every page without a warning (groff's warnings go to stderr).
#[test]
fn man_pages_render_without_warnings() {
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

#[test]
fn bash_loads_the_completion() {
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
