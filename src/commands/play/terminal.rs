//! The full screen of `play`: crossterm turns keys, clicks and resizes into game events, and the
//! frames of [`screen`] are drawn on the alternate screen. The terminal is given back as it was
//! on every way out: quit, Ctrl-C, SIGTERM or SIGHUP, an error, and a panic.

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent, KeyCode, KeyEvent,
    KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::{cursor, execute, queue, style, terminal};

use flipgame::game::{Direction, Event, Game};

use super::screen::{self, Frame, Ui};
use crate::commands::Outcome;
use crate::commands::kind::CommandKind;
use crate::output::text::Pen;
use flipgame::game::Dealer;

/// Exit status after a signal, as shells report a death by SIGINT.
const INTERRUPTED: i32 = 130;

/// How often the loop looks for a signal while waiting for a key.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// Set by the signal handler; the loop sees it within [`SIGNAL_POLL`].
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// What a key asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A game event.
    Game(Event),
    /// Deal a new puzzle.
    New,
    /// Show the list of keys.
    Help,
    /// Leave.
    Quit,
}

/// The action of a key press, if it has one. Lower-case h and s are hint and solution, so the
/// vim and WASD keys for left and down are their capitals; every other movement letter works in
/// both cases.
pub fn action(key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    let game = |event| Some(Action::Game(event));
    let go = |direction| Some(Action::Game(Event::Move(direction)));
    match key.code {
        KeyCode::Char('c') if control => Some(Action::Quit),
        KeyCode::Char('z') if control => game(Event::Undo),
        KeyCode::Char('y') if control => game(Event::Redo),
        _ if control => None,
        KeyCode::Up | KeyCode::Char('k' | 'K' | 'w' | 'W') => go(Direction::Up),
        KeyCode::Down | KeyCode::Char('j' | 'J' | 'S') => go(Direction::Down),
        KeyCode::Left | KeyCode::Char('H' | 'a' | 'A') => go(Direction::Left),
        KeyCode::Right | KeyCode::Char('l' | 'L' | 'd' | 'D') => go(Direction::Right),
        KeyCode::Char(' ') | KeyCode::Enter => game(Event::TapCursor),
        KeyCode::Char('h') => game(Event::Hint),
        KeyCode::Char('s') => game(Event::ShowSolution),
        KeyCode::Char('p') => game(Event::ShowProof),
        KeyCode::Char('u') => game(Event::Undo),
        KeyCode::Char('r') => game(Event::Redo),
        KeyCode::Backspace => game(Event::Restart),
        KeyCode::Char('n') => Some(Action::New),
        KeyCode::Char('?') => Some(Action::Help),
        KeyCode::Char('q') | KeyCode::Esc => Some(Action::Quit),
        _ => None,
    }
}

/// Plays `game` full screen until the player quits or a signal comes.
pub fn run<K: CommandKind>(
    mut game: Game<K>,
    mut dealer: Dealer<K>,
    pen: Pen,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    install_handlers();
    let guard = Screen::enter(out)?;
    let mut ui = Ui {
        seed: dealer.seed(),
        ..Ui::default()
    };
    if game.status().moves_left.is_none() {
        ui.message = Some("This board can never be finished: p shows why.".to_string());
    }
    let played = play(&mut game, &mut dealer, pen, &mut ui, guard.out);
    let restored = guard.leave();
    played?;
    restored?;
    if SIGNALLED.load(Ordering::SeqCst) {
        std::process::exit(INTERRUPTED);
    }
    Ok(Outcome::Success)
}

