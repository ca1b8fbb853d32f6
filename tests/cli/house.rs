//! The shape of the source itself: no module of `src/` imports one that imports it back, no
//! top-level module (a folder and all its files) does either, and no message lost a line
//! continuation (a run of spaces inside a sentence). Both read the source
//! as text, the way a reader meets it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::flipgame;

/// Every `.rs` file under `dir`, test files aside.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            found.push(path);
        }
    }
}

/// `src/solve/mod.rs` is `solve`, `src/lib.rs` and `src/main.rs` the crate root `""`.
fn module_of(path: &Path, src: &Path) -> String {
    let relative = path.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// The text before the file's inline `#[cfg(test)] mod tests { ... }`: what the program itself
/// imports (a `mod tests;` declared in another file cuts nothing).
fn without_tests(text: &str) -> &str {
    text.match_indices("#[cfg(test)]\nmod ")
        .find(|&(at, marker)| {
            let rest = &text[at + marker.len()..];
            let name = rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next();
            name.is_some_and(|name| rest[name.len()..].starts_with(" {"))
        })
        .map_or(text, |(at, _)| &text[..at])
}

/// The module a path names from `current`, as the longest known module it starts with.
fn resolve(current: &str, path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let mut segments: Vec<&str> = path.split("::").collect();
    let mut base: Vec<&str> = match segments.first() {
        Some(&"crate" | &"flipgame") => {
            segments.remove(0);
            Vec::new()
        }
        Some(&"super") => {
            let mut base: Vec<&str> = current.split("::").filter(|s| !s.is_empty()).collect();
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop();
            }
            base
        }
        _ => return None,
    };
    base.extend(segments);
    (1..=base.len())
        .rev()
        .map(|length| base[..length].join("::"))
        .find(|candidate| modules.contains(candidate))
}

/// The paths a `use` names, one level of braces opened: `a::{b, c::d}` is `a::b` and `a::c::d`.
fn used_paths(body: &str) -> Vec<String> {
    let body: String = body.split_whitespace().collect();
    match body.split_once("::{") {
        Some((prefix, rest)) => rest
            .trim_end_matches('}')
            .split(',')
            .filter(|item| !item.is_empty())
            .map(|item| format!("{prefix}::{}", item.split(['{', ' ']).next().unwrap()))
            .collect(),
        None => vec![body],
    }
}

/// Each module's imports of other modules (a parent declaring its children aside).
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let texts: BTreeMap<String, String> = files
        .iter()
        .map(|path| (module_of(path, &src), fs::read_to_string(path).unwrap()))
        .collect();
    let modules: BTreeSet<String> = texts.keys().cloned().collect();
    let mut graph = BTreeMap::new();
    for (module, text) in &texts {
        let text = without_tests(text);
        let mut paths: Vec<String> = text
            .split("use ")
            .skip(1)
            .filter_map(|rest| rest.split_once(';').map(|(body, _)| body))
            .flat_map(used_paths)
            .collect();
        for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            if word.starts_with("crate::") || word.starts_with("flipgame::") {
                paths.push(word.trim_end_matches(':').to_string());
            }
        }
        let targets = paths
            .iter()
            .filter_map(|path| resolve(module, path, &modules))
            .filter(|target| target != module && !target.starts_with(&format!("{module}::")))
            .filter(|target| !module.is_empty() || !target.is_empty())
            .collect();
        graph.insert(module.clone(), targets);
    }
    graph
}

