//! The threads of the long searches: how many there are, and the two ways work is shared out
//! (a slice split into runs of neighbours, or numbered workers while this thread reports
//! progress). Every split gives each item the same work whatever the timing, so no answer
//! depends on the threads.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The threads long searches use: every core the process may run on, looked up once.
pub(crate) fn available() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `work` on every item and its index, the items split into one run of neighbours per
/// thread.
pub(crate) fn split_mut<T: Send>(
    items: &mut [T],
    threads: usize,
    work: impl Fn(usize, &mut T) + Sync,
) {
    if threads < 2 || items.len() < 2 {
        items
            .iter_mut()
            .enumerate()
            .for_each(|(index, item)| work(index, item));
        return;
    }
    let chunk = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        for (part, items) in items.chunks_mut(chunk).enumerate() {
            let work = &work;
            scope.spawn(move || {
                let first = part * chunk;
                for (offset, item) in items.iter_mut().enumerate() {
                    work(first + offset, item);
                }
            });
        }
    });
}

/// How often progress is told while the workers run.
const PROGRESS_INTERVAL: std::time::Duration = std::time::Duration::from_millis(100);

/// Runs `work(0)`, `work(1)`, ... `work(threads - 1)` on threads of their own while this thread
/// calls `tell` (at the start, then every [`PROGRESS_INTERVAL`] or sooner when a worker ends,
/// and once more when the last has), and returns their results in order. A worker's panic goes
/// on in this thread once every worker has ended.
pub(crate) fn on_threads_telling<T: Send>(
    threads: usize,
    work: &(impl Fn(usize) -> T + Sync),
    mut tell: impl FnMut(),
) -> Vec<T> {
    // A worker counts itself done before it wakes this thread: a thread that has woken it may
    // not have finished yet, and waiting on that would sleep a whole interval.
    let this = std::thread::current();
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let done = Finished {
                    finished: &finished,
                    this: this.clone(),
                };
                scope.spawn(move || {
                    // Dropped when the worker ends, by returning or by panicking: a panic
                    // must reach the join below, not leave this thread waiting.
                    let _done = done;
                    work(thread)
                })
            })
            .collect();
        // Told at the start whatever the workers do: fast ones may all end before this thread
        // first looks.
        loop {
            tell();
            if finished.load(Ordering::Acquire) >= threads {
                break;
            }
            std::thread::park_timeout(PROGRESS_INTERVAL);
        }
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// Tells the thread that waits on [`on_threads_telling`]'s workers that one has ended, when
/// dropped.
struct Finished<'a> {
    finished: &'a AtomicUsize,
    this: std::thread::Thread,
}

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.finished.fetch_add(1, Ordering::Release);
        self.this.unpark();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workers' results come back in order, and a worker's panic comes back as a panic
    /// instead of leaving the waiting thread asleep for ever (a panicking worker once never
    /// counted itself done). Run on a thread of its own so that a hang fails the test.
    #[test]
    fn threads_that_tell_progress_return_in_order_and_pass_a_panic_on() {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut told = 0;
            let squares = on_threads_telling(3, &|thread| thread * thread, || told += 1);
            let panicked = std::panic::catch_unwind(|| {
                on_threads_telling(
                    3,
                    &|thread| {
                        assert_ne!(thread, 1, "worker 1 fails");
                        thread
                    },
                    || {},
                )
            });
            let _ = sender.send((squares, told, panicked.is_err()));
        });
        let (squares, told, panicked) = receiver
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the threads end, and a panic ends the wait");
        assert_eq!(squares, [0, 1, 4]);
        assert!(told >= 1, "told at the start however fast the workers are");
        assert!(panicked);
    }

    #[test]
    fn a_split_gives_every_item_its_work_once() {
        for threads in [1, 2, 3, 8] {
            let mut items: Vec<(usize, u32)> = (0..10).map(|n| (0, n)).collect();
            split_mut(&mut items, threads, |index, item| {
                *item = (index, item.1 * 2)
            });
            let expected: Vec<(usize, u32)> = (0..10).map(|n| (n as usize, n * 2)).collect();
            assert_eq!(items, expected);
        }
        assert!(available() >= 1);
    }
}
