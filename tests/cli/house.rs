//! The shape of the source itself, in each package's `src/` (the library's `lib/src/`, the
//! command line's `src/`, the Python module's `python/src/`, the page's module's `web/src/`): no
//! module imports one that imports it back, no top-level module (a folder and all its files) does
//! either, nor a folder one floor down inside `commands/`, and no message lost a line
//! continuation (a run of spaces inside a sentence). Both read the source as text, the way a reader meets it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::flipgame;

/// Every `.rs` file under `dir`, test files aside.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read a src/ folder") {
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

/// The module a path names from `current`, as the longest known module it starts with: `crate::`
/// paths, and `flipgame::` ones where the crate is the library.
fn resolve(
    current: &str,
    path: &str,
    modules: &BTreeSet<String>,
    package: Package,
) -> Option<String> {
    let mut segments: Vec<&str> = path.split("::").collect();
    let mut base: Vec<&str> = match segments.first() {
        Some(&"crate") => {
            segments.remove(0);
            Vec::new()
        }
        Some(&"flipgame") if package == Package::Library => {
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

/// The workspace's packages, by the folder that holds their `src/`.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Package {
    Library,
    CommandLine,
    Python,
    Web,
}

const PACKAGES: [Package; 4] = [
    Package::Library,
    Package::CommandLine,
    Package::Python,
    Package::Web,
];

impl Package {
    fn src(self) -> PathBuf {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        match self {
            Package::Library => root.join("lib/src"),
            Package::CommandLine => root.join("src"),
            Package::Python => root.join("python/src"),
            Package::Web => root.join("web/src"),
        }
    }
}

/// Each module of `package` and its imports of other modules (a parent declaring its children
/// aside).
fn import_graph(package: Package) -> BTreeMap<String, BTreeSet<String>> {
    let src = package.src();
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
            .filter_map(|path| resolve(module, path, &modules, package))
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

/// Every circle of `graph`, each written `a -> b -> c`.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    graph
        .keys()
        .filter_map(|module| circle_through(graph, module))
        .map(|circle| circle.join(" -> "))
        .collect()
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let library = import_graph(Package::Library);
    assert!(library.contains_key("solve::quiet") && library.contains_key("notation"));
    assert!(
        library["solve::engines::chase"].contains("solve::quiet"),
        "{library:?}"
    );
    // solve/mod.rs declares its tests in a file of their own: its imports are still read.
    assert!(library["solve"].contains("puzzle"), "{library:?}");
    let command_line = import_graph(Package::CommandLine);
    assert!(command_line["commands::solve"].contains("commands::args"));
    // The library's paths are not the command line's modules.
    assert!(!command_line.contains_key("solve"), "{command_line:?}");
    let python = import_graph(Package::Python);
    assert!(python.contains_key("puzzle") && python.contains_key("answer"));
    for package in PACKAGES {
        let found = circles(&import_graph(package));
        assert!(
            found.is_empty(),
            "import circles in {package:?}: {found:#?}"
        );
    }
}

/// The graph with every module folded into its folder on the floor `floor` gives it (`solve::
/// chase` into `solve`): a circle there is a knot of folders, an idea on the wrong floor, even
/// where no two files import each other. Modules on other floors, and imports between a folder
/// and what it holds, are left out.
fn folded(
    graph: &BTreeMap<String, BTreeSet<String>>,
    floor: impl Fn(&str) -> Option<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut folded: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, targets) in graph {
        let Some(from) = floor(module) else { continue };
        let entry = folded.entry(from.clone()).or_default();
        entry.extend(
            targets
                .iter()
                .filter_map(|target| floor(target))
                .filter(|to| *to != from),
        );
    }
    folded
}

/// `solve::chase` is on the top floor in `solve`.
fn top_level(module: &str) -> Option<String> {
    module.split("::").next().map(str::to_string)
}

/// `commands::solve::shard` is one floor down in `commands::solve`; what is not inside
/// `commands/` has no floor there.
fn inside_commands(module: &str) -> Option<String> {
    let mut parts = module.split("::");
    (parts.next() == Some("commands"))
        .then(|| parts.next().map(|part| format!("commands::{part}")))
        .flatten()
}

#[test]
fn no_top_level_module_imports_one_that_imports_it_back() {
    let command_line = folded(&import_graph(Package::CommandLine), top_level);
    assert!(command_line.contains_key("commands") && command_line.contains_key("output"));
    assert!(
        command_line["commands"].contains("output"),
        "{command_line:?}"
    );
    for package in PACKAGES {
        let knots = circles(&folded(&import_graph(package), top_level));
        assert!(
            knots.is_empty(),
            "knots of top-level modules in {package:?}: {knots:#?}"
        );
    }
}

#[test]
fn no_folder_inside_commands_imports_one_that_imports_it_back() {
    let commands = folded(&import_graph(Package::CommandLine), inside_commands);
    assert!(
        commands["commands::solve"].contains("commands::args"),
        "{commands:?}"
    );
    assert!(!commands.contains_key("commands"), "{commands:?}");
    let knots = circles(&commands);
    assert!(
        knots.is_empty(),
        "knots of folders inside commands/: {knots:#?}"
    );
}

#[test]
fn folding_finds_a_knot_no_two_files_make() {
    let mut graph = BTreeMap::new();
    graph.insert("a::x".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["a::y".to_string()]));
    graph.insert("a::y".to_string(), BTreeSet::new());
    assert_eq!(circle_through(&graph, "a::x"), None);
    let top = folded(&graph, top_level);
    assert_eq!(circle_through(&top, "a").unwrap(), ["a", "b"]);
    // One floor down inside commands/: its folders' knot, and nothing of the floor above.
    let mut graph = BTreeMap::new();
    graph.insert(
        "commands::kind::two".to_string(),
        BTreeSet::from(["commands::solve".to_string(), "commands".to_string()]),
    );
    graph.insert(
        "commands::solve".to_string(),
        BTreeSet::from(["commands::kind".to_string()]),
    );
    graph.insert("commands::kind".to_string(), BTreeSet::new());
    graph.insert(
        "commands".to_string(),
        BTreeSet::from(["commands::kind".to_string()]),
    );
    let inside = folded(&graph, inside_commands);
    assert_eq!(
        circle_through(&inside, "commands::kind").unwrap(),
        ["commands::kind", "commands::solve"]
    );
    assert!(!inside.contains_key("commands"));
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
    let mut files = Vec::new();
    for package in PACKAGES {
        sources(&package.src(), &mut files);
    }
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

/// True when `text` names a command-line flag: `--` and a letter (but a CSS custom property,
/// `--rows:`, which a page's markup sets).
fn names_a_flag(text: &str) -> bool {
    text.match_indices("--").any(|(at, _)| {
        let rest = &text[at + 2..];
        let name = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '-');
        rest.starts_with(|c: char| c.is_ascii_lowercase()) && !name.starts_with(':')
    })
}

/// The library serves every front end: a setting its messages advise is named by the front
/// end's table (`flipgame::settings`), never as the command line's flag.
#[test]
fn no_library_string_names_a_flag() {
    assert!(names_a_flag("(for rows of 0/1, give --cells 01)"));
    assert!(!names_a_flag("a --- separator, or -- alone"));
    assert!(!names_a_flag("style=\"--rows:4;--cols:4\""));
    assert!(names_a_flag("--map one map a board"));
    let mut files = Vec::new();
    sources(&Package::Library.src(), &mut files);
    let flags: Vec<String> = files
        .iter()
        .flat_map(|path| {
            let text = fs::read_to_string(path).unwrap();
            string_literals(without_tests(&text))
                .into_iter()
                .filter(|literal| names_a_flag(literal))
                .map(|literal| format!("{}: {literal:?}", path.display()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(flags.is_empty(), "{flags:#?}");
}
