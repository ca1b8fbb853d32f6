//! The README's examples are true: every `console` block is run and its output compared.
//!
//! A block holds commands (`$ ...`) each followed by what it prints. Lines starting `error:` are
//! expected on stderr and the rest on stdout, each stream in order, so the check does not depend
//! on how a terminal would interleave the two.

mod common;

use std::path::Path;
use std::process::Command;

use common::{IMPOSSIBLE, SAMPLE, Scratch};

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

#[test]
fn every_console_example_in_the_readme_prints_what_it_shows() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("read README.md");
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
    for example in examples {
        let output = Command::new("sh")
            .args(["-c", &example.command])
            .current_dir(scratch.path())
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env("COLUMNS", "80")
            .output()
            .expect("run sh");
        let (errors, answers): (Vec<String>, Vec<String>) = example
            .expected
            .iter()
            .cloned()
            .partition(|line| line.starts_with("error:"));
        let stdout: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(String::from)
            .collect();
        let stderr: Vec<String> = String::from_utf8_lossy(&output.stderr)
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(stdout, answers, "stdout of `{}`", example.command);
        assert_eq!(stderr, errors, "stderr of `{}`", example.command);
    }
}
