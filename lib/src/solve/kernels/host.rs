//! What the host lends a search: its threads and its clock, in one place so that a host with
//! neither (WebAssembly in a browser page, where `std::thread` and `std::time::Instant` panic)
//! gets a path with neither. Threads: how many there are, and the two ways work is shared out
//! (a slice split into runs of neighbours, or numbered workers while this thread reports
//! progress); every split gives each item the same work whatever the timing, so no answer
//! depends on the threads, and one thread runs everything in the calling thread. Clock: the
//! [`Instant`] deadlines are measured in. Stop: a flag a front end sets to end a search early
//! (an interrupt), seen by the threads the search started here as by the one that started it.

use std::cell::RefCell;
use std::num::NonZeroUsize;
use std::ops::Add;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Whether the target has no threads and no clock std can reach: WebAssembly without an
/// operating system.
const BARE: bool = cfg!(all(target_family = "wasm", target_os = "unknown"));

/// The threads a caller has limited the searches to ([`limit_threads`]); 0 for the default.
static LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The threads long searches use, and a front end's own work beside them: as many as
/// [`limit_threads`] last said, else every CPU the process may run on (its affinity mask and
/// cgroup quota, as std reads them: a Slurm task of one CPU, a container with a quota of two),
/// looked up once; one where the target has no threads.
pub fn threads() -> usize {
    static CPUS: OnceLock<usize> = OnceLock::new();
    if BARE {
        return 1;
    }
    match LIMIT.load(Ordering::Relaxed) {
        0 => *CPUS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        limit => limit,
    }
}

/// Limits every later search of this process to `threads` threads (a scheduler's CPUs for
/// the task, `--threads N`). Answers never depend on the threads: only how long they take.
pub fn limit_threads(threads: NonZeroUsize) {
    LIMIT.store(threads.get(), Ordering::Relaxed);
}

thread_local! {
    /// The flag that ends this thread's searches early ([`stoppable`]), if any.
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `work` so that every search in it ends soon after `stop` is set, on this thread and on
/// every thread the search starts, as if its time were up. A search ended so gives the best it
/// had, which may not be the fewest and may even claim to be: for a front end that throws it
/// away (Python's Ctrl-C and Jupyter's "Interrupt kernel", which raise `KeyboardInterrupt`).
pub fn stoppable<R>(stop: &Arc<AtomicBool>, work: impl FnOnce() -> R) -> R {
    with_stop(Some(Arc::clone(stop)), work)
}

/// Runs `work` with `stop` as this thread's stop flag, and puts the one before back after it
/// (also when `work` panics).
fn with_stop<R>(stop: Option<Arc<AtomicBool>>, work: impl FnOnce() -> R) -> R {
    /// Puts the earlier flag back when dropped.
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let earlier = self.0.take();
            STOP.with(|flag| *flag.borrow_mut() = earlier);
        }
    }
    let _restore = Restore(STOP.with(|flag| flag.replace(stop)));
    work()
}

/// This thread's stop flag, for the threads its search starts.
fn current_stop() -> Option<Arc<AtomicBool>> {
    STOP.with(|flag| flag.borrow().clone())
}

/// Whether a search must end now: its `deadline` has passed, or it was told to stop
/// ([`stoppable`]).
pub(crate) fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
        || STOP.with(|flag| {
            flag.borrow()
                .as_ref()
                .is_some_and(|stop| stop.load(Ordering::Relaxed))
        })
}

/// Runs `helper` on `threads - 1` threads of their own while this thread runs `main`, and
/// returns when all have ended; with one thread, `main` alone, on this thread.
pub(crate) fn alongside(threads: usize, helper: impl Fn() + Sync, main: impl FnOnce()) {
    if threads < 2 {
        main();
        return;
    }
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let stop = current_stop();
            let helper = &helper;
            scope.spawn(move || with_stop(stop, helper));
        }
        main();
    });
}

