//! What the integration tests share: the built binary, in a fresh temporary directory, and the
//! boards every test talks about.
#![allow(dead_code)] // each test file uses its own part of this module

pub mod pty;
pub mod snapshot;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

/// The example of the POJ 1753 statement that needs 4 taps.
pub const SAMPLE: &str = "bwwb\nbbwb\nbwwb\nbwww\n";
/// The same board in one-line form.
pub const SAMPLE_LINE: &str = "bwwb/bbwb/bwwb/bwww";
/// The statement's impossible board.
pub const IMPOSSIBLE: &str = "bwbw\nwwww\nbbwb\nbwwb\n";
/// The impossible board in one-line form.
pub const IMPOSSIBLE_LINE: &str = "bwbw/wwww/bbwb/bwwb";

/// The `flipgame` binary with a clean environment for colour and terminal width.
pub fn flipgame() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_flipgame"));
    command
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS");
    command
}

/// Whether an outside tool the tests can use is installed, asking it for its version with
/// `args`. A test that needs one says it skipped its check and passes without it, unless
/// FLIPGAME_REQUIRE_TOOLS=1 (set by CI) asks for every check, which then fails.
pub fn optional_tool(name: &str, args: &[&str], package: &str) -> bool {
    let found = std::process::Command::new(name)
        .args(args)
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        let required = std::env::var_os("FLIPGAME_REQUIRE_TOOLS").is_some_and(|v| v == "1");
        assert!(
            !required,
            "FLIPGAME_REQUIRE_TOOLS=1 but {package} is missing"
        );
        eprintln!("skipped: {package} is not installed, so this check did not run");
    }
    found
}

/// A child killed and reaped however the test ends, so a failed assertion cannot leave a
/// runaway process behind.
pub struct Reaped(pub std::process::Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A temporary directory that disappears with the test.
pub struct Scratch {
    dir: TempDir,
}

impl Scratch {
    /// A new empty directory.
    pub fn new() -> Scratch {
        Scratch {
            dir: tempfile::tempdir().expect("create a temporary directory"),
        }
    }

    /// Writes `contents` to `name` inside the directory and returns its path.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, contents).expect("write a test file");
        path
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `flipgame` running inside the directory.
    pub fn flipgame(&self) -> Command {
        let mut command = flipgame();
        command.current_dir(self.dir.path());
        command
    }
}

/// Many copies of the sample board: enough output to overflow any pipe buffer.
pub fn many_boards(count: usize) -> String {
    SAMPLE.repeat(count)
}

/// The cells a tap turns over under `plus`: the piece and its orthogonal neighbours.
pub const PLUS: &[(isize, isize)] = &[(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];

/// The cells a tap turns over under `sigma`: the orthogonal neighbours only.
pub const SIGMA: &[(isize, isize)] = &[(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Boards of `n` x `n` scrambled from all white by `taps` random taps each (a cell may be
/// drawn twice), a tap turning over the cells at `turned`'s offsets from it, one row a line:
/// written here from the rule's definition, not with flipgame's code.
pub fn scrambles(
    turned: &[(isize, isize)],
    n: usize,
    taps: usize,
    boards: usize,
    seed: u64,
) -> String {
    let mut state = seed;
    let mut next = move |below: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % below
    };
    let mut text = String::new();
    for _ in 0..boards {
        let mut board = vec![vec![false; n]; n];
        for _ in 0..taps {
            tap(&mut board, turned, next(n), next(n));
        }
        for row in board {
            text.extend(row.iter().map(|&black| if black { 'b' } else { 'w' }));
            text.push('\n');
        }
    }
    text
}

/// Taps `board` (rows of cells, true for black) at `row`, `col` (from 0): turns over the cells
/// at `turned`'s offsets from it that are on the board.
pub fn tap(board: &mut [Vec<bool>], turned: &[(isize, isize)], row: usize, col: usize) {
    let rows = board.len() as isize;
    for &(dr, dc) in turned {
        let (r, c) = (row as isize + dr, col as isize + dc);
        if (0..rows).contains(&r) && (0..board[r as usize].len() as isize).contains(&c) {
            board[r as usize][c as usize] ^= true;
        }
    }
}
