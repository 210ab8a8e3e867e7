//! Standard output, written in one place so that its reader going away is noticed: a
//! closed stdout (`archie --json analyze … | head -3`) ends the run quietly, as ripgrep
//! does (`main`), and the LLM client sends no request after it, instead of spending
//! calls on output nobody reads. A leaf.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::Notify;

static CLOSED: AtomicBool = AtomicBool::new(false);
static CLOSING: Notify = Notify::const_new();

/// Writes `bytes` to stdout and flushes. A broken pipe marks stdout closed (see
/// [`closed`]) before the error is returned.
pub fn write(bytes: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let written = out.write_all(bytes).and_then(|()| out.flush());
    if let Err(err) = &written
        && err.kind() == std::io::ErrorKind::BrokenPipe
    {
        CLOSED.store(true, Ordering::SeqCst);
        CLOSING.notify_waiters();
    }
    written
}

/// Whether a write found stdout's reader gone.
pub fn is_closed() -> bool {
    CLOSED.load(Ordering::SeqCst)
}

/// Resolves once a write finds stdout's reader gone.
pub async fn closed() {
    let notified = CLOSING.notified();
    tokio::pin!(notified);
    // Registered before the check, so a close between the two is not missed.
    notified.as_mut().enable();
    if is_closed() {
        return;
    }
    notified.await;
}

/// Whether `err` (or one of its causes) is a write to a closed stdout.
pub fn is_broken_pipe(err: &(dyn std::error::Error + 'static)) -> bool {
    is_closed()
        && std::iter::successors(Some(err), |e| e.source()).any(|cause| {
            cause
                .downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        })
}
