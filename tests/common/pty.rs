//! A pseudo-terminal for tests, opened with `openpty(3)` from the C library, so that no system
//! tool (such as `script` from util-linux, which macOS lacks in this form) is needed to give
//! flipgame a real terminal.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
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
/// ends. A program still running after [`PATIENCE`] is killed and the test fails.
/// How long a program on a test's terminal may take before the test calls it hung: far past
/// what any of them takes, since a CI machine running the slow tests two at a time is slower
/// by as much again (the 5x5 table took 14 s of work and 29 s of a loaded machine's time).
const PATIENCE: Duration = Duration::from_secs(120);

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
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("the program did not end on its terminal within {PATIENCE:?}");
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

/// A program running on a terminal of its own, typed at and read as it goes: for programs that
/// answer keys, such as `play`'s full screen.
pub struct Terminal {
    child: Child,
    master: Option<File>,
    stop: Arc<std::sync::atomic::AtomicBool>,
    screen: Arc<Mutex<Vec<u8>>>,
    reader: Option<std::thread::JoinHandle<()>>,
    /// How much of the screen the last `wait_for` consumed.
    seen: usize,
}

impl Terminal {
    /// Starts `program` with `args` on a terminal of `cols` x `rows`, with `TERM=xterm` and no
    /// colour settings from the environment.
    pub fn spawn(program: &str, args: &[&str], (cols, rows): (u16, u16)) -> Terminal {
        let size = libc::winsize {
            ws_row: rows,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let (master, slave) = open_pty_of_size(Some(&size));
        let child = Command::new(program)
            .args(args)
            .env("TERM", "xterm")
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("COLUMNS")
            .stdin(Stdio::from(slave.try_clone().expect("dup the terminal")))
            .stdout(Stdio::from(slave.try_clone().expect("dup the terminal")))
            .stderr(Stdio::from(slave))
            .spawn()
            .expect("start the program on a terminal");
        let screen = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().expect("dup the terminal");
        let filling = Arc::clone(&screen);
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let reader = std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            // Polled with a timeout, so that a hang-up can close this copy of the terminal too.
            while !stopping.load(std::sync::atomic::Ordering::SeqCst) {
                let mut wanted = libc::pollfd {
                    fd: reader.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                };
                // SAFETY: poll reads and writes the one pollfd given, which outlives the call.
                if unsafe { libc::poll(&mut wanted, 1, 50) } <= 0 {
                    continue;
                }
                match reader.read(&mut buffer) {
                    Ok(read @ 1..) => filling.lock().unwrap().extend_from_slice(&buffer[..read]),
                    _ => break,
                }
            }
        });
        Terminal {
            child,
            master: Some(master),
            stop,
            screen,
            reader: Some(reader),
            seen: 0,
        }
    }

    /// Closes the terminal under the program, as closing its window does, without a signal.
    pub fn hang_up(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(reader) = self.reader.take() {
            reader.join().expect("read the screen");
        }
        self.master = None;
    }

    fn master(&self) -> &File {
        self.master.as_ref().expect("the terminal is still open")
    }

    /// Waits until `text` appears in what the program wrote since the last wait, and moves
    /// past it. Fails the test after [`PATIENCE`], showing what was written.
    pub fn wait_for(&mut self, text: &str) {
        let started = Instant::now();
        loop {
            {
                let screen = self.screen.lock().unwrap();
                let fresh = String::from_utf8_lossy(&screen[self.seen..]).to_string();
                if let Some(at) = fresh.find(text) {
                    self.seen += fresh[..at + text.len()].len();
                    return;
                }
                if started.elapsed() > PATIENCE {
                    drop(screen);
                    let _ = self.child.kill();
                    panic!(
                        "'{text}' did not appear within {PATIENCE:?}; the screen had: {fresh:?}"
                    );
                }
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Types `keys` on the terminal.
    pub fn type_keys(&mut self, keys: &[u8]) {
        let mut master = self.master();
        master.write_all(keys).expect("type on the terminal");
        master.flush().expect("type on the terminal");
    }

    /// Makes the terminal `cols` x `rows` and tells the program, as a terminal emulator does.
    pub fn resize(&self, (cols, rows): (u16, u16)) {
        let size = libc::winsize {
            ws_row: rows,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: TIOCSWINSZ reads one winsize from the pointer, which outlives the call.
        let set = unsafe { libc::ioctl(self.master().as_raw_fd(), libc::TIOCSWINSZ, &size) };
        assert_eq!(set, 0, "TIOCSWINSZ: {}", std::io::Error::last_os_error());
        // The program has no controlling terminal here, so the kernel would not tell it.
        self.signal(libc::SIGWINCH);
    }

    /// True when the terminal is in cooked mode (lines edited and echoed), as a shell leaves it;
    /// false in the raw mode of a full-screen program.
    pub fn is_cooked(&self) -> bool {
        // SAFETY: termios is plain data that tcgetattr fills in; on a pseudo-terminal's master
        // side it reads the settings of the program's side.
        let mut settings: libc::termios = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::tcgetattr(self.master().as_raw_fd(), &mut settings) };
        assert_eq!(got, 0, "tcgetattr: {}", std::io::Error::last_os_error());
        settings.c_lflag & libc::ICANON != 0 && settings.c_lflag & libc::ECHO != 0
    }

    /// Sends `signal` to the program.
    pub fn signal(&self, signal: libc::c_int) {
        // SAFETY: kill only sends a signal to the child this terminal started.
        let sent = unsafe { libc::kill(self.child.id() as libc::pid_t, signal) };
        assert_eq!(sent, 0, "kill: {}", std::io::Error::last_os_error());
    }

    /// Waits (at most [`PATIENCE`]) for the program to end; returns how it ended and everything
    /// it wrote.
    pub fn finish(&mut self) -> Screen {
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for the program") {
                break status;
            }
            if started.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the program did not end on its terminal within {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        if let Some(reader) = self.reader.take() {
            reader.join().expect("read the screen");
        }
        let bytes = self.screen.lock().unwrap().clone();
        Screen {
            status,
            text: String::from_utf8_lossy(&bytes).to_string(),
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        // A failed test must not leave its program running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A new pseudo-terminal: (the side that types and reads the screen, the program's side).
pub fn open_pty() -> (File, OwnedFd) {
    open_pty_of_size(None)
}

fn open_pty_of_size(size: Option<&libc::winsize>) -> (File, OwnedFd) {
    let (mut master, mut slave): (libc::c_int, libc::c_int) = (-1, -1);
    // SAFETY: openpty writes two new descriptors into the integers given; the name, settings and
    // window size may be null.
    let result = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            size.map_or(std::ptr::null(), |size| size as *const libc::winsize),
        )
    };
    assert_eq!(result, 0, "openpty: {}", std::io::Error::last_os_error());
    // Programs started on the terminal (and by other tests meanwhile) must not inherit these
    // descriptors: a copy of the master side kept open by a child would keep the terminal from
    // ever hanging up.
    for fd in [master, slave] {
        // SAFETY: fcntl only changes the flags of a descriptor openpty just gave us.
        let set = unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        assert_eq!(set, 0, "fcntl: {}", std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened by openpty and are owned by nobody else.
    unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}
