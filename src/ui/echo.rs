//! While progress lines are drawn, the terminal echoes nothing typed (`^C` included):
//! an echo lands in the middle of a progress line or a streamed answer, and the lines
//! could then no longer be redrawn in place. What is typed waits, unread and readable
//! at once (not held for a whole line), for the next question: it becomes the start of
//! the answer ([`super::editor`]). Ctrl-C still interrupts. Set when the first progress
//! line or answer is drawn (after the command line, and any query read from stdin, are
//! read); restored by [`restore_terminal`], and on the way out of a panic or of a
//! SIGTERM, SIGHUP or SIGQUIT (a terminal left without echo is unusable).
//!
//! The terminal's settings are read and written with rustix's safe termios calls; only
//! installing the signal handler and dying of the signal again are libc's (rustix has
//! no signal-handler API for programs).

use rustix::termios::{self, LocalModes, OptionalActions, SpecialCodeIndex, Termios};
use std::io::IsTerminal;
use std::sync::{Mutex, OnceLock, PoisonError};

/// The settings to restore, while archie has changed them.
static SAVED: Mutex<Option<Termios>> = Mutex::new(None);

/// The terminal's settings as archie found them, for the signal handler (which may not
/// take a lock).
static ORIGINAL: OnceLock<Termios> = OnceLock::new();

/// Restores the terminal, then dies of `sig` as it would have.
extern "C" fn restore_and_die(sig: libc::c_int) {
    if let Some(original) = ORIGINAL.get() {
        // One ioctl (async-signal-safe); `original` was set before this handler was
        // installed.
        let _ = termios::tcsetattr(rustix::stdio::stdin(), OptionalActions::Now, original);
    }
    // SAFETY: signal and raise are async-signal-safe.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Whatever ends the process, the terminal gets its echo back.
fn guard_terminal() {
    for sig in [libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
        let handler = restore_and_die as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // SAFETY: installs a handler that only calls async-signal-safe functions; one
        // that someone else installed is put back.
        unsafe {
            let previous = libc::signal(sig, handler);
            if previous != libc::SIG_DFL {
                libc::signal(sig, previous);
            }
        }
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous(info);
    }));
}

/// Turns off the echo (control characters included) and line editing, once.
pub(super) fn quiet_control_echo() {
    if !std::io::stdin().is_terminal() {
        return;
    }
    let mut saved = SAVED.lock().unwrap_or_else(PoisonError::into_inner);
    if saved.is_some() {
        return;
    }
    let stdin = rustix::stdio::stdin();
    let Ok(current) = termios::tcgetattr(stdin) else {
        return;
    };
    let mut changed = current.clone();
    changed
        .local_modes
        .remove(LocalModes::ECHOCTL | LocalModes::ECHO | LocalModes::ICANON);
    changed.special_codes[SpecialCodeIndex::VMIN] = 1;
    changed.special_codes[SpecialCodeIndex::VTIME] = 0;
    if ORIGINAL.set(current.clone()).is_ok() {
        guard_terminal();
    }
    if termios::tcsetattr(stdin, OptionalActions::Now, &changed).is_ok() {
        *saved = Some(current);
    }
}

/// Puts the terminal back as archie found it (echo, line editing); call before exiting.
pub fn restore_terminal() {
    let saved = SAVED.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(saved) = saved {
        let _ = termios::tcsetattr(rustix::stdio::stdin(), OptionalActions::Now, &saved);
    }
}
