//! Long calls that Ctrl-C stops: the work runs with the interpreter lock let go, and every
//! [`LOOK_EVERY`] the searches' progress reports take the lock back for a moment to let Python
//! handle its signals (Ctrl-C, Jupyter's "Interrupt kernel": `KeyboardInterrupt`) and to tell
//! the caller's progress callback. An error from either stops the searches (the library's stop
//! flag, seen by every thread they started) and is raised once the work has ended, its
//! unfinished answer thrown away.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pyo3::prelude::*;

use flipgame::solve::{Stage, stoppable};

/// How often a long call looks for signals and tells the progress callback: within the second
/// an interrupt should take, and rarely enough to cost nothing.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// What a call being watched hands its searches: their progress reports, and whether to stop.
pub struct Watch {
    stop: Arc<AtomicBool>,
    progress: Option<Py<PyAny>>,
    last_look: Instant,
    /// The first error a look raised (an interrupt, or the progress callback's own).
    raised: Option<PyErr>,
    /// The thread that called: Python handles signals on its main thread only, so the looks
    /// happen on the calling thread (other threads' reports are not looked at).
    caller: std::thread::ThreadId,
}

impl Watch {
    /// Takes a search's report that `stage` has done `done` of `total` units.
    pub fn told(&mut self, stage: Stage, done: u64, total: u64) {
        self.tell(stage.label(), done, total);
    }

    /// Takes a report that `words` has done `done` of `total` units: every [`LOOK_EVERY`], on
    /// the calling thread, Python handles its signals and the progress callback is told.
    pub fn tell(&mut self, words: &str, done: u64, total: u64) {
        if self.raised.is_some()
            || std::thread::current().id() != self.caller
            || self.last_look.elapsed() < LOOK_EVERY
        {
            return;
        }
        self.last_look = Instant::now();
        let looked = Python::attach(|py| {
            py.check_signals()?;
            if let Some(progress) = &self.progress {
                progress.call1(py, (words, done, total))?;
            }
            Ok::<(), PyErr>(())
        });
        if let Err(error) = looked {
            self.raised = Some(error);
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Runs `work` with the interpreter lock let go, watched: Ctrl-C raises `KeyboardInterrupt`
/// within about [`LOOK_EVERY`] of the next progress report, and `progress(stage, done, total)`
/// is called as often with the search's stage (its words), units done and units in all.
pub fn watched<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&mut Watch) -> T + Send,
) -> PyResult<T> {
    let mut watch = Watch {
        stop: Arc::new(AtomicBool::new(false)),
        progress: progress.map(|progress| progress.clone().unbind()),
        last_look: Instant::now(),
        raised: None,
        caller: std::thread::current().id(),
    };
    let stop = Arc::clone(&watch.stop);
    let (value, raised) = py.detach(|| {
        let value = stoppable(&stop, || work(&mut watch));
        (value, watch.raised.take())
    });
    match raised {
        Some(error) => Err(error),
        None => Ok(value),
    }
}
