//! Reading the sources in steps for the loop that answers them: in the same thread, or on a
//! thread of its own a few steps ahead.

use std::io::{self, Write};
use std::sync::mpsc::{SendError, sync_channel};

use flipgame::input::ReadBoard;
use flipgame::kind::Kind;

use super::{Answers, BoardCommand, Place};
use crate::source::{Item, Records, Source};

/// One step of reading the sources, for the loop that answers them, in their order.
pub(super) enum Step<'a, B: ReadBoard> {
    /// Whole 4x4 boards by id ([`Records::take_board_ids`]), the first read at the place, each
    /// four lines after the one before.
    Boards(Place<'a>, Vec<u16>),
    /// Anything else, one at a time.
    Item(Item<'a, B>),
    /// The input is read next, which may wait (on a person or a pipe): the moment for what is
    /// answered so far to be seen.
    Reads,
}

/// Reads `records` to their end, handing each step to `take`; whole 4x4 boards in bulk when
/// `in_bulk`. Ends early with the first error `take` gives.
pub(super) fn read_steps<'a, B: ReadBoard, E>(
    mut records: Records<'a, B>,
    in_bulk: bool,
    take: &mut impl FnMut(Step<'a, B>) -> Result<(), E>,
) -> Result<(), E> {
    loop {
        let mut ids = Vec::new();
        let step = match in_bulk.then(|| records.take_board_ids(&mut ids)).flatten() {
            Some((source, line)) => Step::Boards(Place { source, line }, ids),
            None => match records.next() {
                Some(item) => Step::Item(item),
                None => return Ok(()),
            },
        };
        take(step)?;
        if records.needs_read() {
            take(Step::Reads)?;
        }
    }
}

/// [`read_steps`] on a thread of its own, ahead of the answers by a few batches of steps, so
/// that reading (system calls, and each board's bytes checked and turned into ids) and
/// answering (lookups, lines copied, writes) take a core each.
pub(super) fn read_ahead<C: BoardCommand, W: Write>(
    sources: &'static [Source],
    answers: &mut Answers<'_, C, W>,
) -> io::Result<()> {
    /// Steps sent at a time, at most: a batch goes as soon as it holds boards in bulk or the
    /// input is read next, so this bounds only a run of boards read one at a time (CRLF line
    /// ends, say), where fewer sends, and so fewer wake-ups of the answers, pay: 256 at a time
    /// took 40% longer than one thread on a million such boards, 4,096 as long.
    const BATCH: usize = 4096;
    /// Batches read ahead, at most (more measured no faster).
    const AHEAD: usize = 4;
    let (send, receive) = sync_channel::<Vec<Step<'static, _>>>(AHEAD);
    let (shape, cells) = answers.cells;
    let records = move || Records::<<C::Kind as Kind>::Board>::new(sources, shape, cells);
    let spawned = std::thread::Builder::new().spawn(move || {
        // Most batches hold a step or two (a read's boards in bulk): room is made as needed.
        let mut batch = Vec::new();
        let sent: Result<(), SendError<_>> = read_steps(records(), true, &mut |step| {
            let now = matches!(step, Step::Boards(..) | Step::Reads);
            batch.push(step);
            if now || batch.len() == BATCH {
                send.send(std::mem::take(&mut batch))?;
            }
            Ok(())
        });
        // The answers have stopped (an output error) when a send fails: nothing more is read.
        if sent.is_ok() && !batch.is_empty() {
            let _ = send.send(batch);
        }
    });
    let Ok(reader) = spawned else {
        // No thread to be had: the reading is this thread's.
        return read_steps(records(), true, &mut |step| answers.take(step));
    };
    for batch in receive.iter() {
        for step in batch {
            // An output error leaves the reader to end at its next send (or with the process,
            // if it waits on input meanwhile).
            answers.take(step)?;
        }
    }
    // Every sender has gone: the reader has ended, or failed, which is a bug to pass on.
    if let Err(panic) = reader.join() {
        std::panic::resume_unwind(panic);
    }
    Ok(())
}
