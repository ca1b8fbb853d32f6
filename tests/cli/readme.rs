//! The documents' examples are true: every `console` block of every Markdown document (the
//! README, the guide, `docs/`, `bench/`) is run and its output compared.
//!
//! A block holds commands (`$ ...`) each followed by what it prints. Lines starting `error:` or
//! `note:` are expected on stderr and the rest on stdout, each stream in order, so the check does
//! not depend on how a terminal would interleave the two. Each document's examples run in order
//! in a fresh directory holding `boards.txt` (the statement's two boards), so an example may use
//! a file an earlier one wrote. `FLIPGAME_UPDATE_GENERATED=1` rewrites the shown output of every
//! example that changed (messages first, then the rest).

use std::path::Path;
use std::process::Command;

use crate::common::{IMPOSSIBLE, SAMPLE, Scratch};

struct Example {
    command: String,
    expected: Vec<String>,
}

fn examples(document: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    for line in document.lines() {
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

/// Every Markdown document of the repository a reader is pointed to.
fn documents() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = Vec::new();
    for folder in [root.to_path_buf(), root.join("docs"), root.join("bench")] {
        for entry in std::fs::read_dir(&folder).expect("read a folder of documents") {
            let path = entry.expect("list a folder").path();
            if path.extension().is_some_and(|extension| extension == "md") {
                documents.push(path);
            }
        }
    }
    documents.sort();
    documents
}

#[test]
fn every_console_example_in_the_documents_prints_what_it_shows() {
    let documents = documents();
    let names: Vec<String> = documents
        .iter()
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for expected in ["README.md", "GUIDE.md", "algorithms.md", "TESTING.md"] {
        assert!(names.iter().any(|name| name == expected), "{names:?}");
    }
    let mut shown = 0;
    for path in &documents {
        shown += check_examples(path);
    }
    assert!(
        shown >= 40,
        "the documents should show their examples: {shown}"
    );
}

/// Runs the console examples of one document; returns how many there were.
fn check_examples(document_path: &Path) -> usize {
    let document = std::fs::read_to_string(document_path).expect("read a document");
    let examples = examples(&document);
    let count = examples.len();
    let scratch = Scratch::new();
    scratch.file("boards.txt", format!("{SAMPLE}{IMPOSSIBLE}"));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_flipgame")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let update = std::env::var_os("FLIPGAME_UPDATE_GENERATED").is_some_and(|v| v == "1");
    let mut rewritten = document.clone();
    for example in examples {
        let (stdout, stderr) = run(&example.command, &scratch, &path);
        let (errors, answers): (Vec<String>, Vec<String>) = example
            .expected
            .iter()
            .cloned()
            .partition(|line| line.starts_with("error:") || line.starts_with("note:"));
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
        let place = document_path.display();
        assert_eq!(stdout, answers, "{place}: stdout of `{}`", example.command);
        assert_eq!(stderr, errors, "{place}: stderr of `{}`", example.command);
    }
    if update {
        std::fs::write(document_path, rewritten).expect("write a document");
    }
    count
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

/// Every JSON field any command prints is named in the guide (as `"field"` or `` `field` ``),
/// so the documentation cannot drift from the output.
#[test]
fn every_json_field_is_documented_in_the_guide() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("GUIDE.md")).unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/samples");
    let (check_input, check_output) = (
        samples.join("poj1681.in").to_string_lossy().into_owned(),
        samples.join("poj3185.out").to_string_lossy().into_owned(),
    );
    // A 30x30 board one tap finishes (nullity 20): its shards' records have parts.
    let tapped: String = (0..30)
        .map(|row| {
            let cells: String = (0..30)
                .map(|col: i32| {
                    let near = (row - 15i32).abs() + (col - 15).abs() <= 1;
                    if near { 'b' } else { 'w' }
                })
                .collect();
            cells
        })
        .collect::<Vec<String>>()
        .join("/");
    let runs: &[&[&str]] = &[
        &[
            "solve", "--shard", "1/1", "--size", "30x30", "--board", &tapped,
        ],
        &[
            "solve", "--format", "json", "--board", "0x9d98", "--board", "0xa0d9", "--board", "bwx",
        ],
        &[
            "solve",
            "--format",
            "jsonl",
            "--size",
            "5x5",
            "--goal",
            "white",
            "--board",
            &"b".repeat(5 * 5),
        ],
        &[
            "explain", "--format", "json", "--board", "0x9d98", "--board", "0xa0d9",
        ],
        &[
            "solve", "--format", "json", "--states", "3", "--size", "2x2", "--board", "01/11",
            "--board", "12/00",
        ],
        &["table", "--format", "json", "--taps", "--size", "2x2"],
        &["table", "--format", "jsonl", "--size", "1x2"],
        &["stats", "--format", "json"],
        &[
            "stats", "--format", "json", "--size", "2x2", "--rule", "x", "--wrap",
        ],
        &["stats", "--format", "json", "--size", "5x7"],
        &[
            "table", "--format", "jsonl", "--states", "3", "--size", "1x2", "--taps",
        ],
        &[
            "stats", "--format", "json", "--states", "3", "--size", "2x3",
        ],
        &[
            "stats", "--format", "json", "--states", "3", "--size", "6x6",
        ],
        &[
            "gen", "--format", "jsonl", "--states", "3", "--size", "2x2", "--seed", "1",
        ],
        &[
            "explain", "--format", "jsonl", "--states", "3", "--size", "2x2", "--board", "01/11",
            "--board", "00/01",
        ],
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
        (
            &["--states", "3", "--size", "3x3", "--board", "120/011/202"],
            "solve\n",
        ),
        (
            &["--states", "6", "--size", "2x2", "--board", "20/35"],
            "proof\n",
        ),
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
            !guide.contains(&format!("\"{key}\"")) && !guide.contains(&format!("`{key}`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "JSON fields the guide does not name: {missing:?}"
    );
    assert!(found.len() > 25, "{found:?}");
}