/// A circle through `start`, if its imports lead back to it.
fn circle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((module, path)) = stack.pop() {
        for next in graph.get(&module).into_iter().flatten() {
            if next == start {
                return Some(path.clone());
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = import_graph();
    assert!(graph.contains_key("solve::quiet") && graph.contains_key("notation"));
    assert!(
        graph["solve::engines::chase"].contains("solve::quiet"),
        "{graph:?}"
    );
    // solve/mod.rs declares its tests in a file of their own: its imports are still read.
    assert!(graph["solve"].contains("puzzle"), "{graph:?}");
    let circles: Vec<String> = graph
        .keys()
        .filter_map(|module| circle_through(&graph, module))
        .map(|circle| circle.join(" -> "))
        .collect();
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

/// The graph with every module folded into its top-level module (`solve::chase` into `solve`):
/// a circle there is a knot of folders, an idea on the wrong floor, even where no two files
/// import each other.
fn folded_into_top_level(
    graph: &BTreeMap<String, BTreeSet<String>>,
) -> BTreeMap<String, BTreeSet<String>> {
    let top = |module: &str| module.split("::").next().unwrap_or_default().to_string();
    let mut folded: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, targets) in graph {
        let entry = folded.entry(top(module)).or_default();
        entry.extend(targets.iter().map(|t| top(t)).filter(|t| *t != top(module)));
    }
    folded
}

#[test]
fn no_top_level_module_imports_one_that_imports_it_back() {
    let folded = folded_into_top_level(&import_graph());
    assert!(folded.contains_key("solve") && folded.contains_key("commands"));
    assert!(folded["commands"].contains("solve"), "{folded:?}");
    let knots: Vec<String> = folded
        .keys()
        .filter_map(|module| circle_through(&folded, module))
        .map(|knot| knot.join(" -> "))
        .collect();
    assert!(knots.is_empty(), "knots of top-level modules: {knots:#?}");
}

#[test]
fn folding_finds_a_knot_no_two_files_make() {
    let mut graph = BTreeMap::new();
    graph.insert("a::x".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["a::y".to_string()]));
    graph.insert("a::y".to_string(), BTreeSet::new());
    assert_eq!(circle_through(&graph, "a::x"), None);
    let folded = folded_into_top_level(&graph);
    assert_eq!(circle_through(&folded, "a").unwrap(), ["a", "b"]);
}

#[test]
fn the_circle_check_finds_a_circle() {
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(circle_through(&graph, "a").unwrap(), ["a", "b", "c"]);
    graph.insert("c".to_string(), BTreeSet::new());
    assert_eq!(circle_through(&graph, "a"), None);
}

/// The plain string literals of `text` (comments and raw strings aside), with each line
/// continuation (a backslash ending the line) taken out, as the compiler does.
fn string_literals(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let (mut literals, mut i) = (Vec::new(), 0);
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '\'' => {
                // A character literal ('"', '\\') or a lifetime: skip what cannot open a string.
                let close = chars[i + 1..].iter().take(4).position(|&c| c == '\'');
                i += close.map_or(1, |at| at + 2);
            }
            'r' if chars.get(i + 1).is_some_and(|&c| c == '"' || c == '#')
                && (i == 0 || !chars[i - 1].is_alphanumeric()) =>
            {
                let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                let mut j = i + 2 + hashes;
                while j < chars.len()
                    && !(chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|&c| c == '#'))
                {
                    j += 1;
                }
                i = j + 1 + hashes;
            }
            '"' => {
                let (mut j, mut literal) = (i + 1, String::new());
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' && chars.get(j + 1) == Some(&'\n') {
                        j += 2;
                        while j < chars.len() && chars[j].is_whitespace() {
                            j += 1;
                        }
                        continue;
                    }
                    if chars[j] == '\\' {
                        literal.push(chars[j]);
                        j += 1;
                    }
                    literal.push(chars[j]);
                    j += 1;
                }
                literals.push(literal);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    literals
}

/// True when a sentence in `text` holds a run of spaces a lost line continuation leaves: an
/// unescaped newline and an indent, or eight spaces between words.
fn has_broken_sentence(text: &str) -> bool {
    let long_gap = text.split('\n').any(|line| {
        let words = line.trim_start();
        words.match_indices("        ").any(|(at, _)| {
            let after = words[at..].trim_start_matches(' ');
            at > 0 && after.starts_with(|c: char| c.is_lowercase())
        })
    });
    long_gap
        || text.split('\n').skip(1).any(|line| {
            line.starts_with("    ")
                && line
                    .trim_start()
                    .starts_with(|c: char| c.is_alphabetic() || c == '(' || c == '\'')
        })
}

#[test]
fn no_message_has_a_run_of_spaces_inside_a_sentence() {
    assert!(has_broken_sentence(
        "a rule,                      which writes"
    ));
    assert!(has_broken_sentence("(flipgame\n             lists at most"));
    assert!(!has_broken_sentence("Fewest taps      Boards    Share"));
    assert_eq!(
        string_literals("f(\"one \\\n     two\", '\"', r#\"x  \"#) // \"no\""),
        ["one two"]
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut broken = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).unwrap();
        for literal in string_literals(without_tests(&text)) {
            if has_broken_sentence(&literal) {
                broken.push(format!("{}: {literal:?}", path.display()));
            }
        }
    }
    assert!(broken.is_empty(), "{broken:#?}");
    // The help of every subcommand, as clap lays it out.
    for command in [
        "solve",
        "explain",
        "table",
        "stats",
        "gen",
        "graph",
        "check",
        "play",
        "completions",
    ] {
        let output = flipgame().args([command, "--help"]).output().unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        for line in help.lines() {
            let words = line.trim_start();
            let inside = words
                .split_once("  ")
                .map_or(words, |(_, rest)| rest.trim_start());
            assert!(!inside.contains("  "), "{command} --help: {line:?}");
        }
    }
}