fn play<K: CommandKind>(
    game: &mut Game<K>,
    dealer: &mut Dealer<K>,
    pen: Pen,
    ui: &mut Ui,
    out: &mut impl Write,
) -> io::Result<()> {
    // crossterm starts listening for resizes (SIGWINCH) at its first poll: a window resized
    // between the first frame and that poll was never redrawn (the test that resizes as soon
    // as it sees the board caught it under load). Listening before drawing loses none.
    event::poll(Duration::ZERO)?;
    let mut frame = draw(game, ui, &pen, out)?;
    while !SIGNALLED.load(Ordering::SeqCst) {
        if !event::poll(SIGNAL_POLL)? {
            continue;
        }
        let chosen = match event::read()? {
            TermEvent::Key(key) => {
                if ui.help && key.kind != KeyEventKind::Release {
                    ui.help = false;
                    None
                } else {
                    action(key)
                }
            }
            TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                frame
                    .square_at(usize::from(mouse.column), usize::from(mouse.row))
                    .map(|square| Action::Game(Event::Tap(square)))
            }
            _ => None,
        };
        match chosen {
            Some(Action::Quit) => return Ok(()),
            Some(Action::Help) => ui.help = true,
            Some(Action::New) => {
                ui.message = match dealer.deal(game.puzzle()) {
                    Ok(board) => game.new_puzzle(board).err().map(|r| r.to_string()),
                    Err(all_finished) => Some(all_finished.to_string()),
                };
            }
            Some(Action::Game(event)) => {
                let shows_hint = event == Event::Hint;
                ui.message = match game.apply(event) {
                    Err(refusal) => Some(format!("{refusal}.")),
                    Ok(()) if shows_hint => game
                        .newest_mark()
                        .map(|square| format!("Hint: tap {square}.")),
                    Ok(()) => proof_sentence(game),
                };
            }
            None => {}
        }
        frame = draw(game, ui, &pen, out)?;
    }
    Ok(())
}

fn proof_sentence<K: CommandKind>(game: &Game<K>) -> Option<String> {
    game.proof()
        .map(|proof| K::proof_sentence(game.puzzle(), proof, true))
}

/// Draws one frame and leaves the terminal's cursor on the game's.
fn draw<K: CommandKind>(
    game: &Game<K>,
    ui: &mut Ui,
    pen: &Pen,
    out: &mut impl Write,
) -> io::Result<Frame> {
    let (width, height) = terminal::size()?;
    let frame = screen::frame(game, ui, pen, (usize::from(width), usize::from(height)));
    queue!(out, cursor::Hide)?;
    for (y, line) in frame.lines.iter().take(usize::from(height)).enumerate() {
        queue!(
            out,
            cursor::MoveTo(0, y as u16),
            style::Print(line),
            terminal::Clear(terminal::ClearType::UntilNewLine)
        )?;
    }
    queue!(out, terminal::Clear(terminal::ClearType::FromCursorDown))?;
    if let Some((x, y)) = frame.cursor {
        queue!(out, cursor::MoveTo(x, y), cursor::Show)?;
    }
    out.flush()?;
    Ok(frame)
}

/// The terminal in game mode: raw, on the alternate screen, with mouse reports.
struct Screen<'a, W: Write> {
    out: &'a mut W,
}

impl<'a, W: Write> Screen<'a, W> {
    fn enter(out: &'a mut W) -> io::Result<Screen<'a, W>> {
        terminal::enable_raw_mode()?;
        let screen = Screen { out };
        execute!(
            screen.out,
            terminal::EnterAlternateScreen,
            EnableMouseCapture,
            terminal::Clear(terminal::ClearType::All)
        )?;
        Ok(screen)
    }

    /// Gives the terminal back. Every way out of the game comes here, and a panic is handled by
    /// the hook [`install_handlers`] sets, so no `Drop` is needed.
    fn leave(self) -> io::Result<()> {
        restore(self.out)
    }
}

/// Gives the terminal back: mouse reports off, the main screen, the cursor shown, cooked mode.
fn restore(out: &mut impl Write) -> io::Result<()> {
    let shown = execute!(
        out,
        DisableMouseCapture,
        terminal::LeaveAlternateScreen,
        cursor::Show
    );
    let cooked = terminal::disable_raw_mode();
    shown.and(cooked)
}

/// Exit status when the terminal goes away, as shells report a death by SIGHUP.
#[cfg(unix)]
const HUNG_UP: i32 = 129;

/// Ends the process when the terminal on standard input hangs up (its window closed, its
/// session gone) without a SIGHUP reaching the game, as when it was started by a shell that does
/// not pass hang-ups on. crossterm would then spin on the dead terminal for ever (its issue
/// 793), so the watch runs on a thread of its own, blocked in poll(2) until the hang-up comes.
#[cfg(unix)]
fn watch_for_hang_up() {
    std::thread::spawn(|| {
        let mut terminal = libc::pollfd {
            fd: libc::STDIN_FILENO,
            events: 0,
            revents: 0,
        };
        loop {
            // SAFETY: poll reads and writes the one pollfd given, which lives across the call.
            let ready = unsafe { libc::poll(&mut terminal, 1, -1) };
            if ready > 0 && terminal.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
            {
                // Nothing is left to give back: the terminal is gone.
                std::process::exit(HUNG_UP);
            }
            if ready < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return;
            }
        }
    });
}

