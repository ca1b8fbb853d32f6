//! Checked-in files that the code generates (completions, man pages, pictures, snapshots of
//! output) compared with what it generates now. Shared by the integration tests and the
//! binary's unit tests (included there by path), so both read and rewrite files the same way.

use std::path::Path;

/// Compares `generated` with the checked-in file, or rewrites the file when
/// FLIPGAME_UPDATE_GENERATED=1 asks for it.
pub fn check_generated(path: &Path, generated: &str) -> Result<(), String> {
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
        "{} is stale; if the change is meant, run FLIPGAME_UPDATE_GENERATED=1 cargo test\n{diff}",
        path.display()
    ))
}

/// Compares `text` with the snapshot `NAME.txt` in `folder`, so a change to what the code prints
/// is seen in review.
pub fn snapshot(folder: &Path, name: &str, text: &str) {
    if let Err(failure) = check_generated(&folder.join(format!("{name}.txt")), text) {
        panic!("{failure}");
    }
}