/// Runs `first` and `second`, on two threads when `threads` is two or more, and returns when
/// both have ended.
pub(crate) fn both(threads: usize, first: impl FnOnce() + Send, second: impl FnOnce()) {
    if threads < 2 {
        first();
        second();
        return;
    }
    std::thread::scope(|scope| {
        let stop = current_stop();
        scope.spawn(move || with_stop(stop, first));
        second();
    });
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
            let stop = current_stop();
            scope.spawn(move || {
                with_stop(stop, || {
                    let first = part * chunk;
                    for (offset, item) in items.iter_mut().enumerate() {
                        work(first + offset, item);
                    }
                })
            });
        }
    });
}

/// How often progress is told while the workers run.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// Runs `work(0)`, `work(1)`, ... `work(threads - 1)` on threads of their own while this thread
/// calls `tell` (at the start, then every [`PROGRESS_INTERVAL`] or sooner when a worker ends,
/// and once more when the last has), and returns their results in order. A worker's panic goes
/// on in this thread once every worker has ended. One worker runs on this thread, told before
/// and after.
pub(crate) fn on_threads_telling<T: Send>(
    threads: usize,
    work: &(impl Fn(usize) -> T + Sync),
    mut tell: impl FnMut(),
) -> Vec<T> {
    if threads < 2 {
        tell();
        let results = (0..threads).map(work).collect();
        tell();
        return results;
    }
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
                let stop = current_stop();
                scope.spawn(move || {
                    // Dropped when the worker ends, by returning or by panicking: a panic
                    // must reach the join below, not leave this thread waiting.
                    let _done = done;
                    with_stop(stop, || work(thread))
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

/// A moment on the host's clock, for deadlines: the time since the clock was first read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Instant(Duration);

impl Instant {
    /// Now. Where the target has no clock std can reach, the clock stands still unless the
    /// front end gives one ([`set_clock`]): a deadline later than now is then never passed, and
    /// a search limited in time runs to its end.
    pub(crate) fn now() -> Instant {
        Instant(since_start())
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;

    /// The moment `later` after this one; a wait too long to count is the end of time.
    fn add(self, later: Duration) -> Instant {
        Instant(self.0.checked_add(later).unwrap_or(Duration::MAX))
    }
}

/// The time since the clock was first read.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn since_start() -> Duration {
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// The front end's clock on a target with none of its own.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
static CLOCK: OnceLock<fn() -> Duration> = OnceLock::new();

/// The time on the front end's clock, or none at all before it gives one.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn since_start() -> Duration {
    CLOCK.get().map_or(Duration::ZERO, |clock| clock())
}

/// Gives a target with no clock of its own one (a page's `performance.now()`, through an
/// import), so that searches limited in time stop on time; the first one given stays.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub fn set_clock(clock: fn() -> Duration) {
    let _ = CLOCK.set(clock);
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
            // Workers that take a while: told at the start, and again once the last has ended.
            let mut told_slow = 0;
            let slow = |thread| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                thread
            };
            on_threads_telling(2, &slow, || told_slow += 1);
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
            let _ = sender.send((squares, (told, told_slow), panicked.is_err()));
        });
        let (squares, (told, told_slow), panicked) = receiver
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the threads end, and a panic ends the wait");
        assert_eq!(squares, [0, 1, 4]);
        assert!(told >= 1, "told at the start however fast the workers are");
        assert!(
            told_slow >= 2,
            "told {told_slow} times: at the start and at the end"
        );
        assert!(panicked);
    }

    /// A stop flag reaches every thread a search starts here, and only inside `stoppable`:
    /// after it (even after a panic in it) the thread's searches run on.
    #[test]
    fn a_stop_reaches_every_thread_and_ends_with_its_work() {
        let stop = Arc::new(AtomicBool::new(true));
        let seen = AtomicUsize::new(0);
        let look = || {
            if past(None) {
                seen.fetch_add(1, Ordering::Relaxed);
            }
        };
        host_all_ways(&stop, &look);
        // alongside: 2, both: 2, split_mut: 3 items, on_threads_telling: 3 workers.
        assert_eq!(seen.load(Ordering::Relaxed), 10);
        assert!(!past(None));
        let panicked = std::panic::catch_unwind(|| stoppable(&stop, || panic!("in the work")));
        assert!(panicked.is_err());
        assert!(!past(None), "the flag is put back after a panic");
        stop.store(false, Ordering::Relaxed);
        seen.store(0, Ordering::Relaxed);
        host_all_ways(&stop, &look);
        assert_eq!(seen.load(Ordering::Relaxed), 0);
        assert!(past(Some(Instant::now())));
    }

    /// Runs `look` under `stop` on every kind of thread this module starts, two or three of
    /// each.
    fn host_all_ways(stop: &Arc<AtomicBool>, look: &(impl Fn() + Sync)) {
        stoppable(stop, || {
            alongside(2, look, look);
            both(2, look, look);
            split_mut(&mut [(), (), ()], 3, |_, _| look());
            on_threads_telling(3, &|_| look(), || {});
        });
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
        assert!(threads() >= 1);
    }

    /// With one thread nothing is spawned: a host without threads (a browser's WebAssembly)
    /// panics at the first spawn. Every item still gets its work, and progress is told.
    #[test]
    fn one_thread_runs_everything_on_the_calling_thread() {
        let caller = std::thread::current().id();
        let on_caller = || assert_eq!(std::thread::current().id(), caller);
        let mut told = 0;
        let results = on_threads_telling(
            1,
            &|thread| {
                on_caller();
                thread + 7
            },
            || told += 1,
        );
        assert_eq!((results, told), (vec![7], 2));
        let ran = AtomicUsize::new(0);
        alongside(
            1,
            || unreachable!("no helper with one thread"),
            || {
                on_caller();
                ran.fetch_add(1, Ordering::Relaxed);
            },
        );
        both(
            1,
            || {
                on_caller();
                ran.fetch_add(10, Ordering::Relaxed);
            },
            || {
                on_caller();
                ran.fetch_add(100, Ordering::Relaxed);
            },
        );
        let mut items = [0; 5];
        split_mut(&mut items, 1, |index, item| {
            on_caller();
            *item = index
        });
        assert_eq!((ran.into_inner(), items), (111, [0, 1, 2, 3, 4]));
    }

    /// From two threads up the work is shared: each helper runs once on a thread of its own
    /// beside the caller, the first of two halves and every run of a split leave the calling
    /// thread. On a host with threads every core is lent.
    #[test]
    fn helpers_run_once_each_on_threads_of_their_own() {
        let caller = std::thread::current().id();
        let elsewhere = || assert_ne!(std::thread::current().id(), caller);
        for threads in [2, 4] {
            let helped = AtomicUsize::new(0);
            let mut main_ran = false;
            alongside(
                threads,
                || {
                    elsewhere();
                    helped.fetch_add(1, Ordering::Relaxed);
                },
                || main_ran = true,
            );
            assert_eq!((helped.into_inner(), main_ran), (threads - 1, true));
        }
        let (mut first, mut second) = (false, false);
        both(
            2,
            || {
                elsewhere();
                first = true
            },
            || second = true,
        );
        assert!(first && second);
        let results = on_threads_telling(
            2,
            &|thread| {
                elsewhere();
                thread
            },
            || {},
        );
        assert_eq!(results, [0, 1]);
        let mut items = [0; 2];
        split_mut(&mut items, 2, |index, item| {
            elsewhere();
            *item = index + 1
        });
        assert_eq!(items, [1, 2]);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads(), cores);
        // A limit holds until the next, whatever the cores (only how long searches take
        // depends on it, so the other tests meanwhile are none the worse).
        limit_threads(NonZeroUsize::new(cores + 2).unwrap());
        assert_eq!(threads(), cores + 2);
        limit_threads(NonZeroUsize::new(cores).unwrap());
        assert_eq!(threads(), cores);
    }

    /// The clock goes forward, and a wait too long to count is the end of time, not a panic
    /// (a library caller may give any `Duration`).
    #[test]
    fn the_clock_goes_forward_and_a_wait_too_long_is_the_end_of_time() {
        let start = Instant::now();
        let later = start + Duration::from_millis(1);
        assert!(later > start);
        std::thread::sleep(Duration::from_millis(2));
        assert!(Instant::now() >= later);
        assert_eq!(start + Duration::MAX, Instant(Duration::MAX));
        assert!(Instant::now() + Duration::from_secs(u64::MAX) > Instant::now());
    }
}