/// A panic gives the terminal back before its message is printed; SIGINT, SIGTERM and SIGHUP
/// end the game loop, which gives it back on its way out; a terminal that hangs up without a
/// signal ends the process.
fn install_handlers() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = restore(&mut io::stdout());
            previous(info);
        }));
        // Without a handler a signal still ends the process; only the terminal would be left
        // raw, which is no reason to refuse to play.
        let _ = ctrlc::set_handler(|| SIGNALLED.store(true, Ordering::SeqCst));
        #[cfg(unix)]
        watch_for_hang_up();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn control(letter: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(letter), KeyModifiers::CONTROL)
    }

    #[test]
    fn keys_are_the_documented_ones() {
        let moves = [
            (
                Direction::Up,
                vec![KeyCode::Up, KeyCode::Char('k'), KeyCode::Char('w')],
            ),
            (
                Direction::Down,
                vec![KeyCode::Down, KeyCode::Char('j'), KeyCode::Char('S')],
            ),
            (
                Direction::Left,
                vec![KeyCode::Left, KeyCode::Char('H'), KeyCode::Char('a')],
            ),
            (
                Direction::Right,
                vec![KeyCode::Right, KeyCode::Char('l'), KeyCode::Char('d')],
            ),
        ];
        for (direction, codes) in moves {
            for code in codes {
                assert_eq!(
                    action(press(code)),
                    Some(Action::Game(Event::Move(direction))),
                    "{code:?}"
                );
            }
        }
        let commands = [
            (press(KeyCode::Char(' ')), Action::Game(Event::TapCursor)),
            (press(KeyCode::Enter), Action::Game(Event::TapCursor)),
            (press(KeyCode::Char('h')), Action::Game(Event::Hint)),
            (press(KeyCode::Char('s')), Action::Game(Event::ShowSolution)),
            (press(KeyCode::Char('p')), Action::Game(Event::ShowProof)),
            (press(KeyCode::Char('u')), Action::Game(Event::Undo)),
            (control('z'), Action::Game(Event::Undo)),
            (press(KeyCode::Char('r')), Action::Game(Event::Redo)),
            (control('y'), Action::Game(Event::Redo)),
            (press(KeyCode::Backspace), Action::Game(Event::Restart)),
            (press(KeyCode::Char('n')), Action::New),
            (press(KeyCode::Char('?')), Action::Help),
            (press(KeyCode::Char('q')), Action::Quit),
            (press(KeyCode::Esc), Action::Quit),
            (control('c'), Action::Quit),
        ];
        for (key, expected) in commands {
            assert_eq!(action(key), Some(expected), "{key:?}");
        }
        for letter in ['x', 'c', 'z', 'y', 'e'] {
            assert_eq!(action(press(KeyCode::Char(letter))), None, "{letter}");
        }
        assert_eq!(action(control('h')), None);
        let mut release = press(KeyCode::Char('q'));
        release.kind = KeyEventKind::Release;
        assert_eq!(action(release), None);
    }
}
