//! Output files, written as `cp`, `sort -o` and editors write them: a regular file whole or not
//! at all (the data goes to a temporary file in the same directory, renamed over the
//! destination only once everything is written and synced; an interrupt, Ctrl-C or SIGTERM,
//! removes the temporary file before the process exits), with the mode it had, or for a new
//! file the mode the umask gives; a symbolic link is written through, to its target; a special
//! file (a device such as `/dev/null`, a FIFO) is written in place, never replaced.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once, PoisonError};

use tempfile::NamedTempFile;

/// Exit status after an interrupt, as shells report a death by SIGINT.
const INTERRUPTED: i32 = 130;

/// Temporary files to remove if the process is interrupted.
static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The temporary files to remove; a panic elsewhere does not stop their cleanup.
fn unfinished() -> MutexGuard<'static, Vec<PathBuf>> {
    UNFINISHED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Installs the interrupt handler, once, before the first temporary file exists: an interrupt
/// that came between the file and the handler would leave the file behind.
fn install_handler() {
    static HANDLER: Once = Once::new();
    HANDLER.call_once(|| {
        // Without a handler an interrupt would only lose the cleanup, so a failure to install
        // one is not worth stopping for.
        let _ = ctrlc::set_handler(|| {
            for path in unfinished().iter() {
                let _ = std::fs::remove_file(path);
            }
            std::process::exit(INTERRUPTED);
        });
    });
}

fn unwatch(path: &Path) {
    unfinished().retain(|watched| watched != path);
}

/// A file being written. A regular file appears at its path only when [`AtomicFile::commit`]
/// succeeds; dropped without a commit, or interrupted, it leaves nothing behind. A special file
/// is written as the data comes.
pub struct AtomicFile {
    temporary: Option<NamedTempFile>,
    /// A special file, opened in place.
    special: Option<File>,
    destination: PathBuf,
}

/// Symbolic links followed before giving up, as the kernel does (`ELOOP`).
const MOST_LINKS: u32 = 40;

/// The file `path` names once symbolic links are followed (the last link's target, even when it
/// does not exist yet).
fn through_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MOST_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                // A relative target is relative to the link's directory; `join` keeps an
                // absolute one as it is.
                path = match path.parent() {
                    Some(parent) => parent.join(target),
                    None => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

impl AtomicFile {
    /// Starts writing `destination`: beside it in a temporary file, or in place for a special
    /// file.
    pub fn create(destination: &Path) -> io::Result<AtomicFile> {
        let destination = through_links(destination)?;
        let existing = std::fs::metadata(&destination).ok();
        if existing
            .as_ref()
            .is_some_and(|meta| !meta.is_file() && !meta.is_dir())
        {
            let special = File::options().write(true).open(&destination)?;
            return Ok(AtomicFile {
                temporary: None,
                special: Some(special),
                destination,
            });
        }
        let directory = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        install_handler();
        // Created and listed under one lock: an interrupt in between waits for the listing
        // and then removes the file.
        let mut unfinished = unfinished();
        let mut builder = tempfile::Builder::new();
        builder.prefix(".flipgame-").suffix(".tmp");
        #[cfg(unix)]
        builder.permissions(new_file_permissions());
        let temporary = builder
            .tempfile_in(directory)
            // The temporary file's name means nothing to the user: say which directory failed.
            .map_err(|error| {
                // tempfile ends its message with the temporary path: keep only the cause.
                let message = error.to_string();
                let cause = message.split(" at path ").next().unwrap_or_default();
                let place = directory.display();
                io::Error::new(error.kind(), format!("cannot write in {place}: {cause}"))
            })?;
        unfinished.push(temporary.path().to_path_buf());
        drop(unfinished);
        if let Some(meta) = existing {
            // The file replaced keeps its mode (set exactly: the umask applies only to new files).
            temporary.as_file().set_permissions(meta.permissions())?;
        }
        Ok(AtomicFile {
            temporary: Some(temporary),
            special: None,
            destination,
        })
    }

    fn file(&mut self) -> io::Result<&mut File> {
        if let Some(special) = self.special.as_mut() {
            return Ok(special);
        }
        self.temporary
            .as_mut()
            .map(NamedTempFile::as_file_mut)
            .ok_or_else(|| io::Error::other("file already committed"))
    }

    /// Syncs the data and renames the file into place.
    pub fn commit(mut self) -> io::Result<()> {
        if let Some(special) = self.special.take() {
            return special.sync_data().or_else(ignore_unsyncable);
        }
        let Some(temporary) = self.temporary.take() else {
            return Ok(());
        };
        let path = temporary.path().to_path_buf();
        let result = temporary.as_file().sync_all().and_then(|()| {
            temporary
                .persist(&self.destination)
                .map(drop)
                .map_err(|e| e.error)
        });
        unwatch(&path);
        result
    }
}

/// A device or FIFO may not support syncing (`EINVAL`): its data went where it goes.
fn ignore_unsyncable(error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::InvalidInput {
        Ok(())
    } else {
        Err(error)
    }
}

/// The mode a new file is created with, before the umask: read and write for everyone, as
/// `touch` and editors create files (the umask then takes away what the user keeps private).
#[cfg(unix)]
fn new_file_permissions() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o666)
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(temporary) = self.temporary.take() {
            let path = temporary.path().to_path_buf();
            drop(temporary);
            unwatch(&path);
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file()?.flush()
    }
}

