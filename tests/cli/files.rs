//! `--output` and `--output-dir` write as `cp` and `sort -o` do: a regular file whole, with its
//! old mode or the umask's; through a symbolic link to its target; a device or FIFO in place,
//! never replaced. Every special file is made by the test in its own temporary directory.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::process::Command as StdCommand;

use crate::common::{Scratch, flipgame};

/// What `flipgame table` prints: the bytes every file below should receive.
fn table() -> Vec<u8> {
    let output = flipgame().arg("table").output().unwrap();
    assert!(output.status.success());
    output.stdout
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn c_path(path: &Path) -> CString {
    CString::new(path.as_os_str().as_bytes()).unwrap()
}

#[test]
fn a_new_file_gets_the_umasks_mode_and_a_replaced_one_keeps_its_own() {
    let scratch = Scratch::new();
    let new = scratch.path().join("new.txt");
    // The umask of flipgame's own process, set by a shell for it alone.
    let status = StdCommand::new("sh")
        .args(["-c", "umask 027 && exec \"$0\" table --output \"$1\""])
        .arg(env!("CARGO_BIN_EXE_flipgame"))
        .arg(&new)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(mode(&new), 0o640);
    assert_eq!(std::fs::read(&new).unwrap(), table());

    let old = scratch.file("old.txt", "yesterday's table\n");
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o604)).unwrap();
    flipgame()
        .arg("table")
        .arg("--output")
        .arg(&old)
        .assert()
        .success();
    assert_eq!(mode(&old), 0o604);
    assert_eq!(std::fs::read(&old).unwrap(), table());

    // A longer file is replaced whole, by a new file renamed over it, never written in place.
    let long = scratch.file("long.txt", vec![b'x'; table().len() * 3]);
    let before = std::fs::metadata(&long).unwrap().ino();
    flipgame()
        .arg("table")
        .arg("--output")
        .arg(&long)
        .assert()
        .success();
    assert_eq!(std::fs::read(&long).unwrap(), table());
    assert_ne!(std::fs::metadata(&long).unwrap().ino(), before);
}

#[test]
fn a_symbolic_link_is_written_through_to_its_target() {
    let scratch = Scratch::new();
    let target = scratch.file("target.txt", "old\n");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = scratch.path().join("link");
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    flipgame()
        .arg("table")
        .arg("--output")
        .arg(&link)
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read(&target).unwrap(), table());
    assert_eq!(mode(&target), 0o640);
    // A link to a file not there yet makes the file where the link points.
    let dangling = scratch.path().join("dangling");
    std::os::unix::fs::symlink("later.txt", &dangling).unwrap();
    flipgame()
        .arg("table")
        .arg("--output")
        .arg(&dangling)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(scratch.path().join("later.txt")).unwrap(),
        table()
    );
    assert!(
        std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    let scratch = Scratch::new();
    let fifo = scratch.path().join("fifo");
    // SAFETY: mkfifo reads a NUL-terminated path and creates the FIFO; nothing else is touched.
    let made = unsafe { libc::mkfifo(c_path(&fifo).as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo: {}", std::io::Error::last_os_error());
    let reader = {
        let fifo = fifo.clone();
        // Opening a FIFO to read waits for its writer; reading ends when the writer closes.
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let written = flipgame()
        .arg("table")
        .arg("--output")
        .arg(&fifo)
        .output()
        .unwrap();
    // A writer that never opened the FIFO would leave the reader waiting for ever: open it
    // once more ourselves, so that the reader sees the end whatever flipgame did.
    let _ = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&fifo);
    assert!(written.status.success(), "{written:?}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), table());
}

#[test]
fn a_device_is_written_in_place_never_replaced() {
    let scratch = Scratch::new();
    let make = |name: &str, minor: u32| {
        let path = scratch.path().join(name);
        // SAFETY: mknod reads a NUL-terminated path and makes a device node there.
        let made = unsafe {
            libc::mknod(
                c_path(&path).as_ptr(),
                libc::S_IFCHR | 0o666,
                libc::makedev(1, minor),
            )
        };
        (made == 0).then_some(path)
    };
    // The machine's /dev/null (1, 3) and /dev/full (1, 7), as nodes of the test's own.
    let (Some(null), Some(full)) = (make("null", 3), make("full", 7)) else {
        // Making device nodes needs CAP_MKNOD; without it this check cannot be made here.
        eprintln!(
            "skipped: mknod is not permitted: {}",
            std::io::Error::last_os_error()
        );
        return;
    };
    flipgame()
        .arg("table")
        .arg("--output")
        .arg(&null)
        .assert()
        .success();
    assert!(
        std::fs::metadata(&null)
            .unwrap()
            .file_type()
            .is_char_device()
    );
    // A device that refuses the data is a loud error, and stays the device it was.
    flipgame()
        .arg("table")
        .arg("--output")
        .arg(&full)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("No space left on device"));
    assert!(
        std::fs::metadata(&full)
            .unwrap()
            .file_type()
            .is_char_device()
    );
}
