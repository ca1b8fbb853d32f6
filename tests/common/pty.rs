//! A pseudo-terminal for tests, opened with `openpty(3)` from the C library, so that no system
//! tool (such as `script` from util-linux, which macOS lacks in this form) is needed to give
//! flipgame a real terminal.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What a program run on a terminal printed (with the terminal's echo of the input, and `\r\n`
/// turned back into `\n`), and how it ended.
pub struct Screen {
    /// How the program ended.
    pub status: ExitStatus,
    /// Everything that reached the terminal.
    pub text: String,
}

/// Runs `program` with `args` and `env` (`None` removes a variable) with standard input,
/// output and error all on a new terminal, types `input`, and reads the screen until the program
/// ends. A program still running after 30 seconds is killed and the test fails.
pub fn run_on_terminal(
    program: &str,
    args: &[&str],
    env: &[(&str, Option<&str>)],
    input: &[u8],
) -> Screen {
    let (mut master, slave) = open_pty();
    let mut child = {
        let mut command = Command::new(program);
        command.args(args);
        for (name, value) in env {
            match value {
                Some(value) => command.env(name, value),
                None => command.env_remove(name),
            };
        }
        command
            .stdin(Stdio::from(slave.try_clone().expect("dup the terminal")))
            .stdout(Stdio::from(slave.try_clone().expect("dup the terminal")))
            .stderr(Stdio::from(slave));
        // The command is dropped here, closing our copies of the terminal's program side, so
        // reading the screen ends when the program exits.
        command.spawn().expect("start the program on a terminal")
    };
    let mut reader = master.try_clone().expect("dup the terminal");
    let screen = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let mut buffer = [0u8; 4096];
        // Linux reports EIO once the last program-side descriptor closes: that is the end.
        while let Ok(read @ 1..) = reader.read(&mut buffer) {
            bytes.extend_from_slice(&buffer[..read]);
        }
        bytes
    });
    master.write_all(input).expect("type on the terminal");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the program") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the program did not end on its terminal within 30 seconds");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    drop(master);
    let bytes = screen.join().expect("read the screen");
    Screen {
        status,
        text: String::from_utf8_lossy(&bytes).replace("\r\n", "\n"),
    }
}

fn open_pty() -> (File, OwnedFd) {
    let (mut master, mut slave): (libc::c_int, libc::c_int) = (-1, -1);
    // SAFETY: openpty writes two new descriptors into the integers given; the name, settings and
    // window size may be null.
    let result = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(result, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened by openpty and are owned by nobody else.
    unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}