/// A file written in the open as the data comes, at `DESTINATION.partial`, and renamed to its
/// destination only when [`PartialFile::commit`] is called: a run stopped half way (killed,
/// cancelled, out of time) leaves what it wrote in the partial file, where a run of the same
/// work can take it up again, and never a destination that looks whole. The partial file is
/// held with a lock from the start (a second run of the same work, started while the first
/// still writes, is refused instead of writing over it) and emptied at the first write, so
/// that an earlier run's data can be read before then; one this run made and never wrote to
/// is removed.
pub struct PartialFile {
    partial: PathBuf,
    destination: PathBuf,
    file: File,
    /// Whether the partial file was there before this run (an earlier run's, to keep).
    existed: bool,
    /// Whether this run has written to it (emptied it first).
    written: bool,
}

impl PartialFile {
    /// The partial file of `destination` (once symbolic links are followed): its name with
    /// `.partial` after it.
    pub fn partial_of(destination: &Path) -> io::Result<PathBuf> {
        let mut name = through_links(destination)?.into_os_string();
        name.push(".partial");
        Ok(PathBuf::from(name))
    }

    /// Starts writing `destination` through its partial file, which it locks: another run
    /// holding it is an error that says so.
    pub fn create(destination: &Path) -> io::Result<PartialFile> {
        let partial = PartialFile::partial_of(destination)?;
        let existed = partial.exists();
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&partial)?;
        if !lock(&file)? {
            return Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                format!(
                    "another run is writing {} now: let it end, or stop it, before running \
                     this one again",
                    partial.display()
                ),
            ));
        }
        Ok(PartialFile {
            partial,
            destination: through_links(destination)?,
            file,
            existed,
            written: false,
        })
    }

    fn file(&mut self) -> io::Result<&mut File> {
        if !self.written {
            self.file.set_len(0)?;
            self.written = true;
        }
        Ok(&mut self.file)
    }

    /// Syncs the data and renames the partial file to the destination (an empty one if
    /// nothing was written).
    pub fn commit(mut self) -> io::Result<()> {
        self.file()?.sync_all()?;
        std::fs::rename(&self.partial, &self.destination)
    }
}

/// Takes the lock of `file` without waiting: false when another holds it.
#[cfg(unix)]
fn lock(file: &File) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock on a descriptor this process has open; no memory is involved.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(true);
    }
    let error = io::Error::last_os_error();
    match error.kind() {
        io::ErrorKind::WouldBlock => Ok(false),
        _ => Err(error),
    }
}

/// Where there is no `flock`, no lock: a second run is the user's to avoid.
#[cfg(not(unix))]
fn lock(_: &File) -> io::Result<bool> {
    Ok(true)
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        // Made by this run and never written: nothing to keep for the next.
        if !self.existed && !self.written {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

impl Write for PartialFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_appears_only_on_commit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"half").unwrap();
        assert!(!path.exists());
        drop(file);
        assert!(!path.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "no temporary file left"
        );
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"whole").unwrap();
        file.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(unfinished().is_empty());
    }

    /// A partial file appears at the first write, holds what is written as it comes, is
    /// left behind when dropped, and becomes the destination on commit.
    #[test]
    fn a_partial_file_is_written_in_the_open_and_renamed_on_commit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.jsonl");
        let partial = dir.path().join("out.jsonl.partial");
        assert_eq!(PartialFile::partial_of(&path).unwrap(), partial);
        let mut file = PartialFile::create(&path).unwrap();
        // Held: a second run of the same work is refused while the first writes.
        let second = PartialFile::create(&path).err().unwrap();
        assert_eq!(second.kind(), io::ErrorKind::WouldBlock);
        assert!(
            second.to_string().starts_with("another run is writing"),
            "{second}"
        );
        file.write_all(b"one\n").unwrap();
        file.flush().unwrap();
        assert_eq!(std::fs::read(&partial).unwrap(), b"one\n");
        drop(file);
        assert_eq!(std::fs::read(&partial).unwrap(), b"one\n");
        assert!(!path.exists());
        let mut file = PartialFile::create(&path).unwrap();
        file.write_all(b"two\n").unwrap();
        file.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two\n");
        assert!(!partial.exists());
        // Made and never written: gone; an earlier run's, never written: kept as it was.
        drop(PartialFile::create(&path).unwrap());
        assert!(!partial.exists());
        std::fs::write(&partial, b"earlier\n").unwrap();
        drop(PartialFile::create(&path).unwrap());
        assert_eq!(std::fs::read(&partial).unwrap(), b"earlier\n");
    }
}
