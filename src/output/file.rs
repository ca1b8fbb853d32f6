//! Files written whole or not at all: the data goes to a temporary file in the same directory,
//! which is renamed over the destination only once everything is written and synced. An
//! interrupt (Ctrl-C, SIGTERM) removes the temporary file before the process exits.

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

/// A file being written; it appears at its path only when [`AtomicFile::commit`] succeeds.
/// Dropped without a commit, or interrupted, it leaves nothing behind.
pub struct AtomicFile {
    temporary: Option<NamedTempFile>,
    destination: PathBuf,
}

impl AtomicFile {
    /// Starts writing `destination`, creating the temporary file beside it.
    pub fn create(destination: &Path) -> io::Result<AtomicFile> {
        let directory = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        install_handler();
        // Created and listed under one lock: an interrupt in between waits for the listing
        // and then removes the file.
        let mut unfinished = unfinished();
        let temporary = tempfile::Builder::new()
            .prefix(".flipgame-")
            .suffix(".tmp")
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
        Ok(AtomicFile {
            temporary: Some(temporary),
            destination: destination.to_path_buf(),
        })
    }

    fn file(&mut self) -> io::Result<&mut File> {
        self.temporary
            .as_mut()
            .map(NamedTempFile::as_file_mut)
            .ok_or_else(|| io::Error::other("file already committed"))
    }

    /// Syncs the data and renames the file into place.
    pub fn commit(mut self) -> io::Result<()> {
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
}
