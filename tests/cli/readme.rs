//! The README's examples are true: every `console` block is run and its output compared.
//!
//! A block holds commands (`$ ...`) each followed by what it prints. Lines starting `error:` are
//! expected on stderr and the rest on stdout, each stream in order, so the check does not depend
//! on how a terminal would interleave the two. `FLIPGAME_UPDATE_GENERATED=1` rewrites the shown
//! output of every example that changed (errors first, then the rest).

use std::path::Path;
use std::process::Command;

use crate::common::{IMPOSSIBLE, SAMPLE, Scratch};

struct Example {
    command: String,
    expected: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push(line.to_string());
        }
    }
    examples
}

fn run(command: &str, scratch: &Scratch, path: &str) -> (Vec<String>, Vec<String>) {
    let output = Command::new("sh")
        .args(["-c", command])
        .current_dir(scratch.path())
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("COLUMNS", "80")
        .output()
        .expect("run sh");
    let lines = |bytes: &[u8]| {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    (lines(&output.stdout), lines(&output.stderr))
}

#[test]
fn every_console_example_in_the_readme_prints_what_it_shows() {
    let readme_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&readme_path).expect("read README.md");
    let examples = examples(&readme);
    assert!(examples.len() >= 5, "the README should show its examples");
    let scratch = Scratch::new();
    scratch.file("boards.txt", format!("{SAMPLE}{IMPOSSIBLE}"));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_flipgame")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let update = std::env::var_os("FLIPGAME_UPDATE_GENERATED").is_some_and(|v| v == "1");
    let mut rewritten = readme.clone();
    for example in examples {
        let (stdout, stderr) = run(&example.command, &scratch, &path);
        let (errors, answers): (Vec<String>, Vec<String>) = example
            .expected
            .iter()
            .cloned()
            .partition(|line| line.starts_with("error:"));
        if update {
            if stdout != answers || stderr != errors {
                let old = format!(
                    "$ {}\n{}",
                    example.command,
                    with_newlines(&example.expected)
                );
                let fresh: Vec<String> = stderr.iter().chain(&stdout).cloned().collect();
                let new = format!("$ {}\n{}", example.command, with_newlines(&fresh));
                rewritten = rewritten.replacen(&old, &new, 1);
            }
            continue;
        }
        assert_eq!(stdout, answers, "stdout of `{}`", example.command);
        assert_eq!(stderr, errors, "stderr of `{}`", example.command);
    }
    if update {
        std::fs::write(&readme_path, rewritten).expect("write README.md");
    }
}

fn with_newlines(lines: &[String]) -> String {
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// Every key of every JSON object a command prints, at any depth.
fn keys(value: &serde_json::Value, into: &mut std::collections::BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                into.insert(key.clone());
                keys(inner, into);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| keys(item, into)),
        _ => {}
    }
}

/// Every JSON field any command prints is named in the README (as `"field"` or `` `field` ``),
/// so the documentation cannot drift from the output.
#[test]
fn every_json_field_is_documented_in_the_readme() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/samples");
    let (check_input, check_output) = (
        samples.join("poj1681.in").to_string_lossy().into_owned(),
        samples.join("poj3185.out").to_string_lossy().into_owned(),
    );
    let runs: &[&[&str]] = &[
        &[
            "solve", "--format", "json", "--board", "0x9d98", "--board", "0xa0d9", "--board", "bwx",
        ],
        &[
            "solve",
            "--format",
            "jsonl",
            "--size",
            "79x79",
            "--goal",
            "white",
            "--board",
            &"b".repeat(79 * 79),
        ],
        &[
            "explain", "--format", "json", "--board", "0x9d98", "--board", "0xa0d9",
        ],
        &["table", "--format", "json", "--taps", "--size", "2x2"],
        &["table", "--format", "jsonl", "--size", "1x2"],
        &["stats", "--format", "json"],
        &[
            "stats", "--format", "json", "--size", "2x2", "--rule", "x", "--wrap",
        ],
        &["stats", "--format", "json", "--size", "5x7"],
        &["gen", "--format", "jsonl", "--seed", "1", "--count", "2"],
        &["gen", "--format", "json", "--seed", "1", "--size", "9x9"],
        &[
            "check",
            "--format",
            "jsonl",
            "--judge",
            "poj1681",
            &check_input,
            &check_output,
        ],
        &[
            "check", "--format", "jsonl", "--board", "0x9d98", "--taps", "r1c1",
        ],
    ];
    let mut found = std::collections::BTreeSet::new();
    for args in runs {
        let output = crate::common::flipgame().args(*args).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let values: Vec<serde_json::Value> = match serde_json::from_str(&text) {
            Ok(value) => vec![value],
            Err(_) => text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect(),
        };
        assert!(!values.is_empty(), "{args:?} printed no JSON");
        values.iter().for_each(|value| keys(value, &mut found));
    }
    let plays: &[(&[&str], &str)] = &[
        (&["--board", "0x9d98"], "hint\nsolve\nr1c1\nundo\nhelp\n"),
        (&["--board", "0xa0d9"], "proof\n"),
        (&["--moves", "3", "--seed", "1"], ""),
    ];
    for (args, commands) in plays {
        let output = crate::common::flipgame()
            .args(["play", "--format", "jsonl"])
            .args(*args)
            .write_stdin(*commands)
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        for line in text.lines() {
            keys(&serde_json::from_str(line).unwrap(), &mut found);
        }
    }
    let missing: Vec<&String> = found
        .iter()
        .filter(|key| {
            !readme.contains(&format!("\"{key}\"")) && !readme.contains(&format!("`{key}`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "JSON fields the README does not name: {missing:?}"
    );
    assert!(found.len() > 25, "{found:?}");
}
